"""Class mode, the teachers' page: start a class, put its code on the projector, watch the answers arrive."""

from __future__ import annotations

import html
from datetime import datetime, timezone

import streamlit as st

from attn_lessons import classroom as words
from attn_lessons.format import md_text
from attn_ui import classroom
from attn_ui.classroom_store import normalise_code, valid_key
from attn_ui.figures import answers_figure, projector_figure
from attn_ui.pages import HOME
from attn_ui.state import links, setup_page

CODE, KEY, UNSEEN, MESSAGE = "_teacher_code", "_teacher_key", "_teacher_key_unseen", "_teacher_message"
GONE = "_teacher_gone"  # the class was deleted from another browser
PROJECTOR, SHOWN, REVEALED = "_projector", "_projector_shown", "_projector_revealed"
# The projector view: large type for the back of a room at 1280 × 720, and nothing but the question on screen (the
# sidebar, with the sentence and the links, is hidden; the view's own button brings the dashboard back)
PROJECTOR_STYLE = ("<style>section[data-testid='stSidebar'], [data-testid='stSidebarCollapsedControl'], "
                   "[data-testid='stExpandSidebarButton'] {display: none} "
                   "[data-testid='stMainBlockContainer'] {padding-top: 1.5rem; padding-bottom: 1rem} "
                   ".st-key-projector_page p {font-size: 1.4rem; margin: 0} "
                   ".st-key-projector_question p {font-size: 2.1rem; line-height: 1.25; font-weight: 600; "
                   "max-width: none} "
                   ".st-key-projector_state p {font-size: 1.3rem; max-width: none} "
                   ".st-key-projector_hidden p {font-size: 1.4rem; max-width: none} "
                   ".st-key-projector_count p {font-size: 2.1rem; font-weight: 700; margin: 0} "
                   ".st-key-projector_answer p {font-size: 1.9rem; font-weight: 600; max-width: none}</style>")
REFRESH_SECONDS = 5
WRITE_TIMEOUT = 3.0  # a teacher's click may wait for the database a little longer than a learner's answer


def main():
    shared = setup_page(__file__)
    ss = st.session_state
    if ss.get(PROJECTOR) and ss.get(KEY):
        projector(ss[CODE], ss[KEY])  # one question at a time, large; nothing else on the screen
        return
    ss.pop(PROJECTOR, None)
    st.title("Class mode")
    st.markdown(words.INTRO)
    storage_note()
    if ss.pop("_teacher_deleted", None):
        st.success(words.DELETED, icon=":material/delete:")
    if ss.pop(GONE, None):
        st.warning(words.DELETED_ELSEWHERE, icon=":material/delete:")
    start_class(shared)  # one button: a code, the students' link and its QR code: one block for the projector
    teacher_key()  # the key, shown once: below a break, in a fold the teacher opens, never beside the QR code
    reopen()  # the key in a password box opens the dashboard again
    if st.session_state.get(KEY):
        controls()  # pause, resume, delete, close
        live_dashboard(st.session_state[CODE], st.session_state[KEY])
    join_box(shared)  # a learner may type a class code here


def storage_note() -> None:
    """Say that the classes live in a local file that a cloud restart loses, and how to use PostgreSQL instead;
    never the file's path (everyone who opens this page reads it)."""
    if classroom.local_file() is not None:
        st.info(words.LOCAL_FILE, icon=":material/storage:")


def _create(settings: dict) -> None:
    status, result = classroom.bounded_call(classroom.store().create_class, settings, timeout=WRITE_TIMEOUT)
    ss = st.session_state
    if status != "ok":
        ss[MESSAGE] = words.UNREACHABLE
        return
    ss[CODE], ss[KEY], ss[UNSEEN], ss[MESSAGE] = result[0], result[1], True, None


def start_class(shared) -> None:
    """The button that makes a class; then the code in large type, the link and its QR code, one block that fits
    a projected 1280 × 720 screen."""
    st.header("Start a class")
    st.button("Start a class", key="class_create", type="primary", icon=":material/add:",
              on_click=_create, args=(shared.query_params(),),
              help=words.CREATE_HELP)
    ss = st.session_state
    if ss.get(MESSAGE):
        st.error(ss[MESSAGE], icon=":material/error:")
    if not (ss.get(CODE) and ss.get(KEY)):
        return
    code = ss[CODE]
    link = classroom.students_link(classroom.app_url(), code, shared.query_params())
    left, right = st.columns([3, 2])
    with left:
        st.markdown("Join code")
        st.html(f"<div data-testid='class-code' style='font-size: 4.5rem; font-weight: 700; letter-spacing: "
                f"0.3rem; font-family: monospace'>{html.escape(code)}</div>")
        st.markdown(words.LINK_NOTE)
        st.code(link, language=None, wrap_lines=True)
    img = classroom.qr_img(link, words.qr_label(code))
    if img is None:
        right.warning(words.QR_TOO_LONG, icon=":material/qr_code:")
    else:
        right.html(img)
        right.caption(f"Scan to join class {code}")
        right.download_button("Download the QR code (PNG)", classroom.qr_png(link), file_name=f"class_{code}_qr.png",
                              mime="image/png", key="class_qr_png", icon=":material/qr_code:", on_click="ignore")


def teacher_key() -> None:
    """The teacher key, once, apart from the code and QR code: after a divider, in a fold closed until opened."""
    ss = st.session_state
    if not (ss.get(CODE) and ss.get(KEY) and ss.get(UNSEEN)):
        return
    st.divider()
    with st.expander(words.KEY_FOLD, icon=":material/key:", expanded=False):
        st.warning(words.KEY_WARNING, icon=":material/key:")
        st.code(ss[KEY], language=None)
        st.button("I have saved the key", key="class_key_saved", on_click=ss.pop, args=(UNSEEN, None))


def _open(code_raw: str, key_raw: str) -> None:
    ss = st.session_state
    code = normalise_code(code_raw)
    if code is None or not valid_key(key_raw):  # the format first: nothing malformed reaches the database
        ss["_teacher_refused"] = words.REFUSED if code is None else words.KEY_FORMAT
        return
    status, ok = classroom.bounded_call(classroom.store().check_key, code, key_raw, timeout=WRITE_TIMEOUT)
    if status != "ok":
        ss["_teacher_refused"] = words.UNREACHABLE
    elif not ok:
        ss["_teacher_refused"] = words.REFUSED
    else:
        ss[CODE], ss[KEY], ss[UNSEEN], ss["_teacher_refused"] = code, key_raw, False, None


def reopen() -> None:
    """A class code and the teacher key in a password box open the dashboard in this session."""
    st.header("Open a class's dashboard")
    with st.form("class_open", border=False):
        c1, c2 = st.columns([1, 2])
        code = c1.text_input("Class code", key="open_code", max_chars=20)
        key = c2.text_input("Teacher key", key="open_key", type="password", max_chars=64)
        submitted = st.form_submit_button("Open the dashboard", icon=":material/lock_open:")
    if submitted:
        _open(code or "", key or "")
    if st.session_state.get("_teacher_refused"):
        st.error(st.session_state["_teacher_refused"], icon=":material/lock:")


def _act(action: str) -> None:
    ss = st.session_state
    s, code, key = classroom.store(), ss.get(CODE), ss.get(KEY)
    calls = {"pause": (s.set_paused, True), "resume": (s.set_paused, False), "delete": (s.delete_class,)}
    fn, *extra = calls[action]
    status, _ = classroom.bounded_call(fn, code, key, *extra, timeout=WRITE_TIMEOUT)
    if status != "ok":
        ss[MESSAGE] = words.REFUSED if status == "refused" else words.UNREACHABLE
    elif action == "delete":
        for k in (CODE, KEY, UNSEEN):
            ss.pop(k, None)
        ss[MESSAGE], ss["_teacher_deleted"] = None, True
    else:
        ss[MESSAGE] = None


def _close() -> None:
    for k in (CODE, KEY, UNSEEN, PROJECTOR, SHOWN, REVEALED):
        st.session_state.pop(k, None)


def _gone() -> None:
    """The class was deleted elsewhere: forget it, and say so on the next full run, where the code and QR go."""
    _close()
    st.session_state[GONE] = True
    st.rerun(scope="app")


def _deleted_elsewhere(code: str) -> bool:
    status, _ = classroom.bounded_call(classroom.store().get_class, code, timeout=WRITE_TIMEOUT)
    return status == "not_found"


def controls() -> None:
    """Pause, resume, delete (after a confirmation) and close this session's dashboard."""
    st.header(f"Class {st.session_state[CODE]}")
    st.button("Show one question on the projector", key="class_projector", type="primary",
              icon=":material/present_to_all:", on_click=st.session_state.__setitem__, args=(PROJECTOR, True),
              help=words.PROJECTOR_HELP)
    c1, c2, c3, c4 = st.columns(4)
    c1.button("Pause the class", key="class_pause", on_click=_act, args=("pause",), icon=":material/pause:")
    c2.button("Resume the class", key="class_resume", on_click=_act, args=("resume",), icon=":material/play_arrow:")
    sure = c3.checkbox("Yes, delete it", key="class_delete_sure")
    c3.button("Delete the class", key="class_delete", on_click=_act, args=("delete",), disabled=not sure,
              icon=":material/delete:", help=words.DELETE_HELP)
    c4.button("Close the dashboard", key="class_close", on_click=_close, icon=":material/close:",
              help=words.CLOSE_HELP)


@st.fragment(run_every=REFRESH_SECONDS)
def live_dashboard(code: str, key: str) -> None:
    """The class's figures, read again every few seconds while this dashboard is open."""
    status, dash = classroom.bounded_call(classroom.store().dashboard, code, key, timeout=WRITE_TIMEOUT)
    if status == "refused" and _deleted_elsewhere(code):
        _gone()
    if status == "refused":
        st.error(words.REFUSED, icon=":material/lock:")
        return
    if status != "ok":
        st.warning(words.UNREACHABLE, icon=":material/cloud_off:")
        return
    if dash.info.paused:
        st.warning(words.PAUSED_NOTE, icon=":material/pause_circle:")
    c1, c2 = st.columns(2)
    c1.metric("Learners joined", dash.joined)
    c2.metric(words.ACTIVE_LABEL, dash.active)
    st.caption(words.learners_text(dash.joined, dash.active))
    if not dash.questions:
        st.info(words.NO_ANSWERS, icon=":material/hourglass_empty:")
    else:
        st.subheader(words.ATTENTION_FIRST)
    for n, stats in enumerate(words.attention_order(dash.questions), 1):
        question_block(n, stats, dash.info.settings)
    csv_download(code, key)


def question_block(n: int, s, settings: dict) -> None:
    """One question in one state, named as the learners saw it: how many answered, the share right first time, the
    answers, the top wrong one."""
    with st.container(border=True, key=f"class_question_{n}"):
        st.markdown(f"**{n}. {md_text(words.question_title(s.question))}** · {md_text(words.page_name(s.page))}")
        st.caption(md_text(words.state_text(s.state, settings, s.question)))
        c1, c2 = st.columns(2)
        c1.metric("Answered", s.answered)
        c2.metric("Right at the first attempt", words.percent(s.right, s.answered))
        st.markdown(md_text(words.first_attempt_text(s.answered, s.right, s.attempts)))
        st.plotly_chart(answers_figure(words.answer_bars(s.answers, s.wrong), words.ANSWERS_TITLE,
                                       words.LEARNERS_AXIS), key=f"class_answers_{n}", config={"displayModeBar": False})
        st.markdown(md_text(words.wrong_text(s.question, s.state, s.answered, s.right, s.wrong)))


def csv_download(code: str, key: str) -> None:
    """Every answer of the class as CSV, learners numbered, formulas defused."""
    status, rows = classroom.bounded_call(classroom.store().answer_rows, code, key, timeout=WRITE_TIMEOUT)
    if status != "ok":
        return
    for r in rows:
        r["time_utc"] = datetime.fromtimestamp(r.pop("time"), timezone.utc).isoformat(timespec="seconds")
    st.download_button("Download the answers (CSV)", classroom.answers_csv(rows, words.CSV_COLUMNS),
                       file_name=f"class_{code}.csv", mime="text/csv", key="class_csv",
                       icon=":material/download:", on_click="ignore")


# ------------------------------------------------------------------------ the projector view


def _show(question: str) -> None:
    st.session_state[SHOWN] = question


def _reveal(question: str, shown: bool) -> None:
    revealed = st.session_state.setdefault(REVEALED, set())
    (revealed.add if shown else revealed.discard)(question)


def projector(code: str, key: str) -> None:
    """One question at a time, large, for the screen at the front of the room: no key, no CSV, no other class."""
    st.html(PROJECTOR_STYLE)
    projector_question(code, key)


@st.fragment(run_every=REFRESH_SECONDS)
def projector_question(code: str, key: str) -> None:
    """The question shown, its count of answers and its chart, read again every few seconds; the right answer once
    revealed; the previous and next question. The questions keep the lesson's order as answers arrive."""
    ss = st.session_state
    if not ss.get(PROJECTOR):  # "Back to the dashboard", pressed in this fragment: the whole page again
        st.rerun(scope="app")
    status, dash = classroom.bounded_call(classroom.store().dashboard, code, key, timeout=WRITE_TIMEOUT)
    if status == "refused" and _deleted_elsewhere(code):
        _gone()
    close, back, forward, reveal = st.columns(4, vertical_alignment="center")
    close.button("Back to the dashboard", key="projector_close", icon=":material/close:", width="stretch",
                 on_click=ss.pop, args=(PROJECTOR, None))
    if status != "ok":
        st.warning(words.REFUSED if status == "refused" else words.UNREACHABLE, icon=":material/cloud_off:")
        return
    order = words.projector_order(dash.questions)
    if not order:
        with st.container(key="projector_count"):
            st.markdown(f"Class {code}")
        st.info(words.NO_ANSWERS, icon=":material/hourglass_empty:")
        return
    keys = [words.stats_key(s) for s in order]
    i = keys.index(ss[SHOWN]) if ss.get(SHOWN) in keys else 0
    ss[SHOWN], s, settings = keys[i], order[i], dash.info.settings
    revealed = keys[i] in ss.get(REVEALED, set())
    back.button("Previous question", key="projector_previous", icon=":material/arrow_back_ios:",
                disabled=i == 0, on_click=_show, args=(keys[max(i - 1, 0)],), width="stretch")
    forward.button("Next question", key="projector_next", icon=":material/arrow_forward_ios:",
                   disabled=i == len(order) - 1, on_click=_show, args=(keys[min(i + 1, len(order) - 1)],),
                   width="stretch")
    reveal.button("Hide the answer" if revealed else "Reveal the answer", key="projector_reveal",
                  type="secondary" if revealed else "primary", icon=":material/visibility:",
                  on_click=_reveal, args=(keys[i], not revealed), width="stretch")
    with st.container(key="projector_page"):
        st.markdown(md_text(f"{words.page_name(s.page)} · {words.projector_position(i, len(order), code)}"))
    with st.container(key="projector_question"):
        st.markdown(words.asked_as(s.question, s.state, settings))
        latex = words.asked_latex(s.question, s.state)
        if latex:
            st.latex(latex)
    with st.container(key="projector_state"):
        st.markdown(md_text(words.state_text(s.state, settings, s.question)))
    with st.container(key="projector_count"):
        st.markdown(words.answered_text(s.answered, dash.joined))
    if revealed:  # above the chart, where the room is already looking
        with st.container(key="projector_answer", border=True):
            st.markdown(md_text(words.right_answer_text(s.question, s.state, s.answers, s.wrong, s.answered,
                                                        s.right, settings)))
    bars = words.projector_bars(s.question, s.state, s.answers, s.wrong, revealed)
    if bars:
        st.plotly_chart(projector_figure(bars, words.LEARNERS_AXIS), key="projector_chart", width="stretch",
                        config={"displayModeBar": False, "staticPlot": True})
    else:
        with st.container(key="projector_hidden"):
            st.info(words.OWN_HIDDEN, icon=":material/visibility_off:")


def join_box(shared) -> None:
    """Typing a class code here joins it, as opening the students' link does."""
    st.header("Join a class")
    code = classroom.current_class()
    if code:
        st.success(words.class_line(code), icon=":material/groups:")
        st.page_link(HOME.path, label="Start the lesson on Home", icon=":material/arrow_forward:",
                     query_params=links(shared))
        return
    with st.form("class_join", border=False):
        raw = st.text_input("Class code", key="join_code", max_chars=20, placeholder="K7Q2PM")
        go_ = st.form_submit_button("Join", icon=":material/login:")
    if go_:
        message = classroom.join(raw or "")
        if message:
            st.error(message, icon=":material/error:")
        else:
            st.rerun()


main()
