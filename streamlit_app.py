"""Home: the source text's lookup picture, live. One query token asks; every key answers; values are mixed."""

import pandas as pd
import streamlit as st

from attn_core import Inputs
from attn_core.builder import Start, action_animal_pair, build, interpretable_start, output_shares, random_start
from attn_core.lexicon import not_in_lexicon
from attn_core.tokens import tokenize
from attn_lessons import home as say
from attn_lessons.builder import action_animal_lesson, with_dims_said
from attn_lessons.format import md_text, num
from attn_lessons.formula import ATTENTION
from attn_ui.checkpoint import Guess, predict, reveal
from attn_ui import notebooks as nbk
from attn_ui import classroom
from attn_ui.data import load_inputs, notebook_cells
from attn_ui.glossary import define
from attn_ui.pages import route
from attn_ui.params import parse_bool
from attn_ui.serving import one_at_a_time
from attn_ui.state import rerun_fragments, route_footer, setup_page, token_picker, url_bound
from attn_ui.tables import Bars, draw_bars, shared_range
from attn_ui.tables import draw_matrix as draw

QUERY, NOTEBOOK = "home_query", "home_take_home"  # fragment keys: the query box reruns both
# a route label longer than the page is wide wraps onto a second line instead of being cut off with "…"
ROUTE_WRAP = ("<style>.st-key-home_route [data-testid='stPageLink'] * {white-space: normal !important; "
              "overflow: visible !important; text-overflow: clip !important; height: auto !important}</style>")


@one_at_a_time
def main() -> None:
    shared = setup_page(__file__, one_head=True)
    st.title(say.title())
    st.markdown(say.intro())
    three_roles()
    inputs = load_inputs(shared)
    st.header(say.section("one-query"))
    start, named = choose_weights(shared, inputs)  # named features (and the words they miss), or seeded weights
    res = build(start.X, start.W_Q, start.W_K, start.W_V)  # one head: d_k = d_v = d_model
    numbers = () if named else (shared.seed, shared.d_model)  # what only moves the numbers (the kind is asked about)
    the_query(inputs.labels, inputs.tokens, start, res, named, numbers)  # predict; then the weights, output, matrix
    where_qkv_come_from(inputs.labels, start, res)
    take_it_home(shared, inputs.labels, start, res, named)  # the code and the notebook, for the same query
    the_route(shared)
    # the builder goes on with the weights Home showed: the named features, or random ones
    start = "random" if st.session_state.get("home_random") else "interpretable"
    route_footer(__file__, shared, carry={"start": start})


def the_route(shared) -> None:
    """The pages in the order to take them, each with the question it answers; links keep your settings."""
    st.html(ROUTE_WRAP)
    with st.container(border=True, key="home_route"):
        st.markdown(say.route_note(sum(p.minutes for p in route() if p.core))[0])
        for k, page in enumerate(route()[1:], start=1):
            st.page_link(page.path, label=say.route_link(k, page), icon=page.icon, query_params=shared.query_params())


def three_roles() -> None:
    """The formula, and the three roles each token plays."""
    st.latex(ATTENTION)
    for column, role in zip(st.columns(3), say.roles(), strict=True):  # query, key, value
        column.markdown(role)


def choose_weights(shared, inputs: Inputs) -> tuple[Start, bool]:
    """Named features with hand-set W_Q (attention that visibly picks), or the seeded random weights."""
    url_bound("home_random", False, parse_bool)
    random = st.toggle(say.random_toggle(), key="home_random",
                       help=say.named_features_help())
    if random:
        w = inputs.weights
        st.caption(say.random_weights_caption(shared.seed, shared.d_model))
        return random_start(inputs.X, w.W_Q, w.W_K, w.W_V), False
    st.caption(say.named_features_caption().text)
    words_it_knows(inputs.tokens, inputs.labels)
    return with_dims_said(interpretable_start(inputs.tokens)), True  # its axes named in the session's language


def words_it_knows(tokens, labels) -> None:
    """The tokens outside the lexicon, named, with sentences whose words it knows one click away."""
    said = say.unknown_words(labels, not_in_lexicon(tokens))
    if said is None:
        return
    st.info(said.text, icon=":material/menu_book:")
    sentences = say.working_sentences()
    for k, (column, sentence) in enumerate(zip(st.columns(len(sentences)), sentences, strict=True)):
        column.button(sentence, key=f"home_try_{k}", on_click=use_sentence, args=(sentence,))


def use_sentence(sentence: str) -> None:
    """Put `sentence` in the sidebar's box, asking with its first action (the query the page starts on)."""
    st.session_state["text"] = sentence
    pair = action_animal_pair(tokenize(sentence).tokens)
    st.session_state["query"] = pair[0] if pair else 0


@st.fragment(key=QUERY)
def the_query(labels, tokens, start: Start, res, named: bool, numbers) -> None:
    """Pick a query and predict its favourite key; then its weights, its output and every query's weights. A
    fragment, so picking another query or answering redraws only these; while the question is open, nothing here
    shows a number that answers it."""
    pair = action_animal_pair(tokens) if named else None
    i = token_picker(say.query_picker(), "query", labels, default=pair[0] if pair else 0,
                     on_change=rerun_fragments(QUERY, NOTEBOOK))
    guess = top_key(labels, i, named, numbers)
    if guess is None:
        return  # the query's weights, and its scores and output shares that give them away, wait for the answer
    query_row(labels, tokens, start, res, named, i, guess)
    output_of_one_query(labels, start, res, i)
    every_query(labels, res)


def top_key(labels, i: int, named: bool, numbers) -> Guess | None:
    """Which key will query i weigh most? About this sentence, this query and the kind of weights (named features
    or random): a change to any opens it again; the seed and d_model only move its numbers."""
    if len(labels) == 1:  # one token is its own only key: a question with one answer asks nothing
        return Guess(None, skipped=True)
    return predict(say.TOP_KEY, say.top_key_question(labels[i]), options=list(labels), format_func=md_text,
                   about=(tuple(labels), labels[i], "named" if named else "random"), numbers=numbers)


def query_row(labels, tokens, start: Start, res, named: bool, i: int, guess: Guess) -> None:
    """Query i's scores, scaled scores and weights over every key; then the verdict and why."""
    d_k = res.d_k
    title, names = say.query_titles(labels[i], d_k)
    panels = [(res.scores[i], names[0], "signed"), (res.scaled[i], names[1], "signed"),
              (res.weights[i], names[2], "weights")]
    draw_bars([Bars(name, values, "positive" if kind == "weights" else "signed",
                    1.0 if kind == "weights" else None) for values, name, kind in panels],
              labels, title, label_title=say.section("key-j"))
    define("softmax", "d_k")  # first used in the verdict and the caption below
    choice = labels.index(guess.value) if guess.value is not None else None  # the guess is the label chosen
    verdict = say.top_key_verdict(labels, i, res.scaled[i], res.weights[i], choice)
    # in a class, the answer also goes to the teacher's dashboard
    reveal(guess, verdict.facts["right"], verdict.text, asked=say.TOP_KEY,
           state=classroom.page_state(query=i, start="interpretable" if named else "random"))
    st.caption(say.query_steps_caption(d_k, res.weights[i], named).text)
    with st.expander(say.one_head_title()):  # a detail, folded so the page stays short
        st.caption(say.one_head_caption(start.X.shape[1], tokens, named).text)
    pair = action_animal_pair(tokens) if named else None
    if pair and i == pair[0]:
        note = action_animal_lesson(labels, *pair, start.X, start.W_Q, start.W_K, res.Q, res.K, res.scores,
                                    res.weights, d_k)
        (st.success if note.kind == "success" else st.info)(note.text, icon=":material/lightbulb:")


def output_of_one_query(labels, start: Start, res, i: int) -> None:
    """Each key's share wⱼ·vⱼ of the query's output, and their sum, which is the output."""
    st.subheader(say.output_header(labels[i]))
    parts = output_shares(res.weights[i], res.V)  # (n, d_v): key j's share w_j · v_j of output_i, and its length
    output = res.output[i][None, :]  # (1, d_v)
    left, right = st.columns([3, 2])
    top = shared_range(parts.shares, output)  # one colour scale: the sum is read against its parts
    draw(parts.shares, say.shares_title(), labels, start.v_dims, zmax=top, x_title=say.section("value-dimension"),
         y_title=say.section("key"), where=left, share=0.6)
    draw(output, say.section("output"), [labels[i]], start.v_dims, formula="Σⱼ wⱼ·vⱼ", zmax=top,
         x_title=say.section("value-dimension"), where=left, share=0.6)
    columns = {say.section("score"): res.scores[i], f"÷ √{res.d_k}": res.scaled[i], say.section("weight"):
               res.weights[i], say.section("length"): parts.lengths}
    # the browser's own table, not st.dataframe: its canvas grid was the last thing to settle after every step
    right.table(pd.DataFrame({name: [num(x, 3) for x in values] for name, values in columns.items()},
                             index=pd.Index(labels, name=say.section("key"))))
    right.caption(say.shares_sum_caption(parts.shares, res.output[i]).text)


def every_query(labels, res) -> None:
    """The whole n × n weight matrix: one row per query."""
    st.header(say.every_query_header())
    draw(res.weights, "weights", labels, labels, formula="softmax(QKᵀ/√d_k)", kind="weights",
         x_title=say.section("key"), y_title=say.section("query"))
    st.markdown(say.weight_matrix_sentence(len(labels), *res.weights.shape).text)


def where_qkv_come_from(labels, start: Start, res) -> None:
    """Q, K and V, each X times its own learned matrix: drawn only when the learner asks for them."""
    if not st.toggle(say.qkv_toggle(), key="home_qkv"):
        return
    st.markdown(say.qkv_heading())
    top = shared_range(res.Q, res.K, res.V)  # one colour scale for the three
    for M, name, dims in ((res.Q, "Q", start.q_dims), (res.K, "K", start.k_dims), (res.V, "V", start.v_dims)):
        draw(M, name, labels, dims, formula=f"X·W_{name}", zmax=top, y_title=say.section("token"))




@st.fragment(key=NOTEBOOK)
def take_it_home(shared, labels, start: Start, res, named: bool) -> None:
    """The page's numbers rebuilt in plain numpy, for the query picked above: shown as code, and downloadable as a
    notebook. A fragment, rerun with the query's sections when the query changes."""
    i = min(max(int(st.session_state["query"]), 0), len(labels) - 1)  # the box drawn above, in this run or the last

    def cells():
        return notebook_cells(
            nbk.cells, "home",
            {"labels": nbk.names(labels), "X": start.X, "W_Q": start.W_Q, "W_K": start.W_K, "W_V": start.W_V,
             "i": nbk.Note(i, say.notebook_query_note(labels[i]))},
            {"scores": res.scores, "weights": res.weights, "output": res.output},
            {"rows_of_X": say.notebook_rows_of_x(named), "query": md_text(labels[i])})

    settings = {**nbk.shared_settings(shared), say.section("query"): labels[i],
                say.section("weights-setting"): say.weights_kind(named)}
    nbk.take_it_home(__file__, say.code_intro(labels[i]), cells, start.X.size + 3 * start.W_Q.size, settings)

main()
