"""Check yourself, the words: seeded questions about attention, their computed answers, the marking of a
reply, and every sentence the page prints about its numbers.

`make_question(kind, seed)` draws a question's numbers from a seeded generator and computes its right answer by
running the attention code on arrays of that size (never a typed-in constant). `check(question, text)` reads
the learner's reply as a shape, a number, a vector or a choice and returns right, wrong or unreadable, with an
explanation made from the question's numbers. The `reveal_*` functions word what the page's live computation
found, each as a `Said`: its text and the facts it states (the numbers it quotes as printed, which keys, which
matrices decide the weights), for the tests to compare with attn_core. The numbers come from `attn_core.questions`;
how a number reads, from `.format`.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

import numpy as np

from attn_core.attention import causal_mask, scaled_dot_product_attention, split_heads
from attn_core.questions import (
    CLOSE,
    PASSAGE,
    PASSAGE_ZH,
    REPEATED_EN,
    REPEATED_ZH,
    RoleTest,
    attention_reads,
    one_hot_attention,
    qk_variance_theory,
    qkv_arrays,
    question_rng,
    recurrent_reads,
    repeat_gaps,
    repeated_word_sentence,
    role_test,
    scale_facts,
    steps_matrix,
)
from attn_core.scaling import TwoKeys, compare_two_keys
from attn_core.tokens import is_han

from .asked import Asked, Wrong, const
from .glossary import inline
from . import i18n
from .i18n import tr, tr_in
from .said import Said
from .format import a_an, enough, enough_vec, listing, num, short, sqrt_text
from .scaling import gradients_compared  # one wording of a gradient comparison, both pages'
from .scaling import saturation_compared  # why this comparison differs from the Scaling explorer's 73×

RIGHT, WRONG, UNREADABLE, SHOWN = "right", "wrong", "unreadable", "shown"



def unreadable_message(answer_type: str) -> str:
    """What to tell a learner whose reply cannot be read as a shape, a number, a vector or a choice."""
    return tr(f"questions-unreadable-{answer_type}")


class Msg(NamedTuple):
    """A sentence not yet worded: its catalog id and its variables (each a value, a Msg, or a tuple of them), so a
    Question made once, and cached by the page, reads in whichever language the page is drawn in. An id starting
    with "=" names a Python wording (FORMS below) instead of a catalog message."""

    id: str
    args: tuple[tuple[str, Any], ...] = ()

    def text(self, lang: str | None = None) -> str:
        values = {k: _worded(v, lang) for k, v in self.args}
        if self.id.startswith("="):
            return FORMS[self.id](**values)
        return tr_in(lang, self.id, **values) if lang else tr(self.id, **values)

    def __str__(self) -> str:
        return self.text()


def msg(msg_id: str, /, **args) -> Msg:
    return Msg(msg_id, tuple(args.items()))


class PerLang(NamedTuple):
    """A variable whose value depends on the language it is read in (the example sentence a question quotes):
    (language, value) pairs, the first read for a language not among them."""

    values: tuple[tuple[str, Any], ...]

    def pick(self, lang: str | None = None) -> Any:
        return dict(self.values).get(lang or i18n.current(), self.values[0][1])


def _worded(value, lang: str | None):
    if isinstance(value, PerLang):
        return _worded(value.pick(lang), lang)
    if isinstance(value, Msg):
        return value.text(lang)
    if isinstance(value, tuple):
        return tuple(_worded(v, lang) for v in value)
    return value


def worded(value) -> str:
    """A Msg in the current language; a plain string as it is; None as ''."""
    return "" if value is None else str(value)


@dataclass(frozen=True)
class Question:
    """One question at one seed: what to ask, the computed answer, and what the checker needs.

    The words (prompt, why, the options' labels) are kept as Msg and read in the current language each time, so
    that one Question, cached, serves every language; `answer` and `params` are the same in every language.
    """

    kind: str
    seed: int
    prompt_msg: Msg  # markdown
    answer: Any  # a shape (tuple of ints), a float, a vector (tuple of floats) or an option key
    answer_plain: str  # a shape, number or vector as a sentence states it: "10 × 10", "√64 = 8" ("" for a choice)
    why_msg: Msg  # why that is the answer, from the numbers
    answer_type: str  # "shape" | "number" | "vector" | "choice"
    params: Mapping[str, Any] = field(default_factory=dict)
    option_msgs: tuple[tuple[str, Msg], ...] = ()  # (key, label) for a choice
    latex: str = ""  # a formula to show under the prompt
    tolerance: float = 0.0  # how far a number or vector entry may be from the answer
    decimals: int | None = None  # the precision a number question states ("Two decimals are enough"), if any

    @property
    def prompt(self) -> str:
        return self.prompt_msg.text()

    @property
    def why(self) -> str:
        return self.why_msg.text()

    @property
    def options(self) -> tuple[tuple[str, str], ...]:
        """(key, label) for a choice, the labels in the current language."""
        return tuple((key, label.text()) for key, label in self.option_msgs)

    @property
    def answer_text(self) -> str:
        """The answer as a sentence states it: "10 × 10", "√64 = 8", or the right option quoted: “They are
        identical”."""
        if self.answer_type == "choice":
            return _quoted_option(dict(self.options)[self.answer])
        return self.answer_plain

    def reason(self, key: str) -> str:
        """A choice's reason for the option `key` (why it is or is not right), in the current language."""
        return worded(self.params.get("reasons", {}).get(key))


@dataclass(frozen=True)
class Verdict:
    """right, wrong, unreadable or shown, and what to tell the learner."""

    status: str
    message: str


# --------------------------------------------------------------------------------------------- reading text

_SEPARATOR = re.compile(r"\s*(?:[x×✕*,]|by)\s*|\s+")
_CLOSING = {"(": ")", "[": "]"}
_WORDS = {w: i for i, w in enumerate(("zero one two three four five six seven eight nine ten eleven twelve "
                                      "thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty").split())}
_PLAIN = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?")


# Typed on a Chinese keyboard: NFKC makes full-width digits, letters and punctuation plain (０.５, ３，４, （3, 4）);
# these have no plain form there: the ideographic full stop and enumeration comma, and 乘 ("by", as in 3 乘 4).
_CJK_TYPED = str.maketrans({"。": ".", "、": ",", "乘": "x"})


def _typed(text: str) -> str:
    """A reply as plain characters, whichever keyboard typed it: '０.５' -> '0.5', '３，４' -> '3,4'."""
    return unicodedata.normalize("NFKC", text).translate(_CJK_TYPED)


def _unwrap(text: str) -> str:
    """Plain characters (_typed), lower-case, trimmed, a final full stop and one pair of enclosing brackets
    removed."""
    s = _typed(text).strip().lower().removesuffix(".").strip()
    if s[:1] in _CLOSING and s.endswith(_CLOSING[s[0]]):
        s = s[1:-1].strip()
    return s


def parse_shape(text) -> tuple[int, ...] | None:
    """'10x10', '10 × 10', '(10, 10)', '10 by 10', '[3, 4]', '(10,)' -> a tuple of ints; None if unreadable."""
    if not isinstance(text, str) or len(text) > 100:
        return None
    s = _unwrap(text).removesuffix(",").strip()
    if not s:
        return None
    parts = _SEPARATOR.split(s)
    if not 1 <= len(parts) <= 4 or not all(p.isascii() and p.isdigit() and len(p) <= 9 for p in parts):
        return None
    return tuple(int(p) for p in parts)


def _plain(s: str) -> tuple[float, float] | None:
    """A number as typed and the unit of its last digit: '5.7' -> (5.7, 0.1), '0,73' -> (0.73, 0.01), '6' -> (6, 1),
    '2.5e-3' -> (0.0025, 0.0001); None if unreadable."""
    s = s.strip().replace("−", "-").replace("–", "-")
    if s.count(",") == 1 and "." not in s:
        s = s.replace(",", ".")  # a decimal comma: 0,73
    if not s.isascii() or not _PLAIN.fullmatch(s):
        return None
    value = float(s)
    mantissa, _, power = s.lower().partition("e")
    decimals = len(mantissa.partition(".")[2])
    return (value, 10.0 ** (int(power or 0) - decimals)) if math.isfinite(value) else None


def _plain_number(s: str) -> float | None:
    plain = _plain(s)
    return None if plain is None else plain[0]


def _term(s: str) -> float | None:
    """A plain number or a square root: '8', '√64', 'sqrt(64)', 'sqrt 64'."""
    root = re.fullmatch(r"(?:√|sqrt)\s*\(?\s*([^()]+?)\s*\)?", s.strip())
    if root:
        value = _plain_number(root.group(1))
        return None if value is None or value < 0 else math.sqrt(value)
    return _plain_number(s)


def _read_number(text) -> tuple[float, float] | None:
    """A reply as (value, unit of its last typed digit), the unit 0 for an exact form (√32, 1/√32, 'one');
    None if unreadable."""
    if not isinstance(text, str) or len(text) > 60:
        return None
    s = _unwrap(text)
    for lead in ("≈", "~", "about", "="):
        s = s.removeprefix(lead).strip()
    if s in _WORDS:
        return float(_WORDS[s]), 0.0
    if s.endswith("%"):
        plain = _plain(s[:-1])
        return None if plain is None else (plain[0] / 100, plain[1] / 100)
    if s.count("/") == 1:
        top, bottom = (_term(p) for p in s.split("/"))
        return None if top is None or not bottom else (top / bottom, 0.0)
    value = _term(s)
    if value is None:
        return None
    return _plain(s) or (value, 0.0)


def parse_number(text) -> float | None:
    """'8', '0.73', '0,73', '73%', '√64', 'sqrt(64)', '1/8', '1/√32', 'one' -> a float; None if unreadable."""
    read = _read_number(text)
    return None if read is None else read[0]


def typed_unit(text) -> float | None:
    """The unit of a reply's last digit: 0.1 for '5.7', 1 for '6', 0.01 for '73%'; 0 for an exact form (√32, 1/8,
    'one'); None if unreadable."""
    read = _read_number(text)
    return None if read is None else read[1]


def parse_vector(text) -> tuple[float, ...] | None:
    """'[1, -2, 3]', '1 −2 3', '(1; 2)' -> a tuple of floats; None if unreadable."""
    if not isinstance(text, str) or len(text) > 200:
        return None
    s = _unwrap(text)
    parts = [p for p in re.split(r"[,;\s]+", s) if p]
    values = [_plain_number(p) for p in parts]
    if not values or len(values) > 16 or any(v is None for v in values):
        return None
    return tuple(values)


def read_answer(question: Question, raw) -> Any:
    """The learner's reply as the question's kind of answer, or None when it cannot be read as one."""
    kind = question.answer_type
    if kind == "shape":
        return parse_shape(raw)
    if kind == "number":
        return parse_number(raw)
    if kind == "vector":
        return parse_vector(raw)
    return raw if raw in dict(question.options) else None


def coarsest_unit(question: Question) -> float:
    """The coarsest last digit a rounded reply to a number question may have: the precision the question states
    (two decimals: 0.01), else the answer's second significant digit (0.1 for √32 = 5.657, 0.01 for 0.731), and
    never coarser than 1 for a whole answer (a count or d_k: 512, not 5.1 × 10²)."""
    if question.decimals is not None:
        return 10.0**-question.decimals
    a = abs(float(question.answer))
    if not a:
        return 0.0
    second = 10.0 ** (math.floor(math.log10(a)) - 1)
    return min(second, 1.0) if abs(a - round(a)) < 1e-6 else second


def is_right(question: Question, value, unit: float = 0.0) -> bool:
    """Whether a readable reply equals the computed answer: within the question's tolerance, or, for a number,
    the answer rounded to the digits the reply gives (within half a unit of its last digit `unit`), to at least
    the question's coarsest unit."""
    if question.answer_type == "shape":
        return tuple(value) == tuple(question.answer)
    if question.answer_type == "number":
        off = abs(value - question.answer)
        rounded = 0 < unit <= coarsest_unit(question) * (1 + 1e-9) and off <= unit / 2 * (1 + 1e-9)
        return off <= question.tolerance or rounded
    if question.answer_type == "vector":
        return len(value) == len(question.answer) and all(
            abs(a - b) <= question.tolerance for a, b in zip(value, question.answer, strict=True))
    return value == question.answer


def catches(question: Question, value) -> bool:
    """Whether the reply `value` is marked wrong however it is typed: in full, or rounded to any unit from 1 down to
    10⁻⁶ (the precision the question asks included). A question that tests a step draws its numbers until the
    reply that skips the step is caught (QUIZ_KINDS' `skips` name those replies)."""
    if question.answer_type != "number":
        return not is_right(question, value)
    units = [10.0**-d for d in range(7)]
    typed = [(value, 0.0)] + [(round(value / unit) * unit, unit) for unit in units]
    return not any(is_right(question, v, unit) for v, unit in typed)


def check(question: Question, raw) -> Verdict:
    """Right, wrong (with a hint about that reply where one applies) or unreadable, never a wrong mark for text
    that is not an answer."""
    value = read_answer(question, raw)
    if value is None:
        return Verdict(UNREADABLE, unreadable_message(question.answer_type))
    if is_right(question, value, typed_unit(raw) if question.answer_type == "number" else 0.0):
        return Verdict(RIGHT, question.why)
    hint = KIND[question.kind].hint(question, value)
    return Verdict(WRONG, tr("questions-wrong", hint=hint or "", has_hint="yes" if hint else "no",
                             answer=question.answer_text, why=question.why))


def show_answer(question: Question) -> Verdict:
    """The answer without a mark, for a learner who asks to see it."""
    return Verdict(SHOWN, tr("questions-shown", answer=question.answer_text, why=question.why))


# ---------------------------------------------------------------------------------------------- wording


def _at_most(x: float) -> Msg:
    """A bound on a gap: 'by at most 0.277', or 'by less than 10⁻⁹' when only rounding moved it."""
    return msg("questions-by-rounding") if x < CLOSE else msg("questions-by-at-most", gap=enough(x))


def _by(x: float) -> Msg:
    """How far something moved: 'by up to 0.277', or 'by less than 10⁻⁹' when only rounding moved it."""
    return msg("questions-by-rounding") if x < CLOSE else msg("questions-by-up-to", gap=enough(x))


def shape_text(shape: Sequence[int]) -> str:
    """(10, 10) -> '10 × 10'; a one-axis shape as '(10,)'."""
    return f"({shape[0]},)" if len(shape) == 1 else " × ".join(str(int(s)) for s in shape)


def vector_text(v) -> str:
    """[1, −2, 0.5]: each entry as a person types it (`vec` gives every entry a fixed count of decimals)."""
    return "[" + ", ".join(short(x) for x in v) + "]"


def _quoted_option(label: str) -> str:
    """An option quoted inside a sentence, its own full stop left to the sentence: “They are identical”."""
    return f"“{label.removesuffix('.').removesuffix('。')}”"


def quoted(words: Sequence[str]) -> str:
    """“the cat sat”: words as a quoted sentence (Chinese characters, one token each, without spaces: “小猫看着”)."""
    han = bool(words) and all(is_han(w) for w in words)
    return "“" + ("" if han else " ").join(words) + "”"


def identical_sentence(q: Question, lang: str | None = None) -> tuple[list[str], int, int]:
    """The identical-tokens question's sentence as `lang` (the session's language by default) asks it, and the
    positions of the repeated word's two copies."""
    words, a, b = dict(q.params["sentences"]).get(lang or i18n.current(), (q.params["words"], q.params["a"],
                                                                          q.params["b"]))
    return list(words), a, b


def passage(lang: str | None = None) -> list[str]:
    """The passage the questions' example sentences come from, in `lang` (the session's language by default):
    English words, or Chinese one token per Han character."""
    return PASSAGE_ZH if (lang or i18n.current()).startswith("zh") else PASSAGE


def repeated_sentence(seed: int, lang: str | None = None) -> tuple[list[str], int, int]:
    """The identical-tokens question's sentence in `lang` and the positions (from 0) of its repeated word's first
    two copies: attn_core.questions.repeated_word_sentence over that language's passage."""
    zh = (lang or i18n.current()).startswith("zh")
    return repeated_word_sentence(seed, PASSAGE_ZH if zh else PASSAGE, REPEATED_ZH if zh else REPEATED_EN)


# ------------------------------------------------------------------------------------------------ helpers


def _only_true(holds: Mapping[str, bool]) -> str:
    """The one option whose claim the numbers bear out; anything else is a bug in the question."""
    true = [key for key, ok in holds.items() if ok]
    if len(true) != 1:
        raise ValueError(f"exactly one option must hold, but {true or 'none'} did")
    return true[0]


def _shuffled(options: Sequence[tuple[str, str]], rng: np.random.Generator) -> tuple[tuple[str, str], ...]:
    return tuple(options[i] for i in rng.permutation(len(options)))


# ---------------------------------------------------------------------------------------------- questions


def _glossary_term(name: str) -> Msg:
    """A glossary term as a sentence writes it, its definition in brackets after it (glossary.inline), worded when
    read."""
    return msg("=inline", name=name)


def _weights_shape(seed: int) -> Question:
    rng = question_rng("weights_shape", seed)
    if seed == 0:
        n_q = n_k = 10
    elif rng.random() < 0.5:
        n_q, n_k = (int(v) for v in rng.choice(np.arange(2, 17), size=2, replace=False))
    else:
        n_q = n_k = int(rng.integers(2, 21))
    d_k, d_v = 4, 3
    Q, K, V = rng.standard_normal((n_q, d_k)), rng.standard_normal((n_k, d_k)), rng.standard_normal((n_k, d_v))
    shape = scaled_dot_product_attention(Q, K, V).weights.shape  # (n_q, n_k)
    if n_q == n_k:
        prompt = msg("questions-weights-shape-prompt", n=n_q)
        why = msg("questions-weights-shape-why", n=n_q, shape=shape_text(shape))
    else:
        prompt = msg("questions-weights-shape-cross-prompt", term=_glossary_term("cross-attention"), n_q=n_q, n_k=n_k)
        why = msg("questions-weights-shape-cross-why", n_q=n_q, n_k=n_k, shape=shape_text(shape))
    offsets = (0, 0) if seed == 0 else (int(rng.integers(0, 20)), int(rng.integers(0, 20)))
    return Question("weights_shape", seed, prompt, tuple(shape), shape_text(shape), why, "shape",
                    params={"n_q": n_q, "n_k": n_k, "offset_q": offsets[0], "offset_k": offsets[1]})


def _hint_weights_shape(q: Question, value) -> str:
    n_q, n_k = q.params["n_q"], q.params["n_k"]
    if len(value) != 2:
        return tr("questions-hint-shape-axes")
    if tuple(value) == (n_k, n_q):
        return tr("questions-hint-shape-transpose", n_q=n_q, n_k=n_k)
    return ""


def _options(keys: Sequence[str], prefix: str) -> dict[str, Msg]:
    """A choice's option labels, by key: the catalog's `<prefix>-<key>`."""
    return {key: msg(f"{prefix}-{key}") for key in keys}


def _why_scale(seed: int) -> Question:
    f = scale_facts(seed)
    d_lo, d_hi = f["d_ks"][0], f["d_ks"][-1]
    holds = {
        "argmax": (f["std_raw"][-1] > 4 * f["std_raw"][0] and all(0.8 < s < 1.25 for s in f["std_scaled"])
                   and f["top_raw"] > f["top_scaled"]),
        "sum": f["sum_gap_raw"] > CLOSE,  # would hold only if the rows needed the scale to sum to 1
        "overflow": not f["finite_raw"],  # would hold only if unscaled softmax overflowed
        "uniform": f["uniform_gap_scaled"] < CLOSE,  # would hold only if the scale made every weight equal
    }
    labels = _options(holds, "questions-why-scale-option")
    lo, hi = enough(min(f["std_scaled"]), 2), enough(max(f["std_scaled"]), 2)
    reasons = {
        "argmax": msg("questions-why-scale-reason-argmax", samples=int(f["n_samples"]),
                      raw_lo=enough(f["std_raw"][0], 2), d_lo=d_lo, raw_hi=enough(f["std_raw"][-1], 2), d_hi=d_hi,
                      same="yes" if lo == hi else "no", lo=lo, hi=hi, keys=int(f["n_keys"]),
                      top_raw=enough(f["top_raw"], 3), top_scaled=enough(f["top_scaled"], 3)),
        "sum": msg("questions-why-scale-reason-sum", gap=enough(f["sum_gap_raw"], below=CLOSE)),
        "overflow": msg("questions-why-scale-reason-overflow", largest=num(f["largest_raw"], 1)),
        "uniform": msg("questions-why-scale-reason-uniform", d_hi=d_hi, keys=int(f["n_keys"]),
                       top_scaled=enough(f["top_scaled"], 3), equal=enough(1 / f["n_keys"], 3)),
    }
    right = _only_true(holds)
    return Question("why_scale", seed, msg("questions-why-scale-prompt"), right, "", reasons[right], "choice",
                    params={"reasons": reasons},
                    option_msgs=_shuffled(list(labels.items()), question_rng("why_scale", seed)))


def _hint_choice(q: Question, value) -> str:
    return q.reason(value)


def _softmax_axis(seed: int) -> Question:
    rng = question_rng("softmax_axis", seed)
    n_q, n_k = (int(v) for v in rng.choice(np.arange(2, 8), size=2, replace=False))
    weights = scaled_dot_product_attention(rng.standard_normal((n_q, 4)), rng.standard_normal((n_k, 4)),
                                           rng.standard_normal((n_k, 2))).weights  # (n_q, n_k)
    rows, cols = weights.sum(axis=-1), weights.sum(axis=0)
    holds = {"keys": bool(np.abs(rows - 1).max() < CLOSE), "queries": bool(np.abs(cols - 1).max() < CLOSE),
             "all": abs(weights.sum() - 1) < CLOSE}
    labels = _options(holds, "questions-softmax-axis-option")
    # The reasons hold for every weight matrix of this shape, so they speak of the numbers the proof shows on
    # the learner's sentence, never of this draw's (which only checks that the right option is the true one).
    reasons = {
        "keys": msg("questions-softmax-axis-reason-keys", n_q=n_q, n_k=n_k),
        "queries": msg("questions-softmax-axis-reason-queries", n_q=n_q, n_k=n_k, share=share(n_q, n_k)),
        "all": msg("questions-softmax-axis-reason-all", n_q=n_q),
    }
    right = _only_true(holds)
    prompt = msg("questions-softmax-axis-prompt", n_q=n_q, n_k=n_k, article=a_an(n_q))
    return Question("softmax_axis", seed, prompt, right, "", reasons[right], "choice",
                    params={"n_q": n_q, "n_k": n_k, "reasons": reasons},
                    option_msgs=_shuffled(list(labels.items()), rng))


QKV_NAMES = ("Q", "K", "V", "output")


def shape_flow(arrays: Mapping[str, np.ndarray]) -> list[str]:
    """How each shape comes about, read from the arrays themselves: 'Q = X W_Q: (7 × 16) · (16 × 4) → 7 × 4'."""
    s = {k: shape_text(np.shape(v)) for k, v in arrays.items()}
    lines = [f"{m} = X W_{m}: ({s['X']}) · ({s['W_' + m]}) → {s[m]}" for m in ("Q", "K", "V")]
    lines.append(f"weights = softmax(QKᵀ/√d_k): ({s['Q']}) · ({shape_text(np.shape(arrays['K'])[::-1])}) → "
                 f"{s['weights']}")
    lines.append(f"output = weights · V: ({s['weights']}) · ({s['V']}) → {s['output']}")
    return lines


def _qkv_shapes(seed: int) -> Question:
    rng = question_rng("qkv_shapes", seed)
    n = int(rng.integers(3, 13))
    while True:  # the width asked about is not d_model, so the reply that keeps d_model (n × d_model) is caught
        d_model = int(rng.choice([8, 16, 32, 64, 512]))
        d_k = d_model // int(rng.choice([h for h in (1, 2, 4, 8) if d_model % h == 0]))
        d_v = d_k if rng.random() < 0.5 else d_model // int(rng.choice([h for h in (1, 2, 4, 8)
                                                                         if d_model // h != d_k]))
        which = str(rng.choice(QKV_NAMES))
        if {"Q": d_k, "K": d_k}.get(which, d_v) != d_model:
            break
    arrays = qkv_arrays(n, d_model, d_k, d_v, int(rng.integers(0, 2**31)))
    shapes = {m: tuple(arrays[m].shape) for m in (*QKV_NAMES, "weights")}
    how = {"Q": f"Q = X W_Q: ({n} × {d_model}) · ({d_model} × {d_k})", "K": f"K = X W_K: ({n} × {d_model}) · "
           f"({d_model} × {d_k})", "V": f"V = X W_V: ({n} × {d_model}) · ({d_model} × {d_v})",
           "output": f"output = weights · V: ({n} × {n}) · ({n} × {d_v})"}
    why = msg("questions-qkv-shapes-why", how=how[which], shape=shape_text(shapes[which]),
              columns=int(shapes[which][1]))
    prompt = msg("questions-qkv-shapes-prompt", n=n, d_model=d_model, d_k=d_k, d_v=d_v, which=which)
    return Question("qkv_shapes", seed, prompt, shapes[which], shape_text(shapes[which]), why, "shape",
                    params={"n": n, "d_model": d_model, "d_k": d_k, "d_v": d_v, "which": which,
                            "shapes": shapes})


def _hint_qkv_shapes(q: Question, value) -> str:
    shapes, which = q.params["shapes"], q.params["which"]
    others = [m for m in (*QKV_NAMES, "weights") if shapes.get(m) == tuple(value) and shapes[m] != shapes[which]]
    if others:
        return tr("questions-hint-qkv-other", other=others[0])
    if len(value) == 2 and tuple(value) == shapes[which][::-1]:
        return tr("questions-hint-qkv-transpose")
    return ""


ROLE_OPTIONS = {  # key -> (what decides the weights, what is copied)
    "qk": (frozenset("QK"), frozenset("V")),
    "qv": (frozenset("QV"), frozenset("K")),
    "kv": (frozenset("KV"), frozenset("Q")),
    "q": (frozenset("Q"), frozenset("KV")),
}


def _names(names) -> str:
    """Matrix names in the formula's order: 'Q and K', 'K and V'."""
    return listing(sorted(names, key="QKV".index))


def _names_msg(names) -> Msg:
    """_names, worded when read (the list's 'and' is the language's): a Msg for a cached Question."""
    return msg("=names", names="".join(sorted(names, key="QKV".index)))


def _clauses(parts: Sequence[Msg]) -> Msg:
    """Clauses of one sentence, joined as the language joins them ('; ' in English)."""
    return msg("=clauses", parts=tuple(parts))


FORMS: dict[str, Callable[..., str]] = {  # the Msg ids worded in Python, each from its variables worded first
    "=names": lambda names: _names(names),
    "=inline": lambda name: inline(name),
    "=clauses": lambda parts: tr("questions-clause-gap").join(parts),
}


def _roles(seed: int) -> Question:
    rng = question_rng("roles", seed)
    n, d_k = int(rng.integers(3, 8)), int(rng.choice([2, 4, 8]))
    Q, K, V = (rng.standard_normal((n, d_k)) for _ in range(3))
    t = role_test(Q, K, V, int(rng.integers(0, 2**31)))
    labels = {key: msg("questions-roles-option", weights=_names_msg(w), weights_count=len(w),
                       copied=_names_msg(c), copied_count=len(c)) for key, (w, c) in ROLE_OPTIONS.items()}
    holds = {key: t.decide_weights == w and t.copied == c for key, (w, c) in ROLE_OPTIONS.items()}
    moved = _clauses([msg("questions-roles-changing", m=m, weights=_by(t.weight_gaps[m]),
                          output=_by(t.output_gaps[m])) for m in ("Q", "K", "V")])
    measured = msg("questions-roles-measured", n=n, d_k=d_k, moved=moved)
    right = _only_true(holds)
    reasons = {key: (msg("questions-roles-reason", decide=_names_msg(t.decide_weights),
                         count=len(t.decide_weights), pair=_names_msg(w))
                     if w != t.decide_weights else None) for key, (w, _) in ROLE_OPTIONS.items()}
    why = msg("questions-roles-why", measured=measured)
    return Question("roles", seed, msg("questions-roles-prompt"), right, "", why, "choice",
                    params={"n": n, "d_k": d_k, "reasons": reasons},
                    option_msgs=_shuffled(list(labels.items()), rng))


def _scale_heads(seed: int) -> Question:
    rng = question_rng("scale_heads", seed)
    if seed == 0:
        h, d_k = 8, 64
    else:
        h, d_k = int(rng.choice([2, 4, 8, 12, 16])), int(rng.choice([16, 32, 64, 128]))
    d_model = h * d_k
    split_width = split_heads(np.zeros((1, d_model)), h).shape[-1]  # one head's slice of Q's width: d_k
    answer = math.sqrt(split_width)
    exact = f"√{split_width} = {short(answer)}" if answer.is_integer() else f"√{split_width} ≈ {num(answer, 3)}"
    prompt = msg("questions-scale-heads-prompt", d_model=d_model, h=h)
    why = msg("questions-scale-heads-why", d_model=d_model, h=h, d_k=split_width, exact=exact)
    return Question("scale_heads", seed, prompt, answer, exact, why, "number",
                    params={"d_model": d_model, "h": h, "d_k": split_width}, tolerance=0.005 * answer)


def _hint_scale_heads(q: Question, value) -> str:
    d_model, d_k = q.params["d_model"], q.params["d_k"]
    if abs(value - math.sqrt(d_model)) < 0.005 * math.sqrt(d_model):
        return tr("questions-hint-scale-d-model", d_model=d_model, h=q.params["h"], d_k=d_k)
    if abs(value - d_k) < 1e-9:
        return tr("questions-hint-scale-d-k")
    if value > 0 and abs(value - 1 / math.sqrt(d_k)) < 0.005 / math.sqrt(d_k):
        return tr("questions-hint-scale-multiply")
    return ""


def _causal_row(seed: int) -> Question:
    rng = question_rng("causal_row", seed)
    n = 6 if seed == 0 else int(rng.integers(3, 13))
    i = 2 if seed == 0 else int(rng.integers(0, n))  # a position from 0, as the labels the·0, the·4 count
    weights = scaled_dot_product_attention(rng.standard_normal((n, 4)), rng.standard_normal((n, 4)),
                                           rng.standard_normal((n, 2)), mask=causal_mask(n)).weights
    nonzero = int((weights[i] > 0).sum())
    prompt = msg("questions-causal-row-prompt", n=n, i=i)
    why = msg("questions-causal-row-why", i=i, nonzero=nonzero, after=keys_after(n - 1 - i))
    return Question("causal_row", seed, prompt, float(nonzero), str(nonzero), why, "number",
                    params={"n": n, "i": i}, tolerance=1e-9)


def keys_after(count: int) -> Msg:
    """What the keys after a causal row's query get, the verb agreeing with the count."""
    return msg("questions-keys-after", count=int(count))


def _sentences(parts: Sequence[str]) -> str:
    """Sentences one after another, as the language spaces them (a space in English, none in Chinese)."""
    return tr("questions-sentence-gap").join(p for p in parts if p) if len(parts) > 1 else "".join(parts)


def _hint_causal_row(q: Question, value) -> str:
    n, i = q.params["n"], q.params["i"]  # row i counts from 0: i tokens before it, n − 1 − i after it
    hints = []
    if value == n - i and i < n - 1 and n - i != i + 1:
        hints.append(tr("questions-hint-causal-after", i=i, after=n - 1 - i))
    if value == i:  # also the count of a reader who takes row i to be the i-th row, counting from 1
        hints.append(tr("questions-hint-causal-itself", i=i))
    if hints:  # with n = 2i both readings give i, and both are said
        return _sentences(hints)
    if value == 1 and i > 0:
        return tr("questions-hint-causal-before", i=i)
    if value == n and n != i + 1:
        return tr("questions-hint-causal-every")
    return ""


def _identical_tokens(seed: int) -> Question:
    # each language asks about a sentence of its own (its passage's window): the answer is the same in every one
    langs = i18n.languages()
    sentences = {lang: repeated_sentence(seed, lang) for lang in langs}
    measured = {lang: repeat_gaps(words, a, b, seed, 8) for lang, (words, a, b) in sentences.items()}
    right = {_only_true({"same": gap < CLOSE, "differ": gap >= CLOSE, "zero": size < CLOSE})
             for gap, _, size in measured.values()}
    if len(right) != 1:
        raise ValueError(f"the languages' sentences disagree on the answer: {sorted(right)}")
    right = right.pop()

    def each(f) -> PerLang:
        return PerLang(tuple((lang, f(*sentences[lang], *measured[lang])) for lang in langs))

    word = each(lambda words, a, b, gap, pos, size: words[a])
    labels = _options(("same", "differ", "zero"), "questions-identical-option")
    reasons = {
        "same": msg("questions-identical-reason-same", word=word,
                    gap=each(lambda *s: enough(s[3], below=CLOSE))),
        "differ": msg("questions-identical-reason-differ", at_most=each(lambda *s: _at_most(s[3]))),
        "zero": msg("questions-identical-reason-zero", word=word, size=each(lambda *s: enough(s[5], 3))),
    }
    prompt = msg("questions-identical-prompt", sentence=each(lambda words, *_: quoted(words)), word=word,
                 a=each(lambda words, a, *_: a), b=each(lambda words, a, b, *_: b))
    words, a, b = sentences[i18n.DEFAULT]
    return Question("identical_tokens", seed, prompt, right, "", reasons[right], "choice",
                    params={"words": list(words), "a": a, "b": b, "reasons": reasons,
                            "sentences": {lang: (list(w), x, y) for lang, (w, x, y) in sentences.items()}},
                    option_msgs=_shuffled(list(labels.items()), question_rng("identical_tokens", seed)))


def _latex_matrix(M, row_names: str = "") -> str:
    """M as a LaTeX bmatrix; with `row_names` ('v'), each row named on its right, counted from 0: ← v₀, ← v₁."""
    rows = r" \\ ".join(" & ".join(short(x).replace("−", "-") for x in row) for row in np.asarray(M))
    matrix = r"\begin{bmatrix} " + rows + r" \end{bmatrix}"
    if not row_names:
        return matrix
    names = r" \\ ".join(rf"\leftarrow {row_names}_{{{k}}}" for k in range(len(M)))
    return matrix + rf" \begin{{matrix}} {names} \end{{matrix}}"


def _one_hot(seed: int) -> Question:
    rng = question_rng("one_hot", seed)
    n, d_v = int(rng.integers(3, 6)), int(rng.integers(2, 4))
    while True:  # distinct rows, none equal to the mean, so every wrong reading is told apart
        V = rng.integers(-3, 4, size=(n, d_v)).astype(float)
        if len({tuple(r) for r in V}) == n and not any(np.allclose(r, V.mean(0)) for r in V):
            break
    i, j = int(rng.integers(0, n)), int(rng.integers(0, n))  # positions from 0, as V's rows count
    out = one_hot_attention(V, i, j, seed).output[i]  # (d_v,)
    prompt = msg("questions-one-hot-prompt", i=i, j=j, d_v=d_v)
    why = msg("questions-one-hot-why", sub=_sub(j), vector=vector_text(out), j=j)
    return Question("one_hot", seed, prompt, tuple(float(x) for x in out), vector_text(out), why, "vector",
                    params={"n": n, "d_v": d_v, "i": i, "j": j, "V": V.tolist()}, latex="V = " + _latex_matrix(V, "v"),
                    tolerance=1e-6)


def _sub(k: int) -> str:
    return str(k).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))


def _hint_one_hot(q: Question, value) -> str:
    V, j, d_v = np.array(q.params["V"]), q.params["j"], q.params["d_v"]
    if len(value) != d_v:
        return tr("questions-hint-one-hot-entries", d_v=d_v)
    for k, row in enumerate(V):  # v₀ is row 0
        if k != j and np.allclose(value, row):
            return tr("questions-hint-one-hot-row", sub=_sub(k), k=k, j=j)
    if len(V) == d_v and np.allclose(value, V[:, j]):
        return tr("questions-hint-one-hot-column", j=j)
    if np.allclose(value, V.mean(0)):
        return tr("questions-hint-one-hot-mean")
    return ""


def _qk_variance(seed: int) -> Question:
    rng = question_rng("qk_variance", seed)
    d_k = 64 if seed == 0 else int(rng.choice([4, 8, 16, 32, 64, 128, 256, 512]))
    var = qk_variance_theory(d_k)
    sd = short(math.sqrt(var)) if math.sqrt(var).is_integer() else num(math.sqrt(var), 3)
    prompt = msg("questions-qk-variance-prompt", d_k=d_k)
    why = msg("questions-qk-variance-why", d_k=d_k, variance=short(var), sd=sd)
    return Question("qk_variance", seed, prompt, var, short(var), why, "number", params={"d_k": d_k},
                    tolerance=1e-9)


def _hint_qk_variance(q: Question, value) -> str:
    d_k = q.params["d_k"]
    if abs(value - math.sqrt(d_k)) < 1e-3 and d_k != 1:
        return tr("questions-hint-qk-std")
    if value == 1 and d_k != 1:
        return tr("questions-hint-qk-scaled")
    if value == d_k**2:
        return tr("questions-hint-qk-square")
    return ""


def _steps(seed: int) -> Question:
    rng = question_rng("steps", seed)
    n = 10 if seed == 0 else int(rng.integers(4, 33))
    steps = steps_matrix(attention_reads(n))[n - 1, 0]  # from the first token, 0, to the last, n − 1
    rnn = steps_matrix(recurrent_reads(n))[n - 1, 0]
    prompt = msg("questions-steps-prompt", n=n, last=n - 1)
    why = msg("questions-steps-why", last=n - 1, steps=short(steps), term=_glossary_term("recurrent network"),
              rnn=short(rnn))
    return Question("steps", seed, prompt, float(steps), short(steps), why, "number", params={"n": n},
                    tolerance=1e-9)


def _hint_steps(q: Question, value) -> str:
    n = q.params["n"]
    return tr("questions-hint-steps-recurrent") if value == n - 1 else ""


def _weights_total(seed: int) -> Question:
    rng = question_rng("weights_total", seed)
    n = int(rng.integers(3, 17))
    weights = scaled_dot_product_attention(rng.standard_normal((n, 4)), rng.standard_normal((n, 4)),
                                           rng.standard_normal((n, 2))).weights  # (n, n)
    total = float(weights.sum())
    prompt = msg("questions-weights-total-prompt", n=n, entries=n * n)
    why = msg("questions-weights-total-why", n=n, total=num(total, 0))
    return Question("weights_total", seed, prompt, total, num(total, 0), why, "number", params={"n": n},
                    tolerance=1e-6)


def _hint_weights_total(q: Question, value) -> str:
    n = q.params["n"]
    if value == 1:
        return tr("questions-hint-total-one", n=n)
    if value == n * n:
        return tr("questions-hint-total-entries")
    return ""


def _two_keys(seed: int) -> Question:
    """[s, 0] at d_k, redrawn until the unscaled weight, the reply that skips the division, is marked wrong at the
    two decimals asked (at [16, 0] and d_k = 4 both weights read 1.00)."""
    rng = question_rng("two_keys", seed)
    for _ in range(100):
        if seed == 0:
            s, d_k = 8, 64
        else:
            s, d_k = int(rng.choice([4, 6, 8, 10, 12, 16])), int(rng.choice([4, 16, 64, 256]))
        q = _two_keys_at(seed, s, d_k)
        if catches(q, float(_two_keys_of(q.params).p_unscaled[0])):
            return q
    raise ValueError(f"no two-key question at seed {seed} tells the unscaled weight from the scaled one")


def _two_keys_at(seed: int, s: int, d_k: int) -> Question:
    two = compare_two_keys([s, 0], d_k)
    p = float(two.p_scaled[0])
    prompt = msg("questions-two-keys-prompt", s=s, d_k=d_k)
    why = msg("questions-two-keys-why", d_k=d_k, divisor=short(two.divisor), s=s, scaled=short(two.scaled[0]),
              p=enough_vec(two.p_scaled, 3), unscaled=enough(two.p_unscaled[0], 4))
    return Question("two_keys", seed, prompt, p, enough(p, 3), why, "number", params={"s": s, "d_k": d_k},
                    tolerance=0.0051, decimals=2)


def _hint_two_keys(q: Question, value) -> str:
    two = compare_two_keys([q.params["s"], 0], q.params["d_k"])
    if abs(value - two.p_unscaled[0]) < 0.0051:
        return tr("questions-hint-two-keys-unscaled")
    if abs(value - two.p_scaled[1]) < 0.0051:
        return tr("questions-hint-two-keys-second")
    if value > 1:
        return tr("questions-hint-two-keys-above")
    return ""


# ------------------------------------------------------------------------------ the kinds, each declared once


@dataclass(frozen=True)
class Kind:
    """One Check yourself question kind: its name (the page's widgets answer_<name>, check_<name>; class mode's
    "quiz.<name>"), its title for the teacher's dashboard, how its question is made at a seed, the hint for a wrong
    reply, and the wrong answers it expects, each with its misconception and its values in the Question asked."""

    name: str
    title: str  # a message id (locales/*/asked.ftl): the short title, worded when read (Asked.title)
    make: Callable[[int], Question]
    hint: Callable[[Question, Any], str]
    wrong: tuple[Wrong, ...]
    # The wrong answers (by their `answer_id`) that skip the step the question tests: dividing by √d_k, the softmax
    # axis, d_k against d_model. Its maker draws numbers where each is caught (`catches`) at the precision asked.
    skips: tuple[str, ...] = ()

    def skipped(self, q: Question) -> list[Any]:
        """The replies that skip the tested step, in the question `q` of this kind."""
        return [v for w in self.wrong if w.answer_id in self.skips for v in w.values(q)]

    @cached_property  # one Asked per kind, so that two reads of it are equal (its gives_away is a closure)
    def asked(self) -> Asked:
        """The kind as class mode records it and attn_lessons.misconceptions reads it."""
        return Asked(f"quiz.{self.name}", self.title, "quiz", self.wrong,
                     gives_away=lambda state: gives_away(self.name, state))


def _params(make: Callable[[Mapping[str, Any]], Sequence[Any]]) -> Callable[[Question], Sequence[Any]]:
    """A wrong answer computed from the question's own numbers."""
    return lambda q: make(q.params)


def _ids(name: str) -> tuple[str, str]:
    """A wrong answer's messages (locales/*/asked.ftl): its words, and what it shows."""
    return f"asked-quiz-{name}", f"asked-quiz-{name}.shows"


def _picks(kind: str, *keys: str) -> tuple[Wrong, ...]:
    """A choice's wrong options by their keys, worded in asked.ftl (asked-quiz-<kind>-<key>, its .shows); the right
    option is never among them."""
    return tuple(Wrong(*_ids(f"{kind}-{key}"), const(key)) for key in keys)


def _one_hot_rows(q: Question):
    """V, the query's row and the weighted token's row, numbered as the question numbers them."""
    V, i, j = np.array(q.params["V"]), q.params["i"], q.params["j"]
    base = 0 if j < len(V) and np.allclose(V[j], q.answer) else 1  # tokens counted from 0 or from 1
    return V, i - base, j - base


def _other_row(q: Question):
    V, i, j = _one_hot_rows(q)
    return [tuple(V[i])] if i != j else []


def _column(q: Question):
    V, _, j = _one_hot_rows(q)
    return [tuple(V[:, j])] if V.shape[0] == V.shape[1] else []


def _two_keys_of(p) -> TwoKeys:
    return compare_two_keys([p["s"], 0], p["d_k"])


# The order the page asks them in: the source text's two first. Seed 0 asks the source text's own numbers
# (10 tokens, d_k = 64, [8, 0]). The causal row's wrong counts come from the right count k (the query and the keys
# before it) and n, whichever way the rows are numbered.
QUIZ_KINDS: tuple[Kind, ...] = (
    Kind("weights_shape", "asked-quiz-weights-shape", _weights_shape, _hint_weights_shape, (
        Wrong(*_ids("weights-shape-transpose"),
              _params(lambda p: [(p["n_k"], p["n_q"])] if p["n_k"] != p["n_q"] else [])),
        Wrong(*_ids("weights-shape-per-query"),
              _params(lambda p: [(p["n_q"],)])))),
    Kind("why_scale", "asked-quiz-why-scale", _why_scale, _hint_choice,
         _picks("why-scale", "sum", "overflow", "uniform")),
    Kind("softmax_axis", "asked-quiz-softmax-axis", _softmax_axis, _hint_choice,
         _picks("softmax-axis", "queries", "all"),
         skips=("asked-quiz-softmax-axis-queries", "asked-quiz-softmax-axis-all")),
    Kind("qkv_shapes", "asked-quiz-qkv-shapes", _qkv_shapes, _hint_qkv_shapes, (
        Wrong(*_ids("qkv-shapes-weights"),
              _params(lambda p: [p["shapes"]["weights"]] if p["shapes"][p["which"]] != p["shapes"]["weights"]
                      else [])),
        Wrong(*_ids("qkv-shapes-d-model"),
              _params(lambda p: [(p["n"], p["d_model"])] if p["shapes"][p["which"]] != (p["n"], p["d_model"])
                      else []))), skips=("asked-quiz-qkv-shapes-d-model",)),
    Kind("roles", "asked-quiz-roles", _roles, _hint_choice, _picks("roles", "qv", "kv", "q")),
    Kind("scale_heads", "asked-quiz-scale-heads", _scale_heads, _hint_scale_heads, (
        Wrong(*_ids("scale-heads-sqrt-d-model"), _params(lambda p: [math.sqrt(p["d_model"])])),
        Wrong(*_ids("scale-heads-d-k"), _params(lambda p: [float(p["d_k"])])),
        Wrong(*_ids("scale-heads-factor"), _params(lambda p: [1 / math.sqrt(p["d_k"])])),
        Wrong(*_ids("scale-heads-d-model"), _params(lambda p: [float(p["d_model"])]))),
        skips=("asked-quiz-scale-heads-sqrt-d-model",)),
    Kind("causal_row", "asked-quiz-causal-row", _causal_row, _hint_causal_row, (
        Wrong(*_ids("causal-row-after"),
              lambda q: [q.params["n"] - int(q.answer) + 1.0]),
        Wrong(*_ids("causal-row-fewer"), lambda q: [int(q.answer) - 1.0]),
        Wrong(*_ids("causal-row-every"), _params(lambda p: [float(p["n"])])),
        Wrong(*_ids("causal-row-one"), const(1.0)))),
    Kind("identical_tokens", "asked-quiz-identical-tokens", _identical_tokens, _hint_choice,
         _picks("identical-tokens", "differ", "zero")),
    Kind("one_hot", "asked-quiz-one-hot", _one_hot, _hint_one_hot, (
        Wrong(*_ids("one-hot-own"), _other_row),
        Wrong(*_ids("one-hot-column"), _column),
        Wrong(*_ids("one-hot-average"),
              _params(lambda p: [tuple(np.array(p["V"]).mean(0))])))),
    Kind("qk_variance", "asked-quiz-qk-variance", _qk_variance, _hint_qk_variance, (
        Wrong(*_ids("qk-variance-sd"),
              _params(lambda p: [math.sqrt(p["d_k"])] if p["d_k"] != 1 else [])),
        Wrong(*_ids("qk-variance-one"), const(1.0)),
        Wrong(*_ids("qk-variance-squared"), _params(lambda p: [float(p["d_k"] ** 2)])))),
    Kind("steps", "asked-quiz-steps", _steps, _hint_steps, (
        Wrong(*_ids("steps-recurrent"), _params(lambda p: [p["n"] - 1.0])),)),
    Kind("weights_total", "asked-quiz-weights-total", _weights_total, _hint_weights_total, (
        Wrong(*_ids("weights-total-one"), const(1.0)),
        Wrong(*_ids("weights-total-entries"), _params(lambda p: [p["n"] ** 2.0]))),
        skips=("asked-quiz-weights-total-one",)),  # softmax over the whole matrix, not each row
    Kind("two_keys", "asked-quiz-two-keys", _two_keys, _hint_two_keys, (
        Wrong(*_ids("two-keys-unscaled"),
              _params(lambda p: [float(_two_keys_of(p).p_unscaled[0])])),
        Wrong(*_ids("two-keys-second"),
              _params(lambda p: [float(_two_keys_of(p).p_scaled[1])]))), skips=("asked-quiz-two-keys-unscaled",)),
)
KIND: dict[str, Kind] = {k.name: k for k in QUIZ_KINDS}
KINDS: tuple[str, ...] = tuple(KIND)  # the kinds' names, in the page's order


def make_question(kind: str, seed: int) -> Question:
    """The question of this kind at this seed, its numbers drawn from a generator seeded by both."""
    if kind not in KIND:
        raise ValueError(f"unknown question kind {kind!r}; expected one of {', '.join(KINDS)}")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"seed must be a whole number of at least 0, got {seed!r}")
    return KIND[kind].make(int(seed))


# ------------------------------------------------------------------------------- what the reveals found


def reveal_weights_shape(words_q: Sequence[str], words_k: Sequence[str], shape) -> Said:
    """What attention on the question's sentence (or pair of sentences) produced. Facts: n_q, n_k (the tokens
    counted) and said (the shape as printed)."""
    facts = {"n_q": len(words_q), "n_k": len(words_k), "said": {"shape": shape_text(shape)}}
    if list(words_q) == list(words_k):
        return Said(tr("questions-reveal-shape-self", n=len(words_q), sentence=quoted(words_q),
                       shape=facts["said"]["shape"]), facts)
    return Said(tr("questions-reveal-shape-cross", n_q=len(words_q), sentence_q=quoted(words_q), n_k=len(words_k),
                   sentence_k=quoted(words_k), shape=facts["said"]["shape"]), facts)


def reveal_why_scale(d_k: int, dots, two: TwoKeys) -> Said:
    """The spread of q·k measured at the learner's d_k, the two-key softmax one standard deviation apart, and why its
    gradient comparison differs from the Scaling explorer's 73× (whether the scores saturate softmax). Facts:
    gradients (scaling.gradients_compared's), saturation (scaling.saturation_compared's) and said (std, score,
    unscaled and scaled: the second key's weight, scaled_score, as printed)."""
    std = float(np.std(dots))
    gradients, saturation = gradients_compared(two), saturation_compared(two, tr("questions-these-scores"))
    said = {"std": enough(std, 2), "score": enough(two.scores[0], 2), "unscaled": enough(two.p_unscaled[1], 3),
            "scaled_score": enough(two.scaled[0], 2), "scaled": enough(two.p_scaled[1], 3)}
    facts = {"gradients": gradients.facts, "saturation": saturation.facts, "said": said}
    return Said(tr("questions-reveal-why-scale", d_k=d_k, count=len(dots), std=said["std"], theory=sqrt_text(d_k, 2),
                   score=said["score"], unscaled=said["unscaled"], scaled_score=said["scaled_score"],
                   scaled=said["scaled"], gradients=gradients.text) + "\n\n" + saturation.text, facts)


def share(total: int, parts: int) -> str:
    """What each of `parts` gets of `total` on average: '2/4 = 0.5', '2/7 ≈ 0.286'."""
    mean = total / parts
    return f"{total}/{parts} = {short(mean)}" if float(short(mean)) == mean else f"{total}/{parts} ≈ {enough(mean, 3)}"


def reveal_sums(weights) -> Said:
    """What sums to 1 in a weight matrix (n_q, n_k), and what does not: the column sums with their average, the
    one number the hint for “over the queries” cites. Facts: columns_alike (every column sum prints the same) and
    said (row_gap, the largest |row sum − 1|; low and high, the column sums' range; share; total), as printed."""
    W = np.asarray(weights, dtype=float)
    (n_q, n_k), rows, cols = W.shape, W.sum(axis=-1), W.sum(axis=0)
    said = {"low": enough(cols.min(), 3), "high": enough(cols.max(), 3),
            "row_gap": enough(np.abs(rows - 1).max(), below=CLOSE)}
    facts = {"columns_alike": said["low"] == said["high"], "said": said}
    if n_k > 1:
        said["share"] = share(n_q, n_k)
    columns = (tr("questions-sums-one-column", low=said["low"]) if n_k == 1 else
               tr("questions-sums-columns", n_k=n_k, alike="yes" if facts["columns_alike"] else "no",
                  low=said["low"], high=said["high"], share=share(n_q, n_k)))
    if n_q == 1:  # one row: the whole matrix is that row
        return Said(tr("questions-sums-one-row", row_gap=said["row_gap"], columns=columns), facts)
    said["total"] = num(W.sum(), 3)
    return Said(tr("questions-sums-rows", n_q=n_q, row_gap=said["row_gap"], columns=columns, total=said["total"]),
                facts)


def reveal_roles(t: RoleTest, n: int) -> Said:
    """How far the weights and output moved when each of Q, K, V was redrawn on the learner's sentence. Facts:
    decide and copied (the matrices named as deciding the weights, and as only changing what is copied; None for a
    single token) and said (each move as printed, 'weights Q', 'output V', …)."""
    if n < 2:
        return Said(tr("questions-reveal-roles-one-token"), {"decide": None, "copied": None, "said": {}})
    said = {f"{what} {m}": str(_by(gaps[m])) for m in ("Q", "K", "V")
            for what, gaps in (("weights", t.weight_gaps), ("output", t.output_gaps))}
    facts = {"decide": tuple(sorted(t.decide_weights)), "copied": tuple(sorted(t.copied)), "said": said}
    parts = str(_clauses([msg("questions-roles-redrawing", m=m, weights=said["weights " + m],
                              output=said["output " + m]) for m in ("Q", "K", "V")]))
    return Said(tr("questions-reveal-roles", n=n, parts=parts, found=_roles_found(t)), facts)


def _roles_found(t: RoleTest) -> str:
    """'Q and K decide the weights, and V only changes what is copied', the verbs agreeing with what was found."""
    return tr("questions-roles-found", decide=_names(t.decide_weights) if t.decide_weights else "",
              decide_count=len(t.decide_weights), copied=_names(t.copied) if t.copied else "",
              copied_count=len(t.copied))


def reveal_scale_heads(d_model: int, h: int, dots) -> Said:
    """One head's q·k spread, measured, and what each candidate divisor leaves of it. Facts: near (the spread is
    called close to √d_k), flattens (÷ √d_model leaves the smaller spread; None with one head, where both divisors are
    the same) and said (std, by_d_k, by_d_model as printed)."""
    d_k = d_model // h
    std = float(np.std(dots))
    by_d_k, by_d_model = std / math.sqrt(d_k), std / math.sqrt(d_model)
    facts = {"near": bool(abs(by_d_k - 1) < 0.1),  # within 10 % of √d_k, as theory says it is
             "flattens": None if by_d_model == by_d_k else bool(by_d_model < by_d_k),
             "said": {"std": enough(std, 2), "by_d_k": enough(by_d_k, 2)}}
    said = facts["said"]
    measured = tr("questions-heads-measured", count=len(dots), d_k=d_k, std=said["std"],
                  near="yes" if facts["near"] else "no", theory=sqrt_text(d_k, 2))
    if facts["flattens"] is None:  # one head: d_model = d_k
        return Said(tr("questions-heads-one", measured=measured, by_d_k=said["by_d_k"]), facts)
    said["by_d_model"] = enough(by_d_model, 2)
    return Said(tr("questions-heads-divided", measured=measured, d_k=d_k, by_d_k=said["by_d_k"], d_model=d_model,
                   by_d_model=said["by_d_model"], flattens="yes" if facts["flattens"] else "no"), facts)


def reveal_causal_row(labels: Sequence[str], weights, i: int) -> Said:
    """Which keys row i (from 0) of a causal weight matrix reaches, and what it gives the rest. Facts: reached (the
    indices of the keys named as having weight), after (how many keys after the query are said to get 0) and said
    (total, the row's sum as printed)."""
    row = np.asarray(weights, dtype=float)[i]
    reached = [int(j) for j in np.flatnonzero(row > 0)]
    listed = listing([f"“{labels[j]}”" for j in reached])
    facts = {"reached": reached, "after": len(row) - 1 - i,
             "said": {"total": "1" if abs(row.sum() - 1) < CLOSE else enough(row.sum(), 3)}}  # 1 up to rounding
    return Said(tr("questions-reveal-causal-row", i=i, label=labels[i], count=len(reached), listed=listed,
                   total=facts["said"]["total"], after=str(keys_after(facts["after"]))), facts)


def reveal_identical(word: str, a: int, b: int, gap_plain: float, gap_positional: float) -> Said:
    """The gap between the two copies' output rows (at positions a and b, from 0), without and with positions.
    Facts: identical (without positions) and said (plain and positional, each gap as printed)."""
    facts = {"identical": bool(gap_plain < CLOSE),
             "said": {"plain": str(_by(gap_plain)), "positional": str(_by(gap_positional))}}
    return Said(tr("questions-reveal-identical", word=word, a=a, b=b, plain=facts["said"]["plain"],
                   identical="yes" if facts["identical"] else "no", positional=facts["said"]["positional"]), facts)


def reveal_one_hot(weights_row, j: int, output) -> Said:
    """The output written out as the weighted sum of the value rows. Facts: said (weights and output as printed)."""
    terms = " + ".join(f"{short(w)} · v{_sub(k)}" for k, w in enumerate(weights_row))  # v₀ is row 0
    facts = {"said": {"weights": vector_text(weights_row), "output": vector_text(output)}}
    return Said(tr("questions-reveal-one-hot", j=j, weights=facts["said"]["weights"], terms=terms,
                   output=facts["said"]["output"]), facts)


def reveal_qk_variance(d_k: int, dots) -> Said:
    """The measured variance and spread of q·k against d_k and √d_k. Facts: said (variance and std as printed)."""
    dots = np.asarray(dots, dtype=float)
    facts = {"said": {"variance": enough(dots.var(), 2), "std": enough(dots.std(), 2)}}
    return Said(tr("questions-reveal-qk-variance", count=len(dots), d_k=d_k, variance=facts["said"]["variance"],
                   std=facts["said"]["std"], theory=sqrt_text(d_k, 2)), facts)


def step_count(count: int) -> str:
    """'1 step', '9 steps' (in Chinese '9 步')."""
    return tr("questions-step-count", count=int(count))


def reveal_steps(n: int) -> Said:
    """Steps from token 0 to token n − 1 for attention and for a recurrent network, from the step matrices. Facts:
    attention and recurrent, the two counts, and said (each as printed)."""
    att, rnn = int(steps_matrix(attention_reads(n))[n - 1, 0]), int(steps_matrix(recurrent_reads(n))[n - 1, 0])
    facts = {"attention": att, "recurrent": rnn,
             "said": {"attention": step_count(att), "recurrent": step_count(rnn)}}
    return Said(tr("questions-reveal-steps", n=n, last=n - 1, attention=facts["said"]["attention"],
                   recurrent=facts["said"]["recurrent"]), facts)


def reveal_total(weights) -> Said:
    """The row sums of a weight matrix and their total. Facts: said (row_gap, the largest |row sum − 1|, and total
    as printed)."""
    W = np.asarray(weights, dtype=float)
    rows = W.sum(axis=-1)
    facts = {"said": {"row_gap": enough(np.abs(rows - 1).max(), below=CLOSE)}}
    if W.shape[0] == 1:
        return Said(tr("questions-reveal-total-one", row_gap=facts["said"]["row_gap"]), facts)
    facts["said"]["total"] = num(W.sum(), 3)
    return Said(tr("questions-reveal-total", n=W.shape[0], row_gap=facts["said"]["row_gap"], size=int(W.size),
                   total=facts["said"]["total"]), facts)


def reveal_two_keys(two: TwoKeys) -> Said:
    """softmax of the two scores before and after dividing by √d_k. Facts: gradients (scaling.gradients_compared's)
    and said (unscaled and scaled, the weights as printed)."""
    gradients = gradients_compared(two)
    facts = {"gradients": gradients.facts,
             "said": {"unscaled": enough_vec(two.p_unscaled, 4), "scaled": enough_vec(two.p_scaled, 3)}}
    return Said(tr("questions-reveal-two-keys", s=short(two.scores[0]), unscaled=facts["said"]["unscaled"],
                   d_k=two.d_k, divisor=short(two.divisor), scaled_s=short(two.scaled[0]),
                   scaled=facts["said"]["scaled"], gradients=gradients.text), facts)


# ------------------------------------------------------------------------- one step, and the score


def one_step_text(tokens: Sequence[str]) -> str:
    """Steps from the first token to the last for attention and for a left-to-right recurrent network."""
    n = len(tokens)
    if n < 2:
        return tr("questions-one-step-single")
    att = int(steps_matrix(attention_reads(n))[n - 1, 0])
    rnn = int(steps_matrix(recurrent_reads(n))[n - 1, 0])
    return tr("questions-one-step-text", n=n, first=tokens[0], final=tokens[-1], last=n - 1,
              attention=step_count(att), recurrent=step_count(rnn))


def causal_step_text(n: int) -> str:
    """Under a causal mask: how many ordered pairs are one step apart, and how many never connect."""
    if n < 2:
        return tr("questions-causal-step-single")
    steps = steps_matrix(attention_reads(n, causal_mask(n)))
    one, never = int((steps == 1).sum()), int(np.isinf(steps).sum())
    return tr("questions-causal-step-text", one=one, pairs=n * (n - 1), never=never)


def score_text(first_statuses: Sequence[str], total: int) -> str:
    """The session's score from each answered question's first verdict."""
    right = sum(s == RIGHT for s in first_statuses)
    answered = sum(s in (RIGHT, WRONG) for s in first_statuses)
    shown = sum(s == SHOWN for s in first_statuses)
    if not answered and not shown:
        return tr("questions-score-none", total=total)
    return tr("questions-score", which="both" if answered and shown else "right" if answered else "shown",
              right_part=tr("questions-score-right", right=right, answered=answered) if answered else "",
              shown_part=tr("questions-score-shown", shown=shown) if shown else "")


# ------------------------------------------------------------------ the page's other words about its numbers


def reveal_softmax_axis(words_q: Sequence[str], words_k: Sequence[str], weights) -> Said:
    """The sentences the queries and the keys came from, then what sums to 1 in their weights (n_q, n_k): facts,
    reveal_sums'."""
    sums = reveal_sums(weights)
    return Said(tr("questions-reveal-softmax-axis", sentence_q=quoted(words_q), sentence_k=quoted(words_k),
                   sums=sums.text), sums.facts)


def reveal_qkv_shapes(arrays: Mapping[str, np.ndarray]) -> str:
    """How each shape came about in arrays multiplied just now, as a markdown list."""
    return tr("questions-reveal-qkv-shapes") + "\n\n" + "\n".join(f"- {line}" for line in shape_flow(arrays))


def qk_variance_title(d_k: int, n_pairs: int) -> str:
    """The histogram's title: the width and how many pairs it counts."""
    return tr("questions-qk-variance-title", d_k=d_k, pairs=n_pairs)


STEP_KINDS = ("attention", "recurrent network", "causal mask")  # the step matrices the page draws, by name


def step_kind(name: str) -> str:
    """A step matrix's name as the page writes it: 'attention', 'recurrent network', 'causal mask'."""
    return tr("questions-step-kind", kind=name.replace(" ", "-"))


def steps_metric(name: str, steps) -> tuple[str, str]:
    """A metric's label and value: the steps from token 0 to token n − 1 in an (n, n) step matrix."""
    n = len(steps)
    return (tr("questions-steps-metric", kind=name.replace(" ", "-"), last=n - 1),
            step_count(int(np.asarray(steps)[n - 1, 0])))


def steps_table_title(name: str) -> str:
    """A step-count table's title: 'steps j → i, causal mask'."""
    return tr("questions-steps-table-title", kind=step_kind(name))


def take_home_intro(number: int, with_steps: bool) -> str:
    """What the page's code and notebook hold: question `number`'s attention, and the step counts if drawn."""
    # the step counts answer the steps question: named by number, never by the section's header
    return tr("questions-take-home-intro", number=number, with_steps="yes" if with_steps else "no",
              steps=KINDS.index("steps") + 1)


def notebook_shape_sentence(labels_q: list[str], labels_k: list[str]) -> str:
    """The notebook's words on question 1's attention: self-attention on one sentence, or cross-attention."""
    n_q, n_k = len(labels_q), len(labels_k)
    if labels_q == labels_k:
        return tr("questions-notebook-self", n=n_q)
    return tr("questions-notebook-cross", n_q=n_q, n_k=n_k)


# ------------------------------------------------------------------------------------- the page's fixed words


def intro() -> str:  # the last page of the route: its questions may ask about every idea before it, masks and heads
    return tr("questions-intro")


def skip_notice() -> str:
    return tr("questions-skip-notice")


def seed_help() -> str:
    return tr("questions-seed-help")


def placeholder(answer_type: str) -> str:
    """The answer box's placeholder for a shape, a number or a vector."""
    return tr(f"questions-placeholder-{answer_type}")


def why_scale_caption() -> str:
    return tr("questions-why-scale-caption")


def one_step_header() -> str:
    return tr("questions-one-step-header")


# The source text says "every position can see every other one in one step"; that holds with no mask (a causal mask,
# taught on Masks and heads, hides the later tokens), so the takeaway says so.
def steps_caption() -> str:
    return tr("questions-steps-caption", header=one_step_header())


def one_step_intro() -> str:
    return tr("questions-one-step-intro")


def steps_cell_caption() -> str:
    return tr("questions-steps-cell-caption")


def never_arrives() -> str:
    return tr("questions-never-arrives")


# The source text's four takeaways (questions-takeaway-<name>), each with the page that demonstrates it (its route
# name; the link's label is questions-takeaway-<name>.link), and the quiz kinds whose answers it states (the page
# holds it back while any of them is open).
TAKEAWAY_KINDS = (
    ("roles", "builder", ("roles",)),
    ("softmax", "home", ("roles",)),
    ("one-step", "masks", ("steps", "one_hot")),
    ("scale", "scaling", ("why_scale",)),
)


def takeaways() -> tuple[tuple[str, str, str, tuple[str, ...]], ...]:
    """The four takeaways as (text, page's route name, link label, kinds), in the current language."""
    return tuple((tr(f"questions-takeaway-{key}"), page, tr(f"questions-takeaway-{key}.link"), kinds)
                 for key, page, kinds in TAKEAWAY_KINDS)


# The page's other closing elements, by the quiz kinds whose answers they state: the one-step section (its header
# and "attention needs 1 step") and, inside it, the step counts under a causal mask (a row reads itself and every
# token before it).
ONE_STEP_ANSWERS = ("steps",)
CAUSAL_STEP_ANSWERS = ("causal_row",)
CLOSING_KINDS = frozenset(ONE_STEP_ANSWERS + CAUSAL_STEP_ANSWERS + tuple(k for *_, ks in TAKEAWAY_KINDS for k in ks))


def open_numbers(kinds: Sequence[str], open_kinds) -> list[int]:
    """The numbers (from 1, in the page's order) of the questions among `kinds` that are still open."""
    return [number for number, kind in enumerate(KINDS, 1) if kind in kinds and kind in open_kinds]


def held_back_note(numbers: Sequence[int], what: str, many: bool = False) -> str:
    """Why `what` (one_step_held(), takeaways_held(…): 'The section … appears', '2 more takeaways appear') is not on
    the page yet: it states the answers to the open questions `numbers`."""
    return tr("questions-held-back", what=what, count=len(numbers), numbers=listing([str(n) for n in numbers]),
              many="yes" if many else "no")


def takeaways_held(count: int, total: int | None = None) -> str:
    """'1 more takeaway appears', '3 more takeaways appear'; 'The 4 takeaways appear' when every one of the `total`
    waits (no 'more' when none is shown): the subject of a held-back note."""
    return tr("questions-takeaways-held", count=count, every="yes" if total is not None and count == total else "no")


def one_step_held() -> str:
    return tr("questions-one-step-held")


def causal_step_held() -> str:
    return tr("questions-causal-step-held")


def gives_away(kind: str, state) -> list[str]:
    """What states the answer of this kind's question while it is open: the closing elements that state it (the
    takeaways, the one-step section, the causal step counts) and its own explanation at the page's seed ("q"), in
    the current language."""
    said = [text for text, _, _, kinds in takeaways() if kind in kinds]
    if kind in ONE_STEP_ANSWERS:
        said += [one_step_header(), steps_cell_caption()]
    if kind in CAUSAL_STEP_ANSWERS:
        said += [steps_table_title("causal mask"), never_arrives()]
    try:
        said.append(make_question(kind, int(state.get("q", 0) or 0)).why)
    except ValueError:  # a seed the page itself would refuse: only the closing elements are declared
        pass
    return said
