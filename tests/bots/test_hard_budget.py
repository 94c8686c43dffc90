"""The app's hard player: an iteration budget calibrated per game, a wall-clock cap only
as a safety net, and so the same move from the same view and seed in any process."""

from __future__ import annotations

import dataclasses
import itertools
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import fishtable.bots as bots
from fishtable.arena.simulate import make_options, play_to_end
from fishtable.bots import get_bot, hard_iterations, search
from fishtable.bots.search import SearchBot
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import get_entry, load_game
from fishtable.games.crazy_fishing import bots as cf_bots

ROOT = Path(__file__).resolve().parents[2]

# One process: a Crazy Fishing match with a hard seat, its first decision by the app's path.
# The safety net is lifted so that a very busy machine cannot cut the search short: what is
# tested is that the iteration budget alone fixes the move.
CHOOSE = """
import fishtable.bots as bots
from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import load_game
from fishtable.arena.simulate import make_options, play_to_end

bots.HARD_SECONDS = 600.0
game = load_game("crazy-fishing")
seats = [SeatInfo(name="Ann"), SeatInfo(name="Cpu", bot="hard"), SeatInfo(name="Bo", bot="hard")]
match = Match.start(game, make_options(game), seats, 4242)
seen = []
action = bots.choose_action(match, 1, on_progress=seen.append)
print(repr(action))
print(len(match.legal_actions(1)))
"""


@pytest.mark.parametrize("game", ["crazy-fishing", "fishing-party", "big-fish", "fishing-party-poker"])
def test_every_table_size_of_every_game_has_a_calibrated_budget(game):
    """Issue 44: a budget measured at each size the game allows, none extrapolated; a bigger
    table costs more per iteration, so it never gets more iterations than a smaller one."""
    entry = get_entry(game)
    table = bots.hard_player(game).iterations
    sizes = range(entry.min_players, entry.max_players + 1)
    assert sorted(table) == list(sizes)
    assert [hard_iterations(game, n) for n in sizes] == [table[n] for n in sizes]
    assert all(table[a] >= table[b] for a, b in itertools.pairwise(sizes))


def test_a_table_size_between_two_calibrated_ones_takes_the_cost_halfway(monkeypatch):
    table = {2: 900, 4: 300}
    monkeypatch.setattr(cf_bots, "HARD", dataclasses.replace(cf_bots.HARD, iterations=table))
    # Three players: the cost of an iteration halfway between two and four.
    cost = (1 / table[2] + 1 / table[4]) / 2
    assert hard_iterations("crazy-fishing", 3) == round(1 / cost)
    # Six: the same slope beyond four, never below the floor.
    slope = (1 / table[4] - 1 / table[2]) / 2
    assert hard_iterations("crazy-fishing", 6) == max(bots.MIN_ITERATIONS, round(1 / (1 / table[4] + 2 * slope)))
    assert hard_iterations("crazy-fishing", 6) < table[4] < table[2]


def test_the_default_hard_bot_is_budgeted_by_iterations_with_a_wall_clock_cap():
    bot = get_bot("crazy-fishing", "hard", players=4)
    assert isinstance(bot, SearchBot)
    assert bot.iterations == hard_iterations("crazy-fishing", 4)
    assert bot.seconds == bots.HARD_SECONDS and bots.HARD_SECONDS > 1.0
    # An explicit budget (a tournament's --seconds or --iterations) replaces the default.
    assert get_bot("crazy-fishing", "hard", seconds=0.5).iterations is None
    assert get_bot("crazy-fishing", "hard", iterations=30).seconds is None


def test_a_game_without_calibration_gets_the_default_budget():
    from tests import tinygame

    tinygame.install()
    try:
        assert hard_iterations("high-card", 2) == bots.DEFAULT_ITERATIONS[2]
        assert hard_iterations("high-card", 3) < bots.DEFAULT_ITERATIONS[2]
    finally:
        tinygame.uninstall()


def test_the_apps_hard_player_makes_the_same_move_in_two_processes():
    # Different hash seeds too: the move must not hang on the order of a set of strings.
    procs = [
        subprocess.Popen([sys.executable, "-c", CHOOSE], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED=str(seed)))
        for seed in (1, 2)
    ]
    outs = []
    for proc in procs:
        out, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err
        outs.append(out.split("\n"))
    assert outs[0][0] == outs[1][0]
    assert int(outs[0][1]) > 1  # a real choice, not a forced move


def test_a_game_s_search_settings_reach_its_hard_player_and_its_hint(monkeypatch):
    from fishtable.games.big_fish import bots as bf_bots

    settings = {"rollout_steps": 17, "prior_weight": 2.5, "model_play": True}
    monkeypatch.setattr(bf_bots, "HARD", dataclasses.replace(bf_bots.HARD, **settings))
    bot = get_bot("big-fish", "hard", iterations=5)
    assert isinstance(bot, SearchBot) and bot.rollout_steps == 17 and bot.prior_weight == 2.5
    assert isinstance(bot.model, bf_bots.GreedyBot) and bot.model is not bot.prior
    assert bots.search_settings("big-fish") == settings
    seen = []
    original = search.SearchBot.__init__

    def spy(self, *args, **kwargs):
        seen.append(kwargs)
        original(self, *args, **kwargs)

    monkeypatch.setattr(search.SearchBot, "__init__", spy)
    game = load_game("big-fish")
    state = game.new_game(make_options(game), [SeatInfo(name="A"), SeatInfo(name="B")], 3)
    seat = next(iter(game.pending(state)))
    bots.hint(game.view(state, seat), game.legal_actions(state, seat), game, iterations=3)
    assert seen and seen[-1]["rollout_steps"] == 17 and isinstance(seen[-1]["model"], bf_bots.GreedyBot)


def test_a_bots_module_s_hard_player_is_a_declared_record_never_a_guess(monkeypatch):
    """`HARD` is read by name and must be a HardPlayer: a table of the old shape is refused in
    words, not half read."""
    monkeypatch.setattr(cf_bots, "HARD", {2: 900})
    with pytest.raises(TypeError, match="HARD is not a HardPlayer"):
        hard_iterations("crazy-fishing", 2)
    monkeypatch.delattr(cf_bots, "HARD")
    with pytest.raises(AttributeError):
        get_bot("crazy-fishing", "hard")


def _phases_met(game_name: str, players: int, seed: int, wanted: set[str]) -> set[str]:
    """The `budget_phase`s seats' own views show while the normal players play a game, until
    every phase `wanted` has shown (or the game ends)."""
    game = load_game(game_name)
    phase_of = bots.hard_player(game_name).budget_phase
    assert phase_of is not None
    seats = [SeatInfo(name=f"s{n}", bot="normal") for n in range(players)]
    normal = get_bot(game_name, "normal")
    met: set[str] = set()
    rng = random.Random(seed)

    def choose(seat: int, state: object) -> object:
        view = game.view(state, seat)
        met.add(phase_of(view))
        return normal.choose(view, game.legal_actions(state, seat), rng)

    play_to_end(game, game.new_game(make_options(game), seats, seed), choose, lambda seat: "normal", seed,
                stop=lambda state: wanted <= met)
    return met


@pytest.mark.parametrize("game", ["crazy-fishing", "fishing-party-poker"])
def test_every_phase_share_names_a_phase_the_game_reaches(game):
    """Issue 44's pace: a share keyed by a phase `budget_phase` never returns would never apply."""
    shares = bots.hard_player(game).phase_shares
    assert shares and all(0 < share < 1 for share in shares.values())
    assert set(shares) <= _phases_met(game, 3, 5, set(shares))


@pytest.mark.parametrize("game", ["crazy-fishing", "fishing-party-poker"])
def test_a_phase_is_read_only_from_the_game_s_own_view(game):
    """`budget_phase` takes any view (the search holds it as an object) and refuses another game's."""
    other = load_game("big-fish")
    state = other.new_game(make_options(other), [SeatInfo(name="A"), SeatInfo(name="B")], 3)
    phase_of = bots.hard_player(game).budget_phase
    assert phase_of is not None
    with pytest.raises(TypeError, match="hard player was given a"):
        phase_of(other.view(state, next(iter(other.pending(state)))))


def test_a_decision_gets_its_phases_share_of_the_budget(monkeypatch):
    game = load_game("crazy-fishing")
    seats = [SeatInfo(name="A"), SeatInfo(name="B")]
    state = game.new_game(make_options(game), seats, 4)
    seat = next(iter(game.pending(state)))
    view = game.view(state, seat)
    assert view.phase == "cast"
    bot = get_bot("crazy-fishing", "hard", iterations=200)
    assert isinstance(bot, SearchBot) and bot.budget_for(view) == 170  # 0.85 of 200
    bot.search(view, game.legal_actions(state, seat), random.Random(1))
    assert bot.stats.per_decision == [170]
    # A phase without a share takes the whole budget; a share never adds, never leaves none.
    monkeypatch.setattr(cf_bots, "HARD", dataclasses.replace(cf_bots.HARD, phase_shares={"collect": 0.5}))
    assert get_bot("crazy-fishing", "hard", iterations=200).budget_for(view) == 200
    monkeypatch.setattr(cf_bots, "HARD", dataclasses.replace(cf_bots.HARD, phase_shares={"cast": 3.0}))
    assert get_bot("crazy-fishing", "hard", iterations=200).budget_for(view) == 200
    monkeypatch.setattr(cf_bots, "HARD", dataclasses.replace(cf_bots.HARD, phase_shares={"cast": 0.0001}))
    assert get_bot("crazy-fishing", "hard", iterations=200).budget_for(view) == 1
    # A time budget alone has no iterations to share.
    assert get_bot("crazy-fishing", "hard", seconds=0.1).budget_for(view) is None


def test_the_tree_search_takes_its_share_too(monkeypatch):
    from fishtable.games.big_fish import bots as bf_bots

    game = load_game("big-fish")
    state = game.new_game(make_options(game), [SeatInfo(name="A"), SeatInfo(name="B")], 3)
    seat = next(iter(game.pending(state)))
    view = game.view(state, seat)
    monkeypatch.setattr(bf_bots, "HARD", dataclasses.replace(bf_bots.HARD, phase_shares={view.phase: 0.5},
                                                             budget_phase=lambda view: view.phase))
    bot = get_bot("big-fish", "hard", iterations=40)
    assert isinstance(bot, SearchBot) and not bot.halving
    bot.search(view, game.legal_actions(state, seat), random.Random(1))
    assert bot.stats.per_decision == [20]
