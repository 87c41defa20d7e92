"""Class mode's storage against SQLite and against a real PostgreSQL server.

PostgreSQL is reached by the URL in ATTN_TEST_POSTGRES_URL (`bash .ci/postgres` starts a server and prints one).
Without it the PostgreSQL tests skip and say why, except under CI=true, where they fail.
"""

from __future__ import annotations

import json
import os
import threading

import pytest
import sqlalchemy as sa

from attn_ui import classroom_store as cs
from attn_ui.classroom_store import (
    BadFormat,
    ClassStore,
    Full,
    NotFound,
    NotJoined,
    Paused,
    RateLimited,
    Refused,
    new_learner_id,
)

HOSTILE = ["<script>alert('x')</script>", "'); DROP TABLE classroom_answers; --", "**bold** [link](javascript:x)",
           "=HYPERLINK(\"http://x\")", "NULL", "\x00nul", "ǘ 🙂 " * 10]


class Clock:
    """A clock the tests move by hand."""

    def __init__(self, now: float = 1_800_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def _postgres_engine() -> sa.Engine:
    url = os.environ.get("ATTN_TEST_POSTGRES_URL")
    if not url:
        reason = ("no PostgreSQL server for the class-mode storage tests: set ATTN_TEST_POSTGRES_URL "
                  "(bash .ci/postgres starts one and prints its URL)")
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    engine = sa.create_engine(url, pool_size=10, max_overflow=20)
    try:
        with engine.connect():
            pass
    except sa.exc.OperationalError as err:
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL at ATTN_TEST_POSTGRES_URL is not reachable: {err}")
        pytest.skip(f"PostgreSQL at ATTN_TEST_POSTGRES_URL is not reachable: {str(err)[:200]}")
    return engine


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request, tmp_path):
    if request.param == "sqlite":
        eng = sa.create_engine(f"sqlite:///{tmp_path / 'classroom.db'}",
                               connect_args={"timeout": 5, "check_same_thread": False})
    else:
        eng = _postgres_engine()
        cs.metadata.drop_all(eng)  # each test starts from an empty database
    yield eng
    eng.dispose()


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def store(engine, clock):
    return ClassStore(engine, clock=clock)


def _class(store, n_learners: int = 3, settings=None):
    code, key = store.create_class(settings or {"text": "the cat sat on the mat", "seed": "0"})
    people = [new_learner_id() for _ in range(n_learners)]
    for p in people:
        store.join(code, p)
    return code, key, people


def test_the_schema_is_created_and_versioned_on_first_use(store, engine):
    assert store.schema_version() == cs.SCHEMA_VERSION
    assert {"classroom_meta", "classroom_classes", "classroom_learners", "classroom_answers",
            "classroom_visits"} <= set(sa.inspect(engine).get_table_names())
    ClassStore(engine).ensure_schema()  # a second app process on the same database: nothing to do
    assert ClassStore(engine).schema_version() == cs.SCHEMA_VERSION


def test_a_database_from_a_newer_app_is_refused(store, engine):
    store.ensure_schema()
    with engine.begin() as conn:
        conn.execute(cs.meta_table.update().values(value=str(cs.SCHEMA_VERSION + 1)))
    with pytest.raises(RuntimeError, match="schema version"):
        ClassStore(engine).ensure_schema()


def test_join_codes_are_six_characters_without_look_alikes(store):
    codes = {store.create_class({})[0] for _ in range(30)}
    assert len(codes) == 30
    for code in codes:
        assert len(code) == 6 and set(code) <= set(cs.CODE_ALPHABET)
    assert not set("0O1IL") & set(cs.CODE_ALPHABET)
    assert cs.normalise_code(" k7q-2pm ") == "K7Q2PM"


def test_the_dashboard_counts_first_attempts_exactly(store):
    code, key, (a, b, c) = _class(store)
    q = ("common_mistakes", "mistakes.axis", {"sentence": "class"})
    store.record(code, a, *q, "the columns", True)
    store.record(code, b, *q, "the rows", False, "softmax over the keys")
    assert store.record(code, b, *q, "the columns", True) == 2  # a second attempt: kept, not counted first
    store.record(code, c, *q, "the rows", False, "softmax over the keys")
    store.record(code, c, "common_mistakes", "mistakes.axis", {"sentence": "own"}, "wrong", False)  # another state
    dash = store.dashboard(code, key)
    assert (dash.joined, dash.active) == (3, 3)
    by_state = {s.state["sentence"]: s for s in dash.questions}
    main = by_state["class"]
    assert (main.answered, main.right, main.attempts) == (3, 1, 4)
    assert main.answers == {"the columns": 1, "the rows": 2}
    assert main.wrong == {("the rows", "softmax over the keys"): 2}  # the words group them (group_wrong)
    assert main.share_right == pytest.approx(1 / 3)
    assert (by_state["own"].answered, by_state["own"].right) == (1, 0)


def test_active_learners_are_those_seen_in_the_last_five_minutes(store, clock):
    code, key, (a, b, c) = _class(store)
    clock.now += 301
    store.record(code, a, "home", "home.top_key", {}, "cat", True)
    assert (store.dashboard(code, key).joined, store.dashboard(code, key).active) == (3, 1)


def test_a_wrong_or_missing_key_gets_no_data(store):
    code, key, (a, _, _) = _class(store)
    store.record(code, a, "home", "home.top_key", {}, "cat", True)
    other_code, other_key = store.create_class({})
    for bad in (None, "", other_key, key[:-1] + ("A" if key[-1] != "A" else "B"), key + "x", "' OR '1'='1",
                "x" * 10_000):
        assert not store.check_key(code, bad)
        for call in (store.dashboard, store.answer_rows, store.delete_class):
            with pytest.raises(Refused):
                call(code, bad)
        with pytest.raises(Refused):
            store.set_paused(code, bad, True)
    assert store.check_key(code, key) and store.count_rows(code)["classroom_answers"] == 1


def test_only_the_key_hash_is_stored(store, engine):
    code, key = store.create_class({"text": "a b"})
    with engine.connect() as conn:
        rows = [tuple(r) for t in cs.metadata.sorted_tables for r in conn.execute(sa.select(t))]
    assert key not in json.dumps(rows, default=str)
    assert any(cs.key_hash(key) in r for r in rows)


@pytest.mark.parametrize("raw", ["", "K7Q2P", "K7Q2PMM", "K7Q2P0", "k7q2pO", "'; DROP TABLE x; --", "K7Q2PM" * 50,
                                 None, 123456, "K7Q\x002PM", "<b>K7Q2PM</b>"])
def test_a_malformed_code_is_refused_before_any_query(store, engine, raw):
    store.ensure_schema()
    statements = []
    listener = lambda *args: statements.append(args[2])  # noqa: E731
    sa.event.listen(engine, "before_cursor_execute", listener)
    try:
        with pytest.raises(BadFormat):
            store.get_class(raw)
        with pytest.raises(BadFormat):
            store.join(raw, new_learner_id())
        with pytest.raises(BadFormat):
            store.record(raw, new_learner_id(), "home", "home.top_key", {}, "x", True)
        assert not store.check_key(raw, "A" * 32)
    finally:
        sa.event.remove(engine, "before_cursor_execute", listener)
    assert statements == []


def test_an_unknown_code_is_not_found(store):
    store.ensure_schema()
    with pytest.raises(NotFound):
        store.join("K7Q2PM", new_learner_id())


def test_hostile_answers_are_kept_as_text_and_break_nothing(store, engine):
    code, key, (a, b, _) = _class(store)
    for i, text in enumerate(HOSTILE):
        store.record(code, a, "home", "home.top_key", {"query": text, "n": i}, text, False, text)
    stats = store.dashboard(code, key).questions
    assert {s.state["n"] for s in stats} == set(range(len(HOSTILE)))
    got = {next(iter(s.answers)) for s in stats}
    assert got == {cs.bounded(t, cs.LIMITS["answer"]) for t in HOSTILE}
    assert "classroom_answers" in sa.inspect(engine).get_table_names()
    assert len(store.answer_rows(code, key)) == len(HOSTILE)


def test_every_field_is_bounded(store):
    code, key, (a, _, _) = _class(store)
    store.record(code, a, "home", "home.top_key", {"query": "q" * 10_000}, "x" * 10_000, False, "m" * 10_000)
    row = store.answer_rows(code, key)[0]
    assert len(row["answer"]) == cs.LIMITS["answer"] and len(row["misconception"]) == cs.LIMITS["misconception"]
    assert len(json.loads(row["state"])["query"]) == cs.LIMITS["state_value"]
    for page, question in (("Home; DROP", "home.top_key"), ("home", "x" * 500), ("home", "Home.top")):
        with pytest.raises(BadFormat):
            store.record(code, a, page, question, {}, "x", True)
    with pytest.raises(BadFormat):
        store.record(code, a, "home", "home.top_key", {f"k{i}": "v" * 120 for i in range(16)}, "x", True)
    with pytest.raises(BadFormat):
        store.create_class({"text": "w " * 5000})


def test_answers_per_learner_per_minute_are_capped(store, clock):
    code, key, (a, b, _) = _class(store)
    for i in range(cs.RATE_LIMIT):
        store.record(code, a, "home", "home.top_key", {"i": i}, "x", True)
    with pytest.raises(RateLimited):
        store.record(code, a, "home", "home.top_key", {"i": -1}, "x", True)
    store.record(code, b, "home", "home.top_key", {"i": -1}, "x", True)  # another learner is not held back
    clock.now += cs.RATE_WINDOW + 1
    store.record(code, a, "home", "home.top_key", {"i": -1}, "x", True)
    assert len(store.answer_rows(code, key)) == cs.RATE_LIMIT + 2


def test_a_class_holds_at_most_its_learners(store, monkeypatch):
    assert cs.MAX_LEARNERS == 500
    monkeypatch.setattr(cs, "MAX_LEARNERS", 4)
    code, key, people = _class(store, n_learners=4)
    with pytest.raises(Full):
        store.join(code, new_learner_id())
    store.join(code, people[0])  # one already in may come back
    assert store.dashboard(code, key).joined == 4


def test_a_learner_must_join_before_answering(store):
    code, _, _ = _class(store, n_learners=0)
    with pytest.raises(NotJoined):
        store.record(code, new_learner_id(), "home", "home.top_key", {}, "x", True)
    with pytest.raises(BadFormat):
        store.join(code, "not-a-learner-id")


def test_a_paused_class_refuses_answers_until_resumed(store):
    code, key, (a, _, _) = _class(store)
    store.set_paused(code, key, True)
    assert store.get_class(code).paused
    with pytest.raises(Paused):
        store.record(code, a, "home", "home.top_key", {}, "x", True)
    store.set_paused(code, key, False)
    assert store.record(code, a, "home", "home.top_key", {}, "x", True) == 1


def test_delete_removes_every_row_of_the_class_and_only_those(store):
    code, key, (a, _, _) = _class(store)
    other, other_key, (z, _, _) = _class(store)
    store.record(code, a, "home", "home.top_key", {}, "x", True)
    store.record(other, z, "home", "home.top_key", {}, "x", True)
    store.delete_class(code, key)
    assert store.count_rows(code) == {"classroom_classes": 0, "classroom_learners": 0, "classroom_answers": 0,
                                    "classroom_visits": 0}
    assert store.count_rows(other) == {"classroom_classes": 1, "classroom_learners": 3, "classroom_answers": 1,
                                     "classroom_visits": 0}
    with pytest.raises(NotFound):
        store.join(code, a)


def test_a_class_expires_after_thirty_days_with_its_rows(store, clock):
    code, key, (a, _, _) = _class(store)
    store.record(code, a, "home", "home.top_key", {}, "x", True)
    clock.now += cs.EXPIRY_DAYS * 86400 - 60
    assert store.get_class(code).code == code
    clock.now += 120
    with pytest.raises(NotFound):
        store.get_class(code)
    with pytest.raises(NotFound):
        store.record(code, a, "home", "home.top_key", {}, "x", True)
    assert not store.check_key(code, key)
    assert store.expire() == 1
    assert store.count_rows(code) == {"classroom_classes": 0, "classroom_learners": 0, "classroom_answers": 0,
                                    "classroom_visits": 0}


def test_concurrent_answers_never_count_a_first_attempt_twice(store):
    code, key, people = _class(store, n_learners=8)
    errors = []

    def answer(learner):
        try:
            for i in range(5):
                store.record(code, learner, "home", "home.top_key", {"q": 1}, f"a{i}", i == 4)
        except Exception as err:  # noqa: BLE001
            errors.append(err)

    threads = [threading.Thread(target=answer, args=(p,)) for p in people for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    rows = store.answer_rows(code, key)
    assert len(rows) == 8 * 2 * 5
    for learner in {r["learner"] for r in rows}:
        assert sorted(r["attempt"] for r in rows if r["learner"] == learner) == list(range(1, 11))
    assert store.dashboard(code, key).questions[0].answered == 8


# ------------------------------------------------------------------------------------------ schema 2


def _v1_metadata() -> sa.MetaData:
    """The version-1 tables exactly as the app of schema 1 created them (its DDL, kept here to migrate from)."""
    m = sa.MetaData()
    sa.Table("classroom_meta", m, sa.Column("name", sa.String(40), primary_key=True),
             sa.Column("value", sa.String(40), nullable=False))
    sa.Table("classroom_classes", m, sa.Column("code", sa.String(6), primary_key=True),
             sa.Column("key_hash", sa.String(64), nullable=False), sa.Column("settings", sa.Text, nullable=False),
             sa.Column("created_at", sa.Float, nullable=False),
             sa.Column("expires_at", sa.Float, nullable=False, index=True),
             sa.Column("paused", sa.Boolean, nullable=False, default=False))
    sa.Table("classroom_learners", m, sa.Column("code", sa.String(6), primary_key=True),
             sa.Column("learner", sa.String(32), primary_key=True),
             sa.Column("joined_at", sa.Float, nullable=False), sa.Column("last_seen", sa.Float, nullable=False))
    sa.Table("classroom_answers", m, sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
             sa.Column("code", sa.String(6), nullable=False), sa.Column("learner", sa.String(32), nullable=False),
             sa.Column("page", sa.String(40), nullable=False), sa.Column("question", sa.String(60), nullable=False),
             sa.Column("state", sa.Text, nullable=False), sa.Column("state_hash", sa.String(32), nullable=False),
             sa.Column("attempt", sa.Integer, nullable=False), sa.Column("answer", sa.String(200), nullable=False),
             sa.Column("right", sa.Boolean, nullable=False), sa.Column("misconception", sa.String(200)),
             sa.Column("created_at", sa.Float, nullable=False),
             sa.UniqueConstraint("code", "learner", "page", "question", "state_hash", "attempt",
                                 name="uq_classroom_attempt"),
             sa.Index("ix_classroom_answers_first", "code", "attempt"),
             sa.Index("ix_classroom_answers_rate", "code", "learner", "created_at"))
    return m


def test_a_version_1_database_is_migrated_and_keeps_its_rows(engine, clock):
    old = _v1_metadata()
    old.drop_all(engine)
    old.create_all(engine)
    now, key = clock.now, "k" * 32
    with engine.begin() as conn:
        conn.execute(old.tables["classroom_meta"].insert().values(name="schema_version", value="1"))
        conn.execute(old.tables["classroom_classes"].insert().values(
            code="K7Q2PM", key_hash=cs.key_hash(key), settings='{"text": "the cat sat"}', created_at=now,
            expires_at=now + 86400, paused=True))
        conn.execute(old.tables["classroom_learners"].insert().values(code="K7Q2PM", learner="a" * 32,
                                                                      joined_at=now, last_seen=now))
        conn.execute(old.tables["classroom_answers"].insert().values(
            code="K7Q2PM", learner="a" * 32, page="home", question="home.top_key", state="{}", state_hash="0" * 32,
            attempt=1, answer="sat", right=False, misconception="a token gives its own key the most weight",
            created_at=now))
    assert "classroom_visits" not in sa.inspect(engine).get_table_names()
    store = ClassStore(engine, clock=clock)
    assert store.schema_version() == 3 == cs.SCHEMA_VERSION
    assert set(cs.V2_COLUMNS) <= {c["name"] for c in sa.inspect(engine).get_columns("classroom_classes")}
    assert set(cs.V3_COLUMNS) <= {c["name"] for c in sa.inspect(engine).get_columns("classroom_answers")}
    info = store.get_class("K7Q2PM")  # the old class, as it was, with no list and no lead
    assert (info.settings, info.paused, info.questions) == ({"text": "the cat sat"}, True, ())
    assert store.leading("K7Q2PM") is None
    [row] = store.answer_rows("K7Q2PM", key)
    assert (row["answer"], row["right"], row["misconception"], row["lang"]) == (
        "sat", False, "a token gives its own key the most weight", "")  # no language kept before schema 3
    dash = store.dashboard("K7Q2PM", key)
    assert (dash.joined, dash.answered, dash.pages) == (1, 1, {"home": 1})
    # the new columns work on the old class, and a second process finds nothing more to do
    assert store.lead("K7Q2PM", key, "home.top_key", {"query": 2}) == 1
    ClassStore(engine, clock=clock).ensure_schema()
    assert ClassStore(engine, clock=clock).leading("K7Q2PM") == cs.Lead("home.top_key", {"query": 2}, False, 1)


def test_a_version_2_database_gains_the_answers_language_and_keeps_its_rows(engine, clock):
    """Schema 3 adds the language each answer was given in: a class of schema 2 reads as it was (its answers with no
    language), and answers recorded after the migration keep theirs."""
    store = ClassStore(engine, clock=clock)
    code, key, learners = _class(store, 2)
    store.record(code, learners[0], "home", "home.top_key", {"query": 2}, "sat", False, "asked-self.shows")
    with engine.begin() as conn:  # back to schema 2: the answers without their language
        conn.execute(sa.text("ALTER TABLE classroom_answers DROP COLUMN lang"))
        conn.execute(cs.meta_table.update().where(cs.meta_table.c.name == "schema_version").values(value="2"))
    migrated = ClassStore(engine, clock=clock)
    assert migrated.schema_version() == 3
    migrated.record(code, learners[1], "home", "home.top_key", {"query": 2}, "sat", False, "asked-self.shows",
                    "zh-CN")
    rows = migrated.answer_rows(code, key)
    assert [(r["learner"], r["answer"], r["misconception"], r["lang"]) for r in rows] == [
        (1, "sat", "asked-self.shows", ""), (2, "sat", "asked-self.shows", "zh-CN")]
    [s] = migrated.dashboard(code, key).questions  # one question, both learners counted together
    assert (s.answered, s.answers, s.wrong) == (2, {"sat": 2}, {("sat", "asked-self.shows"): 2})
    with pytest.raises(BadFormat):
        migrated.record(code, learners[1], "home", "home.top_key", {"query": 2}, "sat", False, None, "zh CN; x")


def test_the_teachers_list_orders_the_questions(store):
    code, key, _ = _class(store)
    assert store.get_class(code).questions == ()
    kept = store.set_questions(code, key, ["quiz.softmax_axis", "home.top_key", "quiz.softmax_axis"])
    assert kept == ("quiz.softmax_axis", "home.top_key") == store.get_class(code).questions
    with pytest.raises(BadFormat):
        store.set_questions(code, key, ["Robert'); DROP TABLE x"])
    with pytest.raises(BadFormat):
        store.set_questions(code, key, [f"q{i}" for i in range(cs.MAX_QUESTIONS + 1)])
    with pytest.raises(Refused):
        store.set_questions(code, "x" * 32, ["home.top_key"])
    assert store.get_class(code).questions == kept  # the last good list stays


def test_leading_picks_reveals_and_stops_read_by_every_process(store, engine, clock):
    code, key, _ = _class(store)
    other = ClassStore(engine, clock=clock)  # another server process on the same database
    assert other.leading(code) is None
    assert store.lead(code, key, "home.top_key", {"text": "the cat sat", "query": 1}) == 1
    assert other.leading(code) == cs.Lead("home.top_key", {"query": 1, "text": "the cat sat"}, False, 1)
    store.reveal(code, key)
    assert other.leading(code) == cs.Lead("home.top_key", {"query": 1, "text": "the cat sat"}, True, 1)  # same seq
    assert store.lead(code, key, "quiz.softmax_axis", {"seed": 3}) == 2  # a new pick: not revealed, seq + 1
    assert other.leading(code) == cs.Lead("quiz.softmax_axis", {"seed": 3}, False, 2)
    assert store.lead(code, key, None, {}) == 3
    assert other.leading(code) is None
    with pytest.raises(Refused):
        store.lead(code, "y" * 32, "home.top_key", {})
    with pytest.raises(Refused):
        store.reveal(code, None)
    with pytest.raises(BadFormat):
        store.lead(code, key, "no such <b>", {})
    with pytest.raises(BadFormat):
        store.leading("nope")
    store.delete_class(code, key)
    with pytest.raises(NotFound):
        other.leading(code)


def test_seen_and_visits_count_learners_by_their_browser_id(store, clock):
    code, key, (a, b, c) = _class(store)
    clock.now += 301  # nobody is present any more
    assert store.dashboard(code, key).active == 0
    assert store.seen(code, a) and store.join(code, b)  # a reload: the same id joins again, still one learner
    assert not store.seen(code, new_learner_id())  # not in the class: nothing written
    dash = store.dashboard(code, key)
    assert (dash.joined, dash.active, dash.answered) == (3, 2, 0)
    for page in ("home", "qkv_builder", "home"):  # a page reached twice is reached once
        assert store.visit(code, a, page)
    assert store.visit(code, b, "home")
    assert not store.visit(code, new_learner_id(), "home")
    store.record(code, c, "scaling_explorer", "scaling.softmax", {}, "x", True)  # an answer is a page reached
    dash = store.dashboard(code, key)
    assert dash.pages == {"home": 2, "qkv_builder": 1, "scaling_explorer": 1}
    assert (dash.joined, dash.active, dash.answered) == (3, 3, 1)
    with pytest.raises(BadFormat):
        store.visit(code, a, "../etc")
    store.delete_class(code, key)
    assert store.count_rows(code)["classroom_visits"] == 0
