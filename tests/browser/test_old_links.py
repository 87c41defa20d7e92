"""Every link in use today opens the same view, cold (issue 39): a fresh `streamlit run` process, whose first visit
is a deep link, serves each URL of tests/pages/test_route.py's fixed OLD_LINKS with that view's title.

A link opened cold is the case a shared link meets: the first visit after a restart, before any session has run
streamlit_app.py. AppTest cannot check it (its switch_page matches file names and opens Home when none matches), so
each URL is opened as a browser opens it, over Streamlit's own websocket (scripts/sessions_bench.py's Learner): the
page's name from the URL, no script hash yet, and the server decides which script runs. The test reads what it sends
back: which page it ran (the `navigation` message: new_session's hash is only the one asked for), the title
set_page_config gave the tab, its first heading, and any exception box or "page not found". No Chromium is needed.
`ATTN_TEST_PORT` picks the server's port (a free one otherwise).
"""

from __future__ import annotations

import asyncio

import pytest

from scripts.sessions_bench import Learner, Stats
from tests.browser.test_browser import serve_on_own_store
from tests.pages.test_route import OLD_LINKS

pytestmark = pytest.mark.browser

# A deep link first, Home last: the process has never run streamlit_app.py when the first link arrives.
ORDER = sorted(OLD_LINKS, key=lambda url: url == "")


class Visitor(Learner):
    """A browser tab that opens one link and keeps what the page sent: its tab title and its headings."""

    def __init__(self, port: int, url: str):
        super().__init__(0, port, "", Stats())
        self.url, self.tab_title, self.headings, self.served = url, None, [], None

    def _on(self, msg) -> None:
        kind = msg.WhichOneof("type")
        if kind == "navigation":  # the page the server resolved the link to, among every page's URL path
            nav = msg.navigation
            self.served = next((p.url_pathname for p in nav.app_pages if p.page_script_hash == nav.page_script_hash),
                               None)
        elif kind == "page_config_changed" and msg.page_config_changed.title:
            self.tab_title = msg.page_config_changed.title
        elif kind == "delta" and msg.delta.WhichOneof("type") == "new_element" \
                and msg.delta.new_element.WhichOneof("type") == "heading":
            self.headings.append(msg.delta.new_element.heading.body)
        super()._on(msg)

    async def visit(self) -> Visitor:
        await self.connect()
        try:
            await self.rerun(page=self.url)
        finally:
            await self.close()
        return self


UNKNOWN = "Never_a_page"  # a link no page answers, opened last: Streamlit runs Home for it and says so


@pytest.fixture(scope="module")
def visits(tmp_path_factory) -> dict[str, Visitor]:
    """Each link of ORDER, then UNKNOWN, each in a session of its own, one after the other, on one fresh server
    (on a class store of its own: the links include the Class page's)."""

    async def each(port: int) -> list[Visitor]:
        return [await Visitor(port, url).visit() for url in [*ORDER, UNKNOWN]]

    with serve_on_own_store(tmp_path_factory.mktemp("old_links"), "old_links.log") as base:
        return {v.url: v for v in asyncio.run(each(int(base.rsplit(":", 1)[1])))}


def test_every_link_in_use_today_opens_its_view_cold_in_a_fresh_server(visits):
    assert ORDER[0] != "" and list(visits)[: len(ORDER)] == ORDER  # a deep link came first
    for url in ORDER:
        v = visits[url]
        assert not v.stats.errors, f"/{url}: {v.stats.errors}"
        assert v.served == url, f"/{url} ran the script of /{v.served}"
        assert v.tab_title == f"{OLD_LINKS[url]} · Attention Explorer", f"/{url}: tab title {v.tab_title!r}"
        assert v.headings and v.headings[0].strip(), f"/{url} drew no heading"


def test_the_check_sees_a_link_that_opens_home_instead(visits):
    """The checks above can fail: a link no page answers runs Home, and the test sees it."""
    v = visits[UNKNOWN]
    assert v.served == "" and v.tab_title == f"{OLD_LINKS['']} · Attention Explorer", (v.served, v.tab_title)
    assert any("page not found" in e for e in v.stats.errors), v.stats.errors
