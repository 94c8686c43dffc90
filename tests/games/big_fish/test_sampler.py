"""The search bots' worlds: `GAME.capabilities.sample_world(view, rng)` deals what a seat cannot see.

Every sampled world gives the seat exactly its view back, plays on to the end
with every card in one place, and keeps what the seat knows: its own cards,
every public card, the Face-Up cards others took, which deck each hidden card
can be in, the events already revealed and where Fishing Season Closed can be.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from fishtable.games.big_fish import GAME
from fishtable.games.big_fish.actions import DONE, DRAW_DECK, one_card
from fishtable.games.big_fish.sampler import SampleError
from fishtable.games.big_fish.state import BFState
from tests.games.big_fish.builder import act, build, cid, index, kind, seats
from tests.games.big_fish.test_properties import (
    PLAYERS,
    SEED,
    SIMULTANEOUS,
    check_zones,
    options_for,
)


def same_view(world: BFState, seat: int, view) -> None:
    again = GAME.view(world, seat)
    if again != view:
        a, b = view.model_dump(), again.model_dump()
        raise AssertionError(f"seat {seat}: the world's view differs in {[k for k in a if a[k] != b[k]]}")


def play_on(world: BFState, rnd: random.Random, steps: int) -> None:
    """A world is a full state: every seat asked has a legal move, and cards stay in one place each."""
    for _ in range(steps):
        prompts = GAME.pending(world)
        if not prompts:
            assert GAME.result(world) is not None
            return
        for s in prompts:
            assert GAME.legal_actions(world, s), f"seat {s} must {prompts[s].kind} but has no legal move"
        seat = rnd.choice(sorted(prompts))
        world, _ = GAME.apply(world, seat, rnd.choice(GAME.legal_actions(world, seat)))
        check_zones(world)


def sample_positions(n: int, hard: bool, seed: int, choice_seed: int, each) -> Counter[str]:
    """Play a random game; at each position call `each(state, seat)` for one seat (every seat asked, in a
    simultaneous phase)."""
    state = GAME.new_game(options_for(n, hard, None), seats(n), seed)
    chooser = random.Random(choice_seed)
    phases: Counter[str] = Counter()
    while True:
        prompts = GAME.pending(state)
        for k in (set(prompts) if state.phase in SIMULTANEOUS else {chooser.randrange(n)}):
            each(state, k)
        phases[state.phase] += 1
        if state.phase == "turn":
            phases[f"turn:{state.step}"] += 1
        if state.pools:
            phases["after a reshuffle"] += 1
        if any(state.aside[s] or state.targets[s] for s in range(n)) and state.phase in SIMULTANEOUS:
            phases["secret choices made"] += 1
        if not prompts:
            return phases
        seat = chooser.choice(sorted(prompts))
        state, _ = GAME.apply(state, seat, chooser.choice(GAME.legal_actions(state, seat)))


@settings(max_examples=20, deadline=None)
@given(n=PLAYERS, hard=st.booleans(), seed=SEED, choice_seed=SEED)
@example(n=4, hard=False, seed=7, choice_seed=7)
@example(n=5, hard=True, seed=11, choice_seed=3)
@example(n=2, hard=True, seed=5, choice_seed=9)
def test_every_sampled_world_gives_the_seat_its_own_view(n: int, hard: bool, seed: int, choice_seed: int) -> None:
    rnd = random.Random(seed ^ choice_seed)
    played = Counter[str]()

    def each(state: BFState, k: int) -> None:
        view = GAME.view(state, k)
        world = GAME.capabilities.sample_world(view, rnd)
        same_view(world, k, view)
        check_zones(world)
        # Only hidden cards moved: what k holds, and every public place, are as they were.
        assert world.hands[k] == state.hands[k] and world.aside[k] == state.aside[k]
        assert (world.row, world.discard, world.spots, world.ice) == (state.row, state.discard, state.spots, state.ice)
        if rnd.random() < 0.05:
            play_on(world, rnd, 400)
            played["worlds"] += 1

    sample_positions(n, hard, seed, choice_seed, each)


def test_the_samples_cover_turns_simultaneous_choices_and_reshuffles() -> None:
    """The positions the property test samples include every phase, every step and reshuffled decks."""
    rnd = random.Random(1)
    seen: Counter[str] = Counter()
    for game in range(8):
        n = 2 + game % 4

        def each(state: BFState, k: int) -> None:
            view = GAME.view(state, k)
            same_view(GAME.capabilities.sample_world(view, rnd), k, view)

        seen += sample_positions(n, game % 2 == 1, 100 + game, game, each)
    wanted = {"place", "turn", "shrink", "event", "discard", "over", "turn:draw", "turn:spawn", "turn:grow",
              "turn:catch", "turn:wild", "after a reshuffle", "secret choices made"}
    assert wanted <= set(seen), wanted - set(seen)


def test_the_sampler_needs_a_seat() -> None:
    state = GAME.new_game(options_for(3, False, None), seats(3), 1)
    with pytest.raises(SampleError):
        GAME.capabilities.sample_world(GAME.view(state, None), random.Random(0))


def test_hidden_cards_are_dealt_anew_and_the_seat_keeps_its_own() -> None:
    state = GAME.new_game(options_for(4, False, None), seats(4), 3)
    view = GAME.view(state, 0)
    rnd = random.Random(0)
    worlds = [GAME.capabilities.sample_world(view, rnd) for _ in range(20)]
    assert all(w.hands[0] == state.hands[0] for w in worlds)
    assert len({tuple(w.hands[1]) for w in worlds}) > 15
    assert len({tuple(w.deck) for w in worlds}) == 20
    assert len({w.rng for w in worlds}) == 20  # the seat cannot know the next shuffle


def test_a_face_up_card_another_seat_took_stays_in_its_hand() -> None:
    state = build([["Cod"], ["Hake"]], spots=[[], [("Tuna", "big")]], row=["Prize", "R2"],
                  deck=[f"D{i}" for i in range(6)], seat=1)
    prize = cid(state, "Prize", zone="row")
    state, _ = act(state, one_card("take_face_up", prize))
    view = GAME.view(state, 0)
    assert [c.id for c in view.seats[1].known] == [prize]
    assert view.seats[1].hand_sources == (1,)  # the Hake, from the opening deck
    rnd = random.Random(2)
    for _ in range(30):
        world = GAME.capabilities.sample_world(view, rnd)
        assert index(world, prize) in world.hands[1]
        same_view(world, 0, view)


def test_after_a_reshuffle_the_deck_holds_only_the_cards_of_the_discard_pile() -> None:
    # Ben's hand was dealt before the reshuffle: its cards can never be in the new deck.
    state = build([["Cod"], ["Old1", "Old2", "Old3"]], spots=[[("Tuna", "big"), ("Shark", "big")], []],
                  row=["R1"], deck=[], discard=["Gone1", "Gone2", "Gone3", "Gone4"], seat=0)
    assert kind(state) == "draw"
    state, _ = act(state, DRAW_DECK)  # the discard pile becomes the deck; Ana draws one of it
    assert state.pools and len(state.deck) == 3
    view = GAME.view(state, 1)
    assert len(view.reshuffles) == 1
    assert sorted(state.cards[index(state, c)].name for c in view.reshuffles[0]) == ["Gone1", "Gone2", "Gone3",
                                                                                     "Gone4"]
    assert view.seats[0].hand_sources == (1, 1)  # the Cod from the opening deal, one card of the new deck
    pool = {state.cids[c] for c in state.pools[0]}
    old = {state.cids[c] for c in state.hands[1]}
    rnd = random.Random(3)
    for _ in range(30):
        world = GAME.capabilities.sample_world(view, rnd)
        assert {world.cids[c] for c in world.deck} <= pool
        assert world.hands[1] == state.hands[1] and {world.cids[c] for c in world.hands[1]} == old
        assert len([c for c in world.hands[0] if world.cids[c] in pool]) == 1
        same_view(world, 1, view)


def test_fishing_season_closed_is_never_where_the_setup_cannot_have_put_it() -> None:
    state = GAME.new_game(options_for(3, False, None), seats(3), 9)
    view = GAME.view(state, 0)
    end = next(e.idx for e in state.events if e.effect == "end_game")
    rnd = random.Random(4)
    places = Counter()
    for _ in range(900):
        world = GAME.capabilities.sample_world(view, rnd)
        places[world.event_deck[::-1].index(end) + 1] += 1  # from the top, 1-based
    assert set(places) == set(range(5, 14))  # never among the top four (BF-SETUP-10)
    assert min(places.values()) > 60  # each of the nine places about equally likely (100 each)

    # Six events revealed, none of them the closing card: it can be next, or any later place.
    state = next(s for s in (GAME.new_game(options_for(3, False, None), seats(3), seed) for seed in range(50))
                 if end not in s.event_deck[-6:])
    state.event_seen = state.event_deck[-6:][::-1]
    state.event_deck = state.event_deck[:-6]
    view = GAME.view(state, 0)
    places = Counter()
    for _ in range(700):
        world = GAME.capabilities.sample_world(view, rnd)
        assert not set(world.event_deck) & set(world.event_seen)
        places[world.event_deck[::-1].index(end) + 1] += 1
    assert set(places) == set(range(1, 8))


def test_the_player_at_the_spawn_step_holds_a_fish() -> None:
    # Ben's only card may be a fish or a wild card: at his spawn step it must be the fish.
    state = build([["Cod"], ["Hake"]], spots=[[], [("Tuna", "big")]], row=[],
                  deck=["W:extra_grow", "W:extra_draw", "W:extra_catch"], seat=1)
    while kind(state) not in ("spawn", None):
        state, _ = act(state, DONE if kind(state) != "draw" else DRAW_DECK)
    assert kind(state) == "spawn"
    view = GAME.view(state, 0)
    rnd = random.Random(5)
    for _ in range(30):
        world = GAME.capabilities.sample_world(view, rnd)
        assert any(world.cards[c].type == "fish" for c in world.hands[1])
        same_view(world, 0, view)


def test_the_player_at_the_wild_step_holds_a_wild_card_they_can_play() -> None:
    # A steal card with nothing to take is no use: Ben's wild step means he holds the other card.
    state = build([["Cod", "Hake"], ["W:extra_grow"]], spots=[[], [("Tuna", "larval")]], row=[],
                  deck=["W:steal", "Fish1", "Fish2", "Fish3", "Fish4"], seat=1)
    while kind(state) not in ("wild", None):
        state, _ = act(state, DONE)
    assert kind(state) == "wild"
    view = GAME.view(state, 0)
    rnd = random.Random(6)
    for _ in range(30):
        world = GAME.capabilities.sample_world(view, rnd)
        assert [world.cards[c].effect for c in world.hands[1]] == ["extra_grow"]
        same_view(world, 0, view)


def test_secret_choices_of_others_are_dealt_too() -> None:
    """During the opening placement, seats that have placed hold their fish aside; the others none yet."""
    state = GAME.new_game(options_for(3, False, None), seats(3), 21)
    rnd = random.Random(7)
    legal = GAME.legal_actions(state, 1)
    state, _ = GAME.apply(state, 1, legal[0])
    while 1 in GAME.pending(state):
        state, _ = GAME.apply(state, 1, GAME.legal_actions(state, 1)[0])
    view = GAME.view(state, 0)
    for _ in range(20):
        world = GAME.capabilities.sample_world(view, rnd)
        same_view(world, 0, view)
        placed = world.aside[1]
        fish_left = sum(1 for c in world.hands[1] if world.cards[c].type == "fish")
        assert len(placed) == 3 or (1 <= len(placed) < 3 and fish_left == 0)
        assert sorted(world.sizes[c] for c in placed) == [3, 2, 1][:len(placed)][::-1]
        assert world.aside[2] == () and world.need[2] >= 1
        play_on(world, rnd, 50)


# -- evaluate ---------------------------------------------------------------------------------------


def test_evaluate_compares_the_score_now_with_the_best_other() -> None:
    state = build([["Cod"], ["Hake"], ["Ling"]], spots=[[("Tuna", "big")], [("Lar", "larval")], []],
                  ice=[[("Caught:0/1/3/5", "medium")], [], []])
    # Ana: 3 (Ice Box) + 2 (a Big Fish in the spot) = 5; Ben: 1; Cleo: 0.
    assert [GAME.capabilities.evaluate(state, s) for s in range(3)] == pytest.approx([5 / 6, 1 / 6, 0.0])
    state.phase = "over"
    assert [GAME.capabilities.evaluate(state, s) for s in range(3)] == [1.0, 0.0, 0.0]
    state.ice[1] = state.ice[0]
    state.spots[1] = state.spots[0]
    assert [GAME.capabilities.evaluate(state, s) for s in range(3)] == [0.5, 0.5, 0.0]  # a shared victory (BF-Q-19)


def test_evaluate_stays_between_0_and_1() -> None:
    rnd = random.Random(9)
    for game in range(4):
        n = 2 + game
        state = GAME.new_game(options_for(n, game % 2 == 1, None), seats(n), game)
        while True:
            assert all(0 <= GAME.capabilities.evaluate(state, s) <= 1 for s in range(n))
            prompts = GAME.pending(state)
            if not prompts:
                break
            seat = rnd.choice(sorted(prompts))
            state, _ = GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat)))


def test_when_redrawing_fails_the_needed_card_is_swapped_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """With one fish among many hidden cards, Ben's spawn step still gets him the fish, redrawn or not."""
    from fishtable.games.big_fish import sampler

    state = build([["Cod"], ["Hake"]], spots=[[], [("Tuna", "big")]], row=[],
                  deck=["W:extra_grow"] * 40, seat=1)
    while kind(state) not in ("spawn", None):
        state, _ = act(state, DONE if kind(state) != "draw" else DRAW_DECK)
    assert kind(state) == "spawn"
    view = GAME.view(state, 0)
    monkeypatch.setattr(sampler, "MAX_TRIES", 0)  # no redraw: straight to the swap
    rnd = random.Random(10)
    for _ in range(30):
        world = GAME.capabilities.sample_world(view, rnd)
        assert [world.cards[c].type for c in world.hands[1]].count("fish") == 1
        assert sorted(world.hands[1] + world.deck) == sorted(state.hands[1] + state.deck)
        same_view(world, 0, view)
