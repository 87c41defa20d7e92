"""The server's follow watch (attn_ui.classroom._rerun): at a teacher's pick it runs a following learner's page once,
on the question's page with the class's link, where the page's own switch ran part of the old page first; a page at
the question already runs where it is; a run the learner's own run made needless is not asked.

Streamlit's server is not started here: a session is a stand-in with what _rerun reads of one (its last client
state, its pages, its session state). tests/browser/test_class_learners.py and test_hall.py follow in Chromium."""

from __future__ import annotations

from types import SimpleNamespace
from urllib.parse import parse_qsl

import pytest
from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.runtime.app_session import AppSessionState

from attn_ui import classroom
from attn_ui.classroom_store import Lead
from attn_ui.pages import ROOT, route

SETTINGS = {"text": "the cat sat on the mat", "seed": "0", "d_model": "8", "heads": "2"}
CODE = "ABC123"
LEAD = Lead("mistakes.axis", {"sentence": "class"}, False, 4)
KEY = classroom._lead_key(LEAD, here=False)


class Session:
    """What _rerun touches of Streamlit's AppSession."""

    def __init__(self, page_path: str, query: str):
        self.id = "session-1"
        self._state = AppSessionState.APP_NOT_RUNNING
        hashes = {p.path: f"hash-{k}" for k, p in enumerate(route())}
        self.hash_of = hashes
        self._pages_manager = SimpleNamespace(
            get_pages=lambda: {h: {"script_path": str(ROOT / path)} for path, h in hashes.items()})
        self._client_state = ClientState(page_script_hash=hashes[page_path], query_string=query)
        self.session_state = {"_page": page_path, "d_model": 64}
        self.asked: list[ClientState] = []

    def request_rerun(self, state: ClientState) -> None:
        self.asked.append(state)


@pytest.fixture
def watch(monkeypatch):
    """A fresh watch, and the pages' hashes as this stand-in names them."""
    monkeypatch.setattr(classroom, "_followers", classroom._Watch())
    monkeypatch.setattr(classroom, "_page_hashes", {})
    return classroom._followers


def manager_of(session: Session):
    return SimpleNamespace(get_active_session_info=lambda sid: SimpleNamespace(session=session)
                           if sid == session.id else None)


def run(session: Session, key: tuple = KEY, following: bool = True) -> ClientState | None:
    target = classroom._lead_target(LEAD, CODE, SETTINGS) if following else None
    classroom._rerun(manager_of(session), session.id, key, target)
    assert len(session.asked) <= 1
    return session.asked[0] if session.asked else None


def test_a_pick_runs_a_follower_elsewhere_once_on_the_questions_page_with_the_class_link(watch):
    scaling = next(p for p in route() if p.name == "scaling")
    session = Session(scaling.path, f"class={CODE}&d_model=64&text=other")
    state = run(session)
    page = classroom.question_page(LEAD.question_id)
    assert page is not None and page.path != scaling.path
    assert state is not None and state.page_script_hash == session.hash_of[page.path]
    link = dict(parse_qsl(state.query_string))
    assert link == classroom.lead_params(LEAD, CODE, SETTINGS)
    assert link["d_model"] == SETTINGS["d_model"] and link["class"] == CODE
    assert not state.fragment_id and not state.widget_states.widgets  # the whole page, no click sent again
    assert "_page" not in session.session_state  # a new visit: the page reads its link
    assert session.id in watch.switched  # its run tells the browser the link


def test_the_same_page_with_other_settings_is_a_new_visit_too(watch):
    page = classroom.question_page(LEAD.question_id)
    session = Session(page.path, f"class={CODE}&text={SETTINGS['text']}&seed=0&d_model=64&heads=2")
    state = run(session)
    assert state.page_script_hash == session.hash_of[page.path]
    assert dict(parse_qsl(state.query_string))["d_model"] == "8"
    assert "_page" not in session.session_state and session.id in watch.switched


def test_a_page_at_the_question_already_runs_where_it_is(watch):
    page = classroom.question_page(LEAD.question_id)
    query = "&".join(f"{k}={v}" for k, v in classroom.lead_params(LEAD, CODE, SETTINGS).items()) + "&pe=1"
    session = Session(page.path, query.replace(" ", "+"))
    state = run(session)
    assert state.page_script_hash == session.hash_of[page.path]
    assert state.query_string == session._client_state.query_string
    assert session.session_state["_page"] == page.path and session.id not in watch.switched


def test_a_learner_who_stopped_following_is_run_where_they_are(watch):
    scaling = next(p for p in route() if p.name == "scaling")
    session = Session(scaling.path, f"class={CODE}")
    state = run(session, following=False)
    assert state.page_script_hash == session.hash_of[scaling.path] and state.query_string == f"class={CODE}"
    assert session.session_state["_page"] == scaling.path


def test_an_ask_the_learners_own_run_answered_meanwhile_is_dropped(watch):
    scaling = next(p for p in route() if p.name == "scaling")
    session = Session(scaling.path, f"class={CODE}")
    watch.pending.add(session.id)
    watch.drawn[session.id] = (KEY, False)  # its own run drew this pick already
    assert run(session) is None
    assert session.id not in watch.pending  # the next change is asked again
    watch.drawn[session.id] = (("none",), False)
    assert run(session) is not None


def test_a_page_mid_run_is_not_asked(watch):
    scaling = next(p for p in route() if p.name == "scaling")
    session = Session(scaling.path, f"class={CODE}")
    session._state = AppSessionState.APP_IS_RUNNING
    assert run(session) is None
