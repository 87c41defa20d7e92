"""End to end: start the app with `streamlit run`, open every page cold in headless Chromium.

The pages are discovered from pages/, so a new page is covered without editing this file.
Screenshots land in screenshots/browser/ (ignored by git) for a person to look at.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from attn_ui.pages import route

ROOT = Path(__file__).resolve().parent.parent
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
def server():
    _need_browser()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cmd = [sys.executable, "-m", "streamlit", "run", "streamlit_app.py", "--server.headless", "true",
           "--server.address", "127.0.0.1", "--server.port", str(port), "--browser.gatherUsageStats", "false",
           "--server.fileWatcherType", "none"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    log = open(SHOTS / "server.log", "w")  # noqa: SIM115 -- closed in the finally below, after the server stops
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


@pytest.fixture(scope="module")
def browser(server):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def open_cold(browser, url: str):
    """A new browser context (no cookies, no session) opening `url`, waiting for the script to finish."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector('[data-testid="stSidebar"] textarea', timeout=60_000)
    page.wait_for_selector(DONE, timeout=60_000)
    page.wait_for_timeout(500)
    page.wait_for_selector(DONE, timeout=60_000)
    return context, page


def screenshot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    # Streamlit scrolls inside its own container: make the window as tall as the page to see all of it
    height = page.evaluate("Math.max(...[...document.querySelectorAll('*')].map(e => e.scrollHeight))")
    page.set_viewport_size({"width": 1400, "height": min(int(height) + 50, 16000)})
    page.wait_for_timeout(1500)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("file,url_path", discover_pages(), ids=lambda v: v or "home")
def test_every_page_opens_cold_without_an_exception(browser, server, file, url_path):
    context, page = open_cold(browser, f"{server}/{url_path}")
    try:
        screenshot(page, Path(file).stem)
        errors = page.locator('[data-testid="stException"]')
        assert errors.count() == 0, f"{file}: {errors.first.inner_text()[:2000]}"
        title = page.locator("h1").first
        assert title.is_visible() and title.inner_text().strip(), f"{file} shows no title"
        assert "Attention Explorer" in page.title()
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
