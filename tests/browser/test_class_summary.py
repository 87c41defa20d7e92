"""The class summary, printed from Chromium: a class of 30 learners and 10 questions fits on two A4 pages (issue 37).

The class is made through the store, on the app's own SQLite file (ATTN_DATA_DIR): 30 learners join, reach every
page and answer the first 10 questions of the teacher's list, right and wrong, with ties between the misconceptions
(the longest cells the summary writes). The teacher opens the dashboard with the code and key, as from another
browser, opens the summary and prints it with `page.pdf(format="A4")`; the test counts the PDF's pages. Nothing may
be cut off to get there: in print, no box around the tables scrolls or clips, and every question's row is there.
"""

from __future__ import annotations

import re

import pytest
import sqlalchemy as sa

from attn_lessons import classroom as words
from attn_lessons.misconceptions import PAGE_OF, QUESTIONS
from attn_ui.pages import route
from tests.browser.test_browser import ARGS, CHROMIUM, DONE, LAPTOP, _need_browser, serve_on_own_store

pytestmark = pytest.mark.browser

N_LEARNERS, N_QUESTIONS, MAX_PAGES = 30, 10, 2
A4_CSS = {"width": 794, "height": 1123}  # 210 × 297 mm at 96 CSS pixels to the inch
SETTINGS = {"text": "the cat sat on the mat", "seed": "0", "d_model": "8", "heads": "2"}  # ClassInfo.settings
SIDEBAR = {"sentence": "class", "seed": 0, "d_model": 8, "heads": 2}
# Each question in the state its page records on the class's sentence (attn_ui.checkpoint hands it to the class);
# a page's question not listed here is asked at the sidebar's settings, a Check yourself question at seed 3
STATES = {"home.top_key": {**SIDEBAR, "query": 2, "start": "interpretable"},
          "scaling.softmax": {"scores": [8.0, 0.0], "d_k": 64},
          "training.race": {"d_k": 16, "lr": 0.3, "loss": "ce", "steps": 50, "seed": 11},
          "masks.see": {**SIDEBAR, "mask": "padding", "query": 2, "n_tokens": 8, "n_real": 6},
          "induction.look": {"sentence": "class", "source": "sentence", "query": "sat·8", "at": 9},
          "mistakes.axis": dict(SIDEBAR),
          "mask_mistakes.row_sum": {**SIDEBAR, "mask": "causal", "query": 2}}


def state_of(question_id: str) -> dict:
    """The state a question of the class is answered in."""
    return {"seed": 3} if QUESTIONS[question_id].kind == "quiz" else STATES.get(question_id, dict(SIDEBAR))


# A PDF page object: "/Type /Page" (any spacing), never "/Type /Pages", the tree's node
PAGE_OBJECT = re.compile(rb"/Type\s*/Page(?![A-Za-z])")
PAGES_COUNT = re.compile(rb"/Type\s*/Pages\b[^>]*?/Count\s+(\d+)|/Count\s+(\d+)[^>]*?/Type\s*/Pages\b")
# In print, every box holding the summary's tables shows all of itself: none scrolls, none clips what it holds
CLIPPING_BOXES = """() => {
    const out = [];
    for (const table of document.querySelectorAll('table.class-summary')) {
        for (let e = table.parentElement; e && e !== document.documentElement; e = e.parentElement) {
            const s = getComputedStyle(e);
            const clips = /(auto|scroll|hidden|clip)/.test(s.overflowY);
            if (clips && e.scrollHeight > e.clientHeight + 1)
                out.push(`${e.tagName}.${e.className}`.slice(0, 80) + ` ${e.scrollHeight} > ${e.clientHeight}`);
        }
    }
    return out;
}"""


def pdf_pages(pdf: bytes) -> int:
    """The PDF's page count: its page objects, checked against the page tree's own /Count."""
    objects = len(PAGE_OBJECT.findall(pdf))
    counts = {int(a or b) for a, b in PAGES_COUNT.findall(pdf)}
    assert pdf.startswith(b"%PDF-") and objects >= 1, pdf[:200]
    assert max(counts, default=objects) == objects, (objects, counts)  # the root /Pages counts every page
    return objects


def test_pdf_pages_counts_the_page_objects_and_not_the_tree():
    one = b"%PDF-1.4\n1 0 obj <</Type /Pages /Kids [2 0 R] /Count 1>> endobj 2 0 obj <</Type /Page>> endobj"
    two = (b"%PDF-1.4\n1 0 obj <</Type/Pages/Count 2/Kids [2 0 R 3 0 R]>> endobj "
           b"2 0 obj <</Type/Page/Parent 1 0 R>> endobj 3 0 obj <</Parent 1 0 R /Type /Page>> endobj")
    assert pdf_pages(one) == 1 and pdf_pages(two) == 2
    with pytest.raises(AssertionError):
        pdf_pages(two.replace(b"/Count 2", b"/Count 3"))  # a page the regex missed fails, never passes


def answers_for(question_id: str) -> list[tuple[str, bool, str | None]]:
    """30 first answers to one question: 10 right, then the wrong ones spread over the misconceptions it expects
    (the first two tied, the longest cell the summary writes), and 2 that are none of them."""
    wrong = QUESTIONS[question_id].wrong
    right = [("the right answer", True, None)] * 10
    untagged = [("something else entirely", False, None)] * 2
    tagged = [(w.answer, False, w.shows) for w in wrong[:2] for _ in range(7)]
    rest = [(w.answer, False, w.shows) for w in wrong[2:]]
    tagged += (rest * N_LEARNERS)[:N_LEARNERS - len(right) - len(untagged) - len(tagged)]
    out = right + tagged + untagged
    while len(out) < N_LEARNERS:  # a question with one expected wrong answer: more of it
        out.append((wrong[0].answer, False, wrong[0].shows))
    return out[:N_LEARNERS]


def make_class(store) -> tuple[str, str, list[str]]:
    """A class of 30 learners who reached every page and answered the teacher's first 10 questions: (code, key,
    the questions)."""
    from attn_ui.classroom_store import new_learner_id

    code, key = store.create_class(SETTINGS)
    questions = list(words.TEACHERS_LIST[:N_QUESTIONS])
    store.set_questions(code, key, questions)
    slugs = [p.slug for p in route()]
    by_question = {q: answers_for(q) for q in questions}
    for i in range(N_LEARNERS):
        learner = new_learner_id()
        store.join(code, learner)
        for slug in slugs:
            store.visit(code, learner, slug)
        for q in questions:
            answer, right, shows = by_question[q][i]
            state = state_of(q)
            store.record(code, learner, PAGE_OF[q], q, state, answer, right, shows)
    return code, key, questions


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    """The app on its own SQLite file (ATTN_DATA_DIR, which the app and this test's store both read)."""
    _need_browser()
    with serve_on_own_store(tmp_path_factory.mktemp("class_summary"), "class_summary.log") as base:
        yield base


def open_summary(browser, base: str, code: str, key: str, viewport: dict | None = None):
    """A teacher's browser: the Class page, the dashboard opened with the code and key, then the summary."""
    context = browser.new_context(viewport=viewport or LAPTOP)
    page = context.new_page()
    page.goto(f"{base}/Class")
    page.wait_for_selector(DONE, timeout=60_000)
    page.get_by_label("Class code").first.fill(code)
    page.get_by_label("Teacher key").fill(key)
    page.get_by_role("button", name="Open the dashboard").click()
    page.wait_for_selector("[data-testid='class-code']", timeout=60_000)
    page.wait_for_selector(DONE, timeout=60_000)
    page.get_by_role("button", name=words.SUMMARY_BUTTON).click()
    page.wait_for_selector("table.class-summary", timeout=60_000)
    page.wait_for_selector(DONE, timeout=60_000)
    return context, page


def test_a_class_of_30_and_10_questions_prints_on_two_a4_pages(class_server):
    from playwright.sync_api import sync_playwright

    from attn_ui.classroom import data_dir
    from attn_ui.classroom_store import ClassStore

    data_dir().mkdir(parents=True, exist_ok=True)
    store = ClassStore(sa.create_engine(f"sqlite:///{data_dir() / 'classroom.db'}",
                                        connect_args={"check_same_thread": False}))
    try:
        code, key, questions = make_class(store)
        dash = store.dashboard(code, key)
        assert dash.joined == N_LEARNERS and len(dash.questions) == N_QUESTIONS
    finally:
        store.engine.dispose()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            context, page = open_summary(browser, class_server, code, key)
            page.emulate_media(media="print")
            page.set_viewport_size(A4_CSS)  # laid out as the printer lays it out: A4's width
            rows = page.locator("table.class-summary").first.locator("tbody tr")
            assert rows.count() == N_QUESTIONS, rows.count()
            text = page.locator("table.class-summary").first.inner_text()
            for q in questions:  # every question's text, as the learners read it
                assert words.question_text(q, state_of(q), SETTINGS) in text, q
            assert "(7 each)" in text, text[:1500]  # the tied misconceptions, named together
            assert page.evaluate(CLIPPING_BOXES) == []
            pages = pdf_pages(page.pdf(format="A4", print_background=True))
            assert 1 <= pages <= MAX_PAGES, f"the summary of {N_LEARNERS} learners and {N_QUESTIONS} questions " \
                                            f"prints on {pages} A4 pages"
            context.close()
        finally:
            browser.close()
