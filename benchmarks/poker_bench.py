"""Fishing Party Poker benchmark: random-playout speed and the greedy bot's win rate.

    python benchmarks/poker_bench.py             # both measurements
    python benchmarks/poker_bench.py --repeat 3  # best of 3 speed runs (less noise)
    python benchmarks/poker_bench.py --profile   # also cProfile the random playouts

Runs in-process, on one core, exactly what
`fishtable simulate --game fishing-party-poker --players 4 --games 300 --seed 7 --bot random --json` runs,
then greedy in one seat against three random bots, 300 games, the greedy seat rotated over all four seats
(`--bot greedy,random,random,random` and its rotations).
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import json
import pstats
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fishtable.arena.simulate import run_simulation
from fishtable.cli import main as cli_main

GAME = "fishing-party-poker"
TARGET_STEPS_PER_SECOND = 30_000
ISSUE_ARGS = ["simulate", "--game", GAME, "--players", "4", "--games", "300", "--seed", "7", "--bot", "random",
              "--json"]


def random_playouts(repeat: int) -> dict:
    best = None
    for _ in range(repeat):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = cli_main(ISSUE_ARGS)
        if code != 0:
            raise SystemExit(f"fishtable simulate failed with exit code {code}")
        data = json.loads(out.getvalue())
        if best is None or data["steps_per_second"] > best["steps_per_second"]:
            best = data
    return best


def greedy_win_rate(games: int, seed: int) -> dict:
    per_seat = max(1, games // 4)
    wins = played = 0
    seats = []
    for seat in range(4):
        names = ["random"] * 4
        names[seat] = "greedy"
        report = run_simulation(GAME, 4, per_seat, seed, names)
        wins += report.wins[seat]
        played += report.games
        seats.append({"greedy_seat": seat + 1, "games": report.games, "greedy_wins": report.wins[seat],
                      "mean_steps": round(report.mean_steps, 1)})
    return {"games": played, "greedy_wins": wins, "greedy_win_rate": round(wins / played, 4), "by_seat": seats}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--greedy-games", type=int, default=300)
    args = parser.parse_args()
    speed = random_playouts(args.repeat)
    verdict = "meets" if speed["steps_per_second"] >= TARGET_STEPS_PER_SECOND else "MISSES"
    print(json.dumps({"random_playouts": speed, "target": TARGET_STEPS_PER_SECOND, "verdict": verdict}, indent=1))
    print(json.dumps({"greedy_vs_3_random": greedy_win_rate(args.greedy_games, 7)}, indent=1))
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        run_simulation(GAME, 4, 30, 7, "random")
        profiler.disable()
        stream = io.StringIO()
        pstats.Stats(profiler, stream=stream).sort_stats("tottime").print_stats(15)
        print(stream.getvalue())


if __name__ == "__main__":
    main()
