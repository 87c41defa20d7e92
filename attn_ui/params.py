"""The shared settings and how they are read from a URL. Plain Python: testable without Streamlit."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from attn_lessons import notices
from attn_lessons import i18n
from attn_lessons.input import default_text
from attn_lessons.sidebar import DEFAULT_TEXT  # noqa: F401  (the English default, which the English tests read)

DEFAULT_SEED = 0
DEFAULT_D_MODEL = 8
DEFAULT_HEADS = 2
MAX_TEXT_CHARS = 5000
SEED_MAX = 999_999
D_MODEL_CHOICES = (2, 4, 6, 8, 12, 16, 24, 32, 48, 64)
SHARED_KEYS = ("text", "seed", "d_model", "heads")


def divisors(n: int) -> list[int]:
    """The head counts that split n evenly: 1, 2, …, n."""
    return [h for h in range(1, n + 1) if n % h == 0]


@dataclass(frozen=True)
class Shared:
    """What every page shares: the sentence, the seed, d_model and the number of heads."""

    text: str = field(default_factory=default_text)  # the session's language's sentence (attn_lessons.input)
    seed: int = DEFAULT_SEED
    d_model: int = DEFAULT_D_MODEL
    heads: int = DEFAULT_HEADS

    @property
    def d_k(self) -> int:
        """The width of one head's queries and keys: d_model / heads."""
        return self.d_model // self.heads

    def query_params(self) -> dict[str, str]:
        """The settings a link carries, with the language the page is read in (attn_ui.language)."""
        return {"text": self.text, "seed": str(self.seed), "d_model": str(self.d_model), "heads": str(self.heads),
                "lang": i18n.current()}


def check_text(raw: str) -> str:
    """Return the text if a page can use it, or raise ValueError saying what is wrong."""
    if len(raw) > MAX_TEXT_CHARS:
        raise ValueError(notices.too_long(len(raw), MAX_TEXT_CHARS))
    if not any(ch.isalnum() or (not ch.isspace() and ch.isprintable()) for ch in raw):
        raise ValueError(notices.no_token())
    return raw


def parse_int(raw: str, lo: int, hi: int, name: str) -> int:
    """A whole number between lo and hi inclusive, or a ValueError naming `name`."""
    try:
        value = float(raw.strip())
    except ValueError:
        raise ValueError(notices.not_a_number(name, raw)) from None
    if not math.isfinite(value) or value != int(value):
        raise ValueError(notices.not_whole(name, raw))
    if not lo <= value <= hi:
        raise ValueError(notices.outside(name, int(value), lo, hi))
    return int(value)


def parse_shared(qp: Mapping[str, str]) -> tuple[Shared, list[str]]:
    """Read the shared settings from query parameters; a bad value falls back to its default with a notice."""
    told: list[str] = []
    values: dict[str, Any] = {}
    parsers: dict[str, Callable[[str], Any]] = {
        "text": check_text,
        "seed": lambda r: parse_int(r, 0, SEED_MAX, "seed"),
        "d_model": lambda r: _parse_choice(r, D_MODEL_CHOICES, "d_model"),
        "heads": lambda r: parse_int(r, 1, max(D_MODEL_CHOICES), "heads"),
    }
    for key, parse in parsers.items():
        if key in qp:
            try:
                values[key] = parse(qp[key])
            except ValueError as err:
                told.append(notices.link_default(key, str(err)))
    shared = Shared(**values)
    if shared.d_model % shared.heads:
        told.append(notices.heads_default(shared.heads, shared.d_model, _fallback_heads(shared.d_model)))
        shared = Shared(shared.text, shared.seed, shared.d_model, _fallback_heads(shared.d_model))
    return shared, told


def _fallback_heads(d_model: int) -> int:
    """The default head count if it divides d_model, else the largest divisor below it."""
    return max(h for h in divisors(d_model) if h <= DEFAULT_HEADS)


def _parse_choice(raw: str, choices, name: str) -> int:
    value = parse_int(raw, min(choices), max(choices), name)
    if value not in choices:
        raise ValueError(notices.not_one_of(name, str(value), choices))
    return value


def parse_mask_param(raw: str) -> str:
    """?custom=110-111-001 -> the same grid written the one canonical way, or a ValueError saying what is wrong."""
    from attn_core.masks import encode_mask, parse_mask  # here, not at the top: this file appends only

    return encode_mask(parse_mask(raw))


SCORE_LIMIT = 1e308  # any finite score a float can hold


def parse_score(raw: str, limit: float = SCORE_LIMIT) -> float:
    """One attention score from a link: a finite number between −limit and limit, or a ValueError."""
    value = float(raw)
    if not math.isfinite(value) or abs(value) > limit:
        raise ValueError(notices.score_range(limit, raw))
    return value


TAU_MIN, TAU_MAX = 0.001, 1000.0


def parse_tau(raw: str, lo: float = TAU_MIN, hi: float = TAU_MAX) -> float:
    """A softmax temperature τ from a link: a finite number between lo and hi, or a ValueError."""
    value = float(raw)
    if not (math.isfinite(value) and lo <= value <= hi):
        raise ValueError(notices.tau_range(lo, hi))
    return value


def parse_bool(raw: str) -> bool:
    """An on/off switch from a link: 1/true/on/yes or 0/false/off/no (any case), or a ValueError."""
    word = raw.strip().lower()
    if word in ("1", "true", "on", "yes"):
        return True
    if word in ("0", "false", "off", "no"):
        return False
    raise ValueError(notices.not_0_or_1())


def parse_question_seed(raw: str) -> int:
    """?q=3: the Check yourself page's seed for the numbers in its questions, a whole number in 0 … SEED_MAX."""
    return parse_int(raw, 0, SEED_MAX, "q")


def parse_int_choice(raw: str, choices, name: str) -> int:
    """A whole number from a link that must be one of `choices` (say d_k in 4, 8, …, 256), or a ValueError."""
    return _parse_choice(raw, choices, name)


def parse_float_choice(raw: str, choices, name: str) -> float:
    """A number from a link that must be one of `choices` (a learning rate on its grid): 3, 3.0 and 3e0 all give 3."""
    try:
        value = float(raw.strip())
    except ValueError:
        raise ValueError(notices.not_a_number(name, raw)) from None
    if not math.isfinite(value):
        raise ValueError(notices.not_finite(name, raw))
    for choice in choices:
        if math.isclose(value, choice, rel_tol=1e-9):
            return float(choice)
    raise ValueError(notices.not_a_typed_choice(name, value, choices))


def parse_word(raw: str, options, name: str) -> str:
    """One of a few words from a link (any case, spaces ignored), or a ValueError naming `name` and the options."""
    word = raw.strip().lower()
    if word not in options:
        raise ValueError(notices.not_one_of(name, repr(raw[:40]), options))
    return word


NONE = "none"  # how a link says "no token" where a token index is optional


def parse_index_or_none(raw: str, n: int, name: str) -> int | str:
    """A token index 0 … n−1 from a link, or NONE for "none"; a ValueError naming `name` otherwise."""
    if raw.strip().casefold() == NONE:
        return NONE
    return parse_int(raw, 0, n - 1, name)


def parse_heads(raw: str, layers: int, heads: int, *, layer: int | None = None) -> str:
    """A set of heads from a link, checked and put in order: "1.3-2.1" (layer.head, 1-based), or with `layer` set
    just the heads of that layer, "3-4". "" for none."""
    picked = set()
    for part in str(raw).split("-"):
        if not part.strip():
            continue
        if layer is None:
            a, sep, b = part.partition(".")
            if not sep:
                raise ValueError(notices.not_layer_head(part))
            lh = (int(a), int(b))
        else:
            lh = (layer, int(part))
        if not (1 <= lh[0] <= layers and 1 <= lh[1] <= heads):
            raise ValueError(notices.no_head(lh[0], lh[1]))
        picked.add(lh)
    return encode_heads(sorted(picked), layer)


def encode_heads(picked, layer: int | None = None) -> str:
    """(layer, head) pairs, 1-based -> "1.3-2.1" (or "3-4" for one layer's heads)."""
    return "-".join(str(h) if layer is not None else f"{lay}.{h}" for lay, h in sorted(picked))


def decode_heads(text: str, layer: int | None = None) -> list[tuple[int, int]]:
    """The inverse of encode_heads: "1.3-2.1" -> [(1, 3), (2, 1)], or with `layer` "3-4" -> [(layer, 3), (layer, 4)]."""
    if layer is not None:
        return [(layer, int(part)) for part in text.split("-") if part]
    return [tuple(int(x) for x in part.split(".")) for part in text.split("-") if part]
