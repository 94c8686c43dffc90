"""A turn's five steps: Draw, Spawn, Grow, Catch (BF-TURN-*, BF-DRAW-*, BF-SPAWN-*, BF-GROW-*,
BF-CATCH-*, BF-SIZE-*), with the rulings on counts, caps and optional steps."""

from __future__ import annotations

import pytest

from fishtable.games.big_fish import GAME
from fishtable.games.big_fish.actions import DONE, Catch, DrawDeck, Grow, Spawn, TakeFaceUp
from fishtable.games.big_fish.cards import BIG, JUVENILE, LARVAL, MEDIUM
from fishtable.games.big_fish.state import BFState
from tests.games.big_fish.builder import act, build, cid, kind, rejected, size, texts

BIGS = [("Big1", "big"), ("Big2", "big"), ("Big3", "big"), ("Big4", "big"), ("Big5", "big"), ("Big6", "big")]


def finish_step(state: BFState) -> BFState:
    """Answer the current step with DONE, or by drawing from the deck in the Draw step."""
    step = kind(state)
    state, _ = act(state, DrawDeck() if step == "draw" else DONE)
    return state


def draws_in_turn(bigs: int, wilds: tuple[str, ...] = (), hand: tuple[str, ...] = ()) -> int:
    """How many cards the Draw step gives, drawing from the deck each time."""
    state = build([list(hand), []], spots=[BIGS[:bigs], []], wilds=[list(wilds), []],
                  deck=[f"D{i}" for i in range(12)], row=[])
    # With the Face-Up row empty, every draw is from the deck and happens by itself (BF-Q-9).
    return len(state.hands[0]) - len(hand)


# -- turn structure ------------------------------------------------------------------------------


@pytest.mark.rule("BF-TURN-2", "BF-Q-6")
def test_the_five_steps_come_in_order() -> None:
    state = build([["Cod", "Hake", "W:extra_grow"], []], spots=[[("Big1", "big"), ("Small", "larval")], []])
    seen = []
    while state.seat == 0 and state.round == 1:
        seen.append(kind(state))
        assert GAME.view(state, 0).step.number == len(seen)
        state = finish_step(state)
    assert seen == ["draw", "spawn", "grow", "catch", "wild"]


@pytest.mark.rule("BF-TURN-1", "BF-Q-7")
def test_every_player_takes_one_turn_clockwise_from_the_first_player() -> None:
    hands = [["Cod"], ["Cod"], ["Cod"]]
    spots = [[("A", "big")], [("B", "big")], [("C", "big")]]
    state = build(hands, spots=spots, seat=1, first=1,
                  events=["E:end_game", "E:nothing", "E:nothing", "E:nothing", "E:nothing"])
    order = []
    while state.round == 1:
        if state.seat not in order:
            order.append(state.seat)
        state = finish_step(state)
    assert order == [1, 2, 0]
    assert state.first == 2 and state.seat == 2  # round 2 starts with the next player


@pytest.mark.rule("BF-TURN-3")
def test_fish_in_the_ice_box_never_count_as_big_fish() -> None:
    state = build([["Cod"], []], spots=[[("Small", "medium")], []], ice=[[("Caught", "big"), ("Other", "big")], []])
    # Draw, Spawn and Grow find no Big Fish; the turn is already at the Catch step.
    assert kind(state) == "catch"
    assert len(state.hands[0]) == 1
    state, _events = act(state, DONE)
    assert GAME.view(state, None).seats[0].big_fish == 0


@pytest.mark.rule("BF-TURN-4", "BF-DRAW-4", "BF-Q-8")
def test_only_wild_cards_in_the_fishing_spot_add_draws() -> None:
    assert draws_in_turn(1, hand=("W:extra_draw",)) == 1  # in hand: no effect
    assert draws_in_turn(1, wilds=("W:extra_draw",)) == 2  # in the spot: one extra
    assert draws_in_turn(0, wilds=("W:extra_draw",)) == 1
    assert draws_in_turn(6, wilds=("W:extra_draw", "W:extra_draw:2")) == 8  # the cap is on Big Fish only


@pytest.mark.rule("BF-DRAW-1", "BF-DRAW-5")
def test_draw_count_derived_check() -> None:
    assert draws_in_turn(0) == 0
    assert draws_in_turn(3) == 3
    assert draws_in_turn(6) == 5
    assert draws_in_turn(5) == 5
    assert draws_in_turn(1) == 1


@pytest.mark.rule("BF-DRAW-5")
def test_zero_big_fish_skips_the_draw_with_a_log_line() -> None:
    state = build([["Cod"], []], spots=[[("Small", "medium")], []], start=False)
    from fishtable.games.big_fish import sequence, turn

    events: list = []
    turn.start_turn(state, events)
    sequence.settle(state, events)
    assert "Ana has no Big Fish: no cards to draw." in texts(events)
    view = GAME.view(state, None)
    assert view.step.step == "catch"


@pytest.mark.rule("BF-DRAW-2", "BF-DRAW-6", "BF-Q-9")
def test_each_draw_chooses_its_source_and_the_row_is_not_refilled() -> None:
    state = build([[], []], spots=[BIGS[:3], []], row=["R1", "R2", "R3", "R4"])
    view = GAME.view(state, 0)
    assert (view.step.step, view.step.allowed, view.step.taken) == ("draw", 3, 0)
    assert view.step.text == "3 Big Fish: draw 3 — 0 taken so far"
    legal = GAME.legal_actions(state, 0)
    assert {a.kind for a in legal} == {"take_face_up", "draw_deck"}
    assert len(legal) == 5
    rejected(state, 0, DONE, "Draw every card")
    state, _ = act(state, TakeFaceUp(card=cid(state, "R2", zone="row")))
    state, _ = act(state, DrawDeck())
    view = GAME.view(state, 0)
    assert (view.step.allowed, view.step.taken) == (3, 2)
    assert view.step.text == "3 Big Fish: draw 3 — 2 taken so far"
    state, _ = act(state, TakeFaceUp(card=cid(state, "R4", zone="row")))
    assert kind(state) == "spawn"
    assert [state.cards[c].name for c in state.row] == ["R1", "R3"]  # not replaced during the round
    assert len(state.hands[0]) == 3


@pytest.mark.rule("BF-DRAW-3", "BF-SETUP-8")
def test_a_deck_draw_is_private_and_a_face_up_take_is_public() -> None:
    state = build([[], []], spots=[BIGS[:2], []], row=["Tuna", "R2"], deck=["Deep", "Secret"])
    state, events = act(state, DrawDeck())
    assert texts(events, 0) == ["You draw Secret.", "Ana draws a card from the deck."]
    for k in (None, 1):
        assert "Secret" not in " ".join(texts(events, k))
    state, events = act(state, TakeFaceUp(card=cid(state, "Tuna", zone="row")))
    public = [e for e in events if e.visible_to is None and "Tuna" in e.text]
    assert public and public[0].news
    assert "Secret" not in GAME.view(state, 1).model_dump_json()


@pytest.mark.rule("BF-Q-9")
def test_with_the_deck_and_discard_empty_the_row_is_the_only_source() -> None:
    state = build([[], []], spots=[BIGS[:2], []], row=["R1", "R2", "R3"], deck=[], discard=[])
    legal = GAME.legal_actions(state, 0)
    assert {a.kind for a in legal} == {"take_face_up"}
    rejected(state, 0, DrawDeck(), "empty")


@pytest.mark.rule("BF-Q-10")
def test_an_empty_deck_is_refilled_from_the_discard_pile() -> None:
    state = build([[], []], spots=[BIGS[:2], []], row=[], deck=["Last"], discard=["Old1", "Old2", "Old3"])
    # Row empty: both draws come from the deck; the second needs the discard pile shuffled in.
    names = sorted(state.cards[c].name for c in state.hands[0])
    # The first draw takes the last deck card; the second one of the three reshuffled in.
    assert len(names) == 2 and names[0] == "Last" and names[1] in ("Old1", "Old2", "Old3"), names
    assert sorted(state.cards[c].name for c in state.deck) == sorted({"Old1", "Old2", "Old3"} - {names[1]})
    assert state.discard == []


@pytest.mark.rule("BF-Q-10")
def test_drawing_stops_short_when_deck_and_discard_are_empty() -> None:
    state = build([[], []], spots=[BIGS[:3], []], row=[], deck=["Only"], discard=[], start=False)
    from fishtable.games.big_fish import sequence, turn

    events: list = []
    turn.start_turn(state, events)
    sequence.settle(state, events)
    assert [state.cards[c].name for c in state.hands[0]] == ["Only"]
    assert any("empty" in line and "instead of 1" in line for line in texts(events))
    assert kind(state) == "spawn"


# -- spawn -----------------------------------------------------------------------------------------------


@pytest.mark.rule("BF-SPAWN-1", "BF-SPAWN-2", "BF-SPAWN-3", "BF-SIZE-2")
def test_spawn_as_many_fish_as_big_fish_as_larval() -> None:
    state = build([["Cod", "Hake", "Ling"], []], spots=[BIGS[:2], []], row=[], deck=["X1", "X2"])
    assert kind(state) == "spawn" and state.allowed == 2
    cod = cid(state, "Cod")
    state, events = act(state, Spawn(card=cod))
    assert size(state, cod) == LARVAL and cod in [state.cids[c] for c in state.spots[0]]
    assert any(e.news and e.visible_to is None and "spawns Cod (Larval)" in e.text for e in events)
    public = GAME.view(state, 1).seats[0]
    assert any(f.card.id == cod and f.size_word == "Larval" for f in public.spot)
    state, _ = act(state, Spawn(card=cid(state, "Hake")))
    assert kind(state) == "grow"  # two spawns used: the step ends by itself
    assert [state.cards[c].name for c in state.hands[0]].count("Ling") == 1


@pytest.mark.rule("BF-SPAWN-4")
def test_a_purple_wild_card_spawns_extra() -> None:
    state = build([["Cod", "Hake", "Ling"], []], spots=[BIGS[:1], []], wilds=[["W:extra_spawn"], []], row=[],
                  deck=["X1", "X2"])
    assert kind(state) == "spawn" and state.allowed == 2
    assert GAME.view(state, 0).step.text == "1 Big Fish + 1 from wild cards: spawn up to 2 — 0 spawned so far"


@pytest.mark.rule("BF-SPAWN-5")
def test_spawning_is_limited_by_the_fish_in_hand() -> None:
    state = build([["Cod", "W:extra_catch"], []], spots=[BIGS[:2], []], row=[], deck=["W:swap", "W:steal"])
    assert kind(state) == "spawn" and state.allowed == 2
    assert [a.kind for a in GAME.legal_actions(state, 0)] == ["spawn", "done"]
    state, _events = act(state, Spawn(card=cid(state, "Cod")))
    assert kind(state) == "grow"
    assert sum(1 for c in state.spots[0] if state.sizes[c] == LARVAL) == 1


@pytest.mark.rule("BF-Q-11")
def test_spawning_is_optional_fish_only_and_not_capped_at_five() -> None:
    hand = ["Cod", "Hake", "Ling", "Bass", "Pike", "Carp", "Tench", "W:extra_grow"]
    state = build([hand, []], spots=[BIGS[:6], []], row=[], deck=[f"D{i}" for i in range(10)])
    assert kind(state) == "spawn" and state.allowed == 6
    rejected(state, 0, Spawn(card=cid(state, "Plankton")), "only fish cards")
    state, events = act(state, DONE)
    assert kind(state) == "catch"  # every fish is Big: nothing to grow
    assert texts(events)[:2] == ["Ana spawns no fish.", "Ana grows no fish."]


# -- grow ----------------------------------------------------------------------------------------------


def grow_state(spot: list, bigs: int, wilds: tuple[str, ...] = ()) -> BFState:
    state = build([[], []], spots=[BIGS[:bigs] + spot, []], wilds=[list(wilds), []], row=[],
                  deck=[f"D{i}" for i in range(9)])
    state, _ = act(state, DONE)  # no spawn
    assert kind(state) == "grow"
    return state


@pytest.mark.rule("BF-GROW-1", "BF-GROW-2", "BF-GROW-7")
def test_two_big_fish_grow_two_different_fish_by_one_size() -> None:
    state = grow_state([("Lar", "larval"), ("Juv", "juvenile"), ("Med", "medium")], bigs=2)
    assert state.allowed == 2
    lar, juv, med = (cid(state, n, zone="spot") for n in ("Lar", "Juv", "Med"))
    state, events = act(state, Grow(fish=lar))
    assert size(state, lar) == JUVENILE
    assert any(e.news and "Lar grows to Juvenile" in e.text for e in events)
    state, _ = act(state, Grow(fish=med))
    assert size(state, med) == BIG and size(state, juv) == JUVENILE
    assert kind(state) == "catch"


@pytest.mark.rule("BF-GROW-3", "BF-GROW-8", "BF-SIZE-3")
def test_three_growth_steps_cannot_make_a_larval_fish_big() -> None:
    state = grow_state([("Lar", "larval"), ("Juv", "juvenile")], bigs=3)
    assert state.allowed == 3
    lar, juv = cid(state, "Lar", zone="spot"), cid(state, "Juv", zone="spot")
    state, _ = act(state, Grow(fish=lar))
    rejected(state, 0, Grow(fish=lar), "already grown this turn")
    assert Grow(fish=lar) not in GAME.legal_actions(state, 0)
    state, _ = act(state, Grow(fish=juv))
    assert (size(state, lar), size(state, juv)) == (JUVENILE, MEDIUM)
    # With only Big Fish or fish grown this turn left, the third step has nothing to do.
    assert kind(state) == "catch"
    assert not any(size(state, f) == BIG for f in (lar, juv))


@pytest.mark.rule("BF-GROW-4")
def test_a_big_fish_cannot_grow() -> None:
    state = grow_state([("Lar", "larval")], bigs=2)
    big = cid(state, "Big1", zone="spot")
    assert Grow(fish=big) not in GAME.legal_actions(state, 0)
    rejected(state, 0, Grow(fish=big), "already a Big Fish")


@pytest.mark.rule("BF-GROW-5")
def test_growth_steps_are_optional_and_unused_ones_are_lost() -> None:
    state = grow_state([("Lar", "larval"), ("Juv", "juvenile")], bigs=2)
    state, _ = act(state, Grow(fish=cid(state, "Lar", zone="spot")))
    state, _events = act(state, DONE)
    assert kind(state) == "catch"
    assert size(state, cid(state, "Juv", zone="spot")) == JUVENILE


@pytest.mark.rule("BF-GROW-6")
def test_a_green_wild_card_gives_extra_growth_steps() -> None:
    state = grow_state([("Lar", "larval"), ("Juv", "juvenile")], bigs=1, wilds=("W:extra_grow",))
    assert state.allowed == 2
    state, _ = act(state, Grow(fish=cid(state, "Lar", zone="spot")))
    assert kind(state) == "grow"


@pytest.mark.rule("BF-Q-12")
def test_the_big_fish_count_is_taken_when_the_step_begins() -> None:
    state = grow_state([("Med", "medium"), ("Lar", "larval")], bigs=1)
    assert state.allowed == 1
    state, _ = act(state, Grow(fish=cid(state, "Med", zone="spot")))
    # The new Big Fish adds no growth step now.
    assert kind(state) == "catch"
    assert GAME.view(state, None).seats[0].big_fish == 2


@pytest.mark.rule("BF-Q-12")
def test_a_fish_spawned_this_turn_may_grow_this_turn() -> None:
    state = build([["Cod"], []], spots=[BIGS[:1], []], row=[], deck=["D1", "D2"])
    cod = cid(state, "Cod")
    state, _ = act(state, Spawn(card=cod))
    assert kind(state) == "grow"
    state, _ = act(state, Grow(fish=cod))
    assert size(state, cod) == JUVENILE


# -- catch -----------------------------------------------------------------------------------------------------


def catch_state(spot: list, wilds: tuple[str, ...] = (), hard: bool = False, ice: list | None = None) -> BFState:
    # A wild card in hand keeps the turn at its Wild step after the catches.
    state = build([["W:extra_grow"], []], spots=[spot, []], wilds=[list(wilds), []], row=[],
                  deck=[f"D{i}" for i in range(9)], hard=hard, ice=[ice or [], []])
    while kind(state) in ("spawn", "grow"):
        state, _ = act(state, DONE)
    assert kind(state) == "catch"
    return state


@pytest.mark.rule("BF-CATCH-1", "BF-CATCH-2", "BF-SIZE-4")
def test_catch_one_fish_at_its_size() -> None:
    state = catch_state([("Tuna:0/2/4/8", "medium"), ("Cod", "big")])
    tuna = cid(state, "Tuna", zone="spot")
    assert state.allowed == 1
    state, events = act(state, Catch(fish=tuna))
    assert tuna in [state.cids[c] for c in state.ice[0]] and size(state, tuna) == MEDIUM
    assert any(e.news and "catches Tuna as a Medium Fish: 4 points" in e.text for e in events)
    assert kind(state) == "wild"  # only one catch
    view = GAME.view(state, 1).seats[0]
    assert [(f.card.id, f.size_word, f.points) for f in view.ice] == [(tuna, "Medium", 4)]
    assert view.ice_points == 4
    # The same card caught Big scores its Big value.
    big = catch_state([("Tuna:0/2/4/8", "big")])
    big, _ = act(big, Catch(fish=cid(big, "Tuna", zone="spot")))
    assert GAME.view(big, None).seats[0].ice_points == 8


@pytest.mark.rule("BF-CATCH-1")
def test_catching_is_optional() -> None:
    state = catch_state([("Cod", "big")])
    state, events = act(state, DONE)
    assert state.ice[0] == () and "Ana catches no fish." in texts(events)


@pytest.mark.rule("BF-CATCH-4")
def test_only_fish_from_the_own_spot_can_be_caught() -> None:
    state = build([[], []], spots=[[("Mine", "larval")], [("Theirs", "big")]], row=[], deck=["D1"])
    assert kind(state) == "catch"
    theirs = cid(state, "Theirs", seat=1, zone="spot")
    assert all(a.fish != theirs for a in GAME.legal_actions(state, 0) if a.kind == "catch")
    rejected(state, 0, Catch(fish=theirs), "no card F02 in your Fishing Spot")


@pytest.mark.rule("BF-CATCH-5")
def test_a_caught_big_fish_lowers_the_counts_from_the_next_turn() -> None:
    events = ["E:end_game"] + ["E:nothing"] * 5
    state = build([[], []], spots=[BIGS[:2], []], row=[], deck=[f"D{i}" for i in range(20)], events=events)
    assert state.allowed == 0 or kind(state) == "spawn"
    while kind(state) != "catch":
        state = finish_step(state)
    state, _ = act(state, Catch(fish=cid(state, "Big1", zone="spot")))
    while state.seat != 0 or state.round == 1:
        state = finish_step(state)
    # Next turn: one Big Fish left, so one card to draw and one spawn allowed.
    assert kind(state) == "draw" and state.allowed == 1 and state.big_count == 1
    state, _ = act(state, DrawDeck())
    assert kind(state) == "spawn" and state.allowed == 1


@pytest.mark.rule("BF-CATCH-6")
def test_a_yellow_wild_card_catches_extra() -> None:
    state = catch_state([("Cod", "big"), ("Hake", "medium"), ("Ling", "larval")], wilds=("W:extra_catch",))
    assert state.allowed == 2
    state, _ = act(state, Catch(fish=cid(state, "Cod", zone="spot")))
    assert kind(state) == "catch"
    state, _ = act(state, Catch(fish=cid(state, "Hake", zone="spot")))
    assert kind(state) != "catch"
    assert len(state.ice[0]) == 2


@pytest.mark.rule("BF-Q-13")
def test_a_larval_fish_may_be_caught_for_its_printed_value() -> None:
    state = catch_state([("Odd:1/2/3/5", "larval")])
    state, _ = act(state, Catch(fish=cid(state, "Odd", zone="spot")))
    assert GAME.view(state, None).seats[0].ice_points == 1


@pytest.mark.rule("BF-Q-25")
def test_without_big_fish_a_player_can_still_catch_and_play_wild_cards() -> None:
    state = build([["W:extra_grow"], []], spots=[[("Med", "medium")], []], row=["R1"], deck=["D1"])
    assert kind(state) == "catch"
    state, _ = act(state, Catch(fish=cid(state, "Med", zone="spot")))
    assert kind(state) == "wild"
    assert any(a.kind == "play_wild" for a in GAME.legal_actions(state, 0))


@pytest.mark.rule("BF-SIZE-3", "BF-CATCH-3")
def test_no_turn_step_makes_a_fish_smaller() -> None:
    state = build([["Cod", "Hake"], ["Pike"]], spots=[[*BIGS[:2], ("Lar", "larval")], [("Other", "medium")]],
                  ice=[[("Iced", "juvenile")], []], row=["R1", "R2"], deck=[f"D{i}" for i in range(10)])
    while state.seat == 0 and state.phase == "turn":
        before = list(state.sizes)
        action = GAME.legal_actions(state, 0)[0]
        state, _ = act(state, action)
        for card, old in enumerate(before):
            if old >= 0 and state.sizes[card] >= 0:
                assert state.sizes[card] >= old, state.cards[card].name
    assert size(state, cid(state, "Iced", seat=0, zone="ice")) == JUVENILE
