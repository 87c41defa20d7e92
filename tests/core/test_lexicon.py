"""attn_core.lexicon: the data file of the builder's named features, and what the builder reads from it."""

from __future__ import annotations

import csv

import pytest

from attn_core.builder import FEATURES, LEXICON, UNKNOWN, action_animal_pair, lexicon_feature, no_rule_tokens
from attn_core.lexicon import FALLBACK, LEXICON_FILE, feature_indices, not_in_lexicon, read_lexicon, sizes
from attn_core.tokens import is_han, tokenize


def file_rows() -> list[dict]:
    with open(LEXICON_FILE, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_every_entry_has_one_of_the_builders_features_and_none_is_the_fallback():
    rows = file_rows()
    assert rows and set(rows[0]) == {"word", "feature"}
    named = set(FEATURES) - {FALLBACK}
    assert {r["feature"] for r in rows} == named  # every feature but the fallback has words, and only those


def test_no_word_is_listed_twice_and_every_word_is_lower_case():
    words = [r["word"] for r in file_rows()]
    assert len(words) == len(set(words))
    assert all(w == w.casefold() and w.strip() == w and w for w in words)


def test_the_lexicon_holds_a_few_hundred_common_words_and_a_few_hundred_chinese_characters():
    counted = sizes()
    assert 300 <= counted["words"] <= 1000 and 300 <= counted["characters"] <= 1000, counted
    assert counted["words"] + counted["characters"] == len(read_lexicon())
    assert sum(is_han(w) for w in read_lexicon()) == counted["characters"]


def test_the_builder_reads_the_file():
    assert LEXICON == feature_indices(FEATURES)
    assert all(FEATURES[LEXICON[w]] == f for w, f in read_lexicon().items())
    assert lexicon_feature("Sister") == FEATURES.index("animal") and lexicon_feature("zyzzyva") == UNKNOWN


@pytest.mark.parametrize("word,feature", [("cat", "animal"), ("sister", "animal"), ("teacher", "animal"),
                                          ("fed", "action"), ("threw", "action"), ("park", "place"),
                                          ("ball", "place"), ("across", "function"), ("my", "function"),
                                          ("she", "function")])
def test_people_count_as_animals_things_as_places_and_pronouns_as_function_words(word, feature):
    assert FEATURES[lexicon_feature(word)] == feature


@pytest.mark.parametrize("sentence", ["the dog chased the ball across the park", "my sister fed the cat",
                                      "the children played in the garden after school",
                                      "a bird sang in the tree near our house",
                                      "the girl threw the stick into the river"])
def test_everyday_sentences_are_mostly_known(sentence):
    tokens = tokenize(sentence).tokens
    assert len(not_in_lexicon(tokens)) <= len(tokens) // 4, [tokens[i] for i in not_in_lexicon(tokens)]


def test_adjectives_adverbs_names_and_punctuation_stay_unknown():
    tokens = tokenize("The quick brown fox quickly met Anna.").tokens
    assert [tokens[i] for i in not_in_lexicon(tokens)] == ["quick", "brown", "quickly", "Anna", "."]
    assert [lexicon_feature(tokens[i]) for i in not_in_lexicon(tokens)] == [UNKNOWN] * 5


# ---- Chinese: one character a token (attn_core.tokens), so one character an entry ----------------------------------

def test_every_chinese_entry_is_one_han_character_a_token_of_its_own():
    chinese = [w for w in read_lexicon() if is_han(w)]
    assert chinese and all(len(w) == 1 and tokenize(w).tokens == (w,) for w in chinese)
    assert all(w.isascii() for w in read_lexicon() if not is_han(w))  # the rest are the English words


def test_the_chinese_default_sentence_reads_as_the_english_one_does():
    """猫坐在垫子上 is "the cat sat on the mat": every character known, the action asks for the animal and the
    animal for the action, as sat and cat do, and the function words look for the place."""
    english, chinese = tokenize("the cat sat on the mat").tokens, tokenize("猫坐在垫子上").tokens
    assert not not_in_lexicon(chinese) and not not_in_lexicon(english)
    assert [FEATURES[lexicon_feature(t)] for t in chinese] == \
        ["animal", "action", "function", "place", "place", "function"]
    i, j = action_animal_pair(chinese)
    a, b = action_animal_pair(english)
    assert (chinese[i], chinese[j]) == ("坐", "猫") and (english[a], english[b]) == ("sat", "cat")
    # the tokens that ask for nothing are the place, in both: mat; 垫 and 子
    assert [english[k] for k in no_rule_tokens(english)] == ["mat"]
    assert [chinese[k] for k in no_rule_tokens(chinese)] == ["垫", "子"]


@pytest.mark.parametrize("char,feature", [("猫", "animal"), ("狗", "animal"), ("姐", "animal"), ("师", "animal"),
                                          ("坐", "action"), ("跑", "action"), ("喂", "action"), ("给", "action"),
                                          ("垫", "place"), ("子", "place"), ("球", "place"), ("书", "place"),
                                          ("上", "function"), ("在", "function"), ("我", "function"),
                                          ("她", "function"), ("的", "function"), ("被", "function")])
def test_chinese_characters_have_the_english_words_features(char, feature):
    """People count as animals, things as places, pronouns, particles and words of place as function words."""
    assert FEATURES[lexicon_feature(char)] == feature


@pytest.mark.parametrize("sentence", ["狗在公园里追球", "我的妹妹在厨房里喂猫", "姐姐喂猫吃饭",
                                      "鸟在我们家旁边的树上唱歌", "女孩把棍子扔进河里", "老师坐在椅子上看书"])
def test_everyday_chinese_sentences_are_mostly_known(sentence):
    tokens = tokenize(sentence).tokens
    assert len(not_in_lexicon(tokens)) <= len(tokens) // 4, [tokens[i] for i in not_in_lexicon(tokens)]
    assert action_animal_pair(tokens) is not None


def test_chinese_adjectives_numbers_and_punctuation_stay_unknown():
    tokens = tokenize("三只大红猫，很快。").tokens
    assert [tokens[i] for i in not_in_lexicon(tokens)] == ["三", "大", "红", "，", "快", "。"]


@pytest.mark.parametrize("text,message", [
    ("word,feature\ncat,animal\ncat,animal\n", "listed twice"),
    ("word,feature\nCat,animal\n", "lower case"),
    ("word,feature\ncat,\n", "expected word,feature"),
    ("word,feature\ncat,unknown\n", "leave it out"),
])
def test_a_broken_file_is_refused_with_its_line(tmp_path, text, message):
    path = tmp_path / "lexicon.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=message) as err:
        read_lexicon(path)
    assert "line 3" in str(err.value) or "line 2" in str(err.value)


def test_a_feature_the_builder_does_not_have_is_refused(tmp_path):
    path = tmp_path / "lexicon.csv"
    path.write_text("word,feature\nball,object\n", encoding="utf-8")
    with pytest.raises(ValueError, match="'ball' has the feature 'object'"):
        feature_indices(FEATURES, path)
