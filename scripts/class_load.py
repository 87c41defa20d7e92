"""Class mode under load: 200 learners × 20 answers from threads, on SQLite and on PostgreSQL (a benchmark, not a test).

    python scripts/class_load.py                       # SQLite, and PostgreSQL if ATTN_TEST_POSTGRES_URL is set
    python scripts/class_load.py --pace 1 --backends sqlite

Each learner is a thread, as each browser session is in Streamlit, and sends its answers through the app's own
worker pool (attn_ui.classroom), answering question k % 10 at its k-th answer, so its last ten answers are second
attempts. Two runs per database: at a class's pace (every learner answers every PACE seconds, starting at a
random moment within the first PACE seconds) and as bursts (all learners answer at the same moment, 20 times).
Reported: the database write (p50, p95, max), the wait the page sees (submission to commit, which the page cuts at
0.2 s), how many waits passed 0.2 s, the dashboard's query over 10,000 answers, and the checks: every answer
stored, exactly one first attempt per learner per question and state.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import sqlalchemy as sa

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from attn_ui import classroom  # noqa: E402  (the app's worker pool and its cap on a learner's wait)
from attn_ui import classroom_store as cs  # noqa: E402

QUESTIONS = ("mistakes.axis", "scaling.softmax", "masks.see", "training.race", "home.top_key", "quiz.why_scale",
             "quiz.softmax_axis", "quiz.roles", "quiz.steps", "quiz.scale_heads")
ANSWERS = ("the rows", "the columns", "neither", "<b>html</b>", "'); DROP TABLE classroom_answers; --")


def engine_for(backend: str, folder: str) -> sa.Engine:
    """A fresh, empty database of the kind asked for, with the pool the app's connection would have."""
    if backend == "sqlite":
        return sa.create_engine(f"sqlite:///{folder}/classroom.db",
                                connect_args={"timeout": cs.BUSY_TIMEOUT_MS / 1000, "check_same_thread": False})
    url = os.environ.get("ATTN_TEST_POSTGRES_URL")
    if not url:
        raise SystemExit("PostgreSQL: set ATTN_TEST_POSTGRES_URL (bash .ci/postgres prints one)")
    engine = sa.create_engine(classroom.postgres_url(url), pool_size=10, max_overflow=25, pool_timeout=10)
    cs.metadata.drop_all(engine)
    return engine


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


class Run:
    """One class under one pattern: learners join, then answer; every write and every wait is timed."""

    def __init__(self, store: cs.ClassStore, learners: int, answers: int):
        self.store, self.answers = store, answers
        self.code, self.key = store.create_class({"text": "the cat sat on the mat"})
        self.people = [cs.new_learner_id() for _ in range(learners)]
        for p in self.people:
            store.join(self.code, p)
        self.writes: list[float] = []
        self.waits: list[float] = []
        self.errors: list[str] = []
        self.lock = threading.Lock()

    def timed_record(self, learner: str, k: int) -> None:
        started = time.perf_counter()
        self.store.record(self.code, learner, "check_yourself", QUESTIONS[k % len(QUESTIONS)], {"seed": 0},
                          random.choice(ANSWERS), random.random() < 0.4, None)
        with self.lock:
            self.writes.append(time.perf_counter() - started)

    def send(self, learner: str, k: int) -> None:
        """One answer through the app's worker pool; the learner's thread waits for it, as the page would."""
        started = time.perf_counter()
        future = classroom._submit(self.timed_record, learner, k)
        try:
            if future is None:
                raise RuntimeError("refused: too many writes pending")
            future.result(timeout=60)
        except Exception as err:  # noqa: BLE001
            with self.lock:
                self.errors.append(repr(err)[:200])
        with self.lock:
            self.waits.append(time.perf_counter() - started)

    def at_pace(self, pace: float) -> None:
        def learner(p: str, offset: float, start: float) -> None:
            for k in range(self.answers):
                time.sleep(max(0.0, start + offset + k * pace - time.perf_counter()))
                self.send(p, k)

        start = time.perf_counter() + 0.5
        self._threads(learner, [(p, random.uniform(0, pace), start) for p in self.people])

    def bursts(self, gap: float) -> None:
        barrier = threading.Barrier(len(self.people))

        def learner(p: str) -> None:
            for k in range(self.answers):
                barrier.wait()  # every learner presses Check at the same moment
                self.send(p, k)
                time.sleep(gap)

        self._threads(learner, [(p,) for p in self.people])

    def _threads(self, target, args: list[tuple]) -> None:
        threads = [threading.Thread(target=target, args=a) for a in args]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    def checks(self) -> tuple[bool, bool]:
        """(nothing lost, no first attempt counted twice)."""
        rows = self.store.answer_rows(self.code, self.key)
        expected = len(self.people) * self.answers
        firsts: dict[tuple, int] = {}
        for r in rows:
            if r["attempt"] == 1:
                firsts[(r["learner"], r["question"], r["state"])] = firsts.get((r["learner"], r["question"],
                                                                                r["state"]), 0) + 1
        dash = self.store.dashboard(self.code, self.key)
        pairs = len(self.people) * min(self.answers, len(QUESTIONS))
        once = all(n == 1 for n in firsts.values()) and len(firsts) == pairs == sum(q.answered for q in
                                                                                       dash.questions)
        return len(rows) == expected and not self.errors, once


def dashboard_time(store: cs.ClassStore, total: int = 10_000) -> tuple[float, int]:
    """The dashboard's query (median of 5) on a class holding `total` answers from 500 learners."""
    code, key = store.create_class({"text": "the cat sat on the mat"})
    people = [cs.new_learner_id() for _ in range(cs.MAX_LEARNERS)]
    now = store.clock()
    with store.engine.begin() as conn:
        conn.execute(cs.learners.insert(), [{"code": code, "learner": p, "joined_at": now, "last_seen": now}
                                            for p in people])
        conn.execute(cs.answers.insert(), [
            {"code": code, "learner": people[i % len(people)], "page": "check_yourself",
             "question": QUESTIONS[(i // len(people)) % len(QUESTIONS)], "state": '{"seed":0}',
             "state_hash": "0" * 32, "attempt": 1 + i // (len(people) * len(QUESTIONS)),
             "answer": random.choice(ANSWERS), "right": random.random() < 0.4, "misconception": None,
             "created_at": now} for i in range(total)])
    times = []
    for _ in range(5):
        started = time.perf_counter()
        dash = store.dashboard(code, key)
        times.append(time.perf_counter() - started)
    return statistics.median(times), sum(q.attempts for q in dash.questions)


def row(backend: str, mode: str, run: Run, seconds: float) -> str:
    ms = lambda x: f"{1000 * x:.1f}"  # noqa: E731
    lost, once = run.checks()
    over = sum(w > classroom.SEND_TIMEOUT for w in run.waits)
    return (f"| {backend} | {mode} | {len(run.writes)} | {ms(percentile(run.writes, 50))} | "
            f"{ms(percentile(run.writes, 95))} | {ms(max(run.writes))} | {ms(percentile(run.waits, 95))} | "
            f"{ms(max(run.waits))} | {over} | {seconds:.1f} | {'yes' if lost else 'NO'} | {'yes' if once else 'NO'} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--learners", type=int, default=200)
    parser.add_argument("--answers", type=int, default=20)
    parser.add_argument("--pace", type=float, default=3.0, help="seconds between one learner's answers")
    parser.add_argument("--gap", type=float, default=0.5, help="seconds between two bursts")
    args = parser.parse_args()
    print("| database | pattern | writes | write p50 ms | write p95 ms | write max ms | wait p95 ms | wait max ms |"
          " waits > 200 ms | seconds | nothing lost | one first attempt |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    dashboards = []
    for backend in args.backends.split(","):
        if backend == "postgresql" and not os.environ.get("ATTN_TEST_POSTGRES_URL"):
            print(f"| {backend} | skipped: ATTN_TEST_POSTGRES_URL is not set |")
            continue
        with tempfile.TemporaryDirectory() as folder:
            store = cs.ClassStore(engine_for(backend, folder))
            store.ensure_schema()
            for mode in ("pace", "burst"):
                run, started = Run(store, args.learners, args.answers), time.perf_counter()
                run.at_pace(args.pace) if mode == "pace" else run.bursts(args.gap)
                print(row(backend, f"a class's pace ({args.pace:g} s)" if mode == "pace" else "bursts", run,
                          time.perf_counter() - started), flush=True)
            dashboards.append((backend, *dashboard_time(store)))
            store.engine.dispose()
    for backend, seconds, n in dashboards:
        print(f"\nDashboard query on {backend}, {n:,} answers in one class: {1000 * seconds:.1f} ms (median of 5)")


if __name__ == "__main__":
    main()
