"""Issue 45.6, the seat's side: what a remote seat's screens say about remote play and the wire."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

from fishtable.remote.client import RemoteClient
from fishtable.remote.links import Link
from fishtable.remote.seat_app import SeatApp
from fishtable.tui.screens.help import HelpScreen
from fishtable.tui.screens.hint import HintScreen
from tests.tui.screen_text import screen_text

from .helpers import start_table
from .test_local_seats import toasts
from .test_seat_app import asked


async def until(condition, timeout: float = 60.0) -> None:  # type: ignore[no-untyped-def]
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.01)


def closed_port() -> int:
    """A port nothing listens on (taken from the system, then let go)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_a_join_to_a_host_that_is_down_says_so_at_once_and_keeps_trying() -> None:
    app = SeatApp(RemoteClient(Link("127.0.0.1", closed_port(), "x" * 32)), arming=0.0)
    async with app.run_test(size=(100, 30), notifications=True):
        await until(lambda: "cannot be reached" in toasts(app), 3)
        assert "trying again" in toasts(app)
        assert app.is_running and app.problem is None  # still trying, not given up
        await until(lambda: "try 3" in toasts(app), 10)  # and each try is seen


async def test_f1_on_a_remote_seat_explains_remote_play(tmp_path: Path) -> None:
    host = await start_table("crazy-fishing", ("remote", "remote"), tmp_path)
    try:
        seats, _ = host.links()
        app = SeatApp(RemoteClient(seats[0]), arming=0.0)
        async with app.run_test(size=(100, 40)) as pilot:
            await until(lambda: asked(app))
            await pilot.press("f1")
            await until(lambda: isinstance(app.screen, HelpScreen) and app.screen.is_mounted, 10)
            text = screen_text(app)
            assert "remote table" in text and "F2" in text
            assert "Privacy screen" not in text and "m menu" not in text  # the hot seat's words
    finally:
        await host.stop()


async def test_the_hint_notice_goes_when_the_hint_comes(tmp_path: Path) -> None:
    host = await start_table("crazy-fishing", ("remote", "remote"), tmp_path)
    try:
        seats, _ = host.links()
        app = SeatApp(RemoteClient(seats[0]), arming=0.0)
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await until(lambda: asked(app))
            await pilot.press("f2")
            await until(lambda: isinstance(app.screen, HintScreen) and app.screen.is_mounted, 60)
            await pilot.pause()
            assert "Thinking about a hint" not in toasts(app)
    finally:
        await host.stop()


async def test_the_waiting_line_names_who_thinks_in_good_grammar_and_an_away_seat_as_away(tmp_path: Path) -> None:
    """Crazy Fishing opens with every seat casting at once: two present seats think, one is away."""
    host = await start_table("crazy-fishing", ("remote", "remote", "remote"), tmp_path)
    try:
        seats, table = host.links()
        present = [RemoteClient(seats[0]), RemoteClient(seats[1])]
        for client in present:
            await client.connect()
        app = SeatApp(RemoteClient(table), arming=0.0)
        async with app.run_test(size=(120, 40)):
            await until(lambda: app.table is not None and app.table.is_mounted and "thinking" in screen_text(app))
            text = " ".join(screen_text(app).split())
            assert "Elena and Tomás are thinking…" in text
            assert "Ernesto is away" in text
            assert "Ernesto is thinking" not in text and "Ernesto are" not in text
        for client in present:
            await client.close()
    finally:
        await host.stop()
