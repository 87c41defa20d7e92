"""What the Q/K/V builder hands out beside its figures: the shape diagram and a zip of CSVs (its code is the
notebook's: attn_ui.notebooks)."""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Mapping
from typing import Any

import numpy as np


def shape_flow_dot(n: int, d_model: int, d_k: int, d_v: int, vertical: bool = False) -> str:
    """A Graphviz diagram of the shapes, left to right: X, then Q K V, QKᵀ, the weights and the output.
    `vertical` lays it out top to bottom, three boxes wide at most, so that a phone draws it at a readable size."""
    def node(name: str, label: str, fill: str = "#e8f0fe") -> str:
        return f'  {name} [label="{label}", fillcolor="{fill}"];'

    def edge(a: str, b: str, label: str = "") -> str:
        return f'  {a} -> {b} [label="{label}"];' if label else f"  {a} -> {b};"

    return "\n".join([
        "digraph shapes {",
        "  rankdir=TB; nodesep=0.3; ranksep=0.3; ordering=out;" if vertical else
        "  rankdir=LR; nodesep=0.45; ranksep=0.4; ordering=out;",
        '  node [shape=box, style="filled,rounded", fontname="Helvetica", fontsize=15, margin="0.14,0.07"];',
        '  edge [fontname="Helvetica", fontsize=13, color="#555555"];',
        node("X", f"X\\n{n} × {d_model}"),
        node("Q", f"Q\\n{n} × {d_k}"),
        node("K", f"K\\n{n} × {d_k}"),
        node("V", f"V\\n{n} × {d_v}"),
        node("S", f"QKᵀ\\n{n} × {n}"),
        node("Z", f"QKᵀ / √d_k\\n{n} × {n}"),
        node("W", f"weights\\n{n} × {n}", "#dbeafe"),
        node("O", f"output\\n{n} × {d_v}", "#d1fae5"),
        edge("X", "Q", f"· W_Q ({d_model} × {d_k})"),
        edge("X", "K", f"· W_K ({d_model} × {d_k})"),
        edge("X", "V", f"· W_V ({d_model} × {d_v})"),
        edge("Q", "S"),
        edge("K", "S", "transposed"),
        edge("S", "Z", f"÷ √{d_k}"),
        edge("Z", "W", "softmax per row"),
        edge("W", "O", "weights · V"),
        edge("V", "O"),
        "}",
    ])


def csv_zip(tables: Mapping[str, tuple[Any, Any, Any]]) -> bytes:
    """A zip with one CSV per matrix: {name: (M (r, c), row labels, column labels)} -> bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, (M, rows, cols) in tables.items():
            text = io.StringIO()
            writer = csv.writer(text, lineterminator="\n")
            writer.writerow(["", *cols])
            for label, row in zip(rows, np.asarray(M, dtype=float), strict=True):
                writer.writerow([label, *(repr(float(v)) for v in row)])  # repr: every digit, reads back exactly
            archive.writestr(f"{name}.csv", text.getvalue())
    return buffer.getvalue()

