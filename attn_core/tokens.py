"""A tiny deterministic tokenizer and a deterministic embedding for every token string."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass

import numpy as np

MAX_TOKENS = 32
# The Han characters (Chinese, and the kanji of Japanese) that Chinese BERT models split one by one: the CJK Unified
# Ideographs, their extensions A to F and the compatibility ideographs, the ranges of BERT's _is_chinese_char.
HAN = ("\u4e00-\u9fff\u3400-\u4dbf\U00020000-\U0002a6df\U0002a700-\U0002b73f\U0002b740-\U0002b81f"
       "\U0002b820-\U0002ceaf\uf900-\ufaff\U0002f800-\U0002fa1f")
_HAN = re.compile(f"[{HAN}]")
# One Han character; or a word of other letters, digits and underscores (with inner apostrophes, as in don't); or any
# single other visible character, so each punctuation mark (，。“” included) is a token of its own.
_WORD = rf"[^\W{HAN}]+"
_TOKEN = re.compile(rf"[{HAN}]|{_WORD}(?:'{_WORD})*|[^\w\s]")


@dataclass(frozen=True)
class Tokenized:
    """The tokens kept, and whether the text was cut to fit the cap."""

    tokens: tuple[str, ...]
    n_found: int  # how many tokens the whole text had, before the cap

    @property
    def truncated(self) -> bool:
        return self.n_found > len(self.tokens)


def tokenize(text: str, max_tokens: int = MAX_TOKENS) -> Tokenized:
    """Split `text` into words and punctuation marks, keeping at most `max_tokens` of them. Chinese has no spaces
    between words: each Han character is a token, as in Chinese BERT models ("猫坐在垫子上。" -> 猫 坐 在 垫 子 上 。),
    and Latin words inside Chinese text stay whole ("GPT模型" -> GPT 模 型)."""
    if not isinstance(text, str):
        raise TypeError(f"text must be a string, got {type(text).__name__}")
    # drop invisible control and format characters (zero-width joiners, NULs) so every token can be seen
    clean = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C" or ch in "\n\t")
    found = _TOKEN.findall(clean)
    return Tokenized(tokens=tuple(found[:max_tokens]), n_found=len(found))


def is_han(token: str) -> bool:
    """Whether `token` is (or holds) a Han character: a token of Chinese text."""
    return bool(_HAN.search(token))


def han_tokens(tokens) -> int:
    """How many of `tokens` are Han characters (tokenize gives each its own token)."""
    return sum(1 for t in tokens if is_han(t))


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
