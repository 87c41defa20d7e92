"""The words of Attention Explorer: every sentence, prediction and quiz question, built from the numbers.

Pure Python on top of `attn_core`: one module per page, and `format`, the one place that decides how a number
reads. Nothing here imports Streamlit or `attn_ui`.
"""
