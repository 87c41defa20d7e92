"""Class mode under load: 200 learners × 20 answers from threads, on SQLite and on PostgreSQL (a benchmark, not a test).

    python scripts/class_load.py                       # SQLite, and PostgreSQL if ATTN_TEST_POSTGRES_URL is set
    python scripts/class_load.py --pace 1 --backends sqlite

Each learner is a thread, as each browser session is in Streamlit, and sends its answers the app's own way
(attn_ui.classroom._send: to the store's writer, which writes the answers waiting together in one transaction),
answering question k % 10 at its k-th answer, so its last ten answers are second attempts. Two runs per database:
at a class's pace (every learner answers every PACE seconds, starting at a random moment within the first PACE
seconds) and as bursts (all learners answer at the same moment, 20 times; `--patterns burst` runs these alone).
Reported: the writer's transactions (how many answers each held on average; their time, p50, p95, max), the time
from an answer's submission to its outcome (the page waits 0.2 s of it at most, then says "sending…" until the
next rerun finds it landed), how many passed 0.2 s (learners shown "sending…"), how many learners were told an
answer did not arrive although it was stored (no word within classroom.GIVE_UP seconds: 0 is the goal), the
dashboard's query over 10,000 answers, and the checks: every answer stored, exactly one first attempt per learner
per question and state.
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
        self.waits: list[float] = []
        self.told_lost = 0  # stored, but the learner was told it may not have arrived
        self.errors: list[str] = []
        self.lock = threading.Lock()

    def send(self, learner: str, k: int) -> None:
        """One answer the app's way; the learner's thread waits for its outcome, timed from its submission."""
        started = time.perf_counter()
        landed: list[float] = []
        future = classroom._send(self.store, self.code, learner, "check_yourself", QUESTIONS[k % len(QUESTIONS)],
                                 {"seed": 0}, random.choice(ANSWERS), random.random() < 0.4, None)
        try:
            if future is None:
                raise RuntimeError("refused: too many writes pending")
            future.add_done_callback(lambda _f: landed.append(time.perf_counter()))
            future.result(timeout=60)
        except Exception as err:  # noqa: BLE001
            with self.lock:
                self.errors.append(repr(err)[:200])
        wait = (landed[0] if landed else time.perf_counter()) - started
        with self.lock:
            self.waits.append(wait)
            self.told_lost += bool(landed) and future.exception() is None and wait > classroom.GIVE_UP

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


class Transactions:
    """The writer's transactions, timed: each one's duration and how many answers it held."""

    def __init__(self):
        self.times: list[float] = []
        self.sizes: list[int] = []
        self.real = cs._Batcher._write

    def __enter__(self):
        def timed(batcher, batch):
            started = time.perf_counter()
            self.real(batcher, batch)
            self.times.append(time.perf_counter() - started)
            self.sizes.append(len(batch))

        cs._Batcher._write = timed
        return self

    def __exit__(self, *exc):
        cs._Batcher._write = self.real


def row(backend: str, mode: str, run: Run, tx: Transactions, seconds: float) -> str:
    ms = lambda x: f"{1000 * x:.1f}"  # noqa: E731
    lost, once = run.checks()
    over = sum(w > classroom.SEND_TIMEOUT for w in run.waits)
    return (f"| {backend} | {mode} | {len(run.waits)} | {len(tx.times)} ({sum(tx.sizes) / len(tx.sizes):.1f}) | "
            f"{ms(percentile(tx.times, 50))} | {ms(percentile(tx.times, 95))} | {ms(max(tx.times))} | "
            f"{ms(percentile(run.waits, 50))} | {ms(percentile(run.waits, 95))} | {ms(max(run.waits))} | {over} | "
            f"{run.told_lost} | {seconds:.1f} | {'yes' if lost else 'NO'} | {'yes' if once else 'NO'} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--learners", type=int, default=200)
    parser.add_argument("--answers", type=int, default=20)
    parser.add_argument("--pace", type=float, default=3.0, help="seconds between one learner's answers")
    parser.add_argument("--gap", type=float, default=0.5, help="seconds between two bursts")
    parser.add_argument("--patterns", default="pace,burst", help="pace, burst or both")
    args = parser.parse_args()
    print("| database | pattern | answers | transactions (answers each) | transaction p50 ms | p95 ms | max ms |"
          " wait p50 ms | wait p95 ms | wait max ms | waits > 200 ms (shown “sending…”) |"
          " told not sent, yet stored | seconds | nothing lost | one first attempt |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    dashboards = []
    for backend in args.backends.split(","):
        if backend == "postgresql" and not os.environ.get("ATTN_TEST_POSTGRES_URL"):
            print(f"| {backend} | skipped: ATTN_TEST_POSTGRES_URL is not set |")
            continue
        with tempfile.TemporaryDirectory() as folder:
            store = cs.ClassStore(engine_for(backend, folder))
            store.ensure_schema()
            for mode in args.patterns.split(","):
                run, started = Run(store, args.learners, args.answers), time.perf_counter()
                with Transactions() as tx:
                    run.at_pace(args.pace) if mode == "pace" else run.bursts(args.gap)
                print(row(backend, f"a class's pace ({args.pace:g} s)" if mode == "pace" else "bursts", run, tx,
                          time.perf_counter() - started), flush=True)
            dashboards.append((backend, *dashboard_time(store)))
            store.engine.dispose()
    for backend, seconds, n in dashboards:
        print(f"\nDashboard query on {backend}, {n:,} answers in one class: {1000 * seconds:.1f} ms (median of 5)")


if __name__ == "__main__":
    main()
