"""The maths of Attention Explorer: numpy and the standard library only, no UI library."""

from .attention import (
    AttentionResult,
    MultiHeadResult,
    causal_mask,
    merge_heads,
    multi_head_attention,
    padding_mask,
    row_entropy,
    sample_qk_dots,
    scaled_dot_product_attention,
    softmax,
    softmax_jacobian,
    split_heads,
)
from .model import Inputs, Weights, build_inputs, project, random_weights
from .tokens import MAX_TOKENS, Tokenized, embed, sinusoidal_positions, token_embedding, token_labels, tokenize

__all__ = [
    "MAX_TOKENS",
    "AttentionResult",
    "Inputs",
    "MultiHeadResult",
    "Tokenized",
    "Weights",
    "build_inputs",
    "causal_mask",
    "embed",
    "merge_heads",
    "multi_head_attention",
    "project",
    "padding_mask",
    "random_weights",
    "row_entropy",
    "sample_qk_dots",
    "scaled_dot_product_attention",
    "sinusoidal_positions",
    "softmax",
    "softmax_jacobian",
    "split_heads",
    "token_embedding",
    "token_labels",
    "tokenize",
]
