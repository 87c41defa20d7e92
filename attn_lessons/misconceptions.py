"""The wrong answers each question expects, and the misconception each one signals.

Every predict-first question of the route and every Check yourself question kind has a short list of the wrong
answers a learner is likely to give, each with what it shows ("softmax over the queries", "divides by
√d_model"). `misconception(question_id, answer, state)` names the one a wrong answer signals, or None; class
mode records it beside the answer, and the teacher's dashboard says it in a sentence (attn_lessons.classroom).

A question's `state` is what it was asked about (the page passes the same mapping it records): the sentence
`text` and the `query` position for the token questions, the `scores` and `d_k` of the scaling question, the
`mask`, `query`, `n_tokens` and `n_real` of the masks question, the quiz's `seed`. The answer is the value the
page read: a key position or label, an option key, a number, a tuple of key positions, or the text a learner
typed into Check yourself. Pure Python: no Streamlit.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from attn_core.builder import ALL_SAME
from attn_core.masks import PAD_LABEL, key_set_rules
from attn_core.scaling import compare_two_keys
from attn_core.tokens import token_labels, tokenize

from . import questions as qs
from .builder import ALL_SAME_OPTION
from .format import short
from .mask_mistakes import ROW_SUM_WORDS
from .mistakes import SUM_LABELS
from .training import GUESSES

ALL_SAME_TEXT = ALL_SAME_OPTION  # the builder's option "They all get the same weight"
NEAR = 0.05  # a predicted weight within this of a wrong answer's weight is that wrong answer (the slider's right)

Value = Callable[[Mapping[str, Any]], Sequence[Any]]


@dataclass(frozen=True)
class Wrong:
    """One expected wrong answer: how a teacher reads it, what it shows, and its value(s) in a given state."""

    answer: str  # "the rows", "√d_model"
    shows: str  # the misconception, as a noun phrase: "softmax over the queries"
    values: Value  # the answers that are this wrong answer in a state (none where it does not apply)


@dataclass(frozen=True)
class Asked:
    """A question the app asks: where, what, what kind of answer it takes, and the wrong answers it expects."""

    id: str  # "mistakes.axis", "quiz.softmax_axis"
    page: str  # the page's name in class mode: its URL path in lower case ("common_mistakes"), "home" for Home
    title: str  # the question in short, for the teacher's dashboard
    kind: str  # "token" | "option" | "number" | "keys" | "quiz"
    wrong: tuple[Wrong, ...]
    from_sentence: bool  # its answers are tokens of the learner's sentence (kept only for the class's sentence)


def _const(*values) -> Value:
    return lambda state: values


# --------------------------------------------------------------------------------------- token questions


def labels_of(state: Mapping[str, Any]) -> list[str]:
    """The sentence's token labels ("the·0", "cat", …) as the pages show them."""
    return token_labels(tokenize(str(state.get("text", ""))).tokens)


def _query(state) -> int:
    return int(state.get("query", 0))


def _itself(state) -> Sequence[Any]:
    labels, i = labels_of(state), _query(state)
    return [labels[i]] if 0 <= i < len(labels) else []


def _neighbours(state) -> Sequence[Any]:
    labels, i = labels_of(state), _query(state)
    return [labels[j] for j in (i - 1, i + 1) if 0 <= j < len(labels) and 0 <= i < len(labels)]


SELF = Wrong("the query's own token", "a token gives its own key the most weight", _itself)
NEIGHBOUR = Wrong("the word beside it", "attention goes to the nearest word, by position", _neighbours)

# ------------------------------------------------------------------------------------- the scaling question


def _two(state):
    return compare_two_keys([float(z) for z in state["scores"]], int(state.get("d_k", 1)))


def _scaled(state):
    return [float(_two(state).p_scaled[0])] if int(state.get("d_k", 1)) > 1 else []


def _proportional(state):
    z1, z2 = (float(z) for z in state["scores"])
    return [z1 / (z1 + z2)] if z1 >= 0 and z2 >= 0 and z1 + z2 > 0 else []


def _swapped(state):
    return [float(_two(state).p_unscaled[1])]


def _even(state):
    z1, z2 = (float(z) for z in state["scores"])
    return [0.5] if z1 != z2 else []


# ---------------------------------------------------------------------------------------- the masks question

MASK_RULES = {  # rule of attn_core.masks.key_set_rules -> (the answer, what it shows)
    "all": ("every key", "every token sees every key, whatever the mask"),
    "before": ("the keys before it, not itself", "a token never sees its own key"),
    "after": ("itself and the keys after it", "the causal mask read backwards: a token sees the later tokens"),
    "itself": ("only itself", "a mask lets a token see only itself"),
    "upto": ("itself and the keys before it", "every mask is the causal mask"),
    "nothing": ("no key at all", "a masked row has no key to attend to"),
    "real": ("every word but no padding", "only the padding is masked, whatever the mask"),
}


def _mask_labels(state) -> list[str]:
    """The masks page's labels: the sentence's, then its padding tokens' (attn_core.masks.pad_inputs names them)."""
    labels = labels_of(state)
    n, n_pad = len(labels), int(state.get("n_tokens", len(labels))) - len(labels)
    return labels + [PAD_LABEL if n_pad == 1 else f"{PAD_LABEL}·{n + p}" for p in range(max(0, n_pad))]


def _rule(name: str) -> Value:
    def values(state):
        n, i = int(state["n_tokens"]), _query(state)
        return [key_set_rules(n, i, int(state.get("n_real", n)))[name]]

    return values


def _mask_wrong() -> tuple[Wrong, ...]:
    return tuple(Wrong(answer, shows, _rule(name)) for name, (answer, shows) in MASK_RULES.items())


# ------------------------------------------------------------------------------------------ the quiz


@lru_cache(maxsize=512)
def quiz_question(kind: str, seed: int) -> qs.Question:
    """The Check yourself question of this kind at this seed (the same numbers the page asked)."""
    return qs.make_question(kind, seed)


def _q(state, kind: str) -> qs.Question:
    return quiz_question(kind, int(state.get("seed", 0)))


def _params(kind: str, make: Callable[[dict], Sequence[Any]]) -> Value:
    """A wrong answer computed from the quiz question's own numbers."""
    return lambda state: make(_q(state, kind).params)


def _scale_heads_wrong() -> tuple[Wrong, ...]:
    p = lambda f: _params("scale_heads", f)  # noqa: E731
    return (Wrong("√d_model", "divides by √d_model, not one head's √d_k", p(lambda p: [math.sqrt(p["d_model"])])),
            Wrong("d_k", "divides by d_k, not √d_k", p(lambda p: [float(p["d_k"])])),
            Wrong("1/√d_k", "gives the factor to multiply by", p(lambda p: [1 / math.sqrt(p["d_k"])])),
            Wrong("d_model", "divides by d_model", p(lambda p: [float(p["d_model"])])))


def _causal_wrong() -> tuple[Wrong, ...]:
    # from the right count k (the query and the keys before it) and n, whichever way the rows are numbered
    k = lambda state: int(_q(state, "causal_row").answer)  # noqa: E731
    n = lambda state: int(_q(state, "causal_row").params["n"])  # noqa: E731
    return (Wrong("the keys after it", "the causal mask read backwards",
                  lambda state: [n(state) - k(state) + 1.0]),
            Wrong("one fewer", "a token never sees its own key", lambda state: [k(state) - 1.0]),
            Wrong("every key", "the causal mask left out", lambda state: [float(n(state))]),
            Wrong("one", "a token sees only itself", _const(1.0)))


def _one_hot_wrong() -> tuple[Wrong, ...]:
    def rows(state):
        """V, the query's row and the weighted token's row, numbered as the question numbers them."""
        q = _q(state, "one_hot")
        V, i, j = np.array(q.params["V"]), q.params["i"], q.params["j"]
        base = 0 if j < len(V) and np.allclose(V[j], q.answer) else 1  # tokens counted from 0 or from 1
        return V, i - base, j - base

    def other_row(state):
        V, i, j = rows(state)
        return [tuple(V[i])] if i != j else []

    def column(state):
        V, _, j = rows(state)
        return [tuple(V[:, j])] if V.shape[0] == V.shape[1] else []

    return (Wrong("the query's own value", "copies the query's own value, not the one its weight is on",
                  other_row),
            Wrong("a column of V", "mixes V's columns instead of its rows", column),
            Wrong("the average of the values", "equal weights, whatever the weights say",
                  _params("one_hot", lambda p: [tuple(np.array(p["V"]).mean(0))])))


def _shape_wrong(kind: str) -> tuple[Wrong, ...]:
    if kind == "weights_shape":
        p = lambda f: _params(kind, f)  # noqa: E731
        return (Wrong("the transpose", "one row per key instead of one per query",
                      p(lambda p: [(p["n_k"], p["n_q"])] if p["n_k"] != p["n_q"] else [])),
                Wrong("one number per query", "one weight per token instead of one per query–key pair",
                      p(lambda p: [(p["n_q"],)])))
    p = lambda f: _params(kind, f)  # noqa: E731
    return (Wrong("the weights' shape", "confuses the matrix asked for with the n × n weights",
                  p(lambda p: [p["shapes"]["weights"]] if p["shapes"][p["which"]] != p["shapes"]["weights"]
                    else [])),
            Wrong("n × d_model", "a projection keeps the width d_model",
                  p(lambda p: [(p["n"], p["d_model"])] if p["shapes"][p["which"]] != (p["n"], p["d_model"])
                    else [])))


def _number_wrong(kind: str) -> tuple[Wrong, ...]:
    p = lambda f: _params(kind, f)  # noqa: E731
    if kind == "qk_variance":
        return (Wrong("√d_k", "gives the standard deviation, not the variance",
                      p(lambda p: [math.sqrt(p["d_k"])] if p["d_k"] != 1 else [])),
                Wrong("1", "the variance after dividing by √d_k", _const(1.0)),
                Wrong("d_k²", "variances multiply instead of adding", p(lambda p: [float(p["d_k"] ** 2)])))
    if kind == "steps":
        return (Wrong("n − 1", "counts steps as a recurrent network does", p(lambda p: [p["n"] - 1.0])),)
    if kind == "weights_total":
        return (Wrong("1", "the whole matrix sums to 1, not each row", _const(1.0)),
                Wrong("n²", "counts the entries instead of adding the weights", p(lambda p: [p["n"] ** 2.0])))
    if kind == "two_keys":
        return (Wrong("the unscaled weight", "forgets to divide by √d_k",
                      p(lambda p: [float(compare_two_keys([p["s"], 0], p["d_k"]).p_unscaled[0])])),
                Wrong("the second key's weight", "reads the other key's weight",
                      p(lambda p: [float(compare_two_keys([p["s"], 0], p["d_k"]).p_scaled[1])])))
    return _scale_heads_wrong() if kind == "scale_heads" else _causal_wrong()


CHOICES = {  # quiz kind -> {option key: (the answer, what it shows)}; the right option is never listed
    "why_scale": {"sum": ("makes each row sum to 1", "the scale is what makes the rows sum to 1"),
                  "overflow": ("stops exp() overflowing", "the scale is there to stop exp() overflowing"),
                  "uniform": ("gives every key the same weight", "the scale makes every weight equal")},
    "softmax_axis": {"queries": ("over the queries", "softmax over the queries"),
                     "all": ("over every entry", "softmax over the whole matrix")},
    "roles": {"qv": ("Q and V decide the weights", "the values help decide the weights"),
              "kv": ("K and V decide the weights", "the keys and values decide the weights, not the queries"),
              "q": ("Q alone decides the weights", "the queries alone decide the weights")},
    "identical_tokens": {"differ": ("they differ", "attention knows word order without positions"),
                         "zero": ("the second is all zeros", "attention remembers the words already seen")},
}


def _quiz_wrong(kind: str) -> tuple[Wrong, ...]:
    if kind in CHOICES:
        return tuple(Wrong(answer, shows, _const(key)) for key, (answer, shows) in CHOICES[kind].items())
    if kind in ("weights_shape", "qkv_shapes"):
        return _shape_wrong(kind)
    if kind == "one_hot":
        return _one_hot_wrong()
    return _number_wrong(kind)


# ------------------------------------------------------------------------------------------ every question

PREDICTIONS: tuple[Asked, ...] = (
    Asked("home.top_key", "home", "Which key will the query give the most weight?", "token", (SELF, NEIGHBOUR),
          True),
    Asked("builder.most_weight", "qkv_builder", "Which key will the query give the most weight?", "token",
          (Wrong(ALL_SAME_TEXT, "every key gets the same weight before any training", _const(ALL_SAME_TEXT)),
           SELF, NEIGHBOUR), True),
    Asked("scaling.softmax", "scaling_explorer", "What weight does softmax give key 1?", "number",
          (Wrong("the scaled weight", "divides by √d_k, which softmax itself does not", _scaled),
           Wrong("z₁ / (z₁ + z₂)", "weights in proportion to the scores, without exp", _proportional),
           Wrong("the other key's weight", "the larger score gets the smaller weight", _swapped),
           Wrong("0.5", "equal weights whatever the scores", _even)), False),
    Asked("mistakes.axis", "common_mistakes", "With softmax(scores, axis=0), which sums to 1?", "option",
          (Wrong(SUM_LABELS["rows"], "axis=0 taken for the keys' axis, so the rows would still sum to 1",
                 _const("rows")),
           Wrong(SUM_LABELS["neither"], "a softmax over the wrong axis normalises nothing", _const("neither"))),
          False),
    Asked("masks.see", "masks_and_heads", "Which keys can the token see under the mask?", "keys", _mask_wrong(),
          True),
    Asked("training.race", "training_lab", "Which run's loss drops first?", "option",
          (Wrong(GUESSES["unscaled"], "larger unscaled scores learn faster", _const("unscaled")),
           Wrong(GUESSES["same"], "the scale only relabels the scores and changes nothing in learning",
                 _const("same")),
           Wrong(GUESSES["neither"], "neither run can learn the task", _const("neither")),
           Wrong(GUESSES["scaled"], "the scale helps at every learning rate", _const("scaled"))), False),
    Asked("mask_mistakes.row_sum", "mask_mistakes", "Zeroed after the softmax, what does the row sum to?", "option",
          (Wrong(ROW_SUM_WORDS["one"], "zeroing after the softmax still leaves weights that sum to 1",
                 _const(ROW_SUM_WORDS["one"])),
           Wrong(ROW_SUM_WORDS["more"], "the blocked keys' weight moves to the allowed keys",
                 _const(ROW_SUM_WORDS["more"])),
           Wrong(ROW_SUM_WORDS["zero"], "zeroing some weights empties the whole row", _const(ROW_SUM_WORDS["zero"]))),
          False),
)
QUIZ_TITLES = {  # each Check yourself kind in short, for the dashboard (its numbers change with the quiz seed)
    "weights_shape": "What shape is the weight matrix?", "why_scale": "Why divide the scores by √d_k?",
    "softmax_axis": "Which axis does softmax normalise over?", "qkv_shapes": "What shape is Q, K, V or the output?",
    "roles": "Which matrices decide the weights?", "scale_heads": "What does each head divide its scores by?",
    "causal_row": "How many keys does a causal row reach?", "identical_tokens": "Do two copies of a word differ?",
    "one_hot": "What does a one-hot row of weights output?", "qk_variance": "What is the variance of q·k?",
    "steps": "How many layers from the first token to the last?", "weights_total": "What do all the weights add up to?",
    "two_keys": "What weight does the first of two scaled keys get?",
}
QUIZ: tuple[Asked, ...] = tuple(
    Asked(f"quiz.{kind}", "check_yourself", QUIZ_TITLES[kind], "quiz", _quiz_wrong(kind), False) for kind in qs.KINDS)
QUESTIONS: dict[str, Asked] = {a.id: a for a in PREDICTIONS + QUIZ}


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
            if any(_same(a, value, v, state) for v in w.values(state)):
                return w
    except (KeyError, ValueError, TypeError, IndexError):
        return None  # a state without what the question needs: no misconception, never an error on the page
    return None


def misconception(question_id: str, answer: Any, state: Mapping[str, Any] | None = None) -> str | None:
    """What a wrong `answer` to the question shows ("softmax over the queries"), or None when it is none of the
    wrong answers the question expects. Call it for a wrong answer: a right one may share a wrong one's value."""
    w = wrong_answer(question_id, answer, state)
    return None if w is None else w.shows


def answer_text(question_id: str, answer: Any, state: Mapping[str, Any] | None = None) -> str:
    """The answer as class mode records it and the dashboard prints it: a token label, an option's words, a number
    to two decimals, the keys' labels, or a quiz reply as the quiz read it."""
    a, state = asked(question_id), state or {}
    try:
        return _answer_text(a, answer, state)
    except (KeyError, ValueError, TypeError, IndexError):
        return str(answer)


def _answer_text(a: Asked, answer: Any, state) -> str:
    if a.kind == "token":
        return str(_read(a, answer, state))
    if a.kind == "number":
        return f"{float(answer):.2f}"
    if a.kind == "keys":
        labels = _mask_labels(state)
        keys = sorted(labels.index(k) if isinstance(k, str) else int(k) for k in answer)
        return ", ".join(labels[k] for k in keys) or "no key at all"
    if a.id == "mistakes.axis":
        return SUM_LABELS.get(answer, str(answer))
    if a.id == "training.race":
        return GUESSES.get(answer, str(answer))
    if a.kind == "quiz":
        return _quiz_text(_q(state, a.id.removeprefix("quiz.")), answer)
    return str(answer)


def _quiz_text(q: qs.Question, answer: Any) -> str:
    value = qs.read_answer(q, answer)
    if value is None:
        return "unreadable"
    if q.answer_type == "shape":
        return qs.shape_text(value)
    if q.answer_type == "vector":
        return qs.vector_text(value)
    if q.answer_type == "number":
        return short(value)
    return dict(q.options).get(value, str(value))
