"""A closed terminal window leaves nothing behind: no hung process, no table locked against the
next launch (fishtable/tui/leaving.py, and the stale holder of fishtable/engine/table_lock.py).

The real command runs in a pseudo-terminal (the harness of test_signals.py). The hang it guards
against: once the terminal is gone, Textual's output thread no longer drains its queue, and a
clean exit that writes to the terminal waits on it forever.
"""

from __future__ import annotations

import asyncio
import errno
import os
import signal
import subprocess
import sys
import termios
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from fishtable.engine.table_lock import LOCK_NAME, claim_table, find_holder
from fishtable.tui import leaving
from fishtable.tui.app import FishtableApp
from fishtable.tui.leaving import Deadline, LeavingGuard
from fishtable.tui.screens.menu import MenuScreen
from fishtable.tui.screens.table_taken import STALE_TITLE, TAKEN_TITLE, TableTakenScreen
from fishtable.tui.session import SESSION_NAME
from tests.remote.helpers import start_table
from tests.tui.helpers import until
from tests.tui.screen_text import screen_text
from tests.tui.test_signals import Terminal, assert_saved_in_progress, start_a_game

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pseudo-terminals and /proc: Linux")

ALT_SCREEN = b"\x1b[?1049h"  # the app's first write: its own screen begins
QUICK = Deadline(save=0.2, leave=0.5)


# -- the guard itself, in this process (its ends and its detaching replaced) ----------------------
class Recorder:
    def __init__(self) -> None:
        self.calls: list[str] = []
        self.ended = threading.Event()

    def save(self) -> None:
        self.calls.append("save")

    def leave(self) -> None:
        self.calls.append("leave")

    def end(self, code: int) -> None:
        self.calls.append(f"end {code}")
        self.ended.set()

    def detach(self) -> None:
        self.calls.append("detach")


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(leaving, "HANG_UP", QUICK)
    monkeypatch.setattr(leaving, "TERMINATE", QUICK)


def guard(recorder: Recorder) -> LeavingGuard:
    return LeavingGuard(recorder.leave, save=recorder.save, end=recorder.end, detach=recorder.detach)


def test_with_the_event_loop_stuck_the_deadline_saves_and_ends_the_process(quick: None) -> None:
    recorder = Recorder()
    guard(recorder).start_leaving(hang_up=True)  # no running loop: as if it never got to run
    assert recorder.ended.wait(10)
    assert recorder.calls == ["detach", "save", "end 0"]


async def test_with_a_live_event_loop_it_saves_there_once_leaves_and_the_deadline_still_stands(quick: None) -> None:
    recorder = Recorder()
    leaver = guard(recorder)
    leaver.start_leaving(hang_up=True)
    leaver.start_leaving(hang_up=True)  # a second signal starts nothing more
    for _ in range(200):
        if "leave" in recorder.calls:
            break
        await asyncio.sleep(0.05)
    assert recorder.calls == ["detach", "detach", "save", "leave"]
    assert await asyncio.to_thread(recorder.ended.wait, 10)
    assert recorder.calls == ["detach", "detach", "save", "leave", "end 0"]


def test_sigterm_keeps_the_terminal(quick: None) -> None:
    recorder = Recorder()
    guard(recorder).start_leaving(hang_up=False)
    assert recorder.ended.wait(10)
    assert "detach" not in recorder.calls and recorder.calls[-1] == "end 0"


@pytest.fixture
def installed(quick: None) -> Iterator[tuple[Recorder, LeavingGuard]]:
    recorder = Recorder()
    leaver = guard(recorder)
    leaver.install()
    try:
        yield recorder, leaver
    finally:
        leaver.uninstall()


# The threads below die on purpose: pytest's own hook (which the guard's calls on) need not warn.
@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
@pytest.mark.parametrize("error", [errno.EIO, errno.EPIPE], ids=["EIO", "EPIPE"])
def test_a_thread_that_dies_on_a_failed_terminal_write_is_a_hang_up(installed, error: int) -> None:
    recorder, _ = installed

    def write_to_a_gone_terminal() -> None:
        raise OSError(error, os.strerror(error))

    thread = threading.Thread(target=write_to_a_gone_terminal)
    thread.start()
    thread.join()
    assert recorder.ended.wait(10)
    assert recorder.calls == ["detach", "save", "end 0"]


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_another_error_of_a_thread_is_no_hang_up(installed) -> None:
    recorder, leaver = installed
    thread = threading.Thread(target=lambda: 1 / 0)
    thread.start()
    thread.join()
    time.sleep(QUICK.leave * 2)  # the deadline a hang-up would have started has passed
    assert recorder.calls == [] and leaver.leaving is None


def test_uninstall_puts_the_signals_back(quick: None) -> None:
    before = signal.getsignal(signal.SIGHUP), signal.getsignal(signal.SIGTERM), threading.excepthook
    leaver = LeavingGuard(lambda: None, end=lambda code: None, detach=lambda: None)
    leaver.install()
    assert signal.getsignal(signal.SIGHUP) != before[0]
    leaver.uninstall()
    assert (signal.getsignal(signal.SIGHUP), signal.getsignal(signal.SIGTERM), threading.excepthook) == before


# -- the real command in a pseudo-terminal ---------------------------------------------------------
def test_a_hang_up_while_the_terminal_takes_no_output_ends_the_app_with_the_game_saved(tmp_path: Path) -> None:
    """Deterministic: the terminal stops taking output (as a gone one does), so every write of the
    app waits; the old clean exit then waited forever to hand its last writes over."""
    term = Terminal(tmp_path)
    stuck = -1
    try:
        start_a_game(term)
        term.read(0.5)
        session = tmp_path / SESSION_NAME
        before = session.stat().st_ino if session.exists() else None
        stuck = os.open(term.slave_name, os.O_RDWR | os.O_NOCTTY)
        termios.tcflow(stuck, termios.TCOOFF)  # output suspended: the app's writes wait
        term.type(b"\x1b[C\x1b[D" * 10)  # cursor keys: each repaints, so the output thread is waiting
        term.read(0.5)
        term.proc.send_signal(signal.SIGHUP)
        try:
            code = term.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            raise AssertionError("the app hung on a terminal that takes no output") from None
        assert code == 0
        assert session.exists() and session.stat().st_ino != before, "the play clock was not saved on the way out"
    finally:
        if stuck >= 0:
            os.close(stuck)
        term.close()
    assert_saved_in_progress(tmp_path)


def gone_within(term: Terminal, seconds: float, moment: str) -> None:
    try:
        term.proc.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"a process was left behind after the window closed ({moment})") from None


def next_launch_shows_the_menu(data_dir: Path) -> None:
    term = Terminal(data_dir)
    try:
        term.wait_for(b"Crazy", 90)
        assert TAKEN_TITLE.encode() not in term.output
    finally:
        term.close()


# How many windows each moment closes: the moments people close a window opened by mistake.
MOMENTS = {"at launch": 3, "during the first frame": 4, "on the menu": 3, "in a game": 2}


@pytest.mark.slow
@pytest.mark.parametrize("moment", list(MOMENTS))
def test_closing_the_window_at_any_moment_leaves_no_process_behind(tmp_path: Path, moment: str) -> None:
    for attempt in range(MOMENTS[moment]):
        data_dir = tmp_path / str(attempt)
        term = Terminal(data_dir, controlling=True)
        try:
            if moment == "during the first frame":
                term.wait_for(ALT_SCREEN, 90)
            elif moment == "on the menu":
                term.wait_for(b"Crazy", 90)
            elif moment == "in a game":
                start_a_game(term)
            term.hang_up()
            gone_within(term, 10, moment)
        finally:
            term.close()
        if moment == "in a game":
            assert_saved_in_progress(data_dir)
    next_launch_shows_the_menu(tmp_path / "0")


# -- a stale holder of the table -----------------------------------------------------------------
STUCK_HOLDER = textwrap.dedent("""
    import signal, sys, time
    from pathlib import Path
    from fishtable.engine.table_lock import claim_table
    # As stuck as a hung app: deaf to the hang-up and to SIGTERM, only SIGKILL ends it.
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    claim = claim_table(Path(sys.argv[1]))
    print("held" if claim.lock is not None else "taken", flush=True)
    while True:
        time.sleep(1)
""")


class WindowHolder:
    """Another process, in a window of its own (a pseudo-terminal it controls), holding the table."""

    def __init__(self, data_dir: Path) -> None:
        self.term = Terminal(data_dir, controlling=True, argv=[sys.executable, "-c", STUCK_HOLDER, str(data_dir)])
        self.term.wait_for(b"held", 60)
        self.pid = self.term.proc.pid

    def close_window(self) -> None:
        self.term.hang_up()

    def alive(self) -> bool:
        return self.term.proc.poll() is None

    def close(self) -> None:
        self.term.close()


def stale_soon(data_dir: Path, seconds: float = 15.0) -> bool:
    """The kernel takes the terminal from the holder's session as the window closes: at once,
    but in another process, so it is waited for (a condition, never a time)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = find_holder(data_dir)
        if found is not None and found.stale:
            return True
        time.sleep(0.05)
    return False


@pytest.fixture
def window_holder(tmp_path: Path) -> Iterator[WindowHolder]:
    holder = WindowHolder(tmp_path)
    try:
        yield holder
    finally:
        holder.close()


async def test_a_holder_whose_window_closed_is_offered_to_be_ended_with_one_key(
    tmp_path: Path, window_holder: WindowHolder,
) -> None:
    window_holder.close_window()
    assert stale_soon(tmp_path)
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, TableTakenScreen) and STALE_TITLE in screen_text(app))
        assert f"process {window_holder.pid}" in screen_text(app)
        await pilot.press("k")
        assert await until(pilot, lambda: isinstance(app.screen, MenuScreen), seconds=30)
        assert app.table_lock is not None and app.table_lock.held
    assert not window_holder.alive()


async def test_a_live_window_is_never_offered_to_be_ended(tmp_path: Path, window_holder: WindowHolder) -> None:
    holder = find_holder(tmp_path)
    assert holder is not None and holder.pid == window_holder.pid and not holder.stale
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, TableTakenScreen) and TAKEN_TITLE in screen_text(app))
        assert STALE_TITLE not in screen_text(app)
        await pilot.press("k")
        await pilot.press("enter")  # try again: still held, still live
        await pilot.pause(0.2)
        assert isinstance(app.screen, TableTakenScreen) and STALE_TITLE not in screen_text(app)
    assert window_holder.alive()


def test_a_note_naming_another_process_is_not_believed(tmp_path: Path, window_holder: WindowHolder) -> None:
    """The note is a file anyone can write: only the kernel's holder of the lock counts."""
    window_holder.close_window()
    assert stale_soon(tmp_path)
    (tmp_path / LOCK_NAME).write_text(f"{os.getpid()}\nterminal\n")  # the same file: the lock stays on it
    assert find_holder(tmp_path) is None


@pytest.mark.parametrize("note", [b"", b"x\n", b"99999999999999999999999999\nterminal\n", b"1" * 5000, b"\xff\xfe\n\n"])
def test_a_damaged_note_is_no_holder(tmp_path: Path, note: bytes) -> None:
    claim = claim_table(tmp_path)
    assert claim.lock is not None
    try:
        (tmp_path / LOCK_NAME).write_bytes(note)
        assert find_holder(tmp_path) is None
    finally:
        claim.lock.release()


def test_a_fifo_in_place_of_the_lock_is_no_holder_and_never_waits(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / LOCK_NAME)
    assert find_holder(tmp_path) is None


async def test_closing_a_joined_seats_window_leaves_no_process_behind(tmp_path: Path) -> None:
    """`fishtable join`: the seat's app in a window of its own, on a table hosted here."""
    host = await start_table("crazy-fishing", ("remote", "remote"), tmp_path / "table")
    term: Terminal | None = None
    try:
        seats, _ = host.links()
        argv = [sys.executable, "-m", "fishtable", "join", str(seats[0])]
        term = Terminal(tmp_path, controlling=True, argv=argv)
        for _ in range(600):  # the seat is taken once its app said hello
            if host.connections:
                break
            await asyncio.sleep(0.05)
        assert host.connections, "the seat never joined"
        term.read(0.3)
        term.hang_up()
        for _ in range(200):
            if term.proc.poll() is not None:
                break
            await asyncio.sleep(0.05)
        assert term.proc.poll() is not None, "a joined seat's process was left behind after its window closed"
    finally:
        if term is not None:
            term.close()
        await host.stop()
