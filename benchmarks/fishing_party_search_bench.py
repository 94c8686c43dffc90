"""Fishing Party for the search bots (issue 12): engine speed, world sampling, playout helpers.

    python benchmarks/fishing_party_search_bench.py              # everything, one speed run
    python benchmarks/fishing_party_search_bench.py --repeat 3   # best of 3 speed runs
    python benchmarks/fishing_party_search_bench.py --json       # machine-readable

Measures, in one process on one core:
  * the issue's figure, exactly `fishtable simulate --game fishing-party --players 4 --games 300
    --seed 7 --bot random --json` (best of --repeat), with the load average around it;
  * `GAME.capabilities.sample_world`: worlds per second from seat views at random positions of random games
    (2, 4 and 5 players), each world checked once against the view it came from;
  * `GAME.capabilities.rollout_action` playouts: steps per second and steps per game at four players, and
    `GAME.capabilities.evaluate` calls per second;
  * with --strength N: the playout policy in one seat against three greedy bots (N games, seat
    rotated): it should win about its fair share (25%), as it is the greedy bot read off the state.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fishtable.cli import main as cli_main
from fishtable.engine.protocol import SeatInfo
from fishtable.games.fishing_party import GAME
from fishtable.games.fishing_party.bots import GreedyBot
from fishtable.games.fishing_party.options import FishingPartyOptions

ISSUE_ARGS = ["simulate", "--game", "fishing-party", "--players", "4", "--games", "300", "--seed", "7", "--bot",
              "random", "--json"]
GOAL_STEPS_PER_SECOND = 60_000
OPTIONS = GAME.prepare_options(FishingPartyOptions())


def load() -> float:
    return round(os.getloadavg()[0], 2)


def seats(n: int) -> list[SeatInfo]:
    return [SeatInfo(name=f"Seat {i + 1}") for i in range(n)]


def issue_speed(repeat: int) -> dict:
    runs = []
    before = load()
    for _ in range(repeat):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = cli_main(ISSUE_ARGS)
        if code != 0:
            raise SystemExit(f"fishtable simulate failed with exit code {code}")
        runs.append(json.loads(out.getvalue()))
    best = max(runs, key=lambda r: r["steps_per_second"])
    return {"steps_per_second": best["steps_per_second"], "runs": [r["steps_per_second"] for r in runs],
            "mean_steps": best["mean_steps"], "goal": GOAL_STEPS_PER_SECOND, "load_before": before,
            "load_after": load()}


def random_views(players: int, games: int, rng: random.Random) -> list:
    """Seat views at random positions of random games."""
    views = []
    for g in range(games):
        state = GAME.new_game(OPTIONS, seats(players), 1000 + g)
        for _ in range(rng.randrange(10, 3000)):
            prompts = GAME.pending(state)
            if not prompts:
                break
            seat = next(iter(prompts))
            legal = GAME.legal_actions(state, seat)
            state, _ = GAME.apply(state, seat, legal[int(rng.random() * len(legal))])
        views.extend(GAME.view(state, s) for s in range(players))
    return views


def sampler_speed(seconds: float) -> dict:
    rng = random.Random(5)
    out = {}
    for players in (2, 4, 5):
        views = random_views(players, 25, rng)
        for view in views:  # each world gives back its view (the property the tests check at length)
            world = GAME.capabilities.sample_world(view, rng)
            assert GAME.view(world, view.seat).model_dump() == view.model_dump()
        count = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            for view in views:
                GAME.capabilities.sample_world(view, rng)
            count += len(views)
        elapsed = time.perf_counter() - start
        known = statistics.mean(sum(len(p.known) for p in v.seats) + len(v.discarded) for v in views)
        out[f"{players} players"] = {"worlds_per_second": round(count / elapsed),
                                     "microseconds_per_world": round(elapsed / count * 1e6, 1),
                                     "known_cards_per_view": round(known, 1)}
    return out


def playout_speed(games: int) -> dict:
    rng = random.Random(9)
    steps = []
    start = time.perf_counter()
    for g in range(games):
        state = GAME.new_game(OPTIONS, seats(4), 2000 + g)
        count = 0
        while True:
            prompts = GAME.pending(state)
            if not prompts:
                break
            seat = next(iter(prompts))
            state, _ = GAME.apply(state, seat, GAME.capabilities.rollout_action(state, seat, rng))
            count += 1
        steps.append(count)
    elapsed = time.perf_counter() - start
    state = GAME.new_game(OPTIONS, seats(4), 1)
    for _ in range(60):
        seat = next(iter(GAME.pending(state)))
        state, _ = GAME.apply(state, seat, GAME.capabilities.rollout_action(state, seat, rng))
    calls = 20_000
    t = time.perf_counter()
    for i in range(calls):
        GAME.capabilities.evaluate(state, i & 3)
    evaluate_rate = calls / (time.perf_counter() - t)
    return {"games": games, "steps_per_second": round(sum(steps) / elapsed),
            "mean_steps": round(statistics.mean(steps)), "median_steps": statistics.median(steps),
            "max_steps": max(steps), "evaluate_per_second": round(evaluate_rate)}


def policy_strength(games: int) -> dict:
    rng = random.Random(3)
    greedy = GreedyBot()
    wins = 0
    for g in range(games):
        me = g % 4
        state = GAME.new_game(OPTIONS, seats(4), 3000 + g)
        while GAME.pending(state):
            seat = next(iter(GAME.pending(state)))
            if seat == me:
                action = GAME.capabilities.rollout_action(state, seat, rng)
            else:
                action = greedy.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), rng)
            state, _ = GAME.apply(state, seat, action)
        wins += me in state.winners
    return {"games": games, "policy_wins": wins, "win_rate": round(wins / games, 3), "fair_share": 0.25}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=1, help="speed runs of the issue's command (best of)")
    parser.add_argument("--skip-speed", action="store_true", help="skip the 300-game speed run")
    parser.add_argument("--sample-seconds", type=float, default=2.0, help="seconds per sampler measurement")
    parser.add_argument("--playouts", type=int, default=40, help="playout-policy games (default 40)")
    parser.add_argument("--strength", type=int, default=0, help="policy vs three greedy bots: games (default 0)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report: dict = {"load_start": load()}
    if not args.skip_speed:
        report["simulate"] = issue_speed(args.repeat)
    report["sampler"] = sampler_speed(args.sample_seconds)
    report["playouts"] = playout_speed(args.playouts)
    if args.strength:
        report["policy_vs_greedy"] = policy_strength(args.strength)
    report["load_end"] = load()
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    if "simulate" in report:
        s = report["simulate"]
        verdict = "meets" if s["steps_per_second"] >= GOAL_STEPS_PER_SECOND else "misses"
        print(f"simulate (issue command): {s['steps_per_second']:,.0f} steps/s, best of {s['runs']} "
              f"({verdict} the {GOAL_STEPS_PER_SECOND:,} goal), {s['mean_steps']:,.0f} steps a game; "
              f"load {s['load_before']} -> {s['load_after']}")
    for players, figures in report["sampler"].items():
        print(f"sample_world, {players}: {figures['worlds_per_second']:,} worlds/s "
              f"({figures['microseconds_per_world']} us), {figures['known_cards_per_view']} known cards a view")
    p = report["playouts"]
    print(f"rollout_action playouts, 4 players: {p['steps_per_second']:,} steps/s, {p['mean_steps']} steps a game "
          f"(median {p['median_steps']}, max {p['max_steps']}); evaluate: {p['evaluate_per_second']:,}/s")
    if "policy_vs_greedy" in report:
        g = report["policy_vs_greedy"]
        print(f"playout policy vs 3 greedy: {g['policy_wins']}/{g['games']} ({g['win_rate']:.1%}, fair share 25%)")
    print(f"load average: {report['load_start']} -> {report['load_end']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
