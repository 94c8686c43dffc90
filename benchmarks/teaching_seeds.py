"""Choose a guided game's teaching deal: which lessons (or ideas) come up, by round.

    python benchmarks/teaching_seeds.py --game crazy-fishing                 # the shipped lessons
    python benchmarks/teaching_seeds.py --game crazy-fishing --seeds 1-200 --want card:super_fast_reel,event:catch
    python benchmarks/teaching_seeds.py --game big-fish --lessons path/to/lessons.json --json

Plays a game's guided game without a screen, as the app's coach sees it: the learner at
seat 0 and the computers at "normal", the lessons file's options (or none). The coach
looks at the learner's own view and readable log before every move (its prompt kind when
it is asked), exactly what `fishtable.tui.coach.guide.Guide.look` is given in the app. Each
seed is played twice: the learner following the coach's suggestion, and deviating (another
legal move, from a seeded shuffle) at every decision where a lesson has just fired, as the
Pilot test's learner does (tests/tui/test_coach_play.py). For each lesson the round it fired in, or "never".

With several seeds, they are ranked (best first, `--top` of them): fewest lessons never
reached, then the earliest round by which every lesson but the last has fired, then the sum
of those rounds; a good teaching deal shows the main ideas in the first rounds.
`--want` lists subjects (card:…, name:…, phase:…, event:…, prompt:…) to rank by instead:
the round each first appears on a learner's screen.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fishtable.bots import bot_rng, choose_action
from fishtable.engine.files import read_json
from fishtable.engine.match import SomeMatch
from fishtable.engine.registry import get_entry
from fishtable.tui.coach.guide import Guide
from fishtable.tui.coach.lessons import LessonPlan, LessonsFileError, load_lessons, parse_lessons
from fishtable.tui.coach.start import guided_match
from fishtable.tui.coach.teacher import screen_subjects

MAX_STEPS = 5000


def plan_of(game: str, path: str | None, seed: int | None) -> LessonPlan:
    if path is not None:
        plan = parse_lessons(read_json(Path(path), error=LessonsFileError, max_bytes=256 * 1024), path)
    else:
        folder = get_entry(game).load_ui().assets
        loaded = load_lessons(folder) if folder else None
        if loaded is None:
            raise SystemExit(f"{game} has no lessons file; give --lessons")
        plan = loaded
    if seed is not None:
        plan = LessonPlan(plan.title, seed, plan.options, plan.learner, plan.computers, plan.intro, plan.lessons)
    return plan


def play(game: str, plan: LessonPlan, deviate: bool, want: Sequence[str] = ()) -> dict[str, Any]:
    """One guided game without a screen: the round each lesson fired in, and each wanted subject."""
    match: SomeMatch = guided_match(game, plan)
    guide = Guide(plan, get_entry(game).load_ui(), game, learner=0)
    round_of = guide.round_of or (lambda view: 0)
    fired: dict[str, int | None] = {lesson.id: None for lesson in plan.lessons}
    seen: dict[str, int | None] = dict.fromkeys(want)
    deviations = 0
    rng = random.Random(7)  # the Pilot test's learner's
    lessons_seen = 0
    for _ in range(MAX_STEPS):
        if match.is_over:
            break
        pending = match.pending()
        view = match.view(0)
        number = round_of(view)
        entries = [(i, e) for i, e in enumerate(match.events_since(0)) if e.visible_for(0)]
        prompt = pending[0].kind if 0 in pending else None
        for subject in screen_subjects(view, entries, guide.read_to, prompt, round_of=guide.round_of) & set(want):
            if seen[subject] is None:
                seen[subject] = number
        lesson = guide.look(view, entries, prompt)
        if lesson is not None:
            fired[lesson.id] = number
        seat = 0 if 0 in pending else min(pending)
        if seat == 0:
            legal = match.legal_actions(0)
            guide.asked(view, legal, pending[0].kind, bot_rng(match.seed, 0, match.step_count))
            action = guide.suggested if guide.suggested is not None else legal[0]
            # Deviating, as tests/tui/test_coach_play.py's learner does: where a lesson has fired
            # since the learner's last decision, another legal move (seeded shuffle, the first).
            if deviate and len(guide.teacher.fired) > lessons_seen:
                others = [a for a in legal if not guide.same(a, action, view)]
                rng.shuffle(others)
                if others:
                    action, deviations = others[0], deviations + 1
            lessons_seen = len(guide.teacher.fired)
            guide.learner_moved(action)
        else:
            action = choose_action(match, seat)
        match.apply(seat, action)
    end = match.view(0)
    entries = [(i, e) for i, e in enumerate(match.events_since(0)) if e.visible_for(0)]
    lesson = guide.look(end, entries, None)
    if lesson is not None:
        fired[lesson.id] = round_of(end)
    return {"over": match.is_over, "rounds": round_of(end), "deviations": deviations,
            "lessons": fired, "subjects": seen}


def lateness(row: dict[str, Any], what: str) -> tuple[int, int, int]:
    """How late a seed teaches, following and deviating: lessons (or subjects) never reached, the
    latest round of any but the last (the end comes when it comes), and the sum of the rounds."""
    never, latest, total = 0, 0, 0
    for way in ("follow", "deviate"):
        rounds = list(row[way][what].values())
        never += sum(r is None for r in rounds)
        known = [r for r in rounds[:-1] if r is not None] if what == "lessons" else [r for r in rounds if r is not None]
        latest = max([latest, *known])
        total += sum(known)
    return never, latest, total


def parse_seeds(text: str) -> list[int]:
    seeds: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        seeds.extend(range(int(low), int(high or low) + 1))
    return seeds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True)
    parser.add_argument("--lessons", help="a lessons file (default: the game's shipped one)")
    parser.add_argument("--seeds", help="seeds to try, e.g. 1-200 (default: the file's seed)")
    parser.add_argument("--want", default="", help="comma-separated subjects to rank seeds by")
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    want = [w for w in args.want.split(",") if w]
    seeds = parse_seeds(args.seeds) if args.seeds else [None]
    rows = []
    started = time.perf_counter()
    for seed in seeds:
        plan = plan_of(args.game, args.lessons, seed)
        row = {"seed": plan.seed, "follow": play(args.game, plan, False, want),
               "deviate": play(args.game, plan, True, want)}
        rows.append(row)
    seconds = time.perf_counter() - started
    if len(rows) > 1:
        rows.sort(key=lambda row: lateness(row, "subjects" if want else "lessons"))
        rows = rows[: args.top]
    if args.json:
        print(json.dumps({"game": args.game, "seconds": round(seconds, 2), "rows": rows}, indent=1))
        return
    for row in rows:
        print(f"seed {row['seed']}")
        for way in ("follow", "deviate"):
            result = row[way]
            print(f"  {way}: over={result['over']} rounds={result['rounds']} deviations={result['deviations']}")
            shown = result["subjects"] if want else result["lessons"]
            for name, number in shown.items():
                print(f"    {name:32} {'never' if number is None else f'round {number}'}")
    print(f"{len(seeds)} seed(s), {seconds:.1f} s")


if __name__ == "__main__":
    main()
