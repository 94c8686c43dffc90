"""`fishtable host` as its operator and its players see it: the host in rooms of one job, a resume
that keeps its links, a session that ends for everyone, presence on the host's terminal, a
printout that fits 80 columns, and failures that show instead of vanishing."""

from __future__ import annotations

import argparse
import asyncio
import socket
from pathlib import Path
from typing import Any

import pytest

from fishtable.cli import build_parser
from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import get_entry
from fishtable.remote import host_command
from fishtable.remote.client import RemoteClient
from fishtable.remote.computers import ComputerSeats
from fishtable.remote.host import TableHost
from fishtable.remote.host_command import print_links, serve
from fishtable.remote.record import RECORD_NAME, load_record
from fishtable.remote.table_setup import build_table

from .helpers import FAST, Player, close_all, join_all, make_match, start_table

REMOTE = Path(__file__).parents[2] / "fishtable" / "remote"


def test_no_module_of_the_remote_seats_is_over_300_lines() -> None:
    sizes = {p.name: len(p.read_text().splitlines()) for p in REMOTE.glob("*.py")}
    assert {"host.py", "seat_app.py", "client.py"} <= set(sizes)
    assert {name: n for name, n in sizes.items() if n > 300} == {}


# -- resume keeps its links -------------------------------------------------------------------------
def host_args(save_dir: Path, *more: str) -> argparse.Namespace:
    return build_parser().parse_args(["host", "--save-dir", str(save_dir), *more])


async def test_a_resume_without_port_listens_where_it_did_and_a_client_rejoins_on_the_same_link(
    tmp_path: Path,
) -> None:
    kinds = ("remote", "remote")
    first = TableHost.new(make_match("crazy-fishing", kinds), kinds, save_dir=tmp_path, port=0, rate=FAST,
                          public_name="localhost")
    await first.start()
    old_seats, old_table = first.links()
    client = RemoteClient(old_seats[1])
    try:
        await client.connect()
        assert client.seen.seat == 1
        await first.stop()
        await client.wait_for(lambda c: not c.connected, 10)
        record = load_record(tmp_path / RECORD_NAME, first.match)
        assert (record.port, record.public_name, record.bind) == (first.port, "localhost", "127.0.0.1")
        again = build_table(host_args(tmp_path, "--resume"), tmp_path)  # no --port, no --public-name
        assert again is not None
        await again.start()
        try:
            assert again.links() == (old_seats, old_table)  # the very same links, tokens and all
            await client.connect_retrying(10)
            assert client.seen.seat == 1 and client.seen.game == "crazy-fishing"
        finally:
            await again.stop()
    finally:
        await client.close()


def test_a_resume_whose_port_is_taken_says_so_and_prints_no_other_links(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    async def first_host() -> int:
        host = await start_table("crazy-fishing", ("remote", "remote"), tmp_path)
        await host.stop()
        return host.port

    port = asyncio.run(first_host())
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", port))
        taken.listen()
        code = host_command.host_command(host_args(tmp_path, "--resume"), None, pages=None)
    out, err = capsys.readouterr()
    err = " ".join(err.split())  # wrapped to 80 columns
    assert code == 1 and "Address already in use" in err
    assert f"the saved table's links use 127.0.0.1:{port}" in err and "--port" in err
    assert "http://" not in out  # no links that would not work


# -- a session ends for everyone ----------------------------------------------------------------------
async def test_a_poker_session_ends_for_every_remote_seat_and_the_host_waits_for_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    kinds = ("remote", "remote", "remote")
    table = TableHost.new(make_match("fishing-party-poker", kinds), kinds, save_dir=tmp_path, port=0, rate=FAST)
    serving = asyncio.create_task(serve(table))
    try:
        async with asyncio.timeout(30):
            while not table.listening:
                await asyncio.sleep(0.01)  # the host's own start; polled, bounded by the timeout
        clients, public = await join_all(table)
        await asyncio.gather(*(Player(c, seed=s).play() for s, c in clients.items()))
        for client in (*clients.values(), public):
            await client.wait_for(lambda c: c.seen.result is not None, 10)
            assert client.result == table.match.result()
        assert not serving.done()
        # Two of the three leave after the result: the host stays for the third.
        await close_all(clients[0], clients[1])
        async with asyncio.timeout(10):
            while len(table.seating.saw_result) < 2:
                await asyncio.sleep(0.01)
        assert not serving.done() and not table.everyone_saw.is_set() and clients[2].connected
        await close_all(clients[2])
        assert await asyncio.wait_for(serving, 10) == 0  # the last seat has seen it: the host stops
        await close_all(public)
    finally:
        if not serving.done():
            serving.cancel()
            await table.stop()
    err = capsys.readouterr().err
    assert "Elena joined." in err and "The game is over. The table stays open" in err
    assert "Elena left after the result." in err and "Ernesto left after the result." in err


async def test_a_game_over_message_says_whether_another_game_can_be_asked_for(tmp_path: Path) -> None:
    host = await start_table("fishing-party-poker", ("remote", "remote"), tmp_path)
    try:
        clients, public = await join_all(host)
        frames_before = len(public.frames)
        await asyncio.gather(*(Player(c, seed=s).play() for s, c in clients.items()))
        await public.wait_for(lambda c: c.seen.result is not None, 10)
        overs = [f for f in list(public.frames)[frames_before:] if '"type":"over"' in f]
        assert overs and '"next":true' in overs[-1]
        await close_all(*clients.values(), public)
    finally:
        await host.stop()


# -- the host's terminal -------------------------------------------------------------------------------
async def test_the_hosts_terminal_hears_joins_leaves_and_rejoins(tmp_path: Path) -> None:
    host = await start_table("crazy-fishing", ("remote", "remote"), tmp_path)
    heard: list[str] = []
    host.on_log.append(heard.append)
    try:
        seats, _ = host.links()
        elena = RemoteClient(seats[0])
        await elena.connect()
        await elena.close()
        async with asyncio.timeout(10):
            while len(heard) < 2:
                await asyncio.sleep(0.01)
        await elena.connect()
        async with asyncio.timeout(10):
            while len(heard) < 3:
                await asyncio.sleep(0.01)
        assert heard == ["Elena joined.", "Elena left; the table keeps the seat.", "Elena rejoined."]
        await elena.close()
    finally:
        await host.stop()


async def test_the_printout_fits_80_columns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    kinds = ("remote", "remote")
    game = get_entry("crazy-fishing").load()
    match = Match.start(game, game.options_model()(), [SeatInfo(name="A" * 24), SeatInfo(name="B")], 3)
    host = TableHost.new(match, kinds, save_dir=tmp_path, host="0.0.0.0", port=0, rate=FAST)
    await host.start()
    try:
        print_links(host, "203.113.100.200")
        print_links(host)  # the warning names the address the links give
    finally:
        await host.stop()
    out, err = capsys.readouterr()
    assert "http://203.113.100.200:" in out and "A" * 24 + ":" in out
    lines = (out + err).splitlines()
    assert lines and max(len(line) for line in lines) <= 80, [line for line in lines if len(line) > 80]


# -- failures show ---------------------------------------------------------------------------------------
async def test_a_failing_computer_player_is_said_on_the_hosts_terminal(tmp_path: Path) -> None:
    kinds = ("computer", "computer")
    host = TableHost.new(make_match("crazy-fishing", kinds), kinds, save_dir=tmp_path, port=0, rate=FAST)
    heard: list[str] = []
    host.on_log.append(heard.append)

    def broken(match: Any) -> None:
        raise OSError("the disk went away")

    host.on_applied.append(broken)
    await host.start()
    try:
        async with asyncio.timeout(10):
            while not heard:
                await asyncio.sleep(0.01)
        assert "The computer players stopped (OSError: the disk went away)" in heard[0]
    finally:
        await host.stop()


async def test_stop_closes_every_connection_even_when_the_computer_loop_died(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def dies(self: ComputerSeats) -> None:
        raise RuntimeError("the loop died")  # past the loop's own report: the task ends with it

    monkeypatch.setattr(ComputerSeats, "_keep_playing", dies)
    host = await start_table("crazy-fishing", ("remote", "computer"), tmp_path)
    clients, public = await join_all(host)
    with pytest.raises(RuntimeError, match="the loop died"):
        await host.stop()
    for client in (*clients.values(), public):
        await client.wait_for(lambda c: not c.connected, 10)
    assert not host.transport.listening
    await close_all(*clients.values(), public)


def test_an_error_after_the_port_is_open_is_not_called_a_port_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """A closed standard output (EPIPE) once the table listens is not "cannot listen on …"."""
    def broken_pipe(*args: Any, **kw: Any) -> None:
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(host_command, "print_links", broken_pipe)
    args = host_args(tmp_path, "--game", "crazy-fishing", "--seat", "A:remote", "--seat", "B:remote", "--port", "0")
    with pytest.raises(BrokenPipeError):
        host_command.host_command(args, None, pages=None)
    assert "cannot listen" not in capsys.readouterr().err


def test_a_damaged_saved_table_is_said_before_a_new_one_replaces_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    args = host_args(tmp_path, "--game", "crazy-fishing", "--seat", "A:remote", "--seat", "B:remote", "--port", "0")
    assert build_table(args, tmp_path) is not None
    (tmp_path / RECORD_NAME).write_text("{ not json")
    assert build_table(args, tmp_path) is not None
    err = capsys.readouterr().err
    assert "cannot be continued" in err and "The new table replaces it." in err


async def test_the_keyboards_players_leaving_after_the_end_leave_the_host_up_for_the_remote_seat(
    tmp_path: Path,
) -> None:
    kinds = ("local", "remote")
    table = TableHost.new(make_match("fishing-party-poker", kinds), kinds, save_dir=tmp_path, port=0, rate=FAST)
    local_done = asyncio.Event()

    async def local(links: dict[int, Any], table_link: Any) -> None:
        client = RemoteClient(links[0])
        await client.connect()
        await Player(client, seed=1).play()
        await client.close()
        local_done.set()

    serving = asyncio.create_task(serve(table, local=local))
    try:
        async with asyncio.timeout(30):
            while not table.listening:
                await asyncio.sleep(0.01)  # the host's own start; polled, bounded by the timeout
        remote = RemoteClient(table.links()[0][1])
        await remote.connect()
        await Player(remote, seed=2).play()
        await remote.wait_for(lambda c: c.seen.result is not None, 10)
        await asyncio.wait_for(local_done.wait(), 10)
        async with asyncio.timeout(10):  # the host has seen the keyboard's app end: it stops, or it waits
            while not (serving.done() or host_command._terminal_line in table.on_log):
                await asyncio.sleep(0.01)
        assert 0 in table.seating.saw_result
        assert not serving.done() and remote.connected  # the remote seat still reads its result
        await remote.close()
        assert await asyncio.wait_for(serving, 10) == 0
    finally:
        if not serving.done():
            serving.cancel()
            await table.stop()
