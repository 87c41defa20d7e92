"""A chart in words, read from the Plotly figure itself: what a screen reader says in its place, and the numbers
of every heatmap that does not print them in its cells (for a table under the chart).

Pure: no streamlit here. Everything is read from the figure (a go.Figure or its dict), never written to it, so a
cached figure stays as it was. Arrays may come as numpy arrays or as Plotly's base64 {"bdata", "dtype", "shape"}.
"""

from __future__ import annotations

import base64
import html
import re
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np

from attn_lessons.format import listing, num, plural, readable, sci

BLOCKED = "blocked (−∞)"
NOT_A_NUMBER = "not a number (NaN)"
NO_VALUE = "without a value"
# how the figures label a cell that has no finite value, in their text or hover
_CELL_NAMES = {"−∞": BLOCKED, "-inf": BLOCKED, "NaN": NOT_A_NUMBER, "nan": NOT_A_NUMBER, "not a number": NOT_A_NUMBER,
               "+∞": "+∞", "inf": "+∞"}
_TAG = re.compile(r"<[^>]*>")


@dataclass(frozen=True)
class Matrix:
    """One heatmap panel as its cells read: `values` (r, c) with −∞ where a cell is blocked and NaN where it is not
    a number. `codes` (r, c) is 0 where a cell has a finite value and k where it has none, `kinds[k − 1]` saying
    what it is instead (BLOCKED, NOT_A_NUMBER, …). `printed`: the figure prints the values in the cells."""

    title: str
    rows: tuple[str, ...]
    cols: tuple[str, ...]
    row_title: str
    col_title: str
    values: np.ndarray
    codes: np.ndarray
    kinds: tuple[str, ...]
    printed: bool


@dataclass(frozen=True)
class Panel:
    """One subplot: its title and either a Matrix (a heatmap) or the words for its bars, lines or histogram."""

    title: str
    matrix: Matrix | None
    words: str


@dataclass(frozen=True)
class Chart:
    """A whole figure read: its title and its panels, in the order their traces come."""

    title: str
    panels: tuple[Panel, ...]

    def hidden_matrices(self) -> list[Matrix]:
        """The heatmaps whose values are not printed in their cells: the ones a table of numbers helps."""
        return [p.matrix for p in self.panels if p.matrix is not None and not p.matrix.printed]


def describe(fig) -> str:
    """One or two sentences (one per panel when there are several) for a figure: its title, each panel's kind,
    shape and labels, and the range of its numbers with where the largest is."""
    return words(read_chart(fig))


def words(chart: Chart) -> str:
    """The description of an already read chart."""
    if not chart.panels:
        return f"{chart.title or 'Chart'}: an empty chart."
    if len(chart.panels) == 1:
        body = chart.panels[0].words
        return f"{chart.title or chart.panels[0].title or 'Chart'}: {body}."
    parts = [f"{chart.title or 'Chart'}, a chart of {len(chart.panels)} panels."]
    for k, p in enumerate(chart.panels):
        parts.append(f"{p.title or f'Panel {k + 1}'}: {p.words}.")
    return " ".join(parts)


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
    row_names: dict[tuple, str] = {}  # (y domain, row labels) -> the axis title they were first shown under
    for (xa, ya), traces in groups.items():
        x_axis, y_axis = _axis(layout, "xaxis", xa), _axis(layout, "yaxis", ya)
        name = _match_title(notes, _get(x_axis, "domain"), _get(y_axis, "domain")) if notes else ""
        heat = [t for t in traces if _get(t, "type") == "heatmap"]
        if heat:
            main = next((t for t in heat if _get(t, "hoverinfo") != "skip"), heat[0])
            # an unnamed first panel is the one the figure's title names (a heatmap with a row-sum strip beside it)
            name = name or (clean(_get(main, "name")) if len(groups) > 1 else "") or (title if not panels else "")
            matrix = _matrix(main, [t for t in heat if t is not main], name, clean(_axis_title(y_axis)),
                             clean(_axis_title(x_axis)))
            # a grid names the rows a grid row shares once, left: the panels beside it take that name
            beside = (tuple(_get(y_axis, "domain") or (0, 1)), matrix.rows)
            if matrix.row_title:
                row_names.setdefault(beside, matrix.row_title)
            elif beside in row_names:
                matrix = replace(matrix, row_title=row_names[beside])
            panels.append(Panel(name, matrix, _matrix_words(matrix)))
        else:
            if len(groups) == 1:
                name = title
            panels.append(Panel(name, None, _plot_words(traces, clean(_axis_title(x_axis)))))
    return Chart(title, tuple(panels))


def _parts(fig) -> tuple[list, dict]:
    """(traces, layout) of a figure as plain data, without copying it.

    A go.Figure keeps exactly that in `_data` and `_layout`: read there, describing a 32 × 32 grid of eight
    panels takes well under a millisecond; through Plotly's property objects it takes ~35 ms. Any other figure
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


def _labels(value, n: int) -> tuple[str, ...]:
    """A heatmap's axis labels as shown (n of them), or 0 … n−1 when it has none."""
    if isinstance(value, dict):
        value = _array(value)
    if value is None or len(value) != n:
        return tuple(str(k) for k in range(n))
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return _clean_labels(tuple(value))
    return tuple(clean(v) if isinstance(v, str) else _sig(v, 4) for v in value)


@lru_cache(maxsize=256)
def _clean_labels(labels: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(_clean(v) for v in labels)


def _cells(value, shape) -> np.ndarray | None:
    """A per-cell text array (r, c) of strings, or None when the trace has none of that shape."""
    if value is None or isinstance(value, (str, dict)):
        return None
    try:
        arr = np.asarray(value, dtype=object)
    except (TypeError, ValueError):
        return None
    return arr if arr.shape == shape else None


def _flat(trace) -> bool:
    """A heatmap drawn in one flat colour with no colour bar: its z is a placeholder, not the numbers."""
    scale = _get(trace, "colorscale")
    if _get(trace, "showscale") is not False or not isinstance(scale, (list, tuple)) or len(scale) < 2:
        return False
    colours = {str(stop[1]).lower() for stop in scale if isinstance(stop, (list, tuple)) and len(stop) == 2}
    return len(colours) == 1


def _matrix(main, overlays, title: str, row_title: str, col_title: str) -> Matrix:
    """The main heatmap's numbers, with each cell that has no finite value named: by the text printed in it, or by
    the layer drawn over it (matrix_figure's grey −∞ layer), or by its own value (NaN, ±∞)."""
    z = _array(_get(main, "z"))
    z = np.zeros((0, 0)) if z is None else np.atleast_2d(z).astype(float)
    flat = _flat(main)
    missing = np.ones(z.shape, dtype=bool) if flat else ~np.isfinite(z)
    codes, kinds = np.zeros(z.shape, dtype=np.int8), []
    if missing.any():
        _name_cells(codes, kinds, missing, NO_VALUE if flat else NOT_A_NUMBER)
        _name_cells(codes, kinds, missing & np.isneginf(z), BLOCKED)
        _name_cells(codes, kinds, missing & np.isposinf(z), "+∞")
        _name_by_text(codes, kinds, missing, _cells(_get(main, "text"), z.shape), only_named=not flat)
        for layer in overlays:  # a layer over a cell with no value says what it is: −∞ (matrix_figure) or its text
            oz = _array(_get(layer, "z"))
            if oz is None or oz.shape != z.shape:
                continue
            covered = missing & np.isfinite(oz)
            _name_cells(codes, kinds, covered, BLOCKED)
            _name_by_text(codes, kinds, covered, _cells(_get(layer, "text"), z.shape), only_named=False)
    values = z.copy()
    if kinds:
        fill = np.array([np.nan] + [-np.inf if k == BLOCKED else np.inf if k == "+∞" else np.nan for k in kinds])
        values[missing] = fill[codes[missing]]
    template = _get(main, "texttemplate")
    printed = bool(template) and ("%{z" in template or _get(main, "text") is not None)
    r, c = z.shape
    return Matrix(title, _labels(_get(main, "y"), r), _labels(_get(main, "x"), c), row_title, col_title, values,
                  codes, tuple(kinds), printed)


def _name_cells(codes: np.ndarray, kinds: list[str], where: np.ndarray, name: str) -> None:
    """Mark the cells `where` as `name` (BLOCKED, NOT_A_NUMBER, …), adding it to `kinds` the first time."""
    if where.any():
        if name not in kinds:
            kinds.append(name)
        codes[where] = kinds.index(name) + 1


def _name_by_text(codes: np.ndarray, kinds: list[str], where: np.ndarray, text: np.ndarray | None,
                  only_named: bool) -> None:
    """Name the cells `where` by their printed text ('−∞', 'NaN', …). only_named: use only texts known to name a
    missing value (a flat placeholder heatmap's text may be anything it printed)."""
    if text is None or not where.any():
        return
    for label in set(text[where].tolist()):  # a few distinct texts ('−∞', 'NaN'), however many cells
        name = _CELL_NAMES.get(str(label).strip(), "" if only_named else str(label).strip())
        if name:
            _name_cells(codes, kinds, where & (text == label), name)


# ---------------------------------------------------------------------------------------------------------------
# Words
def _sig(x: float, digits: int = 4) -> str:
    """x to `digits` significant figures, as a table cell or an axis end reads it: 0.1234, 12.35, 1024, 3.1 × 10⁻⁵."""
    x = float(x)
    if not np.isfinite(x):
        return num(x)
    if x == 0:
        return "0"
    if not 1e-4 <= abs(x) < 1e6:
        return sci(x, digits)
    text = f"{x:.0f}" if abs(x) >= 10 ** digits else f"{x:.{digits}g}"
    return text.replace("-", "−")


def cell_text(x: float) -> str:
    """A table cell: 4 significant figures, −∞ for a blocked cell, NaN for not a number."""
    x = float(x)
    return "NaN" if np.isnan(x) else _sig(x, 4)


def span(labels) -> str:
    """Labels in a sentence: 'a', 'a and b', 'a, b and c', 'a … z' for more."""
    labels = list(labels)
    return listing(labels) if len(labels) <= 3 else f"{labels[0]} … {labels[-1]}"


def _matrix_words(m: Matrix) -> str:
    """'heatmap, 6 × 6, rows query the·0 … mat, columns key the·0 … mat; values from 0.05 to 0.41, the largest at
    row cat, column the·0' (and how many cells are blocked or not a number)."""
    r, c = m.values.shape
    rows = " ".join(filter(None, ("rows" if r != 1 else "row", m.row_title, span(m.rows))))
    cols = " ".join(filter(None, ("columns" if c != 1 else "column", m.col_title, span(m.cols))))
    return f"heatmap, {r} × {c}, {rows}, {cols}; {_summary(m)}"


def _summary(m: Matrix) -> str:
    """The range of the finite values, where the largest is, and the cells without a value, counted by kind."""
    r, c = m.values.shape
    total = r * c
    if total == 0:
        return "no cells"
    ok = m.codes == 0
    counts = np.bincount(m.codes.ravel(), minlength=len(m.kinds) + 1)[1:]
    kinds = sorted(((k, int(n)) for k, n in zip(m.kinds, counts, strict=True) if n), key=lambda kv: -kv[1])
    if not ok.any():
        if len(kinds) == 1:
            return f"its one cell is {kinds[0][0]}" if total == 1 else f"all {total} cells {kinds[0][0]}"
        return "no cell has a value: " + listing([f"{n} {label}" for label, n in kinds])
    shown = np.where(ok, m.values, -np.inf)
    lo, hi = float(np.min(m.values[ok])), float(np.max(m.values[ok]))
    if total == 1:
        text = f"its one value is {readable(hi)}"
    elif readable(lo) == readable(hi):  # equal as the sentence prints them: no "from 1.000 to 1.000"
        text = f"every value is {readable(hi)}" if not kinds else f"every cell with a value is {readable(hi)}"
    else:
        i, j = np.unravel_index(int(np.argmax(shown)), shown.shape)
        where = (f"column {m.cols[j]}" if r == 1 else f"row {m.rows[i]}" if c == 1 else
                 f"row {m.rows[i]}, column {m.cols[j]}")
        ties = _ties(m.values[ok], hi)
        where += f" and {plural(ties, 'other cell')}" if ties else ""
        text = f"values from {readable(lo)} to {readable(hi)}, the largest at {where}"
    if kinds:
        first, n = kinds[0]
        text += "; " + listing([f"{n} of {plural(total, 'cell')} {first}"] + [f"{k} {label}" for label, k in kinds[1:]])
    return text


def _ties(values: np.ndarray, top: float) -> int:
    """How many other values read the same as the largest, `top`, once printed as the sentence prints it (the first
    in reading order is named for them all)."""
    near = values[values >= top - 1e-3 * max(1.0, abs(top))]  # the few that could print alike
    alike = near[near != top]
    return int((near == top).sum()) - 1 + sum(readable(v) == readable(top) for v in alike)


def _plot_words(traces, x_title: str) -> str:
    """Bars, lines or a histogram: the kind, the series named in the legend, and what the x axis runs over."""
    kinds, names, xs, cats, bars = [], [], [], [], []
    for t in traces:
        kind = _get(t, "type") or "scatter"
        mode = _get(t, "mode") or "lines"
        word = {"bar": "bar", "histogram": "histogram"}.get(kind, "line" if "lines" in mode else "point")
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
        if kind == "bar":
            bars.append(t)
    text = f"{listing(kinds)} chart"
    if len(bars) == 1 and cats:
        y = _array(_get(bars[0], "y"))
        text += f", {plural(len(cats), 'bar')}"
        text += f", {x_title} {span(cats)}" if x_title else f", {span(cats)}"
        if y is not None and y.size == len(cats) and np.isfinite(y).any():
            finite = np.where(np.isfinite(y), y, -np.inf)
            lo, hi = float(np.min(y[np.isfinite(y)])), float(np.max(y[np.isfinite(y)]))
            top = cats[int(np.argmax(finite))]
            ties = _ties(y[np.isfinite(y)], hi)
            top += f" and {plural(ties, 'other bar')}" if ties else ""
            text += (f"; every bar is {readable(hi)}" if readable(lo) == readable(hi) else
                     f"; values from {readable(lo)} to {readable(hi)}, the largest at {top}")
        return text
    if names:
        text += f" of {listing(names)}"
    xs = [a for a in xs if a.size]
    if xs:
        lo, hi = min(float(a.min()) for a in xs), max(float(a.max()) for a in xs)
        text += f"; {x_title or 'x'} from {_sig(lo, 3)} to {_sig(hi, 3)}"
    elif cats:
        text += f"; {x_title or 'x'} {span(cats)}"
    return text
