"""Big Fish engine benchmark: random-playout speed and the greedy bot's win rate.

    python benchmarks/big_fish_bench.py             # both measurements
    python benchmarks/big_fish_bench.py --repeat 5  # best of 5 speed runs (less noise)
    python benchmarks/big_fish_bench.py --profile   # also cProfile the random playouts

Runs in-process, on one core, exactly what
`fishtable simulate --game big-fish --players 4 --games 300 --seed 7 --bot random --json` runs, and
`fishtable simulate --game big-fish --players 4 --games 300 --seed 7 --bot greedy,random,random,random --json`
with the greedy seat rotated over all four seats.
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

TARGET_STEPS_PER_SECOND = 30_000
AIM_STEPS_PER_SECOND = 60_000
BASE_ARGS = ["simulate", "--game", "big-fish", "--players", "4", "--games", "300", "--seed", "7", "--json"]


def simulate(bots: str) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = cli_main([*BASE_ARGS, "--bot", bots])
    if code != 0:
        raise SystemExit(f"fishtable simulate failed with exit code {code}")
    return json.loads(out.getvalue())


def random_playouts(repeat: int) -> dict:
    """The issue's command; with repeat > 1, the fastest of several runs."""
    runs = [simulate("random") for _ in range(repeat)]
    return max(runs, key=lambda r: r["steps_per_second"])


def greedy_win_rate() -> dict:
    wins = played = 0
    seats = []
    for seat in range(4):
        names = ["random"] * 4
        names[seat] = "greedy"
        report = simulate(",".join(names))
        wins += report["wins"][seat]
        played += report["games"]
        seats.append({"greedy_seat": seat + 1, "greedy_wins": report["wins"][seat], "games": report["games"],
                      "steps_per_second": report["steps_per_second"]})
    return {"games": played, "greedy_wins": wins, "greedy_win_rate": round(wins / played, 4), "fair_share": 0.25,
            "by_seat": seats}


def profile_random(limit: int) -> str:
    profiler = cProfile.Profile()
    profiler.enable()
    run_simulation("big-fish", 4, 300, 7, "random")
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(limit)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3, help="speed runs to take the best of (default 3)")
    parser.add_argument("--profile", action="store_true", help="print a cProfile of the random playouts")
    parser.add_argument("--top", type=int, default=25, help="profile lines to show (default 25)")
    args = parser.parse_args(argv)

    speed = random_playouts(args.repeat)
    print(json.dumps(speed))
    rate = speed["steps_per_second"]
    verdict = "meets" if rate >= TARGET_STEPS_PER_SECOND else "is BELOW"
    print(f"{rate:,.0f} steps/s {verdict} the target of {TARGET_STEPS_PER_SECOND:,} "
          f"(aim {AIM_STEPS_PER_SECOND:,}).")
    print()
    print("Greedy against three random bots, 300 games per rotation:")
    print(json.dumps(greedy_win_rate()))
    if args.profile:
        print()
        print(profile_random(args.top))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
