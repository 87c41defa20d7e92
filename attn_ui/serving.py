"""How the pages share one server process: one page run at a time, and the heavy imports out of the collector's way.

Streamlit runs each session's page in a thread of its own, and every one of them needs Python's one lock (the GIL). With
many learners, dozens of page runs were under way at once, each handed the lock for 5 ms at a time, so every run
took as long as all of them together and the switching itself cost CPU. Measured with scripts/sessions_bench.py (100
learners on the Q/K/V builder, one move every 2.5-7.5 s, the teacher leading; issue 38): the server's CPU per rerun
fell from 43 to 26 ms and the rerun p95 from 4.5 s to 145 ms once page runs took turns (`one_at_a_time`) and a
running page kept the lock for 20 ms (`SWITCH_EVERY`); two at a time gave 38 ms and 2.5 s.
"""

from __future__ import annotations

import functools
import gc
import importlib
import sys
import threading
from collections.abc import Callable
from typing import TypeVar

# One page run at a time in this process. A run that has waited this long goes ahead anyway: a page that never
# ended (it cannot happen, but) must not stop the whole server.
WAIT_AT_MOST = 30.0  # seconds
# How long a running thread keeps the GIL before Python hands it on (Python's default: 5 ms). With one page run at a
# time, the only other thread that wants it is the server's event loop, which writes the runs' elements to the
# websockets.
SWITCH_EVERY = 0.02  # seconds

_turn = threading.Lock()

Main = TypeVar("Main", bound=Callable[[], None])


def one_at_a_time(main: Main) -> Main:
    """A page's main(), run in turn with every other page's in this process (fragments' own runs go ahead: they
    are small). An exception (Streamlit's rerun and stop included) ends the turn as a return does."""

    @functools.wraps(main)
    def run():
        mine = _turn.acquire(timeout=WAIT_AT_MOST)
        try:
            return main()
        finally:
            if mine:
                _turn.release()

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
