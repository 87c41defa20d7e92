"""attn_lessons.scaling: every sentence of the Scaling explorer, checked against the numbers it is built from.

The sentences are read back the way a learner reads them: each number is parsed from the text and compared
with one computed here the slow obvious way, and each word that makes a claim ("nearly vanishes", "key 2, the
key with less weight", "flat") is checked against the numbers it claims something about.
"""

import math
import re

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from tests.hyp import examples
from tests.prose import never_true

from attn_core.scaling import (
    DIVISORS,
    Peakedness,
    compare_two_keys,
    peakedness_curves,
    qk_sample,
    temperature_attention,
)
from attn_lessons.format import short
from attn_lessons.scaling import (
    PREDICT_CLOSE,
    about_theory,
    closing_sentence,
    entropy_caption,
    gradient_message,
    jacobian_sentence,
    one_key_note,
    one_token_note,
    peakedness_caption,
    peakedness_sentence,
    percent,
    prediction_right,
    prediction_sentence,
    ratio_metric,
    sampling_intro,
    scaled_caption,
    scaled_heading,
    slope_labels,
    softmax_line,
    softmax_question,
    std_captions,
    std_help,
    tails_caption,
    temperature_intro,
    temperature_progress,
    times_more,
)

CURVE_D_KS = [2**i for i in range(10)]
_FROM_SUPERSCRIPT = str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789")
NUMBER = r"−?[\d,]+(?:\.\d+)?(?: × 10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)?"
WEIGHT = rf"(?:1 − )?{NUMBER}"  # a weight within 10⁻⁸ of 1 reads 1 − 2.1 × 10⁻⁹


def parse(text: str) -> float:
    """A number as attn_lessons.format prints it ('0.0003', '586', '5.2 × 10²¹', '−1.5') back to a float."""
    if text.startswith("1 − "):
        return 1 - parse(text[4:])
    text = text.replace("−", "-").replace(",", "").strip()
    m = re.fullmatch(r"(-?[\d.]+) × 10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)", text)
    # read as one literal: 9.9 * 10 ** -324 underflows to 0 where the float 9.9e-324 (a subnormal) does not
    return float(f"{m[1]}e{m[2].translate(_FROM_SUPERSCRIPT)}") if m else float(text)


def printed_as(text: str, value: float) -> bool:
    """True when `text` is `value` rounded the way it is printed (2 significant digits in × 10ⁿ form)."""
    if text.startswith("1 − "):  # 1 − r: r is 1 − value, read as printed (value itself may have rounded to 1.0)
        return value <= 1 and (printed_as(text[4:], 1 - value) or abs(parse(text[4:]) - (1 - value)) <= 2.3e-16)
    x = parse(text)
    if "×" in text:
        return value < 1e-300 or math.isclose(x, value, rel_tol=0.051)  # subnormals keep too few digits to check
    decimals = len(text.split(".")[1]) if "." in text else 0
    return abs(x - value) <= 0.5 * 10**-decimals * (1 + 1e-9) + 1e-15


def printed_ln(text: str, ln_value: float) -> bool:
    """True when `text` ('2.8 × 10⁻³²⁴') is the number e^ln_value to the 2 significant digits printed: for sizes no
    float64 holds, compared as logs."""
    m = re.fullmatch(r"([\d.]+) × 10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)", text)
    if not m:
        return False
    log10 = math.log10(float(m[1])) + int(m[2].translate(_FROM_SUPERSCRIPT))
    return abs(log10 - ln_value / math.log(10)) <= math.log10(1.051)


def printed_size(text: str, value: float, ln_value: float) -> bool:
    """printed_as for a value float64 holds to its digits; below its normal range, printed_ln against the true log."""
    if value >= 2.3e-308 or math.isinf(ln_value) or ln_value < -1e6:  # past e^−10⁶ the page prints float64's
        return printed_as(text, value)
    return printed_ln(text, ln_value)


def slow_logs(z1: float, z2: float, d_k: int):
    """The natural logs of the loser's weight and of p₁p₂ on both sides, and of the slope at W_Q and W_K, by hand:
    ln p_low = −gap − ln(1 + e^−gap), ln p_high = −ln(1 + e^−gap)."""

    def side(a, b):
        gap = abs(a - b)
        if not math.isfinite(gap):
            return -math.inf, -math.inf
        low, high = -gap - math.log1p(math.exp(-gap)), -math.log1p(math.exp(-gap))
        return low, low + high

    root = math.sqrt(d_k)
    (low, slope), (low_s, slope_s) = side(z1, z2), side(z1 / root, z2 / root)
    return low, slope, low_s, slope_s, slope_s - math.log(root)


def printed_weight(text: str, p: float, ln_p: float, ln_rest: float) -> bool:
    """A weight p as printed: '1 − r' with r the rest's true size (ln_rest), or p itself at its true size."""
    if text.startswith("1 − "):
        return printed_size(text[4:], 1 - p, ln_rest) if 1 - p < 2.3e-308 else printed_as(text, p)
    return printed_size(text, p, ln_p)


def slow_ln_weights(z1: float, z2: float, d_k: int = 1) -> tuple[float, float]:
    """ln softmax([z1, z2] / √d_k), by hand from the gap."""
    a, b = z1 / math.sqrt(d_k), z2 / math.sqrt(d_k)
    gap = abs(a - b)
    if not math.isfinite(gap):
        return (0.0, -math.inf) if a > b else (-math.inf, 0.0)
    low, high = -gap - math.log1p(math.exp(-gap)), -math.log1p(math.exp(-gap))
    return (high, low) if a >= b else (low, high)


def slow_two_keys(z1: float, z2: float, d_k: int):
    """Weights and the loser's slope p₁p₂ for both sides, from the gap between the scores, by hand."""

    def side(a, b):
        gap = abs(a - b)  # may be +inf for ±1e308: then the loser's weight is exactly 0
        p_low = math.exp(-gap) / (1 + math.exp(-gap)) if gap < 1e300 else 0.0
        p = (0.5, 0.5) if a == b else ((1 - p_low, p_low) if a > b else (p_low, 1 - p_low))
        return p, p_low * (1 - p_low)

    root = math.sqrt(d_k)
    (p, slope), (p_s, slope_s) = side(z1, z2), side(z1 / root, z2 / root)
    return p, slope, p_s, slope_s, slope_s / root


def scores():
    """Any finite score: huge, tiny, negative, the edges of the float range and the classic 8 and 0."""
    return st.one_of(st.floats(-1e308, 1e308), st.floats(-60, 60), st.floats(-1000, 1000),
                     st.sampled_from([0.0, 8.0, -8.0, 1e308, -1e308, 1e-20, 100.0]))


def check_gradient_claims(z1: float, z2: float, d_k: int):
    """Every claim of the Jacobian sentence and the gradient message at these scores holds."""
    two = compare_two_keys([z1, z2], d_k)
    p, slope, p_s, slope_s, raw = slow_two_keys(z1, z2, d_k)
    _, ln_slope, _, ln_slope_s, ln_raw = slow_logs(z1, z2, d_k)
    kind, text = gradient_message(two)
    jac = jacobian_sentence(two)
    for sentence in (text, jac, *slope_labels(two)):
        assert "nan" not in sentence and "inf" not in sentence.replace("information", "")
        assert not re.search(r"\d[eE][+-]?\d", sentence), sentence  # never 1.4e-17
        assert not re.search(r"\d{7}|\d,\d{3},\d{3}", sentence), sentence  # never 22 digits in a row
        assert "seed" not in sentence

    # the key called the loser has the smaller weight; the winner the larger one
    for k in re.findall(r"key (\d), the key with less weight", text + jac):
        assert p[int(k) - 1] < p[2 - int(k)], (p, text)
    for k in re.findall(r"give key (\d) more weight", text):
        assert p[int(k) - 1] < p[2 - int(k)]
    for k in re.findall(r"the winner's ∂p(.)/", jac):
        k = "₁₂".index(k) + 1
        assert p[k - 1] > p[2 - k]
    assert ("neither key loses" in jac) == (two.p_unscaled[0] == two.p_unscaled[1])
    if not two.weights_equal:
        assert "vanishes just as much" in jac and ("bottom-right" in jac) == (p[1] < p[0])
    elif two.loser is not None:  # scores a hair apart: not called equal, only their float64 weights are
        assert "in float64 the two weights are equal" in jac and "The two weights are equal" not in jac
    assert slope_labels(two)[0].startswith("∂p₁/∂z₁" if z1 < z2 else "∂p₂/∂z₂")  # the lower score's, if any

    # "nearly vanishes" only of a small slope, "not small" only of a slope that is not
    for value in re.findall(rf"nearly vanishes: ∂p./∂z. = ({NUMBER})", text):
        assert slope < 0.01 and parse(value) <= 0.01 and printed_size(value, slope, ln_slope)
    for value in re.findall(rf"the 0.25 that p₁p₂ reaches when the keys tie is ({NUMBER}) times larger", text):
        assert printed_as(value, 0.25 / slope) or printed_as(value, 0.25 / slope_s)  # said of the slope before it
    assert "4%" not in text  # 4% is what 0.01 is of 0.25, never a slope's share: it read as one (issue 22, item 12)
    if "not small" in text:
        assert slope >= 0.01 and "nearly vanishes:" not in text
    if "after scaling as well" in text:
        assert slope_s < 0.01
    if "gets gradient again" in text:
        assert slope == 0 < slope_s and slope_s >= 0.01
    if "barely learns" in text:
        assert slope < 0.01
    if "exactly 0 in floating point" in text:
        assert two.slope_unscaled == 0
    if kind == "warning":
        assert two.slope_unscaled == 0 and two.slope_scaled == 0 and "0 to machine precision" in text

    # every ratio is the computed one, within the rounding it is printed with
    for value in re.findall(rf"about \*\*({NUMBER}) times more\*\*", text):  # the true ratio, from the logs
        assert printed_as(value, math.exp(ln_slope_s - ln_slope)) and two.slope_scaled > two.slope_unscaled
    for value in re.findall(rf"still \*\*({NUMBER})(?:×| times)\*\*", text):
        assert printed_as(value, math.exp(ln_raw - ln_slope)) and two.raw_slope > two.slope_unscaled
    for value in re.findall(rf"sends the larger signal to W_Q and W_K, ({NUMBER})× as large", text):
        assert two.raw_slope < two.slope_unscaled and printed_as(value, two.slope_unscaled / two.raw_slope)
    for value in re.findall(rf"/ √{d_k} = ({NUMBER})", text):
        assert printed_size(value, raw, ln_raw)
    for value in re.findall(rf"its slope there is ({NUMBER})", text):
        assert printed_size(value, slope_s, ln_slope_s)
    return two, text, jac


@settings(max_examples=examples(400), deadline=None)
@given(scores(), scores(), st.integers(1, 512), st.booleans())
def test_every_gradient_sentence_is_true_for_any_scores_and_width(z1, z2, d_k, equal):
    check_gradient_claims(z1, z1 if equal else z2, d_k)


@pytest.mark.parametrize("z1,z2,d_k", [(8, 0, 64), (0, 8, 64), (2, 0, 64), (100, 0, 4), (5, 5, 64), (800, 0, 64),
                                       (1e308, -1e308, 64), (3, 1, 1), (0, 50, 64), (4.6, 0, 512), (1e-20, 0, 4),
                                       (-1e308, 1e308, 1), (-7, -7.5, 2), (0, 745, 512), (1e-12, 0, 64)])
def test_gradient_sentences_at_the_edges(z1, z2, d_k):
    check_gradient_claims(z1, z2, d_k)


def test_the_classic_example_says_73_times_weaker_to_the_weights_and_586_against_the_scaled_score():
    two, text, _ = check_gradient_claims(8, 0, 64)
    assert ("nearly vanishes: ∂p₂/∂z₂ = 0.0003, below 0.01, and the 0.25 that p₁p₂ reaches when the keys tie is "
            "746 times larger.") in text  # not "0.0003, below 0.01, which is 4% of the 0.25" (issue 22, item 12)
    assert "about **586 times more**" in text  # against the score softmax sees, z / √d_k
    assert "0.197 / √64 = 0.0246" in text and "still **73×** the unscaled 0.0003" in text
    assert "give key 2 more weight is 73 times weaker" in text
    assert "586 times weaker" not in text


def test_small_scores_do_not_vanish_and_the_unscaled_signal_is_larger():
    _, text, _ = check_gradient_claims(2, 0, 64)
    assert "vanish" not in text.replace("vanishes just as much", "")
    assert "∂p₂/∂z₂ = 0.1050" in text and "not small" in text
    assert "the unscaled run sends the larger signal to W_Q and W_K, 3.4× as large" in text
    assert "weaker" not in text and "barely learns" not in text


def test_when_key_2_wins_key_1_is_named_the_loser_with_its_own_slope():
    two, text, jac = check_gradient_claims(0, 8, 64)
    assert two.loser == 0 and two.p_unscaled[1] > 0.999
    assert "key 1, the key with less weight" in text and "give key 1 more weight" in text
    assert "∂p₁/∂z₁ = 0.0003" in text and "key 2, the key with less weight" not in text + jac
    assert "top-left entry, ∂p₁/∂z₁" in jac and "the winner's ∂p₂/∂z₂" in jac
    assert slope_labels(two) == ("∂p₁/∂z₁ unscaled", "∂p₁/∂z₁ after ÷ √64")


def test_the_losers_slope_keeps_its_digits_when_the_winner_is_within_one_ulp_of_1():
    two = compare_two_keys([0, 50], 64)  # p₂ rounds to exactly 1.0, so p₂(1 − p₂) would read 0
    assert two.p_unscaled[1] == 1.0 and two.J_unscaled[1, 1] == 0
    assert two.slope_unscaled == pytest.approx(math.exp(-50), rel=1e-6)
    _, text, _ = check_gradient_claims(0, 50, 64)
    assert "exactly 0" not in text and "nearly vanishes: ∂p₁/∂z₁ = 1.9 × 10⁻²²" in text


def test_the_jacobian_sentence_says_the_winner_vanishes_just_as_much():
    jac = jacobian_sentence(compare_two_keys([8, 0], 64))
    assert "all four entries are ±p₁p₂" in jac and "the winner's ∂p₁/∂z₁ is the same number" in jac
    assert "the winning key's vanishes just as much" in jac and "bottom-right entry, ∂p₂/∂z₂" in jac
    assert "the quantity that" not in jac
    tie = jacobian_sentence(compare_two_keys([3, 3], 64))
    assert "neither key loses" in tie and "±0.2500" in tie


def test_huge_and_tiny_numbers_read_as_a_person_writes_them():
    two, text, _ = check_gradient_claims(100, 0, 4)
    assert "5.2 × 10²¹ times more" in text and "3.7 × 10⁻⁴⁴" in text and "1.9 × 10⁻²²" in text
    assert "both are far too small to learn from" in text  # what a 10²¹ ratio of two tiny slopes means
    assert ratio_metric(two.ratio) == "5.2 × 10²¹ times"
    assert "5,184,705" not in text


def test_ratio_words():
    assert ratio_metric(586.3) == "586×" and ratio_metric(2.34) == "2.3×"
    assert ratio_metric(math.inf) == "∞" and ratio_metric(math.nan) == "both 0"
    assert times_more(586.3) == "586 times" and times_more(5.18e21) == "5.2 × 10²¹ times"


def test_no_sentence_calls_the_source_text_the_seed():
    for z in ([3, 1], [2, 0], [8, 0]):
        for d_k in (1, 64):
            assert "seed" not in gradient_message(compare_two_keys(z, d_k))[1]
    assert "seed" not in peakedness_sentence(peakedness_curves(8, CURVE_D_KS, 20))
    assert "classic example" in gradient_message(compare_two_keys([3, 1], 1))[1]


# ------------------------------------------------------------------------------------------- peakedness
def position(y, n):
    return (y - 1 / n) / (1 - 1 / n)


def spread(v):
    return (max(v) - min(v)) / min(v)


def printed_percent(text: str, x: float) -> bool:
    if text == "under 1%":
        return 0 < x < 0.005
    if text == "over 99%":
        return 0.995 <= x < 1
    return abs(float(text.rstrip("%")) - 100 * x) <= 0.5 + 1e-9


def check_peakedness_claims(peak: Peakedness):
    text = peakedness_sentence(peak)
    n = peak.n_keys
    if n == 1:
        assert text is None
        return None
    u, s, d = (list(map(float, peak.max_weight[k])) for k in ("unscaled", "sqrt_dk", "dk"))
    assert "nan" not in text and "seed" not in text

    m = re.search(rf"largest weight (climbs|falls|stays close to its start,) from ({NUMBER}) at d_k = 1 to "
                  rf"\*\*({NUMBER})\*\* at d_k = 512, ([\w ]*\d+%) of the way", text)
    assert m, text
    verb, first, last, pos = m.groups()
    assert printed_as(first, u[0]) and printed_as(last, u[-1]) and printed_percent(pos, position(u[-1], n))
    assert {"climbs": u[-1] >= 1.05 * u[0], "falls": u[-1] <= 0.95 * u[0]}.get(verb, abs(u[-1] / u[0] - 1) < 0.05)
    if "heads for a hard argmax" in text:
        assert verb == "climbs" and position(u[-1], n) >= 0.5

    m = re.search(rf"stays between ({NUMBER}) and ({NUMBER})", text)
    # a bound is rounded away from the claim, to the nearest step of its decimals: never inside the curve's range
    assert min(s) - 0.001 < parse(m[1]) <= min(s) and max(s) <= parse(m[2]) < max(s) + 0.001
    if ": flat." in text:
        assert spread(s) < 0.05
    if "nearly flat" in text:
        assert 0.05 <= spread(s) < 0.15
        within = float(re.search(r"within (\d+)% of its lowest", text)[1]) / 100
        assert spread(s) <= within < spread(s) + 0.01  # "within 8%" is never said of 8.1%
    if m := re.search(r"a change of (\d+%)", text):
        assert spread(s) >= 0.15 and printed_percent(m[1], spread(s))
    if m := re.search(r"small next to the unscaled curve's (\d+%)", text):
        assert spread(u) >= 3 * spread(s) and printed_percent(m[1], spread(u))

    m = re.search(rf"Divided by d_k it (sinks to|rises to|stays near) ({NUMBER}) by d_k = 512", text)
    assert printed_as(m[2], d[-1])
    assert {"sinks to": d[-1] <= 0.95 * d[0], "rises to": d[-1] >= 1.05 * d[0]}.get(m[1], abs(d[-1] / d[0] - 1) < 0.05)
    if m := re.search(rf"toward the uniform ({NUMBER}) \(([\w ]*\d+%) of the way", text):
        assert printed_as(m[1], 1 / n) and printed_percent(m[2], position(d[-1], n))
        assert position(d[-1], n) <= 0.10 and position(d[-1], n) < position(d[0], n)
    if "Every key looks almost the same" in text:
        assert "toward the uniform" in text and position(d[-1], n) <= 0.05
    assert "made visible" not in text  # the page's closing gives the answer: the curves' words do not repeat it
    return text


@settings(max_examples=examples(12), deadline=None)
@given(st.integers(1, 64), st.integers(0, 999_999))
def test_the_peakedness_sentence_holds_for_every_n_and_seed(n_keys, seed):
    text = check_peakedness_claims(peakedness_curves(n_keys, CURVE_D_KS, 500, seed))
    if text:  # the page's own curves: the lesson's claims are all there, computed
        assert "heads for a hard argmax" in text and "toward the uniform" in text
        assert any(calm in text for calm in (": flat.", "nearly flat", "small next to the unscaled curve's"))


def test_the_peakedness_sentence_at_the_default_does_not_call_a_24_percent_change_flat():
    text = check_peakedness_claims(peakedness_curves(8, CURVE_D_KS, 500, 0))
    assert "between 0.299 and 0.373" in text and "flat" not in text  # 0.2991 … 0.3721, bounds rounded outward
    assert "a change of 24%, small next to the unscaled curve's 221%" in text


def test_within_n_percent_rounds_away_from_its_claim():
    """64 keys, seed 0: the scaled curve spreads by 8.02% of its lowest value. "within 8%" would be false."""
    text = check_peakedness_claims(peakedness_curves(64, CURVE_D_KS, 500, 0))
    assert "within 9% of its lowest value: nearly flat" in text and "within 8%" not in text


@settings(max_examples=examples(300), deadline=None)
@given(st.integers(2, 64), st.data())
def test_the_peakedness_words_follow_any_curves(n, data):
    """Curves of any shape between uniform (1/n) and a hard argmax (1): the words must still be true."""
    curve = st.lists(st.floats(1 / n, 1.0), min_size=10, max_size=10)
    start = data.draw(st.floats(1 / n, 1.0))
    weights = {name: np.array([start] + data.draw(curve)[1:]) for name in DIVISORS}
    assume(all(w.min() > 0 for w in weights.values()))
    check_peakedness_claims(Peakedness(d_ks=np.array(CURVE_D_KS), n_keys=n, n_seeds=1, max_weight=weights,
                                       entropy=weights))


def test_percent_never_rounds_to_a_false_0_or_100():
    assert percent(0.0017) == "under 1%" and percent(0.996) == "over 99%"
    assert percent(0.24) == "24%" and percent(0.0) == "0%" and percent(1.0) == "100%"


# ------------------------------------------------------------------------------------------- the rest
def test_the_tails_caption_follows_the_excess_kurtosis():
    assert tails_caption(1) and "d_k = 1" in tails_caption(1)
    assert tails_caption(7) and tails_caption(8) is None and tails_caption(512) is None


@pytest.mark.parametrize("d_k", range(1, 8))
def test_the_tails_caption_says_a_single_product_only_at_d_k_1(d_k):
    """At d_k = 7, q·k is a sum of seven products and looks like a bell: only d_k = 1 is a single product, only
    d_k = 1 'is not bell-shaped', and every width says its own excess kurtosis, 6/d_k."""
    text = tails_caption(d_k)
    assert ("a single product" in text) == ("not bell-shaped" in text) == (d_k == 1)
    assert (f"a sum of {d_k} products" in text) == (d_k > 1)
    assert ("sharp point" in text) == (d_k == 2) and ("bell-like" in text) == (d_k >= 3)
    kurtosis = re.search(rf"excess kurtosis (?:6/d_k = )?({NUMBER});", text)[1]
    assert abs(float(kurtosis) - 6 / d_k) < 1e-4 and not never_true(text)


@given(st.floats(0.01, 100), st.floats(0.5, 30))
def test_about_theory_says_about_only_within_ten_percent(measured, theory):
    text = about_theory(measured, theory)
    if text.startswith("**about"):
        assert abs(measured / theory - 1) <= 0.10
    else:
        assert ("above" in text) == (measured > theory) and abs(measured / theory - 1) > 0.10


def test_the_closing_sentence_computes_the_classic_numbers():
    text = closing_sentence()
    two = compare_two_keys([8, 0], 64)
    assert ("In the source text's own example ([two keys](#two-keys)), scores [8, 0] at d_k = 64, dividing by √d_k "
            f"makes the losing key's gradient at W_Q and W_K {times_more(two.raw_ratio)} larger than unscaled.") in text
    assert times_more(two.raw_ratio) == "73 times" and text == closing_sentence(two)  # yours = the source's
    # section 1's question at the defaults (softmax([8, 0])) and Check yourself's two-keys question at its seed 0 (the
    # first weight of softmax([1, 0])): the closing gives neither answer, nor the other weight that is 1 minus it
    assert not any(f"{p:.{d}f}" in text for p in (*two.p_unscaled, *two.p_scaled) for d in (2, 3, 4))


@pytest.mark.parametrize("scores, d_k, yours", [
    ((2, 0), 4, "With your [2, 0] at d_k = 4, it is smaller with the division: the unscaled one is 1.1× as large."),
    ((3, 0), 4, "With your [3, 0] at d_k = 4, it is 1.7 times larger with the division."),
    ((0, 8), 64, "With your [0, 8] at d_k = 64, it is 73 times larger with the division."),
    ((8, 0), 1, "With your [8, 0] at d_k = 1, √1 = 1 and the division changes nothing."),
    ((2, 2), 4, "With your [2, 2] at d_k = 4, the keys tie, and each key's gradient there is smaller"),
    ((800, 0), 4, "With your [800, 0] at d_k = 4, it is exactly 0 without the division, and more than 0 with it."),
    ((1e300, -1e300), 4, "it is 0 to machine precision with the division or without"),
    ((2.1, 0), 4, "about the same with the division or without")])
def test_the_closing_adds_the_learners_own_case_from_their_numbers(scores, d_k, yours):
    two = compare_two_keys(scores, d_k)
    text = closing_sentence(two)
    assert text.startswith(closing_sentence()) and yours in text and not never_true(text)
    r = two.raw_ratio
    if "larger with the division" in text:
        assert r >= 1.05
    if "smaller with the division" in text:
        assert r <= 1 / 1.05
    if "about the same" in text:
        assert 1 / 1.05 < r < 1.05


# ------------------------------------------------------------------------------------------- predict, then see
def test_a_prediction_is_right_within_five_slider_steps_as_printed():
    assert PREDICT_CLOSE == 0.05
    p1 = compare_two_keys([8, 0], 64).p_unscaled[0]  # 0.99966
    assert prediction_right(1.0, p1) and prediction_right(0.95, p1) and not prediction_right(0.94, p1)
    assert not prediction_right(0.9, p1) and not prediction_right(None, p1)
    assert prediction_right(0.55, 0.5) and prediction_right(0.45, 0.5) and not prediction_right(0.56, 0.5)
    assert prediction_right(0.50004, 0.45)  # 0.05004 prints as 0.0500: not called wrong
    assert not prediction_right(0.50006, 0.45)  # 0.0501


def check_guess_claims(text: str, guess: float, p1: float, right: bool, ln_p=None, half=None) -> None:
    """The reveal's claims about a guess of key 1's weight p1: the distance, its side, and the hint it picks."""
    off = abs(guess - p1)
    m = re.search(rf"You said ({NUMBER}): (exactly key 1's weight|less than 0.0001 (above|below)|({NUMBER}) "
                  r"(above|below))", text)
    assert m and printed_as(m[1], guess), text
    side = m[3] or m[5]
    if m[2].startswith("exactly"):
        assert off == 0
    else:
        assert side == ("above" if guess > p1 else "below")
        assert (0 < off < 0.00005 + 1e-12) if m[2].startswith("less") else printed_as(m[4], off)
        said = re.search(rf"key 1's ({WEIGHT})", text)[1]
        assert printed_weight(said, p1, *ln_p) if ln_p else printed_as(said, p1)
    g, p = guess - 0.5, p1 - 0.5  # the guess and the weight, each measured from an even split
    if half is None:  # key 1's side of an even split; from the scores where float64 rounds p1 to 0.5
        half = (p > 0) - (p < 0)
    if "keeps the order of the scores" in text:
        assert not right and g * half <= 0 and half != 0
    if "sharper than the scores look" in text:
        assert not right and g * half > 0 and abs(g) < abs(p)
    if "less sharp than that" in text:
        assert not right and g * half > 0 and abs(g) > abs(p)
    if "Equal scores always give equal weights" in text:
        assert not right and p == 0


def check_prediction_claims(guess, z1: float, z2: float, d_k: int) -> str:
    """Every claim of the checkpoint's reveal holds: the weights, the odds, the distance, the verdict, the hints."""
    two = compare_two_keys([z1, z2], d_k)
    p, _, p_s, _, _ = slow_two_keys(z1, z2, d_k)
    ln, ln_s = slow_ln_weights(z1, z2), slow_ln_weights(z1, z2, d_k)  # the true sizes, where float64 has none
    text = prediction_sentence(guess, two)
    assert "nan" not in text and "inf" not in text and "seed" not in text
    assert not re.search(r"\d[eE][+-]?\d|\d{7}|\d,\d{3},\d{3}", text), text

    m = re.match(rf"softmax\(\[({NUMBER}), ({NUMBER})\]\) = \*\*\[({WEIGHT}), ({WEIGHT})\]\*\*\. ", text)
    assert m, text
    assert printed_weight(m[3], p[0], ln[0], ln[1]) and printed_weight(m[4], p[1], ln[1], ln[0])
    if m := re.search(rf"key (\d)'s weight is exp\(z(.) − z(.)\) = exp\((more than 10³⁰⁸|{NUMBER})\)", text):
        hi = int(m[1]) - 1
        assert p[hi] > p[1 - hi] and "₁₂".index(m[2]) == hi and "₁₂".index(m[3]) == 1 - hi
        if m[4] != "more than 10³⁰⁸":
            assert printed_as(m[4], abs(z1 - z2)) or abs(z1 - z2) >= 1e6
    elif z1 == z2:
        assert p[0] == p[1] and "splits the weight evenly" in text
    else:  # scores a hair apart (issue 36, item 10): never called equal, only their float64 weights tie
        assert two.p_unscaled[0] == two.p_unscaled[1] and "splits the weight evenly" not in text
        m = re.search(rf"differ by only ({NUMBER}), so key (\d)'s weight is larger than key (\d)'s by "
                      rf"tanh\({NUMBER} / 2\) ≈ ({NUMBER})", text)
        assert m and printed_as(m[1], abs(z1 - z2)) and int(m[2]) - 1 == int(np.argmax([z1, z2]))
        assert printed_as(m[4], math.tanh(abs(z1 - z2) / 2))
    if m := re.search(rf"≈ ({NUMBER}) times key (\d)'s", text):
        assert printed_as(m[1], math.exp(abs(z1 - z2)))
    if "past the largest number a float can hold" in text:
        assert abs(z1 - z2) > 709
    for k, kept, held in re.findall(rf"key (\d) keeps (exactly 0 in float64|{NUMBER})(?:, which underflows to 0 in "
                                    rf"float64|, which float64 holds as ({NUMBER})[^.]*)?\.", text)[:1]:
        lo = int(k) - 1
        assert p[lo] < p[1 - lo] and (p[lo] == 0 if kept.startswith("exactly 0") else printed_size(kept, p[lo], ln[lo]))
        assert not held or printed_as(held, two.p_unscaled[lo])

    right = "within the 0.05 that counts as right" in text
    assert right == prediction_right(guess, two.p_unscaled[0]) and (right or guess is None or "more than the 0.05"
                                                                    in text)
    if guess is None:
        assert "You said" not in text
    else:
        check_guess_claims(text, guess, two.p_unscaled[0], right, (ln[0], ln[1]), (z1 > z2) - (z1 < z2))

    if "nearly a hard argmax" in text:
        assert 0 < min(p) < 0.0102  # p₁p₂ < 0.01
    if "a hard argmax in floating point" in text:
        assert min(p) == 0
    if m := re.search(rf"Divided by √{d_k} = {NUMBER}, the gap is ({NUMBER}|more than 10³⁰⁸) and key (\d) keeps "
                      rf"(exactly 0 in float64|{NUMBER})[,.]", text):
        lo = int(m[2]) - 1
        assert d_k > 1 and p_s[lo] <= p_s[1 - lo]
        assert p_s[lo] == 0 if m[3].startswith("exactly 0") else printed_size(m[3], p_s[lo], ln_s[lo])
        assert m[1] == "more than 10³⁰⁸" or printed_as(m[1], abs(z1 - z2) / math.sqrt(d_k)) or abs(z1 - z2) > 1e6
    return text


@settings(max_examples=examples(400), deadline=None)
@given(st.one_of(st.none(), st.floats(0, 1), st.integers(0, 100).map(lambda k: k / 100)), scores(), scores(),
       st.integers(1, 512), st.booleans())
def test_every_checkpoint_reveal_is_true_for_any_guess_and_scores(guess, z1, z2, d_k, equal):
    check_prediction_claims(guess, z1, z1 if equal else z2, d_k)


@pytest.mark.parametrize("guess,z1,z2,d_k", [(0.9, 8, 0, 64), (1.0, 8, 0, 64), (None, 8, 0, 64), (0.3, 8, 0, 64),
                                             (0.5, 100, 0, 4), (0.2, 0, 720, 4), (1.0, 1e308, -1e308, 64),
                                             (0.7, 3, 3, 4), (0.5, 3, 3, 4), (0.99, 0.5, 0, 64), (0.0, 0, 8, 1)])
def test_checkpoint_reveals_at_the_edges(guess, z1, z2, d_k):
    check_prediction_claims(guess, z1, z2, d_k)


def test_the_classic_question_and_its_answer_at_the_defaults():
    assert softmax_question([8.0, 0.0]).startswith("What is softmax([8, 0])?")
    text = check_prediction_claims(0.9, 8, 0, 64)
    assert text.startswith("softmax([8, 0]) = **[0.9997, 0.0003]**.")
    assert "exp(z₁ − z₂) = exp(8) ≈ 2,981 times key 2's, and key 2 keeps 0.0003." in text
    assert "You said 0.90: 0.0997 below key 1's 0.9997, more than the 0.05 that counts as right." in text
    assert "sharper than the scores look" in text and "nearly a hard argmax" in text
    assert "Divided by √64 = 8, the gap is 1 and key 2 keeps 0.269." in text
    right = check_prediction_claims(1.0, 8, 0, 64)
    assert "You said 1.00: 0.0003 above key 1's 0.9997, within the 0.05 that counts as right." in right
    assert "sharper" not in right
    assert "You said" not in check_prediction_claims(None, 8, 0, 64)


def test_section_one_speaks_of_both_sides_in_words():
    two = compare_two_keys([8, 0], 64)
    assert scaled_caption(two) == "Divided by √64 = 8: softmax([1, 0]) = **[0.731, 0.269]**."
    one = compare_two_keys([3, 1], 1)
    assert scaled_caption(one) == "Divided by √1 = 1: softmax([3, 1]) = **[0.881, 0.119]**."


# ------------------------------------------------------------------------------------------- the sections' captions
def test_each_side_of_section_1_prints_its_own_scores_and_weights():
    two = compare_two_keys([8, 0], 64)
    assert softmax_line(two.scores, two.p_unscaled, 4) == "softmax([8, 0]) = **[0.9997, 0.0003]**"
    assert softmax_line(two.scaled, two.p_scaled, 3) == "softmax([1, 0]) = **[0.731, 0.269]**"
    assert scaled_heading(64) == "Divided by √64 = 8" and scaled_heading(50) == "Divided by √50 = 7.071"


@settings(max_examples=examples(300), deadline=None)
@given(scores(), scores(), st.integers(1, 512))
def test_no_weight_prints_as_a_0_or_1_it_is_not(z1, z2, d_k):
    """softmax([20, 0]) = [1 − 2.1 × 10⁻⁹, 2.1 × 10⁻⁹], not [1.0000, 0.0000]: each weight printed reads back as
    itself, and 0.0000 or 1.0000 only for a weight that is exactly 0 or 1 in floating point."""
    two = compare_two_keys([z1, z2], d_k)
    for scores_, weights, decimals in ((two.scores, two.p_unscaled, 4), (two.scaled, two.p_scaled, 3)):
        line = softmax_line(scores_, weights, decimals)
        printed = re.fullmatch(rf"softmax\(\[.*\]\) = \*\*\[({WEIGHT}), ({WEIGHT})\]\*\*", line)
        assert printed, line
        for k, text in enumerate(printed.groups()):
            p, other = weights[k], weights[1 - k]
            assert printed_as(text, p), (text, p)
            if text.startswith("1 − "):  # the distance from 1 is the other weight, unrounded
                assert printed_as(text[4:], other) and other > 0
            else:
                assert parse(text) != 1.0 or other == 0, (text, weights)
                assert parse(text) != 0.0 or p == 0, (text, weights)
    assert softmax_line([20, 0], compare_two_keys([20, 0], 1).p_unscaled, 4) == (
        "softmax([20, 0]) = **[1 − 2.1 × 10⁻⁹, 2.1 × 10⁻⁹]**")
    assert softmax_line([100, 0], compare_two_keys([100, 0], 1).p_unscaled, 4) == (
        "softmax([100, 0]) = **[1 − 3.7 × 10⁻⁴⁴, 3.7 × 10⁻⁴⁴]**")  # 1.0 in floating point, but not 1


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(1, 512), st.integers(0, 999_999))
def test_the_sampling_captions_state_the_measured_spread_against_its_theory(d_k, seed):
    sample = qk_sample(d_k, 4000, seed)
    raw, scaled = std_captions(sample)
    m = re.fullmatch(rf"Theory: √d_k = √{d_k} = ({NUMBER})\. Measured ({NUMBER}): (.+)\.", raw)
    assert m and printed_as(m[1], math.sqrt(d_k)) and printed_as(m[2], float(np.std(sample.dots)))
    assert m[3] == about_theory(sample.std, math.sqrt(d_k))
    m = re.fullmatch(rf"Theory: 1, whatever d_k is\. Measured ({NUMBER}): (.+)\.", scaled)
    assert m and printed_as(m[1], float(np.std(sample.dots / math.sqrt(d_k))))
    assert m[2] == about_theory(sample.std_scaled, 1.0)
    m = re.fullmatch(rf"theory: √d_k = √{d_k} = ({NUMBER})", std_help(d_k))
    assert m and printed_as(m[1], math.sqrt(d_k))


def test_the_section_openings_and_captions_name_their_own_counts_and_seed():
    assert sampling_intro(4000, 7).startswith("Draw 4,000 pairs q, k with independent N(0, 1) entries (sidebar seed "
                                              "7).")
    caption = peakedness_caption(peakedness_curves(3, [1, 2], 20, 5), 5)
    assert caption == ("Every point is the mean over **20 seeds**: 20 independent draws of one query and 3 keys from "
                       "the sidebar seed (5).")
    assert ("head 1 of your 4 heads** (sidebar; heads are taught on Masks and heads): d_k = d_model / heads = "
            "8 / 4 = 2.") in temperature_intro(4, 8, 2)
    assert "head 1 of your 1 head**" in temperature_intro(1, 8, 8) and "8 / 1 = 8" in temperature_intro(1, 8, 8)
    assert "single key" in one_key_note(1) and one_key_note(2) is None and one_key_note(64) is None
    one = peakedness_caption(peakedness_curves(1, [1, 2], 20, 5), 5)  # issue 22: "one query and 1 keys"
    assert "20 independent draws of one query and 1 key from" in one and not never_true(one)


def slow_mean_entropy(Q, K, tau: float) -> float:
    """Mean over the rows of −Σ p log p for p = softmax(q·k / τ), one row at a time."""
    rows = []
    for q in Q:
        p = naive_softmax([float(q @ k) / tau for k in K])
        rows.append(-sum(v * math.log(v) for v in p if v > 0))
    return sum(rows) / len(rows)


def naive_softmax(z):
    top = max(z)
    e = [math.exp(v - top) for v in z]
    return [v / sum(e) for v in e]


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(1, 8), st.floats(0.001, 1000), st.integers(0, 999))
def test_the_temperature_sentences_state_the_entropy_at_this_tau(n, tau, seed):
    rng = np.random.default_rng(seed)
    Q, K = rng.standard_normal((n, 4)), rng.standard_normal((n, 4))
    temp = temperature_attention(Q, K, tau)
    mean, log_n = slow_mean_entropy(Q, K, tau), math.log(n)
    assert (one_token_note(temp) is None) == (n > 1)
    assert not never_true(temperature_progress(temp) + " " + entropy_caption(temp))
    if n == 1:  # one key: a hard argmax and uniform are the same, and there is no "0% of the way" between them
        assert temperature_progress(temp) == (f"With τ = {short(tau)} the row entropy is 0 nats, as at every τ: with "
                                              "a single key, a hard argmax and uniform weights are the same.")
        assert "log 1" not in entropy_caption(temp) and "all 1" not in entropy_caption(temp)
        assert "entropy is 0, an empty bar" in entropy_caption(temp)  # bars_html draws no bar for a 0
        return
    m = re.fullmatch(rf"With τ = ({NUMBER}) the mean row entropy is ({NUMBER}) nats: ([\w ]*\d+%) of the way from "
                     rf"a hard argmax \(0\) to uniform \(log {n} = ({NUMBER})\)\.", temperature_progress(temp))
    assert m, temperature_progress(temp)
    assert math.isclose(parse(m[1]), tau, rel_tol=1e-3, abs_tol=5e-5 * (1 + 1e-9))  # 0.03125 prints 0.0312
    assert printed_as(m[2], mean) and printed_as(m[4], log_n) and (m[2] != "0.000" or mean == 0)
    assert printed_percent(m[3], mean / log_n)
    m = re.fullmatch(rf"Each bar is one query's row: an empty bar \(0\) is all its weight on one key; a full one, "
                     rf"log {n} = ({NUMBER}), is an even spread over {'both keys' if n == 2 else f'all {n} keys'}\.",
                     entropy_caption(temp))
    assert m and printed_as(m[1], log_n)


# ------------------------------------------------------------------------ the charts' words, picked from the numbers
def test_the_histograms_name_their_normal_curve_from_d_k():
    from attn_lessons.scaling import histogram_words

    wide, narrow = histogram_words(qk_sample(64, 4000, 0), 4000), histogram_words(qk_sample(1, 4000, 0), 4000)
    assert wide == {"row": "q·k, before and after ÷ √64",
                    "raw": ("q·k, d_k = 64  (4,000 pairs)", "normal curve, std √d_k"),
                    "scaled": ("q·k / √d_k, d_k = 64  (4,000 pairs)", "normal curve, std 1")}
    assert narrow["raw"][1] == "normal curve, std 1"  # √1 = 1: the two curves are the same one


def test_the_peakedness_levels_are_labelled_with_their_own_numbers():
    from attn_core.scaling import peak_references
    from attn_lessons.scaling import peakedness_words

    for n in (1, 2, 8, 64):
        words, levels = peakedness_words(n), peak_references(n)
        for kind in ("max_weight", "entropy"):
            assert len(words["references"][kind]) == len(levels[kind])  # one label per level drawn
        if n > 1:
            (_, uniform_max), (_, uniform_h) = words["references"]["max_weight"], words["references"]["entropy"]
            assert printed_as(uniform_max.removeprefix("uniform: 1/n = "), 1 / n)
            assert printed_as(uniform_h.removeprefix("uniform: log n = "), math.log(n))
    assert peakedness_words(1)["references"]["entropy"] == ["one key: hard argmax = uniform"]
    assert peakedness_words(1)["row"] == "softmax over 1 random key as d_k grows"
    assert peakedness_words(8)["references"]["max_weight"] == ["hard argmax: 1", "uniform: 1/n = 0.125"]


def test_the_divisor_lines_share_a_label_where_they_are_one_line():
    from attn_core.scaling import divisor_marks
    from attn_lessons.scaling import entropy_curve_words

    assert entropy_curve_words(6, divisor_marks(64))["marks"] == ["1", "√d_k", "d_k"]
    assert entropy_curve_words(6, divisor_marks(1))["marks"] == ["1 = √d_k = d_k"]
    assert entropy_curve_words(6, divisor_marks(1))["uniform"] == "uniform: log 6"


def test_the_controls_and_tables_words_carry_their_numbers():
    from attn_lessons.scaling import (
        divisor_labels,
        jacobian_formulas,
        notebook_settings,
        tau_help,
        temperature_formula,
        weights_bars_words,
    )

    assert divisor_labels(64) == {"1": "1 (no scaling)", "sqrt_dk": "√d_k = √64 = 8", "dk": "d_k = 64",
                                  "custom": "a custom τ"}
    assert tau_help(0.001, 1000.0) == "Any τ from 0.001 to 1000."
    assert temperature_formula(8.0) == "softmax(QKᵀ / τ), τ = 8"
    assert weights_bars_words(compare_two_keys([8, 0], 64)) == (
        "p = softmax([8, 0])", "p = softmax([8, 0] / √64)", "the weights, unscaled and ÷ √64")
    assert jacobian_formulas(16) == ("diag(p) − p pᵀ, unscaled", "diag(p) − p pᵀ, scores ÷ √16")
    assert list(notebook_settings((8.0, 0.0), 64, 16, 8, 8.0).values()) == [8.0, 0.0, 64, 16, 8, 8.0]


# ------------------------------------------------------------------- issue 30, item 7: which gradient, one wording


def test_the_ratio_metrics_name_their_gradient_in_check_yourselfs_words():
    """[8, 0] at d_k = 64: 586× at the softmax's input, 73× at W_Q and W_K, in the metrics and in the one sentence
    Check yourself prints (it said '586× larger' of the gradient as if it were what W_Q and W_K get)."""
    from attn_lessons import questions as qs
    from attn_lessons import scaling as say

    two = compare_two_keys([8, 0], 64)
    (label, value, helped), (raw_label, raw_value, raw_helped) = say.ratio_metrics(two)
    assert (label, value, raw_label, raw_value) == ("scaled ÷ unscaled", "586×", "reaching W_Q, W_K", "73×")
    assert "At the softmax's input, 0.197 scaled against 3.4 × 10⁻⁴ unscaled, 586× larger." in helped
    assert "At W_Q and W_K, 0.025 scaled against 3.4 × 10⁻⁴ unscaled, 73× larger." in raw_helped
    text = qs.reveal_two_keys(two)
    assert say.gradient_compared(two, "softmax") in text and say.gradient_compared(two, "weights") in text
    assert "73× larger" in say.gradients_compared(two).split("at W_Q and W_K")[1]


@pytest.mark.parametrize("z1", [0.5, 1, 2])
def test_a_gradient_scaling_shrinks_at_w_q_is_never_called_larger(z1):
    """Check yourself's question 2 at d_k = 4 said '0.197 scaled against 0.105 unscaled, 1.9× larger', but W_Q and W_K
    get 0.197 / 2 = 0.098, smaller than 0.105, as the explorer's gradient message says."""
    from attn_lessons import scaling as say

    two = compare_two_keys([z1, 0], 4)
    assert two.raw_slope < two.slope_unscaled  # a small gap at d_k = 4: the division costs W_Q and W_K signal
    weights = say.gradient_compared(two, "weights")
    assert weights.startswith("at W_Q and W_K, ") and "larger" not in weights
    assert "smaller" in weights or "about the same" in weights, weights
    both = say.gradients_compared(two)
    assert "larger" not in both.split("at W_Q and W_K")[1], both
    _, message = say.gradient_message(two)
    assert "That is less than the unscaled" in message or "about the same as the unscaled" in message, message


@given(z1=st.floats(-30, 30), d_k=st.sampled_from([1, 2, 4, 16, 64, 256]))
def test_each_gradient_comparison_says_larger_only_of_a_larger_gradient(z1, d_k):
    from attn_lessons import scaling as say

    two = compare_two_keys([z1, 0], d_k)
    for at in say.GRADIENT_AT:
        scaled, unscaled, ratio = say.gradient_slopes(two, at)
        said = say.gradient_compared(two, at)
        assert said.startswith(say.GRADIENT_AT[at] + ", ")
        if said.endswith("larger"):
            assert scaled > unscaled and ratio >= say.SAME, said
        if "smaller" in said:
            assert scaled < unscaled and ratio <= 1 / say.SAME, said


# ------------------------------------------------------------------ issue 36, item 10: comparisons at the float edges
def test_scores_a_hair_apart_are_said_to_differ_and_only_their_printed_weights_to_tie():
    """?za=1e-17&zb=0: the scores differ; only the float64 weights tie. The facts are attn_core's, the difference
    the slow obvious tanh."""
    from attn_lessons.scaling import why_weights

    two = compare_two_keys([1e-17, 0], 64)
    said = why_weights(two)
    assert said.facts["scores_equal"] is False and said.facts["weights_equal"] is True
    assert said.facts["winner"] == int(np.argmax(two.scores)) == 0 and said.facts["loser"] == 1
    assert two.p_unscaled[0] == two.p_unscaled[1]  # what makes the weights print equal
    assert said.facts["difference"] == pytest.approx(math.tanh(1e-17 / 2), rel=1e-12)
    assert "scores are equal" not in said.text and "splits the weight evenly" not in said.text
    text = check_prediction_claims(None, 1e-17, 0, 64)  # the checker reads the difference back from the text
    assert "5.0 × 10⁻¹⁸" in text
    equal = why_weights(compare_two_keys([3, 3], 64))
    assert equal.facts["scores_equal"] and "splits the weight evenly" in equal.text  # a real tie is still one
    for sentence in (gradient_message(two)[1], jacobian_sentence(two)):
        assert "The two weights are equal" not in sentence and "1 × 10⁻¹⁷" in sentence


@pytest.mark.parametrize("z1,true", [(-745, "2.8 × 10⁻³²⁴"), (-740, "4.2 × 10⁻³²²"), (-800, "3.7 × 10⁻³⁴⁸")])
def test_a_weight_below_the_smallest_float_is_its_true_size_from_log_space(z1, true):
    """?za=-745&zb=0: softmax([−745, 0])₁ ≈ 2.8 × 10⁻³²⁴, not the 4.9 × 10⁻³²⁴ float64 holds; below that it is
    said to underflow."""
    from attn_lessons.scaling import why_weights

    two = compare_two_keys([z1, 0], 64)
    said = why_weights(two)
    exact = z1 - math.log1p(math.exp(z1))  # ln softmax([z1, 0])₁, the slow obvious way
    assert said.facts["loser"] == 0 and said.facts["loser_ln"] == pytest.approx(exact, rel=1e-12)
    assert said.facts["loser_said"].startswith(true) and printed_ln(true, exact)
    text = check_prediction_claims(0.5, z1, 0, 64)
    assert text.startswith(f"softmax([{short(z1)}, 0]) = **[{true}, 1 − {true}]**.")
    assert "4.9 × 10⁻³²⁴" not in text.replace("float64 holds as 4.9 × 10⁻³²⁴", "")  # only ever as float64's value
    if two.p_unscaled[0] == 0:
        assert "underflows to 0 in float64" in said.text
    _, message = gradient_message(two)
    assert true in message or "exactly 0 in floating point" in message


def test_the_seeds_two_keys_stay_exact():
    two = compare_two_keys([8, 0], 64)
    assert softmax_line(two.scores, two.p_unscaled, 4, two.log_p_unscaled) == "softmax([8, 0]) = **[0.9997, 0.0003]**"
    assert scaled_caption(two) == "Divided by √64 = 8: softmax([1, 0]) = **[0.731, 0.269]**."
