"""The Q/K/V builder's maths: an interpretable starting point, one number traced, and what the numbers say.

Shapes use the paper's names: n tokens, d_model wide inputs, d_k wide queries and keys, d_v wide
values. The builder has one head, so d_k = d_v = d_model.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .attention import scaled_dot_product_attention
from .tokens import sinusoidal_positions

# ---------------------------------------------------------------------------------------------
# The interpretable starting point
# ---------------------------------------------------------------------------------------------

FEATURES = ("animal", "action", "place", "function", "unknown")  # short names: axis labels
FEATURE_QUESTIONS = (
    "is an animal",
    "is an action",
    "is a place",
    "is a function word",
    "is not in the lexicon (fallback)",
)
ANIMAL, ACTION, PLACE, FUNCTION, UNKNOWN = range(len(FEATURES))
FEATURE_VALUE = 3.0  # a token has 3 on its feature, 0 on the others
# With positions on, X gets these columns after the features: the paper's sinusoid at width 2, (sin p, cos p) for
# the token at position p (short names, so that seven column labels fit side by side).
# Added onto the five features instead, the sinusoid's cos columns (≈ 1 for every token) leak through W_Q into
# "wants place" and make a query with no rule pick favourites.
POSITION_DIMS = ("sin p", "cos p")

LEXICON: dict[str, int] = {
    **dict.fromkeys(("cat", "cats", "dog", "dogs", "bird", "birds", "fish", "mouse", "mice", "horse",
                     "cow", "lion", "fox", "rabbit", "owl", "frog", "bear", "duck"), ANIMAL),
    **dict.fromkeys(("sat", "sits", "sit", "ran", "runs", "run", "ate", "eats", "eat", "slept", "sleeps",
                     "jumped", "jumps", "chased", "chases", "saw", "sees", "barked", "flew", "swam",
                     "walked", "played", "hid"), ACTION),
    **dict.fromkeys(("mat", "house", "park", "garden", "room", "tree", "table", "field", "river", "sea",
                     "road", "bed", "box", "hill", "forest", "city", "kitchen", "sofa", "yard"), PLACE),
    **dict.fromkeys(("the", "a", "an", "on", "in", "at", "of", "to", "and", "under", "over", "by",
                     "with", "from", "into", "near", "this", "that", "its", "his", "her"), FUNCTION),
}

# W_Q[f, g] = 1 means "a token with feature f looks for feature g"; everything else is 0.
QUERY_RULES = (
    (ACTION, ANIMAL, "an action looks for an animal (who did it?)"),
    (ANIMAL, ACTION, "an animal looks for an action (what did it do?)"),
    (FUNCTION, PLACE, "a function word looks for a place (on … where?)"),
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
    for f, g, _ in QUERY_RULES:
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
    return CellTrace(i=i, j=j, products=products, score=float(products.sum()), d_k=d_k,
                     scaled=float(row[j]), shift=shift, exps=exps, weight=float(weights[j]),
                     shares=shares, output=shares.sum(axis=0))


# ---------------------------------------------------------------------------------------------
# Lessons read off the numbers
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


Fmt = Callable[[float, int], str]  # a number formatter from the view layer, e.g. attn_ui.format.num(x, decimals)
TIE = 1e-9  # weights this close count as equal: floating-point rounding, not a preference


def top_keys(weights_row) -> list[int]:
    """The keys that get the row's largest weight, (n,) -> (k,): several when tied (within TIE)."""
    row = [float(w) for w in weights_row]
    best = max(row)
    return [j for j, w in enumerate(row) if best - w <= TIE]


def runner_up(scaled_row, top) -> int | None:
    """The key outside `top` with the largest scaled score (the first, if several); None when every key is in it."""
    rest = [j for j in range(len(scaled_row)) if j not in top]
    return max(rest, key=lambda j: float(scaled_row[j])) if rest else None


@dataclass(frozen=True)
class Note:
    """A sentence and how to show it: "warning", "caption", "success" or "info"."""

    kind: str
    text: str


def _names(names) -> str:
    """'X', 'X and Q', 'X, K and V'."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def repeat_notes(tokens, positional: bool, X, Q, K, V, weights) -> list[Note]:
    """One note per repeated token: in which of X, Q, K, V and the weights its rows are the same, and why."""
    matrices = {"X": X, "Q": Q, "K": K, "V": V, "the weights": weights}
    notes = []
    for group in repeated_tokens(tokens):
        where = ", ".join(str(p) for p in group[:-1]) + f" and {group[-1]}"
        word = "”/“".join(dict.fromkeys(tokens[p] for p in group))  # The/the: the embedding folds case
        same = [name for name, M in matrices.items() if rows_identical(group, M)]
        differ = [name for name in matrices if name not in same]
        said = f"“{word}” appears at positions {where}"
        if not differ and not positional:
            notes.append(Note("warning", f"{said}, and its rows are **identical** in X, Q, K, V and the weights. "
                              "Positions are off, so X says only *what* each token is, not *where* it is: "
                              "attention alone does not see order. Turn the positions on to tell them apart."))
        elif not differ:
            notes.append(Note("warning", f"{said}, and its rows are **identical** in X, Q, K, V and the weights, "
                              "although positions are on: your edits to X gave the copies the same row, so "
                              "attention cannot tell them apart."))
        elif not positional:
            notes.append(Note("caption", f"{said}; positions are off, but its rows differ because you edited X."))
        elif not same:
            notes.append(Note("caption", f"{said}; its rows differ because each copy got its own position in X."))
        else:
            why = ": W_Q gives the copies the same query" if "Q" in same else ""
            notes.append(Note("caption", f"{said}; each copy got its own position in X, so its rows differ in "
                              f"{_names(differ)}, but they are the same in {_names(same)}{why}."))
    return notes


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


def action_animal_lesson(labels, a: int, b: int, X, W_Q, W_K, Q, K, scores, weights, d_k: int, fmt: Fmt) -> Note:
    """Why action a attends to animal b (a "success"), or whether it still does after edits (an "info")."""
    row = np.asarray(weights[a], dtype=float)
    rank = rank_in_row(row, b)
    if rank.kind == "even":
        verdict = "the same as every other key: the row is even, so the query prefers nothing"
    elif rank.kind == "largest":
        verdict = "the largest in its row"
    elif rank.kind == "tied":
        others = " and ".join(f"“{labels[k]}”" for k in rank.top if k != b)
        verdict = f"tied for the largest in its row with {others}"
    else:
        k = rank.top[0]
        verdict = f"but the largest weight in its row now goes to “{labels[k]}” ({fmt(row[k], 3)})"
    kind = "success" if rank.kind in ("largest", "tied") else "info"
    head = (f"Why “{labels[a]}” attends to “{labels[b]}”." if kind == "success"
            else f"Does “{labels[a]}” still attend to “{labels[b]}”?")
    q, k = float(Q[a][ANIMAL]), float(K[b][ANIMAL])
    x_a, x_b = float(X[a][ACTION]), float(X[b][ANIMAL])
    w_q, w_k = float(W_Q[ACTION][ANIMAL]), float(W_K[ANIMAL][ANIMAL])
    # each clause says what the starting point does only while the number behind it still does it
    action = (f"“{labels[a]}” is an action" if x_a > 0 else
              f"“{labels[a]}” is an action in the lexicon, but its row of X now has {fmt(x_a, 2)} there")
    animal = (f"“{labels[b]}” is an animal" if x_b > 0 else
              f"“{labels[b]}” is an animal in the lexicon, but its row of X now has {fmt(x_b, 2)} there")
    turns = ("W_Q turns *action* into *wants animal*" if w_q > 0 else
             f"W_Q's cell (action, wants animal) is now {fmt(w_q, 2)}")
    keeps = ("W_K keeps it as *has animal*" if w_k > 0 else
             f"W_K's cell (animal, has animal) is now {fmt(w_k, 2)}")
    return Note(kind, f"**{head}** {action}, and {turns}: q has {fmt(q, 2)} there. {animal}, and {keeps}: "
                f"k has {fmt(k, 2)} there. Of their dot product q·k = {fmt(scores[a][b], 2)}, that column gives "
                f"{fmt(q * k, 2)}. After ÷ √{d_k} and softmax, “{labels[a]}” gives “{labels[b]}” a weight of "
                f"{fmt(row[b], 3)}, {verdict}.")


# ---------------------------------------------------------------------------------------------
# A query that looks for nothing, and where the trace starts
# ---------------------------------------------------------------------------------------------

NEARLY_EVEN = 0.5  # a row is "nearly even" when max − min < NEARLY_EVEN / n: under half of an even share apart
RULED = frozenset(f for f, _, _ in QUERY_RULES)  # the features whose token looks for something


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


def _spread_words(s: Spread, i: int, labels, fmt: Fmt) -> str:
    """What query i does with its row of weights, as a verb phrase: 'spreads its weight nearly evenly, …'."""
    where = "itself" if s.top == i else f"“{labels[s.top]}”"
    return {"alone": f"gives its one key, itself, all the weight ({fmt(s.hi, 3)})",
            "even": f"gives every key the same weight, {fmt(s.hi, 3)}",
            "nearly even": f"spreads its weight nearly evenly, from {fmt(s.lo, 3)} to {fmt(s.hi, 3)}",
            "uneven": f"spreads its weight unevenly, from {fmt(s.lo, 3)} to {fmt(s.hi, 3)}, the most on {where}"
            }[s.kind]


def no_rule_sentence(tokens, labels, Q, weights, fmt: Fmt, most: int = 3) -> str:
    """What this sentence's queries with no rule do with their weights, read off Q and the weights."""
    idle = no_rule_tokens(tokens)
    if not idle:
        return "This sentence has no such token: every query here has a rule."
    n = len(tokens)
    zero = [i for i in idle if not np.any(Q[i])]
    parts = []
    if zero:
        shown = [f"“{labels[i]}”" for i in zero[:most]] + ([f"{len(zero) - most} more"] if len(zero) > most else [])
        who = _names(shown)
        their = "its query is" if len(zero) == 1 else "their queries are"
        if n == 1:
            parts.append(f"Here {who} looks for nothing: {their} all zeros, and as the only token it gives its one "
                         f"key, itself, all the weight ({fmt(weights[0][0], 3)}).")
        else:
            parts.append(f"Here {who} {'looks' if len(zero) == 1 else 'look'} for nothing: {their} all zeros, so "
                         f"every score in {'its row' if len(zero) == 1 else 'their rows'} is 0 and each of the {n} "
                         f"keys gets the same weight, 1/{n} = {fmt(1 / n, 3)}.")
    busy = [i for i in idle if i not in zero]
    for i in busy[:most]:
        words = _spread_words(row_spread(weights[i]), i, labels, fmt)
        parts.append(f"“{labels[i]}” has a query that is not all zeros, and it {words}.")
    if len(busy) > most:
        rest = len(busy) - most
        parts.append(f"({rest} more such {'query is' if rest == 1 else 'queries are'} not described here.)")
    return " ".join(parts)


WANTED = {ANIMAL: "an animal", ACTION: "an action", PLACE: "a place"}  # what a rule looks for, with its article


def unanswered_sentence(tokens, labels, K, weights, fmt: Fmt, most: int = 3) -> str:
    """The queries whose rule finds nothing: every key has 0 in the column they want. '' when there are none."""
    rule_of = {f: g for f, g, _ in QUERY_RULES}
    parts = []
    for g in dict.fromkeys(rule_of.values()):
        if np.any(np.asarray(K, dtype=float)[:, g]):
            continue  # some key has something in "has g": this rule has an answer
        askers = [i for i, t in enumerate(tokens) if rule_of.get(lexicon_feature(t)) == g]
        for i in askers[:most]:
            words = _spread_words(row_spread(weights[i]), i, labels, fmt)
            parts.append(f"“{labels[i]}” looks for {WANTED[g]}, but every key has 0 in *has {FEATURES[g]}*, "
                         f"so that wish adds nothing to its scores: it {words}.")
        if len(askers) > most:
            parts.append(f"({len(askers) - most} more looking for {WANTED[g]} are not described here.)")
    return " ".join(parts)


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


def sum_check(label: str, traced, output_row, gap: Callable[[float], str]) -> str:
    """Does Σⱼ wⱼ·vⱼ, added up by the trace, match row `label` of the output matrix? In words."""
    traced, output_row = np.asarray(traced, dtype=float), np.asarray(output_row, dtype=float)
    largest = float(np.abs(traced - output_row).max())
    size = max(1.0, float(np.abs(output_row).max()))
    if largest == 0:
        return f"The sum equals row {label} of the output above: the largest gap is {gap(largest)}."
    if largest <= 1e-9 * size:  # the same sum taken in another order: only the last bits differ
        return (f"The sum equals row {label} of the output above: the largest gap is {gap(largest)}, "
                "floating-point rounding.")
    return f"The sum differs from row {label} of the output above: the largest gap is {gap(largest)}."


# ---------------------------------------------------------------------------------------------
# Predict, then see: which key will a query give the most weight?
# ---------------------------------------------------------------------------------------------

ALL_SAME = -1  # the prediction "every key gets the same weight"
CLOSE = 0.01  # a key whose weight is this close to the largest is "a close second"


def checkpoint_query(tokens, trace_query: int, interpretable: bool) -> int:
    """The query the prediction asks about: the first action of the interpretable start (the query of its
    lesson), else the query the trace is on."""
    kinds = [lexicon_feature(t) for t in tokens]
    if interpretable and ACTION in kinds:
        return kinds.index(ACTION)
    return trace_query


def most_weight_question(label: str) -> str:
    """The question, for query `label` (as it reads in markdown)."""
    return f"Which key will “{label}” give the most weight? Its row of the scaled scores is just above."


def _apart(a: float, b: float, fmt: Fmt) -> tuple[str, str]:
    """a and b printed with the fewest decimals (3 to 10) at which they read differently."""
    for decimals in range(3, 11):
        if fmt(a, decimals) != fmt(b, decimals):
            break
    return fmt(a, decimals), fmt(b, decimals)


@dataclass(frozen=True)
class Verdict:
    """Whether a prediction was right, and why, from the numbers on screen."""

    right: bool
    why: str
    graded: bool = True  # False when the numbers changed after the prediction: show the answer, no verdict


def most_weight_verdict(labels, i: int, scaled_row, weights_row, guess, fmt: Fmt, answered_row=None) -> Verdict:
    """Was `guess` (a key j, ALL_SAME, or None when skipped) the key query i gives the most weight? Why, read off
    row i of the scaled scores (n,) and of the weights (n,). `answered_row`: the weights when the learner answered,
    if they may have changed since."""
    s, w = np.asarray(scaled_row, dtype=float), np.asarray(weights_row, dtype=float)
    n, q = len(w), labels[i]
    top = [k for k in range(n) if w[k] >= w.max() - TIE]
    graded = answered_row is None or np.array_equal(np.asarray(answered_row, dtype=float), w)
    since = "" if graded else (f"Your edits changed row “{q}” after you predicted, so here is the answer for the "
                               "numbers now on screen. ")
    if len(top) == n:
        alone = n == 1 and guess == 0  # one token: "itself" and "all the same" are both right
        return Verdict(guess == ALL_SAME or alone, since + (
            f"“{q}” has only one key, itself, and gives it all the weight, {fmt(w[0], 3)}." if n == 1 else
            f"Every scaled score in row “{q}” is the same, {fmt(s[0], 3)}, so softmax gives each of the {n} keys the "
            f"same weight, 1/{n} = {fmt(w[0], 3)}: no key gets more than another."), graded)
    k = top[0]
    lead = ("Softmax keeps the order of the scores (a larger score has a larger exp), so the largest scaled score "
            "gets the largest weight")
    if len(top) == 1:
        why = f"{lead}: in row “{q}” that is “{labels[k]}”, whose {fmt(s[k], 3)} becomes a weight of {fmt(w[k], 3)}."
    else:
        names = _names([f"“{labels[t]}”" for t in top])
        why = (f"{lead}: in row “{q}”, {names} tie for the largest scaled score, {fmt(s[k], 3)}, and share the "
               f"largest weight, {fmt(w[k], 3)} each.")
    if guess == ALL_SAME:
        why += (f" The scores in that row are not all the same (from {fmt(s.min(), 3)} to {fmt(s.max(), 3)}), so "
                f"neither are the weights (from {fmt(w.min(), 3)} to {fmt(w.max(), 3)}).")
    elif guess is not None and guess not in top:
        (sg, sk), (wg, wk) = _apart(s[guess], s[k], fmt), _apart(w[guess], w[k], fmt)
        if sg == sk:  # too close to tell apart in print (scores of a million): say by how much
            sg += f" (lower by {fmt(s[k] - s[guess], 3)})"
        second = ", a close second" if w[k] - w[guess] < CLOSE else ""
        why += (f" “{labels[guess]}” has a lower scaled score, {sg} against {sk}, so a smaller weight, {wg} against "
                f"{wk}{second}.")
    return Verdict(guess in top, since + why, graded)
