"""Key presses and handoffs per round: seeded three-human games through the Pilot, any game.

    python benchmarks/handoff_bench.py [--game crazy-fishing] [--seed 7] [--games 3] [--json] [--by-screen]

Three people share the keyboard; every decision is made by keys, the way a
player who knows the game would press them (Crazy Fishing: the first legal
cast, each card by its number (one key a card), then Enter; the suggested fish,
which the cursor starts on, by Enter; the suggested draw by its number of rods; Fishing
Party: the greedy computer player's move, by the key shown before it, or
reached by the arrows; Big Fish: the first choice, by its key; poker: check or
call by its letter, keep the hand). Every press
is sorted into one kind:

- a handoff: Enter on a pass screen that names a player (the privacy screen,
  or the public table showing the news to everyone before that player takes
  the keyboard);
- a decision: a press that is part of a decision (the keys before the press
  that applied it, and the press itself);
- a study: Enter that acknowledges a reveal the game marks as one to study
  (the plug-in's `hold_kinds`), or a seat's look at the cards it drew in secret
  as its turn ended (`private_hold_kinds`);
- idle: anything else (an anonymous cover, a "Go on" before a pass screen).

A round is the game's own round (Crazy Fishing, Big Fish), a hand (poker), or
one turn of every player (Fishing Party); poker is played for six hands and
Fishing Party for six rounds. `--json` prints one JSON object; `--by-screen` adds
where the Enters went (screen and kind of press), to see what to cut next.

Crazy Fishing also reports `keys_per_card_cast`: the keys pressed on cast screens,
less the one Enter of each cast, for each card put into a cast (the goal: 1), and
`keys_per_cast` with `cards_per_cast` (the goal: one more key than cards).
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
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fishtable.engine.match import Match  # noqa: E402
from fishtable.engine.protocol import SeatInfo  # noqa: E402
from fishtable.engine.registry import load_game  # noqa: E402
from fishtable.tui.app import FishtableApp  # noqa: E402
from tests.tui import typist  # noqa: E402

GAMES = ("crazy-fishing", "fishing-party", "big-fish", "fishing-party-poker")
NAMES = ("Elena", "Tomás", "Ana")
MAX_SCREENS = 4000
POKER_HANDS = 6  # a poker session is played for this many hands
FP_ROUNDS = 6  # and a Fishing Party game for this many rounds (a whole game takes long through the Pilot)
CAPS = {"fishing-party-poker": POKER_HANDS, "fishing-party": FP_ROUNDS}


async def settle(pilot: Any) -> None:
    app = pilot.app
    await pilot.pause()
    for _ in range(500):
        flow = getattr(app, "flow", None)
        if not any(w.is_running for w in app.workers) and (flow is None or flow.thinking is None):
            break
        await app.workers.wait_for_complete()
        await pilot.pause()
    await pilot.pause()


def rounds_of(match: Match) -> float:
    view = match.view(None)
    if hasattr(view, "round"):
        return float(view.round)
    if hasattr(view, "hand_number"):
        return float(view.hand_number)
    return max(1.0, (view.turn_number - 1) / len(match.seats))  # Fishing Party: turns of every player


def hold_news(app: Any, match: Match, seen: int) -> bool:
    """Is a reveal to study on the table, not yet acknowledged?"""
    kinds = app.flow.ui.hold_kinds
    return any(e.news and e.visible_to is None and e.kind in kinds for e in match.events_since(seen))


# The keys a player who knows the game presses: tests/tui/typist.py (the fast-typist tests play by them too).


BY_SCREEN: Counter[str] = Counter()  # Enters by "screen: kind of press", over every game played


async def play(game_id: str, seed: int) -> dict[str, float]:
    game = load_game(game_id)
    seats = [SeatInfo(name=n) for n in NAMES]
    options = game.options_model()()
    if hasattr(game, "prepare_options"):
        options = game.prepare_options(options)
    match = Match.start(game, options, seats, seed)
    kwargs: dict[str, Any] = {"data_dir": tempfile.mkdtemp(), "start_match": match, "bot_pause": 0,
                              "autosave": False}
    if "arming" in inspect.signature(FishtableApp.__init__).parameters:
        kwargs["arming"] = (0.0, 0.0)  # measure keys, not the arming wait
    app = FishtableApp(**kwargs)
    counts: Counter[str] = Counter()
    pending_keys = 0  # keys of a decision not yet applied
    seen = match.event_count
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)

        async def press(*keys: str, kind: str | None) -> None:
            nonlocal pending_keys, seen
            before = match.step_count
            where = type(app.screen).__name__ + ":" + str(getattr(app.screen, "kind", "") or "")
            counts["keys"] += len(keys)
            counts["enter"] += keys.count("enter")
            await pilot.press(*keys)
            await settle(pilot)
            if kind is not None:
                BY_SCREEN[f"{where} {kind}"] += keys.count("enter")
                counts[kind] += len(keys)
                if kind == "study" and where.startswith("TableScreen"):  # the public reveals are seen
                    seen = match.event_count
            elif match.step_count != before:
                BY_SCREEN[f"{where} decision"] += keys.count("enter")
                counts["decision"] += len(keys) + pending_keys
                pending_keys = 0
            else:
                BY_SCREEN[f"{where} pending"] += keys.count("enter")
                pending_keys += len(keys)

        for _ in range(MAX_SCREENS):
            screen = app.screen
            name = type(screen).__name__
            if name == "ResultsScreen":
                break
            if game_id in CAPS and rounds_of(match) > CAPS[game_id]:
                break
            enter = typist.enter_kind(screen)
            if enter == "study" and name == "TableScreen":
                # A reveal to study, or the game's last news before the results.
                enter = "study" if match.is_over or hold_news(app, match, seen) else "idle"
            if enter is not None:
                await press("enter", kind=enter)
                continue
            planned = typist.plan(game_id, screen, match, by_number=False)
            if planned is not None:
                steps = match.step_count
                await press(*planned.keys, kind=None)
                if name == "CastScreen" and match.step_count != steps:
                    cast = planned.moves[0]  # counted from the cast the keys were made for
                    counts["casts"] += 1
                    counts["cast_keys"] += len(planned.keys)
                    counts["cast_cards"] += len(cast.rods) + len(cast.baits)
            else:
                key = typist.choice_key(screen, 0)  # the first choice, by the key shown before it
                await press(key or "enter", kind=None)
        counts["idle"] += pending_keys  # keys that never led to a decision
        rounds = rounds_of(match)
        if game_id in CAPS:
            rounds = min(rounds, CAPS[game_id])
    return {"rounds": rounds, **counts}


async def main(game_id: str, seed: int, games: int, by_screen: bool = False) -> dict[str, Any]:
    totals: Counter[str] = Counter()
    for i in range(games):
        totals.update(await play(game_id, seed + i))
    rounds = totals["rounds"]

    def per(key: str) -> float:
        return round(totals[key] / rounds, 2)

    report: dict[str, Any] = {
        "game": game_id,
        "games": games,
        "rounds": rounds,
        "keys_per_round": per("keys"),
        "enters_per_round": per("enter"),
        "handoffs_per_round": per("handoff"),
        "decision_presses_per_round": per("decision"),
        "study_presses_per_round": per("study"),
        "idle_presses_per_round": per("idle"),
    }
    if totals["casts"]:
        # Keys for the cards themselves: every key on a cast screen but the one Enter that casts.
        report["keys_per_card_cast"] = round((totals["cast_keys"] - totals["casts"]) / totals["cast_cards"], 2)
        report["keys_per_cast"] = round(totals["cast_keys"] / totals["casts"], 2)
        report["cards_per_cast"] = round(totals["cast_cards"] / totals["casts"], 2)
    if by_screen:
        report["enters_per_round_by_screen"] = {k: round(v / rounds, 2) for k, v in BY_SCREEN.most_common() if v}
    return report


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES, default="crazy-fishing")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--by-screen", action="store_true", help="where the Enters went")
    args = parser.parse_args()
    report = asyncio.run(main(args.game, args.seed, args.games, args.by_screen))
    print(json.dumps(report) if args.json else "\n".join(f"{k:>28}: {v}" for k, v in report.items()))
