"""attn_ui.describe: the words a screen reader hears for a chart, read from the figures the app draws
(attn_ui.figures): curves, histograms, and panels stacked over one x axis."""

from __future__ import annotations

import json

import numpy as np
import plotly.graph_objects as go
import pytest

from attn_ui.describe import describe, read_chart, span
from attn_ui.figures import (
    histogram_figure,
    line_figure,
    screen_reader_text,
    slim,
    stacked_figure,
)
from attn_lessons.format import plot_label

D_KS = np.array([1, 2, 4, 8, 16, 32, 64, 128, 256, 512])


def lines() -> go.Figure:
    fig = line_figure("std of q·k against d_k", "d_k", "std", x_ticks=[1, 8, 64, 512])
    fig.add_trace(go.Scatter(x=D_KS, y=np.sqrt(D_KS), mode="lines", name="theory √d_k"))
    fig.add_trace(go.Scatter(x=D_KS, y=np.sqrt(D_KS) * 1.02, mode="markers+lines", name="measured"))
    return fig


def histogram() -> go.Figure:
    values = np.random.default_rng(0).normal(scale=8.0, size=500)
    return histogram_figure(values, 8.0, "q·k, d_k = 64", curve_name="normal curve")


def stacked() -> go.Figure:
    """Two panels over one x axis, as the training lab draws loss and accuracy per step."""
    fig = stacked_figure("training, d_k = 4", ["loss", "accuracy"], "training step", log_y_rows=(1,))
    steps = np.arange(0, 101, 10)
    fig.add_trace(go.Scatter(x=steps, y=np.exp(-steps / 30), mode="lines", name="scaled"), row=1, col=1)
    fig.add_trace(go.Scatter(x=steps, y=np.exp(-steps / 60), mode="lines", name="unscaled"), row=1, col=1)
    fig.add_trace(go.Scatter(x=steps, y=1 - np.exp(-steps / 30), mode="lines", name="scaled", showlegend=False),
                  row=2, col=1)
    return fig


# ---------------------------------------------------------------------------------------------------------------
# lines, bars, histograms
def test_a_line_figure_names_its_series_and_its_x_range():
    assert describe(lines()) == "std of q·k against d_k: line chart of theory √d_k and measured; d_k from 1 to 512."


def test_a_histogram_with_its_curve():
    assert describe(histogram()) == ("q·k, d_k = 64: histogram and line chart of measured and normal curve; value from "
                                     "−32 to 32.")


def test_labels_read_as_they_show_and_go_out_escaped():
    """A token such as <b> is escaped for Plotly (plot_label); the words say it as shown, the HTML escapes it."""
    fig = line_figure("entropy per query", "query", "H")
    fig.add_trace(go.Scatter(x=[plot_label(t) for t in ["<b>", "a&b", "c"]], y=[0.1, 0.7, 0.2], mode="lines",
                             name=plot_label("<i>mine</i>")))
    text = describe(fig)
    assert text == "entropy per query: line chart of <i>mine</i>; query <b>, a&b and c."
    body = screen_reader_text(text)
    assert "&lt;b&gt;, a&amp;b" in body and "<b>" not in body and "<i>" not in body
    assert body.startswith("<style>") and '<p class="ae-sr-only">' in body


def test_span_lists_up_to_three_labels_then_the_ends():
    assert [span(["a"]), span(["a", "b"]), span("abc"), span("abcd")] == ["a", "a and b", "a, b and c", "a … d"]


# ---------------------------------------------------------------------------------------------------------------
# several panels
def test_stacked_panels_are_named_by_their_titles_in_order():
    chart = read_chart(stacked())
    assert chart.title == "training, d_k = 4"
    assert [p.title for p in chart.panels] == ["loss", "accuracy"]
    # only the bottom panel's x axis carries its title: the panel above says "x"
    assert describe(stacked()) == ("training, d_k = 4, a chart of 2 panels. loss: line chart of scaled and unscaled; "
                                   "x from 0 to 100. accuracy: line chart of scaled; training step from 0 to 100.")


def test_panels_without_titles_are_numbered():
    fig = stacked()
    fig.layout.annotations = ()
    assert describe(fig).startswith("training, d_k = 4, a chart of 2 panels. Panel 1: line chart of scaled and "
                                    "unscaled;")


# ---------------------------------------------------------------------------------------------------------------
# the figure as Plotly objects, as JSON, and untouched
BUILDS = [lines, histogram, stacked, lambda: slim(stacked()), lambda: slim(histogram())]


@pytest.mark.parametrize("build", BUILDS)
def test_the_same_words_from_the_figure_its_dict_and_its_json(build):
    fig = build()
    assert describe(fig) == describe(fig.to_plotly_json()) == describe(json.loads(fig.to_json()))


@pytest.mark.parametrize("build", BUILDS)
def test_reading_a_figure_never_changes_it(build):
    """Figures are cached and shared between reruns, and what the browser gets must stay byte for byte the same."""
    fig = build()
    before = fig.to_json()
    describe(fig)
    assert fig.to_json() == before
