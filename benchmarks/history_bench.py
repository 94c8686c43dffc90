"""CPU time to open History (recent games + standings) on a generated database of N games.

    python benchmarks/history_bench.py [--games 10000]

Records a few real finished games once, then copies their rows N times with
different names, ends and scores (in one transaction), and measures what the
History screen reads when it opens: `recent(limit=200)`, `outcomes` and the
standings built from them.
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import tempfile
import time
from pathlib import Path

from fishtable.history import store
from fishtable.history.record import record_of
from fishtable.history.schema import HISTORY_NAME
from fishtable.history.standings import standings
from tests.history.games import GAMES, played

NAMES = ("Ana", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")


def build(path: Path, games: int) -> None:
    for n, game in enumerate(GAMES):
        store.record_game(path, record_of(played(game, n + 1), seconds=60, ended=float(n)))
    rng = random.Random(1)
    with sqlite3.connect(path) as conn:
        templates = conn.execute("SELECT id FROM games").fetchall()
        for i in range(games - len(templates)):
            source = templates[i % len(templates)][0]
            cur = conn.execute(
                "INSERT INTO games (game, seed, steps, state_hash, save_version, result, winners, "
                "started, ended, seconds, source, imported) SELECT game, seed, steps, state_hash, "
                "save_version, result, winners, started, ?, seconds, source, 0 FROM games WHERE id = ?",
                (1000.0 + i, source))
            conn.execute("INSERT INTO moves (game_id, options, actions) SELECT ?, options, actions FROM moves "
                         "WHERE game_id = ?", (cur.lastrowid, source))
            names = rng.sample(NAMES, 3)
            scores = [rng.randrange(40) for _ in names]
            best = max(scores)
            conn.executemany(
                "INSERT INTO seats (game_id, seat, name, kind, level, place, score, rank, winner, game, ended, shared, "
                "counted) SELECT ?, ?, ?, 'human', NULL, 'local', ?, ?, ?, game, ended, ?, 1 FROM games WHERE id = ?",
                [(cur.lastrowid, s, names[s], scores[s], 1 + sum(o > scores[s] for o in scores),
                  int(scores[s] == best), int(scores[s] == best and scores.count(best) > 1), cur.lastrowid)
                 for s in range(3)])
    conn.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / HISTORY_NAME
        build(path, args.games)
        size = path.stat().st_size
        for label, read in (
            ("recent games (200)", lambda: store.recent(path, limit=200)),
            ("recent games of a player", lambda: store.recent(path, player="Ana", limit=200)),
            ("standings (all)", lambda: standings(store.outcomes(path))),
            ("standings of a game", lambda: standings(store.outcomes(path, "big-fish"))),
            ("History opens (all three)", lambda: (store.recent(path, limit=200), standings(store.outcomes(path)))),
        ):
            best = min(_cpu(read) for _ in range(5))
            print(f"{label:<28} {best * 1000:7.1f} ms CPU  ({args.games} games, {size / 1e6:.1f} MB)")


def _cpu(read) -> float:
    start = time.process_time()
    read()
    return time.process_time() - start


if __name__ == "__main__":
    main()
