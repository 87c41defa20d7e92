"""The Q/K/V builder's maths: an interpretable starting point, one number traced, and what the numbers show.

The sentences about these numbers are in attn_lessons.builder (the Q/K/V builder) and attn_lessons.home.

Shapes use the paper's names: n tokens, d_model wide inputs, d_k wide queries and keys, d_v wide
values. The builder has one head, so d_k = d_v = d_model.
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from dataclasses import dataclass

import numpy as np

from .attention import scaled_dot_product_attention
from .lexicon import feature_indices
from .tokens import sinusoidal_positions

# ---------------------------------------------------------------------------------------------
# The interpretable starting point
# ---------------------------------------------------------------------------------------------

FEATURES = ("animal", "action", "place", "function", "unknown")  # short names: axis labels
ANIMAL, ACTION, PLACE, FUNCTION, UNKNOWN = range(len(FEATURES))
FEATURE_VALUE = 3.0  # a token has 3 on its feature, 0 on the others
# With positions on, X gets these columns after the features: the paper's sinusoid at width 2, (sin p, cos p) for
# the token at position p (short names, so that seven column labels fit side by side).
# Added onto the five features instead, the sinusoid's cos columns (≈ 1 for every token) leak through W_Q into
# "wants place" and make a query with no rule pick favourites.
POSITION_DIMS = ("sin p", "cos p")

LEXICON: dict[str, int] = feature_indices(FEATURES)  # word -> feature index, read from attn_core/lexicon.csv

# W_Q[f, g] = 1 means "a token with feature f looks for feature g"; everything else is 0.
QUERY_RULES = (
    (ACTION, ANIMAL),  # an action looks for an animal (who did it?)
    (ANIMAL, ACTION),  # an animal looks for an action (what did it do?)
    (FUNCTION, PLACE),  # a function word looks for a place (on … where?)
)


def lexicon_feature(token: str) -> int:
    """The index of the token's feature in LEXICON (case folded), or UNKNOWN when it is not listed."""
    return LEXICON.get(token.casefold(), UNKNOWN)


@dataclass(frozen=True)
class Start:
    """A starting point for the builder: X and the three projections, with labels for their axes."""

    X: np.ndarray  # (n, d_model)
    W_Q: np.ndarray  # (d_model, d_k)
    W_K: np.ndarray  # (d_model, d_k)
    W_V: np.ndarray  # (d_model, d_v)
    dims: tuple[str, ...]  # names of the d_model input dimensions (X's columns, the W's rows)
    q_dims: tuple[str, ...]  # names of Q's columns
    k_dims: tuple[str, ...]  # names of K's columns
    v_dims: tuple[str, ...]  # names of V's columns


def numbered_dims(d: int) -> tuple[str, ...]:
    """d0, d1, …: names for dimensions that mean nothing in particular."""
    return tuple(f"d{c}" for c in range(d))


def random_start(X, W_Q, W_K, W_V) -> Start:
    """Wrap seeded X and weights (from attn_core.build_inputs) as a starting point with numbered dims."""
    d_model = np.shape(X)[1]
    dims = numbered_dims(d_model)
    return Start(np.asarray(X, float), np.asarray(W_Q, float), np.asarray(W_K, float), np.asarray(W_V, float),
                 dims, dims, dims, dims)


def interpretable_start(tokens, positional: bool = True) -> Start:
    """X (n, 5) from the lexicon's named features, with 2 position columns after them when `positional`
    (n, 7); W_Q from QUERY_RULES and zero on the position rows and columns; W_K = W_V = identity."""
    n = len(tokens)
    features = np.zeros((n, len(FEATURES)))  # (n, 5): one named feature per column
    for i, token in enumerate(tokens):
        features[i, lexicon_feature(token)] = FEATURE_VALUE
    dims = FEATURES + POSITION_DIMS if positional else FEATURES
    # (n, d_model): positions get their own columns, so they cannot blur a feature
    X = np.hstack([features, sinusoidal_positions(n, len(POSITION_DIMS))]) if positional else features
    d = len(dims)
    W_Q = np.zeros((d, d))  # column g of Q = "wants g"; no query wants a position until the learner types one
    for f, g in QUERY_RULES:
        W_Q[f, g] = 1.0
    W_K = np.eye(d)  # column g of K = "has g": a key says what its token contains
    W_V = np.eye(d)  # values pass the features along unchanged, so an output reads as a mix of features
    return Start(X, W_Q, W_K, W_V, dims, tuple(f"wants {f}" for f in dims), tuple(f"has {f}" for f in dims), dims)


# ---------------------------------------------------------------------------------------------
# One head from X to the output
# ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Built:
    """Every matrix the builder draws, for one head (d_k = d_v = d_model unless the W's say otherwise)."""

    Q: np.ndarray  # (n, d_k)
    K: np.ndarray  # (n, d_k)
    V: np.ndarray  # (n, d_v)
    scores: np.ndarray  # (n, n)  Q Kᵀ
    scaled: np.ndarray  # (n, n)  Q Kᵀ / √d_k
    weights: np.ndarray  # (n, n)  softmax over keys: each row sums to 1
    output: np.ndarray  # (n, d_v)  weights V
    d_k: int

    @property
    def row_sums(self) -> np.ndarray:
        """(n, 1): each query's weights added up over the keys, a column to draw beside the weights."""
        return self.weights.sum(axis=1, keepdims=True)


def build(X, W_Q, W_K, W_V) -> Built:
    """Q = X W_Q, K = X W_K, V = X W_V, then softmax(Q Kᵀ/√d_k) V, for X (n, d_model)."""
    X = np.asarray(X, dtype=float)
    Q = X @ np.asarray(W_Q, float)  # (n, d_model) @ (d_model, d_k) -> (n, d_k)
    K = X @ np.asarray(W_K, float)  # (n, d_model) @ (d_model, d_k) -> (n, d_k)
    V = X @ np.asarray(W_V, float)  # (n, d_model) @ (d_model, d_v) -> (n, d_v)
    att = scaled_dot_product_attention(Q, K, V)
    return Built(Q=Q, K=K, V=V, scores=att.scores, scaled=att.scaled, weights=att.weights,
                 output=att.output, d_k=Q.shape[1])


# ---------------------------------------------------------------------------------------------
# One weight and one output cell, traced step by step
# ---------------------------------------------------------------------------------------------

EXP_SHIFT_ABOVE = 50.0  # a row max within ±50: exp() of the raw scaled scores is shown; beyond, the max is taken off


@dataclass(frozen=True)
class CellTrace:
    """How weight w_ij and output_i come about, written out the slow way."""

    i: int
    j: int
    q: np.ndarray  # (d_k,)  q_i, query i's row of Q
    k: np.ndarray  # (d_k,)  k_j, key j's row of K
    products: np.ndarray  # (d_k,)  q_i ⊙ k_j
    score: float  # Σ products = q_i · k_j
    d_k: int
    scaled: float  # score / √d_k
    shift: float  # taken off every scaled score of row i before exp(); 0 unless the row max is beyond ±50
    exps: np.ndarray  # (n,)  exp(scaled_i· − shift)
    weight: float  # exps[j] / Σ exps
    shares: np.ndarray  # (n, d_v)  w_ij' · v_j' for every key j': each key's share of output_i
    output: np.ndarray  # (d_v,)  Σ shares = output_i

    @property
    def exp_sum(self) -> float:
        return float(self.exps.sum())

    @property
    def product_rows(self) -> np.ndarray:
        """(3, d_k): q_i, k_j and q_i ⊙ k_j, one row each, to read down a column."""
        return np.stack([self.q, self.k, self.products])


def trace_cell(Q, K, V, i: int, j: int) -> CellTrace:
    """Weight w_ij = softmax_j(q_i·k_j/√d_k) and output_i = Σ_j w_ij v_j, one step at a time."""
    Q, K, V = (np.asarray(a, dtype=float) for a in (Q, K, V))
    n, d_k = Q.shape
    if not (0 <= i < n and 0 <= j < K.shape[0]):
        raise ValueError(f"query i={i} and key j={j} must lie in 0 … {n - 1}")
    products = Q[i] * K[j]  # (d_k,) element by element
    row = np.array([float(np.sum(Q[i] * K[jj])) for jj in range(K.shape[0])]) / math.sqrt(d_k)  # (n,)
    top = float(row.max())
    # exp(710) overflows and exp(-746) underflows to 0: for such rows subtract the row max, which cancels below
    shift = top if abs(top) > EXP_SHIFT_ABOVE else 0.0
    exps = np.exp(row - shift)  # (n,)
    weights = exps / exps.sum()  # (n,)
    shares = weights[:, None] * V  # (n, d_v)
    return CellTrace(i=i, j=j, q=Q[i], k=K[j], products=products, score=float(products.sum()), d_k=d_k,
                     scaled=float(row[j]), shift=shift, exps=exps, weight=float(weights[j]),
                     shares=shares, output=shares.sum(axis=0))


@dataclass(frozen=True)
class Shares:
    """One query's output taken apart: each key's share w_j · v_j, and how long each share is."""

    shares: np.ndarray  # (n, d_v)  row j: w_j · v_j
    lengths: np.ndarray  # (n,)  ‖w_j · v_j‖, the Euclidean length of each row


def output_shares(weights_row, V) -> Shares:
    """Key j's share w_j · v_j of output_i, for query i's weights (n,) over values V (n, d_v); they add up to
    output_i."""
    shares = np.asarray(weights_row, dtype=float)[:, None] * np.asarray(V, dtype=float)  # (n, 1) * (n, d_v)
    return Shares(shares=shares, lengths=np.linalg.norm(shares, axis=1))


def edited_cells(base: Start, X, W_Q, W_K, W_V) -> int:
    """How many cells of X and the W's differ from the starting point `base`: the learner's accepted edits."""
    return sum(int(np.count_nonzero(np.asarray(M) != start))
               for M, start in zip((X, W_Q, W_K, W_V), (base.X, base.W_Q, base.W_K, base.W_V), strict=True))


def edits_digest(base: Start, X, W_Q, W_K, W_V) -> str:
    """A short hex digest of every cell that differs from `base` (where and what it is now): equal edits, equal
    digest; no edit, the same digest whatever the starting point."""
    digest = hashlib.blake2b(digest_size=8)
    for name, M, start in zip(("X", "W_Q", "W_K", "W_V"), (X, W_Q, W_K, W_V), (base.X, base.W_Q, base.W_K, base.W_V),
                              strict=True):
        changed = np.flatnonzero(np.asarray(M) != start)  # flat indices of the edited cells
        digest.update(name.encode() + changed.tobytes() + np.asarray(M).ravel()[changed].tobytes())
    return digest.hexdigest()


# ---------------------------------------------------------------------------------------------
# What the numbers show: repeated tokens, where a weight stands in its row
# ---------------------------------------------------------------------------------------------

def repeated_tokens(tokens) -> list[list[int]]:
    """Positions of every token that occurs more than once (case folded, as the embedding does)."""
    groups: dict[str, list[int]] = {}
    for pos, token in enumerate(tokens):
        groups.setdefault(token.casefold(), []).append(pos)
    return [g for g in groups.values() if len(g) > 1]


def repeated_words(tokens) -> dict[str, int]:
    """Each word that occurs more than once (case folded, as the embedding folds it) -> how many times."""
    counts = Counter(t.casefold() for t in tokens)
    return {w: c for w, c in counts.items() if c > 1}


def rows_identical(positions, *matrices) -> bool:
    """True when the rows at `positions` are exactly equal in every one of `matrices`."""
    first, *rest = positions
    return all(np.array_equal(M[first], M[p]) for M in matrices for p in rest)


def action_animal_pair(tokens) -> tuple[int, int] | None:
    """(i, j): the first action token and the first animal token of the sentence, if both occur."""
    kinds = [lexicon_feature(t) for t in tokens]
    if ACTION in kinds and ANIMAL in kinds:
        return kinds.index(ACTION), kinds.index(ANIMAL)
    return None


TIE = 1e-9  # weights this close count as equal: floating-point rounding, not a preference


def runner_up(scaled_row, top) -> int | None:
    """The key outside `top` with the largest scaled score (the first, if several); None when every key is in it."""
    rest = [j for j in range(len(scaled_row)) if j not in top]
    return max(rest, key=lambda j: float(scaled_row[j])) if rest else None


def printed_top(weights_row, decimals: int) -> tuple[int, ...]:
    """The keys whose weight, rounded to `decimals` as a verdict prints it, equals the largest's: (n,) -> (k,).
    A tie the learner reads is a tie the question grades: every key when the row prints even."""
    row = [round(float(w), decimals) for w in weights_row]  # round() on a float rounds as a printed decimal does
    best = max(row)
    return tuple(j for j, w in enumerate(row) if w == best)


@dataclass(frozen=True)
class Rank:
    """Where key b's weight stands in a query's row of weights."""

    kind: str  # "even": every key the same; "largest": b alone on top; "tied": b shares the top; "beaten"
    top: tuple[int, ...]  # the keys with the row's largest weight (within TIE)


def rank_in_row(row, b: int) -> Rank:
    """Is weight row[b] the largest of its row (n,), tied for it, or beaten by another key's?"""
    row = np.asarray(row, dtype=float)
    top = tuple(int(k) for k in np.flatnonzero(np.isclose(row, row.max(), rtol=0, atol=TIE)))
    if len(top) == len(row) > 1:
        return Rank("even", top)
    if b in top:
        return Rank("largest" if len(top) == 1 else "tied", top)
    return Rank("beaten", top)


# ---------------------------------------------------------------------------------------------
# A query that looks for nothing, and where the trace starts
# ---------------------------------------------------------------------------------------------

NEARLY_EVEN = 0.5  # a row is "nearly even" when max − min < NEARLY_EVEN / n: under half of an even share apart
RULED = frozenset(f for f, _ in QUERY_RULES)  # the features whose token looks for something


@dataclass(frozen=True)
class Spread:
    """How a row of weights (n,) is spread over the keys."""

    kind: str  # "alone" (one key), "even" (all equal within TIE), "nearly even", or "uneven"
    lo: float  # the smallest weight
    hi: float  # the largest weight
    top: int  # the key with the largest weight (the first, if several)


def row_spread(row) -> Spread:
    """Is a row of weights even, nearly even (max − min < NEARLY_EVEN / n), or uneven?"""
    row = np.asarray(row, dtype=float)
    n, lo, hi = len(row), float(row.min()), float(row.max())
    if n == 1:
        kind = "alone"
    elif hi - lo <= TIE:
        kind = "even"
    elif hi - lo < NEARLY_EVEN / n:
        kind = "nearly even"
    else:
        kind = "uneven"
    return Spread(kind, lo, hi, int(np.argmax(row)))


def no_rule_tokens(tokens) -> list[int]:
    """Positions of the tokens whose feature has no rule in W_Q (a place, an unknown word)."""
    return [i for i, t in enumerate(tokens) if lexicon_feature(t) not in RULED]


def zero_rows(M, rows) -> list[int]:
    """Which of `rows` are all zeros in M (n, d): a query of zeros looks for nothing."""
    M = np.asarray(M, dtype=float)
    return [i for i in rows if not np.any(M[i])]


def unanswered_rules(tokens, K) -> list[tuple[int, list[int]]]:
    """The features g a rule looks for that no key has (column g of K (n, d_k) all zeros), each with the
    positions of the tokens whose rule asks for g (none, if no such token is in the sentence)."""
    rule_of = dict(QUERY_RULES)
    K = np.asarray(K, dtype=float)
    found = []
    for g in dict.fromkeys(rule_of.values()):
        if np.any(K[:, g]):
            continue  # some key has something in "has g": this rule has an answer
        found.append((g, [i for i, t in enumerate(tokens) if rule_of.get(lexicon_feature(t)) == g]))
    return found


def default_pair(tokens, Q, K, weights, interpretable: bool) -> tuple[int, int]:
    """Where the trace starts: the action → animal pair of the interpretable start when there is one, else
    the largest weight, preferring among ties the cell whose q ⊙ k has the most to show."""
    pair = action_animal_pair(tokens) if interpretable else None
    if pair is not None:
        return pair
    weights = np.asarray(weights, dtype=float)  # (n, n)
    show = np.abs(np.asarray(Q, float)) @ np.abs(np.asarray(K, float)).T  # (n, n)  Σ |q ⊙ k|
    tied = weights >= weights.max() - TIE
    i, j = np.unravel_index(int(np.argmax(np.where(tied, show, -1.0))), weights.shape)
    return int(i), int(j)


@dataclass(frozen=True)
class SumGap:
    """How far a sum added up by the trace lies from the row of the output matrix it should equal."""

    largest: float  # the largest gap over the entries
    kind: str  # "exact": no gap; "rounding": only the last bits differ; "differs"


def sum_gap(traced, output_row) -> SumGap:
    """Does Σⱼ wⱼ·vⱼ (d_v,), added up by the trace, equal the output row (d_v,) the page computed?"""
    traced, output_row = np.asarray(traced, dtype=float), np.asarray(output_row, dtype=float)
    largest = float(np.abs(traced - output_row).max())
    size = max(1.0, float(np.abs(output_row).max()))
    if largest == 0:
        return SumGap(largest, "exact")
    if largest <= 1e-9 * size:  # the same sum taken in another order: only the last bits differ
        return SumGap(largest, "rounding")
    return SumGap(largest, "differs")


# ---------------------------------------------------------------------------------------------
# Predict, then see: the query the prediction asks about
# ---------------------------------------------------------------------------------------------

ALL_SAME = -1  # the answer "every key gets the same weight"


def checkpoint_query(tokens) -> int:
    """The query the prediction asks about, from the sentence alone (so a new seed, width or edit never changes the
    question): the first action (the query of the named features' lesson), else the first token whose feature
    has a rule in W_Q, else token 0."""
    kinds = [lexicon_feature(t) for t in tokens]
    if ACTION in kinds:
        return kinds.index(ACTION)
    return next((i for i, kind in enumerate(kinds) if kind in RULED), 0)


# ---------------------------------------------------------------------------------------------
# The builder's own prediction: what doubling W_Q does to one query's weights
# ---------------------------------------------------------------------------------------------

DOUBLED = ("sharper", "flatter", "other", "same")  # the outcomes, as doubled_query names them


@dataclass(frozen=True)
class Doubled:
    """Query i's row before and after every entry of W_Q is doubled (Q = X W_Q doubles, so its scores do)."""

    i: int
    scaled_before: np.ndarray  # (n,)  q_i·k_j / √d_k
    scaled_after: np.ndarray  # (n,)  the same with 2 W_Q: twice as large
    weights_before: np.ndarray  # (n,)
    weights_after: np.ndarray  # (n,)
    top_before: tuple[int, ...]  # printed_top of each row, at the verdict's decimals
    top_after: tuple[int, ...]
    outcome: str  # one of DOUBLED: "other" when the top keys change, "same" when every weight prints the same,
    # else "sharper" or "flatter" by the top weight


def doubled_query(X, W_Q, W_K, W_V, i: int, decimals: int) -> Doubled:
    """Build attention with W_Q and with 2·W_Q (X (n, d_model), each W (d_model, d_k)) and compare query i's weights,
    as they print at `decimals`: which keys get the most weight, and whether the largest weight grows or shrinks."""
    before, after = build(X, W_Q, W_K, W_V), build(X, 2 * np.asarray(W_Q, float), W_K, W_V)
    w0, w1 = before.weights[i], after.weights[i]  # (n,) each
    top0, top1 = printed_top(w0, decimals), printed_top(w1, decimals)
    if top0 != top1:
        outcome = "other"
    elif np.array_equal(np.round(w0, decimals), np.round(w1, decimals)):
        outcome = "same"  # one key, equal scores, or a row already one-hot as printed
    else:
        outcome = "sharper" if w1.max() > w0.max() else "flatter"
    return Doubled(i=i, scaled_before=before.scaled[i], scaled_after=after.scaled[i], weights_before=w0,
                   weights_after=w1, top_before=top0, top_after=top1, outcome=outcome)
