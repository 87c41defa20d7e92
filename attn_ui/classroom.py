"""Class mode in the app: which class this browser session is in, joining and leaving, and sending its answers.

Storage is `st.connection("classroom", type="sql")`. With no `[connections.classroom]` entry in
.streamlit/secrets.toml it is a SQLite file in the data folder (created on first use; ATTN_DATA_DIR moves it),
which needs no set-up; with one, it is that database (PostgreSQL through psycopg). The tables are made and
versioned by attn_ui.classroom_store on first use.

A learner in no class writes nothing. A learner in a class is a random id for this browser, not this session: made
on the server when the browser first joins the class, written by the page into a cookie scoped to that class
(attn_learner_<code>, expiring with the class; Leave clears it), and read back from `st.context.cookies` at the next
connection (a reload, a second tab, the class link opened again), so a browser counts once. Sending an
answer never raises into the page and never holds it up for more than SEND_TIMEOUT: the write goes to the store's
writer thread (answers that arrive together are written together), and each answer keeps its own outcome, which
the learner reads under its reveal: "sending…" while it is on its way (checked again at every rerun), "sent" once
it landed, and a notice only for an answer that truly failed (refused, the database unreachable, or no word
within GIVE_UP seconds). That outcome is the answer's for good: a pause, a resume or a delete later changes the
class's line, never what an earlier answer says.

The class's line (its code, paused, open again, ended) is drawn at the top of every page's main area and in the
sidebar. It comes from the outcomes of the learner's answers, and from one read of the class at each page load,
bounded by SEND_TIMEOUT as an answer is (and in the background at a rerun, every STATUS_EVERY seconds, never
waited for); the latest of those facts wins, whatever order they arrive in. A class found ended or deleted is left:
nothing more is sent, the line says so, and an answer given after it says it was not sent. A line that changes after
it was drawn (an answer's refusal tells of a pause) draws the page again, so the page never shows a stale line.

Following: while a learner is in a class, every page looks at the question the teacher leads (`leading_now`, a cache
shared by every session of the process and read from the store at most once every LEAD_EVERY seconds) and, when the
teacher picks a new one, takes a following learner to its page with the class's settings. Under Streamlit's server a
watch thread (`_Watch`) reads each class's lead once a second and runs again only the pages that have not drawn it
(at a new pick, a following learner's page runs once, on the question's page), so a learner's page costs nothing
while the lead stays the same; under AppTest a fragment looks every FOLLOW_EVERY
seconds instead. A learner may stop following to explore; one click takes them back. When the teacher reveals the
answer, the learner's reveal of that question opens too (attn_ui.checkpoint.predict asks `teacher_revealed`).
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from attn_lessons import classroom as words
from attn_lessons import i18n
from attn_lessons.misconceptions import PAGE_OF, QUESTIONS, answer_text, misconception_id

from . import serving
from .classroom_store import (
    BUSY_TIMEOUT_MS,
    MAX_LEARNERS,
    ClassError,
    ClassStore,
    Lead,
    NotFound,
    new_learner_id,
    normalise_code,
    valid_learner,
)
from .pages import ROOT, TEACHERS, Page, asking, route

SEND_TIMEOUT = 0.2  # seconds a learner's page waits for its answer to be written, at most
GIVE_UP = 5.0  # seconds with no word on an answer after which the learner is told it may not have arrived
STATUS_EVERY = 15.0  # seconds between two background reads of the class's status, at the learner's reruns
JOIN_TIMEOUT = 2.0  # joining happens on a click or a link, not under a reveal: it may wait a little longer
MAX_PENDING = 1000  # writes waiting (a hung database) beyond which new answers are not even tried: two full classes
WORKERS = 32  # threads for joins, reads of a class and the teacher's calls (answers go to the store's writer)
CODE, LEARNER, SETTINGS = "_class_code", "_class_learner", "_class_settings"
LINK_TRIED, ANSWERS, LAST, SENT = "_class_link_tried", "_class_answers", "_class_last", "_class_sent"
STATUS, ENDED, CHECKED, READING = "_class_status", "_class_ended", "_class_checked", "_class_reading"
STATUS_AT, DRAWN, IDS, COOKIE = "_class_status_at", "_class_drawn", "_class_ids", "_class_cookie"
FOLLOW, LED, SEEN_AT = "_class_following", "_class_led", "_class_seen_at"
COOKIE_PREFIX = "attn_learner_"  # + the class's code: one cookie per class, holding this browser's learner id
LEAD_EVERY = 1.0  # seconds: the question a class is led through is read from the store at most this often, per process
LEAD_WAIT = 0.05  # seconds a follower's look waits for a read of the lead it started (wall time, not CPU)
FOLLOW_EVERY = 1.0  # seconds between two looks of a follower's page at the teacher's question (AppTest's fragment)
SPREAD = 1.5  # seconds over which the watch spreads the runs it asks of a class's pages at one change of the lead
SPREAD_EACH = 0.05  # seconds of that spread per page at least (a page's run costs 15-40 ms of one core): 5 s for 100
ASK_AT_MOST = 3  # runs the server's watch asks of a page for one change of the lead, if the page does not draw it
SEEN_EVERY = 30.0  # seconds between two "still here" of a learner's page to the store (the teacher's "present")

_pool = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="classroom")
_pending = 0
_pending_lock = threading.Lock()
_stores: dict[int, ClassStore] = {}
_log = logging.getLogger(__name__)


def data_dir() -> Path:
    """The folder of the default SQLite file: ATTN_DATA_DIR, else data/ beside the app (in .gitignore)."""
    return Path(os.environ.get("ATTN_DATA_DIR") or ROOT / "data")


def secrets_section() -> dict | None:
    """The `[connections.classroom]` entry of secrets.toml, or None (no file, or no such entry)."""
    try:
        section = st.secrets.get("connections", {}).get("classroom")
    except FileNotFoundError:  # no secrets.toml at all
        return None
    return dict(section) if section else None


def postgres_url(url: str) -> str:
    """A PostgreSQL URL with the psycopg driver named (SQLAlchemy would otherwise look for psycopg2)."""
    for plain in ("postgresql://", "postgres://"):
        if url.startswith(plain):
            return "postgresql+psycopg://" + url[len(plain):]
    return url


def local_file() -> Path | None:
    """The SQLite file classes are kept in, or None when the secrets point at a database server."""
    return None if secrets_section() is not None else data_dir() / "classroom.db"


def store() -> ClassStore:
    """The class store on this app's connection (one per engine, so the schema is checked once). Found again by
    where it keeps the classes (the SQLite file, or the secrets' entry): a page run asks for it several times, and
    st.connection hashes its arguments on each call (with the folder made again), a few per cent of a rerun's server
    time in a class (issue 38)."""
    path = local_file()
    place = str(path) if path is not None else repr(sorted((secrets_section() or {}).items()))
    if (found := _store_at.get(place)) is not None:
        return found
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = st.connection("classroom", type="sql", url=f"sqlite:///{path}",
                             connect_args={"timeout": BUSY_TIMEOUT_MS / 1000, "check_same_thread": False})
    else:
        section = secrets_section() or {}
        extra = {"url": postgres_url(section["url"])} if "url" in section else {"driver": "psycopg"}
        conn = st.connection("classroom", type="sql", pool_pre_ping=True, pool_size=10, max_overflow=25,
                             pool_timeout=2, **extra)
    engine = conn.engine
    if id(engine) not in _stores:
        _stores[id(engine)] = ClassStore(engine)
    _store_at[place] = _stores[id(engine)]
    return _stores[id(engine)]


_store_at: dict[str, ClassStore] = {}  # store() by where the classes are kept


def _counted(start: Callable[[], Future]) -> Future | None:
    """start() one piece of work on the database and count it until it finishes; None, and nothing started, when
    MAX_PENDING are already waiting on a slow database."""
    global _pending
    with _pending_lock:
        if _pending >= MAX_PENDING:
            return None
        _pending += 1

    def one_less(_future=None) -> None:
        global _pending
        with _pending_lock:
            _pending -= 1

    try:
        future = start()
    except BaseException:
        one_less()
        raise
    future.add_done_callback(one_less)
    return future


def _submit(fn, *args) -> Future | None:
    """Run fn(*args) on the worker threads (a join, a read of the class, a teacher's call), counted."""
    return _counted(lambda: _pool.submit(fn, *args))


def bounded_call(fn, *args, timeout: float) -> tuple[str, Any]:
    """("ok", result), (reason, error) for a ClassError, ("slow", the future) past `timeout`, ("sent_failed",
    error) for anything else. Never raises."""
    future = None
    try:
        future = _submit(fn, *args)
        if future is None:
            return "slow", None
        return "ok", future.result(timeout=timeout)
    except FutureTimeout:
        _log.warning("class mode: %s took longer than %.1f s", getattr(fn, "__name__", fn), timeout)
        return "slow", future  # still running: it may land yet
    except ClassError as err:
        return err.reason, err
    except Exception as err:  # noqa: BLE001  (the database is down, the driver is missing: the page goes on)
        _log.warning("class mode: %s failed: %r", getattr(fn, "__name__", fn), err)
        return "sent_failed", err


# ------------------------------------------------------------------------------------------------ learners


def current_class() -> str | None:
    """The join code of this session's class, or None."""
    return st.session_state.get(CODE)


def cookie_name(code: str) -> str:
    """The cookie that keeps this browser's learner id for the class `code`."""
    return COOKIE_PREFIX + code


def browser_learner(code: str) -> str | None:
    """The learner id this browser's cookie for class `code` held when it connected; None without one (a first
    visit, a browser that keeps no cookies, a test), or with one the app did not make."""
    try:
        raw = st.context.cookies.get(cookie_name(code))
    except Exception:  # noqa: BLE001  (no browser connection: a bare script, a test)
        return None
    return raw if valid_learner(raw) else None


def learner_id(code: str) -> str:
    """The learner this browser is in class `code`: its cookie's id, else the one this session made for that class
    (until the cookie comes back at the next connection), else a new one."""
    return browser_learner(code) or st.session_state.get(IDS, {}).get(code) or new_learner_id()


def join(code: Any) -> str | None:
    """Put this browser in the class `code`: None when it joined, else what went wrong, in words. The code's format
    is checked before anything reaches the database. The browser joins as the learner its cookie names, so a
    reload, a second tab or the class link opened again is the same learner."""
    checked = normalise_code(code)
    if checked is None:
        return words.join_error("format", MAX_LEARNERS)
    ss = st.session_state
    learner = learner_id(checked)
    try:
        s = store()
    except Exception:  # noqa: BLE001
        return words.join_error("unreachable", MAX_LEARNERS)
    status, result = bounded_call(s.join, checked, learner, timeout=JOIN_TIMEOUT)
    if status != "ok":
        return words.join_error(status, MAX_LEARNERS)
    ss[CODE], ss[LEARNER], ss[SETTINGS] = checked, learner, dict(result.settings)
    ss[IDS] = {**ss.get(IDS, {}), checked: learner}
    ss[STATUS], ss[STATUS_AT] = ("paused" if result.paused else "open"), time.monotonic()
    ss[CHECKED], ss[READING] = (ss.get("_visit"), time.monotonic()), None  # just read: no second read this visit
    ss[COOKIE] = ("set", checked, learner, float(result.expires_at))
    ss[FOLLOW], ss[LED], ss[SEEN_AT] = True, None, time.monotonic()
    ss.pop(ENDED, None)
    st.query_params["class"] = checked
    return None


def leave() -> None:
    """Leave the class: nothing more is sent, the links stop carrying it, and the browser forgets its learner id for
    it (the page clears the cookie). What became of the answers already given stays as it was."""
    ss = st.session_state
    code = ss.get(CODE)
    for key in (CODE, SETTINGS, STATUS, STATUS_AT, ENDED, READING, FOLLOW, LED):
        ss.pop(key, None)
    if code:
        ss[IDS] = {k: v for k, v in ss.get(IDS, {}).items() if k != code}
        ss[COOKIE] = ("clear", code, ss.get("_visit"))
    ss[LINK_TRIED] = None
    if "class" in st.query_params:
        del st.query_params["class"]


def cookie_script() -> str | None:
    """The script that writes this browser's learner id into its cookie for the class (expiring with the class), or
    clears it after Leave (for the rest of that page's visit); None when there is nothing to write."""
    import json
    from email.utils import formatdate

    job = st.session_state.get(COOKIE)
    if not job:
        return None
    if job[0] == "set":
        _, code, learner, expires = job
        if current_class() != code or browser_learner(code) == learner:
            return None  # left since, or the browser already sent it back: nothing to write
        value = f"{cookie_name(code)}={learner}; expires={formatdate(expires, usegmt=True)}"
    else:
        _, code, visit = job
        if visit != st.session_state.get("_visit") or current_class() == code:
            return None
        value = f"{cookie_name(code)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT"
    # path=/ so the app's connection (/_stcore/stream) sends it; Secure wherever the app is served over https
    return ("<script>document.cookie = " + json.dumps(value + "; path=/; SameSite=Lax")
            + " + (location.protocol === 'https:' ? '; Secure' : '');</script>")


def _ended(code: str) -> None:
    """The class `code` has ended or was deleted: leave it, and keep its code for the line that says so."""
    if current_class() != code:
        return
    leave()
    st.session_state[ENDED] = code


def _class_is(code: str, status: str, result: Any = None, at: float | None = None) -> None:
    """What a read of the class, or an answer's outcome, says of it: `status` as bounded_call gives it ("ok" with
    the ClassInfo, or a refusal's reason), or "sent" for an answer stored. Anything else (slow, unreachable) says
    nothing new. `at`: when the fact was learnt (time.monotonic(); now by default): a fact older than the one the line
    already shows changes nothing, so an answer that lands late cannot say "open" over a pause read since."""
    ss = st.session_state
    if current_class() != code:
        return
    at = time.monotonic() if at is None else at
    if at < ss.get(STATUS_AT, float("-inf")):
        return
    was = ss.get(STATUS, "open")
    if status == "not_found":
        _ended(code)
        return
    if status == "paused" or (status == "ok" and result.paused):
        ss[STATUS] = "paused"
    elif status == "ok" and was == "paused":
        ss[STATUS] = "resumed"  # said until the learner's next answer is stored
    elif status == "sent":
        ss[STATUS] = "open"
    else:
        return
    ss[STATUS_AT] = at


def _stamp(future: Future) -> None:
    """A done-callback: when the future finished, for _class_is's order of facts."""
    future.done_at = time.monotonic()


def _done_at(future: Future) -> float | None:
    return getattr(future, "done_at", None)


def _outcome(future: Future) -> str:
    """A finished write or read: "ok", a refusal's reason, or "sent_failed"."""
    err = future.exception()
    if err is None:
        return "ok"
    if isinstance(err, ClassError):
        return err.reason
    _log.warning("class mode: an answer failed: %r", err)
    return "sent_failed"


def refresh_status() -> None:
    """Keep the class's line true: at a page load, one read of the class, waited for SEND_TIMEOUT at most; at a
    rerun, a read every STATUS_EVERY seconds in the background, whose result is taken at a later rerun."""
    code = current_class()
    if code is None:
        return
    ss, now = st.session_state, time.monotonic()
    reading = ss.get(READING)
    if isinstance(reading, Future) and reading.done():
        ss[READING] = None
        status = _outcome(reading)
        _class_is(code, status, reading.result() if status == "ok" else None, _done_at(reading))
        if current_class() is None:
            return
    visit, at = ss.get(CHECKED) or (object(), 0.0)
    if visit != ss.get("_visit"):  # a page load (a cold open, a reload, another page)
        ss[CHECKED] = (ss.get("_visit"), now)
        try:
            status, result = bounded_call(store().get_class, code, timeout=SEND_TIMEOUT)
        except Exception:  # noqa: BLE001  (no store at all: the answers will say so)
            return
        if status == "slow":
            ss[READING] = result  # still on its way: taken at a later rerun
            if result is not None:
                result.add_done_callback(_stamp)
        else:
            _class_is(code, status, result)
    elif ss.get(READING) is None and now - at > STATUS_EVERY:
        ss[CHECKED] = (visit, now)
        try:
            ss[READING] = reading = _submit(store().get_class, code)
            if reading is not None:
                reading.add_done_callback(_stamp)
        except Exception:  # noqa: BLE001
            pass


def class_status() -> tuple[str, str] | None:
    """The learner's class line as (icon, words), or None when this session is in no class and saw none end."""
    ss = st.session_state
    code = current_class()
    if code is None:
        ended = ss.get(ENDED)
        return (":red[:material/event_busy:]", words.ended_line(ended)) if ended else None
    status = ss.get(STATUS, "open")
    if status == "paused":
        return ":orange[:material/pause_circle:]", words.paused_line(code)
    if status == "resumed":
        return ":green[:material/play_circle:]", words.resumed_line(code)
    return ":material/groups:", words.class_line(code)


def link_params() -> dict[str, str]:
    """What every page link adds to carry the class along: {'class': code}, or nothing."""
    code = current_class()
    return {"class": code} if code else {}


def follow_link() -> None:
    """Join the class a link names (?class=…) once per link; keep the session's class in the address bar."""
    ss, raw = st.session_state, st.query_params.get("class")
    if raw is not None and raw != current_class() and raw != ss.get(LINK_TRIED) and raw != ss.get(ENDED):
        ss[LINK_TRIED] = raw
        message = join(raw)
        if message is not None:
            st.warning(words.link_notice(raw[:12], message), icon=":material/link_off:")
            del st.query_params["class"]
            return
    code = current_class()
    if code and st.query_params.get("class") != code:
        st.query_params["class"] = code
    elif code is None and ss.get(ENDED) and st.query_params.get("class") == ss[ENDED]:
        del st.query_params["class"]


def class_sidebar(where=None, main=st) -> None:
    """Join a linked class, read its status at a page load, then its line, in the sidebar (with a way to leave and
    the switch to follow the teacher) and at the top of the page's main area (`main`; None: not there), where a
    phone, whose sidebar is closed, shows it, with the teacher's question under it. Nothing when this session is in
    no class. `where`: a container in the sidebar (its foot by default)."""
    if _served():
        _followers.forget(_session_id())  # watched again below, only where this run looks at the teacher's question
    follow_link()
    refresh_status()
    box = where or st.sidebar
    script = cookie_script()
    if script:  # the browser keeps its learner id for the class (or forgets it after Leave); the element is hidden
        box.html(script, unsafe_allow_javascript=True)
    line = class_status()
    st.session_state[DRAWN] = line
    if line is None:
        return
    icon, text = line
    code = current_class()
    if main is not None:
        main.caption(f"{icon} {text}")
    box = box.container(border=True)
    box.markdown(f"{icon} {text}")
    if code is None:
        box.button(i18n.tr("classroom-hide-ended"), key="class_ended_hide", on_click=_hide_ended,
                   icon=":material/close:")
        return
    visited()
    if st.session_state.get("_page") != TEACHERS.path:  # the teacher's own page (the projector) is never taken away
        ss = st.session_state
        ss["class_follow"] = bool(ss.get(FOLLOW, True))  # kept outside the widget, which another page may drop
        box.toggle(words.FOLLOW_LABEL, key="class_follow", on_change=_follow_changed, help=words.FOLLOW_HELP)
        with (main if main is not None else box).container():
            follow(code)
    box.button(i18n.tr("classroom-leave"), key="class_leave", on_click=leave, icon=":material/logout:")


def _hide_ended() -> None:
    st.session_state.pop(ENDED, None)


def _follow_changed() -> None:
    st.session_state[FOLLOW] = bool(st.session_state.get("class_follow"))


def line_is_stale() -> bool:
    """Whether the class's line drawn at the top of this run is no longer true (an answer's outcome told of a pause,
    a resume or an end after it was drawn)."""
    ss = st.session_state
    return DRAWN in ss and class_status() != ss[DRAWN]


def _keep_line_true() -> None:
    """Draw the page again when its class line went stale during this run, so no page shows a stale line beside
    an answer's own (once: the run after draws the line as it is)."""
    if line_is_stale():
        st.rerun(scope="app")


def visited() -> None:
    """Tell the store, in the background, that this learner reached this page (once a page per session, for the
    summary's "reached it"): it also counts them as present."""
    ss = st.session_state
    code, path = current_class(), ss.get("_page")
    page = next((p for p in (*route(), TEACHERS) if p.path == path), None)
    if code is None or page is None or page is TEACHERS:
        return
    done = ss.setdefault("_class_visited", set())
    if (code, page.slug) in done:
        return
    done.add((code, page.slug))
    try:
        _submit(store().visit, code, ss[LEARNER], page.slug)
        ss[SEEN_AT] = time.monotonic()
    except Exception:  # noqa: BLE001  (a visit untold only leaves the summary one short)
        pass


# ------------------------------------------------------------------------------------------------ following

_GONE = object()  # what the cache holds for a class found deleted or ended
_leads: dict[str, tuple[float, Any]] = {}  # code -> (when read, Lead | None | _GONE), for every session
_lead_reads: dict[str, Future] = {}
_lead_lock = threading.Lock()


def _read_lead(s: ClassStore, code: str) -> None:
    """One read of the question class `code` is led through, into the cache (on a worker thread), stamped with when
    it started: the next may start LEAD_EVERY seconds after it, so a look every FOLLOW_EVERY seconds finds it due."""
    started = time.monotonic()
    try:
        lead = s.leading(code)
    except NotFound:
        lead = _GONE
    except Exception as err:  # noqa: BLE001  (the database is down: the cache keeps what it had)
        _log.warning("class mode: reading the lead failed: %r", err)
        with _lead_lock:
            lead = _leads.get(code, (0.0, None))[1]
    with _lead_lock:
        _leads[code] = (started, lead)
        _lead_reads.pop(code, None)


def leading_now(code: str) -> Any:
    """The question class `code` is led through (a Lead), None when the teacher leads none, or _GONE for a class
    that ended: as this process last read it. At most one read of the store every LEAD_EVERY seconds per class, on
    a worker thread, shared by every session of the process; a look that starts one waits LEAD_WAIT for it at most."""
    now = time.monotonic()
    with _lead_lock:
        at, lead = _leads.get(code, (None, None))
        reading = _lead_reads.get(code)
        if reading is None and (at is None or now - at >= LEAD_EVERY):
            reading = None
            try:
                reading = _submit(_read_lead, store(), code)
            except Exception:  # noqa: BLE001  (no store at all)
                pass
            if reading is not None:
                _lead_reads[code] = reading
    if reading is not None:
        try:
            reading.result(timeout=LEAD_WAIT)
        except Exception:  # noqa: BLE001  (still on its way: the next look takes it)
            return lead
        with _lead_lock:
            return _leads.get(code, (None, lead))[1]
    return lead


def question_page(question_id: str) -> Page | None:
    """The route's page that asks the question `question_id` (the entry that declares it), if its file is there."""
    page = asking(question_id)
    return page if page in route() else None


_PARAM_KEYS = frozenset("text seed d_model heads query start pe mask pad custom".split())


def lead_params(lead: Lead, code: str, settings: Mapping[str, Any] | None = None) -> dict[str, str]:
    """The query string that opens the teacher's question as the class sees it: the class's settings (its sentence,
    seed, d_model, heads) and what the lead's state says of the question, as the recorded answers' states say it (a
    page's settings, such as the query token; for a Check yourself question its question seed, the page's ?q=), and
    the class. `settings`: the class's (this session's, by default)."""
    if settings is None:
        settings = st.session_state.get(SETTINGS)
    params = {k: str(v) for k, v in (settings or {}).items() if k in _PARAM_KEYS}
    asked = QUESTIONS.get(lead.question_id)
    for key, value in lead.state.items():
        if value is None or isinstance(value, (list, dict)):
            continue
        text = str(int(value)) if isinstance(value, bool) else str(value)
        if asked is not None and asked.kind == "quiz":
            if key == "seed":
                params["q"] = text  # a Check yourself question's state is its question seed
        elif key in _PARAM_KEYS:
            params[key] = text
    return {**params, "class": code}


def at_lead(lead: Lead, code: str) -> bool:
    """Whether this session's page is the teacher's question as the class sees it (page and settings)."""
    page = question_page(lead.question_id)
    if page is None or st.session_state.get("_page") != page.path:
        return False
    return all(st.query_params.get(k) == v for k, v in lead_params(lead, code).items())


def go_to_lead(lead: Lead, code: str) -> None:
    """Take this session to the teacher's question: its page, opened as a new visit so it reads the class's
    settings from the link."""
    page = question_page(lead.question_id)
    if page is None:
        return
    st.session_state[FOLLOW] = True
    st.session_state.pop("_page", None)  # a new visit, even to the page it is on: the page reads its link again
    st.switch_page(page.path, query_params=lead_params(lead, code))


def teacher_revealed(question_id: str, **state: Any) -> bool:
    """Whether this session's teacher has revealed the answer of `question_id`, the question the class is led
    through (asked in `state`, for what the lead's state also says: Check yourself's question seed `q`)."""
    code = current_class()
    if code is None:
        return False
    lead = leading_now(code)
    if not isinstance(lead, Lead) or lead.question_id != question_id or not lead.revealed:
        return False
    return all(str(lead.state[k]) == str(v) for k, v in state.items() if k in lead.state)


def _session_id() -> str | None:
    """This run's Streamlit session id (None outside a script run)."""
    ctx = get_script_run_ctx()
    return None if ctx is None else ctx.session_id


def _lead_key(lead: Any, here: bool = True) -> tuple:
    """What a page must be drawn again for when it changes: a new pick, the class's end, and, on the question's own
    page (`here`), its reveal."""
    if lead is _GONE:
        return ("gone",)
    return ("none",) if lead is None else ("lead", lead.seq, lead.revealed and here)


class _Watch:
    """The server's side of following, one per process (Streamlit's own server only: AppTest has none, and there
    the fragment looks instead). Every LEAD_EVERY seconds a thread reads the lead of each class that has a session
    on this process (one read per class, not per learner) and asks each session whose page has not drawn that lead
    yet to run again, as Streamlit's own run-on-save does; and every SEEN_EVERY seconds it tells the store that
    each connected learner is present. A learner's page costs nothing between two changes: no timer, no rerun."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sessions: dict[str, tuple[str, str]] = {}  # session id -> (class code, learner id)
        self.drawn: dict[str, tuple[tuple, bool]] = {}  # session id -> (the _lead_key its page drew, on its page)
        self.follows: dict[str, tuple[bool, dict]] = {}  # session id -> (following, the class's settings)
        self.switched: set[str] = set()  # sessions the watch sent to the teacher's question, until their page runs
        self.pending: set[str] = set()  # sessions with a run asked and not yet started (spread over seconds)
        self.asked: dict[str, tuple[tuple, int]] = {}  # session id -> (the key it was asked to draw, how often)
        self.seen_at = 0.0
        self.thread: threading.Thread | None = None

    def register(self, session: str, code: str, learner: str, drawn: tuple[tuple, bool], following: bool = True,
                 settings: Mapping[str, Any] | None = None) -> None:
        with self.lock:
            self.sessions[session], self.drawn[session] = (code, learner), drawn
            self.follows[session] = (following, dict(settings or {}))
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="classroom-follow", daemon=True)
                self.thread.start()

    def forget(self, session: str) -> None:
        with self.lock:
            self.sessions.pop(session, None)
            self.drawn.pop(session, None)
            self.asked.pop(session, None)
            self.follows.pop(session, None)

    def _run(self) -> None:
        while True:
            started = time.monotonic()
            try:
                self.tick()
            except Exception as err:  # noqa: BLE001  (the next tick tries again; following must never stop)
                _log.warning("class mode: the follow watch failed: %r", err)
            time.sleep(max(0.05, LEAD_EVERY - (time.monotonic() - started)))

    def tick(self) -> None:
        """One look: the live sessions by class, each class's lead read once, a run asked of every page behind."""
        from streamlit.runtime import Runtime

        if not Runtime.exists():
            return
        runtime = Runtime.instance()
        manager = runtime._session_mgr  # noqa: SLF001  (Streamlit has no public way to reach a session)
        with self.lock:
            sessions = dict(self.sessions)
        live = {sid: about for sid, about in sessions.items() if manager.get_active_session_info(sid) is not None}
        for sid in sessions.keys() - live.keys():  # a browser that went away
            self.forget(sid)
            serving.forgotten(sid)  # a run the watch asked of it that never came: its mark goes too
            with self.lock:
                self.switched.discard(sid)
                self.pending.discard(sid)
        s = store()
        for code in {code for code, _ in live.values()}:
            _read_lead(s, code)
            with _lead_lock:
                lead = _leads.get(code, (0.0, None))[1]
            with self.lock:
                behind = []
                for sid, (c, _) in live.items():
                    drawn, here = self.drawn.get(sid, ((), False))
                    key = _lead_key(lead, here)
                    if c != code or drawn == key or sid in self.pending:  # (an ask still to come is not repeated)
                        continue
                    asked = self.asked.get(sid)  # a page that does not draw the lead after ASK_AT_MOST asks: left
                    self.asked[sid] = (key, asked[1] + 1 if asked and asked[0] == key else 1)
                    if self.asked[sid][1] <= ASK_AT_MOST:
                        following, settings = self.follows.get(sid, (False, {}))
                        new_pick = isinstance(lead, Lead) and drawn[:2] != ("lead", lead.seq)
                        behind.append((sid, key, _lead_target(lead, code, settings) if new_pick and following
                                       else None))
                        self.pending.add(sid)
            loop = runtime._get_async_objs().eventloop  # noqa: SLF001
            spread = max(SPREAD, SPREAD_EACH * len(behind))  # the pages do not all run at once
            for k, (sid, key, target) in enumerate(behind):
                loop.call_soon_threadsafe(loop.call_later, spread * k / len(behind), _rerun, manager, sid, key, target)
        now = time.monotonic()
        if now - self.seen_at >= SEEN_EVERY:
            self.seen_at = now
            for code, learner in set(live.values()):
                try:
                    s.seen(code, learner)
                except Exception:  # noqa: BLE001  (a class gone or the database down: the next look tries again)
                    pass


def _lead_target(lead: Lead, code: str, settings: Mapping[str, Any]) -> tuple[str, dict[str, str]] | None:
    """Where a following learner's page goes for `lead`: (the question's page's script path, its query string)."""
    page = question_page(lead.question_id)
    return None if page is None else (page.path, lead_params(lead, code, settings))


_page_hashes: dict[str, str] = {}  # a page's path in the route -> its script hash, as Streamlit's pages name it


def _page_hash(session, path: str) -> str | None:
    """The script hash Streamlit knows the route's page `path` by (None before the session ran any page)."""
    if path not in _page_hashes:
        want = os.path.realpath(ROOT / path)
        pages = session._pages_manager.get_pages()  # noqa: SLF001
        found = [h for h, p in pages.items() if p.get("script_path") and os.path.realpath(p["script_path"]) == want]
        if not found:
            return None
        _page_hashes[path] = found[0]
    return _page_hashes[path]


def _rerun(manager, session_id: str, key: tuple = (), target: tuple[str, dict[str, str]] | None = None) -> None:
    """On the server's event loop: run the page of `session_id` again with what its browser last sent (its page and
    link), to draw the lead's `key`, unless a run is under way (that run draws the lead itself, or the next tick
    asks) or a run since the ask has drawn it (the learner moved a control meanwhile). With a `target` (a
    following learner, a new pick: the question's page and its query string) a page that is not there already
    runs that page instead, as a new visit: one run, where the page's own switch (go_to_lead) costs a part of the
    old page and then the new one."""
    from streamlit.runtime.app_session import AppSessionState

    with _followers.lock:
        _followers.pending.discard(session_id)
        if key and _followers.drawn.get(session_id, ((), False))[0] == key:
            return
    info = manager.get_active_session_info(session_id)
    if info is None:
        return
    session = info.session
    client = getattr(session, "_client_state", None)
    if session._state != AppSessionState.APP_NOT_RUNNING or client is None or not client.page_script_hash:  # noqa: SLF001
        return
    state = type(client)()
    state.CopyFrom(client)
    state.fragment_id, state.is_auto_rerun = "", False  # the whole page, even when its last run was a fragment's
    if target is not None:
        try:
            _switch(session, state, *target)
        except Exception as err:  # noqa: BLE001  (Streamlit's insides moved: the page switches itself, as before)
            _log.warning("class mode: the watch could not switch a page: %r", err)
            state.CopyFrom(client)
            state.fragment_id, state.is_auto_rerun = "", False
    serving.later(session_id)  # nobody is waiting at that screen: a learner's own move goes first
    session.request_rerun(state)


def _switch(session, state, path: str, params: dict[str, str]) -> None:
    """Point `state` (a copy of what the browser last sent) at page `path` with link `params`, as a new visit (what
    go_to_lead does from inside a run), unless the page is there already."""
    from urllib.parse import parse_qsl, urlencode

    page_hash = _page_hash(session, path)
    if page_hash is None:
        return
    now = dict(parse_qsl(state.query_string, keep_blank_values=True))
    if state.page_script_hash == page_hash and all(now.get(k) == v for k, v in params.items()):
        return  # at the lead already: the page runs again where it is
    state.page_script_hash, state.page_name = page_hash, ""
    state.query_string = urlencode(params)
    ss = session.session_state
    if "_page" in ss:
        del ss["_page"]  # a new visit, even to the page it is on: the page reads its link again
    with _followers.lock:
        _followers.switched.add(session.id)


_followers = _Watch()


def _served() -> bool:
    """Whether this run is served by Streamlit's own server (a browser on the websocket), not AppTest."""
    from streamlit.runtime import Runtime

    return Runtime.exists() and _session_id() is not None


def follow(code: str) -> None:
    """The teacher's question on this page: from the server's watch where a server runs this page (it runs the
    page again when the lead changes), or from a fragment that looks every FOLLOW_EVERY seconds (AppTest)."""
    if _served():
        _follow_look(code, in_fragment=False)
    else:
        _follow_fragment(code)


def _follow_look(code: str, in_fragment: bool) -> None:
    """The teacher's question, from the process's cache: a new pick takes a following learner to it; a reveal of
    the question on screen opens its reveal (in a fragment, by drawing the page again); a class found ended says
    so. One line says what the teacher asks, with a way back to it for a learner exploring elsewhere."""
    ss = st.session_state
    if current_class() != code:
        return
    if in_fragment:
        now = time.monotonic()
        if now - ss.get(SEEN_AT, 0.0) >= SEEN_EVERY:
            ss[SEEN_AT] = now
            try:
                _submit(store().seen, code, ss[LEARNER])
            except Exception:  # noqa: BLE001
                pass
    lead = leading_now(code)
    if not in_fragment and (sid := _session_id()) is not None:
        here = isinstance(lead, Lead) and at_lead(lead, code)
        _followers.register(sid, code, ss[LEARNER], (_lead_key(lead, here), here), bool(ss.get(FOLLOW, True)),
                            ss.get(SETTINGS))
        with _followers.lock:
            brought = sid in _followers.switched
            _followers.switched.discard(sid)
        if brought:  # the watch brought this page here: the browser's address bar shows its link
            st.query_params.from_dict(st.query_params.to_dict())
    if lead is _GONE:
        _class_is(code, "not_found")
        st.rerun(scope="app")
    if lead is None:
        ss[LED] = None
        return
    seen, ss[LED] = ss.get(LED), (lead.seq, lead.revealed)
    here = at_lead(lead, code)
    if seen is None or seen[0] != lead.seq:  # a new pick (or the first look of this session)
        if ss.get(FOLLOW, True) and not here:
            go_to_lead(lead, code)
        if here and seen is not None and in_fragment:
            st.rerun(scope="app")  # on its page already: the page draws it afresh (a reveal closed again, say)
    elif seen[1] != lead.revealed and here and in_fragment:
        st.rerun(scope="app")  # the teacher revealed it: the page opens its reveal
    title = words.question_title(lead.question_id)
    if here:
        st.caption(f":material/co_present: {words.lead_line(title, here=True)}")
        return
    c1, c2 = st.columns([3, 2], vertical_alignment="center")
    c1.caption(f":material/co_present: {words.lead_line(title, here=False)}")
    if c2.button(words.BACK_TO_LEAD, key="class_back", icon=":material/undo:"):
        go_to_lead(lead, code)


@st.fragment(run_every=FOLLOW_EVERY)
def _follow_fragment(code: str) -> None:
    """Following where no server watch runs (AppTest): the page looks every FOLLOW_EVERY seconds."""
    _follow_look(code, in_fragment=True)


def shared_state(question: str, state: Mapping[str, Any], answer: str, right: bool,
                 settings: Mapping[str, Any] | None) -> tuple[dict, str]:
    """The state and answer as they are sent: a sentence the learner typed never leaves the browser session.

    On the class's own sentence the state says so ('sentence': 'class') and keeps its tokens; on a sentence the
    learner typed, it says 'own', keeps only the numbers (seed, d_model, …), and an answer that is a token of
    that sentence becomes only 'right' or 'wrong'."""
    state = dict(state)
    if "text" not in state:
        return state, answer
    text = state.pop("text")
    if settings is not None and text == settings.get("text"):
        return {**state, "sentence": "class"}, answer
    kept = {k: v for k, v in state.items() if isinstance(v, (int, float, bool)) or v is None}
    asked = QUESTIONS.get(question)
    if asked is None or asked.from_sentence:
        answer = "right" if right else "wrong"
    return {**kept, "sentence": "own"}, answer


@dataclass
class _Answer:
    """One answer sent: its write (None when it could not even be tried), when it left, and what became of it
    (None while it is on its way; "ok", a refusal's reason or "sent_failed" once known, for good)."""

    code: str
    future: Future | None
    started: float
    outcome: str | None = None

    def settle(self) -> str | None:
        """The outcome, taken from the write the first time it is known (and told to the class's line, as a fact of
        the moment the write finished)."""
        if self.outcome is None and self.future is not None and self.future.done():
            self.outcome = _outcome(self.future)
            _class_is(self.code, "sent" if self.outcome == "ok" else self.outcome, at=_done_at(self.future))
        return self.outcome


def _send(s: ClassStore, *args) -> Future | None:
    """Hand one answer to the store's writer, counted (and stamped with when it finished); None when too many
    already wait on a slow database."""
    future = _counted(lambda: s.submit_record(*args))
    if future is not None:
        future.add_done_callback(_stamp)
    return future


def record_answer(page: str, question: str, state: Mapping[str, Any], answer: str, right: bool,
                  misconception: str | None) -> bool:
    """Send one answer to this session's class: True when it was stored within SEND_TIMEOUT. Otherwise its
    outcome is kept for answer_notice(question) (on its way, refused or failed); False when in no class (then
    nothing is written anywhere). Never raises."""
    code = current_class()
    if code is None:
        return False
    ss = st.session_state
    try:
        sent_state, sent_answer = shared_state(question, state, str(answer), right, ss.get(SETTINGS))
        future = _send(store(), code, ss[LEARNER], page, question, sent_state, sent_answer, right, misconception,
                       i18n.current())  # the learner's language, kept beside the answer (the same in every language)
    except Exception as err:  # noqa: BLE001  (no store, a broken driver: the page goes on)
        _log.warning("class mode: an answer could not be sent: %r", err)
        future = None
    one = _Answer(code, future, time.monotonic(), None if future is not None else "sent_failed")
    ss[ANSWERS] = {**ss.get(ANSWERS, {}), question: one}
    ss[LAST] = question
    if future is not None:
        try:
            future.result(timeout=SEND_TIMEOUT)
        except Exception:  # noqa: BLE001  (a timeout, a refusal, a failure: settle() reads which)
            pass
    return one.settle() == "ok"


def answer_notice(question: str | None = None) -> tuple[str, str] | None:
    """What became of this session's last answer to `question` (its last answer to anything by default), as
    (kind, words): kind "sent", "sending" (on its way, under GIVE_UP seconds) or "failed"; None if none was sent."""
    ss = st.session_state
    one = ss.get(ANSWERS, {}).get(question if question is not None else ss.get(LAST))
    if one is None:
        return None
    outcome = one.settle()
    if outcome == "ok":
        return "sent", words.NOTICES["sent"]
    if outcome is None:
        if time.monotonic() - one.started < GIVE_UP:
            return "sending", words.NOTICES["sending"]
        return "failed", words.NOTICES["slow"]
    return "failed", words.NOTICES.get(outcome, words.NOTICES["sent_failed"])


def last_notice(question: str | None = None) -> str | None:
    """The words under an answer that is not (yet) known to be stored: on its way, or why it was not sent; None
    once it is stored, or when none was sent. `question`: the answer to that question (the last answer by
    default: a page that shows several answers passes the question each is about)."""
    notice = answer_notice(question)
    return None if notice is None or notice[0] == "sent" else notice[1]


NOTICE_ICONS = {"sent": ":material/check:", "sending": ":material/schedule_send:",
                "failed": ":orange[:material/cloud_off:]"}


WATCH_EVERY = 0.5  # seconds between two looks at an answer still on its way, with no rerun of the page


def draw_notice(question: str) -> bool:
    """One quiet line under an answer's reveal: what became of it. True when it is stored. An answer still on its
    way is watched on its own (the learner need not touch anything for "sending…" to become "sent")."""
    notice = answer_notice(question)
    if notice is None:
        return False
    _keep_line_true()  # this answer's outcome may have told of a pause or an end since the line was drawn
    if notice[0] == "sending":
        _watch(question)
        return False
    st.caption(f"{NOTICE_ICONS[notice[0]]} {notice[1]}")
    return notice[0] == "sent"


@st.fragment(run_every=WATCH_EVERY)
def _watch(question: str) -> None:
    """The line of an answer on its way, looked at again every WATCH_EVERY seconds. Once its outcome is known
    (or GIVE_UP seconds passed), the page runs once more and draws the line without this watch, which stops."""
    notice = answer_notice(question)
    if notice is not None and notice[0] != "sending":
        st.rerun(scope="app")  # known now: the page draws the line as it is, and no watch
    if notice is not None:
        st.caption(f"{NOTICE_ICONS[notice[0]]} {notice[1]}")


def page_state(**about: Any) -> dict[str, Any]:
    """settings_state from the session's shared settings, for a section that is not handed them."""
    ss = st.session_state
    return {"text": ss.get("_good_text", ""), "seed": ss.get("seed"), "d_model": ss.get("d_model"),
            "heads": ss.get("heads"), **about}


def settings_state(shared, **about: Any) -> dict[str, Any]:
    """A question's state from the shared settings (the sentence, seed, d_model, heads) and what it is about."""
    return {"text": shared.text, "seed": shared.seed, "d_model": shared.d_model, "heads": shared.heads, **about}


def record(question_id: str, state: Mapping[str, Any], value: Any, right: bool, *, checkpoint: str | None = None,
           once: Any = None, notify: bool = True) -> bool:
    """What a page calls when a learner commits an answer: the page and the answer's words come from the
    question's id, and the misconception from attn_lessons.misconceptions; a quiet line under it says what became
    of it (sending…, sent, or why it was not).

    One answer is sent once, however many reruns show its reveal: `checkpoint`, the key given to
    checkpoint.predict (its stored answer is one object until the learner answers again), or `once`, any object
    that stands for this one answer. At each rerun the line is drawn again from that answer's own outcome, so a
    pause or a delete later never rewrites it. `notify=False` draws no line (in a widget's callback, say: show
    last_notice(question) where the verdict is drawn). Never raises; False when the answer is not (yet) stored."""
    ss = st.session_state
    if checkpoint is not None:
        once = ss.get(f"_cp_{checkpoint}")  # checkpoint's record of this answer: the same until answered again
    if once is not None and ss.get(SENT, {}).get(question_id) is once:  # this very answer, shown again on a rerun
        if notify:
            return draw_notice(question_id)
        notice = answer_notice(question_id)
        return notice is not None and notice[0] == "sent"
    if value is None:
        return False
    if current_class() is None:
        if not ss.get(ENDED):
            return False  # in no class: nothing is sent, and nothing is said
        # the class has ended: nothing is sent, and this answer says so under it, as its own outcome
        ss[ANSWERS] = {**ss.get(ANSWERS, {}), question_id: _Answer(ss[ENDED], None, time.monotonic(), "not_found")}
        ss[LAST] = question_id
        if once is not None:
            ss.setdefault(SENT, {})[question_id] = once
        if notify:
            draw_notice(question_id)
        return False
    page = PAGE_OF.get(question_id, "unknown")
    why = None if right else misconception_id(question_id, value, state)  # its message id: the same in every language
    ok = record_answer(page, question_id, state, answer_text(question_id, value, state), right, why)
    if once is not None:
        ss.setdefault(SENT, {})[question_id] = once
    if notify:
        draw_notice(question_id)
    return ok


# ------------------------------------------------------------------------------------------------ teachers


def app_url() -> str:
    """The app's own address (Home), from the address the browser used; localhost when there is none (tests)."""
    from urllib.parse import urlsplit, urlunsplit

    from .pages import TEACHERS

    url = getattr(st.context, "url", None) or "http://localhost:8501/"
    parts = urlsplit(url)
    path = parts.path
    for tail in (f"/{TEACHERS.url_path}", f"/{TEACHERS.url_path}/"):
        if path.endswith(tail):
            path = path[: -len(tail)]
    return urlunsplit((parts.scheme, parts.netloc, path.rstrip("/") + "/", "", ""))


PERSONAL = ("lang",)  # a view's settings that are each reader's own: a class never hands the teacher's to learners


def class_settings(settings: Mapping[str, str]) -> dict[str, str]:
    """The teacher's view settings a class carries (its sentence, seed, d_model …), without the teacher's language:
    each learner reads the class in their own (their browser's, or the language they pick)."""
    return {k: v for k, v in settings.items() if k not in PERSONAL}


def students_link(base: str, code: str, settings: Mapping[str, str]) -> str:
    """The link a class opens: the app with ?class=CODE and the teacher's sentence and settings, never the key nor
    the teacher's language."""
    from urllib.parse import quote, urlencode

    return base + "?" + urlencode({"class": code, **class_settings(settings)}, quote_via=quote)


def qr_code(link: str):
    """The link as a segno QR code (error correction M), or None when it is too long for one."""
    import segno

    try:
        return segno.make_qr(link, error="m")
    except segno.DataOverflowError:
        return None


def qr_png(link: str, scale: int = 8) -> bytes | None:
    """The link's QR code as PNG (a quiet border of 4 modules), for the projector; None when it is too long."""
    import io

    qr = qr_code(link)
    if qr is None:
        return None
    buf = io.BytesIO()
    qr.save(buf, kind="png", scale=scale, border=4)
    return buf.getvalue()


def qr_img(link: str, label: str) -> str | None:
    """The QR code as an <img> with its text alternative (a PNG in a data: URI, which st.html keeps; it strips
    inline SVG); None when the link is too long for a QR code."""
    import base64
    import html

    png = qr_png(link, scale=6)
    if png is None:
        return None
    data = base64.b64encode(png).decode("ascii")
    return (f'<img src="data:image/png;base64,{data}" alt="{html.escape(label)}" '
            'style="width: 100%; max-width: 320px; image-rendering: pixelated">')


def answers_csv(rows: list[dict], columns) -> str:
    """The answers as CSV; a cell a spreadsheet would read as a formula (=, +, -, @) is quoted with a leading '."""
    import csv
    import io

    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(columns), extrasaction="ignore")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: _defused(v) for k, v in row.items()})
    return out.getvalue()


def _defused(value: Any) -> Any:
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value
