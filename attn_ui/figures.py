"""The app's charts, drawn one way so that every page's charts look and read alike: curves and histograms (a matrix,
and the bars of one row, are tables: attn_ui.tables, which takes its colour scales and ink from here)."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from attn_lessons.format import md_text, short
from attn_lessons.i18n import tr

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
                     tickvals=x_ticks, ticktext=None if x_ticks is None else [short(t) for t in x_ticks])
    fig.update_yaxes(type="log" if log_y else "linear", title_text=y_title)
    return fig


def histogram_figure(values, theory_std: float, title: str, *, curve_name: str, height: int = 320) -> go.Figure:
    """A density histogram of `values` (m,) with the normal curve of standard deviation `theory_std` over it.

    The samples travel as float32: half the bytes of float64 (4,000 samples are 16 kB, not 32), and a sample's
    bin can move only if it lies within about 10⁻⁷ of its value from a bin's edge."""
    grid = np.linspace(-4 * theory_std, 4 * theory_std, 161)
    fig = go.Figure(go.Histogram(x=np.asarray(values, dtype=np.float32), histnorm="probability density", nbinsx=60,
                                 name=tr("figures-measured"), marker_color="#9dbbe0"))
    density = np.exp(-0.5 * (grid / theory_std) ** 2) / (theory_std * np.sqrt(2 * np.pi))
    fig.add_trace(go.Scatter(x=grid, y=density, mode="lines", name=curve_name, line={"color": "#c0392b"}))
    base_layout(fig, title, height, bargap=0.02,
                legend={"yanchor": "top", "y": 1, "xanchor": "right", "x": 1, "bgcolor": "rgba(255,255,255,0.7)"})
    fig.update_xaxes(range=[-4 * theory_std, 4 * theory_std], title_text=tr("figures-value"))
    fig.update_yaxes(title_text=tr("figures-density"))
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
    target.html(_told(fig, describe))
    return target.plotly_chart(_read_once(fig), key=key, config=CONFIG, **kwargs)


def _told(fig: go.Figure, describe) -> str:
    """The chart in words for a screen reader (screen_reader_text of describe(fig)), read once per figure and
    language and kept on the figure: most figures are data.cached_figure's, the same object run after run, and never
    change once drawn (plot's contract). Handed to st.html as made (tables.Markup: no dedent at every run)."""
    from attn_lessons.i18n import current

    from .markup import Markup

    told = vars(fig).get("_ae_told")
    if told is None:
        told = {}
        object.__setattr__(fig, "_ae_told", told)  # plotly's own __setattr__ takes only its properties
    lang = current()
    if lang not in told:
        told[lang] = Markup(screen_reader_text(describe(fig)))
    return told[lang]


def _read_once(fig: go.Figure) -> go.Figure:
    """`fig`, whose to_dict() gives from now on the one dict it gave the first time. st.plotly_chart copies the
    whole figure (fig.to_dict(), a deep copy) on every run before writing it as JSON, and most figures come from
    data.cached_figure, the same object run after run: about a tenth of the Scaling explorer's server time with 30
    learners (issue 38). A figure is never changed once drawn (plot's contract), so the dict stays true."""
    if "to_dict" not in vars(fig):
        as_dict = fig.to_dict()
        object.__setattr__(fig, "to_dict", lambda: as_dict)  # plotly's own __setattr__ takes only its properties
    return fig


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


# A page's figures, built here from the numbers (and the words) the page passes: each builder is a module-level
# function of plain data, so attn_ui.data.cached_figure can build it once per distinct arguments.
REFERENCE = {"dash": "dot", "color": "#999999"}  # a dotted level: a hard argmax, uniform weights, a low loss
BELOW = {"orientation": "h", "yanchor": "top", "y": -0.22, "x": 0}  # a legend under the x axis title

# ------------------------------------------------------------------------ the Scaling explorer's charts
# The ways to treat the scores, by attn_core.scaling.DIVISORS' names. Colour alone does not tell red from orange
# for everyone: each curve also has its own dash and marker.
CURVE_COLOURS = {"unscaled": "#c0392b", "sqrt_dk": "#2b6cb0", "dk": "#e67e22"}
CURVE_DASHES = {"unscaled": "dot", "sqrt_dk": "solid", "dk": "dash"}
CURVE_SYMBOLS = {"unscaled": "square", "sqrt_dk": "circle", "dk": "triangle-up"}
TAU_TICKS = [0.001, 0.01, 0.1, 1, 10, 100, 1000]  # the τ axis: one tick a decade over the τ box's range


def curve_style(name: str) -> dict:
    """Line and marker of one way to treat the scores: its colour, its dash and its marker symbol."""
    return {"line": {"color": CURVE_COLOURS[name], "dash": CURVE_DASHES[name], "width": 2.5},
            "marker": {"color": CURVE_COLOURS[name], "symbol": CURVE_SYMBOLS[name], "size": 8}}


def histogram_row(title: str, histograms) -> tuple[str, list[go.Figure]]:
    """A titled row of density histograms for plot_row, each with its normal curve and its legend under the axis:
    `histograms` is ((values (m,), theory std, title, name of the normal curve), …)."""
    figs = [histogram_figure(values, theory, panel, curve_name=curve) for values, theory, panel, curve in histograms]
    for fig in figs:
        fig.update_layout(legend=BELOW)
    return title, figs


def std_curve_figure(d_ks, theory, std_raw, std_scaled, d_k: int, std: float, words: dict) -> go.Figure:
    """The measured spread of q·k and of q·k / √d_k (m,) at every width d_ks (m,) against the theory (m,), on
    log axes, with the learner's d_k and its measured spread ringed. `words`: attn_lessons.scaling.std_curve_words."""
    fig = line_figure(words["title"], words["x"], words["y"], x_ticks=d_ks, log_y=True)
    fig.update_yaxes(tickvals=[1, 2, 4, 8, 16, 32])
    fig.add_trace(go.Scatter(x=d_ks, y=theory, mode="lines", name=words["theory"],
                             line={"color": "#888888", "dash": "dash"}))
    fig.add_trace(go.Scatter(x=d_ks, y=std_raw, mode="markers+lines", name=words["unscaled"],
                             **curve_style("unscaled")))
    fig.add_trace(go.Scatter(x=d_ks, y=std_scaled, mode="markers+lines", name=words["sqrt_dk"],
                             **curve_style("sqrt_dk")))
    fig.add_trace(go.Scatter(x=[d_k], y=[std], mode="markers", name=words["yours"],
                             marker={"size": 13, "color": "rgba(0,0,0,0)", "line": {"width": 2, "color": "#222"}}))
    return fig


def peakedness_row(d_ks, max_weight: dict, entropy: dict, levels: dict, words: dict) -> tuple[str, list[go.Figure]]:
    """A titled row of two charts against d_ks (m,): the mean largest weight and the mean entropy, a curve (m,)
    per way to treat the scores (dicts by name), each over dotted `levels` (attn_core.scaling.peak_references).
    `words`: attn_lessons.scaling.peakedness_words."""
    figs = []
    for kind, curves in (("max_weight", max_weight), ("entropy", entropy)):
        title, y_title = words[kind]
        fig = line_figure(title, words["x"], y_title, x_ticks=d_ks)
        for y, label in zip(levels[kind], words["references"][kind], strict=True):
            fig.add_hline(y=y, line=dict(REFERENCE), annotation_text=label, annotation_position="top left")
        for name, label in words["curves"].items():
            fig.add_trace(go.Scatter(x=d_ks, y=curves[name], mode="markers+lines", name=label, **curve_style(name)))
        figs.append(fig)
    figs[0].update_yaxes(range=[0, 1.08])
    figs[1].update_yaxes(range=[-0.05, max(max(levels["entropy"]), 0.1) * 1.1])
    for fig in figs:
        fig.update_layout(legend=BELOW)
    return words["row"], figs


def entropy_curve_figure(taus, entropy, max_entropy: float, marks, tau: float, mean_entropy: float,
                         words: dict) -> go.Figure:
    """Mean row entropy (m,) against τ (m,) on a log axis between its levels, 0 (a hard argmax) and max_entropy
    (uniform), a dashed line at each divisor of `marks` ((value, names), ascending: attn_core.scaling.divisor_marks)
    and the learner's τ. `words`: attn_lessons.scaling.entropy_curve_words."""
    import math  # here, not at the top: this file appends only

    fig = line_figure(words["title"], words["x"], words["y"], x_ticks=TAU_TICKS)
    fig.add_trace(go.Scatter(x=taus, y=entropy, mode="lines", name=words["curve"], line={"color": "#2b6cb0"},
                             showlegend=False))
    fig.add_hline(y=0, line=dict(REFERENCE), annotation_text=words["argmax"], annotation_position="top left")
    fig.add_hline(y=max_entropy, line=dict(REFERENCE), annotation_text=words["uniform"],
                  annotation_position="bottom right")
    for k, ((value, _), label) in enumerate(zip(marks, words["marks"], strict=True)):
        fig.add_vline(x=value, line={"dash": "dash", "color": "#cccccc"})
        # on a log axis an annotation's x is log10 of the value (add_vline's own label lands in the wrong place);
        # every other label a line lower, so that close lines (√d_k = 2 and d_k = 4) keep their labels apart
        fig.add_annotation(x=math.log10(value), y=1, yref="paper", yanchor="bottom", text=label, showarrow=False,
                           xanchor="left" if value > 1 else "right", yshift=-16 * (k % 2),
                           font={"size": 11, "color": "#666"})
    fig.add_trace(go.Scatter(x=[tau], y=[mean_entropy], mode="markers", name=words["yours"], showlegend=False,
                             marker={"size": 14, "color": "#c0392b"}))
    fig.update_yaxes(range=[-0.05, max(max_entropy, 0.1) * 1.12])
    return fig


# ------------------------------------------------------------------------ the Training lab's charts
RUN_COLOURS = {"scaled": "#2b6cb0", "unscaled": "#c0392b"}
LOG_PANELS = ("loss", "grad_norm_K")  # the metrics drawn on a log y axis


def training_curves_figure(title: str, metrics, panel_titles, x_title: str, bands, names: dict, low_loss: float,
                           uniform: tuple[float, str]) -> go.Figure:
    """Two panels stacked over the training steps, `metrics` titled `panel_titles`, both runs in each: `bands` is
    ((run name, (attn_core.training.Band per metric)), …), legend names in `names`. A dotted level at `low_loss`
    over the loss, and at the uniform entropy (level, label) over the entropy."""
    fig = stacked_figure(title, list(panel_titles), x_title,
                         log_y_rows=[i + 1 for i, m in enumerate(metrics) if m in LOG_PANELS])
    for row in range(1, len(metrics) + 1):
        for name, run_bands in bands:
            add_band(fig, run_bands[row - 1], name, names[name], row, show_legend=row == 1)
    if "loss" in metrics:
        fig.add_hline(y=low_loss, line=dict(REFERENCE), row=1, col=1)  # named in the caption
        fig.update_yaxes(dtick=1, row=1, col=1)  # one tick per power of ten
        fig.update_yaxes(range=[0, 1.05], row=2, col=1)
    if "entropy" in metrics:
        level, label = uniform
        fig.add_hline(y=level, line=dict(REFERENCE), row=1, col=1, annotation_text=label,
                      annotation_position="bottom right")
        fig.update_yaxes(range=[-0.1, level * 1.12], row=1, col=1)
    return slim(fig)


def add_band(fig: go.Figure, band, name: str, label: str, row: int, show_legend: bool) -> None:
    """One run's Band in panel `row`: its median, and a min–max band behind it when there are several seeds."""
    colour = RUN_COLOURS[name]
    if band.lo is not None:
        fig.add_trace(go.Scatter(x=np.concatenate([band.steps, band.steps[::-1]]),
                                 y=np.concatenate([band.hi, band.lo[::-1]]), fill="toself", fillcolor=colour,
                                 opacity=0.18, line={"width": 0}, hoverinfo="skip", showlegend=False,
                                 legendgroup=name), row=row, col=1)
    last = band.steps.size
    mode = "lines" if last > 3 else "lines+markers"  # a run that diverged at once still shows its first steps
    fig.add_trace(go.Scatter(x=band.steps, y=band.median if last else [], mode=mode, name=label,
                             line={"color": colour, "width": 2}, legendgroup=name, showlegend=show_legend),
                  row=row, col=1)


def sweep_figure(finals_s, finals_u, lrs, lr: float, low_loss: float, words: dict) -> go.Figure:
    """Final loss (L,) against every learning rate `lrs` (L,), scaled and unscaled, with crosses above the curves
    where a run diverged (NaN) and a dashed line at the learner's rate. `words`: attn_lessons.training.sweep_words."""
    import math  # here, not at the top: this file appends only

    fig = line_figure(words["title"], words["x"], words["y"], x_ticks=lrs[::2], log_y=True)
    finite = np.concatenate([finals_s[~np.isnan(finals_s)], finals_u[~np.isnan(finals_u)]])
    top = float(finite.max()) * 2 if finite.size else 10.0  # the crosses sit above every finite point
    for name, finals, lift in (("scaled", finals_s, 1.0), ("unscaled", finals_u, 1.8)):
        ok = ~np.isnan(finals)
        x = np.array(lrs)
        fig.add_trace(go.Scatter(x=x[ok], y=finals[ok], mode="markers+lines", name=words["names"][name],
                                 line={"color": RUN_COLOURS[name]}))
        if (~ok).any():
            fig.add_trace(go.Scatter(x=x[~ok], y=[top * lift] * int((~ok).sum()), mode="markers",
                                     name=words["diverged"][name],
                                     marker={"symbol": "x", "size": 11, "color": RUN_COLOURS[name]}))
    fig.add_hline(y=low_loss, line=dict(REFERENCE))  # named in the caption
    fig.update_yaxes(dtick=1)  # one tick per power of ten
    fig.add_vline(x=lr, line={"dash": "dash", "color": "#bbbbbb"})
    fig.add_annotation(x=math.log10(lr), y=1, yref="paper", yanchor="bottom", text=words["yours"],
                       showarrow=False, font={"size": 11, "color": "#666"})
    return slim(fig)


# ------------------------------------------------------------------------ Class mode's chart
ANSWER_COLOURS = {True: "#2b6cb0", False: "#c05621"}  # right, wrong: told apart by the legend's words too


def answers_figure(bars, title: str, x_title: str) -> go.Figure:
    """A question's first answers as horizontal bars, top down: `bars` is ((right, series name, labels, counts),
    …), as attn_lessons.classroom.answer_bars orders them."""
    fig = go.Figure()
    for right, name, labels, counts in bars:
        fig.add_bar(y=labels, x=counts, orientation="h", name=name, marker_color=ANSWER_COLOURS[right])
    answers = sum(len(labels) for _, _, labels, _ in bars)
    # a category axis: an answer such as "8" or "22.6" is a label, not a position on a number line
    fig.update_layout(title={"text": title}, height=140 + 28 * answers, bargap=0.25,
                      margin={"l": 10, "r": 10, "t": 50, "b": 40},
                      yaxis={"type": "category", "autorange": "reversed", "automargin": True},
                      xaxis={"title": {"text": x_title}, "dtick": 1, "rangemode": "tozero"},
                      legend={"orientation": "h", "x": 1, "xanchor": "right", "y": 1.02, "yanchor": "bottom"})
    return fig




PROJECTOR_FONT = 26  # px: the projector's answers and counts, read from the back of a room at 1280 × 720 (≥ 24)
UNREVEALED = "#5a6270"  # every bar before the reveal: one colour, so the chart does not give the answer away


def projector_figure(bars, x_title: str) -> go.Figure:
    """One question's first answers for the projector: horizontal bars top down, in large type, each bar's count
    printed at its end; `bars` is ((label, learners, right), …), as attn_lessons.classroom.lead_bars orders
    them, `right` None before the reveal (every bar one colour), then ANSWER_COLOURS (and the label's ✓)."""
    labels = [label for label, _, _ in bars]
    counts = [n for _, n, _ in bars]
    colours = [UNREVEALED if right is None else ANSWER_COLOURS[right] for _, _, right in bars]
    lines = sum(label.count("<br>") + 1 for label in labels)
    fig = go.Figure(go.Bar(y=labels, x=counts, orientation="h", marker_color=colours, text=[str(n) for n in counts],
                           textposition="outside", cliponaxis=False,
                           textfont={"size": PROJECTOR_FONT, "color": INK}, hoverinfo="skip"))
    base_layout(fig, "", 20 + 36 * lines + 24 * len(bars), bargap=0.25, showlegend=False)
    fig.update_layout(margin={"l": 10, "r": 70, "t": 10, "b": 10}, font={"color": INK, "size": PROJECTOR_FONT})
    fig.update_yaxes(type="category", autorange="reversed", automargin=True, tickfont_size=PROJECTOR_FONT)
    # no x axis: each bar's count is printed at its end, in large type (its title stays for a screen reader)
    fig.update_xaxes(visible=False, title_text=x_title, rangemode="tozero",
                     range=[0, max(counts, default=1) * 1.1])
    return fig


def learning_figure(loss, smooth: tuple, checkpoints, previous, induction, phase: tuple[int, int],
                    words: dict) -> go.Figure:
    """The trained model's history on one step axis: the repeated half's loss per step and `smooth`, its running
    mean as (steps, means), the phase change shaded; below, each layer-1 head's previous-token score and each
    layer-2 head's induction score (`previous`, `induction`: (checkpoints, heads)) at each checkpoint, with the 0.5
    bar. `words`: the titles and
    names (attn_lessons.induction.LEARNING_WORDS; "previous" and "induction" take the head's number as {h})."""
    fig = stacked_figure(words["title"], (words["loss_panel"], words["score_panel"]), words["x"], height_per_row=230)
    steps = np.arange(len(loss))
    fig.add_trace(go.Scatter(x=steps, y=np.asarray(loss, dtype=np.float32), mode="lines", name=words["loss"],
                             line={"color": "#9dbbe0", "width": 1}), row=1, col=1)
    fig.add_trace(go.Scatter(x=smooth[0], y=np.asarray(smooth[1], dtype=np.float32), mode="lines",
                             name=words["smooth"], line={"color": "#1f4e99", "width": 2}), row=1, col=1)
    dashes = ("solid", "dot", "dash", "dashdot")
    for key, scores, colour in (("previous", previous, "#c0392b"), ("induction", induction, "#1e8449")):
        for h in range(scores.shape[1]):
            fig.add_trace(go.Scatter(x=checkpoints, y=np.asarray(scores[:, h], dtype=np.float32), mode="lines",
                                     name=words[key].format(h=h + 1),
                                     line={"color": colour, "width": 1.5, "dash": dashes[h % len(dashes)]}),
                          row=2, col=1)
    for row in (1, 2):
        fig.add_vrect(x0=phase[0], x1=phase[1], fillcolor="#f5b041", opacity=0.25, line_width=0, row=row, col=1)
    fig.add_hline(y=0.5, line={"color": "#8c8c8c", "dash": "dot", "width": 1}, row=2, col=1)
    fig.update_yaxes(title_text=words["loss_y"], row=1, col=1)
    fig.update_yaxes(title_text=words["score_y"], range=[0, 1], row=2, col=1)
    return slim(fig)
