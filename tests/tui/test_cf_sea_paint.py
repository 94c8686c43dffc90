"""The sea paints again only the tiles a cursor key changes (issue 40, item 10): after every key
the sea is exactly what a whole new paint would draw, over covered fish (the cursor's outline
over the card that covers it), beside the sea and in a full sea of overlapping cards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.segment import Segment

from .helpers import settle
from .test_cf_finder_reach import finder_match, to_finder_turn
from .test_special_paths import app_for, start


def sea_lines(sea: Any) -> list[list[Segment]]:
    return [list(sea.render_line(y)) for y in range(sea.size.height)]


def assert_as_if_painted_anew(sea: Any) -> None:
    served = sea_lines(sea)  # what the screen shows after the key: tiles painted again, rows kept
    sea._invalidate()  # the whole sea painted from nothing
    assert served == sea_lines(sea)


def full_sea_match() -> Any:
    """Elena's first catch, three seats, the full 27-card sea of overlapping cards."""
    from fishtable.engine.match import Match
    from fishtable.engine.protocol import SeatInfo
    from fishtable.engine.registry import load_game

    game = load_game("crazy-fishing")
    seats = [SeatInfo(name="Elena"), SeatInfo(name="Bot", bot="random"), SeatInfo(name="Bot 2", bot="random")]
    match = Match.start(game, game.options_model()(), seats, 5)
    while not (0 in match.pending() and match.pending()[0].kind == "catch"):
        seat = min(match.pending())
        legal = match.legal_actions(seat)
        if match.pending()[seat].kind == "cast" and seat == 0:
            match.apply(seat, max(legal, key=lambda a: len(a.rods)))  # first to fish: the sea stays full
        else:
            match.apply(seat, legal[0])
    assert match.view(None).sea_count == 27
    return match


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_cursor_key_paints_the_sea_as_a_whole_paint_would(tmp_path: Path, size) -> None:
    match = finder_match()  # fish #1 under fish #2, two fish apart, the Perch beside the sea
    async with app_for(tmp_path, match).run_test(size=size) as pilot:
        t = await start(pilot, match)
        await to_finder_turn(t, match)
        sea = t.screen.query_one("SeaView")
        visited = set()
        for key in ["tab"] * 6 + ["1", "right", "left", "down", "up", "2", "1", "tab"]:
            await pilot.press(key)
            await settle(pilot)
            visited.add(sea.cursor)
            assert_as_if_painted_anew(sea)
        assert 1 in visited and 2 in visited  # the covered fish and the card over it


async def test_a_full_sea_of_overlapping_cards_paints_as_a_whole_paint_would(tmp_path: Path) -> None:
    from fishtable.tui.app import FishtableApp

    match = full_sea_match()
    app = FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert type(app.screen).__name__ == "TableScreen" and app.screen.kind == "catch"
        sea = app.screen.query_one("SeaView")
        visited = set()
        for n in range(24):
            await pilot.press(["right", "down", "left", "up", "right", "right"][n % 6])
            await settle(pilot)
            visited.add(sea.cursor)
            assert_as_if_painted_anew(sea)
        assert len(visited) > 4



@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_cursor_coming_back_is_served_the_rows_a_whole_paint_would_draw(tmp_path: Path, size) -> None:
    """Rows kept for a cursor position (a fish visited again is not painted again) are the rows a
    whole new paint draws with the cursor there: first each position painted anew, then the same
    keys again with nothing painted anew. Back and forth, then on to a fish not yet seen again,
    whose rows share lines with tiles the grid was not painted again for."""
    from fishtable.tui.app import FishtableApp

    app = FishtableApp(data_dir=tmp_path, start_match=full_sea_match(), bot_pause=0, autosave=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        sea = app.screen.query_one("SeaView")
        keys = ["right", "left", "right", "right", "left", "right", "right", "down", "up", "down", "down",
                "left", "up", "down", "left", "left", "right", "up", "up", "right", "down", "right"]
        first = sea.cursor
        whole: dict[int | None, list[list[Segment]]] = {}
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
            sea._invalidate()
            whole[sea.cursor] = sea_lines(sea)
        assert len(whole) > 4
        sea.cursor = first  # the same keys from the same fish: the same positions
        await settle(pilot)
        sea._invalidate()
        sea_lines(sea)
        served_again = 0
        for key in keys:
            before = dict(sea._rows_at)
            await pilot.press(key)
            await settle(pilot)
            assert sea_lines(sea) == whole[sea.cursor], f"cursor on #{sea.cursor} after {key}"
            served_again += any((sea.cursor, y) in before for y in range(sea.size.height))
            # The line under the sea, its lines kept for each fish too, names the cursor's fish.
            info = "".join(segment.text for segment in app.screen.board.info.render_line(0))
            assert f"Fish #{sea.cursor}:" in info, info
        assert served_again > 5  # the kept rows were served, not only fresh paints
