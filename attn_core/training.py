"""Training lab: one attention layer learns a retrieval task, with and without the 1/√d_k scale.

The task: n keys with random N(0, 1) entries, and n queries, each a noisy copy of one key; query i must
find key i. The model is Q = X_q W_Q, K = X_k W_K, weights = softmax(Q Kᵀ · scale), output = weights V,
with fixed random values V. Two losses: "mse" copies the target key's value (mean squared error between
output_i and v_i), "ce" names the target position (cross-entropy of weights_i against key i).

Everything is numpy: the forward pass, a hand-written backward pass (projections, scale, softmax
Jacobian, loss) and plain SGD. Every function takes leading "run" axes on the weights, so that several
models (scaled and unscaled, several learning rates, several seeds) train in one vectorised loop on
the same batches: W_Q (..., d_model, d_k) with X (..., B, n, d_model), the leading axes broadcasting.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .attention import row_entropy, softmax

N_KEYS = 16  # n: keys per example, so a uniform row has entropy ln 16 = 2.77 nats
D_MODEL = 64  # width of every input token
D_V = 16  # width of the values to copy
BATCH = 4  # examples per step, each with n queries: 64 queries per step
NOISE = 0.5  # query = (key + NOISE · fresh noise) / √(1 + NOISE²): a noisy copy with unit-variance entries
LOSSES = ("mse", "ce")
BLOW_UP = 1e6  # a run whose largest |score| passes this has left any useful range: it counts as diverged


# ---------------------------------------------------------------------------------------------- data and init
@dataclass(frozen=True)
class Batch:
    """One step's data: B examples of n keys, n queries (query i is a noisy copy of key i) and n values."""

    X_q: np.ndarray  # (..., B, n, d_model)  queries' input tokens
    X_k: np.ndarray  # (..., B, n, d_model)  keys' input tokens
    V: np.ndarray  # (..., B, n, d_v)  the values; the target for query i is V[..., i, :]


def make_batch(rng: np.random.Generator, batch: int = BATCH, n: int = N_KEYS, d_model: int = D_MODEL,
               d_v: int = D_V, noise: float = NOISE) -> Batch:
    """A fresh batch with unit-variance entries everywhere: X_q, X_k (B, n, d_model), V (B, n, d_v)."""
    X_k = rng.standard_normal((batch, n, d_model))  # (B, n, d_model)
    X_q = (X_k + noise * rng.standard_normal((batch, n, d_model))) / math.sqrt(1 + noise**2)
    V = rng.standard_normal((batch, n, d_v))  # (B, n, d_v)
    return Batch(X_q=X_q, X_k=X_k, V=V)


def init_weights(seed: int, d_k: int, d_model: int = D_MODEL) -> tuple[np.ndarray, np.ndarray]:
    """W_Q, W_K (d_model, d_k) with fan-in scaling: N(0, 1/d_model) entries, so Q and K entries have variance 1."""
    rng = np.random.default_rng([seed, 1])  # its own stream: the data's stream is [seed, 0]
    W_Q = rng.standard_normal((d_model, d_k)) / math.sqrt(d_model)
    W_K = rng.standard_normal((d_model, d_k)) / math.sqrt(d_model)
    return W_Q, W_K


# ---------------------------------------------------------------------------------------------- forward
@dataclass(frozen=True)
class Forward:
    """Every intermediate of one forward pass, kept for the backward pass and the charts."""

    Q: np.ndarray  # (..., B, n, d_k)
    K: np.ndarray  # (..., B, n, d_k)
    scores: np.ndarray  # (..., B, n, n)  Q Kᵀ before scaling
    weights: np.ndarray  # (..., B, n, n)  softmax(Q Kᵀ · scale) over the keys
    output: np.ndarray  # (..., B, n, d_v)  weights V
    loss: np.ndarray  # (...)  one loss per run


def project(X: np.ndarray, W: np.ndarray) -> np.ndarray:
    """X (..., B, n, d_model) @ W (..., d_model, d_k) -> (..., B, n, d_k), leading axes broadcast."""
    *lead, B, n, d_model = X.shape
    out = X.reshape(*lead, B * n, d_model) @ W  # one matmul per run: (..., B·n, d_k)
    return out.reshape(*out.shape[:-2], B, n, W.shape[-1])


def forward(batch: Batch, W_Q, W_K, scale, loss: str = "mse") -> Forward:
    """Run the model: weights (..., B, n, n), output (..., B, n, d_v) and the loss per run (...)."""
    if loss not in LOSSES:
        raise ValueError(f"loss must be one of {LOSSES}, got {loss!r}")
    scale = np.asarray(scale, dtype=float)[..., None, None, None]  # (..., 1, 1, 1): one scale per run
    Q = project(batch.X_q, W_Q)  # (..., B, n, d_k)
    K = project(batch.X_k, W_K)  # (..., B, n, d_k)
    scores = Q @ np.swapaxes(K, -1, -2)  # (..., B, n, d_k) @ (..., B, d_k, n) -> (..., B, n, n)
    weights = softmax(scores * scale)  # normalise over the keys
    output = weights @ batch.V  # (..., B, n, n) @ (..., B, n, d_v) -> (..., B, n, d_v)
    if loss == "mse":
        value = np.mean((output - batch.V) ** 2, axis=(-3, -2, -1))  # query i's target is value i
    else:
        value = -np.mean(log_diagonal(scores * scale), axis=(-2, -1))  # −log weight on the right key
    return Forward(Q=Q, K=K, scores=scores, weights=weights, output=output, loss=value)


def log_diagonal(z: np.ndarray) -> np.ndarray:
    """log softmax(z)[i, i] for z (..., n, n) -> (..., n), computed stably (no log of an underflowed 0)."""
    m = np.max(z, axis=-1, keepdims=True)
    log_norm = m[..., 0] + np.log(np.sum(np.exp(z - m), axis=-1))  # log Σ_j exp z_ij
    return np.diagonal(z, axis1=-2, axis2=-1) - log_norm


# ---------------------------------------------------------------------------------------------- backward
def softmax_backward(weights: np.ndarray, d_weights: np.ndarray) -> np.ndarray:
    """∂L/∂z from ∂L/∂p through p = softmax(z) over the last axis: the Jacobian p_i(δ_ij − p_j), applied."""
    return weights * (d_weights - np.sum(d_weights * weights, axis=-1, keepdims=True))


def backward(batch: Batch, fwd: Forward, scale, loss: str = "mse") -> tuple[np.ndarray, np.ndarray]:
    """∂loss/∂W_Q and ∂loss/∂W_K (..., d_model, d_k): the loss, the softmax, the scale, the projections."""
    B, n = fwd.weights.shape[-3:-1]
    scale = np.asarray(scale, dtype=float)[..., None, None, None]
    if loss == "mse":
        d_output = 2 * (fwd.output - batch.V) / (B * n * batch.V.shape[-1])  # (..., B, n, d_v)
        d_weights = d_output @ np.swapaxes(batch.V, -1, -2)  # (..., B, n, d_v) @ (..., B, d_v, n) -> (..., B, n, n)
        d_z = softmax_backward(fwd.weights, d_weights)  # (..., B, n, n)
    else:
        d_z = (fwd.weights - np.eye(n)) / (B * n)  # log-softmax's gradient: p − one-hot of the right key
    d_scores = d_z * scale  # z = scores · scale
    d_Q = d_scores @ fwd.K  # (..., B, n, n) @ (..., B, n, d_k) -> (..., B, n, d_k)
    d_K = np.swapaxes(d_scores, -1, -2) @ fwd.Q  # (..., B, n, n) @ (..., B, n, d_k) -> (..., B, n, d_k)
    return project_back(batch.X_q, d_Q), project_back(batch.X_k, d_K)


def project_back(X: np.ndarray, d_out: np.ndarray) -> np.ndarray:
    """∂L/∂W for out = X W: Xᵀ d_out summed over the batch, (..., d_model, d_k)."""
    *lead, B, n, d_model = X.shape
    flat = d_out.reshape(*d_out.shape[:-3], B * n, d_out.shape[-1])  # (..., B·n, d_k)
    return np.swapaxes(X.reshape(*lead, B * n, d_model), -1, -2) @ flat  # (..., d_model, B·n) @ (..., B·n, d_k)


# ---------------------------------------------------------------------------------------------- training
@dataclass(frozen=True)
class History:
    """What training recorded, per seed s, run r and step t (t = 0 is the initialisation)."""

    loss: np.ndarray  # (S, R, T+1)  the loss on step t's batch, before step t's update; NaN once diverged
    accuracy: np.ndarray  # (S, R, T+1)  share of queries whose largest weight is on their own key
    entropy: np.ndarray  # (S, R, T+1)  mean entropy of the attention rows, in nats
    grad_norm_K: np.ndarray  # (S, R, T+1)  Frobenius norm of ∂loss/∂W_K
    score_std0: np.ndarray  # (S, R)  standard deviation of the scores softmax sees (Q Kᵀ · scale) at step 0
    diverged_at: np.ndarray  # (S, R)  the step at which the run left the finite range, or -1
    initial_weights: np.ndarray  # (S, R, n, n)  each run's weights on one held-out example before training
    final_weights: np.ndarray  # (S, R, n, n)  the same example after training, NaN for a run that diverged
    seconds: float  # wall time of the loop


def train(d_k: int, steps: int, lrs, scales, seeds, loss: str = "mse",
          progress: Callable[[float], None] | None = None) -> History:
    """Train R models per seed from the same initialisation on the same batches, with plain SGD.

    Run r uses learning rate lrs[r] and multiplies its scores by scales[r]; every seed s has its own
    data and initialisation, shared by its R runs. `progress(fraction)` is called as training goes."""
    lrs, scales = np.asarray(lrs, dtype=float), np.asarray(scales, dtype=float)  # (R,) each
    seeds = [int(s) for s in seeds]
    if lrs.shape != scales.shape or lrs.ndim != 1 or not seeds:
        raise ValueError(f"need one scale per learning rate and at least one seed, got {lrs.shape}, "
                         f"{scales.shape} and {len(seeds)} seeds")
    if d_k < 1 or steps < 0:
        raise ValueError(f"d_k must be at least 1 and steps at least 0, got d_k={d_k}, steps={steps}")
    S, R, T = len(seeds), len(lrs), steps
    start = time.perf_counter()
    rngs = [np.random.default_rng([s, 0]) for s in seeds]
    inits = [init_weights(s, d_k) for s in seeds]
    W_Q = np.stack([np.broadcast_to(q, (R, *q.shape)) for q, _ in inits])  # (S, R, d_model, d_k): one init per seed
    W_K = np.stack([np.broadcast_to(k, (R, *k.shape)) for _, k in inits])  # (np.stack copies: safe to update)
    lr = lrs[:, None, None]  # (R, 1, 1)
    rec = {name: np.full((S, R, T + 1), np.nan) for name in ("loss", "accuracy", "entropy", "grad_norm_K")}
    score_std0 = np.zeros((S, R))
    diverged_at = np.full((S, R), -1)
    alive = np.ones((S, R), dtype=bool)
    show = stack_batches([make_batch(np.random.default_rng([s, 2]), batch=1) for s in seeds])  # held out
    initial = forward(show, W_Q, W_K, scales, loss).weights[..., 0, :, :]  # (S, R, n, n)
    with np.errstate(over="ignore", invalid="ignore", under="ignore"):
        for t in range(T + 1):
            batch = stack_batches([make_batch(rng) for rng in rngs])  # (S, 1, B, n, ·)
            fwd = forward(batch, W_Q, W_K, scales, loss)
            g_Q, g_K = backward(batch, fwd, scales, loss)
            if t == 0:
                score_std0 = np.std(fwd.scores * scales[:, None, None, None], axis=(-3, -2, -1))
            bad = alive & ~(healthy(fwd, scales) & np.isfinite(g_Q).all(axis=(-2, -1))
                            & np.isfinite(g_K).all(axis=(-2, -1)))
            diverged_at[bad] = t
            alive &= ~bad
            for name, value in (("loss", fwd.loss), ("accuracy", accuracy(fwd.weights)),
                                ("entropy", row_entropy(fwd.weights).mean(axis=(-2, -1))),
                                ("grad_norm_K", np.sqrt(np.sum(g_K**2, axis=(-2, -1))))):
                rec[name][..., t] = np.where(alive, value, np.nan)
            if t < T:
                g_Q[~alive], g_K[~alive] = 0.0, 0.0  # a diverged run stays where it was, so no inf spreads
                W_Q -= lr * g_Q  # plain SGD
                W_K -= lr * g_K
            if progress is not None and (t % 10 == 0 or t == T):
                progress(t / max(T, 1))
        final = forward(show, W_Q, W_K, scales, loss).weights[..., 0, :, :]  # (S, R, n, n)
    final = np.where(alive[..., None, None], final, np.nan)
    return History(loss=rec["loss"], accuracy=rec["accuracy"], entropy=rec["entropy"],
                   grad_norm_K=rec["grad_norm_K"], score_std0=score_std0, diverged_at=diverged_at,
                   initial_weights=initial, final_weights=final, seconds=time.perf_counter() - start)


def stack_batches(batches: list[Batch]) -> Batch:
    """S batches -> one with a seed axis and a broadcast run axis: (S, 1, B, n, ·)."""
    return Batch(*(np.stack([getattr(b, f) for b in batches])[:, None] for f in ("X_q", "X_k", "V")))


def healthy(fwd: Forward, scales) -> np.ndarray:
    """(...) True where a run's loss is finite and the scores softmax sees stay below BLOW_UP in size."""
    z = np.abs(fwd.scores) * np.asarray(scales, dtype=float)[..., None, None, None]
    return np.isfinite(fwd.loss) & (np.max(z, axis=(-3, -2, -1)) < BLOW_UP)


def accuracy(weights: np.ndarray) -> np.ndarray:
    """(..., B, n, n) -> (...): the share of queries i whose largest weight is on key i."""
    n = weights.shape[-1]
    return np.mean(np.argmax(weights, axis=-1) == np.arange(n), axis=(-2, -1))


# ---------------------------------------------------------------------------------------------- the lab
LR_CHOICES = (0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1.0, 3.0, 10.0, 30.0, 100.0, 300.0, 1000.0)
D_K_CHOICES = (4, 8, 16, 32, 64, 128, 256)
STEP_CHOICES = (25, 50, 100, 200, 300, 500)
DEFAULT_D_K, DEFAULT_STEPS, DEFAULT_LR, DEFAULT_LOSS = 64, 200, 3.0, "mse"
N_SEEDS = 5  # "several seeds": the chosen seed and the next four
LOW_LOSS = 0.1  # "a low loss": the threshold the race and the sweep count from


def sweep_runs(d_k: int) -> tuple[np.ndarray, np.ndarray]:
    """The learning-rate sweep's runs: every LR_CHOICES value scaled by 1/√d_k, then each unscaled (2L,)."""
    lrs = np.array(LR_CHOICES * 2)
    scales = np.array([1 / math.sqrt(d_k)] * len(LR_CHOICES) + [1.0] * len(LR_CHOICES))
    return lrs, scales


def train_sweep(d_k: int, steps: int, seed: int, loss: str = "mse", progress=None) -> History:
    """Every learning rate of LR_CHOICES, scaled and unscaled, on one seed: S = 1, R = 2·len(LR_CHOICES)."""
    lrs, scales = sweep_runs(d_k)
    return train(d_k, steps, lrs, scales, [seed], loss, progress)


def train_seeds(d_k: int, steps: int, lr: float, seeds, loss: str = "mse", progress=None) -> History:
    """The scaled and the unscaled run at one learning rate on several seeds: R = 2 (scaled, unscaled)."""
    return train(d_k, steps, [lr, lr], [1 / math.sqrt(d_k), 1.0], seeds, loss, progress)


def lab_seeds(seed: int, several: bool) -> list[int]:
    """The seeds a lab runs: the chosen one, and with `several` the next N_SEEDS − 1 as well."""
    return [seed + i for i in range(N_SEEDS if several else 1)]


def estimate_seconds(d_k: int, steps: int, runs: int) -> float:
    """A rough wall time for `runs` models of width d_k trained for `steps` steps, on one busy core."""
    per_run_step = 1e-4 + 4e-6 * d_k  # 1.5 × the CPU time measured: 0.07 ms at d_k = 4, 0.17 at 64, 0.69 at 256
    return runs * (steps + 1) * per_run_step


def lab_runs(several: bool) -> int:
    """How many models a lab trains: the sweep, and the extra seeds' two runs each."""
    return 2 * len(LR_CHOICES) + (2 * (N_SEEDS - 1) if several else 0)


@dataclass(frozen=True)
class Run:
    """One model's record over the lab's seeds (row 0 is the chosen seed, the one the sentences are about)."""

    name: str  # "scaled" or "unscaled"
    loss: np.ndarray  # (S, T+1), NaN from the step the run diverged
    accuracy: np.ndarray  # (S, T+1)
    entropy: np.ndarray  # (S, T+1)
    grad_norm_K: np.ndarray  # (S, T+1)
    diverged_at: np.ndarray  # (S,)  -1 when it did not
    score_std0: np.ndarray  # (S,)
    initial_weights: np.ndarray  # (n, n)  the chosen seed's weights on its held-out example before training
    final_weights: np.ndarray  # (n, n)  the same after training, NaN if the run diverged

    @property
    def steps(self) -> int:
        return self.loss.shape[-1] - 1


def pick_runs(sweep: History, lr: float, extra: History | None = None) -> tuple[Run, Run]:
    """The scaled and the unscaled Run at learning rate lr, from the sweep (seed 0) and any extra seeds."""
    i = int(np.argmin(np.abs(np.log(LR_CHOICES) - math.log(lr))))
    if not math.isclose(LR_CHOICES[i], lr, rel_tol=1e-9):
        raise ValueError(f"lr={lr} is not one of the sweep's learning rates {LR_CHOICES}")
    runs = []
    for name, r, e in (("scaled", i, 0), ("unscaled", i + len(LR_CHOICES), 1)):
        def rows(field: str, r=r, e=e) -> np.ndarray:
            own = getattr(sweep, field)[:, r]  # (1, ...) the chosen seed
            return own if extra is None else np.concatenate([own, getattr(extra, field)[1:, e]])
        runs.append(Run(name=name, loss=rows("loss"), accuracy=rows("accuracy"), entropy=rows("entropy"),
                        grad_norm_K=rows("grad_norm_K"), diverged_at=rows("diverged_at"),
                        score_std0=rows("score_std0"), initial_weights=sweep.initial_weights[0, r],
                        final_weights=sweep.final_weights[0, r]))
    return runs[0], runs[1]


def tail(steps: int) -> int:
    """How many of the last steps the "final loss" averages: a tenth of the run, at least 1."""
    return max(1, steps // 10)


def final_loss(loss: np.ndarray) -> np.ndarray:
    """(..., T+1) -> (...): the mean loss over the last tail(T) steps; NaN for a run that diverged."""
    return np.mean(loss[..., -tail(loss.shape[-1] - 1):], axis=-1)


def final_accuracy(accuracy: np.ndarray) -> np.ndarray:
    """(..., T+1) -> (...): the mean accuracy over the same last tail(T) steps as final_loss."""
    return np.mean(accuracy[..., -tail(accuracy.shape[-1] - 1):], axis=-1)


SATURATED = 0.15  # nats: a mean row entropy below this (5% of ln 16) is a softmax saturated to nearly one-hot


def erratic(run: Run) -> np.ndarray:
    """(S,) True on each seed where the run's late numbers are chaotic: its rows end saturated (mean entropy over
    the last tail(T) steps below SATURATED) while its loss stays at or above LOW_LOSS, or, for the unscaled run,
    at any loss. There a saturated softmax turns each step into a jump: a copy of the run started 10⁻⁹ away, or
    the same run in torch, ends 1% to 40% away from it (measured over d_k 4 to 256, every learning rate), where
    every other run agrees to 10⁻⁵. Its losses are worth quoting only roughly (see the words layer)."""
    k = tail(run.steps)
    h, f = np.mean(run.entropy[:, -k:], axis=-1), final_loss(run.loss)  # (S,) each, NaN where a seed diverged
    trained = run.diverged_at < 0  # a run that diverged is said to, with its step: it has no late losses to quote
    return trained & (h < SATURATED) & ((f >= LOW_LOSS) | (run.name == "unscaled"))


def window_loss(loss: np.ndarray, step: int) -> float:
    """The mean loss (T+1,) over the tail(T) steps that end at `step`: a late loss that does not hang on one batch."""
    k = tail(loss.shape[-1] - 1)
    return float(np.mean(loss[max(0, step - k + 1): step + 1]))


def first_below(loss: np.ndarray, threshold: float = LOW_LOSS) -> int | None:
    """The first step t at which the loss (T+1,) is below threshold, or None."""
    hits = np.flatnonzero(loss < threshold)  # NaN compares False
    return int(hits[0]) if hits.size else None


def first_to_learn(scaled: Run, unscaled: Run) -> str:
    """Which run's loss (chosen seed) drops below LOW_LOSS first: "scaled", "unscaled", "same" or "neither"."""
    t_s, t_u = first_below(scaled.loss[0]), first_below(unscaled.loss[0])
    if t_s is None and t_u is None:
        return "neither"
    if t_s == t_u:
        return "same"
    if t_u is None or (t_s is not None and t_s < t_u):
        return "scaled"
    return "unscaled"


ALIKE = 1.5  # two final losses within this factor of each other, on the same side of LOW_LOSS, end "alike"
# ... and their final accuracies within this much of each other (10 points of 100): the chart beside the verdict
# draws both curves, so runs whose accuracies end at 0.17 and 0.38 are not alike, however close their losses
ALIKE_ACCURACY = 0.1
ENDINGS = ("both diverged", "scaled diverged", "unscaled diverged", "alike", "scaled lower", "unscaled lower")


def ending(f_s: float, f_u: float, diverged_s: int, diverged_u: int, a_s: float = 0.0, a_u: float = 0.0) -> str:
    """How a scaled and an unscaled run end, one of ENDINGS: which diverged (step ≥ 0), else whether they end
    alike on everything the race's chart shows (final losses within ALIKE of each other and on the same side of
    LOW_LOSS, final accuracies a_s, a_u within ALIKE_ACCURACY) or, if not, which run's loss is lower."""
    if diverged_s >= 0 and diverged_u >= 0:
        return "both diverged"
    if diverged_s >= 0 or diverged_u >= 0:
        return "scaled diverged" if diverged_s >= 0 else "unscaled diverged"
    ratio = max(f_s, f_u) / max(min(f_s, f_u), 1e-300)
    if ratio <= ALIKE and (f_s < LOW_LOSS) == (f_u < LOW_LOSS) and abs(a_s - a_u) <= ALIKE_ACCURACY:
        return "alike"
    return "scaled lower" if f_s < f_u else "unscaled lower"


def endings(scaled: Run, unscaled: Run) -> list[str]:
    """ending() on every seed (S,), row 0 the chosen seed: the one decision that every sentence comparing where
    the two runs end is worded from, so the chosen seed's verdict and the seeds' summary cannot disagree."""
    f_s, f_u = final_loss(scaled.loss), final_loss(unscaled.loss)  # (S,) each
    a_s, a_u = final_accuracy(scaled.accuracy), final_accuracy(unscaled.accuracy)  # (S,) each
    return [ending(float(a), float(b), int(d_s), int(d_u), float(x), float(y)) for a, b, d_s, d_u, x, y
            in zip(f_s, f_u, scaled.diverged_at, unscaled.diverged_at, a_s, a_u, strict=True)]


def final_sweep(sweep: History) -> tuple[np.ndarray, np.ndarray]:
    """Final losses of the sweep (L,) scaled and (L,) unscaled, NaN where a run diverged."""
    finals = final_loss(sweep.loss[0])  # (2L,)
    return finals[: len(LR_CHOICES)], finals[len(LR_CHOICES):]


def usable(finals: np.ndarray) -> list[float]:
    """The learning rates whose final loss (L,) is below LOW_LOSS."""
    return [lr for lr, f in zip(LR_CHOICES, finals, strict=True) if f < LOW_LOSS]


def benchmark_default() -> tuple[float, float]:
    """Train the page's default lab once: (wall seconds, CPU seconds)."""
    cpu = time.process_time()
    sweep = train_sweep(DEFAULT_D_K, DEFAULT_STEPS, 0, DEFAULT_LOSS)
    return sweep.seconds, time.process_time() - cpu


@dataclass(frozen=True)
class Lab:
    """One visit's results: the settings, the sweep, and the scaled and unscaled run at the chosen lr."""

    d_k: int
    steps: int
    lr: float
    loss: str
    seeds: tuple[int, ...]
    sweep: History  # S = 1: every LR_CHOICES value, scaled then unscaled
    scaled: Run  # (S, …) rows over the seeds
    unscaled: Run


def make_lab(d_k: int, steps: int, lr: float, loss: str, seeds, sweep: History, extra: History | None) -> Lab:
    """Put the sweep and the extra seeds' runs together as one Lab."""
    scaled, unscaled = pick_runs(sweep, lr, extra)
    return Lab(d_k=d_k, steps=steps, lr=lr, loss=loss, seeds=tuple(seeds), sweep=sweep, scaled=scaled,
               unscaled=unscaled)


UNIFORM_ENTROPY = math.log(N_KEYS)  # ln n: the entropy of a row that spreads its weight evenly, 2.77 nats


@dataclass(frozen=True)
class Band:
    """One run's curve over its seeds, up to the first step at which any seed diverged."""

    steps: np.ndarray  # (t,)  0 … t − 1, the steps at which every seed is still training
    median: np.ndarray  # (t,)  the median over the seeds
    lo: np.ndarray | None  # (t,)  the lowest seed's value at each step; None with one seed, or t = 0
    hi: np.ndarray | None  # (t,)  the highest


def seed_band(values: np.ndarray) -> Band:
    """(S, T+1) values of one run over its seeds, NaN from the step a seed diverged -> its Band."""
    values = np.asarray(values)
    alive = ~np.isnan(values).any(axis=0)  # (T+1,)  steps at which every seed is still training
    last = int(np.argmin(alive)) if not alive.all() else values.shape[1]
    kept = values[:, :last]  # (S, t)
    spread = values.shape[0] > 1 and last > 0
    return Band(steps=np.arange(last), median=np.median(kept, axis=0) if last else np.empty(0),
                lo=kept.min(axis=0) if spread else None, hi=kept.max(axis=0) if spread else None)


def shown_weights(run: Run, after: bool) -> np.ndarray | None:
    """The run's weights (n, n) on the held-out example, at step 0 or after training; None when they are NaN
    (a run that diverged has none)."""
    weights = run.final_weights if after else run.initial_weights  # (n, n)
    return None if np.isnan(weights).any() else weights
