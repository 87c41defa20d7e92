# %% [markdown]
# ## Your sentence and mask
#
# One head over the whole width (d_k = d_model). The mask: True lets a query (row) attend to a key (column).

# %%
import numpy as np

np.set_printoptions(precision=3, suppress=True, linewidth=110)

# %% tags=["parameters"]
labels = ['the·0', 'cat', 'sat', 'on', 'the·4', 'mat']  # one per token, in order
X = np.array([[ 1.1270554172774080e-01,  3.5803989319469631e-01, -4.4803585455923173e-01,
   1.3685337161495608e+00, -2.8758487793268817e-01,  1.5524951503292124e+00,
   2.1973751342591594e-01,  3.7576567948860051e-01],
 [ 1.5043842295053895e+00,  7.1433621508567979e-01,  1.3162725989299631e+00,
   1.3746240915028474e-01, -4.7858795977405466e-01,  2.5463710422563306e+00,
   1.1272291201063009e+00, -1.2498737882971422e-01],
 [ 4.5490210552198296e-01, -1.8692621279176989e+00, -7.5915939996033577e-01,
   8.9748548812134743e-01,  1.3111554310168629e+00,  2.4904807495592651e-03,
   1.1673975653114457e+00,  2.1529593486408176e+00],
 [ 1.0339365641287577e+00, -1.4096015461770506e-01, -3.2947572315191359e-01,
  -4.0625340866053850e-01,  5.2717062411932525e-01, -4.1798125463436930e-01,
   2.7984024312563244e-01,  6.1479218532354496e-01],
 [-6.4409695358018737e-01, -1.2956037276689156e+00, -5.8617512250581205e-02,
   1.2895947101524459e+00, -2.4759554374605400e-01,  1.5516952569901903e+00,
   2.2373750275925780e-01,  3.7575767949926719e-01],
 [-9.2932429306769304e-01, -1.4679546062382309e-01,  7.3000827716226957e-02,
   1.1281181135098550e+00, -4.2340864352424157e-01,  1.3755358653663354e+00,
  -5.3528793124953888e-01,  4.3108412172429444e-02]])
W_Q = np.array([[ 0.04445234596761114  , -0.046706122330500685 ,  0.2264235994769533   ,  0.03708779209308882  ,
  -0.18938772311808436  ,  0.1278431576850093   ,  0.461033637289542    ,  0.33484368568068684  ],
 [-0.24880797869951926  , -0.44739405161786006  , -0.22036079950028123  ,  0.01461094011780558  ,
  -0.8220225136072656   , -0.07735453461689562  , -0.44049603977859864  , -0.25889560607617274  ],
 [-0.19242460875004835  , -0.11182899272949726  ,  0.14553337180680256  ,  0.3685841365052769   ,
  -0.04544386589262693  ,  0.4831177931346935   , -0.23518183221577788  ,  0.12427757710906642  ],
 [ 0.3194249460229179   ,  0.033238366630821636 , -0.2628666805125928   , -0.32587913197202517  ,
  -0.16183051762679349  ,  0.07785073249494051  , -0.35695393199474224  , -0.07395473372519135  ],
 [-0.056294542122511226 ,  0.19121779025306887  ,  0.07589346058389373  ,  0.12564322620538115  ,
  -0.23116332172673917  , -0.04582533965919323  ,  0.2771771855821386   ,  0.5280076450103958   ],
 [-0.44514688785453604  ,  0.5352528836587631   ,  0.47583881939439293  ,  0.276235294826816    ,
   0.09349918476440666  , -0.11098847546393749  ,  0.5154881562196143   ,  0.6930559742195476   ],
 [ 0.63697411685224     ,  0.4649593950038155   ,  0.12635305592009044  , -0.4272051493603889   ,
  -0.0015747738667592228,  0.2320989391357378   , -0.45550456381836807  ,  0.13969674407554858  ],
 [ 0.1519797667973517   ,  0.24608826505485026  , -0.4186489220094176   , -0.23394718790869076  ,
  -0.15430316140189926  , -0.4135874308155762   ,  0.6149594104483836   , -0.17533091947230303  ]])
W_K = np.array([[ 0.11630832789786735 , -0.09141920016663929 ,  0.5598422052129823  ,  0.46681810378986593 ,
   0.22392396724089164 , -0.7790583895084032  ,  0.01839502025867304 ,  0.24171957085084356 ],
 [ 0.3549540191643652  , -0.21846313072784185 ,  0.6441782952042019  , -0.46684284649256524 ,
  -0.23388547508523186 ,  0.33059009367191283 ,  0.017343425042182618,  0.7079526872466054  ],
 [ 0.0666515997046883  , -0.22386791749108492 , -0.1334888574393406  , -0.38577840951695364 ,
  -0.45172815491976337 ,  0.22288412003006866 ,  0.20547314347544196 ,  0.4576956599358326  ],
 [-0.2667934360612688  ,  0.5971896668878275  , -0.10160689851058302 ,  0.556637385163624   ,
  -0.1530129036721895  , -0.2600326117323153  ,  0.08831246503516735 ,  0.3646737353934937  ],
 [ 0.05692548176569792 , -0.20701570105889833 , -0.4741927774423475  , -0.49551222396907035 ,
   0.17772522596634838 ,  0.3499163986325499  , -0.058086910278812194, -0.37984533836092493 ],
 [ 0.30866701319025475 , -0.452687620448934   , -0.2521076427320925  ,  0.21956296773805892 ,
  -0.795545041230825   ,  0.1366022812417261  , -0.2056410898200875  ,  0.03863620756628832 ],
 [-0.02676453126845763 ,  0.07145822965550037 ,  0.24542684187746217 , -0.26812419675350896 ,
   0.5023930119604649  ,  0.25671292097119924 ,  0.29830454351161007 ,  0.41184161010178316 ],
 [ 0.2784544861754371  ,  0.2984268794460581  ,  0.026726377385335155, -0.5044407326272422  ,
  -0.04774565300109411 , -0.2720645101456373  , -0.5030151761972951  ,  0.0913768605355812  ]])
W_V = np.array([[-0.20101258723385404 , -0.3640908507069538  , -0.3687565682517486  ,  0.09489976862423179 ,
   0.1268096837398736  ,  0.4675593223514657  , -0.004919578235674843,  0.36834597932457314 ],
 [ 0.49577548401511495 ,  0.40664496040459325 , -0.8362612158477393  ,  0.4344052948911234  ,
   0.1200738054296232  ,  0.1498257986375995  ,  0.13124871222183992 ,  0.1353250917875806  ],
 [ 0.112929980573936   , -0.12689501716287904 , -0.6723296074126847  , -0.03850717133721334 ,
  -0.2841621201722847  ,  0.3818954368975704  , -0.10209437728443863 ,  0.029512995182614275],
 [-0.3003810662742045  , -0.18053230483848778 , -0.004077553063214135, -0.5251594326994852  ,
   0.10630824165978392 , -0.03750220485432141 , -0.4192152573531958  , -0.8479033609936043  ],
 [ 0.18139132148449605 , -0.10521184595485526 , -0.1873862715362408  , -0.08349327008880719 ,
   0.6422212278296355  , -0.01760730146586757 ,  0.030624534120289534, -0.5257596551330065  ],
 [ 0.5824223123669571  ,  0.3243809873753156  ,  0.37721843977186464 ,  0.01685485575873111 ,
   0.32408640859249715 ,  0.13114951127747274 ,  0.21679507755181457 , -0.053808336469672126],
 [-0.5210980813847975  ,  0.3637549430924467  , -0.6841115401844907  , -0.08483042365094234 ,
  -0.07230961922627359 , -0.3687067387596511  ,  0.21677176370297982 , -0.07082724516989101 ],
 [-0.1544562777577252  ,  0.1837918065590215  , -0.1684961356751165  ,  0.49107857957024403 ,
   0.12425813382724216 , -0.16770203576555068 , -0.6874014744714391  , -0.4623605768235938  ]])
mask = np.array([
    [1, 0, 0, 0, 0, 0],
    [1, 1, 0, 0, 0, 0],
    [1, 1, 1, 0, 0, 0],
    [1, 1, 1, 1, 0, 0],
    [1, 1, 1, 1, 1, 0],
    [1, 1, 1, 1, 1, 1]], dtype=bool)  # 1 = this query (row) may attend to this key (column)
dtype = 'float64'  # section 4's dtype
fill = '-1e9'  # section 4's finite stand-in for −∞: '-1e9', '-1e6' or 'min', the dtype's lowest
row = 0  # section 4: the fully blocked row the page shows: 'the·0'
leak_t = 5  # section 5: the token replaced, 'mat' -> 'dog'
leak_word = 'dog'  # leak_x, below: its embedding plus its position
leak_x = np.array([-2.220784634312785   ,  0.018299080864754125,  0.38533048236946327 , -1.9270137272461305  ,
  0.43963477204505463 ,  0.721991123671003   ,  1.4414875340140907  ,  3.0817836030902432  ])

# The numbers the page showed, with every digit: the last cell checks this notebook's against them
shown_right_weights = np.array([[1.                 , 0.                 , 0.                 , 0.                 ,
  0.                 , 0.                 ],
 [0.3074012613191975 , 0.6925987386808025 , 0.                 , 0.                 ,
  0.                 , 0.                 ],
 [0.1796529335503665 , 0.16736050728064666, 0.6529865591689868 , 0.                 ,
  0.                 , 0.                 ],
 [0.2456886176377495 , 0.38196934749177014, 0.16170269183970443, 0.21063934303077603,
  0.                 , 0.                 ],
 [0.147160483419122  , 0.0891577176989286 , 0.39203910395427066, 0.28168865676264293,
  0.0899540381650358 , 0.                 ],
 [0.16406193711106018, 0.10107277916829185, 0.25140368362263077, 0.1804787845044475 ,
  0.16762749819923375, 0.13535531739433596]])
shown_right_output = np.array([[ 0.372672121094665   ,  0.5971995384553854  ,  0.3805509388880563  ,
  -0.3191471078776313  ,  0.6793368683147908  , -0.05144853804864707 ,
  -0.36443330145558667 , -1.2052800972487148  ],
 [ 0.7983387286092953  ,  0.7475733171193595  , -1.0864253842456835  ,
   0.07925250580878487 ,  0.44290440524320374 ,  0.8538558504684598  ,
   0.41573057839677746 ,  0.09052425359901042 ],
 [-1.122817721331027   ,  0.04229517535679662 ,  0.10148192141443112 ,
  -0.2509422055028389  ,  0.9428225637386727  , -0.5860668642943363  ,
  -1.0692458847239255  , -1.8266599049019148  ],
 [ 0.010634713721341588,  0.34581169023922953 , -0.614609385073286   ,
   0.06406635251132126 ,  0.5745309935211491  ,  0.28923503675601697 ,
  -0.132565179730494   , -0.43916001741884836 ],
 [-0.854475590446605   , -0.028836930787503094,  0.0881406641906763  ,
  -0.12580536827102595 ,  0.7344913310029028  , -0.3904953757099104  ,
  -0.7894290081612972  , -1.2612701858095619  ],
 [-0.39744364427223267 ,  0.12678622425728686 ,  0.38680584608428986 ,
  -0.29541762886318956 ,  0.5896890671159196  , -0.266845163243705   ,
  -0.6103041717144221  , -1.2007505247541894  ]])
shown_after_weights = np.array([[0.19945843021728019, 0.                 , 0.                 , 0.                 ,
  0.                 , 0.                 ],
 [0.2396916019184165 , 0.5400436564529764 , 0.                 , 0.                 ,
  0.                 , 0.                 ],
 [0.11279099989574708, 0.10507348021651655, 0.4099627290890024 , 0.                 ,
  0.                 , 0.                 ],
 [0.17213255134911304, 0.26761255345519147, 0.11329095004078468, 0.14757658648984784,
  0.                 , 0.                 ],
 [0.1372190963681316 , 0.08313469195428216, 0.36555500726621615, 0.26265925498516046,
  0.08387721720453886, 0.                 ],
 [0.16406193711106018, 0.10107277916829185, 0.25140368362263077, 0.1804787845044475 ,
  0.16762749819923375, 0.13535531739433596]])
shown_inverted_weights = np.array([[0.                 , 0.2486150770904152 , 0.19476864906113728, 0.1757784001097554 ,
  0.1834879895857793 , 0.19734988415291274],
 [0.                 , 0.                 , 0.06773706129299202, 0.24013941658802257,
  0.24540843321611167, 0.44671508890287365],
 [0.                 , 0.                 , 0.                 , 0.6361122234640555 ,
  0.19333476410606096, 0.17055301242988355],
 [0.                 , 0.                 , 0.                 , 0.                 ,
  0.4707817233890315 , 0.5292182766109685 ],
 [0.                 , 0.                 , 0.                 , 0.                 ,
  0.                 , 1.                 ],
 [0.                 , 0.                 , 0.                 , 0.                 ,
  0.                 , 0.                 ]])
shown_axis_weights = np.array([[0.19945843021728019 , 0.19902670408561288 , 0.15592040006386249 , 0.1407179163577586  ,
  0.1468897632192751  , 0.15798678605621064 ],
 [0.                  , 0.7102955298344975  , 0.019623729452454424, 0.06956946244848598 ,
  0.07109592011901975 , 0.1294153581455424  ],
 [0.                  , 0.                  , 0.52415817804547    , 0.3026887993806832  ,
  0.09199676639937729 , 0.08115625617446937 ],
 [0.                  , 0.                  , 0.                  , 0.3301755948988236  ,
  0.3153410878015646  , 0.35448331729961186 ],
 [0.                  , 0.                  , 0.                  , 0.                  ,
  0.5538937953474006  , 0.44610620465259937 ],
 [0.                  , 0.                  , 0.                  , 0.                  ,
  0.                  , 1.                  ]])
shown_fill_rows = np.array([[ np.nan, 0.16666666666666666, 0. ],
 [ np.nan, 0.16666666666666666, 0. ],
 [ np.nan, 0.16666666666666666, 0. ],
 [ np.nan, 0.16666666666666666, 0. ],
 [ np.nan, 0.16666666666666666, 0. ],
 [ np.nan, 0.16666666666666666, 0. ]])
shown_change_free = np.array([0.3809232926165467 , 0.21821751224745645, 0.7729209821806121 , 0.43318557861760265,
 0.24090822231549885, 0.7304223817092386 ])
shown_change_causal = np.array([0.                , 0.                , 0.                , 0.                ,
 0.                , 0.7304223817092386])


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
# ## 1. The mask applied after the softmax
#
# Zeroing the blocked weights afterwards leaves each row with only the share its allowed keys got while competing
# with keys they should never have seen.

# %%
after_weights = softmax(scaled) * mask   # WRONG: blocked keys already took their share
print("WRONG, mask after the softmax: weights =\n", after_weights)
print("row sums, WRONG:", after_weights.sum(axis=-1))
print("row sums, right:", right_weights.sum(axis=-1))

# %% [markdown]
# ## 2. The mask's meaning inverted
#
# A mask whose True means *blocked*, passed where True means *may attend*: every allowed pair becomes blocked and
# every blocked pair allowed.

# %%
inverted_weights = softmax(np.where(~mask, scaled, -np.inf))   # WRONG: True read as "blocked"
print("WRONG, mask inverted: weights =\n", inverted_weights)

# %% [markdown]
# ## 3. The mask on the wrong axis
#
# Shaped (n, 1) instead of (1, n), a padding mask blocks query rows instead of key columns; on a full (n, n) mask
# the same mistake is its transpose.

# %%
axis_weights = softmax(np.where(mask.T, scaled, -np.inf))   # WRONG: rows and columns swapped
print("WRONG, mask on the wrong axis: weights =\n", axis_weights)

# %% [markdown]
# ## 4. A finite “minus infinity”
#
# One row with every key blocked, computed three ways in the dtype the page uses.


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
# ## 5. No causal mask where one was needed
#
# {{leak_sentence}}


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
