"""Text patterns that are never true to write, in one place: a new one is a line in RULES.

`never_true(text)` returns what it finds, one readable line per hit. These are the checks that need only the
words; the ones that need the numbers (a 0.000 that is not 0, the largest entry, overlapping options, an option
already picked) are tested in tests/lessons/ where the sentence is built, with the values beside it.
"""

from __future__ import annotations

import re

# Words that end in s without being plural nouns: they may follow a 1 ("1 is", "1 has", "1 minus").
NOT_PLURAL = {"is", "was", "has", "does", "its", "this", "plus", "minus", "as", "us", "yes", "always", "across",
              "less", "thus", "whereas", "unless", "bias", "axis", "process", "gets", "keeps", "sums",
              "stays", "means", "wins", "goes", "says", "gives", "takes", "shows", "falls", "leads", "sits",
              "comes", "runs", "lies"}
# Words after which "1" is a label, not a count: "head 1 weights", "dividing by 1 fails".
LABELS = ("head", "Head", "step", "token", "query", "key", "row", "column", "seed", "position", "by", "layer",
          "question",
          "Q", "section", "option", "d_k =", "d_model =", "heads =")
NOT_A_LABEL = "".join(f"(?<!{w} )" for w in LABELS)
NUMBER = r"[−-]?\d[\d,]*(?:\.\d+)?(?: × 10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)?"

RULES: dict[str, str] = {
    # "1 keys", "all 1 keys", "= 1 columns": a count of one with a plural noun
    "a count of 1 with a plural noun": NOT_A_LABEL + r"(?<![\d.,×/−-])\b1 (?!(?:{})\b)([a-z]+s)\b".format(
        "|".join(NOT_PLURAL)),
    # "all 2 share the whole weight", "all 1 key": two are "both", one is said singly (format.all_of)
    "all 2 or all 1 where both or the one is meant": r"\ball [12] (?![×x.,\d/−+])",
    # "to “dog” and “cat” and “bird”": a list joined with "and" at every seam (format.listing)
    "a list joined with and at every seam": r"“[^“”]*” and “[^“”]*” and “",
    # "ranges from 2.01 to 2.01": a range whose ends are the same number
    "a range from a number to itself": rf"\bfrom ({NUMBER}) to \1(?![\d.]| ×)",
    # "a slope of 0.197 instead of 0.197"
    "a number instead of itself": rf"(?<![\d.])(?<!× )({NUMBER}) instead of \1(?![\d./]| ×)",
    "a ratio of 1.0× stated as a difference": r"within 1\.0×",
    "a bound that is not a bound": r"\bat most below\b|\bat least above\b",
    # "the the", "is is"; and "the same the lowest", a sentence stitched across a seam
    "a word repeated across a seam": r"(?i)\b(the|a|an|is|of|to|and|in|it|on)\s+\1\b",
    "a sentence stitched across a seam": r"\bthe same the\b",
    # "At d_k = 7 the histogram is not bell-shaped": only d_k = 1 is a single product; a sum of 2+ is not
    "a sum of products called not bell-shaped": r"\bd_k = (?!1\b)\d+\b[^.\n]{0,60}\bnot bell-shaped",
    # "its largest weight, 0.199, to “the·0” … “cat” gets 0.199.": a tie in print graded as a miss (issue 30)
    "a key that prints the largest weight told it lost": rf"largest weight, ({NUMBER}),[^\n]*?“[^”]+” gets \1\.",
    # "at 1 of the 13 learning rates (1)": a rate in brackets after a count reads as a second count (issue 30)
    "a learning rate in brackets read as a count": r"learning rates \([\d.,]+\)",
}
# The same never-true patterns in Chinese (issue 40), where Chinese says them differently; a Chinese page is held to
# RULES too (its numbers, symbols and the learner's English are written the same way).
ZH_RULES: dict[str, str] = {
    # "所有 2 个键", "全部 1 个": two are 两个都, one is said singly (format.all_of)
    "all 2 or all 1 where both or the one is meant": r"(?:所有|全部)\s*[12]\s*个",
    # "2 两个", "3 三个": a count written twice, a number and then its word, across a seam
    "a count written twice": r"(?<![\d.])\d+\s*(?:一|两|二|三|四|五|六|七|八|九|十)\s*个",
    # "“狗”和“猫”和“鸟”": a list joined with 和 at every seam; Chinese joins with 、 and a last 和 (format.listing)
    "a list joined with and at every seam": r"“[^“”]*”\s*和\s*“[^“”]*”\s*和\s*“",
    # "从 2.01 到 2.01", "在 3 到 3 之间": a range whose ends are the same number
    "a range from a number to itself": rf"(?<![\d.,−-])({NUMBER})\s*(?:到|至)\s*\1(?![\d.]| ×)",
    # "0.197 而不是 0.197", "不是 0.197，而是 0.197"
    "a number instead of itself": rf"(?<![\d.,−-])({NUMBER})\s*，?\s*而不是\s*\1(?![\d./]| ×)"
                                  rf"|不是\s*({NUMBER})\s*，?\s*而是\s*\2(?![\d./]| ×)",
    "a ratio of 1.0× stated as a difference": r"1\.0×\s*(?:以内|之内)",
    "a bound that is not a bound": r"(?:至多|最多)\s*(?:低于|小于)|(?:至少|最少)\s*(?:高于|大于)",
    # "的的", "是是", "在在", "。。": a word or a mark repeated across a seam
    "a word repeated across a seam": r"(的|了|是|在|把|被|对|与|从|这|那|就|也|都)\s*\1|([，。：；、？！])\s*\2",
    # "学习率（0.1）": a rate in brackets after a count reads as a second count (issue 30)
    "a learning rate in brackets read as a count": r"学习率\s*[（(][\d.,]+[）)]",
}
_COMPILED = {name: re.compile(pattern) for name, pattern in RULES.items()}
_ZH_COMPILED = {f"{name} (zh)": re.compile(pattern) for name, pattern in ZH_RULES.items()}


def never_true(text: str, lang: str = "en") -> list[str]:
    """Each place in `text` that matches a rule, as 'rule: …context…'; in Chinese (`lang` zh-…) the Chinese rules
    too."""
    hits = []
    rules = {**_COMPILED, **(_ZH_COMPILED if lang.lower().startswith("zh") else {})}
    for name, pattern in rules.items():
        for m in pattern.finditer(text):
            start, end = max(0, m.start() - 40), min(len(text), m.end() + 40)
            hits.append(f"{name}: …{' '.join(text[start:end].split())}…")
    return hits


def answers_given(text: str, declared: dict[str, list[str]]) -> list[str]:
    """Each string a question declares as giving its answer away (`declared`: question id -> its strings, from
    attn_lessons.asked.Asked.answer_strings) that is in `text`, as 'id gives its answer away: “…” in …context…'."""
    hits = []
    for question, strings in declared.items():
        for s in strings:
            at = text.find(s)
            if at >= 0:
                context = " ".join(text[max(0, at - 40):at + len(s) + 40].split())
                hits.append(f"{question} gives its answer away: “{s}” in …{context}…")
    return hits


def claims(pattern: str, text: str, at_least: int = 1, flags: int = 0) -> list[re.Match]:
    """Every match of `pattern` in `text`, for a test to check each claim it finds; an AssertionError when fewer than
    `at_least` match, so a check whose sentence was reworded fails instead of passing with nothing checked
    (tests/lessons/test_claim_checks.py bans looping over re.findall/finditer, or asserting under re.search, in the
    tests: use this)."""
    found = list(re.finditer(pattern, text, flags))
    assert len(found) >= at_least, \
        f"{len(found)} claim(s) matching {pattern!r} in the text, at least {at_least} expected:\n{text}"
    return found


def claim(pattern: str, text: str, flags: int = 0) -> re.Match:
    """The first match of `pattern` in `text`; an AssertionError when there is none (see claims)."""
    return claims(pattern, text, 1, flags)[0]


# A run of four or more English words: what a page read in another language must not show (issue 40), outside code,
# formulas and the learner's own sentence. Symbols (Q, K, V, d_k, W_Q, softmax) are single words and never make a run
# of four on their own.
_ENGLISH_RUN = re.compile(r"[A-Za-z][A-Za-z'’]*(?:[ \t,;:()/-]+[A-Za-z][A-Za-z'’]*){3,}")
_STYLE = re.compile(r"<(style|script)\b.*?</\1>", re.S | re.I)
_BLOCK = re.compile(r"</?(?:td|th|tr|table|thead|tbody|caption|div|p|li|ul|ol|br|h[1-6]|figcaption)\b[^>]*>", re.I)
_CODE = re.compile(r"<(style|script)\b.*?</\1>|\bhttps?://[^\s)\]>\"']+|`[^`]*`|\$\$.*?\$\$|\$[^$]*\$|\\\(.*?\\\)|"
                   r"<[^>]+>", re.S)


def english_runs(text: str, allowed: tuple[str, ...] = ()) -> list[str]:
    """Each run of four or more English words in `text`, leaving out code in backticks, formulas ($…$), HTML tags,
    web addresses and the strings in `allowed` (the learner's own sentence, a code sample)."""
    for keep in sorted(allowed, key=len, reverse=True):
        if keep:
            text = text.replace(keep, " ")
    text = _BLOCK.sub("\n", _STYLE.sub(" ", text))  # a table's cells, a box's paragraphs: no sentence across them
    text = _CODE.sub(" ", text)
    return [m[0] for m in _ENGLISH_RUN.finditer(text)]
