"""The hard player's strength at the app's budget, one deal at a time, resumable.

A tournament of 100 deals at the app's budget takes hours of CPU (about one CPU-second per
hard decision), more than one sitting may have. This script plays deal after deal, each in
every seating (exactly as `fishtable tournament --games <players> --seed <deal>` plays it),
and appends one JSON line per deal to a results file, so a run can stop at any time and go
on later from the next deal; `--report` sums the file up with the tournament's own
statistics: the hard player's win rate with its 95% interval and share of the fair share,
and its score margin per deal with its 95% interval and sign test.

The budget is the app's: `hard_iterations(game, players)` iterations per decision (scaled by
the game's share for the decision's phase, `HARD.phase_shares`), with no wall-clock cap, so a
loaded machine makes a run slower but never weakens the player. Each line records the commit,
the budget, its shares and the search (tree, or sequential halving) it was played with, and the
report refuses a file that mixes budgets, shares or searches.

    python benchmarks/hard_strength.py --game big-fish --bots hard,normal --deals 100
    python benchmarks/hard_strength.py --game big-fish --bots hard,normal --report
    python benchmarks/hard_strength.py --report-all          # every file in --folder
    python benchmarks/hard_strength.py --game big-fish --bots hard,normal --deals 100 --jobs 2  # 2 deals at once

A poker session lasts until one player has every chip: hundreds of decisions, and the match's
outcome is one coin of luck per seating. `--hand-limit N` scores a deal by the chips after its
first N hands instead, in every seating: the same cards for both players, so the margin is
chips won on equal cards (duplicate poker), in its own results file. The players are not told
(the game's own hand limit would make its last hand all or nothing: never fold).

    python benchmarks/hard_strength.py --game fishing-party-poker --bots hard,normal --hand-limit 1

A deal in every seating costs as many games as there are seats: five at a five-seat table.
`--rotated` plays each deal once, the hard player in seat `(deal - 1) % players` (so the seats
rotate from deal to deal), in its own `-rotated` file: a deal's margin is then the hard
player's score minus the others' mean in that one game, noisier than the mean over every
seating but a fifth of the CPU at five seats.

    python benchmarks/hard_strength.py --game big-fish --bots hard,normal,normal,normal,normal --rotated --deals 60
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fishtable.arena.seatings import Seating, default_jobs, in_processes, play_seating
from fishtable.arena.stats import deal_margins, summarize
from fishtable.arena.tournament import run_tournament, wilson
from fishtable.bots import hard_iterations, hard_player, search_settings

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "benchmarks" / "results"
PLAYER = "hard"


def results_file(folder: Path, game: str, bots: list[str], hand_limit: int | None = None,
                 rotated: bool = False) -> Path:
    hands = f"-hands{hand_limit}" if hand_limit else ""
    once = "-rotated" if rotated else ""
    return folder / f"strength-{game}-{'-'.join(bots)}{hands}{once}.jsonl"


def commit() -> str:
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                             capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return out.stdout.strip()


def read_lines(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def search_kind(game: str) -> str:
    """Which search the game's hard player runs: sequential halving, or the tree."""
    return "halving" if search_settings(game).get("halving") else "tree"


def deal_line(
    game: str, bots: list[str], deal: int, iterations: int, hand_limit: int | None, started: float, *,
    wins: float, games: int, margin: float | None, decisions: int, think_seconds: float, rotated: bool = False,
) -> dict[str, Any]:
    """One deal's line of a results file: what was played, with which budget, and how it went."""
    return {
        "deal": deal,
        "game": game,
        "bots": bots,
        "iterations": iterations,
        **({"shares": shares} if (shares := dict(hard_player(game).phase_shares)) else {}),
        **({"hand_limit": hand_limit} if hand_limit else {}),
        "search": search_kind(game),
        **({"rotated": True} if rotated else {}),
        "commit": commit(),
        "wins": wins,
        "games": games,
        "margin": margin,
        "decisions": decisions,
        "think_seconds": round(think_seconds, 3),
        "cpu_seconds": round(time.process_time() - started, 3),
    }


def play_rotated(
    game: str, bots: list[str], deal: int, iterations: int, hand_limit: int | None = None,
) -> dict[str, Any]:
    """One deal in one seating, the bots shifted by `(deal - 1) % players` seats: game
    `(deal - 1) % players` of a tournament whose seed makes it deal `deal`."""
    started = time.process_time()
    players = len(bots)
    seating = Seating(game, tuple(bots), (deal - 1) % players, deal, iterations=iterations,
                      hand_limit=hand_limit)
    played = play_seating(seating)
    seat_names = [bots[j] for j in played.bot_in]
    hard_seats = [s for s, name in enumerate(seat_names) if name == PLAYER]
    wins = sum(1 / len(played.winners) for w in played.winners if w in hard_seats)
    margins = deal_margins([(deal, seat_names, played.scores)], PLAYER) if played.scores is not None else []
    counts = played.thinking[bots.index(PLAYER)]
    line = deal_line(game, bots, deal, iterations, hand_limit, started, wins=wins, games=1,
                     margin=margins[0] if margins else None, decisions=counts.decisions,
                     think_seconds=counts.seconds, rotated=True)
    return {**line, "hard_seat": hard_seats[0]}


def play_deal(
    game: str, bots: list[str], deal: int, iterations: int, hand_limit: int | None = None,
) -> dict[str, Any]:
    """One deal in every seating: the hard player's wins, games and margin on it."""
    started = time.process_time()
    report = run_tournament(game, bots, games=len(bots), seed=deal, iterations=iterations, hand_limit=hand_limit)
    line = next(line for line in report.lines if line.name == PLAYER)
    return deal_line(game, bots, deal, iterations, hand_limit, started, wins=line.wins, games=line.seat_games,
                     margin=line.margin.mean if line.margin is not None else None, decisions=line.decisions,
                     think_seconds=line.think_seconds)


def play_deal_of(job: tuple[str, list[str], int, int, int | None, bool]) -> dict[str, Any]:
    """`play_deal` (or `play_rotated`) of one job, for the process pool (a module-level function pickles)."""
    *deal, rotated = job
    return play_rotated(*deal) if rotated else play_deal(*deal)


def run(game: str, bots: list[str], deals: int, first: int, path: Path, hand_limit: int | None = None,
        jobs: int = 1, rotated: bool = False) -> None:
    """Play the deals not in `path` yet, `jobs` at a time, each written as soon as it and the ones
    before it are done: Ctrl+C keeps every deal written (the file is read again next time)."""
    iterations = hard_iterations(game, len(bots))
    done = {line["deal"] for line in read_lines(path)}
    path.parent.mkdir(parents=True, exist_ok=True)
    todo = [(game, bots, deal, iterations, hand_limit, rotated)
            for deal in range(first, first + deals) if deal not in done]
    try:
        for line in in_processes(play_deal_of, todo, jobs):
            with path.open("a", encoding="utf-8") as out:
                out.write(json.dumps(line) + "\n")
            print(f"deal {line['deal']}: {line['wins']:g} of {line['games']} won, margin {line['margin']}",
                  flush=True)
    except KeyboardInterrupt:
        print(f"stopped: the deals finished are in {path}", flush=True)


def summary(path: Path) -> str:
    lines = read_lines(path)
    if not lines:
        return f"{path.name}: no deal played yet"
    budgets = {line["iterations"] for line in lines}
    if len(budgets) > 1:
        return f"{path.name}: mixes budgets {sorted(budgets)}; keep one file per budget"
    if len({json.dumps(line.get("shares", {}), sort_keys=True) for line in lines}) > 1:
        return f"{path.name}: mixes budget shares by phase; keep one file per budget"
    searches = {line.get("search", "tree") for line in lines}  # lines from before the field: the tree
    if len(searches) > 1:
        return f"{path.name}: mixes searches ({', '.join(sorted(searches))}); keep one file per search"
    limits = {line.get("hand_limit") for line in lines}
    if len(limits) > 1:
        return f"{path.name}: mixes hand limits; keep one file per hand limit"
    limit = limits.pop()
    if len({bool(line.get("rotated")) for line in lines}) > 1:
        return f"{path.name}: mixes rotated deals with deals in every seating; keep one file for each"
    players = len(lines[0]["bots"])
    wins = sum(line["wins"] for line in lines)
    games = sum(line["games"] for line in lines)
    low, high = wilson(wins, games)
    fair = 1 / players
    margin = summarize([line["margin"] for line in lines if line["margin"] is not None])
    think = sum(line["think_seconds"] for line in lines) / max(1, sum(line["decisions"] for line in lines))
    cpu = sum(line["cpu_seconds"] for line in lines) / len(lines)
    text = (f"{lines[0]['game']} {','.join(lines[0]['bots'])}, {searches.pop()} search at {budgets.pop()} "
            f"iterations: {len(lines)} deals{f' of {limit} hand' + 's' * (limit != 1) if limit else ''}, "
            f"{games} games; hard won {wins / games:.1%} [{low:.1%}, {high:.1%}] = {wins / games / fair:.2f}x its "
            f"fair share")
    if margin is not None:
        text += (f"; margin per deal {margin.mean:+.2f} [{margin.low:+.2f}, {margin.high:+.2f}], ahead "
                 f"{margin.ahead}, behind {margin.behind}, level {margin.deals - margin.ahead - margin.behind}, "
                 f"sign test p = {margin.sign_p:.3g}")
    return text + f"; {think:.2f} s of wall time per hard decision, {cpu:.0f} CPU-s per deal"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="crazy-fishing")
    parser.add_argument("--bots", default="hard,normal", help="one name per seat; must include hard")
    parser.add_argument("--deals", type=int, default=100, help="deals to play (those in the file are skipped)")
    parser.add_argument("--first", type=int, default=1, help="the seed of the first deal")
    parser.add_argument("--hand-limit", type=int, default=None,
                        help="a poker deal is this many hands in every seating, not a whole session")
    parser.add_argument("--jobs", type=int, default=default_jobs(),
                        help="deals played at once, one process each (default: this machine's cores)")
    parser.add_argument("--rotated", action="store_true",
                        help="each deal once, the seats rotated from deal to deal (not in every seating)")
    parser.add_argument("--folder", type=Path, default=FOLDER, help="where the results files are")
    parser.add_argument("--report", action="store_true", help="sum up this game's file instead of playing")
    parser.add_argument("--report-all", action="store_true", help="sum up every results file in --folder")
    args = parser.parse_args()
    bots = [name.strip() for name in args.bots.split(",")]
    if args.report_all:
        for path in sorted(args.folder.glob("strength-*.jsonl")):
            print(summary(path))
        return
    if PLAYER not in bots:
        parser.error("--bots must include hard")
    path = results_file(args.folder, args.game, bots, args.hand_limit, args.rotated)
    if not args.report:
        run(args.game, bots, args.deals, args.first, path, args.hand_limit, max(1, args.jobs), args.rotated)
    print(summary(path))


if __name__ == "__main__":
    main()
