"""The notices every page may show about its input: a link's value that cannot be used and why, a sentence cut or
refused, a head count that no longer divides d_model, a table cell that is not a number.

A reason ("it is not a whole number") is what attn_ui.params and attn_ui.cells raise in a ValueError; a notice wraps
it in a sentence that says what the page does instead. Each is looked up in the session's language when it is made
(attn_lessons/locales/<language>/notices.ftl); the link's keys and values (seed=1.5) stay as typed. Pure Python: no
Streamlit.
"""

from __future__ import annotations

from collections.abc import Iterable

from .format import grouped, typed
from .i18n import tr

# -------------------------------------------------------------------------------- why a value cannot be used


def too_long(n_chars: int, limit: int) -> str:
    return tr("notices-too-long", chars=grouped(n_chars), limit=grouped(limit))


def no_token() -> str:
    return tr("notices-no-token")


def not_a_number_reason() -> str:
    return tr("notices-not-a-number-reason")


def not_whole_reason() -> str:
    return tr("notices-not-whole-reason")


def not_0_or_1() -> str:
    return tr("notices-not-0-or-1")


def _setting(name: str, raw: str) -> str:
    """A link's setting as it was typed: seed='1.5'."""
    return f"{name}={raw[:40]!r}"


def not_a_number(name: str, raw: str) -> str:
    return tr("notices-setting-not-a-number", setting=_setting(name, raw))


def not_whole(name: str, raw: str) -> str:
    return tr("notices-setting-not-whole", setting=_setting(name, raw))


def not_finite(name: str, raw: str) -> str:
    return tr("notices-setting-not-finite", setting=_setting(name, raw))


def outside(name: str, value: int, lo: int, hi: int) -> str:
    return tr("notices-outside", setting=f"{name}={value}", range=f"{lo} … {hi}")


def not_one_of(name: str, value: str, options: Iterable) -> str:
    """`value` is the link's value as the learner typed it, or the number it read as."""
    return tr("notices-not-one-of", setting=f"{name}={value}", options=", ".join(map(str, options)))


def not_a_typed_choice(name: str, value: float, choices: Iterable[float]) -> str:
    return not_one_of(name, typed(value), [typed(c) for c in choices])


def not_a_choice(n_choices: int) -> str:
    return tr("notices-not-a-choice", count=int(n_choices))


def score_range(limit: float, raw: str) -> str:
    bound = typed(limit).replace("e+", "e")
    return tr("notices-score-range", low=f"−{bound}", high=bound, got=raw[:40])


def tau_range(lo: float, hi: float) -> str:
    return tr("notices-tau-range", low=typed(lo), high=typed(hi))


def not_layer_head(part: str) -> str:
    return tr("notices-not-layer-head", part=part[:12])


def no_head(layer: int, head: int) -> str:
    return tr("notices-no-head", layer=str(layer), head=str(head))


# ------------------------------------------------------------------------------------ what the page does instead


def link_default(key: str, reason: str, value: str | None = None) -> str:
    """A link's setting that cannot be used: `key` (with the `value` it held, when given) and why."""
    what = key if value is None else _setting(key, value)
    return tr("notices-link-default", setting=what, reason=reason)


def heads_default(heads: int, d_model: int, fallback: int) -> str:
    return tr("notices-heads-default", heads=str(heads), d_model=str(d_model), fallback=str(fallback))


def heads_changed(old: int, d_model: int, new: int) -> str:
    return tr("notices-heads-changed", old=str(old), d_model=str(d_model), new=str(new))


def sentence_kept(reason: str, last_good: str) -> str:
    return tr("notices-sentence-kept", reason=reason, last_good=last_good[:80])


def reveal_unusable() -> str:
    return tr("notices-reveal-unusable")


def truncated(n_found: int, n_kept: int) -> str:
    return tr("notices-truncated", found=str(n_found), kept=str(n_kept))


# ------------------------------------------------------------------------------------------ a table cell's value


def empty() -> str:
    """A cell left empty: follows the cell's name ("Q, row 1, column 2: is empty")."""
    return tr("notices-empty")


def cell_not_a_number(shown: str) -> str:
    return tr("notices-cell-not-a-number", shown=shown[:30])


def cell_nan(shown: str) -> str:
    return tr("notices-cell-nan", shown=shown[:30])


def cell_infinite(shown: str) -> str:
    return tr("notices-cell-infinite", shown=shown[:30])


def cell_too_large(shown: str, limit: float) -> str:
    return tr("notices-cell-too-large", shown=shown[:30], limit=f"±{grouped(limit)}")


def cell_error(matrix: str, row: str, col: str, reason: str) -> str:
    return tr("notices-cell-error", matrix=matrix, row=str(row), column=str(col), reason=reason)


