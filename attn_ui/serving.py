"""How the pages share one server process: one page run at a time, and the heavy imports out of the collector's way.

Streamlit runs each session's page in a thread of its own, and every one of them needs Python's one lock (the GIL). With
many learners, dozens of page runs were under way at once, each handed the lock for 5 ms at a time, so every run
took as long as all of them together and the switching itself cost CPU. Measured with scripts/sessions_bench.py (100
learners on the Q/K/V builder, one move every 2.5-7.5 s, the teacher leading; issue 38): the server's CPU per rerun
fell from 43 to 26 ms and the rerun p95 from 4.5 s to 145 ms once page runs took turns (`one_at_a_time`) and a
running page kept the lock for 20 ms (`SWITCH_EVERY`); two at a time gave 38 ms and 2.5 s. The turns go first come,
first served, a learner's own move before a page the server runs to follow the teacher (`Turns`, `later`)."""

from __future__ import annotations

import functools
import gc
import importlib
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import TypeVar

# One page run at a time in this process. A run that has waited this long goes ahead anyway: a page that never
# ended (it cannot happen, but) must not stop the whole server.
WAIT_AT_MOST = 30.0  # seconds
# How long a running thread keeps the GIL before Python hands it on (Python's default: 5 ms). With one page run at a
# time, the only other thread that wants it is the server's event loop, which writes the runs' elements to the
# websockets.
SWITCH_EVERY = 0.02  # seconds


class Turns:
    """Whose page runs next: first come, first served (Python's own Lock wakes its waiters in no order, and a run
    just arrived can take it before one that has waited a second), a learner's own move before a page the server
    runs on its own (`later`: following the teacher, a change nobody in front of that screen is waiting on)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._busy = False
        self._now: deque[threading.Event] = deque()  # runs a learner is waiting for
        self._later: deque[threading.Event] = deque()  # runs the server asked for itself

    def acquire(self, timeout: float, later: bool = False, first: bool = False) -> bool:
        """Wait for a turn (at most `timeout` seconds): True when one was handed over, False when it went ahead
        without one. `first`: at the head of the queue, before every waiting run (a run that reran itself)."""
        with self._lock:
            if not self._busy:
                self._busy = True
                return True
            mine = threading.Event()
            if first:
                self._now.appendleft(mine)
            else:
                (self._later if later else self._now).append(mine)
        if mine.wait(timeout):
            return True
        with self._lock:  # waited too long: go ahead without a turn, unless one was handed over just now
            for queue in (self._now, self._later):
                if mine in queue:
                    queue.remove(mine)
                    return False
        return True

    def release(self) -> None:
        with self._lock:
            queue = self._now or self._later
            if queue:
                queue.popleft().set()  # handed straight over: the gate stays busy
            else:
                self._busy = False


_turns = Turns()
_later: set[str] = set()  # sessions whose next run the server asked for (attn_ui.classroom's follow watch)
_later_lock = threading.Lock()


def later(session_id: str) -> None:
    """The next run of session `session_id` is the server's own (following the teacher): it waits behind learners'."""
    with _later_lock:
        _later.add(session_id)


def forgotten(session_id: str) -> None:
    """Session `session_id` is gone or no longer watched: its mark, if a run never came to take it, goes too."""
    with _later_lock:
        _later.discard(session_id)


def _is_later() -> bool:
    from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

    ctx = get_script_run_ctx(suppress_warning=True)
    if ctx is None:
        return False
    with _later_lock:
        if ctx.session_id in _later:
            _later.discard(ctx.session_id)
            return True
    return False


Main = TypeVar("Main", bound=Callable[[], None])


# A run that ended by rerunning itself (st.rerun, st.switch_page: following the teacher, a prediction answered) goes
# on at once in the same thread, and that next run takes the head of the queue, as long as it comes within this
# many seconds: it is the same learner's move, not yet drawn, and it has waited its turn once already.
AGAIN_WITHIN = 1.0  # seconds
_again = threading.local()  # .at: when this thread's last page run ended by rerunning itself (None: it did not)


def one_at_a_time(main: Main) -> Main:
    """A page's main(), run in turn with every other page's in this process (fragments' own runs go ahead: they
    are small). An exception (Streamlit's rerun and stop included) ends the turn as a return does; a run that
    reran itself comes back first (AGAIN_WITHIN): a learner the teacher's lead took to its question had waited in the
    queue twice, before the switch and after it. Measured with scripts/sessions_bench.py (100 learners, the teacher
    leading, Common mistakes then Mask mistakes): Common mistakes' rerun p95 587 -> 242 ms; the CPU per rerun the
    same with it and without (issue 38)."""
    from streamlit.runtime.scriptrunner_utils.exceptions import RerunException

    @functools.wraps(main)
    def run():
        at, _again.at = getattr(_again, "at", None), None
        again = at is not None and time.monotonic() - at < AGAIN_WITHIN
        mine = _turns.acquire(WAIT_AT_MOST, later=_is_later() and not again, first=again)
        try:
            return main()
        except RerunException:
            _again.at = time.monotonic()
            raise
        finally:
            if mine:
                _turns.release()

    return run  # type: ignore[return-value]


# What the pages import between them: loaded once, then frozen out of the collector's reach (freeze_imports).
HEAVY = ("numpy", "pandas", "plotly.graph_objects", "sqlalchemy", "jupytext", "nbformat", "altair", "pyarrow",
         "streamlit.connections", "attn_core", "attn_lessons", "attn_ui.classroom", "attn_ui.tables")
_frozen = False


def freeze_imports() -> None:
    """Once per process, at the first page's run: Python's switch interval (SWITCH_EVERY); then load the modules every
    page imports, and move every object alive (some 200,000: those modules' and Streamlit's) out of reach of Python's
    collector (gc.freeze). Streamlit's own collection after each run is off (.streamlit/config.toml), but Python's
    still run as the sessions allocate: a full one every few seconds in a class, which walked those objects each time.
    Measured with scripts/sessions_bench.py, 100 learners on the builder: 43-65 ms of one core a second in
    collections before, 26-45 after, about 1 ms a rerun (issue 38)."""
    global _frozen
    if _frozen:
        return
    _frozen = True
    sys.setswitchinterval(SWITCH_EVERY)
    for name in HEAVY:
        try:
            importlib.import_module(name)
        except ImportError:  # an optional module not installed: nothing of it to freeze
            pass
    gc.collect()
    gc.freeze()
