"""The app and the table lock: a second window on the same data folder gets a plain screen,
never the game, and writes nothing; terminal and terminal alike, and a killed first window frees it."""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path

import pytest

from fishtable.engine.table_lock import LOCK_NAME
from fishtable.tui.app import FishtableApp
from fishtable.tui.data_folder import AUTOSAVE_NAME
from fishtable.tui.screens.menu import MenuScreen
from fishtable.tui.screens.table_taken import TAKEN_TITLE, TableTakenScreen
from fishtable.tui.session import SESSION_NAME
from tests.tui.helpers import make_match
from tests.tui.screen_text import screen_text
from tests.tui.test_signals import Terminal
from tests.web.test_table_lock import Holder

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the table lock is an flock (POSIX)")


def folder(path: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in path.iterdir()}


async def wait_for_screen(pilot, kind: type, tries: int = 200) -> None:
    for _ in range(tries):
        if isinstance(pilot.app.screen, kind):
            return
        await pilot.pause(0.02)
    raise AssertionError(f"the app shows {type(pilot.app.screen).__name__}, not {kind.__name__}")


async def test_a_second_window_sees_the_plain_screen_and_writes_nothing(tmp_path: Path) -> None:
    match = make_match()
    match.save(tmp_path / AUTOSAVE_NAME)
    holder = Holder(tmp_path)
    try:
        assert holder.answer == "held"
        before = folder(tmp_path)
        app = FishtableApp(data_dir=tmp_path, bot_pause=0)
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for_screen(pilot, TableTakenScreen)
            text = screen_text(app)
            assert TAKEN_TITLE in text
            for words in ("Continue", "saved game", "Elena", "Tomás", "Crazy Fishing"):
                assert words not in text
            assert not any(isinstance(s, MenuScreen) for s in app.screen_stack)
            await pilot.press("enter")  # try again: still held
            await pilot.pause()
            assert isinstance(app.screen, TableTakenScreen)
            assert folder(tmp_path) == before  # not a byte written, not even to the lock file

            holder.kill()  # the other window is gone, however it went
            await pilot.press("enter")
            await wait_for_screen(pilot, MenuScreen)
            assert app.table_lock is not None and app.table_lock.held
        # Once it holds the table, its menu only reads the autosave.
        after = folder(tmp_path)
        assert after.pop(LOCK_NAME).split(b"\n")[0] == str(os.getpid()).encode()  # the holder's note
        before.pop(LOCK_NAME)
        assert after == before
    finally:
        holder.close()


async def test_the_app_gives_the_table_up_when_it_ends(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, MenuScreen)
        other = Holder(tmp_path)
        assert other.answer == "taken"
        other.close()
    later = Holder(tmp_path)
    try:
        assert later.answer == "held"
    finally:
        later.close()


async def test_the_app_saves_its_game_and_clock_when_it_ends(tmp_path: Path) -> None:
    """However it ends (here: exit, as a closed browser tab makes it), the game is saved with its clock."""
    app = FishtableApp(data_dir=tmp_path, start_match=make_match(), bot_pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(200):
            if (tmp_path / SESSION_NAME).exists():
                break
            await pilot.pause(0.02)
        (tmp_path / SESSION_NAME).unlink()  # the save at the start: the one at the end must come anew
        app.flow.clock_base = 42.0  # as if the game had been played for a while
        app.exit()
    assert json.loads((tmp_path / SESSION_NAME).read_text())["match_seconds"] >= 42.0


def test_two_terminals_on_one_folder_and_a_killed_first_one(tmp_path: Path) -> None:
    first = Terminal(tmp_path)
    second: Terminal | None = None
    try:
        first.wait_for(b"Crazy Fishing", seconds=30)
        second = Terminal(tmp_path)
        second.wait_for(b"A table is already open in another window.", seconds=30)
        assert b"Crazy Fishing" not in second.output
        first.proc.send_signal(signal.SIGKILL)
        first.proc.wait(timeout=10)
        second.output = b""
        second.type(b"\r")  # try again
        second.wait_for(b"Crazy Fishing", seconds=30)
    finally:
        first.close()
        if second is not None:
            second.close()
