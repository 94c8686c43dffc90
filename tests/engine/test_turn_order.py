"""`first_to_act` (a game's capabilities): `fishtable simulate` and the tournament ask
it at every step instead of building `pending`'s prompts, so it must name the very seat
`pending` lists first, in every phase of every game, and None once the game is over."""

from __future__ import annotations

import random

import pytest

from fishtable.arena.simulate import make_options, play_to_end
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import get_entry

GAMES = ("crazy-fishing", "fishing-party", "big-fish", "fishing-party-poker")
STEPS = 4000  # per game: long sessions (poker, Fishing Party) are cut here


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2), (5, 3)])
def test_first_to_act_is_the_first_seat_pending_lists(name, players, seed):
    game = get_entry(name).load()
    assert game.capabilities.first_to_act is not None
    players = min(players, get_entry(name).max_players)
    seats = [SeatInfo(name=f"P{i + 1}", bot="random") for i in range(players)]
    state = game.new_game(make_options(game, None, None), seats, seed)
    rnd = random.Random(seed)
    several = 0  # steps where more than one seat was asked (a secret phase, a reaction)
    for _ in range(STEPS):
        waiting = game.pending(state)
        assert game.capabilities.first_to_act(state) == next(iter(waiting), None)
        if not waiting:
            break
        several += len(waiting) > 1
        seat = rnd.choice(sorted(waiting))  # any seat asked, not only the first
        legal = game.legal_actions(state, seat)
        state, _ = game.apply(state, seat, legal[rnd.randrange(len(legal))])
    if game.result(state) is not None:
        assert game.capabilities.first_to_act(state) is None
    if name != "fishing-party-poker" and players > 2:  # poker asks one seat at a time
        assert several, "no step asked several seats: the test saw no simultaneous phase"


def test_a_game_without_first_to_act_is_played_by_its_prompts():
    """The fallback: the first seat `pending` lists, as before the hook."""
    from tests import tinygame

    tinygame.install()
    try:  # installed for this test only: a later test in this process must not find it
        game = get_entry("high-card").load()
    finally:
        tinygame.uninstall()
    assert game.capabilities.first_to_act is None
    seats = [SeatInfo(name=f"P{i + 1}", bot="random") for i in range(3)]
    state = game.new_game(make_options(game, None, None), seats, 5)
    asked: list[int] = []

    def choose(seat: int, state: object) -> object:
        asked.append(seat)
        assert seat == next(iter(game.pending(state)))
        return game.legal_actions(state, seat)[0]

    steps, final = play_to_end(game, state, choose, lambda seat: "first", 5)
    assert steps == len(asked) > 0 and not game.pending(final) and game.result(final) is not None
