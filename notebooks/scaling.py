# %% [markdown]
# ## 1. Two keys, side by side
#
# One query, two keys, two scores: softmax of the scores as they are, and of the scores divided by √d_k.

# %%
import numpy as np

np.set_printoptions(precision=3, suppress=True, linewidth=110)

# %% tags=["parameters"]
z = np.array([8.0, 0.0])  # section 1: the two scores, z₁ and z₂
d_k = 64  # section 1: their width
seed, n_samples, sample_d_k = 0, 4000, 64  # section 2
n_keys, n_seeds = 8, 500  # section 3: keys per draw, draws per width
curve_d_ks = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]  # section 3: the widths
labels = ['the·0', 'cat', 'sat', 'on', 'the·4', 'mat']  # section 4: your sentence's tokens
Q = np.array([[-0.038539260615869236,  0.900768973095748   ,  0.10903741110934342 , -0.39076564650590334 ],
 [-0.727780492923442   ,  1.232313613346117   ,  1.7087388646089419  ,  0.6975410633940717  ],
 [ 1.9139577701134822  ,  2.2544368040117524  , -0.4846260593052365  , -1.4196975454881937  ],
 [ 0.4427378714477054  ,  0.19660152792078142 , -0.05689581659594335 , -0.26536700568985944 ],
 [ 0.2397616225505862  ,  1.638850928715742   ,  0.3826645639982602  , -0.27064058411272285 ],
 [-0.581377716070413   ,  0.5554313394508955  ,  0.07272326524240856 ,  0.16803118575837767 ]])
K = np.array([[ 0.30680377426019306 ,  0.3136329639109176  ,  0.023441293581101957,  1.0549880191314114  ],
 [ 1.1733503692564542  , -1.516551026171042   ,  0.970997991481234   ,  0.494564497540388   ],
 [-0.25697240317726316 ,  1.5260624963326617  , -1.217632891938232   , -0.17074517971965417 ],
 [ 0.2213409837437542  ,  0.050971394142851234,  0.5138045821536951  , -0.2887155224096689  ],
 [-0.3192501179368756  ,  0.6021266997220122  , -1.5272317781588305  ,  1.258461728478561   ],
 [-0.02949241176708908 ,  0.2139635770514713  , -1.0154344695232849  ,  0.8680944830540223  ]])
tau = 2.0  # section 4: the divisor τ

# The numbers the page showed, with every digit: the last cell checks this notebook's against them
shown_p_unscaled = np.array([9.9966464986953363e-01, 3.3535013046647816e-04])
shown_p_scaled = np.array([0.7310585786300049, 0.2689414213699951])
shown_J_unscaled = np.array([[ 0.00033523767075636815, -0.0003352376707564743 ],
 [-0.0003352376707564743 ,  0.0003352376707564743 ]])
shown_J_scaled = np.array([[ 0.19661193324148185, -0.19661193324148185],
 [-0.19661193324148185,  0.19661193324148185]])
shown_std = 8.087996536190689
shown_std_scaled = 1.010999567023836
shown_max_weight_unscaled = np.array([0.29910158587898844, 0.3942663779973302 , 0.508595717303827  ,
 0.6355209706611705 , 0.7498317224898151 , 0.8261130385616695 ,
 0.8863335532537736 , 0.9132392803917542 , 0.9326844701278403 ,
 0.9591314376722083 ])
shown_max_weight_sqrt_dk = np.array([0.29910158587898844, 0.3182100263523163 , 0.32980597503099646, 0.3437897415496863 ,
 0.3574664750477764 , 0.36507658901868606, 0.36801677716568965, 0.3650925440044256 ,
 0.35140336099682695, 0.37207580505655674])
shown_max_weight_dk = np.array([0.29910158587898844, 0.25914574517173405, 0.22126998881053692, 0.19404628187009168,
 0.17444523592081804, 0.15955128590979012, 0.14911019374554918, 0.1416550446500986 ,
 0.13615549532229373, 0.13334273877463504])
shown_entropy_unscaled = np.array([1.8125300595839493 , 1.6097575302317642 , 1.3365928455604152 , 0.9885201085961401 ,
 0.6727711940780009 , 0.45697624527701725, 0.28889572031301447, 0.21738923512323755,
 0.16726105093907306, 0.10453729934739489])
shown_entropy_sqrt_dk = np.array([1.8125300595839493, 1.7874037408693824, 1.7735084573844502, 1.7488338181843477,
 1.724939753677131 , 1.713949962790386 , 1.712612799302958 , 1.713506152479139 ,
 1.7327755050864577, 1.6986352376736351])
shown_entropy_dk = np.array([1.8125300595839493, 1.910674420571635 , 1.984866397893617 , 2.0278513149302277,
 2.051810046836292 , 2.065726164790752 , 2.0724763527185592, 2.07594355967023  ,
 2.077753820050467 , 2.0785424231336234])
shown_temp_weights = np.array([[0.14861911199870514, 0.0753059329859949 , 0.30801097132939387, 0.17662086705455263,
  0.15127323598584622, 0.14016988064550723],
 [0.2706517083898059 , 0.11814691316450773, 0.1584115953637224 , 0.2259691200729571 ,
  0.11587627549485732, 0.11094438751414944],
 [0.08191450496852784, 0.02822297654945097, 0.6040401783859466 , 0.12938829679609137,
  0.07849727417485218, 0.07793676912513119],
 [0.1591885183264783 , 0.1689174463927511 , 0.1929459129103771 , 0.17941256615048676,
  0.14503501868043897, 0.1545005375394677 ],
 [0.15834444991555918, 0.05070834667408083, 0.3720735048280945 , 0.16649220277562463,
  0.13454410299506478, 0.11783739281157625],
 [0.16618854077225076, 0.07673263548131444, 0.2364197624205882 , 0.14402100239356336,
  0.20766766000566883, 0.16897039892661458]])
shown_row_entropy = np.array([1.7081396458940008, 1.7277181042148537, 1.273376673108583 , 1.7872037891517158,
 1.631231724777676 , 1.7421382494680149])


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
# ### What each slope tells W_Q and W_K
#
# Softmax's Jacobian ∂p/∂z = diag(p) − p pᵀ. Its diagonal p(1 − p) is how much a key's weight moves when its own
# score moves: near 0, the key barely learns.


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
# ## 2. The variance argument, by sampling
#
# q and k with independent N(0, 1) entries, drawn from a generator seeded with the sidebar seed: q·k has standard
# deviation √d_k, and q·k / √d_k has 1.


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
# ## 3. Peakedness as d_k grows
#
# One query and n random keys per draw, averaged over many draws: the largest weight and the entropy of softmax,
# unscaled, ÷ √d_k and ÷ d_k. Each width reuses the first d_k coordinates of the same draws, as the page does.

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
# ## 4. A temperature dial on your own sentence
#
# Head 1's queries and keys, scores divided by τ.

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
