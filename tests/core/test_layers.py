"""The house: attn_core (maths) <- attn_lessons (words) <- attn_ui and the pages (Streamlit), imports pointing down.

Read from the source with `ast`, so a function-level import counts as much as one at the top: a layer may import
the layers below it and the libraries it is allowed, nothing else, and no module imports itself back in a cycle.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("attn_core", "attn_lessons", "attn_ui")
# What each layer may import besides the standard library: its own package, the layers below, and these.
ALLOWED = {
    "attn_core": {"attn_core", "numpy"},
    "attn_lessons": {"attn_lessons", "attn_core", "numpy"},
    "attn_ui": {"attn_ui", "attn_lessons", "attn_core", "numpy", "streamlit", "plotly", "pandas", "nbformat",
                "jupytext", "playwright", "sqlalchemy", "segno"},
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
