# %% [markdown]
# {{t:mistakes-nb-qkv}}

# %%
import numpy as np

np.set_printoptions(precision=3, suppress=True, linewidth=110)

# %% tags=["parameters"]
sentence = "the cat sat on the mat"
seed = 0
d_model = 8
heads = 2

# The numbers the page showed, with every digit: the last cell checks this notebook's against them
# Run on its own, there is no page and so nothing to check against:
shown_right_weights = shown_right_output = shown_axis0_weights = shown_axis0_output = None
shown_scale_weights_right = shown_scale_output_right = None
shown_scale_weights_sqrt_d_model = shown_scale_output_sqrt_d_model = None
shown_scale_weights_no_scale = shown_scale_output_no_scale = None
shown_swap_weights = shown_v_as_k_weights = shown_k_as_v_output = None

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


# %%
Q = X @ W_Q                           # (n, d_model) @ (d_model, d_model) -> (n, d_model): one head, d_k = d_model
K = X @ W_K
V = X @ W_V
n, d_model = X.shape

right_scores = Q @ K.T / np.sqrt(d_model)   # (n, n), the right scaled scores for this one head
right_weights = softmax(right_scores, axis=-1)  # right: softmax over the keys, each row sums to 1
right_output = right_weights @ V            # (n, d_model)
print("right weights =\n", right_weights)

# %% [markdown]
# {{t:mistakes-nb-axis}}

# %%
axis0_weights = softmax(right_scores, axis=0)   # WRONG: normalises over the queries
axis0_output = axis0_weights @ V
print("WRONG weights =\n", axis0_weights)
print("row sums, right:", right_weights.sum(axis=-1))
print("row sums, WRONG:", axis0_weights.sum(axis=-1))
print("column sums, WRONG:", axis0_weights.sum(axis=0))
print("largest output change:", np.abs(axis0_output - right_output).max())

# %% [markdown]
# {{t:mistakes-nb-scale}}


# %%
def attention_heads(Q, K, V, heads, divide_by):
    """softmax(Q Kᵀ / divide_by) V in each of `heads` heads of Q, K, V (n, d_model): the weights (heads, n, n),
    and the heads' outputs side by side again, (n, d_model)."""
    n, d_model = Q.shape
    d_k = d_model // heads
    Q_h, K_h, V_h = (M.reshape(n, heads, d_k).transpose(1, 0, 2) for M in (Q, K, V))  # (heads, n, d_k)
    weights = softmax(Q_h @ K_h.transpose(0, 2, 1) / divide_by, axis=-1)   # (heads, n, n)
    return weights, (weights @ V_h).transpose(1, 0, 2).reshape(n, d_model)


def mean_row_entropy(weights):
    """The entropy of each row of weights, in nats, averaged; 0 · log 0 counts as 0."""
    logs = np.log(weights, out=np.zeros_like(weights), where=weights > 0)
    return -np.sum(weights * logs, axis=-1).mean()


d_k = d_model // heads
divisors = {"right": np.sqrt(d_k),            # right: √d_k
            "sqrt_d_model": np.sqrt(d_model),  # WRONG: √d_model, not √d_k
            "no_scale": 1.0}                  # WRONG: no scaling at all
scale_weights, scale_output = {}, {}
for name, divide_by in divisors.items():
    if name == "right" or divide_by != divisors["right"]:  # a wrong divisor that equals √d_k changes nothing
        scale_weights[name], scale_output[name] = attention_heads(Q, K, V, heads, divide_by)
        print(f"mean row entropy (nats), {name}:", mean_row_entropy(scale_weights[name]))

# %% [markdown]
# {{t:mistakes-nb-roles}}

# %%
swap_weights = softmax(K @ Q.T / np.sqrt(d_model), axis=-1)     # WRONG: K Qᵀ, the transpose of the scores
v_as_k_weights = softmax(Q @ V.T / np.sqrt(d_model), axis=-1)   # WRONG: V in place of K when scoring
k_as_v_output = right_weights @ K                                # WRONG: K in place of V as the values
print("swapped weights are the right scores transposed:", np.allclose(K @ Q.T, (Q @ K.T).T))
print("V-as-K weights, rows still sum to 1:", v_as_k_weights.sum(axis=-1))
print("K-as-V output, largest change:", np.abs(k_as_v_output - right_output).max())

# %% tags=["plot"]
# Optional: draw axis0_weights (needs plotly: pip install plotly)
try:
    import plotly.graph_objects as go
except ImportError:
    print("plotly is not installed: this cell only draws, so you can skip it")
else:
    fig = go.Figure(go.Heatmap(z=axis0_weights, x=labels, y=labels, colorscale="Blues", zmin=0, zmax=1,
                               texttemplate="%{z:.2f}"))
    fig.update_layout(title="WRONG: softmax over the queries", yaxis_autorange="reversed", xaxis_title="key",
                      yaxis_title="query")
    fig.show()

# %% tags=["self-check"]
if shown_right_weights is None:  # run on its own: no page to check against
    print("No page numbers to check against: download this notebook from its page to compare.")
else:
    assert np.allclose(right_weights, shown_right_weights), "right_weights differs from the page"
    assert np.allclose(right_output, shown_right_output), "right_output differs from the page"
    assert np.allclose(axis0_weights, shown_axis0_weights), "axis0_weights differs from the page"
    assert np.allclose(axis0_output, shown_axis0_output), "axis0_output differs from the page"
    # a scale the page leaves out (it changes nothing at this width) is None there, and this notebook skips it too
    for name, page_weights, page_output in (
            ("right", shown_scale_weights_right, shown_scale_output_right),
            ("sqrt_d_model", shown_scale_weights_sqrt_d_model, shown_scale_output_sqrt_d_model),
            ("no_scale", shown_scale_weights_no_scale, shown_scale_output_no_scale)):
        assert (name in scale_weights) == (page_weights is not None), f"the page drew {name} and this did not, or back"
        if page_weights is not None:
            assert np.allclose(scale_weights[name], page_weights), f"scale_weights[{name!r}] differs from the page"
            assert np.allclose(scale_output[name], page_output), f"scale_output[{name!r}] differs from the page"
    assert np.allclose(swap_weights, shown_swap_weights), "swap_weights differs from the page"
    assert np.allclose(v_as_k_weights, shown_v_as_k_weights), "v_as_k_weights differs from the page"
    assert np.allclose(k_as_v_output, shown_k_as_v_output), "k_as_v_output differs from the page"
    print("All numbers match the page.")
