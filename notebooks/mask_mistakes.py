# %% [markdown]
# {{t:mask-mistakes-nb-mask}}

# %%
import numpy as np

np.set_printoptions(precision=3, suppress=True, linewidth=110)

# %% tags=["parameters"]
sentence = "the cat sat on the mat"
seed = 0
d_model = 8
mask_kind = "causal"  # or "none": every query may attend to every key
dtype = "float64"  # section 4's dtype: 'float64', 'float32' or 'float16'
fill = "-1e9"  # section 4's finite stand-in for −∞: '-1e9', '-1e6' or 'min', the dtype's lowest
row = 0  # section 4: the row to block fully: 'the'
leak_t, leak_word = 5, "dog"  # section 5: the token to replace, 'mat' -> 'dog'

# The numbers the page showed, with every digit: the last cell checks this notebook's against them
# Run on its own, there is no page and so nothing to check against:
shown_right_weights = shown_right_output = shown_after_weights = shown_inverted_weights = None
shown_axis_weights = shown_fill_rows = shown_change_free = shown_change_causal = None

# %% tags=["defaults"]
# Run on its own, this notebook draws its own numbers from the sentence and the seed; the page writes its own
# numbers in the cell above and leaves this cell out.
labels = sentence.split()             # one per token, in order
n = len(labels)
rng = np.random.default_rng(seed)
X = rng.standard_normal((n, d_model))                                        # (n, d_model)
W_Q, W_K, W_V = rng.standard_normal((3, d_model, d_model)) / np.sqrt(d_model)   # (d_model, d_model) each
mask = np.tril(np.ones((n, n), dtype=bool)) if mask_kind == "causal" else np.ones((n, n), dtype=bool)
leak_x = rng.standard_normal(d_model)  # section 5: the new word's row of X (drawn here, not looked up)


# %%
def softmax(z, axis=-1):
    """exp(z) / Σ exp(z) along `axis`. A −∞ score gets weight 0; a slice of only −∞ gets 0s, not NaN."""
    top = z.max(axis=axis, keepdims=True)
    top = np.where(np.isneginf(top), 0.0, top)  # subtract the max so exp() cannot overflow (0 if all are −∞)
    e = np.exp(z - top)
    total = e.sum(axis=axis, keepdims=True)
    return np.divide(e, total, out=np.zeros_like(e), where=total > 0)  # an all −∞ slice stays 0, not 0/0


# %%
Q, K, V = X @ W_Q, X @ W_K, X @ W_V   # (n, d_model) each: one head, d_k = d_model
n, d_k = Q.shape
scores = Q @ K.T                      # (n, n)
scaled = scores * (1 / np.sqrt(d_k))
right_weights = softmax(np.where(mask, scaled, -np.inf))   # right: block, then normalise
right_output = right_weights @ V
print("right weights =\n", right_weights)

# %% [markdown]
# {{t:mask-mistakes-nb-after}}

# %%
after_weights = softmax(scaled) * mask   # WRONG: blocked keys already took their share
print("WRONG, mask after the softmax: weights =\n", after_weights)
print("row sums, WRONG:", after_weights.sum(axis=-1))
print("row sums, right:", right_weights.sum(axis=-1))

# %% [markdown]
# {{t:mask-mistakes-nb-inverted}}

# %%
inverted_weights = softmax(np.where(~mask, scaled, -np.inf))   # WRONG: True read as "blocked"
print("WRONG, mask inverted: weights =\n", inverted_weights)

# %% [markdown]
# {{t:mask-mistakes-nb-axis}}

# %%
axis_weights = softmax(np.where(mask.T, scaled, -np.inf))   # WRONG: rows and columns swapped
print("WRONG, mask on the wrong axis: weights =\n", axis_weights)

# %% [markdown]
# {{t:mask-mistakes-nb-fill}}


# %%
def plain_softmax(x):
    """The textbook softmax in x's own dtype: a row of only −∞ gives exp(−∞ − (−∞)) = NaN."""
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


mask4 = mask.copy()
mask4[row] = False                    # the row the page shows sees no key at all
with np.errstate(over="ignore", invalid="ignore", divide="ignore"):   # the NaN and the overflow are the lesson
    x = scaled.astype(dtype)
    naive = plain_softmax(np.where(mask4, x, -np.inf))          # WRONG: −∞ with a plain softmax
    FILL = np.finfo(dtype).min if fill == "min" else float(fill)  # the finite stand-in for −∞
    fill_value = np.asarray(FILL).astype(dtype)                 # float16 cannot hold −1e9: it becomes −inf
    filled = plain_softmax(np.where(mask4, x, fill_value).astype(dtype))   # WRONG: a finite fill
    safe = softmax(np.where(mask4, x, -np.inf))                 # right: −∞, and 0s for a row that sees nothing
fill_rows = np.stack([naive[row], filled[row], safe[row]], axis=1).astype(float)   # (n, 3)
print(f"the row of {labels[row]!r}, every key blocked, in {dtype}: −∞ | fill {fill_value} | right")
print(fill_rows)

# %% [markdown]
# {{t:mask-mistakes-nb-leak-heading}}


# %%
def attend(Q, K, V, mask=None):
    """softmax(Q Kᵀ / √d_k) V (n, d_v), every blocked pair of `mask` at −∞ first; no mask: every pair."""
    z = Q @ K.T * (1 / np.sqrt(Q.shape[1]))
    return softmax(z if mask is None else np.where(mask, z, -np.inf)) @ V


causal = np.tril(np.ones((n, n), dtype=bool))
if leak_t is None:
    print("The page draws no leak test just now, so neither does this notebook.")
else:
    X2 = X.copy()
    X2[leak_t] = leak_x               # the new word's embedding plus its position
    Q2, K2, V2 = X2 @ W_Q, X2 @ W_K, X2 @ W_V
    change_free = np.abs(attend(Q2, K2, V2) - attend(Q, K, V)).max(axis=-1)           # WRONG: no mask
    change_causal = np.abs(attend(Q2, K2, V2, causal) - attend(Q, K, V, causal)).max(axis=-1)
    print(f"{labels[leak_t]!r} -> {leak_word!r}")
    print("largest change in each output, no mask:    ", change_free)
    print("largest change in each output, causal mask:", change_causal)
    print("outputs before it that moved without a mask:",
          [labels[k] for k in range(leak_t) if change_free[k] > 1e-12])

# %% tags=["self-check"]
if shown_right_weights is None:  # run on its own: no page to check against
    print("No page numbers to check against: download this notebook from its page to compare.")
else:
    assert np.allclose(right_weights, shown_right_weights), "right_weights differs from the page"
    assert np.allclose(right_output, shown_right_output), "right_output differs from the page"
    assert np.allclose(after_weights, shown_after_weights), "after_weights differs from the page"
    assert np.allclose(inverted_weights, shown_inverted_weights), "inverted_weights differs from the page"
    assert np.allclose(axis_weights, shown_axis_weights), "axis_weights differs from the page"
    assert np.allclose(fill_rows, shown_fill_rows, equal_nan=True), "fill_rows differs from the page"  # NaN: the lesson
    if leak_t is not None:
        assert np.allclose(change_free, shown_change_free), "change_free differs from the page"
        assert np.allclose(change_causal, shown_change_causal), "change_causal differs from the page"
    print("All numbers match the page.")
