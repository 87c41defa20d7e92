"""The home page through AppTest: the lookup picture, the URL state and bad input."""

from attn_ui.pages import named
import numpy as np
import pytest

import attn_core
from attn_core.builder import action_animal_pair, build, interpretable_start, random_start
from attn_core.lexicon import not_in_lexicon
from attn_lessons import home as say
from attn_lessons.builder import action_animal_lesson
from attn_lessons.format import num
from tests.apptest_utils import (
    all_text,
    assert_ran,
    bar_column,
    bar_tables,
    figures,
    run_page,
    table_titled,
    tables,
    taken_home,
    with_code,
)

HOME = "streamlit_app.py"


def home_numbers(text: str = "the cat sat on the mat", random: bool = False, seed: int = 0, d_model: int = 8):
    """What Home computes for a link, recomputed from attn_core: (labels, tokens, start, res)."""
    inputs = attn_core.build_inputs(text, seed, d_model)
    w = inputs.weights
    start = random_start(inputs.X, w.W_Q, w.W_K, w.W_V) if random else interpretable_start(inputs.tokens)
    return list(inputs.labels), inputs.tokens, start, build(start.X, start.W_Q, start.W_K, start.W_V)


def verdict_for(i: int, guess, **link):
    """Home's verdict on query i for `guess` (a label, or None when skipped), from attn_core's numbers."""
    labels, _, _, res = home_numbers(**link)
    return say.top_key_verdict(labels, i, res.scaled[i], res.weights[i], None if guess is None else labels.index(guess))


def caption(at, starts_with: str) -> str:
    """The caption (title, formula and shape) of the one table whose caption starts with `starts_with`."""
    (found,) = [t.caption for t in tables(at) if t.caption.startswith(starts_with)]
    return found


def printed(decimals: int = 2) -> dict:
    """assert_allclose's tolerance for a number read back from a table that prints `decimals` decimals."""
    return {"rtol": 0, "atol": 0.5 * 10**-decimals}


def test_defaults_draw_every_step_without_error():
    at = run_page(HOME, reveal=1)
    assert not at.exception
    names = [head for b in bar_tables(at) for head, _ in b.heads] + [t.caption for t in tables(at)]
    for start in ("1. score", "2. scaled", "3. weight", "wⱼ · vⱼ", "output = Σⱼ",
                  "weights = softmax(QKᵀ/√d_k)  (6 × 6)"):
        assert any(t.startswith(start) for t in names), (start, names)
    assert at.query_params["text"] == ["the cat sat on the mat"] or at.query_params["text"] == "the cat sat on the mat"


def test_numbers_on_screen_are_the_maths():
    at = run_page(HOME, query=2, seed=3, d_model=4, home_random=1, reveal=1)
    inputs = attn_core.build_inputs("the cat sat on the mat", 3, 4)
    w = inputs.weights
    ref = attn_core.scaled_dot_product_attention(inputs.X @ w.W_Q, inputs.X @ w.W_K, inputs.X @ w.W_V)
    np.testing.assert_allclose(table_titled(at, "weights = softmax(QKᵀ")[0], ref.weights, **printed())
    shares, keys, _ = table_titled(at, "wⱼ · vⱼ")
    output, (query,), _ = table_titled(at, "output = Σⱼ")
    assert keys == start_labels() and query == "sat"
    # the weighted sum really is the output: six printed shares and the printed output, each off by half a digit
    np.testing.assert_allclose(shares.sum(axis=0), output[0], rtol=0, atol=7 * printed()["atol"])
    np.testing.assert_allclose(output[0], ref.output[2], **printed())
    scores, keys, caption = bar_column(at, "1. score")
    assert "sat" in caption and keys == list(inputs.labels)
    np.testing.assert_allclose(scores, ref.scores[2], **printed(3))
    np.testing.assert_allclose(bar_column(at, "2. scaled")[0], ref.scaled[2], **printed(3))
    np.testing.assert_allclose(bar_column(at, "3. weight")[0], ref.weights[2], **printed(3))


def test_query_params_are_read_and_written_back():
    at = run_page(HOME, text="hello big world", seed=5, d_model=16, heads=4, query=1, home_random=1, home_qkv=1)
    assert at.text_area(key="text").value == "hello big world"
    assert at.number_input(key="seed").value == 5
    assert at.select_slider(key="d_model").value == 16
    assert at.selectbox(key="heads").value == 4
    assert at.selectbox(key="query").value == 1
    at.toggle(key="home_qkv").set_value(True).run()
    assert caption(at, "Q = X·W_Q").endswith("(3 × 16)")


def test_ten_tokens_give_a_ten_by_ten_matrix_live():
    at = run_page(HOME, text="one two three four five six seven eight nine ten", reveal=1)
    assert caption(at, "weights = softmax(QKᵀ").endswith("(10 × 10)")
    assert "10 × 10" in say.weight_matrix_sentence(10, 10, 10).text  # the source text's 10 × 10 for 10 tokens
    assert say.weight_matrix_sentence(10, 10, 10).text in all_text(at)


@pytest.mark.parametrize("qp,word", [
    ({"seed": "banana"}, "seed"),
    ({"d_model": "7"}, "d_model"),
    ({"heads": "3"}, "heads"),
    ({"text": "x" * 100_000}, "text"),
    ({"query": "99"}, "query"),
])
def test_bad_link_values_fall_back_with_a_notice(qp, word):
    at = run_page(HOME, reveal=1, **qp)
    assert not at.exception
    notices = " ".join(w.value for w in at.warning)
    assert word in notices and "default" in notices
    assert len(bar_tables(at)) == 1 and len(tables(at)) >= 3  # the query's bars; the shares, output and weights


def test_empty_sentence_keeps_the_last_good_one():
    at = run_page(HOME, text="a cat", reveal=1)
    at.text_area(key="text").set_value("   ").run()
    assert not at.exception
    assert "last good sentence" in " ".join(w.value for w in at.warning)
    assert caption(at, "weights = softmax(QKᵀ").endswith("(2 × 2)")


def test_long_text_is_cut_and_the_learner_told():
    at = run_page(HOME, text="word " * 500, reveal=1)
    assert not at.exception
    assert "500 tokens" in " ".join(i.value for i in at.info)
    assert caption(at, "weights = softmax(QKᵀ").endswith("(32 × 32)")


def test_emoji_and_html_are_just_tokens():
    at = run_page(HOME, text="<script>alert(1)</script> 🙂", reveal=1)
    assert not at.exception
    assert len(bar_tables(at)) == 1 and len(tables(at)) >= 3
    labels = attn_core.build_inputs("<script>alert(1)</script> 🙂", 0, 8).labels
    assert "<·0" in labels and labels[-1] == "🙂"
    assert table_titled(at, "weights = softmax(QKᵀ")[1] == labels  # every token comes back as text, not markup


def test_changing_d_model_keeps_heads_valid():
    at = run_page(HOME, d_model=8, heads=8)
    at.select_slider(key="d_model").set_value(6).run()
    assert not at.exception
    assert 6 % at.selectbox(key="heads").value == 0


def test_the_positions_caption_names_only_words_that_repeat():
    for text, repeats in (("one two three four five six seven eight nine ten", {}),
                          ("the cat saw the dog and the bird and the fish", {"the": 4, "and": 2})):
        at = run_page(HOME, text=text, home_random=1, reveal=1)
        note = say.positions_note(attn_core.build_inputs(text, 0, 8).tokens)
        assert note.facts["repeats"] == repeats and note.text in all_text(at)


def test_the_table_names_the_length_of_each_share_not_a_share():
    at = run_page(HOME, reveal=1)
    frame = at.table[0].value  # the browser's own table (st.table), not a canvas grid
    columns = list(frame.columns)
    assert "length ‖wⱼ·vⱼ‖" in columns and not any("share" in c for c in columns)
    start = attn_core_builder_start()
    res = build(start.X, start.W_Q, start.W_K, start.W_V)
    assert list(frame.index) == start_labels()
    np.testing.assert_allclose(frame["weight"].astype(float), res.weights[2], rtol=0, atol=5e-4)  # "sat"'s row


def test_the_sidebar_gives_the_d_k_this_single_head_page_uses():
    at = run_page(HOME, heads=2)
    side = " ".join(c.value for c in at.sidebar.caption)
    assert "one head, so its d_k is the whole width of its queries and keys" in side and "8 / 2 = 4" not in side
    assert "d_k = d_model" not in side  # with the named features Home's d_k is 7 (issue 30, item 15)


def test_a_page_that_splits_heads_shows_d_model_over_heads():
    at = run_page(named("masks").path, heads=2)
    assert "d_k = d_model / heads = 8 / 2 = 4" in " ".join(c.value for c in at.sidebar.caption)


@pytest.mark.parametrize("text", ["the cat sat on the mat", "a b c d e f g h", "a b c d e f g h i j k", "one"])
def test_the_weight_matrix_sentence_gives_the_live_size(text):
    n = len(text.split())
    said = say.weight_matrix_sentence(n, n, n)
    assert said.facts == {"tokens": n, "rows": n, "cols": n} and said.text in all_text(run_page(HOME, text=text,
                                                                                               reveal=1))


def test_home_shows_the_route_in_order_with_each_page_question():
    from attn_ui.pages import route

    at = run_page(HOME)
    links = [el.proto.label for el in at.get("page_link") if el.proto.label[:1].isdigit()]
    assert links == [f"{k}. {p.label} ({p.kind}, {p.minutes} min): {p.question}"
                     for k, p in enumerate(route()[1:], start=1)]
    assert all("text=the+cat" in el.proto.query_string for el in at.get("page_link"))


def test_home_does_not_answer_the_ten_token_question_before_it_is_asked():
    assert "Check yourself: a sequence of 10 tokens" not in all_text(run_page(HOME))


def test_home_opens_on_named_features_with_sat_asking_and_finding_cat():
    at = run_page(HOME, reveal=1)
    assert at.selectbox(key="query").value == 2  # "sat", the action in the classic sentence
    weights = bar_column(at, "3. weight")[0]
    assert int(np.argmax(weights)) == 1 and weights[1] > 0.5  # "cat" takes most of the weight
    labels, tokens, start, res = home_numbers()
    assert action_animal_pair(tokens) == (2, 1)
    note = action_animal_lesson(labels, 2, 1, start.X, start.W_Q, start.W_K, res.Q, res.K, res.scores, res.weights,
                                res.d_k)
    assert note.kind == "success" and note.facts["rank"] == "largest"  # the lesson box says "cat" wins, and it does
    assert note.text in [s.value for s in at.success]


def test_the_random_switch_brings_the_seeded_weights_back():
    at = run_page(HOME, reveal=1)
    at.toggle(key="home_random").set_value(True).run()
    assert say.random_weights_caption(0, 8) in all_text(at)
    assert at.query_params["home_random"] in (["1"], "1")


def test_the_query_is_predicted_before_its_weights_appear():
    at = run_page(HOME)
    assert not bar_tables(at)
    at.radio(key="home_top_value").set_value("cat").run()  # the right answer for "sat"
    at.button(key="home_top_check").click().run()
    assert "Right." in " ".join(s.value for s in at.success)
    assert bar_column(at, "3. weight")


def test_a_wrong_prediction_is_explained_from_the_numbers():
    at = run_page(HOME)
    at.radio(key="home_top_value").set_value("mat").run()
    at.button(key="home_top_check").click().run()
    warning = " ".join(w.value for w in at.warning)
    said = verdict_for(2, "mat")
    assert not said.facts["right"] and said.facts["top"] == (1,) and said.facts["guess_weight"] is not None
    assert "Not quite." in warning and said.text in warning


def test_show_me_reveals_without_a_verdict():
    at = run_page(HOME)
    at.button(key="home_top_skip").click().run()
    verdicts = " ".join(e.value for e in (*at.success, *at.warning))
    assert bar_column(at, "3. weight") and "Right." not in verdicts and "Not quite." not in verdicts
    said = verdict_for(2, None)
    assert said.facts["key"] == 1 and said.text in [i.value for i in at.info]


def test_the_sidebar_says_when_a_page_uses_none_of_its_settings():
    at = run_page(named("training").path)
    side = " ".join(c.value for c in at.sidebar.caption)
    assert "does not use these settings" in side and "d_model / heads" not in side


def test_show_the_code_is_the_notebook_text_and_the_notebook_downloads():
    import nbformat

    from attn_ui import notebooks as nbk

    at = run_page(HOME, reveal=1)
    assert not at.code  # built only when asked for
    code = with_code(at).code[0].value
    assert code.startswith("import numpy as np") or "import numpy as np" in code
    assert "weights = softmax(" in code or "softmax(" in code
    button = at.get("download_button")
    assert len(button) == 1 and button[0].proto.label == "Download as a notebook"
    start = attn_core_builder_start()
    res = build(start.X, start.W_Q, start.W_K, start.W_V)
    offered = taken_home(HOME)
    assert nbk.page_code(offered.cells).strip() == code.strip()  # the code on screen is the notebook's code
    params = next(c.text for c in offered.cells if nbk.PARAMETERS in c.tags)
    assert nbk.literal("X", start.X) in params and nbk.literal("shown_weights", res.weights) in params
    assert f"labels = {start_labels()!r}" in params and "i = 2  # the query the page shows: 'sat'" in params
    nbformat.validate(offered.notebook())


def attn_core_builder_start():
    from attn_core.builder import interpretable_start

    return interpretable_start(("the", "cat", "sat", "on", "the", "mat"))


def start_labels():
    return attn_core.token_labels(("the", "cat", "sat", "on", "the", "mat"))


def test_another_query_redraws_its_sections_and_the_notebook_code():
    at = with_code(run_page(HOME, reveal=1))
    at.selectbox(key="query").set_value(5).run()  # reruns the query's sections and the notebook only
    assert any("i = 5" in c.value for c in at.code), "the notebook code did not follow the query"
    at.run()
    assert say.output_header("mat") in all_text(at)
    assert [c.value for c in at.code if "i = 5" in c.value]


def test_wide_random_weights_put_the_code_behind_a_toggle():
    at = run_page(HOME, home_random=1, d_model=64, text=" ".join(f"w{i}" for i in range(32)))
    assert not [c for c in at.code if "import numpy as np" in c.value]
    at.toggle(key="show_code").set_value(True).run()
    assert [c for c in at.code if "W_Q = np.array" in c.value]


def test_the_matrices_are_tables_and_so_is_the_query_row():
    """Issue 21: every matrix a learner reads is an HTML table; so is one query's row, its bars behind its numbers."""
    at = run_page(HOME, reveal=1)
    at.toggle(key="home_qkv").set_value(True).run()
    assert [t.caption for t in tables(at)] == [
        "wⱼ · vⱼ, each key's share  (6 × 7)", "output = Σⱼ wⱼ·vⱼ  (1 × 7)", "weights = softmax(QKᵀ/√d_k)  (6 × 6)",
        "Q = X·W_Q  (6 × 7)", "K = X·W_K  (6 × 7)", "V = X·W_V  (6 × 7)"]
    assert not figures(at)  # the query's row too is a table: its bars are drawn behind its numbers
    (bars,) = bar_tables(at)
    assert bars.caption == "What “sat” asks of every key  (6 × 3)"
    assert [h for h, _ in bars.heads] == ["key j", "1. score q·kⱼ", "2. scaled: ÷ √7", "3. weight"]
    assert not [t for t in at.toggle if "table" in t.label]  # no "Show the numbers as a table" switch
    start = attn_core_builder_start()
    res = build(start.X, start.W_Q, start.W_K, start.W_V)
    for name, M in (("Q", res.Q), ("K", res.K), ("V", res.V)):
        values, rows, cols = table_titled(at, f"{name} = X·W_{name}")
        np.testing.assert_allclose(values, M, **printed())
        assert rows == start_labels() and cols == list(getattr(start, f"{name.lower()}_dims"))


def test_one_token_asks_no_question_with_one_answer():
    """Issue 22, ?text=hello: the one key is shown, not asked about; and the sentences count one token."""
    at = run_page(HOME, text="hello")
    assert not at.main.radio and say.top_key_question("hello") not in all_text(at)
    said = verdict_for(0, None, text="hello")
    assert said.facts["kind"] == "alone" and said.facts["weight"] == 1
    assert said.text in [i.value for i in at.info]
    text = all_text(at)
    assert say.weight_matrix_sentence(1, 1, 1).text in text
    assert "every key the same" not in text and "1.000 each" not in text and "1 tokens" not in text


# ---------------------------------------------------------------- issue 23: a prediction belongs to its question


def answer(at, label: str):
    """Pick `label` and check it; the run after the click shows the stored guess."""
    at.radio(key="home_top_value").set_value(label)
    return at.button(key="home_top_check").click().run().run()


def verdicts(at) -> list[str]:
    return [e.value for e in (*at.success, *at.warning) if e.value.startswith(("**Right.**", "**Not quite.**"))]


def assert_open(at, question: str):
    """The question is asked afresh: no stored guess, no verdict, nothing picked, no weights drawn."""
    text = all_text(at)
    assert question in text and "Your prediction" not in text
    assert not verdicts(at) and at.radio(key="home_top_value").value is None
    assert not figures(at) and not at.table


def test_a_new_query_opens_the_question_again_with_no_verdict():
    at = answer(run_page(HOME), "cat")
    assert "Your prediction: **cat**" in all_text(at) and verdicts(at)[0].startswith("**Right.**")
    at.selectbox(key="query").set_value(3).run()  # "on"
    at.run()
    assert_open(at, say.top_key_question("on"))
    at.selectbox(key="query").set_value(2).run()  # back to "sat": a new question, not the old answer
    at.run()
    assert_open(at, say.top_key_question("sat"))


def test_a_new_sentence_opens_it_again_and_the_guess_is_the_token_chosen():
    at = answer(run_page(HOME), "cat")
    at.text_area(key="text").set_value("the dog chased the ball across the park").run()
    assert_open(at, say.top_key_question("chased"))
    assert "**chased**" not in all_text(at)
    at = answer(at, "dog")
    assert "Your prediction: **dog**" in all_text(at) and verdicts(at)[0].startswith("**Right.**")


@pytest.mark.parametrize("switch_to", [True, False])
def test_another_kind_of_weights_opens_the_question_again(switch_to):
    """Issue 30 item 5: a guess made under the named features was kept, and graded again, under random weights.
    The kind of weights is what the question is about, like the sentence and the query."""
    at = answer(run_page(HOME, home_random=int(not switch_to), query=2), "mat")
    assert "Your prediction: **mat**" in all_text(at) and verdicts(at)
    at.toggle(key="home_random").set_value(switch_to).run()
    at.run()
    assert_open(at, say.top_key_question("sat"))
    assert "checked against the numbers" not in all_text(at)


def test_a_tie_in_print_is_right_and_said_to_be_one():
    """Issue 30 item 3: random weights, seed 0, query “the·0”: “the·0” and “cat” both print 0.199; “cat” was
    graded "Not quite"."""
    at = answer(run_page(HOME, home_random=1, seed=0, query=0), "cat")
    said = verdict_for(0, "cat", random=True)
    assert said.facts["right"] and said.facts["kind"] == "tie" and said.facts["top"] == (0, 1)
    assert num(said.facts["weight"], 3) == "0.199"  # the two keys issue 30 saw print alike
    (shown,) = verdicts(at)
    assert shown.startswith("**Right.**") and said.text in shown


@pytest.mark.parametrize("move", ["seed", "d_model"])
def test_what_only_moves_the_numbers_keeps_the_reveal_and_checks_it_again(move):
    at = run_page(HOME, home_random=1)
    at = answer(at, "mat")
    assert "checked against the numbers" not in all_text(at)
    if move == "seed":
        at.number_input(key="seed").set_value(4).run()
    else:
        at.select_slider(key="d_model").set_value(16).run()
    at.run()
    text = all_text(at)
    assert "Your prediction: **mat**" in text and "checked against the numbers on the page now" in text
    assert len(verdicts(at)) == 1 and bar_column(at, "3. weight")
    weights = bar_column(at, "3. weight")[0]
    assert verdicts(at)[0].startswith("**Right.**") == (int(np.argmax(weights)) == 5)  # the verdict for these numbers


def page_numbers(at) -> str:
    """Everything the page draws: its text, its tables' markup, its figures' data and any st.table's cells."""
    import json

    parts = [all_text(at), *(el.proto.body for el in at.get("html")), json.dumps(figures(at))]
    parts += [t.value.to_string() for t in at.table]
    return "\n".join(parts)


@pytest.mark.parametrize("params", [{}, {"home_random": "1", "seed": "3"}, {"text": "my sister fed the cat"}])
def test_while_the_question_is_open_no_number_that_answers_it_is_drawn(params):
    import re

    at = run_page(HOME, **params)
    i = at.selectbox(key="query").value
    assert at.radio(key="home_top_value").value is None
    drawn = page_numbers(at)
    assert not figures(at) and not at.table
    assert not [t for t in tables(at) if t.caption.startswith(("weights = softmax", "wⱼ · vⱼ", "output = Σ"))]
    inputs = attn_core.build_inputs(params.get("text", "the cat sat on the mat"), int(params.get("seed", 0)), 8)
    if params.get("home_random"):
        w = inputs.weights
        res = build(inputs.X, w.W_Q, w.W_K, w.W_V)
    else:
        start = attn_core_interpretable(inputs.tokens)
        res = build(start.X, start.W_Q, start.W_K, start.W_V)
    shares = res.weights[i][:, None] * res.V
    answering = [*res.weights[i], *res.scores[i], *res.scaled[i], *np.linalg.norm(shares, axis=1)]
    printed = {num(x, d) for x in answering if abs(x) >= 0.005 for d in (2, 3)} - {"1.00", "1.000", "3.00", "0.00"}
    leaks = [p for p in printed if re.search(rf"(?<![\d.]){re.escape(p)}(?!\d)", drawn)]
    assert not leaks, leaks
    at = answer(at, at.radio(key="home_top_value").options[0])
    assert bar_column(at, "3. weight")  # and once answered, they are drawn


def attn_core_interpretable(tokens):
    from attn_core.builder import interpretable_start

    return interpretable_start(tokens)


# ---------------------------------------------------------------- issue 23: your own sentence works


def test_words_outside_the_lexicon_are_named_with_sentences_one_click_away():
    text = "the quick brown fox jumps over the lazy dog"
    at = run_page(HOME, text=text)
    labels, tokens, _, _ = home_numbers(text)
    said = say.unknown_words(labels, not_in_lexicon(tokens))
    assert [labels[i] for i in said.facts["named"]] == ["quick", "brown", "lazy"] and not said.facts["more"]
    assert said.text in [i.value for i in at.info]
    from attn_lessons.home import WORKING_SENTENCES

    assert [b.label for b in at.button if b.key.startswith("home_try_")] == list(WORKING_SENTENCES)
    at.button(key="home_try_1").click().run()
    assert_ran(at)
    assert at.text_area(key="text").value == WORKING_SENTENCES[1]
    assert not [b for b in at.button if b.key.startswith("home_try")]
    assert not [i for i in at.info if i.value == said.text]
    assert say.top_key_question("fed") in all_text(at)  # its first action asks
    assert at.query_params["text"] in (WORKING_SENTENCES[1], [WORKING_SENTENCES[1]])


def test_random_weights_need_no_lexicon_and_say_nothing_about_it():
    labels, tokens, _, _ = home_numbers("the quick brown fox")
    said = say.unknown_words(labels, not_in_lexicon(tokens))
    assert [labels[i] for i in said.facts["named"]] == ["quick", "brown"]
    at = run_page(HOME, text="the quick brown fox", home_random=1)
    assert said.text not in all_text(at) and not [b for b in at.button if b.key.startswith("home_try")]
    at.toggle(key="home_random").set_value(False).run()
    assert said.text in all_text(at)


# ---------------------------------------------------------------- issue 23: a 30-minute core; the route on a phone


def test_home_reads_in_its_budget_with_the_picture_on_the_first_screen():
    from tests.lesson_length import PAGE_WORDS, WORDS_BEFORE_PICTURE, reading

    words, before = reading(run_page(HOME, reveal=1))
    assert words <= PAGE_WORDS and before is not None and before <= WORDS_BEFORE_PICTURE, (words, before)
    words, before = reading(run_page(HOME))  # with the question open, it opens the picture
    assert before <= WORDS_BEFORE_PICTURE


def test_home_names_heads_only_with_where_they_are_taught():
    from tests.lesson_length import _blocks

    said = [text for _, text, _ in _blocks(run_page(HOME, reveal=1).main) if text and "head" in text.lower()]
    assert said and all("taught on Masks and heads" in text for text in said), said


def test_the_route_labels_wrap_instead_of_being_cut_off():
    at = run_page(HOME)
    (style,) = [el.proto.body for el in at.get("html") if "stPageLink" in el.proto.body]
    assert ".st-key-home_route" in style and "white-space: normal" in style and "text-overflow: clip" in style
    assert len([el for el in at.get("page_link") if el.proto.label[:1].isdigit()]) >= 7


# ---------------------------------------------------------------- issue 40: Home in Simplified Chinese

NOTATION = ("sin p", "cos p")  # the position columns' names: notation, the same in both languages


def _link(example: str) -> dict[str, str]:
    return dict(part.split("=", 1) for part in example.split("&"))


def chinese_runs(at) -> list[str]:
    """The runs of four or more English words on the screen, outside code, formulas, style sheets, the learner's own
    sentence and its tokens, and the position columns' names."""
    import re

    from tests.apptest_utils import screen_text
    from tests.prose import english_runs

    text = re.sub(r"<style.*?</style>", " ", screen_text(at), flags=re.S)
    for token in at.selectbox(key="query").options:  # the learner's tokens, in the tables' rows and columns
        text = re.sub(rf"(?<![\w·]){re.escape(token)}(?![\w·])", " ", text)
    return english_runs(text, allowed=(at.text_area(key="text").value, *NOTATION))


def answered(at, key: str):
    """The page with its prediction `key` answered (its first option, checked), when it asks one."""
    if f"{key}_value" in {r.key for r in at.radio}:
        at.radio(key=f"{key}_value").set_value(at.radio(key=f"{key}_value").options[0]).run()
        at.button(key=f"{key}_check").click().run()
        assert_ran(at)
    return at


def in_language(lang: str, make):
    """`make()` with the words read in `lang`, the session's language put back after."""
    from attn_lessons.i18n import current, use

    before = current()
    use(lang)
    try:
        return make()
    finally:
        use(before)


@pytest.mark.parametrize("link", [{}, *map(_link, named("home").examples)], ids=["defaults", "example 1", "example 2"])
def test_home_reads_fully_in_chinese_with_its_question_open_and_answered(link):
    at = run_page(HOME, lang="zh-CN", **link)
    assert_ran(at)
    assert at.radio(key="home_top_value").value is None  # open: the question and what surrounds it
    assert not chinese_runs(at), chinese_runs(at)
    at = answered(at, "home_top")
    assert bar_column(at, in_language("zh-CN", lambda: say.query_titles("", 1)[1][2]))  # its weights, once answered
    assert not chinese_runs(at), chinese_runs(at)
    assert at.title[0].value == "注意力探索器"


def test_the_chinese_verdict_states_the_same_facts_and_quotes_its_numbers():
    from attn_lessons.format import enough

    at = run_page(HOME, lang="zh-CN", text="the cat sat on the mat")
    guess = at.radio(key="home_top_value").options[0]  # what answered() picks
    at = answered(at, "home_top")
    english = in_language("en", lambda: verdict_for(2, guess))
    chinese = in_language("zh-CN", lambda: verdict_for(2, guess))
    assert chinese.facts == english.facts and chinese.text != english.text
    assert chinese.text in " ".join(e.value for e in (*at.success, *at.warning))
    assert enough(chinese.facts["weight"]) in chinese.text and "“cat”" in chinese.text


def test_the_chinese_route_and_links_read_from_the_route_in_chinese():
    from attn_ui.pages import route

    at = run_page(HOME, lang="zh-CN")
    links = [link.proto.label for link in at.get("page_link")]
    zh = in_language("zh-CN", lambda: [(p.label, p.question) for p in route()])
    for label, question in zh[1:]:
        assert any(label in text and question in text for text in links), (label, question, links)
    assert any(text.startswith("下一页：" + zh[1][0]) for text in links)


def test_the_notebooks_prose_is_chinese_in_chinese():
    from tests.prose import english_runs

    offered = in_language("zh-CN", lambda: taken_home(HOME, lang="zh-CN", text="the cat sat on the mat"))
    prose = [c.text for c in offered.cells if c.kind == "markdown"]
    assert len(prose) == 5 and all(not english_runs(p, allowed=("sat",)) for p in prose), prose
    assert "三种角色" in "\n".join(prose) and "“sat”" in "\n".join(prose)
