"""Take it home: every page as a Jupyter notebook that rebuilds the page's numbers in plain numpy.

Each page's notebook is a real Python file in `notebooks/` at the top of the repository, in jupytext's percent
format (`# %%` code cells, `# %% [markdown]` prose), checked by ruff and unit-tested like any other code
(tests/ui/test_notebook_templates.py). A page hands the state it is showing to its function here, `home_cells`,
`builder_cells`, … ; that function writes the state as the file's one cell tagged `parameters` (the inputs as
literals with every digit, then the numbers the page showed, `shown_*`, which the last cell checks), fills any
`{{field}}` of the file's prose, and returns the cells. Everything else is the file as written.

`notebook` adds a first cell naming the page, its settings and a link back to the same view; `page_code` joins
the same code cells for the page's "Show the code" (without the self-check, the plot and the shown numbers), so
that what a learner reads on screen and what they take home are the same text. Every notebook imports numpy and
nothing of this project. Only `download_button`, `link_here` and `show_code`, at the end, read Streamlit.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from urllib.parse import quote, urlencode

import jupytext
import nbformat
import numpy as np

from attn_lessons import format as fmt

from .code import array_literal, source

MATCH = "All numbers match the page."
PLACEHOLDER_BASE = "https://YOUR-APP-ADDRESS"  # when the page does not know where the app is served
MIME = "application/x-ipynb+json"
TEMPLATES = Path(__file__).resolve().parent.parent / "notebooks"  # one percent-format file per page
PARAMETERS = "parameters"  # the tag of the one cell a page fills (papermill's name for it)
OFF_SCREEN = frozenset({"self-check", "plot"})  # tags of the cells "Show the code" leaves out
SHOWN = "# The numbers the page showed, with every digit: the last cell checks this notebook's against them"
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


def md(text: str) -> Cell:
    return Cell("markdown", text.strip("\n"))


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
    lines = [f"# {md_text(title)}", "",
             "A notebook from **Attention Explorer**. It rebuilds the numbers this page showed in plain numpy, "
             "with no import of the app, in the order the page teaches them; its last cell checks them against "
             "the numbers the page showed.", "", "**Settings**", ""]
    lines += [f"- {md_text(name)}: {md_text(value)}" for name, value in settings.items()]
    lines += ["", f"[Open this view in the app]({link})"]
    if link.startswith(PLACEHOLDER_BASE):
        lines += ["", f"(Replace `{PLACEHOLDER_BASE}` with the address the app runs at, for example "
                      "`http://localhost:8501`.)"]
    lines += ["", "It needs only numpy (`pip install numpy`): run every cell from the top. The one plotting cell "
                  "needs plotly and can be skipped."]
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


def filled(name: str, params: str, prose: Mapping[str, str] | None = None) -> list[Cell]:
    """The template `name`'s cells: its parameters cell's source replaced by `params`, and every {{field}} of its
    prose by prose[field]; every other cell exactly as the file has it."""
    prose = prose or {}
    cells = []
    for cell in template(name):
        if PARAMETERS in cell.tags:
            cell = replace(cell, text=params)
        elif cell.kind == "markdown":
            cell = replace(cell, text=FIELD.sub(lambda m: prose[m[1]], cell.text))
        cells.append(cell)
    return cells


def parameters(inputs: Sequence[str], shown: Sequence[tuple[str, object]]) -> str:
    """A parameters cell: the page's inputs (lines of code, on screen too), then under SHOWN the numbers the page
    showed (name, value: an array, a number, a shape or None), which only the self-check reads."""
    return "\n".join([*inputs, "", SHOWN, *(assign(name, value) for name, value in shown)])


def assign(name: str, value) -> str:
    """`name = <value>` with every digit: an array literal, a number, a shape (a tuple) or None."""
    if value is None or isinstance(value, tuple):
        return f"{name} = {value!r}"
    value = np.asarray(value)
    return literal(name, value) if value.ndim else f"{name} = {number(float(value))}"


def names(labels, name: str = "labels", note: str = "one per token, in order") -> str:
    """`labels = ['the', 'cat', …]  # note`: a list of strings as Python reads it back."""
    return f"{name} = {list(map(str, labels))!r}  # {note}"


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
    return f"{name} = np.array([\n    {rows}], dtype=bool)  # 1 = this query (row) may attend to this key (column)"


def number(x: float) -> str:
    """A float as Python reads it back exactly: repr, or np.inf / -np.inf / np.nan."""
    x = float(x)
    if np.isnan(x):
        return "np.nan"
    if np.isinf(x):
        return "np.inf" if x > 0 else "-np.inf"
    return repr(x)


def check_cell(pairs: Sequence[tuple[str, str, object]], asserts: Sequence[str] = (), intro: str = "") -> Cell:
    """The last cell: each (computed expression, shown name, the page's numbers) as a literal and an assert,
    then any further `asserts` (conditions on those names).

    NaN counts as equal to NaN only where the page showed a NaN."""
    lines = ["# The numbers the page showed, with every digit"]
    if intro:
        lines.append(f"# {intro}")
    for _, name, shown in pairs:
        value = np.asarray(shown)
        lines.append(literal(name, value) if value.ndim else f"{name} = {number(float(value))}")
    lines.append("")
    for expr, name, shown in pairs:
        nan = ", equal_nan=True" if np.isnan(np.asarray(shown, dtype=float)).any() else ""
        lines.append(f'assert np.allclose({expr}, {name}{nan}), "{expr} differs from the page"')
    lines += [f"assert {condition}, {condition!r}" for condition in asserts]
    lines.append(f'print("{MATCH}")')
    return code("\n".join(lines), screen=False)


# ---------------------------------------------------------------------------------------------------------
# Home


def home_cells(X, W_Q, W_K, W_V, labels, i: int, *, named: bool, shown_scores, shown_weights,
               shown_output) -> list[Cell]:
    """Home: X and W's (named features or seeded), one query i against every key, its output, every query.

    shown_scores, shown_weights (n, n) and shown_output (n, d_v) are the matrices the page drew."""
    what = ("each token's named features, then its two position columns; W_Q is set by hand and W_K, W_V are "
            "the identity" if named else "each token's embedding plus its position; W_Q, W_K and W_V are seeded "
            "random matrices")
    inputs = [names(labels), literal("X", X), literal("W_Q", W_Q), literal("W_K", W_K), literal("W_V", W_V),
              f"i = {int(i)}  # the query the page shows: {labels[i]!r}"]
    shown = [("shown_scores", shown_scores), ("shown_weights", shown_weights), ("shown_output", shown_output)]
    return filled("home", parameters(inputs, shown), {"rows_of_X": what, "query": md_text(labels[i])})


# ---------------------------------------------------------------------------------------------------------
# Q/K/V builder


def builder_cells(X, W_Q, W_K, W_V, labels, i: int, j: int, *, dims, q_dims, k_dims, v_dims, shown_Q, shown_K,
                  shown_V, shown_scores, shown_scaled, shown_weights, shown_output, shown_trace_weight,
                  shown_trace_output) -> list[Cell]:
    """The Q/K/V builder: X and the W's as the page uses them (the learner's accepted edits included),
    Q, K, V, the scores, weights and output, and weight w_ij traced to output_i.

    dims …v_dims name the axes (the starting point's feature names or d0, d1, …); shown_* are the matrices the
    page drew (the builder's `Built`), shown_trace_weight the traced weight and shown_trace_output output_i."""
    inputs = [names(labels), literal("X", X), literal("W_Q", W_Q), literal("W_K", W_K), literal("W_V", W_V),
              names(dims, "dims", "X's columns, and the rows of every W"), names(q_dims, "q_dims", "Q's columns"),
              names(k_dims, "k_dims", "K's columns"), names(v_dims, "v_dims", "V's columns, and the output's"),
              f"i, j = {int(i)}, {int(j)}  # query {labels[i]!r}, key {labels[j]!r}"]
    shown = [("shown_Q", shown_Q), ("shown_K", shown_K), ("shown_V", shown_V), ("shown_scores", shown_scores),
             ("shown_scaled", shown_scaled), ("shown_weights", shown_weights), ("shown_output", shown_output),
             ("shown_trace_weight", shown_trace_weight), ("shown_trace_output", shown_trace_output)]
    return filled("builder", parameters(inputs, shown), {"query": md_text(labels[i]), "key": md_text(labels[j])})


# ---------------------------------------------------------------------------------------------------------
# Scaling explorer


def scaling_cells(z, d_k: int, *, sample_d_k: int, seed: int, n_samples: int, n_keys: int, n_seeds: int,
                  curve_d_ks: Sequence[int], Q, K, labels, tau: float, shown_p_unscaled, shown_p_scaled,
                  shown_J_unscaled, shown_J_scaled, shown_std, shown_std_scaled, shown_max_weight: Mapping,
                  shown_entropy: Mapping, shown_temp_weights, shown_row_entropy) -> list[Cell]:
    """The Scaling explorer: two scores z (2,) at width d_k with both Jacobians; q·k sampled at sample_d_k from
    `seed`; the peakedness curves over n_keys random keys (n_seeds draws per width in curve_d_ks); and the
    temperature τ on head 1's Q, K (n, d_k).

    shown_max_weight and shown_entropy map "unscaled", "sqrt_dk", "dk" to the curves (len(curve_d_ks),)."""
    z = np.asarray(z, dtype=float)
    inputs = [f"z = np.array([{number(z[0])}, {number(z[1])}])  # section 1: the two scores, z₁ and z₂",
              f"d_k = {int(d_k)}  # section 1: their width",
              f"seed, n_samples, sample_d_k = {int(seed)}, {int(n_samples)}, {int(sample_d_k)}  # section 2",
              f"n_keys, n_seeds = {int(n_keys)}, {int(n_seeds)}  # section 3: keys per draw, draws per width",
              f"curve_d_ks = {[int(d) for d in curve_d_ks]!r}  # section 3: the widths",
              names(labels, note="section 4: your sentence's tokens"), literal("Q", Q), literal("K", K),
              f"tau = {number(tau)}  # section 4: the divisor τ"]
    shown = [("shown_p_unscaled", shown_p_unscaled), ("shown_p_scaled", shown_p_scaled),
             ("shown_J_unscaled", shown_J_unscaled), ("shown_J_scaled", shown_J_scaled), ("shown_std", shown_std),
             ("shown_std_scaled", shown_std_scaled)]
    shown += [(f"shown_max_weight_{name}", shown_max_weight[name]) for name in ("unscaled", "sqrt_dk", "dk")]
    shown += [(f"shown_entropy_{name}", shown_entropy[name]) for name in ("unscaled", "sqrt_dk", "dk")]
    shown += [("shown_temp_weights", shown_temp_weights), ("shown_row_entropy", shown_row_entropy)]
    return filled("scaling", parameters(inputs, shown))


# ---------------------------------------------------------------------------------------------------------
# Training lab

LOSSES = ("mse", "ce")  # the lab's two losses, as notebooks/training.py's forward and backward name them


def training_cells(d_k: int, steps: int, lr: float, seed: int, loss: str, *, shown_initial_scaled,
                   shown_initial_unscaled, shown_loss_scaled, shown_loss_unscaled, shown_final_scaled,
                   shown_final_unscaled) -> list[Cell]:
    """The Training lab at d_k, steps, learning rate lr, data seed `seed` and loss "mse" or "ce": the lab's data
    and initialisation from the seed, the attention at step 0, and both runs trained step by step.

    shown_* are the chosen seed's numbers the page drew: the held-out weights (n, n) before and after training
    (NaN for a run that diverged) and the loss curves (steps + 1,)."""
    if loss not in LOSSES:
        raise ValueError(f"loss must be one of {', '.join(LOSSES)}, got {loss!r}")
    inputs = [f"d_k, steps, lr, seed = {int(d_k)}, {int(steps)}, {number(lr)}, {int(seed)}",
              f"loss_name = {loss!r}  # 'mse': output_i should copy value v_i; 'ce': query i's weights should "
              "pick key i"]
    shown = [("shown_initial_scaled", shown_initial_scaled), ("shown_initial_unscaled", shown_initial_unscaled),
             ("shown_loss_scaled", shown_loss_scaled), ("shown_loss_unscaled", shown_loss_unscaled),
             ("shown_final_scaled", shown_final_scaled), ("shown_final_unscaled", shown_final_unscaled)]
    return filled("training", parameters(inputs, shown))


# ---------------------------------------------------------------------------------------------------------
# Common mistakes

def mistakes_cells(X, W_Q, W_K, W_V, labels, heads: int, *, shown_right_weights, shown_right_output,
                   shown_axis0_weights, shown_axis0_output, shown_scale: Mapping[str, tuple[object, object]],
                   shown_swap_weights, shown_v_as_k_weights, shown_k_as_v_output) -> list[Cell]:
    """Common mistakes on the sentence's X and weights: softmax over the wrong axis, the wrong scale on `heads`
    heads, and the three role mix-ups, each beside the right computation.

    shown_scale maps "right" and every scale mistake the page drew ("sqrt_d_model", "no_scale": only those that
    change something at this width) to (weights (heads, n, n), merged output (n, d_model)); one it did not draw
    is None in the notebook. The quiz is left out: its answer would be in the notebook."""
    inputs = [names(labels), literal("X", X), literal("W_Q", W_Q), literal("W_K", W_K), literal("W_V", W_V),
              f"heads = {int(heads)}"]
    shown = [("shown_right_weights", shown_right_weights), ("shown_right_output", shown_right_output),
             ("shown_axis0_weights", shown_axis0_weights), ("shown_axis0_output", shown_axis0_output)]
    for name in ("right", "sqrt_d_model", "no_scale"):
        weights, output = shown_scale.get(name, (None, None))
        shown += [(f"shown_scale_weights_{name}", weights), (f"shown_scale_output_{name}", output)]
    shown += [("shown_swap_weights", shown_swap_weights), ("shown_v_as_k_weights", shown_v_as_k_weights),
              ("shown_k_as_v_output", shown_k_as_v_output)]
    return filled("mistakes", parameters(inputs, shown))


# ---------------------------------------------------------------------------------------------------------
# Check yourself

def check_cells(labels_q, labels_k, X_q, X_k, W_Q, W_K, W_V, sentence_labels, *, shown_weights,
                shown_steps: Mapping[str, object] | None) -> list[Cell]:
    """Check yourself: the weight-shape question's attention (queries from labels_q's sentence, keys and values
    from labels_k's, X_q (n_q, d_model) and X_k (n_k, d_model) with the seeded W's) and the one-step demo on the
    learner's sentence (its labels).

    shown_weights (n_q, n_k) is the matrix the question's proof draws, and its shape the question's answer;
    shown_steps maps "attention", "recurrent network" and "causal mask" to the step counts (n, n), or is None
    when the page draws none (a one-token sentence)."""
    n_q, n_k = len(labels_q), len(labels_k)
    same = list(labels_q) == list(labels_k)
    inputs = [names(labels_q, "labels_q", "the queries' tokens"), names(labels_k, "labels_k", "the keys' tokens"),
              literal("X_q", X_q), literal("X_k", X_k), literal("W_Q", W_Q), literal("W_K", W_K),
              literal("W_V", W_V), names(sentence_labels, "sentence", "your sentence's tokens")]
    steps = shown_steps or {}
    shown = [("shown_weights", shown_weights), ("shown_shape", tuple(np.shape(shown_weights)))]  # and the answer
    shown += [(f"shown_steps_{name}", steps.get(key)) for name, key in
              (("attention", "attention"), ("recurrent", "recurrent network"), ("causal", "causal mask"))]
    sentence = (f"Attention on the {n_q}-token sentence: one row of weights per query, one column per key." if same
                else f"Cross-attention: {n_q} queries from one sentence, {n_k} keys and values from another.")
    return filled("check", parameters(inputs, shown), {"shape_sentence": sentence})


# ---------------------------------------------------------------------------------------------------------
# Masks and heads


def masks_cells(X, W_Q, W_K, W_V, W_O, labels, mask, heads: int, *, head: int, query: int, shown_scaled,
                shown_weights, shown_head_outputs, shown_output, shown_average) -> list[Cell]:
    """Masks and heads: the sentence (with any ⟨pad⟩ rows the page appended) and the mask the page built,
    multi-head attention with the mask on every head, one head step by step, one query across the heads.

    `head` and `query` count from 0; shown_scaled, shown_weights (heads, n, n), shown_head_outputs
    (heads, n, d_k), shown_output (n, d_model) and shown_average (n, n) are what the page drew."""
    inputs = [names(labels), literal("X", X), literal("W_Q", W_Q), literal("W_K", W_K), literal("W_V", W_V),
              literal("W_O", W_O), mask_literal("mask", mask), f"heads = {int(heads)}",
              f"h = {int(head)}  # the head the page shows step by step (head {int(head) + 1})",
              f"i = {int(query)}  # the query the page shows: {labels[query]!r}"]
    shown = [("shown_scaled", shown_scaled), ("shown_weights", shown_weights),
             ("shown_head_outputs", shown_head_outputs), ("shown_output", shown_output),
             ("shown_average", shown_average)]
    return filled("masks", parameters(inputs, shown))


# ---------------------------------------------------------------------------------------------------------
# Mask mistakes

NO_LEAK = ("Change a later token and see which earlier outputs move. The page draws no figure for this test "
           "just now (it needs a sentence of at least two tokens and a new word that differs from the one it "
           "replaces), so this notebook skips it too.")


def mask_mistakes_cells(X, W_Q, W_K, W_V, labels, mask, *, fill_row: int, dtype: str, fill: str,
                        shown_right_weights, shown_right_output, shown_after_weights, shown_inverted_weights,
                        shown_axis_weights, shown_fill_rows, leak_t: int | None = None, leak_x=None,
                        leak_word: str = "", shown_change_free=None, shown_change_causal=None) -> list[Cell]:
    """Mask mistakes on one head (d_k = d_model) of the sentence with the page's mask: the mask after the softmax,
    the inverted mask, the mask on the wrong axis, a finite fill for −∞ in `dtype` on row `fill_row` (blocked
    for that section), and, when the leak test is showing, token leak_t replaced (its new row of X: leak_x).

    shown_fill_rows (n, 3) is the page's fill figure: the row under −∞ with a plain softmax, the fill, and
    the right way. shown_change_free/causal (n,) are the leak test's output changes."""
    inputs = [names(labels), literal("X", X), literal("W_Q", W_Q), literal("W_K", W_K), literal("W_V", W_V),
              mask_literal("mask", mask), f"dtype = {dtype!r}  # section 4's dtype",
              f"fill = {fill!r}  # section 4's finite stand-in for −∞: '-1e9', '-1e6' or 'min', the dtype's lowest",
              f"row = {int(fill_row)}  # section 4: the fully blocked row the page shows: {labels[fill_row]!r}"]
    if leak_t is None:
        inputs += ["leak_t = leak_word = leak_x = None  # section 5: the page draws no leak test just now"]
        leak_sentence = NO_LEAK
    else:
        inputs += [f"leak_t = {int(leak_t)}  # section 5: the token replaced, {labels[leak_t]!r} -> {leak_word!r}",
                   f"leak_word = {leak_word!r}  # leak_x, below: its embedding plus its position",
                   literal("leak_x", leak_x)]
        leak_sentence = (f"Change {md_text(labels[leak_t])} to {md_text(leak_word)} and see which outputs move: "
                         "without a mask, earlier ones do.")
    shown = [("shown_right_weights", shown_right_weights), ("shown_right_output", shown_right_output),
             ("shown_after_weights", shown_after_weights), ("shown_inverted_weights", shown_inverted_weights),
             ("shown_axis_weights", shown_axis_weights), ("shown_fill_rows", shown_fill_rows),
             ("shown_change_free", shown_change_free), ("shown_change_causal", shown_change_causal)]
    return filled("mask_mistakes", parameters(inputs, shown), {"leak_sentence": leak_sentence})


# ---------------------------------------------------------------------------------------------------------
# In the page: the link to this view, and the download button


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
                    label: str = "Download as a notebook") -> None:
    """The page's 'Download as a notebook' button. Pass the notebook, or a function that builds it (then it is
    built only when the learner clicks, from the state the page was showing when it drew the button)."""
    import streamlit as st

    data = (lambda: to_bytes(nb())) if callable(nb) else to_bytes(nb)
    st.download_button(label, data=data, file_name=file_name, mime=MIME, key=key, on_click="ignore",
                       icon=":material/download:",
                       help="A Jupyter notebook that rebuilds this page's numbers in plain numpy and checks "
                            "them against the page.")


LONG_CODE = 2400  # input numbers above which the code (about 25 characters a number) passes ~60 kB


def show_code(intro: str, cells: Callable[[], Sequence[Cell]], numbers: int, *,
              sources: tuple[str, Sequence[Callable]] | None = None,
              short_help: str = "This page's numbers in plain numpy: the code of the notebook below.",
              long_help: str = "Every number of X and the weights, so it is long.") -> None:
    """The page's "Show the code" switch; when it is on: `intro`, the notebook's code (page_code), then `sources`
    = (its intro, the attn_core functions the page's own numbers come from), each function's source. `cells` is
    called only then.

    A switch, not a folded expander: an expander's code is built, sent and laid out on every step of every control
    that moves its numbers, open or not (on the Scaling explorer a tenth of each step's time in the browser); this
    code is built only when the learner asks for it. When the inputs hold more than LONG_CODE `numbers` it is printed
    without colours: colouring that many digits takes the browser seconds."""
    import streamlit as st

    long = numbers > LONG_CODE
    if not st.toggle("Show the code", key="show_code", help=long_help if long else short_help):
        return
    st.markdown(intro)
    st.code(page_code(cells()), language=None if long else "python")
    if sources is not None:
        words, functions = sources
        st.markdown(words)
        for fn in functions:
            st.code(source(fn), language="python")
