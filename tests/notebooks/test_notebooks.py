"""Every page's notebook, at its defaults and in two other states: it is a valid notebook, it runs in a fresh
kernel without error, and its last cell finds the numbers the page showed.

The "shown" numbers are computed here with the app's own attn_core functions, as each page computes them, so
that each notebook is checked against the app and not against itself."""

from __future__ import annotations

import asyncio
import functools
import math
from collections.abc import Callable
from dataclasses import replace

import nbformat
import numpy as np
import pytest

import attn_core
from attn_core import mask_mistakes as mm
from attn_core import masks
from attn_core import mistakes as mk
from attn_core import questions as qs
from attn_core import training as tl
from attn_core.builder import action_animal_pair, build, default_pair, interpretable_start, random_start, trace_cell
from attn_core.scaling import compare_two_keys, peakedness_curves, qk_sample, temperature_attention
from attn_lessons import questions as lq
from attn_ui import notebooks as nbk
from attn_ui.cells import apply_edits
from attn_ui.pages import ROUTE, page_of

N_SAMPLES, N_SEEDS = 4000, 500  # the Scaling explorer's sample size and draws per point
CURVE_D_KS = tuple(2**i for i in range(10))


# ------------------------------------------------------------------------------------------ the states
# Each returns (page file, the page's cells, settings): the state a page would be showing.


def home(text="the cat sat on the mat", seed=0, d_model=8, named=True, i=None):
    inputs = attn_core.build_inputs(text, seed, d_model)
    w = inputs.weights
    start = interpretable_start(inputs.tokens) if named else random_start(inputs.X, w.W_Q, w.W_K, w.W_V)
    pair = action_animal_pair(inputs.tokens) if named else None
    i = i if i is not None else (pair[0] if pair else 0)
    res = build(start.X, start.W_Q, start.W_K, start.W_V)
    cells = nbk.home_cells(start.X, start.W_Q, start.W_K, start.W_V, inputs.labels, i, named=named,
                           shown_scores=res.scores, shown_weights=res.weights, shown_output=res.output)
    return "streamlit_app.py", cells, {"sentence": text, "seed": seed, "d_model": d_model, "named": named}


def builder(text="the cat sat on the mat", seed=0, d_model=8, start="random", pe=True, edits=None):
    """edits: {matrix name: {row: {column label: typed text}}}, applied as the page applies them."""
    inputs = attn_core.build_inputs(text, seed, d_model, positional=pe)
    w = inputs.weights
    base = (interpretable_start(inputs.tokens, positional=pe) if start == "interpretable" else
            random_start(inputs.X, w.W_Q, w.W_K, w.W_V))
    axes = {"X": (inputs.labels, base.dims), "W_Q": (base.dims, base.q_dims), "W_K": (base.dims, base.k_dims),
            "W_V": (base.dims, base.v_dims)}
    mats, refused = {}, []
    for name in ("X", "W_Q", "W_K", "W_V"):
        rows, cols = axes[name]
        mats[name], errors = apply_edits(name, getattr(base, name), getattr(base, name), (edits or {}).get(name, {}),
                                         rows, cols)
        refused += errors
    res = build(mats["X"], mats["W_Q"], mats["W_K"], mats["W_V"])
    i, j = default_pair(inputs.tokens, res.Q, res.K, res.weights, start == "interpretable")
    t = trace_cell(res.Q, res.K, res.V, i, j)
    cells = nbk.builder_cells(mats["X"], mats["W_Q"], mats["W_K"], mats["W_V"], inputs.labels, i, j,
                              dims=base.dims, q_dims=base.q_dims, k_dims=base.k_dims, v_dims=base.v_dims,
                              shown_Q=res.Q, shown_K=res.K, shown_V=res.V, shown_scores=res.scores,
                              shown_scaled=res.scaled, shown_weights=res.weights, shown_output=res.output,
                              shown_trace_weight=t.weight, shown_trace_output=t.output)
    return "pages/1_QKV_builder.py", cells, {"sentence": text, "start": start, "refused cells": len(refused)}


def scaling(z=(8.0, 0.0), dk1=64, dk2=64, n_keys=8, text="the cat sat on the mat", seed=0, d_model=8, heads=2,
            divisor="sqrt_dk", tau=1.0):
    from attn_core.scaling import divisor_value

    two = compare_two_keys(list(z), dk1)
    sample = qk_sample(dk2, N_SAMPLES, seed)
    peak = peakedness_curves(n_keys, list(CURVE_D_KS), N_SEEDS, seed)
    inputs = attn_core.build_inputs(text, seed, d_model)
    w = inputs.weights
    mh = attn_core.multi_head_attention(inputs.X, w.W_Q, w.W_K, w.W_V, heads)
    Q, K = mh.Q_heads[0], mh.K_heads[0]
    tau = divisor_value(divisor, Q.shape[1], tau)
    temp = temperature_attention(Q, K, tau)
    cells = nbk.scaling_cells(z, dk1, sample_d_k=dk2, seed=seed, n_samples=N_SAMPLES, n_keys=n_keys,
                              n_seeds=N_SEEDS, curve_d_ks=CURVE_D_KS, Q=Q, K=K, labels=inputs.labels, tau=tau,
                              shown_p_unscaled=two.p_unscaled, shown_p_scaled=two.p_scaled,
                              shown_J_unscaled=two.J_unscaled, shown_J_scaled=two.J_scaled, shown_std=sample.std,
                              shown_std_scaled=sample.std_scaled, shown_max_weight=peak.max_weight,
                              shown_entropy=peak.entropy, shown_temp_weights=temp.weights,
                              shown_row_entropy=temp.entropy)
    return "pages/2_Scaling_explorer.py", cells, {"z": list(z), "d_k": dk1, "τ": tau}


def training(d_k=tl.DEFAULT_D_K, steps=tl.DEFAULT_STEPS, lr=tl.DEFAULT_LR, seed=0, loss=tl.DEFAULT_LOSS,
             several=False):
    seeds = tl.lab_seeds(seed, several)
    sweep = tl.train_sweep(d_k, steps, seed, loss)
    extra = tl.train_seeds(d_k, steps, lr, seeds, loss) if several else None
    lab = tl.make_lab(d_k, steps, lr, loss, seeds, sweep, extra)
    cells = nbk.training_cells(d_k, steps, lr, seed, loss, shown_initial_scaled=lab.scaled.initial_weights,
                               shown_initial_unscaled=lab.unscaled.initial_weights,
                               shown_loss_scaled=lab.scaled.loss[0], shown_loss_unscaled=lab.unscaled.loss[0],
                               shown_final_scaled=lab.scaled.final_weights,
                               shown_final_unscaled=lab.unscaled.final_weights)
    return "pages/3_Training_lab.py", cells, {"d_k": d_k, "steps": steps, "lr": lr, "loss": loss}


def mistakes(text="the cat sat on the mat", seed=0, d_model=8, heads=2):
    inputs = attn_core.build_inputs(text, seed, d_model)
    w = inputs.weights
    Q, K, V = attn_core.project(inputs)
    QKV_h = tuple(attn_core.split_heads(M, heads) for M in (Q, K, V))
    right, axis0 = mk.correct_attention(Q, K, V), mk.softmax_over_queries(Q, K, V)
    runs = [(m.name, res) for m, res in mk.run_scale_mistakes(*QKV_h, d_model)] + [("right",
                                                                                   mk.correct_attention(*QKV_h))]
    shown_scale = {name: (res.weights, attn_core.merge_heads(res.output)) for name, res in runs}
    cells = nbk.mistakes_cells(inputs.X, w.W_Q, w.W_K, w.W_V, inputs.labels, heads,
                               shown_right_weights=right.weights, shown_right_output=right.output,
                               shown_axis0_weights=axis0.weights, shown_axis0_output=axis0.output,
                               shown_scale=shown_scale, shown_swap_weights=mk.swap_q_and_k(Q, K, V).weights,
                               shown_v_as_k_weights=mk.values_as_keys(Q, K, V).weights,
                               shown_k_as_v_output=mk.keys_as_values(Q, K, V).output)
    return "pages/5_Common_mistakes.py", cells, {"sentence": text, "heads": heads, "scale": sorted(shown_scale)}


def check_yourself(q=0, text="the cat sat on the mat", seed=0, d_model=8):
    question = lq.make_question("weights_shape", q)
    p = question.params
    words_q = qs.passage_words(p["n_q"], p["offset_q"])
    words_k = words_q if p["n_q"] == p["n_k"] else qs.passage_words(p["n_k"], p["offset_k"])
    a = attn_core.build_inputs(" ".join(words_q), seed, d_model)
    b = attn_core.build_inputs(" ".join(words_k), seed, d_model)
    w = a.weights
    res = attn_core.scaled_dot_product_attention(a.X @ w.W_Q, b.X @ w.W_K, b.X @ w.W_V)
    assert res.weights.shape == question.answer  # the notebook's shape is the question's answer
    mine = attn_core.build_inputs(text, seed, d_model)
    n = len(mine.tokens)
    steps = None if n < 2 else {
        "attention": qs.steps_matrix(qs.attention_reads(n)),
        "recurrent network": qs.steps_matrix(qs.recurrent_reads(n)),
        "causal mask": qs.steps_matrix(qs.attention_reads(n, attn_core.causal_mask(n)))}
    cells = nbk.check_cells(a.labels, b.labels, a.X, b.X, w.W_Q, w.W_K, w.W_V, mine.labels,
                            shown_weights=res.weights, shown_steps=steps)
    return "pages/7_Check_yourself.py", cells, {"q": q, "sentence": text}


def masks_and_heads(text="the cat sat on the mat", seed=0, d_model=8, heads=2, kind="causal", pad=0, custom=None,
                    head=0, query=None):
    inputs = attn_core.build_inputs(text, seed, d_model)
    if kind == "padding":
        inputs = masks.with_padding(inputs, pad)
    n = len(inputs.labels)
    mask = masks.build_mask(kind, n, n_padded=pad, custom=None if custom is None else masks.parse_mask(custom))
    w = inputs.weights
    res = attn_core.multi_head_attention(inputs.X, w.W_Q, w.W_K, w.W_V, heads, w.W_O, mask)
    query = masks.n_real(inputs.tokens) - 1 if query is None else query
    cells = nbk.masks_cells(inputs.X, w.W_Q, w.W_K, w.W_V, w.W_O, inputs.labels, mask, heads, head=head,
                            query=query, shown_scaled=res.scaled, shown_weights=res.weights,
                            shown_head_outputs=res.head_outputs, shown_output=res.output,
                            shown_average=masks.head_average(res.weights))
    return "pages/4_Masks_and_heads.py", cells, {"mask": kind, "heads": heads, "custom": custom or ""}


def mask_mistakes(text="the cat sat on the mat", seed=0, d_model=8, kind="causal", pad=0, custom=None, block=None,
                  dtype="float64", fill="-1e9", leak=True, leak_t=None, word=None, mask=None):
    """The Mask mistakes page's notebook for this state; `mask`, when given, replaces the one kind … block build."""
    inputs = attn_core.build_inputs(text, seed, d_model)
    n = len(inputs.labels)
    if mask is None:
        mask = mm.with_blocked_row(masks.build_mask(kind, n, n_padded=pad,
                                                    custom=None if custom is None else masks.parse_mask(custom)), block)
    case = mm.build_case(inputs, mask)
    Q, K, V = case.Q, case.K, case.V
    row, mask4, _ = mm.blocked_row_for_demo(case.mask, None)
    runs = [mm.naive_minus_inf(Q, K, V, mask4, dtype), mm.finite_fill(Q, K, V, mask4, fill, dtype),
            mm.safe_minus_inf(Q, K, V, mask4, dtype)]
    leak_args = {}
    if leak:
        t = n - 1 if leak_t is None else leak_t
        word = word or mm.replacement_word(case.tokens[t])
        Q2, K2, V2 = mm.swapped_qkv(case, t, word)
        X2 = mm.swapped_inputs(case.tokens, t, word, case.d_model, case.positional)
        leak_args = dict(leak_t=t, leak_x=X2[t], leak_word=word,
                         shown_change_free=mm.output_change(mm.no_mask, Q, K, V, Q2, K2, V2, case.mask),
                         shown_change_causal=mm.output_change(mm.masked_attention, Q, K, V, Q2, K2, V2,
                                                              masks.build_mask("causal", n)))
    cells = nbk.mask_mistakes_cells(
        inputs.X, inputs.weights.W_Q, inputs.weights.W_K, inputs.weights.W_V, inputs.labels, case.mask,
        fill_row=row, dtype=dtype, fill=fill, shown_right_weights=case.right.weights,
        shown_right_output=case.right.output, shown_after_weights=mm.mask_after_softmax(Q, K, V, mask).weights,
        shown_inverted_weights=mm.inverted_mask(Q, K, V, mask).weights,
        shown_axis_weights=mm.mask_wrong_axis(Q, K, V, mask).weights,
        shown_fill_rows=np.stack([r.weights[row] for r in runs], axis=1), **leak_args)
    return "pages/6_Mask_mistakes.py", cells, {"mask": kind, "dtype": dtype, "fill": fill}


# every page: its defaults, then two other states
STATES: dict[str, list[Callable]] = {
    "home": [home,
             lambda: home("The dog chased the cat, and the cat ran !", seed=3, d_model=16, named=False, i=4),
             lambda: home("a fox * jumps over <b>", named=True, i=0)],
    "builder": [builder,
                # the builder's edits: a typed number, the page's own minus sign, and a refused cell
                lambda: builder(start="interpretable", edits={
                    "X": {1: {"animal": "−2.5"}}, "W_Q": {0: {"wants place": "1.5", "wants unknown": "abc"}},
                    "W_V": {3: {"function": "0"}}}),
                # positions off, a repeated token, and a W_Q cell big enough for the trace's shift beyond ±50
                lambda: builder("the cat saw the cat", seed=7, d_model=4, pe=False, edits={
                    "W_Q": {0: {"d0": "1e3"}}, "W_K": {0: {"d0": "1e3"}}})],
    "scaling": [scaling,
                lambda: scaling(z=(40.0, 0.0), dk1=1, dk2=1, n_keys=1, d_model=4, heads=4, seed=5,
                                divisor="custom", tau=0.001),
                lambda: scaling(z=(-3.0, 2.5), dk1=512, dk2=512, n_keys=64, text="attention is all you need",
                                d_model=64, heads=1, divisor="dk")],
    "training": [training,
                 lambda: training(d_k=4, steps=25, lr=1000.0, seed=3, loss="ce"),
                 lambda: training(d_k=16, steps=50, lr=0.3, seed=11, several=True)],
    "mistakes": [mistakes,
                 lambda: mistakes("I saw a saw", d_model=4, heads=1),
                 lambda: mistakes("one two three four five", seed=42, d_model=16, heads=16)],
    "check": [check_yourself,
              lambda: check_yourself(q=_cross_seed(), text="hello"),
              lambda: check_yourself(q=7, text="a much longer sentence of eight tokens here", d_model=16)],
    "masks": [masks_and_heads,
              # a custom mask with a fully blocked row, and 4 heads
              lambda: masks_and_heads(heads=4, kind="custom", custom="100000-000000-111000-111100-101110-111111",
                                      head=2, query=1),
              lambda: masks_and_heads("the dog barked", d_model=4, heads=1, kind="padding", pad=3)],
    "mask_mistakes": [mask_mistakes,
                      lambda: mask_mistakes(kind="custom", custom="100000-110000-011000-111100-000000-111111",
                                            dtype="float16", leak_t=2, word="bird"),
                      lambda: mask_mistakes("a b c d", d_model=4, kind="padding", pad=2, block=1, dtype="float32",
                                            fill="min", leak=False)],
}
PAGES = {"home": "streamlit_app.py", "builder": "pages/1_QKV_builder.py", "scaling": "pages/2_Scaling_explorer.py",
         "training": "pages/3_Training_lab.py", "mistakes": "pages/5_Common_mistakes.py",
         "check": "pages/7_Check_yourself.py", "masks": "pages/4_Masks_and_heads.py",
         "mask_mistakes": "pages/6_Mask_mistakes.py"}
CASES = [(page, k) for page, states in STATES.items() for k in range(len(states))]


def _cross_seed() -> int:
    """The first question seed whose weight-shape question is cross-attention (n_q ≠ n_k)."""
    return next(s for s in range(1, 100) if (lambda p: p["n_q"] != p["n_k"])(
        lq.make_question("weights_shape", s).params))


@functools.cache
def state(page: str, k: int) -> tuple[str, list[nbk.Cell], dict]:
    """A state's cells, built once per test session (the training lab's trains for a second or two)."""
    return STATES[page][k]()


def make_notebook(page: str, k: int) -> tuple[nbformat.NotebookNode, list[nbk.Cell]]:
    """A fresh notebook for a state (fresh: executing a notebook writes its outputs into it)."""
    path, cells, settings = state(page, k)
    where = page_of(path)
    nb = nbk.notebook(where.label, settings, nbk.view_link(where.url_path, {"seed": 0}), cells)
    return nb, cells


def run_in_process(cells: list[nbk.Cell]) -> str:
    """Every code cell, in order, in one fresh namespace; what they printed. Fast: no kernel."""
    import contextlib
    import io

    out = io.StringIO()
    namespace: dict = {}
    with contextlib.redirect_stdout(out), np.printoptions():  # the cells set print options: keep them in here
        for cell in cells:
            if cell.kind == "code" and "plotly" not in cell.text:
                exec(compile(cell.text, "<cell>", "exec"), namespace)  # noqa: S102 - our own generated code
    return out.getvalue()


# ------------------------------------------------------------------------------------------ in a kernel


KERNEL_TEST = "test_notebook_runs_in_a_fresh_kernel_and_matches_the_page"
AT_ONCE = 3  # notebooks executing at the same time: a kernel spends much of its start-up waiting


async def _execute(nb: nbformat.NotebookNode, gate: asyncio.Semaphore):
    from nbclient import NotebookClient

    async with gate:
        try:
            await NotebookClient(nb, timeout=60, kernel_name="python3", allow_errors=False).async_execute()
        except Exception as err:  # noqa: BLE001 - reported by the test of this notebook
            return err
    return nb


@pytest.fixture(scope="module")
def executed(request) -> dict:
    """Every selected state's notebook, each executed in its own fresh kernel, a few at a time."""
    wanted = [tuple(item.callspec.params[p] for p in ("page", "k")) for item in request.session.items
              if getattr(item, "originalname", "") == KERNEL_TEST]

    async def run_all():
        gate = asyncio.Semaphore(AT_ONCE)
        notebooks = [make_notebook(page, k)[0] for page, k in wanted]
        for nb in notebooks:
            nbformat.validate(nb)
        return await asyncio.gather(*(_execute(nb, gate) for nb in notebooks))

    return dict(zip(wanted, asyncio.run(run_all()), strict=True))


@pytest.mark.parametrize(("page", "k"), CASES, ids=[f"{p}-{k}" for p, k in CASES])
def test_notebook_runs_in_a_fresh_kernel_and_matches_the_page(page, k, executed):
    nb = executed[(page, k)]
    if isinstance(nb, Exception):
        raise nb
    last = nb.cells[-1]
    printed = "".join(o.get("text", "") for o in last.outputs if o.get("output_type") == "stream")
    assert nbk.MATCH in printed, printed
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.get("output_type") == "error"]
    assert not errors
    nbformat.validate(nb)  # still valid with its outputs


# ------------------------------------------------------------------------------------------ without a kernel


def test_every_page_on_the_route_has_states_here():
    assert {p.path for p in ROUTE} == set(PAGES.values())
    for page, states in STATES.items():
        assert len(states) >= 3, page


@pytest.mark.parametrize("page", list(STATES))
def test_the_check_fails_when_a_shown_number_is_wrong(page):
    """The last cell can fail: nudge one shown number (in the parameters cell, under nbk.SHOWN) and its assert
    must fire."""
    _, cells = make_notebook(page, 0)
    check = cells[-1]
    assert check.kind == "code" and not check.screen
    (k,) = [k for k, c in enumerate(cells) if nbk.PARAMETERS in c.tags]
    text = cells[k].text
    inputs, marker, shown = text.partition(nbk.SHOWN)
    # the first shown literal's first number, changed by 0.5
    head, sep, rest = shown.partition("np.array([")
    digits = rest.lstrip("[ ")
    first = digits[:len(digits) - len(digits.lstrip("-0123456789.e+"))]
    assert first, shown[:200]
    bumped = inputs + marker + shown.replace(sep + rest[:len(rest) - len(digits)] + first,
                                             sep + rest[:len(rest) - len(digits)] + repr(float(first) + 0.5), 1)
    assert bumped != text
    with pytest.raises(AssertionError):
        run_in_process([*cells[:k], replace(cells[k], text=bumped), *cells[k + 1:]])


def test_on_screen_code_is_the_notebook_code_and_runs_alone():
    _, cells = make_notebook("builder", 1)
    text = nbk.page_code(cells)
    for cell in cells:
        if cell.kind == "code" and cell.screen:
            assert cell.screen_text in text  # all of it, but for the parameters cell's shown numbers
    assert "shown_" not in text and "plotly" not in text  # the self-check and the plot are the notebook's own
    namespace: dict = {}
    import contextlib
    import io

    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(text, "<page code>", "exec"), namespace)  # noqa: S102
    assert namespace["weights"].shape == (6, 6)
    assert text.startswith("# 1. Start from X and three weight matrices\nimport numpy as np")


@pytest.mark.parametrize("page", list(STATES))
def test_no_code_cell_imports_the_app(page):
    nb, _ = make_notebook(page, 0)
    code_text = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert "attn_core" not in code_text and "attn_ui" not in code_text
    imports = {line.split()[1] for line in code_text.splitlines() if line.startswith(("import ", "from "))}
    assert imports <= {"numpy"}, imports  # plotly only inside the optional plot cell, indented


def test_the_first_cell_names_the_page_the_settings_and_the_link():
    _, cells, _ = state("masks", 0)
    link = nbk.view_link("Masks_and_heads", {"text": "the cat (sat)", "mask": "causal"})
    nb = nbk.notebook("Masks and heads", {"sentence": "the *cat* <b>sat</b>", "heads": 2}, link, cells)
    first = nb.cells[0].source
    assert first.startswith("# Masks and heads\n")
    assert "- sentence: the \\*cat\\* \\<b\\>sat\\</b\\>" in first and "- heads: 2" in first
    assert f"[Open this view in the app]({link})" in first
    assert link == "https://YOUR-APP-ADDRESS/Masks_and_heads?text=the%20cat%20%28sat%29&mask=causal"
    assert "Replace `https://YOUR-APP-ADDRESS`" in first
    known = nbk.notebook("Masks and heads", {}, "http://localhost:8501/Masks_and_heads?mask=causal", cells)
    assert "Replace" not in known.cells[0].source


def test_the_same_state_gives_the_same_bytes():
    a, _ = make_notebook("home", 0)
    b, _ = make_notebook("home", 0)
    assert nbk.to_bytes(a) == nbk.to_bytes(b)
    back = nbformat.reads(nbk.to_bytes(a).decode("utf-8"), as_version=4)
    nbformat.validate(back)
    assert [c.cell_type for c in back.cells][:2] == ["markdown", "markdown"]


def test_literals_read_back_to_the_very_same_floats():
    rng = np.random.default_rng(0)
    M = rng.standard_normal((3, 4)) * np.array([1e-300, 1, 1e300, 1e-5])
    M[0, 0], M[1, 1], M[2, 2] = -np.inf, np.nan, np.inf
    namespace = {"np": np}
    exec(nbk.literal("M", M), namespace)  # noqa: S102
    assert np.array_equal(namespace["M"], M, equal_nan=True)
    exec(nbk.literal("mask", np.array([[True, False], [False, False]])), namespace)  # noqa: S102
    assert namespace["mask"].dtype == bool and namespace["mask"].tolist() == [[True, False], [False, False]]
    assert nbk.number(-math.inf) == "-np.inf" and float(nbk.number(0.1)) == 0.1


def test_home_link_has_no_page_path():
    assert nbk.view_link("", {}, base="http://localhost:8501/") == "http://localhost:8501/"


def test_the_download_button_and_the_link_in_a_page():
    from streamlit.testing.v1 import AppTest

    def page():
        import streamlit as st

        from attn_ui import notebooks as nbk

        st.query_params["mask"] = "causal"
        link = nbk.link_here("Masks_and_heads")
        st.markdown(link)
        cells = [nbk.code("import numpy as np\nx = np.ones(2)"), nbk.check_cell([("x", "shown_x", [1.0, 1.0])])]
        nbk.download_button(lambda: nbk.notebook("Masks and heads", {"mask": "causal"}, link, cells),
                            "masks_and_heads.ipynb", key="download_notebook")

    at = AppTest.from_function(page).run()
    assert not at.exception
    assert at.markdown[0].value == "https://YOUR-APP-ADDRESS/Masks_and_heads?mask=causal"
    assert len(at.get("download_button")) == 1


@pytest.mark.parametrize("page", sorted(p.stem for p in nbk.TEMPLATES.glob("*.py")))
def test_each_template_holds_its_pages_default_numbers(page):
    """notebooks/<page>.py runs on its own on real numbers: its parameters cell is the one its page writes in its
    default state, every digit (`python -m tests.notebooks.defaults` rewrites them)."""
    from tests.notebooks.defaults import default_parameters

    (cell,) = [c for c in nbk.template(page) if nbk.PARAMETERS in c.tags]
    assert cell.text == default_parameters(page)
