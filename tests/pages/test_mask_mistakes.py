"""The Mask mistakes page through AppTest: the defaults, a fully blocked row in float16, one token, every mask
kind, bad links, the predict-then-see question, the quiz and the checks snippet."""

from attn_ui.pages import named
import contextlib
import io

import numpy as np
import pytest

import attn_core
from attn_core import mask_mistakes as mm
from attn_core.masks import build_mask, parse_mask
from attn_core.mistakes import draw_mistake
from attn_lessons import format as fmt
from attn_lessons import mask_mistakes as say
from attn_ui.tables import step_names
from tests.apptest_utils import all_text, navigate, run_page, table_markups, table_titled, tables

PAGE = named("mask_mistakes").path
TEXT = "the cat sat on the mat"
WEIGHTS = 0.5 * 10**-2  # the weights tables print 2 decimals: a value read back is within half the last place
RIGHT = "right weights = softmax(QKᵀ/√d_k + M)"
AFTER, INVERTED, AXIS = ("WRONG weights = softmax(QKᵀ/√d_k) · mask", "WRONG weights = softmax(QKᵀ/√d_k + inverted M)",
                         "WRONG weights = softmax(QKᵀ/√d_k + Mᵀ)")


def open_page(**query_params):
    """The page with every section drawn: the predictions skipped (reveal=1), as a presenter opens it. Tests of
    the question itself use open_asking."""
    return open_asking(**({"reveal": 1} | query_params))


def open_asking(**query_params):
    """The page as a learner opens it: section 1's question open, the sections after it waiting."""
    at = run_page(PAGE, **query_params)
    assert not at.exception, at.exception[0].value if at.exception else ""
    return at


def on_page(at, said):
    """A Said that attn_lessons built from attn_core's numbers for this state: its text is on the page as it is."""
    assert said.text in all_text(at), said.text
    return said


def fill_said(case: mm.Case, fill: str = "-1e9", dtype: str = "float64"):
    """Section 4's three Saids for this case, from attn_core's numbers, as the page builds them."""
    row, mask, _ = mm.blocked_row_for_demo(case.mask, None)
    W, output = mm.fill_rows(case, mask, row, fill, dtype)
    return say.fill_sentences(case.labels[row], case.n, dtype, fill, W[:, 0], W[:, 1], W[:, 2], output)


def check_table_of(case: mm.Case):
    """The checks table the page runs: the last token changed to attn_core's replacement word."""
    t = case.n - 1
    word = mm.replacement_word(case.tokens[t])
    return mm.check_table(case, *mm.swapped_qkv(case, t, word), t), t, word


def check_lines(case: mm.Case):
    """The five check sentences the page builds for the right computation."""
    table, t, word = check_table_of(case)
    return say.check_sentences(table[0][1], case.labels, case.mask, t, word)


def case_for(mask, text=TEXT, seed=0, d_model=8) -> mm.Case:
    return mm.build_case(attn_core.build_inputs(text, seed, d_model), mask)


def printed(at) -> list[str]:
    """Every value printed in any table cell on the page."""
    return [text for t in tables(at) for row in t.body for text, _ in row["cells"]]


def assert_no_nan_words(at):
    assert not any(t in ("nan", "not a number") for t in printed(at))
    assert "not a number" not in all_text(at)


def titled(at, start):
    return [t for t in tables(at) if t.caption.startswith(start)]


def values_of(table) -> np.ndarray:
    from tests.html_tables import values

    return values(table)


def classes(table) -> np.ndarray:
    """Each cell's colour class as the browser applies it: its own, or the table's default (class="D<step>")."""
    default = table.table_class[1:]
    return np.array([[(cls or default).split()[0] for _, cls in row["cells"]] for row in table.body])


def numbers(column) -> np.ndarray:
    """A column of a static table (markdown text, as attn_lessons.format.num printed it) read back as floats."""
    return np.array([float(str(t).replace("\\", "").replace("−", "-")) for t in column])


def checks_table(at):
    return next(t.value for t in at.table if "computation" in t.value.columns)


def test_defaults_show_each_mistake_beside_the_right_one():
    at = open_page()
    case = case_for(build_mask("causal", 6))
    Q, K, V, mask = case.Q, case.K, case.V, case.mask
    assert not at.get("plotly_chart")  # every matrix is a table
    captions = [t.caption for t in tables(at)]
    assert len(captions) == 10, captions  # M, three wrong-and-right pairs, the fill, the leak, the quiz
    assert sum(c.startswith("WRONG") for c in captions) == 3 and all("(6 × 6)" in c for c in captions[:7])
    M, rows, cols = table_titled(at, "M = 0 (may attend) or −∞ (blocked)")
    np.testing.assert_array_equal(M, np.where(mask, 0.0, -np.inf))  # the blocked pairs, −∞ as in the formula
    assert rows == cols == case.labels
    for caption, run in ((AFTER, mm.mask_after_softmax), (INVERTED, mm.inverted_mask), (AXIS, mm.mask_wrong_axis)):
        np.testing.assert_allclose(table_titled(at, caption)[0], run(Q, K, V, mask).weights, atol=WEIGHTS)
    rights = titled(at, RIGHT)
    assert len(rights) == 3  # each wrong one has the right one beside it, on the same 0 … 1 scale
    for table in rights:
        W = values_of(table)
        np.testing.assert_allclose(W, case.right.weights, atol=WEIGHTS)
        np.testing.assert_array_equal(classes(table), step_names(case.right.weights, "weights", 0.0, 1.0))
        assert np.all(W[~mask] == 0)  # a blocked pair got exactly 0
    inverted = mm.inverted_mask(Q, K, V, mask).weights
    assert np.all(inverted[~mask] > 0) and np.all(inverted[mask] == 0)  # every blocked pair got weight, none other
    assert np.all(values_of(titled(at, INVERTED)[0])[mask] == 0)
    assert_no_nan_words(at)
    labels, causal = case.labels, mm.MaskChoice("causal", mask)
    summary = on_page(at, say.mask_summary(labels, mask, mm.right_anyway(case), causal))
    assert summary.facts["blocked_pairs"] == 15 == int((~mask).sum())
    said = on_page(at, say.inverted_sentence(labels, mask, inverted))
    assert said.facts["closed_rows"] == [5] and np.all(inverted[5] == 0)  # inverted, the last token sees nothing
    said = on_page(at, say.wrong_axis_sentence(labels, mask, mm.mask_wrong_axis(Q, K, V, mask).weights, causal))
    assert not said.facts["symmetric"]
    free, with_mask = mm.leak_changes(case, 5, "dog")
    said = on_page(at, say.leak_sentence(labels, 5, "dog", free, with_mask))
    assert said.facts["moved_free"] == 5 == int((free[:5] > 0).sum()) and not said.facts["leaks"]
    assert said.facts["worst_causal"] == with_mask[:5].max() == 0


def outlined_rows(table) -> list[str]:
    return [r["label"] for r in table.body if r["cls"] == "H"]


def test_the_asked_row_and_the_blocked_row_are_outlined():
    at = open_page(block=2)
    for table in titled(at, AFTER) + titled(at, RIGHT)[:1]:
        assert outlined_rows(table) == ["the·0"]  # the row the prediction asks about
    after = next(el.proto.body for el in at.get("html") if f"<caption>{AFTER}" in el.proto.body)
    assert "outlined: query the·0" in after
    for caption in ("M = ", INVERTED, AXIS):
        assert outlined_rows(titled(at, caption)[0]) == ["sat"]  # the fully blocked row
    assert [h for h, cls in titled(at, AXIS)[0].heads if cls == "H"] == ["sat"]  # turned around: a blocked column
    leak = titled(at, "largest change in each output")[0]
    assert [h for h, cls in leak.heads if cls == "H"] == ["mat"] and not outlined_rows(leak)  # the changed token
    assert not outlined_rows(titled(open_page(), "M = ")[0])  # no fully blocked row: none outlined


def test_the_fill_table_shows_nan_zeros_and_uniform_weights():
    at = open_page()
    z, rows, cols = table_titled(at, "weights of “the·0”, every key blocked, float64")
    assert cols == ["WRONG: −∞", "WRONG: −10⁹", "right: 0s"] and rows == case_for(build_mask("causal", 6)).labels
    z = z.T  # one row per computation
    assert np.isnan(z[0]).all()  # −∞ with a plain softmax: NaN, printed so and hatched …
    np.testing.assert_allclose(z[1], 1 / 6, atol=WEIGHTS)  # −10⁹: uniform over the blocked keys
    assert np.all(z[2] == 0)  # attn_core: zeros
    cells = printed(at)
    assert cells.count("NaN") >= 6 and "−∞" not in [c for t in titled(at, "weights of") for r in t.body
                                                    for c, _ in r["cells"]]
    filled = on_page(at, fill_said(case_for(build_mask("causal", 6)))[1])
    np.testing.assert_allclose(z[1], filled.facts["each"], atol=WEIGHTS)  # 1/6 on each key, as it says


def test_a_fully_blocked_row_in_float16():
    at = open_page(block=2, dtype="float16")
    assert at.selectbox(key="block").value == 2 and at.radio(key="dtype").value == "float16"
    blocked = mm.with_blocked_row(build_mask("causal", 6), 2)
    summary = on_page(at, say.mask_summary(case_for(blocked).labels, blocked, [], mm.MaskChoice("causal", blocked, 2)))
    assert summary.facts["closed_rows"] == [2]  # “sat”
    filled = on_page(at, fill_said(case_for(blocked), dtype="float16")[1])
    with np.errstate(over="ignore"):
        assert filled.facts["overflow"] and np.isneginf(np.float16(-1e9))
    assert "np.float16(-1e9)  # -> np.float16(-inf)" in all_text(at)  # what numpy prints: the source's own line
    z = table_titled(at, "weights of “sat”, every key blocked, float16")[0].T
    assert np.isnan(z[0]).all() and np.isnan(z[1]).all() and np.all(z[2] == 0)
    assert_no_nan_words(at)
    case = case_for(mm.with_blocked_row(build_mask("causal", 6), 2))
    # all six can be spotted
    assert at.radio(key="mquiz_answer").options == [say.mistake_label(m.name) for m in mm.MASK_MISTAKES]
    np.testing.assert_allclose(table_titled(at, AFTER)[0][2], 0)
    assert np.all(values_of(titled(at, RIGHT)[0])[2] == 0)
    assert case.right.weights[2].sum() == 0
    at.radio(key="fill").set_value("min").run()
    assert "the lowest float16, −65504" in all_text(at) and at.query_params["fill"] == "min"
    z = table_titled(at, "weights of “sat”, every key blocked, float16")[0].T
    np.testing.assert_allclose(z[1], 1 / 6, atol=WEIGHTS)


def test_one_token():
    at = open_page(text="hello")
    assert all("(1 × 1)" in t.caption or "(1 × 3)" in t.caption for t in tables(at))
    text = all_text(at)
    assert "single token" in text
    lines = check_lines(case_for(build_mask("causal", 1), text="hello"))
    assert lines[4].text in text and lines[4].facts["query_1"] is None  # one query, which sees only itself
    assert not lines[2].facts["applicable"]  # no earlier output to leak into
    assert not titled(at, "largest change")
    assert_no_nan_words(at)


@pytest.mark.parametrize(("params", "mask"), [
    ({"mask": "none"}, np.ones((6, 6), dtype=bool)),
    ({"mask": "padding", "pad": 2}, build_mask("padding", 6, n_padded=2)),
    ({"mask": "padding", "pad": 6}, np.zeros((6, 6), dtype=bool)),
    ({"mask": "custom", "custom": "111111-000000-111111-111111-111111-110000"},
     np.array([[c == "1" for c in r] for r in "111111-000000-111111-111111-111111-110000".split("-")])),
])
def test_every_mask_kind(params, mask):
    at = open_page(**params)
    case = case_for(mask)
    np.testing.assert_allclose(values_of(titled(at, RIGHT)[0]), case.right.weights, atol=WEIGHTS)
    np.testing.assert_allclose(table_titled(at, AXIS)[0], mm.mask_wrong_axis(case.Q, case.K, case.V, mask).weights,
                               atol=WEIGHTS)
    assert checks_table(at).iloc[0, 1:].isin(["✓", "—"]).all()  # the right computation passes
    assert_no_nan_words(at)
    text = all_text(at)
    axis = say.wrong_axis_sentence(case.labels, mask, mm.mask_wrong_axis(case.Q, case.K, case.V, mask).weights)
    assert axis.text.split(" To see")[0] in text  # the page adds how to see it, from its own choice
    assert axis.facts["symmetric"] == bool(np.array_equal(mask, mask.T))
    if params.get("pad") == 2:
        assert "allowed[:, None]  # (6, 1)" in text and axis.facts["padding_columns"] == [4, 5]
    if params["mask"] == "none":
        assert say.mask_summary(case.labels, mask).facts["blocked_pairs"] == 0


@pytest.mark.parametrize("params", [{"mask": "none"}, {"text": "hello", "mask": "causal"},
                                    {"mask": "padding", "pad": 0}, {"mask": "padding", "pad": 6}])
def test_the_page_speaks_of_the_mask_in_force(params):
    at = open_page(**params)
    text = all_text(at)
    for never in ("Pick Causal or Padding to see", "Causal and padding masks are not",
                  "every mistake below that is about blocked pairs gives the right answer"):
        assert never not in text
    picked = {"causal": "Causal", "padding": "Padding"}.get(params["mask"])
    if picked:
        assert f"pick {picked}" not in text and f"or {picked}" not in text  # never the kind already picked
    if params.get("pad") == 0 or params["mask"] == "none" or params.get("text") == "hello":  # it blocks nothing
        n = 1 if params.get("text") == "hello" else 6
        case = case_for(np.ones((n, n), dtype=bool), text=params.get("text", TEXT))
        summary = say.mask_summary(case.labels, case.mask, mm.right_anyway(case))
        assert summary.text.split(" To see")[0] in text
        assert summary.facts["blocked_pairs"] == 0 and summary.facts["right_anyway"] == [
            m.name for m in mm.MASK_MISTAKES if m.name != "inverted"]
        assert "mquiz_answer" not in [r.key for r in at.radio]  # one mistake to tell apart: no one-option quiz
        assert any(i.value.startswith("With this mask only one mask mistake, the mask's meaning inverted")
                   for i in at.info)


def test_bad_links_fall_back_with_a_notice():
    at = open_page(block=99, dtype="float8", fill="x", leak=77, word="two words", mquiz=-3)
    assert at.selectbox(key="block").value == "none" and at.radio(key="dtype").value == "float64"
    assert at.radio(key="fill").value == "-1e9" and at.selectbox(key="leak").value == 5
    assert at.text_input(key="word").value == "dog" and at.number_input(key="mquiz").value == 0
    warned = " ".join(w.value for w in at.warning)
    # an unreadable custom grid allows every pair, where only one mistake shows and there is no quiz: its own link
    warned += " ".join(w.value for w in open_page(mask="custom", custom="abc").warning)
    for key in ("block", "dtype", "fill", "leak", "word", "mquiz", "custom"):
        assert f"link's {key}=" in warned, key


def test_a_grid_of_the_wrong_size_and_an_unreadable_word_are_explained():
    at = open_page(mask="custom", custom="10-01")
    assert on_page(at, say.grid_notice(2, 6)).facts["new_pairs_allowed"]
    at.text_input(key="word").set_value("two words").run()
    assert not at.exception and any("can't be used" in w.value for w in at.warning)
    at.text_input(key="word").set_value("Mat").run()
    assert "already the token there" in all_text(at)


@pytest.mark.parametrize("right_answer", [True, False])
def test_the_quiz_explains_its_answer_from_the_symptoms(right_answer):
    at = open_page(mquiz=3)
    case = case_for(build_mask("causal", 6))
    pool = [m.name for m in mm.quiz_pool(case.Q, case.K, case.V, case.mask)]
    secret = draw_mistake(3, pool)
    z = table_titled(at, "mystery weights")[0]
    np.testing.assert_allclose(z, mm.MASK_BY_NAME[secret].run(case.Q, case.K, case.V, case.mask).weights,
                               atol=WEIGHTS)
    answer = secret if right_answer else next(name for name in pool if name != secret)
    at.radio(key="mquiz_answer").set_value(answer).run()
    at.button(key="mquiz_check").click().run()
    d = mm.diagnose_mask(case.Q, case.K, case.V, case.mask, mm.MASK_BY_NAME[secret].run(case.Q, case.K, case.V,
                                                                                         case.mask))
    ok, said = say.verdict(secret, answer, d)
    shown = at.success if right_answer else at.error
    assert ok == right_answer and shown and shown[0].value == said.text
    assert all(getattr(d, field) == value for field, value in said.facts["why"].items())  # what it quotes, measured
    at.button(key="mquiz_new").click().run()
    assert at.number_input(key="mquiz").value == 4 and at.query_params["mquiz"] == "4"


def test_the_checks_snippet_on_the_page_runs_and_passes():
    at = open_page(mask="padding", pad=2, block=1)
    assert not [c for c in at.code if c.value.startswith("import numpy as np")]  # built only when asked for
    at.toggle(key="checks_code").set_value(True).run()
    (code,) = [c.value for c in at.code if c.value.startswith("import numpy as np")]
    scope: dict = {}
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        exec(code, scope)  # noqa: S102 - the page's own generated code
    assert printed.getvalue() == "all 5 checks pass\n"
    np.testing.assert_array_equal(scope["mask"], mm.with_blocked_row(build_mask("padding", 6, n_padded=2), 1))
    table = checks_table(at)
    assert list(table["computation"])[1:] == [say.mistake_label(m.name) for m in mm.MASK_MISTAKES]
    assert (table.iloc[1:, 1:].map(lambda c: c.startswith("✗")).sum(axis=1) >= 1).all()  # every mistake caught


def test_the_leak_test_follows_its_controls():
    at = open_page()
    at.selectbox(key="leak").set_value(2).run()
    at.text_input(key="word").set_value("ran").run()
    assert at.query_params["leak"] == "2" and at.query_params["word"] == "ran"
    z, rows, _ = table_titled(at, "largest change in each output, “sat” → “ran”")
    assert rows == ["WRONG: no mask", "causal mask"]
    assert np.all(z[0, :2] > 0) and np.all(z[1, :2] == 0)  # no mask: the earlier two move; causal: they do not
    case = case_for(build_mask("causal", 6))
    free, causal = mm.leak_changes(case, 2, "ran")
    said = on_page(at, say.leak_sentence(case.labels, 2, "ran", free, causal))
    assert said.facts["moved_free"] == 2 and not said.facts["leaks"]


def test_the_page_links_back_and_on_along_the_route_without_reveal():
    """The route goes on to Check yourself now (issue 23): Next and Back carry the shared settings, never reveal."""
    at = open_page(text="Dogs chase cats", seed="11")
    links = {e.proto.label: e.proto for e in at.get("page_link")}
    assert "Back: Common mistakes" in links and "Next: Check yourself" in links
    for label in ("Back: Common mistakes", "Next: Check yourself"):
        assert "seed=11" in links[label].query_string and "reveal" not in links[label].query_string


def test_no_chart_and_the_right_weights_are_one_table_shown_three_times():
    at = open_page()
    assert not at.get("plotly_chart")  # every matrix on this page is a table: no chart, no toolbar
    rights = [markup for markup in table_markups(at) if f"<caption>{RIGHT}" in markup]
    assert len(rights) == 3 and len(set(rights[1:])) == 1  # §2 and §3: byte-identical, built once
    assert rights[0] != rights[1] and "outlined: query the·0" in rights[0]  # §1 outlines the row it asks about
    assert len({tuple(map(tuple, values_of(t))) for t in titled(at, RIGHT)}) == 1  # the same numbers, three times


def test_the_largest_inputs_send_at_most_400_kb_of_tables():
    text = " ".join(f"w{i}" for i in range(32))
    at = open_page(text=text, d_model=64, heads=8)
    assert not at.get("plotly_chart")
    assert sum(len(el.proto.body) for el in at.get("html")) <= 400_000
    case = case_for(build_mask("causal", 32), text=text, d_model=64)
    inverted, rows, cols = table_titled(at, INVERTED)  # every value printed, even at 32 × 32
    assert inverted.shape == (32, 32) and rows == cols == case.labels
    np.testing.assert_allclose(inverted, mm.inverted_mask(case.Q, case.K, case.V, case.mask).weights, atol=WEIGHTS)


# ------------------------------------------------------------------------------------ take it home


def shown_cells(text=TEXT, d_model=8, mask=None, dtype="float64", fill="-1e9", leak_t=None, word=None, leak=True):
    """The notebook's cells for this state, computed with attn_core as the page computes them; a causal mask unless
    `mask` is given."""
    from attn_ui import notebooks as nbk

    inputs = attn_core.build_inputs(text, 0, d_model)
    n = len(inputs.labels)
    mask = build_mask("causal", n) if mask is None else mask
    case = mm.build_case(inputs, mask)
    Q, K, V, labels = case.Q, case.K, case.V, case.labels
    row, mask4, _ = mm.blocked_row_for_demo(case.mask, None)
    runs = [mm.naive_minus_inf(Q, K, V, mask4, dtype), mm.finite_fill(Q, K, V, mask4, fill, dtype),
            mm.safe_minus_inf(Q, K, V, mask4, dtype)]
    section5, changes, sentence = {"leak_t": nbk.Note(None, "section 5: the page draws no leak test just now"),
                                   "leak_word": None, "leak_x": None}, (None, None), say.notebook_leak_sentence(None,
                                                                                                               None)
    if leak:
        t = n - 1 if leak_t is None else leak_t
        word = word or mm.replacement_word(case.tokens[t])
        Q2, K2, V2 = mm.swapped_qkv(case, t, word)
        X2 = mm.swapped_inputs(case.tokens, t, word, case.d_model, case.positional)
        section5 = {"leak_t": nbk.Note(t, f"section 5: the token replaced, {labels[t]!r} -> {word!r}"),
                    "leak_word": nbk.Note(word, "leak_x, below: its embedding plus its position"), "leak_x": X2[t]}
        changes = (mm.output_change(mm.no_mask, Q, K, V, Q2, K2, V2, case.mask),
                   mm.output_change(mm.masked_attention, Q, K, V, Q2, K2, V2, build_mask("causal", n)))
        sentence = say.notebook_leak_sentence(fmt.md_text(labels[t]), fmt.md_text(word))
    w = inputs.weights
    return nbk.cells(
        "mask_mistakes",
        {"labels": nbk.names(labels), "X": inputs.X, "W_Q": w.W_Q, "W_K": w.W_K, "W_V": w.W_V, "mask": case.mask,
         "dtype": nbk.Note(dtype, "section 4's dtype"),
         "fill": nbk.Note(fill, "section 4's finite stand-in for −∞: '-1e9', '-1e6' or 'min', the dtype's lowest"),
         "row": nbk.Note(row, f"section 4: the fully blocked row the page shows: {labels[row]!r}"), **section5},
        {"right_weights": case.right.weights, "right_output": case.right.output,
         "after_weights": mm.mask_after_softmax(Q, K, V, mask).weights,
         "inverted_weights": mm.inverted_mask(Q, K, V, mask).weights,
         "axis_weights": mm.mask_wrong_axis(Q, K, V, mask).weights,
         "fill_rows": np.stack([r.weights[row] for r in runs], axis=1), "change_free": changes[0],
         "change_causal": changes[1]},
        {"leak_sentence": sentence})


def with_the_code(at):
    """The page with its “Show the code” switched on: the code is built and sent only when asked for."""
    at.toggle(key="show_code").set_value(True).run()
    assert not at.exception
    return at


def notebook_code(at) -> list[str]:
    return [c.value.strip() for c in at.code if c.value.startswith("# Your sentence and mask")]


def page_code(cells) -> str:
    from attn_ui import notebooks as nbk

    return nbk.page_code(cells).strip()


def test_show_the_code_is_the_notebook_text_and_the_notebook_downloads():
    import nbformat

    from attn_ui import notebooks as nbk

    at = open_page()
    cells = shown_cells()
    assert notebook_code(at) == [] and at.toggle(key="show_code").value is False  # built only when asked for
    with_the_code(at)
    assert notebook_code(at) == [page_code(cells)]  # the code on screen is the notebook's code
    code = notebook_code(at)[0]
    assert "leak_x = np.array(" in code and "dtype = 'float64'" in code  # sections 4 and 5 as drawn
    assert "def masked_attention" in all_text(at) or any("def masked_attention" in c.value for c in at.code)
    button = at.get("download_button")
    assert len(button) == 1 and button[0].proto.label == "Download as a notebook"
    assert button[0].proto.deferred_file_id  # built only when clicked
    nbformat.validate(nbk.notebook("Attention Explorer: Mask mistakes", {"mask": "causal"}, "", cells))


def test_the_code_follows_sections_four_and_five():
    at = with_the_code(open_page(mask="padding", pad=2, block=1))
    mask = mm.with_blocked_row(build_mask("padding", 6, n_padded=2), 1)
    assert notebook_code(at) == [page_code(shown_cells(mask=mask))]
    at.radio(key="dtype").set_value("float16").run()
    at.radio(key="fill").set_value("min").run()
    # only section 4 and the notebook reran (fragments), and the code on screen followed
    assert [h.value for h in at.header] == ["4. A finite “minus infinity”"]
    assert notebook_code(at) == [page_code(shown_cells(mask=mask, dtype="float16", fill="min"))]
    at.run()
    at.selectbox(key="leak").set_value(2).run()
    at.text_input(key="word").set_value("ran").run()
    assert [h.value for h in at.header] == ["5. No causal mask where one was needed"]
    code = notebook_code(at)
    assert code == [page_code(shown_cells(mask=mask, dtype="float16", fill="min", leak_t=2, word="ran"))]
    assert "'sat' -> 'ran'" in code[0] and "fill = 'min'" in code[0]
    at.text_input(key="word").set_value("two words").run()  # refused: section 5 draws nothing, nor does the code
    assert notebook_code(at) == [page_code(shown_cells(mask=mask, dtype="float16", fill="min", leak=False))]
    assert "section 5 draws no table just now" in all_text(at)


def test_one_token_leaves_section_five_out_of_the_code():
    at = with_the_code(open_page(text="hello"))
    (code,) = notebook_code(at)
    assert code == page_code(shown_cells(text="hello", leak=False))
    assert "leak_t = None  # section 5: the page draws no leak test just now" in code


def test_a_long_sentence_in_a_wide_model_shows_the_code_only_when_asked():
    text = " ".join(f"w{i}" for i in range(32))
    at = open_page(text=text, d_model=64, heads=8)
    assert notebook_code(at) == []  # every digit of three 64 × 64 matrices: not built until asked for
    assert at.get("download_button")
    with_the_code(at)
    (code,) = notebook_code(at)
    assert code == page_code(shown_cells(text=text, d_model=64, mask=build_mask("causal", 32)))
    assert len(code) > 60_000


def test_tokens_that_look_like_markdown_or_markup_stay_text_in_every_table():
    from attn_lessons.format import md_text

    text = "a * _ <b> c"
    at = open_page(text=text, reveal=1)
    labels = attn_core.build_inputs(text, 0, 8).labels
    assert labels == ["a", "*", "_", "<", "b", ">", "c"]
    _, rows, cols = table_titled(at, "M = ")
    assert rows == cols == labels  # escaped in the markup, read back as the very tokens
    sums = next(t.value for t in at.table if "WRONG: row sum" in t.value.columns)
    assert list(sums["query"]) == [md_text(label) for label in labels]  # literal in st.table's markdown


# ------------------------------------------------------------------------- issue 23: the question, the budget
Q = "cp_after_softmax"  # section 1's question


KINDS = {"exactly 0": "zero", "between 0 and 1": "less", "exactly 1": "one", "more than 1": "more"}  # option labels


def answer(at, option: str | None):
    """Pick `option` (its English label) and check it (None: press “Show me”); the run after the click shows the
    stored guess. The option's value is its kind, whatever the language."""
    if option is None:
        at.button(key=f"{Q}_skip").click().run()
    else:
        at.radio(key=f"{Q}_value").set_value(KINDS[option])
        at.button(key=f"{Q}_check").click().run()
    assert not at.exception, at.exception[0].value if at.exception else ""
    return at.run()


def verdicts(at) -> list[str]:
    return [e.value for e in (*at.success, *at.warning) if e.value.startswith(("**Right.**", "**Not quite.**"))]


def row_sums_table(at):
    return next((t.value for t in at.table if "WRONG: row sum" in t.value.columns), None)


def assert_open(at, label: str) -> None:
    """Asked afresh about the row of `label`: no stored guess, no verdict, nothing picked, and nothing after the
    question drawn (the wrong weights, the row sums, sections 2 to 5, the checks, the quiz, the notebook)."""
    text = all_text(at)
    question = say.row_sum_question(label)
    assert f"**Predict first.** {question}" in text and "Your prediction" not in text
    assert not verdicts(at) and at.radio(key=f"{Q}_value").value is None
    assert not titled(at, AFTER) and row_sums_table(at) is None
    assert [h.value for h in at.header] == ["Your sentence and mask", "1. The mask applied after the softmax"]
    assert not at.get("download_button") and "show_code" not in [t.key for t in at.toggle]
    assert "several of them would give the row's sum away" in text


@pytest.mark.parametrize(("params", "mask", "prediction", "verdict"), [
    ({}, build_mask("causal", 6), "between 0 and 1", "success"),
    ({}, build_mask("causal", 6), "exactly 1", "warning"),
    # ?mask=padding&pad=6: the row of “the·0” sums to exactly 0, which is not also "between 0 and 1"
    ({"mask": "padding", "pad": 6}, np.zeros((6, 6), dtype=bool), "exactly 0", "success"),
    ({"mask": "padding", "pad": 6}, np.zeros((6, 6), dtype=bool), "between 0 and 1", "warning"),
])
def test_predict_the_row_sum_then_see_it(params, mask, prediction, verdict):
    at = open_asking(**params)
    case = case_for(mask)
    assert_open(at, "the·0")  # hidden until answered
    assert at.radio(key=f"{Q}_value").options == ["exactly 0", "between 0 and 1", "exactly 1", "more than 1"]
    at = answer(at, prediction)
    wrong = mm.mask_after_softmax(case.Q, case.K, case.V, case.mask).weights
    answer_, why = say.row_sum_reveal(case.labels, case.mask, wrong, 0)
    assert (answer_ == KINDS[prediction]) == (verdict == "success")
    shown = [e.value for e in getattr(at, verdict)]
    assert any(why.text in s for s in shown), shown
    assert why.facts["row_sum"] == wrong[0].sum() and why.facts["kind"] == answer_
    assert any(s.startswith("**Right.**" if verdict == "success" else "**Not quite.**") for s in shown)
    assert f"Your prediction: **{prediction}**" in all_text(at)  # the option itself, never a position
    sums = row_sums_table(at)
    np.testing.assert_allclose(numbers(sums["WRONG: row sum"]), wrong.sum(-1), atol=5e-4)  # printed with 3 decimals
    np.testing.assert_allclose(numbers(sums["right: row sum"]), case.mask.any(-1), atol=5e-4)
    np.testing.assert_allclose(table_titled(at, AFTER)[0], wrong, atol=WEIGHTS)
    assert "2. The mask's meaning inverted" in [h.value for h in at.header]  # the page goes on once answered


def test_show_me_reveals_the_row_sums_without_a_mark():
    at = answer(open_asking(), None)
    case = case_for(build_mask("causal", 6))
    wrong = mm.mask_after_softmax(case.Q, case.K, case.V, case.mask).weights
    _, why = say.row_sum_reveal(case.labels, case.mask, wrong, 0)
    assert any(why.text == i.value for i in at.info) and not at.success
    assert not any(w.value.startswith("**Not quite.**") for w in at.warning)
    assert row_sums_table(at) is not None and "You skipped this one." in all_text(at)


def test_skip_the_predictions_shows_the_row_sums_at_once():
    at = open_page()
    assert row_sums_table(at) is not None and titled(at, AFTER)
    assert f"{Q}_check" not in [b.key for b in at.button]  # no question asked


@pytest.mark.parametrize(("change", "label"), [
    (lambda at: at.radio(key="mask").set_value("padding"), "the·0"),
    (lambda at: at.selectbox(key="block").set_value(3), "the·0"),
    (lambda at: at.text_area(key="text").set_value("a dog ran home"), "a"),
    (lambda at: at.text_area(key="text").set_value("the dog sat on the rug"), "the·0"),  # same row, new tokens
], ids=["mask", "blocked row", "sentence", "same first word"])
def test_a_new_mask_or_sentence_opens_the_question_again_with_no_verdict(change, label):
    at = answer(open_asking(), "between 0 and 1")
    assert verdicts(at)[0].startswith("**Right.**") and titled(at, AFTER)
    change(at).run()
    assert not at.exception, at.exception[0].value if at.exception else ""
    assert_open(at, label)


def test_a_new_custom_grid_opens_it_again():
    at = answer(open_asking(mask="custom", custom="100000-110000-111000-111100-111110-111111"), "between 0 and 1")
    assert verdicts(at)
    at.text_input(key="custom").set_value("100000-110000-111000-111100-111110-111110").run()
    assert_open(at, "the·0")


@pytest.mark.parametrize(("widget", "key", "value", "seed", "d_model"), [
    ("number_input", "seed", 5, 5, 8), ("select_slider", "d_model", 16, 0, 16)])
def test_the_seed_or_width_keeps_the_reveal_and_judges_the_same_guess_again(widget, key, value, seed, d_model):
    """The seed and d_model move the numbers, not the question: the reveal stays, the guess is the one given, and
    the verdict and its reading are worked out for the numbers now on the page, which says they moved."""
    at = answer(open_asking(), "exactly 1")
    assert verdicts(at)[0].startswith("**Not quite.**")
    getattr(at, widget)(key=key).set_value(value).run()
    assert not at.exception, at.exception[0].value if at.exception else ""
    text = all_text(at)
    assert "Your prediction: **exactly 1**" in text and "checked against the numbers on the page now" in text
    case = case_for(build_mask("causal", 6), seed=seed, d_model=d_model)
    wrong = mm.mask_after_softmax(case.Q, case.K, case.V, case.mask).weights
    answer_, why = say.row_sum_reveal(case.labels, case.mask, wrong, 0)
    (verdict,) = verdicts(at)
    assert verdict == f"**{'Right' if answer_ == 'one' else 'Not quite'}.** {why.text}"
    before = case_for(build_mask("causal", 6))
    assert fmt.num(wrong[0].sum(), 3) != fmt.num(mm.mask_after_softmax(before.Q, before.K, before.V,
                                                                        before.mask).weights[0].sum(), 3)
    np.testing.assert_allclose(table_titled(at, AFTER)[0], wrong, atol=WEIGHTS)  # the tables follow the numbers


def printed_everywhere(at) -> str:
    """Every string the page prints: its text and code, its tables' markup, its small tables' cells."""
    cells = [str(v) for t in at.table for col in t.value.columns for v in [col, *t.value[col]]]
    return "\n".join([all_text(at), *(el.proto.body for el in at.get("html")), *cells])


def asked_row_cells(at, i: int) -> list[str]:
    """Row i of the WRONG (mask after the softmax) weights table, cell by cell, as printed."""
    (table,) = titled(at, AFTER)
    return [text for text, _ in table.body[i]["cells"]]


@pytest.mark.parametrize("params", [{}, {"mask": "padding", "pad": 2}, {"block": 3},
                                    {"mask": "custom", "custom": "111111-110000-111000-111100-111110-111111"}])
def test_while_the_question_is_open_its_answer_is_nowhere_on_the_page(params):
    """The asked row's sum (and what the blocked keys took, 1 minus it) and its weights under the mistake are in
    no sentence, table or line of code until the learner answers; and once answered the same search finds them."""
    from attn_lessons.format import enough

    at = open_asking(**params)
    custom = parse_mask(params["custom"]) if "custom" in params else None
    case = case_for(mm.with_blocked_row(build_mask(params.get("mask", "causal"), 6, n_padded=params.get("pad", 0),
                                                   custom=custom), params.get("block")))
    i = mm.question_row(case.mask)
    total = mm.mask_after_softmax(case.Q, case.K, case.V, case.mask).weights[i].sum()
    assert 0 < total < 1
    said = [enough(total), enough(1 - total), fmt.num(total, 3), fmt.num(1 - total, 3)]
    printed = printed_everywhere(at)
    assert not [s for s in said if s in printed], said
    shown = open_page(**params)  # the same page, answered: the row's cells as the WRONG table prints them
    cells = asked_row_cells(shown, i)
    assert not [row for t in tables(at) for row in t.body if [c for c, _ in row["cells"]] == cells]
    assert [s for s in said if s in printed_everywhere(shown)]  # the search can fail: answered, it finds them
    answered_ = answer(at, "between 0 and 1")
    assert asked_row_cells(answered_, i) == cells and [s for s in said if s in printed_everywhere(answered_)]


def test_mask_mistakes_reads_in_its_budget_with_the_deep_dives_folded():
    """Issue 23: at most 700 words with the predictions skipped, the mask's table and the question within the first
    120 words; the renormalising and float16 underflow dive, PyTorch's conventions, the right way's reading and
    the checks one by one sit in expanders, closed by default (issue 38: and, closed, they hold nothing yet)."""
    from tests.lesson_length import PAGE_WORDS, WORDS_BEFORE_PICTURE, reading

    at = open_page()
    words, before = reading(at)
    assert words <= PAGE_WORDS and before is not None and before <= WORDS_BEFORE_PICTURE, (words, before)
    assert words <= 600, words  # the route's reading time for this page, 3 minutes, is at most 600 words
    _, before = reading(open_asking())  # the question is on the first screen too
    assert before is not None and before <= WORDS_BEFORE_PICTURE
    folds = {e.label: e for e in at.expander}
    closed = run_page(PAGE, folds=False, reveal=1)  # as a learner first finds the page
    assert [e.label for e in closed.expander] == [e.label for e in at.expander]
    # every fold but the one line under the mystery's readings (a plain expander: one caption) is empty when closed
    assert all(not e.proto.expanded and (not e.children or len(e.get("caption")) == 1) for e in closed.expander)
    inside = {label: "\n".join(m.value for kind in ("markdown", "info") for m in e.get(kind))
              for label, e in folds.items()}
    dive = next(text for label, text in inside.items() if "renormalising afterwards" in label)
    assert "underflow" in dive and "float16" in dive
    conventions = next(label for label in folds if "PyTorch's two meanings of True" in label)
    assert conventions and "“this key is padding: ignore it”" not in all_text(at)  # a table cell, not prose
    assert any("**Known answer**" in text for text in inside.values())
    assert any("**attn_core's softmax**" in text for text in inside.values())
    outside = "\n".join(m.value for m in at.main.get("markdown") if not any(m in e.get("markdown")
                                                                           for e in at.expander))
    assert "underflow" not in outside and "**Known answer**" not in outside


def test_the_sections_that_wait_keep_their_settings_through_a_new_question():
    """A new mask hides sections 2 to 5 until the new question is answered; their controls come back as they were
    (they live in the link while they are not drawn)."""
    at = answer(open_asking(), "between 0 and 1")
    at.radio(key="dtype").set_value("float16").run()
    at.run()  # the dtype reran only its section: draw the whole page again
    at.text_input(key="word").set_value("ran").run()
    at.run()
    at.radio(key="mask").set_value("padding").run()
    assert_open(at, "the·0")
    assert at.query_params["dtype"] == "float16" and at.query_params["word"] == "ran"
    at = answer(at, "between 0 and 1")
    assert at.radio(key="dtype").value == "float16" and at.text_input(key="word").value == "ran"
    assert table_titled(at, "weights of “the·0”, every key blocked, float16")[0].shape == (6, 3)


# ---------------------------------------------------------------- this page's grid is its own; links keep custom=

MASKS = named("masks").path  # the other page with a custom grid (boxes to tick there)
OLD_LINK = {"mask": "custom", "custom": "100000-110000-011000-111100-000000-111111"}  # a link shared before


def test_an_old_link_with_custom_opens_the_grid_it_always_did():
    at = open_page(**OLD_LINK)
    assert at.text_input(key="custom").value == OLD_LINK["custom"] and at.query_params["custom"] == OLD_LINK["custom"]
    expected = np.array([[c == "1" for c in row] for row in OLD_LINK["custom"].split("-")])
    np.testing.assert_allclose(values_of(titled(at, RIGHT)[0]), case_for(expected).right.weights, atol=WEIGHTS)


def test_editing_this_grid_leaves_the_masks_and_heads_grid_as_its_own_link_says():
    at = open_page(**OLD_LINK)
    edited = "100000-110000-111000-111100-111110-111111"
    at.text_input(key="custom").set_value(edited).run()  # this page's grid
    assert not at.exception and at.query_params["custom"] == edited
    for link, grid in ((OLD_LINK, OLD_LINK["custom"]), ({"mask": "custom"}, "-".join(["111111"] * 6))):
        navigate(at, MASKS, **link)  # the other page's grid: its link's, or its default without custom=
        assert at.query_params["custom"] == grid
        assert f"`{grid}`" in all_text(at)  # the caption under its grid, which says the grid's string
        navigate(at, PAGE, mask="custom")  # and back here: this page's default, as its link says
        assert at.text_input(key="custom").value == "-".join(["111111"] * 6)
        at.text_input(key="custom").set_value(edited).run()


@pytest.mark.parametrize("query, ran", [({"mask": "causal"}, None), ({"mask": "none"}, "four"),
                                        ({"mask": "none", "text": "hello"}, "three")])
def test_the_right_computation_is_said_to_pass_only_the_checks_that_ran(query, ran):
    """A check with nothing to check shows "—": the sentence under the table counts only the ones that ran (issue
    30, item 10: it said "all five" beside a "—")."""
    at = open_page(**query)
    text = all_text(at)
    assert ("nothing to check" in text) == (ran is not None)
    n = 1 if query.get("text") == "hello" else 6
    case = case_for(build_mask(query["mask"], n), text=query.get("text", TEXT))
    table, _, _ = check_table_of(case)
    said = on_page(at, say.caught_sentence(table))
    assert said.facts["ran"] == sum(r.applicable for r in table[0][1]) == {None: 5, "four": 4, "three": 3}[ran]
    assert said.facts["right_passes"] and list(checks_table(at).iloc[0, 1:]).count("—") == 5 - said.facts["ran"]


# ---------------------------------------------------------------------------------------------------------
# Issue 36, item 16: the quiz's readings are symptoms; none of them names the mistake while the question is open


def on_screen(at) -> str:
    """Everything a learner can read: text, tables (the small ones' cells too), option labels, folds' labels."""
    from tests.apptest_utils import screen_text

    cells = [str(v) for t in at.table for col in t.value.columns for v in [col, *t.value[col]]]
    return "\n".join([screen_text(at), *cells])


@pytest.mark.parametrize("secret", ["no_mask", "wrong_axis"])
@pytest.mark.parametrize("params", [{}, {"mask": "padding", "pad": 2}, {"block": 3}])
def test_the_open_quiz_shows_symptoms_and_never_the_mistakes_name(secret, params):
    """With the quiz drawing "no mask" or "the wrong axis", its open question had "= unmasked weights: yes" (or
    "= transposed mask applied: yes") beside it. Now its readings count what a learner can see (blocked pairs
    with weight, allowed pairs with none), none of say.QUIZ_GIVEAWAYS is on the page, and the counts read off the
    mystery weights are the ones printed. Answered, the feedback may say it: the search can fail."""
    mask = mm.with_blocked_row(build_mask(params.get("mask", "causal"), 6, n_padded=params.get("pad", 0)),
                               params.get("block"))
    case = case_for(mask)
    pool = [m.name for m in mm.quiz_pool(case.Q, case.K, case.V, case.mask)]
    seed = next(s for s in range(200) if draw_mistake(s, pool) == secret)
    at = open_page(mquiz=seed, **params)
    assert not at.exception and at.radio(key="mquiz_answer").value is None
    screen = on_screen(at)
    assert not [s for s in say.QUIZ_GIVEAWAYS if s in screen], [s for s in say.QUIZ_GIVEAWAYS if s in screen]
    W = mm.MASK_BY_NAME[secret].run(case.Q, case.K, case.V, case.mask).weights
    (readings,) = [t.value for t in at.table if "measured" in t.value.columns]
    said = dict(zip(readings["measured"], readings["mystery"], strict=True))
    assert said["blocked pairs with weight"] == f"{int((~mask & (W > 0)).sum())} of {int((~mask).sum())}"
    assert said["allowed pairs with no weight"] == f"{int((mask & (W == 0)).sum())} of {int(mask.sum())}"
    at.radio(key="mquiz_answer").set_value(secret).run()
    at.button(key="mquiz_check").click().run()
    assert at.success and [s for s in say.QUIZ_GIVEAWAYS if s in at.success[0].value]


@pytest.mark.parametrize("params", [{}, {"mask": "padding", "pad": 2}, {"block": 3},
                                    {"mask": "none", "text": "a b c d e f g h i j k l"}])
def test_no_stretch_before_a_question_is_over_800_words(params):
    """Issue 36, item 19: with each prediction answered as the learner meets it, no stretch of reading that ends at
    a question (section 1's prediction, then the quiz's) is over tests.lesson_length.WORDS_BEFORE_QUESTION."""
    from tests.lesson_length import WORDS_BEFORE_QUESTION, answered_as_you_go, read, seen

    at = answered_as_you_go(run_page(PAGE, **params))
    assert not at.exception
    asked = [item.text for item in seen(at.main) if item.question]
    assert asked and asked[0].startswith("**Predict first.**"), asked
    shown = read(at)
    assert shown.longest <= WORDS_BEFORE_QUESTION, shown


# ---------------------------------------------------------------- issue 40: the page in Simplified Chinese

ZH_TEXT = "猫 坐 在 垫 子 上"  # six tokens under either tokenizer: one per Han character


def zh_states():
    """The defaults and the route entry's two example links, as query parameters, with a Chinese sentence where
    the link names none (the page's default sentence is the language's)."""
    from urllib.parse import parse_qsl

    links = [dict(parse_qsl(link)) for link in named("mask_mistakes").examples]
    return [{"text": ZH_TEXT}, *({"text": ZH_TEXT} | link for link in links)]


def assert_all_chinese(at, text: str):
    """No run of four English words on the screen but the learner's sentence and the code blocks (numpy, PyTorch and
    attn_core's own source, shown as they are)."""
    from tests.apptest_utils import screen_text
    from tests.prose import english_runs

    link = "https://github.com/pytorch/pytorch/issues/41508"  # a link's address, not words
    runs = english_runs(_no_cells(screen_text(at)), allowed=(text, link, *(c.value for c in at.code)))
    assert not runs, runs


def _no_cells(screen: str) -> str:
    """The screen without the matrix tables' cells and headers: tokens of the learner's sentence and numbers (NaN
    among them), which sit side by side once the markup is dropped; the tables' titles and captions stay."""
    import re

    return re.sub(r"<t[hd]\b[^>]*>[^<]*", " ", screen)  # a cell runs to the next tag (closing tags are left out)


@pytest.mark.parametrize("params", zh_states(), ids=["defaults", "example-1", "example-2"])
def test_the_page_reads_in_chinese_asked_and_answered(params):
    """With ?lang=zh-CN the page shows no English run of four words or more: with section 1's question open, then
    answered (between 0 and 1, by its language-independent value), with the checks' code on and the quiz answered.
    The reveal is row_sum_reveal's in Chinese, with the facts it has in English and the row sum it quotes."""
    from attn_lessons import i18n

    text = params["text"]
    at = run_page(PAGE, lang="zh-CN", **params)
    assert not at.exception
    assert_all_chinese(at, text)
    assert at.radio(key=f"{Q}_value").options == ["恰好为 0", "介于 0 和 1 之间", "恰好为 1", "大于 1"]
    try:
        i18n.use("zh-CN")  # AppTest formats a widget's options (format_func) in the test's own thread
        at = answer(at, "between 0 and 1")
        if at.get("toggle") and any(t.key == "checks_code" for t in at.toggle):
            at.toggle(key="checks_code").set_value(True).run()
        if any(r.key == "mquiz_answer" for r in at.radio):
            at.radio(key="mquiz_answer").set_value(at.radio(key="mquiz_answer").options and "no_mask")
            at.button(key="mquiz_check").click().run()
        assert not at.exception
        assert_all_chinese(at, text)
        state = {k: at.session_state[k] for k in ("mask", "pad", "custom", "block") if k in at.session_state}
        shown = [e.value for e in (*at.success, *at.warning)]
        assert any("**" in s for s in shown)  # the verdict, in Chinese
        zh = [s for s in shown if "恰好为" in s or "介于" in s or "大于" in s]
        assert zh, shown
    finally:
        i18n.use("en")
    assert state["mask"] == params.get("mask", "causal")
