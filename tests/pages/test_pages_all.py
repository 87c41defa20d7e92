"""Every page on the route runs under AppTest with defaults and with settings from a link."""

from pathlib import Path

import pytest

from attn_ui.pages import ROOT, TEACHERS, route
from tests.apptest_utils import all_text, figures, tables

PAGES = [p.path for p in route()]
LINK = {"text": "Dogs chase cats, and cats chase mice!", "seed": "11", "d_model": "16", "heads": "4"}


def test_every_file_in_pages_is_on_the_route():
    """Every page is on the learner's route, but for the teachers' page, which the sidebar lists below it."""
    files = {f"pages/{p.name}" for p in (ROOT / "pages").glob("*.py")}
    assert TEACHERS.path in files and TEACHERS.path not in PAGES
    assert files - {TEACHERS.path} == set(PAGES[1:]), "add each page to attn_lessons/route.py's ROUTE"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: Path(p).stem)
def test_page_runs_at_defaults(open_page, page):
    """Cold, a page shows its title and a picture, or the prediction that opens it (whose answer it then keeps
    off the page); with the predictions skipped, a picture."""
    at = open_page(page)
    assert at.title and (figures(at) or tables(at) or "Predict first." in all_text(at) or quiz(at)), page
    at = open_page(page, reveal=1)
    assert figures(at) or tables(at) or quiz(at), f"{page} draws no figure and no table"


def quiz(at) -> bool:
    """Check yourself opens with its questions, which the sidebar's skip leaves in place, and keeps their answers
    (the one-step tables among them) off the page until they are answered (issue 30, item 1)."""
    return bool(at.get("form")) and all(f"**{n}.**" in all_text(at) for n in (1, 2))


@pytest.mark.parametrize("page", PAGES, ids=lambda p: Path(p).stem)
def test_page_reads_the_shared_settings_from_the_link(open_page, page):
    at = open_page(page, **LINK)
    assert at.text_area(key="text").value == LINK["text"]
    assert at.number_input(key="seed").value == 11
    assert at.select_slider(key="d_model").value == 16
    assert at.selectbox(key="heads").value == 4
    assert not at.warning or all("link" not in w.value for w in at.warning), [w.value for w in at.warning]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: Path(p).stem)
def test_every_page_offers_its_notebook_and_shows_the_same_code(open_page, page):
    at = open_page(page, reveal=1)
    buttons = [b for b in at.get("download_button") if b.proto.label == "Download as a notebook"]
    assert len(buttons) == 1, f"{page} has {len(buttons)} notebook downloads"
    switch = [t for t in at.toggle if t.key == "show_code"]
    if switch and not switch[0].value:  # a page whose code waits behind a switch: the learner turns it on
        switch[0].set_value(True).run()
    code = [c.value for c in at.code if "import numpy as np" in c.value]
    assert code, f"{page} shows no notebook code under 'Show the code'"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: Path(p).stem)
def test_a_rejected_sentence_never_reaches_the_notebook(open_page, page):
    at = open_page(page, text="a cat", reveal=1)
    at.text_area(key="text").set_value("   ").run()  # rejected: the page keeps "a cat"
    assert "last good sentence" in " ".join(w.value for w in at.warning)
    code = " ".join(c.value for c in at.code if "import numpy as np" in c.value)
    if "labels" in code:  # the pages whose notebook carries the sentence (the Training lab's does not)
        assert "'a', 'cat'" in code, page
    assert "'   '" not in code


@pytest.mark.parametrize("page", PAGES, ids=lambda p: Path(p).stem)
def test_every_page_runs_in_chinese_and_offers_its_notebook_and_code_in_chinese(open_page, page):
    """?lang=zh-CN: the page runs, its Take it home speaks Chinese (the switch, the download) and shows the same
    code as in English (code stays code)."""
    from attn_lessons import i18n

    at = open_page(page, lang="zh-CN", reveal=1, text="the cat sat on the mat")
    label, switch_label = (i18n.tr_in("zh-CN", m) for m in ("take_home-download-label", "take_home-show-code"))
    assert [b.proto.label for b in at.get("download_button")].count(label) == 1, page
    assert not [b for b in at.get("download_button") if b.proto.label == "Download as a notebook"]
    switch = [t for t in at.toggle if t.key == "show_code"]
    assert switch and switch[0].label == switch_label
    i18n.use("zh-CN")  # AppTest formats the page's options again in this thread, to send the widgets' states back
    try:
        if not switch[0].value:
            switch[0].set_value(True).run()
    finally:
        i18n.use("en")
    assert [c.value for c in at.code if "import numpy as np" in c.value], page
