"""Issue 36: no page uses a glossary term (attn_lessons/glossary.py) before it defines it or a page before it on
the route did. The walk opens every page of the route in order at its defaults and its two examples, with the
questions open and then answered, and reads its text in page order, closed folds included (a definition inside a
closed fold counts only inside it: who never opens the fold never reads it). It reads what tests/lesson_length.seen
reads, so it leaves out the sidebar, chart titles and axes, tooltips (help=) and code."""

from __future__ import annotations

import pytest

from attn_lessons import glossary
from attn_lessons.glossary import Read, Undefined, definitions, undefined_uses
from attn_ui.pages import route
from tests.apptest_utils import answers_shown, assert_ran, run_page
from tests.lesson_length import FOLDS, seen

pytestmark = pytest.mark.pages
HEADINGS = ("title", "header", "subheader")  # a heading is read with the paragraph under it


def _query(example: str) -> dict[str, str]:
    return dict(part.split("=", 1) for part in example.split("&"))


def page_reads(at, page: str) -> list[Read]:
    """The page's text in reading order as glossary Reads: a heading joined to the block under it, and the text of
    a closed fold scoped to that fold."""
    reads: list[Read] = []
    heading, fold, n = "", None, 0
    for item in seen(at.main):
        if not item.text:
            continue
        scope = fold if item.folded else None
        if not item.folded:
            fold = None
        if item.kind in FOLDS:
            reads.append(Read(page, item.text, scope))
            n += 1
            fold = f"{page}: fold {n}, {item.text}"  # its contents, if folded, are scoped to it
            continue
        if item.kind in HEADINGS:
            heading += item.text + "\n"
            continue
        reads.append(Read(page, heading + item.text, scope))
        heading = ""
    if heading:
        reads.append(Read(page, heading))
    return reads


def states(page) -> list[dict[str, str]]:
    return [{}, *(_query(e) for e in page.examples)]


def read_state(page, query: dict[str, str], reveal: int, lang: str = "en") -> list[Read]:
    at = run_page(page.path, reveal=reveal, lang=lang, **query)
    assert_ran(at)
    if reveal:
        at = answers_shown(at)
    return page_reads(at, page.label)


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_no_page_uses_a_glossary_term_before_defining_it(lang):
    """In each language: a Chinese page's uses (查询, 归纳头 …) and definitions are found as an English page's are."""
    known: set[str] = set()
    problems: list[str] = []
    for page in route():
        carried: set[str] = set()  # what every learner reads on the page at its defaults: known on the pages after
        for i, query in enumerate(states(page)):
            for reveal in (0, 1):
                reads = read_state(page, query, reveal, lang)
                problems += [f"{page.label} ({'defaults' if not i else f'example {i}'}, "
                             f"{'answered' if reveal else 'questions open'}): “{u.term}” used before it is defined, "
                             f"in: {u.text[:160]!r}" for u in undefined_uses(reads, sorted(known))]
                carried |= definitions(reads) if i == 0 else set()
        known |= carried
    assert not problems, "\n".join(problems)


def test_the_walk_fails_on_a_real_page_whose_definition_line_is_gone(monkeypatch):
    """Home defines softmax and d_k in a line beside the query's bars: without that line the same walk names both."""
    from attn_ui import glossary as drawn

    home = route()[0]
    assert undefined_uses(read_state(home, {}, 1)) == []
    monkeypatch.setattr(drawn, "line", lambda *names: "A line that defines nothing.")
    missing = undefined_uses(read_state(home, {}, 1))
    assert {u.term for u in missing} == {"softmax", "d_k"}, missing


# --------------------------------------------------------------------------------------- the checker itself


def test_the_checker_finds_a_use_before_its_definition_and_accepts_one_after():
    hard = glossary.term("hard argmax")
    early = [Read("A", "Large scores make softmax nearly a hard argmax."), Read("A", glossary.line("hard argmax"))]
    assert undefined_uses(early, known=["softmax"]) == [Undefined("hard argmax", "A", early[0].text)]
    late = [Read("A", f"Large scores make softmax nearly a {glossary.inline('hard argmax')}."),
            Read("B", "Again a hard argmax.")]
    assert undefined_uses(late, known=["softmax"]) == []
    assert hard.definition in late[0].text and definitions(late[:1]) == {"hard argmax"}


def test_a_definition_in_a_closed_fold_counts_only_inside_it():
    blocks = [Read("A", f"**Cross-attention** ({glossary.term('cross-attention').definition}).", scope="fold 1"),
              Read("A", "In cross-attention the keys come from another sentence.")]
    assert [u.term for u in undefined_uses(blocks, known=["query", "key", "value"])] == ["cross-attention"]
    assert definitions(blocks) == set()
    assert undefined_uses(blocks[:1], known=["query", "key", "value"]) == []


def test_markdown_and_case_do_not_hide_a_use_or_a_definition():
    assert glossary.term("W_O").used_in(glossary.plain("mixed by W\\_O.")) is not None
    assert glossary.term("Adam").used_in("adam") is None  # the optimiser's name, not a word in a sentence
    assert glossary.term("query").used_in("Three Queries") is not None
    assert glossary.term("softmax").defined_in(glossary.plain(f"**softmax**: *{glossary.term('softmax').definition}*"))
    assert undefined_uses([Read("A", "no term here")]) == []


def test_every_term_is_defined_once_and_its_definition_does_not_need_itself():
    names = [t.name for t in glossary.TERMS]
    assert len(set(names)) == len(names), names
    for t in glossary.TERMS:
        assert t.used_in(glossary.plain(t.definition)) is None, f"{t.name}'s definition uses {t.name}"
        assert t.used_in(glossary.plain(t.name)) is not None, f"{t.name}'s own name is not a use of it"
    with pytest.raises(KeyError, match="not in the glossary"):
        glossary.term("transformer")


# --------------------------------------------------------------------------------------- in both languages (issue 40)


def test_every_term_has_a_definition_and_a_name_in_every_language_and_each_name_is_a_use():
    from attn_lessons.i18n import languages, tr_in

    for t in glossary.TERMS:
        for lang in languages():
            definition, said = tr_in(lang, f"glossary-{t.msg}"), tr_in(lang, f"glossary-{t.msg}.term")
            assert t.used_in(glossary.plain(definition)) is None, f"{t.name}'s {lang} definition uses {t.name}"
            assert t.used_in(glossary.plain(said)) is not None, f"{t.name} as {lang} writes it, {said!r}, is no use"
        assert len(set(t.definitions())) == len(languages()), f"{t.name} has the same definition in two languages"


def test_the_checker_reads_chinese_text_and_a_definition_in_either_language_counts():
    from attn_lessons.i18n import tr_in

    hard = tr_in("zh-CN", "glossary-hard-argmax")
    early = [Read("A", "分数很大时，softmax 几乎就是硬 argmax。"), Read("A", f"**硬 argmax**：{hard}。")]
    assert undefined_uses(early, known=["softmax"]) == [Undefined("hard argmax", "A", early[0].text)]
    assert undefined_uses([Read("A", f"分数很大时，softmax 几乎就是硬 argmax（{hard}）。")], known=["softmax"]) == []
    assert definitions([Read("A", f"**查询**：{tr_in('zh-CN', 'glossary-query')}")]) == {"query"}
    # a term's Chinese words, not every word holding its character: 关键 (crucial), 均值 (a mean), 最大值 (the largest)
    assert undefined_uses([Read("A", "关键在于均值和最大值，这一点值得注意。")]) == []
    found = undefined_uses([Read("A", "每个键都有一个值。")])
    assert [u.term for u in found] == ["key", "value"]


def test_inline_and_line_are_written_in_the_sessions_language():
    from attn_lessons.i18n import current, tr_in, use

    before = current()
    try:
        use("zh-CN")
        line, inline = glossary.line("softmax", "d_k"), glossary.inline("hard argmax")
    finally:
        use(before)
    assert line.startswith("**softmax**：") and line.endswith("。") and "；**d\\_k**：" in line
    assert inline == f"硬 argmax（{tr_in('zh-CN', 'glossary-hard-argmax')}）"
    assert glossary.term("softmax").defined_in(glossary.plain(line)) and glossary.term("d_k").defined_in(
        glossary.plain(line))


@pytest.mark.parametrize("name", ["home", "builder"])
def test_home_and_the_builder_in_chinese_define_every_term_before_using_it(name):
    """Home defines query, key, value, softmax and d_k in Chinese; the builder uses them after it."""
    from attn_ui.pages import named

    known: list[str] = [] if name == "home" else ["query", "key", "value", "softmax", "d_k"]
    page = named(name)
    for query in states(page):
        for reveal in (0, 1):
            at = run_page(page.path, reveal=reveal, lang="zh-CN", **query)
            assert_ran(at)
            reads = page_reads(at, page.label)
            assert reads and not undefined_uses(reads, known), undefined_uses(reads, known)
            if name == "home" and not query and reveal:  # answered, its weights drawn with their definition line
                assert {"query", "key", "value", "softmax", "d_k"} <= definitions(reads)
