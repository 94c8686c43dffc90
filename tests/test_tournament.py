"""`fishtable tournament`: seats rotated, win rates with Wilson intervals, decision times."""

from __future__ import annotations

import dataclasses
import json

import pytest

from fishtable.arena.tournament import run_tournament, wilson
from fishtable.cli import main
from tests import tinygame


@pytest.fixture(autouse=True)
def _high_card_registered():
    tinygame.install()
    yield
    tinygame.uninstall()


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_tournament_json_heads_up(capsys):
    code = main(["tournament", "--game", "high-card", "--bots", "hard,normal", "--games", "6", "--seed", "3",
                 "--iterations", "15", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "high-card" and out["players"] == 2 and out["games"] == 6
    assert out["search_iterations"] == 15 and out["search_seconds"] is None
    lines = {r["bot"]: r for r in out["results"]}
    assert set(lines) == {"hard", "normal"}
    assert lines["hard"]["seat_games"] == lines["normal"]["seat_games"] == 6
    assert lines["hard"]["wins"] + lines["normal"]["wins"] <= 6
    for r in out["results"]:
        low, high = r["ci95"]
        assert 0 <= low <= r["win_rate"] <= high <= 1
        assert r["fair_share"] == 0.5 and r["decisions"] > 0 and r["mean_decision_seconds"] >= 0
    assert lines["hard"]["iterations_per_search"] == 15
    assert "iterations_per_search" not in lines["normal"]


def test_tournament_json_one_against_two_and_a_real_game(capsys):
    assert main(["tournament", "--game", "high-card", "--bots", "hard,normal,normal", "--games", "3",
                 "--iterations", "10", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    lines = {r["bot"]: r for r in out["results"]}
    assert lines["normal"]["seats"] == 2 and lines["normal"]["seat_games"] == 6
    assert lines["hard"]["seat_games"] == 3
    assert sum(r["wins"] for r in out["results"]) == pytest.approx(3, abs=1e-3)  # High Card always has winners
    # A real game, between its bots that need no sampler.
    assert main(["tournament", "--game", "big-fish", "--bots", "normal,easy", "--games", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {r["bot"] for r in out["results"]} == {"normal", "easy"}


def test_seats_rotate_and_each_deal_is_played_in_every_seating():
    report = run_tournament("high-card", ["easy", "normal"], 4, seed=5)
    assert [line.seat_games for line in report.lines] == [4, 4]
    assert sum(line.wins for line in report.lines) <= 4
    # Identical bots on identical deals: a rotated pair of games gives each the same wins.
    same = run_tournament("high-card", ["easy", "easy"], 2, seed=5)
    assert same.lines[0].seat_games == 4


def test_tournament_table_and_errors(capsys):
    assert main(["tournament", "--game", "high-card", "--bots", "hard,easy", "--games", "2", "--iterations", "5"]) == 0
    out = capsys.readouterr().out
    assert "tournament" in out and "hard" in out and "95% CI" in out
    assert main(["tournament", "--game", "high-card", "--bots", "hard", "--games", "2"]) == 2
    assert main(["tournament", "--game", "high-card", "--bots", "hard,nobody", "--games", "2"]) == 2
    assert main(["tournament", "--game", "high-card", "--bots", "a,b,c,d", "--games", "2"]) == 2
    assert main(["tournament", "--game", "high-card", "--games", "0"]) == 2
    assert main(["tournament", "--game", "no-such-game"]) == 2
    err = capsys.readouterr().err
    assert "nobody" in err and "no-such-game" in err


def test_a_hand_limit_scores_a_poker_deal_by_its_first_hands(capsys):
    """`--hand-limit N`: a poker game of the tournament is scored by its chips once N hands
    are played (its players are not told: the session's own limit stays unset), so a deal is N
    hands in every seating; other games refuse it in words."""
    from fishtable.engine.registry import get_entry

    game = get_entry("fishing-party-poker").load()
    seen: list[tuple[int, int, int]] = []  # (hand limit the players see, hands settled, chips)
    offers = game.capabilities
    real_standings = offers.standings

    def standings(state):
        seen.append((state.max_hands, game.capabilities.hands_settled(state), sum(state.chips)))
        return real_standings(state)

    type(game).capabilities = dataclasses.replace(offers, standings=standings)
    try:
        report = run_tournament("fishing-party-poker", ["normal", "easy"], 2, seed=4, hand_limit=2)
    finally:
        type(game).capabilities = offers
    assert seen == [(0, 2, 200), (0, 2, 200)]  # both games cut after two hands, every pot paid
    assert report.hand_limit == 2
    lines = {line.name: line for line in report.lines}
    assert lines["normal"].margin is not None and lines["normal"].margin.deals == 1

    assert main(["tournament", "--game", "fishing-party-poker", "--bots", "normal,easy", "--games", "2",
                 "--hand-limit", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hand_limit"] == 1
    assert sum(r["wins"] for r in out["results"]) >= 1  # the chips after a hand name a winner

    assert main(["tournament", "--game", "high-card", "--bots", "easy,normal", "--hand-limit", "1"]) == 2
    assert main(["tournament", "--game", "fishing-party-poker", "--bots", "easy,normal", "--hand-limit", "0"]) == 2
    err = capsys.readouterr().err
    assert "--hand-limit is only for a game played in hands, not High Card." in err
    assert "--hand-limit must be" in err and "Traceback" not in err


def _without_clocks(report) -> dict:  # type: ignore[no-untyped-def]
    """A report's JSON without what the wall clock measures (its only part that may differ)."""
    data = report.to_json()
    data.pop("wall_seconds")
    for line in data["results"]:
        line.pop("mean_decision_seconds")
    return data


@pytest.mark.parametrize(("game", "bots", "games"), [
    ("high-card", ["hard", "normal", "easy"], 7),
    ("crazy-fishing", ["normal", "easy"], 4),
])
def test_games_in_several_processes_give_the_same_report(game, bots, games):
    """`--jobs N`: the games are shared among processes; every figure but the clock's is the same
    as in one process, game by game (each game's bots are its own, its moves seeded by its index)."""
    one = run_tournament(game, bots, games, seed=5, iterations=12, jobs=1)
    two = run_tournament(game, bots, games, seed=5, iterations=12, jobs=2)
    assert _without_clocks(one) == _without_clocks(two)
    assert one.games == two.games == games and sum(line.decisions for line in two.lines) > games


def test_ctrl_c_keeps_the_games_finished_and_ends_the_workers():
    import multiprocessing

    seen: list[int] = []

    def progress(done: int, total: int) -> None:
        seen.append(done)
        if done == 3:
            raise KeyboardInterrupt  # as Ctrl+C arrives in the parent between two games

    report = run_tournament("high-card", ["normal", "easy"], 12, seed=2, progress=progress, jobs=2)
    assert seen == [1, 2, 3] and report.games == 3 and report.to_json()["games_asked"] == 12
    assert sum(line.seat_games for line in report.lines) == 3 * 2
    assert multiprocessing.active_children() == []
    full = run_tournament("high-card", ["normal", "easy"], 3, seed=2, jobs=1)
    assert _without_clocks(report) | {"games_asked": 3} == _without_clocks(full)


def test_jobs_is_held_to_its_range(capsys):
    assert main(["tournament", "--game", "high-card", "--bots", "normal,easy", "--jobs", "0"]) == 2
    assert "--jobs" in capsys.readouterr().err
