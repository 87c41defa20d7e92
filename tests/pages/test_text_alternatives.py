"""Every chart on every page has its words for a screen reader just before it (attn_ui.figures.plot), and a
heatmap that does not print its values offers them as a table, through AppTest."""

from __future__ import annotations

import html
import json

import numpy as np
import pytest

from attn_ui.pages import ROUTE
from tests.apptest_utils import _decode, assert_ran, run_page, title_of

BIG = {"text": " ".join(f"w{i}" for i in range(32)), "d_model": 64, "heads": 8}
TOGGLE = "Show the numbers as a table"


def charts(at):
    """(element before, chart, element after, its figure) for every plotly chart, in page order."""
    found = []

    def walk(block):
        kids = [block.children[k] for k in sorted(block.children)]
        for k, node in enumerate(kids):
            if getattr(node, "type", None) == "plotly_chart":
                found.append((kids[k - 1] if k else None, node, kids[k + 1] if k + 1 < len(kids) else None,
                              _decode(json.loads(node.proto.spec))))
            elif getattr(node, "children", None):
                walk(node)

    walk(at.main)
    return found


def spoken(node) -> str:
    """The text a screen reader gets from a description element."""
    assert node is not None and node.type == "html", f"expected the chart's description, found {node}"
    body = node.proto.body
    assert '<p class="ae-sr-only">' in body and ".ae-sr-only{position:absolute" in body
    return html.unescape(body.split('<p class="ae-sr-only">', 1)[1].rsplit("</p>", 1)[0])


def prints_every_value(fig: dict) -> bool:
    """Whether every heatmap of the figure prints its values in its cells (overlays that skip hover aside)."""
    mains = [t for t in fig["data"] if t.get("type") == "heatmap" and t.get("hoverinfo") != "skip"]
    return all(t.get("texttemplate") for t in mains)


@pytest.mark.parametrize("query", [{"reveal": 1}, {"reveal": 1, **BIG}], ids=["defaults", "largest"])
@pytest.mark.parametrize("path", [p.path for p in ROUTE])
def test_every_chart_is_named_for_a_screen_reader(path, query):
    at = run_page(path, **query)
    assert_ran(at)
    found = charts(at)
    assert found, f"{path} drew no chart"
    for before, chart, after, fig in found:
        words = spoken(before)
        title = " ".join(title_of(fig).split())
        assert title and words.startswith(title), (chart.key, title, words)
        assert "heatmap" in words or " chart" in words, words
        hidden = not prints_every_value(fig) and any(t.get("type") == "heatmap" for t in fig["data"])
        toggled = after is not None and after.type == "toggle" and after.label == TOGGLE
        assert toggled == hidden, (chart.key, hidden)
        assert not toggled or after.key == f"{chart.key}_table"
        assert ("shows these numbers as a table" in words) == hidden
    descriptions = [h for h in at.get("html") if "ae-sr-only" in h.proto.body and "<p" in h.proto.body]
    assert len(descriptions) == len(found)  # none left over without its chart


def test_no_table_is_offered_for_a_chart_that_prints_its_values():
    at = run_page("pages/1_QKV_builder.py", reveal=1)
    assert_ran(at)
    found = charts(at)
    printed = [chart.key for _, chart, _, fig in found if prints_every_value(fig)]
    hidden = [chart.key for _, chart, _, fig in found if not prints_every_value(fig)]
    assert printed and hidden  # at 6 tokens the scores print theirs, the 6 × 8 Q, K and V side by side do not
    keys = {t.key for t in at.toggle}
    assert not {f"{key}_table" for key in printed} & keys
    assert {f"{key}_table" for key in hidden} <= keys


def tables(at) -> list:
    """The tables of numbers on the page (not the builder's matrix editors)."""
    return [d for d in at.dataframe if "edit_" not in (d.proto.id or "")]


def test_the_table_holds_the_very_numbers_of_the_heatmap_at_the_largest_inputs():
    at = run_page("pages/1_QKV_builder.py", reveal=1, **BIG)
    assert_ran(at)
    _, chart, after, fig = next(c for c in charts(at) if not prints_every_value(c[3]))
    assert after.key == f"{chart.key}_table" and not tables(at)
    at.toggle(key=after.key).set_value(True).run()
    assert_ran(at)
    panels = [t for t in fig["data"] if t.get("type") == "heatmap" and t.get("hoverinfo") != "skip"
              and not t.get("texttemplate")]
    frames = [d.value for d in tables(at)]
    assert len(frames) == len(panels) >= 1
    for frame, trace in zip(frames, panels, strict=True):
        z = np.asarray(trace["z"], dtype=float)
        assert frame.shape == z.shape and z.shape[0] == 32
        assert np.array_equal(frame.to_numpy(dtype=float), z)  # the very numbers the chart colours
        assert list(frame.index) == trace["y"] and list(frame.columns) == trace["x"]
    at.toggle(key=after.key).set_value(False).run()
    assert not tables(at)  # off: no table drawn at all


def test_a_masked_panel_table_says_blocked_where_the_chart_is_grey():
    at = run_page("pages/4_Masks_and_heads.py", reveal=1, **BIG)
    assert_ran(at)
    at.toggle(key="fig_steps_table").set_value(True).run()
    assert_ran(at)
    fig = next(f for _, chart, _, f in charts(at) if chart.key == "fig_steps")
    frames = tables(at)
    names = [c.value for c in at.caption if "masked scores" in c.value]
    assert names, "each table of a several-panel chart is titled"
    panels = [t for t in fig["data"] if t.get("type") == "heatmap" and t.get("hoverinfo") != "skip"]
    assert len(frames) == len(panels) == 4
    scores = frames[1].value.to_numpy(dtype=float)  # the second panel: masked scores
    z = np.asarray(panels[1]["z"], dtype=float)
    blocked = np.isneginf(scores)
    assert blocked.sum() == 32 * 31 // 2  # causal: every later key
    assert np.isnan(z[blocked]).all()  # drawn as a grey cell over no value
    assert np.array_equal(scores[~blocked], z[~blocked])
