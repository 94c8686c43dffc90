"""Corners of the rules that random play rarely reaches."""

from __future__ import annotations

import random

import pytest

from fishtable.engine.errors import IllegalAction
from fishtable.engine.protocol import SeatInfo
from fishtable.games.crazy_fishing import GAME
from fishtable.games.crazy_fishing.actions import Attempt, Cast, Draw
from fishtable.games.crazy_fishing.options import CrazyFishingOptions
from tests.games.crazy_fishing.builder import build, cast_all, pick, play


@pytest.mark.rule("CF-Q-10", "CF-CAST-14")
def test_a_tie_with_no_rod_left_to_reveal_keeps_seat_order():
    s = build([["R5", "B3"], ["R5", "B3"]], rod_deck=(), bait_deck=("B1", "B2"))
    s, events = cast_all(s, (("5",), ("3",)), (("5",), ("3",)))
    assert s.order == [0, 1]
    assert any("no rod left to reveal" in note for note in s.order_notes)
    assert not any(e.kind == "tie_reveal" for e in events)


@pytest.mark.rule("CF-Q-7", "CF-OOS-27")
def test_a_hand_with_nothing_playable_casts_nothing_and_gets_no_turn():
    # Under a Moray Eel, a hand of only '+' rods has no card it may cast.
    s = build([["R2+", "R3+"], ["R5", "B3"]], piles=[["oos:moray_eel"], []])
    assert GAME.legal_actions(s, 0) == [Cast()]
    with pytest.raises(IllegalAction, match="Moray Eel"):
        play(s, 0, Cast(rods=pick(s, 0, "rod", "2+")))
    s, _ = play(s, 0, Cast())
    s, events = play(s, 1, Cast(rods=pick(s, 1, "rod", "5"), baits=pick(s, 1, "bait", "3")))
    assert any("casts nothing" in e.text for e in events)
    assert s.order == [1]
    assert sorted(s.cards[c].label for c in s.hands[0]) == ["2+", "3+"]  # nothing left the hand


@pytest.mark.rule("CF-COLLECT-3", "CF-Q-17")
def test_drawing_more_of_a_deck_than_it_holds_is_refused():
    s = build([["R5", "B3+", "B1", "R1", "B2", "R2"], ["R4", "B3", "R1", "B1", "B2", "R2"]],
              sea_cards=("F1",) * 8, rod_deck=(), bait_deck=("B4",))
    s, _ = cast_all(s, (("5",), ("3+", "1")), (("4",), ("3",)))
    s, _ = play(s, 0, Attempt(labels=GAME.legal_actions(s, 0)[0].labels))
    s, _ = play(s, 1, Attempt(labels=GAME.legal_actions(s, 1)[0].labels))
    assert GAME.pending(s)[0].kind == "collect"
    # Seat 0 needs 3 cards; only the 2 cast rods (now discarded) are left to draw as rods.
    before = GAME.state_hash(s)
    with pytest.raises(IllegalAction, match="Only 2 rods are left"):
        play(s, 0, Draw(rods=3, baits=0))
    assert GAME.state_hash(s) == before


@pytest.mark.rule("CF-COLLECT-3", "CF-Q-17")
def test_drawing_more_baits_than_are_left_is_refused():
    s = build([["R5+", "R1", "R2", "B3", "B2", "B1"], ["R4", "B3", "R1", "B1", "B2", "R2"]],
              sea_cards=("F1",) * 8, rod_deck=(), bait_deck=())
    s, _ = cast_all(s, (("5+", "1", "2"), ("3",)), (("4",), ("3",)))
    s, _ = play(s, 0, Attempt(labels=GAME.legal_actions(s, 0)[0].labels))
    s, _ = play(s, 1, Attempt(labels=GAME.legal_actions(s, 1)[0].labels))
    # Seat 0 needs 4 cards; only the two cast baits are left on the bait side.
    before = GAME.state_hash(s)
    with pytest.raises(IllegalAction, match="Only 2 baits are left"):
        play(s, 0, Draw(rods=0, baits=4))
    assert GAME.state_hash(s) == before
    s, _ = play(s, 0, Draw(rods=2, baits=2))
    assert len(s.hands[0]) == 6


@pytest.mark.rule("CF-Q-7", "CF-OOS-26", "CF-OOS-27", "CF-ROUND-2")
def test_a_table_where_nobody_can_cast_nor_draw_ends_the_game_at_once():
    # A Moray Eel over six '+' rods and a Crab over six '+' baits: neither seat may put
    # forward a card, so nobody catches, discards or draws, and every round would repeat.
    s = build([["R1+", "R2+", "R3+", "R4+", "R5+", "R6+"], ["B1+", "B2+", "B3+", "B4+", "B5+", "B6+"]],
              piles=[["oos:moray_eel"], ["F4", "oos:crab"]])
    assert GAME.legal_actions(s, 0) == [Cast()] and GAME.legal_actions(s, 1) == [Cast()]
    s, _ = play(s, 0, Cast())
    s, events = play(s, 1, Cast())
    assert [e.text for e in events if "casts nothing" in e.text] == [
        "Ernesto casts nothing (no playable card).", "Tomás casts nothing (no playable card)."]
    assert GAME.pending(s) == {}
    assert any(e.kind == "end" and "nothing can change" in e.text for e in events)
    result = GAME.result(s)
    assert result is not None and tuple(result.winners) == (1,)  # Tomás's pile holds more (9 to 6)
    assert len(s.sea) == 7  # the sea was left as it was


@pytest.mark.rule("CF-Q-7", "CF-OOS-27")
def test_nobody_casting_goes_on_while_someone_can_still_draw():
    # Ernesto cannot cast (Moray Eel over '+' rods) but holds five cards: the Collect refills
    # him, so the table can change and the game goes on.
    s = build([["R1+", "R2+", "R3+", "R4+", "R5+"], ["B1+", "B2+", "B3+", "B4+", "B5+", "B6+"]],
              piles=[["oos:moray_eel"], ["oos:crab"]])
    s, _ = play(s, 0, Cast())
    s, _ = play(s, 1, Cast())
    assert GAME.pending(s) != {} and GAME.result(s) is None
    assert s.phase == "collect"


def test_the_random_game_that_once_never_ended_now_ends():
    # Found by the property tests: both seats stuck, one under a Crab, one under a Moray Eel.
    options = GAME.prepare_options(CrazyFishingOptions(oos_rods=True, random_oos_fish=9))
    state = GAME.new_game(options, [SeatInfo(name=f"Player {i + 1}") for i in range(2)], 42869737)
    chooser = random.Random(10)
    for _ in range(5000):
        prompts = GAME.pending(state)
        if not prompts:
            break
        seat = chooser.choice(sorted(prompts))
        state, _ = GAME.apply(state, seat, chooser.choice(GAME.legal_actions(state, seat)))
    assert GAME.pending(state) == {} and GAME.result(state) is not None
