"""Take full-page screenshots of app URLs in headless Chromium: python scripts/screenshot.py PORT PATH [PATH …].

PATH is the part after the host, e.g. "/" or "/QKV_builder?text=hello". PNGs go to screenshots/.
The app must already be running on 127.0.0.1:PORT.
"""

import re
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def main() -> None:
    port, paths = sys.argv[1], sys.argv[2:] or ["/"]
    out = Path("screenshots")
    out.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for path in paths:
            page = browser.new_page(viewport={"width": 1400, "height": 900})  # fresh each time: no stale height
            page.goto(f"http://127.0.0.1:{port}{path}")
            page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]', timeout=60_000)
            page.wait_for_timeout(1000)
            # Streamlit scrolls inside its own container: grow the window to the page's full height instead
            height = page.evaluate("Math.max(...[...document.querySelectorAll('*')].map(e => e.scrollHeight))")
            page.set_viewport_size({"width": 1400, "height": min(int(height) + 50, 16000)})
            page.wait_for_timeout(2500)  # let plotly finish drawing at the new size
            name = re.sub(r"[^A-Za-z0-9]+", "_", path).strip("_") or "home"
            file = out / f"{name[:80]}.png"
            page.screenshot(path=str(file), full_page=True)
            errors = page.locator('[data-testid="stException"]').count()
            page.close()
            print(f"{file}  exceptions={errors}  url={page.url}")
        browser.close()


if __name__ == "__main__":
    main()
