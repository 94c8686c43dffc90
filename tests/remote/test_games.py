"""A host and three headless seats play a whole game of each game over loopback, and no frame a
seat receives holds a card hidden from it."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from fishtable.engine.resume import load_match
from fishtable.remote.record import SAVE_NAME

from .helpers import Player, Watch, close_all, join_all, private_lines_received, start_table

GAMES = ("crazy-fishing", "fishing-party", "big-fish", "fishing-party-poker")


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
async def test_three_remote_seats_play_a_whole_game(game: str, tmp_path: Path) -> None:
    host = await start_table(game, ("remote", "remote", "remote"), tmp_path)
    watch = Watch(host)
    try:
        clients, public = await join_all(host)
        players = [Player(c, seed=seat, greedy=game == "fishing-party") for seat, c in clients.items()]
        await asyncio.gather(*(p.play() for p in players))
        await public.wait_for(lambda c: c.seen.result is not None, 30)
        assert host.match.is_over
        expected = host.match.result()
        for client in (*clients.values(), public):
            assert client.result == expected
        assert all(p.moves > 0 for p in players)
        # Each seat got only its own questions; the table none.
        assert public.seen.snapshot is not None and public.seen.snapshot.prompt is None
        for seat, client in clients.items():
            assert not watch.leaks(client, seat), watch.leaks(client, seat)[:5]
            for frame in client.frames:
                prompt = (json.loads(frame).get("snapshot") or {}).get("prompt")
                assert prompt is None or prompt["seat"] == seat
        assert not watch.leaks(public, None), watch.leaks(public, None)[:5]
        # The log too, by its words: no private line of another seat reached a seat or the table.
        assert any(e.visible_to is not None for e in host.match.events_since(0)), "no private line to test"
        for seat, client in (*clients.items(), (None, public)):
            assert not private_lines_received(host, client, seat), private_lines_received(host, client, seat)[:3]
        # The last view each seat got is the host's view for it; the autosave replays to the end.
        for seat, client in clients.items():
            assert client.seen.snapshot.view == host.match.view(seat).model_dump(mode="json")
        assert load_match(tmp_path / SAVE_NAME).state_hash() == host.match.state_hash()
        await close_all(*clients.values(), public)
    finally:
        await host.stop()
