"""Which special cards, phases and events each game's tips cover (issue 43, parts 2-3).

    python benchmarks/tips_coverage.py [--games 12] [--json]

Seeded random games of every game (Crazy Fishing also with every out-of-series card)
list what the screens can show: the phases (the view's phase, or stage), the special
cards (every card kind other than the plain ones: fish, rods, baits, lures, wild or
event cards as such) and the event kinds of the log. A subject is covered when a tip
in `assets/<game>/tips.json` is triggered by it. The goal: every phase, and at least
90% of the special cards and of the events.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import GAMES, get_entry
from fishtable.tui.tips import card_subjects, load_tips

# Card kinds that are the game's plain cards, not special ones.
PLAIN = {"card:fish", "card:rod", "card:bait", "card:lure", "card:wild", "card:event", "card:oos"}
# Options that put every card of a game on the table (all out-of-series cards).
ALL_CARDS = {"crazy-fishing": {"oos_rods": True, "random_oos_fish": 10}}


@dataclass
class Seen:
    phases: set[str] = field(default_factory=set)
    cards: set[str] = field(default_factory=set)
    events: set[str] = field(default_factory=set)


def survey(game: str, games: int, steps: int = 3000) -> Seen:
    engine = get_entry(game).load()
    model = engine.options_model()
    seen = Seen()
    option_sets = [{}] + ([ALL_CARDS[game]] if game in ALL_CARDS else [])
    for options in option_sets:
        for n in range(games):
            players = engine.min_players + n % (min(engine.max_players, 4) - engine.min_players + 1)
            seats = [SeatInfo(name=f"P{i}") for i in range(players)]
            state = engine.new_game(engine.prepare_options(model(**options)), seats, n)
            rng = random.Random(n)
            for event in engine.opening_events(state):
                seen.events.add(f"event:{event.kind}")
            for _ in range(steps):
                pending = engine.pending(state)
                if not pending:
                    break
                public = engine.view(state, None).model_dump(mode="json")
                phase = public.get("phase") if isinstance(public.get("phase"), str) else public.get("stage")
                if isinstance(phase, str) and phase != "over":
                    seen.phases.add(f"phase:{phase}")
                seat = next(iter(pending))
                seen.cards |= {s for s in card_subjects(engine.view(state, seat).model_dump(mode="json"))
                               if s.startswith("card:") and s not in PLAIN}
                legal = engine.legal_actions(state, seat)
                state, events = engine.apply(state, seat, legal[int(rng.random() * len(legal))])
                seen.events |= {f"event:{event.kind}" for event in events}
    return seen


def coverage(game: str, games: int) -> dict[str, object]:
    tips = load_tips(get_entry(game).load_ui().assets)
    covered = {subject for tip in tips for subject in tip.when}
    seen = survey(game, games)
    report: dict[str, object] = {"game": game, "tips": len(tips)}
    for part in ("phases", "cards", "events"):
        subjects: set[str] = getattr(seen, part)
        hit = subjects & covered
        report[part] = {"covered": len(hit), "of": len(subjects),
                        "share": round(len(hit) / len(subjects), 3) if subjects else 1.0,
                        "missing": sorted(subjects - covered)}
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    reports = [coverage(entry.name, args.games) for entry in GAMES if entry.playable]
    if args.json:
        print(json.dumps(reports, indent=1))
        return
    for report in reports:
        print(f"{report['game']}: {report['tips']} tips")
        for part in ("phases", "cards", "events"):
            line = report[part]
            assert isinstance(line, dict)
            missing = f"  missing: {', '.join(line['missing'])}" if line["missing"] else ""
            print(f"  {part:7} {line['covered']:3}/{line['of']:<3} {line['share']:.0%}{missing}")


if __name__ == "__main__":
    main()
