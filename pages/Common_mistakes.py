"""Common mistakes: each bug's output next to the right one, on your own sentence, and a quiz to spot them."""

from collections.abc import Sequence

import numpy as np
import streamlit as st

import attn_core
from attn_core import mask_mistakes as mm
from attn_core import mistakes as mk
from attn_lessons import mistakes as say
from attn_lessons.format import enough
from attn_lessons.i18n import current, tr
from attn_lessons.formula import ATTENTION
from attn_ui import notebooks as nbk
from attn_ui import classroom
from attn_ui.checkpoint import predict, reveal
from attn_ui.code import source
from attn_ui.data import load_inputs, kept
from attn_ui.folds import fold
from attn_ui.params import SEED_MAX, parse_bool, parse_int
from attn_ui.serving import one_at_a_time
from attn_ui.state import route_footer, setup_page, url_bound
from attn_ui.tables import draw_matrix, draw_row, shared_range, static_table

AXIS_ABOUT = "softmax(scores, axis=0)"  # the question is about this fixed code: the sentence, seed, width only move it
SOURCES = (mk.softmax_over_queries, mk.scale_by_sqrt_d_model, mk.no_scale, mk.swap_q_and_k, mk.values_as_keys,
           mk.keys_as_values, mk.diagnose, mk.shape_check)


@one_at_a_time
def main():
    shared = setup_page(__file__)
    st.title(tr("mistakes-title"))
    st.markdown(say.INTRO)
    st.latex(ATTENTION)
    inputs = load_inputs(shared)
    if len(inputs.labels) < 2:
        st.warning(say.ONE_TOKEN, icon=":material/short_text:")
        route_footer(__file__, shared)
        st.stop()
    # one head's Q, K, V (n, d_model), its heads (heads, n, d_k) and every computation of sections 1 to 3
    runs = kept(mk.page_runs, *attn_core.project(inputs), shared.heads)
    numbers = (shared.text, shared.seed, shared.d_model)  # what moves section 1's numbers, not its question
    answered = wrong_axis(inputs.labels, runs, numbers)  # 1. predict which sums to 1; the sums wait for it
    wrong_scale(inputs.labels, runs, shared.d_model)     # 2. ÷ √d_model or ÷ 1 instead of ÷ √d_k, on your heads
    confused_roles(inputs.labels, runs, answered)        # 3. Q and K swapped, V as K, K as V, and the checks
    quiz(inputs.labels, inputs.X, shared.seed, shared.heads, answered)  # spot the mistake on numbers of its own
    take_it_home(shared, inputs, answered)               # sections 1 to 3 in plain numpy, and as a notebook
    route_footer(__file__, shared)


def weights_table(M, title: str, labels, x_title: str | None = None, y_title: str | None = None, **options) -> dict:
    """A weight matrix (n_q, n_k) as a table's arguments, on the 0 … 1 scale every weights table shares; its axes
    are key and query unless said."""
    return {"M": np.asarray(M, dtype=float), "title": title, "rows": list(labels), "cols": list(labels),
            "kind": "weights", "x_title": x_title or tr("mistakes-axis-key"),
            "y_title": y_title or tr("mistakes-axis-query"), **options}


def signed_table(M, title: str, labels, zmax: float, **options) -> dict:
    """A signed matrix (n, d) as a table's arguments, on ±zmax: twins are given one zmax."""
    cols = [f"d{c}" for c in range(np.shape(M)[1])]
    return {"M": np.asarray(M, dtype=float), "title": title, "rows": list(labels), "cols": cols, "kind": "signed",
            "zmax": zmax, "x_title": tr("mistakes-axis-value-dimension"), "y_title": tr("mistakes-axis-query"),
            **options}


def draw(spec: dict, where=None, share: float = 1.0) -> None:
    """A table from its arguments (signed_table's, or the weights'); `share` is the page's width it gets on a
    laptop, as in attn_ui.tables.draw_matrix."""
    draw_matrix(**spec, where=where, share=share)


def side_by_side(specs, heading: str = "") -> None:
    """Twins under one heading (none where a subheader already names them), in one row of tables
    (attn_ui.tables.draw_row): side by side where they fit, one below the other on a phone."""
    if heading:
        st.markdown(f"**{heading}**")
    draw_row(specs)


def wrong_axis(labels, runs: mk.PageRuns, numbers) -> bool:
    """1. Softmax over the queries. The learner predicts which lines sum to 1 before any sum of the wrong weights is
    shown, here or further down; True once answered (or skipped). Not a fragment: answering, or predicting again,
    redraws the sections that wait for it."""
    st.header(say.AXIS_HEADER)
    st.markdown(say.AXIS_INTRO)
    right, axis0 = runs.right, runs.axis0
    twins = st.empty()  # the right weights while the question is open; the WRONG ones join them once it is answered
    guess = predict(say.AXIS, say.AXIS_QUESTION, options=list(mk.SUM_LINES), format_func=say.sum_label,
                    about=AXIS_ABOUT, numbers=numbers)
    with twins.container():
        if guess is None:  # the WRONG table would answer the question: each of its columns sums to 1
            st.markdown(f"**{say.RIGHT_WEIGHTS}**")
            draw(weights_table(right.weights, tr("mistakes-title-right-keys"), labels), share=0.5)
            return False  # the sums, and everything that gives them away, wait for the prediction
        side_by_side([weights_table(right.weights, tr("mistakes-title-right-keys"), labels),
                      weights_table(axis0.weights, tr("mistakes-title-wrong-queries"), labels)],
                     tr("mistakes-the-weights"))
    right_sums = not guess.skipped and mk.sums_prediction_right(guess.value, axis0.weights)
    reveal(guess, right=right_sums, why=say.axis_reveal(axis0.weights).text, asked=say.AXIS,
           state=classroom.page_state())
    for col, which, weights in zip(st.columns(2), ("right", "wrong"), (right.weights, axis0.weights), strict=True):
        # static tables: three narrow columns, no grid to step through
        col.markdown(tr("mistakes-sums-heading", which=which))
        static_table(say.sums_columns(labels, weights), col)
    with fold(say.AXIS_OUTPUTS, "fold_axis_outputs", icon=":material/functions:") as shown:
        if shown:
            axis_outputs(labels, right, axis0)
    with fold(tr("mistakes-how-to-catch"), "fold_axis_catch", icon=":material/rule:") as shown:
        if shown:
            st.markdown(say.AXIS_CATCH)
    return True


def axis_outputs(labels, right, axis0) -> None:
    """1b. The sums in words, then the right and axis-0 outputs on one colour scale and their difference."""
    st.markdown(say.row_and_column_sums(right.weights, axis0.weights).text)
    change = mk.output_difference(right, axis0)  # (n, d_model): wrong − right
    zmax = shared_range(right.output, axis0.output, change)
    worst = mk.largest_change_row(right.output, axis0.output)  # outlined: the row the sentence names
    side_by_side([signed_table(right.output, tr("mistakes-title-right-output"), labels, zmax, highlight_row=worst),
                  signed_table(axis0.output, tr("mistakes-title-wrong-output-axis"), labels, zmax,
                               highlight_row=worst)],
                 say.OUTPUTS_ONE_SCALE)
    c1, c2 = st.columns(2)  # their difference under them, beside the sentence that reads it
    draw(signed_table(change, tr("mistakes-title-difference"), labels, zmax, highlight_row=worst), c1, 0.5)
    c2.markdown(say.largest_output_change(right, axis0, labels).text)


def head_to_show(heads: int) -> int:
    """The head whose weights section 2 draws, counted from 0 (from 1 on screen and in the link)."""
    if heads == 1:
        return 0
    url_bound("head", 1, int, options=list(range(1, heads + 1)))
    return st.selectbox(tr("mistakes-head-to-show"), options=list(range(1, heads + 1)), key="head",
                        format_func=lambda k: tr("mistakes-head-option", head=k)) - 1


@st.fragment
def wrong_scale(labels, page: mk.PageRuns, d_model: int) -> None:
    """2. Dividing by √d_model or by nothing instead of √d_k, on the learner's heads."""
    st.header(tr("mistakes-scale-header"))
    heads, n, d_k = page.heads[0].shape
    runs = page.scale  # the scale mistakes that change the weights at this width, then "right"
    entropy = {name: mk.mean_row_entropy(res.weights) for name, res in runs}  # over all heads
    st.markdown(say.scale_divisor(d_model, heads).text)  # what each wrong divisor does waits in the fold below
    for note in say.scale_notes(d_model, heads, [mk.BY_NAME[name] for name, _ in runs[:-1]]):
        st.info(note.text, icon=":material/info:")
    h = head_to_show(heads)
    right_w = runs[-1][1].weights[h]
    st.markdown(f"**{say.head_weights_title(h)}**")
    # a column per run, its table with its numbers under it: in line on a screen, and on a phone each table is
    # followed by its own numbers
    for col, (name, res) in zip(st.columns(len(runs)), runs, strict=True):
        draw(weights_table(res.weights[h], say.scale_title(name, d_model, d_k), labels), col, 1 / len(runs))
        for measure, (value, change) in mk.head_measures(res.weights[h], right_w).items():
            col.metric(say.measure_label(measure), enough(value), delta=say.against_right(name, change),
                       delta_color="off", delta_arrow="off" if name == "right" or change == 0 else "auto")
    with fold(say.MEASURES_MEAN, "fold_scale_measures", icon=":material/help:") as shown:
        if shown:
            st.markdown(say.scale_intro(d_model, heads, entropy).text)  # which way each wrong divisor moved it
            st.markdown(say.scale_caption(h, n, heads).text)
    if runs[:-1] and st.toggle(say.SCALE_OUTPUTS_SWITCH, key="scale_outputs"):
        scale_outputs(labels, runs, d_model, d_k, entropy)
    with fold(tr("mistakes-how-to-catch"), "fold_scale_catch", icon=":material/rule:") as shown:
        if shown:
            st.markdown(say.scale_diagnostic(page.heads[0].shape, d_model).text)


def scale_outputs(labels, runs, d_model: int, d_k: int, entropy) -> None:
    """2b. The heads' outputs joined, each wrong one beside its difference from the right one."""
    outs = mk.joined_outputs(runs)  # (heads, n, d_k) -> (n, d_model) each, and its difference from the right one
    right_out, wrong = outs["right"].output, [name for name, _ in runs[:-1]]
    zmax = shared_range(*(o.output for o in outs.values()), *(o.difference for o in outs.values()))
    c1, c2 = st.columns(2)
    draw(signed_table(right_out, say.scale_output_title("right", d_model, d_k), labels, zmax), c1, 0.5)
    c2.markdown(say.scale_outputs(d_model, d_k, {name: outs[name].largest_gap for name in wrong}, entropy).text)
    st.markdown(say.EACH_WRONG_OUTPUT)
    for name in wrong:  # a row each: the wrong output, then how far it is from the right one
        draw_row([signed_table(outs[name].output, say.scale_output_title(name, d_model, d_k), labels, zmax),
                  signed_table(outs[name].difference, say.scale_difference_title(name, d_model, d_k), labels,
                               zmax)])


@st.fragment
def confused_roles(labels, runs: mk.PageRuns, answered: bool) -> None:
    """3. Swapping Q and K, scoring against V, copying K: when each breaks something, and what catches it. Until
    section 1's prediction is answered, the checks leave out the wrong axis (its row sums would answer it)."""
    st.header(tr("mistakes-roles-header"))
    d_model = runs.Q.shape[1]
    st.markdown(say.roles_intro(d_model))
    right = runs.right
    checks = kept(mk.role_checks, runs.Q, runs.K, runs.V)  # row sums, shapes and the known answer on each mix-up
    swapped_q_and_k(labels, right, runs.swap, d_model, next(c.shapes for c in checks if c.mistake.name == "swap_qk"))

    st.subheader(say.V_AS_K_HEADER)
    v_as_k = runs.v_as_k
    side_by_side([weights_table(right.weights, tr("mistakes-title-right-softmax-qk"), labels),
                  weights_table(v_as_k.weights, tr("mistakes-title-wrong-softmax-qv"), labels)])  # under V_AS_K_HEADER
    st.markdown(say.values_as_keys_text(right, v_as_k, kept(mk.diagnose, right, v_as_k)).text)
    with fold(say.STILL_TRAINS, "fold_v_as_k_trains", icon=":material/model_training:") as shown:
        if shown:
            st.markdown(say.VALUES_AS_KEYS_TRAINED)

    st.subheader(say.K_AS_V_HEADER)
    k_as_v = runs.k_as_v
    zmax = shared_range(right.output, k_as_v.output)
    side_by_side([signed_table(right.output, tr("mistakes-title-right-output"), labels, zmax),
                  signed_table(k_as_v.output, tr("mistakes-title-wrong-output-k"), labels, zmax)])  # under its header
    st.markdown(say.keys_as_values_text(right, k_as_v).text)
    with fold(say.STILL_TRAINS, "fold_k_as_v_trains", icon=":material/model_training:") as shown:
        if shown:
            st.markdown(say.KEYS_AS_VALUES_TRAINED)
    with fold(say.CATCH_THEM, "fold_catch_roles", icon=":material/rule:") as shown:
        if shown:
            role_checks(checks if answered else [c for c in checks if c.mistake.name != "axis0"], answered)


def swapped_q_and_k(labels, right, swap, d_model: int, cross: mk.ShapeCheck) -> None:
    """3a. K Qᵀ in place of Q Kᵀ: harmless when training from scratch, wrong with loaded weights or cross-attention."""
    st.subheader(tr("mistakes-swap-header"))
    zs, i = shared_range(right.scores), say.swap_row(len(labels))  # row i: the one the folded sentence reads aloud
    asking = {"x_title": tr("mistakes-axis-key-j"), "y_title": tr("mistakes-axis-query-i-asking")}
    asked = {"x_title": tr("mistakes-axis-query-j-asking"), "y_title": tr("mistakes-axis-key-i-asked")}
    scores = st.empty()  # each table its own row title (who is asking); the weights, when shown, under their scores
    pairs = [({"M": right.scores, "title": tr("mistakes-title-right-scores"), "rows": list(labels),
               "cols": list(labels), "zmax": zs, "highlight_row": i, **asking},
              {"M": swap.scores, "title": tr("mistakes-title-wrong-scores"), "rows": list(labels),
               "cols": list(labels), "zmax": zs, "highlight_row": i, **asked})]
    if st.toggle(say.SWAP_WEIGHTS_TOGGLE, key="swap_weights"):
        pairs.append((weights_table(right.weights, tr("mistakes-title-right-softmax-qk"), labels, highlight_row=i,
                                    **asking),
                      weights_table(swap.weights, tr("mistakes-title-wrong-softmax-kq"), labels, highlight_row=i,
                                    **asked)))
    with scores.container():
        for pair in pairs:
            draw_row(list(pair))
    st.markdown(say.swap_text(right, swap).text)
    with fold(say.SWAP_BREAKS, "fold_swap_breaks", icon=":material/call_split:") as shown:
        if shown:
            st.markdown(say.swap_breaks(labels))
            st.markdown(say.cross_demo(len(labels), d_model, cross).text)


def role_checks(checks: Sequence[mk.RoleChecks], answered: bool) -> None:
    """3d. The three checks a learner can run on their own code, and which mistake each one catches here."""
    st.markdown(say.CHECK_ROWS)
    st.markdown(say.CHECK_SHAPES)
    n_q, d_v = checks[0].shapes.expected
    st.code(say.shape_test_code(n_q, d_v), language="python")
    st.markdown(say.CHECK_KNOWN)
    st.code(source(mk.known_answer_test), language="python")
    static_table(say.checks_table(checks))
    if not answered:
        st.caption(say.AXIS_WAITS)
    st.markdown(say.shape_outcomes(checks).text)
    st.markdown(say.scale_known_answer({name: not mk.passes_known_answer(mk.BY_NAME[name])
                                        for name in mk.SCALE_MISTAKES}).text)


def new_question() -> None:
    st.session_state["quiz"] = (int(st.session_state["quiz"]) + 1) % (SEED_MAX + 1)
    st.session_state["quiz_answer"] = None


def clear_answer() -> None:
    st.session_state["quiz_answer"] = None


@st.fragment
def quiz(labels, X, page_seed: int, heads: int, answered: bool) -> None:
    """Spot the mistake: one drawn from the pool is run on the quiz's own Q, K, V (the sentence's X through weights
    drawn from the question number, never the page's), with a mask when the mask mistakes are in the pool, so that the
    learner names it from its symptoms and not by matching a table above. It waits for section 1's prediction, whose
    answer its checks and feedback would give away."""
    st.header(tr("mistakes-quiz-header"))
    if not answered:
        st.info(say.QUIZ_WAITS, icon=":material/lock:")
        return
    n, d_model = X.shape
    url_bound("masks", False, parse_bool)
    masked = st.toggle(tr("mistakes-masks-toggle"), key="masks", on_change=clear_answer, help=say.MASKS_HELP)
    st.markdown(say.quiz_intro(heads, masked))
    mask = mk.quiz_mask(n) if masked else None
    if masked:
        st.markdown(say.quiz_mask_text(labels, mask).text)
    url_bound("quiz", 0, lambda r: parse_int(r, 0, SEED_MAX, "quiz"))
    # one block that wraps on a phone, not a row of columns (three blocks): every element costs a message a rerun
    row = st.container(horizontal=True, vertical_alignment="bottom")
    seed = int(row.number_input(tr("mistakes-quiz-number"), min_value=0, max_value=SEED_MAX, step=1,
                               key="quiz", width=240))  # a quarter of a laptop's page, as it was
    row.button(tr("mistakes-quiz-new"), key="quiz_new", on_click=new_question, icon=":material/casino:")
    QKV_h = mk.quiz_qkv(X, page_seed, seed, heads)  # (heads, n, d_k) each: the quiz's own numbers
    d_k = QKV_h[0].shape[-1]
    pool = mm.masked_quiz_pool(*QKV_h, d_model, mask) if masked else mk.quiz_pool(d_model, d_k)
    secret = mk.draw_mistake(seed, pool)
    right, mystery = mk.correct_attention(*QKV_h, mask), secret.run(*QKV_h, d_model)
    diag = kept(mk.diagnose, right, mystery, mask)
    dm = mm.diagnose_mask(*QKV_h, mask, mystery) if masked else None
    blocked = None if mask is None else mk.blocked_query(mask)  # the first query that may see no key
    quiz_tables(labels, right, mystery, masked, shared_range(right.output, mystery.output), blocked)
    quiz_checks(QKV_h, mask, right, diag, dm)
    quiz_answer(pool, secret, diag, dm, d_model, d_k)


def quiz_tables(labels, right, mystery, masked: bool, zmax: float, blocked: int | None) -> None:
    """The mystery's head-1 weights and output beside the right (masked) computation's, outputs on one colour
    range; the fully blocked row outlined. A new question is new numbers, so both sides change. A masking bug's NaN
    prints as NaN."""
    right_out, mystery_out = attn_core.merge_heads(right.output), attn_core.merge_heads(mystery.output)
    weights_title, output_title = say.quiz_right_titles(masked)
    c1, c2 = st.columns(2)
    c1.markdown(tr("mistakes-quiz-right-computation"))
    draw(weights_table(right.weights[0], weights_title, labels, highlight_row=blocked), c1, 0.5)
    draw(signed_table(right_out, output_title, labels, zmax, highlight_row=blocked), c1, 0.5)
    c2.markdown(tr("mistakes-quiz-mystery"))
    draw(weights_table(mystery.weights[0], tr("mistakes-title-mystery-weights"), labels, highlight_row=blocked),
         c2, 0.5)
    draw(signed_table(mystery_out, tr("mistakes-title-mystery-output"), labels, zmax, highlight_row=blocked), c2, 0.5)


def quiz_checks(QKV_h, mask, right, diag, dm) -> None:
    """The checks measured on the mystery computation and, for comparison, on the right one."""
    heads = QKV_h[0].shape[0]
    with fold(say.checks_title(heads), "fold_quiz_checks", icon=":material/troubleshoot:") as shown:
        if not shown:
            return
        right_dm = None if dm is None else mm.diagnose_mask(*QKV_h, mask, right)
        mystery = say.quiz_readings(diag, dm)
        same = say.quiz_readings(kept(mk.diagnose, right, right, mask), right_dm)  # the same checks on the right one
        st.markdown(say.readings_table(mystery, same))  # a plain table: redrawn with every question, cheaply
        if dm is not None:
            st.caption(say.masked_readings_note())


def quiz_answer(pool: Sequence[mk.Mistake], secret: mk.Mistake, diag, dm, d_model: int, d_k: int) -> None:
    """The learner names the mistake; the feedback explains the answer from the measured symptoms."""
    by_name = {m.name: m for m in pool}
    st.markdown(say.quiz_look(dm is not None))
    answer = st.radio(say.QUIZ_QUESTION, options=list(by_name), index=None,
                      key="quiz_answer", format_func=say.mistake_label)
    if st.button(tr("mistakes-quiz-check"), key="quiz_check", icon=":material/check:"):
        if answer is None:
            st.warning(say.PICK_FIRST, icon=":material/touch_app:")
            return
        ok, said = say.verdict(secret, by_name[answer], diag, d_model, d_k, dm)
        text = said.text
        if ok:
            st.success(text, icon=":material/task_alt:")
        else:
            st.error(text, icon=":material/cancel:")


@st.cache_resource(show_spinner=False, max_entries=64)
def notebook_cells(text: str, seed: int, d_model: int, heads: int, lang: str) -> list:
    """The notebook's cells for these shared settings, built once and handed back from then on (never change the
    list): every number in them follows from the four, so they are the key, not the arrays (hashing those cost
    more than a rerun's maths); its prose is in `lang`, the language of the run that asks (part of the key)."""
    inputs = attn_core.build_inputs(text, seed, d_model)  # as load_inputs builds them
    X, w = inputs.X, inputs.weights
    runs = mk.page_runs(*attn_core.project(inputs), heads)  # the same computations as sections 1 to 3
    return nbk.cells("mistakes", {"labels": nbk.names(inputs.labels), "X": X, "W_Q": w.W_Q, "W_K": w.W_K,
                                  "W_V": w.W_V, "heads": heads},
                     runs.notebook_arrays())


def take_it_home(shared, inputs, answered: bool) -> None:
    """Sections 1 to 3 as the page drew them (every head of section 2), in plain numpy: shown as code, and
    downloadable as a notebook. No control of theirs changes these numbers, so this is not a fragment. Both wait
    for section 1's prediction: the notebook prints the sums it asks about, and softmax_over_queries says them."""
    if not answered:
        st.caption(say.CODE_WAITS)
        return
    X, w = inputs.X, inputs.weights

    def cells():
        return notebook_cells(shared.text, shared.seed, shared.d_model, shared.heads, current())

    nbk.take_it_home(__file__, say.CODE_INTRO, cells, X.size + w.W_Q.size + w.W_K.size + w.W_V.size,
                     nbk.shared_settings(shared), sources=(say.SOURCE_INTRO, SOURCES))

main()
