"""Speed figures for the search bots (issue 12), in one process run:

1. **Engines**: steps per second of four-player random playouts of every game, measured
   exactly as `fishtable simulate --game G --players 4 --games 300 --seed 7 --bot random
   --json` measures them (best of `--repeat`); High Card (the test game) with 3 players.
2. **RLCard** (when it is installed; it is not a dependency of fishtable): steps per second
   of its Uno and Leduc Hold'em environments with uniform random legal actions, in the
   same run, and the ratio of every game to each (the goal: at least 2x Uno).
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
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fishtable.bots import bot_rng, get_bot
from fishtable.bots.search import SearchBot, can_search
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import get_entry
from fishtable.simulate import make_options, run_simulation

REAL_GAMES = ("crazy-fishing", "fishing-party", "big-fish", "fishing-party-poker")
TEST_GAME = "high-card"


def _games() -> list[str]:
    from tests import tinygame

    tinygame.install()
    return [*REAL_GAMES, TEST_GAME]


def _players(game: str) -> int:
    return min(4, get_entry(game).max_players)


def engine_speed(game: str, repeat: int, games: int) -> dict:
    best = None
    for _ in range(repeat):
        report = run_simulation(game, _players(game), games, 7, "random")
        if best is None or report.steps_per_second > best.steps_per_second:
            best = report
    assert best is not None
    return {"game": game, "players": best.players, "games": best.games, "steps": best.steps,
            "steps_per_second": round(best.steps_per_second, 1)}


def rlcard_speed(env_name: str, repeat: int, seconds: float) -> dict | None:
    """Uniform random legal actions in an RLCard environment: steps (env.step calls) per second."""
    try:
        import rlcard
    except ImportError:
        return None
    best = 0.0
    steps_total = 0
    for r in range(repeat):
        env = rlcard.make(env_name, config={"seed": r})
        rng = random.Random(r)
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state, _ = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _ = env.step(legal[int(rng.random() * len(legal))])
                steps += 1
        elapsed = time.perf_counter() - start
        if steps / elapsed > best:
            best, steps_total = steps / elapsed, steps
    return {"env": env_name, "steps": steps_total, "steps_per_second": round(best, 1)}


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
    parser.add_argument("--rlcard-seconds", type=float, default=3.0, help="seconds per RLCard run (default 3)")
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
    for game in games:
        out["engines"].append(engine_speed(game, args.repeat, args.games))
        if not args.json:
            print(f"engine {game}: {out['engines'][-1]['steps_per_second']:,.0f} steps/s", flush=True)
    for env in ("uno", "leduc-holdem"):
        figures = rlcard_speed(env, args.repeat, args.rlcard_seconds)
        if figures is not None:
            out["rlcard"].append(figures)
            if not args.json:
                print(f"rlcard {env}: {figures['steps_per_second']:,.0f} steps/s", flush=True)
    rl = {f["env"]: f["steps_per_second"] for f in out["rlcard"]}
    for line in out["engines"]:
        for env, speed in rl.items():
            line[f"ratio_to_{env.replace('-', '_')}"] = round(line["steps_per_second"] / speed, 2)
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
    print(f"{'game':<22}{'steps/s':>12}" + "".join(f"{'x ' + env:>16}" for env in rl))
    for line in out["engines"]:
        ratios = "".join(f"{line[f'ratio_to_{env.replace(chr(45), chr(95))}']:>16.2f}" for env in rl)
        print(f"{line['game']:<22}{line['steps_per_second']:>12,.0f}{ratios}")
    for f in out["rlcard"]:
        print(f"{'rlcard ' + f['env']:<22}{f['steps_per_second']:>12,.0f}")
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
