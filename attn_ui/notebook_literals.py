"""A page's numbers written as Python for its notebook: each input on one line that reads back exactly.

`line` writes one input of a notebook's parameters cell (a Note carries its comment), `assign` one number the page
showed, `literal` an array with every digit (±∞ and NaN as np.inf and np.nan), `mask_literal` a boolean mask as a
grid of 0s and 1s. attn_ui.notebook_build fills the parameters cell with them; no Streamlit here.
"""

from __future__ import annotations

import re
from typing import NamedTuple

import numpy as np

from attn_lessons import take_home

from .code import array_literal

SHORT = 4  # a float vector of at most this many entries is written on one line, each number as Python prints it


class Note(NamedTuple):
    """An input with a comment for its line: `i = 5  # the query the page shows: 'mat'`."""

    value: object
    comment: str


def assign(name: str, value) -> str:
    """`name = <value>` with every digit: an array literal, a number, a shape (a tuple) or None."""
    if value is None or isinstance(value, tuple):
        return f"{name} = {value!r}"
    value = np.asarray(value)
    return literal(name, value) if value.ndim else f"{name} = {number(float(value))}"


def names(labels, note: str = take_home.TOKENS_NOTE) -> Note:
    """A list of strings (the tokens' labels) as an input of `cells`, with its comment."""
    return Note(list(map(str, labels)), note)


def line(name: str, value, comment: str = "") -> str:
    """One input as Python reads it back: several names ("i, j") from a tuple of small values, a boolean (n, n) mask as
    a grid of 0s and 1s, any other array with every digit, a list of strings (labels) or numbers, a float exactly,
    anything else as its repr; then `# comment`."""
    if "," in name:  # several small inputs on one line: `i, j = 1, 4`
        text = f"{name} = {', '.join(number(v) if isinstance(v, float) else repr(v) for v in value)}"
    elif isinstance(value, np.ndarray) and value.dtype == bool and value.ndim == 2:
        text = mask_literal(name, value)  # its own comment says what 1 means
    elif isinstance(value, np.ndarray) and value.ndim == 1 and value.size <= SHORT and value.dtype.kind == "f":
        text = f"{name} = np.array([{', '.join(number(x) for x in value)}])"  # a few scores read as typed
    elif isinstance(value, np.ndarray):
        text = literal(name, value)
    elif isinstance(value, (list, tuple)):
        text = f"{name} = {[x.item() if isinstance(x, np.generic) else x for x in value]!r}"
    elif isinstance(value, (float, np.floating)):
        text = f"{name} = {number(float(value))}"
    elif isinstance(value, (np.integer, np.bool_)):
        text = f"{name} = {value.item()!r}"
    else:
        text = f"{name} = {value!r}"
    return f"{text}  # {comment}" if comment else text


def literal(name: str, M) -> str:
    """`name = np.array([...])` with every digit (array_literal); ±∞ and NaN written as np.inf and np.nan."""
    M = np.asarray(M)
    if M.dtype == bool:
        return mask_literal(name, M)
    # the literal must not depend on print options someone set in this process (suppress, nanstr, …)
    with np.printoptions(suppress=False, sign="-", nanstr="nan", infstr="inf", legacy=False):
        text = array_literal(name, M)
    if not np.isfinite(M.astype(float)).all():
        text = re.sub(r"(?<![\w.])inf\b", "np.inf", text)
        text = re.sub(r"(?<![\w.])nan\b", "np.nan", text)
        text = re.sub(r"(?<=\S) {2,}", " ", text)  # the columns were padded for "inf": no longer aligned anyway
    return text


def mask_literal(name: str, mask) -> str:
    """A boolean (n, n) mask as rows of 0s and 1s, which read as a grid."""
    rows = ",\n    ".join("[" + ", ".join("1" if v else "0" for v in row) + "]" for row in np.asarray(mask, bool))
    return f"{name} = np.array([\n    {rows}], dtype=bool)  # {take_home.MASK_NOTE}"


def number(x: float) -> str:
    """A float as Python reads it back exactly: repr, or np.inf / -np.inf / np.nan."""
    x = float(x)
    if np.isnan(x):
        return "np.nan"
    if np.isinf(x):
        return "np.inf" if x > 0 else "-np.inf"
    return repr(x)
