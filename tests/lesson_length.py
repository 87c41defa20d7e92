"""How long a page reads (issues 23 and 36): the words a learner reads on it, counted from what is on screen, and
how many come before its first picture and before its first question.

Counted, in page order: titles, headers, markdown, captions, the coloured boxes (info, success, warning, error,
so a question's feedback once it shows), the label of every fold and everything inside a fold that is open by
default, each matrix table's caption and column headers (attn_ui.tables), each metric's label and value, and each
control's label and the options of a radio. A question is the "Predict first." box of a prediction or a quiz's
answer box (Check yourself's `answer_…`, the mistakes pages' `quiz_answer` and `mquiz_answer`).

Still left out: what a fold closed by default holds (a deep dive, read only by who opens it), st.table and
st.dataframe grids whole, the cells of matrix tables and their rows' labels (numbers and tokens you look up, not
read in order), charts and their titles, code, equations, the options of a drop-down (closed until opened), the
"Show the code" switch, tooltips (help=), the Next/Back links and the sidebar.

`read` is that count; a page's `minutes` in the route come from it at WORDS_PER_MINUTE, over the page at its defaults
with each prediction answered as the learner meets it (`answered_as_you_go`).

In Chinese (issue 40) there are no spaces to count words by: a page is read at about CHARACTERS_PER_MINUTE Chinese
characters a minute. `read` counts the Chinese characters apart (`Reading.characters`) and the Latin words, numbers
and symbols among them (d_k, softmax, 0.731) as words, each at its own rate (`reading_minutes`); English pages have
no Chinese characters, so their minutes and the words budgets below are as before. `reading` is issue 23's narrower
prose count (prose blocks only, every fold left out), kept for the budgets set with it. `python -m
tests.lesson_length` prints the table for every page.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser

TEXT = ("title", "header", "subheader", "markdown", "caption", "info", "success", "warning", "error")
PICTURES = ("plotly_chart", "html", "table", "dataframe", "arrow_data_frame")
CONTROLS = ("radio", "slider", "select_slider", "number_input", "selectbox", "multiselect", "text_input",
            "text_area", "toggle", "checkbox", "button", "download_button")
FOLDS = ("expander", "expandable", "status")  # before Streamlit 1.67, AppTest reads an expander with an icon as status
DRAWN = ("<table", "class=fl")  # an st.html is a picture when it draws a matrix table or the builder's shape diagram
PAGE_WORDS, ROUTE_WORDS, WORDS_BEFORE_PICTURE = 700, 4000, 120  # ROUTE_WORDS: the core's pages (core=True) together
WORDS_BEFORE_QUESTION = 800  # issue 36: no page asks a learner to read more than this before it asks them anything
WORDS_PER_MINUTE = 200  # an adult reading English on a screen; a page's minutes are its words over this, rounded up
CHARACTERS_PER_MINUTE = 300  # an adult reading Chinese on a screen (issue 40): characters, not words
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002fa1f]")  # attn_core.tokens' Han ranges
QUESTION_START = "**Predict first.**"


def words(text: str) -> int:
    """Words a reader reads: runs of letters or digits, markdown and LaTeX markup left out."""
    text = re.sub(r"\$[^$]*\$", " ", str(text))  # inline maths is an equation, not prose
    return len(re.findall(r"[A-Za-z0-9’'·]+", text))


def characters(text: str) -> int:
    """Chinese characters a reader reads (punctuation left out), inline maths left out as in `words`."""
    return len(_HAN.findall(re.sub(r"\$[^$]*\$", " ", str(text))))


def minutes(n_words: int) -> int:
    """A page's reading time in whole minutes (at least 1) from its word count, at WORDS_PER_MINUTE."""
    return max(1, math.ceil(n_words / WORDS_PER_MINUTE))


def reading_minutes(n_words: int, n_characters: int = 0) -> int:
    """The reading time of a page in any language, in whole minutes (at least 1): its Latin words at
    WORDS_PER_MINUTE and its Chinese characters at CHARACTERS_PER_MINUTE (with no characters, `minutes`)."""
    return max(1, math.ceil(n_words / WORDS_PER_MINUTE + n_characters / CHARACTERS_PER_MINUTE - 1e-9))


@dataclass(frozen=True)
class Seen:
    """One thing on the page, in page order: its kind, the text a learner reads in it (None for a picture), whether
    it sits in a fold closed by default, and whether it asks a question."""

    kind: str
    text: str | None
    folded: bool = False
    question: bool = False


class _TableText(HTMLParser):
    """A table's caption and column headers: the words of it a learner reads (the cells are looked up)."""

    def __init__(self, markup: str):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._into: str | None = None
        self.feed(markup)
        self.close()

    def handle_starttag(self, tag, attrs):
        scope = dict(attrs).get("scope")
        self._into = "caption" if tag == "caption" else "head" if tag == "th" and scope in ("col", "colgroup") \
            else None
        if self._into:
            self.parts.append("")

    def handle_data(self, data):
        if self._into:
            self.parts[-1] += data

    def handle_endtag(self, tag):
        self._into = None


def _label(node) -> str:
    label = getattr(node, "label", None)
    return label if isinstance(label, str) else str(getattr(getattr(node, "proto", None), "label", "") or "")


def seen(node, folded: bool = False):
    """Every `Seen` on the page under `node` (an AppTest's `main`), in page order."""
    kind = getattr(node, "type", None)
    if kind in FOLDS:
        expanded = bool(getattr(getattr(node.proto, "expandable", None), "expanded", False))
        yield Seen(kind, _label(node), folded)
        folded = folded or not expanded
    elif kind in TEXT:
        text = str(getattr(node, "value", ""))
        yield Seen(kind, text, folded, question=text.startswith(QUESTION_START))
    elif kind == "metric":
        yield Seen(kind, f"{node.label} {node.value}", folded)
    elif kind in CONTROLS:
        key = str(getattr(node, "key", "") or "")
        text = _label(node)
        if kind == "radio":
            text = " ".join([text, *(str(o) for o in getattr(node, "options", []) or [])])
        yield Seen(kind, text, folded, question=key.startswith("answer_") or key.endswith("quiz_answer"))
    elif kind in PICTURES and not (kind == "html" and not any(m in node.proto.body for m in DRAWN)):
        yield Seen(kind, None, folded)
        if kind == "html":
            yield Seen("table labels", " ".join(_TableText(node.proto.body).parts), folded)
    for k in sorted(getattr(node, "children", {}) or {}):
        yield from seen(node.children[k], folded)


@cache
def furniture() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The page's furniture in every language: the "Show the code" switch's label, and how the Next and Back links
    open ("Next:", "下一页："), from the catalogs."""
    from attn_lessons import i18n

    shows, opens = {"Show the code"}, {"Next:", "Back:"}
    for lang in i18n.languages():
        if i18n.has("take_home-show-code", lang):
            shows.add(i18n.tr_in(lang, "take_home-show-code"))
        opens |= {i18n.tr_in(lang, m, label="").strip() for m in ("route-next", "route-back") if i18n.has(m, lang)}
    return tuple(sorted(shows)), tuple(sorted(opens))


def _is_furniture(text: str) -> bool:
    shows, opens = furniture()
    return any(s in text for s in shows) or text.startswith(opens)


def _counts(item: Seen) -> bool:
    """Whether `item`'s words count: read on screen, not a fold's contents, not the page's furniture."""
    if item.folded or item.text is None:
        return False
    return not (_is_furniture(item.text) or item.kind == "download_button")


@dataclass(frozen=True)
class Reading:
    """What a learner reads on a page in one state: every word counted; how many come before its first picture and
    before its first question (None when it has none); and `longest`, the most words read in one stretch that ends
    at a question (from the top, or from the question before it), so a quiz at the end of a long page counts."""

    words: int
    before_picture: int | None
    before_question: int | None
    longest: int | None = None
    characters: int = 0  # the Chinese characters read (issue 40), which `words` leaves out

    @property
    def minutes(self) -> int:
        """How long the page reads, in whole minutes, in whatever language it was read."""
        return reading_minutes(self.words, self.characters)


def read(at) -> Reading:
    """The page's `Reading`, as it stands in `at` (an AppTest that has run)."""
    total, picture, question, since, longest, chars = 0, None, None, 0, None, 0
    for item in seen(at.main):
        if item.question and not item.folded:
            question = total if question is None else question
            longest, since = max(longest or 0, since), 0
        if item.text is None and picture is None and not item.folded:
            picture = total
        if item.question and picture is None:  # a prediction opens its picture
            picture = total
        if _counts(item):
            total += words(item.text)
            since += words(item.text)
            chars += characters(item.text)
    return Reading(total, picture, question, longest, chars)


def answered_as_you_go(at):
    """`at` after the learner answers each prediction as they meet it ("Show me", top to bottom): every section
    shows, each prediction's question stays above its answer, and a quiz's answer boxes stay open."""
    for _ in range(12):  # a page has a few predictions; each answer may draw the next
        open_ = [b for b in at.button if str(b.key or "").endswith("_skip") and not b.proto.disabled]
        if not open_:
            return at
        open_[0].click().run()
    raise AssertionError("a prediction still waits after 12 answers")


# ------------------------------------------------------------------ issue 23's prose budget
# The older, narrower count, kept for the budgets set with it (PAGE_WORDS, ROUTE_WORDS, WORDS_BEFORE_PICTURE, which
# the pages' own tests hold them to): the prose blocks only, with every fold left out, open or not. The reading time
# and the words before a question come from `read` above.


def _blocks(node, folded: bool = False):
    """(kind, text or None, folded) for every prose block and picture in page order."""
    kind = getattr(node, "type", None)
    folded = folded or kind in FOLDS
    if kind in TEXT:
        yield kind, str(getattr(node, "value", "")), folded
    elif kind in PICTURES and not (kind == "html" and not any(m in node.proto.body for m in DRAWN)):
        yield kind, None, folded
    elif str(getattr(node, "key", "") or "").startswith("answer_"):  # a quiz's answer box opens its idea too
        yield kind, None, folded
    for k in sorted(getattr(node, "children", {}) or {}):
        yield from _blocks(node.children[k], folded)


def reading(at) -> tuple[int, int | None]:
    """(prose words on the page, prose words before its first picture; None when it draws none): issue 23's
    budget, every fold left out."""
    total, before, seen_picture = 0, None, False
    for _kind, text, folded in _blocks(at.main):
        if folded:
            continue
        if text is None or text.startswith(QUESTION_START):  # a picture, or the prediction opening it
            if not seen_picture:
                before, seen_picture = total, True
            continue
        if _is_furniture(text):
            continue
        total += words(text)
    return total, before


def main(lang: str = "en") -> None:
    """Print each page's count; `python -m tests.lesson_length zh-CN` reads the pages in Chinese."""
    from attn_ui.pages import route
    from tests.apptest_utils import run_page

    rows, whole, core = [], 0, 0
    for page in route():
        r = read(answered_as_you_go(run_page(page.path, lang=lang)))
        whole += r.words
        core += r.words if page.core else 0
        chars = f" and {r.characters:5d} Chinese characters" if r.characters else ""
        rows.append(f"{page.label:<24} {r.words:5d} words{chars} ({r.minutes} min, route says {page.minutes}, "
                    f"{page.kind}); {r.before_question!s:>4} before the first question, at most {r.longest!s:>4} "
                    "before a question")
    print("\n".join(rows) + f"\n{'route':<24} {whole:5d} words\n{'the core (core=True)':<24} {core:5d} words")


if __name__ == "__main__":
    import sys

    main(*sys.argv[1:2])
