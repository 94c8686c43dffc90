"""What a seat at a real table may do besides answering: the game's table commands, a hint for its
own decision, and the next game of a series, from a remote seat as from the host's keyboard."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from fishtable.engine.series import SeriesRules
from fishtable.games.fishing_party_poker.actions import StopSession
from fishtable.remote.client import RemoteClient
from fishtable.remote.host import TableHost
from fishtable.remote.seat_app import SeatApp
from fishtable.tui.decision import Decided
from fishtable.tui.screens.hint import HintScreen
from fishtable.tui.screens.results import ResultsScreen
from tests.tui.screen_text import screen_text

from .helpers import FAST, Player, Watch, close_all, hidden_ids, join_all, start_table
from .test_local_seats import asked, until

STOP = StopSession().model_dump(mode="json")


def fingerprint(host: TableHost) -> tuple[str, int, int]:
    return host.match.state_hash(), host.match.step_count, host.applied


async def refusal(client: RemoteClient, send) -> str:  # type: ignore[no-untyped-def]
    before = len(client.seen.refusals)
    await send()
    await client.wait_for(lambda c: len(c.seen.refusals) > before, 10)
    return client.seen.refusals[before]


async def test_a_remote_seat_asks_for_a_table_command_and_only_what_the_table_offers_is_applied(
    tmp_path: Path,
) -> None:
    host = await start_table("fishing-party-poker", ("remote", "remote", "remote"), tmp_path)
    try:
        clients, public = await join_all(host)
        waiting = min(host.match.pending())
        idle = next(seat for seat in clients if seat != waiting)  # a seat that is not asked now
        before = fingerprint(host)
        # The public table cannot ask; nor can a seat for another; nor is a move a table command.
        assert "public table cannot" in await refusal(public, lambda: public.send_raw(
            '{"v": 1, "type": "command", "seat": 0, "action": {"kind": "stop_session"}}'))
        assert "cannot act for seat" in await refusal(clients[idle], lambda: clients[idle].send_raw(
            f'{{"v": 1, "type": "command", "seat": {waiting}, "action": {{"kind": "stop_session"}}}}'))
        move = clients[waiting].legal[0]
        assert "cannot ask for that now" in await refusal(clients[waiting],
                                                          lambda: clients[waiting].command(move))
        assert fingerprint(host) == before
        # Out of turn, the idle seat stops the session after this hand: applied, and everyone sees it.
        await clients[idle].command(STOP)
        await public.wait_for(lambda c: c.seen.snapshot is not None and c.seen.snapshot.view["stopping"], 10)
        assert host.match.view(None).stopping
        assert "cannot ask for that now" in await refusal(clients[idle], lambda: clients[idle].command(STOP))
        await close_all(*clients.values(), public)
    finally:
        await host.stop()


async def test_the_join_app_stops_the_session_from_a_private_screen_and_is_asked_again(tmp_path: Path) -> None:
    host = await start_table("fishing-party-poker", ("remote", "remote"), tmp_path)
    try:
        seats, _ = host.links()
        other = RemoteClient(seats[1])
        await other.connect()
        helper = asyncio.create_task(Player(other, seed=4).play(timeout=120))
        app = SeatApp(RemoteClient(seats[0]), arming=0.0)
        async with app.run_test(size=(100, 30)):
            await until(lambda: asked(app))
            ticket = app.shown_ticket
            # Poker's private screen commits StopSession on "x": the app sends it as a table command.
            app.screen.post_message(Decided(ticket, 0, StopSession()))
            await until(lambda: host.match.view(None).stopping)
            await until(lambda: asked(app))  # the same question again, on a fresh screen
            assert 0 in host.match.pending()
        helper.cancel()
        await other.close()
    finally:
        await host.stop()


async def test_a_hint_on_a_remote_seats_private_screen_comes_from_its_own_view(tmp_path: Path) -> None:
    host = await start_table("crazy-fishing", ("remote", "remote"), tmp_path)
    try:
        seats, _ = host.links()
        app = SeatApp(RemoteClient(seats[0]), arming=0.0)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(lambda: asked(app))
            assert app.decision is not None and app.decision.private
            await pilot.press("f2")
            await until(lambda: isinstance(app.screen, HintScreen) and app.screen.is_mounted, 60)
            text = screen_text(app)
            assert "A hint for Elena" in text and "imagined games" in text
            assert not [c for c in hidden_ids(host.match, 0) if c in text]
            await pilot.press("escape")
            await until(lambda: asked(app))  # back to the decision, nothing played
            assert host.match.step_count == 0
    finally:
        await host.stop()


async def test_the_public_table_gets_no_hint(tmp_path: Path) -> None:
    host = await start_table("crazy-fishing", ("remote", "remote"), tmp_path)
    try:
        _, table = host.links()
        app = SeatApp(RemoteClient(table), arming=0.0)
        async with app.run_test(size=(100, 30)):
            await until(lambda: app.table is not None and app.table.is_mounted)
            assert app._hint_refusal() is not None
            assert app.check_action("hint", ()) is False
    finally:
        await host.stop()


async def play_game(host: TableHost, clients: dict[int, RemoteClient], seed: int) -> None:
    await asyncio.gather(*(Player(c, seed=seed + s).play(timeout=120) for s, c in clients.items()))
    assert host.match.is_over


@pytest.mark.parametrize("end", ["target", "single"])
async def test_a_series_plays_on_with_the_same_links_and_totals(end: str, tmp_path: Path) -> None:
    rules = SeriesRules(end="target", target=100_000) if end == "target" else SeriesRules()
    host = await start_table("fishing-party-poker", ("remote", "remote", "computer"), tmp_path, series=rules)
    watch = Watch(host)
    try:
        clients, public = await join_all(host)
        assert "still being played" in await refusal(clients[0], clients[0].next_game)
        await play_game(host, clients, seed=1)
        for client in (*clients.values(), public):
            await client.wait_for(lambda c: c.seen.result is not None, 10)
        for seat, client in clients.items():
            assert not watch.leaks(client, seat)
        if end == "single":
            # A single game: "play again" deals another on the same links (no series totals).
            assert public.seen.series is None and host.finished.is_set()
            await clients[0].next_game()
            for client in (*clients.values(), public):
                await client.wait_for(lambda c: c.seen.games == 2 and c.seen.result is None, 10)
            assert not host.match.is_over and not host.finished.is_set() and host.record.series is None
            await close_all(*clients.values(), public)
            return
        series = clients[1].seen.series
        assert series is not None and series["games"] == 1 and not host.finished.is_set()
        first = host.match.result()
        assert first is not None
        assert list(series["totals"]) == [next(line.total for line in first.scores if line.seat == s) for s in range(3)]
        assert "public table cannot deal" in await refusal(public, public.next_game)
        # The next game: frames from here on are checked against the new deal.
        watch.hidden.clear()
        for client in (*clients.values(), public):
            client.frames.clear()
        await clients[1].next_game()
        for client in (*clients.values(), public):
            await client.wait_for(lambda c: c.seen.games == 2 and c.seen.result is None, 10)
        assert host.match.step_count >= 0 and not host.match.is_over
        assert all(line.index < 50 for line in public.seen.log.values())  # a new log
        await play_game(host, clients, seed=7)
        await public.wait_for(lambda c: c.seen.result is not None, 10)
        assert public.seen.series is not None and public.seen.series["games"] == 2
        for seat, client in clients.items():
            assert not watch.leaks(client, seat)
        assert not watch.leaks(public, None)
        await close_all(*clients.values(), public)
    finally:
        await host.stop()


async def test_the_join_apps_results_of_a_series_deal_the_next_game_on_n(tmp_path: Path) -> None:
    host = await start_table("fishing-party-poker", ("remote", "remote"), tmp_path,
                             series=SeriesRules(end="target", target=100_000))
    try:
        seats, _ = host.links()
        other = RemoteClient(seats[1])
        await other.connect()
        helper = asyncio.create_task(Player(other, seed=2).play(timeout=120))
        app = SeatApp(RemoteClient(seats[0]), arming=0.0)
        rng = random.Random(5)
        async with app.run_test(size=(100, 30)) as pilot:
            while not isinstance(app.screen, ResultsScreen):
                await until(lambda: asked(app) or isinstance(app.screen, ResultsScreen))
                if asked(app):
                    ticket = app.shown_ticket
                    assert app.decision is not None
                    app.screen.post_message(Decided(ticket, 0, rng.choice(app.decision.legal)))
                    await until(lambda: ticket in app.answered)  # noqa: B023
            await until(lambda: app.screen.is_mounted and "after 1 game" in screen_text(app))
            await helper
            helper = asyncio.create_task(Player(other, seed=3).play(timeout=120))
            await pilot.press("n")
            await until(lambda: not host.match.is_over and not isinstance(app.screen, ResultsScreen))
            await until(lambda: asked(app) or app.table is app.screen)
            assert app.client.seen.games == 2
        helper.cancel()
        await other.close()
    finally:
        await host.stop()


async def test_the_host_hints_only_a_seat_asked_in_private_and_only_from_its_view(tmp_path: Path) -> None:
    host = await start_table("crazy-fishing", ("remote", "remote"), tmp_path)
    watch = Watch(host)
    try:
        clients, public = await join_all(host)
        before = fingerprint(host)
        assert "own decision" in await refusal(public, lambda: public.send_raw(
            '{"v": 1, "type": "hint", "seat": 0, "ticket": 1}'))
        stale = clients[0].ticket - 1
        assert "asked now" in await refusal(clients[0], lambda: clients[0].send_raw(
            f'{{"v": 1, "type": "hint", "seat": 0, "ticket": {stale}}}'))
        await clients[0].ask_hint()
        ticket = clients[0].ticket
        await clients[0].wait_for(lambda c: ticket in c.seen.hints, 60)
        options = clients[0].seen.hints[ticket].options
        assert options and all(o.action in clients[0].legal for o in options)
        assert fingerprint(host) == before  # a hint plays nothing
        for seat, client in clients.items():
            assert not watch.leaks(client, seat)
        await close_all(*clients.values(), public)
    finally:
        await host.stop()


async def test_a_host_restarted_between_two_games_of_a_series_deals_the_next_on_the_same_links(
    tmp_path: Path,
) -> None:
    rules = SeriesRules(end="target", target=100_000)
    host = await start_table("fishing-party-poker", ("remote", "remote"), tmp_path, series=rules)
    port = host.port
    again: TableHost | None = None
    try:
        clients, _ = await join_all(host)
        await play_game(host, clients, seed=1)
        result = host.match.result()
        await host.stop()
        for client in clients.values():
            await client.close()
        again = TableHost.resume(tmp_path, port=port, rate=FAST)
        await again.start()
        assert again.record.series is not None and again.record.series.games == 1
        back = RemoteClient(host.links()[0][0])
        await back.connect()
        await back.wait_for(lambda c: c.seen.result is not None, 10)  # the last result, on rejoining
        assert back.result == result and back.seen.series is not None
        await back.next_game()
        await back.wait_for(lambda c: c.seen.games == 2 and c.seen.result is None, 10)
        assert not again.match.is_over and again.record.seed == again.match.seed
        await back.close()
    finally:
        if again is not None:
            await again.stop()


async def test_the_join_apps_results_of_a_single_game_deal_another_on_p(tmp_path: Path) -> None:
    """After a single game the host offers another on the same links (GameOver.next): `p` at a
    seat's results asks for it, and it is dealt; before, `p` only said the host deals games."""
    host = await start_table("fishing-party-poker", ("remote", "remote"), tmp_path)
    try:
        seats, _ = host.links()
        other = RemoteClient(seats[1])
        await other.connect()
        helper = asyncio.create_task(Player(other, seed=2).play(timeout=120))
        app = SeatApp(RemoteClient(seats[0]), arming=0.0)
        rng = random.Random(5)
        async with app.run_test(size=(100, 30)) as pilot:
            while not isinstance(app.screen, ResultsScreen):
                await until(lambda: asked(app) or isinstance(app.screen, ResultsScreen))
                if asked(app):
                    ticket = app.shown_ticket
                    assert app.decision is not None
                    app.screen.post_message(Decided(ticket, 0, rng.choice(app.decision.legal)))
                    await until(lambda: ticket in app.answered)  # noqa: B023
            await until(lambda: app.client.seen.next_game and app.screen.is_mounted
                        and "p Play again" in screen_text(app))
            await helper
            helper = asyncio.create_task(Player(other, seed=3).play(timeout=120))
            await pilot.press("p")
            await until(lambda: not host.match.is_over and not isinstance(app.screen, ResultsScreen))
            assert app.client.seen.games == 2 and app.client.seen.result is None
        helper.cancel()
        await other.close()
    finally:
        await host.stop()
