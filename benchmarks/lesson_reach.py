"""Does every lesson of a game's guided first game fire? (issue 43, part 2's data)

    python benchmarks/lesson_reach.py fishing-party [--to-end] [--json]
    python benchmarks/lesson_reach.py big-fish --seeds 1-200        # choose a teaching seed

Plays the guided game of `assets/<game>/lessons.json` on the engine alone (no Textual):
its seed and options, the learner at seat 0 and the computers at level "normal". Twice:

- following: the learner plays the move the coach suggests (the normal computer player's
  choice for seat 0, from seat 0's own view);
- deviating: wherever a lesson fired at a decision and another legal move exists, the learner
  plays a different legal move (seeded), and the game goes on from there;
- and, for robustness (a guided game whose learner strays all the time, as the Pilot test's
  does), deviating at every decision.

At each of the learner's decisions the subjects of its screen are read as the coach reads
them: `match.view(0)` (the public table and the learner's own cards), the log lines new
since its last decision that seat 0 may see, and the prompt's kind (`fishtable.tui.tips`'
subject functions), plus `round:<n>` from the view's round, hand or turn number. A lesson
may fire once every earlier lesson marked `after_previous` has fired (the format's rule; a
lesson marked so also waits for the one just before it, as its name says and the coach does),
and fires at the first decision where any of its subjects is present. The coach shows one
lesson at a time: a screen fires the first lesson it triggers (file order), the others wait
for a later screen. Each game is also played firing every triggered lesson at once (the
format read literally); both ways must reach every lesson.

Prints when each lesson fired in each run; exits 1 if any lesson never fires in any run.
`--seeds A-B` tries every seed in the range with the file's options and lists the best.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import re
import sys
from collections.abc import Callable, Collection, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fishtable.bots import bot_rng, choose_action, get_bot
from fishtable.engine.match import Match
from fishtable.engine.protocol import Event, SeatInfo
from fishtable.engine.registry import get_entry
from fishtable.tui.tips import event_subjects, view_subjects

ROOT = Path(__file__).resolve().parents[1]
LESSONS_FILE = "lessons.json"
SUBJECT = r"^((card|name|phase|event|prompt):.+|round:[1-9][0-9]*)$"
ROUND_FIELDS = ("round", "hand_number", "turn_number")  # a view's count of rounds, hands or turns
MAX_STEPS = 20_000  # a safety net: every guided game ends long before


# -- the lesson file format (docs: the coach's loader; extra keys are refused) ------------------
class LessonModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(min_length=1, max_length=60, pattern=r"^[a-z0-9_.-]+$")
    when: tuple[str, ...] = Field(min_length=1, max_length=20)
    text: str = Field(min_length=1, max_length=240)
    clauses: tuple[str, ...] = Field(min_length=1, max_length=12)
    highlight: tuple[str, ...] = Field(default=(), max_length=12)
    after_previous: bool = False

    @model_validator(mode="after")
    def _subjects(self) -> LessonModel:
        bad = [s for s in (*self.when, *self.highlight) if not re.match(SUBJECT, s)]
        if bad:
            raise ValueError(f"lesson {self.id}: not a subject: {', '.join(bad)}")
        return self


class LessonFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    format: Literal["fishtable-lessons"]
    version: Literal[1]
    title: str = Field(min_length=1, max_length=60)
    seed: int
    options: dict[str, Any]
    learner: str = Field(min_length=1, max_length=24)
    computers: tuple[str, ...] = Field(min_length=1, max_length=4)
    intro: str = Field(min_length=1, max_length=240)
    lessons: tuple[LessonModel, ...] = Field(min_length=1, max_length=60)

    @model_validator(mode="after")
    def _unique(self) -> LessonFile:
        ids = [lesson.id for lesson in self.lessons]
        if len(ids) != len(set(ids)):
            raise ValueError("lesson ids must be unique")
        return self


def folder_of(game: str) -> str:
    """The assets folder of a registered game (its plug-in names the same folder: crazy_fishing...)."""
    get_entry(game)  # an unknown game raises here, in words
    return game.replace("-", "_")


ELSEWHERE: dict[str, Path] = {}  # game -> a lessons file read instead of the shipped one (--lessons)


def lessons_path(game: str) -> Path:
    return ELSEWHERE.get(game) or ROOT / "assets" / folder_of(game) / LESSONS_FILE


def load_lessons(game: str) -> LessonFile:
    return LessonFile.model_validate(json.loads(lessons_path(game).read_text(encoding="utf-8")))


# -- playing the guided game --------------------------------------------------------------------
@dataclass(frozen=True)
class Firing:
    lesson: str
    decision: int  # the learner's decision number (1 = its first screen with a question)
    step: int  # the match's step count then
    round: int | None  # the view's round or hand number, where it names one
    prompt: str
    subjects: tuple[str, ...] = ()  # its `when` subjects present on that screen


@dataclass
class Run:
    game: str
    seed: int
    deviate: bool
    everywhere: bool = False  # deviating at every decision (the first other move), not only at lessons
    fired: dict[str, Firing] = field(default_factory=dict)
    decisions: int = 0
    deviations: int = 0
    steps: int = 0
    over: bool = False
    round: int | None = None
    transcript: list[str] = field(default_factory=list)  # the learner's decisions, when asked for

    def missing(self, lessons: LessonFile) -> list[str]:
        return [lesson.id for lesson in lessons.lessons if lesson.id not in self.fired]


def round_of(view: BaseModel) -> int | None:
    data = view.model_dump(mode="json")
    for name in ROUND_FIELDS:
        value = data.get(name)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def screen_subjects(match: Match[Any, Any, Any], news_from: int, prompt: str) -> set[str]:
    """What the learner's screen shows at a decision: its view, its new log lines, the question."""
    entries: Sequence[tuple[int, Event]] = [
        (news_from + index, event) for index, event in enumerate(match.events_since(news_from))
        if event.visible_for(0)]
    subjects = view_subjects(match.view(0)) | event_subjects(entries, news_from, public=False)
    subjects.add(f"prompt:{prompt}")
    return subjects


def present(subject: str, subjects: set[str], round_no: int | None) -> bool:
    if subject.startswith("round:"):
        return round_no is not None and round_no >= int(subject.removeprefix("round:"))
    return subject in subjects


def waiting(lessons: LessonFile, fired: Collection[str]) -> list[LessonModel]:
    """The lessons that may fire now, in file order: not fired yet and every earlier lesson marked
    `after_previous` fired (the format's rule, which the coach keeps); a lesson marked so itself
    also waits for the lesson just before it (what its name says; the coach does the same)."""
    ready: list[LessonModel] = []
    for index, lesson in enumerate(lessons.lessons):
        if lesson.id not in fired and (not lesson.after_previous or index == 0
                                       or lessons.lessons[index - 1].id in fired):
            ready.append(lesson)
        if lesson.after_previous and lesson.id not in fired:
            break  # a gate: nothing after it fires before it
    return ready


def due(lessons: LessonFile, fired: Collection[str], subjects: set[str], round_no: int | None,
        one_per_screen: bool = True) -> list[str]:
    """The lessons that fire on this screen, in file order: only the first (the coach shows one
    lesson at a time, the rest wait for a later screen), or every one the screen triggers."""
    now: list[str] = []
    while True:
        lesson = next((item for item in waiting(lessons, [*fired, *now])
                       if any(present(subject, subjects, round_no) for subject in item.when)), None)
        if lesson is None:
            return now
        now.append(lesson.id)
        if one_per_screen:
            return now


def next_seat(match: Match[Any, Any, Any]) -> int:
    """Whom the app asks next: a question to the whole table goes to the learner first (it is the
    one person there); otherwise the computers move before the learner, as the app's planner does."""
    pending = match.pending()
    if all(prompt.reaction for prompt in pending.values()) and 0 in pending:
        return 0
    computers = sorted(seat for seat in pending if seat != 0)
    return computers[0] if computers else 0


def start(game: str, lessons: LessonFile, seed: int | None = None) -> Match[Any, Any, Any]:
    engine = get_entry(game).load()
    seats = [SeatInfo(name=lessons.learner), *(SeatInfo(name=name, bot="normal") for name in lessons.computers)]
    options = engine.options_model()(**lessons.options)
    return Match.start(engine, options, seats, lessons.seed if seed is None else seed)


def describer(game: str) -> Callable[[Any, Any], str]:
    """The game's own words for a move seen from a view (its `describe` module), or the move's JSON."""
    module = get_entry(game).module
    try:
        return importlib.import_module(f"{module}.describe").describe  # type: ignore[no-any-return]
    except (ModuleNotFoundError, AttributeError):
        return lambda action, view: json.dumps(action.model_dump(mode="json"))


def play(game: str, lessons: LessonFile, deviate: bool, seed: int | None = None, to_end: bool = False,
         transcript: bool = False, one_per_screen: bool = True, everywhere: bool = False) -> Run:
    """Play the guided game, following the coach or deviating where a lesson fired (see the top)."""
    match = start(game, lessons, seed)
    words = describer(game) if transcript else None
    run = Run(game, match.seed, deviate, everywhere)
    coach = get_bot(game, "normal")
    swerve = random.Random(match.seed * 7919 + 1)
    seen = 0  # the first log line the learner has not seen at a decision yet
    while not match.is_over and match.step_count < MAX_STEPS:
        if not to_end and len(run.fired) == len(lessons.lessons):
            break
        seat = next_seat(match)
        if seat != 0:
            match.apply(seat, choose_action(match, seat))
            continue
        prompt = match.pending()[0].kind
        view = match.view(0)
        run.round = round_of(view)
        run.decisions += 1
        subjects = screen_subjects(match, seen, prompt)
        for lesson in due(lessons, run.fired, subjects, run.round, one_per_screen):
            when = next(item.when for item in lessons.lessons if item.id == lesson)
            shown = tuple(subject for subject in when if present(subject, subjects, run.round))
            run.fired[lesson] = Firing(lesson, run.decisions, match.step_count, run.round, prompt, shown)
        fired_here = any(f.decision == run.decisions for f in run.fired.values())
        seen = match.event_count
        legal = match.legal_actions(0)
        suggested = coach.choose(view if coach.needs_view else None, legal,
                                 bot_rng(match.seed, 0, match.step_count))
        action = suggested
        if deviate and (fired_here or everywhere) and len(legal) > 1:
            others = [move for move in legal if move != suggested]
            if others:
                action = others[int(swerve.random() * len(others))]
                run.deviations += 1
        if words is not None:
            here = [f.lesson for f in run.fired.values() if f.decision == run.decisions]
            move = words(action, view) + ("" if action == suggested else f"  (the coach: {words(suggested, view)})")
            run.transcript.append(f"#{run.decisions} {prompt}: {move}" + (f"  <- {', '.join(here)}" if here else ""))
        match.apply(0, action)
    run.steps = match.step_count
    run.over = match.is_over
    return run


def check(game: str, lessons: LessonFile | None = None, seed: int | None = None, to_end: bool = False,
          transcript: bool = False, one_per_screen: bool = True) -> tuple[Run, Run]:
    """Both runs of a game's guided game: following, then deviating."""
    lessons = load_lessons(game) if lessons is None else lessons
    return (play(game, lessons, False, seed, to_end, transcript, one_per_screen),
            play(game, lessons, True, seed, to_end, transcript, one_per_screen))


# -- the report ---------------------------------------------------------------------------------
def report(lessons: LessonFile, runs: tuple[Run, Run]) -> list[str]:
    lines = [f"{lessons.title}: seed {runs[0].seed}, options {json.dumps(lessons.options)}, "
             f"{len(lessons.lessons)} lessons"]
    for run in runs:
        kind = "deviating" if run.deviate else "following"
        end = "the game's end" if run.over else f"step {run.steps} (every lesson fired)"
        lines.append(f"  {kind}: {len(run.fired)}/{len(lessons.lessons)} fired by {end}; "
                     f"{run.decisions} learner decisions, at most {crowding(run)} lessons on one screen"
                     + (f", {run.deviations} deviations" if run.deviate else ""))
    lines.append(f"  {'lesson':24} {'following':>22} {'deviating':>22}")
    for lesson in lessons.lessons:
        cells = []
        for run in runs:
            f = run.fired.get(lesson.id)
            where = "" if f is None or f.round is None else f" r{f.round}"
            cells.append("NEVER" if f is None else f"#{f.decision}{where} {f.prompt}")
        lines.append(f"  {lesson.id:24} {cells[0]:>22} {cells[1]:>22}")
    return lines


def crowding(run: Run) -> int:
    """The most lessons that fired on one screen (fewer is easier to read)."""
    per_screen: dict[int, int] = {}
    for firing in run.fired.values():
        per_screen[firing.decision] = per_screen.get(firing.decision, 0) + 1
    return max(per_screen.values(), default=0)


def seed_search(game: str, lessons: LessonFile, seeds: range) -> list[str]:
    """Seeds ranked by: every lesson fired in both runs, shown one per screen and all at once, and
    deviating at every decision;
    then the fewest lessons one screen triggers at once; then how early the last one fired (one
    per screen); each with its whole game's length."""
    ranked = []
    for seed in seeds:
        runs = check(game, lessons, seed, to_end=True)
        at_once = check(game, lessons, seed, one_per_screen=False)
        roaming = play(game, lessons, True, seed, everywhere=True)
        missing = sum(len(run.missing(lessons)) for run in (*runs, *at_once, roaming))
        crowd = max(crowding(run) for run in at_once)
        last = max((f.decision for run in runs for f in run.fired.values()), default=0)
        first = min(runs[0].fired.values(), key=lambda f: f.decision, default=None)
        ranked.append((missing, crowd, last, seed, first.prompt if first else "-", runs[0].decisions))
    ranked.sort()
    return [f"seed {seed}: {missing} missing, at most {crowd} lessons triggered on a screen, last lesson at "
            f"learner decision {last}, first lesson on a {prompt} question, {length} learner decisions to the end"
            for missing, crowd, last, seed, prompt, length in ranked[:12]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--seeds", help="A-B: try these seeds instead of the file's")
    parser.add_argument("--to-end", action="store_true", help="play each run to the game's end")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--all-at-once", action="store_true",
                        help="detail the runs where a screen fires every lesson it triggers, not only the first")
    parser.add_argument("--transcript", type=int, default=0, metavar="N",
                        help="also list the learner's first N decisions in each run: move, coach's move, lessons")
    args = parser.parse_args(argv)
    lessons = load_lessons(args.game)
    if args.seeds:
        low, high = (int(part) for part in args.seeds.split("-"))
        print("\n".join(seed_search(args.game, lessons, range(low, high + 1))))
        return 0
    one = not args.all_at_once
    runs = check(args.game, lessons, to_end=args.to_end, transcript=args.transcript > 0, one_per_screen=one)
    other = (*check(args.game, lessons, to_end=args.to_end, one_per_screen=not one),
             play(args.game, lessons, True, to_end=args.to_end, one_per_screen=one, everywhere=True))
    if args.json:
        print(json.dumps([asdict(run) for run in runs], indent=1))
    else:
        print("\n".join(report(lessons, runs)))
        for run in other:
            way = "deviating at every decision" if run.everywhere else (
                f"{'all at once' if one else 'one per screen'}, {'deviating' if run.deviate else 'following'}")
            print(f"  {way}: "
                  f"{len(run.fired)}/{len(lessons.lessons)} fired"
                  + (f", never: {', '.join(run.missing(lessons))}" if run.missing(lessons) else ""))
        for run in runs if args.transcript else ():
            print(f"  {'deviating' if run.deviate else 'following'}, the learner's first decisions:")
            print("\n".join(f"    {line}" for line in run.transcript[:args.transcript]))
    return 1 if any(run.missing(lessons) for run in (*runs, *other)) else 0


if __name__ == "__main__":
    sys.exit(main())
