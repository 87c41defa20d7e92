"""Predict, then see: a question the learner answers before a figure or number is revealed.

    guess = predict("cp_scaling", "What is softmax([8, 0]) for the first key?", slider=(0.5, 1.0, 0.75, 0.01))
    if guess is None:
        return                                  # not answered yet: the reveal stays hidden
    reveal(guess, right=abs(guess.value - p[0]) < 0.05, why=f"softmax([8, 0]) = {vec(p, 4)} …")

The prediction lives in the session only (not in the link). Skipping reveals the answer without a verdict;
the sidebar's “Skip the predictions” skips every question at once, and in class mode a question whose answer the
teacher revealed opens as if skipped (nothing is sent for it).
A prediction is never a trap: `reveal` always explains the answer from the numbers on screen.
A slider's starting value is no answer: Check asks the learner to set the slider first (to any value, the
starting one included, by moving it), as it asks for an option of a radio to be picked.

A prediction belongs to its question. `about` names what the question is about (the sentence and the query, the
mask …): when it changes, the question opens again. `numbers` fingerprints what only moves the numbers (the seed,
d_model): when it changes, the reveal stays open, the page works the verdict out again from the same guess, and
`reveal` says so. Pass options as the tokens or values themselves, never positions, so a guess names what was
chosen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import streamlit as st

from attn_lessons import checkpoint as words
from attn_lessons import classroom as class_words
from attn_lessons.asked import Asked

from . import classroom


@dataclass(frozen=True)
class Guess:
    """What the learner committed to; `skipped` when they chose to see the answer without guessing. `moved`: the
    numbers changed since (a new seed or width), so the verdict is for numbers the learner did not guess on."""

    value: Any
    skipped: bool = False
    moved: bool = False


@dataclass(frozen=True)
class _Stored:
    about: Any
    numbers: Any
    guess: Guess


def answered(checkpoint: Asked | str, about: Any = (), numbers: Any = ()) -> Guess | None:
    """The learner's guess for this question about `about`, or None while it is open (never asked, asked about
    something else, or taken back). With `moved` set when `numbers` changed since the guess."""
    key = checkpoint.key if isinstance(checkpoint, Asked) else checkpoint
    stored = st.session_state.get(f"_cp_{key}")
    if not isinstance(stored, _Stored) or stored.about != about:
        return None
    g = stored.guess
    return Guess(g.value, g.skipped, moved=stored.numbers != numbers)


def still_open(checkpoint: Asked | str, about: Any = (), numbers: Any = ()) -> bool:
    """Whether `predict` asks this question at this run: no guess for `about`, no skipping of every prediction
    (sidebar), and no reveal by the class's teacher. A page that holds its later sections back while the question is
    open asks this, not `answered`, so the two agree at every run. With `answered` alone, a question the teacher had
    revealed was shown by `predict` while the page still waited, and the page reran itself to catch up, found the
    same again, and reran until the teacher moved on: on Mask mistakes, 100 learners made some 700 runs in ten
    seconds, and every other learner waited 11 s (issue 38)."""
    if st.session_state.get("reveal"):
        return False
    return answered(checkpoint, about, numbers) is None and not _teacher_revealed(checkpoint)


def _teacher_revealed(checkpoint: Asked | str) -> bool:
    """Whether the class's teacher revealed this question (a declared checkpoint: class mode records only those)."""
    return isinstance(checkpoint, Asked) and classroom.teacher_revealed(checkpoint.id)


def predict(checkpoint: Asked | str, question: str, *, options: Sequence[Any] | None = None,
            format_func: Callable[[Any], str] = str, slider: tuple[float, float, float, float] | None = None,
            help: str | None = None, about: Any = (), numbers: Any = ()) -> Guess | None:
    """Ask `question` with a radio over `options` or a slider (lo, hi, start, step); None until answered.
    `checkpoint`: the page's declared checkpoint (its words module's `Asked`, whose `key` names the widgets), or a
    bare key for a question class mode does not record. `about` and `numbers`: see the module's docstring."""
    key = checkpoint.key if isinstance(checkpoint, Asked) else checkpoint
    ss = st.session_state
    if ss.get("reveal"):
        return Guess(None, skipped=True)  # the learner chose to skip every prediction (sidebar)
    done = answered(key, about, numbers)
    if done is None and ss.pop(f"_cp_{key}", None) is not None:
        ss.pop(f"{key}_value", None)  # answered about something else: the question opens again, with no old guess
        ss.pop(f"_cp_{key}_set", None)
    with st.container(border=True):
        st.markdown(f"{words.predict_first()} {question}")
        if done is None and _teacher_revealed(checkpoint):
            # the class's teacher revealed this question's answer: it opens here too (a guess now would be no guess)
            st.caption(f":material/co_present: {class_words.TEACHER_REVEALED}")
            return Guess(None, skipped=True)
        if done is not None:
            text = words.skipped() if done.skipped else words.your_prediction(format_func(done.value))
            row = st.container(horizontal=True, vertical_alignment="center")  # one block, not three (issue 38)
            row.caption(text)
            row.button(words.predict_again(), key=f"{key}_again", on_click=ss.pop, args=(f"_cp_{key}", None))
            return done
        if slider is not None:  # the value is read by the buttons' callback, from the widget's key
            lo, hi, start, step = slider
            st.slider(words.your_prediction_label(), min_value=lo, max_value=hi, value=start, step=step,
                      key=f"{key}_value",
                      help=help, on_change=_slider_set, args=(key,))
        else:
            st.radio(words.your_prediction_label(), options=list(options or []), index=None, key=f"{key}_value",
                     format_func=format_func, help=help)
        # side by side in one block that wraps on a narrow screen: a row of columns sent four (issue 38). The buttons
        # store the guess in their callbacks, before the rerun they trigger: that rerun draws the box answered (the
        # guess and "Predict again"), never the options as if a new pick would still count
        row = st.container(horizontal=True)
        row.button(words.check(), key=f"{key}_check", type="primary", icon=":material/check:", on_click=_commit,
                  args=(key, about, numbers, False, slider is not None))
        row.button(words.show_me(), key=f"{key}_skip", on_click=_commit, args=(key, about, numbers, True))
        if ss.pop(f"_cp_{key}_unpicked", False):
            st.warning(class_words.SLIDER_UNSET if slider is not None else words.pick_first(),
                       icon=":material/touch_app:")
            return None
        st.caption(words.answer_appears())
    return None


def _slider_set(key: str) -> None:
    """The slider's callback: the value the learner set it to (a slider never moved holds no answer)."""
    st.session_state[f"_cp_{key}_set"] = st.session_state.get(f"{key}_value")


def _commit(key: str, about: Any, numbers: Any, skipped: bool, slider: bool = False) -> None:
    """The Check and Show me buttons' callback: store the guess now picked (or the skip) for `about`; a Check with
    nothing picked stores nothing and leaves a flag for the warning.

    A slider always holds a value, its starting one before the learner touches it: that is no answer (pressing
    Check at once would grade, and send to a class, a number nobody chose). A slider's guess counts once the
    learner has set the slider to the value it holds, as a radio's counts once an option is picked."""
    ss = st.session_state
    value = ss.get(f"{key}_value")
    if slider and value is not None and ss.get(f"_cp_{key}_set") != value:
        value = None
    if not skipped and value is None:
        ss[f"_cp_{key}_unpicked"] = True
        return
    ss[f"_cp_{key}"] = _Stored(about, numbers, Guess(value, skipped=skipped))


def reveal(guess: Guess, right: bool, why: str, *, asked: Asked | None = None,
           state: Mapping[str, Any] | None = None) -> None:
    """Say whether the prediction was right, and why, from the numbers on screen. With the page's declared
    checkpoint `asked` and the `state` it was asked in, a committed guess also goes to the learner's class
    (through `to_class`; nothing is sent outside a class, or for a skipped question)."""
    if guess.moved and not guess.skipped:
        st.caption(words.numbers_moved())
    if guess.skipped:
        st.info(why, icon=":material/lightbulb:")
    elif right:
        st.success(f"{words.right()} {why}", icon=":material/task_alt:")
    else:
        st.warning(f"{words.not_quite()} {why}", icon=":material/lightbulb:")
    if asked is not None and not guess.skipped:
        to_class(asked, state or {}, guess.value, right)


def to_class(asked: Asked, state: Mapping[str, Any], value: Any, right: bool, *, once: Any = None,
             notify: bool = True) -> bool:
    """The one place a page's answer goes to the teacher's dashboard: `reveal` for a checkpoint, the quiz for a
    checked reply. A checkpoint's answer is sent once per answer (its stored guess stands for it); elsewhere `once`
    does (see classroom.record, with `notify`). False, and nothing written, when the learner is in no class."""
    return classroom.record(asked.id, state, value, right, checkpoint=asked.key, once=once, notify=notify)
