"""Numbers as the pages print them."""

from __future__ import annotations

import html
import math


def num(x: float, decimals: int = 3) -> str:
    """A number with a fixed count of decimals; infinities as ±∞ and NaN spelled out, never 'nan'."""
    x = float(x)
    if math.isnan(x):
        return "not a number"
    if math.isinf(x):
        return "−∞" if x < 0 else "+∞"
    text = f"{x:.{decimals}f}"
    if float(text) == 0:
        text = f"{0:.{decimals}f}"  # no "-0.000"
    return text.replace("-", "−")


def vec(v, decimals: int = 2) -> str:
    """A vector as [a, b, c]."""
    return "[" + ", ".join(num(x, decimals) for x in v) + "]"


def gap(x: float) -> str:
    """A largest difference: three decimals, or 'below 10⁻⁹' when it is only floating-point rounding."""
    return "below 10⁻⁹" if x < 1e-9 else num(x, 3) if x >= 5e-4 else f"{x:.1e}".replace("-", "−")


def plot_label(text: str) -> str:
    """Escape a token for a Plotly label, where < and > would otherwise start a tag."""
    return html.escape(text, quote=False)
