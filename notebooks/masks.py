# %% [markdown]
# {{t:masks-nb-sentence}}

# %%
import numpy as np

np.set_printoptions(precision=3, suppress=True, linewidth=110)

# %% tags=["parameters"]
sentence = "the cat sat on the mat"
seed = 0
d_model = 8
heads = 2
mask_kind = "causal"  # or "none": every query may attend to every key
h = 0  # the head to follow step by step (head 1)
i = 5  # the query to follow: 'mat'

# The numbers the page showed, with every digit: the last cell checks this notebook's against them
# Run on its own, there is no page and so nothing to check against:
shown_scaled = shown_weights = shown_head_outputs = shown_output = shown_average = None

# %% tags=["defaults"]
# Run on its own, this notebook draws its own numbers from the sentence and the seed; the page writes its own
# numbers in the cell above and leaves this cell out.
labels = sentence.split()             # one per token, in order
n = len(labels)
rng = np.random.default_rng(seed)
X = rng.standard_normal((n, d_model))                                        # (n, d_model)
W_Q, W_K, W_V, W_O = rng.standard_normal((4, d_model, d_model)) / np.sqrt(d_model)   # (d_model, d_model) each
mask = np.tril(np.ones((n, n), dtype=bool)) if mask_kind == "causal" else np.ones((n, n), dtype=bool)


# %%
def softmax(z, axis=-1):
    """exp(z) / Σ exp(z) along `axis`. A −∞ score gets weight 0; a slice of only −∞ gets 0s, not NaN."""
    top = z.max(axis=axis, keepdims=True)
    top = np.where(np.isneginf(top), 0.0, top)  # subtract the max so exp() cannot overflow (0 if all are −∞)
    e = np.exp(z - top)
    total = e.sum(axis=axis, keepdims=True)
    return np.divide(e, total, out=np.zeros_like(e), where=total > 0)  # an all −∞ slice stays 0, not 0/0


# %% [markdown]
# {{t:masks-nb-steps}}


# %%
def multi_head(X, W_Q, W_K, W_V, W_O, heads, mask):
    """Multi-head attention with `mask` (n, n) on every head: the masked scaled scores and the weights
    (heads, n, n), each head's output (heads, n, d_k) and the layer's output (n, d_model)."""
    n, d_model = X.shape
    d_k = d_model // heads                # each head's width
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V   # (n, d_model) each
    Q_h, K_h, V_h = (M.reshape(n, heads, d_k).transpose(1, 0, 2) for M in (Q, K, V))  # (heads, n, d_k)
    scores = Q_h @ K_h.transpose(0, 2, 1)            # (heads, n, d_k) @ (heads, d_k, n) -> (heads, n, n)
    scaled = np.where(mask, scores / np.sqrt(d_k), -np.inf)   # blocked pairs: −∞, in every head
    weights = softmax(scaled, axis=-1)              # (heads, n, n); a row with no allowed key stays all 0
    head_outputs = weights @ V_h                     # (heads, n, d_k)
    concat = head_outputs.transpose(1, 0, 2).reshape(n, heads * d_k)   # the heads side by side, (n, d_model)
    return scaled, weights, head_outputs, concat @ W_O


scaled, weights, head_outputs, output = multi_head(X, W_Q, W_K, W_V, W_O, heads, mask)
print(f"head {h + 1}: masked scores =\n", scaled[h])
print(f"head {h + 1}: weights =\n", weights[h])
print(f"head {h + 1}: output =\n", head_outputs[h])
print("queries that may see no key (their weights and outputs are 0):",
      [labels[r] for r in np.flatnonzero(~mask.any(axis=1))])

# %% [markdown]
# {{t:masks-nb-heads}}

# %%
print(f"weights of {labels[i]!r} in each head =\n", weights[:, i, :])
average = weights.mean(axis=0)         # (n, n)
print("average over the heads =\n", average)

# %% tags=["plot"]
# Optional: draw average (needs plotly: pip install plotly)
try:
    import plotly.graph_objects as go
except ImportError:
    print("plotly is not installed: this cell only draws, so you can skip it")
else:
    fig = go.Figure(go.Heatmap(z=average, x=labels, y=labels, colorscale="Blues", zmin=0, zmax=1,
                               texttemplate="%{z:.2f}"))
    fig.update_layout(title="the heads' average weights", yaxis_autorange="reversed", xaxis_title="key",
                      yaxis_title="query")
    fig.show()

# %% tags=["self-check"]
if shown_scaled is None:  # run on its own: no page to check against
    print("No page numbers to check against: download this notebook from its page to compare.")
else:
    assert np.allclose(scaled, shown_scaled), "scaled differs from the page"
    assert np.allclose(weights, shown_weights), "weights differs from the page"
    assert np.allclose(head_outputs, shown_head_outputs), "head_outputs differs from the page"
    assert np.allclose(output, shown_output), "output differs from the page"
    assert np.allclose(average, shown_average), "average differs from the page"
    print("All numbers match the page.")
