"""Issue 45.5: a table command reaches every seat's screen with the update that made it. While
one seat is on its private screen and another seat calls time (poker's "stop after this hand"),
the private screen stops offering the command at once, and its other keys still work."""

from __future__ import annotations

import asyncio
from pathlib import Path

from fishtable.remote.client import RemoteClient
from fishtable.remote.seat_app import SeatApp
from fishtable.tui.decision import Decided
from tests.tui.screen_text import screen_text

from .helpers import Player, start_table
from .test_local_seats import asked, until
from .test_table_extras import STOP


async def test_a_private_screen_stops_offering_a_command_another_seat_made(tmp_path: Path) -> None:
    host = await start_table("fishing-party-poker", ("remote", "remote", "remote"), tmp_path)
    try:
        links, _ = host.links()
        others = {seat: RemoteClient(links[seat]) for seat in (1, 2)}
        for client in others.values():
            await client.connect()
        helpers = [asyncio.create_task(Player(c, seed=s).play(timeout=120)) for s, c in others.items()]
        app = SeatApp(RemoteClient(links[0]), arming=0.0)
        async with app.run_test(size=(100, 30)):
            await until(lambda: asked(app) and app.decision is not None and app.decision.private)
            assert app.screen.check_action("stop_session", ()) is True  # offered while nobody called it
            await others[1].command(STOP)  # Hal calls time while Fay's own screen is up
            await until(lambda: host.match.view(None).stopping, 10)
            await until(lambda: asked(app) and app.screen.check_action("stop_session", ()) is False, 5)
            assert "Stop after hand" not in screen_text(app)
            # Her own keys still answer her question (nothing refused).
            refusals = len(app.client.seen.refusals)
            step = host.match.step_count
            assert app.decision is not None
            app.screen.post_message(Decided(app.shown_ticket, 0, app.decision.legal[0]))
            await until(lambda: host.match.step_count > step, 10)
            assert len(app.client.seen.refusals) == refusals
        for task in helpers:
            task.cancel()
        for client in others.values():
            await client.close()
    finally:
        await host.stop()
