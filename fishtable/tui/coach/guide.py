"""One guided game: the lessons, the suggestion, the consequence and the computers' moves.

The hot-seat flow feeds it (`look` on every step shown, `asked` when the learner is asked,
`learner_moved`, `computer_moved`); the coach panel reads `lines()` and `highlight`. Pure:
no Textual, no match; only views, legal moves, actions and log lines the learner may read.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pydantic import BaseModel

from fishtable.engine.protocol import TableView
from fishtable.engine.registry import load_game
from fishtable.tui.coach.lessons import Lesson, LessonPlan
from fishtable.tui.coach.teacher import Teacher, screen_subjects
from fishtable.tui.coach.words import computer_line, consequence_line, suggest, try_line
from fishtable.tui.plugin import SomeUI

if TYPE_CHECKING:
    from fishtable.engine.protocol import Event

COMPUTER_LINES = 3  # the last computer moves the panel keeps


@dataclass(frozen=True)
class CoachLines:
    """What the coach panel shows now."""

    title: str
    lesson: str  # the current lesson's text, or the intro
    clauses: tuple[str, ...]
    suggestion: str | None  # "Try: …"
    consequence: str | None  # after a move other than the suggestion
    computers: tuple[str, ...]  # the last computer moves, oldest first


def _unordered(action: BaseModel) -> dict[str, object]:
    """A move's fields, each list of names (card ids) as a set: the cards, not their order."""
    fields = action.model_dump(mode="json")
    return {key: frozenset(value) if isinstance(value, list) and all(isinstance(v, str) for v in value) else value
            for key, value in fields.items()}


class Guide:
    """The coach of one guided game (the learner is `learner`, a person; the rest are computers)."""

    def __init__(self, plan: LessonPlan, ui: SomeUI, game: str, learner: int = 0) -> None:
        self.plan = plan
        self.ui = ui
        self.game = game
        self.learner = learner
        self.teacher = Teacher(plan.lessons)
        self.round_of = load_game(game).capabilities.round_of
        self.suggested: BaseModel | None = None
        self.asked_view: TableView | None = None
        self.asked_kind = ""
        self.suggestion: str | None = None
        self.consequence: str | None = None
        self.computers: deque[str] = deque(maxlen=COMPUTER_LINES)
        self.deviations = 0  # learner moves that were not the suggestion
        self.read_to = 0  # the log lines before this index were on a screen the learner saw
        self.on_change: Callable[[], None] | None = None  # the panel's redraw

    # -- what the flow tells ----------------------------------------------------------------
    def look(self, view: TableView, entries: Sequence[tuple[int, Event]], prompt: str | None) -> Lesson | None:
        """A screen of the learner's is up: its own view, the log lines it may read (`(index,
        event)`; those after the last look are new), and its prompt kind if it is asked. The
        lesson that fires here, if any."""
        lesson = self.teacher.look(screen_subjects(view, entries, self.read_to, prompt, round_of=self.round_of))
        if entries:
            self.read_to = max(self.read_to, entries[-1][0] + 1)
        if lesson is not None:
            self._changed()
        return lesson

    def asked(self, view: TableView, legal: Sequence[BaseModel], kind: str, rng: random.Random) -> None:
        """The learner is asked (its own view and legal moves): the suggestion for it."""
        self.suggested = suggest(self.game, view, legal, rng)
        self.asked_view, self.asked_kind = view, kind
        self.suggestion = try_line(self.ui, self.suggested, view, kind) if self.suggested is not None else None
        self._changed()

    def learner_moved(self, action: BaseModel) -> None:
        """The learner's move went in: a line on it if it was not the suggestion."""
        suggested, view = self.suggested, self.asked_view
        self.suggested = None
        self.suggestion = None
        if suggested is None or view is None:
            return
        if self.same(action, suggested, view):
            self.consequence = None
        else:
            self.deviations += 1
            self.consequence = consequence_line(self.ui, action, suggested, view, self.asked_kind)
        self._changed()

    def same(self, action: BaseModel, suggested: BaseModel, view: TableView) -> bool:
        """Is `action` the suggestion? The same move, in the same words (a list never offers two
        moves in the same words, CONTRIBUTING.md), or the same cards in another order (a screen
        sends a cast's cards in the hand's order, the computer player in its own)."""
        if action == suggested or _unordered(action) == _unordered(suggested):
            return True
        describe = self.ui.describe
        return describe(action, view, self.asked_kind) == describe(suggested, view, self.asked_kind)

    def computer_moved(self, name: str, action: BaseModel, kind: str, secret: bool, public_view: TableView,
                       public_news: Sequence[str]) -> None:
        """A computer seat moved: told from the public table only (see `words.computer_line`)."""
        self.computers.append(computer_line(self.ui, name, action, kind, secret, public_view, public_news))
        self._changed()

    # -- what the panel reads -------------------------------------------------------------
    @property
    def reached(self) -> set[str]:
        return self.teacher.reached

    @property
    def highlight(self) -> frozenset[str]:
        """The subjects the current lesson points at on screen."""
        lesson = self.teacher.current
        return frozenset(lesson.highlight) if lesson is not None else frozenset()

    def lines(self) -> CoachLines:
        lesson = self.teacher.current
        return CoachLines(
            title=self.plan.title,
            lesson=lesson.text if lesson is not None else self.plan.intro,
            clauses=lesson.clauses if lesson is not None else (),
            suggestion=self.suggestion,
            consequence=self.consequence,
            computers=tuple(self.computers),
        )

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()
