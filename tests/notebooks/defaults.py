"""Write each notebook template's default parameters: the numbers its page shows at its defaults.

    python -m tests.notebooks.defaults            # every template in notebooks/
    python -m tests.notebooks.defaults home masks  # some of them

A template in notebooks/ runs top to bottom on its own, so its one `parameters` cell holds real numbers: those
of its page's default state (state 0 of tests/notebooks/test_notebooks.py, computed with attn_core as the page
computes them), with every digit, and its self-check passes against them. A test there checks that every file
holds exactly these; run this when attn_core's numbers or a page's parameters change.
"""

from __future__ import annotations

import sys

from attn_ui import notebooks as nbk
from tests.notebooks.test_notebooks import PAGES, state

MARK = '# %% tags=["parameters"]\n'


def default_parameters(page: str) -> str:
    """The parameters cell the page writes in its default state."""
    _, cells, _ = state(page, 0)
    (cell,) = [c for c in cells if nbk.PARAMETERS in c.tags]
    return cell.text


def with_parameters(text: str, parameters: str) -> str:
    """A template's text with its parameters cell's source replaced, two blank lines before the next cell."""
    head, mark, rest = text.partition(MARK)
    if not mark:
        raise ValueError(f"the template has no line {MARK.strip()!r}")
    return head + mark + parameters + "\n\n\n" + rest[rest.index("# %%"):]


def main(pages: list[str]) -> None:
    for page in pages or list(PAGES):
        path = nbk.TEMPLATES / f"{page}.py"
        path.write_text(with_parameters(path.read_text(encoding="utf-8"), default_parameters(page)), encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
