"""A glossary term's definition drawn where a page first uses the term (issue 36).

The definition is plain text on the page, a caption line beside the number or sentence that uses the term: it
reads the same on a phone, where a tooltip would need a hover that does not exist. Its words are the glossary's
(attn_lessons.glossary), so each term is defined in one place; tests/pages/test_glossary.py walks the route and
fails on a term used before its definition.
"""

from __future__ import annotations

import streamlit as st

from attn_lessons.glossary import line


def define(*names: str | tuple[str, str], where=None) -> None:
    """Define the glossary terms `names` (or (term, as written) pairs) in one caption line, in `where` (a column or
    container; the page by default)."""
    (where or st).caption(f":material/menu_book: {line(*names)}")
