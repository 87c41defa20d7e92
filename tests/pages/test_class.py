"""Class mode through AppTest: a teacher starts a class, learners in their own sessions answer, the dashboard counts.

Each test keeps its classes in its own SQLite file (ATTN_DATA_DIR). The pages do not send their predictions yet,
so the learners' sessions call attn_ui.classroom.record_answer themselves, from a two-line script.
"""

from __future__ import annotations

import io
from html import escape, unescape
import json
import re
import time
from urllib.parse import parse_qs, urlsplit

import pytest
import sqlalchemy as sa
from streamlit.testing.v1 import AppTest

from attn_ui import classroom
from attn_ui.classroom_store import ClassStore
from attn_lessons.misconceptions import PAGE_OF, QUESTIONS
from attn_ui.pages import HOME, TEACHERS, named, route
from tests.apptest_utils import all_text, assert_ran, figures, run_page

PAGE = TEACHERS.path
APP_SEND_TIMEOUT = classroom.SEND_TIMEOUT
AXIS = {"page": PAGE_OF["mistakes.axis"], "question": "mistakes.axis", "state": {"text": "the cat sat on the mat"}}


@pytest.fixture(autouse=True)
def own_database(tmp_path, monkeypatch):
    monkeypatch.setenv("ATTN_DATA_DIR", str(tmp_path))
    # these tests count what arrives, so a busy test machine must not turn an answer into a "not sent in time";
    # the 0.2 s bound itself is tested on its own, below
    monkeypatch.setattr(classroom, "SEND_TIMEOUT", 10.0)
    return tmp_path


def learner_script():
    """A learner's browser session: join the class named in session state, send the answers queued there."""
    import time

    import streamlit as st

    from attn_ui import classroom

    ss = st.session_state
    if classroom.current_class() is None and ss.get("join"):
        ss["join_message"] = classroom.join(ss["join"])
    for answer in ss.get("send", []):
        started = time.perf_counter()
        ss.setdefault("sent", []).append(classroom.record_answer(**answer))
        ss.setdefault("waited", []).append(time.perf_counter() - started)
    ss["send"] = []
    ss["notice"] = classroom.last_notice()


class Learner:
    """One learner's session: join(code), answer(...) -> whether it was sent."""

    def __init__(self, code: str):
        self.at = AppTest.from_function(learner_script, default_timeout=30)
        self.at.session_state["join"] = code
        self.at.run()
        assert_ran(self.at)

    def answer(self, answer: str, right: bool, misconception: str | None = None, **question) -> bool:
        """Send one answer to `question` (Common mistakes' axis question unless named), under the page that asks it."""
        question = {**AXIS, **question}
        question["page"] = PAGE_OF[question["question"]]
        self.at.session_state["send"] = [{**question, "answer": answer, "right": right,
                                          "misconception": misconception}]
        self.at.run()
        assert_ran(self.at)
        return self.at.session_state["sent"][-1]


def teacher_starts_a_class(**link) -> tuple[AppTest, str, str]:
    at = run_page(PAGE, **link)
    assert_ran(at)
    at.button(key="class_create").click().run()
    assert_ran(at)
    return at, at.session_state["_teacher_code"], at.session_state["_teacher_key"]


def dashboard_text(at: AppTest) -> str:
    """The page's text after a rerun, as a reader sees it: markdown's escapes taken out."""
    at.run()
    assert_ran(at)
    return re.sub(r"\\(.)", r"\1", all_text(at))


def test_a_teacher_starts_a_class_with_a_code_a_link_a_qr_code_and_the_key_once():
    at, code, key = teacher_starts_a_class(text="dogs chase cats", seed="11")
    html = " ".join(el.proto.body for el in at.get("html"))
    assert f">{code}</div>" in html and "font-size: 4.5rem" in html
    link = next(c.value for c in at.code if "class=" in c.value)
    query = parse_qs(urlsplit(link).query)
    assert query["class"] == [code] and query["text"] == ["dogs chase cats"] and query["seed"] == ["11"]
    assert key not in link and key not in str(at.query_params)
    label = escape(f"QR code of the students' link to join class {code}")  # the QR code's text alternative
    assert f'alt="{label}"' in html and '<img src="data:image/png;base64,' in html
    qr_png = next(b for b in at.get("download_button") if b.proto.label == "Download the QR code (PNG)")
    assert qr_png is not None
    assert [c.value for c in at.code].count(key) == 1 and "shown only this once" in all_text(at)
    at.button(key="class_key_saved").click().run()
    assert key not in [c.value for c in at.code]  # shown once: gone once saved
    assert "0 learners joined" in all_text(at) and "kept in a local file" in all_text(at)


def test_three_learners_answer_and_the_dashboard_counts_exactly():
    at, code, key = teacher_starts_a_class()
    a, b, c = (Learner(code) for _ in range(3))
    assert a.answer("the columns (each key's weights)", True)
    assert b.answer("the rows (each query's weights)", False, "softmax over the keys")
    assert b.answer("the columns (each key's weights)", True)  # a second attempt: not counted first
    assert c.answer("the rows (each query's weights)", False, "softmax over the keys")
    assert a.answer("0.50", False, "equal weights whatever the scores",
                    question="scaling.softmax", state={"scores": [2, 1]})
    text = dashboard_text(at)
    assert "3 learners joined; 3 active in the last 5 minutes" in text
    assert "3 learners answered; 1 of 3 (33 %) right at the first attempt (1 later attempt not counted)." in text
    assert "Most common wrong answer: “the rows (each query's weights)”, from 2 of 3. It suggests: softmax over " \
           "the keys." in text
    assert "1 learner answered; 0 of 1 (0 %) right at the first attempt." in text
    # numbered by the teacher's list, in its order: the scaling question comes before Common mistakes
    axis, softmax = (words.number_of(q, words.TEACHERS_LIST) for q in ("mistakes.axis", "scaling.softmax"))
    blocks = [re.sub(r"\\(.)", r"\1", m.value) for m in at.markdown if re.match(r"\*\*\d+\. ", m.value)]
    assert blocks == [f"**{softmax}. What weight does softmax give key 1?** · Scaling explorer",
                      f"**{axis}. With softmax(scores, axis=0), which sums to 1?** · Common mistakes"]
    bars = {t["name"]: dict(zip(t["y"], t["x"], strict=True)) for t in figures(at)[1]["data"]}  # the axis one's
    assert bars["wrong"]["the rows (each query's weights)"] == 2
    assert bars["right"]["the columns (each key's weights)"] == 1


def test_a_learner_on_their_own_sentence_sends_no_token_of_it():
    at, code, key = teacher_starts_a_class()
    a = Learner(code)
    assert a.answer("secret", False, question="home.top_key",
                    state={"text": "my private sentence", "query": "secret", "seed": 3})
    rows = classroom_store(at).answer_rows(code, key)
    assert rows[0]["answer"] == "wrong" and "private" not in rows[0]["state"] and "secret" not in rows[0]["state"]
    assert '"seed":3' in rows[0]["state"] and '"sentence":"own"' in rows[0]["state"]


def classroom_store(at) -> ClassStore:
    path = classroom.data_dir() / "classroom.db"
    return ClassStore(sa.create_engine(f"sqlite:///{path}"))


def test_a_wrong_key_is_refused_with_no_data():
    at, code, key = teacher_starts_a_class()
    Learner(code).answer("the rows", False)
    other = run_page(PAGE)
    for bad_code, bad_key in ((code, key[:-1] + ("B" if key[-1] == "A" else "A")), (code, ""), ("NOPE", key),
                              (code, "' OR 1=1 --" + "x" * 21), (code, "k" * 64), ("K7Q2PM" * 20, key)):
        other.text_input(key="open_code").input(bad_code[:20])
        other.text_input(key="open_key").input(bad_key[:64])
        other.button(key="FormSubmitter:class_open-Open the dashboard").click().run()
        assert_ran(other)
        text = all_text(other)
        assert "does not open" in text or "Paste it exactly" in text, (bad_code, bad_key)
        assert "Learners joined" not in text and "the rows" not in text
    other.text_input(key="open_code").input(code)
    other.text_input(key="open_key").input(key)
    other.button(key="FormSubmitter:class_open-Open the dashboard").click().run()
    assert "1 learner joined" in all_text(other)


def test_a_paused_class_refuses_answers_and_says_so_at_once():
    at, code, key = teacher_starts_a_class()
    learner = Learner(code)
    assert at.button(key="class_pause").proto.label == words.PAUSE_BUTTON  # one control, showing the state
    at.button(key="class_pause").click().run()
    assert "The class is paused" in all_text(at) and at.button(key="class_pause").proto.label == words.RESUME_BUTTON
    assert not learner.answer("the rows", False)
    assert "class was paused when you answered" in learner.at.session_state["notice"]
    assert max(learner.at.session_state["waited"]) < 1.0
    at.button(key="class_pause").click().run()
    assert words.OPEN_STATE in all_text(at) and at.button(key="class_pause").proto.label == words.PAUSE_BUTTON
    assert learner.answer("the rows", False)
    assert learner.at.session_state["notice"] is None


def test_delete_removes_every_row():
    at, code, key = teacher_starts_a_class()
    learner = Learner(code)
    learner.answer("the rows", False)
    at.checkbox(key="class_delete_sure").check().run()
    at.button(key="class_delete").click().run()
    assert "every answer it held are deleted" in all_text(at) and "_teacher_key" not in at.session_state
    assert classroom_store(at).count_rows(code) == {"classroom_classes": 0, "classroom_learners": 0,
                                                     "classroom_answers": 0, "classroom_visits": 0}
    assert not learner.answer("the rows", False)
    assert "had ended or was deleted" in learner.at.session_state["notice"]


def test_a_learner_in_no_class_writes_nothing(own_database):
    at = AppTest.from_function(learner_script, default_timeout=30)
    at.session_state["send"] = [{**AXIS, "answer": "x", "right": True, "misconception": None}]
    at.run()
    assert at.session_state["sent"] == [False] and at.session_state["notice"] is None
    assert not (own_database / "classroom.db").exists()


HOSTILE = ["<img src=x onerror=alert(1)>", "'); DROP TABLE classroom_answers; --", "**bold** [x](javascript:y)",
           "$\\frac{1}{0}$"]


def test_answers_carrying_html_and_sql_reach_the_dashboard_as_plain_text():
    at, code, key = teacher_starts_a_class()
    for n, text in enumerate(HOSTILE):  # each in a state of its own, so each is its question's top wrong answer
        assert Learner(code).answer(text, False, text, state={"n": n})
    page = dashboard_text(at)
    for text in HOSTILE:
        assert f"Most common wrong answer: “{text}”, from 1 of 1. It suggests: {text}." in page
    labels = [y for f in figures(at) for t in f["data"] for y in t["y"]]
    assert "&lt;img src=x onerror=alert(1)&gt;" in labels and not any("<img" in y for y in labels)
    assert not [el for el in at.get("html") if "onerror" in el.proto.body]
    for el in at.markdown:  # every text from the database reaches markdown escaped: no link, no bold, no LaTeX
        assert "[x](javascript" not in el.value and "**bold**" not in el.value and "$\\frac" not in el.value


@pytest.mark.parametrize("raw", ["", "K7Q2P", "k7q2pm" * 30, "'; DROP TABLE classroom_classes; --",
                                 "<script>x</script>", "K7Q2P0", "%00"])
def test_a_mangled_class_code_in_the_link_joins_nothing(raw):
    at = run_page(PAGE, **{"class": raw})
    assert_ran(at)
    assert "can't be joined" in all_text(at) and classroom.CODE not in at.session_state
    assert "class" not in at.query_params


def test_a_learners_link_joins_and_every_link_keeps_the_class():
    _, code, _ = teacher_starts_a_class()
    at = run_page(named("questions").path, **{"class": code.lower()})
    assert_ran(at)
    assert f"In class {code}: your answers are shared anonymously with your teacher." in all_text(at)
    labels = {p.label for p in route()} | {TEACHERS.label}
    sidebar = [el.proto for el in at.get("page_link") if el.proto.label in labels]
    footer = [el.proto for el in at.get("page_link") if el.proto.label.startswith(("Next:", "Back:"))]
    assert len(sidebar) == len(labels) and footer  # the links state.py builds: the sidebar's and the footer's
    assert all(f"class={code}" in link.query_string for link in sidebar + footer)
    at.button(key="class_leave").click().run()
    assert "In class" not in all_text(at) and "class" not in at.query_params
    assert not any("class=" in el.proto.query_string for el in at.get("page_link"))


def test_typing_a_class_code_on_the_teachers_page_joins_it():
    _, code, _ = teacher_starts_a_class()
    at = run_page(PAGE)
    at.text_input(key="join_code").input(f" {code[:3].lower()}-{code[3:]} ")
    at.button(key="FormSubmitter:class_join-Join").click().run()
    assert_ran(at)
    assert at.session_state[classroom.CODE] == code and f"In class {code}" in all_text(at)


def test_when_the_database_fails_the_answer_is_not_sent_and_the_page_goes_on(monkeypatch):
    _, code, _ = teacher_starts_a_class()
    learner = Learner(code)
    record = ClassStore._insert_many

    def broken(*args, **kwargs):
        raise sa.exc.OperationalError("INSERT", {}, Exception("disk I/O error"))

    def slow(*args, **kwargs):
        time.sleep(1.0)
        return record(*args, **kwargs)  # it lands, late

    assert APP_SEND_TIMEOUT <= 0.2  # "a learner's reveal never waits on the database for more than 200 ms"
    monkeypatch.setattr(classroom, "SEND_TIMEOUT", APP_SEND_TIMEOUT)  # the app's own bound, here

    for fail, said in ((broken, "could not be sent"), (slow, "Sending your answer")):  # slow: on its way, no failure
        monkeypatch.setattr(ClassStore, "_insert_many", fail)
        assert not learner.answer("the rows", False)
        assert said in learner.at.session_state["notice"]
        assert learner.at.session_state["waited"][-1] < 0.5  # never more than a moment
    monkeypatch.setattr(ClassStore, "_insert_many", record)
    time.sleep(1.0)  # the slow answer lands: at the next rerun it reads as sent
    learner.at.run()
    assert learner.at.session_state["notice"] is None
    assert learner.answer("the rows", False)  # the next answer is stored


def test_the_qr_code_decodes_to_the_students_link():
    zxingcpp = pytest.importorskip("zxingcpp", reason="zxing-cpp decodes the QR code; pip install zxing-cpp")
    from PIL import Image

    settings = {"text": "Dogs chase cats, and cats chase mice!", "seed": "11", "d_model": "16", "heads": "4"}
    link = classroom.students_link("http://localhost:8617/", "K7Q2PM", settings)
    (found,) = zxingcpp.read_barcodes(Image.open(io.BytesIO(classroom.qr_png(link))))
    assert found.text == link
    assert parse_qs(urlsplit(found.text).query)["text"] == [settings["text"]]
    assert classroom.qr_png("http://localhost/?text=" + "w" * 5000) is None  # too long: the page says so


def test_the_csv_defuses_formulas_and_numbers_the_learners():
    rows = [{"time_utc": "t", "learner": 1, "answer": "=HYPERLINK(\"http://x\")", "misconception": "+1"},
            {"time_utc": "t", "learner": 2, "answer": "@SUM(A1)", "misconception": "-2"}]
    text = classroom.answers_csv(rows, ("time_utc", "learner", "answer", "misconception"))
    assert text.splitlines()[1:] == ["t,1,\"'=HYPERLINK(\"\"http://x\"\")\",'+1", "t,2,'@SUM(A1),'-2"]


def guess_script():
    """A page's call once its checkpoint returns a Guess: the same Guess object on every rerun."""
    import streamlit as st

    from attn_ui import classroom

    ss = st.session_state
    if classroom.current_class() is None:
        classroom.join(ss["join"])
    guess = ss.setdefault("guess", ["rows"])  # stands for checkpoint.Guess: one object per committed answer
    ss.setdefault("results", []).append(classroom.record("mistakes.axis", {"text": "the cat sat on the mat"},
                                                         guess[0], False, once=guess))


def test_record_sends_a_committed_answer_once_with_its_words_and_misconception():
    at, code, key = teacher_starts_a_class()
    learner = AppTest.from_function(guess_script, default_timeout=30)
    learner.session_state["join"] = code
    for _ in range(3):  # the reveal reruns: the answer is sent the first time only
        learner.run()
        assert_ran(learner)
    learner.session_state["guess"] = ["neither"]  # “Predict again”, then a new answer: a second attempt
    learner.run()
    assert learner.session_state["results"] == [True] * 4
    rows = classroom_store(at).answer_rows(code, key)
    # stored the same in every language: the option's key and the misconception's message, with the learner's language
    assert [(r["attempt"], r["answer"], r["misconception"], r["lang"]) for r in rows] == [
        (1, "rows", "asked-mistakes-axis-rows.shows", "en"), (2, "neither", "asked-mistakes-axis-neither.shows", "en")]
    from attn_lessons.asked import shows_words
    from attn_lessons.misconceptions import answer_words

    assert [(answer_words("mistakes.axis", r["answer"]), shows_words(r["misconception"])) for r in rows] == [
        ("the rows (each query's weights)", "axis=0 taken for the keys' axis, so the rows would still sum to 1"),
        ("neither", "a softmax over the wrong axis normalises nothing")]  # worded in the reader's language
    assert json.loads(rows[0]["state"]) == {"sentence": "class"}


def predicting_script():
    """A page's predict-first question, hooked as the pages will be: record(..., checkpoint=key) after the reveal."""
    import streamlit as st

    from attn_ui import classroom
    from attn_ui.checkpoint import predict, reveal

    if classroom.current_class() is None:
        classroom.join(st.session_state["join"])
    state = {"text": "the cat sat on the mat"}
    guess = predict("cp_axis", "Which sums to 1?", options=["rows", "columns", "neither"], about="axis",
                    numbers=st.session_state.get("seed", 0))
    if guess is not None and not guess.skipped:
        right = guess.value == "columns"
        reveal(guess, right, "The columns.")
        st.session_state.setdefault("results", []).append(
            classroom.record("mistakes.axis", state, guess.value, right, checkpoint="cp_axis"))


def test_a_hooked_prediction_is_sent_once_per_answer_and_again_after_predict_again():
    at, code, key = teacher_starts_a_class()
    page = AppTest.from_function(predicting_script, default_timeout=30)
    page.session_state["join"] = code
    page.run()
    page.radio(key="cp_axis_value").set_value("rows")
    page.button(key="cp_axis_check").click().run()
    page.session_state["seed"] = 7  # a setting that only moves the numbers: the reveal stays, nothing is re-sent
    page.run()
    page.run()
    page.button(key="cp_axis_again").click().run()
    page.radio(key="cp_axis_value").set_value("columns")
    page.button(key="cp_axis_check").click().run()
    assert_ran(page)
    rows = classroom_store(at).answer_rows(code, key)
    assert [(r["attempt"], r["answer"], r["right"]) for r in rows] == [(1, "rows", False), (2, "columns", True)]
    assert rows[0]["misconception"] == "asked-mistakes-axis-rows.shows"  # its message: the same in every language


def quiz_script():
    """Check yourself's callback, hooked as it will be: every checked answer is an attempt, typed text never sent."""
    import streamlit as st

    from attn_lessons import questions as qs
    from attn_ui import classroom

    if classroom.current_class() is None:
        classroom.join(st.session_state["join"])
    for raw in st.session_state.pop("typed", []):
        q = qs.make_question("scale_heads", 0)
        status = qs.check(q, raw).status
        if status in (qs.RIGHT, qs.WRONG):  # an unreadable reply is no attempt, as the quiz's own score has it
            classroom.record("quiz.scale_heads", {"seed": q.seed}, raw, status == qs.RIGHT, once=object(),
                             notify=False)


def test_a_quiz_answer_is_sent_as_the_quiz_read_it_with_its_misconception():
    at, code, key = teacher_starts_a_class()
    quiz = AppTest.from_function(quiz_script, default_timeout=30)
    quiz.session_state["join"] = code
    quiz.session_state["typed"] = ["sqrt(512) <script>", "√512", "8.0"]
    quiz.run()
    assert_ran(quiz)
    rows = classroom_store(at).answer_rows(code, key)
    assert [(r["attempt"], r["answer"], r["right"], r["misconception"]) for r in rows] == [
        (1, "22.6274", False, "asked-quiz-scale-heads-sqrt-d-model.shows"), (2, "8", True, "")]


def answer_prediction(at: AppTest, key: str, option) -> AppTest:
    """Pick `option` in the prediction `key` and press Check, as a learner does."""
    at.radio(key=f"{key}_value").set_value(option)
    at.button(key=f"{key}_check").click().run()
    assert_ran(at)
    return at.run()


@pytest.mark.parametrize("page, option", [(named("mistakes"), "rows"), (HOME, "cat")],
                         ids=lambda p: getattr(p, "name", p))
def test_the_pages_send_their_predictions_to_the_class(page, option):
    """A learner in a class answers a page's own prediction: the answer reaches the teacher's rows, once."""
    key, question = page.checkpoint.key, page.checkpoint.id
    at, code, key_ = teacher_starts_a_class()
    learner = run_page(page.path, **{"class": code})
    assert_ran(learner)
    answer_prediction(learner, key, option)
    learner.run()  # a rerun shows the same answer again: it is not sent twice
    rows = [r for r in classroom_store(at).answer_rows(code, key_) if r["question"] == question]
    assert len(rows) == 1 and rows[0]["attempt"] == 1, rows
    assert rows[0]["answer"] in (option, "wrong", "right") or option in rows[0]["answer"]


def test_the_scaling_prediction_and_a_quiz_answer_reach_the_class():
    at, code, key = teacher_starts_a_class()
    learner = run_page(named("scaling").path, **{"class": code})
    learner.slider(key="cp_softmax_value").set_value(0.6)  # moved: an untouched slider is no answer
    learner.button(key="cp_softmax_check").click().run()
    learner.run()
    quiz = run_page(named("questions").path, **{"class": code})
    quiz.text_input(key="answer_weights_shape").set_value("10 x 10")
    quiz.button(key="check_weights_shape").click().run()
    assert_ran(quiz)
    rows = classroom_store(at).answer_rows(code, key)
    by = {r["question"]: r for r in rows}
    assert by["scaling.softmax"]["answer"] == "0.60" and by["scaling.softmax"]["right"] in (0, False)
    assert by["quiz.weights_shape"]["right"] in (1, True), rows


def link_script():
    import streamlit as st

    from attn_ui import notebooks

    st.query_params["class"] = "K7Q2PM"
    st.query_params["text"] = "the cat"
    st.markdown(notebooks.link_here("Masks_and_heads"))


def test_a_notebooks_link_keeps_the_view_but_leaves_the_class_out():
    at = AppTest.from_function(link_script).run()
    link = at.markdown[0].value
    assert "text=the%20cat" in link and "class" not in link, link


# ------------------------------------------------------------------------ the teacher's side: words, key, projector
from attn_lessons import classroom as words  # noqa: E402
from attn_ui.figures import ANSWER_COLOURS, PROJECTOR_FONT, UNREVEALED  # noqa: E402
from tests.lessons.test_classroom import FIELD_NAMES  # noqa: E402

CLASS_TEXT = "the cat sat on the mat"  # the teacher's sentence: the app's default
SETTINGS = {"text": CLASS_TEXT, "seed": 0, "d_model": 8, "heads": 2}


def everything(at: AppTest) -> str:
    """All a reader could see on the page: its texts, its HTML, every label, and the charts."""
    labels = [getattr(el, "label", "") or "" for kind in ("button", "download_button", "expander", "text_input",
                                                          "checkbox", "page_link") for el in at.get(kind)]
    return "\n".join([re.sub(r"\\(.)", r"\1", all_text(at)), *(el.proto.body for el in at.get("html")), *labels,
                      json.dumps(figures(at), ensure_ascii=False)])


def test_the_dashboard_names_each_question_in_the_lessons_words():
    at, code, key = teacher_starts_a_class()
    a, b = Learner(code), Learner(code)
    assert a.answer("same", False, "softmax reads only the order of the scores, not their size",
                    question="builder.double_wq", state={**SETTINGS, "query": 2, "start": "random", "pe": True})
    assert a.answer("sat", True, question="masks.see",
                    state={**SETTINGS, "mask": "padding", "query": 2, "n_tokens": 8, "n_real": 6})
    assert a.answer("scaled", True, question="training.race",
                    state={"d_k": 64, "lr": 0.3, "loss": "ce", "steps": 50, "seed": 0})
    assert b.answer("words", False, "a token gives its own key the most weight",
                    question="home.top_key", state={**SETTINGS, "text": "my own words", "query": 2,
                                                    "start": "random"})
    text = dashboard_text(at)
    assert "· Q/K/V builder" in text and "· Masks and heads" in text and "· Home" in text
    assert ("Asked on the class's sentence, with “sat” as the query, random weights, positions on, d_model 8, "
            "2 heads, seed 0.") in text
    assert "the padding mask, 2 ⟨pad⟩ tokens after the sentence" in text
    assert "Asked with d_k 64, loss: name the position (cross-entropy), learning rate 0.3, 50 training steps" in text
    assert "Asked on a learner's own sentence, with its 3rd token as the query, d_model 8, 2 heads, seed 0." in text
    assert "1 of 1 first answer was wrong. 1 of them suggests: a token gives its own key the most weight." in text
    assert "“wrong”" not in text and "none of the wrong answers" not in text  # no made-up wrong answer
    assert not FIELD_NAMES.search(text), FIELD_NAMES.search(text)


def test_the_teacher_key_is_in_a_closed_fold_after_a_break_never_beside_the_qr_code():
    at, code, key = teacher_starts_a_class()
    (fold,) = [e for e in at.expander if e.label == words.KEY_FOLD]
    assert fold.proto.expanded is False and [c.value for c in fold.code] == [key]
    top = list(at.main.children.values())
    order = [(el.type, getattr(el, "label", None)) for el in top]
    qr_block = next(i for i, el in enumerate(top) if any("data:image/png" in h.proto.body for h in inside(el, "html")))
    divider, key_fold = order.index(("divider", None)), order.index(("expander", words.KEY_FOLD))
    assert qr_block < divider == key_fold - 1, order  # the code, link and QR code; a break; the key, folded
    assert any(f">{code}</div>" in h.proto.body for h in inside(top[qr_block], "html"))
    assert key not in [c.value for el in top[:divider] for c in inside(el, "code")]
    at.button(key="class_key_saved").click().run()
    assert not [e for e in at.expander if e.label == words.KEY_FOLD] and key not in everything(at)


def inside(node, kind: str) -> list:
    """Every element of this kind in an element tree's block, at any depth."""
    found = [node] if node.type == kind else []
    for child in getattr(node, "children", {}).values():
        found += inside(child, kind)
    return found


def test_the_page_never_shows_a_file_path(own_database):
    at, code, key = teacher_starts_a_class()
    (fold,) = [e for e in at.expander if e.label == words.STORAGE_FOLD]
    assert fold.proto.expanded is False  # the storage note in a fold, not on every visit
    (note,) = [el.value for el in fold.markdown if "local file" in el.value]
    assert note == words.LOCAL_FILE and "/" not in note and "classroom.db" not in note
    text = everything(at)
    assert str(own_database) not in text and "classroom.db" not in text and "data/" not in text


def test_a_dashboard_whose_class_was_deleted_elsewhere_says_so_and_hides_the_code():
    at, code, key = teacher_starts_a_class()
    classroom_store(at).delete_class(code, key)  # the teacher, from another browser
    text = dashboard_text(at)
    assert words.DELETED_ELSEWHERE in text and code not in everything(at)
    assert not [el for el in at.get("html") if "data:image/png" in el.proto.body]


def projector_text(at: AppTest) -> str:
    at.run()
    assert_ran(at)
    return everything(at)


def test_the_projector_shows_the_question_the_teacher_leads_with_every_option_and_the_reveal():
    _, other_code, _ = teacher_starts_a_class()  # another teacher's class: never on this projector
    at, code, key = teacher_starts_a_class()
    learners = [Learner(code) for _ in range(3)]
    for learner, answer, right in zip(learners, ("the rows (each query's weights)", "the columns (each key's "
                                                 "weights)", "the rows (each query's weights)"), (False, True, False),
                                      strict=True):
        assert learner.answer(answer, right, None if right else "softmax over the keys")
    at.button(key="class_projector").click().run()
    assert_ran(at)
    assert words.NOT_LEADING in projector_text(at)  # nothing led yet: the picker is open
    at.selectbox(key="class_lead_pick").set_value("mistakes.axis").run()
    at.button(key="class_lead").click().run()
    lead = classroom_store(at).leading(code)
    assert lead is not None and lead.question_id == "mistakes.axis" and not lead.revealed
    text = projector_text(at)
    number = words.number_of("mistakes.axis", words.TEACHERS_LIST)
    assert f"{number}. Common mistakes" in text  # the teacher's list's number, as on the dashboard and the CSV
    assert "With softmax(scores, axis=0), which sums to 1?" in text and "3 of 3 learners here have answered" in text
    (fig,) = figures(at)
    (bars,) = fig["data"]
    offered = ["the rows (each query's weights)", "the columns (each key's weights)", "neither"]
    assert [y.replace("<br>", " ") for y in bars["y"]] == offered and list(bars["x"]) == [2, 1, 0]  # 0 included
    assert set(bars["marker"]["color"]) == {UNREVEALED} and "The right answer" not in text
    assert bars["textfont"]["size"] >= 24 and PROJECTOR_FONT >= 24
    assert f"Join with code {code}" in text  # small, for latecomers
    at.button(key="projector_reveal").click().run()
    assert classroom_store(at).leading(code).revealed  # the learners' reveals read this
    text = projector_text(at)
    assert "The right answer: “the columns (each key's weights)”. 1 of 3 right at the first attempt." in text
    assert QUESTIONS["mistakes.axis"].reason in text and "2 of 3: softmax over the keys" in text
    (bars,) = figures(at)[0]["data"]
    assert list(bars["marker"]["color"])[:2] == [ANSWER_COLOURS[False], ANSWER_COLOURS[True]]
    assert bars["y"][1].startswith("✓ the columns")
    assert key not in text and other_code not in text and "CSV" not in text and not at.get("download_button")
    assert "Teacher key" not in text and not FIELD_NAMES.search(text), FIELD_NAMES.search(text)
    at.button(key="projector_close").click().run()
    assert "Learners joined 3" in dashboard_text(at)
    assert words.leading_text(classroom_store(at).leading(code), words.TEACHERS_LIST).text in dashboard_text(at)


def test_the_summary_and_the_csv_hold_each_questions_text():
    at, code, key = teacher_starts_a_class()
    learner = Learner(code)
    assert learner.answer("the rows (each query's weights)", False, "softmax over the keys")
    at.button(key="class_summary").click().run()
    text = dashboard_text(at) + unescape(" ".join(el.proto.body for el in at.get("html")))
    assert words.SUMMARY_TITLE in text and "With softmax(scores, axis=0), which sums to 1?" in text
    assert "softmax over the keys (1)" in text and "Common mistakes" in text
    at.button(key="summary_close").click().run()
    csv_button = next(b for b in at.get("download_button") if b.proto.label == "Download the answers (CSV)")
    assert csv_button is not None
    from attn_ui import classroom as ui  # the CSV the button serves, built the same way
    rows = classroom_store(at).answer_rows(code, key)
    plain = [words.csv_words(r, words.TEACHERS_LIST, {}) for r in rows]
    out = ui.answers_csv(plain, words.CSV_COLUMNS)
    assert "With softmax(scores, axis=0), which sums to 1?" in out and "{" not in out


# ------------------------------------------------------------------------ class mode across languages (issue 40)
def _chinese_reads(at: AppTest, *allowed: str) -> str:
    """The page's whole screen, read in Chinese: no run of four English words but the class's sentence."""
    from tests.apptest_utils import screen_text
    from tests.prose import english_runs

    text = unescape(re.sub(r"\\(.)", r"\1", screen_text(at)))
    assert not english_runs(text, allowed=(CLASS_TEXT, *allowed)), english_runs(text, allowed=(CLASS_TEXT, *allowed))
    return text


def students_link(at: AppTest, code: str) -> dict[str, str]:
    """What the students' link carries: the class, and the teacher's sentence (a learner's language aside)."""
    return {"class": code, "text": classroom_store(at).get_class(code).settings["text"]}


def test_learners_in_chinese_and_english_are_counted_together_in_the_teachers_language():
    """A learner in zh-CN and another in English answer the same question: the store keeps one answer for both,
    with each learner's language; the teacher's dashboard, in Chinese, counts them together and names the answer
    and its misconception in Chinese; the CSV keeps the stored answer, the answer as each learner saw it and their
    language."""
    from attn_lessons import i18n
    from attn_lessons.asked import shows_words
    from attn_lessons.misconceptions import answer_words

    at, code, key = teacher_starts_a_class(lang="zh-CN")
    axis, link = named("mistakes").checkpoint, students_link(at, code)
    for lang in ("zh-CN", "en"):
        learner = run_page(named("mistakes").path, lang=lang, **link)
        assert_ran(learner)
        answer_prediction(learner, axis.key, "rows")  # the radio's value is its key in every language
        seen = all_text(learner)  # the learner's class line and the answer's notice, in the learner's language
        assert i18n.tr_in(lang, "classroom-class-line", code=code) in seen, lang
        assert i18n.tr_in(lang, "classroom-notice-sent") in seen, lang
    right = run_page(named("mistakes").path, lang="en", **link)
    answer_prediction(right, axis.key, "columns")
    i18n.use("zh-CN")  # the teacher's language, in the test's thread too
    rows = classroom_store(at).answer_rows(code, key)
    assert [(r["answer"], r["misconception"], r["lang"], r["right"]) for r in rows] == [
        ("rows", "asked-mistakes-axis-rows.shows", "zh-CN", False), ("rows", "asked-mistakes-axis-rows.shows", "en",
                                                                     False), ("columns", "", "en", True)]
    (stats,) = classroom_store(at).dashboard(code, key).questions
    assert (stats.answered, stats.right, stats.answers) == (3, 1, {"rows": 2, "columns": 1})  # counted together
    zh = words.worded(stats, SETTINGS)
    rows_zh = answer_words("mistakes.axis", "rows")
    assert rows_zh == i18n.tr_in("zh-CN", "mistakes-sum-rows") and zh.answers[rows_zh] == 2
    said = words.wrong_said(stats.question, stats.state, stats.answered, stats.right, zh.wrong)
    assert said.top[0].answers == (rows_zh,) and said.count == 2  # one group of two, from both languages
    assert said.top[0].shows == shows_words("asked-mistakes-axis-rows.shows") == i18n.tr_in(
        "zh-CN", "asked-mistakes-axis-rows.shows")
    text = _chinese_reads(at.run())
    assert said.text in text and words.first_attempt_text(3, 1, 3).text in text
    assert words.question_title("mistakes.axis") == i18n.tr_in("zh-CN", "asked-mistakes-axis") in text
    # the CSV: the answer as stored, as each learner saw it (their language's label) and their language
    csv = [words.csv_words(r, words.TEACHERS_LIST, SETTINGS) for r in rows]
    assert [(c["answer"], c["answer_seen"], c["lang"]) for c in csv] == [
        ("rows", rows_zh, "zh-CN"), ("rows", i18n.tr_in("en", "mistakes-sum-rows"), "en"),
        ("columns", i18n.tr_in("en", "mistakes-sum-columns"), "en")]
    assert csv[0]["misconception"] == csv[1]["misconception"] == said.top[0].shows  # in the teacher's language
    from attn_ui import classroom as ui

    out = ui.answers_csv([{"time_utc": "t", **c} for c in csv], words.CSV_COLUMNS)
    assert out.splitlines()[0].split(",") == list(words.CSV_COLUMNS)
    assert {"answer", "answer_seen", "lang"} <= set(words.CSV_COLUMNS)


def test_an_old_classs_english_answers_read_as_they_were_in_a_chinese_dashboard():
    """An answer recorded before the answers were stored the same in every language (the option's English words,
    the misconception's English noun phrase) is still counted with the new ones: the option's words read as its
    key, and a misconception that is no message id reads as it was written."""
    from attn_lessons import i18n
    from attn_lessons.misconceptions import answer_words, option_key

    i18n.use("zh-CN")
    assert option_key("mistakes.axis", "the rows (each query's weights)") == "rows"
    assert answer_words("mistakes.axis", "the rows (each query's weights)") == i18n.tr_in("zh-CN", "mistakes-sum-rows")
    assert answer_words("home.top_key", "sat") == "sat"  # a token is the same in every language
    # a token of a learner's own sentence, kept only as right or wrong, in the teacher's words
    assert answer_words("home.top_key", "wrong", {"sentence": "own"}) == i18n.tr_in("zh-CN", "asked-own-wrong")
    from attn_lessons.asked import shows_words

    assert shows_words("softmax over the keys") == "softmax over the keys"  # an old class's own words


def test_the_teachers_page_projector_and_summary_read_in_chinese():
    """?lang=zh-CN: the teachers' page, the projector with the answer revealed and the summary show no run of four
    English words but the class's sentence."""
    at, code, key = teacher_starts_a_class(lang="zh-CN")
    _chinese_reads(at)  # the class just started: the key, the link's note, the QR code
    link = next(c.value for c in at.code if "class=" in c.value)
    assert "lang" not in parse_qs(urlsplit(link).query) and "lang" not in classroom_store(at).get_class(code).settings
    # the teacher's language stays the teacher's: each learner reads the class in their own
    for lang, option in (("zh-CN", "rows"), ("en", "neither"), ("en", "columns")):
        learner = run_page(named("mistakes").path, lang=lang, **students_link(at, code))
        answer_prediction(learner, named("mistakes").checkpoint.key, option)
    from attn_lessons import i18n

    i18n.use("zh-CN")
    at.button(key="class_key_saved").click().run()
    _chinese_reads(at.run())  # the dashboard with three answers
    at.selectbox(key="class_lead_pick").set_value("mistakes.axis")
    at.button(key="class_lead").click().run()
    at.button(key="class_projector").click().run()
    assert_ran(at)
    text = _chinese_reads(at)
    assert words.present_text(3, 3).text in text  # both languages' learners, counted together
    at.button(key="projector_reveal").click().run()
    text = _chinese_reads(at)
    assert words.reason("mistakes.axis", {}) in text and words.reason("mistakes.axis", {}) == i18n.tr_in(
        "zh-CN", "asked-mistakes-axis.reason")
    at.button(key="projector_close").click().run()
    at.button(key="class_summary").click().run()
    assert_ran(at)
    text = _chinese_reads(at)
    assert words.SUMMARY_TITLE == "班级总结" and words.SUMMARY_TITLE in text
