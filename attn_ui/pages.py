"""The one list of pages, as the views read it: the sidebar, Home's route, the Next/Back links, "Take it home", the
tests and the benchmark.

The route's entries are declared once, in attn_lessons/route.py (`Page`, `ROUTE`, `HOME`, `TEACHERS`): what a page
is called, the question it answers, its predict-first checkpoint, whether it counts toward the core, its reading
time, its examples and controls. They are sentences and questions, so they live in the words layer, which derives
its own lists from them (the registry of questions, the page each is asked on, the pages' titles in class mode).
This module serves the same entries to the views, under the same names, with what only the view layer knows:
which page files are there (`route()`, `teachers_page()`), and which entry a running script is (`page_path`,
`page_of`, `neighbours`).

A page is its entry there plus its own five files, all named from the entry (`Page.files`): the page in pages/, its
maths in attn_core/<maths>.py, its words in attn_lessons/<name>.py, its notebook in notebooks/<name>.py and its
tests in tests/pages/test_<slug>.py; nothing else names it. tests/pages/test_route.py walks the route and says what a
page is missing. A page's file is named by its URL (pages/QKV_builder.py serves /QKV_builder) and carries no number:
the order is the route's alone, so adding or moving a page renames no file.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from attn_lessons.route import HOME, ROUTE, TEACHERS, Page, asking, named

__all__ = ["HOME", "ROOT", "ROUTE", "TEACHERS", "Page", "asking", "named", "neighbours", "page_of", "page_path",
           "route", "teachers_page"]

ROOT = Path(__file__).resolve().parent.parent


@cache
def _present(path: str) -> bool:
    """Whether a page's file is there: looked at once per process, not at each of a rerun's several calls to
    route() (a lecture hall's server answers tens of reruns a second; pages do not come and go while it runs)."""
    return (ROOT / path).exists()


@cache
def page_path(file: str) -> str:
    """A page script's __file__ as its route entry names it, from the repository's root ('pages/QKV_builder.py'):
    resolved once per process (resolving a path walks it on disk, at every rerun of every page otherwise)."""
    return Path(file).resolve().relative_to(ROOT).as_posix()


def teachers_page() -> Page | None:
    """The teachers' page, if its file exists."""
    return TEACHERS if _present(TEACHERS.path) else None


def route() -> list[Page]:
    """The pages in route order whose files exist (a deployment without pages/ still has Home)."""
    return [p for p in ROUTE if _present(p.path)]


def page_of(path: str) -> Page:
    """The route entry for a file path such as 'pages/Scaling_explorer.py' (or the teachers' page)."""
    for p in (*ROUTE, TEACHERS):
        if p.path == path:
            return p
    raise KeyError(f"{path} is not on the route; add it to ROUTE in attn_lessons/route.py")


def neighbours(path: str) -> tuple[Page | None, Page | None]:
    """(the page before, the page after) `path` on the route; None at either end."""
    pages = route()
    i = [p.path for p in pages].index(path)
    return (pages[i - 1] if i > 0 else None), (pages[i + 1] if i + 1 < len(pages) else None)
