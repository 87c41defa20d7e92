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


def test_the_labels_note_quotes_the_labels_the_default_sentence_gets():
    labels = token_labels(tokenize(sidebar.DEFAULT_TEXT).tokens)
    assert f"“{sidebar.DEFAULT_TEXT}”" in sidebar.LABELS_NOTE
    quoted = [m[0] for m in claims(r"\w+·\d+", sidebar.LABELS_NOTE, at_least=2)]
    assert all(q in labels for q in quoted), (quoted, labels)
    # "the first … the second": in the order the sentence has them
    assert sorted(quoted, key=labels.index) == quoted


def test_the_prompts_name_the_button_the_checkpoint_draws():
    for text in (checkpoint.PICK_FIRST, checkpoint.ANSWER_APPEARS):
        assert f"“{checkpoint.SHOW_ME}”" in text


def test_a_notice_quotes_its_numbers_and_says_nothing_never_true():
    said = {
        notices.truncated(40, 32): ("40", "32"),
        notices.heads_default(3, 8, 2): ("heads=3", "d_model=8", "heads=2"),
        notices.heads_changed(3, 8, 2): ("heads=3", "d_model=8", "is now 2"),
        notices.too_long(5001, 5000): ("5,001", "5,000"),
        notices.outside("seed", -1, 0, 999_999): ("-1", "0 … 999999"),
        notices.no_head(2, 5): ("head 5", "layer 2"),
        notices.not_a_choice(10): ("10 choices",),
        notices.link_default("seed", notices.NOT_WHOLE, "1.5"): ("seed='1.5'", notices.NOT_WHOLE),
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
    """take_home.NEEDS says so on every notebook's first cell."""
    from attn_ui.notebooks import template

    assert "numpy" in take_home.NEEDS and "plotly" in take_home.NEEDS
    names = sorted(p.stem for p in (ROOT / "notebooks").glob("*.py"))
    assert names
    for name in names:
        cells = [c for c in template(name) if c.kind == "code"]
        outside = set().union(*(_imports(c.text) for c in cells if "plot" not in c.tags)) - sys.stdlib_module_names
        plotting = [c for c in cells if "plot" in c.tags]
        assert outside <= {"numpy"}, (name, outside)
        assert len(plotting) <= 1, name  # "the one plotting cell"
        assert set().union(*(_imports(c.text) for c in plotting)) - sys.stdlib_module_names <= {"plotly"}, name
