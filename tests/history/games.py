"""Finished (and unfinished) matches of the real games, for the history's tests."""

from __future__ import annotations

import random

from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import load_game

GAMES = ("crazy-fishing", "fishing-party", "big-fish", "fishing-party-poker")


def played(game_name: str, seed: int = 3, names: tuple[str, ...] = ("Ana", "Bo", "Cy"), steps: int | None = None,
           bots: bool = False) -> Match:
    """A match played by random legal moves to its end (or `steps` moves)."""
    game = load_game(game_name)
    seats = [SeatInfo(name=name, bot="random" if bots else None) for name in names]
    match = Match.start(game, game.options_model()(), seats, seed)
    rng = random.Random(seed)
    while not match.is_over and (steps is None or match.step_count < steps):
        seat = min(match.pending())
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    return match
