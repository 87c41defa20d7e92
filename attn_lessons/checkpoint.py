"""The words around every predict-first question, whatever the page: the buttons, the prompts, the verdict's
opening. The question itself and the reason of its answer are the page's own (its module here). Drawn by
attn_ui.checkpoint. Pure Python: no Streamlit.

Each text is looked up in the session's language when it is drawn (attn_lessons/locales/<language>/checkpoint.ftl).
"""

from __future__ import annotations

from .i18n import tr


def predict_first() -> str:
    """Before the question, in bold."""
    return tr("checkpoint-predict-first")


def your_prediction_label() -> str:
    """The radio's or the slider's label."""
    return tr("checkpoint-your-prediction-label")


def check() -> str:
    return tr("checkpoint-check")


def show_me() -> str:
    return tr("checkpoint-show-me")


def predict_again() -> str:
    return tr("checkpoint-predict-again")


def skipped() -> str:
    return tr("checkpoint-skipped")


def pick_first() -> str:
    """Check pressed with no option picked: names the Show me button as it is drawn."""
    return tr("checkpoint-pick-first", show_me=show_me())


def answer_appears() -> str:
    return tr("checkpoint-answer-appears", show_me=show_me())


def numbers_moved() -> str:
    return tr("checkpoint-numbers-moved")


def right() -> str:
    """The verdict's opening for a right prediction, in bold."""
    return tr("checkpoint-right")


def not_quite() -> str:
    return tr("checkpoint-not-quite")


def your_prediction(shown: str) -> str:
    """The line that stands for an answered question: the guess as the question's options show it."""
    return tr("checkpoint-your-prediction", shown=shown)
