"""SVG snapshots of Big Fish with five players: the public table and a turn screen, 80×24 and 120×40.

Regenerate with `pytest tests/tui/big_fish/test_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fishtable.engine.match import Match
from fishtable.tui.app import FishtableApp
from tests.tui.helpers import settle

from .driver import fast_forward, make_match

SIZES = [(80, 24), (120, 40)]


def human_draw_in_round(round_: int):
    """Stop when a person is to draw from a full-enough row in `round_` or later, nobody else pending."""

    def stop(match: Match) -> bool:
        pending = match.pending()
        view = match.view(None)
        return (view.round >= round_ and len(pending) == 1 and view.face_up
                and any(p.kind == "draw" and match.seats[s].bot is None for s, p in pending.items()))

    return stop


def five_players(round_: int = 3) -> Match:
    return fast_forward(make_match(seed=4, humans=2, players=5), human_draw_in_round(round_), seed=99)


def app_at(tmp_path: Path, match: Match) -> FishtableApp:
    return FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)


async def to_the_table(pilot) -> None:
    """Play the person's turn by Enter until the table shows the news before the next handoff."""
    app = pilot.app
    await settle(pilot)
    for _ in range(30):
        screen = app.screen
        if type(screen).__name__ == "TableScreen" and screen.kind == "ack":
            return
        await pilot.press("enter")
        await settle(pilot)
    raise AssertionError("the table never showed the news")


async def to_the_turn(pilot) -> None:
    await settle(pilot)
    await pilot.press("enter")  # the privacy screen
    await settle(pilot)
    await pilot.press("down")  # point at a card of the row
    await settle(pilot)


@pytest.mark.parametrize("size", SIZES)
def test_big_fish_table_five_players(snap_compare, tmp_path, size) -> None:
    assert snap_compare(app_at(tmp_path, five_players()), terminal_size=size, run_before=to_the_table)


@pytest.mark.parametrize("size", SIZES)
def test_big_fish_turn_screen(snap_compare, tmp_path, size) -> None:
    assert snap_compare(app_at(tmp_path, five_players()), terminal_size=size, run_before=to_the_turn)
