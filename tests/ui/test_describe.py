"""attn_ui.describe: the words a screen reader hears for a chart, and the numbers behind a heatmap that does not
print them, read from the figures the app draws (attn_ui.figures), for every state a matrix can be in."""

from __future__ import annotations

import json

import numpy as np
import plotly.graph_objects as go
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.hyp import examples

from attn_ui.describe import BLOCKED, NOT_A_NUMBER, cell_text, describe, read_chart, span
from attn_ui.figures import (
    histogram_figure,
    line_figure,
    matrix_figure,
    matrix_grid,
    matrix_grid_figure,
    matrix_panels_figure,
    matrix_table,
    screen_reader_text,
    slim,
    vector_figure,
)
from attn_lessons.format import readable

M = np.array([[0.1, 0.5], [0.3, 0.2], [0.9, -0.4]])  # 3 × 2, largest 0.9 at row c, column x; smallest −0.4
ROWS, COLS = ["a", "b", "c"], ["x", "y"]
WORDS = [f"w{i}" for i in range(32)]
DIMS = [f"d{i}" for i in range(64)]


def small(matrix=M, rows=ROWS, cols=COLS, **kwargs) -> go.Figure:
    return matrix_figure(matrix, "M", rows, cols, x_title="key", y_title="query", **kwargs)


def causal_scores(n: int, seed: int = 0) -> np.ndarray:
    S = np.random.default_rng(seed).normal(size=(n, n))
    S[np.triu_indices(n, 1)] = -np.inf  # query i may not look at a later key
    return S


# ---------------------------------------------------------------------------------------------------------------
# one heatmap
def test_a_small_matrix_in_exact_words():
    assert describe(small()) == ("M (3 × 2): heatmap, 3 × 2, rows query a, b and c, columns key x and y; "
                                 "values from −0.400 to 0.900, the largest at row c, column x.")


def test_the_largest_cell_moves_with_the_numbers():
    moved = M.copy()
    moved[1, 1] = 5.0
    assert describe(small(moved)).endswith("values from −0.400 to 5.000, the largest at row b, column y.")


def test_a_small_matrix_prints_its_values_so_it_needs_no_table():
    chart = read_chart(small())
    assert chart.hidden_matrices() == []
    assert chart.panels[0].matrix.printed


def test_masked_cells_are_counted_as_blocked_and_left_out_of_the_range():
    S = causal_scores(4)
    text = describe(matrix_figure(S, "masked scores", WORDS[:4], WORDS[:4]))
    finite = S[np.isfinite(S)]
    assert f"values from {readable(finite.min())} to {readable(finite.max())}" in text
    assert text.endswith("; 6 of 16 cells blocked (−∞).")
    m = read_chart(matrix_figure(S, "masked scores", WORDS[:4], WORDS[:4])).panels[0].matrix
    assert np.array_equal(np.isneginf(m.values), np.isneginf(S))  # −∞ restored where the figure drew grey
    assert np.array_equal(m.values[np.isfinite(S)], S[np.isfinite(S)])


def test_masked_cells_are_still_blocked_once_slimmed():
    """slim() drops the cells' text of a matrix too big to print: the grey layer over a cell still says −∞."""
    S = causal_scores(32)
    fig = slim(matrix_figure(S, "masked scores", WORDS, WORDS))
    assert fig.data[1].text is None  # nothing printed left to read
    assert describe(fig).endswith("; 496 of 1024 cells blocked (−∞).")
    m = read_chart(fig).hidden_matrices()[0]
    assert np.array_equal(np.isneginf(m.values), np.isneginf(S))


def test_not_a_number_is_said_as_such_not_as_blocked():
    N = np.array([[1.0, np.nan], [2.0, 3.0]])
    assert describe(small(N, ["a", "b"])).endswith(
        "values from 1.000 to 3.000, the largest at row b, column y; 1 of 4 cells not a number (NaN).")
    assert describe(slim(small(N, ["a", "b"]))).endswith("1 of 4 cells not a number (NaN).")


def test_blocked_and_not_a_number_together():
    B = np.array([[1.0, -np.inf, -np.inf], [np.nan, 2.0, 0.0]])
    text = describe(small(B, ["a", "b"], ["x", "y", "z"]))
    assert text.endswith("; 2 of 6 cells blocked (−∞) and 1 not a number (NaN).")
    m = read_chart(small(B, ["a", "b"], ["x", "y", "z"])).panels[0].matrix
    assert dict(zip(m.kinds, np.bincount(m.codes.ravel())[1:], strict=True)) == {BLOCKED: 2, NOT_A_NUMBER: 1}


@pytest.mark.parametrize(("value", "words"), [(-np.inf, "all 4 cells blocked (−∞)"),
                                              (np.nan, "all 4 cells not a number (NaN)")])
def test_a_matrix_without_a_single_value(value, words):
    """matrix_figure draws flat grey placeholder zeros then: they must not be read as values of 0."""
    fig = small(np.full((2, 2), value), ["a", "b"])
    text = describe(fig)
    assert text.endswith(words + ".")
    assert "0.000" not in text


def test_one_token_one_cell():
    assert describe(small(np.array([[0.5]]), ["only"], ["only"])) == (
        "M (1 × 1): heatmap, 1 × 1, row query only, column key only; its one value is 0.500.")


def test_a_one_row_matrix_names_only_the_column_of_its_largest_value():
    text = describe(small(np.array([[0.2, 0.7, 0.1]]), ["out"], ["a", "b", "c"]))
    assert text == ("M (1 × 3): heatmap, 1 × 3, row query out, columns key a, b and c; values from 0.100 to "
                    "0.700, the largest at column b.")


def test_a_largest_value_shared_by_several_cells_says_how_many():
    tied = np.array([[0.1, 0.9], [0.9, 0.2], [0.3, 0.9]])
    assert describe(small(tied)).endswith("the largest at row a, column y and 2 other cells.")
    tied[1, 0] = 0.89999999  # a cell that reads 0.900 too, though not bit for bit equal
    tied[2, 1] = 0.8989  # one that reads 0.899: not a tie
    assert describe(small(tied)).endswith("the largest at row a, column y and 1 other cell.")
    bars = vector_figure([0.7, 0.1, 0.7], ["a", "b", "c"], "w", kind="weights")
    assert describe(bars).endswith("the largest at a and 1 other bar.")


def test_equal_values_are_not_given_a_range_or_a_winner():
    W = np.full((4, 4), 0.25)
    assert describe(matrix_figure(W, "weights", ROWS + ["d"], ROWS + ["d"], kind="weights")).endswith(
        "; every value is 0.250.")


def test_32_tokens_by_64_dims_is_described_and_offered_as_a_table():
    X = np.random.default_rng(1).normal(size=(32, 64))
    fig = slim(matrix_figure(X, "X", WORDS, DIMS, x_title="d_model dimension", y_title="token"))
    i, j = np.unravel_index(np.argmax(X), X.shape)
    assert describe(fig) == (
        f"X (32 × 64): heatmap, 32 × 64, rows token w0 … w31, columns d_model dimension d0 … d63; values from "
        f"{readable(X.min())} to {readable(X.max())}, the largest at row w{i}, column d{j}.")
    (m,) = read_chart(fig).hidden_matrices()  # 64 columns do not fit a value each: a table instead
    assert m.rows == tuple(WORDS) and m.cols == tuple(DIMS)
    assert np.array_equal(m.values, X.astype(np.float32))  # the very numbers the chart colours (float32 once slim)


def test_labels_read_as_they_show_and_go_out_escaped():
    """A token such as <b> is escaped for Plotly (plot_label); the words say it as shown, the HTML escapes it."""
    text = describe(small(rows=["<b>", "a&b", "c"]))
    assert "rows query <b>, a&b and c" in text
    body = screen_reader_text(text)
    assert "&lt;b&gt;, a&amp;b" in body and "<b>" not in body
    assert body.startswith("<style>") and '<p class="ae-sr-only">' in body


def test_span_lists_up_to_three_labels_then_the_ends():
    assert [span(["a"]), span(["a", "b"]), span("abc"), span("abcd")] == ["a", "a and b", "a, b and c", "a … d"]


# ---------------------------------------------------------------------------------------------------------------
# several panels
def test_a_grid_names_each_panel_by_its_title_in_order():
    figs = [slim(matrix_figure(M * k, f"M{k}", ROWS, COLS, x_title="key", y_title="query", share=0.5))
            for k in (1, 2, 3)]
    chart = read_chart(matrix_grid(figs, "three of them", 2))
    assert chart.title == "three of them"
    assert [p.title for p in chart.panels] == ["M1 (3 × 2)", "M2 (3 × 2)", "M3 (3 × 2)"]
    # the second panel of a grid row shows no row names: it shares the first one's, "query"
    assert [p.matrix.row_title for p in chart.panels] == ["query", "query", "query"]
    text = describe(matrix_grid(figs, "three of them", 2))
    assert text.startswith("three of them, a chart of 3 panels. M1 (3 × 2): heatmap, 3 × 2, rows query a, b and c")
    assert "M3 (3 × 2): heatmap, 3 × 2, rows query a, b and c, columns key x and y; values from −1.200 to " \
           "2.700, the largest at row c, column x." in text


def test_a_grid_of_masked_panels_counts_each_panel_on_its_own():
    figs = [slim(matrix_figure(causal_scores(32, seed), f"head {seed}", WORDS, WORDS, share=0.5))
            for seed in range(8)]
    chart = read_chart(matrix_grid(figs, "eight heads", 2))
    assert len(chart.panels) == 8 and len(chart.hidden_matrices()) == 8
    assert describe(matrix_grid(figs, "eight heads", 2)).count("496 of 1024 cells blocked (−∞)") == 8


def test_stacked_panels_from_matrix_panels_figure():
    fig = matrix_panels_figure([(M, "shares", ROWS, COLS), (M.sum(axis=0, keepdims=True), "sum", ["total"], COLS)],
                               "the output", x_title="value dimension")
    chart = read_chart(fig)
    assert [p.title for p in chart.panels] == ["shares (3 × 2)", "sum (1 × 2)"]
    assert chart.panels[1].words == ("heatmap, 1 × 2, row total, columns value dimension x and y; values from 0.300 "
                                     "to 1.300, the largest at column x")


def test_panels_from_matrix_grid_figure():
    figs = [matrix_figure(M, "left", ROWS, COLS, share=0.5), matrix_figure(-M, "right", ROWS, COLS, share=0.5)]
    chart = read_chart(matrix_grid_figure(figs, "two", 2))
    assert [p.title for p in chart.panels] == ["left (3 × 2)", "right (3 × 2)"]
    assert chart.panels[1].words.endswith("values from −0.900 to 0.400, the largest at row c, column y")


# ---------------------------------------------------------------------------------------------------------------
# lines, bars, histograms
def test_a_line_figure_names_its_series_and_its_x_range():
    fig = line_figure("std of q·k against d_k", "d_k", "std", x_ticks=[1, 8, 64, 512])
    d_ks = np.array([1, 2, 4, 8, 16, 32, 64, 128, 256, 512])
    fig.add_trace(go.Scatter(x=d_ks, y=np.sqrt(d_ks), mode="lines", name="theory √d_k"))
    fig.add_trace(go.Scatter(x=d_ks, y=np.sqrt(d_ks) * 1.02, mode="markers+lines", name="measured"))
    assert describe(fig) == "std of q·k against d_k: line chart of theory √d_k and measured; d_k from 1 to 512."


def test_a_bar_figure_names_its_bars_and_the_tallest():
    fig = vector_figure([0.1, 0.7, 0.2], ["a", "b", "c"], "weights of a", kind="weights", x_title="key")
    assert describe(fig) == ("weights of a (3,): bar chart, 3 bars, key a, b and c; values from 0.100 to 0.700, "
                             "the largest at b.")


def test_a_histogram_with_its_curve():
    values = np.random.default_rng(0).normal(scale=8.0, size=500)
    text = describe(histogram_figure(values, 8.0, "q·k, d_k = 64", curve_name="normal curve"))
    assert text == "q·k, d_k = 64: histogram and line chart of measured and normal curve; value from −32 to 32."


# ---------------------------------------------------------------------------------------------------------------
# the figure as Plotly objects, as JSON, and untouched
@pytest.mark.parametrize("build", [lambda: small(), lambda: slim(matrix_figure(causal_scores(8), "S", WORDS[:8],
                                                                                WORDS[:8])),
                                   lambda: matrix_grid([slim(small()), slim(small(-M))], "grid", 2)])
def test_the_same_words_from_the_figure_its_dict_and_its_json(build):
    fig = build()
    assert describe(fig) == describe(fig.to_plotly_json()) == describe(json.loads(fig.to_json()))


def test_reading_a_figure_never_changes_it():
    """Figures are cached and shared between reruns, and what the browser gets must stay byte for byte the same."""
    for fig in (small(), slim(matrix_figure(causal_scores(32), "S", WORDS, WORDS)),
                matrix_grid([slim(small()), slim(small(-M))], "grid", 2)):
        before = fig.to_json()
        chart = read_chart(fig)
        for m in chart.hidden_matrices() or [chart.panels[0].matrix]:
            matrix_table(m).to_string()
        assert fig.to_json() == before


# ---------------------------------------------------------------------------------------------------------------
# the table
def test_the_table_shows_labels_significant_figures_and_blocked_cells():
    S = causal_scores(3)
    S[2, 0] = 1234.5678
    m = read_chart(matrix_figure(S, "scores", ["the·0", "<b>", "mat"], ["k0", "k1", "k2"],
                                 y_title="query")).panels[0].matrix
    frame = matrix_table(m).data
    assert list(frame.index) == ["the·0", "<b>", "mat"] and frame.index.name == "query"
    assert list(frame.columns) == ["k0", "k1", "k2"]
    assert np.array_equal(frame.to_numpy(), S)
    shown = matrix_table(m).to_string()
    assert "−∞" in shown and "1235" in shown and "inf" not in shown


def test_repeated_labels_get_their_position_in_the_table():
    m = read_chart(small(rows=["a", "a", "b"], cols=["x", "x"])).panels[0].matrix
    frame = matrix_table(m).data
    assert list(frame.index) == ["a", "a (2)", "b"] and list(frame.columns) == ["x", "x (2)"]


@pytest.mark.parametrize(("x", "text"), [(0.123456, "0.1235"), (-12.3456, "−12.35"), (1024.0, "1024"),
                                         (123456.0, "123456"), (2.5e-7, "2.500 × 10⁻⁷"), (0.0, "0"),
                                         (-np.inf, "−∞"), (np.nan, "NaN")])
def test_cell_text(x, text):
    assert cell_text(x) == text


# ---------------------------------------------------------------------------------------------------------------
# every state: what the words and the table say holds for random matrices with blocked and NaN cells
@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(r=st.integers(1, 7), c=st.integers(1, 7), seed=st.integers(0, 10_000), p_blocked=st.sampled_from([0, .3, 1]),
       p_nan=st.sampled_from([0, .2]), slimmed=st.booleans())
def test_words_and_table_hold_for_any_matrix(r, c, seed, p_blocked, p_nan, slimmed):
    rng = np.random.default_rng(seed)
    A = rng.normal(scale=3.0, size=(r, c))
    A[rng.random((r, c)) < p_blocked] = -np.inf
    A[rng.random((r, c)) < p_nan] = np.nan
    fig = matrix_figure(A, "A", [f"r{i}" for i in range(r)], [f"c{j}" for j in range(c)])
    fig = slim(fig) if slimmed else fig
    m = read_chart(fig).panels[0].matrix
    assert np.array_equal(np.isneginf(m.values), np.isneginf(A))
    ok = np.isfinite(A)
    assert np.allclose(m.values[ok], A[ok].astype(np.float32 if slimmed and not m.printed else float))
    text = describe(fig)
    blocked, nan, total = int(np.isneginf(A).sum()), int(np.isnan(A).sum()), r * c
    if ok.sum() >= 2 and readable(A[ok].min()) != readable(A[ok].max()):
        assert f"values from {readable(A[ok].min())} to {readable(A[ok].max())}" in text
        i, j = np.unravel_index(np.argmax(np.where(ok, A, -np.inf)), A.shape)
        assert (f"column c{j}" if r == 1 else f"row r{i}" if c == 1 else f"row r{i}, column c{j}") in text
    if not ok.any() and blocked == total:
        assert text.endswith(f"its one cell is {BLOCKED}." if total == 1 else f"all {total} cells {BLOCKED}.")
    elif ok.any() and blocked and not nan:
        assert text.endswith(f"; {blocked} of {total} cell{'s' if total > 1 else ''} {BLOCKED}.")
    elif ok.any() and nan and not blocked:
        assert text.endswith(f"; {nan} of {total} cell{'s' if total > 1 else ''} {NOT_A_NUMBER}.")
