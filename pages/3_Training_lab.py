"""Training lab: the same tiny attention model trained twice, with and without 1/√d_k, side by side."""

import math

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from attn_core import training as tl
from attn_lessons import format as fmt
from attn_lessons import training as say
from attn_ui import notebooks as nbk
from attn_ui import classroom
from attn_ui.checkpoint import predict, reveal
from attn_ui.data import cached_figure, lab_seed_runs, lab_sweep, notebook_cells, progress_bar
from attn_ui.figures import line_figure, plot, slim, stacked_figure
from attn_ui.params import SEED_MAX, parse_bool, parse_float_choice, parse_int, parse_int_choice, parse_word
from attn_ui.state import route_footer, setup_page, url_bound
from attn_ui.tables import draw_matrix

COLOURS = {"scaled": "#2b6cb0", "unscaled": "#c0392b"}
NAMES = {"scaled": "scaled: softmax(QKᵀ/√d_k)", "unscaled": "unscaled: softmax(QKᵀ)"}
LOSS_LABELS = {"mse": "copy the value (squared error)", "ce": "name the position (cross-entropy)"}
QUERIES, KEYS = [f"q{i}" for i in range(tl.N_KEYS)], [f"k{i}" for i in range(tl.N_KEYS)]  # from 0, as positions are
LONG_RUN = 10.0  # seconds: a setting estimated to train longer than this waits for a click
INTRO = (
    "The [Scaling explorer](/Scaling_explorer) showed what 1/√d_k does to one softmax; here is what it does to "
    f"**learning**. The task: {tl.N_KEYS} random keys and {tl.N_KEYS} queries, each a noisy copy of one key; query "
    "*i* must find key *i*. One attention layer trains twice, from the **same weights** on the **same batches**: "
    "only one run divides its scores by √d_k."
)
MODEL = (
    f"The model is a single attention layer, Q = X_q W_Q and K = X_k W_K, on {tl.D_MODEL}-wide input tokens with "
    "unit-variance entries; W_Q and W_K are drawn with fan-in scaling, so that Q and K have unit-variance entries "
    "too. Both runs train with plain gradient descent."
)
SIDEBAR_NOTE = ("The lab trains on random data with this seed of its own: the sidebar's sentence, seed, d_model and "
                "heads are not used here.")


def main():
    shared = setup_page(__file__, uses_shared=False)
    st.title("Training lab: watch attention learn")
    intro()
    lab = lesson(controls())
    take_it_home(lab)
    route_footer(__file__, shared)


def lesson(settings) -> tl.Lab | None:
    """Train both runs and show them; None while a long run waits to start (nothing is shown then)."""
    lab = run_lab(*settings)
    if lab is None:
        return None
    starting_point(lab)
    behind_the_prediction(lab)
    return lab


@st.fragment
def behind_the_prediction(lab: tl.Lab) -> None:
    """The race's question, then what it reveals. One fragment: answering reruns only this part of the page."""
    if not race(lab):
        return
    final_attention(lab)
    learning_rate_sweep(lab)
    things_to_try()


def intro() -> None:
    """The task, the two formulas, and the model folded. The sidebar says itself that this page does not use it."""
    st.markdown(INTRO)
    left, right = st.columns(2, vertical_alignment="center")  # side by side on a laptop, stacked on a phone
    left.latex(r"\text{scaled: } \mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d_k}}\right)V")
    right.latex(r"\text{unscaled: } \mathrm{softmax}\!\left(QK^{\top}\right)V")
    with st.expander("The model in detail", icon=":material/schema:", expanded=False):
        st.markdown(MODEL)


def controls() -> tuple[int, int, float, int, bool, str]:
    """The lab's controls, each seeded from the URL: d_k, steps, learning rate, seed, several seeds, loss."""
    c1, c2, c3 = st.columns(3)
    with c1:
        url_bound("dk", tl.DEFAULT_D_K, lambda r: parse_int_choice(r, tl.D_K_CHOICES, "dk"), options=tl.D_K_CHOICES)
        d_k = st.select_slider("d_k, the width of queries and keys", options=tl.D_K_CHOICES, key="dk")
    with c2:
        url_bound("lr", tl.DEFAULT_LR, lambda r: parse_float_choice(r, tl.LR_CHOICES, "lr"), options=tl.LR_CHOICES)
        lr = st.select_slider("learning rate", options=tl.LR_CHOICES, key="lr", format_func=lambda x: f"{x:g}")
    with c3:
        url_bound("steps", tl.DEFAULT_STEPS, lambda r: parse_int_choice(r, tl.STEP_CHOICES, "steps"),
                  options=tl.STEP_CHOICES)
        steps = st.select_slider("training steps", options=tl.STEP_CHOICES, key="steps")
    c1, c2, c3 = st.columns(3)
    with c1:
        url_bound("data_seed", 0, lambda r: parse_int(r, 0, SEED_MAX, "data_seed"))
        seed = st.number_input("data and initialisation seed", min_value=0, max_value=SEED_MAX, step=1,
                               key="data_seed", help=SIDEBAR_NOTE)
    with c2:
        url_bound("seeds", False, parse_bool)
        several = st.toggle(f"several seeds ({tl.N_SEEDS}), to see the spread", key="seeds")
    with c3:
        url_bound("loss", tl.DEFAULT_LOSS, lambda r: parse_word(r, tl.LOSSES, "loss"), options=tl.LOSSES)
        loss = st.radio("loss", options=tl.LOSSES, format_func=LOSS_LABELS.get, key="loss")
    return int(d_k), int(steps), float(lr), int(seed), bool(several), str(loss)


def run_lab(d_k: int, steps: int, lr: float, seed: int, several: bool, loss: str) -> tl.Lab | None:
    """Train (or fetch from the cache) the sweep and any extra seeds, with a progress bar; None while waiting."""
    ss = st.session_state
    runs = tl.lab_runs(several)
    estimate = tl.estimate_seconds(d_k, steps, runs)
    setting = (d_k, steps, lr if several else None, seed, several, loss)
    trained = ss.setdefault("_lab_trained", set())
    if estimate > LONG_RUN and setting not in trained:
        waiting = st.empty()  # the note and its button, gone once the learner presses it
        with waiting.container():
            st.info(say.long_run_note(runs, steps, d_k, estimate), icon=":material/hourglass_top:")
            start = st.button(f"Train ({estimate:.0f} s)", key="train_long", icon=":material/play_arrow:")
        if not start:
            return None
        waiting.empty()
    seeds = tl.lab_seeds(seed, several)
    holder = st.empty()  # a progress bar appears here only while something trains
    models = tl.lab_runs(False)
    sweep = lab_sweep(d_k, steps, seed, loss, progress_bar(
        holder, say.training_progress(models, steps, tl.estimate_seconds(d_k, steps, models))))
    extra = (lab_seed_runs(d_k, steps, lr, tuple(seeds), loss, progress_bar(
        holder, say.extra_seeds_progress(runs - models, seeds))) if several else None)
    holder.empty()
    trained.add(setting)
    return tl.make_lab(d_k, steps, lr, loss, seeds, sweep, extra)


def starting_point(lab: tl.Lab) -> None:
    """Step 0: the same raw scores, two different softmaxes, the weights first and then what they show."""
    st.header("1. Before any learning", anchor="start")
    attention_pair(lab, after=False)
    st.caption(f"One held-out example for both runs: row i holds query i's weights over the {tl.N_KEYS} keys; its "
               "own key is on the diagonal.")
    st.markdown(say.start_sentence(lab.scaled, lab.unscaled, lab.d_k))
    st.markdown(say.heatmap_sentence(lab.scaled, lab.unscaled, after=False))


def divergence(lab: tl.Lab) -> None:
    """Any run that diverged, and where: drawn after the race's answer, whose outcome it gives away."""
    finals_s, finals_u = tl.final_sweep(lab.sweep)
    for run, finals in ((lab.scaled, finals_s), (lab.unscaled, finals_u)):
        message = say.divergence_message(run, lab.lr, finals, lab.seeds)
        if message:
            st.warning(message, icon=":material/trending_up:")


def race(lab: tl.Lab) -> bool:
    """Predict which run learns first, then see both runs' curves; False until the learner has answered."""
    st.header("2. The race", anchor="race")
    # the question is about the width, the rate, the loss and the steps; the seed only moves the numbers, so a new
    # seed keeps the answer and judges it against the new runs
    guess = predict("cp_race", say.race_question(lab.d_k, lab.lr, lab.steps), options=list(say.GUESSES),
                    format_func=say.GUESSES.get, about=(lab.d_k, lab.lr, lab.loss, lab.steps), numbers=lab.seeds[0],
                    help="It opens again when you change d_k, the learning rate, the loss or the steps. A new seed "
                         "keeps your answer and checks it against the new runs.")
    if guess is None:
        st.caption("The curves, the final attention and the learning-rate sweep appear once you answer.")
        return False
    outcome, why = say.race_reveal(lab.scaled, lab.unscaled)  # the verdict and its words from one decision
    right = say.prediction_right(guess.value, outcome)
    reveal(guess, right=right, why=why)
    if not guess.skipped:  # in a class, the answer goes to the teacher's dashboard (nothing is sent otherwise)
        classroom.record("training.race", {"d_k": lab.d_k, "lr": lab.lr, "loss": lab.loss, "steps": lab.steps,
                                           "seed": lab.seeds[0]}, guess.value, right, checkpoint="cp_race")
    divergence(lab)
    _, sentence = say.verdict(lab.scaled, lab.unscaled)
    st.markdown(f"**{sentence}**")
    for run in (lab.unscaled, lab.scaled):
        stuck = say.stuck_sentence(run)
        if stuck:
            st.markdown(stuck)
    left, right = st.columns(2)
    for metrics, key, where in ((("loss", "accuracy"), "fig_loss_accuracy", left),
                                (("entropy", "grad_norm_K"), "fig_entropy_gradient", right)):
        curves = tuple((run.name, tuple(getattr(run, m) for m in metrics)) for run in (lab.scaled, lab.unscaled))
        plot(cached_figure(curves_figure, metrics, curves), key, where)
    st.caption(say.curves_caption(lab.seeds))
    if len(lab.seeds) > 1:
        st.markdown(say.spread_sentence(lab.scaled, lab.unscaled))
    return True


PANELS = {
    "loss": ("loss (log axis)", True),
    "accuracy": ("accuracy (largest weight on the own key)", False),
    "entropy": ("mean entropy of the attention rows (nats)", False),
    "grad_norm_K": ("‖∂loss/∂W_K‖, the gradient reaching W_K (log axis)", True),
}


def curves_figure(metrics: tuple[str, str], curves) -> go.Figure:
    """Two stacked panels over the training steps, both runs in each; median and band with several seeds.

    `curves` is ((run name, (values (S, T+1) per metric)), …) for the scaled and the unscaled run."""
    title = "loss and accuracy per step" if metrics[0] == "loss" else "attention entropy and gradient per step"
    fig = stacked_figure(title, [PANELS[m][0] for m in metrics], "training step",
                         log_y_rows=[i + 1 for i, m in enumerate(metrics) if PANELS[m][1]])
    for row in range(1, len(metrics) + 1):
        for name, values in curves:
            add_curve(fig, name, values[row - 1], row, show_legend=row == 1)
    if "loss" in metrics:
        fig.add_hline(y=tl.LOW_LOSS, line={"dash": "dot", "color": "#999999"}, row=1, col=1)  # named in the caption
        fig.update_yaxes(dtick=1, row=1, col=1)  # one tick per power of ten
        fig.update_yaxes(range=[0, 1.05], row=2, col=1)
    if "entropy" in metrics:
        ln_n = math.log(tl.N_KEYS)
        fig.add_hline(y=ln_n, line={"dash": "dot", "color": "#999999"}, row=1, col=1,
                      annotation_text=f"uniform: ln {tl.N_KEYS} = {fmt.num(ln_n, 2)}",
                      annotation_position="bottom right")
        fig.update_yaxes(range=[-0.1, ln_n * 1.12], row=1, col=1)
    return slim(fig)


def add_curve(fig: go.Figure, name: str, values: np.ndarray, row: int, show_legend: bool) -> None:
    """One run's curve (S, T+1) up to the first step any seed diverged: the median, and a min–max band."""
    alive = ~np.isnan(values).any(axis=0)  # steps at which every seed is still training
    last = int(np.argmin(alive)) if not alive.all() else values.shape[1]
    steps = np.arange(last)
    colour = COLOURS[name]
    if values.shape[0] > 1 and last:
        lo, hi = values[:, :last].min(axis=0), values[:, :last].max(axis=0)
        fig.add_trace(go.Scatter(x=np.concatenate([steps, steps[::-1]]), y=np.concatenate([hi, lo[::-1]]),
                                 fill="toself", fillcolor=colour, opacity=0.18, line={"width": 0},
                                 hoverinfo="skip", showlegend=False, legendgroup=name), row=row, col=1)
    mode = "lines" if last > 3 else "lines+markers"  # a run that diverged at once still shows its first steps
    fig.add_trace(go.Scatter(x=steps, y=np.median(values[:, :last], axis=0) if last else [], mode=mode,
                             name=NAMES[name], line={"color": colour, "width": 2}, legendgroup=name,
                             showlegend=show_legend), row=row, col=1)


def final_attention(lab: tl.Lab) -> None:
    """Both runs' weights after training, on the same held-out example as before."""
    st.header("3. The attention each run learnt", anchor="attention")
    st.markdown(say.heatmap_sentence(lab.scaled, lab.unscaled, after=True))
    attention_pair(lab, after=True)  # the same held-out example as section 1's, whose caption reads the tables


def attention_pair(lab: tl.Lab, after: bool) -> None:
    """The scaled and the unscaled run's weights on the held-out example, before or after training, as two tables,
    one above the other: side by side, two 16-column tables would each scroll in half the width of a laptop. A run
    that diverged has none (the sentence above says so)."""
    when = "after training" if after else "at step 0"
    for run in (lab.scaled, lab.unscaled):
        weights = run.final_weights if after else run.initial_weights  # (n, n)
        if np.isnan(weights).any():
            continue
        scale = f"QKᵀ/√{lab.d_k}" if run.name == "scaled" else "QKᵀ"
        draw_matrix(weights, f"{run.name} run's weights {when}", QUERIES, KEYS, formula=f"softmax({scale})",
                    kind="weights", decimals=1, x_title="key", y_title="query")


def learning_rate_sweep(lab: tl.Lab) -> None:
    """Final loss against learning rate for both runs at this d_k: the usable range of each. A deep dive, folded."""
    with st.expander("Every learning rate at once: the sweep", icon=":material/tune:", expanded=False):
        finals_s, finals_u = tl.final_sweep(lab.sweep)
        st.markdown(say.sweep_sentence(finals_s, finals_u, lab.lr, lab.d_k, lab.steps))
        plot(cached_figure(sweep_figure, finals_s, finals_u, lab.d_k, lab.steps, lab.lr), "fig_sweep")
        st.caption(say.sweep_caption(lab.seeds[0]))


def sweep_figure(finals_s: np.ndarray, finals_u: np.ndarray, d_k: int, steps: int, lr: float) -> go.Figure:
    """Final loss (L,) against every learning rate of the grid, scaled and unscaled, with crosses where a run
    diverged and a dashed line at the learner's rate."""
    k = tl.tail(steps)
    fig = line_figure(f"final loss against learning rate, d_k = {d_k}",
                      "learning rate (log axis)", f"final loss (mean of the last {fmt.plural(k, 'step')})",
                      x_ticks=tl.LR_CHOICES[::2], log_y=True)
    finite = np.concatenate([finals_s[~np.isnan(finals_s)], finals_u[~np.isnan(finals_u)]])
    top = float(finite.max()) * 2 if finite.size else 10.0
    for name, finals, lift in (("scaled", finals_s, 1.0), ("unscaled", finals_u, 1.8)):
        ok = ~np.isnan(finals)
        lrs = np.array(tl.LR_CHOICES)
        fig.add_trace(go.Scatter(x=lrs[ok], y=finals[ok], mode="markers+lines", name=NAMES[name],
                                 line={"color": COLOURS[name]}))
        if (~ok).any():
            fig.add_trace(go.Scatter(x=lrs[~ok], y=[top * lift] * int((~ok).sum()), mode="markers",
                                     name=f"{name}: diverged", marker={"symbol": "x", "size": 11,
                                                                         "color": COLOURS[name]}))
    fig.add_hline(y=tl.LOW_LOSS, line={"dash": "dot", "color": "#999999"})  # named in the caption
    fig.update_yaxes(dtick=1)  # one tick per power of ten
    fig.add_vline(x=lr, line={"dash": "dash", "color": "#bbbbbb"})
    fig.add_annotation(x=math.log10(lr), y=1, yref="paper", yanchor="bottom", text=f"your lr = {lr:g}",
                       showarrow=False, font={"size": 11, "color": "#666"})
    return slim(fig)


def things_to_try() -> None:
    """Settings worth a visit next."""
    st.header("Things to try", anchor="try")
    st.markdown(
        "- Set the learning rate to 0.1, or d_k to 4, and answer the question again.\n"
        "- Switch the loss to cross-entropy, which reads the scores through log-softmax."
    )


def take_it_home(lab: tl.Lab | None) -> None:
    """Both runs in plain numpy, one model at a time: shown as code, and downloadable as a notebook that checks
    its numbers against the ones the page drew (the chosen seed's). Nothing while a long run waits to start."""
    if lab is None:
        return
    seed = lab.seeds[0]

    def cells():  # built when the code is shown or the notebook downloaded, not on every rerun
        return notebook_cells(
            nbk.cells, "training",
            {"d_k, steps, lr, seed": (int(lab.d_k), int(lab.steps), float(lab.lr), int(seed)),
             "loss_name": nbk.Note(lab.loss, "'mse': output_i should copy value v_i; 'ce': query i's weights "
                                             "should pick key i")},
            {"initial_scaled": lab.scaled.initial_weights, "initial_unscaled": lab.unscaled.initial_weights,
             "loss_scaled": lab.scaled.loss[0], "loss_unscaled": lab.unscaled.loss[0],
             "final_scaled": lab.scaled.final_weights, "final_unscaled": lab.unscaled.final_weights})

    settings = {"d_k": lab.d_k, "learning rate": f"{lab.lr:g}", "training steps": lab.steps,
                "data and initialisation seed": seed, "loss": LOSS_LABELS[lab.loss]}
    nbk.take_it_home(__file__, say.code_note(seed), cells, 0, settings)  # the lab's own inputs: its code is short

main()
