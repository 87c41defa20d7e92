"""The shared sidebar, on every page: what applies the sentence on a touch screen (issue 23, item 10)."""

from __future__ import annotations

from attn_ui.pages import route
from tests.apptest_utils import assert_ran, run_page


def test_the_sentence_box_says_what_applies_it_on_a_touch_screen():
    at = run_page("pages/Scaling_explorer.py")
    assert_ran(at)
    captions = [c.value for c in at.sidebar.caption]
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
    builder = run_page("pages/QKV_builder.py", reveal=1, start="interpretable")
    assert_ran(builder)
    assert builder.radio(key="start").value == "interpretable"


def test_the_route_on_home_says_core_or_deep_dive_and_minutes():
    at = run_page("streamlit_app.py", reveal=1)
    labels = [el.proto.label for el in at.get("page_link") if el.proto.label[:1].isdigit()]
    assert len(labels) == len(route()) - 1, labels  # every page after Home
    assert all(("core, " in x or "deep dive, " in x) and " min)" in x for x in labels), labels
