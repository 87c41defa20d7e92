"""The words a screen reader hears in place of a chart: its title, each panel's kind and series, and what its x axis
runs over. attn_ui.describe reads these from the Plotly figure and builds the text here. Pure Python: no Streamlit.
"""

from __future__ import annotations

from collections.abc import Sequence

from .format import enough, listing

CHART = "Chart"  # a chart with no title
KINDS = {"bar": "bar", "histogram": "histogram"}  # a trace's type in words; a scatter is a line or a point
LINE, POINT = "line", "point"


def span(labels) -> str:
    """Labels in a sentence: 'a', 'a and b', 'a, b and c', 'a … z' for more."""
    labels = list(labels)
    return listing(labels) if len(labels) <= 3 else f"{labels[0]} … {labels[-1]}"


def plot_words(kinds: Sequence[str], names: Sequence[str], x_title: str, x_range: tuple[float, float] | None = None,
               categories: Sequence[str] = ()) -> str:
    """One panel: its kinds of trace, the series named in the legend, and the x axis's ends (`x_range`) or its
    categories."""
    text = f"{listing(kinds)} chart"
    if names:
        text += f" of {listing(names)}"
    if x_range is not None:
        text += f"; {x_title or 'x'} from {enough(x_range[0], 0)} to {enough(x_range[1], 0)}"  # 1 to 512, 0.002 to 0.97
    elif categories:
        text += f"; {x_title or 'x'} {span(categories)}"
    return text


def chart_words(title: str, panels: Sequence[tuple[str, str]]) -> str:
    """The whole figure: one sentence, or with several panels one to name them and one per panel ((title, words))."""
    if not panels:
        return f"{title or CHART}: an empty chart."
    if len(panels) == 1:
        return f"{title or panels[0][0] or CHART}: {panels[0][1]}."
    parts = [f"{title or CHART}, a chart of {len(panels)} panels."]
    for k, (panel_title, words) in enumerate(panels):
        parts.append(f"{panel_title or f'Panel {k + 1}'}: {words}.")
    return " ".join(parts)
