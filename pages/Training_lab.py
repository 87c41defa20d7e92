"""Training lab: the same tiny attention model trained twice, with and without 1/√d_k, side by side."""

import streamlit as st

from attn_core import training as tl
from attn_lessons import format as fmt
from attn_lessons import training as say
from attn_ui import notebooks as nbk
from attn_ui.checkpoint import predict, reveal
from attn_ui.data import cached_figure, lab_seed_runs, lab_sweep, notebook_cells, progress_bar
from attn_ui.figures import plot, sweep_figure, training_curves_figure
from attn_ui.params import SEED_MAX, parse_bool, parse_float_choice, parse_int, parse_int_choice, parse_word
from attn_ui.folds import fold
from attn_ui.serving import one_at_a_time
from attn_ui.state import route_footer, setup_page, url_bound
from attn_ui.tables import draw_matrix

QUERIES, KEYS = [f"q{i}" for i in range(tl.N_KEYS)], [f"k{i}" for i in range(tl.N_KEYS)]  # from 0, as positions are
LONG_RUN = 10.0  # seconds: a setting estimated to train longer than this waits for a click


@one_at_a_time
def main():
    shared = setup_page(__file__, uses_shared=False)
    st.title(say.TITLE)
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
    things_to_try(lab)


def intro() -> None:
    """The task, the two formulas, and the model folded. The sidebar says itself that this page does not use it."""
    st.markdown(say.INTRO)
    left, right = st.columns(2, vertical_alignment="center")  # side by side on a laptop, stacked on a phone
    left.latex(r"\text{%s } \mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d_k}}\right)V" % say.FORMULA_SCALED)
    right.latex(r"\text{%s } \mathrm{softmax}\!\left(QK^{\top}\right)V" % say.FORMULA_UNSCALED)
    with st.expander(say.MODEL_EXPANDER, icon=":material/schema:", expanded=False):
        st.markdown(say.MODEL)


def controls() -> tuple[int, int, float, int, bool, str]:
    """The lab's controls, each seeded from the URL: d_k, steps, learning rate, seed, several seeds, loss."""
    c1, c2, c3 = st.columns(3)
    with c1:
        url_bound("dk", tl.DEFAULT_D_K, lambda r: parse_int_choice(r, tl.D_K_CHOICES, "dk"), options=tl.D_K_CHOICES)
        d_k = st.select_slider(say.D_K_SLIDER, options=tl.D_K_CHOICES, key="dk")
    with c2:
        url_bound("lr", tl.DEFAULT_LR, lambda r: parse_float_choice(r, tl.LR_CHOICES, "lr"), options=tl.LR_CHOICES)
        lr = st.select_slider(say.LR_SLIDER, options=tl.LR_CHOICES, key="lr", format_func=fmt.short)
    with c3:
        url_bound("steps", tl.DEFAULT_STEPS, lambda r: parse_int_choice(r, tl.STEP_CHOICES, "steps"),
                  options=tl.STEP_CHOICES)
        steps = st.select_slider(say.STEPS_SLIDER, options=tl.STEP_CHOICES, key="steps")
    c1, c2, c3 = st.columns(3)
    with c1:
        url_bound("data_seed", 0, lambda r: parse_int(r, 0, SEED_MAX, "data_seed"))
        seed = st.number_input(say.SEED_INPUT, min_value=0, max_value=SEED_MAX, step=1,
                               key="data_seed", help=say.SIDEBAR_NOTE)
    with c2:
        url_bound("seeds", False, parse_bool)
        several = st.toggle(say.several_seeds(tl.N_SEEDS), key="seeds")
    with c3:
        url_bound("loss", tl.DEFAULT_LOSS, lambda r: parse_word(r, tl.LOSSES, "loss"), options=tl.LOSSES)
        loss = st.radio(say.LOSS_RADIO, options=tl.LOSSES, format_func=say.LOSS_LABELS.get, key="loss")
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
            start = st.button(say.train_button(estimate), key="train_long", icon=":material/play_arrow:")
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
    st.header(say.HEADERS["start"], anchor="start")
    attention_pair(lab, after=False)
    st.caption(say.START_CAPTION)
    st.markdown(say.start_sentence(lab.scaled, lab.unscaled, lab.d_k).text)
    st.markdown(say.heatmap_sentence(lab.scaled, lab.unscaled, after=False).text)


def divergence(lab: tl.Lab) -> None:
    """Any run that diverged, and where: drawn after the race's answer, whose outcome it gives away."""
    finals_s, finals_u = tl.final_sweep(lab.sweep)
    for run, finals in ((lab.scaled, finals_s), (lab.unscaled, finals_u)):
        message = say.divergence_message(run, lab.lr, finals, lab.seeds)
        if message:
            st.warning(message.text, icon=":material/trending_up:")


def race(lab: tl.Lab) -> bool:
    """Predict which run learns first, then see both runs' curves; False until the learner has answered it once
    (after that, a new setting asks again beside the curves)."""
    st.header(say.HEADERS["race"], anchor="race")
    # the question is about the width, the rate, the loss and the steps; the seed only moves the numbers, so a new
    # seed keeps the answer and judges it against the new runs
    guess = predict(say.RACE, say.race_question(lab.d_k, lab.lr, lab.steps), options=list(say.GUESSES),
                    format_func=say.guess_label, about=(lab.d_k, lab.lr, lab.loss, lab.steps), numbers=lab.seeds[0],
                    help=say.RACE_HELP)
    ss = st.session_state
    if guess is None and not ss.get("_lab_answered"):
        st.caption(say.WAITING_CAPTION)
        return False
    if guess is None:  # answered once, at other settings: the lab stays an explorer, its question asks again
        st.caption(say.EXPLORING_CAPTION)
    else:
        ss["_lab_answered"] = True
        outcome, why = say.race_reveal(lab.scaled, lab.unscaled)  # the verdict and its words from one decision
        right = say.prediction_right(guess.value, outcome)
        reveal(guess, right=right, why=why.text, asked=say.RACE,
               state={"d_k": lab.d_k, "lr": lab.lr, "loss": lab.loss, "steps": lab.steps, "seed": lab.seeds[0]})
    divergence(lab)
    sentence = say.verdict(lab.scaled, lab.unscaled).text
    st.markdown(f"**{sentence}**")
    for run in (lab.unscaled, lab.scaled):
        stuck = say.stuck_sentence(run)
        if stuck:
            st.markdown(stuck.text)
    left, right = st.columns(2)
    for metrics, key, where in ((("loss", "accuracy"), "fig_loss_accuracy", left),
                                (("entropy", "grad_norm_K"), "fig_entropy_gradient", right)):
        curves(lab, metrics, key, where)
    st.caption(say.curves_caption(lab.seeds))
    if len(lab.seeds) > 1:
        st.markdown(say.spread_sentence(lab.scaled, lab.unscaled).text)
    return True


def curves(lab: tl.Lab, metrics: tuple[str, str], key: str, where) -> None:
    """Two of the runs' records stacked over the training steps, both runs in each: the median over the seeds,
    and their min–max band when there are several."""
    bands = tuple((run.name, tuple(tl.seed_band(getattr(run, m)) for m in metrics))
                  for run in (lab.scaled, lab.unscaled))
    plot(cached_figure(training_curves_figure, say.curves_title(metrics), metrics,
                       tuple(say.PANEL_TITLES[m] for m in metrics), say.STEP_AXIS, bands, say.RUN_NAMES, tl.LOW_LOSS,
                       (tl.UNIFORM_ENTROPY, say.uniform_label())), key, where)


def final_attention(lab: tl.Lab) -> None:
    """Both runs' weights after training, on the same held-out example as before."""
    st.header(say.HEADERS["attention"], anchor="attention")
    st.markdown(say.heatmap_sentence(lab.scaled, lab.unscaled, after=True).text)
    attention_pair(lab, after=True)  # the same held-out example as section 1's, whose caption reads the tables


def attention_pair(lab: tl.Lab, after: bool) -> None:
    """The scaled and the unscaled run's weights on the held-out example, before or after training, as two tables,
    one above the other: side by side, two 16-column tables would each scroll in half the width of a laptop. A run
    that diverged has none (the sentence above says so)."""
    for run in (lab.scaled, lab.unscaled):
        weights = tl.shown_weights(run, after)  # (n, n), None for a run that diverged
        if weights is None:
            continue
        draw_matrix(weights, say.weights_title(run.name, after), QUERIES, KEYS,
                    formula=say.weights_formula(run.name, lab.d_k), kind="weights", decimals=1, x_title=say.KEY,
                    y_title=say.QUERY)


def learning_rate_sweep(lab: tl.Lab) -> None:
    """Final loss against learning rate for both runs at this d_k: the usable range of each. A deep dive, folded."""
    with fold(say.SWEEP_EXPANDER, "fold_sweep", icon=":material/tune:") as shown:
        if not shown:
            return
        finals_s, finals_u = tl.final_sweep(lab.sweep)
        st.markdown(say.sweep_sentence(finals_s, finals_u, lab.lr, lab.d_k, lab.steps).text)
        plot(cached_figure(sweep_figure, finals_s, finals_u, tl.LR_CHOICES, lab.lr, tl.LOW_LOSS,
                           say.sweep_words(lab.d_k, lab.steps, lab.lr)), "fig_sweep")
        st.caption(say.sweep_caption(lab.seeds[0]))


def things_to_try(lab: tl.Lab) -> None:
    """Settings worth a visit next, worded from the ones set now."""
    st.header(say.HEADERS["try"], anchor="try")
    st.markdown(say.things_to_try(lab.d_k, lab.lr, lab.loss))


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
             "loss_name": nbk.Note(lab.loss, say.LOSS_NOTE)},
            {"initial_scaled": lab.scaled.initial_weights, "initial_unscaled": lab.unscaled.initial_weights,
             "loss_scaled": lab.scaled.loss[0], "loss_unscaled": lab.unscaled.loss[0],
             "final_scaled": lab.scaled.final_weights, "final_unscaled": lab.unscaled.final_weights})

    settings = say.notebook_settings(lab.d_k, lab.lr, lab.steps, seed, lab.loss)
    nbk.take_it_home(__file__, say.code_note(seed), cells, 0, settings)  # the lab's own inputs: its code is short

main()
