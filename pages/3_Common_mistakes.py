"""Common mistakes: each bug's output next to the right one, on your own sentence, and a quiz to spot them."""

from collections.abc import Sequence

import numpy as np
import pandas as pd
import streamlit as st

import attn_core
from attn_core import mistakes as mk
from attn_core.mistake_text import CHECKS, Sentences
from attn_ui import format as fmt
from attn_ui.code import show_source
from attn_ui.data import load_inputs
from attn_ui.figures import matrix_figure
from attn_ui.params import SEED_MAX, parse_int
from attn_ui.state import setup_page, url_bound

INTRO = ("These are the bugs people actually write in their own attention code: softmax over the wrong "
         "dimension, dividing by d_model instead of d_k, and mixing up which matrix is the query. "
         "Each one below is computed on the same Q, K and V, built from your sentence, right beside the "
         "correct computation, so that you can learn to recognise your own bug by its symptoms.")
FORMULA = (r"\mathrm{Attention}(Q, K, V) = \mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d_k}}\right) V"
           r"\qquad \text{softmax over the keys: each row sums to 1}")
ONE_TOKEN = ("Your sentence has a single token. With one query and one key, every one of these mistakes still gives "
             "the weight 1, so there is nothing to compare. Type a sentence of at least two words in the sidebar.")
say = Sentences(fmt)


def main():
    shared = setup_page(__file__)
    st.title("Common mistakes")
    st.markdown(INTRO)
    st.latex(FORMULA)
    inputs = load_inputs(shared)
    if len(inputs.labels) < 2:
        st.warning(ONE_TOKEN, icon=":material/short_text:")
        st.stop()
    st.caption(say.setup_caption(shared.d_model, shared.heads))
    Q, K, V = attn_core.project(inputs)  # one head: (n, d_model) each, d_k = d_v = d_model
    QKV_h = tuple(attn_core.split_heads(M, shared.heads) for M in (Q, K, V))  # (heads, n, d_k) each
    axis0 = wrong_axis(inputs.labels, Q, K, V)
    wrong_scale(inputs.labels, QKV_h, shared.d_model)
    confused_roles(inputs.labels, Q, K, V, axis0)
    quiz(inputs.labels, QKV_h, shared.d_model, pool=mk.quiz_pool(shared.d_model, shared.d_k))
    show_source(mk.softmax_over_queries, mk.scale_by_sqrt_d_model, mk.no_scale, mk.swap_q_and_k, mk.values_as_keys,
                mk.keys_as_values, mk.diagnose,
                intro="Every wrong figure on this page comes from one of these functions in `attn_core/mistakes.py`; "
                      "the right ones from `scaled_dot_product_attention`.")


def zmax_of(*Ms) -> float:
    """One colour range for twins, so that right and wrong can be compared by eye."""
    return float(max(np.abs(M).max() for M in Ms)) or 1.0


def weights_fig(M, title, labels, x_title="key", y_title="query"):
    return matrix_figure(M, title, labels, labels, kind="weights", x_title=x_title, y_title=y_title)


def signed_fig(M, title, labels, zmax, x_title="value dimension"):
    cols = [f"d{c}" for c in range(np.shape(M)[1])]
    return matrix_figure(M, title, labels, cols, zmax=zmax, x_title=x_title, y_title="query")


def wrong_axis(labels, Q, K, V) -> attn_core.AttentionResult:
    """1. Softmax over the queries: columns sum to 1, rows do not. Returns the wrong result for section 3."""
    st.header("1. Softmax over the wrong axis")
    st.markdown("Softmax must normalise over the **keys** for each query: the last axis of QKᵀ. Writing "
                "`softmax(scores, axis=0)` normalises over the **queries** instead, down each column.")
    right, axis0 = mk.correct_attention(Q, K, V), mk.softmax_over_queries(Q, K, V)
    c1, c2 = st.columns(2)
    c1.plotly_chart(weights_fig(right.weights, "weights = softmax(QKᵀ/√d_k, axis=−1), right", labels),
                    key="fig_axis_right")
    c2.plotly_chart(weights_fig(axis0.weights, "weights, softmax over axis 0 (WRONG)", labels), key="fig_axis_wrong")
    sums = pd.DataFrame({
        "token": labels,
        "right: row sum": right.weights.sum(axis=-1), "right: column sum": right.weights.sum(axis=-2),
        "wrong: row sum": axis0.weights.sum(axis=-1), "wrong: column sum": axis0.weights.sum(axis=-2),
    })
    c1, c2 = st.columns([3, 2])
    c1.dataframe(sums, hide_index=True, key="table_sums",
                 column_config={c: st.column_config.NumberColumn(format="%.3f") for c in sums.columns[1:]})
    c2.markdown(say.row_and_column_sums(right.weights, axis0.weights))
    zmax = zmax_of(right.output, axis0.output, axis0.output - right.output)
    c1, c2 = st.columns(2)
    c1.plotly_chart(signed_fig(right.output, "output = weights·V, right", labels, zmax), key="fig_axis_out_right")
    c2.plotly_chart(signed_fig(axis0.output, "output, softmax over axis 0 (WRONG)", labels, zmax),
                    key="fig_axis_out_wrong")
    c1.plotly_chart(signed_fig(axis0.output - right.output, "wrong − right output", labels, zmax),
                    key="fig_axis_out_diff")
    c2.markdown(say.largest_output_change(right, axis0, labels))
    st.info("**Diagnostic:** check that each row of your weights sums to 1: "
            "`assert np.allclose(weights.sum(axis=-1), 1)`.", icon=":material/rule:")
    return axis0


def wrong_scale(labels, QKV_h, d_model: int) -> None:
    """2. Dividing by √d_model or by nothing instead of √d_k, on the learner's heads."""
    st.header("2. The wrong scale")
    heads, n, d_k = QKV_h[0].shape
    st.markdown(say.scale_intro(d_model, heads))
    runs = mk.run_scale_mistakes(*QKV_h, d_model)  # only the mistakes that change the weights at this width
    for note in say.scale_notes(d_model, heads, [m for m, _ in runs]):
        st.info(note, icon=":material/info:")
    runs = [(m.name, res) for m, res in runs] + [("right", mk.correct_attention(*QKV_h))]
    if heads > 1:
        # heads are counted from 1 on screen and in the link, as on the Masks and heads page
        url_bound("head", 1, int, options=list(range(1, heads + 1)))
        h = st.selectbox("Head to show", options=list(range(1, heads + 1)), key="head",
                         format_func=lambda k: f"head {k}") - 1
    else:
        h = 0
    st.caption(say.scale_caption(h, n, heads))
    right_h = runs[-1][1]
    outs = {name: attn_core.merge_heads(res.output) for name, res in runs}  # (heads, n, d_k) -> (n, d_model)
    right_out = outs["right"]
    zmax = zmax_of(*outs.values(), *(o - right_out for o in outs.values()))
    right_H, right_top = mk.mean_row_entropy(right_h.weights[h]), mk.mean_max_weight(right_h.weights[h])
    for col, (name, res) in zip(st.columns(len(runs)), runs, strict=True):
        title = say.scale_title(name, d_model, d_k)
        col.plotly_chart(weights_fig(res.weights[h], f"weights {title}", labels), key=f"fig_scale_w_{name}")
        H, top = mk.mean_row_entropy(res.weights[h]), mk.mean_max_weight(res.weights[h])
        for label, value, right_value in (("mean row entropy (nats)", H, right_H), ("mean largest weight", top,
                                                                                    right_top)):
            right = name == "right"
            col.metric(label, fmt.num(value, 3), delta="the right one" if right else
                       f"{value - right_value:+.3f} vs √d_k", delta_color="off",
                       delta_arrow="off" if right else "auto")
    st.markdown("**The outputs**, on one colour scale with their differences from the right one:")
    c1, c2 = st.columns(2)
    c1.plotly_chart(signed_fig(right_out, f"output {say.scale_title('right', d_model, d_k)}", labels, zmax),
                    key="fig_scale_out_right")
    wrong = [name for name, _ in runs[:-1]]
    c2.markdown(say.scale_outputs(d_model, d_k, {name: np.abs(outs[name] - right_out).max() for name in wrong}))
    for name in wrong:
        c1, c2 = st.columns(2)
        c1.plotly_chart(signed_fig(outs[name], f"output {say.scale_title(name, d_model, d_k)}", labels, zmax),
                        key=f"fig_scale_out_{name}")
        c2.plotly_chart(signed_fig(outs[name] - right_out, f"output(÷{say.scale_divisor(name, d_model, d_k)}) − "
                                   f"output(÷√{d_k})", labels, zmax), key=f"fig_scale_diff_{name}")
    st.info(say.scale_diagnostic(QKV_h[0].shape, d_model), icon=":material/rule:")


def confused_roles(labels, Q, K, V, axis0) -> None:
    """3. Swapping Q and K, scoring against V, copying K: one head, d_k = d_v = d_model."""
    st.header("3. Confusing the roles")
    st.markdown("**Queries and keys decide the weights; values decide what gets copied.** Each mix-up below "
                f"breaks one half of that sentence. Back to one head: d_k = d_v = d_model = {Q.shape[1]}.")
    right = mk.correct_attention(Q, K, V)

    st.subheader("Swapping Q and K")
    swap = mk.swap_q_and_k(Q, K, V)
    zs = zmax_of(right.scores)
    c1, c2 = st.columns(2)
    c1.plotly_chart(matrix_figure(right.scores, "scores = QKᵀ, right", labels, labels, zmax=zs,
                                  x_title="key j", y_title="query i (asking)"), key="fig_swap_scores_right")
    c2.plotly_chart(matrix_figure(swap.scores, "scores = KQᵀ, Q and K swapped (WRONG)", labels, labels, zmax=zs,
                                  x_title="query j (asking)", y_title="key i (being asked)"),
                    key="fig_swap_scores_wrong")
    c1.plotly_chart(weights_fig(right.weights, "weights = softmax(QKᵀ/√d_k), right", labels, "key j",
                                "query i (asking)"), key="fig_swap_w_right")
    c2.plotly_chart(weights_fig(swap.weights, "weights = softmax(KQᵀ/√d_k), Q and K swapped (WRONG)", labels,
                                "query j (asking)", "key i (being asked)"), key="fig_swap_w_wrong")
    st.markdown(say.swap_text(right, swap, axis0, labels))

    st.subheader("Using V in place of K when scoring")
    v_as_k = mk.values_as_keys(Q, K, V)
    c1, c2 = st.columns(2)
    c1.plotly_chart(weights_fig(right.weights, "weights = softmax(QKᵀ/√d_k), right", labels), key="fig_vk_right")
    c2.plotly_chart(weights_fig(v_as_k.weights, "weights = softmax(QVᵀ/√d_k), V used as keys (WRONG)", labels),
                    key="fig_vk_wrong")
    st.markdown(say.values_as_keys_text(right, v_as_k, mk.diagnose(right, v_as_k)))

    st.subheader("Using K in place of V as the values")
    k_as_v = mk.keys_as_values(Q, K, V)
    zmax = zmax_of(right.output, k_as_v.output)
    c1, c2 = st.columns(2)
    c1.plotly_chart(signed_fig(right.output, "output = weights·V, right", labels, zmax), key="fig_kv_right")
    c2.plotly_chart(signed_fig(k_as_v.output, "output = weights·K, K used as values (WRONG)", labels, zmax),
                    key="fig_kv_wrong")
    st.markdown(say.keys_as_values_text(right, k_as_v))
    st.success("**Remember:** queries and keys decide the weights; values decide what gets copied.",
               icon=":material/lightbulb:")


def new_question() -> None:
    st.session_state["quiz"] = (int(st.session_state["quiz"]) + 1) % (SEED_MAX + 1)
    st.session_state["quiz_answer"] = None


def quiz(labels, QKV_h, d_model: int, pool: Sequence[mk.Mistake]) -> None:
    """Spot the mistake: one drawn from `pool` is run on the learner's heads; the learner names it."""
    st.header("Spot the mistake")
    heads = QKV_h[0].shape[0]
    st.markdown(say.quiz_intro(heads))
    url_bound("quiz", 0, lambda r: parse_int(r, 0, SEED_MAX, "quiz"))
    q1, q2 = st.columns([1, 3], vertical_alignment="bottom")
    seed = int(q1.number_input("Question number (the quiz's seed)", min_value=0, max_value=SEED_MAX, step=1,
                               key="quiz"))
    q2.button("New question", key="quiz_new", on_click=new_question, icon=":material/casino:")
    secret = mk.draw_mistake(seed, pool)
    right, mystery = mk.correct_attention(*QKV_h), secret.run(*QKV_h, d_model)
    diag = mk.diagnose(right, mystery)

    right_out, mystery_out = attn_core.merge_heads(right.output), attn_core.merge_heads(mystery.output)
    zmax = zmax_of(right_out, mystery_out)
    c1, c2 = st.columns(2)
    c1.plotly_chart(weights_fig(right.weights[0], "head 1 weights = softmax(QKᵀ/√d_k), right", labels),
                    key="fig_quiz_w_right")
    c2.plotly_chart(weights_fig(mystery.weights[0], "head 1 weights, mystery computation", labels),
                    key="fig_quiz_w_mystery")
    c1.plotly_chart(signed_fig(right_out, "output, right", labels, zmax), key="fig_quiz_out_right")
    c2.plotly_chart(signed_fig(mystery_out, "output, mystery computation", labels, zmax), key="fig_quiz_out_mystery")
    with st.expander("The checks, measured on the mystery computation (all heads)", icon=":material/troubleshoot:"):
        checks = pd.DataFrame({"check": CHECKS, "mystery": say.readings(diag),
                               "right": say.readings(mk.diagnose(right, right))})  # the same checks on the right one
        st.dataframe(checks, hide_index=True, key="table_checks")

    by_name = {m.name: m for m in pool}
    answer = st.radio("Which mistake made the mystery computation?", options=list(by_name), index=None,
                      key="quiz_answer", format_func=lambda name: by_name[name].label)
    if st.button("Check my answer", key="quiz_check", icon=":material/check:"):
        if answer is None:
            st.warning("Pick one of the mistakes above first.", icon=":material/touch_app:")
            return
        ok, text = say.verdict(secret, by_name[answer], diag)
        if ok:
            st.success(text, icon=":material/task_alt:")
        else:
            st.error(text, icon=":material/cancel:")


main()
