"""SIGTERM and SIGHUP mid-game: the game is saved, the terminal restored, the exit code 0.

The real command runs in a pseudo-terminal, as it would in a terminal window.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

from fishtable.engine.resume import load_match

LEAVE_ALT_SCREEN = b"\x1b[?1049l"


def take_controlling_terminal() -> None:
    """In the child, after its new session: its standard input becomes its controlling terminal,
    as in a terminal window (closing the master then hangs it up: SIGHUP)."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """`fishtable` (or `argv`) in a pseudo-terminal of 100×40; `controlling`: the pseudo-terminal
    is the program's controlling terminal, as a terminal window's is."""

    def __init__(
        self, data_dir: Path, *extra: str, controlling: bool = False, argv: list[str] | None = None,
    ) -> None:
        self.master, slave = pty.openpty()
        self.slave_name = os.ttyname(slave)
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "40"}
        env.pop("TEXTUAL", None)
        self.proc = subprocess.Popen(
            argv or [sys.executable, "-m", "fishtable", "--data-dir", str(data_dir), *extra],
            stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
            preexec_fn=take_controlling_terminal if controlling else None,
        )
        os.close(slave)
        self.output = b""

    def read(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the other end closed
                    return
                if not chunk:
                    return
                self.output += chunk

    def wait_for(self, text: bytes, seconds: float = 20) -> None:
        start = len(self.output)
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.read(0.1)
            if text in self.output[start:] or text in self.output:
                return
        raise AssertionError(f"{text!r} never appeared")

    def wait_exit(self, seconds: float) -> int:
        """The exit code; the screen output is drained meanwhile, so a full pty never blocks the app."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            code = self.proc.poll()
            if code is not None:
                return code
            self.read(0.1)
        raise AssertionError(f"the app did not exit within {seconds} s")

    def type(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        if self.master >= 0:
            os.close(self.master)
            self.master = -1

    def hang_up(self) -> None:
        """Close the window: the master side goes, the app's terminal is hung up."""
        os.close(self.master)
        self.master = -1


def start_a_game(term: Terminal) -> None:
    """From the menu to the first player's hand on screen: a game in progress."""
    term.wait_for(b"Crazy")
    term.read(0.5)
    term.type(b"\r")  # Crazy Fishing
    term.wait_for(b"Start")
    term.read(0.3)
    term.type(b"\x13")  # Ctrl+S: start with two people and a computer
    term.wait_for(b"Pass")
    term.read(1.0)  # the handoff screen arms
    term.type(b"\r")  # the first player takes the keyboard: a hand is on screen
    term.wait_for(b"PRIVATE")  # a hand is on screen


def assert_saved_in_progress(data_dir: Path) -> None:
    match = load_match(data_dir / "autosave.json")
    assert match.seats[0].name == "Player 1" and not match.is_over


def signal_mid_game(data_dir: Path, sig: signal.Signals) -> bytes:
    """A game in progress, `sig`, the exit code 0 awaited: what the terminal got after the signal."""
    term = Terminal(data_dir)
    try:
        start_a_game(term)
        shown = len(term.output)
        term.proc.send_signal(sig)
        assert term.wait_exit(30) == 0
        term.read(0.5)
        return term.output[shown:]
    finally:
        term.close()


def test_sigterm_mid_game_saves_restores_the_terminal_and_exits_0(tmp_path: Path) -> None:
    after = signal_mid_game(tmp_path, signal.SIGTERM)
    assert LEAVE_ALT_SCREEN in after, "the terminal was left in the app's screen"
    assert_saved_in_progress(tmp_path)


def test_sighup_mid_game_saves_and_exits_0_without_writing_to_the_terminal_that_is_gone(tmp_path: Path) -> None:
    """A hang-up means the window is gone: restoring its screen would only write to a dead terminal
    (where a write can fail, or wait forever: tests/tui/test_closed_window.py)."""
    after = signal_mid_game(tmp_path, signal.SIGHUP)
    assert LEAVE_ALT_SCREEN not in after, "the app restored a terminal that was gone"
    assert_saved_in_progress(tmp_path)
