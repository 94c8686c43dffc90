"""`fishtable host` from the command line: seats and options in words, links printed, stops cleanly."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import sys
from pathlib import Path

import pytest

from fishtable.cli import main
from fishtable.engine.registry import get_entry
from fishtable.engine.series import SeriesRules
from fishtable.remote.client import RemoteClient
from fishtable.remote.host import TableHost
from fishtable.remote.host_command import serve
from fishtable.remote.record import RECORD_NAME, SAVE_NAME
from fishtable.remote.table_setup import SetupError, parse_options, parse_seats, parse_series

from .helpers import FAST, Player, make_match


def test_seats_are_read_from_name_and_kind() -> None:
    seats, kinds = parse_seats(["Elena:remote", "Otto:computer:hard", "Ana:computer"], "big-fish")
    assert [s.name for s in seats] == ["Elena", "Otto", "Ana"]
    assert [s.bot for s in seats] == [None, "hard", "normal"]
    assert kinds == ("remote", "computer", "computer")
    for bad, words in [(["Elena"], "remote, local or computer"), (["Elena:remote", "Elena:remote"], "own name"),
                       (["Otto:computer:genius"], "no computer player"), ([":remote"], "name"),
                       (["Ana:local:hard"], "the kind is")]:
        with pytest.raises(SetupError, match=words):
            parse_seats(bad, "big-fish")


def test_a_series_is_read_as_a_target_or_minutes_and_refused_in_words() -> None:
    assert parse_series(None) == SeriesRules()
    assert parse_series("target=60") == SeriesRules(end="target", target=60)
    assert parse_series("minutes=30") == SeriesRules(end="time", minutes=30)
    for bad in ("target", "points=3", "target=lots", "minutes=0", "target=" + "9" * 30):
        with pytest.raises(SetupError, match="--series"):
            parse_series(bad)


def test_options_are_read_as_json_or_text_and_refused_in_words() -> None:
    game = get_entry("fishing-party-poker").load()
    assert parse_options(game, ["max_hands=3"]).max_hands == 3
    with pytest.raises(SetupError, match="max_hands"):
        parse_options(game, ["max_hands=lots"])
    with pytest.raises(SetupError, match="NAME=VALUE"):
        parse_options(game, ["max_hands"])


def test_a_new_table_needs_a_game_and_a_remote_seat(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # No seats: the setup form, which needs a terminal (the tests have none).
    assert main(["host", "--save-dir", str(tmp_path)]) == 2
    assert "the setup form needs a terminal" in capsys.readouterr().err
    assert main(["host", "--seat", "A:remote", "--seat", "B:remote", "--save-dir", str(tmp_path)]) == 2
    assert "--game is needed" in capsys.readouterr().err
    assert main(["host", "--game", "big-fish", "--seat", "A:computer", "--seat", "B:computer",
                 "--save-dir", str(tmp_path)]) == 2
    assert "must be remote" in capsys.readouterr().err
    assert main(["host", "--game", "big-fish", "--seat", "A:remote", "--save-dir", str(tmp_path)]) == 2
    assert "2 to 5 seats" in capsys.readouterr().err
    assert main(["host", "--game", "big-fish", "--seat", "A:remote", "--seat", "B:remote", "--port", "70000",
                 "--save-dir", str(tmp_path)]) == 2
    assert "--port must be" in capsys.readouterr().err
    assert main(["host", "--game", "big-fish", "--seat", "A:remote", "--seat", "B:remote", "--seed", "9" * 30,
                 "--save-dir", str(tmp_path)]) == 2
    assert "seed" in capsys.readouterr().err
    assert main(["host", "--resume", "--save-dir", str(tmp_path)]) == 2
    assert "error" in capsys.readouterr().err


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def test_the_host_command_prints_the_links_serves_and_stops_on_sigint(tmp_path: Path) -> None:
    port = free_port()
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "fishtable", "host", "--game", "crazy-fishing", "--seat", "Elena:remote",
        "--seat", "Otto:computer:easy", "--port", str(port), "--seed", "5", "--save-dir", str(tmp_path),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    try:
        assert process.stdout is not None
        lines: list[str] = []
        async with asyncio.timeout(60):
            while not any("public table" in line for line in lines):
                line = (await process.stdout.readline()).decode()
                assert line, "the host ended before printing its links"
                lines.append(line)
        text = "".join(lines)
        link = re.search(r"Elena:\n    (\S+)", text)
        assert link is not None and f"127.0.0.1:{port}/join/" in link.group(1)
        client = RemoteClient(link.group(1))
        await client.connect()
        assert client.seen.seat == 0 and client.seen.title == "Crazy Fishing"
        assert (tmp_path / SAVE_NAME).exists() and (tmp_path / RECORD_NAME).exists()
        process.send_signal(signal.SIGINT)
        async with asyncio.timeout(30):
            code = await process.wait()
            out = (await process.stdout.read()).decode()
        assert code == 0 and "--resume" in out
        await client.wait_for(lambda c: not c.connected, 10)
        await client.close()
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    assert os.stat(tmp_path / RECORD_NAME).st_mode & 0o077 == 0


def test_seats_may_be_played_at_the_hosts_keyboard() -> None:
    seats, kinds = parse_seats(["Ana:local", "Elena:remote"], "crazy-fishing")
    assert kinds == ("local", "remote") and seats[0].bot is None
    seats, kinds = parse_seats(["Ana:local", "Bo:local", "Elena:remote"], "crazy-fishing")
    assert kinds == ("local", "local", "remote")


async def test_the_local_seat_joins_over_loopback_and_the_remote_links_leave_it_out(tmp_path: Path) -> None:
    """`serve` plays the keyboard's seat with its own loopback link (a headless player stands in
    for the join app here) while the remote seat plays from its printed link, to the end."""
    match = make_match("fishing-party-poker", ("local", "remote"))
    table = TableHost.new(match, ("local", "remote"), save_dir=tmp_path, port=0, rate=FAST)
    assert set(table.record.tokens) == {0, 1}
    played: list[int] = []

    async def local(links, table_link) -> None:  # type: ignore[no-untyped-def]
        assert set(links) == {0} and table_link.token is None
        client = RemoteClient(links[0])
        await client.connect()
        played.append(client.seen.seat)
        await Player(client, seed=1).play()
        await client.close()

    async def remote() -> None:
        async with asyncio.timeout(30):
            while not table.listening:
                await asyncio.sleep(0.01)
        links, _ = table.links()
        assert set(links) == {1}  # only the remote seat gets a printed link
        client = RemoteClient(links[1])
        await client.connect()
        await Player(client, seed=2).play()
        await client.close()

    results = await asyncio.gather(serve(table, local=local), remote())
    assert results[0] == 0 and played == [0] and match.is_over


def test_join_needs_a_link_and_reads_one_from_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["join"]) == 2
    assert "give the link the host printed" in capsys.readouterr().err
    bad = tmp_path / "seat.link"
    bad.write_text("http://127.0.0.1:8765/elsewhere\n")
    assert main(["join", "--link-file", str(bad)]) == 2
    assert "not a fishtable link" in capsys.readouterr().err
    assert main(["join", "--link-file", str(tmp_path / "missing.link")]) == 2
    assert "error" in capsys.readouterr().err
