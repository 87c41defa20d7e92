"""Each mask mistake against a slow loop and PyTorch's documented conventions, its symptom on random inputs,
and the checks that catch it. The page's sentences about these numbers: tests/lessons/test_mask_mistakes.py."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from tests.hyp import examples

import attn_core
from attn_core import mask_mistakes as mm
from attn_core.attention import causal_mask, padding_mask, softmax
from attn_core.mistakes import Mistake
from tests.reference import naive_attention

def qkv(n=6, d=4, seed=1):
    rng = np.random.default_rng(seed)
    return rng.standard_normal((3, n, d))


def default_case(mask=None) -> mm.Case:
    inputs = attn_core.build_inputs("the cat sat on the mat", 0, 8)
    return mm.build_case(inputs, causal_mask(6) if mask is None else mask)


def plain_weights(Q, K, mask=None):
    """softmax(QKᵀ/√d_k) with blocked pairs at −∞ and the textbook softmax, one row at a time."""
    n, d = Q.shape
    W = np.zeros((n, K.shape[0]))
    for i in range(n):
        s = np.array([Q[i] @ K[j] / math.sqrt(d) for j in range(K.shape[0])])
        if mask is not None:
            s = np.where(mask[i], s, -np.inf)
        with np.errstate(invalid="ignore"):
            e = np.exp(s - s.max())
            W[i] = e / e.sum()
    return W


# --------------------------------------------------------------------------------------------------------- slow loops
def test_each_computation_matches_a_slow_loop():
    Q, K, V = qkv()
    mask = causal_mask(6)
    mask[2] = False  # one fully blocked row
    unmasked_W, unmasked_out = naive_attention(Q, K, V)
    cases = {
        "right": (mm.masked_attention(Q, K, V, mask), naive_attention(Q, K, V, mask=mask)),
        "after_softmax": (mm.mask_after_softmax(Q, K, V, mask), (unmasked_W * mask, (unmasked_W * mask) @ V)),
        "inverted": (mm.inverted_mask(Q, K, V, mask), naive_attention(Q, K, V, mask=~mask)),
        "wrong_axis": (mm.mask_wrong_axis(Q, K, V, mask), naive_attention(Q, K, V, mask=mask.T)),
        "no_mask": (mm.no_mask(Q, K, V, mask), (unmasked_W, unmasked_out)),
    }
    for name, (res, (W, out)) in cases.items():
        np.testing.assert_allclose(res.weights, W, atol=1e-12, err_msg=name)
        np.testing.assert_allclose(res.output, out, atol=1e-12, err_msg=name)
    # the registry runs the very same functions
    for m in mm.MASK_MISTAKES:
        if m.name in cases:
            np.testing.assert_allclose(m.run(Q, K, V, mask).output, cases[m.name][1][1], atol=1e-12)


def test_the_fully_blocked_row_three_ways():
    Q, K, V = qkv()
    mask = causal_mask(6)
    mask[2] = False
    right_W, right_out = naive_attention(Q, K, V, mask=mask)
    naive = mm.naive_minus_inf(Q, K, V, mask)
    fill = mm.finite_fill(Q, K, V, mask)
    safe = mm.safe_minus_inf(Q, K, V, mask)
    assert np.isnan(naive.weights[2]).all() and np.isnan(naive.output[2]).all()
    np.testing.assert_allclose(fill.weights[2], 1 / 6)  # uniform over six blocked keys
    np.testing.assert_allclose(fill.output[2], V.mean(axis=0))  # it reads the padding's average
    assert np.all(safe.weights[2] == 0) and np.all(safe.output[2] == 0)
    others = [0, 1, 3, 4, 5]
    for res in (naive, fill, safe):
        np.testing.assert_allclose(res.weights[others], right_W[others], atol=1e-12)
    np.testing.assert_allclose(safe.output, right_out, atol=1e-12)


def test_float16_turns_the_fill_into_minus_infinity_and_the_row_into_nan():
    assert mm.fill_value("-1e9", "float16") == -math.inf and mm.fill_value("-1e6", "float16") == -math.inf
    assert mm.fill_value("-1e9", "float32") == -1e9 and mm.fill_value("min", "float16") == -65504.0
    with np.errstate(over="ignore"):
        assert np.float16(-1e9) == -np.inf  # numpy itself, not our code, overflows
    Q, K, V = qkv()
    mask = with_row_blocked(causal_mask(6), 0)
    for fill in ("-1e9", "-1e6"):
        assert np.isnan(mm.finite_fill(Q, K, V, mask, fill, "float16").weights[0]).all()
        np.testing.assert_allclose(mm.finite_fill(Q, K, V, mask, fill, "float32").weights[0], 1 / 6, rtol=1e-6)
    np.testing.assert_allclose(mm.finite_fill(Q, K, V, mask, "min", "float16").weights[0], 1 / 6, rtol=1e-3)
    for dtype in mm.DTYPES:
        safe = mm.safe_minus_inf(Q, K, V, mask, dtype)
        assert np.all(safe.weights[0] == 0) and np.isfinite(safe.output).all()
    with pytest.raises(ValueError, match="fill"):
        mm.fill_value("-1e3", "float64")


def with_row_blocked(mask, i):
    return mm.with_blocked_row(mask, i)


# --------------------------------------------------------------------------------------------------------- PyTorch
def sdpa_documented(Q, K, V, attn_mask=None, is_causal=False):
    """torch.nn.functional.scaled_dot_product_attention's documented reference implementation, in numpy:
    attn_bias.masked_fill_(attn_mask.logical_not(), -inf) for a boolean mask, then a plain softmax."""
    L, S = Q.shape[-2], K.shape[-2]
    attn_bias = np.zeros((L, S))
    if is_causal:
        temp_mask = np.tril(np.ones((L, S), dtype=bool))
        attn_bias[~temp_mask] = -np.inf
    if attn_mask is not None:
        attn_bias = np.where(np.logical_not(attn_mask), -np.inf, attn_bias)
    attn_weight = Q @ K.T / math.sqrt(Q.shape[-1]) + attn_bias
    with np.errstate(invalid="ignore"):
        e = np.exp(attn_weight - attn_weight.max(axis=-1, keepdims=True))
        attn_weight = e / e.sum(axis=-1, keepdims=True)  # torch.softmax: a fully −∞ row is NaN
    return attn_weight, attn_weight @ V


def test_this_page_reads_a_mask_as_scaled_dot_product_attention_does():
    Q, K, V = qkv()
    allowed = padding_mask(6, [4, 5]) & causal_mask(6)
    W, out = sdpa_documented(Q, K, V, attn_mask=allowed)
    np.testing.assert_allclose(mm.masked_attention(Q, K, V, allowed).weights, W, atol=1e-12)
    np.testing.assert_allclose(mm.masked_attention(Q, K, V, mm.allowed_from(allowed, mm.SDPA)).output, out, atol=1e-12)
    W_causal, _ = sdpa_documented(Q, K, V, is_causal=True)
    np.testing.assert_allclose(mm.masked_attention(Q, K, V, causal_mask(6)).weights, W_causal, atol=1e-12)


def test_a_multihead_attention_mask_passed_to_sdpa_is_the_inverted_mistake():
    Q, K, V = qkv()
    # MultiheadAttention's boolean attn_mask: True = not allowed to attend; its causal mask is the upper triangle
    mha_causal = np.triu(np.ones((6, 6), dtype=bool), k=1)
    assert np.array_equal(mm.allowed_from(mha_causal, mm.MHA_ATTN_MASK), causal_mask(6))
    W, _ = sdpa_documented(Q, K, V, attn_mask=mha_causal)  # passed where True means "may attend"
    wrong = mm.inverted_mask(Q, K, V, causal_mask(6))
    np.testing.assert_allclose(wrong.weights[:5], W[:5], atol=1e-12)
    assert np.isnan(W[5]).all() and np.all(wrong.weights[5] == 0)  # the last token sees nothing: NaN there, 0 here
    upper = np.triu_indices(6, k=1)
    assert np.allclose(wrong.weights[upper[0], upper[1]].reshape(-1).sum(), 5)  # every row but the last is future
    assert np.all(wrong.weights[np.tril_indices(6)] == 0)  # never itself, never the past


def test_a_key_padding_mask_is_true_where_a_key_is_ignored():
    kpm = np.array([False, False, False, False, True, True])  # MultiheadAttention: True = padding, ignore
    allowed = mm.allowed_from(kpm, mm.MHA_KEY_PADDING)
    assert allowed.shape == (1, 6)
    assert np.array_equal(np.broadcast_to(allowed, (6, 6)), padding_mask(6, [4, 5]))
    Q, K, V = qkv()
    W, _ = sdpa_documented(Q, K, V, attn_mask=kpm[None, :])  # the key padding mask passed as attn_mask
    np.testing.assert_allclose(mm.inverted_mask(Q, K, V, allowed).weights, W, atol=1e-12)
    assert [c.true_allows for c in mm.TORCH_CONVENTIONS] == [True, False, False]
    assert [c.per_key for c in mm.TORCH_CONVENTIONS] == [False, False, True]


def test_a_convention_is_data_not_words():
    """attn_core says what a True entry does (allows or blocks, per pair or per key), never in a sentence: the words
    for it are attn_lessons.mask_mistakes.true_means."""
    from dataclasses import fields

    assert [f.name for f in fields(mm.Convention)] == ["api", "argument", "shape", "true_allows", "per_key"]
    for c in mm.TORCH_CONVENTIONS:
        assert " " not in c.api + c.argument.removesuffix(" (bool)")  # names of PyTorch's API, no prose


def test_the_wrong_axis_is_the_padding_flags_shaped_n_by_1():
    Q, K, V = qkv()
    keys = np.array([True, True, True, True, False, False])
    right = mm.masked_attention(Q, K, V, keys[None, :])  # (1, n): key columns
    wrong = mm.mask_wrong_axis(Q, K, V, keys[None, :])
    np.testing.assert_allclose(wrong.weights, mm.masked_attention(Q, K, V, keys[:, None]).weights)  # (n, 1)
    assert np.all(right.weights[:, 4:] == 0)
    assert np.all(wrong.weights[4:] == 0)  # the pad queries are silenced …
    assert np.all(wrong.weights[:4, 4:] > 0)  # … and every real query reads the padding


# --------------------------------------------------------------------------------------------------------- symptoms
finite = st.floats(-5, 5, allow_nan=False, allow_infinity=False)


@st.composite
def cases(draw, min_n=1, max_n=6):
    n = draw(st.integers(min_n, max_n))
    d = draw(st.integers(1, 4))
    Q, K, V = (draw(arrays(np.float64, (n, d), elements=finite)) for _ in range(3))
    mask = draw(arrays(np.bool_, (n, n)))
    return Q, K, V, mask


@settings(max_examples=examples(40), deadline=None)
@given(cases())
def test_symptoms_hold_for_random_inputs_and_masks(case):
    Q, K, V, mask = case
    n = mask.shape[0]
    open_row, partial = mask.any(-1), mask.any(-1) & ~mask.all(-1)
    right = mm.masked_attention(Q, K, V, mask)
    np.testing.assert_allclose(right.weights.sum(-1), open_row, atol=1e-9)  # 1, or 0 when fully blocked
    assert np.all(right.weights[~mask] == 0) and np.isfinite(right.output).all()

    after = mm.mask_after_softmax(Q, K, V, mask)
    assert np.all(after.weights[~mask] == 0)
    assert np.all(after.weights.sum(-1)[partial] < 1)  # the rows no longer sum to 1
    assert np.all(mm.inverted_mask(Q, K, V, mask).weights[mask] == 0)  # no weight where the mask allows
    inv = mm.inverted_mask(Q, K, V, mask).weights
    np.testing.assert_allclose(inv.sum(-1), (~mask).any(-1), atol=1e-9)  # all of it on blocked pairs
    np.testing.assert_allclose(mm.mask_wrong_axis(Q, K, V, mask).weights.sum(-1), mask.T.any(-1), atol=1e-9)
    fill = mm.finite_fill(Q, K, V, mask).weights
    np.testing.assert_allclose(fill[~open_row], 1 / n)  # uniform over keys it must not see
    np.testing.assert_allclose(fill[open_row], right.weights[open_row], atol=1e-12)
    naive = mm.naive_minus_inf(Q, K, V, mask).weights
    assert np.isnan(naive[~open_row]).all() and not np.isnan(naive[open_row]).any()
    np.testing.assert_allclose(mm.no_mask(Q, K, V, mask).weights, softmax(Q @ K.T / math.sqrt(Q.shape[1])))


@settings(max_examples=examples(30), deadline=None)
@given(arrays(np.float64, (4, 5), elements=st.floats(-50, 50)), arrays(np.bool_, (4, 5)))
def test_safe_softmax_is_attn_core_softmax_and_plain_softmax_nans_a_blocked_row(x, mask):
    x = np.where(mask, x, -np.inf)
    np.testing.assert_allclose(mm.safe_softmax(x), softmax(x), atol=1e-15)
    plain = mm.plain_softmax(x)
    assert np.isnan(plain[~mask.any(-1)]).all()
    np.testing.assert_allclose(plain[mask.any(-1)], softmax(x)[mask.any(-1)], atol=1e-15)


def test_the_leak_test_moves_earlier_outputs_only_without_the_mask():
    case = default_case()
    Q2, K2, V2 = mm.swapped_qkv(case, 5, "dog")
    free = mm.output_change(mm.no_mask, case.Q, case.K, case.V, Q2, K2, V2, case.mask)
    causal = mm.output_change(mm.masked_attention, case.Q, case.K, case.V, Q2, K2, V2, causal_mask(6))
    assert np.all(free[:5] > 1e-3) and np.all(causal[:5] == 0) and causal[5] > 0
    X2 = mm.swapped_inputs(case.tokens, 5, "dog", 8)
    X = attn_core.build_inputs("the cat sat on the mat", 0, 8).X
    assert np.array_equal(X2[:5], X[:5]) and not np.allclose(X2[5], X[5])  # only the changed row differs
    np.testing.assert_allclose(X2, attn_core.build_inputs("the cat sat on the dog", 0, 8).X)
    with pytest.raises(ValueError, match="outside"):
        mm.swapped_inputs(case.tokens, 6, "dog", 8)


def test_leak_changes_stacks_the_leak_test_without_and_with_the_causal_mask():
    case = default_case(padding_mask(6, [5]))  # the no-mask row ignores the case's mask; the causal row uses its own
    both = mm.leak_changes(case, 3, "dog")
    assert both.shape == (2, 6)
    Q2, K2, V2 = mm.swapped_qkv(case, 3, "dog")
    for run, mask, row in ((mm.no_mask, case.mask, both[0]), (mm.masked_attention, causal_mask(6), both[1])):
        before, after = run(case.Q, case.K, case.V, mask).output, run(Q2, K2, V2, mask).output
        expected = [max(abs(after[i, c] - before[i, c]) for c in range(after.shape[1])) for i in range(6)]
        np.testing.assert_allclose(row, expected, rtol=0, atol=0)
    assert np.all(both[0, :3] > 1e-3) and np.all(both[1, :3] == 0) and np.all(both[1, 3:] > 0)


def test_the_page_tables_numbers():
    """The numbers the page's tables show, from attn_core: row sums, the formula's M, the scores before the mask,
    the fill demo's three columns."""
    case = default_case(mm.with_blocked_row(causal_mask(6), 2))
    wrong = mm.mask_after_softmax(case.Q, case.K, case.V, case.mask).weights
    allowed, right, wrong_sums = mm.row_sums(case, wrong)
    assert allowed.tolist() == [1, 2, 0, 4, 5, 6]
    np.testing.assert_allclose(right, [1, 1, 0, 1, 1, 1], atol=1e-12)
    np.testing.assert_allclose(wrong_sums, [sum(wrong[i]) for i in range(6)], atol=1e-12)
    assert wrong_sums[0] < 1 and wrong_sums[5] == pytest.approx(1)
    M = mm.additive_mask(case.mask)
    assert M[1, 0] == 0 and M[1, 2] == -np.inf and np.isneginf(M[2]).all()
    np.testing.assert_allclose(mm.scaled_scores(case), case.Q @ case.K.T / math.sqrt(case.Q.shape[1]), atol=1e-12)
    assert np.isfinite(mm.scaled_scores(case)).all()  # before the mask: nothing is −∞ yet
    row, mask, _ = mm.blocked_row_for_demo(case.mask, None)
    with np.errstate(all="ignore"):
        W, fill_output = mm.fill_rows(case, mask, row, "-1e9", "float16")
        runs = [mm.naive_minus_inf(case.Q, case.K, case.V, mask, "float16"),
                mm.finite_fill(case.Q, case.K, case.V, mask, "-1e9", "float16"),
                mm.safe_minus_inf(case.Q, case.K, case.V, mask, "float16")]
    assert W.shape == (6, 3)
    for k, res in enumerate(runs):
        np.testing.assert_array_equal(W[:, k], res.weights[row])
    np.testing.assert_array_equal(fill_output, runs[1].output[row])
    assert np.isnan(W[:, 0]).all() and not W[:, 2].any()  # naive −∞: NaN; the safe way: 0s


def test_right_anyway_is_asked_only_of_a_mask_that_blocks_nothing():
    assert mm.right_anyway(default_case(np.ones((6, 6), dtype=bool))) == mm.same_as_right(
        default_case(np.ones((6, 6), dtype=bool)))
    assert set(mm.right_anyway(default_case(np.ones((6, 6), dtype=bool)))) >= {"after_softmax", "no_mask"}
    assert mm.right_anyway(default_case()) == []


# --------------------------------------------------------------------------------------------------------- the quiz
def test_each_mistake_is_identified_from_its_symptoms():
    case = default_case(mm.with_blocked_row(causal_mask(6), 2))
    pool = [m.name for m in mm.quiz_pool(case.Q, case.K, case.V, case.mask)]
    assert pool == [m.name for m in mm.MASK_MISTAKES]  # a fully blocked row: all six can be told apart
    for name in pool:
        res = mm.MASK_BY_NAME[name].run(case.Q, case.K, case.V, case.mask)
        d = mm.diagnose_mask(case.Q, case.K, case.V, case.mask, res)
        assert mm.identify_mask_mistake(d) == name
    right = mm.diagnose_mask(case.Q, case.K, case.V, case.mask, case.right)
    assert mm.identify_mask_mistake(right) == "none" and right.nan_rows == 0 and right.rows_sum_right
    # without a fully blocked row, the two fills give the right weights and leave the pool
    plain = default_case()
    assert [m.name for m in mm.quiz_pool(plain.Q, plain.K, plain.V, plain.mask)] == [
        "after_softmax", "inverted", "wrong_axis", "no_mask"]
    nothing = default_case(np.ones((6, 6), dtype=bool))
    assert mm.quiz_pool(nothing.Q, nothing.K, nothing.V, nothing.mask) == [mm.MASK_BY_NAME["inverted"]]


@settings(max_examples=examples(30), deadline=None)
@given(cases(min_n=2))
def test_the_pool_holds_only_what_the_symptoms_name_and_the_diagnosis_measures_them(case):
    Q, K, V, mask = case
    for m in mm.quiz_pool(Q, K, V, mask):
        name, res = m.name, m.run(Q, K, V, mask)
        d = mm.diagnose_mask(Q, K, V, mask, res)
        assert mm.identify_mask_mistake(d) == name
        assert d.nan_rows == int(np.isnan(res.weights).any(-1).sum())
        ok = ~np.isnan(res.weights).any(-1)
        if ok.any():
            assert d.blocked_weight == pytest.approx(np.where(mask, 0, res.weights)[ok].max(initial=0))


def test_as_mistakes_gives_quiz_ready_mistakes_with_the_usual_signature():
    Q, K, V = qkv()
    mask = causal_mask(6)
    wrapped = mm.as_mistakes(mask)
    assert all(isinstance(m, Mistake) for m in wrapped)
    assert [m.name for m in wrapped] == [m.name for m in mm.MASK_MISTAKES]
    for m, original in zip(wrapped, mm.MASK_MISTAKES, strict=True):
        np.testing.assert_array_equal(m.run(Q, K, V, 4).weights, original.run(Q, K, V, mask).weights)


# --------------------------------------------------------------------------------------------------------- checks
def test_the_known_answer_is_written_out_not_computed_by_softmax():
    for mask in (causal_mask(5), padding_mask(5, [3, 4]), mm.with_blocked_row(causal_mask(5), 1),
                 ~np.eye(5, dtype=bool)):
        n = mask.shape[0]
        eye = np.eye(n)
        res = mm.masked_attention(math.log(4) * math.sqrt(n) * eye, eye, eye, mask)
        np.testing.assert_allclose(mm.one_hot_expected(mask), res.weights, atol=1e-12)
    np.testing.assert_allclose(mm.one_hot_expected(causal_mask(3))[2], [1 / 6, 1 / 6, 4 / 6])


@settings(max_examples=examples(25), deadline=None)
@given(cases(min_n=2))
def test_the_right_computation_passes_every_check_and_each_mistake_fails_one(case):
    Q, K, V, mask = case
    n = mask.shape[0]
    rng = np.random.default_rng(0)
    Q2, K2, V2 = Q.copy(), K.copy(), V.copy()
    Q2[-1], K2[-1], V2[-1] = rng.standard_normal((3, Q.shape[1])) + 1
    c = mm.Case(tokens=("w",) * n, labels=[f"w{i}" for i in range(n)], Q=Q, K=K, V=V, mask=mask,
                right=mm.masked_attention(Q, K, V, mask), d_model=Q.shape[1], positional=True, weights=None)
    table = mm.check_table(c, Q2, K2, V2, n - 1)
    assert table[0][0] == "right" and all(r.passed for r in table[0][1])
    caught = {name: [r.name for r in results if not r.passed] for name, results in table[1:]}
    assert "blocked_row" in caught["finite_fill"] and "blocked_row" in caught["naive_inf"]
    assert "known" in caught["inverted"] and "known" in caught["wrong_axis"]
    assert "known" in caught["after_softmax"]


def test_each_check_fails_for_its_reason():
    case = default_case()
    W = case.right.weights.copy()
    assert mm.check_row_sums(W, case.mask).passed
    W[1, 0] *= 0.5
    bad = mm.check_row_sums(W, case.mask)
    assert not bad.passed and bad.worst == pytest.approx(case.right.weights[1, 0] * 0.5)
    W = case.right.weights.copy()
    W[0, 3] = 0.25
    assert mm.check_blocked_zero(W, case.mask).worst == 0.25
    assert not mm.check_blocked_zero(np.full((6, 6), np.nan), case.mask).passed
    assert not mm.check_blocked_zero(W, np.ones((6, 6), dtype=bool)).applicable
    Q2, K2, V2 = mm.swapped_qkv(case, 0, "dog")
    assert not mm.check_no_leak(mm.no_mask, case.Q, case.K, case.V, Q2, K2, V2, 0).applicable
    assert math.isnan(mm.check_blocked_row(mm.naive_minus_inf, case.Q, case.K, case.V, case.mask).worst)
    assert mm.check_known_answer(mm.masked_attention, causal_mask(6)).worst < 1e-12


# ------------------------------------------------------------------- the checks the learner takes home, run for real


def as_pair(run):
    """An attn_core computation as the take-home checks call one: (Q, K, V, mask) -> (weights, output)."""
    def attention(Q, K, V, mask):
        res = run(Q, K, V, mask)
        return res.weights, res.output
    return attention


@settings(max_examples=examples(25), deadline=None)
@given(cases())
def test_the_take_home_attention_is_the_right_computation(case):
    Q, K, V, mask = case
    weights, output = mm.attention_to_check(Q, K, V, mask)
    right = mm.masked_attention(Q, K, V, mask)
    np.testing.assert_allclose(weights, right.weights, atol=1e-12)
    np.testing.assert_allclose(output, right.output, atol=1e-12)
    W, out = naive_attention(Q, K, V, mask=mask)  # the slow loop: a fully blocked row keeps 0s
    np.testing.assert_allclose(weights, W, atol=1e-12)
    np.testing.assert_allclose(output, out, atol=1e-12)


@pytest.mark.parametrize("mask", [causal_mask(6), mm.with_blocked_row(padding_mask(6, [5]), 3), np.ones((6, 6), bool),
                                  padding_mask(6, [4, 5])], ids=["causal", "padding+blocked", "none", "padding"])
def test_the_take_home_checks_catch_what_the_page_table_catches(mask):
    """failed_checks, the code the page prints, passes the right computation and fails each mistake on exactly the
    checks attn_core's check table fails it on: the snippet catches what the page says it catches."""
    case = default_case(mask)
    t = case.n - 1
    assert mm.failed_checks(mm.attention_to_check, case.Q, case.K, case.V, case.mask, t) == []
    table = dict(mm.check_table(case, *mm.swapped_qkv(case, t, "dog"), t))
    assert mm.failed_checks(as_pair(mm.masked_attention), case.Q, case.K, case.V, case.mask, t) == []
    for m in mm.MASK_MISTAKES:
        failed = mm.failed_checks(as_pair(m.run), case.Q, case.K, case.V, case.mask, t)
        numbers = [int(f.split(".")[0]) for f in failed]
        assert numbers == [k + 1 for k, r in enumerate(table[m.name]) if not r.passed], m.name
        assert failed, m.name  # every mistake fails at least one


def test_each_take_home_check_fails_for_its_reason():
    case = default_case()
    Q, K, V, mask = case.Q, case.K, case.V, case.mask

    def broken(change):
        def attention(Q, K, V, mask):
            weights, output = mm.attention_to_check(Q, K, V, mask)
            return change(weights.copy(), output.copy(), mask)
        return attention

    def leaky(w, o, m):
        return w, o + o.sum(axis=0)  # every output reads every row, the later ones too

    def half_row(w, o, m):
        w[-1] *= 0.5  # the last row sums to less than 1
        return w, o

    def blocked_share(w, o, m):
        return w + 0.01 * ~m, o  # every blocked pair takes 0.01

    def nan_row(w, o, m):
        o[~m.any(-1)] = np.nan  # a fully blocked row gives NaN
        return w, o

    assert mm.failed_checks(broken(half_row), Q, K, V, mask, 5) == ["1. row sums"]
    assert mm.failed_checks(broken(blocked_share), Q, K, V, mask, 5) == ["1. row sums", "2. blocked weight",
                                                                       "4. blocked row"]
    assert mm.failed_checks(broken(leaky), Q, K, V, mask, 5)[0] == "3. causal leak"
    assert mm.failed_checks(broken(nan_row), Q, K, V, mask, 5) == ["4. blocked row"]


# ------------------------------------------------------------------------ renormalising, the question's row, the word


def test_renormalising_breaks_where_the_allowed_weights_underflow():
    for dtype in mm.DTYPES:
        g = mm.underflow_gap(dtype)
        with np.errstate(under="ignore"):
            assert np.exp(np.asarray(-(g - 0.05), dtype=dtype)) > 0
            assert np.exp(np.asarray(-(g + 0.05), dtype=dtype)) == 0
    table = mm.renormalise_table(np.zeros((2, 2)), np.ones((2, 2), dtype=bool))
    cells = {(c.factor, c.lead, c.dtype): c for c in table}
    breaks = {lead: [d for d in mm.DTYPES if cells[(None, lead, d)].differs] for lead in mm.TWO_KEY_LEADS}
    assert breaks == {20: ["float16"], 200: ["float32", "float16"], 800: ["float64", "float32", "float16"]}
    assert cells[(None, 20, "float16")].nan_rows == 1  # [20, 0] in float16: the one allowed weight underflows
    assert not cells[(1, None, "float64")].differs and cells[(1, None, "float64")].gap == 0  # your scores ×1
    # a sentence whose blocked score leads: scaled up, it breaks on the learner's own scores
    scaled = np.array([[0.0, 0.5], [1.0, 0.0]])
    mask = np.array([[True, False], [True, True]])
    assert mm.blocked_lead(scaled, mask) == 0.5
    own = {(c.factor, c.dtype): c for c in mm.renormalise_table(scaled, mask) if c.factor is not None}
    assert not own[(1, "float16")].differs and own[(100, "float16")].differs
    case = default_case()
    lead = mm.blocked_lead(case.right.scores * case.right.scale, case.mask)
    assert lead is not None and lead < 0
    assert mm.blocked_lead(np.zeros((2, 2)), np.ones((2, 2), dtype=bool)) is None


def test_the_renormalising_table_names_its_rows_by_factor_then_by_lead():
    cells = mm.renormalise_table(np.zeros((2, 2)), np.ones((2, 2), dtype=bool))
    assert [(c.factor, c.lead) for c in cells[::3]] == [(1, None), (10, None), (100, None), (1000, None),
                                                          (None, 20), (None, 200), (None, 800)]
    assert [c.dtype for c in cells[:3]] == list(mm.DTYPES)


def test_row_sum_kind_and_the_row_to_ask_about():
    assert [mm.row_sum_kind(x) for x in (1.0, 1 + 1e-12, 0.0, 0.4, 1.2)] == ["one", "one", "zero", "less", "more"]
    assert mm.question_row(causal_mask(6)) == 0  # the causal row with the most blocked keys that still sees one
    assert mm.question_row(mm.with_blocked_row(causal_mask(6), 0)) == 1
    assert mm.question_row(np.zeros((3, 3), dtype=bool)) == 0


def test_words_for_the_leak_test():
    assert mm.parse_word("  Dog ") == "Dog"
    for bad in ("two words", "", "   ", "a,b"):
        with pytest.raises(ValueError, match="one word"):
            mm.parse_word(bad)
    assert mm.replacement_word("mat") == "dog" and mm.replacement_word("DOG") == "cat"


# ---------------------------------------------------------------------------------------------------------
# What the page's sentences rest on: the row sum of softmax-then-zero, the mistakes a mask leaves harmless, the
# settings that would show a mistake, the row to outline


def test_the_zeroed_row_sum_kind_follows_the_arithmetic():
    assert mm.zeroed_row_sum_kind(0, 6, 0.0) == "zero"  # may see no key
    assert mm.zeroed_row_sum_kind(6, 6, 1 - 1e-16) == "one"  # may see every key: 1 up to rounding
    assert mm.zeroed_row_sum_kind(3, 6, 0.4) == "less"
    assert mm.zeroed_row_sum_kind(3, 6, 1 - 1e-12) == "less"  # blocked keys took a little: not exactly 1
    assert mm.zeroed_row_sum_kind(3, 6, 1.0) == "one"  # they took so little it rounded away
    assert mm.zeroed_row_sum_kind(3, 6, 0.0) == "zero"  # the allowed weights underflowed
    # the softmax-then-zero sums themselves, on a row whose blocked key leads by 800 and one that trails by 800
    W = mm.mask_after_softmax(np.array([[1.0], [1.0]]), np.array([[800.0], [0.0]]), np.eye(2),
                              np.array([[False, True], [True, False]])).weights
    assert mm.zeroed_row_sum_kind(1, 2, W[0].sum()) == "zero" and mm.zeroed_row_sum_kind(1, 2, W[1].sum()) == "one"


def test_the_mistakes_that_give_the_right_weights_on_a_mask():
    assert mm.same_as_right(default_case()) == ["finite_fill", "naive_inf"]  # no row is fully blocked
    assert mm.same_as_right(default_case(np.ones((6, 6), dtype=bool))) == [
        "after_softmax", "wrong_axis", "finite_fill", "naive_inf", "no_mask"]
    assert "naive_inf" not in mm.same_as_right(default_case(mm.with_blocked_row(causal_mask(6), 2)))  # NaN ≠ 0


def test_the_row_to_outline():
    assert mm.lone_blocked_row(causal_mask(6)) is None
    assert mm.lone_blocked_row(mm.with_blocked_row(causal_mask(6), 3)) == 3
    assert mm.lone_blocked_row(np.zeros((4, 4), dtype=bool)) is None  # every row: none stands out


def _choices():
    from attn_core.masks import build_mask

    for n in (1, 2, 3, 5):
        for block in (None, *range(n)):
            yield mm.MaskChoice("none", build_mask("none", n), block)
            yield mm.MaskChoice("causal", build_mask("causal", n), block)
            for pad in range(n + 1):
                yield mm.MaskChoice("padding", build_mask("padding", n, n_padded=pad), block)
            yield mm.MaskChoice("custom", np.eye(n, dtype=bool), block)


def _apply(choice: mm.MaskChoice, remedy: str) -> mm.MaskChoice:
    """The setting a remedy names, built the way the page builds it."""
    from attn_core.masks import build_mask

    n = choice.base.shape[0]
    if remedy in ("causal", "padding", "one_pad"):
        kind = "causal" if remedy == "causal" else "padding"
        return mm.MaskChoice(kind, build_mask(kind, n, n_padded=0 if kind == "causal" else 1), choice.block)
    if remedy == "unblock":
        return mm.MaskChoice(choice.kind, choice.base, None)
    assert remedy == "block"
    return mm.MaskChoice(choice.kind, choice.base, 0)


@pytest.mark.parametrize("need", list(mm.NEEDS))
def test_every_remedy_is_one_control_away_changes_the_setting_and_shows_the_need(need):
    has = mm.NEEDS[need]
    named = 0
    for choice in _choices():
        found = mm.remedies(choice, need)
        if has(choice.mask):
            assert found == (), choice
            continue
        if found == ("longer",):
            assert choice.base.shape[0] == 1  # only a single token needs more words
            continue
        named += 1
        for remedy in found:
            after = _apply(choice, remedy)
            assert (after.kind, after.block) != (choice.kind, choice.block) or remedy == "one_pad"
            assert not np.array_equal(after.mask, choice.mask) and has(after.mask), (need, choice, remedy)
        assert not ({"causal", "padding"} & set(found)) & {choice.kind}
    assert named >= 10  # the states that lack it and have a remedy

def test_the_quiz_remedies_give_a_quiz_of_two_or_more():
    from attn_core.masks import build_mask

    case = default_case(np.ones((6, 6), dtype=bool))
    choice = mm.MaskChoice("none", build_mask("none", 6))
    found = mm.quiz_remedies(case, choice)
    assert found == ("causal", "padding", "block")
    for remedy in found:
        mask = _apply(choice, remedy).mask
        assert len(mm.quiz_pool(case.Q, case.K, case.V, mask)) >= 2


# ---------------------------------------------------------------------------------------------------------
# Issue 36, item 16: the quiz's readings are symptoms a learner reads off the weights, and they are enough


def read_off(d: mm.MaskDiagnosis, n: int) -> str:
    """The mistake a learner names from the quiz's readings alone (never "= the unmasked weights", which would be the
    answer itself): NaN; no weight where the mask allows and weight wherever it blocks; none where it blocks; some
    allowed pairs with none; weight only on fully blocked rows, spread evenly; weight everywhere."""
    if d.nan_rows:
        return "naive_inf"
    if d.allowed_pairs and d.allowed_empty == d.allowed_pairs and d.blocked_weighted == d.blocked_pairs:
        return "inverted"  # the mask turned around cannot do both: a pair (i, i) is allowed or blocked in both
    if d.blocked_weighted == 0:
        return "after_softmax"
    if d.allowed_empty:
        return "wrong_axis"
    if d.filled_rows and d.filled_even_rows == d.filled_rows and d.blocked_weighted == d.filled_rows * n:
        return "finite_fill"
    return "no_mask"


def test_the_counted_readings_match_a_slow_loop():
    case = default_case(mm.with_blocked_row(causal_mask(6), 2))
    for m in mm.MASK_MISTAKES:
        res = m.run(case.Q, case.K, case.V, case.mask)
        W, d = res.weights, mm.diagnose_mask(case.Q, case.K, case.V, case.mask, res)
        blocked_weighted = allowed_empty = filled_even = 0
        for i in range(6):
            if np.isnan(W[i]).any():
                continue
            for j in range(6):
                blocked_weighted += (not case.mask[i, j]) and W[i, j] > 0
                allowed_empty += bool(case.mask[i, j]) and W[i, j] == 0
            filled_even += (not case.mask[i].any()) and W[i].max() > 0 and np.ptp(W[i]) <= 1e-9
        assert (d.blocked_pairs, d.blocked_weighted, d.allowed_empty, d.filled_even_rows) == (
            int((~case.mask).sum()), blocked_weighted, allowed_empty, filled_even), m.name


def test_every_quiz_mistake_can_be_named_from_the_readings_alone():
    """Over sentences, seeds, the usual masks, random ones and a fully blocked row: every mistake the quiz may draw
    is the one its readings point to. Before issue 36 "no mask" and "the wrong axis" could only be told apart by
    the readings "= unmasked weights" and "= transposed mask applied", which named them."""
    rng = np.random.default_rng(36)
    checked = set()
    for text in ("the cat sat on the mat", "a b", "I saw a saw", "one two three four five six seven"):
        for seed in (0, 3):
            inputs = attn_core.build_inputs(text, seed, 8)
            n = len(inputs.labels)
            grids = [causal_mask(n), np.ones((n, n), bool), padding_mask(n, [n - 1])]
            grids += [rng.random((n, n)) < 0.6 for _ in range(12)]
            for grid in grids:
                for blocked in (None, 0, n - 1):
                    case = mm.build_case(inputs, mm.with_blocked_row(grid, blocked))
                    for m in mm.quiz_pool(case.Q, case.K, case.V, case.mask):
                        d = mm.diagnose_mask(case.Q, case.K, case.V, case.mask,
                                             m.run(case.Q, case.K, case.V, case.mask))
                        assert read_off(d, n) == m.name, (text, seed, case.mask.astype(int).tolist(), m.name)
                        checked.add(m.name)
    assert checked == set(mm.MASK_BY_NAME)
