"""attn_core.training: the hand-written backward pass, the training loop, and the Training lab's claims."""

import math
import re
from functools import lru_cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst
from tests.hyp import examples

from attn_core import softmax_jacobian
from attn_core import training as tl
from attn_lessons import format as fmt


# ---------------------------------------------------------------------------------------------- gradients
def numeric_gradient(f, W: np.ndarray, eps: float = 1e-6) -> np.ndarray:
    """Central differences of the scalar f(W) for every entry of W, the slow obvious way."""
    grad = np.zeros_like(W)
    for idx in np.ndindex(W.shape):
        up, down = W.copy(), W.copy()
        up[idx] += eps
        down[idx] -= eps
        grad[idx] = (f(up) - f(down)) / (2 * eps)
    return grad


@pytest.mark.parametrize("loss", tl.LOSSES)
@pytest.mark.parametrize("scale", [1.0, 1 / math.sqrt(4), 0.3])
def test_every_gradient_matches_finite_differences(loss, scale):
    rng = np.random.default_rng(3)
    batch = tl.make_batch(rng, batch=2, n=5, d_model=6, d_v=3)
    W_Q, W_K = rng.standard_normal((6, 4)), rng.standard_normal((6, 4))
    g_Q, g_K = tl.backward(batch, tl.forward(batch, W_Q, W_K, scale, loss), scale, loss)
    num_Q = numeric_gradient(lambda W: float(tl.forward(batch, W, W_K, scale, loss).loss), W_Q)
    num_K = numeric_gradient(lambda W: float(tl.forward(batch, W_Q, W, scale, loss).loss), W_K)
    assert np.abs(g_Q).max() > 1e-3 and np.abs(g_K).max() > 1e-3  # a real signal, not two zeros agreeing
    np.testing.assert_allclose(g_Q, num_Q, atol=1e-7, rtol=1e-5)
    np.testing.assert_allclose(g_K, num_K, atol=1e-7, rtol=1e-5)


def test_softmax_backward_applies_the_jacobian():
    rng = np.random.default_rng(0)
    z, g = rng.standard_normal((3, 7)), rng.standard_normal((3, 7))
    p = np.exp(z) / np.exp(z).sum(axis=-1, keepdims=True)
    expected = np.einsum("rij,ri->rj", softmax_jacobian(p), g)  # ∂L/∂z_j = Σ_i ∂L/∂p_i · ∂p_i/∂z_j
    np.testing.assert_allclose(tl.softmax_backward(p, g), expected, atol=1e-12)


def test_cross_entropy_is_minus_log_of_the_right_weight():
    rng = np.random.default_rng(1)
    batch = tl.make_batch(rng, batch=2, n=4, d_model=5, d_v=2)
    W_Q, W_K = rng.standard_normal((5, 3)), rng.standard_normal((5, 3))
    fwd = tl.forward(batch, W_Q, W_K, 0.5, "ce")
    expected = -np.mean(np.log(np.diagonal(fwd.weights, axis1=-2, axis2=-1)))
    assert float(fwd.loss) == pytest.approx(expected, rel=1e-12)


def test_run_axes_compute_each_run_as_if_alone():
    rng = np.random.default_rng(2)
    batch = tl.make_batch(rng, batch=3, n=4, d_model=6, d_v=2)
    W_Q, W_K = rng.standard_normal((2, 3, 6, 5)), rng.standard_normal((2, 3, 6, 5))  # (S, R, d_model, d_k)
    scales = np.array([1.0, 0.5, 0.2])
    stacked = tl.Batch(*(np.broadcast_to(a, (2, 1, *a.shape)) for a in (batch.X_q, batch.X_k, batch.V)))
    fwd = tl.forward(stacked, W_Q, W_K, scales)
    g_Q, g_K = tl.backward(stacked, fwd, scales)
    assert fwd.weights.shape == (2, 3, 3, 4, 4) and fwd.loss.shape == (2, 3) and g_K.shape == (2, 3, 6, 5)
    for s in range(2):
        for r in range(3):
            one = tl.forward(batch, W_Q[s, r], W_K[s, r], scales[r])
            one_Q, one_K = tl.backward(batch, one, scales[r])
            assert float(one.loss) == pytest.approx(fwd.loss[s, r], rel=1e-12)
            np.testing.assert_allclose(g_K[s, r], one_K, rtol=1e-10, atol=1e-14)
            np.testing.assert_allclose(g_Q[s, r], one_Q, rtol=1e-10, atol=1e-14)


def test_forward_refuses_an_unknown_loss():
    batch = tl.make_batch(np.random.default_rng(0), batch=1, n=2, d_model=3, d_v=1)
    with pytest.raises(ValueError, match="loss must be one of"):
        tl.forward(batch, np.ones((3, 2)), np.ones((3, 2)), 1.0, "hinge")


# ---------------------------------------------------------------------------------------------- data, init, loop
def test_inputs_and_fan_in_init_give_unit_variance_queries_and_keys():
    batch = tl.make_batch(np.random.default_rng(0), batch=64)
    W_Q, W_K = tl.init_weights(0, 64)
    for M in (batch.X_q, batch.X_k, batch.V, tl.project(batch.X_q, W_Q), tl.project(batch.X_k, W_K)):
        assert 0.85 < M.var() < 1.15


def test_unscaled_scores_spread_like_sqrt_d_k():
    for d_k in (4, 64, 256):
        h = tl.train(d_k, 0, [1.0, 1.0], [1 / math.sqrt(d_k), 1.0], [0, 1])
        assert np.all(np.abs(h.score_std0[:, 1] / math.sqrt(d_k) - 1) < 0.25), h.score_std0
        assert np.all(np.abs(h.score_std0[:, 0] - 1) < 0.25)


def test_train_shapes_and_determinism_per_seed():
    args = (8, 6, [0.1, 1.0, 10.0], [1 / math.sqrt(8), 1.0, 1.0], [5, 6])
    a, b, c = tl.train(*args), tl.train(*args), tl.train(*args[:4], [7, 6])
    for field in ("loss", "accuracy", "entropy", "grad_norm_K"):
        assert getattr(a, field).shape == (2, 3, 7)
        np.testing.assert_array_equal(getattr(a, field), getattr(b, field))
    assert a.final_weights.shape == a.initial_weights.shape == (2, 3, tl.N_KEYS, tl.N_KEYS)
    assert not np.allclose(a.loss[0], c.loss[0])  # another seed, other data
    np.testing.assert_array_equal(a.loss[1], c.loss[1])  # seed 6 is seed 6 wherever it sits
    np.testing.assert_allclose(a.initial_weights.sum(axis=-1), 1)


def test_every_run_of_a_seed_starts_from_the_same_weights_and_batch():
    h = tl.train(16, 0, [0.1, 5.0], [1.0, 1.0], [3])
    assert h.loss[0, 0, 0] == h.loss[0, 1, 0]  # same init, same batch, same scale: the same loss at step 0


def test_train_validates_its_arguments():
    with pytest.raises(ValueError, match="one scale per learning rate"):
        tl.train(8, 5, [0.1, 1.0], [1.0], [0])
    with pytest.raises(ValueError, match="d_k must be at least 1"):
        tl.train(0, 5, [0.1], [1.0], [0])


def test_a_huge_learning_rate_diverges_without_nan_in_what_is_kept():
    h = tl.train(64, 30, [1000.0, 1000.0], [1 / 8, 1.0], [0])
    assert np.all(h.diverged_at >= 0)
    for r in range(2):
        k = h.diverged_at[0, r]
        assert np.isfinite(h.loss[0, r, :k]).all() and np.isnan(h.loss[0, r, k:]).all()
    assert np.isnan(h.final_weights).all() and np.isfinite(h.initial_weights).all()


def test_progress_reaches_one():
    seen = []
    tl.train(4, 25, [1.0], [1.0], [0], progress=seen.append)
    assert seen[0] == 0 and seen[-1] == 1 and seen == sorted(seen)


def test_pick_runs_refuses_a_rate_off_the_grid():
    sweep = sweep_at(4, 25, 0, "mse")
    with pytest.raises(ValueError, match="not one of the sweep's"):
        tl.pick_runs(sweep, 0.5)


def test_estimates_grow_with_the_work_and_the_default_fits_the_budget():
    assert tl.estimate_seconds(256, 500, tl.lab_runs(True)) > tl.estimate_seconds(64, 200, tl.lab_runs(False))
    assert tl.estimate_seconds(tl.DEFAULT_D_K, tl.DEFAULT_STEPS, tl.lab_runs(False)) < 3
    assert tl.lab_runs(True) == tl.lab_runs(False) + 2 * (tl.N_SEEDS - 1)


# ---------------------------------------------------------------------------------------------- the page's claims
@lru_cache(maxsize=None)
def sweep_at(d_k: int, steps: int, seed: int, loss: str) -> tl.History:
    return tl.train_sweep(d_k, steps, seed, loss)


def runs_at(d_k=tl.DEFAULT_D_K, lr=tl.DEFAULT_LR, loss=tl.DEFAULT_LOSS, steps=tl.DEFAULT_STEPS):
    return tl.pick_runs(sweep_at(d_k, steps, 0, loss), lr)


def test_default_start_unscaled_rows_nearly_one_hot_scaled_nearly_even():
    scaled, unscaled = runs_at()
    assert unscaled.entropy[0, 0] < 0.8 < 2.0 < scaled.entropy[0, 0] < math.log(16)  # measured 0.44 and 2.37
    text = tl.start_sentence(scaled, unscaled, 64, fmt)
    assert "start nearly one-hot, the scaled rows spread nearly evenly" in text and "√64 = 8" in text


def test_default_scaled_learns_in_tens_of_steps_unscaled_stays_stuck():
    scaled, unscaled = runs_at()
    assert tl.first_below(scaled.loss[0]) < 30  # measured 7
    assert tl.final_loss(scaled.loss[0]) < 0.01 and tl.final_loss(unscaled.loss[0]) > 1  # measured 0.001, 1.62
    assert tl.first_to_learn(scaled, unscaled) == "scaled"
    assert tl.verdict(scaled, unscaled, fmt)[0] == "scaled lower"
    stuck = tl.stuck_sentence(unscaled, fmt)
    assert stuck.startswith("The unscaled run is stuck") and tl.stuck_sentence(scaled, fmt) == ""
    k = tl.tail(unscaled.steps)
    assert np.median(unscaled.grad_norm_K[0, -k:]) < unscaled.grad_norm_K[0, 0] / 20  # measured 96× smaller


def test_default_claims_hold_on_every_default_seed():
    extra = tl.train_seeds(64, 200, 3.0, tl.lab_seeds(0, True))
    scaled, unscaled = tl.pick_runs(sweep_at(64, 200, 0, "mse"), 3.0, extra)
    f_s, f_u = tl.final_loss(scaled.loss), tl.final_loss(unscaled.loss)
    assert f_s.max() < 0.01 and f_u.min() > 1  # measured 0.001 … 0.002 and 1.51 … 1.76
    assert "do not overlap: on every seed that trained, the scaled run ends lower" in tl.spread_sentence(
        scaled, unscaled, fmt)


def test_after_training_the_scaled_run_finds_every_key_on_the_held_out_example():
    scaled, unscaled = runs_at()
    hits = [int(np.sum(np.argmax(r.final_weights, axis=-1) == np.arange(16))) for r in (scaled, unscaled)]
    assert hits[0] >= 14 and hits[1] <= 8  # measured 16 and 2
    assert f"for {hits[0]} of 16 queries" in tl.heatmap_sentence(scaled, unscaled, fmt)


def test_at_a_small_learning_rate_the_unscaled_run_learns_faster():
    scaled, unscaled = runs_at(lr=0.1)
    assert tl.first_to_learn(scaled, unscaled) == "unscaled"
    assert tl.verdict(scaled, unscaled, fmt)[0] == "unscaled lower"  # measured 0.096 against 0.007


def test_at_d_k_4_the_two_runs_behave_alike():
    scaled, unscaled = runs_at(d_k=4)
    kind, sentence = tl.verdict(scaled, unscaled, fmt)
    assert kind == "alike" and sentence.startswith("The two runs behave alike here")
    f_s, f_u = tl.final_loss(scaled.loss[0]), tl.final_loss(unscaled.loss[0])
    assert max(f_s, f_u) / min(f_s, f_u) < 1.3  # measured 1.14: the margin to ALIKE = 1.5 cannot flake


def test_default_sweep_shows_the_trade():
    finals_s, finals_u = tl.final_sweep(sweep_at(64, 200, 0, "mse"))
    ok_s, ok_u = tl.usable(finals_s), tl.usable(finals_u)
    assert 3.0 in ok_s and 3.0 not in ok_u and 0.03 in ok_u and 0.03 not in ok_s
    assert max(ok_s) > max(ok_u)  # measured 10 against 1
    text = tl.sweep_sentence(finals_s, finals_u, 3.0, 64, 200, fmt)
    assert "gets only the scaled run below 0.1" in text and f"at {len(ok_s)} of the 13 learning rates" in text


def test_cross_entropy_does_not_trap_the_unscaled_run_but_shifts_its_learning_rates():
    for lr in (0.1, 0.3):
        scaled, unscaled = runs_at(loss="ce", lr=lr)
        assert tl.stuck_sentence(unscaled, fmt) == "" and tl.final_loss(unscaled.loss[0]) < 0.05
    finals_s, finals_u = tl.final_sweep(sweep_at(64, 200, 0, "ce"))
    assert max(tl.usable(finals_u)) < max(tl.usable(finals_s))  # measured 0.3 against 3


def test_largest_learning_rate_gives_a_divergence_message():
    scaled, unscaled = runs_at(lr=1000.0)
    finals_s, finals_u = tl.final_sweep(sweep_at(64, 200, 0, "mse"))
    for run, finals in ((scaled, finals_s), (unscaled, finals_u)):
        message = tl.divergence_message(run, 1000.0, finals, fmt)
        assert f"diverged at step {run.diverged_at[0]}" in message
        assert "largest learning rate below yours at which it did not diverge is 100" in message
    assert tl.verdict(scaled, unscaled, fmt)[0] == "both diverged"
    assert tl.heatmap_sentence(scaled, unscaled, fmt).startswith("Both runs diverged, so neither has weights")
    assert "the unscaled run for" in tl.heatmap_sentence(scaled, unscaled, fmt, after=False)
    assert tl.divergence_message(*runs_at()[:1], 3.0, finals_s, fmt) == ""


# ---------------------------------------------------------------------------------------------- sentences
def fake_run(name: str, loss, *, diverged: int = -1, entropy: float = 1.0, accuracy: float = 0.5,
             grad=None) -> tl.Run:
    """A Run with the given loss curve (T+1,) and flat other curves, for testing the sentences' branches."""
    loss = np.asarray(loss, dtype=float)[None]
    T1 = loss.shape[1]
    flat = np.ones((1, T1))
    grad = flat if grad is None else np.asarray(grad, dtype=float)[None]
    eye = np.eye(tl.N_KEYS)
    return tl.Run(name=name, loss=loss, accuracy=accuracy * flat, entropy=entropy * flat, grad_norm_K=grad,
                  diverged_at=np.array([diverged]), score_std0=np.array([1.0]), initial_weights=eye,
                  final_weights=eye * np.nan if diverged >= 0 else eye)


def test_race_sentence_branches():
    learn = fake_run("scaled", [1, 0.5, 0.05, 0.01, 0.01])
    never = fake_run("unscaled", [1, 1, 1, 1, 1])
    gone = fake_run("unscaled", [1, 0.9, np.nan, np.nan, np.nan], diverged=2)
    assert tl.race_sentence(learn, never, fmt) == (
        "The scaled run's loss first drops below 0.1 at step 2; the unscaled run's loss never drops below 0.1 in "
        "4 steps. At step 2 the scaled run's loss is 0.050, the unscaled run's loss is 1.00.")
    assert "never drops below 0.1: the run diverged at step 2" in tl.race_sentence(learn, gone, fmt)
    assert "the unscaled run had diverged at step 2" in tl.race_sentence(learn, gone, fmt)
    assert tl.race_sentence(fake_run("scaled", [1] * 5), never, fmt).startswith(
        "Neither run's loss drops below 0.1 in 4 steps.")


def test_first_to_learn_and_the_prediction():
    a, b = fake_run("scaled", [1, 0.05, 0.05]), fake_run("unscaled", [1, 1, 0.05])
    assert tl.first_to_learn(a, b) == "scaled" and tl.first_to_learn(b, a) == "unscaled"
    assert tl.first_to_learn(a, a) == "same" and tl.first_to_learn(fake_run("s", [1, 1]), fake_run("u", [1, 1])) \
        == "neither"
    assert tl.prediction_right("scaled", "scaled") and not tl.prediction_right("unscaled", "scaled")
    assert tl.prediction_right("unscaled", "same") and not tl.prediction_right("neither", "same")


def test_verdict_when_one_or_both_diverge():
    ok = fake_run("scaled", [1, 0.5, 0.01, 0.01])
    gone = fake_run("unscaled", [1, np.nan, np.nan, np.nan], diverged=1)
    kind, text = tl.verdict(ok, gone, fmt)
    assert kind == "unscaled diverged" and "The unscaled run diverged at step 1" in text and "0.010" in text
    gone_s = fake_run("scaled", [1, 2, np.nan, np.nan], diverged=2)
    assert tl.verdict(gone_s, gone, fmt)[0] == "both diverged"


@settings(max_examples=examples(100), deadline=None)
@given(hst.floats(1e-4, 3.0), hst.floats(1e-4, 3.0), hst.sampled_from([4, 10, 50]))
def test_verdict_claims_hold_for_any_final_losses(f_s, f_u, steps):
    scaled, unscaled = fake_run("scaled", [2.0] + [f_s] * steps), fake_run("unscaled", [2.0] + [f_u] * steps)
    kind, text = tl.verdict(scaled, unscaled, fmt)
    ratio = max(f_s, f_u) / min(f_s, f_u)
    if kind == "alike":
        assert ratio <= tl.ALIKE and (f_s < tl.LOW_LOSS) == (f_u < tl.LOW_LOSS)
    else:
        assert kind == ("scaled lower" if f_s < f_u else "unscaled lower")
        assert ratio > tl.ALIKE or (f_s < tl.LOW_LOSS) != (f_u < tl.LOW_LOSS)
    assert f"after {steps} steps" in text.lower()


@settings(max_examples=examples(50), deadline=None)
@given(hst.lists(hst.one_of(hst.floats(1e-4, 3.0), hst.just(float("nan"))), min_size=26, max_size=26),
       hst.sampled_from(tl.LR_CHOICES))
def test_sweep_sentence_counts_and_places_your_rate_truly(finals, lr):
    finals_s, finals_u = np.array(finals[:13]), np.array(finals[13:])
    text = tl.sweep_sentence(finals_s, finals_u, lr, 64, 200, fmt)
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
    assert tl.stuck_sentence(fake_run("unscaled", [2.0] * (steps + 1), **stuck), fmt).startswith(
        "The unscaled run is stuck")
    for change in (dict(entropy=2.0), dict(accuracy=0.9), dict(grad=[2.0] * (steps + 1))):
        assert tl.stuck_sentence(fake_run("unscaled", [2.0] * (steps + 1), **{**stuck, **change}), fmt) == ""
    assert tl.stuck_sentence(fake_run("unscaled", [0.01] * (steps + 1), **stuck), fmt) == ""  # it learnt


def test_spread_sentence_says_when_ranges_overlap():
    s = tl.Run("scaled", np.array([[1, 0.2], [1, 0.5]]), *(np.ones((2, 2)),) * 3, np.array([-1, -1]),
               np.ones(2), np.eye(2), np.eye(2))
    u = tl.Run("unscaled", np.array([[1, 0.3], [1, 0.4]]), *(np.ones((2, 2)),) * 3, np.array([-1, -1]),
               np.ones(2), np.eye(2), np.eye(2))
    assert "The ranges overlap" in tl.spread_sentence(s, u, fmt)


def test_sentences_print_no_raw_floats():
    scaled, unscaled = runs_at()
    finals = tl.final_sweep(sweep_at(64, 200, 0, "mse"))
    texts = [tl.start_sentence(scaled, unscaled, 64, fmt), tl.race_sentence(scaled, unscaled, fmt),
             tl.verdict(scaled, unscaled, fmt)[1], tl.stuck_sentence(unscaled, fmt),
             tl.sweep_sentence(*finals, 3.0, 64, 200, fmt), tl.heatmap_sentence(scaled, unscaled, fmt)]
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
    text = tl.race_sentence(scaled, unscaled, fmt)
    t_s, t_u = tl.first_below(scaled.loss[0]), tl.first_below(unscaled.loss[0])
    for name, t in (("scaled", t_s), ("unscaled", t_u)):
        if t is not None:
            assert f"the {name} run's loss first drops below 0.1 at step {t}" in text.lower()
        elif "Neither" not in text:
            assert f"the {name} run's loss never drops below 0.1" in text.lower()
    if guess == "neither":  # "neither" is right exactly when the text says no run crosses
        assert tl.prediction_right(guess, outcome) == ("first drops below" not in text)
    if tl.prediction_right(guess, outcome) and guess != "neither":  # the right run is the one named first to cross
        other = t_u if guess == "scaled" else t_s
        mine = t_s if guess == "scaled" else t_u
        assert mine is not None and (other is None or mine <= other)
