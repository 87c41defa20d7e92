"""The attention formula the pages typeset, written once (LaTeX, for st.latex): Home, the Q/K/V builder and Common
mistakes show it. Plain strings; no UI library."""

ATTENTION = r"\mathrm{Attention}(Q, K, V) = \mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d_k}}\right) V"
