"""Special cards: Fishing Rod, First Aid Kit, Goggles, Ouch, Tire, Snap, GPS, Glove
(FP-SPECIAL-1..19, FP-Q-12..15, FP-Q-17, FP-Q-27). The Broken Line is in test_broken_line.py,
the Spray Bottle in test_catch.py."""

from __future__ import annotations

import pytest

from fishtable.games.fishing_party import GAME
from fishtable.games.fishing_party.actions import (
    Discard,
    FirstAid,
    Fish,
    GiveUnlucky,
    Pass,
    PlaceLure,
    PlacePermanent,
    PlayGoggles,
    PlayRod,
    StartExchange,
)
from fishtable.games.fishing_party.state import NONE
from tests.games.fishing_party.builder import Builder, cid, play, rejected, texts, view_json, where

# -- Fishing Rod (FP-SPECIAL-1, FP-SPECIAL-2, FP-Q-27) ------------------------------------------------


@pytest.mark.rule("FP-Q-27", "FP-SPECIAL-2")
def test_a_second_rod_cannot_be_played():
    b = Builder()
    rod = b.card("rod")
    state = b.state([[rod, *b.filler(5)], b.filler(6)])
    assert not any(a.kind == "rod" for a in GAME.legal_actions(state, 0))
    rejected(state, 0, PlayRod(card=cid(state, rod)), "already have a Fishing Rod")


@pytest.mark.rule("FP-SPECIAL-2", "FP-SPECIAL-1")
def test_playing_a_rod_is_the_move():
    b = Builder()
    rod = b.card("rod")
    state = b.state([[rod, *b.filler(5)], b.filler(6)], rods=[False, True])
    after, events = play(state, 0, PlayRod(card=cid(state, rod)))
    assert after.rods[0] == rod and after.seat == 1
    assert any("lays a Fishing Rod" in e.text and e.news for e in events)


# -- First Aid Kit (FP-SPECIAL-3, FP-Q-12) -----------------------------------------------------------------


@pytest.mark.rule("FP-SPECIAL-3", "FP-Q-12")
def test_a_first_aid_kit_cancels_the_ouch_as_the_move():
    b = Builder()
    kit, ouch = b.cards_of("first_aid_kit", "ouch")
    state = b.state([[kit, *b.filler(5)], b.filler(6)], ouches=[ouch, NONE])
    after, _ = play(state, 0, FirstAid(card=cid(state, kit)))
    assert after.ouches[0] == NONE
    assert after.discard[-2:] == [ouch, kit]  # both to the discard pile at once
    assert after.seat == 1  # it was the move


@pytest.mark.rule("FP-Q-12")
def test_no_first_aid_kit_in_advance_or_as_a_reaction():
    b = Builder()
    kit, ouch = b.cards_of("first_aid_kit", "ouch")
    state = b.state([[ouch, *b.filler(5)], [kit, *b.filler(5)], b.filler(6)])
    rejected(state, 0, FirstAid(card=cid(state, ouch)), "not in your hand|not a First Aid Kit")
    after, _ = play(state, 0, GiveUnlucky(card=cid(state, ouch), target=1))
    # Bob is not asked anything when the Ouch lands: the kit waits for his own turn.
    assert list(GAME.pending(after)) == [1] and after.seat == 1 and after.stage == "turn"
    no_ouch = Builder()
    kit2 = no_ouch.card("first_aid_kit")
    fresh = no_ouch.state([[kit2, *no_ouch.filler(5)], no_ouch.filler(6)])
    rejected(fresh, 0, FirstAid(card=cid(fresh, kit2)), "no Ouch on you")


# -- Goggles (FP-SPECIAL-4, FP-SPECIAL-5, FP-Q-17) -------------------------------------------------------


@pytest.mark.rule("FP-SPECIAL-4", "FP-SPECIAL-5", "FP-Q-17")
def test_goggles_clear_the_table_face_down_and_the_turn_goes_on():
    b = Builder()
    g1, g2 = b.cards_of("goggles", "goggles")
    table = b.filler(6, "Brook:3")
    new1 = b.cards_of("Pike:5", "Pike:6", "Pike:7", "Pike:8", "Pike:9", "Pike:10")
    new2 = b.cards_of("Bass:5", "Bass:6", "Bass:7", "Bass:8", "Bass:9", "Bass:4")
    state = b.state([[g1, g2, *b.filler(4, "Walleye:3")], b.filler(6)], table=table, draw=new1 + new2)
    state, events = play(state, 0, PlayGoggles(card=cid(state, g1)))
    assert state.table == new1
    assert state.discard[-7:] == [*table, g1]  # face down on the discard pile
    assert (state.seat, state.stage, state.moves_left) == (0, "turn", 1)  # not a move
    assert any("plays Goggles" in e.text and e.news for e in events)
    for seat in (None, 1):
        assert all(f'"{cid(state, c)}"' not in view_json(state, seat) for c in table)
    state, _ = play(state, 0, PlayGoggles(card=cid(state, g2)))  # several in one turn
    assert state.table == new2
    state, _ = play(state, 0, StartExchange())
    assert not any(a.kind == "goggles" for a in GAME.legal_actions(state, 0))


# -- Ouch and Glove (FP-SPECIAL-6..8, FP-SPECIAL-18, FP-SPECIAL-19, FP-Q-13) ------------------------------


@pytest.mark.rule("FP-SPECIAL-6", "FP-SPECIAL-7", "FP-SPECIAL-14", "FP-Q-13")
def test_an_ouch_stays_on_its_target_who_may_still_make_other_moves():
    b = Builder()
    ouch, jig, wal, rod2 = b.cards_of("ouch", "Jig:3/5", "Walleye:6", "rod")
    state = b.state([[ouch, *b.filler(5)], [wal, rod2, *b.filler(4)], b.filler(6)], lures=[NONE, jig, NONE])
    rejected(state, 0, GiveUnlucky(card=cid(state, ouch), target=0), "on yourself")
    state, events = play(state, 0, GiveUnlucky(card=cid(state, ouch), target=1))
    assert state.ouches[1] == ouch and state.seat == 1  # the Ouch was Ann's move
    assert any("plays an Ouch on Bob" in e.text and e.news for e in events)
    kinds = {a.kind for a in GAME.legal_actions(state, 1)}
    assert "fish" not in kinds
    assert {"start_exchange", "start_swap", "pass"} <= kinds
    assert GAME.view(state, None).seats[1].ouch.id == cid(state, ouch)


@pytest.mark.rule("FP-Q-13")
def test_no_second_ouch_on_the_same_player():
    b = Builder()
    ouch, old = b.cards_of("ouch", "ouch")
    state = b.state([[ouch, *b.filler(5)], b.filler(6), b.filler(6)], ouches=[NONE, old, NONE])
    rejected(state, 0, GiveUnlucky(card=cid(state, ouch), target=1), "already has an Ouch")
    assert GiveUnlucky(card=cid(state, ouch), target=2) in GAME.legal_actions(state, 0)


@pytest.mark.rule("FP-SPECIAL-8", "FP-SPECIAL-18", "FP-SPECIAL-19", "FP-Q-13")
def test_a_face_up_glove_stops_ouch_but_not_one_in_hand():
    b = Builder()
    ouch, glove, glove2 = b.cards_of("ouch", "glove", "glove")
    state = b.state([[ouch, *b.filler(5)], [glove2, *b.filler(5)], b.filler(6)], perms=[[], [], [glove]])
    rejected(state, 0, GiveUnlucky(card=cid(state, ouch), target=2), "Glove protects them")
    # Bob's Glove is still in his hand: it does not protect him.
    state, _ = play(state, 0, GiveUnlucky(card=cid(state, ouch), target=1))
    assert state.ouches[1] == ouch
    # A Glove laid later blocks future Ouches but does not take this one away.
    state, _ = play(state, 1, PlacePermanent(card=cid(state, glove2)))
    assert state.ouches[1] == ouch and glove2 in state.perms[1]


# -- Tire and Snap (FP-SPECIAL-9..11, FP-Q-14, FP-Q-15) ---------------------------------------------------


@pytest.mark.rule("FP-SPECIAL-9", "FP-Q-14")
def test_a_tire_discards_the_targets_lure():
    b = Builder()
    tire, jig = b.cards_of("tire", "Jig:3/5")
    state = b.state([[tire, *b.filler(5)], b.filler(6), b.filler(6)], lures=[NONE, jig, NONE])
    rejected(state, 0, GiveUnlucky(card=cid(state, tire), target=2), "no lure")
    state, events = play(state, 0, GiveUnlucky(card=cid(state, tire), target=1))
    assert state.lures[1] == NONE
    assert state.discard[-2:] == [jig, tire]
    assert any("plays a Tire on Bob" in e.text and e.news for e in events)


@pytest.mark.rule("FP-SPECIAL-10", "FP-SPECIAL-11", "FP-Q-14", "FP-Q-15")
def test_worked_example_a_snapped_player_holds_seven_until_the_next_turn():
    b = Builder()
    snap, jig, rod = b.cards_of("snap", "Jig:3/5", "rod")
    bob_hand = b.filler(6, "Brook:2")
    state = b.state([[snap, *b.filler(5)], bob_hand, b.filler(6), b.filler(6)], rods=[True, rod, True, False],
                    lures=[NONE, jig, NONE, NONE])
    rejected(state, 0, GiveUnlucky(card=cid(state, snap), target=3), "no Fishing Rod")
    state, _ = play(state, 0, GiveUnlucky(card=cid(state, snap), target=1))
    assert state.rods[1] == NONE and state.lures[1] == NONE
    assert jig in state.hands[1] and len(state.hands[1]) == 7
    assert state.discard[-2:] == [rod, snap]
    assert GAME.view(state, None).seats[1].hand_size == 7
    # On Bob's turn he may not put the Jig back on (no rod); at its end he draws nothing and discards.
    assert state.seat == 1
    rejected(state, 1, PlaceLure(card=cid(state, jig)), "need a Fishing Rod")
    draw_before = len(state.draw)
    state, _ = play(state, 1, Pass())
    assert state.stage == "discard" and len(state.draw) == draw_before
    state, _ = play(state, 1, Discard(card=cid(state, bob_hand[0])))
    assert len(state.hands[1]) == 6 and state.seat == 2


# -- Permanent cards (FP-SPECIAL-15..17) ---------------------------------------------------------------------


@pytest.mark.rule("FP-SPECIAL-15", "FP-SPECIAL-16", "FP-SPECIAL-17")
def test_gps_draws_one_at_once_and_makes_the_hand_seven():
    b = Builder()
    gps = b.card("gps")
    top = b.card("Pike:9")
    state = b.state([[gps, *b.filler(5)], b.filler(6)], draw=[top, *b.filler(3, "Brook:2")])
    state, events = play(state, 0, PlacePermanent(card=cid(state, gps)))
    assert gps in state.perms[0] and top in state.hands[0]
    assert len(state.hands[0]) == 6  # five left after laying it, plus the extra card
    assert state.stage == "turn"  # not a move
    assert "Northern Pike (9 lb)" in " ".join(texts(events, 0))
    assert "Northern Pike" not in " ".join(texts(events, 1))
    state, _ = play(state, 0, Pass())
    assert len(state.hands[0]) == 7
    assert GAME.view(state, None).seats[0].hand_limit == 7
    # It stays in play for the rest of the game.
    assert where(state, gps) == "perms 0"


@pytest.mark.rule("FP-SPECIAL-15")
def test_permanent_cards_only_at_the_beginning_of_the_turn():
    b = Builder()
    glove, wal, jig = b.cards_of("glove", "Walleye:6", "Jig:3/5")
    state = b.state([[glove, wal, *b.filler(4)], b.filler(6)], lures=[jig, NONE], quick_play=True)
    state, _ = play(state, 0, Fish(card=cid(state, wal)))
    assert state.stage == "move"
    rejected(state, 0, PlacePermanent(card=cid(state, glove)), "beginning of the turn")
