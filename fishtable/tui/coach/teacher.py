"""Which lesson fires on the screen the learner sees now: pure, no screen, no game named.

A lesson fires on the first screen the learner sees where any of its subjects is present
(`when`), once per guided game, in file order: a lesson marked `after_previous` waits until
every earlier lesson marked so has fired, and so holds back the lessons after it too. Which
lessons have fired is kept, so a test (and the seed script) can say which were reached.

A screen's subjects are those of `fishtable.tui.tips` (the cards and phase of the view drawn,
the log lines new on it, the prompt kind), read from what the learner may see: its own seat's
view (which holds the public table and its own hand) and the log lines it may read. A
`round:<n>` subject is present once the view's round (or hand, or turn) number is n or more.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from fishtable.engine.protocol import TableView
from fishtable.tui.coach.lessons import Lesson
from fishtable.tui.tips import event_subjects, view_subjects

if TYPE_CHECKING:
    from fishtable.engine.protocol import Event


def screen_subjects(view: TableView, entries: Sequence[tuple[int, Event]], news_from: int,
                    prompt: str | None, public: bool = False,
                    round_of: Callable[[TableView], int] | None = None) -> set[str]:
    """What a screen that draws `view` shows (`fishtable.tui.tips`), with its round number as
    `round:<n>` (the game's declared `round_of`); `public`: a screen everyone may see reads only
    public log lines."""
    subjects = view_subjects(view) | event_subjects(entries, news_from, public)
    if prompt:
        subjects.add(f"prompt:{prompt}")
    number = round_of(view) if round_of is not None else None
    if number is not None:
        subjects.add(f"round:{number}")
    return subjects


def present(when: Iterable[str], subjects: set[str]) -> bool:
    """Is any of `when` on the screen? `round:n` is, from round n on."""
    rounds = [int(s.removeprefix("round:")) for s in subjects if s.startswith("round:")]
    now = max(rounds) if rounds else None
    for subject in when:
        if subject.startswith("round:"):
            if now is not None and now >= int(subject.removeprefix("round:")):
                return True
        elif subject in subjects:
            return True
    return False


class Teacher:
    """The lessons of one guided game, fired once each, in file order."""

    def __init__(self, lessons: Sequence[Lesson]) -> None:
        self.lessons = tuple(lessons)
        self.fired: list[str] = []  # lesson ids in the order they fired
        self.current: Lesson | None = None  # the last lesson that fired (the panel's text)

    @property
    def reached(self) -> set[str]:
        return set(self.fired)

    def waiting(self) -> list[Lesson]:
        """The lessons that may fire now, in file order: not fired yet, every earlier lesson
        marked `after_previous` fired (the format's rule), and, for a lesson marked so itself,
        the lesson just before it fired too (what its name says)."""
        done = set(self.fired)
        ready: list[Lesson] = []
        gate_open = True  # every earlier `after_previous` lesson has fired
        for index, lesson in enumerate(self.lessons):
            if not gate_open:
                break
            previous_done = index == 0 or self.lessons[index - 1].id in done
            if lesson.id not in done and (previous_done or not lesson.after_previous):
                ready.append(lesson)
            if lesson.after_previous and lesson.id not in done:
                gate_open = False
        return ready

    def look(self, subjects: set[str]) -> Lesson | None:
        """The screen the learner sees now shows `subjects`: the first lesson (file order) that
        fires here, now marked fired; None if none does (the last one stays current)."""
        for lesson in self.waiting():
            if present(lesson.when, subjects):
                self.fired.append(lesson.id)
                self.current = lesson
                return lesson
        return None
