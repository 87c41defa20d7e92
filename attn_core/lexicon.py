"""The lexicon of the builder's named features: which feature each common English word, and each common Chinese
character, has.

It is data the maths reads, so it lives beside this file as lexicon.csv, one `word,feature` a line: lower-case
words, each once, each with one of the builder's features (attn_core.builder.FEATURES; "unknown" is what a word
gets for not being listed, so no line names it). People count as animals and things as places, so that the
hand-set W_Q's three rules (action → animal, animal → action, function word → place) cover everyday sentences
without new columns. Adjectives, adverbs, numbers and names stay unknown.

Chinese is read one character a token (attn_core.tokens), so its entries are single Han characters, after the
English words, under the same rules: 猫 and 姐 are animals, 坐 an action, 垫 and 书 places, and the particles, pronouns,
measure words and the words of place that English says with a preposition (在, 上, 里, 旁) function words. A
character that is part of a word takes the word's feature where it has no other common use: 垫子 (a mat) gives 子 a
place, so that 猫坐在垫子上 reads as "the cat sat on the mat" does (坐 looks for 猫, 在 and 上 look for 垫 and 子).
Where a character's common uses differ, the commonest wins (给 gives: an action; 被 the passive: a function word).
"""

from __future__ import annotations

import csv
from collections import Counter
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from .tokens import is_han

LEXICON_FILE = Path(__file__).with_name("lexicon.csv")
FALLBACK = "unknown"  # the feature of every word the file does not list


@cache
def read_lexicon(path: Path = LEXICON_FILE) -> dict[str, str]:
    """word -> feature name, in the file's order; a ValueError for a duplicate, a word not in lower case, an
    empty field or a line naming the fallback."""
    found: dict[str, str] = {}
    with open(path, newline="", encoding="utf-8") as f:
        for line, row in enumerate(csv.DictReader(f), start=2):  # line 1 is the header
            word, feature = (row.get("word") or "").strip(), (row.get("feature") or "").strip()
            if not word or not feature:
                raise ValueError(f"{path.name} line {line}: expected word,feature, got {row}")
            if word != word.casefold():
                raise ValueError(f"{path.name} line {line}: {word!r} should be in lower case")
            if word in found:
                raise ValueError(f"{path.name} line {line}: {word!r} is listed twice")
            if feature == FALLBACK:
                raise ValueError(f"{path.name} line {line}: {word!r} is {FALLBACK!r}; leave it out instead")
            found[word] = feature
    return found


def feature_indices(features: Sequence[str], path: Path = LEXICON_FILE) -> dict[str, int]:
    """word -> the index of its feature in `features`; a ValueError naming a word whose feature is not there."""
    index = {name: k for k, name in enumerate(features)}
    unknown = {w: f for w, f in read_lexicon(path).items() if f not in index}
    if unknown:
        word, feature = next(iter(unknown.items()))
        raise ValueError(f"{word!r} has the feature {feature!r}, which is not one of {', '.join(features)}")
    return {w: index[f] for w, f in read_lexicon(path).items()}


def not_in_lexicon(tokens, path: Path = LEXICON_FILE) -> list[int]:
    """Positions of the tokens the lexicon does not list (case folded, as the embedding folds them)."""
    words = read_lexicon(path)
    return [i for i, t in enumerate(tokens) if t.casefold() not in words]


def sizes(path: Path = LEXICON_FILE) -> dict[str, int]:
    """How many entries the lexicon has of each kind: {"words": English words, "characters": Chinese characters}."""
    found = Counter("characters" if is_han(w) else "words" for w in read_lexicon(path))
    return {"words": found["words"], "characters": found["characters"]}
