"""Masks beyond causal and padding: the learner's own grid, fully masked rows, and the head views.

A mask is an (n, n) boolean array: row i is query i, column j is key j, True means
"query i may attend to key j". The same mask applies to every head.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from .attention import causal_mask, padding_mask
from .model import Inputs
from .tokens import MAX_TOKENS, embed, sinusoidal_positions

MASK_KINDS = ("none", "causal", "padding", "custom")
ROW_SEPARATOR = "-"  # URL-safe, so "110-111-001" survives a copy and paste


def build_mask(kind: str, n: int, n_padded: int = 0, custom: np.ndarray | None = None) -> np.ndarray:
    """The (n, n) boolean mask of one kind; "none" allows every pair."""
    if kind == "none":
        return np.ones((n, n), dtype=bool)
    if kind == "causal":
        return causal_mask(n)
    if kind == "padding":
        if not 0 <= n_padded <= n:
            raise ValueError(f"{n_padded} padding tokens is outside 0 … {n} for {n} tokens")
        return padding_mask(n, padded_keys(n, n_padded))
    if kind == "custom":
        custom = np.asarray(custom, dtype=bool)
        if custom.shape != (n, n):
            raise ValueError(f"the custom mask is {custom.shape}, expected ({n}, {n})")
        return custom.copy()
    raise ValueError(f"mask kind {kind!r} is not one of {', '.join(MASK_KINDS)}")


def padded_keys(n: int, n_padded: int) -> list[int]:
    """The key positions of `n_padded` trailing padding tokens: padding sits at the end of a sequence."""
    return list(range(n - n_padded, n))


def encode_mask(mask) -> str:
    """(n, n) boolean mask -> "110-111-001": one string of 0/1 per query row."""
    mask = np.asarray(mask, dtype=bool)
    return ROW_SEPARATOR.join("".join("1" if v else "0" for v in row) for row in mask)


def parse_mask(text: str) -> np.ndarray:
    """ "110-111-001" -> (3, 3) boolean mask, or a ValueError saying what is wrong with the text."""
    rows = text.strip().split(ROW_SEPARATOR)
    n = len(rows)
    if n > MAX_TOKENS:
        raise ValueError(f"it has {n} rows; the limit is {MAX_TOKENS}")
    for i, row in enumerate(rows):  # rows count from 0, as the token labels (the·0) and numpy do
        if not row or set(row) - {"0", "1"}:
            raise ValueError(f"row {i} (counting from 0) should be only 0s and 1s, got {row[:20]!r}")
    for i, row in enumerate(rows):
        if len(row) != n:
            rows_text = f"{n} row{'s' if n != 1 else ''}"
            entries = f"{len(row)} entr{'y' if len(row) == 1 else 'ies'}"
            raise ValueError(f"row {i} (counting from 0) has {entries}; a mask with {rows_text} needs {n} per row")
    return np.array([[c == "1" for c in row] for row in rows], dtype=bool)


def fit_mask(mask, n: int) -> np.ndarray:
    """Crop or grow a square mask to (n, n); new pairs are allowed, so a longer sentence loses nothing."""
    mask = np.asarray(mask, dtype=bool)
    fitted = np.ones((n, n), dtype=bool)
    m = min(n, mask.shape[0])
    fitted[:m, :m] = mask[:m, :m]
    return fitted


def fully_masked_rows(mask) -> np.ndarray:
    """Indices of the queries that may attend to no key at all: (n, n) -> (k,)."""
    return np.flatnonzero(~np.asarray(mask, dtype=bool).any(axis=-1))


def first_blocked_row(mask) -> int | None:
    """The first query (n, n) that may attend to no key, the row the output table outlines; None when every query
    may see some key."""
    rows = fully_masked_rows(mask)
    return int(rows[0]) if rows.size else None


def blocked_mask(n: int) -> np.ndarray:
    """(n, n) with every pair blocked: the custom grid's "Block every pair" start."""
    return np.zeros((n, n), dtype=bool)


def head_average(weights) -> np.ndarray:
    """The mean of the heads' weights, (n_heads, n, n) -> (n, n). A summary to look at, not a head."""
    return np.asarray(weights, dtype=float).mean(axis=0)


def head_shapes(n: int, d_model: int, n_heads: int) -> list[tuple[int, ...]]:
    """The live shapes of multi-head attention, one per step from X to the output: X, Q/K/V, the heads' slices,
    their weights, their outputs, the concatenation and the output."""
    if d_model % n_heads:
        raise ValueError(f"d_model={d_model} is not divisible by n_heads={n_heads}")
    h, d_v = n_heads, d_model // n_heads  # d_k = d_v = d_model / h
    return [(n, d_model), (n, d_model), (h, n, d_v), (h, n, n), (h, n, d_v), (n, h * d_v), (n, d_model)]


# ---------------------------------------------------------------- what the weights do with the mask

TIE = 1e-12  # weights this close to a row's largest count as tied for the top


def top_keys(row, tie: float = TIE) -> tuple[int, ...]:
    """The keys that share a weight row's largest weight (n,) -> (k,); empty for a row of zeros."""
    row = np.asarray(row, dtype=float)
    if not row.any():
        return ()
    return tuple(int(j) for j in np.flatnonzero(row >= row.max() - tie))


def heads_by_top_keys(weights, i: int) -> dict[tuple[int, ...], list[int]]:
    """Query i's top keys in each head, weights (heads, n, n) -> {top keys: [heads (from 0) that share them]},
    in the order the heads first name them."""
    groups: dict[tuple[int, ...], list[int]] = {}
    for k, row in enumerate(np.asarray(weights, dtype=float)[:, i]):
        groups.setdefault(top_keys(row), []).append(k)
    return groups


def largest_blocked_weight(mask, weights) -> float:
    """The largest weight any head puts on a blocked pair: mask (n, n), weights (heads, n, n); 0 when none is."""
    mask = np.asarray(mask, dtype=bool)
    blocked = np.asarray(weights, dtype=float)[:, ~mask]  # (heads, blocked pairs)
    return float(blocked.max()) if blocked.size else 0.0


def row_sum_gap(weights, rows) -> float:
    """How far the rows `rows` of every head's weights (heads, n, n) sum from 1: the largest |Σⱼ wᵢⱼ − 1|."""
    rows = np.asarray(rows, dtype=int)
    return float(np.abs(np.asarray(weights, dtype=float)[:, rows].sum(axis=-1) - 1).max())


def hidden_keys(mask, i: int) -> tuple[int, ...]:
    """The keys query i may not attend to: the 0s of row i of the (n, n) mask -> (k,) key indices."""
    return tuple(int(j) for j in np.flatnonzero(~np.asarray(mask, dtype=bool)[i]))


def keeps_whole_weight(mask, weights, i: int) -> bool:
    """Whether query i's allowed keys share its whole weight, 1, in every head (heads, n, n); False when it may
    see no key."""
    keys = list(visible_keys(mask, i))
    if not keys:
        return False
    share = np.asarray(weights, dtype=float)[:, i, keys].sum(axis=-1)  # (heads,)
    return bool(np.abs(share - 1).max() < 1e-9)


PAD_TOKEN = "<pad>"  # the filler token a batch appends to its shorter sentences
PAD_LABEL = "⟨pad⟩"  # how it is shown: angle brackets that no HTML or Markdown renderer takes for a tag
MAX_PAD = 8


def with_padding(inputs: Inputs, n_pad: int, positional: bool = True) -> Inputs:
    """The sentence with `n_pad` filler tokens appended: X (n, d_model) -> (n + n_pad, d_model).

    The real tokens' rows, labels and the weights are unchanged; each filler token is embedded like any
    token (plus its position, when `positional`, as `build_inputs` did), so it has a query, a key and a value.
    """
    if not 0 <= n_pad <= MAX_PAD:
        raise ValueError(f"{n_pad} padding tokens is outside 0 … {MAX_PAD}")
    n, d_model = inputs.X.shape
    X_pad = embed([PAD_TOKEN] * n_pad, d_model)  # (n_pad, d_model)
    if positional:
        X_pad = X_pad + sinusoidal_positions(n + n_pad, d_model)[n:]  # positions n … n + n_pad − 1
    labels = [PAD_LABEL if n_pad == 1 else f"{PAD_LABEL}·{n + p}" for p in range(n_pad)]
    return replace(inputs, tokens=inputs.tokens + (PAD_TOKEN,) * n_pad, labels=[*inputs.labels, *labels],
                   X=np.vstack([inputs.X, X_pad]))


def n_real(tokens) -> int:
    """How many of `tokens` are the sentence's own, not filler: padding only ever sits at the end."""
    return sum(t != PAD_TOKEN for t in tokens)


def value_columns(head: int, d_v: int) -> range:
    """The columns of V (and of the concatenated output) that head `head` (from 0) works with."""
    return range(head * d_v, (head + 1) * d_v)  # split_heads gives head h the contiguous block h·d_v …


# ---------------------------------------------------------------- predict, then see: which keys may a query see?

CHECKPOINT_TOKEN = 2  # the question asks about the third token (from 0: 2), far enough in to have keys on each side


def checkpoint_token(n_real: int) -> int:
    """The query the prediction asks about: the third token, or the last word of a shorter sentence (never a pad)."""
    return max(0, min(CHECKPOINT_TOKEN, n_real - 1))


def visible_keys(mask, i: int) -> tuple[int, ...]:
    """The keys query i may attend to: row i of the (n, n) mask -> (k,) key indices."""
    return tuple(int(j) for j in np.flatnonzero(np.asarray(mask, dtype=bool)[i]))


def key_set_rules(n: int, i: int, n_real: int) -> dict[str, tuple[int, ...]]:
    """The key sets the usual masks give query i of n tokens (n_real of them words, then pads), by rule name."""
    return {
        "nothing": (),
        "itself": (i,),
        "upto": tuple(range(i + 1)),  # causal: itself and every key before it
        "before": tuple(range(i)),
        "after": tuple(range(i, n)),
        "all": tuple(range(n)),
        "real": tuple(range(n_real)),  # padding: every word of the sentence, no filler
    }


def key_set_options(mask, i: int, n_real: int) -> list[tuple[int, ...]]:
    """The answers offered to "which keys can query i see?": the usual masks' key sets and the true one,
    each once, fewest keys first (so where the right one sits depends on the mask, not on the question)."""
    mask = np.asarray(mask, dtype=bool)
    rules = key_set_rules(mask.shape[0], i, n_real)
    wanted = ["itself", "before", "upto", "after", "all"] + (["real"] if n_real < mask.shape[0] else [])
    candidates = {rules[name] for name in wanted} | {visible_keys(mask, i)}
    if i == 0 or not visible_keys(mask, i):
        candidates.add(())  # "no key at all": a fair wrong answer for the first token, the answer for a blocked row
    return sorted(candidates, key=lambda keys: (len(keys), keys))


KIND_RULES = {"none": "all", "causal": "upto", "padding": "real"}  # the rule each usual mask gives every query


def mask_kind(mask, n_real: int) -> str:
    """Which usual mask the (n, n) grid is, read from the grid itself: 'none', 'causal' or 'padding' (n_real words,
    then pads) when it equals that mask, the first that does; 'custom' otherwise."""
    mask = np.asarray(mask, dtype=bool)
    n = mask.shape[0]
    for kind in ("none", "causal", "padding"):
        if np.array_equal(mask, build_mask(kind, n, n - n_real)):
            return kind
    return "custom"


def rule_of(keys, n: int, i: int, n_real: int, kind: str | None = None) -> str | None:
    """The name of the usual rule that gives exactly `keys` to query i, or None (a grid of the learner's own).

    Several rules can give the same keys (the last token's "itself and every key before it" is "every key"): the
    rule of the mask `kind` (mask_kind) names it when it fits, so a row with no mask is never read as causal;
    otherwise the first that fits, the plainest first."""
    rules = key_set_rules(n, i, n_real)
    order = ("nothing", "itself", "all", "upto", "before", "after", "real")
    for name in (KIND_RULES[kind], *order) if kind in KIND_RULES else order:
        if rules[name] == tuple(keys):
            return name
    return None


def prediction_right(guess, mask, i: int) -> bool:
    """Whether the predicted key set is exactly the keys row i of the mask allows (order does not matter)."""
    return guess is not None and set(guess) == set(visible_keys(mask, i))
