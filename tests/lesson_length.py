"""How long a page reads (issue 23's 30-minute core): the words of the text blocks a learner sees with the
predictions answered and the deep dives folded, and how many come before the page's first picture (or the
prediction, or the quiz's answer box, that opens it).

Counted: titles, headers, markdown, captions and the coloured boxes (info, success, warning, error). Not counted:
tables, charts, code, equations, widget labels, and anything inside an expander or a toggle's section (closed by
default: a deep dive). `python -m tests.lesson_length` prints the table for every page.
"""

from __future__ import annotations

import re

TEXT = ("title", "header", "subheader", "markdown", "caption", "info", "success", "warning", "error")
PICTURES = ("plotly_chart", "html", "table", "dataframe", "arrow_data_frame")
DRAWN = ("<table", "class=fl")  # an st.html is a picture when it draws a matrix table or the builder's shape diagram
PAGE_WORDS, ROUTE_WORDS, WORDS_BEFORE_PICTURE = 700, 4000, 120


def words(text: str) -> int:
    """Words a reader reads: runs of letters or digits, markdown and LaTeX markup left out."""
    text = re.sub(r"\$[^$]*\$", " ", str(text))  # inline maths is an equation, not prose
    return len(re.findall(r"[A-Za-z0-9’'·]+", text))


def _blocks(node, folded: bool = False):
    """(kind, text or None, folded) for every element in page order."""
    kind = getattr(node, "type", None)
    # before Streamlit 1.67, AppTest reads an expander that has an icon as a "status" block
    folded = folded or kind in ("expander", "expandable", "status")
    if kind in TEXT:
        yield kind, str(getattr(node, "value", "")), folded
    elif kind in PICTURES and not (kind == "html" and not any(m in node.proto.body for m in DRAWN)):
        yield kind, None, folded
    elif str(getattr(node, "key", "") or "").startswith("answer_"):  # a quiz's answer box opens its idea too
        yield kind, None, folded
    for k in sorted(getattr(node, "children", {}) or {}):
        yield from _blocks(node.children[k], folded)


def reading(at) -> tuple[int, int | None]:
    """(words the learner reads on the page, words before its first picture; None when it draws none)."""
    total, before, seen_picture = 0, None, False
    for _kind, text, folded in _blocks(at.main):
        if folded:
            continue
        if text is None or text.startswith("**Predict first.**"):  # a picture, or the prediction opening it
            if not seen_picture:
                before, seen_picture = total, True
            continue
        if "Show the code" in text or text.startswith("Next:"):
            continue
        total += words(text)
    return total, before


def main() -> None:
    from attn_ui.pages import route
    from tests.apptest_utils import run_page

    rows, whole = [], 0
    for page in route():
        n, before = reading(run_page(page.path, reveal=1))
        whole += n
        first = before if before is not None else "-"
        rows.append(f"{page.label:<20} {n:5d} words, {first:>4} before the first picture or prediction")
    print("\n".join(rows) + f"\n{'route':<20} {whole:5d} words")


if __name__ == "__main__":
    main()
