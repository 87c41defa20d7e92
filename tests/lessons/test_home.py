"""Home's words (attn_lessons.home): the sentences say what the tokens and the weights really are."""

import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from attn_core.builder import FEATURES, repeated_words, top_keys
from attn_lessons.builder import rules_said
from attn_lessons.home import (
    code_intro,
    named_features_caption,
    number_word,
    one_head_caption,
    output_header,
    positions_note,
    query_steps_caption,
    query_titles,
    random_weights_caption,
    shares_sum_caption,
    top_key_question,
    top_key_verdict,
    weight_matrix_sentence,
)


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
    from attn_core import softmax

    guess = guess % len(scaled)
    weights = softmax(np.array(scaled))
    labels = [f"t{k}" for k in range(len(scaled))]
    right, text = top_key_verdict(labels, 0, scaled, weights, guess)
    assert right == (weights.max() - weights[guess] <= 1e-9)
    if len(top_keys(weights)) < len(scaled):
        assert f"to “t{int(np.argmax(weights))}”" in text or "and" in text


# ---- the page's other sentences, each from its numbers -------------------------------------------

def test_the_weights_captions_name_the_seed_or_the_features_and_rules():
    assert random_weights_caption(3, 16).startswith("W_Q, W_K and W_V are drawn from seed 3 (sidebar), d_model = 16.")
    named = named_features_caption()
    assert f"one of {len(FEATURES)} features ({', '.join(FEATURES)}) or one of 2 position columns" in named
    assert all(rule in named for rule in rules_said())


def test_the_one_head_caption_says_what_x_is():
    sentence = ("the", "cat", "sat", "on", "the", "mat")
    assert one_head_caption(7, sentence, named=True) == ("One head, so d_k = d_v = d_model = 7. X is each token's "
                                                         "named features plus its two position columns.")
    assert one_head_caption(8, sentence, named=False).endswith(positions_note(sentence))


def test_the_query_titles_and_caption_carry_the_live_numbers():
    title, panels = query_titles("sat", 7)
    assert title == "What “sat” asks of every key" and panels[0] == "1. scores q·kⱼ for sat"
    assert panels[1] == "2. scaled: q·kⱼ / √7" and panels[2].startswith("3. weights")
    caption = query_steps_caption(7, [0.25, 0.5, 0.25])
    assert "√d_k = √7 = 2.646" in caption and caption.endswith("they sum to 1.0000.")
    assert top_key_question("sat") == "Which key will “sat” give the most weight?"


def test_the_output_header_and_code_intro_escape_the_token():
    assert output_header("*") == "4. The output for \\* is a weighted sum of the value rows"
    assert "for the query “mat”, in the order the page shows them" in code_intro("mat")


def test_the_shares_caption_reports_the_real_gap():
    shares = np.array([[0.5, 1.0], [0.25, 2.0]])
    assert shares_sum_caption(shares, [0.75, 3.0]).endswith("largest gap below 10⁻⁹.")
    assert shares_sum_caption(shares, [0.75, 3.5]).endswith("largest gap 0.500.")


@pytest.mark.parametrize("n, phrase", [(6, "give a 6 × 6 weight matrix"), (8, "give an 8 × 8 weight matrix"),
                                       (11, "give an 11 × 11 weight matrix"), (1, "give a 1 × 1 weight matrix")])
def test_the_weight_matrix_sentence_is_grammatical_for_every_length(n, phrase):
    assert f"Your {n} tokens {phrase}, one row per query." in weight_matrix_sentence(n, n, n)
