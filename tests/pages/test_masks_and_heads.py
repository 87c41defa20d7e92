"""The masks and heads page through AppTest: every mask kind, heads 1, 2 and 4, and the bad links."""

from attn_ui.pages import named
import re

import numpy as np
import pytest

import attn_core
from attn_core.masks import build_mask, with_padding
from attn_lessons import masks as say
from tests.apptest_utils import navigate, with_code
from tests.apptest_utils import all_text, assert_ran, figures, run_page, table_titled, tables
from tests.html_tables import values
from tests.lessons.test_masks import BAD_GRAMMAR

PAGE = named("masks").path
TEXT = "the cat sat on the mat"  # the shared default sentence: 6 tokens


@pytest.fixture
def run(open_page):
    """run(**query_params): the page opened cold from a link, asserted free of exceptions. The prediction is
    skipped (?reveal=1) unless the link says otherwise, so that the tables behind it are drawn."""
    return lambda **query_params: open_page(PAGE, **({"reveal": 1} | query_params))


PRINTED = {"rtol": 0, "atol": 0.5 * 10**-2}  # a number read back from a table that prints two decimals


def table(at, starts_with: str):
    """The one table (tests.html_tables.Table) whose caption starts with `starts_with`."""
    found = [t for t in tables(at) if t.caption.startswith(starts_with)]
    assert len(found) == 1, f"{len(found)} tables titled {starts_with!r}; captions: {[t.caption for t in tables(at)]}"
    return found[0]


def matrix(at, starts_with: str) -> np.ndarray:
    """The numbers that table prints, as floats (−∞ included)."""
    return values(table(at, starts_with))


def outlined(t) -> list[str]:
    """The labels of a table's outlined rows."""
    return [r["label"] for r in t.body if r["cls"] == "H"]


def expected(heads: int, mask, d_model: int = 8, seed: int = 0, pad: int = 0):
    inputs = with_padding(attn_core.build_inputs(TEXT, seed, d_model), pad)
    w = inputs.weights
    return attn_core.multi_head_attention(inputs.X, w.W_Q, w.W_K, w.W_V, heads, w.W_O, mask)


def inputs_of(d_model: int = 8, pad: int = 0, text: str = TEXT, seed: int = 0):
    """The page's inputs for a link: the sentence's tokens, then `pad` ⟨pad⟩ tokens."""
    return with_padding(attn_core.build_inputs(text, seed, d_model), pad)


def on_page(at, said):
    """A Said that attn_lessons built from attn_core's numbers for this state: its text is on the page as it is."""
    assert said.text in prose(at), said.text
    return said


def head_tables(at):
    """The grid of section 3: one weights table per head."""
    return [t for t in tables(at) if re.match(r"head \d+ weights = softmax\(", t.caption)]


def assert_clean(at):
    """No table prints a NaN (the page ran: `run` has asserted that already)."""
    for t in tables(at):
        cells = [text for row in t.body for text, _ in row["cells"]]
        assert not any("not a number" in c or c.strip().lower() == "nan" for c in cells), t.caption
        assert not np.isnan(values(t)).any(), t.caption


@pytest.mark.parametrize(("heads", "mask", "pad"), [(1, "none", None), (2, "padding", 2), (4, "causal", None)])
def test_each_mask_with_heads_1_2_4_matches_multi_head_attention(run, heads, mask, pad):
    params = {"heads": heads, "mask": mask, "average": 1} | ({"pad": pad} if pad is not None else {})
    at = run(**params)
    assert_clean(at)
    n = 6 + (pad or 0)  # padding appends its ⟨pad⟩ tokens to the 6 words
    M = build_mask(mask, n, n_padded=pad or 0)
    res = expected(heads, M, pad=pad or 0)
    grid = head_tables(at)
    assert len(grid) == heads
    d_k = 8 // heads
    for k, t in enumerate(grid):
        # titled as weights (issue item 11), with the live √d_k, no longer "scaled by 1/√d_k = …"
        qk = "QKᵀ" if heads == 1 else "QₕKₕᵀ"
        assert t.caption.startswith(f"head {k + 1} weights = softmax({qk}/√{d_k} + M)")
        np.testing.assert_allclose(values(t), res.weights[k], **PRINTED)
    avg = table(at, "average over the")
    # "not a head" only when it is not: with one head the average is that head's weights
    assert ("not a head" in avg.caption) == (heads > 1)
    np.testing.assert_allclose(values(avg), res.weights.mean(axis=0), **PRINTED)
    np.testing.assert_allclose(matrix(at, "output = concat"), res.output, **PRINTED)
    np.testing.assert_array_equal(matrix(at, "mask:"), M.astype(float))
    weights = matrix(at, f"{'head 1: ' if heads > 1 else ''}weights = softmax")
    if mask == "causal":
        assert np.all(weights[np.triu_indices(6, k=1)] == 0.0)
    if mask == "padding":
        assert np.all(weights[:, 6:] == 0.0)  # the two ⟨pad⟩ keys, after the six words
    np.testing.assert_allclose(weights.sum(axis=1), 1.0, rtol=0, atol=n * PRINTED["atol"])  # n rounded cells
    assert f"{heads}\u00a0×\u00a0{n}\u00a0×\u00a0{d_k}" in all_text(at)  # the ribbon's split step, live


def test_masked_scores_are_labelled_minus_infinity_not_a_huge_number(run):
    at = run(mask="causal")
    t = table(at, "head 1: masked scores")
    z = values(t)
    upper = np.triu_indices(6, k=1)
    assert np.all(np.isneginf(z[upper])) and np.all(np.isfinite(z[np.tril_indices(6)]))  # −∞, no 1e9
    text = np.array([[c for c, _ in row["cells"]] for row in t.body])
    assert np.all(text[upper] == "−∞")


def test_custom_grid_from_the_link_blocks_a_whole_row_and_explains_it(run):
    grid = "111111-000000-111111-111111-111111-110000"
    at = run(mask="custom", custom=grid, heads=2, query=1)
    assert_clean(at)
    mask = attn_core.masks.parse_mask(grid)
    said = on_page(at, say.blocked_rows_info(inputs_of().labels, mask, expected(2, mask).weights,
                                             expected(2, mask).output))
    assert said.facts["rows"] == [1] and said.facts["largest_output"] == 0  # “cat”, whose output is all 0s
    weights = matrix(at, "head 1: weights = softmax")
    assert np.all(weights[1] == 0.0) and np.all(weights[5, 2:] == 0.0)
    assert np.all(matrix(at, "output = concat")[1] == 0.0)
    assert outlined(table(at, "output = concat")) == ["cat"]  # the query that may see no key, outlined
    assert np.all(matrix(at, "“cat” in every head") == 0.0)
    assert at.query_params["custom"] == grid


def test_a_custom_mask_that_blocks_every_pair_shows_zeros_and_says_why(run):
    at = run(mask="custom", custom="-".join(["000000"] * 6), average=1)
    assert_clean(at)
    blocked = np.zeros((6, 6), bool)
    error = say.nothing_can_attend(blocked)
    assert at.error and at.error[0].value == error.text and error.facts["blocked_pairs"] == 36
    said = on_page(at, say.all_scores_blocked(blocked))  # said in words, not an empty plot
    assert said.facts["minus_inf_scores"] == np.isneginf(expected(2, blocked).scaled[0]).sum() == 36
    for prefix in ("head 1: weights", "head 1: head output", "output = concat", "average over"):
        z = matrix(at, prefix)
        assert not np.isnan(z).any() and np.all(z == 0.0), prefix


def test_preset_buttons_block_and_then_allow_every_pair(run):
    at = run(mask="custom")
    assert not at.error
    at.button(key="preset_none").click().run()
    assert_ran(at)
    assert at.error and at.error[0].value == say.nothing_can_attend(np.zeros((6, 6), bool)).text
    assert at.query_params["custom"] == "-".join(["000000"] * 6)
    at.button(key="preset_causal").click().run()
    assert_ran(at)
    assert not at.error
    np.testing.assert_array_equal(matrix(at, "mask:"), np.tril(np.ones((6, 6))))


def test_mangled_links_fall_back_with_a_notice(run):
    at = run(mask="custom", custom="11x-abc", query="99")
    assert_clean(at)
    warnings = " ".join(w.value for w in at.warning)
    assert "custom='11x-abc'" in warnings and "query='99'" in warnings
    np.testing.assert_array_equal(matrix(at, "mask:"), np.ones((6, 6)))
    at = run(mask="diagonal", pad="99")
    assert_clean(at)
    assert "mask='diagonal'" in " ".join(w.value for w in at.warning)
    assert at.radio(key="mask").value == "causal"


def test_a_custom_grid_of_the_wrong_size_is_fitted_to_the_sentence(run):
    at = run(mask="custom", custom="10-01")
    assert_clean(at)
    said = on_page(at, say.refit_notice(2, 6))
    assert said.facts["new_pairs_allowed"] and attn_core.masks.fit_mask(np.zeros((2, 2), bool), 6).sum() == 32
    expected_mask = np.ones((6, 6))
    expected_mask[0, 1] = expected_mask[1, 0] = 0
    np.testing.assert_array_equal(matrix(at, "mask:"), expected_mask)


def test_heads_that_do_not_divide_d_model_fall_back_with_the_foundation_notice(run):
    at = run(heads=3, mask="causal")
    assert_clean(at)
    assert any("heads=3" in w.value and "does not divide" in w.value for w in at.warning)
    assert at.selectbox(key="heads").value == 2
    assert len(head_tables(at)) == 2


def test_switching_the_mask_and_the_query_writes_them_to_the_link(run):
    at = run(mask="none")
    at.radio(key="mask").set_value("padding").run()
    assert_ran(at)
    assert at.query_params["mask"] == "padding" and at.query_params["pad"] == "1"
    weights = matrix(at, "head 1: weights")
    assert np.all(weights[:, 6] == 0.0) and np.all(weights[:, 5] > 0)  # the one ⟨pad⟩ key is blocked, "mat" is not
    at.selectbox(key="query").set_value(2).run()
    assert_ran(at)
    assert at.query_params["query"] == "2"
    res = expected(2, build_mask("padding", 7, n_padded=1), pad=1)
    np.testing.assert_allclose(matrix(at, "“sat” in every head"), res.weights[:, 2, :], **PRINTED)


# ---------------------------------------------------------------- every sentence true in every state


def axis_labels(at, starts_with: str, axis: str) -> list[str]:
    """A table's row labels ("y") or column labels ("x")."""
    _, rows, cols = table_titled(at, starts_with)
    return rows if axis == "y" else cols


def prose(at) -> str:
    """Every sentence and title a learner reads, without the source code of "Show the code"."""
    parts = [str(e.value) for kind in ("markdown", "caption", "info", "warning", "error", "latex", "title",
                                       "header", "subheader") for e in at.get(kind)]
    return "\n".join(parts + [t.caption for t in tables(at)])


def test_head_weight_heatmaps_are_titled_as_weights_not_as_scaled_scores(run):
    at = run(heads=2)
    titles = [t.caption for t in tables(at)]
    assert not any("scaled by" in t for t in titles), titles
    assert any(t.startswith("head 2 weights = softmax(QₕKₕᵀ/√4 + M)") for t in titles), titles


@pytest.mark.parametrize(("params", "head", "columns"), [
    ({"heads": 2, "head": 2}, 2, ["d4", "d5", "d6", "d7"]),
    ({"d_model": 64, "heads": 16, "head": 16}, 16, ["d60", "d61", "d62", "d63"]),
])
def test_each_heads_output_is_labelled_with_the_columns_of_V_it_uses(run, params, head, columns):
    at = run(**params)
    assert axis_labels(at, f"head {head}: head output", "x") == columns
    d_model, heads = params.get("d_model", 8), params["heads"]
    said = on_page(at, say.head_output_caption(head - 1, heads, d_model // heads))
    assert [f"d{c}" for c in said.facts["columns"]] == columns


def test_the_different_keys_sentence_is_said_only_when_the_heads_differ(run):
    at = run(heads=1)
    mask = build_mask("none", 6)
    said = on_page(at, say.where_query_looks(inputs_of().labels, 5, mask, expected(1, mask).weights))
    assert said.facts["agree"] is None  # one head: nothing to compare
    at = run(heads=4, mask="causal", query=0)  # the first token may see only itself
    mask = build_mask("causal", 6)
    said = on_page(at, say.where_query_looks(inputs_of().labels, 0, mask, expected(4, mask).weights))
    assert said.facts["allowed"] == [0] and said.facts["weight"] == 1 and said.facts["agree"] is None
    np.testing.assert_allclose(expected(4, mask).weights[:, 0, 0], 1.0)


def test_padding_appends_pad_tokens_and_never_calls_a_word_padding(run):
    at = run(mask="padding", pad=2)
    labels = axis_labels(at, "mask:", "y")
    assert labels == ["the·0", "cat", "sat", "on", "the·4", "mat", "⟨pad⟩·6", "⟨pad⟩·7"]
    z = matrix(at, "mask:")
    assert [labels[j] for j in range(8) if not z[:, j].any()] == ["⟨pad⟩·6", "⟨pad⟩·7"]
    said = on_page(at, say.padding_caption(6, 2))
    assert [labels[j] for j in said.facts["blocked_key_columns"]] == ["⟨pad⟩·6", "⟨pad⟩·7"]
    at = run(mask="padding", pad=8)
    assert axis_labels(at, "mask:", "y")[-1] == "⟨pad⟩·13"
    at = run(mask="padding", pad=9)
    assert any("pad='9'" in w.value for w in at.warning) and at.select_slider(key="pad").value == 1


def test_sixteen_heads_are_all_named_without_a_trailing_ellipsis(run):
    at = run(d_model=64, heads=16)
    text = prose(at)
    assert "…." not in text and "; …" not in text
    mask = build_mask("none", 6)
    said = on_page(at, say.where_query_looks(inputs_of(64).labels, 5, mask, expected(16, mask, 64).weights))
    assert sorted(said.facts["top"]) == list(range(16)), said  # every head named


def test_the_formula_and_the_mask_cases_are_separate_equations(run):
    """At 390 px one long equation lost "+ M)V", and at 768 px the cases of M_ij: two, the first on two lines."""
    at = run()
    formula, cases = (e.value.strip("$\n") for e in at.latex)
    assert "softmax" in formula and "M_{ij}" not in formula and "\\\\" in formula
    assert cases.startswith("M_{ij}") and "cases" in cases


LONG = " ".join(f"w{i % 20}" for i in range(40))  # 40 words, the page keeps 32


@pytest.mark.parametrize("params", [
    {"text": "hello", "mask": "causal", "heads": 1},
    {"text": "hello", "mask": "padding", "pad": 0},
    {"text": "hello", "mask": "padding", "pad": 8, "heads": 2},
    {"text": "hello", "mask": "custom", "custom": "0"},
    {"text": "hello", "mask": "none", "d_model": 64, "heads": 16},
    {"text": LONG, "mask": "custom", "custom": "-".join(["0" * 32] + ["1" * 32] * 31), "d_model": 64, "heads": 16},
    {"text": LONG, "mask": "padding", "pad": 8, "d_model": 64, "heads": 8},
], ids=["one-token-causal", "one-token-pad0", "one-token-pad8", "one-token-blocked", "one-token-16-heads",
        "32-tokens-custom", "32-tokens-pad8"])
def test_every_sentence_reads_right_at_the_extremes(run, params):
    at = run(**params)
    assert_clean(at)
    text = prose(at)
    assert not BAD_GRAMMAR.search(text), BAD_GRAMMAR.search(text)
    assert "Padded keys" not in text and "not a number" not in text.replace("*not a number*", "")


# ---------------------------------------------------------------- predict, then see; the route; the toggles

CP = "masks_see"  # section 2's question: which keys may “sat”, the third token, see?


def test_the_figures_wait_for_a_prediction_about_the_third_token(run):
    at = run(reveal=0)
    assert at.radio(key=f"{CP}_value").value is None
    assert "Under the causal mask, which keys can “sat”, the third token, see?" in all_text(at)
    assert not tables(at)  # section 3's heads show the mask's rows too: they wait with section 2's (issue 23)
    assert "Both heads' weights appear here once you answer the question in section 2" in all_text(at)


def test_a_right_prediction_is_confirmed_from_the_mask(run):
    at = run(reveal=0)
    at.radio(key=f"{CP}_value").set_value(("the·0", "cat", "sat"))
    at.button(key=f"{CP}_check").click().run()
    assert_ran(at)
    mask = build_mask("causal", 6)
    said = say.see_why(inputs_of().labels, mask, 2, 6, expected(2, mask).weights, (0, 1, 2))
    assert said.text in " ".join(s.value for s in at.success), said.text
    assert said.facts["visible"] == [0, 1, 2] == list(np.flatnonzero(matrix(at, "mask:")[2]))  # the table above it
    assert np.all(matrix(at, "head 1: weights")[2, 3:] == 0.0)
    assert len(head_tables(at)) == 2  # and section 3's heads, once answered


def test_a_wrong_prediction_says_what_it_missed_and_still_shows_the_answer(run):
    at = run(reveal=0)
    at.radio(key=f"{CP}_value").set_value(("the·0", "cat"))
    at.button(key=f"{CP}_check").click().run()
    assert_ran(at)
    mask = build_mask("causal", 6)
    said = say.see_why(inputs_of().labels, mask, 2, 6, expected(2, mask).weights, (0, 1))
    assert said.text in " ".join(w.value for w in at.warning), said.text
    assert said.facts["missing"] == [2] and said.facts["extra"] == []  # “sat” itself
    assert table(at, "mask:") and not at.success


def test_show_me_reveals_the_answer_without_a_verdict(run):
    at = run(reveal=0, mask="none")
    at.button(key=f"{CP}_skip").click().run()
    assert_ran(at)
    mask = build_mask("none", 6)
    said = say.see_why(inputs_of().labels, mask, 2, 6, expected(2, mask).weights)
    assert said.text in " ".join(i.value for i in at.info), said.text
    assert said.facts["visible"] == list(range(6)) and said.facts["rule"] == "all"
    assert not at.success and "Not quite" not in all_text(at)
    assert table(at, "mask:")


def test_the_question_follows_a_short_sentence_and_padding(run):
    at = run(reveal=0, text="hi there", mask="padding", pad=2)
    assert "Under the padding mask, with 2 ⟨pad⟩ tokens after your sentence, which keys can “there”, the " \
           "second token, see?" in all_text(at)
    options = at.radio(key=f"{CP}_value").options
    assert "“hi” and “there”" in options and len(options) == len(set(options))


# ---------------------------------------------------------------- issue 23: a prediction belongs to its question


def answer(at, keys: tuple[str, ...]):
    """Pick the key set `keys` (labels) and check it; the run after the click shows the stored guess."""
    at.radio(key=f"{CP}_value").set_value(keys)
    at.button(key=f"{CP}_check").click().run()
    assert_ran(at)
    return at.run()


def verdicts(at) -> list[str]:
    return [e.value for e in (*at.success, *at.warning) if e.value.startswith(("**Right.**", "**Not quite.**"))]


def assert_open(at, question: str):
    """Asked afresh: no stored guess, no verdict, nothing picked, and no table (each would show the mask)."""
    text = all_text(at)
    assert f"**Predict first.** {question}" in text and "Your prediction" not in text
    assert not verdicts(at) and at.radio(key=f"{CP}_value").value is None and not tables(at)


@pytest.mark.parametrize(("change", "question"), [
    (lambda at: at.radio(key="mask").set_value("none"), "With no mask, which keys can “sat”, the third token, see?"),
    (lambda at: at.text_area(key="text").set_value("a dog ran home"),
     "Under the causal mask, which keys can “ran”, the third token, see?"),
    (lambda at: at.radio(key="mask").set_value("padding"),
     "Under the padding mask, with 1 ⟨pad⟩ token after your sentence, which keys can “sat”, the third token, see?"),
], ids=["mask", "sentence", "padding"])
def test_a_new_mask_or_sentence_opens_the_question_again_with_no_verdict(run, change, question):
    at = answer(run(reveal=0), ("the·0", "cat", "sat"))
    assert "Your prediction: **“the·0”, “cat” and “sat”**" in all_text(at) and verdicts(at)
    change(at).run()
    assert_ran(at)
    assert_open(at, question)


def test_a_new_pad_count_opens_it_again_but_the_same_mask_again_keeps_the_answer(run):
    at = answer(run(reveal=0, mask="padding", pad=1), ("the·0", "cat", "sat", "on", "the·4", "mat"))
    assert verdicts(at)[0].startswith("**Right.**")
    at.select_slider(key="pad").set_value(2).run()
    assert_open(at, "Under the padding mask, with 2 ⟨pad⟩ tokens after your sentence, which keys can “sat”, the third "
                    "token, see?")


@pytest.mark.parametrize("move", [{"seed": 5}, {"heads": 4}, {"d_model": 16}])
def test_what_only_moves_the_weights_keeps_the_reveal_and_checks_it_again(run, move):
    at = answer(run(reveal=0), ("the·0", "cat"))
    assert verdicts(at)[0].startswith("**Not quite.**")
    (name, value), = move.items()
    widget = {"seed": at.number_input, "heads": at.selectbox, "d_model": at.select_slider}[name]
    widget(key=name).set_value(value).run()
    assert_ran(at)
    text = all_text(at)
    assert "Your prediction: **“the·0” and “cat”**" in text and "checked against the numbers on the page now" in text
    assert len(verdicts(at)) == 1 and verdicts(at)[0].startswith("**Not quite.** You left out “sat” itself")
    heads = at.selectbox(key="heads").value
    every = "its one head" if heads == 1 else "both heads" if heads == 2 else f"all {heads} heads"
    assert every in verdicts(at)[0]  # the verdict is worked out again for the heads now on the page
    assert len(head_tables(at)) == heads


@pytest.mark.parametrize("params", [{"mask": "causal"}, {"mask": "none", "heads": 4}, {"mask": "padding", "pad": 3},
                                    {"mask": "custom", "custom": "111111-111111-000000-111111-111111-111111",
                                     "average": 1}])
def test_while_the_question_is_open_no_table_or_sentence_shows_its_row(run, params):
    at = run(reveal=0, **params)
    assert at.radio(key=f"{CP}_value").value is None
    assert not tables(at) and not figures(at)  # the mask, its scores, every head's weights, the average
    text = all_text(at)
    assert "Row “sat” of the mask" not in text and "may attend to no key" not in text and "looks most" not in text
    assert not [t for t in at.toggle if t.key == "average"]


# ---------------------------------------------------------------- issue 23: the convention, the phone, the budget


def test_the_mask_grid_names_its_convention_beside_the_formula(run):
    at = run()
    (convention,) = [c.value for c in at.caption if "1 = may attend" in c.value]
    assert "the formula's M adds 0 there and −∞ elsewhere" in convention
    assert table(at, "mask: 1 = query may attend to key, 0 = blocked")
    blocks = [e.type for e in at.main]
    assert blocks.index("latex") < blocks.index("caption")  # under the two equations, before section 1


@pytest.mark.parametrize(("text", "scrolls"), [(TEXT, True), ("hi there", False)])
def test_a_custom_grid_wider_than_a_phone_says_it_scrolls_in_its_own_box(run, text, scrolls):
    at = run(mask="custom", text=text)
    said = " ".join(c.value for c in at.caption)
    assert "Tick a box to let that query (row) attend to that key (column)" in said
    assert ("scrolls sideways inside its own box" in said) == scrolls


def test_masks_and_heads_reads_in_its_budget_with_the_picture_on_the_first_screen(run):
    from tests.lesson_length import PAGE_WORDS, WORDS_BEFORE_PICTURE, reading

    words, before = reading(run())
    assert words <= PAGE_WORDS and before is not None and before <= WORDS_BEFORE_PICTURE, (words, before)
    words, before = reading(run(reveal=0))  # the question opens the picture
    assert before <= WORDS_BEFORE_PICTURE


def test_the_page_ends_with_next_and_back_along_the_route(run):
    at = run()
    links = [el.proto.label for el in at.get("page_link")]
    assert any(label.startswith("Next: ") for label in links) and any(label.startswith("Back: ") for label in links)


def test_the_head_average_is_drawn_only_when_asked_for(run):
    at = run(heads=2)
    assert not [t for t in tables(at) if t.caption.startswith("average over")]
    at.toggle(key="average").set_value(True).run()
    assert_ran(at)
    assert table(at, "average over the 2 heads") and at.query_params["average"] == "1"


def test_choosing_another_head_redraws_its_steps(run):
    at = run(heads=2)
    at.selectbox(key="head").set_value(2).run()
    assert_ran(at)
    res = expected(2, build_mask("causal", 6))
    np.testing.assert_allclose(matrix(at, "head 2: weights"), res.weights[1], **PRINTED)
    assert [m.value for m in at.markdown if "Step by step" in m.value] == ["**Step by step in head 2 of 2**"]
    assert at.query_params["head"] == "2"


def test_every_matrix_is_a_table_and_no_chart_is_left(run):
    """Issue 21 (speed): no Plotly chart on this page, every matrix a table and none drawn twice; no hidden
    chart text and no "Show the numbers as a table" switch."""
    at = run(heads=2)
    assert not figures(at) and not [t for t in at.toggle if "table" in t.label]
    captions = [t.caption for t in tables(at)]
    assert len(captions) == 8 == len(set(captions))  # four steps, the layer output, two heads, one query
    at = run(d_model=64, heads=8)
    assert not figures(at) and len(head_tables(at)) == 8


def test_a_token_that_is_markdown_is_printed_in_the_question_and_its_answers(run):
    at = run(reveal=0, text="a * $ b")
    question = next(m.value for m in at.markdown if m.value.startswith("**Predict first.**"))
    assert "“\\$”, the third token" in question  # escaped: printed as $, not read as the start of LaTeX
    options = at.radio(key=f"{CP}_value").options
    assert "“a”, “\\*” and “\\$”" in options


def page_code(at) -> str:
    """The code under "Show the code": the notebook's code cells, joined."""
    (code,) = [c.value for c in at.code if "import numpy as np" in c.value]
    return code


def test_show_the_code_is_the_notebook_for_the_head_and_query_shown_and_runs(run):
    at = with_code(run(heads=4, mask="padding", pad=2))
    at.selectbox(key="head").set_value(3).run()  # reruns the steps and the notebook (AppTest keeps only those)
    assert "(head 3)" in page_code(at)
    at.run()  # the whole page again, as the browser shows it
    at.selectbox(key="query").set_value(1).run()
    assert "i = 1  # the query" in page_code(at)
    at.run()
    code = page_code(at)
    assert "h = 2  # the head the page shows step by step (head 3)" in code and "i = 1  # the query" in code
    scope: dict = {}
    exec(code, scope)  # noqa: S102 - the page's own generated code
    assert len(scope["labels"]) == 8 and scope["labels"][-1].startswith("⟨pad⟩")  # the padding reached the code
    np.testing.assert_allclose(scope["weights"][2], matrix(at, "head 3: weights"), **PRINTED)
    (button,) = at.get("download_button")
    assert button.proto.label == "Download as a notebook"


def test_a_custom_grid_reaches_the_code_as_the_page_uses_it(run):
    at = with_code(run(mask="custom", custom="100000-110000-000000-111100-111110-111111"))
    scope: dict = {}
    exec(page_code(at), scope)  # noqa: S102 - the page's own generated code
    assert not scope["mask"][2].any() and np.all(scope["weights"][:, 2] == 0)  # the blocked row: zeros, not NaN


def test_wide_inputs_put_the_code_behind_a_toggle(run):
    at = run(text=" ".join(f"w{i}" for i in range(32)), d_model=64, heads=8)
    assert not [c for c in at.code if "import numpy as np" in c.value]
    at.toggle(key="show_code").set_value(True).run()
    assert "W_O = np.array" in page_code(at)


def test_the_query_asked_about_is_outlined_in_its_steps(run):
    """Issue 21: the row the prediction asked about (“sat”) is outlined in each step; the layer output outlines a
    query that may see no key, and here there is none."""
    at = run(mask="causal")
    for prefix in ("mask:", "head 1: masked scores", "head 1: weights", "head 1: head output"):
        assert outlined(table(at, prefix)) == ["sat"], prefix
    assert outlined(table(at, "output = concat")) == []


def test_one_column_a_head_reads_as_one_column(run):
    """Issue 22, ?d_model=12&heads=12: "12 / 12 = 1 columns"."""
    at = run(d_model=12, heads=12)
    assert on_page(at, say.heads_caption(12, 12)).facts["d_k"] == 1
    assert on_page(at, say.several_heads_intro(12, 12)).facts["d_k"] == 1
    assert on_page(at, say.head_output_caption(0, 12, 1)).facts["columns"] == [0]
    assert not BAD_GRAMMAR.search(prose(at)), BAD_GRAMMAR.search(prose(at))  # no "1 columns"


def test_a_query_that_may_see_no_key_is_a_deep_dive_open_only_when_one_may_not(run):
    """Issue 23's 30-minute core: the −10⁶ story is folded while every query may see some key."""
    (folded,) = [e for e in run().expander if e.label == "A query that may see no key"]
    assert not folded.proto.expanded and "No query is fully blocked right now" in folded.markdown[0].value
    grid = "111111-000000-111111-111111-111111-111111"
    at = run(mask="custom", custom=grid)
    (opened,) = [e for e in at.expander if e.label == "A query that may see no key"]
    mask = attn_core.masks.parse_mask(grid)
    said = say.blocked_rows_info(inputs_of().labels, mask, expected(2, mask).weights, expected(2, mask).output)
    assert opened.proto.expanded and opened.info[0].value == said.text and said.facts["rows"] == [1]


def test_while_the_heads_wait_the_notebook_keeps_the_query_the_link_gives_or_the_last_word(run):
    at = with_code(run(reveal=0))
    assert "i = 5  # the query the page shows: 'mat'" in page_code(at) and at.query_params["query"] == "5"
    at = with_code(run(reveal=0, query=1))
    assert "i = 1  # the query the page shows: 'cat'" in page_code(at)


# ---------------------------------------------------------------- a link reproduces its view, however one arrives


@pytest.mark.parametrize(("before", "reveal"), [
    ((), 1),
    (("streamlit_app.py",), 1),
    (("streamlit_app.py",), 0),
    (("streamlit_app.py", named("scaling").path), 0),
    (((PAGE, {"query": 3}), named("scaling").path), 0),
], ids=["cold", "after-home", "after-home-question-open", "after-home-then-scaling", "back-again"])
def test_a_link_to_a_query_opens_on_that_token_however_one_arrives(before, reveal):
    """?query=5 shows “mat” in the query box, also after Home, whose own query box has the same key `query`. With
    the question open, the link's token waits for the answer: the box drawn then gets it, not its first option, and
    the browser is told which label to show."""
    at = None
    for page, params in ((p, {}) if isinstance(p, str) else p for p in before):  # pages seen before, each drawn
        at = navigate(at, page, reveal=1, **params) if at is not None else run_page(page, reveal=1, **params)
    if at is not None:
        at.toggle(key="reveal").set_value(False).run()  # the predictions back on: a learner's session
    query = {"query": 5, "reveal": 1} if reveal else {"query": 5}
    at = navigate(at, PAGE, **query) if at is not None else run_page(PAGE, **query)
    assert_ran(at)
    if not reveal:
        at.button(key=f"{CP}_skip").click().run()
        assert_ran(at)
    (box,) = [s for s in at.selectbox if s.key == "query"]
    assert box.value == 5 and at.query_params["query"] == "5"
    assert box.proto.set_value and box.proto.raw_value == "mat"  # what the browser shows, not only the server
    assert table(at, "“mat” in every head")


# ---------------------------------------------------------------- this page's grid is its own; links keep custom=

MISTAKES = named("mask_mistakes").path  # the other page with a custom grid (a text box of 0s and 1s there)
OLD_LINK = {"mask": "custom", "custom": "100000-110000-011000-111100-000000-111111"}  # a link shared before
EVERY_PAIR = "-".join(["111111"] * 6)


def grid_of(encoded: str) -> np.ndarray:
    return np.array([[c == "1" for c in row] for row in encoded.split("-")], dtype=float)


@pytest.mark.parametrize("page", [PAGE, MISTAKES])
def test_an_old_link_with_custom_opens_the_same_grid_on_both_pages(page):
    at = run_page(page, reveal=1, **OLD_LINK)
    assert_ran(at)
    assert at.query_params["custom"] == OLD_LINK["custom"]
    if page == PAGE:
        np.testing.assert_array_equal(matrix(at, "mask:"), grid_of(OLD_LINK["custom"]))
        assert f"`{OLD_LINK['custom']}`" in all_text(at)  # the caption that says where the link keeps the grid
    else:
        assert at.text_input(key="custom").value == OLD_LINK["custom"]


def test_editing_this_grid_leaves_the_mask_mistakes_grid_as_its_own_link_says():
    at = run_page(PAGE, reveal=1, **OLD_LINK)
    at.button(key="preset_none").click().run()  # this page's grid: every pair blocked, then one box ticked
    (editor,) = [e.key for e in at.data_editor if e.key.startswith("masks_custom_editor_")]
    at.session_state[editor] = {"edited_rows": {2: {"cat": True}}, "added_rows": [], "deleted_rows": []}
    at.run()
    assert_ran(at)
    assert at.query_params["custom"] == "000000-000000-010000-000000-000000-000000"
    navigate(at, MISTAKES, mask="custom")  # a link without custom=: that page's default grid
    assert at.text_input(key="custom").value == EVERY_PAIR and at.query_params["custom"] == EVERY_PAIR
    navigate(at, PAGE, mask="custom")  # and back: this page's grid as its link says too
    np.testing.assert_array_equal(matrix(at, "mask:"), np.ones((6, 6)))
    at.button(key="preset_causal").click().run()
    navigate(at, MISTAKES, **OLD_LINK)
    assert at.text_input(key="custom").value == OLD_LINK["custom"]


@pytest.mark.parametrize("params, rule", [
    ({"mask": "none"}, "all"),
    ({"mask": "causal"}, "upto"),
    ({"mask": "padding", "pad": "0"}, "all"),
    ({"mask": "padding", "pad": "2"}, "real"),
    ({"mask": "custom", "grid": "111-111-111"}, "all")])
def test_the_last_word_of_a_short_sentence_is_explained_by_its_own_masks_rule(run, params, rule):
    """'a b c': the third token is the last word, so the row with no mask, the causal row and the padding row hold
    the same keys; the reveal still names the rule of the mask chosen (issue 30, item 9: it said the causal rule)."""
    at = run(reveal=0, text="a b c", **params)
    at.button(key=f"{CP}_skip").click().run()
    assert_ran(at)
    pad = int(params.get("pad", 0))
    inputs = inputs_of(pad=pad, text="a b c")
    mask = (attn_core.masks.parse_mask(params["grid"]) if params["mask"] == "custom" else
            build_mask(params["mask"], 3 + pad, n_padded=pad))
    w = inputs.weights
    res = attn_core.multi_head_attention(inputs.X, w.W_Q, w.W_K, w.W_V, 2, w.W_O, mask)
    said = say.see_why(inputs.labels, mask, 2, 3, res.weights)
    assert " ".join(i.value for i in at.info).count(said.text) == 1, said.text
    assert said.facts["visible"] == [0, 1, 2] and said.facts["rule"] == rule


# ---------------------------------------------------------------- issue 36, item 14: no answer above its question


@pytest.mark.parametrize("link", [{"mask": "causal"}, {"mask": "none"}, {"mask": "padding", "pad": "3"},
                                  {"mask": "padding", "pad": "0"}], ids=lambda v: "&".join(f"{k}={v[k]}" for k in v))
def test_while_it_asks_no_label_or_caption_says_which_keys_and_after_it_does(run, link):
    from attn_lessons.masks import SEE

    from tests.apptest_utils import screen_text

    at = run(reveal=0, **link)
    assert at.radio(key=f"{CP}_value").value is None  # the question is open
    state = dict(at.session_state.items())
    declared = SEE.answer_strings(state)
    assert declared and at.query_params["mask"] == link["mask"]  # the link's mask is kept as it was written
    shown = screen_text(at)
    assert not [s for s in declared if s in shown], [s for s in declared if s in shown]
    at.button(key=f"{CP}_skip").click().run()  # Show me
    assert_ran(at)
    shown = screen_text(at)
    assert [s for s in declared if s in shown], declared  # the caption and the verdict now say it
    if link.get("pad") == "3":
        assert "the last 3 key columns are blocked" in shown
        mask = build_mask("padding", 9, n_padded=3)
        assert list(np.flatnonzero(~mask.any(axis=0))) == [6, 7, 8]  # what that caption claims, from attn_core


# ---------------------------------------------------------------- issue 40: the page in Simplified Chinese

ZH_TEXT = "猫 坐 在 垫 子 上"  # six tokens under either tokenizer: one per Han character


def zh_states():
    """The defaults and the route entry's two example links, as query parameters, with a Chinese sentence where
    the link names none (the page's default sentence is the language's)."""
    links = [dict(p.split("=", 1) for p in link.split("&")) for link in named("masks").examples]
    return [{"text": ZH_TEXT}, *({"text": ZH_TEXT} | link for link in links)]


def assert_all_chinese(at, text: str):
    from tests.prose import english_runs
    from tests.apptest_utils import screen_text

    runs = english_runs(_no_cells(screen_text(at)), allowed=(text,))
    assert not runs, runs


def _no_cells(screen: str) -> str:
    """The screen without the matrix tables' cells and headers: tokens of the learner's sentence and numbers (NaN
    among them), which sit side by side once the markup is dropped; the tables' titles and captions stay."""
    import re

    return re.sub(r"<t[hd]\b[^>]*>[^<]*", " ", screen)  # a cell runs to the next tag (closing tags are left out)


@pytest.mark.parametrize("params", zh_states(), ids=["defaults", "example-1", "example-2"])
def test_the_page_reads_in_chinese_asked_and_answered(params):
    """With ?lang=zh-CN the page shows no English run of four words or more, with the question open, then answered
    (the third token's real keys, each state's right answer) with the heads' average on, and the verdict it shows
    is the one see_why builds in Chinese, with the same facts as in English."""
    from attn_core.masks import checkpoint_token, parse_mask
    from attn_lessons import i18n
    from attn_lessons.asked import labels_of

    text = params["text"]
    labels = labels_of({"text": text})
    i = checkpoint_token(len(labels))
    heads = int(params.get("heads", 2))
    kind = params.get("mask", "causal")
    pad = int(params.get("pad", 0)) if kind == "padding" else 0
    inputs = inputs_of(int(params.get("d_model", 8)), pad, text)
    n = len(inputs.labels)
    mask = parse_mask(params["custom"]) if kind == "custom" else build_mask(kind, n, n_padded=pad)
    w = inputs.weights
    weights = attn_core.multi_head_attention(inputs.X, w.W_Q, w.W_K, w.W_V, heads, w.W_O, mask).weights
    en = say.see_why(inputs.labels, mask, i, n - pad, weights, tuple(range(i + 1)))
    try:
        i18n.use("zh-CN")  # AppTest formats a widget's options (format_func) in the test's own thread
        at = run_page(PAGE, lang="zh-CN", reveal=0, **params)
        assert_ran(at)
        assert_all_chinese(at, text)
        at.radio(key=f"{CP}_value").set_value(tuple(labels[: i + 1]))
        at.button(key=f"{CP}_check").click().run()
        assert_ran(at)
        at.toggle(key="average").set_value(True).run()
        assert_ran(at)
        assert at.success and not at.warning  # right: the first three keys in each of these states
        assert_all_chinese(at, text)
        zh = say.see_why(inputs.labels, mask, i, n - pad, weights, tuple(range(i + 1)))
    finally:
        i18n.use("en")
    assert zh.facts == en.facts and zh.facts["visible"] == list(range(i + 1))
    assert zh.text in " ".join(s.value for s in at.success), zh.text
    assert "“" in zh.text and not english_words(zh.text)


def english_words(text: str) -> list[str]:
    """The English words of a sentence, leaving out the tokens (quoted), code and the filler's label."""
    return re.findall(r"\b[a-z]{3,}\b", re.sub(r"“[^”]*”|`[^`]*`|⟨pad⟩", " ", text))
