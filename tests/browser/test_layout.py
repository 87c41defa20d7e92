"""Issue 30, items 18 and 19, in Chromium at 390 and 1280 px: a table that does not fit says that it scrolls and how
far (or its row of columns stacks), and a phone's touch targets and sidebar links behave.
"""

from __future__ import annotations

import urllib.parse

import pytest

from tests.browser.test_browser import LAPTOP, PHONE, browser, open_cold, server  # noqa: F401 -- fixtures

pytestmark = pytest.mark.browser

TWENTY = ("one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
          "seventeen eighteen nineteen twenty")
WIDE_PAGES = {  # the pages whose tables outgrow their boxes with 20 tokens (the Training lab's are 16 × 16)
    "Common_mistakes": {"text": TWENTY},
    "Scaling_explorer": {"text": TWENTY},
    "Masks_and_heads": {"text": TWENTY, "heads": "8", "d_model": "64"},
    "Training_lab": {},
}

# Per visible table: whether its box scrolls, whether its scroll line ("scroll → for all N columns") is drawn, the
# number of its column headers, and the cells that lie outside the window or outside the box's visible part.
REACH = """() => [...document.querySelectorAll('.mx .sc')].filter(b => b.getClientRects().length
        && !b.closest('details:not([open])')).map(box => {
    const r = box.getBoundingClientRect();
    const outside = [...box.querySelectorAll('td, th')].filter(c => {
        const q = c.getBoundingClientRect();
        return q.width > 0 && (q.right > Math.min(r.right, window.innerWidth) + 1 || q.left < Math.max(r.left, 0) - 1);
    });
    return {caption: box.querySelector('caption').textContent,
            scrolls: box.scrollWidth > box.clientWidth + 1,
            hint: parseFloat(getComputedStyle(box, '::after').fontSize) > 0,
            hintText: getComputedStyle(box, '::after').content,
            columns: box.querySelectorAll('th[scope=col]:not(:first-child)').length,
            outside: outside.length, boxRight: r.right, boxWidth: r.width};
})"""


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["390", "1280"])
@pytest.mark.parametrize("url_path", list(WIDE_PAGES))
def test_every_value_is_in_sight_or_in_a_box_that_says_it_scrolls(browser, server, url_path, viewport):  # noqa: F811
    """Every cell of every table lies in the window, or in a box that scrolls and says so over its caption; a box
    that does not scroll says nothing; no box runs past the window; and scrolling a box to its end brings its last
    column into sight."""
    query = urllib.parse.urlencode({**WIDE_PAGES[url_path], "reveal": "1"})
    context, page = open_cold(browser, f"{server}/{url_path}?{query}", viewport)
    try:
        page.wait_for_timeout(800)
        boxes = page.evaluate(REACH)
        assert boxes, f"{url_path}: no table drawn"
        width = viewport["width"]
        for box in boxes:
            assert box["boxRight"] <= width + 1, (url_path, width, box["caption"])
            assert box["hint"] == box["scrolls"], (url_path, width, box)  # the line shows exactly when it scrolls
            assert "scroll →" in box["hintText"] and "columns" in box["hintText"]
            if box["outside"]:
                assert box["scrolls"] and box["hint"], (url_path, width, box)
        if url_path != "Training_lab" or width < 600:  # its 16 × 16 tables fit a laptop's page
            assert any(b["scrolls"] for b in boxes), f"{url_path}: 20 tokens should outgrow a box at {width} px"
        if width > 600:  # a row of st.columns whose tables do not fit stacks: each scrolling box as wide as the page's
            main = page.evaluate("() => document.querySelector('[data-testid=stMainBlockContainer]').clientWidth")
            narrow = [b["caption"] for b in boxes if b["scrolls"] and b["boxWidth"] < 0.75 * main]
            assert narrow == [], f"{url_path}: side by side and scrolling at {width} px: {narrow}"
        last = page.evaluate("""() => {
            const box = [...document.querySelectorAll('.mx .sc')].find(b => b.getClientRects().length
                && !b.closest('details:not([open])') && b.scrollWidth > b.clientWidth + 1);
            if (!box) return true;
            box.scrollLeft = box.scrollWidth;
            const heads = box.querySelectorAll('th[scope=col]');
            const q = heads[heads.length - 1].getBoundingClientRect(), r = box.getBoundingClientRect();
            return q.right <= r.right + 1 && q.left >= r.left - 1;
        }""")
        assert last, f"{url_path}: the last column is out of reach at {width} px"
    finally:
        context.close()


TARGETS = """() => {
    const tall = sel => [...document.querySelectorAll(sel)].filter(e => e.getClientRects().length)
        .map(e => Math.round(e.getBoundingClientRect().height * 10) / 10);
    return {radio: tall('[data-testid=stRadio] label:has(input)'),
            checkbox: tall('[data-testid=stCheckbox] label'),
            links: tall('[data-testid=stSidebar] [data-testid=stPageLink-NavLink]')};
}"""


def _sidebar_left(page) -> float:
    return page.locator('[data-testid="stSidebar"]').bounding_box()["x"]


def test_touch_targets_are_24_px_and_a_sidebar_link_closes_the_sidebar_on_a_phone(browser, server):  # noqa: F811
    """At 390 px: every radio option, checkbox, toggle and sidebar link is at least 24 px tall (WCAG 2.2's target
    size), and tapping a page in the sidebar opens the page with the sidebar closed."""
    context, page = open_cold(browser, f"{server}/Scaling_explorer?reveal=1", PHONE)
    try:
        page.locator('[data-testid="stExpandSidebarButton"], [data-testid="stSidebarCollapsedControl"] button'
                     ).first.click()
        page.wait_for_timeout(800)
        assert _sidebar_left(page) >= 0, "the sidebar did not open"
        sizes = page.evaluate(TARGETS)
        assert sizes["radio"] and sizes["checkbox"] and sizes["links"], sizes  # the toggle is a stCheckbox too
        for kind, heights in sizes.items():
            assert min(heights) >= 24, (kind, heights)
        page.locator('[data-testid="stSidebar"] [data-testid="stPageLink-NavLink"]', has_text="Training").first.tap()
        page.wait_for_timeout(1500)
        page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=60_000)
        page.wait_for_timeout(500)
        assert "Training_lab" in page.url
        assert _sidebar_left(page) < 0, "the sidebar stays open over the page"
    finally:
        context.close()


def test_a_sidebar_link_leaves_a_laptops_sidebar_open(browser, server):  # noqa: F811
    context, page = open_cold(browser, f"{server}/Scaling_explorer?reveal=1", LAPTOP)
    try:
        page.locator('[data-testid="stSidebar"] [data-testid="stPageLink-NavLink"]', has_text="Training").first.click()
        page.wait_for_timeout(1500)
        page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=60_000)
        assert "Training_lab" in page.url and _sidebar_left(page) >= 0
    finally:
        context.close()
