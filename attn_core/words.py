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
