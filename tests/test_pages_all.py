"""Every page (discovered, so new pages are covered) runs under AppTest with defaults and with settings from a link."""

from pathlib import Path

import pytest

from tests.apptest_utils import ROOT, figures, run_page

PAGES = ["streamlit_app.py"] + [f"pages/{p.name}" for p in sorted((ROOT / "pages").glob("*.py"))]
LINK = {"text": "Dogs chase cats, and cats chase mice!", "seed": "11", "d_model": "16", "heads": "4"}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: Path(p).stem)
def test_page_runs_at_defaults(page):
    at = run_page(page)
    assert not at.exception, at.exception[0].value if at.exception else ""
    assert at.title and figures(at), f"{page} draws no title or no figure"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: Path(p).stem)
def test_page_reads_the_shared_settings_from_the_link(page):
    at = run_page(page, **LINK)
    assert not at.exception, at.exception[0].value if at.exception else ""
    assert at.text_area(key="text").value == LINK["text"]
    assert at.number_input(key="seed").value == 11
    assert at.select_slider(key="d_model").value == 16
    assert at.selectbox(key="heads").value == 4
    assert not at.warning or all("link" not in w.value for w in at.warning), [w.value for w in at.warning]
