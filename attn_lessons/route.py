"""The one list of pages: each page declared once, by its route entry, in the order of the ideas.

An entry is what a page says and asks, so it lives in the words layer: its sidebar label (the page's title), the
question it answers, its predict-first checkpoint (the `Asked` its words module declares), whether it counts toward
the 30-minute core, its reading time, the ideas it teaches and uses, its example links and its main controls. All
the lists that name pages come from here: attn_lessons.misconceptions' PREDICTIONS and the page each question is
asked on, attn_lessons.classroom's PAGE_TITLES, the core's reading time on Home and in tests/pages/test_route.py,
and every test's page list. attn_ui.pages serves the same entries to the views (the sidebar, Home's route,
Next/Back, "Take it home") with what only the view layer knows: which files are there, and the URL of a script.

A page is its entry here plus its own five files, all named from the entry (`Page.files`): the page in pages/, its
maths in attn_core/<maths>.py, its words in attn_lessons/<name>.py, its notebook in notebooks/<name>.py and its
tests in tests/pages/test_<slug>.py. tests/pages/test_route.py walks this list and says what a page is missing. A
page's file is named by its URL (pages/QKV_builder.py serves /QKV_builder) and carries no number: the order is this
list's alone, so adding or moving a page renames no file. Pure Python: no Streamlit.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from . import (  # each page's words module, for the question its entry declares
    builder,
    home,
    induction,
    mask_mistakes,
    masks,
    mistakes,
    scaling,
    training,
)
from . import questions as qs
from .asked import Asked
from .i18n import tr


@dataclass(frozen=True)
class Page:
    """One stop on the route, declared once: its file (from the repo root), `msg`, its message in route.ftl (`label`,
    the page's title: the sidebar's link, the browser tab's and class mode's name for it; and `question`, the
    question it answers, both read in the session's language when used), icon, its module name
    (`name`: its words and notebook; `maths`, when its maths module has another name), whether it counts toward the
    30-minute core (`core=False`: a deep dive, left out of the core's reading time on Home and of the route's word
    budget), its reading time (`minutes`: every word on the page at its defaults once each prediction is answered,
    captions, open folds, table headers and feedback included, at 200 words a minute, rounded up;
    tests/lesson_length.py counts them and tests/pages/test_route.py checks the number), the ideas it teaches and
    uses (no page uses an idea a later page teaches), `examples`: links (query strings) to two views other than its
    defaults, which the tests open cold and whose notebooks they run, `controls`: its own main controls as (kind,
    widget key), first the one a keyboard user reaches first, which the benchmark steps and the browser test tabs
    to (kinds: slider, number, radio, select, toggle, button), and what it asks: `checkpoint`, its predict-first
    question (the Asked its words module declares and hands to attn_ui.checkpoint.predict), and `quiz`, the quiz
    kinds it asks (Check yourself's). Class mode records an answer under the page that declares its question."""

    path: str
    msg: str  # its message in attn_lessons/locales/<lang>/route.ftl: the label, with the question as `.question`
    icon: str
    name: str = ""
    maths: str = ""
    core: bool = True
    minutes: int = 0
    teaches: frozenset[str] = frozenset()
    uses: frozenset[str] = frozenset()
    examples: tuple[str, ...] = ()
    controls: tuple[tuple[str, str], ...] = ()
    checkpoint: Asked | None = None
    quiz: tuple[Asked, ...] = ()

    @property
    def url_path(self) -> str:
        """The path Streamlit serves the page at: '' for Home, the file's name otherwise."""
        return "" if self.path == HOME.path else Path(self.path).stem

    @property
    def slug(self) -> str:
        """The page's URL path in lower case ('home' for Home): its notebook's file name and its test's."""
        return self.url_path.lower() or "home"

    @property
    def label(self) -> str:
        """The page's title in the session's language: the sidebar's link, Home's route, Next/Back, class mode."""
        return tr(self.msg)

    @property
    def question(self) -> str:
        """The question the page answers, in the session's language."""
        return tr(f"{self.msg}.question")

    @property
    def title(self) -> str:
        """The page's name on its notebook, in the session's language."""
        return tr("route-notebook-title", label=self.label)

    @property
    def tab_title(self) -> str:
        """The page's name in the browser's tab, in the session's language."""
        return tr("route-tab-title", label=self.label)

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
    def asks(self) -> tuple[Asked, ...]:
        """Every question the page declares: its checkpoint, then its quiz kinds."""
        return ((self.checkpoint,) if self.checkpoint else ()) + self.quiz

    @property
    def kind(self) -> str:
        """'core' or 'deep dive', as the route says it."""
        return "core" if self.core else "deep dive"


def _ideas(text: str) -> frozenset[str]:
    return frozenset(text.split())


HOME = Page("streamlit_app.py", "route-home", ":material/home:", name="home", maths="attention", minutes=3,
            teaches=_ideas("attention"),
            examples=("text=The dog chased the cat, and the cat ran !&seed=3&d_model=16&home_random=1&query=4",
                      "text=a fox * jumps over <b>&query=0"),
            controls=(("select", "query"), ("toggle", "home_random")), checkpoint=home.TOP_KEY)

# In the order of the ideas: each page uses only what the pages before it teach.
ROUTE: tuple[Page, ...] = (
    HOME,
    Page("pages/QKV_builder.py", "route-builder", ":material/construction:", name="builder",
         minutes=4, teaches=_ideas("qkv softmax"), uses=_ideas("attention"),
         examples=("start=interpretable&qi=1&kj=2", "text=the cat saw the cat&seed=7&d_model=4&pe=0"),
         controls=(("radio", "start"), ("select", "qi")), checkpoint=builder.DOUBLE_WQ),
    Page("pages/Scaling_explorer.py", "route-scaling", ":material/straighten:", name="scaling", minutes=4,
         teaches=_ideas("scaling"),
         uses=_ideas("qkv softmax"),
         examples=("za=40&zb=0&dk1=1&dk2=1&n_keys=1&d_model=4&heads=4&seed=5&divisor=custom&tau=0.001",
                   "za=-3&zb=2.5&dk1=512&dk2=512&n_keys=64&text=attention is all you need&d_model=64&heads=1"
                   "&divisor=dk"),
         controls=(("number", "za"), ("slider", "dk2"), ("number", "n_keys"), ("radio", "divisor")),
         checkpoint=scaling.SOFTMAX),
    Page("pages/Training_lab.py", "route-training", ":material/model_training:", name="training", core=False,
         minutes=4,
         teaches=_ideas("training"), uses=_ideas("scaling"),
         examples=("dk=4&steps=25&lr=1000&data_seed=3&loss=ce", "dk=16&steps=50&lr=0.3&data_seed=11&seeds=1"),
         controls=(("slider", "dk"),), checkpoint=training.RACE),
    Page("pages/Masks_and_heads.py", "route-masks", ":material/grid_on:", name="masks", minutes=4,
         teaches=_ideas("masks heads"), uses=_ideas("qkv softmax scaling"),
         examples=("heads=4&mask=custom&custom=100000-000000-111000-111100-101110-111111&head=3&query=1",
                   "text=the dog barked&d_model=4&heads=1&mask=padding&pad=3"),
         controls=(("radio", "mask"), ("select", "head"), ("select", "query")), checkpoint=masks.SEE),
    Page("pages/Inside_a_trained_model.py", "route-induction", ":material/psychology:", name="induction", core=False,
         minutes=6, teaches=_ideas("induction"), uses=_ideas("qkv softmax masks heads"),
         examples=("source=random&rseed=4&length=20&at=30&ihead=2&koff=3", "text=one two three four one five six"
                   "&at=11&off=1.3-2.1"),
         controls=(("radio", "source"), ("select", "at"), ("select", "ihead")), checkpoint=induction.LOOK),
    Page("pages/Common_mistakes.py", "route-mistakes", ":material/bug_report:", name="mistakes", minutes=5,
         teaches=_ideas("mistakes"), uses=_ideas("qkv softmax scaling heads masks"),
         examples=("text=I saw a saw&d_model=4&heads=1", "text=one two three four five&seed=42&d_model=16&heads=16"),
         controls=(("select", "head"), ("button", "quiz_new")), checkpoint=mistakes.AXIS),
    Page("pages/Mask_mistakes.py", "route-mask-mistakes", ":material/visibility_off:", name="mask_mistakes",
         core=False,
         minutes=5, teaches=_ideas("mask-mistakes"), uses=_ideas("masks mistakes"),
         examples=("mask=custom&custom=100000-110000-011000-111100-000000-111111&dtype=float16&leak=2&word=bird",
                   "text=a b c d&d_model=4&mask=padding&pad=2&block=1&dtype=float32&fill=min"),
         controls=(("radio", "mask"), ("select", "block"), ("radio", "dtype")),
         checkpoint=mask_mistakes.ROW_SUM),
    Page("pages/Check_yourself.py", "route-questions", ":material/quiz:", name="questions", minutes=4,
         uses=_ideas("qkv softmax scaling masks heads mistakes"),
         examples=("q=1&text=hello", "q=7&text=a much longer sentence of eight tokens here&d_model=16"),
         controls=(("button", "reroll"), ("number", "q")),
         quiz=tuple(k.asked for k in qs.QUIZ_KINDS)),
)


# The teachers' page: in the sidebar below the route, never on it, so Next and Back skip it.
TEACHERS = Page("pages/Class.py", "route-teachers", ":material/groups:")


def next_label(page: Page) -> str:
    """The Next link's text, to `page`."""
    return tr("route-next", label=page.label)


def back_label(page: Page) -> str:
    """The Back link's text, to `page`."""
    return tr("route-back", label=page.label)


def named(name: str) -> Page:
    """The route entry whose `name` is `name` ('builder'): how a test names the one page it opens on purpose."""
    for p in ROUTE:
        if p.name == name:
            return p
    raise KeyError(f"no page named {name!r} on the route; the names are {', '.join(p.name for p in ROUTE)}")


def asking(question_id: str) -> Page | None:
    """The route entry that declares the question `question_id` (its checkpoint or one of its quiz kinds), or None."""
    return next((p for p in ROUTE if any(a.id == question_id for a in p.asks)), None)
