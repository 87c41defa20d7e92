"""Inside a trained model: the words of the page, each computed from the trained model's numbers.

The model, its training and its scores are attn_core.induction; this module says what they mean. A head is named
"layer 1 · head 3" (1-based, as the page shows it); every index here is 0-based.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from attn_core import induction as ind
from attn_core.tokens import tokenize

from .asked import Asked, Wrong, always
from .glossary import inline
from .format import enough, grouped, listing, md_text, num, percent, plural

GOAL = 0.5  # a head with a score at least this is a previous-token or an induction head, by the bar
SOURCES = {"sentence": "Your sentence, twice", "random": "Random tokens, twice"}

INTRO = (
    "Every other page runs on weights set by hand or at random. This one runs a model the app trained itself: two "
    "layers of causal attention, four heads each, nothing else. It learned from sequences that repeat: a start "
    "token, random tokens, then the same tokens again. The second copy can be predicted, if the model looks back "
    "at the first. Where do its heads look, and why?")
MODEL_NOTE = ("One fixed model, trained once by the app: 64 tokens, d_model = 64, 2 layers of 4 heads (d_k = 16). "
              "Only your sentence changes its numbers here.")
SIDEBAR_NOTE = ("This page runs its own trained model (d_model 64, 2 layers of 4 heads): it reads only your "
                "sentence. The seed, d_model and heads apply on the other pages.")
SOURCE_LABEL = "What the model reads"
SEED_LABEL = "Seed for the random tokens"
HOW_IT_MAPS = ("The model knows 64 tokens, not words: each different word gets its own token, numbered in the "
               "order the words first appear (capitals ignored). It reads a start token, your sentence, then your "
               "sentence again.")
RANDOM_MAPS = ("Random tokens, as the model was trained on: {n} different tokens of the 64, drawn from the seed, "
               "then the same {n} again. A token is named t and its number.")
SECTION_SEQUENCE = "1. The sequence it reads"
SECTION_PREDICT = "2. Where will an induction head look?"
SECTION_LEARNED = "3. How it learned"
SECTION_HEADS = "4. Every head's weights"
SECTION_WHY = "5. Why it looks there"
SECTION_GUESSES = "6. What it predicts, and what a head is worth"
QUERY_LABEL = "The query (a token of the second copy)"
HEAD_LABEL = "Layer 2's head"
KEYS_OFF_LABEL = "Switch off these layer-1 heads in layer 2's keys"
OFF_LABEL = "Switch off these heads everywhere"
LEARNED_WAIT = "The training curves name what each head learned: they appear once you answer the question above."
HEADS_WAIT = "Every head's weights, the reason and the predictions appear once you answer the question above."
NO_REPEAT = ("The second copy has nothing new to predict from a single token. Type at least two different words to "
             "see the model copy.")
SOURCES_WORDS = "The page's numbers come from these attn_core functions:"


def source_label(source: str) -> str:
    return SOURCES.get(source, source)


def word(label: str) -> str:
    """The word of a sequence label, without its position: "cat·2" -> "cat" (escaped for markdown)."""
    return md_text(str(label).rsplit("·", 1)[0])


def head_name(layer: int, head: int) -> str:
    """'layer 1 · head 3' from 0-based indices."""
    return f"layer {layer + 1} · head {head + 1}"


def too_few_words(n_distinct: int) -> str | None:
    """Why the sentence cannot be used (fewer than two different words), or None."""
    if n_distinct >= 2:
        return None
    return ("Your sentence has only one different word, and the model needs at least two to show copying. The "
            "page shows random tokens instead until you type two different words.")


def truncated_notice(n_found: int) -> str | None:
    """The app's notice for a sentence cut to its first 32 tokens, or None."""
    if n_found <= ind.MAX_REPEAT:
        return None
    return (f"Your text has {n_found} tokens; the page keeps the first {ind.MAX_REPEAT}, the longest the model was "
            f"trained to repeat.")


def mapping_text(words: Sequence[str], ids: Sequence[int]) -> str:
    """'the → 0, cat → 1, sat → 2 …': each different word and its token, in order."""
    seen: dict[int, str] = {}
    for w, t in zip(words, ids, strict=True):
        seen.setdefault(int(t), str(w))
    pairs = [f"“{md_text(w)}” → {t}" for t, w in seen.items()]
    return "Tokens: " + ", ".join(pairs) + "."


def random_words(ids: Sequence[int]) -> list[str]:
    """A random sequence's 'words': t and the token's number."""
    return [f"t{int(t)}" for t in ids]


# ------------------------------------------------------------------------------------------ the prediction


def target_key(tokens: Sequence[int], query: int) -> int:
    """The key an induction head attends to from `query`: just after the first occurrence of its token."""
    return int(ind.induction_targets(np.asarray(tokens))[query])


def first_occurrence(tokens: Sequence[int], query: int) -> int:
    return int(list(np.asarray(tokens)).index(int(np.asarray(tokens)[query])))


def ask_query(tokens: Sequence[int]) -> int:
    """The query the question asks about: in the second copy, a token that occurs once in the first, as near the
    middle of the second copy as there is one (the last token of the second copy otherwise)."""
    tokens = list(np.asarray(tokens))
    T = len(tokens)
    L = (T - 1) // 2
    copy = range(L + 1, T)
    once = [i for i in copy if tokens[1:L + 1].count(tokens[i]) == 1 and target_key(tokens, i) < i]
    if not once:
        return T - 1
    middle = L + 1 + L // 2
    return min(once, key=lambda i: (abs(i - middle), i))


def predict_question(labels: Sequence[str], query: int) -> str:
    return (f"The query is “{md_text(labels[query])}”, in the second copy. Which key will layer 2's strongest "
            f"induction head give the most weight to, from this query?")


def wrong_keys(tokens: Sequence[int], query: int) -> dict[str, int]:
    """The expected wrong answers, by name: the same token's first occurrence, the key just before the query, the
    query itself, the start token. A name is left out where it is the right answer."""
    right = target_key(tokens, query)
    keys = {"same": first_occurrence(tokens, query), "previous": query - 1, "itself": query, "start": 0}
    return {k: v for k, v in keys.items() if v != right and v >= 0}


WRONG_SHOWS = {
    "same": ("the same token earlier", "a query looks for a key of the same token, not the one after it"),
    "previous": ("the token just before it", "layer 2 does what layer 1's previous-token head does"),
    "itself": ("the query itself", "a token gives its own key the most weight"),
    "start": ("the start token", "a head with nothing to find rests on the first token"),
}


def state_sequence(state: Mapping[str, Any]) -> tuple[list[str], np.ndarray]:
    """The sequence a recorded state was asked on, as (labels, token ids of start, r, r): the sentence's words, or
    the random tokens of its seed and length."""
    if state.get("source") == "random":
        ids = ind.random_ids(int(state.get("rseed", 0)), int(state.get("length", 2)))
        words = random_words(ids)
    else:
        words = list(tokenize(str(state.get("text", ""))).tokens)[:ind.MAX_REPEAT]
        ids = ind.word_ids(words)
    return ind.sequence_labels(words), ind.repeated(ids)[0]


def _wrong(name: str):
    def values(state):
        labels, tokens = state_sequence(state)
        keys = wrong_keys(tokens, labels.index(str(state["query"])))
        return [labels[keys[name]]] if name in keys else []

    return values


LOOK = Asked("induction.look", "inside_a_trained_model", "Which key does the induction head attend to?", "token",
             tuple(Wrong(answer, shows, _wrong(name)) for name, (answer, shows) in WRONG_SHOWS.items()),
             from_sentence=True, key="induction_look",
             gives_away=always(SECTION_HEADS, SECTION_WHY, SECTION_GUESSES))  # each shows the head's weights


def look_why(labels: Sequence[str], tokens: Sequence[int], query: int, head: int, weights: np.ndarray,
             guess: int | None) -> str:
    """The answer, from layer 2's `head`'s weights (T, T) on this sequence; with a wrong guess, what it was."""
    right = target_key(tokens, query)
    first = first_occurrence(tokens, query)
    w = weights[query]
    top = int(np.argmax(w))
    q, k, f = (f"“{md_text(labels[j])}”" for j in (query, right, first))
    share = enough(w[right], 3)
    text = (f"{head_name(1, head).capitalize()} gives {k} "
            + (f"nearly all of its weight from {q} ({share})" if 0.99 < w[right] < 1 else f"{share} of its weight "
               f"from {q}")
            + ("" if top == right else f", though its largest weight goes to “{md_text(labels[top])}” "
               f"({enough(w[top], 3)})")
            + f". {k} is the token just after {f}, the first time “{word(labels[query])}” came. Whatever came "
              "next then is what the model expects next now: it copies.")
    if guess is not None and guess != right:
        kind = {key: name for name, key in wrong_keys(tokens, query).items()}.get(guess)
        text += (f" You picked “{md_text(labels[guess])}”" + (f", {WRONG_SHOWS[kind][0]}," if kind else "")
                 + f" which gets {enough(w[guess], 3)}.")
        if kind == "same":
            text += (f" The head is not looking for “{word(labels[query])}” itself but for the key whose previous "
                     f"token was “{word(labels[query])}”.")
    return text


# ------------------------------------------------------------------------------------------ how it learned


def learned_caption(loss: np.ndarray, first: int, last: int, previous: np.ndarray, induction: np.ndarray,
                    checkpoints: np.ndarray) -> str:
    """The loss curve and the scores, in words: the phase change and when the heads reached the bar."""
    before, after = ind.smoothed_at(loss, first), ind.smoothed_at(loss, last)
    text = (f"{grouped(len(loss))} steps of {inline('Adam')}, {ind.BATCH} fresh sequences each; scores every "
            f"{ind.CHECK_EVERY} "
            f"steps. The loss on the repeated half falls fastest between "
            f"steps {grouped(first)} and {grouped(last)} (shaded), from "
            f"{num(before, 2)} to {num(after, 2)} nats, averaged over {ind.SMOOTH} steps. Guessing among "
            f"{ind.N_TOKENS} tokens scores ln {ind.N_TOKENS} = {num(np.log(ind.N_TOKENS), 2)} nats.")
    for name, layer, score in (("previous-token", 0, previous), ("induction", 1, induction)):
        best = score[:, layer].max(axis=1)
        reached = np.nonzero(best >= GOAL)[0]
        if len(reached):
            text += (f" Layer {layer + 1}'s best {name} score first reaches {num(GOAL, 1)} at step "
                     f"{grouped(int(checkpoints[reached[0]]))}.")
        else:
            text += f" No head of layer {layer + 1} reaches a {name} score of {num(GOAL, 1)}."
    return text


SCORES_DEFINED = (
    "A head's **previous-token score** is its mean weight from each position to the one just before it. Its "
    "**induction score** is its mean weight, over the second copy, from each position to the key just after the "
    "first time that token came. Both are measured on fresh random sequences, as in Olsson et al. (2022).")


# ------------------------------------------------------------------------------------------ every head


def head_title(layer: int, head: int, previous: float, induction: float) -> str:
    return (f"{head_name(layer, head)}: previous-token {enough(previous, 2)}, induction "
            f"{'n/a' if np.isnan(induction) else enough(induction, 2)}")


def outlined_caption(prev_head: int, ind_head: int, previous: np.ndarray, induction: np.ndarray) -> str:
    """Which cells are outlined, and why those heads: the top scores on this sequence."""
    ind_text = ("no induction stripe: no token of this sequence came before" if np.isnan(induction[1, ind_head])
                else f"{head_name(1, ind_head)}, the top induction score on this sequence "
                     f"({enough(induction[1, ind_head], 2)}): the induction stripe, from each token of the second "
                     "copy to the key just after that token's first occurrence")
    return (f"Outlined: {head_name(0, prev_head)}, the top previous-token score in layer 1 on this sequence "
            f"({enough(previous[0, prev_head], 2)}): the diagonal just below the main one (each token's previous "
            f"token); {ind_text}.")


def heads_summary(previous: np.ndarray, induction: np.ndarray) -> str:
    """Which heads pass the bar on this sequence."""
    prev = [head_name(0, h) for h in range(previous.shape[1]) if previous[0, h] >= GOAL]
    indu = [head_name(1, h) for h in range(induction.shape[1]) if not np.isnan(induction[1, h])
            and induction[1, h] >= GOAL]
    a = (f"Previous-token heads (score ≥ {num(GOAL, 1)}) on this sequence: {listing(prev)}." if prev
         else f"No layer-1 head has a previous-token score of {num(GOAL, 1)} or more on this sequence.")
    b = (f"Induction heads: {listing(indu)}." if indu
         else f"No layer-2 head has an induction score of {num(GOAL, 1)} or more on this sequence.")
    return a + " " + b


# ------------------------------------------------------------------------------------------ why it looks there


TERM_NAMES_FIXED = ("token", "position")


def term_columns(heads: int) -> list[str]:
    return [*TERM_NAMES_FIXED, *(f"L1 head {h + 1}" for h in range(heads)), "total"]


WHY_INTRO = (
    "Layer 2's key at each position is built from the token's embedding, the position, and what each layer-1 "
    "head wrote there. So the score q·kⱼ/√d_k splits into one term per part, and the total is the head's score.")


def why_caption(labels: Sequence[str], terms: np.ndarray, total: np.ndarray, query: int, target: int,
                heads_off: Sequence[int], previous: np.ndarray) -> str:
    """Which key scores highest and which part of it made the difference, from the terms (n_keys, 2 + H)."""
    top = int(np.argmax(total))
    k = f"“{md_text(labels[target])}”"
    text = (f"{k} scores {num(total[target], 2)}"
            + (", the highest of every key." if top == target
               else f"; the highest is “{md_text(labels[top])}” with {num(total[top], 2)}."))
    others = np.delete(terms, target, axis=0)
    if len(others):
        lead = terms[target] - others.mean(axis=0)  # what sets the target apart from the other keys, by part
        part = int(np.argmax(lead))
        name = term_columns(terms.shape[1] - 2)[part]
        text += (f" What sets it apart most is the term from {name} ({num(terms[target, part], 2)} here, "
                 f"{num(others[:, part].mean(), 2)} on the other keys on average)")
        prev_head = part >= 2 and previous[0, part - 2] >= GOAL
        text += (f": {head_name(0, part - 2)} is a previous-token head (score {enough(previous[0, part - 2], 2)}). "
                 f"At “{md_text(labels[target])}” it wrote what came just before, “{word(labels[target - 1])}”; "
                 f"the query of “{md_text(labels[query])}” asks for a key whose previous token was "
                 f"“{word(labels[query])}”."
                 if prev_head else ".")
    if heads_off:
        text += f" Switched off in the keys: {listing([head_name(0, h) for h in heads_off])}, their terms are 0."
    return text


def stripe_change(before: float, after: float, w_before: float, w_after: float, label: str,
                  heads_off: Sequence[int]) -> str:
    """How much the stripe weakens once layer-1 heads are switched off in layer 2's keys."""
    if not heads_off:
        return "Switch off a layer-1 head in layer 2's keys to see how much the stripe depends on it."
    off = listing([head_name(0, h) for h in heads_off])
    return (f"Without {off} in layer 2's keys, this head's weight on “{md_text(label)}” goes from "
            f"{enough(w_before, 3)} to {enough(w_after, 3)}, and its induction score on this sequence from "
            f"{enough(before, 2)} to {enough(after, 2)}.")


# ------------------------------------------------------------------------------------------ guesses and ablation


def guesses_caption(copied: np.ndarray, half: np.ndarray, labels: Sequence[str], tokens: Sequence[int]) -> str:
    """How many of the repeated half's next tokens the model guesses right, and why a miss on a word that came more
    than once in the first copy is no surprise."""
    right = int(copied[half].sum())
    text = (f"With every head on, the model's top guess in the repeated half is the true next token at {right} of "
            f"{plural(len(half), 'position')}.")
    tokens = list(np.asarray(tokens))
    L = (len(tokens) - 1) // 2
    twice = [j for j in half if not copied[j] and tokens[1:L + 1].count(tokens[j]) > 1]
    if twice:
        names = listing([f"“{md_text(labels[j])}”" for j in twice])
        text += (f" At {names} the word came more than once in the first copy, followed by different words: the "
                 "copy is ambiguous, and the model follows one of them.")
    return text


def ablation_text(off: Sequence[tuple[int, int]], loss: float, loss_off: float, fresh: float, fresh_off: float,
                  right: int, right_off: int, n: int) -> str:
    """What switching heads off did: the repeated half's loss here and on fresh sequences, and the copied guesses."""
    if not off:
        return (f"All heads on: the repeated half's loss is {num(loss, 3)} nats on this sequence and "
                f"{num(fresh, 3)} nats on fresh random sequences; the top guess is the true next token at {right} of "
                f"{plural(n, 'position')}. Switch heads off to see what each is worth.")
    names = listing([head_name(lh[0], lh[1]) for lh in off])
    return (f"With {names} switched off, the repeated half's loss goes from {num(loss, 3)} to {num(loss_off, 3)} "
            f"nats on this sequence, and from {num(fresh, 3)} to {num(fresh_off, 3)} on fresh random sequences; "
            f"the top guess is the true next token at {right_off} of {plural(n, 'position')}, against {right} with "
            "every head on.")


def code_intro(label: str, head: int) -> str:
    return (f"The page's numbers in plain numpy: the shipped weights, the forward pass, both scores, the guesses and "
            f"{head_name(1, head)}'s score terms from “{md_text(label)}”.")


WEIGHTS_NOTE = "download it from this page, beside the notebook"
R_NOTE = "each word's token"
LEARNING_WORDS = {
    "title": "How it learned",
    "loss_panel": "Loss on the repeated half (nats)",
    "score_panel": "Each head's score",
    "x": "training step",
    "loss": "batch loss",
    "smooth": "mean of 50 steps",
    "previous": "L1 head {h}: previous-token",
    "induction": "L2 head {h}: induction",
    "loss_y": "nats",
    "score_y": "score",
}
LENGTH_LABEL = "Tokens in each copy"
OUTLINE_PREVIOUS = "each token's previous token"
OUTLINE_STRIPE = "the key just after the first time the query's token came"
WEIGHTS_DOWNLOAD = "Download the weights (induction_model.npz)"


def layer_title(layer: int) -> str:
    return f"Layer {layer + 1}"


def terms_title(head: int, label: str) -> str:
    return f"{head_name(1, head).capitalize()}: q·kⱼ/√d_k from “{label}”, by part of the key"


def token_names(words: Sequence[str], tokens: Sequence[int]) -> dict[int, str]:
    """Each token id of the sequence -> the word it stands for (the first spelling seen), the start token too."""
    names = {ind.START: START_NAME}
    for w, t in zip(words, np.asarray(tokens)[1:1 + len(words)], strict=True):
        names.setdefault(int(t), str(w))
    return names


START_NAME = "⟨start⟩"


def guess_rows(labels: Sequence[str], tokens: Sequence[int], names: Mapping[int, str], base, now,
               ablated: bool) -> list[dict[str, str]]:
    """One row per position but the last: the token, the true next token, the model's top guess and its
    probability; with heads switched off, the guess then too."""
    tokens = np.asarray(tokens)
    rows = []
    for j in range(len(tokens) - 1):
        row = {"position": labels[j], "next token": names.get(int(tokens[j + 1]), f"t{int(tokens[j + 1])}"),
               "model's guess": _guess(names, base, j, tokens)}
        if ablated:
            row["guess with heads off"] = _guess(names, now, j, tokens)
        rows.append(row)
    return rows


def _guess(names, r, j: int, tokens) -> str:
    g = int(r.guesses[j])
    mark = "✓" if g == int(tokens[j + 1]) else "✗"
    return f"{mark} {names.get(g, f't{g}')} ({percent(float(r.probs[j, g]))})"
SEQUENCE_TITLES = {"sentence": "The tokens it reads: start, then your words, then your words again",
                   "random": "The tokens it reads: start, then random tokens, then the same tokens again"}
SEQUENCE_ROW = "token"
