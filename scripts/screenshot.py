"""Full-page screenshots of a running app in headless Chromium, at phone and laptop widths.

    python scripts/screenshot.py PORT PATH [PATH …] [--widths 390,1280] [--out screenshots] [--tag NAME] [--desktop]

PATH is the part after the host, e.g. "/" or "/QKV_builder?text=hello". PNGs go to OUT (default
screenshots/, ignored by git) as NAME_WIDTH.png. The app must already be running on 127.0.0.1:PORT.
A width under 600 px is a phone (touch, a phone's User-Agent) unless --desktop makes it a narrow desktop window.
Prints each file with the count of exception boxes on the page.
"""

import argparse
import re
from pathlib import Path

from playwright.sync_api import sync_playwright

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
DONE = '[data-testid="stApp"][data-test-script-state="notRunning"]'
# what a phone's browser sends; the layout must follow the width alone, so a narrow window looks the same
PHONE_AGENT = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
               "Version/17.0 Mobile/15E148 Safari/604.1")


def shoot(browser, url: str, width: int, file: Path, desktop: bool = False) -> int:
    """Open `url` in a fresh context `width` px wide, wait for the script, save a full-page PNG."""
    phone = width < 600 and not desktop
    context = browser.new_context(viewport={"width": width, "height": 900}, is_mobile=phone, has_touch=phone,
                                  device_scale_factor=1, user_agent=PHONE_AGENT if phone else None)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(DONE, timeout=90_000)
    page.wait_for_timeout(1500)
    page.wait_for_selector(DONE, timeout=90_000)
    # Streamlit scrolls inside its own container: grow the window to the page's full height instead
    height = page.evaluate("Math.max(...[...document.querySelectorAll('*')].map(e => e.scrollHeight))")
    page.set_viewport_size({"width": width, "height": min(int(height) + 50, 16000)})
    page.wait_for_timeout(2500)  # let plotly finish drawing at the new size
    page.screenshot(path=str(file), full_page=True)
    errors = page.locator('[data-testid="stException"]').count()
    context.close()
    return errors


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("port")
    parser.add_argument("paths", nargs="*", default=["/"])
    parser.add_argument("--widths", default="390,1280")
    parser.add_argument("--out", default="screenshots")
    parser.add_argument("--tag", default="")
    parser.add_argument("--desktop", action="store_true", help="a narrow width is a desktop window, not a phone")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for path in args.paths:
            name = args.tag + (re.sub(r"[^A-Za-z0-9]+", "_", path).strip("_") or "home")
            for width in (int(w) for w in args.widths.split(",")):
                file = out / f"{name[:80]}_{width}{'_desktop' if args.desktop else ''}.png"
                errors = shoot(browser, f"http://127.0.0.1:{args.port}{path}", width, file, args.desktop)
                print(f"{file}  exceptions={errors}")
        browser.close()


if __name__ == "__main__":
    main()
