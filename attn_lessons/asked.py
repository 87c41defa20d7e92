"""What a question of the app declares, once, in its page's words module: its class-mode id, its page, its title,
what kind of answer it takes, and the wrong answers it expects, each with the misconception it shows.

A page's predict-first checkpoint is an `Asked` with the `key` the page hands to attn_ui.checkpoint.predict
(`home.TOP_KEY`, `scaling.SOFTMAX` …); a Check yourself kind is a `questions.Kind`, whose `asked` is its `Asked`.
attn_lessons.misconceptions gathers them and reads answers against them. Pure Python: no Streamlit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from attn_core.tokens import token_labels, tokenize

# The answers that are one wrong answer, given what was asked: a page's state (a mapping, see
# attn_lessons.misconceptions), or for a Check yourself kind the Question asked. None where it does not apply.
Values = Callable[[Any], Sequence[Any]]


@dataclass(frozen=True)
class Wrong:
    """One expected wrong answer: how a teacher reads it, what it shows, and its value(s) in what was asked."""

    answer: str  # "the rows", "√d_model"
    shows: str  # the misconception, as a noun phrase: "softmax over the queries"
    values: Values


@dataclass(frozen=True)
class Asked:
    """A question the app asks: where, what, what kind of answer it takes, and the wrong answers it expects."""

    id: str  # class mode's name: "mistakes.axis", "quiz.softmax_axis"
    page: str  # the page's name in class mode: its URL path in lower case ("common_mistakes"), "home" for Home
    title: str  # the question in short, for the teacher's dashboard
    kind: str  # "token" | "option" | "number" | "keys" | "quiz"
    wrong: tuple[Wrong, ...]
    from_sentence: bool = False  # its answers are tokens of the learner's sentence (kept only for the class's)
    key: str | None = None  # a checkpoint's key for attn_ui.checkpoint.predict (widgets <key>_value …); None: quiz


def const(*values) -> Values:
    """A wrong answer that is the same value(s) whatever was asked: an option's key."""
    return lambda asked: values


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


SELF = Wrong("the query's own token", "a token gives its own key the most weight", _itself)
NEIGHBOUR = Wrong("the word beside it", "attention goes to the nearest word, by position", _neighbours)
