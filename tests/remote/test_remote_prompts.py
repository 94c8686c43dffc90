"""Issue 45.2 at a remote seat: the Super-Fast Reel's split never offers two identical lines (the
hot seat's merge: two baits of one face give two legal splits that are one move at a real table;
the remote seat draws the split with the shell's own choice list, fishtable/tui/widgets/options.py
`merged`), and a refused move says the hot seat's reason, not a generic refusal."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from fishtable.games.crazy_fishing.actions import Attempt, Cast
from fishtable.plugins.crazy_fishing.sea import SeaView
from fishtable.remote.client import RemoteClient
from fishtable.remote.host import TableHost
from fishtable.remote.seat_app import SeatApp
from fishtable.remote.table_seen import action_key
from fishtable.remote.wire_feed import GENERIC_REFUSAL, wire_check
from fishtable.tui.decision import CHECKING, Decided
from fishtable.tui.widgets.options import ChoiceList
from tests.tui.test_special_paths import SLOW, baits, match_of, rods

from .helpers import FAST, Player, start_table
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


@asynccontextmanager
async def two_remote_seats(match: Any, tmp_path: Path) -> AsyncIterator[tuple[TableHost, RemoteClient, SeatApp]]:
    """A table of two remote seats: the host, the second seat's client (connected) and the first
    seat's app (not started); both closed after."""
    host = TableHost.new(match, ("remote", "remote"), save_dir=tmp_path, port=0, rate=FAST)
    await host.start()
    seats, _ = host.links()
    other = RemoteClient(seats[1])
    try:
        await other.connect()
        yield host, other, SeatApp(RemoteClient(seats[0]), arming=0.0)
    finally:
        await other.close()
        await host.stop()


@pytest.mark.parametrize("order", [(1, 3), (3, 1)])
@pytest.mark.parametrize("bait", ["3", "∞"])
async def test_the_reels_split_never_offers_two_identical_lines_at_a_remote_seat(
    tmp_path: Path, bait: str, order: tuple[int, int],
) -> None:
    spec = "B3" if bait == "3" else "B:inf"
    match = match_of([["R:reel", "R3", spec, spec, "B4", "R5"], SLOW], sea_cards=["F2", "F5", "F7"])
    async with two_remote_seats(match, tmp_path) as (host, other, app), app.run_test(size=(100, 30)):
        await to_the_split(app, host, other, bait, order)
        await until(lambda: bool(app.screen.query(ChoiceList)))
        listing = app.screen.query_one(ChoiceList)
        words = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        words = [w.split(" ", 1)[1] if len(w) > 2 and w[1] == " " else w for w in words]  # the key
        assert len(host.match.legal_actions(0)) > len(words), words  # two splits are one line
        assert len(words) == len(set(words)), words


async def test_the_reels_two_fish_reach_the_host_in_the_order_marked(tmp_path: Path) -> None:
    """#3 marked, then the cursor on #1 and Enter: the fish are turned over in that order, as at
    the hot seat (tests/tui/test_cf_reel_marks.py). Before, the remote seat sent the host's own
    listing of the attempt, (1, 3)."""
    match = match_of([["R:reel", "R3", "B3+", "B3", "B4", "R5"], SLOW], sea_cards=["F2", "F5", "F7"])
    async with two_remote_seats(match, tmp_path) as (host, other, app), app.run_test(size=(100, 30)) as pilot:
        reel = Cast(rods=rods(match, 0, "The Super-Fast Reel", "3"), baits=baits(match, 0, "3+", "3", "4"))
        await answer(app, reel)
        await other.wait_for(lambda c: bool(c.legal))
        await other.act(Cast(rods=rods(match, 1, "1"), baits=baits(match, 1, "1")).model_dump(mode="json"))
        await until(lambda: asked(app) and app.decision is not None and app.decision.kind == "catch"
                    and bool(app.screen.query(SeaView)))
        steps = host.match.step_count
        await pilot.press("3", "space", "1", "enter")
        await until(lambda: host.match.step_count > steps)
        assert host.match.view(None).turn.flipped_labels == (3, 1)


# -- refusals in the hot seat's words -------------------------------------------------------------


def legality(app: SeatApp) -> str:
    return str(app.screen.query_one("#legality", Static).content)


async def test_an_illegal_cast_at_a_remote_seat_says_the_engines_reason(tmp_path: Path) -> None:
    """The cast screen's legality line, as the cards go in: the host's reason for the cast (the
    hot seat's words), "checking" for the moment it takes, never the generic refusal; Enter on it
    sends nothing and the screen stays."""
    host = await start_table("crazy-fishing", ("remote", "remote"), tmp_path, seed=5)
    seats, _ = host.links()
    try:
        app = SeatApp(RemoteClient(seats[0]), arming=0.0)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(lambda: asked(app) and type(app.screen).__name__ == "CastScreen" and app.screen.is_mounted)
            screen = app.screen
            hand = [c.id for c in screen.hand]
            # A cast of rods and baits that the rules refuse (not one the screen words itself).
            cards, reason = next((cards, reason) for n in (2, 3, 4) for cards in combinations(hand, n)
                                 if (cast := cast_of(host, cards)).rods and cast.baits
                                 and (reason := host.match.check(0, cast)) is not None)
            await pilot.press(*[str(hand.index(cid) + 1) for cid in cards])
            await until(lambda: legality(app) == "✗ " + reason)
            steps, ticket = host.match.step_count, app.shown_ticket
            await pilot.press("enter")
            await until(lambda: legality(app) == "✗ " + reason)
            assert host.match.step_count == steps and app.screen is screen and app.shown_ticket == ticket
            assert GENERIC_REFUSAL not in legality(app)
    finally:
        await host.stop()


def cast_of(host: TableHost, cards: tuple[str, ...]) -> Cast:
    view = host.match.view(0)
    kinds = {c.id: c.type for c in view.hand}
    return Cast(rods=tuple(c for c in cards if kinds[c] == "rod"), baits=tuple(c for c in cards if kinds[c] == "bait"))


async def test_a_covered_fish_at_a_remote_seat_says_the_engines_reason(tmp_path: Path) -> None:
    """The number of a covered fish on the catch table: "Fish #N is covered by another card; only
    a Bait Bucket can reach it.", as at the hot seat, the question still open."""
    host = await start_table("crazy-fishing", ("remote", "remote"), tmp_path, seed=5)
    seats, _ = host.links()
    other = RemoteClient(seats[0])
    try:
        await other.connect()
        helper = asyncio.create_task(Player(other, seed=1).play(timeout=120))
        app = SeatApp(RemoteClient(seats[1]), arming=0.0)
        rng = random.Random(5)
        async with app.run_test(size=(100, 30)) as pilot:
            while True:  # Tomás casts (any legal cast) until he is to catch
                await until(lambda: asked(app))
                decision = app.decision
                assert decision is not None
                if decision.kind == "catch":
                    break
                ticket = app.shown_ticket
                app.screen.post_message(Decided(ticket, 1, rng.choice(decision.legal)))
                await until(lambda: app.sent_ticket == ticket)  # noqa: B023
            await until(lambda: bool(app.screen.query(SeaView)))
            sea = app.screen.query_one(SeaView)
            covered = sorted(set(sea.labels()) - set(sea.reachable))
            assert covered, "no covered fish in this sea"
            label = covered[0]
            steps, ticket = host.match.step_count, app.shown_ticket
            await pilot.press(*str(label))
            if "_" in app.screen.message or app.screen.message == "":
                await pilot.press("enter")  # the number may start a longer one: Enter ends it
            words = f"Fish #{label} is covered by another card; only a Bait Bucket can reach it."
            assert words == host.match.check(1, Attempt(labels=(label,)))  # the hot seat's words
            await until(lambda: app.screen.message == words)
            assert host.match.step_count == steps and app.shown_ticket == ticket and asked(app)
        helper.cancel()
    finally:
        await other.close()
        await host.stop()


def test_a_move_not_offered_is_checked_with_the_host_once_and_then_says_its_reason() -> None:
    asked: list[dict[str, Any]] = []
    answers: dict[str, str | None] = {}
    check = wire_check([Attempt(labels=(4,))], [], answers, asked.append)
    covered = Attempt(labels=(9,))
    assert check(covered) == CHECKING and check(Attempt(labels=(4,))) is None
    assert asked == [covered.model_dump(mode="json")]
    answers[action_key(asked[0])] = "Fish #9 is covered by another card; only a Bait Bucket can reach it."
    assert check(covered) == answers[action_key(asked[0])]
    assert wire_check([], [])(covered) == GENERIC_REFUSAL  # no host to ask: the plain refusal


async def test_fishing_partys_not_possible_lines_say_the_engines_reasons_at_a_remote_seat(tmp_path: Path) -> None:
    """The turn list's "Not possible now" lines: "checking" for a moment, then each says the
    engine's reason for its move (the hot seat's words), never the generic refusal."""
    host = await start_table("fishing-party", ("remote", "remote", "computer"), tmp_path)
    seats, _ = host.links()
    other = RemoteClient(seats[1])
    rng = random.Random(4)
    try:
        await other.connect()
        helper = asyncio.create_task(Player(other, seed=3, greedy=True).play(timeout=120))
        app = SeatApp(RemoteClient(seats[0]), arming=0.0)
        async with app.run_test(size=(100, 30)):
            said = 0
            for _ in range(12):
                await until(lambda: asked(app) and app.screen.is_mounted)
                screen, ticket = app.screen, app.shown_ticket
                if [e for e in getattr(screen, "entries", []) if not e.legal and e.action is not None]:
                    await until(lambda: all(e.reason != CHECKING for e in screen.entries))  # noqa: B023
                    refused = [e for e in screen.entries if not e.legal and e.action is not None]
                    assert all(e.reason == host.match.check(0, e.action) for e in refused), refused
                    assert all(e.reason != GENERIC_REFUSAL for e in refused)
                    said += len(refused)
                    if said >= 3:
                        break
                assert app.decision is not None
                app.screen.post_message(Decided(ticket, 0, rng.choice(app.decision.legal)))
                await until(lambda: app.sent_ticket == ticket)  # noqa: B023
            assert said >= 3
        helper.cancel()
    finally:
        await other.close()
        await host.stop()
