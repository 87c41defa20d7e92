"""Why attention divides by √d_k: the numbers behind the Scaling explorer page.

Two keys side by side, the spread of q·k as d_k grows, how peaked softmax gets over n random keys,
and a temperature dial τ on real queries and keys. numpy and the standard library only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .attention import row_entropy, sample_qk_dots, softmax, softmax_jacobian

# How each curve of the peakedness plot divides q·k: the right factor, none, and a wrong one.
DIVISORS = {
    "unscaled": lambda d_k: 1.0,
    "sqrt_dk": lambda d_k: math.sqrt(d_k),
    "dk": lambda d_k: float(d_k),  # the wrong factor: it over-shrinks the scores toward uniform weights
}


def _check_d_k(d_k) -> int:
    if isinstance(d_k, bool) or not float(d_k).is_integer() or d_k < 1:
        raise ValueError(f"d_k must be a whole number of at least 1, got {d_k!r}")
    return int(d_k)


@dataclass(frozen=True)
class TwoKeys:
    """softmax of two scores, before and after dividing by √d_k, with both Jacobians."""

    scores: np.ndarray  # (2,)  z, as typed
    d_k: int
    divisor: float  # √d_k
    scaled: np.ndarray  # (2,)  z / √d_k
    p_unscaled: np.ndarray  # (2,)  softmax(z)
    p_scaled: np.ndarray  # (2,)  softmax(z / √d_k)
    J_unscaled: np.ndarray  # (2, 2)  ∂p_i/∂z_j of softmax(z)
    J_scaled: np.ndarray  # (2, 2)  ∂p_i/∂z_j of softmax(z / √d_k), z_j being its own input
    log_p_unscaled: np.ndarray  # (2,)  ln softmax(z), exact where p_unscaled underflows (−745 gives −745, not −744.4)
    log_p_scaled: np.ndarray  # (2,)  ln softmax(z / √d_k)

    @property
    def loser(self) -> int | None:
        """0 or 1: the key with the lower score, so with less weight; None when the scores are equal. Decided on the
        scores, not on the float64 weights, which tie at [10⁻¹⁷, 0] (see weights_equal). Dividing by √d_k > 0 keeps
        the order of the scores, so the same key has less weight on both sides."""
        z = self.scores
        return None if z[0] == z[1] else int(np.argmin(z))

    @property
    def weights_equal(self) -> bool:
        """True when softmax(z)'s two float64 weights are equal: the scores tie, or differ too little to move a
        weight of 0.5 by one float64 step (a gap below about 2 × 10⁻¹⁶)."""
        return bool(self.p_unscaled[0] == self.p_unscaled[1])

    @property
    def difference(self) -> float:
        """The winner's weight minus the loser's, exactly: tanh(|z₁ − z₂| / 2), which keeps the 5 × 10⁻¹⁸ of a
        gap of 10⁻¹⁷ that p₁ − p₂ in float64 rounds to 0; 0 on a tie."""
        with np.errstate(over="ignore"):
            gap = abs(float(self.scores[0] - self.scores[1]))  # +inf past the float range: tanh gives 1
        return math.tanh(gap / 2)

    @property
    def log_slope_unscaled(self) -> float:
        """ln(p₁p₂) of softmax(z), from the log weights: finite where the slope itself underflows or is subnormal."""
        return float(self.log_p_unscaled.sum())

    @property
    def log_slope_scaled(self) -> float:
        """ln(p₁p₂) of softmax(z / √d_k)."""
        return float(self.log_p_scaled.sum())

    @property
    def log_raw_slope(self) -> float:
        """ln of raw_slope: ln(p₁p₂) after ÷ √d_k, minus ln √d_k."""
        return self.log_slope_scaled - math.log(self.divisor)

    @property
    def winner(self) -> int | None:
        """0 or 1: the key with more weight, None on a tie."""
        return None if self.loser is None else 1 - self.loser

    @property
    def own(self) -> int:
        """The key whose own slope ∂pᵢ/∂zᵢ the page quotes: the loser, or key 2 (index 1) on a tie."""
        return 1 if self.loser is None else self.loser

    @property
    def slope_unscaled(self) -> float:
        """∂pᵢ/∂zᵢ = pᵢ(1 − pᵢ) = p₁p₂ of softmax(z). Both diagonal entries are p₁p₂, but it is read from the
        loser's, whose pᵢ − pᵢ² keeps its digits: the winner's 1 − pᵢ rounds to 0 once pᵢ is within 10⁻¹⁶ of 1."""
        return float(self.J_unscaled[self.own, self.own])

    @property
    def slope_scaled(self) -> float:
        """∂pᵢ/∂zᵢ of softmax(z / √d_k), against its own input z / √d_k (the loser's entry, as slope_unscaled)."""
        return float(self.J_scaled[self.own, self.own])

    @property
    def ratio(self) -> float:
        """slope_scaled / slope_unscaled; +inf when the unscaled slope underflowed to 0, nan when both did; from the
        log slopes when either is below the smallest normal float64, whose digits it has lost."""
        return _ratio(self.slope_scaled, self.slope_unscaled, self.log_slope_scaled, self.log_slope_unscaled)

    @property
    def raw_slope(self) -> float:
        """∂p₂/∂(q·k₂) on the scaled side: softmax sees q·k / √d_k, so the chain rule adds a factor 1/√d_k."""
        return self.slope_scaled / self.divisor

    @property
    def raw_ratio(self) -> float:
        """raw_slope / slope_unscaled: how much more signal reaches W_Q and W_K with scaling (+inf, nan as ratio)."""
        return _ratio(self.raw_slope, self.slope_unscaled, self.log_raw_slope, self.log_slope_unscaled)

    @property
    def odds(self) -> float:
        """exp(|z₁ − z₂|): how many times the winner's weight is the loser's, from the gap itself (the loser's
        weight may underflow to 0); +inf once that is past the float range, 1 on a tie."""
        with np.errstate(over="ignore"):
            gap = abs(float(self.scores[0] - self.scores[1]))  # 1e308 − (−1e308) is +inf
        return math.exp(gap) if gap < _EXP_LIMIT else math.inf


_EXP_LIMIT = math.log(np.finfo(float).max)  # exp(x) overflows past x ≈ 709.78

SMALL_SLOPE = 0.01  # a two-key slope p₁p₂ below this (4 % of the 0.25 it reaches at a tie) counts as vanishing


def vanishes(slope: float) -> bool:
    """True when a two-key softmax slope p₁p₂ is below SMALL_SLOPE: too small for the key to learn from."""
    return slope < SMALL_SLOPE


TINY = float(np.finfo(float).tiny)  # 2.2 × 10⁻³⁰⁸: below it a float64 loses digits, and below 4.9 × 10⁻³²⁴ it is 0


def _ratio(a: float, b: float, log_a: float, log_b: float) -> float:
    """a / b for slopes a, b ≥ 0: +inf when only b underflowed to 0, nan when both did; exp(ln a − ln b) when
    either is subnormal (below TINY), so 2.8 × 10⁻³²⁴ is not divided as the 4.9 × 10⁻³²⁴ float64 holds."""
    if b > 0:
        if a > 0 and min(a, b) < TINY:
            r = log_a - log_b
            return math.exp(r) if r < _EXP_LIMIT else math.inf
        return a / b
    return math.inf if a > 0 else math.nan


def log_softmax2(z: np.ndarray) -> np.ndarray:
    """ln softmax(z) for two scores (2,) -> (2,), in log space: z − max(z) − ln(1 + e^−|z₁ − z₂|), so a weight far
    below the smallest float64 keeps its true size (ln softmax([−745, 0])₁ = −745, where softmax gives 4.9 × 10⁻³²⁴,
    the smallest positive float64, for a true 2.8 × 10⁻³²⁴)."""
    with np.errstate(over="ignore", invalid="ignore"):
        m = float(np.max(z))
        gap = abs(float(z[0] - z[1]))  # +inf for ±1e308: the loser's log weight is then −inf
        return (z - m) - math.log1p(math.exp(-gap))  # (2,)


def compare_two_keys(scores, d_k: int) -> TwoKeys:
    """softmax(z) against softmax(z / √d_k) for two finite scores z (2,), with their (2, 2) Jacobians."""
    z = np.asarray(scores, dtype=float)
    if z.shape != (2,) or not np.isfinite(z).all():
        raise ValueError(f"expected two finite scores, got {np.asarray(scores).tolist()!r}")
    d_k = _check_d_k(d_k)
    divisor = math.sqrt(d_k)
    scaled = z / divisor  # (2,)
    # scores like ±1e308 make z − max(z) overflow to −inf, which softmax maps to a weight of exactly 0
    with np.errstate(over="ignore"):
        p_unscaled, p_scaled = softmax(z), softmax(scaled)  # (2,) each, each sums to 1
    return TwoKeys(scores=z, d_k=d_k, divisor=divisor, scaled=scaled, p_unscaled=p_unscaled, p_scaled=p_scaled,
                   J_unscaled=softmax_jacobian(p_unscaled), J_scaled=softmax_jacobian(p_scaled),
                   log_p_unscaled=log_softmax2(z), log_p_scaled=log_softmax2(scaled))


@dataclass(frozen=True)
class QKSample:
    """n_samples dot products q·k of N(0, 1) vectors of width d_k, raw and divided by √d_k."""

    d_k: int
    dots: np.ndarray  # (n_samples,)  q·k, variance d_k in theory
    scaled: np.ndarray  # (n_samples,)  q·k / √d_k, variance 1 in theory
    std: float  # measured standard deviation of q·k
    std_scaled: float  # measured standard deviation of q·k / √d_k

    @property
    def theory(self) -> float:
        return math.sqrt(self.d_k)  # sd of a sum of d_k independent products of unit variance


def qk_sample(d_k: int, n_samples: int, seed: int) -> QKSample:
    """Draw n_samples pairs q, k ~ N(0, I_{d_k}) and measure the spread of q·k before and after ÷ √d_k."""
    d_k = _check_d_k(d_k)
    dots = sample_qk_dots(d_k, n_samples, seed)  # (n_samples,)
    scaled = dots / math.sqrt(d_k)  # (n_samples,)
    return QKSample(d_k=d_k, dots=dots, scaled=scaled, std=float(dots.std()), std_scaled=float(scaled.std()))


def excess_kurtosis(d_k: int) -> float:
    """Excess kurtosis of q·k for N(0, 1) entries: 6 / d_k (each product qᵢkᵢ has kurtosis 9, i.e. excess 6,
    and a sum of d_k independent ones divides the excess by d_k). 0 is a normal curve."""
    return 6.0 / _check_d_k(d_k)


HEAVY_TAILS = 0.75  # excess kurtosis above which the histogram of q·k visibly departs from the normal curve


def heavy_tailed(d_k: int) -> bool:
    """True when q·k at width d_k has tails clearly heavier than a normal curve's (d_k < 8)."""
    return excess_kurtosis(d_k) > HEAVY_TAILS


def peak_shape(d_k: int) -> str:
    """How the density of q·k (N(0, 1) entries) looks at 0: 'spike' at d_k = 1, where q·k is a single product of two
    normals, density K₀(|x|)/π, infinite at 0; 'point' at d_k = 2, where q₁k₁ + q₂k₂ is Laplace, ½e^(−|x|), finite
    with a corner at 0; 'round' from d_k = 3 on, smooth at 0 like a bell (at d_k = 4, ¼(1 + |x|)e^(−|x|))."""
    d_k = _check_d_k(d_k)
    return "spike" if d_k == 1 else "point" if d_k == 2 else "round"


def std_curve(d_ks, n_samples: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Measured std of q·k and of q·k/√d_k for each width in d_ks (m,) -> two (m,) arrays."""
    samples = [qk_sample(d, n_samples, seed) for d in d_ks]
    return np.array([s.std for s in samples]), np.array([s.std_scaled for s in samples])


@dataclass(frozen=True)
class Peakedness:
    """Mean largest weight and mean entropy of softmax over n random keys, per d_k and per divisor."""

    d_ks: np.ndarray  # (m,)
    n_keys: int
    n_seeds: int
    max_weight: dict  # divisor name -> (m,)  mean over seeds of max_j p_j
    entropy: dict  # divisor name -> (m,)  mean over seeds of −Σ_j p_j log p_j, in nats


_BLOCK = 64  # coordinates drawn at a time: keeps memory at n_seeds · n_keys · 64 floats


def peakedness_curves(n_keys: int, d_ks, n_seeds: int, seed: int = 0) -> Peakedness:
    """For each d_k in d_ks (m,): n_seeds draws of one query and n_keys keys ~ N(0, I_{d_k}), softmax of q·k
    under every DIVISORS entry, averaged over the draws.

    Every width reuses the first d_k coordinates of one draw at the largest width, so each point is an honest
    N(0, I_{d_k}) sample and the curves differ only through d_k, not through fresh noise at every point."""
    if n_keys < 1 or n_seeds < 1:
        raise ValueError(f"n_keys and n_seeds must be at least 1, got n_keys={n_keys}, n_seeds={n_seeds}")
    d_ks = np.array([_check_d_k(d) for d in d_ks])
    rng = np.random.default_rng(seed)
    scores = np.zeros((n_seeds, n_keys))  # q·k_j over the coordinates drawn so far
    width = 0
    max_weight = {name: np.empty(len(d_ks)) for name in DIVISORS}
    entropy = {name: np.empty(len(d_ks)) for name in DIVISORS}
    for m in np.argsort(d_ks, kind="stable"):
        d_k = int(d_ks[m])
        while width < d_k:  # extend q and every key by the next few coordinates, a block at a time
            w = min(d_k - width, _BLOCK)
            q = rng.standard_normal((n_seeds, 1, w))  # (n_seeds, 1, w)  one query per seed
            K = rng.standard_normal((n_seeds, n_keys, w))  # (n_seeds, n_keys, w)
            scores += np.einsum("sqd,skd->sk", q, K)  # (n_seeds, n_keys)
            width += w
        for name, divisor in DIVISORS.items():
            weights = softmax(scores / divisor(d_k), axis=-1)  # (n_seeds, n_keys), rows sum to 1
            max_weight[name][m] = weights.max(axis=-1).mean()
            entropy[name][m] = row_entropy(weights).mean()
    return Peakedness(d_ks=d_ks, n_keys=n_keys, n_seeds=n_seeds, max_weight=max_weight, entropy=entropy)


def argmax_position(max_weight, n_keys: int) -> np.ndarray:
    """Where a largest weight (m,) sits between uniform (0, weight 1/n) and a hard argmax (1, weight 1)."""
    if n_keys < 2:
        raise ValueError(f"with n_keys={n_keys} a hard argmax and uniform weights are the same thing")
    return (np.asarray(max_weight, dtype=float) - 1 / n_keys) / (1 - 1 / n_keys)


def relative_spread(values) -> float:
    """(max − min) / min of positive values (m,): 0.24 when a curve moves between 0.299 and 0.372."""
    values = np.asarray(values, dtype=float)
    return float((values.max() - values.min()) / values.min())


def divisor_value(choice: str, d_k: int, tau: float) -> float:
    """The number the scores are divided by: '1', 'sqrt_dk' (√d_k), 'dk' (d_k) or 'custom' (τ)."""
    d_k = _check_d_k(d_k)
    values = {"1": 1.0, "sqrt_dk": math.sqrt(d_k), "dk": float(d_k), "custom": float(tau)}
    if choice not in values:
        raise ValueError(f"divisor must be one of {', '.join(values)}, got {choice!r}")
    value = values[choice]
    if not (math.isfinite(value) and value > 0):
        raise ValueError(f"the divisor τ must be a positive finite number, got {tau!r}")
    return value


@dataclass(frozen=True)
class Temperature:
    """softmax(Q Kᵀ / τ) and how spread out each row is, from hard argmax (0) to uniform (log n)."""

    scores: np.ndarray  # (n, n)  Q Kᵀ
    tau: float
    weights: np.ndarray  # (n, n)  softmax(Q Kᵀ / τ), rows sum to 1
    entropy: np.ndarray  # (n,)  each row's entropy in nats
    max_entropy: float  # log n: the entropy of uniform weights

    @property
    def mean_entropy(self) -> float:
        return float(self.entropy.mean())

    @property
    def position(self) -> float:
        """Mean entropy / log n: 0 is a hard argmax, 1 is uniform; 0 when n = 1 (one key is both)."""
        return self.mean_entropy / self.max_entropy if self.max_entropy > 0 else 0.0


def temperature_attention(Q, K, tau: float) -> Temperature:
    """Weights softmax(Q Kᵀ / τ) for Q (n_q, d_k), K (n_k, d_k) and a divisor τ > 0, with row entropies."""
    Q, K = np.asarray(Q, dtype=float), np.asarray(K, dtype=float)
    if not (math.isfinite(tau) and tau > 0):
        raise ValueError(f"τ must be a positive finite number, got {tau!r}")
    scores = Q @ K.T  # (n_q, d_k) @ (d_k, n_k) -> (n_q, n_k)
    with np.errstate(over="ignore"):  # a tiny τ can push scores / τ past the float range: softmax copes
        weights = softmax(scores / tau, axis=-1)  # normalise over keys: each row sums to 1
    return Temperature(scores=scores, tau=float(tau), weights=weights, entropy=row_entropy(weights),
                       max_entropy=math.log(K.shape[0]))


def entropy_vs_tau(Q, K, taus) -> np.ndarray:
    """Mean row entropy of softmax(Q Kᵀ / τ) for every τ in taus (m,) -> (m,), every τ at once: the page draws
    this curve on each rerun of its section, so it is one softmax over (m, n_q, n_k), not m calls."""
    Q, K, taus = np.asarray(Q, dtype=float), np.asarray(K, dtype=float), np.asarray(taus, dtype=float)
    if not (np.isfinite(taus).all() and (taus > 0).all()):
        raise ValueError(f"every τ must be a positive finite number, got {taus!r}")
    scores = Q @ K.T  # (n_q, d_k) @ (d_k, n_k) -> (n_q, n_k)
    with np.errstate(over="ignore"):  # a tiny τ can push scores / τ past the float range: softmax copes
        weights = softmax(scores / taus[:, None, None], axis=-1)  # (m, n_q, n_k), each row sums to 1
    return row_entropy(weights).mean(axis=-1)  # (m, n_q) -> (m,)


TAU_POINTS = 73  # points of the entropy-against-τ curve: 12 a decade over 10⁻³ … 10³


def tau_grid(tau_min: float, tau_max: float, m: int = TAU_POINTS) -> np.ndarray:
    """m divisors τ evenly spaced on a log scale from tau_min to tau_max -> (m,)."""
    return np.logspace(math.log10(tau_min), math.log10(tau_max), m)


def divisor_marks(d_k: int) -> list[tuple[float, tuple[str, ...]]]:
    """The divisors 1, √d_k and d_k ascending, by divisor_value's names, one entry per distinct value:
    [(1.0, ('1',)), (8.0, ('sqrt_dk',)), (64.0, ('dk',))] at d_k = 64; [(1.0, ('1', 'sqrt_dk', 'dk'))] at d_k = 1."""
    d_k = _check_d_k(d_k)
    marks: dict[float, list[str]] = {}
    for name in ("1", "sqrt_dk", "dk"):
        marks.setdefault(divisor_value(name, d_k, 1.0), []).append(name)  # with d_k = 1 all three are the same
    return [(value, tuple(names)) for value, names in sorted(marks.items())]


def std_theory(d_ks) -> np.ndarray:
    """The spread of q·k in theory at each width, √d_k: (m,) -> (m,)."""
    return np.sqrt(np.asarray(d_ks, dtype=float))


def peak_references(n_keys: int) -> dict[str, list[float]]:
    """The levels the peakedness charts mark, a hard argmax's first, then uniform weights': the largest weight
    (1, 1/n) and the entropy (0, log n). With a single key the two are the same: one level each."""
    if n_keys < 1:
        raise ValueError(f"n_keys must be at least 1, got {n_keys}")
    if n_keys == 1:
        return {"max_weight": [1.0], "entropy": [0.0]}
    return {"max_weight": [1.0, 1 / n_keys], "entropy": [0.0, math.log(n_keys)]}
