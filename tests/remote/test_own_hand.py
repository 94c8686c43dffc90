"""Issue 45.6: a poker seat playing on a keyboard of its own (a remote seat, or the host's keyboard
with one seat) sees its own five cards on its table screen while the others act, not only in the
scrolling log; the public table and a keyboard shared by several seats never show a hand."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from fishtable.remote.client import RemoteClient
from fishtable.remote.host import TableHost
from fishtable.remote.seat_app import SeatApp
from fishtable.tui.decision import Decided
from tests.tui.screen_text import screen_text

from .helpers import Watch, hidden_ids, start_table
from .test_seat_app import asked

POKER = "fishing-party-poker"


async def until(condition, timeout: float = 60.0) -> None:  # type: ignore[no-untyped-def]
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.01)


async def play_until_seat_1_is_asked(app: SeatApp, host: TableHost) -> None:
    """Seat 0 answers in its app (seat 2, a computer, at once) until the table waits for seat 1,
    whose player never answers: seat 0's app shows its table while it waits."""
    rng = random.Random(3)
    while 1 not in host.match.pending():
        await until(lambda: asked(app) or 1 in host.match.pending())
        if asked(app) and 1 not in host.match.pending():
            ticket = app.shown_ticket
            app.screen.post_message(Decided(ticket, 0, rng.choice(app.decision.legal)))  # type: ignore[union-attr]
            await until(lambda: app.sent_ticket == ticket)  # noqa: B023
    await until(lambda: app.screen is app.table and app.table is not None and app.table.is_mounted
                and app.waiting_words() == "Tomás is thinking…")
    # Drawn, not only mounted: a loaded machine can take a moment between the two.
    await until(lambda: "Tomás is thinking" in screen_text(app))


@pytest.mark.parametrize("kind", ["remote", "local"])
async def test_a_poker_seat_sees_its_own_hand_on_its_table_while_the_others_act(kind: str, tmp_path: Path) -> None:
    """A remote seat's own app, and the host's keyboard when only one seat plays there."""
    host = await start_table(POKER, (kind, "remote", "computer"), tmp_path)
    watch = Watch(host)
    seats, _ = host.links()
    link = seats[0] if kind == "remote" else host.local_links()[0]
    other = RemoteClient(seats[1])
    try:
        await other.connect()
        app = SeatApp(RemoteClient(link), arming=0.0)
        async with app.run_test(size=(80, 24)):
            await play_until_seat_1_is_asked(app, host)
            hand = host.match.view(0).hand
            assert hand
            text = screen_text(app)
            assert "Your hand:" in text
            assert all(f"{card.label}" in text for card in hand), text
            board = " ".join(line.split("▏")[0] for line in text.splitlines())  # the seat column aside
            assert host.match.view(0).best_hand in " ".join(board.split()), text
            assert not [c for c in hidden_ids(host.match, 0) if c in text]  # no other seat's card
            assert not watch.leaks(app.client, 0)
    finally:
        await other.close()
        await host.stop()


def no_hand_on_the_table(app: SeatApp, host: TableHost) -> None:
    """The app's table screen holds no hand: no "Your hand" line, no card the table may not see."""
    assert app.table is not None
    text = screen_text(app)
    assert "Your hand" not in text, text
    assert not [c for c in hidden_ids(host.match, None) if c in text], text
    assert app.table.own is None and not app.table.query_one("#own-hand").display


async def test_the_public_table_never_shows_a_hand(tmp_path: Path) -> None:
    host = await start_table(POKER, ("remote", "remote", "computer"), tmp_path)
    watch = Watch(host)
    _, table = host.links()
    app = SeatApp(RemoteClient(table), arming=0.0)
    try:
        async with app.run_test(size=(80, 24)):
            await until(lambda: app.table is not None and app.table.is_mounted and app.screen is app.table
                        and app.waiting_words() is not None)
            assert host.match.view(0).hand and host.match.view(1).hand
            no_hand_on_the_table(app, host)
            assert not watch.leaks(app.client, None)
    finally:
        await host.stop()


async def test_a_keyboard_shared_by_two_seats_never_shows_a_hand_on_its_table(tmp_path: Path) -> None:
    host = await start_table(POKER, ("local", "local", "remote"), tmp_path)
    _, table = host.links()
    local = host.local_links()
    app = SeatApp(RemoteClient(local[0]), more=(RemoteClient(local[1]),), table=RemoteClient(table),
                  arming=0.0, handoff_arming=0.0)
    try:
        async with app.run_test(size=(80, 24)):
            await until(lambda: app.table is not None and app.table.is_mounted and app.screen is app.table
                        and app.step is not None)
            assert host.match.view(0).hand and host.match.view(1).hand
            no_hand_on_the_table(app, host)
    finally:
        await host.stop()
