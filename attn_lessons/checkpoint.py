"""The words around every predict-first question, whatever the page: the buttons, the prompts, the verdict's
opening. The question itself and the reason of its answer are the page's own (its module here). Drawn by
attn_ui.checkpoint. Pure Python: no Streamlit.
"""

from __future__ import annotations

PREDICT_FIRST = "**Predict first.**"  # before the question
YOUR_PREDICTION = "Your prediction"  # the radio's or the slider's label
CHECK = "Check"
SHOW_ME = "Show me"
PREDICT_AGAIN = "Predict again"
SKIPPED = "You skipped this one."
PICK_FIRST = "Pick an answer first, or press “Show me”."  # Check pressed with no option picked
ANSWER_APPEARS = "The answer appears once you check your prediction or press “Show me”."
NUMBERS_MOVED = ("The numbers changed since you answered: your prediction is checked against the numbers on the page "
                 "now.")
RIGHT = "**Right.**"
NOT_QUITE = "**Not quite.**"


def your_prediction(shown: str) -> str:
    """The line that stands for an answered question: the guess as the question's options show it."""
    return f"Your prediction: **{shown}**."
