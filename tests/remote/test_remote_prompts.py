"""Issue 45.2 at a remote seat: the Super-Fast Reel's split never offers two identical lines (the
hot seat's merge: two baits of one face give two legal splits that are one move at a real table;
the remote seat draws the split with the shell's own choice list, fishtable/tui/widgets/options.py
`merged`), and a refused move says the hot seat's reason, not a generic refusal."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from fishtable.games.crazy_fishing.actions import Attempt, Cast
from fishtable.remote.client import RemoteClient
from fishtable.remote.host import TableHost
from fishtable.remote.seat_app import SeatApp
from fishtable.tui.decision import Decided
from fishtable.tui.widgets.options import ChoiceList
from tests.tui.test_special_paths import SLOW, baits, match_of, rods

from .helpers import FAST
from .test_seat_app import asked


async def until(condition, timeout: float = 60.0) -> None:  # type: ignore[no-untyped-def]
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.01)


async def answer(app: SeatApp, action: Any) -> None:
    """Seat 0 answers its question on screen with `action`, as its screen would."""
    await until(lambda: asked(app))
    ticket = app.shown_ticket
    app.screen.post_message(Decided(ticket, 0, action))
    await until(lambda: app.sent_ticket == ticket)


async def to_the_split(app: SeatApp, host: TableHost, other: RemoteClient, bait: str,
                       order: tuple[int, int]) -> None:
    match = host.match
    await answer(app, Cast(rods=rods(match, 0, "The Super-Fast Reel", "3"), baits=baits(match, 0, bait, bait)))
    await other.wait_for(lambda c: bool(c.legal))
    await other.act(Cast(rods=rods(match, 1, "1"), baits=baits(match, 1, "1")).model_dump(mode="json"))
    await until(lambda: asked(app) and app.decision is not None and app.decision.kind == "catch")
    await answer(app, Attempt(labels=order))
    await until(lambda: asked(app) and app.decision is not None and app.decision.kind == "split")


@pytest.mark.parametrize("order", [(1, 3), (3, 1)])
@pytest.mark.parametrize("bait", ["3", "∞"])
async def test_the_reels_split_never_offers_two_identical_lines_at_a_remote_seat(
    tmp_path: Path, bait: str, order: tuple[int, int],
) -> None:
    spec = "B3" if bait == "3" else "B:inf"
    match = match_of([["R:reel", "R3", spec, spec, "B4", "R5"], SLOW], sea_cards=["F2", "F5", "F7"])
    host = TableHost.new(match, ("remote", "remote"), save_dir=tmp_path, port=0, rate=FAST)
    await host.start()
    seats, _ = host.links()
    other = RemoteClient(seats[1])
    try:
        await other.connect()
        app = SeatApp(RemoteClient(seats[0]), arming=0.0)
        async with app.run_test(size=(100, 30)):
            await to_the_split(app, host, other, bait, order)
            await until(lambda: bool(app.screen.query(ChoiceList)))
            listing = app.screen.query_one(ChoiceList)
            words = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
            words = [w.split(" ", 1)[1] if len(w) > 2 and w[1] == " " else w for w in words]  # the key
            assert len(host.match.legal_actions(0)) > len(words), words  # two splits are one line
            assert len(words) == len(set(words)), words
    finally:
        await other.close()
        await host.stop()
