"""What a learner in a class is told, through AppTest on the app's own pages: each answer keeps its own outcome
(sent, sending…, or why not) through a pause, a resume and a delete; the class's line, at the top of the page and in
the sidebar, says when the class is paused, open again or ended; and an untouched slider is no answer.

The teacher's side is played by the store itself (create, pause, resume, delete), on the same SQLite file the
app uses (ATTN_DATA_DIR), so these tests do not depend on the teachers' page.
"""

from __future__ import annotations

import time

import pytest
import sqlalchemy as sa

from attn_lessons import classroom as words
from attn_ui import classroom
from attn_ui.classroom_store import ClassStore
from tests.apptest_utils import assert_ran, navigate, run_page

MISTAKES, HOME, SCALING = "pages/6_Common_mistakes.py", "streamlit_app.py", "pages/2_Scaling_explorer.py"


@pytest.fixture(autouse=True)
def own_database(tmp_path, monkeypatch):
    monkeypatch.setenv("ATTN_DATA_DIR", str(tmp_path))
    # a busy test machine must not turn a stored answer into "sending…"; the 0.2 s bound is tested on its own
    monkeypatch.setattr(classroom, "SEND_TIMEOUT", 10.0)
    return tmp_path


@pytest.fixture
def teacher():
    """The store on the app's SQLite file, and a class in it: (store, code, key)."""
    store = ClassStore(sa.create_engine(f"sqlite:///{classroom.data_dir() / 'classroom.db'}",
                                        connect_args={"check_same_thread": False}))
    code, key = store.create_class({"text": "the cat sat on the mat"})
    yield store, code, key
    store.engine.dispose()


def rows(teacher) -> list[dict]:
    store, code, key = teacher
    return store.answer_rows(code, key) if store.check_key(code, key) else []


def check(at, key: str, option):
    """Pick `option` in the prediction `key`, press Check, and run once more, as the reveal is read."""
    at.radio(key=f"{key}_value").set_value(option)
    at.button(key=f"{key}_check").click().run()
    assert_ran(at)
    return at.run()


def captions(at) -> list[str]:
    return [c.value for c in at.main.caption]


def status_line(at) -> str:
    """The class's line at the top of the main area (what a phone shows with its sidebar closed)."""
    found = [c for c in captions(at) if "class " in c.lower() and any(w in c for w in ("In class", "Class "))]
    return found[0] if found else ""


def sidebar_text(at) -> str:
    return " ".join(m.value for m in at.sidebar.markdown)


def test_a_learner_in_a_class_sees_it_at_the_top_of_the_page_and_in_the_sidebar(teacher):
    _, code, _ = teacher
    at = run_page(MISTAKES, **{"class": code})
    assert_ran(at)
    assert words.class_line(code) in status_line(at)
    assert words.class_line(code) in sidebar_text(at)
    assert at.main.caption[0].value.endswith(words.class_line(code))  # the page's first line, above its title


def test_an_answer_sent_before_a_pause_still_reads_sent(teacher):
    store, code, key = teacher
    at = check(run_page(MISTAKES, **{"class": code}), "cp_axis", "rows")
    assert any(c.endswith(words.NOTICES["sent"]) for c in captions(at))
    store.set_paused(code, key, True)
    at.run()  # a rerun of the same page
    at = navigate(navigate(at, HOME, **{"class": code}), MISTAKES, **{"class": code})  # and a page load
    text = " ".join(captions(at))
    assert words.NOTICES["sent"] in text and "this answer was not sent" not in text
    assert words.paused_line(code) in status_line(at) and words.paused_line(code) in sidebar_text(at)
    assert len(rows(teacher)) == 1


def test_an_answer_during_the_pause_is_refused_with_the_pause_line(teacher):
    store, code, key = teacher
    at = check(run_page(MISTAKES, **{"class": code}), "cp_axis", "rows")
    store.set_paused(code, key, True)  # the learner has not reloaded: the refusal itself tells them
    at = navigate(at, HOME, **{"class": code})
    at = check(at, "home_top", "cat")
    text = " ".join(captions(at))
    assert words.NOTICES["paused"] in text
    assert words.paused_line(code) in status_line(at)
    assert [r["question"] for r in rows(teacher)] == ["mistakes.axis"]
    at = navigate(at, MISTAKES, **{"class": code})  # the earlier answer, sent, still says so
    assert words.NOTICES["sent"] in " ".join(captions(at)) and words.NOTICES["paused"] not in " ".join(captions(at))


def test_after_resume_the_learner_is_told_to_answer_again_and_the_next_answer_is_stored(teacher):
    store, code, key = teacher
    at = run_page(HOME, **{"class": code})
    store.set_paused(code, key, True)
    at = navigate(at, MISTAKES, **{"class": code})
    assert words.paused_line(code) in status_line(at)
    store.set_paused(code, key, False)
    at = navigate(at, HOME, **{"class": code})
    assert words.resumed_line(code) in status_line(at) and words.resumed_line(code) in sidebar_text(at)
    at = check(at, "home_top", "cat")
    assert words.NOTICES["sent"] in " ".join(captions(at))
    assert words.class_line(code) in status_line(at)  # answered: the usual line again
    assert [r["question"] for r in rows(teacher)] == ["home.top_key"]


def test_after_a_delete_the_next_page_load_says_the_class_has_ended_and_nothing_more_is_written(teacher,
                                                                                                   monkeypatch):
    store, code, key = teacher
    at = check(run_page(MISTAKES, **{"class": code}), "cp_axis", "rows")
    store.delete_class(code, key)
    at = navigate(at, HOME, **{"class": code})
    assert words.ended_line(code) in status_line(at) and words.ended_line(code) in sidebar_text(at)
    assert words.class_line(code) not in sidebar_text(at)
    assert classroom.current_class() is None or classroom.CODE not in at.session_state
    assert "class" not in at.query_params
    sent = []
    monkeypatch.setattr(ClassStore, "submit_record", lambda *args: sent.append(args))
    at = check(at, "home_top", "cat")
    assert sent == []  # the app stopped sending
    assert not any(c.endswith(words.NOTICES["sent"]) for c in captions(at))
    at = navigate(at, MISTAKES)  # the answer given in the class still says it was sent
    assert words.NOTICES["sent"] in " ".join(captions(at))
    assert words.ended_line(code) in status_line(at)
    at.button(key="class_ended_hide").click().run()
    assert words.ended_line(code) not in status_line(at)


def test_after_a_delete_the_next_answer_at_the_latest_says_the_class_has_ended(teacher, monkeypatch):
    store, code, key = teacher
    at = run_page(HOME, **{"class": code})
    store.delete_class(code, key)  # no page load in between: the answer finds out
    at = check(at, "home_top", "cat")
    assert words.NOTICES["not_found"] in " ".join(captions(at))
    assert words.ended_line(code) in status_line(at) and classroom.CODE not in at.session_state
    sent = []
    monkeypatch.setattr(ClassStore, "submit_record", lambda *args: sent.append(args))
    at = navigate(at, MISTAKES)
    check(at, "cp_axis", "rows")
    assert sent == []


def test_an_untouched_slider_is_no_answer_until_the_learner_sets_it(teacher):
    _, code, _ = teacher
    at = run_page(SCALING, **{"class": code})
    assert at.slider(key="cp_softmax_value").value == 0.5
    at.button(key="cp_softmax_check").click().run()  # Check at once: the starting 0.50 was chosen by nobody
    assert_ran(at)
    assert [w.value for w in at.warning] == [words.SLIDER_UNSET]
    assert not at.success and "Not quite" not in " ".join(w.value for w in at.warning)
    assert rows(teacher) == []
    at.slider(key="cp_softmax_value").set_value(0.7).run()
    at.slider(key="cp_softmax_value").set_value(0.5).run()  # set back to the start: now it is the learner's answer
    at.button(key="cp_softmax_check").click().run()
    at.run()
    assert_ran(at)
    assert [(r["question"], r["answer"]) for r in rows(teacher)] == [("scaling.softmax", "0.50")]


def test_show_me_needs_no_slider_and_sends_nothing(teacher):
    _, code, _ = teacher
    at = run_page(SCALING, **{"class": code})
    at.button(key="cp_softmax_skip").click().run()
    assert_ran(at)
    assert not at.warning and rows(teacher) == []


def slowly(seconds: float):
    real = ClassStore._insert_many

    def write(self, conn, batch):
        time.sleep(seconds)
        return real(self, conn, batch)

    return write


def test_a_slow_write_reads_sending_then_sent_and_never_as_a_failure(teacher, monkeypatch):
    monkeypatch.setattr(classroom, "SEND_TIMEOUT", 0.2)  # the app's own bound
    monkeypatch.setattr(ClassStore, "_insert_many", slowly(0.5))
    _, code, _ = teacher
    at = run_page(MISTAKES, **{"class": code})
    started = time.perf_counter()
    at.radio(key="cp_axis_value").set_value("rows")
    at.button(key="cp_axis_check").click().run()
    assert time.perf_counter() - started < 0.45 + 0.5  # the reveal waited 0.2 s, not the write's 0.5 s (+ a run)
    text = " ".join(captions(at))
    assert words.NOTICES["sending"] in text
    assert not any(n in text for k, n in words.NOTICES.items() if k not in ("sending", "sent"))
    time.sleep(0.6)
    at.run()  # the next rerun: it landed
    text = " ".join(captions(at))
    assert words.NOTICES["sent"] in text and words.NOTICES["sending"] not in text
    assert len(rows(teacher)) == 1


def test_no_word_within_a_few_seconds_is_told_and_taken_back_once_it_lands(teacher, monkeypatch):
    monkeypatch.setattr(classroom, "SEND_TIMEOUT", 0.2)
    monkeypatch.setattr(classroom, "GIVE_UP", 0.4)  # "a few seconds", shortened
    monkeypatch.setattr(ClassStore, "_insert_many", slowly(1.0))
    _, code, _ = teacher
    at = check(run_page(MISTAKES, **{"class": code}), "cp_axis", "rows")
    time.sleep(0.4)
    at.run()
    assert words.NOTICES["slow"] in " ".join(captions(at))
    time.sleep(0.8)
    at.run()
    assert words.NOTICES["sent"] in " ".join(captions(at)) and words.NOTICES["slow"] not in " ".join(captions(at))


def test_a_failing_write_is_told_and_the_next_answer_tries_again(teacher, monkeypatch):
    def broken(self, conn, batch):
        raise sa.exc.OperationalError("INSERT", {}, Exception("disk I/O error"))

    real = ClassStore._insert_many
    monkeypatch.setattr(ClassStore, "_insert_many", broken)
    _, code, _ = teacher
    at = check(run_page(MISTAKES, **{"class": code}), "cp_axis", "rows")
    assert words.NOTICES["sent_failed"] in " ".join(captions(at))
    assert words.class_line(code) in status_line(at)  # a failure says nothing about the class itself
    monkeypatch.setattr(ClassStore, "_insert_many", real)
    at = navigate(at, HOME, **{"class": code})
    at = check(at, "home_top", "cat")
    assert words.NOTICES["sent"] in " ".join(captions(at))
    assert [r["question"] for r in rows(teacher)] == ["home.top_key"]
