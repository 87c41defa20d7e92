"""Plumbing every test shares: a marker per folder, hypothesis profiles, and opening a page through AppTest.

The folders mirror the layers: core (attn_core), lessons (attn_lessons), ui (attn_ui's helpers without
Streamlit), pages (AppTest), notebooks (a kernel per notebook) and browser (headless Chromium). Each test gets
its folder's name as a marker. `pytest -m quick` is the development loop (see the README): core, lessons and ui,
and a sample of the pages (each page opened cold, at its defaults and from a link).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import attn_core
import tests.hyp  # noqa: F401  (loads the hypothesis profile before any test is collected)
from attn_ui.params import DEFAULT_D_MODEL, DEFAULT_SEED, DEFAULT_TEXT
from tests.apptest_utils import assert_ran, run_page

# A message missing from a catalog, or formatted without a variable it uses, raises in the tests (a running app logs
# it and reads the message in English): set before any page runs, AppTest's included.
os.environ["ATTN_STRICT_MESSAGES"] = "1"

LAYERS = ("core", "lessons", "ui", "pages", "notebooks", "browser")
QUICK = ("core", "lessons", "ui")
QUICK_PAGES = ("test_page_runs_at_defaults", "test_page_reads_the_shared_settings_from_the_link")
HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items):
    """Mark each test with the layer its folder is named after, and the quick loop's tests `quick` (never one
    marked `slow`)."""
    for item in items:
        parts = Path(str(item.fspath)).resolve().relative_to(HERE).parts
        if len(parts) > 1 and parts[0] in LAYERS:
            item.add_marker(getattr(pytest.mark, parts[0]))
        if (parts[0] in QUICK or item.originalname in QUICK_PAGES) and not item.get_closest_marker("slow"):
            item.add_marker(pytest.mark.quick)  # a slow test is never in the quick loop


@pytest.fixture(autouse=True)
def _english_unless_asked():
    """Each test starts in English: a page opened in another language (run_page(…, lang=…)) sets the test thread's
    language, which must not leak into the next test."""
    from attn_lessons import i18n

    i18n.use(i18n.DEFAULT)
    yield
    i18n.use(i18n.DEFAULT)


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
