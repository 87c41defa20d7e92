"""The sentences of the Scaling explorer page, each built from the numbers it talks about.

Pure Python: every function returns a plain string (or None when there is nothing true to say); one that claims
something about the numbers returns a `Said`, its text and the facts it states (the key with less weight, the numbers
it quotes as printed, "larger" or "smaller"), so the tests walk the controls to their extremes and check each fact
against attn_core. How a number reads is decided in one
place, `attn_lessons.format`, so every number on screen reads alike.
"""

from __future__ import annotations

import math

import numpy as np

from attn_core.scaling import (
    SMALL_SLOPE,
    TINY,
    Peakedness,
    QKSample,
    Temperature,
    TwoKeys,
    argmax_position,
    compare_two_keys,
    excess_kurtosis,
    heavy_tailed,
    peak_references,
    peak_shape,
    relative_spread,
    vanishes,
)

from .asked import Asked, Wrong
from .said import Said
from .glossary import inline
from .i18n import tr
from .format import about, enough, gap, num, percent, readable, sci, sci_ln, short, sqrt_text, times
from .format import bound as bound_text  # rounded away from the claim; `bound` below is a slope's words


_SUB = str.maketrans("12", "₁₂")


LN_PRINTABLE = -1e6  # a size below e^−10⁶ (about 10⁻⁴³⁴²⁹⁴) is not printed: its exponent alone would fill a line


def printable(ln_x: float) -> bool:
    """Whether a size given by its natural log can be printed as m × 10ⁿ (it is finite and above LN_PRINTABLE)."""
    return math.isfinite(ln_x) and ln_x >= LN_PRINTABLE


def true_size(x: float, ln_x: float, decimals: int) -> str:
    """A weight or slope x ≥ 0 for a sentence: readable(x) in float64's normal range, below it (TINY, 2.2 × 10⁻³⁰⁸)
    its true size from ln x, e.g. 2.8 × 10⁻³²⁴ for softmax([−745, 0])₁, which float64 holds as 4.9 × 10⁻³²⁴; a size
    too small to print (a gap past 10⁶) reads as float64's value."""
    if x >= TINY or not printable(ln_x):
        return readable(x, decimals)
    return sci_ln(ln_x)


def in_float64(x: float, ln_x: float) -> str:
    """'' for a value float64 holds to the digits printed; else what it holds instead: ', which underflows to 0 in
    float64', ', which float64 holds as 4.9 × 10⁻³²⁴, its smallest positive number'."""
    if x >= TINY or not printable(ln_x) or sci(x) == sci_ln(ln_x):
        return ""
    if x == 0:
        return tr("scaling-underflows")
    return tr("scaling-held-as", held=sci(x), smallest="yes" if x == 5e-324 else "no")


def join(*parts: str) -> str:
    """Sentences (or a sentence's parts) one after another: with a space in English, none in Chinese."""
    text = ""
    for part in parts:
        if part:
            text = tr("scaling-join", first=text, second=part) if text else part
    return text


def past_float_times() -> str:
    """'more than 10³⁰⁸ times': a ratio past the float range."""
    return tr("scaling-past-float-times")

SAME = 1.05  # two slopes within 5% of each other are "about the same"
TIE_SLOPE = 0.25  # p₁p₂ at a tie, ½·½: the largest a two-key slope can be


def bound(slope: float) -> str:
    """'below 0.01, and the 0.25 that p₁p₂ reaches when the keys tie is 746 times larger': why a slope (0 <
    slope < SMALL_SLOPE) nearly vanishes, each number said of itself (0.01 is 4% of 0.25; 0.0003 is not)."""
    with np.errstate(over="ignore"):
        ratio = TIE_SLOPE / slope  # past the float range for a subnormal slope
    return tr("scaling-bound", small=short(SMALL_SLOPE), tie=short(TIE_SLOPE),
              times=times_more(ratio) if math.isfinite(ratio) else past_float_times())


def key_name(i: int) -> str:
    """'key 1' for index 0, 'key 2' for index 1."""
    return tr("scaling-key", n=str(i + 1))


def own_slope(i: int) -> str:
    """'∂p₁/∂z₁' for key index 0, '∂p₂/∂z₂' for index 1: how a key's weight moves with its own score."""
    n = str(i + 1).translate(_SUB)
    return f"∂p{n}/∂z{n}"


def slope_labels(two: TwoKeys) -> tuple[str, str]:
    """Labels of the two slope metrics, naming the key whose slope they show (the loser's)."""
    slope = own_slope(two.own)
    return tr("scaling-slope-unscaled", slope=slope), tr("scaling-slope-scaled", slope=slope, d_k=str(two.d_k))


def ratio_metric(ratio: float) -> str:
    """A ratio of two slopes for a metric: '586×', '5.2 × 10²¹ times', '∞' when only the lower one underflowed
    to 0, 'both 0' when both did."""
    if math.isnan(ratio):
        return tr("scaling-both-zero")
    if math.isinf(ratio):
        return "∞"
    return times(ratio)


def times_more(ratio: float) -> str:
    """'586 times', '2.3 times', '5.2 × 10²¹ times': a ratio inside a sentence."""
    text = times(ratio)
    return tr("scaling-times", n=text[:-1]) if text.endswith("×") else text


# Where a gradient is measured: at the softmax's input z / √d_k (TwoKeys.slope_scaled, .ratio), or at W_Q and W_K,
# which reach the score through q·k and so get the chain rule's 1/√d_k as well (.raw_slope, .raw_ratio). Every
# comparison of gradients, on this page and on Check yourself, names one of them. Their words: gradient_at(at).
GRADIENT_AT = {"softmax": "scaling-at-softmax", "weights": "scaling-at-weights"}  # message ids


def gradient_at(at: str) -> str:
    """'at the softmax's input' or 'at W_Q and W_K', for a key of GRADIENT_AT."""
    return tr(GRADIENT_AT[at])


def gradient_slopes(two: TwoKeys, at: str) -> tuple[float, float, float]:
    """The losing key's slope scaled, unscaled, and scaled ÷ unscaled, at `at` (a key of GRADIENT_AT)."""
    if at == "softmax":
        return two.slope_scaled, two.slope_unscaled, two.ratio
    return two.raw_slope, two.slope_unscaled, two.raw_ratio


def gradient_logs(two: TwoKeys, at: str) -> tuple[float, float]:
    """The natural logs of gradient_slopes' two slopes: their true sizes where float64 loses them."""
    return (two.log_slope_scaled if at == "softmax" else two.log_raw_slope), two.log_slope_unscaled


def slope_text(two: TwoKeys, which: str, decimals: int) -> str:
    """A slope of `two` for a sentence or a metric, at its true size (true_size): 'unscaled' (∂pᵢ/∂zᵢ of softmax(z)),
    'scaled' (against z / √d_k) or 'raw' (at W_Q and W_K, with the chain rule's 1/√d_k)."""
    x, ln_x = {"unscaled": (two.slope_unscaled, two.log_slope_unscaled),
               "scaled": (two.slope_scaled, two.log_slope_scaled), "raw": (two.raw_slope, two.log_raw_slope)}[which]
    return readable(x, decimals) if x == 0 else true_size(x, ln_x, decimals)  # float64's 0 is the gradient it gets


def slopes_compared(scaled: float, unscaled: float, ratio: float, logs: tuple[float, float] | None = None) -> Said:
    """'3.4 × 10⁻⁴ scaled against 1.1 × 10⁻⁷ unscaled, 2,980× larger': the words come from the comparison (within
    SAME of each other, 'about the same', as the gradient message says), and a tie says so instead of 'X instead
    of X'. `ratio` is scaled / unscaled, as attn_core.scaling.TwoKeys.ratio; with their natural `logs`, a slope
    below float64's normal range reads at its true size. Facts: compared ('equal', 'alike' to the digits shown,
    'same' within SAME, 'larger' or 'smaller': the scaled slope against the unscaled) and said (scaled, unscaled and
    ratio as printed; ratio is the larger over the smaller)."""
    if logs is None:
        a, b = (short(x) if x == 0 else readable(x) for x in (scaled, unscaled))  # an underflowed slope is 0
    else:
        a, b = (short(x) if x == 0 else true_size(x, ln, 3)
                for x, ln in zip((scaled, unscaled), logs, strict=True))
    said = {"scaled": a}
    compared = ("equal" if scaled == unscaled else "alike" if a == b else "same" if 1 / SAME < ratio < SAME else
                "larger" if scaled > unscaled else "smaller")
    facts = {"compared": compared, "said": said}
    if compared in ("equal", "alike"):
        return Said(tr(f"scaling-slopes-{compared}", a=a), facts)
    said["unscaled"] = b
    if compared == "same":
        return Said(tr("scaling-slopes-same", a=a, b=b), facts)
    said["ratio"] = times(ratio) if compared == "larger" else times(1 / ratio)
    return Said(tr(f"scaling-slopes-{compared}", a=a, b=b, ratio=said["ratio"]), facts)


def gradient_compared(two: TwoKeys, at: str) -> Said:
    """'at W_Q and W_K, 0.0313 scaled against 4.3 × 10⁻⁴ unscaled, 73× larger': one gradient, named by where. Facts:
    slopes_compared's, and at (the key of GRADIENT_AT)."""
    said = slopes_compared(*gradient_slopes(two, at), logs=gradient_logs(two, at))
    return Said(tr("scaling-gradient-at", where=gradient_at(at), compared=said.text), {**said.facts, "at": at})


def gradients_compared(two: TwoKeys) -> Said:
    """The losing key's gradient at both places, for a sentence: 'the gradient slope p₂(1 − p₂) reads at the
    softmax's input, …; at W_Q and W_K, … (…1/√d_k)', each clause the `gradient_compared` the metrics' help says.
    Facts: softmax and weights, each gradient_compared's facts."""
    n = str(two.own + 1).translate(_SUB)
    at_input, at_weights = gradient_compared(two, 'softmax'), gradient_compared(two, 'weights')
    return Said(tr("scaling-gradients", p=f"p{n}", at_input=at_input.text, at_weights=at_weights.text,
                   d_k=str(two.d_k)),
                {"softmax": at_input.facts, "weights": at_weights.facts})


def ratio_metrics(two: TwoKeys) -> tuple[tuple[str, str, str], tuple[str, str, str]]:
    """Section 1's two ratio metrics, (label, value, help) each: the slopes at the softmax's input, then at W_Q
    and W_K, the help saying which gradient in the words Check yourself uses."""
    def helped(text: str, at: str) -> str:
        said = gradient_compared(two, at).text
        return tr("scaling-metric-help", help=text, said=said[0].upper() + said[1:])

    return ((tr("scaling-ratio-label"), ratio_metric(two.ratio), helped(tr("scaling-ratio-help"), "softmax")),
            (tr("scaling-raw-ratio-label"), ratio_metric(two.raw_ratio),
             helped(tr("scaling-raw-ratio-help"), "weights")))


def _gap(two: TwoKeys) -> str:
    """|z₁ − z₂| for a sentence (format.gap: 'more than 10³⁰⁸' past the float range)."""
    return gap(*two.scores)


def jacobian_sentence(two: TwoKeys) -> Said:
    """What the Jacobian's entries mean here: the loser's own slope, and that the winner's is the same number.
    Facts: loser and winner (the keys named, None when neither loses: equal scores, or float64 weights that tie),
    corner (of the loser's own entry, 'top-left' or 'bottom-right') and said (each number and key as printed)."""
    intro = tr("scaling-jacobian-intro", jacobian=inline("Jacobian", tr("scaling-term-jacobian")))
    if two.loser is None or two.weights_equal:
        facts = {"loser": None, "winner": None, "corner": None, "scores_equal": two.loser is None,
                 "said": {"slope": num(two.slope_unscaled, 4)} | ({} if two.loser is None else {"gap": _gap(two)})}
        return Said(join(intro, tr("scaling-jacobian-tie", equal="yes" if two.loser is None else "no",
                                   gap=facts["said"].get("gap", ""), slope=facts["said"]["slope"])), facts)
    lo, hi = two.loser, two.winner
    facts = {"loser": lo, "winner": hi, "corner": "bottom-right" if lo == 1 else "top-left", "scores_equal": False,
             "said": {"loser": key_name(lo), "loser_slope": own_slope(lo), "winner_slope": own_slope(hi)}}
    said = facts["said"]
    return Said(join(intro, tr("scaling-jacobian-loser", corner=facts["corner"], loser_slope=said["loser_slope"],
                               p=f"p{str(lo + 1).translate(_SUB)}", loser=said["loser"],
                               winner_slope=said["winner_slope"])), facts)


def gradient_message(two: TwoKeys) -> tuple[str, Said]:
    """What the slopes say about learning, and how to show it: ('warning' or 'markdown', Said).

    'nearly vanishes' is said only of a slope below SMALL_SLOPE; every ratio is the one computed here. Facts: loser
    (the key named as having less weight; None on a tie or when both slopes are 0), tie; unscaled and scaled, what is
    claimed of each slope ('zero', 'vanishes', 'not small'); at_softmax, the scaled slope against the unscaled one at
    the softmax's input ('more', 'more than 0', 'same'); at_weights, the same at W_Q and W_K ('larger', 'smaller',
    'same', 'more than 0'); barely_learns; and said, each number and key as printed (slope_unscaled,
    slope_scaled, raw_slope, ratio, raw_ratio, tie_over_unscaled, tie_over_scaled, gap, weight, loser)."""
    facts = {"loser": None, "tie": False, "unscaled": None, "scaled": None, "at_softmax": None, "at_weights": None,
             "barely_learns": False, "said": {}}
    if math.isnan(two.ratio):
        facts.update(unscaled="zero", scaled="zero", at_softmax="same", at_weights="same")
        facts["said"]["gap"] = _gap(two)
        return "warning", Said(tr("scaling-both-zero-warning", gap=facts["said"]["gap"],
                                  one="yes" if two.d_k == 1 else "no", sqrt=sqrt_text(two.d_k)), facts)
    if two.loser is None or two.weights_equal:
        return "markdown", Said(_tie(two, facts), facts)
    facts["loser"] = two.loser
    if two.d_k == 1:
        facts.update(at_softmax="same", at_weights="same")
        return "markdown", Said(join(tr("scaling-one-divisor"), _unscaled(two, facts), tr("scaling-try-classic")),
                                facts)
    return "markdown", Said(join(_unscaled(two, facts), _scaled(two, facts), _to_the_weights(two, facts)), facts)


def _tie(two: TwoKeys, facts: dict) -> str:
    """Neither key loses: the slope is the largest it can be, and (d_k > 1) W_Q and W_K get less of it scaled."""
    said = facts["said"]
    facts.update(tie=True, unscaled="not small")
    said.update(weight=num(two.p_unscaled[0], 4), slope_unscaled=num(two.slope_unscaled, 4))
    if two.loser is not None:
        said["gap"] = _gap(two)
    text = tr("scaling-tie", equal="yes" if two.loser is None else "no", gap=said.get("gap", ""),
              weight=said["weight"], slope=said["slope_unscaled"])
    if two.d_k == 1:
        facts.update(at_softmax="same", at_weights="same")
        return join(text, tr("scaling-one-divisor"))
    facts["at_weights"] = "smaller" if two.raw_slope < two.slope_unscaled else "larger"  # 0.25 / √d_k against 0.25
    said.update(slope_scaled=slope_text(two, 'scaled', 3), raw_slope=slope_text(two, 'raw', 4))
    return join(text, tr("scaling-tie-scaled", scaled=said["slope_scaled"], d_k=str(two.d_k), raw=said["raw_slope"],
                         at_weights=facts["at_weights"]))


def _tie_over(slope: float) -> str:
    """How many times the 0.25 of a tie is `slope`, as bound() prints it inside its sentence."""
    with np.errstate(over="ignore"):
        ratio = TIE_SLOPE / slope
    return times_more(ratio) if math.isfinite(ratio) else past_float_times()


def _unscaled(two: TwoKeys, facts: dict) -> str:
    """The unscaled slope of the losing key, and whether it is small."""
    lo, slope, said = facts["loser"], two.slope_unscaled, facts["said"]
    said["loser"] = key_name(lo)
    ln = two.log_slope_unscaled
    facts["unscaled"] = "zero" if slope == 0 else "vanishes" if vanishes(slope) else "not small"
    if facts["unscaled"] == "zero":
        return tr("scaling-unscaled-zero", loser=said["loser"], slope=own_slope(lo),
                  true=sci_ln(ln) if printable(ln) else "none")
    said["slope_unscaled"] = slope_text(two, 'unscaled', 4)
    if facts["unscaled"] == "vanishes":
        said["tie_over_unscaled"] = _tie_over(slope)
        return tr("scaling-unscaled-vanishes", loser=said["loser"], slope=own_slope(lo),
                  value=said["slope_unscaled"] + in_float64(slope, ln), bound=bound(slope))
    return tr("scaling-unscaled-not-small", loser=said["loser"], slope=own_slope(lo), value=said["slope_unscaled"],
              small=short(SMALL_SLOPE))


def _scaled(two: TwoKeys, facts: dict) -> str:
    """The slope against the scaled score that softmax sees, and how it compares."""
    said = facts["said"]
    said["slope_scaled"] = slope_text(two, 'scaled', 3)
    facts["at_softmax"] = ("more than 0" if math.isinf(two.ratio) else "more" if two.ratio >= SAME else "same")
    if facts["at_softmax"] == "more":
        said["ratio"] = times_more(two.ratio)
    text = tr("scaling-scaled", sqrt=sqrt_text(two.d_k), slope=said["slope_scaled"], at_softmax=facts["at_softmax"],
              ratio=said.get("ratio", ""))
    facts["scaled"] = "vanishes" if vanishes(two.slope_scaled) else "not small"
    if facts["scaled"] == "vanishes":
        if not vanishes(two.slope_unscaled):
            said["tie_over_scaled"] = _tie_over(two.slope_scaled)
        below = (tr("scaling-below-too", small=short(SMALL_SLOPE)) if vanishes(two.slope_unscaled) else
                 bound(two.slope_scaled))
        said["gap"] = _gap(two)
        return tr("scaling-scaled-vanishes", slope=text, below=below, gap=said["gap"])
    return tr("scaling-sentence-end", text=text)


# How the slope at W_Q and W_K compares with the unscaled one, by gradient_message's at_weights fact: the words of
# the claim (message scaling-against, selected on the fact), quoted in its facts ("against"), so a sentence whose
# words say otherwise than the fact fails its test
AGAINST_UNSCALED = ("smaller", "same", "more than 0", "larger")


def against_unscaled(at_weights: str) -> str:
    """'That is less than ', 'That is still ': the words that compare the slope at W_Q and W_K with the unscaled."""
    return tr("scaling-against", at_weights=at_weights.replace(" ", "-"))


def _to_the_weights(two: TwoKeys, facts: dict) -> str:
    """The slope that reaches W_Q and W_K, which sit before the division, and which run's signal is larger."""
    said = facts["said"]
    lo = said["loser"]
    said["raw_slope"] = slope_text(two, 'raw', 4)
    text = tr("scaling-to-weights", scaled=said["slope_scaled"], d_k=str(two.d_k), raw=said["raw_slope"])
    r = two.raw_ratio
    facts["at_weights"] = ("more than 0" if math.isinf(r) else "same" if 1 / SAME < r < SAME else
                           "larger" if r >= SAME else "smaller")
    said["against"] = against_unscaled(facts["at_weights"])
    against = said["against"]
    if facts["at_weights"] == "more than 0":
        facts["barely_learns"] = facts["scaled"] == "vanishes"
        return join(text, tr("scaling-weights-past-zero", against=against, loser=lo,
                             barely="yes" if facts["barely_learns"] else "no"))
    if facts["at_weights"] == "same":
        facts["barely_learns"] = facts["scaled"] == "vanishes"
        return join(text, tr("scaling-weights-same", against=against, unscaled=said["slope_unscaled"],
                             barely="yes" if facts["barely_learns"] else "no"))
    if facts["at_weights"] == "larger":
        said["raw_ratio"] = times(r)
        if facts["scaled"] == "vanishes":  # then the unscaled slope, never larger, is tiny too
            facts["barely_learns"] = True
            how = "both-tiny"
        else:
            facts["barely_learns"] = facts["unscaled"] == "vanishes"
            how = "barely" if facts["barely_learns"] else "weaker"
        return join(text, tr("scaling-weights-larger", against=against, ratio=said["raw_ratio"],
                             unscaled=said["slope_unscaled"], how=how, loser=lo, times=times_more(r)))
    said["raw_ratio"] = times(1 / r)  # how many times the unscaled one is the scaled one
    return join(text, tr("scaling-weights-smaller", against=against, unscaled=said["slope_unscaled"],
                         ratio=said["raw_ratio"], saturated="no" if facts["unscaled"] == "not small" else "yes"),
                tr("scaling-pays-off"), tr("scaling-try-classic"))


def tails_caption(d_k: int) -> Said | None:
    """How the histogram of q·k departs from the normal curve at a small width, or None when it is close to one:
    a single product's spike at d_k = 1, a sum of two's sharp point at 2, a bell with heavier tails from 3 on, each
    with the excess kurtosis attn_core computes (6/d_k). Facts: shape (attn_core's peak_shape: 'spike', 'point' or
    'round'), products (how many products q·k is said to sum) and said (kurtosis, as printed)."""
    if not heavy_tailed(d_k):
        return None
    facts = {"shape": peak_shape(d_k), "products": d_k, "said": {"kurtosis": short(excess_kurtosis(d_k))}}
    kurtosis = facts["said"]["kurtosis"]  # 6, 3, 2, 1.5, 1.2, 1, 0.8571
    return Said(join(tr("scaling-tails", shape=facts["shape"], d_k=str(d_k), kurtosis=kurtosis),
                     tr("scaling-tails-spread")), facts)


FLAT, NEARLY_FLAT = 0.05, 0.15  # a curve whose values spread by less than 5% (15%) of its lowest is (nearly) flat
SMALL_NEXT_TO = 3  # one change is "small next to" another when the other is at least 3 times larger
HEADS_FOR_ARGMAX = 0.5  # a largest weight past half-way from uniform to a hard argmax
NEAR_UNIFORM, ALMOST_SAME = 0.10, 0.05  # within 10% (5%) of the way from uniform to a hard argmax


def peakedness_sentence(peak: Peakedness) -> Said | None:
    """What the three curves of largest weight do as d_k grows, in words picked from the curves, or None for a
    single key (nothing to choose between). Facts: unscaled ('climbs', 'falls' or 'stays'), argmax (heads for a hard
    argmax), scaled ('flat', 'nearly flat' or 'changes'), small_next_to (the scaled change next to the unscaled one),
    wrong ('sinks', 'rises' or 'stays': the curve divided by d_k), toward_uniform, almost_same, and said: each number
    as printed (first, last, position, low, high, within, change, unscaled_change, wrong_last, uniform,
    wrong_position), the bounds rounded away from what they claim."""
    if peak.n_keys == 1:
        return None
    mw, d_ks, n = peak.max_weight, peak.d_ks, peak.n_keys
    first, last = mw["unscaled"][0], mw["unscaled"][-1]
    pos_first, pos_last = argmax_position([first, last], n)
    change = (last - first) / first
    facts = {"unscaled": "climbs" if change >= FLAT else "falls" if change <= -FLAT else "stays",
             "argmax": bool(change >= FLAT and pos_last >= HEADS_FOR_ARGMAX), "small_next_to": False,
             "said": {"first": num(first, 3), "last": num(last, 3), "position": percent(pos_last)}}
    said = facts["said"]
    text = tr("scaling-peak-unscaled", verb=facts["unscaled"], first=said["first"], first_d_k=str(d_ks[0]),
              last=said["last"], last_d_k=str(d_ks[-1]), position=said["position"],
              argmax="yes" if facts["argmax"] else "no")

    spread_s, spread_u = relative_spread(mw["sqrt_dk"]), relative_spread(mw["unscaled"])
    lo, hi = float(np.min(mw["sqrt_dk"])), float(np.max(mw["sqrt_dk"]))
    said.update(low=bound_text(lo, 'lower', 3), high=bound_text(hi, 'upper', 3))
    facts["scaled"] = "flat" if spread_s < FLAT else "nearly flat" if spread_s < NEARLY_FLAT else "changes"
    if facts["scaled"] == "nearly flat":
        said["within"] = bound_text(spread_s, 'upper', as_percent=True)
    elif facts["scaled"] == "changes":
        said["change"] = percent(spread_s)
        facts["small_next_to"] = bool(spread_u >= SMALL_NEXT_TO * spread_s)
        if facts["small_next_to"]:
            said["unscaled_change"] = percent(spread_u)
    how = ("small-next-to" if facts["small_next_to"] else facts["scaled"].replace(" ", "-"))
    scaled = tr("scaling-peak-scaled", low=said["low"], high=said["high"], how=how, within=said.get("within", ""),
                change=said.get("change", ""), unscaled_change=said.get("unscaled_change", ""))
    return Said(join(text, scaled, _wrong_factor(peak, facts)), facts)  # the closing answer follows: not repeated


def _wrong_factor(peak: Peakedness, facts: dict) -> str:
    """What ÷ d_k does to the largest weight by the widest d_k."""
    mw, n, said = peak.max_weight, peak.n_keys, facts["said"]
    first, last = mw["dk"][0], mw["dk"][-1]
    pos_first, pos_last = argmax_position([first, last], n)
    change = (last - first) / first
    facts["wrong"] = "sinks" if change <= -FLAT else "rises" if change >= FLAT else "stays"
    said["wrong_last"] = num(last, 3)
    facts["toward_uniform"] = bool(pos_last <= NEAR_UNIFORM and pos_last < pos_first)
    facts["almost_same"] = bool(facts["toward_uniform"] and pos_last <= ALMOST_SAME)
    if facts["toward_uniform"]:
        said.update(uniform=num(1 / n, 3), wrong_position=percent(pos_last))
    return tr("scaling-peak-wrong", verb=facts["wrong"], last=said["wrong_last"], d_k=str(peak.d_ks[-1]),
              toward="same" if facts["almost_same"] else "uniform" if facts["toward_uniform"] else "no",
              uniform=said.get("uniform", ""), position=said.get("wrong_position", ""))


ABOUT = 0.10  # a measured spread within 10% of its theory value is "about" it


def about_theory(measured: float, theory: float) -> Said:
    """'**about 8**' when a measured spread is within ABOUT of its theory value, else how far off it is. Facts: near
    (called about the theory value), side ('above' or 'below', when not near) and said (theory and off, as
    printed)."""
    off = abs(measured / theory - 1)
    facts = {"near": off <= ABOUT, "side": None, "said": {"theory": about(theory)}}
    if facts["near"]:
        return Said(tr("scaling-about-theory", theory=facts["said"]["theory"]), facts)
    facts["side"], facts["said"]["off"] = "above" if measured > theory else "below", percent(off)
    return Said(tr("scaling-off-theory", off=facts["said"]["off"], side=facts["side"], theory=facts["said"]["theory"]),
                facts)


SOURCE_CASE = ((8.0, 0.0), 64)  # the source text's two keys and width: softmax([8, 0]) against softmax([1, 0])


def closing_sentence(yours: TwoKeys | None = None) -> Said:
    """The lesson's answer on the source text's own example, [8, 0] at d_k = 64, its numbers computed, not typed;
    then, when section 1's scores or width (`yours`) differ from it, the same comparison from the learner's numbers.
    It names no weight and no slope, only the ratio at W_Q and W_K: softmax([8, 0]) is section 1's open question at
    the page's defaults, and the first key's weight after ÷ √d_k is Check yourself's two-keys question. Facts:
    yours (None when it is the source's case, else the gradient at W_Q and W_K with the division against without:
    'larger', 'smaller', 'same', 'more than 0', 'zero', or 'd_k = 1'), tie (the keys tie in yours) and said
    (source_ratio, and ratio: yours, as printed)."""
    source = compare_two_keys(*SOURCE_CASE)
    facts = {"yours": None, "tie": False, "said": {"source_ratio": times_more(source.raw_ratio)}}
    text = tr("scaling-closing", scores=scores_text(source.scores), d_k=str(source.d_k),
              ratio=facts["said"]["source_ratio"])
    if yours is None or (yours.d_k == source.d_k and np.array_equal(yours.scores, source.scores)):
        return Said(text, facts)
    return Said(join(text, _your_case(yours, facts)), facts)


def _top(p) -> str:
    """The larger of two weights, for a sentence: 0.9997, 0.944."""
    return weight_text(max(p), 4 if max(p) > 0.999 else 3, rest=min(p))


def saturation_compared(yours: TwoKeys, whose: str | None = None) -> Said:
    """Why the gradient at W_Q and W_K gains so much from ÷ √d_k in the source text's [8, 0] at d_k = 64 (73×) and
    not at `yours`: whether the unscaled scores saturate softmax (the losing key's slope p₁p₂ below SMALL_SLOPE), and
    the top weight before and after the division on each side. Facts, for each of "source" and "yours": top_unscaled,
    top_scaled, slope_unscaled, saturated, ratio (at softmax's input) and raw_ratio (at W_Q and W_K)."""
    source = compare_two_keys(*SOURCE_CASE)

    def facts_of(two: TwoKeys) -> dict:
        return {"top_unscaled": float(max(two.p_unscaled)), "top_scaled": float(max(two.p_scaled)),
                "slope_unscaled": two.slope_unscaled, "saturated": vanishes(two.slope_unscaled),
                "ratio": two.ratio, "raw_ratio": two.raw_ratio}

    facts = {"source": facts_of(source), "yours": facts_of(yours)}
    text = tr("scaling-saturation-source", scores=scores_text(source.scores), d_k=str(source.d_k),
              ratio=times(source.raw_ratio), top=_top(source.p_unscaled),
              slope=readable(source.slope_unscaled, 4), small=short(SMALL_SLOPE), top_scaled=_top(source.p_scaled))
    if yours.d_k == source.d_k and np.array_equal(yours.scores, source.scores):
        return Said(text, facts)
    these = tr("scaling-these-scores", whose=whose or tr("scaling-your-scores"), scores=scores_text(yours.scores),
               d_k=str(yours.d_k))
    if yours.d_k == 1:
        return Said(join(text, tr("scaling-saturation-one", these=these, top=_top(yours.p_unscaled),
                                  saturated="yes" if facts["yours"]["saturated"] else "no")), facts)
    if facts["yours"]["saturated"]:
        return Said(join(text, tr("scaling-saturation-too", these=these, top=_top(yours.p_unscaled),
                                  slope=readable(yours.slope_unscaled, 4), top_scaled=_top(yours.p_scaled))), facts)
    r = yours.raw_ratio
    effect = ("smaller" if r < 1 / SAME else "larger" if r >= SAME else "same")
    return Said(join(text, tr("scaling-saturation-not", these=these, top=_top(yours.p_unscaled),
                              slope=readable(yours.slope_unscaled, 4), small=short(SMALL_SLOPE),
                              top_scaled=_top(yours.p_scaled), changes="barely" if yours.ratio < SAME else "only",
                              ratio=times(yours.ratio), d_k=str(yours.d_k), factor=num(1 / yours.divisor, 3),
                              effect=effect, effect_ratio=times(1 / r) if effect == "smaller" else times(r))), facts)


def _your_case(two: TwoKeys, facts: dict) -> str:
    """The closing's comparison on section 1's own scores and width: the gradient at W_Q and W_K, scaled against
    unscaled, in words picked from the ratio (within SAME of each other, 'about the same')."""
    facts["tie"] = two.loser is None
    r, said = two.raw_ratio, facts["said"]
    facts["yours"] = ("d_k = 1" if two.d_k == 1 else "zero" if math.isnan(r) else "more than 0" if math.isinf(r)
                      else "larger" if r >= SAME else "smaller" if 1 / r >= SAME else "same")
    if facts["yours"] == "zero":
        said["gap"] = _gap(two)
    elif facts["yours"] == "larger":
        said["ratio"] = times_more(r)
    elif facts["yours"] == "smaller":
        said["ratio"] = times(1 / r)
    case = {"d_k = 1": "one", "more than 0": "past-zero"}.get(facts["yours"], facts["yours"])
    text = tr("scaling-your-case", scores=scores_text(two.scores), d_k=str(two.d_k), case=case,
              tie="yes" if facts["tie"] else "no",
              gap=said.get("gap", ""), ratio=said.get("ratio", ""))
    return join(text, tr("scaling-pays-off")) if facts["yours"] == "smaller" else text


# ------------------------------------------------------------------------ predict, then see: softmax of two scores
PREDICT_CLOSE = 0.05  # a predicted weight within 0.05 of softmax's (five steps of the page's 0.01 slider) is right


def prediction_right(guess: float | None, weight: float) -> bool:
    """True when a predicted weight is within PREDICT_CLOSE of softmax's `weight`; False with no prediction.
    The distance is rounded to the 4 decimals the page prints it with, so "0.0500 below" is never called wrong."""
    return guess is not None and round(abs(float(guess) - float(weight)), 4) <= PREDICT_CLOSE


def weight_text(x: float, decimals: int, rest: float | None = None, ln_x: float | None = None,
                ln_rest: float | None = None) -> str:
    """A softmax weight in a sentence, as format.enough prints it (0.9997, 0.0003, 2.1 × 10⁻⁹), with its gap to 1
    taken from `rest`, the row's other weights summed: 1 − x without the rounding of x (which is 1.0 exactly for
    1 − 3.7 × 10⁻⁴⁴). So a weight prints as 1.0000 only when nothing else in its row has weight. With the logs
    `ln_x`, `ln_rest`, a weight or gap below float64's normal range prints its true size (true_size)."""
    x = float(x)
    rest = 1 - x if rest is None else float(rest)
    if ln_x is not None and x < TINY and printable(ln_x):
        return true_size(x, ln_x, decimals)
    text = enough(x, decimals)
    if ln_rest is not None and rest < TINY and printable(ln_rest) and (x == 1 or text.startswith("1 − ")):
        return f"1 − {true_size(rest, ln_rest, decimals)}"
    return f"1 − {sci(rest)}" if rest > 0 and (x == 1 or text.startswith("1 − ")) else text


def weights_text(weights, decimals: int, logs=None) -> str:
    """'[0.9997, 0.0003]', '[1 − 2.1 × 10⁻⁹, 2.1 × 10⁻⁹]': a row of weights, each as weight_text prints it; with
    their natural `logs` (n,), a weight below float64's normal range at its true size: '[2.8 × 10⁻³²⁴, 1 − 2.8 ×
    10⁻³²⁴]' for softmax([−745, 0])."""
    def ln_others(i: int) -> float | None:
        if logs is None:
            return None
        others = np.delete(np.asarray(logs, dtype=float), i)
        top = float(others.max())
        return top if math.isinf(top) else top + math.log(float(np.exp(others - top).sum()))

    return "[" + ", ".join(weight_text(p, decimals, rest=_others(weights, i),
                                       ln_x=None if logs is None else float(logs[i]), ln_rest=ln_others(i))
                           for i, p in enumerate(weights)) + "]"


def _others(weights, i: int) -> float:
    """The sum of a row's weights but the i-th: how far weight i is from 1, without rounding it first."""
    return float(np.sum(np.delete(np.asarray(weights, dtype=float), i)))


def scores_text(scores) -> str:
    """'[8, 0]': two scores as the learner typed them."""
    return "[" + ", ".join(short(z) for z in scores) + "]"


def softmax_question(scores) -> str:
    """The checkpoint's question, about the scores on screen: what weight softmax gives key 1."""
    return tr("scaling-question", scores=scores_text(scores))


# The checkpoint's wrong answers, from the state it is asked in: {"scores": [z₁, z₂], "d_k": d_k}.
def _two(state) -> TwoKeys:
    return compare_two_keys([float(z) for z in state["scores"]], int(state.get("d_k", 1)))


def _scaled_weight(state):  # not _scaled: that name is the gradient sentence's, above
    return [float(_two(state).p_scaled[0])] if int(state.get("d_k", 1)) > 1 else []


def _proportional(state):
    z1, z2 = (float(z) for z in state["scores"])
    return [z1 / (z1 + z2)] if z1 >= 0 and z2 >= 0 and z1 + z2 > 0 else []


def _swapped(state):
    return [float(_two(state).p_unscaled[1])]


def _even(state):
    z1, z2 = (float(z) for z in state["scores"])
    return [0.5] if z1 != z2 else []


# The prediction, declared once: its key for checkpoint.predict, its class-mode name and the wrong answers expected
SOFTMAX = Asked("scaling.softmax", "asked-scaling-softmax", "number",
                tuple(Wrong(f"asked-scaling-softmax-{k}", f"asked-scaling-softmax-{k}.shows", values) for k, values in
                      (("scaled", _scaled_weight), ("proportional", _proportional), ("swapped", _swapped),
                       ("even", _even))), key="cp_softmax",
                gives_away=lambda state: softmax_gives_away(state), reason_id="asked-scaling-softmax.reason")


def softmax_gives_away(state) -> list[str]:
    """What states softmax of the two scores (the page's "za", "zb"): the reveal's equation and the bars' label."""
    z = scores_text([float(state.get("za", 8)), float(state.get("zb", 0))])
    return [f"softmax({z}) =", f"p = softmax({z})"]  # notation, the same in every language


def prediction_sentence(guess: float | None, asked: TwoKeys) -> Said:
    """The answer to softmax_question(asked.scores), why it is what it is, and how close `guess` (key 1's weight,
    None when the learner skipped) came. Facts: why (why_weights' facts), right (None with no guess), side (of the
    guess from key 1's weight: 'above', 'below' or 'exact'), hint ('equal', 'order', 'sharper', 'less sharp' or
    None), lesson ('hard argmax' in floating point, 'nearly' a hard argmax, or None), and said: each number as printed
    (weights, guess, off, key1, gap, scaled_gap, scaled_keeps, scaled_loser)."""
    p = asked.p_unscaled
    why = why_weights(asked)
    facts = {"why": why.facts, "right": None, "side": None, "hint": None, "lesson": None,
             "said": {"weights": weights_text(p, 4, asked.log_p_unscaled)}}
    text = join(tr("scaling-softmax-answer", scores=scores_text(asked.scores), weights=facts["said"]["weights"]),
                why.text)
    if guess is not None:
        text = join(text, _how_close(guess, asked, facts))
    return Said(join(text, _lesson(asked, facts)), facts)


def _z(i: int) -> str:
    return f"z{str(i + 1).translate(_SUB)}"


def why_weights(two: TwoKeys) -> Said:
    """Why softmax splits the weight as it does: each weight is proportional to exp(score). Decided on the scores:
    equal scores split it evenly; scores a hair apart ([10⁻¹⁷, 0]) give weights that differ by less than float64
    can show, and it says so; a losing weight below float64's range is quoted at its true size, from log space.
    Facts: scores_equal, weights_equal (float64's), winner and loser (None on a tie), difference (the winner's
    weight minus the loser's, exactly), loser_ln (the loser's weight, by its natural log), loser_said (as quoted),
    odds_past_float (the winner's weight over the loser's is past the float range) and said (winner, loser, gap,
    difference, odds as printed)."""
    facts = {"scores_equal": two.loser is None, "weights_equal": two.weights_equal, "winner": two.winner,
             "loser": two.loser, "difference": two.difference, "loser_ln": None, "loser_said": None,
             "odds_past_float": None, "said": {}}
    if two.loser is None:
        return Said(tr("scaling-why-equal"), facts)
    lo, hi = two.loser, two.winner
    said = facts["said"]
    said.update(winner=key_name(hi), loser=key_name(lo), gap=_gap(two))
    if two.weights_equal:
        said["difference"] = sci(two.difference)
        return Said(tr("scaling-why-hair", gap=said["gap"], winner=said["winner"], loser=said["loser"],
                       difference=said["difference"]), facts)
    p_lo, ln_lo = float(two.p_unscaled[lo]), float(two.log_p_unscaled[lo])
    keeps = (tr("scaling-exactly-zero") if not printable(ln_lo) else
             true_size(p_lo, ln_lo, 4) + in_float64(p_lo, ln_lo))
    facts.update(loser_ln=ln_lo, loser_said=keeps, odds_past_float=math.isinf(two.odds))
    if not facts["odds_past_float"]:
        said["odds"] = times_more(two.odds)
    return Said(tr("scaling-why-exp", winner=said["winner"], loser=said["loser"], z_hi=_z(hi), z_lo=_z(lo),
                   gap=said["gap"], past="yes" if facts["odds_past_float"] else "no", odds=said.get("odds", ""),
                   keeps=keeps), facts)


def _how_close(guess: float, asked: TwoKeys, facts: dict) -> str:
    """How far the predicted weight of key 1 is from softmax's, and the threshold that counts as right."""
    p1, said = float(asked.p_unscaled[0]), facts["said"]
    said.update(guess=num(guess, 2), key1=weight_text(p1, 4, rest=asked.p_unscaled[1],
                                                      ln_x=float(asked.log_p_unscaled[0]),
                                                      ln_rest=float(asked.log_p_unscaled[1])))
    off = abs(guess - p1)
    facts["side"] = "exact" if off == 0 else "above" if guess > p1 else "below"
    if facts["side"] != "exact":
        said["off"] = tr("scaling-less-than", x="0.0001") if round(off, 4) == 0 else num(off, 4)
    where = tr("scaling-off-key1", side=facts["side"], off=said.get("off", ""), key1=said["key1"])
    facts["right"] = prediction_right(guess, p1)
    text = tr("scaling-you-said", guess=said["guess"], where=where, close=short(PREDICT_CLOSE),
              right="yes" if facts["right"] else "no")
    if facts["right"]:
        return text
    above_half = 0 if asked.loser is None else 1 if asked.loser == 1 else -1  # key 1's side of an even split, from
    # the scores: float64 may print 0.5
    facts["hint"] = ("equal" if above_half == 0 else "order" if (guess - 0.5) * above_half <= 0 else
                     "sharper" if abs(guess - 0.5) < abs(p1 - 0.5) else "less sharp")
    if facts["hint"] == "less sharp":
        said["gap"] = _gap(asked)
    return join(text, tr("scaling-hint", hint=facts["hint"].replace(" ", "-"), gap=said.get("gap", "")))


def _lesson(two: TwoKeys, facts: dict) -> str:
    """When softmax is nearly a hard argmax: say so, and what dividing by √d_k does to the gap."""
    if two.loser is None or not vanishes(two.slope_unscaled):
        return ""
    said = facts["said"]
    facts["lesson"] = "hard argmax" if two.p_unscaled[two.loser] == 0 else "nearly"
    said["gap"] = _gap(two)
    text = tr("scaling-lesson", gap=said["gap"], lesson="hard" if facts["lesson"] == "hard argmax" else "nearly")
    if two.d_k == 1:
        return text
    p_lo, ln_lo = float(two.p_scaled[two.loser]), float(two.log_p_scaled[two.loser])
    said.update(scaled_gap=gap(*two.scaled), scaled_loser=key_name(two.loser),
                scaled_keeps=tr("scaling-exactly-zero") if not printable(ln_lo) else true_size(p_lo, ln_lo, 3))
    return join(text, tr("scaling-lesson-scaled", sqrt=sqrt_text(two.d_k), gap=said["scaled_gap"],
                         loser=said["scaled_loser"],
                         keeps=said["scaled_keeps"] + ("" if not printable(ln_lo) else in_float64(p_lo, ln_lo))))


# ------------------------------------------------------------------------ what each section says about its numbers
def softmax_line(scores, weights, decimals: int, logs=None) -> str:
    """'softmax([8, 0]) = **[0.9997, 0.0003]**': one side of section 1, scores and weights as computed (with their
    `logs`, a weight below float64's range at its true size)."""
    return f"softmax({scores_text(scores)}) = **{weights_text(weights, decimals, logs)}**"


def scaled_heading(d_k: int) -> str:
    """'Divided by √64 = 8': the heading over section 1's scaled side."""
    return tr("scaling-scaled-heading", sqrt=sqrt_text(d_k))


def scaled_caption(two: TwoKeys) -> str:
    """Section 1's scaled column in words, its scores and weights as computed (the reveal above the table says
    the unscaled side)."""
    return tr("scaling-scaled-caption", heading=scaled_heading(two.d_k),
              line=softmax_line(two.scaled, two.p_scaled, 3, two.log_p_scaled))


def sampling_intro(n_samples: int, seed: int) -> str:
    """Section 2's opening: how many pairs it draws, from which seed, and why their spread is √d_k."""
    return tr("scaling-sampling-intro", n=f"{n_samples:,}", seed=str(seed))


def std_help(d_k: int) -> str:
    """'theory: √d_k = √64 = 8': the tooltip of the measured spread of q·k."""
    return tr("scaling-theory", value=f"√d_k = {sqrt_text(d_k)}")


def std_captions(sample: QKSample) -> tuple[Said, Said]:
    """The measured spread of q·k and of q·k / √d_k, each against its theory value: (raw, scaled). Facts: about
    (about_theory's facts) and said (theory and measured, as printed)."""
    def caption(theory_text: str, measured: float, theory: float) -> Said:
        said = about_theory(measured, theory)
        facts = {"about": said.facts, "said": {"theory": theory_text, "measured": num(measured, 2)}}
        return Said(tr("scaling-std-caption", theory=theory_text, measured=facts["said"]["measured"],
                       about=said.text), facts)

    return (caption(f"√d_k = {sqrt_text(sample.d_k)}", sample.std, sample.theory),
            caption(tr("scaling-one-whatever"), sample.std_scaled, 1.0))


def peakedness_caption(peak: Peakedness, seed: int) -> str:
    """What every point of section 3's curves averages: how many draws, of how many keys, from which seed."""
    return tr("scaling-peakedness-caption", seeds=peak.n_seeds, keys=peak.n_keys, seed=str(seed))


def one_key_note(n_keys: int) -> str | None:
    """Why section 3's curves lie flat with a single key; None with two keys or more."""
    if n_keys != 1:
        return None
    return tr("scaling-one-key")


def temperature_intro(heads: int, d_model: int, d_k: int) -> str:
    """Section 4's opening: whose queries and keys these are, their width d_k = d_model / heads, and, in one line,
    where heads are taught (on a later page of the route)."""
    return tr("scaling-temperature-intro", heads=heads, d_model=str(d_model), d_k=str(d_k))


def entropy_caption(temp: Temperature) -> str:
    """How to read the row-entropy bars: an empty bar (0) is one key, a full bar (log n) is every key alike."""
    n = temp.weights.shape[-1]
    if n == 1:
        return tr("scaling-entropy-one")
    return tr("scaling-entropy-caption", n=n, uniform=num(temp.max_entropy, 3))


def temperature_progress(temp: Temperature) -> Said:
    """Where the mean row entropy at this τ sits between a hard argmax (0) and uniform weights (log n). Facts:
    single_key and said (tau, entropy, position and uniform, as printed)."""
    n = temp.weights.shape[-1]
    facts = {"single_key": n == 1, "said": {"tau": short(temp.tau)}}
    said = facts["said"]
    if n == 1:
        return Said(tr("scaling-progress-one", tau=said["tau"]), facts)
    said.update(entropy=readable(temp.mean_entropy, 3), position=percent(temp.position),
                uniform=num(temp.max_entropy, 3))
    return Said(tr("scaling-progress", tau=said["tau"], entropy=said["entropy"], position=said["position"],
                   n=str(n), uniform=said["uniform"]), facts)


def one_token_note(temp: Temperature) -> str | None:
    """Why τ changes nothing for a one-token sentence; None with two tokens or more."""
    if temp.weights.shape[-1] != 1:
        return None
    return tr("scaling-one-token")


# ------------------------------------------------------------------------ the page's own text, and its charts' words
# The page's fixed texts, each looked up in the session's language when the page reads it (say.INTRO): a module
# attribute name -> its message.
_TEXTS = {
    "INTRO": "scaling-intro", "SOURCES_NOTE": "scaling-sources", "WEIGHT_HELP": "scaling-weight-help",
    "SCALED_SLOPE_HELP": "scaling-scaled-slope-help", "RATIO_LABEL": "scaling-ratio-label",
    "RATIO_HELP": "scaling-ratio-help", "RAW_RATIO_LABEL": "scaling-raw-ratio-label",
    "RAW_RATIO_HELP": "scaling-raw-ratio-help", "GRADIENT_EXPANDER": "scaling-gradient-expander",
    "STD_SCALED_HELP": "scaling-std-scaled-help", "PEAKEDNESS_INTRO": "scaling-peakedness-intro",
    "ENTROPY_BARS": "scaling-entropy-bars", "NOTEBOOK_INTRO": "scaling-notebook-intro",
    "NOTEBOOK_LONG_HELP": "scaling-notebook-long-help", "D_K_INPUT": "scaling-d-k-input",
    "TITLE": "scaling-title", "SCORE_1": "scaling-score-1", "SCORE_2": "scaling-score-2",
    "N_KEYS_INPUT": "scaling-n-keys-input", "DIVIDE_BY": "scaling-divide-by", "CUSTOM_TAU": "scaling-custom-tau",
    "QUERY_I": "scaling-query-i", "KEY": "scaling-axis-key", "QUERY": "scaling-axis-query",
    "WEIGHT_P": "scaling-weight-p", "SCORE_Z": "scaling-score-z", "H_NATS": "scaling-h-nats",
}
SECTIONS = ("two-keys", "variance", "peakedness", "temperature", "why")  # the sections' anchors, in order
CURVES = ("unscaled", "sqrt_dk", "dk")  # attn_core.scaling.DIVISORS' names
NOTE_KEYS = ("z", "d_k", "seed, n_samples, sample_d_k", "n_keys, n_seeds", "curve_d_ks", "labels", "tau")


def __getattr__(name: str):
    """say.INTRO and the other fixed texts, in the language of the script run reading them (never at import)."""
    if name in _TEXTS:
        return tr(_TEXTS[name], **({"hard_argmax": inline("hard argmax", tr("scaling-term-hard-argmax"))}
                                   if name == "INTRO" else {}))
    if name == "HEADERS":  # by each section's anchor
        return {anchor: tr(f"scaling-header-{anchor}") for anchor in SECTIONS}
    if name == "STD_LABELS":  # section 2's two metrics
        return (tr("scaling-std-label-raw"), tr("scaling-std-label-scaled"))
    if name == "CURVE_NAMES":  # how each curve of sections 2 and 3 treats the scores
        return {curve: tr(f"scaling-curve-{curve.replace('_', '-')}") for curve in CURVES}
    if name == "NOTES":  # what each number of the notebook's parameters cell is
        return {key: tr("scaling-note-" + key.split(",")[0].replace("_", "-")) for key in NOTE_KEYS}
    if name == "KEYS":  # the two keys of section 1, as its tables name them
        return [key_name(0), key_name(1)]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


DIVISOR_SYMBOLS = {"1": "1", "sqrt_dk": "√d_k", "dk": "d_k"}  # the divisors as the τ axis marks them (notation)


def weights_bars_words(two: TwoKeys) -> tuple[str, str, str]:
    """Section 1's table of bars: the unscaled column's label, the scaled column's, and the table's title."""
    z_text = scores_text(two.scores)
    return (f"p = softmax({z_text})", f"p = softmax({z_text} / √{two.d_k})",
            tr("scaling-bars-title", d_k=str(two.d_k)))


def jacobian_formulas(d_k: int) -> tuple[str, str]:
    """The formulas over the two Jacobian tables: unscaled, and with the scores divided by √d_k."""
    return tr("scaling-jacobian-unscaled"), tr("scaling-jacobian-scaled", d_k=str(d_k))


def histogram_words(sample: QKSample, n_samples: int) -> dict:
    """Section 2's row of histograms: the row's title, and each histogram's (title, name of its normal curve)."""
    d_k, n = str(sample.d_k), f"{n_samples:,}"
    return {"row": tr("scaling-hist-row", d_k=d_k),
            "raw": (tr("scaling-hist-raw", d_k=d_k, n=n),
                    tr("scaling-normal-curve", std="√d_k" if sample.theory != 1 else "1")),
            "scaled": (tr("scaling-hist-scaled", d_k=d_k, n=n), tr("scaling-normal-curve", std="1"))}


def std_curve_words(d_k: int) -> dict:
    """The words of section 2's chart of the spread against d_k: title, axes, and each series' name."""
    return {"title": tr("scaling-std-curve-title"), "x": "d_k", "y": tr("scaling-std-curve-y"),
            "theory": tr("scaling-std-curve-theory"), "unscaled": tr("scaling-std-label-raw"),
            "sqrt_dk": tr("scaling-std-label-scaled"), "yours": tr("scaling-your-d-k", d_k=str(d_k))}


def peakedness_words(n_keys: int) -> dict:
    """The words of section 3's two charts: the row's title, each chart's (title, y axis), the x axis, the
    curves' names, and the labels of the levels attn_core.scaling.peak_references gives, in its order."""
    levels = peak_references(n_keys)
    if n_keys > 1:
        references = {"max_weight": [tr("scaling-ref-argmax", value="1"),
                                     tr("scaling-ref-uniform", value=f"1/n = {num(levels['max_weight'][1], 3)}")],
                      "entropy": [tr("scaling-ref-argmax", value="0"),
                                  tr("scaling-ref-uniform", value=f"log n = {num(levels['entropy'][1], 3)}")]}
    else:
        references = {"max_weight": [tr("scaling-ref-one-key")], "entropy": [tr("scaling-ref-one-key")]}
    return {"row": tr("scaling-peak-row", n=n_keys),
            "max_weight": (tr("scaling-peak-max-title"), tr("scaling-peak-max-y")),
            "entropy": (tr("scaling-peak-entropy-title"), tr("scaling-peak-entropy-y")),
            "x": tr("scaling-log-axis", x="d_k"), "curves": __getattr__("CURVE_NAMES"), "references": references}


def divisor_labels(d_k: int) -> dict[str, str]:
    """Section 4's choices of divisor as the radio shows them: '1 (no scaling)', '√d_k = √64 = 8', 'd_k = 64'…"""
    return {"1": tr("scaling-divisor-none"), "sqrt_dk": f"√d_k = {sqrt_text(d_k)}", "dk": f"d_k = {d_k}",
            "custom": tr("scaling-divisor-custom")}


def tau_help(lo: float, hi: float) -> str:
    """'Any τ from 0.001 to 1000.': the tooltip of the custom τ box."""
    return tr("scaling-tau-help", lo=short(lo), hi=short(hi))


def temperature_formula(tau: float) -> str:
    """'softmax(QKᵀ / τ), τ = 8': the formula over section 4's weights."""
    return f"softmax(QKᵀ / τ), τ = {short(tau)}"


def entropy_curve_words(n: int, marks) -> dict:
    """The words of section 4's chart of entropy against τ, for n keys: title, axes, series, its two levels, and
    the label of each divisor line in `marks` (attn_core.scaling.divisor_marks): '√d_k', or '1 = √d_k = d_k'
    where d_k = 1 makes them one line."""
    return {"title": tr("scaling-entropy-curve-title"), "x": tr("scaling-log-axis", x="τ"),
            "y": tr("scaling-entropy-curve-y"), "curve": tr("scaling-entropy-curve-name"),
            "argmax": tr("scaling-hard-argmax"), "uniform": tr("scaling-ref-uniform", value=f"log {n}"),
            "yours": tr("scaling-your-tau"),
            "marks": [" = ".join(DIVISOR_SYMBOLS[name] for name in names) for _, names in marks]}


def notebook_settings(z, d_k: int, sample_d_k: int, n_keys: int, tau: float) -> dict:
    """The page's own settings as the notebook lists them, after the shared ones."""
    return {tr("scaling-score-1"): z[0], tr("scaling-score-2"): z[1], tr("scaling-setting-d-k-1"): d_k,
            tr("scaling-setting-d-k-2"): sample_d_k, tr("scaling-n-keys-input"): n_keys,
            tr("scaling-setting-tau"): tau}
