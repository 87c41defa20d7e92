"""Class mode's words: the learner's line, the dashboard's sentences and the order of its questions."""

from __future__ import annotations

from dataclasses import dataclass, field

from attn_lessons import classroom as words


@dataclass
class Stats:
    """What attention_order reads of a question's figures (attn_ui.classroom_store.QuestionStats has them)."""

    question: str
    answered: int
    right: int
    state: dict = field(default_factory=dict)

    @property
    def share_right(self) -> float:
        return self.right / self.answered if self.answered else 0.0


def stats(question: str, answered: int, right: int) -> Stats:
    return Stats(question, answered, right)


def test_the_learner_is_told_their_class_and_that_it_is_anonymous():
    assert words.class_line("K7Q2PM") == "In class K7Q2PM: your answers are shared anonymously with your teacher."


def test_the_dashboard_counts_sessions_and_says_so():
    assert words.learners_text(1, 0).startswith("1 learner joined; 0 active in the last 5 minutes.")
    assert "browser session counts as one learner" in words.learners_text(12, 9)


def test_first_attempts_are_worded_from_their_counts():
    assert words.first_attempt_text(0, 0, 0) == "No first attempt yet."
    assert words.first_attempt_text(3, 1, 3) == "3 learners answered; 1 of 3 (33 %) right at the first attempt."
    assert words.first_attempt_text(1, 1, 3) == ("1 learner answered; 1 of 1 (100 %) right at the first attempt "
                                                 "(2 later attempts not counted).")


def test_the_most_common_wrong_answer_names_its_misconception_or_says_it_has_none():
    assert words.top_wrong_text("the rows", "softmax over the queries", 2, 5) == (
        "Most common wrong answer: “the rows”, from 2 of 5. It suggests: softmax over the queries.")
    assert words.top_wrong_text("7", None, 1, 1).endswith("It is none of the wrong answers this question expects.")


def test_the_questions_most_wrong_first_come_first():
    order = words.attention_order([stats("a", 10, 9), stats("b", 4, 0), stats("c", 10, 6), stats("d", 6, 2)])
    assert [s.question for s in order] == ["b", "d", "c", "a"]  # 4 wrong each: 0 %, 33 %, 60 % right; then 1 wrong


def test_a_state_is_said_in_words_and_a_question_by_its_title():
    assert words.state_text({"sentence": "class", "seed": 0, "query": "sat"}) == (
        "Asked on the class's sentence, query “sat”, seed 0.")
    assert words.state_text({"sentence": "own"}) == "Asked on a learner's own sentence."
    assert words.question_title("mistakes.axis") == "With softmax(scores, axis=0), which sums to 1?"
    assert words.question_title("made.up") == "made.up"
    assert words.page_name("common_mistakes") == "Common mistakes" and words.page_name("home") == "Home"


def test_the_answers_chart_lists_the_right_answers_then_the_wrong_ones_most_given_first():
    answers = {"8": 3, "22.6": 1, "0.5": 3, "b": 2, "a": 2}
    wrong = {("22.6", "why"): 1, ("0.5", None): 3, ("a", None): 2}
    assert words.answer_bars(answers, wrong) == [(True, "right", ["8", "b"], [3, 2]),
                                                (False, "wrong", ["0.5", "a", "22.6"], [3, 2, 1])]
    assert words.answer_bars({"yes": 5}, {}) == [(True, "right", ["yes"], [5])]  # no wrong answer: no series
    assert words.answer_bars({}, {}) == []
    (_, _, labels, _), = words.answer_bars({"x" * 80: 1}, {})
    assert labels == ["x" * words.ANSWER_LABEL]
