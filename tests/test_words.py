"""The home page's sentences say what the tokens really are."""

import re

from hypothesis import given
from hypothesis import strategies as st

from attn_core.words import number_word, positions_note, repeated_words


def test_the_classic_sentence_names_its_two_thes():
    assert positions_note(("the", "cat", "sat", "on", "the", "mat")).endswith("so the two “the”s get different rows.")


def test_no_repeated_word_no_claim_about_repeats():
    note = positions_note(tuple("one two three four five six seven eight nine ten".split()))
    assert "“" not in note and "two different rows" in note


def test_four_of_a_word_is_counted_as_four_and_case_is_folded():
    assert "the four “the”s" in positions_note(("The", "a", "the", "THE", "x", "the"))


def test_without_positions_it_says_rows_repeat():
    assert "same row" in positions_note(("a", "a"), positional=False)


@given(st.lists(st.sampled_from(["a", "b", "cat", "The", "the", "x"]), min_size=1, max_size=32))
def test_every_word_named_repeats_exactly_as_often_as_said(tokens):
    note = positions_note(tuple(tokens))
    named = dict((w, c) for c, w in re.findall(r"the (\w+) “([^”]+)”s", note))
    expected = {w: number_word(c) for w, c in repeated_words(tokens).items()}
    assert named == expected
