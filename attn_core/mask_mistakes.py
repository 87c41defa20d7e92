"""Masking bugs that train without an error, each a named function beside the right one, and the checks that
catch them.

A mask is boolean, (n_q, n_k) or broadcastable to it, and True means "this query may attend to this key": the
meaning of a boolean `attn_mask` in torch.nn.functional.scaled_dot_product_attention. Every computation takes
Q (..., n, d_k), K (..., n, d_k), V (..., n, d_v) and the mask, and returns an `AttentionResult`, so a wrong
computation is drawn and checked exactly like the right one. Leading "..." axes are heads.

For the quiz: `MASK_MISTAKES` holds each bug as a `MaskMistake(name, label, run, symptom, check)` with
`run(Q, K, V, mask) -> AttentionResult`; `as_mistakes(mask)` wraps them as `attn_core.mistakes.Mistake`s
with the usual `run(Q, K, V, d_model)`. `quiz_pool` lists the ones this mask can tell apart,
`diagnose_mask` measures a mystery computation's symptoms, `identify_mask_mistake` names the bug from them,
and `explain` says why in a sentence. The Common mistakes quiz with the mask mistakes lives here too
(`masked_quiz_pool`, `identify_masked`): this module builds on `attn_core.mistakes`, never the other way round.

Sentences about the numbers are built here as plain strings; how a number reads is left to `fmt`, the page's
formatter (`attn_ui.format`), so attn_core stays free of the view layer.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from . import mistakes
from .attention import AttentionResult, causal_mask, scaled_dot_product_attention, softmax
from .masks import fully_masked_rows
from .mistakes import Diagnosis, Mistake, with_mask
from .tokens import embed, sinusoidal_positions, tokenize

CLOSE = 1e-9  # two float64 computations of the same quantity agree to well within this
DTYPES = ("float64", "float32", "float16")
FILLS = ("-1e9", "-1e6", "min")  # finite stand-ins for −∞; "min" is the dtype's lowest finite value
FILL_SHORT = {"-1e9": "−10⁹", "-1e6": "−10⁶", "min": "lowest"}  # a fill in a figure's column label
SCALE_UPS = (1, 10, 100, 1000)  # how much larger the scores get in the renormalising table
KNOWN_RATIO = 4.0  # the known-answer test: a query's own key scores ln 4, so it gets 4 times each other key's weight


class Formatter(Protocol):
    """What the sentences need from a number formatter; `attn_ui.format` is one."""

    def num(self, x: float, decimals: int = 3) -> str: ...

    def gap(self, x: float) -> str: ...

    def readable(self, x: float, decimals: int = 3) -> str: ...

    def listing(self, items) -> str: ...

    def plural(self, count: int, word: str, many: str | None = None) -> str: ...


# ---------------------------------------------------------------------------------------------------------
# PyTorch's documented meanings of a boolean mask


@dataclass(frozen=True)
class Convention:
    """What True means in one boolean mask argument of PyTorch, as its documentation states it."""

    api: str
    argument: str
    shape: str
    true_means: str
    true_allows: bool  # True: a True entry lets the pair attend; False: a True entry blocks it


SDPA = Convention("torch.nn.functional.scaled_dot_product_attention", "attn_mask (bool)", "(…, L, S)",
                  "this query may attend to this key", True)
MHA_ATTN_MASK = Convention("torch.nn.MultiheadAttention", "attn_mask (bool)", "(L, S)",
                           "this query may NOT attend to this key", False)
MHA_KEY_PADDING = Convention("torch.nn.MultiheadAttention", "key_padding_mask (bool)", "(N, S)",
                             "this key is padding: ignore it", False)
TORCH_CONVENTIONS = (SDPA, MHA_ATTN_MASK, MHA_KEY_PADDING)


def allowed_from(mask, convention: Convention) -> np.ndarray:
    """This page's "may attend" mask from a boolean mask written in `convention`.

    A key_padding_mask (…, S) is one flag per key, so it becomes (…, 1, S): the same key columns in every row."""
    mask = np.asarray(mask, dtype=bool)
    allowed = mask if convention.true_allows else ~mask
    return allowed[..., None, :] if convention is MHA_KEY_PADDING else allowed


# ---------------------------------------------------------------------------------------------------------
# Softmax in a chosen dtype, the textbook way and the safe way


def plain_softmax(x, dtype: str = "float64") -> np.ndarray:
    """The textbook softmax exp(x − max) / Σ exp(x − max) over the last axis, in `dtype`.

    A row of nothing but −∞ has max −∞, and −∞ − (−∞) is NaN: the whole row comes out NaN."""
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        x = np.asarray(x).astype(dtype)
        e = np.exp(x - x.max(axis=-1, keepdims=True))
        return e / e.sum(axis=-1, keepdims=True)


def safe_softmax(x, dtype: str = "float64") -> np.ndarray:
    """attn_core's softmax in `dtype`: the same as plain_softmax, except that a row of only −∞ gives 0s."""
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        x = np.asarray(x).astype(dtype)
        m = x.max(axis=-1, keepdims=True)
        m = np.where(np.isneginf(m), 0, m).astype(dtype)  # a fully blocked row: subtract 0, not −∞
        e = np.exp(x - m)
        total = e.sum(axis=-1, keepdims=True)
        return np.divide(e, total, out=np.zeros_like(e), where=total > 0)  # 0 weights instead of 0/0


def fill_value(fill: str, dtype: str) -> float:
    """The number a blocked score becomes: −10⁹, −10⁶ or the dtype's lowest value, as `dtype` stores it.

    float16 cannot hold −10⁹ or −10⁶ (its largest magnitude is 65,504): numpy rounds them to −∞."""
    if fill not in FILLS:
        raise ValueError(f"fill {fill!r} is not one of {', '.join(FILLS)}")
    if fill == "min":
        return float(np.finfo(dtype).min)
    with np.errstate(over="ignore"):
        return float(np.asarray(float(fill)).astype(dtype))  # float16: overflows to −inf, as in a GPU kernel


def masked_weights(scaled, mask, dtype: str = "float64") -> np.ndarray:
    """Right, in `dtype`: blocked scores become −∞ before the softmax; a fully blocked row gets 0s."""
    x = np.asarray(scaled).astype(dtype)
    return safe_softmax(np.where(np.asarray(mask, dtype=bool), x, -np.inf), dtype)


def renormalised_weights(scaled, mask, dtype: str = "float64") -> np.ndarray:
    """WRONG in floating point: softmax over every key, blocked weights zeroed, each row divided by its new sum.

    Exact arithmetic would give the masked weights. In floats, when a blocked score is far above every allowed
    one, the allowed weights underflow to 0 before the division, and 0 / 0 is NaN."""
    w = plain_softmax(scaled, dtype) * np.asarray(mask, dtype=bool)
    with np.errstate(invalid="ignore", divide="ignore"):
        return w / w.sum(axis=-1, keepdims=True)


def dtype_tolerance(dtype: str) -> float:
    """How far two roundings of the same weights may drift in `dtype`: ten units of its last place, or CLOSE."""
    return max(CLOSE, 10 * float(np.finfo(dtype).eps))


# ---------------------------------------------------------------------------------------------------------
# The right computation and the wrong ones


def _scaled_scores(Q, K) -> tuple[np.ndarray, np.ndarray, float]:
    """(Q Kᵀ, Q Kᵀ/√d_k, 1/√d_k) for Q (..., n_q, d_k) and K (..., n_k, d_k)."""
    Q, K = np.asarray(Q, dtype=float), np.asarray(K, dtype=float)
    scale = 1.0 / math.sqrt(Q.shape[-1])
    scores = Q @ np.swapaxes(K, -1, -2)  # (..., n_q, d_k) @ (..., d_k, n_k) -> (..., n_q, n_k)
    return scores, scores * scale, scale


def _result(scores, scaled, weights, V, scale) -> AttentionResult:
    """Package weights (..., n_q, n_k) with output = weights @ V (..., n_q, d_v); NaN weights give NaN outputs."""
    weights = np.asarray(weights, dtype=float)
    output = weights @ np.asarray(V, dtype=float)  # (..., n_q, n_k) @ (..., n_k, d_v) -> (..., n_q, d_v)
    return AttentionResult(scores=scores, scaled=scaled, weights=weights, output=output, scale=float(scale))


def masked_attention(Q, K, V, mask) -> AttentionResult:
    """Right: blocked scores are −∞ before the softmax; a query that may see no key gets 0 weights and output 0."""
    return scaled_dot_product_attention(Q, K, V, mask=np.asarray(mask, dtype=bool))


def mask_after_softmax(Q, K, V, mask) -> AttentionResult:
    """WRONG: softmax over every key first, then the blocked weights set to 0, so rows sum to less than 1."""
    scores, scaled, scale = _scaled_scores(Q, K)
    weights = softmax(scaled) * np.asarray(mask, dtype=bool)  # the bug: blocked keys already took their share
    return _result(scores, scaled, weights, V, scale)


def inverted_mask(Q, K, V, mask) -> AttentionResult:
    """WRONG: the mask's meaning flipped (a "True = ignore" mask passed as "True = may attend")."""
    return masked_attention(Q, K, V, ~np.asarray(mask, dtype=bool))


def mask_wrong_axis(Q, K, V, mask) -> AttentionResult:
    """WRONG: the mask's rows and columns swapped, as a key padding mask shaped (n, 1) instead of (1, n)."""
    mask = np.asarray(mask, dtype=bool)
    return masked_attention(Q, K, V, np.swapaxes(mask, -1, -2))  # blocks query rows where keys were meant


def naive_minus_inf(Q, K, V, mask, dtype: str = "float64") -> AttentionResult:
    """WRONG on a fully blocked row: −∞ with a plain softmax gives exp(−∞ − (−∞)) = NaN for the whole row."""
    scores, scaled, scale = _scaled_scores(Q, K)
    x = np.where(np.asarray(mask, dtype=bool), np.asarray(scaled).astype(dtype), -np.inf)
    return _result(scores, x.astype(float), plain_softmax(x, dtype), V, scale)


def finite_fill(Q, K, V, mask, fill: str = "-1e9", dtype: str = "float64") -> AttentionResult:
    """WRONG on a fully blocked row: blocked scores set to −10⁹ (or −10⁶) instead of −∞.

    Every score of a fully blocked row is then the same number, so its weights are uniform over keys it must
    not see. In float16 the fill overflows to −∞ and the row is NaN instead."""
    scores, scaled, scale = _scaled_scores(Q, K)
    x = np.where(np.asarray(mask, dtype=bool), np.asarray(scaled).astype(dtype), fill_value(fill, dtype))
    x = x.astype(dtype)
    return _result(scores, x.astype(float), plain_softmax(x, dtype), V, scale)


def safe_minus_inf(Q, K, V, mask, dtype: str = "float64") -> AttentionResult:
    """Right in `dtype`: −∞ before the softmax, and a fully blocked row gets weights 0 and output 0."""
    scores, scaled, scale = _scaled_scores(Q, K)
    x = np.where(np.asarray(mask, dtype=bool), np.asarray(scaled).astype(dtype), -np.inf)
    return _result(scores, x.astype(float), safe_softmax(x, dtype), V, scale)


def no_mask(Q, K, V, mask) -> AttentionResult:
    """WRONG: the mask is never applied, so every query reads every key, the future and the padding included."""
    del mask  # the bug: built, then never passed on
    return scaled_dot_product_attention(Q, K, V)


@dataclass(frozen=True)
class MaskMistake:
    """One masking bug: its short name, how the page names it, the function that makes it, and how to see it."""

    name: str
    label: str
    run: Callable[..., AttentionResult]  # run(Q, K, V, mask) -> AttentionResult; mask True = may attend
    symptom: str
    check: str


MASK_MISTAKES: tuple[MaskMistake, ...] = (
    MaskMistake("after_softmax", "Mask applied after the softmax", mask_after_softmax,
                "rows of the weights sum to less than 1, though no blocked pair gets any weight.",
                "assert np.allclose(weights.sum(-1), mask.any(-1))  # 1 per row, 0 for a fully blocked row"),
    MaskMistake("inverted", "The mask's meaning inverted", inverted_mask,
                "all the weight lands on pairs the mask blocks, and none on the pairs it allows.",
                "assert np.all(weights[~mask] == 0)  # blocked pairs get exactly 0"),
    MaskMistake("wrong_axis", "The mask on the wrong axis", mask_wrong_axis,
                "whole query rows are blocked instead of key columns, and the blocked keys still get weight.",
                "assert np.all(weights[~mask] == 0)  # with mask broadcast to (n, n) first"),
    MaskMistake("finite_fill", "A finite −10⁹ in place of −∞", finite_fill,
                "a query that may see no key gets even weights over the keys it must not read, or NaN in float16.",
                "assert np.all(output[~mask.any(-1)] == 0)  # a fully blocked row gives 0s"),
    MaskMistake("naive_inf", "−∞ with a plain softmax", naive_minus_inf,
                "a query that may see no key gets NaN weights and a NaN output, which spread from there.",
                "assert np.isfinite(output).all()  # no NaN, even for a fully blocked row"),
    MaskMistake("no_mask", "No mask where one was needed", no_mask,
                "every query reads every key: changing a later token moves the earlier outputs.",
                "assert np.allclose(out_before[:t], out_after[:t])  # change token t: nothing before t moves"),
)
MASK_BY_NAME = {m.name: m for m in MASK_MISTAKES}


def as_mistakes(mask) -> tuple[Mistake, ...]:
    """The mask mistakes as attn_core.mistakes.Mistake objects, run(Q, K, V, d_model), each applying `mask`."""
    mask = np.asarray(mask, dtype=bool)
    return tuple(Mistake(m.name, m.label, lambda Q, K, V, d_model, _run=m.run: _run(Q, K, V, mask))
                 for m in MASK_MISTAKES)


# ---------------------------------------------------------------------------------------------------------
# Diagnosing a mystery computation from its numbers


@dataclass(frozen=True)
class MaskDiagnosis:
    """The symptoms of a masked computation's weights, measured against the mask and the right computation."""

    nan_rows: int  # rows whose weights hold a NaN
    row_sum_gap: float  # largest |row sum − expected| (1 for a row that may see a key, 0 otherwise), NaN rows left out
    lowest_row_sum: float  # the smallest row sum of a row that may see a key (1.0 when there is none)
    allowed_pairs: int  # pairs the mask allows
    blocked_weight: float  # largest weight on a blocked pair, NaN rows left out
    allowed_weight: float  # largest weight on an allowed pair, NaN rows left out
    silenced_rows: int  # rows that may see a key but got no weight at all
    filled_rows: int  # fully blocked rows that got weight anyway
    weights_same: bool  # equal to the right weights
    same_as_unmasked: bool  # equal to the weights with no mask at all
    same_as_transposed: bool  # equal to the right computation with the mask's rows and columns swapped

    @property
    def rows_sum_right(self) -> bool:
        return self.row_sum_gap <= CLOSE


def diagnose_mask(Q, K, V, mask, result: AttentionResult) -> MaskDiagnosis:
    """Measure `result`'s weights against `mask` and against the right, unmasked and transposed computations."""
    w = np.asarray(result.weights, dtype=float)  # (..., n_q, n_k)
    m = np.broadcast_to(np.asarray(mask, dtype=bool), w.shape)
    nan_row = np.isnan(w).any(axis=-1)  # (..., n_q)
    ok = np.where(nan_row[..., None], 0.0, w)  # NaN rows left out of every other measure
    open_row = m.any(axis=-1)
    sums = ok.sum(axis=-1)
    gaps = np.where(nan_row, 0.0, np.abs(sums - open_row))
    opened = sums[open_row & ~nan_row]

    def same(other) -> bool:
        return bool(np.allclose(w, other.weights, rtol=0, atol=CLOSE))

    return MaskDiagnosis(
        nan_rows=int(nan_row.sum()),
        row_sum_gap=float(gaps.max(initial=0.0)),
        lowest_row_sum=float(opened.min(initial=1.0)),
        allowed_pairs=int(m.sum()),
        blocked_weight=float(np.max(np.where(m, 0.0, ok), initial=0.0)),
        allowed_weight=float(np.max(np.where(m, ok, 0.0), initial=0.0)),
        silenced_rows=int((open_row & ~nan_row & (ok.max(axis=-1) == 0)).sum()),
        filled_rows=int((~open_row & ~nan_row & (ok.max(axis=-1) > 0)).sum()),
        weights_same=same(masked_attention(Q, K, V, mask)),
        same_as_unmasked=same(scaled_dot_product_attention(Q, K, V)),
        same_as_transposed=same(mask_wrong_axis(Q, K, V, mask)),
    )


def identify_mask_mistake(d: MaskDiagnosis) -> str:
    """Name the mask mistake from its symptoms alone (the reasoning the quiz asks for), 'none' or 'unknown'."""
    if d.nan_rows:
        return "naive_inf"  # the right computation never gives NaN
    if d.weights_same:
        return "none"
    if d.same_as_unmasked:
        return "no_mask"
    if d.same_as_transposed:
        return "wrong_axis"
    if d.allowed_pairs and d.allowed_weight == 0:
        return "inverted"  # some pairs are allowed, yet not one of them got weight
    if d.blocked_weight == 0 and not d.rows_sum_right:
        return "after_softmax"
    if d.filled_rows:
        return "finite_fill"
    return "unknown"


def quiz_pool(Q, K, V, mask) -> list[MaskMistake]:
    """The mask mistakes that this mask lets a learner tell apart: each one's symptoms name it and no other."""
    return [m for m in MASK_MISTAKES
            if identify_mask_mistake(diagnose_mask(Q, K, V, mask, m.run(Q, K, V, mask))) == m.name]


# ---------------------------------------------------------------------------------------------------------
# The Common mistakes quiz with the mask mistakes: every computation, right or wrong, is given the same mask


def masked_quiz_pool(Q, K, V, d_model: int, mask) -> list[Mistake]:
    """The quiz's pool under `mask`: this width's mistakes (mistakes.quiz_pool), each made with the mask applied, then
    the mask mistakes whose symptoms this mask lets a learner tell apart (quiz_pool)."""
    ordinary = [with_mask(m, mask) for m in mistakes.quiz_pool(d_model, np.shape(Q)[-1])]
    telling = {m.name for m in quiz_pool(Q, K, V, mask)}
    return ordinary + [m for m in as_mistakes(mask) if m.name in telling]


def identify_masked(d: Diagnosis, dm: MaskDiagnosis) -> str:
    """Name any quiz mistake made under a mask from its symptoms: `d` from diagnose(right, wrong, mask) against the
    right masked computation, `dm` from diagnose_mask. A mistake's name, 'none' or 'unknown'."""
    name = identify_mask_mistake(dm)
    if name in ("naive_inf", "no_mask", "wrong_axis", "inverted"):
        return name  # NaN, the unmasked weights, the mask turned around or inverted: no other mistake does these
    if not d.rows_sum_to_one and d.col_sum_gap < mistakes.SUMS_TO_ONE:
        return "axis0"  # the columns sum as they should and the rows do not: zeroing after the softmax spoils both
    if name in ("after_softmax", "finite_fill"):
        return name
    return mistakes.identify(d)  # the mask was applied right ('none' or 'unknown' here): the usual symptoms decide


def explain(name: str, d: MaskDiagnosis, fmt: Formatter) -> str:
    """What mistake `name` does to the symptoms, and what was measured here: the quiz's feedback."""
    n = fmt.num
    if name == "after_softmax":
        return (f"zeroing after the softmax gives blocked pairs exactly 0 but leaves rows summing to less than 1; "
                f"here the largest weight on a blocked pair is {n(d.blocked_weight)} and the lowest row sum is "
                f"{n(d.lowest_row_sum)}.")
    if name == "inverted":
        return (f"an inverted mask puts all the weight on blocked pairs and none on allowed ones; here the largest "
                f"weight on an allowed pair is {n(d.allowed_weight)} and on a blocked pair {n(d.blocked_weight)}.")
    if name == "wrong_axis":
        return (f"a mask on the wrong axis is the right computation with the mask's rows and columns swapped; here "
                f"the weights {'are' if d.same_as_transposed else 'are not'} exactly that, "
                f"{fmt.plural(d.silenced_rows, 'row')} that may see a key got no weight, and blocked pairs got "
                f"up to {n(d.blocked_weight)}.")
    if name == "finite_fill":
        return (f"a finite fill changes only the fully blocked rows, which get weight on keys they must not read "
                f"instead of 0; here {fmt.plural(d.filled_rows, 'fully blocked row')} got weight.")
    if name == "naive_inf":
        return (f"−∞ with a plain softmax turns every fully blocked row into NaN; here "
                f"{fmt.plural(d.nan_rows, 'row')} {'is' if d.nan_rows == 1 else 'are'} NaN.")
    if name == "no_mask":
        return (f"leaving the mask out gives exactly the unmasked weights, with weight on every blocked pair; here "
                f"the weights {'are' if d.same_as_unmasked else 'are not'} the unmasked ones, and blocked pairs "
                f"got up to {n(d.blocked_weight)}.")
    raise ValueError(f"{name!r} is not one of {', '.join(MASK_BY_NAME)}")


def symptom_readings(d: MaskDiagnosis, fmt: Formatter) -> list[tuple[str, str]]:
    """The measured symptoms as (what was measured, reading) pairs, for the quiz's table."""
    yes = {True: "yes", False: "no"}
    return [
        ("NaN rows", str(d.nan_rows)),
        ("largest row-sum gap", fmt.num(d.row_sum_gap, 3)),
        ("largest weight, blocked pair", fmt.num(d.blocked_weight, 3)),
        ("largest weight, allowed pair", fmt.num(d.allowed_weight, 3)),
        ("open rows with no weight", str(d.silenced_rows)),
        ("fully blocked rows with weight", str(d.filled_rows)),
        ("= unmasked weights", yes[d.same_as_unmasked]),
        ("= transposed mask applied", yes[d.same_as_transposed]),
    ]


READINGS_NOTE = ("The row-sum gap is how far a row's sum is from 1, or from 0 for a row the mask blocks entirely; an "
                 "open row is one that may see at least one key. NaN rows are left out of the other readings.")


# ---------------------------------------------------------------------------------------------------------
# The learner's case: one head on the shared sentence, with a mask


@dataclass(frozen=True)
class Case:
    """Everything the page's sections share: the tokens, one head's Q, K, V, the mask and the right result."""

    tokens: tuple[str, ...]
    labels: list[str]
    Q: np.ndarray  # (n, d_k)
    K: np.ndarray  # (n, d_k)
    V: np.ndarray  # (n, d_v)
    mask: np.ndarray  # (n, n) bool, True = may attend
    right: AttentionResult
    d_model: int
    positional: bool
    weights: object  # attn_core.Weights: W_Q, W_K, W_V, so a changed sentence can be projected the same way

    @property
    def n(self) -> int:
        return len(self.labels)


def build_case(inputs, mask, positional: bool = True) -> Case:
    """One head over the whole width (d_k = d_v = d_model) of `inputs`, with `mask` (n, n).

    `positional` says whether inputs.X holds positions, so that a changed sentence is built the same way."""
    X, w = inputs.X, inputs.weights
    Q, K, V = X @ w.W_Q, X @ w.W_K, X @ w.W_V  # (n, d_model) @ (d_model, d_model) -> (n, d_model)
    mask = np.asarray(mask, dtype=bool)
    n = X.shape[0]
    if mask.shape != (n, n):
        raise ValueError(f"the mask is {mask.shape}, expected ({n}, {n})")
    return Case(tokens=tuple(inputs.tokens), labels=list(inputs.labels), Q=Q, K=K, V=V, mask=mask,
                right=masked_attention(Q, K, V, mask), d_model=X.shape[1], positional=positional,
                weights=w)


def grid_notice(m: int, n: int) -> str:
    """What happened to an m × m custom grid on a sentence of n tokens (only said when m ≠ n)."""
    how = "cut" if m > n else "grown"
    new = " (the new pairs are allowed)" if n > m else ""
    return f"Your grid is {m} × {m} but your sentence has {n} tokens, so it is {how} to {n} × {n}{new}."


def with_blocked_row(mask, i: int | None) -> np.ndarray:
    """A copy of `mask` (n, n) in which query i may see no key at all; None leaves it as it is."""
    mask = np.array(mask, dtype=bool)
    if i is not None:
        if not 0 <= i < mask.shape[0]:
            raise ValueError(f"row {i} is outside 0 … {mask.shape[0] - 1}")
        mask[i, :] = False
    return mask


def mask_summary(labels, mask, fmt: Formatter) -> str:
    """What the mask blocks, counted: pairs, and the queries that may see nothing."""
    mask = np.asarray(mask, dtype=bool)
    n = mask.shape[0]
    blocked = int((~mask).sum())
    if blocked == 0:
        return ("Your mask blocks no query→key pair, so every mistake below that is about blocked pairs gives the "
                "right answer. Pick Causal or Padding to see them.")
    rows = [f"“{labels[i]}”" for i in fully_masked_rows(mask)]
    text = f"Your mask blocks {blocked} of the {n * n} query→key pairs (✕ in the figures)."
    if len(rows) == n:
        return text + " Every query may see no key at all: every row is fully blocked."
    if rows:
        whose = "its row is" if len(rows) == 1 else "their rows are"
        return text + f" {fmt.listing(rows)} may see no key at all: {whose} fully blocked."
    return text + " Every query may still see at least one key."


# ---------------------------------------------------------------------------------------------------------
# 1. The mask after the softmax


ROW_SUM_OPTIONS = ("exactly 1", "less than 1", "more than 1", "exactly 0")


def question_row(mask) -> int:
    """The row to ask about: the one with the most blocked keys among rows that may still see a key."""
    mask = np.asarray(mask, dtype=bool)
    open_rows = np.flatnonzero(mask.any(axis=-1))
    if open_rows.size == 0:
        return 0
    blocked = (~mask[open_rows]).sum(axis=-1)
    return int(open_rows[int(np.argmax(blocked))])  # argmax takes the first of equals


def question_key(mask, i: int) -> str:
    """A key for the row-sum question that changes with the mask and the row, so an old answer never grades a
    new question."""
    bits = "-".join("".join("1" if v else "0" for v in row) for row in np.asarray(mask, dtype=bool))
    return f"cp_after_{i}_{hashlib.blake2b(bits.encode(), digest_size=4).hexdigest()}"


def row_sum_answer(total: float) -> str:
    """Which of ROW_SUM_OPTIONS a row sum is."""
    if abs(total - 1) <= CLOSE:
        return "exactly 1"
    if total == 0:
        return "exactly 0"
    return "less than 1" if total < 1 else "more than 1"


def after_softmax_reveal(labels, mask, wrong_weights, i: int, fmt: Formatter) -> str:
    """Why row i of the zeroed-after weights sums to what it does."""
    mask = np.asarray(mask, dtype=bool)
    n, allowed = mask.shape[1], int(mask[i].sum())
    total = float(np.sum(wrong_weights[i]))
    if allowed == 0:
        return (f"“{labels[i]}” may see none of the {n} keys, so every weight in its row is zeroed: it sums to 0, "
                "as it does with the mask on the scores.")
    if allowed == n:
        return (f"“{labels[i]}” may see all {n} keys, so nothing in its row is zeroed and it sums to "
                f"{fmt.num(total, 3)}, as it should.")
    return (f"“{labels[i]}” may see {allowed} of the {n} keys. The softmax first shared the row's weight over all "
            f"{n}, and the {n - allowed} blocked keys took {fmt.num(1 - total, 3)} of it; zeroing them leaves "
            f"{fmt.num(total, 3)}. With the mask on the scores, the allowed keys share the whole 1.")


def after_softmax_sentence(labels, mask, wrong_weights, fmt: Formatter) -> str:
    """What zeroing after the softmax did to the row sums of this mask."""
    mask = np.asarray(mask, dtype=bool)
    n = mask.shape[0]
    sums = np.asarray(wrong_weights, dtype=float).sum(axis=-1)
    partial = mask.any(axis=-1) & ~mask.all(axis=-1)  # rows with both allowed and blocked keys
    if not partial.any():
        return ("Your mask blocks no key of any query that may see one, so zeroing after the softmax changes "
                "nothing here: every row that may see a key still sums to 1. Pick Causal or Padding to see it.")
    short = int((partial & (sums < 1 - CLOSE)).sum())
    low = int(np.argmin(np.where(partial, sums, np.inf)))
    how_many = (f"none of the {n} rows sums to 1 any more" if short == n else
                f"{short} of the {n} rows no longer {'sums' if short == 1 else 'sum'} to 1")
    text = (f"Zeroed after the softmax, {how_many}. The lowest is “{labels[low]}”, "
            f"at {fmt.num(sums[low], 3)}: its {fmt.plural(int((~mask[low]).sum()), 'blocked key')} took "
            f"{fmt.num(1 - sums[low], 3)} of the weight before being zeroed, and nothing gave it back.")
    if (~mask.any(axis=-1)).any():
        text += " A fully blocked row sums to 0 either way."
    return text


@dataclass(frozen=True)
class RenormCell:
    """Renormalising after the softmax against masking the scores, for one set of scores in one dtype."""

    row: str  # which scores: "your scores ×10" or "[20, 0], key 1 blocked"
    dtype: str
    gap: float  # largest |renormalised − masked| over rows that may see a key and are not NaN
    nan_rows: int  # rows that may see a key but came out NaN

    @property
    def differs(self) -> bool:
        return self.nan_rows > 0 or self.gap > dtype_tolerance(self.dtype)


def renorm_cell(row: str, scaled, mask, dtype: str) -> RenormCell:
    """Compare the two ways on the same scores, rounded once to `dtype`, over the rows that may see a key."""
    mask = np.asarray(mask, dtype=bool)
    open_row = mask.any(axis=-1)
    with np.errstate(over="ignore", invalid="ignore"):
        x = np.asarray(scaled, dtype=float).astype(dtype)  # the same rounded scores for both ways
        right = masked_weights(x, mask, dtype).astype(float)[open_row]
        renorm = renormalised_weights(x, mask, dtype).astype(float)[open_row]
    nan_row = np.isnan(renorm).any(axis=-1)
    gap = float(np.abs(renorm[~nan_row] - right[~nan_row]).max(initial=0.0))
    return RenormCell(row, dtype, gap, int(nan_row.sum()))


TWO_KEY_LEADS = (20, 200, 800)  # a blocked key scoring this much above the one allowed key


def renormalise_table(scaled, mask, factors: Sequence[float] = SCALE_UPS, leads: Sequence[float] = TWO_KEY_LEADS,
                      dtypes: Sequence[str] = DTYPES) -> list[RenormCell]:
    """Renormalised against masked weights: the sentence's scores times each factor, then a two-key row
    [lead, 0] whose first key is blocked, in each dtype."""
    cells = [renorm_cell(f"your scores ×{factor:g}", np.asarray(scaled, dtype=float) * factor, mask, dtype)
             for factor in factors for dtype in dtypes]
    two_key = np.array([[False, True]])  # (1, 2): the first key is blocked
    return cells + [renorm_cell(f"[{lead:g}, 0], key 1 blocked", np.array([[float(lead), 0.0]]), two_key, dtype)
                    for lead in leads for dtype in dtypes]


def underflow_gap(dtype: str) -> float:
    """How far below the row's top score a score can sit before exp() rounds its weight to 0 in `dtype`."""
    # exp(−g) rounds to 0 once it is below half the tiniest float (halved in logs: float64's would underflow)
    return math.log(2) - math.log(float(np.finfo(dtype).smallest_subnormal))


def blocked_lead(scaled, mask) -> float | None:
    """The most any blocked score leads the best allowed score of its row; None when no row has both."""
    scaled, mask = np.asarray(scaled, dtype=float), np.asarray(mask, dtype=bool)
    partial = mask.any(axis=-1) & ~mask.all(axis=-1)
    if not partial.any():
        return None
    best_blocked = np.where(mask, -np.inf, scaled).max(axis=-1)
    best_allowed = np.where(mask, scaled, -np.inf).max(axis=-1)
    return float((best_blocked - best_allowed)[partial].max())


def renorm_cell_text(cell: RenormCell, fmt: Formatter) -> str:
    """One cell of the table: 'same', 'off by 0.31' or 'NaN in 3 rows'."""
    if cell.nan_rows:
        return f"NaN in {fmt.plural(cell.nan_rows, 'row')}"
    return f"off by {fmt.readable(cell.gap, 3)}" if cell.differs else "same"


def renormalise_sentence(scaled, mask, fmt: Formatter, dtypes: Sequence[str] = DTYPES) -> str:
    """When renormalising after the softmax stops giving the masked weights, on this sentence and in general."""
    lead = blocked_lead(scaled, mask)
    limits = fmt.listing([f"{fmt.num(underflow_gap(d), 0)} in {d}" for d in dtypes])
    general = (f"In general it breaks in any row where a blocked score leads every allowed score by more than about "
               f"{limits}: the allowed weights underflow to 0 before the division, and 0 / 0 is NaN. The two-key "
               "rows of the table show it.")
    blocked_rows = int((~np.asarray(mask, dtype=bool).any(axis=-1)).sum())
    tail = (f" A fully blocked row is 0 / 0 = NaN at any size ({fmt.plural(blocked_rows, 'row')} of yours, left out "
            "of the table)." if blocked_rows else "")
    if lead is None:
        return ("Your mask blocks no key of a query that may see others, so on your sentence both ways agree. "
                + general + tail)
    if lead <= 0:
        return (f"On your sentence no blocked score is above the best allowed score of its row (the closest is "
                f"{fmt.readable(-lead, 3)} below), so renormalising gives the masked weights at any size here. "
                + general + tail)
    return (f"On your sentence a blocked score leads the best allowed score of its row by up to "
            f"{fmt.readable(lead, 3)}, so scaled up enough the allowed weights underflow. " + general + tail)


# ---------------------------------------------------------------------------------------------------------
# 2. The mask inverted, 3. the mask on the wrong axis


def inverted_sentence(labels, mask, inverted_weights, fmt: Formatter) -> str:
    """What the inverted mask lets through, and where the weight went."""
    mask = np.asarray(mask, dtype=bool)
    n = mask.shape[0]
    inv = ~mask
    w = np.asarray(inverted_weights, dtype=float)
    nothing = [f"“{labels[i]}”" for i in fully_masked_rows(inv)]
    if not inv.any():
        return ("Your mask blocks nothing, so inverted it blocks everything: every weight is 0 and every output "
                "is 0.")
    if not mask.any():
        return ("Your mask blocks every pair, so inverted it allows every pair: each query reads every key, as "
                "with no mask at all.")
    if n > 1 and np.array_equal(inv, np.triu(np.ones((n, n), dtype=bool), k=1)):
        later = fmt.listing([f"“{label}”" for label in labels[1:]])
        return (f"Inverted, your causal mask lets each token see only the tokens after it, never itself: "
                f"“{labels[0]}” now reads {later}, and “{labels[-1]}”, the last, may see nothing at all "
                "(its weights are 0 here; a plain softmax would make them NaN). The model reads only the future.")
    on_allowed = float(np.max(np.where(mask, w, 0.0)))
    text = (f"The inverted mask lets through exactly the {int(inv.sum())} pairs your mask blocks and blocks the "
            f"{int(mask.sum())} it allowed. The largest weight on a pair you allowed is now "
            f"{'exactly 0' if on_allowed == 0 else fmt.num(on_allowed, 3)}: all the weight sits on pairs that should "
            "be blocked.")
    if nothing:
        text += (f" {fmt.listing(nothing)} may now see no key at all, so "
                 f"{'its row is' if len(nothing) == 1 else 'their rows are'} 0.")
    return text


def key_columns(mask) -> np.ndarray | None:
    """The (n_k,) keys a padding-style mask allows when every row is the same, else None."""
    mask = np.asarray(mask, dtype=bool)
    return mask[0].copy() if mask.shape[0] and (mask == mask[0]).all() else None


def padding_shapes_code(labels, key_allowed) -> str:
    """Two lines of numpy that show the (1, n) and (n, 1) shapes of one padding mask and what each blocks."""
    allowed = np.asarray(key_allowed, dtype=bool)
    n = allowed.size
    pads = ", ".join(str(labels[j]) for j in np.flatnonzero(~allowed)) or "nothing"
    flags = ", ".join("1" if a else "0" for a in allowed)
    return "\n".join([
        f"allowed = np.array([{flags}], dtype=bool)  # one flag per key: 0 = padding",
        f"allowed[None, :]  # (1, {n}): copied down every row, blocks the key columns of {pads} (right)",
        f"allowed[:, None]  # ({n}, 1): copied across every column, blocks the query rows of {pads} (WRONG)",
    ])


def wrong_axis_sentence(labels, mask, wrong_weights, fmt: Formatter) -> str:
    """What the mask on the wrong axis blocks instead, for a padding, causal or any other mask."""
    mask = np.asarray(mask, dtype=bool)
    n = mask.shape[0]
    w = np.asarray(wrong_weights, dtype=float)
    if np.array_equal(mask, mask.T):
        return ("Your mask is its own transpose (query i may see key j exactly when query j may see key i), so "
                "the wrong axis changes nothing here. Causal and padding masks are not: pick one to see it.")
    cols = key_columns(mask)
    if cols is not None:
        pads = np.flatnonzero(~cols)
        real = np.flatnonzero(cols)
        share = w[np.ix_(real, pads)].sum(axis=-1)  # weight each real query gives the padding
        top = int(real[int(np.argmax(share))])
        names = fmt.listing([f"“{labels[j]}”" for j in pads])
        return (f"Shaped (1, {n}), the mask blocks the key columns of {names}: no query reads the padding. Shaped "
                f"({n}, 1), it blocks their query rows instead: the padding's own outputs are silenced, while every "
                f"real query still reads the padding (“{labels[top]}” gives it {fmt.num(float(share.max()), 3)} of "
                "its weight).")
    if n > 1 and np.array_equal(mask, np.tril(np.ones((n, n), dtype=bool))):
        return (f"Turned around, the causal mask lets each token see itself and everything after it instead of "
                f"before: “{labels[0]}” now reads all {n} tokens, and “{labels[-1]}”, the last, reads only itself.")
    moved = int((mask & ~mask.T).sum())
    return (f"With rows and columns swapped, query i is blocked from key j wherever yours blocks query j from key "
            f"i: {moved} pairs you allowed are now blocked, and {moved} pairs you blocked now get weight (up to "
            f"{fmt.num(float(np.max(np.where(mask, 0.0, w))), 3)}).")


# ---------------------------------------------------------------------------------------------------------
# 4. A finite "minus infinity"


def blocked_row_for_demo(mask, chosen: int | None) -> tuple[int, np.ndarray, bool]:
    """(row, mask with that row fully blocked, whether this section had to block it) for the fill demo.

    The first fully blocked row of the mask, or else `chosen`, or else row 0, the first token of a
    left-padded sentence under a causal mask."""
    mask = np.asarray(mask, dtype=bool)
    rows = fully_masked_rows(mask)
    if rows.size:
        return int(rows[0]), mask.copy(), False
    i = 0 if chosen is None else int(chosen)
    return i, with_blocked_row(mask, i), True


def blocked_row_note(labels, mask, row: int, added: bool, fmt: Formatter) -> str:
    """Which fully blocked row the fill figure shows, and why."""
    if added:
        return (f"Your mask leaves every query at least one key, so this section also blocks every key of "
                f"“{labels[row]}”, as happens to the first token of a left-padded sentence under a causal mask. "
                "(Choose a query under “Also block every key of” above to pick another.)")
    rows = fully_masked_rows(mask)
    more = f" {fmt.plural(len(rows) - 1, 'more row is', 'more rows are')} fully blocked too." if rows.size > 1 else ""
    return f"“{labels[row]}” may see no key under your mask: every score in its row is blocked.{more}"


def fill_text(fill: str, dtype: str, fmt: Formatter) -> str:
    """How the page names a fill: '−10⁹', '−10⁶', or 'the lowest float16, −65504'."""
    if fill == "min":
        return f"the lowest {dtype}, {fmt.readable(float(np.finfo(dtype).min), 0)}"
    return {"-1e9": "−10⁹", "-1e6": "−10⁶"}[fill]


def overflow_code(fill: str, dtype: str) -> str:
    """One line of numpy and what numpy prints for it: 'np.float16(-1e9)  # -> np.float16(-inf)'."""
    with np.errstate(over="ignore"):
        shown = repr(np.asarray(fill_value(fill, dtype)).astype(dtype)[()])  # the scalar, as numpy prints it
    call = f"np.finfo(np.{dtype}).min" if fill == "min" else f"np.{dtype}({fill})"
    return f"{call}  # -> {shown}"


def fill_sentences(label: str, n: int, dtype: str, fill: str, naive_row, fill_row, safe_row, fill_output,
                   fmt: Formatter) -> list[str]:
    """Three sentences on one fully blocked row: −∞ with a plain softmax, the finite fill, and attn_core's way."""
    naive_row, fill_row, safe_row = (np.asarray(r, dtype=float) for r in (naive_row, fill_row, safe_row))
    out = []
    if np.isnan(naive_row).all():
        out.append(f"**−∞ with a plain softmax:** every score in the row of “{label}” is −∞, so is its maximum, and "
                   f"exp(−∞ − (−∞)) = exp(NaN): {'its weight is' if n == 1 else f'all {n} weights are'} NaN, and so "
                   "is its output and every gradient that flows through it.")
    else:
        out.append(f"**−∞ with a plain softmax:** the row of “{label}” has no NaN here; its largest weight is "
                   f"{fmt.num(float(np.nanmax(naive_row)), 3)}.")
    name = fill_text(fill, dtype, fmt)
    value = fill_value(fill, dtype)
    if math.isinf(value):
        big = fmt.readable(float(np.finfo(dtype).max), 0)
        out.append(f"**Fill {name}:** in {dtype}, {name} cannot be stored (the largest {dtype} magnitude is {big}), "
                   f"so np.{dtype}({fill}) is −∞: the fill becomes the very −∞ it was meant to avoid, and the row is "
                   f"{'NaN' if np.isnan(fill_row).all() else 'not NaN'} again.")
    elif np.isnan(fill_row).any():
        out.append(f"**Fill {name}:** the row still has NaN weights in {dtype}.")
    else:
        even = bool(np.allclose(fill_row, 1 / n, rtol=0, atol=dtype_tolerance(dtype)))
        how = ("puts all of it on the one key, which is blocked" if even and n == 1 else
               f"spreads the weight evenly: {fmt.num(1 / n, 3)} on each of the {n} keys, every one of them blocked"
               if even else f"still puts weight on keys it must not see (up to {fmt.num(float(fill_row.max()), 3)})")
        out.append(f"**Fill {name}:** every score in the row is the same {name}, so the softmax {how}. The query "
                   f"reads the values it was meant to ignore: its output's largest entry is "
                   f"{fmt.num(float(np.abs(fill_output).max()), 3)} instead of 0.")
    zero = bool(np.all(safe_row == 0))
    out.append("**attn_core's softmax** sees a row with no finite score and gives it weights of 0 and an output of "
               f"0 in {dtype}: the query reads nothing, which is what the mask asked for." if zero else
               f"**attn_core's softmax** gives this row weights up to {fmt.num(float(safe_row.max()), 3)}.")
    return out


# ---------------------------------------------------------------------------------------------------------
# 5. No causal mask: the leak test


def parse_word(raw: str) -> str:
    """The word a token is replaced by: exactly one token (a word or one mark), or a ValueError saying why."""
    text = str(raw).strip()
    found = tokenize(text[:200]).tokens
    if len(found) != 1:
        raise ValueError(f"type one word; {text[:40]!r} makes {len(found)} tokens")
    return found[0]


def replacement_word(token: str) -> str:
    """A word to swap in that differs from `token`: 'dog', or 'cat' when the token is already 'dog'."""
    return "cat" if token.casefold() == "dog" else "dog"


def swapped_inputs(tokens, t: int, word: str, d_model: int, positional: bool = True) -> np.ndarray:
    """X (n, d_model) for the sentence with token t replaced by `word`; every other row is exactly as before."""
    tokens = list(tokens)
    if not 0 <= t < len(tokens):
        raise ValueError(f"token {t} is outside 0 … {len(tokens) - 1}")
    tokens[t] = word
    X = embed(tokens, d_model)  # (n, d_model)
    return X + sinusoidal_positions(len(tokens), d_model) if positional else X


def swapped_qkv(case: Case, t: int, word: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Q, K, V (n, d_k) each, for the case's sentence with token t replaced by `word`."""
    X2 = swapped_inputs(case.tokens, t, word, case.d_model, case.positional)
    w = case.weights
    return X2 @ w.W_Q, X2 @ w.W_K, X2 @ w.W_V


def output_change(run, Q, K, V, Q2, K2, V2, mask) -> np.ndarray:
    """How far each query's output moves, max over its entries, between two inputs: (n,). NaN stays NaN."""
    before, after = run(Q, K, V, mask).output, run(Q2, K2, V2, mask).output  # (n, d_v) each
    return np.max(np.abs(after - before), axis=-1)


def leak_sentence(labels, t: int, word: str, change_free, change_causal, fmt: Formatter) -> str:
    """Which earlier outputs moved when token t changed, without the mask and with the causal mask."""
    if t == 0:
        return (f"“{labels[0]}” is the first token: no output comes before it, so there is nothing to leak. "
                "Pick a later token.")
    earlier_free = np.asarray(change_free, dtype=float)[:t]
    earlier_causal = np.asarray(change_causal, dtype=float)[:t]
    moved = int((earlier_free > CLOSE).sum())
    top = int(np.argmax(earlier_free))
    change = f"changing “{labels[t]}” to “{word}”"
    if not moved:
        free = f"Without the mask, {change} happens to move none of the {t} earlier outputs."
    elif t == 1:
        free = (f"Without the mask, {change} moves the output of “{labels[0]}”, the one before it, by "
                f"{fmt.num(float(earlier_free[0]), 3)}: it read a token that comes after it.")
    else:
        how_many = ("both earlier outputs" if moved == t == 2 else f"all {t} earlier outputs" if moved == t else
                    f"{moved} of the {t} earlier outputs")
        free = (f"Without the mask, {change} moves {how_many} (the most, {fmt.num(float(earlier_free[top]), 3)}, "
                f"at “{labels[top]}”): each of those read a token that comes after it.")
    still = int((earlier_causal <= CLOSE).sum())
    worst = float(earlier_causal.max())
    none_moves = "it does not move" if t == 1 else f"none of the {t} moves"
    causal = (f"With the causal mask, {none_moves}: the largest change is "
              f"{'exactly 0' if worst == 0 else fmt.gap(worst)}." if still == t else
              f"With the causal mask, {t - still} of the {t} still move (up to {fmt.num(worst, 3)}): the mask leaks.")
    return f"{free} {causal}"


# ---------------------------------------------------------------------------------------------------------
# The checks for your own code


CHECKS: tuple[tuple[str, str], ...] = (  # (name, the table's short heading)
    ("rows", "rows sum to 1"),
    ("blocked", "blocked get 0"),
    ("leak", "no leak"),
    ("blocked_row", "blocked row 0s"),
    ("known", "known answer"),
)


@dataclass(frozen=True)
class CheckResult:
    """One check on one computation: whether it passed, and the number it looked at (NaN if the output was)."""

    name: str
    passed: bool
    worst: float
    applicable: bool = True


def _largest(x) -> float:
    """The largest |entry|, NaN when any entry is NaN, 0 for an empty array."""
    x = np.abs(np.asarray(x, dtype=float))
    return float("nan") if np.isnan(x).any() else float(x.max(initial=0.0))


def check_row_sums(weights, mask) -> CheckResult:
    """Every row of the weights sums to 1, or to 0 when the mask blocks the whole row."""
    w = np.asarray(weights, dtype=float)
    expected = np.broadcast_to(np.asarray(mask, dtype=bool), w.shape).any(axis=-1)  # 1 per open row, 0 otherwise
    worst = _largest(w.sum(axis=-1) - expected)
    return CheckResult("rows", bool(worst <= CLOSE), worst)


def check_blocked_zero(weights, mask) -> CheckResult:
    """Every pair the mask blocks gets a weight of exactly 0 (nothing to check when it blocks none)."""
    w = np.asarray(weights, dtype=float)
    blocked = ~np.broadcast_to(np.asarray(mask, dtype=bool), w.shape)
    worst = _largest(w[blocked])
    return CheckResult("blocked", bool(worst == 0), worst, applicable=bool(blocked.any()))


def check_no_leak(run, Q, K, V, Q2, K2, V2, t: int) -> CheckResult:
    """Under a causal mask, inputs that differ only at token t give the same outputs before t."""
    if t == 0:
        return CheckResult("leak", True, 0.0, applicable=False)
    mask = causal_mask(np.shape(Q)[-2])
    worst = _largest(output_change(run, Q, K, V, Q2, K2, V2, mask)[:t])
    return CheckResult("leak", bool(worst <= CLOSE), worst)


def check_blocked_row(run, Q, K, V, mask, i: int = 0) -> CheckResult:
    """With every key of query i blocked, its weights and output are all 0 and no output anywhere is NaN."""
    res = run(Q, K, V, with_blocked_row(mask, i))
    worst = max(_largest(res.weights[..., i, :]), _largest(res.output[..., i, :]))
    finite = bool(np.isfinite(res.output).all())
    return CheckResult("blocked_row", bool(finite and worst == 0), worst if finite else float("nan"))


def one_hot_expected(mask) -> np.ndarray:
    """The known answer, written out: with one-hot keys and values, query i's own key scoring ln 4 and every other
    key 0, row i gives 4/(m + 3) to itself and 1/(m + 3) to each other allowed key (m of them allowed), or 1/m to
    each when it may not see itself, or 0s when it may see nothing. (n, n)."""
    mask = np.asarray(mask, dtype=bool)
    W = np.zeros(mask.shape)
    for i in range(mask.shape[0]):
        keys = np.flatnonzero(mask[i])
        if keys.size == 0:
            continue
        own = bool(mask[i, i])
        total = KNOWN_RATIO + keys.size - 1 if own else keys.size
        W[i, keys] = 1 / total
        if own:
            W[i, i] = KNOWN_RATIO / total
    return W


def check_known_answer(run, mask) -> CheckResult:
    """One-hot keys and values (K = V = I) and Q = ln 4·√n·I: the output must be one_hot_expected(mask)."""
    mask = np.asarray(mask, dtype=bool)
    n = mask.shape[-1]
    eye = np.eye(n)
    Q = math.log(KNOWN_RATIO) * math.sqrt(n) * eye  # scaled by 1/√d_k = 1/√n: own key ln 4, the others 0
    worst = _largest(run(Q, eye, eye, mask).output - one_hot_expected(mask))
    return CheckResult("known", bool(worst <= CLOSE), worst)


def run_checks(run, case: Case, Q2, K2, V2, t: int) -> list[CheckResult]:
    """The five checks on one computation `run(Q, K, V, mask)`, on the case's sentence and mask."""
    res = run(case.Q, case.K, case.V, case.mask)
    causal = causal_mask(case.n)
    return [
        check_row_sums(res.weights, case.mask),
        check_blocked_zero(res.weights, case.mask),
        check_no_leak(run, case.Q, case.K, case.V, Q2, K2, V2, t),
        check_blocked_row(run, case.Q, case.K, case.V, case.mask, 0),
        check_known_answer(run, causal),
    ]


RIGHT_LABEL = "Right: −∞, then 0s"


def check_table(case: Case, Q2, K2, V2, t: int) -> list[tuple[str, str, list[CheckResult]]]:
    """(name, label, the five results) for the right computation and then every mask mistake."""
    rows = [("right", RIGHT_LABEL, run_checks(masked_attention, case, Q2, K2, V2, t))]
    return rows + [(m.name, m.label, run_checks(m.run, case, Q2, K2, V2, t)) for m in MASK_MISTAKES]


def check_cell(result: CheckResult, fmt: Formatter) -> str:
    """A table cell: '✓', '✗ 0.41', '✗ NaN' or '—' when the check does not apply."""
    if not result.applicable:
        return "—"
    if result.passed:
        return "✓"
    return "✗ NaN" if math.isnan(result.worst) else f"✗ {fmt.readable(result.worst, 2)}"


def caught_sentence(table) -> str:
    """Which checks each mistake fails, as markdown: a sentence, then one line per mistake."""
    right = next(results for name, _, results in table if name == "right")
    head = ("The right computation passes all five checks" if all(r.passed for r in right) else
            "The right computation fails a check here, which should never happen")
    lines, missed = [], []
    for name, label, results in table:
        if name == "right":
            continue
        failed = [str(k + 1) for k, r in enumerate(results) if not r.passed]
        if failed:
            lines.append(f"- {label}: {'check' if len(failed) == 1 else 'checks'} {', '.join(failed)}")
        else:
            missed.append(label[:1].lower() + label[1:])
    caught = (", and every mistake fails at least one:" if not missed else
              f". Not caught on this sentence and mask: {'; '.join(missed)}. The others fail:" if lines else
              f". Not caught on this sentence and mask: {'; '.join(missed)}.")
    return head + caught + ("\n" + "\n".join(lines) if lines else "")


def _reading(x: float, fmt: Formatter, how: str = "gap") -> str:
    """A check's number in words: 'NaN', 'exactly 0', or the number as a gap or with three decimals."""
    if math.isnan(x):
        return "NaN"
    if x == 0:
        return "exactly 0"
    return fmt.gap(x) if how == "gap" else fmt.readable(x, 3)


def check_sentences(results: Sequence[CheckResult], labels, mask, t: int, word: str, fmt: Formatter) -> list[str]:
    """The five checks as run live on one computation, each with the number it measured."""
    mask = np.asarray(mask, dtype=bool)
    rows, blocked, leak, blocked_row, known = results
    mark = {True: "✓", False: "✗"}
    n = len(labels)
    out = [
        f"{mark[rows.passed]} **Every row sums to 1, or to 0 when fully blocked**: the largest gap over "
        f"{fmt.plural(n, 'row')} is {_reading(rows.worst, fmt)}.",
        f"{mark[blocked.passed]} **Blocked pairs get exactly 0**: the largest weight on any of the "
        f"{fmt.plural(int((~mask).sum()), 'blocked pair')} is {_reading(blocked.worst, fmt, 'num')}."
        if blocked.applicable else
        "— **Blocked pairs get exactly 0**: your mask blocks no pair, so there is nothing to check here.",
    ]
    if not leak.applicable:
        out.append("— **Under a causal mask, changing token t moves no earlier output**: with a single token there "
                   "is no earlier output to check.")
    else:
        moved = ("moves none of them" if leak.passed else "moves them")
        out.append(f"{mark[leak.passed]} **Under a causal mask, changing token t moves no earlier output**: "
                   f"changing “{labels[t]}” to “{word}” {moved}: the largest change among the "
                   f"{fmt.plural(t, 'earlier output')} is {_reading(leak.worst, fmt, 'num')}.")
    out.append(f"{mark[blocked_row.passed]} **A fully blocked row gives 0s, not NaN**: with every key of "
               f"“{labels[0]}” blocked, its largest weight or output entry is "
               f"{_reading(blocked_row.worst, fmt, 'num')}.")
    example = (f"query 2: {fmt.num(KNOWN_RATIO / 5, 3)} and {fmt.num(1 / 5, 3)}" if n >= 2 else
               "query 1 sees only itself: 1")
    out.append(f"{mark[known.passed]} **Known answer**: with one-hot keys and values and each query's own key "
               f"scoring ln 4, under a causal mask query number k must give 4/(k + 3) to itself and 1/(k + 3) to "
               f"each earlier key ({example}); the largest gap is {_reading(known.worst, fmt)}.")
    return out


_SNIPPET_BODY = '''

def attention(Q, K, V, mask):
    """Replace this with your own attention. It must return (weights, output); mask True = may attend."""
    scores = Q @ K.T / np.sqrt(Q.shape[-1])            # (n, d_k) @ (d_k, n) -> (n, n)
    scores = np.where(mask, scores, -np.inf)            # block before the softmax, with a true -inf
    top = scores.max(axis=-1, keepdims=True)
    top = np.where(np.isneginf(top), 0.0, top)          # a fully blocked row has max -inf: subtract 0 instead
    e = np.exp(scores - top)
    total = e.sum(axis=-1, keepdims=True)
    weights = np.divide(e, total, out=np.zeros_like(e), where=total > 0)  # a fully blocked row stays 0, not NaN
    return weights, weights @ V                         # (n, n) @ (n, d_v) -> (n, d_v)


def run_checks(attention, Q, K, V, mask, t):
    """The five checks; returns the list of the ones that failed."""
    n = len(Q)
    failed = []
    weights, output = attention(Q, K, V, mask)
    # 1. every row sums to 1, or to 0 when the mask blocks the whole row
    if not np.allclose(weights.sum(axis=-1), mask.any(axis=-1), rtol=0, atol=1e-9):
        failed.append("1. rows do not sum to 1 (or 0 when fully blocked)")
    # 2. blocked pairs get exactly 0
    if not np.all(weights[~mask] == 0):
        failed.append("2. a blocked pair gets weight")
    # 3. under a causal mask, a different token at t moves no output before t
    causal = np.tril(np.ones((n, n), dtype=bool))
    Q2, K2, V2 = Q.copy(), K.copy(), V.copy()
    Q2[t], K2[t], V2[t] = Q[t] + 1.0, K[t] - 1.0, V[t] + 1.0
    _, before = attention(Q, K, V, causal)
    _, after = attention(Q2, K2, V2, causal)
    if not np.allclose(before[:t], after[:t], rtol=0, atol=1e-9):
        failed.append(f"3. changing token {t} moves an earlier output")
    # 4. a fully blocked row gives 0s, not NaN
    blocked = mask.copy()
    blocked[0] = False
    w4, out4 = attention(Q, K, V, blocked)
    if not (np.isfinite(out4).all() and np.all(w4[0] == 0) and np.all(out4[0] == 0)):
        failed.append("4. a fully blocked row is not all 0s (or something is NaN)")
    # 5. known answer: one-hot keys and values, each query's own key scores ln 4 after the scaling
    eye = np.eye(n)
    _, out5 = attention(np.log(4) * np.sqrt(n) * eye, eye, eye, causal)
    k = np.arange(1, n + 1)[:, None]                    # query number k may see k keys
    expected = np.where(eye == 1, 4 / (k + 3), 1 / (k + 3)) * causal
    if not np.allclose(out5, expected, rtol=0, atol=1e-9):
        failed.append("5. the one-hot known answer is wrong")
    return failed


failed = run_checks(attention, Q, K, V, mask, t=T)
print("all 5 checks pass" if not failed else "FAILED: " + "; ".join(failed))
'''


def checks_snippet(case: Case, t: int, literal: Callable[[str, np.ndarray], str]) -> str:
    """Runnable numpy: this sentence's Q, K, V and mask, an attention to replace with yours, and the five checks."""
    rows = ",\n    ".join("[" + ", ".join("1" if v else "0" for v in row) + "]" for row in case.mask)
    header = [
        "import numpy as np",
        "",
        f"# one head on your sentence, d_k = d_v = {case.Q.shape[1]}; the tokens, one row each: {case.labels}",
        literal("Q", case.Q),
        literal("K", case.K),
        literal("V", case.V),
        f"mask = np.array([\n    {rows}], dtype=bool)  # True (1) = this query may attend to this key",
        f"T = {t}  # the token check 3 changes: “{case.labels[t]}”",
    ]
    return "\n".join(header) + _SNIPPET_BODY
