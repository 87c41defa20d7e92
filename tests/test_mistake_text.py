"""The Common mistakes page's sentences: each one's claim checked against the numbers it was built from."""

import dataclasses

import numpy as np
import pytest

from attn_core import build_inputs, project, split_heads
from attn_core import mistakes as mk
from attn_core.mistake_text import CHECKS, Sentences
from attn_ui import format as fmt

say = Sentences(fmt)


def heads_qkv(text="the cat sat on the mat", seed=0, d_model=8, heads=2):
    """The learner's Q, K, V split into heads: (heads, n, d_k) each."""
    return tuple(split_heads(M, heads) for M in project(build_inputs(text, seed, d_model)))


def test_spread_says_all_only_when_the_sums_print_alike():
    assert say.spread(np.array([1.0, 1.0 + 1e-12, 0.99999999])) == "all 1.000"
    assert say.spread(np.array([0.838, 1.436, 1.0])) == "from 0.838 to 1.436"
    assert say.spread(np.array([1.0004, 1.0006])) == "from 1.000 to 1.001"  # rounds apart: not "all"


def test_scores_kind_follows_the_measured_relation():
    Q, K, V = heads_qkv()
    right = mk.correct_attention(Q, K, V)
    assert say.scores_kind(mk.diagnose(right, right)) == "equal QKᵀ"
    assert say.scores_kind(mk.diagnose(right, mk.swap_q_and_k(Q, K, V))) == "equal (QKᵀ)ᵀ"
    assert say.scores_kind(mk.diagnose(right, mk.values_as_keys(Q, K, V))) == "are neither QKᵀ nor its transpose"


def test_named_lowers_a_capital_only_at_the_start_of_a_word():
    assert say.named(mk.BY_NAME["no_scale"]) == "no scaling at all"
    assert say.named(mk.BY_NAME["swap_qk"]) == "Q and K swapped"
    assert say.named(mk.BY_NAME["v_as_k"]) == "V used in place of K when scoring"


def test_readings_line_up_with_the_checks():
    Q, K, V = heads_qkv()
    right = mk.correct_attention(Q, K, V)
    d = mk.diagnose(right, mk.softmax_over_queries(Q, K, V))
    row = dict(zip(CHECKS, say.readings(d), strict=True))
    assert row["largest |row sum − 1|"] == fmt.num(d.row_sum_gap, 3) != "0.000"
    assert row["largest |column sum − 1|"] == "0.000"
    assert (row["scores equal QKᵀ"], row["scores equal (QKᵀ)ᵀ"], row["weights equal the right weights"]) == (
        "yes", "no", "no")
    right_row = dict(zip(CHECKS, say.readings(mk.diagnose(right, right)), strict=True))
    assert right_row["weights equal the right weights"] == "yes" and right_row["largest |output − right output|"] == (
        "0.000")


@pytest.mark.parametrize("heads", [1, 2, 4])
def test_the_symptom_of_the_drawn_mistake_says_its_telltale_is_present(heads):
    Q, K, V = heads_qkv(heads=heads)
    right = mk.correct_attention(Q, K, V)
    for m in mk.quiz_pool(8, 8 // heads):
        d = mk.diagnose(right, m.run(Q, K, V, 8))
        text = say.symptom(m, d)
        assert "are not" not in text and "do not equal" not in text, (m.name, text)
        ok, feedback = say.verdict(m, m, d)
        assert ok and feedback.startswith("Right") and "could not be answered" not in feedback


def test_verdict_on_a_wrong_pick_names_both():
    Q, K, V = heads_qkv()
    right = mk.correct_attention(Q, K, V)
    secret, answer = mk.BY_NAME["k_as_v"], mk.BY_NAME["swap_qk"]
    d = mk.diagnose(right, secret.run(Q, K, V, 8))
    ok, text = say.verdict(secret, answer, d)
    assert not ok and text.startswith("Not this time: it is **K used in place of V")
    assert "the exact transpose of QKᵀ; here they are not." in text  # the swap's telltale, measured absent


def test_verdict_says_when_the_checks_point_elsewhere():
    """identify() reads the symptoms: when they match another mistake, the feedback must not pretend otherwise."""
    Q, K, V = heads_qkv()
    right = mk.correct_attention(Q, K, V)
    d = mk.diagnose(right, mk.swap_q_and_k(Q, K, V))
    looks_right = dataclasses.replace(d, scores_transposed=False, scores_same=True, weights_same=True, output_gap=0.0)
    assert mk.identify(looks_right) == "none"
    _, text = say.verdict(mk.BY_NAME["swap_qk"], mk.BY_NAME["swap_qk"], looks_right)
    assert "the checks alone point to no mistake at all" in text
