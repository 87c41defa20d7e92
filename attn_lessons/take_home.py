"""The words of every page's "Take it home": the "Show the code" switch, the download button, and what the notebook
says about itself (its first cell, and the comments the page writes into its parameters cell). A page's own intro
to its code is in its own module here. Drawn by attn_ui.notebooks. Pure Python: no Streamlit.
"""

from __future__ import annotations

SHOW_CODE = "Show the code"
SHORT_HELP = "This page's numbers in plain numpy: the code of the notebook below."
LONG_HELP = "Every number of X and the weights, so it is long."
DOWNLOAD_LABEL = "Download as a notebook"
DOWNLOAD_HELP = "A Jupyter notebook that rebuilds this page's numbers in plain numpy and checks them against the page."

# The notebook's first cell, under its title
ABOUT = ("A notebook from **Attention Explorer**. It rebuilds the numbers this page showed in plain numpy, with no "
         "import of the app, in the order the page teaches them; its last cell checks them against the numbers the "
         "page showed.")
SETTINGS = "**Settings**"
NEEDS = ("It needs only numpy (`pip install numpy`): run every cell from the top. The one plotting cell needs plotly "
         "and can be skipped.")


def open_view(link: str) -> str:
    """The markdown link back to the view the notebook was made from."""
    return f"[Open this view in the app]({link})"


def replace_base(placeholder: str) -> str:
    """Under a link whose address the page did not know."""
    return f"(Replace `{placeholder}` with the address the app runs at, for example `http://localhost:8501`.)"


# Comments the page writes into the notebook's parameters cell
SHOWN = "# The numbers the page showed, with every digit: the last cell checks this notebook's against them"
MASK_NOTE = "1 = this query (row) may attend to this key (column)"  # after a boolean mask's grid
TOKENS_NOTE = "one per token, in order"  # after a list of the tokens' labels
