"""A two-layer, attention-only transformer that this project trains itself, and what its heads learned.

The model reads a start token and then tokens 0 … 63. Each layer is causal multi-head attention added to the
residual stream, with no MLP and no layer norm; an unembedding turns the last stream into next-token logits.
Positions are added to the queries' and keys' inputs only ("shortformer" positions), never to the stream or the
values, so what a head copies is a token, and where it looks may depend on position.

Trained on "start, r, r" with r random, it forms a previous-token head in layer 1 and induction heads in
layer 2 (Elhage et al. 2021; Olsson et al. 2022). `scripts/train_induction.py` trains it once from a fixed seed
with `train`, the hand-written backward pass and Adam below, and ships the weights and the training log in
`attn_core/induction_model.npz`; the app only loads that file.

Shapes: B sequences, T positions, H heads of width d_head, d_model = H·d_head, V = 65 token ids (64 tokens and
the start token, id 64). Arrays are float32 in training (float64 creeps in slowly and costs 3–5×).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np

from .attention import causal_mask, softmax
from .builder import printed_top

N_TOKENS = 64  # the tokens a sequence is made of: ids 0 … 63
START = N_TOKENS  # the start token's id
VOCAB = N_TOKENS + 1
MAX_REPEAT = 32  # the longest r trained on: the app's cap on a sentence
MIN_REPEAT = 2
MAX_LEN = 1 + 2 * MAX_REPEAT  # start, r, r
D_MODEL, HEADS, LAYERS = 64, 4, 2
SEED, STEPS, BATCH, LR = 0, 4000, 32, 2e-3
CHECK_EVERY = 50  # steps between the training log's score checkpoints
SMOOTH = 50  # steps in the running mean of the training loss that the page draws and reads
SCORE_SEQUENCES, SCORE_SEED = 64, 12345  # the fresh sequences the scores are measured on
MODEL_FILE = Path(__file__).with_name("induction_model.npz")
PARAMS = ("E", "P", "W_Q", "W_K", "W_V", "W_O", "U")


@dataclass
class Weights:
    """The model's parameters. W_Q, W_K, W_V: (layers, d_model, H·d_head); W_O: (layers, H·d_head, d_model)."""

    E: np.ndarray  # (V, d_model) token embeddings
    P: np.ndarray  # (MAX_LEN, d_model) positions, added to the queries' and keys' inputs only
    W_Q: np.ndarray
    W_K: np.ndarray
    W_V: np.ndarray
    W_O: np.ndarray
    U: np.ndarray  # (d_model, V) unembedding
    heads: int = HEADS

    @property
    def layers(self) -> int:
        return self.W_Q.shape[0]

    @property
    def d_model(self) -> int:
        return self.E.shape[1]

    @property
    def d_head(self) -> int:
        return self.W_Q.shape[2] // self.heads

    def arrays(self) -> dict[str, np.ndarray]:
        return {k: getattr(self, k) for k in PARAMS}

    def zeros(self) -> Weights:
        return Weights(**{k: np.zeros_like(v) for k, v in self.arrays().items()}, heads=self.heads)

    def astype(self, dtype) -> Weights:
        return Weights(**{k: np.ascontiguousarray(v, dtype=dtype) for k, v in self.arrays().items()},
                       heads=self.heads)


def init_weights(seed: int = SEED, d_model: int = D_MODEL, heads: int = HEADS, layers: int = LAYERS,
                 vocab: int = VOCAB, max_len: int = MAX_LEN, dtype=np.float32) -> Weights:
    """Random starting weights: entries of variance 1/d_model, so each product keeps the stream's scale."""
    rng = np.random.default_rng(seed)
    s = 1 / np.sqrt(d_model)

    def normal(*shape, scale=s):
        return (rng.standard_normal(shape) * scale).astype(dtype)

    return Weights(E=normal(vocab, d_model, scale=1.0), P=normal(max_len, d_model, scale=1.0),
                   W_Q=normal(layers, d_model, d_model), W_K=normal(layers, d_model, d_model),
                   W_V=normal(layers, d_model, d_model), W_O=normal(layers, d_model, d_model), U=normal(d_model, vocab),
                   heads=heads)


# ------------------------------------------------------------------------------------------ the forward pass


@dataclass
class LayerCache:
    """One layer's intermediates, for the pages and the backward pass."""

    x: np.ndarray  # (B, T, d_model) the stream coming in
    xp: np.ndarray  # (B, T, d_model) the queries' input: the stream plus positions
    xk: np.ndarray  # (B, T, d_model) the keys' input: xp, less any layer-1 heads switched off in the keys
    q: np.ndarray  # (B, H, T, d_head)
    k: np.ndarray  # (B, H, T, d_head)
    v: np.ndarray  # (B, H, T, d_head)
    scores: np.ndarray  # (B, H, T, T) q·k/√d_head, masked entries -inf
    weights: np.ndarray  # (B, H, T, T)
    z: np.ndarray  # (B, T, H·d_head) the heads' outputs side by side
    head_out: np.ndarray  # (B, H, T, d_model) what each head adds to the stream


@dataclass
class Forward:
    """A forward pass: each layer's cache, the final stream and the logits."""

    layers: list[LayerCache]
    final: np.ndarray  # (B, T, d_model)
    logits: np.ndarray  # (B, T, V)
    off: frozenset = frozenset()
    keys_off: frozenset = frozenset()

    @property
    def weights(self) -> np.ndarray:
        """(layers, B, H, T, T) every head's attention weights."""
        return np.stack([c.weights for c in self.layers])


def split(M: np.ndarray, heads: int) -> np.ndarray:
    """(B, T, H·d) -> (B, H, T, d), contiguous (a product on a transposed view is 3–5× slower)."""
    B, T, width = M.shape
    return np.ascontiguousarray(M.reshape(B, T, heads, width // heads).transpose(0, 2, 1, 3))


def merge(M: np.ndarray) -> np.ndarray:
    """(B, H, T, d) -> (B, T, H·d)."""
    B, H, T, d = M.shape
    return np.ascontiguousarray(M.transpose(0, 2, 1, 3)).reshape(B, T, H * d)


def forward(w: Weights, tokens: np.ndarray, off=frozenset(), keys_off=frozenset()) -> Forward:
    """The model on `tokens` (B, T) or (T,). `off`: (layer, head) pairs whose output is switched off (0-based);
    `keys_off`: layer-1 heads (0-based) whose output is removed from layer 2's keys' input only."""
    tokens = np.atleast_2d(np.asarray(tokens))
    T = tokens.shape[1]
    x = w.E[tokens]  # (B, T, d_model)
    mask = causal_mask(T)
    scale = float(1 / np.sqrt(w.d_head))  # a Python float: a numpy float64 would make every array float64
    caches, outs = [], []
    for layer in range(w.layers):
        xp = x + w.P[:T]
        xk = xp
        if layer == 1 and keys_off:
            xk = xp - sum(outs[0][:, h] for h in keys_off)
        q, k, v = split(xp @ w.W_Q[layer], w.heads), split(xk @ w.W_K[layer], w.heads), split(x @ w.W_V[layer],
                                                                                               w.heads)
        scores = np.where(mask, (q @ np.ascontiguousarray(k.transpose(0, 1, 3, 2))) * scale, -np.inf)
        weights = softmax_rows(scores)
        z_h = weights @ v  # (B, H, T, d_head)
        for lh in off:
            if lh[0] == layer:
                z_h[:, lh[1]] = 0
        z = merge(z_h)
        W_O = w.W_O[layer].reshape(w.heads, w.d_head, w.d_model)
        head_out = z_h @ W_O  # (B, H, T, d_head) @ (H, d_head, d_model) -> (B, H, T, d_model)
        caches.append(LayerCache(x=x, xp=xp, xk=xk, q=q, k=k, v=v, scores=scores, weights=weights, z=z,
                                 head_out=head_out))
        outs.append(head_out)
        x = x + z @ w.W_O[layer]
    return Forward(layers=caches, final=x, logits=x @ w.U, off=frozenset(off), keys_off=frozenset(keys_off))


def softmax_rows(scores: np.ndarray) -> np.ndarray:
    """attention.softmax over the last axis, in the scores' own dtype (float32 in training stays float32)."""
    if scores.dtype == np.float64:
        return softmax(scores)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def flat(M: np.ndarray) -> np.ndarray:
    """(..., d) -> (N, d), contiguous."""
    return np.ascontiguousarray(M).reshape(-1, M.shape[-1])


def log_softmax(logits: np.ndarray) -> np.ndarray:
    m = logits.max(axis=-1, keepdims=True)
    return logits - m - np.log(np.exp(logits - m).sum(axis=-1, keepdims=True))


# ------------------------------------------------------------------------------------------ the data and the loss


def repeated(r: np.ndarray) -> np.ndarray:
    """start, r, r: (B, L) -> (B, 1 + 2L)."""
    r = np.atleast_2d(r)
    return np.concatenate([np.full((r.shape[0], 1), START), r, r], axis=1)


def random_repeats(rng: np.random.Generator, batch: int, length: int) -> np.ndarray:
    """`batch` sequences start, r, r with r `length` distinct random tokens: (batch, 1 + 2·length)."""
    r = np.argsort(rng.random((batch, N_TOKENS)), axis=1)[:, :length]
    return repeated(r)


def repeated_half(T: int) -> np.ndarray:
    """The positions whose next token the first copy gives away, in a sequence start, r, r of length T: the second
    copy but its last token, which has no next token (the second copy's first token is predictable from nothing)."""
    L = (T - 1) // 2
    return np.arange(L + 1, 2 * L)


def loss_on(fwd: Forward, tokens: np.ndarray, positions: np.ndarray | None = None) -> np.ndarray:
    """Cross-entropy in nats of predicting each next token, per sequence, averaged over `positions` (the repeated
    half by default): (B,)."""
    tokens = np.atleast_2d(tokens)
    pos = repeated_half(tokens.shape[1]) if positions is None else np.asarray(positions)
    logp = log_softmax(fwd.logits[:, pos].astype(np.float64))  # (B, P, V)
    target = tokens[:, pos + 1]
    return -np.take_along_axis(logp, target[..., None], axis=-1)[..., 0].mean(axis=1)


# ------------------------------------------------------------------------------------------ the backward pass


def backward(w: Weights, fwd: Forward, tokens: np.ndarray) -> Weights:
    """The gradient of the mean repeated-half loss with respect to every weight, by hand (no ablation)."""
    tokens = np.atleast_2d(tokens)
    B, T = tokens.shape
    pos = repeated_half(T)
    g = w.zeros()
    p = softmax(fwd.logits[:, pos]).astype(w.E.dtype)  # (B, P, V)
    np.add.at(p, (np.arange(B)[:, None], np.arange(len(pos))[None, :], tokens[:, pos + 1]), -1)
    d_logits = np.zeros_like(fwd.logits)
    d_logits[:, pos] = p / (B * len(pos))
    g.U = flat(fwd.final).T @ flat(d_logits)
    dx = d_logits @ w.U.T  # (B, T, d_model)
    scale = float(1 / np.sqrt(w.d_head))  # a Python float: a numpy float64 would make every array float64
    for layer in reversed(range(w.layers)):
        c = fwd.layers[layer]
        g.W_O[layer] = flat(c.z).T @ flat(dx)
        dz = split(dx @ w.W_O[layer].T, w.heads)  # (B, H, T, d_head)
        d_weights = dz @ np.ascontiguousarray(c.v.transpose(0, 1, 3, 2))
        dv = np.ascontiguousarray(c.weights.transpose(0, 1, 3, 2)) @ dz
        d_scores = c.weights * (d_weights - (d_weights * c.weights).sum(axis=-1, keepdims=True)) * scale
        dq = d_scores @ c.k
        dk = np.ascontiguousarray(d_scores.transpose(0, 1, 3, 2)) @ c.q
        dq, dk, dv = merge(dq), merge(dk), merge(dv)
        g.W_Q[layer] = flat(c.xp).T @ flat(dq)
        g.W_K[layer] = flat(c.xk).T @ flat(dk)
        g.W_V[layer] = flat(c.x).T @ flat(dv)
        d_xp = dq @ w.W_Q[layer].T + dk @ w.W_K[layer].T
        g.P[:T] += d_xp.sum(axis=0)
        dx = dx + d_xp + dv @ w.W_V[layer].T
    np.add.at(g.E, tokens, dx)
    return g


# ------------------------------------------------------------------------------------------ training


@dataclass
class Adam:
    """Adam (Kingma & Ba 2015) with its moments kept per weight."""

    lr: float = LR
    beta1: float = 0.9
    beta2: float = 0.999
    eps: float = 1e-8
    t: int = 0
    m: dict = field(default_factory=dict)
    v: dict = field(default_factory=dict)

    def step(self, w: Weights, g: Weights) -> None:
        self.t += 1
        a = self.lr * np.sqrt(1 - self.beta2 ** self.t) / (1 - self.beta1 ** self.t)
        for name in PARAMS:
            grad = getattr(g, name)
            m = self.m.setdefault(name, np.zeros_like(grad))
            v = self.v.setdefault(name, np.zeros_like(grad))
            m *= self.beta1
            m += (1 - self.beta1) * grad
            v *= self.beta2
            v += (1 - self.beta2) * grad * grad
            getattr(w, name)[...] -= (a * m / (np.sqrt(v) + self.eps)).astype(grad.dtype)


def batch_lengths(seed: int, steps: int) -> np.ndarray:
    """Each step's repeat length, drawn afresh for every batch (a fixed length teaches positions, not copying)."""
    return np.random.default_rng([seed, 1]).integers(MIN_REPEAT, MAX_REPEAT + 1, size=steps)


@dataclass
class Log:
    """The training log: the loss per step, and each head's scores at checkpoints."""

    loss: np.ndarray  # (steps,) the mean repeated-half loss of each step's batch, before its update
    checkpoints: np.ndarray  # (C,) the steps the scores were measured after (0: before training)
    previous: np.ndarray  # (C, layers, H) previous-token scores
    induction: np.ndarray  # (C, layers, H) induction scores


def train(seed: int = SEED, steps: int = STEPS, batch: int = BATCH, lr: float = LR, check_every: int = CHECK_EVERY,
          progress=None, **sizes) -> tuple[Weights, Log]:
    """Train from `seed` on fresh sequences start, r, r; returns the weights and the log."""
    w = init_weights(seed, **sizes)
    rng = np.random.default_rng([seed, 2])
    lengths = batch_lengths(seed, steps)
    opt = Adam(lr=lr)
    losses = np.zeros(steps)
    marks, prev, ind = [], [], []

    def check(step):
        s = scores(w)
        marks.append(step)
        prev.append(s.previous)
        ind.append(s.induction)

    check(0)
    for step in range(steps):
        tokens = random_repeats(rng, batch, int(lengths[step]))
        fwd = forward(w, tokens)
        losses[step] = loss_on(fwd, tokens).mean()
        opt.step(w, backward(w, fwd, tokens))
        if (step + 1) % check_every == 0 or step + 1 == steps:
            check(step + 1)
            if progress:
                progress(step + 1, losses[step])
    return w, Log(loss=losses, checkpoints=np.array(marks), previous=np.array(prev), induction=np.array(ind))


# ------------------------------------------------------------------------------------------ the heads' scores


def previous_targets(T: int) -> np.ndarray:
    """For each position i, the key a previous-token head attends to: i − 1 (−1 for the first position)."""
    return np.arange(T) - 1


def induction_targets(tokens: np.ndarray) -> np.ndarray:
    """For each position i, the key just after the first occurrence of token i earlier in the sequence; −1 where
    the token has not occurred before. (T,) -> (T,)."""
    tokens = np.asarray(tokens).ravel()
    first: dict[int, int] = {}
    out = np.full(len(tokens), -1)
    for i, t in enumerate(tokens.tolist()):
        if t in first:
            out[i] = first[t] + 1
        else:
            first[t] = i
    return out


def second_copy(T: int) -> np.ndarray:
    """The positions of the second copy in start, r, r of length T."""
    L = (T - 1) // 2
    return np.arange(L + 1, T)


def target_score(weights: np.ndarray, rows: np.ndarray, targets: np.ndarray) -> np.ndarray:
    """The mean weight from each of `rows` to its target key, over rows with a target (≥ 0): (..., T, T) -> (...).
    NaN when no row has a target."""
    keep = targets[rows] >= 0
    rows, cols = rows[keep], targets[rows][keep]
    if not len(rows):
        return np.full(weights.shape[:-2], np.nan)
    return weights[..., rows, cols].mean(axis=-1)


@dataclass(frozen=True)
class Scores:
    previous: np.ndarray  # (layers, H) mean attention from i to i − 1
    induction: np.ndarray  # (layers, H) mean attention from the second copy to just after the first occurrence


def head_scores(fwd: Forward, tokens: np.ndarray) -> Scores:
    """Both scores for every head, averaged over the batch of sequences start, r, r in `tokens` (B, T)."""
    tokens = np.atleast_2d(tokens)
    T = tokens.shape[1]
    W = fwd.weights  # (layers, B, H, T, T)
    prev = target_score(W, np.arange(1, T), previous_targets(T)).mean(axis=1)
    ind = np.stack([target_score(W[:, b], second_copy(T), induction_targets(tokens[b]))
                    for b in range(tokens.shape[0])], axis=1).mean(axis=1)
    return Scores(previous=prev, induction=ind)


def score_sequences(seed: int = SCORE_SEED, n: int = SCORE_SEQUENCES) -> list[np.ndarray]:
    """Fresh sequences to measure on: n of them at each of four repeat lengths up to 32."""
    rng = np.random.default_rng(seed)
    return [random_repeats(rng, n, length) for length in (4, 10, 20, MAX_REPEAT)]


def scores(w: Weights, seqs: list[np.ndarray] | None = None, **ablate) -> Scores:
    """Each head's two scores on fresh random repeated sequences, averaged over the lengths."""
    seqs = score_sequences() if seqs is None else seqs
    got = [head_scores(forward(w, s, **ablate), s) for s in seqs]
    return Scores(previous=np.mean([s.previous for s in got], axis=0),
                  induction=np.mean([s.induction for s in got], axis=0))


def repeated_loss(w: Weights, seqs: list[np.ndarray] | None = None, **ablate) -> float:
    """The mean repeated-half loss in nats on fresh sequences, with any heads switched off."""
    seqs = score_sequences() if seqs is None else seqs
    return float(np.mean([loss_on(forward(w, s, **ablate), s).mean() for s in seqs]))


# ------------------------------------------------------------------------------------------ the shipped file


def save(path: Path, w: Weights, log: Log, meta: dict) -> None:
    np.savez_compressed(path, **{k: v.astype(np.float32) for k, v in w.arrays().items()},
                        heads=np.array(w.heads), loss=log.loss.astype(np.float32), checkpoints=log.checkpoints,
                        previous=log.previous.astype(np.float32), induction=log.induction.astype(np.float32),
                        **{f"meta_{k}": np.array(v) for k, v in meta.items()})


def load(path: Path = MODEL_FILE) -> tuple[Weights, Log, dict]:
    """The shipped model: its weights (float32), its training log and how it was trained."""
    with np.load(path) as f:
        w = Weights(**{k: f[k] for k in PARAMS}, heads=int(f["heads"]))
        log = Log(loss=f["loss"].astype(float), checkpoints=f["checkpoints"], previous=f["previous"].astype(float),
                  induction=f["induction"].astype(float))
        meta = {k.removeprefix("meta_"): f[k].item() for k in f.files if k.startswith("meta_")}
    return w, log, meta


@lru_cache(maxsize=1)
def shipped() -> tuple[Weights, Log, dict]:
    """The shipped model, loaded once per process."""
    return load(MODEL_FILE)


@dataclass(frozen=True)
class Size:
    """A model's size, read from its own arrays: what the page says of it."""

    layers: int
    heads: int  # per layer
    d_model: int
    d_head: int  # each head's query/key width: the page's d_k
    n_tokens: int  # the tokens a sequence is made of, the start token left out


def size(w: Weights | None = None) -> Size:
    """The size of `w` (the shipped model by default), from its weights' shapes."""
    w = shipped()[0] if w is None else w
    return Size(layers=w.layers, heads=w.heads, d_model=w.d_model, d_head=w.d_head, n_tokens=w.E.shape[0] - 1)


# ------------------------------------------------------------------------------------------ the page's sequence


def word_ids(words) -> np.ndarray:
    """Each distinct word (case folded) gets its own token id, in the order the words first appear: 0, 1, 2 …
    A sentence has at most 32 words (the app's cap), so the ids stay among the model's 64 tokens."""
    ids: dict[str, int] = {}
    out = [ids.setdefault(str(t).casefold(), len(ids)) for t in words]
    if len(ids) > N_TOKENS:
        raise ValueError(f"{len(ids)} distinct words; the model knows {N_TOKENS} tokens")
    return np.array(out, dtype=int)


def random_ids(seed: int, length: int) -> np.ndarray:
    """`length` distinct random tokens of the 64, from `seed`, as the model was trained on."""
    return np.random.default_rng([seed, 3]).permutation(N_TOKENS)[:length]


def sequence_labels(words) -> list[str]:
    """The labels of start, r, r: "⟨start⟩" with no number, then each token of r, r with its position counted from 0
    after the start token, as every other page counts a sentence's tokens ("the·0 … the·4"), so every label is
    unique. Label k + 1 is the sequence's position k + 1: the start token keeps position 0 in the arrays."""
    return [START_LABEL] + [f"{w}·{i}" for i, w in enumerate(list(words) * 2)]


START_LABEL = "⟨start⟩"


@dataclass(frozen=True)
class Run:
    """The model on one sequence start, r, r, with any heads switched off."""

    tokens: np.ndarray  # (T,) ids, the start token first
    fwd: Forward
    weights: np.ndarray  # (layers, H, T, T)
    previous: np.ndarray  # (layers, H) previous-token score of each head on this sequence
    induction: np.ndarray  # (layers, H) induction score of each head on this sequence (NaN: no repeated token)
    probs: np.ndarray  # (T, N_TOKENS) the model's next-token probabilities over the 64 tokens
    guesses: np.ndarray  # (T,) its most likely next token at each position
    losses: np.ndarray  # (T - 1,) nats of predicting each actual next token
    loss: float  # the mean over the repeated half


def run(w: Weights, r: np.ndarray, off=frozenset(), keys_off=frozenset()) -> Run:
    """The model on start, r, r (r: token ids, up to 32)."""
    tokens = repeated(np.asarray(r))[0]
    fwd = forward(w.astype(np.float64), tokens, off=off, keys_off=keys_off)
    weights = fwd.weights[:, 0]
    T = len(tokens)
    prev = target_score(weights, np.arange(1, T), previous_targets(T))
    ind = target_score(weights, second_copy(T), induction_targets(tokens))
    logits = fwd.logits[0, :, :N_TOKENS]  # the start token never comes next
    probs = softmax(logits)
    logp = np.log(np.maximum(probs, 1e-300))
    losses = -logp[np.arange(T - 1), tokens[1:]]
    half = repeated_half(T)
    return Run(tokens=tokens, fwd=fwd, weights=weights, previous=prev, induction=ind, probs=probs,
               guesses=probs.argmax(axis=1), losses=losses,
               loss=float(losses[half].mean()) if len(half) else float("nan"))


def strongest(score: np.ndarray, layer: int) -> int:
    """The head (0-based) of `layer` with the highest score; NaN counts as lowest."""
    return int(np.nanargmax(np.where(np.isnan(score[layer]), -np.inf, score[layer])))


def copied(r: Run) -> np.ndarray:
    """Whether the model's guess at each position is the token that truly comes next: (T − 1,)."""
    return r.guesses[:-1] == r.tokens[1:]


@dataclass(frozen=True)
class KeyTerms:
    """One layer-2 head's scores q·kⱼ/√d_head from one query, split by what built each key's input."""

    terms: np.ndarray  # (n_keys, 2 + H): from the token embedding, from the position, from each layer-1 head
    total: np.ndarray  # (n_keys,) their sum: the head's scaled scores over the keys
    weights: np.ndarray  # (n_keys,) softmax of the total: the head's weights from this query


def key_terms(w: Weights, r: Run, head: int, query: int) -> KeyTerms:
    """Layer 2's keys are (token + position + Σ layer-1 head outputs)·W_K; q·k splits into one term per part.
    Layer-1 heads switched off in the keys (run's keys_off) add nothing."""
    c1, c2 = r.fwd.layers
    W_K = w.W_K[1].astype(np.float64)[:, head * w.d_head:(head + 1) * w.d_head]  # (d_model, d_head)
    q = c2.q[0, head, query]  # (d_head,)
    keys = slice(0, query + 1)
    parts = [w.E[r.tokens[keys]].astype(np.float64), w.P[:query + 1].astype(np.float64)]
    parts += [np.zeros_like(parts[0]) if h in r.fwd.keys_off or (0, h) in r.fwd.off else c1.head_out[0, h, keys]
              for h in range(w.heads)]
    scale = 1 / np.sqrt(w.d_head)
    terms = np.stack([(part @ W_K) @ q * scale for part in parts], axis=1)  # (n_keys, 2 + H)
    total = terms.sum(axis=1)
    return KeyTerms(terms=terms, total=total, weights=softmax(total))


def smoothed(loss: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The training loss's running mean over SMOOTH steps, and the step each mean is centred on: (steps, means)."""
    means = np.convolve(loss, np.ones(SMOOTH) / SMOOTH, mode="valid")
    return np.arange(len(means)) + SMOOTH // 2, means


def smoothed_at(loss: np.ndarray, step: int) -> float:
    """The running mean of the loss centred on `step` (the nearest one there is)."""
    steps, means = smoothed(loss)
    return float(means[int(np.clip(step - steps[0], 0, len(means) - 1))])


def phase_change(loss: np.ndarray, window: int = 200) -> tuple[int, int]:
    """The `window` steps over which the running mean of the training loss falls the most: (first, last)."""
    steps, means = smoothed(loss)
    first = int(steps[np.argmax(means[:-window] - means[window:])])
    return first, first + window


def copied_count(r: Run) -> int:
    """How many of the repeated half's next tokens the model's top guess gets right."""
    return int(copied(r)[repeated_half(len(r.tokens))].sum())


# ------------------------------------------------------------------------------------------ what the page claims


def after_earlier(tokens: np.ndarray, query: int) -> np.ndarray:
    """The keys k ≤ query just after an earlier occurrence of the query's token (tokens[k − 1] is that token): the
    keys an induction head looks for. (T,) -> (m,) positions, in order."""
    tokens = np.asarray(tokens).ravel()
    k = np.arange(1, query + 1)
    return k[tokens[k - 1] == tokens[query]]


@dataclass(frozen=True)
class Look:
    """Where layer 2's strongest induction head puts its weight from one query, with what the question's reveal
    needs: the keys graded right, the induction keys, and the model's own next-token guess there."""

    head: int  # the layer-2 head (0-based) with the top induction score on this sequence
    query: int
    weights: np.ndarray  # (query + 1,) that head's weights from the query over the keys it can see
    top: tuple[int, ...]  # the keys whose weight prints as the largest at `decimals` (builder.printed_top)
    target: int  # the key just after the query token's first occurrence (the outlined stripe); −1: none
    after: tuple[int, ...]  # every key just after an earlier occurrence of the query's token
    guess: int  # the model's top next-token guess at the query, every head on
    followers: tuple[int, ...]  # the tokens that came just after each earlier occurrence (distinct, in order)

    @property
    def copies(self) -> bool:
        """Whether the model's guess is a token that followed the query's token before: it copies."""
        return self.guess in self.followers


def look(r: Run, query: int, decimals: int) -> Look:
    """The strongest layer-2 induction head's weights from `query` on run `r`, graded by the app's one tie rule:
    every key whose weight prints as the largest at `decimals` decimals is a right answer."""
    head = strongest(r.induction, 1)
    row = r.weights[1, head, query, :query + 1]  # (query + 1,) the causal mask leaves the rest at 0
    after = after_earlier(r.tokens, query)
    return Look(head=head, query=query, weights=row, top=printed_top(row, decimals),
                target=int(induction_targets(r.tokens)[query]), after=tuple(int(k) for k in after),
                guess=int(r.guesses[query]),
                followers=tuple(dict.fromkeys(int(t) for t in r.tokens[after])))


FLAT = 0.005  # a part whose term spans less than this over the keys (0.00 at two decimals) sets no key apart


def apart_part(terms: np.ndarray, key: int, dead=()) -> int | None:
    """The part that sets `key` apart most from the other keys: the column of `terms` (n_keys, parts) with the
    largest lead terms[key] − the other keys' mean, among parts not in `dead` (heads switched off) whose term
    differs between keys by FLAT or more; None when no such part leads `key` by FLAT or more."""
    n = terms.shape[0]
    if n < 2:
        return None
    lead = terms[key] - np.delete(terms, key, axis=0).mean(axis=0)  # (parts,)
    live = (np.ptp(terms, axis=0) >= FLAT) & ~np.isin(np.arange(terms.shape[1]), list(dead))
    lead = np.where(live, lead, -np.inf)
    part = int(np.argmax(lead))
    return part if lead[part] >= FLAT else None


@dataclass(frozen=True)
class Attended:
    """Where one head puts its weight from one query: its largest weight, and its weight on the token just before."""

    top: int  # the key with the largest weight
    top_weight: float
    previous_weight: float  # its weight on the key just before the query (nan for the first position)

    @property
    def wrote_previous(self) -> bool:
        """Whether the token just before gets this head's largest weight here: what it wrote there."""
        return not np.isnan(self.previous_weight) and self.previous_weight >= self.top_weight


def attended(weights: np.ndarray, query: int) -> Attended:
    """One head's weights (T, T) from `query`: its top key and its weight on query − 1."""
    row = weights[query, :query + 1]
    top = int(np.argmax(row))
    return Attended(top=top, top_weight=float(row[top]),
                    previous_weight=float(row[query - 1]) if query >= 1 else float("nan"))


def earlier_followers(tokens: np.ndarray, j: int) -> tuple[int, ...]:
    """The distinct tokens that came just after each earlier occurrence of token j, in order: what copying could
    give at j. More than one: the copy is ambiguous."""
    tokens = np.asarray(tokens).ravel()
    return tuple(dict.fromkeys(int(t) for t in tokens[after_earlier(tokens, j)]))
