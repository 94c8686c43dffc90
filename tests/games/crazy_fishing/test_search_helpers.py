"""What the hard player's search reads of a Crazy Fishing position it imagined: where a
playout stops (`rollout_done`) and what the position is worth then (`evaluate`)."""

from __future__ import annotations

import random

from fishtable.games.crazy_fishing import GAME
from tests.games.crazy_fishing.builder import build
from tests.games.crazy_fishing.test_fast_paths import random_game
from tests.games.crazy_fishing.test_properties import ADVANCED

HANDS = [["R5", "R3", "B4", "B2", "B1", "B3"], ["R5", "R3", "B4", "B2", "B1", "B3"]]


def test_a_seat_holding_better_cards_is_ahead_at_equal_scores():
    level = build(HANDS)
    assert GAME.capabilities.evaluate(level, 0) == GAME.capabilities.evaluate(level, 1) == 0.5
    better = build([["R5", "R3", "B:inf", "B4+", "B5", "B3"], HANDS[1]])
    assert GAME.capabilities.evaluate(better, 0) > 0.5 > GAME.capabilities.evaluate(better, 1)
    # A point in the catch pile still counts for more than a slightly better bait in hand.
    fish = build([HANDS[0], ["R5", "R3", "B4", "B2", "B1", "B4"]], piles=[["F3"], []])
    assert GAME.capabilities.evaluate(fish, 0) > 0.5


def test_hand_cards_stop_counting_once_the_game_is_over():
    state = build([["R5", "R3", "B:inf", "B4+", "B5", "B3"], HANDS[1]], piles=[[], ["F2"]])
    state.phase = "over"
    assert GAME.capabilities.evaluate(state, 0) == 0.0 and GAME.capabilities.evaluate(state, 1) == 1.0


def test_a_playout_stops_when_its_round_is_played_out():
    for start, _, _ in random_game(ADVANCED, 3, 5):
        if start.phase not in ("cast", "collect"):
            continue
        state, rng, seen_round_end = start, random.Random(1), False
        while not GAME.capabilities.rollout_done(start, state):
            assert state.phase != "over"
            seat = next(iter(GAME.pending(state)))
            state, _ = GAME.apply(state, seat, GAME.capabilities.random_action(state, seat, rng))
            seen_round_end = True
        rounds = state.round - start.round
        assert seen_round_end and (state.phase == "over" or rounds == (2 if start.phase == "collect" else 1))
