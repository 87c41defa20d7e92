"""attn_core.attention: the seed's numbers, a naive loop, shapes, masks and properties."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import array_shapes, arrays
from tests.hyp import examples

from attn_core import (
    causal_mask,
    merge_heads,
    multi_head_attention,
    padding_mask,
    row_entropy,
    sample_qk_dots,
    scaled_dot_product_attention,
    softmax,
    softmax_jacobian,
    split_heads,
)
from attn_core import build_inputs as attn_core_build
from attn_core import project
from tests.reference import naive_attention, naive_matmul

# --- the seed's numbers -------------------------------------------------------------------------

def test_seed_softmax_of_8_0_is_peaked():
    assert [f"{p:.4f}" for p in softmax([8.0, 0.0])] == ["0.9997", "0.0003"]


def test_seed_softmax_of_1_0_after_dividing_by_sqrt_64():
    assert [f"{p:.3f}" for p in softmax(np.array([8.0, 0.0]) / math.sqrt(64))] == ["0.731", "0.269"]


def test_seed_dot_product_variance_is_d_k():
    dots = sample_qk_dots(d_k=64, n_samples=20_000, seed=0)
    assert dots.shape == (20_000,)
    # the std of a 20 000-sample estimate of std 8 is about 8/√40 000 = 0.04: 0.4 is ten of those
    assert abs(dots.std() - 8.0) < 0.4
    assert abs((dots / 8).std() - 1.0) < 0.05


def test_seed_ten_tokens_give_ten_by_ten_weights():
    rng = np.random.default_rng(0)
    Q, K, V = rng.standard_normal((3, 10, 4))
    assert scaled_dot_product_attention(Q, K, V).weights.shape == (10, 10)


# --- agreement with the slow obvious way ---------------------------------------------------------

@pytest.mark.parametrize("n_q,n_k,d_k,d_v", [(1, 1, 1, 1), (4, 6, 3, 5), (7, 7, 8, 8)])
def test_matches_naive_loop(n_q, n_k, d_k, d_v):
    rng = np.random.default_rng(n_q * 100 + n_k)
    Q, K, V = rng.standard_normal((n_q, d_k)), rng.standard_normal((n_k, d_k)), rng.standard_normal((n_k, d_v))
    mask = rng.random((n_q, n_k)) > 0.3
    for m in (None, mask):
        res = scaled_dot_product_attention(Q, K, V, mask=m)
        w, out = naive_attention(Q, K, V, m)
        np.testing.assert_allclose(res.weights, w, atol=1e-12)
        np.testing.assert_allclose(res.output, out, atol=1e-12)
        np.testing.assert_allclose(res.scores, Q @ K.T)


def test_result_shapes_and_default_scale():
    rng = np.random.default_rng(1)
    Q, K, V = rng.standard_normal((5, 16)), rng.standard_normal((7, 16)), rng.standard_normal((7, 3))
    res = scaled_dot_product_attention(Q, K, V)
    assert res.scores.shape == res.weights.shape == (5, 7)
    assert res.output.shape == (5, 3)
    assert res.scale == pytest.approx(0.25)
    np.testing.assert_allclose(res.scaled, res.scores / 4)


def test_explicit_scale_is_used():
    rng = np.random.default_rng(2)
    Q, K, V = rng.standard_normal((3, 3, 4))
    res = scaled_dot_product_attention(Q, K, V, scale=1.0)
    np.testing.assert_allclose(res.weights, softmax(Q @ K.T))


def test_leading_axes_broadcast():
    rng = np.random.default_rng(3)
    Q = rng.standard_normal((2, 3, 5, 4))  # batch 2, heads 3
    K = rng.standard_normal((1, 3, 6, 4))  # one batch entry shared
    V = rng.standard_normal((1, 3, 6, 2))
    res = scaled_dot_product_attention(Q, K, V)
    assert res.output.shape == (2, 3, 5, 2)
    one = scaled_dot_product_attention(Q[1, 2], K[0, 2], V[0, 2])
    np.testing.assert_allclose(res.output[1, 2], one.output)


def test_mismatched_widths_raise_a_clear_error():
    with pytest.raises(ValueError, match="d_k=4 but K has width 3"):
        scaled_dot_product_attention(np.ones((2, 4)), np.ones((2, 3)), np.ones((2, 3)))


# --- masks ----------------------------------------------------------------------------------------

def test_mask_true_means_may_attend():
    rng = np.random.default_rng(4)
    Q, K, V = rng.standard_normal((3, 4, 4))
    mask = np.array([[True, False, True, False]] * 4)
    res = scaled_dot_product_attention(Q, K, V, mask=mask)
    assert np.all(res.weights[:, [1, 3]] == 0)
    np.testing.assert_allclose(res.weights.sum(-1), 1)
    assert np.all(np.isneginf(res.scaled[:, [1, 3]]))


def test_causal_mask_gives_a_zero_upper_triangle():
    rng = np.random.default_rng(5)
    Q, K, V = rng.standard_normal((3, 6, 4))
    res = scaled_dot_product_attention(Q, K, V, mask=causal_mask(6))
    assert np.all(res.weights[np.triu_indices(6, k=1)] == 0)
    np.testing.assert_allclose(res.weights.sum(-1), 1)
    assert res.weights[0, 0] == 1.0


def test_fully_masked_query_gets_zero_weights_and_zero_output():
    rng = np.random.default_rng(6)
    Q, K, V = rng.standard_normal((3, 3, 2))
    mask = np.ones((3, 3), dtype=bool)
    mask[1] = False
    res = scaled_dot_product_attention(Q, K, V, mask=mask)
    assert not np.isnan(res.weights).any() and not np.isnan(res.output).any()
    assert np.all(res.weights[1] == 0) and np.all(res.output[1] == 0)
    np.testing.assert_allclose(res.weights[[0, 2]].sum(-1), 1)


def test_padding_mask_switches_off_key_columns():
    m = padding_mask(5, [3, 4])
    assert m.shape == (5, 5)
    assert not m[:, 3:].any() and m[:, :3].all()


# --- softmax --------------------------------------------------------------------------------------

def test_softmax_neg_inf_gets_zero_and_all_neg_inf_gives_zeros():
    out = softmax(np.array([[0.0, -np.inf, 1.0], [-np.inf, -np.inf, -np.inf]]))
    assert out[0, 1] == 0 and out[0].sum() == pytest.approx(1)
    assert np.all(out[1] == 0)


def test_softmax_positive_infinity_takes_the_weight():
    np.testing.assert_array_equal(softmax([np.inf, 1.0, np.inf]), [0.5, 0.0, 0.5])


def test_softmax_axis_argument():
    x = np.arange(6.0).reshape(2, 3)
    np.testing.assert_allclose(softmax(x, axis=0).sum(axis=0), 1)
    np.testing.assert_allclose(softmax(x, axis=-1).sum(axis=-1), 1)


finite = st.floats(min_value=-1e300, max_value=1e300, allow_nan=False, allow_infinity=False)


@settings(max_examples=examples(200), deadline=None)
@given(arrays(np.float64, array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=6), elements=finite))
def test_softmax_rows_sum_to_one_without_nan_for_any_finite_input(x):
    p = softmax(x)
    assert not np.isnan(p).any()
    assert np.all((p >= 0) & (p <= 1))
    np.testing.assert_allclose(p.sum(axis=-1), 1, rtol=1e-12)


@settings(max_examples=examples(100), deadline=None)
@given(st.data())
def test_attention_masked_keys_get_zero_and_rows_sum_to_one(data):
    n_q = data.draw(st.integers(1, 6))
    n_k = data.draw(st.integers(1, 6))
    d_k = data.draw(st.integers(1, 5))
    el = st.floats(-1e100, 1e100, allow_nan=False)
    Q = data.draw(arrays(np.float64, (n_q, d_k), elements=el))
    K = data.draw(arrays(np.float64, (n_k, d_k), elements=el))
    V = data.draw(arrays(np.float64, (n_k, 2), elements=st.floats(-1e6, 1e6, allow_nan=False)))
    mask = data.draw(arrays(np.bool_, (n_q, n_k)))
    res = scaled_dot_product_attention(Q, K, V, mask=mask)
    assert not np.isnan(res.weights).any() and not np.isnan(res.output).any()
    assert np.all(res.weights[~mask] == 0)
    sums = res.weights.sum(-1)
    np.testing.assert_allclose(sums[mask.any(-1)], 1, rtol=1e-12)
    assert np.all(sums[~mask.any(-1)] == 0)


# --- multi-head -----------------------------------------------------------------------------------

def test_multi_head_uses_contiguous_columns_per_head():
    rng = np.random.default_rng(7)
    n, d_model, h = 5, 8, 4
    X = rng.standard_normal((n, d_model))
    W_Q, W_K, W_V, W_O = rng.standard_normal((4, d_model, d_model))
    res = multi_head_attention(X, W_Q, W_K, W_V, h, W_O=W_O)
    d_k = d_model // h
    assert res.weights.shape == (h, n, n) and res.output.shape == (n, d_model) and res.d_k == d_k
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    outs = []
    for head in range(h):  # the slow way: slice columns head·d_k … (head+1)·d_k
        cols = slice(head * d_k, (head + 1) * d_k)
        one = scaled_dot_product_attention(Q[:, cols], K[:, cols], V[:, cols])
        np.testing.assert_allclose(res.weights[head], one.weights)
        outs.append(one.output)
    np.testing.assert_allclose(res.concat, np.concatenate(outs, axis=1))
    np.testing.assert_allclose(res.output, np.concatenate(outs, axis=1) @ W_O)


def test_one_head_equals_plain_attention():
    rng = np.random.default_rng(8)
    X = rng.standard_normal((4, 6))
    W = rng.standard_normal((3, 6, 6))
    res = multi_head_attention(X, *W, n_heads=1)
    plain = scaled_dot_product_attention(X @ W[0], X @ W[1], X @ W[2])
    np.testing.assert_allclose(res.output, plain.output)


def test_multi_head_mask_applies_to_every_head():
    rng = np.random.default_rng(9)
    X = rng.standard_normal((5, 8))
    res = multi_head_attention(X, *rng.standard_normal((3, 8, 8)), n_heads=2, mask=causal_mask(5))
    assert np.all(res.weights[:, np.triu_indices(5, 1)[0], np.triu_indices(5, 1)[1]] == 0)


def test_indivisible_heads_name_both_numbers():
    with pytest.raises(ValueError, match=r"d_model=10 is not divisible by n_heads=4"):
        multi_head_attention(np.ones((3, 10)), *np.ones((3, 10, 10)), n_heads=4)


def test_split_then_merge_is_the_identity():
    M = np.arange(24.0).reshape(3, 8)
    assert split_heads(M, 4).shape == (4, 3, 2)
    np.testing.assert_array_equal(split_heads(M, 4)[1], M[:, 2:4])
    np.testing.assert_array_equal(merge_heads(split_heads(M, 4)), M)


# --- entropy, Jacobian ----------------------------------------------------------------------------

def test_row_entropy_of_uniform_and_one_hot():
    np.testing.assert_allclose(row_entropy(np.array([[0.25] * 4, [1, 0, 0, 0]])), [np.log(4), 0])


def test_softmax_jacobian_matches_finite_differences():
    z = np.array([0.3, -1.2, 2.0])
    J = softmax_jacobian(softmax(z))
    eps = 1e-6
    numeric = np.stack([(softmax(z + eps * e) - softmax(z - eps * e)) / (2 * eps) for e in np.eye(3)], axis=1)
    np.testing.assert_allclose(J, numeric, atol=1e-8)


def test_seed_gradient_nearly_vanishes_without_scaling():
    unscaled = softmax_jacobian(softmax([8.0, 0.0]))[1, 1]  # ∂p₂/∂z₂ = p₂(1 − p₂)
    scaled = softmax_jacobian(softmax([1.0, 0.0]))[1, 1]
    assert f"{unscaled:.4f}" == "0.0003" and f"{scaled:.3f}" == "0.197"
    assert 550 < scaled / unscaled < 650


def test_project_is_x_times_each_weight_matrix():
    inputs = attn_core_build("the cat sat", 3, 4)
    Q, K, V = project(inputs)
    w = inputs.weights
    for M, W in ((Q, w.W_Q), (K, w.W_K), (V, w.W_V)):
        np.testing.assert_allclose(M, naive_matmul(inputs.X.tolist(), W.tolist()))
