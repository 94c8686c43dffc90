"""`fishtable simulate`'s loop: random seats drawn by the game itself play the very same games."""

from __future__ import annotations

import random

from fishtable.arena.simulate import make_options, play_game
from fishtable.bots import RandomBot
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import get_entry


class ListingRandomBot(RandomBot):
    """A random bot that is not `RandomBot` itself: simulate gives it the whole legal list."""

    def __init__(self) -> None:
        self.lists = 0

    def choose(self, view: object, legal: list, rng: random.Random):  # type: ignore[override]
        self.lists += 1
        return super().choose(view, legal, rng)


def test_random_seats_play_the_same_games_with_and_without_the_legal_lists():
    game = get_entry("crazy-fishing").load()
    assert game.capabilities.random_action is not None  # the fast path is the one under test
    options = make_options(game, "all")
    seats = [SeatInfo(name=f"Seat {i + 1}", bot="random") for i in range(4)]
    for seed in range(5):
        listing = [ListingRandomBot() for _ in seats]
        slow_steps, slow_result = play_game(game, options, seats, listing, seed)
        fast_steps, fast_result = play_game(game, options, seats, [RandomBot() for _ in seats], seed)
        assert sum(bot.lists for bot in listing) == slow_steps > 0
        assert (fast_steps, fast_result) == (slow_steps, slow_result)
