"""One page run at a time in a server process (attn_ui.serving), and every page's main() taking its turn."""

from __future__ import annotations

import ast
import threading
import time

import pytest

from attn_ui import serving
from attn_ui.pages import HOME, ROOT, ROUTE, TEACHERS


def test_two_runs_take_turns():
    inside, most, lock = [0], [0], threading.Lock()

    @serving.one_at_a_time
    def main():
        with lock:
            inside[0] += 1
            most[0] = max(most[0], inside[0])
        time.sleep(0.02)
        with lock:
            inside[0] -= 1

    threads = [threading.Thread(target=main) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert most[0] == 1, f"{most[0]} page runs at once"


def test_an_exception_ends_the_turn():
    """Streamlit stops and reruns a page by raising inside it: the next run must not wait for a turn never given
    back."""

    @serving.one_at_a_time
    def stopped():
        raise RuntimeError("a rerun")

    with pytest.raises(RuntimeError):
        stopped()
    assert serving._turns.acquire(1)
    serving._turns.release()


def test_a_run_that_never_gets_its_turn_goes_ahead(monkeypatch):
    monkeypatch.setattr(serving, "WAIT_AT_MOST", 0.05)
    ran = []

    @serving.one_at_a_time
    def main():
        ran.append(True)

    assert serving._turns.acquire(1)
    try:
        main()  # the turn is held elsewhere: after WAIT_AT_MOST it runs anyway
    finally:
        serving._turns.release()
    assert ran == [True]
    assert serving._turns.acquire(1)  # and it gave back nothing it did not take
    serving._turns.release()


def served_in(*arrivals: tuple[str, dict]) -> list[str]:
    """The order in which runs arriving one after another (name, Turns.acquire's keywords) get their turns, while
    a run is under way."""
    turns, order = serving.Turns(), []
    assert turns.acquire(1)  # a run under way

    def wait(name: str, how: dict) -> None:
        assert turns.acquire(5, **how)
        order.append(name)
        turns.release()

    threads = []
    for name, how in arrivals:
        threads.append(threading.Thread(target=wait, args=(name, how)))
        threads[-1].start()
        time.sleep(0.05)  # in this order
    turns.release()
    for t in threads:
        t.join(5)
    return order


def test_turns_are_first_come_first_served_and_a_learner_before_the_server():
    assert served_in(("follow 1", {"later": True}), ("move 1", {}), ("follow 2", {"later": True}),
                     ("move 2", {})) == ["move 1", "move 2", "follow 1", "follow 2"]


def test_a_first_run_takes_the_head_of_the_queue():
    assert served_in(("move 1", {}), ("follow", {"later": True}), ("rerun", {"first": True})) == [
        "rerun", "move 1", "follow"]


def test_a_run_that_reran_itself_comes_back_first_and_only_then(monkeypatch):
    """A page that reruns itself (st.rerun, st.switch_page) goes on in the same thread at once: that next run asks
    for the head of the queue. A run after a return, or after a rerun that came back too late, queues as any other."""
    from streamlit.runtime.scriptrunner_utils.exceptions import RerunException
    from streamlit.runtime.scriptrunner_utils.script_requests import RerunData

    asked = []

    class Recorder(serving.Turns):
        def acquire(self, timeout: float, later: bool = False, first: bool = False) -> bool:
            asked.append(first)
            return super().acquire(timeout, later, first)

    monkeypatch.setattr(serving, "_turns", Recorder())
    monkeypatch.setattr(serving, "AGAIN_WITHIN", 0.2)

    def page(rerun: bool):
        @serving.one_at_a_time
        def main() -> None:  # a page's main() takes no arguments
            if rerun:
                raise RerunException(RerunData())

        return main

    def learner(*runs: tuple[bool, float]) -> None:
        for rerun, pause in runs:
            time.sleep(pause)
            try:
                page(rerun)()
            except RerunException:
                pass

    # a plain run; a rerun, its run at once; a rerun, its run too late; a plain run after a plain run
    thread = threading.Thread(target=learner, args=((False, 0), (True, 0), (False, 0), (True, 0), (False, 0.3),
                                                    (False, 0)))
    thread.start()
    thread.join(5)
    assert asked == [False, False, True, False, False, False]


@pytest.mark.parametrize("page", [HOME, *ROUTE, TEACHERS], ids=lambda p: p.name)
def test_every_page_main_takes_its_turn(page):
    tree = ast.parse((ROOT / page.path).read_text(encoding="utf-8"))
    mains = [node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "main"]
    assert mains, f"{page.path} has no main()"
    names = {d.id if isinstance(d, ast.Name) else getattr(d, "attr", "") for d in mains[0].decorator_list}
    assert "one_at_a_time" in names, (f"{page.path}: main() is not @one_at_a_time (attn_ui.serving): its runs "
                                      "would share the GIL with every other learner's at once")
