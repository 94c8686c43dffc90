"""A dropped seat, a restarted host and an away seat lose nothing."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import stat
from pathlib import Path

from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import get_entry
from fishtable.remote.client import RemoteClient, TableSeen
from fishtable.remote.host import TableHost
from fishtable.remote.protocol import LogLine
from fishtable.remote.record import RECORD_NAME

from .helpers import FAST, Player, Watch, close_all, join_all, start_table


async def wait_host(host: TableHost, condition, timeout: float = 30.0) -> None:  # type: ignore[no-untyped-def]
    """Wait for a condition on the host (it has no events for tests; it is polled briefly)."""
    async with asyncio.timeout(timeout):
        while not condition(host):
            await asyncio.sleep(0.01)


async def test_a_killed_client_rejoins_with_its_link_and_finishes(tmp_path: Path) -> None:
    host = await start_table("big-fish", ("remote", "remote", "remote"), tmp_path)
    watch = Watch(host)
    try:
        clients, public = await join_all(host)
        players = {s: Player(c, seed=s) for s, c in clients.items()}
        half = asyncio.gather(*(p.play(stop=lambda: host.match.step_count >= 20) for p in players.values()))
        await half
        # Seat 1 vanishes mid-game (its socket is dropped without a goodbye).
        await clients[1].close()
        await public.wait_for(lambda c: c.seen.seats and c.seen.seats[1].away, 10)
        assert [s.away for s in public.seen.seats] == [False, True, False]
        # The others play on until the table waits for seat 1 alone: the table waits.
        others = [players[0].play(stop=lambda: set(host.match.pending()) == {1}),
                  players[2].play(stop=lambda: set(host.match.pending()) == {1})]
        await asyncio.wait_for(asyncio.gather(*others), 60)
        if not host.match.is_over:
            step = host.match.step_count
            assert 1 in host.match.pending()
            await asyncio.sleep(0)  # nobody plays for an away seat unless the host chose it
            assert host.match.step_count == step
        # The same link, a new client: it gets exactly its seat back.
        again = RemoteClient(host.links()[0][1])
        await again.connect()
        assert again.seen.seat == 1
        assert again.seen.snapshot.view == host.match.view(1).model_dump(mode="json")
        await public.wait_for(lambda c: not c.seen.seats[1].away, 10)
        players[1] = Player(again, seed=9)
        clients[1] = again
        await asyncio.gather(*(p.play() for p in players.values()))
        assert host.match.is_over and again.result == host.match.result()
        for seat, client in clients.items():
            assert not watch.leaks(client, seat)
        await close_all(*clients.values(), public)
    finally:
        await host.stop()


async def test_a_restarted_host_resumes_from_its_autosave_and_the_seats_rejoin(tmp_path: Path) -> None:
    host = await start_table("crazy-fishing", ("remote", "remote", "computer"), tmp_path)
    port = host.port
    links = host.links()[0]
    tokens = dict(host.record.tokens)
    watch = Watch(host)
    clients, public = await join_all(host)
    players = {s: Player(c, seed=s) for s, c in clients.items()}
    await asyncio.gather(*(p.play(stop=lambda: host.match.step_count >= 15) for p in players.values()))
    await wait_host(host, lambda h: h.idle)
    step, digest = host.match.step_count, host.match.state_hash()
    await host.stop()  # every client loses its connection
    for client in clients.values():
        await client.wait_for(lambda c: not c.connected, 10)
    record = tmp_path / RECORD_NAME
    assert stat.S_IMODE(os.stat(record).st_mode) == 0o600
    again = TableHost.resume(tmp_path, port=port, rate=FAST)
    assert again.match.step_count == step and again.match.state_hash() == digest
    assert again.record.tokens == tokens
    await again.start()
    try:
        assert again.links()[0] == links  # the printed links still work
        for client in (*clients.values(), public):
            await client.connect_retrying(30)
        watch.follow(again)
        for seat, client in clients.items():
            assert client.seen.snapshot.view == again.match.view(seat).model_dump(mode="json")
        await asyncio.gather(*(p.play() for p in players.values()))
        await public.wait_for(lambda c: c.seen.result is not None, 30)
        assert again.match.is_over and public.result == again.match.result()
        for seat, client in clients.items():
            assert not watch.leaks(client, seat)
        await close_all(*clients.values(), public)
    finally:
        await again.stop()


async def test_an_away_seat_is_played_by_a_computer_after_the_set_time(tmp_path: Path) -> None:
    host = await start_table("fishing-party-poker", ("remote", "remote"), tmp_path, away_seconds=0.2)
    try:
        seats, _ = host.links()
        present = RemoteClient(seats[0])
        await present.connect()
        assert [s.away for s in present.seen.seats] == [False, True]
        # Seat 1 never comes: a computer answers for it; seat 0 plays by hand to the end.
        await Player(present, seed=3).play(timeout=60)
        assert host.match.is_over
        assert present.result == host.match.result()
        await present.close()
    finally:
        await host.stop()


async def test_without_a_stand_in_the_table_waits_for_an_away_seat(tmp_path: Path) -> None:
    host = await start_table("crazy-fishing", ("remote", "remote", "computer"), tmp_path)
    try:
        seats, _ = host.links()
        present = RemoteClient(seats[0])
        await present.connect()
        await Player(present, seed=1).play(stop=lambda: 0 not in host.match.pending(), timeout=30)
        await wait_host(host, lambda h: h.idle and 1 in h.match.pending())
        step = host.match.step_count
        # Give a stand-in every chance to move (none was chosen): several bot rounds of the loop.
        for _ in range(20):
            await asyncio.sleep(0.01)
        assert host.match.step_count == step and 1 in host.match.pending()
        assert 1 in present.seen.waiting and present.seen.seats[1].away
        await present.close()
    finally:
        await host.stop()


async def test_the_host_keeps_a_games_time_limit(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Fishing Party's agreed time limit: when it runs out the host tells the engine, once."""
    game = get_entry("fishing-party").load()
    # A one-minute limit, as the setup offers, that the test's clock counts in a fifth of a second.
    offers = game.capabilities
    assert offers.time_limit is not None
    quick = dataclasses.replace(offers.time_limit, seconds=lambda options: 0.2)
    monkeypatch.setattr(type(game), "capabilities", dataclasses.replace(offers, time_limit=quick))
    match = Match.start(game, game.options_model()(time_limit_minutes=1), [SeatInfo(name="A"), SeatInfo(name="B")], 3)
    host = TableHost.new(match, ("remote", "remote"), save_dir=tmp_path, port=0)
    await host.start()
    try:
        seats, _ = host.links()
        watcher = RemoteClient(seats[0])
        await watcher.connect()
        assert not watcher.seen.snapshot.view["time_up"]
        await watcher.wait_for(lambda c: c.seen.snapshot.view["time_up"], 30)
        assert host.match.view(None).time_up and host.applied == 1
        await watcher.close()
    finally:
        await host.stop()


async def test_a_seat_opened_in_a_second_place_is_told_to_the_whole_table(tmp_path: Path) -> None:
    """A taken seat is never silent: every table's log says so, in its place among the game's lines;
    a seat that merely comes back after being away is no news."""
    host = await start_table("crazy-fishing", ("remote", "remote"), tmp_path)
    try:
        clients, public = await join_all(host)
        name = host.match.seats[1].name
        line = f"{name}'s seat was opened from another place."
        before = list(public.log_lines)
        second = RemoteClient(host.links()[0][1])  # the same link, somewhere else, while the first is open
        await second.connect()
        assert second.seen.seat == 1
        await public.wait_for(lambda c: line in c.log_lines, 10)
        await clients[0].wait_for(lambda c: line in c.log_lines, 10)
        assert public.log_lines == [*before, line]  # after the lines it followed, once
        await second.close()
        await public.wait_for(lambda c: c.seen.seats[1].away, 10)
        third = RemoteClient(host.links()[0][1])  # back after being away: nobody else had the seat
        await third.connect()
        await public.wait_for(lambda c: not c.seen.seats[1].away, 10)
        assert public.log_lines.count(line) == 1
        await close_all(clients[0], third, public)
    finally:
        await host.stop()


def test_the_hosts_notes_sit_among_the_game_lines_they_followed() -> None:
    seen = TableSeen(log={i: LogLine(index=i, kind="turn", text=f"line {i}") for i in (3, 4, 7)},
                     notes=[(4, "after 4"), (-1, "before all"), (9, "last")])
    texts = [line.text for line in seen.readable_log()]
    assert texts == ["before all", "line 3", "line 4", "after 4", "line 7", "last"]
