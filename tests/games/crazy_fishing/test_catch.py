"""The Catch phase: turns in order, eligible fish, catching, escaping, discarding and what is seen."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fishtable.games.crazy_fishing import GAME, sea
from fishtable.games.crazy_fishing.actions import Attempt, Cast, Draw, EndTurn, Split
from fishtable.games.crazy_fishing.options import CrazyFishingOptions
from fishtable.games.crazy_fishing.state import Layout
from tests.games.crazy_fishing.builder import build, pick, play, rejected, seats, view_json


def cast(state, seat: int, rods: tuple[str, ...] = (), baits: tuple[str, ...] = ()):
    action = Cast(rods=pick(state, seat, "rod", *rods), baits=pick(state, seat, "bait", *baits))
    return play(state, seat, action)[0]


def fish_named(state, name: str) -> int:
    return next(c.idx for c in state.cards if c.type == "fish" and c.name == name)


def label_of(state, name: str) -> int:
    return state.layout.label[fish_named(state, name)]


FILL = ["R1", "B1", "R1", "B1"]
# Sea: Anchovy (1) at the bottom-left, covered by Bream (3); Cod (4), Hake (5) and Tuna (6) free.
OVERLAP_SEA = (
    ("F1:0-2:Anchovy", 0, 0),
    ("F3:2-4:Bream", 3, 1),
    ("F4:3-5:Cod", 20, 0),
    ("F5:3-6:Hake", 30, 0),
    ("F6:?:Tuna", 20, 6),
    ("F2:1-3:Goby", 35, 6),
    ("F2:1-3:Mullet", 10, 6),
)


def two_player(hand0, hand1, sea_cards=OVERLAP_SEA, **kw):
    return build([hand0, hand1], sea_cards=sea_cards, **kw)


def to_catch(state, casts):
    for seat, (rods, baits) in enumerate(casts):
        state = cast(state, seat, rods, baits)
    assert state.phase == "catch"
    return state


# -- Turns --------------------------------------------------------------------------------


@pytest.mark.rule("CF-CATCH-1", "CF-CATCH-14")
def test_each_player_takes_one_turn_in_catch_order():
    hands = [["R2", "B5", *FILL], ["R9", "B5", *FILL], ["R5", "B5", *FILL]]
    # Nine fish, so six are left for another round and the Collect is asked (CF-END-2).
    state = build(hands, sea_cards=("F1",) * 9)
    state = to_catch(state, [(("2",), ("5",)), (("9",), ("5",)), (("5",), ("5",))])
    assert state.order == [1, 2, 0]
    turns = []
    for expected in (1, 2, 0):
        assert set(GAME.pending(state)) == {expected}
        for other in {0, 1, 2} - {expected}:
            assert GAME.legal_actions(state, other) == []
            rejected(state, other, Attempt(labels=(8,)), "nothing to decide")
        state, events = play(state, expected, Attempt(labels=(8 - len(turns),)))
        turns.append(expected)
        assert state.turn is None or state.turn.seat != expected
        assert len([e for e in events if e.kind == "catch"]) == 1
    assert turns == [1, 2, 0]
    assert state.phase == "collect"
    assert [len(p) for p in state.piles] == [1, 1, 1]


@pytest.mark.rule("CF-CATCH-2", "CF-Q-13")
def test_a_catch_attempt_is_compulsory():
    state = two_player(["R2", "B5", *FILL], ["R1", "B1", *FILL])
    state = to_catch(state, [(("2",), ("5",)), (("1",), ("1",))])
    legal = GAME.legal_actions(state, 0)
    assert legal and all(isinstance(a, Attempt) and len(a.labels) == 1 for a in legal)
    rejected(state, 0, EndTurn(), "choose a fish")
    rejected(state, 0, Attempt(labels=()), "exactly one fish")
    rejected(state, 0, Attempt(labels=(3, 4)), "exactly one fish")
    assert GAME.pending(state)[0].kind == "catch"


@pytest.mark.rule("CF-CATCH-3", "CF-Q-4")
def test_only_fish_no_card_overlaps_may_be_chosen():
    state = two_player(["R2", "B5", *FILL], ["R1", "B1", *FILL])
    state = to_catch(state, [(("2",), ("5",)), (("1",), ("1",))])
    anchovy, bream = label_of(state, "Anchovy"), label_of(state, "Bream")
    view = GAME.view(state, 0)
    flags = {f.label: (f.covered, f.selectable) for f in view.sea}
    assert flags[anchovy] == (True, False)
    assert flags[bream] == (False, True)
    assert Attempt(labels=(anchovy,)) not in GAME.legal_actions(state, 0)
    assert Attempt(labels=(bream,)) in GAME.legal_actions(state, 0)
    rejected(state, 0, Attempt(labels=(anchovy,)), "covered", "Bait Bucket")
    rejected(state, 0, Attempt(labels=(99,)), "no fish #99")


@pytest.mark.rule("CF-Q-4")
def test_removing_the_covering_card_uncovers_the_one_beneath():
    state = two_player(["R2", "B5", *FILL], ["R1", "B1", *FILL])
    state = to_catch(state, [(("2",), ("5",)), (("1",), ("1",))])
    anchovy, bream = label_of(state, "Anchovy"), label_of(state, "Bream")
    state, _ = play(state, 0, Attempt(labels=(bream,)))  # bait 5 catches the Bream
    assert sea.is_covered(state, fish_named(state, "Anchovy")) is False
    assert Attempt(labels=(anchovy,)) in GAME.legal_actions(state, 1)
    state, _ = play(state, 1, Attempt(labels=(anchovy,)))
    assert [state.cards[c].name for c in state.piles[1]] == ["Anchovy"]


@pytest.mark.rule("CF-Q-4")
def test_later_cards_overlap_earlier_ones_by_tile_intersection():
    state = build([["R1", "B1"], ["R1", "B1"]], sea_cards=(
        ("F1:?:A", 0, 0), ("F1:?:B", 6, 2), ("F1:?:C", 13, 0), ("F1:?:D", 7, 3), ("F1:?:E", 30, 8),
        ("F1:?:F", 39, 8),
    ))
    covered = {state.cards[c].name: sea.is_covered(state, c) for c in state.sea}
    # B (6,2) touches A (0,0); C starts 7 columns after B so does not touch it; D (7,3) touches B only.
    assert covered == {"A": True, "B": True, "C": False, "D": False, "E": False, "F": False}


@given(seed=st.integers(0, 10_000), drop=st.lists(st.integers(0, 26), max_size=26))
@pytest.mark.rule("CF-Q-4")
def test_a_fish_is_covered_exactly_when_a_later_fish_still_in_the_sea_overlaps_its_tile(seed, drop):
    # The engine finds covers from cell masks in one pass; this is the rule said pair by pair.
    state = GAME.new_game(CrazyFishingOptions(), seats(3), seed)
    for i in drop:
        if len(state.sea) > 1:
            state.sea.pop(i % len(state.sea))
    pos = state.layout.pos

    def overlaps(a: int, b: int) -> bool:
        return abs(pos[a][0] - pos[b][0]) < sea.CARD_WIDTH and abs(pos[a][1] - pos[b][1]) < sea.CARD_HEIGHT

    covered = {c for i, c in enumerate(state.sea) if any(overlaps(c, d) for d in state.sea[i + 1:])}
    assert sea.uncovered(state) == [c for c in state.sea if c not in covered]
    assert {c for c in state.sea if sea.is_covered(state, c)} == covered


@given(seed=st.integers(0, 10_000), drop=st.lists(st.integers(0, 26), max_size=26))
@pytest.mark.rule("CF-Q-4", "CF-Q-6")
def test_top_card_of_any_layout_is_always_eligible(seed, drop):
    state = GAME.new_game(CrazyFishingOptions(), seats(3), seed)
    for i in drop:
        if len(state.sea) > 1:
            state.sea.pop(i % len(state.sea))
    assert state.sea[-1] in sea.uncovered(state)
    assert not sea.is_covered(state, state.sea[-1])


@pytest.mark.rule("CF-CATCH-4", "CF-Q-6")
def test_no_eligible_fish_means_the_sea_is_shuffled_before_choosing():
    state = two_player(["R2", "B5", *FILL], ["R1", "B1", *FILL])
    fish = list(state.sea)
    # Not reachable with real layouts (the top card is always free): force every fish covered.
    ring = {c: (fish[(i + 1) % len(fish)],) for i, c in enumerate(fish)}
    state.layout = Layout(pos=dict(state.layout.pos), label=dict(state.layout.label), coverers=ring)
    assert sea.uncovered(state) == []
    old_pos = dict(state.layout.pos)
    state = cast(state, 0, ("2",), ("5",))
    state, events = play(state, 1, Cast(rods=pick(state, 1, "rod", "1"), baits=pick(state, 1, "bait", "1")))
    assert any(e.kind == "reshuffle_sea" and e.visible_to is None for e in events)
    assert sorted(state.sea) == sorted(fish)
    assert sea.uncovered(state)
    assert state.layout.pos != old_pos
    assert any(isinstance(a, Attempt) for a in GAME.legal_actions(state, 0))
    # "Eyes closed": no front is shown by the reshuffle.
    assert all(state.cards[c].name not in e.text for e in events for c in fish)


@pytest.mark.rule("CF-Q-6")
def test_re_laying_the_sea_includes_fish_beside_it():
    state = build([["R1", "B1"], ["R1", "B1"]], beside=("F3:?:Beside",))
    everything = sorted(state.sea + state.beside)
    sea.reshuffle(state)
    assert state.beside == []
    assert sorted(state.sea) == everything
    assert fish_named(state, "Beside") in state.sea


# -- Turning over, catching and escaping --------------------------------------------------


@pytest.mark.rule("CF-CATCH-5", "CF-CATCH-6")
def test_chosen_fish_is_shown_to_all_and_caught_when_bait_is_enough():
    state = two_player(["R2", "B5", *FILL], ["R1", "B1", *FILL], piles=[["F2:?:Old"], []])
    state = to_catch(state, [(("2",), ("5",)), (("1",), ("1",))])
    state, events = play(state, 0, Attempt(labels=(label_of(state, "Hake"),)))
    flips = [e for e in events if e.kind == "flip"]
    assert len(flips) == 1 and flips[0].visible_to is None and "Hake" in flips[0].text
    assert [state.cards[c].name for c in state.piles[0]] == ["Old", "Hake"]  # on top of the pile
    assert fish_named(state, "Hake") not in state.sea
    for seat in (None, 1):
        top = GAME.view(state, seat).seats[0].pile_top
        assert top.name == "Hake" and top.value == 5


@pytest.mark.rule("CF-CATCH-5")
def test_both_reel_fish_are_face_up_for_everyone_before_the_split():
    state = two_player(["R:reel", "R2", "B3", "B4", "R1", "B1"], ["R1", "B1", *FILL])
    state = to_catch(state, [(("1+", "2"), ("3", "4")), (("1",), ("1",))])
    state, _ = play(state, 0, Attempt(labels=(label_of(state, "Cod"), label_of(state, "Tuna"))))
    for seat in (None, 0, 1):
        turn = GAME.view(state, seat).turn
        assert turn.stage == "split"
        assert sorted(f.name for f in turn.flipped) == ["Cod", "Tuna"]
    rejected(state, 0, Attempt(labels=(1,)), "does not fit")


@pytest.mark.rule("CF-CATCH-7", "CF-Q-5")
def test_escaped_fish_goes_back_to_exactly_its_place():
    state = two_player(["R2", "B2", *FILL], ["R1", "B1", *FILL])
    state = to_catch(state, [(("2",), ("2",)), (("1",), ("1",))])
    bream = fish_named(state, "Bream")
    before = (state.sea.index(bream), state.layout.label[bream], state.layout.pos[bream],
              state.layout.masks[bream], sea.is_covered(state, fish_named(state, "Anchovy")))
    state, events = play(state, 0, Attempt(labels=(state.layout.label[bream],)))  # bait 2 < size 3
    assert any(e.kind == "escape" for e in events)
    assert state.piles[0] == []
    after = (state.sea.index(bream), state.layout.label[bream], state.layout.pos[bream],
             state.layout.masks[bream], sea.is_covered(state, fish_named(state, "Anchovy")))
    assert after == before
    assert before[-1] is True  # it still lies on the Anchovy
    assert state.beside == []


@pytest.mark.rule("CF-CATCH-8", "CF-Q-16")
@pytest.mark.parametrize("seat", [None, 0, 1])
def test_escaped_fish_shows_only_its_back_afterwards(seat):
    state = two_player(["R2", "B2", *FILL], ["R1", "B1", *FILL])
    state = to_catch(state, [(("2",), ("2",)), (("1",), ("1",))])
    tuna = fish_named(state, "Tuna")
    state, _ = play(state, 0, Attempt(labels=(state.layout.label[tuna],)))
    assert tuna in state.sea
    text = view_json(state, seat)
    assert "Tuna" not in text and f'"{state.cards[tuna].cid}"' not in text
    entry = next(f for f in GAME.view(state, seat).sea if f.label == state.layout.label[tuna])
    assert entry.back == "?"


@pytest.mark.rule("CF-CATCH-9", "CF-CATCH-10", "CF-Q-16")
def test_only_the_top_of_a_catch_pile_is_shown_to_others():
    state = two_player(["R2", "B9", *FILL], ["R1", "B1", *FILL], piles=[["F2:?:Buried"], []])
    state = to_catch(state, [(("2",), ("9",)), (("1",), ("1",))])
    state, _ = play(state, 0, Attempt(labels=(label_of(state, "Tuna"),)))
    buried = fish_named(state, "Buried")
    for seat in (None, 1):
        view = GAME.view(state, seat)
        assert view.seats[0].pile_size == 2
        assert view.seats[0].pile_top.name == "Tuna"
        assert view.pile is None or view.pile == ()
        text = view.model_dump_json()
        assert "Buried" not in text and f'"{state.cards[buried].cid}"' not in text
    own = GAME.view(state, 0)
    assert [c.name for c in own.pile] == ["Buried", "Tuna"]
    assert own.seats[0].pile_size == 2


@pytest.mark.rule("CF-CATCH-11")
@pytest.mark.parametrize(("bait", "caught"), [("4", True), ("3", False)])
def test_tomas_catches_a_size_4_fish_with_bait_4_but_not_3(bait, caught):
    state = build([["R9", "B1", *FILL], ["R4", f"B{bait}", *FILL], ["R5", "B1", *FILL]],
                  names=["Ernesto", "Tomás", "Elena"],
                  sea_cards=("F4:3-5:Sea Bass", "F1", "F1", "F1", "F1", "F1", "F1"))
    state = cast(state, 0, ("9",), ("1",))
    state = cast(state, 1, ("4",), (bait,))
    state = cast(state, 2, ("5",), ("1",))
    state, _ = play(state, 0, Attempt(labels=(2,)))
    state, _ = play(state, 2, Attempt(labels=(3,)))
    assert GAME.pending(state).keys() == {1}
    state, events = play(state, 1, Attempt(labels=(1,)))
    bass = fish_named(state, "Sea Bass")
    if caught:
        assert state.piles[1] == [bass] and bass not in state.sea
        assert any(e.kind == "catch" and "Sea Bass" in e.text for e in events)
    else:
        assert state.piles[1] == [] and bass in state.sea
        assert any(e.kind == "escape" and "Sea Bass" in e.text for e in events)


@pytest.mark.rule("CF-CATCH-12")
def test_a_hopeless_attempt_is_still_allowed_and_fails():
    state = build([["R5", "B2", *FILL], ["R1", "B1", *FILL]],
                  sea_cards=("F3:3-6:Clue", "F1", "F1", "F1", "F1", "F1", "F1"))
    state = to_catch(state, [(("5",), ("2",)), (("1",), ("1",))])
    clue = label_of(state, "Clue")
    assert GAME.view(state, 0).sea[0].back == "3-6"
    assert Attempt(labels=(clue,)) in GAME.legal_actions(state, 0)
    state, events = play(state, 0, Attempt(labels=(clue,)))
    assert state.piles[0] == [] and fish_named(state, "Clue") in state.sea
    assert any(e.kind == "escape" for e in events)


# -- Discarding and passing on ------------------------------------------------------------


@pytest.mark.rule("CF-CATCH-13")
@pytest.mark.parametrize("bait", ["B9", "B1"])
def test_played_cards_are_discarded_when_the_turn_ends(bait):
    state = build([["R2+", "R3", bait, "B1+", "R1", "B2"], ["R1", "B1", *FILL]])
    state = to_catch(state, [(("2+", "3"), (bait[1:], "1+")), (("1",), ("1",))])
    played_rods = set(state.casts[0][0])
    played_baits = set(state.casts[0][1])
    state, _ = play(state, 0, Attempt(labels=(5,)))
    assert state.phase == "catch" and state.turn.seat == 1  # discarded before the next turn
    assert set(state.rod_discard) == played_rods
    assert set(state.bait_discard) == played_baits
    assert state.casts[0] is None
    view = GAME.view(state, 1)
    assert view.rod_discard == 2 and view.bait_discard == 2
    assert view.seats[0].cast is None
    assert len(state.hands[0]) == 2


@pytest.mark.rule("CF-Q-15")
def test_discard_piles_show_top_card_and_count_only():
    state = build([["R3", "B3", *FILL], ["R2", "B2", *FILL]], sea_cards=("F1",) * 8)
    state = to_catch(state, [(("3",), ("3",)), (("2",), ("2",))])
    first_rod, first_bait = state.casts[0][0][0], state.casts[0][1][0]
    state, _ = play(state, 0, Attempt(labels=(1,)))
    second_rod = state.casts[1][0][0]
    state, _ = play(state, 1, Attempt(labels=(2,)))
    assert state.phase == "collect"
    for seat in (None, 0, 1):
        view = GAME.view(state, seat)
        assert view.rod_discard == 2 and view.bait_discard == 2
        assert view.rod_discard_top.id == state.cards[second_rod].cid
        assert view.rod_discard_top.value == 2
        assert view.bait_discard_top.value == 2
        text = view.model_dump_json()
        # The buried discards are not browsable (their owner no longer holds them).
        assert f'"{state.cards[first_rod].cid}"' not in text
        assert f'"{state.cards[first_bait].cid}"' not in text


@pytest.mark.rule("CF-Q-13", "CF-CATCH-13")
def test_empty_sea_skips_the_attempt_but_still_discards():
    state = build([["R5", "B5", *FILL], ["R1", "B1", *FILL]], sea_cards=("F2:?:Last",))
    state = to_catch(state, [(("5",), ("5",)), (("1",), ("1",))])
    state, events = play(state, 0, Attempt(labels=(1,)))
    assert state.piles[0] == [fish_named(state, "Last")]
    assert any(e.kind == "empty" for e in events)
    # Seat 1 never got a decision: its turn was skipped and its cards discarded. The sea is
    # empty, so the game ends after this round's Collect, which the engine plays itself
    # (CF-END-2; this was a "collect" prompt before issue 7).
    assert state.phase == "over"
    assert len(state.rod_discard) == 2 and len(state.bait_discard) == 2
    assert state.casts == [None, None]
    assert [len(h) for h in state.hands] == [6, 6]


@pytest.mark.rule("CF-CATCH-14", "CF-COLLECT-1")
def test_catch_phase_ends_only_after_the_last_turn():
    state = build([["R3", "B3", *FILL], ["R2", "B2", *FILL]], sea_cards=("F1",) * 8)
    state = to_catch(state, [(("3",), ("3",)), (("2",), ("2",))])
    state, _ = play(state, 0, Attempt(labels=(1,)))
    assert state.phase == "catch"
    rejected(state, 0, Draw(rods=1, baits=1), "nothing to decide")
    rejected(state, 1, Draw(rods=1, baits=1), "does not fit")
    state, _ = play(state, 1, Attempt(labels=(2,)))
    assert state.phase == "collect"
    assert set(GAME.pending(state)) == {0}
    assert GAME.pending(state)[0].kind == "collect"


# -- Bad input -----------------------------------------------------------------------------


@pytest.mark.rule("CF-CATCH-2", "CF-CATCH-3")
def test_illegal_catch_moves_are_refused_and_change_nothing():
    state = two_player(["R:reel", "R2", "B3", "B4", "R1", "B1"], ["R1", "B1", *FILL])
    state = to_catch(state, [(("1+", "2"), ("3", "4")), (("1",), ("1",))])
    cod = label_of(state, "Cod")
    rejected(state, 1, Attempt(labels=(cod,)), "nothing to decide")
    rejected(state, 3, Attempt(labels=(cod,)), "seat")
    rejected(state, 0, Attempt(labels=(cod,)), "two different fish")
    rejected(state, 0, Attempt(labels=(cod, cod)), "different")
    rejected(state, 0, Attempt(labels=(cod, label_of(state, "Anchovy"))), "covered")
    rejected(state, 0, Split(first=("B01",)), "does not fit")
    rejected(state, 0, Cast(rods=("R01",), baits=("B01",)), "does not fit")
