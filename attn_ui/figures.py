"""One way to draw every matrix and vector, so that all pages look and read alike."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from attn_lessons.format import md_text, num, plot_label

SIGNED = "RdBu_r"  # diverging, centred on 0: blue negative, white 0, red positive
WEIGHTS = "Blues"  # sequential 0 … 1
MASKED = "#8c8c8c"  # a blocked (−∞) cell: 3:1 against the near-white of a score near 0, labelled −∞ in black
INK = "#1f2328"  # tick and value labels: 15:1 on white (Streamlit's own chart grey is 3.7:1)
MARGIN = {"l": 10, "r": 10, "t": 50, "b": 10}

# The narrowest width (px) a full-width figure is drawn at: a phone's 390 px less the page padding, or,
# on any other screen, a laptop of about 1100 px less the open sidebar and padding. Columns stack on a phone.
PHONE_PX, SCREEN_PX = 350, 720
CHAR_PX = {11: 5.6, 9: 4.6}  # px per character at the cell font sizes (measured: "0.20" is 16.2 px at 9 px)


def base_layout(fig: go.Figure, title: str, height: int, **layout) -> go.Figure:
    """The layout every figure shares: the title top left at one size, the same margins, a fixed height,
    dark labels, and no drag-to-zoom (a swipe over a chart on a phone must scroll the page)."""
    fig.update_layout(title={"text": title, "x": 0, "xanchor": "left", "font": {"size": 15}}, height=height,
                      margin=MARGIN, font={"color": INK}, dragmode=False, **layout)
    # the axes' own fonts too: Streamlit's chart theme sets them to a grey of 3.7:1 on white
    fig.update_xaxes(fixedrange=True, tickfont_color=INK, title_font_color=INK)
    fig.update_yaxes(fixedrange=True, tickfont_color=INK, title_font_color=INK)
    return fig


def on_phone() -> bool:
    """True when the browser says it is a phone (its User-Agent has “Mobi”, as phones' browsers send)."""
    try:
        agent = st.context.headers.get("User-Agent") or ""
    except Exception:  # outside a Streamlit run (tests of the maths, scripts): draw for a screen
        return False
    return "Mobi" in agent


def figure_px(share: float) -> float:
    """The width a figure given `share` of the page's width is drawn at, at its narrowest."""
    return PHONE_PX if on_phone() else SCREEN_PX * share


def values_fit(text, rows, n_cols: int, n_rows: int, height: int, width_px: float, font: int,
               colorbar: bool) -> bool:
    """Whether the widest printed value fits inside one cell of a heatmap drawn `width_px` wide."""
    labels_px = max((len(r) for r in rows), default=1) * 7 + 34  # row labels and the axis title
    cell_w = (width_px - 20 - labels_px - (52 if colorbar else 0)) / n_cols
    cell_h = (height - 50 - 60) / n_rows  # less the title and the column labels
    widest = max((len(t) for row in text for t in row), default=0)
    return cell_w >= widest * CHAR_PX[font] + 4 and cell_h >= font + 4


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
                  height: int | None = None, share: float = 1.0) -> go.Figure:
    """Heatmap of matrix M (r, c) titled with its formula and shape, rows and columns labelled.

    kind="signed" uses a diverging scale centred on 0 (±zmax, shared by twins when given);
    kind="weights" a 0 … 1 scale. -inf entries (masked scores) are drawn blank and labelled −∞.
    With clickable=True a transparent scatter layer sits over the cells so a click selects (row, col):
    read it back with clicked_cell(). `share` is the fraction of the page's width the figure gets on a
    laptop (½ in two columns): values are printed in the cells only when they fit at the narrowest width
    the figure is drawn at; otherwise the subtitle says where to read them.
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
    colorbar = {"thickness": 12, "tickfont": {"color": INK}}
    if not np.isfinite(finite).any():
        # Plotly draws nothing when every cell is missing: draw flat grey cells so the labels still show
        finite, scale, mid, colorbar = np.zeros_like(M), [[0, "#dddddd"], [1, "#dddddd"]], None, None
    text = [[num(v, decimals) for v in row] for row in M]
    height = height or int(min(720, max(260, 110 + 30 * r)))
    font = 11 if c <= 10 else 9
    show_values = values_fit(text, rows, c, r, height, figure_px(share), font, colorbar is not None)
    fig = go.Figure(go.Heatmap(
        z=finite, x=cols, y=rows, zmin=zmin, zmax=zmax_, zmid=mid, colorscale=scale,
        text=text, texttemplate="%{text}" if show_values else None,
        textfont={"size": font},
        hovertemplate=f"{y_title or 'row'} %{{y}}<br>{x_title or 'column'} %{{x}}<br>value %{{text}}<extra></extra>",
        xgap=1, ygap=1, colorbar=colorbar, showscale=colorbar is not None,
    ))
    blocked = np.isneginf(M)
    if blocked.any() and np.isfinite(M).any():
        # a solid grey layer over the blocked cells, so −∞ never looks like a score near 0
        fig.add_trace(go.Heatmap(z=np.where(blocked, 1.0, np.nan), x=cols, y=rows, showscale=False,
                                 colorscale=[[0, MASKED], [1, MASKED]], hoverinfo="skip", xgap=1, ygap=1,
                                 text=np.where(blocked, "−∞", "").tolist(),
                                 texttemplate="%{text}" if show_values else None,
                                 textfont={"size": font, "color": "#000000"}))
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
    base_layout(fig, shape_title(title, M), height, plot_bgcolor="#eeeeee")
    if not show_values:
        fig.update_layout(title_subtitle_text="values: hover over or tap a cell", margin_t=64)
    # no fixed angle: Plotly tilts the column labels only when they would collide at the width drawn
    fig.update_xaxes(type="category", title_text=x_title, side="bottom")
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

    Just before it, for a screen reader, the chart in words (attn_ui.describe: title, shape, range, largest
    cell), visually hidden. Under it, when a heatmap does not print its values in its cells, a switch that shows
    them as a table (drawn only while on). `fig` is only read: the chart sent is exactly the figure given."""
    from .describe import read_chart, words  # here, not at the top: this file appends only

    target = where or st
    chart = read_chart(fig)
    hidden = chart.hidden_matrices()
    target.html(screen_reader_text(words(chart) + (TABLE_HINT if hidden else "")))
    event = target.plotly_chart(fig, key=key, config=CONFIG, **kwargs)
    if hidden and target.toggle("Show the numbers as a table", key=f"{key}_table"):
        numbers_tables(hidden, key, target)
    return event


def plot_row(row: tuple[str, list[go.Figure]], key: str, where=None) -> None:
    """A titled row of charts (`row` = (title, figures), as a page's builder returns it): the title in bold, then
    each chart in a column of its own. Streamlit stacks the columns on a narrow screen, so the layout follows the
    width, never the device. Each chart is drawn by `plot`, with its words for a screen reader."""
    title, figs = row
    target = where or st
    target.markdown(f"**{md_text(title)}**")
    for k, (column, fig) in enumerate(zip(target.columns(len(figs)), figs, strict=True)):
        plot(fig, f"{key}_{k}", column)


def bar_figure(values, labels, title: str, *, kind: str = "signed", x_title: str = "", height: int = 300) -> go.Figure:
    """One row of numbers (n,) as bars over `labels`, each printed above its bar, titled with its shape. kind
    "weights" gives a 0 … 1.15 axis. Several of them go side by side in st.columns, which stack on a narrow screen:
    the layout follows the width, never the device."""
    values = np.asarray(values, dtype=float)
    colour = ["#2b6cb0" if kind == "weights" else ("#c0392b" if v >= 0 else "#2e86c1") for v in values]
    name = f"{title}  ({len(values)},)"
    fig = go.Figure(go.Bar(x=[plot_label(str(t)) for t in labels], y=values, marker_color=colour, name=name,
                           text=[num(v, 3) for v in values], textposition="outside", cliponaxis=False,
                           showlegend=False))
    base_layout(fig, name, height)
    fig.update_layout(title_font_size=13)
    fig.update_xaxes(type="category", title_text=x_title)
    if kind == "weights":
        fig.update_yaxes(range=[0, 1.15])
    return fig


def matrix_panels_figure(panels, title: str, *, kind: str = "signed", x_title: str = "", share: float = 1.0,
                         across: bool = False, decimals: int = 2) -> go.Figure:
    """Several heatmaps on one colour scale as one figure, each titled with its formula and shape.

    `panels` is a list of (M (r, c), subplot title, row labels, column labels). Stacked top to bottom, rows
    in proportion (one output row under the matrix it sums); `across` puts them side by side on a screen
    (still stacked on a phone). Values print only where they fit every panel's cells."""
    from plotly.subplots import make_subplots

    side = across and not on_phone()
    Ms = [np.asarray(M, dtype=float) for M, _, _, _ in panels]
    titles = [shape_title(t, M) for M, (_, t, _, _) in zip(Ms, panels, strict=True)]
    heights = [max(M.shape[0], 1) + 1.5 for M in Ms]
    fig = make_subplots(rows=1 if side else len(panels), cols=len(panels) if side else 1, subplot_titles=titles,
                        row_heights=None if side else [h / sum(heights) for h in heights],
                        vertical_spacing=0.25 / len(panels) + 0.04, horizontal_spacing=0.07)
    top = max((float(np.abs(M[np.isfinite(M)]).max()) for M in Ms if np.isfinite(M).any()), default=1.0) or 1.0
    scale = dict(zmin=0.0, zmax=1.0, colorscale=WEIGHTS) if kind == "weights" else \
        dict(zmin=-top, zmax=top, zmid=0.0, colorscale=SIGNED)
    width = figure_px(share) / (len(panels) if side else 1)
    rows_px = 30 * max(M.shape[0] for M in Ms) + 150 if side else sum(30 * M.shape[0] + 80 for M in Ms) + 60
    height = int(min(900, max(260, rows_px)))
    texts = [[[num(v, decimals) for v in row] for row in M] for M in Ms]
    fits = all(values_fit(t, [plot_label(str(r)) for r in rl], M.shape[1], M.shape[0],
                          int(height * (1 if side else h / sum(heights))) + 110, width, 11 if M.shape[1] <= 10 else 9,
                          p == 0) for p, (M, t, h, (_, _, rl, _)) in enumerate(zip(Ms, texts, heights, panels,
                                                                                       strict=True)))
    for p, (M, text, (_, name, rows, cols)) in enumerate(zip(Ms, texts, panels, strict=True)):
        where = {"row": 1, "col": p + 1} if side else {"row": p + 1, "col": 1}
        rows = [plot_label(str(r)) for r in rows]
        cols = [plot_label(str(c)) for c in cols]
        fig.add_trace(go.Heatmap(
            z=np.where(np.isfinite(M), M, np.nan), x=cols, y=rows, text=text, name=titles[p],
            texttemplate="%{text}" if fits else None, textfont={"size": 11 if M.shape[1] <= 10 else 9},
            hovertemplate=f"{name}<br>row %{{y}}<br>column %{{x}}<br>value %{{text}}<extra></extra>",
            xgap=1, ygap=1, showscale=p == 0, colorbar={"thickness": 12, "tickfont": {"color": INK}}, **scale),
            **where)
        last = side or p == len(panels) - 1  # stacked panels share their columns: label them once, at the bottom
        fig.update_xaxes(type="category", title_text=x_title if last else "", showticklabels=last, **where)
        fig.update_yaxes(type="category", autorange="reversed", **where)
    base_layout(fig, title, height, plot_bgcolor="#eeeeee")
    fig.update_annotations(font_size=13)
    if not fits:  # the title and its subtitle at the top, and room under them for the first panel's own title
        fig.update_layout(title_subtitle_text="values: hover over or tap a cell", margin_t=88, title_y=1,
                          title_yref="container", title_yanchor="top", title_pad_t=8)
    return fig


def slim(fig: go.Figure) -> go.Figure:
    """Lighter JSON, nothing drawn differently. The template keeps its defaults only for the kinds of trace in
    the figure (Streamlit's carries ten kinds, 3.7 kB in every figure). A heatmap that does not print its values
    in the cells (a 64 × 64 W is 91 kB otherwise) sends z as float32 and hovers with the value read from z
    instead of a text label per cell."""
    used = {trace.type for trace in fig.data}
    template = fig.layout.template
    fig.layout.template = go.layout.Template(
        layout=template.layout, data={k: v for k, v in template.data.to_plotly_json().items() if k in used})
    for trace in fig.data:
        if trace.type == "heatmap" and trace.texttemplate is None and trace.text is not None:
            trace.z = np.asarray(trace.z, dtype=float).astype(np.float32)  # colour and a 3-digit hover need no more
            trace.text = None
            if trace.hovertemplate:
                trace.hovertemplate = trace.hovertemplate.replace("%{text}", "%{z:.3~g}")
    return fig


def matrix_grid_figure(figs, title: str, columns: int = 2, *, one_scale: bool = False,
                       shared_rows: bool = True) -> go.Figure:
    """Heatmaps made by matrix_figure (each with share=1/columns) drawn as ONE figure: `columns` to a row on a
    screen, one to a row on a phone. One chart for the browser to draw instead of several.

    Each panel keeps its traces (colour scale, printed values, grey −∞ cells, hover) and its title, now a
    subplot title. `shared_rows`: the panels of a grid row have the same rows (say the queries), so only the
    first column names them. `one_scale`: every panel uses the same colour scale, shown once."""
    from plotly.subplots import make_subplots

    figs = list(figs)
    columns = 1 if on_phone() else max(1, min(columns, len(figs)))
    n_rows = -(-len(figs) // columns)
    heights = [max(f.layout.height for f in figs[r * columns:(r + 1) * columns]) - 40 for r in range(n_rows)]
    gap = 100  # px from a panel's column labels and axis title to the title of the panel below it
    total = sum(heights) + gap * (n_rows - 1)
    fig = make_subplots(rows=n_rows, cols=columns, subplot_titles=[f.layout.title.text for f in figs],
                        row_heights=[h / sum(heights) for h in heights], vertical_spacing=gap / total,
                        horizontal_spacing=0.05 if one_scale else 0.1)
    mains = []  # the index of each panel's own heatmap (its first trace) in the grid's traces
    for p, panel in enumerate(figs):
        r, c = divmod(p, columns)
        where = {"row": r + 1, "col": c + 1}
        mains.append(len(fig.data))
        for trace in panel.data:
            if one_scale and p:
                trace.showscale = False
            fig.add_trace(trace, **where)
        first = c == 0 or not shared_rows
        fig.update_xaxes(type="category", side="bottom", title_text=panel.layout.xaxis.title.text, **where)
        fig.update_yaxes(type="category", autorange="reversed", showticklabels=first,
                         title_text=panel.layout.yaxis.title.text if first else "", **where)
    for p, ann in enumerate(fig.layout.annotations):  # subplot titles left-aligned over their panel's row labels
        axis = fig.get_subplot(p // columns + 1, p % columns + 1)
        labelled = p % columns == 0 or not shared_rows
        shift = max(len(str(r)) for r in fig.data[mains[p]].y) * 7 + 34 if labelled else 0  # as values_fit counts
        ann.update(x=axis.xaxis.domain[0], xanchor="left", xshift=-shift, font={"size": 13})
        main = fig.data[mains[p]]
        if main.showscale is False:
            continue
        if one_scale:
            main.colorbar.update(thickness=10, x=1.01, xanchor="left", y=0.5, yanchor="middle", len=1.0)
        else:  # each panel's colour bar just right of the panel
            y0, y1 = axis.yaxis.domain
            main.colorbar.update(thickness=10, x=axis.xaxis.domain[1] + 0.01, xanchor="left", y=(y0 + y1) / 2,
                                 yanchor="middle", len=y1 - y0)
    base_layout(fig, title, total + 110, plot_bgcolor="#eeeeee")
    fig.update_layout(margin_t=90)
    if any(f.layout.title.subtitle.text for f in figs):
        fig.update_layout(title_subtitle_text="values: hover over or tap a cell", margin_t=104)
    return fig


def side_by_side(figs, title: str, *, legend: dict | None = None, shared_rows: bool = False) -> go.Figure:
    """Charts made by the helpers above (bars, lines, histograms, heatmaps) drawn as ONE figure: side by side
    on a screen, one above the other on a phone. One chart for the browser to redraw instead of several.

    Each panel keeps its traces, axes, reference lines and their notes; its title becomes the panel's title,
    left-aligned over it. A legend entry that several panels share is listed once (and toggles all of them);
    heatmaps on one colour scale show it once, others each beside their panel. `legend`: the combined legend's
    place (default: the first chart's). `shared_rows`: the heatmaps have the same rows, so only the first
    panel names them when side by side. Assembled as plain data, so merging costs a few ms, not Plotly's
    hundreds for make_subplots and per-panel updates."""
    panels = [f.to_plotly_json() for f in figs]
    phone, n = on_phone(), len(panels)
    # px of each panel's plot area: its chart's height less that chart's title and margins
    plots = [(p["layout"].get("height") or 320) - 90 for p in panels]
    gap_px = 120  # between stacked panels: the x axis title of one, the title of the next
    area = sum(plots) + gap_px * (n - 1) if phone else max(plots)
    first = panels[0]["layout"]
    layout = {k: v for k, v in first.items() if k not in ("xaxis", "yaxis", "shapes", "annotations", "title")}
    data, shapes, notes, seen = [], [], [], set()
    scales = {(t.get("zmin"), t.get("zmax"), str(t.get("colorscale"))) for p in panels for t in p["data"]
              if t.get("type") == "heatmap" and t.get("showscale") is not False}
    for k, panel in enumerate(panels):
        if phone:
            top = 1 - (sum(plots[:k]) + gap_px * k) / area
            x_dom, y_dom = [0.0, 1.0], [max(top - plots[k] / area, 0.0), top]
        else:
            width = (1 - 0.09 * (n - 1)) / n
            x_dom, y_dom = [k * (width + 0.09), k * (width + 0.09) + width], [0.0, 1.0]
        x, y = ("x", "y") if k == 0 else (f"x{k + 1}", f"y{k + 1}")
        layout[f"xaxis{k + 1 if k else ''}"] = {**panel["layout"].get("xaxis", {}), "domain": x_dom, "anchor": y}
        layout[f"yaxis{k + 1 if k else ''}"] = {**panel["layout"].get("yaxis", {}), "domain": y_dom, "anchor": x}
        if shared_rows and k and not phone:
            layout[f"yaxis{k + 1}"].update(showticklabels=False, title={"text": ""})
        for trace in panel["data"]:
            trace = {**trace, "xaxis": x, "yaxis": y}
            name = trace.get("name")
            if not name:
                trace["showlegend"] = False  # an unnamed trace would be listed as "trace 0"
            elif trace.get("showlegend") is not False:
                if name in seen:
                    trace["showlegend"] = False
                seen.add(name)
                trace["legendgroup"] = name
            if trace.get("type") == "heatmap" and trace.get("showscale") is not False:
                if len(scales) == 1:
                    trace["showscale"] = k == n - 1  # one scale for all: shown once, beside the last panel
                if len(scales) > 1 or k == n - 1:
                    trace["colorbar"] = {**trace.get("colorbar", {}), "x": x_dom[1] + 0.01, "xanchor": "left",
                                         "y": sum(y_dom) / 2, "yanchor": "middle", "len": y_dom[1] - y_dom[0]}
            data.append(trace)
        refs = {"x": x, "x domain": f"{x} domain", "y": y, "y domain": f"{y} domain"}
        for kind, out in (("shapes", shapes), ("annotations", notes)):
            for item in panel["layout"].get(kind, []):
                out.append({**item, "xref": refs.get(item.get("xref"), item.get("xref")),
                            "yref": refs.get(item.get("yref"), item.get("yref"))})
        notes.insert(k, {"text": panel["layout"].get("title", {}).get("text", ""), "x": x_dom[0], "y": y_dom[1],
                         "xref": "paper", "yref": "paper", "xanchor": "left", "yanchor": "bottom",
                         "showarrow": False, "font": {"size": 13}})
    legend = dict(legend or first.get("legend", {}))
    if phone and n > 1 and legend.get("y", 1) < 0:  # below the panels: as far below the last as below one chart
        legend["y"] *= max(plots) / area
    hidden = any(p["layout"].get("title", {}).get("subtitle", {}).get("text") for p in panels)
    layout.update(title={**first.get("title", {}), "text": title,
                         "subtitle": {"text": "values: hover over or tap a cell" if hidden else ""}},
                  height=area + 170, legend=legend, shapes=shapes, annotations=notes,
                  margin={**first.get("margin", {}), "t": 100 if hidden else 86})
    # every piece comes from a figure Plotly has already validated: checking it all again costs ~30 ms
    return go.Figure(data=data, layout=layout, _validate=False)


def matrix_grid(figs, title: str, columns: int = 2, *, one_scale: bool = False, shared_rows: bool = True) -> go.Figure:
    """matrix_grid_figure assembled as plain data: the same grid (`columns` to a row on a screen, one on a
    phone, each panel with its traces and its title) in a few ms instead of Plotly's ~65 for make_subplots
    and per-panel updates. Every piece comes from a figure matrix_figure has already validated."""
    panels = [f.to_plotly_json() for f in figs]
    columns = 1 if on_phone() else max(1, min(columns, len(panels)))
    n_rows = -(-len(panels) // columns)
    # px of each grid row's plot area: its tallest chart less that chart's title and margins
    plots = [max(p["layout"]["height"] for p in panels[r * columns:(r + 1) * columns]) - 90 for r in range(n_rows)]
    gap_px = 110  # from a panel's column labels and axis title to the title of the panel below it
    area = sum(plots) + gap_px * (n_rows - 1)
    space = 0.05 if one_scale else 0.1  # room between columns for each panel's own colour bar
    width = (1 - space * (columns - 1)) / columns
    first = panels[0]["layout"]
    layout = {k: v for k, v in first.items() if k not in ("xaxis", "yaxis", "annotations", "title")}
    data, notes = [], []
    for p, panel in enumerate(panels):
        r, c = divmod(p, columns)
        top = 1 - (sum(plots[:r]) + gap_px * r) / area
        x_dom, y_dom = [c * (width + space), c * (width + space) + width], [max(top - plots[r] / area, 0.0), top]
        x, y = ("x", "y") if p == 0 else (f"x{p + 1}", f"y{p + 1}")
        yaxis = {**panel["layout"].get("yaxis", {}), "domain": y_dom, "anchor": x}
        labelled = c == 0 or not shared_rows
        if not labelled:
            yaxis.update(showticklabels=False, title={"text": ""})
        layout[f"xaxis{p + 1 if p else ''}"] = {**panel["layout"].get("xaxis", {}), "domain": x_dom, "anchor": y}
        layout[f"yaxis{p + 1 if p else ''}"] = yaxis
        for k, trace in enumerate(panel["data"]):
            trace = {**trace, "xaxis": x, "yaxis": y}
            if k == 0 and trace.get("showscale") is not False:  # the panel's own heatmap carries its colour bar
                if one_scale:
                    trace["showscale"] = p == 0
                    bar = {"x": 1.01, "y": 0.5, "len": 1.0}
                else:
                    bar = {"x": x_dom[1] + 0.01, "y": sum(y_dom) / 2, "len": y_dom[1] - y_dom[0]}
                trace["colorbar"] = {**trace.get("colorbar", {}), **bar, "thickness": 10, "xanchor": "left",
                                     "yanchor": "middle"}
            data.append(trace)
        rows = next((t.get("y") for t in panel["data"] if t.get("y") is not None), None) or [""]
        shift = max(len(str(v)) for v in rows) * 7 + 34 if labelled else 0  # over the row labels, as values_fit counts
        notes.append({"text": panel["layout"].get("title", {}).get("text", ""), "x": x_dom[0], "y": y_dom[1],
                      "xref": "paper", "yref": "paper", "xanchor": "left", "yanchor": "bottom", "yshift": 4,
                      "xshift": -shift, "showarrow": False, "font": {"size": 13}})
    hidden = any(p["layout"].get("title", {}).get("subtitle", {}).get("text") for p in panels)
    layout.update(title={**first.get("title", {}), "text": title,
                         "subtitle": {"text": "values: hover over or tap a cell" if hidden else ""}},
                  height=area + 170, annotations=notes, margin={**first.get("margin", {}), "t": 104 if hidden else 90})
    return go.Figure(data=data, layout=layout, _validate=False)


# Text for a screen reader only: out of view but in the accessibility tree (not display:none, which hides it from
# both). Its element's own container is taken out of the flow too, so it adds no gap above the chart.
SR_STYLE = ("<style>.ae-sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;"
            "clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;border:0}"
            "[data-testid='stElementContainer']:has(> [data-testid='stHtml'] > .ae-sr-only){position:absolute;"
            "width:1px;height:1px;"
            "overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);margin:0;padding:0}</style>")
TABLE_HINT = " The switch under the chart shows these numbers as a table."


def screen_reader_text(text: str) -> str:
    """The HTML for st.html of `text` read by a screen reader and never seen (the style travels with it)."""
    import html

    return f'{SR_STYLE}<p class="ae-sr-only">{html.escape(text)}</p>'


def matrix_table(matrix):
    """An attn_ui.describe.Matrix as a table: its row and column labels as the axes show them, each value to 4
    significant figures, −∞ for a blocked cell and NaN for not a number. A pandas Styler: st.dataframe shows
    its text and keeps the numbers (a NumberColumn format would print −∞ and NaN as blank cells)."""
    import pandas as pd

    from .describe import cell_text

    def unique(labels):  # a table needs distinct names; a repeat gets its position
        seen: dict[str, int] = {}
        out = []
        for label in labels:
            seen[label] = seen.get(label, 0) + 1
            out.append(label if seen[label] == 1 else f"{label} ({seen[label]})")
        return out

    frame = pd.DataFrame(matrix.values, index=pd.Index(unique(matrix.rows), name=matrix.row_title or None),
                         columns=unique(matrix.cols))
    return frame.style.format(cell_text)


def numbers_tables(matrices, key: str, where) -> None:
    """Each matrix whose values its chart does not print, as a table (titled when there are several)."""
    from attn_lessons.format import md_text

    for p, matrix in enumerate(matrices):
        if len(matrices) > 1:
            where.caption(md_text(matrix.title))
        where.dataframe(matrix_table(matrix), key=f"{key}_table_{p}")
