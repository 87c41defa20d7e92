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
    assert "row **b**, whose wrong weights sum to 1.0003 instead of 1." in said
    exact = results(output=[[0.1, 0.0], [0.0, 0.3]], weights=[[0.5, 0.5], [0.75, 0.25]])
    assert "whose wrong weights still sum to 1 but fall on other keys" in say.largest_output_change(
        right, exact, ["a", "b"])


def test_an_entropy_near_0_is_printed_with_its_digits_and_a_tie_says_so():
    said = say.flatness_clause(0.0003, 0.0031, 1)  # d_model 24, one head: no scaling gave "0.000 against 0.249"
    assert "makes the weights more peaked: their mean row entropy is 0.0003 against 0.003 for the right" in said
    assert "0.000 " not in said
    tie = say.flatness_clause(1.2, 1.2, 2)
    assert tie == (" leaves the weights exactly as flat as the right ones: their mean row entropy over all heads is "
                   "1.200, the same as the right weights'.")
    assert "about as flat" in say.flatness_clause(1.2004, 1.2, 2)


def test_a_comparison_of_matrices_that_agree_says_they_agree():
    """Issue 22: 'differ by up to below 10⁻⁹' and 'move by up to below 10⁻⁹' compare words with no difference."""
    S = np.array([[1.0, 2.0], [2.0, 1.0]])  # symmetric scores: KQᵀ is QKᵀ
    W = np.array([[0.3, 0.7], [0.7, 0.3]])
    right = results(scores=S, weights=W, output=[[1.0, 0.0], [0.0, 1.0]])
    same = results(scores=S, weights=W, output=[[1.0, 0.0], [0.0, 1.0]])
    swap = say.swap_text(right, same)
    assert "on this sentence the weights happen to stay the same (to within 10⁻⁹)." in swap
    assert "by up to below" not in swap
    d = dataclasses.replace(mk.diagnose(right, same), scores_same=False)
    v_as_k = say.values_as_keys_text(right, same, d)
    assert "the weights on this sentence happen to equal the right ones (to within 10⁻⁹)" in v_as_k
    assert "by up to below" not in v_as_k
    k_as_v = say.keys_as_values_text(right, same)
    assert "the output on this sentence happens to equal the right one (to within 10⁻⁹)." in k_as_v
    assert "by up to below" not in k_as_v and "only the output shows it" not in k_as_v
    sums = say.row_and_column_sums(W, W.T)  # the wrong weights are the right ones: rows and columns sum to 1
    assert "by up to below" not in sums and "the weights equal the right ones to within 10⁻⁹" in sums
    outs = say.scale_outputs(8, 4, {"no_scale": 0.0}, {"no_scale": 1.0, "right": 1.0})
    assert outs == "Against this right output, the output ÷ 1 matches it to within 10⁻⁹."


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
        text = say.symptom(m, d, 8, 8 // heads)
        assert "are not" not in text and "do not equal" not in text, (m.name, text)
        ok, feedback = say.verdict(m, m, d, 8, 8 // heads)
        assert ok and feedback.startswith("Right") and "could not be answered" not in feedback


def test_verdict_on_a_wrong_pick_names_both():
    Q, K, V = heads_qkv()
    right = mk.correct_attention(Q, K, V)
    secret, answer = mk.BY_NAME["k_as_v"], mk.BY_NAME["swap_qk"]
    d = mk.diagnose(right, secret.run(Q, K, V, 8))
    ok, text = say.verdict(secret, answer, d, 8, 4)
    assert not ok and text.startswith("Not this time: it is **K used in place of V")
    # the reading that rules the pick out, and what the pick would have given instead
    assert text.endswith("You picked Q and K swapped, which these readings rule out: the scores equal QKᵀ, where it "
                         "would make them (QKᵀ)ᵀ.")


def test_verdict_says_when_the_checks_point_elsewhere():
    """identify() reads the symptoms: when they match another mistake, the feedback must not pretend otherwise."""
    Q, K, V = heads_qkv()
    right = mk.correct_attention(Q, K, V)
    d = mk.diagnose(right, mk.swap_q_and_k(Q, K, V))
    looks_right = dataclasses.replace(d, scores_transposed=False, scores_same=True, weights_same=True, output_gap=0.0)
    assert mk.identify(looks_right) == "none"
    _, text = say.verdict(mk.BY_NAME["swap_qk"], mk.BY_NAME["swap_qk"], looks_right, 8, 4)
    assert "the checks alone point to no mistake at all" in text



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
        "scale_notes": " ".join(say.scale_notes(d_model, heads, [mk.BY_NAME[x] for x, _ in runs])),
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


def sentence_with(text: str, start: str) -> str:
    """The one sentence of `text` that starts with `start`."""
    found = [s for s in re.split(r"(?<=\.)\s+", text) if s.startswith(start)]
    assert len(found) == 1, (start, text)
    return found[0]


def check_state(text, seed, d_model, heads):
    """Every sentence the page builds for one state, each claim checked against its numbers, in page order."""
    st_ = page_sentences(text, seed, d_model, heads)
    check_wording(st_)
    check_axis_section(st_)
    check_scale_section(st_, d_model, heads)
    check_roles_section(st_, d_model)
    check_quiz(st_, heads)


def spread(v) -> str:
    """'from a to b', or 'all a' when they print alike: the sums as the sentences must state them (enough's digits,
    which tests/lessons/test_format.py holds to the values), a sum within 10⁻⁹ of a whole number being that number."""
    v = np.where(np.abs(v - np.round(v)) < 1e-9, np.round(v), v)
    lo, hi = enough(v.min()), enough(v.max())
    return f"all {lo}" if lo == hi else f"from {lo} to {hi}"


def check_wording(st_):
    """No sentence reads as a machine writes numbers, and every article before a number is the spoken one."""
    said = st_["said"]
    every = [v for v in said.values() if isinstance(v, str)] + said["scale_titles"] + [
        t for _, (_, t) in st_["verdicts"].values()]
    for sentence in every:
        for bad in BAD:
            assert not re.search(bad, sentence), (bad, sentence)
        for article, number in re.findall(r"\b([Aa]n?) (\d+)\b", sentence):  # 'an 8 × 8', 'a 6 × 6'
            assert article.lower() == fmt.a_an(int(number)), sentence


def check_axis_section(st_):
    """Section 1: the sums it states are the sums of the matrices, and the checkpoint's reveal says what they are."""
    said, labels = st_["said"], st_["labels"]
    right, axis0 = st_["right"], st_["axis0"]
    assert f"the row sums are {spread(right.weights.sum(-1))};" in said["sums"]
    assert f"the column sums are {spread(axis0.weights.sum(0))}" in said["sums"]
    rows = axis0.weights.sum(-1)
    assert ("happen to be" in said["sums"]) == bool(np.abs(rows - 1).max() < 1e-6)
    diff = np.abs(axis0.output - right.output)
    worst = int(np.argmax(diff.max(axis=1)))
    assert f"The largest difference, {enough(diff.max(), below=1e-9)}, is in row **{fmt.md_text(labels[worst])}**" in (
        said["largest"])
    assert ("instead of 1" in said["largest"]) == bool(abs(rows[worst] - 1) >= 1e-6)
    assert f"sum to {enough(rows[worst])} instead of 1" in said["largest"] or "still sum to 1 but" in said["largest"]
    # the checkpoint's reveal: it says the columns sum to 1 (they always do), and the rows only when they do
    cols_one = bool(np.abs(axis0.weights.sum(0) - 1).max() < 1e-6)
    rows_one = bool(np.abs(rows - 1).max() < 1e-6)
    assert cols_one and ("every column of the WRONG weights sums to 1 (" + spread(axis0.weights.sum(0))) in (
        said["axis_reveal"])
    assert ("happen to sum to 1 as well" in said["axis_reveal"]) == rows_one
    if not rows_one:
        assert (f"its row sums are {spread(rows)} (the largest |row sum − 1| is "
                f"{enough(np.abs(rows - 1).max(), below=1e-9)})" in said["axis_reveal"])


def check_scale_section(st_, d_model, heads):
    """Section 2: which mistakes are drawn, every flatness word measured independently, the notes and titles."""
    said, n, d_k = st_["said"], st_["n"], st_["d_k"]
    drawn = [name for name, _ in st_["runs"]]
    assert ("sqrt_d_model" in drawn) == (heads > 1) and ("no_scale" in drawn) == (d_k > 1)
    W_right = st_["right_h"].weights
    H_right = float(np.mean(row_entropy(W_right)))
    for name, res in st_["runs"]:
        H = float(np.mean(row_entropy(res.weights)))
        start = "Dividing by √d_model" if name == "sqrt_d_model" else "Not dividing at all"
        part = sentence_with(said["scale_intro"], start)
        word = "flatter" if H > H_right + 1e-3 else "more peaked" if H < H_right - 1e-3 else "about as flat"
        assert word in part and f"is {enough(H)} against {enough(H_right)}" in part, (part, H, H_right)
        assert H == 0 or f"is {fmt.num(0, 3)} " not in part  # an entropy that is not 0 never prints as 0.000
        # the theory the quiz states: a bigger divisor never sharpens a row, a smaller one never flattens it
        assert say.scale_effect(name, d_model, d_k) != ("more peaked" if H > H_right + 1e-12 else "flatter")
        assert f"{say.divided_by(name, d_model, d_k)} is off by up to " \
               f"{enough(np.abs(res.output - st_['right_h'].output).max(), below=1e-9)}" in said["scale_outputs"]
        if word == "flatter":
            assert "lat" in said["scale_outputs"].split("off by up to")[-1]  # 'Flatter weights' / 'flatter ones'
    words = {("flatter" if H > H_right + 1e-3 else "more peaked" if H < H_right - 1e-3 else "same")
             for H in (float(np.mean(row_entropy(r.weights))) for _, r in st_["runs"])}
    assert ("More peaked weights" in said["scale_outputs"]) == ("more peaked" in words)
    assert ("lean each query" in said["scale_outputs"]) == ("more peaked" in words)
    assert ("pull every query" in said["scale_outputs"]) == ("flatter" in words)
    assert ("one head" in said["scale_intro"]) == (heads == 1)
    assert ("over all heads" in said["scale_intro"]) == (heads > 1)
    assert (f"√d_k = {fmt.sqrt_text(d_k)}." in said["scale_intro"])
    # the notes say a mistake gives the right weights exactly when it does
    for name, note in (("sqrt_d_model", "√d_model and √d_k are the same number"), ("no_scale", "√d_k = 1 and")):
        same = np.allclose(mk.BY_NAME[name].run(*st_["QKV_h"], d_model).weights, W_right, rtol=0, atol=1e-12)
        assert (note in said["scale_notes"]) == same
    assert f"ln n = ln {n} = {fmt.num(math.log(n), 3)} nats" in said["scale_caption"]
    assert all(len(t) + len(f"  ({n} × {n})") <= SCALE_TITLE_MAX for t in said["scale_titles"])
    assert ("not d_model" in said["diagnostic"]) == (d_k != d_model)
    assert f"shape ({heads}, {n}, {d_k})" in said["diagnostic"]


def check_roles_section(st_, d_model):
    """Section 3: the role mix-ups, measured; then the checks table, each verdict checked the slow way."""
    said, n, right = st_["said"], st_["n"], st_["right"]
    swap, v_as_k, k_as_v = st_["swap"], st_["v_as_k"], st_["k_as_v"]
    assert "largest gap below 10⁻⁹" in said["swap"]  # the swapped scores are the transpose, to rounding
    moved = enough(np.abs(swap.weights - right.weights).max(), below=1e-9)
    assert f"the weights move by up to {moved}." in said["swap"]
    i = say.swap_row(n)  # the row the scores tables outline, read aloud in the folded bullets
    assert f"Swapped, row **{fmt.md_text(st_['labels'][i])}** of the scores is " in said["swap_breaks"]
    assert "**Self-attention you train from scratch:** nothing breaks" in said["swap_breaks"]
    n_q, d_v = n // 2, d_model // 2
    assert f"first {n_q} token{'s' if n_q > 1 else ''} only (Q is {n_q} × {d_model})" in said["cross"]
    assert f"right weights are {fmt.a_an(n_q)} {n_q} × {n} matrix and the output {n_q} × {d_v}" in said["cross"]
    with pytest.raises(ValueError):  # the claim "stops with an error", checked against numpy's own matmul
        np.asarray(mk.softmax(st_["K"] @ st_["Q"][:n_q].T)) @ st_["V"][:, :d_v]
    assert "stops with an error" in said["cross"]
    moved = enough(np.abs(v_as_k.weights - right.weights).max(), below=1e-9)
    assert f"differ from the right ones by up to {moved}" in said["v_as_k"]
    rel = mk.diagnose(right, v_as_k).scores_relation
    assert ("are neither QKᵀ nor its transpose" in said["v_as_k"]) == (rel == "neither")
    assert "(largest gap below 10⁻⁹), so the row-sum check" in said["v_as_k"]
    assert "exactly right (largest gap below 10⁻⁹)" in said["k_as_v"]
    assert f"off by up to {enough(np.abs(k_as_v.output - right.output).max(), below=1e-9)}." in said["k_as_v"]
    columns = say.checks_table(st_["checks"])
    table = dict(zip(columns["mistake"], zip(columns["row sums"], columns["shapes"], columns["known answer"],
                                             strict=True), strict=True))
    for c in st_["checks"]:
        row_sums, shapes, known = table[say.mistake_label(c.mistake.name)]
        W = c.mistake.run(st_["Q"], st_["K"], st_["V"], d_model).weights
        assert (row_sums == "caught") == bool(np.abs(W.sum(-1) - 1).max() > 1e-6)
        assert (shapes == "caught") == (c.mistake.name != "axis0")  # every role mix-up; the axis keeps its shape
        assert known == "caught"
    assert f"({n_q} quer{'y' if n_q == 1 else 'ies'}, values {d_v} wide, so the output should be {n_q} × {d_v})" \
        in said["shape_outcomes"]
    assert f"returns {n_q} × {d_model} instead of {n_q} × {d_v}" in said["shape_outcomes"]  # K used as V
    assert "dividing by 1 fails it and dividing by √8 fails it" in said["scale_known"]


def check_quiz(st_, heads):
    """The quiz: the feedback is right exactly when the answer is, and names the secret by its measured telltale."""
    assert (f"split into {heads} heads" in st_["said"]["quiz"]) == (heads > 1)
    for (secret, answer), (d, (ok, feedback)) in st_["verdicts"].items():
        assert ok == (secret == answer)
        assert ("could not be answered" in feedback) == (mk.identify(d) != secret)
        assert mk.identify(d) == secret, (secret, d)  # and on every state walked, the symptoms do name it
        if secret in ("no_scale", "sqrt_d_model"):
            measured = {"flatter": "higher than", "more peaked": "lower than", "as flat": "about the same as"}[
                say.flatness(d.mean_entropy, d.right_mean_entropy)]
            assert f"{enough(d.mean_entropy)}, {measured} the right" in feedback


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
    said = page_sentences(" ".join(WORDS[:16]), 0, 8, 2)["said"]["cross"]
    assert "are an 8 × 16 matrix" in said
    assert "are a 3 × 6 matrix" in page_sentences("the cat sat on the mat", 0, 8, 2)["said"]["cross"]
    assert "are a 1 × 2 matrix" in page_sentences("hello world", 0, 8, 2)["said"]["cross"]


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
    monkeypatch.setitem(say.LABELS, "masked_twice", "Masked twice")  # named, as any mistake the quiz draws is
    d = mk.diagnose(right, other.run(Q, K, V, 8))
    text = say.symptom(other, d, 8, 4)
    assert text == (f"here the largest |row sum − 1| is below 10⁻⁹, the scores equal QKᵀ, and the output differs "
                    f"from the right one by up to {enough(d.output_gap, below=1e-9)}.")
    ok, feedback = say.verdict(other, mk.BY_NAME["k_as_v"], d, 8, 4)
    assert not ok and "could not be answered" not in feedback


def test_the_axis_reveal_says_what_the_sums_are_in_every_case():
    """Every branch of the checkpoint's reveal, on weights built to land in it."""
    axis0 = np.array([[0.2, 0.5], [0.8, 0.5]])  # columns sum to 1, rows 0.7 and 1.3
    assert say.axis_reveal(axis0).startswith("`softmax(scores, axis=0)` normalises down each column")
    assert "its row sums are from 0.700 to 1.300 (the largest |row sum − 1| is 0.300)" in say.axis_reveal(axis0)
    both = np.full((2, 2), 0.5)
    assert "happen to sum to 1 as well (all 1.000), but only the columns" in say.axis_reveal(both)
    rows = np.array([[0.2, 0.8], [0.4, 0.6]])
    assert say.axis_reveal(rows) == ("Here the rows of the WRONG weights sum to 1 (all 1.000) and its column sums "
                                     "are from 0.600 to 1.400.")
    assert say.axis_reveal(np.full((2, 2), 0.3)).startswith("Here neither sums to 1: the row sums of the WRONG "
                                                            "weights are all 0.600")


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
            assert ok == (secret.name == answer.name)
            assert "could not be answered" not in feedback, (secret.name, feedback)
            if ok:
                assert feedback.startswith(f"Right: it is **{say.named(secret)}**. Why: {why(secret)}")
            else:  # the pick is answered with what rules it out, never with the readings that fit it
                assert mm.ruled_out_masked(answer.name, d, dm, d_model, d_k), (secret.name, answer.name)
                assert feedback.startswith(f"Not this time: it is **{say.named(secret)}**, because {why(secret)} "
                                           f"You picked {say.named(answer)}, which these readings rule out: ")
                assert why(answer) not in feedback
            assert ("The row counts take in" in feedback) == (heads > 1)
            ours = feedback
            for m in (secret, answer):  # mask_mistakes.explain is that module's sentence, checked by its own tests
                ours = ours.replace(why(m), "") if m.name in mm.MASK_BY_NAME else ours
            for bad in BAD:
                assert not re.search(bad, ours), (bad, feedback)
        if secret.name in mm.MASK_BY_NAME:  # the reason quotes what was measured
            assert why(secret) == mask_words.explain(secret.name, dm)
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
    said = say.quiz_mask_text(labels, mk.quiz_mask(4))
    assert ("the causal mask with every key of **the·0** blocked too: it blocks 7 of the 16 query→key pairs, and "
            "**the·0** may see no key at all.") in said
    assert said.endswith("each blocked pair 0, and a fully blocked row 0s.")
    other = np.array([[True, False], [False, True]])
    assert say.quiz_mask_text(["a", "$b"], other) == (
        "**The mask.** Every computation here, right or wrong, gets this mask: it blocks 2 of the 4 query→key pairs. "
        "The right computation gives each blocked pair 0.")
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
            assert ("which these readings rule out" in feedback) == (not ok)


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
    ok, text = say.verdict(pool["finite_fill"], pool["sqrt_d_model"], d, 64, 1, dm)
    assert not ok
    assert ("You picked scaled by √d_model instead of √d_k, which these readings rule out: the largest row-sum gap "
            "is 1.000, where it would keep every row summing to 1, or to 0 for a row that may see no key; a blocked "
            "pair got up to 0.167, where it would give every blocked pair exactly 0; 64 fully blocked rows got "
            "weight, where it would give a fully blocked row 0s.") in text
    assert ("The mean row entropy is higher than the right one's only because 64 fully blocked rows got weight "
            "spread evenly over every key") in text
    assert "flattens the weights" not in text  # the pick's own story, which these numbers seem to fit, is not told


def test_the_finite_fill_is_ruled_out_when_a_blocked_row_is_not_even():
    """A finite fill spreads a fully blocked row evenly: a row that got uneven weight (no mask at all) rules it out."""
    Q, K, V = heads_qkv("a b", 1, 4, 1)
    mask = mk.quiz_mask(2)
    res = mm.MASK_BY_NAME["no_mask"].run(Q, K, V, mask)
    d, dm = mk.diagnose(mk.correct_attention(Q, K, V, mask), res, mask), mm.diagnose_mask(Q, K, V, mask, res)
    assert dm.filled_rows == 1 and not dm.filled_even and dm.open_rows_same
    assert mm.ruled_out_masked("finite_fill", d, dm, 4, 4) == ("uneven",)
    assert "a fully blocked row's weight is not spread evenly" in say.ruling("uneven", d, dm, "finite_fill", 4, 4)
