"""The notebook templates in notebooks/ as code: each parses with jupytext into a notebook with exactly one
parameters cell (small defaults, no page numbers) and the `defaults` cell after it, passes ruff, imports only
numpy, runs top to bottom on its own to "no page numbers to check against", holds few lines of literal numbers,
and its functions compute what attn_core computes, on random inputs, in milliseconds. (The kernel runs in
tests/notebooks/ stay the end-to-end check, in every state the tests there build, each against its page.)"""

from __future__ import annotations

import ast
import contextlib
import io
import re
import subprocess
import sys
from types import SimpleNamespace

import jupytext
import numpy as np
import pytest

import attn_core
from attn_lessons.i18n import tr_in
from attn_ui import notebooks as nbk
from attn_ui.notebook_build import MESSAGE

TEMPLATES = sorted(p.stem for p in nbk.TEMPLATES.glob("*.py"))
SEEDS = range(8)  # random inputs per comparison
ALONE = "No page numbers to check against: download this notebook from its page to compare."


def read(name: str):
    """notebooks/<name>.py as jupytext reads it: the notebook a learner gets, before a page fills it."""
    return jupytext.reads((nbk.TEMPLATES / f"{name}.py").read_text(encoding="utf-8"), fmt="py:percent")


def tagged(nb, tag: str) -> list[int]:
    """The indices of the notebook's cells tagged `tag`."""
    return [k for k, cell in enumerate(nb.cells) if tag in cell.metadata.get("tags", [])]


def load(name: str) -> tuple[SimpleNamespace, str]:
    """notebooks/<name>.py run on its own as a learner runs it: every code cell in order in one namespace, but the
    cell that imports plotly (it only draws); the names it left, and what it printed. The print options it sets
    stay inside."""
    namespace: dict = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out), np.printoptions():
        for cell in read(name).cells:
            if cell.cell_type == "code" and "import plotly" not in cell.source:
                exec(compile(cell.source, f"notebooks/{name}.py", "exec"), namespace)  # the template's own code
    return SimpleNamespace(**namespace), out.getvalue()


@pytest.fixture(scope="module")
def templates() -> dict[str, tuple[SimpleNamespace, str]]:
    return {name: load(name) for name in TEMPLATES}


def random_scores(rng, shape=None) -> np.ndarray:
    """Scores of a random shape (up to 3 axes of up to 7) and size, some of them large."""
    shape = shape or tuple(rng.integers(1, 8, size=rng.integers(1, 4)))
    return rng.standard_normal(shape) * 10.0 ** rng.uniform(-2, 2.5)


# ------------------------------------------------------------------------------------------ every template


def test_every_template_is_a_page_on_the_route():
    from attn_ui.pages import route

    assert TEMPLATES == sorted(page.name for page in route())


@pytest.mark.parametrize("name", TEMPLATES)
def test_the_template_is_a_notebook_with_one_parameters_cell_and_a_self_check_last(name):
    text = (nbk.TEMPLATES / f"{name}.py").read_text(encoding="utf-8")
    nb = jupytext.reads(text, fmt="py:percent")
    tags = [c.metadata.get("tags", []) for c in nb.cells]
    assert sum(nbk.PARAMETERS in t for t in tags) == 1
    # a {{t:message-id}}, read in English, with a stand-in for each prose field its page fills
    stand_ins = {field: f"({field})" for field in PROSE_FIELDS.get(name, ())}
    first = MESSAGE.sub(lambda m: tr_in("en", m[1], **stand_ins), nb.cells[0].source)
    assert nb.cells[0].cell_type == "markdown" and first.startswith("## ")
    assert [k for k, t in enumerate(tags) if "self-check" in t] == [len(nb.cells) - 1]
    assert nb.cells[-1].source.endswith(f'print("{nbk.MATCH}")')
    assert sum("plot" in t for t in tags) <= 1
    assert all(c.cell_type == "code" for c, t in zip(nb.cells, tags, strict=True) if t)


@pytest.mark.parametrize("name", TEMPLATES)
def test_the_template_runs_on_its_own_with_no_page_to_check_against(name, templates):
    """From its small defaults, top to bottom, to the self-check's line for a notebook no page filled."""
    _, printed = templates[name]
    assert printed.rstrip().endswith(ALONE), printed[-500:]
    assert nbk.MATCH not in printed


@pytest.mark.parametrize("name", TEMPLATES)
def test_the_defaults_cell_comes_right_after_the_parameters_cell(name):
    """One `defaults` cell, the code cell right after the parameters cell (a page's notebook leaves it out), and
    numpy imported before both."""
    nb = read(name)
    (k,) = tagged(nb, nbk.PARAMETERS)
    assert tagged(nb, nbk.DEFAULTS) == [k + 1], f"notebooks/{name}.py: one defaults cell, right after parameters"
    assert nb.cells[k + 1].cell_type == "code"
    assert any("import numpy as np" in c.source for c in nb.cells[:k] if c.cell_type == "code")


@pytest.mark.parametrize("name", TEMPLATES)
def test_the_parameters_cell_holds_no_page_numbers_and_the_self_check_skips_them(name):
    """Under SHOWN, every shown_* name the self-check reads is None (and no other name is set there); the
    self-check's first statement asks whether the first of them is None, prints ALONE then, and checks else."""
    nb = read(name)
    (k,) = tagged(nb, nbk.PARAMETERS)
    inputs, mark, shown = nb.cells[k].source.partition(nbk.SHOWN)
    assert mark and "shown_" not in inputs
    body = ast.parse(shown).body
    assert all(isinstance(node, ast.Assign) and ast.unparse(node.value) == "None" for node in body), shown
    set_to_none = {target.id for node in body for target in node.targets}
    check = nb.cells[-1].source
    read_there = set(re.findall(r"\bshown_\w+", check))
    assert set_to_none == read_there, f"notebooks/{name}.py: set {sorted(set_to_none)}, read {sorted(read_there)}"
    (guard,) = ast.parse(check).body
    assert isinstance(guard, ast.If) and re.fullmatch(r"shown_\w+ is None", ast.unparse(guard.test))
    assert ast.unparse(guard.body) == f"print({ALONE!r})"
    assert ast.unparse(guard.orelse[-1]) == f"print({nbk.MATCH!r})"


@pytest.mark.parametrize("name", TEMPLATES)
def test_the_template_imports_only_numpy_and_plotly_in_its_plot_cell(name):
    tree = ast.parse((nbk.TEMPLATES / f"{name}.py").read_text(encoding="utf-8"))
    top = {alias.name for node in tree.body if isinstance(node, ast.Import) for alias in node.names}
    top |= {node.module for node in tree.body if isinstance(node, ast.ImportFrom)}
    assert top == {"numpy"}
    anywhere = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    anywhere |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert anywhere <= {"numpy", "plotly.graph_objects"}


def test_ruff_finds_nothing_in_the_templates():
    ruff = [sys.executable, "-m", "ruff"]  # this interpreter's ruff: found with or without an activated venv
    if subprocess.run([*ruff, "--version"], capture_output=True).returncode != 0:
        pytest.skip("ruff is not installed (pip install -r requirements-dev.txt)")
    done = subprocess.run([*ruff, "check", "--no-cache", str(nbk.TEMPLATES)], capture_output=True, text=True,
                          cwd=nbk.TEMPLATES.parent)
    assert done.returncode == 0, done.stdout + done.stderr


# A line of literal numbers: once a trailing comment is gone, only numbers, brackets, commas, np.array(, np.inf,
# np.nan, dtype=…, signs and spaces, after an optional leading `name =` (or `a, b =`).
LEADING_NAME = re.compile(r"[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*\s*=(?!=)")
LITERAL = re.compile(r"np\.array\(|np\.inf\b|np\.nan\b|dtype\s*=\s*[\w.]+"
                     r"|(?<![\w.])[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?(?![\w.])", re.IGNORECASE)
PUNCTUATION = re.compile(r"[\s\[\](),+-]*")


def literal_number_line(line: str) -> bool:
    code = line.split("#", 1)[0].strip()
    if not code:
        return False
    code = LEADING_NAME.sub("", code, count=1) if LEADING_NAME.match(code) else code
    return PUNCTUATION.fullmatch(LITERAL.sub(" ", code)) is not None


def test_the_literal_number_counter_counts_a_literal_block_and_no_code():
    rng = np.random.default_rng(0)
    block = "\n".join([nbk.literal("X", rng.standard_normal((5, 9)) * 10.0 ** rng.integers(-300, 300, (5, 9))),
                       nbk.literal("z", np.array([1.5, -np.inf, np.nan, 2e-300])),
                       nbk.mask_literal("mask", np.tril(np.ones((4, 4), dtype=bool))),
                       "i, j = 1, 2  # query, key", "d_k = 64", "z = np.array([8.0, 0.0])"]).splitlines()
    assert len(block) > 10 and [line for line in block if not literal_number_line(line)] == []
    code = ["Q = X @ W_Q  # 1, 2", "labels = ['the', 'cat']", "shown_Q = None", "print(1.0, 2)", "# 1, 2, 3", "",
            "if n > 1:", "n = len(labels)", 'fill = "-1e9"', "scaled = scores / np.sqrt(64)", "x1 = y2", "a == 1"]
    assert [line for line in code if literal_number_line(line)] == []


def test_at_most_a_quarter_of_the_templates_lines_are_literal_numbers():
    """The templates hold small defaults; a page writes its own numbers into its notebook."""
    counts = {path.name: [literal_number_line(line) for line in path.read_text(encoding="utf-8").splitlines()]
              for path in sorted(nbk.TEMPLATES.glob("*.py"))}
    numbers, lines = sum(sum(c) for c in counts.values()), sum(len(c) for c in counts.values())
    each = ", ".join(f"{name} {sum(c)}/{len(c)}" for name, c in counts.items())
    assert numbers <= lines / 4, (f"{numbers} of the {lines} lines under notebooks/ ({numbers / lines:.0%}) are "
                                  f"literal numbers, more than a quarter: {each}")


@pytest.mark.parametrize("name", TEMPLATES)
def test_every_prose_field_is_filled_by_the_page(name):
    """A {{field}} in a template's prose is one its page fills (nbk.cells' prose): none left in the notebook."""
    fields = {m[1] for c in nbk.template(name) if c.kind == "markdown" for m in nbk.FIELD.finditer(c.text)}
    assert fields <= PROSE_FIELDS.get(name, set())


# the {{fields}} each page fills; the other templates have none
PROSE_FIELDS = {"home": {"rows_of_X", "query"}, "builder": {"query", "key"}, "questions": {"shape_sentence"},
                "mask_mistakes": {"leak_sentence"}}


# ------------------------------------------------------------------------------------------ softmax, plain


@pytest.mark.parametrize("name", ["home", "builder", "scaling", "training", "mistakes", "questions"])
def test_softmax_is_attn_cores(name, templates):
    softmax = templates[name][0].softmax
    for seed in SEEDS:
        rng = np.random.default_rng(seed)
        z = random_scores(rng)
        axis = int(rng.integers(-z.ndim, z.ndim))
        assert np.allclose(softmax(z, axis=axis), attn_core.softmax(z, axis=axis), rtol=1e-12, atol=1e-15)


# ------------------------------------------------------------------------------------------ Q/K/V builder


def test_builder_trace_is_attn_cores_trace_cell(templates):
    from attn_core.builder import trace_cell

    trace = templates["builder"][0].trace
    for seed in SEEDS:
        rng = np.random.default_rng(seed)
        n, d_k, d_v = rng.integers(1, 8, size=3)
        Q, K = (rng.standard_normal((n, d_k)) * 10.0 ** rng.uniform(-1, 2) for _ in range(2))  # past ±50 too
        V = rng.standard_normal((n, d_v))
        i, j = rng.integers(n, size=2)
        with contextlib.redirect_stdout(io.StringIO()):
            weight, output = trace(Q, K, V, i, j)
        want = trace_cell(Q, K, V, int(i), int(j))
        assert np.isclose(weight, want.weight, rtol=1e-12, atol=1e-300) and np.allclose(output, want.output)


# ------------------------------------------------------------------------------------------ Scaling explorer


def test_scaling_jacobian_and_entropy_are_attn_cores(templates):
    nb = templates["scaling"][0]
    for seed in SEEDS:
        rng = np.random.default_rng(seed)
        p = attn_core.softmax(random_scores(rng, (int(rng.integers(1, 9)),)))
        assert np.allclose(nb.jacobian(p), attn_core.softmax_jacobian(p), rtol=1e-12, atol=0)
        P = attn_core.softmax(random_scores(rng, (3, 5)))
        assert np.allclose(nb.entropy(P), attn_core.row_entropy(P), rtol=1e-12, atol=1e-15)


def test_scaling_samples_and_curves_are_attn_cores(templates):
    from attn_core.attention import sample_qk_dots
    from attn_core.scaling import peakedness_curves

    nb = templates["scaling"][0]
    for seed in SEEDS:
        rng = np.random.default_rng(seed)
        d_k, n_samples = int(rng.integers(1, 100)), int(rng.integers(1, 50))
        assert np.array_equal(nb.sample_dots(d_k, n_samples, seed), sample_qk_dots(d_k, n_samples, seed))
    d_ks = [3, 1, 70, 2, 70]  # unsorted, repeated, and past one block of 64 coordinates
    for seed in SEEDS:
        max_weight, entropy = nb.peakedness(4, d_ks, 6, seed)
        want = peakedness_curves(4, d_ks, 6, seed)
        for name in nb.divisors:
            assert np.allclose(max_weight[name], want.max_weight[name], rtol=1e-12, atol=0)
            assert np.allclose(entropy[name], want.entropy[name], rtol=1e-12, atol=1e-15)


# ------------------------------------------------------------------------------------------ Training lab


@pytest.mark.parametrize("loss", ["mse", "ce"])
def test_the_labs_data_forward_and_backward_are_attn_cores(loss, templates):
    from attn_core import training as tl

    nb = templates["training"][0]
    assert (nb.N_KEYS, nb.D_MODEL, nb.D_V, nb.BATCH, nb.NOISE, nb.BLOW_UP) == (
        tl.N_KEYS, tl.D_MODEL, tl.D_V, tl.BATCH, tl.NOISE, tl.BLOW_UP)
    for seed in SEEDS:
        rng = np.random.default_rng(seed)
        d_k, scale = int(rng.integers(1, 9)), float(rng.choice([1.0, 0.5, 0.1]))
        batch = nb.make_batch(np.random.default_rng([seed, 0]))
        want_batch = tl.make_batch(np.random.default_rng([seed, 0]))
        assert all(np.array_equal(a, b) for a, b in zip(batch, (want_batch.X_q, want_batch.X_k, want_batch.V),
                                                          strict=True))
        W_Q, W_K = nb.init_weights(seed, d_k)
        want_W = tl.init_weights(seed, d_k)
        assert np.array_equal(W_Q, want_W[0]) and np.array_equal(W_K, want_W[1])
        Q, K, scores, weights, output, value = nb.forward(batch, W_Q, W_K, scale, loss)
        fwd = tl.forward(want_batch, W_Q, W_K, scale, loss)
        for mine, want in ((Q, fwd.Q), (K, fwd.K), (scores, fwd.scores), (weights, fwd.weights),
                           (output, fwd.output), (value, fwd.loss)):
            assert np.allclose(mine, want, rtol=1e-12, atol=1e-15)
        grads = nb.backward(batch, Q, K, weights, output, scale, loss)
        for mine, want in zip(grads, tl.backward(want_batch, fwd, scale, loss), strict=True):
            assert np.allclose(mine, want, rtol=1e-10, atol=1e-15)


@pytest.mark.parametrize(("loss", "lr"), [("mse", 3.0), ("ce", 1.0), ("mse", 1000.0)])
def test_the_labs_training_steps_are_attn_cores(loss, lr, templates):
    """One step and a few, and a learning rate at which runs diverge: the same curves and weights as attn_core."""
    from attn_core import training as tl

    nb = templates["training"][0]
    for seed, d_k, steps in ((0, 4, 1), (3, 8, 4), (11, 16, 3)):
        for scale in (1 / np.sqrt(d_k), 1.0):
            with contextlib.redirect_stdout(io.StringIO()):
                initial, losses, final = nb.train(scale, d_k, steps, lr, seed, loss)
            want = tl.train(d_k, steps, [lr], [scale], [seed], loss)
            assert np.allclose(initial, want.initial_weights[0, 0], rtol=1e-9, atol=1e-12)
            assert np.allclose(losses, want.loss[0, 0], rtol=1e-9, atol=1e-12, equal_nan=True)
            assert np.allclose(final, want.final_weights[0, 0], rtol=1e-9, atol=1e-12, equal_nan=True)


# ------------------------------------------------------------------------------------------ Common mistakes


def test_the_mistakes_heads_are_attn_cores(templates):
    nb = templates["mistakes"][0]
    for seed in SEEDS:
        rng = np.random.default_rng(seed)
        heads, d_k, n = (int(v) for v in rng.integers(1, 5, size=3))
        Q, K, V = (rng.standard_normal((n, heads * d_k)) * 3 for _ in range(3))
        for divide_by in (np.sqrt(d_k), np.sqrt(heads * d_k), 1.0):
            weights, output = nb.attention_heads(Q, K, V, heads, divide_by)
            want = attn_core.scaled_dot_product_attention(*(attn_core.split_heads(M, heads) for M in (Q, K, V)),
                                                          scale=1 / divide_by)
            assert np.allclose(weights, want.weights, rtol=1e-12, atol=1e-15)
            assert np.allclose(output, attn_core.merge_heads(want.output), rtol=1e-12, atol=1e-15)
            assert np.isclose(nb.mean_row_entropy(weights), attn_core.row_entropy(want.weights).mean(), rtol=1e-12)


# ------------------------------------------------------------------------------------------ Check yourself


def test_the_step_counts_are_attn_cores(templates):
    from attn_core.questions import attention_reads, recurrent_reads, steps_matrix

    nb = templates["questions"][0]
    for seed in SEEDS:
        rng = np.random.default_rng(seed)
        n = int(rng.integers(1, 9))
        for reads in (rng.random((n, n)) < rng.random(), recurrent_reads(n), attention_reads(n)):
            assert np.array_equal(nb.steps_matrix(reads), steps_matrix(reads))


# ------------------------------------------------------------------------------------------ Masks and heads


def random_mask(rng, n: int) -> np.ndarray:
    """(n, n) with some pairs blocked, and now and then a row with every key blocked."""
    mask = rng.random((n, n)) < rng.uniform(0.3, 1)
    mask[rng.integers(n)] &= rng.random() < 0.5
    return mask


@pytest.mark.parametrize("name", ["masks", "mask_mistakes"])
def test_the_masked_softmax_is_attn_cores(name, templates):
    softmax = templates[name][0].softmax
    for seed in SEEDS:
        rng = np.random.default_rng(seed)
        z = random_scores(rng, (int(rng.integers(1, 7)),) * 2)
        z = np.where(random_mask(rng, len(z)), z, -np.inf)  # blocked scores, maybe a whole row of them
        assert np.allclose(softmax(z), attn_core.softmax(z), rtol=1e-12, atol=1e-15)
        assert not np.isnan(softmax(z)).any()


def test_masked_multi_head_attention_is_attn_cores(templates):
    nb = templates["masks"][0]
    for seed in SEEDS:
        rng = np.random.default_rng(seed)
        heads, d_k, n = (int(v) for v in rng.integers(1, 5, size=3))
        X = rng.standard_normal((n, heads * d_k))
        W_Q, W_K, W_V, W_O = (rng.standard_normal((heads * d_k,) * 2) for _ in range(4))
        mask = random_mask(rng, n)
        scaled, weights, head_outputs, output = nb.multi_head(X, W_Q, W_K, W_V, W_O, heads, mask)
        want = attn_core.multi_head_attention(X, W_Q, W_K, W_V, heads, W_O, mask)
        assert np.allclose(scaled, want.scaled, rtol=1e-12, atol=1e-15)  # −∞ where blocked, in both
        for mine, theirs in ((weights, want.weights), (head_outputs, want.head_outputs), (output, want.output)):
            assert np.allclose(mine, theirs, rtol=1e-12, atol=1e-14)


# ------------------------------------------------------------------------------------------ Mask mistakes


@pytest.mark.parametrize("dtype", ["float64", "float32", "float16"])
def test_the_mask_mistakes_softmaxes_are_attn_cores_in_every_dtype(dtype, templates):
    """The plain softmax (NaN on a row of only −∞) and the safe one (0s there), in the page's dtypes."""
    from attn_core import mask_mistakes as mm

    nb = templates["mask_mistakes"][0]
    tolerance = mm.dtype_tolerance(dtype)
    for seed in SEEDS:
        rng = np.random.default_rng(seed)
        n = int(rng.integers(1, 7))
        x = np.where(random_mask(rng, n), random_scores(rng, (n, n)), -np.inf).astype(dtype)
        with np.errstate(invalid="ignore", over="ignore"):
            plain, safe = nb.plain_softmax(x), nb.softmax(x)
        assert plain.dtype == safe.dtype == np.dtype(dtype)
        assert np.allclose(plain, mm.plain_softmax(x, dtype), rtol=tolerance, atol=tolerance, equal_nan=True)
        assert np.allclose(safe, mm.safe_softmax(x, dtype), rtol=tolerance, atol=tolerance)


def test_the_leak_tests_attention_is_attn_cores(templates):
    from attn_core import mask_mistakes as mm

    nb = templates["mask_mistakes"][0]
    for seed in SEEDS:
        rng = np.random.default_rng(seed)
        n, d = (int(v) for v in rng.integers(1, 7, size=2))
        Q, K, V = (rng.standard_normal((n, d)) * 2 for _ in range(3))
        mask = random_mask(rng, n)
        assert np.allclose(nb.attend(Q, K, V, mask), mm.masked_attention(Q, K, V, mask).output, atol=1e-14)
        assert np.allclose(nb.attend(Q, K, V), mm.no_mask(Q, K, V, mask).output, atol=1e-14)
