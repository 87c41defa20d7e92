"""Masks and heads: masked pairs get exactly 0, rows renormalise, fully masked rows give 0 not NaN."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.hyp import examples

import attn_core
from attn_core.masks import (
    MAX_PAD,
    PAD_LABEL,
    PAD_TOKEN,
    blocked_mask,
    build_mask,
    checkpoint_token,
    encode_mask,
    first_blocked_row,
    fit_mask,
    fully_masked_rows,
    head_average,
    head_shapes,
    heads_by_top_keys,
    hidden_keys,
    keeps_whole_weight,
    largest_blocked_weight,
    key_set_options,
    n_real,
    padded_keys,
    parse_mask,
    prediction_right,
    row_sum_gap,
    rule_of,
    top_keys,
    value_columns,
    visible_keys,
    with_padding,
)
from attn_ui.params import D_MODEL_CHOICES, divisors
from tests.reference import reference_multi_head

SENTENCE = "the cat sat on the mat"


def layer(d_model: int, seed: int = 0, text: str = SENTENCE):
    inputs = attn_core.build_inputs(text, seed, d_model)
    w = inputs.weights
    return inputs.X, w.W_Q, w.W_K, w.W_V, w.W_O


def mha(d_model, heads, mask=None, seed=0, text=SENTENCE):
    X, W_Q, W_K, W_V, W_O = layer(d_model, seed, text)
    return attn_core.multi_head_attention(X, W_Q, W_K, W_V, heads, W_O, mask)


sizes = st.tuples(st.sampled_from(D_MODEL_CHOICES[:6]), st.integers(1, 12), st.integers(0, 10_000))


@settings(max_examples=examples(40), deadline=None)
@given(sizes, st.data())
def test_causal_upper_triangle_is_exactly_zero_and_rows_sum_to_one(size, data):
    d_model, n, seed = size
    heads = data.draw(st.sampled_from(divisors(d_model)))
    X = np.random.default_rng(seed).standard_normal((n, d_model)) * 3
    w = attn_core.random_weights(d_model, seed)
    res = attn_core.multi_head_attention(X, w.W_Q, w.W_K, w.W_V, heads, w.W_O, build_mask("causal", n))
    upper = np.triu(np.ones((n, n), dtype=bool), k=1)
    assert np.all(res.weights[:, upper] == 0.0)
    np.testing.assert_allclose(res.weights.sum(axis=-1), 1.0, atol=1e-12)
    assert np.all(np.isfinite(res.output))


@settings(max_examples=examples(40), deadline=None)
@given(sizes, st.data())
def test_padded_key_columns_are_exactly_zero(size, data):
    d_model, n, seed = size
    n_padded = data.draw(st.integers(0, n - 1))
    heads = data.draw(st.sampled_from(divisors(d_model)))
    X = np.random.default_rng(seed).standard_normal((n, d_model))
    w = attn_core.random_weights(d_model, seed)
    mask = build_mask("padding", n, n_padded)
    res = attn_core.multi_head_attention(X, w.W_Q, w.W_K, w.W_V, heads, w.W_O, mask)
    padded = padded_keys(n, n_padded)
    assert np.all(res.weights[..., padded] == 0.0)
    # every query still sees the real tokens, so each row renormalises over them and sums to 1
    np.testing.assert_allclose(res.weights.sum(axis=-1), 1.0, atol=1e-12)


def test_padded_keys_are_the_trailing_ones():
    assert padded_keys(6, 2) == [4, 5]
    assert padded_keys(6, 0) == []
    mask = build_mask("padding", 4, 1)
    assert mask[:, 3].tolist() == [False] * 4 and mask[:, :3].all()


@pytest.mark.parametrize("heads", [1, 2, 4, 8])
def test_fully_masked_row_gives_zero_weights_and_zero_output_never_nan(heads):
    n = 6
    mask = build_mask("causal", n)
    mask[2] = False  # query 2 may see no key at all
    mask[:, 5] = False  # and key 5 is blocked for everyone
    res = mha(8, heads, mask)
    assert not np.isnan(res.weights).any() and not np.isnan(res.output).any()
    assert np.all(res.weights[:, 2] == 0.0)
    assert np.all(res.head_outputs[:, 2] == 0.0) and np.all(res.output[2] == 0.0)
    other = [i for i in range(n) if i != 2]
    np.testing.assert_allclose(res.weights[:, other].sum(axis=-1), 1.0, atol=1e-12)
    assert fully_masked_rows(mask).tolist() == [2]


def test_every_pair_masked_gives_all_zeros():
    res = mha(8, 2, np.zeros((6, 6), dtype=bool))
    assert np.all(res.weights == 0.0) and np.all(res.output == 0.0)
    assert fully_masked_rows(np.zeros((6, 6), dtype=bool)).tolist() == list(range(6))
    avg = head_average(res.weights)
    assert np.all(avg == 0.0)


@pytest.mark.parametrize("d_model", [4, 8, 12])
@pytest.mark.parametrize("kind", ["none", "causal", "padding", "custom"])
def test_per_head_results_equal_multi_head_attention_for_every_divisor(d_model, kind):
    X, W_Q, W_K, W_V, W_O = layer(d_model)
    n = X.shape[0]
    custom = np.random.default_rng(1).random((n, n)) < 0.5
    mask = build_mask(kind, n, n_padded=2, custom=custom)
    for heads in divisors(d_model):
        res = attn_core.multi_head_attention(X, W_Q, W_K, W_V, heads, W_O, mask)
        d_k = d_model // heads
        for h in range(heads):
            cols = slice(h * d_k, (h + 1) * d_k)  # head h's own columns, attended on their own
            one = attn_core.scaled_dot_product_attention((X @ W_Q)[:, cols], (X @ W_K)[:, cols],
                                                         (X @ W_V)[:, cols], mask=mask)
            np.testing.assert_allclose(res.weights[h], one.weights, atol=1e-12)
            np.testing.assert_allclose(res.head_outputs[h], one.output, atol=1e-12)
            np.testing.assert_array_equal(res.scaled[h], one.scaled)
        ref_w, ref_out, ref_final = reference_multi_head(X, W_Q, W_K, W_V, heads, W_O, mask)
        np.testing.assert_allclose(res.weights, ref_w, atol=1e-12)
        np.testing.assert_allclose(res.head_outputs, ref_out, atol=1e-12)
        np.testing.assert_allclose(res.output, ref_final, atol=1e-12)


def test_reference_loop_can_disagree():
    """The comparison above has teeth: with the wrong mask, the reference and the contract differ."""
    X, W_Q, W_K, W_V, W_O = layer(8)
    res = attn_core.multi_head_attention(X, W_Q, W_K, W_V, 2, W_O, build_mask("causal", 6))
    ref_w, _, _ = reference_multi_head(X, W_Q, W_K, W_V, 2, W_O, None)
    assert np.abs(res.weights - ref_w).max() > 0.01


def test_masked_scores_are_minus_infinity_only_where_blocked():
    res = mha(8, 2, build_mask("causal", 6))
    scaled = res.scaled
    assert scaled.shape == (2, 6, 6)
    upper = np.triu(np.ones((6, 6), dtype=bool), k=1)
    assert np.all(np.isneginf(scaled[:, upper])) and np.all(np.isfinite(scaled[:, ~upper]))
    np.testing.assert_allclose(scaled[:, ~upper], (res.scores * res.scale)[:, ~upper])
    assert res.scale == pytest.approx(1 / np.sqrt(4))


def test_head_average_is_the_mean_and_rows_still_sum_to_one():
    res = mha(8, 4, build_mask("causal", 6))
    avg = head_average(res.weights)
    assert avg.shape == (6, 6)
    np.testing.assert_allclose(avg[3, 1], res.weights[:, 3, 1].sum() / 4)
    np.testing.assert_allclose(avg.sum(axis=-1), 1.0, atol=1e-12)


@pytest.mark.parametrize(("n", "d_model", "heads"), [(6, 8, 2), (10, 64, 8), (3, 12, 3), (1, 4, 1)])
def test_head_shapes_are_those_of_multi_head_attention(n, d_model, heads):
    X, W = np.ones((n, d_model)), np.eye(d_model)
    res = attn_core.multi_head_attention(X, W, W, W, heads, W)
    shapes = head_shapes(n, d_model, heads)
    assert shapes == [X.shape, res.Q.shape, res.Q_heads.shape, res.weights.shape, res.head_outputs.shape,
                      res.concat.shape, res.output.shape]


def test_head_shapes_refuse_a_non_divisor():
    with pytest.raises(ValueError, match="not divisible by n_heads=3"):
        head_shapes(6, 8, 3)


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(1, 12).flatmap(lambda n: st.lists(st.lists(st.booleans(), min_size=n, max_size=n),
                                                     min_size=n, max_size=n)))
def test_mask_encoding_round_trips(rows):
    mask = np.array(rows, dtype=bool)
    text = encode_mask(mask)
    assert set(text) <= {"0", "1", "-"}
    np.testing.assert_array_equal(parse_mask(text), mask)


@pytest.mark.parametrize(("text", "message"), [
    ("", "only 0s and 1s"), ("abc", "only 0s and 1s"), ("11-1", r"row 1 \(counting from 0\) has 1 entry;"),
    ("10-01-11", r"row 0 \(counting from 0\) has 2 entries"), ("1-", r"row 1 \(counting from 0\) should be only 0s"),
    ("12-01", r"row 0 \(counting from 0\) should be only 0s and 1s"),
    ("-".join(["1" * 33] * 33), "limit"),
])
def test_parse_mask_explains_what_is_wrong(text, message):
    with pytest.raises(ValueError, match=message):
        parse_mask(text)


def test_fit_mask_crops_and_grows_with_allowed_pairs():
    m = parse_mask("10-01")
    grown = fit_mask(m, 3)
    assert encode_mask(grown) == "101-011-111"
    assert encode_mask(fit_mask(grown, 2)) == "10-01"


def test_the_first_blocked_row_and_the_mask_that_blocks_every_pair():
    assert first_blocked_row(build_mask("causal", 4)) is None
    assert first_blocked_row(parse_mask("1100-0000-1000-0000")) == 1
    assert encode_mask(blocked_mask(3)) == "000-000-000"
    assert first_blocked_row(blocked_mask(3)) == 0 and fully_masked_rows(blocked_mask(3)).tolist() == [0, 1, 2]


def test_build_mask_rejects_bad_arguments():
    with pytest.raises(ValueError, match="not one of"):
        build_mask("diagonal", 3)
    with pytest.raises(ValueError, match="outside"):
        build_mask("padding", 3, n_padded=4)
    with pytest.raises(ValueError, match="expected"):
        build_mask("custom", 3, custom=np.ones((2, 2)))
    assert build_mask("none", 3).all()
    assert build_mask("causal", 3).tolist() == [[True, False, False], [True, True, False], [True, True, True]]


def test_with_padding_appends_html_safe_filler_and_keeps_the_words():
    inputs = attn_core.build_inputs(SENTENCE, 0, 8)
    padded = with_padding(inputs, 2)
    assert padded.labels == [*inputs.labels, "⟨pad⟩·6", "⟨pad⟩·7"]
    assert padded.tokens == (*inputs.tokens, PAD_TOKEN, PAD_TOKEN) and n_real(padded.tokens) == 6
    assert not any(c in "<>&" for c in "".join(padded.labels))  # shown as is in Markdown, HTML and Plotly
    np.testing.assert_array_equal(padded.X[:6], inputs.X)
    assert padded.X.shape == (8, 8) and not np.allclose(padded.X[6], padded.X[7])  # positions tell them apart
    assert with_padding(inputs, 1).labels[-1] == PAD_LABEL and with_padding(inputs, 0).labels == inputs.labels
    with pytest.raises(ValueError, match="outside"):
        with_padding(inputs, MAX_PAD + 1)


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(1, 32), st.integers(0, MAX_PAD), st.sampled_from([(8, 2), (16, 4), (64, 16)]))
def test_padding_blocks_exactly_the_pad_keys_and_every_word_still_attends(n, n_pad, dims):
    d_model, heads = dims
    inputs = with_padding(attn_core.build_inputs(" ".join(["word"] * n), 0, d_model), n_pad)
    w = inputs.weights
    res = attn_core.multi_head_attention(inputs.X, w.W_Q, w.W_K, w.W_V, heads, w.W_O,
                                         build_mask("padding", n + n_pad, n_padded=n_pad))
    assert np.all(res.weights[..., n:] == 0.0)  # no query takes anything from the filler
    assert np.all(res.weights[..., :n] > 0.0)  # and every word stays visible to every query
    np.testing.assert_allclose(res.weights.sum(axis=-1), 1.0, atol=1e-12)


def test_value_columns_are_each_heads_own_block_of_V():
    assert list(value_columns(1, 4)) == [4, 5, 6, 7]
    assert list(value_columns(0, 8)) == list(range(8))
    res = mha(8, 2)
    np.testing.assert_allclose(res.head_outputs[1], res.weights[1] @ res.V[:, value_columns(1, 4)], atol=1e-12)


# ---------------------------------------------------------------- predict, then see: which keys can token 3 see?


def test_the_checkpoint_asks_about_the_third_word_or_the_last_word_of_a_shorter_sentence():
    assert [checkpoint_token(n) for n in (1, 2, 3, 6, 32)] == [0, 1, 2, 2, 2]


def test_under_a_causal_mask_token_3_sees_the_first_three_keys():
    mask = build_mask("causal", 6)
    assert visible_keys(mask, 2) == (0, 1, 2)
    assert prediction_right((2, 0, 1), mask, 2) and not prediction_right((0, 1), mask, 2)
    assert not prediction_right(None, mask, 2)
    assert rule_of((0, 1, 2), 6, 2, 6) == "upto" and rule_of((0, 2), 6, 2, 6) is None
    assert key_set_options(mask, 2, 6) == [(2,), (0, 1), (0, 1, 2), (2, 3, 4, 5), (0, 1, 2, 3, 4, 5)]


@settings(max_examples=examples(60), deadline=None)
@given(n=st.integers(1, 12), kind=st.sampled_from(["none", "causal", "padding", "custom"]), data=st.data())
def test_the_right_answer_is_always_offered_exactly_once_and_each_option_is_a_different_set(n, kind, data):
    n_pad = data.draw(st.integers(0, n)) if kind == "padding" else 0
    custom = np.array(data.draw(st.lists(st.booleans(), min_size=n * n, max_size=n * n))).reshape(n, n)
    mask = build_mask(kind, n, n_padded=n_pad, custom=custom if kind == "custom" else None)
    n_words = n - n_pad
    i = checkpoint_token(max(n_words, 1))
    options = key_set_options(mask, i, max(n_words, 1))
    assert len(options) == len(set(options)) >= 2  # never a one-answer question
    assert [o for o in options if prediction_right(o, mask, i)] == [visible_keys(mask, i)]
    assert options == sorted(options, key=lambda o: (len(o), o))
    assert all(0 <= j < n for o in options for j in o)


# ---------------------------------------------------------------- what the weights do with the mask


def test_top_keys_are_the_row_largest_ties_included_and_none_for_a_row_of_zeros():
    assert top_keys([0.1, 0.7, 0.2]) == (1,)
    assert top_keys([0.4, 0.4, 0.2]) == (0, 1) and top_keys([0.4, 0.4 - 1e-13, 0.2]) == (0, 1)
    assert top_keys([0.4, 0.4 - 1e-9, 0.2]) == (0,)  # a real preference, not rounding
    assert top_keys([0.0, 0.0]) == ()


def test_heads_are_grouped_by_the_keys_they_weigh_most():
    weights = np.zeros((3, 2, 2))
    weights[:, 1] = [0.3, 0.7]
    assert heads_by_top_keys(weights, 1) == {(1,): [0, 1, 2]}
    weights[1, 1] = [0.5, 0.5]
    assert heads_by_top_keys(weights, 1) == {(1,): [0, 2], (0, 1): [1]}
    assert heads_by_top_keys(weights, 0) == {(): [0, 1, 2]}  # a row of zeros: no key on top


def test_blocked_weight_and_row_sums_read_off_every_head():
    mask = build_mask("causal", 6)
    mask[2] = False
    res = mha(8, 2, mask)
    assert largest_blocked_weight(mask, res.weights) == 0.0
    assert largest_blocked_weight(np.ones((6, 6), bool), res.weights) == 0.0  # nothing blocked
    assert largest_blocked_weight(mask, np.full((2, 6, 6), 0.25)) == 0.25
    open_rows = [0, 1, 3, 4, 5]
    assert row_sum_gap(res.weights, open_rows) < 1e-12 and row_sum_gap(res.weights, [2]) == 1.0


def test_hidden_keys_and_the_whole_weight_of_a_row():
    mask = build_mask("causal", 4)
    mask[3] = False
    res = mha(8, 2, mask, text="the cat sat on")
    assert hidden_keys(mask, 1) == (2, 3) and hidden_keys(mask, 3) == (0, 1, 2, 3)
    assert set(hidden_keys(mask, 1)) | set(visible_keys(mask, 1)) == set(range(4))
    assert keeps_whole_weight(mask, res.weights, 1) and not keeps_whole_weight(mask, res.weights, 3)
    assert not keeps_whole_weight(mask, np.full((2, 4, 4), 0.1), 1)
