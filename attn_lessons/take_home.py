"""The words of every page's "Take it home": the "Show the code" switch, the download button, and what the notebook
says about itself (its first cell, and the comments the page writes into its parameters cell). A page's own intro
to its code is in its own module here. Drawn by attn_ui.notebooks, in the session's language
(attn_lessons/locales/<language>/take_home.ftl). Pure Python: no Streamlit.
"""

from __future__ import annotations

from .i18n import has, tr


def show_code() -> str:
    return tr("take_home-show-code")


def short_help() -> str:
    return tr("take_home-short-help")


def long_help() -> str:
    return tr("take_home-long-help")


def download_label() -> str:
    return tr("take_home-download-label")


def download_help() -> str:
    return tr("take_home-download-help")


# The notebook's first cell, under its title


def about() -> str:
    return tr("take_home-about", app=tr("app-name"))


def settings() -> str:
    """The heading over the settings' list, in bold."""
    return tr("take_home-settings")


def setting_name(name: str) -> str:
    """A shared setting's name in the settings' list (sentence -> 句子); a name the catalog lacks (d_model, a
    page's own parameter) as it is."""
    msg_id = f"take_home-setting-{name.replace('_', '-')}"
    return tr(msg_id) if has(msg_id) else name


def needs() -> str:
    return tr("take_home-needs")


def open_view(link: str) -> str:
    """The markdown link back to the view the notebook was made from."""
    return tr("take_home-open-view", link=link)


def replace_base(placeholder: str) -> str:
    """Under a link whose address the page did not know."""
    return tr("take_home-replace-base", placeholder=placeholder, example="http://localhost:8501")


# Comments the page writes into the notebook's code cells: code comments stay English, as the code does
SHOWN = "# The numbers the page showed, with every digit: the last cell checks this notebook's against them"
MASK_NOTE = "1 = this query (row) may attend to this key (column)"  # after a boolean mask's grid
TOKENS_NOTE = "one per token, in order"  # after a list of the tokens' labels
