"""One way to draw every matrix and vector, so that all pages look and read alike."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from .format import num, plot_label

SIGNED = "RdBu_r"  # diverging, centred on 0: blue negative, white 0, red positive
WEIGHTS = "Blues"  # sequential 0 … 1
MAX_CELLS_WITH_VALUES = 16 * 16


MARGIN = {"l": 10, "r": 10, "t": 50, "b": 10}


def base_layout(fig: go.Figure, title: str, height: int, **layout) -> go.Figure:
    """The layout every figure shares: the title top left at one size, the same margins, a fixed height."""
    fig.update_layout(title={"text": title, "x": 0, "xanchor": "left", "font": {"size": 15}}, height=height,
                      margin=MARGIN, **layout)
    return fig


def line_figure(title: str, x_title: str, y_title: str, *, x_ticks=None, log_y: bool = False,
                height: int = 380) -> go.Figure:
    """An empty figure with a log x axis, its title stating the formula and the legend below the axis title."""
    fig = base_layout(go.Figure(), title, height,
                      legend={"orientation": "h", "yanchor": "top", "y": -0.2, "x": 0})
    fig.update_xaxes(type="log", title_text=x_title, title_standoff=8,
                     tickvals=x_ticks, ticktext=None if x_ticks is None else [f"{t:g}" for t in x_ticks])
    fig.update_yaxes(type="log" if log_y else "linear", title_text=y_title)
    return fig


def histogram_figure(values, theory_std: float, title: str, *, curve_name: str, height: int = 320) -> go.Figure:
    """A density histogram of `values` (m,) with the normal curve of standard deviation `theory_std` over it."""
    grid = np.linspace(-4 * theory_std, 4 * theory_std, 161)
    fig = go.Figure(go.Histogram(x=values, histnorm="probability density", nbinsx=60, name="measured",
                                 marker_color="#9dbbe0"))
    density = np.exp(-0.5 * (grid / theory_std) ** 2) / (theory_std * np.sqrt(2 * np.pi))
    fig.add_trace(go.Scatter(x=grid, y=density, mode="lines", name=curve_name, line={"color": "#c0392b"}))
    base_layout(fig, title, height, bargap=0.02,
                legend={"yanchor": "top", "y": 1, "xanchor": "right", "x": 1, "bgcolor": "rgba(255,255,255,0.7)"})
    fig.update_xaxes(range=[-4 * theory_std, 4 * theory_std], title_text="value")
    fig.update_yaxes(title_text="density")
    return fig


def shape_title(title: str, M) -> str:
    """The title with the live shape appended: 'Q = X·W_Q  (6 × 8)'."""
    r, c = np.shape(M)
    return f"{title}  ({r} × {c})"


def matrix_figure(M, title: str, rows, cols, *, kind: str = "signed", zmax: float | None = None,
                  decimals: int = 2, x_title: str = "", y_title: str = "", clickable: bool = False,
                  height: int | None = None) -> go.Figure:
    """Heatmap of matrix M (r, c) titled with its formula and shape, rows and columns labelled.

    kind="signed" uses a diverging scale centred on 0 (±zmax, shared by twins when given);
    kind="weights" a 0 … 1 scale. -inf entries (masked scores) are drawn blank and labelled −∞.
    With clickable=True a transparent scatter layer sits over the cells so a click selects (row, col):
    read it back with clicked_cell().
    """
    M = np.asarray(M, dtype=float)
    r, c = M.shape
    rows = [plot_label(str(t)) for t in rows]
    cols = [plot_label(str(t)) for t in cols]
    finite = np.where(np.isfinite(M), M, np.nan)
    if kind == "weights":
        zmin, zmax_, scale, mid = 0.0, 1.0, WEIGHTS, None
    else:
        top = zmax if zmax is not None else (np.nanmax(np.abs(finite)) if np.isfinite(finite).any() else 1.0)
        top = float(top) if top and np.isfinite(top) and top > 0 else 1.0
        zmin, zmax_, scale, mid = -top, top, SIGNED, 0.0
    colorbar = {"thickness": 12}
    if not np.isfinite(finite).any():
        # Plotly draws nothing when every cell is missing: draw flat grey cells so the labels still show
        finite, scale, mid, colorbar = np.zeros_like(M), [[0, "#dddddd"], [1, "#dddddd"]], None, None
    text = [[num(v, decimals) for v in row] for row in M]
    show_values = r * c <= MAX_CELLS_WITH_VALUES
    fig = go.Figure(go.Heatmap(
        z=finite, x=cols, y=rows, zmin=zmin, zmax=zmax_, zmid=mid, colorscale=scale,
        text=text, texttemplate="%{text}" if show_values else None,
        textfont={"size": 11 if c <= 10 else 9},
        hovertemplate=f"{y_title or 'row'} %{{y}}<br>{x_title or 'column'} %{{x}}<br>value %{{text}}<extra></extra>",
        xgap=1, ygap=1, colorbar=colorbar, showscale=colorbar is not None,
    ))
    if clickable:
        ii, jj = np.meshgrid(np.arange(r), np.arange(c), indexing="ij")
        # The layer must take hover events itself: with hoverinfo="skip" they fall through to the heatmap
        # and Chromium registers no click. customdata goes as plain lists so the click returns [i, j].
        fig.add_trace(go.Scatter(
            x=[cols[j] for j in jj.ravel()], y=[rows[i] for i in ii.ravel()], mode="markers",
            marker={"size": 28, "opacity": 0, "symbol": "square"},
            customdata=[[int(i), int(j)] for i, j in zip(ii.ravel(), jj.ravel(), strict=True)],
            text=[text[i][j] for i, j in zip(ii.ravel(), jj.ravel(), strict=True)],
            hovertemplate=f"{y_title or 'row'} %{{y}}<br>{x_title or 'column'} %{{x}}<br>value %{{text}}"
                          "<br>click to pick this cell<extra></extra>",
            showlegend=False,
        ))
    base_layout(fig, shape_title(title, M), height or int(min(720, max(260, 110 + 30 * r))),
                plot_bgcolor="#eeeeee")  # blank (masked) cells show as grey
    fig.update_xaxes(type="category", title_text=x_title, side="bottom", tickangle=0 if c <= 12 else -45)
    fig.update_yaxes(type="category", title_text=y_title, autorange="reversed")
    return fig


def vector_figure(values, labels, title: str, *, kind: str = "signed", decimals: int = 3,
                  x_title: str = "", height: int = 260) -> go.Figure:
    """Bar chart of one vector (n,), one bar per labelled entry, value printed on each bar."""
    values = np.asarray(values, dtype=float)
    labels = [plot_label(str(t)) for t in labels]
    colour = ["#2b6cb0" if kind == "weights" else ("#c0392b" if v >= 0 else "#2e86c1") for v in values]
    fig = go.Figure(go.Bar(x=labels, y=values, marker_color=colour,
                           text=[num(v, decimals) for v in values], textposition="outside", cliponaxis=False))
    base_layout(fig, f"{title}  ({values.shape[0]},)", height)
    fig.update_xaxes(type="category", title_text=x_title)
    if kind == "weights":
        fig.update_yaxes(range=[0, 1.15])
    return fig


def clicked_cell(event) -> tuple[int, int] | None:
    """(row, col) of the cell clicked in a clickable matrix_figure, from st.session_state[chart_key]."""
    points = ((event or {}).get("selection") or {}).get("points") or []
    if not points or "customdata" not in points[0]:
        return None
    cell = points[0]["customdata"]
    # a numpy-encoded customdata row arrives as {"0": i, "1": j}; a list as [i, j]
    values = [cell[k] for k in sorted(cell, key=int)] if isinstance(cell, dict) else list(cell)
    try:
        return int(values[0]), int(values[1])
    except (IndexError, TypeError, ValueError):
        return None
