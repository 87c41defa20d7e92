"""Every matrix on every page is a table a screen reader can walk; every chart left (curves, histograms, the bars
of one row) has its words for a screen reader just before it (attn_ui.figures.plot). Through AppTest."""

from __future__ import annotations

from attn_ui.pages import named
import html
import json

import numpy as np
import pytest

from attn_ui.pages import ROUTE
from tests.apptest_utils import _decode, answers_shown, assert_ran, run_page, tables, title_of

BIG = {"text": " ".join(f"w{i}" for i in range(32)), "d_model": 64, "heads": 8}


def charts(at):
    """(element before, chart, its figure) for every plotly chart, in page order."""
    found = []

    def walk(block):
        kids = [block.children[k] for k in sorted(block.children)]
        for k, node in enumerate(kids):
            if getattr(node, "type", None) == "plotly_chart":
                found.append((kids[k - 1] if k else None, node, _decode(json.loads(node.proto.spec))))
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


@pytest.mark.parametrize("query", [{"reveal": 1}, {"reveal": 1, **BIG}], ids=["defaults", "largest"])
@pytest.mark.parametrize("path", [p.path for p in ROUTE])
def test_every_matrix_is_a_table_and_every_chart_is_named(path, query):
    at = answers_shown(run_page(path, **query))
    assert_ran(at)
    found = charts(at)
    heatmaps = [title_of(fig) for _, _, fig in found if any(t.get("type") == "heatmap" for t in fig["data"])]
    assert not heatmaps, f"{path} draws matrices as charts, not tables: {heatmaps}"
    assert found or tables(at), f"{path} drew no table and no chart"
    for before, chart, fig in found:
        words = spoken(before)
        title = " ".join(title_of(fig).split())
        assert title and words.startswith(title), (chart.key, title, words)
        assert " chart" in words, words
    descriptions = [h for h in at.get("html") if "ae-sr-only" in h.proto.body and "<p" in h.proto.body]
    assert len(descriptions) == len(found)  # none left over without its chart
    assert not [t for t in at.toggle if t.label == "Show the numbers as a table"], "a table needs no table switch"


@pytest.mark.parametrize("path", [p.path for p in ROUTE])
def test_every_table_has_its_caption_headers_and_a_value_in_every_cell(path):
    at = run_page(path, reveal=1, **BIG)
    assert_ran(at)
    for t in tables(at):
        assert "(" in t.caption and " × " in t.caption, t.caption  # the shape, after the title and formula
        body = t.body
        assert body and all(r["label"] for r in body), t.caption
        widths = {len(r["cells"]) for r in body}
        assert len(widths) == 1 and len(t.heads) >= widths.pop(), t.caption
        assert all(text.strip() for r in body for text, _ in r["cells"]), f"an empty cell in {t.caption}"


def test_a_blocked_pair_reads_as_minus_infinity_in_the_masked_scores():
    """Where a chart once drew a grey cell over no value, the table prints −∞ (and hatches it)."""
    from tests.html_tables import values

    at = run_page(named("masks").path, reveal=1, **BIG)
    assert_ran(at)
    masked = [t for t in tables(at) if "masked" in t.caption.lower() and "(32 × 32)" in t.caption]
    assert masked, [t.caption for t in tables(at)]
    scores = values(masked[0])
    blocked = np.isneginf(scores)
    assert blocked.sum() == 32 * 31 // 2  # causal: every later key
    assert np.isfinite(scores[~blocked]).all()


@pytest.mark.parametrize("path", [p.path for p in ROUTE])
def test_every_class_a_table_uses_is_styled_once_for_the_page(path):
    """The tables carry no <style> of their own (attn_ui.tables.draw_matrix); the page draws PAGE_STYLE once,
    and it has a rule for every class any of its tables uses, so no cell is left uncoloured."""
    from attn_ui.tables import PAGE_STYLE

    at = answers_shown(run_page(path, reveal=1))
    bodies = [el.proto.body for el in at.get("html")]
    assert sum(PAGE_STYLE in b for b in bodies) == 1
    drawn = tables(at)
    assert drawn and not any("<style>" in b for b in bodies if "<table" in b)
    used = {cls for t in drawn for r in t.body for _, c in r["cells"] for cls in (c or "").split()}
    used |= {t.table_class for t in drawn}
    missing = {cls for cls in used if f".{cls}" not in PAGE_STYLE and f".{cls} " not in PAGE_STYLE}
    assert not missing, missing


@pytest.mark.parametrize("path", [p.path for p in ROUTE])
def test_in_chinese_every_chart_is_named_and_the_tables_style_says_scroll_in_chinese(path):
    """?lang=zh-CN: each chart's words (attn_lessons.charts) start with its title and name its kind in Chinese, and
    the page draws the Chinese tables' stylesheet once, with a rule for every class its tables use."""
    from attn_lessons import i18n
    from attn_ui.tables import PAGE_STYLE, page_style

    at = answers_shown(run_page(path, lang="zh-CN", reveal=1, text="the cat sat on the mat"))
    assert_ran(at)
    style = page_style("zh-CN")
    bodies = [el.proto.body for el in at.get("html")]
    assert sum(style in b for b in bodies) == 1 and not any(PAGE_STYLE in b for b in bodies)
    kinds = {i18n.tr_in("zh-CN", "charts-kind", kind=k) for k in ("bar", "histogram", "line", "point")}
    for before, chart, fig in charts(at):
        words = spoken(before)
        assert words.startswith(" ".join(title_of(fig).split())), (chart.key, words)
        assert " chart" not in words and any(k in words for k in kinds), words
    used = {cls for t in tables(at) for r in t.body for _, c in r["cells"] for cls in (c or "").split()}
    assert not {cls for cls in used if f".{cls}" not in style}
