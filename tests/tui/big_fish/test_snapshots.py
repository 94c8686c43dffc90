"""SVG snapshots of Big Fish with five players: the public table and a turn screen, 80×24 and 120×40.

Regenerate with `pytest tests/tui/big_fish/test_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fishtable.engine.match import Match
from fishtable.tui.app import FishtableApp
from tests.tui.helpers import logs_still, settle

from .driver import fast_forward, make_match

SIZES = [(80, 24), (120, 40)]


def rich_spawn(match: Match) -> bool:
    """Round 3 or later, a person is to spawn with five cards or more and two fish or more."""
    pending = match.pending()
    view = match.view(None)
    return view.round >= 3 and len(pending) == 1 and any(
        p.kind == "spawn" and match.seats[s].bot is None and len(match.view(s).hand or ()) >= 5
        and len(view.seats[s].spot) >= 2 for s, p in pending.items())


def five_players() -> Match:
    return fast_forward(make_match(seed=10, humans=2, players=5), rich_spawn, seed=99)


def app_at(tmp_path: Path, match: Match) -> FishtableApp:
    return FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)


async def to_the_table(pilot) -> None:
    """Play the person's turn by Enter until the table shows the news before the next handoff."""
    app = pilot.app
    await settle(pilot)
    for _ in range(30):
        screen = app.screen
        if type(screen).__name__ == "TableScreen" and screen.kind == "ack":
            await logs_still(pilot)
            return
        await pilot.press("enter")
        await settle(pilot)
    raise AssertionError("the table never showed the news")


async def to_the_turn(pilot) -> None:
    await settle(pilot)
    await pilot.press("enter")  # the privacy screen
    await settle(pilot)
    await pilot.press("down")  # point at the second fish of the hand
    await settle(pilot)
    await logs_still(pilot)


@pytest.mark.parametrize("size", SIZES)
def test_big_fish_table_five_players(snap_compare, tmp_path, size) -> None:
    assert snap_compare(app_at(tmp_path, five_players()), terminal_size=size, run_before=to_the_table)


@pytest.mark.parametrize("size", SIZES)
def test_big_fish_turn_screen(snap_compare, tmp_path, size) -> None:
    assert snap_compare(app_at(tmp_path, five_players()), terminal_size=size, run_before=to_the_turn)
