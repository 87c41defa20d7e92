"""“Skip the predictions” is a setting of the session, never of a link (issue 23): a link with reveal=1 still
skips them, the app takes it out of the address bar, and no link the app builds carries it."""

from __future__ import annotations

from attn_ui.pages import named
from urllib.parse import parse_qs

import pytest

from attn_ui.pages import route
from tests.apptest_utils import all_text, assert_ran, run_page

PAGES = [p.path for p in route()]


@pytest.mark.parametrize("page", PAGES)
def test_reveal_in_a_link_skips_the_predictions_and_leaves_the_address_bar(page):
    at = run_page(page, reveal=1)
    assert_ran(at)
    assert at.toggle(key="reveal").value is True
    assert "Predict first." not in all_text(at)
    assert "reveal" not in at.query_params, dict(at.query_params)
    links = [parse_qs(el.proto.query_string) for el in at.get("page_link")]
    assert links and all("reveal" not in q for q in links), links
    assert all(q.get("text") for q in links)  # the links still carry the sentence


def test_without_reveal_the_page_asks_first():
    at = run_page("streamlit_app.py")
    assert_ran(at)
    assert at.toggle(key="reveal").value is False
    assert "Predict first." in all_text(at)


def test_the_setting_lasts_from_page_to_page_in_the_session():
    at = run_page("streamlit_app.py")
    at.toggle(key="reveal").set_value(True).run()
    assert "reveal" not in at.query_params
    at.switch_page(named("scaling").path).run()
    assert_ran(at)
    assert at.toggle(key="reveal").value is True
    assert "Predict first." not in all_text(at)
    assert "reveal" not in at.query_params


def test_a_mangled_reveal_says_so_and_keeps_the_predictions():
    at = run_page("streamlit_app.py", reveal="<b>yes")
    assert_ran(at)
    assert any("reveal" in w.value for w in at.warning)
    assert at.toggle(key="reveal").value is False and "reveal" not in at.query_params


def test_in_chinese_the_page_asks_first_and_the_switch_skips_the_predictions():
    from attn_lessons import checkpoint, i18n

    ask, label = (i18n.tr_in("zh-CN", m) for m in ("checkpoint-predict-first", "sidebar-presenter-label"))
    english = i18n.tr_in("en", "sidebar-presenter-label")  # not the thread's: AppTest runs the page in it
    assert ask.strip("*") != checkpoint.predict_first().strip("*")  # the Chinese prompt, not the English one
    at = run_page("streamlit_app.py", lang="zh-CN", text="the cat sat on the mat")
    assert_ran(at)
    assert ask.strip("*") in all_text(at) and "Predict first." not in all_text(at)
    assert at.toggle(key="reveal").label == label != english
    i18n.use("zh-CN")  # AppTest formats the page's options again in this thread, to send the widgets' states back
    try:
        at.toggle(key="reveal").set_value(True).run()
    finally:
        i18n.use("en")
    assert ask.strip("*") not in all_text(at) and "reveal" not in at.query_params
