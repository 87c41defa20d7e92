"""attn_ui.tables in a real browser: scripts/table_demo_page.py served by `streamlit run`, opened in headless
Chromium at 390 and 1280 px.

What st.html keeps of the markup (its <style>, classes, the scroll box's role, tabindex and aria-label), that
no page scrolls sideways while a wide table's own box does (by the keyboard too), that no printed value is cut
or overlaps another, that hostile labels stay text, and that axe-core finds nothing serious.
"""

from __future__ import annotations

import ast

import numpy as np

import pytest

from tests.browser.test_browser import (
    ARGS,
    CHROMIUM,
    DONE,
    LAPTOP,
    PHONE,
    PHONE_AGENT,
    ROOT,
    SHOTS,
    _need_browser,
    axe_js,
    screenshots_wanted,
    serve,
)

DEMO = "scripts/table_demo_page.py"

pytestmark = pytest.mark.browser


def demo_constant(name: str):
    """A constant of the demo page, read from its source (running it would need Streamlit's runtime)."""
    tree = ast.parse((ROOT / DEMO).read_text())
    return next(ast.literal_eval(node.value) for node in tree.body
                if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == name)


@pytest.fixture(scope="module")
def demo():
    _need_browser()
    with serve(DEMO, "server_table_demo.log") as base:
        yield base


@pytest.fixture(scope="module")
def chromium(demo):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(params=[PHONE, LAPTOP], ids=["390", "1280"])
def page(request, chromium, demo):
    """The demo page, drawn, in a new context at the viewport; a phone's touch and User-Agent under 600 px.
    Any dialog (an alert a label managed to run) is recorded on page.dialogs."""
    viewport = request.param
    phone = viewport["width"] < 600
    context = chromium.new_context(viewport=viewport, has_touch=phone, is_mobile=phone,
                                   user_agent=PHONE_AGENT if phone else None)
    page = context.new_page()
    page.dialogs = []
    page.on("dialog", lambda d: (page.dialogs.append(d.message), d.dismiss()))
    page.goto(demo)
    page.wait_for_selector(".mx table", timeout=60_000)
    page.wait_for_selector(DONE, timeout=60_000)
    page.wait_for_timeout(500)
    yield page
    context.close()


# Per table: its caption, its scroll box's size and attributes, and what st.html kept of the markup.
TABLES = """() => [...document.querySelectorAll('.mx')].map(mx => {
    const box = mx.querySelector('.sc');
    const cells = [...mx.querySelectorAll('td')].filter(td => !td.classList.contains('E'));
    return {
        caption: mx.querySelector('caption')?.textContent ?? null,
        bars: mx.classList.contains('br'),
        scrolls: box.scrollWidth > box.clientWidth + 1,
        tabindex: box.getAttribute('tabindex'), role: box.getAttribute('role'), label: box.getAttribute('aria-label'),
        // the page's one table stylesheet (attn_ui.tables.draw_styles), kept by st.html
        styled: [...document.querySelectorAll('style')].some(s => s.textContent.includes('.mx .sc{')),
        scopes: mx.querySelectorAll('th[scope=col]').length + '/' + mx.querySelectorAll('th[scope=row]').length,
        // a cell whose text is wider than the cell (cut, or running into the next one)
        cut: cells.filter(td => td.scrollWidth > td.clientWidth + 1).map(td => td.textContent).slice(0, 5),
        // [text colour, background colour] of every cell with a plain (unpatterned) background
        colours: cells.filter(td => getComputedStyle(td).backgroundImage === 'none')
                      .map(td => [getComputedStyle(td).color, getComputedStyle(td).backgroundColor]),
    };
})"""


def rgb(css: str) -> tuple[int, ...]:
    return tuple(int(float(v)) for v in css[css.index("(") + 1:css.index(")")].split(",")[:3])


def test_the_tables_fit_the_page_and_a_wide_one_scrolls_in_its_own_box(page):
    """No exception box, no sideways scroll of the page; every table's markup arrived whole (style, headers,
    scroll box); no value is cut; a box that scrolls is a labelled region the keyboard can focus."""
    from attn_ui.tables import contrast

    width = page.viewport_size["width"]
    errors = page.locator('[data-testid="stException"]')
    assert errors.count() == 0, errors.first.inner_text()[:2000]
    assert page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth") <= 1, width
    tables = page.evaluate(TABLES)
    assert len(tables) == 8
    for t in tables:
        assert t["caption"] and t["styled"], t["caption"]
        assert t["cut"] == [], (t["caption"], width, t["cut"])
        if t["scrolls"]:
            assert (t["tabindex"], t["role"], t["label"]) == ("0", "region", t["caption"]), (t, width)
        if t["bars"]:  # every cell draws a bar (or an empty one) as its background image: tests below
            continue
        assert t["colours"] and all(rgb(paper) != (0, 0, 0) for _, paper in t["colours"]), t["caption"]  # styled
        for ink, paper in t["colours"]:
            a, b = ("#%02x%02x%02x" % rgb(c) for c in (ink, paper))
            assert contrast(a, b) >= 4.5, (t["caption"], ink, paper)
    wide = next(t for t in tables if t["caption"].startswith("X = "))
    assert wide["scrolls"] and wide["scopes"] == "64/32"
    if screenshots_wanted():  # for a person to look at; .ci/run leaves them out
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"table_demo_{width}.png"), full_page=True)


def test_the_keyboard_scrolls_the_wide_table_and_its_row_labels_stay(page):
    box = page.locator(".mx .sc[role=region]", has=page.locator("caption", has_text="X = ")).first
    box.scroll_into_view_if_needed()
    box.focus()
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')").startswith("X = ")
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    page.wait_for_timeout(300)
    moved = box.evaluate("b => b.scrollLeft")
    assert moved > 0, "the arrow keys did not scroll the table's box"
    assert page.evaluate("() => window.scrollX") == 0
    label, left = box.evaluate("""b => [b.querySelector('tbody th').getBoundingClientRect().left,
                                        b.getBoundingClientRect().left]""")
    assert abs(label - left) <= 2, "the row labels scrolled away with the values"


def test_hostile_labels_are_text_and_run_nothing(page):
    hostile = demo_constant("HOSTILE")
    table = page.locator(".mx", has=page.locator("caption", has_text="weights  (7 × 7)")).first
    assert table.locator("img, script, iframe, object, embed, svg").count() == 0
    columns = table.locator("thead th[scope=col]").all_inner_texts()
    rows = table.locator("tbody th[scope=row]").all_inner_texts()
    assert columns == ["query", *hostile] and rows == hostile
    assert page.dialogs == []


BARS = """() => [...document.querySelectorAll('.mx.br tbody td')].map(td => {
    const style = getComputedStyle(td);
    return [td.className, style.getPropertyValue('--w').trim(), style.getPropertyValue('--c').trim(),
            style.backgroundImage, style.color, td.textContent];
})"""


def test_the_bars_of_a_row_are_drawn_as_long_as_their_values(page):
    """The bars' rules reached the page (st.html kept them): each cell's bar is as long and as coloured as its
    classes say, from the middle for a score and from the left for a weight; −∞, NaN and 0 draw none; the text is
    the app's dark ink, which reaches 4.5:1 on every bar colour."""
    from attn_ui.figures import INK
    from attn_ui.tables import BAR_COLOURS, bar_classes, contrast

    cells = page.evaluate(BARS)
    scores, weights = cells[0::2], cells[1::2]
    assert [c[5] for c in scores] == ["2.500", "−1.250", "0.000", "−∞", "NaN", "0.750", "−0.300"]
    colour_of = {"bp": BAR_COLOURS["p"], "bn": BAR_COLOURS["n"], "bw": BAR_COLOURS["w"]}
    for column, want in ((scores, bar_classes([2.5, -1.25, 0.0, -np.inf, np.nan, 0.75, -0.3], "signed", None)),
                         (weights, bar_classes([0.61, 0.02, 0.09, 0.0, np.nan, 0.25, 0.03], "positive", 1))):
        for (cls, w, c, image, colour, text), classes in zip(column, want, strict=True):
            assert cls.replace(" M", "").replace("M", "") == classes, (text, cls, classes)
            if classes:
                family, length = classes.split()
                assert w == f"{2 * int(length[1:])}%" and "#" + c.lstrip("#").lower() == colour_of[family], (text, w, c)
            else:
                assert c in ("#0000", "transparent", "rgba(0, 0, 0, 0)"), (text, c)
            assert image.count("linear-gradient") == (2 if column is scores else 1)  # signed: the middle line too
            assert "#%02x%02x%02x" % rgb(colour) == INK
            assert all(contrast(INK, bar) >= 4.5 for bar in colour_of.values())
    assert [c[0].split()[1] for c in weights if c[0]] == ["L30", "L1", "L4", "L12", "L2"]  # 2 % of the cell each
    rows = page.locator(".mx.br tbody th[scope=row]").all_inner_texts()
    assert rows == demo_constant("HOSTILE") and page.locator(".mx.br img, .mx.br script").count() == 0


def test_axe_finds_nothing_serious_on_the_page_of_tables(page):
    page.add_script_tag(path=str(axe_js()))
    found = page.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']})).violations
        .filter(v => v.impact === 'serious' || v.impact === 'critical')
        .map(v => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join('; '))""")
    assert found == []

