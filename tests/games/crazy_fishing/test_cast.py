"""The Cast phase: secret simultaneous casts, their legality, the reveal and the catch order."""

from __future__ import annotations

import json

import pytest

from fishtable.games.crazy_fishing import GAME
from fishtable.games.crazy_fishing.actions import Attempt, Cast, Draw, FishBait
from tests.games.crazy_fishing.builder import build, pick, play, rejected, view_json


def cast(state, seat: int, rods: tuple[str, ...] = (), baits: tuple[str, ...] = ()):
    action = Cast(rods=pick(state, seat, "rod", *rods), baits=pick(state, seat, "bait", *baits))
    return play(state, seat, action)


FILLER = ["R1", "B1"]


def three_example():
    """Ernesto, Tomás and Elena's hands for the rulebook's cast example."""
    return build([
        ["R2+", "R3", "B4", *FILLER, "B2"],
        ["R4", "B4", *FILLER, "R2", "B2"],
        ["R5", "B3+", "B3", *FILLER, "R2"],
    ])


# -- Simultaneous and secret ---------------------------------------------------------


@pytest.mark.rule("CF-CAST-1")
def test_cast_has_no_turns_and_order_of_entry_does_not_matter():
    state = three_example()
    pending = GAME.pending(state)
    assert set(pending) == {0, 1, 2}
    assert all(p.simultaneous and p.private for p in pending.values())
    legal_1 = GAME.legal_actions(state, 1)
    after_0, _ = cast(state, 0, ("2+", "3"), ("4",))
    # Seat 1's options do not depend on what seat 0 chose.
    assert GAME.legal_actions(after_0, 1) == legal_1
    assert set(GAME.pending(after_0)) == {1, 2}

    moves = {
        0: lambda s: cast(s, 0, ("2+", "3"), ("4",))[0],
        1: lambda s: cast(s, 1, ("4",), ("4",))[0],
        2: lambda s: cast(s, 2, ("5",), ("3+", "3"))[0],
    }
    hashes = set()
    for order in ((0, 1, 2), (2, 1, 0), (1, 2, 0)):
        s = state
        for seat in order:
            s = moves[seat](s)
        hashes.add(GAME.state_hash(s))
    assert len(hashes) == 1


@pytest.mark.rule("CF-CAST-2", "CF-CAST-10", "CF-Q-14")
def test_opponents_see_only_ready_and_frozen_counts_during_cast():
    state = build([["R2+", "R3", "R1", "B3+", "B1", "B2"], ["R4", "B4", "R1", "B1", "R2", "B2"],
                   ["R5", "B5", "R1", "B1", "R2", "B2"]])
    before = {seat: json.loads(view_json(state, seat)) for seat in (None, 1, 2)}
    played = pick(state, 0, "rod", "2+", "3", "1") + pick(state, 0, "bait", "3+", "1")
    state, events = cast(state, 0, ("2+", "3", "1"), ("3+", "1"))
    assert events == []  # nothing is announced about a cast before the reveal
    for seat in (None, 1, 2):
        text = view_json(state, seat)
        for cid in played:
            assert f'"{cid}"' not in text
        after = json.loads(text)
        panel = after["seats"][0]
        assert panel["status"] == "ready"
        assert before[seat]["seats"][0]["status"] == "choosing"
        assert (panel["hand_size"], panel["hand_rods"], panel["hand_baits"]) == (6, 3, 3)
        assert panel["cast"] is None
        # The ready flag is the only difference anywhere in the view.
        after["seats"][0]["status"] = "choosing"
        assert after == before[seat]
    own = GAME.view(state, 0)
    assert own.my_cast is not None and len(own.my_cast.rods) == 3
    assert len(own.hand) == 1


@pytest.mark.rule("CF-CAST-10", "CF-Q-14")
def test_hand_counts_unfreeze_at_the_reveal():
    state = build([["R2+", "R3", "R1", "B3+", "B1", "B2"], ["R4", "B4", "R1", "B1", "R2", "B2"]])
    state, _ = cast(state, 0, ("2+", "3"), ("3+",))
    assert GAME.view(state, 1).seats[0].hand_rods == 3
    state, _ = cast(state, 1, ("4",), ("4",))
    panels = GAME.view(state, 1).seats
    assert (panels[0].hand_rods, panels[0].hand_baits, panels[0].hand_size) == (1, 2, 3)
    assert (panels[1].hand_rods, panels[1].hand_baits, panels[1].hand_size) == (2, 2, 4)


@pytest.mark.rule("CF-CAST-11")
def test_all_casts_turn_face_up_at_the_same_moment():
    state = three_example()
    state, _ = cast(state, 0, ("2+", "3"), ("4",))
    state, _ = cast(state, 1, ("4",), ("4",))
    for seat in (None, 0, 1, 2):
        assert all(p.cast is None for p in GAME.view(state, seat).seats)
    state, events = cast(state, 2, ("5",), ("3+", "3"))
    reveal = [e for e in events if e.kind == "reveal"]
    assert len(reveal) == 3 and all(e.visible_to is None for e in reveal)
    for seat in (None, 0, 1, 2):
        panels = GAME.view(state, seat).seats
        assert [sorted(c.label for c in p.cast.rods) for p in panels] == [["2+", "3"], ["4"], ["5"]]
        assert [sorted(c.label for c in p.cast.baits) for p in panels] == [["4"], ["4"], ["3", "3+"]]
        assert [p.cast.speed for p in panels] == [5, 4, 5]
        assert [p.cast.bait for p in panels] == [4, 4, 6]


# -- Legality --------------------------------------------------------------------------


@pytest.mark.rule("CF-CAST-3")
def test_cast_needs_at_least_one_rod_and_one_bait():
    state = build([["R3", "B3", "R1", "B1", "R2", "B2"], ["R4", "B4", "R1", "B1", "R2", "B2"]])
    rod, bait = pick(state, 0, "rod", "3"), pick(state, 0, "bait", "3")
    rejected(state, 0, Cast(rods=rod), "bait")
    rejected(state, 0, Cast(baits=bait), "rod")
    rejected(state, 0, Cast(), "rod")
    ok, _ = play(state, 0, Cast(rods=rod, baits=bait))
    assert ok.casts[0] is not None
    assert all(a.rods and a.baits for a in GAME.legal_actions(state, 0))


@pytest.mark.rule("CF-CAST-3")
def test_cast_cards_must_come_from_own_hand():
    state = build([["R3", "B3", "R1", "B1", "R2", "B2"], ["R4", "B4", "R1", "B1", "R2", "B2"]])
    other_rod = pick(state, 1, "rod", "4")
    rejected(state, 0, Cast(rods=other_rod, baits=pick(state, 0, "bait", "3")), other_rod[0], "hand")
    rejected(state, 0, Cast(rods=("R99",), baits=pick(state, 0, "bait", "3")), "R99", "hand")
    # A bait named as a rod, and a card named twice.
    bait = pick(state, 0, "bait", "3")
    rejected(state, 0, Cast(rods=bait, baits=pick(state, 0, "bait", "1")), "not a rod")
    rod = pick(state, 0, "rod", "3")
    rejected(state, 0, Cast(rods=rod + rod, baits=bait), "twice")


@pytest.mark.rule("CF-CAST-4", "CF-CAST-8")
def test_without_a_plus_card_only_one_of_each_type():
    state = build([["R3", "R2", "R1", "B3", "B2", "B1"], ["R4", "B4", "R1", "B1", "R2", "B2"]])
    one_each = Cast(rods=pick(state, 0, "rod", "3"), baits=pick(state, 0, "bait", "3"))
    assert one_each in GAME.legal_actions(state, 0)
    play(state, 0, one_each)
    rejected(state, 0, Cast(rods=pick(state, 0, "rod", "3", "2"), baits=pick(state, 0, "bait", "3")), "'+'")
    rejected(state, 0, Cast(rods=pick(state, 0, "rod", "3"), baits=pick(state, 0, "bait", "3", "2")), "'+'")
    rejected(state, 0, Cast(rods=pick(state, 0, "rod", "3", "2", "1"), baits=pick(state, 0, "bait", "1")), "'+'")
    # The legal list offers nothing with two cards of a type.
    assert all(len(a.rods) == 1 and len(a.baits) == 1 for a in GAME.legal_actions(state, 0))
    assert len(GAME.legal_actions(state, 0)) == 9


@pytest.mark.rule("CF-CAST-5", "CF-CAST-9")
def test_plus_rod_allows_any_number_of_rods_and_sums_their_speed():
    state = build([["R2+", "R3", "R1", "R1+", "B1", "B2"], ["R6", "B4", "R1", "B1", "R2", "B2"]])
    rods = pick(state, 0, "rod", "2+", "3", "1", "1+")
    state, _ = play(state, 0, Cast(rods=rods, baits=pick(state, 0, "bait", "1")))
    state, _ = cast(state, 1, ("6",), ("4",))
    view = GAME.view(state, None)
    assert view.seats[0].cast.speed == 2 + 3 + 1 + 1
    assert state.order == [0, 1]  # 7 beats 6: every rod counted, low ones included
    assert view.seats[0].hand_rods == 0


@pytest.mark.rule("CF-CAST-6", "CF-CAST-9")
def test_plus_bait_allows_any_number_of_baits_and_sums_their_value():
    state = build([["R3", "B1+", "B1", "B1", "B1", "R1"], ["R1", "B1", "R2", "B2", "R3", "B3"]],
                  sea_cards=("F4:3-5:Zander", "F1", "F1", "F1", "F1", "F1", "F1"))
    state, _ = cast(state, 0, ("3",), ("1+", "1", "1", "1"))
    state, _ = cast(state, 1, ("1",), ("1",))
    assert GAME.view(state, None).seats[0].cast.bait == 4
    state, _ = play(state, 0, Attempt(labels=(1,)))
    assert [state.cards[c].name for c in state.piles[0]] == ["Zander"]


@pytest.mark.rule("CF-CAST-7")
def test_combining_permission_is_per_type():
    state = build([["R2+", "R3", "B3", "B2", "B3+", "R1"], ["R4", "B4", "R1", "B1", "R2", "B2"]])
    # A '+' rod does not allow a second bait card...
    rejected(state, 0, Cast(rods=pick(state, 0, "rod", "2+", "3"), baits=pick(state, 0, "bait", "3", "2")),
             "bait")
    # ...and a '+' bait does not allow a second rod card.
    rejected(state, 0, Cast(rods=pick(state, 0, "rod", "3", "1"), baits=pick(state, 0, "bait", "3+", "2")),
             "rod")
    both, _ = cast(state, 0, ("2+", "3"), ("3+", "2"))
    assert both.casts[0] is not None


@pytest.mark.rule("CF-CAST-8")
def test_no_dumping_cards_without_a_plus_card():
    state = build([["R1", "R1", "R1", "B1", "B1", "B6"], ["R4", "B4", "R1", "B1", "R2", "B2"]])
    action = Cast(rods=pick(state, 0, "rod", "1", "1", "1"), baits=pick(state, 0, "bait", "1", "1"))
    message = rejected(state, 0, action, "'+'")
    assert "rod" in message
    assert 0 in GAME.pending(state)


# -- Catch order -----------------------------------------------------------------------


@pytest.mark.rule("CF-CAST-12")
def test_catch_order_is_by_total_speed():
    state = build([["R2", "B6", "R1", "B1", "R1", "B1"], ["R7", "B1", "R1", "B1", "R1", "B1"],
                   ["R4", "B2", "R1", "B1", "R1", "B1"], ["R3+", "R2", "B1", "R1", "B1", "R1"]])
    state, _ = cast(state, 0, ("2",), ("6",))
    state, _ = cast(state, 1, ("7",), ("1",))
    state, _ = cast(state, 2, ("4",), ("2",))
    state, _ = cast(state, 3, ("3+", "2"), ("1",))
    assert state.order == [1, 3, 2, 0]
    assert GAME.view(state, None).catch_order == (1, 3, 2, 0)
    assert [p.catch_position for p in GAME.view(state, 0).seats] == [4, 1, 3, 2]
    assert GAME.pending(state).keys() == {1}


@pytest.mark.rule("CF-CAST-13")
def test_equal_speed_is_broken_by_bait_value():
    state = build([["R5", "B2", "R1", "B1", "R1", "B1"], ["R5", "B6", "R1", "B1", "R1", "B1"],
                   ["R5", "B:inf", "R1", "B1", "R1", "B1"]])
    state, _ = cast(state, 0, ("5",), ("2",))
    state, _ = cast(state, 1, ("5",), ("6",))
    state, _ = cast(state, 2, ("5",), ("∞",))
    assert state.order == [2, 1, 0]
    assert len(state.rod_discard) == 0  # no rod-deck reveal was needed


@pytest.mark.rule("CF-CAST-14")
@pytest.mark.parametrize(("deck", "order"), [(("R1", "R9", "R2"), [1, 0]), (("R1", "R2", "R9"), [0, 1])])
def test_still_tied_players_reveal_rods_from_the_deck(deck, order):
    # The deck is listed bottom first; the tied players reveal from the top in seat order.
    state = build([["R5", "B3", "R1", "B1", "R1", "B1"], ["R5", "B3", "R1", "B1", "R1", "B1"]], rod_deck=deck)
    state, _ = cast(state, 0, ("5",), ("3",))
    state, events = cast(state, 1, ("5",), ("3",))
    assert state.order == order
    tie = [e for e in events if e.kind == "tie_reveal"]
    assert len(tie) == 2 and all(e.visible_to is None for e in tie)
    assert any("9" in e.text for e in tie)


@pytest.mark.rule("CF-Q-10")
def test_repeated_reveal_until_the_tie_breaks_and_revealed_rods_are_discarded():
    # Seats 0 and 1 first both reveal 5, then 3 against 8.
    state = build([["R5", "B3", "R1", "B1", "R1", "B1"], ["R5", "B3", "R1", "B1", "R1", "B1"]],
                  rod_deck=("R1", "R8", "R3", "R5", "R5"))
    state, _ = cast(state, 0, ("5",), ("3",))
    state, events = cast(state, 1, ("5",), ("3",))
    assert state.order == [1, 0]
    assert len([e for e in events if e.kind == "tie_reveal"]) == 4
    assert sorted(state.cards[c].value for c in state.rod_discard) == [3, 5, 5, 8]
    assert [state.cards[c].value for c in state.rod_deck] == [1]
    view = GAME.view(state, 0)
    assert view.rod_discard == 4 and view.rod_discard_top is not None


@pytest.mark.rule("CF-Q-10", "CF-CAST-14")
def test_three_tied_players_are_sorted_by_revealed_speed():
    hand = ["R5", "B3", "R1", "B1", "R1", "B1"]
    # Seat 0 reveals 2, seat 1 reveals 7, seat 2 reveals 4.
    state = build([hand, hand, hand, ["R9", "B1", "R1", "B1", "R1", "B1"]], rod_deck=("R1", "R4", "R7", "R2"))
    for seat in range(3):
        state, _ = cast(state, seat, ("5",), ("3",))
    state, _ = cast(state, 3, ("9",), ("1",))
    assert state.order == [3, 1, 2, 0]
    assert sorted(state.cards[c].value for c in state.rod_discard) == [2, 4, 7]


@pytest.mark.rule("CF-Q-12")
def test_tie_break_bait_counts_golden_fish_modifier():
    state = build([["R5", "B3", "R1", "B1", "R1", "B1"], ["R5", "B4", "R1", "B1", "R1", "B1"]],
                  piles=[["oos:golden_fish"], []])
    state, _ = cast(state, 0, ("5",), ("3",))
    state, _ = cast(state, 1, ("5",), ("4",))
    assert state.order == [0, 1]  # 3 + 2 beats 4
    assert state.rod_discard == []


@pytest.mark.rule("CF-Q-12")
def test_tie_break_bait_has_no_floor():
    # Useless Fish: bait 1 - 2 = -1 loses to a bare 0, although both floor to 0 when catching.
    # Were the floor applied, the tie would go to the rod reveal, which favours seat 0.
    state = build([["R5", "B1", "R1", "B1", "R1", "B1"], ["R5", "B0", "R1", "B1", "R1", "B1"]],
                  piles=[["oos:useless_fish"], []], rod_deck=("R1", "R1", "R9"))
    state, _ = cast(state, 0, ("5",), ("1",))
    state, _ = cast(state, 1, ("5",), ("0",))
    assert state.order == [1, 0]
    assert state.rod_discard == []


@pytest.mark.rule("CF-Q-12")
def test_tie_break_bait_counts_a_fish_bait_at_twice_its_size():
    state = build([["R:oos", "B1", "R1", "B1", "R1", "B1"], ["R4", "B5", "R1", "B1", "R1", "B1"]],
                  piles=[["F3:2-4:Mackerel"], []], rod_deck=("R1", "R1", "R9"))
    state, _ = cast(state, 0, ("4",), ("1",))
    state, _ = cast(state, 1, ("4",), ("5",))
    assert state.phase == "fish_bait"
    fish = state.cards[state.piles[0][0]].cid
    state, _ = play(state, 0, FishBait(fish=fish))
    assert state.order == [0, 1]  # 2 x 3 = 6 beats 5
    assert state.rod_discard == []


@pytest.mark.rule("CF-Q-12")
def test_tie_break_bait_counts_all_reel_bait_together():
    state = build([["R:reel", "R4", "B3", "B3", "R1", "B1"], ["R5", "B5", "R1", "B1", "R1", "B1"]],
                  rod_deck=("R1", "R1", "R9"))
    state, _ = cast(state, 0, ("1+", "4"), ("3", "3"))
    state, _ = cast(state, 1, ("5",), ("5",))
    assert state.order == [0, 1]  # 3 + 3 = 6 beats 5
    assert state.rod_discard == []


# -- The rulebook's example -------------------------------------------------------------


@pytest.mark.rule("CF-CAST-15")
def test_example_casts_are_legal():
    state = three_example()
    ernesto = Cast(rods=pick(state, 0, "rod", "2+", "3"), baits=pick(state, 0, "bait", "4"))
    tomas = Cast(rods=pick(state, 1, "rod", "4"), baits=pick(state, 1, "bait", "4"))
    elena = Cast(rods=pick(state, 2, "rod", "5"), baits=pick(state, 2, "bait", "3+", "3"))
    for seat, action in ((0, ernesto), (1, tomas), (2, elena)):
        assert action in GAME.legal_actions(state, seat)
        state, _ = play(state, seat, action)
    assert state.phase == "catch"
    # Without the '+' the same shapes are refused.
    plain = build([["R2", "R3", "B4", *FILLER, "B2"], ["R1", "B1"], ["R5", "B3", "B3", *FILLER, "R2"]])
    rejected(plain, 0, Cast(rods=pick(plain, 0, "rod", "2", "3"), baits=pick(plain, 0, "bait", "4")))
    rejected(plain, 2, Cast(rods=pick(plain, 2, "rod", "5"), baits=pick(plain, 2, "bait", "3", "3")))


@pytest.mark.rule("CF-CAST-16", "CF-CAST-12", "CF-CAST-13")
def test_example_catch_order_is_elena_ernesto_tomas():
    state = three_example()
    state, _ = cast(state, 0, ("2+", "3"), ("4",))
    state, _ = cast(state, 1, ("4",), ("4",))
    state, _ = cast(state, 2, ("5",), ("3+", "3"))
    assert [state.names[s] for s in state.order] == ["Elena", "Ernesto", "Tomás"]
    view = GAME.view(state, None)
    assert [(p.cast.speed, p.cast.bait) for p in view.seats] == [(5, 4), (4, 4), (5, 6)]
    assert state.rod_discard == []  # decided by bait, no rod reveal
    assert any("Elena before Ernesto" in note for note in view.order_notes)
    assert GAME.pending(state).keys() == {2}


# -- Blank casts (CF-Q-7) -------------------------------------------------------------


@pytest.mark.rule("CF-Q-7", "CF-COLLECT-4")
def test_a_player_with_only_rods_makes_a_blank_cast():
    state = build([["R3", "R2", "R1", "R4", "R5", "R6"], ["R4", "B4", "R1", "B1", "R2", "B2"]],
                  rod_deck=("R1", "R1", "R1"), bait_deck=("B1", "B2", "B3"))
    legal = GAME.legal_actions(state, 0)
    assert legal and all(len(a.rods) == 1 and a.baits == () for a in legal)
    rejected(state, 0, Cast(rods=pick(state, 0, "rod", "3", "2")), "'+'")
    rejected(state, 0, Cast(), "rod")  # the cards of the one type held must still be put forward
    blank = pick(state, 0, "rod", "6")
    state, _ = play(state, 0, Cast(rods=blank))
    state, events = cast(state, 1, ("4",), ("4",))
    assert state.order == [1]  # no place in the catch order, even with the faster rod
    assert any("blank cast" in e.text for e in events)
    assert GAME.view(state, None).seats[0].cast.blank
    assert [p.catch_position for p in GAME.view(state, None).seats] == [None, 1]
    state, events = play(state, 1, Attempt(labels=(1,)))
    # The blank cast is discarded at the end of the Catch phase, then the hand refills.
    assert state.phase == "collect"
    assert state.cards[state.rod_discard[0]].cid not in blank  # seat 1's rod was discarded first
    assert blank[0] in [state.cards[c].cid for c in state.rod_discard]
    assert GAME.pending(state).keys() == {1}
    state, _ = play(state, 1, Draw(rods=1, baits=1))
    # Seat 0 refills next; seat 1, refilled, may already cast for round 2 (issue 7).
    assert {s: p.kind for s, p in GAME.pending(state).items()} == {0: "collect", 1: "cast"}
    state, _ = play(state, 0, Draw(rods=0, baits=1))
    assert len(state.hands[0]) == 6 and state.phase == "cast"


@pytest.mark.rule("CF-Q-7")
def test_a_player_with_only_baits_makes_a_blank_cast_under_a_plus_bait():
    state = build([["B3+", "B2", "B1", "B4", "B5", "B6"], ["R4", "B4", "R1", "B1", "R2", "B2"]])
    state, _ = cast(state, 0, (), ("3+", "2", "1"))
    state, _ = cast(state, 1, ("4",), ("4",))
    assert state.order == [1]
    assert GAME.view(state, None).seats[0].cast.blank
    state, _ = play(state, 1, Attempt(labels=(1,)))
    assert state.phase == "collect"
    assert len(state.bait_discard) == 4  # seat 1's bait and the three blank-cast baits
    assert state.casts == [None, None]


# -- Bad input ---------------------------------------------------------------------------


@pytest.mark.rule("CF-CAST-2", "CF-CAST-3")
def test_illegal_cast_moves_are_refused_and_change_nothing():
    state = build([["R3", "B3", "R1", "B1", "R2", "B2"], ["R4", "B4", "R1", "B1", "R2", "B2"]])
    rejected(state, 5, Cast(rods=pick(state, 0, "rod", "3"), baits=pick(state, 0, "bait", "3")), "seat")
    rejected(state, 0, Draw(rods=1, baits=1), "cast")
    rejected(state, 0, Attempt(labels=(1,)), "cast")
    done, _ = cast(state, 0, ("3",), ("3",))
    # Casting twice: the seat has already committed.
    rejected(done, 0, Cast(rods=pick(done, 0, "rod", "1"), baits=pick(done, 0, "bait", "1")), "nothing to decide")
    assert GAME.legal_actions(done, 0) == []
