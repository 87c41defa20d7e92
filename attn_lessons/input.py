"""The learner's sentence in each language: the sentence every page starts from, and the note that Chinese text
becomes one token per character.

The default sentence is a message of each language's catalog (`input-default-sentence`), so a new language brings its
own with its catalog. Drawn by attn_ui.state (the note, under the sentence box) and attn_ui.params (the default);
attn_ui.language swaps the sentence when the language is switched, only while it is still the old language's default.
Pure Python: no Streamlit.
"""

from __future__ import annotations

from attn_core.tokens import han_tokens, tokenize

from . import i18n
from .said import Said


def default_text(lang: str | None = None) -> str:
    """The sentence a page starts from in `lang` (the session's language by default): "the cat sat on the mat" in
    English, "猫坐在垫子上" in Chinese. A code the app has no catalog for reads the catalog it would be shown."""
    lang = i18n.match(lang) or i18n.DEFAULT if lang else i18n.current()
    return i18n.tr_in(lang, "input-default-sentence")


def default_texts() -> dict[str, str]:
    """Every language's default sentence, by language."""
    return {lang: default_text(lang) for lang in i18n.languages()}


def followed_language(text: str, old: str | None, new: str) -> str | None:
    """The sentence to show after switching from `old` to `new`: the new language's default when `text` is still the
    old language's default (the learner has not typed one), else None (keep the learner's own)."""
    if old is None or old == new or text != default_text(old):
        return None
    return default_text(new)


def han_note(text) -> Said | None:
    """That Chinese text is split one token per Han character and one per punctuation mark, as Chinese BERT models
    do, with how many of the sentence's tokens are Han characters; None when it has none (or is no text). Facts: han
    (the Han-character tokens among those the page keeps) and tokens (the tokens the page keeps; every one of them is
    a Han character when the two are equal)."""
    if not isinstance(text, str):
        return None
    tokens = tokenize(text).tokens
    han = han_tokens(tokens)
    if not han:
        return None
    facts = {"han": han, "tokens": len(tokens)}
    every = "yes" if han == len(tokens) else "no"
    return Said(i18n.tr("input-han-note", han=han, tokens=len(tokens), every=every), facts)
