"""Scaling explorer: why attention divides the scores by √d_k, with numbers you can move."""

import math

import numpy as np
import plotly.graph_objects as go
import streamlit as st

import attn_core
from attn_core.scaling import (
    compare_two_keys,
    divisor_value,
    entropy_vs_tau,
    peakedness_curves,
    qk_sample,
    std_curve,
    temperature_attention,
)
from attn_ui.code import show_source
from attn_ui.data import load_inputs
from attn_ui.figures import matrix_figure, vector_figure
from attn_ui.format import num, vec
from attn_ui.params import parse_int
from attn_ui.state import setup_page, url_bound

SCORE_LIMIT = 1e308  # any finite score a float can hold; the stable softmax copes with all of them
D_K_MAX = 512
N_SAMPLES = 4000  # q, k pairs per histogram
N_KEYS_MAX = 64
N_SEEDS = 500  # draws averaged at every point of the peakedness curves
CURVE_D_KS = [2**i for i in range(10)]  # 1, 2, 4, …, 512
TAU_MIN, TAU_MAX = 0.001, 1000.0
COLOURS = {"unscaled": "#c0392b", "sqrt_dk": "#2b6cb0", "dk": "#e67e22"}
CURVE_NAMES = {"unscaled": "unscaled: q·k", "sqrt_dk": "scaled: q·k / √d_k", "dk": "wrong factor: q·k / d_k"}


def short(x: float) -> str:
    """A score as a person would write it: 8, 0.125, −1.5, 1e308 (scientific once it gets long)."""
    x = float(x)
    if not math.isfinite(x):
        return num(x)
    if x != 0 and not 1e-4 <= abs(x) < 1e6:
        mantissa, exp = f"{x:.3e}".split("e")
        mantissa = mantissa.rstrip("0").rstrip(".")
        return f"{mantissa}e{int(exp)}".replace("-", "−")
    return num(x, 4).rstrip("0").rstrip(".") if "." in num(x, 4) else num(x, 4)


def tiny(x: float, decimals: int) -> str:
    """A slope at the page's precision, switching to scientific when that precision would print 0."""
    return num(x, decimals) if x == 0 or abs(x) >= 0.5 * 10**-decimals else f"{x:.1e}".replace("-", "−")


def sqrt_text(d_k: int) -> str:
    """'√64 = 8' or '√50 = 7.071'."""
    root = math.sqrt(d_k)
    return f"√{d_k} = {int(root) if root.is_integer() else num(root, 3)}"


def about(x: float) -> str:
    """'8' when x is within 0.05 of a whole number, else one decimal."""
    return str(round(x)) if abs(x - round(x)) < 0.05 else num(x, 1)


def parse_score(raw: str) -> float:
    value = float(raw)
    if not math.isfinite(value) or abs(value) > SCORE_LIMIT:
        raise ValueError(f"a score must be a finite number between −1e308 and 1e308, got {raw[:40]}")
    return value


def parse_tau(raw: str) -> float:
    value = float(raw)
    if not (math.isfinite(value) and TAU_MIN <= value <= TAU_MAX):
        raise ValueError(f"τ must be between {TAU_MIN} and {TAU_MAX:g}")
    return value


def line_figure(title: str, x_title: str, y_title: str, *, x_ticks=None, log_y: bool = False,
                height: int = 380) -> go.Figure:
    """An empty figure with a log x axis, its title stating the formula and the legend below the axis title."""
    fig = go.Figure()
    fig.update_layout(title={"text": title, "x": 0, "font": {"size": 15}}, height=height,
                      margin={"l": 10, "r": 10, "t": 50, "b": 10},
                      legend={"orientation": "h", "yanchor": "top", "y": -0.2, "x": 0})
    fig.update_xaxes(type="log", title_text=x_title, title_standoff=8,
                     tickvals=x_ticks, ticktext=None if x_ticks is None else [f"{t:g}" for t in x_ticks])
    fig.update_yaxes(type="log" if log_y else "linear", title_text=y_title)
    return fig


@st.cache_data(show_spinner=False, max_entries=32)
def cached_sample(d_k: int, seed: int):
    return qk_sample(d_k, N_SAMPLES, seed)


@st.cache_data(show_spinner=False, max_entries=32)
def cached_std_curve(seed: int):
    return std_curve(CURVE_D_KS, N_SAMPLES, seed)


@st.cache_data(show_spinner=False, max_entries=32)
def cached_peakedness(n_keys: int, seed: int):
    return peakedness_curves(n_keys, CURVE_D_KS, N_SEEDS, seed)


shared = setup_page(__file__)

st.title("Why divide by √d_k?")
st.markdown(
    "A dot product of two vectors grows with their width. If the query and key entries are independent "
    "with mean 0 and variance 1, q·k has variance d_k, so its typical size is √d_k. Large scores make "
    "softmax very peaked, and a peaked softmax barely learns. Dividing by √d_k brings the scores back "
    "to a typical size of 1, whatever the width. Each section below shows one piece of that argument."
)
st.latex(r"\mathrm{weights} = \mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d_k}}\right)")

# ---------------------------------------------------------------------------------------------- 1
st.header("1. Two keys, side by side", anchor="two-keys")
st.markdown("One query, two keys, two scores. Change the scores or d_k and both sides follow.")
c_a, c_b, c_d = st.columns(3)
with c_a:
    url_bound("za", 8.0, parse_score)
    st.number_input("score of key 1, z₁", min_value=-SCORE_LIMIT, max_value=SCORE_LIMIT, step=1.0, format="%g",
                    key="za")
with c_b:
    url_bound("zb", 0.0, parse_score)
    st.number_input("score of key 2, z₂", min_value=-SCORE_LIMIT, max_value=SCORE_LIMIT, step=1.0, format="%g",
                    key="zb")
with c_d:
    url_bound("dk1", 64, lambda r: parse_int(r, 1, D_K_MAX, "d_k"))
    st.number_input("d_k (width of q and k)", min_value=1, max_value=D_K_MAX, step=1, key="dk1")
two = compare_two_keys([st.session_state["za"], st.session_state["zb"]], int(st.session_state["dk1"]))
z_text = "[" + ", ".join(short(z) for z in two.scores) + "]"
s_text = "[" + ", ".join(short(z) for z in two.scaled) + "]"

left, right = st.columns(2)
with left:
    st.subheader("Unscaled")
    st.markdown(f"softmax({z_text}) = **{vec(two.p_unscaled, 4)}**")
    st.plotly_chart(vector_figure(two.p_unscaled, ["key 1", "key 2"], f"p = softmax({z_text})", kind="weights",
                                  decimals=4), key="fig_p_unscaled")
with right:
    st.subheader(f"Divided by {sqrt_text(two.d_k)}")
    st.markdown(f"softmax({s_text}) = **{vec(two.p_scaled, 3)}**")
    st.plotly_chart(vector_figure(two.p_scaled, ["key 1", "key 2"], f"p = softmax({z_text} / √{two.d_k})",
                                  kind="weights", decimals=3), key="fig_p_scaled")

st.markdown(
    "**The gradient.** Softmax's Jacobian says how every weight moves when one score moves: "
    "∂pᵢ/∂zⱼ = pᵢ(δᵢⱼ − pⱼ). Its bottom-right entry is the quantity that *nearly vanishes*: "
    "how much the second key's weight can still move when its own score moves, ∂p₂/∂z₂ = p₂(1 − p₂)."
)
keys = ["key 1", "key 2"]
j_left, j_right = st.columns(2)
# the same colour scale for both: 0.25 = ½·½ is the largest value p(1 − p) can take
j_left.plotly_chart(matrix_figure(two.J_unscaled, "∂p/∂z = diag(p) − p pᵀ, unscaled", keys, keys, zmax=0.25,
                                  decimals=4, y_title="weight pᵢ", x_title="score zⱼ", height=260),
                    key="fig_J_unscaled")
j_right.plotly_chart(matrix_figure(two.J_scaled, f"∂p/∂z = diag(p) − p pᵀ, scores ÷ √{two.d_k}", keys, keys,
                                   zmax=0.25, decimals=3, y_title="weight pᵢ", x_title="score zⱼ", height=260),
                     key="fig_J_scaled")
m1, m2, m3 = st.columns(3)
m1.metric("∂p₂/∂z₂ unscaled", tiny(two.slope_unscaled, 4))
m2.metric(f"∂p₂/∂z₂ after ÷ √{two.d_k}", tiny(two.slope_scaled, 3))
ratio = two.ratio
m3.metric("scaled ÷ unscaled", f"{ratio:,.0f}×" if math.isfinite(ratio) else ("∞" if ratio > 0 else "both 0"))

if math.isnan(ratio):
    with np.errstate(over="ignore"):
        gap = abs(two.scores[0] - two.scores[1])  # 1e308 − (−1e308) is beyond the float range
    st.warning(
        f"Both slopes are 0 to machine precision: a gap of {short(gap) if math.isfinite(gap) else 'more than 1e308'}"
        f" between the scores is so large that even after dividing by √{two.d_k} softmax is a hard argmax. Dividing by "
        "√d_k fixes the *typical* size of q·k (section 2), not any score you can type. Try scores below about 100.",
        icon=":material/info:")
elif math.isinf(ratio):
    st.markdown(
        f"Unscaled, the second key's slope is exactly 0 in floating point: its weight cannot move at all. After "
        f"dividing by √{two.d_k} it is {tiny(two.slope_scaled, 3)}, so the key gets gradient again.")
elif ratio >= 1.5:
    st.markdown(
        f"The gradient for the other key nearly vanishes: ∂p₂/∂z₂ = {tiny(two.slope_unscaled, 4)} unscaled "
        f"against {tiny(two.slope_scaled, 3)} after dividing by √{two.d_k}, about **{ratio:,.0f} times more**. "
        f"For learning, that means the signal telling W_Q and W_K to give key 2 more weight is {ratio:,.0f} times "
        "weaker without scaling, so the model barely learns to look at any key but the winner.")
else:
    st.markdown(
        f"Here scaling changes the slope little (×{num(ratio, 2)}): "
        + ("with d_k = 1 the divisor √1 is 1, so both sides are the same." if two.d_k == 1 else
           "the scores are already close, so softmax is not peaked even unscaled.")
        + " Try z₁ = 8, z₂ = 0 and d_k = 64 to see the seed's example.")
raw_slope = two.slope_scaled / two.divisor  # chain rule: ∂p₂/∂(q·k₂) = ∂p₂/∂z₂ · 1/√d_k
if two.d_k > 1 and raw_slope > 0:
    raw_ratio = raw_slope / two.slope_unscaled if two.slope_unscaled > 0 else math.inf
    if math.isinf(raw_ratio):
        tail = ", while the unscaled slope is exactly 0."
    elif raw_ratio >= 1:
        tail = f", still {raw_ratio:,.0f}× the unscaled slope." if raw_ratio >= 10 else \
            f", still {num(raw_ratio, 1)}× the unscaled slope."
    else:
        tail = (", below the unscaled slope here: with scores this small softmax was not saturated to begin with. "
                "Scaling pays off when the scores are large, as they typically are at large d_k (section 2).")
    st.caption("z here is what goes into softmax. Measured against the raw score q·k₂, the scaled side also "
               f"carries the chain-rule factor 1/√d_k: {tiny(raw_slope, 4)}{tail}")

# ---------------------------------------------------------------------------------------------- 2
st.header("2. The variance argument, by sampling", anchor="variance")
st.markdown(
    f"Draw q and k with independent N(0, 1) entries, {N_SAMPLES:,} pairs from a generator seeded with the "
    f"sidebar seed ({shared.seed}). Each product qᵢkᵢ has variance 1, and q·k adds d_k of them, so q·k has "
    "variance d_k: standard deviation √d_k. Dividing by √d_k brings it back to 1."
)
url_bound("dk2", 64, lambda r: parse_int(r, 1, D_K_MAX, "d_k"))
d_k2 = st.slider("d_k", min_value=1, max_value=D_K_MAX, step=1, key="dk2")
sample = cached_sample(d_k2, shared.seed)

h_left, h_right = st.columns(2)
for col, values, theory, title, key in (
    (h_left, sample.dots, sample.theory, f"q·k, d_k = {d_k2}", "fig_hist_raw"),
    (h_right, sample.scaled, 1.0, f"q·k / √d_k, d_k = {d_k2}", "fig_hist_scaled"),
):
    grid = np.linspace(-4 * theory, 4 * theory, 161)
    fig = go.Figure(go.Histogram(x=values, histnorm="probability density", nbinsx=60, name="measured",
                                 marker_color="#9dbbe0"))
    fig.add_trace(go.Scatter(x=grid, y=np.exp(-0.5 * (grid / theory) ** 2) / (theory * math.sqrt(2 * math.pi)),
                             mode="lines", name=f"normal curve, std {'√d_k' if theory != 1 else '1'}", line={"color": "#c0392b"}))
    fig.update_layout(title={"text": f"{title}  ({N_SAMPLES:,} pairs)", "x": 0, "font": {"size": 15}}, height=320,
                      margin={"l": 10, "r": 10, "t": 50, "b": 10}, bargap=0.02,
                      legend={"yanchor": "top", "y": 1, "xanchor": "right", "x": 1, "bgcolor": "rgba(255,255,255,0.7)"})
    fig.update_xaxes(range=[-4 * theory, 4 * theory], title_text="value")
    fig.update_yaxes(title_text="density")
    col.plotly_chart(fig, key=key)
h_left.metric("measured std of q·k", num(sample.std, 2), help=f"theory: √d_k = {sqrt_text(d_k2)}")
h_left.caption(f"Theory: √d_k = {sqrt_text(d_k2)}. Measured {num(sample.std, 2)}: **about {about(sample.theory)}**.")
h_right.metric("measured std of q·k / √d_k", num(sample.std_scaled, 2), help="theory: 1")
h_right.caption(f"Theory: 1. Measured {num(sample.std_scaled, 2)}: about 1, whatever d_k is.")
if d_k2 < 8:
    st.caption(f"At d_k = {d_k2} the histogram is not bell-shaped: a product of two normals piles up near 0 and has "
               "long tails. The argument is only about the spread, and that is still √d_k. Slide d_k up and the "
               "sum of many products settles onto the normal curve.")

std_raw, std_scaled = cached_std_curve(shared.seed)
fig = line_figure("measured std of q·k against d_k, with √d_k  (log axes)", "d_k", "standard deviation",
                  x_ticks=CURVE_D_KS, log_y=True)
fig.update_yaxes(tickvals=[1, 2, 4, 8, 16, 32])
fig.add_trace(go.Scatter(x=CURVE_D_KS, y=np.sqrt(CURVE_D_KS), mode="lines", name="theory √d_k",
                         line={"color": "#888888", "dash": "dash"}))
fig.add_trace(go.Scatter(x=CURVE_D_KS, y=std_raw, mode="markers+lines", name="measured std of q·k",
                         line={"color": COLOURS["unscaled"]}))
fig.add_trace(go.Scatter(x=CURVE_D_KS, y=std_scaled, mode="markers+lines", name="measured std of q·k / √d_k",
                         line={"color": COLOURS["sqrt_dk"]}))
fig.add_trace(go.Scatter(x=[d_k2], y=[sample.std], mode="markers", name=f"your d_k = {d_k2}",
                         marker={"size": 13, "color": "rgba(0,0,0,0)", "line": {"width": 2, "color": "#222"}}))
st.plotly_chart(fig, key="fig_std_curve")

# ---------------------------------------------------------------------------------------------- 3
st.header("3. Peakedness as d_k grows", anchor="peakedness")
st.markdown(
    "Now take one query and n random keys, all with N(0, 1) entries, and look at the softmax weights over "
    "the keys as d_k grows: the largest weight (1 is a hard argmax, 1/n is uniform) and the entropy "
    "(0 is a hard argmax, log n is uniform). Three ways to treat the scores: leave them, divide by √d_k, "
    "or divide by d_k, a wrong factor that shrinks them too much."
)
url_bound("n_keys", 8, lambda r: parse_int(r, 1, N_KEYS_MAX, "n keys"))
n_keys = st.columns(3)[0].number_input("n, the number of keys", min_value=1, max_value=N_KEYS_MAX, step=1,
                                       key="n_keys")
peak = cached_peakedness(int(n_keys), shared.seed)
if n_keys == 1:
    st.info("With a single key there is nothing to choose between: softmax gives it weight 1 and entropy 0 at "
            "every scale, so all three curves lie flat. Pick n ≥ 2 to see scaling matter.",
            icon=":material/looks_one:")

p_left, p_right = st.columns(2)
fig_max = line_figure("mean largest weight maxⱼ pⱼ against d_k", "d_k (log axis)", "largest weight",
                      x_ticks=CURVE_D_KS)
fig_ent = line_figure("mean entropy H = −Σⱼ pⱼ log pⱼ against d_k", "d_k (log axis)", "entropy (nats)",
                      x_ticks=CURVE_D_KS)
for fig, refs in ((fig_max, ((1.0, "hard argmax: 1"), (1 / n_keys, f"uniform: 1/n = {num(1 / n_keys, 3)}"))),
                  (fig_ent, ((0.0, "hard argmax: 0"), (math.log(n_keys), f"uniform: log n = {num(math.log(n_keys), 3)}")))):
    if n_keys == 1:  # one key: the hard argmax and the uniform weights are the same thing
        refs = ((refs[0][0], "one key: hard argmax = uniform"),)
    for y, label in refs:
        fig.add_hline(y=y, line={"dash": "dot", "color": "#999999"}, annotation_text=label,
                      annotation_position="top left")
for name, label in CURVE_NAMES.items():
    fig_max.add_trace(go.Scatter(x=CURVE_D_KS, y=peak.max_weight[name], mode="markers+lines", name=label,
                                 line={"color": COLOURS[name]}))
    fig_ent.add_trace(go.Scatter(x=CURVE_D_KS, y=peak.entropy[name], mode="markers+lines", name=label,
                                 line={"color": COLOURS[name]}))
fig_max.update_yaxes(range=[0, 1.08])
fig_ent.update_yaxes(range=[-0.05, max(math.log(n_keys), 0.1) * 1.1])
p_left.plotly_chart(fig_max, key="fig_peak_max")
p_right.plotly_chart(fig_ent, key="fig_peak_entropy")
st.caption(f"Every point is the mean over **{N_SEEDS} seeds**: {N_SEEDS} independent draws of one query and "
           f"{n_keys} keys, from a generator seeded with the sidebar seed ({shared.seed}). Each width reuses the "
           "first d_k coordinates of the same draws, so the curves change only through d_k.")
mw = peak.max_weight
if n_keys > 1:
    st.markdown(
        f"Unscaled, the largest weight climbs from {num(mw['unscaled'][0], 3)} at d_k = {CURVE_D_KS[0]} to "
        f"**{num(mw['unscaled'][-1], 3)}** at d_k = {CURVE_D_KS[-1]}: softmax heads for a hard argmax. Scaled by "
        f"1/√d_k it stays between {num(mw['sqrt_dk'].min(), 3)} and {num(mw['sqrt_dk'].max(), 3)}: flat. Divided "
        f"by d_k it sinks to {num(mw['dk'][-1], 3)}, toward the uniform {num(1 / n_keys, 3)}: every key looks "
        "the same and attention stops choosing. This is the seed's “Check yourself” answer made visible: "
        "dividing by √d_k keeps the scores from growing with dimension, so softmax does not become a hard argmax."
    )

# ---------------------------------------------------------------------------------------------- 4
st.header("4. A temperature dial on your own sentence", anchor="temperature")
inputs = load_inputs(shared)
labels = inputs.labels
w = inputs.weights
heads = attn_core.multi_head_attention(inputs.X, w.W_Q, w.W_K, w.W_V, shared.heads)
Q, K = heads.Q_heads[0], heads.K_heads[0]  # (n, d_k) each: the first of your heads
n, d_k = Q.shape
st.markdown(
    f"These are the queries and keys of **head 1 of your {shared.heads}** (sidebar), so "
    f"d_k = d_model / heads = {shared.d_model} / {shared.heads} = {d_k}. Choose what to divide QKᵀ by: the "
    "divisor τ works like a temperature. Small τ sharpens softmax toward a hard argmax; large τ flattens it "
    "toward uniform weights."
)
choices = ["1", "sqrt_dk", "dk", "custom"]
choice_labels = {"1": "1 (no scaling)", "sqrt_dk": f"√d_k = {sqrt_text(d_k)}", "dk": f"d_k = {d_k}",
                 "custom": "a custom τ"}
t_left, t_right = st.columns([3, 2])
with t_left:
    url_bound("divisor", "sqrt_dk", str, options=choices)
    choice = st.radio("Divide the scores by", options=choices, format_func=choice_labels.get, horizontal=True,
                      key="divisor")
with t_right:
    url_bound("tau", 1.0, parse_tau)
    st.number_input("custom τ", min_value=TAU_MIN, max_value=TAU_MAX, step=0.5, format="%g", key="tau",
                    disabled=choice != "custom", help=f"Any τ from {TAU_MIN} to {TAU_MAX:g}.")
tau = divisor_value(choice, d_k, float(st.session_state["tau"]))
temp = temperature_attention(Q, K, tau)

w_left, w_right = st.columns([3, 2])
w_left.plotly_chart(matrix_figure(temp.weights, f"weights = softmax(QKᵀ / τ), τ = {short(tau)}", labels, labels,
                                  kind="weights", x_title="key", y_title="query"), key="fig_temp_weights")
fig = vector_figure(temp.entropy, labels, "row entropy Hᵢ = −Σⱼ pᵢⱼ log pᵢⱼ (nats)", decimals=2,
                    x_title="query i", height=300)
fig.add_hline(y=temp.max_entropy, line={"dash": "dot", "color": "#999999"})  # uniform: named in the caption
fig.update_yaxes(range=[0, max(temp.max_entropy, 0.1) * 1.2])
w_right.plotly_chart(fig, key="fig_temp_entropy")
w_right.caption(f"Each bar is one query's row. 0 means all its weight is on one key; the dotted line, "
                f"log {n} = {num(temp.max_entropy, 3)}, means it spreads evenly over all {n}.")

taus = np.logspace(math.log10(TAU_MIN), math.log10(TAU_MAX), 73)  # the whole range the τ box allows
fig = line_figure("mean row entropy of softmax(QKᵀ / τ) against τ", "τ (log axis)", "mean entropy (nats)",
                  x_ticks=[0.001, 0.01, 0.1, 1, 10, 100, 1000])
fig.add_trace(go.Scatter(x=taus, y=entropy_vs_tau(Q, K, taus), mode="lines", name="mean entropy",
                         line={"color": "#2b6cb0"}, showlegend=False))
fig.add_hline(y=0, line={"dash": "dot", "color": "#999999"}, annotation_text="hard argmax",
              annotation_position="top left")
fig.add_hline(y=temp.max_entropy, line={"dash": "dot", "color": "#999999"},
              annotation_text=f"uniform: log {n}", annotation_position="bottom right")
marks: dict[float, list[str]] = {}
for value, label in ((1.0, "1"), (math.sqrt(d_k), "√d_k"), (float(d_k), "d_k")):
    marks.setdefault(value, []).append(label)  # with d_k = 1 all three are the same line
for value, names in marks.items():
    fig.add_vline(x=value, line={"dash": "dash", "color": "#cccccc"})
    # on a log axis an annotation's x is log10 of the value (add_vline's own label lands in the wrong place)
    fig.add_annotation(x=math.log10(value), y=1, yref="paper", yanchor="bottom", text=" = ".join(names),
                       showarrow=False, xanchor="left" if value > 1 else "right", font={"size": 11, "color": "#666"})
fig.add_trace(go.Scatter(x=[tau], y=[temp.mean_entropy], mode="markers", name="your τ", showlegend=False,
                         marker={"size": 14, "color": "#c0392b"}))
fig.update_yaxes(range=[-0.05, max(temp.max_entropy, 0.1) * 1.12])
st.plotly_chart(fig, key="fig_temp_curve")
st.progress(min(max(temp.position, 0.0), 1.0),
            text=f"With τ = {short(tau)} the mean row entropy is {num(temp.mean_entropy, 3)} nats: "
                 f"{num(100 * temp.position, 0)}% of the way from a hard argmax (0) to uniform (log {n} = "
                 f"{num(temp.max_entropy, 3)}).")
if n == 1:
    st.info("Your sentence has one token, so each row has one key: it always gets weight 1, at any τ.",
            icon=":material/looks_one:")

show_source(compare_two_keys, qk_sample, peakedness_curves, temperature_attention,
            intro="This page runs these functions from `attn_core/scaling.py` (softmax, its Jacobian and "
                  "the q·k sampler come from `attn_core/attention.py`).")

# ---------------------------------------------------------------------------------------------- close
st.header("Why does dividing by √d_k help?", anchor="why")
st.markdown(
    "It [keeps scores from growing with dimension](#variance), so softmax [does not become a hard argmax]"
    "(#peakedness). The [two keys](#two-keys) show what that buys: the losing key keeps a useful share and "
    "still gets gradient. The [temperature dial](#temperature) shows the same effect on your own sentence."
)
