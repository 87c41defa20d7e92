"""The Q/K/V builder page through AppTest: the trace, the weights, duplicates, bad edits, the lesson, the URL.

Every matrix is a table (attn_ui.tables); a test reads it back as printed, so it compares at the table's printed
precision (2 decimals for the signed tables at these sizes, 3 for the weights and the trace)."""

from attn_ui.pages import named
import re
from dataclasses import replace

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from attn_core.builder import FEATURES, POSITION_DIMS, build, default_pair, interpretable_start, random_start, \
    trace_cell
from attn_core.model import build_inputs
from attn_lessons import builder as say
from attn_lessons.format import md_text
from tests.apptest_utils import with_code
from tests.apptest_utils import ROOT, all_text, closed_fold, run_page, table_titled, tables

PAGE = named("builder").path
LABELS = ["the·0", "cat", "sat", "on", "the·4", "mat"]
SIGNED, THREE = 0.005, 0.0005  # half of the last printed digit: 2 decimals, 3 decimals
BIG = {"text": " ".join(f"w{i}" for i in range(32)), "d_model": 64, "heads": 8}


def open_page(**query_params) -> AppTest:
    """Open the page cold from a link, inside the app as Streamlit serves it; with the predictions skipped
    (?reveal=1) unless the link says otherwise, so that the weights and the trace are drawn at once."""
    return run_page(PAGE, **{"reveal": 1, **query_params})


def no_exception(at: AppTest) -> None:
    assert not at.exception, at.exception[0].value


def editor_key(at: AppTest, name: str) -> str:
    (key,) = [e.key for e in at.data_editor if e.key.startswith(f"edit_{name}_")]
    return key


def edit(at: AppTest, name: str, cells: dict) -> AppTest:
    """Pick matrix `name` to edit (its editor is the only one drawn), then type into it as a learner would:
    {(row position, column label): text}."""
    if at.radio(key="edit").value != name:
        at.radio(key="edit").set_value(name).run()
    rows: dict = {}
    for (r, col), raw in cells.items():
        rows.setdefault(r, {})[col] = raw
    at.session_state[editor_key(at, name)] = {"edited_rows": rows, "added_rows": [], "deleted_rows": []}
    return at.run()


def matrix_titles(at: AppTest) -> list[str]:
    """The caption of every matrix table in page order."""
    return [t.caption for t in tables(at)]


def z(at: AppTest, title: str) -> np.ndarray:
    """The matrix whose table's caption starts with `title`, as printed."""
    return table_titled(at, title)[0]


def outlined(at: AppTest, title: str) -> tuple[list[str], list[str]]:
    """(the labels of the outlined rows, of the outlined columns) of the table titled `title`."""
    (t,) = [t for t in tables(at) if t.caption.startswith(title)]
    return [r["label"] for r in t.body if r["cls"] == "H"], [h for h, cls in t.heads if cls == "H"]


def page_numbers(text: str = "the cat sat on the mat", start: str = "random", pe: bool = True, seed: int = 0,
                 d_model: int = 8, W_Q_cells: dict | None = None):
    """What the page computes for a link, recomputed from attn_core: (tokens, labels as markdown reads them, the
    starting point with any W_Q cells typed over {(row, column): value}, and the built head)."""
    inputs = build_inputs(text, seed, d_model, positional=pe)
    w = inputs.weights
    base = (interpretable_start(inputs.tokens, positional=pe) if start == "interpretable" else
            random_start(inputs.X, w.W_Q, w.W_K, w.W_V))
    W_Q = base.W_Q.copy()
    for (r, c), value in (W_Q_cells or {}).items():
        W_Q[r, c] = value
    base = replace(base, W_Q=W_Q)
    return inputs.tokens, [md_text(x) for x in inputs.labels], base, build(base.X, base.W_Q, base.W_K, base.W_V)


def trace_said(at: AppTest, link: dict, every_share: bool) -> str:
    """Steps 7 and 8 of the trace of the pair the page picked, for a link's numbers: with the table of every key's
    share, or saying it is left out (its facts checked)."""
    _, labels, _, res = page_numbers(**{k: v for k, v in link.items() if k != "heads"})
    i, j = at.selectbox(key="qi").value, at.selectbox(key="kj").value
    said = say.trace_output_steps(trace_cell(res.Q, res.K, res.V, i, j), labels[i], labels[j], every_share)
    assert said.facts["every_share"] == every_share and (said.facts["n"], said.facts["d_v"]) == res.V.shape
    return said.text


def test_trace_adds_up_to_the_output_cell():
    at = open_page(qi=2, kj=1, seed=5)
    no_exception(at)
    output, scores, weights = z(at, "output = weights·V"), z(at, "scores = QKᵀ"), z(at, "weights = softmax")
    products = z(at, "qᵢ ⊙ kⱼ for sat → cat")  # printed at 3 decimals, 8 of them
    assert products[2].sum() == pytest.approx(scores[2, 1], abs=8 * THREE + SIGNED)  # q ⊙ k summed is the score
    rounding = THREE * (np.abs(products[0]) + np.abs(products[1]) + 1.01)  # each factor and the product rounded
    assert np.all(np.abs(products[0] * products[1] - products[2]) <= rounding), products
    shares = z(at, "wⱼ·vⱼ: each key's share of output for sat")
    np.testing.assert_allclose(shares.sum(axis=0), output[2], atol=6 * THREE + SIGNED)  # the shares add up
    np.testing.assert_allclose(z(at, "Σⱼ wⱼ·vⱼ")[0], output[2], atol=THREE + SIGNED)
    _, labels, _, res = page_numbers(seed=5)
    steps = say.trace_weight_steps(trace_cell(res.Q, res.K, res.V, 2, 1), labels[2], labels[1], res.weights[2, 1])
    assert steps.facts["page_weight"] == pytest.approx(weights[2, 1], abs=THREE)  # the table's weight, as printed
    assert steps.facts["weight"] == pytest.approx(steps.facts["page_weight"]) and steps.text in all_text(at)


@pytest.mark.parametrize("link", [{}, {"text": "Dogs chase cats, and cats chase mice!", "d_model": 16, "pe": 0}])
def test_weight_rows_sum_to_one(link):
    at = open_page(**link)
    no_exception(at)
    weights = z(at, "weights = softmax")
    np.testing.assert_allclose(weights.sum(axis=1), 1.0, atol=len(weights) * THREE)
    sums, rows, cols = table_titled(at, "Σⱼ weights")
    assert np.array_equal(sums, np.ones((len(weights), 1))) and cols == ["Σⱼ"]
    assert rows == table_titled(at, "weights = softmax")[1]  # a sum beside each query's row


def test_repeated_token_without_positions_gets_identical_rows_and_the_page_says_why():
    at = open_page(pe=0)
    no_exception(at)
    for title in ("X = embedding", "Q = X·W_Q", "K = X·W_K", "V = X·W_V", "weights = softmax"):
        M = z(at, title)
        assert np.array_equal(M[0], M[4]), title
    for pe in (False, True):
        tokens, _, base, res = page_numbers(pe=pe)
        (note,) = say.repeat_notes(tokens, pe, base.X, res.Q, res.K, res.V, res.weights)
        assert note.facts["positions"] == [0, 4] and (note.facts["differ"] == []) == (not pe)
        assert (note.text in [w.value for w in at.warning]) == (note.kind == "warning") == (not pe)
        assert note.text in all_text(at)
        if not pe:
            at.toggle(key="pe").set_value(True).run()
            no_exception(at)
    assert not np.array_equal(z(at, "Q = X·W_Q")[0], z(at, "Q = X·W_Q")[4])  # with positions, two rows


def test_every_kind_of_bad_cell_is_named_and_the_last_good_value_kept():
    at = open_page()
    start = z(at, "W_Q")
    at = edit(at, "W_Q", {(0, "d0"): "2.5"})
    assert z(at, "W_Q")[0, 0] == 2.5 and not at.error
    bad = {(0, "d0"): "abc", (1, "d1"): None, (2, "d2"): "nan", (3, "d3"): "inf", (4, "d4"): "1e308"}
    at = edit(at, "W_Q", bad)
    no_exception(at)
    messages = [e.value for e in at.error]
    assert len(messages) == 5, messages
    for (r, col), words in zip(bad, ["not a number", "is empty", "NaN", "infinite", "larger than the limit"],
                               strict=True):
        assert any(m.startswith(f"W_Q, row d{r}, column {col}:") and words in m for m in messages), (words, messages)
    W_Q = z(at, "W_Q")
    assert W_Q[0, 0] == 2.5  # the last good value of that cell, not the starting one
    assert np.array_equal(W_Q[1:5], start[1:5])
    assert np.all(np.isfinite(z(at, "weights = softmax")))
    assert not any("NaN" in c for t in tables(at) for r in t.body for c, _ in r["cells"])  # no table prints one


def test_an_edit_of_x_recomputes_everything_and_reset_returns_to_the_start():
    at = open_page()
    before = z(at, "output = weights·V")
    at = edit(at, "X", {(1, "d3"): "−4"})  # the minus sign the page itself prints
    no_exception(at)
    assert not at.error and z(at, "X = embedding")[1, 3] == -4.0
    assert not np.allclose(z(at, "output = weights·V"), before)
    at.button(key="reset").click().run()
    no_exception(at)
    assert np.allclose(z(at, "output = weights·V"), before)


def test_interpretable_start_shows_sat_attending_to_cat_and_random_restores_d_model():
    at = open_page(start="interpretable", d_model=16)
    no_exception(at)
    weights = z(at, "weights = softmax")
    assert weights.shape == (6, 6) and np.argmax(weights[2]) == 1  # sat -> cat
    # positions are on: they get columns of their own after the named features
    assert z(at, "X = named features").shape == (6, len(FEATURES) + len(POSITION_DIMS))
    text = all_text(at)
    assert say.interpretable_info(True, len(FEATURES) + len(POSITION_DIMS), 16) in text
    tokens, labels, base, res = page_numbers(start="interpretable", d_model=16)
    note = say.action_animal_lesson(labels, 2, 1, base.X, base.W_Q, base.W_K, res.Q, res.K, res.scores, res.weights,
                                    res.d_k)
    assert note.facts["rank"] == "largest" and note.kind == "success" and note.text in [s.value for s in at.success]
    at.button(key="trace_pair").click().run()
    assert (at.selectbox(key="qi").value, at.selectbox(key="kj").value) == (2, 1)

    at.radio(key="start").set_value("random").run()
    no_exception(at)
    assert z(at, "X = embedding").shape == (6, 16) and at.query_params["d_model"] == "16"


def test_the_trace_pickers_pick_the_cell_and_the_tables_outline_it():
    at = open_page()
    assert not at.get("plotly_chart")  # no chart to click: the trace's select boxes pick the pair
    at.selectbox(key="qi").set_value(3)
    at.selectbox(key="kj").set_value(5)
    at.run()
    no_exception(at)
    assert at.query_params["qi"] == "3" and at.query_params["kj"] == "5"
    for title in ("scores = QKᵀ", "scaled = QKᵀ", "weights = softmax"):
        assert outlined(at, title) == (["on"], ["mat"]), title  # the traced query's row, the key's column
    assert outlined(at, "Σⱼ weights") == (["on"], [])
    assert outlined(at, "output = weights·V") == (["on"], [])
    assert outlined(at, "wⱼ·vⱼ: each key's share of output for on") == (["mat"], [])  # key j's share
    assert outlined(at, "qᵢ ⊙ kⱼ for on → mat") == (["q ⊙ k"], [])


def test_url_round_trip():
    link = {"text": "a dog ran in the park", "seed": 7, "d_model": 4, "start": "interpretable", "pe": 0,
            "qi": 2, "kj": 1}
    at = open_page(**link)
    no_exception(at)
    assert at.radio(key="start").value == "interpretable" and at.toggle(key="pe").value is False
    assert (at.selectbox(key="qi").value, at.selectbox(key="kj").value) == (2, 1)
    assert {k: at.query_params[k] for k in link} == {k: str(v) for k, v in link.items()}
    at.toggle(key="pe").set_value(True).run()
    at.selectbox(key="qi").set_value(4).run()
    assert at.query_params["pe"] == "1" and at.query_params["qi"] == "4"

    bad = open_page(qi=99, start="magic", pe="maybe")
    no_exception(bad)
    # a bad qi falls back to where the trace starts by default: the largest weight (random start)
    first_i, _ = default_pair(LABELS, z(bad, "Q = X·W_Q"), z(bad, "K = X·W_K"), z(bad, "weights = softmax"), False)
    assert bad.selectbox(key="qi").value == first_i and bad.radio(key="start").value == "random"
    assert bad.toggle(key="pe").value is True and len(bad.warning) == 3


def page_code(at: AppTest) -> str:
    """The code under "Show the code" (switched on if it is off): the notebook's code cells, joined."""
    if not [c for c in at.code if "import numpy as np" in c.value]:
        with_code(at)
    (code,) = [c.value for c in at.code if "import numpy as np" in c.value]
    return code


def test_show_the_code_is_the_notebook_code_and_reproduces_the_page_numbers_with_edits():
    at = edit(open_page(seed=3, qi=1, kj=4), "W_V", {(2, "d1"): "1.75"})
    code = page_code(at)
    assert "1.75" in code and "i, j = 1, 4" in code  # the edit, and the pair the page traces
    scope: dict = {}
    exec(code, scope)  # noqa: S102 - the page's own generated code
    np.testing.assert_allclose(scope["weights"], z(at, "weights = softmax"), atol=THREE)
    np.testing.assert_allclose(scope["output"], z(at, "output = weights·V"), atol=SIGNED)
    assert scope["weight"] == pytest.approx(z(at, "weights = softmax")[1, 4], abs=THREE)
    (button,) = [b for b in at.get("download_button") if b.proto.label == "Download as a notebook"]


def test_a_refused_cell_never_reaches_the_code_or_the_notebook():
    at = edit(open_page(), "X", {(0, "d0"): "2.5"})
    at = edit(at, "X", {(0, "d0"): "NaN"})  # refused: the cell keeps 2.5
    assert any("NaN" in e.value or "number" in e.value for e in at.error)
    code = page_code(at)
    assert "nan" not in code.lower().replace("np.nan", "")
    scope: dict = {}
    exec(code, scope)  # noqa: S102 - the page's own generated code
    assert scope["X"][0, 0] == 2.5
    np.testing.assert_allclose(scope["weights"], z(at, "weights = softmax"), atol=THREE)


def test_the_trace_pair_picked_in_the_fragment_reaches_the_code():
    at = open_page()
    at.selectbox(key="qi").set_value(3)
    at.selectbox(key="kj").set_value(0)
    at.run()
    assert "i, j = 3, 0" in page_code(at)


def test_wide_matrices_put_the_code_behind_a_toggle():
    at = open_page(text=" ".join(f"w{i}" for i in range(32)), d_model=64)
    no_exception(at)
    assert not [c for c in at.code if "import numpy as np" in c.value]  # ~400 kB of digits: not sent unasked
    at.toggle(key="show_code").set_value(True).run()
    assert "X = np.array" in page_code(at)


def test_the_lesson_stays_true_after_an_edit_that_breaks_it():
    # action no longer wants animal
    at = edit(open_page(start="interpretable", pe=0), "W_Q", {(1, "wants animal"): "0"})
    no_exception(at)
    _, labels, base, res = page_numbers(start="interpretable", pe=False, W_Q_cells={(1, 0): 0.0})
    note = say.action_animal_lesson(labels, 2, 1, base.X, base.W_Q, base.W_K, res.Q, res.K, res.scores, res.weights,
                                    res.d_k)
    assert note.facts["rank"] == "even" and note.kind == "info"
    assert not at.success and note.text in [i.value for i in at.info]
    np.testing.assert_allclose(z(at, "weights = softmax")[2], 1 / 6, atol=THREE)  # sat's query is zeros: even


def test_wide_matrices_stack_in_reading_order():
    at = run_page(PAGE, d_model=16)  # wide: the four inputs stack instead of sitting in two columns
    titles = matrix_titles(at)
    order = [next(k for k, t in enumerate(titles) if t.startswith(p)) for p in ("X =", "W_Q", "W_K", "W_V")]
    assert order == sorted(order), titles[:6]


# ---- every sentence true in every state --------------------------------------------------------

def test_with_positions_on_a_query_with_no_rule_gives_every_key_the_same_weight_and_the_page_says_so():
    at = open_page(start="interpretable")  # positions on, the default
    no_exception(at)
    weights, text = z(at, "weights = softmax"), all_text(at)
    np.testing.assert_allclose(weights[5], 1 / 6, atol=THREE)  # "mat" looks for nothing: it was [0.08, …, 0.38]
    tokens, labels, base, res = page_numbers(start="interpretable")
    said = say.lexicon_markdown(tokens, labels, res.Q, res.K, res.weights, True)
    idle = said.facts["no_rule"]
    assert 5 in idle["zero"] and idle["weight"] == pytest.approx(1 / 6) and idle["busy"] == []  # none "nearly even"
    assert said.text in text
    assert np.argmax(weights[2]) == 1 and np.argmax(weights[1]) == 2  # the lesson holds with positions on

    at = open_page(start="interpretable", text="bob ran to the park")
    no_exception(at)
    weights, text = z(at, "weights = softmax"), all_text(at)
    assert np.array_equal(weights[4], [0.2] * 5) and np.array_equal(weights[0], [0.2] * 5)  # "park" put 0.66 on itself
    tokens, labels, base, res = page_numbers("bob ran to the park", start="interpretable")
    said = say.lexicon_markdown(tokens, labels, res.Q, res.K, res.weights, True)
    assert said.facts["no_rule"]["named"] == [0, 4] and said.facts["no_rule"]["weight"] == pytest.approx(0.2)
    (ran,) = said.facts["unanswered"]["asks"]  # "ran" wants an animal, and no key has one
    assert (ran["query"], FEATURES[ran["wants"]], ran["spread"]) == (1, "animal", "even") and ran["hi"] == 0.2
    assert np.array_equal(weights[1], [0.2] * 5) and said.text in text


def test_an_edit_that_makes_mat_look_for_a_place_is_described_as_it_is():
    at = edit(open_page(start="interpretable"), "W_Q", {(2, "wants place"): "2"})  # a place now wants a place
    no_exception(at)
    row = z(at, "weights = softmax")[5]
    tokens, labels, base, res = page_numbers(start="interpretable", W_Q_cells={(2, 2): 2.0})
    said = say.lexicon_markdown(tokens, labels, res.Q, res.K, res.weights, True)
    assert 5 not in said.facts["no_rule"]["zero"]  # "mat" looks for something now
    (mat,) = said.facts["no_rule"]["busy"]
    assert (mat["query"], mat["spread"], mat["top"]) == (5, "uneven", 5)  # the most on itself
    assert (mat["lo"], mat["hi"]) == pytest.approx((row.min(), row.max()), abs=THREE)  # the table's row
    assert said.text in all_text(at)


def test_the_largest_gap_is_printed_as_every_page_prints_it():
    for link in ({}, {"start": "interpretable"}, {"start": "interpretable", "text": "bob ran to the park"}):
        at = open_page(**link)
        tokens, labels, base, res = page_numbers(**link)
        i, j = at.selectbox(key="qi").value, at.selectbox(key="kj").value
        said = say.sum_check(labels[i], trace_cell(res.Q, res.K, res.V, i, j).output, res.output[i])
        assert said.facts["kind"] in ("exact", "rounding") and said.facts["gap"] < 1e-9
        assert said.text in [c.value for c in at.caption]
        assert "below 10⁻⁹" in said.text and "e−" not in said.text and "e-" not in said.text, said.text


@pytest.mark.parametrize("link, pair", [({"start": "interpretable"}, (2, 1)),  # sat → cat
                                        ({"start": "interpretable", "pe": 0}, (2, 1)),
                                        # no animal: to → park, the largest weight
                                        ({"start": "interpretable", "text": "bob ran to the park"}, (2, 4)),
                                        ({}, None), ({"d_model": 16, "pe": 0}, None)])
def test_the_trace_starts_on_a_pair_with_something_to_see(link, pair):
    at = open_page(**link)
    no_exception(at)
    i, j = at.selectbox(key="qi").value, at.selectbox(key="kj").value
    weights = z(at, "weights = softmax")
    if pair is None:  # the random start: the largest weight
        assert weights[i, j] == pytest.approx(weights.max())
    else:
        assert (i, j) == pair
    products = z(at, "qᵢ ⊙ kⱼ for")[2]
    assert np.abs(products).max() > 0.1, "the first trace shows only zeros"
    assert (at.query_params["qi"], at.query_params["kj"]) == (str(i), str(j))
    # and a link still picks its own pair
    at = open_page(**link, qi=0, kj=0)
    assert (at.selectbox(key="qi").value, at.selectbox(key="kj").value) == (0, 0)


def test_counts_and_huge_or_tiny_numbers_read_as_a_person_writes_them():
    at = open_page(text="x")
    no_exception(at)
    assert say.shapes_caption(1, 8, 8, 8) in all_text(at) and "1 tokens" not in all_text(at)
    # huge: X and W_Q entries of a million make q·k about 10¹²
    at = edit(open_page(qi=0, kj=0), "X", {(0, "d0"): "1e6", (0, "d1"): "-1e6"})
    at = edit(at, "W_Q", {(0, "d0"): "1e6"})
    no_exception(at)
    trace = " ".join(m.value for m in at.markdown if m.value.startswith(("1. **q ⊙ k**", "7. **w · v**")))
    assert "× 10" in trace and "e+" not in trace and "e−" not in trace
    assert not re.search(r"\d{8}", trace), trace  # no 12-digit numbers in a sentence


def test_the_formula_fits_a_phone_on_two_lines():
    at = open_page()
    formulas = [e.value.strip("$\n") for e in at.latex]
    assert len(formulas) == 2 and formulas[0].startswith("Q = XW_Q") and "Attention" in formulas[1]
    assert "Attention" not in formulas[0]


@pytest.mark.parametrize("d_model", [4, 8, 16])
def test_the_four_input_matrices_stack_in_reading_order(d_model):
    # narrow ones sit two to a row; on a phone the columns of a row stack, so each row must hold X, W_Q then
    # W_K, W_V (column by column, the old layout stacked them X, W_K, W_Q, W_V)
    at = run_page(PAGE, d_model=d_model)
    titles = matrix_titles(at)
    order = [next(k for k, t in enumerate(titles) if t.startswith(p)) for p in ("X =", "W_Q", "W_K", "W_V")]
    assert order == sorted(order), titles[:6]


def test_a_very_negative_row_max_is_taken_off_by_adding_it():
    at = open_page(start="interpretable", text="sat", pe=0)
    at = edit(at, "W_Q", {(1, "wants action"): "-1e6"})  # "sat" wants the opposite of an action: q·k = −9 × 10⁶
    no_exception(at)
    step = next(m.value for m in at.markdown if m.value.startswith("1. **q ⊙ k**"))
    _, labels, base, res = page_numbers("sat", start="interpretable", pe=False, W_Q_cells={(1, 1): -1e6})
    said = say.trace_weight_steps(trace_cell(res.Q, res.K, res.V, 0, 0), labels[0], labels[0], res.weights[0, 0])
    assert said.facts["shift"] == said.facts["scaled"] < -50 and said.facts["weight"] == 1  # the row max, taken off
    assert said.text == step and "− −" not in step and "+ −" not in step, step


def test_tokens_that_markdown_would_read_as_maths_or_emphasis_stay_literal():
    at = open_page(start="interpretable", text="$ cat sat $ * _ mat *", qi=0, kj=5)
    no_exception(at)
    text = all_text(at)
    # "$·0 … $·0" in one paragraph would be typeset as LaTeX, "* … *" as italics: the sentences escape each label
    tokens, labels, base, res = page_numbers("$ cat sat $ * _ mat *", start="interpretable")
    t = trace_cell(res.Q, res.K, res.V, 0, 5)
    notes = say.repeat_notes([md_text(t) for t in tokens], True, base.X, res.Q, res.K, res.V, res.weights)
    assert [n.facts["positions"] for n in notes] == [[0, 3], [4, 7]] and all(n.text in text for n in notes)
    idle = say.no_rule_sentence(tokens, labels, res.Q, res.weights)
    assert idle.facts["named"] == [0, 3, 4] and idle.facts["more"] == 3 and idle.text in text
    for said in (say.trace_weight_steps(t, labels[0], labels[5], res.weights[0, 5]),
                 say.sum_check(labels[0], t.output, res.output[0])):
        assert said.text in text and "\\$·0" in said.text
    (caption,) = [c for c in matrix_titles(at) if c.startswith("qᵢ ⊙ kⱼ for")]
    assert caption.startswith("qᵢ ⊙ kⱼ for $·0 → _")  # the trace's first table, titled as it was


# ---- predict, then see (issue 23: a prediction belongs to its question) --------------------------

QUESTION = "qkv_most"  # the prediction's key: its radio is f"{QUESTION}_value", its buttons _check and _skip
ANSWERING = ("scores = QKᵀ", "scaled = QKᵀ", "weights = softmax", "Σⱼ weights", "output = weights·V", "qᵢ ⊙ kⱼ",
             "wⱼ·vⱼ", "Σⱼ wⱼ·vⱼ")  # the tables that show a query's scores or weights, or what they make


def answer(at: AppTest, choice: str) -> AppTest:
    """Pick `choice` (a key of builder.DOUBLE_OPTIONS) and check it; the next run shows the stored guess."""
    at.radio(key=f"{QUESTION}_value").set_value(choice)
    return at.button(key=f"{QUESTION}_check").click().run().run()


def verdicts(at: AppTest) -> list[str]:
    return [e.value for e in (*at.success, *at.warning) if e.value.startswith(("**Right.**", "**Not quite.**"))]


def assert_open(at: AppTest, query: str) -> None:
    """The builder's question about `query` is asked afresh: no stored guess, no verdict, nothing picked, nothing
    that answers it drawn, and never Home's question again (issue 36, item 17)."""
    from attn_lessons.home import top_key_question

    text = all_text(at)
    assert say.double_wq_question(query) in text and top_key_question(query) not in text
    assert "Your prediction" not in text and not verdicts(at) and at.radio(key=f"{QUESTION}_value").value is None
    assert not [t for t in matrix_titles(at) if t.startswith(ANSWERING)], matrix_titles(at)


def doubled(text: str, start: str = "interpretable", pe: bool = True, seed: int = 0, d_model: int = 8,
            W_Q_cells: dict | None = None):
    """attn_core's comparison of the asked query's row with W_Q and with 2·W_Q, for the page's starting point."""
    from attn_core.builder import checkpoint_query, doubled_query

    tokens, _, base, _ = page_numbers(text, start, pe, seed, d_model, W_Q_cells)
    return doubled_query(base.X, base.W_Q, base.W_K, base.W_V, checkpoint_query(tokens), 3)


def verdict_on(choice, text: str = "the cat sat on the mat", start: str = "interpretable", **link):
    """The builder's verdict on `choice` (None when skipped) for a link's numbers, from attn_core's doubled_query."""
    _, labels, _, _ = page_numbers(text, start, **link)
    return say.double_wq_verdict(labels, doubled(text, start, **link), choice)


def test_the_builder_asks_its_own_question_and_a_right_answer_is_told_why():
    """Issue 36, item 17: the builder asked Home's question ("Which key will “sat” give the most weight?") about the
    same sentence and weights. It asks what doubling W_Q does, graded from attn_core's doubled_query."""
    from attn_lessons.builder import DOUBLE_OPTIONS

    at = open_page(start="interpretable", reveal=0)
    no_exception(at)
    assert_open(at, "sat")
    assert at.radio(key=f"{QUESTION}_value").options == list(DOUBLE_OPTIONS.values())
    assert not [s for s in at.selectbox if s.key in ("qi", "kj")]  # the trace waits too
    d = doubled("the cat sat on the mat")
    assert d.outcome == "sharper" and d.top_before == d.top_after == (1,)  # "cat", before and after
    at = answer(at, d.outcome)
    no_exception(at)
    assert f"Your prediction: **{DOUBLE_OPTIONS['sharper']}**" in all_text(at)
    (success,) = [s.value for s in at.success if s.value.startswith("**Right.**")]
    row = z(at, "weights = softmax")[2]
    said = verdict_on("sharper")
    assert said.right and said.facts["key"] == 1 and said.why in success  # "cat" stays on top, with more weight
    assert said.facts["weight_after"] > said.facts["weight_before"] == pytest.approx(row[1], abs=THREE)
    assert at.selectbox(key="qi").value == 2 and z(at, "qᵢ ⊙ kⱼ for sat → cat").shape == (3, 7)


def test_before_the_answer_nothing_is_outlined_and_after_it_the_pair_traced_is():
    at = open_page(start="interpretable", reveal=0)
    assert not [t for t in matrix_titles(at) if t.startswith(ANSWERING)]  # the scaled row would answer it
    at.button(key=f"{QUESTION}_skip").click().run()
    assert outlined(at, "scaled = QKᵀ") == (["sat"], ["cat"])


@pytest.mark.parametrize("choice", ["same", "other", "flatter"])
def test_a_wrong_prediction_is_not_quite_and_says_why_from_the_numbers(choice):
    at = answer(open_page(reveal=0), choice)  # random start: the question is still about "sat", the first action
    no_exception(at)
    d = doubled("the cat sat on the mat", start="random")
    assert d.outcome == "sharper"  # doubling the row's scores keeps their order and widens their gaps
    (warning,) = [w.value for w in at.warning if w.value.startswith("**Not quite.**")]
    said = verdict_on(choice, start="random")
    k = said.facts["key"]
    assert not said.right and said.facts["outcome"] == "sharper" and said.facts["top_after"] == (k,)
    assert said.why in warning
    assert int(np.argmax(z(at, "weights = softmax")[2])) == k  # the table agrees with attn_core's row


def test_show_me_reveals_without_a_verdict_and_predict_again_hides_the_weights():
    at = open_page(start="interpretable", reveal=0)
    at.button(key=f"{QUESTION}_skip").click().run()
    no_exception(at)
    assert not verdicts(at)
    said = verdict_on(None)
    assert said.facts["key"] == 1 and said.facts["outcome"] == "sharper" and said.why in [i.value for i in at.info]
    assert z(at, "weights = softmax").shape == (6, 6)
    at.run()  # the checkpoint offers "Predict again" from the next run on
    at.button(key=f"{QUESTION}_again").click().run()
    assert_open(at, "sat")


def test_an_even_row_makes_every_weight_stay_the_right_answer():
    at = open_page(start="interpretable", text="bob ran to the park", reveal=0)  # "ran" finds no animal
    assert_open(at, "ran")
    assert doubled("bob ran to the park").outcome == "same"
    at = answer(at, "same")
    no_exception(at)
    said = verdict_on("same", "bob ran to the park")
    assert said.right and said.facts["weight_before"] == said.facts["weight_after"] == pytest.approx(1 / 5)
    assert said.facts["score_before"] == said.facts["score_after"] == 0  # all equal, before and after
    assert [s.value for s in at.success] == [f"**Right.** {said.why}"]


def test_a_new_sentence_or_starting_point_opens_the_question_again_with_no_verdict():
    at = answer(open_page(start="interpretable", reveal=0), "sharper")
    assert verdicts(at)[0].startswith("**Right.**")
    at.text_area(key="text").set_value("the dog chased the ball across the park").run()
    at.run()
    assert_open(at, "chased")
    at = answer(at, "other")
    assert verdicts(at)[0].startswith("**Not quite.**")
    at.radio(key="start").set_value("random").run()  # the same query, another starting point: another question
    at.run()
    assert_open(at, "chased")


@pytest.mark.parametrize("link, move, moved", [
    ({}, lambda at: at.number_input(key="seed").set_value(4), "seed"),
    ({}, lambda at: at.select_slider(key="d_model").set_value(16), "d_model"),
    ({"start": "interpretable"}, lambda at: at.toggle(key="pe").set_value(False), "positions")])
def test_what_only_moves_the_numbers_keeps_the_reveal_and_checks_it_again(link, move, moved):
    at = answer(open_page(reveal=0, **link), "sharper")
    assert "checked against the numbers" not in all_text(at)
    move(at).run()
    at.run()
    no_exception(at)
    text = all_text(at)
    assert "Your prediction: **Same top key, more weight**" in text
    assert say.numbers_moved([moved]) in text
    (verdict,) = verdicts(at)
    assert verdict.startswith("**Right.**")  # doubling W_Q sharpens an uneven row, whatever its numbers


def test_an_edit_after_the_prediction_is_checked_again_for_the_new_numbers():
    at = answer(open_page(start="interpretable", pe=0, reveal=0), "sharper")
    assert verdicts(at)[0].startswith("**Right.**")
    at = edit(at, "W_Q", {(1, "wants animal"): "0"})  # sat no longer wants an animal: its row is even
    at.run()
    no_exception(at)
    assert say.numbers_moved(["edits"]) in all_text(at)
    said = verdict_on("sharper", pe=False, W_Q_cells={(1, 0): 0.0})
    assert not said.right and said.facts["outcome"] == "same"  # now every weight stays
    (verdict,) = verdicts(at)
    assert verdict.startswith("**Not quite.**") and said.why in verdict


def test_two_keys_that_tie_stay_tied_and_both_gain():
    """"sat" weighs its two animals alike: doubling W_Q keeps the tie and gives each more."""
    at = answer(open_page(start="interpretable", pe=0, text="the cat sat with the dog", reveal=0), "sharper")
    no_exception(at)
    d = doubled("the cat sat with the dog", pe=False)
    assert d.top_before == d.top_after == (1, 5) and d.outcome == "sharper"
    (verdict,) = verdicts(at)
    assert verdict.startswith("**Right.**")


def drawn_text(at: AppTest) -> str:
    """Every sentence and every drawn number: the text, the tables' markup and the shape diagram's source."""
    return "\n".join([all_text(at), *(el.proto.body for el in at.get("html"))])


@pytest.mark.parametrize("link", [{"start": "interpretable"}, {}, {"seed": 3, "d_model": 16},
                                  {"start": "interpretable", "text": "bob ran to the park"},
                                  {"start": "interpretable", "text": "the dog chased the ball across the park"}])
def test_while_the_question_is_open_no_number_that_answers_it_is_drawn(link):
    from attn_lessons.format import num

    shown = open_page(**link)  # the same page answered, to read the numbers that answer it
    labels = table_titled(shown, "weights = softmax")[1]
    from attn_core.builder import checkpoint_query

    at = open_page(reveal=0, **link)
    tokens, said, _, res = page_numbers(**link)
    i = checkpoint_query(tokens)  # the query the question asks about, from the sentence alone
    query = labels[i]
    weights, scaled = z(shown, "weights = softmax")[i], z(shown, "scaled = QKᵀ")[i]
    assert_open(at, query)
    assert not at.get("plotly_chart") and not [c for c in at.code if "import numpy" in c.value]  # nor in the code
    assert "qi" not in at.query_params and "kj" not in at.query_params  # the trace's pair is not in the address
    for t in tables(at):  # no row of any table is that query's weights or scaled scores
        for row in values_of(t):
            assert len(row) != len(weights) or not (np.allclose(row, weights, atol=5e-4)
                                                     or np.allclose(row, scaled, atol=5e-3)), t.caption
    drawn, text = drawn_text(at), all_text(at)
    printed = {num(x, 3) for x in [*weights, *scaled]} | {num(x, 4) for x in weights}
    printed -= {"0.000", "1.000", "3.000", "0.0000", "1.0000"}
    leaks = [p for p in printed if re.search(rf"(?<![\d.]){re.escape(p)}(?!\d)", drawn)]
    leaks += [p for p in {num(x, 2) for x in [*weights, *scaled]} - {"0.00", "1.00", "3.00"}
              if re.search(rf"(?<![\d.]){re.escape(p)}(?!\d)", text)]
    assert not leaks, leaks
    idle = say.no_rule_sentence(tokens, said, res.Q, res.weights)  # what the lexicon says once answered
    assert idle.facts["idle"] == [] or idle.text not in text  # the lexicon waits too


def values_of(t) -> np.ndarray:
    from tests.html_tables import values

    return values(t)


def test_one_token_asks_nothing():
    at = open_page(text="cat", reveal=0)
    no_exception(at)
    assert not [r for r in at.radio if r.key == f"{QUESTION}_value"] and z(at, "weights = softmax").shape == (1, 1)
    assert say.double_wq_question("cat") not in all_text(at)


# ---- the editor appears when the learner edits ------------------------------------------------

def test_no_editor_until_a_matrix_is_picked_and_then_only_that_one():
    at = open_page()
    assert at.radio(key="edit").value == "none" and not at.data_editor  # no grid, no toolbar, no Tab stops
    assert matrix_titles(at)[:4] == ["X = embedding + position  (6 × 8)", "W_Q, the query projection  (8 × 8)",
                                     "W_K, the key projection  (8 × 8)", "W_V, the value projection  (8 × 8)"]
    at = edit(at, "W_Q", {(0, "d0"): "2.5"})
    assert len(at.data_editor) == 1 and editor_key(at, "W_Q")
    assert z(at, "W_Q")[0, 0] == 2.5 and len(matrix_titles(at)) == 15  # the W_Q table still shows what is used


def test_edits_are_kept_when_the_learner_edits_another_matrix_or_none():
    at = edit(open_page(), "W_Q", {(0, "d0"): "2.5"})
    output = z(at, "output = weights·V")
    at = edit(at, "X", {(1, "d3"): "−4"})
    no_exception(at)
    assert len(at.data_editor) == 1 and editor_key(at, "X")
    assert z(at, "W_Q")[0, 0] == 2.5 and z(at, "X = embedding")[1, 3] == -4.0  # both edits in force
    at.radio(key="edit").set_value("none").run()
    assert not at.data_editor and z(at, "W_Q")[0, 0] == 2.5 and z(at, "X = embedding")[1, 3] == -4.0
    at = edit(at, "W_Q", {(0, "d1"): "1"})  # picked again: an editor over the numbers as they are now
    assert z(at, "W_Q")[0, :2].tolist() == [2.5, 1.0] and z(at, "X = embedding")[1, 3] == -4.0
    assert not np.allclose(z(at, "output = weights·V"), output)
    at.selectbox(key="qi").set_value(0).run()  # a rerun of the trace's fragment keeps them too
    assert z(at, "W_Q")[0, :2].tolist() == [2.5, 1.0]


def test_the_largest_inputs_send_a_light_page():
    at = open_page(**BIG)
    no_exception(at)
    assert not at.get("plotly_chart")  # every matrix a table
    markup = "".join(el.proto.body for el in at.get("html"))
    assert len(markup.encode()) < 400_000, len(markup.encode())  # bytes, as the benchmark counts (− is 3 of them)
    W_Q, rows, cols = table_titled(at, "W_Q")
    assert W_Q.shape == (64, 64) and np.isfinite(W_Q).all() and len(rows) == len(cols) == 64  # every value printed
    printed = sum(len(r["cells"]) for t in tables(at) for r in t.body)
    assert printed > 23_500, printed
    # 32 × 64 shares would not fit: the trace says so, and adds up into the second table
    assert not [c for c in matrix_titles(at) if c.startswith("wⱼ·vⱼ")]
    assert trace_said(at, BIG, every_share=False) in all_text(at)
    assert z(at, "Σⱼ wⱼ·vⱼ").shape == (1, 64)


def test_the_shares_table_stays_up_to_a_thousand_entries():
    at = open_page(text=" ".join(f"w{i}" for i in range(32)), d_model=32)
    no_exception(at)
    shares = z(at, "wⱼ·vⱼ")
    assert shares.shape == (32, 32)
    assert trace_said(at, {"text": " ".join(f"w{i}" for i in range(32)), "d_model": 32}, every_share=True) in all_text(
        at)
    np.testing.assert_allclose(shares.sum(axis=0), z(at, "Σⱼ wⱼ·vⱼ")[0], atol=32 * 0.005 + 0.005)


# ---- issue 23: one story from Home, a 30-minute core, a diagram that follows the width -------------

def test_home_s_named_features_start_opens_on_the_named_feature_columns():
    at = open_page(start="interpretable", reveal=0)  # what Home's Next link carries
    no_exception(at)
    assert at.radio(key="start").value == "interpretable"
    X, rows, cols = table_titled(at, "X = named features")
    assert rows == LABELS and cols == [*FEATURES, *POSITION_DIMS] and X[2, 1] == 3.0  # sat is an action
    assert table_titled(at, "W_Q")[2][:3] == ["wants animal", "wants action", "wants place"]
    assert say.interpretable_info(True, len(FEATURES) + len(POSITION_DIMS), 8) in [i.value for i in at.info]
    assert not [c for t in tables(at) for c, _ in t.heads if re.fullmatch(r"d\d+", c)]  # no d0 … d7 anywhere
    assert matrix_titles(at)[0].startswith("X = named features")  # the first picture
    # and without it, the builder still opens on the random start
    assert table_titled(open_page(), "X = embedding")[2] == [f"d{c}" for c in range(8)]


@pytest.mark.parametrize("link, most", [({}, 500), ({"start": "interpretable"}, 600), ({"pe": 0}, 520)])
def test_the_page_is_a_short_read_with_its_first_picture_in_the_first_screen(link, most):
    from tests.lesson_length import PAGE_WORDS, WORDS_BEFORE_PICTURE, reading

    at = open_page(**link)  # revealed, as tests/lesson_length counts it
    words, before = reading(at)
    assert words <= min(most, PAGE_WORDS), words
    assert before is not None and before <= WORDS_BEFORE_PICTURE, before
    for e in at.expander:  # the lexicon, when there is one: closed, and empty until opened
        closed_fold(PAGE, e.label, **{"reveal": 1, **link})
    assert at.toggle(key="show_code").value is False  # and the code switched off


def test_the_shape_diagram_follows_the_width_not_the_device():
    from attn_ui import figures

    assert not hasattr(figures, "on_phone")  # nothing in the app reads the User-Agent any more
    flows = []
    for _ in range(2):
        at = open_page()
        (flow,) = [el.proto.body for el in at.get("html") if "class=fl" in el.proto.body]
        flows.append(flow)
        # the diagram sits in a column beside its captions: a row on a wide screen, stacked by Streamlit on a phone
        (column,) = [c for c in at.columns if any("class=fl" in el.proto.body for el in c.get("html"))]
        assert not column.caption
        assert any(c.caption and c.caption[0].value == say.shapes_caption(6, 8, 8, 8) for c in at.columns)
    assert flows[0] == flows[1] and "X6 × 8" in flow_text(flows[0])
    assert not at.get("graphviz_chart")
    assert "on_phone" not in (ROOT / PAGE).read_text()


def flow_text(markup: str) -> str:
    from html.parser import HTMLParser

    class Text(HTMLParser):
        def __init__(self):
            super().__init__()
            self.out, self.skip = [], False

        def handle_starttag(self, tag, attrs):
            self.skip = tag == "style"

        def handle_data(self, data):
            if not self.skip:
                self.out.append(data)

    reader = Text()
    reader.feed(markup)
    return "".join(reader.out)


def test_the_named_features_keep_their_edits_through_a_new_seed_as_the_editor_says():
    at = edit(open_page(start="interpretable"), "W_Q", {(2, "wants place"): "2"})
    assert say.edit_caption("W_Q", "interpretable") in [c.value for c in at.caption]  # it says the seed keeps edits
    at.number_input(key="seed").set_value(9).run()
    assert z(at, "W_Q")[2, 2] == 2.0  # the seed draws nothing here: the edit stays
    at.toggle(key="pe").set_value(False).run()
    assert z(at, "W_Q")[2, 2] == 0.0  # positions are a new starting point


# ---------------------------------------------------------------- issue 40: the builder in Simplified Chinese

NOTATION = ("sin p", "cos p")  # the position columns' names: notation, the same in both languages


def _link(example: str) -> dict[str, str]:
    return dict(part.split("=", 1) for part in example.split("&"))


def chinese_runs(at: AppTest) -> list[str]:
    """The runs of four or more English words on the screen, outside code, formulas, style sheets, the learner's own
    sentence and its tokens, and the position columns' names."""
    from tests.apptest_utils import screen_text
    from tests.prose import english_runs

    text = re.sub(r"<style.*?</style>", " ", screen_text(at), flags=re.S)
    for token in at.selectbox(key="qi").options if [s for s in at.selectbox if s.key == "qi"] else []:
        text = re.sub(rf"(?<![\w·]){re.escape(token)}(?![\w·])", " ", text)  # the learner's tokens, in the tables
    return english_runs(text, allowed=(at.text_area(key="text").value, *NOTATION))


def in_language(lang: str, make):
    """`make()` with the words read in `lang`, the session's language put back after."""
    from attn_lessons.i18n import current, use

    before = current()
    use(lang)
    try:
        return make()
    finally:
        use(before)


@pytest.fixture
def chinese_here():
    """AppTest formats a widget's options again in the test's own thread (its format_func, at each run after the
    first): that thread reads Chinese too, as the page's does."""
    from attn_lessons.i18n import current, use

    before = current()
    use("zh-CN")
    yield
    use(before)


@pytest.mark.parametrize("link", [{}, *map(_link, named("builder").examples)],
                         ids=["defaults", "example 1", "example 2"])
def test_the_builder_reads_fully_in_chinese_with_its_question_open_and_answered(link, chinese_here):
    at = open_page(lang="zh-CN", reveal=0, **link)
    no_exception(at)
    asked = f"{QUESTION}_value" in {r.key for r in at.radio}
    assert asked and at.radio(key=f"{QUESTION}_value").value is None
    assert not chinese_runs(at), chinese_runs(at)
    at = answer(at, "other")
    no_exception(at)
    assert verdicts(at) == [] and [s for s in at.selectbox if s.key == "qi"]  # Chinese verdicts; the trace is drawn
    assert not chinese_runs(at), chinese_runs(at)
    at.radio(key="edit").set_value("W_Q").run()  # an editor open, with its caption
    no_exception(at)
    assert not chinese_runs(at), chinese_runs(at)


def test_the_chinese_verdict_states_the_same_facts_and_quotes_its_numbers(chinese_here):
    from attn_lessons.format import enough

    at = answer(open_page(lang="zh-CN", reveal=0, start="interpretable", text="the cat sat on the mat"), "flatter")
    english = in_language("en", lambda: verdict_on("flatter"))
    chinese = verdict_on("flatter")
    assert chinese.facts == english.facts and chinese.right == english.right is False
    assert chinese.why != english.why and chinese.why in " ".join(e.value for e in (*at.success, *at.warning))
    assert enough(chinese.facts["weight_before"], 3) in chinese.why
    assert enough(chinese.facts["weight_after"], 3) in chinese.why
    options = at.radio(key="edit").options
    assert options == [say.text("edit-none"), "X", "W_Q", "W_K", "W_V"] and options[0] != "None"


def test_the_notebooks_prose_is_chinese_in_chinese(chinese_here):
    from tests.apptest_utils import taken_home
    from tests.prose import english_runs

    offered = taken_home(PAGE, lang="zh-CN", text="the cat sat on the mat", qi=2, kj=1)
    prose = [c.text for c in offered.cells if c.kind == "markdown"]
    assert len(prose) == 5 and all(not english_runs(p) for p in prose), prose
    assert "查询“sat”和键“cat”" in "\n".join(prose)
