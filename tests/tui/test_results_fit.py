"""The final scores fit the screen: a table with a column per category takes another shape
when it would be wider than the terminal (Fishing Party has eight categories)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import load_game
from fishtable.tui.app import FishtableApp

from .helpers import settle
from .screen_text import screen_text

NAMES = ("Elena", "Tomás", "Ernesto", "Maximiliano")
GAMES = ("crazy-fishing", "fishing-party", "big-fish", "fishing-party-poker")


def finished(game_name: str, seed: int = 3) -> Match:
    game = load_game(game_name)
    seats = [SeatInfo(name=name, bot="random") for name in NAMES]
    match = Match.start(game, game.options_model()(), seats, seed)
    rng = random.Random(1)
    while not match.is_over:
        seat = min(match.pending())
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    return match


def app_at(tmp_path: Path, match: Match) -> FishtableApp:
    return FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("width", [80, 100, 160])
async def test_the_score_table_is_never_cut(tmp_path: Path, game: str, width: int) -> None:
    match = finished(game)
    result = match.result()
    app = app_at(tmp_path, match)
    async with app.run_test(size=(width, 60)) as pilot:
        await settle(pilot)
        assert type(app.screen).__name__ == "ResultsScreen"
        table = app.screen.query_one("#score-table")
        assert table.region.right <= width and table.region.x >= 0
        lines = screen_text(app).splitlines()
        top = next(i for i, line in enumerate(lines) if "┏" in line)
        bottom = next(i for i, line in enumerate(lines) if "┛" in line or "┘" in line)
        for line in lines[top:bottom + 1]:
            # Every row is closed on the right: nothing runs off the screen.
            assert line.rstrip()[-1] in "┓┃┩│┘┛┤", line
        flat = " ".join(" ".join(lines[top - 1:bottom + 1]).replace("│", " ").replace("┃", " ").split())
        assert "Final scores" in flat
        for line in result.scores:
            assert str(line.total) in flat
        for part in {p for line in result.scores for p, value in line.parts if value}:
            assert all(word in flat for word in part.split()), part


def test_results_of_fishing_party_at_80x24(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(app_at(tmp_path, finished("fishing-party")), terminal_size=(80, 24), run_before=settle)
