"""The route in the order of the ideas (issue 23): file prefixes follow it, old links still open the same pages,
no page uses an idea a later page teaches, each entry's reading time comes from the page's own words, and the
core fits the 30-minute budget."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from attn_ui.pages import ROUTE, TEACHERS, route
from tests.apptest_utils import assert_ran, run_page
from tests.lesson_length import PAGE_WORDS, ROUTE_WORDS, WORDS_BEFORE_PICTURE, reading

WORDS_PER_MINUTE = 200
# Every link shared before the route was reordered names one of these paths: each still opens its page.
OLD_URL_PATHS = {"", "QKV_builder", "Scaling_explorer", "Training_lab", "Common_mistakes", "Check_yourself",
                 "Masks_and_heads", "Mask_mistakes"}


def test_the_route_is_in_the_order_of_the_ideas():
    assert [p.label for p in ROUTE] == ["Home", "Q/K/V builder", "Scaling explorer", "Training lab",
                                        "Masks and heads", "Common mistakes", "Mask mistakes", "Check yourself"]


def test_no_page_uses_an_idea_before_the_page_that_teaches_it():
    taught: set[str] = set()
    for page in ROUTE:
        assert page.uses <= taught, f"{page.label} uses {sorted(page.uses - taught)} before a page teaches it"
        taught |= page.teaches


def test_the_file_prefixes_follow_the_route_and_the_old_links_still_open_their_pages():
    numbered = [Path(p.path).stem.split("_", 1)[0] for p in ROUTE[1:]]
    assert numbered == [str(k) for k in range(1, len(ROUTE))], numbered
    assert {p.url_path for p in ROUTE} == OLD_URL_PATHS
    assert Path(TEACHERS.path).stem.split("_", 1)[0] == str(len(ROUTE))  # the teachers' page after the route


@pytest.mark.parametrize("page", route(), ids=lambda p: p.label)
def test_each_page_reads_within_its_budget_and_its_route_entry_says_how_long(page):
    at = run_page(page.path, reveal=1)
    assert_ran(at)
    words, before = reading(at)
    assert words <= PAGE_WORDS, f"{page.label}: {words} words"
    assert before is not None and before <= WORDS_BEFORE_PICTURE, f"{page.label}: {before} words before a picture"
    assert page.minutes == max(1, math.ceil(words / WORDS_PER_MINUTE)), (page.label, words, page.minutes)


def test_the_whole_route_reads_in_at_most_4000_words():
    total = sum(reading(run_page(page.path, reveal=1))[0] for page in route())
    assert total <= ROUTE_WORDS, total
