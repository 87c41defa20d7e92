"""The wrong answers each question expects, and the misconception each one signals.

Every predict-first question of the route and every Check yourself question kind has a short list of the wrong
answers a learner is likely to give, each with what it shows ("softmax over the queries", "divides by
√d_model"). `misconception(question_id, answer, state)` names the one a wrong answer signals, or None; class
mode records it beside the answer, and the teacher's dashboard says it in a sentence (attn_lessons.classroom).

A question's `state` is what it was asked about (the page passes the same mapping it records): the sentence
`text` and the `query` position for the token questions, the `scores` and `d_k` of the scaling question, the
`mask`, `query`, `n_tokens` and `n_real` of the masks question, the quiz's `seed`. The answer is the value the
page read: a key position or label, an option key, a number, a tuple of key positions, or the text a learner
typed into Check yourself.

Class mode stores an answer in a form that does not depend on the language (`answer_text`: a token's label, an
option's key, a number, the keys' labels, a Check yourself reply as notation or its choice's key) and a
misconception as its message id (`misconception_id`), so a class's learners count together whatever language each
reads; `answer_words` and asked.shows_words word them in the language of whoever reads them. Pure Python: no
Streamlit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from attn_core.builder import ALL_SAME
from attn_core.masks import PAD_LABEL

from . import induction, scaling
from . import questions as qs
from .asked import (  # noqa: F401  (SELF, NEIGHBOUR: the token answers; shows_words: a stored misconception)
    NEIGHBOUR, SELF, Asked, Wrong, labels_of, shows_words)
from .builder import ALL_SAME_OPTION
from .format import num, short
from .i18n import languages, tr, tr_in
from .route import ROUTE

ALL_SAME_TEXT = ALL_SAME_OPTION  # the builder's answer "They all get the same weight", as class mode stores it
NO_KEY = "∅"  # the masks question's answer "no key at all", as class mode stores it
UNREADABLE = "?"  # a Check yourself reply the quiz could not read, as class mode stores it
# Each option question's answers by key, and the message that words each (the page's own option labels); an old
# class stored the English words, which read as their key
OPTION_WORDS: dict[str, dict[str, str]] = {
    "mistakes.axis": {k: f"mistakes-sum-{k}" for k in ("rows", "columns", "neither")},
    "training.race": {k: f"training-guess-{k}" for k in ("scaled", "unscaled", "same", "neither")},
    "builder.double_wq": {k: f"builder-double-{k}" for k in ("sharper", "flatter", "other", "same")},
    "mask_mistakes.row_sum": {k: f"mask-mistakes-row-sum-{k}" for k in ("zero", "less", "one", "more")},
}
NEAR = scaling.PREDICT_CLOSE  # a predicted weight this near a wrong answer's is that answer (the slider's tolerance)


def _mask_labels(state) -> list[str]:
    """The masks page's labels: the sentence's, then its padding tokens' (attn_core.masks.pad_inputs names them)."""
    labels = labels_of(state)
    n, n_pad = len(labels), int(state.get("n_tokens", len(labels))) - len(labels)
    return labels + [PAD_LABEL if n_pad == 1 else f"{PAD_LABEL}·{n + p}" for p in range(max(0, n_pad))]


@lru_cache(maxsize=512)
def quiz_question(kind: str, seed: int) -> qs.Question:
    """The Check yourself question of this kind at this seed (the same numbers the page asked)."""
    return qs.make_question(kind, seed)


def _q(state, kind: str) -> qs.Question:
    return quiz_question(kind, int(state.get("seed", 0)))


def subject(a: Asked, state: Mapping[str, Any]) -> Any:
    """What a question's wrong answers are computed from: the page's state, or the quiz question it asked."""
    return _q(state, a.id.removeprefix("quiz.")) if a.kind == "quiz" else state


# ------------------------------------------------------------------------------------------ every question

# Each page's predict-first checkpoint, declared in its words module beside the question it asks and named by its
# route entry (attn_lessons.route), in route order; then the quiz kinds the route's pages ask (Check yourself's)
PREDICTIONS: tuple[Asked, ...] = tuple(p.checkpoint for p in ROUTE if p.checkpoint)
QUIZ: tuple[Asked, ...] = tuple(a for p in ROUTE for a in p.quiz)
QUESTIONS: dict[str, Asked] = {a.id: a for a in PREDICTIONS + QUIZ}
# The page each question is asked on, as class mode records it: its route entry's URL path in lower case
PAGE_OF: dict[str, str] = {a.id: p.slug for p in ROUTE for a in p.asks}
CHECKPOINTS: dict[str, Asked] = {a.key: a for a in PREDICTIONS}  # by the key the page gives checkpoint.predict


def asked(question_id: str) -> Asked:
    """The question with this id; a KeyError names the ids there are."""
    if question_id not in QUESTIONS:
        raise KeyError(f"no question {question_id!r}; the ids are {', '.join(QUESTIONS)}")
    return QUESTIONS[question_id]


# ------------------------------------------------------------------------------------------ reading answers


def _read(a: Asked, answer: Any, state: Mapping[str, Any]) -> Any:
    """The answer as the wrong answers' values are written: a label, an option key, a float, a set, a tuple."""
    if a.kind == "token":
        if isinstance(answer, (int, np.integer)) and not isinstance(answer, bool):
            if int(answer) == ALL_SAME:
                return ALL_SAME_TEXT
            labels = labels_of(state)
            return labels[int(answer)] if 0 <= int(answer) < len(labels) else None
        return str(answer)
    if a.kind == "number":
        return float(answer)
    if a.kind == "keys":  # the keys' labels, as the page offers them, or their positions
        labels = _mask_labels(state)
        return frozenset(labels.index(k) if isinstance(k, str) else int(k) for k in answer)
    if a.kind == "quiz":
        q = _q(state, a.id.removeprefix("quiz."))
        value = qs.read_answer(q, answer)
        if value is None or qs.is_right(q, value, qs.typed_unit(answer) if q.answer_type == "number" else 0.0):
            return None  # unreadable or right: no misconception
        return value
    return option_key(a.id, answer)


def option_key(question_id: str, answer: Any) -> Any:
    """An option question's answer as its key: the key itself, or its words in any language (a page or an old class
    that recorded the label: "exactly 1" -> "one"); any other answer as it is."""
    words = OPTION_WORDS.get(question_id)
    if not words or not isinstance(answer, str) or answer in words:
        return answer
    for lang in languages():
        for key, msg in words.items():
            if answer == tr_in(lang, msg):
                return key
    return answer


def _same(a: Asked, value: Any, wrong_value: Any, state) -> bool:
    if a.kind == "number":
        return abs(value - float(wrong_value)) <= NEAR
    if a.kind == "keys":
        return value == frozenset(wrong_value)
    if a.kind == "quiz" and not isinstance(wrong_value, str):
        q = _q(state, a.id.removeprefix("quiz."))
        if isinstance(wrong_value, tuple) and q.answer_type == "shape":
            return tuple(value) == tuple(wrong_value)
        if isinstance(wrong_value, tuple):
            # a typed vector is rounded (an average of -5/3 typed as -1.67): each entry to within 0.01
            return len(value) == len(wrong_value) and all(abs(x - y) <= 0.01 for x, y in zip(value, wrong_value,
                                                                                           strict=True))
        return abs(float(value) - float(wrong_value)) <= max(q.tolerance, 0.005 * abs(float(wrong_value)), 1e-9)
    return value == wrong_value


def wrong_answer(question_id: str, answer: Any, state: Mapping[str, Any] | None = None) -> Wrong | None:
    """The expected wrong answer that `answer` is, in this state; None if it is none of them (or unreadable)."""
    a, state = asked(question_id), state or {}
    try:
        value = _read(a, answer, state)
        if value is None:
            return None
        for w in a.wrong:
            if any(_same(a, value, v, state) for v in w.values(subject(a, state))):
                return w
    except (KeyError, ValueError, TypeError, IndexError):
        return None  # a state without what the question needs: no misconception, never an error on the page
    return None


def misconception(question_id: str, answer: Any, state: Mapping[str, Any] | None = None) -> str | None:
    """What a wrong `answer` to the question shows ("softmax over the queries"), or None when it is none of the
    wrong answers the question expects. Call it for a wrong answer: a right one may share a wrong one's value."""
    w = wrong_answer(question_id, answer, state)
    return None if w is None else w.shows


def misconception_id(question_id: str, answer: Any, state: Mapping[str, Any] | None = None) -> str | None:
    """What a wrong `answer` shows, as class mode stores it: the message id of the expected wrong answer's
    misconception (the same in every language; asked.shows_words words it), or None."""
    w = wrong_answer(question_id, answer, state)
    return None if w is None else w.shows_id


def answer_text(question_id: str, answer: Any, state: Mapping[str, Any] | None = None) -> str:
    """The answer as class mode records it, in a form that does not depend on the language: a token label, an
    option's key, a number to two decimals, the keys' labels (NO_KEY for none), or a quiz reply as the quiz read it
    (notation, or a choice's key). `answer_words` words it for whoever reads it."""
    a, state = asked(question_id), state or {}
    try:
        return _answer_text(a, answer, state)
    except (KeyError, ValueError, TypeError, IndexError):
        return str(answer)


def _answer_text(a: Asked, answer: Any, state) -> str:
    if a.kind == "token":
        return str(_read(a, answer, state))
    if a.kind == "number":
        return num(answer, 2)
    if a.kind == "keys":
        labels = _mask_labels(state)
        keys = sorted(labels.index(k) if isinstance(k, str) else int(k) for k in answer)
        return ", ".join(labels[k] for k in keys) or NO_KEY
    if a.kind == "quiz":
        return _quiz_text(_q(state, a.id.removeprefix("quiz.")), answer)
    return str(option_key(a.id, answer))


def _quiz_text(q: qs.Question, answer: Any) -> str:
    value = qs.read_answer(q, answer)
    if value is None:
        return UNREADABLE
    if q.answer_type == "shape":
        return qs.shape_text(value)
    if q.answer_type == "vector":
        return qs.vector_text(value)
    if q.answer_type == "number":
        return short(value)
    return str(value)  # a choice's key


def answer_words(question_id: str, stored: str, state: Mapping[str, Any] | None = None) -> str:
    """An answer as class mode stored it (answer_text), worded in the session's language: an option's or a Check
    yourself choice's label, "no key at all", "unreadable"; a token label, a number or notation as it is. An old
    class's answer, stored in English words, reads as it was written."""
    stored = str(stored)
    a, state = QUESTIONS.get(question_id), state or {}
    if a is None:
        return stored
    try:
        if a.from_sentence and state.get("sentence") == "own" and stored in ("right", "wrong"):
            return tr(f"asked-own-{stored}")  # a token of a learner's own sentence is kept only as right or wrong
        if a.kind == "token" and stored == ALL_SAME_TEXT:
            return tr("asked-all-same")
        if a.kind == "keys" and stored in (NO_KEY, "no key at all"):
            return tr("asked-masks-see-nothing")
        if a.id in OPTION_WORDS:
            key = option_key(a.id, stored)
            return tr(OPTION_WORDS[a.id][key]) if key in OPTION_WORDS[a.id] else stored
        if a.kind == "quiz":
            if stored in (UNREADABLE, "unreadable"):
                return tr("asked-unreadable")
            q = _q(state, a.id.removeprefix("quiz."))
            if q.answer_type == "choice":
                return dict(q.options).get(stored, stored)
    except (KeyError, ValueError, TypeError, IndexError):
        return stored
    return stored


# ------------------------------------------------------------------------------------------ grouping answers


def tolerance(question_id: str, state: Mapping[str, Any] | None = None) -> float:
    """How far apart two numbers may be and still be one answer to this question, as the question reads them: the
    slider's NEAR, a Check yourself number's own tolerance (or half a percent of its answer, as `_same` allows),
    0 for a vector, a shape or an answer that is not a number (the same text is the same answer), and for a question
    the app no longer asks (an old class's answers are read as they were given)."""
    if question_id not in QUESTIONS:
        return 0.0
    a, state = QUESTIONS[question_id], state or {}
    if a.kind == "number":
        return NEAR
    if a.kind != "quiz":
        return 0.0
    try:
        q = _q(state, a.id.removeprefix("quiz."))
    except (KeyError, TypeError, ValueError):
        return 0.0
    if q.answer_type == "number":
        return max(q.tolerance, 0.005 * abs(float(q.answer)), 1e-9)
    return 0.0


def _number(text: str) -> float | None:
    try:
        value = float(str(text).replace("−", "-").strip())
    except ValueError:
        return None
    return value if value == value and abs(value) != float("inf") else None


def same_answers(question_id: str, state: Mapping[str, Any] | None,
                 counts: Mapping[str, int]) -> list[tuple[str, tuple[str, ...], int]]:
    """The answers as they were given (text -> learners) put together where the question reads them as one: numbers
    within its `tolerance` ("22.6" and "22.63"). Each group: (its label, the most given of its texts; every text
    in it; learners), most learners first, then by label. A text that is not a number is its own group."""
    tol = tolerance(question_id, state)
    groups: list[tuple[str, float | None, list[str], int]] = []
    for text, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        value = _number(text) if tol > 0 else None
        for i, (label, centre, members, total) in enumerate(groups):
            if value is not None and centre is not None and abs(value - centre) <= tol:
                groups[i] = (label, centre, [*members, text], total + n)
                break
        else:
            groups.append((text, value, [text], n))
    return sorted(((label, tuple(members), n) for label, _, members, n in groups), key=lambda g: (-g[2], g[0]))


@dataclass(frozen=True)
class WrongGroup:
    """Wrong first answers that show one thing: the misconception they were recorded with (None: none this
    question expects, then one answer, within the question's tolerance), the answers in it, and how many gave them."""

    shows: str | None
    answers: tuple[str, ...]
    count: int


def group_wrong(question_id: str, state: Mapping[str, Any] | None,
                wrong: Mapping[tuple[str, str | None], int]) -> list[WrongGroup]:
    """A question's wrong first answers ((answer, misconception) -> learners, as the store keeps them) grouped by
    what each shows: every answer recorded with a misconception counts under it, whatever its text; the others
    are grouped as one answer where the question reads them as one (same_answers). Most learners first."""
    tagged: dict[str, tuple[list[str], int]] = {}
    untagged: dict[str, int] = {}
    for (answer, why), n in wrong.items():
        if why:
            texts, total = tagged.get(why, ([], 0))
            tagged[why] = ([*texts, answer] if answer not in texts else texts, total + n)
        else:
            untagged[answer] = untagged.get(answer, 0) + n
    groups = [WrongGroup(why, tuple(sorted(texts)), n) for why, (texts, n) in tagged.items()]
    groups += [WrongGroup(None, members, n) for _, members, n in same_answers(question_id, state, untagged)]
    return sorted(groups, key=lambda g: (-g.count, g.shows is None, g.shows or "", g.answers))


def most_shown(groups: list[WrongGroup]) -> list[WrongGroup]:
    """The groups given by the most learners: one, or several tied (in group_wrong's order); [] for none."""
    top = max((g.count for g in groups), default=0)
    return [g for g in groups if g.count == top] if top else []


def options(question_id: str, state: Mapping[str, Any] | None = None) -> list[str]:
    """Every answer the question offers, as answer_text stores it, so a count of 0 can be shown: the sentence's
    tokens, an option question's keys, a Check yourself choice's keys (answer_words words each); []
    for a number, a shape or a set of keys (typed or slid, not picked), when the state does not say, and for a
    question the app no longer asks."""
    if question_id not in QUESTIONS:
        return []
    a, state = QUESTIONS[question_id], state or {}
    try:
        if a.kind == "token":
            out = labels_of(state) if a.id != "induction.look" else list(induction.state_sequence(state)[0])
            return out
        if a.id in OPTION_WORDS:
            return list(OPTION_WORDS[a.id])
        if a.kind == "quiz":
            q = _q(state, a.id.removeprefix("quiz."))
            return [key for key, _ in q.options] if q.answer_type == "choice" else []
    except (KeyError, TypeError, ValueError, IndexError):
        return []
    return []  # a number or a set of keys: no list to offer (listing only the wrong ones would give them away)
