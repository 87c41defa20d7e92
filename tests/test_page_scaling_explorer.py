"""The Scaling explorer page through AppTest: the seed's numbers, the sampled spread, the curves and bad input."""

import math

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

import attn_core
from attn_core.scaling import compare_two_keys, temperature_attention
from tests.apptest_utils import all_text, figure_titled, heatmap_z, run_page

PAGE = "pages/2_Scaling_explorer.py"


def open_page(**query_params) -> AppTest:
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
    bars = figure_titled(default_page, "p = softmax([8, 0])  ")["data"][0]
    assert bars["text"] == ["0.9997", "0.0003"]
    assert figure_titled(default_page, "p = softmax([8, 0] / √64)")["data"][0]["text"] == ["0.731", "0.269"]


def test_the_gradient_of_the_second_key_in_both_cases(default_page):
    two = compare_two_keys([8, 0], 64)
    assert metric(default_page, "∂p₂/∂z₂ unscaled") == "0.0003"
    assert metric(default_page, "∂p₂/∂z₂ after ÷ √64") == "0.197"
    ratio = f"{two.ratio:,.0f}"
    assert 550 < two.ratio < 650 and metric(default_page, "scaled ÷ unscaled") == f"{ratio}×"
    assert f"about **{ratio} times more**" in all_text(default_page)
    J = heatmap_z(figure_titled(default_page, "∂p/∂z = diag(p) − p pᵀ, unscaled"))
    np.testing.assert_allclose(J, two.J_unscaled)
    np.testing.assert_allclose(heatmap_z(figure_titled(default_page, "∂p/∂z = diag(p) − p pᵀ, scores ÷ √64")),
                               two.J_scaled)


def test_the_sampled_std_is_about_8_and_about_1_after_scaling(default_page):
    # deterministic for seed 0 (measured 8.09 and 1.01); the bounds are five standard errors of a 4000-draw std
    raw = float(metric(default_page, "measured std of q·k"))
    scaled = float(metric(default_page, "measured std of q·k / √d_k"))
    assert abs(raw - 8) < 0.5 and abs(scaled - 1) < 0.06
    assert "about 8" in all_text(default_page)
    hist = figure_titled(default_page, "q·k, d_k = 64")["data"][0]
    np.testing.assert_allclose(hist["x"], attn_core.sample_qk_dots(64, 4000, 0))


def test_the_unscaled_max_weight_climbs_and_the_scaled_one_stays_flat(default_page):
    curves = traces(figure_titled(default_page, "mean largest weight"))
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
    np.testing.assert_allclose(heatmap_z(figure_titled(default_page, "weights = softmax(QKᵀ / τ), τ = 2")),
                               expected.weights)
    np.testing.assert_allclose(figure_titled(default_page, "row entropy")["data"][0]["y"], expected.entropy)


def test_a_link_reproduces_the_view_and_widgets_write_back():
    at = open_page(za=3, zb=1, dk1=4, dk2=16, n_keys=4, divisor="custom", tau=0.5)
    assert not at.exception
    assert (at.number_input(key="za").value, at.number_input(key="zb").value) == (3.0, 1.0)
    assert at.slider(key="dk2").value == 16 and at.number_input(key="n_keys").value == 4
    assert "softmax([1.5, 0.5]) = **[0.731, 0.269]**" in all_text(at)
    assert figure_titled(at, "weights = softmax(QKᵀ / τ), τ = 0.5")
    assert figure_titled(at, "q·k, d_k = 16  ")
    at.number_input(key="za").set_value(1.0).run()
    at.radio(key="divisor").set_value("1").run()
    assert not at.exception
    assert at.query_params["za"] in ("1.0", ["1.0"]) and at.query_params["divisor"] in ("1", ["1"])
    assert figure_titled(at, "weights = softmax(QKᵀ / τ), τ = 1 ")


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

    tree = ast.parse((Path(__file__).resolve().parent.parent / PAGE).read_text())
    body = tree.body
    last = body[-1]
    assert isinstance(last, ast.Expr) and isinstance(last.value, ast.Call) and last.value.func.id == "main"
    for node in body[:-1]:  # imports, constants and functions only: no work at import time
        assert isinstance(node, (ast.Import, ast.ImportFrom, ast.Assign, ast.FunctionDef)) or (
            isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)), ast.dump(node)[:80]
    functions = {f.name: f for f in body if isinstance(f, ast.FunctionDef)}
    calls = [c.value.func.id for c in functions["main"].body
             if isinstance(c, ast.Expr) and isinstance(c.value, ast.Call) and isinstance(c.value.func, ast.Name)]
    assert calls[-5:] == ["two_keys", "variance", "peakedness", "temperature", "closing"]
    for name, f in functions.items():
        assert f.end_lineno - f.lineno + 1 <= 60, f"{name} is {f.end_lineno - f.lineno + 1} lines"
