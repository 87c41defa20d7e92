"""attn_lessons.training: every sentence of the Training lab, checked against the runs it describes."""

import re

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as hst
from tests.core.test_training import default_seeds, fake_run, runs_at, sweep_at
from tests.hyp import examples

from attn_core import training as tl
from attn_lessons import training as say


# ---------------------------------------------------------------------------------------------- the page's claims
def test_the_default_start_sentence_says_unscaled_rows_start_nearly_one_hot():
    scaled, unscaled = runs_at()
    text = say.start_sentence(scaled, unscaled, 64)
    assert "start nearly one-hot, the scaled rows spread nearly evenly" in text and "√64 = 8" in text


def test_at_the_default_the_scaled_run_ends_lower_and_the_unscaled_run_is_stuck():
    scaled, unscaled = runs_at()
    assert say.verdict(scaled, unscaled)[0] == "scaled lower"
    stuck = say.stuck_sentence(unscaled)
    assert stuck.startswith("The unscaled run is stuck") and say.stuck_sentence(scaled) == ""


def test_on_every_default_seed_the_ranges_do_not_overlap():
    scaled, unscaled = default_seeds()
    assert "do not overlap: on every seed that trained, the scaled run ends lower" in say.spread_sentence(
        scaled, unscaled)


def test_the_heatmap_sentence_counts_the_keys_each_run_finds():
    scaled, unscaled = runs_at()
    hits = [int(np.sum(np.argmax(r.final_weights, axis=-1) == np.arange(16))) for r in (scaled, unscaled)]
    assert f"for {hits[0]} of 16 queries" in say.heatmap_sentence(scaled, unscaled)


def test_at_a_small_learning_rate_the_unscaled_run_ends_lower():
    scaled, unscaled = runs_at(lr=0.1)
    assert say.verdict(scaled, unscaled)[0] == "unscaled lower"  # measured 0.096 against 0.007


def test_at_d_k_4_the_two_runs_behave_alike():
    scaled, unscaled = runs_at(d_k=4)
    kind, sentence = say.verdict(scaled, unscaled)
    assert kind == "alike" and sentence.startswith("The two runs behave alike here")


def test_the_default_sweep_sentence_counts_the_usable_rates():
    finals_s, finals_u = tl.final_sweep(sweep_at(64, 200, 0, "mse"))
    ok_s = tl.usable(finals_s)
    text = say.sweep_sentence(finals_s, finals_u, 3.0, 64, 200)
    assert "gets only the scaled run below 0.1" in text and f"at {len(ok_s)} of the 13 learning rates" in text


def test_with_cross_entropy_the_unscaled_run_is_not_called_stuck():
    for lr in (0.1, 0.3):
        scaled, unscaled = runs_at(loss="ce", lr=lr)
        assert say.stuck_sentence(unscaled) == ""


def test_largest_learning_rate_gives_a_divergence_message():
    scaled, unscaled = runs_at(lr=1000.0)
    finals_s, finals_u = tl.final_sweep(sweep_at(64, 200, 0, "mse"))
    for run, finals in ((scaled, finals_s), (unscaled, finals_u)):
        message = say.divergence_message(run, 1000.0, finals)
        assert f"diverged at step {run.diverged_at[0]}" in message
        assert "largest learning rate below yours at which it did not diverge is 100" in message
    assert say.verdict(scaled, unscaled)[0] == "both diverged"
    assert say.heatmap_sentence(scaled, unscaled).startswith("Both runs diverged, so neither has weights")
    assert "the unscaled run for" in say.heatmap_sentence(scaled, unscaled, after=False)
    assert say.divergence_message(*runs_at()[:1], 3.0, finals_s) == ""


# ---------------------------------------------------------------------------------------------- the sentences' branches
def test_race_sentence_branches():
    learn = fake_run("scaled", [1, 0.5, 0.05, 0.01, 0.01])
    never = fake_run("unscaled", [1, 1, 1, 1, 1])
    gone = fake_run("unscaled", [1, 0.9, np.nan, np.nan, np.nan], diverged=2)
    assert say.race_sentence(learn, never) == (
        "The scaled run's loss first drops below 0.1 at step 2; the unscaled run's loss never drops below 0.1 in "
        "4 steps. At step 2 the scaled run's loss is 0.050, the unscaled run's loss is 1.00.")
    assert "never drops below 0.1: the run diverged at step 2" in say.race_sentence(learn, gone)
    assert "the unscaled run had diverged at step 2" in say.race_sentence(learn, gone)
    assert say.race_sentence(fake_run("scaled", [1] * 5), never).startswith(
        "Neither run's loss drops below 0.1 in 4 steps.")


def test_the_race_prediction_counts_a_tie_for_either_run():
    assert say.prediction_right("scaled", "scaled") and not say.prediction_right("unscaled", "scaled")
    assert say.prediction_right("unscaled", "same") and not say.prediction_right("neither", "same")


def test_verdict_when_one_or_both_diverge():
    ok = fake_run("scaled", [1, 0.5, 0.01, 0.01])
    gone = fake_run("unscaled", [1, np.nan, np.nan, np.nan], diverged=1)
    kind, text = say.verdict(ok, gone)
    assert kind == "unscaled diverged" and "The unscaled run diverged at step 1" in text and "0.010" in text
    gone_s = fake_run("scaled", [1, 2, np.nan, np.nan], diverged=2)
    assert say.verdict(gone_s, gone)[0] == "both diverged"


@settings(max_examples=examples(100), deadline=None)
@given(hst.floats(1e-4, 3.0), hst.floats(1e-4, 3.0), hst.sampled_from([4, 10, 50]))
def test_verdict_claims_hold_for_any_final_losses(f_s, f_u, steps):
    scaled, unscaled = fake_run("scaled", [2.0] + [f_s] * steps), fake_run("unscaled", [2.0] + [f_u] * steps)
    kind, text = say.verdict(scaled, unscaled)
    ratio = max(f_s, f_u) / min(f_s, f_u)
    if kind == "alike":
        assert ratio <= say.ALIKE and (f_s < tl.LOW_LOSS) == (f_u < tl.LOW_LOSS)
    else:
        assert kind == ("scaled lower" if f_s < f_u else "unscaled lower")
        assert ratio > say.ALIKE or (f_s < tl.LOW_LOSS) != (f_u < tl.LOW_LOSS)
    assert f"after {steps} steps" in text.lower()


@settings(max_examples=examples(50), deadline=None)
@given(hst.lists(hst.one_of(hst.floats(1e-4, 3.0), hst.just(float("nan"))), min_size=26, max_size=26),
       hst.sampled_from(tl.LR_CHOICES))
def test_sweep_sentence_counts_and_places_your_rate_truly(finals, lr):
    finals_s, finals_u = np.array(finals[:13]), np.array(finals[13:])
    text = say.sweep_sentence(finals_s, finals_u, lr, 64, 200)
    ok_s, ok_u = tl.usable(finals_s), tl.usable(finals_u)
    assert (f"at {len(ok_s)} of the 13 learning rates" in text) == bool(ok_s)
    who = {(True, True): "both runs", (True, False): "only the scaled run", (False, True): "only the unscaled run",
           (False, False): "neither run"}[(lr in ok_s, lr in ok_u)]
    assert f"gets {who} below 0.1" in text
    if np.isnan(finals_s).any():
        assert "diverges" in text.split(";")[0]


def test_stuck_sentence_needs_every_symptom():
    steps = 40
    stuck = dict(entropy=0.01, accuracy=0.1, grad=[2.0] + [0.01] * steps)
    assert say.stuck_sentence(fake_run("unscaled", [2.0] * (steps + 1), **stuck)).startswith(
        "The unscaled run is stuck")
    for change in (dict(entropy=2.0), dict(accuracy=0.9), dict(grad=[2.0] * (steps + 1))):
        assert say.stuck_sentence(fake_run("unscaled", [2.0] * (steps + 1), **{**stuck, **change})) == ""
    assert say.stuck_sentence(fake_run("unscaled", [0.01] * (steps + 1), **stuck)) == ""  # it learnt


def test_spread_sentence_says_when_ranges_overlap():
    s = tl.Run("scaled", np.array([[1, 0.2], [1, 0.5]]), *(np.ones((2, 2)),) * 3, np.array([-1, -1]),
               np.ones(2), np.eye(2), np.eye(2))
    u = tl.Run("unscaled", np.array([[1, 0.3], [1, 0.4]]), *(np.ones((2, 2)),) * 3, np.array([-1, -1]),
               np.ones(2), np.eye(2), np.eye(2))
    assert "The ranges overlap" in say.spread_sentence(s, u)


def test_sentences_print_no_raw_floats():
    scaled, unscaled = runs_at()
    finals = tl.final_sweep(sweep_at(64, 200, 0, "mse"))
    texts = [say.start_sentence(scaled, unscaled, 64), say.race_sentence(scaled, unscaled),
             say.verdict(scaled, unscaled)[1], say.stuck_sentence(unscaled),
             say.sweep_sentence(*finals, 3.0, 64, 200), say.heatmap_sentence(scaled, unscaled)]
    for text in texts:
        assert not re.search(r"\d\.\d{5,}|e[+-]\d|nan|inf", text), text


@settings(max_examples=examples(100), deadline=None)
@given(hst.lists(hst.floats(0.01, 2.0), min_size=3, max_size=12), hst.lists(hst.floats(0.01, 2.0), min_size=3,
                                                                            max_size=12),
       hst.integers(-1, 11), hst.sampled_from(["scaled", "unscaled", "neither"]))
def test_the_race_reveal_says_what_the_judgement_counts(loss_s, loss_u, diverged, guess):
    steps = min(len(loss_s), len(loss_u))
    curve_u = np.array(loss_u[:steps])
    gone = diverged if 0 <= diverged < steps else -1
    if gone >= 0:
        curve_u[gone:] = np.nan
    scaled, unscaled = fake_run("scaled", loss_s[:steps]), fake_run("unscaled", curve_u, diverged=gone)
    outcome = tl.first_to_learn(scaled, unscaled)
    text = say.race_sentence(scaled, unscaled)
    t_s, t_u = tl.first_below(scaled.loss[0]), tl.first_below(unscaled.loss[0])
    for name, t in (("scaled", t_s), ("unscaled", t_u)):
        if t is not None:
            assert f"the {name} run's loss first drops below 0.1 at step {t}" in text.lower()
        elif "Neither" not in text:
            assert f"the {name} run's loss never drops below 0.1" in text.lower()
    if guess == "neither":  # "neither" is right exactly when the text says no run crosses
        assert say.prediction_right(guess, outcome) == ("first drops below" not in text)
    if say.prediction_right(guess, outcome) and guess != "neither":  # the right run is the one named first to cross
        other = t_u if guess == "scaled" else t_s
        mine = t_s if guess == "scaled" else t_u
        assert mine is not None and (other is None or mine <= other)


# ---------------------------------------------------------------------------------------------- question and captions
def test_the_race_question_names_the_width_the_rate_and_the_threshold():
    assert say.race_question(64, 3.0) == "At d_k = 64 and learning rate 3, which run's loss drops below 0.1 first?"
    assert "At d_k = 4 and learning rate 0.003," in say.race_question(4, 0.003)


def test_every_outcome_of_the_race_has_a_right_answer_on_offer():
    outcomes = ("scaled", "unscaled", "same", "neither")
    assert all(any(say.prediction_right(g, o) for g in say.GUESSES) for o in outcomes)
    assert all(any(say.prediction_right(g, o) for o in outcomes) for g in say.GUESSES)


@settings(max_examples=examples(40), deadline=None)
@given(hst.sampled_from(tl.D_K_CHOICES), hst.sampled_from(tl.STEP_CHOICES), hst.booleans())
def test_the_long_run_note_and_the_progress_say_the_estimate(d_k, steps, several):
    runs, models = tl.lab_runs(several), tl.lab_runs(False)
    seconds, sweep_seconds = tl.estimate_seconds(d_k, steps, runs), tl.estimate_seconds(d_k, steps, models)
    m = re.match(r"This setting trains (\d+) models for (\d+) steps at d_k = (\d+): about (\d+) s on one core\. ",
                 say.long_run_note(runs, steps, d_k, seconds))
    assert m and (int(m[1]), int(m[2]), int(m[3])) == (runs, steps, d_k) and abs(int(m[4]) - seconds) <= 0.5
    m = re.fullmatch(r"Training (\d+) models for (\d+) steps, about (\d+) s…",
                     say.training_progress(models, steps, sweep_seconds))
    assert m and (int(m[1]), int(m[2])) == (models, steps)
    assert int(m[3]) >= 1 and (abs(int(m[3]) - sweep_seconds) <= 0.5 or sweep_seconds < 0.5)  # never "about 0 s"
    assert say.extra_seeds_progress(tl.lab_runs(True) - models, tl.lab_seeds(7, True)) == (
        f"Training {2 * (tl.N_SEEDS - 1)} more on the other {tl.N_SEEDS - 1} seeds…")


def test_the_captions_name_the_seeds_they_describe():
    one, five = say.curves_caption([3]), say.curves_caption(tl.lab_seeds(3, True))
    assert one.startswith(f"Each point is one step's batch of {tl.BATCH} × {tl.N_KEYS} fresh queries")
    assert one.endswith("marks a loss of 0.1. Turn on several seeds to see the spread.")
    assert five.endswith("describe seed 3; the lines are the median over seeds 3 to 7 and the bands span the lowest "
                         "to the highest seed.") and "Turn on" not in five
    assert say.sweep_caption(7).startswith("Seed 7: the same batches") and "a loss of 0.1." in say.sweep_caption(7)
    assert "the ones the page drew for seed 11. " in say.code_note(11)
