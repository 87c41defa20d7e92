"""Common mistakes: each bug's output next to the right one, on your own sentence, and a quiz to spot them."""

from collections.abc import Sequence

import numpy as np
import pandas as pd
import streamlit as st

import attn_core
from attn_core import mask_mistakes as mm
from attn_core import mistakes as mk
from attn_lessons import mistakes as say
from attn_ui import notebooks as nbk
from attn_ui import classroom
from attn_ui.checkpoint import predict, reveal
from attn_ui.code import source
from attn_ui.data import load_inputs
from attn_ui.params import SEED_MAX, parse_bool, parse_int
from attn_ui.state import route_footer, setup_page, url_bound
from attn_ui.tables import draw_matrix, draw_row

INTRO = ("Three bugs people write in their own attention code: softmax over the wrong axis, dividing by √d_model "
         "instead of √d_k, and mixing up the roles of Q, K and V. Each one runs on your sentence beside the right "
         "computation, so that you learn to know a bug by its symptoms.")
FORMULA = r"\mathrm{Attention}(Q, K, V) = \mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d_k}}\right) V"
ONE_TOKEN = ("Your sentence has a single token. With one query and one key, every weight is 1 whatever the mistake, "
             "so the weights have nothing to show. Type a sentence of at least two words in the sidebar.")
AXIS_INTRO = ("One head over the whole width, as on Home. Softmax must normalise over the **keys** for each query: "
              "the last axis of QKᵀ. The WRONG code calls `softmax(scores, axis=0)`: the first axis, the queries.")
AXIS_ABOUT = "softmax(scores, axis=0)"  # the question is about this fixed code: the sentence, seed, width only move it
AXIS_CATCH = ("**Diagnostic:** check that each row of your weights sums to 1: "
              "`assert np.allclose(weights.sum(axis=-1), 1)`.")
AXIS_WAITS = ("The wrong axis joins this table once you have answered the prediction in section 1: its row sums would "
              "give that answer away.")
QUIZ_WAITS = ("The quiz opens once you have answered the prediction in section 1: its checks and its feedback would "
              "give that answer away.")
CODE_WAITS = ("The code and its notebook appear once you have answered the prediction in section 1: they print the "
              "sums it asks about.")
CHECK_ROWS = ("None of these needs a reference implementation to compare against.\n\n"
              "**Row sums.** Every row of the weights must sum to 1: "
              "`assert np.allclose(weights.sum(axis=-1), 1)`.")
CHECK_SHAPES = ("**Shapes, with n_q ≠ n_k and d_v ≠ d_k.** Give your function fewer queries than keys, and values "
                "narrower than the keys: the output must have one row per query and be d_v wide.")
CHECK_KNOWN = ("**A known answer.** Inputs small enough to work the output out by hand, like this test; `attention` "
               "is your function, returning the output.")
SOURCE_INTRO = ("Every wrong table in sections 1 to 3 comes from one of these functions in `attn_core/mistakes.py`, "
                "the right ones from `scaled_dot_product_attention`; the quiz runs them too (with its mask when the "
                "mask mistakes are on), and takes the mask mistakes from `attn_core/mask_mistakes.py`, shown on the "
                "Mask mistakes page.")
CODE_INTRO = ("Your sentence's Q, K and V, then sections 1 to 3 in plain numpy: the code of the notebook below, which "
              "also checks its results against the page. The quiz is left out of both: its answer would be in them.")
SOURCES = (mk.softmax_over_queries, mk.scale_by_sqrt_d_model, mk.no_scale, mk.swap_q_and_k, mk.values_as_keys,
           mk.keys_as_values, mk.diagnose, mk.shape_check)


def main():
    shared = setup_page(__file__)
    st.title("Common mistakes")
    st.markdown(INTRO)
    st.latex(FORMULA)
    st.caption("Softmax runs over the keys: each row of the weights sums to 1.")
    inputs = load_inputs(shared)
    if len(inputs.labels) < 2:
        st.warning(ONE_TOKEN, icon=":material/short_text:")
        route_footer(__file__, shared)
        st.stop()
    Q, K, V = attn_core.project(inputs)  # one head: (n, d_model) each, d_k = d_v = d_model
    QKV_h = tuple(attn_core.split_heads(M, shared.heads) for M in (Q, K, V))  # (heads, n, d_k) each
    numbers = (shared.text, shared.seed, shared.d_model)  # what moves section 1's numbers, not its question
    answered = wrong_axis(inputs.labels, Q, K, V, numbers)  # 1. predict which sums to 1; the sums wait for it
    wrong_scale(inputs.labels, QKV_h, shared.d_model)       # 2. ÷ √d_model or ÷ 1 instead of ÷ √d_k, on your heads
    confused_roles(inputs.labels, Q, K, V, answered)        # 3. Q and K swapped, V as K, K as V, and the checks
    quiz(inputs.labels, QKV_h, shared.d_model, answered)    # spot the mistake, with the mask mistakes if you like
    take_it_home(shared, inputs, answered)                  # sections 1 to 3 in plain numpy, and as a notebook
    route_footer(__file__, shared)


def zmax_of(*Ms) -> float:
    """One colour range for twins, so that right and wrong can be compared by eye (NaN entries left out)."""
    finite = [np.abs(M[np.isfinite(M)]) for M in map(np.asarray, Ms)]
    return float(max((a.max() for a in finite if a.size), default=0.0)) or 1.0


def weights_table(M, title: str, labels, x_title: str = "key", y_title: str = "query", **options) -> dict:
    """A weight matrix (n_q, n_k) as a table's arguments, on the 0 … 1 scale every weights table shares."""
    return {"M": np.asarray(M, dtype=float), "title": title, "rows": list(labels), "cols": list(labels),
            "kind": "weights", "x_title": x_title, "y_title": y_title, **options}


def signed_table(M, title: str, labels, zmax: float, x_title: str = "value dimension", **options) -> dict:
    """A signed matrix (n, d) as a table's arguments, on ±zmax: twins are given one zmax."""
    cols = [f"d{c}" for c in range(np.shape(M)[1])]
    return {"M": np.asarray(M, dtype=float), "title": title, "rows": list(labels), "cols": cols, "kind": "signed",
            "zmax": zmax, "x_title": x_title, "y_title": "query", **options}


def draw(spec: dict, where=None, share: float = 1.0) -> None:
    """A table from its arguments (signed_table's, or the weights'); `share` is the page's width it gets on a
    laptop, as in attn_ui.tables.draw_matrix."""
    draw_matrix(**spec, where=where, share=share)


def side_by_side(specs, heading: str) -> None:
    """Twins under one heading, in one row of tables (attn_ui.tables.draw_row): side by side where they fit, one
    below the other on a phone."""
    st.markdown(f"**{heading}**")
    draw_row(specs)


def wrong_axis(labels, Q, K, V, numbers) -> bool:
    """1. Softmax over the queries. The learner predicts which lines sum to 1 before any sum of the wrong weights is
    shown, here or further down; True once answered (or skipped). Not a fragment: answering, or predicting again,
    redraws the sections that wait for it."""
    st.header("1. Softmax over the wrong axis")
    st.markdown(AXIS_INTRO)
    right, axis0 = mk.correct_attention(Q, K, V), mk.softmax_over_queries(Q, K, V)
    side_by_side([weights_table(right.weights, "right: softmax over keys", labels),
                  weights_table(axis0.weights, "WRONG: softmax over queries", labels)], "The weights")
    guess = predict("cp_axis", say.AXIS_QUESTION, options=list(mk.SUM_LINES), format_func=say.SUM_LABELS.get,
                    about=AXIS_ABOUT, numbers=numbers)
    if guess is None:
        return False  # the sums, and everything that gives them away, wait for the prediction
    right_sums = not guess.skipped and mk.sums_prediction_right(guess.value, axis0.weights)
    reveal(guess, right=right_sums, why=say.axis_reveal(axis0.weights))
    if not guess.skipped:  # in a class, the answer goes to the teacher's dashboard (nothing is sent otherwise)
        classroom.record("mistakes.axis", classroom.page_state(), guess.value, right_sums, checkpoint="cp_axis")
    for col, which, weights in zip(st.columns(2), ("right", "WRONG"), (right.weights, axis0.weights), strict=True):
        col.markdown(f"Sums, **{which}** weights")  # static tables: three narrow columns, no grid to step through
        col.table(pd.DataFrame(say.sums_columns(labels, weights)), hide_index=True)
    with st.expander("What it does to the outputs", icon=":material/functions:"):
        axis_outputs(labels, right, axis0)
    with st.expander("How to catch it", icon=":material/rule:"):
        st.markdown(AXIS_CATCH)
    return True


def axis_outputs(labels, right, axis0) -> None:
    """1b. The sums in words, then the right and axis-0 outputs on one colour scale and their difference."""
    st.markdown(say.row_and_column_sums(right.weights, axis0.weights))
    zmax = zmax_of(right.output, axis0.output, axis0.output - right.output)
    worst = mk.largest_change_row(right.output, axis0.output)  # outlined: the row the sentence names
    side_by_side([signed_table(right.output, "right: output = weights·V", labels, zmax, highlight_row=worst),
                  signed_table(axis0.output, "WRONG: output, axis 0", labels, zmax, highlight_row=worst)],
                 "The outputs, on one colour scale")
    c1, c2 = st.columns(2)  # their difference under them, beside the sentence that reads it
    draw(signed_table(axis0.output - right.output, "wrong − right output", labels, zmax, highlight_row=worst), c1,
         0.5)
    c2.markdown(say.largest_output_change(right, axis0, labels))


def scale_runs(QKV_h, d_model: int) -> list[tuple[str, attn_core.AttentionResult]]:
    """Section 2's computations on the heads: each scale mistake that changes the weights at this width, then the
    right one (÷ √d_k), by name."""
    runs = [(m.name, res) for m, res in mk.run_scale_mistakes(*QKV_h, d_model)]  # those that change the weights
    runs.append(("right", mk.correct_attention(*QKV_h)))
    return runs


def head_to_show(heads: int) -> int:
    """The head whose weights section 2 draws, counted from 0 (from 1 on screen and in the link)."""
    if heads == 1:
        return 0
    url_bound("head", 1, int, options=list(range(1, heads + 1)))
    return st.selectbox("Head to show", options=list(range(1, heads + 1)), key="head",
                        format_func=lambda k: f"head {k}") - 1


@st.fragment
def wrong_scale(labels, QKV_h, d_model: int) -> None:
    """2. Dividing by √d_model or by nothing instead of √d_k, on the learner's heads."""
    st.header("2. The wrong scale")
    heads, n, d_k = QKV_h[0].shape
    runs = scale_runs(QKV_h, d_model)
    entropy = {name: mk.mean_row_entropy(res.weights) for name, res in runs}  # over all heads
    st.markdown(say.scale_intro(d_model, heads, entropy))
    for note in say.scale_notes(d_model, heads, [mk.BY_NAME[name] for name, _ in runs[:-1]]):
        st.info(note, icon=":material/info:")
    h = head_to_show(heads)
    right_w = runs[-1][1].weights[h]
    st.markdown(f"**{say.head_weights_title(h)}**")
    # a column per run, its table with its numbers under it: in line on a screen, and on a phone each table is
    # followed by its own numbers
    for col, (name, res) in zip(st.columns(len(runs)), runs, strict=True):
        draw(weights_table(res.weights[h], say.scale_title(name, d_model, d_k), labels), col, 1 / len(runs))
        for label, measure in (("mean row entropy (nats)", mk.mean_row_entropy), ("mean largest weight",
                                                                                 mk.mean_max_weight)):
            value = measure(res.weights[h])
            change = value - measure(right_w)
            col.metric(label, say.sig(value), delta=say.against_right(name, change), delta_color="off",
                       delta_arrow="off" if name == "right" or change == 0 else "auto")
    with st.expander("What the numbers under the tables mean", icon=":material/help:"):
        st.markdown(say.scale_caption(h, n, heads))
    if runs[:-1] and st.toggle("Show the outputs, and how far each is from the right one", key="scale_outputs"):
        scale_outputs(labels, runs, d_model, d_k, entropy)
    with st.expander("How to catch it", icon=":material/rule:"):
        st.markdown(say.scale_diagnostic(QKV_h[0].shape, d_model))


def scale_outputs(labels, runs, d_model: int, d_k: int, entropy) -> None:
    """2b. The heads' outputs joined, each wrong one beside its difference from the right one."""
    outs = {name: attn_core.merge_heads(res.output) for name, res in runs}  # (heads, n, d_k) -> (n, d_model)
    right_out, wrong = outs["right"], [name for name, _ in runs[:-1]]
    zmax = zmax_of(*outs.values(), *(o - right_out for o in outs.values()))
    c1, c2 = st.columns(2)
    draw(signed_table(right_out, say.scale_output_title("right", d_model, d_k), labels, zmax), c1, 0.5)
    c2.markdown(say.scale_outputs(d_model, d_k, {name: np.abs(outs[name] - right_out).max() for name in wrong},
                                  entropy))
    st.markdown("**Each wrong output and its difference**")
    for name in wrong:  # a row each: the wrong output, then how far it is from the right one
        draw_row([signed_table(outs[name], say.scale_output_title(name, d_model, d_k), labels, zmax),
                  signed_table(outs[name] - right_out, say.scale_difference_title(name, d_model, d_k), labels, zmax)])


@st.fragment
def confused_roles(labels, Q, K, V, answered: bool) -> None:
    """3. Swapping Q and K, scoring against V, copying K: when each breaks something, and what catches it. Until
    section 1's prediction is answered, the checks leave out the wrong axis (its row sums would answer it)."""
    st.header("3. Confusing the roles")
    st.markdown(say.roles_intro(Q.shape[1]))
    right = mk.correct_attention(Q, K, V)
    checks = mk.role_checks(Q, K, V)  # row sums, shapes and the known answer on each mix-up
    swapped_q_and_k(labels, right, Q, K, V, next(c.shapes for c in checks if c.mistake.name == "swap_qk"))

    st.subheader("Using V in place of K when scoring")
    v_as_k = mk.values_as_keys(Q, K, V)
    side_by_side([weights_table(right.weights, "right: softmax(QKᵀ/√d_k)", labels),
                  weights_table(v_as_k.weights, "WRONG: softmax(QVᵀ/√d_k)", labels)], "Scored against K, then V")
    st.markdown(say.values_as_keys_text(right, v_as_k, mk.diagnose(right, v_as_k)))
    with st.expander("Why it still trains, and what it costs", icon=":material/model_training:"):
        st.markdown(say.VALUES_AS_KEYS_TRAINED)

    st.subheader("Using K in place of V as the values")
    k_as_v = mk.keys_as_values(Q, K, V)
    zmax = zmax_of(right.output, k_as_v.output)
    side_by_side([signed_table(right.output, "right: output = weights·V", labels, zmax),
                  signed_table(k_as_v.output, "WRONG: output = weights·K", labels, zmax)], "Copying V, then K")
    st.markdown(say.keys_as_values_text(right, k_as_v))
    with st.expander("Why it still trains, and what it costs", icon=":material/model_training:"):
        st.markdown(say.KEYS_AS_VALUES_TRAINED)
    with st.expander("How to catch them in your own code", icon=":material/rule:"):
        role_checks(checks if answered else [c for c in checks if c.mistake.name != "axis0"], answered)


def swapped_q_and_k(labels, right, Q, K, V, cross: mk.ShapeCheck) -> None:
    """3a. K Qᵀ in place of Q Kᵀ: harmless when training from scratch, wrong with loaded weights or cross-attention."""
    st.subheader("Swapping Q and K")
    swap = mk.swap_q_and_k(Q, K, V)
    zs, i = zmax_of(right.scores), say.swap_row(len(labels))  # row i: the one the folded sentence reads aloud
    asking, asked = {"x_title": "key j", "y_title": "query i (asking)"}, {"x_title": "query j (asking)",
                                                                          "y_title": "key i (being asked)"}
    scores = st.empty()  # each table its own row title (who is asking); the weights, when shown, under their scores
    pairs = [({"M": right.scores, "title": "right: scores QKᵀ", "rows": list(labels), "cols": list(labels),
               "zmax": zs, "highlight_row": i, **asking},
              {"M": swap.scores, "title": "WRONG: scores KQᵀ", "rows": list(labels), "cols": list(labels),
               "zmax": zs, "highlight_row": i, **asked})]
    if st.toggle("Show the weights from these scores", key="swap_weights"):
        pairs.append((weights_table(right.weights, "right: softmax(QKᵀ/√d_k)", labels, highlight_row=i, **asking),
                      weights_table(swap.weights, "WRONG: softmax(KQᵀ/√d_k)", labels, highlight_row=i, **asked)))
    with scores.container():
        for pair in pairs:
            draw_row(list(pair))
    st.markdown(say.swap_text(right, swap))
    with st.expander("When the swap breaks something, and cross-attention", icon=":material/call_split:"):
        st.markdown(say.swap_breaks(labels))
        st.markdown(say.cross_demo(len(labels), Q.shape[1], cross))


def role_checks(checks: Sequence[mk.RoleChecks], answered: bool) -> None:
    """3d. The three checks a learner can run on their own code, and which mistake each one catches here."""
    st.markdown(CHECK_ROWS)
    st.markdown(CHECK_SHAPES)
    n_q, d_v = checks[0].shapes.expected
    st.code(say.shape_test_code(n_q, d_v), language="python")
    st.markdown(CHECK_KNOWN)
    st.code(source(mk.known_answer_test), language="python")
    st.table(say.checks_table(checks), hide_index=True)
    if not answered:
        st.caption(AXIS_WAITS)
    st.markdown(say.shape_outcomes(checks))
    st.markdown(say.scale_known_answer({name: not mk.passes_known_answer(mk.BY_NAME[name])
                                        for name in mk.SCALE_MISTAKES}))


def new_question() -> None:
    st.session_state["quiz"] = (int(st.session_state["quiz"]) + 1) % (SEED_MAX + 1)
    st.session_state["quiz_answer"] = None


def clear_answer() -> None:
    st.session_state["quiz_answer"] = None


@st.fragment
def quiz(labels, QKV_h, d_model: int, answered: bool) -> None:
    """Spot the mistake: one drawn from the pool is run on the learner's heads, with a mask when the mask mistakes
    are in the pool; the learner names it from its symptoms. It waits for section 1's prediction, whose answer its
    checks and feedback would give away."""
    st.header("Spot the mistake")
    if not answered:
        st.info(QUIZ_WAITS, icon=":material/lock:")
        return
    heads, n, d_k = QKV_h[0].shape
    url_bound("masks", False, parse_bool)
    masked = st.toggle("Add the mask mistakes", key="masks", on_change=clear_answer,
                       help="Adds the masking bugs of the Mask mistakes page to the quiz. Every computation, the right "
                            "one included, is then given the one mask described below the switch.")
    st.markdown(say.quiz_intro(heads, masked))
    mask = mk.quiz_mask(n) if masked else None
    if masked:
        st.markdown(say.quiz_mask_text(labels, mask))
    pool = mm.masked_quiz_pool(*QKV_h, d_model, mask) if masked else mk.quiz_pool(d_model, d_k)
    url_bound("quiz", 0, lambda r: parse_int(r, 0, SEED_MAX, "quiz"))
    q1, q2 = st.columns([1, 3], vertical_alignment="bottom")
    seed = int(q1.number_input("Question number (the quiz's seed)", min_value=0, max_value=SEED_MAX, step=1,
                               key="quiz"))
    q2.button("New question", key="quiz_new", on_click=new_question, icon=":material/casino:")
    secret = mk.draw_mistake(seed, pool)
    right, mystery = mk.correct_attention(*QKV_h, mask), secret.run(*QKV_h, d_model)
    diag = mk.diagnose(right, mystery, mask)
    dm = mm.diagnose_mask(*QKV_h, mask, mystery) if masked else None
    blocked = None if mask is None else next((int(i) for i in np.flatnonzero(~mask.any(axis=-1))), None)  # sees no key
    quiz_tables(labels, right, mystery, masked, zmax_of(right.output, mystery.output), blocked)
    quiz_checks(QKV_h, mask, right, diag, dm)
    quiz_answer(pool, secret, diag, dm, d_model, d_k)


def quiz_tables(labels, right, mystery, masked: bool, zmax: float, blocked: int | None) -> None:
    """The mystery's head-1 weights and output beside the right (masked) computation's, outputs on one colour
    range; the fully blocked row outlined. A new question redraws only the mystery's tables unless the colour
    range has to grow. A masking bug's NaN prints as NaN."""
    right_out, mystery_out = attn_core.merge_heads(right.output), attn_core.merge_heads(mystery.output)
    weights_title, output_title = say.quiz_right_titles(masked)
    c1, c2 = st.columns(2)
    c1.markdown("**The right computation**")
    draw(weights_table(right.weights[0], weights_title, labels, highlight_row=blocked), c1, 0.5)
    draw(signed_table(right_out, output_title, labels, zmax, highlight_row=blocked), c1, 0.5)
    c2.markdown("**The mystery**")
    draw(weights_table(mystery.weights[0], "mystery: head 1 weights", labels, highlight_row=blocked), c2, 0.5)
    draw(signed_table(mystery_out, "mystery: output", labels, zmax, highlight_row=blocked), c2, 0.5)


def quiz_checks(QKV_h, mask, right, diag, dm) -> None:
    """The checks measured on the mystery computation and, for comparison, on the right one."""
    heads = QKV_h[0].shape[0]
    right_dm = None if dm is None else mm.diagnose_mask(*QKV_h, mask, right)
    mystery = say.quiz_readings(diag, dm)
    same = say.quiz_readings(mk.diagnose(right, right, mask), right_dm)  # the same checks on the right one
    with st.expander(say.checks_title(heads), icon=":material/troubleshoot:"):
        st.markdown(say.readings_table(mystery, same))  # a plain table: redrawn with every question, cheaply
        if dm is not None:
            st.caption(say.MASKED_READINGS_NOTE)


def quiz_answer(pool: Sequence[mk.Mistake], secret: mk.Mistake, diag, dm, d_model: int, d_k: int) -> None:
    """The learner names the mistake; the feedback explains the answer from the measured symptoms."""
    by_name = {m.name: m for m in pool}
    answer = st.radio("Which mistake made the mystery computation?", options=list(by_name), index=None,
                      key="quiz_answer", format_func=say.mistake_label)
    if st.button("Check my answer", key="quiz_check", icon=":material/check:"):
        if answer is None:
            st.warning("Pick one of the mistakes above first.", icon=":material/touch_app:")
            return
        ok, text = say.verdict(secret, by_name[answer], diag, d_model, d_k, dm)
        if ok:
            st.success(text, icon=":material/task_alt:")
        else:
            st.error(text, icon=":material/cancel:")


@st.cache_resource(show_spinner=False, max_entries=64)
def notebook_cells(text: str, seed: int, d_model: int, heads: int) -> list:
    """The notebook's cells for these shared settings, built once and handed back from then on (never change the
    list): every number in them follows from the four, so they are the key, not the arrays (hashing those cost
    more than a rerun's maths)."""
    inputs = attn_core.build_inputs(text, seed, d_model)  # as load_inputs builds them
    X, w = inputs.X, inputs.weights
    Q, K, V = attn_core.project(inputs)  # the page's one-head Q, K, V, then the same attn_core calls as sections 1-3
    QKV_h = tuple(attn_core.split_heads(M, heads) for M in (Q, K, V))
    right, axis0 = mk.correct_attention(Q, K, V), mk.softmax_over_queries(Q, K, V)
    shown_scale = {name: (res.weights, attn_core.merge_heads(res.output)) for name, res in scale_runs(QKV_h, d_model)}
    scale = {}  # a scale the page leaves out (it changes nothing at this width) is None in the notebook
    for name in ("right", "sqrt_d_model", "no_scale"):
        scale[f"scale_weights_{name}"], scale[f"scale_output_{name}"] = shown_scale.get(name, (None, None))
    return nbk.cells("mistakes", {"labels": nbk.names(inputs.labels), "X": X, "W_Q": w.W_Q, "W_K": w.W_K,
                                  "W_V": w.W_V, "heads": heads},
                     {"right_weights": right.weights, "right_output": right.output, "axis0_weights": axis0.weights,
                      "axis0_output": axis0.output, **scale, "swap_weights": mk.swap_q_and_k(Q, K, V).weights,
                      "v_as_k_weights": mk.values_as_keys(Q, K, V).weights,
                      "k_as_v_output": mk.keys_as_values(Q, K, V).output})


def take_it_home(shared, inputs, answered: bool) -> None:
    """Sections 1 to 3 as the page drew them (every head of section 2), in plain numpy: shown as code, and
    downloadable as a notebook. No control of theirs changes these numbers, so this is not a fragment. Both wait
    for section 1's prediction: the notebook prints the sums it asks about, and softmax_over_queries says them."""
    if not answered:
        st.caption(CODE_WAITS)
        return
    X, w = inputs.X, inputs.weights

    def cells():
        return notebook_cells(shared.text, shared.seed, shared.d_model, shared.heads)

    nbk.take_it_home(__file__, CODE_INTRO, cells, X.size + w.W_Q.size + w.W_K.size + w.W_V.size,
                     nbk.shared_settings(shared), sources=(SOURCE_INTRO, SOURCES))

main()
