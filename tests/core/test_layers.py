"""The house: attn_core (maths) <- attn_lessons (words) <- attn_ui and the pages (Streamlit), imports pointing down.

Read from the source with `ast`, so a function-level import counts as much as one at the top: a layer may import
the layers below it and the libraries it is allowed, nothing else, and no module imports itself back in a cycle.
"""

from __future__ import annotations

import ast
import functools
import re
import string
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("attn_core", "attn_lessons", "attn_ui")
# What each layer may import besides the standard library: its own package, the layers below, and these.
ALLOWED = {
    "attn_core": {"attn_core", "numpy"},
    # fluent: the message catalogs (attn_lessons/i18n.py; issue 40), the words' own tool
    "attn_lessons": {"attn_lessons", "attn_core", "numpy", "fluent"},
    # pyarrow: a small table of words handed to st.table as it is (attn_ui.tables.static_table; issue 38)
    "attn_ui": {"attn_ui", "attn_lessons", "attn_core", "numpy", "streamlit", "plotly", "pandas", "nbformat",
                "jupytext", "playwright", "sqlalchemy", "segno", "pyarrow"},
}
STDLIB = set(sys.stdlib_module_names) | {"__future__"}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """Every module `path` imports, anywhere in the file, as absolute dotted names."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # from .x import y  /  from . import y
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                mod = f"{base}.{node.module}" if node.module else base
                found |= {mod} if node.module else {f"{base}.{a.name}" for a in node.names}
            else:
                found.add(node.module)
    return found


def modules(package: str) -> dict[str, Path]:
    return {module_name(p): p for p in sorted((ROOT / package).glob("*.py"))}


@pytest.mark.parametrize("package", PACKAGES)
def test_each_layer_imports_only_the_layers_below_it(package):
    wrong = {}
    for name, path in modules(package).items():
        bad = {m for m in imports_of(path) if m.split(".")[0] not in STDLIB | ALLOWED[package]}
        if bad:
            wrong[name] = sorted(bad)
    assert not wrong, f"{package} may import only {sorted(ALLOWED[package])} and the standard library: {wrong}"


def test_the_checker_sees_a_forbidden_import(tmp_path, monkeypatch):
    """The test above can fail: a words module that reached up into the view layer would be caught."""
    fake = ROOT / "attn_lessons" / "_layer_probe.py"
    fake.write_text("def f():\n    from attn_ui import state  # reaching up\n")
    try:
        assert "attn_ui" in {m.split(".")[0] for m in imports_of(fake)}
        with pytest.raises(AssertionError, match="attn_lessons may import only"):
            test_each_layer_imports_only_the_layers_below_it("attn_lessons")
    finally:
        fake.unlink()


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of `graph` as [a, b, …, a], or None: a depth-first walk that meets a module still on its path."""
    on_path: list[str] = []
    done: set[str] = set()

    def visit(node):
        if node in on_path:
            return on_path[on_path.index(node):] + [node]
        if node in done:
            return None
        on_path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if cycle := visit(nxt):
                return cycle
        done.add(on_path.pop())
        return None

    return next((c for c in map(visit, sorted(graph)) if c), None)


def test_find_cycle_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_no_import_cycle_anywhere():
    """No module of the three packages reaches itself through the modules it imports."""
    names = {n for p in PACKAGES for n in modules(p)}
    graph = {n: {m for m in imports_of(path) if m in names and m != n}
             for p in PACKAGES for n, path in modules(p).items()}
    assert find_cycle(graph) is None, f"import cycle: {' -> '.join(find_cycle(graph))}"


# Word lists the maths reads as token data, not sentences: quiz passages and the sentence the quiz reuses.
TOKEN_DATA = {"the cat sat on the mat"}


def sentences_in(path: Path) -> list[str]:
    """String literals of four or more words in a module, outside docstrings and the messages of raised errors."""
    tree = ast.parse(path.read_text())
    skip = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(body[0].value,
                                                                                          ast.Constant):
            skip.add(id(body[0].value))  # a docstring
        if isinstance(node, ast.Raise):
            skip |= {id(n) for n in ast.walk(node)}  # "d_model=10 is not divisible by n_heads=4"
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "PASSAGE" for t in node.targets):
            skip |= {id(n) for n in ast.walk(node)}  # the quiz's words to draw tokens from
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in skip and len(n.value.split()) >= 4 and n.value not in TOKEN_DATA]


def test_attn_core_writes_no_sentence():
    found = {name: sentences_in(path) for name, path in modules("attn_core").items()}
    found = {name: s for name, s in found.items() if s}
    assert not found, f"attn_core returns arrays and numbers; these sentences belong in attn_lessons: {found}"


def test_the_sentence_finder_sees_one(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text('"""Docstring words are fine here."""\n\ndef f():\n    return "the largest weight goes to cat"\n')
    assert sentences_in(probe) == ["the largest weight goes to cat"]


# The pages are views: they read state, call the layers below and draw. Four things a page must not hold, read from
# every file the globs find (so a new page is checked the day it is added): a figure being built, numpy arithmetic,
# prose, and a number turned into text anywhere but attn_lessons/format.py. Each finder takes a module's source and
# returns [(line, what)], so a probe can show it catching an offence in a snippet.

PAGE_FILES = ("streamlit_app.py", "pages/*.py")
# Where a number may not be formatted: everything that shows text, except the one formatter.
FORMATTING_FILES = PAGE_FILES + ("attn_lessons/*.py", "attn_ui/*.py")
FORMATTER = "attn_lessons/format.py"


def files(patterns: tuple[str, ...], root: Path = ROOT) -> list[Path]:
    return sorted({p for pattern in patterns for p in root.glob(pattern)} - {root / FORMATTER})


@functools.cache
def parse(source: str) -> ast.Module:
    return ast.parse(source)


def dotted(node: ast.AST) -> str:
    """`st.session_state` for a chain of names, "" for anything else (a call, a subscript, …)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and (base := dotted(node.value)):
        return f"{base}.{node.attr}"
    return ""


def shown(node: ast.AST, limit: int = 70) -> str:
    text = " ".join(ast.unparse(node).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


@functools.cache
def fstring_lines(source: str) -> dict[int, int]:
    """{id(node): line} for the calls and placeholders inside f-strings. Before Python 3.12 they carry the line
    where the whole (implicitly concatenated) string starts, so each is found again by its text."""
    lines, where = source.splitlines(), {}
    for outer in ast.walk(parse(source)):
        if not isinstance(outer, ast.JoinedStr) or id(outer) in where:
            continue
        seen: dict[str, int] = {}
        for node in ast.walk(outer):
            where[id(node)] = outer.lineno
            if isinstance(node, (ast.FormattedValue, ast.Call)):
                text = ast.unparse(node)
                hits = [i for i in range(outer.lineno, outer.end_lineno + 1) if text in lines[i - 1]]
                n = seen[text] = seen.get(text, -1) + 1
                where[id(node)] = hits[min(n, len(hits) - 1)] if hits else outer.lineno
    return where


def line(node: ast.AST, source: str) -> int:
    return fstring_lines(source).get(id(node), node.lineno)


def assert_none_in(find, paths: list[Path], what: str):
    found = [f"{p.relative_to(ROOT) if p.is_relative_to(ROOT) else p}:{n}: {text}"
             for p in paths for n, text in find(p.read_text())]
    assert not found, f"{len(found)} × {what}:\n  " + "\n  ".join(found)


def test_the_page_glob_finds_a_new_page(tmp_path):
    (tmp_path / "pages").mkdir()
    for name in ("streamlit_app.py", "pages/Never_a_page.py", "pages/notes.md", FORMATTER):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("")
    assert files(PAGE_FILES, tmp_path) == [tmp_path / "pages" / "Never_a_page.py", tmp_path / "streamlit_app.py"]
    assert tmp_path / FORMATTER not in files(FORMATTING_FILES, tmp_path)


def test_a_page_check_names_the_file_and_line(tmp_path):
    page = tmp_path / "Probe.py"
    page.write_text('import streamlit as st\n\nst.metric("top", f"{top:.3f}")\n')
    with pytest.raises(AssertionError, match=r"1 × a number formatted.*\n  .*/Probe.py:3: \{top:\.3f\}"):
        assert_none_in(formatting_in, [page], "a number formatted")


# 1. No figure in a page: figures are built in attn_ui/figures.py and drawn with its plot(…).
FIGURE_MAKERS = {"Figure", "make_subplots"}
FIGURE_METHODS = {"update_layout", "add_trace", "add_shape", "add_annotation", "update_xaxes", "update_yaxes",
                  "update_traces"}


def figures_in(source: str) -> list[tuple[int, str]]:
    """Every plotly import, figure or subplot grid built, trace or shape added, layout or axis updated."""
    tree, found, plotly = parse(source), [], set()  # plotly: the names the imports bind (go, px, make_subplots)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in (a for a in node.names if a.name.split(".")[0] == "plotly"):
                found.append((node.lineno, f"import {a.name}"))
                plotly.add(a.asname or "plotly")
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module.split(".")[0] == "plotly":
            found.append((node.lineno, f"from {node.module} import {', '.join(a.name for a in node.names)}"))
            plotly |= {a.asname or a.name for a in node.names}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "attr", getattr(node.func, "id", ""))
            if name in FIGURE_MAKERS | FIGURE_METHODS or dotted(node.func).split(".")[0] in plotly:
                found.append((line(node, source), f"{shown(node.func)}(…)"))
    return sorted(found)


def test_no_page_builds_a_figure():
    assert_none_in(figures_in, files(PAGE_FILES),
                   "plotly in a page (build the figure in attn_ui/figures.py, draw it with plot(…))")


def test_the_figure_finder_sees_one():
    assert figures_in("import plotly.graph_objects as go\nfrom plotly.subplots import make_subplots\n"
                      "fig = make_subplots(rows=2)\nfig.add_trace(go.Scatter(x=xs))\nfig.update_yaxes(range=r)\n") == [
        (1, "import plotly.graph_objects"), (2, "from plotly.subplots import make_subplots"),
        (3, "make_subplots(…)"), (4, "fig.add_trace(…)"), (4, "go.Scatter(…)"), (5, "fig.update_yaxes(…)")]
    assert figures_in("from attn_ui.figures import line_figure, plot\n\nplot(line_figure(xs, ys))\n") == []


# 2. No numpy arithmetic in a page: every number a page shows comes from attn_core.
NUMPY_MATHS = {"sum", "mean", "max", "min", "std", "var", "argmax", "argmin", "prod", "cumsum", "abs", "sqrt", "exp",
               "log", "allclose", "isclose", "dot", "matmul", "einsum", "norm"}
# Receivers of `.max(…)`-style calls that are not arrays. Streamlit has none of these names, but a page may name a
# container anything, so only st itself is listed; `math` is the standard library's scalar maths on a count
# (math.log(n_keys)), not numpy. Any other receiver (np, np.linalg, an array, a table) is taken for numpy.
NOT_ARRAYS = {"st", "st.sidebar", "st.session_state", "math"}


def numpy_arithmetic_in(source: str) -> list[tuple[int, str]]:
    """Calls of numpy reductions and elementwise maths (np.abs(x), x.max(), norm(x) imported from numpy) and `@`;
    the builtins min, max and sum by their plain names are fine."""
    tree, found = parse(source), []
    from_numpy = {a.asname or a.name: a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
                  and not n.level and n.module.split(".")[0] == "numpy" for a in n.names}
    for node in ast.walk(tree):
        if isinstance(node, (ast.BinOp, ast.AugAssign)) and isinstance(node.op, ast.MatMult):
            found.append((line(node, source), f"@ in {shown(node)}"))
        elif isinstance(node, ast.Call) and (
                isinstance(node.func, ast.Attribute) and node.func.attr in NUMPY_MATHS
                and dotted(node.func.value) not in NOT_ARRAYS
                or isinstance(node.func, ast.Name) and from_numpy.get(node.func.id) in NUMPY_MATHS):
            found.append((line(node, source), shown(node)))
    return sorted(found)


def test_no_page_does_numpy_arithmetic():
    assert_none_in(numpy_arithmetic_in, files(PAGE_FILES),
                   "numpy arithmetic in a page (compute it in attn_core, with a test)")


def test_the_numpy_arithmetic_finder_sees_it():
    assert numpy_arithmetic_in("import numpy as np\nfrom numpy.linalg import norm\n\n"
                               "top = max(np.abs(M).max(), 1)\nn = norm(x) + numpy.linalg.norm(y)\nout = W @ x\n") == [
        (4, "np.abs(M)"), (4, "np.abs(M).max()"), (5, "norm(x)"), (5, "numpy.linalg.norm(y)"), (6, "@ in W @ x")]
    assert numpy_arithmetic_in("import math\n\nn = max(len(a), min(b, 2)) + sum(c)\nst.session_state.update(k=1)\n"
                               "h = math.log(n)\nres = attn_core.scaled_dot_product_attention(Q, K, V)\n") == []


# 3. No prose in a page: its sentences live in its attn_lessons module, where they are tested.
PROSE_WORDS = 6  # a string of six words or more is a sentence, a widget's label included (pages once had twelve)
MARKUP = {"latex", "html"}  # every string argument of st.latex and st.html is code, not prose
CSS = re.compile(r"<style|[{;]\s*[a-z-]+\s*:[^;{}]+;")  # a style sheet, or a rule's declarations
# What a screen reader reads out of markup: an attribute's text counts as a sentence even where the markup passes
ACCESSIBLE = re.compile(r"""\b(aria-label|alt|title)=(["'])(.*?)\2""")


def words(text: str) -> int:
    return sum(any(c.isalpha() for c in w) for w in text.split())


def text_of(node: ast.AST) -> str | None:
    """A string constant's text, an f-string's literal parts joined, or None."""
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, str) else None
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values if isinstance(v, ast.Constant))
    return None


def prose_in(source: str, also_allowed: Callable[[ast.Module], set[int]] | None = None) -> list[tuple[int, str]]:
    """Strings of six words or more, a widget's label included, except docstrings, dict keys, the arguments of
    st.latex and st.html, and style sheets. A name passed to st.latex or st.html stands for its module-level constant
    (`st.latex(FORMULA)`). `also_allowed`: the ids of more nodes to let pass, from the module's tree (see
    ui_prose_in)."""
    tree, docs = parse(source), set()
    allowed = set(also_allowed(tree)) if also_allowed else set()
    constants = {t.id: a.value for a in tree.body if isinstance(a, (ast.Assign, ast.AnnAssign)) and a.value
                 for t in getattr(a, "targets", [getattr(a, "target", None)]) if isinstance(t, ast.Name)}

    def resolved(node):
        return constants.get(node.id, node) if isinstance(node, ast.Name) else node

    def allow(node):
        allowed.update(map(id, ast.walk(node)))

    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body
                and isinstance(body[0], ast.Expr) and text_of(body[0].value) is not None):
            allow(body[0].value)  # a docstring
            docs.add(id(body[0].value))
        elif isinstance(node, ast.Dict):
            for key in filter(None, node.keys):
                allow(key)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MARKUP:
            for arg in node.args + [k.value for k in node.keywords]:
                allow(arg)
                allow(resolved(arg))

    found, parts = [], set()  # parts: the literal pieces of an f-string, read joined with the rest of it
    for node in ast.walk(tree):  # breadth first: an f-string comes before its pieces
        if isinstance(node, ast.JoinedStr):
            parts.update(map(id, node.values))
        elif isinstance(node, ast.FormattedValue) and node.format_spec:
            parts.add(id(node.format_spec))
        text = text_of(node)
        if text is None or id(node) in parts | docs:
            continue
        if id(node) not in allowed and words(text) >= PROSE_WORDS and not CSS.search(text):
            found.append((line(node, source), f"{lead(text)} ({words(text)} words)"))
        else:
            found += [(line(node, source), f"{m[1]}={lead(m[3])} ({words(m[3])} words)")
                      for m in ACCESSIBLE.finditer(text) if words(m[3]) >= PROSE_WORDS]
    return sorted(found)


def lead(text: str) -> str:
    """A sentence as a finder names it: its first ten words, quoted."""
    tokens = text.split()
    return repr(" ".join(tokens[:10])) + ("…" if len(tokens) > 10 else "")


def test_no_page_holds_prose():
    assert_none_in(prose_in, files(PAGE_FILES),
                   "sentences in a page (move them to the page's attn_lessons module)")


def test_the_prose_finder_sees_it():
    assert prose_in('"""A page docstring may say as much as it likes."""\nimport streamlit as st\n'
                    'st.markdown("Each row is one query\'s weights over every key.")\n'
                    'st.caption(f"The largest weight goes to {tok}, about {r} times more")\n'
                    'st.slider("How many keys does each query see?", 1, 9, help="Drag it to the right and watch.")\n'
                    'st.button("Press this button once you have read every single word of the sentence above")\n'
                    'st.toggle("Show where Q, K and V come from", key="qkv")\n'
                    ) == [(3, "\"Each row is one query's weights over every key.\" (9 words)"),
                          (4, "'The largest weight goes to , about times more' (8 words)"),
                          (5, "'Drag it to the right and watch.' (7 words)"),
                          (5, "'How many keys does each query see?' (7 words)"),
                          (6, "'Press this button once you have read every single word'… (14 words)"),
                          (7, "'Show where Q, K and V come from' (8 words)")]
    assert prose_in('"""Docstring."""\nFORMULA = r"\\mathrm{a} = b + c + d + e + f"\n\n'
                    'def f():\n    """A function docstring is documentation, not a sentence on screen."""\n'
                    '    st.latex(FORMULA)\n    st.html("<div class=\'box\'>a long piece of markup in html</div>")\n'
                    '    st.markdown("<style>.x { font-size: 1em; color: red; }</style>")\n'
                    '    c1.expander("Show the code", expanded=False)\n'
                    '    st.tabs(["The scores before the softmax", "The weights after the softmax"])\n'
                    '    st.table({"the length of each value row": rows}); st.markdown(say.intro(n))\n') == []


# 3b. No prose in attn_ui either: every text a learner or teacher reads there (a notice, a help text, a caption, the
# sidebar's notes, a checkpoint's prompts, an error a page shows) comes from attn_lessons, where issue 40's message
# catalogs will find it. The rule is the pages', and more: what is never read on screen passes, a log message
# (the arguments of _log.warning(…) and its kin), a widget's key=, a string split into a list of names
# ("text seed d_model".split()), a link's query string (a=1&b=2), a CSS value (a gradient, calc(…), var(…)); and a
# raised exception's message counts only when a page shows it: attn_ui's parsers raise ValueError for a link's or a
# cell's bad value and the page prints its message (state.url_bound, the cell editor), so a ValueError's message
# counts; any other exception is a developer's (KeyError, TypeError, RuntimeError) or, for the class store's
# ClassError, is told on screen by its `reason` in attn_lessons.classroom's words, so its message is not counted.
UI_FILES = ("attn_ui/*.py",)
LOGGERS = {"_log", "log", "logger", "logging"}
LOG_METHODS = {"debug", "info", "warning", "error", "exception", "critical"}
SHOWN_ERRORS = {"ValueError"}
# Modules whose ValueErrors check the calling code's arguments (a matrix against its labels), never a learner's
# input: no page shows their message, a traceback does.
CALLERS_ERRORS = {"attn_ui/tables.py"}
QUERY_STRING = re.compile(r"[\w.]+=[^&]*(?:&[\w.]+=[^&]*)*")
CSS_VALUE = re.compile(r"\b(?:[a-z-]+-gradient|calc|var)\(")


def _raised_name(node: ast.Raise) -> str:
    exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
    return getattr(exc, "id", getattr(exc, "attr", ""))


def _never_on_screen(tree: ast.Module, callers_errors: bool = False) -> set[int]:
    """The ids of the nodes in `tree` that no one reads on screen (see the rule above)."""
    found: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Attribute) and f.attr in LOG_METHODS and dotted(f.value) in LOGGERS:
                found += node.args
            if isinstance(f, ast.Attribute) and f.attr == "split":
                found.append(f.value)
            found += [k.value for k in node.keywords if k.arg == "key"]
        elif isinstance(node, ast.Raise) and node.exc is not None and (
                callers_errors or _raised_name(node) not in SHOWN_ERRORS):
            found.append(node.exc)
        elif (text := text_of(node)) is not None and (QUERY_STRING.fullmatch(text.strip()) or CSS_VALUE.search(text)):
            found.append(node)
    return {id(n) for node in found for n in ast.walk(node)}


def ui_prose_in(source: str, callers_errors: bool = False) -> list[tuple[int, str]]:
    """prose_in under attn_ui's rule: what is never on screen passes."""
    return prose_in(source, also_allowed=lambda tree: _never_on_screen(tree, callers_errors))


def ui_sentences(root: Path = ROOT) -> list[str]:
    """'path:line: the sentence' for each sentence in the attn_ui modules under `root`."""
    return [f"{p.relative_to(root).as_posix()}:{n}: {text}" for p in files(UI_FILES, root)
            for n, text in ui_prose_in(p.read_text(), p.relative_to(root).as_posix() in CALLERS_ERRORS)]


def test_attn_ui_holds_no_sentence():
    found = ui_sentences()
    assert not found, (f"{len(found)} × a sentence in attn_ui (move it to attn_lessons, a module per theme: "
                       "sidebar.py, notices.py, checkpoint.py, classroom.py …):\n  " + "\n  ".join(found))


def test_the_ui_prose_finder_sees_it(tmp_path):
    """The rule can fail: a made-up attn_ui module with a sentence of each kind is caught, line by line, and what is
    never on screen in it is not."""
    (tmp_path / "attn_ui").mkdir()
    (tmp_path / "attn_ui" / "probe.py").write_text(
        '"""A module docstring may say as much as it likes."""\n'
        'import streamlit as st\n'
        'st.caption("To apply it, tap or click outside the box.")\n'
        'st.toggle("Skip every one of the predictions", key="a key of six words or more here")\n'
        'st.number_input("Seed", help="The same seed gives the same weights.")\n'
        'st.info(f"Your text has {n} tokens; the explorer keeps {k}")\n'
        'raise ValueError(f"it is {n} characters long; the limit is {m}")\n'
        '_log.warning("class mode: the follow watch failed: %r", err)\n'
        'KEYS = frozenset("text seed d_model heads query start".split())\n'
        'raise KeyError(f"{path} is not on the route; add it to ROUTE")\n'
        'EXAMPLE = "text=The dog chased the cat, and the cat ran !&seed=3"\n'
        'BAR = "linear-gradient(90deg,#0000 calc(50% - .5px),#8c8c8c calc(50% - .5px) 0)"\n'
        'st.html("<div class=\'box\'>a long piece of markup in html</div>")\n'
        'st.html("<style>.b{color:red;}</style><div role=group aria-label=\'How the shapes flow, top to bottom\'>")\n')
    assert ui_sentences(tmp_path) == [
        "attn_ui/probe.py:3: 'To apply it, tap or click outside the box.' (9 words)",
        "attn_ui/probe.py:4: 'Skip every one of the predictions' (6 words)",
        "attn_ui/probe.py:5: 'The same seed gives the same weights.' (7 words)",
        "attn_ui/probe.py:6: 'Your text has tokens; the explorer keeps' (7 words)",
        "attn_ui/probe.py:7: 'it is characters long; the limit is' (7 words)",
        "attn_ui/probe.py:14: aria-label='How the shapes flow, top to bottom' (7 words)"]
    # the same ValueError in a module that checks its callers' arguments passes
    assert ui_prose_in('raise ValueError(f"a {shape} matrix with {r} row and {c} column labels")\n',
                       callers_errors=True) == []


# 4. No formatter outside attn_lessons/format.py: a number becomes text there, the same way on every page. The builtin
# round is arithmetic, not text (round(100 * right / answered) is a percentage, round(off, 4) a comparison,
# round(float(c)) a colour channel), so it is not counted: what prints the number it returns is.
FLOAT_TYPES = set("eEfFgGn%")
SPEC = re.compile(r"(?:.?[<>=^])?[-+ ]?z?#?0?\d*[,_]?(?:\.(?P<precision>\d+))?(?P<type>[a-zA-Z%])?")
PERCENT_SPEC = re.compile(r"%(?:\([^)]*\))?[-+ #0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?[eEfFgG]")


def formats_a_number(spec: str) -> bool:
    """True for a format spec with a precision or a float presentation: .3f, ,.0f, g, .2e, .0%, .{d}f (a
    placeholder reads as 9); False for d, 02x, >10, a thousands separator alone, and a date's %Y-%m-%d."""
    m = SPEC.fullmatch(re.sub(r"\{[^{}]*\}", "9", spec))
    return bool(m) and (m["precision"] is not None or (m["type"] or "") in FLOAT_TYPES)


def template(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def formats_number(node: ast.AST) -> bool:
    """{x:.3f} or {x:g}; the same spec in format(x, ".3f"), "{:.3f}".format(x) or "%.3f" % x. Not round(x): it
    returns a number, not text."""
    if isinstance(node, ast.FormattedValue) and node.format_spec:
        return formats_a_number("".join(v.value if isinstance(v, ast.Constant) else "{}"
                                        for v in node.format_spec.values))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        spec = template(node.args[1]) if node.func.id == "format" and len(node.args) > 1 else None
        return spec is not None and formats_a_number(spec)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        try:
            fields = list(string.Formatter().parse(template(node.func.value) or ""))
        except ValueError:  # not a template after all
            return False
        return any(field is not None and formats_a_number(spec) for _, field, spec, _ in fields)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return bool(PERCENT_SPEC.search((template(node.left) or "").replace("%%", "")))
    return False


def formatting_in(source: str) -> list[tuple[int, str]]:
    """Every number turned into text by hand: a float format spec or a precision, in an f-string, format(…),
    str.format or %; a call of the builtin round is arithmetic and is not one."""
    return sorted((line(node, source), shown(node)) for node in ast.walk(parse(source)) if formats_number(node))


def test_numbers_become_text_only_in_the_formatter():
    assert_none_in(formatting_in, files(FORMATTING_FILES),
                   f"numbers formatted outside {FORMATTER} (use its num, percent, readable, short, …)")


def test_the_formatting_finder_sees_it():
    assert [formats_a_number(s) for s in (".3f", ",.0f", "g", ".2e", ".0%", "%", ".4g", ".9f", ">8.2f")] == [True] * 9
    assert [formats_a_number(s) for s in ("", "d", "02x", ">10", ",", "%Y-%m-%d", ".<10", "^5")] == [False] * 8
    assert formatting_in('x = (f"a {w:.3f} b "\n     f"c {w:.{d}f} {n:,} {i:02d}")\ny = round(v, 2)\n'
                         'z = format(v, ".2e") + "{:g}".format(v) + "%.1f s" % t + "100%% sure %s" % t\n') == [
        (1, "{w:.3f}"), (2, "{w:.{d}f}"), (4, "'%.1f s' % t"), (4, "'{:g}'.format(v)"), (4, "format(v, '.2e')")]
    assert formatting_in('from attn_lessons import format as fmt\n\ns = f"{fmt.num(x, 3)} at step {i:,}"\n'
                         'pct = round(100 * right / answered)\nclose = round(off, 4) == 0\n'
                         'hex_ = f"{round(float(c)):02x}"\n') == []


def class_records_in(source: str) -> list[int]:
    """The lines where code sends a class answer itself: a call of classroom.record, or an import of it from
    attn_ui.classroom. Pages leave that to attn_ui.checkpoint (reveal, and to_class for the quiz)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        f = node.func if isinstance(node, ast.Call) else None
        if isinstance(f, ast.Attribute) and f.attr == "record" and getattr(f.value, "id", "") == "classroom":
            found.append(node.lineno)
        if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("classroom") and any(
                a.name == "record" for a in node.names):
            found.append(node.lineno)
    return sorted(found)


def test_no_page_records_a_class_answer_itself():
    """One place records a class answer: attn_ui.checkpoint. No page calls classroom.record."""
    pages = [ROOT / "streamlit_app.py", *sorted((ROOT / "pages").glob("*.py"))]
    found = {p.relative_to(ROOT).as_posix(): lines for p in pages if (lines := class_records_in(p.read_text()))}
    assert not found, f"pages call classroom.record (lines {found}); pass asked= and state= to reveal, or use to_class"


def test_the_class_record_finder_sees_one():
    probe = ("from attn_ui import classroom\nfrom attn_ui.classroom import record\n\n"
             "reveal(guess, right, why)\nif not guess.skipped:\n    classroom.record('home.top_key', {}, 1, True)\n")
    assert class_records_in(probe) == [2, 6]
    assert class_records_in("reveal(guess, right, why, asked=TOP_KEY, state=classroom.page_state(query=i))\n") == []
