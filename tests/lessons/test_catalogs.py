"""The message catalogs (issue 40): every message in every language, with the same variables; Fluent's own parser
finds no error in any file; and a third language is only a catalog more.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fluent.syntax import FluentParser, ast, serialize
from fluent.syntax.visitor import Transformer, Visitor

from attn_lessons import i18n

LOCALES = i18n.LOCALES


def messages(lang: str, root: Path = LOCALES) -> dict[str, ast.Message]:
    """Every message (and term) of a language's catalog, by id: its files read with Fluent's own parser."""
    found: dict[str, ast.Message] = {}
    for path in sorted((root / lang).glob("*.ftl")):
        for entry in FluentParser().parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, (ast.Message, ast.Term)):
                key = ("-" if isinstance(entry, ast.Term) else "") + entry.id.name
                assert key not in found, f"{key} is declared twice in {lang} ({path.name})"
                found[key] = entry
    return found


class _Variables(Visitor):
    """The variables a message uses: all of them, and those it only selects on (a plural's count, say)."""

    def __init__(self):
        super().__init__()
        self.shown: set[str] = set()
        self.selected: set[str] = set()
        self._in_selector = 0

    def visit_SelectExpression(self, node):
        self._in_selector += 1
        self.visit(node.selector)
        self._in_selector -= 1
        for variant in node.variants:
            self.visit(variant)

    def visit_VariableReference(self, node):
        (self.selected if self._in_selector else self.shown).add(node.id.name)


def variables(message) -> tuple[set[str], set[str]]:
    """(every variable the message uses, those it shows) for its value and every attribute."""
    v = _Variables()
    v.visit(message)
    return v.shown | v.selected, v.shown


def test_every_catalog_file_parses_without_an_error():
    """Fluent's own parser is the checker: a mistake in a file becomes a Junk entry with its annotation."""
    problems = []
    for path in sorted(LOCALES.glob("*/*.ftl")):
        for entry in FluentParser().parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, ast.Junk):
                notes = "; ".join(f"{a.code}: {a.message}" for a in entry.annotations)
                problems.append(f"{path.relative_to(LOCALES)}: {notes}: {entry.content[:120]!r}")
    assert not problems, "\n".join(problems)


def test_there_are_two_languages_english_first():
    assert i18n.languages() == ("en", "zh-CN")


@pytest.mark.parametrize("lang", [code for code in i18n.languages() if code != i18n.DEFAULT])
def test_every_message_is_in_both_catalogs_with_the_same_variables(lang):
    english, other = messages(i18n.DEFAULT), messages(lang)
    assert not sorted(set(english) - set(other)), f"missing in {lang}: {sorted(set(english) - set(other))}"
    assert not sorted(set(other) - set(english)), f"only in {lang}: {sorted(set(other) - set(english))}"
    wrong = []
    for key, message in english.items():
        en_all, en_shown = variables(message)
        other_all, _ = variables(other[key])
        if other_all - en_all:
            wrong.append(f"{key}: {lang} uses {sorted(other_all - en_all)}, which English never passes")
        if en_shown - other_all:  # a number English shows must reach the reader in every language
            wrong.append(f"{key}: {lang} leaves out {sorted(en_shown - other_all)}")
        if {a.id.name for a in message.attributes} != {a.id.name for a in other[key].attributes}:
            wrong.append(f"{key}: the attributes differ")
    assert not wrong, "\n".join(wrong)


def test_the_checks_can_fail():
    """A message with another variable, or one left out, is caught."""
    parse = FluentParser().parse
    en = parse("m = { $n ->\n    [one] one key of { $who }\n   *[other] { $n } keys of { $who }\n}\n").body[0]
    zh = parse("m = { $n } 个键\n").body[0]
    assert variables(en) == ({"n", "who"}, {"n", "who"})
    assert variables(zh) == ({"n"}, {"n"})  # "who" is left out: the parity test names it
    plural_only = parse("k = { $n ->\n    [one] a key\n   *[other] keys\n}\n").body[0]
    assert variables(plural_only) == ({"n"}, set())  # a language without plurals may leave $n out
    junk = parse("broken = { $n \n")
    assert any(isinstance(e, ast.Junk) for e in junk.body)


def test_a_message_missing_or_given_a_wrong_variable_raises_in_the_tests(monkeypatch):
    monkeypatch.setenv("ATTN_STRICT_MESSAGES", "1")
    with pytest.raises(i18n.MessageError, match="no message"):
        i18n.tr_in("zh-CN", "never-a-message")
    with pytest.raises(i18n.MessageError, match="asked"):
        i18n.tr_in("en", "language-unknown", using="English")


@pytest.mark.parametrize(("asked", "browser", "lang"), [
    ("zh-CN", None, "zh-CN"), ("zh_cn", "en-US", "zh-CN"), ("zh-Hans", None, "zh-CN"), ("zh-SG", None, "zh-CN"),
    ("zh-TW", None, "zh-CN"), ("zh-HK", None, "zh-CN"), (None, "zh-CN", "zh-CN"), (None, "zh", "zh-CN"),
    ("en", "zh-CN", "en"), (None, "en-GB", "en"), (None, "fr-FR", "en"), ("fr", "zh-CN", "zh-CN"),
    ("<b>x</b>", None, "en"), ("", None, "en"), (None, None, "en"), ("zh-" + "x" * 500, None, "zh-CN"),
])
def test_the_language_comes_from_the_link_then_the_browser_then_english(asked, browser, lang):
    assert i18n.choose(asked, browser) == lang


def third_language(root: Path, code: str = "eo") -> None:
    """A catalog made for a test only, never shipped: every English message with its words wrapped in ⟦ ⟧ and its
    variables, selectors and attributes untouched."""

    class Wrap(Transformer):
        def visit_TextElement(self, node):
            if node.value.strip():
                node.value = "⟦" + node.value + "⟧"
            return node

    for lang in i18n.languages():
        (root / lang).mkdir(parents=True)
        for path in (LOCALES / lang).glob("*.ftl"):
            (root / lang / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    (root / code).mkdir()
    for path in (LOCALES / i18n.DEFAULT).glob("*.ftl"):
        resource = Wrap().visit(FluentParser().parse(path.read_text(encoding="utf-8")))
        text = serialize(resource).replace("language-name = ⟦English⟧", "language-name = Esperanto")
        (root / code / path.name).write_text(text, encoding="utf-8")


def test_a_third_language_is_its_catalog_alone(tmp_path, monkeypatch):
    third_language(tmp_path)
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    assert i18n.languages() == ("en", "eo", "zh-CN")
    assert i18n.choose("eo-XX") == "eo"
    assert i18n.tr_in("eo", "language-name") == "Esperanto"
    assert i18n.tr_in("eo", "language-unknown", asked="xx", using="Esperanto") == \
        "⟦The link asks for the language “⟧xx⟦”, which this app does not have: the page is in ⟧Esperanto⟦.⟧"


def test_a_run_that_set_no_language_reads_the_sessions(monkeypatch):
    """A fragment's rerun or a callback runs in a fresh thread, before or without the page's setup: it reads the
    session's language (attn_ui.language installs where to find it), not English."""
    import threading

    monkeypatch.setattr(i18n, "_session_language", lambda: "zh-CN")
    seen = []
    thread = threading.Thread(target=lambda: seen.append((i18n.current(), i18n.tr("app-name"))))
    thread.start()
    thread.join()
    assert seen == [("zh-CN", i18n.tr_in("zh-CN", "app-name"))]
    monkeypatch.setattr(i18n, "_session_language", lambda: None)
    thread = threading.Thread(target=lambda: seen.append(i18n.current()))
    thread.start()
    thread.join()
    assert seen[-1] == "en"


def test_a_page_reads_in_a_third_language_from_its_catalog_alone(tmp_path, monkeypatch):
    """The whole builder page, opened with ?lang=eo against a catalog folder that has a made-up third language: every
    sentence it shows comes from that catalog (wrapped in ⟦ ⟧), and no code changed for it."""
    from tests.apptest_utils import assert_ran, run_page, screen_text
    from tests.prose import english_runs

    third_language(tmp_path)
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    at = run_page("pages/QKV_builder.py", lang="eo", text="the cat sat on the mat", reveal=1)
    assert_ran(at)
    assert at.sidebar.radio(key="lang").value == "eo"
    text = screen_text(at)
    assert "⟦" in text and "Esperanto" in text
    import re

    outside = re.sub(r"⟦[^⟧]*⟧", " ", text)  # what the made-up catalog did not write
    assert english_runs(outside, allowed=("the cat sat on the mat",)) == []
    assert at.title[0].value.startswith("⟦"), at.title[0].value
