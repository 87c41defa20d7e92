"""The Mask mistakes page's words: every sentence, label and piece of code-as-text it builds, each claim checked
against the numbers attn_core.mask_mistakes computed."""

import contextlib
import io
import re

import numpy as np
import pytest

import attn_core
from attn_core import mask_mistakes as mm
from attn_core.attention import causal_mask, padding_mask
from attn_lessons import format as fmt
from attn_lessons import mask_mistakes as say
from attn_ui.code import array_literal

LABELS = ["the·0", "cat", "sat", "on", "the·4", "mat"]


def default_case(mask=None) -> mm.Case:
    inputs = attn_core.build_inputs("the cat sat on the mat", 0, 8)
    return mm.build_case(inputs, causal_mask(6) if mask is None else mask)


def test_every_mistake_is_explained_in_a_sentence_from_its_symptoms():
    case = default_case(mm.with_blocked_row(causal_mask(6), 2))
    for m in mm.MASK_MISTAKES:
        d = mm.diagnose_mask(case.Q, case.K, case.V, case.mask, m.run(case.Q, case.K, case.V, case.mask))
        assert say.explain(m.name, d).endswith(".")


def test_the_explanations_quote_the_measured_numbers():
    case = default_case()
    res = mm.mask_after_softmax(case.Q, case.K, case.V, case.mask)
    d = mm.diagnose_mask(case.Q, case.K, case.V, case.mask, res)
    lowest = res.weights.sum(-1).min()
    assert fmt.num(lowest, 3) in say.explain("after_softmax", d)
    assert "0.000" in say.explain("after_softmax", d)  # no blocked pair got weight
    with pytest.raises(ValueError, match="after_softmax"):
        say.explain("nonsense", d)
    readings = dict(say.symptom_readings(d))
    assert readings["NaN rows"] == "0" and readings["= unmasked weights"] == "no"
    assert readings["largest row-sum gap"] == fmt.num(1 - lowest, 3)


def test_check_cells_and_the_caught_sentence():
    assert say.check_cell(mm.CheckResult("rows", True, 0.0)) == "✓"
    assert say.check_cell(mm.CheckResult("rows", False, 0.41)) == "✗ 0.41"
    assert say.check_cell(mm.CheckResult("rows", False, float("nan"))) == "✗ NaN"
    assert say.check_cell(mm.CheckResult("leak", True, 0.0, applicable=False)) == "—"
    case = default_case()
    t = 5
    table = mm.check_table(case, *mm.swapped_qkv(case, t, "dog"), t)
    text = say.caught_sentence(table)
    assert text.startswith("The right computation passes all five checks, and every mistake fails at least one:")
    for name, results in table[1:]:
        label = say.mistake_label(name)
        failed = ", ".join(str(k + 1) for k, r in enumerate(results) if not r.passed)
        assert f"- {label}: check" in text and failed in text.split(f"- {label}: ")[1].split("\n")[0]


def test_the_snippet_runs_passes_its_checks_and_catches_a_mistake():
    for mask in (causal_mask(6), mm.with_blocked_row(padding_mask(6, [5]), 3)):
        case = default_case(mask)
        code = say.checks_snippet(case, 5, array_literal)
        scope: dict = {}
        with contextlib.redirect_stdout(io.StringIO()) as printed:
            exec(code, scope)  # noqa: S102 - the code is ours, generated from our own numbers
        assert printed.getvalue() == "all 5 checks pass\n"
        np.testing.assert_array_equal(scope["mask"], mask)
        np.testing.assert_allclose(scope["Q"], case.Q, rtol=0, atol=0)
        for m in mm.MASK_MISTAKES:
            def theirs(Q, K, V, mask, _run=m.run):
                res = _run(Q, K, V, mask)
                return res.weights, res.output
            assert scope["run_checks"](theirs, case.Q, case.K, case.V, mask, 5), m.name


def test_grid_notice():
    assert say.grid_notice(2, 6) == ("Your grid is 2 × 2 but your sentence has 6 tokens, so it is grown to 6 × 6 "
                                     "(the new pairs are allowed).")
    assert say.grid_notice(8, 6).endswith("so it is cut to 6 × 6.")


def test_mask_summary_counts():
    assert "blocks 15 of the 36" in say.mask_summary(LABELS, causal_mask(6))
    assert "still see at least one key" in say.mask_summary(LABELS, causal_mask(6))
    one = say.mask_summary(LABELS, mm.with_blocked_row(causal_mask(6), 2))
    assert "“sat” may see no key at all: its row is fully blocked" in one
    assert "every row is fully blocked" in say.mask_summary(LABELS, np.zeros((6, 6), dtype=bool))
    assert "blocks no query→key pair" in say.mask_summary(LABELS, np.ones((6, 6), dtype=bool))


def test_the_row_sum_question_and_its_answer():
    case = default_case()
    wrong = mm.mask_after_softmax(case.Q, case.K, case.V, case.mask)
    i = mm.question_row(case.mask)
    assert i == 0  # the causal row with the most blocked keys that still sees one
    assert say.row_sum_answer(wrong.weights[i].sum()) == "less than 1"
    assert [say.row_sum_answer(x) for x in (1.0, 1 + 1e-12, 0.0, 0.4, 1.2)] == [
        "exactly 1", "exactly 1", "exactly 0", "less than 1", "more than 1"]
    why = say.after_softmax_reveal(case.labels, case.mask, wrong.weights, i)
    assert f"leaves {fmt.num(wrong.weights[0].sum(), 3)}" in why and "1 of the 6 keys" in why
    assert "sums to 0" in say.after_softmax_reveal(case.labels, np.zeros((6, 6), bool), wrong.weights * 0, 0)
    assert mm.question_row(np.zeros((3, 3), dtype=bool)) == 0
    assert say.question_key(case.mask, 0) != say.question_key(mm.with_blocked_row(case.mask, 3), 0)


@pytest.mark.parametrize("mask", [causal_mask(6), padding_mask(6, [4, 5]), mm.with_blocked_row(causal_mask(6), 3),
                                  np.ones((6, 6), dtype=bool), np.zeros((6, 6), dtype=bool)])
def test_the_after_softmax_sentence_states_what_the_sums_are(mask):
    case = default_case(mask)
    wrong = mm.mask_after_softmax(case.Q, case.K, case.V, mask).weights
    text = say.after_softmax_sentence(case.labels, mask, wrong)
    sums = wrong.sum(-1)
    partial = mask.any(-1) & ~mask.all(-1)
    if not partial.any():
        assert "changes nothing here" in text
        return
    k = int((partial & (sums < 1 - 1e-9)).sum())
    low = int(np.argmin(np.where(partial, sums, np.inf)))
    assert ("none of the 6 rows sums to 1" if k == 6 else f"{k} of the 6 rows no longer sum") in text
    assert f"“{case.labels[low]}”, at {fmt.num(sums[low], 3)}" in text
    assert ("sums to 0 either way" in text) == (~mask.any(-1)).any()


def test_the_inverted_sentence():
    case = default_case()
    w = mm.inverted_mask(case.Q, case.K, case.V, case.mask).weights
    text = say.inverted_sentence(case.labels, case.mask, w)
    assert "only the tokens after it" in text and "“mat”, the last, may see nothing" in text
    assert np.all(w[5] == 0)
    pad = padding_mask(6, [4, 5])
    text = say.inverted_sentence(case.labels, pad, mm.inverted_mask(case.Q, case.K, case.V, pad).weights)
    assert "exactly the 12 pairs your mask blocks and blocks the 24" in text and "is now exactly 0" in text
    assert "blocks everything" in say.inverted_sentence(case.labels, np.ones((6, 6), bool), w)
    assert "allows every pair" in say.inverted_sentence(case.labels, np.zeros((6, 6), bool), w)


def test_the_wrong_axis_sentence_and_the_two_shapes():
    case = default_case()
    pad = padding_mask(6, [4, 5])
    w = mm.mask_wrong_axis(case.Q, case.K, case.V, pad).weights
    text = say.wrong_axis_sentence(case.labels, pad, w)
    share = w[:4, 4:].sum(-1)
    assert f"“{case.labels[int(np.argmax(share))]}” gives it {fmt.num(share.max(), 3)}" in text
    assert "Shaped (1, 6), the mask blocks the key columns of “the·4” and “mat”" in text
    code = say.padding_shapes_code(case.labels, mm.key_columns(pad))
    scope = {"np": np}
    exec(code.splitlines()[0], scope)  # noqa: S102 - our own one-line literal
    assert scope["allowed"][None, :].shape == (1, 6) and "(1, 6)" in code and "(6, 1)" in code
    assert mm.key_columns(causal_mask(6)) is None
    causal = say.wrong_axis_sentence(case.labels, case.mask, case.right.weights)
    assert "itself and everything after it" in causal
    assert "its own transpose" in say.wrong_axis_sentence(case.labels, np.eye(6, dtype=bool), w)
    odd = np.ones((6, 6), dtype=bool)
    odd[0, 3] = False
    w = mm.mask_wrong_axis(case.Q, case.K, case.V, odd).weights
    assert "1 pairs you allowed are now blocked" in say.wrong_axis_sentence(case.labels, odd, w)


@pytest.mark.parametrize("dtype", mm.DTYPES)
@pytest.mark.parametrize("fill", mm.FILLS)
def test_the_fill_sentences_say_what_each_row_is(dtype, fill):
    case = default_case()
    row, mask, added = mm.blocked_row_for_demo(case.mask, None)
    assert (row, added) == (0, True) and not mask[0].any()
    runs = [mm.naive_minus_inf(case.Q, case.K, case.V, mask, dtype),
            mm.finite_fill(case.Q, case.K, case.V, mask, fill, dtype),
            mm.safe_minus_inf(case.Q, case.K, case.V, mask, dtype)]
    W = [r.weights[0] for r in runs]
    naive, filled, safe = say.fill_sentences("the·0", 6, dtype, fill, *W, runs[1].output[0])
    assert "all 6 weights are NaN" in naive and np.isnan(W[0]).all()
    overflow = dtype == "float16" and fill != "min"
    assert ("cannot be stored" in filled) == overflow and np.isnan(W[1]).all() == overflow
    if not overflow:
        assert "0.167 on each of the 6 keys" in filled
        assert fmt.num(np.abs(runs[1].output[0]).max(), 3) in filled
    assert "weights of 0 and an output of 0" in safe and np.all(W[2] == 0)
    # the numpy line printed above the figure is what numpy really prints
    line = say.overflow_code(fill, dtype)
    call, shown = line.split("  # -> ")
    with np.errstate(over="ignore"):
        assert repr(eval(call, {"np": np})) == shown  # noqa: S307 - our own one-line expression


def test_the_blocked_row_note_and_the_fill_text():
    case = default_case(mm.with_blocked_row(mm.with_blocked_row(causal_mask(6), 2), 4))
    row, mask, added = mm.blocked_row_for_demo(case.mask, 0)
    assert (row, added) == (2, False) and np.array_equal(mask, case.mask)
    note = say.blocked_row_note(case.labels, case.mask, row, added)
    assert note.startswith("“sat” may see no key") and "1 more row is fully blocked too" in note
    assert "also blocks every key of “on”" in say.blocked_row_note(case.labels, causal_mask(6), 3, True)
    assert say.fill_text("min", "float16") == "the lowest float16, −65504"
    assert say.fill_text("-1e9", "float64") == "−10⁹"


def test_the_leak_sentence_counts_what_moved():
    labels = LABELS
    free = np.array([0.3, 0.0, 0.7, 0.2, 0.1, 0.9])
    causal = np.array([0.0, 0.0, 0.0, 0.0, 0.0, 0.9])
    text = say.leak_sentence(labels, 5, "dog", free, causal)
    assert "moves 4 of the 5 earlier outputs (the most, 0.700, at “sat”)" in text
    assert "none of the 5 moves: the largest change is exactly 0" in text
    assert "moves all 2 earlier" not in say.leak_sentence(labels, 2, "dog", free + 0.1, causal)
    assert "both earlier outputs" in say.leak_sentence(labels, 2, "dog", free + 0.1, causal)
    one = say.leak_sentence(labels, 1, "dog", free, causal)
    assert "moves the output of “the·0”, the one before it, by 0.300" in one and "it does not move" in one
    assert "the mask leaks" in say.leak_sentence(labels, 5, "dog", free, free)
    assert "nothing to leak" in say.leak_sentence(labels, 0, "dog", free, causal)


def test_the_check_sentences_match_the_results():
    case = default_case()
    t = 5
    results = mm.run_checks(mm.masked_attention, case, *mm.swapped_qkv(case, t, "dog"), t)
    lines = say.check_sentences(results, case.labels, case.mask, t, "dog")
    assert len(lines) == 5 and all(line.startswith("✓") for line in lines)
    assert "15 blocked pairs is exactly 0" in lines[1] and "“mat” to “dog” moves none of them" in lines[2]
    assert "(query 2: 0.800 and 0.200)" in lines[4]
    wrong = mm.run_checks(mm.naive_minus_inf, case, *mm.swapped_qkv(case, t, "dog"), t)
    lines = say.check_sentences(wrong, case.labels, case.mask, t, "dog")
    assert lines[3].startswith("✗") and lines[3].endswith("largest weight or output entry is NaN.")
    single = say.check_sentences(results[:2] + [mm.CheckResult("leak", True, 0.0, False)] + results[3:],
                                ["w"], np.ones((1, 1), bool), 0, "dog")
    assert single[2].startswith("—") and "query 1 sees only itself" in single[4]


def test_md_safe_labels_are_left_to_the_page_and_sentences_end_with_a_full_stop():
    case = default_case(padding_mask(6, [4, 5]))
    sentences = [
        say.mask_summary(case.labels, case.mask),
        say.after_softmax_sentence(case.labels, case.mask, case.right.weights),
        say.renormalise_sentence(case.right.scores * case.right.scale, case.mask),
        say.inverted_sentence(case.labels, case.mask, case.right.weights),
        say.wrong_axis_sentence(case.labels, case.mask, case.right.weights),
    ]
    for s in sentences:
        assert s.rstrip().endswith((".", ")")), s
        assert not re.search(r"\bnan\b|not a number|\be[+-]\d", s), s


def test_renormalising_in_words():
    """The table's cells and the sentence under it (the numbers themselves: tests/core/test_mask_mistakes.py)."""
    cells = {(say.renorm_row_label(c), c.dtype): c
             for c in mm.renormalise_table(np.zeros((2, 2)), np.ones((2, 2), dtype=bool))}
    assert say.renorm_cell_text(cells[("[20, 0], key 1 blocked", "float16")]) == "NaN in 1 row"
    assert say.renorm_cell_text(cells[("your scores ×1", "float64")]) == "same"
    assert say.renorm_cell_text(mm.RenormCell(10, None, "float32", 0.31, 0)) == "off by 0.310"
    assert list(dict.fromkeys(label for label, _ in cells)) == [
        "your scores ×1", "your scores ×10", "your scores ×100", "your scores ×1000",
        "[20, 0], key 1 blocked", "[200, 0], key 1 blocked", "[800, 0], key 1 blocked"]
    # a sentence whose blocked score leads: scaled up, it breaks on the learner's own scores
    scaled = np.array([[0.0, 0.5], [1.0, 0.0]])
    mask = np.array([[True, False], [True, True]])
    assert "leads the best allowed score of its row by up to 0.500" in say.renormalise_sentence(scaled, mask)
    case = default_case()
    scaled = case.right.scores * case.right.scale
    lead = mm.blocked_lead(scaled, case.mask)
    assert f"{fmt.readable(-lead, 3)} below" in say.renormalise_sentence(scaled, case.mask)
    text = say.renormalise_sentence(np.zeros((2, 2)), mm.with_blocked_row(np.ones((2, 2), dtype=bool), 0))
    assert "0 / 0 = NaN at any size (1 row of yours" in text


# ---------------------------------------------------------------------------------------------------------
# Labels, symptoms, titles and the quiz's feedback


def test_every_mistake_has_a_label_a_symptom_and_a_check():
    names = [m.name for m in mm.MASK_MISTAKES]
    assert list(say.LABELS) == list(say.SYMPTOMS) == list(say.CHECK_CODE) == names
    assert say.mistake_label("finite_fill") == "A finite −10⁹ in place of −∞"
    with pytest.raises(KeyError):
        say.mistake_label("axis0")  # a Common mistakes name: attn_lessons.mistakes names those
    box = say.symptom_box("after_softmax")
    assert box == ("**Symptom:** Rows of the weights sum to less than 1, though no blocked pair gets any weight.  \n"
                   "**Check:** `assert np.allclose(weights.sum(-1), mask.any(-1))  # 1 per row, 0 for a fully "
                   "blocked row`")
    assert say.lower_first("Mask applied after the softmax") == "mask applied after the softmax"
    assert say.computation_label("right") == "Right: −∞, then 0s"
    assert say.computation_label("no_mask") == "No mask where one was needed"


def test_the_quiz_verdict_explains_both_the_secret_and_the_pick():
    case = default_case()
    res = mm.no_mask(case.Q, case.K, case.V, case.mask)
    d = mm.diagnose_mask(case.Q, case.K, case.V, case.mask, res)
    ok, text = say.verdict("no_mask", "no_mask", d)
    assert ok and text == f"Right: it is **No mask where one was needed**. Why: {say.explain('no_mask', d)}"
    ok, text = say.verdict("no_mask", "after_softmax", d)
    assert not ok and text == (f"Not this time: it is **No mask where one was needed**, because "
                               f"{say.explain('no_mask', d)} You picked mask applied after the softmax: "
                               f"{say.explain('after_softmax', d)}")


def test_the_question_titles_and_notices_name_what_they_show():
    assert say.row_sum_question("sat") == ("If you zero the blocked weights after the softmax, what does the row of "
                                           "“sat” sum to?")
    assert say.ROW_SUM_OPTIONS == ("exactly 1", "less than 1", "more than 1", "exactly 0")
    assert set(say.ROW_SUM_WORDS) == set(mm.ROW_SUM_KINDS)
    assert say.fill_columns("-1e6") == ["WRONG: −∞", "WRONG: −10⁶", "right: 0s"]
    assert say.fill_columns("min")[1] == "WRONG: lowest"
    assert say.fill_title("the·0", "float16") == "weights of “the·0”, every key blocked, float16"
    assert say.leak_title("sat", "ran") == "largest change in each output, “sat” → “ran”"
    assert say.same_word_notice("Mat") == "“Mat” is already the token there, so nothing changes. Type a different word."
    assert say.word_refused(ValueError("type one word")) == "The new word can't be used: type one word."
    assert say.grid_refused(ValueError("bad")) == "That grid can't be read: bad. Every pair is allowed until it can."
    assert say.check_headings() == ["1. rows sum to 1", "2. blocked get 0", "3. no leak", "4. blocked row 0s",
                                    "5. known answer"]
    assert say.code_intro(True).startswith("Your sentence and mask, then sections 1 to 5, in plain numpy")
    assert "sections 1 to 4 (section 5 draws no figure just now)" in say.code_intro(False)
