"""The shared sidebar, on every page: what applies the sentence on a touch screen (issue 23, item 10)."""

from __future__ import annotations

from tests.apptest_utils import assert_ran, run_page


def test_the_sentence_box_says_what_applies_it_on_a_touch_screen():
    at = run_page("pages/2_Scaling_explorer.py")
    assert_ran(at)
    captions = [c.value for c in at.sidebar.caption]
    assert any("tap or click outside the box" in c for c in captions), captions
    hidden = [h.proto.body for h in at.get("html") if "InputInstructions" in h.proto.body]
    assert hidden and "display:none" in hidden[0]  # Streamlit's own "Press Ctrl+Enter to apply" is not shown
