"""Q/K/V builder: from the sentence to Q, K, V and the weights, editable, and traceable to a single number."""

import hashlib
from dataclasses import dataclass

import numpy as np
import pandas as pd
import streamlit as st

from attn_core.builder import (
    ALL_SAME,
    Built,
    Start,
    action_animal_pair,
    build,
    checkpoint_query,
    default_pair,
    interpretable_start,
    lexicon_feature,
    random_start,
    trace_cell,
)
from attn_lessons import builder as say
from attn_ui.cells import MAX_ABS, apply_edits, cell_text
from attn_ui.checkpoint import Guess, predict, reveal
from attn_ui import notebooks as nbk
from attn_ui.data import cached_figure, load_inputs, notebook_cells
from attn_ui.exports import csv_zip, shape_flow_dot
from attn_ui.figures import (
    INK,
    PHONE_PX,
    clicked_cell,
    matrix_figure,
    matrix_grid,
    on_phone,
    plot,
    slim,
)
from attn_lessons.format import md_text, plot_label
from attn_ui.params import parse_bool
from attn_ui.state import route_footer, setup_page, url_bound

INTRO = ("Each token asks with a **query**, offers a **key** and provides a **value**. All three are the "
         "token's row of X multiplied by a learned matrix. Build them from your own sentence, change any "
         "number, and follow a single weight from the dot product to the output.")
# two lines, so that neither runs off a phone's screen
PROJECTIONS = r"Q = XW_Q,\quad K = XW_K,\quad V = XW_V"
ATTENTION = r"\mathrm{Attention}(Q, K, V) = \mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d_k}}\right) V"
START_OPTIONS = ["random", "interpretable"]
START_NAMES = {"random": "Random: seeded weights", "interpretable": "Interpretable: named features"}
MATRICES = ("X", "W_Q", "W_K", "W_V")
NOTE_BOXES = {"warning": st.warning, "caption": st.caption, "success": st.success, "info": st.info}
NOTE_ICONS = {"warning": ":material/content_copy:", "success": ":material/lightbulb:", "info": ":material/lightbulb:"}
SUM_TRACE = "Σⱼ weights"  # the row sums, a column of their own inside the weights figure


@dataclass(frozen=True)
class Setup:
    """The starting point the learner chose, and how its axes are named."""

    start: str  # "random" or "interpretable"
    pe: bool  # positions added to X
    base: Start  # X and the W's before any edit
    tokens: tuple[str, ...]
    labels: list[str]
    what_x: str  # "embedding" or "named features"
    key: str  # names this starting point (sentence, mode, positions; seed and d_model when random)

    @property
    def n(self) -> int:
        return len(self.tokens)

    @property
    def d_model(self) -> int:
        return self.base.X.shape[1]

    @property
    def said(self) -> list[str]:
        """The labels as they read inside markdown: a token such as *, _ or $ stays literal."""
        return [md_text(t) for t in self.labels]

    @property
    def wide(self) -> bool:
        return self.d_model > 8  # wide matrices get the full width, so every printed value stays readable


def main():
    shared = setup_page(__file__, one_head=True)
    st.title("Q/K/V builder")
    st.markdown(INTRO)
    st.latex(PROJECTIONS)
    st.latex(ATTENTION)
    setup = starting_point(shared)  # random or interpretable, positions on or off
    X, W_Q, W_K, W_V = edit_matrices(setup)  # 1. X and the W's, as the learner typed them
    draw_inputs(setup, X, W_Q, W_K, W_V)
    res = build(X, W_Q, W_K, W_V)
    lexicon(setup, res)  # the interpretable start's lexicon and its hand-set W_Q
    shapes(setup, res)  # 2. n × d_model in, n × n weights, n × d_v out
    project(setup, X, res)  # 3. Q, K and V
    compare(setup, res)  # 4. scores and scaled scores
    # predict the largest weight; the weights, the output; 5. the trace; then the code, notebook and CSVs
    weigh_and_trace(shared, setup, X, W_Q, W_K, W_V, res)
    route_footer(__file__, shared)


def draw(key: str, build, *args, where=None, **plot_kwargs) -> None:
    """Draw the figures build(*args) returns, built once per arguments (attn_ui.data.cached_figure): one keyed
    `key`, several `key_0`, `key_1`, …"""
    figs = cached_figure(build, *args)
    for p, fig in enumerate(figs):
        plot(fig, key if len(figs) == 1 else f"{key}_{p}", where, **plot_kwargs)


def grid_figures(panels, title: str, columns: int, shared_rows: bool, wrap=()) -> list:
    """matrix_figure heatmaps, each panel (M, title, rows, cols, options) keeping its title on its matrix, as one
    chart `columns` to a row (one on a phone). On a phone, column names turned on their side need more room than
    the grid leaves above the next panel: there such panels are charts of their own (their margins fit their
    names), the two-word names of the panels listed in `wrap` ("wants animal") on two lines."""
    figs = []
    for M, name, rows, cols, options in panels:
        options = dict(options)
        scale = options.pop("scale", True)  # False: no colour bar (the same scale as the panel above)
        fig = matrix_figure(M, name, rows, cols, **options)
        fig.data[0].update(name=fig.layout.title.text, **({} if scale else {"showscale": False}))
        figs.append(fig)
    if len(figs) == 1:
        return [slim(figs[0])]
    if on_phone() and any(names_turn(fig) for fig in figs):
        return [slim(wrap_ticks(fig) if p in wrap else fig) for p, fig in enumerate(figs)]
    return [matrix_grid([slim(fig) for fig in figs], title, columns, shared_rows=shared_rows)]


def names_turn(panel) -> bool:
    """Whether Plotly turns a heatmap's column names on their side on a phone: the longest is wider than a cell
    (widths as attn_ui.figures.values_fit counts them, 6.5 px a character at the tick font)."""
    cols, rows = [str(c) for c in panel.data[0].x], [str(r) for r in panel.data[0].y]
    cell = (PHONE_PX - 20 - (max(map(len, rows)) * 7 + 34) - 52) / len(cols)
    return max(map(len, cols)) * 6.5 + 6 > cell


def wrap_ticks(fig):
    """Break two-word column names ("wants animal") over two lines so neighbours do not overlap."""
    ticks = list(fig.data[0].x)
    if any(" " in t for t in ticks):
        fig.update_xaxes(tickmode="array", tickvals=ticks, ticktext=[t.replace(" ", "<br>", 1) for t in ticks])
    return fig


def edited_cells(setup: Setup, X, W_Q, W_K, W_V) -> int:
    """How many cells of X and the W's differ from the starting point: the learner's accepted edits."""
    return int(sum(np.count_nonzero(M != getattr(setup.base, name))
                   for name, M in zip(MATRICES, (X, W_Q, W_K, W_V), strict=True)))


def reset_edits() -> None:
    st.session_state["_qkv_version"] = st.session_state.get("_qkv_version", 0) + 1


def show(note) -> None:
    """Show an attn_core Note in the box its kind names."""
    if note.kind in NOTE_ICONS:
        NOTE_BOXES[note.kind](note.text, icon=NOTE_ICONS[note.kind])
    else:
        NOTE_BOXES[note.kind](note.text)


def starting_point(shared) -> Setup:
    """The radio for random or interpretable weights, the positions toggle, and what each means here."""
    c_start, c_pe = st.columns([3, 2])
    url_bound("start", "random", str, options=START_OPTIONS)
    start = c_start.radio("Starting point", START_OPTIONS, key="start", format_func=START_NAMES.get, horizontal=True)
    url_bound("pe", True, parse_bool)
    pe = c_pe.toggle("Add sinusoidal positions to X", key="pe", help=(
        "Adds the paper's sin/cos position vector to each token's row of X." if start == "random" else
        "Gives X two more columns, the sine and cosine of each token's position, after the named features."))
    inputs = load_inputs(shared, positional=pe)
    if start == "interpretable":
        base = interpretable_start(inputs.tokens, positional=pe)
        st.info(say.interpretable_info(pe, base.X.shape[1], shared.d_model), icon=":material/label:")
    else:
        base = random_start(inputs.X, inputs.weights.W_Q, inputs.weights.W_K, inputs.weights.W_V)
        st.caption(say.random_start_caption(shared.seed))
    what = (start, shared.text, pe) + ((shared.seed, shared.d_model) if start == "random" else ())
    setup = Setup(start, pe, base, inputs.tokens, inputs.labels,
                  "named features" if start == "interpretable" else "embedding",
                  hashlib.blake2b(repr(what).encode(), digest_size=6).hexdigest())
    st.caption(say.one_head_caption(setup.d_model, start, pe))
    return setup


def edit_matrices(setup: Setup) -> tuple[np.ndarray, ...]:
    """An editor per matrix; a bad cell is named and keeps its last good value. Returns X, W_Q, W_K, W_V."""
    ss, base = st.session_state, setup.base
    axes = {"X": (setup.labels, base.dims), "W_Q": (base.dims, base.q_dims),
            "W_K": (base.dims, base.k_dims), "W_V": (base.dims, base.v_dims)}
    sig = f"{setup.key}_{ss.get('_qkv_version', 0)}"  # a new starting point or a reset: new, empty editors
    good = ss.get("_qkv_good")
    if not good or good["sig"] != sig:
        good = {"sig": sig, **{name: getattr(base, name) for name in MATRICES}}

    st.header("1. Start from X and three weight matrices")
    st.markdown("Type over any cell below; everything on the page recomputes from your numbers. "
                "Rows of X are tokens; rows of each W are X's columns, so **X · W** is defined.")
    problems = []
    for tab, name in zip(st.tabs([f"Edit {name}" for name in MATRICES]), MATRICES, strict=True):
        rows, cols = axes[name]
        key = f"edit_{name}_{sig}"
        table = pd.DataFrame([[cell_text(v) for v in row] for row in getattr(base, name)],
                             index=list(rows), columns=list(cols), dtype="object")
        with tab:
            st.data_editor(table, key=key, num_rows="fixed",
                           column_config={c: st.column_config.TextColumn(c) for c in cols})
        edits = (ss.get(key) or {}).get("edited_rows", {})
        named = setup.said if name == "X" else rows  # the row names an error message will print
        good[name], errors = apply_edits(name, getattr(base, name), good[name], edits, named, cols)
        problems += errors
    ss["_qkv_good"] = good
    for e in problems:
        st.error(say.edit_error(e.message, MAX_ABS, good[e.matrix][e.r, e.c]), icon=":material/error:")
    c_reset, c_note = st.columns([1, 3])
    c_reset.button("Reset all edits", key="reset", on_click=reset_edits, icon=":material/restart_alt:")
    c_note.caption("Cells show 4 significant digits; the page computes with full precision until you type over a "
                   "cell. Your edits live in this browser tab only: they are **not in the link**, and changing the "
                   "sentence, seed, d_model, starting point or positions starts again from the new starting point.")
    return tuple(good[name] for name in MATRICES)


def draw_inputs(setup: Setup, X, W_Q, W_K, W_V) -> None:
    """X, then W_Q, W_K and W_V side by side in one chart: their rows are X's columns (one below another when
    wide, and on a phone)."""
    base = setup.base
    x_title = (f"X = {setup.what_x}" if not setup.pe else
               "X = embedding + position" if setup.start == "random" else "X = named features | position")
    draw("fig_X", grid_figures, [(X, x_title, setup.labels, base.dims,
                                  {"y_title": "token", "x_title": "d_model dimension"})], "", 1, False)
    columns = 1 if setup.wide else 3
    panels = [(W, title, base.dims, dims, {"y_title": "X column", "x_title": x, "share": 1 / columns})
              for W, title, dims, x in ((W_Q, "W_Q, the query projection", base.q_dims, "Q column"),
                                        (W_K, "W_K, the key projection", base.k_dims, "K column"),
                                        (W_V, "W_V, the value projection", base.v_dims, "V column"))]
    draw("fig_W", grid_figures, panels, "The three weight matrices, each d_model × d_model", columns, True, (0, 1))


def lexicon(setup: Setup, res: Built) -> None:
    """The interpretable start's lexicon, what its hand-set W_Q asks for, and what a query with no rule does."""
    if setup.start != "interpretable":
        return
    with st.expander("The lexicon and the hand-set W_Q", icon=":material/menu_book:", expanded=True):
        lex = pd.DataFrame({"token": setup.labels,
                            "feature": [say.FEATURE_QUESTIONS[lexicon_feature(t)] for t in setup.tokens]})
        left, right = st.columns([2, 3])
        left.dataframe(lex, hide_index=True, key="lexicon_table")
        right.markdown(say.lexicon_markdown(setup.tokens, setup.said, res.Q, res.K, res.weights, setup.pe))


def shapes(setup: Setup, res: Built) -> None:
    """The shape diagram with the live n, d_model, d_k and d_v."""
    st.header("2. The shapes flow like this")
    d_v = res.V.shape[1]
    phone = on_phone()  # left to right, the diagram shrinks to a third of its size on a phone: stack it there
    st.graphviz_chart(shape_flow_dot(setup.n, setup.d_model, res.d_k, d_v, vertical=phone), width="stretch")
    st.caption(say.shapes_caption(setup.n, setup.d_model, res.d_k, d_v))


def project(setup: Setup, X, res: Built) -> None:
    """Q, K and V, what a row of each means, and what a repeated token's rows say about order."""
    st.header("3. Project: one query, key and value per token")
    base, labels = setup.base, setup.labels
    st.markdown(
        "Row i of **Q** is token i's query, *what am I looking for?* Row j of **K** is token j's key, "
        "*what do I contain?* Row j of **V** is token j's value, *what do I pass along?* "
        "Queries and keys decide the weights; values decide what gets copied."
    )
    columns = 1 if setup.wide else 3  # side by side, token i's query, key and value share a row
    panels = [(M, title, labels, dims, {"y_title": "token", "share": 1 / columns}) for M, title, dims in
              ((res.Q, "Q = X·W_Q", base.q_dims), (res.K, "K = X·W_K", base.k_dims), (res.V, "V = X·W_V", base.v_dims))]
    draw("fig_QKV", grid_figures, panels, "Q, K and V: one row per token", columns, True, (0, 1))
    words = [md_text(t) for t in setup.tokens]  # escaping keeps equal tokens equal, so the groups are the same
    for note in say.repeat_notes(words, setup.pe, X, res.Q, res.K, res.V, res.weights):
        show(note)


def pick_cell(setup: Setup, res: Built) -> tuple[int, int]:
    """Query i and key j to trace: from a click on the weights (a tap on the phone's table), the select boxes
    below, or the link; at first a pair with something to see (the action → animal pair, or the largest weight)."""
    ss, n = st.session_state, setup.n
    # a click on a weight cell picks query i and key j: apply it before the select boxes are drawn
    for event, last in ((clicked_cell(ss.get("weights_click")), "_qkv_last_click"),
                        (table_cell(ss.get("weights_pick"), setup.labels), "_qkv_last_pick")):
        if event is not None:
            ci, cj = event
            # in the browser the chart and the table keep their selection: only a new one moves the trace
            if (ci, cj) != ss.get(last) and ci < n and cj < n:
                ss["qi"], ss["kj"] = ci, cj
        ss[last] = event
    first_i, first_j = default_pair(setup.tokens, res.Q, res.K, res.weights, setup.start == "interpretable")
    url_bound("qi", first_i, int, options=list(range(n)))
    url_bound("kj", first_j, int, options=list(range(n)))
    return ss["qi"], ss["kj"]


def table_cell(event, labels) -> tuple[int, int] | None:
    """(row, col) of the cell picked in the weights table, from st.session_state["weights_pick"]."""
    cells = ((event or {}).get("selection") or {}).get("cells") or []
    if not cells:
        return None
    row, col = cells[0]
    labels = list(labels)
    return (int(row), labels.index(col)) if col in labels and 0 <= int(row) < len(labels) else None


def compare(setup: Setup, res: Built) -> None:
    """Scores and scaled scores, every query against every key."""
    st.header("4. Compare every query with every key")
    labels = setup.labels
    columns = 1 if setup.n > 8 else 2
    options = {"y_title": "query", "x_title": "key", "share": 1 / columns}
    panels = [(res.scores, "scores = QKᵀ", labels, labels, options),
              (res.scaled, say.scaled_title(res.d_k), labels, labels, options)]
    draw("fig_scores", grid_figures, panels, "Scores, before and after ÷ √d_k", columns, True)


@st.fragment
def weigh_and_trace(shared, setup: Setup, X, W_Q, W_K, W_V, res: Built) -> None:
    """The prediction, then the clickable weights, the output and the trace, then the code and the downloads (the
    notebook traces the same pair). One fragment: a click on a weight, a pick in the trace's boxes or an answer
    reruns this part of the page only."""
    i, j = pick_cell(setup, res)
    # the weights, and everything read off them, appear once the learner answers or skips
    if most_weight_checkpoint(setup, res, i):
        weights(setup, res, i, j)
        draw("fig_output", grid_figures, [(res.output, "output = weights·V", setup.labels, setup.base.v_dims,
                                           {"y_title": "token", "x_title": "value dimension"})], "", 1, False)
        action_animal(setup, X, W_Q, W_K, res)
        trace(setup, res, i, j)
    code_and_downloads(shared, setup, X, W_Q, W_K, W_V, res, i, j)


def most_weight_checkpoint(setup: Setup, res: Built, i: int) -> bool:
    """Before the weights: which key will the query give the most weight? True once answered or skipped."""
    if setup.n == 1:
        return True  # one key: there is nothing to choose between
    ss, key = st.session_state, f"cp_most_{setup.key}"
    # the query asked about and its row of weights when answered, so that a later trace or edit does not regrade it
    asked, answered_row = ss.get(f"_qkv_{key}", (None, None))
    q = asked if asked is not None else checkpoint_query(setup.tokens, i, setup.start == "interpretable")
    guess = predict(key, say.most_weight_question(setup.said[q]), options=[*range(setup.n), ALL_SAME],
                    format_func=lambda k: "They all get the same weight" if k == ALL_SAME else setup.said[k])
    if guess is None or guess.skipped:
        ss.pop(f"_qkv_{key}", None)
        if guess is None:
            return False
    elif asked is None:
        answered_row = res.weights[q].copy()
        ss[f"_qkv_{key}"] = (q, answered_row)
    verdict = say.most_weight_verdict(setup.said, q, res.scaled[q], res.weights[q], guess.value, answered_row)
    reveal(guess if verdict.graded else Guess(guess.value, skipped=True), right=verdict.right, why=verdict.why)
    return True


def weights(setup: Setup, res: Built, i: int, j: int) -> None:
    """The weights with their row sums beside them, clickable (on a phone, a table to tap instead)."""
    labels = setup.labels
    phone = on_phone()  # a tap on a phone picks the previously tapped cell of a Plotly chart: use a table there
    draw("weights_click", weights_figure, res.weights, labels, i, j, not phone, on_select="rerun",
         selection_mode="points")
    if phone or st.toggle("Pick from a table instead (for a touch screen)", key="pick_table"):
        table = pd.DataFrame(res.weights, index=labels, columns=labels)
        st.dataframe(table, key="weights_pick", on_select="rerun", selection_mode="single-cell",
                     column_config={c: st.column_config.NumberColumn(c, format="%.3f") for c in labels})
    st.caption("Each row is one query's weights over every key; it sums to 1 (the Σⱼ weights column). "
               + ("**Tap a weight in the table** to trace it below." if phone else "**Click a cell** to trace it "
                  "below."))


def weights_figure(weights, labels, i: int, j: int, clickable: bool) -> list:
    """The weights (n, n), cell (i, j) framed, and their row sums in a column of their own beside them."""
    n = len(labels)
    side = min(0.2, max(0.08, 1.4 / (n + 1.4)))  # the Σ column: about one cell wide, never too narrow for 1.000
    fig = matrix_figure(weights, "weights = softmax(QKᵀ/√d_k)", labels, labels, kind="weights",
                        y_title="query", x_title="key", clickable=clickable, share=1 - side - 0.04)
    fig.add_shape(type="rect", x0=j - 0.5, x1=j + 0.5, y0=i - 0.5, y1=i + 0.5, line={"color": "#d97706", "width": 3})
    sums = matrix_figure(weights.sum(axis=1, keepdims=True), SUM_TRACE, labels, ["Σⱼ"], kind="weights",
                         decimals=3, height=fig.layout.height).data[0]
    shown = fig.data[0].texttemplate is not None  # print the sums where the weights are printed
    fig.add_trace(sums.update(xaxis="x2", name=SUM_TRACE, showscale=False, texttemplate=sums.texttemplate
                              if shown else None, hovertemplate="query %{y}<br>row sum %{text}<extra></extra>"))
    fig.update_layout(xaxis={"domain": [0, 1 - side - 0.03]},
                      xaxis2={"domain": [1 - side, 1], "anchor": "y", "type": "category", "fixedrange": True,
                              "title": {"text": "row sum", "font": {"color": INK}}, "tickfont": {"color": INK}})
    return [slim(fig)]


def action_animal(setup: Setup, X, W_Q, W_K, res: Built) -> None:
    """In the interpretable start, why the first action attends to the first animal (or whether it still does)."""
    pair = action_animal_pair(setup.tokens) if setup.start == "interpretable" else None
    if pair is None:
        return
    a, b = pair
    show(say.action_animal_lesson(setup.said, a, b, X, W_Q, W_K, res.Q, res.K, res.scores, res.weights, res.d_k))

    def trace_pair() -> None:
        st.session_state["qi"], st.session_state["kj"] = a, b

    st.button(f"Trace {setup.said[a]} → {setup.said[b]} below", key="trace_pair", on_click=trace_pair)


def trace(setup: Setup, res: Built, i: int, j: int) -> None:
    """Weight w_ij from q_i and k_j, one step at a time, and on to output_i."""
    st.header("5. Trace one weight to the output")
    labels, n = setup.labels, setup.n
    s1, s2 = st.columns(2)
    s1.selectbox("Query i (the token that asks)", list(range(n)), key="qi", format_func=lambda k: labels[k])
    s2.selectbox("Key j (the token that answers)", list(range(n)), key="kj", format_func=lambda k: labels[k])
    t = trace_cell(res.Q, res.K, res.V, i, j)
    qi, kj = setup.said[i], setup.said[j]  # for markdown; the figures escape the raw labels their own way
    fig_col, text_col = (st.container(), st.container()) if setup.wide else st.columns([3, 2])
    draw("fig_trace", grid_figures, trace_panels(setup, res, t), f"From q and k to output for {plot_label(labels[i])}",
         1, False, where=fig_col)
    text_col.markdown(say.trace_weight_steps(t, qi, kj, res.weights[i, j]))
    text_col.markdown(say.trace_output_steps(t, qi, kj))
    text_col.caption(say.sum_check(qi, t.output, res.output[t.i]))


def trace_panels(setup: Setup, res: Built, t) -> list:
    """The trace's three matrices: q_i, k_j and q ⊙ k; each key's share w_ij·v_j of output_i; their sum."""
    labels, i, j, dims, v_dims = setup.labels, t.i, t.j, setup.base.dims, setup.base.v_dims
    share = 1 if setup.wide else 0.6
    places = 3 if setup.d_model <= 8 else 2 if setup.d_model <= 16 else 1  # fewer decimals as cells get narrower
    top = float(max(np.abs(t.shares).max(), np.abs(t.output).max()))  # one colour scale for the shares and their sum
    who = plot_label(labels[i])
    return [(np.stack([res.Q[i], res.K[j], t.products]), f"qᵢ ⊙ kⱼ for {who} → {plot_label(labels[j])}",
             [f"q ({labels[i]})", f"k ({labels[j]})", "q ⊙ k"], dims,
             {"decimals": places, "x_title": "d_k dimension", "height": 240, "share": share}),
            (t.shares, f"wⱼ·vⱼ: each key's share of output for {who}", labels, v_dims,
             {"y_title": "key j", "decimals": places, "zmax": top, "share": share}),
            (t.output[None, :], "Σⱼ wⱼ·vⱼ, the shares added up", [labels[i]], v_dims,
             {"decimals": places, "x_title": "value dimension", "height": 200, "zmax": top, "share": share,
              "scale": False})]  # the same colour scale as the shares above it


def code_and_downloads(shared, setup: Setup, X, W_Q, W_K, W_V, res: Built, i: int, j: int) -> None:
    """The page's numbers in plain numpy (the notebook's code, your accepted edits included, the trace on query i
    and key j), the notebook to download, and every matrix as a CSV."""
    base, labels = setup.base, setup.labels
    t = trace_cell(res.Q, res.K, res.V, i, j)

    def cells():
        return notebook_cells(nbk.builder_cells, X, W_Q, W_K, W_V, list(labels), i, j, dims=list(base.dims),
                              q_dims=list(base.q_dims), k_dims=list(base.k_dims), v_dims=list(base.v_dims),
                              shown_Q=res.Q, shown_K=res.K, shown_V=res.V, shown_scores=res.scores,
                              shown_scaled=res.scaled, shown_weights=res.weights, shown_output=res.output,
                              shown_trace_weight=t.weight, shown_trace_output=t.output)

    nbk.show_code(say.code_intro(setup.said[i], setup.said[j]), cells, X.size + W_Q.size + W_K.size + W_V.size,
                  long_help="Every number of X and the W's, so it is long.")
    settings = {"sentence": shared.text, **({"seed": shared.seed, "d_model": shared.d_model} if setup.start == "random"
                                            else {"d_model": f"{setup.d_model} (the named features)"}),
                "starting point": START_NAMES[setup.start], "positions": "on" if setup.pe else "off",
                "query i": labels[i], "key j": labels[j], "edited cells": edited_cells(setup, X, W_Q, W_K, W_V)}
    link = nbk.link_here("QKV_builder")  # read now: the notebook itself is built when the learner clicks
    nbk.download_button(lambda: nbk.notebook("Attention Explorer: Q/K/V builder", settings, link, cells()),
                        "attention_explorer_qkv_builder.ipynb", key="download_notebook")
    tables = {"X": (X, labels, base.dims), "W_Q": (W_Q, base.dims, base.q_dims),
              "W_K": (W_K, base.dims, base.k_dims), "W_V": (W_V, base.dims, base.v_dims),
              "Q": (res.Q, labels, base.q_dims), "K": (res.K, labels, base.k_dims), "V": (res.V, labels, base.v_dims),
              "scores_QKt": (res.scores, labels, labels), "scaled": (res.scaled, labels, labels),
              "weights": (res.weights, labels, labels), "output": (res.output, labels, base.v_dims)}
    st.download_button("Download every matrix (a zip of CSVs with token labels)", lambda: csv_zip(tables),
                       file_name="attention_matrices.zip", mime="application/zip", key="download_zip",
                       on_click="ignore", icon=":material/download:")


main()
