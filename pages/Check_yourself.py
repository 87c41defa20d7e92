"""Check yourself: answer first, then a small live computation proves the answer; the takeaways close the route."""

import streamlit as st

import attn_core
from attn_core.questions import (
    attention_reads,
    cross_attention,
    one_hot_attention,
    passage_words,
    qk_sd_theory,
    qkv_arrays,
    recurrent_reads,
    repeat_gaps,
    role_test,
    steps_matrix,
    typical_two_keys,
)
from attn_core.scaling import compare_two_keys
from attn_lessons import questions as qs
from attn_lessons import i18n
from attn_lessons.i18n import tr
from attn_ui import notebooks as nbk
from attn_ui import classroom
from attn_ui.checkpoint import to_class
from attn_ui.data import cached_figure, load_inputs, notebook_cells, qk_dots, sentence_inputs, worded_question
from attn_ui.figures import histogram_figure, plot
from attn_ui.language import KEY as LANG
from attn_ui.pages import route
from attn_ui.params import SEED_MAX, parse_question_seed
from attn_ui.folds import fold
from attn_ui.serving import one_at_a_time
from attn_ui.state import route_footer, setup_page, url_bound
from attn_ui.tables import draw_matrix as draw

BADGE = {qs.RIGHT: ("green", "✓"), qs.WRONG: ("orange", "✗"), qs.SHOWN: ("gray", None)}  # None: the word "shown"
# session only: {"kind@seed": {"first": status, "status": status, "reply": the reply checked, None when shown}}; the
# verdict's words are made when drawn, in the language of that run (a callback runs before the page sets it)
LOG = "_quiz_log"
QUIZ, NOTEBOOK = "quiz", "check_take_home"  # fragment keys: new numbers rerun the quiz and the notebook together
DRAWN = "_closing_open"  # the open questions the closing sections were last drawn for; None while a full run draws


@one_at_a_time
def main():
    shared = setup_page(__file__)
    st.title(tr("questions-title"))
    st.markdown(qs.intro())
    if st.session_state.get("reveal"):  # the sidebar's switch skips the other pages' predictions, not a quiz
        st.info(qs.skip_notice(), icon=":material/quiz:")
    st.session_state[DRAWN] = None
    quiz(shared)                   # the question seed, the score and the thirteen questions
    held = closing_open()          # what the closing sections would give away: held back while open
    steps = one_step(shared, held)  # steps from token to token: attention, a recurrent network, a causal mask
    takeaways(shared, held)
    st.session_state[DRAWN] = held
    take_it_home(shared, *steps)   # question 1's attention and the step counts, as numpy and as a notebook
    route_footer(__file__, shared)


def _log_key(kind: str, seed: int) -> str:
    return f"{kind}@{seed}"


def closing_open() -> frozenset:
    """The questions a closing section answers that are still open (neither checked nor shown) at these numbers."""
    seed, log = int(st.session_state.get("q", 0)), st.session_state.get(LOG, {})
    return frozenset(k for k in qs.CLOSING_KINDS if log.get(_log_key(k, seed), {}).get("first") is None)


def _clear_answers() -> None:
    for kind in qs.KINDS:
        st.session_state.pop(f"answer_{kind}", None)


def _new_seed() -> None:
    """A new question seed: clear the answers, and rerun the quiz and the notebook (its question 1 changed)."""
    _clear_answers()
    st.rerun([QUIZ, NOTEBOOK])


def _reroll() -> None:
    st.session_state["q"] = (int(st.session_state["q"]) + 1) % (SEED_MAX + 1)
    _new_seed()


def _reset() -> None:
    st.session_state[LOG] = {}
    _clear_answers()


def _record(q: qs.Question, show: bool) -> None:
    """Mark the answer in the form (or show the answer); the score keeps each question's first verdict."""
    ss = st.session_state
    log = ss.setdefault(LOG, {})
    verdict = qs.show_answer(q) if show else qs.check(q, ss.get(f"answer_{q.kind}"))
    first = log.get(_log_key(q.kind, q.seed), {}).get("first")
    if first is None and verdict.status != qs.UNREADABLE:
        first = verdict.status
    log[_log_key(q.kind, q.seed)] = {"first": first, "status": verdict.status,
                                     "reply": None if show else ss.get(f"answer_{q.kind}")}
    if not show and verdict.status in (qs.RIGHT, qs.WRONG):  # in a class, the answer goes to the teacher
        to_class(qs.KIND[q.kind].asked, {"seed": q.seed}, ss.get(f"answer_{q.kind}"), verdict.status == qs.RIGHT,
                 once=object(), notify=False)


def _in_language() -> None:
    """A fragment's own rerun runs without setup_page, in a context of its own that starts in English: read on in
    the session's language (a Chinese page's Check button showed the quiz in English)."""
    i18n.use(st.session_state.get(LANG, i18n.DEFAULT))


@st.fragment(key=QUIZ)
def quiz(shared) -> None:
    """The seed, the score and every question: a fragment, so checking an answer reruns only the quiz."""
    _in_language()
    seed = numbers_seed()
    scoreboard(seed)
    for number, kind in enumerate(qs.KINDS, 1):
        ask(number, worded_question(kind, seed), shared)
    drawn = st.session_state.get(DRAWN)
    if drawn is not None and drawn != closing_open():  # an answer (or new numbers) changed what they may show
        st.rerun()  # the whole page, so the one-step section and the takeaways follow


def numbers_seed() -> int:
    """The seed every question draws its numbers from, bound to ?q=, with re-roll and reset buttons."""
    url_bound("q", 0, parse_question_seed)
    # one block that wraps on a phone, not a row of columns (four blocks): every element costs a message a rerun
    row = st.container(horizontal=True, vertical_alignment="bottom")
    seed = row.number_input(tr("questions-seed"), min_value=0, max_value=SEED_MAX, step=1, key="q",
                           on_change=_new_seed, help=qs.seed_help(), width=320)
    row.button(tr("questions-new-numbers"), key="reroll", on_click=_reroll, icon=":material/casino:")
    row.button(tr("questions-reset"), key="quiz_reset", on_click=_reset, icon=":material/restart_alt:")
    return int(seed)


def scoreboard(seed: int) -> None:
    """The session's score, and which of the questions at these numbers are answered (once one of them is: until
    then every badge would read "open", which the score's sentence already says)."""
    log = st.session_state.get(LOG, {})
    firsts = [r["first"] for r in log.values() if r["first"] is not None]
    at_seed = [log.get(_log_key(kind, seed), {}).get("first") for kind in qs.KINDS]
    marks = []
    for number, first in enumerate(at_seed, 1):
        colour, mark = BADGE.get(first, ("blue", None))
        mark = mark or tr("questions-badge-shown" if first == qs.SHOWN else "questions-badge-open")
        marks.append(f":{colour}-badge[{number} {mark}]")
    with st.container(border=True, key="scoreboard"):
        st.markdown(qs.score_text(firsts, len(qs.KINDS)))
        if any(first is not None for first in at_seed):
            st.markdown(tr("questions-at-these-numbers", marks=" ".join(marks)))


def ask(number: int, q: qs.Question, shared) -> None:
    """One question: the prompt, an answer box, Check and Show me, the verdict, then the live proof."""
    with st.container(border=True, key=f"question_{q.kind}"):
        st.markdown(f"**{number}.** {q.prompt}")
        if q.latex:
            st.latex(q.latex)
        with st.form(f"form_{q.kind}", border=False):
            if q.answer_type == "choice":
                labels = dict(q.options)
                st.radio(tr("questions-your-answer"), options=list(labels), index=None, key=f"answer_{q.kind}",
                         format_func=labels.get)
            else:
                st.text_input(tr("questions-your-answer"), key=f"answer_{q.kind}",
                              placeholder=qs.placeholder(q.answer_type))
            row = st.container(horizontal=True)  # one block that wraps on a phone; columns sent four (issue 38)
            row.form_submit_button(tr("questions-check"), key=f"check_{q.kind}", type="primary",
                                  icon=":material/check:", on_click=_record, args=(q, False))
            row.form_submit_button(tr("questions-show-me"), key=f"show_{q.kind}", on_click=_record, args=(q, True))
        asked = qs.KIND[q.kind].asked
        record = st.session_state.get(LOG, {}).get(_log_key(q.kind, q.seed))
        if record is None and classroom.teacher_revealed(asked.id, seed=q.seed):  # the class's teacher showed it
            _record(q, True)
            record = st.session_state[LOG][_log_key(q.kind, q.seed)]
        if record is None:  # the intro says the proof comes once an answer is checked or shown
            return
        message = (qs.show_answer(q) if record["status"] == qs.SHOWN else qs.check(q, record["reply"])).message
        if record["status"] == qs.RIGHT:
            st.success(f"{tr('questions-right')} {message}", icon=":material/task_alt:")
        elif record["status"] == qs.WRONG:
            st.warning(f"{tr('questions-not-quite')} {message}", icon=":material/lightbulb:")
        elif record["status"] == qs.UNREADABLE:
            st.info(message, icon=":material/help:")
        else:
            st.info(message, icon=":material/visibility:")
        if record["status"] in (qs.RIGHT, qs.WRONG):  # this question's own answer: sent, on its way, or why not
            classroom.draw_notice(asked.id)
        if record["first"] is not None:
            REVEALS[q.kind](q, shared)


# ------------------------------------------------------------------------------------- the reveals




def _weights_table(weights, formula: str, rows, cols, title: str | None = None, **options) -> None:
    draw(weights, title or tr("questions-table-weights"), rows, cols, formula=formula, kind="weights",
         x_title=tr("questions-table-key"), y_title=tr("questions-table-query"), **options)


def shape_attention(q: qs.Question, shared):
    """The weight-shape question's words (queries', keys'), their inputs and their attention: (words_q, words_k,
    a, b, res), a for the queries and b for the keys and values (the same sentence unless it is cross-attention)."""
    p = q.params
    words_q = passage_words(p["n_q"], p["offset_q"], qs.passage())
    words_k = words_q if p["n_q"] == p["n_k"] else passage_words(p["n_k"], p["offset_k"], qs.passage())
    a, b = sentence_inputs(words_q, shared), sentence_inputs(words_k, shared)
    return words_q, words_k, a, b, across(a, b)


def across(a: attn_core.Inputs, b: attn_core.Inputs) -> attn_core.AttentionResult:
    """a's queries over b's keys and values (self-attention when a is b): the same seed gives both sentences the
    same W_Q, W_K, W_V, so a's serve for both."""
    w = a.weights
    return cross_attention(a.X, b.X, w.W_Q, w.W_K, w.W_V)


def reveal_weights_shape(q: qs.Question, shared) -> None:
    words_q, words_k, a, b, res = shape_attention(q, shared)
    st.markdown(qs.reveal_weights_shape(words_q, words_k, res.weights.shape).text)
    _weights_table(res.weights, "softmax(QKᵀ/√d_k)", a.labels, b.labels)


def reveal_why_scale(q: qs.Question, shared) -> None:
    dots = qk_dots(shared.d_k, 4000, shared.seed)  # (4000,) q·k at the learner's d_k
    st.markdown(qs.reveal_why_scale(shared.d_k, dots, typical_two_keys(dots, shared.d_k)).text)
    st.caption(qs.why_scale_caption())


def reveal_softmax_axis(q: qs.Question, shared) -> None:
    n_q, n_k = q.params["n_q"], q.params["n_k"]
    words_q, words_k = passage_words(n_q, 0, qs.passage()), passage_words(n_k, n_q, qs.passage())
    a, b = sentence_inputs(words_q, shared), sentence_inputs(words_k, shared)
    res = across(a, b)
    st.markdown(qs.reveal_softmax_axis(words_q, words_k, res.weights).text)
    _weights_table(res.weights, "softmax(QKᵀ/√d_k, axis=−1)", a.labels, b.labels)


def reveal_qkv_shapes(q: qs.Question, shared) -> None:
    p = q.params
    arrays = qkv_arrays(p["n"], p["d_model"], p["d_k"], p["d_v"], shared.seed)
    st.markdown(qs.reveal_qkv_shapes(arrays))


def reveal_roles(q: qs.Question, shared) -> None:
    inputs = load_inputs(shared)
    Q, K, V = attn_core.project(inputs)  # (n, d_model) each, one head
    st.markdown(qs.reveal_roles(role_test(Q, K, V, shared.seed), len(inputs.tokens)).text)


def reveal_scale_heads(q: qs.Question, shared) -> None:
    p = q.params  # d_k: one head's width, d_model / h, as the question split it
    st.markdown(qs.reveal_scale_heads(p["d_model"], p["h"], qk_dots(p["d_k"], 4000, shared.seed)).text)


def reveal_causal_row(q: qs.Question, shared) -> None:
    n, i = q.params["n"], q.params["i"]
    inputs = sentence_inputs(passage_words(n, 0, qs.passage()), shared)
    Q, K, V = attn_core.project(inputs)
    res = attn_core.scaled_dot_product_attention(Q, K, V, mask=attn_core.causal_mask(n))
    st.markdown(qs.reveal_causal_row(inputs.labels, res.weights, i).text)
    _weights_table(res.weights, "softmax(QKᵀ/√d_k + M)", inputs.labels, inputs.labels,  # the row asked about, from 0
                   title=tr("questions-table-causal-weights"), highlight_row=i)


def reveal_identical_tokens(q: qs.Question, shared) -> None:
    words, a, b = qs.identical_sentence(q)  # the sentence the question asked in this language
    plain, positional, _ = repeat_gaps(words, a, b, shared.seed, shared.d_model)
    st.markdown(qs.reveal_identical(words[a], a, b, plain, positional).text)


def reveal_one_hot(q: qs.Question, shared) -> None:
    p = q.params
    res = one_hot_attention(p["V"], p["i"], p["j"], shared.seed)
    st.markdown(qs.reveal_one_hot(res.weights[p["i"]], p["j"], res.output[p["i"]]).text)


def reveal_qk_variance(q: qs.Question, shared) -> None:
    d_k = q.params["d_k"]
    dots = qk_dots(d_k, 10_000, shared.seed)
    st.markdown(qs.reveal_qk_variance(d_k, dots).text)
    plot(cached_figure(histogram_figure, dots, qk_sd_theory(d_k), qs.qk_variance_title(d_k, len(dots)),
                       curve_name=tr("questions-histogram-curve"), height=260), "fig_qk_variance")


def reveal_steps(q: qs.Question, shared) -> None:
    st.markdown(qs.reveal_steps(q.params["n"]).text)
    st.caption(qs.steps_caption())


def reveal_weights_total(q: qs.Question, shared) -> None:
    inputs = sentence_inputs(passage_words(q.params["n"], 0, qs.passage()), shared)
    Q, K, V = attn_core.project(inputs)
    st.markdown(qs.reveal_total(attn_core.scaled_dot_product_attention(Q, K, V).weights).text)


def reveal_two_keys(q: qs.Question, shared) -> None:
    st.markdown(qs.reveal_two_keys(compare_two_keys([q.params["s"], 0], q.params["d_k"])).text)


# Each kind of the registry (attn_lessons.questions.QUIZ_KINDS) is proved by the function reveal_<kind> above; a
# kind without one stops the page here, naming it.
REVEALS = {kind: globals()[f"reveal_{kind}"] for kind in qs.KINDS}


# --------------------------------------------------------------------------- one step, takeaways


def one_step(shared, held: frozenset) -> tuple[list[str], dict | None]:
    """Steps between tokens on the learner's sentence: attention, a recurrent network, a causal mask, each held
    back while a question it answers is open (`held`). Returns the sentence's labels and the three step matrices
    (None for a one-token sentence), for the notebook."""
    inputs = load_inputs(shared)
    labels, n = inputs.labels, len(inputs.tokens)
    matrices = None if n < 2 else {
        "attention": steps_matrix(attention_reads(n)),
        "recurrent network": steps_matrix(recurrent_reads(n)),
        "causal mask": steps_matrix(attention_reads(n, attn_core.causal_mask(n))),
    }
    if numbers := qs.open_numbers(qs.ONE_STEP_ANSWERS, held):  # its header alone answers a question
        st.caption(qs.held_back_note(numbers, qs.one_step_held()))
        return labels, matrices
    st.header(qs.one_step_header())
    st.markdown(qs.one_step_intro())
    st.markdown(qs.one_step_text(inputs.tokens))
    if matrices is None:
        return labels, None
    c1, c2 = st.columns(2)
    for col, name in zip((c1, c2), ("attention", "recurrent network"), strict=True):
        col.metric(*qs.steps_metric(name, matrices[name]))
    for col, name in zip(st.columns(2), ("attention", "recurrent network"), strict=True):
        _steps_table(matrices[name], name, labels, col)
    st.caption(qs.steps_cell_caption())
    if numbers := qs.open_numbers(qs.CAUSAL_STEP_ANSWERS, held):
        st.caption(qs.held_back_note(numbers, qs.causal_step_held(), many=True))
        return labels, matrices
    # a deep dive: folded, so the page stays a short read
    with fold(tr("questions-causal-expander"), "fold_causal_steps") as shown:
        if shown:
            c1, c2 = st.columns(2, vertical_alignment="center")
            _steps_table(matrices["causal mask"], "causal mask", labels, c1)
            c2.markdown(qs.causal_step_text(n))
            c2.caption(qs.never_arrives())
    return labels, matrices


def _steps_table(steps, name: str, labels, where) -> None:
    """A step-count matrix, coloured from 0 to n − 1 (counts are never negative, so no legend of a ± scale)."""
    draw(steps, qs.steps_table_title(name), labels, labels, where=where, share=0.5, zmax=max(1, len(labels) - 1),
         decimals=0, x_title=tr("questions-from-token"), y_title=tr("questions-to-token"), legend=False)


def takeaways(shared, held: frozenset) -> None:
    """The source text's key takeaways, each linked to the page that shows it, with the shared settings; a takeaway
    that answers an open question (`held`) waits for it."""
    st.header(tr("questions-takeaways-header"))
    on_route = {p.name: p.path for p in route()}
    said = qs.takeaways()
    waiting = [ks for *_, ks in said if qs.open_numbers(ks, held)]
    for text, name, label, kinds in said:
        if qs.open_numbers(kinds, held):
            continue
        st.markdown(f"**{text}**")
        if name in on_route:
            st.page_link(on_route[name], label=label, icon=":material/arrow_forward:",
                         query_params=shared.query_params())
    if waiting:
        numbers = qs.open_numbers([k for ks in waiting for k in ks], held)
        subject = qs.takeaways_held(len(waiting), len(said))
        st.caption(qs.held_back_note(numbers, subject, many=len(waiting) > 1))


@st.fragment(key=NOTEBOOK)
def take_it_home(shared, labels, steps) -> None:
    """Question 1's attention at the current numbers and the one-step demo's counts in plain numpy: shown as
    code, and downloadable as a notebook. A fragment, rerun with the quiz when the question seed changes."""
    _in_language()
    seed = int(st.session_state["q"])  # the quiz's seed box, whose number question 1 is drawn from
    _, _, a, b, res = shape_attention(worded_question("weights_shape", seed), shared)
    w = a.weights
    number = qs.KINDS.index("weights_shape") + 1

    def cells():
        steps_shown = steps or {}
        return notebook_cells(
            nbk.cells, "questions",
            {"labels_q": nbk.names(a.labels, tr("questions-nb-queries-tokens")),
             "labels_k": nbk.names(b.labels, tr("questions-nb-keys-tokens")), "X_q": a.X, "X_k": b.X, "W_Q": w.W_Q,
             "W_K": w.W_K, "W_V": w.W_V,
             "sentence": nbk.names(labels, tr("questions-nb-your-tokens"))},
            {"weights": res.weights, "shape": tuple(res.weights.shape),  # the shape is question 1's answer
             **{f"steps_{name}": steps_shown.get(key) for name, key in
                (("attention", "attention"), ("recurrent", "recurrent network"), ("causal", "causal mask"))}},
            {"shape_sentence": qs.notebook_shape_sentence(list(a.labels), list(b.labels))})

    settings = {**nbk.shared_settings(shared), tr("questions-nb-seed"): seed}
    nbk.take_it_home(__file__, qs.take_home_intro(number, steps is not None), cells,
                     a.X.size + b.X.size + 3 * w.W_Q.size, settings)

main()
