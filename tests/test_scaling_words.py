"""attn_core.scaling_words: every sentence of the Scaling explorer, checked against the numbers it is built from."""

import math

import numpy as np
import pytest

from attn_core.scaling import compare_two_keys, peakedness_curves
from attn_core.scaling_words import (
    gradient_message,
    peakedness_sentence,
    ratio_metric,
    raw_slope_caption,
    tails_caption,
)
from attn_ui import format as fmt

CURVE_D_KS = [2**i for i in range(10)]


def test_ratio_metric_names_the_underflow_cases():
    assert ratio_metric(586.3, fmt) == "586×"
    assert ratio_metric(math.inf, fmt) == "∞"
    assert ratio_metric(math.nan, fmt) == "both 0"


@pytest.mark.parametrize("scores,d_k,kind", [([1e308, -1e308], 64, "warning"), ([1e6, 0], 64, "warning"),
                                             ([800, 0], 64, "markdown"), ([8, 0], 64, "markdown"),
                                             ([3, 1], 1, "markdown")])
def test_gradient_message_warns_only_when_both_slopes_underflow(scores, d_k, kind):
    two = compare_two_keys(scores, d_k)
    got, text = gradient_message(two, fmt)
    assert got == kind
    assert (kind == "warning") == math.isnan(two.ratio)
    assert "nan" not in text and "inf" not in text and "{" not in text


def test_the_raw_slope_caption_is_there_only_when_scaling_divides():
    assert raw_slope_caption(compare_two_keys([8, 0], 1), fmt) is None  # √1 = 1: nothing to carry
    assert raw_slope_caption(compare_two_keys([1e308, -1e308], 64), fmt) is None  # no slope left at all
    two = compare_two_keys([8, 0], 64)
    assert fmt.readable(two.raw_slope, 4) in raw_slope_caption(two, fmt)


def test_the_tails_caption_follows_the_excess_kurtosis():
    assert tails_caption(1) and "d_k = 1" in tails_caption(1)
    assert tails_caption(7) and tails_caption(8) is None and tails_caption(512) is None


def test_peakedness_sentence_quotes_the_curves():
    assert peakedness_sentence(peakedness_curves(1, CURVE_D_KS, 5), fmt) is None
    peak = peakedness_curves(8, CURVE_D_KS, 50, seed=0)
    text = peakedness_sentence(peak, fmt)
    for value in (peak.max_weight["unscaled"][0], peak.max_weight["unscaled"][-1], peak.max_weight["dk"][-1],
                  np.min(peak.max_weight["sqrt_dk"]), np.max(peak.max_weight["sqrt_dk"])):
        assert fmt.num(value, 3) in text
