"""Home: the source text's lookup picture, live. One query token asks; every key answers; values are mixed."""

import numpy as np
import pandas as pd
import streamlit as st

from attn_core import Inputs
from attn_core.builder import FEATURES, Start, action_animal_pair, build, interpretable_start, random_start
from attn_lessons.builder import action_animal_lesson, rules_said
from attn_lessons.home import positions_note, top_key_verdict
from attn_lessons import format as fmt
from attn_ui.checkpoint import predict, reveal
from attn_ui import notebooks as nbk
from attn_ui.data import cached_figure, load_inputs, notebook_cells
from attn_ui.figures import bar_panels_figure, matrix_figure, matrix_panels_figure, plot
from attn_lessons.format import a_an, gap, num
from attn_ui.pages import route
from attn_ui.params import parse_bool
from attn_ui.state import rerun_fragments, route_footer, setup_page, token_picker, url_bound

INTRO = ("For each token, self-attention asks: which other tokens carry information I need right now, "
         "and how much of each? The answer comes from the content, not from a fixed pattern. "
         "Change the sentence in the sidebar (on a phone, open it with the **»** at the top left; on a touch "
         "screen, tap outside the box to apply it) and watch every number below move.")
QUERY, NOTEBOOK = "home_query", "home_take_home"  # fragment keys: the query box reruns both
FORMULA = r"\mathrm{Attention}(Q, K, V) = \mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d_k}}\right) V"


def main() -> None:
    shared = setup_page(__file__, one_head=True)
    st.title("Attention Explorer")
    st.markdown(INTRO)
    the_route(shared)
    three_roles()
    inputs = load_inputs(shared)
    start, named = choose_weights(shared, inputs)
    res = build(start.X, start.W_Q, start.W_K, start.W_V)  # one head: d_k = d_v = d_model
    the_query(inputs.labels, inputs.tokens, start, res, named)  # one query's weights, then its output
    every_query(inputs.labels, res)
    where_qkv_come_from(inputs.labels, start, res)
    take_it_home(shared, inputs.labels, start, res, named)  # the code and the notebook, for the same query
    route_footer(__file__, shared)


def the_route(shared) -> None:
    """The pages in the order to take them, each with the question it answers; links keep your settings."""
    with st.container(border=True):
        st.markdown("**The route.** Take the pages in this order; each link keeps your sentence and settings.")
        for k, page in enumerate(route()[1:], start=1):
            st.page_link(page.path, label=f"{k}. {page.label}: {page.question}", icon=page.icon,
                         query_params=shared.query_params())


def three_roles() -> None:
    """The formula, and the three roles each token plays."""
    st.latex(FORMULA)
    role_q, role_k, role_v = st.columns(3)
    role_q.markdown("**Query** $q_i = x_i W_Q$: *what am I looking for?*")
    role_k.markdown("**Key** $k_j = x_j W_K$: *what do I contain?*")
    role_v.markdown("**Value** $v_j = x_j W_V$: *what do I pass along?*")


def choose_weights(shared, inputs: Inputs) -> tuple[Start, bool]:
    """Named features with hand-set W_Q (attention that visibly picks), or the seeded random weights."""
    url_bound("home_random", False, parse_bool)
    random = st.toggle("Random weights: what a fresh, untrained model looks like", key="home_random")
    if random:
        w = inputs.weights
        st.caption(f"W_Q, W_K and W_V are drawn from seed {shared.seed} (sidebar), d_model = {shared.d_model}. "
                   "Nothing has been learned, so a query's weights come out fairly even.")
        return random_start(inputs.X, w.W_Q, w.W_K, w.W_V), False
    rules = "; ".join(rules_said())
    st.caption(f"Named features: each column of X is one of {len(FEATURES)} features ({', '.join(FEATURES)}) "
               f"or one of 2 position columns, and W_Q is set by hand: {rules}. The sidebar's seed and d_model "
               "apply to the random weights. The Q/K/V builder shows the lexicon and every number.")
    return interpretable_start(inputs.tokens), True


@st.fragment(key=QUERY)
def the_query(labels, tokens, start: Start, res, named: bool) -> None:
    """The query's own sections: a fragment, so picking another query or answering redraws only these."""
    i = one_query(labels, tokens, start, res, named)
    output_of_one_query(labels, start, res, i)


def one_query(labels, tokens, start: Start, res, named: bool) -> int:
    """Pick a query; predict its favourite key; then its scores, scaled scores and weights over every key."""
    pair = action_animal_pair(tokens) if named else None
    d_model, d_k = start.X.shape[1], res.d_k
    st.header("One query, every key")
    i = token_picker("Pick the token that asks (the query)", "query", labels, default=pair[0] if pair else 0,
                     on_change=rerun_fragments(QUERY, NOTEBOOK))
    X_is = ("X is each token's named features plus its two position columns." if named else
            positions_note(tokens))
    st.caption(f"One head, so d_k = d_v = d_model = {d_model}. {X_is}")
    guess = predict("home_top", f"Which key will “{labels[i]}” give the most weight?",
                    options=list(range(len(labels))), format_func=labels.__getitem__)
    if guess is None:
        return i
    right, why = top_key_verdict(labels, i, res.scaled[i], res.weights[i], guess.value)
    reveal(guess, right, why)
    panels = [(res.scores[i], f"1. scores q·kⱼ for {labels[i]}", "signed"),
              (res.scaled[i], f"2. scaled: q·kⱼ / √{d_k}", "signed"),
              (res.weights[i], "3. weights = softmax(scaled)", "weights")]
    plot(cached_figure(bar_panels_figure, panels, labels, f"What “{labels[i]}” asks of every key", x_title="key j"),
         key="fig_query")
    st.caption(f"1: how well the query matches each key, a dot product. 2: divided by √d_k = √{d_k} = "
               f"{num(np.sqrt(d_k), 3)}, so the scores do not grow with width. 3: each weight is exp(scaled) over "
               f"the row's sum of exps; they sum to {num(res.weights[i].sum(), 4)}.")
    if pair and i == pair[0]:
        note = action_animal_lesson(labels, *pair, start.X, start.W_Q, start.W_K, res.Q, res.K, res.scores,
                                    res.weights, d_k)
        (st.success if note.kind == "success" else st.info)(note.text, icon=":material/lightbulb:")
    return i


def output_of_one_query(labels, start: Start, res, i: int) -> None:
    """Each key's share wⱼ·vⱼ of the query's output, and their sum, which is the output."""
    st.subheader(f"4. The output for {fmt.md_text(labels[i])} is a weighted sum of the value rows")
    shares = res.weights[i][:, None] * res.V  # (n, d_v): key j's share w_j · v_j of output_i
    left, right = st.columns([3, 2])
    panels = [(shares, "wⱼ · vⱼ, each key's share", labels, start.v_dims),
              (res.output[i][None, :], "output = Σⱼ wⱼ·vⱼ", [labels[i]], start.v_dims)]
    plot(cached_figure(matrix_panels_figure, panels, f"The output for {labels[i]}", x_title="value dimension",
                       share=0.6), key="fig_output", where=left)
    table = pd.DataFrame({"key": labels, "score q·k": res.scores[i], f"÷ √{res.d_k}": res.scaled[i],
                          "weight": res.weights[i], "length ‖wⱼ·vⱼ‖": np.linalg.norm(shares, axis=1)})
    right.dataframe(table, hide_index=True, key="table_row",
                    column_config={c: st.column_config.NumberColumn(format="%.3f") for c in table.columns[1:]})
    right.caption("Summing each column of the top panel gives the output row under it: "
                  f"largest gap {gap(np.abs(shares.sum(axis=0) - res.output[i]).max())}.")


def every_query(labels, res) -> None:
    """The whole n × n weight matrix: one row per query."""
    st.header("Every query at once")
    plot(cached_figure(matrix_figure, res.weights, "weights = softmax(QKᵀ/√d_k)", labels, labels, kind="weights",
                       x_title="key", y_title="query"), key="fig_all_weights")
    rows, cols = res.weights.shape
    st.markdown(f"Each row is one query's weights over every key; it sums to 1. Your {len(labels)} tokens give "
                f"{a_an(rows)} {rows} × {cols} weight matrix, one row per query.")


def where_qkv_come_from(labels, start: Start, res) -> None:
    """Q, K and V, each X times its own learned matrix: drawn only when the learner asks for them."""
    if not st.toggle("Show where Q, K and V come from", key="home_qkv"):
        return
    panels = [(res.Q, "Q = X·W_Q", labels, start.q_dims), (res.K, "K = X·W_K", labels, start.k_dims),
              (res.V, "V = X·W_V", labels, start.v_dims)]
    plot(cached_figure(matrix_panels_figure, panels, "Q, K and V: one row per token", across=True), key="fig_qkv")


@st.fragment(key=NOTEBOOK)
def take_it_home(shared, labels, start: Start, res, named: bool) -> None:
    """The page's numbers rebuilt in plain numpy, for the query picked above: shown as code, and downloadable as a
    notebook. A fragment, rerun with the query's sections when the query changes."""
    i = min(max(int(st.session_state["query"]), 0), len(labels) - 1)  # the box drawn above, in this run or the last

    def cells():
        return notebook_cells(nbk.home_cells, start.X, start.W_Q, start.W_K, start.W_V, list(labels), i, named=named,
                              shown_scores=res.scores, shown_weights=res.weights, shown_output=res.output)

    intro = (f"This page's numbers in plain numpy, for the query “{fmt.md_text(labels[i])}”, in the order the page "
             "shows them: the same code as the notebook below, which also checks its results against the page.")
    nbk.show_code(intro, cells, start.X.size + 3 * start.W_Q.size)
    settings = {**nbk.shared_settings(shared), "query": labels[i],
                "weights": "named features" if named else "seeded random"}
    link = nbk.link_here("")  # now: the download builds the notebook later, in a thread with no page context
    nbk.download_button(lambda: nbk.notebook("Attention Explorer: Home", settings, link, cells()),
                        "attention_explorer_home.ipynb", key="download_notebook")


main()
