"""The shared view pieces in each language (issue 40): the tables' scroll line and legend, a chart's words for a
screen reader, the histogram's axes, the shape diagram and a notebook's first cell read in Chinese with the same
numbers and symbols as in English, and a notebook built after the page's run (a download) in the page's language."""

from __future__ import annotations

import re
import threading

import numpy as np
import plotly.graph_objects as go
import pytest

from attn_lessons import i18n
from attn_ui import notebooks as nbk
from attn_ui.describe import describe
from attn_ui.exports import shape_flow_html
from attn_ui.figures import histogram_figure, line_figure
from attn_ui.tables import PAGE_STYLE, SCROLL_CONTENT, matrix_html, page_style
from tests.prose import english_runs


@pytest.fixture
def chinese():
    i18n.use("zh-CN")
    yield
    i18n.use("en")


def in_chinese(fn, *args, **kwargs):
    i18n.use("zh-CN")
    try:
        return fn(*args, **kwargs)
    finally:
        i18n.use("en")


def _words(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def test_the_scroll_line_counts_the_columns_in_each_language():
    assert SCROLL_CONTENT in PAGE_STYLE and PAGE_STYLE == page_style("en")
    zh = page_style("zh-CN")
    assert SCROLL_CONTENT not in zh and "counter(c)" in zh
    line = re.search(r"content:('[^']*') counter\(c\) ('[^']*')", zh)
    assert line and not english_runs(line[1] + line[2]) and "列" in line[2]
    assert zh.replace(line[0], SCROLL_CONTENT) == PAGE_STYLE  # the words are the only difference


def test_a_tables_legend_names_the_outlined_cells_in_chinese_with_the_same_labels():
    M = np.arange(6, dtype=float).reshape(2, 3)
    args = (M, "QKᵀ", ["the·0", "cat"], ["d0", "d1", "d2"])
    en = matrix_html(*args, highlight_row=1, highlight_col=2)
    zh = in_chinese(matrix_html, *args, highlight_row=1, highlight_col=2)
    assert "outlined: row cat, column d2" in _words(en)
    assert "row" not in _words(zh).split() and "cat" in _words(zh) and "d2" in _words(zh)
    assert "QKᵀ  (2 × 3)" in zh  # the caption is notation: the same
    # the cells are the same numbers
    assert re.findall(r"<td[^>]*>([^<]+)", en) == re.findall(r"<td[^>]*>([^<]+)", zh)


def test_a_chart_reads_in_chinese_with_its_numbers(chinese):
    fig = line_figure("std of q·k", "d_k", "std", x_ticks=[1, 8, 64, 512])
    fig.add_trace(go.Scatter(x=[1, 8, 64, 512], y=[1, 2.8, 8, 22.6], mode="lines", name="√d_k"))
    fig.add_trace(go.Scatter(x=[1, 8, 64, 512], y=[1, 2.8, 8, 22.6], mode="markers", name="q·k"))
    said = describe(fig)
    assert "1" in said and "512" in said and "√d_k" in said and "q·k" in said and "d_k" in said
    assert "折线" in said and "散点" in said and not english_runs(said), said
    i18n.use("en")
    assert describe(fig) == "std of q·k: line and point chart of √d_k and q·k; d_k from 1 to 512."


def test_the_histograms_series_and_axes_are_in_the_sessions_language(chinese):
    fig = histogram_figure(np.random.default_rng(0).normal(size=200), 1.0, "q·k", curve_name="N(0, 1)")
    words = [fig.data[0].name, fig.layout.xaxis.title.text, fig.layout.yaxis.title.text]
    assert words == [i18n.tr("figures-measured"), i18n.tr("figures-value"), i18n.tr("figures-density")]
    assert not any(re.search(r"[a-z]", w) for w in words), words
    assert fig.layout.xaxis.title.text != i18n.tr_in("en", "figures-value")


def test_the_shape_diagram_keeps_its_symbols_and_shapes_in_chinese():
    en, zh = shape_flow_html(6, 8, 4, 4), in_chinese(shape_flow_html, 6, 8, 4, 4)
    shapes = re.findall(r"\d+ × \d+", en)
    assert shapes == re.findall(r"\d+ × \d+", zh) and len(shapes) >= 9
    for symbol in ("<b>X</b>", "<b>Q</b>", "<b>K</b>", "<b>V</b>", "QKᵀ / √d_k", "W_Q"):
        assert symbol in en and symbol in zh
    assert ">output<" in en and ">output<" not in zh and ">输出<" in zh


def _first_cell(lang: str | None = None) -> str:
    settings = {"sentence": "the cat sat on the mat", "seed": 0, "d_model": 8, "heads": 2}
    build = lambda: nbk.notebook("QKV", settings, "https://YOUR-APP-ADDRESS/QKV_builder?seed=0", [])  # noqa: E731
    return (in_chinese(build) if lang == "zh-CN" else build()).cells[0].source


def test_the_notebooks_first_cell_reads_in_chinese_with_the_same_settings_and_link():
    en, zh = _first_cell(), _first_cell("zh-CN")
    runs = english_runs(zh, allowed=("the cat sat on the mat", "https://YOUR-APP-ADDRESS/QKV_builder?seed=0"))
    assert not runs, runs
    for kept in ("the cat sat on the mat", "d\\_model: 8", "https://YOUR-APP-ADDRESS/QKV_builder?seed=0",
                 "`pip install numpy`", "# QKV"):
        assert kept in en and kept in zh, kept
    assert "- 随机种子: 0" in zh and "- seed: 0" in en and "- 头数: 2" in zh


def test_a_notebook_built_later_in_another_thread_is_in_the_language_of_the_run_that_drew_the_button():
    """Streamlit calls a download's data function when the learner clicks, outside the page's run."""
    build = in_chinese(nbk.in_language, i18n.current(), lambda: _first_cell().encode())  # as drawn: English
    assert "A notebook from" in build().decode()
    i18n.use("zh-CN")
    try:
        build = nbk.in_language(i18n.current(), lambda: _first_cell().encode())
    finally:
        i18n.use("en")
    found = []
    worker = threading.Thread(target=lambda: found.append(build().decode()))
    worker.start()
    worker.join()
    assert found and found[0] == _first_cell("zh-CN")
    assert i18n.current() == "en"  # the build's language reached nothing else


# ------------------------------------------------------------------------ no words left in attn_ui's view pieces
SHOWN_BY = {"markdown", "caption", "button", "toggle", "radio", "slider", "selectbox", "select_slider", "text_area",
            "number_input", "warning", "info", "success", "error", "page_link", "download_button", "title", "header",
            "subheader", "expander", "metric", "progress", "add_bar", "Bar", "Scatter", "Histogram"}
SHOWN_AS = {"label", "help", "title_text", "name", "annotation_text", "text", "placeholder", "page_title"}
SYMBOLS = {"softmax", "numpy", "d_k", "d_model", "d_v", "lines", "markers"}  # notation, and Plotly's own values
# the view pieces whose texts are this task's (classroom, glossary and language draw their own modules' words)
MINE = ("cells", "checkpoint", "code", "data", "describe", "exports", "figures", "notebook_build",
        "notebook_literals", "notebooks", "pages", "params", "state", "tables")


def words_shown(source: str) -> list[str]:
    """'line: text' for each literal with a word in it that a Streamlit element or a Plotly trace or axis shows:
    a positional argument of SHOWN_BY, or a keyword of SHOWN_AS (f-strings' literal parts included)."""
    import ast

    tree = ast.parse(source)
    # a message id (tr("…")) and a key (words["title"], ss["heads"]) name a text; they are not one
    names = {id(c) for node in ast.walk(tree)
             if isinstance(node, ast.Subscript) or (isinstance(node, ast.Call) and getattr(node.func, "id", "") in
                                                    ("tr", "tr_in"))
             for c in ast.walk(node.slice if isinstance(node, ast.Subscript) else node)}
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "attr", getattr(node.func, "id", ""))
        shown = [*(node.args if name in SHOWN_BY else ()), *(k.value for k in node.keywords if k.arg in SHOWN_AS)]
        for value in shown:
            for part in ast.walk(value):
                if isinstance(part, ast.Constant) and isinstance(part.value, str) and id(part) not in names:
                    text = re.sub(r":material/\w+:", "", part.value)
                    words = [w for w in re.findall(r"[A-Za-z_]{3,}", text) if w not in SYMBOLS]
                    if words:
                        found.append(f"{part.lineno}: {part.value!r}")
    return found


def test_the_view_pieces_show_no_words_of_their_own():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "attn_ui"
    found = {name: words_shown((root / f"{name}.py").read_text()) for name in MINE}
    assert not {k: v for k, v in found.items() if v}, found


def test_the_word_finder_sees_a_label_a_help_and_an_axis_title():
    probe = ('st.toggle("Skip", key="reveal")\nst.caption(f"Next: {page}")\nfig.update_xaxes(title_text="value")\n'
             'st.radio(tr("x"), options=[1], help="Pick one")\nst.button(":material/check:", key="k")\n'
             'go.Scatter(x=xs, mode="lines", name="d_k")\nst.caption(tr("state-next", page=words["title"]))\n')
    assert [line.split(":")[0] for line in words_shown(probe)] == ["1", "2", "3", "4"]
