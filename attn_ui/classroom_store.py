"""Class mode's storage: classes, their learners and their answers, in plain SQLAlchemy Core (no Streamlit).

`ClassStore(engine)` works on any SQLAlchemy engine: a SQLite file (WAL, a busy timeout, writes in
BEGIN IMMEDIATE so concurrent writers queue instead of failing) or PostgreSQL through psycopg. Every statement is
built by SQLAlchemy with bound parameters; no text from a learner or a link is ever spliced into SQL. Every field
is bounded in length, a join code and a teacher key are checked for their format before any query, the teacher
key is stored only as its SHA-256 and compared in constant time, a learner may send at most RATE_LIMIT answers a
minute and a class holds at most MAX_LEARNERS. A class expires EXPIRY_DAYS after it was made, with its rows.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import queue
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.exc import IntegrityError, OperationalError

SCHEMA_VERSION = 3  # 2: the teacher's list of questions, the question the class is led through, page visits;
# 3: the language each answer was given in
CODE_LENGTH = 6
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY2345679"  # no 0/O, 1/I/L, 8/B, 5/S, Z: nothing to misread on a projector
KEY_BYTES = 24  # the teacher key: 24 random bytes, 32 URL-safe characters
MAX_LEARNERS = 500
RATE_LIMIT = 60  # answers per learner per RATE_WINDOW seconds
RATE_WINDOW = 60.0
ACTIVE_WINDOW = 300.0  # "active" (present): seen, joined or answered in the last five minutes
SEEN_EVERY = 30.0  # a learner's "last seen" moves at most this often: "active" counts in minutes
MAX_QUESTIONS = 40  # the teacher's list of questions
EXPIRY_DAYS = 30
BUSY_TIMEOUT_MS = 5000  # how long a SQLite writer waits for the lock before it gives up
STATEMENT_TIMEOUT_MS = 10_000  # how long a PostgreSQL statement may run before it gives up
LIMITS = {"page": 40, "question": 60, "answer": 200, "misconception": 200, "state_value": 120, "state": 1500,
          "settings": 6000}
STATE_KEYS = 16

_CODE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
_KEY = re.compile(r"[A-Za-z0-9_-]{32}")
_LEARNER = re.compile(r"[0-9a-f]{32}")
_NAME = re.compile(r"[a-z][a-z0-9_.]*")
_LANG = re.compile(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}")  # a language tag: en, zh-CN, zh-Hans-CN
LANG_LENGTH = 16

metadata = sa.MetaData()
meta_table = sa.Table(
    "classroom_meta", metadata,
    sa.Column("name", sa.String(40), primary_key=True),
    sa.Column("value", sa.String(40), nullable=False),
)
classes = sa.Table(
    "classroom_classes", metadata,
    sa.Column("code", sa.String(CODE_LENGTH), primary_key=True),
    sa.Column("key_hash", sa.String(64), nullable=False),
    sa.Column("settings", sa.Text, nullable=False),  # the teacher's sentence and settings, as JSON
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("expires_at", sa.Float, nullable=False, index=True),
    sa.Column("paused", sa.Boolean, nullable=False, default=False),
    # schema 2: the teacher's questions in order (a JSON list of ids) and the question the class is led through
    sa.Column("questions", sa.Text, nullable=False, server_default="[]"),
    sa.Column("lead_question", sa.String(LIMITS["question"]), nullable=True),
    sa.Column("lead_state", sa.Text, nullable=True),
    sa.Column("lead_revealed", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("lead_seq", sa.Integer, nullable=False, server_default="0"),
)
V2_COLUMNS = ("questions", "lead_question", "lead_state", "lead_revealed", "lead_seq")  # added by the migration
V3_COLUMNS = ("lang",)  # the answers' column added by the migration to schema 3
learners = sa.Table(
    "classroom_learners", metadata,
    sa.Column("code", sa.String(CODE_LENGTH), primary_key=True),
    sa.Column("learner", sa.String(32), primary_key=True),  # a random id for one browser (its cookie keeps it)
    sa.Column("joined_at", sa.Float, nullable=False),
    sa.Column("last_seen", sa.Float, nullable=False),
)
answers = sa.Table(
    "classroom_answers", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("code", sa.String(CODE_LENGTH), nullable=False),
    sa.Column("learner", sa.String(32), nullable=False),
    sa.Column("page", sa.String(LIMITS["page"]), nullable=False),
    sa.Column("question", sa.String(LIMITS["question"]), nullable=False),
    sa.Column("state", sa.Text, nullable=False),  # canonical JSON of the state the question was asked in
    sa.Column("state_hash", sa.String(32), nullable=False),
    sa.Column("attempt", sa.Integer, nullable=False),
    sa.Column("answer", sa.String(LIMITS["answer"]), nullable=False),
    sa.Column("right", sa.Boolean, nullable=False),
    sa.Column("misconception", sa.String(LIMITS["misconception"]), nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    # schema 3: the language the learner read the question in (the answer itself is the same in every language);
    # NULL for an answer recorded before it was kept
    sa.Column("lang", sa.String(LANG_LENGTH), nullable=True),
    # one first attempt per learner per question and state, however many requests race
    sa.UniqueConstraint("code", "learner", "page", "question", "state_hash", "attempt", name="uq_classroom_attempt"),
    sa.Index("ix_classroom_answers_first", "code", "attempt"),
    sa.Index("ix_classroom_answers_rate", "code", "learner", "created_at"),
)
visits = sa.Table(  # schema 2: which pages each learner reached, once per page (for the class summary)
    "classroom_visits", metadata,
    sa.Column("code", sa.String(CODE_LENGTH), primary_key=True),
    sa.Column("learner", sa.String(32), primary_key=True),
    sa.Column("page", sa.String(LIMITS["page"]), primary_key=True),
    sa.Column("first_at", sa.Float, nullable=False),
)


class ClassError(Exception):
    """A refusal. The page tells the learner or teacher about it by its `reason`, in attn_lessons.classroom's words
    (NOTICES, JOIN_ERRORS, REFUSED); the message says the same plainly for a log, a script or a test."""

    reason = "error"


class BadFormat(ClassError):
    reason = "format"


class NotFound(ClassError):
    reason = "not_found"


class Paused(ClassError):
    reason = "paused"


class Full(ClassError):
    reason = "full"


class RateLimited(ClassError):
    reason = "rate"


class NotJoined(ClassError):
    reason = "not_joined"


class Refused(ClassError):
    """A wrong or missing teacher key: no data."""

    reason = "refused"


def normalise_code(raw: Any) -> str | None:
    """A join code as typed ('k7q 2pm', 'K7Q-2PM') in its one form, 'K7Q2PM'; None unless it has the format."""
    if not isinstance(raw, str) or len(raw) > 20:
        return None
    code = re.sub(r"[\s-]", "", raw).upper()
    return code if _CODE.fullmatch(code) else None


def valid_key(raw: Any) -> bool:
    """Whether `raw` has the teacher key's format (32 URL-safe characters), before any hashing or query."""
    return isinstance(raw, str) and _KEY.fullmatch(raw) is not None


def valid_learner(raw: Any) -> bool:
    return isinstance(raw, str) and _LEARNER.fullmatch(raw) is not None


def new_learner_id() -> str:
    """An anonymous learner: 16 random bytes, nothing about the person."""
    return secrets.token_hex(16)


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("ascii")).hexdigest()


def bounded(text: Any, limit: int) -> str:
    """`text` as a string of at most `limit` characters (cut with an ellipsis), control characters removed."""
    s = "".join(ch for ch in str(text) if ch.isprintable() or ch == " ")
    return s if len(s) <= limit else s[: limit - 1] + "…"


def canonical_state(state: Mapping[str, Any]) -> str:
    """The state as canonical JSON: sorted keys, at most STATE_KEYS of them, each value bounded; the whole bounded.

    Values are numbers, booleans, None, strings or lists of those; anything else is kept as its bounded text."""
    if not isinstance(state, Mapping):
        raise BadFormat("The question's state must be a mapping.")
    clean: dict[str, Any] = {}
    for k in sorted(state, key=str)[:STATE_KEYS]:
        clean[bounded(k, 40)] = _clean_value(state[k])
    text = json.dumps(clean, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    if len(text) > LIMITS["state"]:
        raise BadFormat("The question's state is too long to record.")
    return text


def _clean_value(v: Any) -> Any:
    if v is None or isinstance(v, bool):
        return v
    if isinstance(v, int):
        return v if abs(v) < 2**53 else bounded(v, LIMITS["state_value"])
    if isinstance(v, float):
        return v if v == v and abs(v) != float("inf") else str(v)
    if isinstance(v, (list, tuple)):
        return [_clean_value(x) for x in list(v)[:32]]
    return bounded(v, LIMITS["state_value"])


def _checked_name(raw: Any, what: str) -> str:
    if not isinstance(raw, str) or len(raw) > LIMITS[what] or not _NAME.fullmatch(raw):
        raise BadFormat(f"The {what} name {bounded(raw, 40)!r} is not one this app records.")
    return raw


@dataclass(frozen=True)
class ClassInfo:
    """One class as its learners and teacher see it."""

    code: str
    settings: dict
    created_at: float
    expires_at: float
    paused: bool
    questions: tuple[str, ...] = ()  # the teacher's list, in the teacher's order: #1, #2, … everywhere


@dataclass(frozen=True)
class Lead:
    """The question the teacher has put in front of the class, read from the database (every server process sees
    the same): its id, the state it is asked in, whether the answer is revealed, and `seq`, which grows by one at
    each new pick (a reveal keeps it), so a follower can tell a new pick from the one it already followed."""

    question_id: str
    state: dict
    revealed: bool
    seq: int


@dataclass
class QuestionStats:
    """The first attempts at one question in one state: how many, how many right, and every answer counted."""

    page: str
    question: str
    state: dict
    answered: int = 0
    right: int = 0
    attempts: int = 0  # every attempt, first or not
    answers: dict[str, int] = field(default_factory=dict)  # answer -> learners who gave it first
    wrong: dict[tuple[str, str | None], int] = field(default_factory=dict)  # (answer, misconception) -> learners

    @property
    def share_right(self) -> float:
        return self.right / self.answered if self.answered else 0.0


@dataclass(frozen=True)
class Dashboard:
    """What the teacher's dashboard shows, as numbers: the words come from attn_lessons.classroom."""

    info: ClassInfo
    joined: int
    active: int  # present: seen in the last ACTIVE_WINDOW seconds
    questions: list[QuestionStats]
    answered: int = 0  # learners with at least one answer
    pages: dict[str, int] = field(default_factory=dict)  # page -> learners who reached it (visited or answered)


def _sqlite_connect(dbapi_connection, _record) -> None:
    """Each new SQLite connection: WAL, a busy timeout, and no BEGIN of the driver's own (_sqlite_begin sends it)."""
    dbapi_connection.isolation_level = None
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cur.execute("PRAGMA synchronous=NORMAL")  # safe with WAL: a power cut may lose the last commits only
    cur.close()


def _sqlite_begin(conn) -> None:
    """BEGIN IMMEDIATE for a write: a deferred transaction that reads, then writes, fails at once under a
    concurrent writer instead of waiting its turn. Reads keep a plain BEGIN and never wait."""
    conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("classroom_write") else "BEGIN")


def _postgres_connect(dbapi_connection, _record) -> None:
    """A commit does not wait for its WAL to reach the disk: a crash may lose the last fraction of a second of
    answers, never corrupt one (the trade SQLite's synchronous=NORMAL in WAL makes too)."""
    autocommit = dbapi_connection.autocommit
    dbapi_connection.autocommit = True
    dbapi_connection.execute("SET synchronous_commit TO OFF")
    # a statement stuck behind a lock holds up the class's writer: after this long it fails, and is told so
    dbapi_connection.execute(f"SET statement_timeout TO {STATEMENT_TIMEOUT_MS}")
    dbapi_connection.autocommit = autocommit


def _sqlite_setup(engine: sa.Engine) -> None:
    """Attach the two listeners once per engine (a connection opened before them is thrown away)."""
    if not event.contains(engine, "connect", _sqlite_connect):
        engine.dispose()
        event.listen(engine, "connect", _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)


_SCHEMA_LOCK = threading.Lock()
_FILE_LOCKS: dict[str, threading.Lock] = {}


def _sqlite_lock(engine: sa.Engine) -> threading.Lock:
    """One lock per SQLite file in this process, shared by every store on it."""
    with _SCHEMA_LOCK:
        return _FILE_LOCKS.setdefault(str(engine.url.database), threading.Lock())


class ClassStore:
    """Every read and write class mode makes, on one SQLAlchemy engine."""

    def __init__(self, engine: sa.Engine, clock: Callable[[], float] = time.time):
        self.engine = engine
        self.clock = clock
        self._sqlite_lock = _sqlite_lock(engine) if engine.dialect.name == "sqlite" else None
        self._batcher = _Batcher(self)
        if self._sqlite_lock is not None:
            _sqlite_setup(engine)
        elif engine.dialect.name == "postgresql" and not event.contains(engine, "connect", _postgres_connect):
            engine.dispose()
            event.listen(engine, "connect", _postgres_connect)
        self._ready = False

    # ------------------------------------------------------------------------------------------ schema

    def ensure_schema(self) -> None:
        """Create the tables on first use and record the schema's version; refuse a database a newer app wrote."""
        if self._ready:
            return
        with _SCHEMA_LOCK:
            for attempt in range(3):
                try:
                    metadata.create_all(self.engine, checkfirst=True)
                    self._check_version()
                    break
                except (IntegrityError, OperationalError, sa.exc.ProgrammingError):
                    if attempt == 2:  # another process was creating the same tables; look again, then give up
                        raise
                    time.sleep(0.05 * (attempt + 1))
            self._ready = True

    def _check_version(self) -> None:
        with self._writing() as conn:
            # the row is locked (PostgreSQL; SQLite's BEGIN IMMEDIATE is one writer), so one process migrates
            # and the others, waiting, read the version it wrote
            row = conn.execute(sa.select(meta_table.c.value).where(meta_table.c.name == "schema_version")
                               .with_for_update()).first()
            if row is None:
                conn.execute(meta_table.insert().values(name="schema_version", value=str(SCHEMA_VERSION)))
            elif int(row.value) > SCHEMA_VERSION:
                raise RuntimeError(f"The class database has schema version {row.value}; this app knows "
                                   f"{SCHEMA_VERSION}. Update the app before using this database.")
            else:
                for version in range(int(row.value), SCHEMA_VERSION):  # one step at a time, in this transaction
                    _MIGRATIONS[version](conn)
                conn.execute(meta_table.update().where(meta_table.c.name == "schema_version")
                             .values(value=str(SCHEMA_VERSION)))

    def schema_version(self) -> int:
        self.ensure_schema()
        with self.engine.connect() as conn:
            return int(conn.execute(sa.select(meta_table.c.value)
                                    .where(meta_table.c.name == "schema_version")).scalar_one())

    def _writing(self) -> _Writing:
        """A write transaction (BEGIN IMMEDIATE on SQLite), committed on success and closed either way."""
        return _Writing(self)

    # ------------------------------------------------------------------------------------------ classes

    def create_class(self, settings: Mapping[str, Any]) -> tuple[str, str]:
        """A new class with the teacher's settings: (its join code, its teacher key). Only the key's hash is kept."""
        self.ensure_schema()
        self.expire()
        text = json.dumps(dict(settings), sort_keys=True, ensure_ascii=False)
        if len(text) > LIMITS["settings"]:
            raise BadFormat("The class's settings are too long to keep.")
        now, key = self.clock(), secrets.token_urlsafe(KEY_BYTES)
        for _ in range(20):  # 27⁶ ≈ 387 million codes: a clash is rare, and then another code is drawn
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            try:
                with self._writing() as conn:
                    conn.execute(classes.insert().values(code=code, key_hash=key_hash(key), settings=text,
                                                         created_at=now, expires_at=now + EXPIRY_DAYS * 86400,
                                                         paused=False))
                return code, key
            except IntegrityError:
                continue
        raise RuntimeError("No free join code was found; try again.")

    def get_class(self, code: Any) -> ClassInfo:
        """The class with this join code, unexpired; BadFormat or NotFound otherwise (format first, then query)."""
        checked = normalise_code(code)
        if checked is None:
            raise BadFormat("A class code is 6 letters and digits, such as K7Q2PM.")
        self.ensure_schema()
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(classes).where(classes.c.code == checked)).first()
        if row is None or row.expires_at <= self.clock():
            raise NotFound(f"There is no class {checked}: check the code with your teacher.")
        return ClassInfo(row.code, json.loads(row.settings), row.created_at, row.expires_at, bool(row.paused),
                         tuple(json.loads(row.questions or "[]")))

    def check_key(self, code: Any, key: Any) -> bool:
        """Whether `key` is this class's teacher key: its format first, then its hash compared in constant time."""
        checked = normalise_code(code)
        if checked is None or not valid_key(key):
            return False
        self.ensure_schema()
        with self.engine.connect() as conn:
            stored = conn.execute(sa.select(classes.c.key_hash, classes.c.expires_at)
                                  .where(classes.c.code == checked)).first()
        if stored is None or stored.expires_at <= self.clock():
            return False
        return hmac.compare_digest(stored.key_hash, key_hash(key))

    def _require_key(self, code: Any, key: Any) -> str:
        if not self.check_key(code, key):
            raise Refused("That teacher key does not open this class.")
        return normalise_code(code)

    def set_paused(self, code: Any, key: Any, paused: bool) -> None:
        checked = self._require_key(code, key)
        with self._writing() as conn:
            conn.execute(classes.update().where(classes.c.code == checked).values(paused=bool(paused)))

    def set_questions(self, code: Any, key: Any, question_ids: list[str]) -> tuple[str, ...]:
        """The teacher's list of questions, in the teacher's order (a repeat is kept once, where it first comes): it
        numbers the questions on the dashboard, the projector and the CSV. The ids are checked for their format
        here; which ids exist is the words layer's to say. The list as kept."""
        checked = self._require_key(code, key)
        if isinstance(question_ids, (str, bytes)) or len(question_ids) > MAX_QUESTIONS:
            raise BadFormat(f"A class's list holds at most {MAX_QUESTIONS} questions.")
        kept = tuple(dict.fromkeys(_checked_name(q, "question") for q in question_ids))
        with self._writing() as conn:
            conn.execute(classes.update().where(classes.c.code == checked).values(questions=json.dumps(list(kept))))
        return kept

    def lead(self, code: Any, key: Any, question_id: str | None, state: Mapping[str, Any]) -> int:
        """Put a question, asked in `state`, in front of the class (None: stop leading), not yet revealed; the new
        sequence number (one more than the last pick's, read and written in one locked transaction)."""
        checked = self._require_key(code, key)
        values: dict[str, Any] = {"lead_question": None, "lead_state": None, "lead_revealed": False}
        if question_id is not None:
            values.update(lead_question=_checked_name(question_id, "question"), lead_state=canonical_state(state))
        with self._writing() as conn:
            seq = conn.execute(sa.select(classes.c.lead_seq).where(classes.c.code == checked)
                               .with_for_update()).scalar_one() + 1
            conn.execute(classes.update().where(classes.c.code == checked).values(lead_seq=seq, **values))
        return int(seq)

    def reveal(self, code: Any, key: Any, revealed: bool = True) -> None:
        """Open (or close again) the answer of the question the class is led through; the pick's seq is kept."""
        checked = self._require_key(code, key)
        with self._writing() as conn:
            conn.execute(classes.update().where(classes.c.code == checked).values(lead_revealed=bool(revealed)))

    def leading(self, code: Any) -> Lead | None:
        """The question the class is led through now, or None; one read, no key (every learner may follow).
        BadFormat or NotFound as get_class."""
        checked = normalise_code(code)
        if checked is None:
            raise BadFormat("A class code is 6 letters and digits, such as K7Q2PM.")
        self.ensure_schema()
        c = classes.c
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(c.lead_question, c.lead_state, c.lead_revealed, c.lead_seq, c.expires_at)
                               .where(c.code == checked)).first()
        if row is None or row.expires_at <= self.clock():
            raise NotFound(f"There is no class {checked}: check the code with your teacher.")
        if row.lead_question is None:
            return None
        return Lead(row.lead_question, json.loads(row.lead_state or "{}"), bool(row.lead_revealed),
                    int(row.lead_seq))

    def delete_class(self, code: Any, key: Any) -> None:
        """The class and every row it owns."""
        checked = self._require_key(code, key)
        with self._writing() as conn:
            self._delete_codes(conn, [checked])

    def _delete_codes(self, conn, codes: list[str]) -> None:
        for table in (answers, visits, learners, classes):
            conn.execute(table.delete().where(table.c.code.in_(codes)))

    def expire(self) -> int:
        """Delete every class past its expiry, with its rows; how many classes went."""
        self.ensure_schema()
        now = self.clock()
        with self.engine.connect() as conn:
            old = list(conn.execute(sa.select(classes.c.code).where(classes.c.expires_at <= now)).scalars())
        if old:
            with self._writing() as conn:
                self._delete_codes(conn, old)
        return len(old)

    # ------------------------------------------------------------------------------------------ learners

    def join(self, code: Any, learner: str) -> ClassInfo:
        """Put a learner in a class (again is fine): the class, or NotFound / Full / BadFormat."""
        info = self.get_class(code)
        if not valid_learner(learner):
            raise BadFormat("That learner id is not one this app made.")
        now = self.clock()
        with self._writing() as conn:
            seen = conn.execute(sa.select(learners.c.learner).where(learners.c.code == info.code,
                                                                    learners.c.learner == learner)).first()
            if seen is not None:
                conn.execute(learners.update().where(learners.c.code == info.code, learners.c.learner == learner)
                             .values(last_seen=now))
                return info
            count = conn.execute(sa.select(sa.func.count()).select_from(learners)
                                 .where(learners.c.code == info.code)).scalar_one()
            if count >= MAX_LEARNERS:
                raise Full(f"Class {info.code} is full ({MAX_LEARNERS} learners).")
            conn.execute(learners.insert().values(code=info.code, learner=learner, joined_at=now, last_seen=now))
        return info

    def seen(self, code: Any, learner: str) -> bool:
        """The learner is here now: their "last seen" moves (at most every SEEN_EVERY seconds, so this is a read
        most of the time), which is what "present" counts. Whether the learner is in the class."""
        checked = normalise_code(code)
        if checked is None or not valid_learner(learner):
            raise BadFormat("The class code or learner id has the wrong format.")
        self.ensure_schema()
        now, lr = self.clock(), learners.c
        mine = sa.and_(lr.code == checked, lr.learner == learner)
        with self.engine.connect() as conn:
            last = conn.execute(sa.select(lr.last_seen).where(mine)).scalar_one_or_none()
        if last is None:
            return False
        if last < now - SEEN_EVERY:
            with self._writing() as conn:
                conn.execute(learners.update().where(mine, lr.last_seen < now - SEEN_EVERY).values(last_seen=now))
        return True

    def visit(self, code: Any, learner: str, page: str) -> bool:
        """The learner reached `page` (kept once per page, for the summary's "reached it"); it also counts as
        seen. Whether it was kept: False for a learner who is not in the class (nothing written)."""
        checked = normalise_code(code)
        page = _checked_name(page, "page")
        if not self.seen(checked, learner):
            return False
        v = visits.c
        mine = sa.and_(v.code == checked, v.learner == learner, v.page == page)
        with self.engine.connect() as conn:
            if conn.execute(sa.select(v.first_at).where(mine)).first() is not None:
                return True
        try:
            with self._writing() as conn:
                if conn.execute(sa.select(v.first_at).where(mine)).first() is None:
                    conn.execute(visits.insert().values(code=checked, learner=learner, page=page,
                                                        first_at=self.clock()))
        except IntegrityError:
            pass  # another process kept the same visit a moment ago
        return True

    def record(self, code: Any, learner: str, page: str, question: str, state: Mapping[str, Any], answer: Any,
               right: bool, misconception: str | None = None, lang: str | None = None) -> int:
        """Record one answer; its attempt number (1 for the learner's first at this question in this state).
        `answer` and `misconception` in a form that is the same in every language; `lang`, the learner's language.

        Refused with Paused, NotFound, NotJoined, RateLimited or BadFormat; never half-written."""
        return self.submit_record(code, learner, page, question, state, answer, right, misconception, lang).result()

    def submit_record(self, code: Any, learner: str, page: str, question: str, state: Mapping[str, Any],
                      answer: Any, right: bool, misconception: str | None = None, lang: str | None = None) -> Future:
        """`record` without waiting: a Future of the attempt number (or of the refusal). The answer is checked for
        its format here, before any query; it is written with the others that arrive at the same moment, in one
        transaction (see _Batcher)."""
        try:
            row = self._row(code, learner, page, question, state, answer, right, misconception, lang)
        except ClassError as err:
            future: Future = Future()
            future.set_exception(err)
            return future
        return self._batcher.submit(row)

    @staticmethod
    def _row(code, learner, page, question, state, answer, right, misconception, lang=None) -> dict:
        checked = normalise_code(code)
        if checked is None or not valid_learner(learner):
            raise BadFormat("The class code or learner id has the wrong format.")
        if lang is not None and not (isinstance(lang, str) and len(lang) <= LANG_LENGTH and _LANG.fullmatch(lang)):
            raise BadFormat("The language is not a language tag (en, zh-CN).")
        row = {"code": checked, "learner": learner, "page": _checked_name(page, "page"),
               "question": _checked_name(question, "question"), "state": canonical_state(state),
               "answer": bounded(answer, LIMITS["answer"]), "right": bool(right),
               "misconception": None if misconception is None else bounded(misconception, LIMITS["misconception"]),
               "lang": lang}
        row["state_hash"] = hashlib.sha256(row["state"].encode()).hexdigest()[:32]
        return row

    def _insert_many(self, conn, rows: list[dict]) -> list[int | Exception]:
        """Write the answers `rows`, in order, in the open transaction `conn`: for each, its attempt number or its
        refusal. Four statements whatever the number of rows: the checks (class, learner, the last minute's count)
        in one read that locks the learners' rows, the attempts so far, one insert of every row, and the learners'
        times. The lock makes one learner's answers write one at a time (PostgreSQL; SQLite has one writer at a
        time anyway), so the attempt numbers and the cap are exact, across processes too."""
        now, a, lr = self.clock(), answers.c, learners.c
        pairs = sorted({(r["code"], r["learner"]) for r in rows})
        recent = (sa.select(sa.func.count()).select_from(answers)
                  .where(a.code == lr.code, a.learner == lr.learner, a.created_at > now - RATE_WINDOW)
                  .correlate(learners).scalar_subquery())
        found = {(f.code, f.learner): f for f in conn.execute(
            sa.select(lr.code, lr.learner, lr.last_seen, classes.c.paused, classes.c.expires_at,
                      recent.label("recent"))
            .join(classes, classes.c.code == lr.code)
            .where(sa.tuple_(lr.code, lr.learner).in_(pairs)).with_for_update(of=learners))}
        keys = sorted({(r["code"], r["learner"], r["page"], r["question"], r["state_hash"]) for r in rows})
        last = {tuple(k): int(n) for *k, n in conn.execute(
            sa.select(a.code, a.learner, a.page, a.question, a.state_hash, sa.func.max(a.attempt))
            .where(sa.tuple_(a.code, a.learner, a.page, a.question, a.state_hash).in_(keys))
            .group_by(a.code, a.learner, a.page, a.question, a.state_hash))}
        counts = {pair: f.recent for pair, f in found.items()}
        results: list[int | Exception] = []
        inserts, stale = [], set()
        for r in rows:
            pair = (r["code"], r["learner"])
            f = found.get(pair)
            try:
                if f is None or f.expires_at <= now or f.paused:
                    self._refusal(conn, r["code"], f, now)
                if counts[pair] >= RATE_LIMIT:
                    raise RateLimited(f"More than {RATE_LIMIT} answers in a minute: wait a moment.")
            except ClassError as err:
                results.append(err)
                continue
            counts[pair] += 1
            key = (*pair, r["page"], r["question"], r["state_hash"])
            last[key] = attempt = last.get(key, 0) + 1
            inserts.append({**r, "attempt": attempt, "created_at": now})
            results.append(attempt)
            if f.last_seen < now - SEEN_EVERY:  # "active" counts in minutes: the learner's time moves every 30 s
                stale.add(pair)
        if inserts:
            conn.execute(answers.insert(), inserts)
        if stale:
            conn.execute(learners.update().where(sa.tuple_(lr.code, lr.learner).in_(sorted(stale)))
                         .values(last_seen=now))
        return results

    @staticmethod
    def _refusal(conn, code: str, found, now: float):
        """Why an answer is refused: the class is gone, paused, or the learner is not in it."""
        if found is not None and found.expires_at > now:
            raise Paused("Your teacher has paused the class.")
        cls = conn.execute(sa.select(classes.c.expires_at).where(classes.c.code == code)).first()
        if cls is None or cls.expires_at <= now:
            raise NotFound(f"There is no class {code} any more.")
        raise NotJoined("You are not in this class; join it again.")

    # ------------------------------------------------------------------------------------------ the teacher

    def dashboard(self, code: Any, key: Any) -> Dashboard:
        """Learners joined and active, and every question's first attempts; Refused without the right key."""
        checked = self._require_key(code, key)
        info, now = self.get_class(checked), self.clock()
        a = answers.c
        with self.engine.connect() as conn:
            joined, active = conn.execute(sa.select(
                sa.func.count(), sa.func.coalesce(sa.func.sum(sa.case((learners.c.last_seen > now - ACTIVE_WINDOW,
                                                                        1), else_=0)), 0))
                .where(learners.c.code == checked)).one()
            # one pass over the class's answers: every attempt counted, and the first attempts apart
            first = sa.func.sum(sa.case((a.attempt == 1, 1), else_=0)).label("first")
            groups = conn.execute(sa.select(a.page, a.question, a.state_hash, sa.func.min(a.state).label("state"),
                                            a.answer, a.right, a.misconception, first,
                                            sa.func.count().label("n"))
                                  .where(a.code == checked)
                                  .group_by(a.page, a.question, a.state_hash, a.answer, a.right,
                                            a.misconception)).all()
            answered = conn.execute(sa.select(sa.func.count(sa.distinct(a.learner))).where(a.code == checked)
                                    ).scalar_one()
            reached = sa.union(sa.select(visits.c.page, visits.c.learner).where(visits.c.code == checked),
                               sa.select(a.page, a.learner).where(a.code == checked)).subquery()
            pages = {p: int(n) for p, n in conn.execute(sa.select(reached.c.page, sa.func.count())
                                                        .group_by(reached.c.page))}
        return Dashboard(info, int(joined), int(active), _gather(groups), int(answered), pages)

    def answer_rows(self, code: Any, key: Any) -> list[dict]:
        """Every answer of the class, oldest first, learners numbered 1, 2, … in the order they first answered; each
    with the language it was given in ('' for an answer recorded before schema 3 kept it)."""
        checked = self._require_key(code, key)
        a = answers.c
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(a.created_at, a.learner, a.page, a.question, a.state, a.attempt, a.answer,
                                          a.right, a.misconception, a.lang).where(a.code == checked)
                                .order_by(a.created_at, a.id)).all()
        numbers: dict[str, int] = {}
        out = []
        for r in rows:
            n = numbers.setdefault(r.learner, len(numbers) + 1)
            out.append({"time": r.created_at, "learner": n, "page": r.page, "question": r.question, "state": r.state,
                        "attempt": r.attempt, "answer": r.answer, "right": bool(r.right),
                        "misconception": r.misconception or "", "lang": r.lang or ""})
        return out

    def count_rows(self, code: str) -> dict[str, int]:
        """How many rows each table holds for a class (the tests check that delete leaves none)."""
        with self.engine.connect() as conn:
            return {t.name: conn.execute(sa.select(sa.func.count()).select_from(t).where(t.c.code == code))
                    .scalar_one() for t in (classes, learners, answers, visits)}


def _migrate_1_to_2(conn) -> None:
    """Schema 1 to 2: the classes gain the teacher's list and the lead (their columns as `classes` declares them,
    with their defaults, so every old class reads as 'no list, not leading'); the visits table is new, and
    create_all made it before this ran. Old rows are kept as they are."""
    for name in V2_COLUMNS:
        column = sa.schema.CreateColumn(classes.c[name]).compile(dialect=conn.dialect)
        conn.execute(sa.text(f"ALTER TABLE {classes.name} ADD COLUMN {column}"))  # our own names: nothing typed


def _migrate_2_to_3(conn) -> None:
    """Schema 2 to 3: the answers gain the learner's language (NULL: an answer recorded before, read as it was)."""
    for name in V3_COLUMNS:
        column = sa.schema.CreateColumn(answers.c[name]).compile(dialect=conn.dialect)
        conn.execute(sa.text(f"ALTER TABLE {answers.name} ADD COLUMN {column}"))  # our own names: nothing typed


_MIGRATIONS: dict[int, Callable[[Any], None]] = {1: _migrate_1_to_2, 2: _migrate_2_to_3}  # from version k to k + 1


class _Batcher:
    """Group commit: the answers waiting to be written go in one transaction of a few statements
    (ClassStore._insert_many), written by one thread per store; a refused answer leaves the others. A burst (a
    class told "answer now") was a transaction per answer, each queueing behind the last (SQLite writes one
    transaction at a time) or each taking a pooled connection and its round trips (PostgreSQL). The thread stops
    after IDLE seconds with nothing to write, and starts again with the next answer."""

    BATCH = 500
    IDLE = 5.0

    def __init__(self, store: ClassStore):
        self.store = store
        self.queue: queue.SimpleQueue = queue.SimpleQueue()
        self.thread: threading.Thread | None = None
        self.lock = threading.Lock()

    def submit(self, row: dict) -> Future:
        future: Future = Future()
        self.queue.put((row, future))
        with self.lock:
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="classroom-writer", daemon=True)
                self.thread.start()
        return future

    def _run(self) -> None:
        while True:
            try:
                batch = [self.queue.get(timeout=self.IDLE)]
            except queue.Empty:
                with self.lock:  # an answer put before this check is written; one put after starts a new thread
                    if self.queue.empty():
                        self.thread = None
                        return
                continue
            while len(batch) < self.BATCH:
                try:
                    batch.append(self.queue.get_nowait())
                except queue.Empty:
                    break
            try:
                self._write(batch)
            except BaseException as err:  # noqa: BLE001  (never leave an answer without an outcome)
                for _, future in batch:
                    if not future.done():
                        future.set_exception(err if isinstance(err, Exception) else RuntimeError(repr(err)))

    def _write(self, batch: list[tuple[dict, Future]]) -> None:
        try:
            self.store.ensure_schema()
            results = self._attempt([row for row, _ in batch])
        except Exception as err:  # noqa: BLE001  (the batch failed as a whole, and none of it was written)
            if len(batch) == 1 or isinstance(err, (OperationalError, sa.exc.InterfaceError)):
                results = [err] * len(batch)  # the database is down or locked: every answer hears so
            else:  # one answer the database would not take: each again, alone, with its own fate
                for one in batch:
                    self._write([one])
                return
        for (_, future), result in zip(batch, results, strict=True):
            if isinstance(result, Exception):
                future.set_exception(result)
            else:
                future.set_result(result)

    def _attempt(self, rows: list[dict]) -> list[int | Exception]:
        for tries in range(3):
            try:
                with self.store._writing() as conn:
                    return self.store._insert_many(conn, rows)
            except IntegrityError:  # another process raced for the same attempt number: count again
                if tries == 2:
                    raise
        raise AssertionError("unreachable")


class _Writing:
    """`with store._writing() as conn:` a write transaction, committed on success, closed either way."""

    def __init__(self, store: ClassStore):
        self.store = store

    def __enter__(self):
        lock = self.store._sqlite_lock
        if lock is not None:  # SQLite writes one at a time: queue here, and wake the moment the last one ends,
            lock.acquire()  # instead of polling the file lock with SQLite's growing sleeps
        try:
            self.conn = self.store.engine.connect().execution_options(classroom_write=True)
            self.tx = self.conn.begin()
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        return self.conn

    def __exit__(self, exc_type, exc, tb):
        try:
            if exc_type is None:
                self.tx.commit()
            else:
                self.tx.rollback()
        finally:
            self.conn.close()
            if self.store._sqlite_lock is not None:
                self.store._sqlite_lock.release()
        return False


def _gather(groups) -> list[QuestionStats]:
    """Group the counts by question and state: every attempt, and the first attempts' answers."""
    stats: dict[tuple[str, str, str], QuestionStats] = {}
    for r in groups:
        s = stats.setdefault((r.page, r.question, r.state_hash),
                             QuestionStats(r.page, r.question, json.loads(r.state)))
        s.attempts += int(r.n)
        n = int(r.first or 0)
        if not n:
            continue  # an answer given only at later attempts: counted in attempts, not in the figures
        s.answered += n
        s.answers[r.answer] = s.answers.get(r.answer, 0) + n
        if r.right:
            s.right += n
        else:
            s.wrong[(r.answer, r.misconception)] = s.wrong.get((r.answer, r.misconception), 0) + n
    return [s for s in stats.values() if s.answered]
