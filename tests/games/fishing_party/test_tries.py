"""`tries.tries`: what a seat might try, legal or not, beside the legal actions of a menu."""

from __future__ import annotations

import random

from fishtable.games.fishing_party import GAME
from fishtable.games.fishing_party.actions import PlayRod
from fishtable.games.fishing_party.options import FishingPartyOptions
from fishtable.games.fishing_party.tries import tries
from tests.games.fishing_party.builder import seats

# The legal actions `tries` does not offer, where the legal ones are all a menu needs: passing,
# the answers to "Broken Line, anyone?", and discarding down to the hand size.
NOT_TRIED = {"pass", "let_roll", "broken_line", "discard"}


def test_every_legal_move_is_among_the_tries():
    """A menu of tries never misses a card move the rules allow (a rod is tried without its lure)."""
    checked = 0
    for seed in range(12):
        options = GAME.prepare_options(FishingPartyOptions(quick_play=seed % 2 == 1))
        state = GAME.new_game(options, seats(2 + seed % 4), seed)
        rng = random.Random(seed)
        for _ in range(300):
            pending = GAME.pending(state)
            if not pending:
                break
            for seat, prompt in pending.items():
                tried = tries(GAME.view(state, seat), prompt.kind, seat)
                for action in GAME.legal_actions(state, seat):
                    if action.kind in NOT_TRIED:
                        continue
                    if isinstance(action, PlayRod):
                        action = PlayRod(card=action.card)
                    assert action in tried, (prompt.kind, action)
                    checked += 1
            seat = rng.choice(sorted(pending))
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert checked > 1000


def test_a_stage_without_card_choices_has_nothing_to_try():
    state = GAME.new_game(GAME.prepare_options(FishingPartyOptions()), seats(3), 5)
    view = GAME.view(state, 0)
    assert tries(view, "broken_line", 0) == []
    assert tries(view, "discard", 0) == []
