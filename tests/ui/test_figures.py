"""attn_ui.figures: the pages' charts, built from the numbers and words a page passes (the Scaling explorer's,
the Training lab's and Class mode's). What each draws is read back from the figure: its levels, its lines, its
crosses and its bars."""

from __future__ import annotations

import math

import numpy as np
import pytest

from attn_core import training as tl
from attn_core.scaling import divisor_marks, peak_references, peakedness_curves, std_theory
from attn_lessons import classroom
from attn_lessons import scaling as words
from attn_lessons import training as say
from attn_ui import figures
from attn_ui.figures import (
    answers_figure,
    entropy_curve_figure,
    histogram_row,
    peakedness_row,
    std_curve_figure,
    sweep_figure,
    training_curves_figure,
)

D_KS = tuple(2**i for i in range(10))
BUILDERS = (answers_figure, entropy_curve_figure, histogram_row, peakedness_row, std_curve_figure, sweep_figure,
            training_curves_figure)


@pytest.mark.parametrize("build", BUILDERS, ids=lambda b: b.__name__)
def test_every_builder_is_a_module_level_function_that_cached_figure_can_key(build):
    """attn_ui.data.cached_figure names a builder by its file and qualified name: a nested one would not do."""
    assert build.__module__ == "attn_ui.figures" and build.__qualname__ == build.__name__
    assert getattr(figures, build.__name__) is build


def levels(fig) -> list[float]:
    """The y of every horizontal line drawn across the plot (add_hline)."""
    return [s.y0 for s in fig.layout.shapes if s.y0 == s.y1 and s.xref.endswith("domain")]


@pytest.mark.parametrize("n_keys", [1, 8])
def test_the_peakedness_charts_mark_a_hard_argmax_and_uniform_weights(n_keys):
    peak = peakedness_curves(n_keys, D_KS, 20, 0)
    title, (fig_max, fig_ent) = peakedness_row(D_KS, peak.max_weight, peak.entropy, peak_references(n_keys),
                                               words.peakedness_words(n_keys))
    assert title == words.peakedness_words(n_keys)["row"]
    if n_keys == 1:  # one key: a hard argmax and uniform weights are one line
        assert levels(fig_max) == [1.0] and levels(fig_ent) == [0.0]
    else:
        assert levels(fig_max) == [1.0, 0.125] and levels(fig_ent) == [0.0, pytest.approx(math.log(8))]
    assert [t.name for t in fig_max.data] == list(words.CURVE_NAMES.values())
    np.testing.assert_array_equal(fig_ent.data[0].y, peak.entropy["unscaled"])
    assert fig_ent.layout.yaxis.range[1] == pytest.approx(max(math.log(n_keys), 0.1) * 1.1)


@pytest.mark.parametrize("d_k", [1, 4, 64])
def test_the_entropy_curve_draws_one_line_per_distinct_divisor(d_k):
    marks = divisor_marks(d_k)
    taus, entropy = np.logspace(-3, 3, 7), np.linspace(0.0, math.log(6), 7)
    fig = entropy_curve_figure(taus, entropy, math.log(6), marks, 2.0, 1.0, words.entropy_curve_words(6, marks))
    lines = [s.x0 for s in fig.layout.shapes if s.x0 == s.x1]
    assert lines == [value for value, _ in marks] and len(lines) == (1 if d_k == 1 else 3)
    labels = [a.text for a in fig.layout.annotations if a.yref == "paper" and a.y == 1]
    assert labels == words.entropy_curve_words(6, marks)["marks"]
    assert [a.x for a in fig.layout.annotations if a.text in labels] == [math.log10(v) for v in lines]
    assert levels(fig) == [0, math.log(6)] and fig.data[-1].x == (2.0,) and fig.data[-1].y == (1.0,)


def test_the_spread_chart_draws_the_theory_and_rings_the_learners_width():
    raw, scaled = np.sqrt(D_KS) * 1.01, np.ones(len(D_KS))
    fig = std_curve_figure(D_KS, std_theory(D_KS), raw, scaled, 64, 8.1, words.std_curve_words(64))
    assert [t.name for t in fig.data] == ["theory √d_k", "measured std of q·k", "measured std of q·k / √d_k",
                                          "your d_k = 64"]
    np.testing.assert_array_equal(fig.data[0].y, np.sqrt(D_KS))
    assert fig.data[-1].x == (64,) and fig.data[-1].y == (8.1,)


def test_the_histograms_keep_their_legend_under_the_axis():
    values = np.random.default_rng(0).standard_normal(200)
    title, figs = histogram_row("a row", ((values, 1.0, "first", "curve one"), (values * 2, 2.0, "second", "two")))
    assert title == "a row" and [f.layout.title.text for f in figs] == ["first", "second"]
    assert [f.data[1].name for f in figs] == ["curve one", "two"]
    assert all(f.layout.legend.y == figures.BELOW["y"] for f in figs)


def test_the_race_curves_stop_where_a_seed_diverged_and_show_the_spread_of_several_seeds():
    several = np.array([[1.0, 0.5, 0.2, 0.1], [1.2, 0.6, np.nan, np.nan]])
    one = np.array([[1.0, 0.9, 0.8, 0.7]])
    bands = (("scaled", (tl.seed_band(several), tl.seed_band(several))),
             ("unscaled", (tl.seed_band(one), tl.seed_band(one))))
    fig = training_curves_figure("t", ("loss", "accuracy"), ("loss", "accuracy"), "step", bands, say.RUN_NAMES,
                                 tl.LOW_LOSS, (tl.UNIFORM_ENTROPY, say.uniform_label()))
    fills = [t for t in fig.data if t.fill == "toself"]
    assert len(fills) == 2 and all(t.legendgroup == "scaled" for t in fills)  # a band per panel: 2 seeds
    medians = [t for t in fig.data if t.fill != "toself"]
    assert [len(t.x) for t in medians] == [2, 4, 2, 4]  # the scaled run stops where its second seed diverged
    assert medians[0].mode == "lines+markers" and medians[1].mode == "lines"
    assert fig.layout.yaxis.type == "log" and fig.layout.yaxis2.type != "log" and levels(fig) == [tl.LOW_LOSS]


def test_the_sweep_marks_a_run_that_diverged_with_a_cross_above_every_point():
    lrs = (0.1, 1.0, 10.0, 100.0)
    finals_s, finals_u = np.array([0.5, 0.05, 0.01, np.nan]), np.array([2.0, 1.0, np.nan, np.nan])
    fig = sweep_figure(finals_s, finals_u, lrs, 1.0, tl.LOW_LOSS, say.sweep_words(64, 200, 1.0))
    crosses = {t.name: t for t in fig.data if t.mode == "markers"}
    assert set(crosses) == {"scaled: diverged", "unscaled: diverged"}
    assert list(crosses["unscaled: diverged"].x) == [10.0, 100.0]
    assert list(crosses["scaled: diverged"].y) == [4.0] and list(crosses["unscaled: diverged"].y) == [7.2, 7.2]
    assert fig.layout.xaxis.tickvals == (0.1, 10.0) and fig.layout.annotations[-1].text == "your lr = 1"


def test_the_answers_chart_grows_with_its_answers():
    bars = classroom.answer_bars({"8": 3, "0.5": 2, "22.6": 1}, {("0.5", None): 2})
    fig = answers_figure(bars, classroom.ANSWERS_TITLE, classroom.LEARNERS_AXIS)
    assert [(t.name, list(t.y), list(t.x)) for t in fig.data] == [("right", ["8", "22.6"], [3, 1]),
                                                                  ("wrong", ["0.5"], [2])]
    assert fig.layout.height == 140 + 28 * 3 and fig.layout.yaxis.type == "category"
    assert [t.marker.color for t in fig.data] == [figures.ANSWER_COLOURS[True], figures.ANSWER_COLOURS[False]]
