"""What the Q/K/V builder hands out beside its figures: the shape diagram (HTML) and a zip of CSVs (its code is the
notebook's: attn_ui.notebooks)."""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Mapping
from typing import Any

import numpy as np

from attn_lessons import builder as words
from attn_lessons.i18n import tr

from .figures import INK


def shape_flow_html(n: int, d_model: int, d_k: int, d_v: int) -> str:
    """The shapes as a small diagram in HTML for st.html, top to bottom: X; Q, K and V side by side with the
    projections that make them; QKᵀ, QKᵀ/√d_k, the weights and the output below, with the step between each.

    Plain markup, not a drawing: it follows the width of its column (three boxes fit a 340 px column, the
    narrowest it is drawn at), a screen reader reads it in order, and a change costs the browser a few ms (the
    Graphviz chart it replaces laid its edges out again on every step, about 165 ms)."""
    def box(name: str, shape: str, cls: str = "") -> str:
        return f"<div class='b{cls}'><b>{name}</b><span>{shape}</span></div>"

    def step(text: str, cls: str = "") -> str:
        return f"<div class='s{cls}'><i aria-hidden=true>↓</i> {text}</div>"

    weights, output = tr("exports-weights"), tr("exports-output")  # the two boxes named in words, not symbols

    return (
        "<style>.fl{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:.15rem .4rem;max-width:26rem;"
        f"margin:0 auto .5rem;color:{INK};font-size:.8rem;line-height:1.3;text-align:center}}"
        ".fl .b{background:#e8f0fe;border:1px solid #8aa4d6;border-radius:.45rem;padding:.25rem .2rem}"
        ".fl .b b,.fl .b span{display:block}.fl .b b{font-size:.95rem}"
        ".fl .bw{background:#dbeafe}.fl .bo{background:#d1fae5;border-color:#6fbf98}"
        ".fl .s{color:#3d4451;padding:.05rem 0}.fl .s i{font-style:normal;font-size:1rem}"
        ".fl .w{grid-column:1/3}.fl .a{grid-column:1/4}"
        ".fl .v{grid-column:3;grid-row:span 6;border-left:2px solid #8a93a3;margin-left:50%}</style>"
        f"<div class=fl role=group aria-label='{words.SHAPES_LABEL}'>"
        f"<div class='b a'><b>X</b><span>{n} × {d_model}</span></div>"
        + step(f"· W_Q ({d_model} × {d_k})") + step(f"· W_K ({d_model} × {d_k})") + step(f"· W_V ({d_model} × {d_v})")
        + box("Q", f"{n} × {d_k}") + box("K", f"{n} × {d_k}") + box("V", f"{n} × {d_v}")
        + step(words.TRANSPOSE_STEP, " w") + "<div class=v aria-hidden=true></div>"
        + box("QKᵀ", f"{n} × {n}", " w") + step(f"÷ √{d_k}", " w") + box("QKᵀ / √d_k", f"{n} × {n}", " w")
        + step(words.SOFTMAX_STEP, " w") + box(weights, f"{n} × {n}", " bw w")
        + step(f"{weights} · V", " a") + box(output, f"{n} × {d_v}", " bo a")
        + "</div>")


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

