"""Class mode in the app: which class this browser session is in, joining and leaving, and sending its answers.

Storage is `st.connection("classroom", type="sql")`. With no `[connections.classroom]` entry in
.streamlit/secrets.toml it is a SQLite file in the data folder (created on first use; ATTN_DATA_DIR moves it),
which needs no set-up; with one, it is that database (PostgreSQL through psycopg). The tables are made and
versioned by attn_ui.classroom_store on first use.

A learner in no class writes nothing. A learner in a class is a random id for this browser session. Sending an
answer never raises into the page and never holds it up for more than SEND_TIMEOUT: the write runs on a worker
thread, and the page is told whether it was sent, with a short notice when it was not.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
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
JOIN_TIMEOUT = 2.0  # joining happens on a click or a link, not under a reveal: it may wait a little longer
MAX_PENDING = 1000  # writes waiting (a hung database) beyond which new answers are not even tried: two full classes
WORKERS = 32  # threads sending answers: on SQLite they wait on one writer that commits them together
CODE, LEARNER, SETTINGS, NOTICE = "_class_code", "_class_learner", "_class_settings", "_class_notice"
LINK_TRIED, PENDING = "_class_link_tried", "_class_pending"

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


def _submit(fn, *args) -> Future | None:
    """Run fn(*args) on the worker threads; None when too many writes are already waiting on a slow database."""
    global _pending
    with _pending_lock:
        if _pending >= MAX_PENDING:
            return None
        _pending += 1

    def run():
        global _pending
        try:
            return fn(*args)
        finally:
            with _pending_lock:
                _pending -= 1

    return _pool.submit(run)


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
    ss[CODE], ss[LEARNER], ss[SETTINGS], ss[NOTICE] = checked, learner, dict(result.settings), None
    st.query_params["class"] = checked
    return None


def leave() -> None:
    """Leave the class: nothing more is sent, and the links stop carrying it."""
    ss = st.session_state
    for key in (CODE, SETTINGS, NOTICE):
        ss.pop(key, None)
    ss[LINK_TRIED] = None
    if "class" in st.query_params:
        del st.query_params["class"]


def link_params() -> dict[str, str]:
    """What every page link adds to carry the class along: {'class': code}, or nothing."""
    code = current_class()
    return {"class": code} if code else {}


def follow_link() -> None:
    """Join the class a link names (?class=…) once per link; keep the session's class in the address bar."""
    ss, raw = st.session_state, st.query_params.get("class")
    if raw is not None and raw != current_class() and raw != ss.get(LINK_TRIED):
        ss[LINK_TRIED] = raw
        message = join(raw)
        if message is not None:
            st.warning(words.link_notice(raw[:12], message), icon=":material/link_off:")
            del st.query_params["class"]
            return
    code = current_class()
    if code and st.query_params.get("class") != code:
        st.query_params["class"] = code


def class_sidebar(where=None) -> None:
    """Join a linked class, then the sidebar's line for a learner in a class, with a way to leave; nothing
    when this session is in no class. `where`: a container in the sidebar (the sidebar's foot by default)."""
    follow_link()
    code = current_class()
    if not code:
        return
    box = (where or st.sidebar).container(border=True)
    box.markdown(f":material/groups: {words.class_line(code)}")
    box.button("Leave the class", key="class_leave", on_click=leave, icon=":material/logout:")


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


def record_answer(page: str, question: str, state: Mapping[str, Any], answer: str, right: bool,
                  misconception: str | None) -> bool:
    """Send one answer to this session's class: True when it was recorded. False, with a notice kept for
    last_notice(), when it was refused, failed or took longer than SEND_TIMEOUT; False when in no class (then
    nothing is written anywhere). Never raises."""
    code = current_class()
    if code is None:
        return False
    ss = st.session_state
    try:
        sent_state, sent_answer = shared_state(question, state, str(answer), right, ss.get(SETTINGS))
        s = store()
    except Exception:  # noqa: BLE001
        ss[NOTICE] = words.NOTICES["sent_failed"]
        return False
    status, result = bounded_call(s.record, code, ss[LEARNER], page, question, sent_state, sent_answer, right,
                                  misconception, timeout=SEND_TIMEOUT)
    ss[NOTICE] = None if status == "ok" else words.NOTICES.get(status, words.NOTICES["sent_failed"])
    ss[PENDING] = result if status == "slow" else None
    return status == "ok"


def last_notice() -> str | None:
    """Why this session's last answer was not sent, or None."""
    return st.session_state.get(NOTICE)


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
    question's id, and the misconception from attn_lessons.misconceptions; a failure draws a one-line notice.

    One answer is sent once, however many reruns show its reveal: `checkpoint`, the key given to
    checkpoint.predict (its stored answer is one object until the learner answers again), or `once`, any object
    that stands for this one answer. `notify=False` draws no notice (in a widget's callback, say: show
    last_notice() where the verdict is drawn). Never raises; False when in no class."""
    if current_class() is None or value is None:
        return False
    ss = st.session_state
    if checkpoint is not None:
        once = ss.get(f"_cp_{checkpoint}")  # checkpoint's record of this answer: the same until answered again
    sent = ss.setdefault("_class_sent", {})
    if once is not None and sent.get(question_id) is once:  # this very answer, shown again on a rerun
        return _still_sending(question_id)
    asked = QUESTIONS.get(question_id)
    page = asked.page if asked else "unknown"
    why = None if right else misconception(question_id, value, state)
    ok = record_answer(page, question_id, state, answer_text(question_id, value, state), right, why)
    if once is not None:
        sent[question_id] = once
        ss.setdefault("_class_late", {})[question_id] = (ss.get(PENDING), last_notice()) if not ok else None
    if not ok and last_notice() and notify:
        st.caption(last_notice())
    return ok


def _still_sending(question_id: str) -> bool:
    """On a rerun after a slow send: True once the write has landed; until then the notice stays."""
    late = st.session_state.get("_class_late", {}).get(question_id)
    if late is None:
        return True
    future, notice = late
    if future is not None and future.done() and future.exception() is None:
        st.session_state["_class_late"][question_id] = None  # it arrived after all: no notice any more
        return True
    if notice:
        st.caption(notice)
    return False


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
