"""The sentences of the Training lab, each built from the runs it talks about.

Pure Python on top of `attn_core.training`: every function returns a plain string, or, when it claims something
about the runs (which run learns first, ends lower, diverged and where, the numbers it quotes), a `Said` (None when
there is nothing true to say) or a `Verdict`: its text and the facts it states, so the tests check each fact against
the runs' numbers rather than the wording.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from attn_core.training import (
    ALIKE,
    ALIKE_ACCURACY,
    BATCH,
    BLOW_UP,
    D_MODEL,
    LOW_LOSS,
    LR_CHOICES,
    N_KEYS,
    UNIFORM_ENTROPY,
    Run,
    endings,
    erratic,
    final_accuracy,
    final_loss,
    first_below,
    first_to_learn,
    tail,
    usable,
    window_loss,
)

from .asked import Asked, Wrong, const
from .format import about, all_of, bound, listing, num, percent, plural, readable, short, times
from .said import Said
ONE_HOT, EVEN = 0.25, 0.75  # a mean row entropy below 25% of ln n reads "nearly one-hot", above 75% "nearly even"


def spread_word(entropy: float, n: int = N_KEYS) -> str:
    """How a row with this mean entropy (nats) reads: nearly one-hot, already peaked, or spread nearly evenly."""
    share = entropy / math.log(n)
    return "nearly one-hot" if share < ONE_HOT else "spread nearly evenly" if share > EVEN else "already peaked"


def _loss(x: float) -> str:
    """A loss in a sentence: 1.62, 0.013, 4.1 × 10⁻⁴."""
    return readable(x, 2 if x >= 1 else 3)


def _rough(x: float) -> str:
    """An erratic run's loss (attn_core's erratic()): 'about 1.6', to one decimal, or 'below 0.1': what a second
    implementation of the same run agrees with, where 1.62 holds only for this code."""
    return f"about {about(x)}" if x >= LOW_LOSS else f"below {short(LOW_LOSS)}"


def _run_loss(run: Run, x: float, row: int = 0) -> str:
    """A loss of `run` on seed `row`: '1.62', or roughly ('about 1.6') when that seed's run is erratic."""
    return _rough(x) if erratic(run)[row] else _loss(x)


def _at_least(ratio: float) -> str:
    """A ratio from an erratic run, rounded down to one significant digit: 'at least 1,000×' for 1,214, '9×' for
    9.8, and to one decimal below 2 ('at least 1.4×' for 1.47); rounded away from the claim, since the digits
    below are this code's alone."""
    if ratio >= 2:
        unit = 10 ** math.floor(math.log10(ratio))
        floor = unit * math.floor(ratio / unit)
        return f"at least {times(floor) if floor >= 10 else f'{floor}×'}"  # '9×', not times()' '9.0×'
    return f"at least {bound(ratio, 'lower', 1)}×"


def _sqrt(d_k: int) -> str:
    """'√64 = 8' or '√32 = 5.66'."""
    root = math.sqrt(d_k)
    return f"√{d_k} = {int(root) if root.is_integer() else num(root, 2)}"


def start_sentence(scaled: Run, unscaled: Run, d_k: int, n: int = N_KEYS) -> Said:
    """What the two runs look like at step 0, from the chosen seed's first batch. Facts: rows (how each run's rows
    start, by spread_word) and said (each number as printed: std and entropy of each run, uniform)."""
    h_s, h_u = scaled.entropy[0, 0], unscaled.entropy[0, 0]
    words_s, words_u = spread_word(h_s, n), spread_word(h_u, n)
    said = {"std unscaled": num(unscaled.score_std0[0], 2), "std scaled": num(scaled.score_std0[0], 2),
            "entropy unscaled": num(h_u, 2), "entropy scaled": num(h_s, 2), "uniform": num(math.log(n), 2)}
    facts = {"rows": {"scaled": words_s, "unscaled": words_u}, "said": said}
    rows = (f"Both runs' rows start {words_s}." if words_s == words_u else
            f"The unscaled rows start {words_u}, the scaled rows {words_s}.")
    return Said(f"Both runs start from the same raw scores QKᵀ. Softmax sees them with a standard deviation of "
                f"{said['std unscaled']} without the scale (theory: {_sqrt(d_k)}) and {said['std scaled']} after "
                f"dividing by √{d_k} (theory: 1), so the rows start with a mean entropy of {said['entropy unscaled']} "
                f"nats unscaled and {said['entropy scaled']} scaled; uniform is ln {n} = {said['uniform']}. {rows}",
                facts)


def _crossing(run: Run, facts: dict) -> str:
    """'the scaled run's loss first drops below 0.1 at step 7', or that it never does, and why (chosen seed)."""
    t = first_below(run.loss[0])
    facts["first_below"][run.name] = t
    if t is not None:
        return f"the {run.name} run's loss first drops below {short(LOW_LOSS)} at step {t}"
    why = (f": the run diverged at step {run.diverged_at[0]}" if run.diverged_at[0] >= 0 else
           f" in {plural(run.steps, 'step')}")
    return f"the {run.name} run's loss never drops below {short(LOW_LOSS)}{why}"


def race_reveal(scaled: Run, unscaled: Run) -> tuple[str, Said]:
    """(outcome, Said): which run's loss first drops below LOW_LOSS on the chosen seed, as first_to_learn
    decides ("scaled", "unscaled", "same" or "neither"), and the reveal worded from that same outcome. The race's
    prediction is marked against this outcome (prediction_right), so the verdict and the words cannot disagree.
    Facts: outcome; first_below, the step each run's loss is said to first drop below LOW_LOSS (None: never);
    halfway, the step of the second sentence (None when there is none), with said: each run's loss there as printed,
    or the step it had diverged at."""
    outcome = first_to_learn(scaled, unscaled)
    diverged = [run.diverged_at[0] >= 0 for run in (scaled, unscaled)]
    facts = {"outcome": outcome, "first_below": {}, "halfway": None, "said": {}}
    if outcome == "same":
        t = first_below(scaled.loss[0])
        facts["first_below"] = {"scaled": t, "unscaled": t}
        text = f"Both runs' losses first drop below {short(LOW_LOSS)} at the same step, step {t}: a tie."
    elif outcome == "neither" and not any(diverged):
        facts["first_below"] = {"scaled": None, "unscaled": None}
        text = f"Neither run's loss drops below {short(LOW_LOSS)} in {plural(scaled.steps, 'step')}."
    else:
        text = f"{_crossing(scaled, facts).capitalize()}; {_crossing(unscaled, facts)}."
    return outcome, Said(text + _halfway(scaled, unscaled, facts), facts)


def _halfway(scaled: Run, unscaled: Run, facts: dict) -> str:
    """' At step 100 the scaled run's loss is 0.002, the unscaled run's loss is 1.65.' (chosen seed), or ""."""
    mid = scaled.steps // 2
    gone = [0 <= run.diverged_at[0] <= mid for run in (scaled, unscaled)]
    if mid < 1 or all(gone):
        return ""
    facts["halfway"] = mid
    parts = [f"the {run.name} run had diverged at step {run.diverged_at[0]}" if g else _mid_loss(run, mid, facts)
             for run, g in zip((scaled, unscaled), gone, strict=True)]
    return f" At step {mid} {parts[0]}, {parts[1]}."


def _mid_loss(run: Run, mid: int, facts: dict) -> str:
    """"the scaled run's loss is 0.002", or for an erratic run, whose single steps jump, the mean of the steps up to
    `mid`, roughly: "the unscaled run's loss hovers around 1.5"."""
    if not erratic(run)[0]:
        facts["said"][run.name] = _loss(run.loss[0, mid])
        return f"the {run.name} run's loss is {facts['said'][run.name]}"
    facts["said"][run.name] = _rough(window_loss(run.loss[0], mid)).replace('about', 'around')
    return f"the {run.name} run's loss hovers {facts['said'][run.name]}"


class Verdict(NamedTuple):
    """verdict()'s decision, its sentence, and the facts the sentence compares (for a test to check)."""

    kind: str  # one of attn_core.training.ENDINGS
    text: str
    facts: dict  # final loss and accuracy of each run on the chosen seed (None where it diverged), and the kind


def verdict(scaled: Run, unscaled: Run) -> Verdict:
    """Where the two runs end on the chosen seed, compared on everything the race's chart shows: the loss and the
    accuracy. kind is endings()'s for that seed, one of "both diverged", "scaled diverged", "unscaled diverged",
    "alike" (losses and accuracies both close, attn_core.training.ending), "scaled lower", "unscaled lower"; the
    facts are the final loss and accuracy of each run (means over the last tail(T) steps) it quotes, diverged_at
    (the step each run is said to diverge at, None where it did not), accuracy_too (for a lower run: whether its
    accuracy ends 'higher' too, 'lower', or 'alike') and said (each number as printed: loss and accuracy of each
    run, ratio)."""
    kind = endings(scaled, unscaled)[0]
    d_s, d_u = scaled.diverged_at[0], unscaled.diverged_at[0]
    several = scaled.loss.shape[0] > 1
    f_s, f_u = (float(final_loss(r.loss[0])) if r.diverged_at[0] < 0 else None for r in (scaled, unscaled))
    a_s, a_u = (float(final_accuracy(r.accuracy[0])) if r.diverged_at[0] < 0 else None for r in (scaled, unscaled))
    said: dict = {}
    facts = {"kind": kind, "loss": {"scaled": f_s, "unscaled": f_u}, "accuracy": {"scaled": a_s, "unscaled": a_u},
             "diverged_at": {"scaled": int(d_s) if d_s >= 0 else None, "unscaled": int(d_u) if d_u >= 0 else None},
             "accuracy_too": None, "said": said}
    if kind == "both diverged":
        return Verdict(kind, (f"Both runs diverged{' on the chosen seed' if several else ''}, the scaled run at step "
                              f"{d_s} and the unscaled run at step {d_u}: this learning rate is too large for either."),
                       facts)
    T, k = scaled.steps, tail(scaled.steps)
    over = f"over the last {plural(k, 'step')}" if k > 1 else "at the last step"
    if kind.endswith("diverged"):
        gone, kept, f, a = ("scaled", "unscaled", f_u, a_u) if d_s >= 0 else ("unscaled", "scaled", f_s, a_s)
        run = unscaled if d_s >= 0 else scaled
        said.update({f"loss {kept}": _run_loss(run, f), f"accuracy {kept}": num(a, 2)})
        return Verdict(kind, (f"{'On the chosen seed the' if several else 'The'} {gone} run diverged at step "
                              f"{max(d_s, d_u)}; the {kept} run trains for all {T} steps and ends at a mean loss of "
                              f"{said[f'loss {kept}']} and an accuracy of {said[f'accuracy {kept}']} {over}."), facts)
    ratio = max(f_s, f_u) / max(min(f_s, f_u), 1e-300)
    rough = bool(erratic(scaled)[0] or erratic(unscaled)[0])  # then the ratio's digits are this code's alone
    said.update({"loss scaled": _run_loss(scaled, f_s), "loss unscaled": _run_loss(unscaled, f_u),
                 "accuracy scaled": num(a_s, 2), "accuracy unscaled": num(a_u, 2)})
    both = f"{said['loss scaled']} scaled and {said['loss unscaled']} unscaled (mean {over})"
    accuracies = f"their accuracies {said['accuracy scaled']} scaled and {said['accuracy unscaled']} unscaled"
    if kind == "alike":
        if not rough:
            said["ratio"] = _closeness(ratio)
        return Verdict(kind, (f"The two runs behave alike {'on the chosen seed' if several else 'here'}: after {T} "
                              f"steps their losses are {both}" + ("" if rough else f", {said['ratio']}") +
                              f", and {accuracies}, within {short(ALIKE_ACCURACY)} of each other."), facts)
    lower = kind.split()[0]
    said["ratio"] = _at_least(ratio) if rough else _lower_by(ratio)
    text = (f"{'On the chosen seed, after' if several else 'After'} {T} steps the losses are {both}: "
            f"{said['ratio']} lower {'with' if lower == 'scaled' else 'without'} the scale")
    a_low, a_other = (a_s, a_u) if lower == "scaled" else (a_u, a_s)
    facts["accuracy_too"] = ("alike" if abs(a_s - a_u) <= ALIKE_ACCURACY else "higher" if a_low > a_other else
                             "lower")
    if facts["accuracy_too"] == "alike":
        text += f"; {accuracies}, within {short(ALIKE_ACCURACY)} of each other."
    elif facts["accuracy_too"] == "higher":  # the loss and the accuracy agree on which run did better
        text += f". The {lower} run's accuracy ends higher too, {num(a_low, 2)} against {num(a_other, 2)}."
    else:
        text += f", though its accuracy ends lower, {num(a_low, 2)} against {num(a_other, 2)}."
    return Verdict(kind, text, facts)


def _closeness(ratio: float) -> str:
    """How close two alike losses are, from their ratio (≥ 1): 'equal', or 'within 3% of each other' with the
    percent rounded up, so that it stays true (a ratio of 1.027 printed as '1.0×' would read as equal)."""
    if ratio == 1:
        return "equal"
    return f"within {max(1, math.ceil(100 * (ratio - 1) - 1e-9))}% of each other"


def _lower_by(ratio: float) -> str:
    """'125×', or '4%' for a ratio that times() would print as 1.0×; 'less than 0.1%' below that."""
    if ratio >= 1.05:
        return times(ratio)
    share = 100 * (ratio - 1)
    return f"{num(share, 1)}%" if share >= 0.05 else "less than 0.1%"


def stuck_sentence(run: Run, n: int = N_KEYS) -> Said | None:
    """Why a run that ends saturated on wrong keys is stuck, from its numbers; None when it is not stuck. Facts:
    erratic (its late numbers said roughly), tail (the steps it is measured over) and said, each number as printed
    (loss, entropy, share of queries, gradient at the start, gradient late, ratio, single steps)."""
    if run.diverged_at[0] >= 0 or run.steps < 10:
        return None
    k = tail(run.steps)
    f, h, acc = final_loss(run.loss[0]), np.mean(run.entropy[0, -k:]), np.mean(run.accuracy[0, -k:])
    g0, g_late, g_max = run.grad_norm_K[0, 0], np.median(run.grad_norm_K[0, -k:]), np.max(run.grad_norm_K[0, -k:])
    if f < LOW_LOSS or spread_word(h, n) != "nearly one-hot" or acc >= 0.5 or not g_late < 0.1 * g0:
        return None
    said = {"share": "none" if acc == 0 else f"only {percent(acc)}", "gradient start": _loss(g0)}
    facts = {"erratic": bool(erratic(run)[0]), "tail": k, "said": said}
    said["entropy"] = "0" if h == 0 else readable(h, 3)
    rows = "one-hot (mean entropy 0 nats)" if h == 0 else f"nearly one-hot (mean entropy {said['entropy']} nats)"
    if facts["erratic"]:  # its late numbers jump from step to step: only what a second implementation agrees with
        said.update(share=f"fewer than {10 * math.floor(10 * acc + 1)}%",  # the next ten up, strictly above
                    entropy=f"below {short(0.1 * math.ceil(10 * h + 1e-9))}", loss=_rough(f))
        rows = f"nearly one-hot (mean entropy {said['entropy']} nats)"
        if g_late > 0:
            said["ratio"] = _at_least(g0 / g_late)
        gradient = (f"{said['ratio']} smaller than the {said['gradient start']} it started with" if g_late > 0 else
                    f"exactly 0, down from the {said['gradient start']} it started with")
        return Said(f"The {run.name} run is stuck: over its last {plural(k, 'step')} its loss stays {said['loss']}, "
                    f"its rows are {rows}, yet {said['share']} of the queries put their largest weight on their own "
                    f"key. The median gradient reaching W_K is {gradient}: a saturated softmax passes almost no "
                    "gradient to the keys it ignores.", facts)
    said["loss"] = _loss(f)
    if g_late > 0:
        said.update({"gradient late": _loss(g_late), "ratio": times(g0 / g_late), "single steps": _loss(g_max)})
        gradient = (f"{said['gradient late']}, {said['ratio']} smaller than the {said['gradient start']} it started "
                    f"with (single steps reach {said['single steps']})")
    else:  # every softmax row saturated to exactly one-hot: no gradient at all reaches the keys
        if g_max > 0:
            said["single steps"] = _loss(g_max)
        gradient = (f"exactly 0, down from the {said['gradient start']} it started with"
                    + (f" (single steps reach {said['single steps']})" if g_max > 0 else ", and so is every step's"))
    return Said(f"The {run.name} run is stuck: over its last {plural(k, 'step')} its loss is still {said['loss']}, "
                f"its rows are {rows}, yet {said['share']} of the queries put "
                f"their largest weight on their own key. The median gradient reaching W_K is {gradient}: a saturated "
                "softmax passes almost no gradient to the keys it ignores.", facts)


def divergence_message(run: Run, lr: float, finals: np.ndarray, seeds=None) -> Said | None:
    """'The unscaled run diverged at step 9 …' for the chosen seed, and with several seeds on which of them, or None
    if it diverged on none. `finals` (L,) is this run's final loss at every sweep learning rate on the chosen seed,
    NaN where it diverged; `seeds` are the seeds of the run's rows (row 0 the chosen one), by default 0, 1, …
    Facts: diverged, the (seed, step) pairs it names, the chosen seed's first; of, how many seeds ran; safe_lr, the
    learning rate it advises (None when it advises none)."""
    gone = np.flatnonzero(run.diverged_at >= 0)
    if gone.size == 0:
        return None
    S = run.diverged_at.size
    seeds = list(seeds) if seeds is not None else list(range(S))
    facts = {"diverged": [(int(seeds[i]), int(run.diverged_at[i])) for i in gone], "of": S, "safe_lr": None}
    grew = f"its scores grew past 10{_superscript(BLOW_UP)} in size, where this lab counts a run as diverged"
    if S == 1:
        text = (f"The {run.name} run diverged at step {run.diverged_at[0]}: {grew}, so its training stops there and "
                "its curves end the step before.")
    else:
        text = (f"The {run.name} run {_diverged_on(run, seeds)}. "
                f"On each, {grew}, so its training stops there; its curves, drawn over every seed, end the step "
                "before the earliest of these steps.")
    safe = [x for x, f in zip(LR_CHOICES, finals, strict=True) if x < lr and not np.isnan(f)]
    if run.diverged_at[0] >= 0 and safe:  # the sweep trains the chosen seed only: its advice is about that seed
        facts["safe_lr"] = safe[-1]
        text += (" On the chosen seed the largest learning rate below yours at which it did not diverge is "
                 f"{short(safe[-1])}.")
    return Said(text, facts)


def _diverged_on(run: Run, seeds: list[int]) -> str:
    """'diverged on 4 of the 5 seeds, but not on the chosen seed 0, where it trains for all 50 steps: on seed 1 at
    step 28, …': on which seeds a run diverged and at which step, the chosen seed (row 0) first."""
    at = run.diverged_at
    gone = [i for i in range(1, at.size) if at[i] >= 0]
    others = listing([f"seed {seeds[i]} at step {at[i]}" for i in gone])
    every = "both" if at.size == 2 else f"all {at.size}"  # never "all 2" (tests/prose.py)
    count = every if len(gone) + (at[0] >= 0) == at.size else f"{len(gone) + (at[0] >= 0)} of the {at.size}"
    if at[0] < 0:
        return (f"diverged on {count} seeds, but not on the chosen seed {seeds[0]}, where it trains for all "
                f"{run.steps} steps: on {others}")
    text = f"diverged on {count} seeds: on the chosen seed {seeds[0]} at step {at[0]}"
    return text + (f", and on {others}" if gone else "")


def _superscript(power_of_ten: float) -> str:
    """'⁶' for 1e6."""
    return str(round(math.log10(power_of_ten))).translate(str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"))


def _lr_set(lrs: list[float]) -> str:
    """'0.3, 1 and 3' for up to three rates, 'from 0.3 to 30' for more neighbours on the grid, else a listing."""
    i, j = LR_CHOICES.index(lrs[0]), LR_CHOICES.index(lrs[-1])
    if len(lrs) > 3 and j - i + 1 == len(lrs):
        return f"from {short(lrs[0])} to {short(lrs[-1])}"
    return listing([short(x) for x in lrs])


def _diverging(lrs: list[float]) -> str:
    """'from 10 up' when the rates run to the top of the grid, else 'at 300 and 1000'."""
    if len(lrs) > 1 and lrs[-1] == LR_CHOICES[-1] and len(lrs) == len(LR_CHOICES) - LR_CHOICES.index(lrs[0]):
        return f"from {short(lrs[0])} up"
    return f"at {listing([short(x) for x in lrs])}"


def sweep_sentence(finals_s: np.ndarray, finals_u: np.ndarray, lr: float, d_k: int, steps: int) -> Said:
    """Which learning rates give each run a final loss below LOW_LOSS, and where yours sits. Facts: usable and
    diverging (each run's learning rates below LOW_LOSS, and those where it diverged), yours (the runs your rate
    gets below LOW_LOSS) and said (each run's usable rates, and yours, as printed)."""
    parts = []
    facts: dict = {"usable": {}, "diverging": {}, "yours": [], "said": {"lr": short(lr)}}
    for name, finals in (("scaled", finals_s), ("unscaled", finals_u)):
        ok = usable(finals)
        gone = [x for x, f in zip(LR_CHOICES, finals, strict=True) if np.isnan(f)]
        facts["usable"][name], facts["diverging"][name] = ok, gone
        text = f"the {name} run " + ("" if parts else f"reaches a final loss below {short(LOW_LOSS)} ")
        of = f"of the {len(LR_CHOICES)} learning rates" if not parts else "of them"
        rates = _lr_set(ok) if ok else ""
        if ok:
            facts["said"][f"rates {name}"] = rates
        text += f"at {len(ok)} {of} (lr {'' if rates.startswith('from') else '= '}{rates})" if ok else f"at none {of}"
        parts.append(text + (f" and diverges {_diverging(gone)}" if gone else ""))
    in_s, in_u = lr in usable(finals_s), lr in usable(finals_u)
    facts["yours"] = [name for name, inside in (("scaled", in_s), ("unscaled", in_u)) if inside]
    yours = {(True, True): "both runs", (True, False): "only the scaled run",
             (False, True): "only the unscaled run", (False, False): "neither run"}[(in_s, in_u)]
    return Said(f"At d_k = {d_k}, after {plural(steps, 'step')}, {parts[0]}; {parts[1]}. "
                f"Your learning rate, {short(lr)}, gets {yours} below {short(LOW_LOSS)}.", facts)


def spread_sentence(scaled: Run, unscaled: Run) -> Said:
    """How the final losses vary over the seeds, and how the two runs compare on them: worded from endings(),
    the decision the chosen seed's verdict is worded from too. Facts: endings (each seed's, the chosen one first),
    apart (the two runs' ranges of final loss do not overlap; None where it is not said) and said (each run's
    lowest and highest final loss as printed, 'low scaled', 'high unscaled', …)."""
    S = scaled.loss.shape[0]
    facts = {"endings": endings(scaled, unscaled), "apart": None, "said": {}}
    parts = [_final_range(run, not k, facts) for k, run in enumerate((scaled, unscaled))]
    return Said(f"Across {S} seeds, {parts[0]}; {parts[1]}." + _seeds_summary(scaled, unscaled, facts), facts)


def _final_range(run: Run, first: bool, facts: dict) -> str:
    """'the scaled run's final loss ranges from 1.78 to 1.85 (it diverged on 2 of them)', 'rounds to 2.01 on the
    one seed where it trained', or 'diverges on every seed'."""
    finals = final_loss(run.loss)  # (S,) NaN where a seed diverged
    ok = finals[~np.isnan(finals)]
    S, gone = finals.size, finals.size - ok.size
    if not ok.size:
        return f"the {run.name} run diverges on every seed"
    rough = erratic(run)[~np.isnan(finals)]  # (ok.size,) which of the seeds that trained are erratic
    lo, hi = (_rough(x) if e else _loss(x) for x, e in ((ok.min(), rough[np.argmin(ok)]),
                                                          (ok.max(), rough[np.argmax(ok)])))
    facts["said"].update({f"low {run.name}": lo, f"high {run.name}": hi})
    what = f"the {run.name} run's final loss" if first else f"the {run.name} run's"
    if ok.size == 1:
        return f"{what} is {lo} on the one seed where it trained (it diverged on the other {S - 1})"
    if lo == hi:
        where = "every seed" if not gone else f"{all_of(ok.size, 'seed')} where it trained (it diverged on {gone})"
        return f"{what} {'is' if lo[0].isalpha() else 'rounds to'} {lo} on {where}"  # 'is about 1.6'
    return f"{what} {'ranges ' if first else ''}from {lo} to {hi}" + (f" (it diverged on {gone} of them)"
                                                                       if gone else "")


SUMMARY = {"both diverged": "both runs diverge on {}", "scaled diverged": "only the scaled run diverges on {}",
           "unscaled diverged": "only the unscaled run diverges on {}",
           "alike": ("the two runs end alike, losses within " + times(ALIKE) + " and accuracies within "
                     + short(ALIKE_ACCURACY) + " of each other, on {}"),
           "scaled lower": "the scaled run ends lower on {}", "unscaled lower": "the unscaled run ends lower on {}"}


def _seeds_summary(scaled: Run, unscaled: Run, facts: dict) -> str:
    """What endings() says over the seeds: the same ending on every seed, or how many seeds end each way."""
    kinds = facts["endings"]
    if len(set(kinds)) > 1:
        counts = sorted(((kinds.count(k), k) for k in set(kinds)), key=lambda c: (-c[0], kinds.index(c[1])))
        chosen = {1: " (the chosen one)"}  # the verdict above is about the chosen seed: say which group it is in
        return " The outcome depends on the seed: " + listing(
            [SUMMARY[k].format(plural(c, "seed")) + (chosen.get(c, " (the chosen one among them)") if k == kinds[0]
                                                     else "") for c, k in counts]) + "."
    kind = kinds[0]
    if kind.endswith("diverged"):
        return ""  # the ranges above already say which run diverges on every seed
    f_s, f_u = final_loss(scaled.loss), final_loss(unscaled.loss)
    apart = facts["apart"] = bool(f_s.max() < f_u.min() or f_u.max() < f_s.min())
    if kind == "alike":
        order = ("though the scaled run ends a little lower on every seed" if f_s.max() < f_u.min() else
                 "though the unscaled run ends a little lower on every seed" if apart else "and their ranges overlap")
        return (f" On every seed the two runs end alike, losses within {times(ALIKE)} and accuracies within "
                f"{short(ALIKE_ACCURACY)} of each other, {order}.")
    lower = kind.split()[0]
    if apart:
        return f" The ranges do not overlap: on every seed, the {lower} run ends lower."
    return (f" On every seed the {lower} run ends lower, though the two ranges overlap: the difference shows when "
            "each seed is compared with itself.")


def prediction_right(choice: str, outcome: str) -> bool:
    """Whether a guess (a key of GUESSES) is race_reveal's outcome: the options are exclusive, one is right."""
    return choice == outcome


def heatmap_sentence(scaled: Run, unscaled: Run, after: bool = True) -> Said:
    """How many queries of the held-out example put their largest weight on their own key, per run,
    before training (after=False) or after it. Facts: hits (per run, how many queries; None for a run that
    diverged), of (how many queries) and said (own: each run's mean weight on a query's own key, as printed)."""
    facts: dict = {"hits": {}, "of": None, "said": {}}
    if after and np.isnan(scaled.final_weights).any() and np.isnan(unscaled.final_weights).any():
        facts["hits"] = {"scaled": None, "unscaled": None}
        return Said("Both runs diverged, so neither has weights after training to show.", facts)
    parts = []
    for run in (scaled, unscaled):
        W = run.final_weights if after else run.initial_weights  # (n, n)
        n = facts["of"] = W.shape[-1]
        if np.isnan(W).any():
            facts["hits"][run.name] = None
            parts.append(f"the {run.name} run diverged, so it has no weights to show")
            continue
        hits = facts["hits"][run.name] = int(np.sum(np.argmax(W, axis=-1) == np.arange(n)))
        own = facts["said"][f"own {run.name}"] = num(float(np.mean(np.diagonal(W))), 2)
        parts.append(f"the {run.name} run puts its largest weight on a query's own key for {hits} of "
                     f"{n} queries, with a mean weight of {own} there" if not parts else
                     f"the {run.name} run for {hits} of {n}, with {own}")
    return Said(f"On this held-out example {'after' if after else 'before'} training, {parts[0]}; {parts[1]}.", facts)


# ---------------------------------------------------------------------------------------------- the race's question
# the race's answers, one for each outcome of first_to_learn, which prediction_right marks them against
GUESSES = {"scaled": "The scaled run (with 1/√d_k)", "unscaled": "The unscaled run",
           "same": "Both at the same step", "neither": "Neither, within these steps"}
# The prediction, declared once: its key for checkpoint.predict, its class-mode name and the wrong answers expected
RACE = Asked("training.race", "Which run's loss drops first?", "option",
             (Wrong(GUESSES["unscaled"], "larger unscaled scores learn faster", const("unscaled")),
              Wrong(GUESSES["same"], "the scale only relabels the scores and changes nothing in learning",
                    const("same")),
              Wrong(GUESSES["neither"], "neither run can learn the task", const("neither")),
              Wrong(GUESSES["scaled"], "the scale helps at every learning rate", const("scaled"))), key="cp_race",
             gives_away=lambda state: race_gives_away(state),
             reason="A run learns only as fast as gradients reach W_Q and W_K, and a saturated softmax (scores grown "
                    "with d_k, left unscaled) passes almost none back.")


def race_gives_away(state) -> list[str]:
    """What shows which run's loss drops first: the race's curves, its verdict, and the weights each run learnt."""
    return [curves_title(("loss", "accuracy")), curves_title(("entropy", "grad_norm_K")), HEADERS["attention"],
            "after training, the scaled run", "after training, the unscaled run"]


def race_question(d_k: int, lr: float, steps: int) -> str:
    """The race's question, about the learner's own width, learning rate and number of steps."""
    return (f"At d_k = {d_k} and learning rate {short(lr)}, which run's loss drops below {short(LOW_LOSS)} first, "
            f"within {plural(steps, 'step')}?")


# ---------------------------------------------------------------------------------------------- the page's captions
def long_run_note(runs: int, steps: int, d_k: int, seconds: float) -> str:
    """Why a setting waits for a click: how many models, how many steps, and about how long."""
    return (f"This setting trains {runs} models for {steps} steps at d_k = {d_k}: about {num(seconds, 0)} s on "
            "one core. Press the button to start, or pick fewer steps, a smaller d_k or a single seed.")


def training_progress(models: int, steps: int, seconds: float) -> str:
    """The progress bar's text while the sweep trains: 'Training 26 models for 200 steps, about 2 s…'."""
    return f"Training {models} models for {steps} steps, about {max(1, round(seconds))} s…"


def extra_seeds_progress(models: int, seeds) -> str:
    """The progress bar's text while the other seeds train, `models` of them over every seed but the first."""
    return f"Training {models} more on the other {len(seeds) - 1} seeds…"


def curves_caption(seeds) -> str:
    """What each point of the race's curves is, and, with several seeds, what the lines and bands are."""
    text = (f"Each point is one step's batch of {BATCH} × {N_KEYS} fresh queries, data the model has not trained "
            f"on yet. The dotted line marks a loss of {short(LOW_LOSS)}. ")
    if len(seeds) == 1:
        return text.rstrip()  # the toggle's own label says what several seeds show
    return text + (f"The sentences above the charts describe seed {seeds[0]}; the lines are the median over seeds "
                   f"{seeds[0]} to {seeds[-1]} and the bands span the lowest to the highest seed.")


def sweep_caption(seed: int) -> str:
    """What the sweep's points share, and how it marks a run that diverged."""
    return (f"Seed {seed}: the same batches and initial weights for every point. A cross at the top marks a run "
            f"that diverged; the dotted line marks a loss of {short(LOW_LOSS)}. Move d_k and watch both ranges.")


def code_note(seed: int) -> str:
    """What 'Show the code' holds, and how it relates to what the page itself runs."""
    return ("Both runs in plain numpy, one model at a time, in the order the page shows them: the forward pass, and "
            "the backward pass written out by hand from the loss back to W_Q and W_K. It is the same code as the "
            f"notebook below, which also checks its numbers against the ones the page drew for seed {seed}. The "
            "page itself trains every model of the learning-rate sweep at once with `attn_core/training.py`, whose "
            "tests check every gradient against finite differences.")


# ------------------------------------------------------------------------ the page's own text, and its charts' words
INTRO = (
    "The [Scaling explorer](/Scaling_explorer) showed what 1/√d_k does to one softmax; here is what it does to "
    f"**learning**. The task: {N_KEYS} random keys and {N_KEYS} queries, each a noisy copy of one key; query "
    "*i* must find key *i*. One attention layer trains twice, from the **same weights** on the **same batches**: "
    "only one run divides its scores by √d_k."
)
MODEL = (
    f"The model is a single attention layer, Q = X_q W_Q and K = X_k W_K, on {D_MODEL}-wide input tokens with "
    "unit-variance entries; W_Q and W_K are drawn with fan-in scaling, so that Q and K have unit-variance entries "
    "too. Both runs train with plain gradient descent."
)
SIDEBAR_NOTE = ("The lab trains on random data with this seed of its own: the sidebar's sentence, seed, d_model and "
                "heads are not used here.")
LOSS_LABELS = {"mse": "copy the value (squared error)", "ce": "name the position (cross-entropy)"}
LOSS_NOTE = "'mse': output_i should copy value v_i; 'ce': query i's weights should pick key i"  # the notebook's
HEADERS = {"start": "1. Before any learning", "race": "2. The race", "attention": "3. The attention each run learnt",
           "try": "Things to try"}  # by each section's anchor
START_CAPTION = (f"One held-out example for both runs: row i holds query i's weights over the {N_KEYS} keys; its "
                 "own key is on the diagonal.")
SWEEP_EXPANDER = "Every learning rate at once: the sweep"
RACE_HELP = ("It opens again when you change d_k, the learning rate, the loss or the steps. A new seed keeps your "
             "answer and checks it against the new runs.")  # the race question's tooltip
WAITING_CAPTION = "The curves, the final attention and the learning-rate sweep appear once you answer."
EXPLORING_CAPTION = ("You have answered the race once, so the curves below stay drawn as you explore; they are for "
                     "these settings. Predict again above, or just read them.")  # the question open again
TRY_LR, TRY_D_K = (0.1, 3.0), (4, 64)  # a rate both runs learn at and the default; a width where they act alike


def things_to_try(d_k: int, lr: float, loss: str) -> str:
    """Settings worth a visit next, never the ones already set: the first of TRY_LR and TRY_D_K that differs from
    yours, and the loss you are not using."""
    rate = next(x for x in TRY_LR if x != lr)
    width = next(d for d in TRY_D_K if d != d_k)
    other = ("Switch the loss to cross-entropy, which reads the scores through log-softmax." if loss == "mse" else
             "Switch the loss back to squared error, which copies the value through the weights.")
    return (f"- Set the learning rate to {short(rate)}, or d_k to {width}, and answer the question again.\n"
            f"- {other}")
RUN_NAMES = {"scaled": "scaled: softmax(QKᵀ/√d_k)", "unscaled": "unscaled: softmax(QKᵀ)"}  # the charts' legends
PANEL_TITLES = {
    "loss": "loss (log axis)",
    "accuracy": "accuracy (largest weight on the own key)",
    "entropy": "mean entropy of the attention rows (nats)",
    "grad_norm_K": "‖∂loss/∂W_K‖, the gradient reaching W_K (log axis)",
}
STEP_AXIS = "training step"


def curves_title(metrics) -> str:
    """The title of the race's chart of two stacked `metrics`: the loss and accuracy, or the entropy and gradient."""
    return "loss and accuracy per step" if metrics[0] == "loss" else "attention entropy and gradient per step"


def uniform_label() -> str:
    """'uniform: ln 16 = 2.77': the level of a row that spreads its weight evenly, on the entropy panel."""
    return f"uniform: ln {N_KEYS} = {num(UNIFORM_ENTROPY, 2)}"


def sweep_words(d_k: int, steps: int, lr: float) -> dict:
    """The words of the sweep's chart: title, axes (the y axis says how many steps the final loss averages),
    each run's legend name and its diverged crosses', and the label of the learner's rate."""
    return {"title": f"final loss against learning rate, d_k = {d_k}", "x": "learning rate (log axis)",
            "y": f"final loss (mean of the last {plural(tail(steps), 'step')})", "names": RUN_NAMES,
            "diverged": {name: f"{name}: diverged" for name in RUN_NAMES}, "yours": f"your lr = {short(lr)}"}


def weights_title(name: str, after: bool) -> str:
    """'scaled run's weights at step 0', 'unscaled run's weights after training': a table of a run's weights."""
    return f"{name} run's weights {'after training' if after else 'at step 0'}"


def weights_formula(name: str, d_k: int) -> str:
    """'softmax(QKᵀ/√64)' for the scaled run, 'softmax(QKᵀ)' for the unscaled: the formula under that title."""
    return f"softmax({f'QKᵀ/√{d_k}' if name == 'scaled' else 'QKᵀ'})"


# Labels of the page's controls (the layer test counts a label of six words or more as a sentence)
D_K_SLIDER = "d_k, the width of queries and keys"


def several_seeds(n_seeds: int) -> str:
    """The switch that trains each run from `n_seeds` seeds."""
    return f"several seeds ({n_seeds}), to see the spread"
