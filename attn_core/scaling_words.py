"""The sentences of the Scaling explorer page, each built from the numbers it talks about.

Pure Python: every function returns a plain string (or None when there is nothing true to say), so the
tests can walk the controls to their extremes and check each claim. How a number reads is not decided
here: the caller passes `fmt`, the page's number formatter (`attn_ui.format`), so attn_core stays free of
the view layer while every number on screen reads alike.
"""

from __future__ import annotations

import math
from typing import Protocol

import numpy as np

from .scaling import Peakedness, TwoKeys, heavy_tailed


class Formatter(Protocol):
    """What the sentences need from a number formatter; `attn_ui.format` is one."""

    def num(self, x: float, decimals: int = 3) -> str: ...

    def readable(self, x: float, decimals: int = 3) -> str: ...

    def short(self, x: float) -> str: ...

    def times(self, ratio: float) -> str: ...


def ratio_metric(ratio: float, fmt: Formatter) -> str:
    """A ratio of two slopes for a metric: '586×', '∞' when only the lower one underflowed, 'both 0'."""
    if math.isnan(ratio):
        return "both 0"
    if math.isinf(ratio):
        return "∞"
    return f"{ratio:,.0f}×"


def gradient_message(two: TwoKeys, fmt: Formatter) -> tuple[str, str]:
    """What the two slopes say about learning, and how to show it: ('warning' or 'markdown', text)."""
    ratio = two.ratio
    if math.isnan(ratio):
        with np.errstate(over="ignore"):
            gap = abs(two.scores[0] - two.scores[1])  # 1e308 − (−1e308) is beyond the float range
        return "warning", (
            f"Both slopes are 0 to machine precision: a gap of "
            f"{fmt.short(gap) if math.isfinite(gap) else 'more than 1e308'} between the scores is so large that "
            f"even after dividing by √{two.d_k} softmax is a hard argmax. Dividing by √d_k fixes the *typical* "
            "size of q·k (section 2), not any score you can type. Try scores below about 100.")
    if math.isinf(ratio):
        return "markdown", (
            f"Unscaled, the second key's slope is exactly 0 in floating point: its weight cannot move at all. "
            f"After dividing by √{two.d_k} it is {fmt.readable(two.slope_scaled, 3)}, so the key gets gradient "
            "again.")
    if ratio >= 1.5:
        return "markdown", (
            f"The gradient for the other key nearly vanishes: ∂p₂/∂z₂ = {fmt.readable(two.slope_unscaled, 4)} "
            f"unscaled against {fmt.readable(two.slope_scaled, 3)} after dividing by √{two.d_k}, about "
            f"**{ratio:,.0f} times more**. For learning, that means the signal telling W_Q and W_K to give key 2 "
            f"more weight is {ratio:,.0f} times weaker without scaling, so the model barely learns to look at any "
            "key but the winner.")
    return "markdown", (
        f"Here scaling changes the slope little (×{fmt.num(ratio, 2)}): "
        + ("with d_k = 1 the divisor √1 is 1, so both sides are the same." if two.d_k == 1 else
           "the scores are already close, so softmax is not peaked even unscaled.")
        + " Try z₁ = 8, z₂ = 0 and d_k = 64 to see the seed's example.")


def raw_slope_caption(two: TwoKeys, fmt: Formatter) -> str | None:
    """The slope measured against the raw score q·k₂ (what W_Q and W_K see), or None when there is none."""
    if two.d_k == 1 or not two.raw_slope > 0:
        return None
    raw_ratio = two.raw_ratio
    if math.isinf(raw_ratio):
        tail = ", while the unscaled slope is exactly 0."
    elif raw_ratio >= 1:
        tail = (f", still {raw_ratio:,.0f}× the unscaled slope." if raw_ratio >= 10 else
                f", still {fmt.num(raw_ratio, 1)}× the unscaled slope.")
    else:
        tail = (", below the unscaled slope here: with scores this small softmax was not saturated to begin with. "
                "Scaling pays off when the scores are large, as they typically are at large d_k (section 2).")
    return ("z here is what goes into softmax. Measured against the raw score q·k₂, the scaled side also "
            f"carries the chain-rule factor 1/√d_k: {fmt.readable(two.raw_slope, 4)}{tail}")


def tails_caption(d_k: int) -> str | None:
    """Why the histogram of q·k is not bell-shaped at a small width, or None when it is close to one."""
    if not heavy_tailed(d_k):
        return None
    return (f"At d_k = {d_k} the histogram is not bell-shaped: a product of two normals piles up near 0 and has "
            "long tails. The argument is only about the spread, and that is still √d_k. Slide d_k up and the "
            "sum of many products settles onto the normal curve.")


def peakedness_sentence(peak: Peakedness, fmt: Formatter) -> str | None:
    """What the three curves of largest weight do as d_k grows, or None for a single key (nothing to choose)."""
    if peak.n_keys == 1:
        return None
    mw, d_ks, n = peak.max_weight, peak.d_ks, peak.n_keys
    return (
        f"Unscaled, the largest weight climbs from {fmt.num(mw['unscaled'][0], 3)} at d_k = {d_ks[0]} to "
        f"**{fmt.num(mw['unscaled'][-1], 3)}** at d_k = {d_ks[-1]}: softmax heads for a hard argmax. Scaled by "
        f"1/√d_k it stays between {fmt.num(mw['sqrt_dk'].min(), 3)} and {fmt.num(mw['sqrt_dk'].max(), 3)}: flat. "
        f"Divided by d_k it sinks to {fmt.num(mw['dk'][-1], 3)}, toward the uniform {fmt.num(1 / n, 3)}: every key "
        "looks the same and attention stops choosing. This is the seed's “Check yourself” answer made visible: "
        "dividing by √d_k keeps the scores from growing with dimension, so softmax does not become a hard argmax.")
