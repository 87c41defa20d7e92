"""attn_lessons.input (issue 40): each language's default sentence, which follows the language only while the learner
has not typed one, and the note that Chinese text is one token per character, whose numbers are attn_core's."""

from __future__ import annotations

import pytest

from attn_core.builder import action_animal_pair
from attn_core.lexicon import not_in_lexicon
from attn_core.tokens import han_tokens, tokenize
from attn_lessons import i18n
from attn_lessons.input import default_text, default_texts, followed_language, han_note
from attn_lessons.sidebar import DEFAULT_TEXT
from tests.prose import english_runs, never_true


def test_each_language_has_its_own_default_sentence():
    assert default_text("en") == DEFAULT_TEXT == "the cat sat on the mat"
    assert default_text("zh-CN") == "猫坐在垫子上"
    for code in ("zh-SG", "zh-Hans", "zh-TW", "zh_cn"):  # the codes that read the Simplified catalog
        assert default_text(code) == "猫坐在垫子上"
    assert default_text("fr") == default_text(None) == DEFAULT_TEXT  # no catalog of its own: English's
    assert set(default_texts()) == set(i18n.languages())


def test_the_session_language_picks_the_default(monkeypatch):
    i18n.use("zh-CN")
    try:
        assert default_text() == "猫坐在垫子上"
    finally:
        i18n.use("en")
    assert default_text() == DEFAULT_TEXT


@pytest.mark.parametrize("lang", i18n.languages())
def test_every_default_sentence_is_known_to_the_lexicon_with_an_action_and_an_animal(lang):
    """Home's named features pick something on every language's default: no token outside the lexicon, and an
    action asking for an animal."""
    tokens = tokenize(default_text(lang)).tokens
    assert tokens and not not_in_lexicon(tokens), [tokens[i] for i in not_in_lexicon(tokens)]
    assert action_animal_pair(tokens) is not None


def test_the_sentence_follows_the_language_only_while_it_is_the_old_default():
    assert followed_language("the cat sat on the mat", "en", "zh-CN") == "猫坐在垫子上"
    assert followed_language("猫坐在垫子上", "zh-CN", "en") == "the cat sat on the mat"
    assert followed_language("the dog ran", "en", "zh-CN") is None  # typed: kept
    assert followed_language("猫坐在垫子上", "en", "zh-CN") is None  # already the new one's
    assert followed_language("the cat sat on the mat", None, "zh-CN") is None  # switched from no known language
    assert followed_language(None, "en", "zh-CN") is None


@pytest.mark.parametrize("text", ["猫坐在垫子上", "猫", "猫狗", "the cat 猫", "我爱 NLP 和 attention。",
                                  "“猫”，坐！" * 10])
@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_the_chinese_note_counts_the_tokens_as_the_tokenizer_does(text, lang):
    i18n.use(lang)
    try:
        said = han_note(text)
    finally:
        i18n.use("en")
    tokens = tokenize(text).tokens
    assert said.facts == {"han": han_tokens(tokens), "tokens": len(tokens)}
    assert str(said.facts["tokens"]) in said.text and str(said.facts["han"]) in said.text \
        or said.facts["han"] == said.facts["tokens"] <= 2  # "your one token", "both of your tokens"
    assert not never_true(said.text)
    if lang == "zh-CN":
        assert not english_runs(said.text)


@pytest.mark.parametrize("text", ["the cat sat on the mat", "", "   ", "ça va", "日本のテキスト"[3:], 42, None])
def test_no_note_without_a_chinese_character(text):
    assert han_note(text) is None
