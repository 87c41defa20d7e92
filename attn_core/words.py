"""Sentences about the home page's numbers and tokens, chosen from them. Plain strings; no UI library."""

from __future__ import annotations

from collections import Counter

_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number_word(k: int) -> str:
    """'two' for 2 … 'ten' for 10, digits beyond."""
    return _NUMBER_WORDS[k] if 0 <= k < len(_NUMBER_WORDS) else str(k)


def repeated_words(tokens) -> dict[str, int]:
    """Each word that occurs more than once (case folded, as the embedding folds it) -> how many times."""
    counts = Counter(t.casefold() for t in tokens)
    return {w: c for w, c in counts.items() if c > 1}


def positions_note(tokens, positional: bool = True) -> str:
    """What X is, and what the positions do for the repeated words of this sentence, if any."""
    repeats = repeated_words(tokens)
    if not positional:
        return "X is each token's embedding alone, with no position: the same word gets the same row."
    base = "X is each token's embedding plus its sinusoidal position"
    if not repeats:
        return base + ", so the same word at two places would still get two different rows."
    parts = [f"the {number_word(c)} “{w}”s" for w, c in repeats.items()]
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"{base}, so {listed} get different rows."


TIE = 1e-9  # weights this close count as equal: floating-point rounding, not a preference


def top_keys(weights_row) -> list[int]:
    """The keys that get the row's largest weight (several when tied)."""
    row = [float(w) for w in weights_row]
    best = max(row)
    return [j for j, w in enumerate(row) if best - w <= TIE]


def top_key_verdict(labels, i: int, scaled_row, weights_row, guess: int | None, fmt) -> tuple[bool, str]:
    """Was `guess` the key that query i weighs most, and why: (right, sentence from the numbers).

    `fmt(x, decimals)` formats a number (attn_ui.format.num)."""
    top = top_keys(weights_row)
    w = [float(x) for x in weights_row]
    s = [float(x) for x in scaled_row]
    q = f"“{labels[i]}”"
    if len(top) == len(w):
        return (guess is not None, f"{q} weighs every key the same, {fmt(w[0], 3)} each: its scaled scores are all "
                                   f"equal, so no key is preferred and any answer is as good as another.")
    names = " and ".join(f"“{labels[j]}”" for j in top)
    tied = " each" if len(top) > 1 else ""
    rest = [j for j in range(len(w)) if j not in top]
    runner = max(rest, key=lambda j: s[j])
    text = (f"{q} gives its largest weight, {fmt(w[top[0]], 3)}{tied}, to {names}: the scaled score q·k/√d_k is "
            f"{fmt(s[top[0]], 2)} there, against at most {fmt(s[runner], 2)} (“{labels[runner]}”) for the other "
            "keys, and softmax turns the largest score into the largest weight.")
    if guess is not None and guess not in top:
        text += f" “{labels[guess]}” gets {fmt(w[guess], 3)}."
    return (guess in top, text)
