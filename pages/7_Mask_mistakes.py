"""Mask mistakes: the silent bugs of masked attention, each beside the right computation, and checks to run."""


import numpy as np
import pandas as pd
import streamlit as st

from attn_core import mask_mistakes as mm
from attn_core import masks
from attn_core.mistakes import draw_mistake
from attn_lessons import format as fmt
from attn_lessons import mask_mistakes as say
from attn_ui import notebooks as nbk
from attn_ui.checkpoint import predict, reveal
from attn_ui.code import array_literal, source
from attn_ui.data import load_inputs, notebook_cells, renormalise_table
from attn_ui.figures import SCREEN_PX
from attn_ui.params import NONE, SEED_MAX, parse_index_or_none, parse_int, parse_mask_param
from attn_ui.state import rerun_fragments, route_footer, setup_page, url_bound
from attn_ui.tables import NARROWEST_PX, matrix_html

INTRO = (
    "Masking bugs rarely raise an error. The shapes still match, the loss still falls, and the model quietly "
    "learns the wrong thing, or returns NaN for one row in a thousand. The issue trackers of public attention "
    "code are full of them: a fully blocked row that turns into NaN (PyTorch issue "
    "[#41508](https://github.com/pytorch/pytorch/issues/41508), reported in 2020), a mask on the wrong axis, a "
    "“98 % accuracy” that was really a mask letting the answer through, a mask whose True means the opposite "
    "of what its author thought. Each one below runs on your sentence, one head wide (d_k = d_model), next to "
    "the right computation and on the same colour scale. The page ends with checks you can run on your own code."
)
MASK_LABELS = {"none": "None: every pair", "causal": "Causal: itself and what came before",
               "padding": "Padding: trailing tokens", "custom": "Custom: your own grid"}
FILL_LABELS = {"-1e9": "−10⁹", "-1e6": "−10⁶ (as some textbooks)", "min": "the dtype's lowest value"}
MARKS = ("Every weight is printed. Compare each table with M above: a pair where M is −∞ must get exactly 0. A "
         "hatched cell printed NaN is where the computation gave not-a-number.")
RIGHT = "softmax(QKᵀ/√d_k + M)"  # the right weights, beside each of the first three mistakes
# Fragment keys: moving section 4's or 5's controls reruns that section and the notebook, which reads what the
# section last drew from the session (FILL_SHOWN, LEAK_SHOWN).
FILL, LEAK, NOTEBOOK = "mask_fill", "mask_leak", "mask_take_home"
FILL_SHOWN, LEAK_SHOWN = "_mask_fill_shown", "_mask_leak_shown"
LONG_CODE = 2400  # input numbers above which the code (~25 characters a number) passes ~60 kB: printed uncoloured
SOURCES = (mm.masked_attention, mm.mask_after_softmax, mm.inverted_mask, mm.mask_wrong_axis, mm.finite_fill,
           mm.naive_minus_inf, mm.no_mask, mm.plain_softmax, mm.safe_softmax)


def main():
    shared = setup_page(__file__, one_head=True)
    st.title("Mask mistakes")
    st.markdown(INTRO)
    st.latex(r"\mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d_k}} + M\right) V")  # short enough for a phone
    st.latex(r"M_{ij} = \begin{cases} 0 & \text{query } i \text{ may see key } j \\"  # narrow enough for a phone
             r" -\infty & \text{blocked} \end{cases}")
    inputs, case, choice, controls = your_mask(shared)  # the sentence, the mask, the right computation
    after_softmax(case, choice)   # 1. zeroing after the softmax: rows stop summing to 1
    inverted(case)                # 2. True read the other way: attention only where it was blocked
    wrong_axis(case, choice)      # 3. (n, 1) instead of (1, n): query rows blocked, not key columns
    finite_minus_infinity(case)   # 4. −10⁹ for −∞: uniform weights, or NaN in float16
    no_causal_mask(case)          # 5. the leak test: change a later token, watch earlier outputs
    checks_for_your_code(case)    # the five checks, live, and as a numpy snippet
    spot_the_mask_mistake(case, choice)  # the quiz
    take_it_home(shared, inputs, case, controls)  # sections 1 to 5 in plain numpy, and as a notebook
    route_footer(__file__, shared)  # the last page on the route: only "Back"


def md(labels) -> list[str]:
    """Token labels made safe for markdown: a token such as * or _ is printed, not read as formatting."""
    return [fmt.md_text(label) for label in labels]


@st.cache_data(show_spinner=False, max_entries=256)
def table_markup(M, title: str, rows, cols, share: float = 1.0, **options) -> str:
    """attn_ui.tables.matrix_html, built once per set of numbers: `share` is the fraction of the page's width
    the table gets on a laptop (½ in two columns), as in draw_matrix."""
    return matrix_html(M, title, list(rows), list(cols), width_px=min(NARROWEST_PX, SCREEN_PX * share), **options)


def draw(M, title: str, rows, cols, where=None, **options) -> None:
    """Draw matrix M as a table (matrix_html's options) in `where` (st, a column)."""
    (where or st).html(table_markup(np.asarray(M, dtype=float), title, tuple(rows), tuple(cols), **options))


def weights_table(W, title: str, labels, where=None, **options) -> None:
    """A weights matrix (n, n) as a 0 … 1 table, queries down and keys across; NaN cells print NaN, hatched."""
    draw(W, title, labels, labels, where, kind="weights", x_title="key", y_title="query", **options)


def beside_the_right_one(case: mm.Case, wrong_weights, formula: str, **options) -> None:
    """A wrong computation's weights and the right ones side by side, the same rows and columns outlined."""
    c1, c2 = st.columns(2)
    weights_table(wrong_weights, "WRONG weights", case.labels, c1, share=0.5, formula=formula, **options)
    weights_table(case.right.weights, "right weights", case.labels, c2, share=0.5, formula=RIGHT, **options)


def static_table(columns: dict, where=None) -> None:
    """A small table of words and numbers ({heading: cells}) as a static st.table, which costs the browser far less
    than a data grid: every cell a string made literal for markdown (a token may be * or _), a float with 3
    decimals. Strings, not a pandas Styler: styling a table costs the server ~8 ms a rerun."""
    def cell(v) -> str:
        return fmt.num(v, 3) if isinstance(v, float | np.floating) else fmt.md_text(v)

    (where or st).table(pd.DataFrame({fmt.md_text(h): [cell(v) for v in cells] for h, cells in columns.items()}),
                        hide_index=True)


def symptom_box(name: str) -> None:
    """The one-line symptom and the one-line check of mistake `name`."""
    st.info(say.symptom_box(name), icon=":material/rule:")


# ---------------------------------------------------------------------------------------------------------
def your_mask(shared):
    """The mask every section uses: a kind, padding or a custom grid, and optionally one fully blocked row.
    Returns the sentence's inputs, the case every section draws, the mask as the controls chose it, and the
    mask's controls (for the notebook)."""
    inputs = load_inputs(shared)
    labels = inputs.labels
    n = len(labels)
    st.header("Your sentence and mask")
    url_bound("mask", "causal", str, options=list(masks.MASK_KINDS))
    kind = st.radio("Which query→key pairs may attend?", options=masks.MASK_KINDS, key="mask",
                    format_func=MASK_LABELS.get, horizontal=True)
    n_padded, custom = 0, None
    if kind == "padding":
        url_bound("pad", 1 if n > 1 else 0, int, options=list(range(n + 1)))
        n_padded = st.select_slider("How many trailing tokens are padding?", options=list(range(n + 1)), key="pad")
    elif kind == "custom":
        custom = custom_grid(n)
    url_bound("block", NONE, lambda raw: parse_index_or_none(raw, n, "block"), options=[NONE, *range(n)])
    block = st.selectbox("Also block every key of", options=[NONE, *range(n)], key="block",
                         format_func=lambda i: "no query" if i == NONE else labels[i],
                         help="A query that may see no key at all, as the first token of a left-padded sentence "
                              "under a causal mask. Sections 1 to 4 and the quiz then have a fully blocked row.")
    choice = mm.MaskChoice(kind, masks.build_mask(kind, n, n_padded=n_padded, custom=custom),
                           None if block == NONE else int(block))
    case = mm.build_case(inputs, choice.mask)
    right_anyway = mm.same_as_right(case) if case.mask.all() else []  # said only of a mask that blocks nothing
    st.caption(say.mask_summary(md(labels), case.mask, right_anyway, choice))
    draw(np.where(case.mask, 0.0, -np.inf), "M", labels, labels, formula="0 (may attend) or −∞ (blocked)", decimals=0,
         x_title="key", y_title="query", highlight_row=mm.lone_blocked_row(case.mask), legend=False)
    controls = {"mask": kind, **({"padding tokens": n_padded} if kind == "padding" else {}),
                "fully blocked query": "none" if block == NONE else labels[block]}
    return inputs, case, choice, controls


def custom_grid(n: int) -> np.ndarray:
    """The custom mask from its text: one string of 0s and 1s per query row, joined by “-”."""
    url_bound("custom", masks.encode_mask(np.ones((n, n), dtype=bool)), parse_mask_param)
    text = st.text_input("Your grid: one string of 0s and 1s per query row, rows joined by “-” (1 = may attend)",
                         key="custom", help="The Masks and heads page has a grid of boxes to tick; its link "
                                            "carries the same string.")
    try:
        grid = masks.parse_mask(text)
    except ValueError as err:
        st.warning(say.grid_refused(err), icon=":material/grid_off:")
        return np.ones((n, n), dtype=bool)
    if grid.shape[0] != n:
        st.info(say.grid_notice(grid.shape[0], n), icon=":material/aspect_ratio:")
        grid = masks.fit_mask(grid, n)
    return grid


# ---------------------------------------------------------------------------------------------------------
@st.fragment
def after_softmax(case: mm.Case, choice: mm.MaskChoice) -> None:
    """1. Zeroing the blocked weights after the softmax (a fragment: the prediction reruns only this section)."""
    st.header("1. The mask applied after the softmax")
    st.markdown("The mask must act on the **scores**, before the softmax. Zeroing the blocked weights afterwards "
                "leaves each row with only the share its allowed keys got while competing with keys they should "
                "never have seen, so the row no longer sums to 1.")
    st.code("# WRONG: the blocked keys already took their share\n"
            "weights = softmax(scores) * mask\n"
            "# right: block, then normalise\n"
            "weights = softmax(np.where(mask, scores, -np.inf))", language="python")
    labels = case.labels
    wrong = mm.mask_after_softmax(case.Q, case.K, case.V, case.mask)
    i = mm.question_row(case.mask)
    beside_the_right_one(case, wrong.weights, "softmax(QKᵀ/√d_k) · mask", highlight_row=i)
    st.caption(MARKS)
    guess = predict(say.question_key(case.mask, i), say.row_sum_question(md(labels)[i]), options=say.ROW_SUM_OPTIONS)
    if guess is not None:
        answer, why = say.row_sum_reveal(md(labels), case.mask, wrong.weights, i)
        reveal(guess, right=guess.value == answer, why=why)
        row_sums(case, wrong, choice)
    symptom_box("after_softmax")
    renormalising(case)


def row_sums(case: mm.Case, wrong, choice: mm.MaskChoice) -> None:
    """The right and wrong row sums side by side, and what zeroing after the softmax did to them."""
    labels = case.labels
    c1, c2 = st.columns([3, 2])
    static_table({"query": labels, "keys it may see": case.mask.sum(axis=-1).tolist(),
                  "right: row sum": case.right.weights.sum(axis=-1).tolist(),
                  "WRONG: row sum": wrong.weights.sum(axis=-1).tolist()}, c1)
    c2.markdown(say.after_softmax_sentence(md(labels), case.mask, wrong.weights, choice))


def renormalising(case: mm.Case) -> None:
    """Renormalising after the softmax: right in exact arithmetic, NaN once the allowed weights underflow."""
    st.subheader("And renormalising afterwards?")
    st.markdown("Dividing each zeroed row by its new sum (`weights /= weights.sum(-1, keepdims=True)`) repairs the "
                "sums, and in exact arithmetic gives the masked weights. In floating point it does not always:")
    scaled = case.right.scores * case.right.scale
    cells = renormalise_table(scaled, case.mask)
    text = {(say.renorm_row_label(c), c.dtype): say.renorm_cell_text(c) for c in cells}
    rows = list(dict.fromkeys(row for row, _ in text))  # the scores, in the order attn_core lists them
    static_table({"scores": rows, **{dtype: [text[row, dtype] for row in rows] for dtype in mm.DTYPES}})
    st.markdown(say.renormalise_sentence(scaled, case.mask))


# ---------------------------------------------------------------------------------------------------------
def inverted(case: mm.Case) -> None:
    """2. The mask's meaning inverted: True read as blocked instead of allowed."""
    st.header("2. The mask's meaning inverted")
    st.markdown("PyTorch uses both meanings of True, documented side by side. Build a mask in one and pass it "
                "where the other is expected, and every allowed pair becomes blocked and every blocked pair "
                "allowed. Nothing fails: the shape matches and the dtype is bool.")
    rows = [*mm.TORCH_CONVENTIONS, mm.Convention("this page", "mask", "(n, n)", mm.SDPA.true_means, True)]
    static_table({"PyTorch": [c.api for c in rows], "argument": [c.argument for c in rows],
                  "shape": [c.shape for c in rows], "True means": [c.true_means for c in rows]})
    st.code("# True = may NOT attend\n"
            "blocked = torch.triu(torch.ones(n, n, dtype=torch.bool), diagonal=1)\n"
            "# WRONG: here True means may attend\n"
            "F.scaled_dot_product_attention(q, k, v, attn_mask=blocked)\n"
            "# right (or is_causal=True)\n"
            "F.scaled_dot_product_attention(q, k, v, attn_mask=~blocked)",
            language="python")
    labels = case.labels
    wrong = mm.inverted_mask(case.Q, case.K, case.V, case.mask)
    beside_the_right_one(case, wrong.weights, "softmax(QKᵀ/√d_k + inverted M)",
                         highlight_row=mm.lone_blocked_row(case.mask))
    st.markdown(say.inverted_sentence(md(labels), case.mask, wrong.weights))
    symptom_box("inverted")


# ---------------------------------------------------------------------------------------------------------
def wrong_axis(case: mm.Case, choice: mm.MaskChoice) -> None:
    """3. The mask broadcast along the wrong axis: query rows blocked instead of key columns."""
    st.header("3. The mask on the wrong axis")
    st.markdown("A padding mask is one flag per **key**. Shaped (1, n), numpy copies it down every row and it "
                "blocks key columns, as it should. Shaped (n, 1), numpy copies it across every column instead, and "
                "it blocks query rows. On a full (n, n) mask, the same mistake is its transpose.")
    labels = case.labels
    cols = mm.key_columns(case.mask)
    if cols is not None and cols.any() and not cols.all():
        st.code(say.padding_shapes_code(labels, cols), language="python")
    wrong = mm.mask_wrong_axis(case.Q, case.K, case.V, case.mask)
    blocked = mm.lone_blocked_row(case.mask)  # Mᵀ turns a fully blocked row into a fully blocked column
    beside_the_right_one(case, wrong.weights, "softmax(QKᵀ/√d_k + Mᵀ)", highlight_row=blocked, highlight_col=blocked)
    st.markdown(say.wrong_axis_sentence(md(labels), case.mask, wrong.weights, choice))
    symptom_box("wrong_axis")


# ---------------------------------------------------------------------------------------------------------
@st.fragment(key=FILL)
def finite_minus_infinity(case: mm.Case) -> None:
    """4. −10⁹ in place of −∞: uniform weights on a fully blocked row, or NaN once float16 overflows."""
    st.header("4. A finite “minus infinity”")
    st.markdown("Many codebases fill blocked scores with −10⁹ (or −10⁶) instead of −∞, to dodge the NaN that −∞ "
                "gives a fully blocked row. Each way is computed here in the dtype you pick, on one row that may "
                "see no key.")
    c1, c2 = st.columns(2)
    url_bound("dtype", "float64", str, options=list(mm.DTYPES))
    dtype = c1.radio("dtype", options=mm.DTYPES, key="dtype", horizontal=True,
                     on_change=rerun_fragments(FILL, NOTEBOOK))
    url_bound("fill", "-1e9", str, options=list(mm.FILLS))
    fill = c2.radio("The finite fill", options=mm.FILLS, key="fill", format_func=FILL_LABELS.get, horizontal=True,
                    on_change=rerun_fragments(FILL, NOTEBOOK))
    labels = case.labels
    row, mask, added = mm.blocked_row_for_demo(case.mask, None)
    st.caption(say.blocked_row_note(md(labels), case.mask, row, added))
    st.code(say.overflow_code(fill, dtype), language="python")
    runs = [mm.naive_minus_inf(case.Q, case.K, case.V, mask, dtype),
            mm.finite_fill(case.Q, case.K, case.V, mask, fill, dtype),
            mm.safe_minus_inf(case.Q, case.K, case.V, mask, dtype)]
    W = np.stack([r.weights[row] for r in runs], axis=1)  # (n, 3): the blocked row under each way, one column each
    st.session_state[FILL_SHOWN] = {"fill_row": row, "dtype": dtype, "fill": fill, "shown_fill_rows": W}
    draw(W, say.fill_title(labels[row], dtype), labels, say.fill_columns(fill), kind="weights", y_title="key")
    st.caption("Columns: −∞ with a plain softmax, the finite fill, and attn_core's way (−∞, then 0s for a row that "
               "may see nothing). Every key here is blocked, so every weight must be exactly 0; a hatched cell "
               "printed NaN is where the computation gave not-a-number.")
    for sentence in say.fill_sentences(md(labels)[row], case.n, dtype, fill, W[:, 0], W[:, 1], W[:, 2],
                                       runs[1].output[row]):
        st.markdown(sentence)
    symptom_box("finite_fill")
    symptom_box("naive_inf")


# ---------------------------------------------------------------------------------------------------------
@st.fragment(key=LEAK)
def no_causal_mask(case: mm.Case) -> None:
    """5. No causal mask where one was needed: the leak test."""
    st.header("5. No causal mask where one was needed")
    st.markdown("A model trained to predict the next token must not read it. Without a causal mask, each position "
                "can read the answer a few tokens ahead: the training loss looks excellent, and the model fails "
                "when it generates, where the future is not there yet. The test: **change a later token and see "
                "which earlier outputs move.**")
    labels, n = case.labels, case.n
    st.session_state[LEAK_SHOWN] = None  # until the table is drawn: the notebook leaves section 5 out
    if n < 2:
        st.info("Your sentence has a single token, so no output comes before another. Type a sentence of at least "
                "two words in the sidebar to run the leak test.", icon=":material/short_text:")
        return
    c1, c2 = st.columns(2)
    url_bound("leak", n - 1, int, options=list(range(n)))
    t = c1.selectbox("Change the token", options=list(range(n)), key="leak", format_func=lambda k: labels[k],
                     on_change=rerun_fragments(LEAK, NOTEBOOK))
    url_bound("word", mm.replacement_word(case.tokens[-1]), mm.parse_word)
    raw = c2.text_input("to the word", key="word", max_chars=40, on_change=rerun_fragments(LEAK, NOTEBOOK))
    try:
        word = mm.parse_word(raw)
    except ValueError as err:
        st.warning(say.word_refused(err), icon=":material/edit_off:")
        return
    if word.casefold() == case.tokens[t].casefold():
        st.info(say.same_word_notice(md([word])[0]), icon=":material/info:")
        return
    Q2, K2, V2 = mm.swapped_qkv(case, t, word)
    free = mm.output_change(mm.no_mask, case.Q, case.K, case.V, Q2, K2, V2, case.mask)
    causal = mm.output_change(mm.masked_attention, case.Q, case.K, case.V, Q2, K2, V2, masks.build_mask("causal", n))
    both = np.stack([free, causal])  # (2, n)
    draw(both, say.leak_title(labels[t], word), ["WRONG: no mask", "causal mask"], labels,
         zmax=float(both.max()) or 1.0, decimals=3, x_title="query (output row)", highlight_col=t)
    st.markdown(say.leak_sentence(md(labels), t, md([word])[0], free, causal))
    st.session_state[LEAK_SHOWN] = {"leak_t": t, "leak_word": word, "shown_change_free": free,
                                    "shown_change_causal": causal}
    symptom_box("no_mask")


# ---------------------------------------------------------------------------------------------------------
@st.fragment
def checks_for_your_code(case: mm.Case) -> None:
    """The five checks that catch every mistake above, run live, and as a numpy snippet (a fragment: the
    snippet's toggle reruns only this section)."""
    st.header("Checks for your own code")
    st.markdown("Five checks, each run here on the right computation with your sentence and mask. The table "
                "below runs them on every computation above, wrong ones included.")
    labels, n = case.labels, case.n
    t = n - 1
    word = mm.replacement_word(case.tokens[t])
    Q2, K2, V2 = mm.swapped_qkv(case, t, word)
    table = mm.check_table(case, Q2, K2, V2, t)
    right = table[0][1]
    for sentence in say.check_sentences(right, md(labels), case.mask, t, md([word])[0]):
        st.markdown(sentence)
    heads = say.check_headings()
    static_table({"computation": [say.computation_label(name) for name, _ in table],
                  **{h: [say.check_cell(results[k]) for _, results in table] for k, h in enumerate(heads)}})
    st.markdown(say.caught_sentence(table))
    # a toggle, not an expander: the snippet (every number of Q, K and V) is built and sent only when asked for
    if st.toggle("Run these checks on your own code", key="checks_code",
                 help="Runnable numpy to paste into a notebook, with your sentence's numbers."):
        st.markdown("Runnable numpy: your sentence's Q, K, V and mask as they are now, an `attention` to replace "
                    "with your own, and the five checks. It prints “all 5 checks pass” or the ones that fail.")
        st.code(say.checks_snippet(case, t, array_literal), language="python")


# ---------------------------------------------------------------------------------------------------------
@st.fragment
def spot_the_mask_mistake(case: mm.Case, choice: mm.MaskChoice) -> None:
    """The quiz: one mask mistake made on your Q, K, V and mask; name it from its symptoms."""
    st.header("Spot the mask mistake")
    pool = mm.quiz_pool(case.Q, case.K, case.V, case.mask)
    if len(pool) < 2:  # a quiz of one option is no question: say so, and what would give one
        st.info(say.quiz_notice([m.name for m in pool], md(case.labels), mm.quiz_remedies(case, choice)),
                icon=":material/info:")
        return
    st.markdown("One of the mistakes above was made on your Q, K, V and mask. Read its weights and the measured "
                "symptoms, and name it.")

    def new_question() -> None:
        st.session_state["mquiz"] = (int(st.session_state["mquiz"]) + 1) % (SEED_MAX + 1)
        st.session_state["mquiz_answer"] = None

    url_bound("mquiz", 0, lambda r: parse_int(r, 0, SEED_MAX, "mquiz"))
    q1, q2 = st.columns([1, 3], vertical_alignment="bottom")
    seed = int(q1.number_input("Question number (the quiz's seed)", min_value=0, max_value=SEED_MAX, step=1,
                               key="mquiz"))
    q2.button("New question", key="mquiz_new", on_click=new_question, icon=":material/casino:")
    secret = draw_mistake(seed, [m.name for m in pool])
    mystery = mm.MASK_BY_NAME[secret].run(case.Q, case.K, case.V, case.mask)
    d = mm.diagnose_mask(case.Q, case.K, case.V, case.mask, mystery)
    c1, c2 = st.columns(2)
    weights_table(mystery.weights, "mystery weights", case.labels, c1, share=0.5)
    right_d = mm.diagnose_mask(case.Q, case.K, case.V, case.mask, case.right)
    readings = say.symptom_readings(d)
    static_table({"measured": [k for k, _ in readings], "mystery": [v for _, v in readings],
                  "right": [v for _, v in say.symptom_readings(right_d)]}, c2)
    c2.caption(say.READINGS_NOTE)
    answer = st.radio("Which mistake made the mystery weights?", options=[m.name for m in pool], index=None,
                      key="mquiz_answer", format_func=say.mistake_label)
    if st.button("Check my answer", key="mquiz_check", icon=":material/check:"):
        if answer is None:
            st.warning("Pick one of the mistakes first.", icon=":material/touch_app:")
            return
        ok, text = say.verdict(secret, answer, d)
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
        Q, K, V, mask = case.Q, case.K, case.V, case.mask
        leak_args = {} if leak is None else {
            **leak, "leak_x": mm.swapped_inputs(case.tokens, leak["leak_t"], leak["leak_word"], case.d_model,
                                                case.positional)[leak["leak_t"]]}
        return notebook_cells(
            nbk.mask_mistakes_cells, X, w.W_Q, w.W_K, w.W_V, list(case.labels), mask, **fill,
            shown_right_weights=case.right.weights,
            shown_right_output=case.right.output, shown_after_weights=mm.mask_after_softmax(Q, K, V, mask).weights,
            shown_inverted_weights=mm.inverted_mask(Q, K, V, mask).weights,
            shown_axis_weights=mm.mask_wrong_axis(Q, K, V, mask).weights, **leak_args)

    made = None
    long = X.size + w.W_Q.size + w.W_K.size + w.W_V.size > LONG_CODE  # every digit of d_model² weights
    # a toggle, not an expander: the code is built and sent only when asked for, so a step of any control does not
    # make the browser lay out and colour ten kB of code that nobody opened
    if st.toggle("Show the code", key="show_code",
                 help="Every number of X and the weights, so it is long." if long else
                 "Sections 1 to 5 in plain numpy with your numbers, and the functions behind every table."):
        made = cells()
        code_view(made, leak is not None, long=long)
    settings = {**nbk.shared_settings(shared), **controls, "dtype": fill["dtype"], "fill": fill["fill"]}
    if leak is not None:
        settings |= {"token changed": case.labels[leak["leak_t"]], "to the word": leak["leak_word"]}
    link = nbk.link_here("Mask_mistakes")
    nbk.download_button(lambda: nbk.notebook("Attention Explorer: Mask mistakes", settings, link,
                                             made if made is not None else cells()),
                        "attention_explorer_mask_mistakes.ipynb", key="download_notebook")


def code_view(cells, leak: bool, long: bool = False) -> None:
    """The notebook's code, then the attn_core functions the page's tables come from. Long code is printed
    without colours: colouring a few hundred kB of digits takes a browser seconds."""
    st.markdown(say.code_intro(leak))
    st.code(nbk.page_code(cells), language=None if long else "python")
    st.markdown("Every wrong table on this page comes from one of these functions in `attn_core/mask_mistakes.py`; "
                "the right ones from `masked_attention`.")
    for fn in SOURCES:
        st.code(source(fn), language="python")


main()
