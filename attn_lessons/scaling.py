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
from .format import about, all_of, enough, gap, num, percent, plural, readable, sci, sci_ln, short, sqrt_text, times
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
        return ", which underflows to 0 in float64"
    smallest = " (the smallest positive float64)" if x == 5e-324 else ""
    return f", which float64 holds as {sci(x)}{smallest}"

SAME = 1.05  # two slopes within 5% of each other are "about the same"
TIE_SLOPE = 0.25  # p₁p₂ at a tie, ½·½: the largest a two-key slope can be


def bound(slope: float) -> str:
    """'below 0.01, and the 0.25 that p₁p₂ reaches when the keys tie is 746 times larger': why a slope (0 <
    slope < SMALL_SLOPE) nearly vanishes, each number said of itself (0.01 is 4% of 0.25; 0.0003 is not)."""
    with np.errstate(over="ignore"):
        ratio = TIE_SLOPE / slope  # past the float range for a subnormal slope
    return (f"below {short(SMALL_SLOPE)}, and the {short(TIE_SLOPE)} that p₁p₂ reaches when the keys tie is "
            f"{times_more(ratio) if math.isfinite(ratio) else 'more than 10³⁰⁸ times'} larger")


def key_name(i: int) -> str:
    """'key 1' for index 0, 'key 2' for index 1."""
    return f"key {i + 1}"


def own_slope(i: int) -> str:
    """'∂p₁/∂z₁' for key index 0, '∂p₂/∂z₂' for index 1: how a key's weight moves with its own score."""
    n = str(i + 1).translate(_SUB)
    return f"∂p{n}/∂z{n}"


def slope_labels(two: TwoKeys) -> tuple[str, str]:
    """Labels of the two slope metrics, naming the key whose slope they show (the loser's)."""
    return f"{own_slope(two.own)} unscaled", f"{own_slope(two.own)} after ÷ √{two.d_k}"


def ratio_metric(ratio: float) -> str:
    """A ratio of two slopes for a metric: '586×', '5.2 × 10²¹ times', '∞' when only the lower one underflowed
    to 0, 'both 0' when both did."""
    if math.isnan(ratio):
        return "both 0"
    if math.isinf(ratio):
        return "∞"
    return times(ratio)


def times_more(ratio: float) -> str:
    """'586 times', '2.3 times', '5.2 × 10²¹ times': a ratio inside a sentence."""
    text = times(ratio)
    return text[:-1] + " times" if text.endswith("×") else text


# Where a gradient is measured: at the softmax's input z / √d_k (TwoKeys.slope_scaled, .ratio), or at W_Q and W_K,
# which reach the score through q·k and so get the chain rule's 1/√d_k as well (.raw_slope, .raw_ratio). Every
# comparison of gradients, on this page and on Check yourself, names one of them.
GRADIENT_AT = {"softmax": "at the softmax's input", "weights": "at W_Q and W_K"}


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
    if compared == "equal":
        return Said(f"the same, {a}, scaled or not", facts)
    if compared == "alike":
        return Said(f"{a} scaled or not, alike to the digits shown", facts)
    said["unscaled"] = b
    if compared == "same":
        return Said(f"{a} scaled against {b} unscaled, about the same", facts)
    if compared == "larger":
        said["ratio"] = times(ratio)
        return Said(f"{a} scaled against {b} unscaled, {said['ratio']} larger", facts)
    said["ratio"] = times(1 / ratio)
    return Said(f"{a} scaled against {b} unscaled, smaller: the unscaled one is {said['ratio']} as large", facts)


def gradient_compared(two: TwoKeys, at: str) -> Said:
    """'at W_Q and W_K, 0.0313 scaled against 4.3 × 10⁻⁴ unscaled, 73× larger': one gradient, named by where. Facts:
    slopes_compared's, and at (the key of GRADIENT_AT)."""
    said = slopes_compared(*gradient_slopes(two, at), logs=gradient_logs(two, at))
    return Said(f"{GRADIENT_AT[at]}, {said.text}", {**said.facts, "at": at})


def gradients_compared(two: TwoKeys) -> Said:
    """The losing key's gradient at both places, for a sentence: 'the gradient slope p₂(1 − p₂) reads at the
    softmax's input, …; at W_Q and W_K, … (…1/√d_k)', each clause the `gradient_compared` the metrics' help says.
    Facts: softmax and weights, each gradient_compared's facts."""
    n = str(two.own + 1).translate(_SUB)
    at_input, at_weights = gradient_compared(two, 'softmax'), gradient_compared(two, 'weights')
    return Said(f"the gradient slope p{n}(1 − p{n}) reads {at_input.text}; {at_weights.text} (they sit before the "
                f"division, so the chain rule multiplies by 1/√{two.d_k})",
                {"softmax": at_input.facts, "weights": at_weights.facts})


def ratio_metrics(two: TwoKeys) -> tuple[tuple[str, str, str], tuple[str, str, str]]:
    """Section 1's two ratio metrics, (label, value, help) each: the slopes at the softmax's input, then at W_Q
    and W_K, the help saying which gradient in the words Check yourself uses."""
    def helped(text: str, at: str) -> str:
        said = gradient_compared(two, at).text
        return f"{text}. {said[0].upper()}{said[1:]}."

    return ((RATIO_LABEL, ratio_metric(two.ratio), helped(RATIO_HELP, "softmax")),
            (RAW_RATIO_LABEL, ratio_metric(two.raw_ratio), helped(RAW_RATIO_HELP, "weights")))


def _gap(two: TwoKeys) -> str:
    """|z₁ − z₂| for a sentence (format.gap: 'more than 10³⁰⁸' past the float range)."""
    return gap(*two.scores)


def jacobian_sentence(two: TwoKeys) -> Said:
    """What the Jacobian's entries mean here: the loser's own slope, and that the winner's is the same number.
    Facts: loser and winner (the keys named, None when neither loses: equal scores, or float64 weights that tie),
    corner (of the loser's own entry, 'top-left' or 'bottom-right') and said (each number and key as printed)."""
    intro = f"**The gradient.** Softmax's {inline('Jacobian')} has the entries ∂pᵢ/∂zⱼ = pᵢ(δᵢⱼ − pⱼ). "
    if two.loser is None or two.weights_equal:
        facts = {"loser": None, "winner": None, "corner": None, "scores_equal": two.loser is None,
                 "said": {"slope": num(two.slope_unscaled, 4)} | ({} if two.loser is None else {"gap": _gap(two)})}
        equal = ("The two weights are equal" if two.loser is None else
                 f"The scores differ by only {facts['said']['gap']}, and in float64 the two weights are equal")
        return Said(intro + (f"{equal}, so neither key loses: every entry is ±p₁p₂ = "
                             f"±{facts['said']['slope']}, the largest a two-key slope can be."), facts)
    lo, hi = two.loser, two.winner
    facts = {"loser": lo, "winner": hi, "corner": "bottom-right" if lo == 1 else "top-left", "scores_equal": False,
             "said": {"loser": key_name(lo), "loser_slope": own_slope(lo), "winner_slope": own_slope(hi)}}
    said = facts["said"]
    return Said(intro + (
        f"Its {facts['corner']} entry, {said['loser_slope']} = p{str(lo + 1).translate(_SUB)}(1 − "
        f"p{str(lo + 1).translate(_SUB)}), is how much the weight of {said['loser']}, the key with less weight, can "
        f"still move when its own score moves. With two keys all four entries are ±p₁p₂, so the winner's "
        f"{said['winner_slope']} is the same number: when the losing key's gradient vanishes, the winning key's "
        "vanishes just as much."), facts)


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
        scaling = ("dividing by √1 = 1 changes nothing" if two.d_k == 1 else
                   f"even after dividing by {sqrt_text(two.d_k)} softmax is a hard argmax")
        return "warning", Said(
            f"Both slopes are 0 to machine precision: a gap of {facts['said']['gap']} between the scores is so "
            f"large that {scaling}, and neither key's weight can move. Dividing by √d_k fixes the *typical* size of "
            "q·k (section 2), not any score you can type. Try scores below about 100.", facts)
    if two.loser is None or two.weights_equal:
        return "markdown", Said(_tie(two, facts), facts)
    facts["loser"] = two.loser
    if two.d_k == 1:
        facts.update(at_softmax="same", at_weights="same")
        return "markdown", Said("With d_k = 1 the divisor √1 is 1, so both sides are the same. " + _unscaled(two, facts)
                                + " Try z₁ = 8, z₂ = 0 and d_k = 64 to see the classic example.", facts)
    return "markdown", Said(" ".join([_unscaled(two, facts), _scaled(two, facts), _to_the_weights(two, facts)]),
                            facts)


def _tie(two: TwoKeys, facts: dict) -> str:
    """Neither key loses: the slope is the largest it can be, and (d_k > 1) W_Q and W_K get less of it scaled."""
    said = facts["said"]
    facts.update(tie=True, unscaled="not small")
    said.update(weight=num(two.p_unscaled[0], 4), slope_unscaled=num(two.slope_unscaled, 4))
    if two.loser is not None:
        said["gap"] = _gap(two)
    equal = ("The two weights are equal" if two.loser is None else
             f"The scores differ by only {said['gap']}, too little for float64: both weights are stored as the same "
             "number")
    text = (f"{equal}, so each key gets {said['weight']} and ∂p/∂z = {said['slope_unscaled']}, the largest a "
            "two-key slope can be: there is nothing for scaling to rescue.")
    if two.d_k == 1:
        facts.update(at_softmax="same", at_weights="same")
        return text + " With d_k = 1 the divisor √1 is 1, so both sides are the same."
    facts["at_weights"] = "smaller" if two.raw_slope < two.slope_unscaled else "larger"  # 0.25 / √d_k against 0.25
    said.update(slope_scaled=slope_text(two, 'scaled', 3), raw_slope=slope_text(two, 'raw', 4))
    return text + (
        f" On the scaled side W_Q and W_K get {said['slope_scaled']} / √{two.d_k} = {said['raw_slope']} through q·k, "
        f"{'less' if facts['at_weights'] == 'smaller' else 'more'} than unscaled: scaling pays off when the scores "
        "are far apart, as they typically are at large d_k (section 2).")


def _tie_over(slope: float) -> str:
    """How many times the 0.25 of a tie is `slope`, as bound() prints it inside its sentence."""
    with np.errstate(over="ignore"):
        ratio = TIE_SLOPE / slope
    return times_more(ratio) if math.isfinite(ratio) else "more than 10³⁰⁸ times"


def _unscaled(two: TwoKeys, facts: dict) -> str:
    """The unscaled slope of the losing key, and whether it is small."""
    lo, slope, said = facts["loser"], two.slope_unscaled, facts["said"]
    said["loser"] = key_name(lo)
    name = f"{said['loser']}, the key with less weight"
    ln = two.log_slope_unscaled
    facts["unscaled"] = "zero" if slope == 0 else "vanishes" if vanishes(slope) else "not small"
    if facts["unscaled"] == "zero":
        true = f" (its true size, {sci_ln(ln)}, underflows)" if printable(ln) else ""
        return (f"Unscaled, the slope of {name}, {own_slope(lo)}, is exactly 0 in floating point{true}: its "
                "weight cannot move at all.")
    said["slope_unscaled"] = slope_text(two, 'unscaled', 4)
    if facts["unscaled"] == "vanishes":
        said["tie_over_unscaled"] = _tie_over(slope)
        return (f"Unscaled, the gradient for {name}, nearly vanishes: {own_slope(lo)} = "
                f"{said['slope_unscaled']}{in_float64(slope, ln)}, {bound(slope)}.")
    return (f"Unscaled, {own_slope(lo)} = {said['slope_unscaled']} for {name}: not small (at least "
            f"{short(SMALL_SLOPE)}; the most p₁p₂ can be is 0.25, when the keys tie), so softmax is not saturated.")


def _scaled(two: TwoKeys, facts: dict) -> str:
    """The slope against the scaled score that softmax sees, and how it compares."""
    said = facts["said"]
    said["slope_scaled"] = slope_text(two, 'scaled', 3)
    text = (f"After dividing by {sqrt_text(two.d_k)}, softmax sees the scores z / √d_k, and its slope there "
            f"is {said['slope_scaled']}")
    facts["at_softmax"] = ("more than 0" if math.isinf(two.ratio) else "more" if two.ratio >= SAME else "same")
    if facts["at_softmax"] == "more than 0":
        text += ", more than 0"
    elif facts["at_softmax"] == "more":
        said["ratio"] = times_more(two.ratio)
        text += f", about **{said['ratio']} more**"
    else:
        text += ", about the same"
    facts["scaled"] = "vanishes" if vanishes(two.slope_scaled) else "not small"
    if facts["scaled"] == "vanishes":
        if not vanishes(two.slope_unscaled):
            said["tie_over_scaled"] = _tie_over(two.slope_scaled)
        below = f"below {short(SMALL_SLOPE)} too" if vanishes(two.slope_unscaled) else bound(two.slope_scaled)
        said["gap"] = _gap(two)
        return text + (f". Even so it is {below}: the gradient nearly vanishes after scaling as well. √d_k tames "
                       f"the typical size of q·k (section 2), not a gap of {said['gap']}.")
    return text + "."


# How the slope at W_Q and W_K compares with the unscaled one, by gradient_message's at_weights fact: the words of
# the claim, quoted in its facts ("against"), so a sentence whose words say otherwise than the fact fails its test
AGAINST_UNSCALED = {"smaller": "less than", "same": "about the same as", "more than 0": "more than",
                    "larger": "still"}


def _to_the_weights(two: TwoKeys, facts: dict) -> str:
    """The slope that reaches W_Q and W_K, which sit before the division, and which run's signal is larger."""
    said = facts["said"]
    lo = said["loser"]
    said["raw_slope"] = slope_text(two, 'raw', 4)
    text = (f"W_Q and W_K sit before that division: they reach the score through q·k, so the chain rule multiplies "
            f"by 1/√d_k and they get {said['slope_scaled']} / √{two.d_k} = {said['raw_slope']}.")
    either_way = "either way the model barely learns to look at any key but the winner."
    r = two.raw_ratio
    facts["at_weights"] = ("more than 0" if math.isinf(r) else "same" if 1 / SAME < r < SAME else
                           "larger" if r >= SAME else "smaller")
    said["against"] = f"That is {AGAINST_UNSCALED[facts['at_weights']]} "
    if facts["at_weights"] == "more than 0":
        if facts["scaled"] == "vanishes":
            facts["barely_learns"] = True
            return text + (f" {said['against']}the unscaled exact 0, but still far too small to learn from: "
                           + either_way)
        return text + f" {said['against']}the unscaled exact 0: with scaling, {lo} gets gradient again."
    if facts["at_weights"] == "same":
        text += (f" {said['against']}the unscaled {said['slope_unscaled']}: here scaling "
                 "neither helps nor hurts the signal to W_Q and W_K")
        facts["barely_learns"] = facts["scaled"] == "vanishes"
        return text + (f", and both are far too small to learn from: {either_way}" if facts["barely_learns"]
                       else ".")
    if facts["at_weights"] == "larger":
        said["raw_ratio"] = times(r)
        text += f" {said['against']}**{said['raw_ratio']}** the unscaled {said['slope_unscaled']}"
        if facts["scaled"] == "vanishes":  # then the unscaled slope, never larger, is tiny too
            facts["barely_learns"] = True
            return text + f", but both are far too small to learn from: {either_way}"
        text += (f": without scaling, the signal telling W_Q and W_K to give {lo} more weight is "
                 f"{times_more(r)} weaker")
        if facts["unscaled"] == "vanishes":
            facts["barely_learns"] = True
            return text + ", and the model barely learns to look at any key but the winner."
        return text + "."
    said["raw_ratio"] = times(1 / r)  # how many times the unscaled one is the scaled one
    text += (f" {said['against']}the unscaled {said['slope_unscaled']}: here the unscaled run sends "
             f"the larger signal to W_Q and W_K, {said['raw_ratio']} as large.")
    if facts["unscaled"] == "not small":
        text += " With scores this close, softmax was not saturated to begin with."
    return text + (" Scaling pays off when the scores are far apart, as they typically are at large d_k "
                   "(section 2). Try z₁ = 8, z₂ = 0 and d_k = 64 to see the classic example.")


def tails_caption(d_k: int) -> Said | None:
    """How the histogram of q·k departs from the normal curve at a small width, or None when it is close to one:
    a single product's spike at d_k = 1, a sum of two's sharp point at 2, a bell with heavier tails from 3 on, each
    with the excess kurtosis attn_core computes (6/d_k). Facts: shape (attn_core's peak_shape: 'spike', 'point' or
    'round'), products (how many products q·k is said to sum) and said (kurtosis, as printed)."""
    if not heavy_tailed(d_k):
        return None
    facts = {"shape": peak_shape(d_k), "products": d_k, "said": {"kurtosis": short(excess_kurtosis(d_k))}}
    kurtosis = facts["said"]["kurtosis"]  # 6, 3, 2, 1.5, 1.2, 1, 0.8571
    if facts["shape"] == "spike":
        what = (f"At d_k = {d_k}, q·k is a single product of two normals: it piles up in a spike at 0 and has long "
                f"tails (excess kurtosis {kurtosis}; a normal curve's is 0), so the histogram is not bell-shaped.")
    else:
        look = ("comes to a sharp point at 0" if facts["shape"] == "point" else
                "is already bell-like, rounded at the top")
        what = (f"At d_k = {d_k}, q·k is a sum of {d_k} products of two normals: its histogram {look}, with heavier "
                f"tails than the normal curve (excess kurtosis 6/d_k = {kurtosis}; a normal curve's is 0).")
    return Said(what + (" The argument is only about the spread, and that is still √d_k. Slide d_k up and the sum "
                        "of more products settles onto the normal curve."), facts)


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
    verb = {"climbs": "climbs", "falls": "falls", "stays": "stays close to its start,"}[facts["unscaled"]]
    text = (f"Unscaled, the largest weight {verb} from {said['first']} at d_k = {d_ks[0]} to "
            f"**{said['last']}** at d_k = {d_ks[-1]}, {said['position']} of the way from uniform to a "
            "hard argmax")
    text += ": softmax heads for a hard argmax." if facts["argmax"] else "."

    spread_s, spread_u = relative_spread(mw["sqrt_dk"]), relative_spread(mw["unscaled"])
    lo, hi = float(np.min(mw["sqrt_dk"])), float(np.max(mw["sqrt_dk"]))
    said.update(low=bound_text(lo, 'lower', 3), high=bound_text(hi, 'upper', 3))
    text += f" Scaled by 1/√d_k it stays between {said['low']} and {said['high']}"
    facts["scaled"] = "flat" if spread_s < FLAT else "nearly flat" if spread_s < NEARLY_FLAT else "changes"
    if facts["scaled"] == "flat":
        text += ": flat."
    elif facts["scaled"] == "nearly flat":
        said["within"] = bound_text(spread_s, 'upper', as_percent=True)
        text += f", within {said['within']} of its lowest value: nearly flat."
    else:
        said["change"] = percent(spread_s)
        text += f", a change of {said['change']}"
        facts["small_next_to"] = bool(spread_u >= SMALL_NEXT_TO * spread_s)
        if facts["small_next_to"]:
            said["unscaled_change"] = percent(spread_u)
            text += f", small next to the unscaled curve's {said['unscaled_change']}."
        else:
            text += "."
    return Said(text + " " + _wrong_factor(peak, facts), facts)  # the page's closing answer follows: not repeated


def _wrong_factor(peak: Peakedness, facts: dict) -> str:
    """What ÷ d_k does to the largest weight by the widest d_k."""
    mw, n, said = peak.max_weight, peak.n_keys, facts["said"]
    first, last = mw["dk"][0], mw["dk"][-1]
    pos_first, pos_last = argmax_position([first, last], n)
    change = (last - first) / first
    facts["wrong"] = "sinks" if change <= -FLAT else "rises" if change >= FLAT else "stays"
    verb = {"sinks": "sinks to", "rises": "rises to", "stays": "stays near"}[facts["wrong"]]
    said["wrong_last"] = num(last, 3)
    text = f"Divided by d_k it {verb} {said['wrong_last']} by d_k = {peak.d_ks[-1]}"
    facts["toward_uniform"] = bool(pos_last <= NEAR_UNIFORM and pos_last < pos_first)
    facts["almost_same"] = bool(facts["toward_uniform"] and pos_last <= ALMOST_SAME)
    if facts["toward_uniform"]:
        said.update(uniform=num(1 / n, 3), wrong_position=percent(pos_last))
        text += (f", toward the uniform {said['uniform']} ({said['wrong_position']} of the way from uniform to "
                 "a hard argmax)")
        if facts["almost_same"]:
            return text + ". Every key looks almost the same and attention stops choosing."
    return text + "."


ABOUT = 0.10  # a measured spread within 10% of its theory value is "about" it


def about_theory(measured: float, theory: float) -> Said:
    """'**about 8**' when a measured spread is within ABOUT of its theory value, else how far off it is. Facts: near
    (called about the theory value), side ('above' or 'below', when not near) and said (theory and off, as
    printed)."""
    off = abs(measured / theory - 1)
    facts = {"near": off <= ABOUT, "side": None, "said": {"theory": about(theory)}}
    if facts["near"]:
        return Said(f"**about {facts['said']['theory']}**", facts)
    facts["side"], facts["said"]["off"] = "above" if measured > theory else "below", percent(off)
    return Said(f"{facts['said']['off']} {facts['side']} {facts['said']['theory']}: "
                "a few thousand pairs only estimate the spread", facts)


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
    text = ("It [keeps scores from growing with dimension](#variance), so softmax [does not become a hard argmax]"
            f"(#peakedness). In the source text's own example ([two keys](#two-keys)), scores "
            f"{scores_text(source.scores)} at d_k = {source.d_k}, dividing by √d_k makes the losing key's gradient at "
            f"W_Q and W_K {facts['said']['source_ratio']} larger than unscaled.")
    if yours is None or (yours.d_k == source.d_k and np.array_equal(yours.scores, source.scores)):
        return Said(text, facts)
    return Said(text + " " + _your_case(yours, facts), facts)


def _top(p) -> str:
    """The larger of two weights, for a sentence: 0.9997, 0.944."""
    return weight_text(max(p), 4 if max(p) > 0.999 else 3, rest=min(p))


def saturation_compared(yours: TwoKeys, whose: str = "Your scores") -> Said:
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
    text = (f"The Scaling explorer's example, {scores_text(source.scores)} at d_k = {source.d_k}, gains "
            f"{times(source.raw_ratio)} because those scores saturate softmax: unscaled, the top weight is "
            f"{_top(source.p_unscaled)} and the losing key's slope p₁p₂ = {readable(source.slope_unscaled, 4)} is "
            f"below {short(SMALL_SLOPE)}; divided by √{source.d_k}, the top weight is {_top(source.p_scaled)}.")
    if yours.d_k == source.d_k and np.array_equal(yours.scores, source.scores):
        return Said(text, facts)
    these = f"{whose}, {scores_text(yours.scores)} at d_k = {yours.d_k},"
    if yours.d_k == 1:
        state = "saturate softmax" if facts["yours"]["saturated"] else "do not saturate softmax"
        return Said(text + (f" {these} are divided by √1 = 1, which changes nothing: the gradient is the same "
                            f"either way, and they {state} (top weight {_top(yours.p_unscaled)})."), facts)
    if facts["yours"]["saturated"]:
        return Said(text + (f" {these} saturate it too: the top weight is {_top(yours.p_unscaled)} unscaled "
                            f"(p₁p₂ = {readable(yours.slope_unscaled, 4)}) and {_top(yours.p_scaled)} after the "
                            "division, so the division rescues the losing key's gradient here as well."), facts)
    r = yours.raw_ratio
    effect = (f"the unscaled one is {times(1 / r)} as large" if r < 1 / SAME else
              f"the division makes it {times(r)} larger" if r >= SAME else "it is about the same either way")
    return Said(text + (f" {these} do not: the top weight is only {_top(yours.p_unscaled)} unscaled (p₁p₂ = "
                        f"{readable(yours.slope_unscaled, 4)}, not below {short(SMALL_SLOPE)}) and "
                        f"{_top(yours.p_scaled)} after the division. So softmax's own slope "
                        f"{'barely changes' if yours.ratio < SAME else f'changes only {times(yours.ratio)}'}, and "
                        "the chain rule multiplies the gradient at W_Q and W_K by "
                        f"1/√{yours.d_k} = {num(1 / yours.divisor, 3)}: {effect}."), facts)


def _your_case(two: TwoKeys, facts: dict) -> str:
    """The closing's comparison on section 1's own scores and width: the gradient at W_Q and W_K, scaled against
    unscaled, in words picked from the ratio (within SAME of each other, 'about the same')."""
    case = f"With your {scores_text(two.scores)} at d_k = {two.d_k}, "
    facts["tie"] = two.loser is None
    it = "the keys tie, and each key's gradient there" if facts["tie"] else "it"
    r, said = two.raw_ratio, facts["said"]
    facts["yours"] = ("d_k = 1" if two.d_k == 1 else "zero" if math.isnan(r) else "more than 0" if math.isinf(r)
                      else "larger" if r >= SAME else "smaller" if 1 / r >= SAME else "same")
    if facts["yours"] == "d_k = 1":
        return case + "√1 = 1 and the division changes nothing."
    if facts["yours"] == "zero":
        said["gap"] = _gap(two)
        return case + (f"{it} is 0 to machine precision with the division or without: a gap of {said['gap']} "
                       "saturates softmax even after it.")
    if facts["yours"] == "more than 0":
        return case + f"{it} is exactly 0 without the division, and more than 0 with it."
    if facts["yours"] == "larger":
        said["ratio"] = times_more(r)
        return case + f"{it} is {said['ratio']} larger with the division."
    if facts["yours"] == "smaller":
        said["ratio"] = times(1 / r)
        return case + (f"{it} is smaller with the division: the unscaled one is {said['ratio']} as large. Scaling "
                       "pays off when the scores are far apart, as they typically are at large d_k (section 2).")
    return case + f"{it} is about the same with the division or without."


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
    return (f"What is softmax({scores_text(scores)})? Its two weights add up to 1: slide to the weight you "
            "expect key 1 to get.")


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
SOFTMAX = Asked("scaling.softmax", "What weight does softmax give key 1?", "number",
                (Wrong("the scaled weight", "divides by √d_k, which softmax itself does not", _scaled_weight),
                 Wrong("z₁ / (z₁ + z₂)", "weights in proportion to the scores, without exp", _proportional),
                 Wrong("the other key's weight", "the larger score gets the smaller weight", _swapped),
                 Wrong("0.5", "equal weights whatever the scores", _even)), key="cp_softmax",
                gives_away=lambda state: softmax_gives_away(state),
                reason="Softmax turns each score into exp(score) divided by the sum of every key's exp(score).")


def softmax_gives_away(state) -> list[str]:
    """What states softmax of the two scores (the page's "za", "zb"): the reveal's equation and the bars' label."""
    z = scores_text([float(state.get("za", 8)), float(state.get("zb", 0))])
    return [f"softmax({z}) =", f"p = softmax({z})"]


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
    text = f"softmax({scores_text(asked.scores)}) = **{facts['said']['weights']}**. {why.text}"
    if guess is not None:
        text += " " + _how_close(guess, asked, facts)
    return Said(text + _lesson(asked, facts), facts)


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
        return Said("The two scores are equal, so softmax splits the weight evenly between the keys.", facts)
    lo, hi = two.loser, two.winner
    said = facts["said"]
    said.update(winner=key_name(hi), loser=key_name(lo), gap=_gap(two))
    if two.weights_equal:
        said["difference"] = sci(two.difference)
        return Said(f"The two scores are not equal: they differ by only {said['gap']}, so {said['winner']}'s weight "
                    f"is larger than {said['loser']}'s by tanh({said['gap']} / 2) ≈ {said['difference']}. That is "
                    "less than float64 can show next to 0.5, so both weights print, and are stored, as exactly 0.5.",
                    facts)
    p_lo, ln_lo = float(two.p_unscaled[lo]), float(two.log_p_unscaled[lo])
    keeps = "exactly 0 in float64" if not printable(ln_lo) else true_size(p_lo, ln_lo, 4) + in_float64(p_lo, ln_lo)
    facts.update(loser_ln=ln_lo, loser_said=keeps, odds_past_float=math.isinf(two.odds))
    text = (f"Softmax makes each weight proportional to exp(score), so {said['winner']}'s weight is "
            f"exp({_z(hi)} − {_z(lo)}) = exp({said['gap']})")
    if facts["odds_past_float"]:
        return Said(text + (f" times {said['loser']}'s, past the largest number a float can hold (about 1.8 × "
                            f"10³⁰⁸): {said['loser']} keeps {keeps}."), facts)
    said["odds"] = times_more(two.odds)
    return Said(text + f" ≈ {said['odds']} {said['loser']}'s, and {said['loser']} keeps {keeps}.", facts)


def _how_close(guess: float, asked: TwoKeys, facts: dict) -> str:
    """How far the predicted weight of key 1 is from softmax's, and the threshold that counts as right."""
    p1, said = float(asked.p_unscaled[0]), facts["said"]
    said.update(guess=num(guess, 2), key1=weight_text(p1, 4, rest=asked.p_unscaled[1],
                                                      ln_x=float(asked.log_p_unscaled[0]),
                                                      ln_rest=float(asked.log_p_unscaled[1])))
    off = abs(guess - p1)
    facts["side"] = "exact" if off == 0 else "above" if guess > p1 else "below"
    if facts["side"] == "exact":
        where = "exactly key 1's weight"
    elif round(off, 4) == 0:
        said["off"] = "less than 0.0001"
        where = f"less than 0.0001 {facts['side']} key 1's {said['key1']}"
    else:
        said["off"] = num(off, 4)
        where = f"{said['off']} {facts['side']} key 1's {said['key1']}"
    facts["right"] = prediction_right(guess, p1)
    if facts["right"]:
        return f"You said {said['guess']}: {where}, within the {short(PREDICT_CLOSE)} that counts as right."
    text = f"You said {said['guess']}: {where}, more than the {short(PREDICT_CLOSE)} that counts as right."
    above_half = 0 if asked.loser is None else 1 if asked.loser == 1 else -1  # key 1's side of an even split, from
    # the scores: float64 may print 0.5
    facts["hint"] = ("equal" if above_half == 0 else "order" if (guess - 0.5) * above_half <= 0 else
                     "sharper" if abs(guess - 0.5) < abs(p1 - 0.5) else "less sharp")
    if facts["hint"] == "equal":
        return text + " Equal scores always give equal weights, 0.5 each."
    if facts["hint"] == "order":
        return text + (" Softmax keeps the order of the scores: the key with the higher score always gets more "
                       "than half the weight.")
    if facts["hint"] == "sharper":
        return text + (" Softmax is sharper than the scores look: only the gap between them counts, and it "
                       "counts through exp.")
    said["gap"] = _gap(asked)
    return text + f" Softmax is less sharp than that here: a gap of {said['gap']} is small through exp."


def _lesson(two: TwoKeys, facts: dict) -> str:
    """When softmax is nearly a hard argmax: say so, and what dividing by √d_k does to the gap."""
    if two.loser is None or not vanishes(two.slope_unscaled):
        return ""
    said = facts["said"]
    facts["lesson"] = "hard argmax" if two.p_unscaled[two.loser] == 0 else "nearly"
    said["gap"] = _gap(two)
    text = (f" A gap of {said['gap']} is already enough to make softmax "
            f"{'a hard argmax in floating point' if facts['lesson'] == 'hard argmax' else 'nearly a hard argmax'}.")
    if two.d_k == 1:
        return text
    p_lo, ln_lo = float(two.p_scaled[two.loser]), float(two.log_p_scaled[two.loser])
    said.update(scaled_gap=gap(*two.scaled), scaled_loser=key_name(two.loser),
                scaled_keeps="exactly 0 in float64" if not printable(ln_lo) else true_size(p_lo, ln_lo, 3))
    return text + (f" Divided by {sqrt_text(two.d_k)}, the gap is {said['scaled_gap']} and {said['scaled_loser']} "
                   f"keeps {said['scaled_keeps']}{'' if not printable(ln_lo) else in_float64(p_lo, ln_lo)}.")


# ------------------------------------------------------------------------ what each section says about its numbers
def softmax_line(scores, weights, decimals: int, logs=None) -> str:
    """'softmax([8, 0]) = **[0.9997, 0.0003]**': one side of section 1, scores and weights as computed (with their
    `logs`, a weight below float64's range at its true size)."""
    return f"softmax({scores_text(scores)}) = **{weights_text(weights, decimals, logs)}**"


def scaled_heading(d_k: int) -> str:
    """'Divided by √64 = 8': the heading over section 1's scaled side."""
    return f"Divided by {sqrt_text(d_k)}"


def scaled_caption(two: TwoKeys) -> str:
    """Section 1's scaled column in words, its scores and weights as computed (the reveal above the table says
    the unscaled side)."""
    return f"{scaled_heading(two.d_k)}: {softmax_line(two.scaled, two.p_scaled, 3, two.log_p_scaled)}."


def sampling_intro(n_samples: int, seed: int) -> str:
    """Section 2's opening: how many pairs it draws, from which seed, and why their spread is √d_k."""
    return (f"Draw {n_samples:,} pairs q, k with independent N(0, 1) entries (sidebar seed {seed}). Each q·k is a sum "
            "of d_k products of variance 1, so its standard deviation is √d_k; divided by √d_k it is 1.")


def std_help(d_k: int) -> str:
    """'theory: √d_k = √64 = 8': the tooltip of the measured spread of q·k."""
    return f"theory: √d_k = {sqrt_text(d_k)}"


def std_captions(sample: QKSample) -> tuple[Said, Said]:
    """The measured spread of q·k and of q·k / √d_k, each against its theory value: (raw, scaled). Facts: about
    (about_theory's facts) and said (theory and measured, as printed)."""
    def caption(theory_text: str, measured: float, theory: float) -> Said:
        said = about_theory(measured, theory)
        facts = {"about": said.facts, "said": {"theory": theory_text, "measured": num(measured, 2)}}
        return Said(f"Theory: {theory_text}. Measured {facts['said']['measured']}: {said.text}.", facts)

    return (caption(f"√d_k = {sqrt_text(sample.d_k)}", sample.std, sample.theory),
            caption("1, whatever d_k is", sample.std_scaled, 1.0))


def peakedness_caption(peak: Peakedness, seed: int) -> str:
    """What every point of section 3's curves averages: how many draws, of how many keys, from which seed."""
    return (f"Every point is the mean over **{peak.n_seeds} seeds**: {peak.n_seeds} independent draws of one query "
            f"and {plural(peak.n_keys, 'key')} from the sidebar seed ({seed}).")


def one_key_note(n_keys: int) -> str | None:
    """Why section 3's curves lie flat with a single key; None with two keys or more."""
    if n_keys != 1:
        return None
    return ("With a single key there is nothing to choose between: softmax gives it weight 1 and entropy 0 at "
            "every scale, so all three curves lie flat. Pick n ≥ 2 to see scaling matter.")


def temperature_intro(heads: int, d_model: int, d_k: int) -> str:
    """Section 4's opening: whose queries and keys these are, their width d_k = d_model / heads, and, in one line,
    where heads are taught (on a later page of the route)."""
    return (f"Your sentence's queries and keys, from **head 1 of your {plural(heads, 'head')}** (sidebar; heads are "
            f"taught on Masks and heads): d_k = d_model / heads = {d_model} / {heads} = {d_k}. Dividing by τ works "
            "like a temperature: small τ sharpens softmax toward a hard argmax, large τ flattens it toward uniform.")


def entropy_caption(temp: Temperature) -> str:
    """How to read the row-entropy bars: an empty bar (0) is one key, a full bar (log n) is every key alike."""
    n = temp.weights.shape[-1]
    if n == 1:
        return ("The row is your one query's. With a single key its entropy is 0, an empty bar, where a hard argmax "
                "and uniform weights are the same thing.")
    return (f"Each bar is one query's row: an empty bar (0) is all its weight on one key; a full one, log {n} = "
            f"{num(temp.max_entropy, 3)}, is an even spread over {all_of(n, 'key')}.")


def temperature_progress(temp: Temperature) -> Said:
    """Where the mean row entropy at this τ sits between a hard argmax (0) and uniform weights (log n). Facts:
    single_key and said (tau, entropy, position and uniform, as printed)."""
    n = temp.weights.shape[-1]
    facts = {"single_key": n == 1, "said": {"tau": short(temp.tau)}}
    said = facts["said"]
    if n == 1:
        return Said(f"With τ = {said['tau']} the row entropy is 0 nats, as at every τ: with a single key, a hard "
                    "argmax and uniform weights are the same.", facts)
    said.update(entropy=readable(temp.mean_entropy, 3), position=percent(temp.position),
                uniform=num(temp.max_entropy, 3))
    return Said(f"With τ = {said['tau']} the mean row entropy is {said['entropy']} nats: {said['position']} of the "
                f"way from a hard argmax (0) to uniform (log {n} = {said['uniform']}).", facts)


def one_token_note(temp: Temperature) -> str | None:
    """Why τ changes nothing for a one-token sentence; None with two tokens or more."""
    if temp.weights.shape[-1] != 1:
        return None
    return "Your sentence has one token, so each row has one key: it always gets weight 1, at any τ."


# ------------------------------------------------------------------------ the page's own text, and its charts' words
INTRO = (
    "Attention divides every score q·k by √d_k. Why? For random vectors q·k typically grows like √d_k, large "
    f"scores make softmax nearly a {inline('hard argmax')}, and such a softmax barely learns. Each section shows "
    "one step."
)
HEADERS = {"two-keys": "1. Two keys, side by side", "variance": "2. The variance argument, by sampling",
           "peakedness": "3. Peakedness as d_k grows", "temperature": "4. A temperature dial on your own sentence",
           "why": "Why does dividing by √d_k help?"}  # by each section's anchor
SOURCES_NOTE = ("The page itself runs these functions from `attn_core/scaling.py` (softmax, its Jacobian and the "
                "q·k sampler come from `attn_core/attention.py`).")
WEIGHT_HELP = "Key 1's weight, from 0 (none of the weight) to 1 (all of it)."  # the checkpoint slider's tooltip
SCALED_SLOPE_HELP = "against the score softmax sees, z / √d_k"
RATIO_LABEL, RATIO_HELP = "scaled ÷ unscaled", "The two slopes above, divided"
RAW_RATIO_LABEL = "reaching W_Q, W_K"
RAW_RATIO_HELP = "The same ratio against the raw score q·k, which carries the chain-rule factor 1/√d_k"
GRADIENT_EXPANDER = "The gradient, worked out: how each weight moves with each score, and what it tells W_Q and W_K"
STD_LABELS = ("measured std of q·k", "measured std of q·k / √d_k")  # section 2's two metrics
STD_SCALED_HELP = "theory: 1"
PEAKEDNESS_INTRO = (
    "One query and n random keys with N(0, 1) entries: as d_k grows, how peaked is softmax with the scores left "
    "alone, divided by √d_k, or divided by d_k (a wrong factor, too large)?"
)
ENTROPY_BARS = "row entropy Hᵢ = −Σⱼ pᵢⱼ log pᵢⱼ"  # the title of section 4's table of bars
# how each curve of sections 2 and 3 treats the scores, by attn_core.scaling.DIVISORS' names
CURVE_NAMES = {"unscaled": "unscaled: q·k", "sqrt_dk": "scaled: q·k / √d_k", "dk": "wrong factor: q·k / d_k"}
DIVISOR_SYMBOLS = {"1": "1", "sqrt_dk": "√d_k", "dk": "d_k"}  # the divisors as the τ axis marks them


def weights_bars_words(two: TwoKeys) -> tuple[str, str, str]:
    """Section 1's table of bars: the unscaled column's label, the scaled column's, and the table's title."""
    z_text = scores_text(two.scores)
    return (f"p = softmax({z_text})", f"p = softmax({z_text} / √{two.d_k})",
            f"the weights, unscaled and ÷ √{two.d_k}")


def jacobian_formulas(d_k: int) -> tuple[str, str]:
    """The formulas over the two Jacobian tables: unscaled, and with the scores divided by √d_k."""
    return "diag(p) − p pᵀ, unscaled", f"diag(p) − p pᵀ, scores ÷ √{d_k}"


def histogram_words(sample: QKSample, n_samples: int) -> dict:
    """Section 2's row of histograms: the row's title, and each histogram's (title, name of its normal curve)."""
    d_k = sample.d_k
    return {"row": f"q·k, before and after ÷ √{d_k}",
            "raw": (f"q·k, d_k = {d_k}  ({n_samples:,} pairs)",
                    "normal curve, std √d_k" if sample.theory != 1 else "normal curve, std 1"),
            "scaled": (f"q·k / √d_k, d_k = {d_k}  ({n_samples:,} pairs)", "normal curve, std 1")}


def std_curve_words(d_k: int) -> dict:
    """The words of section 2's chart of the spread against d_k: title, axes, and each series' name."""
    return {"title": "measured std of q·k against d_k, with √d_k  (log axes)", "x": "d_k", "y": "standard deviation",
            "theory": "theory √d_k", "unscaled": "measured std of q·k", "sqrt_dk": "measured std of q·k / √d_k",
            "yours": f"your d_k = {d_k}"}


def peakedness_words(n_keys: int) -> dict:
    """The words of section 3's two charts: the row's title, each chart's (title, y axis), the x axis, the
    curves' names, and the labels of the levels attn_core.scaling.peak_references gives, in its order."""
    levels = peak_references(n_keys)
    if n_keys > 1:
        references = {"max_weight": ["hard argmax: 1", f"uniform: 1/n = {num(levels['max_weight'][1], 3)}"],
                      "entropy": ["hard argmax: 0", f"uniform: log n = {num(levels['entropy'][1], 3)}"]}
    else:
        references = {"max_weight": ["one key: hard argmax = uniform"], "entropy": ["one key: hard argmax = uniform"]}
    return {"row": f"softmax over {plural(n_keys, 'random key')} as d_k grows",
            "max_weight": ("mean largest weight maxⱼ pⱼ against d_k", "largest weight"),
            "entropy": ("mean entropy H = −Σⱼ pⱼ log pⱼ against d_k", "entropy (nats)"),
            "x": "d_k (log axis)", "curves": CURVE_NAMES, "references": references}


def divisor_labels(d_k: int) -> dict[str, str]:
    """Section 4's choices of divisor as the radio shows them: '1 (no scaling)', '√d_k = √64 = 8', 'd_k = 64'…"""
    return {"1": "1 (no scaling)", "sqrt_dk": f"√d_k = {sqrt_text(d_k)}", "dk": f"d_k = {d_k}",
            "custom": "a custom τ"}


def tau_help(lo: float, hi: float) -> str:
    """'Any τ from 0.001 to 1000.': the tooltip of the custom τ box."""
    return f"Any τ from {short(lo)} to {short(hi)}."


def temperature_formula(tau: float) -> str:
    """'softmax(QKᵀ / τ), τ = 8': the formula over section 4's weights."""
    return f"softmax(QKᵀ / τ), τ = {short(tau)}"


def entropy_curve_words(n: int, marks) -> dict:
    """The words of section 4's chart of entropy against τ, for n keys: title, axes, series, its two levels, and
    the label of each divisor line in `marks` (attn_core.scaling.divisor_marks): '√d_k', or '1 = √d_k = d_k'
    where d_k = 1 makes them one line."""
    return {"title": "mean row entropy of softmax(QKᵀ / τ) against τ", "x": "τ (log axis)",
            "y": "mean entropy (nats)", "curve": "mean entropy", "argmax": "hard argmax",
            "uniform": f"uniform: log {n}", "yours": "your τ",
            "marks": [" = ".join(DIVISOR_SYMBOLS[name] for name in names) for _, names in marks]}


NOTEBOOK_INTRO = ("The four sections in plain numpy, with the scores, widths and τ you set: the code of the notebook "
                  "below, which also checks its results against the page.")
NOTEBOOK_LONG_HELP = "Every number of head 1's Q and K, so it is long."
NOTES = {"z": "section 1: the two scores, z₁ and z₂", "d_k": "section 1: their width",
         "seed, n_samples, sample_d_k": "section 2", "n_keys, n_seeds": "section 3: keys per draw, draws per width",
         "curve_d_ks": "section 3: the widths", "labels": "section 4: your sentence's tokens",
         "tau": "section 4: the divisor τ"}  # what each number of the notebook's parameters cell is


def notebook_settings(z, d_k: int, sample_d_k: int, n_keys: int, tau: float) -> dict:
    """The page's own settings as the notebook lists them, after the shared ones."""
    return {"score of key 1, z₁": z[0], "score of key 2, z₂": z[1], "d_k of section 1": d_k,
            "d_k of section 2": sample_d_k, "n, the number of keys": n_keys, "τ, the divisor of section 4": tau}


# Labels of the page's controls (the layer test counts a label of six words or more as a sentence)
D_K_INPUT = "d_k (width of q and k)"
