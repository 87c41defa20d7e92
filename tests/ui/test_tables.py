"""attn_ui.tables: a matrix as an HTML table, read back with the standard library's html.parser.

Every value, label and the shape come back exactly; hostile labels come back as text; every colour step reaches
4.5:1; the colours are the charts' own (plotly.colors); and the markup stays within the page budget."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from plotly.colors import sample_colorscale, unlabel_rgb
from tests.hyp import examples
from tests.html_tables import Table
from tests.prose import claims

from attn_lessons.format import num
from attn_ui.figures import SIGNED, WEIGHTS
from attn_ui.figures import INK
from attn_ui.tables import (
    ALL_STEPS,
    BAR_COLOURS,
    BAR_STEPS,
    LETTERS,
    PAGE_STYLE,
    SPECIAL,
    Bars,
    bar_classes,
    bars_html,
    STEPS,
    cell_texts,
    contrast,
    luminance,
    matrix_html,
    scale_steps,
    shared_range,
    step_names,
    value_range,
)

TAGS = {"style", "div", "table", "caption", "thead", "tbody", "tr", "th", "td", "p", "span", "i"}
HOSTILE = ["<img src=x onerror=alert(1)>", "</table>", "&", "&amp;", '"', "'", "🙂", "שלום", "<script>x</script>",
           "a\"b'c<d>e&f", "<!-- x -->", "]]>", "<style>*{display:none}</style>", "\u202eevil"]


def read(markup: str, y_title: str = "") -> tuple[Table, str | None, list]:
    """The parsed table, the row labels' header (the first column header when y_title is given), and the
    column headers [text, class]."""
    t = Table(markup)
    return (t, t.heads[0][0], t.heads[1:]) if y_title else (t, None, t.heads)


def rules(style: str) -> dict[str, tuple[str, str]]:
    """class name -> (background, text colour), from the stylesheet's step rules."""
    found = claims(r"\.mx \.(\w),\.D\1 td\{background:(.+?);color:(#\w{6})\}", style)  # none found fails
    return {m[1]: (m[2], m[3]) for m in found}


def expected_text(x: float, decimals: int) -> str:
    return "NaN" if np.isnan(x) else num(x, decimals)


def check_table(markup: str, M, title: str, rows, cols, decimals: int, kind: str, zmax=None, y_title: str = ""):
    """Everything a reader gets back from the markup is what went in."""
    t, corner, heads = read(markup, y_title)
    r, c = np.shape(M)
    assert t.caption == f"{title}  ({r} × {c})"
    assert corner == (y_title or None)
    assert [h for h, _ in heads] == [str(x) for x in cols]
    body = t.body
    assert [row["label"] for row in body] == [str(x) for x in rows]
    assert [len(row["cells"]) for row in body] == [c] * r
    got = [[text for text, _ in row["cells"]] for row in body]
    assert got == [[expected_text(x, decimals) for x in row] for row in np.asarray(M, dtype=float)]
    default = t.table_class[1:]
    classes = np.array([[(cls or default).replace("H", "").strip() or default for _, cls in row["cells"]]
                        for row in body], dtype=object).reshape(r, c)
    low, high = value_range(np.asarray(M, dtype=float), kind, zmax)
    assert (classes == step_names(np.asarray(M, dtype=float), kind, low, high)).all()
    colours = rules(t.style)
    for name in set(classes.ravel()):
        assert colours[name] == (ALL_STEPS[name].background, ALL_STEPS[name].text)
    assert set(t.tags) <= TAGS, set(t.tags) - TAGS
    assert all("style" not in a for _, a in t.attrs), "a style attribute: colours go by class"
    return t


labels = st.text(max_size=12)


@st.composite
def tables(draw):
    r, c = draw(st.integers(1, 32)), draw(st.integers(1, 64))
    values = st.floats(allow_nan=True, allow_infinity=True, width=64) | st.floats(-5, 5) | st.sampled_from(
        [-np.inf, np.nan, 0.0, -0.0, 1.0, -1e-9])
    M = draw(arrays(np.float64, (r, c), elements=values))
    rows = draw(st.lists(labels, min_size=r, max_size=r))
    cols = draw(st.lists(labels, min_size=c, max_size=c))
    return M, rows, cols


@settings(max_examples=examples(200), suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(tables(), st.sampled_from(["signed", "weights"]), st.integers(0, 4), st.booleans(), st.data())
def test_every_value_label_and_the_shape_come_back_exactly(table, kind, decimals, titled, data):
    M, rows, cols = table
    r, c = M.shape
    hr = data.draw(st.none() | st.integers(0, r - 1))
    hc = data.draw(st.none() | st.integers(0, c - 1))
    y_title = "query" if titled else ""
    markup = matrix_html(M, "M <&> \"x\"", rows, cols, kind=kind, decimals=decimals, highlight_row=hr,
                         highlight_col=hc, y_title=y_title, x_title="key" if titled else "")
    t = check_table(markup, M, "M <&> \"x\"", rows, cols, decimals, kind, y_title=y_title)
    assert [i for i, row in enumerate(t.body) if row["cls"] == "H"] == ([] if hr is None else [hr])
    marked = {j for row in t.body for j, (_, cls) in enumerate(row["cells"]) if cls and "H" in cls.split()}
    assert marked == (set() if hc is None else {hc})
    assert t.group_heads == (["key"] if titled else [])
    assert [j for j, (_, cls) in enumerate(read(markup, y_title)[2]) if cls == "H"] == ([] if hc is None else [hc])


@settings(max_examples=examples(300))
@given(st.lists(st.floats(allow_nan=True, allow_infinity=True, width=64), max_size=50), st.integers(0, 6))
def test_cell_texts_print_as_the_one_formatter_does(values, decimals):
    assert cell_texts(values, decimals) == [expected_text(x, decimals) for x in values]


def test_negative_zero_and_tiny_negatives_print_without_a_minus():
    assert cell_texts([-0.0, -1e-9, -0.004, -0.005], 2) == ["0.00", "0.00", "0.00", "−0.01"]


def test_hostile_labels_come_out_as_text_and_make_no_element():
    n = len(HOSTILE)
    M = np.linspace(0, 1, n * n).reshape(n, n)
    title = "<b>weights</b> & \"co\""
    markup = matrix_html(M, title, HOSTILE, HOSTILE, kind="weights", decimals=3, highlight_row=0, highlight_col=1,
                         x_title="</th>key", y_title="<i>query")
    t = check_table(markup, M, title, HOSTILE, HOSTILE, 3, "weights", y_title="<i>query")
    assert t.tags.count("style") == 1 and t.tags.count("table") == 1 and t.tags.count("caption") == 1
    assert "<script" not in markup and "<img" not in markup
    box = next(a for tag, a in t.attrs if tag == "div" and a.get("role") == "region")  # 14 long labels: wide
    assert box["aria-label"] == f"{title}  ({n} × {n})" and box["tabindex"] == "0"
    assert read(markup, "<i>query")[1] == "<i>query" and t.group_heads == ["</th>key"]
    rtl = [a for tag, a in t.attrs if tag == "th" and a.get("dir") == "auto"]
    assert len(rtl) == 2  # שלום as a row and as a column label reads right to left on its own


def test_every_colour_step_reaches_4_5_to_1_against_its_text():
    for step in ALL_STEPS.values():
        worst = min(contrast(step.text, colour) for colour in step.colours)
        assert worst >= 4.5, (step.name, step.colours, step.text, worst)


def test_contrast_and_luminance_follow_wcag():
    assert luminance("#000000") == 0 and luminance("#ffffff") == pytest.approx(1)
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)  # the lightest grey passing on white
    assert contrast("#ffffff", "#767676") == contrast("#767676", "#ffffff")


def test_the_steps_are_the_charts_own_scales_sampled_from_plotly():
    for kind, scale in (("signed", SIGNED), ("weights", WEIGHTS)):
        steps = scale_steps(kind)
        assert [s.name for s in steps] == list(LETTERS[kind]) and len(steps) == STEPS[kind]
        for k, step in enumerate(steps):
            want = unlabel_rgb(sample_colorscale(scale, [(k + 0.5) / len(steps)])[0])
            got = tuple(int(step.background[i:i + 2], 16) for i in (1, 3, 5))
            assert np.allclose(got, want, atol=0.5), (kind, k, got, want)
    assert scale_steps("signed")[5].background == "#f7f7f7"  # 0 is RdBu's own near-white middle
    assert len({s.name for s in ALL_STEPS.values()}) == len(ALL_STEPS)  # one class per colour, never shared
    assert not set(ALL_STEPS) & {"E", "H", "hl", "sc", "mx", "lg"}  # nor with the table's other classes


def test_a_value_falls_in_the_step_of_its_place_on_the_scale():
    W = np.array([[0.0, 0.099, 0.1, 0.5, 0.999, 1.0, -0.2, 1.3]])
    assert "".join(step_names(W, "weights", 0.0, 1.0)[0]) == "llmquulu"  # clipped at both ends
    S = np.array([[-2.0, -1e-9, 0.0, 1e-9, 2.0, 5.0, -np.inf, np.inf, np.nan]])
    assert "".join(step_names(S, "signed", -2.0, 2.0)[0]) == "afffkkxyz"
    assert value_range(S, "signed", None) == (-5.0, 5.0)  # the largest finite |value|
    assert value_range(S, "signed", 2.0) == (-2.0, 2.0)  # twins share the range they are given
    assert value_range(np.full((2, 2), np.nan), "signed", None) == (-1.0, 1.0)
    assert value_range(np.zeros((2, 2)), "signed", None) == (-1.0, 1.0)


def test_tables_side_by_side_share_the_largest_finite_value_as_their_range():
    right, wrong = np.array([[0.5, -0.25]]), np.array([[0.5, -3.0], [np.nan, -np.inf]])
    assert shared_range(right, wrong) == 3.0  # the largest |value| of either, NaN and −∞ left out
    assert shared_range(wrong, right) == shared_range(right, wrong) == shared_range(right, wrong, right)
    assert shared_range(right) == 0.5
    assert shared_range(np.array([-7.0]), [[1, 2]], 4.5) == 7.0  # any array-like, a negative's size counts
    assert shared_range(np.zeros((2, 2)), np.full(3, np.nan)) == 1.0  # nothing to scale by: 1, as value_range
    assert shared_range(np.empty((0, 3))) == 1.0
    assert shared_range() == 1.0
    M = np.array([[0.5, -3.0]])
    assert value_range(M, "signed", shared_range(M, right)) == value_range(M, "signed", None)


def test_twins_given_one_zmax_colour_one_value_alike():
    right, wrong = np.array([[0.5, -0.5]]), np.array([[0.5, -3.0]])
    a, b = (read(matrix_html(M, "t", ["q"], ["a", "b"], zmax=3.0))[0] for M in (right, wrong))
    first = [(cls or t.table_class[1:]) for t in (a, b) for _, cls in t.body[0]["cells"][:1]]
    assert first[0] == first[1]


def test_special_cells_say_what_they_are_and_the_legend_shows_their_pattern():
    M = np.array([[0.5, -np.inf], [np.nan, np.inf]])
    markup = matrix_html(M, "scores", ["a", "b"], ["c", "d"])
    t = read(markup)[0]
    assert [[text for text, _ in row["cells"]] for row in t.body] == [["0.50", "−∞"], ["NaN", "+∞"]]
    for text, step in SPECIAL.items():
        assert "gradient" in step.background, text  # a pattern, not a colour alone
        assert f"<span><i class={step.name}></i> {text}</span>" in markup
    assert len({step.background for step in SPECIAL.values()}) == 3


def test_the_highlight_is_named_in_the_legend():
    markup = matrix_html(np.eye(3), "w", ["a", "<b>", "c"], ["x", "y", "z"], kind="weights", y_title="query",
                         highlight_row=1, highlight_col=2)
    assert "outlined: query &lt;b&gt;, column z" in markup
    assert "outlined" not in matrix_html(np.eye(3), "w", list("abc"), list("xyz"))


def test_a_table_that_surely_fits_adds_no_tab_stop_and_a_wide_one_is_a_labelled_region():
    small = matrix_html(np.eye(3), "w", list("abc"), list("xyz"))
    assert "tabindex" not in small and "role=" not in small and "<div class=sc>" in small
    wide = matrix_html(np.zeros((2, 20)), "X", ["a", "b"], [f"d{j}" for j in range(20)])
    assert '<div class=sc role=region tabindex=0 aria-label="X  (2 × 20)">' in wide
    assert "tabindex" in matrix_html(np.eye(3), "w", list("abc"), list("xyz"), width_px=50)


def test_bad_arguments_say_what_was_expected():
    with pytest.raises(ValueError, match="kind='heat'"):
        matrix_html(np.eye(2), "w", "ab", "cd", kind="heat")
    with pytest.raises(ValueError, match="must match"):
        matrix_html(np.eye(2), "w", "abc", "cd")


# ------------------------------------------------------------------------------------------------ bars of a row
@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), n=st.integers(1, 32), k=st.integers(1, 3))
def test_bars_give_back_every_value_label_and_header(data, n, k):
    cells = st.one_of(st.floats(-1e3, 1e3), st.sampled_from([np.nan, np.inf, -np.inf, 0.0]))
    cols = [Bars(f"c{j} <&>", tuple(data.draw(st.lists(cells, min_size=n, max_size=n))),
                 data.draw(st.sampled_from(["signed", "positive"])), None, data.draw(st.integers(0, 4)))
            for j in range(k)]
    labels = [f"t{i}" for i in range(n)]
    t = Table(bars_html(cols, labels, "row of <q>", label_title="key"))
    assert t.caption == f"row of <q>  ({n} × {k})"
    assert [h for h, _ in t.heads] == ["key", *(c.name for c in cols)]
    assert [r["label"] for r in t.body] == labels
    for j, c in enumerate(cols):
        assert [r["cells"][j][0] for r in t.body] == [expected_text(v, c.decimals) for v in c.values]


def test_hostile_labels_and_headers_of_bars_come_out_as_text():
    n = len(HOSTILE)
    markup = bars_html([Bars(HOSTILE[0], tuple(np.linspace(-1, 1, n)))], HOSTILE, HOSTILE[4], label_title=HOSTILE[1],
                       highlight_row=2)
    t = Table(markup)
    assert [r["label"] for r in t.body] == HOSTILE and [h for h, _ in t.heads] == [HOSTILE[1], HOSTILE[0]]
    assert t.caption == f"{HOSTILE[4]}  ({n} × 1)" and "<img" not in markup and "<script" not in markup
    assert set(t.tags) <= TAGS and t.tags.count("table") == 1 and t.body[2]["cls"] == "H"
    assert len([a for tag, a in t.attrs if tag == "th" and a.get("dir") == "auto"]) == 1  # שלום


def test_a_bar_is_as_long_as_its_value_to_half_a_step():
    values = np.array([0.0, 0.3, -0.3, 1.0, -2.0, 0.001, np.nan, np.inf, -np.inf])
    signed = bar_classes(values, "signed", 1.0)
    assert signed == ["", "bp L8", "bn L8", "bp L25", "bn L25", "", "", "", ""]  # -2 is past the end: a full half
    assert bar_classes([0.5, 0.26, 0.0], "positive", 1.0) == ["bw L25", "bw L13", ""]
    assert bar_classes([2.0, -1.2], "signed", None) == ["bp L25", "bn L15"]  # top: the largest |value|
    rng = np.random.default_rng(0)
    for kind, family, steps in (("positive", "bw", BAR_STEPS), ("signed", None, BAR_STEPS // 2)):
        v = rng.uniform(0 if kind == "positive" else -3, 3, 200)
        for x, cls in zip(v, bar_classes(v, kind, 3.0), strict=True):
            length = int(cls.split()[1][1:]) if cls else 0
            assert abs(length - abs(x) / 3.0 * steps) <= 0.5 + 1e-9
            if cls:
                assert cls.split()[0] == (family or ("bp" if x > 0 else "bn"))


def test_every_bar_class_has_its_rule_and_its_colour_reads_4_5_to_1():
    assert all(f".br .L{k}{{--w:{2 * k}%}}" in PAGE_STYLE for k in range(1, BAR_STEPS + 1))
    assert f".br .L{BAR_STEPS + 1}{{" not in PAGE_STYLE
    for family, colour in (("bp", BAR_COLOURS["p"]), ("bn", BAR_COLOURS["n"]), ("bw", BAR_COLOURS["w"])):
        assert re.search(rf"\.br \.{family}\{{[^}}]*--c:{colour}\}}", PAGE_STYLE), family
        assert contrast(INK, colour) >= 4.5
    assert BAR_COLOURS["p"] == _hex_of(sample_colorscale(SIGNED, [0.75])[0])
    assert BAR_COLOURS["w"] == _hex_of(sample_colorscale(WEIGHTS, [0.4])[0])


def _hex_of(rgb: str) -> str:
    return "#" + "".join(f"{round(float(c)):02x}" for c in unlabel_rgb(rgb))


def test_bad_bars_say_what_was_expected():
    with pytest.raises(ValueError, match="one value per label"):
        bars_html([Bars("a", (1.0, 2.0))], ["x"], "t")
    with pytest.raises(ValueError, match="kind='heat'"):
        bars_html([Bars("a", (1.0,), "heat")], ["x"], "t")


def builder_at_the_largest_inputs() -> list[tuple]:
    """The matrices the Q/K/V builder shows at 32 tokens and d_model 64, with its decimals (1 for the signed
    ones past d_model 16, 3 for the weights): about 24,500 values, what issue 21 budgets 400 kB for."""
    rng = np.random.default_rng(0)
    n, d = 32, 64
    toks, dims = [f"token{i}" for i in range(n)], [f"d{j}" for j in range(d)]
    X = rng.standard_normal((n, d))
    W = [rng.standard_normal((d, d)) / 8 for _ in range(3)]
    Q, K, V = (X @ w for w in W)
    scores = Q @ K.T / 8
    E = np.exp(scores - scores.max(axis=1, keepdims=True))
    weights = E / E.sum(axis=1, keepdims=True)
    signed = [(X, toks, dims), *((w, dims, dims) for w in W), *((M, toks, dims) for M in (Q, K, V)),
              (scores, toks, toks), (weights @ V, toks, dims)]
    return [(M, r, c, {"decimals": 1}) for M, r, c in signed] + [(weights, toks, toks, {"kind": "weights",
                                                                                      "decimals": 3})]


def test_the_markup_stays_small(capsys):
    big = np.random.default_rng(1).standard_normal((32, 64))
    one = matrix_html(big, "X", [f"token{i}" for i in range(32)], [f"d{j}" for j in range(64)], decimals=3)
    assert "style=" not in one and one.count("<style>") == 1
    builder = [matrix_html(M, "M", r, c, **kw) for M, r, c, kw in builder_at_the_largest_inputs()]
    values = sum(M.size for M, *_ in builder_at_the_largest_inputs())
    total = sum(map(len, builder))
    with capsys.disabled():
        print(f"\n32 × 64 at 3 decimals: {len(one):,} characters ({len(one.encode()):,} bytes UTF-8), "
              f"{len(one) / big.size:.1f} a value; the builder's {values:,} values: {total:,} characters "
              f"({sum(len(m.encode()) for m in builder):,} bytes), {total / values:.1f} a value")
    assert len(one) < 40_000
    assert total < 380_000  # the page's budget is 400 kB, with room for the rest of the page


def test_a_table_wider_than_its_laptop_column_marks_its_box_so_its_row_stacks():
    """Issue 30, item 18: matrix_html's column_px. A table wider than its column on a laptop marks its scroll box
    `w` (PAGE_STYLE stacks the row of st.columns holding it); one that fits, or one drawn outside columns, does not."""
    labels = [f"word{k}" for k in range(20)]
    M = np.zeros((20, 20))
    assert '<div class="sc w" role=region' in matrix_html(M, "t", labels, labels, column_px=360, style=False)
    assert "sc w" not in matrix_html(M, "t", labels, labels, style=False)  # not in columns: nothing to stack
    assert "sc w" not in matrix_html(M, "t", labels, labels, column_px=5000, style=False)
    small = matrix_html(M[:3, :3], "t", labels[:3], labels[:3], column_px=360, style=False)
    assert "<div class=sc><table" in small  # fits: no region, no mark


def test_the_page_style_says_a_box_scrolls_and_stacks_a_row_that_does_not_fit():
    """The rules behind item 18, in the one page stylesheet (no markup per table): the scroll line counts the column
    headers and shows while the box has something to scroll; a row of columns holding a marked table stacks on a
    laptop; a focused box drops its fade so its outline shows."""
    assert "content:'scroll → for all ' counter(c) ' columns'" in PAGE_STYLE
    assert ".mx th[scope=col]:not(:first-child){counter-increment:c}" in PAGE_STYLE
    assert "scroll-timeline:--sc x" in PAGE_STYLE and "animation-timeline:--sc" in PAGE_STYLE
    assert "@supports not (animation-timeline:scroll()){.mx .sc[role]::after{font-size:.75rem}}" in PAGE_STYLE
    stack = "[data-testid=stHorizontalBlock]:has(.sc.w)>[data-testid=stColumn]{flex:1 1 100%;min-width:100%}"
    assert stack in PAGE_STYLE
    assert "mask-image:none!important" in PAGE_STYLE
