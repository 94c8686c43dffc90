"""The engine's fast paths (issue 12) change no rule and no game.

Playouts read one legal action by position (LazyActions), apply it without
validating it again and without writing the log unless it is read
(ReplayEvents), on a fork that shares every list of the state before it.
These tests hold each of those to the slow, validated path.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random
from itertools import combinations

import pytest

from fishtable.engine import lazy
from fishtable.engine.errors import IllegalAction
from fishtable.games.crazy_fishing import GAME, casting
from fishtable.games.crazy_fishing.actions import Cast
from fishtable.games.crazy_fishing.options import CrazyFishingOptions
from fishtable.games.crazy_fishing.state import CFState, Turn
from fishtable.games.crazy_fishing.views import CrazyFishingView
from tests.games.crazy_fishing.builder import build, cast_all
from tests.games.crazy_fishing.test_properties import ADVANCED, seats

GAMES = [(CrazyFishingOptions(), 4, 1), (ADVANCED, 3, 2), (ADVANCED, 6, 3), (CrazyFishingOptions(oos_rods=True), 2, 4)]


def random_game(options: CrazyFishingOptions, n: int, seed: int):
    """Yield (state, seat, legal) at every step of a random game, then apply a random choice."""
    rnd = random.Random(seed)
    state = GAME.new_game(GAME.prepare_options(options), seats(n), seed)
    while GAME.pending(state):
        seat = rnd.choice(sorted(GAME.pending(state)))
        legal = GAME.legal_actions(state, seat)
        yield state, seat, legal
        state, _ = GAME.apply(state, seat, legal[rnd.randrange(len(legal))])


# -- LazyActions is a list ----------------------------------------------------------------------


def test_lazy_legal_actions_behave_as_a_list():
    state = GAME.new_game(GAME.prepare_options(CrazyFishingOptions()), seats(3), 1)
    legal = GAME.legal_actions(state, 0)
    assert isinstance(legal, lazy.LazyActions) and isinstance(legal, list)
    everything = casting.legal_casts(state, 0)
    assert len(legal) == len(everything) > 1 and bool(legal)
    assert legal[0] == everything[0] and legal[-1] == everything[-1]
    with pytest.raises(IndexError):
        legal[len(everything)]
    assert legal == everything and everything == legal
    assert not (legal != everything)  # noqa: SIM202 (the reflected comparison is under test)
    assert everything[3] in legal and list(legal) == everything and legal[1:3] == everything[1:3]
    assert [*legal] == everything and sorted(legal, key=repr) == sorted(everything, key=repr)
    assert legal + [] == everything and [] + legal == everything  # noqa: RUF005
    assert legal.index(everything[2]) == 2 and legal.count(everything[2]) == 1
    assert repr(legal) == repr(everything)
    assert pickle.loads(pickle.dumps(GAME.legal_actions(state, 0))) == everything
    assert copy.deepcopy(GAME.legal_actions(state, 0)) == everything
    assert random.Random(5).choice(GAME.legal_actions(state, 0)) == random.Random(5).choice(everything)
    assert GAME.legal_actions(state, 0) != [] and [] != GAME.legal_actions(state, 0)  # noqa: SIM300
    mutable = GAME.legal_actions(state, 0)
    mutable.append("x")
    assert len(mutable) == len(everything) + 1 and mutable[-1] == "x"


# -- the trusted path is the validated path -------------------------------------------------------


@pytest.mark.parametrize(("options", "n", "seed"), GAMES)
def test_trusted_moves_and_replayed_logs_equal_the_validated_path(options, n, seed):
    steps = 0
    for state, seat, legal in random_game(options, n, seed):
        i = (steps * 7) % len(legal)
        action = legal[i]  # read by position: issued, so applied without validation
        fast, fast_events = GAME.apply(state, seat, action)
        again = GAME.parse_action(action.model_dump(mode="json"))  # equal, not the same object
        assert again == action and again is not action
        slow, slow_events = GAME.apply(state, seat, again)
        assert type(slow_events) is list
        assert isinstance(fast_events, lazy.ReplayEvents) == isinstance(legal, lazy.LazyActions)
        assert fast.canonical() == slow.canonical()
        assert fast_events == slow_events and [e.model_dump() for e in fast_events] == [
            e.model_dump() for e in slow_events
        ]
        steps += 1
    assert steps > 50


def test_an_action_issued_for_one_state_is_validated_in_another():
    state = build([["R5", "B4", "R2", "B1"], ["R3", "B2", "R1", "B1"]])
    legal = GAME.legal_actions(state, 0)
    action = legal[0]
    after, _ = GAME.apply(state, 0, action)
    with pytest.raises(IllegalAction):
        GAME.apply(after, 0, action)  # seat 0 has cast already
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, action)  # not seat 1's cards
    GAME.legal_actions(state, 1)[0]  # another issue: seat 0's action is checked again
    assert GAME.apply(state, 0, action)[0].canonical() == after.canonical()


# -- forks share lists and never change an earlier state ---------------------------------------


@pytest.mark.parametrize(("options", "n", "seed"), GAMES)
def test_no_step_changes_an_earlier_state(options, n, seed):
    rnd = random.Random(seed)
    history = []
    for state, seat, legal in random_game(options, n, seed):
        history.append((state, state.canonical()))
        for _ in range(2):  # branch, as a search does, and read the logs now and then
            _, events = GAME.apply(state, seat, legal[rnd.randrange(len(legal))])
            if rnd.random() < 0.3:
                list(events)
    for state, canonical in history:
        assert state.canonical() == canonical


def test_fork_and_clone_copy_every_field():
    state, _ = cast_all(build([["R:reel", "R3", "B3+", "B3", "B4", "R5"], ["R1", "B1", "R2", "B2"]],
                              sea_cards=["F2", "F5", "F7"]),
                        (("The Super-Fast Reel", "3"), ("3+", "3", "4")), (("2",), ("1",)))
    assert state.turn is not None
    for copy_ in (state.fork(), state.clone()):
        for f in dataclasses.fields(CFState):
            assert getattr(copy_, f.name) == getattr(state, f.name), f.name
        for f in dataclasses.fields(Turn):
            assert getattr(copy_.turn, f.name) == getattr(state.turn, f.name), f.name
    clone = state.clone()
    for f in dataclasses.fields(CFState):
        value = getattr(state, f.name)
        if isinstance(value, list) and value:
            assert getattr(clone, f.name) is not value, f.name
    assert Turn.start(2, 1, 1, True, False) == Turn(seat=2, looks_left=1, shuffles_left=1, bucket=True)


# -- the cast enumeration is the cast validation ------------------------------------------------


def reference_casts(state: CFState, seat: int) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every selection of hand cards that the validator accepts (brute force)."""
    hand = state.hands[seat]
    rods = [c for c in hand if state.cards[c].type == "rod"]
    baits = [c for c in hand if state.cards[c].type == "bait"]
    out = set()
    for r in range(len(rods) + 1):
        for chosen_rods in combinations(rods, r):
            for b in range(len(baits) + 1):
                for chosen_baits in combinations(baits, b):
                    if casting.cast_error(state, seat, list(chosen_rods), list(chosen_baits)) is None:
                        out.add((chosen_rods, chosen_baits))
    return out


def test_cast_enumeration_matches_the_validator():
    checked = 0
    hands = [
        ["R:reel", "R3", "B3", "B4", "B1", "B2"], ["R:reel", "R2+", "B3+", "B4", "B1", "B2"],
        ["R5", "R6"], ["B1", "B2+", "B3"], ["R1+", "R2", "R3+", "B1+", "B2", "B3+"], [],
    ]
    states = [(build([hand, ["R1", "B1"]]), 0) for hand in hands]
    states.append((build([["R2+", "R3", "B1+", "B2"], ["R1", "B1"]], piles=[["oos:crab"], []]), 0))
    states.append((build([["R2+", "R3", "B1+", "B2"], ["R1", "B1"]], piles=[["oos:moray_eel"], []]), 0))
    for options, n, seed in GAMES:
        states += [(s, seat) for s, seat, _ in random_game(options, n, seed) if s.phase == "cast"][:40]
    for state, seat in states:
        plan = casting.CastPlan(state, seat)
        moves = [plan.move(i) for i in range(plan.count)]
        assert len(set(moves)) == len(moves), "a cast listed twice"
        assert set(moves) == reference_casts(state, seat)
        legal = GAME.legal_actions(state, seat)
        assert [(a.rods, a.baits) for a in legal] == [
            (tuple(state.cards[c].cid for c in r), tuple(state.cards[c].cid for c in b)) for r, b in moves
        ]
        assert all(isinstance(a, Cast) for a in legal)
        checked += 1
    assert checked > 100


# -- playouts for the search bots -----------------------------------------------------------------


def protocol_playout(state: CFState, rng: random.Random) -> tuple[CFState, int]:
    """What `fishtable simulate` does with random bots sharing one generator."""
    steps = 0
    while GAME.pending(state):
        seat = next(iter(GAME.pending(state)))
        legal = GAME.legal_actions(state, seat)
        state, _ = GAME.apply(state, seat, legal[int(rng.random() * len(legal))])
        steps += 1
    return state, steps


@pytest.mark.parametrize(("options", "n", "seed"), GAMES)
def test_rollout_plays_the_protocol_game_without_building_it(options, n, seed):
    state = GAME.new_game(GAME.prepare_options(options), seats(n), seed)
    before = state.canonical()
    expected, steps = protocol_playout(state, random.Random(seed))
    reached, count = GAME.capabilities.rollout(state, random.Random(seed))
    assert count == steps and reached.canonical() == expected.canonical()
    assert GAME.result(reached) == GAME.result(expected) and GAME.pending(reached) == {}
    assert state.canonical() == before, "a rollout changed the state it started from"
    part, done = GAME.capabilities.rollout(state, random.Random(seed), max_steps=10)
    assert done == 10 and GAME.pending(part)


@pytest.mark.parametrize(("options", "n", "seed"), GAMES)
def test_random_action_is_the_action_a_random_bot_reads(options, n, seed):
    """At every step of whole games (every kind of decision): the action `legal_actions`
    gives at the same draw, applied as the validated copy of it is, log included."""
    kinds = set()
    for state, seat, legal in random_game(options, n, seed):
        action = GAME.capabilities.random_action(state, seat, random.Random(seed))
        assert action == legal[int(random.Random(seed).random() * len(legal))]
        fast, fast_events = GAME.apply(state, seat, action)
        slow, slow_events = GAME.apply(state, seat, GAME.parse_action(action.model_dump(mode="json")))
        assert fast.canonical() == slow.canonical() and list(fast_events) == slow_events
        kinds.add(GAME.pending(state)[seat].kind)
    assert {"cast", "catch", "collect"} <= kinds


def test_random_action_for_a_seat_with_nothing_to_decide_is_refused_in_words():
    state = GAME.new_game(GAME.prepare_options(CrazyFishingOptions()), seats(3), 1)
    state, _ = GAME.apply(state, 0, GAME.capabilities.random_action(state, 0, random.Random(1)))
    before = state.canonical()
    with pytest.raises(IllegalAction, match="has nothing to decide right now"):
        GAME.capabilities.random_action(state, 0, random.Random(1))
    assert state.canonical() == before


@pytest.mark.parametrize(("options", "n", "seed"), GAMES)
def test_evaluate_is_a_value_in_zero_one_that_ends_as_the_result(options, n, seed):
    for state, _, _ in random_game(options, n, seed):
        values = [GAME.capabilities.evaluate(state, s) for s in range(n)]
        assert all(0.0 <= v <= 1.0 for v in values)
    final, _ = GAME.capabilities.rollout(state, random.Random(seed))
    winners = GAME.result(final).winners
    assert [GAME.capabilities.evaluate(final, s) for s in range(n)] == [
        1 / len(winners) if s in winners else 0.0 for s in range(n)
    ]


@pytest.mark.parametrize(("options", "n", "seed"), GAMES)
def test_a_view_built_without_validation_is_the_view_validation_gives(options, n, seed):
    """Views are built unvalidated (`trusted`), with one shared face per card: every field
    must still hold what the model declares, in its order, as a validated copy has it."""
    for state, seat, _ in random_game(options, n, seed):
        for viewer in (seat, None):
            view = GAME.view(state, viewer)
            dumped = view.model_dump()
            again = CrazyFishingView.model_validate(dumped)
            assert again == view.model_copy(update={"cards_in_play": ()})
            assert list(again.model_dump()) == list(dumped)  # the fields, in the model's order
            assert repr(again.model_dump()) == repr(dumped)  # nested too, tuples as tuples
