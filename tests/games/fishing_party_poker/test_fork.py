"""`apply` works on a fork that shares lists with the state it was given (PokerState.fork): the
engine copies them before changing them, so neither the given state nor any other result changes."""

from __future__ import annotations

import random

from fishtable.games.fishing_party_poker import GAME
from fishtable.games.fishing_party_poker.options import PokerOptions
from tests.games.fishing_party_poker.builder import seats
from tests.games.fishing_party_poker.test_properties import SHORT


def test_apply_never_changes_the_state_it_was_given_nor_its_other_results() -> None:
    rnd = random.Random(8)
    kinds = set()
    for game in range(6):
        options = GAME.prepare_options(SHORT if game % 2 else PokerOptions(max_hands=6))
        state = GAME.new_game(options, seats(2 + game), game)
        while GAME.pending(state):
            seat = next(iter(GAME.pending(state)))
            legal = GAME.legal_actions(state, seat)
            before = state.canonical()
            results = [GAME.apply(state, seat, a)[0] for a in rnd.sample(legal, min(4, len(legal)))]
            snaps = [r.canonical() for r in results]
            for r in results:  # every result moves on once more...
                if GAME.pending(r):
                    s = next(iter(GAME.pending(r)))
                    GAME.apply(r, s, rnd.choice(GAME.legal_actions(r, s)))
            # ... and nothing it came from, nor its siblings, changed.
            assert state.canonical() == before
            assert [r.canonical() for r in results] == snaps
            kinds.update(a.kind for a in legal)
            state = rnd.choice(results)
    assert {"swap", "fold", "bet", "raise", "deal"} <= kinds
