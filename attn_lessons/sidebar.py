"""The sidebar's words: what each shared setting means, and the line on d_k for the page it is drawn on.

Drawn by attn_ui.state on every page. Pure Python: no Streamlit.
"""

from __future__ import annotations

from .said import Said

DEFAULT_TEXT = "the cat sat on the mat"  # the sentence every page starts from, which LABELS_NOTE quotes
FOR_TEACHERS = "For teachers"  # over the link to the teachers' page, below the route
SENTENCE_LABEL = "Your sentence"
SEED_LABEL = "Seed for the weights"
HEADS_LABEL = "heads"
PRESENTER_LABEL = "Skip the predictions"
LABELS_NOTE = ("A word that occurs more than once is labelled with its position, counting from 0: in “the cat sat on "
               "the mat”, the·0 is the first “the” and the·4 the second.")
SENTENCE_HELP = "Words and punctuation marks become tokens."
# Streamlit's own hint under the box says "Press Ctrl+Enter to apply", which a touch screen cannot: this says instead
# what applies it everywhere
APPLY_NOTE = "To apply it, tap or click outside the box (or press Ctrl+Enter on a keyboard)."
SEED_HELP = "The same seed gives the same W_Q, W_K, W_V on every machine."
D_MODEL_LABEL = "d_model (width of each token's vector)"
HEADS_HELP = "Only counts that divide d_model are offered: each head gets d_k = d_model / heads."
PRESENTER_HELP = ("Every page asks you to predict a result before it shows it. Turn this on to see every answer at "
                  "once: for a second visit, or a teacher presenting. It lasts for this browser session; a link you "
                  "copy or share never carries it.")
UNUSED = "This page does not use these settings (it has its own controls); they are kept for the other pages."
ONE_HEAD = ("This page runs one head, so its d_k is the whole width of its queries and keys, not d_model / heads "
            "(the page says what it is here). The heads setting applies on the pages that split attention into heads.")


def d_k_note(d_model: int, heads: int, one_head: bool | None) -> Said:
    """The sidebar's line on d_k, true for the page it is drawn on (None: the page uses none of these settings).
    Facts: `d_k`, the width the line gives (None when it gives none)."""
    if one_head is None:
        return Said(UNUSED, {"d_k": None})
    if one_head:
        return Said(ONE_HEAD, {"d_k": None})
    d_k = d_model // heads
    return Said(f"d_k = d_model / heads = {d_model} / {heads} = {d_k}", {"d_k": d_k})
