"""Each wrong computation against a slow loop, and each one's telltale symptom."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from attn_core import build_inputs, multi_head_attention, split_heads
from attn_core.mistakes import (
    BY_NAME,
    MISTAKES,
    correct_attention,
    diagnose,
    draw_mistake,
    identify,
    keys_as_values,
    mean_max_weight,
    mean_row_entropy,
    no_scale,
    quiz_pool,
    run_scale_mistakes,
    scale_by_sqrt_d_model,
    scale_mistakes,
    softmax_over_queries,
    swap_q_and_k,
    values_as_keys,
)
from tests.reference import naive_attention


def qkv(n=5, d=4, seed=1):
    rng = np.random.default_rng(seed)
    return rng.standard_normal((3, n, d))


def test_each_wrong_function_matches_a_slow_loop():
    Q, K, V = qkv()
    d_k, d_model = Q.shape[1], 16
    cases = {
        "axis0": (softmax_over_queries(Q, K, V), naive_attention(Q, K, V, scale=1 / math.sqrt(d_k), axis=0)),
        "sqrt_d_model": (scale_by_sqrt_d_model(Q, K, V, d_model), naive_attention(Q, K, V, scale=1 / 4, axis=1)),
        "no_scale": (no_scale(Q, K, V), naive_attention(Q, K, V, scale=1.0, axis=1)),
        "swap_qk": (swap_q_and_k(Q, K, V), naive_attention(K, Q, V, scale=1 / math.sqrt(d_k), axis=1)),
        "v_as_k": (values_as_keys(Q, K, V), naive_attention(Q, V, V, scale=1 / math.sqrt(d_k), axis=1)),
        "k_as_v": (keys_as_values(Q, K, V), naive_attention(Q, K, K, scale=1 / math.sqrt(d_k), axis=1)),
    }
    for name, (res, (W, out)) in cases.items():
        assert np.allclose(res.weights, W, atol=1e-12), name
        assert np.allclose(res.output, out, atol=1e-12), name
    # and the registry runs the very same functions
    for m in MISTAKES:
        assert np.allclose(m.run(Q, K, V, d_model).output, cases[m.name][1][1], atol=1e-12), m.name


finite = st.floats(-30, 30, allow_nan=False, allow_infinity=False)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 7), st.integers(1, 5), st.data())
def test_softmax_over_queries_columns_sum_to_1_rows_do_not(n, d, data):
    Q, K, V = (data.draw(arrays(float, (n, d), elements=finite)) for _ in range(3))
    wrong = softmax_over_queries(Q, K, V).weights
    assert np.allclose(wrong.sum(axis=0), 1)  # the telltale: every column sums to 1
    assert np.isfinite(wrong).all()
    right = correct_attention(Q, K, V).weights
    assert np.allclose(right.sum(axis=1), 1)  # the right weights: every row sums to 1


def test_softmax_over_queries_rows_do_not_sum_to_1_on_a_real_sentence():
    inp = build_inputs("the cat sat on the mat", 0, 8)
    w = inp.weights
    Q, K, V = inp.X @ w.W_Q, inp.X @ w.W_K, inp.X @ w.W_V
    wrong = softmax_over_queries(Q, K, V).weights
    assert np.allclose(wrong.sum(axis=0), 1)
    assert np.abs(wrong.sum(axis=1) - 1).max() > 0.05


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 7), st.integers(1, 5), st.data())
def test_swapping_q_and_k_transposes_the_scores(n, d, data):
    Q, K, V = (data.draw(arrays(float, (n, d), elements=finite)) for _ in range(3))
    right, swapped = correct_attention(Q, K, V), swap_q_and_k(Q, K, V)
    assert np.allclose(swapped.scores, right.scores.T)
    # softmax still runs along rows, so the weights are the transpose of the axis-0 weights
    assert np.allclose(swapped.weights, softmax_over_queries(Q, K, V).weights.T)
    assert np.allclose(swapped.weights.sum(axis=1), 1)


def test_keys_as_values_keeps_the_weights_and_changes_the_output():
    Q, K, V = qkv()
    right, wrong = correct_attention(Q, K, V), keys_as_values(Q, K, V)
    assert np.array_equal(wrong.weights, right.weights)
    assert np.allclose(wrong.output, right.weights @ K)
    assert np.abs(wrong.output - right.output).max() > 0.1


def test_values_as_keys_needs_matching_widths():
    Q, K, _ = qkv()
    with pytest.raises(ValueError, match="d_v=3 but Q has d_k=4"):
        values_as_keys(Q, K, np.ones((5, 3)))


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 6), st.sampled_from([(4, 2), (8, 2), (8, 4), (16, 4), (6, 3)]), st.data())
def test_the_two_scale_mistakes_push_entropy_in_opposite_directions(n, dims, data):
    d_model, heads = dims
    d_k = d_model // heads
    Q, K, V = (data.draw(arrays(float, (heads, n, d_k), elements=st.floats(-3, 3))) for _ in range(3))
    right, flat, peaked = (correct_attention(Q, K, V), scale_by_sqrt_d_model(Q, K, V, d_model), no_scale(Q, K, V))
    H = [mean_row_entropy(r.weights) for r in (flat, right, peaked)]
    top = [mean_max_weight(r.weights) for r in (flat, right, peaked)]
    # √d_model > √d_k divides more (flatter), no scale divides less (more peaked), for every input
    assert H[0] >= H[1] - 1e-12 and H[1] >= H[2] - 1e-12
    assert top[0] <= top[1] + 1e-12 and top[1] <= top[2] + 1e-12


def test_entropy_moves_strictly_on_a_real_sentence_with_heads():
    inp = build_inputs("the cat sat on the mat", 0, 8)
    w = inp.weights
    mha = multi_head_attention(inp.X, w.W_Q, w.W_K, w.W_V, 2)
    args = (mha.Q_heads, mha.K_heads, mha.V_heads)
    right = correct_attention(*args)
    assert np.allclose(right.weights, mha.weights)
    assert mean_row_entropy(scale_by_sqrt_d_model(*args, 8).weights) > mean_row_entropy(right.weights) + 0.01
    assert mean_row_entropy(no_scale(*args).weights) < mean_row_entropy(right.weights) - 0.01


def test_with_one_head_sqrt_d_model_is_the_right_scale():
    Q, K, V = qkv(d=8)
    assert np.allclose(scale_by_sqrt_d_model(Q, K, V, 8).weights, correct_attention(Q, K, V).weights)


def names(pool):
    return [m.name for m in pool]


def test_quiz_pool_drops_the_mistakes_that_change_nothing():
    everything = [m.name for m in MISTAKES]
    assert names(quiz_pool(8, 4)) == everything
    assert "sqrt_d_model" not in names(quiz_pool(8, 8)) and "no_scale" in names(quiz_pool(8, 8))
    assert "no_scale" not in names(quiz_pool(2, 1)) and "sqrt_d_model" in names(quiz_pool(2, 1))
    assert all(m is BY_NAME[m.name] for m in quiz_pool(8, 4))  # the registry's own objects, ready to run


@pytest.mark.parametrize("d_model,heads", [(d, h) for d in (2, 4, 6, 8, 12, 16, 24, 32, 48, 64) for h in (1, 2, 4, 8)
                                           if d % h == 0])
def test_scale_mistakes_are_exactly_those_whose_weights_differ(d_model, heads):
    inp = build_inputs("the cat sat on the mat", 2, d_model)
    w = inp.weights
    Q, K, V = (split_heads(inp.X @ W, heads) for W in (w.W_Q, w.W_K, w.W_V))  # (heads, n, d_k)
    right = correct_attention(Q, K, V)
    applies = names(scale_mistakes(d_model, d_model // heads))
    for name in ("no_scale", "sqrt_d_model"):
        differs = not np.allclose(BY_NAME[name].run(Q, K, V, d_model).weights, right.weights, rtol=0, atol=1e-12)
        assert (name in applies) == differs, (name, d_model, heads)
    runs = run_scale_mistakes(Q, K, V, d_model)
    assert names(m for m, _ in runs) == applies
    for m, res in runs:
        assert np.array_equal(res.weights, m.run(Q, K, V, d_model).weights)


def test_scale_mistakes_rejects_a_width_below_one():
    with pytest.raises(ValueError, match="d_k=0"):
        scale_mistakes(8, 0)


def test_draw_mistake_is_seeded_and_reaches_the_whole_pool():
    pool = names(quiz_pool(8, 4))
    draws = [draw_mistake(s, pool) for s in range(200)]
    assert draws == [draw_mistake(s, pool) for s in range(200)]  # same seed, same mistake
    assert set(draws) == set(pool)
    assert draw_mistake(3, ["axis0"]) == "axis0"
    with pytest.raises(ValueError):
        draw_mistake(0, [])


@pytest.mark.parametrize("text,d_model,heads", [("the cat sat on the mat", 8, 1), ("the cat sat on the mat", 8, 2),
                                                ("a b", 4, 4), ("hello there, world", 2, 2),
                                                ("one two three four five six seven", 16, 4)])
def test_every_mistake_in_the_pool_is_named_by_its_symptoms(text, d_model, heads):
    inp = build_inputs(text, 3, d_model)
    w = inp.weights
    Q, K, V = (split_heads(inp.X @ W, heads) for W in (w.W_Q, w.W_K, w.W_V))  # (heads, n, d_k)
    right = correct_attention(Q, K, V)
    assert identify(diagnose(right, right)) == "none"
    for m in quiz_pool(d_model, d_model // heads):
        d = diagnose(right, m.run(Q, K, V, d_model))
        assert identify(d) == m.name, (m.name, d)


def test_diagnose_reports_the_axis_mistake_by_its_sums():
    Q, K, V = qkv()
    d = diagnose(correct_attention(Q, K, V), softmax_over_queries(Q, K, V))
    assert d.col_sum_gap < 1e-6 and not d.rows_sum_to_one  # every column sums to 1, some row does not
    assert d.row_sum_gap > 1e-3
    assert d.scores_same and not d.weights_same and d.output_gap > 0
    assert d.scores_relation == "same"


def test_scores_relation_tells_the_swap_from_scoring_against_v():
    Q, K, V = qkv()
    right = correct_attention(Q, K, V)
    assert diagnose(right, swap_q_and_k(Q, K, V)).scores_relation == "transposed"
    assert diagnose(right, values_as_keys(Q, K, V)).scores_relation == "neither"
    assert diagnose(right, keys_as_values(Q, K, V)).scores_relation == "same"
    # symmetric scores (Q = K) are both Q Kᵀ and its transpose: that counts as the same, not as a swap
    assert diagnose(correct_attention(Q, Q, V), swap_q_and_k(Q, Q, V)).scores_relation == "same"
