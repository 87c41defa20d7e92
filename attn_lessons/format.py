"""Numbers as the pages print them: the one place that decides how a number reads on screen.

Figures and tables use `num` (a fixed count of decimals). Prose uses `readable`, which writes very
large and very small numbers as a person would (5.2 × 10²¹, 1.4 × 10⁻¹⁷), never as 5.2e+21.

Digits and notation are the same in every language; the few words this module puts around numbers ("not a number",
"under 1%", "below 10⁻⁹", "and" in a list, "3 heads", "both keys", "5.2 × 10²¹ times") come from the catalog
(attn_lessons/locales/<language>/format.ftl), in the session's language.
"""

from __future__ import annotations

import html
import math
import re
import unicodedata
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal

from .i18n import has, tr

_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def num(x: float, decimals: int = 3) -> str:
    """A number with a fixed count of decimals; infinities as ±∞ and NaN spelled out, never 'nan'."""
    x = float(x)
    if math.isnan(x):
        return tr("format-nan")
    if math.isinf(x):
        return "−∞" if x < 0 else "+∞"
    text = f"{x:.{decimals}f}"
    if float(text) == 0:
        text = f"{0:.{decimals}f}"  # no "-0.000"
    return text.replace("-", "−")


def percent(x: float) -> str:
    """0.24 -> '24%'; 'under 1%' and 'over 99%' rather than a 0% or 100% that is not exact."""
    if 0 < x < 0.005:
        return tr("format-percent-under", percent="1%")
    if 0.995 <= x < 1:
        return tr("format-percent-over", percent="99%")
    return f"{num(100 * x, 0)}%"


def sci(x: float, digits: int = 2) -> str:
    """x in scientific notation as a reader writes it: 5.2 × 10²¹, −1.4 × 10⁻¹⁷ (`digits` significant)."""
    x = float(x)
    if not math.isfinite(x) or x == 0:
        return num(x, 0)
    mantissa, exp = f"{x:.{digits - 1}e}".split("e")
    return f"{mantissa} × 10{str(int(exp)).translate(_SUPERSCRIPT)}".replace("-", "−", 1)


def sci_ln(ln_x: float, digits: int = 2) -> str:
    """A positive number given by its natural log, as sci prints it: 2.8 × 10⁻³²⁴ from ln x = −745, a size no float64
    holds (its smallest is 4.9 × 10⁻³²⁴); 0 for ln x = −∞."""
    if math.isinf(ln_x) and ln_x < 0:
        return "0"
    log10 = ln_x / math.log(10)
    exp = math.floor(log10)
    mantissa = round(10 ** (log10 - exp), digits - 1)
    if mantissa >= 10:  # 9.96 rounds to 10.0: carry into the exponent
        mantissa, exp = mantissa / 10, exp + 1
    return f"{mantissa:.{digits - 1}f} × 10{str(exp).translate(_SUPERSCRIPT)}".replace("-", "−", 1)


def readable(x: float, decimals: int = 3) -> str:
    """A number for a sentence: `decimals` decimals in the everyday range, scientific (× 10ⁿ) outside it,
    so a tiny slope never prints as 0.000 and a huge ratio never as 5,184,705,528,587,072,045,056."""
    x = float(x)
    if not math.isfinite(x) or x == 0:
        return num(x, decimals)
    if abs(x) >= 1e6 or abs(x) < 0.5 * 10**-decimals:
        return sci(x)
    return num(x, decimals)


def short(x: float) -> str:
    """A score as a person types it: 8, 0.125, −1.5; scientific (× 10ⁿ) once it gets long."""
    x = float(x)
    if not math.isfinite(x):
        return num(x)
    if x != 0 and not 1e-4 <= abs(x) < 1e6:
        return sci(x, 4).replace(".000 ×", " ×")
    text = num(x, 4)
    return text.rstrip("0").rstrip(".") if "." in text else text


def times(ratio: float) -> str:
    """How many times larger: '73×', '1.6×', '5.2 × 10²¹ times'; a ratio is never printed with 22 digits."""
    ratio = float(ratio)
    if math.isinf(ratio):
        return tr("format-times-infinite")
    if abs(ratio) >= 1e6:
        return tr("format-times", ratio=sci(ratio))
    if abs(ratio) >= 10:
        return f"{ratio:,.0f}×".replace("-", "−")
    return f"{num(ratio, 1) if abs(ratio) >= 0.1 else readable(ratio, 2)}×"


def enough(x: float, decimals: int = 3, below: float = 0.0) -> str:
    """x for a sentence, never as a whole number it is not: `decimals` decimals, one or more added where those would
    print a 0, a 1 or any whole number that x is not (softmax([8, 0]) is [0.9997, 0.0003], never [1.000, 0.000]),
    up to decimals + 2; past that, × 10ⁿ next to 0 (3.0 × 10⁻⁹) and the gap next to any other whole number
    (1 − 3.0 × 10⁻⁹, −1 + 3.0 × 10⁻⁹). An exact whole number keeps its decimals (1.000), so a 1.000 is only ever an
    exact 1; beyond a million, × 10ⁿ (5.2 × 10²¹); ±∞ and NaN in words. With `below` (1e-9 for a difference that is
    only floating-point rounding), a value smaller than it in size reads 'below 10⁻⁹'."""
    x = float(x)
    if abs(x) < below:
        return tr("format-below", bound=f"10{str(round(math.log10(below))).translate(_SUPERSCRIPT)}")
    if not math.isfinite(x) or abs(x) >= 1e6:
        return readable(x, decimals)
    whole = round(x)
    # The cap: the variants this replaced went to 4, 5, 6, 8 and 9 decimals. Two past `decimals` keeps what most of
    # them printed (0.9997, 0.99996) and a run of 0s or 9s short enough to count at a glance (then 1 − 4.0 × 10⁻⁶,
    # not 0.9999960); the 8-decimal one bought its length by calling anything within 10⁻⁹ of 0 or 1 exactly that
    # (1 + 10⁻¹² read 1.000), which this never does: how close is close enough is the caller's to decide.
    for d in range(decimals, decimals + 3):
        text = num(x, d)
        if x == whole or float(text.replace("−", "-")) != whole:
            return text
    return sci(x) if whole == 0 else f"{num(whole, 0)} {'−' if x < whole else '+'} {sci(abs(x - whole))}"


def enough_vec(v, decimals: int = 3) -> str:
    """A vector for a sentence, as [a, b, c], each entry `enough`: [0.9997, 0.0003]."""
    return "[" + ", ".join(enough(x, decimals) for x in v) + "]"


def vec(v, decimals: int = 2) -> str:
    """A vector as [a, b, c]."""
    return "[" + ", ".join(num(x, decimals) for x in v) + "]"


def a_an(n: int) -> str:
    """The article before a number said aloud: 'an 8 × 8', 'an 11 × 11', 'a 6 × 6'."""
    digits = str(abs(int(n)))
    # eight, eleven, eighteen, eighty…, and 8xx, 8 thousand…: the spoken number starts with a vowel
    vowel = digits[0] == "8" or (digits[:2] in ("11", "18") and len(digits) % 3 == 2)
    return "an" if vowel else "a"


def noun(word: str, many: str | None = None) -> tuple[str, str]:
    """An English noun in the session's language, (one, many): the catalog's `format-noun-<word>` when it has one
    ('head' -> ('head', 'heads') in English, ('个头', '个头') in Chinese, a count's measure word included), else the
    words given ('query', 'queries' with many='queries')."""
    msg_id = "format-noun-" + re.sub(r"[^a-z0-9]+", "-", word.lower()).strip("-")
    if has(msg_id):
        return tr(msg_id), tr(msg_id + ".many")
    return word, many or word + "s"


def plural(count: int, word: str, many: str | None = None) -> str:
    """'1 head', '4 heads' ('1 query', '2 queries' with many='queries'); in Chinese '4 个头'."""
    one, other = noun(word, many)
    return tr("format-counted", count=int(count), one=one, many=other)


def listing(items, conjunction: str = "and") -> str:
    """'a', 'a and b', 'a, b and c': the one list joiner ('a, b or c' with conjunction='or'); in Chinese
    'a、b 和 c' ('a、b 或 c'), with a space beside 和 only on a side where a Latin word, a number or a symbol touches it
    (d0、d1 和 d2, 因果掩码或填充掩码, “猫”和 2)."""
    items = [str(item) for item in items]
    if len(items) < 2:
        return items[0] if items else ""
    head = tr("format-list-separator").join(items[:-1])
    # each seam on its own: beside a wide character (a Chinese character, a full-width mark) a language may set the
    # conjunction without a space, as Chinese does; beside a word, a number or a symbol it keeps one (1 和 2)
    before, after = _wide(head[-1:]), _wide(items[-1][:1])
    msg_id = {(True, True): "format-list-tight", (True, False): "format-list-tight-before",
              (False, True): "format-list-tight-after", (False, False): "format-list"}[before, after]
    return tr(msg_id, head=head, last=items[-1], conjunction="or" if conjunction == "or" else "and")


_FULL_WIDTH_MARKS = "“”‘’（）「」《》"  # wide in Chinese text, though Unicode calls the quotation marks ambiguous


def _wide(ch: str) -> bool:
    """Whether `ch` is a wide character: a Chinese character or a full-width mark (“, 、, （, ２…), where Chinese puts
    no space beside a neighbouring Chinese word; False for a Latin letter, a digit, a symbol or nothing."""
    return bool(ch) and (ch in _FULL_WIDTH_MARKS or unicodedata.east_asian_width(ch) in ("W", "F"))


def plot_label(text: str) -> str:
    """Escape a token for a Plotly label, where < and > would otherwise start a tag."""
    return html.escape(text, quote=False)


def sqrt_text(d_k: int, decimals: int = 3) -> str:
    """'√64 = 8' or '√50 = 7.071': a square root written out, whole when it is whole."""
    root = math.sqrt(d_k)
    return f"√{d_k} = {int(root) if root.is_integer() else num(root, decimals)}"


def about(x: float) -> str:
    """A rough size for a sentence: '8' when x is within 0.05 of a whole number, else one decimal ('7.1')."""
    x = float(x)
    if not math.isfinite(x):
        return num(x)
    return str(round(x)) if abs(x - round(x)) < 0.05 else num(x, 1)


def readable_vec(v, decimals: int = 3) -> str:
    """A vector for a sentence, as [a, b, c] with each entry `readable` (huge or tiny ones as × 10ⁿ)."""
    return "[" + ", ".join(readable(x, decimals) for x in v) + "]"


_MARKDOWN = "\\`*_{}[]()#+-.!$<>|~^"


def md_text(text: str) -> str:
    """Typed-in text (a token) made literal inside Streamlit markdown: *, _, $ (which starts LaTeX), <, … escaped."""
    return "".join("\\" + ch if ch in _MARKDOWN else ch for ch in str(text))


def metric_delta(x: float, decimals: int = 3) -> str:
    """A change for st.metric's delta: '+0.156', '-0.297' (an ASCII minus, which st.metric reads to point its
    arrow down), or '0.000' when it rounds to nothing."""
    text = f"{float(x):+.{decimals}f}"
    return text[1:] if float(text) == 0 else text


def grouped(x: float) -> str:
    """A whole number with thousands separators: 1e6 -> '1,000,000', −2,500; ±∞ and NaN as num writes them."""
    x = float(x)
    if not math.isfinite(x):
        return num(x)
    text = f"{x:,.0f}"
    return "0" if float(text.replace(",", "")) == 0 else text.replace("-", "−")  # no "-0"


def typed(x: float, digits: int = 6) -> str:
    """A number as a learner types it into a table cell or a link, in a form float() reads back: `digits` significant
    digits, an ASCII minus and e-notation (0.001, 1000, -2.5, 1e+06), as Python's g format writes it. Sentences use
    short or readable instead."""
    return f"{float(x):.{digits}g}"


def num_cells(values: list[float], decimals: int) -> list[str]:
    """Each of many values as num prints it (its minus sign, −∞ and +∞, no "−0.00"), NaN as "NaN": num for a whole
    table at once, without num's per-value checks, which a 23,500-value page cannot afford."""
    out = []
    for x in values:
        text = f"{x:.{decimals}f}"
        if text[0] == "-":
            text = "−∞" if text == "-inf" else text[1:] if not text.strip("-0.") else "−" + text[1:]
        elif not text[0].isdigit():
            text = "NaN" if text == "nan" else "+∞"
        out.append(text)
    return out


def bound(x: float, side: str, decimals: int = 0, as_percent: bool = False) -> str:
    """x as a bound in a sentence, rounded away from the claim it supports, never toward it: side="upper" (x is
    "within", "at most", "under" or "below" it) rounds up, side="lower" (x is "at least", "over" or "above" it)
    rounds down, so the printed number is never on the wrong side of x: a spread of 0.081 is "within 9%", never
    "within 8%". `decimals` decimals; with as_percent, 100·x and a % sign. x is read as the decimal Python prints
    for it (0.07 is 7%, not the float's 7.000000000000001%); ±∞ and NaN as num writes them."""
    if side not in ("upper", "lower"):
        raise ValueError(f"side must be 'upper' or 'lower', got {side!r}")
    x, unit = float(x), "%" if as_percent else ""
    if not math.isfinite(x):
        return num(x, decimals) + unit
    scaled = Decimal(repr(x)).scaleb(decimals + (2 if as_percent else 0))  # exact: a shift of the decimal point
    n = int(scaled.to_integral_value(rounding=ROUND_CEILING if side == "upper" else ROUND_FLOOR))
    digits = str(abs(n)).rjust(decimals + 1, "0")
    whole, frac = digits[:len(digits) - decimals], digits[len(digits) - decimals:]
    return ("−" if n < 0 else "") + whole + ("." + frac if decimals else "") + unit


def all_of(count: int, word: str, many: str | None = None, one: str = "the one") -> str:
    """Every one of `count` things, as a person says it: 'the one key', 'both keys', 'all 5 keys' ('its one head'
    with one='its one'; many='queries' for an irregular plural). Never 'all 2' or 'all 1'."""
    single, other = noun(word, many)
    return tr("format-all-of", count=int(count), lead=one, one=single, many=other)


def gap(a: float, b: float) -> str:
    """|a − b| for a sentence, as short prints it (7, 0.125, 1 × 10⁻¹⁷), or 'more than 10³⁰⁸' when the difference of
    two finite floats is past the float range (1e308 − (−1e308))."""
    size = abs(float(a) - float(b))  # Python floats: +inf past the range, without numpy's overflow warning
    return short(size) if math.isfinite(size) else tr("format-more-than", bound="10³⁰⁸")
