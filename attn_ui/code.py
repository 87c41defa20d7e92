"""'Show the code': the real source of the functions a page ran, or code made from its numbers."""

from __future__ import annotations

import inspect

import numpy as np
import streamlit as st


def show_source(*functions, title: str = "Show the code", intro: str = "") -> None:
    """An expander with the source of the attn_core functions this page just ran."""
    with st.expander(title, icon=":material/code:"):
        if intro:
            st.markdown(intro)
        for fn in functions:
            st.code(inspect.getsource(fn), language="python")


def array_literal(name: str, M) -> str:
    """`name = np.array([...])` with the matrix's numbers, to paste into runnable code."""
    M = np.asarray(M, dtype=float)
    # "unique" prints the shortest digits that read back to the very same float
    body = np.array2string(M, separator=", ", floatmode="unique", threshold=10**7, max_line_width=100)
    return f"{name} = np.array({body})"
