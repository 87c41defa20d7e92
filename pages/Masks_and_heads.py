"""Masks and heads: which query→key pairs may attend at all, and what several heads change."""

import numpy as np
import pandas as pd
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

import attn_core
from attn_core import masks
from attn_lessons import masks as say
from attn_lessons.i18n import tr
from attn_lessons.format import md_text
from attn_ui.checkpoint import Guess, predict, reveal, still_open
from attn_ui import notebooks as nbk
from attn_ui import classroom
from attn_ui.data import load_inputs, notebook_cells
from attn_ui.glossary import define
from attn_ui.params import parse_bool, parse_int, parse_mask_param
from attn_ui.serving import one_at_a_time
from attn_ui.state import rerun_fragments, route_footer, set_url, setup_page, token_picker, url_bound
from attn_ui.tables import draw_matrix as draw
from attn_ui.tables import draw_row

HEADS_PER_GROUP = 8  # more heads than this are shown a group at a time
GRID_COLUMNS = 2  # two tables to a row on a wide screen; a table wider than its column scrolls in its own box
PICKER_PX = 240  # a select box a quarter of a laptop's page wide, as a column of [1, 3] made it
# fragment keys: the head and the query boxes rerun their own section and the notebook, which uses both
STEPS, QUERY, NOTEBOOK = "masks_steps", "masks_query", "masks_take_home"
SOURCES = (attn_core.multi_head_attention, attn_core.scaled_dot_product_attention, attn_core.softmax,
           masks.build_mask)  # under the notebook's code (after say.SOURCES_WORDS): where the page's numbers come from
SEE = say.SEE  # section 2's prediction, key "masks_see": which keys may the third token see?
# this page's grid in the session, apart from Mask mistakes' text box (key "custom"); both links say ?custom=…
GRID = "masks_custom"


@one_at_a_time
def main():
    shared = setup_page(__file__)
    st.title(tr("masks-title"))
    st.markdown(say.INTRO)
    formula, cases = st.columns(2)  # side by side on a wide screen, so section 2's question is on the first screen
    formula.latex(say.FORMULA)
    cases.latex(say.mask_cases())
    cases.caption(say.CONVENTION)
    inputs, mask, described = choose_mask(load_inputs(shared))  # 1. which pairs may attend; padding appends ⟨pad⟩
    res = attend(inputs, mask, shared.heads)  # the same mask on every head
    about, numbers = subject(inputs, mask), (shared.seed, shared.d_model, shared.heads)  # numbers: weights only
    asking = still_open(SEE, about, numbers)  # the question is open
    describe_mask(described, inputs, asking)  # what the mask lets a token see: held back while section 2 asks it
    step_by_step(inputs, mask, res, about, numbers, asking)  # 2. predict which keys the third token sees; the steps
    if not asking:  # every table from here on shows the mask's rows, the one asked about included
        blocked_rows(inputs, mask, res)  # a query that may see no key gets 0, not NaN
    several_heads(inputs, mask, res, asking)  # 3. the heads side by side, one query across them, their average
    take_it_home(shared, inputs, mask, res)  # the code and the notebook, for the head and query shown above
    route_footer(__file__, shared)


def attend(inputs: attn_core.Inputs, mask: np.ndarray, heads: int) -> attn_core.MultiHeadResult:
    """Multi-head attention over the sentence with `mask` on every head."""
    w = inputs.weights
    return attn_core.multi_head_attention(inputs.X, w.W_Q, w.W_K, w.W_V, heads, w.W_O, mask)


def choose_mask(inputs: attn_core.Inputs) -> tuple[attn_core.Inputs, np.ndarray, DeltaGenerator]:
    """The mask radio and its controls; returns the inputs (with any ⟨pad⟩ tokens), the (n, n) mask, and the place
    under the controls for the mask's description (describe_mask), which waits to know if section 2 asks."""
    st.header(tr("masks-choose-header"))
    url_bound("mask", "causal", str, options=list(masks.MASK_KINDS))
    kind = st.radio(tr("masks-choose-label"), options=masks.MASK_KINDS, key="mask",
                    format_func=say.mask_label, horizontal=True)
    n_pad, custom = 0, None
    if kind == "padding":
        pads = list(range(masks.MAX_PAD + 1))
        url_bound("pad", 1, lambda raw: parse_int(raw, 0, masks.MAX_PAD, "pad"), options=pads)
        n_pad = st.select_slider(say.PAD_SLIDER, options=pads,
                                 key="pad")
        inputs = masks.with_padding(inputs, n_pad)  # the filler is real input: it gets a query, a key, a value
    described = st.container()
    if kind == "custom":
        custom = custom_grid(inputs.labels)
    mask = masks.build_mask(kind, len(inputs.labels), n_padded=n_pad, custom=custom)
    error = say.nothing_can_attend(mask)
    if error:
        st.error(error.text, icon=":material/block:")
    return inputs, mask, described


def describe_mask(where: DeltaGenerator, inputs: attn_core.Inputs, asking: bool) -> None:
    """Under section 1's controls: what the chosen mask lets a token see, or, while section 2's question asks it,
    what the learner needs to answer (how much filler there is) and that the rest waits."""
    n_real = masks.n_real(inputs.tokens)
    caption = say.mask_caption(st.session_state["mask"], n_real, len(inputs.labels) - n_real, asking)
    if caption:
        where.caption(caption)


def _use_preset(pattern: np.ndarray) -> None:
    st.session_state[GRID] = masks.encode_mask(pattern)
    # a fresh editor, so the old editor's ticks do not reapply on top of the preset
    st.session_state[f"{GRID}_rev"] = st.session_state.get(f"{GRID}_rev", 0) + 1


def custom_grid(labels: list[str]) -> np.ndarray:
    """The learner's own grid of ticks, kept in the link as "110-111-001"; returns the (n, n) mask."""
    ss = st.session_state
    n = len(labels)
    url_bound(GRID, masks.encode_mask(masks.build_mask("none", n)), parse_mask_param, param="custom")
    custom = masks.parse_mask(ss[GRID])
    if custom.shape[0] != n:
        m = custom.shape[0]
        custom = masks.fit_mask(custom, n)
        ss[GRID] = masks.encode_mask(custom)
        st.info(say.refit_notice(m, n).text, icon=":material/aspect_ratio:")
    st.caption(say.tick_caption(n))  # the editor scrolls sideways inside its own box, never the page
    # one block that wraps on a phone, not a row of four columns (five blocks): every element costs a message a rerun
    row = st.container(horizontal=True)
    row.button(tr("masks-preset-all"), key="preset_all", on_click=_use_preset, args=(masks.build_mask("none", n),))
    row.button(tr("masks-preset-causal"), key="preset_causal", on_click=_use_preset,
              args=(masks.build_mask("causal", n),))
    row.button(tr("masks-preset-none"), key="preset_none", on_click=_use_preset, args=(masks.blocked_mask(n),))
    grid = pd.DataFrame(custom, index=pd.Index(labels, name=tr("masks-grid-corner")), columns=labels)
    edited = st.data_editor(
        grid, key=f"{GRID}_editor_{ss.get(f'{GRID}_rev', 0)}", num_rows="fixed",
        column_config={lab: st.column_config.CheckboxColumn(lab, width="small") for lab in labels},
    )
    custom = edited.to_numpy(dtype=bool)
    ss[GRID] = masks.encode_mask(custom)
    set_url("custom", ss[GRID])
    st.caption(say.grid_link_caption(ss[GRID]))
    return custom


def subject(inputs: attn_core.Inputs, mask: np.ndarray) -> tuple:
    """What section 2's question is about: the mask kind, the tokens, the query asked about and its row of the
    mask. A new one opens the question again; the seed, d_model and heads only move the weights."""
    i = masks.checkpoint_token(masks.n_real(inputs.tokens))
    return st.session_state["mask"], tuple(inputs.labels), i, masks.encode_mask(mask[[i]])


@st.fragment(key=STEPS)
def step_by_step(inputs: attn_core.Inputs, mask: np.ndarray, res: attn_core.MultiHeadResult, about, numbers,
                 asking: bool) -> None:
    """Predict first; then one head's mask, masked scores, weights and output, and the layer's output. `asking`:
    the question was open when the whole page last ran, so the sections after this one hid their tables."""
    st.header(say.STEPS_HEADER)
    labels, heads = inputs.labels, res.weights.shape[0]
    n, d_model = inputs.X.shape
    guess = which_keys(inputs, mask, about, numbers)
    if (guess is None) != asking:
        st.rerun()  # answered, or asked again, in this section: the sections after it show (or hide) their tables
    if guess is None:
        return  # the tables answer the question: they wait for a prediction
    title, pick = st.columns([3, 1], vertical_alignment="center")  # one row: the tables start on the first screen
    h = 0
    if heads > 1:
        url_bound("head", 1, int, options=list(range(1, heads + 1)))
        h = pick.selectbox(tr("masks-head-picker"), options=list(range(1, heads + 1)), key="head",
                           format_func=lambda k: tr("masks-head-option", head=k),
                           on_change=rerun_fragments(STEPS, NOTEBOOK),
                           label_visibility="collapsed") - 1  # the title beside it says what it picks
    title.markdown(f"**{say.steps_title(h, heads)}**")
    steps_tables(inputs, mask, res, h, guess)
    st.caption(say.heads_caption(d_model, heads).text)
    define("concat", "W_O")  # the output's formula below uses both; section 3 says more
    # a query that may see no key gets an output of 0: outline the first
    draw(res.output, "output", labels, [f"d{c}" for c in range(d_model)], formula=tr("masks-output-formula"),
         x_title=tr("masks-axis-model-dimension"), y_title=tr("masks-axis-query"),
         highlight_row=masks.first_blocked_row(mask))


def steps_tables(inputs: attn_core.Inputs, mask: np.ndarray, res: attn_core.MultiHeadResult, h: int,
                 guess: Guess) -> None:
    """Head h's mask and masked scores, the verdict on the prediction, then its weights (n, n) and output (n, d_k),
    two to a row, each with its sentence; the row of the query asked about outlined in every one."""
    labels, heads = inputs.labels, res.weights.shape[0]
    i = masks.checkpoint_token(masks.n_real(inputs.tokens))
    axes = {"x_title": tr("masks-axis-key"), "y_title": tr("masks-axis-query"), "highlight_row": i,
            "share": 1 / GRID_COLUMNS}
    left, right = st.columns(GRID_COLUMNS)
    draw(mask.astype(float), say.MASK_TITLE, labels, labels, kind="weights",
         decimals=0, where=left, **axes)
    left.caption(f"{tr('masks-mask-lead')} {say.allowed_pairs(mask).text}")
    draw(res.scaled[h], say.scores_title(h, heads, res.d_k), labels, labels, where=right, **axes)
    nothing = say.all_scores_blocked(mask)
    if nothing:
        right.info(nothing.text, icon=":material/block:")
    else:
        right.caption(f"{tr('masks-scores-lead')} {say.scores_caption(mask).text}")
    verdict(inputs, mask, res, guess)  # read against the mask's row, just above
    left, right = st.columns(GRID_COLUMNS)
    draw(res.weights[h], say.weights_title(h, heads), labels, labels, kind="weights", where=left, **axes)
    left.caption(f"{tr('masks-weights-lead')} {say.weights_caption(mask, res.weights).text}")
    dims = [f"d{c}" for c in masks.value_columns(h, res.d_k)]  # this head's own columns of V
    draw(res.head_outputs[h], say.head_output_title(h, heads), labels, dims, where=right,
         **(axes | {"x_title": tr("masks-axis-value-dimension")}))
    right.caption(f"{tr('masks-head-output-lead')} {say.head_output_caption(h, heads, res.d_k).text}")


def which_keys(inputs: attn_core.Inputs, mask: np.ndarray, about, numbers) -> Guess | None:
    """Predict first: which keys may the third token see under this mask? The options are the keys' labels."""
    labels = list(inputs.labels)
    shown = [md_text(lab) for lab in labels]  # a token such as * or $ is printed, not read as markdown
    n_real = masks.n_real(inputs.tokens)
    i = masks.checkpoint_token(n_real)
    options = [tuple(labels[j] for j in keys) for keys in masks.key_set_options(mask, i, n_real)]
    return predict(SEE, say.see_question(st.session_state["mask"], shown, i, len(labels) - n_real),
                   options=options, format_func=lambda names: say.keys_text(shown, [labels.index(x) for x in names]),
                   about=about, numbers=numbers)


def verdict(inputs: attn_core.Inputs, mask: np.ndarray, res: attn_core.MultiHeadResult, guess: Guess) -> None:
    """Right or not, and why, from the mask's row and every head's weights."""
    n_real = masks.n_real(inputs.tokens)
    i = masks.checkpoint_token(n_real)
    keys = None if guess.value is None else [inputs.labels.index(x) for x in guess.value]  # labels back to keys
    shown = [md_text(lab) for lab in inputs.labels]
    right = masks.prediction_right(keys, mask, i)
    reveal(guess, right=right, why=say.see_why(shown, mask, i, n_real, res.weights, keys).text, asked=SEE,
           state=classroom.page_state(mask=st.session_state["mask"], query=i, n_tokens=len(inputs.labels),
                                      n_real=n_real))


def blocked_rows(inputs: attn_core.Inputs, mask: np.ndarray, res: attn_core.MultiHeadResult) -> None:
    """What a query that may see no key gets: zero weights and zero output, never NaN. A deep dive, folded, while
    every query may see some key; open when one may not."""
    kind = st.session_state["mask"]  # the radio of section 1
    info = say.blocked_rows_info(inputs.labels, mask, res.weights, res.output)
    with st.expander(say.BLOCKED_ROWS_TITLE, expanded=info is not None, icon=":material/visibility_off:"):
        if info:
            st.info(info.text, icon=":material/visibility_off:")
            st.markdown(say.uniform_fallback(len(inputs.labels)).text)
        else:
            st.markdown(say.no_blocked_rows(kind))


def several_heads(inputs: attn_core.Inputs, mask: np.ndarray, res: attn_core.MultiHeadResult, asking: bool) -> None:
    """The heads side by side: the live shapes, every head's weights, one query across heads, the average. While
    section 2's question is open, the weights wait: every head's table shows the mask's rows."""
    st.header(tr("masks-several-header"))
    n, d_model = inputs.X.shape
    heads = res.weights.shape[0]
    if asking:  # section 2's output, which defines them, waits for its answer
        define("concat", "W_O")
    st.markdown(say.several_heads_intro(d_model, heads).text)
    with st.container(border=True):
        st.markdown(say.ribbon_markdown(n, d_model, heads))
        st.caption(say.ribbon_caption(n, d_model, heads))
    if asking:
        st.caption(say.heads_wait(heads))
        # the query box below waits too; the notebook's query is still the one it would show, or the link's
        url_bound("query", masks.n_real(inputs.tokens) - 1, int, options=list(range(n)))
        return
    head_grid(inputs.labels, res)
    one_query(inputs, mask, res)
    head_average(inputs.labels, res)


@st.fragment
def head_grid(labels: list[str], res: attn_core.MultiHeadResult) -> None:
    """Every head's weights as a table, two to a row; more than eight heads are shown a group at a time."""
    heads = res.weights.shape[0]
    shown = list(range(heads))
    if heads > HEADS_PER_GROUP:
        groups = [(a, min(a + HEADS_PER_GROUP, heads)) for a in range(0, heads, HEADS_PER_GROUP)]
        url_bound("head_group", 0, int, options=list(range(len(groups))))
        g = st.selectbox(  # a quarter of a laptop's page wide, as a column made it (three blocks fewer)
            tr("masks-heads-to-show"), options=list(range(len(groups))), key="head_group", width=PICKER_PX,
            format_func=lambda k: tr("masks-heads-group", first=groups[k][0] + 1, last=groups[k][1]))
        shown = list(range(*groups[g]))
    st.markdown(f"**{say.grid_title(shown, heads)}**")
    # the heads in order, side by side as the width holds them, on a phone one below another: one element
    draw_row([{"M": res.weights[k], "title": say.head_weights_title(k, heads, res.d_k), "rows": labels,
               "cols": labels, "kind": "weights", "x_title": tr("masks-axis-key"), "y_title": tr("masks-axis-query")}
              for k in shown])
    st.caption(say.grid_caption(shown, heads))


@st.fragment(key=QUERY)
def one_query(inputs: attn_core.Inputs, mask: np.ndarray, res: attn_core.MultiHeadResult) -> None:
    """One query's weights in every head, and where each head looks most."""
    labels, heads = inputs.labels, res.weights.shape[0]
    # the last word of the sentence itself, not a ⟨pad⟩ after it
    i = token_picker(tr("masks-query-picker"), "query", labels, default=masks.n_real(inputs.tokens) - 1,
                     width=PICKER_PX, on_change=rerun_fragments(QUERY, NOTEBOOK))
    draw(res.weights[:, i, :], say.query_title(labels[i], heads, res.d_k),
         [tr("masks-head-option", head=k + 1) for k in range(heads)], labels, kind="weights",
         x_title=tr("masks-axis-key"), y_title=tr("masks-axis-head"))
    st.caption(say.where_query_looks(labels, i, mask, res.weights).text)


@st.fragment
def head_average(labels: list[str], res: attn_core.MultiHeadResult) -> None:
    """The mean of the heads' weights, on request: a summary for the eye that the layer never computes."""
    heads = res.weights.shape[0]
    url_bound("average", False, parse_bool)
    if not st.toggle(say.average_toggle(heads), key="average"):
        return
    chart, words = st.columns(2, vertical_alignment="center")
    draw(masks.head_average(res.weights), say.average_title(heads), labels, labels, kind="weights",
         x_title=tr("masks-axis-key"), y_title=tr("masks-axis-query"), where=chart, share=0.5)
    words.caption(say.average_caption(heads))


# ---------------------------------------------------------------- tables, each written once per distinct numbers




@st.fragment(key=NOTEBOOK)
def take_it_home(shared, inputs: attn_core.Inputs, mask: np.ndarray, res: attn_core.MultiHeadResult) -> None:
    """The page's numbers in plain numpy, for the head and the query the sections above show: the notebook's code
    on screen, the notebook to download, and the attn_core functions the page runs. A fragment, rerun with the
    section whose box changed."""
    ss, heads, n = st.session_state, res.weights.shape[0], len(inputs.labels)
    head = min(max(int(ss.get("head", 1)), 1), heads) - 1 if heads > 1 else 0
    query = min(max(int(ss.get("query", n - 1)), 0), n - 1)
    w = inputs.weights

    def cells():
        return notebook_cells(
            nbk.cells, "masks",
            {"labels": nbk.names(inputs.labels), "X": inputs.X, "W_Q": w.W_Q, "W_K": w.W_K, "W_V": w.W_V,
             "W_O": w.W_O, "mask": mask, "heads": heads,
             "h": nbk.Note(head, say.head_note(head)), "i": nbk.Note(query, say.query_note(inputs.labels[query]))},
            {"scaled": res.scaled, "weights": res.weights, "head_outputs": res.head_outputs, "output": res.output,
             "average": masks.head_average(res.weights)})

    settings = {**nbk.shared_settings(shared), tr("masks-setting-mask"): say.mask_label(ss["mask"]),
                tr("masks-setting-tokens"): n, tr("masks-setting-head"): head + 1,
                tr("masks-setting-query"): inputs.labels[query]}
    nbk.take_it_home(__file__, say.code_intro(inputs.labels[query], head, heads), cells,
                     inputs.X.size + 4 * w.W_Q.size, settings, sources=(say.SOURCES_WORDS, SOURCES))

main()
