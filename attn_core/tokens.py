"""A tiny deterministic tokenizer and a deterministic embedding for every token string."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass

import numpy as np

MAX_TOKENS = 32
# A word (letters, digits, underscores, inner apostrophes) or any single other visible character.
_TOKEN = re.compile(r"\w+(?:'\w+)*|[^\w\s]")


@dataclass(frozen=True)
class Tokenized:
    """The tokens kept, and whether the text was cut to fit the cap."""

    tokens: tuple[str, ...]
    n_found: int  # how many tokens the whole text had, before the cap

    @property
    def truncated(self) -> bool:
        return self.n_found > len(self.tokens)


def tokenize(text: str, max_tokens: int = MAX_TOKENS) -> Tokenized:
    """Split `text` into words and punctuation marks, keeping at most `max_tokens` of them."""
    if not isinstance(text, str):
        raise TypeError(f"text must be a string, got {type(text).__name__}")
    # drop invisible control and format characters (zero-width joiners, NULs) so every token can be seen
    clean = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C" or ch in "\n\t")
    found = _TOKEN.findall(clean)
    return Tokenized(tokens=tuple(found[:max_tokens]), n_found=len(found))


def token_labels(tokens) -> list[str]:
    """Unique display labels: a repeated token gets its position, as in the·0 and the·4."""
    counts = Counter(tokens)
    return [f"{t}·{i}" if counts[t] > 1 else t for i, t in enumerate(tokens)]


def token_embedding(token: str, d_model: int) -> np.ndarray:
    """The same (d_model,) vector of N(0, 1) entries for the same token, on every machine and run.

    Case is folded first, so "The" and "the" are the same word.
    """
    # Python's hash() changes per process; a digest of the text does not
    digest = hashlib.blake2b(token.casefold().encode("utf-8"), digest_size=8).digest()
    rng = np.random.default_rng(int.from_bytes(digest, "little"))
    return rng.standard_normal(d_model)


def embed(tokens, d_model: int) -> np.ndarray:
    """Stack the embeddings of `tokens` -> X of shape (n, d_model)."""
    if d_model < 1:
        raise ValueError(f"d_model must be at least 1, got {d_model}")
    return np.stack([token_embedding(t, d_model) for t in tokens]) if len(tokens) else np.zeros((0, d_model))


def sinusoidal_positions(n: int, d_model: int) -> np.ndarray:
    """The paper's positional encoding, (n, d_model): sin on even columns, cos on odd ones."""
    pos = np.arange(n)[:, None]  # (n, 1)
    i = np.arange(d_model)[None, :]  # (1, d_model)
    angle = pos / np.power(10000.0, (2 * (i // 2)) / d_model)  # (n, d_model)
    return np.where(i % 2 == 0, np.sin(angle), np.cos(angle))
