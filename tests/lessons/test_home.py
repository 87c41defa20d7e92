"""Home's words (attn_lessons.home): the sentences say what the tokens and the weights really are."""

import re

from hypothesis import given
from hypothesis import strategies as st

from attn_core.builder import repeated_words, top_keys
from attn_lessons.home import number_word, positions_note, top_key_verdict


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


def test_the_largest_weight_is_named_and_a_wrong_guess_gets_its_own_weight():
    right, text = top_key_verdict(["sat", "cat", "mat"], 0, [0.1, 3.4, 0.0], [0.05, 0.9, 0.05], 1)
    assert right and "0.900, to “cat”" in text and "3.40 there, against at most 0.10 (“sat”)" in text
    right, text = top_key_verdict(["sat", "cat", "mat"], 0, [0.1, 3.4, 0.0], [0.05, 0.9, 0.05], 2)
    assert not right and text.endswith("“mat” gets 0.050.")


def test_an_even_row_prefers_no_key():
    right, text = top_key_verdict(["a", "b"], 0, [1.0, 1.0], [0.5, 0.5], 1)
    assert right and "every key the same" in text


@given(st.lists(st.floats(-30, 30), min_size=2, max_size=12), st.integers(0, 11))
def test_the_verdict_agrees_with_the_weights(scaled, guess):
    import numpy as np

    from attn_core import softmax

    guess = guess % len(scaled)
    weights = softmax(np.array(scaled))
    labels = [f"t{k}" for k in range(len(scaled))]
    right, text = top_key_verdict(labels, 0, scaled, weights, guess)
    assert right == (weights.max() - weights[guess] <= 1e-9)
    if len(top_keys(weights)) < len(scaled):
        assert f"to “t{int(np.argmax(weights))}”" in text or "and" in text
