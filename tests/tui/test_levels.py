"""Difficulty levels on the setup screen, and a searching computer seat at the table."""

from __future__ import annotations

from pathlib import Path

import pytest

import fishtable.bots
from fishtable.engine.registry import GAMES
from fishtable.tui.app import FishtableApp
from fishtable.tui.screens.setup import seat_kinds

from .helpers import make_match, settle, until


@pytest.mark.parametrize("game", [entry.name for entry in GAMES if entry.playable])
def test_every_game_offers_easy_normal_and_hard_with_normal_first(game: str) -> None:
    kinds = seat_kinds(game)
    assert kinds[0] == ("Human", "human")
    assert [value for _, value in kinds[1:]] == ["bot:normal", "bot:easy", "bot:hard"]
    assert "thinks" in dict((v, k) for k, v in kinds)["bot:hard"]


async def test_a_hard_seat_thinks_in_a_worker_and_its_progress_is_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fishtable.bots, "HARD_SECONDS", 0.3)
    seats = (("Elena", None), ("Ernesto", "hard"), ("Zoë", "hard"))
    app = FishtableApp(data_dir=tmp_path, start_match=make_match(seats=seats), bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        flow = app.flow
        # Both computer seats have cast by search (bots go first in a simultaneous phase):
        # only the person is asked now.
        assert list(flow.match.pending()) == [0]
        assert flow.bot_errors == []
        # While one thinks, the status line counts the worlds it imagined, nothing about its cards.
        flow.thinking, flow.thought = 1, 1234
        flow.table.set_prompt(None, waiting_for="Ernesto")

        def prompt() -> str:
            return str(flow.table.query_one("#prompt").render())

        # The table's quarter-second timer writes the progress in: wait for it, not for a time.
        assert await until(pilot, lambda: "Ernesto is thinking… (1,234 worlds imagined)" in prompt()), prompt()
        flow.thinking = None
