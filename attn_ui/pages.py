"""The one list of pages: the sidebar, Home's route, the Next/Back links, the tests and the benchmark read it.

Adding a page means adding its file to pages/ and one entry here, in the order a learner should meet it.
The file's number prefix does not set the order (the sidebar is drawn from this list); Streamlit
derives each page's URL from its file name without the prefix, so renumbering keeps links working.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Page:
    """One stop on the route: its file (from the repo root), sidebar label, icon, the question it answers, whether
    it is part of the 30-minute core or a deep dive, its reading time (minutes, from its own words: checked by
    tests/pages/test_route.py), and the ideas it teaches and uses (no page uses an idea a later page teaches)."""

    path: str
    label: str
    icon: str
    question: str
    core: bool = True
    minutes: int = 0
    teaches: frozenset[str] = frozenset()
    uses: frozenset[str] = frozenset()

    @property
    def url_path(self) -> str:
        """The path Streamlit serves the page at: '' for Home, the file name without its number otherwise."""
        if self.path == HOME.path:
            return ""
        stem = Path(self.path).stem
        return stem.split("_", 1)[1] if stem.split("_", 1)[0].isdigit() and "_" in stem else stem

    @property
    def kind(self) -> str:
        """'core' or 'deep dive', as the route says it."""
        return "core" if self.core else "deep dive"


def _ideas(text: str) -> frozenset[str]:
    return frozenset(text.split())


HOME = Page("streamlit_app.py", "Home", ":material/home:", "What does self-attention do with a sentence?",
            minutes=2, teaches=_ideas("attention"))

# In the order of the ideas: each page uses only what the pages before it teach.
ROUTE: tuple[Page, ...] = (
    HOME,
    Page("pages/1_QKV_builder.py", "Q/K/V builder", ":material/construction:",
         "Where do Q, K and V come from, and how does one weight reach the output?",
         minutes=3, teaches=_ideas("qkv softmax"), uses=_ideas("attention")),
    Page("pages/2_Scaling_explorer.py", "Scaling explorer", ":material/straighten:",
         "Why divide the scores by √d_k?", minutes=3, teaches=_ideas("scaling"), uses=_ideas("qkv softmax")),
    Page("pages/3_Training_lab.py", "Training lab", ":material/model_training:",
         "What does the √d_k do to learning, not just to one softmax?", core=False, minutes=3,
         teaches=_ideas("training"), uses=_ideas("scaling")),
    Page("pages/4_Masks_and_heads.py", "Masks and heads", ":material/grid_on:",
         "Which pairs may attend at all, and what do several heads add?", minutes=3,
         teaches=_ideas("masks heads"), uses=_ideas("qkv softmax scaling")),
    Page("pages/5_Common_mistakes.py", "Common mistakes", ":material/bug_report:",
         "What do the usual bugs look like, and how do you catch them?", minutes=3,
         teaches=_ideas("mistakes"), uses=_ideas("qkv softmax scaling heads masks")),
    Page("pages/6_Mask_mistakes.py", "Mask mistakes", ":material/visibility_off:",
         "Which masking bugs train without an error, and how do you catch them?", core=False, minutes=3,
         teaches=_ideas("mask-mistakes"), uses=_ideas("masks mistakes")),
    Page("pages/7_Check_yourself.py", "Check yourself", ":material/quiz:",
         "Can you answer the questions before the app does?", minutes=3,
         uses=_ideas("qkv softmax scaling masks heads mistakes")),
)


# The teachers' page: in the sidebar below the route, never on it, so Next and Back skip it.
TEACHERS = Page("pages/8_Class.py", "Class mode (teachers)", ":material/groups:",
                "Which misconceptions are common in your class, live?")


def teachers_page() -> Page | None:
    """The teachers' page, if its file exists."""
    return TEACHERS if (ROOT / TEACHERS.path).exists() else None


def route() -> list[Page]:
    """The pages in route order whose files exist (a deployment without pages/ still has Home)."""
    return [p for p in ROUTE if (ROOT / p.path).exists()]


def page_of(path: str) -> Page:
    """The route entry for a file path such as 'pages/2_Scaling_explorer.py' (or the teachers' page)."""
    for p in (*ROUTE, TEACHERS):
        if p.path == path:
            return p
    raise KeyError(f"{path} is not on the route; add it to ROUTE in attn_ui/pages.py")


def neighbours(path: str) -> tuple[Page | None, Page | None]:
    """(the page before, the page after) `path` on the route; None at either end."""
    pages = route()
    i = [p.path for p in pages].index(path)
    return (pages[i - 1] if i > 0 else None), (pages[i + 1] if i + 1 < len(pages) else None)
