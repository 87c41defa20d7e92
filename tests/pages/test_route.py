"""The route in the order of the ideas (issue 23): page files are named by their URL, the links in use today still
open the same pages, no page uses an idea a later page teaches, each entry's reading time comes from every word the
page shows (issue 36), no page makes a learner read more than 800 words before it asks something, and the core (the
entries with core=True) fits the 30-minute budget. Every list here comes from the route (attn_lessons/route.py):
adding a page means its entry and its own files, and no edit to this file."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from attn_ui.pages import HOME, ROOT, ROUTE, TEACHERS, Page, route
from tests.apptest_utils import assert_ran, run_page
from tests.lesson_length import (
    CHARACTERS_PER_MINUTE,
    PAGE_WORDS,
    ROUTE_WORDS,
    WORDS_BEFORE_PICTURE,
    WORDS_BEFORE_QUESTION,
    Reading,
    answered_as_you_go,
    characters,
    minutes,
    read,
    reading,
    reading_minutes,
    words,
)

# The links in use today (issue 39), fixed: the URL path of every page served on 2026-12-04, with the title of the
# view it opens. Each must keep opening that view, whatever pages are added or moved; tests/browser/test_old_links.py
# opens each cold in a fresh server. A new page adds nothing here.
OLD_LINKS = {"": "Home", "QKV_builder": "Q/K/V builder", "Scaling_explorer": "Scaling explorer",
             "Training_lab": "Training lab", "Masks_and_heads": "Masks and heads",
             "Inside_a_trained_model": "Inside a trained model", "Common_mistakes": "Common mistakes",
             "Mask_mistakes": "Mask mistakes", "Check_yourself": "Check yourself", "Class": "Class mode (teachers)"}


def test_the_route_starts_at_home_and_names_each_page_once():
    assert ROUTE[0] is HOME and TEACHERS not in ROUTE
    for what in ("label", "name", "url_path", "path"):
        values = [getattr(p, what) for p in (*ROUTE, TEACHERS)]
        assert len(set(values)) == len(values), f"two pages share a {what}: {values}"


def test_no_page_uses_an_idea_before_the_page_that_teaches_it():
    taught: set[str] = set()
    for page in ROUTE:
        assert page.uses <= taught, f"{page.label} uses {sorted(page.uses - taught)} before a page teaches it"
        taught |= page.teaches


def test_page_files_are_named_by_their_url_and_the_old_links_still_open_their_pages():
    for page in (*ROUTE[1:], TEACHERS):
        assert page.path == f"pages/{page.url_path}.py", page.path
        assert not page.url_path[0].isdigit(), f"{page.path}: no number prefix, the route sets the order"
    served = {p.url_path: p.label for p in (*ROUTE, TEACHERS)}
    assert {url: served.get(url) for url in OLD_LINKS} == OLD_LINKS, "a link in use today opens another view"


@pytest.mark.parametrize("page", route(), ids=lambda p: p.label)
def test_each_page_reads_within_its_budget_and_its_route_entry_says_how_long(page):
    at = run_page(page.path, reveal=1)
    assert_ran(at)
    words, before = reading(at)
    assert words <= PAGE_WORDS, f"{page.label}: {words} words of prose"
    assert before is not None and before <= WORDS_BEFORE_PICTURE, f"{page.label}: {before} words before a picture"
    at = answered_as_you_go(run_page(page.path))
    assert_ran(at)
    shown = read(at)
    assert shown.before_question is not None, f"{page.label} asks nothing"
    assert shown.longest <= WORDS_BEFORE_QUESTION, \
        f"{page.label}: {shown.longest} words in one stretch before a question (fold what is secondary)"
    assert page.minutes == minutes(shown.words), \
        f"{page.label}: {shown.words} words on screen read in {minutes(shown.words)} min, its route entry says " \
        f"minutes={page.minutes} (attn_lessons/route.py)"


# The same pages read in Chinese (issue 40): characters at CHARACTERS_PER_MINUTE, the Latin words and numbers among
# them at WORDS_PER_MINUTE. The route's `minutes` stay the English ones; the Chinese time is measured and reported
# (pytest -rP shows it), and only a time out of all proportion to the English one fails.
@pytest.mark.parametrize("page", route(), ids=lambda p: p.label)
def test_each_pages_reading_time_in_chinese_is_measured_in_characters(page):
    at = answered_as_you_go(run_page(page.path, lang="zh-CN"))
    assert_ran(at)
    shown = read(at)
    print(f"{page.label}: {shown.characters} Chinese characters and {shown.words} Latin words and numbers read in "
          f"{shown.minutes} min at {CHARACTERS_PER_MINUTE} characters a minute (in English: {page.minutes} min)")
    assert shown.characters > 0, f"{page.label} shows no Chinese with ?lang=zh-CN"
    assert shown.minutes == reading_minutes(shown.words, shown.characters)
    assert 1 <= shown.minutes <= 2 * page.minutes + 1, \
        f"{page.label}: {shown.minutes} min in Chinese against {page.minutes} in English"


def _node(kind: str, children=(), **fields):
    """A made-up element of a page, shaped as AppTest's tree is."""
    proto = SimpleNamespace(body=fields.pop("body", ""), expandable=SimpleNamespace(expanded=fields.pop("open", False)))
    return SimpleNamespace(type=kind, proto=proto, children=dict(enumerate(children)), **fields)


def test_the_counter_counts_what_shows_and_leaves_out_what_is_folded():
    """The counter itself, on a made-up page: captions, an open fold, a table's caption and headers, a metric and a
    radio's options count; a closed fold's text does not; a question ends a stretch."""
    table = "<div class=mx><table><caption>weights (2 × 2)</caption><thead><tr><th scope=col>a<th scope=col>b"
    page = SimpleNamespace(main=_node("main", [
        _node("title", value="Two words"),                                                   # 2
        _node("caption", value="a caption of five words"),                                   # 5
        _node("expander", [_node("markdown", value="open fold text")], label="Open", open=True),  # 1 + 3
        _node("expander", [_node("markdown", value="never read here at all")], label="Closed"),   # 1, not 5
        _node("markdown", value="**Predict first.** Which one?"),                            # a question: 4
        _node("html", body=table),                                                           # 5: weights 2 2 a b
        _node("metric", label="mean weight", value="0.5"),                                   # 4
        _node("radio", label="Pick", options=["yes", "no"], key="quiz_answer"),              # a question: 3
    ]))
    r = read(page)
    assert r.words == 2 + 5 + 4 + 1 + 4 + 5 + 4 + 3, r
    assert (r.before_question, r.before_picture, r.longest) == (12, 12, 13), r
    assert minutes(r.words) == 1 and minutes(201) == 2 and minutes(0) == 1
    assert r.characters == 0 and r.minutes == minutes(r.words)


def test_chinese_is_counted_in_characters_and_its_latin_words_as_words():
    """The counter on a made-up page in Chinese: Han characters count at 300 a minute, punctuation does not, and
    the symbols and numbers among them (d_k, 64, softmax) are words read at 200 a minute."""
    page = SimpleNamespace(main=_node("main", [
        _node("title", value="缩放点积注意力"),                              # 7 characters
        _node("caption", value="当 d_k 为 64 时，softmax 的输出更平。"),    # 8 characters; d, k, 64, softmax: 4 words
        _node("expander", [_node("markdown", value="折叠起来的话")], label="更多"),  # 2; the closed fold's 6 unread
    ]))
    r = read(page)
    assert (r.characters, r.words) == (7 + 8 + 2, 4), r
    assert characters("猫坐在垫子上。") == 6 and words("猫坐在垫子上。") == 0
    assert reading_minutes(0, 300) == 1 and reading_minutes(0, 301) == 2 and reading_minutes(100, 150) == 1
    assert reading_minutes(101, 150) == 2 and reading_minutes(0, 0) == 1
    assert Reading(0, None, None, characters=600).minutes == 2


def test_the_core_reads_in_at_most_4000_words():
    # a deep dive (core=False in its route entry) has its own reading time, outside the 30-minute core
    core = [page for page in route() if page.core]
    assert core and len(core) < len(route()), [p.kind for p in route()]
    total = sum(reading(run_page(page.path, reveal=1))[0] for page in core)
    assert total <= ROUTE_WORDS, total


# ------------------------------------------------------------------------------------------ the page spec
# A page is its route entry plus five files, every one named from the entry (attn_lessons.route.Page.files).


def missing(page: Page) -> list[str]:
    """What `page` lacks of its five files, or of its words and notebook being its own: one sentence each, naming
    the files."""
    gaps = [f"{page.path} has no {path} (its {what})" for what, path in page.files.items()
            if not (ROOT / path).exists()]
    if (ROOT / page.path).exists() and not gaps:
        source = (ROOT / page.path).read_text(encoding="utf-8")
        words = rf"\bfrom attn_lessons(\.{page.name} import| import {page.name}\b)|\bimport attn_lessons\.{page.name}\b"
        if not re.search(words, source):
            gaps.append(f"{page.path} does not import its words, attn_lessons/{page.name}.py")
        if "nbk.take_it_home(__file__" not in source:
            gaps.append(f"{page.path} does not end with nbk.take_it_home(__file__, …), the notebook of "
                        f"notebooks/{page.name}.py")
        test = (ROOT / page.files["tests"]).read_text(encoding="utf-8")
        if not re.search(rf"""named\(["']{page.name}["']\)""", test) and page.path not in test \
                and f'"{Path(page.path).name}"' not in test:
            gaps.append(f"{page.files['tests']} never opens {page.path}")
    return gaps


@pytest.mark.parametrize("page", route(), ids=lambda p: p.label)
def test_every_page_on_the_route_has_its_five_files(page):
    assert page.name, f"{page.path}: its route entry has no name (its words' and notebook's module name)"
    assert page.controls, f"{page.path}: its route entry names none of its own controls (for the benchmark)"
    assert not missing(page), "\n".join(missing(page))


def test_a_page_missing_a_file_is_named_with_what_it_lacks():
    """The walk can fail, and says what and where."""
    new = Page("pages/Never_a_page.py", "route-never-a-page", ":material/pin:", name="never_a_page")
    assert missing(new) == [
        "pages/Never_a_page.py has no pages/Never_a_page.py (its page)",
        "pages/Never_a_page.py has no attn_core/never_a_page.py (its maths)",
        "pages/Never_a_page.py has no attn_lessons/never_a_page.py (its words)",
        "pages/Never_a_page.py has no notebooks/never_a_page.py (its notebook)",
        "pages/Never_a_page.py has no tests/pages/test_never_a_page.py (its tests)"]
    masks = next(p for p in ROUTE if p.name == "masks")
    assert missing(replace(masks, name="mistakes")) == [
        "pages/Masks_and_heads.py does not import its words, attn_lessons/mistakes.py",
        "tests/pages/test_masks_and_heads.py never opens pages/Masks_and_heads.py"]  # it opens named("masks")


def test_every_notebook_and_words_module_belongs_to_a_page():
    names = [p.name for p in ROUTE]
    assert len(set(names)) == len(names), names
    assert {p.stem for p in (ROOT / "notebooks").glob("*.py")} == set(names)
    assert {p.slug for p in ROUTE} | {"pages_all", "checkpoint", "class", "presenter", "prose_walk", "route",
                                      "sidebar", "text_alternatives", "glossary", "language"} == {
        p.stem.removeprefix("test_") for p in (ROOT / "tests" / "pages").glob("test_*.py")}
