"""Class mode's words: the learner's line, the dashboard's sentences and the order of its questions.

A sentence that counts learners or answers returns the counts it states (a Said, or WrongSaid's fields): the tests
check those against the counts given, and that the text states each of them, never how it is phrased."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from attn_lessons import classroom as words
from attn_lessons.asked import labels_of
from attn_lessons.misconceptions import PAGE_OF, QUESTIONS
from tests.prose import claims, never_true


def states(text: str, *numbers) -> None:
    """Each number is in the text as a number of its own (not the 1 of 12), and nothing never true is."""
    for n in numbers:
        claims(rf"(?<![\d.]){n}(?![\d.]\d)", text)
    assert not never_true(text), never_true(text)


def test_the_learner_is_told_their_class_and_that_it_is_anonymous():
    assert words.class_line("K7Q2PM") == "In class K7Q2PM: your answers are shared anonymously with your teacher."


@pytest.mark.parametrize("joined,active", [(1, 0), (12, 9), (0, 0)])
def test_the_dashboard_counts_sessions_and_says_so(joined, active):
    said = words.learners_text(joined, active)
    assert said.facts == {"joined": joined, "active": active, "minutes": words.ACTIVE_MINUTES}
    states(said.text, joined, active, words.ACTIVE_MINUTES)
    assert words.SESSIONS_NOTE in said.text  # what a learner is: the note is the point


@pytest.mark.parametrize("answered,right,attempts", [(3, 1, 3), (1, 1, 3), (7, 0, 7), (200, 199, 250)])
def test_first_attempts_are_worded_from_their_counts(answered, right, attempts):
    said = words.first_attempt_text(answered, right, attempts)
    share = round(100 * right / answered)
    assert said.facts == {"answered": answered, "right": right, "percent": share, "later": attempts - answered}
    states(said.text, answered, right, share, *([attempts - answered] if attempts > answered else []))


def test_no_first_attempt_claims_no_count():
    said = words.first_attempt_text(0, 0, 0)
    assert said.facts["answered"] == 0 and said.facts["percent"] is None and "%" not in said.text


def test_the_most_common_wrong_answer_names_its_misconception_or_says_it_has_none():
    said = words.wrong_said("mistakes.axis", {}, 5, 1, {("the rows", "softmax over the queries"): 2, ("7", None): 1})
    assert (said.tie, said.count, said.top[0].answers, said.top[0].shows) == (
        False, 2, ("the rows",), "softmax over the queries")
    states(said.text, 2, 5)
    assert "“the rows”" in said.text and "softmax over the queries" in said.text and "“7”" not in said.text
    said = words.wrong_said("mistakes.axis", {}, 1, 0, {("7", None): 1})
    assert said.top[0].shows is None and "“7”" in said.text
    assert not any(w.shows in said.text for w in QUESTIONS["mistakes.axis"].wrong)  # it names no misconception


def test_a_state_is_said_in_words_and_a_question_by_its_title():
    assert words.state_text({"sentence": "class", "seed": 0, "query": "sat"}) == (
        "Asked on the class's sentence, with “sat” as the query, seed 0.")
    assert words.state_text({"sentence": "own"}) == "Asked on a learner's own sentence."
    # the projector puts the class's sentence back and quotes it; a learner's own is never in a state to quote
    shown = words.with_class_text({"sentence": "class"}, {"text": "the cat sat on the mat"})
    assert words.state_text(shown) == "Asked on the class's sentence, “the cat sat on the mat”."
    assert words.with_class_text({"sentence": "own"}, {"text": "the cat sat on the mat"}) == {"sentence": "own"}
    assert words.question_title("mistakes.axis") == "With softmax(scores, axis=0), which sums to 1?"
    assert words.question_title("made.up") == "made.up"
    assert words.page_name("common_mistakes") == "Common mistakes" and words.page_name("home") == "Home"
    assert words.page_name("qkv_builder") == "Q/K/V builder" and words.page_name("new_page") == "New page"


def test_the_answers_chart_lists_the_right_answers_then_the_wrong_ones_most_given_first():
    answers = {"8": 3, "22.6": 1, "0.5": 3, "b": 2, "a": 2}
    wrong = {("22.6", "why"): 1, ("0.5", None): 3, ("a", None): 2}
    assert words.answer_bars(answers, wrong) == [(True, "right", ["8", "b"], [3, 2]),
                                                (False, "wrong", ["0.5", "a", "22.6"], [3, 2, 1])]
    assert words.answer_bars({"yes": 5}, {}) == [(True, "right", ["yes"], [5])]  # no wrong answer: no series
    assert words.answer_bars({}, {}) == []
    (_, _, labels, _), = words.answer_bars({"x" * 80: 1}, {})
    assert labels == ["x" * words.ANSWER_LABEL]


# ------------------------------------------------------------------------ every question in the lesson's words
CLASS = {"text": "the cat sat on the mat", "seed": "0", "d_model": "8", "heads": "2"}  # ClassInfo.settings
SIDEBAR = {"seed": 0, "d_model": 8, "heads": 2}
# A state for each question as class mode records it on the class's sentence (its text left out, 'sentence':
# 'class'), by kind, and for the questions whose page records more, by id: what each page hands to reveal.
BY_KIND = {"token": {**SIDEBAR, "query": 2, "start": "interpretable"},
           "option": dict(SIDEBAR), "number": {"scores": [8.0, 0.0], "d_k": 64},
           "keys": {**SIDEBAR, "mask": "padding", "query": 2, "n_tokens": 8, "n_real": 6},
           "quiz": {"seed": 3}}
BY_ID = {"builder.double_wq": {**SIDEBAR, "query": 2, "start": "random", "pe": True},
         "training.race": {"d_k": 16, "lr": 0.3, "loss": "ce", "steps": 50, "seed": 11},
         "mask_mistakes.row_sum": {**SIDEBAR, "mask": "causal", "query": 2},
         # this page's own model has no seed, d_model or heads: the page records the sequence's label of the query
         "induction.look": {"source": "sentence", "query": "sat·8", "at": 9}}
# A field's name where the lesson's words belong: "d model 8", "pe True", "n real 6", "query 2", "start “random”"
FIELD_NAMES = re.compile(r"\bd model\b|\bd k\b|\b(?:pe|lr|n_tokens|n_real|start|loss|mask) [“\d\[TF]"
                         r"|\bsentence “(?:class|own)”|\bn (?:real|tokens)\b|\b[Qq]uery \d+(?!'s)"
                         r"|\b(?:True|False|None)\b|\bQkv\b|_builder|_lab")


def recorded(a) -> dict:
    """The sample state of question `a`, as class mode records it on the class's sentence."""
    state = dict(BY_ID.get(a.id, BY_KIND[a.kind]))
    return {**state, "sentence": "class"} if "query" in state or "d_model" in state else state


def test_the_field_name_finder_sees_the_old_dashboard():
    for old in ("Asked on the class's sentence, d model 8, d k 64, pe True.", "n real 6, n tokens 6",
                "query 2, seed 0", "Qkv builder", "start “random”", "sentence “class”"):
        assert FIELD_NAMES.search(old), old
    assert not FIELD_NAMES.search("with “sat” as the query, positions on, d_model 8, d_k 64, 2 heads. Query 0's")


@pytest.mark.parametrize("a", list(QUESTIONS.values()), ids=lambda a: a.id)
def test_every_question_is_named_in_the_lessons_words(a):
    """The page's title as the sidebar has it, the question's own wording, the query as a token, the settings as
    the sidebar and the page show them; and the same on a learner's own sentence, where no token is known."""
    state = recorded(a)
    page, title = words.page_name(PAGE_OF[a.id]), words.question_title(a.id)
    line, asked = words.state_text(state, CLASS, a.id), words.asked_as(a.id, state, CLASS)
    assert page in words.PAGE_TITLES.values() and title == a.title and title.endswith("?")
    assert title[0].isupper() and "  " not in title and len(title) <= 60
    for text in (page, title, line, asked):
        assert not FIELD_NAMES.search(text), (a.id, text)
    if "query" in state:
        token = (labels_of({**CLASS, "text": CLASS["text"]})[2] if a.kind != "keys" else "sat") \
            if a.id != "induction.look" else "sat·8"
        assert f"“{token}”" in line, line
        assert f"“{token}”" in asked or a.id not in words._ASKED_AS, asked  # its own wording where it has one
    if "d_model" in state:
        assert "d_model 8, 2 heads, seed 0" in line
    if a.kind == "quiz":
        assert line == "Asked with question seed 3." and asked != a.title  # its prompt, at its seed
    own = {k: v for k, v in state.items() if isinstance(v, (int, float, bool))} | {"sentence": "own"}
    own_line, own_asked = words.state_text(own, CLASS, a.id), words.asked_as(a.id, own, CLASS)
    assert not FIELD_NAMES.search(own_line) and not FIELD_NAMES.search(own_asked), (own_line, own_asked)
    assert "sat" not in own_line and "sat" not in own_asked  # their sentence is never sent: no token of it here
    if "query" in own:
        assert "with its 3rd token as the query" in own_line


def test_the_settings_read_as_the_sidebar_and_the_pages_show_them():
    line = words.state_text({**BY_ID["builder.double_wq"], "sentence": "class"}, CLASS, "builder.double_wq")
    assert line == ("Asked on the class's sentence, with “sat” as the query, random weights, positions on, "
                    "d_model 8, 2 heads, seed 0.")
    assert words.state_text({**BY_KIND["keys"], "sentence": "class"}, CLASS, "masks.see") == (
        "Asked on the class's sentence, with “sat” as the query, the padding mask, 2 ⟨pad⟩ tokens after the "
        "sentence, d_model 8, 2 heads, seed 0.")
    assert words.state_text(BY_ID["training.race"], None, "training.race") == (
        "Asked with d_k 16, loss: name the position (cross-entropy), learning rate 0.3, 50 training steps, data "
        "seed 11.")
    assert words.asked_as("builder.double_wq", {"sentence": "class", "query": 2}, CLASS) == (
        "Suppose every entry of W_Q were doubled. What would happen to the weights of “sat” over the keys? Its query "
        "is its row of Q above, and Q = X·W_Q.")
    assert words.asked_as("home.top_key", {"sentence": "class", "query": 0}, {"text": "the cat saw the dog"}) == (
        "Which key will “the·0” give the most weight?")  # the label the page showed, position and all
    assert words.asked_as("home.top_key", {"sentence": "own", "query": 0}, CLASS) == words.question_title(
        "home.top_key")
    assert words.state_text({"query": 99, "sentence": "class"}, CLASS, "home.top_key") == (
        "Asked on the class's sentence, with its 100th token as the query.")  # a state the sentence cannot hold
    ordinal = [words.state_text({"query": n - 1}, None, "scaling.softmax") for n in (1, 2, 3, 4, 11, 12, 13, 21, 22,
                                                                                    101)]
    assert [line.removeprefix("Asked with with its ").removesuffix(" token as the query.") for line in ordinal] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]


def test_every_question_is_asked_on_a_page_the_dashboard_can_title():
    """Each question's page is the route entry that declares it, titled as the sidebar titles it; a page the route
    no longer has (an old row) is named in words."""
    from attn_ui.pages import route

    assert set(PAGE_OF) == set(QUESTIONS)
    assert {PAGE_OF[q] for q in QUESTIONS} <= set(words.PAGE_TITLES)
    assert {p.label for p in route()} == {words.page_name(p.slug) for p in route()}
    assert words.page_name("never_a_page") == "Never a page"


def test_answers_about_learners_own_sentences_are_right_or_wrong_with_no_made_up_answer():
    wrong = {("wrong", "a token gives its own key the most weight"): 2, ("wrong", None): 1}
    said = words.wrong_said("home.top_key", {"sentence": "own"}, 5, 2, wrong)
    assert (said.count, [g.shows for g in said.top]) == (2, ["a token gives its own key the most weight"])
    text = said.text
    assert said.wrong == 3 and "“wrong”" not in text  # no made-up answer: the learners' tokens were never kept
    states(text, 3, 5, 2)
    assert "a token gives its own key the most weight" in text
    said = words.wrong_said("home.top_key", {"sentence": "own"}, 2, 2, {})
    assert said.top == [] and said.wrong == 0 and said.text.endswith(words.NO_WRONG)
    said = words.wrong_said("home.top_key", {"sentence": "own"}, 1, 0, {("wrong", None): 1})
    assert said.top == [] and said.wrong == 1  # no tag: nothing to name
    states(said.text, 1)
    assert not any(w.shows in said.text for w in QUESTIONS["home.top_key"].wrong)
    said = words.wrong_said("home.top_key", {"sentence": "class"}, 3, 1, {("cat", None): 2})
    assert (said.count, said.top[0].answers, said.top[0].shows) == (2, ("cat",), None)
    states(said.text, 2, 3)
    assert "“cat”" in said.text and not any(w.shows in said.text for w in QUESTIONS["home.top_key"].wrong)
    assert words.wrong_said("mistakes.axis", {"sentence": "own"}, 1, 1, {}).text == words.NO_WRONG  # options: kept


def test_the_storage_note_names_no_path():
    assert "/" not in words.LOCAL_FILE and "classroom.db" not in words.LOCAL_FILE and "{" not in words.LOCAL_FILE
    assert "local file" in words.LOCAL_FILE and "PostgreSQL" in words.LOCAL_FILE


# ------------------------------------------------------------------------ the projector view
def test_the_projector_keeps_the_lessons_order_as_answers_arrive():
    @dataclass
    class S:
        page: str
        question: str
        state: dict

    qs = [S("check_yourself", "quiz.roles", {"seed": 1}), S("home", "home.top_key", {"sentence": "own"}),
          S("common_mistakes", "mistakes.axis", {}), S("home", "home.top_key", {"sentence": "class"})]
    order = words.projector_order(qs)
    assert [(s.page, s.state.get("sentence")) for s in order] == [
        ("home", "class"), ("home", "own"), ("common_mistakes", None), ("check_yourself", None)]
    assert len({words.stats_key(s) for s in qs}) == 4
    for answered, present in ((3, 12), (1, 1), (2, 1), (30, 0), (0, 4)):
        said = words.present_text(answered, present)
        # learners who answered and left count among those who answered, never as a share of those here
        assert said.facts == {"answered": answered, "present": present, "of_present": answered <= present}
        states(said.text, answered, present)
    assert words.present_text(30, 30).facts["of_present"] and not words.present_text(31, 30).facts["of_present"]


def test_the_projector_hides_the_right_answer_until_it_is_revealed():
    answers = {"the rows (each query's weights)": 3, "the columns (each key's weights)": 2, "neither": 2}
    wrong = {("the rows (each query's weights)", "x"): 3, ("neither", None): 2}
    hidden = words.lead_bars("mistakes.axis", {}, answers, wrong, False)
    shown = words.lead_bars("mistakes.axis", {}, answers, wrong, True)
    assert [r for _, _, r in hidden] == [None] * 3 and not any("✓" in label for label, _, _ in hidden)
    # the question's own order of options, the same before and after the reveal: no bar moves, none gives it away
    assert [n for _, n, _ in hidden] == [n for _, n, _ in shown] == [3, 2, 2]
    assert [r for _, _, r in shown] == [False, True, False] and shown[1][0].startswith("✓ the columns")
    assert hidden[0][0] == "the rows (each query's<br>weights)"  # wrapped for large type
    assert words.lead_bars("home.top_key", {"sentence": "own"}, {"right": 2}, {}, False) == []
    assert words.lead_bars("x", {}, {"<b>": 1}, {}, False)[0][0] == "&lt;b&gt;"
    nobody = words.lead_bars("mistakes.axis", {}, {"neither": 1}, {("neither", None): 1}, True)
    assert [(n, r) for _, n, r in nobody] == [(0, None), (0, None), (1, False)]  # an option nobody gave: not judged
    cases = [(("mistakes.axis", {}, answers, wrong, 7, 2), ["the columns (each key's weights)"], "given"),
             (("scaling.softmax", {}, {"1.00": 1, "0.99": 1}, {}, 2, 2), ["0.99", "1.00"], "given"),
             (("mistakes.axis", {}, {"neither": 1}, {("neither", None): 1}, 1, 0), [], "none"),
             (("quiz.weights_total", {"seed": 0}, {}, {}, 0, 0), [mc.quiz_question("weights_total", 0).answer_text],
              "quiz"),
             (("home.top_key", {"sentence": "own"}, {"right": 1}, {}, 1, 1), [], "own")]
    for args, named, source in cases:
        said = words.right_answer_text(*args)
        answered, right = args[4], args[5]
        assert said.facts == {"right_answers": named, "from": source,
                              "share": (right, answered) if answered else None}, said
        for answer in named:
            assert answer in said.text
        if answered:
            states(said.text, right, answered)
        if not named:
            assert not any(f"“{a}”" in said.text for a in args[2]), said.text  # it names no answer as right
    assert words.right_answer_text(*cases[2][0]).text.startswith(words.NO_RIGHT_YET)


def test_the_projector_names_the_trained_models_right_answer_when_nobody_gave_it():
    state = {"sentence": "class", "source": "sentence", "query": "on·9", "at": 10}  # the head's top key: the·4
    said = words.right_answer_text("induction.look", state, {"on·3": 2}, [("on·3", 2)], 2, 0, CLASS)
    assert said.facts == {"right_answers": ["the·4"], "from": "model", "share": (0, 2)}
    assert "“the·4”" in said.text and "“on·3”" not in said.text
    states(said.text, 0, 2)
    old = {"sentence": "class", "source": "sentence", "query": "on·10"}  # recorded before labels counted from 0
    assert words.right_answer_text("induction.look", old, {}, [], 0, 0, CLASS).facts["right_answers"] == ["the·4"]
    random = {"source": "random", "rseed": 4, "length": 20, "query": "x"}  # a query not in the sequence
    said = words.right_answer_text("induction.look", random, {}, [], 0, 0, CLASS)
    assert said.facts["right_answers"] == [] and said.text == words.NO_RIGHT_YET


# ------------------------------------------------------------------------ round three: groups, leading, summary
from attn_lessons import misconceptions as mc  # noqa: E402

SENTENCE = {"sentence": "class", "text": "the cat sat on the mat", "query": 2}
SELF_SHOWS = mc.SELF.shows


def test_tied_wrong_answers_are_named_together_and_a_tagged_one_is_never_untagged():
    state = dict(SENTENCE)
    sat = labels_of(state)[2]  # the query's own token: the answer the SELF misconception computes
    assert mc.misconception("home.top_key", 2, state) == SELF_SHOWS
    said = words.wrong_said("home.top_key", state, 3, 1, {("mat", None): 1, (sat, SELF_SHOWS): 1})
    assert said.tie and said.count == 1 and {g.answers for g in said.top} == {("mat",), (sat,)}
    assert f"“{sat}”" in said.text and "“mat”" in said.text and SELF_SHOWS in said.text  # both, one with its tag
    states(said.text, 1, 3)
    lines = words.shown_lines(said, 3)
    assert [line.facts for line in lines] == [{"count": g.count, "answered": 3, "shows": g.shows, "answers": g.answers}
                                              for g in said.groups]
    for line in lines:
        states(line.text, line.facts["count"], 3)
        assert all(f"“{a}”" in line.text for a in line.facts["answers"])
    alone = words.wrong_said("home.top_key", state, 3, 2, {(sat, SELF_SHOWS): 1})
    assert not alone.tie and alone.top[0].shows == SELF_SHOWS
    assert "none of the wrong answers" not in alone.text


def test_twenty_two_point_six_and_twenty_two_point_six_three_are_one_answer():
    said = words.wrong_said("quiz.scale_heads", {"seed": 0}, 3, 1, {("22.6", None): 1, ("22.63", None): 1})
    assert not said.tie and said.count == 2 and said.top[0].answers == ("22.6", "22.63")
    states(said.text, 2, 3)
    counts = dict(words.option_counts("quiz.scale_heads", {"seed": 0}, {"22.6": 1, "22.63": 1, "8": 1}))
    assert sorted(counts.values()) == [1, 2] and len(counts) == 2
    # the dashboard's chart too: one bar of 2, labelled by the text most given, beside the right answer's
    bars = words.answer_bars({"22.6": 1, "22.63": 2, "8": 1}, {("22.6", None): 1, ("22.63", None): 2},
                             "quiz.scale_heads", {"seed": 0})
    assert bars == [(True, "right", ["8"], [1]), (False, "wrong", ["22.63"], [3])], bars
    apart = words.answer_bars({"22.6": 1, "22.63": 2}, {("22.6", None): 1, ("22.63", None): 2})
    assert apart[0][2:] == (["22.63", "22.6"], [2, 1])  # without the question, each text is its own bar


def test_a_question_the_app_no_longer_asks_is_read_as_given():
    """An old class may hold answers to a question since renamed: its answers are counted as their texts, never an
    error on the teacher's page."""
    wrong = {("a", None): 1, ("b", None): 1}
    assert mc.tolerance("gone.question", {}) == 0 and mc.options("gone.question", {}) == []
    said = words.wrong_said("gone.question", {}, 3, 1, wrong)
    assert said.tie and said.count == 1 and {g.answers for g in said.top} == {("a",), ("b",)}
    assert words.option_counts("gone.question", {}, {"a": 1, "b": 1}) == [("a", 1), ("b", 1)]
    assert words.answer_bars({"a": 1, "b": 1, "c": 1}, wrong, "gone.question", {})[1][3] == [1, 1]
    [row] = words.summary_rows([FullStats("qkv_builder", "gone.question", {}, 3, 1, wrong)], words.TEACHERS_LIST)
    assert (row.number, row.page, row.answered, row.right, row.question) == (
        None, "Q/K/V builder", 3, 1, words.question_title("gone.question"))
    assert words.lead_heading("gone.question", ["gone.question"]) == "1. gone.question"
    assert words.lead_heading("home.top_key", ("quiz.roles", "home.top_key")) == "2. Home"


def test_the_projector_offers_every_option_with_zero_counts():
    counts = words.option_counts("home.top_key", {"sentence": "class", "query": 2}, {"mat": 2},
                                 {"text": "the cat sat on the mat"})
    assert [label for label, _ in counts] == labels_of(SENTENCE)
    assert dict(counts)["mat"] == 2 and sum(n for _, n in counts) == 2


def test_numbers_follow_the_teachers_list():
    questions = ("quiz.roles", "home.top_key")
    assert words.number_of("home.top_key", questions) == 2 and words.number_of("masks.see", questions) is None
    made = [FullStats(PAGE_OF[q], q, {}, 1, 1, {}) for q in ("masks.see", "home.top_key", "quiz.roles")]
    order = words.in_list_order(made, questions)
    assert [(n, s.question) for n, s in order] == [(1, "quiz.roles"), (2, "home.top_key"), (None, "masks.see")]
    assert words.numbered_title("home.top_key", questions).startswith("2. ")
    assert words.lead_state("quiz.roles", {}, 4) == {"seed": 4}
    assert words.lead_state("home.top_key", {"text": "a b"}) == {"sentence": "class"}


def test_the_reveal_gives_a_reason_for_every_question():
    for qid in QUESTIONS:
        assert words.reason(qid, {"seed": 1}).strip(), qid
    assert words.reason("quiz.roles", {"seed": 1}) == mc.quiz_question("roles", 1).why


@dataclass
class FullStats:
    page: str
    question: str
    state: dict
    answered: int
    right: int
    wrong: dict

    @property
    def share_right(self) -> float:
        return self.right / self.answered if self.answered else 0.0


def test_the_summary_and_the_csv_hold_each_questions_text():
    settings = {"text": "the cat sat on the mat"}
    s = FullStats("home", "home.top_key", {"sentence": "class", "query": 2}, 3, 1,
                  {("sat", SELF_SHOWS): 1, ("mat", None): 1})
    [row] = words.summary_rows([s], ("home.top_key",), settings)
    assert row.question == "Which key will “sat” give the most weight?" == words.question_text(
        "home.top_key", s.state, settings)
    assert (row.number, row.page, row.answered, row.right, len(row.top)) == (1, "Home", 3, 1, 2)
    assert words.summary_cells(row)[1] == f"{row.question} · Home"  # two pages may ask the same words
    assert SELF_SHOWS in row.most_shown and [g.count for g in row.top] == [1, 1]
    states(row.most_shown, 1)
    csv = words.csv_words({"learner": 1, "attempt": 1, "answer": "sat", "right": False, "misconception": SELF_SHOWS,
                           "page": "home", "question": "home.top_key", "state": '{"query": 2, "sentence": "class"}'},
                          ("home.top_key",), settings)
    assert csv["question"] == row.question and csv["number"] == 1 and csv["page"] == "Home"
    assert set(csv) <= set(words.CSV_COLUMNS) and "{" not in csv["asked_about"]
    assert words.pages_reached({"check_yourself": 2, "home": 3}) == [("Home", 3), ("Check yourself", 2)]
    head = words.summary_head("K7Q2PM", 12, 9)
    assert head.facts == {"code": "K7Q2PM", "joined": 12, "answered": 9}
    states(head.text, 12, 9)
    assert "K7Q2PM" in head.text


def test_the_dashboard_says_what_is_in_front_of_the_class():
    @dataclass
    class Lead:
        question_id: str
        revealed: bool

    questions = ("quiz.roles", "home.top_key")
    assert words.leading_text(None, questions).facts == {"question": None, "number": None, "revealed": False}
    for revealed in (False, True):
        said = words.leading_text(Lead("home.top_key", revealed), questions)
        assert said.facts == {"question": "home.top_key", "number": 2, "revealed": revealed}
        assert words.question_title("home.top_key") in said.text
        states(said.text, 2)
