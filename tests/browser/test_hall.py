"""A lecture hall in Chromium: two app processes behind HAProxy, class mode on PostgreSQL, one class across both.

scripts/hall.sh starts the topology as plain processes (deploy/haproxy.cfg keeps each browser on one process by its
SERVERID cookie). Four browser contexts are four learners; the proxy's cookie says which process serves each, and the
test needs both. The teacher's calls go to the store (PostgreSQL), as the teachers' page makes them: the class is
counted as one (every learner joined and answered, whichever process served them), paused (every learner's page
says so at its next load), led (every learner's page goes to the teacher's question) and deleted (every learner's
page says the class ended) on both processes alike. Nothing of the class lives in one process's memory.

Needs haproxy (Debian's package), Chromium and PostgreSQL (ATTN_TEST_POSTGRES_URL); without one of them the test is
skipped with the reason, except under CI=true, where it fails. Its tables live in a schema of their own (attn_hall),
so the storage tests that empty the database's public schema do not disturb it.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
import urllib.parse
from pathlib import Path

import pytest
import sqlalchemy as sa

from attn_lessons import classroom as words
from tests.browser.test_browser import ARGS, CHROMIUM, DONE, LAPTOP, _need_browser

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
LEARNERS = 4
SCHEMA = "attn_hall"
SETTINGS = {"text": "the cat sat on the mat", "seed": "0", "d_model": "8", "heads": "2"}
SLOW = 60_000  # ms: a page drawn on a two-core machine the whole suite shares


def _missing(problem: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true but {problem}")
    pytest.skip(problem)


def _free_port(offset: int = 0) -> int:
    """ATTN_TEST_PORT + offset where the machine's ports are shared out, else a free one."""
    if os.environ.get("ATTN_TEST_PORT"):
        return int(os.environ["ATTN_TEST_PORT"]) + offset
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def database() -> str:
    """The test server's URL, pointed at a schema of this test's own (emptied first)."""
    url = os.environ.get("ATTN_TEST_POSTGRES_URL")
    if not url:
        _missing("no PostgreSQL for the lecture hall test: set ATTN_TEST_POSTGRES_URL (bash .ci/postgres prints one)")
    engine = sa.create_engine(url)
    try:
        with engine.begin() as conn:
            conn.execute(sa.text(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE"))
            conn.execute(sa.text(f"CREATE SCHEMA {SCHEMA}"))
    except sa.exc.OperationalError as err:
        _missing(f"PostgreSQL at ATTN_TEST_POSTGRES_URL is not reachable: {str(err)[:200]}")
    finally:
        engine.dispose()
    return url + ("&" if "?" in url else "?") + urllib.parse.urlencode({"options": f"-csearch_path={SCHEMA}"})


@pytest.fixture(scope="module")
def hall(database, tmp_path_factory):
    """scripts/hall.sh's two processes and proxy: (the proxy's base URL, the processes' ids)."""
    if shutil.which("haproxy") is None:
        _missing("haproxy is not installed (apt-get install -y haproxy): the lecture hall test runs the app as two "
                 "processes behind it")
    _need_browser()
    port = _free_port()
    env = {**os.environ, "ATTN_DATABASE_URL": database, "HALL_RUN": str(tmp_path_factory.mktemp("hall")),
           "HALL_APP_PORT": str(_free_port(1))}  # the two processes: this port and the next
    started = subprocess.run(["bash", "scripts/hall.sh", "start", "2", str(port)], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=300)
    assert started.returncode == 0, started.stderr[-2000:]
    pids = started.stdout.split("pids: ")[1].split()[0].split(",")
    try:
        yield f"http://127.0.0.1:{port}", [int(p) for p in pids]
    finally:
        subprocess.run(["bash", "scripts/hall.sh", "stop", str(port)], cwd=ROOT, env=env, timeout=60)


@pytest.fixture(scope="module")
def teacher(database):
    """The store on the processes' database, and a class in it: (store, code, key)."""
    from attn_ui.classroom_store import ClassStore

    store = ClassStore(sa.create_engine(database))
    code, key = store.create_class(SETTINGS)
    yield store, code, key
    store.engine.dispose()


def settle(page) -> None:
    page.wait_for_selector(DONE, timeout=SLOW)
    page.wait_for_timeout(300)
    page.wait_for_selector(DONE, timeout=SLOW)


def sidebar(page) -> str:
    return page.locator('[data-testid="stSidebar"]').inner_text()


def server_of(context) -> str:
    """The process the proxy keeps this browser on, by its cookie."""
    return next((c["value"] for c in context.cookies() if c["name"] == "SERVERID"), "")


def test_one_class_across_two_processes_is_counted_paused_led_and_deleted_as_one(hall, teacher):
    from playwright.sync_api import sync_playwright

    base, pids = hall
    store, code, key = teacher
    link = f"{base}/QKV_builder?{urllib.parse.urlencode({'class': code, 'text': SETTINGS['text']})}"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            learners = []
            for _ in range(LEARNERS):
                context = browser.new_context(viewport=LAPTOP)
                page = context.new_page()
                page.goto(link)
                settle(page)
                learners.append((context, page))
            served_by = [server_of(context) for context, _ in learners]
            assert sorted(set(served_by)) == ["app1", "app2"], f"the proxy put the learners on {served_by}"
            for context, page in learners:
                assert f"In class {code}" in sidebar(page), (server_of(context), sidebar(page)[:300])

            # counted as one: every learner joined and answered the builder's question, whichever process served it
            for _, page in learners:
                page.locator(".st-key-qkv_most_value [role='radiogroup'] label").first.click()
                settle(page)
                page.locator(".st-key-qkv_most_check button").click()
                settle(page)
            deadline = time.monotonic() + 20  # an answer is written by its process's writer thread, soon after
            while (dash := store.dashboard(code, key)).answered < LEARNERS and time.monotonic() < deadline:
                time.sleep(0.5)
            assert (dash.joined, dash.active, dash.answered) == (LEARNERS, LEARNERS, LEARNERS), (
                dash, [page.locator(".st-key-qkv_most_check, [data-testid='stAlert']").all_inner_texts()
                       for _, page in learners])

            # paused: each process reads it from the database at the learner's next page load
            store.set_paused(code, key, True)
            for _, page in learners:
                page.reload()
                settle(page)
                page.get_by_text(words.paused_line(code)).first.wait_for(timeout=SLOW)
            store.set_paused(code, key, False)

            # led: every learner's page goes to the teacher's question, on either process
            store.lead(code, key, "mistakes.axis", {"sentence": "class"})
            for context, page in learners:
                page.get_by_text("Your teacher's question:").first.wait_for(timeout=SLOW)
                assert "/Common_mistakes?" in page.url, (server_of(context), page.url)

            # deleted: every learner's page says the class ended, without a reload
            store.delete_class(code, key)
            for _, page in learners:
                page.get_by_text(words.ended_line(code)).first.wait_for(timeout=SLOW)
            assert [server_of(context) for context, _ in learners] == served_by  # each stayed on its process
        finally:
            browser.close()
    for pid in pids:
        os.kill(pid, 0)  # both processes are still up: nothing above took one down
