"""Fishing Party engine benchmark: the issue's random-playout measurement and the greedy bot's win rate.

    python benchmarks/fishing_party_bench.py             # both measurements
    python benchmarks/fishing_party_bench.py --repeat 3  # best of 3 speed runs (less noise)
    python benchmarks/fishing_party_bench.py --profile   # also cProfile 30 random games

Runs in-process, on one core, exactly what
`fishtable simulate --game fishing-party --players 4 --games 300 --seed 7 --bot random --json` runs,
then the greedy bot against three random bots over 300 games, the greedy seat rotated
(`--bot greedy,random,random,random` and its rotations, seed 7).
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

GAME = "fishing-party"
TARGET_STEPS_PER_SECOND = 30_000
AIM_STEPS_PER_SECOND = 60_000
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
    """Greedy in one seat against three random bots, the greedy seat rotated over all four."""
    per_seat = max(1, games // 4)
    wins = played = 0
    seats = []
    for seat in range(4):
        names = ["random"] * 4
        names[seat] = "greedy"
        report = run_simulation(GAME, 4, per_seat, seed, names)
        wins += report.wins[seat]
        played += report.games
        seats.append({"bots": ",".join(names), "games": report.games, "greedy_wins": report.wins[seat],
                      "steps_per_second": round(report.steps_per_second)})
    return {"games": played, "greedy_wins": wins, "greedy_win_rate": round(wins / played, 4), "fair_share": 0.25,
            "by_seat": seats}


def profile_random(limit: int) -> str:
    profiler = cProfile.Profile()
    profiler.enable()
    run_simulation(GAME, 4, 30, 7, "random")
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(limit)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=1, help="speed runs to take the best of (default 1)")
    parser.add_argument("--greedy-games", type=int, default=300, help="games for the win rate (default 300)")
    parser.add_argument("--profile", action="store_true", help="print a cProfile of 30 random games")
    parser.add_argument("--top", type=int, default=25, help="profile lines to show (default 25)")
    args = parser.parse_args(argv)

    print("$ fishtable " + " ".join(ISSUE_ARGS))
    speed = random_playouts(args.repeat)
    print(json.dumps(speed))
    rate = speed["steps_per_second"]
    if rate >= AIM_STEPS_PER_SECOND:
        verdict = f"meets the aim of {AIM_STEPS_PER_SECOND:,}"
    elif rate >= TARGET_STEPS_PER_SECOND:
        verdict = f"meets the target of {TARGET_STEPS_PER_SECOND:,} but not the aim of {AIM_STEPS_PER_SECOND:,}"
    else:
        verdict = f"is BELOW the target of {TARGET_STEPS_PER_SECOND:,}"
    print(f"{rate:,.0f} steps/s {verdict} steps/s.")
    print()
    print(f"Greedy against three random bots ({args.greedy_games} games, greedy seat rotated):")
    print(json.dumps(greedy_win_rate(args.greedy_games, 7)))
    if args.profile:
        print()
        print(profile_random(args.top))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
