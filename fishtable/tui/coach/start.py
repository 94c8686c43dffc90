"""A guided game from a game's lessons file: the learner at seat 0, the computers at "normal",
the file's seed and options; no setup screen."""

from __future__ import annotations

from pydantic import ValidationError

from fishtable.engine.errors import FishtableError
from fishtable.engine.match import Match, SomeMatch
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import get_entry
from fishtable.tui.coach.guide import Guide
from fishtable.tui.coach.lessons import LessonPlan, LessonsFileError, load_lessons

LEVEL = "normal"  # the computers of a guided game


class NoLessons(FishtableError):
    """The game has no guided game (no lessons file)."""


def guided_match(game: str, plan: LessonPlan) -> SomeMatch:
    """The teaching deal; options the game refuses are a packaging fault of the file."""
    engine = get_entry(game).load()
    seats = [SeatInfo(name=plan.learner, bot=None), *(SeatInfo(name=name, bot=LEVEL) for name in plan.computers)]
    try:
        options = engine.options_model()(**plan.options)
        return Match.start(engine, options, seats, plan.seed)
    except (ValidationError, ValueError) as exc:
        raise LessonsFileError(f"The lessons of {engine.title} cannot deal their game: {exc}") from exc


def guided_game(game: str) -> tuple[SomeMatch, Guide]:
    """The guided game of `game` and its coach; NoLessons or LessonsFileError in words."""
    entry = get_entry(game)
    ui = entry.load_ui()
    plan = load_lessons(ui.assets) if ui.assets is not None else None
    if plan is None:
        raise NoLessons(f"{entry.title} has no guided game yet; its rules (r) explain it.")
    return guided_match(game, plan), Guide(plan, ui, game, learner=0)
