"""Class mode in the app: which class this browser session is in, joining and leaving, and sending its answers.

Storage is `st.connection("classroom", type="sql")`. With no `[connections.classroom]` entry in
.streamlit/secrets.toml it is a SQLite file in the data folder (created on first use; ATTN_DATA_DIR moves it),
which needs no set-up; with one, it is that database (PostgreSQL through psycopg). The tables are made and
versioned by attn_ui.classroom_store on first use.

A learner in no class writes nothing. A learner in a class is a random id for this browser session. Sending an
answer never raises into the page and never holds it up for more than SEND_TIMEOUT: the write goes to the store's
writer thread (answers that arrive together are written together), and each answer keeps its own outcome, which
the learner reads under its reveal: "sending…" while it is on its way (checked again at every rerun), "sent" once
it landed, and a notice only for an answer that truly failed (refused, the database unreachable, or no word
within GIVE_UP seconds). That outcome is the answer's for good: a pause, a resume or a delete later changes the
class's line, never what an earlier answer says.

The class's line (its code, paused, open again, ended) is drawn at the top of every page's main area and in the
sidebar. It comes from the outcomes of the learner's answers, and from one read of the class at each page load,
bounded by SEND_TIMEOUT as an answer is (and in the background at a rerun, every STATUS_EVERY seconds, never
waited for). A class found ended or deleted is left: nothing more is sent, and the line says so.
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

from attn_lessons import classroom as words
from attn_lessons.misconceptions import QUESTIONS, answer_text, misconception

from .classroom_store import (
    BUSY_TIMEOUT_MS,
    MAX_LEARNERS,
    ClassError,
    ClassStore,
    new_learner_id,
    normalise_code,
)
from .pages import ROOT

SEND_TIMEOUT = 0.2  # seconds a learner's page waits for its answer to be written, at most
GIVE_UP = 5.0  # seconds with no word on an answer after which the learner is told it may not have arrived
STATUS_EVERY = 15.0  # seconds between two background reads of the class's status, at the learner's reruns
JOIN_TIMEOUT = 2.0  # joining happens on a click or a link, not under a reveal: it may wait a little longer
MAX_PENDING = 1000  # writes waiting (a hung database) beyond which new answers are not even tried: two full classes
WORKERS = 32  # threads for joins, reads of a class and the teacher's calls (answers go to the store's writer)
CODE, LEARNER, SETTINGS = "_class_code", "_class_learner", "_class_settings"
LINK_TRIED, ANSWERS, LAST, SENT = "_class_link_tried", "_class_answers", "_class_last", "_class_sent"
STATUS, ENDED, CHECKED, READING = "_class_status", "_class_ended", "_class_checked", "_class_reading"

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
    """The class store on this app's connection (one per engine, so the schema is checked once)."""
    path = local_file()
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
    return _stores[id(engine)]


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


def join(code: Any) -> str | None:
    """Put this browser session in the class `code`: None when it joined, else what went wrong, in words.
    The code's format is checked before anything reaches the database."""
    checked = normalise_code(code)
    if checked is None:
        return words.JOIN_ERRORS["format"]
    ss = st.session_state
    learner = ss.get(LEARNER) or new_learner_id()
    try:
        s = store()
    except Exception:  # noqa: BLE001
        return words.JOIN_ERRORS["unreachable"]
    status, result = bounded_call(s.join, checked, learner, timeout=JOIN_TIMEOUT)
    if status != "ok":
        return words.JOIN_ERRORS.get(status, words.JOIN_ERRORS["unreachable"]).format(limit=MAX_LEARNERS)
    ss[CODE], ss[LEARNER], ss[SETTINGS] = checked, learner, dict(result.settings)
    ss[STATUS] = "paused" if result.paused else "open"
    ss[CHECKED], ss[READING] = (ss.get("_visit"), time.monotonic()), None  # just read: no second read this visit
    ss.pop(ENDED, None)
    st.query_params["class"] = checked
    return None


def leave() -> None:
    """Leave the class: nothing more is sent, and the links stop carrying it. What became of the answers already
    given stays as it was."""
    ss = st.session_state
    for key in (CODE, SETTINGS, STATUS, ENDED, READING):
        ss.pop(key, None)
    ss[LINK_TRIED] = None
    if "class" in st.query_params:
        del st.query_params["class"]


def _ended(code: str) -> None:
    """The class `code` has ended or was deleted: leave it, and keep its code for the line that says so."""
    if current_class() != code:
        return
    leave()
    st.session_state[ENDED] = code


def _class_is(code: str, status: str, result: Any = None) -> None:
    """What a read of the class, or an answer's outcome, says of it: `status` as bounded_call gives it ("ok" with
    the ClassInfo, or a refusal's reason), or "sent" for an answer stored. Anything else (slow, unreachable) says
    nothing new."""
    ss = st.session_state
    if current_class() != code:
        return
    was = ss.get(STATUS, "open")
    if status == "not_found":
        _ended(code)
    elif status == "paused" or (status == "ok" and result.paused):
        ss[STATUS] = "paused"
    elif status == "ok" and was == "paused":
        ss[STATUS] = "resumed"  # said until the learner's next answer is stored
    elif status == "sent":
        ss[STATUS] = "open"


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
        _class_is(code, status, reading.result() if status == "ok" else None)
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
        else:
            _class_is(code, status, result)
    elif ss.get(READING) is None and now - at > STATUS_EVERY:
        ss[CHECKED] = (visit, now)
        try:
            ss[READING] = _submit(store().get_class, code)
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
    """Join a linked class, read its status at a page load, then its line, in the sidebar (with a way to leave)
    and at the top of the page's main area (`main`; None: not there), where a phone, whose sidebar is closed,
    shows it. Nothing when this session is in no class. `where`: a container in the sidebar (its foot by
    default)."""
    follow_link()
    refresh_status()
    line = class_status()
    if line is None:
        return
    icon, text = line
    if main is not None:
        main.caption(f"{icon} {text}")
    box = (where or st.sidebar).container(border=True)
    box.markdown(f"{icon} {text}")
    if current_class():
        box.button("Leave the class", key="class_leave", on_click=leave, icon=":material/logout:")
    else:
        box.button("Hide this", key="class_ended_hide", on_click=st.session_state.pop, args=(ENDED, None),
                   icon=":material/close:")


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
        """The outcome, taken from the write the first time it is known (and told to the class's line)."""
        if self.outcome is None and self.future is not None and self.future.done():
            self.outcome = _outcome(self.future)
            _class_is(self.code, "sent" if self.outcome == "ok" else self.outcome)
        return self.outcome


def _send(s: ClassStore, *args) -> Future | None:
    """Hand one answer to the store's writer, counted; None when too many already wait on a slow database."""
    return _counted(lambda: s.submit_record(*args))


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
        future = _send(store(), code, ss[LEARNER], page, question, sent_state, sent_answer, right, misconception)
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
    if current_class() is None or value is None:
        return False
    asked = QUESTIONS.get(question_id)
    page = asked.page if asked else "unknown"
    why = None if right else misconception(question_id, value, state)
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


def students_link(base: str, code: str, settings: Mapping[str, str]) -> str:
    """The link a class opens: the app with ?class=CODE and the teacher's sentence and settings, never the key."""
    from urllib.parse import quote, urlencode

    return base + "?" + urlencode({"class": code, **settings}, quote_via=quote)


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
