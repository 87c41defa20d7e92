"""The sidebar's words: what each shared setting means, and the line on d_k for the page it is drawn on.

Drawn by attn_ui.state on every page, in the session's language (attn_lessons/locales/<language>/sidebar.ftl), each
text looked up when it is drawn. Pure Python: no Streamlit.
"""

from __future__ import annotations

from attn_core.tokens import token_labels, tokenize

from .i18n import tr
from .said import Said

DEFAULT_TEXT = "the cat sat on the mat"  # the sentence every page starts from (English), which labels_note quotes


def for_teachers() -> str:
    """Over the link to the teachers' page, below the route."""
    return tr("sidebar-for-teachers")


def sentence_label() -> str:
    return tr("sidebar-sentence-label")


def seed_label() -> str:
    return tr("sidebar-seed-label")


def heads_label() -> str:
    return tr("sidebar-heads-label")


def d_model_label() -> str:
    return tr("sidebar-d-model-label")


def presenter_label() -> str:
    return tr("sidebar-presenter-label")


def sentence_help() -> str:
    return tr("sidebar-sentence-help")


def apply_note() -> str:
    """Streamlit's own hint under the box says "Press Ctrl+Enter to apply", which a touch screen cannot: this says
    instead what applies it everywhere."""
    return tr("sidebar-apply-note")


def seed_help() -> str:
    return tr("sidebar-seed-help")


def heads_help() -> str:
    return tr("sidebar-heads-help")


def presenter_help() -> str:
    return tr("sidebar-presenter-help")


def labels_note() -> Said:
    """How a repeated token is labelled, shown on the language's own example sentence (the default English one:
    the·0 and the·4 in “the cat sat on the mat”). Facts: the `sentence`, the repeated `token` and the two `labels`
    the tokenizer gives it, in order."""
    sentence = tr("sidebar-labels-example")
    tokens = tokenize(sentence).tokens
    if len(set(tokens)) == len(tokens):  # a catalog's example with no token twice: the default sentence has one
        sentence, tokens = DEFAULT_TEXT, tokenize(DEFAULT_TEXT).tokens
    labels = token_labels(tokens)
    # the first token that occurs again, and the labels of its first two occurrences
    token = next(t for k, t in enumerate(tokens) if t in tokens[k + 1:])
    first, second = [labels[k] for k, t in enumerate(tokens) if t == token][:2]
    return Said(tr("sidebar-labels-note", sentence=sentence, token=token, first=first, second=second),
                {"sentence": sentence, "token": token, "labels": [first, second]})


def d_k_note(d_model: int, heads: int, one_head: bool | None) -> Said:
    """The sidebar's line on d_k, true for the page it is drawn on (None: the page uses none of these settings).
    Facts: `d_k`, the width the line gives (None when it gives none)."""
    if one_head is None:
        return Said(tr("sidebar-unused"), {"d_k": None})
    if one_head:
        return Said(tr("sidebar-one-head"), {"d_k": None})
    d_k = d_model // heads
    return Said(f"d_k = d_model / heads = {d_model} / {heads} = {d_k}", {"d_k": d_k})
