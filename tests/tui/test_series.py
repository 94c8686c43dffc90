"""A series of games in the app (FP-SCORE-10, offered for every game by the shell):
running totals on the results, the next game with the totals carried, the end and the winner,
and a series that survives a closed terminal."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Select

from fishtable.tui.app import FishtableApp
from tests import tinygame

from .helpers import settle
from .screen_text import screen_text
from .test_tiny_game import open_setup


@pytest.fixture(autouse=True)
def high_card() -> Iterator[None]:
    tinygame.install()
    yield
    tinygame.uninstall()


def flat(app: FishtableApp) -> str:
    return " ".join(screen_text(app).split())


async def play_to_results(pilot: Any) -> None:
    app = pilot.app
    for _ in range(100):
        if type(app.screen).__name__ == "ResultsScreen":
            return
        await pilot.press("enter")
        await settle(pilot)
    raise AssertionError(f"no results: {flat(app)}")


async def start_series(pilot: Any, end: str, number: str) -> None:
    setup = await open_setup(pilot)
    setup.query_one("#seat-count", Select).value = 2
    setup.query_one("#rounds").value = "1"
    setup.query_one("#series-end", Select).value = end
    await settle(pilot)
    setup.query_one("#series-number").value = number
    await pilot.press("ctrl+s")
    await settle(pilot)


@pytest.mark.slow
@pytest.mark.rule("FP-SCORE-10")
async def test_a_series_to_a_target_total_carries_the_totals_to_its_winner(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await start_series(pilot, "target", "3")
        assert app.flow is not None and app.flow.series.rules.target == 3
        totals = [0, 0]
        for game in range(1, 10):
            await play_to_results(pilot)
            result = app.flow.match.result()
            for line in result.scores:
                totals[line.seat] += line.total
            series = app.flow.series
            assert list(series.totals) == totals and series.games == game
            text = flat(app)
            assert f"after {game} game" in text
            if series.over:
                break
            assert "n the next game of the series" in text
            await pilot.press("n")
            await settle(pilot)
            assert app.flow.series.totals == tuple(totals)  # carried into the next game
        assert max(totals) >= 3
        winners = [app.flow.series.names[s] for s in app.flow.series.leaders]
        assert ("wins the series" in flat(app)) == (len(winners) == 1)
        before = app.flow.match
        await pilot.press("n")  # over: no next game
        await settle(pilot)
        assert app.flow.match is before


@pytest.mark.rule("FP-SCORE-10")
async def test_a_series_survives_a_closed_terminal(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await start_series(pilot, "target", "50")
        await play_to_results(pilot)
        await pilot.press("n")
        await settle(pilot)
        totals = app.flow.series.totals
        assert app.flow.series.games == 1
        await pilot.press("ctrl+q")
        await settle(pilot)
        await pilot.press("y")
    fresh = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with fresh.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Continue
        await settle(pilot)
        assert fresh.flow.series.totals == totals and fresh.flow.series.games == 1
        assert "series to 50, game 2" in fresh.flow.clock_words()


async def test_a_series_needs_its_number(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, bot_pause=0, autosave=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await start_series(pilot, "time", "")
        assert app.flow is None
        assert "needs the minutes" in flat(app)


async def test_m_at_a_series_results_asks_before_throwing_the_series_away(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await start_series(pilot, "target", "1000")
        await play_to_results(pilot)
        series = app.flow.series
        assert not series.over
        await pilot.press("m")
        await settle(pilot)
        assert type(app.screen).__name__ == "ConfirmScreen"
        assert "Leave the series after 1 game?" in flat(app)
        await pilot.press("n")  # no: the results and the series stay
        await settle(pilot)
        assert type(app.screen).__name__ == "ResultsScreen" and app.flow is not None
        assert app.flow.series == series
        await pilot.press("escape", "y")
        await settle(pilot)
        assert app.flow is None and type(app.screen).__name__ == "MenuScreen"
