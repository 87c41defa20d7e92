"""Speed figures for Attention Explorer. Prints one table and writes JSON; asserts nothing.

    python scripts/benchmark.py                 # everything (needs Debian's chromium for the browser part)
    python scripts/benchmark.py --no-browser    # the maths and the server side only

What it measures, each against a yardstick taken in the same run, so a busy machine moves both:
- server: the median full rerun of each page in an open AppTest session at its defaults and at the
  largest inputs (32 tokens, d_model 64), against an empty page's rerun (AppTest's own overhead); the first
  run of a new session; and the bytes of markup (st.html: the matrix tables) and figure JSON (Plotly) a page
  sends, at the defaults and at the largest inputs;
- browser (headless Chromium): from one step of the sidebar's d_model slider, and from each of the page's
  own main controls, to a settled page: the app's script is idle and nothing inside the app has changed
  for 400 ms; the time of the last change is reported, median of 7 steps. The yardstick is
  scripts/one_chart_page.py, one heatmap driven by a control of the same kind.

Goals (issue "Matrices as HTML tables"), with the predictions skipped so every section is drawn: one step of a
shared sidebar setting within 2× the one-chart page on every page; a page's own control within 1.5× the one-chart
page driven by the same kind of control; a server rerun within 40 ms at the defaults and 100 ms at the largest
inputs; at most 150 kB of markup and figure JSON at the defaults and 400 kB at the largest inputs.
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LARGEST = {"text": " ".join(f"w{i}" for i in range(32)), "d_model": "64", "heads": "8"}
DONE = '[data-testid="stApp"][data-test-script-state="notRunning"]'
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
STEPS = 7

def best_of(fn, repeat: int = 7, number: int = 1) -> float:
    """The fastest of `repeat` timings of `number` calls, in seconds per call."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - start) / number)
    return min(times)


def maths() -> dict:
    import attn_core

    out = {}
    for n, d_model, heads in [(6, 8, 2), (32, 64, 8)]:
        inp = attn_core.build_inputs(" ".join(f"w{i}" for i in range(n)), 0, d_model)
        w = inp.weights
        t = best_of(lambda inp=inp, w=w, h=heads: attn_core.multi_head_attention(inp.X, w.W_Q, w.W_K, w.W_V, h),
                    number=200)
        out[f"multi_head_attention n={n} d_model={d_model}"] = t * 1e6
    x = np.random.default_rng(0).standard_normal((8, 32, 32))
    out["softmax (8, 32, 32)"] = best_of(lambda: attn_core.softmax(x), number=500) * 1e6
    try:
        from attn_core.training import DEFAULT_D_K, DEFAULT_STEPS, LR_CHOICES, benchmark_default
        wall, cpu = benchmark_default()
        print(f"Training lab default run ({2 * len(LR_CHOICES)} models × {DEFAULT_STEPS} steps at d_k = "
              f"{DEFAULT_D_K}): {wall:.2f} s wall, {cpu:.2f} s CPU")
        out["training lab default run (ms)"] = wall * 1e3
    except ImportError:
        pass
    return out


def _share_compiled_scripts() -> None:
    """Give AppTest's runs one ScriptCache, as the server's Runtime does. AppTest makes a new one every run, so
    without this each rerun would compile the page and the entry script again, which a server does once."""
    from streamlit.runtime.scriptrunner.script_cache import ScriptCache
    from streamlit.testing.v1 import local_script_runner

    shared = ScriptCache()
    local_script_runner.ScriptCache = lambda: shared


def _apptest(file: str, query: dict):
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=120)
    if file != "streamlit_app.py":
        at.switch_page(file)
    for k, v in query.items():
        at.query_params[k] = v
    return at


def server_run(file: str, query: dict, runs: int = 7) -> tuple[float, float, int, bool]:
    """(median ms of a full rerun in an open session, ms of the first run of a new session, bytes of markup and
    figure JSON the page sends, whether an exception showed). A rerun is what a learner waits for after a sidebar
    change: the session, the caches and Streamlit's compiled script are warm. The first run pays for compiling
    the page and its imports."""
    _apptest(file, query).run()  # warm the process-wide caches once
    at = _apptest(file, query)
    start = time.perf_counter()
    at.run()
    first = (time.perf_counter() - start) * 1e3
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        at.run()
        times.append((time.perf_counter() - start) * 1e3)
    payload = sum(len(el.proto.spec.encode()) for el in at.get("plotly_chart"))
    payload += sum(len(el.proto.body.encode()) for el in at.get("html"))
    return statistics.median(times), first, payload, bool(at.exception)


def empty_page_ms(runs: int = 7) -> float:
    """The median full rerun of a one-line page in an open session: AppTest's own overhead."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_string("import streamlit as st\nst.write('empty')")
    at.run()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        at.run()
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def server(pages) -> dict:
    _share_compiled_scripts()
    out = {"empty page ms": empty_page_ms()}
    for page in pages:
        ms, first, small, err = server_run(page.path, {"reveal": "1"})
        big_ms, _, payload, big_err = server_run(page.path, {**LARGEST, "reveal": "1"})
        out[page.path] = {"defaults ms": ms, "largest ms": big_ms, "first run ms": first, "defaults kB": small / 1e3,
                          "figure kB": payload / 1e3, "exception": err or big_err}
    return out


# ---------------------------------------------------------------------------------------------- browser

SETTLE_JS = """() => {
  const app = document.querySelector('[data-testid="stApp"]');
  window.__last = performance.now();
  if (!window.__obs) {
    window.__obs = new MutationObserver(() => { window.__last = performance.now(); });
    window.__obs.observe(app, {subtree: true, childList: true, attributes: true, characterData: true});
  }
  window.__t0 = performance.now();
}"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(script: Path) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", str(script), "--server.headless", "true",
                             "--server.address", "127.0.0.1", "--server.port", str(port),
                             "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(240):
        try:
            if urllib.request.urlopen(f"{base}/_stcore/health", timeout=2).read() == b"ok":
                return proc, base
        except OSError:
            time.sleep(0.25)
    proc.kill()
    raise RuntimeError(f"streamlit did not start for {script}")


def _settled_ms(page) -> float:
    """Wait for the script to be idle and the app unchanged for 400 ms; ms from the step to the last change."""
    deadline = time.monotonic() + 30
    page.wait_for_timeout(50)
    while time.monotonic() < deadline:
        idle = page.locator(DONE).count() > 0
        quiet = page.evaluate("() => performance.now() - window.__last")
        if idle and quiet >= 400:
            return page.evaluate("() => window.__last - window.__t0")
        page.wait_for_timeout(50)
    return float("nan")


def _step(page, kind: str, key: str, k: int) -> None:
    """One step of a control: alternate directions so the value stays near its default."""
    box = page.locator(f".st-key-{key}").first
    if kind == "slider":
        box.locator('input[type="range"]').first.press("ArrowRight" if k % 2 == 0 else "ArrowLeft")
    elif kind == "number":
        box.locator('[data-testid="stNumberInputStepUp"]' if k % 2 == 0
                    else '[data-testid="stNumberInputStepDown"]').first.click()
    elif kind == "radio":
        options = box.locator('[role="radiogroup"] label')  # the options, not the widget's own label
        options.nth((k + 1) % 2).click()
    elif kind == "select":
        target = box.locator('[data-baseweb="select"], [role="combobox"]').first
        target.scroll_into_view_if_needed()  # a box at the window's lower edge does not open on the first click
        target.click()
        page.locator('[role="option"]').nth((k + 1) % 2).click()
    elif kind in ("toggle", "button"):
        box.locator("label, button").first.click()


def measure(page, kind: str, key: str) -> float | None:
    """Median ms over STEPS steps of one control, or None when the page has no such control."""
    if page.locator(f".st-key-{key}").count() == 0:
        return None
    times = []
    for k in range(STEPS + 1):
        page.evaluate(SETTLE_JS)
        _step(page, kind, key, k)
        ms = _settled_ms(page)
        if k:  # the first step warms the caches
            times.append(ms)
    return statistics.median(times)


def _open(browser, url: str):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(DONE, timeout=90_000)
    page.wait_for_timeout(1500)
    page.wait_for_selector(DONE, timeout=90_000)
    return context, page


def browser_times(pages) -> dict:
    from playwright.sync_api import sync_playwright

    out: dict = {}
    app, app_base = _serve(ROOT / "streamlit_app.py")
    ref, ref_base = _serve(ROOT / "scripts" / "one_chart_page.py")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            context, page = _open(browser, ref_base)
            out["one-chart page"] = {kind: measure(page, kind, key) for kind, key in
                                     (("slider", "slider"), ("select", "select"), ("number", "number"),
                                      ("radio", "radio"), ("toggle", "toggle"), ("button", "toggle"))}
            context.close()
            for pg in pages:
                context, page = _open(browser, f"{app_base}/{pg.url_path}?reveal=1")  # every section drawn
                row = {"sidebar d_model": measure(page, "slider", "d_model")}
                for kind, key in pg.controls:
                    row[f"{kind} {key}"] = measure(page, kind, key)
                out[pg.path] = row
                context.close()
            browser.close()
    finally:
        for proc in (app, ref):
            proc.terminate()
            proc.wait(timeout=20)
    return out


def table(results: dict) -> str:
    """The figures as one plain-text table: each time with its multiple of the yardstick."""
    lines = []
    srv = results.get("server", {})
    base = srv.get("empty page ms", float("nan"))
    lines.append(f"server: median full rerun in an open session (AppTest; the empty page's {base:.0f} ms is "
                 "AppTest's own overhead, taken off in 'page'); first run of a new session")
    lines.append(f"  {'page':<30} {'defaults':>9} {'page':>6} {'largest':>9} {'page':>6} {'first':>7} "
                 f"{'kB, defaults / largest':>22}")
    for path, row in srv.items():
        if isinstance(row, dict):
            flag = "  exception!" if row["exception"] else ""
            lines.append(f"  {path:<30} {row['defaults ms']:7.0f}ms {row['defaults ms'] - base:4.0f}ms "
                         f"{row['largest ms']:7.0f}ms {row['largest ms'] - base:4.0f}ms {row['first run ms']:5.0f}ms "
                         f"{row.get('defaults kB', float('nan')):12.0f} / {row['figure kB']:7.0f}{flag}")
    br = results.get("browser")
    if br:
        ref = br["one-chart page"]
        lines.append("browser: ms to a settled page after one step (× the one-chart page, same control kind)")
        lines.append("  one-chart page: " + ", ".join(f"{k} {v:.0f} ms" for k, v in ref.items() if v))
        for path, row in br.items():
            if path == "one-chart page":
                continue
            cells = []
            for name, ms in row.items():
                if ms is None:
                    continue
                kind = "slider" if name == "sidebar d_model" else name.split()[0]
                cells.append(f"{name} {ms:.0f} ms ({ms / ref[kind]:.1f}×)")
            lines.append(f"  {path:<30} " + "; ".join(cells))
    for name, value in results.get("maths", {}).items():
        lines.append(f"maths: {name}: {value:.1f}")
    return "\n".join(lines)


WHY_JS = """() => {
  const app = document.querySelector('[data-testid="stApp"]');
  const plain = ['stVerticalBlock', 'stHorizontalBlock', 'stColumn', 'stElementContainer', 'stLayoutWrapper',
                 'stVerticalBlockBorderWrapper', 'stMainBlockContainer', 'stApp', 'stMain', 'stTabPanel'];
  window.__why = [];
  window.__t0 = performance.now();
  if (window.__whyObs) window.__whyObs.disconnect();
  window.__whyObs = new MutationObserver(ms => {
    const t = performance.now() - window.__t0;
    for (const m of ms) {
      let e = m.target.nodeType === 1 ? m.target : m.target.parentElement;
      while (e && !(e.dataset && e.dataset.testid && !plain.includes(e.dataset.testid))) e = e.parentElement;
      window.__why.push([t, e ? e.dataset.testid.replace(/-\\d+/g, '') : 'page']);  // glide-cell-1-2: glide-cell
    }
  });
  window.__whyObs.observe(app, {subtree: true, childList: true, attributes: true, characterData: true});
}"""


def why(pages) -> None:
    """Where the time after one step of the sidebar's d_model goes, per kind of element: the median time of its
    first and last DOM change after the key press (7 steps), and how many charts and heatmap panels the page
    draws. The kind whose last change comes last is what the settled time waits for."""
    from playwright.sync_api import sync_playwright

    app, base = _serve(ROOT / "streamlit_app.py")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            for pg in pages:
                context, page = _open(browser, f"{base}/{pg.url_path}")
                panels = page.evaluate("() => [...document.querySelectorAll('[data-testid=\"stPlotlyChart\"]')].map("
                                       "p => p.querySelectorAll('.hm').length)")
                spans: dict[str, list[tuple[float, float]]] = {}
                for k in range(STEPS + 1):
                    page.evaluate(SETTLE_JS)
                    page.evaluate(WHY_JS)
                    _step(page, "slider", "d_model", k)
                    _settled_ms(page)
                    log = page.evaluate("window.__why")
                    if k and log:
                        for kind in {w for _, w in log}:
                            times = [t for t, w in log if w == kind]
                            spans.setdefault(kind, []).append((min(times), max(times)))
                context.close()
                print(f"{pg.path}: {len(panels)} charts, {sum(panels)} heatmap panels; after a d_model step "
                      "(median ms of the first and last change):")
                rows = sorted(spans.items(), key=lambda kv: -statistics.median(b for _, b in kv[1]))
                for kind, sp in rows[:8]:
                    first, last = statistics.median(a for a, _ in sp), statistics.median(b for _, b in sp)
                    print(f"  {kind:<28} {first:6.0f} {last:6.0f}")
            browser.close()
    finally:
        app.terminate()
        app.wait(timeout=20)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--page", action="append", help="only this page file (repeatable), e.g. pages/QKV_builder.py")
    parser.add_argument("--json", default=str(Path(tempfile.gettempdir()) / "attention_explorer_benchmark.json"))
    parser.add_argument("--why", action="store_true", help="only say where a sidebar step's time goes, per element")
    args = parser.parse_args()
    from attn_ui.pages import route

    pages = [p for p in route() if not args.page or p.path in args.page]
    if args.why:
        why(pages)
        return
    results = {"maths": maths(), "server": server(pages)}
    if not args.no_browser:
        results["browser"] = browser_times(pages)
    print(table(results))
    Path(args.json).write_text(json.dumps(results, indent=2))
    print(f"(JSON written to {args.json})")


if __name__ == "__main__":
    main()
