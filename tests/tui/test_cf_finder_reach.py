"""The Infallible Fish Finder may look at any fish, covered or not, beside the sea too (CF-Q-22):
on the private table of a Finder turn the cursor, Tab and the number keys reach every fish for
`l`, while Enter (an attempt) still refuses a covered fish in the engine's words."""

from __future__ import annotations

from pathlib import Path

import pytest

from .test_special_paths import app_for, baits, fish_label, match_of, pile_names, rods, start

SIZES = [(80, 24), (120, 40)]
SLOW = ["R1", "B1", "R2", "B2", "B3", "R3"]
COVERED = "Fish #1 is covered by another card; only a Bait Bucket can reach it."


def finder_match():
    # Fish #1 (the Sea Bass) lies under fish #2; #3 and #4 lie apart; #5 (the Perch) lies beside.
    return match_of(
        [["R:finder", "R3", "B3", "B:inf", "B1", "R5"], SLOW],
        sea_cards=[("F6:5-7:Sea Bass", 0, 0), ("F1", 3, 1), ("F3", 20, 0), ("F4", 30, 0)],
        beside=["F5:4-6:Perch"],
    )


async def to_finder_turn(t, match) -> None:
    await t.unlock("Elena")
    await t.cast(0, rods(match, 0, "Infallible Fish Finder"), baits(match, 0, "3"))
    await t.unlock("Tomás")
    await t.cast(1, rods(match, 1, "1"), baits(match, 1, "1"))
    await t.unlock("Elena")
    assert t.kind == "TableScreen" and t.screen.viewer == 0 and t.screen.kind == "catch"


def cursor(t) -> int | None:
    return t.screen.query_one("SeaView").cursor


@pytest.mark.rule("CF-Q-22")
@pytest.mark.parametrize("size", SIZES)
async def test_finder_cursor_and_numbers_reach_a_covered_fish(tmp_path: Path, size) -> None:
    match = finder_match()
    bass = fish_label(match, "Sea Bass")
    assert bass == 1 and match.view(None).sea[0].covered
    app = app_for(tmp_path, match)
    async with app.run_test(size=size) as pilot:
        t = await start(pilot, match)
        await to_finder_turn(t, match)
        # The cursor starts on a fish that can be chosen; the number key reaches the covered one.
        assert cursor(t) in t.screen.query_one("SeaView").selectable
        await t.press("1")
        assert cursor(t) == bass
        assert "Fish #1: clue 5-7, covered · l: look" in t.flat
        assert COVERED not in t.flat
        # Enter is an attempt: refused in the engine's words, nothing happens.
        steps = match.step_count
        await t.press("enter")
        assert match.step_count == steps and COVERED in t.flat
        # l looks at it (the front is shown to Elena only, on her private table).
        await t.press("l")
        assert match.step_count == steps + 1
        assert t.kind == "TableScreen" and t.screen.viewer == 0
        assert "You look at fish #1: the Sea Bass (6)" in t.flat
        public_log = " ".join(match.log_for(None))
        assert "looks at fish #1" in public_log and "Sea Bass" not in public_log
        # The look is spent: she fishes for an uncovered fish.
        await t.fish(fish_label(match, "Fish3"), "enter")
        assert pile_names(match, 0) == ["Fish3"]


@pytest.mark.rule("CF-Q-22")
async def test_finder_tab_visits_covered_and_beside_fish(tmp_path: Path) -> None:
    match = finder_match()
    perch = fish_label(match, "Perch")
    app = app_for(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await start(pilot, match)
        await to_finder_turn(t, match)
        looks = {a.label for a in match.legal_actions(0) if a.kind == "look"}
        assert looks == {1, 2, 3, 4, perch}
        seen = set()
        for _ in range(len(looks)):
            seen.add(cursor(t))
            await t.press("tab")
        assert seen == looks  # every fish the Finder may look at, the covered one and the Perch too
        assert "←↑↓→, Tab or number: any fish" in t.flat and "l: look (1 left)" in t.flat
        # The fish beside the sea by number, then looked at.
        await t.press(*str(perch))
        assert cursor(t) == perch and f"Fish #{perch}: clue 4-6, beside the sea" in t.flat
        await t.press("l")
        assert f"You look at fish #{perch}: the Perch (5)" in t.flat


async def test_without_a_finder_a_covered_number_says_why_and_the_cursor_stays(tmp_path: Path) -> None:
    match = match_of(
        [["R5", "R3", "B3", "B:inf", "B1", "R1"], SLOW],
        sea_cards=[("F6:5-7:Sea Bass", 0, 0), ("F1", 3, 1), ("F3", 20, 0), ("F4", 30, 0)],
    )
    app = app_for(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await start(pilot, match)
        await t.unlock("Elena")
        await t.cast(0, rods(match, 0, "5"), baits(match, 0, "3"))
        await t.unlock("Tomás")
        await t.cast(1, rods(match, 1, "1"), baits(match, 1, "1"))
        await t.uncover()
        assert t.kind == "TableScreen" and t.screen.viewer is None and t.screen.seat == 0
        before = cursor(t)
        await t.press("1")
        assert cursor(t) == before != 1
        assert COVERED in t.flat  # in the prompt bar, in the engine's words
        await t.press("9")
        assert "There is no fish #9 in the sea." in t.flat
        await t.press("right")  # moving on clears the line
        assert COVERED not in t.flat and "no fish #9" not in t.flat
        assert "p: my catch" not in t.flat  # the public table shows no pile
