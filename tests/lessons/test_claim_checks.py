"""A claim check that finds nothing to check fails (issue 39).

A test that pulls claims out of a sentence with a regex and asserts only inside `for m in re.finditer(…)`, inside
`if m := re.search(…)` or inside `all(… for m in re.findall(…))` passes without checking anything once the sentence is
reworded. The tests use tests.prose.claims / claim instead, which fail when nothing matches. This walk reads every
test file's syntax tree and names each place that loops or branches on a regex's matches.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
MATCHES = {"findall", "finditer"}  # a loop over these checks nothing when they find nothing
ONE = {"search", "match", "fullmatch"}  # a branch on these checks nothing when it finds nothing


def _regex_call(node: ast.AST, names: set[str]) -> bool:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in names
            and isinstance(node.func.value, ast.Name) and node.func.value.id == "re")


def vacuous(source: str, where: str) -> list[str]:
    """Each place in `source` that asserts only on what a regex happened to find: 'file:line: what'. A loop over a
    regex's matches counts when its body asserts; a comprehension over them when it sits inside an assert (all(…) of
    nothing is True); a loop or comprehension that only gathers (a list of words to filter) does not."""
    tree = ast.parse(source)
    asserted = {id(n) for a in ast.walk(tree) if isinstance(a, ast.Assert) for n in ast.walk(a)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.For) and _regex_call(node.iter, MATCHES) and any(
                isinstance(n, ast.Assert) for n in ast.walk(node)):
            found.append(f"{where}:{node.iter.lineno}: a loop over re.{node.iter.func.attr}(…) checks nothing when "
                         "nothing matches (use tests.prose.claims)")
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)) and id(node) in asserted:
            for loop in node.generators:
                if _regex_call(loop.iter, MATCHES):
                    found.append(f"{where}:{loop.iter.lineno}: an assert over re.{loop.iter.func.attr}(…) checks "
                                 "nothing when nothing matches (use tests.prose.claims)")
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found += _loops_over_saved_matches(node, where)
        if isinstance(node, (ast.If, ast.While, ast.IfExp)):
            for sub in ast.walk(node.test):
                if isinstance(sub, ast.NamedExpr) and _regex_call(sub.value, ONE) or (
                        sub is node.test and _regex_call(sub, ONE)):
                    call = sub.value if isinstance(sub, ast.NamedExpr) else sub
                    found.append(f"{where}:{call.lineno}: a branch on re.{call.func.attr}(…) checks nothing when "
                                 "nothing matches (use tests.prose.claim)")
    return found


def _loops_over_saved_matches(function: ast.AST, where: str) -> list[str]:
    """`found = re.findall(…)` then `for m in found:` with no assert on `found` itself outside the loop."""
    saved = {t.id for n in ast.walk(function) if isinstance(n, ast.Assign) and _regex_call(n.value, MATCHES)
             for t in n.targets if isinstance(t, ast.Name)}
    hits = []
    for loop in (n for n in ast.walk(function) if isinstance(n, ast.For)):
        if isinstance(loop.iter, ast.Name) and loop.iter.id in saved:
            inside = {id(n) for n in ast.walk(loop)}
            checked = any(isinstance(n, ast.Name) and n.id == loop.iter.id
                          for a in ast.walk(function) if isinstance(a, ast.Assert) and id(a) not in inside
                          for n in ast.walk(a))
            if not checked:
                hits.append(f"{where}:{loop.lineno}: a loop over {loop.iter.id}, saved from a regex's matches, with "
                            "no assert that it found any (use tests.prose.claims)")
    return hits


def test_no_test_checks_a_claim_only_when_its_regex_happens_to_match():
    hits = [hit for path in sorted(TESTS.rglob("*.py")) if path.name != Path(__file__).name
            for hit in vacuous(path.read_text(encoding="utf-8"), path.relative_to(TESTS.parent).as_posix())]
    assert not hits, "\n".join(hits)


def test_the_walk_finds_each_kind_of_vacuous_check():
    source = '''
import re
for m in re.finditer(r"(\\d+) keys", text):
    assert int(m[1]) == n
if m := re.search(r"top (\\w+)", text):
    assert m[1] == "cat"
assert all(float(x) < 1 for x in re.findall(r"0\\.\\d+", text))
if re.search("wins", text):
    assert winner
def check(text):
    numbers = re.findall(r"\\d+", text)
    for x in numbers:
        assert int(x) > 0
'''
    lines = sorted(int(hit.split(":")[1]) for hit in vacuous(source, "probe.py"))
    assert lines == [3, 5, 7, 8, 12], lines
    gathered = ("import re\nwords = [w for w in re.findall('[a-z]+', t) if w != 'x']\n"
                "for w in re.findall('x', t):\n    n += 1\n")
    assert vacuous(gathered, "ok.py") == []  # gathering is not checking
    saved = "import re\ndef f(t):\n    xs = re.findall('x', t)\n    assert xs\n    for x in xs:\n        assert x\n"
    assert vacuous(saved, "ok.py") == []
    assert vacuous("import re\nm = re.search('x', t)\nassert m and m[0] == 'x'\n", "ok.py") == []
