"""Q/K/V builder: from the sentence to Q, K, V and the weights, editable, and traceable to a single number."""

import hashlib

import numpy as np
import pandas as pd
import streamlit as st

from attn_core.builder import (
    ANIMAL,
    FEATURE_QUESTIONS,
    FEATURES,
    MAX_ABS,
    QUERY_RULES,
    action_animal_pair,
    apply_edits,
    build,
    csv_zip,
    interpretable_start,
    lexicon_feature,
    numpy_code,
    random_start,
    repeated_tokens,
    rows_identical,
    shape_flow_dot,
    trace_cell,
)
from attn_ui.code import array_literal
from attn_ui.data import load_inputs
from attn_ui.figures import clicked_cell, matrix_figure
from attn_ui.format import num, vec
from attn_ui.state import setup_page, url_bound

shared = setup_page(__file__, one_head=True)
ss = st.session_state

st.title("Q/K/V builder")
st.markdown(
    "Each token asks with a **query**, offers a **key** and provides a **value**. All three are the "
    "token's row of X multiplied by a learned matrix. Build them from your own sentence, change any "
    "number, and follow a single weight from the dot product to the output."
)
st.latex(r"Q = XW_Q,\quad K = XW_K,\quad V = XW_V,\qquad "
         r"\mathrm{Attention}(Q, K, V) = \mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d_k}}\right) V")

# ---- the starting point ---------------------------------------------------------------------
START_OPTIONS = ["random", "interpretable"]
START_NAMES = {"random": "Random: seeded weights", "interpretable": "Interpretable: named features"}


def parse_bool(raw: str) -> bool:
    if raw.strip().lower() in ("1", "true", "on", "yes"):
        return True
    if raw.strip().lower() in ("0", "false", "off", "no"):
        return False
    raise ValueError("it is not 0 or 1")


def wrap_ticks(fig):
    """Break two-word column names ("wants animal") over two lines so neighbours do not overlap."""
    ticks = list(fig.data[0].x)
    if any(" " in t for t in ticks):
        fig.update_xaxes(tickmode="array", tickvals=ticks, ticktext=[t.replace(" ", "<br>", 1) for t in ticks])
    return fig


def reset_edits() -> None:
    ss["_qkv_version"] = ss.get("_qkv_version", 0) + 1


c_start, c_pe = st.columns([3, 2])
url_bound("start", "random", str, options=START_OPTIONS)
start = c_start.radio("Starting point", START_OPTIONS, key="start", format_func=START_NAMES.get, horizontal=True)
url_bound("pe", True, parse_bool)
pe = c_pe.toggle("Add sinusoidal positions to X", key="pe",
                 help="Adds the paper's sin/cos position vector to each token's row of X.")

inputs = load_inputs(shared, positional=pe)
tokens, labels = inputs.tokens, inputs.labels
n = len(tokens)
if start == "interpretable":
    base = interpretable_start(tokens, positional=pe)
    st.info(f"In this mode each of X's columns is a named feature, so **d_model = {len(FEATURES)}**, "
            f"the number of features, instead of your d_model = {shared.d_model}. The seed is not used: "
            f"the weights are set by hand. Going back to Random restores d_model = {shared.d_model}, "
            "which stays in the link.", icon=":material/label:")
else:
    base = random_start(inputs.X, inputs.weights.W_Q, inputs.weights.W_K, inputs.weights.W_V)
    st.caption(f"The weights are drawn from seed {shared.seed} with entries of variance 1/d_model, so that "
               "Q, K and V entries stay near unit variance, like X's.")
d_model = base.X.shape[1]
what_x = "named features" if start == "interpretable" else "embedding"
st.caption(f"One head on this page, so d_k = d_v = d_model = {d_model}; the sidebar's *heads* setting belongs "
           "to the pages that split attention into several heads. "
           + (f"X is each token's {what_x} plus its position." if pe else
              f"Positions are off: X is each token's {what_x} alone."))

# ---- editing X and the W's --------------------------------------------------------------------
MATRICES = ("X", "W_Q", "W_K", "W_V")
AXES = {"X": (labels, base.dims), "W_Q": (base.dims, base.q_dims),
        "W_K": (base.dims, base.k_dims), "W_V": (base.dims, base.v_dims)}
what = (start, shared.text, pe, ss.get("_qkv_version", 0)) + ((shared.seed, shared.d_model) if start == "random" else ())
sig = hashlib.blake2b(repr(what).encode(), digest_size=6).hexdigest()  # new starting point: new, empty editors
good = ss.get("_qkv_good")
if not good or good["sig"] != sig:
    good = {"sig": sig, **{name: getattr(base, name) for name in MATRICES}}

st.header("1. Start from X and three weight matrices")
st.markdown("Type over any cell below; everything on the page recomputes from your numbers. "
            "Rows of X are tokens; rows of each W are X's columns, so **X · W** is defined.")
problems = []
edit_tabs = st.tabs([f"Edit {name}" for name in MATRICES])
for tab, name in zip(edit_tabs, MATRICES):
    rows, cols = AXES[name]
    key = f"edit_{name}_{sig}"
    table = pd.DataFrame([[f"{v:.4g}" for v in row] for row in getattr(base, name)],
                         index=list(rows), columns=list(cols), dtype="object")
    with tab:
        st.data_editor(table, key=key, num_rows="fixed",
                       column_config={c: st.column_config.TextColumn(c) for c in cols})
    edits = (ss.get(key) or {}).get("edited_rows", {})
    good[name], errors = apply_edits(name, getattr(base, name), good[name], edits, rows, cols)
    problems += errors
ss["_qkv_good"] = good
for e in problems:
    st.error(f"{e.message}. Type a number between −{MAX_ABS:,.0f} and {MAX_ABS:,.0f}; until then the page keeps "
             f"that cell's last good value, {num(good[e.matrix][e.r, e.c], 4)}.", icon=":material/error:")
c_reset, c_note = st.columns([1, 3])
c_reset.button("Reset all edits", key="reset", on_click=reset_edits, icon=":material/restart_alt:")
c_note.caption("Cells show 4 significant digits; the page computes with full precision until you type over a "
               "cell. Your edits live in this browser tab only: they are **not in the link**, and changing the "
               "sentence, seed, d_model, starting point or positions starts again from the new starting point.")

X, W_Q, W_K, W_V = (good[name] for name in MATRICES)
res = build(X, W_Q, W_K, W_V)
d_k, d_v = res.d_k, res.V.shape[1]

wide = d_model > 8  # wide matrices get the full width, so every printed value stays readable
# side by side, one height for the four so their rows line up; stacked at natural heights when wide
tall = None if wide else int(min(720, max(260, 110 + 30 * max(n, d_model))))
# when wide, one container for all four keeps them in reading order: X, W_Q, W_K, W_V
c1, c2 = (st.container(),) * 2 if wide else st.columns(2)
c1.plotly_chart(matrix_figure(X, f"X = {what_x} + position" if pe else f"X = {what_x}", labels, base.dims,
                              y_title="token", x_title="d_model dimension", height=tall), key="fig_X")
c2.plotly_chart(wrap_ticks(matrix_figure(W_Q, "W_Q, the query projection", base.dims, base.q_dims,
                                         y_title="X column", x_title="Q column", height=tall)), key="fig_W_Q")
c1.plotly_chart(wrap_ticks(matrix_figure(W_K, "W_K, the key projection", base.dims, base.k_dims,
                                         y_title="X column", x_title="K column", height=tall)), key="fig_W_K")
c2.plotly_chart(matrix_figure(W_V, "W_V, the value projection", base.dims, base.v_dims,
                              y_title="X column", x_title="V column", height=tall), key="fig_W_V")

if start == "interpretable":
    with st.expander("The lexicon and the hand-set W_Q", icon=":material/menu_book:", expanded=True):
        lex = pd.DataFrame({"token": labels,
                            "feature": [FEATURE_QUESTIONS[lexicon_feature(t)] for t in tokens]})
        left, right = st.columns([2, 3])
        left.dataframe(lex, hide_index=True, key="lexicon_table")
        right.markdown(
            "A token gets 3 on its feature and 0 elsewhere; a word outside the small built-in lexicon gets 3 on "
            "**unknown** (the fallback). W_Q has a 1 for each rule below and 0 everywhere else, so a query "
            "column reads *wants …*. W_K and W_V are the identity: a key column reads *has …*, and a value "
            "passes the features along.\n\n" + "\n".join(f"- {why}" for _, _, why in QUERY_RULES)
            + "\n\nA query with no rule (a place, an unknown word) is all zeros apart from positions: "
            "it looks for nothing in particular, so its weights come out nearly even."
        )

# ---- the shapes ----------------------------------------------------------------------------------
st.header("2. The shapes flow like this")
st.graphviz_chart(shape_flow_dot(n, d_model, d_k, d_v), width="stretch")
st.caption(f"n = {n} tokens, d_model = {d_model}, d_k = {d_k}, d_v = {d_v}. The weights are n × n whatever "
           "the widths: one row of weights per query, one column per key.")

# ---- Q, K, V -------------------------------------------------------------------------------------
st.header("3. Project: one query, key and value per token")
cq, ck = (st.container(), st.container()) if wide else st.columns(2)
cq.plotly_chart(wrap_ticks(matrix_figure(res.Q, "Q = X·W_Q", labels, base.q_dims, y_title="token")), key="fig_Q")
ck.plotly_chart(wrap_ticks(matrix_figure(res.K, "K = X·W_K", labels, base.k_dims, y_title="token")), key="fig_K")
cv, c_roles = (st.container(), st.container()) if wide else st.columns(2)
cv.plotly_chart(matrix_figure(res.V, "V = X·W_V", labels, base.v_dims, y_title="token"), key="fig_V")
c_roles.markdown(
    "Row i of **Q** is token i's query, *what am I looking for?* Row j of **K** is token j's key, "
    "*what do I contain?* Row j of **V** is token j's value, *what do I pass along?* "
    "Queries and keys decide the weights; values decide what gets copied."
)
for group in repeated_tokens(tokens):
    where = ", ".join(str(p) for p in group[:-1]) + f" and {group[-1]}"
    word = "”/“".join(dict.fromkeys(tokens[p] for p in group))  # The/the: the embedding folds case
    if rows_identical(group, X, res.Q, res.K, res.V, res.weights):
        st.warning(f"“{word}” appears at positions {where}, and its rows are **identical** in X, Q, K, V and "
                   "the weights. Positions are off, so X says only *what* each token is, not *where* it is: "
                   "attention alone does not see order. Turn the positions on to tell them apart.",
                   icon=":material/content_copy:")
    elif pe:
        st.caption(f"“{word}” appears at positions {where}; its rows differ because each copy got its own "
                   "position added to X.")
    else:
        st.caption(f"“{word}” appears at positions {where}; positions are off, but its rows differ because "
                   "you edited X.")

# ---- scores, weights, output ------------------------------------------------------------------
st.header("4. Compare every query with every key")
c1, c2 = (st.container(), st.container()) if n > 8 else st.columns(2)
c1.plotly_chart(matrix_figure(res.scores, "scores = QKᵀ", labels, labels, y_title="query", x_title="key"),
                key="fig_scores")
c2.plotly_chart(matrix_figure(res.scaled, f"scaled = QKᵀ/√d_k, √{d_k} = {num(np.sqrt(d_k), 3)}", labels, labels,
                              y_title="query", x_title="key"), key="fig_scaled")

# a click on a weight cell picks query i and key j: apply it before the select boxes are drawn
cell = clicked_cell(ss.get("weights_click"))
if cell is not None:
    ci, cj = cell
    if (ci, cj) != ss.get("_qkv_last_click") and ci < n and cj < n:
        ss["qi"], ss["kj"] = ci, cj
    ss["_qkv_last_click"] = (ci, cj)
else:
    ss["_qkv_last_click"] = None
url_bound("qi", 0, int, options=list(range(n)))
url_bound("kj", 0, int, options=list(range(n)))
i, j = ss["qi"], ss["kj"]

cw, cs = st.columns([5, 1])
weights_fig = matrix_figure(res.weights, "weights = softmax(QKᵀ/√d_k)", labels, labels, kind="weights",
                            y_title="query", x_title="key", clickable=True)
weights_fig.add_shape(type="rect", x0=j - 0.5, x1=j + 0.5, y0=i - 0.5, y1=i + 0.5,
                      line={"color": "#d97706", "width": 3})
cw.plotly_chart(weights_fig, key="weights_click", on_select="rerun", selection_mode="points")
row_sums = matrix_figure(res.weights.sum(axis=1, keepdims=True), "Σⱼ weights", labels, ["row sum"],
                         kind="weights", decimals=3, height=weights_fig.layout.height)
cs.plotly_chart(row_sums.update_traces(showscale=False), key="fig_row_sums")
st.caption("Each row is one query's weights over every key; it sums to 1 (the narrow column). "
           "**Click a cell** to trace it below.")
st.plotly_chart(matrix_figure(res.output, "output = weights·V", labels, base.v_dims, y_title="token",
                              x_title="value dimension"), key="fig_output")

if start == "interpretable" and (pair := action_animal_pair(tokens)):
    a, b = pair
    row = res.weights[a]
    tied = [int(k) for k in np.flatnonzero(np.isclose(row, row.max(), rtol=0, atol=1e-9))]
    if len(tied) == n > 1:
        verdict = "the same as every other key: the row is even, so the query prefers nothing"
        box, head = st.info, f"Does “{labels[a]}” still attend to “{labels[b]}”?"
    elif b in tied:
        others = " and ".join(f"“{labels[k]}”" for k in tied if k != b)
        verdict = "the largest in its row" if len(tied) == 1 else f"tied for the largest in its row with {others}"
        box, head = st.success, f"Why “{labels[a]}” attends to “{labels[b]}”."
    else:
        verdict = f"but the largest weight in its row now goes to “{labels[tied[0]]}” ({num(row[tied[0]], 3)})"
        box, head = st.info, f"Does “{labels[a]}” still attend to “{labels[b]}”?"
    box(
        f"**{head}** “{labels[a]}” is an action, and W_Q turns *action* into "
        f"*wants animal*: q has {num(res.Q[a, ANIMAL], 2)} there. “{labels[b]}” is an animal, and W_K keeps it as "
        f"*has animal*: k has {num(res.K[b, ANIMAL], 2)} there. Of their dot product q·k = "
        f"{num(res.scores[a, b], 2)}, that column gives {num(res.Q[a, ANIMAL] * res.K[b, ANIMAL], 2)}. "
        f"After ÷ √{d_k} and softmax, “{labels[a]}” gives “{labels[b]}” a weight of {num(row[b], 3)}, {verdict}.",
        icon=":material/lightbulb:")

    def trace_pair() -> None:
        ss["qi"], ss["kj"] = a, b

    st.button(f"Trace {labels[a]} → {labels[b]} below", key="trace_pair", on_click=trace_pair)

# ---- one number, step by step ------------------------------------------------------------------
st.header("5. Trace one weight to the output")
s1, s2 = st.columns(2)
s1.selectbox("Query i (the token that asks)", list(range(n)), key="qi", format_func=lambda k: labels[k])
s2.selectbox("Key j (the token that answers)", list(range(n)), key="kj", format_func=lambda k: labels[k])
t = trace_cell(res.Q, res.K, res.V, i, j)
qi, kj = labels[i], labels[j]


def g(x: float) -> str:
    """Four significant digits, for numbers that can be tiny or huge (exps)."""
    return f"{x:.4g}".replace("-", "−")


exp_text = (f"exp({num(t.scaled, 3)}) = {g(t.exps[j])}" if t.shift == 0 else
            f"exp({num(t.scaled, 3)} − {num(t.shift, 3)}) = {g(t.exps[j])} (the row's largest scaled score, "
            f"{num(t.shift, 3)}, is taken off every entry first so exp() stays in range; it cancels in the ratio)")
places = 3 if d_model <= 8 else 2 if d_model <= 16 else 1  # fewer decimals as the cells get narrower
fig_col, text_col = (st.container(), st.container()) if wide else st.columns([3, 2])
fig_col.plotly_chart(matrix_figure(np.stack([res.Q[i], res.K[j], t.products]), f"qᵢ ⊙ kⱼ for {qi} → {kj}",
                                   [f"q ({qi})", f"k ({kj})", "q ⊙ k"], base.dims, decimals=places,
                                   x_title="d_k dimension", height=240), key="fig_trace_products")
text_col.markdown(
    f"1. **q ⊙ k**, element by element: the bottom row of the figure.\n"
    f"2. **Sum**: q · k = {num(t.score, 3)}, the cell ({qi}, {kj}) of QKᵀ.\n"
    f"3. **÷ √d_k**: {num(t.score, 3)} ÷ √{t.d_k} = {num(t.score, 3)} ÷ {num(np.sqrt(t.d_k), 3)} = "
    f"{num(t.scaled, 3)}.\n"
    f"4. **exp**: {exp_text}.\n"
    f"5. **÷ the row's sum of exps**: row {qi} has exps [{', '.join(g(x) for x in t.exps)}], which sum to "
    f"{g(t.exp_sum)}; {g(t.exps[j])} ÷ {g(t.exp_sum)} = {num(t.weight, 4)}.\n"
    f"6. **The weight** w = {num(t.weight, 4)}: the highlighted cell of the weights above "
    f"(the page's softmax gives {num(res.weights[i, j], 4)})."
)
fig_col, text_col = (st.container(), st.container()) if wide else st.columns([3, 2])
top = float(max(np.abs(t.shares).max(), np.abs(t.output).max()))  # one colour scale for the shares and their sum
fig_col.plotly_chart(matrix_figure(t.shares, f"wⱼ·vⱼ: each key's share of output for {qi}", labels, base.v_dims,
                                   y_title="key j", decimals=places, zmax=top), key="fig_trace_shares")
fig_col.plotly_chart(matrix_figure(t.output[None, :], "Σⱼ wⱼ·vⱼ, the shares added up", [qi], base.v_dims,
                                   decimals=places, x_title="value dimension", height=200, zmax=top),
                     key="fig_trace_sum")
text_col.markdown(
    f"7. **w · v**: {num(t.weight, 4)} × v({kj}) = {vec(t.shares[j], 3)}. That is key {kj}'s share of the "
    f"output for {qi}: row {kj} of the figure.\n"
    f"8. **Add up every key's share**, each column of the figure: output({qi}) = {vec(t.output, 3)}."
)
gap = float(np.abs(t.output - res.output[i]).max())
text_col.caption(f"The sum equals row {qi} of the output above: the largest gap is {g(gap)}"
                 + (", floating-point rounding." if gap else "."))

# ---- code and downloads ----------------------------------------------------------------------
with st.expander("Show the code", icon=":material/code:"):
    st.markdown("Runnable numpy that rebuilds this page's numbers from the current X and W's (your edits "
                "included). Paste it into Python and compare the printout with the figures.")
    st.code(numpy_code(X, W_Q, W_K, W_V, labels, array_literal), language="python")

tables = {"X": (X, labels, base.dims), "W_Q": (W_Q, base.dims, base.q_dims), "W_K": (W_K, base.dims, base.k_dims),
          "W_V": (W_V, base.dims, base.v_dims), "Q": (res.Q, labels, base.q_dims),
          "K": (res.K, labels, base.k_dims), "V": (res.V, labels, base.v_dims),
          "scores_QKt": (res.scores, labels, labels), "scaled": (res.scaled, labels, labels),
          "weights": (res.weights, labels, labels), "output": (res.output, labels, base.v_dims)}
st.download_button("Download every matrix (a zip of CSVs with token labels)", csv_zip(tables),
                   file_name="attention_matrices.zip", mime="application/zip", key="download_zip",
                   on_click="ignore", icon=":material/download:")
