"""The slow, obvious way to compute attention: loops and Python floats, for tests to compare against.

Written once here so that every test checks the fast numpy code against the same reference.
"""

from __future__ import annotations

import math

import numpy as np


def naive_matmul(A, B) -> np.ndarray:
    """A (n, m) times B (m, p) one entry at a time."""
    return np.array([[sum(A[r][m] * B[m][c] for m in range(len(B))) for c in range(len(B[0]))]
                     for r in range(len(A))])


def naive_attention(Q, K, V, mask=None, scale=None, axis: int = 1):
    """softmax(Q Kᵀ · scale) V one score at a time -> (weights (n_q, n_k), output (n_q, d_v)).

    scale defaults to 1/√d_k. axis=1 normalises over the keys (right); axis=0 over the queries (a mistake).
    A mask entry False blocks the pair; a query with no allowed key keeps zero weights and a zero output.
    """
    n_q, d_k = len(Q), len(Q[0])
    n_k, d_v = len(V), len(V[0])
    scale = 1 / math.sqrt(d_k) if scale is None else scale
    S = [[None if mask is not None and not mask[i][j] else sum(Q[i][c] * K[j][c] for c in range(d_k)) * scale
          for j in range(n_k)] for i in range(n_q)]
    W = np.zeros((n_q, n_k))
    for i in range(n_q):
        for j in range(n_k):
            line = S[i] if axis == 1 else [S[r][j] for r in range(n_q)]
            allowed = [s for s in line if s is not None]
            if S[i][j] is None or not allowed:
                continue
            top = max(allowed)
            W[i][j] = math.exp(S[i][j] - top) / sum(math.exp(s - top) for s in allowed)
    out = np.array([[sum(W[i][j] * V[j][c] for j in range(n_k)) for c in range(d_v)] for i in range(n_q)])
    return W, out


def reference_multi_head(X, W_Q, W_K, W_V, n_heads: int, W_O=None, mask=None):
    """Multi-head attention with a loop over heads -> (weights (h, n, n), head_outputs (h, n, d_v), output)."""
    X = np.asarray(X, dtype=float)
    n, d_model = X.shape
    d_k = d_model // n_heads
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V  # (n, d_model) each
    weights = np.zeros((n_heads, n, n))
    head_outputs = np.zeros((n_heads, n, d_k))
    for h in range(n_heads):
        cols = slice(h * d_k, (h + 1) * d_k)  # head h owns these columns of Q, K and V
        weights[h], head_outputs[h] = naive_attention(Q[:, cols].tolist(), K[:, cols].tolist(),
                                                      V[:, cols].tolist(), mask=mask)
    concat = np.concatenate(list(head_outputs), axis=1)  # (n, h·d_v)
    output = concat if W_O is None else concat @ W_O  # (n, d_model)
    return weights, head_outputs, output
