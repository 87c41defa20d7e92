"""In a real browser: every chart has, just before it, a description a screen reader reads and nobody sees, which
names the chart's title and adds no gap above the chart. Slow (starts the app): marked `browser`."""

from __future__ import annotations

import pytest

from tests.test_browser import LAPTOP, PHONE, browser, discover_pages, open_cold, server  # noqa: F401

pytestmark = pytest.mark.browser

# For each chart: its title as drawn, the description before it, whether that description is out of sight, and
# the space between the chart and the element above the description against the column's usual gap.
CHARTS = """() => [...document.querySelectorAll('.js-plotly-plot')].map(plot => {
    const box = plot.closest('[data-testid="stElementContainer"]');
    const before = box && box.previousElementSibling;
    const words = before && before.querySelector('p.ae-sr-only');
    const title = plot.querySelector('.gtitle');
    const above = before && before.previousElementSibling;
    const seen = words && words.getBoundingClientRect();
    const style = words && getComputedStyle(words);
    return {
        title: title ? title.textContent : '',
        width: plot.getBoundingClientRect().width,
        words: words ? words.textContent : null,
        tiny: !!seen && seen.width <= 1 && seen.height <= 1 && style.overflow === 'hidden',
        shown: !!style && style.display !== 'none' && style.visibility !== 'hidden',
        gap: above ? Math.round(box.getBoundingClientRect().top - above.getBoundingClientRect().bottom) : null,
        usual: parseFloat(getComputedStyle(box.parentElement).rowGap) || 0,
    };
})"""


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["390", "1280"])
@pytest.mark.parametrize("file,url_path", discover_pages(), ids=lambda v: v or "home")
def test_every_chart_has_a_hidden_description_naming_its_title(browser, server, file, url_path, viewport):  # noqa: F811
    context, page = open_cold(browser, f"{server}/{url_path}?reveal=1", viewport)
    try:
        page.wait_for_timeout(1500)  # Plotly draws the titles after the script ends
        charts = page.evaluate(CHARTS)
        assert charts, f"{file}: no chart drawn"
        snapshot = page.locator("body").aria_snapshot()
        for chart in charts:
            assert chart["words"] is not None, f"{file}: a chart without a description: {chart['title']!r}"
            assert flat(chart["title"]) and flat(chart["title"]) in flat(chart["words"]), chart
            assert chart["width"] > 200, f"{file}: the chart itself is hidden: {chart}"
            assert chart["tiny"] and chart["shown"], f"{file}: the description shows, or is hidden from all: {chart}"
            if chart["gap"] is not None and chart["usual"]:
                assert chart["gap"] <= chart["usual"] + 1, f"{file}: a gap above {chart['title']!r}: {chart}"
            assert flat(chart["words"])[:60] in flat(snapshot), "not in the accessibility tree"
    finally:
        context.close()
