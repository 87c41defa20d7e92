"""Class mode, the teachers' page: start a class, put its code on the projector, watch the answers arrive."""

from __future__ import annotations

import html
from datetime import datetime, timezone

import streamlit as st

from attn_lessons import classroom as words
from attn_lessons.i18n import tr
from attn_lessons.format import md_text
from attn_ui import classroom
from attn_ui.classroom_store import normalise_code, valid_key
from attn_ui.figures import answers_figure, projector_figure
from attn_ui.pages import HOME
from attn_ui.serving import one_at_a_time
from attn_ui.state import links, setup_page

CODE, KEY, UNSEEN, MESSAGE = "_teacher_code", "_teacher_key", "_teacher_key_unseen", "_teacher_message"
GONE = "_teacher_gone"  # the class was deleted from another browser
PROJECTOR, SUMMARY = "_projector", "_summary"
# The projector view: large type for the back of a room at 1280 × 720, and nothing but the question on screen (the
# sidebar, with the sentence and the links, is hidden, and the header, whose toolbar would lie over the view's top
# buttons; the view's own button brings the dashboard back). On a phone the chart's words shrink to fit its width.
PROJECTOR_STYLE = ("<style>section[data-testid='stSidebar'], [data-testid='stSidebarCollapsedControl'], "
                   "[data-testid='stExpandSidebarButton'], header[data-testid='stHeader'] {display: none} "
                   "[data-testid='stMainBlockContainer'] {padding-top: 1.5rem; padding-bottom: 1rem} "
                   ".st-key-projector_page p {font-size: 1.4rem; margin: 0} "
                   ".st-key-projector_question p {font-size: 2.1rem; line-height: 1.25; font-weight: 600; "
                   "max-width: none} "
                   ".st-key-projector_state p {font-size: 1.3rem; max-width: none} "
                   ".st-key-projector_hidden p {font-size: 1.4rem; max-width: none} "
                   ".st-key-projector_count p {font-size: 2.1rem; font-weight: 700; margin: 0} "
                   ".st-key-projector_answer p {font-size: 1.9rem; font-weight: 600; max-width: none} "
                   ".st-key-projector_reason p {font-size: 1.5rem; font-weight: 400} "
                   ".st-key-projector_answer li, .st-key-projector_answer li p {font-size: 1.4rem; font-weight: 400} "
                   "@media (max-width: 640px) {.st-key-projector_chart .js-plotly-plot text "
                   "{font-size: 15px !important}}</style>")
# The summary: plain tables, small type, no sidebar or toolbar, so a class of 30 and 10 questions prints on two A4 pages
SUMMARY_STYLE = ("<style>section[data-testid='stSidebar'], [data-testid='stSidebarCollapsedControl'], "
                 "[data-testid='stExpandSidebarButton'] {display: none} "
                 "table.class-summary {border-collapse: collapse; width: 100%; font-size: 0.85rem; "
                 "margin-bottom: 1rem} table.class-summary th, table.class-summary td {border: 1px solid #888; "
                 "padding: 0.2rem 0.4rem; text-align: left; vertical-align: top} "
                 "@media print {header, .st-key-summary_close {display: none} "
                 "[data-testid='stMainBlockContainer'] {padding: 0; max-width: none} "
                 "table.class-summary tr {break-inside: avoid}}</style>")
REFRESH_SECONDS = 5
WRITE_TIMEOUT = 3.0  # a teacher's click may wait for the database a little longer than a learner's answer


@one_at_a_time
def main():
    shared = setup_page(__file__)
    ss = st.session_state
    if ss.get(PROJECTOR) and ss.get(KEY):
        projector(ss[CODE], ss[KEY])  # the question in front of the class, large; nothing else on the screen
        return
    ss.pop(PROJECTOR, None)
    if ss.get(SUMMARY) and ss.get(KEY):
        summary_view(ss[CODE], ss[KEY])  # the class summary, to print
        return
    ss.pop(SUMMARY, None)
    st.title(tr("classroom-title"))
    st.markdown(words.INTRO)
    if ss.pop("_teacher_deleted", None):
        st.success(words.DELETED, icon=":material/delete:")
    if ss.pop(GONE, None):
        st.warning(words.DELETED_ELSEWHERE, icon=":material/delete:")
    start_or_reopen(shared)  # one button for a new class, or the code and key of one already started
    if ss.get(KEY):
        join_block(shared)  # the code, the class's own link and its QR code: one block for the projector
        teacher_key()  # the key, shown once: below a break, in a fold the teacher opens, never beside the QR code
        controls()  # the projector, the summary, pause or resume, close
        lead(ss[CODE], ss[KEY])  # pick a question from the list, put it in front of the class, reveal
        live_dashboard(ss[CODE], ss[KEY])
        delete_fold(ss[CODE], ss[KEY])  # the CSV first, then a confirmation
    join_box(shared)  # a learner may type a class code here
    storage_note()


def storage_note() -> None:
    """Say that the classes live in a local file that a cloud restart loses, and how to use PostgreSQL instead;
    never the file's path (everyone who opens this page reads it)."""
    if classroom.local_file() is not None:
        with st.expander(words.STORAGE_FOLD, icon=":material/storage:"):
            st.markdown(words.LOCAL_FILE)


def _create(settings: dict) -> None:
    status, result = classroom.bounded_call(classroom.store().create_class, settings, timeout=WRITE_TIMEOUT)
    ss = st.session_state
    if status != "ok":
        ss[MESSAGE] = "UNREACHABLE"  # a fixed text's name, worded when shown (the language may change meanwhile)
        return
    ss[CODE], ss[KEY], ss[UNSEEN], ss[MESSAGE] = result[0], result[1], True, None
    # the teacher's list numbers the questions everywhere; a class without one reads TEACHERS_LIST anyway
    classroom.bounded_call(classroom.store().set_questions, result[0], result[1], list(words.TEACHERS_LIST),
                           timeout=WRITE_TIMEOUT)


def start_or_reopen(shared) -> None:
    """Start a new class, or open the dashboard of one started before with its code and key, side by side."""
    ss = st.session_state
    left, right = st.columns(2)
    with left:
        st.header(words.START_TITLE)
        st.button(tr("classroom-start-title"), key="class_create", type="primary", icon=":material/add:",
                  on_click=_create, args=(classroom.class_settings(shared.query_params()),), help=words.CREATE_HELP)
    with right:
        reopen()
    if ss.get(MESSAGE):
        st.error(getattr(words, ss[MESSAGE]), icon=":material/error:")


def join_block(shared) -> None:
    """The code in large type, the class's own link and its QR code: one block that fits a projected 1280 × 720."""
    ss = st.session_state
    code = ss[CODE]
    link = classroom.students_link(classroom.app_url(), code, shared.query_params())
    left, right = st.columns([3, 2])
    with left:
        st.markdown(tr("classroom-join-code"))
        st.html(f"<div data-testid='class-code' style='font-size: 4.5rem; font-weight: 700; letter-spacing: "
                f"0.3rem; font-family: monospace'>{html.escape(code)}</div>")
        st.markdown(words.LINK_NOTE)
        st.code(link, language=None, wrap_lines=True)
    img = classroom.qr_img(link, words.qr_label(code))
    if img is None:
        right.warning(words.QR_TOO_LONG, icon=":material/qr_code:")
    else:
        right.html(img)
        right.caption(tr("classroom-scan", code=code))
        right.download_button(tr("classroom-qr-download"), classroom.qr_png(link), file_name=f"class_{code}_qr.png",
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
        st.button(tr("classroom-key-saved"), key="class_key_saved", on_click=ss.pop, args=(UNSEEN, None))


def _open() -> None:
    """The reopen form's button: before the page runs, so the join block shows at once."""
    ss = st.session_state
    code_raw, key_raw = ss.get("open_code") or "", ss.get("open_key") or ""
    code = normalise_code(code_raw)
    if code is None or not valid_key(key_raw):  # the format first: nothing malformed reaches the database
        ss["_teacher_refused"] = "REFUSED" if code is None else "KEY_FORMAT"
        return
    status, ok = classroom.bounded_call(classroom.store().check_key, code, key_raw, timeout=WRITE_TIMEOUT)
    if status != "ok":
        ss["_teacher_refused"] = "UNREACHABLE"
    elif not ok:
        ss["_teacher_refused"] = "REFUSED"
    else:
        ss[CODE], ss[KEY], ss[UNSEEN], ss["_teacher_refused"] = code, key_raw, False, None


def reopen() -> None:
    """A class code and the teacher key in a password box open the dashboard in this session."""
    st.header(words.REOPEN_TITLE)
    with st.form("class_open", border=False):
        c1, c2 = st.columns([1, 2])
        c1.text_input(tr("classroom-code-input"), key="open_code", max_chars=20)
        c2.text_input(tr("classroom-key-input"), key="open_key", type="password", max_chars=64)
        st.form_submit_button(tr("classroom-open-button"), icon=":material/lock_open:", on_click=_open)
    if st.session_state.get("_teacher_refused"):
        st.error(getattr(words, st.session_state["_teacher_refused"]), icon=":material/lock:")


def _act(action: str) -> None:
    ss = st.session_state
    s, code, key = classroom.store(), ss.get(CODE), ss.get(KEY)
    calls = {"pause": (s.set_paused, True), "resume": (s.set_paused, False), "delete": (s.delete_class,)}
    fn, *extra = calls[action]
    status, _ = classroom.bounded_call(fn, code, key, *extra, timeout=WRITE_TIMEOUT)
    if status != "ok":
        ss[MESSAGE] = "REFUSED" if status == "refused" else "UNREACHABLE"
    elif action == "delete":
        for k in (CODE, KEY, UNSEEN):
            ss.pop(k, None)
        ss[MESSAGE], ss["_teacher_deleted"] = None, True
    else:
        ss[MESSAGE] = None


def _close() -> None:
    for k in (CODE, KEY, UNSEEN, PROJECTOR, SUMMARY):
        st.session_state.pop(k, None)


def _gone() -> None:
    """The class was deleted elsewhere: forget it, and say so on the next full run, where the code and QR go."""
    _close()
    st.session_state[GONE] = True
    st.rerun(scope="app")


def _deleted_elsewhere(code: str) -> bool:
    status, _ = classroom.bounded_call(classroom.store().get_class, code, timeout=WRITE_TIMEOUT)
    return status == "not_found"


def _paused_now(code: str) -> bool | None:
    status, info = classroom.bounded_call(classroom.store().get_class, code, timeout=WRITE_TIMEOUT)
    return info.paused if status == "ok" else None


def controls() -> None:
    """The projector, the summary, one Pause/Resume control that shows the state, and close this dashboard."""
    ss = st.session_state
    st.header(tr("classroom-class-header", code=ss[CODE]))
    paused = _paused_now(ss[CODE])
    if paused is not None:
        (st.warning if paused else st.success)(words.PAUSED_STATE if paused else words.OPEN_STATE,
                                               icon=":material/pause_circle:" if paused else ":material/play_circle:")
    c1, c2, c3, c4 = st.columns(4)
    c1.button(tr("classroom-projector-button"), key="class_projector", type="primary", icon=":material/present_to_all:",
              on_click=ss.__setitem__, args=(PROJECTOR, True), help=words.PROJECTOR_HELP, width="stretch")
    c2.button(words.SUMMARY_BUTTON, key="class_summary", icon=":material/summarize:", help=words.SUMMARY_HELP,
              on_click=ss.__setitem__, args=(SUMMARY, True), width="stretch")
    c3.button(words.RESUME_BUTTON if paused else words.PAUSE_BUTTON, key="class_pause", width="stretch",
              on_click=_act, args=("resume" if paused else "pause",), disabled=paused is None,
              icon=":material/play_arrow:" if paused else ":material/pause:")
    c4.button(tr("classroom-close-button"), key="class_close", on_click=_close, icon=":material/close:",
              help=words.CLOSE_HELP, width="stretch")


def delete_fold(code: str, key: str) -> None:
    """Delete, in a fold: the answers' CSV first, then a confirmation, then the button."""
    with st.expander(words.DELETE_FOLD, icon=":material/delete:"):
        st.markdown(words.DELETE_FIRST)
        csv_download(code, key, where="class_delete_csv")
        sure = st.checkbox(words.DELETE_SURE, key="class_delete_sure")
        st.button(tr("classroom-delete-button"), key="class_delete", on_click=_act, args=("delete",), disabled=not sure,
                  icon=":material/delete:", help=words.DELETE_HELP)


# ------------------------------------------------------------------------ leading the class


def _lead(code: str, key: str, settings: dict) -> None:
    ss = st.session_state
    qid = ss.get("class_lead_pick")
    state = words.lead_state(qid, settings, int(ss.get("class_lead_seed") or 0))
    status, _ = classroom.bounded_call(classroom.store().lead, code, key, qid, state, timeout=WRITE_TIMEOUT)
    ss[MESSAGE] = None if status == "ok" else "UNREACHABLE"


def _stop(code: str, key: str) -> None:
    classroom.bounded_call(classroom.store().lead, code, key, None, {}, timeout=WRITE_TIMEOUT)


def _reveal(code: str, key: str, revealed: bool) -> None:
    classroom.bounded_call(classroom.store().reveal, code, key, revealed, timeout=WRITE_TIMEOUT)


def _leading(code: str):
    status, lead = classroom.bounded_call(classroom.store().leading, code, timeout=WRITE_TIMEOUT)
    return lead if status == "ok" else None


def lead_picker(code: str, key: str, info, now, reveal: bool = True) -> None:
    """Pick a question from the teacher's list (numbered as everywhere) and put it in front of the class; reveal
    its answer (`reveal`: the projector has its own button for that, at the top); stop."""
    questions = list(info.questions or words.TEACHERS_LIST)
    c1, c2 = st.columns([3, 1], vertical_alignment="bottom")
    askable = [q for q in questions if q in words.QUESTIONS]  # numbered in the whole list, as everywhere
    qid = c1.selectbox(words.LEAD_PICK, askable, key="class_lead_pick",
                       format_func=lambda q: words.numbered_title(q, questions))
    if qid and qid.startswith("quiz."):
        c2.number_input(words.LEAD_SEED, min_value=0, max_value=9999, step=1, key="class_lead_seed")
    b1, b2, b3 = st.columns(3) if reveal else (*st.columns(2), None)
    b1.button(words.LEAD_BUTTON, key="class_lead", type="primary", icon=":material/campaign:", width="stretch",
              on_click=_lead, args=(code, key, info.settings), help=words.LEAD_HELP, disabled=qid is None)
    if reveal:
        b2.button(words.HIDE_BUTTON if now and now.revealed else words.REVEAL_BUTTON, key="class_reveal",
                  disabled=now is None, on_click=_reveal, args=(code, key, not (now and now.revealed)),
                  icon=":material/visibility:", width="stretch")
    (b3 or b2).button(words.LEAD_STOP, key="class_lead_stop", disabled=now is None, on_click=_stop,
                      args=(code, key), icon=":material/stop_circle:", width="stretch")


def lead(code: str, key: str) -> None:
    """The teacher leads: what is in front of the class now, and the picker."""
    status, info = classroom.bounded_call(classroom.store().get_class, code, timeout=WRITE_TIMEOUT)
    if status != "ok":
        return
    st.subheader(words.LEAD_TITLE)
    now = _leading(code)
    st.markdown(md_text(words.leading_text(now, list(info.questions or words.TEACHERS_LIST)).text))
    lead_picker(code, key, info, now)


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
    c1, c2, c3 = st.columns(3)
    c1.metric(tr("classroom-metric-joined"), dash.joined)
    c2.metric(words.active_label(), dash.active)
    c3.metric(tr("classroom-metric-answered-once"), dash.answered)
    st.caption(words.learners_text(dash.joined, dash.active).text)
    if not dash.questions:
        st.info(words.NO_ANSWERS, icon=":material/hourglass_empty:")
    questions = list(dash.info.questions or words.TEACHERS_LIST)
    for i, (n, stats) in enumerate(words.in_list_order(dash.questions, questions)):
        question_block(i, n, words.worded(stats, dash.info.settings), dash.info.settings)


def question_block(i: int, n: int | None, s, settings: dict) -> None:
    """One question in one state, numbered by the teacher's list and named as the learners saw it: how many
    answered, the share right first time, the answers (grouped as one within the question's tolerance), and what
    the wrong ones show, ties named together."""
    with st.container(border=True, key=f"class_question_{i}"):
        st.markdown(f"**{n or '–'}. {md_text(words.question_title(s.question))}** · "
                    f"{md_text(words.page_name(s.page))}")
        st.caption(md_text(words.state_text(s.state, settings, s.question)))
        c1, c2 = st.columns(2)
        c1.metric(tr("classroom-metric-answered"), s.answered)
        c2.metric(tr("classroom-metric-right"), words.percent(s.right, s.answered))
        st.markdown(md_text(words.first_attempt_text(s.answered, s.right, s.attempts).text))
        st.plotly_chart(answers_figure(words.answer_bars(s.answers, s.wrong, s.question, s.state), words.ANSWERS_TITLE,
                                       words.LEARNERS_AXIS), key=f"class_answers_{i}", config={"displayModeBar": False})
        st.markdown(md_text(words.wrong_said(s.question, s.state, s.answered, s.right, s.wrong).text))


def csv_rows(code: str, key: str) -> list[dict] | None:
    """Every answer in the CSV's plain columns: numbered by the teacher's list, the question's text, no JSON."""
    status, rows = classroom.bounded_call(classroom.store().answer_rows, code, key, timeout=WRITE_TIMEOUT)
    info_status, info = classroom.bounded_call(classroom.store().get_class, code, timeout=WRITE_TIMEOUT)
    if status != "ok" or info_status != "ok":
        return None
    questions = list(info.questions or words.TEACHERS_LIST)
    return [{"time_utc": datetime.fromtimestamp(r["time"], timezone.utc).isoformat(timespec="seconds"),
             **words.csv_words(r, questions, info.settings)} for r in rows]


def csv_download(code: str, key: str, where: str = "class_csv") -> None:
    """Every answer of the class as CSV, learners numbered, formulas defused."""
    rows = csv_rows(code, key)
    if rows is None:
        return
    st.download_button(tr("classroom-csv-download"), classroom.answers_csv(rows, words.CSV_COLUMNS),
                       file_name=f"class_{code}.csv", mime="text/csv", key=where,
                       icon=":material/download:", on_click="ignore")


# ------------------------------------------------------------------------ the projector view


def projector(code: str, key: str) -> None:
    """The question in front of the class, large, for the screen at the front of the room: no key, no CSV, no
    other class."""
    st.html(PROJECTOR_STYLE)
    projector_question(code, key)


@st.fragment(run_every=REFRESH_SECONDS)
def projector_question(code: str, key: str) -> None:
    """The led question with its sentence, every option with its count, and how many of those present answered,
    read again every few seconds; at the reveal the right answer, why, and what the wrong answers show."""
    ss = st.session_state
    if not ss.get(PROJECTOR):  # "Back to the dashboard", pressed in this fragment: the whole page again
        st.rerun(scope="app")
    status, dash = classroom.bounded_call(classroom.store().dashboard, code, key, timeout=WRITE_TIMEOUT)
    if status == "refused" and _deleted_elsewhere(code):
        _gone()
    now = _leading(code)
    close, reveal = st.columns(2, vertical_alignment="center")
    close.button(tr("classroom-back-button"), key="projector_close", icon=":material/close:", width="stretch",
                 on_click=ss.pop, args=(PROJECTOR, None))
    revealed = bool(now and now.revealed)
    reveal.button(words.HIDE_BUTTON if revealed else words.REVEAL_BUTTON, key="projector_reveal",
                  type="secondary" if revealed else "primary", icon=":material/visibility:", width="stretch",
                  disabled=now is None, on_click=_reveal, args=(code, key, not revealed))
    if status != "ok":
        st.warning(words.REFUSED if status == "refused" else words.UNREACHABLE, icon=":material/cloud_off:")
        return
    info, questions = dash.info, list(dash.info.questions or words.TEACHERS_LIST)
    with st.expander(words.LEAD_PICK, expanded=now is None):
        lead_picker(code, key, info, now, reveal=False)
    if now is None:
        st.info(words.NOT_LEADING, icon=":material/hourglass_empty:")
        st.caption(words.join_small(code))
        return
    qid, state = now.question_id, now.state
    shown = [words.worded(s, info.settings) for s in dash.questions if words.matches_lead(s, now)]
    answers, wrong = {}, {}
    for s in shown:
        for a, n in s.answers.items():
            answers[a] = answers.get(a, 0) + n
        for w, n in s.wrong.items():
            wrong[w] = wrong.get(w, 0) + n
    answered, right = sum(s.answered for s in shown), sum(s.right for s in shown)
    with st.container(key="projector_page"):
        st.markdown(md_text(words.lead_heading(qid, questions)))
    with st.container(key="projector_question"):
        st.markdown(words.asked_as(qid, state, info.settings))
        latex = words.asked_latex(qid, state)
        if latex:
            st.latex(latex)
    with st.container(key="projector_state"):
        st.markdown(md_text(words.state_text(words.with_class_text(state, info.settings), info.settings, qid)))
    with st.container(key="projector_count"):
        st.markdown(words.present_text(answered, dash.active).text)
    if revealed:  # above the chart, where the room is already looking
        with st.container(key="projector_answer", border=True):
            st.markdown(md_text(words.right_answer_text(qid, state, answers, wrong, answered, right,
                                                         info.settings).text))
            with st.container(key="projector_reason"):
                st.markdown(md_text(words.reason(qid, state)))
            said = words.wrong_said(qid, state, answered, right, wrong)
            for line in words.shown_lines(said, answered):
                st.markdown("- " + md_text(line.text))
    bars = words.lead_bars(qid, state, answers, wrong, revealed, info.settings)
    if bars:
        with st.container(key="projector_chart"):
            st.plotly_chart(projector_figure(bars, words.LEARNERS_AXIS), key="projector_bars", width="stretch",
                            config={"displayModeBar": False, "staticPlot": True})
    else:
        with st.container(key="projector_hidden"):
            st.info(words.OWN_HIDDEN if words.own_sentence(qid, state) else words.NO_ANSWERS,
                    icon=":material/visibility_off:")
    st.caption(words.join_small(code))


# ------------------------------------------------------------------------ the class summary, to print


def _table(head, rows) -> str:
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table class='class-summary'><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def summary_view(code: str, key: str) -> None:
    """Each question asked: how many answered, the share right first time, the misconception most shown; each
    page: how many learners reached it. One sheet of plain tables that prints on two A4 pages."""
    st.html(SUMMARY_STYLE)
    st.button(tr("classroom-back-button"), key="summary_close", icon=":material/close:",
              on_click=st.session_state.pop, args=(SUMMARY, None))
    status, dash = classroom.bounded_call(classroom.store().dashboard, code, key, timeout=WRITE_TIMEOUT)
    if status != "ok":
        st.warning(words.REFUSED if status == "refused" else words.UNREACHABLE, icon=":material/cloud_off:")
        return
    questions = list(dash.info.questions or words.TEACHERS_LIST)
    st.title(words.SUMMARY_TITLE)
    st.markdown(md_text(words.summary_head(code, dash.joined, dash.answered).text))
    rows = words.summary_rows([words.worded(s, dash.info.settings) for s in dash.questions], questions,
                              dash.info.settings)
    st.html(_table(words.SUMMARY_COLUMNS, [words.summary_cells(r) for r in rows]))
    st.html(_table(words.PAGES_COLUMNS, words.pages_reached(dash.pages)))


def join_box(shared) -> None:
    """Typing a class code here joins it, as opening the students' link does."""
    st.header(tr("classroom-join-header"))
    code = classroom.current_class()
    if code:
        st.success(words.class_line(code), icon=":material/groups:")
        st.page_link(HOME.path, label=tr("classroom-start-lesson"), icon=":material/arrow_forward:",
                     query_params=links(shared))
        return
    with st.form("class_join", border=False):
        raw = st.text_input(tr("classroom-code-input"), key="join_code", max_chars=20, placeholder="K7Q2PM")
        go_ = st.form_submit_button(tr("classroom-join-button"), icon=":material/login:")
    if go_:
        message = classroom.join(raw or "")
        if message:
            st.error(message, icon=":material/error:")
        else:
            st.rerun()


main()
