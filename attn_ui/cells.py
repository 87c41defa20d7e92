"""A matrix cell as the learner types it: its text in the editor, and checking what was typed."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from attn_lessons import notices
from attn_lessons.format import typed

MAX_ABS = 1e6  # larger entries would let Q Kᵀ reach ~1e24 and beyond: nothing on screen could be read


def cell_text(value: float) -> str:
    """A number as the editor shows it: 4 significant digits, in a form parse_cell reads back."""
    return typed(value, 4)


def parse_cell(raw: Any) -> float:
    """A typed cell as a float, or a ValueError saying in words what is wrong with it."""
    if raw is None:
        raise ValueError(notices.empty())
    if isinstance(raw, bool):
        raise ValueError(notices.cell_not_a_number(str(raw)))  # noqa: TRY004 - one error type for every bad cell
    if isinstance(raw, (int, float, np.integer, np.floating)):
        value, shown = float(raw), repr(raw)
    else:
        shown = str(raw).strip()
        if not shown:
            raise ValueError(notices.empty())
        try:
            # accept the minus sign the page prints (−) as well as the one on the keyboard (-)
            value = float(shown.replace("\u2212", "-"))
        except ValueError:
            raise ValueError(notices.cell_not_a_number(shown)) from None
    if math.isnan(value):
        raise ValueError(notices.cell_nan(shown))
    if math.isinf(value):
        raise ValueError(notices.cell_infinite(shown))
    if abs(value) > MAX_ABS:
        raise ValueError(notices.cell_too_large(shown, MAX_ABS))
    return value


@dataclass(frozen=True)
class CellError:
    """One bad cell: where it is and what is wrong with it."""

    matrix: str
    r: int  # row position
    c: int  # column position
    row: str  # row label
    col: str  # column label
    reason: str

    @property
    def message(self) -> str:
        return notices.cell_error(self.matrix, self.row, self.col, self.reason)


def apply_edits(name: str, base, last_good, edits: Mapping, row_labels, col_labels
                ) -> tuple[np.ndarray, list[CellError]]:
    """The starting matrix with the learner's edits applied; a bad cell keeps its last good value.

    `edits` is a data editor's edited_rows: {row position: {column label: typed value}}.
    """
    M = np.array(base, dtype=float)  # (r, c), a copy
    good = np.asarray(last_good, dtype=float)
    col_index = {str(c): k for k, c in enumerate(col_labels)}
    errors: list[CellError] = []
    for r_key, row_edits in edits.items():
        r = int(r_key)
        for c_key, raw in row_edits.items():
            c = col_index.get(str(c_key))
            if c is None or not 0 <= r < M.shape[0]:
                continue  # a cell that is not in this matrix (stale editor state): nothing to apply
            try:
                M[r, c] = parse_cell(raw)
            except ValueError as err:
                M[r, c] = good[r, c]
                errors.append(CellError(name, r, c, str(row_labels[r]), str(col_labels[c]), str(err)))
    return M, errors
