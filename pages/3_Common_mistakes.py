"""Common mistakes: each bug's output next to the right one, on your own sentence, and a quiz to spot them."""

import numpy as np
import pandas as pd
import streamlit as st

import attn_core
from attn_core import mistakes as mk
from attn_ui.code import show_source
from attn_ui.data import load_inputs
from attn_ui.figures import matrix_figure
from attn_ui.format import gap, num
from attn_ui.params import SEED_MAX, parse_int
from attn_ui.state import setup_page, url_bound

shared = setup_page(__file__)

st.title("Common mistakes")
st.markdown(
    "These are the bugs people actually write in their own attention code: softmax over the wrong "
    "dimension, dividing by d_model instead of d_k, and mixing up which matrix is the query. "
    "Each one below is computed on the same Q, K and V, built from your sentence, right beside the "
    "correct computation, so that you can learn to recognise your own bug by its symptoms."
)
st.latex(r"\mathrm{Attention}(Q, K, V) = \mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d_k}}\right) V"
         r"\qquad \text{softmax over the keys: each row sums to 1}")

inputs = load_inputs(shared)
labels = inputs.labels
n, d_model = inputs.X.shape
heads, d_k_heads = shared.heads, shared.d_k
if n < 2:
    st.warning("Your sentence has a single token. With one query and one key, every one of these mistakes "
               "still gives the weight 1, so there is nothing to compare. Type a sentence of at least two "
               "words in the sidebar.", icon=":material/short_text:")
    st.stop()

w = inputs.weights
Q, K, V = inputs.X @ w.W_Q, inputs.X @ w.W_K, inputs.X @ w.W_V  # (n, d_model) each: one head, d_k = d_model
right = mk.correct_attention(Q, K, V)
dims = [f"d{c}" for c in range(d_model)]
st.caption(f"Sections 1 and 3 use a single head, as on the home page: Q = X·W_Q with d_k = d_v = d_model = "
           f"{d_model}. Section 2 and the quiz split Q, K and V into your {heads} head"
           f"{'s' if heads > 1 else ''} of width d_k = {d_k_heads}, because the wrong scale only shows with heads.")


def zmax_of(*Ms) -> float:
    """One colour range for twins, so that right and wrong can be compared by eye."""
    return float(max(np.abs(M).max() for M in Ms)) or 1.0


def weights_fig(M, title, x_title="key", y_title="query"):
    return matrix_figure(M, title, labels, labels, kind="weights", x_title=x_title, y_title=y_title)


def signed_fig(M, title, zmax, cols=dims, x_title="value dimension"):
    return matrix_figure(M, title, labels, cols, zmax=zmax, x_title=x_title, y_title="query")


def scores_kind(d: mk.Diagnosis) -> str:
    """Whether a computation's scores are QKᵀ, its transpose, or neither, as measured."""
    return "equal QKᵀ" if d.scores_same else "equal (QKᵀ)ᵀ" if d.scores_transposed else "are neither QKᵀ nor its transpose"


def spread(values) -> str:
    """'from a to b' for a vector of sums, or 'all a' when they agree to three decimals."""
    lo, hi = num(np.min(values), 3), num(np.max(values), 3)
    return f"all {lo}" if lo == hi else f"from {lo} to {hi}"


# ---------------------------------------------------------------------------------------------------------
st.header("1. Softmax over the wrong axis")
st.markdown("Softmax must normalise over the **keys** for each query: the last axis of QKᵀ. Writing "
            "`softmax(scores, axis=0)` normalises over the **queries** instead, down each column.")
axis0 = mk.softmax_over_queries(Q, K, V)
c1, c2 = st.columns(2)
c1.plotly_chart(weights_fig(right.weights, "weights = softmax(QKᵀ/√d_k, axis=−1), right"), key="fig_axis_right")
c2.plotly_chart(weights_fig(axis0.weights, "weights, softmax over axis 0 (WRONG)"), key="fig_axis_wrong")
sums = pd.DataFrame({
    "token": labels,
    "right: row sum": right.weights.sum(axis=-1), "right: column sum": right.weights.sum(axis=-2),
    "wrong: row sum": axis0.weights.sum(axis=-1), "wrong: column sum": axis0.weights.sum(axis=-2),
})
c1, c2 = st.columns([3, 2])
c1.dataframe(sums, hide_index=True, key="table_sums",
             column_config={c: st.column_config.NumberColumn(format="%.3f") for c in sums.columns[1:]})
c2.markdown(f"**Right:** the row sums are {spread(sums['right: row sum'])}; the column sums are "
            f"{spread(sums['right: column sum'])}, and nothing asks them to be 1.\n\n"
            f"**Wrong:** the column sums are {spread(sums['wrong: column sum'])}, but the row sums are "
            f"{spread(sums['wrong: row sum'])}. A query's output is then not an average of the values: "
            "a row summing to more than 1 gets more than one value's worth, a row below 1 gets less.")
zmax = zmax_of(right.output, axis0.output, axis0.output - right.output)
c1, c2 = st.columns(2)
c1.plotly_chart(signed_fig(right.output, "output = weights·V, right", zmax), key="fig_axis_out_right")
c2.plotly_chart(signed_fig(axis0.output, "output, softmax over axis 0 (WRONG)", zmax), key="fig_axis_out_wrong")
c1.plotly_chart(signed_fig(axis0.output - right.output, "wrong − right output", zmax), key="fig_axis_out_diff")
diff = np.abs(axis0.output - right.output)  # (n, d_v)
worst = int(np.argmax(diff.max(axis=1)))  # the query whose output moved most
c2.markdown(f"The largest difference, {num(diff.max(), 3)}, is in row **{labels[worst]}**, whose wrong weights sum "
            f"to {num(axis0.weights[worst].sum(), 3)} instead of 1. All three output figures share one colour scale.")
st.info("**Diagnostic:** check that each row of your weights sums to 1: "
        "`assert np.allclose(weights.sum(axis=-1), 1)`.", icon=":material/rule:")

# ---------------------------------------------------------------------------------------------------------
st.header("2. The wrong scale")
mha = attn_core.multi_head_attention(inputs.X, w.W_Q, w.W_K, w.W_V, heads)  # no W_O: output = heads side by side
Q_h, K_h, V_h = mha.Q_heads, mha.K_heads, mha.V_heads  # (heads, n, d_k) each
d_k = Q_h.shape[-1]
st.markdown(f"Split into heads, each head's queries and keys are d_k = d_model / heads = {d_model} / {heads} = "
            f"**{d_k}** wide, so the right divisor is √d_k = √{d_k} = {num(np.sqrt(d_k), 3)}. With several heads, "
            f"dividing by √d_model = √{d_model} = {num(np.sqrt(d_model), 3)} makes the weights too flat; not "
            "dividing at all makes them too peaked.")
variants = [("none", "÷ 1, no scale (WRONG)", mk.no_scale(Q_h, K_h, V_h), "1")]
if d_k == d_model:
    st.info(f"With heads = {heads}, d_k = d_model = {d_model}, so √d_model and √d_k are the same number and "
            "dividing by either gives the same weights: there is no difference to show. Raise **heads** in "
            "the sidebar to 2 or more to see the √d_model mistake.", icon=":material/info:")
else:
    variants.append(("dmodel", f"÷ √d_model = √{d_model} (WRONG)",
                     mk.scale_by_sqrt_d_model(Q_h, K_h, V_h, d_model), f"√{d_model}"))
if d_k == 1:
    st.info("Here d_k = 1, so √d_k = 1 and leaving the scale out happens to give the right weights. "
            "Choose a larger d_model or fewer heads to see the no-scale mistake.", icon=":material/info:")
    variants = variants[1:]
right_h = mk.correct_attention(Q_h, K_h, V_h)
variants.append(("right", f"÷ √d_k = √{d_k}, right", right_h, f"√{d_k}"))

if heads > 1:
    # heads are counted from 1 on screen and in the link, as on the Masks and heads page
    url_bound("head", 1, int, options=list(range(1, heads + 1)))
    h = st.selectbox("Head to show", options=list(range(1, heads + 1)), key="head",
                     format_func=lambda k: f"head {k}") - 1
else:
    h = 0
st.caption(f"The weights and the two numbers under them are for head {h + 1}; the entropy of a row is ln n = "
           f"{num(np.log(n), 3)} nats when it is flat and 0 when all weight is on one key. "
           + (f"The outputs join all {heads} heads side by side (no W_O here)." if heads > 1 else
              "The output is the one head's output (no W_O here)."))
right_out = attn_core.merge_heads(right_h.output)  # (heads, n, d_k) -> (n, d_model)
outs = {key: attn_core.merge_heads(res.output) for key, _, res, _ in variants}
zmax = zmax_of(*outs.values(), *(o - right_out for o in outs.values()))
right_H, right_top = mk.mean_row_entropy(right_h.weights[h]), mk.mean_max_weight(right_h.weights[h])
for col, (key, title, res, div) in zip(st.columns(len(variants)), variants):
    col.plotly_chart(weights_fig(res.weights[h], f"weights {title}"), key=f"fig_scale_w_{key}")
    H, top = mk.mean_row_entropy(res.weights[h]), mk.mean_max_weight(res.weights[h])
    m1, m2 = col.columns(2)
    delta = "the right one" if key == "right" else f"{H - right_H:+.3f} vs √d_k"
    m1.metric("mean row entropy (nats)", num(H, 3), delta=delta, delta_color="off", delta_arrow="off"
              if key == "right" else "auto")
    delta = "the right one" if key == "right" else f"{top - right_top:+.3f} vs √d_k"
    m2.metric("mean largest weight", num(top, 3), delta=delta, delta_color="off", delta_arrow="off"
              if key == "right" else "auto")
st.markdown("**The outputs**, on one colour scale with their differences from the right one:")
c1, c2 = st.columns(2)
c1.plotly_chart(signed_fig(right_out, f"output {variants[-1][1]}", zmax), key="fig_scale_out_right")
c2.markdown("Against this right output, "
            + " and ".join(f"the output {title.removesuffix(' (WRONG)')} is off by up to "
                           f"{num(np.abs(outs[key] - right_out).max(), 3)}" for key, title, _, _ in variants[:-1])
            + ". Too peaked leans each query toward its single best-matching value; too flat pulls every query "
            "toward the plain average of the values.")
for key, title, res, div in variants[:-1]:
    c1, c2 = st.columns(2)
    c1.plotly_chart(signed_fig(outs[key], f"output {title}", zmax), key=f"fig_scale_out_{key}")
    c2.plotly_chart(signed_fig(outs[key] - right_out, f"output(÷{div}) − output(÷√{d_k})", zmax),
                    key=f"fig_scale_diff_{key}")
st.info(f"**Diagnostic:** d_k is the width of one head's query, `Q.shape[-1]` after the split. Here the split "
        f"Q has shape {tuple(Q_h.shape)}, so d_k = {d_k}"
        + (f", not d_model = {d_model}." if d_k != d_model else "."), icon=":material/rule:")

# ---------------------------------------------------------------------------------------------------------
st.header("3. Confusing the roles")
st.markdown("**Queries and keys decide the weights; values decide what gets copied.** Each mix-up below "
            f"breaks one half of that sentence. Back to one head: d_k = d_v = d_model = {d_model}.")

st.subheader("Swapping Q and K")
swap = mk.swap_q_and_k(Q, K, V)
i = min(1, n - 1)
zs = zmax_of(right.scores)
c1, c2 = st.columns(2)
c1.plotly_chart(matrix_figure(right.scores, "scores = QKᵀ, right", labels, labels, zmax=zs,
                              x_title="key j", y_title="query i (asking)"), key="fig_swap_scores_right")
c2.plotly_chart(matrix_figure(swap.scores, "scores = KQᵀ, Q and K swapped (WRONG)", labels, labels, zmax=zs,
                              x_title="query j (asking)", y_title="key i (being asked)"), key="fig_swap_scores_wrong")
c1.plotly_chart(weights_fig(right.weights, "weights = softmax(QKᵀ/√d_k), right", "key j", "query i (asking)"),
                key="fig_swap_w_right")
c2.plotly_chart(weights_fig(swap.weights, "weights = softmax(KQᵀ/√d_k), Q and K swapped (WRONG)",
                            "query j (asking)", "key i (being asked)"), key="fig_swap_w_wrong")
st.markdown(
    f"Cell (i, j) of KQᵀ is kᵢ·qⱼ, so the wrong scores are exactly the right ones transposed (largest gap "
    f"{gap(np.abs(swap.scores - right.scores.T).max())}). In the right matrix, row **{labels[i]}** is "
    f"{labels[i]}'s query asking every key. In the wrong one, row **{labels[i]}** is {labels[i]}'s key being "
    f"scored against every token's query: {labels[i]} is no longer asking, it is being asked about. Softmax "
    "still runs along the rows, so the wrong weights are the transpose of the axis-0 weights from section 1 "
    f"(largest gap {gap(np.abs(swap.weights - axis0.weights.T).max())}), not of the right weights "
    f"(largest gap {num(np.abs(swap.weights - right.weights.T).max(), 3)}): the rows still sum to 1, so the "
    "row-sum check will not catch this one. Compare your scores with their transpose instead."
)

st.subheader("Using V in place of K when scoring")
v_as_k = mk.values_as_keys(Q, K, V)
c1, c2 = st.columns(2)
c1.plotly_chart(weights_fig(right.weights, "weights = softmax(QKᵀ/√d_k), right"), key="fig_vk_right")
c2.plotly_chart(weights_fig(v_as_k.weights, "weights = softmax(QVᵀ/√d_k), V used as keys (WRONG)"),
                key="fig_vk_wrong")
st.markdown(
    "Now the content to be copied also decides where to look: W_K no longer plays any part, so training it "
    f"would change nothing. The rows still sum to 1 (largest gap {gap(np.abs(v_as_k.weights.sum(-1) - 1).max())}), "
    f"but the weights differ from the right ones by up to {num(np.abs(v_as_k.weights - right.weights).max(), 3)}, "
    f"and the scores {scores_kind(mk.diagnose(right, v_as_k))}."
)

st.subheader("Using K in place of V as the values")
k_as_v = mk.keys_as_values(Q, K, V)
zmax = zmax_of(right.output, k_as_v.output)
c1, c2 = st.columns(2)
c1.plotly_chart(signed_fig(right.output, "output = weights·V, right", zmax), key="fig_kv_right")
c2.plotly_chart(signed_fig(k_as_v.output, "output = weights·K, K used as values (WRONG)", zmax), key="fig_kv_wrong")
st.markdown(
    f"The weights are exactly right (largest gap {gap(np.abs(k_as_v.weights - right.weights).max())}): "
    "every query looks at the right tokens. But it copies their keys, \"what I contain\", instead of their "
    f"values, \"what I pass along\", so the output is off by up to {num(np.abs(k_as_v.output - right.output).max(), 3)}. "
    "A weights plot will look perfect; only the output shows it."
)
st.success("**Remember:** queries and keys decide the weights; values decide what gets copied.",
           icon=":material/lightbulb:")

# ---------------------------------------------------------------------------------------------------------
st.header("Spot the mistake")
st.markdown(f"One of the mistakes above was made on your {heads}-head Q, K and V. Compare it with the right "
            "computation, use the checks from the sections above, and name it.")
pool = mk.quiz_pool(d_model, d_k)


def new_question() -> None:
    st.session_state["quiz"] = (int(st.session_state["quiz"]) + 1) % (SEED_MAX + 1)
    st.session_state["quiz_answer"] = None


url_bound("quiz", 0, lambda r: parse_int(r, 0, SEED_MAX, "quiz"))
q1, q2 = st.columns([1, 3], vertical_alignment="bottom")
seed = int(q1.number_input("Question number (the quiz's seed)", min_value=0, max_value=SEED_MAX, step=1,
                           key="quiz"))
q2.button("New question", key="quiz_new", on_click=new_question, icon=":material/casino:")
secret = mk.draw_mistake(seed, pool)
mystery = mk.BY_NAME[secret].run(Q_h, K_h, V_h, d_model)
diag = mk.diagnose(right_h, mystery)

right_out, mystery_out = attn_core.merge_heads(right_h.output), attn_core.merge_heads(mystery.output)
zmax = zmax_of(right_out, mystery_out)
c1, c2 = st.columns(2)
c1.plotly_chart(weights_fig(right_h.weights[0], "head 1 weights = softmax(QKᵀ/√d_k), right"), key="fig_quiz_w_right")
c2.plotly_chart(weights_fig(mystery.weights[0], "head 1 weights, mystery computation"), key="fig_quiz_w_mystery")
c1.plotly_chart(signed_fig(right_out, "output, right", zmax), key="fig_quiz_out_right")
c2.plotly_chart(signed_fig(mystery_out, "output, mystery computation", zmax), key="fig_quiz_out_mystery")

with st.expander("The checks, measured on the mystery computation (all heads)", icon=":material/troubleshoot:"):
    def readings(d: mk.Diagnosis) -> list[str]:
        yes = {True: "yes", False: "no"}
        return [num(d.row_sum_gap, 3), num(d.col_sum_gap, 3), yes[d.scores_same], yes[d.scores_transposed],
                yes[d.weights_same], num(d.mean_entropy, 3), num(d.mean_max_weight, 3), num(d.output_gap, 3)]

    checks = pd.DataFrame({
        "check": ["largest |row sum − 1|", "largest |column sum − 1|", "scores equal QKᵀ",
                  "scores equal (QKᵀ)ᵀ", "weights equal the right weights", "mean row entropy (nats)",
                  "mean largest weight", "largest |output − right output|"],
        "mystery": readings(diag),
        "right": readings(mk.diagnose(right_h, right_h)),  # the same checks run on the right computation
    })
    st.dataframe(checks, hide_index=True, key="table_checks")

answer = st.radio("Which mistake made the mystery computation?", options=pool, index=None, key="quiz_answer",
                  format_func=lambda name: mk.BY_NAME[name].label)


def symptom(name: str) -> str:
    """What this mistake does to the checks, and what the checks measured here."""
    d = diag
    if name == "axis0":
        return (f"softmax over the queries makes every column sum to 1 and leaves the rows unnormalised; here the "
                f"largest |row sum − 1| is {num(d.row_sum_gap, 3)} and the largest |column sum − 1| is "
                f"{num(d.col_sum_gap, 3)}.")
    if name == "swap_qk":
        return (f"swapping Q and K makes the scores the exact transpose of QKᵀ; here they "
                f"{'are' if d.scores_transposed else 'are not'}.")
    if name == "v_as_k":
        return (f"scoring against V keeps the rows summing to 1 but gives scores that are neither QKᵀ nor its "
                f"transpose; here the scores {scores_kind(d)}, and the largest |row sum − 1| is {gap(d.row_sum_gap)}.")
    if name == "k_as_v":
        return (f"copying K instead of V leaves the weights exactly right and changes only the output; here the "
                f"weights {'are' if d.weights_same else 'are not'} identical and the output differs by up to "
                f"{num(d.output_gap, 3)}.")
    direction = "lower" if name == "no_scale" else "higher"
    how = "more peaked" if name == "no_scale" else "flatter"
    return (f"a wrong divisor keeps the scores equal to QKᵀ but makes the weights {how}, with a mean row entropy "
            f"{direction} than the right one; here the scores {'equal' if d.scores_same else 'do not equal'} QKᵀ "
            f"and the mean row entropy is {num(d.mean_entropy, 3)} against the right {num(d.right_mean_entropy, 3)}.")


def named(name: str) -> str:
    """A mistake's label inside a sentence: 'no scaling at all', but 'Q and K swapped' keeps its capitals."""
    label = mk.BY_NAME[name].label
    return label[0].lower() + label[1:] if label[1:2].islower() else label


if st.button("Check my answer", key="quiz_check", icon=":material/check:"):
    if answer is None:
        st.warning("Pick one of the mistakes above first.", icon=":material/touch_app:")
    elif answer == secret:
        st.success(f"Right: it is **{named(secret)}**. Why: {symptom(secret)}",
                   icon=":material/task_alt:")
    else:
        st.error(f"Not this time: it is **{named(secret)}**, because {symptom(secret)} "
                 f"You picked {named(answer)}: {symptom(answer)}", icon=":material/cancel:")

show_source(mk.softmax_over_queries, mk.scale_by_sqrt_d_model, mk.no_scale, mk.swap_q_and_k, mk.values_as_keys,
            mk.keys_as_values, mk.diagnose,
            intro="Every wrong figure on this page comes from one of these functions in `attn_core/mistakes.py`; "
                  "the right ones from `scaled_dot_product_attention`.")
