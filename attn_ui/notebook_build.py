"""Take it home's notebooks, built: every page as a Jupyter notebook that rebuilds the page's numbers in plain numpy.

Each page's notebook is a real Python file in `notebooks/` at the top of the repository, in jupytext's percent
format (`# %%` code cells, `# %% [markdown]` prose), checked by ruff and unit-tested like any other code
(tests/ui/test_notebook_templates.py). A template's `parameters` cell holds small defaults (a sentence and a seed),
and the cell after it, tagged `defaults`, computes its inputs from them, so the file runs on its own. A page hands
the state it is showing to `cells`: its inputs and the numbers it showed, which `cells` writes as the file's
parameters cell (the inputs as literals with every digit, attn_ui.notebook_literals, then the numbers the page
showed, `shown_*`, which the last cell checks), leaving the `defaults` cell out and filling any `{{field}}` of the
file's prose. Everything else is the file as written.

`notebook` adds a first cell naming the page, its settings and a link back to the same view; `page_code` joins
the same code cells for the page's "Show the code" (without the self-check, the plot and the shown numbers), so
that what a learner reads on screen and what they take home are the same text. Every notebook imports numpy and
nothing of this project. No Streamlit here: attn_ui.notebooks draws the page's section.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from urllib.parse import quote, urlencode

import jupytext
import nbformat

from attn_lessons import format as fmt
from attn_lessons import take_home
from attn_lessons.i18n import tr

from .notebook_literals import Note, assign, line

MATCH = "All numbers match the page."
PLACEHOLDER_BASE = "https://YOUR-APP-ADDRESS"  # when the page does not know where the app is served
MIME = "application/x-ipynb+json"
TEMPLATES = Path(__file__).resolve().parent.parent / "notebooks"  # one percent-format file per page
PARAMETERS = "parameters"  # the tag of the one cell a page fills (papermill's name for it)
DEFAULTS = "defaults"  # the tag of the cell that computes a template's inputs from its defaults: a page's leaves it out
OFF_SCREEN = frozenset({"self-check", "plot"})  # tags of the cells "Show the code" leaves out
SHOWN = take_home.SHOWN  # the line under which the parameters cell holds the numbers the page showed
FIELD = re.compile(r"\{\{(\w+)\}\}")  # a {{field}} in a template's prose
# a {{t:message-id}} in a template's prose: the message in the session's language (attn_lessons/locales/), with the
# prose fields as its variables
MESSAGE = re.compile(r"\{\{t:([\w-]+)\}\}")


# ---------------------------------------------------------------------------------------------------------
# The cells, the notebook, its bytes, the link back


@dataclass(frozen=True)
class Cell:
    """One notebook cell: markdown or code, with its tags. `screen=False` keeps a code cell out of the page's
    'Show the code' (the self-check and the optional plot are for the notebook only)."""

    kind: str  # "markdown" or "code"
    text: str
    screen: bool = True
    tags: tuple[str, ...] = ()

    @property
    def screen_text(self) -> str:
        """What 'Show the code' prints of this cell: all of it, but for the parameters cell's shown numbers."""
        return self.text.split("\n\n" + SHOWN, 1)[0] if PARAMETERS in self.tags else self.text


def code(text: str, screen: bool = True) -> Cell:
    return Cell("code", text.strip("\n"), screen)


def md_text(text) -> str:
    """Any text (a sentence, a token) as markdown prints it literally, on one line (format.md_text escapes)."""
    return fmt.md_text(" ".join(str(text).split()))


def view_link(url_path: str, query: Mapping[str, object], base: str | None = None) -> str:
    """The app's URL for a page and its query string; the base is a placeholder when it is not known."""
    root = (base or PLACEHOLDER_BASE).rstrip("/")
    q = urlencode([(k, str(v)) for k, v in query.items()], quote_via=quote)
    path = f"{root}/{url_path}" if url_path else f"{root}/"
    return f"{path}?{q}" if q else path


def shared_settings(shared) -> dict[str, object]:
    """The settings every page shares (an attn_ui.params.Shared), named as the sidebar names them."""
    return {"sentence": shared.text, "seed": shared.seed, "d_model": shared.d_model, "heads": shared.heads}


def notebook(title: str, settings: Mapping[str, object], link: str, cells: Sequence[Cell]) -> nbformat.NotebookNode:
    """A valid nbformat-4 notebook: a markdown cell naming the page, its settings and the link back, then `cells`.

    Cell ids are numbered, not random, so the same state always gives the same bytes."""
    lines = [f"# {md_text(title)}", "", take_home.about(), "", take_home.settings(), ""]
    lines += [f"- {md_text(take_home.setting_name(name))}: {md_text(value)}" for name, value in settings.items()]
    lines += ["", take_home.open_view(link)]
    if link.startswith(PLACEHOLDER_BASE):
        lines += ["", take_home.replace_base(PLACEHOLDER_BASE)]
    lines += ["", take_home.needs()]
    nb = nbformat.v4.new_notebook()
    nb.metadata = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
                   "language_info": {"name": "python"}}
    made = [nbformat.v4.new_markdown_cell("\n".join(lines))]
    for cell in cells:
        new = nbformat.v4.new_code_cell if cell.kind == "code" else nbformat.v4.new_markdown_cell
        made.append(new(cell.text, metadata={"tags": list(cell.tags)} if cell.tags else {}))
    for k, cell in enumerate(made):
        cell["id"] = f"cell-{k}"
    nb.cells = made
    nbformat.validate(nb)
    return nb


def to_bytes(nb: nbformat.NotebookNode) -> bytes:
    """The notebook as the .ipynb file's bytes (UTF-8 JSON)."""
    return nbformat.writes(nb).encode("utf-8")


def page_code(cells: Sequence[Cell]) -> str:
    """The code cells a learner sees on screen, joined, each headed by its section's title as a comment."""
    parts, heading = [], ""
    for cell in cells:
        if cell.kind == "markdown":
            first = cell.text.splitlines()[0] if cell.text else ""
            heading = first.lstrip("#").strip() if first.startswith("#") else heading
        elif cell.screen:
            parts.append((f"# {heading}\n" if heading else "") + cell.screen_text)
            heading = ""
    return "\n\n".join(parts) + "\n"


# ---------------------------------------------------------------------------------------------------------
# The templates: read with jupytext, the parameters cell filled


@functools.cache
def template(name: str) -> tuple[Cell, ...]:
    """notebooks/<name>.py's cells as jupytext reads them, each with its tags; read once per process."""
    text = (TEMPLATES / f"{name}.py").read_text(encoding="utf-8")
    cells = []
    for cell in jupytext.reads(text, fmt="py:percent").cells:
        tags = tuple(cell.metadata.get("tags", ()))
        cells.append(Cell(cell.cell_type, cell.source.strip("\n"), not OFF_SCREEN & set(tags), tags))
    return tuple(cells)


def cells(name: str, inputs: Mapping[str, object], shown: Mapping[str, object],
          prose: Mapping[str, str] | None = None) -> list[Cell]:
    """notebooks/<name>.py as a page's notebook: its parameters cell written from `inputs` (name -> value, or a Note
    with its comment; on screen too), then under SHOWN from `shown` (name -> the number, array, shape or None the
    page showed, as shown_<name>, which only the self-check reads); its `defaults` cell left out; every {{field}}
    of its prose from `prose`, every {{t:message-id}} from the catalogs in the session's language; every other
    cell exactly as the file has it."""
    lines = [line(key, *(value if isinstance(value, Note) else (value,))) for key, value in inputs.items()]
    params = "\n".join([*lines, "", SHOWN, *(assign(f"shown_{key}", value) for key, value in shown.items())])
    made = []
    for cell in template(name):
        if DEFAULTS in cell.tags:
            continue  # the page's own numbers are in the parameters cell
        if PARAMETERS in cell.tags:
            cell = replace(cell, text=params)
        elif cell.kind == "markdown":
            text = MESSAGE.sub(lambda m: tr(m[1], **(prose or {})), cell.text)
            cell = replace(cell, text=FIELD.sub(lambda m: (prose or {})[m[1]], text))
        made.append(cell)
    return made
