"""The Common mistakes page's sentences: each one's claim checked against the numbers it was built from."""

import dataclasses
from types import SimpleNamespace

import numpy as np
import pytest

from attn_core import build_inputs, project, split_heads
from attn_core import mistakes as mk
from attn_lessons import format as fmt
from attn_lessons import mistakes as say
from attn_lessons.format import enough
from attn_lessons.mistakes import CHECKS
from attn_lessons.said import Said


def heads_qkv(text="the cat sat on the mat", seed=0, d_model=8, heads=2):
    """The learner's Q, K, V split into heads: (heads, n, d_k) each."""
    return tuple(split_heads(M, heads) for M in project(build_inputs(text, seed, d_model)))


def test_spread_says_all_only_when_the_sums_print_alike():
    assert say.spread(np.array([1.0, 1.0 + 1e-12, 1.0 - 1e-11])) == "all 1.000"  # 1 up to floating-point rounding
    assert say.spread(np.array([1.0, 0.99999999])) == "from 1 − 1.0 × 10⁻⁸ to 1.000"  # not 1: its gap, not "all"
    assert say.spread(np.array([0.838, 1.436, 1.0])) == "from 0.838 to 1.436"
    assert say.spread(np.array([1.0004, 1.0006])) == "from 1.0004 to 1.001"  # rounds apart: not "all"; no 1.000


def test_readings_print_rounding_noise_as_it_is_and_a_sum_within_rounding_of_1_as_1():
    """The number rules themselves are tests/lessons/test_format.py's; here, what this page adds: a sum within 10⁻⁹
    of 1 is 1 (spread), while an entropy or a weight is printed as it is (no 1.000 for 1 − 10⁻¹²)."""
    assert say.spread(np.array([1 + 1e-12])) == "all 1.000" and fmt.enough(1 + 1e-12) == "1 + 1.0 × 10⁻¹²"

def test_spread_never_prints_a_rounded_1_for_a_sum_that_is_not_1():
    assert say.spread(np.array([0.9996, 1.2])) == "from 0.9996 to 1.200"  # was "from 1.000 to 1.200"
    assert say.spread(np.array([0.99996, 0.99998])) == "from 0.99996 to 0.99998"
    assert say.spread(np.array([0.0002, 0.9])) == "from 0.0002 to 0.900"


def results(**arrays):
    """A stand-in for an AttentionResult with just the matrices a sentence reads."""
    return SimpleNamespace(**{k: np.asarray(v, dtype=float) for k, v in arrays.items()})


def test_the_largest_output_change_says_a_sum_near_1_with_its_digits():
    """Issue 22: a row summing to 1.0003 was said to 'still sum to 1.000'."""
    right = results(output=np.zeros((2, 2)), weights=[[0.5, 0.5], [0.5, 0.5]])
    wrong = results(output=[[0.1, 0.0], [0.0, 0.3]], weights=[[0.4998, 0.4999], [0.6, 0.4003]])
    said = say.largest_output_change(right, wrong, ["a", "b"])
    assert said.facts == {"largest": 0.3, "row": 1, "row_sum": 0.6 + 0.4003, "row_sums_to_1": False}
    assert enough(said.facts["row_sum"]) == "1.0003" and "1.0003" in said.text  # its digits, never 1.000
    exact = results(output=[[0.1, 0.0], [0.0, 0.3]], weights=[[0.5, 0.5], [0.75, 0.25]])
    said = say.largest_output_change(right, exact, ["a", "b"])
    assert said.facts["row"] == 1 and said.facts["row_sums_to_1"] and "1.000" not in said.text


def test_an_entropy_near_0_is_printed_with_its_digits_and_a_tie_says_so():
    said = say.flatness_clause(0.0003, 0.0031, 1)  # d_model 24, one head: no scaling gave "0.000 against 0.249"
    assert said.facts == {"flatness": "more peaked", "entropy": 0.0003, "right_entropy": 0.0031}
    assert enough(0.0003) in said.text and "0.000 " not in said.text
    assert say.flatness_clause(1.2, 1.2, 2).facts["flatness"] == "the same"
    assert say.flatness_clause(1.2004, 1.2, 2).facts["flatness"] == "as flat"
    assert say.flatness_clause(1.3, 1.2, 2).facts["flatness"] == "flatter"


def test_a_comparison_of_matrices_that_agree_says_they_agree():
    """Issue 22: 'differ by up to below 10⁻⁹' and 'move by up to below 10⁻⁹' compare words with no difference."""
    S = np.array([[1.0, 2.0], [2.0, 1.0]])  # symmetric scores: KQᵀ is QKᵀ
    W = np.array([[0.3, 0.7], [0.7, 0.3]])
    right = results(scores=S, weights=W, output=[[1.0, 0.0], [0.0, 1.0]])
    same = results(scores=S, weights=W, output=[[1.0, 0.0], [0.0, 1.0]])
    swap = say.swap_text(right, same)
    assert swap.facts["moved"] == 0 and "by up to below" not in swap.text
    d = dataclasses.replace(mk.diagnose(right, same), scores_same=False)
    v_as_k = say.values_as_keys_text(right, same, d)
    assert v_as_k.facts["moved"] == 0 and "by up to below" not in v_as_k.text
    k_as_v = say.keys_as_values_text(right, same)
    assert k_as_v.facts == {"weights_gap": 0.0, "output_gap": 0.0} and "by up to below" not in k_as_v.text
    sums = say.row_and_column_sums(W, W.T)  # the wrong weights are the right ones: rows and columns sum to 1
    assert sums.facts["wrong_rows_sum_to_1"] and sums.facts["moved"] == 0 and "by up to below" not in sums.text
    outs = say.scale_outputs(8, 4, {"no_scale": 0.0}, {"no_scale": 1.0, "right": 1.0})
    assert outs.facts == {"off_by": {"no_scale": 0.0}, "leans": []} and "by up to below" not in outs.text


def test_a_change_too_small_for_three_decimals_is_not_printed_as_0():
    assert say.against_right("no_scale", 2.04e-5) == "+2.0 × 10⁻⁵ vs √d_k"
    assert say.against_right("sqrt_d_model", -3e-6) == "-3.0 × 10⁻⁶ vs √d_k"  # ASCII minus: st.metric points down
    assert say.against_right("no_scale", 0.0) == "0.000 vs √d_k"


def test_the_quiz_readings_print_a_largest_weight_near_1_with_its_digits():
    Q, K, V = heads_qkv()
    right = mk.correct_attention(Q, K, V)
    d = dataclasses.replace(mk.diagnose(right, right), mean_max_weight=0.99996, mean_entropy=0.0002)
    row = dict(zip(CHECKS, say.readings(d), strict=True))
    assert row["mean largest weight"] == "0.99996" and row["mean row entropy (nats)"] == "0.0002"


def test_the_sums_table_has_a_row_per_token_with_its_two_sums():
    said = say.sums_columns(["the·0", "a|b", "$"], np.array([[0.2, 0.8, 0.0], [0.5, 0.25, 0.25], [0.1, 0.1, 0.8]]))
    assert list(said) == ["token", "row sum", "column sum"]  # three narrow columns: a phone's width
    rows = list(zip(*said.values(), strict=True))
    assert rows == [("the·0", "1.000", "0.800"), ("a\\|b", "1.000", "1.150"), ("\\$", "1.000", "1.050")]


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


def test_flatness_reads_the_entropies_with_a_tolerance():
    assert say.flatness(1.7, 1.6) == "flatter" and say.flatness(1.5, 1.6) == "more peaked"
    assert say.flatness(1.6004, 1.6) == "as flat" and say.flatness(1.5996, 1.6) == "as flat"


@pytest.mark.parametrize("d_model,d_k", [(8, 4), (8, 8), (8, 1), (2, 1), (64, 8)])
def test_scale_effect_follows_the_divisor(d_model, d_k):
    expect_flat = "flatter" if d_model > d_k else "as flat"
    assert say.scale_effect("sqrt_d_model", d_model, d_k) == expect_flat
    assert say.scale_effect("no_scale", d_model, d_k) == ("more peaked" if d_k > 1 else "as flat")


def test_every_mistake_has_a_label_and_the_mask_mistakes_keep_theirs():
    assert list(say.LABELS) == [m.name for m in mk.MISTAKES]
    assert say.mistake_label("axis0") == "Softmax over the wrong axis (the queries, axis 0)"
    assert say.mistake_label("naive_inf") == "−∞ with a plain softmax"  # from attn_lessons.mask_mistakes
    with pytest.raises(KeyError):
        say.mistake_label("nonsense")
    assert say.MASKED_READINGS_NOTE.startswith("The row-sum gap is how far a row's sum is from 1")
    assert say.MASKED_READINGS_NOTE.endswith(say.COLUMN_NOTE)


def test_the_axis_question_offers_every_claim_about_the_sums():
    assert list(say.SUM_LABELS) == list(mk.SUM_LINES)
    assert say.AXIS_QUESTION.endswith("which sums to 1: the rows or the columns?")


@pytest.mark.parametrize("d_model,d_k", [(8, 4), (64, 8), (8, 8)])
def test_the_scale_titles_say_what_each_divides_by(d_model, d_k):
    assert say.scale_output_title("right", d_model, d_k) == f"right: output ÷ √{d_k}"
    assert say.scale_output_title("sqrt_d_model", d_model, d_k) == f"WRONG: output ÷ √{d_model}"
    assert say.scale_output_title("no_scale", d_model, d_k) == "WRONG: output ÷ 1"
    assert say.scale_difference_title("no_scale", d_model, d_k) == "output ÷ 1 − right"
    assert say.scale_difference_title("sqrt_d_model", d_model, d_k) == f"output ÷ √{d_model} − right"


def test_the_scale_metrics_and_the_quiz_titles():
    assert say.head_weights_title(0) == "Head 1's weights" and say.head_weights_title(7) == "Head 8's weights"
    assert say.against_right("right", 0.0) == "the right one"
    assert say.against_right("no_scale", -0.2971) == "-0.297 vs √d_k"  # ASCII minus: st.metric points down
    assert say.against_right("sqrt_d_model", 0.15601) == "+0.156 vs √d_k"
    assert say.quiz_right_titles(False) == ("right: head 1 weights", "right: output")
    assert say.quiz_right_titles(True) == ("right: head 1, masked", "right: output, masked")


def test_the_readings_table_keeps_a_pipe_inside_its_cell():
    said = say.readings_table([("largest |row sum − 1|", "0.436"), ("NaN rows", "6")],
                              [("largest |row sum − 1|", "below 10⁻⁹"), ("NaN rows", "0")])
    assert said.split("\n") == ["| check | mystery | right |", "| :-- | :-- | :-- |",
                                "| largest \\|row sum − 1\\| | 0\\.436 | below 10⁻⁹ |", "| NaN rows | 6 | 0 |"]
    with pytest.raises(ValueError):
        say.readings_table([("a", "1")], [("b", "1")])


def test_readings_line_up_with_the_checks():
    Q, K, V = heads_qkv()
    right = mk.correct_attention(Q, K, V)
    d = mk.diagnose(right, mk.softmax_over_queries(Q, K, V))
    row = dict(zip(CHECKS, say.readings(d), strict=True))
    assert row["largest |row sum − 1|"] == enough(d.row_sum_gap, below=1e-9) != "0.000"
    assert row["largest |column sum − 1|"] == "below 10⁻⁹"  # only rounding: said so, not printed as 0.000
    assert (row["scores equal QKᵀ"], row["scores equal (QKᵀ)ᵀ"], row["weights equal the right weights"]) == (
        "yes", "no", "no")
    right_row = dict(zip(CHECKS, say.readings(mk.diagnose(right, right)), strict=True))
    assert right_row["weights equal the right weights"] == "yes" and right_row["largest |output − right output|"] == (
        "below 10⁻⁹")


@pytest.mark.parametrize("heads", [1, 2, 4])
def test_the_symptom_of_the_drawn_mistake_says_its_telltale_is_present(heads):
    Q, K, V = heads_qkv(heads=heads)
    right = mk.correct_attention(Q, K, V)
    for m in mk.quiz_pool(8, 8 // heads):
        d = mk.diagnose(right, m.run(Q, K, V, 8))
        said = say.symptom(m, d, 8, 8 // heads)
        check_symptom_facts(m.name, said.facts, d)
        telltale = {"axis0": ("col_sum_gap", lambda x: x < 1e-9), "swap_qk": ("scores_transposed", bool),
                    "v_as_k": ("scores_relation", lambda x: x == "neither"), "k_as_v": ("weights_same", bool),
                    "no_scale": ("scores_same", bool), "sqrt_d_model": ("scores_same", bool)}[m.name]
        assert telltale[1](said.facts[telltale[0]]), (m.name, said)  # the mistake's telltale, present
        ok, feedback = say.verdict(m, m, d, 8, 8 // heads)
        assert ok and feedback.facts["points_to"] == m.name and feedback.facts["ruled_out"] == ()


def test_verdict_on_a_wrong_pick_names_both():
    Q, K, V = heads_qkv()
    right = mk.correct_attention(Q, K, V)
    secret, answer = mk.BY_NAME["k_as_v"], mk.BY_NAME["swap_qk"]
    d = mk.diagnose(right, secret.run(Q, K, V, 8))
    ok, said = say.verdict(secret, answer, d, 8, 4)
    assert not ok and (said.facts["secret"], said.facts["answer"]) == ("k_as_v", "swap_qk")
    # the reading that rules the pick out: the scores are QKᵀ, not its transpose
    assert said.facts["ruled_out"] == ("scores",) and d.scores_same and not d.scores_transposed
    assert say.ruling("scores", d, None, "swap_qk", 8, 4) in said.text


def test_verdict_says_when_the_checks_point_elsewhere():
    """identify() reads the symptoms: when they match another mistake, the feedback must not pretend otherwise."""
    Q, K, V = heads_qkv()
    right = mk.correct_attention(Q, K, V)
    d = mk.diagnose(right, mk.swap_q_and_k(Q, K, V))
    looks_right = dataclasses.replace(d, scores_transposed=False, scores_same=True, weights_same=True, output_gap=0.0)
    assert mk.identify(looks_right) == "none"
    _, said = say.verdict(mk.BY_NAME["swap_qk"], mk.BY_NAME["swap_qk"], looks_right, 8, 4)
    assert said.facts["points_to"] == "none"
    assert said.text != say.verdict(mk.BY_NAME["swap_qk"], mk.BY_NAME["swap_qk"], d, 8, 4)[1].text  # it says so



# ------------------------------------------------------------------------------------------------------------------
# The walk: every sentence the page builds, over the controls' range, each claim checked against the numbers

import math  # noqa: E402
import re  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as hst  # noqa: E402
from tests.hyp import examples  # noqa: E402

from attn_core import row_entropy  # noqa: E402
from attn_ui.params import D_MODEL_CHOICES  # noqa: E402

WORDS = ("one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
         "seventeen eighteen nineteen twenty a b c d e f g h i j k l").split()
TEXTS = ("hello world", "the cat sat on the mat", " ".join(WORDS[:16]), " ".join(WORDS[:32]))  # 2, 6, 16, 32 tokens
SEEDS = (0, 3, 11)
WIDTHS = [(d, h) for d in D_MODEL_CHOICES for h in (1, 2, 4, 8) if d % h == 0]
BAD = [r"\b1 (heads|tokens|queries|rows|columns)\b", r"all [12] heads", r"\d-head.*\b1-head",
       r"\d[eE][+-]?\d", r"\bnan\b", r"\binf\b", r"-0\.000", r"−0\.000",  # numbers as a reader writes them
       r"(up to|gap|by up to) 0\.000(?!\d)", r"too (flat|peaked)", r"\bNone\b"]


def page_sentences(text: str, seed: int, d_model: int, heads: int) -> dict:
    """Every sentence the page builds for one state, with the numbers it was built from (as the page does)."""
    inputs = build_inputs(text, seed, d_model)
    labels = inputs.labels
    Q, K, V = project(inputs)
    QKV_h = tuple(split_heads(M, heads) for M in (Q, K, V))
    d_k, n = d_model // heads, len(labels)
    right, axis0 = mk.correct_attention(Q, K, V), mk.softmax_over_queries(Q, K, V)
    runs = [(m.name, res) for m, res in mk.run_scale_mistakes(*QKV_h, d_model)]
    right_h = mk.correct_attention(*QKV_h)
    entropy = {name: mk.mean_row_entropy(res.weights) for name, res in runs} | {
        "right": mk.mean_row_entropy(right_h.weights)}
    outs = {name: np.abs(res.output - right_h.output).max() for name, res in runs}
    swap, v_as_k, k_as_v = (mk.BY_NAME[x].run(Q, K, V, d_model) for x in ("swap_qk", "v_as_k", "k_as_v"))
    checks = mk.role_checks(Q, K, V)
    pool = mk.quiz_pool(d_model, d_k)
    said = {
        "sums": say.row_and_column_sums(right.weights, axis0.weights),
        "axis_reveal": say.axis_reveal(axis0.weights),
        "largest": say.largest_output_change(right, axis0, labels),
        "scale_intro": say.scale_intro(d_model, heads, entropy),
        "scale_notes": say.scale_notes(d_model, heads, [mk.BY_NAME[x] for x, _ in runs]),
        "scale_titles": [say.scale_title(x, d_model, d_k) for x, _ in runs] + [say.scale_title("right", d_model, d_k)],
        "scale_caption": say.scale_caption(0, n, heads),
        "scale_outputs": say.scale_outputs(d_model, d_k, outs, entropy),
        "diagnostic": say.scale_diagnostic(QKV_h[0].shape, d_model),
        "roles": say.roles_intro(d_model),
        "swap": say.swap_text(right, swap),
        "swap_breaks": say.swap_breaks(labels),
        "cross": say.cross_demo(n, d_model, next(c.shapes for c in checks if c.mistake.name == "swap_qk")),
        "v_as_k": say.values_as_keys_text(right, v_as_k, mk.diagnose(right, v_as_k)),
        "k_as_v": say.keys_as_values_text(right, k_as_v),
        "shape_code": say.shape_test_code(*checks[0].shapes.expected),
        "shape_outcomes": say.shape_outcomes(checks),
        "scale_known": say.scale_known_answer({x: not mk.passes_known_answer(mk.BY_NAME[x]) for x in
                                               mk.SCALE_MISTAKES}),
        "quiz": say.quiz_intro(heads) + " " + say.checks_title(heads),
    }
    verdicts = {}
    for secret in pool:
        d = mk.diagnose(right_h, secret.run(*QKV_h, d_model))
        for answer in pool:
            verdicts[secret.name, answer.name] = (d, say.verdict(secret, answer, d, d_model, d_k))
    return {"said": said, "verdicts": verdicts, "labels": labels, "Q": Q, "K": K, "V": V, "QKV_h": QKV_h,
            "right": right, "axis0": axis0, "swap": swap, "v_as_k": v_as_k, "k_as_v": k_as_v, "runs": runs,
            "right_h": right_h, "checks": checks, "pool": pool, "n": n, "d_k": d_k}


def texts(said: dict) -> list[str]:
    """Every text of page_sentences' said: a Said's text, a plain string, each of a list's."""
    out = []
    for v in said.values():
        for one in (v if isinstance(v, list) else [v]):
            out.append(one.text if isinstance(one, Said) else one)
    return out


def check_state(text, seed, d_model, heads):
    """Every sentence the page builds for one state, each claim checked against its numbers, in page order."""
    st_ = page_sentences(text, seed, d_model, heads)
    check_wording(st_)
    check_axis_section(st_)
    check_scale_section(st_, d_model, heads)
    check_roles_section(st_, d_model)
    check_quiz(st_, heads, d_model)


def ends(v) -> tuple[float, float]:
    """The lowest and highest of a vector of sums, a sum within 10⁻⁹ of a whole number being that number."""
    v = np.where(np.abs(v - np.round(v)) < 1e-9, np.round(v), v)
    return float(v.min()), float(v.max())


def spoken_articles(sentence: str) -> str:
    """The sentence with every article before a number made the spoken one ('a 8' -> 'an 8')."""
    return re.sub(r"\b([Aa])n? (\d+)\b", lambda m: f"{m[1]}{fmt.a_an(int(m[2]))[1:]} {m[2]}", sentence)


def check_wording(st_):
    """No sentence reads as a machine writes numbers, and every article before a number is the spoken one."""
    every = texts(st_["said"]) + [t.text for _, (_, t) in st_["verdicts"].values()]
    for sentence in every:
        for bad in BAD:
            assert not re.search(bad, sentence), (bad, sentence)
        assert spoken_articles(sentence) == sentence, sentence  # 'an 8 × 8', 'a 6 × 6'


def check_axis_section(st_):
    """Section 1: the sums it states are the sums of the matrices, and the checkpoint's reveal says what they are."""
    said, right, axis0 = st_["said"], st_["right"], st_["axis0"]
    rows, cols = axis0.weights.sum(-1), axis0.weights.sum(0)
    sums = said["sums"].facts
    assert sums["right_row_sums"] == ends(right.weights.sum(-1)) == (1.0, 1.0)
    assert sums["right_column_sums"] == ends(right.weights.sum(0))
    assert sums["wrong_column_sums"] == ends(cols) == (1.0, 1.0) and sums["wrong_row_sums"] == ends(rows)
    assert sums["wrong_rows_sum_to_1"] == bool(np.abs(rows - 1).max() < 1e-6)
    if sums["wrong_rows_sum_to_1"]:
        assert sums["moved"] == np.abs(axis0.weights - right.weights).max()
    diff = np.abs(axis0.output - right.output)
    largest = said["largest"].facts
    assert largest["largest"] == diff.max()
    if diff.max() >= 1e-9:
        worst = int(np.argmax(diff.max(axis=1)))
        assert largest["row"] == worst and largest["row_sum"] == rows[worst]
        assert largest["row_sums_to_1"] == bool(abs(rows[worst] - 1) < 1e-6)
        assert f"**{fmt.md_text(st_['labels'][worst])}**" in said["largest"].text  # the row it names
    # the checkpoint's reveal: the columns sum to 1 (they always do), the rows only when they do
    reveal = said["axis_reveal"].facts
    assert reveal["columns_sum_to_1"] and reveal["column_sums"] == ends(cols)
    assert reveal["rows_sum_to_1"] == bool(np.abs(rows - 1).max() < 1e-6) and reveal["row_sums"] == ends(rows)
    assert reveal["largest_row_gap"] == np.abs(rows - 1).max()
    assert mk.sums_prediction_right("columns", axis0.weights)


def check_scale_section(st_, d_model, heads):
    """Section 2: which mistakes are drawn, every flatness word measured independently, the notes and titles."""
    said, n, d_k = st_["said"], st_["n"], st_["d_k"]
    drawn = [name for name, _ in st_["runs"]]
    assert ("sqrt_d_model" in drawn) == (heads > 1) and ("no_scale" in drawn) == (d_k > 1)
    W_right = st_["right_h"].weights
    H_right = float(np.mean(row_entropy(W_right)))
    intro = said["scale_intro"].facts
    assert intro["d_k"] == d_k == st_["QKV_h"][0].shape[-1] and intro["divisor"] == math.sqrt(d_k)
    assert sorted(intro["mistakes"]) == sorted(drawn)
    outputs = said["scale_outputs"].facts
    words = set()
    for name, res in st_["runs"]:
        H = float(np.mean(row_entropy(res.weights)))
        clause = intro["mistakes"][name]
        word = "flatter" if H > H_right + 1e-3 else "more peaked" if H < H_right - 1e-3 else "as flat"
        words.add(word)
        assert clause["flatness"] in ({word} if H != H_right else {"the same"}), (clause, H, H_right)
        assert math.isclose(clause["entropy"], H, abs_tol=1e-12) and math.isclose(clause["right_entropy"], H_right,
                                                                                  abs_tol=1e-12)
        # the theory the quiz states: a bigger divisor never sharpens a row, a smaller one never flattens it
        assert say.scale_effect(name, d_model, d_k) != ("more peaked" if H > H_right + 1e-12 else "flatter")
        off = np.abs(res.output - st_["right_h"].output).max()
        assert outputs["off_by"][name] == (off if off >= 1e-9 else 0.0)
    assert outputs["leans"] == sorted(words & {"flatter", "more peaked"})
    # the notes say a mistake gives the right weights exactly when it does
    noted = {note.facts["mistake"] for note in said["scale_notes"]}
    for name in ("sqrt_d_model", "no_scale"):
        same = np.allclose(mk.BY_NAME[name].run(*st_["QKV_h"], d_model).weights, W_right, rtol=0, atol=1e-12)
        assert (name in noted) == same, (name, noted)
    assert math.isclose(said["scale_caption"].facts["flat_entropy"], float(row_entropy(np.full(n, 1 / n))))
    assert all(len(t) + len(f"  ({n} × {n})") <= SCALE_TITLE_MAX for t in said["scale_titles"])
    assert said["diagnostic"].facts == {"shape": st_["QKV_h"][0].shape, "d_k": d_k}


def check_roles_section(st_, d_model):
    """Section 3: the role mix-ups, measured; then the checks table, each verdict checked the slow way."""
    said, n, right = st_["said"], st_["n"], st_["right"]
    swap, v_as_k, k_as_v = st_["swap"], st_["v_as_k"], st_["k_as_v"]
    moved = np.abs(swap.weights - right.weights).max()
    assert said["swap"].facts == {"transpose_gap": np.abs(swap.scores - right.scores.T).max(),
                                  "moved": moved if moved >= 1e-9 else 0.0}
    assert said["swap"].facts["transpose_gap"] < 1e-9  # the swapped scores are the transpose, to rounding
    i = say.swap_row(n)  # the row the scores tables outline, read aloud in the folded bullets
    assert f"row **{fmt.md_text(st_['labels'][i])}** of the scores" in said["swap_breaks"]
    n_q, d_v = n // 2, d_model // 2
    cross = said["cross"].facts
    assert (cross["queries"], cross["d_v"]) == (n_q, d_v)
    weights = mk.softmax(st_["Q"][:n_q] @ st_["K"].T)
    assert cross["right_weights"] == weights.shape and cross["right_output"] == (weights @ st_["V"][:, :d_v]).shape
    with pytest.raises(ValueError):  # the claim "stops with an error", checked against numpy's own matmul
        np.asarray(mk.softmax(st_["K"] @ st_["Q"][:n_q].T)) @ st_["V"][:, :d_v]
    assert cross["swapped_output"] is None
    moved = np.abs(v_as_k.weights - right.weights).max()
    assert said["v_as_k"].facts == {"moved": moved if moved >= 1e-9 else 0.0,
                                    "scores": mk.diagnose(right, v_as_k).scores_relation,
                                    "row_gap": np.abs(v_as_k.weights.sum(-1) - 1).max()}
    assert said["v_as_k"].facts["row_gap"] < 1e-9  # so the row-sum check misses it
    off = np.abs(k_as_v.output - right.output).max()
    assert said["k_as_v"].facts == {"weights_gap": np.abs(k_as_v.weights - right.weights).max(),
                                    "output_gap": off if off >= 1e-9 else 0.0}
    assert said["k_as_v"].facts["weights_gap"] < 1e-9  # the weights are exactly right
    columns = say.checks_table(st_["checks"])
    table = dict(zip(columns["mistake"], zip(columns["row sums"], columns["shapes"], columns["known answer"],
                                             strict=True), strict=True))
    outcomes = said["shape_outcomes"].facts
    assert outcomes["expected"] == (n_q, d_v)
    for c in st_["checks"]:
        row_sums, shapes, known = table[say.mistake_label(c.mistake.name)]
        W = c.mistake.run(st_["Q"], st_["K"], st_["V"], d_model).weights
        assert (row_sums == "caught") == bool(np.abs(W.sum(-1) - 1).max() > 1e-6)
        assert (shapes == "caught") == (c.mistake.name != "axis0")  # every role mix-up; the axis keeps its shape
        assert known == "caught"
        try:  # the mistake's own computation on the shape test's inputs: its shape, or the error it stops with
            got = c.mistake.run(st_["Q"][:n_q], st_["K"], st_["V"][:, :d_v], d_model).output.shape
        except ValueError:
            got = None
        assert outcomes["shapes"][c.mistake.name] == got, (c.mistake.name, got)
    assert said["scale_known"].facts["caught"] == {x: not mk.passes_known_answer(mk.BY_NAME[x])
                                                   for x in mk.SCALE_MISTAKES}
    assert all(said["scale_known"].facts["caught"].values())  # both wrong scales fail the known answer


def check_quiz(st_, heads, d_model):
    """The quiz: the feedback is right exactly when the answer is, and names the secret by its measured telltale."""
    assert (f"split into {heads} heads" in st_["said"]["quiz"]) == (heads > 1)
    for (secret, answer), (d, (ok, feedback)) in st_["verdicts"].items():
        facts = feedback.facts
        assert ok == (secret == answer) and (facts["secret"], facts["answer"]) == (secret, answer)
        assert facts["points_to"] == mk.identify(d) == secret, (secret, d)  # on every state walked, the symptoms do
        assert facts["ruled_out"] == (() if ok else tuple(mk.ruled_out(answer, d, d_model, st_["d_k"])))
        assert ok or facts["ruled_out"], (secret, answer)  # a wrong pick is answered with what rules it out
        check_symptom_facts(secret, facts["why"], d)


def check_symptom_facts(name: str, facts: dict, d) -> None:
    """symptom's facts: every reading it quotes is the Diagnosis attn_core measured, and a scale mistake's measured
    flatness is the entropies' (the effect its divisor must have is checked in check_scale_section)."""
    for field, value in facts.items():
        if hasattr(d, field):
            assert getattr(d, field) == value, (name, field)
    if "measured" in facts:
        H, right_H = d.mean_entropy, d.right_mean_entropy
        assert facts["measured"] == ("flatter" if H > right_H + 1e-3 else "more peaked" if H < right_H - 1e-3 else
                                     "as flat")


TITLE_MAX = 38  # characters, shape included: fits a 390 px phone beside Plotly's buttons, and half of 1280 px
SCALE_TITLE_MAX = 24  # the scale section's weights titles share one row three ways at 1280 px


@pytest.mark.parametrize("d_model,heads", WIDTHS)
def test_every_sentence_is_true_across_the_controls(d_model, heads):
    for text in TEXTS:
        for seed in SEEDS:
            check_state(text, seed, d_model, heads)


@settings(max_examples=examples(25), deadline=None)
@given(hst.lists(hst.sampled_from(WORDS), min_size=2, max_size=32), hst.integers(0, 10**6),
       hst.sampled_from(WIDTHS))
def test_every_sentence_is_true_for_random_sentences(words, seed, width):
    check_state(" ".join(words), seed, *width)


@pytest.mark.parametrize("d_model,heads", [(8, 2), (24, 1), (64, 1), (64, 8), (2, 2)])
def test_no_sentence_prints_0_000_or_1_000_for_a_value_that_is_not_0_or_1(d_model, heads, monkeypatch):
    """Issue 22: every number the page's sentences print goes through num; record each one beside its value. At
    d_model 24 with one head, no scaling printed a mean row entropy of 3.8 × 10⁻⁵ as 0.000."""
    printed, real = [], say.num

    def recording(x, decimals=3):
        printed.append((float(x), real(x, decimals)))
        return printed[-1][1]

    monkeypatch.setattr(say, "num", recording)
    for text in TEXTS:
        for seed in SEEDS[:2]:
            st_ = page_sentences(text, seed, d_model, heads)
            for _, res in st_["runs"]:  # the metrics under section 2's tables, as the page prints them
                enough(mk.mean_max_weight(res.weights[0]))
                enough(mk.mean_row_entropy(res.weights[0]))
            check_masked_quiz(text, seed, d_model, heads)
    assert printed
    lying = [(x, t) for x, t in printed if t.lstrip("−") in ("0.000", "1.000") and min(abs(x), abs(abs(x) - 1)) >= 1e-9]
    assert not lying, lying[:5]


def test_one_token_every_mistake_gives_the_weight_1():
    """The page's one-token notice: 'every weight is 1 whatever the mistake'."""
    for d_model, heads in WIDTHS:
        Q, K, V = heads_qkv("hello", 5, d_model, heads)
        for m in mk.MISTAKES:
            assert np.allclose(m.run(Q, K, V, d_model).weights, 1.0), (m.name, d_model, heads)


def test_the_article_before_a_shape_is_read_aloud():
    """'an 8 × 16 matrix' (sixteen tokens, queries of the first eight), never 'a 8 × 16'."""
    for text, shape in ((" ".join(WORDS[:16]), (8, 16)), ("the cat sat on the mat", (3, 6)), ("hello world", (1, 2))):
        said = page_sentences(text, 0, 8, 2)["said"]["cross"]
        assert said.facts["right_weights"] == shape
        assert f"{fmt.a_an(shape[0])} {shape[0]} × {shape[1]}" in said.text and spoken_articles(said.text) == said.text
    assert spoken_articles("a 8 × 16 and an 3 × 6") == "an 8 × 16 and a 3 × 6"  # the check can fail


def test_tokens_that_mean_something_in_markdown_stay_literal():
    for text, token in (("a $ b $ c", "$·1"), ("a * b * c", "*·1"), ("a _b_ c", "_b_")):
        st_ = page_sentences(text, 0, 8, 2)
        assert st_["labels"][1] == token
        said = st_["said"]["swap_breaks"]
        assert f"row **{fmt.md_text(token)}** of the scores is {fmt.md_text(token)}'s key" in said
        for sentence in (s for s in st_["said"].values() if isinstance(s, str)):
            assert "$" not in sentence.replace("\\$", "")  # two bare $ in one paragraph would start LaTeX


def test_an_unknown_mistake_gets_a_measured_symptom(monkeypatch):
    """A mistake from another module (mask mistakes) still gets a true sentence, from the checks alone."""
    Q, K, V = heads_qkv()
    right = mk.correct_attention(Q, K, V)
    other = mk.Mistake("masked_twice", lambda Q, K, V, d_model: mk.keys_as_values(Q, K, V))
    label = say.mistake_label
    monkeypatch.setattr(say, "mistake_label",  # named, as any mistake the quiz draws is
                        lambda name: "Masked twice" if name == "masked_twice" else label(name))
    d = mk.diagnose(right, other.run(Q, K, V, 8))
    said = say.symptom(other, d, 8, 4)
    assert said.facts == {"row_sum_gap": d.row_sum_gap, "scores_relation": "same", "output_gap": d.output_gap}
    check_symptom_facts("masked_twice", said.facts, d)
    ok, feedback = say.verdict(other, mk.BY_NAME["k_as_v"], d, 8, 4)
    assert not ok and feedback.facts["points_to"] == "k_as_v" and feedback.facts["ruled_out"] == ()


def test_the_axis_reveal_says_what_the_sums_are_in_every_case():
    """Every branch of the checkpoint's reveal, on weights built to land in it."""
    cases = {"columns": np.array([[0.2, 0.5], [0.8, 0.5]]),  # columns sum to 1, rows 0.7 and 1.3
             "both": np.full((2, 2), 0.5), "rows": np.array([[0.2, 0.8], [0.4, 0.6]]), "neither": np.full((2, 2), 0.3)}
    for name, w in cases.items():
        said = say.axis_reveal(w)
        rows, cols = w.sum(-1), w.sum(0)
        assert said.facts == {"rows_sum_to_1": name in ("rows", "both"),
                              "columns_sum_to_1": name in ("columns", "both"), "row_sums": ends(rows),
                              "column_sums": ends(cols),
                              "largest_row_gap": np.abs(rows - 1).max()}, name
        assert mk.lines_summing_to_one(w) == (said.facts["rows_sum_to_1"], said.facts["columns_sum_to_1"])
        for x in (*ends(rows), *ends(cols)):  # the sums it quotes, as format prints them
            assert enough(x) in said.text, (name, x, said.text)


# ------------------------------------------------------------------------------------------------------------------
# The quiz with the mask mistakes

from attn_core import mask_mistakes as mm  # noqa: E402
from attn_lessons import mask_mistakes as mask_words  # noqa: E402
from attn_lessons.mistakes import MASKED_CHECKS  # noqa: E402


def check_masked_quiz(text, seed, d_model, heads):
    """Under the quiz's mask: every pair (secret, answer) gets feedback that is right exactly when the answer is,
    explains the secret from its measured symptoms, and says what the picked mistake would have shown."""
    Q, K, V = heads_qkv(text, seed, d_model, heads)
    d_k, n = d_model // heads, Q.shape[-2]
    mask = mk.quiz_mask(n)
    right = mk.correct_attention(Q, K, V, mask)
    pool = mm.masked_quiz_pool(Q, K, V, d_model, mask)
    for secret in pool:
        res = secret.run(Q, K, V, d_model)
        d, dm = mk.diagnose(right, res, mask), mm.diagnose_mask(Q, K, V, mask, res)

        def why(m, d=d, dm=dm):
            return mask_words.explain(m.name, dm) if m.name in mm.MASK_BY_NAME else say.symptom(m, d, d_model, d_k)

        for answer in pool:
            ok, feedback = say.verdict(secret, answer, d, d_model, d_k, dm)
            facts = feedback.facts
            assert ok == (secret.name == answer.name) and facts["points_to"] == secret.name, (secret.name, feedback)
            assert facts["why"] == why(secret).facts and why(secret).text in feedback.text
            if secret.name in mm.MASK_BY_NAME:  # the reason quotes what was measured
                assert all(getattr(dm, field) == value for field, value in facts["why"].items()), facts["why"]
            else:
                check_symptom_facts(secret.name, facts["why"], d)
            # the pick is answered with what rules it out, never with the readings that fit it
            assert facts["ruled_out"] == (() if ok else mm.ruled_out_masked(answer.name, d, dm, d_model, d_k))
            assert ok or (facts["ruled_out"] and why(answer).text not in feedback.text), (secret.name, answer.name)
            ours = feedback.text
            for m in (secret, answer):  # mask_mistakes.explain is that module's sentence, checked by its own tests
                ours = ours.replace(why(m).text, "") if m.name in mm.MASK_BY_NAME else ours
            for bad in BAD:
                assert not re.search(bad, ours), (bad, feedback)
        rows = say.quiz_readings(d, dm)
        shown = mask_words.symptom_readings(dm)
        assert rows[:len(shown)] == shown
        assert [c for c, _ in rows[len(shown):]] == list(MASKED_CHECKS)
        assert dict(rows)["largest column-sum gap"] == enough(d.col_sum_gap, below=1e-9)


@pytest.mark.parametrize("d_model,heads", [(8, 1), (8, 2), (16, 4), (6, 3), (64, 8)])
def test_the_masked_quiz_feedback_explains_every_answer(d_model, heads):
    for text in TEXTS[:3]:
        for seed in SEEDS[:2]:
            check_masked_quiz(text, seed, d_model, heads)


def test_the_quiz_says_which_mask_it_used():
    labels = ["the·0", "cat", "sat", "the·3"]
    mask = mk.quiz_mask(4)
    said = say.quiz_mask_text(labels, mask)
    right = mk.correct_attention(*heads_qkv("the cat sat the", 0, 8, 1), mask)
    assert said.facts == {"blocked_pairs": int((~mask).sum()), "pairs": 16, "closed_rows": [0], "quiz_mask": True}
    assert said.facts["blocked_pairs"] == 7 and np.all(right.weights[0, 0] == 0)  # the closed row: 0s
    assert np.all(right.weights[0][~mask] == 0)  # each blocked pair 0, as it says
    other = np.array([[True, False], [False, True]])
    assert say.quiz_mask_text(["a", "$b"], other).facts == {"blocked_pairs": 2, "pairs": 4, "closed_rows": [],
                                                              "quiz_mask": False}
    assert "mask described below" in say.quiz_intro(2, masked=True) and "Mask mistakes page" in say.quiz_intro(
        2, masked=True)
    assert "mask" not in say.quiz_intro(2)


def test_the_unmasked_feedback_is_unchanged_by_the_mask_parameter():
    Q, K, V = heads_qkv()
    right = mk.correct_attention(Q, K, V)
    for secret in mk.quiz_pool(8, 4):
        d = mk.diagnose(right, secret.run(Q, K, V, 8))
        assert not d.masked and say.row_gap_name(d) == "|row sum − 1|"
        assert say.verdict(secret, secret, d, 8, 4) == say.verdict(secret, secret, d, 8, 4, None)
        assert "row counts" not in say.verdict(secret, secret, d, 8, 4)[1]
        assert say.quiz_readings(d) == list(zip(CHECKS, say.readings(d), strict=True))


def test_every_measure_section_2_reads_has_its_label():
    from attn_core.mistakes import MEASURES
    from attn_lessons.mistakes import MEASURE_LABELS

    assert set(MEASURE_LABELS) == set(MEASURES)


# ------------------------------------------------------------------------------------------------------------------
# A wrong pick is answered with the reading that rules it out (issue 30, item 8)

RULE_STATES = [("the cat sat on the mat", 0, 64, 64), ("the cat sat on the mat", 0, 8, 2), ("hello world", 3, 8, 1),
               ("dog dog dog dog", 5, 2, 1), (" ".join(WORDS[:16]), 11, 16, 4), ("a b", 1, 4, 1)]


@pytest.mark.parametrize("text,seed,d_model,heads", RULE_STATES)
@pytest.mark.parametrize("masked", [False, True])
def test_the_truth_is_never_ruled_out_and_every_other_pick_is(text, seed, d_model, heads, masked):
    """ruled_out(_masked) reads only what was measured: the mistake that made the numbers fits every reading, and
    every other mistake in the pool is ruled out by at least one (so no wrong pick is answered with fitting ones)."""
    Q, K, V = heads_qkv(text, seed, d_model, heads)
    d_k, n = d_model // heads, Q.shape[-2]
    mask = mk.quiz_mask(n) if masked else None
    right = mk.correct_attention(Q, K, V, mask)
    pool = mm.masked_quiz_pool(Q, K, V, d_model, mask) if masked else mk.quiz_pool(d_model, d_k)
    for secret in pool:
        res = secret.run(Q, K, V, d_model)
        d = mk.diagnose(right, res, mask)
        dm = mm.diagnose_mask(Q, K, V, mask, res) if masked else None
        for answer in pool:
            codes = (mm.ruled_out_masked(answer.name, d, dm, d_model, d_k) if masked
                     else mk.ruled_out(answer.name, d, d_model, d_k))
            assert bool(codes) == (answer.name != secret.name), (secret.name, answer.name, codes)
            ok, feedback = say.verdict(secret, answer, d, d_model, d_k, dm)
            assert feedback.facts["ruled_out"] == (() if ok else tuple(codes))


def test_the_scale_pick_under_a_finite_fill_is_ruled_out_by_the_blocked_rows():
    """?d_model=64&heads=64&masks=1: a finite fill makes the fully blocked rows uniform, which raises the mean row
    entropy as dividing by √d_model would. The feedback says which readings rule √d_model out, and where the
    extra entropy comes from."""
    Q, K, V = heads_qkv("the cat sat on the mat", 0, 64, 64)
    mask = mk.quiz_mask(Q.shape[-2])
    right = mk.correct_attention(Q, K, V, mask)
    pool = {m.name: m for m in mm.masked_quiz_pool(Q, K, V, 64, mask)}
    res = pool["finite_fill"].run(Q, K, V, 64)
    d, dm = mk.diagnose(right, res, mask), mm.diagnose_mask(Q, K, V, mask, res)
    assert say.flatness(d.mean_entropy, d.right_mean_entropy) == "flatter"  # the reading that fits the wrong pick
    assert mm.ruled_out_masked("sqrt_d_model", d, dm, 64, 1) == ("rows", "blocked", "filled")
    ok, said = say.verdict(pool["finite_fill"], pool["sqrt_d_model"], d, 64, 1, dm)
    assert not ok and said.facts["ruled_out"] == ("rows", "blocked", "filled")
    for code in said.facts["ruled_out"]:  # each reading that rules it out is said, with what was measured
        assert say.ruling(code, d, dm, "sqrt_d_model", 64, 1) in said.text
    assert said.facts["entropy_moved_by_blocked_rows"] == dm.filled_rows == 64  # where the extra entropy is from
    blocked_rows = np.flatnonzero(~mask.any(-1))
    np.testing.assert_allclose(res.weights[..., blocked_rows, :], 1 / mask.shape[0])  # spread evenly over every key
    others = np.setdiff1d(np.arange(mask.shape[0]), blocked_rows)
    np.testing.assert_allclose(res.weights[..., others, :], right.weights[..., others, :], atol=1e-12)
    assert say.symptom(pool["sqrt_d_model"], d, 64, 1).text not in said.text  # the pick's own story is not told


def test_the_finite_fill_is_ruled_out_when_a_blocked_row_is_not_even():
    """A finite fill spreads a fully blocked row evenly: a row that got uneven weight (no mask at all) rules it out."""
    Q, K, V = heads_qkv("a b", 1, 4, 1)
    mask = mk.quiz_mask(2)
    res = mm.MASK_BY_NAME["no_mask"].run(Q, K, V, mask)
    d, dm = mk.diagnose(mk.correct_attention(Q, K, V, mask), res, mask), mm.diagnose_mask(Q, K, V, mask, res)
    assert dm.filled_rows == 1 and not dm.filled_even and dm.open_rows_same
    assert mm.ruled_out_masked("finite_fill", d, dm, 4, 4) == ("uneven",)
    assert "a fully blocked row's weight is not spread evenly" in say.ruling("uneven", d, dm, "finite_fill", 4, 4)
