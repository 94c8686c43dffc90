"""Wild cards, by effect type (BF-WILD-*, BF-Q-14, BF-Q-15): coloured cards that work from the
owner's next turn, black one-offs, and the black card that stays."""

from __future__ import annotations

import json
import random

import pytest

from fishtable.games.big_fish import GAME
from fishtable.games.big_fish.actions import DONE, DrawDeck, PlayWild, Shrink
from fishtable.games.big_fish.cards import BIG, MEDIUM, build_cards, default_card_path, load_card_file
from fishtable.games.big_fish.state import BFState
from tests.games.big_fish.builder import act, build, cid, kind, rejected, size, texts

NOTHING = ["E:end_game"] + ["E:nothing"] * 6


def to_wild(state: BFState) -> BFState:
    """Pass the steps before the Wild step (drawing from the deck when asked)."""
    while kind(state) not in ("wild", None) and state.phase == "turn":
        state, _ = act(state, DrawDeck() if kind(state) == "draw" else DONE)
    assert kind(state) == "wild"
    return state


def step_allowances(state: BFState) -> dict[str, int]:
    """The allowance of each step of the current turn, passing every step."""
    seen = {}
    seat, rnd = state.seat, state.round
    while state.seat == seat and state.round == rnd and state.phase == "turn":
        seen[state.step] = state.allowed
        state, _ = act(state, DrawDeck() if state.step == "draw" else DONE)
    return seen


@pytest.mark.rule("BF-WILD-2", "BF-TURN-4")
def test_each_colour_works_in_its_own_step() -> None:
    base = {"draw": 1, "spawn": 1, "grow": 1, "catch": 1}
    for effect, step in (("extra_draw", "draw"), ("extra_spawn", "spawn"), ("extra_grow", "grow"),
                         ("extra_catch", "catch")):
        # A fish in hand, a small fish to grow and a wild card in hand keep every step open.
        state = build([["Cod", "Hake", "W:swap"], []], spots=[[("Big", "big"), ("Lar", "larval")], []],
                      wilds=[[f"W:{effect}"], []], row=["R1", "R2", "R3", "R4"], deck=[f"D{i}" for i in range(9)])
        allowed = step_allowances(state)
        want = dict(base, **{step: base[step] + 1})
        assert {k: allowed.get(k, 0) for k in base} == want, effect
        view = GAME.view(state, None).seats[0].wilds[0]
        assert view.step == step and view.active


@pytest.mark.rule("BF-WILD-1", "BF-WILD-3", "BF-WILD-4", "BF-WILD-7")
def test_a_coloured_card_stays_and_works_from_the_owners_next_turn() -> None:
    state = build([["W:extra_grow", "W:extra_catch"], ["Fish"]],
                  spots=[[("Big", "big"), ("Lar", "larval"), ("Juv", "juvenile")],
                         [("Theirs", "big"), ("TL", "larval")]],
                  row=[], deck=[f"D{i}" for i in range(20)], events=NOTHING)
    grow_card = cid(state, "Plankton")
    assert grow_card not in GAME.view(state, 1).model_dump_json()  # hidden in hand
    state = to_wild(state)
    legal = GAME.legal_actions(state, 0)
    assert {a.card for a in legal if a.kind == "play_wild"} == {grow_card, cid(state, "Rod")}
    state, events = act(state, PlayWild(card=grow_card))
    assert any(e.news and "Plankton" in e.text for e in events)
    # One wild card per turn: the turn is over.
    assert state.seat == 1
    public = GAME.view(state, 1).seats[0].wilds
    assert [(w.card.id, w.colour, w.step, w.active) for w in public] == [(grow_card, "green", "grow", False)]
    # Still not working during the other player's turn, nor helping them (BF-Q-14).
    assert step_allowances(state)["grow"] == 1
    while state.seat != 0:
        state, _ = act(state, DrawDeck() if state.step == "draw" else DONE)
    # The owner's next turn: the card works.
    assert GAME.view(state, None).seats[0].wilds[0].active
    allowed = step_allowances(state)
    assert allowed["grow"] == 2
    # ... and keeps working every round: it never leaves the Fishing Spot.
    for _ in range(3):
        while state.seat != 0:
            state, _ = act(state, DrawDeck() if state.step == "draw" else DONE)
        assert cid(state, "Plankton", seat=0, zone="wilds") == grow_card
        state, _ = act(state, DrawDeck() if state.step == "draw" else DONE)


@pytest.mark.rule("BF-WILD-1")
def test_playing_a_wild_card_is_optional() -> None:
    state = to_wild(build([["W:extra_grow"], []], spots=[[("Big", "big")], []], row=[], deck=["D1", "D2"]))
    state, events = act(state, DONE)
    assert "Ana plays no wild card." in texts(events)
    assert [state.cards[c].name for c in state.hands[0]].count("Plankton") == 1  # still in hand


@pytest.mark.rule("BF-WILD-5", "BF-Q-14", "BF-WILD-7")
def test_a_black_card_works_at_once_and_is_discarded() -> None:
    state = build([["W:steal"], []], spots=[[("Lar", "larval")], [("Tuna:0/2/4/8", "big"), ("Tiny", "larval")]],
                  row=[], deck=["D1"])
    state = to_wild(state)
    tuna = cid(state, "Tuna", seat=1, zone="spot")
    tiny = cid(state, "Tiny", seat=1, zone="spot")
    steal = cid(state, "Poaching")
    legal = [a for a in GAME.legal_actions(state, 0) if a.kind == "play_wild"]
    assert legal == [PlayWild(card=steal, seat=1, fish=tuna)]  # a Larval fish cannot be taken
    rejected(state, 0, PlayWild(card=steal, seat=1, fish=tiny), "Medium or Big")
    rejected(state, 0, PlayWild(card=steal), "another player's fish")
    state, events = act(state, legal[0])
    assert [state.cids[c] for c in state.ice[0]] == [tuna] and size(state, tuna) == BIG
    assert state.caught_round[0] == 1
    assert state.cids[state.discard[-1]] == steal
    assert any(e.news and "takes Ben's Tuna" in e.text for e in events)
    view = GAME.view(state, 1)
    assert view.discard[-1].id == steal and view.seats[0].ice_points == 8


@pytest.mark.rule("BF-WILD-6", "BF-Q-15")
def test_the_black_card_that_stays_protects_its_owner() -> None:
    state = build([["W:protect"], ["W:steal", "W:shrink", "W:swap"]],
                  spots=[[("Mine", "big"), ("Med", "medium")], [("Own", "big"), ("Big2", "big"), ("M2", "medium")]],
                  row=[], deck=[f"D{i}" for i in range(30)], events=NOTHING)
    state = to_wild(state)
    groper = cid(state, "Groper")
    state, events = act(state, PlayWild(card=groper))
    assert [state.cids[c] for c in state.wilds[0]] == [groper]  # stays, and works at once
    assert GAME.view(state, None).seats[0].wilds[0].active
    state = to_wild(state)
    assert state.seat == 1
    plays = [a for a in GAME.legal_actions(state, 1) if a.kind == "play_wild"]
    steal = cid(state, "Poaching", seat=1)
    assert not [a for a in plays if a.card == steal]
    rejected(state, 1, PlayWild(card=steal, seat=0, fish=cid(state, "Mine", seat=0, zone="spot")), "protected")
    # This Groper's card data names steal and shrink_others only: a swap still reaches its owner.
    swap = cid(state, "Relocation", seat=1)
    assert [a for a in plays if a.card == swap and a.seat == 0]
    shrink = cid(state, "Heat Wave", seat=1)
    state, events = act(state, PlayWild(card=shrink))
    assert size(state, cid(state, "Mine", seat=0, zone="spot")) == BIG
    assert any("protected" in line for line in texts(events))
    assert cid(state, "Groper", seat=0, zone="wilds") == groper


def _groper_spec_from_a_card_file(tmp_path, against: list[str]) -> str:
    """A card file whose Blue Groper blocks `against`, loaded as a game loads it; its builder spec."""
    data = json.loads(default_card_path().read_text(encoding="utf-8"))
    groper = next(w for w in data["wilds"] if w["name"] == "Blue Groper")
    groper["effect"]["against"] = against
    path = tmp_path / "groper.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    cards, _ = build_cards(load_card_file(path))
    loaded = next(c for c in cards if c.name == "Blue Groper")
    assert loaded.effect == "protect" and set(loaded.against) == set(against)
    return "W:protect:" + "/".join(loaded.against)


@pytest.mark.rule("BF-Q-15")
def test_a_groper_whose_card_data_names_swap_shields_its_owner_from_swaps(tmp_path) -> None:
    spec = _groper_spec_from_a_card_file(tmp_path, ["steal", "shrink_others", "swap"])
    # Seat 0 is shielded, seat 2 is not; seat 1 holds a swap card and a Medium fish like both of theirs.
    state = build([[], ["W:swap"], []],
                  spots=[[("Shielded", "medium")], [("Mine", "medium")], [("Open", "medium")]],
                  wilds=[[spec], [], []], row=[], deck=[f"D{i}" for i in range(30)], events=NOTHING, seat=1)
    state = to_wild(state)
    swap = cid(state, "Relocation", seat=1)
    mine = cid(state, "Mine", seat=1, zone="spot")
    swaps = [a for a in GAME.legal_actions(state, 1) if a.kind == "play_wild" and a.card == swap]
    assert swaps == [PlayWild(card=swap, seat=2, fish=cid(state, "Open", seat=2, zone="spot"), mine=mine)]
    for action in swaps:  # whatever is offered, apply takes
        GAME.apply(state, 1, action)
    rejected(state, 1, PlayWild(card=swap, seat=0, fish=cid(state, "Shielded", seat=0, zone="spot"), mine=mine),
             "protected")


@pytest.mark.rule("BF-Q-15")
def test_without_swap_in_its_card_data_the_groper_lets_swaps_through(tmp_path) -> None:
    spec = _groper_spec_from_a_card_file(tmp_path, ["steal", "shrink_others"])
    state = build([[], ["W:swap"]], spots=[[("Shielded", "medium")], [("Mine", "medium")]],
                  wilds=[[spec], []], row=[], deck=[f"D{i}" for i in range(30)], events=NOTHING, seat=1)
    state = to_wild(state)
    swap = cid(state, "Relocation", seat=1)
    swaps = [a for a in GAME.legal_actions(state, 1) if a.kind == "play_wild" and a.card == swap]
    assert [a.seat for a in swaps] == [0]
    state, _ = GAME.apply(state, 1, swaps[0])
    assert [state.cards[c].name for c in state.spots[0]] == ["Mine"]


@pytest.mark.rule("BF-Q-14", "BF-CATCH-3")
def test_heat_wave_each_other_player_chooses_a_big_fish_in_secret() -> None:
    state = build([["W:shrink"], [], [], []],
                  spots=[[("Mine", "big")], [("One", "big"), ("Lar", "larval")], [("A", "big"), ("B", "big")],
                         [("C", "big"), ("D", "big"), ("E", "medium")]],
                  ice=[[], [("Iced", "big")], [], []], row=[], deck=[f"D{i}" for i in range(30)], events=NOTHING)
    state = to_wild(state)
    state, events = act(state, PlayWild(card=cid(state, "Heat Wave")))
    assert state.phase == "shrink"
    prompts = GAME.pending(state)
    assert sorted(prompts) == [2, 3]  # seat 1 has a single Big Fish: no choice to make
    assert all(p.simultaneous and p.kind == "shrink" for p in prompts.values())
    assert GAME.legal_actions(state, 2) == [Shrink(fish=cid(state, "A", seat=2, zone="spot")),
                                             Shrink(fish=cid(state, "B", seat=2, zone="spot"))]
    rejected(state, 3, Shrink(fish=cid(state, "E", seat=3, zone="spot")), "Big Fish")
    before = GAME.view(state, 3).model_dump_json()
    a_state, ev = GAME.apply(state, 2, Shrink(fish=cid(state, "A", seat=2, zone="spot")))
    b_state, _ = GAME.apply(state, 2, Shrink(fish=cid(state, "B", seat=2, zone="spot")))
    assert ev == []
    # Seat 3 cannot tell which fish seat 2 chose, and nothing has shrunk yet.
    assert GAME.view(a_state, 3).model_dump_json() == GAME.view(b_state, 3).model_dump_json()
    assert size(a_state, cid(a_state, "One", seat=1, zone="spot")) == BIG
    assert before != GAME.view(a_state, 3).model_dump_json()  # only seat 2's status changed
    state, events = GAME.apply(a_state, 3, Shrink(fish=cid(a_state, "D", seat=3, zone="spot")))
    got = {state.cards[c].name: state.sizes[c] for s in range(4) for c in state.spots[s]}
    assert got == {"Mine": BIG, "One": MEDIUM, "Lar": 0, "A": MEDIUM, "B": BIG, "C": BIG, "D": MEDIUM, "E": MEDIUM}
    assert size(state, cid(state, "Iced", seat=1, zone="ice")) == BIG  # the Ice Box never changes
    assert sum(1 for e in events if e.news and "shrinks to Medium" in e.text) == 3
    assert state.phase == "turn" and state.seat == 1  # the wild step is over: next player


@pytest.mark.rule("BF-Q-14")
def test_species_swap_exchanges_two_fish_of_the_same_size() -> None:
    state = build([["W:swap"], []],
                  spots=[[("Mine", "medium"), ("Lar", "larval")], [("Prize:0/2/4/8", "medium"), ("Big", "big")]],
                  row=[], deck=["D1"])
    state = to_wild(state)
    swap = cid(state, "Relocation")
    mine, prize = cid(state, "Mine", zone="spot"), cid(state, "Prize", seat=1, zone="spot")
    plays = [a for a in GAME.legal_actions(state, 0) if a.kind == "play_wild"]
    assert plays == [PlayWild(card=swap, seat=1, fish=prize, mine=mine)]
    rejected(state, 0, PlayWild(card=swap, seat=1, fish=cid(state, "Big", seat=1, zone="spot"), mine=mine),
             "same size")
    state, _ = act(state, plays[0])
    assert [state.cards[c].name for c in state.spots[0]] == ["Prize", "Lar"]
    assert [state.cards[c].name for c in state.spots[1]] == ["Mine", "Big"]
    assert size(state, prize) == MEDIUM and size(state, mine) == MEDIUM


@pytest.mark.rule("BF-WILD-4")
def test_a_coloured_card_played_this_turn_does_not_work_yet() -> None:
    state = build([["W:extra_catch"], []], spots=[[("Big", "big"), ("Med", "medium")], []], row=[], deck=["D1", "D2"],
                  fresh=[["W:extra_catch"], []], start=False)
    view = GAME.view(state, None).seats[0].wilds
    assert [w.active for w in view] == [False]
    assert view[0].label.endswith("from next turn")
    from fishtable.games.big_fish import sequence, turn

    turn.start_turn(state, [])
    sequence.settle(state, [])
    assert GAME.view(state, None).seats[0].wilds[0].active
    while kind(state) != "catch":
        state, _ = act(state, DrawDeck() if kind(state) == "draw" else DONE)
    assert state.allowed == 2


def test_random_wild_plays_never_break_the_table() -> None:
    """Every black card played at random leaves each fish in one place with a size."""
    rnd = random.Random(3)
    for _ in range(20):
        state = build([["W:steal", "W:swap", "W:shrink", "W:protect"], ["W:steal", "W:swap"]],
                      spots=[[("A", "big"), ("B", "medium")], [("C", "big"), ("D", "big"), ("E", "medium")]],
                      row=[], deck=[f"D{i}" for i in range(30)], events=NOTHING)
        for _ in range(40):
            prompts = GAME.pending(state)
            if not prompts:
                break
            seat = rnd.choice(sorted(prompts))
            state, _ = GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat)))
            placed = [c for s in state.spots + state.ice for c in s]
            assert len(placed) == len(set(placed))
            assert all(state.sizes[c] >= 0 for c in placed)
