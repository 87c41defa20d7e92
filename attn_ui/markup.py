"""Markup made by the app, handed to st.html as it is."""

from __future__ import annotations


class Markup(str):
    """HTML made here, handed to st.html as it is. Streamlit takes an object's `_repr_html_()` as the body, where it
    dedents a plain string first (textwrap.dedent: two regular expressions over a 20 kB table at every rerun, about a
    tenth of the Q/K/V builder's own time on the server). The markup has no indentation to take out."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        return str.__str__(self)
