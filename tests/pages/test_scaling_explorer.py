"""The Scaling explorer page through AppTest: the seed's numbers, the sampled spread, the curves and bad input."""

from attn_ui.pages import named
import math
import re
from contextlib import contextmanager
from urllib.parse import parse_qsl

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

import attn_core
from attn_core.scaling import compare_two_keys, temperature_attention
from attn_lessons import format as fmt
from attn_lessons import i18n
from attn_lessons import scaling as scaling_words
from attn_lessons.scaling import prediction_sentence
from tests.prose import english_runs, never_true
from tests.apptest_utils import screen_text as everything_on_screen
from tests.apptest_utils import closed_fold
from tests.apptest_utils import (
    all_text,
    bar_column,
    bar_tables,
    figures,
    run_page,
    table_titled,
    tables,
    title_of,
    with_code,
)

PAGE = named("scaling").path


@contextmanager
def i18n_language(lang: str):
    """Words made in `lang` inside the block, in English again after it."""
    before = i18n.current()
    i18n.use(lang)
    try:
        yield
    finally:
        i18n.use(before)


def open_page(**query_params) -> AppTest:
    """The page with its prediction skipped (?reveal=1), so every figure and number is drawn."""
    return run_page(PAGE, **{"reveal": 1, **query_params})


def open_asking(**query_params) -> AppTest:
    """The page as a learner first meets it: section 1 asks for a prediction before its numbers."""
    return run_page(PAGE, **query_params)


def metric(at: AppTest, label: str) -> str:
    found = [m.value for m in at.get("metric") if m.label == label]
    assert len(found) == 1, (label, [m.label for m in at.get("metric")])
    return found[0]


def screen_text(at: AppTest) -> str:
    """What the learner reads: all_text without the "Show the code" source listings."""
    parts = [str(e.value) for kind in ("markdown", "caption", "info", "warning", "error", "latex", "subheader")
             for e in at.get(kind)]
    return "\n".join(parts + [f"{m.label} {m.value}" for m in at.get("metric")])


def panels(fig: dict) -> list[tuple[str, dict]]:
    """(title, figure) for a figure, or for each panel of a figure drawn as several (side_by_side,
    matrix_grid_figure): the panel's title and its own traces. Subplot titles are the annotations placed on
    the paper, in panel order; panel p draws on axis x, x2, x3, …"""
    titles = [a["text"] for a in fig.get("layout", {}).get("annotations", [])
              if a.get("xref") == "paper" and a.get("yref") == "paper"]
    out = [(title_of(fig), fig)]
    for p, title in enumerate(titles):
        axis = "x" if p == 0 else f"x{p + 1}"
        out.append((title, {"data": [t for t in fig["data"] if t.get("xaxis", "x") == axis], "layout": fig["layout"]}))
    return out


def panel_titled(at: AppTest, starts_with: str) -> dict:
    """The one figure, or panel of a figure, whose title starts with `starts_with`."""
    found = [panel for fig in figures(at) for title, panel in panels(fig) if title.startswith(starts_with)]
    assert len(found) == 1, f"{len(found)} panels titled {starts_with!r}"
    return found[0]


def traces(fig: dict) -> dict:
    return {t["name"]: np.asarray(t["y"], dtype=float) for t in fig["data"] if t.get("name")}


@pytest.fixture(scope="module")
def default_page() -> AppTest:
    at = open_page()
    assert not at.exception, at.exception[0].value
    return at


def test_the_seed_strings_appear_at_the_defaults(default_page):
    text = all_text(default_page)
    assert "softmax([8, 0]) = **[0.9997, 0.0003]**" in text
    assert "softmax([1, 0]) = **[0.731, 0.269]**" in text
    assert "√64 = 8" in text
    (bars,) = [t for t in bar_tables(default_page) if t.caption.startswith("the weights, unscaled and ÷ √64")]
    assert [h for h, _ in bars.heads] == ["", "p = softmax([8, 0])", "p = softmax([8, 0] / √64)"]
    assert [r["label"] for r in bars.body] == ["key 1", "key 2"]
    assert [[text for text, _ in r["cells"]] for r in bars.body] == [["0.9997", "0.731"], ["0.0003", "0.269"]]


def test_the_gradient_of_the_second_key_in_both_cases(default_page):
    two = compare_two_keys([8, 0], 64)
    assert metric(default_page, "∂p₂/∂z₂ unscaled") == "0.0003"
    assert metric(default_page, "∂p₂/∂z₂ after ÷ √64") == "0.197"
    ratio = f"{two.ratio:,.0f}"
    assert 550 < two.ratio < 650 and metric(default_page, "scaled ÷ unscaled") == f"{ratio}×"
    assert f"about **{ratio} times more**" in all_text(default_page)
    J, rows, cols = table_titled(default_page, "∂p/∂z = diag(p) − p pᵀ, unscaled  (2 × 2)")
    np.testing.assert_allclose(J, two.J_unscaled, atol=0.5e-4 + 1e-12)  # as printed, with 4 decimals
    assert rows == cols == ["key 1", "key 2"]
    np.testing.assert_allclose(table_titled(default_page, "∂p/∂z = diag(p) − p pᵀ, scores ÷ √64")[0],
                               two.J_scaled, atol=0.5e-3 + 1e-12)  # 3 decimals
    outlined = [[r["label"] for r in t.body if r["cls"] == "H"] for t in tables(default_page)
                if t.caption.startswith("∂p/∂z")]
    assert outlined == [["key 2"], ["key 2"]]  # the losing key's row: the weight that can barely move


def test_the_sampled_std_is_about_8_and_about_1_after_scaling(default_page):
    # deterministic for seed 0 (measured 8.09 and 1.01); the bounds are five standard errors of a 4000-draw std
    raw = float(metric(default_page, "measured std of q·k"))
    scaled = float(metric(default_page, "measured std of q·k / √d_k"))
    assert abs(raw - 8) < 0.5 and abs(scaled - 1) < 0.06
    assert "about 8" in all_text(default_page)  # the source text: variance d_k, so sd ≈ 8 at d_k = 64
    from attn_lessons.scaling import std_captions

    for said in std_captions(attn_core.scaling.qk_sample(64, 4000, 0)):
        assert said.text in all_text(default_page) and said.facts["about"]["near"]
    hist = panel_titled(default_page, "q·k, d_k = 64")["data"][0]
    np.testing.assert_allclose(hist["x"], attn_core.sample_qk_dots(64, 4000, 0))


def test_the_unscaled_max_weight_climbs_and_the_scaled_one_stays_flat(default_page):
    curves = traces(panel_titled(default_page, "mean largest weight"))
    unscaled, scaled, wrong = curves["unscaled: q·k"], curves["scaled: q·k / √d_k"], curves["wrong factor: q·k / d_k"]
    assert len(unscaled) == 10 and (np.diff(unscaled) > 0).all() and unscaled[-1] > 0.9
    assert np.ptp(scaled) < 0.1
    assert wrong[-1] < wrong[0] and wrong[-1] < 1 / 8 + 0.02
    assert "500 seeds" in all_text(default_page)


def test_the_temperature_dial_uses_head_one_of_the_shared_sentence(default_page):
    inputs = attn_core.build_inputs("the cat sat on the mat", 0, 8)
    w = inputs.weights
    heads = attn_core.multi_head_attention(inputs.X, w.W_Q, w.W_K, w.W_V, 2)
    expected = temperature_attention(heads.Q_heads[0], heads.K_heads[0], 2.0)  # √d_k = √4 by default
    M, rows, cols = table_titled(default_page, "weights = softmax(QKᵀ / τ), τ = 2  (6 × 6)")
    np.testing.assert_allclose(M, expected.weights, atol=0.005 + 1e-12)  # printed with 2 decimals
    assert rows == cols == list(inputs.labels)
    entropy, queries, caption = bar_column(default_page, "Hᵢ (nats)")
    np.testing.assert_allclose(entropy, expected.entropy, atol=0.005 + 1e-12)  # printed with 2 decimals
    assert queries == list(inputs.labels) and caption.startswith("row entropy Hᵢ = −Σⱼ pᵢⱼ log pᵢⱼ")


def test_a_link_reproduces_the_view_and_widgets_write_back():
    at = open_page(za=3, zb=1, dk1=4, dk2=16, n_keys=4, divisor="custom", tau=0.5)
    assert not at.exception
    assert (at.number_input(key="za").value, at.number_input(key="zb").value) == (3.0, 1.0)
    assert at.slider(key="dk2").value == 16 and at.number_input(key="n_keys").value == 4
    assert "softmax([1.5, 0.5]) = **[0.731, 0.269]**" in all_text(at)
    assert table_titled(at, "weights = softmax(QKᵀ / τ), τ = 0.5")
    assert panel_titled(at, "q·k, d_k = 16  ")
    at.number_input(key="za").set_value(1.0).run()
    at.run()  # za reran only section 1 and the notebook, and AppTest then holds only their elements: draw them all
    at.radio(key="divisor").set_value("1").run()
    assert not at.exception
    assert at.query_params["za"] in ("1.0", ["1.0"]) and at.query_params["divisor"] in ("1", ["1"])
    assert table_titled(at, "weights = softmax(QKᵀ / τ), τ = 1 ")


@pytest.mark.parametrize("qp", [
    {"za": "1e308", "zb": "-1e308"},
    {"za": "1e6"},
    {"za": "-1e6", "dk1": "1"},
    {"dk1": "512", "dk2": "512"},
    {"n_keys": "1", "dk2": "1"},
    {"za": "banana", "tau": "0"},
], ids=["1e308", "1e6", "-1e6_dk1", "dk_max", "one_key", "garbage"])
def test_bad_input_gives_numbers_or_a_message_never_nan(qp):
    at = open_page(**qp)
    assert not at.exception, at.exception[0].value
    text = screen_text(at).lower()
    assert "nan" not in text.replace("banana", "") and "inf" not in text and "overflow" not in text
    for m in at.get("metric"):
        assert m.value in ("∞", "both 0") or math.isfinite(float(m.value.replace("×", "").replace(",", "")))
    if "1e6" in qp.values() or "1e308" in qp.values():
        assert any("machine precision" in w.value for w in at.warning)
        assert all("{" not in w.value for w in at.warning), "a message was left unformatted"
    if qp.get("n_keys") == "1":
        assert any("single key" in i.value for i in at.info)
    if qp.get("za") == "banana":
        assert sum("can't be used" in w.value for w in at.warning) == 2


def test_the_page_reads_as_its_lessons_outline():
    import ast
    from pathlib import Path

    tree = ast.parse((Path(__file__).resolve().parents[2] / PAGE).read_text())
    body = tree.body
    last = body[-1]
    assert isinstance(last, ast.Expr) and isinstance(last.value, ast.Call) and last.value.func.id == "main"
    for node in body[:-1]:  # imports, constants and functions only: no work at import time
        assert isinstance(node, (ast.Import, ast.ImportFrom, ast.Assign, ast.FunctionDef)) or (
            isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)), ast.dump(node)[:80]
    functions = {f.name: f for f in body if isinstance(f, ast.FunctionDef)}
    calls = [c.value.func.id for c in functions["main"].body
             if isinstance(c, ast.Expr) and isinstance(c.value, ast.Call) and isinstance(c.value.func, ast.Name)]
    assert calls[-6:-1] == ["two_keys", "variance", "peakedness", "temperature", "closing"]
    assert calls[-1] == "route_footer"  # the page ends with Next (and Back) along the route
    for name, f in functions.items():
        assert f.end_lineno - f.lineno + 1 <= 60, f"{name} is {f.end_lineno - f.lineno + 1} lines"


# ------------------------------------------------------------------ every sentence true in every state
URLS = [{}, {"za": 2, "zb": 0, "dk1": 64}, {"za": 0, "zb": 8}, {"za": 100, "dk1": 4}, {"za": 5, "zb": 5},
        {"za": "1e308", "zb": "-1e308"}, {"za": 3, "zb": 1, "dk1": 1}]


@pytest.fixture(scope="module", params=URLS, ids=lambda qp: "&".join(f"{k}={v}" for k, v in qp.items()) or "defaults")
def page_at(request):
    at = open_page(**request.param)
    assert not at.exception, at.exception[0].value
    return request.param, at


def test_each_gradient_sentence_on_screen_is_the_checked_one(page_at):
    from tests.lessons.test_scaling import check_gradient_claims

    qp, at = page_at
    z1, z2, d_k = float(qp.get("za", 8)), float(qp.get("zb", 0)), int(qp.get("dk1", 64))
    two, said, jac = check_gradient_claims(z1, z2, d_k)  # each fact checked against the numbers
    shown = screen_text(at)
    assert said.text in shown and jac.text in shown  # the sentences on screen are the checked ones
    lo = two.own + 1
    assert metric(at, f"∂p{'₁₂'[lo - 1]}/∂z{'₁₂'[lo - 1]} unscaled") == fmt.readable(two.slope_unscaled, 4)
    assert "seed's" not in shown and "the other key" not in shown
    assert not re.search(r"\d{7}|\d,\d{3},\d{3}|\de[−-]\d", shown), "a number printed as a machine writes it"


def on_screen(at: AppTest, z1: float, z2: float, d_k: int):
    """The gradient message and Jacobian sentence the page shows at these scores, checked fact by fact
    (tests/lessons/test_scaling.py), each shown as built: (its facts, the Jacobian's facts)."""
    from tests.lessons.test_scaling import check_gradient_claims

    _, said, jac = check_gradient_claims(z1, z2, d_k)
    assert gradient_text(at) == said.text and jac.text in screen_text(at)
    return said.facts, jac.facts


def test_at_the_defaults_the_weights_get_a_73_times_weaker_signal(default_page):
    facts, _ = on_screen(default_page, 8, 0, 64)
    assert metric(default_page, "reaching W_Q, W_K") == "73×" and facts["said"]["raw_ratio"] == "73×"
    assert (facts["loser"], facts["at_softmax"], facts["at_weights"], facts["barely_learns"]) == (
        1, "more", "larger", True)
    assert facts["said"]["ratio"] == "586 times" and facts["said"]["raw_slope"] == "0.0246"


def test_small_scores_say_the_unscaled_signal_is_larger():
    at = open_page(za=2, zb=0, dk1=64)
    facts, _ = on_screen(at, 2, 0, 64)
    assert facts["unscaled"] == "not small" and not facts["barely_learns"]
    assert facts["at_weights"] == "smaller" and facts["said"]["raw_ratio"] == "3.4×"  # the unscaled one, 3.4× as large
    assert metric(at, "reaching W_Q, W_K") == "0.3×"


def test_when_key_2_wins_the_page_names_key_1_as_the_loser():
    at = open_page(za=0, zb=8)
    facts, jac = on_screen(at, 0, 8, 64)
    assert facts["loser"] == jac["loser"] == 0 and facts["said"]["loser"] == "key 1"
    assert metric(at, "∂p₁/∂z₁ unscaled") == "0.0003" and metric(at, "∂p₁/∂z₁ after ÷ √64") == "0.197"


def test_the_jacobian_sentence_says_the_winners_gradient_vanishes_too(default_page):
    _, jac = on_screen(default_page, 8, 0, 64)
    assert (jac["loser"], jac["winner"], jac["corner"]) == (1, 0, "bottom-right")


def test_huge_ratios_read_as_powers_of_ten_and_say_what_they_mean():
    at = open_page(za=100, dk1=4)
    facts, _ = on_screen(at, 100, 0, 4)
    assert facts["said"]["ratio"] == "5.2 × 10²¹ times" and facts["barely_learns"]  # both far too small to learn
    assert "5,184,705" not in screen_text(at) and "e−" not in screen_text(at)
    assert metric(at, "scaled ÷ unscaled") == "5.2 × 10²¹ times"


def test_peakedness_words_come_from_the_numbers(default_page):
    from attn_core.scaling import peakedness_curves
    from attn_lessons.scaling import closing_sentence, peakedness_sentence
    from tests.lessons.test_scaling import CURVE_D_KS, check_peakedness_claims

    said = check_peakedness_claims(peakedness_curves(8, CURVE_D_KS, 500, 0))  # the page's curves, checked
    text = screen_text(default_page)
    assert said == peakedness_sentence(peakedness_curves(8, CURVE_D_KS, 500, 0)) and said.text in text
    assert said.facts["argmax"] and said.facts["toward_uniform"] and said.facts["scaled"] == "changes"
    assert (said.facts["said"]["low"], said.facts["said"]["high"]) == ("0.299", "0.373")  # rounded outward
    assert "made visible" not in text and "“Check yourself”" not in text  # the closing answers, once
    assert closing_sentence().text in text


def test_the_three_curves_differ_in_dash_and_marker_not_only_colour(default_page):
    for title in ("mean largest weight", "mean entropy"):
        curves = [t for t in panel_titled(default_page, title)["data"] if t.get("name") in CURVE_NAMES_SHOWN]
        assert len(curves) == 3
        assert len({t["line"]["dash"] for t in curves}) == 3
        assert len({t["marker"]["symbol"] for t in curves}) == 3
    std = [t for t in panel_titled(default_page, "measured std of q·k against d_k")["data"]
           if t.get("name", "").startswith("measured")]
    assert len({(t["line"]["dash"], t["marker"]["symbol"]) for t in std}) == 2


def gradient_text(at: AppTest) -> str:
    """The paragraph under the slope metrics: what the slopes mean for learning."""
    found = [m.value for m in at.markdown if "W_Q and W_K" in m.value and "slope" in m.value]
    assert len(found) == 1, found
    return found[0]


CURVE_NAMES_SHOWN = ("unscaled: q·k", "scaled: q·k / √d_k", "wrong factor: q·k / d_k")


def test_the_page_ends_with_next_and_back_carrying_the_settings():
    """Phase 2, item 1: Next goes on along the route, Back returns, both with the shared settings."""
    from attn_ui.pages import neighbours

    back, nxt = neighbours(PAGE)
    at = open_page(seed=11, d_model=16, heads=4)
    assert not at.exception
    links = [e.proto for e in at.main.get("page_link")]  # the sidebar's links are not the footer
    assert [link.label for link in links] == [f"Next: {nxt.label}", f"Back: {back.label}"]
    assert links[0].page == nxt.url_path and links[1].page == back.url_path
    assert all("seed=11" in link.query_string and "heads=4" in link.query_string for link in links)


# ------------------------------------------------------------------------------------------- predict, then see
def section_one_figures(at: AppTest) -> list:
    """The headers of section 1's bars (its weights) and the titles of its tables (the Jacobians) on the page."""
    return [head for t in bar_tables(at) for head, _ in t.heads if head.startswith("p = softmax")] + [
        t.caption for t in tables(at) if t.caption.startswith("∂p/∂z")]


def answer(at: AppTest, value: float) -> AppTest:
    at.slider(key="cp_softmax_value").set_value(value)
    return at.button(key="cp_softmax_check").click().run()


def test_section_one_asks_for_softmax_of_8_0_before_any_of_its_numbers():
    at = open_asking()
    assert not at.exception
    text = all_text(at)
    assert "**Predict first.** What is softmax([8, 0])?" in text
    assert at.slider(key="cp_softmax_value").value == 0.5
    assert section_one_figures(at) == [] and "0.9997" not in text
    assert not [m for m in at.get("metric") if m.label.startswith(("∂p", "scaled ÷", "reaching"))]
    assert panel_titled(at, "q·k, d_k = 64")  # the other sections do not wait


def test_a_right_prediction_is_told_so_with_the_numbers_on_screen():
    from tests.lessons.test_scaling import check_prediction_claims

    at = answer(open_asking(), 1.0)
    assert not at.exception
    said = check_prediction_claims(1.0, 8, 0, 64)  # every fact of the reveal, against the numbers
    (success,) = [s.value for s in at.success]  # right: told so, with the checked reveal
    assert success.endswith(said.text) and said.facts["right"] and said.facts["side"] == "above"
    assert said.facts["said"]["weights"] == "[0.9997, 0.0003]" and said.facts["said"]["scaled_keeps"] == "0.269"
    assert "softmax([8, 0]) = **[0.9997, 0.0003]**" in all_text(at)  # the live numbers the reveal speaks of
    assert len(section_one_figures(at)) == 4 and metric(at, "∂p₂/∂z₂ unscaled") == "0.0003"


def test_a_wrong_prediction_says_how_far_and_why():
    at = answer(open_asking(), 0.6)
    assert not at.exception and not at.success
    from tests.lessons.test_scaling import check_prediction_claims

    (warning,) = [w.value for w in at.warning]  # wrong: not told right, with the checked reveal
    said = check_prediction_claims(0.6, 8, 0, 64)
    assert warning.endswith(said.text) and said.text.startswith("softmax([8, 0]) = **[0.9997, 0.0003]**.")
    assert (said.facts["right"], said.facts["side"], said.facts["said"]["off"], said.facts["hint"]) == (
        False, "below", "0.3997", "sharper")
    assert len(section_one_figures(at)) == 4


def test_show_me_reveals_the_answer_without_a_verdict():
    at = open_asking().button(key="cp_softmax_skip").click().run()
    assert not at.exception and not at.success
    assert any(i.value.startswith("softmax([8, 0]) = **[0.9997, 0.0003]**.") and "You said" not in i.value
               for i in at.info)
    assert len(section_one_figures(at)) == 4
    at.run()  # the next run remembers the choice
    assert "You skipped this one." in all_text(at) and len(section_one_figures(at)) == 4


def test_new_scores_open_the_question_again_with_no_verdict():
    """The question is about the two scores: answered for [3, 1], it opens again for [5, 1] with no verdict, and
    section 1 draws nothing until the learner answers for the new scores."""
    at = open_asking(za=3, zb=1)
    assert "What is softmax([3, 1])?" in all_text(at)
    at = answer(at, 0.9)  # softmax([3, 1]) = [0.8808, 0.1192]
    from attn_lessons.scaling import prediction_sentence

    said = prediction_sentence(0.9, compare_two_keys([3, 1], 64))
    assert said.facts["right"] and said.facts["said"]["off"] == "0.0192" and said.facts["said"]["key1"] == "0.8808"
    assert [s.value for s in at.success if s.value.endswith(said.text)]
    at.number_input(key="za").set_value(5.0).run()
    assert not at.exception
    text = all_text(at)
    assert "What is softmax([5, 1])?" in text and "Your prediction" not in text
    assert "What is softmax([3, 1])" not in text
    assert not at.success and not at.warning and not at.info  # no verdict, no reveal
    assert at.slider(key="cp_softmax_value") and section_one_figures(at) == []
    at = answer(at, 0.9)
    assert at.warning and "softmax([5, 1]) = **[0.9820, 0.0180]**" in at.warning[0].value


def test_a_new_d_k_keeps_the_reveal_and_judges_the_same_guess_again():
    """d_k only moves the numbers: the reveal stays, the guess is the one given, the verdict is worked out for the
    numbers now on the page (the scaled side the reveal ends with), and the page says they moved."""
    from attn_lessons.scaling import prediction_sentence

    at = answer(open_asking(), 1.0)
    assert at.success[0].value.endswith(prediction_sentence(1.0, compare_two_keys([8, 0], 64)).text)
    at.number_input(key="dk1").set_value(4).run()
    assert not at.exception
    text = all_text(at)
    assert "Your prediction: **1.00**" in text and "checked against the numbers on the page now" in text
    (success,) = [s.value for s in at.success]
    said = prediction_sentence(1.0, compare_two_keys([8, 0], 4))
    assert success.endswith(said.text) and said.text.startswith("softmax([8, 0]) = **[0.9997, 0.0003]**.")
    assert (said.facts["said"]["scaled_gap"], said.facts["said"]["scaled_keeps"]) == ("4", "0.018")
    assert len(section_one_figures(at)) == 4 and metric(at, "∂p₂/∂z₂ after ÷ √4") == "0.018"
    at.number_input(key="dk1").set_value(64).run()  # back to the numbers the learner answered for
    assert "checked against the numbers" not in all_text(at) and at.success


def printed_everywhere(at: AppTest) -> str:
    """Every string the page prints or plots: its text and code, its tables' markup, its figures' data."""
    import json

    return "\n".join([all_text(at)] + [el.proto.body for el in at.get("html")] + [json.dumps(f) for f in figures(at)])


def plotted_values(at: AppTest) -> list[float]:
    """Every number in every figure's data."""
    found: list[float] = []

    def walk(node):
        if isinstance(node, dict):
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
        elif isinstance(node, (int, float)) and not isinstance(node, bool):
            found.append(float(node))

    for fig in figures(at):
        walk(fig["data"])
    return found


def closing_text(at: AppTest) -> str:
    found = [m.value for m in at.markdown if m.value.startswith("It [keeps scores from growing")]
    assert len(found) == 1, [h.value for h in at.header]
    return found[0]


def test_the_closing_says_it_is_the_source_texts_case_and_adds_the_learners_own():
    """Issue 30, item 2: z₁ = 2 and d_k = 4 used to leave a bare "at [8, 0] and d_k = 64". The box names the source
    text's example, computed, then the learner's; section 1's controls rerun it (a fragment), and it states neither
    weight of [1, 0]: Check yourself asks the first one at the source's numbers."""
    from attn_lessons.scaling import closing_sentence

    at = open_page()
    said = closing_sentence(compare_two_keys([8, 0], 64))
    assert closing_text(at) == said.text and said.facts["yours"] is None  # the learner's case is the source's
    assert said.facts["said"]["source_ratio"] == "73 times"
    at.number_input(key="za").set_value(2.0).run()
    at.number_input(key="dk1").set_value(4).run()
    text = closing_text(at)  # only section 1's fragments reran: the closing among them
    two = compare_two_keys([2, 0], 4)
    said = closing_sentence(two)
    assert text == said.text and text.startswith(closing_sentence().text)
    assert two.slope_unscaled / two.raw_slope == pytest.approx(1.07, abs=0.005)
    assert said.facts["yours"] == "smaller" and said.facts["said"]["ratio"] == "1.1×"
    source = compare_two_keys([8, 0], 64)
    assert not any(fmt.num(p, d) in text for p in (*source.p_scaled, *source.p_unscaled) for d in (2, 3, 4))


@pytest.mark.parametrize("d_k, shape", [(1, "spike"), (2, "point"), (7, "round"), (8, None)])
def test_the_tails_caption_calls_only_a_single_product_not_bell_shaped(d_k, shape):
    from attn_lessons.scaling import tails_caption

    at = open_page(dk2=d_k)
    text = screen_text(at)
    said = tails_caption(d_k)  # its facts are checked against a measured kurtosis in tests/lessons
    assert (said is None) == (shape is None) and ("excess kurtosis" in text) == (shape is not None)
    if said:
        assert said.text in text and said.facts["shape"] == shape and said.facts["products"] == d_k


@pytest.mark.parametrize("scores", [(8.0, 0.0), (3.0, 1.0), (0.0, 8.0)])
def test_while_the_question_is_open_its_answer_is_nowhere_on_the_page(scores):
    """softmax(z), asked, is in no sentence, table, figure or line of code until the learner answers: not as
    printed (4 decimals), nor as a plotted value."""
    from attn_lessons.scaling import weight_text

    at = open_asking(za=scores[0], zb=scores[1])
    assert not at.exception and "**Predict first.**" in all_text(at)
    p = compare_two_keys(list(scores), 64).p_unscaled
    printed = printed_everywhere(at)
    for k in (0, 1):
        assert not re.search(rf"(?<![\d.]){re.escape(weight_text(p[k], 4, rest=p[1 - k]))}(?!\d)", printed), p[k]
        assert not any(abs(v - p[k]) < 1e-9 for v in plotted_values(at)), p[k]
    answered = answer(at, 0.6)  # and once answered the same search finds it: the check can fail
    assert weight_text(p[0], 4, rest=p[1]) in printed_everywhere(answered)


# ------------------------------------------------------------------------------------------- speed and phones
def test_charts_are_byte_identical_from_one_run_to_the_next():
    """An unchanged chart costs the browser almost nothing only if its JSON is the same, byte for byte."""
    specs = [[el.proto.spec for el in open_page().get("plotly_chart")] for _ in range(2)]
    assert len(specs[0]) == 6 and specs[0] == specs[1]  # two rows of two charts, and two alone
    markup = [[el.proto.body for el in open_page().get("html")] for _ in range(2)]  # and the tables' markup
    # the Jacobians (one row), the temperature's weights, and two of bars (section 1's weights, the entropies)
    assert len([m for m in markup[0] if "<table" in m]) == 5 and markup[0] == markup[1]


def test_every_chart_is_drawn_without_toolbar_or_zoom(default_page):
    import json

    for el in default_page.get("plotly_chart"):
        assert json.loads(el.proto.config) == {"displayModeBar": False, "scrollZoom": False}


# ------------------------------------------------------------------------------------------- take it home
def shown_cells(za=8.0, zb=0.0, dk1=64, dk2=64, n_keys=8, divisor="sqrt_dk", tau=1.0,
                text="the cat sat on the mat", seed=0, d_model=8, heads=2):
    """The notebook's cells for a state, each number computed with attn_core as the page computes it."""
    from attn_core.scaling import divisor_value, peakedness_curves, qk_sample
    from attn_ui import notebooks as nbk

    inputs = attn_core.build_inputs(text, seed, d_model)
    w = inputs.weights
    head = attn_core.multi_head_attention(inputs.X, w.W_Q, w.W_K, w.W_V, heads)
    Q, K = head.Q_heads[0], head.K_heads[0]
    two, sample = compare_two_keys([za, zb], dk1), qk_sample(dk2, 4000, seed)
    d_ks = [2**i for i in range(10)]
    peak = peakedness_curves(n_keys, d_ks, 500, seed)
    tau = divisor_value(divisor, Q.shape[1], tau)
    temp = temperature_attention(Q, K, tau)
    return nbk.cells(
        "scaling",
        {"z": nbk.Note(np.array([za, zb]), "section 1: the two scores, z₁ and z₂"),
         "d_k": nbk.Note(dk1, "section 1: their width"),
         "seed, n_samples, sample_d_k": nbk.Note((int(seed), 4000, int(dk2)), "section 2"),
         "n_keys, n_seeds": nbk.Note((int(n_keys), 500), "section 3: keys per draw, draws per width"),
         "curve_d_ks": nbk.Note(d_ks, "section 3: the widths"),
         "labels": nbk.names(inputs.labels, "section 4: your sentence's tokens"), "Q": Q, "K": K,
         "tau": nbk.Note(tau, "section 4: the divisor τ")},
        {"p_unscaled": two.p_unscaled, "p_scaled": two.p_scaled, "J_unscaled": two.J_unscaled,
         "J_scaled": two.J_scaled, "std": sample.std, "std_scaled": sample.std_scaled,
         **{f"max_weight_{name}": peak.max_weight[name] for name in ("unscaled", "sqrt_dk", "dk")},
         **{f"entropy_{name}": peak.entropy[name] for name in ("unscaled", "sqrt_dk", "dk")},
         "temp_weights": temp.weights, "row_entropy": temp.entropy})


def notebook_code(at: AppTest) -> list[str]:
    """The notebook's code on screen (the listings that start with numpy's import)."""
    return [c.value.strip() for c in at.code if "import numpy as np" in c.value.splitlines()[:3]]


def test_show_the_code_is_the_notebook_text_and_the_notebook_downloads(default_page):
    import inspect

    import nbformat

    from attn_core.scaling import peakedness_curves, qk_sample
    from attn_ui import notebooks as nbk

    cells = shown_cells()
    assert notebook_code(default_page) == []  # built and sent only when asked for
    at = with_code(open_page())
    assert notebook_code(at) == [nbk.page_code(cells).strip()]  # the code on screen is the notebook's code
    codes = [c.value.strip() for c in at.code]
    for fn in (compare_two_keys, qk_sample, peakedness_curves, temperature_attention):  # and the page's own
        assert inspect.getsource(fn).strip() in codes
    (button,) = at.get("download_button")
    assert button.proto.label == "Download as a notebook"
    nbformat.validate(nbk.notebook("Attention Explorer: Scaling explorer", {}, "", cells))
    assert "z = np.array([8.0, 0.0])" in codes[0] and "tau = 2.0" in codes[0]


def test_the_code_follows_a_link_and_each_sections_controls():
    """Each control reruns only its section and the notebook: the code on screen follows it there too."""
    from attn_ui import notebooks as nbk

    state = {"za": 3.0, "zb": 1.0, "dk1": 4, "dk2": 16, "n_keys": 4, "divisor": "custom", "tau": 0.5}
    at = with_code(open_page(**state))
    assert notebook_code(at) == [nbk.page_code(shown_cells(**state)).strip()]
    for kind, key, value in (("number_input", "za", -2.0), ("slider", "dk2", 3), ("number_input", "n_keys", 2),
                             ("radio", "divisor", "dk")):
        getattr(at, kind)(key=key).set_value(value).run()
        assert not at.exception
        state[key] = value
        assert notebook_code(at) == [nbk.page_code(shown_cells(**state)).strip()], key
        at.run()  # AppTest keeps only the rerun sections' elements: draw the whole page for the next control


def test_a_wide_head_shows_its_long_code_only_when_asked():
    from attn_ui import notebooks as nbk

    text = " ".join(f"w{i}" for i in range(20))  # 20 tokens × d_k 64, twice: 2,560 numbers
    at = open_page(text=text, d_model=64, heads=1)
    assert not at.exception and notebook_code(at) == []
    assert len(at.get("download_button")) == 1
    at.toggle(key="show_code").set_value(True).run()
    assert notebook_code(at) == [nbk.page_code(shown_cells(text=text, d_model=64, heads=1)).strip()]


# ------------------------------------------------------------------------------------------- issue 22's states
def test_the_vanishing_slope_is_not_read_as_4_percent_of_the_tie(default_page):
    """Issue 22, item 12: "∂p₂/∂z₂ = 0.0003, below 0.01, which is 4% of the 0.25…" read as if 0.0003 were 4%."""
    facts, _ = on_screen(default_page, 8, 0, 64)
    assert facts["said"]["slope_unscaled"] == "0.0003" and facts["said"]["tie_over_unscaled"] == "746 times"
    assert "4%" not in gradient_text(default_page)


def test_one_key_and_one_token_are_said_as_one():
    """Issue 22: "one query and 1 keys" (n_keys=1) and "0% of the way … to uniform (log 1 = 0.000)" (one token)."""
    at = open_page(n_keys=1, text="hello")
    assert not at.exception
    text = screen_text(at)
    assert "500 independent draws of one query and 1 key from" in text and "1 keys" not in text
    (bar,) = at.get("progress")
    from attn_lessons.scaling import temperature_progress

    said = temperature_progress(temperature_attention(np.ones((1, 2)), np.ones((1, 2)), 2.0))  # one token: one key
    assert bar.proto.text == said.text and said.facts["single_key"] and "position" not in said.facts["said"]
    assert "log 1" not in text and "all 1." not in text and "%" not in bar.proto.text  # no "0% of the way"


# ------------------------------------------------------------------------------------------- a 30-minute core
def test_the_page_reads_within_its_budget_with_the_derivation_folded(default_page):
    """Issue 23: at most 700 words with the predictions answered, at most about 120 before the first picture; the
    Jacobian's derivation sits in an expander, closed by default, and heads are said to be taught later."""
    from tests.lesson_length import PAGE_WORDS, WORDS_BEFORE_PICTURE, reading

    total, before = reading(default_page)
    assert total <= PAGE_WORDS and before is not None and before <= WORDS_BEFORE_PICTURE, (total, before)
    (fold,) = [e for e in default_page.expander if e.label.startswith("The gradient, worked out")]
    closed_fold(PAGE, fold.label, reveal=1)  # closed, and empty until opened
    assert [t.caption for t in tables(default_page) if t.caption.startswith("∂p/∂z")] and \
        any("the winning key's vanishes just as much" in m.value for m in fold.markdown)
    assert "heads are taught on Masks and heads" in screen_text(default_page)


def test_float_edges_on_screen_decide_on_the_scores_and_print_true_sizes():
    """Issue 36, item 10, walked from its links: ?za=1e-17&zb=0 never calls the scores equal; ?za=-745&zb=0 prints
    softmax([−745, 0])₁ at its true size, 2.8 × 10⁻³²⁴, and the slope metric with it."""
    facts, jac = on_screen(open_page(za="1e-17", zb="0"), 1e-17, 0, 64)
    assert compare_two_keys([1e-17, 0], 64).p_unscaled.tolist() == [0.5, 0.5]  # the weights do tie in float64
    assert facts["said"]["gap"] == jac["said"]["gap"] == "1 × 10⁻¹⁷" and not jac["scores_equal"]
    low = open_page(za="-745", zb="0")
    text = screen_text(low)
    assert "softmax([−745, 0]) = **[2.8 × 10⁻³²⁴, 1 − 2.8 × 10⁻³²⁴]**" in text
    assert metric(low, "∂p₁/∂z₁ unscaled") == "2.8 × 10⁻³²⁴"
    assert "= **[4.9 × 10⁻³²⁴" not in text and "∂p₁/∂z₁ = 4.9" not in text


# ------------------------------------------------------------------------------------------- in Chinese (issue 40)
ZH_SENTENCE = "猫坐在垫子上"
ZH_STATES = [{"text": ZH_SENTENCE}] + [dict(parse_qsl(example)) for example in named("scaling").examples]


def language_free(facts):
    """The facts without the words they are quoted in ("said", "loser_said"): what a sentence claims in any language."""
    if isinstance(facts, dict):
        return {k: language_free(v) for k, v in facts.items() if k not in ("said", "loser_said")}
    return facts


def chinese_runs(at: AppTest, sentence: str) -> list[str]:
    """The English runs of four words or more on the page, leaving out the learner's sentence (and its tokens, which
    the tables list one by one) and the tables' inline style sheets (CSS is no sentence)."""
    text = re.sub(r"<style[^>]*>.*?</style>", " ", everything_on_screen(at), flags=re.S)
    return english_runs(text, allowed=(sentence, *sentence.split()))


@pytest.mark.parametrize("state", ZH_STATES, ids=["defaults", "example-1", "example-2"])
def test_the_page_reads_in_chinese_with_its_question_open_and_answered(state):
    """With ?lang=zh-CN no English run of four words or more is on screen, the question open, then answered wrong
    (the reveal with its hint), then answered right; the numbers the Chinese sentences quote are the same facts."""
    at = open_asking(lang="zh-CN", **state)
    assert not at.exception and not chinese_runs(at, state["text"] if "text" in state else "")
    two = compare_two_keys([float(state.get("za", 8)), float(state.get("zb", 0))], int(state.get("dk1", 64)))
    for guess in (1 - round(float(two.p_unscaled[0]), 2), round(float(two.p_unscaled[0]), 2)):
        at = answer(open_asking(lang="zh-CN", **state), guess)
        assert not at.exception and not chinese_runs(at, state.get("text", "")), guess
        text = all_text(at)
        assert not never_true(text, "zh-CN"), never_true(text, "zh-CN")  # the Chinese never-true patterns too
        with i18n_language("zh-CN"):
            said = prediction_sentence(guess, two)
        assert said.text in text  # the same claim in either language: the facts but the words they are printed in
        assert language_free(said.facts) == language_free(prediction_sentence(guess, two).facts)
        assert f"softmax({scaling_words.scores_text(two.scores)}) = **{said.facts['said']['weights']}**" in text


def test_the_source_texts_numbers_read_in_chinese_too():
    """softmax([8, 0]) = [0.9997, 0.0003], softmax([1, 0]) = [0.731, 0.269] and a spread of about 8 at d_k = 64,
    quoted in the Chinese page as in the English one."""
    at = open_page(lang="zh-CN", text=ZH_SENTENCE)
    assert not at.exception
    text = all_text(at)
    assert "softmax([8, 0]) = **[0.9997, 0.0003]**" in text
    assert "除以 √64 = 8：softmax([1, 0]) = **[0.731, 0.269]**" in text
    assert "理论值：√d_k = √64 = 8。实测 8.09：**约为 8**" in text
    assert "它的标准差是 √d_k" in text and not chinese_runs(at, ZH_SENTENCE)
    assert [h.value for h in at.header][:2] == ["1. 两个键，并排比较", "2. 方差论证：动手抽样"]


def test_switching_the_language_keeps_the_scores_and_the_divisor():
    at = open_page(za=3, zb=1, dk1=16, divisor="dk")
    english = all_text(at)
    assert "softmax([3, 1]) = **[0.8808, 0.1192]**" in english and "Divided by √16 = 4" in english
    at = open_page(za=3, zb=1, dk1=16, divisor="dk", lang="zh-CN")
    chinese = all_text(at)
    assert "softmax([3, 1]) = **[0.8808, 0.1192]**" in chinese and "除以 √16 = 4" in chinese
    assert at.radio(key="divisor").value == "dk" and at.number_input(key="za").value == 3
