"""SVG snapshots of the poker table and the poker decision screens at 80×24 and 120×40.

Regenerate with `pytest tests/tui/fishing_party_poker/test_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ..helpers import settle
from .driver import app_for
from .positions import at_round_three_for_tomas, at_round_two, at_swap_one

SIZES = [(80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES)
def test_table_in_betting_round_two(snap_compare, tmp_path: Path, size) -> None:
    """Elena has bet 4: the community face up, a side pot, Ernesto all in, Marta folded, Tomás to act."""

    async def go(pilot) -> None:
        await settle(pilot)
        await pilot.press("enter", "b")  # Elena unlocks her screen and bets: the table shows it
        await settle(pilot)
        assert pilot.app.screen.kind == "ack"

    assert snap_compare(app_for(tmp_path, at_round_two()), terminal_size=size, run_before=go)


@pytest.mark.parametrize("size", SIZES)
def test_bet_screen(snap_compare, tmp_path: Path, size) -> None:
    async def go(pilot) -> None:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert type(pilot.app.screen).__name__ == "BetScreen"

    assert snap_compare(app_for(tmp_path, at_round_two()), terminal_size=size, run_before=go)


@pytest.mark.parametrize("size", SIZES)
def test_swap_screen_with_both_cards_picked(snap_compare, tmp_path: Path, size) -> None:
    async def go(pilot) -> None:
        await settle(pilot)
        await pilot.press("enter", "5", "4")
        await settle(pilot)
        assert type(pilot.app.screen).__name__ == "SwapScreen"

    assert snap_compare(app_for(tmp_path, at_swap_one()), terminal_size=size, run_before=go)


@pytest.mark.parametrize("size", SIZES)
def test_showdown_on_the_table(snap_compare, tmp_path: Path, size) -> None:
    """Tomás checks; three hands are shown in order, Marta deals hand 2, and the table shows how hand 1 ended."""

    async def go(pilot) -> None:
        await settle(pilot)
        await pilot.press("enter", "c")
        await settle(pilot)
        assert pilot.app.screen.kind == "ack"

    assert snap_compare(app_for(tmp_path, at_round_three_for_tomas()), terminal_size=size, run_before=go)
