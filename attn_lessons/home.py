"""The words of Home: sentences about its numbers and tokens, chosen from them. Plain strings; no UI library."""

from __future__ import annotations

import math

import numpy as np

from attn_core.builder import FEATURES, POSITION_DIMS, repeated_words, runner_up, sum_gap, top_keys

from .builder import rules_said
from .format import a_an, gap, listing, md_text, num, readable

_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number_word(k: int) -> str:
    """'two' for 2 … 'ten' for 10, digits beyond."""
    return _NUMBER_WORDS[k] if 0 <= k < len(_NUMBER_WORDS) else str(k)


def positions_note(tokens, positional: bool = True) -> str:
    """What X is, and what the positions do for the repeated words of this sentence, if any."""
    repeats = repeated_words(tokens)
    if not positional:
        return "X is each token's embedding alone, with no position: the same word gets the same row."
    base = "X is each token's embedding plus its sinusoidal position"
    if not repeats:
        return base + ", so the same word at two places would still get two different rows."
    listed = listing(f"the {number_word(c)} “{w}”s" for w, c in repeats.items())
    return f"{base}, so {listed} get different rows."


def weight_text(w: float, decimals: int = 3) -> str:
    """A weight for a sentence: `decimals` decimals, more where those would print 1.000 for a weight that is
    not exactly 1 (0.99996), × 10ⁿ where they would print 0.000 for one that is not exactly 0."""
    w = float(w)
    if w in (0.0, 1.0) or not math.isfinite(w):
        return num(w, decimals)
    if abs(w) < 0.5 * 10**-decimals:
        return readable(w, decimals)  # 3.4 × 10⁻⁴, never 0.000
    while decimals < 15 and float(num(w, decimals).replace("−", "-")) in (0.0, 1.0):
        decimals += 1
    return num(w, decimals)


def apart(a: float, b: float, decimals: int = 2) -> tuple[str, str]:
    """a and b printed with the fewest decimals (at least `decimals`) that tell them apart when they differ, and
    that print neither as 0.00 unless it is 0."""
    a, b = float(a), float(b)

    def clear(d: int) -> bool:
        texts = num(a, d), num(b, d)
        rounded_away = any(x != 0 and float(t.replace("−", "-")) == 0 for x, t in zip((a, b), texts, strict=True))
        return (texts[0] != texts[1] or a == b) and not rounded_away

    while decimals < 12 and not clear(decimals):
        decimals += 1
    return num(a, decimals), num(b, decimals)


def top_key_verdict(labels, i: int, scaled_row, weights_row, guess: int | None) -> tuple[bool, str]:
    """Was `guess` the key that query i weighs most, and why: (right, sentence from the numbers)."""
    top = top_keys(weights_row)
    runner = runner_up(scaled_row, top)
    w = [float(x) for x in weights_row]
    s = [float(x) for x in scaled_row]
    q = f"“{labels[i]}”"
    if len(w) == 1:
        return (guess is not None, f"{q} is the only token, so it is its own only key and gets the whole weight, "
                                   f"{'1' if w[0] == 1 else weight_text(w[0])}: softmax of a single score is always 1.")
    if runner is None:
        return (guess is not None, f"{q} weighs every key the same, {weight_text(w[0])} each: its scaled scores "
                                   "are all equal, so no key is preferred and any answer is as good as another.")
    names = " and ".join(f"“{labels[j]}”" for j in top)
    tied = " each" if len(top) > 1 else ""
    best, second = apart(s[top[0]], s[runner])
    text = (f"{q} gives its largest weight, {weight_text(w[top[0]])}{tied}, to {names}: the scaled score q·k/√d_k "
            f"is {best} there, against at most {second} (“{labels[runner]}”) for the other keys, and softmax turns "
            "the largest score into the largest weight.")
    if guess is not None and guess not in top:
        text += f" “{labels[guess]}” gets {weight_text(w[guess])}."
    return (guess in top, text)


# ---------------------------------------------------------------------------------------------
# The weights: named features or seeded random
# ---------------------------------------------------------------------------------------------

def random_weights_caption(seed: int, d_model: int) -> str:
    """Where the random weights come from: the sidebar's seed and d_model."""
    return (f"W_Q, W_K and W_V are drawn from seed {seed} (sidebar), d_model = {d_model}. "
            "Nothing has been learned, so which key a query favours follows no meaning: it is down to the seed.")


def named_features_caption() -> str:
    """What the named features and the hand-set W_Q are (the Q/K/V builder's interpretable start)."""
    return (f"Named features: each column of X is one of {len(FEATURES)} features ({', '.join(FEATURES)}) "
            f"or one of {len(POSITION_DIMS)} position columns, and W_Q is set by hand: {'; '.join(rules_said())}. "
            "The sidebar's seed and d_model apply to the random weights. The Q/K/V builder shows the lexicon and "
            "every number.")


# ---------------------------------------------------------------------------------------------
# One query, every key
# ---------------------------------------------------------------------------------------------

def one_head_caption(d_model: int, tokens, named: bool) -> str:
    """The widths of the page's one head, and what X is for this sentence."""
    x_is = "X is each token's named features plus its two position columns." if named else positions_note(tokens)
    return f"One head, so d_k = d_v = d_model = {d_model}. {x_is}"


def top_key_question(label: str) -> str:
    """The prediction asked before query `label`'s weights appear."""
    return f"Which key will “{label}” give the most weight?"


def query_titles(label: str, d_k: int) -> tuple[str, list[str]]:
    """The title of the query's chart, and of its three panels: scores, scaled scores, weights."""
    return (f"What “{label}” asks of every key",
            [f"1. scores q·kⱼ for {label}", f"2. scaled: q·kⱼ / √{d_k}", "3. weights = softmax(scaled)"])


def query_steps_caption(d_k: int, weights_row) -> str:
    """What each of the three panels is, with √d_k and the row's sum of weights."""
    return (f"1: how well the query matches each key, a dot product. 2: divided by √d_k = √{d_k} = "
            f"{num(np.sqrt(d_k), 3)}, so the scores do not grow with width. 3: each weight is exp(scaled) over "
            f"the row's sum of exps; they sum to {num(np.sum(weights_row), 4)}.")


def output_header(label: str) -> str:
    """Section 4's header, for query `label` (escaped for markdown)."""
    return f"4. The output for {md_text(label)} is a weighted sum of the value rows"


def shares_sum_caption(shares, output_row) -> str:
    """That the keys' shares wⱼ·vⱼ (n, d_v) add up to the output row (d_v,), and how closely."""
    added = np.asarray(shares, dtype=float).sum(axis=0)  # Σⱼ wⱼ·vⱼ: (n, d_v) -> (d_v,)
    return ("Summing each column of the table of shares gives the output row under it: "
            f"largest gap {gap(sum_gap(added, output_row).largest)}.")


def weight_matrix_sentence(n_tokens: int, rows: int, cols: int) -> str:
    """What the weight matrix is, with its live size (a 6 × 6, an 8 × 8)."""
    yours = "Your one token gives" if n_tokens == 1 else f"Your {n_tokens} tokens give"
    return (f"Each row is one query's weights over every key; it sums to 1. {yours} "
            f"{a_an(rows)} {rows} × {cols} weight matrix, one row per query.")


def code_intro(label: str) -> str:
    """What "Show the code" holds: the page's numbers for query `label`."""
    return (f"This page's numbers in plain numpy, for the query “{md_text(label)}”, in the order the page "
            "shows them: the same code as the notebook below, which also checks its results against the page.")
