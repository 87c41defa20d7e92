"""Scaled dot-product attention, multi-head attention and the quantities the pages plot.

Shapes use the paper's names: n tokens, d_model wide inputs, d_k wide queries and keys,
d_v wide values. Leading batch or head axes are written as "...".
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

CLOSE = 1e-9  # two float64 computations of the same quantity agree to well within this


def softmax(x, axis: int = -1) -> np.ndarray:
    """Numerically stable softmax of any shape along `axis`; -inf gets 0, an all -inf slice gives 0s."""
    x = np.asarray(x, dtype=float)
    m = np.max(x, axis=axis, keepdims=True)
    if np.isposinf(m).any():
        # a +inf score takes all the weight: share it between the +inf entries only
        x = np.where(np.isposinf(m), np.where(np.isposinf(x), 0.0, -np.inf), x)
        m = np.where(np.isposinf(m), 0.0, m)
    # subtract the row max so exp() cannot overflow; an all -inf slice keeps max 0
    m = np.where(np.isneginf(m), 0.0, m)
    e = np.exp(x - m)
    total = np.sum(e, axis=axis, keepdims=True)
    # an all -inf slice sums to 0: its weights stay 0 instead of 0/0 = NaN
    return np.divide(e, total, out=np.zeros_like(e), where=total > 0)


@dataclass(frozen=True)
class AttentionResult:
    """Everything one attention call computed, for the pages to draw."""

    scores: np.ndarray  # (..., n_q, n_k)  Q Kᵀ, before scaling
    scaled: np.ndarray  # (..., n_q, n_k)  Q Kᵀ · scale, masked entries set to -inf
    weights: np.ndarray  # (..., n_q, n_k)  softmax over keys: each row sums to 1 (or 0 if fully masked)
    output: np.ndarray  # (..., n_q, d_v)  weights @ V
    scale: float  # the factor the scores were multiplied by, 1/√d_k by default


def scaled_dot_product_attention(Q, K, V, mask=None, scale=None) -> AttentionResult:
    """softmax(Q Kᵀ · scale) V for Q (..., n_q, d_k), K (..., n_k, d_k), V (..., n_k, d_v).

    `mask` is boolean, broadcastable to (..., n_q, n_k); True means the query may attend to the key.
    """
    Q, K, V = (np.asarray(a, dtype=float) for a in (Q, K, V))
    d_k = Q.shape[-1]
    if K.shape[-1] != d_k:
        raise ValueError(f"Q has width d_k={d_k} but K has width {K.shape[-1]}; they must match")
    if K.shape[-2] != V.shape[-2]:
        raise ValueError(f"K has {K.shape[-2]} keys but V has {V.shape[-2]} values; they must match")
    if scale is None:
        scale = 1.0 / np.sqrt(d_k)
    scores = Q @ np.swapaxes(K, -1, -2)  # (..., n_q, d_k) @ (..., d_k, n_k) -> (..., n_q, n_k)
    scaled = scores * scale
    if mask is not None:
        scaled = np.where(np.asarray(mask, dtype=bool), scaled, -np.inf)
    weights = softmax(scaled, axis=-1)  # normalise over keys: each row sums to 1
    output = weights @ V  # (..., n_q, n_k) @ (..., n_k, d_v) -> (..., n_q, d_v)
    return AttentionResult(scores=scores, scaled=scaled, weights=weights, output=output, scale=float(scale))


@dataclass(frozen=True)
class MultiHeadResult:
    """Every intermediate of multi-head attention, per head and merged."""

    Q: np.ndarray  # (n, d_model)  X W_Q, before the split
    K: np.ndarray  # (n, d_model)
    V: np.ndarray  # (n, d_model)
    Q_heads: np.ndarray  # (n_heads, n, d_k)
    K_heads: np.ndarray  # (n_heads, n, d_k)
    V_heads: np.ndarray  # (n_heads, n, d_v)
    scores: np.ndarray  # (n_heads, n, n)  Q Kᵀ per head, before scaling
    scaled: np.ndarray  # (n_heads, n, n)  Q Kᵀ/√d_k per head, masked pairs set to -inf
    weights: np.ndarray  # (n_heads, n, n)  softmax(Q Kᵀ/√d_k) per head
    head_outputs: np.ndarray  # (n_heads, n, d_v)
    concat: np.ndarray  # (n, n_heads·d_v)  heads side by side
    output: np.ndarray  # (n, d_model)  concat @ W_O, or concat when W_O is None
    d_k: int
    scale: float


def split_heads(M: np.ndarray, n_heads: int) -> np.ndarray:
    """(..., n, n_heads·d) -> (..., n_heads, n, d); head h takes the contiguous columns h·d … (h+1)·d."""
    *lead, n, width = M.shape
    if width % n_heads:
        raise ValueError(f"width {width} is not divisible by n_heads={n_heads}")
    M = M.reshape(*lead, n, n_heads, width // n_heads)  # (..., n, h, d)
    return np.swapaxes(M, -2, -3)  # (..., h, n, d)


def merge_heads(M: np.ndarray) -> np.ndarray:
    """(..., n_heads, n, d) -> (..., n, n_heads·d): concatenate the heads side by side."""
    *lead, h, n, d = M.shape
    return np.swapaxes(M, -2, -3).reshape(*lead, n, h * d)


def multi_head_attention(X, W_Q, W_K, W_V, n_heads: int, W_O=None, mask=None) -> MultiHeadResult:
    """Split X W_Q, X W_K, X W_V into n_heads heads of width d_k = d_model / n_heads and attend in each.

    X is (n, d_model); W_Q and W_K are (d_model, d_model); W_V is (d_model, d_model); W_O (d_model, d_model).
    """
    X = np.asarray(X, dtype=float)
    d_model = X.shape[-1]
    if not isinstance(n_heads, (int, np.integer)) or n_heads < 1:
        raise ValueError(f"n_heads must be a positive whole number, got {n_heads!r}")
    if d_model % n_heads:
        raise ValueError(f"d_model={d_model} is not divisible by n_heads={n_heads}")
    d_k = d_model // n_heads
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V  # (n, d_model) @ (d_model, d_model) -> (n, d_model)
    Q_h, K_h, V_h = (split_heads(M, n_heads) for M in (Q, K, V))  # (n_heads, n, d_k)
    res = scaled_dot_product_attention(Q_h, K_h, V_h, mask=mask)  # mask (n, n) broadcasts over heads
    concat = merge_heads(res.output)  # (n_heads, n, d_v) -> (n, n_heads·d_v)
    output = concat if W_O is None else concat @ np.asarray(W_O, dtype=float)  # (n, d_model)
    return MultiHeadResult(
        Q=Q, K=K, V=V, Q_heads=Q_h, K_heads=K_h, V_heads=V_h,
        scores=res.scores, scaled=res.scaled, weights=res.weights, head_outputs=res.output,
        concat=concat, output=output, d_k=d_k, scale=res.scale,
    )


def causal_mask(n: int) -> np.ndarray:
    """(n, n) boolean mask: query i may attend to keys 0 … i (itself and what came before)."""
    return np.tril(np.ones((n, n), dtype=bool))


def padding_mask(n: int, padded) -> np.ndarray:
    """(n, n) boolean mask in which no query may attend to the keys listed in `padded`."""
    allowed = np.ones(n, dtype=bool)
    allowed[list(padded)] = False
    return np.broadcast_to(allowed, (n, n)).copy()  # the same key columns are off in every row


def row_entropy(weights) -> np.ndarray:
    """Entropy in nats of each weight row, (..., n_k) -> (...); 0·log 0 counts as 0."""
    p = np.asarray(weights, dtype=float)
    logs = np.log(p, out=np.zeros_like(p), where=p > 0)
    return -np.sum(p * logs, axis=-1)


def softmax_jacobian(p) -> np.ndarray:
    """∂p_i/∂z_j = p_i (δ_ij − p_j) for softmax output p (..., n) -> (..., n, n)."""
    p = np.asarray(p, dtype=float)
    return p[..., :, None] * (np.eye(p.shape[-1]) - p[..., None, :])


def sample_qk_dots(d_k: int, n_samples: int, seed: int) -> np.ndarray:
    """q·k for n_samples pairs of q, k with independent N(0, 1) entries of width d_k -> (n_samples,)."""
    if d_k < 1 or n_samples < 1:
        raise ValueError(f"d_k and n_samples must be at least 1, got d_k={d_k}, n_samples={n_samples}")
    rng = np.random.default_rng(seed)
    q = rng.standard_normal((n_samples, d_k))  # (n_samples, d_k)
    k = rng.standard_normal((n_samples, d_k))  # (n_samples, d_k)
    return np.einsum("sd,sd->s", q, k)  # one dot product per pair; variance d_k in theory
