"""attn_ui.folds: a fold's content is worked out and sent only while it is open (issue 38).

Every other AppTest opens every fold (tests.apptest_utils.run_page), so that it reads the whole page; these tests
open each page as a learner first finds it, every fold closed."""

from __future__ import annotations

from collections import Counter

import pytest

from attn_ui.pages import HOME, route
from tests.apptest_utils import fold_key_literals, fold_keys, run_page

# every page with a fold of its own
PAGES = [p.path for p in route() if p.path != HOME.path and p.path.split("/")[-1] in fold_keys().values()]
# where a page draws its folds only in a state of its own: the builder's lexicon with the named-features start;
# Check yourself's causal-mask steps once the questions they answer are shown
STATES = {"pages/QKV_builder.py": {"start": "interpretable"}}


def prepared(path: str, at):
    if path == "pages/Check_yourself.py":
        from tests.pages.test_check_yourself import show_all

        return show_all(at)
    return at


def test_every_fold_key_is_written_out_once_in_the_app():
    """A key is a literal "fold_…" (so the tests find it) and names one fold: two folds of one key would share
    their open state."""
    seen = Counter(key for key, _ in fold_key_literals())
    assert seen and all(n == 1 for n in seen.values()), {k: n for k, n in seen.items() if n != 1}
    assert set(seen) == set(fold_keys())
    assert {"Common_mistakes.py", "Mask_mistakes.py"} <= set(fold_keys().values())


def test_a_fold_key_must_say_it_is_one():
    from attn_ui.folds import fold

    with pytest.raises(ValueError):
        with fold("A label", "lexicon"):
            pass


@pytest.mark.parametrize("path", PAGES)
def test_a_closed_fold_holds_nothing_and_an_open_one_draws_its_content(path):
    """Opened cold with the predictions skipped: every fold on the page is closed and empty, and its key is one
    the tests know; opened, each of those folds draws something."""
    at = prepared(path, run_page(path, folds=False, reveal=1, **STATES.get(path, {})))
    assert not at.exception, at.exception[0].value if at.exception else ""
    drawn = [key for key in fold_keys() if key in at.session_state]
    assert drawn, f"{path} drew none of its folds (tests/ui/test_folds.py STATES: the state that draws them)"
    assert all(at.session_state[key] is False for key in drawn)
    empty = [i for i, e in enumerate(at.expander) if not e.children]
    assert len(empty) >= len(drawn) and not any(at.expander[i].proto.expanded for i in empty)
    labels = [e.label for e in at.expander]
    for key in drawn:
        at.session_state[key] = True
    at.run()
    assert not at.exception, at.exception[0].value if at.exception else ""
    assert [e.label for e in at.expander] == labels
    opened = [i for i in empty if at.expander[i].children]
    assert len(opened) == len(drawn) and all(at.expander[i].proto.expanded for i in opened), (labels, opened)
