"""The app in Chinese, in Chromium (issue 40): every page read with ?lang=zh-CN at 390 and 1280 px shows no English
sentence of four words or more outside code, formulas and the learner's own sentence; the browser's own language
(playwright's `locale`, which AppTest cannot set) opens the app in Chinese; a link's lang= wins over it, cold; and the
sidebar's switch keeps every other setting of the view (the sentence typed, a slider moved, the query picked).

Screenshots of every page in Chinese land in screenshots/browser/zh_<page>_<width>.png (the glyphs need Debian's
fonts-noto-cjk, which .ci/run installs with Chromium).
"""

from __future__ import annotations

import re
import urllib.parse
from pathlib import Path

import pytest

from attn_core.tokens import tokenize
from attn_lessons.input import default_text
from attn_ui.pages import HOME, TEACHERS, named, route
from tests.browser.test_browser import (
    ARGS,
    CHROMIUM,
    DONE,
    LAPTOP,
    PHONE,
    _need_browser,
    open_cold,
    screenshot,
    serve_on_own_store,
    wait_until_still,
)
from tests.prose import english_runs

pytestmark = pytest.mark.browser

CHINESE = "zh-CN"
HAN = re.compile(r"[\u4e00-\u9fff]")

# What a learner reads on the page, as the browser lays it out: the text of every element shown (the descriptions a
# screen reader reads included), and the words a chart draws in SVG, without code, formulas, the sentence box and
# the page's own style and scripts. Streamlit's own frame is left out too: its hidden "Skip to main content" link,
# its toolbar and its running-man status are written into Streamlit's frontend in English, out of the catalogs' reach.
STREAMLIT_FRAME = ('[data-testid="stSkipToContent"]', '[data-testid="stToolbar"]', '[data-testid="stStatusWidget"]',
                   '[data-testid="stDecoration"]')
SCREEN_TEXT = """() => {
  const root = document.querySelector('[data-testid="stApp"]').cloneNode(true);
  root.querySelectorAll('pre, code, .katex, .katex-display, textarea, style, script, svg, noscript, ' + FRAME)
      .forEach(e => e.remove());
  const charts = [...document.querySelectorAll('.js-plotly-plot')].flatMap(plot =>
      [...plot.querySelectorAll('.gtitle, .g-xtitle, .g-ytitle, .legendtext, .annotation-text')]
      .map(e => e.textContent));
  document.body.appendChild(root);  // innerText needs the copy laid out; it is taken away at once
  root.style.position = 'absolute'; root.style.left = '-99999px';
  const text = root.innerText;
  root.remove();
  return text.replace(/\\t/g, '\\n') + '\\n' + charts.join('\\n');  // a table's cells are no sentence
}"""


class Localized:
    """A browser whose every new context reads `locale` as its language (what st.context.locale reports), so that
    tests.browser.test_browser.open_cold opens pages as a browser set to that language would."""

    def __init__(self, browser, locale: str):
        self.browser, self.locale = browser, locale

    def new_context(self, **kwargs):
        return self.browser.new_context(locale=self.locale, **kwargs)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The app on its own class store (the Class page among the pages read), on ATTN_TEST_PORT when set."""
    _need_browser()
    with serve_on_own_store(tmp_path_factory.mktemp("languages"), "languages.log") as base:
        yield base


@pytest.fixture(scope="module")
def browser(server):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def open_page(browser, url: str, viewport: dict, locale: str | None = None):
    """`url` opened cold (a new context), as open_cold does, in a browser set to `locale`; the teachers' page,
    which has no sentence box, waits for its script instead."""
    where = Localized(browser, locale) if locale else browser
    if "/Class" not in url:
        return open_cold(where, url, viewport)
    context = where.new_context(viewport=dict(viewport))
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(DONE, timeout=60_000)
    page.wait_for_timeout(500)
    page.wait_for_selector(DONE, timeout=60_000)
    return context, page


def english_on_screen(page) -> list[str]:
    """Each run of four or more English words on the screen outside code and formulas, less the learner's sentence
    (whole, or a run of its tokens)."""
    box = page.locator('[data-testid="stSidebar"] textarea')
    sentence = box.first.input_value() if box.count() else ""
    own = {t.casefold() for t in tokenize(sentence).tokens}
    runs = english_runs(page.evaluate(SCREEN_TEXT.replace("FRAME", repr(", ".join(STREAMLIT_FRAME)))),
                        allowed=(sentence,))
    return [run for run in runs if not set(re.findall(r"[a-z][a-z'’]*", run.casefold())) <= own]


def query_of(page) -> dict[str, str]:
    return dict(urllib.parse.parse_qsl(urllib.parse.urlparse(page.url).query))


def settled(page) -> None:
    page.wait_for_timeout(800)
    page.wait_for_selector(DONE, timeout=60_000)


def open_sidebar(page) -> None:
    """On a phone the sidebar starts folded away: open it."""
    if page.viewport_size["width"] < 600:
        page.locator('[data-testid="stExpandSidebarButton"], [data-testid="stSidebarCollapsedControl"] button'
                     ).first.click()
        page.wait_for_timeout(300)


def close_sidebar(page) -> None:
    """On a phone the open sidebar lies over the page: fold it away again."""
    if page.viewport_size["width"] < 600:
        page.locator('[data-testid="stSidebarCollapseButton"] button').first.click()
        page.wait_for_timeout(300)


def pick_query(page, token: str) -> None:
    """Pick `token` in the query box (a first tap after the sidebar folds away may only focus the box)."""
    picker = page.locator(".st-key-query input").first
    for _ in range(3):
        picker.click()
        page.wait_for_timeout(400)
        if page.get_by_role("option").count():
            break
    page.get_by_role("option", name=token, exact=True).click()
    settled(page)


def every_page() -> list[tuple[str, str]]:
    return [(p.path, p.url_path) for p in (*route(), TEACHERS)]


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["390", "1280"])
@pytest.mark.parametrize("file,url_path", every_page(), ids=lambda v: v or "home")
def test_every_page_reads_in_chinese_with_no_english_sentence(browser, server, file, url_path, viewport):
    """Every section drawn (?reveal=1): the page's title and words in Chinese, and no run of four English words on
    screen outside code, formulas and the learner's sentence."""
    context, page = open_page(browser, f"{server}/{url_path}?lang={CHINESE}&reveal=1", viewport)
    try:
        errors = page.locator('[data-testid="stException"]')
        assert errors.count() == 0, f"{file}: {errors.first.inner_text()[:2000]}"
        wait_until_still(page)  # let plotly lay out its text
        title = page.locator("h1").first.inner_text()
        assert HAN.search(title), f"{file}: its title reads {title!r} with ?lang={CHINESE}"
        assert query_of(page).get("lang") == CHINESE
        found = english_on_screen(page)
        screenshot(page, f"zh_{Path(file).stem}_{viewport['width']}")
        assert not found, f"{file} at {viewport['width']} px shows English in {CHINESE}:\n" + "\n".join(found)
    finally:
        context.close()


@pytest.mark.parametrize("locale,lang,title", [(CHINESE, CHINESE, True), ("zh-TW", CHINESE, True),
                                               ("en-US", "en", False)])
def test_the_browsers_language_opens_the_app_in_it_without_a_lang_link(browser, server, locale, lang, title):
    context, page = open_page(browser, f"{server}/", LAPTOP, locale=locale)
    try:
        assert query_of(page).get("lang") == lang, page.url
        assert bool(HAN.search(page.locator("h1").first.inner_text())) == title
        assert page.locator('[data-testid="stSidebar"] textarea').input_value() == default_text(lang)
    finally:
        context.close()


@pytest.mark.parametrize("locale,lang", [("en-US", CHINESE), (CHINESE, "en")])
def test_a_link_with_lang_opens_cold_in_that_language_whatever_the_browsers(browser, server, locale, lang):
    page_ = named("scaling")
    link = f"{server}/{page_.url_path}?{urllib.parse.urlencode({'lang': lang, 'seed': '3', 'reveal': '1'})}"
    context, page = open_page(browser, link, LAPTOP, locale=locale)
    try:
        assert query_of(page).get("lang") == lang and query_of(page).get("seed") == "3", page.url
        assert bool(HAN.search(page.locator("h1").first.inner_text())) == (lang == CHINESE)
        assert page.locator('[data-testid="stSidebar"] textarea').input_value() == default_text(lang)
    finally:
        context.close()


def switch_language(page, name: str) -> None:
    """Click the sidebar's language option named `name` (each language is named in its own)."""
    page.locator(".st-key-lang label").filter(has_text=name).first.click()
    settled(page)


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["390", "1280"])
def test_switching_the_language_keeps_the_sentence_typed_a_slider_moved_and_the_query_picked(browser, server,
                                                                                             viewport):
    context, page = open_page(browser, f"{server}/{HOME.url_path}?reveal=1", viewport)
    try:
        open_sidebar(page)
        box = page.locator('[data-testid="stSidebar"] textarea')
        box.fill("the dog chased the ball across the park")  # typed: it must stay
        box.press("Control+Enter")
        settled(page)
        slider = page.locator('.st-key-d_model input[type="range"]').first
        slider.focus()
        slider.press("ArrowRight")  # d_model 8 -> 12
        settled(page)
        close_sidebar(page)
        settled(page)
        pick_query(page, "ball")
        settled(page)
        before = query_of(page)
        assert (before["text"], before["d_model"], before["query"]) == (
            "the dog chased the ball across the park", "12", "4"), before
        open_sidebar(page)
        switch_language(page, "简体中文")
        after = query_of(page)
        assert after.get("lang") == CHINESE
        assert {k: v for k, v in after.items() if k != "lang"} == {k: v for k, v in before.items() if k != "lang"}
        assert box.input_value() == "the dog chased the ball across the park"
        assert page.locator(".st-key-query input").first.input_value() == "ball"
        assert HAN.search(page.locator("h1").first.inner_text())
        assert page.locator('[data-testid="stException"]').count() == 0
        switch_language(page, "English")
        assert query_of(page) == {**before, "lang": "en"}
    finally:
        context.close()


def test_switching_the_language_swaps_the_default_sentence_the_learner_kept(browser, server):
    context, page = open_page(browser, f"{server}/{HOME.url_path}?seed=5", LAPTOP)
    try:
        box = page.locator('[data-testid="stSidebar"] textarea')
        assert box.input_value() == default_text("en")
        switch_language(page, "简体中文")
        assert box.input_value() == default_text(CHINESE) == "猫坐在垫子上"
        assert query_of(page)["text"] == "猫坐在垫子上" and query_of(page)["seed"] == "5"
        switch_language(page, "English")
        assert box.input_value() == default_text("en") and query_of(page)["seed"] == "5"
    finally:
        context.close()
