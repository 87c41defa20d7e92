# %% [markdown]
# {{t:induction-nb-intro}}

# %%
import numpy as np

np.set_printoptions(precision=3, suppress=True, linewidth=110)

# %% tags=["parameters"]
weights_file = "induction_model.npz"  # the trained weights: beside this notebook
words = "the cat sat on the mat".split()  # one per token, in order
off = []  # heads switched off everywhere, as [layer, head] pairs counted from 0: [[0, 2]] is layer 1's head 3
keys_off = []  # layer-1 heads (from 0) taken out of layer 2's keys' input only
head = 3  # the layer-2 head to follow (head 4)
query = 8  # the query to follow, an index into the sequence (⟨start⟩ is 0): 'cat·7', in the second copy

# The numbers the page showed, with every digit: the last cell checks this notebook's against them
# Run on its own, there is no page and so nothing to check against:
shown_weights = shown_previous = shown_induction = shown_guesses = shown_loss = shown_terms = None

# %% tags=["defaults"]
# Run on its own, this notebook numbers the words as the page does: each distinct word (case folded) gets the next
# token id, in the order the words first appear. The page writes its own ids in the cell above and leaves this out.
ids = {}
r = [ids.setdefault(word.casefold(), len(ids)) for word in words]  # each word's token id, 0 … 63


# %%
def load_weights(name):
    """The model's weights as float64, from `name` beside this notebook, else from a checkout's attn_core/."""
    for path in (name, f"attn_core/{name}"):
        try:
            with np.load(path) as f:
                arrays = [f[key].astype(np.float64) for key in ("E", "P", "W_Q", "W_K", "W_V", "W_O", "U")]
                return (*arrays, int(f["heads"]))
        except FileNotFoundError:
            continue
    raise SystemExit(f'No file "{name}" here: download "{name}" from the page\'s "Take it home" section and put '
                     "it beside this notebook.")


E, P, W_Q, W_K, W_V, W_O, U, heads = load_weights(weights_file)
n_ids, d_model = E.shape              # 65 ids: the 64 tokens and the start token
START = N_TOKENS = n_ids - 1          # the start token's id (64), which is also how many tokens there are
d_head = d_model // heads             # each head's width
print("token embeddings E", E.shape, " positions P", P.shape, " W_Q, W_K, W_V, W_O", W_Q.shape, " unembedding U",
      U.shape, f" heads {heads}, d_head {d_head}")

# %% [markdown]
# {{t:induction-nb-sentence}}

# %%
L = len(r)
tokens = np.array([START, *r, *r])    # start, r, r: (T,)
T = len(tokens)
# every label unique: ⟨start⟩, then each token with its position counted from 0 after the start token, as the pages
# label a sentence (the·0 … the·4), the second copy counting on; tokens[k] is labels[k]
labels = ["⟨start⟩"] + [f"{word}·{k}" for k, word in enumerate(list(words) * 2)]
name_of = {}
for word, token in zip(words, r, strict=True):
    name_of.setdefault(token, word)   # a token's word: the first word with that id
print("labels:", " ".join(labels))
print("token ids:", tokens)


# %% [markdown]
# {{t:induction-nb-layers}}


# %%
def softmax(z, axis=-1):
    """exp(z) / Σ exp(z) along `axis`; a −∞ score (a blocked key) gets weight 0."""
    e = np.exp(z - z.max(axis=axis, keepdims=True))  # subtract the max so exp() cannot overflow
    return e / e.sum(axis=axis, keepdims=True)


causal = np.tril(np.ones((T, T), dtype=bool))  # a query (row) may attend to itself and the keys before it


def attention_layer(layer, x, x_keys, off):
    """One layer's heads. Queries read the stream x plus positions, keys read x_keys plus positions, values read x.
    Returns the queries (heads, T, d_head), the weights (heads, T, T) and what each head adds to the stream
    (heads, T, d_model), nothing for a head in `off`."""
    def per_head(M):                  # (T, heads·d_head) -> (heads, T, d_head)
        return M.reshape(T, heads, d_head).transpose(1, 0, 2)

    q = per_head((x + P[:T]) @ W_Q[layer])
    k = per_head((x_keys + P[:T]) @ W_K[layer])
    v = per_head(x @ W_V[layer])
    scaled = np.where(causal, q @ k.transpose(0, 2, 1) / np.sqrt(d_head), -np.inf)  # (heads, T, T)
    weights = softmax(scaled)
    z = weights @ v                   # (heads, T, d_head)
    for layer_off, h in off:
        if layer_off == layer:
            z[h] = 0                  # this head is switched off: it adds nothing
    return q, weights, z @ W_O[layer].reshape(heads, d_head, d_model)


def forward(off, keys_off):
    """The model on `tokens`, the heads in `off` switched off and the layer-1 heads in `keys_off` taken out of layer
    2's keys' input: every head's weights (layers, heads, T, T), layer 2's queries, what each layer-1 head added to
    the stream (heads, T, d_model) and the logits (T, 65), a score for every id coming next."""
    x0 = E[tokens]                    # (T, d_model): the stream starts as the tokens' embeddings
    q1, weights1, out1 = attention_layer(0, x0, x0, off)
    x1 = x0 + out1.sum(axis=0)        # layer 1's heads add their outputs to the stream
    x1_keys = x1 - out1[list(keys_off)].sum(axis=0)  # layer 2's keys' input, less the heads in keys_off
    q2, weights2, out2 = attention_layer(1, x1, x1_keys, off)
    x2 = x1 + out2.sum(axis=0)
    return np.stack([weights1, weights2]), q2, out1, x2 @ U


weights, _, _, logits = forward(off, keys_off=[])  # the page's tables, scores, guesses and loss
print(f"layer 2, head {head + 1}: weights =\n", weights[1, head])

# %% [markdown]
# {{t:induction-nb-kinds}}

# %%
rows = np.arange(1, T)
previous = weights[:, :, rows, rows - 1].mean(axis=-1)  # (layers, heads)
first_seen, repeats, targets = {}, [], []
for i, token in enumerate(tokens.tolist()):
    if token in first_seen and i > L:  # a token of the second copy that came before
        repeats.append(i)
        targets.append(first_seen[token] + 1)  # the key just after its first occurrence
    first_seen.setdefault(token, i)
if repeats:
    induction = weights[:, :, repeats, targets].mean(axis=-1)  # (layers, heads)
else:
    induction = np.full((2, heads), np.nan)
for layer in range(2):
    print(f"layer {layer + 1}: previous-token scores {previous[layer]}   induction scores {induction[layer]}")

# %% [markdown]
# {{t:induction-nb-guesses}}

# %%
scores64 = logits[:, :N_TOKENS]
log_probs = scores64 - scores64.max(axis=1, keepdims=True)
log_probs = log_probs - np.log(np.exp(log_probs).sum(axis=1, keepdims=True))  # log-softmax over the 64 tokens
guesses = log_probs.argmax(axis=1)    # (T,) the most likely next token at each position
half = np.arange(L + 1, 2 * L)        # the repeated half: the second copy but its last token
losses = -log_probs[half, tokens[half + 1]]
loss = losses.mean() if len(half) else np.nan  # in nats; guessing at random scores ln 64 ≈ 4.16
print("guesses (token ids):", guesses)
for i in half:                        # the repeated half: does it copy?
    guess, truth = (name_of.get(t, f"token {t}") for t in (guesses[i], tokens[i + 1]))
    print(f"{labels[i]:>14} -> guess {guess!r}, next is {truth!r}, loss {losses[i - L - 1]:.3f} nats")
print(f"loss on the repeated half: {loss:.4f} nats")

# %% [markdown]
# {{t:induction-nb-why}}

# %%
why_weights, q2, out1, _ = forward(off=[], keys_off=keys_off)
W_K_head = W_K[1][:, head * d_head:(head + 1) * d_head]  # (d_model, d_head): the followed head's key weights
q = q2[head, query]                   # (d_head,) its query at the followed position
keys = np.arange(query + 1)           # the keys this query may see
parts = [E[tokens[keys]], P[keys]]    # each key's token embedding and its position
parts += [np.zeros((len(keys), d_model)) if h in keys_off else out1[h, keys] for h in range(heads)]
terms = np.stack([part @ W_K_head @ q / np.sqrt(d_head) for part in parts], axis=1)  # (keys, 2 + heads)
key_weights = softmax(terms.sum(axis=1))  # the followed head's weights from the query, built from the terms
print("the same weights as the forward pass:", np.allclose(key_weights, why_weights[1, head, query, keys]))
columns = ["token", "position"] + [f"L1 head {h + 1}" for h in range(heads)] + ["sum", "weight"]
print(f"layer 2, head {head + 1}, query {labels[query]}:")
print(f"{'key':>14}" + "".join(f"{column:>11}" for column in columns))
for j in keys:
    row = [*terms[j], terms[j].sum(), key_weights[j]]
    print(f"{labels[j]:>14}" + "".join(f"{value:>11.3f}" for value in row))

# %%
all_in = forward(off=[], keys_off=[])[0][1, head, query, keys]
print(f"weights from {labels[query]}, every layer-1 head in the keys:", all_in)
print(f"weights from {labels[query]}, keys_off {keys_off} taken out:      ", key_weights)

# %% tags=["plot"]
# Optional: draw the followed head's weights (needs plotly: pip install plotly)
try:
    import plotly.graph_objects as go
except ImportError:
    print("plotly is not installed: this cell only draws, so you can skip it")
else:
    fig = go.Figure(go.Heatmap(z=weights[1, head], x=labels, y=labels, colorscale="Blues", zmin=0, zmax=1))
    fig.update_layout(title=f"layer 2, head {head + 1}: weights", yaxis_autorange="reversed", xaxis_title="key",
                      yaxis_title="query")
    fig.show()

# %% tags=["self-check"]
if shown_weights is None:  # run on its own: no page to check against
    print("No page numbers to check against: download this notebook from its page to compare.")
else:
    check = {"weights": (weights, shown_weights), "previous": (previous, shown_previous),
             "induction": (induction, shown_induction), "loss": (loss, shown_loss), "terms": (terms, shown_terms)}
    for name, (mine, page) in check.items():  # NaN (no repeated token, or a one-word sentence) matches NaN
        np.testing.assert_allclose(mine, page, rtol=1e-7, atol=1e-10, err_msg=f"{name} differs from the page")
    np.testing.assert_array_equal(guesses, shown_guesses, err_msg="guesses differs from the page")
    print("All numbers match the page.")
