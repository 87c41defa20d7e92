### The words around every predict-first question (attn_ui/checkpoint.py draws them).

# Before the question, in bold.
checkpoint-predict-first = **Predict first.**
# The radio's or the slider's label.
checkpoint-your-prediction-label = Your prediction
checkpoint-check = Check
checkpoint-show-me = Show me
checkpoint-predict-again = Predict again
checkpoint-skipped = You skipped this one.
# Check pressed with no option picked; $show_me is the button's own text (checkpoint-show-me).
checkpoint-pick-first = Pick an answer first, or press “{ $show_me }”.
# $show_me is the button's own text (checkpoint-show-me).
checkpoint-answer-appears = The answer appears once you check your prediction or press “{ $show_me }”.
checkpoint-numbers-moved = The numbers changed since you answered: your prediction is checked against the numbers on the page now.
checkpoint-right = **Right.**
checkpoint-not-quite = **Not quite.**
# An answered question: $shown is the guess as the question's options show it.
checkpoint-your-prediction = Your prediction: **{ $shown }**.
