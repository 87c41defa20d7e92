"""Masks and heads: which query→key pairs may attend at all, and what several heads change."""

import numpy as np
import pandas as pd
import streamlit as st

import attn_core
from attn_core import masks
from attn_ui.code import show_source
from attn_ui.data import load_inputs
from attn_ui.figures import matrix_figure
from attn_ui.format import gap as fmt_gap
from attn_ui.format import num
from attn_ui.state import set_url, setup_page, url_bound

shared = setup_page(__file__)
ss = st.session_state

st.title("Masks and heads")
st.markdown(
    "Masks decide which pairs are allowed at all. Before the softmax, every blocked query→key pair gets "
    "the score −∞, so its weight is exactly 0 and each row shares its weight among the keys that are left. "
    "Several heads run this same attention side by side, each on its own slice of Q, K and V, "
    "and the mask applies to every head."
)
st.latex(r"\mathrm{Attention}(Q, K, V) = \mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d_k}} + M\right) V,"
         r"\qquad M_{ij} = \begin{cases} 0 & \text{query } i \text{ may attend to key } j \\"
         r" -\infty & \text{blocked} \end{cases}")

inputs = load_inputs(shared)
labels = inputs.labels
n, d_model = inputs.X.shape
w = inputs.weights
heads = shared.heads

# ---------------------------------------------------------------- the mask
st.header("1. Choose a mask")
MASK_LABELS = {"none": "None: every pair", "causal": "Causal: itself and what came before",
               "padding": "Padding: trailing tokens", "custom": "Custom: your own grid"}
url_bound("mask", "causal", str, options=list(masks.MASK_KINDS))
kind = st.radio("Which query→key pairs may attend?", options=masks.MASK_KINDS, key="mask",
                format_func=MASK_LABELS.get, horizontal=True)

n_padded = 0
custom = None
if kind == "none":
    st.caption("Every query may attend to every key, itself included: this is the plain attention of the home page.")
elif kind == "causal":
    st.caption("Each token sees itself and the tokens before it, never the ones after: a model that writes "
               "text one token at a time must not peek at words it has not written yet.")
elif kind == "padding":
    url_bound("pad", 1 if n > 1 else 0, int, options=list(range(n + 1)))
    n_padded = st.select_slider("How many trailing tokens are padding?", options=list(range(n + 1)), key="pad")
    pad_names = ", ".join(labels[j] for j in masks.padded_keys(n, n_padded)) or "none"
    st.caption("In a batch, shorter sentences are filled up at the end with a filler token so that all have the "
               f"same length. No query should take anything from the filler, so its key columns are blocked. "
               f"Padded keys here: {pad_names}.")
else:
    url_bound("custom", masks.encode_mask(np.ones((n, n), dtype=bool)),
              lambda text: masks.encode_mask(masks.parse_mask(text)))
    custom = masks.parse_mask(ss["custom"])
    if custom.shape[0] != n:
        m = custom.shape[0]
        custom = masks.fit_mask(custom, n)
        ss["custom"] = masks.encode_mask(custom)
        st.info(f"Your custom mask was {m} × {m} but your sentence has {n} tokens, so it is now {n} × {n}"
                f"{' (the new pairs are allowed)' if n > m else ''}.", icon=":material/aspect_ratio:")

    def _use_preset(pattern: np.ndarray) -> None:
        ss["custom"] = masks.encode_mask(pattern)
        ss["custom_rev"] = ss.get("custom_rev", 0) + 1  # a fresh editor, so old ticks do not reapply

    st.caption("Tick a box to let that query (row) attend to that key (column); untick it to block the pair.")
    b1, b2, b3, _ = st.columns([1, 1, 1, 2])
    b1.button("Allow every pair", key="preset_all", on_click=_use_preset, args=(np.ones((n, n), dtype=bool),))
    b2.button("Start from causal", key="preset_causal", on_click=_use_preset, args=(attn_core.causal_mask(n),))
    b3.button("Block every pair", key="preset_none", on_click=_use_preset, args=(np.zeros((n, n), dtype=bool),))
    grid = pd.DataFrame(custom, index=pd.Index(labels, name="query ↓ / key →"), columns=labels)
    edited = st.data_editor(
        grid, key=f"custom_editor_{ss.get('custom_rev', 0)}", num_rows="fixed",
        column_config={lab: st.column_config.CheckboxColumn(lab, width="small") for lab in labels},
    )
    custom = edited.to_numpy(dtype=bool)
    ss["custom"] = masks.encode_mask(custom)
    set_url("custom", ss["custom"])
    st.caption(f"The link to this page keeps your grid as one string of 0s and 1s per row: `{ss['custom']}`.")

mask = masks.build_mask(kind, n, n_padded=n_padded, custom=custom)
res = attn_core.multi_head_attention(inputs.X, w.W_Q, w.W_K, w.W_V, heads, w.W_O, mask)  # mask on every head
scaled = res.scaled  # (heads, n, n), blocked = -inf
blocked_rows = masks.fully_masked_rows(mask)
d_k = res.d_k

if not mask.any():
    what = "every token is padding" if kind == "padding" else "your mask blocks every pair"
    fix = ("Make fewer tokens padding." if kind == "padding" else
           "Tick at least one box in each row (the diagonal lets each token see itself), "
           "or press “Allow every pair”.")
    st.error(f"Nothing can attend: {what}, so no query may look at any key. Every weight below is 0 and every "
             f"output is 0, rather than not-a-number. {fix}", icon=":material/block:")

# ---------------------------------------------------------------- one head, step by step
st.header("2. What the mask does, step by step")
if heads > 1:
    url_bound("head", 1, int, options=list(range(1, heads + 1)))
    h = st.columns([1, 3])[0].selectbox("Show the steps for", options=list(range(1, heads + 1)), key="head",
                                        format_func=lambda k: f"head {k}") - 1
    st.caption(f"You have {heads} heads (set in the sidebar); each works on d_k = {d_model} / {heads} = {d_k} "
               "columns of Q and K. The same mask applies to every head.")
else:
    h = 0
    st.caption(f"One head: d_k = d_model = {d_model}. Pick more heads in the sidebar; the mask stays the same.")
hd = f"head {h + 1}: " if heads > 1 else ""

c1, c2 = st.columns(2)
c1.plotly_chart(matrix_figure(mask.astype(float), "mask: 1 = query may attend to key, 0 = blocked", labels, labels,
                              kind="weights", decimals=0, x_title="key", y_title="query"), key="fig_mask")
c1.caption(f"{int(mask.sum())} of {n * n} pairs are allowed.")
if np.isfinite(scaled[h]).any():
    c2.plotly_chart(matrix_figure(scaled[h], f"{hd}masked scores = QKᵀ/√{d_k}, blocked = −∞", labels, labels,
                                  x_title="key", y_title="query"), key="fig_masked_scores")
    c2.caption("A blocked pair's score is −∞ (grey cell): exp(−∞) = 0, so softmax gives it no weight at all.")
else:
    # a heatmap of nothing but −∞ would be an empty grey box, so say it in words
    c2.markdown(f"**{hd}masked scores = QKᵀ/√{d_k}, blocked = −∞  ({n} × {n})**")
    c2.info(f"All {n * n} masked scores are −∞: every pair is blocked, so there is no finite score left to "
            "colour. exp(−∞) = 0 everywhere, and the weights below are all 0.", icon=":material/block:")

c3, c4 = st.columns(2)
c3.plotly_chart(matrix_figure(res.weights[h], f"{hd}weights = softmax(masked scores)", labels, labels,
                              kind="weights", x_title="key", y_title="query"), key="fig_masked_weights")
open_rows = np.setdiff1d(np.arange(n), blocked_rows)
blocked_max = res.weights[:, ~mask].max() if (~mask).any() else 0.0
sums = res.weights[h].sum(axis=-1)
gap = np.abs(sums[open_rows] - 1).max() if open_rows.size else 0.0
c3.caption(f"Largest weight on a blocked pair, over all heads: {num(blocked_max, 3)}"
           f"{' (exactly 0)' if blocked_max == 0 else ''}. "
           + (f"Every row with an allowed key sums to 1 (largest gap {fmt_gap(gap)})." if open_rows.size else ""))
dims = [f"d{c}" for c in range(d_k)]
c4.plotly_chart(matrix_figure(res.head_outputs[h], f"{hd}head output = weights·V", labels, dims,
                              x_title="value dimension", y_title="query"), key="fig_head_output")
c4.caption(f"Each row mixes only the value rows its query may see. V here is this head's {d_k} columns.")

st.plotly_chart(matrix_figure(res.output, "output = concat(head outputs)·W_O", labels,
                              [f"d{c}" for c in range(d_model)], x_title="model dimension", y_title="query"),
                key="fig_output")

st.subheader("A query that may see no key")
if blocked_rows.size:
    names = ", ".join(f"“{labels[i]}”" for i in blocked_rows)
    st.info(
        f"{names} may attend to no key: {'its' if blocked_rows.size == 1 else 'their'} row of masked scores is "
        f"all −∞. There is nothing to share the weight among, so this explorer gives the row weights of 0 "
        f"(they sum to {num(res.weights[:, blocked_rows].sum(axis=-1).max(), 0)}, not 1) and an output of 0: "
        f"largest output entry {num(np.abs(res.output[blocked_rows]).max(), 3)}.",
        icon=":material/visibility_off:")
    st.markdown(
        "Why say so? A plain softmax computes exp(−∞) / Σ exp(−∞) = 0 / 0 here, which is *not a number* (NaN), "
        "and one NaN spreads to every later layer. The d2l book's `masked_softmax` once replaced blocked "
        f"scores by −10⁶ instead of −∞, so a fully blocked row became uniform: 1/{n} = {num(1 / n, 3)} on every "
        "key, including the ones it was meant to hide.")
else:
    st.markdown("No query is fully blocked right now. Choose **Custom** and untick a whole row (or press "
                "“Block every pair”) to see what a query that may see nothing gets.")

# ---------------------------------------------------------------- several heads
st.header("3. Several heads")
st.markdown(
    f"**heads = {heads}**, set in the sidebar, which offers only the counts that divide d_model = {d_model}. "
    f"Each head gets d_k = d_v = {d_model} / {heads} = {d_k} columns and its own weights. "
    "The heads' outputs are set side by side and mixed by W_O.")
ribbon = masks.shape_ribbon(n, d_model, heads)
with st.container(border=True):
    # no-break spaces inside each step, so a line only wraps at an arrow
    st.markdown("  →  ".join(f"{step}: **{shape}**".replace(" ", "\u00a0") for step, shape in ribbon))
    st.caption(f"n = {n} tokens, d_model = {d_model}, h = {heads} heads, d_k = d_v = {d_k}.")

scale_text = f"scaled by 1/√d_k = 1/√{d_k} = {num(res.scale, 3)}"
shown = list(range(heads))
if heads > 8:
    groups = [(a, min(a + 8, heads)) for a in range(0, heads, 8)]
    url_bound("head_group", 0, int, options=list(range(len(groups))))
    g = st.columns([1, 3])[0].selectbox("Heads to show", options=list(range(len(groups))), key="head_group",
                     format_func=lambda k: f"heads {groups[k][0] + 1} … {groups[k][1]}")
    shown = list(range(*groups[g]))
n_cols = 2  # two per row keeps every printed weight and the whole title readable
for start in range(0, len(shown), n_cols):
    cols = st.columns(n_cols)
    for col, k in zip(cols, shown[start:start + n_cols]):
        col.plotly_chart(matrix_figure(res.weights[k], f"head {k + 1} · {scale_text}", labels, labels,
                                       kind="weights", x_title="key", y_title="query"), key=f"fig_head_{k}")
st.caption("Each heatmap is one head's softmax(QₕKₕᵀ/√d_k) with the mask applied; every row is one query's "
           "weights over the keys.")

q_col, avg_col = st.columns(2)
with q_col:
    url_bound("query", n - 1, int, options=list(range(n)))
    i = st.selectbox("Pick the query token", options=list(range(n)), key="query", format_func=lambda k: labels[k])
    st.plotly_chart(matrix_figure(res.weights[:, i, :], f"“{labels[i]}” in every head: softmax(qₕ·kⱼ/√{d_k})",
                                  [f"head {k + 1}" for k in range(heads)], labels, kind="weights",
                                  x_title="key", y_title="head"), key="fig_query_heads")
    if i in blocked_rows:
        st.caption(f"“{labels[i]}” may see no key, so every head gives it zero weights.")
    else:
        tops = [(k, int(np.argmax(res.weights[k, i]))) for k in range(heads)]
        st.caption(f"Where “{labels[i]}” looks most: " + "; ".join(
            f"head {k + 1} → {labels[j]} ({num(res.weights[k, i, j], 2)})" for k, j in tops[:8])
            + ("; …" if heads > 8 else "") + ". Heads that look at different keys pass different values along.")
with avg_col:
    avg = masks.head_average(res.weights)
    st.plotly_chart(matrix_figure(avg, f"average over the {heads} head{'s' if heads > 1 else ''}, not a head: "
                                       "(1/h)·Σₕ weightsₕ", labels, labels, kind="weights",
                                  x_title="key", y_title="query"), key="fig_head_average")
    st.caption("This average is a summary for your eyes only: the layer never computes it. It concatenates the "
               "heads' outputs and multiplies by W_O, so a head that looks somewhere else is not blurred away."
               + (" With one head, the average is that head." if heads == 1 else ""))

show_source(attn_core.multi_head_attention, attn_core.scaled_dot_product_attention, attn_core.softmax,
            masks.build_mask,
            intro="This page builds the mask with `build_mask` from `attn_core/masks.py` and runs "
                  "`multi_head_attention` from `attn_core/attention.py` once, with that mask on every head.")
