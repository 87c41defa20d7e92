"""The bugs learners make in their own attention code, as named functions, and the symptoms that give them away.

Every function takes Q (..., n, d_k), K (..., n, d_k) and V (..., n, d_v), the same arguments as
`scaled_dot_product_attention`, and returns an `AttentionResult`, so each wrong computation can be
drawn and diagnosed exactly like the right one. Leading "..." axes are heads. An optional boolean `mask`
(broadcastable to (..., n, n), True = may attend) makes the same bug in code that applies a mask correctly.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from .attention import (
    CLOSE,
    AttentionResult,
    causal_mask,
    merge_heads,
    row_entropy,
    scaled_dot_product_attention,
    softmax,
    split_heads,
)
from .model import random_weights

SUMS_TO_ONE = 1e-6  # a weight row (or column) whose sum is this close to 1 sums to 1
T = TypeVar("T")


def correct_attention(Q, K, V, mask=None) -> AttentionResult:
    """The right computation, softmax(Q Kᵀ/√d_k) V with softmax over the keys (the last axis)."""
    return scaled_dot_product_attention(Q, K, V, mask=mask)


def softmax_over_queries(Q, K, V, mask=None) -> AttentionResult:
    """WRONG: softmax over axis −2 (the queries) of Q Kᵀ/√d_k, so each column sums to 1, not each row."""
    Q, K, V = (np.asarray(a, dtype=float) for a in (Q, K, V))
    d_k = Q.shape[-1]
    scale = 1.0 / np.sqrt(d_k)
    scores = Q @ np.swapaxes(K, -1, -2)  # (..., n, d_k) @ (..., d_k, n) -> (..., n, n)
    scaled = scores * scale
    if mask is not None:
        scaled = np.where(np.asarray(mask, dtype=bool), scaled, -np.inf)  # blocked pairs: −∞, as it should be
    weights = softmax(scaled, axis=-2)  # the bug: normalises down each column (over the queries)
    output = weights @ V  # (..., n, n) @ (..., n, d_v) -> (..., n, d_v)
    return AttentionResult(scores=scores, scaled=scaled, weights=weights, output=output, scale=float(scale))


def scale_by_sqrt_d_model(Q, K, V, d_model: int, mask=None) -> AttentionResult:
    """WRONG with several heads: divides one head's scores by √d_model instead of √d_k, a bigger number whenever
    d_model > d_k, so every row comes out flatter (or, where the scores are all equal, the same)."""
    if d_model < 1:
        raise ValueError(f"d_model must be at least 1, got {d_model}")
    return scaled_dot_product_attention(Q, K, V, mask=mask, scale=1.0 / np.sqrt(d_model))


def no_scale(Q, K, V, mask=None) -> AttentionResult:
    """WRONG: softmax(Q Kᵀ) V with no division at all; whenever d_k > 1 every row comes out more peaked (or the
    same, where the scores are all equal)."""
    return scaled_dot_product_attention(Q, K, V, mask=mask, scale=1.0)


def swap_q_and_k(Q, K, V, mask=None) -> AttentionResult:
    """WRONG: softmax(K Qᵀ/√d_k) V; the scores are the transpose of Q Kᵀ, so row i is token i's key being asked.

    With n_q queries and n_k keys, K Qᵀ is (n_k, n_q): it can only multiply V (n_k, d_v) when n_q = n_k."""
    (n_q, _), (n_k, d_v) = np.shape(Q)[-2:], np.shape(V)[-2:]
    if n_q != n_k:
        raise ValueError(f"K Qᵀ is {n_k} × {n_q} (a column per query) but V is {n_k} × {d_v} (a row per key), "
                         "so the swapped weights cannot multiply V")
    return scaled_dot_product_attention(K, Q, V, mask=mask)


def values_as_keys(Q, K, V, mask=None) -> AttentionResult:
    """WRONG: softmax(Q Vᵀ/√d_k) V; the content to be copied decides the weights. Needs d_v = d_k."""
    V = np.asarray(V, dtype=float)
    if V.shape[-1] != np.shape(Q)[-1]:
        raise ValueError(f"V has width d_v={V.shape[-1]} but Q has d_k={np.shape(Q)[-1]}; "
                         "V can only stand in for K when they match")
    return scaled_dot_product_attention(Q, V, V, mask=mask)


def keys_as_values(Q, K, V, mask=None) -> AttentionResult:
    """WRONG: softmax(Q Kᵀ/√d_k) K; the weights are right but the output copies keys instead of values."""
    return scaled_dot_product_attention(Q, K, K, mask=mask)


@dataclass(frozen=True)
class Mistake:
    """One bug: its short name and the function that makes it (how the page names it is in attn_lessons)."""

    name: str
    run: Callable[..., AttentionResult]  # run(Q, K, V, d_model, mask=None) -> AttentionResult


MISTAKES: tuple[Mistake, ...] = (
    Mistake("axis0", lambda Q, K, V, d_model, mask=None: softmax_over_queries(Q, K, V, mask)),
    Mistake("sqrt_d_model", lambda Q, K, V, d_model, mask=None: scale_by_sqrt_d_model(Q, K, V, d_model, mask)),
    Mistake("no_scale", lambda Q, K, V, d_model, mask=None: no_scale(Q, K, V, mask)),
    Mistake("swap_qk", lambda Q, K, V, d_model, mask=None: swap_q_and_k(Q, K, V, mask)),
    Mistake("v_as_k", lambda Q, K, V, d_model, mask=None: values_as_keys(Q, K, V, mask)),
    Mistake("k_as_v", lambda Q, K, V, d_model, mask=None: keys_as_values(Q, K, V, mask)),
)
BY_NAME = {m.name: m for m in MISTAKES}


SCALE_MISTAKES = ("no_scale", "sqrt_d_model")  # the mistakes that only change the number the scores are divided by


def divisor(name: str, d_model: int, d_k: int) -> float:
    """What the scores are divided by in computation `name` ('right' or a scale mistake): √d_k, √d_model or 1."""
    return {"right": math.sqrt(d_k), "sqrt_d_model": math.sqrt(d_model), "no_scale": 1.0}[name]


def scale_mistakes(d_model: int, d_k: int) -> list[Mistake]:
    """The scale mistakes whose divisor differs from √d_k at this width, in SCALE_MISTAKES order.

    √d_model is √d_k with one head, and 1 is √d_k when d_k = 1: those would give the right weights."""
    if d_model < 1 or d_k < 1:
        raise ValueError(f"d_model and d_k must be at least 1, got d_model={d_model}, d_k={d_k}")
    right = divisor("right", d_model, d_k)
    return [BY_NAME[name] for name in SCALE_MISTAKES if divisor(name, d_model, d_k) != right]


def run_scale_mistakes(Q, K, V, d_model: int) -> list[tuple[Mistake, AttentionResult]]:
    """Each scale mistake that changes something at this width, run on Q, K (..., n, d_k) and V (..., n, d_v)."""
    d_k = np.shape(Q)[-1]
    return [(m, m.run(Q, K, V, d_model)) for m in scale_mistakes(d_model, d_k)]


def quiz_pool(d_model: int, d_k: int) -> list[Mistake]:
    """The mistakes that change something at this width: every role and axis mistake, and the scale ones that apply."""
    scale = scale_mistakes(d_model, d_k)
    return [m for m in MISTAKES if m.name not in SCALE_MISTAKES or m in scale]


def draw_mistake(seed: int, pool: Sequence[T]) -> T:
    """The quiz's mistake for this seed: one uniform draw from `pool` with its own seeded generator."""
    if not pool:
        raise ValueError("the pool of mistakes is empty")
    rng = np.random.default_rng(seed)
    return pool[int(rng.integers(len(pool)))]


QUIZ_STREAM = 36  # the quiz's weights come from their own stream of seeds, never the page's


def quiz_weights_seed(seed: int, question: int) -> int:
    """The seed of the quiz's own W_Q, W_K, W_V for question `question` on a page seeded `seed`: drawn from both,
    and never `seed` itself, so no table of the quiz repeats a table of the page."""
    drawn = int(np.random.SeedSequence([QUIZ_STREAM, int(seed), int(question)]).generate_state(1)[0])
    return drawn if drawn != seed else drawn + 1


def quiz_qkv(X, seed: int, question: int, heads: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The quiz's own Q, K, V (heads, n, d_k) each: the sentence's X (n, d_model) through W_Q, W_K, W_V drawn from
    quiz_weights_seed(seed, question), split into `heads` heads of d_k = d_model / heads."""
    X = np.asarray(X, dtype=float)
    w = random_weights(X.shape[-1], quiz_weights_seed(seed, question))
    return tuple(split_heads(X @ W, heads) for W in (w.W_Q, w.W_K, w.W_V))  # (n, d_model) -> (heads, n, d_k)


@dataclass(frozen=True)
class Diagnosis:
    """The symptoms of a computation, measured against the correct one on the same Q, K, V."""

    row_sum_gap: float  # max |row sum − 1| of the weights
    col_sum_gap: float  # max |column sum − 1| of the weights
    scores_same: bool  # the scores equal the right Q Kᵀ
    scores_transposed: bool  # the scores equal (Q Kᵀ)ᵀ
    weights_same: bool  # the weights equal the right weights
    output_gap: float  # max |output − right output|
    mean_entropy: float  # mean row entropy of the weights, in nats
    right_mean_entropy: float
    mean_max_weight: float  # mean over rows of the largest weight
    masked: bool = False  # measured under a mask: a row (or column) no query may use should sum to 0, not 1

    @property
    def rows_sum_to_one(self) -> bool:
        return self.row_sum_gap < SUMS_TO_ONE

    @property
    def scores_relation(self) -> str:
        """'same' when the scores are Q Kᵀ, 'transposed' when they are (Q Kᵀ)ᵀ (and not Q Kᵀ), else 'neither'."""
        return "same" if self.scores_same else "transposed" if self.scores_transposed else "neither"


def diagnose(right: AttentionResult, wrong: AttentionResult, mask=None) -> Diagnosis:
    """Compare two attention results on the same inputs: row and column sums, transposes, entropy, outputs.

    With a mask, a row's sum is measured against 1 when its query may see some key and 0 when it may see none,
    and a column's against 1 when some query may see its key and 0 otherwise."""
    w = wrong.weights  # (..., n, n)
    m = np.ones(np.shape(w), dtype=bool) if mask is None else np.broadcast_to(np.asarray(mask, dtype=bool), w.shape)
    return Diagnosis(
        row_sum_gap=float(np.max(np.abs(w.sum(axis=-1) - m.any(axis=-1)))),  # sum over keys: one per query
        col_sum_gap=float(np.max(np.abs(w.sum(axis=-2) - m.any(axis=-2)))),  # sum over queries: one per key
        scores_same=bool(np.allclose(wrong.scores, right.scores, rtol=0, atol=CLOSE)),
        scores_transposed=bool(np.allclose(wrong.scores, np.swapaxes(right.scores, -1, -2), rtol=0, atol=CLOSE)),
        weights_same=bool(np.allclose(w, right.weights, rtol=0, atol=CLOSE)),
        output_gap=float(np.max(np.abs(wrong.output - right.output))),
        mean_entropy=mean_row_entropy(w),
        right_mean_entropy=mean_row_entropy(right.weights),
        mean_max_weight=mean_max_weight(w),
        masked=mask is not None,
    )


def identify(d: Diagnosis) -> str:
    """Name the mistake from its symptoms alone (the reasoning the quiz asks of the learner), or 'none'."""
    if not d.rows_sum_to_one:
        return "axis0"  # the right weights always have rows summing to 1
    if d.scores_relation == "transposed":
        return "swap_qk"
    if d.scores_relation == "neither":
        return "v_as_k"  # rows sum to 1 but the scores are neither Q Kᵀ nor its transpose
    if d.weights_same:
        return "k_as_v" if d.output_gap > CLOSE else "none"
    # same scores, different weights: only the scale can differ; flatter means a bigger divisor
    return "sqrt_d_model" if d.mean_entropy > d.right_mean_entropy else "no_scale"


def ruled_out(name: str, d: Diagnosis, d_model: int, d_k: int) -> tuple[str, ...]:
    """The readings of `d` that mistake `name` could not have given, as codes (empty when every reading
    fits it): what the quiz says to a wrong pick, instead of the readings that happen to fit it."""
    out = []
    if name != "axis0" and not d.rows_sum_to_one:
        out.append("rows")  # only the wrong axis leaves the rows unnormalised
    if name == "axis0" and not d.col_sum_gap < SUMS_TO_ONE:
        out.append("columns")
    scores = {"swap_qk": d.scores_transposed, "v_as_k": d.scores_relation == "neither"}.get(name, d.scores_same)
    if not scores:
        out.append("scores")
    if name == "k_as_v":
        out += [code for code, hit in (("weights", not d.weights_same), ("output", d.output_gap <= CLOSE)) if hit]
    if name in SCALE_MISTAKES:
        if d.weights_same:
            out.append("weights_same")
        elif entropy_direction(d.mean_entropy, d.right_mean_entropy) == -scale_direction(name, d_model, d_k) != 0:
            out.append("entropy")  # a bigger divisor can only flatten every row, a smaller one only sharpen it
    return tuple(out)


def largest_change_row(right_output, wrong_output) -> int:
    """The query (row) whose output moved most: argmax over rows of max |wrong − right|, outputs (n, d_v) each;
    the first of equals."""
    diff = np.abs(np.asarray(wrong_output, dtype=float) - np.asarray(right_output, dtype=float))  # (n, d_v)
    return int(np.argmax(diff.max(axis=-1)))


def mean_row_entropy(weights) -> float:
    """Mean over every row (and head) of the row's entropy in nats; ln n is a flat row, 0 a one-hot row."""
    return float(np.mean(row_entropy(weights)))


def mean_max_weight(weights) -> float:
    """Mean over every row (and head) of the row's largest weight; 1/n is flat, 1 is one-hot."""
    return float(np.mean(np.max(np.asarray(weights, dtype=float), axis=-1)))


FLAT_TOLERANCE = 1e-3  # nats: mean entropies closer than this read as "as flat" (they print within 0.001)


def entropy_direction(entropy: float, right_entropy: float) -> int:
    """How a computation's mean row entropy compares with the right one's: +1 flatter (higher), −1 more peaked
    (lower), 0 as flat (within FLAT_TOLERANCE)."""
    if entropy > right_entropy + FLAT_TOLERANCE:
        return 1
    if entropy < right_entropy - FLAT_TOLERANCE:
        return -1
    return 0


def scale_direction(name: str, d_model: int, d_k: int) -> int:
    """What scale mistake `name` does to the weights at this width, from its divisor against √d_k: +1 flattens
    (a bigger divisor: softmax at a higher temperature, every row flatter or the same), −1 sharpens (a smaller
    one), 0 changes nothing (the same divisor)."""
    wrong, right = divisor(name, d_model, d_k), divisor("right", d_model, d_k)
    return 1 if wrong > right else -1 if wrong < right else 0


# ---------------------------------------------------------------------------------------------------------
# Checks a learner can run on their own attention code, with no reference implementation to compare against


def cross_shaped(Q, K, V) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Self-attention's Q, K (..., n, d_k) and V (..., n, d_v) cut to a cross-attention shape: the queries of
    the first n // 2 tokens only, and V's first d_v // 2 columns, so that n_q ≠ n_k and d_v ≠ d_k."""
    Q, K, V = (np.asarray(a, dtype=float) for a in (Q, K, V))
    n, d_v = V.shape[-2:]
    if n < 2 or d_v < 2:
        raise ValueError(f"a shape test needs at least 2 tokens and d_v of at least 2, got n={n}, d_v={d_v}")
    return Q[..., : n // 2, :], K, V[..., : d_v // 2]  # (..., n//2, d_k), (..., n, d_k), (..., n, d_v//2)


@dataclass(frozen=True)
class ShapeCheck:
    """What one computation did with cross-shaped inputs: its output's shape, or the error it raised."""

    expected: tuple[int, ...]  # (..., n_q, d_v), the right output's shape
    shape: tuple[int, ...] | None  # the output's shape; None when it raised
    error: str  # the error's message; "" when it ran

    @property
    def caught(self) -> bool:
        """The shape test fails: an error, or an output of the wrong shape."""
        return self.shape != self.expected


def shape_check(mistake: Mistake, Q, K, V, d_model: int) -> ShapeCheck:
    """Run `mistake` on Q (..., n_q, d_k), K (..., n_k, d_k), V (..., n_k, d_v) and report what came out."""
    expected = (*np.shape(Q)[:-1], np.shape(V)[-1])  # one output row per query, d_v wide
    try:
        out = mistake.run(Q, K, V, d_model).output
    except ValueError as err:
        return ShapeCheck(expected=expected, shape=None, error=str(err))
    return ShapeCheck(expected=expected, shape=tuple(out.shape), error="")


def known_answer_test(attention) -> bool:
    """True if attention(Q, K, V) returns the output worked out by hand."""
    Q = np.array([[1.0, 1, 0, 0], [1, 1, 0, 0]])  # both queries ask for key 0
    K = np.array([[1.0, 1, 0, 0], [0, 0, 1, 1]])  # q·k₀ = 2, q·k₁ = 0
    V = np.array([[1.0, 0, 0, 0], [0, 1, 0, 0]])  # d_k = d_v = 4
    p = math.e / (math.e + 1)  # scores ÷ √4 = [1, 0]: softmax [0.731, 0.269]
    expected = [[p, 1 - p, 0, 0], [p, 1 - p, 0, 0]]  # each row p·v₀ + (1 − p)·v₁
    out = np.asarray(attention(Q, K, V))
    return out.shape == (2, 4) and bool(np.allclose(out, expected))


KNOWN_ANSWER_D_MODEL = 8  # the known answer has d_k = 4: as in a layer of 2 heads with d_model = 8


@functools.cache  # the test's inputs are fixed: a mistake passes or fails it once and for all
def passes_known_answer(mistake: Mistake) -> bool:
    """Whether `mistake`'s computation passes the known-answer test (d_k = 4 of d_model = 8)."""
    return known_answer_test(lambda Q, K, V: mistake.run(Q, K, V, KNOWN_ANSWER_D_MODEL).output)


ROLE_CHECKED = ("axis0", "swap_qk", "v_as_k", "k_as_v")  # the mistakes about which axis or which matrix


@dataclass(frozen=True)
class RoleChecks:
    """Which of the three checks catch one mistake: row sums on the sentence, the shape test, the known answer."""

    mistake: Mistake
    row_sums_caught: bool
    shapes: ShapeCheck
    known_answer_caught: bool


def role_checks(Q, K, V) -> list[RoleChecks]:
    """The three checks on each ROLE_CHECKED mistake, for one head's Q, K, V (n, d_model) of a sentence."""
    right = correct_attention(Q, K, V)
    d_model = np.shape(Q)[-1]
    cross = cross_shaped(Q, K, V)
    return [RoleChecks(mistake=m,
                       row_sums_caught=not diagnose(right, m.run(Q, K, V, d_model)).rows_sum_to_one,
                       shapes=shape_check(m, *cross, d_model),
                       known_answer_caught=not passes_known_answer(m))
            for m in (BY_NAME[name] for name in ROLE_CHECKED)]


# ---------------------------------------------------------------------------------------------------------
# Predict, then see: which lines of a weight matrix sum to 1


SUM_LINES = ("rows", "columns", "neither")  # the answers to "which sums to 1, the rows or the columns?"


def lines_summing_to_one(weights) -> tuple[bool, bool]:
    """(every row sums to 1, every column sums to 1) for weights (..., n_q, n_k), each to within SUMS_TO_ONE."""
    w = np.asarray(weights, dtype=float)
    rows = np.abs(w.sum(axis=-1) - 1)  # one sum per query: over the keys
    cols = np.abs(w.sum(axis=-2) - 1)  # one sum per key: over the queries
    return bool(rows.max() < SUMS_TO_ONE), bool(cols.max() < SUMS_TO_ONE)


def sums_prediction_right(guess: str, weights) -> bool:
    """Whether the claim a guess makes holds for these weights: 'rows' (every row sums to 1), 'columns' (every
    column does) or 'neither' (neither does). Judged by the claim, so a true statement is never marked wrong."""
    rows, cols = lines_summing_to_one(weights)
    claims = {"rows": rows, "columns": cols, "neither": not rows and not cols}
    if guess not in claims:
        raise ValueError(f"guess {guess!r} is not one of {', '.join(SUM_LINES)}")
    return claims[guess]


# ---------------------------------------------------------------------------------------------------------
# The quiz with the mask mistakes: every computation, right or wrong, is given the same mask


def quiz_mask(n: int) -> np.ndarray:
    """(n, n) bool: the causal mask (each token sees itself and the tokens before it) with every key of the first
    token blocked too, so that one row is fully blocked and the two fill mistakes can show."""
    if n < 2:
        raise ValueError(f"the quiz's mask needs at least 2 tokens, got {n}")
    mask = causal_mask(n)
    mask[0] = False  # the first query may see no key at all
    return mask


def with_mask(mistake: Mistake, mask) -> Mistake:
    """The same mistake made in code that applies `mask` correctly: run(Q, K, V, d_model) with the mask closed over."""
    mask = np.asarray(mask, dtype=bool)
    return Mistake(mistake.name, lambda Q, K, V, d_model, _run=mistake.run: _run(Q, K, V, d_model, mask=mask))


def blocked_query(mask) -> int | None:
    """The first query of a (n, n) bool mask that may see no key at all (a row of False), or None."""
    blocked = np.flatnonzero(~np.asarray(mask, dtype=bool).any(axis=-1))  # rows with no True
    return int(blocked[0]) if blocked.size else None


# ---------------------------------------------------------------------------------------------------------
# Every computation the Common mistakes page draws and its notebook prints, on one sentence


def output_difference(right: AttentionResult, wrong: AttentionResult) -> np.ndarray:
    """wrong − right output, (..., n, d_v): how far the bug moved each output entry."""
    return np.asarray(wrong.output, dtype=float) - np.asarray(right.output, dtype=float)


def scale_runs(Q, K, V, d_model: int) -> list[tuple[str, AttentionResult]]:
    """On Q, K (..., n, d_k) and V (..., n, d_v) split into heads: each scale mistake that changes the weights at
    this width, then the right computation (÷ √d_k) last, each by name."""
    runs = [(m.name, res) for m, res in run_scale_mistakes(Q, K, V, d_model)]
    runs.append(("right", correct_attention(Q, K, V)))
    return runs


@dataclass(frozen=True)
class Joined:
    """A computation's output on the heads, joined side by side, and its difference from the right one's."""

    output: np.ndarray  # (n, d_model)  the heads' outputs (heads, n, d_k) joined
    difference: np.ndarray  # (n, d_model)  output − the right output

    @property
    def largest_gap(self) -> float:
        """max |output − right output| over every entry."""
        return float(np.abs(self.difference).max())


def joined_outputs(runs: Sequence[tuple[str, AttentionResult]]) -> dict[str, Joined]:
    """Each run's output (heads, n, d_k) joined to (n, d_model), by name, with its difference from the last run's
    (the right one, as `scale_runs` puts it)."""
    right = runs[-1][1]
    return {name: Joined(output=merge_heads(res.output), difference=merge_heads(output_difference(right, res)))
            for name, res in runs}


MEASURES = {"entropy": mean_row_entropy, "max_weight": mean_max_weight}  # what section 2 reads under each table


def head_measures(weights, right_weights) -> dict[str, tuple[float, float]]:
    """Each of MEASURES on weights (..., n, n) and its change from the right weights': {name: (value, change)}."""
    out = {}
    for name, measure in MEASURES.items():
        value = measure(weights)
        out[name] = (value, value - measure(right_weights))
    return out


@dataclass(frozen=True)
class PageRuns:
    """One sentence's Q, K, V, its heads, and every computation sections 1 to 3 draw (and the notebook prints)."""

    Q: np.ndarray  # (n, d_model)  one head over the whole width, d_k = d_v = d_model
    K: np.ndarray  # (n, d_model)
    V: np.ndarray  # (n, d_model)
    heads: tuple[np.ndarray, np.ndarray, np.ndarray]  # Q, K, V split into heads: (heads, n, d_k) each
    right: AttentionResult  # one head: softmax over the keys
    axis0: AttentionResult  # one head: softmax over the queries
    scale: list[tuple[str, AttentionResult]]  # on the heads: the scale mistakes that change the weights, then "right"
    swap: AttentionResult  # one head: K Qᵀ
    v_as_k: AttentionResult  # one head: scored against V
    k_as_v: AttentionResult  # one head: K copied as the values

    def notebook_arrays(self) -> dict[str, np.ndarray | None]:
        """The arrays the notebook checks its results against, by its variable names; a scale mistake that
        changes nothing at this width (and so is not drawn) is None."""
        joined = joined_outputs(self.scale)
        by_name = dict(self.scale)
        scale = {}
        for name in ("right", "sqrt_d_model", "no_scale"):
            shown = name in by_name
            scale[f"scale_weights_{name}"] = by_name[name].weights if shown else None
            scale[f"scale_output_{name}"] = joined[name].output if shown else None
        return {"right_weights": self.right.weights, "right_output": self.right.output,
                "axis0_weights": self.axis0.weights, "axis0_output": self.axis0.output, **scale,
                "swap_weights": self.swap.weights, "v_as_k_weights": self.v_as_k.weights,
                "k_as_v_output": self.k_as_v.output}


def page_runs(Q, K, V, heads: int) -> PageRuns:
    """Sections 1 to 3 on one head's Q, K, V (n, d_model): the right computation and the role mistakes on the
    whole width, and the scale mistakes on Q, K, V split into `heads` heads of d_k = d_model / heads."""
    Q, K, V = (np.asarray(a, dtype=float) for a in (Q, K, V))
    d_model = Q.shape[-1]
    split = tuple(split_heads(M, heads) for M in (Q, K, V))  # (n, d_model) -> (heads, n, d_k) each
    return PageRuns(Q=Q, K=K, V=V, heads=split, right=correct_attention(Q, K, V),
                    axis0=softmax_over_queries(Q, K, V), scale=scale_runs(*split, d_model),
                    swap=swap_q_and_k(Q, K, V), v_as_k=values_as_keys(Q, K, V), k_as_v=keys_as_values(Q, K, V))
