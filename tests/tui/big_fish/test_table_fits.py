"""Every Big Fish table fits (issue 40, item 7): with 3 seats at 80×24 and 5 seats at 100×30
(and the other two pairings) the side column shows every seat's name, score and Fishing Spot
without scrolling; the Face-Up row and a 7-card hand are whole on the turn screen; SVG
snapshots of both at 80×24 and 100×30 for 3 and 5 seats.

Regenerate the snapshots with `pytest tests/tui/big_fish/test_table_fits.py --snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fishtable.engine.match import Match
from fishtable.plugins.big_fish.seat_panel import spot_groups
from fishtable.tui.app import FishtableApp
from tests.tui.helpers import settle, until
from tests.tui.screen_text import screen_text

from .driver import fast_forward, make_match
from .test_snapshots import to_the_table

SIZES = [(80, 24), (100, 30)]
PLAYERS = [3, 5]


def spawn_with_fish(match: Match) -> bool:
    """Round 2 or later, a person is to spawn with two fish or more in their Fishing Spot."""
    pending = match.pending()
    view = match.view(None)
    return view.round >= 2 and len(pending) == 1 and any(
        p.kind == "spawn" and match.seats[s].bot is None and len(view.seats[s].spot) >= 2
        for s, p in pending.items())


def spawn_with_seven(match: Match) -> bool:
    """Round 2 or later, a person is to spawn holding seven cards."""
    pending = match.pending()
    return match.view(None).round >= 2 and len(pending) == 1 and any(
        p.kind == "spawn" and match.seats[s].bot is None and len(match.view(s).hand or ()) >= 7
        for s, p in pending.items())


def table_match(players: int) -> Match:
    """Two people and computer seats, so that the public table shows the computers' news."""
    return fast_forward(make_match(seed=3 if players == 3 else 10, humans=2, players=players), spawn_with_fish,
                        seed=99)


def seven_match(players: int) -> Match:
    return fast_forward(make_match(seed=1, humans=players, players=players), spawn_with_seven, seed=1)


def app_at(tmp_path: Path, match: Match) -> FishtableApp:
    return FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)


async def to_the_turn(pilot) -> None:
    """Past the pass screen to the seat's turn screen (the first Enter may come before it arms)."""
    app = pilot.app
    await settle(pilot)
    for _ in range(20):
        if type(app.screen).__name__ == "BigFishDecisionScreen":
            break
        await pilot.press("enter")
        await settle(pilot)
        await until(pilot, lambda: type(app.screen).__name__ == "BigFishDecisionScreen", seconds=1.5)
    assert type(app.screen).__name__ == "BigFishDecisionScreen"
    await pilot.pause()


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("size", SIZES)
async def test_every_seat_is_in_sight_without_scrolling(tmp_path: Path, size, players) -> None:
    match = table_match(players)
    async with app_at(tmp_path, match).run_test(size=size) as pilot:
        await to_the_table(pilot)
        await pilot.pause()
        screen = pilot.app.screen
        column = screen.query_one("#seats")
        assert column.max_scroll_y == 0, f"the seat column scrolls by {column.max_scroll_y}"
        text = screen_text(pilot.app)
        view = match.view(None)
        for panel in view.seats:
            score = panel.ice_points + panel.spot_points
            line = next((ln for ln in text.splitlines() if f"{panel.name}" in ln and f"{score} pts" in ln), None)
            assert line is not None, f"{panel.name}'s name and score are not on one line:\n{text}"
        # Each seat's Fishing Spot, by its size marks, in the order they lie.
        flat = "".join(text.split())
        for panel in view.seats:
            marks = "".join(f"[{'LJMB'[size]}{points}]{'↑' * grown}{f'×{n}' if n > 1 else ''}"
                            for (size, points, grown), n in spot_groups(panel)) or "nofish"
            assert sum(n for _, n in spot_groups(panel)) == len(panel.spot)
            assert f"Spot{marks}" in flat, (panel.name, marks)
        # The Face-Up Cards: each card whole.
        words = " ".join(text.split())
        for card in view.face_up:
            assert card.name in words, card.name


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("size", SIZES)
async def test_a_seven_card_hand_and_the_face_up_row_are_whole(tmp_path: Path, size, players) -> None:
    match = seven_match(players)
    async with app_at(tmp_path, match).run_test(size=size) as pilot:
        await to_the_turn(pilot)
        screen = pilot.app.screen
        tiles = list(screen.query("BigFishTile"))
        assert len(tiles) >= 7
        width = size[0]
        for tile in tiles:
            assert tile.region.x >= 0 and tile.region.right <= width, (tile.card.name, tile.region)
            # Every letter of the name on the face (a long word breaks with a hyphen, never an ellipsis).
            face = "".join(str(tile.render()).split()).replace("-││", "").replace("│", "")
            assert "…" not in face, face
            assert "".join(tile.card.name.split()) in face.replace("-", ""), (tile.card.name, face)
        row = " ".join(str(screen.query_one("#bf-row").render()).split())
        view = match.view(screen.seat)
        text = " ".join(screen_text(pilot.app).split())
        assert "…" not in row
        for card in view.face_up:
            assert card.name in text, card.name


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("size", SIZES)
def test_snapshot_table_fits(snap_compare, tmp_path, size, players) -> None:
    assert snap_compare(app_at(tmp_path, table_match(players)), terminal_size=size, run_before=to_the_table)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("size", SIZES)
def test_snapshot_seven_card_turn(snap_compare, tmp_path, size, players) -> None:
    assert snap_compare(app_at(tmp_path, seven_match(players)), terminal_size=size, run_before=to_the_turn)
