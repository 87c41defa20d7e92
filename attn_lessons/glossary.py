"""The glossary: every term a page may use only after defining it, each with its one definition and the strings
that count as a use of it.

A page defines a term by showing its definition, word for word, where the term is first used: inside the
sentence (`inline`, "a hard argmax (all of the weight on …)") or in a line beside it (`line`, drawn by
attn_ui.glossary.define). `undefined_uses` is the check: given the route's text in the order a learner reads it,
it returns each use of a term that no earlier text (or the text itself) defines. tests/pages/test_glossary.py walks
the route with it.

Every definition is in the catalogs (locales/<lang>/glossary.ftl), in each language; a term's uses are matched in
every language at once (its English name or symbol, and its Chinese words), and so are its definitions, so the
same walk checks the route read in English or in Chinese. Pure Python, like the rest of the words package.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .i18n import languages, tr, tr_in


@dataclass(frozen=True)
class Term:
    """A term, its one definition (a phrase that follows the term: "hard argmax (…)" or "hard argmax: …"), and the
    patterns (regular expressions) that count as a use of it. `msg`: its message in locales/<lang>/glossary.ftl,
    whose value is the definition and whose `.term` is the term as that language writes it (查询 for query).
    `uses`: the patterns of its English name, and of the symbol every language writes (softmax, d_k, W_O);
    `translated`: the patterns of the term in the other languages' words (查询). A use in any language counts, so
    the check reads a page in any language. `case`: whether the patterns match case exactly."""

    name: str
    msg: str
    uses: tuple[str, ...]
    translated: tuple[str, ...] = ()
    case: bool = False

    @property
    def definition(self) -> str:
        """The definition, in the session's language."""
        return tr(f"glossary-{self.msg}")

    @property
    def said(self) -> str:
        """The term as the session's language writes it (查询 for query in Chinese)."""
        return tr(f"glossary-{self.msg}.term")

    def definitions(self) -> tuple[str, ...]:
        """The definition in every language the app has."""
        return tuple(tr_in(lang, f"glossary-{self.msg}") for lang in languages())

    def used_in(self, text: str) -> int | None:
        """Where in `text` (normalised by `plain`) this term is first used, in any language, or None."""
        found = [m.start() for p in self.uses + self.translated
                 for m in [re.search(p, text, 0 if self.case else re.IGNORECASE)] if m]
        return min(found) if found else None

    def defined_in(self, text: str) -> bool:
        """Whether `text` (normalised by `plain`) shows this term's definition, in any language."""
        return any(plain(d) in text for d in self.definitions())


# Chinese words that hold 键 or 值 without meaning a key or a value (关键 crucial, 键盘 keyboard; 数值 a number,
# 均值 a mean, 最大值 the largest, 值得 worth …)
_ZH_KEY = r"(?<!关)键(?!盘)"
_ZH_VALUE = r"(?<![数均大小阈峰望似计取差估极比征价加])值(?!得)"

TERMS: tuple[Term, ...] = (
    Term("query", "query", (r"\bquer(?:y|ies)\b",), ("查询",)),
    Term("key", "key", (r"\bkeys?\b",), (_ZH_KEY,)),
    Term("value", "value", (r"\bvalues?\b",), (_ZH_VALUE,)),
    Term("softmax", "softmax", (r"\bsoftmax",)),
    Term("d_k", "d-k", (r"\bd_k\b",), case=True),
    Term("hard argmax", "hard-argmax", (r"\bhard argmax",), (r"硬\s?argmax",)),
    Term("∂p₂/∂z₂", "slope", ("∂p₂/∂z₂", "∂p₁/∂z₁"), case=True),
    Term("Jacobian", "jacobian", (r"\bJacobian",), ("雅可比",)),
    Term("nats", "nats", (r"\bnats\b",), ("奈特",), case=True),
    Term("concat", "concat", (r"\bconcat",), ("拼接",)),
    Term("W_O", "w-o", (r"\bW_O\b",), case=True),
    Term("induction head", "induction-head", (r"\binduction heads?\b",), ("归纳头",)),
    Term("Adam", "adam", (r"\bAdam\b",), case=True),
    Term("recurrent network", "recurrent", (r"\brecurrent (?:neural )?networks?\b", r"\bRNNs?\b"),
         ("循环神经网络",)),
    Term("cross-attention", "cross-attention", (r"\bcross-attention\b",), ("交叉注意力",)),
)
BY_NAME = {t.name: t for t in TERMS}


def term(name: str) -> Term:
    """The glossary's entry for `name` (its English name, the same in every language); a KeyError that lists the
    terms when there is none."""
    if name not in BY_NAME:
        raise KeyError(f"{name!r} is not in the glossary (attn_lessons/glossary.py): {sorted(BY_NAME)}")
    return BY_NAME[name]


def inline(name: str, said: str | None = None) -> str:
    """The term as written in a sentence (`said`, by default as the session's language writes it) with its
    definition after it, in brackets: "a hard argmax (all of the weight on the largest score, none on the
    others)"."""
    return tr("glossary-inline", term=said or term(name).said, definition=term(name).definition)


def line(*names: str | tuple[str, str]) -> str:
    """One line that defines `names` beside where they are first used: "**nats**: the unit …; **Adam**: …". A name
    may be (term, as written), to show the term as the page writes it: ("∂p₂/∂z₂", "∂p₁/∂z₁")."""
    pairs = [(n, term(n).said) if isinstance(n, str) else n for n in names]
    joiner = tr("glossary-line-joiner")
    return tr("glossary-line", pairs=joiner.join(tr("glossary-line-pair", term=md(said), definition=term(n).definition)
                                                   for n, said in pairs))


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
