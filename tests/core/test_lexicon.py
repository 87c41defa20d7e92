"""attn_core.lexicon: the data file of the builder's named features, and what the builder reads from it."""

from __future__ import annotations

import csv

import pytest

from attn_core.builder import FEATURES, LEXICON, UNKNOWN, lexicon_feature
from attn_core.lexicon import FALLBACK, LEXICON_FILE, feature_indices, not_in_lexicon, read_lexicon
from attn_core.tokens import tokenize


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


def test_the_lexicon_holds_a_few_hundred_common_words():
    assert 300 <= len(read_lexicon()) <= 1000


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
