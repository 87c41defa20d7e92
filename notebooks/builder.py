# %% [markdown]
# {{t:builder-nb-start}}

# %%
import numpy as np

np.set_printoptions(precision=3, suppress=True, linewidth=110)

# %% tags=["parameters"]
sentence = "the cat sat on the mat"
seed = 0
d_model = 8
i, j = 1, 2  # query 'cat', key 'sat'

# The numbers the page showed, with every digit: the last cell checks this notebook's against them
# Run on its own, there is no page and so nothing to check against:
shown_Q = shown_K = shown_V = shown_scores = shown_scaled = shown_weights = shown_output = None
shown_trace_weight = shown_trace_output = None

# %% tags=["defaults"]
# Run on its own, this notebook draws its own numbers from the sentence and the seed; the page writes its own
# numbers in the cell above and leaves this cell out.
labels = sentence.split()             # one per token, in order
rng = np.random.default_rng(seed)
X = rng.standard_normal((len(labels), d_model))                              # (n, d_model)
W_Q, W_K, W_V = rng.standard_normal((3, d_model, d_model)) / np.sqrt(d_model)   # (d_model, d_model) each
dims = q_dims = k_dims = v_dims = [f"d{c}" for c in range(d_model)]   # the axes' names: d0, d1, …


# %%
def softmax(z, axis=-1):
    """exp(z) / Σ exp(z) along `axis`, so that every slice sums to 1."""
    e = np.exp(z - z.max(axis=axis, keepdims=True))  # subtract the max so exp() cannot overflow
    return e / e.sum(axis=axis, keepdims=True)


# %% [markdown]
# {{t:builder-nb-shapes}}

# %%
n, d_model = X.shape
d_k, d_v = W_Q.shape[1], W_V.shape[1]
print(f"X: {n} × {d_model}   W_Q, W_K: {d_model} × {d_k}   W_V: {d_model} × {d_v}")
print(f"weights: {n} × {n} (one row per query, one column per key)   output: {n} × {d_v}")

# %% [markdown]
# {{t:builder-nb-project}}

# %%
Q = X @ W_Q                           # (n, d_model) @ (d_model, d_k) -> (n, d_k)
K = X @ W_K                           # (n, d_model) @ (d_model, d_k) -> (n, d_k)
V = X @ W_V                           # (n, d_model) @ (d_model, d_v) -> (n, d_v)
print("Q =\n", Q)
print("K =\n", K)
print("V =\n", V)

# %% [markdown]
# {{t:builder-nb-compare}}

# %%
scores = Q @ K.T                      # (n, d_k) @ (d_k, n) -> (n, n)
scaled = scores / np.sqrt(d_k)        # keeps the scores from growing with d_k
weights = softmax(scaled, axis=-1)    # (n, n), softmax over the keys: each row sums to 1
output = weights @ V                  # (n, n) @ (n, d_v) -> (n, d_v)
print("scores =\n", scores)
print("scaled =\n", scaled)
print("weights =\n", weights)
print("row sums:", weights.sum(axis=-1))
print("output =\n", output)

# %% tags=["plot"]
# Optional: draw weights (needs plotly: pip install plotly)
try:
    import plotly.graph_objects as go
except ImportError:
    print("plotly is not installed: this cell only draws, so you can skip it")
else:
    fig = go.Figure(go.Heatmap(z=weights, x=labels, y=labels, colorscale="Blues", zmin=0, zmax=1,
                               texttemplate="%{z:.2f}"))
    fig.update_layout(title="weights = softmax(QKᵀ/√d_k)", yaxis_autorange="reversed", xaxis_title="key",
                      yaxis_title="query")
    fig.show()

# %% [markdown]
# {{t:builder-nb-trace}}


# %%
def trace(Q, K, V, i, j):
    """Weight w_ij and output_i (d_v,) the slow way, printing every step: (weight, output_i)."""
    n, d_k = Q.shape
    products = Q[i] * K[j]            # (d_k,) element by element
    score = products.sum()            # q_i · k_j: cell (i, j) of QKᵀ
    scaled_ij = score / np.sqrt(d_k)
    row = np.array([Q[i] @ K[jj] for jj in range(n)]) / np.sqrt(d_k)  # every key's scaled score for query i
    # exp(710) overflows: beyond ±50 the page takes the row's max off first, which cancels in the ratio
    shift = row.max() if abs(row.max()) > 50 else 0.0
    exps = np.exp(row - shift)        # (n,)
    weight = exps[j] / exps.sum()
    shares = (exps / exps.sum())[:, None] * V   # (n, d_v): each key's share w · v of output_i
    print("1. q ⊙ k =", products)
    print("2. q · k =", score)
    print(f"3. ÷ √{d_k} =", scaled_ij)
    print("4. exps of the row =", exps)
    print("5. their sum =", exps.sum())
    print("6. weight =", weight)
    print("7. key j's share =", shares[j])
    print("8. output_i = Σ shares =", shares.sum(axis=0))
    return weight, shares.sum(axis=0)


weight, traced_output = trace(Q, K, V, i, j)
print("softmax gave", weights[i, j], " and the output matrix has", output[i])

# %% tags=["self-check"]
if shown_Q is None:  # run on its own: no page to check against
    print("No page numbers to check against: download this notebook from its page to compare.")
else:
    assert np.allclose(Q, shown_Q), "Q differs from the page"
    assert np.allclose(K, shown_K), "K differs from the page"
    assert np.allclose(V, shown_V), "V differs from the page"
    assert np.allclose(scores, shown_scores), "scores differs from the page"
    assert np.allclose(scaled, shown_scaled), "scaled differs from the page"
    assert np.allclose(weights, shown_weights), "weights differs from the page"
    assert np.allclose(output, shown_output), "output differs from the page"
    assert np.allclose(weight, shown_trace_weight), "weight differs from the page"
    assert np.allclose(traced_output, shown_trace_output), "traced_output differs from the page"
    print("All numbers match the page.")
