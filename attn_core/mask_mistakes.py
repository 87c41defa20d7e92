"""Masking bugs that train without an error, each a named function beside the right one, and the checks that
catch them.

A mask is boolean, (n_q, n_k) or broadcastable to it, and True means "this query may attend to this key": the
meaning of a boolean `attn_mask` in torch.nn.functional.scaled_dot_product_attention. Every computation takes
Q (..., n, d_k), K (..., n, d_k), V (..., n, d_v) and the mask, and returns an `AttentionResult`, so a wrong
computation is drawn and checked exactly like the right one. Leading "..." axes are heads.

For the quiz: `MASK_MISTAKES` holds each bug as a `MaskMistake(name, run)` with
`run(Q, K, V, mask) -> AttentionResult`; `as_mistakes(mask)` wraps them as `attn_core.mistakes.Mistake`s
with the usual `run(Q, K, V, d_model)`. `quiz_pool` lists the ones this mask can tell apart,
`diagnose_mask` measures a mystery computation's symptoms and `identify_mask_mistake` names the bug from them.
The Common mistakes quiz with the mask mistakes lives here too (`masked_quiz_pool`, `identify_masked`): this
module builds on `attn_core.mistakes`, never the other way round.

Only numbers, arrays and small dataclasses of them come out of here; every label, sentence and piece of
code-as-text the page shows about them is in `attn_lessons.mask_mistakes`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from . import mistakes
from .attention import CLOSE, AttentionResult, causal_mask, scaled_dot_product_attention, softmax
from .masks import build_mask, fully_masked_rows
from .mistakes import Diagnosis, Mistake, with_mask
from .tokens import embed, sinusoidal_positions, tokenize

DTYPES = ("float64", "float32", "float16")
FILLS = ("-1e9", "-1e6", "min")  # finite stand-ins for −∞; "min" is the dtype's lowest finite value
SCALE_UPS = (1, 10, 100, 1000)  # how much larger the scores get in the renormalising table
KNOWN_RATIO = 4.0  # the known-answer test: a query's own key scores ln 4, so it gets 4 times each other key's weight


# ---------------------------------------------------------------------------------------------------------
# PyTorch's documented meanings of a boolean mask


@dataclass(frozen=True)
class Convention:
    """One boolean mask argument of PyTorch, as its documentation defines it: where it goes, its shape, and what a
    True entry does (the words for it are in attn_lessons.mask_mistakes)."""

    api: str
    argument: str
    shape: str
    true_allows: bool  # True: a True entry lets the pair attend; False: a True entry blocks it
    per_key: bool = False  # one flag per key (…, S), the same for every query (a key padding mask)


SDPA = Convention("torch.nn.functional.scaled_dot_product_attention", "attn_mask (bool)", "(…, L, S)", True)
MHA_ATTN_MASK = Convention("torch.nn.MultiheadAttention", "attn_mask (bool)", "(L, S)", False)
MHA_KEY_PADDING = Convention("torch.nn.MultiheadAttention", "key_padding_mask (bool)", "(N, S)", False, per_key=True)
TORCH_CONVENTIONS = (SDPA, MHA_ATTN_MASK, MHA_KEY_PADDING)


def allowed_from(mask, convention: Convention) -> np.ndarray:
    """This page's "may attend" mask from a boolean mask written in `convention`.

    A per-key mask (…, S) is one flag per key, so it becomes (…, 1, S): the same key columns in every row."""
    mask = np.asarray(mask, dtype=bool)
    allowed = mask if convention.true_allows else ~mask
    return allowed[..., None, :] if convention.per_key else allowed


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
    """One masking bug: its short name and the function that makes it (its label and symptom are words, in
    attn_lessons.mask_mistakes)."""

    name: str
    run: Callable[..., AttentionResult]  # run(Q, K, V, mask) -> AttentionResult; mask True = may attend


MASK_MISTAKES: tuple[MaskMistake, ...] = (
    MaskMistake("after_softmax", mask_after_softmax),
    MaskMistake("inverted", inverted_mask),
    MaskMistake("wrong_axis", mask_wrong_axis),
    MaskMistake("finite_fill", finite_fill),
    MaskMistake("naive_inf", naive_minus_inf),
    MaskMistake("no_mask", no_mask),
)
MASK_BY_NAME = {m.name: m for m in MASK_MISTAKES}


def as_mistakes(mask) -> tuple[Mistake, ...]:
    """The mask mistakes as attn_core.mistakes.Mistake objects, run(Q, K, V, d_model), each applying `mask`."""
    mask = np.asarray(mask, dtype=bool)
    return tuple(Mistake(m.name, lambda Q, K, V, d_model, _run=m.run: _run(Q, K, V, mask)) for m in MASK_MISTAKES)


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
    highest_row_sum: float = 1.0  # the largest row sum of a row that may see a key (1.0 when there is none)
    open_rows_same: bool = False  # every row that may see a key equals the right computation's row
    filled_even: bool = True  # every fully blocked row that got weight has it spread evenly over its keys
    blocked_pairs: int = 0  # pairs the mask blocks
    blocked_weighted: int = 0  # blocked pairs that got some weight, NaN rows left out
    allowed_empty: int = 0  # allowed pairs that got no weight at all, NaN rows left out
    filled_even_rows: int = 0  # fully blocked rows that got weight spread evenly over every key

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
    filled = ~open_row & ~nan_row & (ok.max(axis=-1) > 0)  # (..., n_q) fully blocked rows that got weight anyway
    right = masked_attention(Q, K, V, mask).weights
    spread = np.abs(ok - ok.mean(axis=-1, keepdims=True)).max(axis=-1)  # (..., n_q) 0 for a row spread evenly

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
        filled_rows=int(filled.sum()),
        weights_same=bool(np.allclose(w, right, rtol=0, atol=CLOSE)),
        same_as_unmasked=same(scaled_dot_product_attention(Q, K, V)),
        same_as_transposed=same(mask_wrong_axis(Q, K, V, mask)),
        highest_row_sum=float(opened.max(initial=1.0)),
        open_rows_same=bool(np.allclose(w[open_row], right[open_row], rtol=0, atol=CLOSE)),
        filled_even=bool((spread[filled] <= CLOSE).all()),
        blocked_pairs=int((~m).sum()),
        blocked_weighted=int((~m & ~nan_row[..., None] & (ok > 0)).sum()),
        allowed_empty=int((m & ~nan_row[..., None] & (ok == 0)).sum()),
        filled_even_rows=int((filled & (spread <= CLOSE)).sum()),
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


def ruled_out_masked(name: str, d: Diagnosis, dm: MaskDiagnosis, d_model: int, d_k: int) -> tuple[str, ...]:
    """The readings that quiz mistake `name`, made under the mask, could not have given (mistakes.ruled_out's codes
    and the mask's own: 'nan', 'no_nan', 'blocked', 'filled', 'not_filled', 'open_rows', 'uneven', 'rows_right',
    'over_one', 'allowed', 'not_transposed', 'not_unmasked'); empty when every reading fits it. A NaN row rules out
    all but naive_inf on its own: every other reading is then NaN too."""
    if name != "naive_inf" and dm.nan_rows:
        return ("nan",)
    if name not in MASK_BY_NAME:  # made in code that applies the mask right: blocked pairs and blocked rows get 0
        ordinary = mistakes.ruled_out(name, d, d_model, d_k)
        return ordinary + tuple(c for c, hit in (("blocked", dm.blocked_weight > 0),
                                                  ("filled", dm.filled_rows > 0)) if hit)
    out = [] if d.scores_same else ["scores"]  # every masking bug scores with QKᵀ
    out += [code for code, hit in {
        "naive_inf": (("no_nan", not dm.nan_rows),),
        "finite_fill": (("not_filled", not dm.filled_rows), ("open_rows", not dm.open_rows_same),
                        ("uneven", not dm.filled_even)),
        "after_softmax": (("blocked", dm.blocked_weight > 0), ("rows_right", dm.rows_sum_right),
                          ("over_one", dm.highest_row_sum > 1 + mistakes.SUMS_TO_ONE)),
        "inverted": (("allowed", dm.allowed_pairs > 0 and dm.allowed_weight > 0),),
        "wrong_axis": (("not_transposed", not dm.same_as_transposed),),
        "no_mask": (("not_unmasked", not dm.same_as_unmasked),),
    }[name] if hit]
    return tuple(out)


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


@dataclass(frozen=True)
class MaskChoice:
    """The learner's mask as the controls set it: its kind, the kind's mask before a row is blocked (n, n), and the
    query whose every key is also blocked (None for no query)."""

    kind: str
    base: np.ndarray  # (n, n) bool, True = may attend
    block: int | None = None

    @property
    def mask(self) -> np.ndarray:
        return with_blocked_row(self.base, self.block)


# What a mask must have for a mistake to show on it: a blocked pair; a row with both allowed and blocked keys (the
# mask after the softmax); a pair (i, j) allowed where (j, i) is blocked (the wrong axis).
NEEDS: dict[str, Callable[[np.ndarray], bool]] = {
    "blocked": lambda m: bool((~m).any()),
    "partial": lambda m: bool((m.any(axis=-1) & ~m.all(axis=-1)).any()),
    "asymmetric": lambda m: not np.array_equal(m, m.T),
}
REMEDIES = ("causal", "padding", "one_pad", "unblock", "block", "longer")  # the settings remedies() may name


def remedies(choice: MaskChoice, need: str | Callable[[np.ndarray], bool]) -> tuple[str, ...]:
    """The settings, one control away, whose mask has what `need` names (see NEEDS), in REMEDIES' order: another
    kind ("causal", or "padding" with one padded token), one padded token of the padding already picked
    ("one_pad"), no blocked query ("unblock"), every key of the first query blocked ("block"); "longer" (two or
    more words) when none of those has it. Empty when the mask in force already has it. `need` may also be a test
    of a mask (n, n) -> bool."""
    has = NEEDS[need] if isinstance(need, str) else need
    if has(choice.mask):
        return ()
    n = choice.base.shape[0]
    one_pad = build_mask("padding", n, n_padded=1)  # the last token is padding
    candidates = {
        "causal": None if choice.kind == "causal" else with_blocked_row(causal_mask(n), choice.block),
        "padding": None if choice.kind == "padding" else with_blocked_row(one_pad, choice.block),
        "one_pad": with_blocked_row(one_pad, choice.block) if choice.kind == "padding" else None,
        "unblock": None if choice.block is None else choice.base,
        "block": with_blocked_row(choice.base, 0) if choice.block is None else None,
    }
    found = tuple(name for name, m in candidates.items() if m is not None and not np.array_equal(m, choice.mask)
                  and has(m))
    return found or (("longer",) if n == 1 else ())


def quiz_remedies(case: Case, choice: MaskChoice) -> tuple[str, ...]:
    """The settings, one control away, under which at least two mask mistakes can be told apart (see remedies)."""
    return remedies(choice, lambda m: len(quiz_pool(case.Q, case.K, case.V, m)) >= 2)


def same_as_right(case: Case) -> list[str]:
    """The names of the mask mistakes whose weights equal the right ones on this case (to within CLOSE; NaN never)."""
    return [m.name for m in MASK_MISTAKES
            if np.allclose(m.run(case.Q, case.K, case.V, case.mask).weights, case.right.weights, rtol=0, atol=CLOSE)]


def with_blocked_row(mask, i: int | None) -> np.ndarray:
    """A copy of `mask` (n, n) in which query i may see no key at all; None leaves it as it is."""
    mask = np.array(mask, dtype=bool)
    if i is not None:
        if not 0 <= i < mask.shape[0]:
            raise ValueError(f"row {i} is outside 0 … {mask.shape[0] - 1}")
        mask[i, :] = False
    return mask


def lone_blocked_row(mask) -> int | None:
    """The first row of `mask` (n, n) that may see no key, when some but not all rows are fully blocked; else None
    (no row stands out when every row is blocked)."""
    rows = fully_masked_rows(np.asarray(mask, dtype=bool))
    return int(rows[0]) if 0 < rows.size < np.shape(mask)[0] else None


def additive_mask(mask) -> np.ndarray:
    """The formula's M (n, n) for a boolean mask: 0 where the query may attend, −∞ where it is blocked."""
    return np.where(np.asarray(mask, dtype=bool), 0.0, -np.inf)


def right_anyway(case: Case) -> list[str]:
    """same_as_right, asked only of a mask that blocks nothing (where a mask mistake has nothing to get wrong);
    [] for any other mask."""
    return same_as_right(case) if case.mask.all() else []


# ---------------------------------------------------------------------------------------------------------
# 1. The mask after the softmax


def question_row(mask) -> int:
    """The row to ask about: the one with the most blocked keys among rows that may still see a key."""
    mask = np.asarray(mask, dtype=bool)
    open_rows = np.flatnonzero(mask.any(axis=-1))
    if open_rows.size == 0:
        return 0
    blocked = (~mask[open_rows]).sum(axis=-1)
    return int(open_rows[int(np.argmax(blocked))])  # argmax takes the first of equals


def row_sums(case: Case, wrong_weights) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per query, (n,) each: how many keys it may see, the right weights' row sum, and `wrong_weights`' (n, n)."""
    return (case.mask.sum(axis=-1), case.right.weights.sum(axis=-1),
            np.asarray(wrong_weights, dtype=float).sum(axis=-1))


def scaled_scores(case: Case) -> np.ndarray:
    """QKᵀ/√d_k (n, n) before any mask: what both softmax-then-renormalise and mask-then-softmax start from."""
    return case.right.scores * case.right.scale


ROW_SUM_KINDS = ("one", "less", "more", "zero")  # a row sum is exactly 1, less than 1, more than 1, or exactly 0


def row_sum_kind(total: float) -> str:
    """Which of ROW_SUM_KINDS a row sum is: 1 to within CLOSE, exactly 0, or below or above 1."""
    if abs(total - 1) <= CLOSE:
        return "one"
    if total == 0:
        return "zero"
    return "less" if total < 1 else "more"


def zeroed_row_sum_kind(allowed: int, n: int, total: float) -> str:
    """Which of ROW_SUM_KINDS the row sum of softmax-then-zero is, for a row that may see `allowed` of its n keys.

    A row that may see every key sums to 1 up to rounding (to within CLOSE); one that may see none, to exactly 0.
    A row with blocked keys sums to less than 1 in exact arithmetic, so it is "one" only when the blocked weights
    underflowed and the float sum is exactly 1.0, and "zero" when the allowed weights did."""
    if allowed == 0:
        return "zero"
    if allowed == n:
        return row_sum_kind(total)
    if total == 0:
        return "zero"
    return "one" if total == 1 else "less" if total < 1 else "more"


@dataclass(frozen=True)
class RenormCell:
    """Renormalising after the softmax against masking the scores, for one set of scores in one dtype: the
    sentence's scores times `factor`, or a two-key row [lead, 0] whose first key is blocked."""

    factor: float | None  # the sentence's scores times this; None for a two-key row
    lead: float | None  # the blocked key's score in a two-key row [lead, 0]; None for the sentence's scores
    dtype: str
    gap: float  # largest |renormalised − masked| over rows that may see a key and are not NaN
    nan_rows: int  # rows that may see a key but came out NaN

    @property
    def differs(self) -> bool:
        return self.nan_rows > 0 or self.gap > dtype_tolerance(self.dtype)


def renorm_cell(scaled, mask, dtype: str, *, factor: float | None = None, lead: float | None = None) -> RenormCell:
    """Compare the two ways on the same scores, rounded once to `dtype`, over the rows that may see a key.
    `factor` or `lead` only says which scores these are (see RenormCell)."""
    mask = np.asarray(mask, dtype=bool)
    open_row = mask.any(axis=-1)
    with np.errstate(over="ignore", invalid="ignore"):
        x = np.asarray(scaled, dtype=float).astype(dtype)  # the same rounded scores for both ways
        right = masked_weights(x, mask, dtype).astype(float)[open_row]
        renorm = renormalised_weights(x, mask, dtype).astype(float)[open_row]
    nan_row = np.isnan(renorm).any(axis=-1)
    gap = float(np.abs(renorm[~nan_row] - right[~nan_row]).max(initial=0.0))
    return RenormCell(factor, lead, dtype, gap, int(nan_row.sum()))


TWO_KEY_LEADS = (20, 200, 800)  # a blocked key scoring this much above the one allowed key


def renormalise_table(scaled, mask, factors: Sequence[float] = SCALE_UPS, leads: Sequence[float] = TWO_KEY_LEADS,
                      dtypes: Sequence[str] = DTYPES) -> list[RenormCell]:
    """Renormalised against masked weights: the sentence's scores times each factor, then a two-key row
    [lead, 0] whose first key is blocked, in each dtype."""
    cells = [renorm_cell(np.asarray(scaled, dtype=float) * factor, mask, dtype, factor=factor)
             for factor in factors for dtype in dtypes]
    two_key = np.array([[False, True]])  # (1, 2): the first key is blocked
    return cells + [renorm_cell(np.array([[float(lead), 0.0]]), two_key, dtype, lead=lead)
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


# ---------------------------------------------------------------------------------------------------------
# 2. The mask inverted, 3. the mask on the wrong axis


def key_columns(mask) -> np.ndarray | None:
    """The (n_k,) keys a padding-style mask allows when every row is the same, else None."""
    mask = np.asarray(mask, dtype=bool)
    return mask[0].copy() if mask.shape[0] and (mask == mask[0]).all() else None


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


def fill_rows(case: Case, mask, row: int, fill: str, dtype: str) -> tuple[np.ndarray, np.ndarray]:
    """Query `row`'s weights under the three ways to block, on `mask` (n, n) in `dtype`: (n, 3), one column each
    for naive −∞, the finite `fill` and the safe −∞; and the finite fill's output for that row (d_v,)."""
    runs = [naive_minus_inf(case.Q, case.K, case.V, mask, dtype),
            finite_fill(case.Q, case.K, case.V, mask, fill, dtype),
            safe_minus_inf(case.Q, case.K, case.V, mask, dtype)]
    return np.stack([r.weights[row] for r in runs], axis=1), runs[1].output[row]  # (n, 3), (d_v,)


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


def leak_changes(case: Case, t: int, word: str) -> np.ndarray:
    """The leak test: how far each output moves when token t becomes `word`, (2, n): row 0 with no mask (the
    mistake, whatever the case's mask), row 1 under a causal mask."""
    Q2, K2, V2 = swapped_qkv(case, t, word)
    free = output_change(no_mask, case.Q, case.K, case.V, Q2, K2, V2, case.mask)
    causal = output_change(masked_attention, case.Q, case.K, case.V, Q2, K2, V2, causal_mask(case.n))
    return np.stack([free, causal])  # (2, n)


# ---------------------------------------------------------------------------------------------------------
# The checks for your own code


CHECK_NAMES = ("rows", "blocked", "leak", "blocked_row", "known")  # the five checks, in the order run_checks runs them


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


def check_table(case: Case, Q2, K2, V2, t: int) -> list[tuple[str, list[CheckResult]]]:
    """(name, the five results) for the right computation ('right') and then every mask mistake."""
    rows = [("right", run_checks(masked_attention, case, Q2, K2, V2, t))]
    return rows + [(m.name, run_checks(m.run, case, Q2, K2, V2, t)) for m in MASK_MISTAKES]




# ---------------------------------------------------------------------------------------------------------
# The checks as the learner takes them home: two self-contained functions (numpy as np, nothing else from here),
# whose source the page prints under the learner's Q, K, V and mask (attn_lessons.mask_mistakes.checks_snippet).


def attention_to_check(Q, K, V, mask):
    """Replace this with your own attention. It must return (weights, output); mask True = may attend."""
    scores = Q @ K.T / np.sqrt(Q.shape[-1])            # (n, d_k) @ (d_k, n) -> (n, n)
    scores = np.where(mask, scores, -np.inf)            # block before the softmax, with a true -inf
    top = scores.max(axis=-1, keepdims=True)
    top = np.where(np.isneginf(top), 0.0, top)          # a fully blocked row has max -inf: subtract 0 instead
    e = np.exp(scores - top)
    total = e.sum(axis=-1, keepdims=True)
    weights = np.divide(e, total, out=np.zeros_like(e), where=total > 0)  # a fully blocked row stays 0, not NaN
    return weights, weights @ V                         # (n, n) @ (n, d_v) -> (n, d_v)


def failed_checks(attention, Q, K, V, mask, t):
    """The five checks on `attention(Q, K, V, mask) -> (weights, output)`; returns the ones that failed."""
    n = len(Q)
    failed = []
    weights, output = attention(Q, K, V, mask)
    # 1. every row sums to 1, or to 0 when the mask blocks the whole row
    if not np.allclose(weights.sum(axis=-1), mask.any(axis=-1), rtol=0, atol=1e-9):
        failed.append("1. row sums")
    # 2. blocked pairs get exactly 0
    if not np.all(weights[~mask] == 0):
        failed.append("2. blocked weight")
    # 3. under a causal mask, a different token at t moves no output before t
    causal = np.tril(np.ones((n, n), dtype=bool))
    Q2, K2, V2 = Q.copy(), K.copy(), V.copy()
    Q2[t], K2[t], V2[t] = Q[t] + 1.0, K[t] - 1.0, V[t] + 1.0
    _, before = attention(Q, K, V, causal)
    _, after = attention(Q2, K2, V2, causal)
    if not np.allclose(before[:t], after[:t], rtol=0, atol=1e-9):
        failed.append("3. causal leak")
    # 4. a fully blocked row gives 0s, not NaN
    blocked = mask.copy()
    blocked[0] = False
    w4, out4 = attention(Q, K, V, blocked)
    if not (np.isfinite(out4).all() and np.all(w4[0] == 0) and np.all(out4[0] == 0)):
        failed.append("4. blocked row")
    # 5. known answer: one-hot keys and values, each query's own key scores ln 4 after the scaling
    eye = np.eye(n)
    _, out5 = attention(np.log(4) * np.sqrt(n) * eye, eye, eye, causal)
    i = np.arange(n)[:, None]                           # query i (from 0) may see i + 1 keys
    expected = np.where(eye == 1, 4 / (i + 4), 1 / (i + 4)) * causal
    if not np.allclose(out5, expected, rtol=0, atol=1e-9):
        failed.append("5. known answer")
    return failed
