"""attn_lessons.format: how numbers read on screen. Each helper appends its own tests below."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from attn_lessons import format as fmt
from tests.hyp import examples


# ------------------------------------------------------------------------------ sqrt_text, about (Scaling explorer)
@pytest.mark.parametrize("d_k,text", [(1, "√1 = 1"), (64, "√64 = 8"), (50, "√50 = 7.071"), (2, "√2 = 1.414"),
                                      (512, "√512 = 22.627")])
def test_sqrt_text_writes_a_whole_root_whole(d_k, text):
    assert fmt.sqrt_text(d_k) == text


@pytest.mark.parametrize("x,text", [(8.0, "8"), (8.04, "8"), (7.96, "8"), (7.071, "7.1"), (0.98, "1"),
                                    (22.627, "22.6"), (1.06, "1.1"), (-2.01, "-2")])
def test_about_rounds_to_a_whole_number_only_when_close(x, text):
    assert fmt.about(x) == text.replace("-", "−") or fmt.about(x) == text


def test_about_never_prints_nan():
    assert "nan" not in fmt.about(math.nan) and "inf" not in fmt.about(math.inf)


def test_readable_vec_writes_huge_and_tiny_entries_as_powers_of_ten():
    from attn_lessons.format import readable_vec

    assert readable_vec([0.5, -2.0]) == "[0.500, −2.000]"
    assert readable_vec([5.2e21, 1.4e-17, 0.0], 3) == "[5.2 × 10²¹, 1.4 × 10⁻¹⁷, 0.000]"
    assert "e+" not in readable_vec([1e300]) and readable_vec([]) == "[]"


def test_md_text_keeps_typed_tokens_literal_in_markdown():
    from attn_lessons.format import md_text

    assert md_text("cat·1") == "cat·1"
    assert md_text("$·2") == "\\$·2" and md_text("*") == "\\*" and md_text("_b_") == "\\_b\\_"
    assert md_text("<b>") == "\\<b\\>" and md_text("a\\b") == "a\\\\b"


def test_metric_delta_signs_what_st_metric_reads():
    from attn_lessons.format import metric_delta

    assert metric_delta(0.15649) == "+0.156" and metric_delta(-0.2971) == "-0.297"
    assert metric_delta(-0.0004) == "0.000" and metric_delta(0.0) == "0.000"


# ------------------------------------------------------------------------------ enough: never a whole number it is not
# The cases of the five helpers it replaced (questions.sig, mistakes.sig, builder.plain, mask_mistakes.amount,
# home.weight_text) and the three gap wrappers, each with what enough prints; "was" notes where they printed otherwise.
@pytest.mark.parametrize("x,decimals,text", [
    (0.99966, 4, "0.9997"), (0.00034, 4, "0.0003"), (1.1e-7, 3, "1.1 × 10⁻⁷"), (1 - 1.1e-7, 3, "1 − 1.1 × 10⁻⁷"),
    (1.0, 3, "1.000"), (0.0, 3, "0.000"), (1.0, 2, "1.00"),  # questions.sig: was "1" and "0" for an exact 1 and 0
    (1.0003, 3, "1.0003"), (0.0003, 3, "0.0003"), (0.5, 3, "0.500"), (1.7917, 3, "1.792"), (2.0, 3, "2.000"),
    (3e-9, 3, "3.0 × 10⁻⁹"), (1 - 3e-9, 3, "1 − 3.0 × 10⁻⁹"),
    (0.99996, 3, "0.99996"), (0.999996, 3, "1 − 4.0 × 10⁻⁶"),  # mistakes.sig, plain, amount, weight_text
    (1 + 1e-12, 3, "1 + 1.0 × 10⁻¹²"), (1 - 1e-12, 3, "1 − 1.0 × 10⁻¹²"),  # mistakes.sig: was 1.000 (within 10⁻⁹)
    (0.9998520881889196, 3, "0.9999"), (1 - 3e-8, 3, "1 − 3.0 × 10⁻⁸"), (-0.9996, 3, "−0.9996"),  # builder.plain
    (1.00004, 4, "1.00004"), (2e-5, 3, "0.00002"), (2e-6, 3, "2.0 × 10⁻⁶"), (0.5404, 4, "0.5404"),
    (-(1 - 3e-8), 3, "−1 + 3.0 × 10⁻⁸"),  # plain printed "−1 − 3.0 × 10⁻⁸", which is −1.00000003
    (-0.9999999995, 3, "−1 + 5.0 × 10⁻¹⁰"),  # mistakes.sig printed "1 − 2.0 × 10⁰"
    (1 - 2e-12, 3, "1 − 2.0 × 10⁻¹²"), (-0.973, 3, "−0.973"),  # amount
    (2.99996, 3, "2.99996"), (2.999996, 3, "3 − 4.0 × 10⁻⁶"),
    (2.9996, 3, "2.9996"), (-1.99999999, 3, "−2 + 1.0 × 10⁻⁸"),
    (0.00034, 3, "0.0003"), (0.9999999, 3, "1 − 1.0 × 10⁻⁷"),  # weight_text: was 3.4 × 10⁻⁴ and 0.9999999
    (512.0, 0, "512"), (0.0, 0, "0"), (0.1234, 0, "0.1"), (22.627, 0, "22.6"), (0.97, 0, "0.97"),  # axis ends
    (5.2e21, 3, "5.2 × 10²¹"), (-3e6, 2, "−3.0 × 10⁶"), (math.nan, 3, "not a number"), (math.inf, 3, "+∞"),
    (-math.inf, 3, "−∞"), (-0.0, 3, "0.000"), (-1e-4, 3, "−0.0001"),
])
def test_enough_prints_a_whole_number_only_for_one(x, decimals, text):
    assert fmt.enough(x, decimals) == text


def test_enough_below_says_a_rounding_gap_is_below_it_and_is_enough_above_it():
    """The gap wrappers (format.gap, mistakes.gap, questions._gap): 'below 10⁻⁹' for floating-point rounding."""
    assert fmt.enough(1e-12, below=1e-9) == fmt.enough(0.0, below=1e-9) == "below 10⁻⁹"
    assert fmt.enough(2e-6, below=1e-9) == "2.0 × 10⁻⁶" and fmt.enough(0.3, below=1e-9) == "0.300"
    assert fmt.enough(0.999996, below=1e-9) == "1 − 4.0 × 10⁻⁶"  # format.gap printed 1.000
    assert fmt.enough(2.2e-4, below=1e-9) == "0.0002"  # the gap wrappers printed 2.2 × 10⁻⁴
    assert fmt.enough(1e-9, below=1e-9) == "1.0 × 10⁻⁹" and fmt.enough(4e-4, below=1e-6) == "0.0004"
    assert fmt.enough(1e-7, below=1e-6) == "below 10⁻⁶"


def test_enough_vec_prints_each_entry_as_enough():
    assert fmt.enough_vec([0.99966, 0.00034], 4) == "[0.9997, 0.0003]" and fmt.enough_vec([]) == "[]"
    assert fmt.enough_vec([1 - 3e-8, 0.25]) == "[1 − 3.0 × 10⁻⁸, 0.250]"


_SUPER = str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789")
_SCI = r"(−?\d+(?:\.\d+)?) × 10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)"


def _plain(text: str) -> float:
    return float(text.replace("−", "-"))


def read_back(text: str) -> tuple[float, float, bool]:
    """(value, tolerance, says a whole number exactly) of a text `enough` printed."""
    import re

    if " × 10" in text and " " not in text.split(" × 10")[0]:  # 3.0 × 10⁻⁹: two significant digits, within 5%
        m = re.fullmatch(_SCI, text)  # (and the subnormals' step)
        assert m, text
        value = float(f"{_plain(m[1])}e{int(m[2].translate(_SUPER))}")
        return value, 0.051 * abs(value) + 5e-324, False
    if " × 10" in text:  # 1 − 3.0 × 10⁻⁹
        m = re.fullmatch(rf"(−?\d+) ([−+]) {_SCI}", text)
        assert m, text
        whole, off = _plain(m[1]), float(f"{_plain(m[3])}e{int(m[4].translate(_SUPER))}")
        assert off > 0, text
        return whole + (off if m[2] == "+" else -off), 0.051 * off + 1e-15 * abs(whole), False
    assert re.fullmatch(r"−?\d+(\.\d+)?", text), text
    decimals = len(text.split(".")[1]) if "." in text else 0
    return _plain(text), 0.5 * 10.0**-decimals * (1 + 1e-9), True


finite = st.floats(allow_nan=False, allow_infinity=False)


@settings(max_examples=examples(500), deadline=None)
@given(x=st.one_of(finite, st.floats(-3, 3), st.floats(0.9999, 1.0001), st.floats(-1e-3, 1e-3),
                   st.integers(-5, 5).map(float), st.integers(-5, 5).flatmap(
                       lambda n: st.floats(n - 1e-6, n + 1e-6))),
       decimals=st.integers(0, 5))
def test_enough_never_reads_as_a_whole_number_that_x_is_not_and_reads_back_as_x(x, decimals):
    text = fmt.enough(x, decimals)
    assert not any(bad in text.lower() for bad in ("nan", "inf", "e+", "e-", "-")), text  # a real minus, no 1e-09
    if abs(x) >= 1e6:
        assert "×" in text and "10" in text
        return
    value, tolerance, plain_decimal = read_back(text)
    assert abs(value - x) <= tolerance + 1e-15 * abs(x), (x, text)  # round trip: within half its last digit
    if plain_decimal and value == round(value):  # reads as a whole number: 0.000, 1.000, 2.00, 512
        assert x == value, (x, text)
    if x == round(x):  # an exact whole number keeps its decimals
        assert text == fmt.num(x, decimals)


@settings(max_examples=examples(200), deadline=None)
@given(x=finite, below=st.sampled_from([1e-9, 1e-6, 1e-3]))
def test_enough_below_changes_only_what_is_smaller_than_it(x, below):
    text = fmt.enough(x, below=below)
    assert text == (fmt.enough(x) if abs(x) >= below else f"below {fmt.sci(below).replace('1.0 × ', '')}")


# ------------------------------------------------------ grouped, typed, num_cells (a cell's limit, typed cells, tables)
@pytest.mark.parametrize("x,text", [(1e6, "1,000,000"), (1234.5, "1,234"), (1235.5, "1,236"), (999.4, "999"),
                                    (-2500, "−2,500"), (-0.4, "0"), (0, "0"), (math.inf, "+∞"),
                                    (math.nan, "not a number")])
def test_grouped_writes_a_whole_number_with_thousands_separators(x, text):
    assert fmt.grouped(x) == text


@pytest.mark.parametrize("x,digits,text", [(0.001, 6, "0.001"), (1000.0, 6, "1000"), (3.0, 6, "3"),
                                           (1e308, 6, "1e+308"), (-2.5, 6, "-2.5"), (0.123456789, 4, "0.1235"),
                                           (1e6, 4, "1e+06"), (12345.0, 4, "1.234e+04")])
def test_typed_writes_what_a_learner_types(x, digits, text):
    assert fmt.typed(x, digits) == text


@settings(max_examples=examples(300), deadline=None)
@given(x=st.floats(-1e307, 1e307), digits=st.integers(1, 8))  # 1.5e308 to 1 digit is 2e+308: past a float
def test_typed_reads_back_within_its_digits(x, digits):
    text = fmt.typed(x, digits)
    assert "−" not in text and " " not in text  # float() reads it: an ASCII minus, no × 10ⁿ
    assert math.isclose(float(text), x, rel_tol=10.0 ** (1 - digits))


@settings(max_examples=examples(300), deadline=None)
@given(values=st.lists(st.floats(width=64), max_size=30), decimals=st.integers(0, 6))
def test_num_cells_prints_each_value_as_num_does_and_nan_as_nan(values, decimals):
    expected = ["NaN" if math.isnan(x) else fmt.num(x, decimals) for x in values]
    assert fmt.num_cells(values, decimals) == expected


# ------------------------------------------------------------------------------ bound: rounded away from the claim
@pytest.mark.parametrize("x,side,decimals,pct,text", [
    (0.081, "upper", 0, True, "9%"), (0.134, "upper", 0, True, "14%"),  # the "within 8%", "within 13%"
    (0.081, "lower", 0, True, "8%"), (0.07, "upper", 0, True, "7%"), (0.05, "upper", 0, True, "5%"),
    (0.2996, "lower", 3, False, "0.299"), (0.2991, "upper", 3, False, "0.300"), (0.3, "upper", 3, False, "0.300"),
    (-8.1, "upper", 0, False, "−8"), (-0.05, "lower", 1, False, "−0.1"), (-0.0001, "upper", 2, False, "0.00"),
    (5e-324, "upper", 2, False, "0.01"), (0.0, "lower", 1, True, "0.0%"), (math.inf, "upper", 0, False, "+∞")])
def test_bound_rounds_away_from_the_claim(x, side, decimals, pct, text):
    assert fmt.bound(x, side, decimals, as_percent=pct) == text


def test_bound_refuses_a_side_it_does_not_know():
    with pytest.raises(ValueError, match="side must be"):
        fmt.bound(0.5, "up")


@settings(max_examples=examples(500), deadline=None)
@given(x=st.floats(-1e12, 1e12), side=st.sampled_from(["upper", "lower"]), decimals=st.integers(0, 4),
       pct=st.booleans())
def test_a_printed_bound_is_never_on_the_wrong_side_of_x(x, side, decimals, pct):
    from fractions import Fraction

    text = fmt.bound(x, side, decimals, as_percent=pct)
    assert text.endswith("%") == pct and "-" not in text
    printed = Fraction(text.rstrip("%").replace("−", "-")) / (100 if pct else 1)  # as a reader reads it back
    value = Fraction(repr(x))
    assert printed >= value if side == "upper" else printed <= value
    assert abs(printed - value) < Fraction(1, 10**decimals) / (100 if pct else 1)  # and the nearest such bound
    assert (float(printed) >= x) if side == "upper" else (float(printed) <= x)  # the float x itself, too


def test_all_of_never_says_all_2_or_all_1():
    from attn_lessons.format import all_of

    assert all_of(1, "key") == "the one key" and all_of(1, "head", one="its one") == "its one head"
    assert all_of(2, "key") == "both keys" and all_of(2, "query", "queries") == "both queries"
    assert all_of(5, "column") == "all 5 columns"


def test_listing_is_the_one_list_joiner_with_either_conjunction():
    from attn_lessons.format import listing

    words = ["“dog”", "“cat”", "“bird”", "“fish”"]
    assert listing(words) == "“dog”, “cat”, “bird” and “fish”"  # never "and" at every seam
    assert listing(words[:2], "or") == "“dog” or “cat”" and listing(words[:1], "or") == "“dog”"
    assert listing([]) == ""


# each seam of the conjunction on its own side: (items, conjunction, English, Chinese)
SEAMS = [(["物品算作地点", "代词"], "and", "物品算作地点 and 代词", "物品算作地点和代词"),  # wide | wide
         (["因果掩码", "填充掩码"], "or", "因果掩码 or 填充掩码", "因果掩码或填充掩码"),
         (["“猫”", "“垫”"], "and", "“猫” and “垫”", "“猫”和“垫”"),  # full-width quotation marks are wide
         (["因果掩码", "d_k"], "and", "因果掩码 and d_k", "因果掩码和 d_k"),  # wide | Latin
         (["“猫”", "2"], "or", "“猫” or 2", "“猫”或 2"),
         (["2", "个头"], "and", "2 and 个头", "2 和个头"),  # number | wide
         (["⟨pad⟩", "猫"], "and", "⟨pad⟩ and 猫", "⟨pad⟩ 和猫"),  # symbol | wide
         (["d0", "d1", "d2"], "and", "d0, d1 and d2", "d0、d1 和 d2"),  # Latin | Latin
         (["1", "2"], "or", "1 or 2", "1 或 2")]


@pytest.mark.parametrize("items, conjunction, english, chinese", SEAMS)
def test_listing_spaces_each_seam_of_its_conjunction_by_the_characters_beside_it(items, conjunction, english,
                                                                                   chinese):
    """Chinese sets 和/或 with no space beside a Chinese character or a full-width mark and one space beside a Latin
    word, a number or a symbol (zh_terms.md), each side on its own; English keeps a space on both sides."""
    from attn_lessons import i18n

    before = i18n.current()
    try:
        i18n.use("en")
        assert fmt.listing(items, conjunction) == english
        i18n.use("zh-CN")
        assert fmt.listing(items, conjunction) == chinese
    finally:
        i18n.use(before)


# ------------------------------------------------------------------------------ gap (Scaling explorer)
@pytest.mark.parametrize("a,b,text", [(8, 0, "8"), (0, 8, "8"), (1.5, -0.5, "2"), (1e-17, 0, "1 × 10⁻¹⁷"),
                                      (0.5, 0.375, "0.125"), (1e308, -1e308, "more than 10³⁰⁸"),
                                      (-1e308, 1e308, "more than 10³⁰⁸"), (3e6, 0, "3 × 10⁶")])
def test_gap_is_the_size_of_a_difference_and_says_when_it_is_past_the_float_range(a, b, text):
    assert fmt.gap(a, b) == text


@settings(max_examples=examples(200), deadline=None)
@given(st.floats(-1e308, 1e308), st.floats(-1e308, 1e308))
def test_gap_reads_back_as_the_difference_or_says_it_overflowed(a, b):
    text = fmt.gap(a, b)
    if math.isinf(abs(a - b)):
        assert text == "more than 10³⁰⁸"
    else:
        assert text == fmt.short(abs(a - b)) and text == fmt.gap(b, a) and "−" not in text


# ------------------------------------------------------------------------ the words around numbers, per language
@pytest.fixture
def chinese():
    """The words format.py puts around numbers, read in Simplified Chinese for one test."""
    from attn_lessons import i18n

    before = i18n.current()
    i18n.use("zh-CN")
    yield
    i18n.use(before)


def test_the_words_around_numbers_come_from_the_chinese_catalog_and_the_numbers_stay(chinese):
    from tests.prose import english_runs

    assert fmt.listing(["“猫”", "“坐”", "“垫”"]) == "“猫”、“坐”和“垫”"
    assert fmt.listing(["1", "2"], "or") == "1 或 2" and fmt.listing(["x"]) == "x" and fmt.listing([]) == ""
    assert fmt.listing(["“猫”", "2"]) == "“猫”和 2" and fmt.listing(["d0", "d1", "d2"]) == "d0、d1 和 d2"
    assert fmt.plural(4, "head") == "4 个头" and fmt.plural(1, "column") == "1 列"
    assert fmt.all_of(1, "key") == "唯一一个键" and fmt.all_of(2, "key") == "两个键"
    assert fmt.all_of(5, "column") == "全部 5 列" and fmt.all_of(1, "head", one="its one") == "唯一一个头"
    # the numbers and notation are the ones English prints; only the words around them change
    said = {fmt.percent(0.001): "1%", fmt.percent(0.999): "99%", fmt.times(5.2e21): "5.2 × 10²¹",
            fmt.enough(1e-12, below=1e-9): "10⁻⁹", fmt.gap(1e308, -1e308): "10³⁰⁸", fmt.num(math.nan): "NaN"}
    for text, number in said.items():
        assert number in text and not english_runs(text) and not any(w in text for w in ("under", "below", "times"))
    assert fmt.times(float("inf")) != "infinitely many times" and fmt.times(73.4) == "73×"  # a symbol stays
    assert fmt.enough(0.9997) == "0.9997" and fmt.sci(5.2e21) == "5.2 × 10²¹"


def test_a_noun_without_a_catalog_entry_keeps_the_words_given(chinese):
    assert fmt.plural(2, "zebra") == "2 zebras" and fmt.plural(2, "ox", "oxen") == "2 oxen"


def test_every_counted_noun_has_its_plural_in_each_language():
    """Each format-noun-… entry has its .many in every catalog, and English reads the same through the catalog as
    the words given (so a caller's own English noun and the catalog's never disagree)."""
    from attn_lessons import i18n

    for lang in i18n.languages():
        found = [m for m in i18n.bundle(lang)._messages if m.startswith("format-noun-")]
        assert len(found) >= 20, lang
        for msg in found:
            assert i18n.tr_in(lang, msg + ".many")
    assert fmt.plural(1, "query", "queries") == "1 query" and fmt.plural(3, "query", "queries") == "3 queries"
    assert fmt.plural(3, "training step") == "3 training steps" and fmt.plural(2, "matrix") == "2 matrices"
