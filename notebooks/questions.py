# %% [markdown]
# {{t:questions-nb-shape}}

# %%
import numpy as np

np.set_printoptions(precision=3, suppress=True, linewidth=110)

# %% tags=["parameters"]
sentence = "the cat sat on the mat".split()  # your sentence's tokens
seed = 0
d_model = 8

# The numbers the page showed, with every digit: the last cell checks this notebook's against them
# Run on its own, there is no page and so nothing to check against:
shown_weights = shown_shape = None
shown_steps_attention = shown_steps_recurrent = shown_steps_causal = None

# %% tags=["defaults"]
# Run on its own, this notebook draws its own numbers from the sentence and the seed; the page writes its own
# numbers in the cell above and leaves this cell out.
labels_q = labels_k = sentence        # the question's queries, and its keys and values: here your sentence's
rng = np.random.default_rng(seed)
X_q = X_k = rng.standard_normal((len(sentence), d_model))                    # (n, d_model): self-attention
W_Q, W_K, W_V = rng.standard_normal((3, d_model, d_model)) / np.sqrt(d_model)   # (d_model, d_model) each


# %%
def softmax(z, axis=-1):
    """exp(z) / Σ exp(z) along `axis`, so that every slice sums to 1."""
    e = np.exp(z - z.max(axis=axis, keepdims=True))  # subtract the max so exp() cannot overflow
    return e / e.sum(axis=axis, keepdims=True)


Q = X_q @ W_Q                         # (n_q, d_model) @ (d_model, d_k) -> (n_q, d_k)
K = X_k @ W_K                         # (n_k, d_k)
V = X_k @ W_V                         # (n_k, d_v)
weights = softmax(Q @ K.T / np.sqrt(Q.shape[1]), axis=-1)   # (n_q, n_k): a row per query, a column per key
output = weights @ V
print("weights.shape =", weights.shape)
print("weights =\n", weights)

# %% [markdown]
# {{t:questions-nb-one-step}}


# %%
def steps_matrix(reads) -> np.ndarray:
    """(n, n) -> (n, n): entry [i, j] is the fewest steps for token j's information to reach token i, where
    reads[i, j] means token i reads token j directly in one step; 0 on the diagonal, +inf if it never arrives."""
    A = np.asarray(reads, dtype=bool)
    n = A.shape[0]
    steps = np.full((n, n), np.inf)
    np.fill_diagonal(steps, 0)
    reach = np.eye(n, dtype=bool)  # reach[i, j]: j's information is at i within k steps
    for k in range(1, n):
        reach = reach | ((A.astype(np.int64) @ reach.astype(np.int64)) > 0)  # i reads some m that has it
        steps[reach & np.isinf(steps)] = k
    return steps


n = len(sentence)
steps_attention = steps_matrix(np.ones((n, n), dtype=bool))                # every query reads every key
steps_recurrent = steps_matrix(np.eye(n, k=-1, dtype=bool))                # step t reads only step t − 1
steps_causal = steps_matrix(np.tril(np.ones((n, n), dtype=bool)))          # itself and what came before
print(f"token 1 -> token {n}: attention {steps_attention[n - 1, 0]:.0f} step(s), "
      f"recurrent network {steps_recurrent[n - 1, 0]:.0f}")
print("causal mask, steps j -> i =\n", steps_causal)

# %% tags=["self-check"]
if shown_weights is None:  # run on its own: no page to check against
    print("No page numbers to check against: download this notebook from its page to compare.")
else:
    assert weights.shape == shown_shape, "weights.shape is not the question's answer"
    assert np.allclose(weights, shown_weights), "weights differs from the page"
    if shown_steps_attention is not None:  # the page counts no steps for a one-token sentence
        assert np.allclose(steps_attention, shown_steps_attention), "steps_attention differs from the page"
        assert np.allclose(steps_recurrent, shown_steps_recurrent), "steps_recurrent differs from the page"
        assert np.allclose(steps_causal, shown_steps_causal), "steps_causal differs from the page"
    print("All numbers match the page.")
