"""The Q/K/V builder's maths: an interpretable starting point, edit checking, and one number traced.

Shapes use the paper's names: n tokens, d_model wide inputs, d_k wide queries and keys, d_v wide
values. The builder has one head, so d_k = d_v = d_model.
"""

from __future__ import annotations

import csv
import io
import math
import zipfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

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
FEATURE_VALUE = 3.0  # a token has 3 on its feature: sinusoids (between −1 and 1) nudge it but cannot drown it

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
    """X (n, 5) from the lexicon's named features, W_Q from QUERY_RULES, W_K = W_V = identity."""
    n, d = len(tokens), len(FEATURES)
    X = np.zeros((n, d))  # (n, d_model) with d_model = the number of named features
    for i, token in enumerate(tokens):
        X[i, lexicon_feature(token)] = FEATURE_VALUE
    if positional:
        X = X + sinusoidal_positions(n, d)  # (n, d_model)
    W_Q = np.zeros((d, d))  # column g of Q = "wants g"
    for f, g, _ in QUERY_RULES:
        W_Q[f, g] = 1.0
    W_K = np.eye(d)  # column g of K = "has g": a key says what its token contains
    W_V = np.eye(d)  # values pass the features along unchanged, so an output reads as a mix of features
    return Start(X, W_Q, W_K, W_V, FEATURES,
                 tuple(f"wants {f}" for f in FEATURES), tuple(f"has {f}" for f in FEATURES), FEATURES)


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
# Checking what the learner typed into a matrix
# ---------------------------------------------------------------------------------------------

MAX_ABS = 1e6  # larger entries would let Q Kᵀ reach ~1e24 and beyond: nothing on screen could be read


def parse_cell(raw: Any) -> float:
    """A typed cell as a float, or a ValueError saying in words what is wrong with it."""
    if raw is None:
        raise ValueError("is empty")
    if isinstance(raw, bool):
        raise ValueError(f"“{raw}” is not a number")  # noqa: TRY004 - one error type for every bad cell
    if isinstance(raw, (int, float, np.integer, np.floating)):
        value, shown = float(raw), repr(raw)
    else:
        shown = str(raw).strip()
        if not shown:
            raise ValueError("is empty")
        try:
            # accept the minus sign the page prints (−) as well as the one on the keyboard (-)
            value = float(shown.replace("\u2212", "-"))
        except ValueError:
            raise ValueError(f"“{shown[:30]}” is not a number") from None
    if math.isnan(value):
        raise ValueError(f"“{shown[:30]}” is NaN (not a number)")
    if math.isinf(value):
        raise ValueError(f"“{shown[:30]}” is infinite")
    if abs(value) > MAX_ABS:
        raise ValueError(f"“{shown[:30]}” is larger than the limit of ±{MAX_ABS:,.0f}")
    return value


@dataclass(frozen=True)
class CellError:
    """One bad cell: where it is and what is wrong with it."""

    matrix: str
    r: int  # row position
    c: int  # column position
    row: str  # row label
    col: str  # column label
    reason: str

    @property
    def message(self) -> str:
        return f"{self.matrix}, row {self.row}, column {self.col}: {self.reason}"


def apply_edits(name: str, base, last_good, edits: Mapping, row_labels, col_labels
                ) -> tuple[np.ndarray, list[CellError]]:
    """The starting matrix with the learner's edits applied; a bad cell keeps its last good value.

    `edits` is a data editor's edited_rows: {row position: {column label: typed value}}.
    """
    M = np.array(base, dtype=float)  # (r, c), a copy
    good = np.asarray(last_good, dtype=float)
    col_index = {str(c): k for k, c in enumerate(col_labels)}
    errors: list[CellError] = []
    for r_key, row_edits in edits.items():
        r = int(r_key)
        for c_key, raw in row_edits.items():
            c = col_index.get(str(c_key))
            if c is None or not 0 <= r < M.shape[0]:
                continue  # a cell that is not in this matrix (stale editor state): nothing to apply
            try:
                M[r, c] = parse_cell(raw)
            except ValueError as err:
                M[r, c] = good[r, c]
                errors.append(CellError(name, r, c, str(row_labels[r]), str(col_labels[c]), str(err)))
    return M, errors


# ---------------------------------------------------------------------------------------------
# Lessons read off the numbers
# ---------------------------------------------------------------------------------------------

def repeated_tokens(tokens) -> list[list[int]]:
    """Positions of every token that occurs more than once (case folded, as the embedding does)."""
    groups: dict[str, list[int]] = {}
    for pos, token in enumerate(tokens):
        groups.setdefault(token.casefold(), []).append(pos)
    return [g for g in groups.values() if len(g) > 1]


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


# ---------------------------------------------------------------------------------------------
# The shape flow, the downloads and "show the code"
# ---------------------------------------------------------------------------------------------

def shape_flow_dot(n: int, d_model: int, d_k: int, d_v: int) -> str:
    """A Graphviz diagram of the shapes, left to right: X, then Q K V, QKᵀ, the weights and the output."""
    def node(name: str, label: str, fill: str = "#e8f0fe") -> str:
        return f'  {name} [label="{label}", fillcolor="{fill}"];'

    def edge(a: str, b: str, label: str = "") -> str:
        return f'  {a} -> {b} [label="{label}"];' if label else f"  {a} -> {b};"

    return "\n".join([
        "digraph shapes {",
        "  rankdir=LR; nodesep=0.45; ranksep=0.4; ordering=out;",
        '  node [shape=box, style="filled,rounded", fontname="Helvetica", fontsize=15, margin="0.14,0.07"];',
        '  edge [fontname="Helvetica", fontsize=13, color="#555555"];',
        node("X", f"X\\n{n} × {d_model}"),
        node("Q", f"Q\\n{n} × {d_k}"),
        node("K", f"K\\n{n} × {d_k}"),
        node("V", f"V\\n{n} × {d_v}"),
        node("S", f"QKᵀ\\n{n} × {n}"),
        node("Z", f"QKᵀ / √d_k\\n{n} × {n}"),
        node("W", f"weights\\n{n} × {n}", "#dbeafe"),
        node("O", f"output\\n{n} × {d_v}", "#d1fae5"),
        edge("X", "Q", f"· W_Q ({d_model} × {d_k})"),
        edge("X", "K", f"· W_K ({d_model} × {d_k})"),
        edge("X", "V", f"· W_V ({d_model} × {d_v})"),
        edge("Q", "S"),
        edge("K", "S", "transposed"),
        edge("S", "Z", f"÷ √{d_k}"),
        edge("Z", "W", "softmax per row"),
        edge("W", "O", "weights · V"),
        edge("V", "O"),
        "}",
    ])


def csv_zip(tables: Mapping[str, tuple[Any, Any, Any]]) -> bytes:
    """A zip with one CSV per matrix: {name: (M (r, c), row labels, column labels)} -> bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, (M, rows, cols) in tables.items():
            text = io.StringIO()
            writer = csv.writer(text, lineterminator="\n")
            writer.writerow(["", *cols])
            for label, row in zip(rows, np.asarray(M, dtype=float)):
                writer.writerow([label, *(repr(float(v)) for v in row)])  # repr: every digit, reads back exactly
            archive.writestr(f"{name}.csv", text.getvalue())
    return buffer.getvalue()


CODE_FORMULA = '''
Q = X @ W_Q                           # (n, d_model) @ (d_model, d_k) -> (n, d_k)
K = X @ W_K                           # (n, d_model) @ (d_model, d_k) -> (n, d_k)
V = X @ W_V                           # (n, d_model) @ (d_model, d_v) -> (n, d_v)
d_k = Q.shape[1]

scores = Q @ K.T                      # (n, d_k) @ (d_k, n) -> (n, n)
scaled = scores / np.sqrt(d_k)        # keeps the scores from growing with d_k
# softmax over the keys (the last axis); subtract the row max so exp() cannot overflow
e = np.exp(scaled - scaled.max(axis=1, keepdims=True))
weights = e / e.sum(axis=1, keepdims=True)   # (n, n), each row sums to 1
output = weights @ V                  # (n, n) @ (n, d_v) -> (n, d_v)

np.set_printoptions(precision=3, suppress=True)
print("weights =\\n", weights)
print("output =\\n", output)
'''


def numpy_code(X, W_Q, W_K, W_V, labels, literal: Callable[[str, Any], str]) -> str:
    """Runnable numpy that rebuilds this page's numbers: the matrices as literals, then the formula."""
    header = [
        "import numpy as np",
        "",
        f"# the tokens, one row of X each: {list(labels)}",
        literal("X", X),
        literal("W_Q", W_Q),
        literal("W_K", W_K),
        literal("W_V", W_V),
    ]
    return "\n".join(header) + "\n" + CODE_FORMULA
