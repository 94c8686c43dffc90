"""Every finished hot-seat game lands in History; a history that cannot be written never stops play."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fishtable.history import store
from fishtable.history.schema import HISTORY_NAME
from fishtable.tui.app import FishtableApp
from tests import tinygame

from .helpers import settle, until
from .test_tiny_game import flat, open_setup, play_step

MAX_STEPS = 200


@pytest.fixture(autouse=True)
def high_card() -> Iterator[None]:
    tinygame.install()
    yield
    tinygame.uninstall()


async def play_to_results(pilot: Any, names: tuple[str, str] = ("Ann", "[b]Bo")) -> None:
    """From the menu: High Card of one round, two people and a computer, to the results."""
    app = pilot.app
    setup = await open_setup(pilot)
    setup.query_one("#rounds").value = "1"
    setup.query_one("#name-0").value = names[0]
    setup.query_one("#name-1").value = names[1]
    await pilot.press("ctrl+s")
    await settle(pilot)
    seen: set[str] = set()
    for _ in range(MAX_STEPS):
        if type(app.screen).__name__ == "ResultsScreen":
            break
        await play_step(pilot, seen)
    assert type(app.screen).__name__ == "ResultsScreen", flat(app)


async def test_a_finished_hot_seat_game_is_in_the_history(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await play_to_results(pilot)
        assert await until(pilot, lambda: app.history_id is not None)
        match = app.flow.match
    rows = store.recent(tmp_path / HISTORY_NAME)
    assert [row.id for row in rows] == [app.history_id]
    record = store.load_game(tmp_path / HISTORY_NAME, app.history_id)
    assert record.game == tinygame.NAME and record.seed == match.seed
    assert record.actions == match.to_save().actions and record.state_hash == match.state_hash()
    assert [(s.name, s.kind, s.place) for s in record.seats] == [
        ("Ann", "human", "local"), ("[b]Bo", "human", "local"), (match.seats[2].name, "computer", "local")]
    assert [s.winner for s in record.seats] == [n in match.result().winners for n in range(3)]
    assert record.source == "app" and record.seconds > 0 and record.started is not None


async def test_a_history_that_cannot_be_written_says_so_and_play_goes_on(tmp_path: Path) -> None:
    (tmp_path / HISTORY_NAME).mkdir()  # a folder where the database should be
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    said: list[str] = []
    app.notify = lambda message, **kw: said.append(message)  # type: ignore[method-assign]
    async with app.run_test(size=(100, 40)) as pilot:
        await play_to_results(pilot)
        assert await until(pilot, lambda: any("History is off" in s for s in said))
        assert any("is a folder" in s and "The game is over all the same" in s for s in said), said
        await pilot.press("p")  # play again: the app goes on
        await settle(pilot)
        assert app.flow is not None and not app.flow.match.is_over
    assert (tmp_path / HISTORY_NAME).is_dir() and not list((tmp_path / HISTORY_NAME).iterdir())
