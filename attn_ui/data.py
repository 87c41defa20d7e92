"""Cached wrappers over attn_core for the pages, and the notices that go with them."""

from __future__ import annotations

import streamlit as st

import attn_core

from .params import Shared


@st.cache_data(show_spinner=False, max_entries=64)
def _inputs(text: str, seed: int, d_model: int, positional: bool) -> attn_core.Inputs:
    return attn_core.build_inputs(text, seed, d_model, positional=positional)


def load_inputs(shared: Shared, positional: bool = True) -> attn_core.Inputs:
    """The shared sentence as X and seeded weights; tells the learner when the text was cut."""
    inputs = _inputs(shared.text, shared.seed, shared.d_model, positional)
    if inputs.truncated:
        st.info(f"Your text has {inputs.n_found} tokens; the explorer keeps the first "
                f"{len(inputs.tokens)} so that every matrix stays readable.", icon=":material/content_cut:")
    return inputs
