"""Take it home, in the page: every page's last section, its "Show the code" switch and its "Download as a notebook"
button, and the link back to the view it was taken from.

The notebook itself is built by attn_ui.notebook_build, its numbers written as Python by attn_ui.notebook_literals;
this module draws with Streamlit and gives the pages one name for all of it (`from attn_ui import notebooks as nbk`:
nbk.take_it_home, nbk.cells, nbk.Note, nbk.names, nbk.shared_settings …). Tests replace `take_it_home` and
`download_button` here to record what a page hands them; `take_it_home` looks `download_button` up in this module.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Mapping, Sequence
from urllib.parse import quote, urlencode

import nbformat

from attn_lessons import take_home
from attn_lessons.i18n import current, use

from .code import source
from .notebook_build import (
    DEFAULTS,
    FIELD,
    MATCH,
    MIME,
    OFF_SCREEN,
    PARAMETERS,
    PLACEHOLDER_BASE,
    SHOWN,
    TEMPLATES,
    Cell,
    cells,
    code,
    md_text,
    notebook,
    page_code,
    shared_settings,
    template,
    to_bytes,
    view_link,
)
from .notebook_literals import SHORT, Note, assign, line, literal, mask_literal, names, number

__all__ = ["DEFAULTS", "FIELD", "LONG_CODE", "MATCH", "MIME", "OFF_SCREEN", "PARAMETERS", "PLACEHOLDER_BASE", "SHORT",
           "SHOWN", "TEMPLATES", "Cell", "Note", "assign", "cells", "code", "download_button", "line", "link_here",
           "literal", "mask_literal", "md_text", "names", "notebook", "number", "page_code", "shared_settings",
           "show_code", "take_it_home", "template", "to_bytes", "view_link"]


def take_it_home(file: str, intro: str, cells: Callable[[], Sequence[Cell]], numbers: int,
                 settings: Mapping[str, object], **show) -> None:
    """Every page's last section, for the page whose script is `file` (its __file__): "Show the code" (`intro`,
    then the notebook's code; show_code takes `numbers` and any of its keywords in `show`) and "Download as a
    notebook", titled, named and linked from the page's route entry, with `settings` listed in its first cell.
    `cells` is called only when the code is shown or the notebook downloaded."""
    from .pages import page_of, page_path

    page = page_of(page_path(file))
    show_code(intro, cells, numbers, **show)
    link = link_here(page.url_path)  # read now: the download builds the notebook later, with no page context
    download_button(lambda: notebook(page.title, settings, link, cells()), page.notebook_file,
                    key="download_notebook")


def link_here(url_path: str) -> str:
    """This view's address with its query string: the browser's URL when Streamlit knows it (st.context.url),
    else the page's path under PLACEHOLDER_BASE."""
    import streamlit as st

    # a notebook is for anyone who opens it: it carries the view's settings, never the learner's class
    query = {k: v for k, v in st.query_params.to_dict().items() if k not in ("class", "reveal")}
    url = str(getattr(st.context, "url", "") or "").split("?")[0].split("#")[0]
    if url.startswith(("http://", "https://")):
        q = urlencode(list(query.items()), quote_via=quote)
        return f"{url}?{q}" if q else url
    return view_link(url_path, query)


def download_button(nb: nbformat.NotebookNode | Callable[[], nbformat.NotebookNode], file_name: str, key: str,
                    label: str | None = None) -> None:
    """The page's 'Download as a notebook' button. Pass the notebook, or a function that builds it (then it is
    built only when the learner clicks, from the state the page was showing when it drew the button)."""
    import streamlit as st

    data = in_language(current(), lambda: to_bytes(nb())) if callable(nb) else to_bytes(nb)
    st.download_button(label or take_home.download_label(), data=data, file_name=file_name, mime=MIME, key=key,
                       on_click="ignore",
                       icon=":material/download:",
                       help=take_home.download_help())


def in_language(lang: str, build: Callable[[], bytes]) -> Callable[[], bytes]:
    """`build`, to be called later (Streamlit calls a download's data function when the learner clicks, outside the
    page's run), in the language of the run that drew the button: each call in a context of its own, so the
    language set for it reaches nothing else."""

    def built() -> bytes:
        return contextvars.copy_context().run(lambda: (use(lang), build())[1])

    return built


LONG_CODE = 2400  # input numbers above which the code (about 25 characters a number) passes ~60 kB


def show_code(intro: str, cells: Callable[[], Sequence[Cell]], numbers: int, *,
              sources: tuple[str, Sequence[Callable]] | None = None,
              short_help: str | None = None, long_help: str | None = None) -> None:
    """The page's "Show the code" switch; when it is on: `intro`, the notebook's code (page_code), then `sources`
    = (its intro, the attn_core functions the page's own numbers come from), each function's source. `cells` is
    called only then.

    A switch, not a folded expander: an expander's code is built, sent and laid out on every step of every control
    that moves its numbers, open or not (on the Scaling explorer a tenth of each step's time in the browser); this
    code is built only when the learner asks for it. When the inputs hold more than LONG_CODE `numbers` it is printed
    without colours: colouring that many digits takes the browser seconds."""
    import streamlit as st

    long = numbers > LONG_CODE
    shown_help = (long_help or take_home.long_help()) if long else (short_help or take_home.short_help())
    if not st.toggle(take_home.show_code(), key="show_code", help=shown_help):
        return
    st.markdown(intro)
    st.code(page_code(cells()), language=None if long else "python")
    if sources is not None:
        words, functions = sources
        st.markdown(words)
        for fn in functions:
            st.code(source(fn), language="python")
