"""Home's words (attn_lessons.home): the sentences say what the tokens and the weights really are."""

import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from attn_core import softmax
from attn_core.builder import (
    FEATURES,
    POSITION_DIMS,
    QUERY_RULES,
    action_animal_pair,
    build,
    interpretable_start,
    lexicon_feature,
    repeated_words,
)
from attn_core.lexicon import not_in_lexicon
from attn_core.tokens import tokenize
from attn_lessons.format import listing, num
from attn_lessons.home import (
    KINDS_OF_WORD,
    WORKING_SENTENCES,
    code_intro,
    counts_as,
    named_features_caption,
    named_features_help,
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
    unknown_words,
    weight_matrix_sentence,
)
from tests.hyp import examples


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
    assert right and "every key the same" in text and "any key is right" in text


def test_keys_whose_weights_print_the_same_tie_and_either_is_right():
    """Issue 30 item 3: Home, random weights, seed 0, query “the·0”, guess “cat”: both print 0.199; it said
    "Not quite"."""
    import attn_core

    inputs = attn_core.build_inputs("the cat sat on the mat", 0, 8)
    w = inputs.weights
    res = build(inputs.X, w.W_Q, w.W_K, w.W_V)
    labels = list(inputs.labels)
    for guess in (0, 1):
        right, text = top_key_verdict(labels, 0, res.scaled[0], res.weights[0], guess)
        assert right and text.startswith("“the·0” and “cat” tie at 0.199: either is right."), text
        assert "gets 0.199" not in text
    right, text = top_key_verdict(labels, 0, res.scaled[0], res.weights[0], 2)
    assert not right and text.endswith("“sat” gets 0.156.")
    # every weight printing the same without equal scores: every key is right, and the scores are told apart
    right, text = top_key_verdict(["a", "b", "c"], 0, [1e-4, 0.0, 0.0], softmax(np.array([1e-4, 0.0, 0.0])), 2)
    assert right and text.startswith("“a”'s weights all print as 0.333") and "any key is right" in text


@given(st.lists(st.one_of(st.floats(-30, 30), st.sampled_from([0.0, 1.0, 2.0])), min_size=2, max_size=12),
       st.integers(0, 11))
def test_the_verdict_agrees_with_the_weights(scaled, guess):
    guess = guess % len(scaled)
    weights = softmax(np.array(scaled))
    labels = [f"t{k}" for k in range(len(scaled))]
    right, text = top_key_verdict(labels, 0, scaled, weights, guess)
    top = [j for j in range(len(scaled)) if num(weights[j], 3) == num(weights.max(), 3)]  # as printed
    assert right == (guess in top)
    if len(top) == 1:
        assert f"to “t{top[0]}”" in text
    elif len(top) < len(scaled):
        assert text.startswith(f"{listing([f'“t{j}”' for j in top])} tie at {num(weights.max(), 3)}: ")


# ---- the page's other sentences, each from its numbers -------------------------------------------

def test_the_weights_captions_name_the_seed_or_the_features_and_rules():
    assert random_weights_caption(3, 16).startswith("W_Q, W_K and W_V are drawn from seed 3 (sidebar), d_model = 16.")
    # the seeded weights are not even: 32 tokens at d_model = 8, seed 0, give one key 0.85 of a query's weight
    assert "even" not in random_weights_caption(0, 8) and "down to the seed" in random_weights_caption(0, 8)
    named = named_features_caption()
    assert named.endswith("the hand-set W_Q says an action looks for an animal, an animal for an action and a "
                          "function word for a place.")
    assert "(nouns for people count as animals, things as places and pronouns as function words)" in named
    assert f"{len(FEATURES)} named features ({', '.join(FEATURES)}) and 2 position columns" in named_features_help()


FEATURE_WORDS = {"animals": "animal", "actions": "action", "places": "place", "function words": "function"}


@pytest.mark.parametrize("pronoun", ["we", "i", "you", "they", "he", "she", "it"])
def test_what_the_caption_says_a_pronoun_counts_as_is_what_the_lexicon_gives_it(pronoun):
    """Issue 30 item 11: the caption said "a person counts as an animal" while “we”, “i”, “you” and “they” are
    function words, so in “we sat on the mat” “sat” finds no animal."""
    said = re.search(r"pronouns (?:count )?as ([\w ]+?)\)", named_features_caption())
    assert said, named_features_caption()
    assert FEATURES[lexicon_feature(pronoun)] == FEATURE_WORDS[said.group(1)]
    assert "a person counts as an animal" not in named_features_caption()  # pronouns are people the lexicon files apart


def test_every_kind_of_word_the_caption_names_is_filed_under_one_feature():
    for kind, words in KINDS_OF_WORD:
        said = re.search(rf"\b{kind} (?:count )?as ([\w ]+?)(?:[,);]| and)", named_features_caption())
        assert said, (kind, named_features_caption())
        assert {FEATURES[lexicon_feature(w)] for w in words} == {FEATURE_WORDS[said.group(1)]}
    with pytest.raises(ValueError, match="different features"):
        counts_as(("we", "sister"))  # a pronoun and a person noun: the lexicon files them apart


def test_the_rules_said_are_the_rules_w_q_holds():
    """Each rule the caption names is a 1 in the hand-set W_Q, and W_Q has no other 1 in its feature rows."""
    said = named_features_caption()
    names = {"an animal": "animal", "an action": "action", "a place": "place", "a function word": "function"}
    found = re.findall(r"(an? \w+(?: word)?) (?:looks )?for (an? \w+(?: word)?)", said.split("says ")[1])
    W_Q = interpretable_start(("cat",)).W_Q
    pairs = {(FEATURES.index(names[f]), FEATURES.index(names[g])) for f, g in found}
    assert pairs == set(QUERY_RULES) == {tuple(int(k) for k in ij) for ij in zip(*np.nonzero(W_Q), strict=True)}


def test_the_one_head_caption_says_what_x_is_and_where_heads_are_taught():
    sentence = ("the", "cat", "sat", "on", "the", "mat")
    assert one_head_caption(7, sentence, named=True) == (
        "d_k = d_v = 7 here, not the sidebar's d_model: X is each token's 5 named features plus its 2 position "
        "columns, and this page runs one head over that whole width (several heads are taught on Masks and heads).")
    assert one_head_caption(8, sentence, named=False).endswith(positions_note(sentence))


def test_the_square_root_of_7_says_where_the_7_comes_from():
    """Issue 30 item 15: Home divided by √7 beside a sidebar that says d_model 8 and 'here d_k = d_model'."""
    start = interpretable_start(("the", "cat", "sat"))
    d_k = build(start.X, start.W_Q, start.W_K, start.W_V).d_k
    assert d_k == len(FEATURES) + len(POSITION_DIMS) == 7
    caption = query_steps_caption(d_k, [0.25, 0.5, 0.25], named=True)
    assert (f"√d_k = √7 = 2.646 (d_k = 7 here, not the sidebar's d_model: X is each token's {len(FEATURES)} named "
            f"features plus its {len(POSITION_DIMS)} position columns)") in caption
    assert "(d_k = d_model = 8, the sidebar's)" in query_steps_caption(8, [0.5, 0.5], named=False)


@pytest.mark.parametrize("labels,unknown,said", [
    (["the", "quick", "fox"], [1], "“quick” is not in the lexicon, so its row carries no meaning: no rule of W_Q "
                                   "asks with it or looks for it."),
    (["the", "ball", "across"], [1, 2], "“ball” and “across” are not in the lexicon, so their rows carry no "
                                        "meaning: no rule of W_Q asks with them or looks for them."),
    (["hello", "big", "world"], [0, 1, 2], "None of your tokens is in the lexicon, so their rows carry no meaning"),
    (["hello"], [0], "“hello” is not in the lexicon, so its row carries no meaning"),
    ([f"w{k}" for k in range(8)] + ["cat"], list(range(8)),
     "“w0”, “w1”, “w2”, “w3” and 4 more tokens are not in the lexicon"),
    (["a", "*", "b"], [1, 2], "“\\*” and “b” are not"),
])
def test_the_words_outside_the_lexicon_are_named_and_counted(labels, unknown, said):
    assert said in unknown_words(labels, unknown)
    assert unknown_words(labels, unknown).endswith("Try a sentence whose words it knows:")


def test_a_sentence_the_lexicon_knows_gets_no_note():
    assert unknown_words(["the", "cat"], []) is None


@pytest.mark.parametrize("sentence", WORKING_SENTENCES)
def test_the_sentences_offered_work(sentence):
    """Every word known, and its first action at position 2, the query the page starts on."""
    tokens = tokenize(sentence).tokens
    assert not not_in_lexicon(tokens)
    assert action_animal_pair(tokens) is not None and action_animal_pair(tokens)[0] == 2


def test_the_query_titles_and_caption_carry_the_live_numbers():
    title, panels = query_titles("sat", 7)
    assert title == "What “sat” asks of every key" and panels == ["1. score q·kⱼ", "2. scaled: ÷ √7", "3. weight"]
    assert query_titles("sat", 64)[1][1] == "2. scaled: ÷ √64"  # the width on screen, computed
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


@pytest.mark.parametrize("n, phrase", [(6, "6 tokens give a 6 × 6"), (8, "8 tokens give an 8 × 8"),
                                       (11, "11 tokens give an 11 × 11"), (1, "one token gives a 1 × 1")])
def test_the_weight_matrix_sentence_is_grammatical_for_every_length(n, phrase):
    """Issue 22: one token read "Your 1 tokens give a 1 × 1 weight matrix"."""
    assert f"Your {phrase} weight matrix, one row per query." in weight_matrix_sentence(n, n, n)


# ---- issue 22: no 1.000 or 0.000 for a weight that is not exactly 1 or 0, and the two scores told apart --------

def test_one_token_gets_the_whole_weight_and_is_not_said_to_weigh_every_key_the_same():
    """Issue 22, Home ?text=hello: "weighs every key the same, 1.000 each" of its one key."""
    right, text = top_key_verdict(["hello"], 0, [0.7], [1.0], 0)
    assert right and "every key the same" not in text and "each" not in text
    assert "“hello” is the only token, so it is its own only key and gets the whole weight, 1: softmax" in text


def test_a_weight_near_1_and_one_near_0_are_printed_with_the_digits_that_show_them():
    weights = softmax(np.array([8.0, 0.0]))  # [0.99966, 0.00034]: not 1 and not 0
    right, text = top_key_verdict(["a", "b"], 0, [8.0, 0.0], weights, 1)
    assert not right and not re.search(r"(?<![\d.])[01]\.000(?!\d)", text), text
    assert "its largest weight, 0.9997, to “a”" in text and text.endswith("“b” gets 0.0003.")


def test_scores_that_round_alike_are_printed_apart():
    scaled = [1.2341, 1.2302, -3.0]  # 1.23 and 1.23 at two decimals, but “a” is ahead
    right, text = top_key_verdict(["a", "b", "c"], 0, scaled, softmax(np.array(scaled)), 0)
    assert right and "is 1.234 there, against at most 1.230 (“b”)" in text, text


# (Home's weights are printed by format.enough, tested in tests/lessons/test_format.py.)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.floats(-40, 40), min_size=1, max_size=12), st.integers(0, 11))
def test_no_verdict_rounds_a_weight_to_0_or_1_or_two_scores_to_one(scaled, guess):
    weights = softmax(np.array(scaled))
    guess = guess % len(scaled)
    _, text = top_key_verdict([f"t{k}" for k in range(len(scaled))], 0, scaled, weights, guess)
    printed = re.findall(r"(?:largest weight|the same|whole weight), ([^ ,:]+)|gets (.+)\.$", text)
    for shown in (a or b for a, b in printed):  # every weight the sentence prints
        if shown in ("0.000", "1.000"):
            assert float(shown) in {float(w) for w in weights}, (shown, list(weights), text)
    scores = re.search(r"is (\S+) there, against at most (\S+) ", text)
    if scores:
        best, second = scores.groups()
        assert best != second, text
        assert "0.00" not in (best, second) or 0.0 in scaled, text


def test_the_notebooks_note_names_the_query_as_typed():
    from attn_lessons.home import notebook_query_note

    assert notebook_query_note("cat") == "the query the page shows: 'cat'"
    assert notebook_query_note("it's") == "the query the page shows: \"it's\""  # quoted as Python writes it
    assert notebook_query_note("*") != notebook_query_note("the·0")


def test_the_route_note_states_the_core_pages_reading_time_from_the_route():
    from attn_lessons import home
    from attn_ui.pages import route

    core = [p for p in route() if p.core]
    text, minutes = home.route_note(sum(p.minutes for p in core))
    assert minutes == sum(p.minutes for p in core) and minutes > 0
    assert f"about {minutes} minutes" in text
