"""The Super-Fast Reel's two fish by keys: Space marks at most two (a third mark replaces the
oldest), and Enter with one fish marked and the cursor on another tries for both."""

from __future__ import annotations

from pathlib import Path

from .test_special_paths import SLOW, app_for, baits, match_of, rods, start


def reel_match():
    return match_of([["R:reel", "R3", "B3+", "B3", "B4", "R5"], SLOW], sea_cards=["F2", "F5", "F7"])


async def reel_turn(t, match) -> None:
    await t.unlock("Elena")
    await t.cast(0, rods(match, 0, "The Super-Fast Reel", "3"), baits(match, 0, "3+", "3", "4"))
    await t.unlock("Tomás")
    await t.cast(1, rods(match, 1, "1"), baits(match, 1, "1"))
    await t.uncover()
    assert t.kind == "TableScreen" and t.screen.seat == 0 and "Space: mark two fish (Reel)" in t.flat


async def test_a_third_mark_replaces_the_oldest(tmp_path: Path) -> None:
    match = reel_match()
    app = app_for(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await start(pilot, match)
        await reel_turn(t, match)
        await t.fish(1, "space")
        await t.fish(2, "space")
        await t.fish(3, "space")
        assert t.screen.query_one("SeaView").marked == [2, 3] and "marked: #2, #3" in t.flat
        steps = match.step_count
        await t.press("enter")
        assert match.step_count == steps + 1 and match.pending()[0].kind == "split"
        assert match.view(None).turn.flipped_labels == (2, 3)


async def test_one_mark_and_the_cursor_take_two_fish(tmp_path: Path) -> None:
    match = reel_match()
    app = app_for(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await start(pilot, match)
        await reel_turn(t, match)
        await t.fish(3, "space")
        await t.fish(1, "enter")
        assert match.pending()[0].kind == "split"
        assert match.view(None).turn.flipped_labels == (3, 1)
