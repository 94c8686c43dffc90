"""`fishtable join`'s app: a remote seat plays on its own screens, never behind a pass screen,
and its screens show no card of another seat."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from textual.pilot import Pilot

from fishtable.remote.client import RemoteClient
from fishtable.remote.host import TableHost
from fishtable.remote.seat_app import SeatApp
from fishtable.tui.decision import Decided
from fishtable.tui.screens.privacy import PrivacyScreen
from fishtable.tui.screens.results import ResultsScreen
from tests.tui.screen_text import screen_text

from .helpers import Player, Watch, hidden_ids, start_table


async def until(pilot: Pilot, condition, timeout: float = 60.0) -> None:  # type: ignore[no-untyped-def]
    """Wait for a condition of the app. Not `pilot.pause()`: it waits for the whole process to be
    idle, and the host and the other seats live in this process too."""
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.01)


def asked(app: SeatApp) -> bool:
    """The seat's question is on screen and the screen is ready for keys."""
    screen = app.screen
    ready = getattr(screen, "is_armed", True) and screen.is_mounted
    return app.shown_ticket not in (0, app.sent_ticket) and ready and app.shown_ticket == app.client.ticket


async def play_in_app(
    app: SeatApp, pilot: Pilot, host: TableHost, seat: int, rng: random.Random, most: int = 10_000
) -> int:
    """Answer every question the app shows (at most `most`) with a random legal action, as its
    screen would, checking each screen for other seats' hidden cards."""
    privacy_seen = 0
    moves = 0
    while not isinstance(app.screen, ResultsScreen) and moves < most:
        await until(pilot, lambda: asked(app) or isinstance(app.screen, ResultsScreen))
        if isinstance(app.screen, ResultsScreen):
            break
        privacy_seen += isinstance(app.screen, PrivacyScreen)
        text = screen_text(app)
        leaked = [c for c in hidden_ids(host.match, seat) if c in text]
        assert not leaked, f"seat {seat}'s screen shows hidden cards {leaked}"
        legal = [app.game.parse_action(a) for a in app.client.legal]
        ticket = app.shown_ticket
        app.screen.post_message(Decided(ticket, seat, rng.choice(legal)))
        moves += 1
        await until(pilot, lambda: app.sent_ticket == ticket)  # noqa: B023
    assert privacy_seen == 0
    return moves


@pytest.mark.parametrize("game", ["fishing-party-poker", "crazy-fishing", "big-fish", "fishing-party"])
async def test_a_remote_seat_plays_in_the_join_app_on_its_own_screens(game: str, tmp_path: Path) -> None:
    """Poker (one hand) is played to the results in the app; the other games for a few decisions
    (the screens are slow to draw on a loaded machine; the headless tests play them whole)."""
    host = await start_table(game, ("remote", "remote", "computer"), tmp_path)
    watch = Watch(host)
    whole = game == "fishing-party-poker"
    try:
        seats, _ = host.links()
        other = RemoteClient(seats[1])
        await other.connect()
        helper = asyncio.create_task(Player(other, seed=4).play(timeout=120))
        app = SeatApp(RemoteClient(seats[0]), arming=0.0)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: app.table is not None and app.table.is_mounted)
            # The first private decision opens straight away: no pass screen, no cover.
            await until(pilot, lambda: asked(app))
            assert not isinstance(app.screen, PrivacyScreen)
            step = host.match.step_count
            moves = await play_in_app(app, pilot, host, 0, random.Random(2), most=10_000 if whole else 4)
            await until(pilot, lambda: host.match.step_count > step)  # the host applied the answers
            assert moves > 0
            if whole:
                assert host.match.is_over
                await until(pilot, lambda: app.screen.is_mounted and "Final scores" in screen_text(app))
                assert "wins" in screen_text(app) or "share" in screen_text(app)
            assert not watch.leaks(app.client, 0)
        if whole:
            await helper
        else:
            helper.cancel()
        await other.close()
    finally:
        await host.stop()


async def test_the_join_app_says_why_a_wrong_link_is_refused(tmp_path: Path) -> None:
    host = await start_table("crazy-fishing", ("remote", "remote"), tmp_path)
    try:
        seats, _ = host.links()
        bad = RemoteClient(seats[0].__class__("127.0.0.1", host.port, "x" * 32))
        app = SeatApp(bad, arming=0.0)
        async with app.run_test() as pilot:
            await until(pilot, lambda: app.problem is not None, 30)
        assert "not a seat of this table" in (app.problem or "")
    finally:
        await host.stop()


async def test_the_join_app_rejoins_a_restarted_host_and_is_asked_again(tmp_path: Path) -> None:
    host = await start_table("crazy-fishing", ("remote", "remote"), tmp_path)
    port = host.port
    seats, _ = host.links()
    app = SeatApp(RemoteClient(seats[0]), arming=0.0)
    again: TableHost | None = None
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: asked(app))
            first = app.shown_ticket
            await host.stop()
            await until(pilot, lambda: app.connecting or not app.client.connected)
            again = TableHost.resume(tmp_path, port=port)
            await again.start()
            # Back on the same link: the same question, asked again on the seat's own screen.
            await until(pilot, lambda: app.client.connected and asked(app))
            assert app.client.seen.snapshot.view == again.match.view(0).model_dump(mode="json")
            assert app.problem is None and not isinstance(app.screen, PrivacyScreen)
            assert app.shown_ticket >= 1 and first >= 1
    finally:
        if again is not None:
            await again.stop()


async def test_the_public_table_link_shows_the_table_who_it_waits_for_and_who_is_away(tmp_path: Path) -> None:
    host = await start_table("fishing-party", ("remote", "remote", "remote"), tmp_path)
    try:
        seats, table = host.links()
        present = RemoteClient(seats[0])
        await present.connect()
        app = SeatApp(RemoteClient(table), arming=0.0)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: app.table is not None and app.table.is_mounted
                        and "away" in screen_text(app))
            text = screen_text(app)
            assert "away: Tomás, Ernesto" in " ".join(text.split())
            assert isinstance(app.screen, type(app.table)) and app.shown_ticket == 0
            leaked = [c for c in hidden_ids(host.match, None) if c in text]
            assert not leaked
            waiting = host.match.seats[min(host.match.pending())].name
            assert waiting in text
        await present.close()
    finally:
        await host.stop()
