"""The words a screen reader hears in place of a chart: its title, each panel's kind and series, and what its x axis
runs over. attn_ui.describe reads these from the Plotly figure and builds the text here, in the session's language
(attn_lessons/locales/<language>/charts.ftl). Pure Python: no Streamlit.
"""

from __future__ import annotations

from collections.abc import Sequence

from .format import enough, listing
from .i18n import tr

KINDS = ("bar", "histogram")  # the trace types named as such; a scatter is a line or a point


def kind_word(kind: str, mode: str = "lines") -> str:
    """A trace's type in words: bar, histogram, or for a scatter, line (its mode draws lines) or point."""
    key = kind if kind in KINDS else "line" if "lines" in mode else "point"
    return tr("charts-kind", kind=key)


def untitled() -> str:
    """A chart with no title."""
    return tr("charts-untitled")


def span(labels) -> str:
    """Labels in a sentence: 'a', 'a and b', 'a, b and c', 'a … z' for more."""
    labels = list(labels)
    return listing(labels) if len(labels) <= 3 else f"{labels[0]} … {labels[-1]}"


def plot_words(kinds: Sequence[str], names: Sequence[str], x_title: str, x_range: tuple[float, float] | None = None,
               categories: Sequence[str] = ()) -> str:
    """One panel: its kinds of trace (kind_word's words), the series named in the legend, and the x axis's ends
    (`x_range`) or its categories."""
    kind = listing(kinds)
    text = tr("charts-plot-of", kinds=kind, names=listing(names)) if names else tr("charts-plot", kinds=kind)
    axis = x_title or "x"
    if x_range is not None:  # 1 to 512, 0.002 to 0.97; a single point (one training step) is at it, not "from 0 to 0"
        low, high = enough(x_range[0], 0), enough(x_range[1], 0)
        where = tr("charts-x-point", axis=axis, at=low) if low == high else \
            tr("charts-x-range", axis=axis, low=low, high=high)
        text = tr("charts-clause", plot=text, axis=where)
    elif categories:
        text = tr("charts-clause", plot=text, axis=tr("charts-x-categories", axis=axis, categories=span(categories)))
    return text


def chart_words(title: str, panels: Sequence[tuple[str, str]]) -> str:
    """The whole figure: one sentence, or with several panels one to name them and one per panel ((title, words))."""
    if not panels:
        return tr("charts-empty", title=title or untitled())
    if len(panels) == 1:
        return tr("charts-sentence", title=title or panels[0][0] or untitled(), words=panels[0][1])
    parts = [tr("charts-panels", title=title or untitled(), count=len(panels))]
    for k, (panel_title, words) in enumerate(panels):
        parts.append(tr("charts-sentence", title=panel_title or tr("charts-panel", number=str(k + 1)), words=words))
    return tr("charts-sentence-gap").join(parts)
