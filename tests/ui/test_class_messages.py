"""What a learner in a class is told, through AppTest on the app's own pages: each answer keeps its own outcome
(sent, sending…, or why not) through a pause, a resume and a delete; the class's line, at the top of the page and in
the sidebar, says when the class is paused, open again or ended; and an untouched slider is no answer.

The teacher's side is played by the store itself (create, pause, resume, delete), on the same SQLite file the
app uses (ATTN_DATA_DIR), so these tests do not depend on the teachers' page.
"""

from __future__ import annotations

from attn_ui.pages import ROUTE, named
import time

import pytest
import sqlalchemy as sa
import streamlit as st

from attn_lessons import classroom as words
from attn_ui import classroom
from attn_ui.classroom_store import ClassStore
from tests.apptest_utils import assert_ran, navigate, run_page

MISTAKES, HOME, SCALING = named("mistakes").path, "streamlit_app.py", named("scaling").path


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
    # the write lands 5 s after it starts: long beside GIVE_UP and beside a page's run on a busy machine (at 1 s,
    # two AppTest runs under CI's load could outlast it, and the answer was already sent when the test looked)
    monkeypatch.setattr(ClassStore, "_insert_many", slowly(5.0))
    _, code, _ = teacher
    started = time.monotonic()
    at = check(run_page(MISTAKES, **{"class": code}), "cp_axis", "rows")
    time.sleep(0.4)
    at.run()
    assert time.monotonic() - started < 5.0, "the page ran too slowly for this test to see the wait"
    assert words.NOTICES["slow"] in " ".join(captions(at))
    deadline = time.monotonic() + 10.0
    while words.NOTICES["sent"] not in " ".join(captions(at)) and time.monotonic() < deadline:
        time.sleep(0.5)
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


# ------------------------------------------------------------------ pause, resume and delete in every order

LINES = {"open": (words.class_line, words.resumed_line), "paused": (words.paused_line,),
         "ended": (words.ended_line,)}
OUTCOMES = {"open": words.NOTICES["sent"], "paused": words.NOTICES["paused"], "ended": words.NOTICES["not_found"]}
ANSWERS = ((MISTAKES, "cp_axis", "rows", "mistakes.axis"), (HOME, "home_top", "cat", "home.top_key"))


def class_messages(at, code: str) -> tuple[list[str], list[str], list[str]]:
    """Every message of class mode on the learner's page: the class lines at the top of the main area, the class
    lines in the sidebar, and the answers' own lines (each a caption under its answer)."""
    every_line = [f(code) for f in (words.class_line, words.paused_line, words.resumed_line, words.ended_line)]
    main = [c for c in captions(at) if any(line in c for line in every_line)]
    side = [m.value for m in at.sidebar.markdown if any(line in m.value for line in every_line)]
    notices = [c for c in captions(at) if any(c.endswith(n) for n in words.NOTICES.values())]
    return main, side, notices


def assert_true_now(at, code: str, state: str, answered: str) -> None:
    """Every class message on the page is true of the class's state now (`state`) and of the answer on screen
    (given while the class was `answered`); none is missing."""
    main, side, notices = class_messages(at, code)
    allowed = [f(code) for f in LINES[state]]
    assert len(main) == 1 and any(main[0].endswith(line) for line in allowed), (state, main)
    assert len(side) == 1 and any(side[0].endswith(line) for line in allowed), (state, side)
    assert len(notices) == 1 and notices[0].endswith(OUTCOMES[answered]), (state, answered, notices)
    text = " ".join(captions(at)) + " " + sidebar_text(at)
    if state == "ended":  # ended everywhere: nothing on the page says answers are still shared
        assert "shared anonymously" not in text and "In class" not in text
    if state != "paused":
        assert "is paused" not in text


@pytest.mark.parametrize("order", [("pause", "resume", "delete"), ("pause", "delete", "resume"),
                                   ("resume", "pause", "delete"), ("resume", "delete", "pause"),
                                   ("delete", "pause", "resume"), ("delete", "resume", "pause")],
                         ids="-".join)
def test_every_message_is_true_through_pause_resume_and_delete_in_every_order(teacher, order):
    """The teacher pauses, resumes and deletes in `order`; after each, the learner answers, once on the page they
    are on (the answer is the first to hear of it) and once on another page (a page load hears first). At every step
    the class's line says the class's state now, at the top and in the sidebar, and each answer's line says what
    became of that answer, for good."""
    store, code, key = teacher
    at = run_page(HOME, **{"class": code})
    state, stored, page = "open", 0, 1
    for op in order:
        if state != "ended":  # a deleted class has no pause or resume: the teacher's page no longer offers them
            if op == "delete":
                store.delete_class(code, key)
                state = "ended"
            else:
                store.set_paused(code, key, op == "pause")
                state = "paused" if op == "pause" else "open"
        for moved in (False, True):
            if moved:  # another page: its load reads the class first
                page = 1 - page
                at = navigate(at, ANSWERS[page][0], **({"class": code} if state != "ended" else {}))
            # else the same page: this answer is the first to hear of the teacher's click
            _, cp, option, _ = ANSWERS[page]
            if f"{cp}_again" in [b.key for b in at.button]:  # answered before: a new answer to the same question
                at.button(key=f"{cp}_again").click().run()
            at.radio(key=f"{cp}_value").set_value(option)
            at.button(key=f"{cp}_check").click().run()  # one click, one run: what the learner sees at once
            assert_ran(at)
            assert_true_now(at, code, state, state)
            stored += state == "open"
            if state != "ended":
                assert len(rows(teacher)) == stored, (order, op, moved)
    for file, *_ in ANSWERS:  # the earlier answers still say what became of them
        at = navigate(at, file)
        assert_true_now(at, code, state, state)


CHECK = named("questions").path


def quiz_answer(at, kind: str, option: str):
    """Answer Check yourself's question `kind` (a choice) with `option` and press its Check."""
    at.radio(key=f"answer_{kind}").set_value(option)
    at.button(key=f"check_{kind}").click().run()
    assert_ran(at)
    return at


def test_check_yourself_shows_each_answers_outcome_and_the_end_of_the_class_at_once(teacher):
    """Issue 37: Check yourself says "Sent" under an answer as the other pages do; after a delete, the next answer
    says it was not sent, and the page and the sidebar say the class has ended at once (the quiz is a fragment:
    the whole page is drawn again)."""
    store, code, key = teacher
    at = run_page(CHECK, **{"class": code})
    at = quiz_answer(at, "why_scale", "sum")
    assert [c for c in captions(at) if c.endswith(words.NOTICES["sent"])], captions(at)
    assert [r["question"] for r in rows(teacher)] == ["quiz.why_scale"]
    store.delete_class(code, key)
    at = quiz_answer(at, "softmax_axis", "keys")
    _, _, notices = class_messages(at, code)
    assert sorted(n.split(" ", 1)[1] for n in notices) == sorted([words.NOTICES["sent"], words.NOTICES["not_found"]])
    assert words.ended_line(code) in status_line(at) and words.ended_line(code) in sidebar_text(at)
    assert "shared anonymously" not in sidebar_text(at) + " ".join(captions(at))
    at = quiz_answer(at, "softmax_axis", "all")  # known ended: nothing is sent, and the answer says so
    assert [c for c in captions(at) if c.endswith(words.NOTICES["not_found"])]


def test_a_question_the_teacher_revealed_opens_on_the_learners_page(teacher):
    """The teacher leads Common mistakes' prediction and reveals it: the learner's prediction opens as shown
    (nothing sent), and a Check yourself question the teacher reveals at this question seed opens as shown."""
    store, code, key = teacher
    store.lead(code, key, "mistakes.axis", {"sentence": "class"})
    at = run_page(MISTAKES, **{"class": code})
    assert at.radio(key="cp_axis_value") is not None  # not revealed yet: the learner predicts
    store.reveal(code, key)
    time.sleep(classroom.LEAD_EVERY)  # the process's cache reads the store at most once a second
    at.run()
    assert_ran(at)
    assert "cp_axis_value" not in [r.key for r in at.radio]
    assert any(c.endswith(words.TEACHER_REVEALED) for c in captions(at))
    assert rows(teacher) == []
    store.lead(code, key, "quiz.why_scale", {"seed": 0})
    store.reveal(code, key)
    time.sleep(classroom.LEAD_EVERY)
    at = navigate(at, CHECK, **{"class": code})
    shown = at.session_state["_quiz_log"]
    assert shown["why_scale@0"]["status"] == "shown", shown
    assert set(shown) == {"why_scale@0"}  # only the question the teacher revealed


def headers(at) -> list[str]:
    return [h.value for h in at.main.header]


@pytest.mark.parametrize("page", [p for p in ROUTE if p.checkpoint], ids=lambda p: p.name)
def test_a_question_the_teacher_revealed_opens_the_page_as_skipping_does_in_one_run(teacher, page, monkeypatch):
    """Issue 38: with the teacher leading a page's prediction and revealing it, a learner who has not answered finds
    the page as "Skip the predictions" draws it (every section after the question shown), and the page does not
    rerun itself to get there. Mask mistakes and Masks and heads held their later sections back by `answered`
    while predict had opened the reveal, and reran themselves until the teacher moved on: 700 runs in ten seconds
    with 100 learners, and an 11 s wait for every other one."""
    store, code, key = teacher
    skipped = run_page(page.path, reveal=1)
    assert_ran(skipped)
    store.lead(code, key, page.checkpoint.id, words.lead_state(page.checkpoint.id, {"text": "the cat sat on the mat"}))
    store.reveal(code, key)
    time.sleep(classroom.LEAD_EVERY)  # the process's cache reads the store at most once a second
    reruns = []
    rerun = st.rerun
    monkeypatch.setattr(st, "rerun", lambda *a, **k: (reruns.append(a), rerun(*a, **k)))
    at = run_page(page.path, timeout=20, **{"class": code})
    assert_ran(at)
    assert any(c.endswith(words.TEACHER_REVEALED) for c in captions(at)), captions(at)
    assert f"{page.checkpoint.key}_value" not in [w.key for w in (*at.radio, *at.slider)]
    assert headers(at) == headers(skipped)
    assert reruns == [], f"{page.name} reran itself {len(reruns)} times"
