"""Shared settings in the URL: read them when a page opens, draw their controls, write them back.

The URL is the source of truth when a page opens (cold, from a shared link, or from a link in the
sidebar); after that the widgets are, and every change is written back to the query string.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import streamlit as st

from attn_lessons import notices
from attn_lessons.route import back_label, next_label
from attn_lessons import sidebar as words
from attn_lessons.i18n import current, tr
from attn_lessons.input import han_note

from .classroom import class_sidebar, link_params
from .language import choose_language, language_switch
from .serving import freeze_imports
from .pages import neighbours, page_of, page_path, route, teachers_page
from .markup import Markup
from .tables import page_style
from .params import (
    D_MODEL_CHOICES,
    SEED_MAX,
    SHARED_KEYS,
    Shared,
    check_text,
    divisors,
    parse_bool,
    parse_shared,
)


# Touch targets at least 24 px tall (WCAG 2.2's target size): Streamlit draws a radio option 22 px tall, a checkbox and
# a toggle 21 px.
TOUCH_STYLE = (" [data-testid='stRadio'] label:has(input), [data-testid='stCheckbox'] label {min-height: 24px; "
               "align-items: center}"
               # the element that holds NAV_SCRIPT: nothing to see, and no gap in the sidebar
               " [data-testid='stElementContainer']:has(> .stHtml > script) {display: none}"
               # Streamlit's own hint under the sentence box, which a touch screen cannot follow, gives way to
               # words.apply_note() (_shared_controls): in the page's one stylesheet, not an element of its own
               " .st-key-text [data-testid='InputInstructions']{display:none}"
               # the line under the page links: the nav container's own border, not an st.divider element of its own
               " .st-key-attn_nav{border-bottom:1px solid rgba(49,51,63,.2);padding-bottom:1rem;margin-bottom:.5rem}")
# Where the sidebar lies over the page (a window up to Streamlit's 768 px), a link in it closes it, as Streamlit's own
# page menu does: otherwise the page opened stays under the sidebar. Run once per browser tab; a wider window keeps
# its sidebar as it is.
NAV_SCRIPT = """<script>
if (!window.attnNavCloses) {
  window.attnNavCloses = true;
  document.addEventListener("click", (event) => {
    if (window.innerWidth > 768 || !event.target.closest("[data-testid='stSidebar'] a")) return;
    setTimeout(() => document.querySelector("[data-testid='stSidebarCollapseButton'] button")?.click(), 0);
  });
}
</script>"""


def _fresh_visit(page_id: str) -> bool:
    """True on the first run of a page after arriving at it (cold open, reload or navigation). Each arrival gets
    a new number in `_visit`, by which url_bound knows a page opened again (left, then come back to)."""
    fresh = st.session_state.get("_page") != page_id
    st.session_state["_page"] = page_id
    if fresh:
        st.session_state["_visit"] = st.session_state.get("_visit", 0) + 1
    return fresh


@cache
def page_head(lang: str) -> Markup:
    """The stylesheet every page draws first: prose at a readable measure, KaTeX's room, TOUCH_STYLE and the tables'
    rules (in `lang`: the line over a box that scrolls), made once per language."""
    return Markup("<style>[data-testid='stMarkdownContainer'] p, [data-testid='stCaptionContainer'] p "
                  "{max-width: 46rem} .katex-display {padding: 0 3px}" + TOUCH_STYLE + "</style>" + page_style(lang))


def setup_page(file: str, *, one_head: bool = False, uses_shared: bool = True,
               sidebar_note: str | None = None, labels_note: str | None = None) -> Shared:
    """Configure the page whose script is `file` (its __file__), read the shared settings (URL first),
    draw the sidebar, return the settings. The page's label and icon come from the route.

    `one_head`: the page runs a single head, so the sidebar says that its d_k is d_model, not d_model / heads.
    `uses_shared=False`: the page does not use the shared settings (they still travel along in its links).
    `sidebar_note`: what the settings mean on this page, in place of the line on d_k (a page with its own model).
    Either note may be a function, called once the session's language is chosen (a text made before would be in
    the last run's language).
    `labels_note`: how this page labels tokens, in place of attn_lessons.sidebar.labels_note() (the same convention,
    told for its own sequence: the trained model's page reads a start token and the sentence twice)."""
    freeze_imports()
    page = page_of(page_path(file))
    unknown_language = choose_language()  # first: every text below is in the session's language
    st.set_page_config(page_title=page.tab_title, page_icon=page.icon, layout="wide")
    # the layout is wide for the figures; prose keeps a readable measure even on a 1920 px screen. KaTeX draws a
    # displayed equation 2 px wider than its scrolling box, which makes a scroll box no keyboard can reach (axe:
    # scrollable-region-focusable); 3 px of padding gives the glyphs their room.
    # The tables' stylesheet rides along: every page's tables share it (attn_ui.tables.draw_matrix).
    st.html(page_head(current()))
    fresh = _fresh_visit(page.path)
    if unknown_language:
        st.warning(unknown_language, icon=":material/translate:")
    language_switch(st.sidebar)
    nav = st.sidebar.container(key="attn_nav")  # its bottom border is the line under the links (TOUCH_STYLE)
    class_box = st.sidebar.container()
    shared = _shared_controls(fresh, None if not uses_shared else one_head, sidebar_note, labels_note)
    class_sidebar(class_box)  # a linked class is joined before any link is drawn, so the links carry it
    with nav:
        draw_nav(shared)
        if fresh:  # a link in a sidebar over the page closes it
            # At a page's first run only: the listener the script adds stays with the browser tab (a page switch
            # keeps the tab; a reload is a new session, whose first run draws it again), and every element costs
            # the server its own message at every rerun (issue 38).
            st.html(NAV_SCRIPT, unsafe_allow_javascript=True)
    return shared


def draw_nav(shared: Shared) -> None:
    """Links to every page that carry the shared settings along."""
    st.markdown(f"**{tr('app-name')}**")
    pages = route()
    if len(pages) == 1:
        return  # no pages/ folder: a single-page app has nothing to link to (and page_link would fail)
    carried = links(shared)  # the same for every link: made once a run, not once a link
    for page in pages:
        st.page_link(page.path, label=page.label, icon=page.icon, query_params=carried)
    teachers = teachers_page()
    if teachers is not None:  # below the route, not on it: Next and Back skip it
        st.caption(words.for_teachers())
        st.page_link(teachers.path, label=teachers.label, icon=teachers.icon, query_params=carried)


def links(shared: Shared) -> dict[str, str]:
    """The query string every page link carries: the shared settings, and the class if this session is in one."""
    return {**shared.query_params(), **link_params()}


def _shared_controls(fresh: bool, one_head: bool | None = False, note: str | None = None,
                     labels_note: str | None = None) -> Shared:
    ss = st.session_state
    if fresh or "text" not in ss:
        from_url, told = parse_shared(st.query_params.to_dict())
        for key in SHARED_KEYS:
            ss[key] = getattr(from_url, key)
        ss["_good_text"] = from_url.text
        for notice in told:
            st.warning(notice, icon=":material/link_off:")
    # heads must divide d_model; when d_model just changed, keep the closest head count that does
    allowed = divisors(ss["d_model"])
    if ss["heads"] not in allowed:
        old = ss["heads"]
        ss["heads"] = max(h for h in allowed if h <= old)
        st.info(notices.heads_changed(old, ss["d_model"], ss["heads"]))

    side = st.sidebar
    side.text_area(words.sentence_label(), key="text", height=90, max_chars=None,
                   help=words.sentence_help())
    # Streamlit's own hint under the box gives way to words.apply_note() (TOUCH_STYLE hides it); with the note on
    # Han characters (one token each) and how tokens are labelled, one caption of paragraphs: one element, not three
    notes = [words.apply_note()]
    if (chinese := han_note(ss["text"])) is not None:
        notes.append(chinese.text)
    notes.append((labels_note() if callable(labels_note) else labels_note) or words.labels_note().text)
    side.caption("\n\n".join(notes))
    side.number_input(words.seed_label(), min_value=0, max_value=SEED_MAX, step=1, key="seed",
                      help=words.seed_help())
    side.select_slider(words.d_model_label(), options=D_MODEL_CHOICES, key="d_model")
    side.selectbox(words.heads_label(), options=allowed, key="heads",
                   help=words.heads_help())
    side.caption((note() if callable(note) else note) or words.d_k_note(ss["d_model"], ss["heads"], one_head).text)
    presenter_mode(side)

    try:
        text = check_text(ss["text"])
        ss["_good_text"] = text
    except ValueError as err:
        text = ss.get("_good_text", Shared().text)
        st.warning(notices.sentence_kept(str(err), text), icon=":material/edit_off:")
    shared = Shared(text=text, seed=int(ss["seed"]), d_model=int(ss["d_model"]), heads=int(ss["heads"]))
    for key, value in shared.query_params().items():
        if st.query_params.get(key) != value:
            st.query_params[key] = value
    return shared


def presenter_mode(side) -> None:
    """“Skip the predictions” is a setting of this browser session, never of a link. A link opened with ?reveal=1
    (a presenter's bookmark, the tests) still turns it on, and the app then takes it out of the address bar, so a
    copied address never carries it and a class that opens a teacher's link still gets every question."""
    ss = st.session_state
    if "reveal" in st.query_params:
        try:
            ss["_presenter"] = parse_bool(st.query_params["reveal"])
        except ValueError:
            st.warning(notices.reveal_unusable(), icon=":material/link_off:")
        del st.query_params["reveal"]
    # kept outside the widget, whose state Streamlit may drop on a run that does not draw it (another page, a
    # fragment), and set again before drawing: it stays on from page to page
    ss["reveal"] = bool(ss.get("_presenter", False))
    side.toggle(words.presenter_label(), key="reveal", on_change=_remember_presenter,
                help=words.presenter_help())


def _remember_presenter() -> None:
    st.session_state["_presenter"] = st.session_state["reveal"]


def url_bound(key: str, default: Any, parse: Callable[[str], Any], options=None, *, param: str | None = None) -> Any:
    """Seed widget `key` from ?key=… when the page opens (falling back to `default` with a notice),
    and write its current value back to the URL. Call it just before drawing the widget.

    With `options`, a value that is no longer among them (say a token index after the sentence got
    shorter) goes back to `default`. With `param`, the session key `key` is bound to ?param=… instead: two
    pages keep their own state under their own keys while their links share one name (the Masks pages'
    `custom=`)."""
    ss = st.session_state
    param = param or key
    # by the visit, not the page: a page left and come back to reads its link again, even for a key no page
    # in between has bound (the Masks page's own grid, since Mask mistakes keeps its own)
    opened = ss.get(f"_bound_{key}") != ss.get("_visit")
    if opened or key not in ss:
        ss[f"_bound_{key}"] = ss.get("_visit")
        value = default
        if param in st.query_params:
            try:
                value = parse(st.query_params[param])
                if options is not None and value not in options:
                    raise ValueError(notices.not_a_choice(len(options)))
            except (ValueError, KeyError, IndexError) as err:
                st.warning(notices.link_default(param, _plain(err), st.query_params[param]),
                           icon=":material/link_off:")
        ss[key] = value
    if options is not None and ss[key] not in options:
        ss[key] = default
    set_url(param, ss[key])
    return ss[key]


def set_url(key: str, value: Any) -> None:
    """Write one value into the query string, as text (booleans as 0/1)."""
    text = str(int(value)) if isinstance(value, bool) else str(value)
    if st.query_params.get(key) != text:
        st.query_params[key] = text


def _plain(err: Exception) -> str:
    """Python's own parse errors in words a learner reads: "invalid literal for int()" is not one."""
    text = str(err)
    if text.startswith("invalid literal for int()"):
        return notices.not_whole_reason()
    if text.startswith("could not convert"):
        return notices.not_a_number_reason()
    return text


def token_picker(label: str, key: str, labels, default: int = 0, *, container=None, help: str | None = None,
                 on_change=None, width: int | str = "stretch") -> int:
    """A select box over the tokens (by position) that always shows the token the page is using.

    The value is bound to ?key= like url_bound, and set again every time just before the box is drawn, for two
    reasons. With a key, Streamlit keeps a select box's identity when its options' labels change, and the browser
    goes on showing the old label (“the·0” after the sentence became “a dog …”) unless it is told the value again.
    And a value set while no box is drawn (the link's ?query=5 while the Masks page's question is open) is filed by
    Streamlit under the box that last had the key, on this page or another (Home's `query`); the box drawn later
    finds nothing there and starts on its first option, “the·0”, unless it is handed the value as it is drawn."""
    labels = list(labels)
    options = list(range(len(labels)))
    url_bound(key, min(default, len(labels) - 1), int, options=options)
    ss = st.session_state
    ss[key] = ss[key]  # the box takes this value, and the browser is told which label to show
    return (container or st).selectbox(label, options=options, key=key, format_func=labels.__getitem__, help=help,
                                       on_change=on_change, width=width)


def route_footer(file: str, shared: Shared, carry: dict[str, str] | None = None) -> None:
    """“Next:” to the following page on the route (and a quieter “Back”), carrying the shared settings, and
    `carry`'s settings to the next page only (Home hands the builder its named-features start)."""
    back, nxt = neighbours(page_path(file))
    st.divider()
    if nxt is not None:
        st.page_link(nxt.path, label=next_label(nxt), icon=":material/arrow_forward:",
                     query_params={**links(shared), **(carry or {})})
        st.caption(nxt.question)
    if back is not None:
        st.page_link(back.path, label=back_label(back), icon=":material/arrow_back:",
                     query_params=links(shared))


def rerun_fragments(*keys: str):
    """A widget's on_change that reruns only the fragments named (`@st.fragment(key=…)`): the control's own
    section and the notebook that shows its numbers, instead of the whole page."""
    return lambda: st.rerun(list(keys))
