"""A player may look through their own catch pile at any time (CF-CATCH-10): `p` on that
player's private screens (cast, collect, the private table of a Fish Finder turn) shows the
whole pile, from their own view; another seat's pile is never shown, and the public table
has no such key."""

from __future__ import annotations

from pathlib import Path

import pytest

from .test_special_paths import app_for, baits, fish_label, match_of, rods, start

ELENA_PILE = ["F3:2-4:Sea Bass", "F2:1-3:Hake"]
TOMAS_PILE = ["F4:3-5:Perch", "F5:4-6:Mackerel"]  # the Perch lies buried under the Mackerel


def piles_match():
    return match_of(
        [["R:finder", "R3", "B3", "B:inf", "B1", "R5"], ["R1", "B4", "R2", "B2", "B3", "R3"]],
        sea_cards=["F1", "F6:5-7:Tuna", "F3", "F4", "F5", "F7", "F2"],
        piles=[ELENA_PILE, TOMAS_PILE],
    )


def pile_lines(t) -> list[str]:
    return [" ".join(line.split()) for line in t.text.splitlines() if ". " in line and "(" in line]


@pytest.mark.rule("CF-CATCH-10")
async def test_own_pile_on_cast_finder_table_and_collect_never_another(tmp_path: Path) -> None:
    match = piles_match()
    app = app_for(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await start(pilot, match)
        # Elena's cast screen: p shows her whole pile, the buried Sea Bass too; nothing of Tomás's.
        await t.unlock("Elena")
        assert t.kind == "CastScreen" and "p My catch" in t.flat
        r3 = rods(match, 0, "Infallible Fish Finder")
        hand = [c.id for c in t.screen.hand]
        await t.press(str(hand.index(r3[0]) + 1), "p")
        assert t.kind == "PileScreen" and "Elena" in t.flat and "PRIVATE" in t.flat
        assert pile_lines(t) == ["1. Sea Bass (3)", "2. Hake (2) ← on top: everyone sees this one"]
        assert "2 cards · sizes add up to 5" in t.flat
        assert "Perch" not in t.text and "Mackerel" not in t.text
        await t.press("escape")
        # Back on her cast, the card she put in is still in.
        assert t.kind == "CastScreen" and t.screen.seat == 0 and t.screen.chosen == list(r3)
        await t.press("space")  # take it out again; cast() picks the cards from scratch
        await t.cast(0, rods(match, 0, "Infallible Fish Finder"), baits(match, 0, "3"))
        # Tomás's cast screen: his pile only, the buried Perch included.
        await t.unlock("Tomás")
        await t.press("p")
        assert t.kind == "PileScreen" and "Tomás" in t.flat
        assert pile_lines(t) == ["1. Perch (4)", "2. Mackerel (5) ← on top: everyone sees this one"]
        assert "Sea Bass" not in t.text and "Hake" not in t.text
        await t.press("p")  # p closes it too
        assert t.kind == "CastScreen" and t.screen.seat == 1
        await t.cast(1, rods(match, 1, "1"), baits(match, 1, "2"))
        # Elena's Finder turn is on her private table: p works there as well.
        await t.unlock("Elena")
        assert t.kind == "TableScreen" and t.screen.viewer == 0 and "p: my catch" in t.flat
        await t.press("p")
        assert t.kind == "PileScreen" and "Sea Bass" in t.text and "Perch" not in t.text
        await t.press("escape")
        assert t.kind == "TableScreen" and t.screen.viewer == 0 and t.screen.kind == "catch"
        await t.fish(fish_label(match, "Tuna"), "enter")  # bait 3 is too small for the Tuna
        await t.uncover()
        # Tomás fishes on the public table: no pile key there, p does nothing.
        assert t.kind == "TableScreen" and t.screen.viewer is None and t.screen.seat == 1
        assert "p: my catch" not in t.flat and "My catch" not in t.flat
        await t.press("p")
        assert t.kind == "TableScreen" and "Sea Bass" not in t.text and "Perch" not in t.text
        await t.fish(fish_label(match, "Fish1"), "enter")
        # Collect, in catch order: the collecting seat's pile, as it is now, and nothing else.
        for _ in range(4):
            if t.kind == "CollectScreen":
                break
            await t.press("enter")
        assert t.kind == "CollectScreen"
        seat = t.screen.seat
        await t.press("p")
        assert t.kind == "PileScreen"
        names = [c.name for c in match.view(seat).pile]
        for name in names:
            assert name in t.text
        other = match.view(1 - seat).pile
        for card in other[:-1]:  # the other seat's buried fish never show
            assert card.name not in t.text
        await t.press("escape")
        assert t.kind == "CollectScreen" and t.screen.seat == seat


async def test_empty_pile_says_so(tmp_path: Path) -> None:
    match = match_of([["R5", "B3", "R1", "B1", "B2", "R2"], ["R1", "B1", "R2", "B2", "B3", "R3"]])
    app = app_for(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await start(pilot, match)
        await t.unlock("Elena")
        await t.press("p")
        assert t.kind == "PileScreen" and "Your catch pile is empty" in t.flat
