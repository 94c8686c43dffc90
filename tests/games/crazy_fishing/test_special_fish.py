"""Special fish: boots, pearls and monster fish (CF-FISH-*), and the bait floor (CF-Q-21)."""

from __future__ import annotations

import pytest

from fishtable.engine.protocol import SeatInfo
from fishtable.games.crazy_fishing import GAME
from fishtable.games.crazy_fishing.actions import Attempt, Cast
from fishtable.games.crazy_fishing.options import CrazyFishingOptions
from tests.games.crazy_fishing.builder import build, pick

OPPONENT = ["R1", "B1", "R2", "B2", "B3", "R3"]  # a slow, weak second player


def cast_all(state, *plays):
    for seat, (rods, baits) in enumerate(plays):
        cast = Cast(rods=pick(state, seat, "rod", *rods), baits=pick(state, seat, "bait", *baits))
        state, _ = GAME.apply(state, seat, cast)
    return state


def try_for(first_fish: str, bait: str, piles=None):
    """Seat 0 (rod 5, one bait) tries for sea fish #1; returns (state, events)."""
    s = build([["R5", bait, "R1", "B1", "B2", "R2"], OPPONENT], sea_cards=[first_fish, "F2", "F3"],
              piles=piles)
    label = s.cards[s.hands[0][1]].label
    s = cast_all(s, (("5",), (label,)), (("1",), ("1",)))
    return GAME.apply(s, 0, Attempt(labels=(1,)))


def final(piles, sea_cards=("F1", "F2", "F3")):
    """The result of a game that ends with these catch piles (and these fish left in the sea)."""
    s = build([["R1", "B1"] for _ in piles], piles=piles, sea_cards=sea_cards)
    s = s.clone()
    s.phase = "over"
    return GAME.result(s)


def part(line, name):
    return dict(line.parts)[name]


def shipped_fish(players):
    seats = [SeatInfo(name=f"P{i}") for i in range(players)]
    s = GAME.new_game(CrazyFishingOptions(), seats, 7)
    return [c for c in s.cards if c.type == "fish"]


# -- boots ---------------------------------------------------------------------------------


@pytest.mark.rule("CF-FISH-1")
def test_a_boot_is_caught_even_with_bait_zero():
    s, events = try_for("boot", "B0")
    assert [s.cards[c].fish_kind for c in s.piles[0]] == ["boot"]
    assert any(e.kind == "catch" for e in events)
    # A size-1 fish escapes the same zero bait: the boot's size really is 0.
    s, events = try_for("F1", "B0")
    assert s.piles[0] == [] and any(e.kind == "escape" for e in events)


@pytest.mark.rule("CF-FISH-1")
def test_shipped_boots_have_size_zero():
    boots = [c for c in shipped_fish(3) if c.fish_kind == "boot"]
    assert len(boots) == 3 and {c.value for c in boots} == {0}


@pytest.mark.rule("CF-FISH-2")
def test_a_boot_adds_nothing_to_the_base_score():
    result = final([["boot", "F3"], ["F3"]])
    assert part(result.scores[0], "fish") == 3
    assert result.scores[0].total == result.scores[1].total == 3
    assert set(result.winners) == {0, 1}


@pytest.mark.rule("CF-FISH-3")
@pytest.mark.parametrize(("boots", "bonus"), [(0, 0), (1, 0), (2, 1), (3, 3)])
def test_boot_bonus(boots, bonus):
    result = final([["boot"] * boots + ["F4"], ["F1"]])
    assert part(result.scores[0], "boot bonus") == bonus
    assert result.scores[0].total == 4 + bonus


# -- pearls --------------------------------------------------------------------------------


@pytest.mark.rule("CF-FISH-4")
@pytest.mark.parametrize("players", [2, 3, 6])
def test_shipped_pearls_are_sizes_one_three_and_six(players):
    pearls = [c for c in shipped_fish(players) if c.fish_kind == "pearl"]
    assert sorted(c.value for c in pearls) == [1, 3, 6]


@pytest.mark.rule("CF-FISH-5")
def test_a_pearl_is_caught_like_an_ordinary_fish():
    s, _ = try_for("pearl3", "B3")
    assert [(s.cards[c].fish_kind, s.cards[c].value) for c in s.piles[0]] == [("pearl", 3)]
    s, events = try_for("pearl3", "B2")
    assert s.piles[0] == [] and any(e.kind == "escape" for e in events)


@pytest.mark.rule("CF-FISH-5")
def test_a_pearl_scores_its_size():
    result = final([["pearl3", "F2"], ["F1"]], sea_cards=("pearl1", "pearl6", "F4"))
    assert part(result.scores[0], "fish") == 5
    assert part(result.scores[0], "pearl bonus") == 0
    assert result.scores[0].total == 5


@pytest.mark.rule("CF-FISH-6")
def test_all_three_pearls_are_worth_twenty():
    result = final([["pearl1", "F2"], ["pearl3", "pearl6"]])
    assert result.scores[1].total == 9  # two pearls: no doubling
    result = final([["pearl1", "pearl3", "pearl6"], ["F9"]])
    assert part(result.scores[0], "pearl bonus") == 10
    assert result.scores[0].total == 20
    assert result.winners == (0,)


# -- monsters ------------------------------------------------------------------------------


@pytest.mark.rule("CF-FISH-7")
def test_shipped_monsters_are_sizes_eight_ten_and_twelve():
    monsters = [c for c in shipped_fish(3) if c.fish_kind == "monster"]
    assert sorted(c.value for c in monsters) == [8, 10, 12]


@pytest.mark.rule("CF-FISH-7")
@pytest.mark.parametrize("size", [8, 10, 12])
def test_a_monster_needs_bait_at_least_its_size(size):
    s, _ = try_for(f"monster{size}", f"B{size}")
    assert [s.cards[c].value for c in s.piles[0]] == [size]
    s, events = try_for(f"monster{size}", f"B{size - 1}")
    assert s.piles[0] == [] and any(e.kind == "escape" for e in events)


# -- the bait floor (CF-Q-21) --------------------------------------------------------------


@pytest.mark.rule("CF-Q-21")
def test_useless_fish_never_takes_bait_below_zero_so_boots_stay_catchable():
    s, events = try_for("boot", "B1", piles=[["oos:useless_fish"], []])  # 1 - 2 -> 0, not -1
    assert [s.cards[c].fish_kind for c in s.piles[0]] == ["oos", "boot"]
    assert any(e.kind == "catch" and "bait 0 " in e.text for e in events)


@pytest.mark.rule("CF-Q-21")
def test_infinite_bait_stays_infinite_under_the_useless_fish():
    s, events = try_for("monster12", "B:inf", piles=[["oos:useless_fish"], []])
    assert [s.cards[c].value for c in s.piles[0]] == [6, 12]
    assert any(e.kind == "catch" and "bait ∞ " in e.text for e in events)  # not "∞ - 2"
