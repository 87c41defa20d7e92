"""Plumbing every test shares: a marker per folder, hypothesis profiles, and opening a page through AppTest.

The folders mirror the layers: core (attn_core), lessons (attn_lessons), ui (attn_ui's helpers without
Streamlit), pages (AppTest), notebooks (a kernel per notebook) and browser (headless Chromium). Each test gets
its folder's name as a marker. `pytest -m quick` is the development loop (see the README): core, lessons and ui,
and a sample of the pages (each page opened cold, at its defaults and from a link).
"""

from __future__ import annotations

import os
from pathlib import Path

# One OpenBLAS thread in each test process and in what it starts (the app's servers, the notebooks' kernels), read
# when numpy loads, so before attn_core below: the matrices here are small, and two threads a process spin and wait
# for each other and for the other processes the suite runs at the same time. On two cores the retraining test and
# the Training lab's tests took 151 s (185 s of CPU) with OpenBLAS's own two threads, 85 s (82 s of CPU) with one.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import pytest  # noqa: E402

import attn_core  # noqa: E402
import tests.hyp  # noqa: E402, F401  (loads the hypothesis profile before any test is collected)
from attn_ui.params import DEFAULT_D_MODEL, DEFAULT_SEED, DEFAULT_TEXT  # noqa: E402
from tests.apptest_utils import assert_ran, run_page  # noqa: E402

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


def xdist_group(parts: tuple[str, ...]) -> str | None:
    """The group of a test file (its path under tests/, split) whose tests run one after another on one worker when
    `pytest` spreads the suite over the machine's cores (pyproject.toml's `-n auto --dist loadgroup`); None for a
    file each of whose tests may run on any worker, beside any other test.

    - each browser file: its `streamlit run` server (scripts/hall.sh's three processes for the lecture hall) and
      its Chromium are module-scoped, started once and shared by its tests in order. Where ATTN_TEST_PORT gives
      the run one port (and the next two), the files take turns on it as one group;
    - the notebooks: one fixture executes every selected notebook in a kernel of its own, a few at a time, once;
    - class mode's storage tests: each empties the PostgreSQL test database's public schema;
    - the layer checks: one writes a probe module into attn_lessons/ for a moment, which the others must not read.
    """
    if parts[:1] == ("browser",):
        return "fixed_port" if os.environ.get("ATTN_TEST_PORT") else f"browser/{parts[-1]}"
    return SHARED_STATE.get(parts)


SHARED_STATE = {("notebooks", "test_notebooks.py"): "notebooks", ("ui", "test_classroom_store.py"): "postgres",
                ("core", "test_layers.py"): "source_tree"}


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """`--dist loadgroup` with the groups of xdist_group() above, read from each test's path. (pytest-xdist's own
    loadgroup finds an `xdist_group` mark's name in a suffix it appends to the test's id, which pytest 9.2 no longer
    lets it write: the marks are silently ignored, pytest-xdist issue 1386.) Groups with the most tests start first."""
    if config.getoption("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class ByFile(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = Path(nodeid.split("::", 1)[0])  # from the root: tests/<layer>/test_<name>.py
            group = xdist_group(path.parts[1:]) if path.parts[:1] == ("tests",) else None
            return group or super()._split_scope(nodeid)

    return ByFile(config, log)


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
