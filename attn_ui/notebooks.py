"""Take it home: every page as a Jupyter notebook that rebuilds the page's numbers in plain numpy.

Each page's notebook is a real Python file in `notebooks/` at the top of the repository, in jupytext's percent
format (`# %%` code cells, `# %% [markdown]` prose), checked by ruff and unit-tested like any other code
(tests/ui/test_notebook_templates.py). A template's `parameters` cell holds small defaults (a sentence and a seed),
and the cell after it, tagged `defaults`, computes its inputs from them, so the file runs on its own. A page hands
the state it is showing to `cells`: its inputs and the numbers it showed, which `cells` writes as the file's
parameters cell (the inputs as literals with every digit, then the numbers the page showed, `shown_*`, which the
last cell checks), leaving the `defaults` cell out and filling any `{{field}}` of the file's prose. Everything else
is the file as written.

`notebook` adds a first cell naming the page, its settings and a link back to the same view; `page_code` joins
the same code cells for the page's "Show the code" (without the self-check, the plot and the shown numbers), so
that what a learner reads on screen and what they take home are the same text. Every notebook imports numpy and
nothing of this project. Only the functions at the end read Streamlit; `take_it_home` is every page's section.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import NamedTuple
from urllib.parse import quote, urlencode

import jupytext
import nbformat
import numpy as np

from attn_lessons import format as fmt
from attn_lessons import take_home

from .code import array_literal, source

MATCH = "All numbers match the page."
PLACEHOLDER_BASE = "https://YOUR-APP-ADDRESS"  # when the page does not know where the app is served
MIME = "application/x-ipynb+json"
TEMPLATES = Path(__file__).resolve().parent.parent / "notebooks"  # one percent-format file per page
PARAMETERS = "parameters"  # the tag of the one cell a page fills (papermill's name for it)
DEFAULTS = "defaults"  # the tag of the cell that computes a template's inputs from its defaults: a page's leaves it out
OFF_SCREEN = frozenset({"self-check", "plot"})  # tags of the cells "Show the code" leaves out
SHOWN = take_home.SHOWN  # the line under which the parameters cell holds the numbers the page showed
SHORT = 4  # a float vector of at most this many entries is written on one line, each number as Python prints it
FIELD = re.compile(r"\{\{(\w+)\}\}")  # a {{field}} in a template's prose


# ---------------------------------------------------------------------------------------------------------
# The core: cells, the notebook, its bytes, the link back


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
    lines = [f"# {md_text(title)}", "", take_home.ABOUT, "", take_home.SETTINGS, ""]
    lines += [f"- {md_text(name)}: {md_text(value)}" for name, value in settings.items()]
    lines += ["", take_home.open_view(link)]
    if link.startswith(PLACEHOLDER_BASE):
        lines += ["", take_home.replace_base(PLACEHOLDER_BASE)]
    lines += ["", take_home.NEEDS]
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


class Note(NamedTuple):
    """An input with a comment for its line: `i = 5  # the query the page shows: 'mat'`."""

    value: object
    comment: str


def cells(name: str, inputs: Mapping[str, object], shown: Mapping[str, object],
          prose: Mapping[str, str] | None = None) -> list[Cell]:
    """notebooks/<name>.py as a page's notebook: its parameters cell written from `inputs` (name -> value, or a Note
    with its comment; on screen too), then under SHOWN from `shown` (name -> the number, array, shape or None the
    page showed, as shown_<name>, which only the self-check reads); its `defaults` cell left out; every {{field}}
    of its prose from `prose`; every other cell exactly as the file has it."""
    lines = [line(key, *(value if isinstance(value, Note) else (value,))) for key, value in inputs.items()]
    params = "\n".join([*lines, "", SHOWN, *(assign(f"shown_{key}", value) for key, value in shown.items())])
    made = []
    for cell in template(name):
        if DEFAULTS in cell.tags:
            continue  # the page's own numbers are in the parameters cell
        if PARAMETERS in cell.tags:
            cell = replace(cell, text=params)
        elif cell.kind == "markdown":
            cell = replace(cell, text=FIELD.sub(lambda m: (prose or {})[m[1]], cell.text))
        made.append(cell)
    return made


def assign(name: str, value) -> str:
    """`name = <value>` with every digit: an array literal, a number, a shape (a tuple) or None."""
    if value is None or isinstance(value, tuple):
        return f"{name} = {value!r}"
    value = np.asarray(value)
    return literal(name, value) if value.ndim else f"{name} = {number(float(value))}"


def names(labels, note: str = take_home.TOKENS_NOTE) -> Note:
    """A list of strings (the tokens' labels) as an input of `cells`, with its comment."""
    return Note(list(map(str, labels)), note)


def line(name: str, value, comment: str = "") -> str:
    """One input as Python reads it back: several names ("i, j") from a tuple of small values, a boolean (n, n) mask as
    a grid of 0s and 1s, any other array with every digit, a list of strings (labels) or numbers, a float exactly,
    anything else as its repr; then `# comment`."""
    if "," in name:  # several small inputs on one line: `i, j = 1, 4`
        text = f"{name} = {', '.join(number(v) if isinstance(v, float) else repr(v) for v in value)}"
    elif isinstance(value, np.ndarray) and value.dtype == bool and value.ndim == 2:
        text = mask_literal(name, value)  # its own comment says what 1 means
    elif isinstance(value, np.ndarray) and value.ndim == 1 and value.size <= SHORT and value.dtype.kind == "f":
        text = f"{name} = np.array([{', '.join(number(x) for x in value)}])"  # a few scores read as typed
    elif isinstance(value, np.ndarray):
        text = literal(name, value)
    elif isinstance(value, (list, tuple)):
        text = f"{name} = {[x.item() if isinstance(x, np.generic) else x for x in value]!r}"
    elif isinstance(value, (float, np.floating)):
        text = f"{name} = {number(float(value))}"
    elif isinstance(value, (np.integer, np.bool_)):
        text = f"{name} = {value.item()!r}"
    else:
        text = f"{name} = {value!r}"
    return f"{text}  # {comment}" if comment else text


# ---------------------------------------------------------------------------------------------------------
# Literals


def literal(name: str, M) -> str:
    """`name = np.array([...])` with every digit (array_literal); ±∞ and NaN written as np.inf and np.nan."""
    M = np.asarray(M)
    if M.dtype == bool:
        return mask_literal(name, M)
    # the literal must not depend on print options someone set in this process (suppress, nanstr, …)
    with np.printoptions(suppress=False, sign="-", nanstr="nan", infstr="inf", legacy=False):
        text = array_literal(name, M)
    if not np.isfinite(M.astype(float)).all():
        text = re.sub(r"(?<![\w.])inf\b", "np.inf", text)
        text = re.sub(r"(?<![\w.])nan\b", "np.nan", text)
        text = re.sub(r"(?<=\S) {2,}", " ", text)  # the columns were padded for "inf": no longer aligned anyway
    return text


def mask_literal(name: str, mask) -> str:
    """A boolean (n, n) mask as rows of 0s and 1s, which read as a grid."""
    rows = ",\n    ".join("[" + ", ".join("1" if v else "0" for v in row) + "]" for row in np.asarray(mask, bool))
    return f"{name} = np.array([\n    {rows}], dtype=bool)  # {take_home.MASK_NOTE}"


def number(x: float) -> str:
    """A float as Python reads it back exactly: repr, or np.inf / -np.inf / np.nan."""
    x = float(x)
    if np.isnan(x):
        return "np.nan"
    if np.isinf(x):
        return "np.inf" if x > 0 else "-np.inf"
    return repr(x)


# ---------------------------------------------------------------------------------------------------------
# In the page: "Take it home", the link to this view, and the download button


def take_it_home(file: str, intro: str, cells: Callable[[], Sequence[Cell]], numbers: int,
                 settings: Mapping[str, object], **show) -> None:
    """Every page's last section, for the page whose script is `file` (its __file__): "Show the code" (`intro`,
    then the notebook's code; show_code takes `numbers` and any of its keywords in `show`) and "Download as a
    notebook", titled, named and linked from the page's route entry, with `settings` listed in its first cell.
    `cells` is called only when the code is shown or the notebook downloaded."""
    from .pages import page_of, page_path

    page = page_of(page_path(file))
    show_code(intro, cells, numbers, **show)
    link = link_here(page.url_path)  # read now: the download builds the notebook later, with no page context
    download_button(lambda: notebook(page.title, settings, link, cells()), page.notebook_file,
                    key="download_notebook")


def link_here(url_path: str) -> str:
    """This view's address with its query string: the browser's URL when Streamlit knows it (st.context.url),
    else the page's path under PLACEHOLDER_BASE."""
    import streamlit as st

    # a notebook is for anyone who opens it: it carries the view's settings, never the learner's class
    query = {k: v for k, v in st.query_params.to_dict().items() if k not in ("class", "reveal")}
    url = str(getattr(st.context, "url", "") or "").split("?")[0].split("#")[0]
    if url.startswith(("http://", "https://")):
        q = urlencode(list(query.items()), quote_via=quote)
        return f"{url}?{q}" if q else url
    return view_link(url_path, query)


def download_button(nb: nbformat.NotebookNode | Callable[[], nbformat.NotebookNode], file_name: str, key: str,
                    label: str = take_home.DOWNLOAD_LABEL) -> None:
    """The page's 'Download as a notebook' button. Pass the notebook, or a function that builds it (then it is
    built only when the learner clicks, from the state the page was showing when it drew the button)."""
    import streamlit as st

    data = (lambda: to_bytes(nb())) if callable(nb) else to_bytes(nb)
    st.download_button(label, data=data, file_name=file_name, mime=MIME, key=key, on_click="ignore",
                       icon=":material/download:",
                       help=take_home.DOWNLOAD_HELP)


LONG_CODE = 2400  # input numbers above which the code (about 25 characters a number) passes ~60 kB


def show_code(intro: str, cells: Callable[[], Sequence[Cell]], numbers: int, *,
              sources: tuple[str, Sequence[Callable]] | None = None,
              short_help: str = take_home.SHORT_HELP, long_help: str = take_home.LONG_HELP) -> None:
    """The page's "Show the code" switch; when it is on: `intro`, the notebook's code (page_code), then `sources`
    = (its intro, the attn_core functions the page's own numbers come from), each function's source. `cells` is
    called only then.

    A switch, not a folded expander: an expander's code is built, sent and laid out on every step of every control
    that moves its numbers, open or not (on the Scaling explorer a tenth of each step's time in the browser); this
    code is built only when the learner asks for it. When the inputs hold more than LONG_CODE `numbers` it is printed
    without colours: colouring that many digits takes the browser seconds."""
    import streamlit as st

    long = numbers > LONG_CODE
    if not st.toggle(take_home.SHOW_CODE, key="show_code", help=long_help if long else short_help):
        return
    st.markdown(intro)
    st.code(page_code(cells()), language=None if long else "python")
    if sources is not None:
        words, functions = sources
        st.markdown(words)
        for fn in functions:
            st.code(source(fn), language="python")
