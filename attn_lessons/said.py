"""A sentence about the numbers, and the facts it states.

A words function that claims something about the numbers (which key wins, the numbers it quotes, "larger" or
"smaller", a tie) returns a `Said`: its text for the page, and the facts behind the text for a test to compare with
attn_core. The tests check the facts, not the phrasing, so rewording a sentence without changing its claim breaks no
test, and rewording it to claim something false does (the facts are computed where the text is, from the same
numbers). Pure Python: no Streamlit.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Said(NamedTuple):
    """A sentence about the numbers and the facts it states, for a test to compare with attn_core."""

    text: str
    facts: dict[str, Any]
