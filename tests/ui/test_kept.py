"""attn_ui.data.kept: a page's maths worked out once per distinct numbers, handed back read-only."""

from __future__ import annotations

import numpy as np
import pytest

from attn_ui.data import kept

calls = []


def _double(a, k=1):
    calls.append(1)
    return {"twice": a * 2 * k, "rows": (a.sum(-1),)}


def test_the_same_numbers_are_worked_out_once():
    calls.clear()
    a = np.arange(6.0).reshape(2, 3)
    first = kept(_double, a, k=3)
    again = kept(_double, a.copy(), k=3)  # equal numbers, another array
    assert again is first and len(calls) == 1
    other = kept(_double, a + 1, k=3)
    assert len(calls) == 2 and not np.array_equal(other["twice"], first["twice"])


def test_a_kept_result_cannot_be_changed_in_place():
    a = np.ones((2, 2))
    out = kept(_double, a, k=5)
    with pytest.raises(ValueError):
        out["twice"][0, 0] = 9.0
    with pytest.raises(ValueError):
        out["rows"][0][0] = 9.0
