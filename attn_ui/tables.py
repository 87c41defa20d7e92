"""A matrix as the browser's own HTML table: every value printed, coloured from Plotly's named colour scales.

`matrix_html` builds the markup (pure: numbers in, a string out, testable without Streamlit); `draw_matrix`
hands it to `st.html`. A table costs the browser a fraction of a Plotly heatmap, its digits never overlap, and a
screen reader walks it cell by cell.

The colour of a cell is its value's step on the app's scale (figures.SIGNED centred on 0, figures.WEIGHTS from
0 to 1), sampled from `plotly.colors`, so the app's palettes stay one with its charts'. Each step is one class
with one background and the text colour that reaches 4.5:1 on it; the table's most common step is its default
and needs no class at all. −∞ and NaN cells say so in their text and are hatched, never told by colour alone.

What st.html keeps (Streamlit 1.67 runs DOMPurify with its HTML profile and FORCE_BODY): <style> with its rules,
class, role, tabindex, aria-*, dir, scope, colspan, <caption>, <thead>, <tbody>, and the optional end tags left
out here (DOMPurify parses the markup as a browser does and writes it back whole). It drops scripts and event
handlers, which is also why a hostile label could not run anything even before it is escaped here.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Sequence
import html
import unicodedata
from dataclasses import dataclass

import numpy as np
from plotly.colors import sample_colorscale, unlabel_rgb

from functools import cache

from attn_lessons.format import num_cells
from attn_lessons.i18n import current, tr, tr_in

from .figures import INK, MASKED, SCREEN_PX, SIGNED, WEIGHTS
from .markup import Markup

KINDS = ("signed", "weights")
STEPS = {"signed": 11, "weights": 10}  # odd for signed: the middle step is 0 itself
LETTERS = {"signed": "abcdefghijk", "weights": "lmnopqrstu"}  # one class per step, unique across the two scales
SCALES = {"signed": SIGNED, "weights": WEIGHTS}
WHITE, BLACK = "#ffffff", "#000000"
# The narrowest a table's box is drawn (px): a 390 px phone's page less its padding (358), or a column of two
# on a laptop with the sidebar open (344), less a margin. Whatever the device says it is: a narrow window does too.
NARROWEST_PX = 340
HATCH_LIGHT = "#bdbdbd"  # the light stripe of a hatched cell; black text reaches 4.5:1 on it and on MASKED


@dataclass(frozen=True)
class Step:
    """One class of cell: its name, what is drawn behind its text (`background`, CSS), the colours that
    background is made of (every one must reach 4.5:1 against `text`), and the text colour."""

    name: str
    background: str
    colours: tuple[str, ...]
    text: str


def luminance(colour: str) -> float:
    """WCAG relative luminance of '#rrggbb', 0 (black) to 1 (white)."""
    channels = [int(colour[k:k + 2], 16) / 255 for k in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two '#rrggbb' colours, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def text_on(background: str) -> str:
    """The text colour for a background: the app's dark ink or white, whichever reads better; black where
    neither reaches 4.5:1 (black or white always does: max(contrast) >= √21 ≈ 4.58)."""
    dark = INK if contrast(INK, background) >= 4.5 else BLACK
    return dark if contrast(dark, background) >= contrast(WHITE, background) else WHITE


def _hex(rgb: str) -> str:
    return "#" + "".join(f"{round(float(c)):02x}" for c in unlabel_rgb(rgb))


def scale_steps(kind: str) -> list[Step]:
    """The steps of a kind's scale, low to high: each one the scale's colour at the middle of its step."""
    n = STEPS[kind]
    colours = [_hex(c) for c in sample_colorscale(SCALES[kind], [(k + 0.5) / n for k in range(n)])]
    return [Step(letter, c, (c,), text_on(c)) for letter, c in zip(LETTERS[kind], colours, strict=True)]


def _hatch(angle: int) -> str:
    return f"repeating-linear-gradient({angle}deg,{MASKED} 0 3px,{HATCH_LIGHT} 3px 6px)"


# −∞ (a blocked score) and +∞ hatched one way, NaN cross-hatched: the pattern and the text say what they are.
SPECIAL = {
    "−∞": Step("x", _hatch(45), (MASKED, HATCH_LIGHT), BLACK),
    "+∞": Step("y", _hatch(-45), (MASKED, HATCH_LIGHT), BLACK),
    "NaN": Step("z", f"repeating-linear-gradient(45deg,{MASKED} 0 2px,transparent 2px 6px),"
                     f"repeating-linear-gradient(-45deg,{MASKED} 0 2px,{HATCH_LIGHT} 2px 6px)",
                (MASKED, HATCH_LIGHT), BLACK),
}
ALL_STEPS = {s.name: s for s in [*scale_steps("signed"), *scale_steps("weights"), *SPECIAL.values()]}

BASE_CSS = (
    ".mx{{margin:0 0 .25rem;color:{ink}}}"
    # A box that scrolls says so, and how far, with no markup of its own: a line over its caption, "scroll → for all
    # 20 columns" (a counter of the column headers), a visible scrollbar, and its right edge faded until the end is
    # reached. A scroll timeline is active only while the box has something to scroll, so a table that fits shows
    # neither; a browser without scroll timelines shows the line on every box that may scroll (a region: it has a role).
    ".mx .sc{{overflow-x:auto;max-width:100%;display:flex;flex-direction:column;align-items:flex-start;"
    "counter-reset:c;scroll-timeline:--sc x;animation:mxf linear both;animation-timeline:--sc;"
    "scrollbar-width:thin;scrollbar-color:#767676 #e6e6e6}}"
    ".mx th[scope=col]:not(:first-child){{counter-increment:c}}"
    ".mx .sc::after{{content:'scroll → for all ' counter(c) ' columns';order:-1;position:sticky;left:0;font-size:0;"
    "animation:mxh linear both;animation-timeline:--sc}}"
    "@keyframes mxh{{from,to{{font-size:.75rem;padding:0 0 .2rem}}}}"
    "@keyframes mxf{{from,94%{{mask-image:linear-gradient(90deg,#000 calc(100% - 2rem),#0003)}}to{{mask-image:none}}}}"
    "@supports not (animation-timeline:scroll()){{.mx .sc[role]::after{{font-size:.75rem}}}}"
    ".mx .sc:focus-visible{{outline:2px solid {ink};outline-offset:2px;mask-image:none!important}}"
    # a row of st.columns holding a table wider than its column on a laptop (class w, matrix_html's column_px) stacks
    # there too, as it does on a phone: each table then gets the page's width
    "@media(min-width:641px){{[data-testid=stHorizontalBlock]:has(.sc.w){{flex-wrap:wrap}}"
    "[data-testid=stHorizontalBlock]:has(.sc.w)>[data-testid=stColumn]{{flex:1 1 100%;min-width:100%}}}}"
    ".mx table{{border-collapse:separate;border-spacing:1px;font-size:.8rem;line-height:1.35;margin:0;"
    "font-variant-numeric:tabular-nums;width:auto;border:0}}"
    ".mx caption{{caption-side:top;text-align:left;font-weight:600;font-size:.95rem;padding:0 0 .3rem;"
    "color:{ink};position:sticky;left:0;width:max-content;max-width:calc(100vw - 2.5rem)}}"
    ".mx th,.mx td{{padding:.1rem .35rem;white-space:nowrap;border:0}}"
    ".mx td{{text-align:right}}"
    ".mx th{{font-weight:600;background:#fff;color:{ink};text-align:center}}"
    ".mx th[scope=row],.mx th[scope=colgroup]{{text-align:left}}"
    ".mx th[scope=row]{{position:sticky;left:0;z-index:1}}"
    ".mx td.E{{background:#fff}}"
    ".mx tr.H td{{box-shadow:inset 0 2px {ink},inset 0 -2px {ink}}}"
    ".mx td.H{{box-shadow:inset 2px 0 {ink},inset -2px 0 {ink}}}"
    ".mx tr.H td.H{{box-shadow:inset 0 0 0 2px {ink}}}"
    ".mx td.O{{box-shadow:inset 0 0 0 2px {ink}}}"
    ".mx tr.H th,.mx th.H{{text-decoration:underline 2px}}"
    ".mx .lg{{display:flex;flex-wrap:wrap;align-items:center;gap:.15rem .5rem;font-size:.75rem;margin:.2rem 0 0}}"
    ".mx .lg i{{display:inline-block;width:.8rem;height:.8rem;vertical-align:middle}}"
    ".mx .lg i.hl{{box-shadow:inset 0 0 0 2px {ink};background:#fff}}"
    # a row of tables (draw_row): each at its own width, as many to a line as fit, the rest on the next line; one
    # wider than the whole row keeps to it and scrolls in its box
    ".mr{{display:flex;flex-wrap:wrap;gap:.25rem .75rem;align-items:flex-start}}"
    ".mr>.mx{{flex:0 1 auto;min-width:0;max-width:100%}}"
    # a column of tables (draw_row(…, stacked=True)): one below another, each on a line of its own
    ".mr.ms>.mx{{flex-basis:100%}}"
).format(ink=INK)


# The line over a box that scrolls, in English: page_style puts each language's words in its place.
SCROLL_CONTENT = "content:'scroll → for all ' counter(c) ' columns'"


def scroll_content(lang: str) -> str:
    """The CSS content of the line over a box that scrolls, in `lang` ("scroll → for all 20 columns"): the catalog's
    words around CSS's counter of the column headers."""
    before, after = tr_in(lang, "tables-scroll-columns", count="\x00").split("\x00")

    def css(text: str) -> str:
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"

    return f"content:{css(before)} counter(c) {css(after)}"


def stylesheet(names, lang: str | None = None) -> str:
    """The one <style> of a table: the shared rules, a rule per step class used, and the table's default step.

    A step's rule is `.mx .a` (it colours a cell and its swatch in the legend); the default step's is
    `.Da td`, weaker, so a cell's own class wins. Every table writes the same rule for the same class, so two
    tables on a page never disagree."""
    rules = [BASE_CSS.replace(SCROLL_CONTENT, scroll_content(lang or current()))]
    for name in sorted(set(names)):
        step = ALL_STEPS[name]
        rules.append(f".mx .{name},.D{name} td{{background:{step.background};color:{step.text}}}")
    return "<style>" + "".join(rules) + "</style>"


def cell_texts(values, decimals: int) -> list[str]:
    """Each value of an array, flattened, as attn_lessons.format.num prints it, NaN as "NaN" (format.num_cells)."""
    return num_cells(np.asarray(values, dtype=float).ravel().tolist(), decimals)


def value_range(M, kind: str, zmax: float | None) -> tuple[float, float]:
    """(low, high) of the colour scale: 0 … 1 for weights; ±zmax for signed, by default the largest |finite
    value| (1 when there is none), so twins given one zmax share a range."""
    if kind == "weights":
        return 0.0, 1.0
    finite = np.abs(M[np.isfinite(M)])
    top = zmax if zmax is not None else (float(finite.max()) if finite.size else 1.0)
    top = float(top) if top and np.isfinite(top) and top > 0 else 1.0
    return -top, top


def shared_range(*matrices) -> float:
    """One zmax for signed tables drawn side by side, so that twins are read on one colour scale: the largest
    |finite value| over every matrix (NaN and ±∞ left out), or 1 when there is none or it is 0."""
    tops = [float(np.abs(a[np.isfinite(a)]).max()) for a in map(np.asarray, matrices) if np.isfinite(a).any()]
    return max(tops, default=0.0) or 1.0


def step_names(M, kind: str, low: float, high: float) -> np.ndarray:
    """The class name of every cell (r, c): its value's step on the scale from low to high (values outside
    it take the end step), or the class of −∞, +∞ or NaN."""
    n = STEPS[kind]
    with np.errstate(invalid="ignore", over="ignore"):  # NaN and ±∞ get their own class below
        index = np.clip(np.floor((M - low) / (high - low) * n), 0, n - 1)
    names = np.array(list(LETTERS[kind]))[np.nan_to_num(index, nan=0).astype(int)]
    names[np.isneginf(M)] = SPECIAL["−∞"].name
    names[np.isposinf(M)] = SPECIAL["+∞"].name
    names[np.isnan(M)] = SPECIAL["NaN"].name
    return names


def label(text) -> str:
    """A row or column label as text: escaped (a token may be <script>, &amp; or a quote)."""
    return html.escape(str(text), quote=False)


def _dir(text) -> str:
    """' dir=auto' for a label with right-to-left letters, so its own direction decides how it reads."""
    return " dir=auto" if any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in str(text)) else ""


def _head(cols, x_title: str, y_title: str, highlight_col: int | None) -> str:
    """The column headers, `<th scope=col>` each, under a header naming the columns when x_title is given."""
    corner = f"<th scope=col{_dir(y_title)}>{label(y_title)}" if y_title else "<td class=E>"
    top = (f"<tr><td class=E><th scope=colgroup colspan={len(cols)}{_dir(x_title)}>{label(x_title)}"
           if x_title else "")
    cells = "".join(f"<th scope=col{' class=H' if j == highlight_col else ''}{_dir(c)}>{label(c)}"
                    for j, c in enumerate(cols))
    return f"<thead>{top}<tr>{corner}{cells}</thead>"


def _body(texts: list[str], names: np.ndarray, default: str, rows, highlight_row, highlight_col, outline=()) -> str:
    """The rows: a `<th scope=row>` label, then a `<td>` per value with its step's class (none for the
    default step). End tags are left out, as HTML allows: a 32 × 64 table is a fifth smaller for it."""
    r, c = names.shape
    starts = {name: f"<td class={name}>" for name in set(names.ravel().tolist())}
    starts[default] = "<td>"
    cells = [starts[name] + text for name, text in zip(names.ravel().tolist(), texts, strict=True)]
    if highlight_col is not None:
        for i in range(r):
            name = names[i, highlight_col]
            cells[i * c + highlight_col] = (f'<td class="{name} H">' if name != default else "<td class=H>") + \
                texts[i * c + highlight_col]
    for i, j in outline:  # single cells outlined on all four sides
        name = names[i, j]
        cells[i * c + j] = (f'<td class="{name} O">' if name != default else "<td class=O>") + texts[i * c + j]
    parts = []
    for i in range(r):
        parts.append(f"<tr{' class=H' if i == highlight_row else ''}><th scope=row{_dir(rows[i])}>{label(rows[i])}")
        parts.append("".join(cells[i * c:(i + 1) * c]))
    return "<tbody>" + "".join(parts) + "</tbody>"


def _legend(kind: str, low: float, high: float, decimals: int, names, note: str) -> str:
    """The scale in small: its low end, a swatch per step, its high end; the hatched cells' swatches and what
    they print; and what the outline marks. The swatches are decoration: every cell prints its value."""
    ends = ("0", "1") if kind == "weights" else (cell_texts([low], decimals)[0], cell_texts([high], decimals)[0])
    swatches = "".join(f"<i class={s}></i>" for s in LETTERS[kind])
    parts = [f"<span>{ends[0]} {swatches} {ends[1]}</span>"]
    parts += [f"<span><i class={step.name}></i> {text}</span>" for text, step in SPECIAL.items()
              if step.name in names]
    if note:
        parts.append(f"<span><i class=hl></i> {label(note)}</span>")
    return "<p class=lg>" + "".join(parts) + "</p>"


def _px(text: str) -> float:
    """A generous width in px of a label at the table's 0.8rem, bold: 7.2 a character (about 6 measured in
    Chromium), 16 for a wide one (CJK, emoji)."""
    return sum(16.0 if unicodedata.east_asian_width(ch) in "WF" else 7.2 for ch in text)


def table_px(texts: list[str], rows, cols, n_cols: int) -> float:
    """An upper estimate of the table's width in px: the row labels' column plus each column's widest text,
    with the cells' padding (0.7rem) and spacing. Printed values are digits, −, ∞: 6.4 px a character (5.8
    measured in Chromium)."""
    widest = [max(_px(str(cols[j])), 6.4 * max(map(len, texts[j::n_cols]), default=0)) for j in range(n_cols)]
    return max((_px(str(r)) for r in rows), default=0) + sum(widest) + 13 * (n_cols + 1) + 2


def matrix_html(M, title: str, rows, cols, *, formula: str = "", kind: str = "signed", zmax: float | None = None,
                decimals: int = 2, x_title: str = "", y_title: str = "", highlight_row: int | None = None,
                highlight_col: int | None = None, width_px: float = NARROWEST_PX, legend: bool = True,
                style: bool = True, column_px: float | None = None, outline=(), outline_note: str = "") -> str:
    """Matrix M (r, c) as an HTML table for st.html, captioned 'title = formula  (r × c)'.

    kind="signed" colours on a scale centred on 0 (±zmax, shared by twins when given, else the largest |value|);
    kind="weights" on 0 … 1. Every value is printed with `decimals` decimals
    (−∞, +∞ and NaN as such, hatched). highlight_row / highlight_col (indices) outline a row or a column (the
    traced query, the blocked row). The table scrolls sideways in its own box; when it may be wider than
    `width_px` (the narrowest it is drawn at), that box is a labelled region the keyboard can focus and scroll.
    A table that surely fits adds no Tab stop. `column_px`, the width of the st.columns column it shares a row
    with on a laptop: a table wider marks its box `w`, and PAGE_STYLE stacks that row there too. `style=False`
    leaves out its <style>, for a page that draws PAGE_STYLE once (draw_matrix does). `outline`: (row, column)
    cells outlined one by one (a diagonal, a stripe), which the legend names as `outline_note`."""
    if kind not in KINDS:
        raise ValueError(f"kind={kind!r}: expected one of {', '.join(KINDS)}")
    M = np.asarray(M, dtype=float)
    if M.ndim != 2 or M.shape != (len(rows), len(cols)):
        raise ValueError(f"a {np.shape(M)} matrix with {len(rows)} row and {len(cols)} column labels: they must match")
    r, c = M.shape
    caption = f"{title} = {formula}  ({r} × {c})" if formula else f"{title}  ({r} × {c})"
    low, high = value_range(M, kind, zmax)
    names = step_names(M, kind, low, high)
    texts = cell_texts(M, decimals)
    classes, counts = np.unique(names, return_counts=True)
    default = str(classes[counts.argmax()]) if names.size else LETTERS[kind][0]
    used = {*classes.tolist(), default, *(LETTERS[kind] if legend else ())}
    note = tr("tables-note-separator").join(
        f"{t or d} {n}" for t, d, n, k in ((y_title, tr("tables-row"), rows, highlight_row),
                                           (x_title, tr("tables-column"), cols, highlight_col))
        if k is not None for n in [n[k]])
    px = table_px(texts, rows, cols, c)
    sc = '"sc w"' if column_px is not None and px > column_px else "sc"  # w: wider than its column on a laptop
    box = (f'<div class={sc} role=region tabindex=0 aria-label="{html.escape(caption)}">'
           if px > width_px else "<div class=sc>")
    return ((stylesheet(used) if style else "")
            + f"<div class=mx>{box}<table class=D{default}><caption>{label(caption)}</caption>"
            + _head(cols, x_title, y_title, highlight_col)
            + _body(texts, names, default, rows, highlight_row, highlight_col, outline) + "</table></div>"
            + (_legend(kind, low, high, decimals, set(classes.tolist()),
                       tr("tables-outlined", what=note or outline_note)
                       if note or (outline_note and len(outline)) else "")
               if legend
               else "") + "</div>")


# ------------------------------------------------------------------------------------------------ bars of a row

BAR_STEPS = 50  # a bar's length in steps of 2 % of its cell: from the left for "positive", from the middle for "signed"
BAR_COLOURS = {  # light enough that the dark ink reaches 4.5:1 on them: from the same scales as the tables' cells
    "p": _hex(sample_colorscale(SIGNED, [0.75])[0]),  # a positive signed value: red, as the tables' scale
    "n": _hex(sample_colorscale(SIGNED, [0.25])[0]),  # a negative one: blue
    "w": _hex(sample_colorscale(WEIGHTS, [0.4])[0]),  # a positive-only one (a weight, an entropy)
}
BAR_KINDS = ("signed", "positive")


def _bar_rules() -> str:
    """The bars' rules: a cell draws its bar as a gradient from --a to --b in --c behind its text. Two classes set
    them: the family (bp from the middle rightwards, bn leftwards, bw from the left edge) and the length (L7: 14 %
    of the cell). A cell without them (a value of 0, −∞, NaN) draws none. A signed column's cells (M) draw their
    middle line over the bar. About 1 kB, in PAGE_STYLE."""
    bar = "linear-gradient(90deg,#0000 var(--a),var(--c) var(--a) var(--b),#0000 var(--b))"
    middle = "linear-gradient(90deg,#0000 calc(50% - .5px),#8c8c8c calc(50% - .5px) calc(50% + .5px),#0000 0)"
    rules = [f".br td{{--a:0%;--b:0%;--c:#0000;background:{bar};min-width:5rem}}",
             f".br td.M{{background:{middle},{bar}}}",
             f".br .bp{{--a:50%;--b:calc(50% + var(--w));--c:{BAR_COLOURS['p']}}}",
             f".br .bn{{--a:calc(50% - var(--w));--b:50%;--c:{BAR_COLOURS['n']}}}",
             f".br .bw{{--b:var(--w);--c:{BAR_COLOURS['w']}}}"]
    rules += [f".br .L{k}{{--w:{2 * k}%}}" for k in range(1, BAR_STEPS + 1)]
    return "".join(rules)


@dataclass(frozen=True)
class Bars:
    """One column of a bars table: its header, its values (n,), how its bars run, and its printed decimals.

    kind "signed" draws a bar from the cell's middle, right for a positive value and left for a negative one, the
    middle marked; "positive" draws it from the left edge. `top` is the value whose bar fills the cell (the half
    cell, signed): by default the column's largest |finite value|; a weight's column passes 1."""

    name: str
    values: Sequence[float]  # a list, a tuple or a 1-D array
    kind: str = "signed"
    top: float | None = None
    decimals: int = 3


def bar_classes(values, kind: str, top: float | None) -> list[str]:
    """Each value's bar classes: 'bp L7' (a positive signed value, 14 % of the cell right of its middle), 'bn L7'
    (the same, negative), 'bw L7' (from the left edge), or '' for no bar (0, or under half a step, ±∞ and NaN)."""
    if kind not in BAR_KINDS:
        raise ValueError(f"kind={kind!r}: expected one of {', '.join(BAR_KINDS)}")
    v = np.asarray(values, dtype=float)
    finite = np.abs(v[np.isfinite(v)])
    if top is None or not np.isfinite(top) or top <= 0:
        top = float(finite.max()) if finite.size and finite.max() > 0 else 1.0
    steps = BAR_STEPS // 2 if kind == "signed" else BAR_STEPS
    with np.errstate(invalid="ignore"):
        k = np.clip(np.round(np.abs(v) / top * steps), 0, steps)
    out = []
    for x, n in zip(v.tolist(), np.nan_to_num(k).astype(int).tolist(), strict=True):
        if not np.isfinite(x) or n == 0:
            out.append("")
        else:
            out.append(("bw" if kind == "positive" else "bp" if x > 0 else "bn") + f" L{n}")
    return out


def bars_html(columns, labels, title: str, *, label_title: str = "", highlight_row: int | None = None,
              width_px: float = NARROWEST_PX) -> str:
    """A row of numbers, or a few rows over the same labels, as a table with a bar behind every value: a
    `<th scope=row>` per label, a column per `Bars`, every value printed (−∞ and NaN as such, with no bar),
    captioned with `title`. The bars are decoration; the numbers are the table. Its rules are in PAGE_STYLE."""
    cols = list(columns)
    n = len(labels)
    if not cols or any(len(c.values) != n for c in cols):
        raise ValueError(f"every column must hold one value per label ({n})")
    texts = [cell_texts(c.values, c.decimals) for c in cols]
    classes = [bar_classes(c.values, c.kind, c.top) for c in cols]
    signed = [c.kind == "signed" for c in cols]
    head = "<th scope=col" + _dir(label_title) + ">" + label(label_title) + "".join(
        f"<th scope=col{_dir(c.name)}>{label(c.name)}" for c in cols)
    rows = []
    for i, name in enumerate(labels):
        cells = []
        for j in range(len(cols)):
            cls = " ".join(x for x in (classes[j][i], "M" if signed[j] else "") if x)
            cells.append((f'<td class="{cls}">' if " " in cls else f"<td class={cls}>" if cls else "<td>")
                         + texts[j][i])
        rows.append(f"<tr{' class=H' if i == highlight_row else ''}><th scope=row{_dir(name)}>{label(name)}"
                    + "".join(cells))
    caption = f"{title}  ({n} × {len(cols)})"
    box = (f'<div class=sc role=region tabindex=0 aria-label="{html.escape(caption)}">'
           if bars_px(texts, labels, cols, label_title) > width_px else "<div class=sc>")
    return (f'<div class="mx br">{box}<table><caption>{label(caption)}</caption><thead><tr>{head}</thead>'
            f"<tbody>{''.join(rows)}</tbody></table></div></div>")


def bars_px(texts, labels, cols, label_title: str) -> float:
    """An upper estimate of a bars table's width in px, as table_px's: each column at least its cells' 5rem."""
    widths = [max(80.0, 6.4 * max(map(len, t), default=0) + 13, _px(c.name) + 13)
              for t, c in zip(texts, cols, strict=True)]
    return max((_px(str(x)) for x in [*labels, label_title]), default=0) + 13 + sum(widths) + 2


def draw_bars(columns, labels, title: str, *, where=None, **options):
    """Draw bars_html's table in `where` (st, a column, a container). Small (a row of numbers), so built anew."""
    import streamlit as st

    return (where or st).html(Markup(bars_html(columns, labels, title, **options)))


# Every rule of every table, once for a page: a <style> in st.html applies to the whole page. A page's tables
# then carry none of their own (about 2 kB each, the same rules again), which halves the markup the browser
# sanitises and parses on a page of many tables.
@cache
def page_style(lang: str) -> Markup:
    """Every rule of every table, with the line over a box that scrolls in `lang`."""
    return Markup(stylesheet(ALL_STEPS, lang)[:-len("</style>")] + _bar_rules() + "</style>")


PAGE_STYLE = page_style("en")


def draw_styles(where=None):
    """The tables' one stylesheet, for a page that does not call attn_ui.state.setup_page (which draws PAGE_STYLE
    with the page's other rules on every page of the app), such as scripts/table_demo_page.py. It is the same on
    every run, so a rerun costs the browser nothing for it."""
    import streamlit as st

    return (where or st).html(page_style(current()))


def markup_key(M, title: str, rows, cols, width_px: float, options: dict) -> str:
    """A digest of a table's arguments: its matrix's bytes and everything else as text. Streamlit's own hashing of
    the arguments (arrays, label lists) costs more than building a small table; this costs a few microseconds."""
    digest = hashlib.blake2b(np.ascontiguousarray(M).tobytes(), digest_size=16)
    digest.update(repr((M.shape, str(M.dtype), title, tuple(map(str, rows)), tuple(map(str, cols)), width_px,
                        sorted(options.items()), current())).encode())  # the legend's words: one language
    return digest.hexdigest()


def draw_matrix(M, title: str, rows, cols, *, where=None, share: float = 1.0, width: str = "stretch", **options):
    """Draw matrix M (r, c) as a table (matrix_html's options) in `where` (st, a column, a container), its markup
    built once per set of numbers (a rerun that moves nothing in it writes nothing again) and without a <style>
    of its own: the page draws PAGE_STYLE once (setup_page does). `share` is the fraction of the page's width it
    gets on a laptop (⅓ in three columns); on a phone the columns stack and every table gets the whole width.
    `width` "content" for a table in a row of several."""
    import streamlit as st

    if share < 1:  # in a row of st.columns: a table wider than its column on a laptop stacks that row (PAGE_STYLE)
        options = {**options, "column_px": SCREEN_PX * share}
    markup = _markup(M, title, rows, cols, min(NARROWEST_PX, SCREEN_PX * share), options)
    return (where or st).html(markup, width=width)


def draw_row(tables: list[dict], where=None, stacked: bool = False):
    """Tables side by side in one st.html (each a dict of draw_matrix's arguments: M, title, rows, cols and
    matrix_html's options), each at its own width: as many to a line as the width holds, the rest on the next
    line, so on a phone one below another. One element in place of a row of columns with a table each: the
    browser sanitises and lays out one block, not one per table. A table is never squeezed to share a line, so
    each may be as narrow as a phone's page, as draw_matrix's widest `share`."""
    import streamlit as st

    parts = []
    for spec in tables:
        options = dict(spec)
        M, title, rows, cols = (options.pop(name) for name in ("M", "title", "rows", "cols"))
        parts.append(_markup(M, title, rows, cols, NARROWEST_PX, options))
    # stacked: one below another, each on a line of its own, still one element (a rerun sends each element alone)
    row = '"mr ms"' if stacked else "mr"
    return (where or st).html(Markup(f"<div class={row}>{''.join(parts)}</div>"))


def _markup(M, title: str, rows, cols, width_px: float, options: dict) -> str:
    """A table's markup without its <style>, from the cache when these numbers and options were drawn before."""
    M = np.asarray(M, dtype=float)
    key = markup_key(M, title, rows, cols, width_px, options)
    with _MARKUP_LOCK:
        if (hit := _MARKUP.get(key)) is not None:
            _MARKUP.move_to_end(key)
            return hit
    markup = matrix_html(M, title, tuple(rows), tuple(cols), width_px=width_px, style=False, **options)
    with _MARKUP_LOCK:
        _MARKUP[key] = markup = Markup(markup)
        while len(_MARKUP) > MARKUP_ENTRIES:
            _MARKUP.popitem(last=False)
    return markup


# The tables' markup, by markup_key, for the whole process (every session's tables at the same numbers are the same
# text): a plain dict under a lock, not st.cache_data, whose keying of each call (its function's signature read
# again for every argument) and pickled copy of the text cost more than the lookup itself: with 30 learners on the
# Q/K/V builder (scripts/sessions_bench.py, about ten tables a run), about a tenth of the server's time (issue 38).
MARKUP_ENTRIES = 512
_MARKUP: OrderedDict[str, Markup] = OrderedDict()
_MARKUP_LOCK = threading.Lock()


def static_table(columns, where=None):
    """A small table of words ({heading: cells}, each cell a string) as Streamlit's static st.table, which costs the
    browser far less than a data grid, handed over as an Arrow table of strings: a pandas DataFrame cost the server
    about 2 ms a table at every rerun, to build and then for Streamlit to turn into Arrow (issue 38)."""
    import pyarrow as pa
    import streamlit as st

    table = pa.table({str(heading): pa.array([str(c) for c in cells], type=pa.string())
                      for heading, cells in columns.items()})
    return (where or st).table(table, hide_index=True)
