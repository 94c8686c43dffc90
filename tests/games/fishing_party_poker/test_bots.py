"""Computer players: always legal, reading the seat's view only; the greedy one bets on its hand and swaps well."""

from __future__ import annotations

import ast
import inspect
import random

import pytest

from fishtable.arena.simulate import run_simulation
from fishtable.bots import RandomBot, bot_names, bot_rng, get_bot
from fishtable.games.fishing_party_poker import GAME
from fishtable.games.fishing_party_poker import bots as poker_bots
from fishtable.games.fishing_party_poker.bots import BOTS, GreedyBot
from fishtable.games.fishing_party_poker.options import PokerOptions
from tests.games.fishing_party_poker.builder import act, build, seats, specs_of


def test_registry_knows_the_bots():
    assert list(BOTS) == ["greedy"] and BOTS["greedy"] is GreedyBot
    assert [n for n in bot_names("fishing-party-poker") if n != "hard"] == ["random", "greedy", "easy", "normal"]
    assert isinstance(get_bot("fishing-party-poker", "greedy"), GreedyBot)
    assert isinstance(get_bot("fishing-party-poker", "random"), RandomBot)
    assert GreedyBot.needs_view is True and GreedyBot.name == "greedy"


def test_the_greedy_bot_reads_nothing_but_the_view():
    tree = ast.parse(inspect.getsource(poker_bots))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert imported <= {"__future__", "bisect", "collections.abc", "functools", "itertools", "typing",
                        "fishtable.games.fishing_party_poker.hands", "fishtable.games.fishing_party_poker.views",
                        "fishtable.engine.protocol"}  # for the `HARD` record it declares, never a state
    state = build([("2S", "7H", "9D", "JC", "4S")] * 2)
    with pytest.raises(TypeError):
        GreedyBot().choose(state, GAME.legal_actions(state, 0), random.Random(0))
    with pytest.raises(ValueError):
        GreedyBot().choose(GAME.view(state, None), GAME.legal_actions(state, 0), random.Random(0))


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_bots_always_choose_a_legal_action(players):
    options = PokerOptions(starting_chips=15, max_hands=12)
    for names in (["greedy"] * players, ["greedy" if i % 2 else "random" for i in range(players)]):
        bots = [get_bot("fishing-party-poker", n) for n in names]
        state = GAME.new_game(options, seats(players, names), players)
        steps = 0
        while pending := GAME.pending(state):
            seat = next(iter(pending))
            legal = GAME.legal_actions(state, seat)
            bot = bots[seat]
            action = bot.choose(GAME.view(state, seat) if bot.needs_view else None, legal, bot_rng(1, seat, steps))
            assert action in legal
            state, _ = GAME.apply(state, seat, action)
            steps += 1
        assert GAME.result(state) is not None


def test_simulate_runs_with_the_greedy_bot():
    report = run_simulation("fishing-party-poker", 3, 2, 5, "greedy")
    assert report.games == 2 and sum(report.wins) >= 2


def test_greedy_beats_random_clearly():
    """Against three random seats a fair share is 25%; greedy wins far more (seat rotated)."""
    games = wins = 0
    for seat in range(4):
        names = ["random"] * 4
        names[seat] = "greedy"
        report = run_simulation("fishing-party-poker", 4, 6, 300 + 10 * seat, names)
        games += report.games
        wins += report.wins[seat]
    assert games == 24
    assert wins / games >= 0.75, f"greedy won only {wins} of {games}"


def _choose(state, seat=None):
    seat = state.actor if seat is None else seat
    return GreedyBot().choose(GAME.view(state, seat), GAME.legal_actions(state, seat), random.Random(3))


def test_greedy_swaps_for_the_best_hand():
    state = build([("2H", "6H", "9H", "JH", "3C"), ("5S", "5D", "KC", "QD", "2D")],
                  community=("AH", "4S", "7D", "8C", "10S"), dealer=1)
    state, _ = act(state, "check", "check")
    action = _choose(state)
    state, _ = GAME.apply(state, 0, action)
    assert specs_of(state, state.hands[0]) == ["2H", "6H", "9H", "JH", "AH"]  # a flush
    # Bob keeps his pair of fives and gives up his worst card for a better kicker.
    action = _choose(state)
    state, _ = GAME.apply(state, 1, action)
    assert action.kind == "swap" and specs_of(state, state.hands[1]) == ["5S", "5D", "KC", "QD", "10S"]


def test_greedy_bets_strong_hands_and_folds_junk_to_a_raise():
    state = build([("AS", "AH", "AD", "AC", "KS"), ("2S", "7H", "9D", "JC", "4D")], dealer=1)
    assert _choose(state).kind == "bet"
    # Late, with the community up and no swap left, junk folds to a bet.
    state = build([("2S", "7H", "9D", "JC", "4D"), ("AS", "AH", "AD", "AC", "KS")],
                  community=("3C", "5H", "8S", "QD", "6C"), dealer=1)
    state, _ = act(state, "check", "check", "keep", "keep", "check", "check", "keep", "keep", "check", "bet")
    assert state.betting_round == 3 and state.actor == 0
    assert _choose(state).kind == "fold"
