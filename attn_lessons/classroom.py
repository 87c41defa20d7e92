"""Class mode, the words: what the learner is told about their class, and every sentence of the teacher's dashboard.

Plain strings from plain numbers; the page escapes whatever came from the database before it draws it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from attn_core.masks import PAD_LABEL

from . import home, induction, mask_mistakes, masks, scaling, training
from .asked import labels_of
from .format import listing, md_text, plot_label, plural, short
from .misconceptions import QUESTIONS, quiz_question
from .misconceptions import _mask_labels as mask_labels
from .scaling import scores_text
from .training import LOSS_LABELS

ACTIVE_MINUTES = 5

INTRO = ("Start a class, put its code or QR code on the projector, and watch the class's predictions and Check "
         "yourself answers arrive: how many answered, how many were right at the first attempt, and which wrong "
         "answer is most common, with the misconception it signals. Learners are anonymous: the app keeps a "
         "random id for each browser session, never a name.")
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
PAUSED_NOTE = "The class is paused: learners' answers are refused until you resume it."
QR_TOO_LONG = ("Your sentence makes the link too long for a QR code. Share the link itself, or pick a shorter "
               "sentence before you start the class.")
NO_ANSWERS = "No answers yet. They appear here within a few seconds of a learner answering."
SESSIONS_NOTE = ("Each browser session counts as one learner: a learner who reloads the page, or opens the link in "
                 "another browser, counts again.")

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


SLIDER_UNSET = "Move the slider to your prediction first, or press “Show me”."  # an untouched slider is no answer


def qr_label(code: str) -> str:
    """The QR code's text alternative."""
    return f"QR code of the students' link to join class {code}"


def link_notice(code_text: str, message: str) -> str:
    """Why the link's class could not be joined."""
    return f"The link's class “{md_text(code_text)}” can't be joined. {message}"


def learners_text(joined: int, active: int) -> str:
    """How many learners joined, and how many answered or joined in the last five minutes."""
    return (f"{plural(joined, 'learner')} joined; {active} active in the last {ACTIVE_MINUTES} minutes. "
            + SESSIONS_NOTE)


def question_title(question_id: str) -> str:
    """The question as the dashboard names it."""
    a = QUESTIONS.get(question_id)
    return a.title if a else question_id


# The pages' titles as the sidebar labels them, by the page name class mode records (Asked.page: the page's URL path
# in lower case). The words cannot read attn_ui.pages' ROUTE; tests/lessons/test_classroom.py holds this map to it.
PAGE_TITLES = {"home": "Home", "qkv_builder": "Q/K/V builder", "scaling_explorer": "Scaling explorer",
               "training_lab": "Training lab", "masks_and_heads": "Masks and heads",
               "inside_a_trained_model": "Inside a trained model", "common_mistakes": "Common mistakes",
               "mask_mistakes": "Mask mistakes", "check_yourself": "Check yourself"}


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
_SAID_APART = {"sentence", "text", "query", "n_tokens", "n_real"}


def state_text(state: Mapping[str, Any], settings: Mapping[str, Any] | None = None, question_id: str = "") -> str:
    """What the question was asked about, in the lesson's words: the class's sentence or a learner's own, the query
    as a token, then the page's settings and the sidebar's ("positions on, d_model 8, 2 heads, seed 0").
    `settings`: the class's (its sentence names the query's token); `question_id`: whose labels and seed."""
    parts = []
    sentence = SENTENCES.get(state.get("sentence"))
    if sentence:
        parts.append(f"on {sentence}")
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
    query = str(state["query"])
    return induction.predict_question(labels, labels.index(query)) if query in labels else None


_ASKED_AS = {"home.top_key": _asked_home, "builder.most_weight": _asked_home, "scaling.softmax": _asked_scaling,
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
OWN_SENTENCE = ("These answers are about each learner's own sentence, so only whether each was right is kept, not "
                "the token chosen.")


def wrong_text(question_id: str, state: Mapping[str, Any], answered: int, right: int,
               wrong: Mapping[tuple[str, str | None], int]) -> str:
    """What the wrong first answers show: the most common one and its misconception (top_wrong_text); for answers
    about learners' own sentences, kept only as right or wrong, how many were wrong and the misconception most of
    them signal, never a made-up "most common wrong answer". `wrong`: (answer, misconception) -> learners."""
    if not own_sentence(question_id, state):
        if not wrong:
            return NO_WRONG
        (answer, why), n = min(wrong.items(), key=lambda kv: (-kv[1], kv[0][0], kv[0][1] or ""))
        return top_wrong_text(answer, why, n, answered)
    n_wrong = answered - right
    if n_wrong <= 0:
        return f"{OWN_SENTENCE} {NO_WRONG}"
    whys: dict[str, int] = {}
    for (_, why), n in wrong.items():
        if why:
            whys[why] = whys.get(why, 0) + n
    was = "was" if n_wrong == 1 else "were"
    head = f"{OWN_SENTENCE} {n_wrong} of {plural(answered, 'first answer')} {was} wrong."
    if not whys:
        return head
    why, n = min(whys.items(), key=lambda kv: (-kv[1], kv[0]))
    return f"{head} {n} of them {'suggests' if n == 1 else 'suggest'}: {why}."


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


def projector_position(i: int, n: int, code: str) -> str:
    """'Class K7Q2PM · question 2 of 5'."""
    return f"Class {code} · question {i + 1} of {n}"


def answered_text(answered: int, joined: int) -> str:
    """How many have answered, of the learners joined: '7 of 12 learners have answered'."""
    if answered > joined:  # a learner who reloaded counts again among the joined, not among the answers
        joined = answered
    return f"{answered} of {plural(joined, 'learner')} {'has' if joined == 1 and answered == 1 else 'have'} answered"


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


def projector_bars(question_id: str, state: Mapping[str, Any], answers: Mapping[str, int], wrong,
                   revealed: bool) -> list[tuple[str, int, bool | None]]:
    """The first answers as the projector's bars, (label, learners, right): the most given first, ties in
    alphabetical order, the same before and after the reveal (so no bar moves, and the order gives nothing away);
    `right` is None until the answer is revealed. Answers about learners' own sentences are only right and wrong,
    which would give the answer away: no bar until the reveal."""
    if own_sentence(question_id, state) and not revealed:
        return []
    wrong_answers = {answer for answer, _ in wrong}
    items = sorted(answers.items(), key=lambda kv: (-kv[1], kv[0]))
    return [(("✓ " if revealed and a not in wrong_answers else "") + _wrapped(a), n,
             (a not in wrong_answers) if revealed else None) for a, n in items]


def right_answer_text(question_id: str, state: Mapping[str, Any], answers: Mapping[str, int], wrong,
                      answered: int, right: int, settings: Mapping[str, Any] | None = None) -> str:
    """The reveal: the right answer (the ones learners gave, or a Check yourself question's own), and how many gave
    it at their first attempt."""
    share = f"{right} of {answered} right at the first attempt." if answered else ""
    if own_sentence(question_id, state):
        return f"Each learner's right answer depends on their own sentence. {share}".strip()
    wrong_answers = {answer for answer, _ in wrong}
    given = sorted((a for a in answers if a not in wrong_answers), key=lambda a: (-answers[a], a))
    if len(given) == 1:
        return f"The right answer: “{given[0]}”. {share}".strip()
    if given:
        return f"Right answers given: {listing([f'“{a}”' for a in given])}. {share}".strip()
    a = QUESTIONS.get(question_id)
    if a is not None and a.kind == "quiz":
        try:
            q = quiz_question(question_id.removeprefix("quiz."), int(state.get("seed", 0)))
            return f"The right answer: {q.answer_text}. {share}".strip()
        except (KeyError, TypeError, ValueError):
            pass
    if question_id == induction.LOOK.id:  # the trained model's answer follows from the sequence alone
        try:
            state = with_class_text(state, settings)
            labels, tokens = induction.state_sequence(state)
            key = induction.target_key(tokens, labels.index(str(state["query"])))
            return f"The right answer: “{labels[key]}”. {share}".strip()
        except (KeyError, TypeError, ValueError, IndexError):
            pass
    return f"{NO_RIGHT_YET} {share}".strip()
