"""A hosted table records its finished game in the data folder's History."""

from __future__ import annotations

import asyncio
from pathlib import Path

from fishtable.history import store
from fishtable.history.schema import HISTORY_NAME
from fishtable.remote.host_command import record_history

from .helpers import Player, close_all, join_all, start_table


async def test_a_hosted_game_lands_in_the_history_once(tmp_path: Path) -> None:
    host = await start_table("big-fish", ("remote", "computer"), tmp_path / "table")
    recorder = record_history(host, tmp_path)
    try:
        clients, public = await join_all(host)
        await asyncio.gather(*(Player(c, seed=seat).play() for seat, c in clients.items()))
        await public.wait_for(lambda c: c.seen.result is not None, 30)
        assert host.match.is_over
    finally:
        await close_all(*clients.values(), public)
        await host.stop()
    for thread in recorder.threads:
        thread.join(30)
    rows = store.recent(tmp_path / HISTORY_NAME)
    assert len(rows) == 1 and rows[0].source == "host"
    assert [(s.kind, s.place) for s in rows[0].seats] == [("human", "remote"), ("computer", "local")]
    record = store.load_game(tmp_path / HISTORY_NAME, rows[0].id)
    assert record.state_hash == host.match.state_hash() and record.result == host.match.result()
