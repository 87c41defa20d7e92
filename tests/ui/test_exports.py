"""attn_ui.exports and attn_ui.cells: the builder's diagram, downloads and code, and checking typed cells."""

import csv
import io
import zipfile

import numpy as np
import pytest

from attn_ui.cells import apply_edits, cell_text, parse_cell
from attn_ui.exports import csv_zip, shape_flow_html


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


def _flow(markup: str) -> tuple[list[str], list[tuple[str, dict]]]:
    """The diagram's text pieces in reading order (the <style> left out) and every tag with its attributes."""
    from html.parser import HTMLParser

    class Reader(HTMLParser):
        def __init__(self):
            super().__init__()
            self.texts, self.tags, self.in_style = [], [], False

        def handle_starttag(self, tag, attrs):
            self.tags.append((tag, dict(attrs)))
            self.in_style = tag == "style"

        def handle_endtag(self, tag):
            self.in_style = False

        def handle_data(self, data):
            if not self.in_style and data.strip():
                self.texts.append(data.strip())

    reader = Reader()
    reader.feed(markup)
    return reader.texts, reader.tags


@pytest.mark.parametrize("n, d_model, d_k, d_v", [(6, 5, 5, 5), (6, 8, 4, 4), (32, 64, 8, 8), (1, 2, 2, 2)])
def test_shape_flow_carries_the_live_shapes_in_reading_order(n, d_model, d_k, d_v):
    texts, tags = _flow(shape_flow_html(n, d_model, d_k, d_v))
    said = " | ".join(t for t in texts if t != "↓")
    assert said == " | ".join([
        "X", f"{n} × {d_model}",
        f"· W_Q ({d_model} × {d_k})", f"· W_K ({d_model} × {d_k})", f"· W_V ({d_model} × {d_v})",
        "Q", f"{n} × {d_k}", "K", f"{n} × {d_k}", "V", f"{n} × {d_v}",
        "Q · Kᵀ (K transposed)", "QKᵀ", f"{n} × {n}", f"÷ √{d_k}", "QKᵀ / √d_k", f"{n} × {n}",
        "softmax per row", "weights", f"{n} × {n}", "weights · V", "output", f"{n} × {d_v}"])
    # one shared <style>, no style attribute; the arrows are hidden from a screen reader, the group is named
    assert [t for t, _ in tags].count("style") == 1 and not any("style" in a for _, a in tags)
    assert all(a.get("aria-hidden") == "true" for t, a in tags if t == "i")
    assert any(a.get("role") == "group" and a.get("aria-label") for _, a in tags)


@pytest.mark.parametrize("value", [0.0, 1 / 3, -2.5, 3.0, 1e6, -1e6, 1.23456e-7, 0.84147098])
def test_the_editor_text_of_a_cell_reads_back_to_4_significant_digits(value):
    text = cell_text(value)
    assert parse_cell(text) == pytest.approx(value, rel=5e-4, abs=0)
    assert len(text.replace("-", "").replace(".", "").split("e")[0].lstrip("0")) <= 4
