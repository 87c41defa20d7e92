"""The yardstick for scripts/benchmark.py: one heatmap and one control of each kind, nothing else.

The benchmark drives each control here and on the app's pages in the same run, and reports the app's
times as multiples of this page's, so a slow or busy machine does not move the figures.
"""

import numpy as np
import plotly.graph_objects as go
import streamlit as st

a = st.slider("slider", 1, 64, 8, key="slider")
b = st.selectbox("select box", list(range(10)), key="select")
c = st.number_input("number", 0, 100, 0, key="number")
d = st.radio("radio", ["a", "b", "c"], key="radio", horizontal=True)
e = st.toggle("toggle", key="toggle")
M = np.random.default_rng(a * 1000 + b * 100 + c * 10 + "abc".index(d) + int(e)).standard_normal((8, 8))
fig = go.Figure(go.Heatmap(z=M, text=np.round(M, 2), texttemplate="%{text}", colorscale="RdBu_r", zmid=0))
fig.update_layout(height=360, title="one heatmap  (8 × 8)")
st.plotly_chart(fig, key="fig")
