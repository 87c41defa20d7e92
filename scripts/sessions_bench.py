"""A lecture hall against the real server: headless learners, each its own Streamlit session (a benchmark, not a test).

    python scripts/sessions_bench.py                          # 100 learners on the builder, then a burst of 50
    python scripts/sessions_bench.py --learners 30 --seconds 30 --pages all
    python scripts/sessions_bench.py --gc off                 # the server's collection after each run turned off
    python scripts/sessions_bench.py --target 8630 --pids 1234,1235   # through a proxy, e.g. scripts/hall.sh's

Each learner speaks Streamlit's own protocol, as a browser does: the `/_stcore/stream` websocket, protobuf BackMsg
out (`rerun_script` with the page, the query string and the widget states), ForwardMsg in (the page's elements,
`script_finished`, `auto_rerun` for a fragment that runs every few seconds, and the runs the server starts itself
when the teacher's question changes, counted as follow reruns). Learners join one class by its link
(`?class=CODE`), open a page, answer its predict-first question once, then move a control at a learner's pace: one
move every 2.5–7.5 s (5 s on average), to a value picked at random from the control's own options. By default the
control is the sidebar's d_model (the builder's first slider, on every page); `--control own` moves the page's own
first control instead (its route entry's `controls`). A burst follows the builder's run: every learner moves
at the same instant ("everyone, set d_model to 64 now"). When the class store can lead (ClassStore.lead), a teacher
leads the class through questions during the run and the learners' pages follow, as they do in class mode.

Reported per page: the server's CPU per rerun (the whole process, every thread, from /proc through psutil, divided
by the reruns it served in the window, the followers' fragment runs included), reruns per second, the time from a
move to its `script_finished` (p50, p95, max), memory per session (the server's resident memory after the learners
joined, less before, over the learners) and errors (an exception box, a page not found, no answer within 30 s, a
closed websocket). The goals of issue 38 are printed beside the figures. It stops by itself (a bounded number of
learners and seconds) and talks only to 127.0.0.1. Without --target it starts one server process on a free port
with a fresh SQLite class store (or PostgreSQL with --postgres URL), and stops it at the end.

`--memory-minutes M` keeps the learners at their pace for M minutes and prints the server's memory every minute
(issue 38: within 10 % after 30 minutes of 50 learners).
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import psutil
import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from attn_ui import classroom_store as cs  # noqa: E402  (the class store the server writes to)
from attn_ui.pages import ROUTE, Page  # noqa: E402
from attn_ui.params import parse_shared  # noqa: E402
from attn_ui.serving import HEAVY as SERVED_HEAVY  # noqa: E402

HOST = "127.0.0.1"  # the only host this script talks to
NO_ANSWER = 30.0  # seconds after which a rerun that never finished counts as an error
GOALS = {"p95": 0.150, "burst_max": 2.0, "cpu_builder": 0.025, "cpu_page": 0.040}  # issue 38's done-when
# The heavy modules the app holds (the app's own list, which attn_ui.serving.freeze_imports loads and freezes at the
# first page run), with PostgreSQL's driver; `--gc freeze` imports them, then gc.freeze(), before Streamlit serves
# anyone.
HEAVY = (*SERVED_HEAVY, "psycopg")
FREEZE = ("import gc, importlib, sys\n"
          "for m in {mods!r}:\n"
          "    try:\n"
          "        importlib.import_module(m)\n"
          "    except ImportError:\n"
          "        pass\n"
          "gc.collect(); gc.freeze()\n"
          "from streamlit.web.cli import main\n"
          "sys.argv = ['streamlit', *sys.argv[1:]]\n"
          "main()\n")


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else float("nan")


# ---------------------------------------------------------------------------------------------- the server process

class Server:
    """One app process started here on 127.0.0.1, with its class store in a folder of its own."""

    def __init__(self, gc_mode: str, postgres: str | None, folder: str, port: int | None = None):
        self.port = port or free_port()
        env = {**os.environ, "ATTN_DATA_DIR": folder, "PYTHONUNBUFFERED": "1"}
        flags = ["run", "streamlit_app.py", "--server.headless", "true", "--server.address", HOST,
                 "--server.port", str(self.port), "--server.fileWatcherType", "none",
                 "--browser.gatherUsageStats", "false"]
        if gc_mode in ("on", "off", "freeze"):
            flags += ["--runner.postScriptGC", "false" if gc_mode == "off" else "true"]
        if postgres:
            secrets = Path(folder) / "secrets.toml"
            secrets.write_text(f'[connections.classroom]\nurl = "{postgres}"\n')
            flags += ["--secrets.files", str(secrets)]
        cmd = ([sys.executable, "-c", FREEZE.format(mods=HEAVY), *flags] if gc_mode == "freeze"
               else [sys.executable, "-m", "streamlit", *flags])
        self.log = open(Path(folder) / "server.log", "w")  # noqa: SIM115  (closed in stop())
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(f"the server stopped at start; see {self.log.name}")
            try:
                conn = http.client.HTTPConnection(HOST, self.port, timeout=2)
                conn.request("GET", "/_stcore/health")
                if conn.getresponse().read() == b"ok":
                    return
            except OSError:
                pass
            time.sleep(0.3)
        self.stop()
        raise SystemExit(f"the server did not answer within 90 s; see {self.log.name}")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()


class Meter:
    """CPU seconds (every thread) and resident memory of the server processes."""

    def __init__(self, pids: list[int]):
        self.procs = [psutil.Process(p) for p in pids]

    def cpu(self) -> float:
        return sum(t.user + t.system for t in (p.cpu_times() for p in self.procs))

    def rss(self) -> int:
        return sum(p.memory_info().rss for p in self.procs)


# ---------------------------------------------------------------------------------------------------- one learner

@dataclass
class Widget:
    kind: str  # the element's type: slider, radio, selectbox, number_input, checkbox, button
    id: str
    options: list[str] = field(default_factory=list)
    lo: float = 0.0
    hi: float = 0.0
    step: float = 1.0


def user_key(element_id: str) -> str:
    """'$$ID-<hash>-d_model' -> 'd_model' (Streamlit puts the widget's key last in its id)."""
    return element_id.split("-", 2)[2] if element_id.startswith("$$ID-") and element_id.count("-") >= 2 else ""


CACHED = 200  # large messages a tab keeps (Streamlit's client keeps those of its last runs)
WIDGETS = ("slider", "radio", "selectbox", "number_input", "checkbox", "button")


class Learner:
    """One browser tab: a websocket session that opens pages, moves controls and follows fragments that rerun."""

    def __init__(self, n: int, port: int, query: str, stats: Stats, cookie: str = ""):
        self.n, self.port, self.query, self.stats, self.cookie = n, port, query, stats, cookie
        self.page_hash, self.page_name = "", ""
        self.pages: dict[str, str] = {}  # url path -> page script hash, from the navigation message
        self.widgets: dict[str, Widget] = {}  # user key -> widget, as last drawn
        self.states: dict[str, WidgetState] = {}  # widget id -> the value this learner gave it
        self.followers: dict[str, asyncio.Task] = {}  # fragment id -> its timer, as the browser keeps them
        self.drawn: set[str] = set()
        self.waiting: asyncio.Future | None = None
        self.busy = asyncio.Lock()  # one rerun at a time from this tab
        self.ws = None
        self.reader: asyncio.Task | None = None
        self.closed = False
        self.cache: dict[str, ForwardMsg] = {}  # hash -> a large element's message, as the browser's cache keeps them

    async def connect(self) -> None:
        headers = {"Cookie": self.cookie} if self.cookie else {}
        self.ws = await websockets.connect(f"ws://{HOST}:{self.port}/_stcore/stream", subprotocols=["streamlit"],
                                           additional_headers=headers, max_size=None, open_timeout=60,
                                           ping_interval=None)
        self.reader = asyncio.create_task(self._read())

    async def close(self) -> None:
        self.closed = True
        for task in self.followers.values():
            task.cancel()
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            self.reader.cancel()

    async def _read(self) -> None:
        try:
            async for data in self.ws:
                msg = ForwardMsg()
                msg.ParseFromString(data)
                if msg.HasField("ref_hash"):  # an element this tab already holds: the server sent only its hash
                    cached = self.cache.get(msg.ref_hash)
                    if cached is None:
                        self.stats.error(f"learner {self.n}: a reference to a message it does not hold")
                        continue
                    msg = cached
                elif msg.metadata.cacheable:
                    self.cache[msg.hash] = msg
                    while len(self.cache) > CACHED:
                        self.cache.pop(next(iter(self.cache)))
                self._on(msg)
        except websockets.ConnectionClosed:
            pass
        if not self.closed:
            self.stats.error(f"learner {self.n}: the websocket closed")
            if self.waiting is not None and not self.waiting.done():
                self.waiting.set_result(None)

    def _on(self, msg: ForwardMsg) -> None:
        kind = msg.WhichOneof("type")
        if kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
            element = msg.delta.new_element
            what = element.WhichOneof("type")
            if what == "exception":
                self.stats.error(f"{self.page_name or 'Home'}: {element.exception.type}: "
                                 f"{element.exception.message[:120]}")
            elif what in WIDGETS:
                self._widget(what, getattr(element, what))
        elif kind == "new_session":  # a full run starts (asked for here, or by the page: st.rerun, switch_page)
            self.drawn = set()  # the timed fragments this run draws (a fragment's own run sends new_session too)
        elif kind == "navigation":  # the page this run runs, and every page's hash, as the browser learns them
            # (new_session's hash is only the one asked for: at a tab's first run, a stand-in that, sent back,
            # runs Home)
            self.pages = {p.url_pathname: p.page_script_hash for p in msg.navigation.app_pages}
            self.page_hash = msg.navigation.page_script_hash
            self.page_name = next((p.url_pathname for p in msg.navigation.app_pages
                                   if p.page_script_hash == self.page_hash), self.page_name)
        elif kind == "page_info_changed":  # the page changed its link (following the teacher): a browser's URL does
            self.query = msg.page_info_changed.query_string
        elif kind == "page_not_found":
            self.stats.error(f"page not found: {msg.page_not_found.page_name}")
        elif kind == "auto_rerun":
            self.drawn.add(msg.auto_rerun.fragment_id)
            self._follow(msg.auto_rerun.fragment_id, msg.auto_rerun.interval)
        elif kind == "stop_auto_rerun":
            self._stop_following(set(msg.stop_auto_rerun.fragment_ids))
        elif kind == "script_finished":
            if msg.script_finished == ForwardMsg.FINISHED_SUCCESSFULLY:  # a full run: timers of fragments it no
                self._stop_following(set(self.followers) - self.drawn)  # longer draws stop, as in the browser
            if msg.script_finished == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                self.stats.restarts += 1
            elif self.waiting is not None and not self.waiting.done():
                self.waiting.set_result(msg.script_finished)
            elif self.waiting is None and msg.script_finished == ForwardMsg.FINISHED_SUCCESSFULLY:
                self.stats.rerun(0.0, follow=True)  # a run nobody here asked for: the server's follow watch

    def _widget(self, kind: str, proto) -> None:
        key = user_key(proto.id)
        if not key:
            return
        w = Widget(kind, proto.id)
        if kind in ("radio", "selectbox") or (kind == "slider" and len(proto.options)):
            w.options = list(proto.options)
        elif kind in ("slider", "number_input"):
            w.lo, w.hi, w.step = float(proto.min), float(proto.max), float(proto.step or 1)
        self.widgets[key] = w

    def _follow(self, fragment_id: str, interval: float) -> None:
        """A fragment that reruns every `interval` seconds, as the browser's timer sends it."""
        if fragment_id in self.followers and not self.followers[fragment_id].done():
            return

        async def tick() -> None:
            while not self.closed:
                await asyncio.sleep(interval)
                await self.rerun(fragment_id=fragment_id, auto=True)

        self.followers[fragment_id] = asyncio.create_task(tick())

    def _stop_following(self, ids: set[str] | None = None) -> None:
        for fragment_id in list(self.followers) if ids is None else ids & set(self.followers):
            self.followers.pop(fragment_id).cancel()

    async def rerun(self, *, page: str | None = None, fragment_id: str = "", auto: bool = False,
                    trigger: WidgetState | None = None) -> float | None:
        """Send one rerun and wait for its script_finished: its time in seconds, or None (counted as an error)."""
        async with self.busy:
            msg = BackMsg()
            state = msg.rerun_script
            state.query_string = self.query
            if page is not None:  # opening a page: the browser sends its name; the server finds its script
                self.page_name, self.page_hash = page, self.pages.get(page, "")
                self.states.clear()
                self.widgets.clear()
                self._stop_following()
            state.page_script_hash = self.page_hash
            state.page_name = self.page_name
            state.fragment_id, state.is_auto_rerun = fragment_id, auto
            state.context_info.timezone, state.context_info.locale = "UTC", "en-GB"
            state.context_info.url = f"http://{HOST}:{self.port}/{self.page_name}?{self.query}"
            state.widget_states.widgets.extend(self.states.values())
            state.cached_message_hashes.extend(self.cache)  # as a browser does: those are sent as their hash alone
            if trigger is not None:
                state.widget_states.widgets.append(trigger)
            loop = asyncio.get_running_loop()
            self.waiting = loop.create_future()
            started = time.perf_counter()
            try:
                await self.ws.send(msg.SerializeToString())
                status = await asyncio.wait_for(self.waiting, 5.0 if auto else NO_ANSWER)
            except (TimeoutError, asyncio.TimeoutError):
                if auto:  # Streamlit drops a fragment's timed run that comes during a full run, as a browser's timer
                    self.stats.skipped += 1  # does not wait for it either: not an error
                else:
                    self.stats.error(f"learner {self.n}: no script_finished within {NO_ANSWER:g} s")
                return None
            except websockets.ConnectionClosed:
                return None
            finally:
                self.waiting = None
            took = time.perf_counter() - started
            if status is None:
                return None
            self.stats.rerun(took, follow=auto)
            return took

    def set(self, key: str, value: str | float | bool | None = None) -> WidgetState | None:
        """Give widget `key` a value (its own option picked at random when None); the state to send."""
        w = self.widgets.get(key)
        if w is None:
            return None
        s = WidgetState(id=w.id)
        if w.kind == "button":
            s.trigger_value = True
            return s  # a click is sent once, never kept
        if w.kind == "checkbox":
            s.bool_value = bool(random.random() < 0.5 if value is None else value)
        elif w.options:
            pick = str(random.choice(w.options) if value is None else value)
            if w.kind == "slider":
                s.string_array_value.data.append(pick)  # a select_slider: the formatted option
            else:
                s.string_value = pick
        elif w.kind == "number_input":
            steps = max(0, int((w.hi - w.lo) / w.step))
            s.double_value = float(value) if value is not None else w.lo + w.step * random.randint(0, min(steps, 50))
        else:  # a numeric slider
            s.double_array_value.data.append(float(value) if value is not None else random.uniform(w.lo, w.hi))
        self.states[w.id] = s
        return s

    async def move(self, key: str, value=None) -> float | None:
        s = self.set(key, value)
        if s is None:
            self.stats.error(f"{self.page_name or 'Home'}: no control {key!r} on the page")
            return None
        return await self.rerun(trigger=s if s.HasField("trigger_value") else None)

    async def answer(self) -> None:
        """The page's predict-first question: pick an option, then press Check (two reruns, as in a browser)."""
        picks = [k for k, w in self.widgets.items() if k.endswith("_value") and w.options]
        if not picks:
            return
        key = picks[0]
        await self.move(key)
        check = key[: -len("_value")] + "_check"
        if check in self.widgets:
            await self.move(check)


# --------------------------------------------------------------------------------------------------- the figures

class Stats:
    """Every rerun's time and every error, for the page being measured."""

    def __init__(self):
        self.reset()

    def reset(self) -> None:
        self.times: list[float] = []
        self.follows = 0
        self.skipped = 0  # followers' timed runs the server dropped (one came while a full run was going)
        self.restarts = 0  # runs that ended early to run again: the page's own st.rerun or switch_page, or a
        # follow run a learner's move cut short; many a move is a page that keeps rerunning itself
        self.errors: list[str] = []
        self.started = time.perf_counter()

    def rerun(self, took: float, follow: bool) -> None:
        if follow:
            self.follows += 1
        else:
            self.times.append(took)

    def error(self, what: str) -> None:
        self.errors.append(what)


@dataclass
class Row:
    page: str
    learners: int
    pattern: str
    cpu_ms: float
    per_second: float
    follows: float
    restarts: float
    p50: float
    p95: float
    worst: float
    mb_per_session: float
    errors: list[str]

    def line(self) -> str:
        ms = lambda x: f"{1000 * x:.0f}"  # noqa: E731
        return (f"| {self.page} | {self.learners} | {self.pattern} | {self.cpu_ms:.1f} | {self.per_second:.1f} | "
                f"{self.follows:.1f} | {self.restarts:.2f} | {ms(self.p50)} | {ms(self.p95)} | {ms(self.worst)} | "
                f"{self.mb_per_session:.2f} | {len(self.errors)} |")


HEADER = ("| page | learners | pattern | server CPU per rerun, ms | reruns/s (moves) | follow reruns/s | "
          "runs restarted per move | rerun p50 ms | p95 ms | max ms | MB per session | errors |\n"
          "|---|---|---|---|---|---|---|---|---|---|---|---|")


# ---------------------------------------------------------------------------------------------------- the class

class Teacher:
    """The class, made in the store the servers read, and (when the store can lead) a teacher leading it."""

    def __init__(self, engine_url: str, settings: dict):
        import sqlalchemy as sa

        self.store = cs.ClassStore(sa.create_engine(engine_url))
        self.settings = settings
        self.code, self.key = self.store.create_class(settings)
        self.can_lead = hasattr(self.store, "lead")
        self.leads = 0

    def lead(self, question_id: str | None) -> None:
        """Put a question in front of the class, asked as the teachers' page asks it (None: stop leading)."""
        from attn_lessons import classroom as words

        state = words.lead_state(question_id, self.settings, 0) if question_id and hasattr(words, "lead_state") \
            else {}
        self.store.lead(self.code, self.key, question_id, state)
        self.leads += question_id is not None

    def reveal(self) -> None:
        self.store.reveal(self.code, self.key, True)


def questions_on(page: Page) -> list[str]:
    """The questions a teacher can lead the class to on `page`: the ones its route entry declares."""
    return [a.id for a in page.asks]


async def leading(teacher: Teacher, page: Page, every: float, stop: asyncio.Event) -> None:
    """The teacher, during one page's run: a question on that page every `every` seconds, revealed halfway."""
    qs = questions_on(page)
    k = 0
    while not stop.is_set():
        await asyncio.to_thread(teacher.lead, qs[k % len(qs)] if qs else None)
        k += 1
        for step in (teacher.reveal, None):
            try:
                await asyncio.wait_for(stop.wait(), every / 2)
                return
            except (TimeoutError, asyncio.TimeoutError):
                if step is not None and qs:
                    await asyncio.to_thread(step)


# ------------------------------------------------------------------------------------------------------ the runs

def sticky_cookie(port: int) -> str:
    """Through a proxy: the cookie its first answer sets (HAProxy's SERVERID), as a browser keeps it."""
    conn = http.client.HTTPConnection(HOST, port, timeout=10)
    conn.request("GET", "/")
    response = conn.getresponse()
    response.read()
    cookies = [c.split(";", 1)[0] for c in response.headers.get_all("Set-Cookie") or []]
    return "; ".join(cookies)


def control_of(page: Page, choice: str) -> str:
    if choice == "own" and page.controls:
        return page.controls[0][1]
    return "d_model"


async def at_pace(learners: list[Learner], key: str, seconds: float, pace: tuple[float, float]) -> None:
    """Each learner moves `key` every pace[0]..pace[1] seconds (starting at a random moment) for `seconds`."""
    deadline = time.perf_counter() + seconds

    async def one(learner: Learner) -> None:
        wait = random.uniform(0, pace[1])
        while time.perf_counter() + wait < deadline:
            await asyncio.sleep(wait)
            await learner.move(key)
            wait = random.uniform(*pace)
        await asyncio.sleep(max(0.0, deadline - time.perf_counter()))

    await asyncio.gather(*(one(p) for p in learners))


async def burst(learners: list[Learner], key: str, value) -> None:
    await asyncio.gather(*(p.move(key, value) for p in learners))  # every learner at the same instant


def measure(stats: Stats, meter: Meter, cpu0: float, page: str, n: int, pattern: str, mb: float) -> Row:
    seconds = time.perf_counter() - stats.started
    served = len(stats.times) + stats.follows
    cpu = (meter.cpu() - cpu0) / served * 1000 if served else float("nan")
    return Row(page, n, pattern, cpu, len(stats.times) / seconds, stats.follows / seconds,
               stats.restarts / len(stats.times) if stats.times else float("nan"),
               percentile(stats.times, 50), percentile(stats.times, 95), max(stats.times, default=float("nan")),
               mb, list(stats.errors))


async def run(args, port: int, meter: Meter, teacher: Teacher | None) -> list[Row]:
    stats = Stats()
    pages = list(ROUTE) if args.pages == "all" else [p for p in ROUTE if p.name in args.pages.split(",")]
    query = f"class={teacher.code}" if teacher else ""
    cookie = sticky_cookie(port) if args.target else ""
    # one tab first, through every page, so the server's imports and caches are warm before memory is read
    warm = Learner(-1, port, query, stats, sticky_cookie(port) if args.target else "")
    await warm.connect()
    await warm.rerun(page=pages[0].url_path)
    for page in pages:
        await warm.rerun(page=page.url_path)
    await warm.close()
    await asyncio.sleep(1)
    rss0 = meter.rss()
    people = [Learner(k, port, query, stats, sticky_cookie(port) if args.target else cookie)
              for k in range(args.learners)]
    for k in range(0, len(people), 10):  # a class arriving: ten tabs at a time
        await asyncio.gather(*(p.connect() for p in people[k:k + 10]))
    if args.target:
        where = [p.cookie for p in people]
        print("The proxy's cookies: " + ", ".join(f"{c or 'none'} × {where.count(c)}" for c in sorted(set(where)))
              + "\n", flush=True)
    print(HEADER, flush=True)
    rows = []
    try:
        for page in pages:
            await asyncio.gather(*(p.rerun(page=page.url_path) for p in people))
            if args.answer:
                await asyncio.gather(*(p.answer() for p in people))
            mb = (meter.rss() - rss0) / len(people) / 2**20
            key = control_of(page, args.control)
            stop = asyncio.Event()
            teacher_task = None
            if teacher and teacher.can_lead and args.follow:  # the followers go where the teacher leads
                teacher_task = asyncio.create_task(leading(teacher, page, args.lead_every, stop))
            stats.reset()
            cpu0 = meter.cpu()
            await at_pace(people, key, args.seconds, (args.pace_min, args.pace_max))
            rows.append(measure(stats, meter, cpu0, page.label, len(people), "pace", mb))
            print(rows[-1].line(), flush=True)
            if page.name == "builder" and args.burst:
                crowd = people[: args.burst]
                for value in ("64", "8"):  # "everyone, set d_model to 64 now", then back
                    await asyncio.sleep(args.pace_max)
                    stats.reset()
                    cpu0 = meter.cpu()
                    await burst(crowd, key, value if key == "d_model" else None)
                    rows.append(measure(stats, meter, cpu0, page.label, len(crowd), f"burst to {value}", mb))
                    print(rows[-1].line(), flush=True)
            if args.memory_minutes and page is pages[-1]:
                await memory_run(people, page, args, meter, stats)
            stop.set()
            if teacher_task:
                await teacher_task
    finally:
        await asyncio.gather(*(p.close() for p in people), return_exceptions=True)
    return rows


async def memory_run(people: list[Learner], page: Page, args, meter: Meter, stats: Stats) -> None:
    """The learners at their pace for a long while; the server's memory every minute."""
    key = control_of(page, args.control)
    first = meter.rss()
    print(f"\nMemory over {args.memory_minutes:g} minutes of {len(people)} learners on {page.label} "
          f"(resident MB; start {first / 2**20:.0f}):", flush=True)
    for minute in range(1, int(args.memory_minutes) + 1):
        stats.reset()
        await at_pace(people, key, 60, (args.pace_min, args.pace_max))
        now = meter.rss()
        common = max(set(stats.errors), key=stats.errors.count) if stats.errors else ""
        print(f"  minute {minute}: {now / 2**20:.0f} MB ({100 * (now - first) / first:+.1f} %), "
              f"{len(stats.times)} moves, {stats.follows} follow reruns, {len(stats.errors)} errors"
              + (f" (most: {common})" if common else ""), flush=True)


# A move's run ends early to run again when the page switches to the teacher's question or a prediction is answered,
# a few times a minute a learner; a run restarted more often than its moves are made is a page rerunning itself
# (a teacher's reveal once made Mask mistakes do so seven times a move, issue 38).
RESTARTS_AT_MOST = 1.0


def verdicts(rows: list[Row]) -> list[str]:
    out = []
    for r in rows:
        if r.pattern == "pace":
            goal = GOALS["cpu_builder"] if r.page == "Q/K/V builder" else GOALS["cpu_page"]
            out.append(f"{r.page}: server CPU per rerun {r.cpu_ms:.1f} ms, goal ≤ {1000 * goal:.0f} ms: "
                       f"{'met' if r.cpu_ms <= 1000 * goal else 'NOT met'}")
            if r.restarts > RESTARTS_AT_MOST:
                out.append(f"{r.page}: {r.restarts:.1f} runs restarted per move (a page that reruns itself?)")
            if r.learners >= 100:
                out.append(f"{r.page}, {r.learners} learners: rerun p95 {1000 * r.p95:.0f} ms, goal ≤ 150 ms, "
                           f"and {len(r.errors)} errors: "
                           f"{'met' if r.p95 <= GOALS['p95'] and not r.errors else 'NOT met'}")
        else:
            out.append(f"{r.page}, {r.pattern} ({r.learners} at once): slowest rerun {r.worst:.2f} s, goal ≤ 2 s: "
                       f"{'met' if r.worst <= GOALS['burst_max'] and not r.errors else 'NOT met'}")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60, help="each page's run at a learner's pace")
    parser.add_argument("--pages", default="builder", help="'all', or page names from the route: builder,scaling")
    parser.add_argument("--control", choices=("sidebar", "own"), default="sidebar")
    parser.add_argument("--burst", type=int, default=50, help="learners moving at the same instant (0: no burst)")
    parser.add_argument("--pace-min", type=float, default=2.5)
    parser.add_argument("--pace-max", type=float, default=7.5)
    parser.add_argument("--no-answer", dest="answer", action="store_false", help="leave the question unanswered")
    parser.add_argument("--no-follow", dest="follow", action="store_false", help="no teacher leading the class")
    parser.add_argument("--lead-every", type=float, default=20, help="seconds between the teacher's questions")
    parser.add_argument("--no-class", dest="in_class", action="store_false", help="learners in no class")
    parser.add_argument("--gc", choices=("on", "off", "freeze"), default="config",
                        help="the server's collection after each run: on, off, or on after gc.freeze() "
                             "(default: as .streamlit/config.toml says)")
    parser.add_argument("--postgres", help="the class store on this PostgreSQL URL instead of SQLite")
    parser.add_argument("--target", type=int, help="a running app (or proxy) on 127.0.0.1 at this port")
    parser.add_argument("--port", type=int, help="the port of the server started here (default: a free one)")
    parser.add_argument("--pids", help="with --target: the server processes' ids, comma-separated")
    parser.add_argument("--memory-minutes", type=float, default=0)
    parser.add_argument("--json", help="also write the rows here")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    random.seed(args.seed)
    if args.target and not args.pids:
        parser.error("--target needs --pids (the server processes whose CPU is measured)")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # a kill stops the server started here too (finally)
    folder = tempfile.mkdtemp(prefix="sessions_bench_")
    server = None
    if args.target:
        port, pids = args.target, [int(p) for p in args.pids.split(",")]
    else:
        server = Server(args.gc, args.postgres, folder, args.port)
        port, pids = server.port, [server.proc.pid]
    try:
        teacher = None
        if args.in_class:
            url = args.postgres or f"sqlite:///{folder}/classroom.db"
            if args.target and not args.postgres:
                parser.error("--target with a class needs --postgres (the store the servers share), or --no-class")
            # the settings the teachers' page gives a class it starts (the shared defaults: sentence, seed, d_model,
            # heads): a learner who moved d_model is taken back to the class's at each of the teacher's picks
            teacher = Teacher(url.replace("postgresql://", "postgresql+psycopg://", 1),
                              parse_shared({})[0].query_params())
        load = os.getloadavg()
        print(f"{args.learners} learners, {args.seconds:g} s a page, moves every {args.pace_min:g}–"
              f"{args.pace_max:g} s, server gc: {args.gc}, class: {teacher.code if teacher else 'none'}, following: "
              f"{'yes' if teacher and teacher.can_lead and args.follow else 'no'}; load before: "
              f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores\n")
        rows = asyncio.run(run(args, port, Meter(pids), teacher))
        me = psutil.Process().cpu_times()
        load = os.getloadavg()
        print(f"\nThe learners' own process (this one) used {me.user + me.system:.0f} s of CPU; load after: "
              f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
        for line in verdicts(rows):
            print(line)
        errors = [e for r in rows for e in r.errors]
        for e in sorted(set(errors))[:10]:
            print(f"error ({errors.count(e)}×): {e}")
        if args.json:
            Path(args.json).write_text(json.dumps([r.__dict__ for r in rows], indent=1))
    finally:
        if server:
            server.stop()


if __name__ == "__main__":
    main()
