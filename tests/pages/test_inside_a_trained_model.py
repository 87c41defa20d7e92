"""Inside a trained model through AppTest: the question keeps its answer off the page, the tables are the shipped
model's weights, the outlines mark the heads with the top scores, the key terms add up and move as stated when
layer-1 heads are switched off, ablation's numbers, hostile sentences and links, and a walk over every query of the
second copy and every layer-2 head checking what the why-caption claims."""

from __future__ import annotations

from attn_ui.pages import named
import re
from urllib.parse import parse_qsl

import numpy as np
import pytest

from attn_core import induction as ind
from attn_core.tokens import tokenize
from attn_lessons import i18n
from attn_lessons import induction as say
from attn_lessons.format import md_text, num
from attn_lessons.misconceptions import misconception
from attn_ui.pages import route
from attn_ui.params import DEFAULT_TEXT
from tests.apptest_utils import all_text, assert_ran, figures, screen_text, sidebar_notes, tables, taken_home
from tests.html_tables import cell_value, values
from tests.prose import english_runs

PAGE = named("induction").path
LOOK = say.LOOK  # the predict-first checkpoint: its widgets are induction_look_value, _check, _skip
RANDOM = {"source": "random", "rseed": 4, "length": 20}
EXAMPLES = [dict(parse_qsl(link)) for page in route() if page.path == PAGE for link in page.examples]
TERMS = "Layer 2 · head"  # the key-terms table's caption starts so; every head table starts "layer …"


@pytest.fixture
def run(open_page):
    """run(**query_params): the page opened cold from a link, asserted free of exceptions; the prediction skipped
    (?reveal=1) unless the link says otherwise, so that every section is drawn."""
    return lambda **query_params: open_page(PAGE, **({"reveal": 1} | query_params))


@pytest.fixture
def sent(monkeypatch):
    """What the page hands to class mode (checkpoint.to_class) as (asked, state, value, right), recorded; the
    real call still runs (outside a class it sends nothing)."""
    from attn_ui import checkpoint

    got, real = [], checkpoint.to_class

    def to_class(asked, state, value, right, **kw):
        got.append((asked, dict(state), value, right))
        return real(asked, state, value, right, **kw)

    monkeypatch.setattr(checkpoint, "to_class", to_class)
    return got


# ------------------------------------------------------------------------------------------ the expected numbers


def words_of(params: dict) -> list[str]:
    """The words the page reads for a link (the sentence, or the random tokens), as the page builds them."""
    if params.get("source") == "random":
        return say.random_words(ind.random_ids(int(params.get("rseed", 0)), int(params.get("length", 8))))
    return list(tokenize(params.get("text", DEFAULT_TEXT)).tokens)[:ind.MAX_REPEAT]


def ids_of(params: dict) -> np.ndarray:
    if params.get("source") == "random":
        return ind.random_ids(int(params.get("rseed", 0)), int(params.get("length", 8)))
    return ind.word_ids(words_of(params))


def model_run(params: dict, **ablate) -> ind.Run:
    """The shipped model on the link's sequence, straight from attn_core (no cache of the page's)."""
    return ind.run(ind.shipped()[0], ids_of(params), **ablate)


def previous_scores(weights: np.ndarray) -> np.ndarray:
    """(layers, H): mean weight from i to i − 1, written out here rather than taken from attn_core."""
    T = weights.shape[-1]
    return np.mean([weights[..., i, i - 1] for i in range(1, T)], axis=0)


def stripe(tokens) -> list[tuple[int, int]]:
    """(query, key) of the induction stripe: from each token of the second copy that came before, the key just
    after its first occurrence; written out here."""
    tokens = list(np.asarray(tokens))
    L = (len(tokens) - 1) // 2
    return [(i, tokens.index(tokens[i]) + 1) for i in range(L + 1, len(tokens)) if tokens.index(tokens[i]) < i]


def induction_scores(weights: np.ndarray, tokens) -> np.ndarray:
    cells = stripe(tokens)
    return np.mean([weights[..., i, j] for i, j in cells], axis=0)


def tolerance(text: str) -> float:
    """Half a unit in the last printed decimal of a cell."""
    decimals = len(text.strip().split(".")[1]) if "." in text else 0
    return 0.5 * 10**-decimals + 1e-12


def assert_printed(t, expected: np.ndarray) -> None:
    """Every cell of table `t` is `expected` to the precision it is printed at."""
    got = values(t)
    assert got.shape == expected.shape, (t.caption, got.shape, expected.shape)
    for r, row in enumerate(t.body):
        for c, (text, _) in enumerate(row["cells"]):
            assert abs(got[r, c] - expected[r, c]) <= tolerance(text), (t.caption, row["label"], c, text,
                                                                           expected[r, c])


def head_tables(at) -> dict[tuple[int, int], object]:
    """The eight head tables by (layer, head), 1-based, read from their titles "layer L · head H: …"."""
    found = {}
    for t in tables(at):
        m = re.match(r"layer (\d) · head (\d): ", t.caption)
        if m:
            found[int(m[1]), int(m[2])] = t
    return found


def terms_table(at):
    found = [t for t in tables(at) if t.caption.startswith(TERMS)]
    assert len(found) == 1, [t.caption for t in tables(at)]
    return found[0]


def outlined(t) -> set[tuple[int, int]]:
    """(row, column) of every cell drawn with the outline class O."""
    return {(r, c) for r, row in enumerate(t.body) for c, (_, cls) in enumerate(row["cells"])
            if cls and "O" in cls.split()}


def texts(at) -> list[str]:
    return [str(e.value) for kind in ("markdown", "caption", "info", "warning", "error", "success")
            for e in at.get(kind)]


def captions(at) -> list[str]:
    return [c.value for c in at.caption]


def why_expected(params: dict, i: int, h: int, keys_off=()) -> say.Why:
    """Section 5's caption as the words build it from the key terms computed here (attn_core, no page cache), for the
    query, head and layer-1 heads switched off in the keys that the page shows."""
    base = model_run(params)
    now = model_run(params, keys_off=set(keys_off)) if keys_off else base
    kt = ind.key_terms(ind.shipped()[0], now, h, i)
    labels = ind.sequence_labels(words_of(params))
    return say.why_caption(labels, kt.terms, kt.total, i, say.target_key(base.tokens, i), sorted(keys_off),
                           base.previous, base.weights[0])


# ------------------------------------------------------------------------------------------ predict first


@pytest.mark.parametrize("params", [{}, RANDOM, *EXAMPLES], ids=["defaults", "random", "example-1", "example-2"])
def test_the_question_keeps_its_answer_off_the_page(run, params):
    """Cold (defaults, a random source and each route example), the question is open: no head's weights, no
    curve, no key terms, and no sentence names the key the head looks at."""
    at = run(reveal=0, **params)
    assert at.radio(key=f"{LOOK.key}_value").value is None
    assert not head_tables(at) and not [t for t in tables(at) if t.caption.startswith(TERMS)] and not figures(at)
    r = model_run(params)
    labels = ind.sequence_labels(words_of(params))
    query = say.ask_query(r.tokens)
    lk = say.look_at(r, query)
    text = all_text(at)
    assert say.predict_question(labels, query) in text
    for key in {*lk.top, say.target_key(r.tokens, query)}:  # the keys graded right, and the outlined stripe's
        assert labels[key] not in text and md_text(labels[key]) not in text, labels[key]
    assert say.fixed_text("heads-wait") in text
    assert not [s for s in at.selectbox if s.key in ("at", "ihead")] and not at.multiselect


def answer(at, label: str):
    at.radio(key=f"{LOOK.key}_value").set_value(label)
    at.button(key=f"{LOOK.key}_check").click().run()
    assert_ran(at)
    return at


@pytest.mark.parametrize("params", [{}, RANDOM], ids=["sentence", "random"])
def test_the_right_key_is_right_and_the_same_token_is_the_named_wrong_answer(run, sent, params):
    r = model_run(params)
    labels = ind.sequence_labels(words_of(params))
    query = say.ask_query(r.tokens)
    head = int(np.argmax(induction_scores(r.weights, r.tokens)[1]))
    (right,) = np.flatnonzero(np.round(r.weights[1, head, query, :query + 1], 3)
                              == np.round(r.weights[1, head, query, :query + 1], 3).max())
    same = say.first_occurrence(r.tokens, query)
    assert same != right
    at = answer(run(reveal=0, **params), labels[right])
    assert [s.value for s in at.success][0].startswith("**Right.**")
    assert head_tables(at) and terms_table(at)  # answered: the weights appear
    (asked, state, value, ok), = sent
    assert asked is LOOK and value == labels[right] and ok
    at = answer(run(reveal=0, **params), labels[same])
    verdict = [w.value for w in at.warning if w.value.startswith("**Not quite.**")]
    names = say.token_names(words_of(params), r.tokens)
    expected = say.look_verdict(labels, r.tokens, names, say.look_at(r, query), same)
    assert expected.facts["picked"][0] == same and verdict and expected.text in verdict[0], verdict
    (_, state, value, ok) = sent[-1]
    assert value == labels[same] and not ok
    assert misconception(LOOK.id, value, state) == "a query looks for a key of the same token, not the one after it"


def test_the_wrong_answer_is_named_when_one_word_falls_back_to_random_tokens(run, sent):
    """Class mode is told the sequence the learner saw (the random tokens), so it can name the wrong answer."""
    at = run(reveal=0, text="hello")
    params = {"source": "random", "rseed": 0, "length": 8}  # what the page shows instead
    r = model_run(params)
    labels = ind.sequence_labels(words_of(params))
    query = say.ask_query(r.tokens)
    assert at.radio(key=f"{LOOK.key}_value").options[-1] == labels[query]
    answer(at, labels[say.first_occurrence(r.tokens, query)])
    (_, state, value, ok) = sent[-1]
    assert not ok
    assert misconception(LOOK.id, value, state) == "a query looks for a key of the same token, not the one after it"


def test_a_token_that_is_markdown_is_escaped_once_in_the_question_and_its_answer(run):
    at = run(reveal=0, text="a b * c d")  # the query is "*·7"
    question = next(m.value for m in at.markdown if m.value.startswith("**Predict first.**"))
    assert "“\\*·7”" in question and "\\\\" not in question, question
    at = run(text="a b * c d")
    why_text = " ".join(i.value for i in at.info)
    assert "“\\*·7”" in why_text and "\\\\" not in why_text, why_text


# ------------------------------------------------------------------------------------------ every head's weights

SEQUENCES = [{}, RANDOM, {"text": "a b * c d"}, {"text": "🙂 🐱 sat 🙂 mat"}]
SEQUENCE_IDS = ["sentence", "random", "markdown", "emoji"]


@pytest.mark.parametrize("params", SEQUENCES, ids=SEQUENCE_IDS)
def test_the_tables_are_the_models_weights_and_the_outlines_mark_the_top_heads(run, params):
    at = run(**params)
    r = model_run(params)
    labels = ind.sequence_labels(words_of(params))
    grid = head_tables(at)
    assert sorted(grid) == [(lay, h) for lay in (1, 2) for h in (1, 2, 3, 4)]
    prev, indu = previous_scores(r.weights), induction_scores(r.weights, r.tokens)
    top_prev, top_ind = int(np.argmax(prev[0])) + 1, int(np.argmax(indu[1])) + 1
    T = len(labels)
    for (layer, head), t in grid.items():
        assert [row["label"] for row in t.body] == labels and [h for h, _ in t.heads][1:] == labels
        assert_printed(t, r.weights[layer - 1, head - 1])
        title = say.head_title(layer - 1, head - 1, prev[layer - 1, head - 1], indu[layer - 1, head - 1])
        assert title.facts["previous"] == pytest.approx(r.previous[layer - 1, head - 1])
        assert t.caption.startswith(title.text)
        want = ({(i, i - 1) for i in range(1, T)} if (layer, head) == (1, top_prev)
                else set(stripe(r.tokens)) if (layer, head) == (2, top_ind) else set())
        assert outlined(t) == want, (t.caption, sorted(outlined(t) ^ want))


def test_the_outlines_follow_the_top_heads_when_they_move(run):
    """Across sentences the top layer-2 head changes; the outline goes with it."""
    tops = set()
    for params in SEQUENCES:
        r = model_run(params)
        tops.add(int(np.argmax(induction_scores(r.weights, r.tokens)[1])))
    assert len(tops) > 1, "the sequences above do not move the top induction head: the outline test proves less"


# ------------------------------------------------------------------------------------------ why it looks there


@pytest.mark.parametrize("params", [{}, RANDOM], ids=["sentence", "random"])
def test_switching_off_layer_one_heads_in_the_keys_moves_the_numbers_as_stated(run, params):
    at = run(koff="3-4", **params)
    assert at.multiselect(key="koff_pick").value == [(1, 3), (1, 4)]
    w = ind.shipped()[0]
    base, now = model_run(params), model_run(params, keys_off={2, 3})
    labels = ind.sequence_labels(words_of(params))
    i, h = at.selectbox(key="at").value, at.selectbox(key="ihead").value - 1
    assert i == say.ask_query(base.tokens) and h == int(np.argmax(induction_scores(base.weights, base.tokens)[1]))
    t = terms_table(at)
    assert [h for h, _ in t.heads][1:] == say.term_columns(4) and [row["label"] for row in t.body] == labels[:i + 1]
    M = values(t)
    assert np.all(M[:, 4:6] == 0.0)  # L1 heads 3 and 4: nothing in the keys
    assert np.all(np.abs(M[:, :-1].sum(axis=1) - M[:, -1]) <= 0.005 * 7)  # seven rounded numbers
    kt = ind.key_terms(w, now, h, i)
    assert_printed(t, np.column_stack([kt.terms, kt.total]))
    np.testing.assert_allclose(kt.total, now.fwd.layers[1].scores[0, h, i, :i + 1], atol=1e-9)  # the head's scores
    target = say.target_key(base.tokens, i)
    before, after = base.weights[1, h, i, target], now.weights[1, h, i, target]
    ind_before, ind_after = induction_scores(base.weights, base.tokens)[1, h], \
        induction_scores(now.weights, now.tokens)[1, h]
    assert after < before and ind_after < ind_before
    said = " ".join(m.value for m in at.markdown)
    change = say.stripe_change(ind_before, ind_after, before, after, labels[target], [2, 3])
    assert change.text in said, said  # the page's sentence, from the numbers computed here
    shown = say.why_caption(labels, kt.terms, kt.total, i, target, [2, 3], base.previous, base.weights[0])
    assert shown.text in captions(at) and shown.facts["heads_off"] == (2, 3) and shown.facts["part"] not in (4, 5)
    assert [row["label"] for row in t.body if row["cls"] == "H"] == [labels[target]]


def test_picking_layer_one_heads_in_the_keys_writes_them_to_the_link(run):
    at = run()
    at.multiselect(key="koff_pick").set_value([(1, 3)]).run()
    assert_ran(at)
    assert at.query_params["koff"] == "3"
    assert np.all(values(terms_table(at))[:, 4] == 0.0) and np.any(values(terms_table(at))[:, 5] != 0.0)


WALKS = [{}, {"source": "random", "rseed": 4, "length": 8, "koff": "3-4"}]  # with keys off, some keys outscore


@pytest.mark.parametrize("params", WALKS, ids=["sentence", "random-keys-off"])
def test_the_why_caption_is_true_for_every_query_of_the_second_copy_and_every_layer_two_head(run, params):
    at = run(**params)
    base = model_run(params)
    labels = ind.sequence_labels(words_of(params))
    prev = previous_scores(base.weights)
    elsewhere = 0  # the steps where the caption names another key as the highest
    for i in ind.second_copy(len(labels)):
        at.selectbox(key="at").set_value(int(i)).run()
        assert_ran(at)
        for head in (1, 2, 3, 4):
            at.selectbox(key="ihead").set_value(head).run()
            assert_ran(at)
            where = f"query {labels[i]}, layer 2 · head {head}"
            assert terms_table(at).caption.startswith(f"Layer 2 · head {head}: q·kⱼ/√d_k from “{labels[i]}”"), where
            elsewhere += check_why(at, labels, base, int(i), prev, where, params)
    assert at.query_params["at"] == str(ind.second_copy(len(labels))[-1]) and at.query_params["ihead"] == "4"
    assert elsewhere or "koff" not in params, "with keys off, no caption named another key: that branch went untested"


def check_why(at, labels, base: ind.Run, i: int, prev, where: str, params: dict) -> bool:
    """The why-caption the page shows is the words' own from the key terms computed here, and its facts hold of the
    key-terms table the page prints; True when it names another key than the target as the highest."""
    off = sorted(int(h) - 1 for h in params.get("koff", "").split("-") if h)
    h = at.selectbox(key="ihead").value - 1
    w = why_expected(params, i, h, off)
    assert w.text in captions(at), (where, w.text)
    M = values(terms_table(at))
    total, target, f = M[:, -1], say.target_key(base.tokens, i), w.facts
    assert total[f["top"]] == total.max() and cell_value(num(f["score"], 2)) == total[target], where
    lead = M[target, :-1] - np.delete(M[:, :-1], target, axis=0).mean(axis=0)
    if f["part"] is None:  # no part sets it apart: none leads by ind.FLAT among the live parts that differ
        live = [c for c in range(M.shape[1] - 1) if c - 2 not in off and np.ptp(M[:, c]) > 0.01]
        assert all(lead[c] <= 0.02 for c in live), (where, lead)
        return f["top"] != target
    part = f["part"]
    assert part - 2 not in off and np.ptp(M[:, part]) > 0, where  # never a head switched off, nor a flat part
    assert lead[part] >= lead.max() - 0.02, (where, lead)  # what sets it apart most, to printed precision
    assert cell_value(num(f["lead"][0], 2)) == M[target, part], where
    if f["head"] is not None:  # the layer-1 head credited: where its own weights at the target go
        row = base.weights[0, f["head"], target, :target + 1]
        assert f["wrote"].wrote_previous == (row[target - 1] == row.max()), (where, row)
        assert (f["previous"] is not None) == (prev[0, f["head"]] >= say.GOAL), where
    return f["top"] != target


# ------------------------------------------------------------------------------------------ ablation


def test_switching_off_the_previous_token_heads_raises_the_repeated_half_loss(run):
    at = run(off="1.3-1.4")
    assert at.multiselect(key="off_pick").value == [(1, 3), (1, 4)]
    w = ind.shipped()[0]
    base, now = model_run({}), model_run({}, off={(0, 2), (0, 3)})
    assert now.loss > base.loss
    fresh, fresh_off = ind.repeated_loss(w), ind.repeated_loss(w, off={(0, 2), (0, 3)})
    assert fresh_off > fresh
    half = ind.repeated_half(len(base.tokens))
    right, right_off = int(ind.copied(base)[half].sum()), int(ind.copied(now)[half].sum())
    said = " ".join(m.value for m in at.markdown)
    ablation = say.ablation_text([(0, 2), (0, 3)], base.loss, now.loss, fresh, fresh_off, right, right_off, len(half))
    assert ablation.text in said, said  # the words' sentence, from the numbers computed here
    assert ablation.facts["right"] == (right, right_off) and ablation.facts["loss"] == (base.loss, now.loss)
    (table,) = at.table
    assert "guess with heads off" in table.value.columns and len(table.value) == len(base.tokens) - 1
    # each guess is the model's own: its top token and whether it is the true next one
    names = {**dict(zip(ind.word_ids(DEFAULT_TEXT.split()).tolist(), DEFAULT_TEXT.split(), strict=False))}
    for j, (guess, off_guess) in enumerate(zip(table.value["model's guess"], table.value["guess with heads off"],
                                              strict=True)):
        for cell, r in ((guess, base), (off_guess, now)):
            mark = "✓" if r.guesses[j] == r.tokens[j + 1] else "✗"
            assert cell.startswith(f"{mark} {names.get(int(r.guesses[j]), f't{int(r.guesses[j])}')} ("), (j, cell)


def test_picking_heads_to_switch_off_writes_them_to_the_link(run):
    at = run()
    w, off = ind.shipped()[0], [(0, 2), (1, 0)]
    base, now = model_run({}), model_run({}, off=set(off))
    n = len(ind.repeated_half(len(base.tokens)))
    fresh, fresh_off = ind.repeated_loss(w), ind.repeated_loss(w, off=set(off))
    on = say.ablation_text([], base.loss, base.loss, fresh, fresh, 0, 0, n)
    assert on.text in [m.value for m in at.markdown]
    at.multiselect(key="off_pick").set_value([(2, 1), (1, 3)]).run()
    assert_ran(at)
    assert at.query_params["off"] == "1.3-2.1"
    said = say.ablation_text(off, base.loss, now.loss, fresh, fresh_off, ind.copied_count(base),
                             ind.copied_count(now), n)
    assert said.text in [m.value for m in at.markdown] and said.facts["off"] == ((0, 2), (1, 0))


# ------------------------------------------------------------------------------------------ hostile input


def test_one_word_says_it_needs_two_and_shows_random_tokens(run):
    at = run(text="hello")
    assert say.too_few_words(1).text in [w.value for w in at.warning]
    labels = ind.sequence_labels(words_of({"source": "random"}))
    assert [row["label"] for row in head_tables(at)[1, 1].body] == labels  # t… tokens, the default 8 of them


def test_a_hundred_words_are_cut_to_32_with_the_notice(run):
    at = run(text=" ".join(f"w{k}" for k in range(100)), reveal=0)
    assert say.truncated_notice(100).text in [i.value for i in at.info]
    assert at.radio(key=f"{LOOK.key}_value").options[1] == "w0·0"
    at = run(text=" ".join(f"w{k}" for k in range(100)))
    assert len(head_tables(at)[2, 4].body) == 1 + 2 * 32


@pytest.mark.parametrize("text", ["🙂 🐱 sat 🙂 mat", "<b>hi</b> <script>x</script> there"], ids=["emoji", "html"])
def test_emoji_and_html_tokens_are_labels_and_inject_nothing(run, text):
    at = run(text=text)
    labels = ind.sequence_labels(words_of({"text": text}))
    assert [row["label"] for row in terms_table(at).body] == labels[:at.selectbox(key="at").value + 1]
    markup = " ".join(el.proto.body.lower() for el in at.get("html"))  # the tables' markup: every label escaped
    app_own = " ".join(el.proto.body.lower() for el in run().get("html")).count("<script")  # the app's own script
    assert markup.count("<script") == app_own and "<b>" not in markup and "</b>" not in markup
    assert "<·" not in markup and ("&lt;·" in markup) == ("<" in text)  # a "<" token is printed as &lt;
    for s in texts(at):  # markdown: every "<" of a token escaped, so that none can open a tag
        assert not re.search(r"(?<!\\)<", s), s


def test_a_mangled_link_warns_and_falls_back_to_the_defaults(run):
    at = run(at=999, ihead=9, koff=7, off="zz", source="nope")
    warned = " ".join(w.value for w in at.warning)
    for bad in ("source='nope'", "at='999'", "ihead='9'", "koff='7'", "off='zz'"):
        assert bad in warned, (bad, warned)
    base = model_run({})
    assert at.radio(key="source").value == "sentence"
    assert at.selectbox(key="at").value == say.ask_query(base.tokens)
    assert at.selectbox(key="ihead").value == int(np.argmax(induction_scores(base.weights, base.tokens)[1])) + 1
    assert at.multiselect(key="koff_pick").value == [] and at.multiselect(key="off_pick").value == []
    at = run(source="random", rseed=5000, length=500)
    warned = " ".join(w.value for w in at.warning)
    assert "rseed='5000'" in warned and "length='500'" in warned, warned
    assert at.number_input(key="rseed").value == 0 and at.select_slider(key="length").value == 8


# ------------------------------------------------------------------------------------------ issue 36's links


def verdict_text(at) -> str:
    return " ".join(e.value for kind in ("success", "warning", "info") for e in at.get(kind))


def expected_verdict(params: dict, pick: str | None) -> say.LookVerdict:
    """The verdict the words build for the link's sequence and a pick (a label), from attn_core's run here."""
    r, labels = model_run(params), ind.sequence_labels(words_of(params))
    q = say.ask_query(r.tokens)
    return say.look_verdict(labels, r.tokens, say.token_names(words_of(params), r.tokens), say.look_at(r, q),
                            None if pick is None else labels.index(pick))


def test_a_rose_is_a_rose_marks_the_heads_top_key_right(run, sent):
    """Item 1: "a·8" (position 9, the old link's "a·9") gets 0.519 of the head's weight and is right; the stripe's
    key, "is·2", is not; class mode is told the same."""
    params = {"text": "a rose is a rose is a rose"}
    at = answer(run(reveal=0, **params), "a·8")
    assert [s.value for s in at.success][0].startswith("**Right.**"), verdict_text(at)
    v = expected_verdict(params, "a·8")
    assert v.text in verdict_text(at) and v.facts["top"] == 9 and f"{v.facts['top_weight']:.3f}" == "0.519"
    (_, state, value, ok), = sent
    assert ok and value == "a·8" and state["at"] == 16 and state["query"] == "rose·15"
    assert misconception(LOOK.id, value, state) is None
    at = answer(run(reveal=0, **params), "is·2")
    assert any(w.value.startswith("**Not quite.**") for w in at.warning) and not sent[-1][3]


def test_the_top_key_is_never_marked_wrong_in_its_own_verdict(run):
    """Item 1, ?source=random&rseed=171&length=32: “t13·22” was marked wrong by a verdict that named it the top."""
    params = {"source": "random", "rseed": 171, "length": 32}
    at = answer(run(reveal=0, **params), "t13·22")
    assert [s.value for s in at.success][0].startswith("**Right.**")
    v = expected_verdict(params, "t13·22")
    assert v.text in verdict_text(at) and v.right and not v.facts["induction"]


def test_the_reveal_says_it_copies_only_when_the_model_guesses_the_copied_token(run):
    """Item 2, ?source=random&rseed=99&length=32: the guesses' table shows another token at the query."""
    params = {"source": "random", "rseed": 99, "length": 32}
    at = run(**params)
    r = model_run(params)
    q = say.ask_query(r.tokens)
    text = verdict_text(at)
    names = say.token_names(words_of(params), r.tokens)
    v = say.look_verdict(ind.sequence_labels(words_of(params)), r.tokens, names, say.look_at(r, q), None)
    assert v.text in text and v.facts["guess"] == int(r.guesses[q]) and not v.facts["copies"], text
    (table,) = at.table
    assert table.value["model's guess"].iloc[q].startswith(f"✗ t{int(r.guesses[q])} ")  # the same guess, as a miss


def test_section_five_credits_no_switched_off_head(run):
    """Item 3: ?source=random&rseed=0&length=5&koff=3-4&ihead=1&at=9, the old link, opens the same view."""
    at = run(source="random", rseed=0, length=5, koff="3-4", ihead=1, at=9)
    assert at.selectbox(key="at").value == 9 and at.selectbox(key="ihead").value == 1
    labels = ind.sequence_labels(words_of({"source": "random", "rseed": 0, "length": 5}))
    assert terms_table(at).caption.startswith(say.terms_title(0, labels[9]))
    w = why_expected({"source": "random", "rseed": 0, "length": 5}, 9, 0, (2, 3))
    assert w.text in captions(at) and w.facts["part"] not in (4, 5) and w.facts["heads_off"] == (2, 3)


def test_section_five_says_a_head_wrote_the_token_before_only_where_it_did(run):
    """Item 4: ?source=random&rseed=2&length=17&koff=3&ihead=1&at=34: at “t1·17” no head's weight to the previous
    token backs "it wrote what came just before"; one head switched off reads in the singular (item 8)."""
    params = {"source": "random", "rseed": 2, "length": 17}
    at = run(**params, koff="3", ihead=1, at=34)
    base = model_run(params)
    w = why_expected(params, 34, 0, (2,))
    assert w.text in captions(at) and w.facts["target"] == 18 and w.facts["head"] is not None
    row = base.weights[0, w.facts["head"], 18, :19]
    assert row[17] < row.max() and not w.facts["wrote"].wrote_previous  # it looks elsewhere, and is said to


def test_the_guesses_caption_says_the_model_follows_one_only_where_it_does(run):
    """Item 5, ?text=ça va, ça va bien, très bien: at “,·11” its guess is neither token that followed “,”."""
    params = {"text": "ça va, ça va bien, très bien"}
    at = run(**params)
    r, labels = model_run(params), ind.sequence_labels(words_of(params))
    note = say.guesses_caption(r, labels)
    assert note.text in captions(at)
    j = labels.index(",·11")
    followed = {int(r.tokens[k + 1]) for k in range(j) if r.tokens[k] == r.tokens[j]}
    assert len(followed) == 2 and int(r.guesses[j]) not in followed
    assert j in note.ambiguous and j not in note.follows


@pytest.mark.parametrize("params", [{"source": "random", "rseed": 3, "length": 9}, {"text": "hello"}, {}],
                         ids=["random", "one-word", "sentence"])
def test_the_model_note_names_what_changes_its_numbers(run, params):
    """Item 7: random tokens, picked or the fallback for one word, change with the seed and length; never "only your
    sentence"; and the sidebar's label note is this page's, true of its labels (item 6)."""
    at = run(**params)
    notes = [c.value for c in at.caption if c.value.startswith("One fixed model")]
    assert len(notes) == 1 and "Only your sentence changes" not in notes[0]
    shown = "sentence" if params == {} else "random"
    assert notes[0] == say.model_note(shown).text
    assert say.labels_note() in sidebar_notes(at)
    if shown == "random":
        before = values(head_tables(at)[2, 1])
        at.number_input(key="rseed").set_value(int(at.number_input(key="rseed").value) + 1).run()
        assert_ran(at)
        assert not np.array_equal(values(head_tables(at)[2, 1]), before)  # the seed changes the numbers, as said


# ------------------------------------------------------------------------------------------ issue 40: in Chinese

ZH = "zh-CN"
HUNDRED = " ".join(f"w{k}" for k in range(100))  # cut to 32 tokens, with the notice
ZH_STATES = [{"text": "猫坐在垫子上"}, RANDOM, *EXAMPLES, {"text": "hello"}, {"text": HUNDRED},
             {"text": "ça va, ça va bien, très bien"}, {"source": "random", "rseed": 0, "length": 5, "koff": "3-4"}]
ZH_IDS = ["sentence", "random", "example-1", "example-2", "one-word", "hundred", "ambiguous", "keys-off"]


@pytest.fixture
def chinese():
    """The words in Chinese in the test's own thread too: AppTest calls a widget's format_func there when it sends
    the widgets' values back, and the expected sentences are built here in the page's language."""
    i18n.use(ZH)
    yield
    i18n.use(i18n.DEFAULT)


def shown_params(params: dict) -> dict:
    """The link's sequence as the page shows it: a sentence of fewer than two different words reads as the default
    random tokens."""
    if params.get("source") != "random" and len(set(ids_of(params).tolist())) < 2:
        return {"source": "random"}
    return params


def chinese_screen(at) -> str:
    """What a learner reads, the guesses' table included (its column titles and cells), without the markup's style
    sheets and scripts."""
    parts = [screen_text(at)]
    for t in at.table:
        parts += [str(c) for c in t.value.columns] + [str(v) for v in t.value.to_numpy().ravel()]
    return re.sub(r"<(style|script)\b.*?</\1>", " ", "\n".join(parts), flags=re.S | re.I)


@pytest.mark.parametrize("params", ZH_STATES, ids=ZH_IDS)
def test_the_page_reads_in_chinese_with_its_question_open_and_answered(run, chinese, params):
    """?lang=zh-CN at the defaults (the Chinese sentence), random tokens, the route's two examples, a one-word
    sentence (random tokens instead), a hundred words (cut to 32), an ambiguous copy and layer-1 heads switched off in
    the keys: no English run of four words or more on the screen, the question open and then answered (every section
    drawn), but in the learner's own sentence; the verdict, the why-caption and the guesses' caption are the words'
    Chinese ones, built here from attn_core's numbers, and so are the sentence's notices."""
    allowed = (params["text"],) if "text" in params else ()
    at = run(reveal=0, lang=ZH, **params)
    assert not english_runs(chinese_screen(at), allowed), english_runs(chinese_screen(at), allowed)
    shown = shown_params(params)
    r, labels = model_run(shown), ind.sequence_labels(words_of(shown))
    q = say.ask_query(r.tokens)
    assert say.predict_question(labels, q) in all_text(at)
    top = say.look_at(r, q).top[0]
    at = answer(at, labels[top])
    verdict = expected_verdict(shown, labels[top])
    assert verdict.right and verdict.text in verdict_text(at), verdict_text(at)
    screen = chinese_screen(at)
    assert not english_runs(screen, allowed), english_runs(screen, allowed)
    assert say.guesses_caption(r, labels).text in captions(at)
    i, h = at.selectbox(key="at").value, at.selectbox(key="ihead").value - 1
    off = sorted(int(k) - 1 for k in params.get("koff", "").split("-") if k)
    assert why_expected(shown, i, h, off).text in captions(at)
    (table,) = at.table
    assert list(table.value.columns) == say.guess_columns("off" in params)
    assert say.labels_note() in sidebar_notes(at)
    notices = [say.too_few_words(len(set(ids_of(params).tolist()))), say.truncated_notice(
        len(tokenize(params["text"]).tokens))] if "text" in params else []
    for notice in filter(None, notices):
        assert notice.text in [e.value for e in at.warning] + [e.value for e in at.info], notice.text


def test_the_head_tables_and_the_ablation_read_in_chinese(run, chinese):
    """The eight tables are the model's weights under Chinese titles, and switching heads off states the same
    numbers in Chinese."""
    at = run(lang=ZH, text=DEFAULT_TEXT, off="1.3-1.4")
    base, now = model_run({}), model_run({}, off={(0, 2), (0, 3)})
    titles = {say.head_title(layer, h, base.previous[layer, h], base.induction[layer, h]).text:
              base.weights[layer, h] for layer in range(2) for h in range(4)}
    found = 0
    for t in tables(at):
        for title, weights in titles.items():
            if t.caption.startswith(title):
                assert_printed(t, weights)
                found += 1
    assert found == 8, [t.caption for t in tables(at)]
    w = ind.shipped()[0]
    half = ind.repeated_half(len(base.tokens))
    said = say.ablation_text([(0, 2), (0, 3)], base.loss, now.loss, ind.repeated_loss(w),
                             ind.repeated_loss(w, off={(0, 2), (0, 3)}), ind.copied_count(base),
                             ind.copied_count(now), len(half))
    assert said.text in [m.value for m in at.markdown]
    assert not english_runs(chinese_screen(at), (DEFAULT_TEXT,)), english_runs(chinese_screen(at), (DEFAULT_TEXT,))


def test_the_notebooks_prose_is_in_the_pages_language(chinese):
    """The notebook's markdown cells come from the catalogs: in Chinese on a Chinese page (no English run outside
    code), in English on an English one; its code and its check are the same, but for the parameters' comments."""
    zh = taken_home(PAGE, lang=ZH, text=DEFAULT_TEXT)
    prose = [c.text for c in zh.cells if c.kind == "markdown"]
    assert len(prose) == 6 and prose[0].startswith("## ") and "{{" not in "".join(prose)
    assert [p for p in prose if english_runs(p)] == [], [english_runs(p) for p in prose]
    i18n.use(i18n.DEFAULT)
    en = taken_home(PAGE, text=DEFAULT_TEXT)
    assert [c.text for c in en.cells if c.kind == "markdown"][0].startswith("## A trained model's weights")
    def code(offered):  # the parameters cell's comments are in the page's language too
        return [c.text for c in offered.cells if c.kind == "code" and "parameters" not in c.tags]

    assert code(en) == code(zh) and len(code(en)) > 5
