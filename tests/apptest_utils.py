"""Helpers for driving pages through streamlit.testing.v1.AppTest."""

from __future__ import annotations

import base64
import functools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parent.parent


def run_page(path: str, timeout: float = 60, folds: bool = True, **query_params) -> AppTest:
    """Run one page script (relative to the repo root) cold, with the given query parameters.

    A file in pages/ is opened as Streamlit serves it, inside the app whose entry is streamlit_app.py,
    so that its sidebar links to the other pages resolve. The test's own thread reads the page's language too
    (`lang=`, English by default): AppTest turns a widget's value into its label with the page's format_func in the
    test's thread, so a Chinese page's radio is read back in Chinese.

    `folds`: every fold of the app open (attn_ui.folds, whose content is drawn only while open), so that a test reads
    the whole page, as it could before folds drew nothing when closed; False: every fold as a learner first finds it.
    """
    from attn_lessons import i18n

    i18n.use(i18n.choose(str(query_params.get("lang", "")) or None))
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=timeout)
    if folds:
        for key in fold_keys():
            at.session_state[key] = True
    if path != "streamlit_app.py":
        at.switch_page(path)
    for key, value in query_params.items():
        at.query_params[key] = str(value)
    return at.run()


@functools.cache
def fold_key_literals() -> tuple[tuple[str, str], ...]:
    """Every literal in the app that is a fold's key (attn_ui.folds.fold: "fold_…"), as (key, file name), read from
    the source of streamlit_app.py, pages/ and attn_ui/: once per fold when each key is written once."""
    import ast

    return tuple((node.value, file.name)
                 for file in sorted([ROOT / "streamlit_app.py", *(ROOT / "pages").glob("*.py"),
                                     *(ROOT / "attn_ui").glob("*.py")])
                 for node in ast.walk(ast.parse(file.read_text(encoding="utf-8")))
                 if isinstance(node, ast.Constant) and isinstance(node.value, str) and FOLD_KEY.fullmatch(node.value))


def fold_keys() -> dict[str, str]:
    """Every fold's key in the app, with the file it is in."""
    return dict(reversed(fold_key_literals()))  # a key written twice: its first file


FOLD_KEY = re.compile(r"fold_[a-z0-9_]+")


@dataclass(frozen=True)
class Offered:
    """What a page handed to "Take it home" (attn_ui.notebooks.take_it_home): its notebook's cells, the download's
    file name, and `notebook()`, which builds the notebook as the page's button does, fresh each time (executing one
    writes its outputs into it)."""

    path: str
    cells: tuple
    file_name: str
    notebook: Callable


def taken_home(path: str, reveal: int = 1, **query_params) -> Offered:
    """Open `path` cold at the link (by default with the predictions skipped, so every section draws) and record
    what it hands to attn_ui.notebooks.take_it_home and to its download button."""
    import pytest

    from attn_ui import notebooks as nbk

    made: dict = {}
    real_home, real_button = nbk.take_it_home, nbk.download_button

    def take_it_home(file, intro, cells, numbers, settings, **show):
        made.update(cells=cells)
        real_home(file, intro, cells, numbers, settings, **show)

    def download_button(nb, file_name, key, **kwargs):
        made.update(file_name=file_name, notebook=nb)
        real_button(nb, file_name, key, **kwargs)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(nbk, "take_it_home", take_it_home)
        mp.setattr(nbk, "download_button", download_button)
        at = run_page(path, reveal=reveal, **query_params)
    assert_ran(at)
    assert made, f"{path} at {query_params} offered no notebook: it never called nbk.take_it_home"
    return Offered(path, tuple(made["cells"]()), made["file_name"], made["notebook"])


def navigate(at: AppTest, page: str, **query_params) -> AppTest:
    """Follow a link to `page` in the same session: its query string replaces the last page's."""
    at.switch_page(page)
    for key in list(at.query_params):
        del at.query_params[key]
    for key, value in query_params.items():
        at.query_params[key] = str(value)
    at.run()
    assert_ran(at)
    return at


def answers_shown(at: AppTest) -> AppTest:
    """Check yourself keeps its closing sections (the one-step tables, the takeaways) off the page until the questions
    they answer are answered, and Skip the predictions leaves its quiz in place: press Show me on each of those
    questions. Any other page is returned as it is."""
    from attn_lessons import questions as qs

    keys = {b.key for b in at.button}
    for kind in sorted(qs.CLOSING_KINDS):
        if f"show_{kind}" in keys:
            at.button(key=f"show_{kind}").click().run()
            assert_ran(at)
    return at


def assert_ran(at: AppTest) -> None:
    """Fail with the page's own exception text when its script raised."""
    assert not at.exception, at.exception[0].value if at.exception else ""


def figures(at: AppTest) -> list[dict]:
    """Every plotly figure on the page as a dict, numpy arrays decoded."""
    return [_decode(json.loads(el.proto.spec)) for el in at.get("plotly_chart")]


def figure_titled(at: AppTest, starts_with: str) -> dict:
    """The one figure whose title starts with `starts_with`."""
    found = [f for f in figures(at) if title_of(f).startswith(starts_with)]
    assert len(found) == 1, f"{len(found)} figures titled {starts_with!r}; titles: {[title_of(f) for f in figures(at)]}"
    return found[0]


def title_of(fig: dict) -> str:
    title = fig.get("layout", {}).get("title", {})
    return title.get("text", "") if isinstance(title, dict) else str(title)


def heatmap_z(fig: dict) -> np.ndarray:
    """The z matrix of a figure's first heatmap trace."""
    trace = next(t for t in fig["data"] if t.get("type") == "heatmap")
    return np.asarray(trace["z"], dtype=float)


def _decode(node):
    """Plotly stores numpy arrays as {'dtype': 'f8', 'bdata': base64, 'shape': '6, 8'}; turn them back."""
    if isinstance(node, dict):
        if "bdata" in node and "dtype" in node:
            arr = np.frombuffer(base64.b64decode(node["bdata"]), dtype=np.dtype(node["dtype"]))
            if "shape" in node:
                arr = arr.reshape([int(s) for s in str(node["shape"]).split(",")])
            return arr.tolist()
        return {k: _decode(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_decode(v) for v in node]
    return node


def closed_fold(path: str, label: str, **query_params):
    """Fold `label` of page `path` as a learner first finds it (attn_ui.folds: every fold closed), checked closed and
    empty: its content is neither worked out nor sent until it is opened."""
    at = run_page(path, folds=False, **query_params)
    assert not at.exception, at.exception[0].value if at.exception else ""
    (box,) = [e for e in at.expander if e.label == label]
    assert not box.proto.expanded and not box.children, (label, box.children)
    return box


def sidebar_notes(at: AppTest) -> list[str]:
    """The sidebar's notes, a paragraph each: its captions split where one caption holds several (the sentence box's
    notes are one element, attn_ui.state._shared_controls)."""
    return [part for c in at.sidebar.caption for part in c.value.split("\n\n")]


def all_text(at: AppTest) -> str:
    """Every markdown, caption, info, warning, error and success text on the page, joined."""
    parts = []
    for kind in ("markdown", "caption", "info", "warning", "error", "success", "latex", "title", "header",
                 "subheader", "text", "code"):
        parts += [str(getattr(e, "value", "")) for e in at.get(kind)]
    for m in at.get("metric"):
        parts.append(f"{m.label} {m.value}")
    return "\n".join(parts)


def panel(at: AppTest, starts_with: str) -> dict:
    """The one trace, in any figure, whose name (a panel's title with its shape) starts with `starts_with`."""
    found = [t for f in figures(at) for t in f["data"] if str(t.get("name", "")).startswith(starts_with)]
    names = [t.get("name") for f in figures(at) for t in f["data"]]
    assert len(found) == 1, f"{len(found)} panels named {starts_with!r}; names: {names}"
    return found[0]


def tables(at: AppTest) -> list:
    """Every matrix table on the page (attn_ui.tables through st.html), parsed: tests.html_tables.Table."""
    from tests.html_tables import Table

    return [t for t in (Table(markup) for markup in table_markups(at)) if t.caption]


def table_markups(at: AppTest) -> list[str]:
    """The markup of every table on the page, top to bottom, one string each: a row of tables
    (attn_ui.tables.draw_row) is one st.html, split here at each table's box."""
    one = "<div class=mx>"
    return [one + part for el in at.get("html") for part in el.proto.body.split(one)[1:]]


def table_titled(at: AppTest, starts_with: str):
    """(values, row labels, column labels) of the one table whose caption starts with `starts_with`; the values
    as printed, read back as floats (−∞ and NaN included)."""
    from tests.html_tables import values

    found = [t for t in tables(at) if t.caption.startswith(starts_with)]
    assert len(found) == 1, f"{len(found)} tables titled {starts_with!r}; captions: {[t.caption for t in tables(at)]}"
    t = found[0]
    M = values(t)
    heads = [h for h, _ in t.heads]
    return M, [r["label"] for r in t.body], heads[len(heads) - M.shape[1]:]  # the corner header, if any, left out


def bar_tables(at: AppTest) -> list:
    """Every table of bars on the page (attn_ui.tables.bars_html through st.html), parsed: tests.html_tables.Table."""
    from tests.html_tables import Table

    one = '<div class="mx br">'
    return [Table(one + part) for el in at.get("html") for part in el.proto.body.split(one)[1:]]


def bar_column(at: AppTest, starts_with: str):
    """(values, row labels, caption) of the one column of bars whose header starts with `starts_with`, its values
    as printed, read back as floats."""
    from tests.html_tables import cell_value

    found = [(t, j) for t in bar_tables(at) for j, (head, _) in enumerate(t.heads[1:]) if head.startswith(starts_with)]
    heads = [head for t in bar_tables(at) for head, _ in t.heads[1:]]
    assert len(found) == 1, f"{len(found)} columns of bars headed {starts_with!r}; headers: {heads}"
    t, j = found[0]
    return (np.array([cell_value(r["cells"][j][0]) for r in t.body], dtype=float), [r["label"] for r in t.body],
            t.caption)


def with_code(at: AppTest) -> AppTest:
    """The page with its "Show the code" switch on (the code is built and sent only when asked for)."""
    at.toggle(key="show_code").set_value(True).run()
    return at


def screen_text(at: AppTest) -> str:
    """Everything a learner can read on the page without opening a fold's code: its text elements, the markup of
    its tables, its charts' titles, and every widget's label, help and options, every button's, switch's and
    fold's label (an option label can state an answer as surely as a caption)."""
    parts = [all_text(at)]
    parts += [el.proto.body for el in at.get("html")]
    parts += [title_of(json.loads(el.proto.spec)) for el in at.get("plotly_chart")]
    for kind in ("radio", "selectbox", "select_slider", "multiselect", "button", "toggle", "checkbox",
                 "text_input", "text_area", "number_input", "slider"):
        for w in at.get(kind):
            parts += [str(getattr(w, "label", "") or ""), str(getattr(w, "help", "") or "")]
            parts += [str(o) for o in (getattr(w.proto, "options", None) or [])]
    for kind in ("expander", "tab"):
        parts += [str(getattr(e, "label", "") or "") for e in at.get(kind)]
    return "\n".join(p for p in parts if p)
