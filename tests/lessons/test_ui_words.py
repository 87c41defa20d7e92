"""The words the shared views draw (attn_lessons.sidebar, notices, checkpoint, take_home): what each claims is true
of the numbers or of the app it describes."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from attn_core.tokens import token_labels, tokenize
from attn_lessons import checkpoint, notices, sidebar, take_home
from tests.prose import claim, claims, never_true

ROOT = Path(__file__).resolve().parents[2]
D_MODELS = (2, 4, 6, 8, 12, 16, 24, 32, 48, 64)


@pytest.mark.parametrize("d_model", D_MODELS)
def test_the_d_k_line_states_d_model_over_heads(d_model):
    for heads in (h for h in range(1, d_model + 1) if d_model % h == 0):
        said = sidebar.d_k_note(d_model, heads, one_head=False)
        assert said.facts["d_k"] * heads == d_model
        m = claim(r"= (\d+) / (\d+) = (\d+)$", said.text)
        assert (int(m[1]), int(m[2]), int(m[3])) == (d_model, heads, said.facts["d_k"])


def test_a_page_with_one_head_or_none_of_the_settings_gives_no_d_k():
    for one_head in (True, None):
        said = sidebar.d_k_note(8, 2, one_head)
        assert said.facts == {"d_k": None} and "= 4" not in said.text


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_the_labels_note_quotes_the_labels_its_example_sentence_gets(lang):
    from attn_lessons import i18n

    i18n.use(lang)
    try:
        said = sidebar.labels_note()
    finally:
        i18n.use("en")
    if lang == "en":
        assert said.facts["sentence"] == sidebar.DEFAULT_TEXT  # the app's own default sentence is the example
    labels = token_labels(tokenize(said.facts["sentence"]).tokens)
    assert f"“{said.facts['sentence']}”" in said.text
    quoted = [m[0] for m in claims(r"\w+·\d+", said.text, at_least=2)]
    assert quoted == said.facts["labels"] and all(q in labels for q in quoted), (quoted, labels)
    assert {q.split("·")[0] for q in quoted} == {said.facts["token"]}
    # "the first … the second": in the order the sentence has them
    assert sorted(quoted, key=labels.index) == quoted


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_the_prompts_name_the_button_the_checkpoint_draws(lang):
    from attn_lessons import i18n

    i18n.use(lang)
    try:
        for text in (checkpoint.pick_first(), checkpoint.answer_appears()):
            assert f"“{checkpoint.show_me()}”" in text
    finally:
        i18n.use("en")


def test_a_notice_quotes_its_numbers_and_says_nothing_never_true():
    said = {
        notices.truncated(40, 32): ("40", "32"),
        notices.heads_default(3, 8, 2): ("heads=3", "d_model=8", "heads=2"),
        notices.heads_changed(3, 8, 2): ("heads=3", "d_model=8", "is now 2"),
        notices.too_long(5001, 5000): ("5,001", "5,000"),
        notices.outside("seed", -1, 0, 999_999): ("-1", "0 … 999999"),
        notices.no_head(2, 5): ("head 5", "layer 2"),
        notices.not_a_choice(10): ("10 choices",),
        notices.link_default("seed", notices.not_whole_reason(), "1.5"): ("seed='1.5'", notices.not_whole_reason()),
        notices.cell_too_large("2e6", 1e6): ("2e6", "±1,000,000"),
    }
    for text, numbers in said.items():
        assert all(n in text for n in numbers), (text, numbers)
        assert not never_true(text), (text, never_true(text))


def test_a_score_or_a_temperature_out_of_range_reads_back_as_typed():
    assert "−1e308 and 1e308, got inf" in notices.score_range(1e308, "inf")
    lo, hi = claim(r"between (\S+) and (\S+)$", notices.tau_range(0.001, 1000.0)).groups()
    assert (float(lo), float(hi)) == (0.001, 1000.0)


def _imports(code: str) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level:
            found.add(node.module.split(".")[0])
    return found


def test_every_notebook_needs_only_numpy_but_for_its_plotting_cell():
    """take_home.needs() says so on every notebook's first cell."""
    from attn_ui.notebooks import template

    assert all("numpy" in needs and "plotly" in needs for needs in (take_home.needs(), _in_chinese(take_home.needs)))
    names = sorted(p.stem for p in (ROOT / "notebooks").glob("*.py"))
    assert names
    for name in names:
        cells = [c for c in template(name) if c.kind == "code"]
        outside = set().union(*(_imports(c.text) for c in cells if "plot" not in c.tags)) - sys.stdlib_module_names
        plotting = [c for c in cells if "plot" in c.tags]
        assert outside <= {"numpy"}, (name, outside)
        assert len(plotting) <= 1, name  # "the one plotting cell"
        assert set().union(*(_imports(c.text) for c in plotting)) - sys.stdlib_module_names <= {"plotly"}, name


def _in_chinese(words, *args):
    from attn_lessons import i18n

    i18n.use("zh-CN")
    try:
        return words(*args)
    finally:
        i18n.use("en")


def test_a_notice_quotes_the_same_numbers_in_chinese_and_reads_in_chinese():
    """The notices' facts are the numbers and settings they quote: the same in both languages."""
    from tests.prose import english_runs

    cases = [(notices.truncated, (40, 32), ("40", "32")),
             (notices.heads_default, (3, 8, 2), ("heads=3", "d_model=8", "heads=2")),
             (notices.heads_changed, (3, 8, 2), ("heads=3", "d_model=8", "2")),
             (notices.too_long, (5001, 5000), ("5,001", "5,000")),
             (notices.outside, ("seed", -1, 0, 999_999), ("seed=-1", "0 … 999999")),
             (notices.no_head, (2, 5), ("5", "2")),
             (notices.link_default, ("seed", "x", "1.5"), ("seed='1.5'",)),
             (notices.cell_too_large, ("2e6", 1e6), ("2e6", "±1,000,000")),
             (notices.score_range, (1e308, "inf"), ("−1e308", "1e308", "inf"))]
    for fn, args, numbers in cases:
        text = _in_chinese(fn, *args)
        assert all(n in text for n in numbers), (text, numbers)
        assert not english_runs(text) and text != fn(*args), text
    for words in (sidebar.presenter_help, sidebar.apply_note, checkpoint.numbers_moved, take_home.about,
                  take_home.download_help, lambda: sidebar.d_k_note(8, 2, None).text):
        assert not english_runs(_in_chinese(words)), _in_chinese(words)
    assert _in_chinese(sidebar.d_k_note, 8, 2, False).text == sidebar.d_k_note(8, 2, False).text  # a formula
