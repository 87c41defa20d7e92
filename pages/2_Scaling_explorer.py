"""Scaling explorer: why attention divides the scores by √d_k, with numbers you can move."""

import math

import numpy as np
import plotly.graph_objects as go
import streamlit as st

import attn_core
from attn_core.scaling import (
    TwoKeys,
    compare_two_keys,
    divisor_value,
    entropy_vs_tau,
    peakedness_curves,
    qk_sample,
    temperature_attention,
)
from attn_lessons.scaling import (
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
    ratio_metric,
    sampling_intro,
    scaled_caption,
    scores_text,
    slope_labels,
    softmax_question,
    std_captions,
    std_help,
    tails_caption,
    temperature_intro,
    temperature_progress,
)
from attn_lessons import format as fmt
from attn_ui import notebooks as nbk
from attn_ui import classroom
from attn_ui.checkpoint import predict, reveal
from attn_ui.data import (
    cached_figure,
    cached_peakedness,
    cached_sample,
    cached_std_curve,
    load_inputs,
    sentence_inputs,
)
from attn_ui.figures import (
    histogram_figure,
    line_figure,
    plot,
    plot_row,
)
from attn_ui.params import SCORE_LIMIT, TAU_MAX, TAU_MIN, Shared, parse_int, parse_score, parse_tau
from attn_ui.state import rerun_fragments, route_footer, setup_page, url_bound
from attn_ui.tables import Bars, draw_bars, draw_matrix

D_K_MAX = 512
N_SAMPLES = 4000  # q, k pairs per histogram
N_KEYS_MAX = 64
N_SEEDS = 500  # draws averaged at every point of the peakedness curves
CURVE_D_KS = tuple(2**i for i in range(10))  # 1, 2, 4, …, 512
COLOURS = {"unscaled": "#c0392b", "sqrt_dk": "#2b6cb0", "dk": "#e67e22"}
CURVE_NAMES = {"unscaled": "unscaled: q·k", "sqrt_dk": "scaled: q·k / √d_k", "dk": "wrong factor: q·k / d_k"}
# colour alone does not tell red from orange for everyone: each curve also has its own dash and marker
DASHES = {"unscaled": "dot", "sqrt_dk": "solid", "dk": "dash"}
SYMBOLS = {"unscaled": "square", "sqrt_dk": "circle", "dk": "triangle-up"}
KEYS = ["key 1", "key 2"]
BELOW = {"orientation": "h", "yanchor": "top", "y": -0.22, "x": 0}  # a legend under the x axis title
CHECKPOINT = "cp_softmax"  # section 1's prediction: widgets cp_softmax_value, cp_softmax_check, cp_softmax_skip
# fragment keys: a control's change reruns its own section and the notebook, which holds every section's numbers
TWO_KEYS, VARIANCE, PEAKEDNESS = "scaling_two_keys", "scaling_variance", "scaling_peakedness"
TEMPERATURE, NOTEBOOK = "scaling_temperature", "scaling_take_home"
SOURCES = (compare_two_keys, qk_sample, peakedness_curves, temperature_attention)  # what the page itself runs
SOURCES_SHOWN = ("The page itself runs these functions from `attn_core/scaling.py` (softmax, its Jacobian and the "
                 "q·k sampler come from `attn_core/attention.py`).", SOURCES)
INTRO = (
    "Attention divides every score q·k by √d_k. Why? For random vectors q·k typically grows like √d_k, large "
    "scores make softmax nearly a hard argmax, and such a softmax barely learns. Each section shows one step."
)


def main():
    shared = setup_page(__file__)
    st.title("Why divide by √d_k?")
    st.markdown(INTRO)
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
    st.header("1. Two keys, side by side", anchor="two-keys")
    c_a, c_b, c_d = st.columns(3)
    with c_a:
        url_bound("za", 8.0, parse_score)
        st.number_input("score of key 1, z₁", min_value=-SCORE_LIMIT, max_value=SCORE_LIMIT, step=1.0,
                        format="%g", key="za", on_change=rerun_fragments(TWO_KEYS, NOTEBOOK))
    with c_b:
        url_bound("zb", 0.0, parse_score)
        st.number_input("score of key 2, z₂", min_value=-SCORE_LIMIT, max_value=SCORE_LIMIT, step=1.0,
                        format="%g", key="zb", on_change=rerun_fragments(TWO_KEYS, NOTEBOOK))
    with c_d:
        url_bound("dk1", 64, lambda r: parse_int(r, 1, D_K_MAX, "d_k"))
        st.number_input("d_k (width of q and k)", min_value=1, max_value=D_K_MAX, step=1, key="dk1",
                        on_change=rerun_fragments(TWO_KEYS, NOTEBOOK))
    two = compare_two_keys([st.session_state["za"], st.session_state["zb"]], int(st.session_state["dk1"]))
    if not softmax_checkpoint(two):
        return  # every number of this section waits for the learner's prediction
    weights_bars(two)
    st.caption(scaled_caption(two))
    gradient(two)


def weights_bars(two: TwoKeys) -> None:
    """Section 1's weights as one table of bars: softmax(z) and softmax(z / √d_k), a column each."""
    z_text = scores_text(two.scores)
    draw_bars([Bars(f"p = softmax({z_text})", two.p_unscaled, "positive", 1.0, 4),
               Bars(f"p = softmax({z_text} / √{two.d_k})", two.p_scaled, "positive", 1.0, 3)],
              KEYS, f"the weights, unscaled and ÷ √{two.d_k}")


def softmax_checkpoint(two: TwoKeys) -> bool:
    """Section 1's question before its numbers: what is softmax(z)? True once answered (or skipped).

    The question is about the two scores: new scores open it again. d_k only moves the numbers of the reveal (the
    scaled side it ends with): a new d_k keeps the answer and its verdict, and says the numbers moved."""
    guess = predict(CHECKPOINT, softmax_question(two.scores), slider=(0.0, 1.0, 0.5, 0.01),
                    format_func=lambda v: fmt.num(v, 2),
                    help="Key 1's weight, from 0 (none of the weight) to 1 (all of it).",
                    about=tuple(float(z) for z in two.scores), numbers=two.d_k)
    if guess is None:
        return False
    value = None if guess.skipped else float(guess.value)
    right = prediction_right(value, two.p_unscaled[0])
    reveal(guess, right=right, why=prediction_sentence(value, two))
    if not guess.skipped:  # in a class, the answer goes to the teacher's dashboard (nothing is sent otherwise)
        classroom.record("scaling.softmax", {"scores": [float(z) for z in two.scores], "d_k": two.d_k}, value, right,
                         checkpoint=CHECKPOINT)
    return True


def gradient(two: TwoKeys):
    """Section 1, continued: the slopes as metrics; softmax's Jacobian on both sides and what the slopes mean for
    learning, folded (a derivation)."""
    unscaled, scaled = slope_labels(two)
    m1, m2 = st.columns(2)
    m3, m4 = st.columns(2)  # a ratio may read "5.2 × 10²¹ times": each gets half the width
    m1.metric(unscaled, fmt.readable(two.slope_unscaled, 4))
    m2.metric(scaled, fmt.readable(two.slope_scaled, 3), help="against the score softmax sees, z / √d_k")
    m3.metric("scaled ÷ unscaled", ratio_metric(two.ratio), help="the two slopes on the left, divided")
    m4.metric("reaching W_Q, W_K", ratio_metric(two.raw_ratio),
              help="the same ratio against the raw score q·k, which carries the chain-rule factor 1/√d_k")
    kind, text = gradient_message(two)
    if kind == "warning":
        st.warning(text, icon=":material/info:")
    with st.expander("The gradient, worked out: softmax's Jacobian and what each slope tells W_Q and W_K",
                     icon=":material/function:", expanded=False):
        st.markdown(jacobian_sentence(two))
        jacobians(two)
        if kind != "warning":
            st.markdown(text)


def jacobians(two: TwoKeys):
    """Softmax's Jacobian on both sides as two tables side by side, on one colour scale, the losing key's row
    outlined: the row of the weight that can barely move."""
    # the same colour scale for both: 0.25 = ½·½ is the largest value p(1 − p) can take
    left, right = st.columns(2)
    for J, side, decimals, where in ((two.J_unscaled, "unscaled", 4, left),
                                     (two.J_scaled, f"scores ÷ √{two.d_k}", 3, right)):
        draw_matrix(J, "∂p/∂z", KEYS, KEYS, formula=f"diag(p) − p pᵀ, {side}", zmax=0.25, decimals=decimals,
                    y_title="weight pᵢ", x_title="score zⱼ", highlight_row=two.loser, where=where, share=0.5)


@st.fragment(key=VARIANCE)
def variance(shared: Shared):
    """Section 2: sample q·k at one width, then at every width, and compare the spread with √d_k."""
    st.header("2. The variance argument, by sampling", anchor="variance")
    st.markdown(sampling_intro(N_SAMPLES, shared.seed))
    url_bound("dk2", 64, lambda r: parse_int(r, 1, D_K_MAX, "d_k"))
    d_k = st.slider("d_k", min_value=1, max_value=D_K_MAX, step=1, key="dk2",
                    on_change=rerun_fragments(VARIANCE, NOTEBOOK))
    sample = cached_sample(d_k, N_SAMPLES, shared.seed)

    plot_row(cached_figure(histograms_figure, d_k, shared.seed), key="fig_hist")
    h_left, h_right = st.columns(2)
    raw_caption, scaled_caption = std_captions(sample)
    h_left.metric("measured std of q·k", fmt.num(sample.std, 2), help=std_help(d_k))
    h_left.caption(raw_caption)
    h_right.metric("measured std of q·k / √d_k", fmt.num(sample.std_scaled, 2), help="theory: 1")
    h_right.caption(scaled_caption)
    tails = tails_caption(d_k)
    if tails:
        st.caption(tails)
    std_figure(shared, d_k, sample.std)


def histograms_figure(d_k: int, seed: int) -> tuple[str, list[go.Figure]]:
    """Section 2's two histograms, side by side where the page is wide: q·k, and q·k / √d_k, each with its
    normal curve."""
    sample = cached_sample(d_k, N_SAMPLES, seed)
    raw = histogram_figure(sample.dots, sample.theory, f"q·k, d_k = {d_k}  ({N_SAMPLES:,} pairs)",
                           curve_name="normal curve, std √d_k" if sample.theory != 1 else "normal curve, std 1")
    scaled = histogram_figure(sample.scaled, 1.0, f"q·k / √d_k, d_k = {d_k}  ({N_SAMPLES:,} pairs)",
                              curve_name="normal curve, std 1")
    for fig in (raw, scaled):
        fig.update_layout(legend=BELOW)
    return f"q·k, before and after ÷ √{d_k}", [raw, scaled]


def std_figure(shared: Shared, d_k: int, std: float):
    """Section 2, continued: the measured spread at every width, on log axes, against √d_k."""
    plot(cached_figure(std_curve_figure, d_k, shared.seed, std), key="fig_std_curve")


def std_curve_figure(d_k: int, seed: int, std: float) -> go.Figure:
    """The measured spread of q·k at every width in CURVE_D_KS against √d_k, with the learner's d_k ringed."""
    std_raw, std_scaled = cached_std_curve(CURVE_D_KS, N_SAMPLES, seed)
    fig = line_figure("measured std of q·k against d_k, with √d_k  (log axes)", "d_k", "standard deviation",
                      x_ticks=CURVE_D_KS, log_y=True)
    fig.update_yaxes(tickvals=[1, 2, 4, 8, 16, 32])
    fig.add_trace(go.Scatter(x=CURVE_D_KS, y=np.sqrt(CURVE_D_KS), mode="lines", name="theory √d_k",
                             line={"color": "#888888", "dash": "dash"}))
    fig.add_trace(go.Scatter(x=CURVE_D_KS, y=std_raw, mode="markers+lines", name="measured std of q·k",
                             **curve_style("unscaled")))
    fig.add_trace(go.Scatter(x=CURVE_D_KS, y=std_scaled, mode="markers+lines", name="measured std of q·k / √d_k",
                             **curve_style("sqrt_dk")))
    fig.add_trace(go.Scatter(x=[d_k], y=[std], mode="markers", name=f"your d_k = {d_k}",
                             marker={"size": 13, "color": "rgba(0,0,0,0)", "line": {"width": 2, "color": "#222"}}))
    return fig


@st.fragment(key=PEAKEDNESS)
def peakedness(shared: Shared):
    """Section 3: softmax over n random keys as d_k grows, unscaled, ÷ √d_k and ÷ d_k."""
    st.header("3. Peakedness as d_k grows", anchor="peakedness")
    st.markdown(
        "One query and n random keys with N(0, 1) entries: as d_k grows, how peaked is softmax with the scores left "
        "alone, divided by √d_k, or divided by d_k (a wrong factor, too large)?"
    )
    url_bound("n_keys", 8, lambda r: parse_int(r, 1, N_KEYS_MAX, "n keys"))
    n_keys = int(st.columns(3)[0].number_input("n, the number of keys", min_value=1, max_value=N_KEYS_MAX, step=1,
                                               key="n_keys", on_change=rerun_fragments(PEAKEDNESS, NOTEBOOK)))
    peak = cached_peakedness(n_keys, CURVE_D_KS, N_SEEDS, shared.seed)
    note = one_key_note(n_keys)
    if note:
        st.info(note, icon=":material/looks_one:")
    plot_row(cached_figure(peakedness_figure, n_keys, shared.seed), key="fig_peak")
    st.caption(peakedness_caption(peak, shared.seed))
    sentence = peakedness_sentence(peak)
    if sentence:
        st.markdown(sentence)


def peakedness_figure(n_keys: int, seed: int) -> tuple[str, list[go.Figure]]:
    """Section 3's two charts, side by side where the page is wide: the mean largest weight and the mean entropy
    against d_k."""
    peak = cached_peakedness(n_keys, CURVE_D_KS, N_SEEDS, seed)
    fig_max = line_figure("mean largest weight maxⱼ pⱼ against d_k", "d_k (log axis)", "largest weight",
                          x_ticks=CURVE_D_KS)
    fig_ent = line_figure("mean entropy H = −Σⱼ pⱼ log pⱼ against d_k", "d_k (log axis)", "entropy (nats)",
                          x_ticks=CURVE_D_KS)
    add_references(fig_max, n_keys, (1.0, "hard argmax: 1"), (1 / n_keys, f"uniform: 1/n = {fmt.num(1 / n_keys, 3)}"))
    add_references(fig_ent, n_keys, (0.0, "hard argmax: 0"),
                   (math.log(n_keys), f"uniform: log n = {fmt.num(math.log(n_keys), 3)}"))
    for name, label in CURVE_NAMES.items():
        fig_max.add_trace(go.Scatter(x=CURVE_D_KS, y=peak.max_weight[name], mode="markers+lines", name=label,
                                     **curve_style(name)))
        fig_ent.add_trace(go.Scatter(x=CURVE_D_KS, y=peak.entropy[name], mode="markers+lines", name=label,
                                     **curve_style(name)))
    fig_max.update_yaxes(range=[0, 1.08])
    fig_ent.update_yaxes(range=[-0.05, max(math.log(n_keys), 0.1) * 1.1])
    for fig in (fig_max, fig_ent):
        fig.update_layout(legend=BELOW)
    return f"softmax over {fmt.plural(n_keys, 'random key')} as d_k grows", [fig_max, fig_ent]


def curve_style(name: str) -> dict:
    """Line and marker of one way to treat the scores: its colour, its dash and its marker symbol."""
    return {"line": {"color": COLOURS[name], "dash": DASHES[name], "width": 2.5},
            "marker": {"color": COLOURS[name], "symbol": SYMBOLS[name], "size": 8}}


def add_references(fig: go.Figure, n_keys: int, argmax: tuple, uniform: tuple):
    """Dotted lines at the hard-argmax and uniform values; one line when a single key makes them the same."""
    refs = (argmax, uniform) if n_keys > 1 else ((argmax[0], "one key: hard argmax = uniform"),)
    for y, label in refs:
        fig.add_hline(y=y, line={"dash": "dot", "color": "#999999"}, annotation_text=label,
                      annotation_position="top left")


@st.fragment(key=TEMPERATURE)
def temperature(shared: Shared):
    """Section 4: divide head 1's scores by 1, √d_k, d_k or any τ and watch the row entropies."""
    st.header("4. A temperature dial on your own sentence", anchor="temperature")
    inputs = load_inputs(shared)
    labels = inputs.labels
    Q, K = head_one(inputs, shared)
    d_k = Q.shape[1]  # head 1's width, d_model / heads
    st.markdown(temperature_intro(shared.heads, shared.d_model, d_k))
    choices = ["1", "sqrt_dk", "dk", "custom"]
    choice_labels = {"1": "1 (no scaling)", "sqrt_dk": f"√d_k = {fmt.sqrt_text(d_k)}", "dk": f"d_k = {d_k}",
                     "custom": "a custom τ"}
    t_left, t_right = st.columns([3, 2])
    with t_left:
        url_bound("divisor", "sqrt_dk", str, options=choices)
        choice = st.radio("Divide the scores by", options=choices, format_func=choice_labels.get, horizontal=True,
                          key="divisor", on_change=rerun_fragments(TEMPERATURE, NOTEBOOK))
    with t_right:
        url_bound("tau", 1.0, parse_tau)
        st.number_input("custom τ", min_value=TAU_MIN, max_value=TAU_MAX, step=0.5, format="%g", key="tau",
                        disabled=choice != "custom", help=f"Any τ from {TAU_MIN} to {TAU_MAX:g}.",
                        on_change=rerun_fragments(TEMPERATURE, NOTEBOOK))
    tau = divisor_value(choice, d_k, float(st.session_state["tau"]))
    temp = temperature_attention(Q, K, tau)

    w_left, w_right = st.columns([3, 2])
    draw_matrix(temp.weights, "weights", labels, labels, formula=f"softmax(QKᵀ / τ), τ = {fmt.short(tau)}",
                kind="weights", x_title="key", y_title="query", where=w_left, share=0.6)
    draw_bars([Bars("Hᵢ (nats)", temp.entropy, "positive", temp.max_entropy, 2)], labels,
              "row entropy Hᵢ = −Σⱼ pᵢⱼ log pᵢⱼ", label_title="query i", where=w_right)
    w_right.caption(entropy_caption(temp))
    entropy_curve(Q, K, temp, d_k)
    st.progress(min(max(temp.position, 0.0), 1.0), text=temperature_progress(temp))
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
    plot(cached_figure(entropy_curve_figure, Q, K, d_k, temp.tau, temp.mean_entropy), key="fig_temp_curve")


def entropy_curve_figure(Q, K, d_k: int, tau: float, mean_entropy: float) -> go.Figure:
    """Mean row entropy of softmax(QKᵀ / τ) over the τ box's whole range, with 1, √d_k, d_k and τ marked."""
    max_entropy = math.log(K.shape[0])
    taus = np.logspace(math.log10(TAU_MIN), math.log10(TAU_MAX), 73)  # the whole range the τ box allows
    fig = line_figure("mean row entropy of softmax(QKᵀ / τ) against τ", "τ (log axis)", "mean entropy (nats)",
                      x_ticks=[0.001, 0.01, 0.1, 1, 10, 100, 1000])
    fig.add_trace(go.Scatter(x=taus, y=entropy_vs_tau(Q, K, taus), mode="lines", name="mean entropy",
                             line={"color": "#2b6cb0"}, showlegend=False))
    fig.add_hline(y=0, line={"dash": "dot", "color": "#999999"}, annotation_text="hard argmax",
                  annotation_position="top left")
    fig.add_hline(y=max_entropy, line={"dash": "dot", "color": "#999999"},
                  annotation_text=f"uniform: log {K.shape[0]}", annotation_position="bottom right")
    marks: dict[float, list[str]] = {}
    for value, label in ((1.0, "1"), (math.sqrt(d_k), "√d_k"), (float(d_k), "d_k")):
        marks.setdefault(value, []).append(label)  # with d_k = 1 all three are the same line
    for k, (value, names) in enumerate(sorted(marks.items())):
        fig.add_vline(x=value, line={"dash": "dash", "color": "#cccccc"})
        # on a log axis an annotation's x is log10 of the value (add_vline's own label lands in the wrong place);
        # every other label a line lower, so that close lines (√d_k = 2 and d_k = 4) keep their labels apart
        fig.add_annotation(x=math.log10(value), y=1, yref="paper", yanchor="bottom", text=" = ".join(names),
                           showarrow=False, xanchor="left" if value > 1 else "right", yshift=-16 * (k % 2),
                           font={"size": 11, "color": "#666"})
    fig.add_trace(go.Scatter(x=[tau], y=[mean_entropy], mode="markers", name="your τ", showlegend=False,
                             marker={"size": 14, "color": "#c0392b"}))
    fig.update_yaxes(range=[-0.05, max(max_entropy, 0.1) * 1.12])
    return fig


def closing(shared: Shared):
    """The code this page ran, as a notebook to take home, and the lesson's answer to its question."""
    take_it_home(shared)
    st.header("Why does dividing by √d_k help?", anchor="why")
    st.markdown(closing_sentence())


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
        return nbk.cells(
            "scaling",
            {"z": nbk.Note(np.array(z), "section 1: the two scores, z₁ and z₂"),
             "d_k": nbk.Note(d_k, "section 1: their width"),
             "seed, n_samples, sample_d_k": nbk.Note((int(shared.seed), N_SAMPLES, int(sample_d_k)), "section 2"),
             "n_keys, n_seeds": nbk.Note((int(n_keys), N_SEEDS), "section 3: keys per draw, draws per width"),
             "curve_d_ks": nbk.Note(list(CURVE_D_KS), "section 3: the widths"),
             "labels": nbk.names(inputs.labels, "section 4: your sentence's tokens"), "Q": Q, "K": K,
             "tau": nbk.Note(tau, "section 4: the divisor τ")},
            {"p_unscaled": two.p_unscaled, "p_scaled": two.p_scaled, "J_unscaled": two.J_unscaled,
             "J_scaled": two.J_scaled, "std": sample.std, "std_scaled": sample.std_scaled,
             **{f"max_weight_{name}": peak.max_weight[name] for name in ("unscaled", "sqrt_dk", "dk")},
             **{f"entropy_{name}": peak.entropy[name] for name in ("unscaled", "sqrt_dk", "dk")},
             "temp_weights": temp.weights, "row_entropy": temp.entropy})

    settings = {**nbk.shared_settings(shared), "score of key 1, z₁": z[0], "score of key 2, z₂": z[1],
                "d_k of section 1": d_k, "d_k of section 2": sample_d_k, "n, the number of keys": n_keys,
                "τ, the divisor of section 4": tau}
    nbk.take_it_home(__file__, "The four sections in plain numpy, with the scores, widths and τ you set: the code of "
                     "the notebook below, which also checks its results against the page.", cells, Q.size + K.size,
                     settings, sources=SOURCES_SHOWN, long_help="Every number of head 1's Q and K, so it is long.")

main()
