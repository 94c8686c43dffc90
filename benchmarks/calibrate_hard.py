"""The hard player's iteration budget: how many search iterations fit in one CPU-second.

The app's hard player (and the hint) search a fixed number of iterations per decision,
`HARD.iterations` in each game's `bots` module, so that the same view and seed give the
same move however busy the computer is. This script measures the CPU time of the search
(time.process_time, so a loaded machine inflates it little) at the decisions of seat 1 in
games where every seat plays the normal bot, and prints the iterations that take `--target`
CPU-seconds per decision on average, per game and table size.

    python benchmarks/calibrate_hard.py                       # every game, 2 and 4 players
    python benchmarks/calibrate_hard.py --only big-fish --players 2 --decisions 40
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fishtable.arena.simulate import make_options
from fishtable.bots import bot_rng, get_bot
from fishtable.bots.search import SearchBot, can_search
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import get_entry

REAL_GAMES = ("crazy-fishing", "fishing-party", "big-fish", "fishing-party-poker")


def cpu_per_iteration(game_name: str, players: int, decisions: int, probe: int, seed: int = 1,
                      rollout_steps: int | None = None) -> dict:
    """Mean CPU-seconds per search iteration over `decisions` searched decisions of seat 1."""
    game = get_entry(game_name).load()
    options = make_options(game)
    hard = get_bot(game_name, "hard", iterations=probe, players=players)
    assert isinstance(hard, SearchBot)
    if rollout_steps is not None:
        hard.rollout_steps = rollout_steps
    normal = get_bot(game_name, "normal")
    cpu = 0.0
    done = 0
    searched = 0
    g = 0
    while searched < decisions:
        seats = [SeatInfo(name=f"P{i + 1}") for i in range(players)]
        state = game.new_game(options, seats, seed + g)
        rngs = [bot_rng(seed + g, s, 0) for s in range(players)]
        g += 1
        moves = 0
        while game.pending(state):
            seat = next(iter(game.pending(state)))
            legal = game.legal_actions(state, seat)
            view = game.view(state, seat)
            # Every third searchable decision of seat 1, so the sample spans whole games.
            if seat == 0 and len(legal) > 1 and moves % 3 == 0 and searched < decisions:
                t0 = time.process_time()
                result = hard.search(view, legal, rngs[seat])
                cpu += time.process_time() - t0
                done += result.iterations
                searched += 1
            if seat == 0:
                moves += 1
            action = normal.choose(view if normal.needs_view else None, legal, rngs[seat])
            state, _ = game.apply(state, seat, action)
    per = cpu / done
    return {"game": game_name, "players": players, "decisions": searched, "games": g,
            "cpu_ms_per_iteration": round(per * 1000, 3)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", help="comma-separated games (default: all)")
    parser.add_argument("--players", default="2,4", help="comma-separated table sizes (default: 2,4)")
    parser.add_argument("--decisions", type=int, default=30, help="searched decisions per game (default 30)")
    parser.add_argument("--probe", type=int, default=100, help="iterations per measured search (default 100)")
    parser.add_argument("--target", type=float, default=1.0, help="CPU-seconds per decision (default 1)")
    parser.add_argument("--rollout-steps", type=int, default=None, help="override the rollout cut-off")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    games = args.only.split(",") if args.only else list(REAL_GAMES)
    rows = []
    for name in games:
        if not can_search(get_entry(name).load()):
            continue
        for players in (int(p) for p in args.players.split(",")):
            row = cpu_per_iteration(name, players, args.decisions, args.probe, rollout_steps=args.rollout_steps)
            row["iterations_for_target"] = int(args.target / (row["cpu_ms_per_iteration"] / 1000))
            rows.append(row)
            if not args.json:
                print(f"{name:<22}{players} players  {row['cpu_ms_per_iteration']:7.3f} CPU-ms/iteration  "
                      f"-> {row['iterations_for_target']} iterations per {args.target:g} CPU-s", flush=True)
    if args.json:
        print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
