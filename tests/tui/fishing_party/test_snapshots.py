"""SVG snapshots of Fishing Party at 80×24 and 120×40, from fixed seeds.

Regenerate with `pytest tests/tui/fishing_party/test_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fishtable.bots import choose_action
from fishtable.engine.match import Match
from fishtable.tui.app import FishtableApp
from tests.tui.helpers import settle

from .helpers import new_match

SIZES = [(80, 24), (120, 40)]
SEED = 20  # a lively table by turn 19


def forward(match: Match, stop, limit: int = 3000) -> Match:
    """Every seat plays like the greedy computer player until `stop(match)`."""
    for _ in range(limit):
        if stop(match) or match.is_over:
            return match
        seat = min(match.pending())
        match.apply(seat, choose_action(match, seat))
    raise AssertionError("never reached the position")


def lively(match: Match) -> bool:
    """Ponds, a lure, an Ouch and a permanent card on the table: everything the panels can show."""
    view = match.view(None)
    ponds = sorted((len(p.pond) for p in view.seats), reverse=True)
    return ponds[0] >= 3 and ponds[1] >= 2 and any(p.ouch for p in view.seats) and any(
        p.permanents for p in view.seats)


def question(match: Match) -> bool:
    """A person may claim a Broken Line."""
    return lively(match) and any(p.reaction and match.seats[s].bot is None for s, p in match.pending().items())


def human_turn(match: Match) -> bool:
    return lively(match) and any(
        p.kind == "turn" and match.seats[s].bot is None for s, p in match.pending().items())


def app_at(tmp_path: Path, match: Match) -> FishtableApp:
    return FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)


@pytest.mark.parametrize("size", SIZES)
def test_table_with_the_broken_line_question(snap_compare, tmp_path, size) -> None:
    match = forward(new_match(seed=SEED), question)
    assert snap_compare(app_at(tmp_path, match), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES)
def test_turn_screen(snap_compare, tmp_path, size) -> None:
    match = forward(new_match(seed=SEED), human_turn)

    async def go(pilot) -> None:
        await settle(pilot)
        await pilot.press("enter")  # the privacy screen
        await settle(pilot)
        await pilot.press("down")
        await settle(pilot)

    assert snap_compare(app_at(tmp_path, match), terminal_size=size, run_before=go)


@pytest.mark.parametrize("size", SIZES)
def test_results(snap_compare, tmp_path, size) -> None:
    match = forward(new_match(seed=SEED), lambda m: m.is_over)
    assert snap_compare(app_at(tmp_path, match), terminal_size=size, run_before=settle)
