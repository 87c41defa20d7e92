"""Class mode, the words: what the learner is told about their class, and every sentence of the teacher's dashboard.

Plain strings from plain numbers; the page escapes whatever came from the database before it draws it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from attn_core.masks import PAD_LABEL

from . import builder, home, induction, mask_mistakes, masks, scaling, training
from .asked import labels_of
from .format import listing, md_text, plot_label, plural, short
from .misconceptions import (
    PAGE_OF,
    QUESTIONS,
    WrongGroup,
    group_wrong,
    most_shown,
    options,
    quiz_question,
    same_answers,
)
from .misconceptions import _mask_labels as mask_labels
from .route import ROUTE
from .said import Said
from .scaling import scores_text
from .training import LOSS_LABELS

ACTIVE_MINUTES = 5

INTRO = ("Start a class, put its code or QR code on the projector, and watch the class's predictions and Check "
         "yourself answers arrive: how many answered, how many were right at the first attempt, and which wrong "
         "answer is most common, with the misconception it signals. Learners are anonymous: the app keeps a "
         "random id for each browser, never a name.")
LOCAL_FILE = ("Classes are kept in a local file on this server. A restart of a cloud host (Streamlit Community "
              "Cloud, say) loses that file, and every class in it. For a class that must last, point the app at a "
              "PostgreSQL database: put its address as `url` under `[connections.classroom]` in the app's secrets "
              "(on Community Cloud, the app's Secrets setting). The README's “Class mode” shows the two lines.")
KEY_WARNING = ("This is your teacher key, shown only this once. Copy it and keep it private: it opens this "
               "dashboard again from any browser, and it can pause or delete the class. Do not project it, and "
               "never put it in a link.")
REFUSED = "That key does not open a class's dashboard. Check the class code and the key, and try again."
KEY_FORMAT = "A teacher key is 32 letters, digits, - and _. Paste it exactly as it was shown."
UNREACHABLE = "The class's database could not be reached just now. Try again in a moment."
DELETED = "The class and every answer it held are deleted."
DELETED_ELSEWHERE = ("This class has been deleted, from another browser perhaps: its code and QR code no longer "
                     "work, and its answers are gone.")
KEY_FOLD = "Your teacher key: open this away from the projector"
QR_TOO_LONG = ("Your sentence makes the link too long for a QR code. Share the link itself, or pick a shorter "
               "sentence before you start the class.")
NO_ANSWERS = "No answers yet. They appear here within a few seconds of a learner answering."
SESSIONS_NOTE = ("A learner is a browser: a reload, another page or the class link opened again is the same "
                 "learner; another browser is another.")

NOTICES = {  # what became of one answer, as the learner reads it under their reveal: true of that answer for good
    "sent": "Sent to your teacher.",
    "sending": "Sending your answer to your teacher…",
    "sent_failed": "Your answer could not be sent to your teacher just now; your next answer will try again.",
    "slow": ("Your class's database gave no word within a few seconds, so this answer may not have reached your "
             "teacher; your next answer will try again."),
    "paused": "The class was paused when you answered, so this answer was not sent.",
    "not_found": "Your class had ended or was deleted when you answered, so this answer was not sent.",
    "rate": "That is a lot of answers in one minute: this one was not sent. Wait a moment.",
    "not_joined": "This session is not in the class any more; join it again to share your answers.",
    "format": "This answer could not be recorded.",
    "full": "The class is full.",
}
JOIN_ERRORS = {
    "format": "A class code is 6 letters and digits, such as K7Q2PM (no 0, O, 1, I or L).",
    "not_found": "There is no class with that code: it may have ended, or been deleted. Check it with your teacher.",
    "full": "That class is full: it holds at most {limit} learners.",
    "unreachable": "The class could not be reached just now. Try again in a moment.",
}


def class_line(code: str) -> str:
    """The sidebar's line for a learner in a class."""
    return f"In class {code}: your answers are shared anonymously with your teacher."


def paused_line(code: str) -> str:
    """The learner's class line while the teacher has paused the class."""
    return f"Class {code} is paused by your teacher: answers given now are not sent."


def resumed_line(code: str) -> str:
    """The learner's class line once a class they saw paused is open again (until their next answer is sent)."""
    return f"Class {code} is open again: your teacher resumed it, so you may answer again."


def ended_line(code: str) -> str:
    """The learner's line once their class has ended or was deleted: the app sends nothing more."""
    return f"Class {code} has ended: your answers are no longer sent to anyone."


FOLLOW_LABEL = "Follow your teacher"
FOLLOW_HELP = ("On: when your teacher puts a question in front of the class, this page goes to it, on the class's "
               "sentence and settings. Off: explore on your own; the button at the top of the page takes you back.")
BACK_TO_LEAD = "Back to the class's question"
TEACHER_REVEALED = "Your teacher has revealed the answer."


def lead_line(title: str, here: bool) -> str:
    """The line under the class's line while the teacher leads a question: it is on this page (`here`), or
    elsewhere."""
    if here:
        return f"Your teacher's question: {md_text(title)} (on this page)."
    return f"Your teacher's question is “{md_text(title)}”, on another page or other settings."


SLIDER_UNSET = "Move the slider to your prediction first, or press “Show me”."  # an untouched slider is no answer


def qr_label(code: str) -> str:
    """The QR code's text alternative."""
    return f"QR code of the students' link to join class {code}"


def link_notice(code_text: str, message: str) -> str:
    """Why the link's class could not be joined."""
    return f"The link's class “{md_text(code_text)}” can't be joined. {message}"


def learners_text(joined: int, active: int) -> Said:
    """How many learners joined, and how many answered or joined in the last five minutes (facts: `joined`,
    `active`, `minutes`)."""
    return Said(f"{plural(joined, 'learner')} joined; {active} active in the last {ACTIVE_MINUTES} minutes. "
                + SESSIONS_NOTE, {"joined": joined, "active": active, "minutes": ACTIVE_MINUTES})


def question_title(question_id: str) -> str:
    """The question as the dashboard names it."""
    a = QUESTIONS.get(question_id)
    return a.title if a else question_id


# The pages' titles as the sidebar labels them, by the page name class mode records (misconceptions.PAGE_OF: the
# route entry's URL path in lower case), from the route's own entries
PAGE_TITLES = {p.slug: p.label for p in ROUTE}


def page_name(page: str) -> str:
    """The page as the sidebar labels it: 'qkv_builder' -> 'Q/K/V builder' (an unknown page, in words)."""
    return PAGE_TITLES.get(page) or page.replace("_", " ").capitalize()


# ------------------------------------------------------------------------ what a question was asked about
SENTENCES = {"class": "the class's sentence", "own": "a learner's own sentence"}
STARTS = {"interpretable": "named features", "random": "random weights"}  # Home's and the builder's starting point
SOURCES = {"sentence": "the sentence twice", "random": "random tokens twice"}  # what the trained model reads
MASK_NAMES = {"none": "no mask", "causal": "the causal mask", "padding": "the padding mask",
              "custom": "a custom mask"}


def with_class_text(state: Mapping[str, Any], settings: Mapping[str, Any] | None) -> dict[str, Any]:
    """The state with the class's sentence put back: class mode records only 'sentence': 'class' for it, and the
    class's settings (ClassInfo.settings) hold the sentence itself."""
    state = dict(state)
    if state.get("sentence") == "class" and "text" not in state and settings and settings.get("text"):
        state["text"] = str(settings["text"])
    return state


def _ordinal(n: int) -> str:
    """1 -> '1st', 2 -> '2nd', 11 -> '11th', 23 -> '23rd'."""
    tail = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{tail}"


def _labels(question_id: str, state: Mapping[str, Any]) -> list[str]:
    """The token labels the question's page showed: the sentence's, and the masks page's ⟨pad⟩ tokens."""
    return mask_labels(state) if question_id == "masks.see" else labels_of(state)


def query_token(question_id: str, state: Mapping[str, Any], settings: Mapping[str, Any] | None = None) -> str | None:
    """The query as the learner saw it, a token of the sentence ("sat", "the·0"); None when the state has no query
    or its sentence is not known (a learner's own, never sent)."""
    state = with_class_text(state, settings)
    query = state.get("query")
    if isinstance(query, str):
        return query
    if query is None or not state.get("text"):
        return None
    try:
        labels, i = _labels(question_id, state), int(query)
    except (TypeError, ValueError):
        return None
    return labels[i] if 0 <= i < len(labels) else None


def _query_words(question_id: str, state, settings) -> str | None:
    token = query_token(question_id, state, settings)
    if token is not None:
        return f"with “{token}” as the query"
    if isinstance(state.get("query"), (int, float)) and not isinstance(state.get("query"), bool):
        return f"with its {_ordinal(int(state['query']) + 1)} token as the query"
    return None


def _pads(state) -> str | None:
    try:
        n_pad = int(state["n_tokens"]) - int(state["n_real"])
    except (KeyError, TypeError, ValueError):
        return None
    return plural(n_pad, PAD_LABEL + " token") if n_pad > 0 else None


def _seed(question_id: str, seed) -> str:
    if question_id.startswith("quiz."):
        return f"question seed {seed}"  # Check yourself's "Question seed"
    if question_id == "training.race":
        return f"data seed {seed}"  # the lab's "data and initialisation seed"
    return f"seed {seed}"  # the sidebar's "Seed for the weights"


# Each setting as the page or the sidebar shows it, in the order the state line says them: the page's own controls
# first, then the sidebar's. A key not here is said as recorded (a question added later), never dropped.
_SETTINGS: tuple[tuple[str, Any], ...] = (
    ("start", lambda q, v: STARTS.get(v, str(v))),
    ("pe", lambda q, v: "positions on" if v else "positions off"),
    ("source", lambda q, v: SOURCES.get(v, str(v))),
    ("length", lambda q, v: plural(int(v), "token") + " in each copy"),
    ("rseed", lambda q, v: f"token seed {v}"),
    ("mask", lambda q, v: MASK_NAMES.get(v, f"mask {v}")),
    ("scores", lambda q, v: "scores " + scores_text(v)),
    ("d_k", lambda q, v: f"d_k {v}"),
    ("loss", lambda q, v: "loss: " + LOSS_LABELS.get(v, str(v))),
    ("lr", lambda q, v: "learning rate " + short(v)),
    ("steps", lambda q, v: plural(int(v), "training step")),
    ("d_model", lambda q, v: f"d_model {v}"),
    ("heads", lambda q, v: plural(int(v), "head")),
    ("seed", lambda q, v: _seed(q, v)),
)
_SAID_APART = {"sentence", "text", "query", "n_tokens", "n_real", "at"}  # at: the trained model's query position


def state_text(state: Mapping[str, Any], settings: Mapping[str, Any] | None = None, question_id: str = "") -> str:
    """What the question was asked about, in the lesson's words: the class's sentence or a learner's own, the query
    as a token, then the page's settings and the sidebar's ("positions on, d_model 8, 2 heads, seed 0").
    `settings`: the class's (its sentence names the query's token); `question_id`: whose labels and seed. A state
    that carries the class's sentence itself (with_class_text, as the projector shows it) quotes it."""
    parts = []
    sentence = SENTENCES.get(state.get("sentence"))
    if sentence:
        text = state.get("text") if state.get("sentence") == "class" else None  # never a learner's own
        parts.append(f"on {sentence}" + (f", “{text}”" if text else ""))
    query = _query_words(question_id, state, settings)
    if query:
        parts.append(query)
    known = dict(_SETTINGS)
    for key, say in _SETTINGS:
        if state.get(key) is not None:
            try:
                parts.append(say(question_id, state[key]))
            except (TypeError, ValueError):
                parts.append(f"{key} {_value(state[key])}")
        if key == "mask" and _pads(state):
            parts.append(f"{_pads(state)} after the sentence")
    parts += [f"{k} {_value(v)}" for k, v in sorted(state.items())
              if k not in known and k not in _SAID_APART and v is not None]
    if not parts:
        return "Asked with no setting recorded."
    head = "Asked " + ("" if parts[0].startswith("on ") else "with ")
    return head + ", ".join(parts) + "."


def _value(v: Any) -> str:
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    return f"“{v}”" if isinstance(v, str) else str(v)


def own_sentence(question_id: str, state: Mapping[str, Any]) -> bool:
    """True when the answers were tokens of each learner's own sentence: class mode kept only right or wrong."""
    a = QUESTIONS.get(question_id)
    return state.get("sentence") == "own" and (a is None or a.from_sentence)


# ------------------------------------------------------------------------ the question as the learners saw it
def _asked_home(question_id, state, settings):
    token = query_token(question_id, state, settings)
    return None if token is None else home.top_key_question(md_text(token))


def _asked_double(question_id, state, settings):
    token = query_token(question_id, state, settings)
    return None if token is None else builder.double_wq_question(md_text(token))


def _asked_scaling(question_id, state, settings):
    return scaling.softmax_question([float(z) for z in state["scores"]])


def _asked_race(question_id, state, settings):
    return training.race_question(int(state["d_k"]), float(state["lr"]), int(state["steps"]))


def _asked_mask(question_id, state, settings):
    state = with_class_text(state, settings)
    if not state.get("text") or state.get("mask") not in MASK_NAMES:
        return None
    labels, n_pad = [md_text(x) for x in mask_labels(state)], int(state.get("n_tokens", 0)) - int(
        state.get("n_real", 0))
    i = int(state["query"])
    return masks.see_question(state["mask"], labels, i, max(0, n_pad)) if 0 <= i < len(labels) else None


def _asked_row_sum(question_id, state, settings):
    token = query_token(question_id, state, settings)
    return None if token is None else mask_mistakes.row_sum_question(md_text(token))


def _asked_look(question_id, state, settings):
    state = with_class_text(state, settings)
    if state.get("source") != "random" and not state.get("text"):
        return None
    labels, _ = induction.state_sequence(state)
    try:
        return induction.predict_question(labels, induction.state_query(state, labels))
    except (KeyError, TypeError, ValueError, IndexError):
        return None


_ASKED_AS = {"home.top_key": _asked_home, "builder.double_wq": _asked_double, "scaling.softmax": _asked_scaling,
             "training.race": _asked_race, "masks.see": _asked_mask, "induction.look": _asked_look,
             "mask_mistakes.row_sum": _asked_row_sum}


def asked_as(question_id: str, state: Mapping[str, Any], settings: Mapping[str, Any] | None = None) -> str:
    """The question as the learners read it on their page, in markdown, with its own numbers and the query's token
    ("Which key will “sat” give the most weight?"); a Check yourself question is its prompt at its seed (and
    asked_latex its formula). Its short title when the state does not say enough (a learner's own sentence)."""
    a = QUESTIONS.get(question_id)
    if a is None:
        return md_text(question_id)
    try:
        if a.kind == "quiz":
            return quiz_question(question_id.removeprefix("quiz."), int(state.get("seed", 0))).prompt
        said = _ASKED_AS[question_id](question_id, state, settings) if question_id in _ASKED_AS else None
    except (KeyError, TypeError, ValueError, IndexError):
        said = None
    return said or md_text(a.title)


def asked_latex(question_id: str, state: Mapping[str, Any]) -> str:
    """The formula a Check yourself question shows under its prompt (a matrix to read), or ''."""
    a = QUESTIONS.get(question_id)
    if a is None or a.kind != "quiz":
        return ""
    try:
        return quiz_question(question_id.removeprefix("quiz."), int(state.get("seed", 0))).latex
    except (KeyError, TypeError, ValueError):
        return ""


def percent(right: int, answered: int) -> str:
    return f"{round(100 * right / answered)} %" if answered else "no answers"


def first_attempt_text(answered: int, right: int, attempts: int) -> Said:
    """How many answered, and how many of them were right at their first attempt. Facts: `answered`, `right`,
    `percent` (rounded, None with no answer) and `later` (attempts after the first, not counted)."""
    if not answered:
        return Said("No first attempt yet.", {"answered": 0, "right": 0, "percent": None, "later": 0})
    again = attempts - answered
    tries = f" ({plural(again, 'later attempt')} not counted)" if again else ""
    return Said(f"{plural(answered, 'learner')} answered; {right} of {answered} ({percent(right, answered)}) "
                f"right at the first attempt{tries}.",
                {"answered": answered, "right": right, "percent": round(100 * right / answered), "later": again})


NO_WRONG = "No wrong first answer."
OWN_SENTENCE = ("These answers are about each learner's own sentence, so only whether each was right is kept, not "
                "the token chosen.")


@dataclass(frozen=True)
class WrongSaid:
    """What the wrong first answers show, and the facts the sentence states: every group (by misconception, numbers
    within the question's tolerance as one), the most shown (several when tied) and how many gave each."""

    text: str
    groups: list[WrongGroup]
    top: list[WrongGroup]
    count: int
    wrong: int | None = None  # learners' own sentences: how many first answers were wrong (None: not said)

    @property
    def tie(self) -> bool:
        return len(self.top) > 1


def _quoted(answers) -> str:
    return listing([f"“{a}”" for a in answers], "or")


def _group_words(g: WrongGroup) -> str:
    return (f"{_quoted(g.answers)} suggests: {g.shows}" if len(g.answers) == 1 else
            f"{_quoted(g.answers)} suggest: {g.shows}") if g.shows else (
        f"{_quoted(g.answers)} is none of the wrong answers this question expects")


def wrong_said(question_id: str, state: Mapping[str, Any], answered: int, right: int,
               wrong: Mapping[tuple[str, str | None], int]) -> WrongSaid:
    """What the wrong first answers show, grouped by the misconception each was recorded with (so an answer the
    CSV tags is counted under its tag), numbers within the question's tolerance as one answer, and ties named as
    ties ("“mat” and “sat”, 1 each"). For learners' own sentences, kept only as right or wrong: how many were
    wrong and the misconception most shown, never a made-up "most common wrong answer"."""
    groups = group_wrong(question_id, state, wrong)
    top = most_shown(groups)
    count = top[0].count if top else 0
    if own_sentence(question_id, state):
        n_wrong = answered - right
        if n_wrong <= 0:
            return WrongSaid(f"{OWN_SENTENCE} {NO_WRONG}", groups, [], 0, 0)
        was = "was" if n_wrong == 1 else "were"
        head = f"{OWN_SENTENCE} {n_wrong} of {plural(answered, 'first answer')} {was} wrong."
        tagged = most_shown([g for g in groups if g.shows])
        if not tagged:
            return WrongSaid(head, groups, [], 0, n_wrong)
        n = tagged[0].count
        shows = listing([g.shows for g in tagged])
        each = " each" if len(tagged) > 1 else ""
        return WrongSaid(f"{head} {n} of them{each} {'suggests' if n == 1 else 'suggest'}: {shows}.", groups,
                         tagged, n, n_wrong)
    if not top:
        return WrongSaid(NO_WRONG, groups, [], 0)
    if len(top) == 1:
        g = top[0]
        head = f"Most common wrong answer: {_quoted(g.answers)}, from {count} of {answered}."
        tail = f" It suggests: {g.shows}." if g.shows else " It is none of the wrong answers this question expects."
        return WrongSaid(head + tail, groups, top, count)
    names = listing([_quoted(g.answers) for g in top])
    text = (f"Most common wrong answers, tied: {names}, {count} each of {answered}. "
            + "; ".join(_group_words(g) for g in top) + ".")
    return WrongSaid(text[0].upper() + text[1:], groups, top, count)


# The CSV's plain columns (no JSON, no internal id): the question's number in the teacher's list, its page, its text
# as the learners read it, what it was asked about in words, the answer as the learner saw it, and what it shows
CSV_COLUMNS = ("time_utc", "learner", "number", "page", "question", "asked_about", "attempt", "answer", "right",
               "misconception")

# ------------------------------------------------------------------------ the teachers' page's own text
LINK_NOTE = "The students' link (it carries your sentence and settings):"
CREATE_HELP = "The class answers on your sentence and settings (the sidebar's), as they are now."
DELETE_HELP = "The class and every answer it holds, for good."
CLOSE_HELP = "This session forgets the key; the class goes on."
ACTIVE_LABEL = f"Active in the last {ACTIVE_MINUTES} minutes"
ANSWERS_TITLE, LEARNERS_AXIS = "First answers", "learners"  # the chart of a question's first answers
ANSWER_SERIES = {True: "right", False: "wrong"}
ANSWER_LABEL = 60  # characters of an answer the chart shows


def answer_bars(answers: Mapping[str, int], wrong, question_id: str | None = None,
                state: Mapping[str, Any] | None = None) -> list[tuple[bool, str, list[str], list[int]]]:
    """A question's first answers (answer -> learners) as the chart's series, (right, name, labels, counts): the
    right answers, then the wrong ones (`wrong`: (answer, misconception) pairs, as QuestionStats.wrong keys them),
    each most given first, ties in alphabetical order; a series with no answer is left out. Given the question,
    answers it reads as one (numbers within its tolerance: "22.6" and "22.63") are one bar, labelled by the text
    most given (misconceptions.same_answers)."""
    wrong_answers = {answer for answer, _ in wrong}
    bars = []
    for right in (True, False):
        part = {a: n for a, n in answers.items() if (a not in wrong_answers) == right}
        grouped = ([(label, n) for label, _, n in same_answers(question_id, state, part)] if question_id
                   else sorted(part.items(), key=lambda kv: (-kv[1], kv[0])))
        if grouped:
            bars.append((right, ANSWER_SERIES[right], [plot_label(a[:ANSWER_LABEL]) for a, _ in grouped],
                         [n for _, n in grouped]))
    return bars


# ------------------------------------------------------------------------ the projector view: one question, large
PROJECTOR_HELP = "One question at a time, in large type, for the screen at the front of the room: no key, no CSV."
NO_RIGHT_YET = "No learner has given the right answer yet."
OWN_HIDDEN = "Each learner answered about their own sentence: the chart shows right and wrong once you reveal."
PROJECTOR_LABEL = 28  # characters of an answer on one line of the projector's chart; longer ones wrap


def stats_key(s) -> str:
    """One question in one state, as the projector follows it from one refresh to the next."""
    return json.dumps([s.page, s.question, s.state], sort_keys=True, default=str)


def projector_order(stats: list) -> list:
    """The questions in the lesson's order, which new answers do not reshuffle: by page along the route, then as
    the questions are declared, the class's sentence before learners' own, then by state."""
    pages, ids = list(PAGE_TITLES), list(QUESTIONS)

    def at(seq, x):
        return seq.index(x) if x in seq else len(seq)

    return sorted(stats, key=lambda s: (at(pages, s.page), at(ids, s.question), s.state.get("sentence") == "own",
                                        stats_key(s)))


def _wrapped(text: str, width: int = PROJECTOR_LABEL) -> str:
    """An answer for the projector's chart: escaped for Plotly, its words on lines of about `width` characters."""
    lines, line = [], ""
    for word in text[:ANSWER_LABEL].split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return "<br>".join(plot_label(x) for x in [*lines, line])


def right_answer_text(question_id: str, state: Mapping[str, Any], answers: Mapping[str, int], wrong,
                      answered: int, right: int, settings: Mapping[str, Any] | None = None) -> Said:
    """The reveal: the right answer (the ones learners gave, or a Check yourself question's own), and how many gave
    it at their first attempt. Facts: `right_answers` (the answers named right, most given first; [] for none),
    `from` (where they come from: "own" sentences, "given" by learners, the "quiz" question, the trained "model",
    or "none"), and `share` ((right, answered) when any answered, else None)."""
    share = f"{right} of {answered} right at the first attempt." if answered else ""

    def said(text: str, named: list[str], source: str) -> Said:
        return Said(f"{text} {share}".strip(), {"right_answers": named, "from": source,
                                                 "share": (right, answered) if answered else None})

    if own_sentence(question_id, state):
        return said("Each learner's right answer depends on their own sentence.", [], "own")
    wrong_answers = {answer for answer, _ in wrong}
    given = sorted((a for a in answers if a not in wrong_answers), key=lambda a: (-answers[a], a))
    if len(given) == 1:
        return said(f"The right answer: “{given[0]}”.", given, "given")
    if given:
        return said(f"Right answers given: {listing([f'“{a}”' for a in given])}.", given, "given")
    a = QUESTIONS.get(question_id)
    if a is not None and a.kind == "quiz":
        try:
            q = quiz_question(question_id.removeprefix("quiz."), int(state.get("seed", 0)))
            return said(f"The right answer: {q.answer_text}.", [q.answer_text], "quiz")
        except (KeyError, TypeError, ValueError):
            pass
    if question_id == induction.LOOK.id:  # the head's top keys follow from the sequence alone, as the page grades
        try:
            keys = induction.right_answers(with_class_text(state, settings))
            if len(keys) == 1:
                return said(f"The right answer: “{keys[0]}”.", keys, "model")
            return said(f"Right answers, tied: {listing([f'“{k}”' for k in keys])}.", keys, "model")
        except (KeyError, TypeError, ValueError, IndexError):
            pass
    return said(NO_RIGHT_YET, [], "none")


# ------------------------------------------------------------------------ the teacher's list, and leading with it
TEACHERS_LIST = tuple(QUESTIONS)  # every page's prediction along the route, then each Check yourself kind
LEAD_HELP = ("Puts this question in front of every learner following the class: their page opens on it, with the "
             "class's sentence and settings.")
NOT_LEADING = "No question is in front of the class. Pick one from your list and put it there."


def number_of(question_id: str, questions: tuple[str, ...] | list[str]) -> int | None:
    """The question's number in the teacher's list (1, 2, …), the same on the dashboard, the projector and the
    CSV; None for a question not on the list."""
    return questions.index(question_id) + 1 if question_id in questions else None


def in_list_order(stats: list, questions: tuple[str, ...] | list[str]) -> list[tuple[int | None, Any]]:
    """Each question's stats with its number, in the teacher's order (a question not on the list after, in the
    lesson's order); a question asked in several states keeps one number."""
    ranked = projector_order(stats)
    return sorted(((number_of(s.question, questions), s) for s in ranked),
                  key=lambda ns: (ns[0] is None, ns[0] or 0, ranked.index(ns[1])))


def lead_heading(question_id: str, questions) -> str:
    """The projector's line above the led question: its number in the teacher's list and its page ('3. Home'); a
    question the app no longer asks by its id."""
    a = QUESTIONS.get(question_id)
    return f"{number_of(question_id, questions) or '–'}. {page_name(PAGE_OF[question_id]) if a else question_id}"


def numbered_title(question_id: str, questions) -> str:
    """'3. Which key will the query give the most weight? · Home' for the teacher's picker and the dashboard."""
    n, a = number_of(question_id, questions), QUESTIONS.get(question_id)
    page = page_name(PAGE_OF[question_id]) if a else ""
    return f"{n if n else '–'}. {question_title(question_id)} · {page}"


def lead_state(question_id: str, settings: Mapping[str, Any] | None, seed: int = 0) -> dict[str, Any]:
    """The state a led question is asked in: a page's prediction on the class's sentence and settings (the class's
    settings, ClassInfo.settings, are the page's: the learner's page opens with them); a Check yourself question at
    the question seed `seed`."""
    a = QUESTIONS.get(question_id)
    if a is not None and a.kind == "quiz":
        return {"seed": int(seed)}
    return {"sentence": "class"}


def matches_lead(s, lead) -> bool:
    """Whether a question's stats (QuestionStats) are answers to the led question: the same question, on the class's
    sentence (a prediction) or at the same seed (Check yourself)."""
    if s.question != lead.question_id:
        return False
    if "seed" in lead.state and QUESTIONS.get(s.question) and QUESTIONS[s.question].kind == "quiz":
        return str(s.state.get("seed")) == str(lead.state["seed"])
    return s.state.get("sentence", "class") == "class"


def present_text(answered: int, present: int) -> Said:
    """How many answered, of the learners present (seen in the last five minutes): '7 of 12 learners here have
    answered'. Learners who answered and left still count among those who answered: when they outnumber those
    here, the two counts are said apart ('30 learners have answered; 4 are here now'), never '30 of 30 here'.
    Facts: `answered`, `present`, and `of_present` (answered is said as a share of those present)."""
    facts = {"answered": answered, "present": present, "of_present": answered <= present}
    if answered > present:
        return Said(f"{plural(answered, 'learner')} {'has' if answered == 1 else 'have'} answered; "
                    f"{present} {'is' if present == 1 else 'are'} here now", facts)
    return Said(f"{answered} of {plural(present, 'learner')} here {'has' if answered == 1 else 'have'} answered",
                facts)


def option_counts(question_id: str, state: Mapping[str, Any], answers: Mapping[str, int],
                  settings: Mapping[str, Any] | None = None) -> list[tuple[str, int]]:
    """Every option of the question with its first answers, 0 included, in the order the question offers them; an
    answer within the question's tolerance of an option counts for it ("22.63" for "22.6274"), and any other answer
    given follows, grouped the same way (misconceptions.same_answers)."""
    state = with_class_text(state, settings)
    offered = options(question_id, state)
    counts = dict.fromkeys(offered, 0)
    extra: dict[str, int] = {}
    for label, members, n in same_answers(question_id, state, {**dict.fromkeys(offered, 0), **answers}):
        hit = next((m for m in members if m in counts), None)
        if hit is not None:
            counts[hit] += sum(answers.get(m, 0) for m in members)
        else:
            extra[label] = n
    return list(counts.items()) + sorted(extra.items(), key=lambda kv: (-kv[1], kv[0]))


def reason(question_id: str, state: Mapping[str, Any]) -> str:
    """The reveal's one line of why: a Check yourself question's own reason at its seed, or the one its page's
    prediction declares (Asked.reason: what is always true of the question)."""
    a = QUESTIONS.get(question_id)
    if a is not None and a.kind == "quiz":
        try:
            return quiz_question(question_id.removeprefix("quiz."), int(state.get("seed", 0))).why
        except (KeyError, TypeError, ValueError):
            return ""
    return a.reason if a is not None else ""


def shown_lines(said: WrongSaid, answered: int) -> list[Said]:
    """The reveal's misconceptions: each group of wrong first answers with how many showed it, most first. Each
    line's facts: `count`, `answered`, `shows` (None: none the question expects) and `answers`."""
    lines = []
    for g in said.groups:
        who = f"{g.count} of {answered}"
        lines.append(Said(f"{who}: {g.shows} ({_quoted(g.answers)})" if g.shows else
                          f"{who}: {_quoted(g.answers)}, none of the wrong answers this question expects",
                          {"count": g.count, "answered": answered, "shows": g.shows, "answers": g.answers}))
    return lines


# ------------------------------------------------------------------------ the class summary, and the CSV's words
SUMMARY_TITLE = "Class summary"
SUMMARY_HELP = "One page to print or keep: each question asked, and how far the class got."
SUMMARY_COLUMNS = ("#", "Question", "Answered", "Right first time", "Most shown")
PAGES_COLUMNS = ("Page", "Learners who reached it")


@dataclass(frozen=True)
class SummaryRow:
    """One question asked, in the summary: its number and text, and the facts its cells state."""

    number: int | None
    question: str
    page: str  # the page's name: two pages may ask the same words ("Which key will “sat” give the most weight?")
    answered: int
    right: int
    most_shown: str
    top: list[WrongGroup]


def plain(markdown: str) -> str:
    """Markdown made plain text for the CSV and the printed summary: no escapes, no bold."""
    return re.sub(r"\\(.)", r"\1", markdown).replace("**", "")


def question_text(question_id: str, state: Mapping[str, Any], settings: Mapping[str, Any] | None = None) -> str:
    """The question as the learners read it, in plain text."""
    return plain(asked_as(question_id, state, settings))


def _most_shown_cell(said: WrongSaid) -> str:
    if not said.top:
        return "No wrong first answer" if not said.groups else "—"
    each = " each" if said.tie else ""
    return "; ".join(g.shows or f"{_quoted(g.answers)} (not an expected wrong answer)" for g in said.top) + (
        f" ({said.count}{each})")


def summary_rows(stats: list, questions, settings: Mapping[str, Any] | None = None) -> list[SummaryRow]:
    """Each question asked, in the teacher's order: how many answered, how many right at the first attempt, and
    the misconception most shown (ties named together)."""
    rows = []
    for n, s in in_list_order(stats, questions):
        said = wrong_said(s.question, s.state, s.answered, s.right, s.wrong)
        rows.append(SummaryRow(n, question_text(s.question, s.state, settings), page_name(s.page), s.answered,
                               s.right, _most_shown_cell(said), said.top))
    return rows


def summary_cells(row: SummaryRow) -> list[str]:
    return [str(row.number or "–"), f"{row.question} · {row.page}", str(row.answered),
            f"{row.right} of {row.answered} ({percent(row.right, row.answered)})", row.most_shown]


def pages_reached(pages: Mapping[str, int]) -> list[tuple[str, int]]:
    """Each page with the learners who reached it, along the route (pages class mode does not know after)."""
    order = list(PAGE_TITLES)
    return [(page_name(p), n) for p, n in sorted(pages.items(), key=lambda kv: (
        order.index(kv[0]) if kv[0] in order else len(order), kv[0]))]


def summary_head(code: str, joined: int, answered: int) -> Said:
    """The summary's first line (facts: `code`, `joined`, `answered` at least once)."""
    return Said(f"Class {code}: {plural(joined, 'learner')} joined, {answered} answered at least once.",
                {"code": code, "joined": joined, "answered": answered})


def csv_words(row: Mapping[str, Any], questions, settings: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """One answer row (ClassStore.answer_rows) in the CSV's plain columns: its number, page and question in words,
    what it was asked about, the answer as the learner saw it, and its misconception."""
    state = json.loads(row["state"]) if isinstance(row.get("state"), str) else dict(row.get("state") or {})
    return {**{k: row[k] for k in ("learner", "attempt", "answer", "right", "misconception")},
            "number": number_of(row["question"], questions) or "", "page": page_name(row["page"]),
            "question": question_text(row["question"], state, settings),
            "asked_about": state_text(state, settings, row["question"])}


def lead_bars(question_id: str, state: Mapping[str, Any], answers: Mapping[str, int], wrong, revealed: bool,
              settings: Mapping[str, Any] | None = None) -> list[tuple[str, int, bool | None]]:
    """The led question's bars for the projector, (label, learners, right): every option in the order the question
    offers them, 0 included (option_counts), then any other answer given; `right` None until the reveal, and for an
    option nobody gave (the app does not guess it). Learners' own sentences: no bar until the reveal."""
    if own_sentence(question_id, state) and not revealed:
        return []
    wrong_answers = {answer for answer, _ in wrong}
    bars = []
    for label, n in option_counts(question_id, state, answers, settings):
        right = (label not in wrong_answers) if revealed and n else None
        bars.append((("✓ " if right else "") + _wrapped(label), n, right))
    return bars


# ------------------------------------------------------------------------ the teachers' page, round three
START_TITLE, REOPEN_TITLE = "Start a class", "Or open one you started"
STORAGE_FOLD = "Where this app keeps classes"
LEAD_TITLE = "Lead the class"
LEAD_PICK = "Question from your list"
LEAD_SEED = "Question seed (Check yourself)"
LEAD_BUTTON = "Put it in front of the class"
LEAD_STOP = "Stop leading"
REVEAL_BUTTON, HIDE_BUTTON = "Reveal the answer", "Hide the answer"
SUMMARY_BUTTON = "Class summary to print"
PAUSE_BUTTON, RESUME_BUTTON = "Pause the class", "Resume the class"
OPEN_STATE = "The class is open: answers are being collected."
PAUSED_STATE = "The class is paused: answers are refused until you resume it."
DELETE_FOLD = "Delete the class"
DELETE_FIRST = "Download its answers first: once deleted, they are gone for good."
DELETE_SURE = "Yes, delete the class and its answers"
JOIN_SMALL = "Join with code {code}"


def leading_text(lead, questions) -> Said:
    """What the class has in front of it now, for the dashboard: its number and title, and whether revealed.
    Facts: `question` (None: none led), `number` (in the teacher's list) and `revealed`."""
    if lead is None:
        return Said(NOT_LEADING, {"question": None, "number": None, "revealed": False})
    said = "revealed" if lead.revealed else "not revealed yet"
    return Said(f"In front of the class: {numbered_title(lead.question_id, questions)} (answer {said}).",
                {"question": lead.question_id, "number": number_of(lead.question_id, questions),
                 "revealed": bool(lead.revealed)})
