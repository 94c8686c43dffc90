"""What each game's guided first game and tips teach: special cards, phases, events (issue 43).

    python benchmarks/lesson_coverage.py [--games 6] [--json]

For each of the four games, three lists of what exists, derived from the game itself:

- special cards: from its shipped `assets/<game>/cards.json`, every card value a view names as
  `card:<value>` other than the plain kinds (Fishing Party: `specials` and `magic_lures`; Big Fish:
  every wild and event card's effect; Crazy Fishing: rod and bait specials, fish kinds other than a
  plain fish, out-of-series effects; poker: none, its cards are ranks and suits);
- phases: the `Literal` values of the view model's `phase` field (or `stage`, where it has no
  phase), less `over` (the results screen, not a phase of play);
- events: the kinds named in the game package's `event("kind", ...)` calls, and the kinds seen in
  seeded random games (for kinds made at run time, such as a poker bet's `call` or `raise`).

A subject is introduced by the guided game when a lesson fired on it (the subjects present when
it fired, following the coach: `benchmarks/lesson_reach.py`), and covered by the tips when a tip
in `assets/<game>/tips.json` is triggered by it. The goal: every phase, and at least 90% of the
special cards and of the events, in the guided game or the tips. Exit status 1 if a game falls
short. A game without a lessons.json (Crazy Fishing's comes from another branch) is reported on
its tips alone, with a line saying so.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import json
import random
import sys
import typing
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import GAMES, get_entry
from fishtable.tui.tips import load_tips

ROOT = Path(__file__).resolve().parents[1]
PARTS = ("cards", "phases", "events")
GOAL = {"cards": 0.9, "phases": 1.0, "events": 0.9}
EVENT_MAKERS = {"event", "make_event"}  # the names a game makes its log lines with
# Options that put every card of a game on the table (Crazy Fishing's out-of-series cards).
ALL_CARDS: dict[str, dict[str, object]] = {"crazy-fishing": {"oos_rods": True, "random_oos_fish": 10}}


def _reach() -> Any:
    """benchmarks/lesson_reach.py, loaded by path (this folder is no package)."""
    name = "lesson_reach"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / "lesson_reach.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


# -- what exists --------------------------------------------------------------------------------
def special_cards(game: str) -> set[str]:
    data = json.loads((ROOT / "assets" / game.replace("-", "_") / "cards.json").read_text(encoding="utf-8"))
    found: set[str] = set()
    if game == "fishing-party":
        found |= {card["effect"] for card in data["specials"]}
        found |= {"magic_lure"} if data.get("magic_lures") else set()
    elif game == "big-fish":
        found |= {card["effect"]["type"] for card in (*data["wilds"], *data["events"])}
    elif game == "crazy-fishing":
        found |= {card["special"] for card in (*data["rods"], *data["baits"]) if card.get("special")}
        found |= {card["kind"] for card in data["fish"] if card.get("kind") not in (None, "fish")}
        found |= {card["effect"] for card in data.get("oos_fish", ()) if card.get("effect")}
    return {f"card:{value}" for value in found}


def phases(game: str) -> set[str]:
    engine = get_entry(game).load()
    state = engine.new_game(engine.prepare_options(engine.options_model()()), _seats(engine.min_players), 1)
    fields = type(engine.view(state, None)).model_fields
    field = fields.get("phase") or fields["stage"]
    values = typing.get_args(field.annotation)
    if not values:  # a plain str: the stage in words; the phase is then the Literal
        values = typing.get_args(fields["stage"].annotation)
    return {f"phase:{value}" for value in values if value != "over"}


def event_kinds(game: str, games: int) -> set[str]:
    """Kinds named by the game's own `event("kind", ...)` calls, and those seen in random games."""
    module = get_entry(game).module
    assert module is not None
    folder = ROOT / module.replace(".", "/")
    kinds: set[str] = set()
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in EVENT_MAKERS
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                kinds.add(node.args[0].value)
    kinds |= _seen_kinds(game, games)
    return {f"event:{kind}" for kind in kinds}


def _seats(players: int) -> list[SeatInfo]:
    return [SeatInfo(name=f"P{i}") for i in range(players)]


def _seen_kinds(game: str, games: int, steps: int = 2000) -> set[str]:
    engine = get_entry(game).load()
    model = engine.options_model()
    seen: set[str] = set()
    for options in ({}, *([ALL_CARDS[game]] if game in ALL_CARDS else [])):
        for n in range(games):
            players = engine.min_players + n % (min(engine.max_players, 4) - engine.min_players + 1)
            state = engine.new_game(engine.prepare_options(model(**options)), _seats(players), n)
            seen |= {event.kind for event in engine.opening_events(state)}
            rng = random.Random(n)
            for _ in range(steps):
                pending = engine.pending(state)
                if not pending:
                    break
                seat = min(pending)
                legal = engine.legal_actions(state, seat)
                state, events = engine.apply(state, seat, legal[int(rng.random() * len(legal))])
                seen |= {event.kind for event in events}
    return seen


# -- what is taught -----------------------------------------------------------------------------
def introduced(game: str) -> set[str] | None:
    """The subjects the guided game's lessons fired on (following the coach), None without lessons."""
    reach = _reach()
    if not reach.lessons_path(game).is_file():
        return None
    lessons = reach.load_lessons(game)
    run = reach.play(game, lessons, deviate=False)
    return {subject for firing in run.fired.values() for subject in firing.subjects}


def coverage(game: str, games: int = 6) -> dict[str, Any]:
    tips = {subject for tip in load_tips(game.replace("-", "_")) for subject in tip.when}
    guided = introduced(game)
    exists = {"cards": special_cards(game), "phases": phases(game), "events": event_kinds(game, games)}
    report: dict[str, Any] = {"game": game, "lessons": guided is not None}
    for part in PARTS:
        subjects = exists[part]
        taught = (guided or set()) & subjects
        tipped = tips & subjects
        either = taught | tipped
        share = len(either) / len(subjects) if subjects else 1.0
        report[part] = {
            "of": len(subjects), "guided": len(taught), "tips": len(tipped), "either": len(either),
            "share": round(share, 3), "goal": GOAL[part], "met": share >= GOAL[part],
            "guided_list": sorted(taught), "missing": sorted(subjects - either),
        }
    return report


def _percent(count: int, total: int) -> str:
    return f"{count:2}/{total:<2} {count / total:4.0%}" if total else " none    "


def lines(report: dict[str, Any]) -> list[str]:
    where = _reach().ELSEWHERE.get(report["game"])
    out = [f"{report['game']}" + (f" (lessons read from {where})" if where else "" if report["lessons"] else
                                  ": no lessons.json in this worktree (another branch writes it); tips only")]
    for part in PARTS:
        row = report[part]
        verdict = "ok" if row["met"] else f"SHORT of {row['goal']:.0%}"
        out.append(f"  {part:7} guided {_percent(row['guided'], row['of'])}  tips {_percent(row['tips'], row['of'])}"
                   f"  either {_percent(row['either'], row['of'])}  {verdict}")
        if row["guided_list"]:
            out.append(f"          guided game: {', '.join(s.split(':', 1)[1] for s in row['guided_list'])}")
        if row["missing"]:
            out.append(f"          in neither: {', '.join(row['missing'])}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="seeded random games per game for the event survey")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--lessons", action="append", default=[], metavar="GAME=PATH",
                        help="read this game's lessons from PATH (a file not in this worktree yet)")
    args = parser.parse_args(argv)
    for item in args.lessons:
        game, _, path = item.partition("=")
        _reach().ELSEWHERE[game] = Path(path)
    reports = [coverage(entry.name, args.games) for entry in GAMES if entry.playable]
    if args.json:
        print(json.dumps(reports, indent=1))
    else:
        print("\n".join(line for report in reports for line in lines(report)))
    return 0 if all(report[part]["met"] for report in reports for part in PARTS) else 1


if __name__ == "__main__":
    sys.exit(main())
