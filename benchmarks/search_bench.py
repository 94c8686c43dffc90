"""Speed figures for the search bots (issue 12), in one process run:

1. **Engines**: steps per CPU-second (time.process_time of the measured loop) of four-player
   random playouts of every game, played exactly as `fishtable simulate --game G --players 4
   --games 300 --seed 7 --bot random --json` plays them; High Card (the test game) with 3 players.
2. **RLCard** (when it is installed; it is not a dependency of fishtable): steps (`env.step`
   calls) per CPU-second of its Uno and Leduc Hold'em environments with uniform random legal
   actions. Each of the `--repeat` rounds measures every game, then RLCard, so the two are
   interleaved in the one process; the ratio of every game to each environment is taken per
   round, and its median and best are printed (the goal: at least 2x Uno).
3. **Search**: for every game that deals worlds from a view (`sample_world`), the hard
   bot's iterations per second and per decision: it plays seat 1 against the normal bot
   until `--decisions` searched decisions are made, `--seconds` each.

    python benchmarks/search_bench.py                  # everything, 1 s per decision
    python benchmarks/search_bench.py --seconds 0.2 --decisions 10 --repeat 1
    python benchmarks/search_bench.py --json            # one JSON object
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fishtable.arena.simulate import make_options, run_simulation
from fishtable.bots import bot_rng, get_bot
from fishtable.bots.search import SearchBot, can_search
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import get_entry

REAL_GAMES = ("crazy-fishing", "fishing-party", "big-fish", "fishing-party-poker")
TEST_GAME = "high-card"


def _games() -> list[str]:
    from tests import tinygame

    tinygame.install()
    return [*REAL_GAMES, TEST_GAME]


def _players(game: str) -> int:
    return min(4, get_entry(game).max_players)


def engine_round(game: str, games: int) -> tuple[int, float]:
    """One measured run of random playouts: (steps, CPU-seconds)."""
    start = time.process_time()
    report = run_simulation(game, _players(game), games, 7, "random")
    return report.steps, time.process_time() - start


def rlcard_round(env_name: str, seconds: float, seed: int) -> tuple[int, float] | None:
    """Uniform random legal actions in an RLCard environment for `seconds` of CPU:
    (env.step calls, CPU-seconds). None when RLCard is not installed."""
    try:
        import rlcard
    except ImportError:
        return None
    env = rlcard.make(env_name, config={"seed": seed})
    rng = random.Random(seed)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[int(rng.random() * len(legal))])
            steps += 1
    return steps, time.process_time() - start


def interleaved_speeds(games: list[str], repeat: int, playouts: int, rl_seconds: float) -> tuple[list, list]:
    """Every game, then every RLCard environment, `repeat` times over: speeds per round."""
    per_game: dict[str, list[float]] = {g: [] for g in games}
    steps_of: dict[str, int] = {}
    per_env: dict[str, list[float]] = {}
    for r in range(repeat):
        for game in games:
            steps, cpu = engine_round(game, playouts)
            per_game[game].append(steps / cpu)
            steps_of[game] = steps
        for env in ("uno", "leduc-holdem"):
            measured = rlcard_round(env, rl_seconds, r)
            if measured is not None:
                per_env.setdefault(env, []).append(measured[0] / measured[1])
    engines = []
    for game, speeds in per_game.items():
        line = {"game": game, "players": _players(game), "games": playouts, "steps": steps_of[game],
                "steps_per_cpu_second": round(statistics.median(speeds), 1),
                "best_steps_per_cpu_second": round(max(speeds), 1)}
        for env, env_speeds in per_env.items():
            ratios = [a / b for a, b in zip(speeds, env_speeds, strict=True)]
            key = env.replace("-", "_")
            line[f"ratio_to_{key}"] = round(statistics.median(ratios), 2)
            line[f"best_ratio_to_{key}"] = round(max(ratios), 2)
        engines.append(line)
    rl = [{"env": env, "steps_per_cpu_second": round(statistics.median(v), 1)} for env, v in per_env.items()]
    return engines, rl


def search_speed(game_name: str, seconds: float, decisions: int, seed: int = 1) -> dict | None:
    """The hard bot in seat 1 against the normal bot until `decisions` searches are made."""
    entry = get_entry(game_name)
    game = entry.load()
    if not can_search(game):
        return None
    players = _players(game_name)
    options = make_options(game)
    hard = SearchBot(game, seconds=seconds)
    normal = get_bot(game_name, "normal")
    per_decision: list[int] = []
    times: list[float] = []
    g = 0
    while len(per_decision) < decisions:
        seats = [SeatInfo(name=f"P{i + 1}") for i in range(players)]
        state = game.new_game(options, seats, seed + g)
        rngs = [bot_rng(seed + g, s, 0) for s in range(players)]
        g += 1
        while game.pending(state) and len(per_decision) < decisions:
            seat = next(iter(game.pending(state)))
            legal = game.legal_actions(state, seat)
            view = game.view(state, seat)
            if seat == 0 and len(legal) > 1:
                result = hard.search(view, legal, rngs[seat])
                per_decision.append(result.iterations)
                times.append(result.seconds)
                action = result.best
            else:
                action = normal.choose(view if normal.needs_view else None, legal, rngs[seat])
            state, _ = game.apply(state, seat, action)
    total = sum(per_decision)
    return {
        "game": game_name,
        "players": players,
        "seconds_per_decision": seconds,
        "decisions": len(per_decision),
        "iterations_per_second": round(total / sum(times), 1) if times else 0.0,
        "iterations_per_decision": round(total / len(per_decision), 1) if per_decision else 0.0,
        "min_iterations": min(per_decision) if per_decision else 0,
        "games_started": g,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3, help="best of N speed runs (default 3)")
    parser.add_argument("--games", type=int, default=300, help="random playouts per speed run (default 300)")
    parser.add_argument("--rlcard-seconds", type=float, default=3.0, help="CPU-seconds per RLCard run (default 3)")
    parser.add_argument("--seconds", type=float, default=1.0, help="search time per decision (default 1)")
    parser.add_argument("--decisions", type=int, default=20, help="searched decisions per game (default 20)")
    parser.add_argument("--only", help="comma-separated games to measure (default: all)")
    parser.add_argument("--skip-search", action="store_true", help="measure the engines only")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)

    games = _games()
    if args.only:
        games = [g for g in games if g in args.only.split(",")]
    out: dict = {"load_average": os.getloadavg(), "engines": [], "rlcard": [], "search": []}
    out["engines"], out["rlcard"] = interleaved_speeds(games, args.repeat, args.games, args.rlcard_seconds)
    rl = {f["env"]: f["steps_per_cpu_second"] for f in out["rlcard"]}
    if not args.skip_search:
        for game in games:
            figures = search_speed(game, args.seconds, args.decisions)
            if figures is not None:
                out["search"].append(figures)
                if not args.json:
                    print(f"search {game}: {figures['iterations_per_second']:,.0f} iterations/s, "
                          f"{figures['iterations_per_decision']:,.0f} per decision", flush=True)
    out["load_average_after"] = os.getloadavg()
    if args.json:
        print(json.dumps(out))
        return 0
    print()
    print(f"{'game':<22}{'steps/CPU-s':>12}" + "".join(f"{'x ' + env + ' (best)':>24}" for env in rl))
    for line in out["engines"]:
        ratios = ""
        for env in rl:
            key = env.replace("-", "_")
            ratios += f"{line[f'ratio_to_{key}']:>16.2f} ({line[f'best_ratio_to_{key}']:.2f})"
        print(f"{line['game']:<22}{line['steps_per_cpu_second']:>12,.0f}{ratios}")
    for f in out["rlcard"]:
        print(f"{'rlcard ' + f['env']:<22}{f['steps_per_cpu_second']:>12,.0f}")
    if not rl:
        print("(RLCard is not installed: `pip install rlcard` to compare)")
    if out["search"]:
        print()
        print(f"{'search':<22}{'s/decision':>12}{'decisions':>11}{'iter/s':>10}{'iter/decision':>15}")
        for f in out["search"]:
            print(f"{f['game']:<22}{f['seconds_per_decision']:>12g}{f['decisions']:>11}"
                  f"{f['iterations_per_second']:>10,.0f}{f['iterations_per_decision']:>15,.0f}")
    missing = [g for g in games if g not in {f["game"] for f in out["search"]}]
    if missing and not args.skip_search:
        print(f"no sampler yet (no search figures): {', '.join(missing)}")
    print(f"load average before {out['load_average'][0]:.2f}, after {out['load_average_after'][0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
