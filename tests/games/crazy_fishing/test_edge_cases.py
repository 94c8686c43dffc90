"""Corners of the rules that random play rarely reaches."""

from __future__ import annotations

import pytest

from fishtable.engine.errors import IllegalAction
from fishtable.games.crazy_fishing import GAME
from fishtable.games.crazy_fishing.actions import Attempt, Cast, Draw
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
