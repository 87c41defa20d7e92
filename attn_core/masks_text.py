"""The sentences of the Masks and heads page, each built from the numbers it talks about.

Pure Python: every function returns a plain string (or None when there is nothing true to say), so the
tests can walk the controls to their extremes and check each claim. How a number reads (decimals,
"a"/"an", plurals) is not decided here: the caller passes `fmt`, the page's number formatter
(`attn_ui.format`), so attn_core stays free of the view layer while every number on screen reads alike.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from .masks import fully_masked_rows


class Formatter(Protocol):
    """What the sentences need from a number formatter; `attn_ui.format` is one."""

    def num(self, x: float, decimals: int = 3) -> str: ...

    def gap(self, x: float) -> str: ...


def nothing_can_attend(kind: str, mask) -> str | None:
    """The error when the mask blocks every pair, or None when some query may attend to some key."""
    if np.asarray(mask, dtype=bool).any():
        return None
    what = "every token is padding" if kind == "padding" else "your mask blocks every pair"
    fix = ("Make fewer tokens padding." if kind == "padding" else
           "Tick at least one box in each row (the diagonal lets each token see itself), "
           "or press “Allow every pair”.")
    return (f"Nothing can attend: {what}, so no query may look at any key. Every weight below is 0 and every "
            f"output is 0, rather than not-a-number. {fix}")


def refit_notice(m: int, n: int) -> str:
    """What happened to an m × m custom mask on a sentence of n tokens."""
    return (f"Your custom mask was {m} × {m} but your sentence has {n} tokens, so it is now {n} × {n}"
            f"{' (the new pairs are allowed)' if n > m else ''}.")


def heads_caption(d_model: int, heads: int) -> str:
    """How many columns of Q and K the head on show works with."""
    if heads > 1:
        return (f"You have {heads} heads (set in the sidebar); each works on d_k = {d_model} / {heads} = "
                f"{d_model // heads} columns of Q and K. The same mask applies to every head.")
    return f"One head: d_k = d_model = {d_model}. Pick more heads in the sidebar; the mask stays the same."


def all_scores_blocked(mask) -> str | None:
    """Said in words when every masked score is −∞ (a heatmap of nothing would be an empty grey box)."""
    mask = np.asarray(mask, dtype=bool)
    if mask.any():
        return None
    return (f"All {mask.size} masked scores are −∞: every pair is blocked, so there is no finite score left to "
            "colour. exp(−∞) = 0 everywhere, and the weights below are all 0.")


def weights_caption(mask, weights, head: int, fmt: Formatter) -> str:
    """The largest weight on a blocked pair (over every head) and how close the open rows of `head` sum to 1."""
    mask = np.asarray(mask, dtype=bool)
    weights = np.asarray(weights, dtype=float)  # (heads, n, n)
    blocked_max = weights[:, ~mask].max() if (~mask).any() else 0.0
    open_rows = np.setdiff1d(np.arange(mask.shape[0]), fully_masked_rows(mask))
    sums = weights[head].sum(axis=-1)
    gap = np.abs(sums[open_rows] - 1).max() if open_rows.size else 0.0
    return (f"Largest weight on a blocked pair, over all heads: {fmt.num(blocked_max, 3)}"
            f"{' (exactly 0)' if blocked_max == 0 else ''}. "
            + (f"Every row with an allowed key sums to 1 (largest gap {fmt.gap(gap)})." if open_rows.size else ""))


def blocked_rows_info(labels, mask, weights, output, fmt: Formatter) -> str | None:
    """What the queries that may see no key get, or None when every query may see some key."""
    rows = fully_masked_rows(mask)
    if not rows.size:
        return None
    weights, output = np.asarray(weights, dtype=float), np.asarray(output, dtype=float)
    names = ", ".join(f"“{labels[i]}”" for i in rows)
    return (f"{names} may attend to no key: {'its' if rows.size == 1 else 'their'} row of masked scores is "
            f"all −∞. There is nothing to share the weight among, so this explorer gives the row weights of 0 "
            f"(they sum to {fmt.num(weights[:, rows].sum(axis=-1).max(), 0)}, not 1) and an output of 0: "
            f"largest output entry {fmt.num(np.abs(output[rows]).max(), 3)}.")


def where_query_looks(labels, i: int, weights, fmt: Formatter) -> str:
    """Where query i puts its largest weight in each head; weights is (heads, n, n)."""
    weights = np.asarray(weights, dtype=float)
    heads = weights.shape[0]
    if not weights[:, i].any():
        return f"“{labels[i]}” may see no key, so every head gives it zero weights."
    tops = [(k, int(np.argmax(weights[k, i]))) for k in range(heads)]
    return (f"Where “{labels[i]}” looks most: "
            + "; ".join(f"head {k + 1} → {labels[j]} ({fmt.num(weights[k, i, j], 2)})" for k, j in tops[:8])
            + ("; …" if heads > 8 else "") + ". Heads that look at different keys pass different values along.")


def average_title(heads: int) -> str:
    """The title of the head-average heatmap."""
    return f"average over the {heads} head{'s' if heads > 1 else ''}, not a head: (1/h)·Σₕ weightsₕ"


def average_caption(heads: int) -> str:
    """Why the head average is only a summary."""
    return ("This average is a summary for your eyes only: the layer never computes it. It concatenates the "
            "heads' outputs and multiplies by W_O, so a head that looks somewhere else is not blurred away."
            + (" With one head, the average is that head." if heads == 1 else ""))
