"""The notices every page may show about its input: a link's value that cannot be used and why, a sentence cut or
refused, a head count that no longer divides d_model, a table cell that is not a number.

A reason ("it is not a whole number") is what attn_ui.params and attn_ui.cells raise in a ValueError; a notice wraps
it in a sentence that says what the page does instead. Pure Python: no Streamlit.
"""

from __future__ import annotations

from collections.abc import Iterable

from .format import grouped, typed

# -------------------------------------------------------------------------------- why a value cannot be used


def too_long(n_chars: int, limit: int) -> str:
    return f"it is {grouped(n_chars)} characters long; the limit is {grouped(limit)}"


NO_TOKEN = "it has no word or mark to make a token of"
NOT_A_NUMBER = "it is not a number"
NOT_WHOLE = "it is not a whole number"
NOT_0_OR_1 = "it is not 0 or 1"


def not_a_number(name: str, raw: str) -> str:
    return f"{name}={raw[:40]!r} is not a number"


def not_whole(name: str, raw: str) -> str:
    return f"{name}={raw[:40]!r} is not a whole number"


def not_finite(name: str, raw: str) -> str:
    return f"{name}={raw[:40]!r} is not a finite number"


def outside(name: str, value: int, lo: int, hi: int) -> str:
    return f"{name}={value} is outside {lo} … {hi}"


def not_one_of(name: str, value: str, options: Iterable) -> str:
    """`value` is the link's value as the learner typed it, or the number it read as."""
    return f"{name}={value} is not one of {', '.join(map(str, options))}"


def not_a_typed_choice(name: str, value: float, choices: Iterable[float]) -> str:
    return not_one_of(name, typed(value), [typed(c) for c in choices])


def not_a_choice(n_choices: int) -> str:
    return f"it is not one of the {n_choices} choices"


def score_range(limit: float, raw: str) -> str:
    bound = typed(limit).replace("e+", "e")
    return f"a score must be a finite number between −{bound} and {bound}, got {raw[:40]}"


def tau_range(lo: float, hi: float) -> str:
    return f"τ must be between {typed(lo)} and {typed(hi)}"


def not_layer_head(part: str) -> str:
    return f"“{part[:12]}” is not layer.head, such as 1.3"


def no_head(layer: int, head: int) -> str:
    return f"there is no head {head} in layer {layer}"


# ------------------------------------------------------------------------------------ what the page does instead


def link_default(key: str, reason: str, value: str | None = None) -> str:
    """A link's setting that cannot be used: `key` (with the `value` it held, when given) and why."""
    what = key if value is None else f"{key}={value[:40]!r}"
    return f"The link's {what} can't be used ({reason}); the default is used instead."


def heads_default(heads: int, d_model: int, fallback: int) -> str:
    return (f"The link asks for heads={heads}, which does not divide d_model={d_model}, so the default "
            f"heads={fallback} is used instead.")


def heads_changed(old: int, d_model: int, new: int) -> str:
    return f"heads={old} does not divide d_model={d_model}, so heads is now {new}."


def sentence_kept(reason: str, last_good: str) -> str:
    return f"Your sentence can't be used: {reason}. The last good sentence, “{last_good[:80]}”, is shown."


REVEAL_UNUSABLE = "The link's reveal=… can't be used; the predictions stay on."


def truncated(n_found: int, n_kept: int) -> str:
    return (f"Your text has {n_found} tokens; the explorer keeps the first {n_kept} so that every matrix stays "
            "readable.")


# ------------------------------------------------------------------------------------------ a table cell's value

EMPTY = "is empty"


def cell_not_a_number(shown: str) -> str:
    return f"“{shown[:30]}” is not a number"


def cell_nan(shown: str) -> str:
    return f"“{shown[:30]}” is NaN (not a number)"


def cell_infinite(shown: str) -> str:
    return f"“{shown[:30]}” is infinite"


def cell_too_large(shown: str, limit: float) -> str:
    return f"“{shown[:30]}” is larger than the limit of ±{grouped(limit)}"


def cell_error(matrix: str, row: str, col: str, reason: str) -> str:
    return f"{matrix}, row {row}, column {col}: {reason}"
