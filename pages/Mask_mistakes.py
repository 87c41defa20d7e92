"""Mask mistakes: the silent bugs of masked attention, each beside the right computation, and checks to run."""


import numpy as np
import streamlit as st

from attn_core import mask_mistakes as mm
from attn_core import masks
from attn_core.mistakes import draw_mistake
from attn_lessons import format as fmt
from attn_lessons import mask_mistakes as say
from attn_lessons.i18n import tr
from attn_ui import notebooks as nbk
from attn_ui import classroom
from attn_ui.checkpoint import predict, reveal, still_open
from attn_ui.code import array_literal, source
from attn_ui.data import load_inputs, notebook_cells, renormalise_table, kept
from attn_ui.folds import fold
from attn_ui.params import NONE, SEED_MAX, parse_index_or_none, parse_int, parse_mask_param
from attn_ui.serving import one_at_a_time
from attn_ui.state import rerun_fragments, route_footer, setup_page, url_bound
from attn_ui.tables import draw_matrix, draw_row, shared_range, static_table as words_table

RIGHT = "softmax(QKᵀ/√d_k + M)"  # the right weights, beside each of the first three mistakes
QUESTION = say.ROW_SUM  # section 1's prediction, key "cp_after_softmax": what does the zeroed row sum to?
# Fragment keys: moving section 4's or 5's controls reruns that section and the notebook, which reads what the
# section last drew from the session (FILL_SHOWN, LEAK_SHOWN).
FILL, LEAK, NOTEBOOK = "mask_fill", "mask_leak", "mask_take_home"
FILL_SHOWN, LEAK_SHOWN = "_mask_fill_shown", "_mask_leak_shown"
SOURCES = (mm.masked_attention, mm.mask_after_softmax, mm.inverted_mask, mm.mask_wrong_axis, mm.finite_fill,
           mm.naive_minus_inf, mm.no_mask, mm.plain_softmax, mm.safe_softmax)


@one_at_a_time
def main():
    shared = setup_page(__file__, one_head=True)
    st.title(tr("mask-mistakes-title"))
    st.markdown(say.INTRO)
    with fold(say.IN_THE_WILD_TITLE, "fold_in_the_wild", icon=":material/bug_report:") as shown:
        if shown:
            st.markdown(say.IN_THE_WILD)
    formula, cases = st.columns(2)  # side by side on a wide screen, so the mask's table is on the first screen
    formula.latex(r"\mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d_k}} + M\right) V")
    cases.latex(say.mask_cases())  # M's two cases, narrow enough for a phone
    inputs, case, choice, controls = your_mask(shared)  # the sentence, the mask, the right computation
    about, numbers = subject(case, choice), (shared.seed, shared.d_model)  # the seed and width move the numbers only
    asking = still_open(QUESTION, about, numbers)  # the question is open
    after_softmax(case, choice, about, numbers, asking)  # 1. predict the row sum; then zeroing after the softmax
    if not asking:  # every section from here on could show the asked row's sum (the wrong axis, the checks, the quiz)
        inverted(case)                # 2. True read the other way: attention only where it was blocked
        wrong_axis(case, choice)      # 3. (n, 1) instead of (1, n): query rows blocked, not key columns
        finite_minus_infinity(case)   # 4. −10⁹ for −∞: uniform weights, or NaN in float16
        no_causal_mask(case)          # 5. the leak test: change a later token, watch earlier outputs
        checks_for_your_code(case)    # the five checks, live, and as a numpy snippet
        spot_the_mask_mistake(case, choice)  # the quiz
        take_it_home(shared, inputs, case, controls)  # sections 1 to 5 in plain numpy, and as a notebook
    route_footer(__file__, shared)


def md(labels) -> list[str]:
    """Token labels made safe for markdown: a token such as * or _ is printed, not read as formatting."""
    return [fmt.md_text(label) for label in labels]


def draw(M, title: str, rows, cols, where=None, **options) -> None:
    """Draw matrix M as a table (matrix_html's options) in `where` (st, a column)."""
    draw_matrix(M, title, rows, cols, where=where, **options)


def weights_table(W, title: str, labels, where=None, **options) -> None:
    """A weights matrix (n, n) as a 0 … 1 table, queries down and keys across; NaN cells print NaN, hatched."""
    draw(W, title, labels, labels, where, kind="weights", x_title=tr("mask-mistakes-axis-key"),
         y_title=tr("mask-mistakes-axis-query"), **options)


def beside_the_right_one(case: mm.Case, wrong_weights, formula: str, **options) -> None:
    """A wrong computation's weights and the right ones side by side, the same rows and columns outlined."""
    axes = {"kind": "weights", "x_title": tr("mask-mistakes-axis-key"), "y_title": tr("mask-mistakes-axis-query"),
            "rows": case.labels, "cols": case.labels}
    draw_row([{"M": wrong_weights, "title": tr("mask-mistakes-wrong-weights"), "formula": formula, **axes, **options},
              {"M": case.right.weights, "title": tr("mask-mistakes-right-weights"), "formula": RIGHT, **axes,
               **options}])


def static_table(columns: dict, where=None) -> None:
    """A small table of words and numbers ({heading: cells}) as a static st.table, which costs the browser far less
    than a data grid: every cell a string made literal for markdown (a token may be * or _), a float with 3
    decimals. Strings, not a pandas Styler: styling a table costs the server ~8 ms a rerun; and an Arrow table of
    them, not a DataFrame (attn_ui.tables.static_table)."""
    def cell(v) -> str:
        return fmt.num(v, 3) if isinstance(v, float | np.floating) else fmt.md_text(v)

    words_table({fmt.md_text(h): [cell(v) for v in cells] for h, cells in columns.items()}, where)


def symptom_box(key: str, *names: str) -> None:
    """The one-line symptom and the one-line check of each mistake named, folded (as fold `key`): the tables say it
    first."""
    with fold(say.SYMPTOM, key, icon=":material/rule:") as shown:
        for name in names if shown else ():
            st.info(say.symptom_box(name), icon=":material/rule:")


# ---------------------------------------------------------------------------------------------------------
def your_mask(shared):
    """The mask every section uses: a kind, padding or a custom grid, and optionally one fully blocked row.
    Returns the sentence's inputs, the case every section draws, the mask as the controls chose it, and the
    mask's controls (for the notebook)."""
    inputs = load_inputs(shared)
    labels = inputs.labels
    n = len(labels)
    st.header(tr("mask-mistakes-mask-header"))
    left, right = st.columns([3, 2])  # side by side on a wide screen, so the mask's table is on the first screen
    url_bound("mask", "causal", str, options=list(masks.MASK_KINDS))
    kind = left.radio(tr("masks-choose-label"), options=masks.MASK_KINDS, key="mask",
                      format_func=say.mask_label, horizontal=True)
    url_bound("block", NONE, lambda raw: parse_index_or_none(raw, n, "block"), options=[NONE, *range(n)])
    block = right.selectbox(tr("mask-mistakes-block-label"), options=[NONE, *range(n)], key="block",
                            format_func=lambda i: tr("mask-mistakes-block-none") if i == NONE else labels[i],
                            help=say.BLOCK_HELP)
    n_padded, custom = 0, None
    if kind == "padding":
        url_bound("pad", 1 if n > 1 else 0, int, options=list(range(n + 1)))
        n_padded = st.select_slider(say.PAD_SLIDER, options=list(range(n + 1)), key="pad")
    elif kind == "custom":
        custom = custom_grid(n)
    choice = mm.MaskChoice(kind, masks.build_mask(kind, n, n_padded=n_padded, custom=custom),
                           None if block == NONE else int(block))
    case = mm.build_case(inputs, choice.mask)
    st.caption(say.mask_summary(md(labels), case.mask, mm.right_anyway(case), choice).text)
    draw(mm.additive_mask(case.mask), "M", labels, labels, formula=say.M_FORMULA, decimals=0,
         x_title=tr("mask-mistakes-axis-key"), y_title=tr("mask-mistakes-axis-query"),
         highlight_row=mm.lone_blocked_row(case.mask), legend=False)
    controls = {tr("mask-mistakes-setting-mask"): say.mask_label(kind),
                **({tr("mask-mistakes-setting-padding"): n_padded} if kind == "padding" else {}),
                tr("mask-mistakes-setting-blocked"):
                    tr("mask-mistakes-setting-none") if block == NONE else labels[block]}
    return inputs, case, choice, controls


def custom_grid(n: int) -> np.ndarray:
    """The custom mask from its text: one string of 0s and 1s per query row, joined by “-”."""
    url_bound("custom", masks.encode_mask(masks.build_mask("none", n)), parse_mask_param)
    text = st.text_input(say.GRID_LABEL, key="custom", help=say.GRID_HELP)
    try:
        grid = masks.parse_mask(text)
    except ValueError as err:
        st.warning(say.grid_refused(err), icon=":material/grid_off:")
        return masks.build_mask("none", n)
    if grid.shape[0] != n:
        st.info(say.grid_notice(grid.shape[0], n).text, icon=":material/aspect_ratio:")
        grid = masks.fit_mask(grid, n)
    return grid


def subject(case: mm.Case, choice: mm.MaskChoice) -> tuple:
    """What section 1's question is about: the mask (its kind and every pair, a blocked row included), the tokens
    and the row asked. A new one opens the question again; the seed and d_model only move the numbers."""
    return choice.kind, tuple(case.labels), masks.encode_mask(case.mask), mm.question_row(case.mask)


# ---------------------------------------------------------------------------------------------------------
@st.fragment
def after_softmax(case: mm.Case, choice: mm.MaskChoice, about, numbers, asking: bool) -> None:
    """1. Zeroing the blocked weights after the softmax: predict the asked row's sum, then see every row's (a
    fragment: the prediction reruns this section, and the whole page when it opens or closes). `asking`: the
    question was open when the whole page last ran, so the sections after this one waited."""
    st.header(say.AFTER_SOFTMAX_HEADER)
    st.markdown(say.AFTER_SOFTMAX_INTRO)
    st.code(say.AFTER_SOFTMAX_CODE, language="python")
    labels = case.labels
    i = mm.question_row(case.mask)
    guess = predict(QUESTION, say.row_sum_question(md(labels)[i]), options=list(say.ROW_SUM_KINDS),
                    format_func=say.row_sum_label, about=about, numbers=numbers)
    if (guess is None) != asking:
        st.rerun()  # answered, or asked again, here: the sections after this one show (or wait)
    if guess is None:
        st.caption(say.WAITING)
        return  # the wrong weights answer the question: they wait for a prediction
    wrong = kept(mm.mask_after_softmax, case.Q, case.K, case.V, case.mask)
    answer, why = say.row_sum_reveal(md(labels), case.mask, wrong.weights, i)
    reveal(guess, right=guess.value == answer, why=why.text,  # worked out from the numbers now on the page
           asked=QUESTION, state=classroom.page_state(mask=st.session_state.get("mask"), query=i))
    beside_the_right_one(case, wrong.weights, "softmax(QKᵀ/√d_k) · mask", highlight_row=i)
    row_sums(case, wrong, choice)
    with fold(say.AFTER_SOFTMAX_FOLD, "fold_after_softmax", icon=":material/rule:") as shown:
        if shown:
            st.info(say.symptom_box("after_softmax"), icon=":material/rule:")
            renormalising(case)


def row_sums(case: mm.Case, wrong, choice: mm.MaskChoice) -> None:
    """The right and wrong row sums side by side, and what zeroing after the softmax did to them."""
    labels = case.labels
    c1, c2 = st.columns([3, 2])
    allowed, right_sums, wrong_sums = mm.row_sums(case, wrong.weights)  # (n,) each
    static_table({tr("mask-mistakes-column-query"): labels, tr("mask-mistakes-column-keys"): allowed.tolist(),
                  tr("mask-mistakes-column-right-sum"): right_sums.tolist(),
                  tr("mask-mistakes-column-wrong-sum"): wrong_sums.tolist()}, c1)
    c2.markdown(say.after_softmax_sentence(md(labels), case.mask, wrong.weights, choice).text)


def renormalising(case: mm.Case) -> None:
    """Renormalising after the softmax: right in exact arithmetic, NaN once the allowed weights underflow."""
    st.markdown(say.RENORMALISING)
    scaled = mm.scaled_scores(case)  # (n, n), before the mask
    cells = renormalise_table(scaled, case.mask)
    text = {(say.renorm_row_label(c), c.dtype): say.renorm_cell_text(c) for c in cells}
    rows = list(dict.fromkeys(row for row, _ in text))  # the scores, in the order attn_core lists them
    static_table({tr("mask-mistakes-column-scores"): rows,
                  **{dtype: [text[row, dtype] for row in rows] for dtype in mm.DTYPES}})
    st.markdown(say.renormalise_sentence(scaled, case.mask).text)


# ---------------------------------------------------------------------------------------------------------
def inverted(case: mm.Case) -> None:
    """2. The mask's meaning inverted: True read as blocked instead of allowed."""
    st.header(tr("mask-mistakes-inverted-header"))
    st.markdown(say.INVERTED_INTRO)
    labels = case.labels
    wrong = kept(mm.inverted_mask, case.Q, case.K, case.V, case.mask)
    beside_the_right_one(case, wrong.weights, "softmax(QKᵀ/√d_k + inverted M)",
                         highlight_row=mm.lone_blocked_row(case.mask))
    st.markdown(say.inverted_sentence(md(labels), case.mask, wrong.weights).text)
    with fold(say.INVERTED_FOLD, "fold_inverted", icon=":material/rule:") as shown:
        if shown:
            st.info(say.symptom_box("inverted"), icon=":material/rule:")
            st.markdown(say.TORCH_MEANINGS)
            static_table(say.conventions_table())
            st.code(say.TORCH_CODE, language="python")


# ---------------------------------------------------------------------------------------------------------
def wrong_axis(case: mm.Case, choice: mm.MaskChoice) -> None:
    """3. The mask broadcast along the wrong axis: query rows blocked instead of key columns."""
    st.header(say.WRONG_AXIS_HEADER)
    st.markdown(say.WRONG_AXIS_INTRO)
    labels = case.labels
    cols = mm.key_columns(case.mask)
    if cols is not None and cols.any() and not cols.all():
        st.code(say.padding_shapes_code(labels, cols), language="python")
    wrong = kept(mm.mask_wrong_axis, case.Q, case.K, case.V, case.mask)
    blocked = mm.lone_blocked_row(case.mask)  # Mᵀ turns a fully blocked row into a fully blocked column
    beside_the_right_one(case, wrong.weights, "softmax(QKᵀ/√d_k + Mᵀ)", highlight_row=blocked, highlight_col=blocked)
    st.markdown(say.wrong_axis_sentence(md(labels), case.mask, wrong.weights, choice).text)
    symptom_box("fold_symptom_wrong_axis", "wrong_axis")


# ---------------------------------------------------------------------------------------------------------
@st.fragment(key=FILL)
def finite_minus_infinity(case: mm.Case) -> None:
    """4. −10⁹ in place of −∞: uniform weights on a fully blocked row, or NaN once float16 overflows."""
    st.header(tr("mask-mistakes-fill-header"))
    st.markdown(say.FILL_INTRO)
    c1, c2 = st.columns(2)
    url_bound("dtype", "float64", str, options=list(mm.DTYPES))
    dtype = c1.radio("dtype", options=mm.DTYPES, key="dtype", horizontal=True,
                     on_change=rerun_fragments(FILL, NOTEBOOK))
    url_bound("fill", "-1e9", str, options=list(mm.FILLS))
    fill = c2.radio(tr("mask-mistakes-fill-radio"), options=mm.FILLS, key="fill", format_func=say.fill_label,
                    horizontal=True, on_change=rerun_fragments(FILL, NOTEBOOK))
    labels = case.labels
    row, mask, added = mm.blocked_row_for_demo(case.mask, None)
    st.caption(say.blocked_row_note(md(labels), case.mask, row, added).text)
    st.code(say.overflow_code(fill, dtype), language="python")
    W, fill_output = kept(mm.fill_rows, case, mask, row, fill, dtype)  # (n, 3): the blocked row under each way; (d_v,)
    st.session_state[FILL_SHOWN] = {"fill_row": row, "dtype": dtype, "fill": fill, "shown_fill_rows": W}
    draw(W, say.fill_title(labels[row], dtype), labels, say.fill_columns(fill), kind="weights",
         y_title=tr("mask-mistakes-axis-key"))
    naive, filled, safe = say.fill_sentences(md(labels)[row], case.n, dtype, fill, W[:, 0], W[:, 1], W[:, 2],
                                             fill_output)
    st.markdown(f"{naive.text}  \n{filled.text}")
    with fold(say.FILL_FOLD, "fold_fill", icon=":material/rule:") as shown:
        if shown:
            st.info(say.symptom_box("finite_fill"), icon=":material/rule:")
            st.info(say.symptom_box("naive_inf"), icon=":material/rule:")
            st.markdown(safe.text)


# ---------------------------------------------------------------------------------------------------------
@st.fragment(key=LEAK)
def no_causal_mask(case: mm.Case) -> None:
    """5. No causal mask where one was needed: the leak test."""
    st.header(say.NO_MASK_HEADER)
    st.markdown(say.NO_MASK_INTRO)
    labels, n = case.labels, case.n
    st.session_state[LEAK_SHOWN] = None  # until the table is drawn: the notebook leaves section 5 out
    if n < 2:
        st.info(say.ONE_TOKEN, icon=":material/short_text:")
        return
    c1, c2 = st.columns(2)
    url_bound("leak", n - 1, int, options=list(range(n)))
    t = c1.selectbox(tr("mask-mistakes-leak-token"), options=list(range(n)), key="leak",
                     format_func=lambda k: labels[k],
                     on_change=rerun_fragments(LEAK, NOTEBOOK))
    url_bound("word", mm.replacement_word(case.tokens[-1]), mm.parse_word)
    raw = c2.text_input(tr("mask-mistakes-leak-word"), key="word", max_chars=40,
                        on_change=rerun_fragments(LEAK, NOTEBOOK))
    try:
        word = mm.parse_word(raw)
    except ValueError as err:
        st.warning(say.word_refused(err), icon=":material/edit_off:")
        return
    if word.casefold() == case.tokens[t].casefold():
        st.info(say.same_word_notice(md([word])[0]), icon=":material/info:")
        return
    both = kept(mm.leak_changes, case, t, word)  # (2, n): how far each output moves, with no mask and with a causal one
    free, causal = both
    rows = [tr("mask-mistakes-leak-row-wrong"), tr("mask-mistakes-leak-row-causal")]
    draw(both, say.leak_title(labels[t], word), rows, labels, zmax=shared_range(both), decimals=3,
         x_title=tr("mask-mistakes-leak-axis"), highlight_col=t)
    st.markdown(say.leak_sentence(md(labels), t, md([word])[0], free, causal).text)
    st.session_state[LEAK_SHOWN] = {"leak_t": t, "leak_word": word, "shown_change_free": free,
                                    "shown_change_causal": causal}
    symptom_box("fold_symptom_no_mask", "no_mask")


# ---------------------------------------------------------------------------------------------------------
@st.fragment
def checks_for_your_code(case: mm.Case) -> None:
    """The five checks that catch every mistake above, run live, and as a numpy snippet (a fragment: the
    snippet's toggle reruns only this section)."""
    st.header(tr("mask-mistakes-checks-header"))
    st.markdown(say.CHECKS_INTRO)
    labels, n = case.labels, case.n
    t = n - 1
    word = mm.replacement_word(case.tokens[t])
    Q2, K2, V2 = kept(mm.swapped_qkv, case, t, word)
    table = kept(mm.check_table, case, Q2, K2, V2, t)
    heads = say.check_headings()
    static_table({tr("mask-mistakes-column-computation"): [say.computation_label(name) for name, _ in table],
                  **{h: [say.check_cell(results[k]) for _, results in table] for k, h in enumerate(heads)}})
    st.markdown(say.caught_sentence(table).text)
    with fold(say.CHECKS_FOLD, "fold_checks", icon=":material/checklist:") as shown:
        if not shown:
            return
        for sentence in say.check_sentences(table[0][1], md(labels), case.mask, t, md([word])[0]):
            st.markdown(sentence.text)  # each check as run on the right computation, with the number it measured
        # a toggle: the snippet (every number of Q, K and V) is built and sent only when asked for
        if st.toggle(say.CHECKS_TOGGLE, key="checks_code", help=say.SNIPPET_HELP):
            st.markdown(say.snippet_intro())
            st.code(say.checks_snippet(case, t, array_literal, source), language="python")


# ---------------------------------------------------------------------------------------------------------
@st.fragment
def spot_the_mask_mistake(case: mm.Case, choice: mm.MaskChoice) -> None:
    """The quiz: one mask mistake made on your Q, K, V and mask; name it from its symptoms."""
    st.header(tr("mask-mistakes-quiz-header"))
    pool = kept(mm.quiz_pool, case.Q, case.K, case.V, case.mask)
    if len(pool) < 2:  # a quiz of one option is no question: say so, and what would give one
        st.info(say.quiz_notice([m.name for m in pool], md(case.labels), mm.quiz_remedies(case, choice)),
                icon=":material/info:")
        return
    st.markdown(say.QUIZ_INTRO)

    def new_question() -> None:
        st.session_state["mquiz"] = (int(st.session_state["mquiz"]) + 1) % (SEED_MAX + 1)
        st.session_state["mquiz_answer"] = None

    url_bound("mquiz", 0, lambda r: parse_int(r, 0, SEED_MAX, "mquiz"))
    # one block that wraps on a phone, not a row of columns (three blocks): every element costs a message a rerun
    row = st.container(horizontal=True, vertical_alignment="bottom")
    seed = int(row.number_input(tr("mask-mistakes-quiz-number"), min_value=0, max_value=SEED_MAX, step=1,
                               key="mquiz", width=240))  # a quarter of a laptop's page, as it was
    row.button(tr("mask-mistakes-quiz-new"), key="mquiz_new", on_click=new_question, icon=":material/casino:")
    secret = draw_mistake(seed, [m.name for m in pool])
    mystery = kept(mm.MASK_BY_NAME[secret].run, case.Q, case.K, case.V, case.mask)
    d = kept(mm.diagnose_mask, case.Q, case.K, case.V, case.mask, mystery)
    c1, c2 = st.columns(2)
    weights_table(mystery.weights, tr("mask-mistakes-mystery-weights"), case.labels, c1, share=0.5)
    right_d = kept(mm.diagnose_mask, case.Q, case.K, case.V, case.mask, case.right)
    readings = say.symptom_readings(d)
    static_table({tr("mask-mistakes-column-measured"): [k for k, _ in readings],
                  tr("mask-mistakes-column-mystery"): [v for _, v in readings],
                  tr("mask-mistakes-column-right"): [v for _, v in say.symptom_readings(right_d)]}, c2)
    c2.expander(tr("mask-mistakes-readings-fold"), icon=":material/help:").caption(say.readings_note())
    answer = st.radio(say.QUIZ_QUESTION, options=[m.name for m in pool], index=None,
                      key="mquiz_answer", format_func=say.mistake_label)
    if st.button(tr("mask-mistakes-quiz-check"), key="mquiz_check", icon=":material/check:"):
        if answer is None:
            st.warning(say.PICK_FIRST, icon=":material/touch_app:")
            return
        ok, said = say.verdict(secret, answer, d)
        text = said.text
        if ok:
            st.success(text, icon=":material/task_alt:")
        else:
            st.error(text, icon=":material/cancel:")


# ---------------------------------------------------------------------------------------------------------
@st.fragment(key=NOTEBOOK)
def take_it_home(shared, inputs, case: mm.Case, controls: dict) -> None:
    """Sections 1 to 5 as the page drew them, in plain numpy: shown as code, and downloadable as a notebook.
    A fragment that sections 4 and 5 rerun when their controls move."""
    fill, leak = st.session_state[FILL_SHOWN], st.session_state[LEAK_SHOWN]
    X, w = inputs.X, inputs.weights

    def cells():
        Q, K, V, mask, labels = case.Q, case.K, case.V, case.mask, case.labels
        if leak is None:
            t, section5 = None, {"leak_t": nbk.Note(None, say.NO_LEAK_NOTE), "leak_word": None, "leak_x": None}
        else:
            t, word = leak["leak_t"], leak["leak_word"]
            X2 = mm.swapped_inputs(case.tokens, t, word, case.d_model, case.positional)
            section5 = {"leak_t": nbk.Note(t, say.leak_token_note(labels[t], word)),
                        "leak_word": nbk.Note(word, say.LEAK_WORD_NOTE), "leak_x": X2[t]}
        return notebook_cells(
            nbk.cells, "mask_mistakes",
            {"labels": nbk.names(labels), "X": X, "W_Q": w.W_Q, "W_K": w.W_K, "W_V": w.W_V, "mask": mask,
             "dtype": nbk.Note(fill["dtype"], say.DTYPE_NOTE), "fill": nbk.Note(fill["fill"], say.FILL_NOTE),
             "row": nbk.Note(fill["fill_row"], say.fill_row_note(labels[fill["fill_row"]])),
             **section5},
            {"right_weights": case.right.weights, "right_output": case.right.output,
             "after_weights": mm.mask_after_softmax(Q, K, V, mask).weights,
             "inverted_weights": mm.inverted_mask(Q, K, V, mask).weights,
             "axis_weights": mm.mask_wrong_axis(Q, K, V, mask).weights, "fill_rows": fill["shown_fill_rows"],
             "change_free": None if leak is None else leak["shown_change_free"],
             "change_causal": None if leak is None else leak["shown_change_causal"]},
            {"leak_sentence": say.notebook_leak_sentence(None if t is None else fmt.md_text(labels[t]),
                                                         None if t is None else fmt.md_text(leak["leak_word"]))})

    settings = {**nbk.shared_settings(shared), **controls, "dtype": fill["dtype"],
                tr("mask-mistakes-fill-radio"): say.fill_label(fill["fill"])}
    if leak is not None:
        settings |= {tr("mask-mistakes-setting-token"): case.labels[leak["leak_t"]],
                     tr("mask-mistakes-setting-word"): leak["leak_word"]}
    nbk.take_it_home(__file__, say.code_intro(leak is not None), cells, X.size + w.W_Q.size + w.W_K.size + w.W_V.size,
                     settings, sources=(say.SOURCES_WORDS, SOURCES), short_help=say.TAKE_HOME_HELP)

main()
