"""What a question of the app declares, once, in its page's words module: its class-mode id, its title, what kind
of answer it takes, and the wrong answers it expects, each with the misconception it shows. Its page is the route
entry that declares it (attn_lessons.route: a page's `checkpoint`, or one of its `quiz` kinds), never typed here.

Each question also declares what would give its answer away (`gives_away`): the strings, worked out from the page's
state, that state the answer (an option label that names it, a caption that says it, the title of a table that
prints it). None of them may be on the page while the question is open; tests/pages/test_prose_walk.py walks every
page with every question open and fails on one. A question that no string on screen can give away says why instead
(`nothing_gives_away`), so an undeclared question is never passed over in silence.

A page's predict-first checkpoint is an `Asked` with the `key` the page hands to attn_ui.checkpoint.predict
(`home.TOP_KEY`, `scaling.SOFTMAX` …) and its route entry names as its `checkpoint`; a Check yourself kind is a
`questions.Kind`, whose `asked` is its `Asked`. attn_lessons.misconceptions gathers them from the route and reads
answers against them. Pure Python: no Streamlit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from attn_core.tokens import token_labels, tokenize

from .i18n import has, tr

# The answers that are one wrong answer, given what was asked: a page's state (a mapping, see
# attn_lessons.misconceptions), or for a Check yourself kind the Question asked. None where it does not apply.
Values = Callable[[Any], Sequence[Any]]
# The strings that give a question's answer away, from the page's state: its widgets' values by key, as
# st.session_state holds them ("text", "query", "mask", "pad" …). Empty where nothing on the page could state it.
GivesAway = Callable[[Mapping[str, Any]], Sequence[str]]


@dataclass(frozen=True)
class Wrong:
    """One expected wrong answer: how a teacher reads it, what it shows, and its value(s) in what was asked.

    Its words are message ids, looked up when read, so a teacher reads them in the teacher's language whatever the
    learner's; class mode stores `shows_id`, which is the same in every language (and words it when shown)."""

    answer_id: str  # a message: "the rows", "√d_model" (locales/*/asked.ftl, or the option label's own message)
    shows_id: str  # a message: the misconception, as a noun phrase: "softmax over the queries"
    values: Values

    @property
    def answer(self) -> str:
        """The wrong answer in the session's language."""
        return tr(self.answer_id)

    @property
    def shows(self) -> str:
        """What it shows, in the session's language."""
        return tr(self.shows_id)


@dataclass(frozen=True)
class Asked:
    """A question the app asks: where, what, what kind of answer it takes, and the wrong answers it expects."""

    id: str  # class mode's name: "mistakes.axis", "quiz.softmax_axis"
    title_id: str  # a message: the question in short, for the teacher's dashboard
    kind: str  # "token" | "option" | "number" | "keys" | "quiz"
    wrong: tuple[Wrong, ...]
    from_sentence: bool = False  # its answers are tokens of the learner's sentence (kept only for the class's)
    key: str | None = None  # a checkpoint's key for attn_ui.checkpoint.predict (widgets <key>_value …); None: quiz
    gives_away: GivesAway | None = None  # the strings that state the answer, never on the page while it is open
    nothing_gives_away: str = ""  # with gives_away None: why no string on screen could state the answer
    reason_id: str = ""  # a message: the reveal's one line of why, on the teacher's projector (a quiz kind's: its
    # question's own)

    @property
    def title(self) -> str:
        """The question in short, in the session's language."""
        return tr(self.title_id)

    @property
    def reason(self) -> str:
        """The reveal's line of why in the session's language; '' when it declares none."""
        return tr(self.reason_id) if self.reason_id else ""

    def answer_strings(self, state: Mapping[str, Any]) -> list[str]:
        """The strings that would give the answer away in this state; a ValueError when the question declares
        neither them nor why there are none."""
        if self.gives_away is None:
            if not self.nothing_gives_away.strip():
                raise ValueError(f"{self.id} declares neither the strings that give its answer away (gives_away) "
                                 "nor why none could (nothing_gives_away)")
            return []
        return [s for s in self.gives_away(state) if s]


def const(*values) -> Values:
    """A wrong answer that is the same value(s) whatever was asked: an option's key."""
    return lambda asked: values


def always(*strings: str) -> GivesAway:
    """Strings that give the answer away whatever the state: a fixed caption, an option's label."""
    return lambda state: strings


# ------------------------------------------------------------------ the token questions (Home, QKV builder)


def labels_of(state: Mapping[str, Any]) -> list[str]:
    """The sentence's token labels ("the·0", "cat", …) as the pages show them."""
    return token_labels(tokenize(str(state.get("text", ""))).tokens)


def _itself(state) -> Sequence[Any]:
    labels, i = labels_of(state), int(state.get("query", 0))
    return [labels[i]] if 0 <= i < len(labels) else []


def _neighbours(state) -> Sequence[Any]:
    labels, i = labels_of(state), int(state.get("query", 0))
    return [labels[j] for j in (i - 1, i + 1) if 0 <= j < len(labels) and 0 <= i < len(labels)]


SELF = Wrong("asked-self", "asked-self.shows", _itself)
NEIGHBOUR = Wrong("asked-neighbour", "asked-neighbour.shows", _neighbours)


def shows_words(stored: str | None) -> str | None:
    """A misconception as class mode stored it, in the session's language: a Wrong's `shows_id` is looked up; any
    other text (an old class's, recorded in English words) is read as it was written."""
    if not stored:
        return stored
    return tr(stored) if stored.startswith("asked-") and has(stored) else stored
