"""Inside a trained model: the words of the page, each computed from the trained model's numbers.

The model, its training and its scores are attn_core.induction; this module says what they mean. A head is named
"layer 1 · head 3" (1-based, as the page shows it); every index here is 0-based.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from attn_core import induction as ind
from attn_core.tokens import tokenize

from .asked import Asked, Wrong, always
from .builder import WEIGHT_DECIMALS, tie_words
from .glossary import inline
from .format import enough, grouped, listing, md_text, num, percent, plural
from .said import Said

GOAL = 0.5  # a head with a score at least this is a previous-token or an induction head, by the bar
SOURCES = {"sentence": "Your sentence, twice", "random": "Random tokens, twice"}
SIZE = ind.size()  # the shipped model's layers, heads, d_model and d_k, read from its own arrays
MODEL_SIZE = f"{SIZE.layers} layers of {SIZE.heads} heads, d_model {SIZE.d_model}"  # said once, used twice below

INTRO = (
    "Every other page runs on weights set by hand or at random. This one runs a model the app trained itself: "
    f"causal attention only, {MODEL_SIZE}, nothing else. It learned from sequences that repeat: a start "
    "token, random tokens, then the same tokens again. The second copy can be predicted, if the model looks back "
    "at the first. Where do its heads look, and why?")
MODEL_NOTE = f"One fixed model: {SIZE.n_tokens} tokens, d_model = {SIZE.d_model}, d_k = {SIZE.d_head}."
# what changes the page's numbers, by what the model reads: the sentence, or random tokens (picked, or the fallback
# for a sentence of one word); the head switches of sections 5 and 6 change them in both
CHANGES = {"sentence": "your sentence", "random": "the random tokens' seed and length"}
SWITCHES = "the head switches below"
SIDEBAR_NOTE = (f"This page runs its own trained model ({MODEL_SIZE}): it reads your sentence, or random tokens "
                "from a seed of its own. The seed, d_model and heads here apply on the other pages.")
# the app's one label convention (the sidebar's note on every other page), told for this page's sequence
LABELS_NOTE = ("Every token here is labelled with its position, counting from 0 after the start token ⟨start⟩, as "
               "on the other pages; the second copy counts on. In “the cat sat on the mat”, twice, the·0 is the "
               "first “the” and the·6 the third.")
SOURCE_LABEL = "What the model reads"
SEED_LABEL = "Seed for the random tokens"
HOW_IT_MAPS = (f"The model knows {SIZE.n_tokens} tokens, not words: each different word gets its own token, in "
               "the order the words first appear (capitals ignored). Positions count from 0 after ⟨start⟩.")
RANDOM_MAPS = (f"Random tokens, as the model was trained on: {{n}} different tokens of the {SIZE.n_tokens}, drawn from "
               "the seed, then the same {n} again. A token is named t and its number; after the dot comes its "
               "position, counted from 0 after ⟨start⟩.")
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


@dataclass(frozen=True)
class ModelNote:
    """The note under the intro: the model, and what changes its numbers for what it reads now."""

    text: str
    changes: tuple[str, ...]  # what changes the page's numbers (CHANGES of the source shown)


def model_note(shown: str) -> ModelNote:
    """The model's note when it reads `shown` ("sentence", or "random": picked, or a one-word sentence's
    fallback): what changes its numbers, and that the sidebar's seed, d_model and heads do not."""
    return ModelNote(f"{MODEL_NOTE} Only {CHANGES[shown]} and {SWITCHES} change its numbers.",
                     (CHANGES[shown], SWITCHES))


def word(label: str) -> str:
    """The word of a sequence label, without its position: "cat·2" -> "cat" (escaped for markdown)."""
    return md_text(str(label).rsplit("·", 1)[0])


def head_name(layer: int, head: int) -> str:
    """'layer 1 · head 3' from 0-based indices."""
    return f"layer {layer + 1} · head {head + 1}"


MIN_DISTINCT = 2  # different words the model needs to show copying


def too_few_words(n_distinct: int) -> Said | None:
    """Why the sentence cannot be used (fewer than two different words), with facts `distinct` (its different
    words) and `needed`; None when it can."""
    if n_distinct >= MIN_DISTINCT:
        return None
    has = "only one different word" if n_distinct == 1 else "no word at all"
    return Said(f"Your sentence has {has}, and the model needs at least two to show copying. The page shows random "
                "tokens instead until you type two different words.", {"distinct": n_distinct, "needed": MIN_DISTINCT})


def truncated_notice(n_found: int) -> Said | None:
    """The app's notice for a sentence cut to its first 32 tokens (facts: `found`, `kept`), or None."""
    if n_found <= ind.MAX_REPEAT:
        return None
    return Said(f"Your text has {n_found} tokens; the page keeps the first {ind.MAX_REPEAT}, the longest the model "
                "was trained to repeat.", {"found": n_found, "kept": ind.MAX_REPEAT})


def mapping_text(words: Sequence[str], ids: Sequence[int]) -> Said:
    """'the → 0, cat → 1, sat → 2 …': each different word and its token, in order (facts: `tokens`, word -> id,
    the first spelling of each token)."""
    seen: dict[int, str] = {}
    for w, t in zip(words, ids, strict=True):
        seen.setdefault(int(t), str(w))
    pairs = [f"“{md_text(w)}” → {t}" for t, w in seen.items()]
    return Said("Tokens: " + ", ".join(pairs) + ".", {"tokens": {w: t for t, w in seen.items()}})


def random_words(ids: Sequence[int]) -> list[str]:
    """A random sequence's 'words': t and the token's number."""
    return [f"t{int(t)}" for t in ids]


# ------------------------------------------------------------------------------------------ the prediction


def target_key(tokens: Sequence[int], query: int) -> int:
    """The key the outlined stripe marks from `query`: just after the first occurrence of its token."""
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


def look_at(run: ind.Run, query: int) -> ind.Look:
    """What the question grades: the strongest layer-2 induction head's weights from `query`, with the app's one tie
    rule (every key whose weight prints as the largest at WEIGHT_DECIMALS decimals is right)."""
    return ind.look(run, query, WEIGHT_DECIMALS)


def wrong_keys(tokens: Sequence[int], query: int, right: Collection[int]) -> dict[str, int]:
    """The expected wrong answers, by name: the same token's first occurrence, the key just before the query, the
    query itself, the start token. A name is left out where its key is a right answer (`right`: the head's top
    keys), so a key the head gives its largest weight is never tagged as a misconception."""
    keys = {"same": first_occurrence(tokens, query), "previous": query - 1, "itself": query, "start": 0}
    return {k: v for k, v in keys.items() if v not in right and v >= 0}


def kind_of(tokens: Sequence[int], query: int, key: int) -> str | None:
    """Which of the expected answers' kinds (WRONG_SHOWS) `key` is, whether or not it is right; None: none."""
    keys = {"same": first_occurrence(tokens, query), "previous": query - 1, "itself": query, "start": 0}
    return next((name for name, k in keys.items() if k == key), None)


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


OLD_START_LABEL = "⟨s⟩"  # the start token's label before labels counted from 0 (a record's query may carry it)


def state_query(state: Mapping[str, Any], labels: Sequence[str]) -> int:
    """The query's position in a recorded state's sequence: its `at`; in a record made before the labels counted
    from 0 after the start token (no `at`), the number its label carried, which was that position. An IndexError
    when it is no position of the sequence."""
    if "at" in state:
        i = int(state["at"])
    else:
        label = str(state["query"])
        i = 0 if label == OLD_START_LABEL else int(label.rsplit("·", 1)[1])
    if not 0 <= i < len(labels):
        raise IndexError(f"query position {i} is not in a sequence of {len(labels)} tokens")
    return i


@lru_cache(maxsize=256)
def _run(r: tuple[int, ...]) -> ind.Run:
    return ind.run(ind.shipped()[0], np.array(r, dtype=int))


def state_look(state: Mapping[str, Any]) -> tuple[list[str], np.ndarray, ind.Look]:
    """What a recorded answer was graded against: the sequence's labels, its token ids and the graded look at the
    state's query."""
    labels, tokens = state_sequence(state)
    i = state_query(state, labels)
    L = (len(tokens) - 1) // 2
    if L < 1:
        raise ValueError("the state's sequence has no tokens")
    return labels, tokens, look_at(_run(tuple(int(t) for t in tokens[1:L + 1])), i)


def right_answers(state: Mapping[str, Any]) -> list[str]:
    """The labels graded right for a recorded state: the head's top keys, as the page graded them."""
    labels, _, lk = state_look(state)
    return [labels[k] for k in lk.top]


def _wrong(name: str):
    def values(state):
        labels, tokens, lk = state_look(state)
        keys = wrong_keys(tokens, lk.query, lk.top)
        return [labels[keys[name]]] if name in keys else []

    return values


LOOK = Asked("induction.look", "Which key does the induction head attend to?", "token",
             tuple(Wrong(answer, shows, _wrong(name)) for name, (answer, shows) in WRONG_SHOWS.items()),
             from_sentence=True, key="induction_look",
             gives_away=always(SECTION_HEADS, SECTION_WHY, SECTION_GUESSES),  # each shows the head's weights
             reason="The answer is where that head's own weights are largest; a trained induction head usually puts "
                    "them on the key just after an earlier copy of the query's token.")


@dataclass(frozen=True)
class LookVerdict:
    """The prediction's verdict and why, with the facts its text states."""

    right: bool  # the pick is among look.top
    text: str
    look: ind.Look  # the head, its weights from the query, its top keys, the induction keys, the model's guess
    picked: int | None
    kind: str | None  # the expected wrong answer a wrong pick was (a WRONG_SHOWS name), else None
    top: int  # the top key the text explains: the largest weight before rounding
    top_is_induction: bool  # that key is just after an earlier occurrence of the query's token
    copies: bool  # the model's own next-token guess at the query followed the query's token before
    facts: dict[str, Any]  # every key and number the text states, by what it is (look_verdict lists them)


def look_verdict(labels: Sequence[str], tokens: Sequence[int], names: Mapping[int, str], lk: ind.Look,
                 picked: int | None) -> LookVerdict:
    """Grade `picked` (a key, or None for a skipped question) against the head's weights `lk`, and say why: which
    key gets the largest weight, whether it is the key an induction head looks for and why or why not, and what the
    model itself guesses next there. `names`: token id -> its word (token_names).

    Its facts: `head`; `top_keys` (the keys named as getting the largest weight, several when tied) and `top`,
    `top_weight` (the one explained, its weight); `induction` (that key follows an earlier copy of the query's
    token, `after` being that copy's position, else None); `stripe` and `best_induction` ((key, weight) of the
    outlined stripe's key and of the induction key with most weight, where the text quotes them, else None);
    `earlier` (the query's token came before); `guess`, `followers`, `copies`; `picked` ((key, weight) of a wrong
    pick, else None) and `kind`."""
    w, q, qi = lk.weights, f"“{md_text(labels[lk.query])}”", lk.query
    qw = word(labels[qi])
    k = max(lk.top, key=lambda j: w[j])
    K = f"“{md_text(labels[k])}”"
    head = head_name(1, lk.head)
    facts: dict[str, Any] = {"head": lk.head, "top_keys": tuple(lk.top), "top": k, "top_weight": float(w[k]),
                             "induction": k in lk.after, "after": None, "stripe": None, "best_induction": None,
                             "earlier": bool(lk.after), "guess": lk.guess, "followers": tuple(lk.followers),
                             "copies": lk.copies, "picked": None, "kind": None}
    if len(lk.top) == 1:
        most = "nearly all of its weight" if 0.99 < w[k] < 1 else "its largest weight"
        text = f"From {q}, {head} gives {most}, {enough(w[k], 3)}, to {K}."
    else:
        text = f"From {q}, {head} gives its largest weight to more than one key: " + tie_words(
            [f"“{md_text(labels[j])}”" for j in lk.top], w[k])
    induction = facts["induction"]
    if induction:
        facts["after"] = k - 1
        text += f" {K} follows “{md_text(labels[k - 1])}”, an earlier “{qw}”: what an induction head looks for."
        if lk.target >= 0 and lk.target != k:
            facts["stripe"] = (lk.target, float(w[lk.target]))
            text += (f" The outlined stripe marks the key after the first “{qw}”, “{md_text(labels[lk.target])}”, "
                     f"which gets {enough(w[lk.target], 3)} here.")
    elif lk.after:
        best = max(lk.after, key=lambda j: w[j])
        facts["best_induction"] = (best, float(w[best]))
        what = kind_of(tokens, qi, k)
        that = "the key that is" if len(lk.after) == 1 else "of the keys that are, the one with the most weight"
        text += (f" {K}{f', {WRONG_SHOWS[what][0]},' if what else ''} is not just after an earlier “{qw}”; {that}, "
                 f"“{md_text(labels[best])}”, gets {enough(w[best], 3)}. From this query the head does not look "
                 "where an induction head looks.")
    else:
        text += f" No “{qw}” came before it, so an induction head has nothing to look for."
    guess = f"“{md_text(names.get(lk.guess, f't{lk.guess}'))}”"
    after = listing([f"“{md_text(names.get(t, f't{t}'))}”" for t in lk.followers], "or")
    if lk.copies:
        text += f" The model's own top guess for the next token is {guess}, which came after “{qw}” before. It copies."
    elif lk.followers:
        text += (f" The model's own top guess for the next token is {guess}, not {after}, which came after “{qw}” "
                 "before: here it does not copy.")
    else:
        text += f" The model's own top guess for the next token is {guess}."
    right = picked in lk.top
    kind = None
    if picked is not None and not right:
        kind = {key: name for name, key in wrong_keys(tokens, qi, lk.top).items()}.get(picked)
        facts["picked"], facts["kind"] = (picked, float(w[picked])), kind
        text += (f" You picked “{md_text(labels[picked])}”" + (f", {WRONG_SHOWS[kind][0]}," if kind else "")
                 + f" which gets {enough(w[picked], 3)}.")
        if kind == "same" and induction:
            text += (f" The head is not looking for “{qw}” itself but for the key whose previous token was "
                     f"“{qw}”.")
    return LookVerdict(right=right, text=text, look=lk, picked=picked, kind=kind, top=k, top_is_induction=induction,
                       copies=lk.copies, facts=facts)


# ------------------------------------------------------------------------------------------ how it learned


def learned_caption(loss: np.ndarray, first: int, last: int, previous: np.ndarray, induction: np.ndarray,
                    checkpoints: np.ndarray) -> Said:
    """The loss curve and the scores, in words: the phase change and when the heads reached the bar. Facts: `steps`,
    `batch`, `check_every`, `fall` (first, last), `loss` (the smoothed loss there, before and after), `smooth`,
    `chance` (ln of the tokens), `reached` (score name -> the first checkpoint step its layer's best head reaches
    GOAL, None: never)."""
    before, after = ind.smoothed_at(loss, first), ind.smoothed_at(loss, last)
    facts: dict[str, Any] = {"steps": len(loss), "batch": ind.BATCH, "check_every": ind.CHECK_EVERY,
                             "fall": (first, last), "loss": (before, after), "smooth": ind.SMOOTH,
                             "chance": float(np.log(ind.N_TOKENS)), "reached": {}}
    text = (f"{grouped(len(loss))} steps of {inline('Adam')}, {ind.BATCH} fresh sequences each; scores every "
            f"{ind.CHECK_EVERY} "
            f"steps. The loss on the repeated half falls fastest between "
            f"steps {grouped(first)} and {grouped(last)} (shaded), from "
            f"{num(before, 2)} to {num(after, 2)} nats, averaged over {ind.SMOOTH} steps. Guessing among "
            f"{ind.N_TOKENS} tokens scores ln {ind.N_TOKENS} = {num(np.log(ind.N_TOKENS), 2)} nats.")
    for name, layer, score in (("previous-token", 0, previous), ("induction", 1, induction)):
        best = score[:, layer].max(axis=1)
        reached = np.nonzero(best >= GOAL)[0]
        facts["reached"][name] = int(checkpoints[reached[0]]) if len(reached) else None
        if len(reached):
            text += (f" Layer {layer + 1}'s best {name} score first reaches {num(GOAL, 1)} at step "
                     f"{grouped(int(checkpoints[reached[0]]))}.")
        else:
            text += f" No head of layer {layer + 1} reaches a {name} score of {num(GOAL, 1)}."
    return Said(text, facts)


SCORES_DEFINED = (
    "A head's **previous-token score** is its mean weight from each position to the one just before it. Its "
    "**induction score** is its mean weight from each position of the second copy to the key just after that "
    "token's first occurrence. The curves measure both on fresh random sequences (Olsson et al. 2022).")


# ------------------------------------------------------------------------------------------ every head


def head_title(layer: int, head: int, previous: float, induction: float) -> Said:
    """A head's table title with its two scores (facts: `layer`, `head`, `previous`, `induction`, None: n/a)."""
    none = bool(np.isnan(induction))
    return Said(f"{head_name(layer, head)}: previous-token {enough(previous, 2)}, induction "
                f"{'n/a' if none else enough(induction, 2)}",
                {"layer": layer, "head": head, "previous": float(previous), "induction": None if none
                 else float(induction)})


def outlined_caption(prev_head: int, ind_head: int, previous: np.ndarray, induction: np.ndarray) -> Said:
    """Which cells are outlined, and why those heads: the top scores on this sequence. Facts: `previous` and
    `induction`, each (head, its score) of the head outlined (the induction score None: no stripe)."""
    score = enough(induction[1, ind_head], 2)
    none = bool(np.isnan(induction[1, ind_head]))
    ind_text = ("no induction stripe: no token of this sequence came before" if none
                else f"in {head_name(1, ind_head)}, the top induction score here ({score}), the stripe from each "
                     "token of the second copy to the key just after its first occurrence")
    return Said(f"Outlined: in {head_name(0, prev_head)}, the top previous-token score here "
                f"({enough(previous[0, prev_head], 2)}), the diagonal of each token's previous token; {ind_text}.",
                {"previous": (prev_head, float(previous[0, prev_head])),
                 "induction": (ind_head, None if none else float(induction[1, ind_head]))})


@dataclass(frozen=True)
class HeadsSummary:
    text: str
    previous: tuple[int, ...]  # layer-1 heads (0-based) with a previous-token score ≥ GOAL on this sequence
    induction: tuple[int, ...]  # layer-2 heads (0-based) with an induction score ≥ GOAL on this sequence


def heads_summary(previous: np.ndarray, induction: np.ndarray) -> HeadsSummary:
    """Which heads pass the bar on this sequence."""
    prev = tuple(h for h in range(previous.shape[1]) if previous[0, h] >= GOAL)
    indu = tuple(h for h in range(induction.shape[1]) if not np.isnan(induction[1, h]) and induction[1, h] >= GOAL)
    a = (f"{'Previous-token head' if len(prev) == 1 else 'Previous-token heads'} (score ≥ {num(GOAL, 1)}) on this "
         f"sequence: {listing([head_name(0, h) for h in prev])}." if prev
         else f"No layer-1 head has a previous-token score of {num(GOAL, 1)} or more on this sequence.")
    b = (f"{'Induction head' if len(indu) == 1 else 'Induction heads'}: {listing([head_name(1, h) for h in indu])}."
         if indu else f"No layer-2 head has an induction score of {num(GOAL, 1)} or more on this sequence.")
    return HeadsSummary(a + " " + b, prev, indu)


# ------------------------------------------------------------------------------------------ why it looks there


TERM_NAMES_FIXED = ("token", "position")


def term_columns(heads: int) -> list[str]:
    return [*TERM_NAMES_FIXED, *(f"L1 head {h + 1}" for h in range(heads)), "total"]


WHY_INTRO = (
    "Layer 2's key at each position is built from the token's embedding, the position, and what each layer-1 "
    "head wrote there. So the score q·kⱼ/√d_k splits into one term per part, and the total is the head's score.")


@dataclass(frozen=True)
class Why:
    """Section 5's caption and the facts it states."""

    text: str
    top: int  # the key with the highest score
    part: int | None  # the term (a column of the terms) said to set the target apart most; None: none is
    wrote: ind.Attended | None  # where the credited layer-1 head looks from the target key, when the part is one
    heads_off: tuple[int, ...]  # layer-1 heads switched off in the keys: never credited
    facts: dict[str, Any]  # the numbers it quotes: see why_caption


def why_caption(labels: Sequence[str], terms: np.ndarray, total: np.ndarray, query: int, target: int,
                heads_off: Sequence[int], previous: np.ndarray, layer1: np.ndarray) -> Why:
    """Which key scores highest and which part of it sets the target apart, from the terms (n_keys, 2 + H) at this
    query: among the parts that differ between keys, never a head switched off (attn_core.induction.apart_part).
    A layer-1 head credited is said to have written the token just before only where its own weights there
    (`layer1`: (H, T, T)) give that token its largest weight.

    Facts: `target`, `score` (its total), `top` and `top_score` (the highest key, which the text names when it is
    not the target), `part` and `lead` (the part's term there and its mean on the other keys; None when no part
    is credited), `head` (the layer-1 head credited, else None), `previous` (its previous-token score, quoted
    when ≥ GOAL, else None), `wrote` (its Attended at the target), `heads_off`."""
    top = int(np.argmax(total))
    facts: dict[str, Any] = {"target": target, "score": float(total[target]), "top": top,
                             "top_score": float(total[top]), "part": None, "lead": None, "head": None,
                             "previous": None, "wrote": None, "heads_off": tuple(heads_off)}
    k = f"“{md_text(labels[target])}”"
    text = (f"{k} scores {num(total[target], 2)}"
            + (", the highest of every key." if top == target
               else f"; the highest is “{md_text(labels[top])}” with {num(total[top], 2)}."))
    part = ind.apart_part(terms, target, dead=[2 + h for h in heads_off]) if len(terms) > 1 else None
    wrote = None
    if part is not None:
        others = np.delete(terms, target, axis=0)
        name = term_columns(terms.shape[1] - 2)[part]
        facts["part"], facts["lead"] = part, (float(terms[target, part]), float(others[:, part].mean()))
        text += (f" What sets it apart most is the term from {name} ({num(terms[target, part], 2)} here, "
                 f"{num(others[:, part].mean(), 2)} on the other keys on average).")
        if part >= 2:
            h = part - 2
            wrote = ind.attended(layer1[h], target)
            facts["head"], facts["wrote"] = h, wrote
            facts["previous"] = float(previous[0, h]) if previous[0, h] >= GOAL else None
            kind = (f", a previous-token head ({enough(previous[0, h], 2)}),"
                    if previous[0, h] >= GOAL else "")
            text += f" At {k}, {head_name(0, h)}{kind} gives its largest weight, {percent(wrote.top_weight)}, to "
            if wrote.wrote_previous:
                text += (f"the token just before, “{md_text(labels[target - 1])}”: it wrote "
                         f"“{word(labels[target - 1])}” there, and the query of “{md_text(labels[query])}” asks for "
                         f"a key whose previous token was “{word(labels[query])}”.")
            else:
                text += (f"“{md_text(labels[wrote.top])}”, not to the token just before "
                         f"(“{md_text(labels[target - 1])}” gets {percent(wrote.previous_weight)}).")
    elif len(terms) > 1:
        text += (" No part of its key is larger there than on the other keys on average, by "
                 f"{num(ind.FLAT, 3)} or more: no single part sets it apart.")
    if heads_off:
        one = len(heads_off) == 1
        text += (f" Switched off in the keys: {listing([head_name(0, h) for h in heads_off])}, "
                 + ("its term is 0." if one else "their terms are 0."))
    return Why(text, top, part, wrote, tuple(heads_off), facts)


def stripe_change(before: float, after: float, w_before: float, w_after: float, label: str,
                  heads_off: Sequence[int]) -> Said:
    """How much the stripe weakens once layer-1 heads are switched off in layer 2's keys. Facts: `heads_off`, and
    with some, `weight` and `score` (before, after)."""
    if not heads_off:
        return Said("Switch off layer-1 heads in layer 2's keys to see what the stripe owes them.", {"heads_off": ()})
    off = listing([head_name(0, h) for h in heads_off])
    return Said(f"Without {off} in layer 2's keys, this head's weight on “{md_text(label)}” goes from "
                f"{enough(w_before, 3)} to {enough(w_after, 3)}, and its induction score on this sequence from "
                f"{enough(before, 2)} to {enough(after, 2)}.",
                {"heads_off": tuple(heads_off), "weight": (float(w_before), float(w_after)),
                 "score": (float(before), float(after))})


# ------------------------------------------------------------------------------------------ guesses and ablation


@dataclass(frozen=True)
class GuessesNote:
    """The guesses' caption and the facts it states."""

    text: str
    right: int  # positions of the repeated half where the top guess is the true next token
    ambiguous: tuple[int, ...]  # missed positions whose token was followed by different tokens before
    follows: tuple[int, ...]  # of those, where the model's guess is one of those tokens
    positions: int  # the positions of the repeated half: the "of N" of `right`


def guesses_caption(run: ind.Run, labels: Sequence[str]) -> GuessesNote:
    """How many of the repeated half's next tokens the model, every head on, guesses right; at a miss on a token
    that came before followed by different tokens, whether its guess is one of them."""
    half = ind.repeated_half(len(run.tokens))
    copied = ind.copied(run)
    right = int(copied[half].sum())
    text = (f"With every head on, the model's top guess in the repeated half is the true next token at {right} of "
            f"{plural(len(half), 'position')}.")
    ambiguous = tuple(int(j) for j in half if not copied[j] and len(ind.earlier_followers(run.tokens, j)) > 1)
    follows = tuple(j for j in ambiguous if int(run.guesses[j]) in ind.earlier_followers(run.tokens, j))
    if ambiguous:
        def at(js):
            return listing([f"“{md_text(labels[j])}”" for j in js])

        text += (f" At {at(ambiguous)} the token came before followed by different tokens: the copy is "
                 "ambiguous")
        others = [j for j in ambiguous if j not in follows]
        if not others:
            text += ", and the model's guess is one of them."
        elif not follows:
            text += ", and the model's guess is none of them."
        else:
            text += f"; the model's guess is one of them at {at(follows)}, and none of them at {at(others)}."
    return GuessesNote(text, right, ambiguous, follows, len(half))


def ablation_text(off: Sequence[tuple[int, int]], loss: float, loss_off: float, fresh: float, fresh_off: float,
                  right: int, right_off: int, n: int) -> Said:
    """What switching heads off did: the repeated half's loss here and on fresh sequences, and the copied guesses.
    Facts: `off`, `loss` and `fresh` (every head on, then with `off` off: the same twice with none off), and with
    some off, `right` (on, off) and `positions`."""
    if not off:  # nothing off: the losses with every head on, and no count of guesses said
        return Said(f"All heads on: the repeated half's loss is {enough(loss, 3)} nats on this sequence and "
                    f"{enough(fresh, 3)} on fresh random sequences. Switch heads off to see what each is worth.",
                    {"off": (), "loss": (float(loss), float(loss)), "fresh": (float(fresh), float(fresh))})
    facts = {"off": tuple(tuple(lh) for lh in off), "loss": (float(loss), float(loss_off)),
             "fresh": (float(fresh), float(fresh_off)), "right": (right, right_off), "positions": n}
    names = listing([head_name(lh[0], lh[1]) for lh in off])
    return Said(f"With {names} switched off, the repeated half's loss goes from {enough(loss, 3)} to "
                f"{enough(loss_off, 3)} nats on this sequence, and from {enough(fresh, 3)} to {enough(fresh_off, 3)} "
                f"on fresh random sequences; the top guess is the true next token at {right_off} of "
                f"{plural(n, 'position')}, against {right} with every head on.", facts)


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
