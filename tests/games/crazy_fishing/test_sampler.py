"""GAME.capabilities.sample_world: whole worlds imagined from one seat's view (issue 12).

Every sampled world is a full, playable state in which each card is in exactly
one place, whose view for the seat equals the seat's real view, at random
positions of random games and at the secret moments the random games rarely
reach. The sampler reads the view alone: two states that look the same to a
seat give the same worlds with the same generator.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import example, given, settings

from fishtable.games.crazy_fishing import GAME
from fishtable.games.crazy_fishing.actions import Attempt, Cast, FishBait, Split
from fishtable.games.crazy_fishing.catching import puffer_choices
from fishtable.games.crazy_fishing.options import CrazyFishingOptions
from fishtable.games.crazy_fishing.state import CFState
from tests.games.crazy_fishing.builder import build, cast_all, cast_bait, ids, pick
from tests.games.crazy_fishing.builder import play as act
from tests.games.crazy_fishing.test_properties import (
    ADVANCED,
    OPTIONS,
    PLAYERS,
    SEED,
    check_zones,
    play_out,
    reshuffle_hidden,
    seats,
)


def check_worlds(state: CFState, seat: int, rnd: random.Random, tries: int = 2, play_on: int = 4) -> list[CFState]:
    """Sample worlds for `seat`: each consistent with its view, complete, and playable on."""
    view = GAME.view(state, seat)
    dump = view.model_dump()
    worlds = []
    for _ in range(tries):
        world = GAME.capabilities.sample_world(view, random.Random(rnd.getrandbits(32)))
        check_zones(world)
        assert GAME.view(world, seat).model_dump() == dump, f"seat {seat}'s view differs in phase {state.phase}"
        assert GAME.pending(world).keys() == GAME.pending(state).keys()
        worlds.append(world)
        for _ in range(play_on):
            prompts = GAME.pending(world)
            if not prompts:
                break
            mover = rnd.choice(sorted(prompts))
            legal = GAME.legal_actions(world, mover)
            world, _ = GAME.apply(world, mover, legal[rnd.randrange(len(legal))])
            check_zones(world)
    return worlds


@settings(max_examples=12)
@given(options=OPTIONS, n=PLAYERS, seed=SEED, choice_seed=SEED)
@example(options=ADVANCED, n=4, seed=11, choice_seed=11)
@example(options=ADVANCED, n=6, seed=12, choice_seed=12)
@example(options=CrazyFishingOptions(), n=2, seed=13, choice_seed=13)
def test_sampled_worlds_match_the_view_at_random_positions(
    options: CrazyFishingOptions, n: int, seed: int, choice_seed: int
) -> None:
    rnd = random.Random(choice_seed ^ 0xC0FFEE)
    phases: Counter[str] = Counter()

    def each(state: CFState, seat: int, action: object) -> None:
        # The seat about to decide (its own secret choices may be pending), and another.
        busy = state.phase in ("cast", "fish_bait") or (state.turn is not None and state.turn.stage != "choose")
        if busy or rnd.random() < 0.25:
            phases[state.phase] += 1
            check_worlds(state, seat, rnd, tries=1)
            check_worlds(state, rnd.randrange(state.n), rnd, tries=1, play_on=0)

    play_out(options, n, seed, choice_seed, each)
    assert phases["cast"] and phases["catch"] and phases["collect"]


@settings(max_examples=8)
@given(options=OPTIONS, n=PLAYERS, seed=SEED, choice_seed=SEED)
def test_the_sampler_reads_nothing_but_the_view(
    options: CrazyFishingOptions, n: int, seed: int, choice_seed: int
) -> None:
    # Two states a seat cannot tell apart give it the same worlds with the same generator.
    rnd = random.Random(choice_seed)

    def each(state: CFState, seat: int, action: object) -> None:
        if rnd.random() < 0.15:
            k = rnd.randrange(state.n)
            other = reshuffle_hidden(state, k, rnd)
            one = GAME.capabilities.sample_world(GAME.view(state, k), random.Random(7))
            two = GAME.capabilities.sample_world(GAME.view(other, k), random.Random(7))
            assert one.canonical() == two.canonical()

    play_out(options, n, seed, choice_seed, each)


# -- the secret moments -----------------------------------------------------------------------


def test_face_down_casts_are_imagined_from_the_hands_dealt():
    state = build([["R5", "B4", "R2+", "B1", "B2+", "R3"], ["R6", "B1", "R2+", "B3", "B3", "R1"],
                   ["R4", "B2", "R1", "B5", "B1", "R2"]])
    state, _ = act(state, 0, Cast(rods=pick(state, 0, "rod", "5"), baits=pick(state, 0, "bait", "4")))
    state, _ = act(state, 1, Cast(rods=pick(state, 1, "rod", "6", "2+"), baits=pick(state, 1, "bait", "1")))
    # Seat 2 has not cast: it sees two seats ready and their hands as they were before casting.
    worlds = check_worlds(state, 2, random.Random(1), tries=40, play_on=1)
    casts = Counter(tuple(w.casts[0][0]) + tuple(w.casts[0][1]) for w in worlds)
    assert len(casts) > 5, "the other seats' casts are always the same: copied, not imagined"
    for w in worlds:
        assert w.hands[2] == state.hands[2] and w.casts[2] is None
        assert all(len(w.hands[s]) + len(w.casts[s][0]) + len(w.casts[s][1]) == 6 for s in (0, 1))
    # Seat 0 knows its own cast exactly and imagines seat 1's.
    for w in check_worlds(state, 0, random.Random(2), tries=10):
        assert w.casts[0] == state.casts[0] and w.hands[0] == state.hands[0]


def test_early_casts_during_collect_stay_imagined():
    rnd = random.Random(3)
    state = GAME.new_game(GAME.prepare_options(CrazyFishingOptions()), seats(4), 21)
    seen_early = 0
    while GAME.pending(state) and seen_early < 6:
        prompts = GAME.pending(state)
        if state.phase == "collect" and any(c is not None for c in state.casts):
            seen_early += 1
            for k in range(4):
                check_worlds(state, k, rnd, tries=2)
        mover = min(prompts, key=lambda s: (prompts[s].kind != "cast", s))  # cast early when allowed
        legal = GAME.legal_actions(state, mover)
        state, _ = GAME.apply(state, mover, legal[rnd.randrange(len(legal))])
    assert seen_early


def fish_bait_position() -> CFState:
    state = build(
        [["R:oos", "B3", "R2", "B1"], ["R:oos", "B2", "R3", "B1"], ["R5", "B4"]],
        piles=[["F2", "F6"], ["F1", "F5"], []],
    )
    oos = "Out-of-Series Rod"
    for seat, (rod, bait) in enumerate([(oos, "3"), (oos, "2"), ("5", "4")]):
        state, _ = act(state, seat, Cast(rods=ids(state, seat, rod), baits=ids(state, seat, bait)))
    assert state.phase == "fish_bait"
    return state


@pytest.mark.parametrize("choice", [None, "F2", "F6"])
def test_a_secret_fish_bait_choice_is_imagined_by_others_and_kept_by_its_owner(choice):
    state = fish_bait_position()
    fish = None if choice is None else next(c for c in state.piles[0] if state.cards[c].name == f"Fish{choice[1]}")
    state, _ = act(state, 0, FishBait(fish=None if fish is None else state.cards[fish].cid))
    for w in check_worlds(state, 0, random.Random(4), tries=5):
        assert w.fish_bait[0] == fish  # its own choice, from its own view
    guesses = Counter(w.fish_bait[0] for w in check_worlds(state, 2, random.Random(5), tries=40, play_on=0))
    assert len(guesses) >= 2, "another seat always guesses the same fish-bait choice"
    # Seat 1 has not chosen yet: it is still asked, in every world.
    for w in check_worlds(state, 1, random.Random(6), tries=5, play_on=0):
        assert w.choosing == [1]


def puffer_position() -> CFState:
    state = build([["R5", "B4", "R9", "B1", "B2", "R2"], ["R1", "B1", "R6", "R6+", "R2", "B3"]],
                  sea_cards=["oos:puffer_fish", "F4", "F1"])
    state, _ = cast_all(state, (("5",), ("4",)), (("1",), ("1",)))
    state, _ = act(state, 0, Attempt(labels=(1,)))
    assert state.turn.stage == "puffer"
    return state


def test_puffer_fish_answers_are_imagined_until_all_are_in():
    state = puffer_position()
    for k in (0, 1):
        check_worlds(state, k, random.Random(k), tries=5)
    state, _ = act(state, 1, GAME.legal_actions(state, 1)[1])  # seat 1 answers: one of its two 6s
    worlds = check_worlds(state, 0, random.Random(8), tries=30, play_on=0)
    for w in worlds:  # seat 0 imagines seat 1's hand, and which of its fastest rods it gave up
        (seat, rod), = w.puffer_picks
        assert seat == 1 and rod in puffer_choices(w, 1)
    assert len({w.puffer_picks[0][1] for w in worlds}) > 1
    for w in check_worlds(state, 1, random.Random(9), tries=5, play_on=0):
        assert w.puffer_picks == state.puffer_picks  # its own answer, from its own view


def test_a_reel_turn_split_and_between_are_rebuilt():
    state = build([["R:reel", "R3", "B3+", "B3", "B:turbulent", "R5"], ["R1", "B1", "R1", "B1", "B2", "R2"]],
                  sea_cards=["F2", "F5", "F7", "F1", "F3"])
    state, _ = cast_all(state, (("The Super-Fast Reel", "3"), ("3+", "3", "The Turbulent Bait")), (("1",), ("1",)))
    state, _ = act(state, 0, Attempt(labels=(1, 2)))
    assert state.turn.stage == "split"
    for k in (0, 1):
        check_worlds(state, k, random.Random(10 + k), tries=4)
    state, _ = act(state, 0, Split(first=cast_bait(state, 0, "3+", "3")))
    assert state.turn.stage == "between"
    for k in (0, 1):
        for w in check_worlds(state, k, random.Random(20 + k), tries=4):
            assert w.turn.second == w.turn.targets[0] and w.turn.between_offered


def test_remembered_fish_keep_their_size_and_looks_their_fish():
    state = build([["R:finder", "B1", "R1", "B1", "B2", "R2"], ["R1", "B1", "R1", "B1", "B2", "R2"]],
                  sea_cards=["F4:3-5:A", "F4:3-5:B", "F5:3-5:C", "F3:3-5:D", "F6:?:E"])
    state, _ = cast_all(state, (("Infallible Fish Finder",), ("1",)), (("1",), ("1",)))
    state, _ = act(state, 0, GAME.legal_actions(state, 0)[0])  # seat 0 looks at fish #1
    assert state.turn.peeks
    looked = state.turn.peeks[0]
    for w in check_worlds(state, 0, random.Random(30), tries=10, play_on=0):
        assert w.layout.label[w.turn.peeks[0]] == 1 and w.turn.peeks[0] == looked
    others = Counter(w.turn.peeks[0] for w in check_worlds(state, 1, random.Random(31), tries=30, play_on=0))
    assert len(others) > 1, "seat 1 cannot know which fish seat 0 saw"
    state, _ = act(state, 0, Attempt(labels=(1,)))  # bait 1 < size 4: it escapes, seen by all
    assert state.seen
    for k in (0, 1):
        for w in check_worlds(state, k, random.Random(40 + k), tries=10, play_on=0):
            at_one = next(c for c in w.sea if w.layout.label[c] == 1)
            assert w.cards[at_one].value == 4 and w.cards[at_one].back == "3-5"


def test_the_sampler_needs_a_seat_and_a_game_in_progress():
    state = GAME.new_game(GAME.prepare_options(CrazyFishingOptions()), seats(3), 5)
    with pytest.raises(ValueError, match="one seat"):
        GAME.capabilities.sample_world(GAME.view(state, None), random.Random(0))
    final, _ = play_out(CrazyFishingOptions(), 2, 5, 5)
    with pytest.raises(ValueError, match="over"):
        GAME.capabilities.sample_world(GAME.view(final, 0), random.Random(0))


def test_the_cards_in_play_travel_with_the_view_but_never_in_its_json():
    state = GAME.new_game(GAME.prepare_options(CrazyFishingOptions(random_oos_fish=3)), seats(3), 8)
    view = GAME.view(state, 1)
    assert view.cards_in_play == state.cards
    assert "cards_in_play" not in view.model_dump() and "cards_in_play" not in view.model_dump_json()
    hidden = [c for c in state.sea]
    text = view.model_dump_json()
    assert not any(f'"{state.cards[c].cid}"' in text for c in hidden)
