"""The Common mistakes page's words: each mistake's label, and every sentence about the current numbers.

The page calls these as `say.symptom(mistake, diagnosis, d_model, d_k)` (`from attn_lessons import mistakes as
say`). Every function builds markdown from the numbers it is given; one that claims something about them returns a
`Said`, its text and the facts it states (the sums, the gaps, which way the weights moved), so tests walk the
controls and check each claim against attn_core, not its wording. Any word that describes the numbers ("flatter",
"sum to 1", "fails") is chosen from them here, from a decision attn_core.mistakes measured, never typed in for one
state. The wording, in the session's language, comes from locales/<lang>/mistakes.ftl.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np

from attn_core.mask_mistakes import MASK_BY_NAME, MaskDiagnosis, identify_masked, ruled_out_masked
from attn_core.mistakes import (
    BY_NAME,
    CLOSE,
    KNOWN_ANSWER_D_MODEL,
    SCALE_MISTAKES,
    SUMS_TO_ONE,
    Diagnosis,
    Mistake,
    RoleChecks,
    ShapeCheck,
    entropy_direction,
    identify,
    largest_change_row,
    lines_summing_to_one,
    quiz_mask,
    ruled_out,
    scale_direction,
)

from . import mask_mistakes as mask_words
from .asked import Asked, Wrong, const
from .glossary import inline
from .format import a_an, enough, listing, md_text, metric_delta, num, sci, sqrt_text
from .i18n import tr
from .said import Said

LABELS = ("axis0", "sqrt_d_model", "no_scale", "swap_qk", "v_as_k", "k_as_v")  # this page's mistakes, in its order

# The quiz's checks, in their order (messages mistakes-check-…); under a mask a sum is measured against 1, or 0 for a
# row (column) no query may use: a gap, not "− 1"
CHECK_IDS = ("row-gap", "column-gap", "scores-same", "scores-transposed", "weights-same", "entropy", "max-weight",
             "output-gap")
MASKED_CHECK_IDS = ("masked-column-gap", *CHECK_IDS[2:])


def checks() -> tuple[str, ...]:
    """The quiz's checks, as the table names them: 'largest |row sum − 1|', …"""
    return tuple(tr(f"mistakes-check-{c}") for c in CHECK_IDS)


def masked_checks() -> tuple[str, ...]:
    """The quiz's checks after the mask symptoms: the column-sum gap, then the others."""
    return tuple(tr(f"mistakes-check-{c}") for c in MASKED_CHECK_IDS)


def masked_readings_note() -> str:
    """Under the quiz's table, with the mask mistakes: what the mask readings measure, and the column-sum gap."""
    return tr("mistakes-then", first=mask_words.readings_note(), then=tr("mistakes-column-note"))


# ---------------------------------------------------------------------------------------------------------
# Small parts


def shape(dims: Sequence[int]) -> str:
    """A matrix's shape as the page writes it: '3 × 8'."""
    return " × ".join(str(int(d)) for d in dims)


def mistake_label(name: str) -> str:
    """How the page names mistake `name`, one of this page's or, in the quiz with the mask mistakes, one of those."""
    return tr(f"mistakes-label-{name}") if name in LABELS else mask_words.mistake_label(name)


FLATNESS = {1: "flatter", -1: "more peaked", 0: "as flat"}  # attn_core's entropy and scale directions, as facts
WORD_KEYS = {"flatter": "flatter", "more peaked": "peaked", "as flat": "as-flat", "the same": "same"}  # selectors


def flatness(entropy: float, right_entropy: float) -> str:
    """'flatter', 'more peaked' or 'as flat': how a computation's mean row entropy compares with the right one's."""
    return FLATNESS[entropy_direction(entropy, right_entropy)]


def scale_effect(name: str, d_model: int, d_k: int) -> str:
    """'flatter', 'more peaked' or 'as flat': what scale mistake `name` does to the weights at this width, from
    its divisor against √d_k (a bigger divisor can only flatten every row, a smaller one only sharpen it)."""
    return FLATNESS[scale_direction(name, d_model, d_k)]


def ends(values) -> tuple[float, float]:
    """The lowest and the highest of a vector of sums, as `spread` states them: a sum within 10⁻⁹ of a whole number
    is that number up to floating-point rounding (a softmax row sums to exactly 1)."""
    v = np.asarray(values, dtype=float)
    v = np.where(np.abs(v - np.round(v)) < CLOSE, np.round(v), v)
    return float(np.min(v)), float(np.max(v))


def spread(values) -> str:
    """'from a to b' for a vector of sums, or 'all a' when they print alike (each as `enough` prints it; see ends)."""
    lo, hi = (enough(x) for x in ends(values))
    return tr("mistakes-spread-all", lo=lo) if lo == hi else tr("mistakes-spread", lo=lo, hi=hi)


def scores_kind(d: Diagnosis) -> str:
    """Whether a computation's scores are QKᵀ, its transpose, or neither, as measured."""
    return tr("mistakes-scores-kind", relation=d.scores_relation)


def named(mistake: Mistake) -> str:
    """A mistake's label inside a sentence: 'no scaling at all', but 'Q and K swapped' keeps its capitals."""
    text = mistake_label(mistake.name)
    return text[0].lower() + text[1:] if text[1:2].islower() else text


def token(text: str) -> str:
    """A token's label in bold, safe in markdown whatever the learner typed ($, *, _ …)."""
    return f"**{md_text(text)}**"


def readings(d: Diagnosis) -> list[str]:
    """The quiz's checks on one computation, in the order of checks(), as they print."""
    yes = {True: tr("mistakes-yes"), False: tr("mistakes-no")}
    return [enough(d.row_sum_gap, below=CLOSE), enough(d.col_sum_gap, below=CLOSE), yes[d.scores_same],
            yes[d.scores_transposed], yes[d.weights_same], enough(d.mean_entropy), enough(d.mean_max_weight),
            enough(d.output_gap, below=CLOSE)]


def quiz_readings(d: Diagnosis, dm: MaskDiagnosis | None = None) -> list[tuple[str, str]]:
    """The quiz's table rows, (what was measured, reading): the checks above, or under a mask the mask symptoms
    (mask_mistakes.symptom_readings, row-sum gap included) followed by the other checks."""
    if dm is None:
        return list(zip(checks(), readings(d), strict=True))
    return mask_words.symptom_readings(dm) + list(zip(masked_checks(), readings(d)[1:], strict=True))


def readings_table(mystery: Sequence[tuple[str, str]], right: Sequence[tuple[str, str]]) -> str:
    """The quiz's checks as a markdown table: what was measured, its reading on the mystery computation and on the
    right one (quiz_readings of each, in the same order). A label's | is escaped: '|row sum − 1|' stays a cell."""
    if [c for c, _ in mystery] != [c for c, _ in right]:
        raise ValueError("the mystery's and the right computation's readings must be of the same checks")
    rows = [f"| {md_text(c)} | {md_text(m)} | {md_text(r)} |" for (c, m), (_, r) in zip(mystery, right, strict=True)]
    head = [tr("mistakes-readings-check"), tr("mistakes-readings-mystery"), tr("mistakes-readings-right")]
    return "\n".join(["| " + " | ".join(head) + " |", "| :-- | :-- | :-- |", *rows])


def row_gap_name(d: Diagnosis) -> str:
    """How the row-sum check is named: '|row sum − 1|', or under a mask 'row-sum gap' (0 for a blocked row)."""
    return tr("mistakes-row-gap-name", masked="yes" if d.masked else "no")


def divided_by(name: str, d_model: int, d_k: int) -> str:
    """'÷ 1', '÷ √8': what computation `name` ('right' or a scale mistake) divides the scores by."""
    return {"no_scale": "÷ 1", "sqrt_d_model": f"÷ √{d_model}", "right": f"÷ √{d_k}"}[name]


def _moved(x: float) -> dict:
    """The variables of a sentence that says a difference is up to x, or that there is none (below CLOSE)."""
    return {"moved": "yes" if x >= CLOSE else "no", "by": enough(x, below=CLOSE)}


# ---------------------------------------------------------------------------------------------------------
# The page


def row_and_column_sums(right_w, wrong_w) -> Said:
    """Section 1: what the row and column sums of the right and the axis-0 weights are. Facts: each set of sums as
    (lowest, highest), whether the wrong rows sum to 1, and then how far the wrong weights are from the right ones."""
    right = tr("mistakes-sums-right", rows=spread(right_w.sum(axis=-1)), cols=spread(right_w.sum(axis=-2)))
    rows, cols = wrong_w.sum(axis=-1), wrong_w.sum(axis=-2)
    facts = {"right_row_sums": ends(right_w.sum(axis=-1)), "right_column_sums": ends(right_w.sum(axis=-2)),
             "wrong_column_sums": ends(cols), "wrong_row_sums": ends(rows),
             "wrong_rows_sum_to_1": bool(np.abs(rows - 1).max() < SUMS_TO_ONE), "moved": None}
    if facts["wrong_rows_sum_to_1"]:
        moved = facts["moved"] = float(np.abs(wrong_w - right_w).max())
        wrong = tr("mistakes-sums-wrong-hidden", cols=spread(cols), rows=spread(rows), **_moved(moved))
    else:
        wrong = tr("mistakes-sums-wrong", cols=spread(cols), rows=spread(rows))
    return Said(f"{right}\n\n{wrong}", facts)


def sums_columns(labels, weights) -> dict[str, list[str]]:
    """Section 1: one weight matrix's row and column sums, a row per token, as the columns of a small static table
    (three narrow columns, so it fits a phone, and no grid for the keyboard to step through). Three decimals, as a
    table prints them; the sentences give a sum near 1 its digits (sig). A token is made literal for markdown."""
    w = np.asarray(weights, dtype=float)  # (n_q, n_k)
    return {tr("mistakes-column-token"): [md_text(t) for t in labels],
            tr("mistakes-column-row-sum"): [num(r, 3) for r in w.sum(-1)],
            tr("mistakes-column-column-sum"): [num(c, 3) for c in w.sum(-2)]}


def sum_label(line: str) -> str:
    """An answer to the axis question, by attn_core.mistakes.SUM_LINES: 'the rows (each query's weights)'."""
    return tr(f"mistakes-sum-{line}")


def axis_giveaways() -> tuple[str, ...]:
    """What states the answer to the axis question (the columns): the WRONG weights, their sums, and words that name
    axis 0 as the queries' (so its columns sum to 1). None of it is on the page while the question is open."""
    return tuple(tr(f"mistakes-gives-{k}") for k in range(1, 11))


def axis_gives_away(state) -> tuple[str, ...]:
    """AXIS.gives_away: the same strings whatever the state, in the session's language."""
    return axis_giveaways()


# The answers to the axis question, as the class-mode declaration below names them (its wrong answers)
SUM_LABELS = {"rows": "the rows (each query's weights)", "columns": "the columns (each key's weights)",
              "neither": "neither"}
# The prediction, declared once: its key for checkpoint.predict, its class-mode name and the wrong answers expected
AXIS = Asked("mistakes.axis", "asked-mistakes-axis", "option",
             tuple(Wrong(f"mistakes-sum-{k}", f"asked-mistakes-axis-{k}.shows", const(k)) for k in ("rows", "neither")),
             key="cp_axis", gives_away=axis_gives_away, reason_id="asked-mistakes-axis.reason")


def axis_reveal(wrong_w) -> Said:
    """Section 1's checkpoint: which lines of the axis-0 weights sum to 1, and why, from their sums. Facts: whether
    the rows and the columns sum to 1, their sums as (lowest, highest), and the largest |row sum − 1|."""
    rows_one, cols_one = lines_summing_to_one(wrong_w)
    rows, cols = np.asarray(wrong_w).sum(axis=-1), np.asarray(wrong_w).sum(axis=-2)
    facts = {"rows_sum_to_1": bool(rows_one), "columns_sum_to_1": bool(cols_one), "row_sums": ends(rows),
             "column_sums": ends(cols), "largest_row_gap": float(np.abs(rows - 1).max())}
    case = ("columns" if cols_one and not rows_one else "both" if cols_one else "rows" if rows_one else "neither")
    return Said(tr("mistakes-axis-reveal", case=case, cols=spread(cols), rows=spread(rows),
                   gap=enough(facts["largest_row_gap"], below=CLOSE)), facts)


def largest_output_change(right, wrong, labels) -> Said:
    """Section 1: the query whose output the axis-0 mistake moved most, and its row sum. Facts: the largest
    difference, its row (None when the outputs agree), that row's wrong sum and whether it is 1."""
    diff = np.abs(wrong.output - right.output)  # (n, d_v)
    facts = {"largest": float(diff.max()), "row": None, "row_sum": None, "row_sums_to_1": None}
    if diff.max() < CLOSE:
        return Said(tr("mistakes-outputs-agree"), facts)
    worst = largest_change_row(right.output, wrong.output)  # the query whose output moved most
    row_sum = float(wrong.weights[worst].sum())
    facts |= {"row": int(worst), "row_sum": row_sum, "row_sums_to_1": abs(row_sum - 1) < SUMS_TO_ONE}
    return Said(tr("mistakes-output-change", largest=enough(diff.max(), below=CLOSE), token=token(labels[worst]),
                   one="yes" if facts["row_sums_to_1"] else "no", sum=enough(row_sum)), facts)


def scale_divisor(d_model: int, heads: int) -> Said:
    """Section 2's opening: how wide the heads' queries and keys are, so the right divisor at this width (facts: d_k,
    and the divisor √d_k)."""
    d_k = d_model // heads
    return Said(tr("mistakes-scale-divisor", heads=heads, d_k=d_k, d_model=d_model, sqrt=sqrt_text(d_k)),
                {"d_k": d_k, "divisor": math.sqrt(d_k)})


def scale_intro(d_model: int, heads: int, entropy: Mapping[str, float]) -> Said:
    """Section 2: the right divisor at this width, and what each wrong one measurably does to the weights.

    `entropy` maps 'right' and each scale mistake shown to its mean row entropy over all heads. Facts: scale_divisor's,
    and for each scale mistake flatness_clause's."""
    said = scale_divisor(d_model, heads)
    text, facts = said.text, {**said.facts, "mistakes": {}}
    for name in (n for n in ("sqrt_d_model", "no_scale") if n in entropy):
        clause = flatness_clause(entropy[name], entropy["right"], heads)
        text = tr("mistakes-then", first=text,
                  then=tr("mistakes-scale-how", how=name, sqrt=sqrt_text(d_model), clause=clause.text))
        facts["mistakes"][name] = clause.facts
    return Said(text, facts)


def flatness_clause(H: float, right_H: float, heads: int) -> Said:
    """'makes the weights flatter: their mean row entropy over all heads is 1.717 against 1.645 for the right
    weights.' with the word measured, not assumed. Facts: the word ('the same' for equal entropies), both entropies."""
    word = "the same" if H == right_H else flatness(H, right_H)
    return Said(tr("mistakes-flatness", word=WORD_KEYS[word], several="no" if heads == 1 else "yes",
                   entropy=enough(H), right=enough(right_H)),
                {"flatness": word, "entropy": H, "right_entropy": right_H})


def scale_notes(d_model: int, heads: int, shown: Sequence[Mistake]) -> list[Said]:
    """Section 2: why a scale mistake is not drawn at this width (facts: that mistake, which gives the right weights,
    and the divisor it shares with √d_k)."""
    d_k, names, notes = d_model // heads, [m.name for m in shown], []
    if "sqrt_d_model" not in names:
        notes.append(Said(tr("mistakes-note-sqrt-d-model", heads=heads, d_model=d_model),
                          {"mistake": "sqrt_d_model", "gives_right_weights": True, "divisor": math.sqrt(d_model)}))
    if "no_scale" not in names:
        notes.append(Said(tr("mistakes-note-no-scale", d_k=d_k),
                          {"mistake": "no_scale", "gives_right_weights": True, "divisor": 1.0}))
    return notes


def right_or_wrong(name: str, what: str) -> str:
    """A table's title, 'right: …' for the right computation and 'WRONG: …' for a mistake."""
    return tr("mistakes-title-right" if name == "right" else "mistakes-title-wrong", what=what)


def scale_title(name: str, d_model: int, d_k: int) -> str:
    """Section 2: a weights table's title, 'WRONG: ÷ √8' or 'right: ÷ √4'."""
    return right_or_wrong(name, divided_by(name, d_model, d_k))


def scale_output_title(name: str, d_model: int, d_k: int) -> str:
    """Section 2b: an output table's title, 'right: output ÷ √4' or 'WRONG: output ÷ √8'."""
    return right_or_wrong(name, tr("mistakes-output-divided", div=divided_by(name, d_model, d_k)))


def scale_difference_title(name: str, d_model: int, d_k: int) -> str:
    """Section 2b: the title of a wrong output's difference from the right one, 'output ÷ √8 − right'."""
    return tr("mistakes-difference-divided", div=divided_by(name, d_model, d_k))


def head_weights_title(head: int) -> str:
    """Section 2: the weights tables of head `head` (counted from 0), as the page names it (from 1)."""
    return tr("mistakes-head-weights", head=head + 1)


def against_right(name: str, change: float) -> str:
    """Section 2: a measure's change from the right computation's, under its metric: '+0.156 vs √d_k', and a change
    too small for three decimals as × 10ⁿ ('+2.0 × 10⁻⁵ vs √d_k'), never '0.000' for a change that is not 0."""
    if name == "right":
        return tr("mistakes-against-right-itself")
    text = metric_delta(change)
    if text == "0.000" and change != 0:
        text = ("+" if change > 0 else "-") + sci(abs(change))  # an ASCII minus, as metric_delta writes it
    return tr("mistakes-against-right", delta=text)


def measure_label(measure: str) -> str:
    """A metric's label, by attn_core's MEASURES: 'mean row entropy (nats)', 'mean largest weight'."""
    return tr(f"mistakes-measure-{measure}")


def scale_caption(head: int, n: int, heads: int) -> Said:
    """Section 2: which head the weights show, what entropy means, and how the outputs join the heads (facts: the
    head, from 0, and a flat row's entropy, ln n)."""
    return Said(tr("mistakes-scale-caption", head=head + 1, n=n, flat=num(np.log(n), 3), heads=heads),
                {"head": head, "flat_entropy": float(np.log(n))})


def scale_outputs(d_model: int, d_k: int, off_by: Mapping[str, float], entropy: Mapping[str, float]) -> Said:
    """Section 2: how far each wrong scale's output is from the right one, and which way it leans. Facts: each
    mistake's largest gap (0.0 where it is said to match), and the flatness words the leaning is told from."""
    parts = [tr("mistakes-scale-output-part", div=divided_by(name, d_model, d_k), off="yes" if off >= CLOSE else "no",
                by=enough(off, below=CLOSE)) for name, off in off_by.items()]
    words = {flatness(entropy[name], entropy["right"]) for name in off_by}
    facts = {"off_by": {name: (float(off) if off >= CLOSE else 0.0) for name, off in off_by.items()},
             "leans": sorted(words & {"flatter", "more peaked"})}
    leans = ("both" if {"flatter", "more peaked"} <= words else "peaked" if "more peaked" in words
             else "flatter" if "flatter" in words else "none")
    return Said(tr("mistakes-scale-outputs", parts=listing(parts), leans=leans), facts)


def scale_diagnostic(q_shape: Sequence[int], d_model: int) -> Said:
    """Section 2: how to find d_k in your own code, with this page's shapes (facts: the split Q's shape, d_k)."""
    d_k = q_shape[-1]
    return Said(tr("mistakes-scale-diagnostic", shape=str(tuple(int(s) for s in q_shape)), d_k=int(d_k),
                   d_model=d_model, same="yes" if d_k == d_model else "no"),
                {"shape": tuple(int(s) for s in q_shape), "d_k": int(d_k)})


# ---------------------------------------------------------------------------------------------------------
# The roles


def roles_intro(d_model: int) -> str:
    """Section 3's opening: which matrix decides what, and the one head its tables use."""
    return tr("mistakes-roles-intro", d_model=d_model)


def swap_row(n: int) -> int:
    """Section 3: the row of the scores that swap_breaks reads aloud (the second token's, or the only one's)."""
    return min(1, n - 1)


def swap_text(right, swap) -> Said:
    """Section 3: the swapped scores are the transpose, and how far that moves the weights here, measured (facts:
    the largest gap from the transpose, and how far the weights moved)."""
    moved = float(np.abs(swap.weights - right.weights).max())
    gap = float(np.abs(swap.scores - right.scores.T).max())
    return Said(tr("mistakes-swap-text", gap=enough(gap, below=CLOSE), **_moved(moved)),
                {"transpose_gap": gap, "moved": moved if moved >= CLOSE else 0.0})


def swap_breaks(labels) -> str:
    """Section 3, folded: when the swap breaks something, with the row of the scores the tables outline."""
    i = swap_row(len(labels))
    return "\n".join([
        tr("mistakes-swap-scratch"),
        tr("mistakes-swap-loaded", token=token(labels[i]), label=md_text(labels[i])),
        tr("mistakes-swap-cross", cross=inline("cross-attention", tr("mistakes-cross-attention")))])


def cross_demo(n: int, d_model: int, swapped: ShapeCheck) -> Said:
    """Section 3: the swap on this sentence, cut to a cross-attention shape: what the right and swapped code do.
    Facts: the queries kept, d_v, the right weights' and output's shapes, the swapped output's (None: an error)."""
    n_q, d_v = swapped.expected[-2], swapped.expected[-1]
    facts = {"queries": int(n_q), "d_v": int(d_v), "right_weights": (int(n_q), n), "right_output": (int(n_q), int(d_v)),
             "swapped_output": None if swapped.shape is None else tuple(int(x) for x in swapped.shape)}
    did = "error" if swapped.caught and swapped.shape is None else "caught" if swapped.caught else "same"
    s_rows = swapped.shape[-2] if swapped.shape is not None else 0
    return Said(tr("mistakes-cross-demo", n_q=int(n_q), q_shape=shape((n_q, d_model)), n=n, d_v=int(d_v),
                   article_w=a_an(n_q), w_shape=shape((n_q, n)), out_shape=shape((n_q, d_v)), did=did,
                   error=swapped.error, article_s=a_an(s_rows),
                   s_shape=shape(swapped.shape) if swapped.shape is not None else ""), facts)


def values_as_keys_text(right, wrong, d: Diagnosis) -> Said:
    """Section 3: V used as K, with this page's weights standing in for loaded ones: what moves, measured here.
    Facts: how far the weights moved (0.0 when they agree), the scores' relation, the largest |row sum − 1|."""
    moved = float(np.abs(wrong.weights - right.weights).max())
    row_gap = float(np.abs(wrong.weights.sum(-1) - 1).max())
    return Said(tr("mistakes-v-as-k", scores=scores_kind(d), gap=enough(row_gap, below=CLOSE), **_moved(moved)),
                {"moved": moved if moved >= CLOSE else 0.0, "scores": d.scores_relation, "row_gap": row_gap})


def keys_as_values_text(right, wrong) -> Said:
    """Section 3: K used as V, with this page's weights standing in for loaded ones: the weights stay right and
    only the output moves, measured here (facts: the weights' largest gap, the output's (0.0 when they agree))."""
    off = float(np.abs(wrong.output - right.output).max())
    gap = float(np.abs(wrong.weights - right.weights).max())
    return Said(tr("mistakes-k-as-v", gap=enough(gap, below=CLOSE), off="yes" if off >= CLOSE else "no",
                   by=enough(off, below=CLOSE)),
                {"weights_gap": gap, "output_gap": off if off >= CLOSE else 0.0})


def shape_test_code(n_q: int, d_v: int) -> str:
    """Section 3: the shape test as a learner would write it against their own `attention` function."""
    return (f"out = attention(Q[:{n_q}], K, V[:, :{d_v}])  # {tr('mistakes-shape-test-call', n_q=n_q, d_v=d_v)}\n"
            f"assert out.shape == ({n_q}, {d_v})  # {tr('mistakes-shape-test-assert')}")


def checks_table(rows: Sequence[RoleChecks]) -> dict[str, list[str]]:
    """Section 3: which check catches which mistake, as columns for a small table."""
    said = {True: tr("mistakes-caught"), False: tr("mistakes-missed")}
    return {tr("mistakes-checks-mistake"): [mistake_label(r.mistake.name) for r in rows],
            tr("mistakes-checks-row-sums"): [said[r.row_sums_caught] for r in rows],
            tr("mistakes-checks-shapes"): [said[r.shapes.caught] for r in rows],
            tr("mistakes-checks-known"): [said[r.known_answer_caught] for r in rows]}


def shape_outcomes(rows: Sequence[RoleChecks]) -> Said:
    """Section 3: what each mistake did in the shape test on this sentence, one bullet each. Facts: the shape
    expected, and each mistake's output shape (None: it stopped with an error)."""
    n_q, d_v = rows[0].shapes.expected[-2:]
    facts = {"expected": (int(n_q), int(d_v)),
             "shapes": {r.mistake.name: None if r.shapes.shape is None else tuple(int(x) for x in r.shapes.shape)
                        for r in rows}}
    lines = []
    for r in rows:
        s = r.shapes
        did = "error" if s.shape is None else "caught" if s.caught else "same"
        lines.append(tr("mistakes-shape-outcome", did=did, name=mistake_label(r.mistake.name), error=s.error,
                        shape=shape(s.shape) if s.shape is not None else "", expected=shape(s.expected)))
    head = tr("mistakes-shape-outcomes", n_q=int(n_q), d_v=int(d_v), shape=shape((n_q, d_v)))
    return Said(head + "\n\n" + "\n".join(lines), facts)


def scale_known_answer(caught: Mapping[str, bool]) -> Said:
    """Section 3: whether the known answer also catches the two wrong scales (d_k = 4 of d_model = 8); facts: which
    it catches."""
    d_k = 4
    said = [tr("mistakes-known-part", div=divided_by(name, KNOWN_ANSWER_D_MODEL, d_k)[2:], hit="yes" if hit else "no")
            for name, hit in caught.items()]
    return Said(tr("mistakes-known-answer", sqrt=sqrt_text(d_k), d_model=KNOWN_ANSWER_D_MODEL, parts=listing(said)),
                {"caught": dict(caught)})


# ---------------------------------------------------------------------------------------------------------
# The quiz


def quiz_intro(heads: int, masked: bool = False) -> str:
    """What the quiz runs on, with or without the mask mistakes: numbers of its own, so that its tables match no
    table above and the learner names the mistake from its symptoms."""
    return tr("mistakes-quiz-intro", masked="yes" if masked else "no", heads=heads)


def quiz_look(masked: bool) -> str:
    """What to read in the quiz's checks to tell its mistake, said before the question: the symptoms, never a digit
    to match."""
    return tr("mistakes-quiz-look", masked="yes" if masked else "no")


def quiz_mask_text(labels, mask) -> Said:
    """Which mask the quiz gives every computation, said from the mask itself: how many pairs it blocks, and
    which queries may see no key at all (facts: those, the pairs, and whether it is attn_core's quiz_mask)."""
    mask = np.asarray(mask, dtype=bool)
    n = mask.shape[0]
    quiz = n >= 2 and np.array_equal(mask, quiz_mask(n))
    closed_rows = np.flatnonzero(~mask.any(axis=-1))
    closed = [token(labels[i]) for i in closed_rows]
    facts = {"blocked_pairs": int((~mask).sum()), "pairs": n * n, "closed_rows": closed_rows.tolist(),
             "quiz_mask": bool(quiz)}
    return Said(tr("mistakes-quiz-mask", quiz="yes" if quiz else "no", first=token(labels[0]),
                   blocked=int((~mask).sum()), pairs=n * n, closed="some" if closed else "none",
                   rows=listing(closed)), facts)


def quiz_right_titles(masked: bool) -> tuple[str, str]:
    """The quiz's right computation: the titles of its head-1 weights and its output, said masked when it is."""
    m = "yes" if masked else "no"
    return tr("mistakes-quiz-right-weights", masked=m), tr("mistakes-quiz-right-output", masked=m)


def checks_title(heads: int) -> str:
    """The quiz's expander: which heads its measurements cover."""
    return tr("mistakes-checks-title", heads=heads)


def symptom(mistake: Mistake, d: Diagnosis, d_model: int, d_k: int) -> Said:
    """What this mistake does to the checks, and what the checks measured on the mystery computation `d`. Facts: the
    readings of `d` it quotes, by Diagnosis field, and for a scale mistake the effect its divisor must have."""
    name = mistake.name
    rows = row_gap_name(d)
    row_gap, out_gap = enough(d.row_sum_gap, below=CLOSE), enough(d.output_gap, below=CLOSE)
    if name == "axis0":
        cols = tr("mistakes-column-gap-name", masked="yes" if d.masked else "no")
        return Said(tr("mistakes-symptom-axis0", rows=rows, row_gap=row_gap, cols=cols,
                       col_gap=enough(d.col_sum_gap, below=CLOSE)),
                    {"row_sum_gap": d.row_sum_gap, "col_sum_gap": d.col_sum_gap})
    if name == "swap_qk":
        return Said(tr("mistakes-symptom-swap_qk", yes="yes" if d.scores_transposed else "no"),
                    {"scores_transposed": d.scores_transposed})
    if name == "v_as_k":
        return Said(tr("mistakes-symptom-v_as_k", scores=scores_kind(d), rows=rows, row_gap=row_gap),
                    {"scores_relation": d.scores_relation, "row_sum_gap": d.row_sum_gap})
    if name == "k_as_v":
        return Said(tr("mistakes-symptom-k_as_v", yes="yes" if d.weights_same else "no", out_gap=out_gap),
                    {"weights_same": d.weights_same, "output_gap": d.output_gap})
    if name in ("no_scale", "sqrt_d_model"):
        effect, measured = scale_effect(name, d_model, d_k), flatness(d.mean_entropy, d.right_mean_entropy)
        return Said(tr("mistakes-symptom-scale", div=divided_by(name, d_model, d_k)[2:], d_k=d_k,
                       effect=WORD_KEYS[effect], same="yes" if d.scores_same else "no", entropy=enough(d.mean_entropy),
                       measured=WORD_KEYS[measured], right=enough(d.right_mean_entropy)),
                    {"scores_same": d.scores_same, "mean_entropy": d.mean_entropy,
                     "right_mean_entropy": d.right_mean_entropy, "effect": effect, "measured": measured})
    return Said(tr("mistakes-symptom-other", rows=rows, row_gap=row_gap, scores=scores_kind(d), out_gap=out_gap),
                {"row_sum_gap": d.row_sum_gap, "scores_relation": d.scores_relation, "output_gap": d.output_gap})


def ruling(code: str, d: Diagnosis, dm: MaskDiagnosis | None, name: str, d_model: int, d_k: int) -> str:
    """One reading that rules mistake `name` out (a code of attn_core's ruled_out or ruled_out_masked): what was
    measured here, then what that mistake would have given instead."""
    def gap(x: float) -> str:  # within 10⁻⁹ of a whole number is that number, up to floating-point rounding
        return enough(round(x) if np.isfinite(x) and abs(x - round(x)) < CLOSE else x, below=CLOSE)

    masked = "yes" if d.masked else "no"
    variables = {
        "scores": lambda: {"scores": scores_kind(d), "would": name if name in ("swap_qk", "v_as_k") else "other"},
        "entropy": lambda: {"entropy": enough(d.mean_entropy), "right": enough(d.right_mean_entropy),
                            "effect": WORD_KEYS[scale_effect(name, d_model, d_k)]},
        "rows": lambda: {"rows": row_gap_name(d), "gap": gap(d.row_sum_gap), "masked": masked},
        "columns": lambda: {"cols": tr("mistakes-column-gap-name", masked=masked), "gap": gap(d.col_sum_gap)},
        "nan": lambda: {"n": dm.nan_rows},
        "blocked": lambda: {"weight": enough(dm.blocked_weight)},
        "filled": lambda: {"n": dm.filled_rows},
        "over_one": lambda: {"sum": enough(dm.highest_row_sum)},
        "allowed": lambda: {"weight": enough(dm.allowed_weight)},
    }
    return tr(f"mistakes-ruling-{code}", **(variables[code]() if code in variables else {}))


def ruled_out_text(answer: Mistake, d: Diagnosis, dm: MaskDiagnosis | None, d_model: int, d_k: int) -> Said:
    """Why the checks rule out a wrong pick: each reading that mistake could not have given, measured here; '' when
    every reading fits it. Facts: the readings' codes (attn_core's ruled_out), and the fully blocked rows said to be
    all that moved the mean row entropy (None when that is not said)."""
    name = answer.name
    codes = ruled_out(name, d, d_model, d_k) if dm is None else ruled_out_masked(name, d, dm, d_model, d_k)
    facts = {"codes": tuple(codes), "entropy_moved_by_blocked_rows": None}
    if not codes:
        return Said("", facts)
    text = tr("mistakes-ruled-out", pick=named(answer), readings=tr("mistakes-ruling-separator").join(
        ruling(c, d, dm, name, d_model, d_k) for c in codes))
    moved = entropy_direction(d.mean_entropy, d.right_mean_entropy)
    if name in SCALE_MISTAKES and dm is not None and dm.filled_rows and dm.open_rows_same and moved:
        # the entropy fits a scale mistake, but here only the fully blocked rows moved it
        facts["entropy_moved_by_blocked_rows"] = dm.filled_rows
        text = tr("mistakes-then", first=text, then=tr(
            "mistakes-entropy-blocked-rows", direction="higher" if moved > 0 else "lower", n=dm.filled_rows,
            even="yes" if dm.filled_even else "no"))
    return Said(text, facts)


def verdict(secret: Mistake, answer: Mistake, d: Diagnosis, d_model: int, d_k: int,
            dm: MaskDiagnosis | None = None) -> tuple[bool, Said]:
    """The quiz's feedback: (right?, Said). A wrong pick is answered with the readings that rule it out
    (ruled_out_text), not the ones that happen to fit it. Says so when the checks alone would point to another mistake.
    Facts: the secret's and the pick's names, the readings' codes that rule the pick out, the mistake the checks
    alone point to, and the facts of the secret's why (symptom or mask_mistakes.explain).

    Under a mask, `d` is measured against the right masked computation and `dm` holds the mask symptoms: a
    mask mistake is explained from those (mask_mistakes.explain), every other one from `d`."""
    def why(m: Mistake) -> Said:
        if dm is not None and m.name in MASK_BY_NAME:
            return mask_words.explain(m.name, dm)
        return symptom(m, d, d_model, d_k)

    ruling_out = ruled_out_text(answer, d, dm, d_model, d_k) if answer != secret else Said("", {
        "codes": (), "entropy_moved_by_blocked_rows": None})
    if answer == secret:
        text = tr("mistakes-verdict-right", secret=named(secret), why=why(secret).text)
    else:
        text = tr("mistakes-verdict-wrong", secret=named(secret), why=why(secret).text, ruling=ruling_out.text or tr(
            "mistakes-verdict-fits", pick=named(answer), why=why(answer).text))
    seen = identify(d) if dm is None else identify_masked(d, dm)
    known = BY_NAME if dm is None else {**BY_NAME, **MASK_BY_NAME}
    if secret.name in known and seen != secret.name:
        # the symptoms of these numbers match another mistake: say so rather than pretend they are telling
        text = tr("mistakes-then", first=text, then=tr(
            "mistakes-verdict-points", other="some" if seen in known else "none",
            name=named(known[seen]) if seen in known else ""))
    heads = d_model // d_k
    if dm is not None and heads > 1:
        text = tr("mistakes-then", first=text, then=tr("mistakes-verdict-heads", heads=heads))
    facts = {"secret": secret.name, "answer": answer.name, "ruled_out": ruling_out.facts["codes"], "points_to": seen,
             "entropy_moved_by_blocked_rows": ruling_out.facts["entropy_moved_by_blocked_rows"],
             "why": why(secret).facts}
    return answer == secret, Said(text, facts)


# ---------------------------------------------------------------------------------------------------------
# The page's fixed text: intros, notices, headings and captions, each looked up in the session's language when the
# page reads it (say.INTRO), never at import: a module attribute name -> its message

_TEXTS = {
    "INTRO": "mistakes-intro", "ONE_TOKEN": "mistakes-one-token", "AXIS_HEADER": "mistakes-axis-header",
    "AXIS_INTRO": "mistakes-axis-intro", "AXIS_QUESTION": "mistakes-axis-question",
    "RIGHT_WEIGHTS": "mistakes-right-weights", "AXIS_OUTPUTS": "mistakes-axis-outputs",
    "OUTPUTS_ONE_SCALE": "mistakes-outputs-one-scale", "AXIS_CATCH": "mistakes-axis-catch",
    "AXIS_WAITS": "mistakes-axis-waits", "MEASURES_MEAN": "mistakes-measures-mean",
    "SCALE_OUTPUTS_SWITCH": "mistakes-scale-outputs-switch", "EACH_WRONG_OUTPUT": "mistakes-each-wrong-output",
    "V_AS_K_HEADER": "mistakes-v-as-k-header", "K_AS_V_HEADER": "mistakes-k-as-v-header",
    "STILL_TRAINS": "mistakes-still-trains", "CATCH_THEM": "mistakes-catch-them", "SWAP_BREAKS": "mistakes-swap-breaks",
    "CHECK_ROWS": "mistakes-check-rows", "CHECK_SHAPES": "mistakes-check-shapes", "CHECK_KNOWN": "mistakes-check-known",
    "QUIZ_WAITS": "mistakes-quiz-waits", "MASKS_HELP": "mistakes-masks-help", "PICK_FIRST": "mistakes-pick-first",
    "CODE_WAITS": "mistakes-code-waits", "SOURCE_INTRO": "mistakes-source-intro", "CODE_INTRO": "mistakes-code-intro",
    "VALUES_AS_KEYS_TRAINED": "mistakes-v-as-k-trained", "KEYS_AS_VALUES_TRAINED": "mistakes-k-as-v-trained",
    "COLUMN_NOTE": "mistakes-column-note", "SWAP_WEIGHTS_TOGGLE": "mistakes-swap-weights-toggle",
    "QUIZ_QUESTION": "mistakes-quiz-question",
}


def __getattr__(name: str):
    """say.INTRO and the other fixed texts (and their tuples), in the language of the script run reading them."""
    if name in _TEXTS:
        return tr(_TEXTS[name])
    if name == "MASKED_READINGS_NOTE":
        return masked_readings_note()
    if name == "AXIS_GIVEAWAYS":
        return axis_giveaways()
    if name == "CHECKS":
        return checks()
    if name == "MASKED_CHECKS":
        return masked_checks()
    if name == "MEASURE_LABELS":
        return {m: measure_label(m) for m in ("entropy", "max_weight")}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
