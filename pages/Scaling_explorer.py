"""Scaling explorer: why attention divides the scores by √d_k, with numbers you can move."""

import numpy as np
import streamlit as st

import attn_core
from attn_core.scaling import (
    TwoKeys,
    compare_two_keys,
    divisor_marks,
    divisor_value,
    entropy_vs_tau,
    peak_references,
    peakedness_curves,
    qk_sample,
    std_theory,
    tau_grid,
    temperature_attention,
)
from attn_lessons.scaling import (
    SOFTMAX,
    closing_sentence,
    entropy_caption,
    gradient_message,
    jacobian_sentence,
    one_key_note,
    one_token_note,
    peakedness_caption,
    peakedness_sentence,
    prediction_right,
    prediction_sentence,
    ratio_metrics,
    sampling_intro,
    scaled_caption,
    slope_labels,
    softmax_question,
    std_captions,
    std_help,
    tails_caption,
    temperature_intro,
    temperature_progress,
)
from attn_lessons import format as fmt
from attn_lessons import scaling as say
from attn_ui import notebooks as nbk
from attn_ui.checkpoint import predict, reveal
from attn_ui.data import (
    cached_figure,
    cached_peakedness,
    cached_sample,
    cached_std_curve,
    load_inputs,
    sentence_inputs,
)
from attn_ui.glossary import define
from attn_ui.figures import (
    entropy_curve_figure,
    histogram_row,
    peakedness_row,
    plot,
    plot_row,
    std_curve_figure,
)
from attn_ui.params import SCORE_LIMIT, TAU_MAX, TAU_MIN, Shared, parse_int, parse_score, parse_tau
from attn_ui.folds import fold
from attn_ui.serving import one_at_a_time
from attn_ui.state import rerun_fragments, route_footer, setup_page, url_bound
from attn_ui.tables import Bars, draw_bars, draw_matrix

D_K_MAX = 512
N_SAMPLES = 4000  # q, k pairs per histogram
N_KEYS_MAX = 64
N_SEEDS = 500  # draws averaged at every point of the peakedness curves
CURVE_D_KS = tuple(2**i for i in range(10))  # 1, 2, 4, …, 512
CHECKPOINT = SOFTMAX  # section 1's prediction: widgets cp_softmax_value, cp_softmax_check, cp_softmax_skip
# fragment keys: a control's change reruns its own section and the notebook, which holds every section's numbers
TWO_KEYS, VARIANCE, PEAKEDNESS = "scaling_two_keys", "scaling_variance", "scaling_peakedness"
TEMPERATURE, NOTEBOOK = "scaling_temperature", "scaling_take_home"
WHY = "scaling_why"  # the closing answer: it says section 1's own case too, so section 1's controls rerun it
SOURCES = (compare_two_keys, qk_sample, peakedness_curves, temperature_attention)  # what the page itself runs


@one_at_a_time
def main():
    shared = setup_page(__file__)
    st.title(say.TITLE)
    st.markdown(say.INTRO)
    st.latex(r"\mathrm{weights} = \mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d_k}}\right)")
    two_keys()  # softmax([8, 0]) against softmax([1, 0]), and what each slope tells W_Q and W_K
    variance(shared)  # q·k spreads like √d_k
    peakedness(shared)  # what that does to the weights over n keys
    temperature(shared)  # the divisor as a temperature, on your own sentence
    closing(shared)  # the code, the notebook to download, and the lesson's answer
    route_footer(__file__, shared)  # Next: the following page on the route, and Back


@st.fragment(key=TWO_KEYS)
def two_keys():
    """Section 1: one query, two keys, the same two scores with and without ÷ √d_k."""
    st.header(say.HEADERS["two-keys"], anchor="two-keys")
    c_a, c_b, c_d = st.columns(3)
    with c_a:
        url_bound("za", 8.0, parse_score)
        st.number_input(say.SCORE_1, min_value=-SCORE_LIMIT, max_value=SCORE_LIMIT, step=1.0,
                        format="%g", key="za", on_change=rerun_fragments(TWO_KEYS, NOTEBOOK, WHY))
    with c_b:
        url_bound("zb", 0.0, parse_score)
        st.number_input(say.SCORE_2, min_value=-SCORE_LIMIT, max_value=SCORE_LIMIT, step=1.0,
                        format="%g", key="zb", on_change=rerun_fragments(TWO_KEYS, NOTEBOOK, WHY))
    with c_d:
        url_bound("dk1", 64, lambda r: parse_int(r, 1, D_K_MAX, "d_k"))
        st.number_input(say.D_K_INPUT, min_value=1, max_value=D_K_MAX, step=1, key="dk1",
                        on_change=rerun_fragments(TWO_KEYS, NOTEBOOK, WHY))
    two = compare_two_keys([st.session_state["za"], st.session_state["zb"]], int(st.session_state["dk1"]))
    if not softmax_checkpoint(two):
        return  # every number of this section waits for the learner's prediction
    weights_bars(two)
    st.caption(scaled_caption(two))
    gradient(two)


def weights_bars(two: TwoKeys) -> None:
    """Section 1's weights as one table of bars: softmax(z) and softmax(z / √d_k), a column each."""
    unscaled, scaled, title = say.weights_bars_words(two)
    draw_bars([Bars(unscaled, two.p_unscaled, "positive", 1.0, 4), Bars(scaled, two.p_scaled, "positive", 1.0, 3)],
              say.KEYS, title)


def softmax_checkpoint(two: TwoKeys) -> bool:
    """Section 1's question before its numbers: what is softmax(z)? True once answered (or skipped).

    The question is about the two scores: new scores open it again. d_k only moves the numbers of the reveal (the
    scaled side it ends with): a new d_k keeps the answer and its verdict, and says the numbers moved."""
    guess = predict(CHECKPOINT, softmax_question(two.scores), slider=(0.0, 1.0, 0.5, 0.01),
                    format_func=lambda v: fmt.num(v, 2),
                    help=say.WEIGHT_HELP,
                    about=tuple(float(z) for z in two.scores), numbers=two.d_k)
    if guess is None:
        return False
    value = None if guess.skipped else float(guess.value)
    right = prediction_right(value, two.p_unscaled[0])
    reveal(guess, right=right, why=prediction_sentence(value, two).text, asked=CHECKPOINT,
           state={"scores": [float(z) for z in two.scores], "d_k": two.d_k})
    return True


def gradient(two: TwoKeys):
    """Section 1, continued: the slopes as metrics; softmax's Jacobian on both sides and what the slopes mean for
    learning, folded (a derivation)."""
    unscaled, scaled = slope_labels(two)
    define(("∂p₂/∂z₂", say.own_slope(two.own)))  # the metrics' symbol, defined above them
    m1, m2 = st.columns(2)
    m3, m4 = st.columns(2)  # a ratio may read "5.2 × 10²¹ times": each gets half the width
    m1.metric(unscaled, say.slope_text(two, "unscaled", 4))  # a subnormal slope at its true size, from log space
    m2.metric(scaled, say.slope_text(two, "scaled", 3), help=say.SCALED_SLOPE_HELP)
    for col, (label, value, helped) in zip((m3, m4), ratio_metrics(two), strict=True):  # which gradient, in help
        col.metric(label, value, help=helped)
    kind, said = gradient_message(two)
    if kind == "warning":
        st.warning(said.text, icon=":material/info:")
    with fold(say.GRADIENT_EXPANDER, "fold_gradient", icon=":material/function:") as shown:
        if shown:
            st.markdown(jacobian_sentence(two).text)
            jacobians(two)
            if kind != "warning":
                st.markdown(said.text)


def jacobians(two: TwoKeys):
    """Softmax's Jacobian on both sides as two tables side by side, on one colour scale, the losing key's row
    outlined: the row of the weight that can barely move."""
    # the same colour scale for both: 0.25 = ½·½ is the largest value p(1 − p) can take
    left, right = st.columns(2)
    unscaled, scaled = say.jacobian_formulas(two.d_k)
    keys = say.KEYS
    for J, formula, decimals, where in ((two.J_unscaled, unscaled, 4, left), (two.J_scaled, scaled, 3, right)):
        draw_matrix(J, "∂p/∂z", keys, keys, formula=formula, zmax=0.25, decimals=decimals,
                    y_title=say.WEIGHT_P, x_title=say.SCORE_Z, highlight_row=two.loser, where=where, share=0.5)


@st.fragment(key=VARIANCE)
def variance(shared: Shared):
    """Section 2: sample q·k at one width, then at every width, and compare the spread with √d_k."""
    st.header(say.HEADERS["variance"], anchor="variance")
    st.markdown(sampling_intro(N_SAMPLES, shared.seed))
    url_bound("dk2", 64, lambda r: parse_int(r, 1, D_K_MAX, "d_k"))
    d_k = st.slider("d_k", min_value=1, max_value=D_K_MAX, step=1, key="dk2",
                    on_change=rerun_fragments(VARIANCE, NOTEBOOK))
    sample = cached_sample(d_k, N_SAMPLES, shared.seed)

    words = say.histogram_words(sample, N_SAMPLES)
    plot_row(cached_figure(histogram_row, words["row"], ((sample.dots, sample.theory, *words["raw"]),
                                                          (sample.scaled, 1.0, *words["scaled"]))), key="fig_hist")
    h_left, h_right = st.columns(2)
    raw_caption, scaled_caption = std_captions(sample)
    h_left.metric(say.STD_LABELS[0], fmt.num(sample.std, 2), help=std_help(d_k))
    h_left.caption(raw_caption.text)
    h_right.metric(say.STD_LABELS[1], fmt.num(sample.std_scaled, 2), help=say.STD_SCALED_HELP)
    h_right.caption(scaled_caption.text)
    tails = tails_caption(d_k)
    if tails:
        st.caption(tails.text)
    std_figure(shared, d_k, sample.std)


def std_figure(shared: Shared, d_k: int, std: float):
    """Section 2, continued: the measured spread at every width, on log axes, against √d_k."""
    std_raw, std_scaled = cached_std_curve(CURVE_D_KS, N_SAMPLES, shared.seed)
    plot(cached_figure(std_curve_figure, CURVE_D_KS, std_theory(CURVE_D_KS), std_raw, std_scaled, d_k, std,
                       say.std_curve_words(d_k)), key="fig_std_curve")


@st.fragment(key=PEAKEDNESS)
def peakedness(shared: Shared):
    """Section 3: softmax over n random keys as d_k grows, unscaled, ÷ √d_k and ÷ d_k."""
    st.header(say.HEADERS["peakedness"], anchor="peakedness")
    st.markdown(say.PEAKEDNESS_INTRO)
    url_bound("n_keys", 8, lambda r: parse_int(r, 1, N_KEYS_MAX, "n keys"))
    n_keys = int(st.columns(3)[0].number_input(say.N_KEYS_INPUT, min_value=1, max_value=N_KEYS_MAX, step=1,
                                               key="n_keys", on_change=rerun_fragments(PEAKEDNESS, NOTEBOOK)))
    peak = cached_peakedness(n_keys, CURVE_D_KS, N_SEEDS, shared.seed)
    note = one_key_note(n_keys)
    if note:
        st.info(note, icon=":material/looks_one:")
    plot_row(cached_figure(peakedness_row, CURVE_D_KS, peak.max_weight, peak.entropy, peak_references(n_keys),
                           say.peakedness_words(n_keys)), key="fig_peak")
    st.caption(peakedness_caption(peak, shared.seed))
    sentence = peakedness_sentence(peak)
    if sentence:
        st.markdown(sentence.text)


@st.fragment(key=TEMPERATURE)
def temperature(shared: Shared):
    """Section 4: divide head 1's scores by 1, √d_k, d_k or any τ and watch the row entropies."""
    st.header(say.HEADERS["temperature"], anchor="temperature")
    inputs = load_inputs(shared)
    labels = inputs.labels
    Q, K = head_one(inputs, shared)
    d_k = Q.shape[1]  # head 1's width, d_model / heads
    st.markdown(temperature_intro(shared.heads, shared.d_model, d_k))
    choices = ["1", "sqrt_dk", "dk", "custom"]
    choice_labels = say.divisor_labels(d_k)
    t_left, t_right = st.columns([3, 2])
    with t_left:
        url_bound("divisor", "sqrt_dk", str, options=choices)
        choice = st.radio(say.DIVIDE_BY, options=choices, format_func=choice_labels.get, horizontal=True,
                          key="divisor", on_change=rerun_fragments(TEMPERATURE, NOTEBOOK))
    with t_right:
        url_bound("tau", 1.0, parse_tau)
        st.number_input(say.CUSTOM_TAU, min_value=TAU_MIN, max_value=TAU_MAX, step=0.5, format="%g", key="tau",
                        disabled=choice != "custom", help=say.tau_help(TAU_MIN, TAU_MAX),
                        on_change=rerun_fragments(TEMPERATURE, NOTEBOOK))
    tau = divisor_value(choice, d_k, float(st.session_state["tau"]))
    temp = temperature_attention(Q, K, tau)

    w_left, w_right = st.columns([3, 2])
    define("nats", where=w_right)  # the entropy bars' unit
    draw_matrix(temp.weights, "weights", labels, labels, formula=say.temperature_formula(tau),
                kind="weights", x_title=say.KEY, y_title=say.QUERY, where=w_left, share=0.6)
    draw_bars([Bars(say.H_NATS, temp.entropy, "positive", temp.max_entropy, 2)], labels,
              say.ENTROPY_BARS, label_title=say.QUERY_I, where=w_right)
    w_right.caption(entropy_caption(temp))
    entropy_curve(Q, K, temp, d_k)
    st.progress(min(max(temp.position, 0.0), 1.0), text=temperature_progress(temp).text)
    note = one_token_note(temp)
    if note:
        st.info(note, icon=":material/looks_one:")


def head_one(inputs, shared: Shared):
    """Head 1's queries and keys for the shared sentence: Q, K (n, d_k) each, d_k = d_model / heads."""
    w = inputs.weights
    heads = attn_core.multi_head_attention(inputs.X, w.W_Q, w.W_K, w.W_V, shared.heads)
    return heads.Q_heads[0], heads.K_heads[0]  # (n, d_k) each: the first of your heads


def entropy_curve(Q, K, temp, d_k: int):
    """Section 4, continued: mean row entropy over the whole τ range, with 1, √d_k, d_k and your τ marked."""
    taus = tau_grid(TAU_MIN, TAU_MAX)  # the whole range the τ box allows
    marks = divisor_marks(d_k)
    plot(cached_figure(entropy_curve_figure, taus, entropy_vs_tau(Q, K, taus), temp.max_entropy, marks, temp.tau,
                       temp.mean_entropy, say.entropy_curve_words(K.shape[0], marks)), key="fig_temp_curve")


def closing(shared: Shared):
    """The code this page ran, as a notebook to take home, and the lesson's answer to its question."""
    take_it_home(shared)
    answer()


@st.fragment(key=WHY)
def answer():
    """The lesson's answer on the source text's [8, 0] at d_k = 64, and on section 1's own scores and width."""
    st.header(say.HEADERS["why"], anchor="why")
    ss = st.session_state
    st.markdown(closing_sentence(compare_two_keys([ss["za"], ss["zb"]], int(ss["dk1"]))).text)


@st.fragment(key=NOTEBOOK)
def take_it_home(shared: Shared):
    """Every section's numbers as the page drew them, in plain numpy: shown as code, and downloadable as a notebook
    that checks them against the page. A fragment that each section reruns when its controls move."""
    ss = st.session_state
    z, d_k, sample_d_k, n_keys = (float(ss["za"]), float(ss["zb"])), int(ss["dk1"]), int(ss["dk2"]), int(ss["n_keys"])
    two = compare_two_keys(z, d_k)
    sample = cached_sample(sample_d_k, N_SAMPLES, shared.seed)
    peak = cached_peakedness(n_keys, CURVE_D_KS, N_SEEDS, shared.seed)
    inputs = sentence_inputs([shared.text], shared)  # section 4's sentence from the same cache, without its notice
    Q, K = head_one(inputs, shared)
    tau = divisor_value(ss["divisor"], Q.shape[1], float(ss["tau"]))
    temp = temperature_attention(Q, K, tau)

    def cells():
        notes = say.NOTES  # what each number of the parameters cell is
        return nbk.cells(
            "scaling",
            {"z": nbk.Note(np.array(z), notes["z"]), "d_k": nbk.Note(d_k, notes["d_k"]),
             "seed, n_samples, sample_d_k": nbk.Note((int(shared.seed), N_SAMPLES, int(sample_d_k)),
                                                     notes["seed, n_samples, sample_d_k"]),
             "n_keys, n_seeds": nbk.Note((int(n_keys), N_SEEDS), notes["n_keys, n_seeds"]),
             "curve_d_ks": nbk.Note(list(CURVE_D_KS), notes["curve_d_ks"]),
             "labels": nbk.names(inputs.labels, notes["labels"]), "Q": Q, "K": K, "tau": nbk.Note(tau, notes["tau"])},
            {"p_unscaled": two.p_unscaled, "p_scaled": two.p_scaled, "J_unscaled": two.J_unscaled,
             "J_scaled": two.J_scaled, "std": sample.std, "std_scaled": sample.std_scaled,
             **{f"max_weight_{name}": peak.max_weight[name] for name in ("unscaled", "sqrt_dk", "dk")},
             **{f"entropy_{name}": peak.entropy[name] for name in ("unscaled", "sqrt_dk", "dk")},
             "temp_weights": temp.weights, "row_entropy": temp.entropy})

    settings = {**nbk.shared_settings(shared), **say.notebook_settings(z, d_k, sample_d_k, n_keys, tau)}
    nbk.take_it_home(__file__, say.NOTEBOOK_INTRO, cells, Q.size + K.size, settings,
                     sources=(say.SOURCES_NOTE, SOURCES),
                     long_help=say.NOTEBOOK_LONG_HELP)

main()
