"""The words of Home: sentences about its numbers and tokens, chosen from them. Plain strings; no UI library."""

from __future__ import annotations

from attn_core.builder import repeated_words, runner_up, top_keys

from .format import listing, num

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


def top_key_verdict(labels, i: int, scaled_row, weights_row, guess: int | None) -> tuple[bool, str]:
    """Was `guess` the key that query i weighs most, and why: (right, sentence from the numbers)."""
    top = top_keys(weights_row)
    runner = runner_up(scaled_row, top)
    w = [float(x) for x in weights_row]
    s = [float(x) for x in scaled_row]
    q = f"“{labels[i]}”"
    if runner is None:
        return (guess is not None, f"{q} weighs every key the same, {num(w[0], 3)} each: its scaled scores are all "
                                   f"equal, so no key is preferred and any answer is as good as another.")
    names = " and ".join(f"“{labels[j]}”" for j in top)
    tied = " each" if len(top) > 1 else ""
    text = (f"{q} gives its largest weight, {num(w[top[0]], 3)}{tied}, to {names}: the scaled score q·k/√d_k is "
            f"{num(s[top[0]], 2)} there, against at most {num(s[runner], 2)} (“{labels[runner]}”) for the other "
            "keys, and softmax turns the largest score into the largest weight.")
    if guess is not None and guess not in top:
        text += f" “{labels[guess]}” gets {num(w[guess], 3)}."
    return (guess in top, text)
