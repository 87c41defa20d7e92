"""Class mode, the words: what the learner is told about their class, and every sentence of the teacher's dashboard.

Plain strings from plain numbers, worded from locales/<language>/classroom.ftl in the session's language; the page
escapes whatever came from the database before it draws it. The fixed texts (INTRO, NOTICES …) are looked up when
read, through the module's __getattr__, so nothing is worded at import time. A class's answers are stored in a form
that is the same in every language (attn_lessons.misconceptions.answer_text, misconception_id); `worded` words a
question's counts for the reader, so a teacher reads learners of every language in the teacher's own.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from attn_core.masks import PAD_LABEL

from . import builder, home, induction, mask_mistakes, masks, scaling, training
from .asked import labels_of, shows_words
from .format import listing, md_text, plot_label, short
from .i18n import current, tr, use
from .misconceptions import (
    PAGE_OF,
    QUESTIONS,
    WrongGroup,
    answer_words,
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

ACTIVE_MINUTES = 5

# The fixed texts, by the name the pages and views read (words.INTRO …), and their messages: looked up when read
_FIXED = {
    "INTRO": "classroom-intro", "LOCAL_FILE": "classroom-local-file", "KEY_WARNING": "classroom-key-warning",
    "REFUSED": "classroom-refused", "KEY_FORMAT": "classroom-key-format", "UNREACHABLE": "classroom-unreachable",
    "DELETED": "classroom-deleted", "DELETED_ELSEWHERE": "classroom-deleted-elsewhere",
    "KEY_FOLD": "classroom-key-fold", "QR_TOO_LONG": "classroom-qr-too-long", "NO_ANSWERS": "classroom-no-answers",
    "SESSIONS_NOTE": "classroom-sessions-note", "FOLLOW_LABEL": "classroom-follow-label",
    "FOLLOW_HELP": "classroom-follow-help", "BACK_TO_LEAD": "classroom-back-to-lead",
    "TEACHER_REVEALED": "classroom-teacher-revealed", "NO_WRONG": "classroom-no-wrong",
    "OWN_SENTENCE": "classroom-own-sentence", "LINK_NOTE": "classroom-link-note",
    "CREATE_HELP": "classroom-create-help", "DELETE_HELP": "classroom-delete-help",
    "CLOSE_HELP": "classroom-close-help", "ANSWERS_TITLE": "classroom-answers-title",
    "LEARNERS_AXIS": "classroom-learners-axis", "PROJECTOR_HELP": "classroom-projector-help",
    "NO_RIGHT_YET": "classroom-no-right-yet", "OWN_HIDDEN": "classroom-own-hidden", "LEAD_HELP": "classroom-lead-help",
    "NOT_LEADING": "classroom-not-leading", "SUMMARY_TITLE": "classroom-summary-title",
    "SUMMARY_HELP": "classroom-summary-help", "START_TITLE": "classroom-start-title",
    "REOPEN_TITLE": "classroom-reopen-title", "STORAGE_FOLD": "classroom-storage-fold",
    "LEAD_TITLE": "classroom-lead-title", "LEAD_PICK": "classroom-lead-pick", "LEAD_SEED": "classroom-lead-seed",
    "LEAD_BUTTON": "classroom-lead-button", "LEAD_STOP": "classroom-lead-stop",
    "REVEAL_BUTTON": "classroom-reveal-button", "HIDE_BUTTON": "classroom-hide-button",
    "SUMMARY_BUTTON": "classroom-summary-button", "PAUSE_BUTTON": "classroom-pause-button",
    "RESUME_BUTTON": "classroom-resume-button", "OPEN_STATE": "classroom-open-state",
    "PAUSED_STATE": "classroom-paused-state", "DELETE_FOLD": "classroom-delete-fold",
    "DELETE_FIRST": "classroom-delete-first", "DELETE_SURE": "classroom-delete-sure",
}


def __getattr__(name: str):
    """A fixed text (INTRO, REFUSED …) in the session's language, or a table of them (NOTICES, SUMMARY_COLUMNS …),
    looked up when read."""
    if name in _FIXED:
        return tr(_FIXED[name])
    if name in _TABLES:
        return _TABLES[name]()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _notices() -> dict[str, str]:
    """What became of one answer, as the learner reads it under their reveal: true of that answer for good."""
    return {k: tr(f"classroom-notice-{k.replace('_', '-')}") for k in (
        "sent", "sending", "sent_failed", "slow", "paused", "not_found", "rate", "not_joined", "format", "full")}


def join_error(reason: str, limit: int) -> str:
    """Why a class could not be joined ("format", "not_found", "full", "unreachable"; any other: unreachable)."""
    reason = reason if reason in ("format", "not_found", "full") else "unreachable"
    return tr(f"classroom-join-{reason.replace('_', '-')}", limit=limit)


def class_line(code: str) -> str:
    """The sidebar's line for a learner in a class."""
    return tr("classroom-class-line", code=code)


def paused_line(code: str) -> str:
    """The learner's class line while the teacher has paused the class."""
    return tr("classroom-paused-line", code=code)


def resumed_line(code: str) -> str:
    """The learner's class line once a class they saw paused is open again (until their next answer is sent)."""
    return tr("classroom-resumed-line", code=code)


def ended_line(code: str) -> str:
    """The learner's line once their class has ended or was deleted: the app sends nothing more."""
    return tr("classroom-ended-line", code=code)


def lead_line(title: str, here: bool) -> str:
    """The line under the class's line while the teacher leads a question: it is on this page (`here`), or
    elsewhere."""
    return tr("classroom-lead-line", title=md_text(title), here="yes" if here else "no")


def slider_unset() -> str:
    """An untouched slider is no answer: what the learner is asked to do."""
    return tr("classroom-slider-unset", show_me=tr("checkpoint-show-me"))


def qr_label(code: str) -> str:
    """The QR code's text alternative."""
    return tr("classroom-qr-label", code=code)


def link_notice(code_text: str, message: str) -> str:
    """Why the link's class could not be joined."""
    return tr("classroom-link-notice", code=md_text(code_text), message=message)


def learners_text(joined: int, active: int) -> Said:
    """How many learners joined, and how many answered or joined in the last five minutes (facts: `joined`,
    `active`, `minutes`)."""
    return Said(tr("classroom-learners", joined=joined, active=active, minutes=ACTIVE_MINUTES,
                   note=tr("classroom-sessions-note")),
                {"joined": joined, "active": active, "minutes": ACTIVE_MINUTES})


def question_title(question_id: str) -> str:
    """The question as the dashboard names it."""
    a = QUESTIONS.get(question_id)
    return a.title if a else question_id


# The pages by the name class mode records (misconceptions.PAGE_OF: the route entry's URL path in lower case), in
# the route's order
PAGES = tuple(p.slug for p in ROUTE)


def page_titles() -> dict[str, str]:
    """The pages' titles as the sidebar labels them, in the session's language, by the name class mode records."""
    return {p.slug: p.label for p in ROUTE}


def page_name(page: str) -> str:
    """The page as the sidebar labels it: 'qkv_builder' -> 'Q/K/V builder' (an unknown page, by its name)."""
    return page_titles().get(page) or page.replace("_", " ").capitalize()


# ------------------------------------------------------------------------ what a question was asked about
SENTENCES = ("class", "own")  # the class's sentence, or a learner's own (classroom-sentence-…)
STARTS = ("interpretable", "random")  # Home's and the builder's starting point (classroom-start-…)
SOURCES = ("sentence", "random")  # what the trained model reads (classroom-source-…)
MASK_NAMES = ("none", "causal", "padding", "custom")  # the masks page's masks (classroom-mask-…)


def _named(kind: str, keys: tuple[str, ...], value) -> str | None:
    """A setting's value in words (classroom-<kind>-<value>), or None for a value not among `keys`."""
    return tr(f"classroom-{kind}-{value}") if isinstance(value, str) and value in keys else None


def with_class_text(state: Mapping[str, Any], settings: Mapping[str, Any] | None) -> dict[str, Any]:
    """The state with the class's sentence put back: class mode records only 'sentence': 'class' for it, and the
    class's settings (ClassInfo.settings) hold the sentence itself."""
    state = dict(state)
    if state.get("sentence") == "class" and "text" not in state and settings and settings.get("text"):
        state["text"] = str(settings["text"])
    return state


def _ordinal_suffix(n: int) -> str:
    """The English ordinal's ending of n, which the catalog selects on: 1 -> 'st', 2 -> 'nd', 11 -> 'th', 23 -> 'rd'."""
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


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
        return tr("classroom-query-token", token=token)
    if isinstance(state.get("query"), (int, float)) and not isinstance(state.get("query"), bool):
        n = int(state["query"]) + 1
        return tr("classroom-query-nth", n=str(n), suffix=_ordinal_suffix(n))
    return None


def _pads(state) -> str | None:
    try:
        n_pad = int(state["n_tokens"]) - int(state["n_real"])
    except (KeyError, TypeError, ValueError):
        return None
    return tr("classroom-pads", n=n_pad, pad=PAD_LABEL) if n_pad > 0 else None


def _seed(question_id: str, seed) -> str:
    if question_id.startswith("quiz."):
        return tr("classroom-seed-quiz", seed=str(seed))  # Check yourself's "Question seed"
    if question_id == "training.race":
        return tr("classroom-seed-race", seed=str(seed))  # the lab's "data and initialisation seed"
    return tr("classroom-seed", seed=str(seed))  # the sidebar's "Seed for the weights"


def _loss(v) -> str:
    return tr("classroom-loss", loss=training.LOSS_LABELS.get(v, str(v)))  # the lab's radio, in its language


# Each setting as the page or the sidebar shows it, in the order the state line says them: the page's own controls
# first, then the sidebar's. A key not here is said as recorded (a question added later), never dropped.
_SETTINGS: tuple[tuple[str, Any], ...] = (
    ("start", lambda q, v: _named("start", STARTS, v) or str(v)),
    ("pe", lambda q, v: tr("classroom-pe-on") if v else tr("classroom-pe-off")),
    ("source", lambda q, v: _named("source", SOURCES, v) or str(v)),
    ("length", lambda q, v: tr("classroom-length", n=int(v))),
    ("rseed", lambda q, v: tr("classroom-rseed", seed=str(v))),
    ("mask", lambda q, v: _named("mask", MASK_NAMES, v) or tr("classroom-mask-other", mask=str(v))),
    ("scores", lambda q, v: tr("classroom-scores", scores=scores_text(v))),
    ("d_k", lambda q, v: f"d_k {v}"),  # notation, the same in every language
    ("loss", lambda q, v: _loss(v)),
    ("lr", lambda q, v: tr("classroom-lr", lr=short(v))),
    ("steps", lambda q, v: tr("classroom-steps", n=int(v))),
    ("d_model", lambda q, v: f"d_model {v}"),
    ("heads", lambda q, v: tr("classroom-heads", n=int(v))),
    ("seed", lambda q, v: _seed(q, v)),
)
_SAID_APART = {"sentence", "text", "query", "n_tokens", "n_real", "at"}  # at: the trained model's query position


def state_text(state: Mapping[str, Any], settings: Mapping[str, Any] | None = None, question_id: str = "") -> str:
    """What the question was asked about, in the lesson's words: the class's sentence or a learner's own, the query
    as a token, then the page's settings and the sidebar's ("positions on, d_model 8, 2 heads, seed 0").
    `settings`: the class's (its sentence names the query's token); `question_id`: whose labels and seed. A state
    that carries the class's sentence itself (with_class_text, as the projector shows it) quotes it."""
    parts = []
    sentence = _named("sentence", SENTENCES, state.get("sentence"))
    if sentence:
        text = state.get("text") if state.get("sentence") == "class" else None  # never a learner's own
        parts.append(tr("classroom-on-text", sentence=sentence, text=str(text)) if text else
                     tr("classroom-on", sentence=sentence))
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
            parts.append(_pads(state))
    parts += [f"{k} {_value(v)}" for k, v in sorted(state.items())
              if k not in known and k not in _SAID_APART and v is not None]
    if not parts:
        return tr("classroom-asked-nothing")
    return tr("classroom-asked", start="on" if sentence else "with", parts=tr("classroom-comma").join(parts))


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
    if not state.get("text") or state.get("mask") not in MASK_NAMES:  # a mask the page offers
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
    return tr("classroom-percent", percent=str(round(100 * right / answered))) if answered else tr(
        "classroom-no-answers-short")


def first_attempt_text(answered: int, right: int, attempts: int) -> Said:
    """How many answered, and how many of them were right at their first attempt. Facts: `answered`, `right`,
    `percent` (rounded, None with no answer) and `later` (attempts after the first, not counted)."""
    if not answered:
        return Said(tr("classroom-first-none"), {"answered": 0, "right": 0, "percent": None, "later": 0})
    again = attempts - answered
    return Said(tr("classroom-first", answered=answered, right=right, percent=percent(right, answered), later=again),
                {"answered": answered, "right": right, "percent": round(100 * right / answered), "later": again})


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
    if g.shows:
        return tr("classroom-group-suggests", answers=_quoted(g.answers), n=len(g.answers), shows=g.shows)
    return tr("classroom-group-none", answers=_quoted(g.answers))


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
            return WrongSaid(_sentences(tr("classroom-own-sentence"), tr("classroom-no-wrong")), groups, [], 0, 0)
        head = _sentences(tr("classroom-own-sentence"), tr("classroom-own-wrong", wrong=n_wrong, answered=answered))
        tagged = most_shown([g for g in groups if g.shows])
        if not tagged:
            return WrongSaid(head, groups, [], 0, n_wrong)
        n = tagged[0].count
        shows = listing([g.shows for g in tagged])
        return WrongSaid(_sentences(head, tr("classroom-own-suggest", n=n, tied="yes" if len(tagged) > 1 else "no",
                                             shows=shows)), groups, tagged, n, n_wrong)
    if not top:
        return WrongSaid(tr("classroom-no-wrong"), groups, [], 0)
    if len(top) == 1:
        g = top[0]
        head = tr("classroom-most-common", answers=_quoted(g.answers), count=count, answered=answered)
        tail = tr("classroom-it-suggests", shows=g.shows) if g.shows else tr("classroom-it-is-none")
        return WrongSaid(_sentences(head, tail), groups, top, count)
    names = listing([_quoted(g.answers) for g in top])
    text = _sentences(tr("classroom-most-common-tied", names=names, count=count, answered=answered),
                      tr("classroom-semicolon").join(_group_words(g) for g in top) + tr("classroom-full-stop"))
    return WrongSaid(text, groups, top, count)


def _sentences(*parts: str) -> str:
    """Sentences one after another: a space between them in English, none after a Chinese full stop."""
    out = ""
    for part in parts:
        out = part if not out else (out + part if out.endswith(("。", "！", "？", "）")) else f"{out} {part}")
    return out


# The CSV's plain columns (no JSON, no internal id), named the same in every language so a script reads any class's:
# the question's number in the teacher's list, its page, its text as the learners read it, what it was asked about
# in words, the answer as stored (the same in every language: a token, an option's key, a number), the answer as
# the learner saw it (in the learner's language), the learner's language, right or not, and what it shows
CSV_COLUMNS = ("time_utc", "learner", "number", "page", "question", "asked_about", "attempt", "answer",
               "answer_seen", "lang", "right", "misconception")

# ------------------------------------------------------------------------ the teachers' page's own text
def _answer_series() -> dict[bool, str]:
    """The chart's two series of a question's first answers (ANSWERS_TITLE, LEARNERS_AXIS: its title and axis)."""
    return {True: tr("classroom-series-right"), False: tr("classroom-series-wrong")}


def active_label() -> str:
    return tr("classroom-active-label", minutes=ACTIVE_MINUTES)


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
            bars.append((right, _answer_series()[right], [plot_label(a[:ANSWER_LABEL]) for a, _ in grouped],
                         [n for _, n in grouped]))
    return bars


# ------------------------------------------------------------------------ the projector view: one question, large
PROJECTOR_LABEL = 28  # characters of an answer on one line of the projector's chart; longer ones wrap


def stats_key(s) -> str:
    """One question in one state, as the projector follows it from one refresh to the next."""
    return json.dumps([s.page, s.question, s.state], sort_keys=True, default=str)


def projector_order(stats: list) -> list:
    """The questions in the lesson's order, which new answers do not reshuffle: by page along the route, then as
    the questions are declared, the class's sentence before learners' own, then by state."""
    pages, ids = list(PAGES), list(QUESTIONS)

    def at(seq, x):
        return seq.index(x) if x in seq else len(seq)

    return sorted(stats, key=lambda s: (at(pages, s.page), at(ids, s.question), s.state.get("sentence") == "own",
                                        stats_key(s)))


def _wide(c: str) -> bool:
    """A character as wide as two Latin ones: Chinese, Japanese, Korean, full-width punctuation."""
    return unicodedata.east_asian_width(c) in ("W", "F")


def _wrapped(text: str, width: int = PROJECTOR_LABEL) -> str:
    """An answer for the projector's chart: escaped for Plotly, its words on lines of about `width` characters (a
    run of Chinese, which has no spaces, broken every `width` // 2 characters: each is as wide as two Latin ones)."""
    lines, line = [], ""
    words = []
    for word in text[:ANSWER_LABEL].split():
        wide = sum(_wide(c) for c in word)
        step = max(1, width // 2)
        words += [word] if not wide or len(word) + wide <= width else [word[k:k + step]
                                                                         for k in range(0, len(word), step)]
    for word in words:
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
    share = tr("classroom-share", right=right, answered=answered) if answered else ""

    def said(text: str, named: list[str], source: str) -> Said:
        return Said(_sentences(text, share) if share else text, {
            "right_answers": named, "from": source, "share": (right, answered) if answered else None})

    if own_sentence(question_id, state):
        return said(tr("classroom-own-right"), [], "own")
    wrong_answers = {answer for answer, _ in wrong}
    given = sorted((a for a in answers if a not in wrong_answers), key=lambda a: (-answers[a], a))
    if len(given) == 1:
        return said(tr("classroom-right-answer", answer=given[0]), given, "given")
    if given:
        return said(tr("classroom-right-answers", answers=listing([f"“{a}”" for a in given])), given, "given")
    a = QUESTIONS.get(question_id)
    if a is not None and a.kind == "quiz":
        try:
            q = quiz_question(question_id.removeprefix("quiz."), int(state.get("seed", 0)))
            return said(tr("classroom-right-answer-quiz", answer=q.answer_text), [q.answer_text], "quiz")
        except (KeyError, TypeError, ValueError):
            pass
    if question_id == induction.LOOK.id:  # the head's top keys follow from the sequence alone, as the page grades
        try:
            keys = induction.right_answers(with_class_text(state, settings))
            if len(keys) == 1:
                return said(tr("classroom-right-answer", answer=keys[0]), keys, "model")
            return said(tr("classroom-right-tied", answers=listing([f"“{k}”" for k in keys])), keys, "model")
        except (KeyError, TypeError, ValueError, IndexError):
            pass
    return said(tr("classroom-no-right-yet"), [], "none")


# ------------------------------------------------------------------------ the teacher's list, and leading with it
TEACHERS_LIST = tuple(QUESTIONS)  # every page's prediction along the route, then each Check yourself kind


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
    return Said(tr("classroom-present", answered=answered, present=present,
                   over="yes" if answered > present else "no"), facts)


def option_counts(question_id: str, state: Mapping[str, Any], answers: Mapping[str, int],
                  settings: Mapping[str, Any] | None = None) -> list[tuple[str, int]]:
    """Every option of the question with its first answers (`answers` worded, as `worded` words them), 0 included,
    in the order the question offers them; an
    answer within the question's tolerance of an option counts for it ("22.63" for "22.6274"), and any other answer
    given follows, grouped the same way (misconceptions.same_answers)."""
    state = with_class_text(state, settings)
    offered = [answer_words(question_id, o, state) for o in options(question_id, state)]  # as `worded` words them
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
        who = tr("classroom-who", count=g.count, answered=answered)
        lines.append(Said(tr("classroom-shown-line", who=who, shows=g.shows, answers=_quoted(g.answers)) if g.shows
                          else tr("classroom-shown-none", who=who, answers=_quoted(g.answers)),
                          {"count": g.count, "answered": answered, "shows": g.shows, "answers": g.answers}))
    return lines


# ------------------------------------------------------------------------ the class summary, and the CSV's words
def _summary_columns() -> tuple[str, ...]:
    return tuple(tr(f"classroom-col-{k}") for k in ("number", "question", "answered", "right", "most-shown"))


def _pages_columns() -> tuple[str, ...]:
    return tr("classroom-col-page"), tr("classroom-col-reached")


# The tables of fixed texts, by the name the pages read (words.NOTICES …): made when read, in the session's language
_TABLES = {"NOTICES": _notices, "SUMMARY_COLUMNS": _summary_columns, "PAGES_COLUMNS": _pages_columns,
           "ANSWER_SERIES": _answer_series, "ACTIVE_LABEL": active_label, "SLIDER_UNSET": slider_unset,
           "PAGE_TITLES": page_titles}


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
        return tr("classroom-cell-no-wrong") if not said.groups else "—"
    named = tr("classroom-semicolon").join(g.shows or tr("classroom-cell-not-expected", answers=_quoted(g.answers))
                                           for g in said.top)
    count = tr("classroom-cell-count", count=said.count, tied="yes" if said.tie else "no")
    return named + ("" if count.startswith("（") else " ") + count


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
            tr("classroom-right-of", right=row.right, answered=row.answered, percent=percent(row.right, row.answered)),
            row.most_shown]


def pages_reached(pages: Mapping[str, int]) -> list[tuple[str, int]]:
    """Each page with the learners who reached it, along the route (pages class mode does not know after)."""
    order = list(PAGES)
    return [(page_name(p), n) for p, n in sorted(pages.items(), key=lambda kv: (
        order.index(kv[0]) if kv[0] in order else len(order), kv[0]))]


def summary_head(code: str, joined: int, answered: int) -> Said:
    """The summary's first line (facts: `code`, `joined`, `answered` at least once)."""
    return Said(tr("classroom-summary-head", code=code, joined=joined, answered=answered),
                {"code": code, "joined": joined, "answered": answered})


def csv_words(row: Mapping[str, Any], questions, settings: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """One answer row (ClassStore.answer_rows) in the CSV's plain columns: its number, page and question in words,
    what it was asked about, the answer as stored (the same in every language) and as the learner saw it (worded
    in the learner's language, `lang`; an old answer with no language, as it was stored), and its misconception
    in the teacher's language."""
    state = json.loads(row["state"]) if isinstance(row.get("state"), str) else dict(row.get("state") or {})
    question, lang = row["question"], str(row.get("lang") or "")
    return {**{k: row[k] for k in ("learner", "attempt", "answer", "right")},
            "answer_seen": in_language(lang, answer_words, question, row["answer"], with_class_text(state, settings))
            if lang else row["answer"], "lang": lang,
            "misconception": shows_words(row.get("misconception")) or "",
            "number": number_of(question, questions) or "", "page": page_name(row["page"]),
            "question": question_text(question, state, settings),
            "asked_about": state_text(state, settings, question)}


def in_language(lang: str, fn, *args, **kwargs):
    """fn(*args) worded in `lang` (a learner's), then back to the session's language."""
    was = current()
    use(lang)
    try:
        return fn(*args, **kwargs)
    finally:
        use(was)


def worded(s, settings: Mapping[str, Any] | None = None):
    """A question's stats (QuestionStats) with its answers and misconceptions as stored (the same in every
    language) worded in the session's language, so answers from learners of every language count together and read
    in the teacher's words. Two stored answers never share words (an option's key, a token, a number), so the
    counts stay as they were."""
    state = with_class_text(s.state, settings)
    words = {a: answer_words(s.question, a, state) for a in s.answers}
    answers: dict[str, int] = {}
    for a, n in s.answers.items():
        answers[words[a]] = answers.get(words[a], 0) + n
    wrong: dict[tuple[str, str | None], int] = {}
    for (a, why), n in s.wrong.items():
        key = (words.get(a) or answer_words(s.question, a, state), shows_words(why))
        wrong[key] = wrong.get(key, 0) + n
    return replace(s, answers=answers, wrong=wrong)


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
def join_small(code: str) -> str:
    """The projector's small line with the class code."""
    return tr("classroom-join-small", code=code)


def leading_text(lead, questions) -> Said:
    """What the class has in front of it now, for the dashboard: its number and title, and whether revealed.
    Facts: `question` (None: none led), `number` (in the teacher's list) and `revealed`."""
    if lead is None:
        return Said(tr("classroom-not-leading"), {"question": None, "number": None, "revealed": False})
    return Said(tr("classroom-leading", title=numbered_title(lead.question_id, questions),
                   revealed="yes" if lead.revealed else "no"),
                {"question": lead.question_id, "number": number_of(lead.question_id, questions),
                 "revealed": bool(lead.revealed)})
