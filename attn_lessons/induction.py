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

from .asked import Asked, Wrong
from .builder import WEIGHT_DECIMALS, tie_words
from .format import enough, grouped, listing, md_text, num, percent
from .glossary import inline
from .i18n import tr
from .said import Said

GOAL = 0.5  # a head with a score at least this is a previous-token or an induction head, by the bar
SOURCES = ("sentence", "random")  # what the model reads: the radio's values (its labels: source_label)
SIZE = ind.size()  # the shipped model's layers, heads, d_model and d_k, read from its own arrays
# the page's sections, by key: their headings are "induction-section-<key>" in the catalogs
SECTIONS = ("sequence", "predict", "learned", "heads", "why", "guesses")


def section(key: str) -> str:
    """A section's heading in the session's language: section("why") -> "5. Why it looks there"."""
    return tr(f"induction-section-{key}")


def model_size() -> str:
    """'2 layers of 4 heads, d_model 64': said once, used by the intro and the sidebar's note."""
    return tr("induction-model-size", layers=SIZE.layers, heads=SIZE.heads, d_model=str(SIZE.d_model))


def intro() -> str:
    return tr("induction-intro", size=model_size())


def sidebar_note() -> str:
    return tr("induction-sidebar-note", size=model_size())


def labels_note() -> str:
    """The app's one label convention (the sidebar's note on every other page), told for this page's sequence."""
    return tr("induction-labels-note")


def how_it_maps() -> str:
    return tr("induction-how-it-maps", tokens=str(SIZE.n_tokens))


def random_maps(n: int) -> str:
    """How random tokens are drawn and named, for `n` tokens in each copy."""
    return tr("induction-random-maps", n=str(n), tokens=str(SIZE.n_tokens))


def changes(shown: str) -> str:
    """What changes the page's numbers, by what the model reads: the sentence, or random tokens (picked, or the
    fallback for a sentence of one word)."""
    return tr(f"induction-changes-{shown}")


def switches() -> str:
    """The head switches of sections 5 and 6, which change the numbers whatever the model reads."""
    return tr("induction-switches")


def source_label(source: str) -> str:
    return tr(f"induction-source-{source}") if source in SOURCES else source


@dataclass(frozen=True)
class ModelNote:
    """The note under the intro: the model, and what changes its numbers for what it reads now."""

    text: str
    changes: tuple[str, ...]  # what changes the page's numbers (changes(shown), switches())


def model_note(shown: str) -> ModelNote:
    """The model's note when it reads `shown` ("sentence", or "random": picked, or a one-word sentence's
    fallback): what changes its numbers, and that the sidebar's seed, d_model and heads do not."""
    what = (changes(shown), switches())
    return ModelNote(tr("induction-model-note", tokens=str(SIZE.n_tokens), d_model=str(SIZE.d_model),
                        d_k=str(SIZE.d_head), changes=what[0], switches=what[1]), what)


def word(label: str) -> str:
    """The word of a sequence label, without its position: "cat·2" -> "cat" (escaped for markdown)."""
    return md_text(str(label).rsplit("·", 1)[0])


def head_name(layer: int, head: int) -> str:
    """'layer 1 · head 3' from 0-based indices."""
    return tr("induction-head-name", layer=str(layer + 1), head=str(head + 1))


def joined(parts: Sequence[str]) -> str:
    """Sentences one after another, as the language writes them (a space in English, none in Chinese)."""
    return tr("induction-join").join(p for p in parts if p)


MIN_DISTINCT = 2  # different words the model needs to show copying


def too_few_words(n_distinct: int) -> Said | None:
    """Why the sentence cannot be used (fewer than two different words), with facts `distinct` (its different
    words) and `needed`; None when it can."""
    if n_distinct >= MIN_DISTINCT:
        return None
    return Said(tr("induction-too-few-words", distinct=int(n_distinct)),
                {"distinct": n_distinct, "needed": MIN_DISTINCT})


def truncated_notice(n_found: int) -> Said | None:
    """The app's notice for a sentence cut to its first 32 tokens (facts: `found`, `kept`), or None."""
    if n_found <= ind.MAX_REPEAT:
        return None
    return Said(tr("induction-truncated", found=str(n_found), kept=str(ind.MAX_REPEAT)),
                {"found": n_found, "kept": ind.MAX_REPEAT})


def mapping_text(words: Sequence[str], ids: Sequence[int]) -> Said:
    """'the → 0, cat → 1, sat → 2 …': each different word and its token, in order (facts: `tokens`, word -> id,
    the first spelling of each token)."""
    seen: dict[int, str] = {}
    for w, t in zip(words, ids, strict=True):
        seen.setdefault(int(t), str(w))
    pairs = [tr("induction-mapping-pair", word=f"“{md_text(w)}”", token=str(t)) for t, w in seen.items()]
    return Said(tr("induction-mapping", pairs=tr("induction-mapping-separator").join(pairs)),
                {"tokens": {w: t for t, w in seen.items()}})


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
    return tr("induction-predict-question", query=f"“{md_text(labels[query])}”")


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


LOOK = Asked("induction.look", "asked-induction-look", "token",
             tuple(Wrong(f"asked-induction-look-{name}", f"asked-induction-look-{name}.shows", _wrong(name))
                   for name in WRONG_SHOWS),
             from_sentence=True, key="induction_look",
             gives_away=lambda state: tuple(section(k) for k in ("heads", "why", "guesses")),  # each shows the
             # head's weights; in the session's language, as the page shows them
             reason_id="asked-induction-look.reason")


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
        parts = [tr("induction-verdict-top", query=q, head=head, most="nearly" if 0.99 < w[k] < 1 else "largest",
                    weight=enough(w[k], 3), key=K)]
    else:
        parts = [tr("induction-verdict-tie", query=q, head=head,
                    tie=tie_words([f"“{md_text(labels[j])}”" for j in lk.top], w[k]))]
    induction = facts["induction"]
    if induction:
        facts["after"] = k - 1
        parts.append(tr("induction-verdict-induction", key=K, before=f"“{md_text(labels[k - 1])}”", word=qw))
        if lk.target >= 0 and lk.target != k:
            facts["stripe"] = (lk.target, float(w[lk.target]))
            parts.append(tr("induction-verdict-stripe", word=qw, target=f"“{md_text(labels[lk.target])}”",
                            weight=enough(w[lk.target], 3)))
    elif lk.after:
        best = max(lk.after, key=lambda j: w[j])
        facts["best_induction"] = (best, float(w[best]))
        parts.append(tr("induction-verdict-not-induction", key=K, kind=kind_of(tokens, qi, k) or "none", word=qw,
                        after=len(lk.after), best=f"“{md_text(labels[best])}”", weight=enough(w[best], 3)))
    else:
        parts.append(tr("induction-verdict-no-earlier", word=qw))
    guess = f"“{md_text(names.get(lk.guess, f't{lk.guess}'))}”"
    if lk.copies:
        parts.append(tr("induction-verdict-copies", guess=guess, word=qw))
    elif lk.followers:
        after = listing([f"“{md_text(names.get(t, f't{t}'))}”" for t in lk.followers], "or")
        parts.append(tr("induction-verdict-no-copy", guess=guess, followers=after, word=qw))
    else:
        parts.append(tr("induction-verdict-guess", guess=guess))
    right = picked in lk.top
    kind = None
    if picked is not None and not right:
        kind = {key: name for name, key in wrong_keys(tokens, qi, lk.top).items()}.get(picked)
        facts["picked"], facts["kind"] = (picked, float(w[picked])), kind
        parts.append(tr("induction-verdict-picked", picked=f"“{md_text(labels[picked])}”", kind=kind or "none",
                        weight=enough(w[picked], 3)))
        if kind == "same" and induction:
            parts.append(tr("induction-verdict-same", word=qw))
    text = joined(parts)
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
    parts = [tr("induction-learned", steps=grouped(len(loss)), adam=inline("Adam"), batch=str(ind.BATCH),
                every=str(ind.CHECK_EVERY), first=grouped(first), last=grouped(last), before=num(before, 2),
                after=num(after, 2), smooth=str(ind.SMOOTH), tokens=str(ind.N_TOKENS),
                chance=num(np.log(ind.N_TOKENS), 2))]
    for name, layer, score in (("previous-token", 0, previous), ("induction", 1, induction)):
        best = score[:, layer].max(axis=1)
        reached = np.nonzero(best >= GOAL)[0]
        facts["reached"][name] = int(checkpoints[reached[0]]) if len(reached) else None
        said = {"layer": str(layer + 1), "score": "previous" if layer == 0 else "induction", "goal": num(GOAL, 1)}
        if len(reached):
            parts.append(tr("induction-learned-reached", step=grouped(int(checkpoints[reached[0]])), **said))
        else:
            parts.append(tr("induction-learned-never", **said))
    text = joined(parts)
    return Said(text, facts)


def scores_defined() -> str:
    return tr("induction-scores-defined")


# ------------------------------------------------------------------------------------------ every head


def head_title(layer: int, head: int, previous: float, induction: float) -> Said:
    """A head's table title with its two scores (facts: `layer`, `head`, `previous`, `induction`, None: n/a)."""
    none = bool(np.isnan(induction))
    return Said(tr("induction-head-title", head=head_name(layer, head), previous=enough(previous, 2),
                   induction=tr("induction-not-applicable") if none else enough(induction, 2)),
                {"layer": layer, "head": head, "previous": float(previous), "induction": None if none
                 else float(induction)})


def outlined_caption(prev_head: int, ind_head: int, previous: np.ndarray, induction: np.ndarray) -> Said:
    """Which cells are outlined, and why those heads: the top scores on this sequence. Facts: `previous` and
    `induction`, each (head, its score) of the head outlined (the induction score None: no stripe)."""
    score = enough(induction[1, ind_head], 2)
    none = bool(np.isnan(induction[1, ind_head]))
    text = tr("induction-outlined", previous_head=head_name(0, prev_head), previous=enough(previous[0, prev_head], 2),
              stripe="none" if none else "stripe", induction_head=head_name(1, ind_head), induction=score)
    return Said(text,
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
    goal = num(GOAL, 1)
    a = tr("induction-summary-previous", n=len(prev), goal=goal, heads=listing([head_name(0, h) for h in prev]))
    b = tr("induction-summary-induction", n=len(indu), goal=goal, heads=listing([head_name(1, h) for h in indu]))
    return HeadsSummary(joined([a, b]), prev, indu)


# ------------------------------------------------------------------------------------------ why it looks there


def term_columns(heads: int) -> list[str]:
    """The key terms' columns: the token, the position, each layer-1 head, the total."""
    return [tr("induction-term-token"), tr("induction-term-position"),
            *(tr("induction-term-head", h=str(h + 1)) for h in range(heads)), tr("induction-term-total")]


def why_intro() -> str:
    return tr("induction-why-intro")


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
    parts = [tr("induction-why-score", key=k, score=num(total[target], 2), top="target" if top == target else "other",
                highest=f"“{md_text(labels[top])}”", top_score=num(total[top], 2))]
    part = ind.apart_part(terms, target, dead=[2 + h for h in heads_off]) if len(terms) > 1 else None
    wrote = None
    if part is not None:
        others = np.delete(terms, target, axis=0)
        name = term_columns(terms.shape[1] - 2)[part]
        facts["part"], facts["lead"] = part, (float(terms[target, part]), float(others[:, part].mean()))
        parts.append(tr("induction-why-part", name=name, here=num(terms[target, part], 2),
                        others=num(others[:, part].mean(), 2)))
        if part >= 2:
            h = part - 2
            wrote = ind.attended(layer1[h], target)
            facts["head"], facts["wrote"] = h, wrote
            facts["previous"] = float(previous[0, h]) if previous[0, h] >= GOAL else None
            said = {"key": k, "head": head_name(0, h), "is_previous": "yes" if previous[0, h] >= GOAL else "no",
                    "score": enough(previous[0, h], 2), "weight": percent(wrote.top_weight),
                    "before": f"“{md_text(labels[target - 1])}”"}
            if wrote.wrote_previous:
                parts.append(tr("induction-why-wrote", before_word=word(labels[target - 1]),
                                query=f"“{md_text(labels[query])}”", query_word=word(labels[query]), **said))
            else:
                parts.append(tr("induction-why-elsewhere", top=f"“{md_text(labels[wrote.top])}”",
                                before_weight=percent(wrote.previous_weight), **said))
    elif len(terms) > 1:
        parts.append(tr("induction-why-flat", flat=num(ind.FLAT, 3)))
    if heads_off:
        parts.append(tr("induction-why-off", n=len(heads_off), heads=listing([head_name(0, h) for h in heads_off])))
    text = joined(parts)
    return Why(text, top, part, wrote, tuple(heads_off), facts)


def stripe_change(before: float, after: float, w_before: float, w_after: float, label: str,
                  heads_off: Sequence[int]) -> Said:
    """How much the stripe weakens once layer-1 heads are switched off in layer 2's keys. Facts: `heads_off`, and
    with some, `weight` and `score` (before, after)."""
    if not heads_off:
        return Said(tr("induction-stripe-none"), {"heads_off": ()})
    return Said(tr("induction-stripe-change", heads=listing([head_name(0, h) for h in heads_off]),
                   label=md_text(label), before=enough(w_before, 3), after=enough(w_after, 3),
                   score_before=enough(before, 2), score_after=enough(after, 2)),
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
    parts = [tr("induction-guesses", right=str(right), n=len(half))]
    ambiguous = tuple(int(j) for j in half if not copied[j] and len(ind.earlier_followers(run.tokens, j)) > 1)
    follows = tuple(j for j in ambiguous if int(run.guesses[j]) in ind.earlier_followers(run.tokens, j))
    if ambiguous:
        def at(js):
            return listing([f"“{md_text(labels[j])}”" for j in js])

        others = [j for j in ambiguous if j not in follows]
        parts.append(tr("induction-guesses-ambiguous", at=at(ambiguous),
                        follows="all" if not others else "none" if not follows else "some",
                        some=at(follows), others=at(others)))
    text = joined(parts)
    return GuessesNote(text, right, ambiguous, follows, len(half))


def ablation_text(off: Sequence[tuple[int, int]], loss: float, loss_off: float, fresh: float, fresh_off: float,
                  right: int, right_off: int, n: int) -> Said:
    """What switching heads off did: the repeated half's loss here and on fresh sequences, and the copied guesses.
    Facts: `off`, `loss` and `fresh` (every head on, then with `off` off: the same twice with none off), and with
    some off, `right` (on, off) and `positions`."""
    if not off:  # nothing off: the losses with every head on, and no count of guesses said
        return Said(tr("induction-ablation-none", loss=enough(loss, 3), fresh=enough(fresh, 3)),
                    {"off": (), "loss": (float(loss), float(loss)), "fresh": (float(fresh), float(fresh))})
    facts = {"off": tuple(tuple(lh) for lh in off), "loss": (float(loss), float(loss_off)),
             "fresh": (float(fresh), float(fresh_off)), "right": (right, right_off), "positions": n}
    return Said(tr("induction-ablation", heads=listing([head_name(lh[0], lh[1]) for lh in off]), loss=enough(loss, 3),
                   loss_off=enough(loss_off, 3), fresh=enough(fresh, 3), fresh_off=enough(fresh_off, 3),
                   right_off=str(right_off), right=str(right), n=int(n)), facts)


def code_intro(label: str, head: int) -> str:
    return tr("induction-code-intro", head=head_name(1, head), label=md_text(label))


def weights_note() -> str:
    return tr("induction-weights-note")


def r_note() -> str:
    return tr("induction-r-note")


# the learning figure's words, by the key attn_ui.figures.learning_figure reads ("{h}" is filled there)
LEARNING_KEYS = ("title", "loss_panel", "score_panel", "x", "loss", "smooth", "previous", "induction", "loss_y",
                 "score_y")


def learning_words() -> tuple[tuple[str, str], ...]:
    """The learning figure's titles and names in the session's language, as (key, text) pairs (a cache key)."""
    return tuple((key, tr("induction-figure-" + key.replace("_", "-"), **({"h": "{h}"} if key in ("previous",
                                                                                                   "induction")
                                                                            else {})))
                 for key in LEARNING_KEYS)


def length_label() -> str:
    return tr("induction-length-label")


def outline_note(which: str) -> str:
    """What an outline marks: "previous" (each token's previous token) or "stripe" (the induction stripe)."""
    return tr(f"induction-outline-{which}")


def weights_download() -> str:
    return tr("induction-weights-download")


def layer_title(layer: int) -> str:
    return tr("induction-layer-title", layer=str(layer + 1))


def terms_title(head: int, label: str) -> str:
    return tr("induction-terms-title", head=tr("induction-head-name-start", layer="2", head=str(head + 1)),
              label=label)


def token_names(words: Sequence[str], tokens: Sequence[int]) -> dict[int, str]:
    """Each token id of the sequence -> the word it stands for (the first spelling seen), the start token too."""
    names = {ind.START: START_NAME}
    for w, t in zip(words, np.asarray(tokens)[1:1 + len(words)], strict=True):
        names.setdefault(int(t), str(w))
    return names


START_NAME = "⟨start⟩"
GUESS_COLUMNS = ("position", "next", "guess", "guess-off")  # the guesses' columns: induction-column-<key>


def guess_columns(ablated: bool) -> list[str]:
    """The guesses table's column titles, with heads switched off or not."""
    return [tr(f"induction-column-{key}") for key in GUESS_COLUMNS[:4 if ablated else 3]]


def guess_rows(labels: Sequence[str], tokens: Sequence[int], names: Mapping[int, str], base, now,
               ablated: bool) -> list[dict[str, str]]:
    """One row per position but the last: the token, the true next token, the model's top guess and its
    probability; with heads switched off, the guess then too."""
    tokens = np.asarray(tokens)
    columns = guess_columns(ablated)
    rows = []
    for j in range(len(tokens) - 1):
        cells = [labels[j], names.get(int(tokens[j + 1]), f"t{int(tokens[j + 1])}"), _guess(names, base, j, tokens)]
        if ablated:
            cells.append(_guess(names, now, j, tokens))
        rows.append(dict(zip(columns, cells, strict=True)))
    return rows


def _guess(names, r, j: int, tokens) -> str:
    g = int(r.guesses[j])
    mark = "✓" if g == int(tokens[j + 1]) else "✗"
    return f"{mark} {names.get(g, f't{g}')} ({percent(float(r.probs[j, g]))})"


def sequence_title(source: str) -> str:
    """The sequence table's title, for "sentence" or "random"."""
    return tr(f"induction-sequence-{source}")


def sequence_row() -> str:
    return tr("induction-sequence-row")


def axis(name: str) -> str:
    """A table's axis title: "position", "key", "query" or "part" (of the key)."""
    return tr(f"induction-axis-{name}")


def control_label(name: str) -> str:
    """A control's label: "source", "seed", "query", "head", "keys-off", "off"."""
    return tr(f"induction-{name}-label")


def fixed_text(name: str) -> str:
    """A fixed text of the page: "title", "heads-wait", "no-repeat", "sources-words"."""
    return tr(f"induction-{name}")


def setting(name: str) -> str:
    """A setting's name in the notebook's first cell: "sequence", "tokens", "query", "head"."""
    return tr(f"induction-setting-{name}")
