"""Engine benchmark: the issue's random-playout measurement and the greedy bot's win rate.

    python benchmarks/engine_bench.py             # both measurements
    python benchmarks/engine_bench.py --profile   # also cProfile the random playouts
    python benchmarks/engine_bench.py --repeat 5  # best of 5 speed runs (less noise)

Runs in-process, on one core, exactly what
`fishtable simulate --game crazy-fishing --players 4 --games 300 --seed 7 --bot random --json` runs.
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

from fishtable.cli import main as cli_main
from fishtable.simulate import run_simulation

TARGET_STEPS_PER_SECOND = 30_000
ISSUE_ARGS = ["simulate", "--game", "crazy-fishing", "--players", "4", "--games", "300", "--seed", "7",
              "--bot", "random", "--json"]


def random_playouts(repeat: int) -> dict:
    """The issue's command, in-process; with repeat > 1, the fastest of several runs."""
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
    """Greedy in one seat against three random bots, the greedy seat rotated over all four."""
    per_seat = max(1, games // 4)
    wins = played = shared = 0
    seats = []
    for seat in range(4):
        names = ["random"] * 4
        names[seat] = "greedy"
        report = run_simulation("crazy-fishing", 4, per_seat, seed + 10_000 * seat, names)
        wins += report.wins[seat]
        played += report.games
        seats.append({"greedy_seat": seat + 1, "games": report.games, "greedy_wins": report.wins[seat]})
        shared += report.shared
    return {"games": played, "greedy_wins": wins, "greedy_win_rate": round(wins / played, 4),
            "shared_wins": shared, "fair_share": 0.25, "by_seat": seats}


def profile_random(limit: int) -> str:
    profiler = cProfile.Profile()
    profiler.enable()
    run_simulation("crazy-fishing", 4, 300, 7, "random")
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(limit)
    stats.sort_stats("cumulative").print_stats(limit)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=1, help="speed runs to take the best of (default 1)")
    parser.add_argument("--greedy-games", type=int, default=300, help="games for the win rate (default 300)")
    parser.add_argument("--profile", action="store_true", help="print a cProfile of the random playouts")
    parser.add_argument("--top", type=int, default=25, help="profile lines to show (default 25)")
    args = parser.parse_args(argv)

    print("$ fishtable " + " ".join(ISSUE_ARGS))
    speed = random_playouts(args.repeat)
    print(json.dumps(speed))
    verdict = "meets" if speed["steps_per_second"] >= TARGET_STEPS_PER_SECOND else "is BELOW"
    print(f"{speed['steps_per_second']:,.0f} steps/s {verdict} the target of {TARGET_STEPS_PER_SECOND:,} steps/s.")

    print()
    print(f"Greedy against three random bots ({args.greedy_games} games, greedy seat rotated):")
    rate = greedy_win_rate(args.greedy_games, 2024)
    print(json.dumps(rate))

    if args.profile:
        print()
        print(profile_random(args.top))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
