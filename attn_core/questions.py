"""Check yourself, the maths: what the questions compute, numpy in and numbers, arrays or dataclasses out.

The seeded generator each question draws from, the passage its sentences come from, step counts between
tokens, the measured effect of the √d_k scale, Q, K and V from random numbers, which of Q, K, V move the
weights, the gap between a repeated word's outputs, one-hot attention and the variance of q·k. The questions
themselves, their wording and the marking of a reply are in `attn_lessons.questions`. numpy and the standard
library only.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .attention import CLOSE, AttentionResult, sample_qk_dots, scaled_dot_product_attention, softmax
from .model import build_inputs
from .scaling import TwoKeys, compare_two_keys


# Sentences for the reveals come from this passage: n consecutive words read as text, not word salad.
PASSAGE = ("the quick brown fox jumps over the lazy dog while a small bird sings in the old tree near the "
           "quiet river and the farmer walks home with his tired horse as the sun sets").split()
# The same kind of passage in Chinese, one token per Han character as attn_core.tokens splits Chinese text; longer
# than PASSAGE, so every window the questions ask of PASSAGE (n words from an offset) fits in it too.
PASSAGE_ZH = list("一只敏捷的棕色狐狸跳过了那只懒狗这时一只小鸟在安静的小河边的老树上唱歌农夫牵着他疲倦的马走回家"
                  "太阳慢慢落山了")
# The sentence with a repeated word that seed 0 asks about, and the positions of the two copies (from 0)
REPEATED_EN = ("the cat sat on the mat".split(), 0, 4)
REPEATED_ZH = (list("小猫看着小狗"), 0, 4)  # 小 at 0 and 4, as "the" in the English one


# ------------------------------------------------------------------------------- the numbers questions draw


def question_rng(kind: str, seed: int) -> np.random.Generator:
    """One generator per (kind, seed): re-rolling one seed gives every question new numbers."""
    return np.random.default_rng([int(seed), zlib.crc32(kind.encode())])


def passage_words(n: int, offset: int = 0, passage: Sequence[str] = PASSAGE) -> list[str]:
    """n consecutive words (tokens) of `passage` from `offset` (1 ≤ n ≤ its length)."""
    if not 1 <= n <= len(passage):
        raise ValueError(f"n={n} words asked for; the passage has 1 … {len(passage)}")
    offset = min(max(0, offset), len(passage) - n)
    return list(passage[offset:offset + n])


# ---------------------------------------------------------------------------------- what the answers compute


def steps_matrix(reads) -> np.ndarray:
    """(n, n) -> (n, n): entry [i, j] is the fewest steps for token j's information to reach token i, where
    reads[i, j] means token i reads token j directly in one step; 0 on the diagonal, +inf if it never arrives."""
    A = np.asarray(reads, dtype=bool)
    n = A.shape[0]
    steps = np.full((n, n), np.inf)
    np.fill_diagonal(steps, 0)
    reach = np.eye(n, dtype=bool)  # reach[i, j]: j's information is at i within k steps
    for k in range(1, n):
        reach = reach | ((A.astype(np.int64) @ reach.astype(np.int64)) > 0)  # i reads some m that has it
        steps[reach & np.isinf(steps)] = k
    return steps


def recurrent_reads(n: int) -> np.ndarray:
    """(n, n): a recurrent network reading left to right; step t reads only the state of step t − 1."""
    return np.eye(n, k=-1, dtype=bool)


def attention_reads(n: int, mask=None) -> np.ndarray:
    """(n, n): one attention layer; query i reads every key j its mask allows (every key without a mask)."""
    return np.ones((n, n), dtype=bool) if mask is None else np.asarray(mask, dtype=bool)


def scale_facts(seed: int, d_ks=(1, 4, 16, 64, 256), n_keys: int = 8, n_samples: int = 2000) -> dict:
    """What dividing by √d_k does, measured: the spread of q·k with and without it, the largest of n_keys
    weights at the widest d_k, and whether softmax needs the scale to sum to 1 or to stay finite."""
    rng = np.random.default_rng(seed)
    std_raw = [float(sample_qk_dots(d, n_samples, seed).std()) for d in d_ks]
    std_scaled = [s / math.sqrt(d) for s, d in zip(std_raw, d_ks, strict=True)]
    d = d_ks[-1]
    q, K = rng.standard_normal((200, 1, d)), rng.standard_normal((200, n_keys, d))
    raw = (q @ np.swapaxes(K, -1, -2))[:, 0, :]  # (200, n_keys) unscaled scores
    p_raw, p_scaled = softmax(raw), softmax(raw / math.sqrt(d))  # (200, n_keys) each
    return {"d_ks": list(d_ks), "std_raw": std_raw, "std_scaled": std_scaled, "n_keys": n_keys, "n_samples":
            n_samples, "top_raw": float(p_raw.max(-1).mean()), "top_scaled": float(p_scaled.max(-1).mean()),
            "sum_gap_raw": float(np.abs(p_raw.sum(-1) - 1).max()), "finite_raw": bool(np.isfinite(p_raw).all()),
            "largest_raw": float(np.abs(raw).max()),
            "uniform_gap_scaled": float(np.abs(p_scaled - 1 / n_keys).max())}


def qkv_arrays(n: int, d_model: int, d_k: int, d_v: int, seed: int) -> dict[str, np.ndarray]:
    """X (n, d_model), the three projections, Q, K, V and the attention output, all from random numbers."""
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d_model))
    W_Q, W_K, W_V = (rng.standard_normal((d_model, d)) for d in (d_k, d_k, d_v))
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V  # (n, d_k), (n, d_k), (n, d_v)
    res = scaled_dot_product_attention(Q, K, V)
    return {"X": X, "W_Q": W_Q, "W_K": W_K, "W_V": W_V, "Q": Q, "K": K, "V": V, "weights": res.weights,
            "output": res.output}


@dataclass(frozen=True)
class RoleTest:
    """Which of Q, K, V change the weights, and which change the output, when each is redrawn on its own."""

    weight_gaps: dict  # name -> largest change in the weights
    output_gaps: dict  # name -> largest change in the output

    @property
    def decide_weights(self) -> frozenset:
        return frozenset(m for m, g in self.weight_gaps.items() if g > CLOSE)

    @property
    def copied(self) -> frozenset:
        """What changes the output without touching the weights: what the weights copy."""
        return frozenset(m for m, g in self.output_gaps.items() if g > CLOSE) - self.decide_weights


def role_test(Q, K, V, seed: int) -> RoleTest:
    """Redraw Q, then K, then V alone (adding seeded noise) and measure how far the weights and output move."""
    rng = np.random.default_rng(seed)
    base = scaled_dot_product_attention(Q, K, V)
    weight_gaps, output_gaps = {}, {}
    for name in ("Q", "K", "V"):
        m = {"Q": np.asarray(Q, float), "K": np.asarray(K, float), "V": np.asarray(V, float)}
        m[name] = m[name] + rng.standard_normal(m[name].shape)
        res = scaled_dot_product_attention(m["Q"], m["K"], m["V"])
        weight_gaps[name] = float(np.abs(res.weights - base.weights).max())
        output_gaps[name] = float(np.abs(res.output - base.output).max())
    return RoleTest(weight_gaps, output_gaps)


def repeated_word_sentence(seed: int, passage: Sequence[str] = PASSAGE,
                           default: tuple[list[str], int, int] = REPEATED_EN) -> tuple[list[str], int, int]:
    """A window of `passage` with a repeated word, and the positions (from 0, as numpy counts) of its first two
    copies; `default` (a sentence with a repeat and its two positions) at seed 0 and when no window has one."""
    if seed == 0:
        return list(default[0]), default[1], default[2]
    rng = question_rng("identical_tokens", seed)
    for _ in range(100):
        words = passage_words(int(rng.integers(5, 10)), int(rng.integers(0, len(passage))), passage)
        seen = {}
        for pos, w in enumerate(words):
            if w in seen:
                return words, seen[w], pos
            seen[w] = pos
    return list(default[0]), default[1], default[2]


def repeat_gaps(words: Sequence[str], a: int, b: int, seed: int, d_model: int) -> tuple[float, float, float]:
    """Largest gap between the output rows of tokens a and b (positions from 0) without and with positions, and
    the size of token b's output without positions."""
    gaps = []
    for positional in (False, True):
        inp = build_inputs(" ".join(words), seed, d_model, positional=positional)
        X, w = inp.X, inp.weights
        out = scaled_dot_product_attention(X @ w.W_Q, X @ w.W_K, X @ w.W_V).output  # (n, d_model)
        gaps.append(float(np.abs(out[a] - out[b]).max()))
        if not positional:
            size = float(np.linalg.norm(out[b]))
    return gaps[0], gaps[1], size


def one_hot_attention(V, i: int, j: int, seed: int):
    """Attention whose row i is one-hot on key j (positions from 0): every query may attend to key j only."""
    V = np.asarray(V, dtype=float)
    n = V.shape[0]
    if not (0 <= i < n and 0 <= j < n):
        raise ValueError(f"query i={i} and key j={j} must be positions 0 … {n - 1} of V's {n} rows")
    rng = np.random.default_rng(seed)
    mask = np.zeros((n, n), dtype=bool)
    mask[:, j] = True  # the only key any query may read
    return scaled_dot_product_attention(rng.standard_normal((n, 3)), rng.standard_normal((n, 3)), V, mask=mask)


def qk_variance_theory(d_k: int, var_q: float = 1.0, var_k: float = 1.0) -> float:
    """Var(q·k) = Σᵢ Var(qᵢ kᵢ) = d_k · Var(q)·Var(k) for independent, mean-0 entries."""
    return float(sum(var_q * var_k for _ in range(int(d_k))))



def qk_sd_theory(d_k: int) -> float:
    """The standard deviation q·k should have, √(d_k · Var(q)·Var(k)) = √d_k for unit-variance entries: the normal
    curve drawn over the histogram of sampled dots."""
    return math.sqrt(qk_variance_theory(d_k))


def typical_two_keys(dots, d_k: int) -> TwoKeys:
    """Two keys a typical distance apart at this width: one scoring the spread (standard deviation) of the sampled
    q·k `dots` (k,), the other 0, compared with and without the √d_k."""
    return compare_two_keys([float(np.std(dots)), 0.0], d_k)


def cross_attention(X_q, X_kv, W_Q, W_K, W_V) -> AttentionResult:
    """Attention of one sentence's queries over another's keys and values (the same sentence twice is
    self-attention): X_q (n_q, d_model), X_kv (n_k, d_model), each W (d_model, d_k) -> weights (n_q, n_k)."""
    Q = X_q @ W_Q  # (n_q, d_model) @ (d_model, d_k) -> (n_q, d_k)
    K, V = X_kv @ W_K, X_kv @ W_V  # (n_k, d_k), (n_k, d_v)
    return scaled_dot_product_attention(Q, K, V)
