"""Five players at 80×24 and 100×30: the seat the table waits for stays in sight, and a turn
screen keeps its steps, the hand and the choices on screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from fishtable.engine.match import Match
from fishtable.tui.app import FishtableApp

from .driver import Driver, fast_forward, make_match

SIZES = [(80, 24), (100, 30)]


def mai_catches(match: Match) -> bool:
    """Mai (seat 4 of 5) is to catch in round 2 or later: Kofi, the last seat, plays next."""
    pending = match.pending()
    return (match.view(None).round >= 2 and list(pending) == [3] and pending[3].kind == "catch"
            and bool(match.view(3).seats[3].spot))


@pytest.mark.parametrize("size", SIZES)
async def test_the_last_seat_is_in_sight_when_the_table_turns_to_it(tmp_path: Path, size) -> None:
    match = fast_forward(make_match(seed=4, humans=5, players=5), mai_catches, seed=5)
    app = FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)
    async with app.run_test(size=size) as pilot:
        t = Driver(pilot)
        await t.to("catch", seat=3)
        # The turn screen: the step bar, the step's allowance, tiles and the choices all show.
        assert "▶CATCH" in t.flat and "caught so far" in t.flat
        assert "╭1" in t.flat or "▶1" in t.flat
        assert "Catch no more fish" in t.flat
        await t.choose("Catch ")
        for _ in range(6):  # Mai may go on to play a wild card: stop there; then the covers
            if t.kind == "TableScreen":
                break
            await t.press("s" if t.kind == "BigFishDecisionScreen" else "enter")
        assert t.kind == "TableScreen" and t.screen.kind == "ack", t.flat
        # Kofi's turn: the side column has scrolled to his panel, marked as the one playing.
        assert "▶ Kofi" in t.flat and "turn:" in t.flat
        assert "Mai catches" in t.flat
        # F1 has the game's keys and how to read a fish.
        await t.press("f1")
        assert t.kind == "HelpScreen"
        assert "## Big Fish" in t.screen.game_help and "**s** stop this step" in t.screen.game_help
