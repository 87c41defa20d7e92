# %% [markdown]
# {{t:training-nb-task}}

# %%
import numpy as np

np.set_printoptions(precision=3, suppress=True, linewidth=110)

# %% tags=["parameters"]
d_k, steps, lr, seed = 64, 200, 3.0, 0
loss_name = "mse"  # 'mse': output_i should copy value v_i; 'ce': query i's weights should pick key i

# The numbers the page showed, with every digit: the last cell checks this notebook's against them
# Run on its own, there is no page and so nothing to check against:
shown_initial_scaled = shown_initial_unscaled = None
shown_loss_scaled = shown_loss_unscaled = None
shown_final_scaled = shown_final_unscaled = None

# %% tags=["defaults"]
# Run on its own, this notebook needs nothing more than the settings above: the cells below draw the lab's data
# and its first weights from the seed. The page writes its own settings in the cell above and leaves this cell out.

# %%
N_KEYS, D_MODEL, D_V, BATCH, NOISE = 16, 64, 16, 4, 0.5  # the lab's task: 16 keys, 64-wide tokens, 4 examples a step
BLOW_UP = 1e6                         # a run whose largest |score| passes this has diverged


def softmax(z, axis=-1):
    """exp(z) / Σ exp(z) along `axis`, so that every slice sums to 1."""
    e = np.exp(z - z.max(axis=axis, keepdims=True))  # subtract the max so exp() cannot overflow
    return e / e.sum(axis=axis, keepdims=True)


def make_batch(rng, batch=BATCH):
    """B examples of N_KEYS keys, N_KEYS queries (query i is a noisy copy of key i) and N_KEYS values."""
    X_k = rng.standard_normal((batch, N_KEYS, D_MODEL))  # (B, n, d_model)
    X_q = (X_k + NOISE * rng.standard_normal((batch, N_KEYS, D_MODEL))) / np.sqrt(1 + NOISE**2)
    V = rng.standard_normal((batch, N_KEYS, D_V))        # (B, n, d_v); query i's target is V[:, i]
    return X_q, X_k, V


def init_weights(seed, d_k):
    """W_Q, W_K (D_MODEL, d_k) from the initialisation's own stream, [seed, 1]; the batches use [seed, 0]."""
    init = np.random.default_rng([seed, 1])
    W_Q = init.standard_normal((D_MODEL, d_k)) / np.sqrt(D_MODEL)  # fan-in scaling: Q entries have variance 1
    W_K = init.standard_normal((D_MODEL, d_k)) / np.sqrt(D_MODEL)
    return W_Q, W_K


W_Q0, W_K0 = init_weights(seed, d_k)
held_out = make_batch(np.random.default_rng([seed, 2]), batch=1)  # the example the heatmaps show
print("W_Q, W_K:", W_Q0.shape, "  one batch: X_q, X_k", held_out[0].shape[1:], "V", held_out[2].shape[1:])

# %% [markdown]
# {{t:training-nb-start}}


# %%
def project(X, W):
    """X (B, n, d_model) @ W (d_model, d) -> (B, n, d): one matmul for the whole batch."""
    B, n, _ = X.shape
    return (X.reshape(B * n, D_MODEL) @ W).reshape(B, n, -1)


def forward(batch, W_Q, W_K, scale, loss_name):
    """Q, K (B, n, d_k), scores and weights (B, n, n), output (B, n, d_v) and the loss: "mse", the mean squared
    error between output_i and v_i, or "ce", the cross-entropy of each query's weights against its own key."""
    X_q, X_k, V = batch
    Q = project(X_q, W_Q)             # (B, n, d_k)
    K = project(X_k, W_K)             # (B, n, d_k)
    scores = Q @ K.swapaxes(-1, -2)   # (B, n, d_k) @ (B, d_k, n) -> (B, n, n)
    z = scores * scale
    weights = softmax(z)              # normalise over the keys
    output = weights @ V              # (B, n, n) @ (B, n, d_v) -> (B, n, d_v)
    if loss_name == "mse":
        loss = np.mean((output - V) ** 2)
    else:
        top = z.max(axis=-1, keepdims=True)
        log_norm = top[..., 0] + np.log(np.sum(np.exp(z - top), axis=-1))   # log Σ_j exp z_ij, stably
        loss = -np.mean(np.diagonal(z, axis1=-2, axis2=-1) - log_norm)       # −log weight on the right key
    return Q, K, scores, weights, output, loss


def backward(batch, Q, K, weights, output, scale, loss_name):
    """∂loss/∂W_Q and ∂loss/∂W_K (d_model, d_k), by hand: the loss, the softmax, the scale, the projections."""
    X_q, X_k, V = batch
    B, n, d_v = V.shape
    if loss_name == "mse":
        d_output = 2 * (output - V) / (B * n * d_v)         # (B, n, d_v)
        d_weights = d_output @ V.swapaxes(-1, -2)           # (B, n, n)
        d_z = weights * (d_weights - np.sum(d_weights * weights, axis=-1, keepdims=True))  # through softmax
    else:
        d_z = (weights - np.eye(n)) / (B * n)               # log-softmax's gradient: p − one-hot of the right key
    d_scores = d_z * scale
    d_Q, d_K = d_scores @ K, d_scores.swapaxes(-1, -2) @ Q   # (B, n, d_k) each
    return (X_q.reshape(B * n, D_MODEL).T @ d_Q.reshape(B * n, -1),
            X_k.reshape(B * n, D_MODEL).T @ d_K.reshape(B * n, -1))


_, _, scores0, _, _, _ = forward(held_out, W_Q0, W_K0, 1.0, loss_name)
print("held-out example, std of the scores softmax sees: scaled", (scores0 / np.sqrt(d_k)).std(),
      " unscaled", scores0.std())

# %% [markdown]
# {{t:training-nb-race}}


# %%
def train(scale, d_k, steps, lr, seed, loss_name):
    """Plain SGD from init_weights(seed, d_k) on the batches of `seed`: the held-out weights (n, n) before, the
    loss at every step (steps + 1,), NaN once diverged, and the held-out weights after (NaN if it diverged)."""
    W_Q, W_K = init_weights(seed, d_k)
    held_out = make_batch(np.random.default_rng([seed, 2]), batch=1)
    batches = np.random.default_rng([seed, 0])   # the same batches for both runs
    losses = np.full(steps + 1, np.nan)
    with np.errstate(over="ignore", invalid="ignore", under="ignore"):
        initial = forward(held_out, W_Q, W_K, scale, loss_name)[3][0]   # (n, n)
        for t in range(steps + 1):
            batch = make_batch(batches)
            Q, K, scores, weights, output, loss = forward(batch, W_Q, W_K, scale, loss_name)
            g_Q, g_K = backward(batch, Q, K, weights, output, scale, loss_name)
            if not (np.isfinite(loss) and np.max(np.abs(scores) * scale) < BLOW_UP
                    and np.isfinite(g_Q).all() and np.isfinite(g_K).all()):
                print(f"scale {scale:.4g}: diverged at step {t}")
                return initial, losses, np.full_like(initial, np.nan)
            losses[t] = loss
            if t < steps:
                W_Q -= lr * g_Q       # plain gradient descent
                W_K -= lr * g_K
        final = forward(held_out, W_Q, W_K, scale, loss_name)[3][0]
    return initial, losses, final


initial_scaled, loss_scaled, final_scaled = train(1 / np.sqrt(d_k), d_k, steps, lr, seed, loss_name)
initial_unscaled, loss_unscaled, final_unscaled = train(1.0, d_k, steps, lr, seed, loss_name)
for t in sorted({0, steps // 4, steps // 2, 3 * steps // 4, steps}):
    print(f"step {t:>4}   loss scaled {loss_scaled[t]:.4g}   unscaled {loss_unscaled[t]:.4g}")

# %% [markdown]
# {{t:training-nb-attention}}

# %%
for name, final in (("scaled", final_scaled), ("unscaled", final_unscaled)):
    if np.isnan(final).any():
        print(f"{name}: diverged, so it has no weights to show")
    else:
        print(f"{name}, after training: mean weight on the own key {np.diagonal(final).mean():.3f}")
        print(final)

# %% tags=["self-check"]
# The page's curves are those of the lab's own seed; a run that diverged has NaN weights, on the page too
if shown_initial_scaled is None:  # run on its own: no page to check against
    print("No page numbers to check against: download this notebook from its page to compare.")
else:
    assert np.allclose(initial_scaled, shown_initial_scaled, equal_nan=True), "initial_scaled differs from the page"
    assert np.allclose(initial_unscaled, shown_initial_unscaled, equal_nan=True), "initial_unscaled differs"
    assert np.allclose(loss_scaled, shown_loss_scaled, equal_nan=True), "loss_scaled differs from the page"
    assert np.allclose(loss_unscaled, shown_loss_unscaled, equal_nan=True), "loss_unscaled differs from the page"
    assert np.allclose(final_scaled, shown_final_scaled, equal_nan=True), "final_scaled differs from the page"
    assert np.allclose(final_unscaled, shown_final_unscaled, equal_nan=True), "final_unscaled differs from the page"
    print("All numbers match the page.")
