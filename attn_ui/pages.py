"""The one list of pages: the sidebar, Home's route, the Next/Back links, "Take it home", the tests and the
benchmark read it.

A page is its entry here plus five files, all named from the entry (`Page.files`): the page in pages/, its maths
in attn_core/<maths>.py, its words in attn_lessons/<name>.py, its notebook in notebooks/<name>.py and its tests in
tests/pages/test_<slug>.py. tests/pages/test_route.py walks this list and says what a page is missing. A page's file
is named by its URL (pages/QKV_builder.py serves /QKV_builder) and carries no number: the order is this list's
alone (the sidebar, Home's route and Next/Back are drawn from it), so adding or moving a page renames no file.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Page:
    """One stop on the route: its file (from the repo root), sidebar label, icon, the question it answers, its
    module name (`name`: its words and notebook; `maths`, when its maths module has another name), whether it is
    part of the 30-minute core or a deep dive, its reading time (`minutes`: every word on the page at its defaults
    once each prediction is answered, captions, open folds, table headers and feedback included, at 200 words a
    minute, rounded up; tests/lesson_length.py counts them and tests/pages/test_route.py checks the number), the
    ideas it teaches and uses (no page uses an idea a later page teaches), and
    `examples`: links (query strings) to two views other than its defaults, which the tests open cold and whose
    notebooks they run, and `controls`: its own main controls as (kind, widget key), first the one a keyboard user
    reaches first, which the benchmark steps and the browser test tabs to (kinds: slider, number, radio, select,
    toggle, button)."""

    path: str
    label: str
    icon: str
    question: str
    name: str = ""
    maths: str = ""
    core: bool = True
    minutes: int = 0
    teaches: frozenset[str] = frozenset()
    uses: frozenset[str] = frozenset()
    examples: tuple[str, ...] = ()
    controls: tuple[tuple[str, str], ...] = ()

    @property
    def url_path(self) -> str:
        """The path Streamlit serves the page at: '' for Home, the file's name otherwise."""
        return "" if self.path == HOME.path else Path(self.path).stem

    @property
    def slug(self) -> str:
        """The page's URL path in lower case ('home' for Home): its notebook's file name and its test's."""
        return self.url_path.lower() or "home"

    @property
    def title(self) -> str:
        """The page's name on its notebook and in the browser's tab."""
        return f"Attention Explorer: {self.label}"

    @property
    def notebook_file(self) -> str:
        """The file name its "Download as a notebook" gives."""
        return f"attention_explorer_{self.slug}.ipynb"

    @property
    def files(self) -> dict[str, str]:
        """The five files a page is made of, from the repo root, by what each holds."""
        return {"page": self.path, "maths": f"attn_core/{self.maths or self.name}.py",
                "words": f"attn_lessons/{self.name}.py", "notebook": f"notebooks/{self.name}.py",
                "tests": f"tests/pages/test_{self.slug}.py"}

    @property
    def kind(self) -> str:
        """'core' or 'deep dive', as the route says it."""
        return "core" if self.core else "deep dive"


def _ideas(text: str) -> frozenset[str]:
    return frozenset(text.split())


HOME = Page("streamlit_app.py", "Home", ":material/home:", "What does self-attention do with a sentence?",
            name="home", maths="attention", minutes=3, teaches=_ideas("attention"),
            examples=("text=The dog chased the cat, and the cat ran !&seed=3&d_model=16&home_random=1&query=4",
                      "text=a fox * jumps over <b>&query=0"),
            controls=(("select", "query"), ("toggle", "home_random")))

# In the order of the ideas: each page uses only what the pages before it teach.
ROUTE: tuple[Page, ...] = (
    HOME,
    Page("pages/QKV_builder.py", "Q/K/V builder", ":material/construction:",
         "Where do Q, K and V come from, and how does one weight reach the output?", name="builder",
         minutes=4, teaches=_ideas("qkv softmax"), uses=_ideas("attention"),
         examples=("start=interpretable&qi=1&kj=2", "text=the cat saw the cat&seed=7&d_model=4&pe=0"),
         controls=(("radio", "start"), ("select", "qi"))),
    Page("pages/Scaling_explorer.py", "Scaling explorer", ":material/straighten:",
         "Why divide the scores by √d_k?", name="scaling", minutes=4, teaches=_ideas("scaling"),
         uses=_ideas("qkv softmax"),
         examples=("za=40&zb=0&dk1=1&dk2=1&n_keys=1&d_model=4&heads=4&seed=5&divisor=custom&tau=0.001",
                   "za=-3&zb=2.5&dk1=512&dk2=512&n_keys=64&text=attention is all you need&d_model=64&heads=1"
                   "&divisor=dk"),
         controls=(("number", "za"), ("slider", "dk2"), ("number", "n_keys"), ("radio", "divisor"))),
    Page("pages/Training_lab.py", "Training lab", ":material/model_training:",
         "What does the √d_k do to learning, not just to one softmax?", name="training", core=False, minutes=4,
         teaches=_ideas("training"), uses=_ideas("scaling"),
         examples=("dk=4&steps=25&lr=1000&data_seed=3&loss=ce", "dk=16&steps=50&lr=0.3&data_seed=11&seeds=1"),
         controls=(("slider", "dk"),)),
    Page("pages/Masks_and_heads.py", "Masks and heads", ":material/grid_on:",
         "Which pairs may attend at all, and what do several heads add?", name="masks", minutes=4,
         teaches=_ideas("masks heads"), uses=_ideas("qkv softmax scaling"),
         examples=("heads=4&mask=custom&custom=100000-000000-111000-111100-101110-111111&head=3&query=1",
                   "text=the dog barked&d_model=4&heads=1&mask=padding&pad=3"),
         controls=(("radio", "mask"), ("select", "head"), ("select", "query"))),
    Page("pages/Inside_a_trained_model.py", "Inside a trained model", ":material/psychology:",
         "Once a model has learned, where do its heads look, and why there?", name="induction", core=False,
         minutes=6, teaches=_ideas("induction"), uses=_ideas("qkv softmax masks heads"),
         examples=("source=random&rseed=4&length=20&at=30&ihead=2&koff=3", "text=one two three four one five six"
                   "&at=11&off=1.3-2.1"),
         controls=(("radio", "source"), ("select", "at"), ("select", "ihead"))),
    Page("pages/Common_mistakes.py", "Common mistakes", ":material/bug_report:",
         "What do the usual bugs look like, and how do you catch them?", name="mistakes", minutes=5,
         teaches=_ideas("mistakes"), uses=_ideas("qkv softmax scaling heads masks"),
         examples=("text=I saw a saw&d_model=4&heads=1", "text=one two three four five&seed=42&d_model=16&heads=16"),
         controls=(("select", "head"), ("button", "quiz_new"))),
    Page("pages/Mask_mistakes.py", "Mask mistakes", ":material/visibility_off:",
         "Which masking bugs train without an error, and how do you catch them?", name="mask_mistakes", core=False,
         minutes=5, teaches=_ideas("mask-mistakes"), uses=_ideas("masks mistakes"),
         examples=("mask=custom&custom=100000-110000-011000-111100-000000-111111&dtype=float16&leak=2&word=bird",
                   "text=a b c d&d_model=4&mask=padding&pad=2&block=1&dtype=float32&fill=min"),
         controls=(("radio", "mask"), ("select", "block"), ("radio", "dtype"))),
    Page("pages/Check_yourself.py", "Check yourself", ":material/quiz:",
         "Can you answer the questions before the app does?", name="questions", minutes=4,
         uses=_ideas("qkv softmax scaling masks heads mistakes"),
         examples=("q=1&text=hello", "q=7&text=a much longer sentence of eight tokens here&d_model=16"),
         controls=(("button", "reroll"), ("number", "q"))),
)


# The teachers' page: in the sidebar below the route, never on it, so Next and Back skip it.
TEACHERS = Page("pages/Class.py", "Class mode (teachers)", ":material/groups:",
                "Which misconceptions are common in your class, live?")


@cache
def _present(path: str) -> bool:
    """Whether a page's file is there: looked at once per process, not at each of a rerun's several calls to
    route() (a lecture hall's server answers tens of reruns a second; pages do not come and go while it runs)."""
    return (ROOT / path).exists()


@cache
def page_path(file: str) -> str:
    """A page script's __file__ as its route entry names it, from the repository's root ('pages/QKV_builder.py'):
    resolved once per process (resolving a path walks it on disk, at every rerun of every page otherwise)."""
    return Path(file).resolve().relative_to(ROOT).as_posix()


def teachers_page() -> Page | None:
    """The teachers' page, if its file exists."""
    return TEACHERS if _present(TEACHERS.path) else None


def route() -> list[Page]:
    """The pages in route order whose files exist (a deployment without pages/ still has Home)."""
    return [p for p in ROUTE if _present(p.path)]


def page_of(path: str) -> Page:
    """The route entry for a file path such as 'pages/Scaling_explorer.py' (or the teachers' page)."""
    for p in (*ROUTE, TEACHERS):
        if p.path == path:
            return p
    raise KeyError(f"{path} is not on the route; add it to ROUTE in attn_ui/pages.py")


def neighbours(path: str) -> tuple[Page | None, Page | None]:
    """(the page before, the page after) `path` on the route; None at either end."""
    pages = route()
    i = [p.path for p in pages].index(path)
    return (pages[i - 1] if i > 0 else None), (pages[i + 1] if i + 1 < len(pages) else None)
