"""The app's charts, drawn one way so that every page's charts look and read alike: curves and histograms (a matrix,
and the bars of one row, are tables: attn_ui.tables, which takes its colour scales and ink from here)."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from attn_lessons.format import md_text

SIGNED = "RdBu_r"  # diverging, centred on 0: blue negative, white 0, red positive
WEIGHTS = "Blues"  # sequential 0 … 1
MASKED = "#8c8c8c"  # a table's −∞ or NaN cell, hatched: 3:1 against the near-white of a score near 0, its text black
INK = "#1f2328"  # tick labels and a table's dark text: 15:1 on white (Streamlit's own chart grey is 3.7:1)
MARGIN = {"l": 10, "r": 10, "t": 50, "b": 10}

# The width (px) of the page's main column on a laptop of about 1100 px, less the open sidebar and the padding:
# st.columns share it, and stack on a narrow screen (the layout follows the width, never the device).
SCREEN_PX = 720


def base_layout(fig: go.Figure, title: str, height: int, **layout) -> go.Figure:
    """The layout every figure shares: the title top left at one size, the same margins, a fixed height,
    dark labels, and no drag-to-zoom (a swipe over a chart on a phone must scroll the page)."""
    fig.update_layout(title={"text": title, "x": 0, "xanchor": "left", "font": {"size": 15}}, height=height,
                      margin=MARGIN, font={"color": INK}, dragmode=False, **layout)
    # the axes' own fonts too: Streamlit's chart theme sets them to a grey of 3.7:1 on white
    fig.update_xaxes(fixedrange=True, tickfont_color=INK, title_font_color=INK)
    fig.update_yaxes(fixedrange=True, tickfont_color=INK, title_font_color=INK)
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
    """A density histogram of `values` (m,) with the normal curve of standard deviation `theory_std` over it.

    The samples travel as float32: half the bytes of float64 (4,000 samples are 16 kB, not 32), and a sample's
    bin can move only if it lies within about 10⁻⁷ of its value from a bin's edge."""
    grid = np.linspace(-4 * theory_std, 4 * theory_std, 161)
    fig = go.Figure(go.Histogram(x=np.asarray(values, dtype=np.float32), histnorm="probability density", nbinsx=60,
                                 name="measured", marker_color="#9dbbe0"))
    density = np.exp(-0.5 * (grid / theory_std) ** 2) / (theory_std * np.sqrt(2 * np.pi))
    fig.add_trace(go.Scatter(x=grid, y=density, mode="lines", name=curve_name, line={"color": "#c0392b"}))
    base_layout(fig, title, height, bargap=0.02,
                legend={"yanchor": "top", "y": 1, "xanchor": "right", "x": 1, "bgcolor": "rgba(255,255,255,0.7)"})
    fig.update_xaxes(range=[-4 * theory_std, 4 * theory_std], title_text="value")
    fig.update_yaxes(title_text="density")
    return fig


def stacked_figure(title: str, row_titles, x_title: str, *, log_y_rows=(), height_per_row: int = 250) -> go.Figure:
    """Empty panels stacked over one shared linear x axis (say loss and accuracy per training step), each
    panel titled; rows listed in `log_y_rows` (1-based) get a log y axis. Legend below the last panel."""
    from plotly.subplots import make_subplots  # here, not at the top: this file appends only

    rows = len(row_titles)
    fig = make_subplots(rows=rows, cols=1, shared_xaxes=True, vertical_spacing=0.3 / rows,
                        subplot_titles=list(row_titles))
    base_layout(fig, title, 90 + height_per_row * rows,
                legend={"orientation": "h", "yanchor": "top", "y": -0.35 / rows, "x": 0})
    fig.update_annotations(font={"size": 13}, x=0, xanchor="left")  # the panel titles, left-aligned like the title
    fig.update_xaxes(title_text=x_title, title_standoff=8, row=rows, col=1)
    for row in log_y_rows:
        fig.update_yaxes(type="log", exponentformat="power", row=row, col=1)  # 10⁻⁶, not 1µ
    return fig


# No Plotly toolbar: on a phone it sat over the titles, and its buttons were most of a keyboard user's Tab stops.
CONFIG = {"displayModeBar": False, "scrollZoom": False}


def plot(fig: go.Figure, key: str, where=None, **kwargs):
    """Draw `fig` with the app's chart settings (no toolbar, no zoom) in `where` (st, a column, a container).

    Just before it, for a screen reader, the chart in words (attn_ui.describe: its title, its kind and series,
    and what its x axis runs over), visually hidden. `fig` is only read: the chart sent is
    exactly the figure given."""
    from .describe import describe  # here, not at the top: this file appends only

    target = where or st
    target.html(screen_reader_text(describe(fig)))
    return target.plotly_chart(fig, key=key, config=CONFIG, **kwargs)


def plot_row(row: tuple[str, list[go.Figure]], key: str, where=None) -> None:
    """A titled row of charts (`row` = (title, figures), as a page's builder returns it): the title in bold, then
    each chart in a column of its own. Streamlit stacks the columns on a narrow screen, so the layout follows the
    width, never the device. Each chart is drawn by `plot`, with its words for a screen reader."""
    title, figs = row
    target = where or st
    target.markdown(f"**{md_text(title)}**")
    for k, (column, fig) in enumerate(zip(target.columns(len(figs)), figs, strict=True)):
        plot(fig, f"{key}_{k}", column)


def slim(fig: go.Figure) -> go.Figure:
    """Lighter JSON, nothing drawn differently: the template keeps its defaults only for the kinds of trace in the
    figure (Streamlit's carries ten kinds, 3.7 kB in every figure)."""
    used = {trace.type for trace in fig.data}
    template = fig.layout.template
    fig.layout.template = go.layout.Template(
        layout=template.layout, data={k: v for k, v in template.data.to_plotly_json().items() if k in used})
    return fig


# Text for a screen reader only: out of view but in the accessibility tree (not display:none, which hides it from
# both). Its element's own container is taken out of the flow too, so it adds no gap above the chart.
SR_STYLE = ("<style>.ae-sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;"
            "clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;border:0}"
            "[data-testid='stElementContainer']:has(> [data-testid='stHtml'] > .ae-sr-only){position:absolute;"
            "width:1px;height:1px;"
            "overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);margin:0;padding:0}</style>")


def screen_reader_text(text: str) -> str:
    """The HTML for st.html of `text` read by a screen reader and never seen (the style travels with it)."""
    import html

    return f'{SR_STYLE}<p class="ae-sr-only">{html.escape(text)}</p>'


