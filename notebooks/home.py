# %% [markdown]
# {{t:home-nb-inputs}}

# %%
import numpy as np

np.set_printoptions(precision=3, suppress=True, linewidth=110)

# %% tags=["parameters"]
sentence = "the cat sat on the mat"
seed = 0
d_model = 8
i = 2  # the query to follow: 'sat'

# The numbers the page showed, with every digit: the last cell checks this notebook's against them
# Run on its own, there is no page and so nothing to check against:
shown_scores = shown_weights = shown_output = None

# %% tags=["defaults"]
# Run on its own, this notebook draws its own numbers from the sentence and the seed; the page writes its own
# numbers in the cell above and leaves this cell out.
labels = sentence.split()             # one per token, in order
rng = np.random.default_rng(seed)
X = rng.standard_normal((len(labels), d_model))                              # (n, d_model)
W_Q, W_K, W_V = rng.standard_normal((3, d_model, d_model)) / np.sqrt(d_model)   # (d_model, d_model) each


# %%
def softmax(z, axis=-1):
    """exp(z) / Σ exp(z) along `axis`, so that every slice sums to 1."""
    e = np.exp(z - z.max(axis=axis, keepdims=True))  # subtract the max so exp() cannot overflow
    return e / e.sum(axis=axis, keepdims=True)


# %% [markdown]
# {{t:home-nb-roles}}

# %%
Q = X @ W_Q                           # (n, d_model) @ (d_model, d_k) -> (n, d_k)
K = X @ W_K                           # (n, d_model) @ (d_model, d_k) -> (n, d_k)
V = X @ W_V                           # (n, d_model) @ (d_model, d_v) -> (n, d_v)
n, d_k = Q.shape
print("Q =\n", Q)
print("K =\n", K)
print("V =\n", V)

# %% [markdown]
# {{t:home-nb-one-query}}

# %%
scores_i = Q[i] @ K.T                 # (d_k,) @ (d_k, n) -> (n,): how well query i matches each key
scaled_i = scores_i / np.sqrt(d_k)    # so that the scores do not grow with the width
weights_i = softmax(scaled_i)         # (n,), sums to 1
print(f"query {labels[i]!r}, d_k = {d_k}")
for label, s, z, w in zip(labels, scores_i, scaled_i, weights_i, strict=True):
    print(f"{label:>12}   score {s:9.3f}   scaled {z:9.3f}   weight {w:.3f}")
print("the weights sum to", weights_i.sum())

# %% [markdown]
# {{t:home-nb-output}}

# %%
shares = weights_i[:, None] * V       # (n, d_v): key j's share w_j · v_j
output_i = shares.sum(axis=0)         # (d_v,): the output for query i
print("shares =\n", shares)
print(f"output for {labels[i]!r} =", output_i)

# %% [markdown]
# {{t:home-nb-every-query}}

# %%
scores = Q @ K.T                      # (n, d_k) @ (d_k, n) -> (n, n)
scaled = scores / np.sqrt(d_k)
weights = softmax(scaled, axis=-1)    # normalise over the keys: each row sums to 1
output = weights @ V                  # (n, n) @ (n, d_v) -> (n, d_v)
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

# %% tags=["self-check"]
if shown_scores is None:  # run on its own: no page to check against
    print("No page numbers to check against: download this notebook from its page to compare.")
else:
    assert np.allclose(scores, shown_scores), "scores differs from the page"
    assert np.allclose(weights, shown_weights), "weights differs from the page"
    assert np.allclose(output, shown_output), "output differs from the page"
    assert np.allclose(weights_i, shown_weights[i]), "weights_i differs from the page's row i"
    assert np.allclose(output_i, shown_output[i]), "output_i differs from the page's row i"
    print("All numbers match the page.")
