"""attn_core.scaling against the seed's numbers, slow obvious loops and properties that must always hold."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.hyp import examples

from attn_core import sample_qk_dots
from attn_core.scaling import (
    DIVISORS,
    SMALL_SLOPE,
    argmax_position,
    compare_two_keys,
    divisor_marks,
    divisor_value,
    entropy_vs_tau,
    excess_kurtosis,
    heavy_tailed,
    peak_references,
    peak_shape,
    peakedness_curves,
    qk_sample,
    relative_spread,
    std_curve,
    std_theory,
    tau_grid,
    temperature_attention,
    vanishes,
)


def naive_softmax(z):
    top = max(z)
    e = [math.exp(v - top) for v in z]
    return [v / sum(e) for v in e]


def naive_entropy(p):
    return -sum(v * math.log(v) for v in p if v > 0)


# ------------------------------------------------------------------------------------------- two keys
def test_the_seed_example_digit_for_digit():
    two = compare_two_keys([8, 0], 64)
    assert two.divisor == 8
    assert two.scaled.tolist() == [1.0, 0.0]
    assert [f"{p:.4f}" for p in two.p_unscaled] == ["0.9997", "0.0003"]
    assert [f"{p:.3f}" for p in two.p_scaled] == ["0.731", "0.269"]
    assert f"{two.slope_unscaled:.4f}" == "0.0003"
    assert f"{two.slope_scaled:.3f}" == "0.197"
    assert 550 < two.ratio < 650  # "roughly 600 times more"


def test_two_keys_match_a_hand_softmax_and_finite_difference_jacobian():
    z, d_k = [2.5, -1.0], 9
    two = compare_two_keys(z, d_k)
    np.testing.assert_allclose(two.p_unscaled, naive_softmax(z), rtol=1e-12)
    np.testing.assert_allclose(two.p_scaled, naive_softmax([v / 3 for v in z]), rtol=1e-12)
    h = 1e-6
    slopes = []  # ∂p₂/∂z₂ by central differences, unscaled then scaled
    for J, base in ((two.J_unscaled, z), (two.J_scaled, [v / 3 for v in z])):
        for j in range(2):  # column j: how both weights move when score j moves, by central differences
            up, down = list(base), list(base)
            up[j] += h
            down[j] -= h
            column = [(a - b) / (2 * h) for a, b in zip(naive_softmax(up), naive_softmax(down), strict=True)]
            np.testing.assert_allclose(J[:, j], column, atol=1e-8)
        slopes.append(column[1])  # the last column is j = 2; its second entry is ∂p₂/∂z₂
    # the slope properties pick key 2's own entry of the Jacobian, which is p₂(1 − p₂)
    assert (two.slope_unscaled, two.slope_scaled) == pytest.approx(slopes, abs=1e-8)
    assert two.slope_scaled == pytest.approx(two.p_scaled[1] * (1 - two.p_scaled[1]))
    # W_Q and W_K reach the score through q·k: on the scaled side the chain rule adds 1/√d_k
    assert two.raw_slope == pytest.approx(slopes[1] / 3, abs=1e-8)
    assert two.raw_ratio == pytest.approx(two.ratio / 3)


@settings(max_examples=examples(200), deadline=None)
@given(st.floats(-1e308, 1e308), st.floats(-1e308, 1e308), st.integers(1, 512))
def test_any_finite_scores_give_finite_weights_and_scaling_never_shrinks_the_slope(a, b, d_k):
    two = compare_two_keys([a, b], d_k)
    for p in (two.p_unscaled, two.p_scaled):
        assert np.isfinite(p).all() and p.sum() == pytest.approx(1.0)
    assert np.isfinite(two.J_unscaled).all() and np.isfinite(two.J_scaled).all()
    assert 0 <= two.slope_unscaled <= 0.25 and 0 <= two.slope_scaled <= 0.25
    # ÷ √d_k ≥ 1 pulls the two scores together, and p(1 − p) only grows as p moves toward ½
    assert two.slope_scaled >= two.slope_unscaled * (1 - 1e-9)


def test_saturated_scores_report_their_ratio_honestly():
    assert math.isinf(compare_two_keys([800, 0], 64).ratio)  # unscaled slope underflows, scaled does not
    assert math.isnan(compare_two_keys([1e308, -1e308], 64).ratio)  # both underflow: no ratio to speak of
    assert compare_two_keys([3, 1], 1).ratio == 1.0  # √1 = 1 changes nothing
    assert math.isinf(compare_two_keys([800, 0], 64).raw_ratio)
    assert math.isnan(compare_two_keys([1e308, -1e308], 64).raw_ratio)
    assert compare_two_keys([3, 1], 1).raw_ratio == 1.0


@settings(max_examples=examples(200), deadline=None)
@given(st.floats(-1e308, 1e308), st.floats(-1e308, 1e308), st.integers(1, 512))
def test_the_loser_has_less_weight_on_both_sides_and_its_slope_is_p1_p2(a, b, d_k):
    two = compare_two_keys([a, b], d_k)
    if two.loser is None:  # decided on the scores (issue 36, item 10): only equal scores tie
        assert a == b and two.weights_equal and two.p_scaled[0] == two.p_scaled[1] and two.own == 1
    else:
        lo, hi = two.loser, two.winner
        assert two.scores[lo] < two.scores[hi] and two.own == lo
        assert two.p_unscaled[lo] <= two.p_unscaled[hi] and two.p_scaled[lo] <= two.p_scaled[hi]
        assert two.weights_equal == (two.p_unscaled[lo] == two.p_unscaled[hi])  # float64 may round them equal
        assert two.difference > 0 and two.log_p_unscaled[lo] <= two.log_p_unscaled[hi]
    for p, slope in ((two.p_unscaled, two.slope_unscaled), (two.p_scaled, two.slope_scaled)):
        low = min(p)  # the loser's p(1 − p) = p₁p₂, with the digits of the smaller weight
        assert slope == pytest.approx(low * (1 - low), rel=1e-9, abs=1e-300)


def test_the_winners_slope_would_round_to_0_but_the_losers_does_not():
    two = compare_two_keys([0, 50], 64)
    assert two.loser == 0 and two.winner == 1
    assert two.J_unscaled[1, 1] == 0 and two.slope_unscaled == pytest.approx(math.exp(-50), rel=1e-6)


def test_vanishes_is_the_stated_threshold():
    assert SMALL_SLOPE == 0.01 and vanishes(0.0003) and vanishes(0.0) and not vanishes(0.01)
    assert not vanishes(compare_two_keys([2, 0], 64).slope_unscaled)  # 0.105
    assert vanishes(compare_two_keys([8, 0], 64).slope_unscaled)  # 0.0003
    assert not vanishes(compare_two_keys([8, 0], 64).slope_scaled)  # 0.197


def test_argmax_position_and_relative_spread():
    np.testing.assert_allclose(argmax_position([0.125, 1.0, 0.5625], 8), [0, 1, 0.5])
    assert relative_spread([0.299, 0.372, 0.3]) == pytest.approx(0.073 / 0.299)
    with pytest.raises(ValueError):
        argmax_position([1.0], 1)


@pytest.mark.parametrize("scores,d_k", [([1, 2, 3], 4), ([float("nan"), 0], 4), ([float("inf"), 0], 4),
                                        ([1, 0], 0), ([1, 0], 2.5), ([1, 0], True)])
def test_two_keys_reject_bad_input(scores, d_k):
    with pytest.raises(ValueError):
        compare_two_keys(scores, d_k)


# ------------------------------------------------------------------------------------------- variance
def test_sampled_std_is_about_root_d_k_and_one_after_scaling():
    s = qk_sample(64, 4000, seed=0)
    # std of 4000 draws has a standard error near 1.2 %: ±6 % is five of those
    assert abs(s.std - 8) < 0.5 and abs(s.std_scaled - 1) < 0.06
    assert s.theory == 8
    np.testing.assert_allclose(s.dots, sample_qk_dots(64, 4000, 0))
    np.testing.assert_allclose(s.scaled, s.dots / 8)


def test_excess_kurtosis_is_six_over_d_k_and_marks_heavy_tails():
    dots = sample_qk_dots(2, 200_000, seed=1)
    measured = ((dots - dots.mean()) ** 4).mean() / dots.var() ** 2 - 3
    assert abs(measured - excess_kurtosis(2)) < 0.3  # 6 / 2 = 3
    assert excess_kurtosis(1) == 6 and excess_kurtosis(600) == pytest.approx(0.01)
    assert [d for d in range(1, 20) if heavy_tailed(d)] == [1, 2, 3, 4, 5, 6, 7]
    with pytest.raises(ValueError):
        excess_kurtosis(0)


def test_the_peak_of_q_dot_k_is_a_spike_then_a_point_then_round_as_its_density_says():
    """The three shapes peak_shape names, each against the exact law of q·k at that width (N(0, 1) entries)."""
    assert [peak_shape(d) for d in (1, 2, 3, 4, 7, 512)] == ["spike", "point", "round", "round", "round", "round"]
    one = np.abs(sample_qk_dots(1, 400_000, seed=2))
    # a spike: the mean density over |x| < h keeps growing as h shrinks (K₀(|x|)/π ≈ −log|x|/π near 0)
    density = [(one < h).mean() / (2 * h) for h in (0.2, 0.05, 0.0125)]
    assert density[0] + 0.2 < density[1] < density[2] - 0.2
    x = np.linspace(0, 6, 25)
    two = np.sort(sample_qk_dots(2, 400_000, seed=3))  # Laplace: P(X ≤ x) = 1 − ½e^(−x) for x ≥ 0
    np.testing.assert_allclose(np.searchsorted(two, x) / two.size, 1 - 0.5 * np.exp(-x), atol=0.005)
    four = np.sort(sample_qk_dots(4, 400_000, seed=4))  # density ¼(1 + |x|)e^(−|x|): P(X ≤ x) = 1 − ¼(2 + x)e^(−x)
    np.testing.assert_allclose(np.searchsorted(four, x) / four.size, 1 - 0.25 * (2 + x) * np.exp(-x), atol=0.005)
    with pytest.raises(ValueError):
        peak_shape(0)


def test_std_curve_matches_one_sample_per_width():
    raw, scaled = std_curve([1, 16, 256], 2000, seed=3)
    for d_k, r, c in zip([1, 16, 256], raw, scaled, strict=True):
        s = qk_sample(d_k, 2000, 3)
        assert (r, c) == (s.std, s.std_scaled)
        assert abs(r / math.sqrt(d_k) - 1) < 0.1
    np.testing.assert_allclose(raw / np.sqrt([1, 16, 256]), scaled)


# ------------------------------------------------------------------------------------------- peakedness
def naive_peakedness(n_keys, d_ks, n_seeds, seed, block=64):
    """The same draws as peakedness_curves (coordinates drawn in blocks, widths in increasing order), then a loop."""
    rng = np.random.default_rng(seed)
    q = np.zeros((n_seeds, 0))
    K = np.zeros((n_seeds, n_keys, 0))
    out = {name: {} for name in DIVISORS}
    for d_k in sorted(d_ks):
        while q.shape[1] < d_k:
            w = min(d_k - q.shape[1], block)
            q = np.concatenate([q, rng.standard_normal((n_seeds, 1, w))[:, 0, :]], axis=1)
            K = np.concatenate([K, rng.standard_normal((n_seeds, n_keys, w))], axis=2)
        for name, divisor in DIVISORS.items():
            maxes, ents = [], []
            for s in range(n_seeds):
                scores = [sum(q[s, i] * K[s, j, i] for i in range(d_k)) / divisor(d_k) for j in range(n_keys)]
                p = naive_softmax(scores)
                maxes.append(max(p))
                ents.append(naive_entropy(p))
            out[name][d_k] = (sum(maxes) / n_seeds, sum(ents) / n_seeds)
    return out


def test_peakedness_matches_a_slow_loop():
    d_ks = [1, 3, 70]  # 70 crosses a block boundary of the draws
    fast = peakedness_curves(3, d_ks, 4, seed=5)
    slow = naive_peakedness(3, d_ks, 4, seed=5)
    for name in DIVISORS:
        for m, d_k in enumerate(d_ks):
            assert fast.max_weight[name][m] == pytest.approx(slow[name][d_k][0], rel=1e-9)
            assert fast.entropy[name][m] == pytest.approx(slow[name][d_k][1], rel=1e-9, abs=1e-12)


def test_peakedness_shows_the_seed_claim():
    d_ks = [2**i for i in range(10)]
    p = peakedness_curves(8, d_ks, 500, seed=0)
    assert (np.diff(p.max_weight["unscaled"]) > 0).all()  # heads for a hard argmax
    assert (np.diff(p.entropy["unscaled"]) < 0).all()
    assert p.max_weight["unscaled"][-1] > 0.9
    assert np.ptp(p.max_weight["sqrt_dk"]) < 0.1  # stays flat
    assert p.max_weight["dk"][-1] < 1 / 8 + 0.02  # the wrong factor flattens toward uniform 1/n
    for name in DIVISORS:
        assert ((1 / 8 - 1e-12 <= p.max_weight[name]) & (p.max_weight[name] <= 1)).all()
        assert ((0 <= p.entropy[name]) & (p.entropy[name] <= math.log(8) + 1e-12)).all()
        assert p.max_weight[name][0] == p.max_weight["unscaled"][0]  # at d_k = 1 every divisor is 1


def test_one_key_is_always_a_hard_argmax():
    p = peakedness_curves(1, [1, 8, 512], 10)
    for name in DIVISORS:
        np.testing.assert_array_equal(p.max_weight[name], 1.0)
        np.testing.assert_array_equal(p.entropy[name], 0.0)


def test_peakedness_rejects_bad_sizes():
    for kwargs in ({"n_keys": 0, "d_ks": [1], "n_seeds": 1}, {"n_keys": 2, "d_ks": [0], "n_seeds": 1},
                   {"n_keys": 2, "d_ks": [4], "n_seeds": 0}):
        with pytest.raises(ValueError):
            peakedness_curves(**kwargs)


# ------------------------------------------------------------------------------------------- temperature
def test_divisor_choices():
    assert divisor_value("1", 16, 5.0) == 1.0
    assert divisor_value("sqrt_dk", 16, 5.0) == 4.0
    assert divisor_value("dk", 16, 5.0) == 16.0
    assert divisor_value("custom", 16, 5.0) == 5.0
    for choice, tau in (("bogus", 1.0), ("custom", 0.0), ("custom", -1.0), ("custom", float("nan"))):
        with pytest.raises(ValueError):
            divisor_value(choice, 16, tau)


def test_temperature_matches_a_slow_loop():
    rng = np.random.default_rng(1)
    Q, K = rng.standard_normal((4, 3)), rng.standard_normal((5, 3))
    t = temperature_attention(Q, K, 1.7)
    for i in range(4):
        scores = [sum(Q[i, d] * K[j, d] for d in range(3)) for j in range(5)]
        p = naive_softmax([s / 1.7 for s in scores])
        np.testing.assert_allclose(t.scores[i], scores, rtol=1e-12)
        np.testing.assert_allclose(t.weights[i], p, rtol=1e-12)
        assert t.entropy[i] == pytest.approx(naive_entropy(p))
    assert t.max_entropy == pytest.approx(math.log(5))
    assert t.position == pytest.approx(t.entropy.mean() / math.log(5))


@settings(max_examples=examples(50), deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 8), st.integers(1, 6))
def test_entropy_rises_with_tau_between_argmax_and_uniform(seed, n, d_k):
    rng = np.random.default_rng(seed)
    Q, K = rng.standard_normal((n, d_k)), rng.standard_normal((n, d_k))
    taus = np.logspace(-3, 3, 25)
    H = entropy_vs_tau(Q, K, taus)
    assert np.isfinite(H).all()
    assert (np.diff(H) >= -1e-9).all()  # a higher temperature never sharpens softmax
    assert (H >= -1e-12).all() and (H <= math.log(n) + 1e-9).all()
    assert temperature_attention(Q, K, 1e6).position == pytest.approx(1.0 if n > 1 else 0.0, abs=1e-3)
    assert 0 <= temperature_attention(Q, K, 1e-3).position <= 1


def test_tiny_tau_is_a_hard_argmax_without_overflow():
    Q = np.array([[1.0, 0.0], [0.0, 1.0]])
    K = np.array([[3.0, 0.0], [0.0, 2.0], [1.0, 1.0]])
    t = temperature_attention(Q, K, 1e-300)  # scores / τ overflow past the float range
    np.testing.assert_array_equal(t.weights, [[1, 0, 0], [0, 1, 0]])
    assert t.mean_entropy == 0.0 and t.position == 0.0
    with pytest.raises(ValueError):
        temperature_attention(Q, K, 0.0)


# ------------------------------------------------------------------------------------------- predict, then see
def test_odds_are_exp_of_the_gap_even_when_the_losers_weight_underflows():
    assert compare_two_keys([8, 0], 64).odds == pytest.approx(math.exp(8)) == pytest.approx(2980.958, abs=1e-3)
    assert compare_two_keys([0, 8], 4).odds == compare_two_keys([8, 0], 4).odds
    assert compare_two_keys([3, 3], 4).odds == 1
    two = compare_two_keys([0, 700], 4)  # key 1's weight is 10⁻³⁰⁴, the odds still finite
    assert two.p_unscaled[0] > 0 and math.log(two.odds) == pytest.approx(700) and two.odds > 1e304
    assert math.isinf(compare_two_keys([1e308, -1e308], 4).odds) and math.isinf(compare_two_keys([710, 0], 4).odds)


@settings(max_examples=examples(200), deadline=None)
@given(st.floats(-60, 60), st.floats(-60, 60))
def test_odds_are_the_ratio_of_the_two_weights(a, b):
    two = compare_two_keys([a, b], 16)
    hi, lo = max(two.p_unscaled), min(two.p_unscaled)
    assert two.odds == pytest.approx(hi / lo, rel=1e-6)


# ------------------------------------------------------------------------------------------- what the charts draw
def test_entropy_vs_tau_is_temperature_attention_at_every_tau():
    """The curve, every τ at once, against one temperature_attention call per τ (the slow obvious way)."""
    rng = np.random.default_rng(4)
    Q, K = rng.standard_normal((5, 3)), rng.standard_normal((6, 3))
    taus = [1e-300, 1e-3, 0.37, 1.0, 8.0, 1e3]  # the first overflows scores / τ: a hard argmax, no warning
    slow = [temperature_attention(Q, K, t).mean_entropy for t in taus]
    np.testing.assert_allclose(entropy_vs_tau(Q, K, taus), slow, rtol=1e-12, atol=1e-15)
    assert entropy_vs_tau(Q, K, taus)[0] == 0.0
    for bad in ([1.0, 0.0], [-1.0], [float("nan")]):
        with pytest.raises(ValueError):
            entropy_vs_tau(Q, K, bad)


def test_tau_grid_spans_the_box_evenly_on_a_log_scale():
    taus = tau_grid(1e-3, 1e3)
    assert taus.shape == (73,) and taus[0] == pytest.approx(1e-3) and taus[-1] == pytest.approx(1e3)
    np.testing.assert_allclose(np.diff(np.log10(taus)), 6 / 72)  # 12 points a decade
    assert taus[36] == pytest.approx(1.0)


def test_divisor_marks_one_line_per_distinct_divisor():
    assert divisor_marks(64) == [(1.0, ("1",)), (8.0, ("sqrt_dk",)), (64.0, ("dk",))]
    assert divisor_marks(1) == [(1.0, ("1", "sqrt_dk", "dk"))]
    values = [v for v, _ in divisor_marks(2)]
    assert values == sorted(values) and values[1] == pytest.approx(math.sqrt(2))


def test_std_theory_is_the_square_root_of_each_width():
    np.testing.assert_array_equal(std_theory((1, 4, 64)), [1.0, 2.0, 8.0])
    assert std_theory([9]).dtype == float and qk_sample(9, 10, 0).theory == std_theory([9])[0]


def test_peak_references_are_a_hard_argmax_then_uniform_weights():
    refs = peak_references(8)
    assert refs["max_weight"] == [1.0, 0.125] and refs["entropy"] == [0.0, pytest.approx(math.log(8))]
    # at those levels the curves themselves sit: one key wins everything, or every key gets 1/n
    hard, even = np.eye(8)[:1], np.full((1, 8), 1 / 8)
    assert even.max() == refs["max_weight"][1] and naive_entropy(even[0]) == pytest.approx(refs["entropy"][1])
    assert hard.max() == refs["max_weight"][0] and naive_entropy(hard[0]) == refs["entropy"][0]
    assert peak_references(1) == {"max_weight": [1.0], "entropy": [0.0]}  # one key: the two are the same
    with pytest.raises(ValueError):
        peak_references(0)


# ------------------------------------------------------------------ issue 36, item 10: the float edges


def test_scores_a_hair_apart_are_not_a_tie_though_their_weights_are():
    two = compare_two_keys([1e-17, 0], 64)
    assert two.loser == 1 and two.winner == 0  # the scores differ
    assert two.weights_equal and two.p_unscaled[0] == two.p_unscaled[1] == 0.5  # float64 cannot show it
    assert two.difference == pytest.approx(5e-18, rel=1e-12)  # tanh(10⁻¹⁷ / 2), the true p₁ − p₂
    assert compare_two_keys([3, 3], 64).loser is None and compare_two_keys([3, 3], 64).difference == 0


@pytest.mark.parametrize("z1", [-745.0, -740.0, -800.0, -30.0, -8.0])
def test_log_weights_are_the_true_sizes_below_the_smallest_float(z1):
    two = compare_two_keys([z1, 0], 64)
    exact = z1 - math.log1p(math.exp(z1))  # ln(e^z1 / (e^z1 + 1)), the slow obvious way
    assert two.log_p_unscaled[0] == pytest.approx(exact, rel=1e-12)
    assert two.log_p_unscaled[1] == pytest.approx(-math.log1p(math.exp(z1)), abs=1e-300)
    assert two.log_slope_unscaled == pytest.approx(exact - math.log1p(math.exp(z1)), rel=1e-12)
    assert two.log_p_scaled[0] == pytest.approx(z1 / 8 - math.log1p(math.exp(z1 / 8)), rel=1e-12)


def test_softmax_of_minus_745_is_2_8e_minus_324_not_the_smallest_float():
    two = compare_two_keys([-745, 0], 64)
    assert two.p_unscaled[0] == 5e-324  # what float64 holds: its smallest positive number
    assert two.log_p_unscaled[0] / math.log(10) == pytest.approx(math.log10(2.8) - 324, abs=0.01)  # 2.8 × 10⁻³²⁴
    # the ratio of slopes divides true sizes, not the 4.9 × 10⁻³²⁴ float64 holds
    assert two.ratio == pytest.approx(math.exp(two.log_slope_scaled - two.log_slope_unscaled), rel=1e-9)
    true_slope = -745 - math.log1p(math.exp(-745))  # ln(p₁p₂), about ln(2.8 × 10⁻³²⁴)
    assert two.ratio == pytest.approx(math.exp(math.log(two.slope_scaled) - true_slope), rel=1e-6)
    assert two.ratio > 1.2e283  # dividing by float64's 4.9 × 10⁻³²⁴ gave 7.3 × 10²⁸²


def test_the_seeds_numbers_stay_exact():
    two = compare_two_keys([8, 0], 64)
    assert np.round(two.p_unscaled, 4).tolist() == [0.9997, 0.0003] and np.round(two.p_scaled, 3).tolist() == [
        0.731, 0.269]
    assert two.ratio == two.slope_scaled / two.slope_unscaled  # normal floats: divided as they are
