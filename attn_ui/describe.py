"""A chart in words, read from the Plotly figure itself: what a screen reader hears in its place. The app's charts
are curves and histograms; a matrix, and the bars of one row, are tables (attn_ui.tables), which a screen reader
walks cell by cell.

Pure: no streamlit here. Everything is read from the figure (a go.Figure or its dict), never written to it, so a
cached figure stays as it was. Arrays may come as numpy arrays or as Plotly's base64 {"bdata", "dtype", "shape"}.
"""

from __future__ import annotations

import base64
import html
import re
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from attn_lessons import charts
from attn_lessons.charts import span  # noqa: F401  (re-exported: callers and tests say describe.span)

_TAG = re.compile(r"<[^>]*>")


@dataclass(frozen=True)
class Panel:
    """One subplot: its title and the words for its lines or histogram."""

    title: str
    words: str


@dataclass(frozen=True)
class Chart:
    """A whole figure read: its title and its panels, in the order their traces come."""

    title: str
    panels: tuple[Panel, ...]


def describe(fig) -> str:
    """One sentence for a figure (and one per panel when there are several): its title, each panel's kind and
    series and what its x axis runs over."""
    return words(read_chart(fig))


def words(chart: Chart) -> str:
    """The description of an already read chart (in attn_lessons.charts' words)."""
    return charts.chart_words(chart.title, [(p.title, p.words) for p in chart.panels])


# ---------------------------------------------------------------------------------------------------------------
# Reading the figure
def read_chart(fig) -> Chart:
    """The figure's title and panels (traces grouped by their pair of axes), read without changing it."""
    data, layout = _parts(fig)
    title = _get(layout, "title")
    title = clean(title if isinstance(title, str) else _get(title, "text"))
    groups: dict[tuple[str, str], list] = {}
    for trace in data:
        if _get(trace, "visible") is False:
            continue
        groups.setdefault((_get(trace, "xaxis") or "x", _get(trace, "yaxis") or "y"), []).append(trace)
    notes = _panel_titles(layout) if len(groups) > 1 else []
    panels = []
    for (xa, ya), traces in groups.items():
        x_axis, y_axis = _axis(layout, "xaxis", xa), _axis(layout, "yaxis", ya)
        name = _match_title(notes, _get(x_axis, "domain"), _get(y_axis, "domain")) if len(groups) > 1 else title
        panels.append(Panel(name, _plot_words(traces, clean(_axis_title(x_axis)))))
    return Chart(title, tuple(panels))


def _parts(fig) -> tuple[list, dict]:
    """(traces, layout) of a figure as plain data, without copying it.

    A go.Figure keeps exactly that in `_data` and `_layout`: read there, describing a chart of several panels
    takes well under a millisecond, many times faster than through Plotly's property objects. Any other figure
    object is read through its public `data` and `layout`."""
    if isinstance(fig, dict):
        return fig.get("data") or [], fig.get("layout") or {}
    data, layout = getattr(fig, "_data", None), getattr(fig, "_layout", None)
    if isinstance(data, list) and isinstance(layout, dict):
        return data, layout
    return list(fig.data), fig.layout


def clean(text) -> str:
    """Plotly label text as it reads on screen: tags dropped, entities decoded, runs of spaces as one."""
    return "" if text is None else _clean(str(text))


@lru_cache(maxsize=4096)
def _clean(text: str) -> str:  # cached: the same token labels come back in every panel and on every rerun
    return " ".join(html.unescape(_TAG.sub(" ", text)).split())


def _get(obj, key):
    """obj[key] for a dict or a Plotly object, None when it is not there (asked first: Plotly's KeyError is slow)."""
    if obj is None:
        return None
    if isinstance(obj, dict):
        return obj.get(key)
    if isinstance(obj, (str, int, float, list, tuple)):
        return None
    try:
        return obj[key] if key in obj else None
    except (KeyError, ValueError, TypeError):
        return None


def _axis(layout, kind: str, ref: str):
    """The layout's axis for a trace's axis reference: 'x2' -> layout.xaxis2."""
    return _get(layout, kind + ref[1:])


def _axis_title(axis) -> str:
    title = _get(axis, "title")
    return title if isinstance(title, str) else _get(title, "text") or ""


def _panel_titles(layout) -> list[list]:
    """[text, x, y] of each annotation placed on the page (not on an axis): candidates for subplot titles."""
    found = []
    for note in _get(layout, "annotations") or ():
        if (_get(note, "xref") or "paper") == "paper" and (_get(note, "yref") or "paper") == "paper":
            x, y = _get(note, "x"), _get(note, "y")
            if isinstance(x, (int, float)) and isinstance(y, (int, float)):
                found.append([clean(_get(note, "text")), float(x), float(y)])
    return found


def _match_title(notes: list[list], x_dom, y_dom) -> str:
    """The annotation sitting on the top edge of the panel whose axes span x_dom and y_dom; used up once taken."""
    x0, x1 = x_dom or (0.0, 1.0)
    top = (y_dom or (0.0, 1.0))[1]
    near = [(abs(y - top), abs(x - x0), k) for k, (text, x, y) in enumerate(notes)
            if text and abs(y - top) < 0.04 and x0 - 0.03 <= x <= x1 + 0.03]
    if not near:
        return ""
    k = min(near)[2]
    text = notes[k][0]
    notes[k][0] = ""
    return text


def _array(value, dtype=float) -> np.ndarray | None:
    """A trace's array as numpy, decoding Plotly's base64 form."""
    if value is None:
        return None
    if isinstance(value, dict):
        if "bdata" not in value:
            return None
        arr = np.frombuffer(base64.b64decode(value["bdata"]), dtype=np.dtype(value["dtype"]))
        if value.get("shape"):
            arr = arr.reshape([int(s) for s in str(value["shape"]).split(",")])
        return arr.astype(dtype)
    try:
        return np.asarray(value, dtype=dtype)
    except (TypeError, ValueError):
        return None


# ---------------------------------------------------------------------------------------------------------------
# A panel's facts, for attn_lessons.charts to put in words


def _plot_words(traces, x_title: str) -> str:
    """Bars, lines or a histogram: the kind, the series named in the legend, and what the x axis runs over."""
    kinds, names, xs, cats = [], [], [], []
    for t in traces:
        kind = _get(t, "type") or "scatter"
        mode = _get(t, "mode") or "lines"
        word = charts.kind_word(kind, mode)
        if word not in kinds:
            kinds.append(word)
        name = clean(_get(t, "name"))
        if name and name not in names:
            names.append(name)
        x = _get(t, "x")
        x = _array(x) if isinstance(x, dict) else x
        if x is None or len(x) == 0:
            continue
        if isinstance(x[0], str):
            cats.extend(clean(v) for v in x if clean(v) not in cats)
        else:
            arr = _array(x)
            if arr is not None:
                xs.append(arr[np.isfinite(arr)])
    xs = [a for a in xs if a.size]
    x_range = (min(float(a.min()) for a in xs), max(float(a.max()) for a in xs)) if xs else None
    return charts.plot_words(kinds, names, x_title, x_range, cats)
