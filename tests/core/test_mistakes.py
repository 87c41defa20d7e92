"""Each wrong computation against a slow loop, and each one's telltale symptom."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from tests.hyp import examples

from attn_core import build_inputs, merge_heads, multi_head_attention, softmax, split_heads
from attn_core.mistakes import (
    BY_NAME,
    MEASURES,
    MISTAKES,
    blocked_query,
    correct_attention,
    cross_shaped,
    diagnose,
    draw_mistake,
    entropy_direction,
    head_measures,
    identify,
    joined_outputs,
    keys_as_values,
    known_answer_test,
    largest_change_row,
    mean_max_weight,
    mean_row_entropy,
    no_scale,
    output_difference,
    page_runs,
    passes_known_answer,
    quiz_pool,
    role_checks,
    run_scale_mistakes,
    scale_by_sqrt_d_model,
    scale_direction,
    scale_mistakes,
    scale_runs,
    shape_check,
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


@settings(max_examples=examples(40), deadline=None)
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


@settings(max_examples=examples(40), deadline=None)
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


@settings(max_examples=examples(60), deadline=None)
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


# ------------------------------------------------------------------------------------------------------------------
# When each role mix-up breaks something, and the checks that catch it without a reference implementation


def sentence_weights(d_model=8, seed=0, text="the cat sat on the mat"):
    inp = build_inputs(text, seed, d_model)
    return inp.X, inp.weights


def test_swapping_q_and_k_only_renames_w_q_and_w_k_in_self_attention():
    """The page's claim: trained from scratch, K Qᵀ is Q Kᵀ with W_Q and W_K trading names."""
    X, w = sentence_weights()
    swapped = swap_q_and_k(X @ w.W_Q, X @ w.W_K, X @ w.W_V)
    renamed = correct_attention(X @ w.W_K, X @ w.W_Q, X @ w.W_V)  # the right layer, W_Q := W_K and W_K := W_Q
    assert np.allclose(swapped.output, renamed.output, rtol=0, atol=1e-12)
    # … but with the weights as given, it is a different layer
    assert np.abs(swapped.output - correct_attention(X @ w.W_Q, X @ w.W_K, X @ w.W_V).output).max() > 0.05


def test_values_as_keys_ties_w_k_to_w_v_and_keys_as_values_ties_w_v_to_w_k():
    X, w = sentence_weights()
    Q, K, V = X @ w.W_Q, X @ w.W_K, X @ w.W_V
    other = np.random.default_rng(1).standard_normal(K.shape)
    # V as K: the right layer with W_K = W_V, and W_K plays no part (no gradient can reach it)
    assert np.allclose(values_as_keys(Q, K, V).output, correct_attention(Q, V, V).output, rtol=0, atol=1e-12)
    assert np.array_equal(values_as_keys(Q, K, V).output, values_as_keys(Q, other, V).output)
    # K as V: the right layer with W_V = W_K, and W_V plays no part
    assert np.allclose(keys_as_values(Q, K, V).output, correct_attention(Q, K, K).output, rtol=0, atol=1e-12)
    assert np.array_equal(keys_as_values(Q, K, V).output, keys_as_values(Q, K, other).output)


def test_the_swap_fails_with_cross_attention_shapes_and_says_why():
    X, w = sentence_weights()
    Q, K, V = cross_shaped(X @ w.W_Q, X @ w.W_K, X @ w.W_V)
    assert (Q.shape, K.shape, V.shape) == ((3, 8), (6, 8), (6, 4))
    assert correct_attention(Q, K, V).output.shape == (3, 4)
    with pytest.raises(ValueError, match=r"K Qᵀ is 6 × 3 \(a column per query\) but V is 6 × 4 \(a row per key\)"):
        swap_q_and_k(Q, K, V)
    with pytest.raises(ValueError):  # numpy's own matmul agrees: the swapped weights cannot multiply V
        softmax(K @ Q.T) @ V  # (6, 3) @ (6, 4), as a learner's own numpy would write the swap


def test_cross_shaped_needs_two_tokens_and_two_columns():
    with pytest.raises(ValueError, match="n=1"):
        cross_shaped(np.ones((1, 4)), np.ones((1, 4)), np.ones((1, 4)))
    Q, K, V = cross_shaped(*np.ones((3, 2, 5, 4)))  # leading head axis kept
    assert (Q.shape, V.shape) == ((2, 2, 4), (2, 5, 2))


@pytest.mark.parametrize("d_model", [2, 8, 64])
def test_shape_check_reports_each_mistake_as_it_behaves(d_model):
    X, w = sentence_weights(d_model)
    cross = cross_shaped(X @ w.W_Q, X @ w.W_K, X @ w.W_V)
    n_q, d_v = 3, d_model // 2
    results = {m.name: shape_check(m, *cross, d_model) for m in MISTAKES}
    assert all(r.expected == (n_q, d_v) for r in results.values())
    for name in ("axis0", "sqrt_d_model", "no_scale"):  # these keep the shapes: only their numbers are wrong
        assert results[name].shape == (n_q, d_v) and not results[name].caught and results[name].error == ""
    assert results["swap_qk"].shape is None and "a column per query" in results["swap_qk"].error
    assert results["v_as_k"].shape is None and f"d_v={d_v}" in results["v_as_k"].error
    assert results["k_as_v"].shape == (n_q, d_model) and results["k_as_v"].caught
    assert all(results[x].caught for x in ("swap_qk", "v_as_k", "k_as_v"))


def test_the_known_answer_is_the_one_worked_out_by_hand():
    Q = np.array([[1.0, 1, 0, 0], [1, 1, 0, 0]])
    K = np.array([[1.0, 1, 0, 0], [0, 0, 1, 1]])
    V = np.array([[1.0, 0, 0, 0], [0, 1, 0, 0]])
    W, out = naive_attention(Q, K, V)  # the slow loop agrees with the hand: softmax([1, 0]) = [0.731, 0.269]
    assert np.allclose(W, [[0.7310585786, 0.2689414214]] * 2)
    assert known_answer_test(lambda Q, K, V: out)
    assert known_answer_test(lambda Q, K, V: correct_attention(Q, K, V).output)
    assert not known_answer_test(lambda Q, K, V: out[:1])  # one row short: the shape is checked too
    assert not known_answer_test(lambda Q, K, V: out + 1e-3)


def test_the_known_answer_catches_every_mistake_at_its_width():
    for m in MISTAKES:
        assert not passes_known_answer(m), m.name
    # at d_model = d_k = 4, dividing by √d_model is right, and the test rightly passes it
    assert known_answer_test(lambda Q, K, V: scale_by_sqrt_d_model(Q, K, V, 4).output)


@pytest.mark.parametrize("text", ["hello world", "the cat sat on the mat", "a b c d e f g h i j k l m n o p"])
def test_role_checks_agree_with_each_check_run_by_hand(text):
    X, w = sentence_weights(8, 2, text)
    Q, K, V = X @ w.W_Q, X @ w.W_K, X @ w.W_V
    rows = role_checks(Q, K, V)
    assert [r.mistake.name for r in rows] == ["axis0", "swap_qk", "v_as_k", "k_as_v"]
    for r in rows:
        W = r.mistake.run(Q, K, V, 8).weights
        assert r.row_sums_caught == bool(np.abs(W.sum(axis=-1) - 1).max() > 1e-6)
        assert r.shapes.caught == (r.mistake.name != "axis0")
        assert r.known_answer_caught


def test_entropy_direction_reads_the_entropies_with_a_tolerance():
    """+1 flatter (higher entropy), −1 more peaked, 0 as flat: attn_lessons.mistakes.flatness words it."""
    assert entropy_direction(1.7, 1.6) == 1 and entropy_direction(1.5, 1.6) == -1
    assert entropy_direction(1.6004, 1.6) == 0 and entropy_direction(1.5996, 1.6) == 0


@pytest.mark.parametrize("d_model,d_k", [(8, 4), (8, 8), (8, 1), (2, 1), (64, 8)])
def test_scale_direction_follows_the_divisor(d_model, d_k):
    """A bigger divisor than √d_k flattens (+1), a smaller one sharpens (−1), the same one changes nothing (0)."""
    assert scale_direction("sqrt_d_model", d_model, d_k) == (1 if d_model > d_k else 0)
    assert scale_direction("no_scale", d_model, d_k) == (-1 if d_k > 1 else 0)
    assert scale_direction("right", d_model, d_k) == 0


# ---------------------------------------------------------------------------------------------------------
# Predict, then see: which lines sum to 1

from attn_core.mistakes import SUM_LINES, lines_summing_to_one, sums_prediction_right  # noqa: E402


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(1, 7), st.integers(1, 5), st.data())
def test_a_sum_prediction_is_right_exactly_when_its_claim_holds(n, d, data):
    Q, K, V = (data.draw(arrays(float, (n, d), elements=finite)) for _ in range(3))
    for weights in (softmax_over_queries(Q, K, V).weights, correct_attention(Q, K, V).weights):
        rows = bool(np.all(np.abs(weights.sum(axis=1) - 1) < 1e-6))  # the slow way, one axis at a time
        cols = bool(np.all(np.abs(weights.sum(axis=0) - 1) < 1e-6))
        assert lines_summing_to_one(weights) == (rows, cols)
        assert [sums_prediction_right(g, weights) for g in SUM_LINES] == [rows, cols, not rows and not cols]
    # the axis-0 weights: "the columns" is always right and "neither" never is
    assert sums_prediction_right("columns", softmax_over_queries(Q, K, V).weights)
    assert not sums_prediction_right("neither", softmax_over_queries(Q, K, V).weights)


def test_on_a_real_sentence_only_the_columns_of_the_axis_0_weights_sum_to_1():
    inp = build_inputs("the cat sat on the mat", 0, 8)
    w = inp.weights
    wrong = softmax_over_queries(inp.X @ w.W_Q, inp.X @ w.W_K, inp.X @ w.W_V).weights
    assert lines_summing_to_one(wrong) == (False, True)
    assert [sums_prediction_right(g, wrong) for g in SUM_LINES] == [False, True, False]
    assert [sums_prediction_right(g, np.full((3, 3), 0.5)) for g in SUM_LINES] == [False, False, True]
    with pytest.raises(ValueError, match="not one of rows, columns, neither"):
        sums_prediction_right("both", wrong)


# ---------------------------------------------------------------------------------------------------------
# The quiz with the mask mistakes: every computation under the same mask

from attn_core import causal_mask, project  # noqa: E402
from attn_core import mask_mistakes as mm  # noqa: E402
from attn_core.mask_mistakes import identify_masked, masked_quiz_pool  # noqa: E402
from attn_core.mistakes import quiz_mask, with_mask  # noqa: E402


def test_quiz_mask_is_causal_with_the_first_row_fully_blocked():
    mask = quiz_mask(4)
    assert mask.tolist() == [[False] * 4, [True, True, False, False], [True, True, True, False], [True] * 4]
    assert not quiz_mask(2).any(axis=-1)[0] and quiz_mask(2)[1].all()
    with pytest.raises(ValueError, match="at least 2 tokens"):
        quiz_mask(1)


def test_each_mistake_with_a_mask_matches_a_slow_loop():
    """The same bug in code that applies the mask correctly: the slow reference with the same mask."""
    Q, K, V = qkv(n=5, d=4)
    mask = quiz_mask(5)
    d_k, d_model = 4, 16
    s = 1 / math.sqrt(d_k)
    expected = {
        "axis0": naive_attention(Q, K, V, mask=mask, scale=s, axis=0),
        "sqrt_d_model": naive_attention(Q, K, V, mask=mask, scale=1 / 4),
        "no_scale": naive_attention(Q, K, V, mask=mask, scale=1.0),
        "swap_qk": naive_attention(K, Q, V, mask=mask, scale=s),
        "v_as_k": naive_attention(Q, V, V, mask=mask, scale=s),
        "k_as_v": naive_attention(Q, K, K, mask=mask, scale=s),
    }
    for m in MISTAKES:
        res = with_mask(m, mask).run(Q, K, V, d_model)
        W, out = expected[m.name]
        assert np.allclose(res.weights, W, atol=1e-12) and np.allclose(res.output, out, atol=1e-12), m.name
        assert np.all(res.weights[~mask] == 0), m.name  # the mask is applied: blocked pairs get exactly 0
    right = correct_attention(Q, K, V, mask)
    assert np.allclose(right.weights, naive_attention(Q, K, V, mask=mask)[0], atol=1e-12)
    assert np.allclose(right.weights, mm.masked_attention(Q, K, V, mask).weights, rtol=0, atol=0)


def test_the_masked_diagnosis_measures_sums_against_what_the_mask_allows():
    Q, K, V = qkv(n=5, d=4)
    mask = quiz_mask(5)  # row 0 fully blocked: its weights must sum to 0
    right = correct_attention(Q, K, V, mask)
    d = diagnose(right, right, mask)
    assert d.masked and d.rows_sum_to_one and d.weights_same and d.output_gap < 1e-12
    assert not diagnose(right, right).rows_sum_to_one  # against 1 everywhere, the blocked row reads as a gap of 1
    fill = diagnose(right, mm.finite_fill(Q, K, V, mask), mask)
    assert fill.row_sum_gap == pytest.approx(1.0)  # the blocked row sums to 1 instead of 0
    axis0 = diagnose(right, with_mask(BY_NAME["axis0"], mask).run(Q, K, V, 16), mask)
    assert axis0.col_sum_gap < 1e-12 and not axis0.rows_sum_to_one


WIDTH_CASES = [(2, 1), (4, 2), (8, 1), (8, 2), (8, 8), (6, 3), (64, 8)]


@pytest.mark.parametrize("text", ["hello world", "a b c", "the cat sat on the mat",
                                  " ".join(f"w{i}" for i in range(16))])
@pytest.mark.parametrize("d_model,heads", WIDTH_CASES)
def test_every_mistake_in_the_masked_pool_is_named_by_its_symptoms(text, d_model, heads):
    for seed in (0, 7):
        Q, K, V = (split_heads(M, heads) for M in project(build_inputs(text, seed, d_model)))
        n, d_k = Q.shape[-2], Q.shape[-1]
        mask = quiz_mask(n)
        pool = masked_quiz_pool(Q, K, V, d_model, mask)
        names = [m.name for m in pool]
        # this width's pool first, unchanged, then the mask mistakes this mask lets the symptoms tell apart
        assert names[:len(quiz_pool(d_model, d_k))] == [m.name for m in quiz_pool(d_model, d_k)]
        assert names[len(quiz_pool(d_model, d_k)):] == [m.name for m in mm.quiz_pool(Q, K, V, mask)]
        assert {"inverted", "wrong_axis", "finite_fill", "naive_inf", "no_mask"} <= set(names)
        assert ("after_softmax" in names) == (n > 2)  # two tokens: no row has both allowed and blocked keys
        right = correct_attention(Q, K, V, mask)
        for m in pool:
            res = m.run(Q, K, V, d_model)
            seen = identify_masked(diagnose(right, res, mask), mm.diagnose_mask(Q, K, V, mask, res))
            assert seen == m.name, (m.name, seen)
        assert identify_masked(diagnose(right, right, mask), mm.diagnose_mask(Q, K, V, mask, right)) == "none"


def test_without_the_mask_the_pool_is_the_one_it_was():
    for d_model, heads in WIDTH_CASES:
        assert [m.name for m in quiz_pool(d_model, d_model // heads)] == [
            m.name for m in MISTAKES if m.name not in ("no_scale", "sqrt_d_model")
            or m in scale_mistakes(d_model, d_model // heads)]
    assert causal_mask(3).sum() == 6  # the quiz's mask starts from the causal one


def test_largest_change_row_is_the_row_with_the_largest_move_found_the_slow_way():
    rng = np.random.default_rng(4)
    right, wrong = rng.standard_normal((2, 7, 3))
    worst, top = 0, -1.0
    for i in range(7):  # the slow obvious way: every entry of every row
        for j in range(3):
            if abs(wrong[i, j] - right[i, j]) > top:
                worst, top = i, abs(wrong[i, j] - right[i, j])
    assert largest_change_row(right, wrong) == worst
    assert largest_change_row(np.zeros((3, 2)), np.array([[0, 1.0], [0, -1.0], [0, 0]])) == 0  # the first of equals


# ---- what the Common mistakes page and its notebook draw ------------------------------------------------

def test_blocked_query_is_the_first_row_with_no_key():
    assert blocked_query(quiz_mask(4)) == 0
    assert blocked_query(np.ones((3, 3), dtype=bool)) is None
    mask = np.ones((4, 4), dtype=bool)
    mask[2] = mask[3] = False
    assert blocked_query(mask) == 2


def test_output_difference_and_joined_outputs_match_a_loop():
    Q, K, V = qkv(n=4, d=6, seed=3)
    heads = tuple(split_heads(M, 2) for M in (Q, K, V))  # (2, 4, 3) each
    runs = scale_runs(*heads, 6)
    assert [name for name, _ in runs] == ["no_scale", "sqrt_d_model", "right"]  # d_k = 3: both mistakes change it
    assert np.allclose(runs[-1][1].output, correct_attention(*heads).output)
    right = runs[-1][1]
    joined = joined_outputs(runs)
    for name, res in runs:
        want = [[res.output[c // 3, i, c % 3] for c in range(6)] for i in range(4)]  # head h's columns 3h … 3h+2
        diff = [[want[i][c] - right.output[c // 3, i, c % 3] for c in range(6)] for i in range(4)]
        assert np.allclose(joined[name].output, want) and np.allclose(joined[name].difference, diff)
        assert joined[name].largest_gap == pytest.approx(max(abs(x) for row in diff for x in row))
        assert np.allclose(output_difference(right, res), res.output - right.output)
    assert joined["right"].largest_gap == 0 and joined["no_scale"].largest_gap > 0
    assert [name for name, _ in scale_runs(Q, K, V, 6)] == ["no_scale", "right"]  # one head: √d_model is √d_k


def test_head_measures_are_the_measures_and_their_change_from_the_right_weights():
    flat, peaked = np.full((2, 2), 0.5), np.array([[1.0, 0.0], [0.0, 1.0]])
    got = head_measures(flat, peaked)
    assert set(got) == set(MEASURES) == {"entropy", "max_weight"}
    assert got["entropy"] == pytest.approx((math.log(2), math.log(2)))
    assert got["max_weight"] == pytest.approx((0.5, -0.5))
    assert head_measures(peaked, peaked) == {"entropy": (0.0, 0.0), "max_weight": (1.0, 0.0)}


@pytest.mark.parametrize("heads", [1, 2, 4])
def test_page_runs_are_the_named_functions_on_the_sentence(heads):
    inputs = build_inputs("the cat sat on the mat", 0, 8)
    X, w = inputs.X, inputs.weights
    Q, K, V = X @ w.W_Q, X @ w.W_K, X @ w.W_V
    runs = page_runs(Q, K, V, heads)
    assert runs.heads[0].shape == (heads, 6, 8 // heads)
    assert all(np.array_equal(a, split_heads(M, heads)) for a, M in zip(runs.heads, (Q, K, V), strict=True))
    for got, want in ((runs.right, correct_attention(Q, K, V)), (runs.axis0, softmax_over_queries(Q, K, V)),
                      (runs.swap, swap_q_and_k(Q, K, V)), (runs.v_as_k, values_as_keys(Q, K, V)),
                      (runs.k_as_v, keys_as_values(Q, K, V))):
        assert np.allclose(got.weights, want.weights) and np.allclose(got.output, want.output)
    assert [name for name, _ in runs.scale] == [name for name, _ in scale_runs(*runs.heads, 8)]
    arrays = runs.notebook_arrays()
    assert list(arrays) == ["right_weights", "right_output", "axis0_weights", "axis0_output",
                            "scale_weights_right", "scale_output_right", "scale_weights_sqrt_d_model",
                            "scale_output_sqrt_d_model", "scale_weights_no_scale", "scale_output_no_scale",
                            "swap_weights", "v_as_k_weights", "k_as_v_output"]
    assert np.array_equal(arrays["axis0_weights"], runs.axis0.weights)
    assert np.allclose(arrays["scale_output_right"], merge_heads(correct_attention(*runs.heads).output))
    # with one head, ÷ √d_model is ÷ √d_k: the page leaves it out, and the notebook gets None
    assert (arrays["scale_weights_sqrt_d_model"] is None) == (heads == 1)
    assert (arrays["scale_output_sqrt_d_model"] is None) == (heads == 1)
    assert arrays["scale_weights_no_scale"] is not None



def test_the_quiz_has_weights_of_its_own():
    """Issue 36, item 9: the quiz's Q, K, V are the sentence's X through weights drawn from (page seed, question),
    never the page's seed, split into heads; a new question or a new page seed gives new numbers."""
    from attn_core import random_weights
    from attn_core.mistakes import quiz_qkv, quiz_weights_seed

    seeds = {quiz_weights_seed(s, q) for s in range(50) for q in range(20)}
    assert len(seeds) == 1000 and not seeds & set(range(50))
    inputs = build_inputs("the cat sat on the mat", 0, 8)
    Q, K, V = quiz_qkv(inputs.X, 0, 0, 2)
    w = random_weights(8, quiz_weights_seed(0, 0))
    for got, W in zip((Q, K, V), (w.W_Q, w.W_K, w.W_V), strict=True):
        assert got.shape == (2, 6, 4)
        for h in range(2):  # head h: columns 4h … 4h + 3 of X W
            assert np.allclose(got[h], inputs.X @ W[:, 4 * h:4 * h + 4])
    page_Q = inputs.X @ inputs.weights.W_Q
    assert not np.allclose(merge_heads(Q), page_Q, atol=0.05)
    assert not np.allclose(quiz_qkv(inputs.X, 0, 1, 2)[0], Q) and not np.allclose(quiz_qkv(inputs.X, 1, 0, 2)[0], Q)
