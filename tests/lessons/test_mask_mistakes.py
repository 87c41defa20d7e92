"""The Mask mistakes page's words: every sentence, label and piece of code-as-text it builds, each claim checked
against the numbers attn_core.mask_mistakes computed."""

import contextlib
import inspect
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
        said = say.explain(m.name, d)
        assert said.facts and all(getattr(d, field) == value for field, value in said.facts.items()), m.name
        assert not never_true(said.text)


def test_the_explanations_quote_the_measured_numbers():
    case = default_case()
    res = mm.mask_after_softmax(case.Q, case.K, case.V, case.mask)
    d = mm.diagnose_mask(case.Q, case.K, case.V, case.mask, res)
    lowest = res.weights.sum(-1).min()
    said = say.explain("after_softmax", d)
    assert said.facts == {"blocked_weight": res.weights[~case.mask].max(), "lowest_row_sum": lowest}
    assert said.facts["blocked_weight"] == 0  # no blocked pair got weight
    assert fmt.num(lowest, 3) in said.text
    with pytest.raises(ValueError, match="after_softmax"):
        say.explain("nonsense", d)
    readings = dict(say.symptom_readings(d))
    assert readings["NaN rows"] == "0"
    blocked, allowed = int((~case.mask).sum()), int(case.mask.sum())
    assert readings["blocked pairs with weight"] == f"0 of {blocked}"  # zeroed after the softmax: none
    assert readings["allowed pairs with no weight"] == f"0 of {allowed}"
    assert readings["largest row-sum gap"] == fmt.num(1 - lowest, 3)


def test_check_cells_and_the_caught_sentence():
    assert say.check_cell(mm.CheckResult("rows", True, 0.0)) == "✓"
    assert say.check_cell(mm.CheckResult("rows", False, 0.41)) == "✗ 0.41"
    assert say.check_cell(mm.CheckResult("rows", False, float("nan"))) == "✗ NaN"
    assert say.check_cell(mm.CheckResult("leak", True, 0.0, applicable=False)) == "—"
    case = default_case()
    t = 5
    table = mm.check_table(case, *mm.swapped_qkv(case, t, "dog"), t)
    said = say.caught_sentence(table)
    assert all(r.passed for r in table[0][1]) and all(not all(r.passed for r in results) for _, results in table[1:])
    assert said.facts == {"ran": 5, "right_passes": True, "missed": []}
    # a mistake that passes every check is named; the table above the sentence says which checks the others fail
    passing = [mm.CheckResult(name, True, 0.0) for name in mm.CHECK_NAMES]
    missed = [table[0], ("after_softmax", passing), *table[2:4], ("no_mask", passing)]
    said = say.caught_sentence(missed)
    assert said.facts["missed"] == ["after_softmax", "no_mask"]
    assert all(say.lower_first(say.mistake_label(m)) in said.text for m in said.facts["missed"])
    # a check that did not run ("—") is not counted as passed (issue 30, item 10)
    skipped = [("right", [*passing[:1], mm.CheckResult("blocked", True, 0.0, applicable=False),
                          mm.CheckResult("leak", True, 0.0, applicable=False), *passing[3:]]), *table[1:]]
    assert say.caught_sentence(skipped).facts == {"ran": 3, "right_passes": True, "missed": []}
    lone = [("right", [mm.CheckResult(c, True, 0.0, applicable=c == "rows") for c in mm.CHECK_NAMES]), *table[1:]]
    assert say.caught_sentence(lone).facts["ran"] == 1
    failing = [("right", [mm.CheckResult("rows", False, 0.5), *passing[1:]]), *table[1:]]
    assert say.caught_sentence(failing).facts["right_passes"] is False


def test_the_snippet_runs_passes_its_checks_and_catches_a_mistake():
    for mask in (causal_mask(6), mm.with_blocked_row(padding_mask(6, [5]), 3)):
        case = default_case(mask)
        code = say.checks_snippet(case, 5, array_literal, inspect.getsource)
        # the snippet's functions are attn_core's, printed from their source, not a copy kept in a string
        assert inspect.getsource(mm.attention_to_check) in code and inspect.getsource(mm.failed_checks) in code
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
            assert scope["failed_checks"](theirs, case.Q, case.K, case.V, mask, 5), m.name


@pytest.mark.parametrize(("m", "n"), [(2, 6), (8, 6), (1, 2)])
def test_grid_notice(m, n):
    grid = attn_core.masks.fit_mask(np.zeros((m, m), dtype=bool), n)  # every old pair blocked: what is left is new
    assert say.grid_notice(m, n).facts == {"was": m, "now": n, "new_pairs_allowed": bool(grid.any())}
    assert not never_true(say.grid_notice(m, n).text)


@pytest.mark.parametrize("mask", [causal_mask(6), mm.with_blocked_row(causal_mask(6), 2), np.zeros((6, 6), bool),
                                  np.ones((6, 6), bool), padding_mask(6, [4, 5])])
def test_mask_summary_counts(mask):
    said = say.mask_summary(LABELS, mask)
    right = default_case(mask).right.weights
    assert said.facts["blocked_pairs"] == int((right[~mask] == 0).sum()) == int((~mask).sum())
    assert said.facts["pairs"] == right.size
    assert said.facts["closed_rows"] == [i for i in range(6) if not right[i].any()]  # rows of 0s: no key to see
    if 0 < len(said.facts["closed_rows"]) < 6:  # named one by one (every row: said as every row)
        assert all(f"“{LABELS[i]}”" in said.text for i in said.facts["closed_rows"])
    assert not never_true(said.text)


def test_the_row_sum_question_and_its_answer():
    case = default_case()
    wrong = mm.mask_after_softmax(case.Q, case.K, case.V, case.mask)
    i = mm.question_row(case.mask)
    assert i == 0  # the causal row with the most blocked keys that still sees one
    assert say.row_sum_answer(wrong.weights[i].sum()) == "less"
    assert [say.row_sum_answer(x) for x in (1.0, 1 + 1e-12, 0.0, 0.4, 1.2)] == ["one", "one", "zero", "less", "more"]
    answer, why = say.row_sum_reveal(case.labels, case.mask, wrong.weights, i)
    assert answer == "less" == why.facts["kind"] and say.row_sum_label(answer) == "between 0 and 1"
    assert why.facts == {"kind": "less", "allowed": 1, "keys": 6, "row_sum": wrong.weights[0].sum()}
    assert 0 < why.facts["row_sum"] < 1 and fmt.num(why.facts["row_sum"], 3) in why.text
    answer, why = say.row_sum_reveal(case.labels, np.zeros((6, 6), bool), wrong.weights * 0, 0)
    assert answer == "zero" and why.facts == {"kind": "zero", "allowed": 0, "keys": 6, "row_sum": 0.0}
    assert mm.question_row(np.zeros((3, 3), dtype=bool)) == 0
    # a new mask opens the question again: the page's about= (tests/pages/test_mask_mistakes.py), no key per mask


@pytest.mark.parametrize("mask", [causal_mask(6), padding_mask(6, [4, 5]), mm.with_blocked_row(causal_mask(6), 3),
                                  np.ones((6, 6), dtype=bool), np.zeros((6, 6), dtype=bool)])
def test_the_after_softmax_sentence_states_what_the_sums_are(mask):
    case = default_case(mask)
    wrong = mm.mask_after_softmax(case.Q, case.K, case.V, mask).weights
    said = say.after_softmax_sentence(case.labels, mask, wrong)
    sums = wrong.sum(-1)
    partial = [i for i in range(6) if 0 < mask[i].sum() < 6]  # rows with both allowed and blocked keys
    assert said.facts["partial_rows"] == partial
    assert said.facts["zero_rows"] == [i for i in range(6) if not mask[i].any()] and np.all(sums[~mask.any(-1)] == 0)
    if not partial:
        assert said.facts["lowest_row"] is None and said.facts["short_rows"] == 0
        return
    assert said.facts["short_rows"] == sum(sums[i] < 1 - 1e-9 for i in partial)
    low = said.facts["lowest_row"]
    assert low in partial and sums[low] == min(sums[i] for i in partial) == said.facts["lowest_sum"]
    assert f"“{case.labels[low]}”" in said.text and fmt.num(sums[low], 3) in said.text


def test_the_inverted_sentence():
    case = default_case()
    w = mm.inverted_mask(case.Q, case.K, case.V, case.mask).weights
    said = say.inverted_sentence(case.labels, case.mask, w)
    assert said.facts["closed_rows"] == [5] and np.all(w[5] == 0)  # “mat”, the last, may see nothing
    assert said.facts["let_through"] == int((~case.mask).sum()) and said.facts["blocks"] == int(case.mask.sum())
    pad = padding_mask(6, [4, 5])
    w = mm.inverted_mask(case.Q, case.K, case.V, pad).weights
    said = say.inverted_sentence(case.labels, pad, w)
    assert (said.facts["let_through"], said.facts["blocks"]) == (12, 24) == (int((~pad).sum()), int(pad.sum()))
    assert said.facts["largest_on_allowed"] == w[pad].max() == 0
    assert say.inverted_sentence(case.labels, np.ones((6, 6), bool), w).facts["let_through"] == 0  # blocks all
    assert say.inverted_sentence(case.labels, np.zeros((6, 6), bool), w).facts["blocks"] == 0  # allows every pair


def test_pytorchs_conventions_are_worded_here_from_what_true_does_in_attn_core():
    """The three phrases of PyTorch's documentation live in the words; attn_core says only whether True allows a
    pair and whether the mask is one flag per key."""
    assert [say.true_means(c) for c in mm.TORCH_CONVENTIONS] == [
        "this query may attend to this key", "this query may NOT attend to this key", "this key is padding: ignore it"]
    table = say.conventions_table()
    assert table["PyTorch"] == ["torch.nn.functional.scaled_dot_product_attention", "torch.nn.MultiheadAttention",
                                "torch.nn.MultiheadAttention", "this page"]
    assert table["argument"] == ["attn_mask (bool)", "attn_mask (bool)", "key_padding_mask (bool)", "mask"]
    assert table["shape"] == ["(…, L, S)", "(L, S)", "(N, S)", "(n, n)"]
    assert table["True means"][3] == table["True means"][0]  # this page reads a mask as scaled_dot_product_attention
    for c, means in zip(mm.TORCH_CONVENTIONS, table["True means"], strict=False):  # the words say what the maths does
        allowed = mm.allowed_from(np.array([[True, False]]) if not c.per_key else np.array([True, False]), c)
        assert bool(allowed.reshape(-1)[0]) == ("NOT" not in means and "ignore" not in means), (c, means)


def test_the_wrong_axis_sentence_and_the_two_shapes():
    case = default_case()
    pad = padding_mask(6, [4, 5])
    w = mm.mask_wrong_axis(case.Q, case.K, case.V, pad).weights
    said = say.wrong_axis_sentence(case.labels, pad, w)
    share = w[:4, 4:].sum(-1)  # the weight each real query gives the padding
    assert said.facts["padding_columns"] == [4, 5] == np.flatnonzero(~pad.any(0)).tolist()
    assert said.facts["top_query"] == int(np.argmax(share)) and said.facts["top_share"] == share.max()
    assert f"“{case.labels[said.facts['top_query']]}”" in said.text and fmt.num(share.max(), 3) in said.text
    code = say.padding_shapes_code(case.labels, mm.key_columns(pad))
    scope = {"np": np}
    exec(code.splitlines()[0], scope)  # noqa: S102 - our own one-line literal
    assert scope["allowed"][None, :].shape == (1, 6) and "(1, 6)" in code and "(6, 1)" in code
    assert mm.key_columns(causal_mask(6)) is None
    causal = say.wrong_axis_sentence(case.labels, case.mask, case.right.weights)
    assert not causal.facts["symmetric"] and causal.facts["moved_pairs"] == 15
    assert say.wrong_axis_sentence(case.labels, np.eye(6, dtype=bool), w).facts["symmetric"]
    odd = np.ones((6, 6), dtype=bool)
    odd[0, 3] = False
    w = mm.mask_wrong_axis(case.Q, case.K, case.V, odd).weights
    said = say.wrong_axis_sentence(case.labels, odd, w)
    assert said.facts["moved_pairs"] == int((odd & ~odd.T).sum()) == 1
    assert said.facts["largest_on_blocked"] == w[0, 3]  # the pair you blocked now gets weight
    assert w[3, 0] == 0  # and the one you allowed is blocked


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
    assert naive.facts["nan"] and np.isnan(W[0]).all()
    overflow = dtype == "float16" and fill != "min"
    with np.errstate(over="ignore"):
        assert filled.facts["overflow"] == overflow == bool(np.isinf(np.asarray(mm.fill_value(fill, dtype),
                                                                                  dtype=dtype)))
    assert filled.facts["nan"] == bool(np.isnan(W[1]).all()) == overflow
    if not overflow:
        np.testing.assert_allclose(W[1], filled.facts["each"], atol=mm.dtype_tolerance(dtype))  # even: 1/6 each
        output = runs[1].output[0]
        assert filled.facts["output_far"] == output[np.argmax(np.abs(output))]
        assert fmt.num(np.abs(output).max(), 3) in filled.text
    assert safe.facts == {"zero": True, "largest": 0.0} and np.all(W[2] == 0)
    # the numpy line printed above the fill table is what numpy really prints
    line = say.overflow_code(fill, dtype)
    call, shown = line.split("  # -> ")
    with np.errstate(over="ignore"):
        assert repr(eval(call, {"np": np})) == shown  # noqa: S307 - our own one-line expression


def test_the_blocked_row_note_and_the_fill_text():
    case = default_case(mm.with_blocked_row(mm.with_blocked_row(causal_mask(6), 2), 4))
    row, mask, added = mm.blocked_row_for_demo(case.mask, 0)
    assert (row, added) == (2, False) and np.array_equal(mask, case.mask)
    note = say.blocked_row_note(case.labels, case.mask, row, added)
    assert note.facts == {"row": 2, "added": False, "other_blocked_rows": [4]}
    assert not case.mask[2].any() and not case.mask[4].any()
    assert say.blocked_row_note(case.labels, causal_mask(6), 3, True).facts == {"row": 3, "added": True,
                                                                                "other_blocked_rows": []}
    assert say.fill_text("min", "float16") == "the lowest float16, −65504"
    assert say.fill_text("-1e9", "float64") == "−10⁹"


def test_the_leak_sentence_counts_what_moved():
    labels = LABELS
    free = np.array([0.3, 0.0, 0.7, 0.2, 0.1, 0.9])
    causal = np.array([0.0, 0.0, 0.0, 0.0, 0.0, 0.9])
    said = say.leak_sentence(labels, 5, "dog", free, causal)
    assert said.facts == {"earlier": 5, "moved_free": 4, "top": 2, "top_change": 0.7, "moved_causal": 0,
                          "worst_causal": 0.0, "leaks": False}  # “on”'s 0.2, “sat”'s 0.7 …; “cat” did not move
    assert f"“{labels[2]}”" in said.text and fmt.num(0.7, 3) in said.text
    both = say.leak_sentence(labels, 2, "dog", free + 0.1, causal)
    assert both.facts["moved_free"] == 2 and not never_true(both.text)  # "both", never "all 2"
    one = say.leak_sentence(labels, 1, "dog", free, causal)
    assert one.facts["moved_free"] == 1 and one.facts["top_change"] == 0.3 and not one.facts["leaks"]
    leaks = say.leak_sentence(labels, 5, "dog", free, free)
    assert leaks.facts["leaks"] and leaks.facts["moved_causal"] == 4 and leaks.facts["worst_causal"] == 0.7
    assert say.leak_sentence(labels, 0, "dog", free, causal).facts["earlier"] == 0


def test_the_check_sentences_match_the_results():
    case = default_case()
    t = 5
    results = mm.run_checks(mm.masked_attention, case, *mm.swapped_qkv(case, t, "dog"), t)
    lines = say.check_sentences(results, case.labels, case.mask, t, "dog")
    assert [line.facts["check"] for line in lines] == list(mm.CHECK_NAMES)
    assert all(line.facts["passed"] == r.passed and line.facts["worst"] == r.worst
               for line, r in zip(lines, results, strict=True)) and all(r.passed for r in results)
    assert lines[1].facts["blocked_pairs"] == 15 == int((~case.mask).sum()) and lines[1].facts["worst"] == 0
    assert lines[2].facts["earlier_outputs"] == t
    expected = mm.one_hot_expected(causal_mask(6))
    assert lines[4].facts["query_1"] == (expected[1, 1], expected[1, 0]) == (0.8, 0.2)  # itself, then key 0
    np.testing.assert_allclose([4 / (i + 4) for i in range(6)], np.diag(expected))
    wrong = mm.run_checks(mm.naive_minus_inf, case, *mm.swapped_qkv(case, t, "dog"), t)
    lines = say.check_sentences(wrong, case.labels, case.mask, t, "dog")
    assert not lines[3].facts["passed"] and np.isnan(lines[3].facts["worst"])  # the output holds NaN
    single = say.check_sentences(results[:2] + [mm.CheckResult("leak", True, 0.0, False)] + results[3:],
                                ["w"], np.ones((1, 1), bool), 0, "dog")
    assert not single[2].facts["applicable"] and single[4].facts["query_1"] is None


def test_md_safe_labels_are_left_to_the_page_and_sentences_end_with_a_full_stop():
    case = default_case(padding_mask(6, [4, 5]))
    sentences = [
        say.mask_summary(case.labels, case.mask),
        say.after_softmax_sentence(case.labels, case.mask, case.right.weights),
        say.renormalise_sentence(case.right.scores * case.right.scale, case.mask),
        say.inverted_sentence(case.labels, case.mask, case.right.weights),
        say.wrong_axis_sentence(case.labels, case.mask, case.right.weights),
    ]
    for s in (said.text for said in sentences):
        assert s.rstrip().endswith((".", ")")), s
        assert not re.search(r"\bnan\b|not a number|\be[+-]\d", s), s


def test_renormalising_in_words():
    """The table's cells and the sentence under it (the numbers themselves: tests/core/test_mask_mistakes.py)."""
    cells = {(say.renorm_row_label(c), c.dtype): c
             for c in mm.renormalise_table(np.zeros((2, 2)), np.ones((2, 2), dtype=bool))}
    assert say.renorm_cell_text(cells[("[20, 0], key 0 blocked", "float16")]) == "NaN in 1 row"  # keys from 0
    assert say.renorm_cell_text(cells[("your scores ×1", "float64")]) == "same"
    assert say.renorm_cell_text(mm.RenormCell(10, None, "float32", 0.31, 0)) == "off by 0.310"
    assert list(dict.fromkeys(label for label, _ in cells)) == [
        "your scores ×1", "your scores ×10", "your scores ×100", "your scores ×1000",
        "[20, 0], key 0 blocked", "[200, 0], key 0 blocked", "[800, 0], key 0 blocked"]
    # a sentence whose blocked score leads: scaled up, it breaks on the learner's own scores
    scaled = np.array([[0.0, 0.5], [1.0, 0.0]])
    mask = np.array([[True, False], [True, True]])
    said = say.renormalise_sentence(scaled, mask)
    assert said.facts["lead"] == 0.5 == scaled[0, 1] - scaled[0, 0] and fmt.num(0.5, 3) in said.text
    case = default_case()
    scaled = case.right.scores * case.right.scale
    lead = max(scaled[i][~case.mask[i]].max() - scaled[i][case.mask[i]].max()
               for i in range(6) if 0 < case.mask[i].sum() < 6)  # the slow way: row by row
    said = say.renormalise_sentence(scaled, case.mask)
    assert said.facts["lead"] == lead and fmt.readable(-lead, 3) in said.text
    assert said.facts["underflow_gaps"] == {d: mm.underflow_gap(d) for d in mm.DTYPES}
    said = say.renormalise_sentence(np.zeros((2, 2)), mm.with_blocked_row(np.ones((2, 2), dtype=bool), 0))
    assert said.facts["blocked_rows"] == 1


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
    ok, said = say.verdict("no_mask", "no_mask", d)
    assert ok and (said.facts["secret"], said.facts["answer"]) == ("no_mask", "no_mask")
    assert said.facts["why"] == say.explain("no_mask", d).facts and say.explain("no_mask", d).text in said.text
    assert said.facts["why"]["blocked_weighted"] == int((res.weights[~case.mask] > 0).sum())
    ok, said = say.verdict("no_mask", "after_softmax", d)
    assert not ok and said.facts["pick"] == say.explain("after_softmax", d).facts
    assert say.explain("no_mask", d).text in said.text and say.explain("after_softmax", d).text in said.text


def test_the_question_titles_and_notices_name_what_they_show():
    assert say.row_sum_question("sat") == ("If you zero the blocked weights after the softmax, what does the row of "
                                           "“sat” sum to?")
    assert [say.row_sum_label(k) for k in say.ROW_SUM_KINDS] == ["exactly 0", "between 0 and 1", "exactly 1",
                                                                  "more than 1"]
    assert set(say.ROW_SUM_KINDS) == set(mm.ROW_SUM_KINDS)
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
    assert "sections 1 to 4 (section 5 draws no table just now)" in say.code_intro(False)


# ---------------------------------------------------------------------------------------------------------
# Issue 22: every sentence true in every state, checked where it is built, with the numbers beside it

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from attn_core.masks import build_mask  # noqa: E402
from tests.hyp import examples  # noqa: E402
from tests.prose import never_true  # noqa: E402


def choice_of(kind: str, n: int, pad: int = 0, block: int | None = None, custom=None) -> mm.MaskChoice:
    return mm.MaskChoice(kind, build_mask(kind, n, n_padded=pad, custom=custom), block)


def case_of(choice: mm.MaskChoice, text="the cat sat on the mat", seed=0, d_model=8) -> mm.Case:
    words = text.split()
    n = choice.base.shape[0]
    text = " ".join(words[:n]) if n <= len(words) else " ".join(f"w{i}" for i in range(n))
    return mm.build_case(attn_core.build_inputs(text, seed, d_model), choice.mask)


def assert_never_tells_to_pick_what_is_picked(text: str, choice: mm.MaskChoice, labels) -> None:
    """No sentence sends the learner to the setting already in force."""
    picks = re.findall(r"[Pp]ick ([^.]*?) above", text)
    named = " ".join(picks)
    if choice.kind == "causal":
        assert "Causal" not in named, text
    if choice.kind == "padding":
        assert "Padding" not in named, text
        if int((~choice.base[0]).sum()) == 1:
            assert "set the padding to 1 token" not in text, text
    if choice.kind == "none":
        assert "None" not in named, text
    if choice.block is None:
        assert "“no query”" not in text, text
    else:
        assert f"choose “{labels[0]}” under" not in text, text


@pytest.mark.parametrize(("text", "seed", "d_model", "mask", "shown"), [
    # the defaults: the output row of issue 22, item 1
    ("the cat sat on the mat", 0, 8, causal_mask(6), [-0.123, 0.223, 0.281, -0.274, 0.514, -0.086, -0.421, -0.973]),
    # ?text=dog+dog+dog+dog&d_model=2&heads=1&mask=causal&block=3&seed=5: no entry is positive
    ("dog dog dog dog", 5, 2, mm.with_blocked_row(causal_mask(4), 3), [-0.462, -0.710]),
])
def test_the_fill_sentence_names_the_output_entry_furthest_from_0_with_its_sign(text, seed, d_model, mask, shown):
    case = mm.build_case(attn_core.build_inputs(text, seed, d_model), mask)
    row, blocked, _ = mm.blocked_row_for_demo(case.mask, None)
    runs = [mm.naive_minus_inf(case.Q, case.K, case.V, blocked), mm.finite_fill(case.Q, case.K, case.V, blocked),
            mm.safe_minus_inf(case.Q, case.K, case.V, blocked)]
    output = runs[1].output[row]
    np.testing.assert_allclose(output, shown, atol=5e-4)  # the state the issue read
    filled = say.fill_sentences(case.labels[row], case.n, "float64", "-1e9", *(r.weights[row] for r in runs),
                                output)[1]
    far = output[int(np.argmax(np.abs(output)))]
    assert filled.facts["output_far"] == far < 0 and fmt.num(far, 3) in filled.text  # with its sign
    assert "largest entry" not in filled.text or fmt.num(output.max(), 3) in filled.text


@settings(max_examples=examples(200))
@given(st.lists(st.floats(-5, 5, allow_nan=False), min_size=1, max_size=8))
def test_output_reading_prints_the_entry_furthest_from_0_as_it_is(values):
    output = np.array(values)
    text = say.output_reading(output)
    if not output.any():
        assert text == "its output is all 0s, as it should be"
        return
    printed = text.rsplit(" is ", 1)[1].removesuffix(" instead of 0")  # '−0.973', '2.0 × 10⁻⁵' or '−2 + 8.9 × 10⁻¹⁶'
    far = output[int(np.argmax(np.abs(output)))]
    assert printed.startswith("−") == (far < 0)
    if "×" not in printed:
        assert abs(float(printed.replace("−", "-")) - far) <= 0.5 * 10 ** -len(printed.split(".")[1]) + 1e-12


@pytest.mark.parametrize(("kind", "n", "pad"), [("none", 6, 0), ("causal", 1, 0), ("padding", 6, 0),
                                                ("none", 1, 0), ("custom", 3, 0)])
def test_a_mask_that_blocks_nothing_says_which_mistakes_still_go_wrong(kind, n, pad):
    choice = choice_of(kind, n, pad, custom=np.ones((n, n), dtype=bool))
    case = case_of(choice)
    right_anyway = mm.same_as_right(case)
    said = say.mask_summary(case.labels, case.mask, right_anyway, choice)
    text = said.text
    assert said.facts["right_anyway"] == right_anyway == ["after_softmax", "wrong_axis", "finite_fill", "naive_inf",
                                                          "no_mask"]
    for m in mm.MASK_MISTAKES:  # each mistake said to give the right weights does, and the other does not
        same = np.allclose(m.run(case.Q, case.K, case.V, case.mask).weights, case.right.weights, atol=1e-12)
        assert same == (m.name in said.facts["right_anyway"]), m.name
    inverted = mm.inverted_mask(case.Q, case.K, case.V, case.mask)
    assert np.all(inverted.weights == 0)  # the one that goes wrong: inverted, the mask blocks every pair
    assert say.lower_first(say.mistake_label("inverted")) in text
    assert_never_tells_to_pick_what_is_picked(text, choice, case.labels)
    assert not never_true(text)


@pytest.mark.parametrize(("kind", "n", "pad"), [("padding", 6, 0), ("padding", 6, 6), ("causal", 1, 0),
                                                ("none", 6, 0)])
def test_the_wrong_axis_and_the_row_sums_speak_of_the_mask_in_force(kind, n, pad):
    choice = choice_of(kind, n, pad)
    case = case_of(choice)
    axis = say.wrong_axis_sentence(case.labels, case.mask, case.right.weights, choice)
    sums = say.after_softmax_sentence(case.labels, case.mask, case.right.weights, choice)
    assert np.array_equal(case.mask, case.mask.T)  # each of these masks is its own transpose …
    assert "Causal and padding masks are not" not in axis.text  # … and has no row with both allowed and blocked keys
    assert "Pick Causal or Padding to see it" not in sums.text
    assert axis.facts["symmetric"] and sums.facts["partial_rows"] == []
    for text in (axis.text, sums.text):
        assert_never_tells_to_pick_what_is_picked(text, choice, case.labels)
        assert not never_true(text)
    if not case.mask.any():
        assert sums.facts["zero_rows"] == list(range(case.n))


@settings(max_examples=examples(100))
@given(st.integers(1, 5).flatmap(lambda n: st.lists(st.booleans(), min_size=n * n, max_size=n * n)))
def test_the_wrong_axis_sentence_decides_from_the_mask_whether_it_is_its_own_transpose(bits):
    n = int(len(bits) ** 0.5)
    mask = np.array(bits, dtype=bool).reshape(n, n)
    case = case_of(mm.MaskChoice("custom", mask))
    said = say.wrong_axis_sentence(case.labels, mask, mm.mask_wrong_axis(case.Q, case.K, case.V, mask).weights,
                                   mm.MaskChoice("custom", mask))
    assert said.facts["symmetric"] == bool(np.array_equal(mask, mask.T))
    assert said.facts["moved_pairs"] == sum(mask[i, j] and not mask[j, i] for i in range(n) for j in range(n))
    assert not never_true(said.text)


def _interval(option: str) -> tuple[float, float, bool, bool]:
    """An option of the row-sum question as the interval it names: (low, high, low included, high included)."""
    words = option.split()
    read = {("exactly", 2): lambda: (float(words[1]), float(words[1]), True, True),
            ("between", 4): lambda: (float(words[1]), float(words[3]), False, False),
            ("less", 3): lambda: (-np.inf, float(words[2]), False, False),
            ("more", 3): lambda: (float(words[2]), np.inf, False, False)}
    assert (words[0], len(words)) in read, f"an option the test cannot read: {option!r}"
    return read[words[0], len(words)]()


def _true_of(option: str, total: float) -> bool:
    low, high, with_low, with_high = _interval(option)
    return (low < total or (with_low and total == low)) and (total < high or (with_high and total == high))


@pytest.mark.parametrize("total", [0.0, 1e-300, 0.089, 0.5, 1 - 1e-12, 1.0, 1 + 1e-12, 1.5])
def test_the_row_sum_options_do_not_overlap(total):
    true = [o for o in map(say.row_sum_label, say.ROW_SUM_KINDS) if _true_of(o, total)]
    assert len(true) == 1, (total, true)  # 0 is not also "less than 1": exactly one option is ever right


@pytest.mark.parametrize(("kind", "n", "pad", "block"), [
    ("padding", 6, 6, None),  # ?mask=padding&pad=6: the row of “the·0” sums to exactly 0
    ("causal", 6, 0, None), ("padding", 6, 2, 1), ("none", 6, 0, None), ("causal", 1, 0, None),
    ("none", 1, 0, 0), ("custom", 6, 0, None)])
def test_the_prediction_is_marked_by_the_reading_that_words_its_reveal(kind, n, pad, block):
    custom = np.tril(np.ones((n, n), dtype=bool), 1)
    choice = choice_of(kind, n, pad, block, custom=custom)
    case = case_of(choice)
    i = mm.question_row(case.mask)
    wrong = mm.mask_after_softmax(case.Q, case.K, case.V, case.mask).weights
    answer, why = say.row_sum_reveal(case.labels, case.mask, wrong, i)
    total = wrong[i].sum()
    full_row = case.mask[i].all()
    true = [k for k in say.ROW_SUM_KINDS
            if _true_of(say.row_sum_label(k), 1.0 if full_row and abs(total - 1) < 1e-9 else total)]
    assert [answer] == true and why.facts["kind"] == answer and why.facts["row_sum"] == total
    assert why.facts["allowed"] == int(case.mask[i].sum()) and why.facts["keys"] == case.n
    if kind == "padding" and pad == n:
        assert answer == "zero" and total == 0
    assert not never_true(why.text), why


def test_one_token_rows_and_fills_read_as_written_for_one():
    for block in (None, 0):
        choice = choice_of("causal", 1, block=block)
        case = case_of(choice, text="hello")
        wrong = mm.mask_after_softmax(case.Q, case.K, case.V, case.mask).weights
        _, why = say.row_sum_reveal(case.labels, case.mask, wrong, 0)
        assert why.facts["keys"] == 1 and "1 keys" not in why.text, why
        assert not never_true(why.text)
    case = default_case()
    row, mask, _ = mm.blocked_row_for_demo(case.mask, None)
    runs = [mm.naive_minus_inf(case.Q, case.K, case.V, mask, "float32"),
            mm.finite_fill(case.Q, case.K, case.V, mask, "min", "float32"),
            mm.safe_minus_inf(case.Q, case.K, case.V, mask, "float32")]
    filled = say.fill_sentences("the·0", 6, "float32", "min", *(r.weights[row] for r in runs), runs[1].output[row])[1]
    assert not never_true(filled.text) and say.fill_text("min", "float32") in filled.text
    np.testing.assert_allclose(runs[1].weights[row], filled.facts["each"], atol=mm.dtype_tolerance("float32"))


def test_a_quiz_of_one_option_is_no_question():
    choice = choice_of("none", 6)
    case = case_of(choice)
    pool = [m.name for m in mm.quiz_pool(case.Q, case.K, case.V, case.mask)]
    assert pool == ["inverted"]
    text = say.quiz_notice(pool, case.labels, mm.quiz_remedies(case, choice))
    assert text.startswith("With this mask only one mask mistake, the mask's meaning inverted, can be told")
    assert "pick Causal or Padding (with 1 padded token) above" in text
    assert say.quiz_notice(["inverted", "no_mask"], case.labels) is None
    assert "nothing to spot" in say.quiz_notice([], case.labels)


def _states():
    """Every mask kind on 1, 2, 3 and 6 tokens, every padding, every blocked row (or none)."""
    grids = {"sym": lambda n: np.eye(n, dtype=bool) | np.eye(n, k=1, dtype=bool) | np.eye(n, k=-1, dtype=bool),
             "tri": lambda n: np.triu(np.ones((n, n), dtype=bool))}
    for n in (1, 2, 3, 6):
        for block in (None, *range(n)):
            yield choice_of("none", n, block=block)
            yield choice_of("causal", n, block=block)
            for pad in range(n + 1):
                yield choice_of("padding", n, pad, block)
            for grid in grids.values():
                yield choice_of("custom", n, block=block, custom=grid(n))


def test_no_sentence_sends_the_learner_to_a_setting_already_in_force():
    for choice in _states():
        case = case_of(choice)
        labels = case.labels
        right_anyway = mm.same_as_right(case) if case.mask.all() else []
        texts = [say.mask_summary(labels, case.mask, right_anyway, choice).text,
                 say.after_softmax_sentence(labels, case.mask, mm.mask_after_softmax(case.Q, case.K, case.V,
                                                                                     case.mask).weights, choice).text,
                 say.wrong_axis_sentence(labels, case.mask, mm.mask_wrong_axis(case.Q, case.K, case.V,
                                                                               case.mask).weights, choice).text]
        pool = [m.name for m in mm.quiz_pool(case.Q, case.K, case.V, case.mask)]
        if len(pool) < 2:
            texts.append(say.quiz_notice(pool, labels, mm.quiz_remedies(case, choice)))
        for text in texts:
            assert_never_tells_to_pick_what_is_picked(text, choice, labels)
            assert not never_true(text), text


# (This page's numbers are printed by format.enough, tested in tests/lessons/test_format.py.)


def test_comparisons_are_worded_from_the_comparison():
    # a blocked score that ties the best allowed one is not "0.000 below" it
    scaled = np.array([[1.0, 1.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]])
    mask = np.array([[True, False, True], [True, True, True], [True, True, True]])
    assert mm.blocked_lead(scaled, mask) == 0
    said = say.renormalise_sentence(scaled, mask)
    assert said.facts["lead"] == 0 and "0.000 below" not in said.text
    # rows whose blocked keys took almost nothing still sum to less than 1, by less than 10⁻⁹: not "0 of the 3 rows"
    scaled = np.array([[0.0, -40.0], [0.0, -40.0]])
    mask = np.array([[True, False], [True, False]])
    W = mm.mask_after_softmax(scaled, np.eye(2), np.eye(2), mask).weights  # K = I: the blocked key gets e^−28
    assert np.all(W.sum(-1) < 1) and np.all(W.sum(-1) > 1 - 1e-9)
    said = say.after_softmax_sentence(["a", "b"], mask, W)
    assert said.facts["short_rows"] == 0 and said.facts["partial_rows"] == [0, 1]
    assert "0 of the" not in said.text and "1.000" not in said.text and not never_true(said.text)


def test_the_notebook_notes_name_the_token_and_the_radios_label_every_option():
    assert say.fill_row_note("the·0") == "section 4: the fully blocked row the page shows: 'the·0'"
    assert say.leak_token_note("mat", "dog") == "section 5: the token replaced, 'mat' -> 'dog'"
    assert all(say.mask_label(k) for k in attn_core.masks.MASK_KINDS) and set(say.FILL_LABELS) == set(mm.FILLS)
    assert f"`{mm.attention_to_check.__name__}`" in say.SNIPPET_INTRO  # the intro names the function it prints
