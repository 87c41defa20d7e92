"""attn_ui.exports and attn_ui.cells: the builder's diagram, downloads and code, and checking typed cells."""

import csv
import io
import zipfile

import numpy as np
import pytest

from attn_ui.cells import apply_edits, cell_text, parse_cell
from attn_ui.exports import csv_zip, shape_flow_dot


def random_case(seed, n=5, d=4, scale=1.0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal((n, d)) * scale, *(rng.standard_normal((3, d, d)) * scale))


# ---- checking edits (attn_ui.cells) ------------------------------------------------------------

@pytest.mark.parametrize("raw, value", [("1.5", 1.5), (" -2 ", -2.0), ("−0.25", -0.25), ("1e3", 1000.0),
                                        (7, 7.0), (2.5, 2.5), ("1000000", 1e6)])
def test_parse_cell_accepts_numbers(raw, value):
    assert parse_cell(raw) == value


@pytest.mark.parametrize("raw, words", [("abc", "is not a number"), ("", "is empty"), (None, "is empty"),
                                        ("nan", "NaN"), (float("nan"), "NaN"), ("inf", "infinite"),
                                        ("-Infinity", "infinite"), ("1e308", "larger than the limit"),
                                        ("1000001", "larger than the limit"), (True, "is not a number")])
def test_parse_cell_names_what_is_wrong(raw, words):
    with pytest.raises(ValueError, match=words):
        parse_cell(raw)


def test_apply_edits_keeps_the_last_good_value_of_a_bad_cell():
    base = np.zeros((2, 3))
    last_good = np.array([[0.0, 5.0, 0.0], [0.0, 0.0, 0.0]])
    edits = {"0": {"d1": "oops", "d2": "2"}, 1: {"d0": "1e308"}}
    M, errors = apply_edits("W_Q", base, last_good, edits, ["d0", "d1"], ["d0", "d1", "d2"])
    assert np.array_equal(M, [[0.0, 5.0, 2.0], [0.0, 0.0, 0.0]])
    found = [(e.matrix, e.r, e.c, e.row, e.col) for e in errors]
    assert found == [("W_Q", 0, 1, "d0", "d1"), ("W_Q", 1, 0, "d1", "d0")]
    assert errors[0].message.startswith("W_Q, row d0, column d1: “oops” is not a number")


def test_apply_edits_ignores_cells_from_a_stale_editor():
    M, errors = apply_edits("X", np.ones((1, 2)), np.ones((1, 2)), {0: {"gone": "x"}, 5: {"d0": "x"}},
                            ["cat"], ["d0", "d1"])
    assert np.array_equal(M, np.ones((1, 2))) and errors == []


# ---- downloads, diagram, code (attn_ui.exports) ----------------------------------------------

def test_csv_zip_has_one_labelled_csv_per_matrix_and_exact_numbers():
    M = np.array([[1 / 3, -2.0], [1e-17, 4.5]])
    data = csv_zip({"weights": (M, ["the·0", "cat"], ["the·0", "cat"]), "V": (M[:1], ["x"], ["d0", "d1"])})
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert sorted(z.namelist()) == ["V.csv", "weights.csv"]
        rows = list(csv.reader(io.StringIO(z.read("weights.csv").decode())))
    assert rows[0] == ["", "the·0", "cat"] and [r[0] for r in rows[1:]] == ["the·0", "cat"]
    assert np.array_equal(np.array([[float(v) for v in r[1:]] for r in rows[1:]]), M)


def test_shape_flow_carries_the_live_shapes():
    dot = shape_flow_dot(n=6, d_model=5, d_k=5, d_v=5)
    assert "X\\n6 × 5" in dot and "QKᵀ\\n6 × 6" in dot and "output\\n6 × 5" in dot and "W_Q (5 × 5)" in dot
    assert dot.startswith("digraph") and dot.rstrip().endswith("}")


@pytest.mark.parametrize("value", [0.0, 1 / 3, -2.5, 3.0, 1e6, -1e6, 1.23456e-7, 0.84147098])
def test_the_editor_text_of_a_cell_reads_back_to_4_significant_digits(value):
    text = cell_text(value)
    assert parse_cell(text) == pytest.approx(value, rel=5e-4, abs=0)
    assert len(text.replace("-", "").replace(".", "").split("e")[0].lstrip("0")) <= 4


def test_shape_flow_stacks_top_to_bottom_for_a_phone():
    wide, tall = shape_flow_dot(6, 8, 8, 8), shape_flow_dot(6, 8, 8, 8, vertical=True)
    assert "rankdir=LR" in wide and "rankdir=TB" in tall
    assert tall.replace("rankdir=TB; nodesep=0.3; ranksep=0.3", "rankdir=LR; nodesep=0.45; ranksep=0.4") == wide
