"""The Super-Fast Reel split: no two choices with the same words leading to the same state.

Two bait cards of the same face (two plain 3s here; two ∞ baits in the issue) give the engine
two legal splits, (first bait on fish 1) and (second bait on fish 1), that are the same move at
a real table; the shell lists every legal action (fishtable/tui/screens/table.py `set_prompt`),
so the fix is the shell's: merge choices whose words are the same (see the report of issue 40).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fishtable.tui.widgets.options import ChoiceList

from .test_special_paths import SLOW, app_for, baits, match_of, rods, start


def two_threes():
    return match_of([["R:reel", "R3", "B3", "B3", "B4", "R5"], SLOW], sea_cards=["F2", "F5", "F7"])


async def to_the_split(t, match, order: tuple[int, int]) -> None:
    await t.unlock("Elena")
    await t.cast(0, rods(match, 0, "The Super-Fast Reel", "3"), baits(match, 0, "3", "3"))
    await t.unlock("Tomás")
    await t.cast(1, rods(match, 1, "1"), baits(match, 1, "1"))
    await t.uncover()
    await t.fish(order[0], "space")
    await t.fish(order[1], "space")
    steps = match.step_count
    await t.press("enter")
    assert match.step_count == steps + 1 and match.pending()[0].kind == "split"
    assert match.view(None).turn.flipped_labels == order  # marked in either order: the order kept


@pytest.mark.parametrize("order", [(1, 3), (3, 1)])
async def test_marking_the_reels_fish_in_either_order_reaches_the_split(tmp_path: Path, order) -> None:
    match = two_threes()
    app = app_for(tmp_path, match)
    async with app.run_test(size=(100, 30)) as pilot:
        t = await start(pilot, match)
        await to_the_split(t, match, order)
        assert t.kind == "TableScreen" and t.screen.kind == "split"


async def test_the_split_never_offers_two_choices_with_the_same_words(tmp_path: Path) -> None:
    match = two_threes()
    app = app_for(tmp_path, match)
    async with app.run_test(size=(100, 30)) as pilot:
        t = await start(pilot, match)
        await to_the_split(t, match, (1, 3))
        listing = t.screen.query_one(ChoiceList)
        words = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        words = [w.split(" ", 1)[1] if len(w) > 2 and w[1] == " " else w for w in words]  # the key
        assert len(words) == len(set(words)), words
