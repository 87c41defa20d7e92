"""Masks and heads: which query→key pairs may attend at all, and what several heads change."""

import numpy as np
import pandas as pd
import streamlit as st

import attn_core
from attn_core import masks
from attn_core import masks_text as say
from attn_ui import format as fmt
from attn_ui.code import show_source
from attn_ui.data import load_inputs
from attn_ui.figures import matrix_figure
from attn_ui.params import parse_mask_param
from attn_ui.state import set_url, setup_page, url_bound

INTRO = (
    "Masks decide which pairs are allowed at all. Before the softmax, every blocked query→key pair gets "
    "the score −∞, so its weight is exactly 0 and each row shares its weight among the keys that are left. "
    "Several heads run this same attention side by side, each on its own slice of Q, K and V, "
    "and the mask applies to every head."
)
FORMULA = (r"\mathrm{Attention}(Q, K, V) = \mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d_k}} + M\right) V,"
           r"\qquad M_{ij} = \begin{cases} 0 & \text{query } i \text{ may attend to key } j \\"
           r" -\infty & \text{blocked} \end{cases}")
MASK_LABELS = {"none": "None: every pair", "causal": "Causal: itself and what came before",
               "padding": "Padding: trailing tokens", "custom": "Custom: your own grid"}
KIND_CAPTIONS = {
    "none": "Every query may attend to every key, itself included: this is the plain attention of the home page.",
    "causal": "Each token sees itself and the tokens before it, never the ones after: a model that writes "
              "text one token at a time must not peek at words it has not written yet.",
}
HEADS_PER_GROUP = 8  # more heads than this are shown a group at a time
GRID_COLUMNS = 2  # two heatmaps per row keeps every printed weight and the whole title readable


def main():
    shared = setup_page(__file__)
    st.title("Masks and heads")
    st.markdown(INTRO)
    st.latex(FORMULA)
    inputs = load_inputs(shared)
    mask = choose_mask(inputs)  # 1. which query→key pairs may attend
    res = attend(inputs, mask, shared.heads)  # the same mask on every head
    step_by_step(inputs, mask, res)  # 2. scores → −∞ → weights → output, for one head
    blocked_rows(inputs, mask, res)  # a query that may see no key gets 0, not NaN
    several_heads(inputs, res)  # 3. the heads side by side, one query across them, their average
    show_code()


def attend(inputs: attn_core.Inputs, mask: np.ndarray, heads: int) -> attn_core.MultiHeadResult:
    """Multi-head attention over the sentence with `mask` on every head."""
    w = inputs.weights
    return attn_core.multi_head_attention(inputs.X, w.W_Q, w.W_K, w.W_V, heads, w.W_O, mask)


def choose_mask(inputs: attn_core.Inputs) -> np.ndarray:
    """The mask radio and its controls; returns the (n, n) boolean mask."""
    st.header("1. Choose a mask")
    labels = inputs.labels
    n = len(labels)
    url_bound("mask", "causal", str, options=list(masks.MASK_KINDS))
    kind = st.radio("Which query→key pairs may attend?", options=masks.MASK_KINDS, key="mask",
                    format_func=MASK_LABELS.get, horizontal=True)
    n_padded, custom = 0, None
    if kind in KIND_CAPTIONS:
        st.caption(KIND_CAPTIONS[kind])
    elif kind == "padding":
        url_bound("pad", 1 if n > 1 else 0, int, options=list(range(n + 1)))
        n_padded = st.select_slider("How many trailing tokens are padding?", options=list(range(n + 1)), key="pad")
        pad_names = ", ".join(labels[j] for j in masks.padded_keys(n, n_padded)) or "none"
        st.caption("In a batch, shorter sentences are filled up at the end with a filler token so that all have "
                   "the same length. No query should take anything from the filler, so its key columns are "
                   f"blocked. Padded keys here: {pad_names}.")
    else:
        custom = custom_grid(labels)
    mask = masks.build_mask(kind, n, n_padded=n_padded, custom=custom)
    error = say.nothing_can_attend(kind, mask)
    if error:
        st.error(error, icon=":material/block:")
    return mask


def _use_preset(pattern: np.ndarray) -> None:
    st.session_state["custom"] = masks.encode_mask(pattern)
    # a fresh editor, so the old editor's ticks do not reapply on top of the preset
    st.session_state["custom_rev"] = st.session_state.get("custom_rev", 0) + 1


def custom_grid(labels: list[str]) -> np.ndarray:
    """The learner's own grid of ticks, kept in the link as "110-111-001"; returns the (n, n) mask."""
    ss = st.session_state
    n = len(labels)
    url_bound("custom", masks.encode_mask(np.ones((n, n), dtype=bool)), parse_mask_param)
    custom = masks.parse_mask(ss["custom"])
    if custom.shape[0] != n:
        m = custom.shape[0]
        custom = masks.fit_mask(custom, n)
        ss["custom"] = masks.encode_mask(custom)
        st.info(say.refit_notice(m, n), icon=":material/aspect_ratio:")
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
    return custom


def step_by_step(inputs: attn_core.Inputs, mask: np.ndarray, res: attn_core.MultiHeadResult) -> None:
    """One head's mask, masked scores, weights and output, then the layer's output."""
    st.header("2. What the mask does, step by step")
    labels, heads = inputs.labels, res.weights.shape[0]
    n, d_model = inputs.X.shape
    h = 0
    if heads > 1:
        url_bound("head", 1, int, options=list(range(1, heads + 1)))
        h = st.columns([1, 3])[0].selectbox("Show the steps for", options=list(range(1, heads + 1)), key="head",
                                            format_func=lambda k: f"head {k}") - 1
    st.caption(say.heads_caption(d_model, heads))
    hd = f"head {h + 1}: " if heads > 1 else ""

    c1, c2 = st.columns(2)
    c1.plotly_chart(matrix_figure(mask.astype(float), "mask: 1 = query may attend to key, 0 = blocked", labels,
                                  labels, kind="weights", decimals=0, x_title="key", y_title="query"),
                    key="fig_mask")
    c1.caption(f"{int(mask.sum())} of {n * n} pairs are allowed.")
    scores_title = f"{hd}masked scores = QKᵀ/√{res.d_k}, blocked = −∞"
    nothing = say.all_scores_blocked(mask)
    if nothing:
        c2.markdown(f"**{scores_title}  ({n} × {n})**")
        c2.info(nothing, icon=":material/block:")
    else:
        c2.plotly_chart(matrix_figure(res.scaled[h], scores_title, labels, labels, x_title="key", y_title="query"),
                        key="fig_masked_scores")
        c2.caption("A blocked pair's score is −∞ (grey cell): exp(−∞) = 0, so softmax gives it no weight at all.")

    c3, c4 = st.columns(2)
    c3.plotly_chart(matrix_figure(res.weights[h], f"{hd}weights = softmax(masked scores)", labels, labels,
                                  kind="weights", x_title="key", y_title="query"), key="fig_masked_weights")
    c3.caption(say.weights_caption(mask, res.weights, h, fmt))
    dims = [f"d{c}" for c in range(res.d_k)]
    c4.plotly_chart(matrix_figure(res.head_outputs[h], f"{hd}head output = weights·V", labels, dims,
                                  x_title="value dimension", y_title="query"), key="fig_head_output")
    c4.caption(f"Each row mixes only the value rows its query may see. V here is this head's {res.d_k} columns.")

    st.plotly_chart(matrix_figure(res.output, "output = concat(head outputs)·W_O", labels,
                                  [f"d{c}" for c in range(d_model)], x_title="model dimension", y_title="query"),
                    key="fig_output")


def blocked_rows(inputs: attn_core.Inputs, mask: np.ndarray, res: attn_core.MultiHeadResult) -> None:
    """What a query that may see no key gets: zero weights and zero output, never NaN."""
    st.subheader("A query that may see no key")
    n = len(inputs.labels)
    info = say.blocked_rows_info(inputs.labels, mask, res.weights, res.output, fmt)
    if info:
        st.info(info, icon=":material/visibility_off:")
        st.markdown(
            "Why say so? A plain softmax computes exp(−∞) / Σ exp(−∞) = 0 / 0 here, which is *not a number* "
            "(NaN), and one NaN spreads to every later layer. The d2l book's `masked_softmax` once replaced "
            f"blocked scores by −10⁶ instead of −∞, so a fully blocked row became uniform: 1/{n} = "
            f"{fmt.num(1 / n, 3)} on every key, including the ones it was meant to hide.")
    else:
        st.markdown("No query is fully blocked right now. Choose **Custom** and untick a whole row (or press "
                    "“Block every pair”) to see what a query that may see nothing gets.")


def several_heads(inputs: attn_core.Inputs, res: attn_core.MultiHeadResult) -> None:
    """The heads side by side: the live shapes, every head's weights, one query across heads, the average."""
    st.header("3. Several heads")
    n, d_model = inputs.X.shape
    heads, d_k = res.weights.shape[0], res.d_k
    st.markdown(
        f"**heads = {heads}**, set in the sidebar, which offers only the counts that divide d_model = {d_model}. "
        f"Each head gets d_k = d_v = {d_model} / {heads} = {d_k} columns and its own weights. "
        "The heads' outputs are set side by side and mixed by W_O.")
    with st.container(border=True):
        # no-break spaces inside each step, so a line only wraps at an arrow
        st.markdown("  →  ".join(f"{step}: **{shape}**".replace(" ", "\u00a0")
                                 for step, shape in masks.shape_ribbon(n, d_model, heads)))
        st.caption(f"n = {n} tokens, d_model = {d_model}, h = {heads} heads, d_k = d_v = {d_k}.")
    head_grid(inputs.labels, res)
    q_col, avg_col = st.columns(2)
    with q_col:
        one_query(inputs.labels, res)
    with avg_col:
        st.plotly_chart(matrix_figure(masks.head_average(res.weights), say.average_title(heads), inputs.labels,
                                      inputs.labels, kind="weights", x_title="key", y_title="query"),
                        key="fig_head_average")
        st.caption(say.average_caption(heads))


def head_grid(labels: list[str], res: attn_core.MultiHeadResult) -> None:
    """Every head's weights, two to a row; more than eight heads are shown a group at a time."""
    heads = res.weights.shape[0]
    shown = list(range(heads))
    if heads > HEADS_PER_GROUP:
        groups = [(a, min(a + HEADS_PER_GROUP, heads)) for a in range(0, heads, HEADS_PER_GROUP)]
        url_bound("head_group", 0, int, options=list(range(len(groups))))
        g = st.columns([1, 3])[0].selectbox("Heads to show", options=list(range(len(groups))), key="head_group",
                                            format_func=lambda k: f"heads {groups[k][0] + 1} … {groups[k][1]}")
        shown = list(range(*groups[g]))
    scale_text = f"scaled by 1/√d_k = 1/√{res.d_k} = {fmt.num(res.scale, 3)}"
    for start in range(0, len(shown), GRID_COLUMNS):
        for col, k in zip(st.columns(GRID_COLUMNS), shown[start:start + GRID_COLUMNS], strict=False):
            col.plotly_chart(matrix_figure(res.weights[k], f"head {k + 1} · {scale_text}", labels, labels,
                                           kind="weights", x_title="key", y_title="query"), key=f"fig_head_{k}")
    st.caption("Each heatmap is one head's softmax(QₕKₕᵀ/√d_k) with the mask applied; every row is one query's "
               "weights over the keys.")


def one_query(labels: list[str], res: attn_core.MultiHeadResult) -> None:
    """One query's weights in every head, and where each head looks most."""
    heads, n = res.weights.shape[0], len(labels)
    url_bound("query", n - 1, int, options=list(range(n)))
    i = st.selectbox("Pick the query token", options=list(range(n)), key="query", format_func=lambda k: labels[k])
    st.plotly_chart(matrix_figure(res.weights[:, i, :], f"“{labels[i]}” in every head: softmax(qₕ·kⱼ/√{res.d_k})",
                                  [f"head {k + 1}" for k in range(heads)], labels, kind="weights",
                                  x_title="key", y_title="head"), key="fig_query_heads")
    st.caption(say.where_query_looks(labels, i, res.weights, fmt))


def show_code() -> None:
    show_source(attn_core.multi_head_attention, attn_core.scaled_dot_product_attention, attn_core.softmax,
                masks.build_mask,
                intro="This page builds the mask with `build_mask` from `attn_core/masks.py` and runs "
                      "`multi_head_attention` from `attn_core/attention.py` once, with that mask on every head.")


main()
