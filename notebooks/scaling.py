# %% [markdown]
# {{t:scaling-nb-two-keys}}

# %%
import numpy as np

np.set_printoptions(precision=3, suppress=True, linewidth=110)

# %% tags=["parameters"]
sentence = "the cat sat on the mat"  # section 4
seed = 0  # sections 2 to 4
d_model, heads = 8, 2  # section 4: one head is d_model // heads wide
z = np.array([8.0, 0.0])  # section 1: the two scores, z₁ and z₂
d_k = 64  # section 1: their width
n_samples, sample_d_k = 4000, 64  # section 2
n_keys, n_seeds = 8, 500  # section 3: keys per draw, draws per width
curve_d_ks = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]  # section 3: the widths
tau = 2.0  # section 4: the divisor τ

# The numbers the page showed, with every digit: the last cell checks this notebook's against them
# Run on its own, there is no page and so nothing to check against:
shown_p_unscaled = shown_p_scaled = shown_J_unscaled = shown_J_scaled = shown_std = shown_std_scaled = None
shown_max_weight_unscaled = shown_max_weight_sqrt_dk = shown_max_weight_dk = None
shown_entropy_unscaled = shown_entropy_sqrt_dk = shown_entropy_dk = None
shown_temp_weights = shown_row_entropy = None

# %% tags=["defaults"]
# Run on its own, this notebook draws its own numbers from the sentence and the seed; the page writes its own
# numbers in the cell above and leaves this cell out.
labels = sentence.split()             # section 4: your sentence's tokens
rng = np.random.default_rng(seed)
Q, K = rng.standard_normal((2, len(labels), d_model // heads))   # head 1's queries and keys, (n, d_k) each


# %%
def softmax(z, axis=-1):
    """exp(z) / Σ exp(z) along `axis`, so that every slice sums to 1."""
    e = np.exp(z - z.max(axis=axis, keepdims=True))  # subtract the max so exp() cannot overflow
    return e / e.sum(axis=axis, keepdims=True)


with np.errstate(over="ignore"):      # scores near ±1e308 overflow in z − max; softmax gives them weight 0
    p_unscaled = softmax(z)           # (2,)
    scaled = z / np.sqrt(d_k)         # (2,)
    p_scaled = softmax(scaled)        # (2,)
print("softmax(z)        =", p_unscaled)
print("softmax(z / √d_k) =", p_scaled)

# %% [markdown]
# {{t:scaling-nb-slopes}}


# %%
def jacobian(p):
    """∂p_i/∂z_j = p_i (δ_ij − p_j) for softmax output p (n,) -> (n, n)."""
    return p[:, None] * (np.eye(len(p)) - p[None, :])


J_unscaled = jacobian(p_unscaled)
J_scaled = jacobian(p_scaled)
print("∂p/∂z, unscaled =\n", J_unscaled)
print("∂p/∂z, scores ÷ √d_k =\n", J_scaled)
own = 1 if p_unscaled[0] == p_unscaled[1] else int(np.argmin(p_unscaled))  # the key with less weight
print("slope of the weaker key, unscaled:", J_unscaled[own, own])
print("slope of the weaker key, scaled:  ", J_scaled[own, own])
print("reaching W_Q and W_K (chain rule ÷ √d_k):", J_scaled[own, own] / np.sqrt(d_k))

# %% [markdown]
# {{t:scaling-nb-variance}}


# %%
def sample_dots(d_k, n_samples, seed):
    """q·k for n_samples pairs of q, k with independent N(0, 1) entries of width d_k -> (n_samples,)."""
    rng = np.random.default_rng(seed)
    q = rng.standard_normal((n_samples, d_k))  # (n_samples, d_k)
    k = rng.standard_normal((n_samples, d_k))  # (n_samples, d_k)
    return np.einsum("sd,sd->s", q, k)         # one dot product per pair


dots = sample_dots(sample_d_k, n_samples, seed)
dots_scaled = dots / np.sqrt(sample_d_k)
print(f"d_k = {sample_d_k}: std of q·k = {dots.std():.3f} (theory √d_k = {np.sqrt(sample_d_k):.3f}), "
      f"std of q·k / √d_k = {dots_scaled.std():.3f} (theory 1)")

# %% [markdown]
# {{t:scaling-nb-peakedness}}

# %%
divisors = {"unscaled": lambda d: 1.0, "sqrt_dk": lambda d: np.sqrt(d), "dk": lambda d: float(d)}


def entropy(p):
    """−Σ p log p over the last axis, in nats; 0 · log 0 counts as 0."""
    logs = np.log(p, out=np.zeros_like(p), where=p > 0)
    return -np.sum(p * logs, axis=-1)


def peakedness(n_keys, curve_d_ks, n_seeds, seed):
    """The mean largest weight and the mean entropy of softmax over n_keys random keys, for every width in
    curve_d_ks and every divisor: two dicts of (len(curve_d_ks),) arrays."""
    rng = np.random.default_rng(seed)
    scores = np.zeros((n_seeds, n_keys))  # q·k_j over the coordinates drawn so far
    width = 0
    max_weight = {name: np.empty(len(curve_d_ks)) for name in divisors}
    mean_entropy = {name: np.empty(len(curve_d_ks)) for name in divisors}
    for m in np.argsort(curve_d_ks, kind="stable"):
        d = curve_d_ks[m]
        while width < d:                  # extend q and every key, 64 coordinates at a time
            w = min(d - width, 64)
            q = rng.standard_normal((n_seeds, 1, w))
            K_draw = rng.standard_normal((n_seeds, n_keys, w))
            scores += np.einsum("sqd,skd->sk", q, K_draw)
            width += w
        for name, divisor in divisors.items():
            p = softmax(scores / divisor(d), axis=-1)   # (n_seeds, n_keys)
            max_weight[name][m] = p.max(axis=-1).mean()
            mean_entropy[name][m] = entropy(p).mean()
    return max_weight, mean_entropy


max_weight, mean_entropy = peakedness(n_keys, curve_d_ks, n_seeds, seed)
for name in divisors:
    print(f"{name:>9}  largest weight {max_weight[name]}")
    print(f"{'':>9}  entropy        {mean_entropy[name]}")

# %% [markdown]
# {{t:scaling-nb-temperature}}

# %%
scores = Q @ K.T                      # (n, d_k) @ (d_k, n) -> (n, n)
with np.errstate(over="ignore"):      # a tiny τ can push scores / τ past the float range
    temp_weights = softmax(scores / tau, axis=-1)   # each row sums to 1
row_entropy = entropy(temp_weights)   # (n,): 0 is a hard argmax, log n is uniform
print("weights = softmax(QKᵀ / τ) =\n", temp_weights)
print("row entropies:", row_entropy, " uniform would be", np.log(len(labels)))
print("mean row entropy:", row_entropy.mean())

# %% tags=["plot"]
# Optional: draw temp_weights (needs plotly: pip install plotly)
try:
    import plotly.graph_objects as go
except ImportError:
    print("plotly is not installed: this cell only draws, so you can skip it")
else:
    fig = go.Figure(go.Heatmap(z=temp_weights, x=labels, y=labels, colorscale="Blues", zmin=0, zmax=1,
                               texttemplate="%{z:.2f}"))
    fig.update_layout(title="weights = softmax(QKᵀ / τ)", yaxis_autorange="reversed", xaxis_title="key",
                      yaxis_title="query")
    fig.show()

# %% tags=["self-check"]
if shown_p_unscaled is None:  # run on its own: no page to check against
    print("No page numbers to check against: download this notebook from its page to compare.")
else:
    assert np.allclose(p_unscaled, shown_p_unscaled), "p_unscaled differs from the page"
    assert np.allclose(p_scaled, shown_p_scaled), "p_scaled differs from the page"
    # the slopes can be far below allclose's absolute tolerance: compare them digit by digit too
    assert np.allclose(J_unscaled, shown_J_unscaled, rtol=1e-9, atol=0), "J_unscaled differs from the page"
    assert np.allclose(J_scaled, shown_J_scaled, rtol=1e-9, atol=0), "J_scaled differs from the page"
    assert np.allclose(dots.std(), shown_std), "dots.std() differs from the page"
    assert np.allclose(dots_scaled.std(), shown_std_scaled), "dots_scaled.std() differs from the page"
    assert np.allclose(max_weight["unscaled"], shown_max_weight_unscaled), "max_weight['unscaled'] differs"
    assert np.allclose(max_weight["sqrt_dk"], shown_max_weight_sqrt_dk), "max_weight['sqrt_dk'] differs"
    assert np.allclose(max_weight["dk"], shown_max_weight_dk), "max_weight['dk'] differs from the page"
    assert np.allclose(mean_entropy["unscaled"], shown_entropy_unscaled), "mean_entropy['unscaled'] differs"
    assert np.allclose(mean_entropy["sqrt_dk"], shown_entropy_sqrt_dk), "mean_entropy['sqrt_dk'] differs"
    assert np.allclose(mean_entropy["dk"], shown_entropy_dk), "mean_entropy['dk'] differs from the page"
    assert np.allclose(temp_weights, shown_temp_weights), "temp_weights differs from the page"
    assert np.allclose(row_entropy, shown_row_entropy), "row_entropy differs from the page"
    print("All numbers match the page.")
