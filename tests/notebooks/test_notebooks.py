"""Every page's notebook, in every state its route entry names: its defaults and its `examples` links. Each page is
opened cold at the link through AppTest, as a learner would open it (predictions skipped, so every section draws),
and the notebook it offers is taken from what the page hands to "Take it home". The notebook must be valid, run in
a fresh kernel without error, and its last cell must find the numbers the page showed: plain numpy against the
page's own attn_core numbers."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import math
import tokenize
from urllib.parse import parse_qsl

import nbformat
import numpy as np
import pytest

from attn_ui import notebooks as nbk
from attn_ui.pages import Page, route
from tests.apptest_utils import Offered, taken_home

CASES = [(page, k) for page in route() for k in range(1 + len(page.examples))]
IDS = [f"{page.slug}-{k}" for page, k in CASES]


def link(page: Page, k: int) -> dict[str, str]:
    """State k of a page as query parameters: 0 is its defaults, then its route entry's examples."""
    return {} if k == 0 else dict(parse_qsl(page.examples[k - 1], keep_blank_values=True))


@functools.cache
def offered(page: Page, k: int) -> Offered:
    """Page `page` opened cold at state k, and what it offered to take home."""
    return taken_home(page.path, **link(page, k))


def run_in_process(cells) -> str:
    """Every code cell (nbk.Cell or notebook cell), in order, in one fresh namespace; what they printed. Fast: no
    kernel."""
    out = io.StringIO()
    namespace: dict = {}
    with contextlib.redirect_stdout(out), np.printoptions():  # the cells set print options: keep them in here
        for cell in cells:
            kind = getattr(cell, "kind", None) or cell.get("cell_type")
            text = getattr(cell, "text", None) if isinstance(cell, nbk.Cell) else cell.source
            if kind == "code" and "plotly" not in text:
                exec(compile(text, "<cell>", "exec"), namespace)  # noqa: S102 - our own generated code
    return out.getvalue()


# ------------------------------------------------------------------------------------------ in a kernel


KERNEL_TEST = "test_notebook_runs_in_a_fresh_kernel_and_matches_the_page"
AT_ONCE = 3  # notebooks executing at the same time: a kernel spends much of its start-up waiting


async def _execute(nb: nbformat.NotebookNode, gate: asyncio.Semaphore):
    from nbclient import NotebookClient

    async with gate:
        try:
            await NotebookClient(nb, timeout=60, kernel_name="python3", allow_errors=False).async_execute()
        except Exception as err:  # noqa: BLE001 - reported by the test of this notebook
            return err
    return nb


@pytest.fixture(scope="module")
def executed(request) -> dict:
    """Every selected state's notebook, each executed in its own fresh kernel, a few at a time."""
    wanted = [(item.callspec.params["page"], item.callspec.params["k"]) for item in request.session.items
              if getattr(item, "originalname", "") == KERNEL_TEST]

    async def run_all(notebooks):
        gate = asyncio.Semaphore(AT_ONCE)
        return await asyncio.gather(*(_execute(nb, gate) for nb in notebooks))

    notebooks = [offered(page, k).notebook() for page, k in wanted]  # AppTest first, outside the event loop
    for nb in notebooks:
        nbformat.validate(nb)
    return dict(zip(wanted, asyncio.run(run_all(notebooks)), strict=True))


@pytest.mark.parametrize(("page", "k"), CASES, ids=IDS)
def test_notebook_runs_in_a_fresh_kernel_and_matches_the_page(page, k, executed):
    nb = executed[(page, k)]
    if isinstance(nb, Exception):
        raise nb
    last = nb.cells[-1]
    printed = "".join(o.get("text", "") for o in last.outputs if o.get("output_type") == "stream")
    assert nbk.MATCH in printed, printed
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.get("output_type") == "error"]
    assert not errors
    nbformat.validate(nb)  # still valid with its outputs


# ------------------------------------------------------------------------------------------ without a kernel


@pytest.mark.parametrize("page", route(), ids=lambda p: p.slug)
def test_every_page_names_two_other_states_and_its_notebook_follows_its_route_entry(page):
    assert len(page.examples) >= 2, f"{page.path}: its route entry names {len(page.examples)} example links"
    made = offered(page, 0)
    assert made.file_name == page.notebook_file
    first = made.notebook().cells[0].source
    assert first.startswith(f"# {nbk.md_text(page.title)}\n"), first[:80]
    assert "[Open this view in the app](https://YOUR-APP-ADDRESS/" + page.url_path in first
    assert not any(nbk.DEFAULTS in c.tags for c in made.cells)  # the page's numbers, not the template's defaults
    assert run_in_process(made.cells).rstrip().endswith(nbk.MATCH)


@pytest.mark.parametrize("page", route(), ids=lambda p: p.slug)
def test_the_check_fails_when_a_shown_number_is_wrong(page):
    """The last cell can fail: nudge one shown number (in the parameters cell, under nbk.SHOWN) and its assert
    must fire."""
    cells = list(offered(page, 0).cells)
    check = cells[-1]
    assert check.kind == "code" and not check.screen
    (k,) = [k for k, c in enumerate(cells) if nbk.PARAMETERS in c.tags]
    text = cells[k].text
    inputs, marker, shown = text.partition(nbk.SHOWN)
    # the first shown literal's first number, changed by 0.5
    head, sep, rest = shown.partition("np.array([")
    digits = rest.lstrip("[ ")
    first = digits[:len(digits) - len(digits.lstrip("-0123456789.e+"))]
    assert first, shown[:200]
    bumped = inputs + marker + shown.replace(sep + rest[:len(rest) - len(digits)] + first,
                                             sep + rest[:len(rest) - len(digits)] + repr(float(first) + 0.5), 1)
    assert bumped != text
    with pytest.raises(AssertionError):
        run_in_process([*cells[:k], nbk.Cell(cells[k].kind, bumped, cells[k].screen, cells[k].tags), *cells[k + 1:]])


def test_on_screen_code_is_the_notebook_code_and_runs_alone():
    builder = next(p for p in route() if p.name == "builder")
    cells = offered(builder, 1).cells
    text = nbk.page_code(cells)
    for cell in cells:
        if cell.kind == "code" and cell.screen:
            assert cell.screen_text in text  # all of it, but for the parameters cell's shown numbers
    assert "shown_" not in text and "plotly" not in text  # the self-check and the plot are the notebook's own
    namespace: dict = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(text, "<page code>", "exec"), namespace)  # noqa: S102
    assert namespace["weights"].shape == (6, 6)
    assert text.startswith("# 1. Start from X and three weight matrices\nimport numpy as np")


@pytest.mark.parametrize("page", route(), ids=lambda p: p.slug)
def test_no_code_cell_imports_the_app(page):
    nb = offered(page, 0).notebook()
    code_text = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    # the app's names nowhere in the code; a string may name a file (a checkout's attn_core/induction_model.npz)
    code_only = " ".join(outside_strings(c.source) for c in nb.cells if c.cell_type == "code")
    assert "attn_core" not in code_only and "attn_ui" not in code_only
    imports = {line.split()[1] for line in code_text.splitlines() if line.startswith(("import ", "from "))}
    assert imports <= {"numpy"}, imports  # plotly only inside the optional plot cell, indented


def outside_strings(code: str) -> str:
    """Python code's tokens but its strings and comments."""
    fstring = (getattr(tokenize, f"FSTRING_{part}", -1) for part in ("START", "MIDDLE", "END"))  # Python 3.12+
    skip = {tokenize.STRING, tokenize.COMMENT, *fstring}
    return " ".join(t.string for t in tokenize.generate_tokens(io.StringIO(code).readline) if t.type not in skip)


def test_the_first_cell_names_the_page_the_settings_and_the_link():
    masks = next(p for p in route() if p.name == "masks")
    cells = offered(masks, 0).cells
    link = nbk.view_link("Masks_and_heads", {"text": "the cat (sat)", "mask": "causal"})
    nb = nbk.notebook("Masks and heads", {"sentence": "the *cat* <b>sat</b>", "heads": 2}, link, cells)
    first = nb.cells[0].source
    assert first.startswith("# Masks and heads\n")
    assert "- sentence: the \\*cat\\* \\<b\\>sat\\</b\\>" in first and "- heads: 2" in first
    assert f"[Open this view in the app]({link})" in first
    assert link == "https://YOUR-APP-ADDRESS/Masks_and_heads?text=the%20cat%20%28sat%29&mask=causal"
    assert "Replace `https://YOUR-APP-ADDRESS`" in first
    known = nbk.notebook("Masks and heads", {}, "http://localhost:8501/Masks_and_heads?mask=causal", cells)
    assert "Replace" not in known.cells[0].source


def test_the_same_state_gives_the_same_bytes():
    home = route()[0]
    a, b = offered(home, 0).notebook(), offered(home, 0).notebook()
    assert nbk.to_bytes(a) == nbk.to_bytes(b)
    back = nbformat.reads(nbk.to_bytes(a).decode("utf-8"), as_version=4)
    nbformat.validate(back)
    assert [c.cell_type for c in back.cells][:2] == ["markdown", "markdown"]


def test_literals_read_back_to_the_very_same_floats():
    rng = np.random.default_rng(0)
    M = rng.standard_normal((3, 4)) * np.array([1e-300, 1, 1e300, 1e-5])
    M[0, 0], M[1, 1], M[2, 2] = -np.inf, np.nan, np.inf
    namespace = {"np": np}
    exec(nbk.literal("M", M), namespace)  # noqa: S102
    assert np.array_equal(namespace["M"], M, equal_nan=True)
    exec(nbk.literal("mask", np.array([[True, False], [False, False]])), namespace)  # noqa: S102
    assert namespace["mask"].dtype == bool and namespace["mask"].tolist() == [[True, False], [False, False]]
    assert nbk.number(-math.inf) == "-np.inf" and float(nbk.number(0.1)) == 0.1


def test_every_input_line_reads_back_to_its_value():
    """nbk.line writes each kind of input a page hands to nbk.cells as Python that reads back to the same value."""
    values = {"labels": ["the·0", "it's", "<b>"], "widths": [1, 2, 4], "lr": 0.1, "big": 1e300, "n": np.int64(3),
              "word": "dog", "nothing": None, "flag": True, "X": np.arange(6.0).reshape(2, 3) / 7,
              "mask": np.array([[True, False], [True, True]])}
    namespace = {"np": np}
    for name, value in values.items():
        exec(nbk.line(name, value, "a note"), namespace)  # noqa: S102
        got = namespace[name]
        if isinstance(value, np.ndarray):
            assert got.dtype == value.dtype and np.array_equal(got, value), name
        else:
            assert got == value and type(got) is type(value.item() if isinstance(value, np.generic) else value), name
    assert nbk.line("i", 5, "the query: 'mat'") == "i = 5  # the query: 'mat'"


def test_home_link_has_no_page_path():
    assert nbk.view_link("", {}, base="http://localhost:8501/") == "http://localhost:8501/"


def test_the_download_button_and_the_link_in_a_page():
    from streamlit.testing.v1 import AppTest

    def page():
        import streamlit as st

        from attn_ui import notebooks as nbk

        st.query_params["mask"] = "causal"
        link = nbk.link_here("Masks_and_heads")
        st.markdown(link)
        cells = [nbk.code("import numpy as np\nx = np.ones(2)\nprint(x)")]
        nbk.download_button(lambda: nbk.notebook("Masks and heads", {"mask": "causal"}, link, cells),
                            "masks_and_heads.ipynb", key="download_notebook")

    at = AppTest.from_function(page).run()
    assert not at.exception
    assert at.markdown[0].value == "https://YOUR-APP-ADDRESS/Masks_and_heads?mask=causal"
    assert len(at.get("download_button")) == 1
