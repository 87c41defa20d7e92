"""The Common mistakes page through AppTest: right and wrong twins, the heads cases, and the quiz."""

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

import attn_core
from attn_core import mistakes as mk
from tests.apptest_utils import all_text, figure_titled, figures, heatmap_z, run_page, title_of

PAGE = "pages/3_Common_mistakes.py"


def open_page(**query_params) -> AppTest:
    """Open the page cold from a link, inside the app, as a visitor arriving by URL would."""
    return run_page(PAGE, **query_params)


def qkv(text="the cat sat on the mat", seed=0, d_model=8):
    inp = attn_core.build_inputs(text, seed, d_model)
    w = inp.weights
    return inp, inp.X @ w.W_Q, inp.X @ w.W_K, inp.X @ w.W_V


def trace(fig):
    return next(t for t in fig["data"] if t.get("type") == "heatmap")


def test_defaults_show_each_mistake_beside_the_right_one():
    at = open_page()
    assert not at.exception, at.exception[0].value if at.exception else ""
    _, Q, K, V = qkv()
    right = attn_core.scaled_dot_product_attention(Q, K, V)

    wrong_w = heatmap_z(figure_titled(at, "weights, softmax over axis 0 (WRONG)"))
    np.testing.assert_allclose(wrong_w.sum(axis=0), 1)  # the telltale: columns sum to 1 …
    assert np.abs(wrong_w.sum(axis=1) - 1).max() > 0.05  # … and rows do not
    np.testing.assert_allclose(heatmap_z(figure_titled(at, "weights = softmax(QKᵀ/√d_k, axis=−1)")), right.weights)

    sums = at.dataframe[0].value  # the row and column sums table, the first on the page
    np.testing.assert_allclose(sums["wrong: row sum"], wrong_w.sum(axis=1))
    np.testing.assert_allclose(sums["right: row sum"], 1)

    swapped = heatmap_z(figure_titled(at, "scores = KQᵀ, Q and K swapped (WRONG)"))
    np.testing.assert_allclose(swapped, heatmap_z(figure_titled(at, "scores = QKᵀ, right")).T)
    np.testing.assert_allclose(heatmap_z(figure_titled(at, "output = weights·K, K used as values (WRONG)")),
                               right.weights @ K)

    # twins share one colour scale, so right and wrong can be compared by eye
    for right_title, wrong_title in [("output = weights·V, right", "output, softmax over axis 0 (WRONG)"),
                                     ("scores = QKᵀ, right", "scores = KQᵀ")]:
        matches = [f for f in figures(at) if title_of(f).startswith(right_title)]
        r, w = trace(matches[0]), trace(figure_titled(at, wrong_title))
        assert (r["zmin"], r["zmax"]) == (w["zmin"], w["zmax"])
        assert w["zmax"] >= np.abs(heatmap_z(figure_titled(at, wrong_title))).max() - 1e-12

    # every wrong figure says so in its title; the right figures never do
    titles = [title_of(f) for f in figures(at)]
    assert sum("(WRONG)" in t for t in titles) == 10, titles  # 2 axis-0, 4 scale, 2 swap, V as K, K as V
    assert not any("(WRONG)" in t and ", right" in t for t in titles)
    assert "check that each row of your weights sums to 1" in all_text(at)


@pytest.mark.parametrize("heads", [1, 2, 4])
def test_the_wrong_scale_with_heads(heads):
    at = open_page(heads=heads)
    assert not at.exception, at.exception[0].value if at.exception else ""
    text = all_text(at)
    titles = [title_of(f) for f in figures(at)]
    metrics = {}
    for m in at.metric:  # the metrics come in (entropy, largest weight) pairs, one pair per scale, left to right
        metrics.setdefault(m.label, []).append(float(m.value.replace("−", "-")))
    if heads == 1:
        assert "√d_model and √d_k are the same number" in text
        assert not any("√d_model" in t for t in titles), titles  # no false difference drawn
        H_none, H_right = metrics["mean row entropy (nats)"]
        assert H_none < H_right
        return
    inp, *_ = qkv()
    w = inp.weights
    mha = attn_core.multi_head_attention(inp.X, w.W_Q, w.W_K, w.W_V, heads)
    flat = mk.scale_by_sqrt_d_model(mha.Q_heads, mha.K_heads, mha.V_heads, 8)
    np.testing.assert_allclose(heatmap_z(figure_titled(at, "weights ÷ √d_model = √8 (WRONG)")), flat.weights[0])
    np.testing.assert_allclose(heatmap_z(figure_titled(at, f"weights ÷ √d_k = √{8 // heads}, right")),
                               mha.weights[0])
    H_none, H_dmodel, H_right = metrics["mean row entropy (nats)"]
    top_none, top_dmodel, top_right = metrics["mean largest weight"]
    assert H_none < H_right < H_dmodel  # the two mistakes push in opposite directions
    assert top_none > top_right > top_dmodel
    assert f"so d_k = {8 // heads}, not d_model = 8" in text
    assert "same number" not in text


def test_quiz_right_and_wrong_answers():
    at = open_page(quiz=5)
    assert at.number_input(key="quiz").value == 5
    pool = [m.name for m in mk.quiz_pool(8, 4)]  # the defaults: d_model 8, 2 heads of d_k 4
    secret = mk.draw_mistake(5, pool)
    inp, *_ = qkv()
    w = inp.weights
    mha = attn_core.multi_head_attention(inp.X, w.W_Q, w.W_K, w.W_V, 2)
    mystery = mk.BY_NAME[secret].run(mha.Q_heads, mha.K_heads, mha.V_heads, 8)
    np.testing.assert_allclose(heatmap_z(figure_titled(at, "head 1 weights, mystery")), mystery.weights[0])
    np.testing.assert_allclose(heatmap_z(figure_titled(at, "output, mystery")), attn_core.merge_heads(mystery.output))

    at.radio(key="quiz_answer").set_value(secret)
    at.button(key="quiz_check").click().run()
    assert not at.exception
    assert len(at.success) and at.success[-1].value.startswith("Right")
    assert not at.error

    wrong = next(name for name in pool if name != secret)
    at.radio(key="quiz_answer").set_value(wrong)
    at.button(key="quiz_check").click().run()
    assert len(at.error) and "Not this time" in at.error[0].value
    assert mk.BY_NAME[secret].label[1:] in at.error[0].value  # named without a capital at the start
    assert mk.BY_NAME[wrong].label[1:] in at.error[0].value
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
    assert not figures(at)
