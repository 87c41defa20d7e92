"""Q/K/V builder: from the sentence to Q, K, V and the weights, editable, and traceable to a single number."""

import hashlib
from dataclasses import replace

import pandas as pd
import streamlit as st

from attn_core.builder import (
    Built,
    action_animal_pair,
    build,
    checkpoint_query,
    default_pair,
    doubled_query,
    edited_cells,
    edits_digest,
    interpretable_start,
    lexicon_feature,
    random_start,
    trace_cell,
)
from attn_lessons import builder as say
from attn_ui.builder_setup import Setup
from attn_ui.cells import MAX_ABS, apply_edits, cell_text
from attn_ui.checkpoint import predict, reveal
from attn_ui import notebooks as nbk
from attn_ui import classroom
from attn_ui.data import load_inputs, notebook_cells
from attn_ui.exports import csv_zip, shape_flow_html
from attn_ui.tables import draw_matrix as draw, draw_row, shared_range
from attn_lessons.format import md_text
from attn_lessons.formula import ATTENTION
from attn_ui.params import parse_bool
from attn_ui.folds import fold
from attn_ui.serving import one_at_a_time
from attn_ui.state import route_footer, setup_page, url_bound

# two lines, so that neither runs off a phone's screen
PROJECTIONS = r"Q = XW_Q,\quad K = XW_K,\quad V = XW_V"
START_OPTIONS = ["random", "interpretable"]
MATRICES = ("X", "W_Q", "W_K", "W_V")
NO_EDIT = "none"  # the editor chooser's first option: every matrix a table, no editor drawn


def start_name(start: str) -> str:
    """The starting point's label, in the session's language."""
    return say.text(f"start-name-{start}")


def edit_name(name: str) -> str:
    """The editor chooser's label for `name`: a matrix by its symbol, or none."""
    return say.text("edit-none") if name == NO_EDIT else name



NOTE_BOXES = {"warning": st.warning, "caption": st.caption, "success": st.success, "info": st.info}
NOTE_ICONS = {"warning": ":material/content_copy:", "success": ":material/lightbulb:", "info": ":material/lightbulb:"}
MOST = say.DOUBLE_WQ.key  # the prediction's key, "qkv_most" (its widgets' names): what does doubling W_Q do?


@one_at_a_time
def main():
    shared = setup_page(__file__, one_head=True)
    st.title(say.text("title"))
    st.markdown(say.INTRO)
    st.latex(PROJECTIONS)
    setup = starting_point(shared)  # random, or Home's named features; positions on or off
    X, W_Q, W_K, W_V = edit_matrices(setup)  # 1. X and the W's as tables, one of them editable when picked
    # the named features' lexicon (that start only), drawn once the page knows if the question is open
    lexicon_box = st.container() if setup.start == "interpretable" else None
    res = build(X, W_Q, W_K, W_V)
    shapes(setup, res)  # 2. n × d_model in, n × n weights, n × d_v out
    project(setup, X, res)  # 3. Q, K and V
    # 4. predict what doubling W_Q does to one query's weights; only then the scores and weights
    asked = double_wq_checkpoint(setup, (X, W_Q, W_K, W_V), numbers_of(shared, setup, X, W_Q, W_K, W_V))
    lexicon(lexicon_box, setup, res, asked)  # the interpretable start's lexicon and its hand-set W_Q
    if asked:  # 4. the scores, the weights, the output; 5. the trace; the code, notebook, CSVs
        weigh_and_trace(shared, setup, X, W_Q, W_K, W_V, res)
    route_footer(__file__, shared)


def draw_side_by_side(tables, side_by_side: bool, where=None) -> None:
    """Tables (M, title, rows, cols, options) side by side, as many to a line as the width holds (a row that
    wraps: on a phone, one below another), in one st.html; or, when they are too wide for that, one below another,
    still in one st.html (each element costs the server its own message at every rerun)."""
    draw_row([{"M": M, "title": title, "rows": rows, "cols": cols, **options}
              for M, title, rows, cols, options in tables], where=where or st, stacked=not side_by_side)


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
    # one block that wraps on a phone, not a row of columns (three blocks): every element costs a message a rerun
    row = st.container(horizontal=True, vertical_alignment="center")
    url_bound("start", "random", str, options=START_OPTIONS)
    start = row.radio(say.text("start-label"), START_OPTIONS, key="start", format_func=start_name,
                          horizontal=True, help=say.start_help(shared.d_model))
    url_bound("pe", True, parse_bool)
    pe = row.toggle(say.text("positions-label"), key="pe", help=say.POSITIONS_HELP[start])
    inputs = load_inputs(shared, positional=pe)
    if start == "interpretable":  # Home's named features and rules: the story goes on where Home left it
        base = say.with_dims_said(interpretable_start(inputs.tokens, positional=pe))  # its axes in words
        st.info(say.interpretable_info(pe, base.X.shape[1], shared.d_model), icon=":material/label:")
    else:
        base = random_start(inputs.X, inputs.weights.W_Q, inputs.weights.W_K, inputs.weights.W_V)
        st.caption(say.random_start_caption(shared.seed))
    what = (start, shared.text, pe) + ((shared.seed, shared.d_model) if start == "random" else ())
    setup = Setup(start, pe, base, inputs.tokens, inputs.labels,
                  "named" if start == "interpretable" else "embedding",
                  hashlib.blake2b(repr(what).encode(), digest_size=6).hexdigest())
    return setup


def accepted(setup: Setup) -> dict:
    """The X and W's the page computes with, kept in the session: the starting point with every accepted edit.
    A new starting point or a reset starts again from the starting point."""
    ss, base = st.session_state, setup.base
    sig = f"{setup.key}_{ss.get('_qkv_version', 0)}"
    good = ss.get("_qkv_good")
    if not good or good["sig"] != sig:
        good = ss["_qkv_good"] = {"sig": sig, **{name: getattr(base, name) for name in MATRICES}}
        ss.pop("_qkv_open", None)
    return good


def edit_matrices(setup: Setup) -> tuple:
    """Section 1: X and the W's as tables, the page's first picture; under them one control picks the matrix to
    edit (none at first, so no editor is drawn); that one matrix is an editor, a bad cell named and kept at its
    last good value. Returns X, W_Q, W_K, W_V as the page computes with them."""
    st.header(say.START_HEADER)
    st.markdown(say.START_INTRO)
    tables = st.container()  # drawn once the editor has said what the numbers are
    good = accepted(setup)
    row = st.container(horizontal=True, vertical_alignment="bottom")  # one block, not a row of columns
    which = row.radio(say.text("edit-label"), [NO_EDIT, *MATRICES], key="edit", format_func=edit_name,
                         horizontal=True, help=say.EDIT_HELP)
    row.button(say.text("reset"), key="reset", on_click=reset_edits, icon=":material/restart_alt:")
    if which != NO_EDIT:
        editor(setup, good, which)
    draw_inputs(setup, *(good[name] for name in MATRICES), where=tables)
    return tuple(good[name] for name in MATRICES)


def editor(setup: Setup, good: dict, name: str) -> None:
    """Matrix `name` as a st.data_editor over the values it had when it was picked; each accepted cell goes into
    `good`, a refused one is named and keeps its last good value."""
    ss, base = st.session_state, setup.base
    axes = {"X": (setup.labels, base.dims), "W_Q": (base.dims, base.q_dims),
            "W_K": (base.dims, base.k_dims), "W_V": (base.dims, base.v_dims)}
    rows, cols = axes[name]
    opened = ss.get("_qkv_open")
    if not opened or opened["name"] != name:  # picked just now: a fresh editor over the numbers as they are
        count = (opened or {}).get("count", 0) + 1
        opened = ss["_qkv_open"] = {"name": name, "count": count, "start": good[name].copy()}
    key = f"edit_{name}_{good['sig']}_{opened['count']}"
    frame = pd.DataFrame([[cell_text(v) for v in row] for row in opened["start"]],
                         index=list(rows), columns=list(cols), dtype="object")
    st.caption(say.edit_caption(name, setup.start))
    st.data_editor(frame, key=key, num_rows="fixed", column_config={c: st.column_config.TextColumn(c) for c in cols})
    edits = (ss.get(key) or {}).get("edited_rows", {})
    named = setup.said if name == "X" else rows  # the row names an error message will print
    good[name], errors = apply_edits(name, opened["start"], good[name], edits, named, cols)
    for e in errors:
        st.error(say.edit_error(e.message, MAX_ABS, good[e.matrix][e.r, e.c]), icon=":material/error:")


def draw_inputs(setup: Setup, X, W_Q, W_K, W_V, where) -> None:
    """X, then W_Q, W_K and W_V side by side: their rows are X's columns (one below another when wide; the
    columns stack on a phone)."""
    base = setup.base
    what = say.text(f"what-x-{setup.what_x}" + ("-positions" if setup.pe else ""))
    x = (X, "X", setup.labels, base.dims, {"formula": what, "y_title": say.text("axis-token"),
                                          "x_title": say.text("axis-d-model"), "decimals": setup.decimals})
    ws = [(W, say.text(f"w-{m}-title"), base.dims, dims, {"y_title": say.text("axis-x-column"),
                                                         "x_title": say.text(f"axis-{m}-column"),
                                                         "decimals": setup.decimals})
          for W, m, dims in ((W_Q, "q", base.q_dims), (W_K, "k", base.k_dims), (W_V, "v", base.v_dims))]
    draw_side_by_side([x], False, where=where)
    draw_side_by_side(ws, not setup.wide, where=where)


def lexicon(box, setup: Setup, res: Built, asked: bool) -> None:
    """The interpretable start's lexicon, what its hand-set W_Q asks for, and what a query with no rule does (once
    the prediction is answered: `asked`), folded in `box` under the tables."""
    if setup.start != "interpretable":
        return
    with fold(say.LEXICON_TITLE, "fold_lexicon", icon=":material/menu_book:", where=box) as shown:
        if not shown:
            return
        lex = pd.DataFrame({say.text("lexicon-token"): setup.labels,
                            say.text("lexicon-feature"): [say.FEATURE_QUESTIONS[lexicon_feature(t)]
                                                          for t in setup.tokens]})
        left, right = st.columns([2, 3])
        left.dataframe(lex, hide_index=True, key="lexicon_table")
        right.markdown(say.lexicon_markdown(setup.tokens, setup.said, res.Q, res.K, res.weights, setup.pe, asked).text)


def shapes(setup: Setup, res: Built) -> None:
    """The shape diagram with the live n, d_model, d_k and d_v: top to bottom in a column beside its caption, at
    every width (Streamlit stacks the columns on a phone), so no layout depends on the device."""
    st.header(say.SHAPES_HEADER)
    d_v = res.V.shape[1]
    figure, words = st.columns(2)
    figure.html(shape_flow_html(setup.n, setup.d_model, res.d_k, d_v))
    words.caption(say.shapes_caption(setup.n, setup.d_model, res.d_k, d_v))
    words.caption(say.one_head_caption(setup.d_model, setup.start, setup.pe))


def project(setup: Setup, X, res: Built) -> None:
    """Q, K and V, what a row of each means, and what a repeated token's rows say about order."""
    st.header(say.PROJECT_HEADER)
    base, labels = setup.base, setup.labels
    st.markdown(say.PROJECT_INTRO)
    # side by side, token i's query, key and value share a row
    draw_side_by_side([(M, name, labels, dims, {"formula": f"X·W_{name}", "y_title": say.text("axis-token"),
                                                "decimals": setup.decimals})
                       for M, name, dims in ((res.Q, "Q", base.q_dims), (res.K, "K", base.k_dims),
                                             (res.V, "V", base.v_dims))], not setup.wide)
    words = [md_text(t) for t in setup.tokens]  # escaping keeps equal tokens equal, so the groups are the same
    for note in say.repeat_notes(words, setup.pe, X, res.Q, res.K, res.V, res.weights):
        show(note)


def pick_cell(setup: Setup, res: Built) -> tuple[int, int]:
    """Query i and key j to trace, as the trace's select boxes (or the link) have them; at first a pair with
    something to see (the action → animal pair, or the largest weight)."""
    first_i, first_j = default_pair(setup.tokens, res.Q, res.K, res.weights, setup.start == "interpretable")
    url_bound("qi", first_i, int, options=list(range(setup.n)))
    url_bound("kj", first_j, int, options=list(range(setup.n)))
    return st.session_state["qi"], st.session_state["kj"]


def compare(setup: Setup, res: Built, row: int, col: int) -> None:
    """Scores and scaled scores, every query against every key, with the traced query's row and key's column
    outlined."""
    labels = setup.labels
    options = {"y_title": say.text("axis-query"), "x_title": say.text("axis-key"), "highlight_row": row,
               "highlight_col": col, "decimals": setup.decimals}
    draw_side_by_side([(res.scores, say.text("scores"), labels, labels, {"formula": "QKᵀ", **options}),
                       (res.scaled, say.scaled_title(res.d_k), labels, labels, options)], setup.n <= 8)


def numbers_of(shared, setup: Setup, X, W_Q, W_K, W_V) -> tuple:
    """What only moves the prediction's numbers, by name: the seed and d_model (random start), the positions,
    and the learner's edits (a digest of every cell that differs from the starting point)."""
    drawn = (("seed", shared.seed), ("d_model", shared.d_model)) if setup.start == "random" else ()
    return (*drawn, ("positions", setup.pe), ("edits", edits_digest(setup.base, X, W_Q, W_K, W_V)))


def double_wq_checkpoint(setup: Setup, inputs: tuple, numbers: tuple) -> bool:
    """Section 4 opens with the builder's own question: what would doubling W_Q do to the query's weights? (Home
    already asked which key it gives the most weight.) The query comes from the sentence; the question is about the
    sentence, the starting point and that query, and `numbers` only move its numbers. True once answered or skipped:
    until then nothing on the page shows the scores or weights."""
    st.header(say.COMPARE_HEADER)
    st.latex(ATTENTION)
    if setup.n == 1:
        return True  # one key: it gets all the weight whatever W_Q is
    q, labels = checkpoint_query(setup.tokens), setup.labels
    guess = predict(say.DOUBLE_WQ, say.double_wq_question(setup.said[q]), options=list(say.DOUBLE_OPTIONS),
                    format_func=say.double_option, about=(tuple(labels), setup.start, labels[q]), numbers=numbers)
    if guess is None:
        return False
    ss, seen = st.session_state, f"_{MOST}_numbers"  # the numbers the guess was made on, to say which moved
    if guess.moved and not guess.skipped:
        before = dict(ss.get(seen, ()))
        st.caption(say.numbers_moved([name for name, value in numbers if name in before and before[name] != value]))
    elif not guess.moved:
        ss[seen] = numbers
    doubled = doubled_query(*inputs, q, say.WEIGHT_DECIMALS)  # attn_core builds both and compares row q
    verdict = say.double_wq_verdict(setup.said, doubled, None if guess.skipped else guess.value)
    reveal(replace(guess, moved=False), right=verdict.right, why=verdict.why,  # the caption above says what moved
           asked=say.DOUBLE_WQ, state=classroom.page_state(query=q, start=setup.start, pe=setup.pe))
    return True


@st.fragment
def weigh_and_trace(shared, setup: Setup, X, W_Q, W_K, W_V, res: Built) -> None:
    """Once the prediction is answered: the scores, the weights, the output, the lesson and the trace, then the
    code and the downloads (the notebook traces the same pair). A fragment: a pick in the trace's boxes reruns
    this part of the page only, and every table outlines the pair traced."""
    i, j = pick_cell(setup, res)
    compare(setup, res, i, j)
    weights(setup, res, i, j)
    draw(res.output, say.text("output"), setup.labels, setup.base.v_dims, formula="weights·V",
         y_title=say.text("axis-token"), x_title=say.text("axis-value"), highlight_row=i, decimals=setup.decimals)
    action_animal(setup, X, W_Q, W_K, res)
    trace(setup, res, i, j)
    code_and_downloads(shared, setup, X, W_Q, W_K, W_V, res, i, j)


def weights(setup: Setup, res: Built, i: int, j: int) -> None:
    """The weights, the traced query's row and key's column outlined, with their row sums beside them."""
    labels = setup.labels
    # side by side while they fit; the sums wrap under the weights when they do not
    draw_side_by_side([(res.weights, "weights", labels, labels,
                        {"formula": "softmax(QKᵀ/√d_k)", "kind": "weights", "decimals": 3,
                         "y_title": say.text("axis-query"), "x_title": say.text("axis-key"), "highlight_row": i,
                         "highlight_col": j}),
                       (res.row_sums, say.text("sums"), labels, ["Σⱼ"],
                        {"kind": "weights", "decimals": 3, "y_title": say.text("axis-query"), "highlight_row": i,
                         "legend": False})],
                      True)
    st.caption(say.WEIGHTS_CAPTION)


def action_animal(setup: Setup, X, W_Q, W_K, res: Built) -> None:
    """In the interpretable start, why the first action attends to the first animal (or whether it still does)."""
    pair = action_animal_pair(setup.tokens) if setup.start == "interpretable" else None
    if pair is None:
        return
    a, b = pair
    show(say.action_animal_lesson(setup.said, a, b, X, W_Q, W_K, res.Q, res.K, res.scores, res.weights, res.d_k))

    def trace_pair() -> None:
        st.session_state["qi"], st.session_state["kj"] = a, b

    st.button(say.text("trace-pair", query=setup.said[a], key=setup.said[b]), key="trace_pair", on_click=trace_pair)


def trace(setup: Setup, res: Built, i: int, j: int) -> None:
    """Weight w_ij from q_i and k_j, one step at a time, and on to output_i."""
    st.header(say.TRACE_HEADER)
    labels, n = setup.labels, setup.n
    row = st.container(horizontal=True, vertical_alignment="bottom")  # one block; the boxes level on a phone
    row.selectbox(say.QUERY_PICKER, list(range(n)), key="qi", format_func=lambda k: labels[k])
    row.selectbox(say.KEY_PICKER, list(range(n)), key="kj", format_func=lambda k: labels[k])
    t = trace_cell(res.Q, res.K, res.V, i, j)
    qi, kj = setup.said[i], setup.said[j]  # for markdown; the tables escape the raw labels their own way
    tables_col, text_col = (st.container(), st.container()) if setup.wide else st.columns([3, 2])
    draw_side_by_side(trace_tables(setup, res, t), False, where=tables_col)
    text_col.markdown(say.trace_weight_steps(t, qi, kj, res.weights[i, j]).text)
    text_col.markdown(say.trace_output_steps(t, qi, kj, setup.every_share).text)
    text_col.caption(say.sum_check(qi, t.output, res.output[t.i]).text)


def trace_tables(setup: Setup, res: Built, t) -> list:
    """The trace's tables: q_i, k_j and q ⊙ k; each key's share w_ij·v_j of output_i, key j's outlined (up to
    SHARES_MOST entries); their sum, on the shares' colour scale."""
    labels, i, j, dims, v_dims = setup.labels, t.i, t.j, setup.base.dims, setup.base.v_dims
    places = setup.trace_decimals
    top = shared_range(t.shares, t.output)  # one colour scale for the shares and their sum
    products_title, shares_title = say.trace_titles(labels[i], labels[j])
    products = (t.product_rows, products_title, [f"q ({labels[i]})", f"k ({labels[j]})", "q ⊙ k"], dims,
                {"decimals": places, "x_title": say.text("axis-d-k"), "highlight_row": 2})
    shares = (t.shares, shares_title, labels, v_dims,
              {"y_title": say.text("axis-key-j"), "decimals": places, "zmax": top, "highlight_row": j})
    added = (t.output[None, :], say.SUM_TITLE, [labels[i]], v_dims,
             {"decimals": places, "x_title": say.text("axis-value"), "zmax": top, "legend": not setup.every_share})
    return [products, shares, added] if setup.every_share else [products, added]


def code_and_downloads(shared, setup: Setup, X, W_Q, W_K, W_V, res: Built, i: int, j: int) -> None:
    """The page's numbers in plain numpy (the notebook's code, your accepted edits included, the trace on query i
    and key j), the notebook to download, and every matrix as a CSV."""
    base, labels = setup.base, setup.labels
    t = trace_cell(res.Q, res.K, res.V, i, j)

    def cells():
        return notebook_cells(
            nbk.cells, "builder",
            {"labels": nbk.names(labels), "X": X, "W_Q": W_Q, "W_K": W_K, "W_V": W_V,
             "dims": nbk.names(base.dims, say.DIMS_NOTE),
             "q_dims": nbk.names(base.q_dims, say.text("nb-q-dims")),
             "k_dims": nbk.names(base.k_dims, say.text("nb-k-dims")),
             "v_dims": nbk.names(base.v_dims, say.text("nb-v-dims")),
             "i, j": nbk.Note((int(i), int(j)), say.text("nb-pair", query=repr(labels[i]), key=repr(labels[j])))},
            {"Q": res.Q, "K": res.K, "V": res.V, "scores": res.scores, "scaled": res.scaled, "weights": res.weights,
             "output": res.output, "trace_weight": t.weight, "trace_output": t.output},
            {"query": md_text(labels[i]), "key": md_text(labels[j])})

    drawn = ({"seed": shared.seed, "d_model": shared.d_model} if setup.start == "random"
             else {"d_model": say.text("setting-named-d-model", d_model=str(setup.d_model))})
    settings = {say.text("setting-sentence"): shared.text, **drawn, say.text("setting-start"): start_name(setup.start),
                say.text("setting-positions"): say.text("setting-on" if setup.pe else "setting-off"),
                say.text("setting-query"): labels[i], say.text("setting-key"): labels[j],
                say.text("setting-edited"): edited_cells(base, X, W_Q, W_K, W_V)}
    nbk.take_it_home(__file__, say.code_intro(setup.said[i], setup.said[j]), cells,
                     X.size + W_Q.size + W_K.size + W_V.size, settings, long_help=say.LONG_HELP)
    tables = {"X": (X, labels, base.dims), "W_Q": (W_Q, base.dims, base.q_dims),
              "W_K": (W_K, base.dims, base.k_dims), "W_V": (W_V, base.dims, base.v_dims),
              "Q": (res.Q, labels, base.q_dims), "K": (res.K, labels, base.k_dims), "V": (res.V, labels, base.v_dims),
              "scores_QKt": (res.scores, labels, labels), "scaled": (res.scaled, labels, labels),
              "weights": (res.weights, labels, labels), "output": (res.output, labels, base.v_dims)}
    st.download_button(say.DOWNLOAD_ZIP, lambda: csv_zip(tables),
                       file_name="attention_matrices.zip", mime="application/zip", key="download_zip",
                       on_click="ignore", icon=":material/download:")


main()
