"""End to end: start the app with `streamlit run`, open every page cold in headless Chromium.

The pages are discovered from pages/, so a new page is covered without editing this file.
Screenshots land in screenshots/browser/ (ignored by git) for a person to look at.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from attn_ui.pages import page_of, route

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
SHOTS = ROOT / "screenshots" / "browser"
DONE = '[data-testid="stApp"][data-test-script-state="notRunning"]'

pytestmark = pytest.mark.browser


def _need_browser():
    """Skip with a reason when Chromium or playwright is missing; in CI that is a failure instead."""
    problem = None
    if not Path(CHROMIUM).exists():
        problem = f"Debian's chromium is not installed at {CHROMIUM} (apt-get install -y chromium)"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            problem = "the playwright package is not installed (pip install -r requirements-dev.txt)"
    if problem and os.environ.get("CI") == "true":
        pytest.fail(f"CI=true but {problem}")
    if problem:
        pytest.skip(problem)


def discover_pages() -> list[tuple[str, str]]:
    """(file, URL path) for every page on the route, Home first."""
    return [(p.path, p.url_path) for p in route()]


@pytest.fixture(scope="module")
def server(request, tmp_path_factory):
    """The app on a class store of its own (the Class page's tests start classes in it), for each module that uses
    this fixture, with its own log: screenshots/browser/server.log for this one, server_<module>.log for another."""
    _need_browser()
    module = request.module.__name__.rsplit(".", 1)[-1]
    log = "server.log" if request.module.__name__ == __name__ else f"server_{module}.log"
    with serve_on_own_store(tmp_path_factory.mktemp(module), log) as base:
        yield base


@contextlib.contextmanager
def serve(script: str, log_name: str, port: int = 0):
    """`streamlit run script` (a path from the repository's root) on `port` of 127.0.0.1 (a free one when 0):
    yields its base URL once it answers, and stops it afterwards. Its output goes to screenshots/browser/<log_name>."""
    if not port:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
    cmd = [sys.executable, "-m", "streamlit", "run", script, "--server.headless", "true",
           "--server.address", "127.0.0.1", "--server.port", str(port), "--browser.gatherUsageStats", "false",
           "--server.fileWatcherType", "none"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    log = open(SHOTS / log_name, "w")  # noqa: SIM115 -- closed in the finally below, after the server stops
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if urllib.request.urlopen(f"{base}/_stcore/health", timeout=2).read() == b"ok":
                    break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"streamlit did not start; see {log.name}")
            time.sleep(0.3)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        log.close()


@contextlib.contextmanager
def serve_on_own_store(folder: Path, log_name: str):
    """The app on its own SQLite class store in `folder` (ATTN_DATA_DIR, which the app and a test's own store both
    read): yields its base URL, and puts ATTN_DATA_DIR back afterwards."""
    old = os.environ.get("ATTN_DATA_DIR")
    os.environ["ATTN_DATA_DIR"] = str(folder)
    try:
        with serve("streamlit_app.py", log_name, port=int(os.environ.get("ATTN_TEST_PORT", "0"))) as base:
            yield base
    finally:
        if old is None:
            os.environ.pop("ATTN_DATA_DIR", None)
        else:
            os.environ["ATTN_DATA_DIR"] = old


@pytest.fixture(scope="module")
def browser(server):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


PHONE = {"width": 390, "height": 844}
NARROW_WINDOW = {"width": 390, "height": 844, "desktop": True}  # a desktop browser's window made narrow
LAPTOP = {"width": 1280, "height": 900}
PHONE_AGENT = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
               "Version/17.0 Mobile/15E148 Safari/604.1")


def screenshots_wanted() -> bool:
    return os.environ.get("ATTN_TEST_SCREENSHOTS") != "0"


def open_cold(browser, url: str, viewport: dict | None = None):
    """A new browser context (no cookies, no session) opening `url`, waiting for the script to finish.

    A viewport under 600 px wide is a phone (touch, and a phone's User-Agent) unless it says "desktop": a
    narrow desktop window, which must look the same, since the layout follows the width alone."""
    viewport = dict(viewport or LAPTOP)
    phone = viewport["width"] < 600 and not viewport.pop("desktop", False)
    context = browser.new_context(viewport=viewport, has_touch=phone, is_mobile=phone,
                                  user_agent=PHONE_AGENT if phone else None)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector('[data-testid="stSidebar"] textarea', timeout=60_000, state="attached")
    page.wait_for_selector(DONE, timeout=60_000)
    page.wait_for_timeout(500)
    page.wait_for_selector(DONE, timeout=60_000)
    return context, page


# Resolves once every chart in sight is drawn (plotly's svg in its box) and nothing on the page has moved or changed
# size for `still` ms, polled every 100 ms; true then, false after `most` ms without it.
SETTLED = """async ([still, most]) => {
  const shape = () => [...document.querySelectorAll('*')].map(e => {
      const b = e.getBoundingClientRect();
      return [b.left, b.top, b.width, b.height].map(Math.round).join(',');
  }).join(';');
  const drawn = () => [...document.querySelectorAll('[data-testid="stPlotlyChart"]')]
      .filter(c => !c.closest('details:not([open])'))
      .every(c => c.querySelector('.js-plotly-plot .main-svg'));
  const start = performance.now();
  let last = shape(), since = start;
  while (performance.now() - start < most) {
    await new Promise(done => setTimeout(done, 100));
    const now = shape();
    if (now !== last) [last, since] = [now, performance.now()];
    else if (performance.now() - since >= still && drawn()) return true;
  }
  return false;
}"""


def wait_until_still(page, still: int = 300, most: int = 5000) -> bool:
    """Wait until the page stands still (SETTLED), at most `most` ms: instead of a fixed wait for plotly to lay out
    its text, or for the page to take a new window size. Measured on every page at 390 and 1280 px: once open_cold
    is back, or the window resized, nothing moves any more, so this waits `still` ms where a fixed 1 s or 1.5 s
    waited; a page still being drawn on a busy machine gets its time, up to `most`."""
    return page.evaluate(SETTLED, [still, most])


def screenshot(page, name: str) -> None:
    """The whole page as a PNG in screenshots/browser/, for a person to look at; not when ATTN_TEST_SCREENSHOTS=0
    (.ci/run, where nobody does: about 2 s a page, 45 s of the suite). It asserts nothing."""
    if not screenshots_wanted():
        return
    SHOTS.mkdir(parents=True, exist_ok=True)
    # Streamlit scrolls inside its own container: make the window as tall as the page to see all of it
    width = page.viewport_size["width"]
    height = page.evaluate("Math.max(...[...document.querySelectorAll('*')].map(e => e.scrollHeight))")
    page.set_viewport_size({"width": width, "height": min(int(height) + 50, 16000)})
    wait_until_still(page)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


# Pairs of heatmap values in one row whose printed text is wider than the distance between the cells.
OVERLAPPING_CELL_TEXT = """() => {
  const bad = [];
  document.querySelectorAll('.js-plotly-plot').forEach(plot => {
    const title = plot.querySelector('.gtitle')?.textContent || '?';
    const rows = {};
    const seen = new Set();
    plot.querySelectorAll('g.heatmap-label text').forEach(t => {
      const b = t.getBoundingClientRect();
      if (!t.textContent || b.width === 0) return;
      // the same text drawn twice in one place (two overlay layers) reads as one
      const id = t.textContent + '@' + Math.round(b.left) + ',' + Math.round(b.top);
      if (seen.has(id)) return;
      seen.add(id);
      (rows[Math.round(b.top)] ||= []).push(b);
    });
    Object.values(rows).forEach(row => {
      row.sort((a, b) => a.left - b.left);
      for (let k = 1; k < row.length; k++) {
        const gap = (row[k].left + row[k].width / 2) - (row[k - 1].left + row[k - 1].width / 2);
        if (gap < Math.max(row[k].width, row[k - 1].width) + 2) { bad.push(title); return; }
      }
    });
  });
  return [...new Set(bad)];
}"""

# Equations and chart titles wider than the box they sit in.
CUT_OFF = """() => {
  const cut = [];
  document.querySelectorAll('.katex-display').forEach(e => {
    if (e.scrollWidth > e.clientWidth + 2) cut.push('equation: ' + e.textContent.slice(0, 60));
  });
  document.querySelectorAll('.js-plotly-plot').forEach(plot => {
    const t = plot.querySelector('.gtitle');
    if (!t) return;
    if (t.getBoundingClientRect().right > plot.getBoundingClientRect().right + 2) cut.push('title: ' + t.textContent);
    // the title, its subtitle and the panels' own titles must not run into each other
    const texts = [...plot.querySelectorAll('.gtitle, .gtitle-subtitle, .annotation-text')]
      .map(e => [e.textContent, e.getBoundingClientRect()]).filter(([s, r]) => s.trim() && r.width > 0);
    for (let a = 0; a < texts.length; a++) for (let b = a + 1; b < texts.length; b++) {
      const [p, q] = [texts[a][1], texts[b][1]];
      const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (x > 2 && y > 2) cut.push('overlap: ' + texts[a][0] + ' / ' + texts[b][0]);
    }
  });
  return cut;
}"""


# For each chart: its title as drawn, the description before it, whether that description is out of sight, and
# the space between the chart and the element above the description against the column's usual gap.
CHARTS = """() => [...document.querySelectorAll('.js-plotly-plot')]
  .filter(plot => !plot.closest('details:not([open])'))  // a chart in a closed expander waits to be opened
  .map(plot => {
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


# A table cell whose text is wider than the cell, or a table box wider than the page: a value cut or off screen.
CUT_TABLE_CELLS = """() => [...document.querySelectorAll('.mx td, .mx th')]
    .filter(c => c.scrollWidth > c.clientWidth + 1).slice(0, 5).map(c => c.textContent)
    .concat([...document.querySelectorAll('.mx .sc')]
        .filter(b => b.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .slice(0, 5).map(b => 'box past the page: ' + b.getAttribute('aria-label')))"""


def flat(text: str) -> str:
    return " ".join(text.split())


def look_at(page) -> dict:
    """What fits_the_screen() checks, read from a page just opened: its first exception box, its title, how far it
    scrolls sideways, its cut and overlapping text, and each chart with the accessibility tree around it."""
    errors = page.locator('[data-testid="stException"]')
    title = page.locator("h1").first
    seen = {"error": errors.first.inner_text()[:2000] if errors.count() else None,
            "title": title.inner_text().strip() if title.is_visible() else "", "tab": page.title()}
    wait_until_still(page)  # let plotly lay out its text
    return {**seen, "overflow": page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth"),
            "cut": page.evaluate(CUT_OFF), "overlapping": page.evaluate(OVERLAPPING_CELL_TEXT),
            "cut_cells": page.evaluate(CUT_TABLE_CELLS),
            "charts": page.evaluate(CHARTS),  # a page of tables only (Masks and heads) has none left, and needs none
            "tree": page.locator("body").aria_snapshot()}


def fits_the_screen(seen: dict, file: str, width: int) -> None:
    """No exception box, a title, no sideways scroll, no cut equation or title, no overlapping cell values, no cut
    table value, and every chart described (text_alternatives), in what look_at() read at `width` px."""
    assert seen["error"] is None, f"{file}: {seen['error']}"
    assert seen["title"], f"{file} shows no title"
    assert "Attention Explorer" in seen["tab"]
    assert seen["overflow"] <= 1, f"{file} scrolls sideways by {seen['overflow']} px at {width} px"
    assert seen["cut"] == [], f"{file} at {width} px"
    assert seen["overlapping"] == [], f"{file}: cell values overlap at {width} px"
    assert seen["cut_cells"] == [], f"{file}: a table's value is cut at {width} px"
    text_alternatives(seen["charts"], seen["tree"], file)


@pytest.mark.parametrize("viewport", [PHONE, NARROW_WINDOW], ids=["390", "390-desktop"])
@pytest.mark.parametrize("file,url_path", discover_pages(), ids=lambda v: v or "home")
def test_every_page_opens_cold_and_fits_the_screen(browser, server, file, url_path, viewport):
    """With the predictions skipped, so that every chart is drawn: no sideways scroll, no cut equation or
    title, no overlapping cell values, and every chart named for a screen reader by a description just before
    it that nobody sees and that adds no gap. At 1280 px: test_every_page_opens_cold_and_fits_a_laptop."""
    context, page = open_cold(browser, f"{server}/{url_path}?reveal=1", viewport)
    try:
        fits_the_screen(look_at(page), file, viewport["width"])
        screenshot(page, f"{Path(file).stem}_{viewport['width']}{'_desktop' if 'desktop' in viewport else ''}")
    finally:
        context.close()


def test_every_page_opens_cold_and_fits_a_laptop(at_1280):
    """test_every_page_opens_cold_and_fits_the_screen's checks at 1280 px, on the page at_1280 opened."""
    fits_the_screen(at_1280["fit"], at_1280["file"], LAPTOP["width"])


@pytest.mark.parametrize("file,url_path", discover_pages(), ids=lambda v: v or "home")
def test_the_predict_first_state_fits_a_phone(browser, server, file, url_path):
    """As a learner first opens a page, its questions waiting for a prediction: nothing scrolls sideways or is
    cut on a 390 px phone."""
    context, page = open_cold(browser, f"{server}/{url_path}", PHONE)
    try:
        assert page.locator('[data-testid="stException"]').count() == 0, file
        page.wait_for_timeout(500)
        overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 1, f"{file} scrolls sideways by {overflow} px at 390 px"
        assert page.evaluate(CUT_OFF) == [], f"{file} at 390 px"
    finally:
        context.close()


def text_alternatives(charts: list[dict], tree: str, file: str) -> None:
    """Every chart (CHARTS) has, just before it, a description a screen reader reads (it is in the accessibility
    tree, `tree`) and nobody sees, which names the chart's title and adds no gap above the chart."""
    for chart in charts:
        assert chart["words"] is not None, f"{file}: a chart without a description: {chart['title']!r}"
        assert flat(chart["title"]) and flat(chart["title"]) in flat(chart["words"]), chart
        assert chart["width"] > 200, f"{file}: the chart itself is hidden: {chart}"
        assert chart["tiny"] and chart["shown"], f"{file}: the description shows, or is hidden from all: {chart}"
        if chart["gap"] is not None and chart["usual"]:
            assert chart["gap"] <= chart["usual"] + 1, f"{file}: a gap above {chart['title']!r}: {chart}"
        assert flat(chart["words"])[:60] in flat(tree), "not in the accessibility tree"


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["390", "1280"])
def test_the_query_picker_shows_a_token_of_the_new_sentence(browser, server, viewport):
    context, page = open_cold(browser, f"{server}/?reveal=1", viewport)
    try:
        if viewport["width"] < 600:
            page.locator('[data-testid="stExpandSidebarButton"], [data-testid="stSidebarCollapsedControl"] button'
                         ).first.click()
        box = page.locator('[data-testid="stSidebar"] textarea')
        box.fill("a dog chased the ball across the park")
        box.press("Control+Enter")
        page.wait_for_timeout(800)
        page.wait_for_selector(DONE, timeout=60_000)
        shown = page.locator(".st-key-query input").first.input_value()
        assert shown in ("a", "dog", "chased", "the·3", "ball", "across", "the·6", "park"), shown
        assert page.locator('[data-testid="stException"]').count() == 0
    finally:
        context.close()


def test_the_next_links_walk_the_route_and_keep_the_sentence(browser, server):
    text = "my own sentence for the walk"
    context, page = open_cold(browser, f"{server}/?{urllib.parse.urlencode({'text': text, 'reveal': '1'})}")
    try:
        visited = [page.locator("h1").first.inner_text()]
        for _ in range(len(discover_pages()) - 1):
            page.locator('[data-testid="stPageLink"] a', has_text="Next:").last.click()
            page.wait_for_timeout(500)
            page.wait_for_selector(DONE, timeout=60_000)
            assert page.locator('[data-testid="stException"]').count() == 0, page.url
            assert page.locator('[data-testid="stSidebar"] textarea').input_value() == text, page.url
            visited.append(page.locator("h1").first.inner_text())
        assert page.locator('[data-testid="stPageLink"] a', has_text="Next:").count() == 0
        assert len(set(visited)) == len(discover_pages()), visited
    finally:
        context.close()


def test_a_shared_link_arrives_cold_and_survives_navigation(browser, server):
    pages = discover_pages()
    _, url_path = pages[-1]  # the last page: a deep link, not the entry script
    state = {"text": "a shared link with emoji 🙂", "seed": "42", "d_model": "16", "heads": "4"}
    context, page = open_cold(browser, f"{server}/{url_path}?{urllib.parse.urlencode(state)}")
    try:
        assert page.locator('[data-testid="stSidebar"] textarea').input_value() == state["text"]
        assert page.locator('[data-testid="stSidebar"] input[type="number"]').first.input_value() == "42"
        assert page.locator('[data-testid="stException"]').count() == 0
        # navigate with the sidebar link to Home and back to the first page: the state must travel along
        for target in ("Home", *(label for label in _labels()[1:2])):
            page.locator('[data-testid="stSidebar"] a', has_text=target).first.click()
            page.wait_for_timeout(500)
            page.wait_for_selector(DONE, timeout=60_000)
            query = urllib.parse.parse_qs(urllib.parse.urlparse(page.url).query)
            assert query.get("text") == [state["text"]], (target, page.url)
            assert query.get("seed") == ["42"] and query.get("d_model") == ["16"] and query.get("heads") == ["4"]
            assert page.locator('[data-testid="stSidebar"] textarea').input_value() == state["text"]
            assert page.locator('[data-testid="stException"]').count() == 0
        screenshot(page, "after_navigation")
    finally:
        context.close()


def _labels() -> list[str]:
    return [p.label for p in route()]


def axe_path() -> Path | None:
    """axe.min.js, the accessibility checker, as the axe-playwright-python wheel ships it (requirements-dev.txt), or
    None when it is not installed.

    Found without importing the package: only the file is used, loaded into the page by playwright itself."""
    import importlib.util

    spec = importlib.util.find_spec("axe_playwright_python")
    path = Path(spec.origin).parent / "axe.min.js" if spec and spec.origin else None
    return path if path is not None and path.exists() else None


def axe_js() -> Path:
    """axe_path(), or a skip with a reason when it is missing; in CI that is a failure instead."""
    path = axe_path()
    if path is None:
        problem = "axe-playwright-python (it ships axe.min.js) is not installed: pip install -r requirements-dev.txt"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but {problem}")
        pytest.skip(problem)
    return path


SERIOUS = """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join('; '))"""

MAX_TABS = 40
TABS_TO = """key => {
    const a = document.activeElement;
    return !!(a && a.closest('.st-key-' + key));
}"""


def tabs_to_first_control(page, file: str) -> dict:
    """Tab pressed from the top of `page` until the focus reaches the page's first own control (the first in its
    route entry), at most MAX_TABS times: the control's key, whether the page has it, whether the presses started
    at the top (nothing focused yet), and the presses it took (None when MAX_TABS did not reach it)."""
    key = page_of(file).controls[0][1]
    found = page.locator(f".st-key-{key}").count() > 0
    page.locator("body").focus()
    at_top = page.evaluate("() => document.activeElement === document.body")
    presses = 0
    while presses < MAX_TABS and not page.evaluate(TABS_TO, key):
        page.keyboard.press("Tab")
        presses += 1
    return {"key": key, "found": found, "at_top": at_top, "presses": presses if page.evaluate(TABS_TO, key) else None}


@pytest.fixture(scope="module", params=discover_pages(), ids=lambda page: f"{page[0]}-{page[1] or 'home'}")
def at_1280(request, browser, server) -> dict:
    """Each page opened cold once at 1280 px with the predictions skipped (?reveal=1), and what the checks that want
    that page read from it: the fit (look_at), axe's serious findings (None without axe.min.js; the test skips) and
    the Tab presses to its first own control. One cold open a page instead of three.

    Read in an order where no reading changes what the next one reads: look_at and axe only look; the screenshot
    makes the window as tall as the page, and it is made 1280 × 900 again; Tab, which moves the focus, comes last,
    and tabs_to_first_control says whether it still started from the top. A module-scoped fixture with a parameter
    a page: pytest runs the three tests of one page one after another, and closes the page before the next opens."""
    file, url_path = request.param
    context, page = open_cold(browser, f"{server}/{url_path}?reveal=1", LAPTOP)
    try:
        fit = look_at(page)  # its wait for plotly (wait_until_still) is also the wait axe had on its own page
        axe, serious = axe_path(), None
        if axe is not None:
            page.add_script_tag(path=str(axe))
            serious = page.evaluate(SERIOUS)
        screenshot(page, f"{Path(file).stem}_{LAPTOP['width']}")
        if page.viewport_size != LAPTOP:
            page.set_viewport_size(LAPTOP)
            page.wait_for_selector(DONE, timeout=60_000)
        yield {"file": file, "fit": fit, "axe": serious, "tabs": tabs_to_first_control(page, file)}
    finally:
        context.close()


def test_no_serious_accessibility_findings(at_1280):
    """axe-core, the accessibility checker, from the axe-playwright-python wheel: no serious or critical
    finding on any page, colour contrast included (at_1280 runs it on the page it opened)."""
    axe_js()  # a skip, or in CI a failure, when axe.min.js is missing
    assert at_1280["axe"] == [], f"{at_1280['file']}: {at_1280['axe']}"


def test_the_notebook_download_is_a_valid_notebook_of_the_view_on_screen(browser, server, tmp_path):
    """Click "Download as a notebook" on Masks and heads with a mask and several heads: the file is a valid
    notebook (nbformat's validator) about this view, and it runs to its own check against the page."""
    import nbclient
    import nbformat

    from attn_ui import notebooks as nbk

    query = {"mask": "padding", "pad": "2", "heads": "4", "reveal": "1", "text": "the dog sat"}
    context, page = open_cold(browser, f"{server}/Masks_and_heads?{urllib.parse.urlencode(query)}")
    try:
        button = page.get_by_role("button", name="Download as a notebook")
        button.scroll_into_view_if_needed()
        with page.expect_download(timeout=60_000) as download:
            button.click()
        path = tmp_path / download.value.suggested_filename
        download.value.save_as(path)
        assert path.name == "attention_explorer_masks_and_heads.ipynb"
        nb = nbformat.read(path, as_version=4)
        nbformat.validate(nb)  # raises if the file is not a valid notebook
        first = nb.cells[0].source
        assert "Masks and heads" in first and "Masks_and_heads?" in first and "pad=2" in first
        assert "the dog sat" in first and "Padding" in first
        nbclient.NotebookClient(nb, timeout=120, kernel_name="python3").execute()
        last = "".join(o.get("text", "") for o in nb.cells[-1].outputs)
        assert nbk.MATCH in last
    finally:
        context.close()


def test_the_first_own_control_is_at_most_40_tab_presses_from_the_top(at_1280):
    """From the top of the page, with the predictions skipped, Tab reaches the page's first own control within 40
    presses: no editor toolbar, grid or table adds its stops on the way (at_1280 presses Tab on the page it opened)."""
    file, tabs = at_1280["file"], at_1280["tabs"]
    assert tabs["found"], f"{file} has no control with key {tabs['key']!r}"
    assert tabs["at_top"], f"{file}: something had the focus before the first Tab press"
    assert tabs["presses"] is not None, f"{file}: {MAX_TABS} Tab presses do not reach {tabs['key']!r}"
    print(f"{file}: {tabs['presses']} Tab presses to {tabs['key']!r}")


FIRST_PICTURE = """() => {
    const main = document.querySelector('[data-testid="stMain"]');
    const top = main.getBoundingClientRect().top - main.scrollTop;
    const found = [...document.querySelectorAll('.mx table, .js-plotly-plot, .fl')]
        .concat([...document.querySelectorAll('p')].filter(p => p.textContent.startsWith('Predict first.')))
        .concat([...document.querySelectorAll('[class*="st-key-answer_"]')])
        .filter(e => !e.closest('details:not([open])'))
        .map(e => e.getBoundingClientRect().top - top);
    return found.length ? Math.min(...found) : null;
}"""


@pytest.mark.parametrize("file,url_path", discover_pages(), ids=lambda v: v or "home")
def test_the_idea_starts_in_the_first_screen(browser, server, file, url_path):
    """Issue 23's 30-minute core: at 1280 × 800, each page's first picture, or the prediction (or quiz answer)
    that opens it, starts within the first screen, as a learner first opens the page."""
    context, page = open_cold(browser, f"{server}/{url_path}", {"width": 1280, "height": 800})
    try:
        top = page.evaluate(FIRST_PICTURE)
        print(f"{file}: first picture or prediction at {top} px")
        assert top is not None and top < 800, f"{file}: the first picture or prediction starts at {top} px"
    finally:
        context.close()


def test_a_learners_class_link_keeps_the_class_along_the_next_links(browser, server):
    """Issue 24: a teacher starts a class; a learner opens the students' link (?class=CODE) and walks the route by
    its Next links: every page says they are in the class, and every address keeps it."""
    context, page = open_cold(browser, f"{server}/Class")
    try:
        page.get_by_role("button", name="Start a class").click()
        page.wait_for_selector("[data-testid='class-code']", timeout=60_000)
        code = page.locator("[data-testid='class-code']").first.inner_text().strip()
    finally:
        context.close()
    assert len(code) == 6, code
    context, page = open_cold(browser, f"{server}/?{urllib.parse.urlencode({'class': code, 'reveal': '1'})}")
    try:
        for _ in range(len(discover_pages())):
            page.wait_for_selector(DONE, timeout=60_000)
            sidebar = page.locator('[data-testid="stSidebar"]').inner_text()
            assert f"In class {code}" in sidebar, page.url
            assert f"class={code}" in page.url, page.url
            if "Check yourself" in page.locator("h1").first.inner_text():
                break  # the route's last page: no Next link
            nxt = page.locator('[data-testid="stPageLink"] a', has_text="Next:")
            nxt.last.wait_for(timeout=60_000)  # a busy machine draws a long page's foot late
            nxt.last.click()
            page.wait_for_timeout(500)
        assert "Check yourself" in page.locator("h1").first.inner_text()
    finally:
        context.close()


PROJECTOR = {"width": 1280, "height": 720}
KEY_IN_VIEW = """() => [...document.querySelectorAll('code, pre, p, span, input')]
    .filter(e => /^[A-Za-z0-9_-]{32}$/.test((e.value || e.innerText || '').trim()))
    .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && r.bottom > 0
                   && r.top < innerHeight; }).length"""
CHART_TEXT_PX = """() => [...document.querySelectorAll('.js-plotly-plot text')].filter(t => t.textContent.trim())
    .map(t => [t.textContent.slice(0, 30), parseFloat(getComputedStyle(t).fontSize)])"""


def test_the_projector_view_reads_from_the_back_and_the_key_stays_off_the_code_block(browser, server):
    """Issue 32, at 1280 × 720: the join code, link and QR code fit one screen with no teacher key in it; the
    projector view shows one question, its chart's labels and counts at 24 px or more, and no key, no CSV and no
    other class's code."""
    import sqlalchemy as sa

    from attn_ui.classroom import data_dir
    from attn_ui.classroom_store import ClassStore, new_learner_id

    context, page = open_cold(browser, f"{server}/Class", PROJECTOR)
    try:
        page.get_by_role("button", name="Start a class").click()
        page.wait_for_selector("[data-testid='class-code']", timeout=60_000)
        page.wait_for_selector(DONE, timeout=60_000)
        code = page.locator("[data-testid='class-code']").first.inner_text().strip()
        page.evaluate("document.querySelector('[data-testid=class-code]').closest('[data-testid=stHorizontalBlock]')"
                      ".scrollIntoView({block: 'start'})")  # the block of the code, the link and the QR code
        page.wait_for_timeout(500)
        qr = page.locator('img[alt^="QR code"]').first.bounding_box()
        assert qr is not None and 0 <= qr["y"] and qr["y"] + qr["height"] <= PROJECTOR["height"], qr
        assert page.evaluate(KEY_IN_VIEW) == 0, "the teacher key shows in the same screenful as the QR code"
        store = ClassStore(sa.create_engine(f"sqlite:///{data_dir() / 'classroom.db'}"))
        state = {"sentence": "class", "seed": 0, "d_model": 8, "heads": 2}
        for answer, right in (("the rows (each query's weights)", False), ("the columns (each key's weights)", True),
                              ("the rows (each query's weights)", False)):
            learner = new_learner_id()
            store.join(code, learner)
            store.record(code, learner, "common_mistakes", "mistakes.axis", state, answer, right, None)
        # the teacher key, as the fold holds it (closed, so off the screen): the store leads with it, as the page does
        key = page.evaluate("[...document.querySelectorAll('code')].map(e => e.textContent.trim())"
                            ".find(t => /^[A-Za-z0-9_-]{32}$/.test(t))")
        store.lead(code, key, "mistakes.axis", {"sentence": "class"})
        page.get_by_role("button", name="Projector view").click()
        page.wait_for_selector(".js-plotly-plot text", timeout=60_000)
        page.wait_for_selector(DONE, timeout=60_000)
        page.wait_for_timeout(1000)
        sizes = page.evaluate(CHART_TEXT_PX)
        assert sizes and min(px for _, px in sizes) >= 24, sizes
        text = page.locator("body").inner_text()
        assert "CSV" not in text and "teacher key" not in text.lower(), text[:2000]
        assert code in text
        others = set(re.findall(r"\b[ACDEFGHJKMNPQRTUVWXY2345679]{6}\b", text)) - {code}
        assert not others, others
    finally:
        context.close()
