"""From a sentence and a seed to the matrices every page starts from: X, W_Q, W_K, W_V, W_O."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .tokens import MAX_TOKENS, embed, sinusoidal_positions, token_labels, tokenize


@dataclass(frozen=True)
class Weights:
    """The four projection matrices of one attention layer, each (d_model, d_model)."""

    W_Q: np.ndarray
    W_K: np.ndarray
    W_V: np.ndarray
    W_O: np.ndarray


def random_weights(d_model: int, seed: int) -> Weights:
    """Seeded N(0, 1/d_model) matrices, so X W keeps unit-variance entries when X has them."""
    if d_model < 1:
        raise ValueError(f"d_model must be at least 1, got {d_model}")
    rng = np.random.default_rng(seed)
    # 1/√d_model: a sum of d_model unit-variance products has variance d_model, so this brings it back to 1
    W_Q, W_K, W_V, W_O = rng.standard_normal((4, d_model, d_model)) / np.sqrt(d_model)
    return Weights(W_Q=W_Q, W_K=W_K, W_V=W_V, W_O=W_O)


@dataclass(frozen=True)
class Inputs:
    """A sentence turned into numbers: its tokens, X and the layer's weights."""

    tokens: tuple[str, ...]
    labels: list[str]  # unique per row: the·0, cat, …, the·4
    n_found: int  # tokens in the whole text, before the cap
    X: np.ndarray  # (n, d_model)  embeddings, plus positions when asked for
    weights: Weights

    @property
    def truncated(self) -> bool:
        return self.n_found > len(self.tokens)


def build_inputs(text: str, seed: int, d_model: int, positional: bool = True,
                 max_tokens: int = MAX_TOKENS) -> Inputs:
    """Tokenize `text`, embed it to X (n, d_model), add positions if asked, and draw seeded weights."""
    tok = tokenize(text, max_tokens)
    if not tok.tokens:
        raise ValueError("the text has no tokens: type at least one word")
    X = embed(tok.tokens, d_model)  # (n, d_model)
    if positional:
        X = X + sinusoidal_positions(len(tok.tokens), d_model)  # (n, d_model), order is now visible
    return Inputs(tokens=tok.tokens, labels=token_labels(tok.tokens), n_found=tok.n_found,
                  X=X, weights=random_weights(d_model, seed))


def project(inputs: Inputs) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Q, K, V = X W_Q, X W_K, X W_V for one head over the whole width: (n, d_model) each, d_k = d_v = d_model."""
    X, w = inputs.X, inputs.weights
    return X @ w.W_Q, X @ w.W_K, X @ w.W_V  # (n, d_model) @ (d_model, d_model) -> (n, d_model)
