"""Crazy Fishing fits at 80×24 and 100×30 (issue 40, item 7): the private header keeps PRIVATE
and the round being cast for, the log is not cut by the sea, revealed fish faces are whole.
Snapshots with 3 and 5 seats; Pilot checks of each point."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from fishtable.tui.app import FishtableApp

from .helpers import fast_forward, make_match, settle
from .screen_text import screen_text

SIZES = [(80, 24), (100, 30)]
SEATS = {
    3: (("Elena", None), ("Tomás", None), ("Ana", None)),
    5: (("Elena", None), ("Tomás", None), ("Ana", None), ("Ben", None), ("Cleo", None)),
}
SPLIT_SEED = {3: 1, 5: 2}  # seeds whose random play reaches a Super-Fast Reel split (two fish face up)


def app_for(tmp_path: Path, match: Any) -> FishtableApp:
    return FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)


def casting_ahead(match: Any) -> bool:
    """A seat casts for the next round while others still refill (the Collect)."""
    pending = match.pending()
    return match.view(None).phase == "collect" and any(p.kind == "cast" for p in pending.values())


def reel_split(match: Any) -> bool:
    turn = match.view(None).turn
    return turn is not None and bool(turn.flipped) and any(p.kind == "split" for p in match.pending().values())


async def to_cast_ahead(pilot: Any) -> Any:
    app = pilot.app
    await settle(pilot)
    for _ in range(6):
        if type(app.screen).__name__ == "CastScreen":
            return app.screen
        if type(app.screen).__name__ == "CollectScreen":
            app.screen.action_commit()  # the one collecting: its suggested draw
        else:
            await pilot.press("enter")
        await settle(pilot)
    raise AssertionError(type(app.screen).__name__)


async def to_split(pilot: Any) -> Any:
    app = pilot.app
    await settle(pilot)
    for _ in range(3):
        if getattr(app.screen, "kind", None) == "split":
            return app.screen
        await pilot.press("enter")
        await settle(pilot)
    raise AssertionError(type(app.screen).__name__)


@pytest.mark.parametrize("seats", [3, 5])
@pytest.mark.parametrize("size", SIZES)
async def test_the_cast_ahead_header_keeps_private_and_the_round_cast_for(tmp_path: Path, size, seats) -> None:
    match = fast_forward(make_match(seed=5, seats=SEATS[seats]), casting_ahead)
    app = app_for(tmp_path, match)
    async with app.run_test(size=size) as pilot:
        screen = await to_cast_ahead(pilot)
        assert match.view(None).phase == "collect"
        header = screen_text(app).splitlines()[0]
        nxt = match.view(None).round + 1
        assert "PRIVATE" in header and f"Cast ahead for round {nxt}" in header, header
        # The log beside the sea: every line wrapped to its column, none cut.
        log = screen.query_one("#log")
        width = log.scrollable_content_region.width
        assert log.lines and max(strip.cell_length for strip in log.lines) <= width


@pytest.mark.parametrize("seats", [3, 5])
@pytest.mark.parametrize("size", SIZES)
async def test_revealed_fish_faces_are_whole(tmp_path: Path, size, seats) -> None:
    match = fast_forward(make_match(seed=SPLIT_SEED[seats], seats=SEATS[seats]), reel_split)
    app = app_for(tmp_path, match)
    async with app.run_test(size=size) as pilot:
        await to_split(pilot)
        sea = app.screen.query_one("SeaView")
        rows = [strip.text for strip in (sea.render_line(y) for y in range(sea.size.height))]
        words = {w for row in rows for w in row.replace("│", " ").replace("║", " ").split()}
        turn = match.view(None).turn
        for label, card in zip(turn.flipped_labels, turn.flipped, strict=True):
            assert f"{label}↑up" in " ".join(rows)
            value = "∞" if card.value is None else card.value
            assert f"={value}" in words
            for part in card.name.split():  # a name is whole or absent: never "Sa" for Sardine
                cut = {w for w in words if len(w) >= 2 and part.startswith(w) and w != part}
                assert not cut, (card.name, cut)


@pytest.mark.parametrize("seats", [3, 5])
@pytest.mark.parametrize("size", SIZES)
def test_snapshot_cast_ahead(snap_compare, tmp_path: Path, size, seats) -> None:
    match = fast_forward(make_match(seed=5, seats=SEATS[seats]), casting_ahead)
    assert snap_compare(app_for(tmp_path, match), terminal_size=size, run_before=to_cast_ahead)


@pytest.mark.parametrize("seats", [3, 5])
@pytest.mark.parametrize("size", SIZES)
def test_snapshot_reel_split(snap_compare, tmp_path: Path, size, seats) -> None:
    match = fast_forward(make_match(seed=SPLIT_SEED[seats], seats=SEATS[seats]), reel_split)
    assert snap_compare(app_for(tmp_path, match), terminal_size=size, run_before=to_split)
