"""Key presses and handoffs per round: a seeded three-human Crazy Fishing game through the Pilot.

    python benchmarks/handoff_bench.py [--seed 7] [--games 3] [--json]

Three people share the keyboard; every decision is made by keys, the way a
player who knows the game would press them (the first legal cast, picked by
number and Space; the first fish; the suggested draw). It counts every key
press, the pass-the-keyboard screens (a named player: a handoff) and the
anonymous covers, per round, and reports the means.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fishtable.engine.match import Match  # noqa: E402
from fishtable.engine.protocol import SeatInfo  # noqa: E402
from fishtable.engine.registry import load_game  # noqa: E402
from fishtable.tui.app import FishtableApp  # noqa: E402

MAX_SCREENS = 3000


async def settle(pilot) -> None:
    app = pilot.app
    await pilot.pause()
    for _ in range(500):
        flow = getattr(app, "flow", None)
        if not any(w.is_running for w in app.workers) and (flow is None or flow.thinking is None):
            break
        await app.workers.wait_for_complete()
        await pilot.pause()
    await pilot.pause()


async def play(seed: int) -> dict[str, float]:
    game = load_game("crazy-fishing")
    seats = [SeatInfo(name=n) for n in ("Elena", "Tomás", "Ana")]
    match = Match.start(game, game.options_model()(), seats, seed)
    kwargs = {"data_dir": tempfile.mkdtemp(), "start_match": match, "bot_pause": 0, "autosave": False}
    if "arming" in inspect.signature(FishtableApp.__init__).parameters:
        kwargs["arming"] = (0.0, 0.0)  # measure keys, not the arming wait
    app = FishtableApp(**kwargs)
    counts: Counter[str] = Counter()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)

        async def press(*keys: str) -> None:
            counts["keys"] += len(keys)
            counts["enter"] += keys.count("enter")
            await pilot.press(*keys)
            await settle(pilot)

        for _ in range(MAX_SCREENS):
            screen = app.screen
            name = type(screen).__name__
            if name == "ResultsScreen":
                break
            if name == "PrivacyScreen":
                counts["handoffs" if screen.player is not None else "covers"] += 1
                await press("enter")
            elif name == "CastScreen":
                cast = next(a for a in match.legal_actions(screen.seat) if a.kind == "cast")
                hand = [c.id for c in screen.hand]
                keys: list[str] = []
                for cid in (*cast.rods, *cast.baits):
                    keys += [str(hand.index(cid) + 1), "space"]
                await press(*keys, "enter")
            elif name == "TableScreen" and screen.kind in {"catch", "pair"} and screen.seat is not None:
                before = match.step_count
                await press("enter")
                if match.step_count == before and screen.kind == "catch":
                    await press("space", "tab", "space", "enter")  # the Reel: two fish
            else:
                await press("enter")
        rounds = match.view(None).round
    return {"rounds": rounds, **counts}


async def main(seed: int, games: int) -> dict[str, float]:
    totals: Counter[str] = Counter()
    for i in range(games):
        totals.update(await play(seed + i))
    rounds = totals["rounds"]
    return {
        "games": games,
        "rounds": rounds,
        "keys_per_round": round(totals["keys"] / rounds, 2),
        "enter_per_round": round(totals["enter"] / rounds, 2),
        "handoffs_per_round": round(totals["handoffs"] / rounds, 2),
        "covers_per_round": round(totals["covers"] / rounds, 2),
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = asyncio.run(main(args.seed, args.games))
    print(json.dumps(report) if args.json else "\n".join(f"{k:>20}: {v}" for k, v in report.items()))
