"""Check yourself, the words: seeded questions about attention, their computed answers, the marking of a
reply, and every sentence the page prints about its numbers.

`make_question(kind, seed)` draws a question's numbers from a seeded generator and computes its right answer by
running the attention code on arrays of that size (never a typed-in constant). `check(question, text)` reads
the learner's reply as a shape, a number, a vector or a choice and returns right, wrong or unreadable, with an
explanation made from the question's numbers. The `reveal_*` functions word what the page's live computation
found, each as a `Said`: its text and the facts it states (the numbers it quotes as printed, which keys, which
matrices decide the weights), for the tests to compare with attn_core. The numbers come from `attn_core.questions`;
how a number reads, from `.format`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from attn_core.attention import causal_mask, scaled_dot_product_attention, split_heads
from attn_core.questions import (
    CLOSE,
    RoleTest,
    attention_reads,
    one_hot_attention,
    qk_variance_theory,
    qkv_arrays,
    question_rng,
    recurrent_reads,
    repeat_gaps,
    repeated_word_sentence,
    role_test,
    scale_facts,
    steps_matrix,
)
from attn_core.scaling import TwoKeys, compare_two_keys

from .asked import Asked, Wrong, const
from .glossary import inline
from .said import Said
from .format import a_an, enough, enough_vec, listing, num, plural, short, sqrt_text
from .scaling import gradients_compared  # one wording of a gradient comparison, both pages'
from .scaling import saturation_compared  # why this comparison differs from the Scaling explorer's 73×

RIGHT, WRONG, UNREADABLE, SHOWN = "right", "wrong", "unreadable", "shown"

UNREADABLE_MESSAGES = {
    "shape": "I could not read that as a shape. Write it as rows × columns, for example 3 × 4, 3x4, (3, 4) "
             "or 3 by 4.",
    "number": "I could not read that as a number. Write a number such as 12, 0.73, 73% or √32.",
    "vector": "I could not read that as a vector. Write its entries in order, for example [1, −2, 3].",
    "choice": "Pick one of the answers first.",
}


@dataclass(frozen=True)
class Question:
    """One question at one seed: what to ask, the computed answer, and what the checker needs."""

    kind: str
    seed: int
    prompt: str  # markdown
    answer: Any  # a shape (tuple of ints), a float, a vector (tuple of floats) or an option key
    answer_text: str  # the answer as a sentence states it: "10 × 10", "√64 = 8"
    why: str  # why that is the answer, from the numbers
    answer_type: str  # "shape" | "number" | "vector" | "choice"
    params: Mapping[str, Any] = field(default_factory=dict)
    options: tuple[tuple[str, str], ...] = ()  # (key, label) for a choice
    latex: str = ""  # a formula to show under the prompt
    tolerance: float = 0.0  # how far a number or vector entry may be from the answer
    decimals: int | None = None  # the precision a number question states ("Two decimals are enough"), if any


@dataclass(frozen=True)
class Verdict:
    """right, wrong, unreadable or shown, and what to tell the learner."""

    status: str
    message: str


# --------------------------------------------------------------------------------------------- reading text

_SEPARATOR = re.compile(r"\s*(?:[x×✕*,]|by)\s*|\s+")
_CLOSING = {"(": ")", "[": "]"}
_WORDS = {w: i for i, w in enumerate(("zero one two three four five six seven eight nine ten eleven twelve "
                                      "thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty").split())}
_PLAIN = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?")


def _unwrap(text: str) -> str:
    """Lower-case, trimmed, a final full stop and one pair of enclosing brackets removed."""
    s = text.strip().lower().removesuffix(".").strip()
    if s[:1] in _CLOSING and s.endswith(_CLOSING[s[0]]):
        s = s[1:-1].strip()
    return s


def parse_shape(text) -> tuple[int, ...] | None:
    """'10x10', '10 × 10', '(10, 10)', '10 by 10', '[3, 4]', '(10,)' -> a tuple of ints; None if unreadable."""
    if not isinstance(text, str) or len(text) > 100:
        return None
    s = _unwrap(text).removesuffix(",").strip()
    if not s:
        return None
    parts = _SEPARATOR.split(s)
    if not 1 <= len(parts) <= 4 or not all(p.isascii() and p.isdigit() and len(p) <= 9 for p in parts):
        return None
    return tuple(int(p) for p in parts)


def _plain(s: str) -> tuple[float, float] | None:
    """A number as typed and the unit of its last digit: '5.7' -> (5.7, 0.1), '0,73' -> (0.73, 0.01), '6' -> (6, 1),
    '2.5e-3' -> (0.0025, 0.0001); None if unreadable."""
    s = s.strip().replace("−", "-").replace("–", "-")
    if s.count(",") == 1 and "." not in s:
        s = s.replace(",", ".")  # a decimal comma: 0,73
    if not s.isascii() or not _PLAIN.fullmatch(s):
        return None
    value = float(s)
    mantissa, _, power = s.lower().partition("e")
    decimals = len(mantissa.partition(".")[2])
    return (value, 10.0 ** (int(power or 0) - decimals)) if math.isfinite(value) else None


def _plain_number(s: str) -> float | None:
    plain = _plain(s)
    return None if plain is None else plain[0]


def _term(s: str) -> float | None:
    """A plain number or a square root: '8', '√64', 'sqrt(64)', 'sqrt 64'."""
    root = re.fullmatch(r"(?:√|sqrt)\s*\(?\s*([^()]+?)\s*\)?", s.strip())
    if root:
        value = _plain_number(root.group(1))
        return None if value is None or value < 0 else math.sqrt(value)
    return _plain_number(s)


def _read_number(text) -> tuple[float, float] | None:
    """A reply as (value, unit of its last typed digit), the unit 0 for an exact form (√32, 1/√32, 'one');
    None if unreadable."""
    if not isinstance(text, str) or len(text) > 60:
        return None
    s = _unwrap(text)
    for lead in ("≈", "~", "about", "="):
        s = s.removeprefix(lead).strip()
    if s in _WORDS:
        return float(_WORDS[s]), 0.0
    if s.endswith("%"):
        plain = _plain(s[:-1])
        return None if plain is None else (plain[0] / 100, plain[1] / 100)
    if s.count("/") == 1:
        top, bottom = (_term(p) for p in s.split("/"))
        return None if top is None or not bottom else (top / bottom, 0.0)
    value = _term(s)
    if value is None:
        return None
    return _plain(s) or (value, 0.0)


def parse_number(text) -> float | None:
    """'8', '0.73', '0,73', '73%', '√64', 'sqrt(64)', '1/8', '1/√32', 'one' -> a float; None if unreadable."""
    read = _read_number(text)
    return None if read is None else read[0]


def typed_unit(text) -> float | None:
    """The unit of a reply's last digit: 0.1 for '5.7', 1 for '6', 0.01 for '73%'; 0 for an exact form (√32, 1/8,
    'one'); None if unreadable."""
    read = _read_number(text)
    return None if read is None else read[1]


def parse_vector(text) -> tuple[float, ...] | None:
    """'[1, -2, 3]', '1 −2 3', '(1; 2)' -> a tuple of floats; None if unreadable."""
    if not isinstance(text, str) or len(text) > 200:
        return None
    s = _unwrap(text)
    parts = [p for p in re.split(r"[,;\s]+", s) if p]
    values = [_plain_number(p) for p in parts]
    if not values or len(values) > 16 or any(v is None for v in values):
        return None
    return tuple(values)


def read_answer(question: Question, raw) -> Any:
    """The learner's reply as the question's kind of answer, or None when it cannot be read as one."""
    kind = question.answer_type
    if kind == "shape":
        return parse_shape(raw)
    if kind == "number":
        return parse_number(raw)
    if kind == "vector":
        return parse_vector(raw)
    return raw if raw in dict(question.options) else None


def coarsest_unit(question: Question) -> float:
    """The coarsest last digit a rounded reply to a number question may have: the precision the question states
    (two decimals: 0.01), else the answer's second significant digit (0.1 for √32 = 5.657, 0.01 for 0.731), and
    never coarser than 1 for a whole answer (a count or d_k: 512, not 5.1 × 10²)."""
    if question.decimals is not None:
        return 10.0**-question.decimals
    a = abs(float(question.answer))
    if not a:
        return 0.0
    second = 10.0 ** (math.floor(math.log10(a)) - 1)
    return min(second, 1.0) if abs(a - round(a)) < 1e-6 else second


def is_right(question: Question, value, unit: float = 0.0) -> bool:
    """Whether a readable reply equals the computed answer: within the question's tolerance, or, for a number,
    the answer rounded to the digits the reply gives (within half a unit of its last digit `unit`), to at least
    the question's coarsest unit."""
    if question.answer_type == "shape":
        return tuple(value) == tuple(question.answer)
    if question.answer_type == "number":
        off = abs(value - question.answer)
        rounded = 0 < unit <= coarsest_unit(question) * (1 + 1e-9) and off <= unit / 2 * (1 + 1e-9)
        return off <= question.tolerance or rounded
    if question.answer_type == "vector":
        return len(value) == len(question.answer) and all(
            abs(a - b) <= question.tolerance for a, b in zip(value, question.answer, strict=True))
    return value == question.answer


def catches(question: Question, value) -> bool:
    """Whether the reply `value` is marked wrong however it is typed: in full, or rounded to any unit from 1 down to
    10⁻⁶ (the precision the question asks included). A question that tests a step draws its numbers until the
    reply that skips the step is caught (QUIZ_KINDS' `skips` name those replies)."""
    if question.answer_type != "number":
        return not is_right(question, value)
    units = [10.0**-d for d in range(7)]
    typed = [(value, 0.0)] + [(round(value / unit) * unit, unit) for unit in units]
    return not any(is_right(question, v, unit) for v, unit in typed)


def check(question: Question, raw) -> Verdict:
    """Right, wrong (with a hint about that reply where one applies) or unreadable, never a wrong mark for text
    that is not an answer."""
    value = read_answer(question, raw)
    if value is None:
        return Verdict(UNREADABLE, UNREADABLE_MESSAGES[question.answer_type])
    if is_right(question, value, typed_unit(raw) if question.answer_type == "number" else 0.0):
        return Verdict(RIGHT, question.why)
    hint = KIND[question.kind].hint(question, value)
    return Verdict(WRONG, f"{hint + ' ' if hint else ''}The answer is {question.answer_text}. {question.why}")


def show_answer(question: Question) -> Verdict:
    """The answer without a mark, for a learner who asks to see it."""
    return Verdict(SHOWN, f"The answer is {question.answer_text}. {question.why}")


# ---------------------------------------------------------------------------------------------- wording


def _at_most(x: float) -> str:
    """A bound on a gap: 'by at most 0.277', or 'by less than 10⁻⁹' when only rounding moved it."""
    return "by less than 10⁻⁹" if x < CLOSE else f"by at most {enough(x)}"


def _by(x: float) -> str:
    """How far something moved: 'by up to 0.277', or 'by less than 10⁻⁹' when only rounding moved it."""
    return "by less than 10⁻⁹" if x < CLOSE else f"by up to {enough(x)}"


def shape_text(shape: Sequence[int]) -> str:
    """(10, 10) -> '10 × 10'; a one-axis shape as '(10,)'."""
    return f"({shape[0]},)" if len(shape) == 1 else " × ".join(str(int(s)) for s in shape)


def vector_text(v) -> str:
    """[1, −2, 0.5]: each entry as a person types it (`vec` gives every entry a fixed count of decimals)."""
    return "[" + ", ".join(short(x) for x in v) + "]"


def _quoted_option(label: str) -> str:
    """An option quoted inside a sentence, its own full stop left to the sentence: “They are identical”."""
    return f"“{label.removesuffix('.')}”"


def quoted(words: Sequence[str]) -> str:
    """“the cat sat”: words as a quoted sentence."""
    return "“" + " ".join(words) + "”"


# ------------------------------------------------------------------------------------------------ helpers


def _only_true(holds: Mapping[str, bool]) -> str:
    """The one option whose claim the numbers bear out; anything else is a bug in the question."""
    true = [key for key, ok in holds.items() if ok]
    if len(true) != 1:
        raise ValueError(f"exactly one option must hold, but {true or 'none'} did")
    return true[0]


def _shuffled(options: Sequence[tuple[str, str]], rng: np.random.Generator) -> tuple[tuple[str, str], ...]:
    return tuple(options[i] for i in rng.permutation(len(options)))


# ---------------------------------------------------------------------------------------------- questions


def _weights_shape(seed: int) -> Question:
    rng = question_rng("weights_shape", seed)
    if seed == 0:
        n_q = n_k = 10
    elif rng.random() < 0.5:
        n_q, n_k = (int(v) for v in rng.choice(np.arange(2, 17), size=2, replace=False))
    else:
        n_q = n_k = int(rng.integers(2, 21))
    d_k, d_v = 4, 3
    Q, K, V = rng.standard_normal((n_q, d_k)), rng.standard_normal((n_k, d_k)), rng.standard_normal((n_k, d_v))
    shape = scaled_dot_product_attention(Q, K, V).weights.shape  # (n_q, n_k)
    if n_q == n_k:
        prompt = (f"In softmax(QKᵀ/√d_k) V, what is the shape of the weight matrix for a sequence of "
                  f"{n_q} tokens?")
        why = (f"Each of the {n_q} tokens asks as a query and answers as a key: one row of weights per query, "
               f"one column per key, so {shape_text(shape)}.")
    else:
        prompt = (f"In {inline('cross-attention')}, the queries' sentence has {n_q} tokens and the keys' and "
                  f"values' sentence {n_k}. What is the shape of the weight matrix softmax(QKᵀ/√d_k)?")
        why = (f"There is one row of weights per query ({n_q}) and one column per key ({n_k}), so "
               f"{shape_text(shape)}; each row still sums to 1.")
    offsets = (0, 0) if seed == 0 else (int(rng.integers(0, 20)), int(rng.integers(0, 20)))
    return Question("weights_shape", seed, prompt, tuple(shape), shape_text(shape), why, "shape",
                    params={"n_q": n_q, "n_k": n_k, "offset_q": offsets[0], "offset_k": offsets[1]})


def _hint_weights_shape(q: Question, value) -> str:
    n_q, n_k = q.params["n_q"], q.params["n_k"]
    if len(value) != 2:
        return "A weight matrix has two axes: rows for the queries and columns for the keys."
    if tuple(value) == (n_k, n_q):
        return f"That is the transpose: the rows are the {n_q} queries, the columns the {n_k} keys."
    return ""


def _why_scale(seed: int) -> Question:
    f = scale_facts(seed)
    d_lo, d_hi = f["d_ks"][0], f["d_ks"][-1]
    holds = {
        "argmax": (f["std_raw"][-1] > 4 * f["std_raw"][0] and all(0.8 < s < 1.25 for s in f["std_scaled"])
                   and f["top_raw"] > f["top_scaled"]),
        "sum": f["sum_gap_raw"] > CLOSE,  # would hold only if the rows needed the scale to sum to 1
        "overflow": not f["finite_raw"],  # would hold only if unscaled softmax overflowed
        "uniform": f["uniform_gap_scaled"] < CLOSE,  # would hold only if the scale made every weight equal
    }
    labels = {
        "argmax": "It keeps the scores from growing with d_k, so softmax does not turn into a hard argmax.",
        "sum": "It makes each row of weights sum to 1.",
        "overflow": "It stops exp() from overflowing to infinity.",
        "uniform": "It gives every key the same weight.",
    }
    lo, hi = enough(min(f["std_scaled"]), 2), enough(max(f["std_scaled"]), 2)
    reasons = {
        "argmax": (f"Measured over {f['n_samples']:,} random pairs, the spread of q·k grows from "
                   f"{enough(f['std_raw'][0], 2)} at d_k = {d_lo} to {enough(f['std_raw'][-1], 2)} at d_k = {d_hi} "
                   f"(about √d_k), while q·k/√d_k stays {f'at {lo}' if lo == hi else f'between {lo} and {hi}'}. "
                   f"Unscaled, the largest of {f['n_keys']} weights averages {enough(f['top_raw'], 3)} at "
                   f"d_k = {d_hi}, close to a hard argmax; scaled, {enough(f['top_scaled'], 3)}."),
        "sum": (f"Softmax makes every row sum to 1 with or without the scale: unscaled, the largest "
                f"|row sum − 1| is {enough(f['sum_gap_raw'], below=CLOSE)}."),
        "overflow": (f"Softmax subtracts each row's largest score before exp(), so even unscaled scores as large "
                     f"as {num(f['largest_raw'], 1)} give finite weights."),
        "uniform": (f"The scaled weights are not all equal: at d_k = {d_hi} the largest of {f['n_keys']} averages "
                    f"{enough(f['top_scaled'], 3)}, against 1/{f['n_keys']} = {enough(1 / f['n_keys'], 3)} "
                    "for equal weights."),
    }
    right = _only_true(holds)
    return Question("why_scale", seed, "Why does dividing the scores by √d_k help?", right,
                    _quoted_option(labels[right]), reasons[right], "choice", params={"reasons": reasons},
                    options=_shuffled(list(labels.items()), question_rng("why_scale", seed)))


def _hint_choice(q: Question, value) -> str:
    return q.params["reasons"][value]


def _softmax_axis(seed: int) -> Question:
    rng = question_rng("softmax_axis", seed)
    n_q, n_k = (int(v) for v in rng.choice(np.arange(2, 8), size=2, replace=False))
    weights = scaled_dot_product_attention(rng.standard_normal((n_q, 4)), rng.standard_normal((n_k, 4)),
                                           rng.standard_normal((n_k, 2))).weights  # (n_q, n_k)
    rows, cols = weights.sum(axis=-1), weights.sum(axis=0)
    holds = {"keys": bool(np.abs(rows - 1).max() < CLOSE), "queries": bool(np.abs(cols - 1).max() < CLOSE),
             "all": abs(weights.sum() - 1) < CLOSE}
    labels = {"keys": "Over the keys, the last axis: each row sums to 1.",
              "queries": "Over the queries, the first axis: each column sums to 1.",
              "all": "Over every entry at once: the whole matrix sums to 1."}
    # The reasons hold for every weight matrix of this shape, so they speak of the numbers the proof shows on
    # the learner's sentence, never of this draw's (which only checks that the right option is the true one).
    reasons = {
        "keys": (f"Each query shares out its attention over the {n_k} keys, so softmax runs along each row: each "
                 f"of the {n_q} row sums is 1."),
        "queries": (f"The columns do not all sum to 1: each of the {n_q} rows sums to 1, so the {n_k} column sums "
                    f"add up to {n_q}, {share(n_q, n_k)} on average."),
        "all": f"The whole matrix sums to {n_q}, one for each of the {n_q} rows, not 1.",
    }
    right = _only_true(holds)
    prompt = (f"The scores QKᵀ for {n_q} queries and {n_k} keys form {a_an(n_q)} {n_q} × {n_k} matrix. Which axis "
              "does the softmax normalise over, and what sums to 1?")
    return Question("softmax_axis", seed, prompt, right, _quoted_option(labels[right]), reasons[right], "choice",
                    params={"n_q": n_q, "n_k": n_k, "reasons": reasons}, options=_shuffled(list(labels.items()), rng))


QKV_NAMES = ("Q", "K", "V", "output")


def shape_flow(arrays: Mapping[str, np.ndarray]) -> list[str]:
    """How each shape comes about, read from the arrays themselves: 'Q = X W_Q: (7 × 16) · (16 × 4) → 7 × 4'."""
    s = {k: shape_text(np.shape(v)) for k, v in arrays.items()}
    lines = [f"{m} = X W_{m}: ({s['X']}) · ({s['W_' + m]}) → {s[m]}" for m in ("Q", "K", "V")]
    lines.append(f"weights = softmax(QKᵀ/√d_k): ({s['Q']}) · ({shape_text(np.shape(arrays['K'])[::-1])}) → "
                 f"{s['weights']}")
    lines.append(f"output = weights · V: ({s['weights']}) · ({s['V']}) → {s['output']}")
    return lines


def _qkv_shapes(seed: int) -> Question:
    rng = question_rng("qkv_shapes", seed)
    n = int(rng.integers(3, 13))
    while True:  # the width asked about is not d_model, so the reply that keeps d_model (n × d_model) is caught
        d_model = int(rng.choice([8, 16, 32, 64, 512]))
        d_k = d_model // int(rng.choice([h for h in (1, 2, 4, 8) if d_model % h == 0]))
        d_v = d_k if rng.random() < 0.5 else d_model // int(rng.choice([h for h in (1, 2, 4, 8)
                                                                         if d_model // h != d_k]))
        which = str(rng.choice(QKV_NAMES))
        if {"Q": d_k, "K": d_k}.get(which, d_v) != d_model:
            break
    arrays = qkv_arrays(n, d_model, d_k, d_v, int(rng.integers(0, 2**31)))
    shapes = {m: tuple(arrays[m].shape) for m in (*QKV_NAMES, "weights")}
    how = {"Q": f"Q = X W_Q: ({n} × {d_model}) · ({d_model} × {d_k})", "K": f"K = X W_K: ({n} × {d_model}) · "
           f"({d_model} × {d_k})", "V": f"V = X W_V: ({n} × {d_model}) · ({d_model} × {d_v})",
           "output": f"output = weights · V: ({n} × {n}) · ({n} × {d_v})"}
    why = f"{how[which]} → {shape_text(shapes[which])}: one row per token, {plural(shapes[which][1], 'column')}."
    target = "the output softmax(QKᵀ/√d_k) V" if which == "output" else which
    prompt = (f"X holds n = {n} tokens, each d_model = {d_model} numbers wide. W_Q and W_K are {d_model} × {d_k}; "
              f"W_V is {d_model} × {d_v}. What is the shape of {target}?")
    return Question("qkv_shapes", seed, prompt, shapes[which], shape_text(shapes[which]), why, "shape",
                    params={"n": n, "d_model": d_model, "d_k": d_k, "d_v": d_v, "which": which,
                            "shapes": shapes})


def _hint_qkv_shapes(q: Question, value) -> str:
    shapes, which = q.params["shapes"], q.params["which"]
    others = [m for m in (*QKV_NAMES, "weights") if shapes.get(m) == tuple(value) and shapes[m] != shapes[which]]
    if others:
        return f"That is the shape of {'the weights' if others[0] == 'weights' else others[0]}."
    if len(value) == 2 and tuple(value) == shapes[which][::-1]:
        return "That is the transpose: the rows are the tokens."
    return ""


ROLE_OPTIONS = {  # key -> (what decides the weights, what is copied)
    "qk": (frozenset("QK"), frozenset("V")),
    "qv": (frozenset("QV"), frozenset("K")),
    "kv": (frozenset("KV"), frozenset("Q")),
    "q": (frozenset("Q"), frozenset("KV")),
}


def _names(names) -> str:
    """Matrix names in the formula's order: 'Q and K', 'K and V'."""
    return listing(sorted(names, key="QKV".index))


def _roles(seed: int) -> Question:
    rng = question_rng("roles", seed)
    n, d_k = int(rng.integers(3, 8)), int(rng.choice([2, 4, 8]))
    Q, K, V = (rng.standard_normal((n, d_k)) for _ in range(3))
    t = role_test(Q, K, V, int(rng.integers(0, 2**31)))
    labels = {key: f"{_names(w)} decide{'s' if len(w) == 1 else ''} the weights; {_names(c)} "
                   f"decide{'s' if len(c) == 1 else ''} what is copied." for key, (w, c) in ROLE_OPTIONS.items()}
    holds = {key: t.decide_weights == w and t.copied == c for key, (w, c) in ROLE_OPTIONS.items()}
    moved = "; ".join(f"changing {m} moves the weights {_by(t.weight_gaps[m])} and the output "
                      f"{_by(t.output_gaps[m])}" for m in ("Q", "K", "V"))
    measured = f"Measured on {n} random tokens with d_k = {d_k}: {moved}."
    right = _only_true(holds)
    reasons = {key: (f"The weights move when {_names(t.decide_weights)} change"
                     f"{'s' if len(t.decide_weights) == 1 else ''}, so {_names(w)} cannot be the pair that "
                     "decides them." if w != t.decide_weights else "") for key, (w, _) in ROLE_OPTIONS.items()}
    why = (f"{measured} Only V changes the output without touching the weights: queries and keys decide the "
           "weights, values decide what gets copied.")
    prompt = "In softmax(QKᵀ/√d_k) V, which matrices decide the weights, and which decides what is copied?"
    return Question("roles", seed, prompt, right, _quoted_option(labels[right]), why, "choice",
                    params={"n": n, "d_k": d_k, "reasons": reasons}, options=_shuffled(list(labels.items()), rng))


def _scale_heads(seed: int) -> Question:
    rng = question_rng("scale_heads", seed)
    if seed == 0:
        h, d_k = 8, 64
    else:
        h, d_k = int(rng.choice([2, 4, 8, 12, 16])), int(rng.choice([16, 32, 64, 128]))
    d_model = h * d_k
    split_width = split_heads(np.zeros((1, d_model)), h).shape[-1]  # one head's slice of Q's width: d_k
    answer = math.sqrt(split_width)
    exact = f"√{split_width} = {short(answer)}" if answer.is_integer() else f"√{split_width} ≈ {num(answer, 3)}"
    prompt = (f"A layer has d_model = {d_model} and h = {h} heads. What number should each head divide its "
              "scores QKᵀ by?")
    why = (f"Each head's queries and keys are d_k = d_model / h = {d_model} / {h} = {split_width} numbers wide, and "
           f"q·k spreads like √d_k, so the scale is {exact}.")
    return Question("scale_heads", seed, prompt, answer, exact, why, "number",
                    params={"d_model": d_model, "h": h, "d_k": split_width}, tolerance=0.005 * answer)


def _hint_scale_heads(q: Question, value) -> str:
    d_model, d_k = q.params["d_model"], q.params["d_k"]
    if abs(value - math.sqrt(d_model)) < 0.005 * math.sqrt(d_model):
        return (f"That is √d_model = √{d_model}, the scale for one head over the whole width; with "
                f"{q.params['h']} heads each one only sees {d_k} of the {d_model} numbers.")
    if abs(value - d_k) < 1e-9:
        return "That is d_k itself; divide by its square root."
    if value > 0 and abs(value - 1 / math.sqrt(d_k)) < 0.005 / math.sqrt(d_k):
        return "That is what you multiply by; the question asks what you divide by."
    return ""


def _causal_row(seed: int) -> Question:
    rng = question_rng("causal_row", seed)
    n = 6 if seed == 0 else int(rng.integers(3, 13))
    i = 2 if seed == 0 else int(rng.integers(0, n))  # a position from 0, as the labels the·0, the·4 count
    weights = scaled_dot_product_attention(rng.standard_normal((n, 4)), rng.standard_normal((n, 4)),
                                           rng.standard_normal((n, 2)), mask=causal_mask(n)).weights
    nonzero = int((weights[i] > 0).sum())
    prompt = (f"Under a causal mask over a sentence of {n} tokens, how many keys get a nonzero weight in row {i} "
              f"(the query of token {i}, counting from 0)?")
    before = {0: "only to itself, key 0", 1: "to itself and the token before it, keys 0 and 1"}.get(
        i, f"to itself and the tokens before it, keys 0 … {i}")
    why = (f"A causal mask lets token {i} attend {before}: {plural(nonzero, 'key')} with nonzero weight; "
           f"{keys_after(n - 1 - i)}.")
    return Question("causal_row", seed, prompt, float(nonzero), str(nonzero), why, "number",
                    params={"n": n, "i": i}, tolerance=1e-9)


def keys_after(count: int) -> str:
    """What the keys after a causal row's query get, the verb agreeing with the count."""
    if count == 0:
        return "there is no key after it"
    return "the key after it gets exactly 0" if count == 1 else f"the {count} keys after it get exactly 0"


def _hint_causal_row(q: Question, value) -> str:
    n, i = q.params["n"], q.params["i"]  # row i counts from 0: i tokens before it, n − 1 − i after it
    hints = []
    if value == n - i and i < n - 1 and n - i != i + 1:
        after = "the token" if n - 1 - i == 1 else "the tokens"
        hints.append(f"That counts token {i} and {after} after it; a causal mask keeps the ones before.")
    if value == i:  # also the count of a reader who takes row i to be the i-th row, counting from 1
        before = "no token" if i == 0 else plural(i, "token")
        hints.append(f"Token {i} also attends to itself: counting from 0, it has {before} before it, and itself.")
    if hints:  # with n = 2i both readings give i, and both are said
        return " ".join(hints)
    if value == 1 and i > 0:
        return f"Token {i} attends to itself and to every token before it."
    if value == n and n != i + 1:
        return "That is every key, as without a mask."
    return ""


def _identical_tokens(seed: int) -> Question:
    words, a, b = repeated_word_sentence(seed)
    gap_plain, _, size = repeat_gaps(words, a, b, seed, 8)
    word = words[a]
    labels = {"same": "They are identical.",
              "differ": "They differ, because the two tokens sit at different places.",
              "zero": "The second one is all zeros, because the word was already seen."}
    holds = {"same": gap_plain < CLOSE, "differ": gap_plain >= CLOSE, "zero": size < CLOSE}
    reasons = {
        "same": (f"Without positions both “{word}”s have the same row in X, so the same query, key and value, "
                 f"and attention gives them the same output: the largest gap is {enough(gap_plain, below=CLOSE)}."),
        "differ": (f"Without positions nothing tells them apart: their outputs differ {_at_most(gap_plain)}. "
                   "Order only shows once positions are added to X."),
        "zero": (f"Attention keeps no record of words already seen: the second “{word}”'s output has length "
                 f"{enough(size, 3)}, not 0."),
    }
    right = _only_true(holds)
    prompt = (f"Without positional encodings, the sentence {quoted(words)} has “{word}” at positions {a} and {b} "
              "(counting from 0). How do those two tokens' output rows compare?")
    return Question("identical_tokens", seed, prompt, right, _quoted_option(labels[right]), reasons[right], "choice",
                    params={"words": list(words), "a": a, "b": b, "reasons": reasons},
                    options=_shuffled(list(labels.items()), question_rng("identical_tokens", seed)))


def _latex_matrix(M, row_names: str = "") -> str:
    """M as a LaTeX bmatrix; with `row_names` ('v'), each row named on its right, counted from 0: ← v₀, ← v₁."""
    rows = r" \\ ".join(" & ".join(short(x).replace("−", "-") for x in row) for row in np.asarray(M))
    matrix = r"\begin{bmatrix} " + rows + r" \end{bmatrix}"
    if not row_names:
        return matrix
    names = r" \\ ".join(rf"\leftarrow {row_names}_{{{k}}}" for k in range(len(M)))
    return matrix + rf" \begin{{matrix}} {names} \end{{matrix}}"


def _one_hot(seed: int) -> Question:
    rng = question_rng("one_hot", seed)
    n, d_v = int(rng.integers(3, 6)), int(rng.integers(2, 4))
    while True:  # distinct rows, none equal to the mean, so every wrong reading is told apart
        V = rng.integers(-3, 4, size=(n, d_v)).astype(float)
        if len({tuple(r) for r in V}) == n and not any(np.allclose(r, V.mean(0)) for r in V):
            break
    i, j = int(rng.integers(0, n)), int(rng.integers(0, n))  # positions from 0, as V's rows count
    out = one_hot_attention(V, i, j, seed).output[i]  # (d_v,)
    prompt = (f"Query {i}'s weights are one-hot: 1 on token {j} and 0 on every other token. V has one row per "
              f"token, shown below; tokens and rows count from 0. What is query {i}'s output? Type its {d_v} "
              "entries.")
    why = (f"The output is Σⱼ wⱼ vⱼ = 1 · v{_sub(j)} = {vector_text(out)}: a one-hot row copies token {j}'s "
           "value exactly.")
    return Question("one_hot", seed, prompt, tuple(float(x) for x in out), vector_text(out), why, "vector",
                    params={"n": n, "d_v": d_v, "i": i, "j": j, "V": V.tolist()}, latex="V = " + _latex_matrix(V, "v"),
                    tolerance=1e-6)


def _sub(k: int) -> str:
    return str(k).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))


def _hint_one_hot(q: Question, value) -> str:
    V, j, d_v = np.array(q.params["V"]), q.params["j"], q.params["d_v"]
    if len(value) != d_v:
        return f"The output has {d_v} entries, one per column of V."
    for k, row in enumerate(V):  # v₀ is row 0
        if k != j and np.allclose(value, row):
            return f"That is v{_sub(k)}, token {k}'s value; the weight 1 sits on token {j}, row {j} of V."
    if len(V) == d_v and np.allclose(value, V[:, j]):
        return f"That is column {j} of V; the output mixes V's rows, one per token."
    if np.allclose(value, V.mean(0)):
        return "That is the plain average of the values, which equal weights would give."
    return ""


def _qk_variance(seed: int) -> Question:
    rng = question_rng("qk_variance", seed)
    d_k = 64 if seed == 0 else int(rng.choice([4, 8, 16, 32, 64, 128, 256, 512]))
    var = qk_variance_theory(d_k)
    prompt = (f"q and k each have d_k = {d_k} entries, all independent with mean 0 and variance 1. What is the "
              "variance of their dot product q·k?")
    why = (f"q·k = Σᵢ qᵢkᵢ is a sum of {d_k} independent products, each with mean 0 and variance 1 · 1 = 1; "
           f"variances of independent terms add, so {short(var)} (a standard deviation of √{d_k} = "
           f"{short(math.sqrt(var)) if math.sqrt(var).is_integer() else num(math.sqrt(var), 3)}).")
    return Question("qk_variance", seed, prompt, var, short(var), why, "number", params={"d_k": d_k},
                    tolerance=1e-9)


def _hint_qk_variance(q: Question, value) -> str:
    d_k = q.params["d_k"]
    if abs(value - math.sqrt(d_k)) < 1e-3 and d_k != 1:
        return "That is the standard deviation; the variance is its square."
    if value == 1 and d_k != 1:
        return "That is the variance after dividing q·k by √d_k."
    if value == d_k**2:
        return "Variances of independent terms add: d_k terms of variance 1 give d_k, not d_k²."
    return ""


def _steps(seed: int) -> Question:
    rng = question_rng("steps", seed)
    n = 10 if seed == 0 else int(rng.integers(4, 33))
    steps = steps_matrix(attention_reads(n))[n - 1, 0]  # from the first token, 0, to the last, n − 1
    rnn = steps_matrix(recurrent_reads(n))[n - 1, 0]
    prompt = (f"In a sentence of {n} tokens, counted from 0, how many attention layers does information from "
              f"token 0 need to reach token {n - 1}, the last?")
    why = (f"In one layer the query of token {n - 1} scores every key, token 0's included, and takes a share of its "
           f"value: {short(steps)} step. A {inline('recurrent network')} reading left to right needs {short(rnn)}, "
           "one per token it passes through.")
    return Question("steps", seed, prompt, float(steps), short(steps), why, "number", params={"n": n},
                    tolerance=1e-9)


def _hint_steps(q: Question, value) -> str:
    n = q.params["n"]
    return "That is what a recurrent network reading left to right needs." if value == n - 1 else ""


def _weights_total(seed: int) -> Question:
    rng = question_rng("weights_total", seed)
    n = int(rng.integers(3, 17))
    weights = scaled_dot_product_attention(rng.standard_normal((n, 4)), rng.standard_normal((n, 4)),
                                           rng.standard_normal((n, 2))).weights  # (n, n)
    total = float(weights.sum())
    prompt = f"For a sentence of {n} tokens, what do all {n * n} entries of the weight matrix add up to?"
    why = f"Each of the {n} rows shares out exactly 1 over the keys, so together they add up to {num(total, 0)}."
    return Question("weights_total", seed, prompt, total, num(total, 0), why, "number", params={"n": n},
                    tolerance=1e-6)


def _hint_weights_total(q: Question, value) -> str:
    n = q.params["n"]
    if value == 1:
        return f"Each row sums to 1, and there are {n} rows, one per query."
    if value == n * n:
        return "That counts the entries; each weight lies between 0 and 1."
    return ""


def _two_keys(seed: int) -> Question:
    """[s, 0] at d_k, redrawn until the unscaled weight, the reply that skips the division, is marked wrong at the
    two decimals asked (at [16, 0] and d_k = 4 both weights read 1.00)."""
    rng = question_rng("two_keys", seed)
    for _ in range(100):
        if seed == 0:
            s, d_k = 8, 64
        else:
            s, d_k = int(rng.choice([4, 6, 8, 10, 12, 16])), int(rng.choice([4, 16, 64, 256]))
        q = _two_keys_at(seed, s, d_k)
        if catches(q, float(_two_keys_of(q.params).p_unscaled[0])):
            return q
    raise ValueError(f"no two-key question at seed {seed} tells the unscaled weight from the scaled one")


def _two_keys_at(seed: int, s: int, d_k: int) -> Question:
    two = compare_two_keys([s, 0], d_k)
    p = float(two.p_scaled[0])
    prompt = (f"Two keys score [{s}, 0] before scaling, and d_k = {d_k}. After dividing by √d_k, what weight does "
              "softmax give the first key? Two decimals are enough.")
    why = (f"Dividing by √{d_k} = {short(two.divisor)} turns [{s}, 0] into [{short(two.scaled[0])}, 0], and "
           f"softmax of that is {enough_vec(two.p_scaled, 3)}; without the division it would be "
           f"{enough(two.p_unscaled[0], 4)} for the first key.")
    return Question("two_keys", seed, prompt, p, enough(p, 3), why, "number", params={"s": s, "d_k": d_k},
                    tolerance=0.0051, decimals=2)


def _hint_two_keys(q: Question, value) -> str:
    two = compare_two_keys([q.params["s"], 0], q.params["d_k"])
    if abs(value - two.p_unscaled[0]) < 0.0051:
        return "That is the weight without dividing by √d_k."
    if abs(value - two.p_scaled[1]) < 0.0051:
        return "That is the second key's weight."
    if value > 1:
        return "A softmax weight is never above 1."
    return ""


# ------------------------------------------------------------------------------ the kinds, each declared once


@dataclass(frozen=True)
class Kind:
    """One Check yourself question kind: its name (the page's widgets answer_<name>, check_<name>; class mode's
    "quiz.<name>"), its title for the teacher's dashboard, how its question is made at a seed, the hint for a wrong
    reply, and the wrong answers it expects, each with its misconception and its values in the Question asked."""

    name: str
    title: str
    make: Callable[[int], Question]
    hint: Callable[[Question, Any], str]
    wrong: tuple[Wrong, ...]
    # The wrong answers (by their `answer`) that skip the step the question tests: dividing by √d_k, the softmax
    # axis, d_k against d_model. Its maker draws numbers where each is caught (`catches`) at the precision asked.
    skips: tuple[str, ...] = ()

    def skipped(self, q: Question) -> list[Any]:
        """The replies that skip the tested step, in the question `q` of this kind."""
        return [v for w in self.wrong if w.answer in self.skips for v in w.values(q)]

    @cached_property  # one Asked per kind, so that two reads of it are equal (its gives_away is a closure)
    def asked(self) -> Asked:
        """The kind as class mode records it and attn_lessons.misconceptions reads it."""
        return Asked(f"quiz.{self.name}", self.title, "quiz", self.wrong,
                     gives_away=lambda state: gives_away(self.name, state))


def _params(make: Callable[[Mapping[str, Any]], Sequence[Any]]) -> Callable[[Question], Sequence[Any]]:
    """A wrong answer computed from the question's own numbers."""
    return lambda q: make(q.params)


def _picks(**options: tuple[str, str]) -> tuple[Wrong, ...]:
    """A choice's wrong options, key=(the answer, what it shows); the right option is never among them."""
    return tuple(Wrong(answer, shows, const(key)) for key, (answer, shows) in options.items())


def _one_hot_rows(q: Question):
    """V, the query's row and the weighted token's row, numbered as the question numbers them."""
    V, i, j = np.array(q.params["V"]), q.params["i"], q.params["j"]
    base = 0 if j < len(V) and np.allclose(V[j], q.answer) else 1  # tokens counted from 0 or from 1
    return V, i - base, j - base


def _other_row(q: Question):
    V, i, j = _one_hot_rows(q)
    return [tuple(V[i])] if i != j else []


def _column(q: Question):
    V, _, j = _one_hot_rows(q)
    return [tuple(V[:, j])] if V.shape[0] == V.shape[1] else []


def _two_keys_of(p) -> TwoKeys:
    return compare_two_keys([p["s"], 0], p["d_k"])


# The order the page asks them in: the source text's two first. Seed 0 asks the source text's own numbers
# (10 tokens, d_k = 64, [8, 0]). The causal row's wrong counts come from the right count k (the query and the keys
# before it) and n, whichever way the rows are numbered.
QUIZ_KINDS: tuple[Kind, ...] = (
    Kind("weights_shape", "What shape is the weight matrix?", _weights_shape, _hint_weights_shape, (
        Wrong("the transpose", "one row per key instead of one per query",
              _params(lambda p: [(p["n_k"], p["n_q"])] if p["n_k"] != p["n_q"] else [])),
        Wrong("one number per query", "one weight per token instead of one per query–key pair",
              _params(lambda p: [(p["n_q"],)])))),
    Kind("why_scale", "Why divide the scores by √d_k?", _why_scale, _hint_choice, _picks(
        sum=("makes each row sum to 1", "the scale is what makes the rows sum to 1"),
        overflow=("stops exp() overflowing", "the scale is there to stop exp() overflowing"),
        uniform=("gives every key the same weight", "the scale makes every weight equal"))),
    Kind("softmax_axis", "Which axis does softmax normalise over?", _softmax_axis, _hint_choice, _picks(
        queries=("over the queries", "softmax over the queries"),
        all=("over every entry", "softmax over the whole matrix")), skips=("over the queries", "over every entry")),
    Kind("qkv_shapes", "What shape is Q, K, V or the output?", _qkv_shapes, _hint_qkv_shapes, (
        Wrong("the weights' shape", "confuses the matrix asked for with the n × n weights",
              _params(lambda p: [p["shapes"]["weights"]] if p["shapes"][p["which"]] != p["shapes"]["weights"]
                      else [])),
        Wrong("n × d_model", "a projection keeps the width d_model",
              _params(lambda p: [(p["n"], p["d_model"])] if p["shapes"][p["which"]] != (p["n"], p["d_model"])
                      else []))), skips=("n × d_model",)),
    Kind("roles", "Which matrices decide the weights?", _roles, _hint_choice, _picks(
        qv=("Q and V decide the weights", "the values help decide the weights"),
        kv=("K and V decide the weights", "the keys and values decide the weights, not the queries"),
        q=("Q alone decides the weights", "the queries alone decide the weights"))),
    Kind("scale_heads", "What does each head divide its scores by?", _scale_heads, _hint_scale_heads, (
        Wrong("√d_model", "divides by √d_model, not one head's √d_k", _params(lambda p: [math.sqrt(p["d_model"])])),
        Wrong("d_k", "divides by d_k, not √d_k", _params(lambda p: [float(p["d_k"])])),
        Wrong("1/√d_k", "gives the factor to multiply by", _params(lambda p: [1 / math.sqrt(p["d_k"])])),
        Wrong("d_model", "divides by d_model", _params(lambda p: [float(p["d_model"])]))), skips=("√d_model",)),
    Kind("causal_row", "How many keys does a causal row reach?", _causal_row, _hint_causal_row, (
        Wrong("the keys after it", "the causal mask read backwards",
              lambda q: [q.params["n"] - int(q.answer) + 1.0]),
        Wrong("one fewer", "a token never sees its own key", lambda q: [int(q.answer) - 1.0]),
        Wrong("every key", "the causal mask left out", _params(lambda p: [float(p["n"])])),
        Wrong("one", "a token sees only itself", const(1.0)))),
    Kind("identical_tokens", "Do two copies of a word differ?", _identical_tokens, _hint_choice, _picks(
        differ=("they differ", "attention knows word order without positions"),
        zero=("the second is all zeros", "attention remembers the words already seen"))),
    Kind("one_hot", "What does a one-hot row of weights output?", _one_hot, _hint_one_hot, (
        Wrong("the query's own value", "copies the query's own value, not the one its weight is on", _other_row),
        Wrong("a column of V", "mixes V's columns instead of its rows", _column),
        Wrong("the average of the values", "equal weights, whatever the weights say",
              _params(lambda p: [tuple(np.array(p["V"]).mean(0))])))),
    Kind("qk_variance", "What is the variance of q·k?", _qk_variance, _hint_qk_variance, (
        Wrong("√d_k", "gives the standard deviation, not the variance",
              _params(lambda p: [math.sqrt(p["d_k"])] if p["d_k"] != 1 else [])),
        Wrong("1", "the variance after dividing by √d_k", const(1.0)),
        Wrong("d_k²", "variances multiply instead of adding", _params(lambda p: [float(p["d_k"] ** 2)])))),
    Kind("steps", "How many layers from the first token to the last?", _steps, _hint_steps, (
        Wrong("n − 1", "counts steps as a recurrent network does", _params(lambda p: [p["n"] - 1.0])),)),
    Kind("weights_total", "What do all the weights add up to?", _weights_total, _hint_weights_total, (
        Wrong("1", "the whole matrix sums to 1, not each row", const(1.0)),
        Wrong("n²", "counts the entries instead of adding the weights", _params(lambda p: [p["n"] ** 2.0]))),
        skips=("1",)),  # softmax over the whole matrix, not each row
    Kind("two_keys", "What weight does the first of two scaled keys get?", _two_keys, _hint_two_keys, (
        Wrong("the unscaled weight", "forgets to divide by √d_k",
              _params(lambda p: [float(_two_keys_of(p).p_unscaled[0])])),
        Wrong("the second key's weight", "reads the other key's weight",
              _params(lambda p: [float(_two_keys_of(p).p_scaled[1])]))), skips=("the unscaled weight",)),
)
KIND: dict[str, Kind] = {k.name: k for k in QUIZ_KINDS}
KINDS: tuple[str, ...] = tuple(KIND)  # the kinds' names, in the page's order


def make_question(kind: str, seed: int) -> Question:
    """The question of this kind at this seed, its numbers drawn from a generator seeded by both."""
    if kind not in KIND:
        raise ValueError(f"unknown question kind {kind!r}; expected one of {', '.join(KINDS)}")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"seed must be a whole number of at least 0, got {seed!r}")
    return KIND[kind].make(int(seed))


# ------------------------------------------------------------------------------- what the reveals found


def reveal_weights_shape(words_q: Sequence[str], words_k: Sequence[str], shape) -> Said:
    """What attention on the question's sentence (or pair of sentences) produced. Facts: n_q, n_k (the tokens
    counted) and said (the shape as printed)."""
    facts = {"n_q": len(words_q), "n_k": len(words_k), "said": {"shape": shape_text(shape)}}
    if list(words_q) == list(words_k):
        return Said(f"Attention just ran on the {len(words_q)}-token sentence {quoted(words_q)} and produced this "
                    f"{facts['said']['shape']} weight matrix: one row of weights per query, one column per key.", facts)
    return Said(f"The {plural(len(words_q), 'query', 'queries')} of {quoted(words_q)} just attended to the "
                f"{plural(len(words_k), 'key')} of {quoted(words_k)}: the weight matrix is {facts['said']['shape']}, "
                "a row per query and a column per key.", facts)


def reveal_why_scale(d_k: int, dots, two: TwoKeys) -> Said:
    """The spread of q·k measured at the learner's d_k, the two-key softmax one standard deviation apart, and why its
    gradient comparison differs from the Scaling explorer's 73× (whether the scores saturate softmax). Facts:
    gradients (scaling.gradients_compared's), saturation (scaling.saturation_compared's) and said (std, score,
    unscaled and scaled: the second key's weight, scaled_score, as printed)."""
    std = float(np.std(dots))
    gradients, saturation = gradients_compared(two), saturation_compared(two, 'These scores')
    said = {"std": enough(std, 2), "score": enough(two.scores[0], 2), "unscaled": enough(two.p_unscaled[1], 3),
            "scaled_score": enough(two.scaled[0], 2), "scaled": enough(two.p_scaled[1], 3)}
    facts = {"gradients": gradients.facts, "saturation": saturation.facts, "said": said}
    return Said(f"At your d_k = {d_k}, {len(dots):,} random pairs of q and k give q·k a standard deviation of "
                f"{said['std']} ({sqrt_text(d_k, 2)}). Take two keys one standard deviation apart, "
                f"scores [{said['score']}, 0]. Unscaled, softmax gives the second key a weight of {said['unscaled']}. "
                f"Divided by √{d_k}, the scores are [{said['scaled_score']}, 0] and the second key keeps "
                f"{said['scaled']}; {gradients.text}.\n\n{saturation.text}", facts)


def share(total: int, parts: int) -> str:
    """What each of `parts` gets of `total` on average: '2/4 = 0.5', '2/7 ≈ 0.286'."""
    mean = total / parts
    return f"{total}/{parts} = {short(mean)}" if float(short(mean)) == mean else f"{total}/{parts} ≈ {enough(mean, 3)}"


def reveal_sums(weights) -> Said:
    """What sums to 1 in a weight matrix (n_q, n_k), and what does not: the column sums with their average, the
    one number the hint for “over the queries” cites. Facts: columns_alike (every column sum prints the same) and
    said (row_gap, the largest |row sum − 1|; low and high, the column sums' range; share; total), as printed."""
    W = np.asarray(weights, dtype=float)
    (n_q, n_k), rows, cols = W.shape, W.sum(axis=-1), W.sum(axis=0)
    said = {"low": enough(cols.min(), 3), "high": enough(cols.max(), 3),
            "row_gap": enough(np.abs(rows - 1).max(), below=CLOSE)}
    facts = {"columns_alike": said["low"] == said["high"], "said": said}
    spread = f"are all {said['low']}" if facts["columns_alike"] else f"run from {said['low']} to {said['high']}"
    if n_k > 1:
        said["share"] = share(n_q, n_k)
    columns = (f"its one column sums to {said['low']}" if n_k == 1 else
               f"the {n_k} column sums {spread}, {share(n_q, n_k)} on average")
    if n_q == 1:  # one row: the whole matrix is that row
        return Said(f"Its one row sums to 1 (gap {said['row_gap']}), and so does the whole matrix; {columns}.", facts)
    said["total"] = num(W.sum(), 3)
    return Said(f"Each of the {n_q} rows sums to 1 (largest gap {said['row_gap']}); {columns}, and the whole matrix "
                f"sums to {said['total']}.", facts)


def reveal_roles(t: RoleTest, n: int) -> Said:
    """How far the weights and output moved when each of Q, K, V was redrawn on the learner's sentence. Facts:
    decide and copied (the matrices named as deciding the weights, and as only changing what is copied; None for a
    single token) and said (each move as printed, 'weights Q', 'output V', …)."""
    if n < 2:
        return Said("Your sentence has a single token, so its one weight is 1 whatever Q and K are. Type a sentence "
                    "of at least two words in the sidebar to see Q and K move the weights.",
                    {"decide": None, "copied": None, "said": {}})
    said = {f"{what} {m}": _by(gaps[m]) for m in ("Q", "K", "V")
            for what, gaps in (("weights", t.weight_gaps), ("output", t.output_gaps))}
    facts = {"decide": tuple(sorted(t.decide_weights)), "copied": tuple(sorted(t.copied)), "said": said}
    parts = [f"redrawing {m} moves the weights {said['weights ' + m]} and the output {said['output ' + m]}"
             for m in ("Q", "K", "V")]
    return Said(f"On your {n}-token sentence, " + "; ".join(parts) + f". So {_roles_found(t)}.", facts)


def _roles_found(t: RoleTest) -> str:
    """'Q and K decide the weights, and V only changes what is copied', the verbs agreeing with what was found."""
    def does(names, verb: str) -> str:
        return f"{_names(names)} {verb}{'s' if len(names) == 1 else ''}" if names else f"none of Q, K and V {verb}s"

    return f"{does(t.decide_weights, 'decide')} the weights, and {does(t.copied, 'only change')} what is copied"


def reveal_scale_heads(d_model: int, h: int, dots) -> Said:
    """One head's q·k spread, measured, and what each candidate divisor leaves of it. Facts: near (the spread is
    called close to √d_k), flattens (÷ √d_model leaves the smaller spread; None with one head, where both divisors are
    the same) and said (std, by_d_k, by_d_model as printed)."""
    d_k = d_model // h
    std = float(np.std(dots))
    by_d_k, by_d_model = std / math.sqrt(d_k), std / math.sqrt(d_model)
    facts = {"near": bool(abs(by_d_k - 1) < 0.1),  # within 10 % of √d_k, as theory says it is
             "flattens": None if by_d_model == by_d_k else bool(by_d_model < by_d_k),
             "said": {"std": enough(std, 2), "by_d_k": enough(by_d_k, 2)}}
    said = facts["said"]
    measured = (f"{len(dots):,} random pairs of one head's q and k (d_k = {d_k}) give q·k a standard deviation of "
                f"{said['std']}, {'close to' if facts['near'] else 'against'} {sqrt_text(d_k, 2)}.")
    if facts["flattens"] is None:  # one head: d_model = d_k
        return Said(f"{measured} With one head d_model = d_k, so both divisors leave a spread of {said['by_d_k']}.",
                    facts)
    said["by_d_model"] = enough(by_d_model, 2)
    return Said(f"{measured} Divided by √{d_k} it spreads {said['by_d_k']}; divided by √d_model = √{d_model} "
                + (f"only {said['by_d_model']}, which flattens the weights." if facts["flattens"] else
                   f"{said['by_d_model']}, which sharpens them."), facts)


def reveal_causal_row(labels: Sequence[str], weights, i: int) -> Said:
    """Which keys row i (from 0) of a causal weight matrix reaches, and what it gives the rest. Facts: reached (the
    indices of the keys named as having weight), after (how many keys after the query are said to get 0) and said
    (total, the row's sum as printed)."""
    row = np.asarray(weights, dtype=float)[i]
    reached = [int(j) for j in np.flatnonzero(row > 0)]
    listed = listing([f"“{labels[j]}”" for j in reached])
    facts = {"reached": reached, "after": len(row) - 1 - i,
             "said": {"total": "1" if abs(row.sum() - 1) < CLOSE else enough(row.sum(), 3)}}  # 1 up to rounding
    return Said(f"Row {i} (“{labels[i]}”) has {plural(len(reached), 'nonzero weight')}, on {listed}, summing to "
                f"{facts['said']['total']}; {keys_after(facts['after'])}.", facts)


def reveal_identical(word: str, a: int, b: int, gap_plain: float, gap_positional: float) -> Said:
    """The gap between the two copies' output rows (at positions a and b, from 0), without and with positions.
    Facts: identical (without positions) and said (plain and positional, each gap as printed)."""
    facts = {"identical": bool(gap_plain < CLOSE), "said": {"plain": _by(gap_plain), "positional": _by(gap_positional)}}
    return Said(f"With your seed and d_model, the output rows of “{word}” at positions {a} and {b} differ "
                f"{facts['said']['plain']} without positions: "
                f"{'identical' if facts['identical'] else 'not identical'}. "
                f"With sinusoidal positions added to X they differ {facts['said']['positional']}.", facts)


def reveal_one_hot(weights_row, j: int, output) -> Said:
    """The output written out as the weighted sum of the value rows. Facts: said (weights and output as printed)."""
    terms = " + ".join(f"{short(w)} · v{_sub(k)}" for k, w in enumerate(weights_row))  # v₀ is row 0
    facts = {"said": {"weights": vector_text(weights_row), "output": vector_text(output)}}
    return Said(f"Attention ran with a mask that lets every query read token {j} only, so the weights row is "
                f"{facts['said']['weights']} and output = {terms} = {facts['said']['output']}.", facts)


def reveal_qk_variance(d_k: int, dots) -> Said:
    """The measured variance and spread of q·k against d_k and √d_k. Facts: said (variance and std as printed)."""
    dots = np.asarray(dots, dtype=float)
    facts = {"said": {"variance": enough(dots.var(), 2), "std": enough(dots.std(), 2)}}
    return Said(f"{len(dots):,} random pairs at d_k = {d_k} give q·k a variance of {facts['said']['variance']} "
                f"(theory: {d_k}) and a standard deviation of {facts['said']['std']} (theory: {sqrt_text(d_k, 2)}).",
                facts)


def reveal_steps(n: int) -> Said:
    """Steps from token 0 to token n − 1 for attention and for a recurrent network, from the step matrices. Facts:
    attention and recurrent, the two counts, and said (each as printed)."""
    att, rnn = int(steps_matrix(attention_reads(n))[n - 1, 0]), int(steps_matrix(recurrent_reads(n))[n - 1, 0])
    facts = {"attention": att, "recurrent": rnn,
             "said": {"attention": plural(att, 'step'), "recurrent": plural(rnn, 'step')}}
    return Said(f"Counting layers on the two reading patterns of {n} tokens: attention takes "
                f"{facts['said']['attention']} from token 0 to token {n - 1}; a recurrent network reading "
                f"left to right takes {facts['said']['recurrent']}.", facts)


def reveal_total(weights) -> Said:
    """The row sums of a weight matrix and their total. Facts: said (row_gap, the largest |row sum − 1|, and total
    as printed)."""
    W = np.asarray(weights, dtype=float)
    rows = W.sum(axis=-1)
    facts = {"said": {"row_gap": enough(np.abs(rows - 1).max(), below=CLOSE)}}
    if W.shape[0] == 1:
        return Said(f"On the 1-token sentence, the one weight is 1 (gap {facts['said']['row_gap']}).", facts)
    facts["said"]["total"] = num(W.sum(), 3)
    return Said(f"On the {W.shape[0]}-token sentence, each of the {W.shape[0]} rows sums to 1 (largest gap "
                f"{facts['said']['row_gap']}) and the {W.size} weights add up to {facts['said']['total']}.", facts)


def reveal_two_keys(two: TwoKeys) -> Said:
    """softmax of the two scores before and after dividing by √d_k. Facts: gradients (scaling.gradients_compared's)
    and said (unscaled and scaled, the weights as printed)."""
    gradients = gradients_compared(two)
    facts = {"gradients": gradients.facts,
             "said": {"unscaled": enough_vec(two.p_unscaled, 4), "scaled": enough_vec(two.p_scaled, 3)}}
    return Said(f"softmax([{short(two.scores[0])}, 0]) = {facts['said']['unscaled']}; divided by "
                f"√{two.d_k} = {short(two.divisor)}, softmax([{short(two.scaled[0])}, 0]) = "
                f"{facts['said']['scaled']}. For the second key, {gradients.text}.", facts)


# ------------------------------------------------------------------------- one step, and the score


def one_step_text(tokens: Sequence[str]) -> str:
    """Steps from the first token to the last for attention and for a left-to-right recurrent network."""
    n = len(tokens)
    if n < 2:
        return ("Your sentence has a single token, so there is no other token to reach. Type a sentence of at "
                "least two words in the sidebar.")
    att = int(steps_matrix(attention_reads(n))[n - 1, 0])
    rnn = int(steps_matrix(recurrent_reads(n))[n - 1, 0])
    return (f"Your sentence has {n} tokens. From “{tokens[0]}” (token 0) to “{tokens[-1]}” (token {n - 1}), "
            f"attention needs {plural(att, 'step')}: token {n - 1}'s query reads token 0's key and value directly. A "
            f"recurrent network reading left to right needs {plural(rnn, 'step')}, n − 1 = {n} − 1, passing "
            "the information through every token in between.")


def causal_step_text(n: int) -> str:
    """Under a causal mask: how many ordered pairs are one step apart, and how many never connect."""
    if n < 2:
        return "With a single token there are no pairs to connect."
    steps = steps_matrix(attention_reads(n, causal_mask(n)))
    one, never = int((steps == 1).sum()), int(np.isinf(steps).sum())
    other = "the other pair" if never == 1 else f"the other {never} pairs"
    return (f"Under a causal mask, {one} of the {n * (n - 1)} ordered pairs of different tokens "
            f"{'is' if one == 1 else 'are'} one step apart: every token reads each earlier token directly. In "
            f"{other} the information would have to flow from a later token back to an earlier one, and it never "
            "arrives, however many layers you stack.")


def score_text(first_statuses: Sequence[str], total: int) -> str:
    """The session's score from each answered question's first verdict."""
    right = sum(s == RIGHT for s in first_statuses)
    answered = sum(s in (RIGHT, WRONG) for s in first_statuses)
    shown = sum(s == SHOWN for s in first_statuses)
    if not answered and not shown:
        return f"You have not answered any of the {total} questions yet."
    parts = [f"{right} of {plural(answered, 'answer')} right at the first try"] if answered else []
    parts += [f"{plural(shown, 'answer')} shown without a try"] if shown else []
    return "This session: " + listing(parts) + "."


# ------------------------------------------------------------------ the page's other words about its numbers


def reveal_softmax_axis(words_q: Sequence[str], words_k: Sequence[str], weights) -> Said:
    """The sentences the queries and the keys came from, then what sums to 1 in their weights (n_q, n_k): facts,
    reveal_sums'."""
    sums = reveal_sums(weights)
    return Said(f"Queries from {quoted(words_q)}, keys from {quoted(words_k)}. " + sums.text, sums.facts)


def reveal_qkv_shapes(arrays: Mapping[str, np.ndarray]) -> str:
    """How each shape came about in arrays multiplied just now, as a markdown list."""
    return ("Random X and W of these sizes, multiplied just now:\n\n"
            + "\n".join(f"- {line}" for line in shape_flow(arrays)))


def qk_variance_title(d_k: int, n_pairs: int) -> str:
    """The histogram's title: the width and how many pairs it counts."""
    return f"q·k, d_k = {d_k}  ({n_pairs:,} pairs)"


def steps_metric(name: str, steps) -> tuple[str, str]:
    """A metric's label and value: the steps from token 0 to token n − 1 in an (n, n) step matrix."""
    n = len(steps)
    return f"{name.capitalize()}, token 0 → token {n - 1}", plural(int(np.asarray(steps)[n - 1, 0]), "step")


def take_home_intro(number: int, with_steps: bool) -> str:
    """What the page's code and notebook hold: question `number`'s attention, and the step counts if drawn."""
    if with_steps:  # the step counts answer the steps question: named by number, never by the section's header
        printed = (f"and the step counts between your sentence's tokens (it prints the answers to questions "
                   f"{number} and {KINDS.index('steps') + 1}, so try them first)")
    else:
        printed = "(it prints the answer, so try the question first)"
    return (f"This page's numbers in plain numpy: question {number}'s attention at these numbers {printed}. It is "
            "the code of the notebook below, which also checks its results against the page.")


def notebook_shape_sentence(labels_q: list[str], labels_k: list[str]) -> str:
    """The notebook's words on question 1's attention: self-attention on one sentence, or cross-attention."""
    n_q, n_k = len(labels_q), len(labels_k)
    if labels_q == labels_k:
        return f"Attention on the {n_q}-token sentence: one row of weights per query, one column per key."
    return f"Cross-attention: {n_q} queries from one sentence, {n_k} keys and values from another."


# ------------------------------------------------------------------------------------- the page's fixed words


INTRO = (  # the last page of the route: its questions may ask about every idea before it, masks and heads too
    "Questions on the whole route, from Q, K and V to masks and heads. **Check** marks your answer and a small "
    "computation, run just now, proves it; **Show me** gives the answer unmarked; **New numbers** draws a fresh "
    "set."
)
SKIP_NOTICE = "**Skip the predictions** is on: it skips the other pages' questions, not this quiz."
SEED_HELP = "Seed 0 asks the source text's own numbers."
PLACEHOLDERS = {"shape": "rows × columns", "number": "a number", "vector": "its entries in order, like [a, b]"}
WHY_SCALE_CAPTION = ("The wider d_k, the further apart the two keys' typical scores, and the more the division "
                     "matters: raise d_model or lower heads in the sidebar to see it.")
ONE_STEP_HEADER = "With no mask, every position in one step"
# The source text says "every position can see every other one in one step"; that holds with no mask (a causal mask,
# taught on Masks and heads, hides the later tokens), so the takeaway says so.
TAKEAWAY_ONE_STEP = ("The output is a weighted sum of values, so with no mask every position can see every other one "
                     "in one step.")
STEPS_CAPTION = f"The section “{ONE_STEP_HEADER}” below draws it for your own sentence."
ONE_STEP_INTRO = ("In one attention layer with no mask, every query scores every key, so each token's output can take "
                  "a share of any other token's value directly; a mask takes some of those pairs away. A recurrent "
                  "network reading left to right passes information one token per step.")
STEPS_CELL_CAPTION = "Each cell counts the layers token j's information needs to reach token i."
NEVER_ARRIVES = "+∞ (hatched) means it never arrives, however many layers you stack."
# The source text's four takeaways, each with the page that demonstrates it (its route name), the link's label, and
# the quiz kinds whose answers it states (the page holds it back while any of them is open).
TAKEAWAYS = (
    ("Each token asks with a query, offers a key, and provides a value.",
     "builder", "Build Q, K and V from your sentence", ("roles",)),
    ("Weights come from query-key dot products, normalized with softmax.",
     "home", "Watch one query score every key", ("roles",)),
    (TAKEAWAY_ONE_STEP,
     "masks", "See which pairs a mask keeps one step apart", ("steps", "one_hot")),
    ("Dividing by √d_k keeps softmax in a useful range as dimension grows.",
     "scaling", "Move d_k and watch softmax stay useful", ("why_scale",)),
)
# The page's other closing elements, by the quiz kinds whose answers they state: the one-step section (its header
# and "attention needs 1 step") and, inside it, the step counts under a causal mask (a row reads itself and every
# token before it).
ONE_STEP_ANSWERS = ("steps",)
CAUSAL_STEP_ANSWERS = ("causal_row",)
CLOSING_KINDS = frozenset(ONE_STEP_ANSWERS + CAUSAL_STEP_ANSWERS + tuple(k for *_, ks in TAKEAWAYS for k in ks))


def open_numbers(kinds: Sequence[str], open_kinds) -> list[int]:
    """The numbers (from 1, in the page's order) of the questions among `kinds` that are still open."""
    return [number for number, kind in enumerate(KINDS, 1) if kind in kinds and kind in open_kinds]


def held_back_note(numbers: Sequence[int], what: str, many: bool = False) -> str:
    """Why `what` ('The section … appears', '2 more takeaways appear') is not on the page yet: it states the answers
    to the open questions `numbers`."""
    asked = f"question {numbers[0]}" if len(numbers) == 1 else f"questions {listing([str(n) for n in numbers])}"
    answers = "its answer" if len(numbers) == 1 else "their answers"
    return f"{what} once you have checked or shown {asked}: {'they give' if many else 'it gives'} {answers} away."


def takeaways_held(count: int, total: int | None = None) -> str:
    """'1 more takeaway appears', '3 more takeaways appear'; 'The 4 takeaways appear' when every one of the `total`
    waits (no 'more' when none is shown): the subject of a held-back note."""
    verb = "appears" if count == 1 else "appear"
    if total is not None and count == total:
        return f"The takeaway {verb}" if count == 1 else f"The {count} takeaways {verb}"
    return f"{plural(count, 'more takeaway')} {verb}"


ONE_STEP_HELD = "A section on the steps between tokens appears"
CAUSAL_STEP_HELD = "The step counts under a causal mask appear"


def gives_away(kind: str, state) -> list[str]:
    """What states the answer of this kind's question while it is open: the closing elements that state it (the
    takeaways, the one-step section, the causal step counts) and its own explanation at the page's seed ("q")."""
    said = [text for text, _, _, kinds in TAKEAWAYS if kind in kinds]
    if kind in ONE_STEP_ANSWERS:
        said += [ONE_STEP_HEADER, STEPS_CELL_CAPTION]
    if kind in CAUSAL_STEP_ANSWERS:
        said += ["steps j → i, causal mask", NEVER_ARRIVES]
    try:
        said.append(make_question(kind, int(state.get("q", 0) or 0)).why)
    except ValueError:  # a seed the page itself would refuse: only the closing elements are declared
        pass
    return said
