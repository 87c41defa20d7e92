"""The Common mistakes page's words: each mistake's label, and every sentence about the current numbers.

The page calls these as `say.symptom(mistake, diagnosis, d_model, d_k)` (`from attn_lessons import mistakes as
say`). Every function builds markdown from the numbers it is given; one that claims something about them returns a
`Said`, its text and the facts it states (the sums, the gaps, which way the weights moved), so tests walk the
controls and check each claim against attn_core, not its wording. Any word that describes the numbers ("flatter",
"sum to 1", "fails") is chosen from them here, from a decision attn_core.mistakes measured, never typed in for one
state.
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
from .asked import Asked, Wrong, always, const
from .glossary import inline
from .format import a_an, all_of, enough, listing, md_text, metric_delta, num, plural, sci, sqrt_text
from .said import Said

LABELS = {  # how the page names each mistake
    "axis0": "Softmax over the wrong axis (the queries, axis 0)",
    "sqrt_d_model": "Scaled by √d_model instead of √d_k",
    "no_scale": "No scaling at all",
    "swap_qk": "Q and K swapped",
    "v_as_k": "V used in place of K when scoring",
    "k_as_v": "K used in place of V as the values",
}

CHECKS = ("largest |row sum − 1|", "largest |column sum − 1|", "scores equal QKᵀ", "scores equal (QKᵀ)ᵀ",
          "weights equal the right weights", "mean row entropy (nats)", "mean largest weight",
          "largest |output − right output|")
# Under a mask a sum is measured against 1, or 0 for a row (column) no query may use: a gap, not "− 1"
MASKED_CHECKS = ("largest column-sum gap", *CHECKS[2:])
COLUMN_NOTE = ("The column-sum gap is the same for columns: how far a column's sum is from 1, or from 0 for a key "
               "that no query may see.")
MASKED_READINGS_NOTE = f"{mask_words.READINGS_NOTE} {COLUMN_NOTE}"  # under the quiz's table, with the mask mistakes


# ---------------------------------------------------------------------------------------------------------
# Small parts


def shape(dims: Sequence[int]) -> str:
    """A matrix's shape as the page writes it: '3 × 8'."""
    return " × ".join(str(int(d)) for d in dims)


def mistake_label(name: str) -> str:
    """How the page names mistake `name`, one of this page's or, in the quiz with the mask mistakes, one of those."""
    return LABELS[name] if name in LABELS else mask_words.mistake_label(name)


FLATNESS = {1: "flatter", -1: "more peaked", 0: "as flat"}  # attn_core's entropy and scale directions, in words


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
    return f"all {lo}" if lo == hi else f"from {lo} to {hi}"


AGREE = "to within 10⁻⁹"  # what two matrices whose largest difference is below CLOSE are said to do


def scores_kind(d: Diagnosis) -> str:
    """Whether a computation's scores are QKᵀ, its transpose, or neither, as measured."""
    return {"same": "equal QKᵀ", "transposed": "equal (QKᵀ)ᵀ",
            "neither": "are neither QKᵀ nor its transpose"}[d.scores_relation]


def named(mistake: Mistake) -> str:
    """A mistake's label inside a sentence: 'no scaling at all', but 'Q and K swapped' keeps its capitals."""
    text = mistake_label(mistake.name)
    return text[0].lower() + text[1:] if text[1:2].islower() else text


def token(text: str) -> str:
    """A token's label in bold, safe in markdown whatever the learner typed ($, *, _ …)."""
    return f"**{md_text(text)}**"


def readings(d: Diagnosis) -> list[str]:
    """The quiz's checks on one computation, in the order of CHECKS, as they print."""
    yes = {True: "yes", False: "no"}
    return [enough(d.row_sum_gap, below=CLOSE), enough(d.col_sum_gap, below=CLOSE), yes[d.scores_same],
            yes[d.scores_transposed], yes[d.weights_same], enough(d.mean_entropy), enough(d.mean_max_weight),
            enough(d.output_gap, below=CLOSE)]


def quiz_readings(d: Diagnosis, dm: MaskDiagnosis | None = None) -> list[tuple[str, str]]:
    """The quiz's table rows, (what was measured, reading): the checks above, or under a mask the mask symptoms
    (mask_mistakes.symptom_readings, row-sum gap included) followed by the other checks."""
    if dm is None:
        return list(zip(CHECKS, readings(d), strict=True))
    return mask_words.symptom_readings(dm) + list(zip(MASKED_CHECKS, readings(d)[1:], strict=True))


def readings_table(mystery: Sequence[tuple[str, str]], right: Sequence[tuple[str, str]]) -> str:
    """The quiz's checks as a markdown table: what was measured, its reading on the mystery computation and on the
    right one (quiz_readings of each, in the same order). A label's | is escaped: '|row sum − 1|' stays a cell."""
    if [c for c, _ in mystery] != [c for c, _ in right]:
        raise ValueError("the mystery's and the right computation's readings must be of the same checks")
    rows = [f"| {md_text(c)} | {md_text(m)} | {md_text(r)} |" for (c, m), (_, r) in zip(mystery, right, strict=True)]
    return "\n".join(["| check | mystery | right |", "| :-- | :-- | :-- |", *rows])


def row_gap_name(d: Diagnosis) -> str:
    """How the row-sum check is named: '|row sum − 1|', or under a mask 'row-sum gap' (0 for a blocked row)."""
    return "row-sum gap" if d.masked else "|row sum − 1|"


def divided_by(name: str, d_model: int, d_k: int) -> str:
    """'÷ 1', '÷ √8': what computation `name` ('right' or a scale mistake) divides the scores by."""
    return {"no_scale": "÷ 1", "sqrt_d_model": f"÷ √{d_model}", "right": f"÷ √{d_k}"}[name]


# ---------------------------------------------------------------------------------------------------------
# The page


def row_and_column_sums(right_w, wrong_w) -> Said:
    """Section 1: what the row and column sums of the right and the axis-0 weights are. Facts: each set of sums as
    (lowest, highest), whether the wrong rows sum to 1, and then how far the wrong weights are from the right ones."""
    right = (f"**Right:** the row sums are {spread(right_w.sum(axis=-1))}; the column sums are "
             f"{spread(right_w.sum(axis=-2))}, and nothing asks them to be 1.")
    rows, cols = wrong_w.sum(axis=-1), wrong_w.sum(axis=-2)
    wrong = f"**Wrong:** the column sums are {spread(cols)}"
    facts = {"right_row_sums": ends(right_w.sum(axis=-1)), "right_column_sums": ends(right_w.sum(axis=-2)),
             "wrong_column_sums": ends(cols), "wrong_row_sums": ends(rows),
             "wrong_rows_sum_to_1": bool(np.abs(rows - 1).max() < SUMS_TO_ONE), "moved": None}
    if facts["wrong_rows_sum_to_1"]:
        moved = facts["moved"] = float(np.abs(wrong_w - right_w).max())
        still = (f"the weights still differ from the right ones by up to {enough(moved, below=CLOSE)}"
                 if moved >= CLOSE else
                 f"nor can anything else: the weights equal the right ones {AGREE}")
        return Said(f"{right}\n\n{wrong}, and on this sentence the row sums happen to be {spread(rows)} too, so "
                    f"the row-sum check cannot see this mistake here; {still}.", facts)
    return Said(f"{right}\n\n{wrong}, but the row sums are {spread(rows)}. A query's output is then not an "
                "average of the values: a row summing to more than 1 gets more than one value's worth, a row below "
                "1 gets less.", facts)


def sums_columns(labels, weights) -> dict[str, list[str]]:
    """Section 1: one weight matrix's row and column sums, a row per token, as the columns of a small static table
    (three narrow columns, so it fits a phone, and no grid for the keyboard to step through). Three decimals, as a
    table prints them; the sentences give a sum near 1 its digits (sig). A token is made literal for markdown."""
    w = np.asarray(weights, dtype=float)  # (n_q, n_k)
    return {"token": [md_text(t) for t in labels], "row sum": [num(r, 3) for r in w.sum(-1)],
            "column sum": [num(c, 3) for c in w.sum(-2)]}


AXIS_QUESTION = ("The WRONG code calls `softmax(scores, axis=0)`. In its weights, which sums to 1: the rows "
                 "or the columns?")
# What states the answer to AXIS_QUESTION (the columns): the WRONG weights, their sums, and words that name axis 0 as
# the queries' (so its columns sum to 1). None of it is on the page while the question is open (AXIS.gives_away)
AXIS_GIVEAWAYS = ("WRONG: softmax over queries", "Sums, **WRONG** weights", "the first axis, the queries",
                  "softmax over queries", "over the queries", "the queries, axis 0", "column of the WRONG weights",
                  "every column", "each column", "column sum")
SUM_LABELS = {"rows": "the rows (each query's weights)", "columns": "the columns (each key's weights)",
              "neither": "neither"}  # the answers to AXIS_QUESTION, by attn_core.mistakes.SUM_LINES
# The prediction, declared once: its key for checkpoint.predict, its class-mode name and the wrong answers expected
AXIS = Asked("mistakes.axis", "With softmax(scores, axis=0), which sums to 1?", "option",
             (Wrong(SUM_LABELS["rows"], "axis=0 taken for the keys' axis, so the rows would still sum to 1",
                    const("rows")),
              Wrong(SUM_LABELS["neither"], "a softmax over the wrong axis normalises nothing", const("neither"))),
             key="cp_axis", gives_away=always(*AXIS_GIVEAWAYS),
             reason="axis=0 normalises down each column, over the queries, so each key's column sums to 1 and the "
                    "queries' rows in general do not.")


def axis_reveal(wrong_w) -> Said:
    """Section 1's checkpoint: which lines of the axis-0 weights sum to 1, and why, from their sums. Facts: whether
    the rows and the columns sum to 1, their sums as (lowest, highest), and the largest |row sum − 1|."""
    rows_one, cols_one = lines_summing_to_one(wrong_w)
    rows, cols = np.asarray(wrong_w).sum(axis=-1), np.asarray(wrong_w).sum(axis=-2)
    facts = {"rows_sum_to_1": bool(rows_one), "columns_sum_to_1": bool(cols_one), "row_sums": ends(rows),
             "column_sums": ends(cols), "largest_row_gap": float(np.abs(rows - 1).max())}
    row_gap = enough(facts["largest_row_gap"], below=CLOSE)
    made = "`softmax(scores, axis=0)` normalises down each column, over the queries"
    if cols_one and not rows_one:
        return Said(f"{made}, so every column of the WRONG weights sums to 1 ({spread(cols)}), while its row "
                f"sums are {spread(rows)} (the largest |row sum − 1| is {row_gap}). A row is one query's "
                "weights, so a query whose row sums to more than 1 gets more than one value's worth.", facts)
    if cols_one:
        return Said(f"{made}, so every column of the WRONG weights sums to 1 ({spread(cols)}); on this sentence "
                    f"its rows happen to sum to 1 as well ({spread(rows)}), but only the columns are made to.", facts)
    if rows_one:
        return Said(f"Here the rows of the WRONG weights sum to 1 ({spread(rows)}) and its column sums are "
                    f"{spread(cols)}.", facts)
    return Said(f"Here neither sums to 1: the row sums of the WRONG weights are {spread(rows)} and its column "
                f"sums {spread(cols)}.", facts)


def largest_output_change(right, wrong, labels) -> Said:
    """Section 1: the query whose output the axis-0 mistake moved most, and its row sum. Facts: the largest
    difference, its row (None when the outputs agree), that row's wrong sum and whether it is 1."""
    diff = np.abs(wrong.output - right.output)  # (n, d_v)
    facts = {"largest": float(diff.max()), "row": None, "row_sum": None, "row_sums_to_1": None}
    if diff.max() < CLOSE:
        return Said("On this sentence the outputs agree to within 10⁻⁹. The three outputs share one colour scale.",
                    facts)
    worst = largest_change_row(right.output, wrong.output)  # the query whose output moved most
    row_sum = float(wrong.weights[worst].sum())
    facts |= {"row": int(worst), "row_sum": row_sum, "row_sums_to_1": abs(row_sum - 1) < SUMS_TO_ONE}
    why = (f"whose wrong weights sum to {enough(row_sum)} instead of 1" if not facts["row_sums_to_1"]
           else "whose wrong weights still sum to 1 but fall on other keys")
    return Said(f"The largest difference, {enough(diff.max(), below=CLOSE)}, is in row {token(labels[worst])}, "
                f"{why}. The three outputs share one colour scale.", facts)


def scale_divisor(d_model: int, heads: int) -> Said:
    """Section 2's opening: how wide the heads' queries and keys are, so the right divisor at this width (facts: d_k,
    and the divisor √d_k)."""
    d_k = d_model // heads
    if heads == 1:
        text = f"With one head, the queries and keys are d_k = d_model = **{d_k}** wide"
    else:
        text = (f"Split into {heads} heads, each head's queries and keys are d_k = d_model / heads = {d_model} / "
                f"{heads} = **{d_k}** wide")
    return Said(text + f", so the right divisor is √d_k = {sqrt_text(d_k)}.", {"d_k": d_k, "divisor": math.sqrt(d_k)})


def scale_intro(d_model: int, heads: int, entropy: Mapping[str, float]) -> Said:
    """Section 2: the right divisor at this width, and what each wrong one measurably does to the weights.

    `entropy` maps 'right' and each scale mistake shown to its mean row entropy over all heads. Facts: scale_divisor's,
    and for each scale mistake flatness_clause's."""
    sqrt = sqrt_text
    said = scale_divisor(d_model, heads)
    text, facts = said.text, {**said.facts, "mistakes": {}}
    how = {"sqrt_d_model": f"Dividing by √d_model = {sqrt(d_model)} instead", "no_scale": "Not dividing at all"}
    for name in (n for n in ("sqrt_d_model", "no_scale") if n in entropy):
        clause = flatness_clause(entropy[name], entropy["right"], heads)
        text += " " + how[name] + clause.text
        facts["mistakes"][name] = clause.facts
    return Said(text, facts)


def flatness_clause(H: float, right_H: float, heads: int) -> Said:
    """' makes the weights flatter: their mean row entropy over all heads is 1.717 against 1.645 for the right
    weights.' with the word measured, not assumed. Facts: the word ('the same' for equal entropies), both entropies."""
    over = "" if heads == 1 else " over all heads"
    if H == right_H:
        return Said(f" leaves the weights exactly as flat as the right ones: their mean row entropy{over} is "
                    f"{enough(H)}, the same as the right weights'.",
                    {"flatness": "the same", "entropy": H, "right_entropy": right_H})
    word = flatness(H, right_H)
    said = {"flatter": "makes the weights flatter", "more peaked": "makes the weights more peaked",
            "as flat": "leaves the weights about as flat as the right ones"}[word]
    return Said(f" {said}: their mean row entropy{over} is {enough(H)} against {enough(right_H)} for the right "
                "weights.", {"flatness": word, "entropy": H, "right_entropy": right_H})


def scale_notes(d_model: int, heads: int, shown: Sequence[Mistake]) -> list[Said]:
    """Section 2: why a scale mistake is not drawn at this width (facts: that mistake, which gives the right weights,
    and the divisor it shares with √d_k)."""
    d_k, names, notes = d_model // heads, [m.name for m in shown], []
    if "sqrt_d_model" not in names:
        notes.append(Said(f"With heads = {heads}, d_k = d_model = {d_model}, so √d_model and √d_k are the same "
                     "number and dividing by either gives the same weights: there is no difference to show. "
                     "Raise **heads** in the sidebar to 2 or more to see the √d_model mistake.",
                          {"mistake": "sqrt_d_model", "gives_right_weights": True, "divisor": math.sqrt(d_model)}))
    if "no_scale" not in names:
        notes.append(Said(f"Here d_k = {d_k}, so √d_k = 1 and leaving the scale out happens to give the right "
                          "weights. Choose a larger d_model or fewer heads to see the no-scale mistake.",
                          {"mistake": "no_scale", "gives_right_weights": True, "divisor": 1.0}))
    return notes


def scale_title(name: str, d_model: int, d_k: int) -> str:
    """Section 2: a weights table's title, 'WRONG: ÷ √8' or 'right: ÷ √4'."""
    return f"{'right' if name == 'right' else 'WRONG'}: {divided_by(name, d_model, d_k)}"


def scale_output_title(name: str, d_model: int, d_k: int) -> str:
    """Section 2b: an output table's title, 'right: output ÷ √4' or 'WRONG: output ÷ √8'."""
    return f"{'right' if name == 'right' else 'WRONG'}: output {divided_by(name, d_model, d_k)}"


def scale_difference_title(name: str, d_model: int, d_k: int) -> str:
    """Section 2b: the title of a wrong output's difference from the right one, 'output ÷ √8 − right'."""
    return f"output {divided_by(name, d_model, d_k)} − right"


def head_weights_title(head: int) -> str:
    """Section 2: the weights tables of head `head` (counted from 0), as the page names it (from 1)."""
    return f"Head {head + 1}'s weights"


def against_right(name: str, change: float) -> str:
    """Section 2: a measure's change from the right computation's, under its metric: '+0.156 vs √d_k', and a change
    too small for three decimals as × 10ⁿ ('+2.0 × 10⁻⁵ vs √d_k'), never '0.000' for a change that is not 0."""
    if name == "right":
        return "the right one"
    text = metric_delta(change)
    if text == "0.000" and change != 0:
        text = ("+" if change > 0 else "-") + sci(abs(change))  # an ASCII minus, as metric_delta writes it
    return f"{text} vs √d_k"


def scale_caption(head: int, n: int, heads: int) -> Said:
    """Section 2: which head the weights show, what entropy means, and how the outputs join the heads (facts: the
    head, from 0, and a flat row's entropy, ln n)."""
    joined = ("The output is the one head's output (no W_O here)." if heads == 1 else
              f"The outputs join {all_of(heads, 'head')} side by side (no W_O here).")
    return Said(f"The weights and the two numbers under them are for head {head + 1}; the entropy of a row is "
                f"ln n = ln {n} = {num(np.log(n), 3)} nats when it is flat and 0 when all weight is on one "
                f"key. {joined}", {"head": head, "flat_entropy": float(np.log(n))})


def scale_outputs(d_model: int, d_k: int, off_by: Mapping[str, float], entropy: Mapping[str, float]) -> Said:
    """Section 2: how far each wrong scale's output is from the right one, and which way it leans. Facts: each
    mistake's largest gap (0.0 where it is said to match), and the flatness words the leaning is told from."""
    parts = [f"the output {divided_by(name, d_model, d_k)} "
             + (f"is off by up to {enough(off, below=CLOSE)}" if off >= CLOSE else f"matches it {AGREE}")
             for name, off in off_by.items()]
    text = "Against this right output, " + listing(parts) + "."
    words = {flatness(entropy[name], entropy["right"]) for name in off_by}
    facts = {"off_by": {name: (float(off) if off >= CLOSE else 0.0) for name, off in off_by.items()},
             "leans": sorted(words & {"flatter", "more peaked"})}
    if "more peaked" in words:
        text += (" More peaked weights lean each query toward its single best-matching value"
                 + ("; flatter ones pull every query toward the plain average of the values." if "flatter" in
                    words else "."))
    elif "flatter" in words:
        text += " Flatter weights pull every query toward the plain average of the values."
    return Said(text, facts)


def scale_diagnostic(q_shape: Sequence[int], d_model: int) -> Said:
    """Section 2: how to find d_k in your own code, with this page's shapes (facts: the split Q's shape, d_k)."""
    d_k = q_shape[-1]
    return Said(f"**Diagnostic:** d_k is the width of one head's query, `Q.shape[-1]` after the split. Here the split "
            f"Q has shape {tuple(int(s) for s in q_shape)}, so d_k = {d_k}"
            + (f", not d_model = {d_model}." if d_k != d_model else f", the same as d_model = {d_model}."),
                {"shape": tuple(int(s) for s in q_shape), "d_k": int(d_k)})


# ---------------------------------------------------------------------------------------------------------
# The roles


def roles_intro(d_model: int) -> str:
    """Section 3's opening: which matrix decides what, and the one head its tables use."""
    return ("**Queries and keys decide the weights; values decide what gets copied.** The tables use one head "
            f"(d_k = d_v = d_model = {d_model}), with this page's seeded weights standing in for learned ones.")


def swap_row(n: int) -> int:
    """Section 3: the row of the scores that swap_breaks reads aloud (the second token's, or the only one's)."""
    return min(1, n - 1)


def swap_text(right, swap) -> Said:
    """Section 3: the swapped scores are the transpose, and how far that moves the weights here, measured (facts:
    the largest gap from the transpose, and how far the weights moved)."""
    moved = float(np.abs(swap.weights - right.weights).max())
    gap = float(np.abs(swap.scores - right.scores.T).max())
    moves = (f"the weights move by up to {enough(moved, below=CLOSE)}" if moved >= CLOSE else
             f"the weights happen to stay the same ({AGREE})")
    return Said(f"Cell (i, j) of KQᵀ is kᵢ·qⱼ, so the swapped scores are the right ones transposed (largest gap "
                f"{enough(gap, below=CLOSE)}), and on this sentence {moves}.",
                {"transpose_gap": gap, "moved": moved if moved >= CLOSE else 0.0})


def swap_breaks(labels) -> str:
    """Section 3, folded: when the swap breaks something, with the row of the scores the tables outline."""
    i = swap_row(len(labels))
    return (
        "- **Self-attention you train from scratch:** nothing breaks. KQᵀ = (X W_K)(X W_Q)ᵀ is QKᵀ with W_Q "
        "and W_K trading names, so training learns the same layer.\n"
        "- **Weights you load** (a trained model's, or a checkpoint from other code): W_Q was trained to ask and "
        f"W_K to be asked. Swapped, row {token(labels[i])} of the scores is "
        f"{md_text(labels[i])}'s key scored against every token's query, so it is no longer asking.\n"
        f"- {inline('cross-attention', '**Cross-attention**')}: KQᵀ has one row per "
        "key, not per query. With different lengths it cannot multiply V at all; with equal lengths each "
        "output row belongs to the wrong token.")


def cross_demo(n: int, d_model: int, swapped: ShapeCheck) -> Said:
    """Section 3: the swap on this sentence, cut to a cross-attention shape: what the right and swapped code do.
    Facts: the queries kept, d_v, the right weights' and output's shapes, the swapped output's (None: an error)."""
    n_q, d_v = swapped.expected[-2], swapped.expected[-1]
    facts = {"queries": int(n_q), "d_v": int(d_v), "right_weights": (int(n_q), n), "right_output": (int(n_q), int(d_v)),
             "swapped_output": None if swapped.shape is None else tuple(int(x) for x in swapped.shape)}
    if swapped.caught and swapped.shape is None:
        did = f"the swapped code stops with an error: {swapped.error}."
    elif swapped.caught:
        did = f"the swapped code returns {a_an(swapped.shape[-2])} {shape(swapped.shape)} output."
    else:
        did = "the swapped code returns the same shape, so on this sentence the shape test cannot see it."
    return Said(f"Try it on this sentence: keep the queries of the first {plural(n_q, 'token')} only "
            f"(Q is {shape((n_q, d_model))}) and {all_of(n, 'key')} with {'its value' if n == 1 else 'their values'} "
            "(V cut to its first "
            f"{plural(d_v, 'column')}, so d_v = {d_v}). The "
            f"right weights are {a_an(n_q)} {shape((n_q, n))} matrix and the output {shape((n_q, d_v))}; "
            + did, facts)


def values_as_keys_text(right, wrong, d: Diagnosis) -> Said:
    """Section 3: V used as K, with this page's weights standing in for loaded ones: what moves, measured here.
    Facts: how far the weights moved (0.0 when they agree), the scores' relation, the largest |row sum − 1|."""
    moved = float(np.abs(wrong.weights - right.weights).max())
    row_gap = float(np.abs(wrong.weights.sum(-1) - 1).max())
    weights = (f"differ from the right ones by up to {enough(moved, below=CLOSE)}" if moved >= CLOSE else
               f"happen to equal the right ones ({AGREE})")
    return Said(f"With softmax(QVᵀ/√d_k) V, the values also decide where to look: the weights on this sentence "
                f"{weights}, and the scores {scores_kind(d)}. The rows still sum to 1 (largest gap "
                f"{enough(row_gap, below=CLOSE)}), so the row-sum check misses it.",
                {"moved": moved if moved >= CLOSE else 0.0, "scores": d.scores_relation, "row_gap": row_gap})


VALUES_AS_KEYS_TRAINED = (
    "In a model you train, this ties W_K to W_V: one matrix must serve both for being found and for what is passed "
    "along, and W_K never gets a gradient. It trains, but it is a different, smaller layer than the one you meant. "
    "If your values and keys differ in width (d_v ≠ d_k), QVᵀ cannot even be computed.")


def keys_as_values_text(right, wrong) -> Said:
    """Section 3: K used as V, with this page's weights standing in for loaded ones: the weights stay right and
    only the output moves, measured here (facts: the weights' largest gap, the output's (0.0 when they agree))."""
    off = float(np.abs(wrong.output - right.output).max())
    gap = float(np.abs(wrong.weights - right.weights).max())
    output = (f"the output on this sentence is off by up to {enough(off, below=CLOSE)}." if off >= CLOSE else
              f"the output on this sentence happens to equal the right one ({AGREE}).")
    return Said(f"With softmax(QKᵀ/√d_k) K, the weights are exactly right (largest gap "
                f"{enough(gap, below=CLOSE)}), so every query looks at the right "
                f"tokens but copies their keys instead of their values: {output}",
                {"weights_gap": gap, "output_gap": off if off >= CLOSE else 0.0})


KEYS_AS_VALUES_TRAINED = (
    "In a model you train, this ties W_V to W_K: one vector per token must both be found and be passed along, and "
    "W_V never gets a gradient.")


def shape_test_code(n_q: int, d_v: int) -> str:
    """Section 3: the shape test as a learner would write it against their own `attention` function."""
    queries = plural(n_q, "query", "queries")
    return (f"out = attention(Q[:{n_q}], K, V[:, :{d_v}])  # {queries}, every key, values {d_v} wide\n"
            f"assert out.shape == ({n_q}, {d_v})  # one row per query, d_v wide")


def checks_table(rows: Sequence[RoleChecks]) -> dict[str, list[str]]:
    """Section 3: which check catches which mistake, as columns for a small table."""
    said = {True: "caught", False: "missed"}
    return {"mistake": [mistake_label(r.mistake.name) for r in rows],
            "row sums": [said[r.row_sums_caught] for r in rows],
            "shapes": [said[r.shapes.caught] for r in rows],
            "known answer": [said[r.known_answer_caught] for r in rows]}


def shape_outcomes(rows: Sequence[RoleChecks]) -> Said:
    """Section 3: what each mistake did in the shape test on this sentence, one bullet each. Facts: the shape
    expected, and each mistake's output shape (None: it stopped with an error)."""
    n_q, d_v = rows[0].shapes.expected[-2:]
    facts = {"expected": (int(n_q), int(d_v)),
             "shapes": {r.mistake.name: None if r.shapes.shape is None else tuple(int(x) for x in r.shapes.shape)
                        for r in rows}}
    lines = []
    for r in rows:
        s, name = r.shapes, mistake_label(r.mistake.name)
        if s.shape is None:
            lines.append(f"- {name}: stops with an error ({s.error}).")
        elif s.caught:
            lines.append(f"- {name}: returns {shape(s.shape)} instead of {shape(s.expected)}.")
        else:
            lines.append(f"- {name}: returns the right shape, {shape(s.shape)}, so the shape test misses it.")
    return Said(f"In the shape test on this sentence ({plural(n_q, 'query', 'queries')}, values "
                f"{d_v} wide, so the output should be {shape((n_q, d_v))}):\n\n" + "\n".join(lines), facts)


def scale_known_answer(caught: Mapping[str, bool]) -> Said:
    """Section 3: whether the known answer also catches the two wrong scales (d_k = 4 of d_model = 8); facts: which
    it catches."""
    d_k = 4
    said = [f"dividing by {divided_by(name, KNOWN_ANSWER_D_MODEL, d_k)[2:]} "
            f"{'fails it' if hit else 'passes it'}" for name, hit in caught.items()]
    return Said(f"The known answer was worked out with ÷ √d_k = {sqrt_text(d_k)}, so it tests the scale "
                f"too: in a layer of 2 heads with d_model = {KNOWN_ANSWER_D_MODEL}, " + listing(said) + ".",
                {"caught": dict(caught)})


# ---------------------------------------------------------------------------------------------------------
# The quiz


def quiz_intro(heads: int, masked: bool = False) -> str:
    """What the quiz runs on, with or without the mask mistakes: numbers of its own, so that its tables match no
    table above and the learner names the mistake from its symptoms."""
    split = "" if heads == 1 else f", split into {heads} heads"
    fresh = f"new W_Q, W_K and W_V drawn from the question number{split}, so no table here repeats one above"
    if masked:
        return (f"One of the mistakes above, or a masking bug from the Mask mistakes page, was made with {fresh}, "
                "under the mask described below.")
    return f"One of the mistakes above was made with {fresh}."


def quiz_look(masked: bool) -> str:
    """What to read in the quiz's checks to tell its mistake, said before the question: the symptoms, never a digit
    to match."""
    look = ("Read its symptoms in the checks above: rows or columns that sum to 1, scores that are QKᵀ, "
            "transposed or neither, weights flatter or more peaked, or only the output off.")
    if masked:
        look += " With the mask: NaN rows, and weight where it blocks."
    return look


def quiz_mask_text(labels, mask) -> Said:
    """Which mask the quiz gives every computation, said from the mask itself: how many pairs it blocks, and
    which queries may see no key at all (facts: those, the pairs, and whether it is attn_core's quiz_mask)."""
    mask = np.asarray(mask, dtype=bool)
    n = mask.shape[0]
    kind = (f"the causal mask with every key of {token(labels[0])} blocked too"
            if n >= 2 and np.array_equal(mask, quiz_mask(n)) else "this mask")
    closed_rows = np.flatnonzero(~mask.any(axis=-1))
    closed = [token(labels[i]) for i in closed_rows]
    facts = {"blocked_pairs": int((~mask).sum()), "pairs": n * n, "closed_rows": closed_rows.tolist(),
             "quiz_mask": kind != "this mask"}
    text = (f"**The mask.** Every computation here, right or wrong, gets {kind}: it blocks {int((~mask).sum())} of "
            f"the {n * n} query→key pairs")
    if closed:
        text += f", and {listing(closed)} may see no key at all"
    return Said(text + (". The right computation gives each blocked pair 0"
                        + (", and a fully blocked row 0s." if closed else ".")), facts)


def quiz_right_titles(masked: bool) -> tuple[str, str]:
    """The quiz's right computation: the titles of its head-1 weights and its output, said masked when it is."""
    return ("right: head 1, masked", "right: output, masked") if masked else ("right: head 1 weights", "right: output")


def checks_title(heads: int) -> str:
    """The quiz's expander: which heads its measurements cover."""
    over = all_of(heads, "head", one="its one")
    return f"The checks, measured on the mystery computation ({over})"


def symptom(mistake: Mistake, d: Diagnosis, d_model: int, d_k: int) -> Said:
    """What this mistake does to the checks, and what the checks measured on the mystery computation `d`. Facts: the
    readings of `d` it quotes, by Diagnosis field, and for a scale mistake the effect its divisor must have."""
    name = mistake.name
    rows = row_gap_name(d)
    if name == "axis0":
        cols = "column-sum gap" if d.masked else "|column sum − 1|"
        return Said(f"softmax over the queries makes every column sum to 1 and leaves the rows unnormalised; here the "
                f"largest {rows} is {enough(d.row_sum_gap, below=CLOSE)} and the largest {cols} is "
                f"{enough(d.col_sum_gap, below=CLOSE)}.", {"row_sum_gap": d.row_sum_gap, "col_sum_gap": d.col_sum_gap})
    if name == "swap_qk":
        return Said(f"swapping Q and K makes the scores the exact transpose of QKᵀ; here they "
                    f"{'are' if d.scores_transposed else 'are not'}.", {"scores_transposed": d.scores_transposed})
    if name == "v_as_k":
        return Said(f"scoring against V keeps the rows summing to 1 but gives scores that are neither QKᵀ nor its "
                f"transpose; here the scores {scores_kind(d)}, and the largest {rows} is "
                f"{enough(d.row_sum_gap, below=CLOSE)}.",
                    {"scores_relation": d.scores_relation, "row_sum_gap": d.row_sum_gap})
    if name == "k_as_v":
        return Said(f"copying K instead of V leaves the weights exactly right and changes only the output; here the "
                f"weights {'are' if d.weights_same else 'are not'} identical and the output differs by up to "
                f"{enough(d.output_gap, below=CLOSE)}.", {"weights_same": d.weights_same, "output_gap": d.output_gap})
    if name in ("no_scale", "sqrt_d_model"):
        effect = {"flatter": "flattens the weights, raising their mean row entropy",
                  "more peaked": "sharpens the weights, lowering their mean row entropy",
                  "as flat": "changes nothing at this width"}[scale_effect(name, d_model, d_k)]
        measured = {"flatter": "higher than", "more peaked": "lower than",
                    "as flat": "about the same as"}[flatness(d.mean_entropy, d.right_mean_entropy)]
        return Said(f"dividing by {divided_by(name, d_model, d_k)[2:]} instead of √{d_k} keeps the scores equal "
                    f"to QKᵀ but {effect}; here the scores {'equal' if d.scores_same else 'do not equal'} QKᵀ and the "
                    f"mean row entropy is {enough(d.mean_entropy)}, {measured} the right "
                    f"{enough(d.right_mean_entropy)}.",
                    {"scores_same": d.scores_same, "mean_entropy": d.mean_entropy,
                     "right_mean_entropy": d.right_mean_entropy, "effect": scale_effect(name, d_model, d_k),
                     "measured": flatness(d.mean_entropy, d.right_mean_entropy)})
    return Said(f"here the largest {rows} is {enough(d.row_sum_gap, below=CLOSE)}, the scores {scores_kind(d)}, and "
                f"the output differs from the right one by up to {enough(d.output_gap, below=CLOSE)}.",
                {"row_sum_gap": d.row_sum_gap, "scores_relation": d.scores_relation, "output_gap": d.output_gap})


def ruling(code: str, d: Diagnosis, dm: MaskDiagnosis | None, name: str, d_model: int, d_k: int) -> str:
    """One reading that rules mistake `name` out (a code of attn_core's ruled_out or ruled_out_masked): what was
    measured here, then what that mistake would have given instead."""
    def gap(x: float) -> str:  # within 10⁻⁹ of a whole number is that number, up to floating-point rounding
        return enough(round(x) if np.isfinite(x) and abs(x - round(x)) < CLOSE else x, below=CLOSE)

    open_rows = ", or to 0 for a row that may see no key" if d.masked else ""
    if code == "scores":
        would = {"swap_qk": "make them (QKᵀ)ᵀ", "v_as_k": "make them neither"}.get(name, "keep them equal to QKᵀ")
        return f"the scores {scores_kind(d)}, where it would {would}"
    if code == "entropy":
        return (f"the mean row entropy is {enough(d.mean_entropy)} against the right {enough(d.right_mean_entropy)}, "
                f"where it would make the weights {scale_effect(name, d_model, d_k)}")
    said = {
        "rows": lambda: f"the largest {row_gap_name(d)} is {gap(d.row_sum_gap)}, where it would keep every row summing "
                        f"to 1{open_rows}",
        "columns": lambda: f"the largest {'column-sum gap' if d.masked else '|column sum − 1|'} is "
                           f"{gap(d.col_sum_gap)}, where it would make every column sum to 1",
        "weights": lambda: "the weights are not the right ones, where it would leave them exactly right",
        "output": lambda: f"the output equals the right one {AGREE}, where it would change it",
        "weights_same": lambda: f"the weights equal the right ones {AGREE}, where it would change them",
        "nan": lambda: f"{plural(dm.nan_rows, 'row')} {'is' if dm.nan_rows == 1 else 'are'} NaN, where it would "
                       "give no NaN",
        "blocked": lambda: f"a blocked pair got up to {enough(dm.blocked_weight)}, where it would give every blocked "
                           "pair exactly 0",
        "filled": lambda: f"{plural(dm.filled_rows, 'fully blocked row')} got weight, where it would give a fully "
                          "blocked row 0s",
        "no_nan": lambda: "no row is NaN, where it would turn every fully blocked row into NaN",
        "not_filled": lambda: "no fully blocked row got weight, where it would give each of them weight",
        "open_rows": lambda: "rows that may see a key differ from the right ones, where it would change only the "
                             "fully blocked rows",
        "uneven": lambda: "a fully blocked row's weight is not spread evenly, where it would spread it evenly over "
                          "every key",
        "rows_right": lambda: "every row sums as it should, where it would leave some row summing to less than 1",
        "over_one": lambda: f"a row sums to {enough(dm.highest_row_sum)}, where it would leave every row summing to "
                            "at most 1",
        "allowed": lambda: f"an allowed pair got up to {enough(dm.allowed_weight)}, where it would give every allowed "
                           "pair 0",
        "not_transposed": lambda: "the weights are not the right ones with the mask's rows and columns swapped, "
                                  "where it would give exactly those",
        "not_unmasked": lambda: "the weights are not the unmasked ones, where it would give exactly those",
    }
    return said[code]()


def ruled_out_text(answer: Mistake, d: Diagnosis, dm: MaskDiagnosis | None, d_model: int, d_k: int) -> Said:
    """Why the checks rule out a wrong pick: each reading that mistake could not have given, measured here; '' when
    every reading fits it. Facts: the readings' codes (attn_core's ruled_out), and the fully blocked rows said to be
    all that moved the mean row entropy (None when that is not said)."""
    name = answer.name
    codes = ruled_out(name, d, d_model, d_k) if dm is None else ruled_out_masked(name, d, dm, d_model, d_k)
    facts = {"codes": tuple(codes), "entropy_moved_by_blocked_rows": None}
    if not codes:
        return Said("", facts)
    text = (f"You picked {named(answer)}, which these readings rule out: "
            + "; ".join(ruling(c, d, dm, name, d_model, d_k) for c in codes) + ".")
    moved = entropy_direction(d.mean_entropy, d.right_mean_entropy)
    if name in SCALE_MISTAKES and dm is not None and dm.filled_rows and dm.open_rows_same and moved:
        # the entropy fits a scale mistake, but here only the fully blocked rows moved it
        how = " spread evenly over every key" if dm.filled_even else ""
        facts["entropy_moved_by_blocked_rows"] = dm.filled_rows
        text += (f" The mean row entropy is {'higher' if moved > 0 else 'lower'} than the right one's only because"
                 f" {plural(dm.filled_rows, 'fully blocked row')} got weight{how}, where the right "
                 "computation gives them 0s; every other row equals the right one.")
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
        text = f"Right: it is **{named(secret)}**. Why: {why(secret).text}"
    else:
        text = (f"Not this time: it is **{named(secret)}**, because {why(secret).text} "
                + (ruling_out.text or f"No reading here rules out your pick, "
                   f"{named(answer)}: {why(answer).text} Both fit these numbers."))
    seen = identify(d) if dm is None else identify_masked(d, dm)
    known = BY_NAME if dm is None else {**BY_NAME, **MASK_BY_NAME}
    if secret.name in known and seen != secret.name:
        # the symptoms of these numbers match another mistake: say so rather than pretend they are telling
        other = f"**{named(known[seen])}**" if seen in known else "no mistake at all"
        text += (f" On these numbers, though, the checks alone point to {other}, so this question could not be "
                 "answered from its symptoms: press New question.")
    heads = d_model // d_k
    if dm is not None and heads > 1:
        text += f" The row counts take in {all_of(heads, 'head')}: each head has its own copy of every row."
    facts = {"secret": secret.name, "answer": answer.name, "ruled_out": ruling_out.facts["codes"], "points_to": seen,
             "entropy_moved_by_blocked_rows": ruling_out.facts["entropy_moved_by_blocked_rows"],
             "why": why(secret).facts}
    return answer == secret, Said(text, facts)


# ---------------------------------------------------------------------------------------------------------
# The page's fixed text: intros, notices, headings and captions, in the order the page shows them

INTRO = ("Three bugs people write in their own attention code: softmax over the wrong axis, dividing by √d_model "
         "instead of √d_k, and mixing up the roles of Q, K and V. Each one runs on your sentence beside the right "
         "computation, so that you learn to know a bug by its symptoms.")
ONE_TOKEN = ("Your sentence has a single token. With one query and one key, every weight is 1 whatever the mistake, "
             "so the weights have nothing to show. Type a sentence of at least two words in the sidebar.")
AXIS_HEADER = "1. Softmax over the wrong axis"
AXIS_INTRO = ("One head over the whole width, as on Home. Softmax must normalise over the **keys** for each query: "
              "the last axis of QKᵀ. A common slip names another axis.")
RIGHT_WEIGHTS = "The right weights (the WRONG ones join them once you answer)"
AXIS_OUTPUTS = "What it does to the outputs"  # an expander's title
OUTPUTS_ONE_SCALE = "The outputs, on one colour scale"
AXIS_CATCH = ("**Diagnostic:** check that each row of your weights sums to 1: "
              "`assert np.allclose(weights.sum(axis=-1), 1)`.")
AXIS_WAITS = ("The wrong axis joins this table once you have answered the prediction in section 1: its row sums would "
              "give that answer away.")
MEASURE_LABELS = {"entropy": "mean row entropy (nats)", "max_weight": "mean largest weight"}  # attn_core's MEASURES
MEASURES_MEAN = "What the numbers under the tables mean"  # an expander's title
SCALE_OUTPUTS_SWITCH = "Show the outputs and their errors"  # a switch's label
EACH_WRONG_OUTPUT = "**Each wrong output and its difference**"
V_AS_K_HEADER = "Using V in place of K when scoring"
K_AS_V_HEADER = "Using K in place of V as the values"
STILL_TRAINS = "Why it still trains, and what it costs"  # an expander's title
CATCH_THEM = "How to catch them in your own code"  # an expander's title
SWAP_BREAKS = "When the swap breaks something, and when it does not"  # an expander's title
CHECK_ROWS = ("None of these needs a reference implementation to compare against.\n\n"
              "**Row sums.** Every row of the weights must sum to 1: "
              "`assert np.allclose(weights.sum(axis=-1), 1)`.")
CHECK_SHAPES = ("**Shapes, with n_q ≠ n_k and d_v ≠ d_k.** Give your function fewer queries than keys, and values "
                "narrower than the keys: the output must have one row per query and be d_v wide.")
CHECK_KNOWN = ("**A known answer.** Inputs small enough to work the output out by hand, like this test; `attention` "
               "is your function, returning the output.")
QUIZ_WAITS = ("The quiz opens once you have answered the prediction in section 1: its checks and its feedback would "
              "give that answer away.")
MASKS_HELP = ("Adds the masking bugs of the Mask mistakes page to the quiz. Every computation, the right one included, "
              "is then given the one mask described below the switch.")
PICK_FIRST = "Pick one of the mistakes above first."
CODE_WAITS = ("The code and its notebook appear once you have answered the prediction in section 1: they print the "
              "sums it asks about.")
SOURCE_INTRO = ("Every wrong table in sections 1 to 3 comes from one of these functions in `attn_core/mistakes.py`, "
                "the right ones from `scaled_dot_product_attention`; the quiz runs them too (with its mask when the "
                "mask mistakes are on), and takes the mask mistakes from `attn_core/mask_mistakes.py`, shown on the "
                "Mask mistakes page.")
CODE_INTRO = ("Your sentence's Q, K and V, then sections 1 to 3 in plain numpy: the code of the notebook below, which "
              "also checks its results against the page. The quiz is left out of both: its answer would be in them.")


# Labels of the page's controls (the layer test counts a label of six words or more as a sentence)
SWAP_WEIGHTS_TOGGLE = "Show the weights from these scores"
QUIZ_QUESTION = "Which mistake made the mystery computation?"
