"""Folds: a page's expanders whose content is worked out and sent only while they are open.

Streamlit sends everything inside a plain expander at every rerun, folded or not, and every element costs the server
its own message (issue 38: with 100 learners, Common mistakes sent some 140 elements a rerun, a sixth of them in
folds nobody had opened). A fold tracks whether it is open (Streamlit's `on_change="rerun"`): opening it reruns the
page, or its fragment, which then draws what is inside.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def fold(label: str, key: str, *, icon: str | None = None, where=None) -> Iterator[bool]:
    """An expander in `where` (the page by default), folded at first, that yields whether it is open: draw its
    content only when it is.

        with fold(say.CATCH_THEM, "fold_catch_roles", icon=":material/rule:") as shown:
            if shown:
                role_checks(...)

    `key` names it for the session: a literal starting with "fold_", unique in the app, written out where the page
    draws the fold or passes it on (the tests find every fold by it, tests.apptest_utils.fold_keys). A fold whose
    label changes (another language, other numbers in it) is a new fold, folded."""
    import streamlit as st

    if not key.startswith("fold_"):
        raise ValueError(key)  # a key the tests would not find (tests.apptest_utils.fold_keys)
    box = (where or st).expander(label, key=key, icon=icon, on_change="rerun")
    with box:
        yield bool(box.open)
