"""The shared sidebar, on every page: what applies the sentence on a touch screen (issue 23, item 10)."""

from __future__ import annotations

from attn_ui.pages import named
from attn_ui.pages import route
from tests.apptest_utils import assert_ran, run_page, sidebar_notes


def test_the_sentence_box_says_what_applies_it_on_a_touch_screen():
    at = run_page(named("scaling").path)
    assert_ran(at)
    captions = sidebar_notes(at)
    assert any("tap or click outside the box" in c for c in captions), captions
    hidden = [h.proto.body for h in at.get("html") if "InputInstructions" in h.proto.body]
    assert hidden and "display:none" in hidden[0]  # Streamlit's own "Press Ctrl+Enter to apply" is not shown


def test_homes_next_link_carries_its_weights_to_the_builder_which_opens_on_them():
    from urllib.parse import parse_qs

    at = run_page("streamlit_app.py", reveal=1)
    nxt = [el for el in at.get("page_link") if el.proto.label.startswith("Next:")]
    assert len(nxt) == 1 and parse_qs(nxt[0].proto.query_string)["start"] == ["interpretable"]
    at.toggle(key="home_random").set_value(True).run()
    nxt = [el for el in at.get("page_link") if el.proto.label.startswith("Next:")]
    assert parse_qs(nxt[0].proto.query_string)["start"] == ["random"]
    builder = run_page(named("builder").path, reveal=1, start="interpretable")
    assert_ran(builder)
    assert builder.radio(key="start").value == "interpretable"


def test_the_route_on_home_says_core_or_deep_dive_and_minutes():
    at = run_page("streamlit_app.py", reveal=1)
    labels = [el.proto.label for el in at.get("page_link") if el.proto.label[:1].isdigit()]
    assert len(labels) == len(route()) - 1, labels  # every page after Home
    assert all(("core, " in x or "deep dive, " in x) and " min)" in x for x in labels), labels


def test_every_sidebar_notice_is_told_and_true_after_the_page_has_run():
    """The notices the shared settings give after a first run (a head count d_model no longer divides, a sentence
    that cannot be used) are drawn, not raised, and say what the sidebar now holds."""
    from attn_lessons import notices, sidebar

    at = run_page(named("scaling").path, reveal=1, heads=4, d_model=8)
    at.select_slider(key="d_model").set_value(6).run()  # 4 heads do not divide 6
    assert_ran(at)
    heads = at.selectbox(key="heads").value
    assert 6 % heads == 0 and heads < 4
    assert notices.heads_changed(4, 6, heads) in [i.value for i in at.info]
    assert sidebar.d_k_note(6, heads, False).text in sidebar_notes(at)
    at.text_area(key="text").set_value("   ").run()  # no token in it: the last good sentence stays
    assert_ran(at)
    assert notices.sentence_kept(notices.no_token(), sidebar.DEFAULT_TEXT) in [w.value for w in at.warning]


def test_the_sidebar_reads_in_chinese_with_its_numbers_and_notices():
    """?lang=zh-CN: every label, help and note of the shared settings in Chinese, the d_k line's formula and the
    notices' numbers as in English."""
    from attn_lessons import i18n, notices, sidebar
    from tests.prose import english_runs

    text = "the cat sat on the mat"  # the sentence given: the page's default per language is not this test's
    at = run_page(named("scaling").path, lang="zh-CN", reveal=1, heads=4, d_model=8, text=text)
    assert_ran(at)
    i18n.use("zh-CN")
    try:
        assert at.text_area(key="text").label == sidebar.sentence_label() != "Your sentence"
        captions = sidebar_notes(at)
        assert sidebar.apply_note() in captions and sidebar.labels_note().text in captions
        at.select_slider(key="d_model").set_value(6).run()
        heads = at.selectbox(key="heads").value
        assert notices.heads_changed(4, 6, heads) in [i.value for i in at.info]
        assert all(n in notices.heads_changed(4, 6, heads) for n in ("heads=4", "d_model=6", str(heads)))
        side = " ".join([*(c.value for c in at.sidebar.caption), *(e.label for e in at.sidebar.text_area),
                         *(e.label for e in at.sidebar.number_input), *(e.label for e in at.sidebar.toggle)])
        assert not english_runs(side, allowed=(text,)), english_runs(side, allowed=(text,))
    finally:
        i18n.use("en")
