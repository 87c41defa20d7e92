"""Plumbing every test shares: open a page through AppTest and check it ran, build the default inputs."""

from __future__ import annotations

import pytest

import attn_core
from attn_ui.params import DEFAULT_D_MODEL, DEFAULT_SEED, DEFAULT_TEXT
from tests.apptest_utils import assert_ran, run_page


@pytest.fixture
def open_page():
    """open_page(path, **query_params) -> AppTest: the page run cold from a link, asserted free of exceptions."""

    def _open(path: str, **query_params):
        at = run_page(path, **query_params)
        assert_ran(at)
        return at

    return _open


@pytest.fixture
def default_inputs() -> attn_core.Inputs:
    """The shared sentence at the default seed and width, as every page builds it."""
    return attn_core.build_inputs(DEFAULT_TEXT, DEFAULT_SEED, DEFAULT_D_MODEL)
