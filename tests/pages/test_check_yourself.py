"""The Check yourself page through AppTest: every question marked right, wrong and unreadable over re-rolls,
the reveals, the score and reset, the seed in the link, the one-step demo and the takeaway links, positions counted
from 0 as the labels count them, and the page's reading budget (issue 23)."""

import json
import re
from urllib.parse import parse_qs

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from attn_core.questions import passage_words
from attn_ui.pages import named
from attn_lessons import questions as qs
from attn_lessons.i18n import use
from tests.apptest_utils import all_text, assert_ran, figures, run_page, screen_text, table_titled, tables, title_of
from tests.apptest_utils import with_code
from tests.lessons.test_questions import right_text, wrong_text

PAGE = named("questions").path
FIGURE_OF = {"weights_shape": "weights = softmax(QKᵀ/√d_k)", "softmax_axis": "weights = softmax(QKᵀ/√d_k, axis=−1)",
             "causal_row": "causal weights", "qk_variance": "q·k, d_k ="}


def open_page(**query_params) -> AppTest:
    at = run_page(PAGE, **query_params)
    assert_ran(at)
    return at


def answer(at: AppTest, kind: str, reply, show: bool = False) -> AppTest:
    """Type (or pick) a reply for one question and press Check (or Show me)."""
    q = qs.make_question(kind, int(at.number_input(key="q").value))
    if not show:
        if q.answer_type == "choice":
            at.radio(key=f"answer_{kind}").set_value(reply)
        else:
            at.text_input(key=f"answer_{kind}").input(reply)
    at.button(key=f"{'show' if show else 'check'}_{kind}").click().run()
    assert_ran(at)
    return at


def question_figures(at: AppTest) -> list[str]:
    """The titles of the reveals' tables and charts (the one-step demo's tables left out)."""
    titles = [t.caption for t in tables(at)] + [title_of(f) for f in figures(at)]
    return [t for t in titles if not t.startswith("steps j → i")]


def test_defaults_ask_every_question_and_reveal_nothing_yet():
    at = open_page()
    text = all_text(at)
    assert at.title[0].value == "Check yourself"
    for number, kind in enumerate(qs.KINDS, 1):
        assert f"**{number}.** {qs.make_question(kind, 0).prompt}" in text
    assert len(qs.KINDS) >= 12
    assert question_figures(at) == []  # reveals draw only after an answer
    assert at.success == [] and at.warning == []
    assert "You have not answered any of the 13 questions yet." in text
    assert "sequence of 10 tokens" in text  # the source text's question, at seed 0
    assert ":blue-badge" not in text  # nothing answered: the score's sentence says so, no row of 13 "open" badges


@pytest.mark.parametrize("kind", qs.KINDS)
def test_each_question_right_wrong_unreadable_over_re_rolls(kind):
    at = open_page()
    for roll in range(3):
        seed = int(at.number_input(key="q").value)
        assert seed == roll
        q = qs.make_question(kind, seed)
        garbage = None if q.answer_type == "choice" else "🙂 no idea"
        if q.answer_type == "choice":
            answer(at, kind, None)  # nothing picked: press Check
        else:
            answer(at, kind, garbage)
        assert [i.value for i in at.info] == [qs.unreadable_message(q.answer_type)]
        assert at.warning == [] and at.success == []

        answer(at, kind, wrong_text(q))
        assert [w.value for w in at.warning] == [f"**Not quite.** {qs.check(q, wrong_text(q)).message}"]

        answer(at, kind, right_text(q))
        assert [s.value for s in at.success] == [f"**Right.** {q.why}"]
        if kind in FIGURE_OF:
            assert any(t.startswith(FIGURE_OF[kind]) for t in question_figures(at)), question_figures(at)

        at.button(key="reroll").click().run()
        assert_ran(at)
        if q.answer_type != "choice":
            assert not at.text_input(key=f"answer_{kind}").value  # the old numbers' answer is cleared
    # three wrong first tries: the score keeps the first verdict, not the corrected one
    assert "This session: 0 of 3 answers right at the first try." in all_text(at)


def test_the_weights_shape_reveal_runs_attention_on_ten_tokens():
    at = answer(open_page(), "weights_shape", "10 by 10")
    z, rows, cols = table_titled(at, "weights = softmax(QKᵀ/√d_k)  (10 × 10)")
    assert z.shape == (10, 10) and len(rows) == len(cols) == 10
    np.testing.assert_allclose(z.sum(axis=1), 1, atol=10 * 0.5 * 10**-2)  # ten values printed to 2 decimals
    from tests.lessons.test_questions import check_reveal_facts

    # the proof's facts against attn_core (its shape does not depend on the sidebar), and that proof on screen
    said = check_reveal_facts(qs.make_question("weights_shape", 0), {"text": "a b", "seed": 0, "d_model": 8,
                                                                       "heads": 1})
    assert said.facts["said"]["shape"] == "10 × 10" and said.text in all_text(at)


def test_the_causal_reveal_outlines_the_row_it_asks_about():
    at = answer(open_page(), "causal_row", "", show=True)
    q = qs.make_question("causal_row", 0)
    n, i = q.params["n"], q.params["i"]
    (table,) = [t for t in tables(at) if t.caption.startswith("causal weights = softmax(QKᵀ/√d_k + M)")]
    assert [k for k, row in enumerate(table.body) if row["cls"] == "H"] == [i]  # row i counted from 0
    z, rows, cols = table_titled(at, "causal weights")
    assert z.shape == (n, n) and rows == cols
    assert np.all(z[np.triu_indices(n, 1)] == 0)  # no query reads a later key: printed 0.00
    np.testing.assert_allclose(z[i].sum(), 1, atol=n * 0.5 * 10**-2)
    assert np.count_nonzero(z[i]) == q.answer == i + 1  # the outlined row has as many weights as the answer
    from tests.lessons.test_questions import check_reveal_facts

    ss = at.session_state
    said = check_reveal_facts(q, {k: ss[k] for k in ("text", "seed", "d_model", "heads")})  # against attn_core
    assert said.facts["reached"] == list(range(i + 1)) and markdown_starting(at, said.text)  # its label, same row


@pytest.mark.parametrize("reply", ["10x10", "10 × 10", "(10, 10)", "10 by 10"])
def test_the_page_accepts_every_spelling(reply):
    at = answer(open_page(), "weights_shape", reply)
    assert at.success and at.success[0].value.startswith("**Right.**")


def test_why_scale_reveal_measures_at_the_learners_d_k():
    from attn_core import sample_qk_dots
    from attn_core.questions import typical_two_keys

    at = answer(open_page(d_model="64", heads="1"), "why_scale", "argmax")
    dots = sample_qk_dots(64, 4000, 0)
    said = qs.reveal_why_scale(64, dots, typical_two_keys(dots, 64))
    assert said.text in all_text(at)  # measured at the learner's d_k = 64: sd ≈ 8, the source text's
    assert abs(float(said.facts["said"]["std"]) - 8) < 0.4 and "(√64 = 8)" in said.text


def test_score_badges_and_reset():
    at = open_page()
    answer(at, "weights_shape", "10 x 10")
    answer(at, "why_scale", "sum")
    answer(at, "steps", "", show=True)
    text = all_text(at)
    assert "This session: 1 of 2 answers right at the first try and 1 answer shown without a try." in text
    assert ":green-badge[1 ✓]" in text and ":orange-badge[2 ✗]" in text and ":gray-badge[11 shown]" in text
    assert ":blue-badge[3 open]" in text
    assert any(i.value.startswith("The answer is 1.") for i in at.info)  # Show me: the answer, no mark

    at.button(key="quiz_reset").click().run()
    assert_ran(at)
    text = all_text(at)
    assert "You have not answered any of the 13 questions yet." in text and ":green-badge" not in text
    assert not at.text_input(key="answer_weights_shape").value and at.success == []


def test_an_unreadable_reply_does_not_count():
    at = answer(open_page(), "qk_variance", "sixty-four-ish")
    assert "You have not answered any" in all_text(at)
    assert question_figures(at) == []


def test_the_seed_comes_from_the_link_and_goes_back_to_it():
    at = open_page(q="5")
    assert at.number_input(key="q").value == 5
    assert f"**1.** {qs.make_question('weights_shape', 5).prompt}" in all_text(at)
    at.button(key="reroll").click().run()
    assert at.query_params["q"] == ["6"] or at.query_params["q"] == "6"
    at.number_input(key="q").set_value(42).run()
    assert f"**4.** {qs.make_question('qkv_shapes', 42).prompt}" in all_text(at)


@pytest.mark.parametrize("bad", ["abc", "-3", "1e9"])
def test_a_mangled_seed_falls_back_with_a_notice(bad):
    at = open_page(q=bad)
    assert at.number_input(key="q").value == 0
    assert any("q=" in w.value and "default" in w.value for w in at.warning)


def show_all(at: AppTest, kinds=qs.CLOSING_KINDS) -> AppTest:
    """Press Show me on each of `kinds` (by default every question a closing section answers)."""
    for kind in sorted(kinds):
        answer(at, kind, "", show=True)
    return at


def test_one_step_demo_counts_steps_on_the_learners_sentence():
    at = show_all(open_page(text="one two three four five six seven eight"))
    values = {m.label: m.value for m in at.metric}
    assert values["Attention, token 0 → token 7"] == "1 step"  # counted from 0, as the tables' labels are
    assert values["Recurrent network, token 0 → token 7"] == "7 steps"
    rnn, rows, cols = table_titled(at, "steps j → i, recurrent network")
    assert rows == cols and len(rows) == 8
    assert rnn[7, 0] == 7 and np.isposinf(rnn[0, 7])  # never arrives: printed +∞
    causal, _, _ = table_titled(at, "steps j → i, causal mask")
    assert causal[5, 2] == 1 and np.isposinf(causal[2, 5])
    assert np.all(table_titled(at, "steps j → i, attention")[0][~np.eye(8, dtype=bool)] == 1)
    assert "28 of the 56 ordered pairs" in all_text(at)
    assert "From “one” (token 0) to “eight” (token 7), attention needs 1 step" in all_text(at)


def test_a_single_token_sentence_says_so():
    at = show_all(open_page(text="hello"))
    assert "single token" in all_text(at)
    assert not [t for t in tables(at) if t.caption.startswith("steps")]


def test_takeaways_link_to_their_pages_with_the_shared_settings():
    at = show_all(open_page(text="Dogs chase cats", seed="11", d_model="16", heads="4"))
    text = all_text(at)
    links = {e.proto.label: e.proto for e in at.get("page_link")}
    for takeaway in ("Each token asks with a query, offers a key, and provides a value.",
                     "Weights come from query-key dot products, normalized with softmax.",
                     "The output is a weighted sum of values, so with no mask every position can see every other one "
                     "in one step.",
                     "Dividing by √d_k keeps softmax in a useful range as dimension grows."):
        assert f"**{takeaway}**" in text
    for label, page in [("Build Q, K and V from your sentence", "QKV_builder"),
                        ("Move d_k and watch softmax stay useful", "Scaling_explorer"),
                        ("See which pairs a mask keeps one step apart", "Masks_and_heads")]:
        assert links[label].page == page
        assert "seed=11" in links[label].query_string and "heads=4" in links[label].query_string


@pytest.mark.parametrize("settings", [{"text": "hello", "d_model": "2", "heads": "2"},
                                      {"text": " ".join(["word"] * 500), "d_model": "64", "heads": "1"},
                                      {"text": "🙂 <b>x</b> & ∑", "seed": "999999", "d_model": "6", "heads": "3"}])
def test_every_reveal_runs_at_the_extremes_of_the_shared_settings(settings):
    at = open_page(**settings)
    for kind in qs.KINDS:
        answer(at, kind, "", show=True)
    assert len([i for i in at.info if i.value.startswith("The answer is")]) == len(qs.KINDS)


def test_the_footer_leads_on_along_the_route_and_charts_have_no_toolbar():
    from attn_ui.pages import neighbours

    at = answer(answer(show_all(open_page(seed="11"), {"steps", "causal_row"}), "weights_shape", "10 x 10"),
                "qk_variance", "64")
    links = {e.proto.label: e.proto for e in at.get("page_link")}
    back, nxt = neighbours(PAGE)  # the route's order (issue 23 moves this page to the end: no Next there)
    footer = {label for label in links if label.startswith(("Next:", "Back:"))}
    assert back is not None
    assert footer == {f"{word}: {p.label}" for word, p in (("Next", nxt), ("Back", back)) if p is not None}
    for label in footer:
        assert "seed=11" in links[label].query_string
    assert len(tables(at)) == 5  # three step matrices, the weights and causal-row reveals: tables, not charts
    charts = at.get("plotly_chart")
    assert len(charts) == 1  # the q·k histogram
    assert all(json.loads(c.proto.config) == {"displayModeBar": False, "scrollZoom": False} for c in charts)


# ------------------------------------------------------------------------------------ take it home


def shown_cells(seed=0, text="the cat sat on the mat", rng_seed=0, d_model=8):
    """The notebook's cells for this state (question seed `seed`), computed with attn_core as the page computes
    them."""
    import attn_core
    from attn_core import questions as core_qs
    from attn_lessons import questions as lq
    from attn_ui import notebooks as nbk

    p = lq.make_question("weights_shape", seed).params
    words_q = core_qs.passage_words(p["n_q"], p["offset_q"])
    words_k = words_q if p["n_q"] == p["n_k"] else core_qs.passage_words(p["n_k"], p["offset_k"])
    a = attn_core.build_inputs(" ".join(words_q), rng_seed, d_model)
    b = attn_core.build_inputs(" ".join(words_k), rng_seed, d_model)
    w = a.weights
    res = attn_core.scaled_dot_product_attention(a.X @ w.W_Q, b.X @ w.W_K, b.X @ w.W_V)
    mine = attn_core.build_inputs(text, rng_seed, d_model)
    n = len(mine.tokens)
    steps = {} if n < 2 else {
        "attention": core_qs.steps_matrix(core_qs.attention_reads(n)),
        "recurrent": core_qs.steps_matrix(core_qs.recurrent_reads(n)),
        "causal": core_qs.steps_matrix(core_qs.attention_reads(n, attn_core.causal_mask(n)))}
    return nbk.cells(
        "questions",
        {"labels_q": nbk.names(a.labels, "the queries' tokens"), "labels_k": nbk.names(b.labels, "the keys' tokens"),
         "X_q": a.X, "X_k": b.X, "W_Q": w.W_Q, "W_K": w.W_K, "W_V": w.W_V,
         "sentence": nbk.names(mine.labels, "your sentence's tokens")},
        {"weights": res.weights, "shape": tuple(res.weights.shape),
         **{f"steps_{name}": steps.get(name) for name in ("attention", "recurrent", "causal")}},
        {"shape_sentence": lq.notebook_shape_sentence(list(a.labels), list(b.labels))})


def notebook_code(at) -> list[str]:
    return [c.value for c in at.code if "labels_q = " in c.value]


def test_show_the_code_is_the_notebook_text_and_the_notebook_downloads():
    import nbformat

    import attn_core
    from attn_ui import notebooks as nbk

    at = open_page()
    assert notebook_code(at) == []  # built and sent only when asked for
    (code,) = notebook_code(with_code(at))
    cells = shown_cells()
    assert code.strip() == nbk.page_code(cells).strip()  # the code on screen is the notebook's code
    labels = attn_core.token_labels(tuple(passage_words(10)))
    assert "steps_matrix" in code and f"labels_q = {labels!r}" in code  # the question's 10 words
    button = at.get("download_button")
    assert len(button) == 1 and button[0].proto.label == "Download as a notebook"
    assert button[0].proto.deferred_file_id  # built only when clicked
    nb = nbk.notebook("Attention Explorer: Check yourself", {"question seed": 0}, "", cells)
    nbformat.validate(nb)
    check = nb.cells[-1].source + next(c.source for c in nb.cells if nbk.PARAMETERS in c.metadata.get("tags", []))
    assert "weights.shape == shown_shape" in check and "shown_shape = (10, 10)" in check  # question 1's answer


def test_the_code_follows_the_question_seed_and_the_sentence():
    from attn_ui import notebooks as nbk

    at = with_code(open_page())
    at.button(key="reroll").click().run()
    assert_ran(at)
    assert "Every position in one step" not in [h.value for h in at.header]  # only the quiz and the notebook ran
    assert [c.strip() for c in notebook_code(at)] == [nbk.page_code(shown_cells(seed=1)).strip()]
    cross = next(s for s in range(2, 100) if (lambda p: p["n_q"] != p["n_k"])(
        qs.make_question("weights_shape", s).params))
    at.number_input(key="q").set_value(cross).run()
    assert_ran(at)
    (code,) = notebook_code(at)
    assert code.strip() == nbk.page_code(shown_cells(seed=cross)).strip()
    p = qs.make_question("weights_shape", cross).params
    lines = {line.split(" = ")[0]: line.split("  #")[0] for line in code.splitlines() if line.startswith("labels_")}
    assert lines["labels_q"].count("'") == 2 * p["n_q"] and lines["labels_k"].count("'") == 2 * p["n_k"]


def test_a_one_token_sentence_gives_the_question_without_the_step_counts():
    from attn_ui import notebooks as nbk

    at = with_code(open_page(text="hello"))
    (code,) = notebook_code(at)
    assert code.strip() == nbk.page_code(shown_cells(text="hello")).strip()
    params = next(c.text for c in shown_cells(text="hello") if nbk.PARAMETERS in c.tags)
    assert "shown_steps_attention = None" in params and "step counts" not in all_text(at)  # the check skips them


def test_a_wide_model_shows_the_long_code_only_when_asked():
    from attn_ui import notebooks as nbk

    at = open_page(d_model="64", heads="1")
    assert notebook_code(at) == []  # every digit of three 64 × 64 matrices: not built until asked for
    assert at.get("download_button")
    at.toggle(key="show_code").set_value(True).run()
    assert_ran(at)
    (code,) = notebook_code(at)
    assert code.strip() == nbk.page_code(shown_cells(d_model=64)).strip()
    assert len(code) > 60_000


def test_skip_the_predictions_says_it_leaves_the_quiz_alone():
    from tests.apptest_utils import run_page

    at = run_page(named("questions").path, reveal=1)
    assert any("not this quiz" in i.value for i in at.info)
    assert not any("not this quiz" in i.value for i in run_page(named("questions").path).info)


# ------------------------------------------------------------------ issue 22: every sentence true in every state

def markdown_starting(at: AppTest, start: str) -> str:
    (found,) = [m.value for m in at.markdown if m.value.startswith(start)]
    return found


def test_q3_hint_and_proof_speak_of_the_same_column_sums():
    """Item 9, ?q=0 answered “Over the queries”: the hint said the column sums run from 0.115 to 0.667, the proof
    under it from 0.114 to 0.631; every number the verdict cites must be one the learner can see."""
    from tests.lessons.test_questions import numbers_in

    at = answer(open_page(q=0), "softmax_axis", "queries")
    (warning,) = [w.value for w in at.warning]
    shown = markdown_starting(at, "**3.**") + " " + markdown_starting(at, "Queries from")
    assert set(numbers_in(warning.removeprefix("**Not quite.**"))) <= set(numbers_in(shown)), (warning, shown)


def test_q13_prints_significant_digits_next_to_1():
    """Item 10 of issue 22, ?q=42 then (scores [16, 0], d_k = 4): 'The answer is 1.000… [1.000, 0.000]… slope 0.000
    scaled against 0.0000 unscaled' made scaling look useless. [16, 0] at d_k = 4 is no longer asked (issue 30, item
    6: both weights read 1.00); ?q=65 asks [16, 0] at d_k = 16, whose unscaled weight is 1 − 1.1 × 10⁻⁷."""
    assert qs.make_question("two_keys", 65).params == {"s": 16, "d_k": 16}
    at = answer(open_page(q=65), "two_keys", "", show=True)
    (shown,) = [i.value for i in at.info if i.value.startswith("The answer is")]
    assert shown.startswith("The answer is 0.982.") and "without the division it would be 1 − 1.1 × 10⁻⁷" in shown
    proof = markdown_starting(at, "softmax([16, 0])")
    assert "softmax([4, 0]) = [0.982, 0.018]" in proof and "1.1 × 10⁻⁷ unscaled, 156,953× larger" in proof
    assert not re.search(r"(?<![\d.])[01]\.0+(?![\d]| ×)", shown + proof), shown + proof


@pytest.mark.parametrize("q_seed", [1, 7])
def test_q6_accepts_root_32_to_one_decimal_and_reads_one_over_root_32(q_seed):
    """Item 11, ?q=1 and ?q=7 (answer √32 = 5.657): '5.7' was marked wrong, '1/√32' refused as unreadable."""
    at = answer(open_page(q=q_seed), "scale_heads", "5.7")
    assert [s.value.split(".**")[0] for s in at.success] == ["**Right"]
    answer(at, "scale_heads", "1/√32")
    (warning,) = [w.value for w in at.warning]
    assert "That is what you multiply by; the question asks what you divide by." in warning


def test_q7_at_q42_says_the_key_after_it_gets_0():
    """?q=42, row 7 of 0 … 8: 'the 1 key after it get exactly 0' in the answer and in the proof under it."""
    at = answer(open_page(q=42), "causal_row", "", show=True)
    (shown,) = [i.value for i in at.info if i.value.startswith("The answer is")]
    proof = markdown_starting(at, "Row 7")  # row 7 counted from 0, the eighth of nine
    for text in (shown, proof):
        assert "the key after it gets exactly 0." in text and "1 key after" not in text, text


def test_q8_hint_bounds_the_gap_in_words_that_are_a_bound():
    """?q=0 answered “They differ”: 'their outputs differ by at most below 10⁻⁹'."""
    at = answer(open_page(q=0), "identical_tokens", "differ")
    (warning,) = [w.value for w in at.warning]
    assert "their outputs differ by less than 10⁻⁹." in warning and "at most below" not in warning


@pytest.mark.parametrize("settings,words", [({"d_model": "2", "heads": "2"}, "at the softmax's input, the same, "),
                                            ({"d_model": "64", "heads": "1"}, "× larger (they sit before")])
def test_q2_proof_compares_the_slopes_in_words_that_fit(settings, words):
    """?d_model=2&heads=2 (d_k = 1) said 'a slope of 0.197 instead of 0.197'; at d_k = 64 the unscaled weight
    3.4 × 10⁻⁴ printed as 0.000."""
    at = answer(open_page(**settings), "why_scale", "", show=True)
    proof = markdown_starting(at, "At your d_k")
    assert words in proof and "instead of" not in proof, proof
    assert not re.search(r"(?<![\d.])[01]\.0+(?![\d]| ×)", proof), proof


PROSE_STATES = [{"q": "42"}, {"q": "0", "d_model": "2", "heads": "2", "text": "hello"},
                {"q": "7", "d_model": "64", "heads": "1", "text": " ".join(f"w{k}" for k in range(32))},
                {"q": "9", "d_model": "12", "heads": "12", "text": "dog dog", "seed": "999999"}]


@pytest.mark.parametrize("state", PROSE_STATES)
def test_every_sentence_the_page_shows_is_true_to_write(state):
    """Issue 22 through the page: every answer shown with its proof, at one token and 32, d_model = heads, the
    widest single head and the seeds of the defects; the words are held to tests/lessons' walk."""
    from tests.lessons.test_questions import assert_true_to_write

    at = open_page(**state)
    for kind in qs.KINDS:
        answer(at, kind, "", show=True)
    assert_true_to_write(all_text(at))


# ------------------------------------------------------------------------------------------- issue 23

def walk(node, folded: bool = False):
    """(node, inside an expander) for every element and block of the page, in page order."""
    folded = folded or getattr(node, "type", None) == "expander"
    yield node, folded
    for k in sorted(getattr(node, "children", {}) or {}):
        yield from walk(node.children[k], folded)


def words_before_first_answer(at: AppTest) -> int:
    """The words tests/lesson_length counts above question 1's answer box: the quiz's opening interaction (its
    pictures are the proofs, drawn only once a question is answered)."""
    from tests.lesson_length import TEXT, words

    total = 0
    for node, folded in walk(at.main):
        if str(getattr(node, "key", None) or "").startswith("answer_"):
            return total
        if getattr(node, "type", None) in TEXT and not folded:
            total += words(str(node.value))
    raise AssertionError("no answer box on the page")


def test_the_page_reads_in_its_budget_and_asks_question_1_near_the_top():
    """Issue 23's 30-minute core, at reveal=1 as tests/lesson_length counts it: at most 700 words on the page, and
    question 1's answer box within 120 words of the top; the intro says the quiz covers the whole route."""
    from tests.lesson_length import PAGE_WORDS, WORDS_BEFORE_PICTURE, reading

    for at in (open_page(reveal=1), open_page()):
        total, _ = reading(at)
        assert total <= PAGE_WORDS, total
        assert words_before_first_answer(at) <= WORDS_BEFORE_PICTURE, words_before_first_answer(at)
    intro = at.markdown[0].value
    assert intro.startswith("Questions on the whole route, from Q, K and V to masks and heads.")
    assert "proves it" in intro  # the per-question caption said where the proof comes: the intro says it once
    assert "The proof appears once" not in all_text(at)


def question_block_text(at: AppTest, kind: str) -> str:
    """Every text inside question `kind`'s box: its prompt, the verdict and the proof."""
    (block,) = [n for n, _ in walk(at.main) if str(getattr(getattr(n, "proto", None), "id", "")).endswith(
        f"-question_{kind}")]
    return "\n".join(str(n.value) for n, _ in walk(block) if getattr(n, "type", None) in
                     ("markdown", "caption", "info", "success", "warning"))


@pytest.mark.parametrize("q_seed", [0, 42, 99])
def test_every_question_on_the_page_counts_positions_from_0(q_seed):
    """Item 8 through the page: each question's prompt, shown answer and proof name positions 0 … n − 1 only (the
    labels' the·0, the·4 convention), and the positional ones name 0 somewhere at seed 0."""
    from tests.lessons.test_questions import positions_named, tokens_in

    at = open_page(q=q_seed)
    for kind in qs.KINDS:
        answer(at, kind, "", show=True)
    for kind in qs.KINDS:
        q, text = qs.make_question(kind, q_seed), question_block_text(at, kind)
        assert q.prompt in text and text.count("The answer is") == 1, text
        n, named = tokens_in(q), positions_named(text)
        assert named == [] if n is None else (named and all(0 <= p < n for p in named)), (kind, n, named, text)
        if q_seed == 0 and n is not None:
            assert 0 in named, (kind, text)


def test_the_0_based_answers_are_marked_right_on_the_page():
    """Seed 0: row 2 counted from 0 has 3 keys (2 is the count of a reader from 1, with its hint); question 9's
    output is row j of V counted from 0."""
    at = answer(open_page(q=0), "causal_row", "3")
    assert [s.value.split(".**")[0] for s in at.success] == ["**Right"]
    answer(at, "causal_row", "2")
    (warning,) = [w.value for w in at.warning]
    assert "Token 2 also attends to itself: counting from 0, it has 2 tokens before it, and itself." in warning
    q = qs.make_question("one_hot", 0)
    answer(at, "one_hot", "[" + ", ".join(f"{v:g}" for v in q.params["V"][q.params["j"]]) + "]")
    assert len(at.success) == 1 and at.success[0].value.startswith("**Right.**")
    assert "positions 0 and 4 (counting from 0)" in all_text(at)


# ------------------------------------------------------------------------------------------- issue 30

# Words that state a question's answer besides its answer text: what the closing sections used to say while the
# question was open ("attention needs 1 step" under question 13 answered question 11).
GIVEAWAYS = {"steps": ["1 step", "one step", "directly"], "roles": ["asks with a query", "query-key dot products"],
             "why_scale": ["useful range"], "one_hot": ["weighted sum of values"],
             "causal_row": ["each earlier token"]}
SENTENCE = "one two three four five"


def closing_elements() -> dict[str, tuple[str, ...]]:
    """Each closing text of the page on SENTENCE, with the questions whose answers it states."""
    tokens = SENTENCE.split()
    return {qs.one_step_header(): qs.ONE_STEP_ANSWERS, qs.one_step_text(tokens): qs.ONE_STEP_ANSWERS,
            qs.one_step_intro(): qs.ONE_STEP_ANSWERS,  # and the causal counts sit inside that section
            qs.causal_step_text(len(tokens)): qs.ONE_STEP_ANSWERS + qs.CAUSAL_STEP_ANSWERS,
            **{f"**{text}**": kinds for text, _, _, kinds in qs.takeaways()}}


def answer_phrases(kind: str, q_seed: int) -> list[str]:
    """What would give question `kind` away: its answer as a sentence states it (a bare count like "1" is in every
    sentence, so only answers of three characters or more), its explanation, and its GIVEAWAYS."""
    q = qs.make_question(kind, q_seed)
    return [p for p in (q.answer_text, q.why) if len(p) >= 3] + GIVEAWAYS.get(kind, [])


def without_prompts(text: str, q_seed: int) -> str:
    for kind in qs.KINDS:  # a prompt may hold the numbers of its own answer ("W_Q is 8 × 4"); it asks, not answers
        text = text.replace(qs.make_question(kind, q_seed).prompt, "")
    return text


@pytest.mark.parametrize("q_seed", [0, 42])
def test_an_open_questions_answer_is_nowhere_on_the_page(q_seed):
    """Item 1: with every question open, no answer, no explanation and no closing text that states one is on the
    page ("Every position in one step", "attention needs 1 step" and the takeaways were)."""
    at = open_page(q=str(q_seed), text=SENTENCE)
    text = without_prompts(all_text(at), q_seed)
    for kind in qs.KINDS:
        for phrase in answer_phrases(kind, q_seed):
            assert phrase not in text, (kind, phrase)
    for element in closing_elements():
        assert element not in text, element
    assert "Key takeaways" in text and "once you have checked or shown question 11" in text


def test_each_closing_section_follows_the_answers_it_states():
    """Item 1, the mechanism: answering the questions one by one, each closing element is on the page exactly when
    every question it answers has been checked or shown, and each answer appears once its question is answered."""
    at = open_page(text=SENTENCE)
    answered = set()
    for kind in qs.KINDS:
        answer(at, kind, "", show=True)
        answered.add(kind)
        text = all_text(at)
        assert f"The answer is {qs.make_question(kind, 0).answer_text}." in text
        for element, kinds in closing_elements().items():
            assert (element in text) == (set(kinds) <= answered), (kind, element)
    assert not any("once you have checked or shown" in c.value for c in at.caption)
    at.button(key="reroll").click().run()  # new numbers: every question open again, so the sections wait again
    assert_ran(at)
    text = all_text(at)
    assert not [e for e in closing_elements() if e in text]


def test_a_check_that_skips_the_tested_step_is_not_quite_on_the_page():
    """Item 6 through the page: ?q=42 asked [16, 0] at d_k = 4, where the unscaled weight "1.00" earned "Right"."""
    q = qs.make_question("two_keys", 42)
    skipped = qs.KIND["two_keys"].skipped(q)[0]
    at = answer(open_page(q="42"), "two_keys", f"{skipped:.2f}")
    (warning,) = [w.value for w in at.warning]
    assert warning.startswith("**Not quite.** That is the weight without dividing by √d_k.")


@pytest.mark.parametrize("z1,d_k", [(8, 64), (1, 4)])
def test_both_pages_say_the_same_ratio_for_the_same_gradient(z1, d_k):
    """Item 7: [8, 0] at d_k = 64 read '586× larger' on Check yourself and 73× on the Scaling explorer; the
    explorer's metrics and Check yourself's proof now name the gradient, and give it the same ratio. At d_k = 4 with
    a gap of 1 the gradient reaching W_Q and W_K is smaller with scaling, and neither page says larger."""
    from attn_core.scaling import compare_two_keys
    from attn_lessons import scaling as say
    from tests.pages.test_scaling_explorer import metric

    two = compare_two_keys([z1, 0], d_k)
    explorer = run_page(named("scaling").path, za=str(z1), zb="0", dk1=str(d_k), reveal=1)
    assert_ran(explorer)
    helps = {m.label: m.proto.help for m in explorer.get("metric")}
    seed = next(s for s in range(1000) if qs.make_question("two_keys", s).params == {"s": 8, "d_k": 64}) \
        if d_k == 64 else None
    if seed is not None:  # Check yourself asks [8, 0] at d_k = 64 at this seed
        at = answer(open_page(q=str(seed)), "two_keys", "", show=True)
        proof = markdown_starting(at, "softmax([8, 0])")
        assert proof == qs.reveal_two_keys(two).text
    else:  # question 2 measures one spread apart at the learner's d_k; its words come from the same function
        proof = qs.reveal_two_keys(two).text
    for label, at_where in ((say.RATIO_LABEL, "softmax"), (say.RAW_RATIO_LABEL, "weights")):
        said = say.gradient_compared(two, at_where)
        text = said.text
        assert text in proof and text[0].upper() + text[1:] in helps[label], (text, proof, helps[label])
        ratio = metric(explorer, label)
        scaled, unscaled, _ = say.gradient_slopes(two, at_where)
        if scaled < unscaled:  # never "larger" for a gradient that scaling made smaller
            assert said.facts["compared"] in ("smaller", "same", "alike"), said
        elif not ratio.startswith("1.0"):
            assert said.facts["compared"] == "larger" and said.facts["said"]["ratio"] == ratio, (ratio, said)
    if d_k == 64:
        facts = qs.reveal_two_keys(two).facts["gradients"]
        assert metric(explorer, say.RAW_RATIO_LABEL) == "73×" == facts["weights"]["said"]["ratio"]
        assert facts["softmax"]["said"]["ratio"] == "586×"


# ------------------------------------------------------------------------------------------- in Chinese (issue 40)

ZH_STATES = ({}, *({k: v[0] for k, v in parse_qs(link).items()} for link in named("questions").examples))


def chinese_screen_runs(at: AppTest, text: str) -> list[str]:
    """The English runs of four words or more on the Chinese page, but for the learner's sentence and the questions'
    example sentences (attn_core's English passage, quoted) and the tokens' labels in the tables."""
    from tests.lessons.test_questions import passage_quotes
    from tests.prose import english_runs

    screen = re.sub(r"<(style|script)\b.*?</\1>", " ", screen_text(at), flags=re.S | re.I)
    screen = re.sub(r">\s*[a-z]+(?:·\d+)?\s*<", "> <", screen)  # a table's token labels: the·0, fox
    screen = re.sub(r":\w+-badge\[", "[", screen)  # the scoreboard's markdown badges
    return english_runs(screen, (text, *passage_quotes(screen)))


@pytest.mark.parametrize("state", ZH_STATES, ids=lambda s: "&".join(f"{k}={v}" for k, v in s.items()) or "defaults")
def test_the_page_reads_in_chinese_with_every_question_open_and_then_shown(state):
    """?lang=zh-CN at the defaults and the route's two example links: no English run of four words (but the
    learner's sentence and the questions' example sentences) with every question open, then with every one shown,
    and each reveal's proof and verdict in Chinese; the questions and the marks are the English page's."""
    text = state.get("text", "猫坐在垫子上")
    at = open_page(lang="zh-CN", **{**state, "text": text})
    assert at.title[0].value == "自我检测"
    assert not chinese_screen_runs(at, text), chinese_screen_runs(at, text)
    seed = int(state.get("q", 0))
    use("zh-CN")
    try:
        prompts = [qs.make_question(kind, seed).prompt for kind in qs.KINDS]
    finally:
        use("en")
    page = all_text(at)
    assert all(f"{number}.** {prompt}" in page for number, prompt in enumerate(prompts, 1))
    for kind in qs.KINDS:
        answer(at, kind, None, show=True)
    assert not chinese_screen_runs(at, text), chinese_screen_runs(at, text)
    page = all_text(at)
    assert page.count("答案是") == len(qs.KINDS) and "要点" in page and "The answer is" not in page
    assert [i.value for i in at.info][-1].startswith("答案是")


def test_a_wrong_reply_in_chinese_gets_its_hint_in_chinese():
    at = open_page(lang="zh-CN", text="猫坐在垫子上")
    q = qs.make_question("scale_heads", 0)
    answer(at, "scale_heads", "３２")  # √d_model = √512 ≈ 22.6 is the hint's reply; 32 is not: no hint, the answer
    answer(at, "qk_variance", "８")  # √d_k at d_k = 64: the standard deviation's hint, typed full-width
    use("zh-CN")
    try:
        hint = qs.KIND["qk_variance"].hint(qs.make_question("qk_variance", 0), 8.0)
        why = q.why
    finally:
        use("en")
    warnings = [w.value for w in at.warning]
    assert warnings[0].startswith("**不太对。**") and why in warnings[0]
    assert warnings[1].startswith(f"**不太对。** {hint}正确答案是 64。"), warnings[1]


@pytest.mark.parametrize("seed", [0, 2])  # seed 2: cross-attention, two sentences
def test_the_notebooks_prose_reads_in_both_languages(seed):
    """The notebook's markdown cells come from the catalog: English as before, and in Chinese no English run."""
    from tests.prose import english_runs

    english = [c.text for c in shown_cells(seed=seed) if c.kind == "markdown"]
    assert english[0].startswith("## The shape of the weight matrix") and "with no mask" in english[1]
    use("zh-CN")
    try:
        chinese = [c.text for c in shown_cells(seed=seed) if c.kind == "markdown"]
        sentence = qs.notebook_shape_sentence(*[list(passage_words(1))] * 2)
    finally:
        use("en")
    assert len(chinese) == len(english) and chinese[0].startswith("## 权重矩阵的形状") and "句子" in sentence
    assert all(not english_runs(text) for text in chinese), chinese
