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
from .format import about, bound, listing, num, percent, readable, short, times
from .i18n import tr
from .said import Said
ONE_HOT, EVEN = 0.25, 0.75  # a mean row entropy below 25% of ln n reads "nearly one-hot", above 75% "nearly even"


def spread_word(entropy: float, n: int = N_KEYS) -> str:
    """How a row with this mean entropy (nats) reads: nearly one-hot, already peaked, or spread nearly evenly."""
    share = entropy / math.log(n)
    return "nearly one-hot" if share < ONE_HOT else "spread nearly evenly" if share > EVEN else "already peaked"


SPREAD_KEYS = {"nearly one-hot": "one-hot", "spread nearly evenly": "even", "already peaked": "peaked"}  # message
# variants of spread_word's facts


def _loss(x: float) -> str:
    """A loss in a sentence: 1.62, 0.013, 4.1 × 10⁻⁴."""
    return readable(x, 2 if x >= 1 else 3)


def _rough(x: float, near: str = "about") -> str:
    """An erratic run's loss (attn_core's erratic()): 'about 1.6', to one decimal, or 'below 0.1': what a second
    implementation of the same run agrees with, where 1.62 holds only for this code. `near`: 'about' or 'around'
    (a loss that hovers around 1.5)."""
    return (tr("training-rough", kind=near, x=about(x)) if x >= LOW_LOSS else
            tr("training-rough", kind="below", x=short(LOW_LOSS)))


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
        return tr("training-at-least", x=times(floor) if floor >= 10 else f"{floor}×")  # '9×', not times()' '9.0×'
    return tr("training-at-least", x=f"{bound(ratio, 'lower', 1)}×")


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
    return Said(tr("training-start", std_unscaled=said["std unscaled"], sqrt=_sqrt(d_k), std_scaled=said["std scaled"],
                   d_k=str(d_k), entropy_unscaled=said["entropy unscaled"], entropy_scaled=said["entropy scaled"],
                   n=str(n), uniform=said["uniform"], same="yes" if words_s == words_u else "no",
                   scaled=SPREAD_KEYS[words_s], unscaled=SPREAD_KEYS[words_u]), facts)


def _crossing(run: Run, facts: dict) -> str:
    """'the scaled run's loss first drops below 0.1 at step 7', or that it never does, and why (chosen seed)."""
    t = first_below(run.loss[0])
    facts["first_below"][run.name] = t
    if t is not None:
        return tr("training-crossing", run=run.name, low=short(LOW_LOSS), step=str(t))
    return tr("training-never-crosses", run=run.name, low=short(LOW_LOSS),
              diverged="yes" if run.diverged_at[0] >= 0 else "no", at=str(run.diverged_at[0]), steps=run.steps)


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
        text = tr("training-race-tie", low=short(LOW_LOSS), step=str(t))
    elif outcome == "neither" and not any(diverged):
        facts["first_below"] = {"scaled": None, "unscaled": None}
        text = tr("training-race-neither", low=short(LOW_LOSS), steps=scaled.steps)
    else:
        first = _crossing(scaled, facts)
        text = tr("training-race-both", first=first[0].upper() + first[1:], second=_crossing(unscaled, facts))
    return outcome, Said(_join(text, _halfway(scaled, unscaled, facts)), facts)


def _join(*parts: str) -> str:
    """Sentences one after another: with a space in English, none in Chinese."""
    text = ""
    for part in parts:
        if part:
            text = tr("training-join", first=text, second=part) if text else part
    return text


def _halfway(scaled: Run, unscaled: Run, facts: dict) -> str:
    """' At step 100 the scaled run's loss is 0.002, the unscaled run's loss is 1.65.' (chosen seed), or ""."""
    mid = scaled.steps // 2
    gone = [0 <= run.diverged_at[0] <= mid for run in (scaled, unscaled)]
    if mid < 1 or all(gone):
        return ""
    facts["halfway"] = mid
    parts = [tr("training-had-diverged", run=run.name, step=str(run.diverged_at[0])) if g else
             _mid_loss(run, mid, facts) for run, g in zip((scaled, unscaled), gone, strict=True)]
    return tr("training-halfway", step=str(mid), first=parts[0], second=parts[1])


def _mid_loss(run: Run, mid: int, facts: dict) -> str:
    """"the scaled run's loss is 0.002", or for an erratic run, whose single steps jump, the mean of the steps up to
    `mid`, roughly: "the unscaled run's loss hovers around 1.5"."""
    if not erratic(run)[0]:
        facts["said"][run.name] = _loss(run.loss[0, mid])
        return tr("training-mid-loss", run=run.name, loss=facts["said"][run.name], hovers="no")
    facts["said"][run.name] = _rough(window_loss(run.loss[0], mid), near="around")
    return tr("training-mid-loss", run=run.name, loss=facts["said"][run.name], hovers="yes")


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
    chosen = "yes" if several else "no"
    if kind == "both diverged":
        return Verdict(kind, tr("training-verdict-both-diverged", chosen=chosen, scaled=str(d_s), unscaled=str(d_u)),
                       facts)
    T, k = scaled.steps, tail(scaled.steps)
    over = tr("training-over-last", k=k)
    if kind.endswith("diverged"):
        gone, kept, f, a = ("scaled", "unscaled", f_u, a_u) if d_s >= 0 else ("unscaled", "scaled", f_s, a_s)
        run = unscaled if d_s >= 0 else scaled
        said.update({f"loss {kept}": _run_loss(run, f), f"accuracy {kept}": num(a, 2)})
        return Verdict(kind, tr("training-verdict-one-diverged", chosen=chosen, gone=gone, step=str(max(d_s, d_u)),
                                kept=kept, steps=str(T), loss=said[f"loss {kept}"],
                                accuracy=said[f"accuracy {kept}"], over=over), facts)
    ratio = max(f_s, f_u) / max(min(f_s, f_u), 1e-300)
    rough = bool(erratic(scaled)[0] or erratic(unscaled)[0])  # then the ratio's digits are this code's alone
    said.update({"loss scaled": _run_loss(scaled, f_s), "loss unscaled": _run_loss(unscaled, f_u),
                 "accuracy scaled": num(a_s, 2), "accuracy unscaled": num(a_u, 2)})
    both = tr("training-both-losses", scaled=said["loss scaled"], unscaled=said["loss unscaled"], over=over)
    accuracies = tr("training-accuracies", scaled=said["accuracy scaled"], unscaled=said["accuracy unscaled"],
                    within=short(ALIKE_ACCURACY))
    if kind == "alike":
        if not rough:
            said["ratio"] = _closeness(ratio)
        return Verdict(kind, tr("training-verdict-alike", chosen=chosen, steps=str(T), both=both,
                                ratio=said.get("ratio", "none"), accuracies=accuracies), facts)
    lower = kind.split()[0]
    said["ratio"] = _at_least(ratio) if rough else _lower_by(ratio)
    a_low, a_other = (a_s, a_u) if lower == "scaled" else (a_u, a_s)
    facts["accuracy_too"] = ("alike" if abs(a_s - a_u) <= ALIKE_ACCURACY else "higher" if a_low > a_other else
                             "lower")
    return Verdict(kind, tr("training-verdict-lower", chosen=chosen, steps=str(T), both=both, ratio=said["ratio"],
                            lower=lower, accuracy=facts["accuracy_too"], accuracies=accuracies,
                            low=num(a_low, 2), other=num(a_other, 2)), facts)


def _closeness(ratio: float) -> str:
    """How close two alike losses are, from their ratio (≥ 1): 'equal', or 'within 3% of each other' with the
    percent rounded up, so that it stays true (a ratio of 1.027 printed as '1.0×' would read as equal)."""
    if ratio == 1:
        return tr("training-equal")
    return tr("training-within", percent=f"{max(1, math.ceil(100 * (ratio - 1) - 1e-9))}%")


def _lower_by(ratio: float) -> str:
    """'125×', or '4%' for a ratio that times() would print as 1.0×; 'less than 0.1%' below that."""
    if ratio >= 1.05:
        return times(ratio)
    share = 100 * (ratio - 1)
    return f"{num(share, 1)}%" if share >= 0.05 else tr("training-less-than", x="0.1%")


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
    said = {"share": tr("training-share-none") if acc == 0 else tr("training-share-only", share=percent(acc)),
            "gradient start": _loss(g0)}
    facts = {"erratic": bool(erratic(run)[0]), "tail": k, "said": said}
    said["entropy"] = "0" if h == 0 else readable(h, 3)
    rows = "exact" if h == 0 else "nearly"
    if facts["erratic"]:  # its late numbers jump from step to step: only what a second implementation agrees with
        said.update(share=tr("training-share-fewer", share=f"{10 * math.floor(10 * acc + 1)}%"),  # the next ten up
                    entropy=tr("training-rough", kind="below", x=short(0.1 * math.ceil(10 * h + 1e-9))),
                    loss=_rough(f))
        rows = "nearly"
        if g_late > 0:
            said["ratio"] = _at_least(g0 / g_late)
        gradient = tr("training-gradient-down", late="ratio" if g_late > 0 else "zero", ratio=said.get("ratio", ""),
                      start=said["gradient start"], single="none", every="no")
    else:
        said["loss"] = _loss(f)
        if g_late > 0:
            said.update({"gradient late": _loss(g_late), "ratio": times(g0 / g_late), "single steps": _loss(g_max)})
            gradient = tr("training-gradient-late", late=said["gradient late"], ratio=said["ratio"],
                          start=said["gradient start"], single=said["single steps"])
        else:  # every softmax row saturated to exactly one-hot: no gradient at all reaches the keys
            if g_max > 0:
                said["single steps"] = _loss(g_max)
            gradient = tr("training-gradient-down", late="zero", ratio="", start=said["gradient start"],
                          single=said.get("single steps", "none"), every="no" if g_max > 0 else "yes")
    return Said(tr("training-stuck", run=run.name, k=k, erratic="yes" if facts["erratic"] else "no",
                   loss=said["loss"], rows=rows, entropy=said["entropy"], share=said["share"], gradient=gradient),
                facts)


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
    power = f"10{_superscript(BLOW_UP)}"
    if S == 1:
        text = tr("training-diverged-one", run=run.name, step=str(run.diverged_at[0]), power=power)
    else:
        text = tr("training-diverged-several", run=run.name, where=_diverged_on(run, seeds), power=power)
    safe = [x for x, f in zip(LR_CHOICES, finals, strict=True) if x < lr and not np.isnan(f)]
    if run.diverged_at[0] >= 0 and safe:  # the sweep trains the chosen seed only: its advice is about that seed
        facts["safe_lr"] = safe[-1]
        text = _join(text, tr("training-safe-lr", lr=short(safe[-1])))
    return Said(text, facts)


def _diverged_on(run: Run, seeds: list[int]) -> str:
    """'diverged on 4 of the 5 seeds, but not on the chosen seed 0, where it trains for all 50 steps: on seed 1 at
    step 28, …': on which seeds a run diverged and at which step, the chosen seed (row 0) first."""
    at = run.diverged_at
    gone = [i for i in range(1, at.size) if at[i] >= 0]
    others = listing([tr("training-seed-at", seed=str(seeds[i]), step=str(at[i])) for i in gone])
    n_gone = int(len(gone) + (at[0] >= 0))
    count = tr("training-seed-count", every="yes" if n_gone == at.size else "no", n=n_gone, of=int(at.size))
    # never "all 2" (tests/prose.py): the message says "both" for two of two
    if at[0] < 0:
        return tr("training-diverged-not-chosen", count=count, seed=str(seeds[0]), steps=str(run.steps),
                  others=others)
    return tr("training-diverged-chosen", count=count, seed=str(seeds[0]), step=str(at[0]),
              others=others if gone else "none")


def _superscript(power_of_ten: float) -> str:
    """'⁶' for 1e6."""
    return str(round(math.log10(power_of_ten))).translate(str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"))


def _lr_set(lrs: list[float]) -> str:
    """'0.3, 1 and 3' for up to three rates, 'from 0.3 to 30' for more neighbours on the grid, else a listing."""
    i, j = LR_CHOICES.index(lrs[0]), LR_CHOICES.index(lrs[-1])
    if len(lrs) > 3 and j - i + 1 == len(lrs):
        return tr("training-lr-range", lo=short(lrs[0]), hi=short(lrs[-1]))
    return listing([short(x) for x in lrs])


def _diverging(lrs: list[float]) -> str:
    """'from 10 up' when the rates run to the top of the grid, else 'at 300 and 1000'."""
    if len(lrs) > 1 and lrs[-1] == LR_CHOICES[-1] and len(lrs) == len(LR_CHOICES) - LR_CHOICES.index(lrs[0]):
        return tr("training-lr-up", lo=short(lrs[0]))
    return tr("training-lr-at", rates=listing([short(x) for x in lrs]))


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
        rates = _lr_set(ok) if ok else ""
        if ok:
            facts["said"][f"rates {name}"] = rates
        range_ = len(ok) > 3 and LR_CHOICES.index(ok[-1]) - LR_CHOICES.index(ok[0]) + 1 == len(ok)
        parts.append(tr("training-sweep-run", run=name, first="no" if parts else "yes", low=short(LOW_LOSS),
                        n=len(ok), of=len(LR_CHOICES), rates=rates or "none", range="yes" if range_ else "no",
                        diverges=_diverging(gone) if gone else "none"))
    in_s, in_u = lr in usable(finals_s), lr in usable(finals_u)
    facts["yours"] = [name for name, inside in (("scaled", in_s), ("unscaled", in_u)) if inside]
    yours = {(True, True): "both", (True, False): "scaled", (False, True): "unscaled", (False, False): "neither"}
    return Said(tr("training-sweep", d_k=str(d_k), steps=steps, first=parts[0], second=parts[1], lr=short(lr),
                   yours=yours[(in_s, in_u)], low=short(LOW_LOSS)), facts)


def spread_sentence(scaled: Run, unscaled: Run) -> Said:
    """How the final losses vary over the seeds, and how the two runs compare on them: worded from endings(),
    the decision the chosen seed's verdict is worded from too. Facts: endings (each seed's, the chosen one first),
    apart (the two runs' ranges of final loss do not overlap; None where it is not said) and said (each run's
    lowest and highest final loss as printed, 'low scaled', 'high unscaled', …)."""
    S = scaled.loss.shape[0]
    facts = {"endings": endings(scaled, unscaled), "apart": None, "said": {}}
    parts = [_final_range(run, not k, facts) for k, run in enumerate((scaled, unscaled))]
    return Said(_join(tr("training-spread", seeds=str(S), first=parts[0], second=parts[1]),
                      _seeds_summary(scaled, unscaled, facts)), facts)


def _final_range(run: Run, first: bool, facts: dict) -> str:
    """'the scaled run's final loss ranges from 1.78 to 1.85 (it diverged on 2 of them)', 'rounds to 2.01 on the
    one seed where it trained', or 'diverges on every seed'."""
    finals = final_loss(run.loss)  # (S,) NaN where a seed diverged
    ok = finals[~np.isnan(finals)]
    S, gone = finals.size, finals.size - ok.size
    if not ok.size:
        return tr("training-range-diverges", run=run.name)
    rough = erratic(run)[~np.isnan(finals)]  # (ok.size,) which of the seeds that trained are erratic
    lo, hi = (_rough(x) if e else _loss(x) for x, e in ((ok.min(), rough[np.argmin(ok)]),
                                                          (ok.max(), rough[np.argmax(ok)])))
    facts["said"].update({f"low {run.name}": lo, f"high {run.name}": hi})
    what = tr("training-range-what", run=run.name, first="yes" if first else "no")
    if ok.size == 1:
        return tr("training-range-one", what=what, lo=lo, others=str(S - 1))
    if lo == hi:
        return tr("training-range-same", what=what, rough="yes" if not lo[0].isdigit() else "no", lo=lo,
                  trained=int(ok.size), gone=int(gone))  # 'is about 1.6'
    return tr("training-range", what=what, first="yes" if first else "no", lo=lo, hi=hi, gone=int(gone))


def summary(kind: str, seeds: int, chosen: str) -> str:
    """'only the scaled run diverges on 3 seeds (the chosen one among them)': how many seeds end one way (kind, one
    of attn_core.training.ENDINGS); chosen: 'one' (the chosen seed alone), 'among' or 'no'."""
    return tr("training-summary", kind=kind.replace(" ", "-"), seeds=seeds, alike=times(ALIKE),
              within=short(ALIKE_ACCURACY), chosen=chosen)


def _seeds_summary(scaled: Run, unscaled: Run, facts: dict) -> str:
    """What endings() says over the seeds: the same ending on every seed, or how many seeds end each way."""
    kinds = facts["endings"]
    if len(set(kinds)) > 1:
        counts = sorted(((kinds.count(k), k) for k in set(kinds)), key=lambda c: (-c[0], kinds.index(c[1])))
        # the verdict above is about the chosen seed: say which group it is in
        return tr("training-depends", outcomes=listing(
            [summary(k, c, ("one" if c == 1 else "among") if k == kinds[0] else "no") for c, k in counts]))
    kind = kinds[0]
    if kind.endswith("diverged"):
        return ""  # the ranges above already say which run diverges on every seed
    f_s, f_u = final_loss(scaled.loss), final_loss(unscaled.loss)
    apart = facts["apart"] = bool(f_s.max() < f_u.min() or f_u.max() < f_s.min())
    if kind == "alike":
        order = "scaled" if f_s.max() < f_u.min() else "unscaled" if apart else "overlap"
        return tr("training-every-seed-alike", alike=times(ALIKE), within=short(ALIKE_ACCURACY), order=order)
    return tr("training-every-seed-lower", lower=kind.split()[0], apart="yes" if apart else "no")


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
        return Said(tr("training-heatmap-both-diverged"), facts)
    parts = []
    for run in (scaled, unscaled):
        W = run.final_weights if after else run.initial_weights  # (n, n)
        n = facts["of"] = W.shape[-1]
        if np.isnan(W).any():
            facts["hits"][run.name] = None
            parts.append(tr("training-heatmap-diverged", run=run.name))
            continue
        hits = facts["hits"][run.name] = int(np.sum(np.argmax(W, axis=-1) == np.arange(n)))
        own = facts["said"][f"own {run.name}"] = num(float(np.mean(np.diagonal(W))), 2)
        parts.append(tr("training-heatmap-run", run=run.name, first="no" if parts else "yes", hits=str(hits),
                        n=str(n), own=own))
    return Said(tr("training-heatmap", after="yes" if after else "no", first=parts[0], second=parts[1]), facts)


# ---------------------------------------------------------------------------------------------- the race's question
# the race's answers, one for each outcome of first_to_learn, which prediction_right marks them against (the radio's
# values are these keys; its labels, guess_label's, are in the session's language)
GUESSES = {"scaled": "The scaled run (with 1/√d_k)", "unscaled": "The unscaled run",
           "same": "Both at the same step", "neither": "Neither, within these steps"}
# The prediction, declared once: its key for checkpoint.predict, its class-mode name and the wrong answers expected
RACE = Asked("training.race", "asked-training-race", "option",
             tuple(Wrong(f"training-guess-{k}", f"asked-training-race-{k}.shows", const(k))
                   for k in ("unscaled", "same", "neither", "scaled")), key="cp_race",
             gives_away=lambda state: race_gives_away(state), reason_id="asked-training-race.reason")


def guess_label(key: str) -> str:
    """The race's answer `key` (a key of GUESSES) as the radio shows it."""
    return tr(f"training-guess-{key}")


def race_gives_away(state) -> list[str]:
    """What shows which run's loss drops first: the race's curves, its verdict, and the weights each run learnt."""
    return [curves_title(("loss", "accuracy")), curves_title(("entropy", "grad_norm_K")),
            tr("training-header-attention"), tr("training-after-training-run", run="scaled"),
            tr("training-after-training-run", run="unscaled")]


def race_question(d_k: int, lr: float, steps: int) -> str:
    """The race's question, about the learner's own width, learning rate and number of steps."""
    return tr("training-race-question", d_k=str(d_k), lr=short(lr), low=short(LOW_LOSS), steps=steps)


# ---------------------------------------------------------------------------------------------- the page's captions
def long_run_note(runs: int, steps: int, d_k: int, seconds: float) -> str:
    """Why a setting waits for a click: how many models, how many steps, and about how long."""
    return tr("training-long-run", runs=str(runs), steps=str(steps), d_k=str(d_k), seconds=num(seconds, 0))


def train_button(seconds: float) -> str:
    """'Train (12 s)': the button that starts a long run."""
    return tr("training-train-button", seconds=num(seconds, 0))


def training_progress(models: int, steps: int, seconds: float) -> str:
    """The progress bar's text while the sweep trains: 'Training 26 models for 200 steps, about 2 s…'."""
    return tr("training-progress", models=str(models), steps=str(steps), seconds=str(max(1, round(seconds))))


def extra_seeds_progress(models: int, seeds) -> str:
    """The progress bar's text while the other seeds train, `models` of them over every seed but the first."""
    return tr("training-extra-progress", models=str(models), seeds=str(len(seeds) - 1))


def curves_caption(seeds) -> str:
    """What each point of the race's curves is, and, with several seeds, what the lines and bands are."""
    text = tr("training-curves-caption", batch=str(BATCH), keys=str(N_KEYS), low=short(LOW_LOSS))
    if len(seeds) == 1:
        return text  # the toggle's own label says what several seeds show
    return _join(text, tr("training-curves-seeds", first=str(seeds[0]), last=str(seeds[-1])))


def sweep_caption(seed: int) -> str:
    """What the sweep's points share, and how it marks a run that diverged."""
    return tr("training-sweep-caption", seed=str(seed), low=short(LOW_LOSS))


def code_note(seed: int) -> str:
    """What 'Show the code' holds, and how it relates to what the page itself runs."""
    return tr("training-code-note", seed=str(seed))


# ------------------------------------------------------------------------ the page's own text, and its charts' words
# The page's fixed texts, each looked up in the session's language when the page reads it (say.INTRO): a module
# attribute name -> its message.
_TEXTS = {"SIDEBAR_NOTE": "training-sidebar-note", "LOSS_NOTE": "training-loss-note",
          "SWEEP_EXPANDER": "training-sweep-expander",
          "RACE_HELP": "training-race-help", "WAITING_CAPTION": "training-waiting",
          "EXPLORING_CAPTION": "training-exploring", "STEP_AXIS": "training-step-axis",
          "D_K_SLIDER": "training-d-k-slider", "TITLE": "training-title", "MODEL_EXPANDER": "training-model-expander",
          "LR_SLIDER": "training-lr-slider", "STEPS_SLIDER": "training-steps-slider",
          "SEED_INPUT": "training-seed-input", "LOSS_RADIO": "training-loss-radio", "KEY": "training-axis-key",
          "FORMULA_SCALED": "training-formula-scaled", "FORMULA_UNSCALED": "training-formula-unscaled",
          "QUERY": "training-axis-query"}
SECTIONS = ("start", "race", "attention", "try")  # the sections' anchors, in order
METRICS = ("loss", "accuracy", "entropy", "grad_norm_K")  # the race's panels


def __getattr__(name: str):
    """say.INTRO and the other fixed texts, in the language of the script run reading them (never at import)."""
    if name in _TEXTS:
        return tr(_TEXTS[name])
    if name == "INTRO":
        return tr("training-intro", keys=str(N_KEYS))
    if name == "START_CAPTION":
        return tr("training-start-caption", keys=str(N_KEYS))
    if name == "MODEL":
        return tr("training-model", width=str(D_MODEL))
    if name == "LOSS_LABELS":
        return {"mse": tr("training-loss-mse"), "ce": tr("training-loss-ce")}
    if name == "HEADERS":  # by each section's anchor
        return {anchor: tr(f"training-header-{anchor}") for anchor in SECTIONS}
    if name == "RUN_NAMES":  # the charts' legends
        return {"scaled": tr("training-legend-scaled"), "unscaled": tr("training-legend-unscaled")}
    if name == "PANEL_TITLES":
        return {m: tr(f"training-panel-{m.replace('_', '-').lower()}") for m in METRICS}
    if name == "GUESS_LABELS":
        return {key: guess_label(key) for key in GUESSES}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


TRY_LR, TRY_D_K = (0.1, 3.0), (4, 64)  # a rate both runs learn at and the default; a width where they act alike


def things_to_try(d_k: int, lr: float, loss: str) -> str:
    """Settings worth a visit next, never the ones already set: the first of TRY_LR and TRY_D_K that differs from
    yours, and the loss you are not using."""
    rate = next(x for x in TRY_LR if x != lr)
    width = next(d for d in TRY_D_K if d != d_k)
    return tr("training-things-to-try", lr=short(rate), d_k=str(width), loss=loss)


def curves_title(metrics) -> str:
    """The title of the race's chart of two stacked `metrics`: the loss and accuracy, or the entropy and gradient."""
    return tr("training-curves-title", metrics="loss" if metrics[0] == "loss" else "entropy")


def uniform_label() -> str:
    """'uniform: ln 16 = 2.77': the level of a row that spreads its weight evenly, on the entropy panel."""
    return tr("training-uniform", n=str(N_KEYS), value=num(UNIFORM_ENTROPY, 2))


def sweep_words(d_k: int, steps: int, lr: float) -> dict:
    """The words of the sweep's chart: title, axes (the y axis says how many steps the final loss averages),
    each run's legend name and its diverged crosses', and the label of the learner's rate."""
    names = __getattr__("RUN_NAMES")
    return {"title": tr("training-sweep-title", d_k=str(d_k)), "x": tr("training-sweep-x"),
            "y": tr("training-sweep-y", k=tail(steps)), "names": names,
            "diverged": {name: tr("training-diverged-legend", run=name) for name in names},
            "yours": tr("training-your-lr", lr=short(lr))}


def weights_title(name: str, after: bool) -> str:
    """'scaled run's weights at step 0', 'unscaled run's weights after training': a table of a run's weights."""
    return tr("training-weights-title", run=name, after="yes" if after else "no")


def weights_formula(name: str, d_k: int) -> str:
    """'softmax(QKᵀ/√64)' for the scaled run, 'softmax(QKᵀ)' for the unscaled: the formula under that title."""
    return f"softmax({f'QKᵀ/√{d_k}' if name == 'scaled' else 'QKᵀ'})"


def several_seeds(n_seeds: int) -> str:
    """The switch that trains each run from `n_seeds` seeds."""
    return tr("training-several-seeds", n=str(n_seeds))


def notebook_settings(d_k: int, lr: float, steps: int, seed: int, loss: str) -> dict:
    """The lab's settings as the notebook lists them."""
    return {"d_k": d_k, tr("training-lr-slider"): short(lr), tr("training-steps-slider"): steps,
            tr("training-seed-input"): seed, tr("training-loss-radio"): __getattr__("LOSS_LABELS")[loss]}
