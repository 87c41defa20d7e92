"""The session's language: read from the link (?lang=), else the browser's (st.context.locale), else English; kept
in the URL like every other setting, and switched in the sidebar without losing the rest of the view.

attn_lessons.i18n looks every message up in the language set here at the start of each run.
"""

from __future__ import annotations

import streamlit as st

from attn_lessons import i18n
from attn_lessons.i18n import tr
from attn_lessons.input import followed_language

KEY = "lang"  # the session's language, and its link parameter
_ASKED = "_lang_asked"  # the ?lang= value this session last read, so a new link's language is read again
_WAS = "_lang_was"  # the language of this session's last run: what the switch switched from


def _session_language() -> str | None:
    """The session's language, for a run that never reached setup_page (a fragment's rerun, a callback): None
    outside a script run (the follow watch's thread, a test's own thread)."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    if get_script_run_ctx(suppress_warning=True) is None:
        return None
    return st.session_state.get(KEY)


i18n.follow_session(_session_language)


def browser_locale() -> str | None:
    """The browser's language ('zh-CN', 'en-GB'), when Streamlit knows it (never under AppTest on the floor)."""
    try:
        return st.context.locale
    except (AttributeError, RuntimeError):
        return None


def choose_language() -> str | None:
    """Set this run's language and return a notice to show when the link asked for one the app does not have (None
    otherwise). Called first thing on every page, before any text is made."""
    ss = st.session_state
    asked = st.query_params.get(KEY)
    notice = None
    if KEY not in ss or (asked is not None and asked != ss.get(_ASKED) and asked != ss.get(KEY)):
        found = i18n.match(asked)
        ss[KEY] = found or i18n.choose(None, browser_locale())
        ss[_ASKED] = asked
        if asked is not None and found is None:
            notice = asked
    if ss[KEY] not in i18n.languages():  # a catalog taken away while the session lived
        ss[KEY] = i18n.DEFAULT
    i18n.use(ss[KEY])
    ss[_WAS] = ss[KEY]
    if notice is not None:
        notice = tr("language-unknown", asked=notice[:40], using=tr("language-name"))
    if st.query_params.get(KEY) != ss[KEY]:
        st.query_params[KEY] = ss[KEY]
    return notice


def language_switch(where) -> None:
    """The language control, in the sidebar: every language the app has, each named in its own language."""
    where.radio(tr("language-switch"), i18n.languages(), key=KEY, horizontal=True,
                format_func=lambda code: i18n.tr_in(code, "language-name"), on_change=_switched)


def _switched() -> None:
    """After the switch: the new language from now on, written to the URL; the sentence follows the language only
    while it is the old language's own default (a sentence the learner typed stays)."""
    ss = st.session_state
    old = ss.get(_WAS)
    ss[_ASKED] = ss[_WAS] = ss[KEY]
    i18n.use(ss[KEY])
    st.query_params[KEY] = ss[KEY]
    for hook in SWITCHED:
        hook(ss, old)


def follow_default_sentence(ss, old: str | None) -> None:
    """The sentence box follows the language while it holds the old language's default ("the cat sat on the mat" ->
    "猫坐在垫子上"); a sentence the learner typed, or a link brought, stays as it is."""
    new = followed_language(ss.get("text"), old, ss[KEY])
    if new is not None:
        ss["text"] = ss["_good_text"] = new
        st.query_params["text"] = new


# What else follows the language when it is switched: each hook takes the session state, after the new language is
# set, and the language switched from (None if unknown).
SWITCHED: list = [follow_default_sentence]
