"""A table's pace: the wall time of each computer decision, per game and table size.

The hard player is built as the app builds it (`get_bot(game, "hard", players=n)`: the
app's iteration budget, with its wall-clock safety net) and sits in seat 1 of a table of
normal players; every seat's decision is timed with `time.perf_counter`, as a player at
the table waits for it. For each game and size the script plays whole seeded games (a game
played in hands: its first `--hands` hands) until at least `--decisions` hard decisions are
timed, so the early decisions (the longest playouts) and the late ones are sampled as a
table meets them, then reports the median, the 95th percentile and the longest hard
decision, and the same for the normal players (the goal: a hard decision within 1.2 s on an
otherwise idle machine, a normal one within 50 ms). Run it on an idle machine: wall time is
what is measured.

    python benchmarks/hard_pace.py                                  # every game, every size
    python benchmarks/hard_pace.py --only big-fish --players 2,5 --decisions 20
    python benchmarks/hard_pace.py --record benchmarks/results/pace-2026-12-07.jsonl
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fishtable.arena.simulate import make_options, play_to_end
from fishtable.bots import bot_rng, get_bot
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import get_entry

SIZES = {
    "crazy-fishing": range(2, 7),
    "fishing-party": range(2, 6),
    "big-fish": range(2, 6),
    "fishing-party-poker": range(2, 9),
}
HARD_SEAT = 0


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (`share` in 0..1) of `values`."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(share * len(ordered) + 0.5)))
    return ordered[rank - 1]


def pace(game_name: str, players: int, decisions: int, hands: int = 3, first_seed: int = 1) -> dict[str, Any]:
    """Time every decision of whole games at a table of `players` until `decisions` hard ones are timed."""
    game = get_entry(game_name).load()
    hands_settled = game.capabilities.hands_settled

    def stop(state: object) -> bool:  # a game played in hands: its first `hands` hands
        return hands_settled is not None and hands_settled(state) >= hands

    options = make_options(game)
    hard: list[float] = []
    normal: list[float] = []
    seed = first_seed
    legal_actions, view, clock = game.legal_actions, game.view, time.perf_counter
    while len(hard) < decisions:
        bots = [get_bot(game_name, "hard" if s == HARD_SEAT else "normal", players=players) for s in range(players)]
        rngs = [bot_rng(seed, s, 0) for s in range(players)]

        def choose(seat: int, state: object, bots: list[Any] = bots, rngs: list[Any] = rngs) -> object:
            bot = bots[seat]
            legal = legal_actions(state, seat)
            seen = view(state, seat) if bot.needs_view else None
            began = clock()
            action = bot.choose(seen, legal, rngs[seat])
            (hard if seat == HARD_SEAT else normal).append(clock() - began)
            return action

        seats = [SeatInfo(name=f"seat {s + 1}", bot="hard" if s == HARD_SEAT else "normal") for s in range(players)]
        play_to_end(game, game.new_game(options, seats, seed), choose, lambda s: "hard", seed, stop=stop)
        seed += 1
    return {
        "game": game_name,
        "players": players,
        "hard_decisions": len(hard),
        "hard_median_s": round(statistics.median(hard), 3),
        "hard_p95_s": round(percentile(hard, 0.95), 3),
        "hard_max_s": round(max(hard), 3),
        "normal_decisions": len(normal),
        "normal_median_ms": round(statistics.median(normal) * 1000, 2) if normal else None,
        "normal_p95_ms": round(percentile(normal, 0.95) * 1000, 2) if normal else None,
        "normal_max_ms": round(max(normal) * 1000, 2) if normal else None,
        "deals": seed - first_seed,
        **({"hands": hands} if hands_settled is not None else {}),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="comma-separated games (default: all four)")
    parser.add_argument("--players", help="comma-separated table sizes (default: every size of each game)")
    parser.add_argument("--decisions", type=int, default=20, help="at least this many hard decisions per game and size")
    parser.add_argument("--hands", type=int, default=3, help="hands of a game played in hands (poker)")
    parser.add_argument("--record", type=Path, help="append each line as JSON to this file")
    args = parser.parse_args()
    games = args.only.split(",") if args.only else list(SIZES)
    for game_name in games:
        sizes = [int(n) for n in args.players.split(",")] if args.players else list(SIZES[game_name])
        for players in sizes:
            line = pace(game_name, players, args.decisions, args.hands)
            print(f"{game_name} {players} players: hard median {line['hard_median_s']:.2f} s, "
                  f"p95 {line['hard_p95_s']:.2f} s, longest {line['hard_max_s']:.2f} s "
                  f"({line['hard_decisions']} decisions); normal p95 {line['normal_p95_ms']} ms, "
                  f"longest {line['normal_max_ms']} ms ({line['normal_decisions']})", flush=True)
            if args.record is not None:
                with args.record.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(line) + "\n")


if __name__ == "__main__":
    main()
