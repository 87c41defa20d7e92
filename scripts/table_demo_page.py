"""A scratch page for attn_ui.tables: the table helper on every kind of matrix the app draws.

A weights matrix with its traced query outlined, a signed one, masked scores with −∞ and NaN, a 32 × 64
matrix wider than any screen, labels that try to be markup, two tables side by side in columns, and one row of
numbers as bars (attn_ui.tables.bars_html) over labels that try to be markup, with −∞ and NaN. The
browser test (tests/browser/test_tables.py) opens it at 390 and 1280 px; the benchmark can use it as the
yardstick for a page of tables (scripts/one_chart_page.py keeps the one-heatmap yardstick).

    python -m streamlit run scripts/table_demo_page.py --server.headless true --server.address 127.0.0.1 \\
        --server.port 8606 --browser.gatherUsageStats false
"""

import sys
from pathlib import Path

import numpy as np
import streamlit as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the app's packages, from wherever it is run

from attn_ui.tables import Bars, draw_bars, draw_matrix, draw_styles  # noqa: E402

TOKENS = ["the·0", "cat", "sat", "on", "the·4", "mat"]
HOSTILE = ["<img src=x onerror=alert(1)>", "</table>", "&amp;", "\"quote'", "🙂 emoji", "שלום", "<script>x</script>"]


def softmax(S):
    """Row-wise softmax of S (r, c); a row of only −∞ gives NaN (0 / 0), as a masking bug would."""
    with np.errstate(invalid="ignore"):
        E = np.exp(S - np.max(S, axis=1, keepdims=True))
        return E / E.sum(axis=1, keepdims=True)


rng = np.random.default_rng(0)
X = rng.standard_normal((6, 8))
Q, K = X @ rng.standard_normal((8, 8)) / 3, X @ rng.standard_normal((8, 8)) / 3
scores = Q @ K.T / np.sqrt(8)  # (6, 6)
weights = softmax(scores)

st.set_page_config(page_title="Tables demo · Attention Explorer", layout="centered")
st.title("Matrices as tables")

st.subheader("Weights, the traced query outlined")
draw_styles()  # the tables' one stylesheet, as setup_page draws it on the app's pages
draw_matrix(weights, "weights", TOKENS, TOKENS, formula="softmax(QKᵀ/√d_k)", kind="weights", decimals=3,
            x_title="key", y_title="query", highlight_row=1)

st.subheader("A signed matrix")
draw_matrix(Q, "Q = X·W_Q", TOKENS, [f"d{j}" for j in range(8)], x_title="d_k dimension")

st.subheader("Masked scores: −∞ and NaN")
masked = np.where(np.triu(np.ones((6, 6), dtype=bool), 1), -np.inf, scores)
masked[3] = np.nan  # a row gone wrong
draw_matrix(masked, "masked scores", TOKENS, TOKENS, formula="QKᵀ/√d_k + mask", x_title="key", y_title="query",
            highlight_row=3, highlight_col=0)

st.subheader("32 × 64: wider than the screen")
big = np.random.default_rng(1).standard_normal((32, 64))
draw_matrix(big, "X", [f"tok{i}" for i in range(32)], [f"d{j}" for j in range(64)], formula="token embeddings",
            x_title="d_model dimension")

st.subheader("Labels that try to be markup")
n = len(HOSTILE)
draw_matrix(softmax(np.random.default_rng(2).standard_normal((n, n))), "weights", HOSTILE, HOSTILE,
            kind="weights", decimals=3, x_title="key", y_title="query", highlight_col=2)

st.subheader("Side by side, in columns")
left, right = st.columns(2)
draw_matrix(weights, "weights", TOKENS, TOKENS, kind="weights", decimals=3, where=left, share=0.5)
draw_matrix(weights @ X, "output", TOKENS, [f"d{j}" for j in range(8)], formula="weights·V", where=right,
            share=0.5)


st.subheader("One row as bars")
draw_bars([Bars("score", (2.5, -1.25, 0.0, -np.inf, np.nan, 0.75, -0.3)),
           Bars("weight", (0.61, 0.02, 0.09, 0.0, np.nan, 0.25, 0.03), "positive", 1.0, 4)],
          HOSTILE, "one query's row", label_title="key", highlight_row=0)
