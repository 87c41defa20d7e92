"""Home: the source text's lookup picture, live. One query token asks; every key answers; values are mixed."""

import numpy as np
import pandas as pd
import streamlit as st

import attn_core
from attn_core.words import positions_note
from attn_ui.code import show_source
from attn_ui.data import load_inputs
from attn_ui.figures import matrix_figure, vector_figure
from attn_ui.format import a_an, gap, num
from attn_ui.pages import route
from attn_ui.state import route_footer, setup_page, token_picker

INTRO = ("For each token, self-attention asks: which other tokens carry information I need right now, "
         "and how much of each? The answer comes from the content, not from a fixed pattern. "
         "Change the sentence, the seed or the width in the sidebar and watch every number below move.")
FORMULA = r"\mathrm{Attention}(Q, K, V) = \mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d_k}}\right) V"


def main() -> None:
    shared = setup_page(__file__, one_head=True)
    st.title("Attention Explorer")
    st.markdown(INTRO)
    the_route(shared)
    three_roles()
    inputs = load_inputs(shared)
    Q, K, V = attn_core.project(inputs)  # one head: d_k = d_v = d_model
    att = attn_core.scaled_dot_product_attention(Q, K, V)
    i = one_query(inputs, att, V)
    output_of_one_query(inputs, att, V, i)
    every_query(inputs, att)
    where_qkv_come_from(inputs, Q, K, V)
    show_source(attn_core.softmax, attn_core.scaled_dot_product_attention,
                intro="The home page runs exactly these two functions from `attn_core/attention.py`.")
    route_footer(__file__, shared)


def three_roles() -> None:
    """The formula, and the three roles each token plays."""
    st.latex(FORMULA)
    role_q, role_k, role_v = st.columns(3)
    role_q.markdown("**Query** $q_i = x_i W_Q$: *what am I looking for?*")
    role_k.markdown("**Key** $k_j = x_j W_K$: *what do I contain?*")
    role_v.markdown("**Value** $v_j = x_j W_V$: *what do I pass along?*")


def one_query(inputs: attn_core.Inputs, att: attn_core.AttentionResult, V) -> int:
    """Pick a query; its scores, scaled scores and weights over every key. Returns the query's index."""
    labels = inputs.labels
    d_model = inputs.X.shape[1]
    d_k = d_model
    st.header("One query, every key")
    i = token_picker("Pick the token that asks (the query)", "query", labels)
    st.caption(f"Here there is one head, so d_k = d_v = d_model = {d_model}. {positions_note(inputs.tokens)}")
    c1, c2, c3 = st.columns(3)
    c1.plotly_chart(vector_figure(att.scores[i], labels, f"1. scores q·kⱼ for {labels[i]}", x_title="key j"),
                    key="fig_scores")
    c1.caption("How well the query matches each key: a dot product.")
    c2.plotly_chart(vector_figure(att.scaled[i], labels, f"2. scaled: q·kⱼ / √{d_k}", x_title="key j"),
                    key="fig_scaled")
    c2.caption(f"Divided by √d_k = √{d_k} = {num(np.sqrt(d_k), 3)}, so the scores do not grow with width.")
    c3.plotly_chart(vector_figure(att.weights[i], labels, "3. weights = softmax(scaled)", kind="weights",
                                  x_title="key j"), key="fig_weights")
    c3.caption(f"Each weight is exp(scaled) over the row's sum of exps. They sum to {num(att.weights[i].sum(), 4)}.")
    return i


def output_of_one_query(inputs: attn_core.Inputs, att: attn_core.AttentionResult, V, i: int) -> None:
    """Each key's share wⱼ·vⱼ of the query's output, and their sum, which is the output."""
    labels = inputs.labels
    d_k = V.shape[1]
    st.subheader(f"4. The output for {labels[i]} is a weighted sum of the value rows")
    shares = att.weights[i][:, None] * V  # (n, d_v): key j's share w_j · v_j of output_i
    dims = [f"d{c}" for c in range(V.shape[1])]
    left, right = st.columns([3, 2])
    left.plotly_chart(matrix_figure(shares, f"wⱼ · vⱼ, each key's share of output for {labels[i]}", labels, dims,
                                    y_title="key j", x_title="value dimension", share=0.6), key="fig_shares")
    right.plotly_chart(matrix_figure(att.output[i][None, :], "output = Σⱼ wⱼ·vⱼ", [labels[i]], dims,
                                     x_title="value dimension", height=190, share=0.4), key="fig_output")
    table = pd.DataFrame({"key": labels, "score q·k": att.scores[i], f"÷ √{d_k}": att.scaled[i],
                          "weight": att.weights[i], "length ‖wⱼ·vⱼ‖": np.linalg.norm(shares, axis=1)})
    right.dataframe(table, hide_index=True, key="table_row",
                    column_config={c: st.column_config.NumberColumn(format="%.3f") for c in table.columns[1:]})
    right.caption("Summing each column of the left figure gives the output row above it: "
                  f"largest gap {gap(np.abs(shares.sum(axis=0) - att.output[i]).max())}.")


def every_query(inputs: attn_core.Inputs, att: attn_core.AttentionResult) -> None:
    """The whole n × n weight matrix, and the 10 × 10 claim computed on a 10-token sentence."""
    labels = inputs.labels
    n = len(labels)
    st.header("Every query at once")
    st.plotly_chart(matrix_figure(att.weights, "weights = softmax(QKᵀ/√d_k)", labels, labels, kind="weights",
                                  x_title="key", y_title="query"), key="fig_all_weights")
    rows, cols = att.weights.shape
    st.markdown(f"Each row is one query's weights over every key; it sums to 1. Your {n} tokens give "
                f"{a_an(rows)} {rows} × {cols} weight matrix, one row per query.")


def where_qkv_come_from(inputs: attn_core.Inputs, Q, K, V) -> None:
    """Q, K and V, each X times its own learned matrix."""
    labels = inputs.labels
    with st.expander("Where Q, K and V come from", icon=":material/functions:"):
        qc, kc, vc = st.columns(3)
        cols = [f"d{c}" for c in range(Q.shape[1])]
        qc.plotly_chart(matrix_figure(Q, "Q = X·W_Q", labels, cols, y_title="token", share=1 / 3), key="fig_Q")
        kc.plotly_chart(matrix_figure(K, "K = X·W_K", labels, cols, y_title="token", share=1 / 3), key="fig_K")
        vc.plotly_chart(matrix_figure(V, "V = X·W_V", labels, cols, y_title="token", share=1 / 3), key="fig_V")


def the_route(shared) -> None:
    """The pages in the order to take them, each with the question it answers; links keep your settings."""
    with st.container(border=True):
        st.markdown("**The route.** Take the pages in this order; each link keeps your sentence and settings.")
        for k, page in enumerate(route()[1:], start=1):
            st.page_link(page.path, label=f"{k}. {page.label}: {page.question}", icon=page.icon,
                         query_params=shared.query_params())


main()
