"""Class mode, the words: what the learner is told about their class, and every sentence of the teacher's dashboard.

Plain strings from plain numbers; the page escapes whatever came from the database before it draws it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .format import plot_label, plural
from .misconceptions import QUESTIONS

ACTIVE_MINUTES = 5

INTRO = ("Start a class, put its code or QR code on the projector, and watch the class's predictions and Check "
         "yourself answers arrive: how many answered, how many were right at the first attempt, and which wrong "
         "answer is most common, with the misconception it signals. Learners are anonymous: the app keeps a "
         "random id for each browser session, never a name.")
LOCAL_FILE = ("Classes are kept in a SQLite file on this server ({path}). A cloud host's restart loses that file, "
              "and every class in it: for a class that must last, point the app at PostgreSQL (the README's "
              "“Class mode” says how).")
KEY_WARNING = ("This is your teacher key, shown only this once. Copy it and keep it private: it opens this "
               "dashboard again from any browser, and it can pause or delete the class. Do not project it, and "
               "never put it in a link.")
REFUSED = "That key does not open a class's dashboard. Check the class code and the key, and try again."
KEY_FORMAT = "A teacher key is 32 letters, digits, - and _. Paste it exactly as it was shown."
UNREACHABLE = "The class's database could not be reached just now. Try again in a moment."
DELETED = "The class and every answer it held are deleted."
PAUSED_NOTE = "The class is paused: learners' answers are refused until you resume it."
QR_TOO_LONG = ("Your sentence makes the link too long for a QR code. Share the link itself, or pick a shorter "
               "sentence before you start the class.")
NO_ANSWERS = "No answers yet. They appear here within a few seconds of a learner answering."
SESSIONS_NOTE = ("Each browser session counts as one learner: a learner who reloads the page, or opens the link in "
                 "another browser, counts again.")

NOTICES = {  # why an answer was not recorded, as the learner reads it under their reveal
    "sent_failed": "Your answer could not be sent to your teacher just now; your next answer will try again.",
    "slow": "Your teacher's class did not answer in time, so this answer may not have reached it.",
    "paused": "Your teacher has paused the class: this answer was not sent.",
    "not_found": "Your class has ended or was deleted, so this answer was not sent.",
    "rate": "That is a lot of answers in one minute: this one was not sent. Wait a moment.",
    "not_joined": "This session is not in the class any more; join it again to share your answers.",
    "format": "This answer could not be recorded.",
    "full": "The class is full.",
}
JOIN_ERRORS = {
    "format": "A class code is 6 letters and digits, such as K7Q2PM (no 0, O, 1, I or L).",
    "not_found": "There is no class with that code. Check it with your teacher.",
    "full": "That class is full: it holds at most {limit} learners.",
    "unreachable": "The class could not be reached just now. Try again in a moment.",
}


def class_line(code: str) -> str:
    """The sidebar's line for a learner in a class."""
    return f"In class {code}: your answers are shared anonymously with your teacher."


def qr_label(code: str) -> str:
    """The QR code's text alternative."""
    return f"QR code of the students' link to join class {code}"


def link_notice(code_text: str, message: str) -> str:
    """Why the link's class could not be joined."""
    return f"The link's class {code_text!r} can't be joined: {message}"


def learners_text(joined: int, active: int) -> str:
    """How many learners joined, and how many answered or joined in the last five minutes."""
    return (f"{plural(joined, 'learner')} joined; {active} active in the last {ACTIVE_MINUTES} minutes. "
            + SESSIONS_NOTE)


def question_title(question_id: str) -> str:
    """The question as the dashboard names it."""
    a = QUESTIONS.get(question_id)
    return a.title if a else question_id


def page_name(page: str) -> str:
    """'common_mistakes' -> 'Common mistakes'."""
    return page.replace("_", " ").capitalize() if page != "home" else "Home"


def state_text(state: Mapping[str, Any]) -> str:
    """What the question was asked about, as recorded: the class's sentence or a learner's own, then the rest."""
    sentence = {"class": "the class's sentence", "own": "a learner's own sentence"}.get(state.get("sentence"))
    parts = [f"on {sentence}"] if sentence else []
    parts += [f"{k.replace('_', ' ')} {_value(v)}" for k, v in sorted(state.items()) if k != "sentence"]
    return "Asked " + ", ".join(parts) + "." if parts else "Asked with no setting recorded."


def _value(v: Any) -> str:
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    return f"“{v}”" if isinstance(v, str) else str(v)


def percent(right: int, answered: int) -> str:
    return f"{round(100 * right / answered)} %" if answered else "no answers"


def first_attempt_text(answered: int, right: int, attempts: int) -> str:
    """How many answered, and how many of them were right at their first attempt."""
    if not answered:
        return "No first attempt yet."
    again = attempts - answered
    tries = f" ({plural(again, 'later attempt')} not counted)" if again else ""
    return (f"{plural(answered, 'learner')} answered; {right} of {answered} ({percent(right, answered)}) "
            f"right at the first attempt{tries}.")


def top_wrong_text(answer: str, why: str | None, count: int, answered: int) -> str:
    """The most common wrong first answer, how many gave it, and the misconception it signals."""
    head = f"Most common wrong answer: “{answer}”, from {count} of {answered}."
    if why:
        return f"{head} It suggests: {why}."
    return f"{head} It is none of the wrong answers this question expects."


NO_WRONG = "No wrong first answer."


def attention_order(stats: list) -> list:
    """The questions that most need attention first: the most wrong first answers, then the lowest share right,
    then the most answered."""
    return sorted(stats, key=lambda s: (-(s.answered - s.right), s.share_right, -s.answered, s.question,
                                        json.dumps(s.state, sort_keys=True, default=str)))


CSV_COLUMNS = ("time_utc", "learner", "page", "question", "state", "attempt", "answer", "right", "misconception")

# ------------------------------------------------------------------------ the teachers' page's own text
LINK_NOTE = "The students' link (it carries your sentence and settings):"
CREATE_HELP = "The class answers on your sentence and settings (the sidebar's), as they are now."
DELETE_HELP = "The class and every answer it holds, for good."
CLOSE_HELP = "This session forgets the key; the class goes on."
ACTIVE_LABEL = f"Active in the last {ACTIVE_MINUTES} minutes"
ATTENTION_FIRST = "The questions that most need attention first"
ANSWERS_TITLE, LEARNERS_AXIS = "First answers", "learners"  # the chart of a question's first answers
ANSWER_SERIES = {True: "right", False: "wrong"}
ANSWER_LABEL = 60  # characters of an answer the chart shows


def answer_bars(answers: Mapping[str, int], wrong) -> list[tuple[bool, str, list[str], list[int]]]:
    """A question's first answers (answer -> learners) as the chart's series, (right, name, labels, counts): the
    right answers, then the wrong ones (`wrong`: (answer, misconception) pairs, as QuestionStats.wrong keys them),
    each most given first, ties in alphabetical order; a series with no answer is left out."""
    wrong_answers = {answer for answer, _ in wrong}
    items = sorted(answers.items(), key=lambda kv: (-kv[1], kv[0]))
    bars = []
    for right in (True, False):
        part = [(a, n) for a, n in items if (a not in wrong_answers) == right]
        if part:
            bars.append((right, ANSWER_SERIES[right], [plot_label(a[:ANSWER_LABEL]) for a, _ in part],
                         [n for _, n in part]))
    return bars
