"""The session's language in AppTest (issue 40): a link's lang= opens a page in that language cold, with that
language's default sentence; the sidebar's switch keeps every other setting of the view, and changes the sentence
only while it is the old language's default; a Chinese sentence gets the note that each character is a token. (The
browser's own locale is covered in Chromium: tests/browser/test_languages.py.)"""

from __future__ import annotations

import pytest

from attn_core.tokens import han_tokens, tokenize
from attn_lessons import i18n
from attn_lessons.input import default_text, han_note
from attn_ui.pages import HOME
from tests.apptest_utils import assert_ran, run_page, sidebar_notes


def sidebar_captions(at) -> list[str]:
    return sidebar_notes(at)


def test_a_link_with_lang_opens_in_that_language_with_its_default_sentence():
    at = run_page(HOME.path, lang="zh-CN")
    assert_ran(at)
    assert at.session_state["lang"] == "zh-CN" and at.query_params["lang"] == "zh-CN"
    assert at.session_state["text"] == default_text("zh-CN") == "猫坐在垫子上"
    assert at.query_params["text"] == "猫坐在垫子上"
    i18n.use("zh-CN")
    try:
        note = han_note("猫坐在垫子上")
    finally:
        i18n.use("en")
    assert note.facts == {"han": 6, "tokens": 6} and note.text in sidebar_captions(at)


def test_a_link_with_lang_and_text_keeps_the_links_sentence():
    at = run_page(HOME.path, lang="zh-CN", text="the dog ran")
    assert_ran(at)
    assert at.session_state["text"] == "the dog ran"
    assert not [c for c in sidebar_captions(at) if "BERT" in c]  # no Chinese character: no note


def test_english_without_lang_says_nothing_about_chinese():
    at = run_page(HOME.path)
    assert_ran(at)
    assert at.session_state["lang"] == "en" and at.session_state["text"] == default_text("en")
    assert not [c for c in sidebar_captions(at) if "BERT" in c]


def test_switching_keeps_the_view_and_the_default_sentence_follows_the_language():
    at = run_page(HOME.path, seed="7", d_model="12", heads="3", query="3", home_random="1")
    assert_ran(at)
    before = {k: at.session_state[k] for k in ("seed", "d_model", "heads", "query", "home_random")}
    assert before == {"seed": 7, "d_model": 12, "heads": 3, "query": 3, "home_random": True}
    at.radio(key="lang").set_value("zh-CN").run()
    assert_ran(at)
    assert at.session_state["text"] == "猫坐在垫子上" and at.query_params["text"] == "猫坐在垫子上"
    assert {k: at.session_state[k] for k in before} == before
    assert at.query_params["lang"] == "zh-CN" and at.query_params["seed"] == "7"
    at.radio(key="lang").set_value("en").run()
    assert_ran(at)
    assert at.session_state["text"] == "the cat sat on the mat"
    assert {k: at.session_state[k] for k in before} == before


@pytest.mark.parametrize("typed", ["the dog chased the ball", "狗在公园里追球"])
def test_a_sentence_the_learner_typed_stays_when_the_language_changes(typed):
    at = run_page(HOME.path)
    assert_ran(at)
    at.text_area(key="text").input(typed).run()
    at.radio(key="lang").set_value("zh-CN").run()
    assert_ran(at)
    assert at.session_state["text"] == typed
    at.radio(key="lang").set_value("en").run()
    assert at.session_state["text"] == typed
    notes = [c for c in sidebar_captions(at) if "BERT" in c]
    tokens = tokenize(typed).tokens
    assert len(notes) == (1 if han_tokens(tokens) else 0)


def test_homes_named_features_ask_the_action_and_find_the_animal_in_both_default_sentences():
    """猫坐在垫子上 on Home, as "the cat sat on the mat": the query starts on the action (坐, sat), and the named
    features give its largest weight to the animal (猫, cat), the same weight in both."""
    import numpy as np

    from attn_core.builder import action_animal_pair, build, interpretable_start

    found = {}
    for lang in ("en", "zh-CN"):
        at = run_page(HOME.path, lang=lang)
        assert_ran(at)
        tokens = tokenize(at.session_state["text"]).tokens
        assert tokens == tokenize(default_text(lang)).tokens
        i, j = action_animal_pair(tokens)
        assert at.session_state["query"] == i and not at.session_state["home_random"]
        start = interpretable_start(tokens)
        weights = build(start.X, start.W_Q, start.W_K, start.W_V).weights
        assert int(np.argmax(weights[i])) == j
        found[lang] = (tokens[i], tokens[j], float(weights[i, j]))
    assert found["en"][:2] == ("sat", "cat") and found["zh-CN"][:2] == ("坐", "猫")
    assert found["en"][2] == pytest.approx(found["zh-CN"][2])
