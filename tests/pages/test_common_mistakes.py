"""The Common mistakes page through AppTest: right and wrong twins, the heads cases, and the quiz."""

from attn_ui.pages import named
import inspect
import re
from urllib.parse import parse_qsl

import numpy as np
import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

import attn_core
from attn_core import mistakes as mk
from attn_lessons import mask_mistakes as mask_words
from attn_lessons import mistakes as say
from attn_lessons.format import enough
from attn_ui.pages import page_of
from tests.apptest_utils import all_text, run_page, table_markups, table_titled, tables
from tests.apptest_utils import with_code
from tests.apptest_utils import figures as charts
from tests.html_tables import Table
from tests.lessons.test_mistakes import page_sentences

PAGE = named("mistakes").path


def open_page(**query_params) -> AppTest:
    """Open the page cold from a link, inside the app, as a visitor arriving by URL would, with the predictions
    skipped (reveal=1), so that everything waiting for section 1's is drawn: the quiz, the code, the axis's checks."""
    return run_page(PAGE, **({"reveal": 1} | query_params))


def open_asking(**query_params) -> AppTest:
    """Open the page as a learner does, section 1's question open."""
    return run_page(PAGE, **query_params)


def on_page(at, said):
    """A Said that attn_lessons built from attn_core's numbers for this state: its text is on the page as it is."""
    assert said.text in all_text(at), said.text
    return said


def sentences(d_model: int = 8, heads: int = 2, text: str = "the cat sat on the mat", seed: int = 0) -> dict:
    """Every Said the page builds for this state, from attn_core's numbers (tests/lessons/test_mistakes.py)."""
    return page_sentences(text, seed, d_model, heads)["said"]


def qkv(text="the cat sat on the mat", seed=0, d_model=8):
    inp = attn_core.build_inputs(text, seed, d_model)
    w = inp.weights
    return inp, inp.X @ w.W_Q, inp.X @ w.W_K, inp.X @ w.W_V


DECIMALS = 2  # every matrix table on the page prints its values with two decimals
ATOL = 0.5 * 10**-DECIMALS  # a printed value is within this of the true one


def captions(at) -> list[str]:
    """Every matrix table's caption (title and shape), top to bottom."""
    return [t.caption for t in tables(at)]


def matrix(at, starts_with: str) -> np.ndarray:
    """The values, as printed, of the one table whose caption starts with `starts_with`."""
    return table_titled(at, starts_with)[0]


def bodies(at, starts_with: str) -> list[str]:
    """The markup of every table whose caption starts with `starts_with`, top to bottom."""
    return [markup for markup in table_markups(at) if Table(markup).caption.startswith(starts_with)]


LEGEND = re.compile(r"<p class=lg><span>([^ <]+) (?:<i class=\w></i>)+ ([^ <]+)</span>")


def scale_ends(markup: str) -> tuple[str, str]:
    """The colour scale's two ends as a table's legend prints them: twins given one zmax print the same ends."""
    return LEGEND.search(markup).groups()


def outlined_rows(markup: str) -> list[int]:
    """The body rows a table outlines (its highlight_row), counted from 0."""
    return [i for i, row in enumerate(Table(markup).body) if row["cls"] == "H"]


def test_defaults_show_each_mistake_beside_the_right_one():
    at = open_page(reveal=1)  # every checkpoint answered at once: the sums and outputs behind it are drawn
    at.toggle(key="scale_outputs").set_value(True)  # and the details behind the toggles
    at.toggle(key="swap_weights").set_value(True)
    at.run()
    assert not at.exception, at.exception[0].value if at.exception else ""
    _, Q, K, V = qkv()
    right = attn_core.scaled_dot_product_attention(Q, K, V)

    wrong_w = matrix(at, "WRONG: softmax over queries")
    n = len(wrong_w)  # a sum of n printed values is within n · ATOL of the true sum
    np.testing.assert_allclose(wrong_w.sum(axis=0), 1, atol=n * ATOL)  # the telltale: columns sum to 1 …
    assert np.abs(wrong_w.sum(axis=1) - 1).max() > 0.05 + n * ATOL  # … and rows do not
    np.testing.assert_allclose(matrix(at, "right: softmax over keys"), right.weights, atol=ATOL)

    right_sums, wrong_sums = sums_tables(at)
    assert right_sums["token"].tolist() == ["the·0", "cat", "sat", "on", "the·4", "mat"]
    np.testing.assert_allclose(wrong_sums["row sum"], wrong_w.sum(axis=1), atol=n * ATOL)
    np.testing.assert_allclose(right_sums["row sum"], 1)
    np.testing.assert_allclose(wrong_sums["column sum"], 1)
    # narrow enough for a phone: no table of words and sums on the page has more than three columns
    assert not at.dataframe and len(checks_table(at).reset_index().columns) == 3
    assert all(len(df.columns) == 3 for df in (right_sums, wrong_sums))

    swapped = matrix(at, "WRONG: scores KQᵀ")
    np.testing.assert_allclose(swapped, matrix(at, "right: scores QKᵀ").T)  # printed alike: each is the other's cell
    np.testing.assert_allclose(matrix(at, "WRONG: output = weights·K"), right.weights @ K, atol=ATOL)

    # twins share one colour scale, so right and wrong can be compared by eye
    for right_title, wrong_title in [("right: output = weights·V", "WRONG: output, axis 0"),
                                     ("right: scores QKᵀ", "WRONG: scores KQᵀ")]:
        r, w = bodies(at, right_title)[0], bodies(at, wrong_title)[0]
        assert scale_ends(r) == scale_ends(w)
        low, high = (float(e.replace("−", "-")) for e in scale_ends(w))
        assert low == -high and high >= np.abs(matrix(at, wrong_title)).max()

    # every wrong table says so first in its caption; the right ones never do
    titles = captions(at)
    assert sum(t.startswith("WRONG:") for t in titles) == 10, titles  # 2 axis-0, 4 scale, 2 swap, V as K, K as V
    assert not any("WRONG" in t and "right" in t for t in titles)
    assert "check that each row of your weights sums to 1" in all_text(at)


@pytest.mark.parametrize("heads", [1, 2, 4])
def test_the_wrong_scale_with_heads(heads):
    at = open_page(heads=heads)
    assert not at.exception, at.exception[0].value if at.exception else ""
    text = all_text(at)
    titles = captions(at)
    metrics = {}
    for m in at.metric:  # the metrics come in (entropy, largest weight) pairs, one pair per scale, left to right
        metrics.setdefault(m.label, []).append(float(m.value.replace("−", "-")))
    notes = sentences(heads=heads)["scale_notes"]
    for note in notes:
        on_page(at, note)
    if heads == 1:
        assert [n.facts for n in notes] == [{"mistake": "sqrt_d_model", "gives_right_weights": True,
                                            "divisor": 8 ** 0.5}]  # √d_model is √d_k: nothing to show
        # no false difference drawn: nothing divided by √d_model = √8 is called wrong, as √8 is √d_k here
        assert not any(t.startswith("WRONG") and "√8" in t for t in titles), titles
        assert "right: ÷ √8  (6 × 6)" in titles
        H_none, H_right = metrics["mean row entropy (nats)"]
        assert H_none < H_right
        return
    inp, *_ = qkv()
    w = inp.weights
    mha = attn_core.multi_head_attention(inp.X, w.W_Q, w.W_K, w.W_V, heads)
    flat = mk.scale_by_sqrt_d_model(mha.Q_heads, mha.K_heads, mha.V_heads, 8)
    np.testing.assert_allclose(matrix(at, "WRONG: ÷ √8"), flat.weights[0], atol=ATOL)
    np.testing.assert_allclose(matrix(at, f"right: ÷ √{8 // heads}"), mha.weights[0], atol=ATOL)
    H_none, H_dmodel, H_right = metrics["mean row entropy (nats)"]
    top_none, top_dmodel, top_right = metrics["mean largest weight"]
    assert H_none < H_right < H_dmodel  # the two mistakes push in opposite directions
    assert top_none > top_right > top_dmodel
    assert on_page(at, sentences(heads=heads)["diagnostic"]).facts["d_k"] == mha.Q_heads.shape[-1] == 8 // heads
    assert not notes and text  # both wrong scales are drawn: no note says one gives the right weights


def test_quiz_right_and_wrong_answers():
    at = open_page(quiz=5)
    assert at.number_input(key="quiz").value == 5
    pool = [m.name for m in mk.quiz_pool(8, 4)]  # the defaults: d_model 8, 2 heads of d_k 4
    secret = mk.draw_mistake(5, pool)
    inp, *_ = qkv()
    mystery = mk.BY_NAME[secret].run(*mk.quiz_qkv(inp.X, 0, 5, 2), 8)  # the quiz's own numbers for question 5
    np.testing.assert_allclose(matrix(at, "mystery: head 1 weights"), mystery.weights[0], atol=ATOL)
    np.testing.assert_allclose(matrix(at, "mystery: output"), attn_core.merge_heads(mystery.output), atol=ATOL)

    at.radio(key="quiz_answer").set_value(secret)
    at.button(key="quiz_check").click().run()
    assert not at.exception
    assert len(at.success) and at.success[-1].value.startswith("Right")
    assert not at.error

    wrong = next(name for name in pool if name != secret)
    at.radio(key="quiz_answer").set_value(wrong)
    at.button(key="quiz_check").click().run()
    assert len(at.error) and "Not this time" in at.error[0].value
    assert say.mistake_label(secret)[1:] in at.error[0].value  # named without a capital at the start
    assert say.mistake_label(wrong)[1:] in at.error[0].value
    assert not any(s.value.startswith("Right") for s in at.success)


def test_new_question_rolls_the_seed_into_the_url_and_clears_the_answer():
    at = open_page()
    at.radio(key="quiz_answer").set_value("axis0")
    at.button(key="quiz_new").click().run()
    assert at.number_input(key="quiz").value == 1
    assert at.query_params["quiz"] in ("1", ["1"])
    assert at.radio(key="quiz_answer").value is None
    at.button(key="quiz_check").click().run()
    assert any("Pick one of the mistakes" in w.value for w in at.warning)


def test_one_token_says_what_to_do_instead_of_drawing():
    at = open_page(text="hello")
    assert not at.exception
    assert any("at least two" in w.value for w in at.warning)
    assert not tables(at) and not charts(at)


def wrong_scale_intro(at) -> str:
    """Section 2's words on the divisors: the fold under its tables, which opens with the visible sentence."""
    (fold,) = [e for e in at.expander if e.label == say.MEASURES_MEAN]
    return next(m.value for m in fold.markdown if m.value.startswith(("Split into", "With one head")))


def test_intro_divides_by_the_square_roots():
    """Item 16: the intro spoke of 'dividing by d_model' where it means √d_model."""
    text = all_text(open_page())
    assert "dividing by √d_model instead of √d_k" in text
    assert "by d_model" not in text


def test_the_role_mix_ups_say_when_they_break_and_show_the_shape_test():
    """Item 15: swapping Q and K only renames W_Q and W_K when training from scratch; it fails with
    cross-attention shapes (shown live on the sentence); V as K and K as V tie two weight matrices."""
    at = open_page()
    text = all_text(at)
    assert "**Self-attention you train from scratch:** nothing breaks" in text
    assert "W_Q and W_K trading names" in text
    cross = on_page(at, sentences()["cross"])
    _, Q, K, V = qkv()
    assert cross.facts["right_weights"] == (Q[:3] @ K.T).shape and cross.facts["right_output"] == (3, 4)
    assert cross.facts["swapped_output"] is None  # K Qᵀ is 6 × 3, V is 6 × 4: numpy refuses
    with pytest.raises(ValueError):
        (K @ Q[:3].T) @ V[:, :4]
    assert "this ties W_K to W_V" in text and "this ties W_V to W_K" in text
    assert "def known_answer_test(attention)" in text and "assert out.shape == (3, 4)" in text
    table = next(t.value for t in at.table if "mistake" in t.value.columns).set_index("mistake")
    assert list(table.columns) == ["row sums", "shapes", "known answer"]
    assert table.loc["Q and K swapped"].tolist() == ["missed", "caught", "caught"]
    assert table.loc["Softmax over the wrong axis (the queries, axis 0)"].tolist() == ["caught", "missed", "caught"]
    assert "no longer ask" not in text.replace("no longer asking", "")  # the old, unqualified claim is gone


@pytest.mark.parametrize("query", [{}, {"heads": 1}, {"heads": 8, "d_model": 8}, {"d_model": 64, "heads": 8}])
def test_scale_words_come_from_the_numbers(query):
    """Item 17: 'flatter' and 'more peaked' only where the entropies say so; no 'too flat' typed in for one state."""
    at = open_page(**query)
    d_model, heads = int(query.get("d_model", 8)), int(query.get("heads", 2))
    inp = attn_core.build_inputs("the cat sat on the mat", 0, d_model)
    QKV = [attn_core.split_heads(M, heads) for M in attn_core.project(inp)]
    H = {name: np.mean(attn_core.row_entropy(r.weights)) for name, r in
         [("right", mk.correct_attention(*QKV)), ("no_scale", mk.no_scale(*QKV)),
          ("sqrt_d_model", mk.scale_by_sqrt_d_model(*QKV, d_model))]}
    intro, text = wrong_scale_intro(at), all_text(at)
    assert "too flat" not in text and "too peaked" not in text and "With several heads" not in text
    said = sentences(d_model, heads)["scale_intro"]
    assert said.text == intro
    shown = said.facts["mistakes"]
    assert ("sqrt_d_model" in shown) == (heads > 1)  # with one head √d_model is √d_k: nothing to say
    assert ("no_scale" in shown) == (d_model // heads > 1)  # with d_k = 1, dividing by 1 is right
    if heads > 1:
        assert H["sqrt_d_model"] > H["right"] + 1e-3 and shown["sqrt_d_model"]["flatness"] == "flatter"
    if d_model // heads > 1:
        assert H["no_scale"] < H["right"] - 1e-3 and shown["no_scale"]["flatness"] == "more peaked"


@pytest.mark.parametrize("query", [{"heads": 1}, {"heads": 8, "d_model": 8}])
def test_counts_read_as_words(query):
    """Item 18: '1 heads', 'all 1 heads', 'an 6 × 6' never appear; one head is 'one head'."""
    text = all_text(open_page(**query))
    assert "1 heads" not in text and "all 2 heads" not in text
    assert not re.search(r"\ban [0-79]", text)
    d_model, heads = query.get("d_model", 8), query["heads"]
    caption = sentences(d_model, heads)["scale_caption"]
    assert caption.text in text and caption.facts["flat_entropy"] == np.log(6)
    assert say.quiz_intro(heads) in text and ("split into" in say.quiz_intro(heads)) == (heads > 1)


LONG = " ".join(f"w{i}" for i in range(32))


@pytest.mark.parametrize("query", [{}, {"heads": 1}, {"d_model": 64, "heads": 8, "text": LONG}])
def test_titles_start_with_the_verdict_and_fit_a_phone(query):
    """A wrong table's caption starts with 'WRONG:' and every caption stays short enough to read on one line of a
    390 px phone (and of a third of 1280 px in the scale section)."""
    at = open_page(reveal=1, **query)
    titles = captions(at)
    assert all(len(t) <= 38 for t in titles), max(titles, key=len)
    scale_row = [t for t in titles if t.split("  (")[0] in ("WRONG: ÷ 1", "WRONG: ÷ √8", "WRONG: ÷ √64")
                 or t.startswith("right: ÷")]
    assert scale_row and all(len(t) <= 24 for t in scale_row), scale_row  # three to a row at 1280 px
    assert not charts(at)  # every matrix is a table: no Plotly on this page
    assert not any("(WRONG)" in t for t in titles)


def prose(at) -> str:
    """all_text without the code blocks: the notebook's literals print every digit, as numpy does (1.5e-01)."""
    text = all_text(at)
    for block in at.code:
        text = text.replace(str(block.value), "")
    return text


def test_numbers_in_prose_read_as_a_person_writes_them():
    """Item 19: a gap that is only rounding reads 'below 10⁻⁹', never 0.000 or 1e-16."""
    at = open_page()
    text = prose(at)
    swap = on_page(at, sentences()["swap"])
    assert swap.facts["transpose_gap"] < 1e-9 and "below 10⁻⁹" in swap.text  # rounding only: said so, not 0.000
    assert not re.search(r"\d[eE][+-]?\d|up to 0\.000|gap 0\.000", text)


def test_tokens_with_markdown_meaning_do_not_break_the_page():
    at = open_page(text="a $ b $ c")  # labels a, $·1, b, $·3, c: two bare $ would start LaTeX
    assert "row **\\$·1** of the scores is \\$·1's key" in all_text(at)


def test_the_quiz_feedback_says_below_10_9_for_a_rounding_gap():
    """Item 19: the axis mistake's column sums are 1 up to rounding; the feedback used to print that gap as 0.000."""
    pool = [m.name for m in mk.quiz_pool(8, 4)]
    seed = next(s for s in range(100) if mk.draw_mistake(s, pool) == "axis0")
    at = open_page(quiz=seed)
    at.radio(key="quiz_answer").set_value("axis0")
    at.button(key="quiz_check").click().run()
    feedback = at.success[-1].value
    inp, *_ = qkv()
    QKV_h = mk.quiz_qkv(inp.X, 0, seed, 2)
    d = mk.diagnose(mk.correct_attention(*QKV_h), mk.BY_NAME["axis0"].run(*QKV_h, 8))
    _, said = say.verdict(mk.BY_NAME["axis0"], mk.BY_NAME["axis0"], d, 8, 4)
    assert feedback == said.text and said.facts["why"]["col_sum_gap"] == d.col_sum_gap < 1e-9
    assert "0.000" not in feedback
    checks = checks_table(at)
    assert checks.loc["largest |column sum − 1|", "mystery"] == "below 10⁻⁹"


@pytest.mark.parametrize("text", ["the cat sat on the mat", "hello"])
def test_the_page_ends_with_next_and_back_carrying_the_settings(text):
    """Phase 2, item 1: Next goes on along the route, Back returns, both with the shared settings; one token too."""
    from attn_ui.pages import neighbours

    at = open_page(text=text, seed=11, d_model=16, heads=4)
    assert not at.exception
    links = {e.proto.label: e.proto for e in at.get("page_link")}
    back, nxt = neighbours(PAGE)  # the route's order: after Masks and heads, before Mask mistakes (issue 23)
    assert back is not None and nxt is not None
    assert links[f"Next: {nxt.label}"].page == nxt.url_path
    assert links[f"Back: {back.label}"].page == back.url_path
    assert all("seed=11" in links[k].query_string and "heads=4" in links[k].query_string
               for k in (f"Next: {nxt.label}", f"Back: {back.label}"))


CHECKS_HEAD = "| check | mystery | right |"


def checks_table(at) -> pd.DataFrame:
    """The quiz's checks (mystery and right readings) read back from their markdown table, indexed by check."""
    text = next(m.value for m in at.markdown if m.value.startswith(CHECKS_HEAD))
    cells = [[re.sub(r"\\(.)", r"\1", c.strip()) for c in re.split(r"(?<!\\)\|", line)[1:-1]]
             for line in text.split("\n")[2:]]
    return pd.DataFrame(cells, columns=["check", "mystery", "right"]).set_index("check")


SUMS_COLUMNS = ["token", "row sum", "column sum"]


def sums_tables(at) -> list[pd.DataFrame]:
    """Section 1's two sums tables (right, then wrong), read back from their static tables as DataFrames."""
    frames = []
    for df in (t.value for t in at.table if list(t.value.columns) == SUMS_COLUMNS):
        frames.append(pd.DataFrame({"token": [re.sub(r"\\(.)", r"\1", c) for c in df["token"]],
                                    "row sum": [float(c) for c in df["row sum"]],
                                    "column sum": [float(c) for c in df["column sum"]]}))
    return frames


def test_the_sums_wait_for_a_prediction_which_is_marked_from_the_numbers():
    """Phase 2, item 2: which sums to 1, the rows or the columns, is asked before the sums are shown."""
    at = open_asking()
    assert "which sums to 1: the rows or the columns?" in all_text(at)
    assert not sums_tables(at)  # not yet
    assert not any(c.startswith("WRONG: output, axis 0") for c in captions(at))

    at.radio(key="cp_axis_value").set_value("columns")
    at.button(key="cp_axis_check").click().run()
    assert not at.exception
    verdict = at.success[0].value
    assert verdict.startswith("**Right.** `softmax(scores, axis=0)` normalises down each column")
    assert "every column of the WRONG weights sums to 1 (all 1.000)" in verdict
    sums = sums_tables(at)[1]
    assert f"its row sums are from {enough(sums['row sum'].min())} to {enough(sums['row sum'].max())}" in verdict
    assert matrix(at, "WRONG: output, axis 0").shape == (6, 8)

    at.run()  # the next run shows the committed prediction with "Predict again"
    at.button(key="cp_axis_again").click().run()  # predict again, wrongly this time
    at.radio(key="cp_axis_value").set_value("rows")
    at.button(key="cp_axis_check").click().run()
    assert any(w.value.startswith("**Not quite.** `softmax(scores, axis=0)`") for w in at.warning)
    assert not any(s.value.startswith("**Right.**") for s in at.success)


def test_show_me_reveals_the_sums_without_a_verdict():
    at = open_asking()
    at.button(key="cp_axis_skip").click().run()
    assert not at.exception
    assert any(i.value.startswith("`softmax(scores, axis=0)` normalises down each column") for i in at.info)
    assert not any(s.value.startswith("**Right.**") for s in at.success)
    assert len(sums_tables(at)) == 2


def test_the_sidebar_skip_shows_the_sums_at_once():
    at = open_page(reveal=1)
    assert len(sums_tables(at)) == 2
    assert "which sums to 1" not in all_text(at)


# ---------------------------------------------------------------------------------------------------------
# Issue 23: the axis question belongs to the fixed wrong code, and nothing on the page answers it while it is open

COLUMNS = "the columns (each key's weights)"


def answer_axis(at: AppTest, guess: str = "columns") -> AppTest:
    at.radio(key="cp_axis_value").set_value(guess)
    return at.button(key="cp_axis_check").click().run().run()  # the run after the click shows the stored guess


def verdicts(at: AppTest) -> list[str]:
    """The checkpoint's verdicts on the page (not the quiz's feedback, nor any other coloured box)."""
    return [e.value for e in [*at.success, *at.warning] if e.value.startswith(("**Right.**", "**Not quite.**"))]


def axis_sums(text="the cat sat on the mat", seed=0, d_model=8) -> tuple[np.ndarray, np.ndarray]:
    """The axis mistake's row and column sums on this sentence (one head, d_k = d_model)."""
    _, Q, K, V = qkv(text, seed, d_model)
    W = mk.softmax_over_queries(Q, K, V).weights
    return W.sum(axis=-1), W.sum(axis=-2)


def printed_everywhere(at: AppTest) -> str:
    """Every string the page prints: its text and code (expanders included), its tables' markup and cells."""
    cells = [" ".join(map(str, t.value.to_numpy().ravel())) for t in at.table]
    return "\n".join([all_text(at), *(el.proto.body for el in at.get("html")), *cells])


def sums_printed(printed: str, sums) -> list[str]:
    """The sums that `printed` shows, as a table (3 decimals) or a sentence (enough) prints them."""
    forms = {f for x in sums for f in (fmt_num(x), enough(x))}
    return [f for f in forms if re.search(rf"(?<![\d.]){re.escape(f)}(?![\d])", printed)]


def fmt_num(x: float) -> str:
    from attn_lessons.format import num

    return num(x, 3)


@pytest.mark.parametrize("query", [{}, {"text": "the dog chased the ball across the park", "seed": 4},
                                   {"d_model": 16, "heads": 4, "seed": 9}])
def test_while_the_axis_question_is_open_no_sum_of_the_wrong_weights_is_shown(query):
    """Not in a sentence, a table, a folded section, the quiz's checks or feedback, the code or the notebook: the
    quiz and the code wait, the checks table leaves out the wrong axis, and softmax_over_queries' docstring (which
    says which lines sum to 1) is not shown. Answered, the same search finds the sums: the check can fail."""
    at = open_asking(**query)
    assert not at.exception and "**Predict first.**" in all_text(at)
    rows, cols = axis_sums(query.get("text", "the cat sat on the mat"), query.get("seed", 0), query.get("d_model", 8))
    printed = printed_everywhere(at)
    assert sums_printed(printed, rows) == [] and sums_printed(printed, cols) == []
    assert enough(np.abs(rows - 1).max(), below=1e-9) not in printed
    assert "row sum" not in printed.replace("row sums would give", "") and "column sum" not in printed
    assert not [t for t in at.table if set(t.value.columns) & {"row sum", "column sum"}]
    (checks,) = [t.value for t in at.table if "mistake" in t.value.columns]
    assert say.mistake_label("axis0") not in checks["mistake"].tolist()
    assert [r.key for r in at.radio if r.key != "lang"] == ["cp_axis_value"]  # no quiz to answer (lang: the sidebar)
    assert not [m for m in at.markdown if m.value.startswith(CHECKS_HEAD)] and not at.get("download_button")
    assert inspect.getsource(mk.softmax_over_queries).strip() not in [c.value.strip() for c in at.code]
    assert "Your prediction" not in printed and not verdicts(at)

    answered = answer_axis(at)
    printed = printed_everywhere(answered)
    assert sums_printed(printed, rows) and sums_printed(printed, cols)
    assert answered.radio(key="quiz_answer") and answered.get("download_button")
    (checks,) = [t.value for t in answered.table if "mistake" in t.value.columns]
    assert say.mistake_label("axis0") in checks["mistake"].tolist()


@pytest.mark.parametrize("move", [{"text": "the dog chased the ball across the park"}, {"seed": 7},
                                  {"d_model": 16}])
def test_the_sentence_seed_or_width_keeps_the_reveal_and_judges_the_same_guess_again(move):
    """The question is about softmax(scores, axis=0) itself, so nothing but 'Predict again' opens it again: a new
    sentence, seed or width only moves its numbers. The reveal stays, with the learner's own guess, a verdict
    worked out for the numbers now on the page, and the sums of those numbers."""
    at = answer_axis(open_asking(), "rows")
    assert at.warning and at.warning[0].value.startswith("**Not quite.**")
    assert "checked against the numbers on the page now" not in all_text(at)
    key = next(iter(move))
    widget = {"text": at.text_area, "seed": at.number_input, "d_model": at.select_slider}[key](key=key)
    widget.set_value(move[key]).run()
    assert not at.exception, at.exception[0].value if at.exception else ""
    text = all_text(at)
    assert f"Your prediction: **{say.SUM_LABELS['rows']}**" in text
    assert "checked against the numbers on the page now" in text
    rows, cols = axis_sums(**{"text": "the cat sat on the mat", "seed": 0, "d_model": 8, **move})
    (verdict,) = [w.value for w in at.warning if w.value.startswith("**Not quite.**")]
    assert f"its row sums are {say.spread(rows)}" in verdict and f"sums to 1 ({say.spread(cols)})" in verdict
    assert len(sums_tables(at)) == 2
    np.testing.assert_allclose(sums_tables(at)[1]["row sum"], rows, atol=5e-4)


def test_heads_do_not_move_section_1_and_predict_again_opens_it_with_everything_waiting():
    at = answer_axis(open_asking())
    at.selectbox(key="heads").set_value(4).run()
    assert not at.exception and at.success[0].value.startswith("**Right.**")
    assert "checked against the numbers" not in all_text(at)  # section 1 uses one head: heads move nothing in it
    at.button(key="cp_axis_again").click().run()
    assert "Your prediction" not in all_text(at) and not verdicts(at)
    assert at.radio(key="cp_axis_value").value is None and not sums_tables(at)
    assert not [r for r in at.radio if r.key == "quiz_answer"] and not at.get("download_button")
    assert any(QUIZ_WAITS_START in i.value for i in at.info)


QUIZ_WAITS_START = "The quiz opens once you have answered the prediction in section 1"


def test_the_page_reads_within_its_budget_with_the_details_folded():
    """Issue 23: at most 700 words with the predictions answered (about 600 aimed at), at most about 120 before
    the first twin tables; the outputs, the shape checks, the cross-attention notes, the training notes and every
    'how to catch it' sit in expanders, closed by default (issue 38: and, closed, they hold nothing yet)."""
    from tests.lesson_length import PAGE_WORDS, WORDS_BEFORE_PICTURE, reading

    at = open_page()
    total, before = reading(at)
    assert total <= PAGE_WORDS and before is not None and before <= WORDS_BEFORE_PICTURE, (total, before)
    folds = {e.label: e for e in at.expander}
    assert {"What it does to the outputs", "How to catch it", "What the numbers under the tables mean",
            say.SWAP_BREAKS, "Why it still trains, and what it costs",
            "How to catch them in your own code"} <= set(folds)
    closed = run_page(PAGE, folds=False, reveal=1)  # as a learner first finds the page
    assert [e.label for e in closed.expander] == [e.label for e in at.expander]
    assert not any(e.proto.expanded or e.children for e in closed.expander)
    assert "**Self-attention you train from scratch:** nothing breaks" in " ".join(
        m.value for m in folds[say.SWAP_BREAKS].markdown)
    assert any(c.value.startswith("def known_answer_test") for c in folds["How to catch them in your own code"].code)
    assert [t for t in tables(at) if t.caption.startswith("wrong − right output")]  # drawn, inside its fold


# ---------------------------------------------------------------------------------------------------------
# Extra item 5: the mask mistakes in "Spot the mistake"

from attn_core import mask_mistakes as mm  # noqa: E402


def default_heads(question: int = 0):
    """The quiz's own Q, K, V for `question` on the defaults (2 heads), and the quiz's mask for its 6 tokens."""
    inp, *_ = qkv()
    return mk.quiz_qkv(inp.X, 0, question, 2), mk.quiz_mask(6)


def test_without_the_toggle_the_quiz_pool_is_unchanged():
    at = open_page()
    assert at.toggle(key="masks").value is False
    assert at.radio(key="quiz_answer").options == [say.mistake_label(m.name) for m in mk.quiz_pool(8, 4)]
    assert "**The mask.**" not in all_text(at)
    at.toggle(key="masks").set_value(True).run()
    assert at.query_params["masks"] in ("1", ["1"])
    assert "**The mask.**" in all_text(at)


def test_with_the_mask_mistakes_every_drawn_one_is_explained_from_its_symptoms():
    seeds = {}  # the first seed that draws each mask mistake, and one that draws an ordinary one
    for seed in range(200):
        QKV_h, mask = default_heads(seed)  # each question its own numbers, so its own pool
        name = mk.draw_mistake(seed, [m.name for m in mm.masked_quiz_pool(*QKV_h, 8, mask)])
        if name in mm.MASK_BY_NAME or not any(n not in mm.MASK_BY_NAME for n in seeds.values()):
            seeds.setdefault(name, seed)
    assert set(mm.MASK_BY_NAME) <= set(seeds)
    for name, seed in seeds.items():
        QKV_h, mask = default_heads(seed)
        pool = mm.masked_quiz_pool(*QKV_h, 8, mask)
        names = [m.name for m in pool]
        right = mk.correct_attention(*QKV_h, mask)
        at = open_page(masks=1, quiz=seed)
        assert not at.exception, at.exception[0].value
        assert at.radio(key="quiz_answer").options == [say.mistake_label(m.name) for m in pool]
        said = on_page(at, say.quiz_mask_text(qkv()[0].labels, mask))
        assert said.facts == {"blocked_pairs": int((~mask).sum()), "pairs": 36, "closed_rows": [0],
                              "quiz_mask": np.array_equal(mask, mk.quiz_mask(6))}
        secret = pool[names.index(name)]
        mystery = secret.run(*QKV_h, 8)
        np.testing.assert_allclose(matrix(at, "mystery: head 1 weights"), mystery.weights[0], atol=ATOL)  # NaN too
        np.testing.assert_allclose(matrix(at, "right: head 1, masked"), right.weights[0], atol=ATOL)
        np.testing.assert_allclose(matrix(at, "right: output, masked"), attn_core.merge_heads(right.output),
                                   atol=ATOL)
        for title in ("right: head 1, masked", "right: output, masked", "mystery: head 1 weights", "mystery: output"):
            assert outlined_rows(bodies(at, title)[0]) == [0]  # the fully blocked row: the·0's
        cells = [c for row in Table(bodies(at, "mystery: head 1 weights")[0]).body for c in row["cells"]]
        nan = np.isnan(mystery.weights[0]).ravel()
        assert [text == "NaN" for text, _ in cells] == nan.tolist()  # a masking bug's NaN, printed as such …
        assert all(cls == "z" for (_, cls), is_nan in zip(cells, nan, strict=True) if is_nan)  # … and cross-hatched
        assert nan.any() == (name == "naive_inf")
        d, dm = mk.diagnose(right, mystery, mask), mm.diagnose_mask(*QKV_h, mask, mystery)
        reason = mask_words.explain(name, dm) if name in mm.MASK_BY_NAME else say.symptom(secret, d, 8, 4)

        at.radio(key="quiz_answer").set_value(name)
        at.button(key="quiz_check").click().run()
        ok, said = say.verdict(secret, secret, d, 8, 4, dm)
        assert ok and not at.error and at.success[-1].value == said.text and reason.text in said.text
        assert said.facts["points_to"] == name and said.facts["why"] == reason.facts

        wrong = next(m for m in pool if m.name != name and (m.name in mm.MASK_BY_NAME) != (name in mm.MASK_BY_NAME))
        at.radio(key="quiz_answer").set_value(wrong.name)
        at.button(key="quiz_check").click().run()
        feedback = at.error[0].value
        ok, said = say.verdict(secret, wrong, d, 8, 4, dm)
        assert not ok and feedback == said.text and reason.text in feedback
        # the pick is answered with the readings that rule it out (issue 30, item 8), not the ones that fit it
        assert said.facts["ruled_out"] == mm.ruled_out_masked(wrong.name, d, dm, 8, 4) != ()
        assert said.facts["points_to"] == name
        checks = checks_table(at)
        assert checks.loc["NaN rows", "mystery"] == str(dm.nan_rows)
        assert checks.loc["NaN rows", "right"] == "0"


# ---------------------------------------------------------------------------------------------------------
# Phase 2, items 3 and 4, then issue 21: every matrix a light HTML table; details behind toggles


def test_twins_are_tables_side_by_side_and_details_wait_behind_toggles():
    at = open_page()
    assert not at.get("plotly_chart")  # no chart at all: each matrix is a table
    assert not any("ae-sr-only" in el.proto.body for el in at.get("html"))  # a table needs no hidden description
    assert not any(str(t.key).endswith("_table") for t in at.toggle)  # … nor a "show the numbers" switch
    headings = {m.value for m in at.markdown}
    assert {"**The weights**", "**Head 1's weights**",
            "**The right computation**", "**The mystery**"} <= headings
    assert captions(at) == [
        "right: softmax over keys  (6 × 6)", "WRONG: softmax over queries  (6 × 6)",
        "right: output = weights·V  (6 × 8)", "WRONG: output, axis 0  (6 × 8)", "wrong − right output  (6 × 8)",
        "WRONG: ÷ 1  (6 × 6)", "WRONG: ÷ √8  (6 × 6)", "right: ÷ √4  (6 × 6)",
        "right: scores QKᵀ  (6 × 6)", "WRONG: scores KQᵀ  (6 × 6)",
        "right: softmax(QKᵀ/√d_k)  (6 × 6)", "WRONG: softmax(QVᵀ/√d_k)  (6 × 6)",
        "right: output = weights·V  (6 × 8)", "WRONG: output = weights·K  (6 × 8)",
        "right: head 1 weights  (6 × 6)", "right: output  (6 × 8)", "mystery: head 1 weights  (6 × 6)",
        "mystery: output  (6 × 8)"]
    at.toggle(key="scale_outputs").set_value(True).run()
    assert len(tables(at)) == 23  # the right output, then each wrong one beside its difference
    at.toggle(key="scale_outputs").set_value(False)
    at.toggle(key="swap_weights").set_value(True).run()
    titles = captions(at)  # a row of scores, then a row of weights under them: each right one beside its WRONG
    assert titles[8:12] == ["right: scores QKᵀ  (6 × 6)", "WRONG: scores KQᵀ  (6 × 6)",
                           "right: softmax(QKᵀ/√d_k)  (6 × 6)", "WRONG: softmax(KQᵀ/√d_k)  (6 × 6)"]
    assert len(titles) == 20


def test_the_row_each_sentence_names_is_outlined_in_its_tables():
    """The query whose output the axis mistake moved most (named under the outputs), and the row of the scores the
    swap's sentence reads aloud, are outlined in every table they are read from."""
    at = open_page(reveal=1)
    _, Q, K, V = qkv()
    right, axis0 = mk.correct_attention(Q, K, V), mk.softmax_over_queries(Q, K, V)
    worst = int(np.argmax(np.abs(axis0.output - right.output).max(axis=1)))
    for title in ("right: output = weights·V", "WRONG: output, axis 0", "wrong − right output"):
        assert outlined_rows(bodies(at, title)[0]) == [worst]
    labels = table_titled(at, "right: scores QKᵀ")[1]
    assert on_page(at, sentences()["largest"]).facts["row"] == worst  # the row the sentence names
    for title in ("right: scores QKᵀ", "WRONG: scores KQᵀ"):
        assert outlined_rows(bodies(at, title)[0]) == [1]
    assert f"Swapped, row **{labels[1]}** of the scores" in all_text(at)
    assert outlined_rows(bodies(at, "WRONG: softmax over queries")[0]) == []  # nothing named there: no outline


def test_the_largest_inputs_send_at_most_400_kB_of_markup_with_every_value_printed():
    at = open_page(text=" ".join(f"w{i}" for i in range(32)), d_model=64, heads=8, reveal=1, masks=1)
    assert not at.exception
    total = sum(len(el.proto.body) for el in at.get("html")) + sum(len(el.proto.spec) for el in at.get("plotly_chart"))
    assert total <= 400_000, total
    values, rows, cols = table_titled(at, "mystery: head 1 weights")
    assert values.shape == (32, 32) and len(rows) == len(cols) == 32  # every value printed, none left to a hover


def test_the_head_to_show_is_bound_to_the_link_inside_its_section():
    at = open_page(head=2)
    assert at.selectbox(key="head").value == 2
    _, Q, K, V = qkv()
    page_heads = (attn_core.split_heads(M, 2) for M in (Q, K, V))  # section 2 runs on the page's own numbers
    np.testing.assert_allclose(matrix(at, "right: ÷ √4"), mk.correct_attention(*page_heads).weights[1], atol=ATOL)
    at.selectbox(key="head").set_value(1).run()
    assert at.query_params["head"] in ("1", ["1"])


def test_cached_figure_builds_once_per_arguments_and_hands_back_the_same_object():
    from attn_ui.data import cached_figure

    calls = []

    def build(M, title, *, share=0.5):
        calls.append((M.shape, title, share))
        return object()

    first = cached_figure(build, np.eye(2), "t")
    assert cached_figure(build, np.eye(2), "t") is first  # the same numbers: not built again
    assert cached_figure(build, np.eye(3), "t") is not first  # other numbers, or another keyword: built anew
    assert cached_figure(build, np.eye(2), "t", share=1.0) is not first
    assert calls == [((2, 2), "t", 0.5), ((3, 3), "t", 0.5), ((2, 2), "t", 1.0)]


@pytest.mark.parametrize("masks", [0, 1])
def test_a_new_question_redraws_only_the_quizs_tables(masks):
    """A new question is new numbers for the quiz (issue 36, item 9): its right and mystery tables change, and
    sections 1 to 3's six right tables stay byte identical. The quiz's two outputs share one colour range."""
    at = open_page(masks=masks, quiz=0)

    def markups(who):
        return [b for b in table_markups(at) if Table(b).caption.startswith(who)]

    right, mystery = markups("right: "), markups("mystery: ")
    at.number_input(key="quiz").set_value(1).run()
    assert len(right) == 8  # sections 1 to 3's six right tables, then the quiz's two
    after = markups("right: ")
    assert right[:6] == after[:6] and right[6] != after[6] and right[7] != after[7]
    assert mystery != markups("mystery: ")
    right_out = bodies(at, "right: output, masked" if masks else "right: output  (")[0]
    assert scale_ends(right_out) == scale_ends(bodies(at, "mystery: output")[0])  # one scale


@pytest.mark.parametrize("query", [{"text": "hello world"}, {"text": LONG, "d_model": 64, "heads": 8},
                                   {"d_model": 8, "heads": 8}, {"text": "🙂 <b>x</b> & $ ∑", "d_model": 2, "heads": 2},
                                   {"text": "a a a a", "quiz": 999999}])
def test_the_mask_quiz_runs_at_the_extremes_and_answers_every_question(query):
    at = open_page(masks=1, reveal=1, **query)
    assert not at.exception, at.exception[0].value
    assert "**The mask.**" in all_text(at)
    options = at.radio(key="quiz_answer").options
    assert {"−∞ with a plain softmax", "No mask where one was needed"} <= set(options)
    for label in options[-2:]:
        at.radio(key="quiz_answer").set_value(next(m.name for m in mk.MISTAKES + tuple(
            mm.as_mistakes(np.ones((1, 1), dtype=bool))) if say.mistake_label(m.name) == label))
        at.button(key="quiz_check").click().run()
        assert not at.exception and (at.success or at.error)
        assert not any("could not be answered" in e.value for e in [*at.success, *at.error])


def test_a_mangled_masks_link_falls_back_to_off_with_a_notice():
    at = open_page(masks="maybe")
    assert not at.exception
    assert at.toggle(key="masks").value is False
    assert any("masks='maybe'" in w.value for w in at.warning)


# ---------------------------------------------------------------------------------------------------------
# Take it home: "Show the code" is the notebook's code, and the page downloads as a notebook

from attn_ui import notebooks as nbk  # noqa: E402


def shown_cells(text="the cat sat on the mat", seed=0, d_model=8, heads=2):
    """The notebook's cells for the page's state, computed with attn_core as sections 1 to 3 compute them."""
    inputs = attn_core.build_inputs(text, seed, d_model)
    w = inputs.weights
    Q, K, V = attn_core.project(inputs)
    QKV_h = tuple(attn_core.split_heads(M, heads) for M in (Q, K, V))
    right, axis0 = mk.correct_attention(Q, K, V), mk.softmax_over_queries(Q, K, V)
    runs = [(m.name, res) for m, res in mk.run_scale_mistakes(*QKV_h, d_model)] + [("right",
                                                                                   mk.correct_attention(*QKV_h))]
    drawn = {name: (res.weights, attn_core.merge_heads(res.output)) for name, res in runs}
    scale = {}
    for name in ("right", "sqrt_d_model", "no_scale"):
        scale[f"scale_weights_{name}"], scale[f"scale_output_{name}"] = drawn.get(name, (None, None))
    return nbk.cells("mistakes", {"labels": nbk.names(inputs.labels), "X": inputs.X, "W_Q": w.W_Q, "W_K": w.W_K,
                                  "W_V": w.W_V, "heads": heads},
                     {"right_weights": right.weights, "right_output": right.output, "axis0_weights": axis0.weights,
                      "axis0_output": axis0.output, **scale, "swap_weights": mk.swap_q_and_k(Q, K, V).weights,
                      "v_as_k_weights": mk.values_as_keys(Q, K, V).weights,
                      "k_as_v_output": mk.keys_as_values(Q, K, V).output})


def notebook_code(at) -> list[str]:
    return [c.value.strip() for c in at.code if c.value.startswith("# Q, K and V from your sentence")]


def page_code(cells) -> str:
    return nbk.page_code(cells).strip()


@pytest.fixture
def downloads(monkeypatch) -> list[dict]:
    """What the page hands to nbk.download_button, recorded (the button itself is still drawn)."""
    made, real = [], nbk.download_button

    def record(nb, file_name, key, **kwargs):
        made.append({"nb": nb, "file_name": file_name, "key": key})
        real(nb, file_name, key, **kwargs)

    monkeypatch.setattr(nbk, "download_button", record)
    return made


def test_show_the_code_is_the_notebook_text_and_the_notebook_downloads(downloads):
    import nbformat

    at = open_page(reveal=1)
    cells = shown_cells()
    assert notebook_code(at) == []  # built and sent only when asked for
    assert notebook_code(with_code(at)) == [page_code(cells)]  # the code on screen is the notebook's code
    code = notebook_code(at)[0]
    assert "heads = 2" in code and '"sqrt_d_model": np.sqrt(d_model)' in code and '"no_scale": 1.0' in code
    assert "All numbers match the page." not in code  # the self-check is for the notebook only
    assert "quiz" not in code.lower() and "mystery" not in code  # the quiz's answer stays off the code
    # the attn_core functions the page's own tables come from are still shown, after the notebook's code
    values = [c.value.strip() for c in at.code]
    for fn in (mk.softmax_over_queries, mk.scale_by_sqrt_d_model, mk.no_scale, mk.swap_q_and_k, mk.values_as_keys,
               mk.keys_as_values, mk.diagnose, mk.shape_check):
        assert inspect.getsource(fn).strip() in values
    assert values.index(inspect.getsource(mk.softmax_over_queries).strip()) > values.index(notebook_code(at)[0])
    assert "Every wrong table in sections 1 to 3 comes from one of these functions" in all_text(at)

    button = at.get("download_button")
    assert len(button) == 1 and button[0].proto.label == "Download as a notebook"
    assert button[0].proto.deferred_file_id  # built only when clicked
    download = downloads[-1]  # the last run's (the switch reran the page)
    assert download["file_name"] == "attention_explorer_common_mistakes.ipynb"
    nb = download["nb"]()  # what a click builds
    nbformat.validate(nb)
    assert [c.source for c in nb.cells[1:]] == [c.text for c in cells]  # the page's numbers, every digit
    assert nb.cells[0].source.startswith("# Attention Explorer: Common mistakes")
    assert "- sentence: the cat sat on the mat" in nb.cells[0].source and "- heads: 2" in nb.cells[0].source
    assert "Common_mistakes" in nb.cells[0].source
    assert "print(\"All numbers match the page.\")" in nb.cells[-1].source


@pytest.mark.parametrize("query", [{"heads": 1}, {"d_model": 8, "heads": 8}, {"text": "a $ b $ c", "seed": 3},
                                   {"text": "🙂 <b>x</b> & ∑", "d_model": 2, "heads": 2}])
def test_the_code_follows_the_shared_settings(query):
    """One head draws no √d_model mistake and d_k = 1 no ÷ 1 mistake: the code leaves out what the page leaves out."""
    at = with_code(open_page(**query))
    assert not at.exception, at.exception[0].value if at.exception else ""
    settings = {"text": "the cat sat on the mat", "seed": 0, "d_model": 8, "heads": 2} | query
    assert notebook_code(at) == [page_code(shown_cells(**settings))]
    params = next(c.text for c in shown_cells(**settings) if nbk.PARAMETERS in c.tags)  # which scales it checks
    d_k = settings["d_model"] // settings["heads"]
    assert ("shown_scale_weights_sqrt_d_model = None" not in params) == (settings["heads"] > 1)
    assert ("shown_scale_weights_no_scale = None" not in params) == (d_k > 1)


def test_a_section_rerun_keeps_the_code_and_the_button(downloads):
    at = with_code(open_page(head=2))
    before = notebook_code(at)
    at.selectbox(key="head").set_value(1).run()  # section 2's own fragment: the notebook does not depend on it
    at.toggle(key="scale_outputs").set_value(True).run()
    assert not at.exception
    assert notebook_code(at) == before == [page_code(shown_cells())]
    assert len(at.get("download_button")) == 1


def test_a_long_sentence_in_a_wide_model_shows_the_code_only_when_asked(downloads):
    import nbformat

    at = open_page(text=LONG, d_model=64, heads=8)
    assert notebook_code(at) == []  # every digit of three 64 × 64 matrices: not built until asked for
    assert at.get("download_button")
    cells = shown_cells(text=LONG, d_model=64, heads=8)
    nb = downloads[-1]["nb"]()
    nbformat.validate(nb)
    assert [c.source for c in nb.cells[1:]] == [c.text for c in cells]
    at.toggle(key="show_code").set_value(True).run()
    assert not at.exception
    assert notebook_code(at) == [page_code(cells)]
    assert len(notebook_code(at)[0]) > 60_000


@pytest.mark.parametrize("text", ["hello", "🙂"])
def test_one_token_offers_no_notebook(text, downloads):
    """The page draws nothing for one token (every weight is 1), so there is nothing to take home either."""
    at = open_page(text=text)
    assert not at.exception, at.exception[0].value if at.exception else ""
    assert not at.get("download_button") and not downloads
    assert notebook_code(at) == [] and any("at least two" in w.value for w in at.warning)


# ---------------------------------------------------------------------------------------------------------
# Issue 22: what the prose walk does not reach on this page (the switches on, every answer to the quiz checked)


@pytest.mark.parametrize("query", [{}, {"masks": 1, "text": "hello world", "d_model": 2, "heads": 2},
                                   {"masks": 1, "text": LONG, "d_model": 64, "heads": 8, "quiz": 7}])
def test_no_sentence_behind_a_switch_or_an_answer_says_what_is_never_true(query):
    from tests.pages.test_prose_walk import page_text
    from tests.prose import never_true

    at = open_page(reveal=1, **query)
    at.toggle(key="scale_outputs").set_value(True)
    at.toggle(key="swap_weights").set_value(True)
    at.run()
    hits = never_true(page_text(at))
    by_label = {say.mistake_label(m.name): m.name for m in mk.MISTAKES + mm.as_mistakes(np.ones((1, 1), dtype=bool))}
    for label in at.radio(key="quiz_answer").options:
        at.radio(key="quiz_answer").set_value(by_label[label])
        at.button(key="quiz_check").click().run()
        assert not at.exception
        hits += never_true("\n".join(e.value for e in [*at.success, *at.error]))
    assert not hits, "\n".join(hits)


def test_a_wrong_pick_at_64_heads_under_the_mask_is_told_what_rules_it_out():
    """?d_model=64&heads=64&masks=1 with the finite fill drawn, answered "Scaled by √d_model": the finite fill's
    uniform blocked rows raise the entropy as that pick would, so the feedback must say what rules the pick out
    (the blocked rows that got weight), not recite the readings that fit it."""
    _, Q, K, V = qkv(d_model=64)
    QKV_h = tuple(attn_core.split_heads(M, 64) for M in (Q, K, V))
    pool = mm.masked_quiz_pool(*QKV_h, 64, mk.quiz_mask(Q.shape[0]))
    seed = next(s for s in range(100) if mk.draw_mistake(s, pool).name == "finite_fill")
    at = open_page(d_model=64, heads=64, masks=1, quiz=seed)
    at.radio(key="quiz_answer").set_value("sqrt_d_model")
    at.button(key="quiz_check").click().run()
    assert not at.exception
    said = at.error[0].value
    assert said.startswith("Not this time: it is **A finite −10⁹ in place of −∞**")
    assert "You picked scaled by √d_model instead of √d_k, which these readings rule out: " in said
    assert "64 fully blocked rows got weight, where it would give a fully blocked row 0s" in said
    assert "higher than the right one's only because 64 fully blocked rows got weight spread evenly" in said
    assert "flattens the weights" not in said


# ---------------------------------------------------------------------------------------------------------
# Issue 36: the quiz is answered from its symptoms, never by matching its digits to a table or sentence above

NUMBER = re.compile(r"[−-]?\d+\.\d+(?: × 10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)?")
TEXT_KINDS = ("title", "header", "subheader", "markdown", "caption", "info", "success", "warning", "error", "latex",
              "code")


def leaves(node):
    """Every element of the page in the order it shows them, expanders' contents included."""
    children = getattr(node, "children", None)
    if not children:
        yield node
        return
    for k in sorted(children):
        yield from leaves(children[k])


def telling(printed: str) -> bool:
    """A printed number that could be matched: not 0 or 1, which every weights table holds."""
    return abs(float(printed.replace("−", "-").split(" × ")[0])) not in (0.0, 1.0)


def quiz_and_rest(at: AppTest) -> tuple[dict, dict]:
    """What the quiz prints and what the rest of the page prints, each as {'numbers': set of numbers as printed,
    'rows': set of table rows as printed}. The quiz: from its header to the "Show the code" switch."""
    parts = {"quiz": {"numbers": set(), "rows": set()}, "rest": {"numbers": set(), "rows": set()}}
    where = "rest"
    for el in leaves(at.main):
        kind, key = getattr(el, "type", None), str(getattr(el, "key", "") or "")
        if kind == "header" and el.value == "Spot the mistake":
            where = "quiz"
        if key == "show_code":
            where = "rest"
        texts = []
        if kind in TEXT_KINDS:
            texts.append(str(el.value).replace("\\", ""))
        elif kind == "metric":
            texts += [str(el.value), str(el.proto.delta)]
        elif kind == "table":
            texts += [str(v) for v in el.value.to_numpy().ravel()]
        elif kind == "html":
            for markup in el.proto.body.split("<div class=mx>")[1:]:
                for row in Table("<div class=mx>" + markup).body:
                    cells = tuple(text.strip() for text, _ in row["cells"])
                    texts += cells
                    if any(NUMBER.fullmatch(c) and telling(c) for c in cells):
                        parts[where]["rows"].add(cells)
        parts[where]["numbers"] |= {n for t in texts for n in NUMBER.findall(t) if telling(n)}
    return parts["quiz"], parts["rest"]


QUIZ_STATES = [dict(parse_qsl(link)) for link in page_of(PAGE).examples] + [
    {}, {"quiz": "3"}, {"quiz": "5", "text": "one two three"}, {"d_model": "16", "heads": "4", "seed": "9"},
    {"masks": "1"}, {"masks": "1", "text": "I saw a saw", "d_model": "4", "heads": "1", "quiz": "2"}]


@pytest.mark.parametrize("query", QUIZ_STATES, ids=lambda q: "&".join(f"{k}={v[:10]}" for k, v in q.items()))
def test_no_number_of_the_quiz_is_printed_anywhere_else_on_the_page(query):
    """Issue 36, item 9: with one head the mystery output was digit for digit section 3's "WRONG: output =
    weights·K" and its reading repeated section 3's "off by up to". The quiz now runs on numbers of its own: none of
    its readings (3 or more digits, 0 and 1 aside) is printed elsewhere, and no row of its tables is a row of
    another table. The quiz is there to be read, with every table and reading."""
    at = open_page(**query)
    assert not at.exception, at.exception[0].value if at.exception else ""
    assert at.radio(key="quiz_answer").options
    quiz, rest = quiz_and_rest(at)
    assert len(quiz["rows"]) >= 2 * 2 and len(quiz["numbers"]) >= 3  # its tables and its readings were read
    assert not quiz["rows"] & rest["rows"], sorted(quiz["rows"] & rest["rows"])
    readings = {n for n in quiz["numbers"] if not any(n in row for row in quiz["rows"])}
    assert readings and not readings & rest["numbers"], sorted(readings & rest["numbers"])


def test_the_quiz_numbers_come_from_its_own_weights_not_the_pages():
    """The quiz's right output is softmax(QKᵀ/√d_k)V on the sentence's X through weights of the quiz's own seed: its
    printed values are that, and not the page's right output."""
    at = open_page(text="I saw a saw", d_model=4, heads=1)
    inp = attn_core.build_inputs("I saw a saw", 0, 4)
    Q, K, V = mk.quiz_qkv(inp.X, 0, 0, 1)
    ours = attn_core.merge_heads(attn_core.scaled_dot_product_attention(Q, K, V).output)
    page = attn_core.scaled_dot_product_attention(*attn_core.project(inp)).output
    quiz_right = [t for t in tables(at) if t.caption.startswith("right: output  (")]
    from tests.html_tables import values
    assert len(quiz_right) == 1
    shown = values(quiz_right[0])
    assert np.allclose(shown, ours, atol=ATOL) and not np.allclose(shown, page, atol=ATOL)


def on_screen(at: AppTest) -> str:
    """Everything a learner can read: text, tables (the small ones' cells too), option labels, folds' labels."""
    from tests.apptest_utils import screen_text

    cells = [" ".join(map(str, [*t.value.columns, *t.value.to_numpy().ravel()])) for t in at.table]
    return "\n".join([screen_text(at), *cells])


@pytest.mark.parametrize("query", [{}, {"text": "I saw a saw", "d_model": "4", "heads": "1"},
                                   {"text": "one two three four five", "seed": "42", "d_model": "16", "heads": "16"},
                                   {"text": "a b", "heads": "2"}])
def test_while_rows_or_columns_is_open_nothing_on_the_page_states_its_answer(query):
    """Issue 36, item 15: "axis=0: the first axis, the queries" and the whole WRONG table stood above "rows or
    columns?". Open, the question has the right weights above it and none of the strings it declares
    (say.AXIS.gives_away) is anywhere a learner can read; answered, the WRONG table and its sums join them, so the
    search can fail."""
    at = open_asking(**query)
    assert not at.exception and "**Predict first.**" in all_text(at)
    declared = say.AXIS.answer_strings(dict(at.session_state.items()))
    assert set(say.AXIS_GIVEAWAYS) <= set(declared)
    screen = on_screen(at)
    assert not [s for s in declared if s in screen]
    assert "right: softmax over keys" in " ".join(captions(at))  # the right weights stay: the question needs them
    shown = on_screen(answer_axis(at))
    assert "WRONG: softmax over queries" in " ".join(captions(answer_axis(open_asking(**query))))
    assert len([s for s in declared if s in shown]) >= 3, [s for s in declared if s in shown]


@pytest.mark.parametrize("query", [{}, *QUIZ_STATES[:2], {"masks": "1"}, {"masks": "1", "text": "a b c d e f g h"}])
def test_no_stretch_before_a_question_is_over_800_words(query):
    """Issue 36, item 19: 1,218 words stood before the quiz, counting everything on screen. With each prediction
    answered as the learner meets it, no stretch that ends at a question (the prediction, then the quiz) is over
    tests.lesson_length.WORDS_BEFORE_QUESTION, and the quiz is one of the questions counted."""
    from tests.lesson_length import WORDS_BEFORE_QUESTION, answered_as_you_go, read, seen

    at = answered_as_you_go(run_page(PAGE, **query))
    assert not at.exception
    asked = [item.text for item in seen(at.main) if item.question]
    assert len(asked) == 2 and asked[-1].startswith("Which mistake made the mystery computation?"), asked
    shown = read(at)
    assert shown.longest <= WORDS_BEFORE_QUESTION, shown


# ---------------------------------------------------------------- issue 40: the page in Simplified Chinese

ZH_TEXT = "猫 坐 在 垫 子 上"  # six tokens under either tokenizer: one per Han character


def zh_states():
    """The defaults and the route entry's two example links, as query parameters, with a Chinese sentence where
    the link names none (the page's default sentence is the language's)."""
    links = [dict(parse_qsl(link)) for link in named("mistakes").examples]
    return [{"text": ZH_TEXT}, *({"text": ZH_TEXT} | link for link in links)]


def assert_all_chinese(at, text: str):
    """No run of four English words on the screen but the learner's sentence and the code blocks (attn_core's own
    source, shown as it is)."""
    from tests.apptest_utils import screen_text
    from tests.prose import english_runs

    runs = english_runs(_no_cells(screen_text(at)), allowed=(text, *(c.value for c in at.code)))
    assert not runs, runs


def _no_cells(screen: str) -> str:
    """The screen without the matrix tables' cells and headers: tokens of the learner's sentence and numbers (NaN
    among them), which sit side by side once the markup is dropped; the tables' titles and captions stay."""
    import re

    return re.sub(r"<t[hd]\b[^>]*>[^<]*", " ", screen)  # a cell runs to the next tag (closing tags are left out)


@pytest.mark.parametrize("params", zh_states(), ids=["defaults", "example-1", "example-2"])
def test_the_page_reads_in_chinese_asked_and_answered(params):
    """With ?lang=zh-CN the page shows no English run of four words or more: with section 1's question open, then
    answered wrongly (the rows), with every switch on and the quiz answered with a wrong pick, then with the mask
    mistakes and the right pick. The reveal is axis_reveal's in Chinese with the facts it has in English, and it
    quotes the same sums."""
    from attn_lessons import i18n

    text = params["text"]
    inp, Q, K, V = qkv(text, int(params.get("seed", 0)), int(params.get("d_model", 8)))
    wrong_w = mk.softmax_over_queries(Q, K, V).weights
    en = say.axis_reveal(wrong_w)
    try:
        i18n.use("zh-CN")  # AppTest formats a widget's options (format_func) in the test's own thread
        zh = say.axis_reveal(wrong_w)
        at = run_page(PAGE, lang="zh-CN", **params)
        assert not at.exception
        assert_all_chinese(at, text)
        at.radio(key="cp_axis_value").set_value("rows")
        at.button(key="cp_axis_check").click().run()
        for key in ("swap_weights", "scale_outputs"):
            if at.get("toggle") and any(t.key == key for t in at.toggle):
                at.toggle(key=key).set_value(True).run()
        at.radio(key="quiz_answer").set_value("swap_qk")
        at.button(key="quiz_check").click().run()
        assert not at.exception
        assert zh.text in all_text(at), zh.text
        assert_all_chinese(at, text)
        at.toggle(key="masks").set_value(True).run()
        at.radio(key="quiz_answer").set_value("after_softmax")
        at.button(key="quiz_check").click().run()
        assert not at.exception and (at.success or at.error)
        assert_all_chinese(at, text)
    finally:
        i18n.use("en")
    assert zh.facts == en.facts
    for lo, hi in (en.facts["row_sums"], en.facts["column_sums"]):
        assert enough(lo) in zh.text and enough(hi) in zh.text
