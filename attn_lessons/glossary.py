"""The glossary: every term a page may use only after defining it, each with its one definition and the strings
that count as a use of it.

A page defines a term by showing its definition, word for word, where the term is first used: inside the
sentence (`inline`, "a hard argmax (all of the weight on …)") or in a line beside it (`line`, drawn by
attn_ui.glossary.define). `undefined_uses` is the check: given the route's text in the order a learner reads it,
it returns each use of a term that no earlier text (or the text itself) defines. tests/pages/test_glossary.py walks
the route with it.

Pure Python, like the rest of the words package.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    """A term, its one definition (a phrase that follows the term: "hard argmax (…)" or "hard argmax: …"), and the
    patterns (regular expressions) that count as a use of it. `case`: whether the patterns match case exactly."""

    name: str
    definition: str
    uses: tuple[str, ...]
    case: bool = False

    def used_in(self, text: str) -> int | None:
        """Where in `text` (normalised by `plain`) this term is first used, or None."""
        found = [m.start() for p in self.uses for m in [re.search(p, text, 0 if self.case else re.IGNORECASE)] if m]
        return min(found) if found else None

    def defined_in(self, text: str) -> bool:
        """Whether `text` (normalised by `plain`) shows this term's definition."""
        return plain(self.definition) in text


TERMS: tuple[Term, ...] = (
    Term("query", "what am I looking for?", (r"\bquer(?:y|ies)\b",)),
    Term("key", "what do I contain?", (r"\bkeys?\b",)),
    Term("value", "what do I pass along?", (r"\bvalues?\b",)),
    Term("softmax", "exp of each score over the row's sum of exps, so a row's weights are positive and sum to 1",
         (r"\bsoftmax",)),
    Term("d_k", "the width of each query and key vector", (r"\bd_k\b",), case=True),
    Term("hard argmax", "all weight on the top score", (r"\bhard argmax",)),
    Term("∂p₂/∂z₂", "how far a key's weight moves when its own score moves a little; every gradient to that score "
         "passes through it", ("∂p₂/∂z₂", "∂p₁/∂z₁"), case=True),
    Term("Jacobian", "the table of how each weight moves when each score moves", (r"\bJacobian",)),
    Term("nats", "the unit of entropy and loss with the natural log, ln: an even spread over n keys has ln n",
         (r"\bnats\b",), case=True),
    Term("concat", "the heads' outputs set side by side", (r"\bconcat",)),
    Term("W_O", "the learned matrix that mixes what the heads found into the layer's output", (r"\bW_O\b",),
         case=True),
    Term("induction head", "a head that uses a repeat's first copy to predict its second",
         (r"\binduction heads?\b",)),
    Term("Adam", "gradient descent that sizes each weight's step by its recent gradients", (r"\bAdam\b",),
         case=True),
    Term("recurrent network", "a network that reads one token per step, passing a state along",
         (r"\brecurrent (?:neural )?networks?\b", r"\bRNNs?\b")),
    Term("cross-attention", "queries from one sequence, keys and values from another", (r"\bcross-attention\b",)),
)
BY_NAME = {t.name: t for t in TERMS}


def term(name: str) -> Term:
    """The glossary's entry for `name`; a KeyError that lists the terms when there is none."""
    if name not in BY_NAME:
        raise KeyError(f"{name!r} is not in the glossary (attn_lessons/glossary.py): {sorted(BY_NAME)}")
    return BY_NAME[name]


def inline(name: str, said: str | None = None) -> str:
    """The term as written in a sentence (`said`, by default its name) with its definition after it, in brackets:
    "a hard argmax (all of the weight on the largest score, none on the others)"."""
    return f"{said or name} ({term(name).definition})"


def line(*names: str | tuple[str, str]) -> str:
    """One line that defines `names` beside where they are first used: "**nats**: the unit …; **Adam**: …". A name
    may be (term, as written), to show the term as the page writes it: ("∂p₂/∂z₂", "∂p₁/∂z₁")."""
    pairs = [(n, n) if isinstance(n, str) else n for n in names]
    return "; ".join(f"**{md(said)}**: {term(n).definition}" for n, said in pairs) + "."


def md(text: str) -> str:
    """`text` safe inside markdown: its underscores escaped (W_O, d_k)."""
    return text.replace("_", "\\_")


def plain(text: str) -> str:
    """`text` as a reader sees it: markdown emphasis, code marks and escapes removed, spaces made plain."""
    text = str(text).replace("\\", "").replace("**", "").replace("`", "")
    text = re.sub(r"(?<![\w*])\*(?!\s)|(?<!\s)\*(?![\w*])", "", text)  # *emphasis*, not a product a * b
    return re.sub(r"\s+", " ", text.replace("\xa0", " ").replace("\u2011", "-"))


@dataclass(frozen=True)
class Read:
    """One block of text as a learner meets it: the page it is on, the text, and `scope`: None for text on the page,
    or the fold it sits in (its label), so a definition in a closed fold counts only inside that fold."""

    page: str
    text: str
    scope: str | None = None


@dataclass(frozen=True)
class Undefined:
    """A use of `term` in `text`, on `page`, with no definition before it or in it."""

    term: str
    page: str
    text: str


def undefined_uses(blocks: Iterable[Read], known: Sequence[str] = ()) -> list[Undefined]:
    """Each glossary term's first undefined use in `blocks` (the route's text in reading order), or [] when every
    use comes with or after its definition. A block defines what it shows the definition of before its own uses are
    checked, so a sentence may define a term at its first use. `known`: terms defined before the first block."""
    defined: set[str] = set(known)
    local: dict[str, set[str]] = {}  # what each closed fold defines, for its own text only
    found: dict[str, Undefined] = {}
    for b in blocks:
        text = plain(b.text)
        here = local.setdefault(b.scope, set()) if b.scope is not None else defined
        here |= {t.name for t in TERMS if t.defined_in(text)}
        for t in TERMS:
            if t.name in defined or t.name in here or t.name in found or t.used_in(text) is None:
                continue
            found[t.name] = Undefined(t.name, b.page, b.text)
    return list(found.values())


def definitions(blocks: Iterable[Read]) -> set[str]:
    """The terms `blocks` define outside closed folds: what a later page may use without defining."""
    return {t.name for b in blocks if b.scope is None for t in TERMS if t.defined_in(plain(b.text))}
