"""A game's lessons: data in `assets/<game>/lessons.json`, read as strictly as its tips.

The format is fixed (CONTRIBUTING.md, "Lessons"): a title, the teaching deal (seed, options),
the learner and the computer seats, an intro, and the lessons in the order they are taught.
A shipped file that cannot be read is a packaging fault (`LessonsFileError`); a game without
one has no guided game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from fishtable.engine.assets import asset_path
from fishtable.engine.errors import FishtableError
from fishtable.engine.files import field_path, plain_words, read_json
from fishtable.engine.text import PlainName, PlainText

LESSONS_FILE = "lessons.json"
LESSONS_FORMAT = "fishtable-lessons"
MAX_LESSONS = 60
MAX_TEXT = 240
# A subject as tips.py reads them from a screen, plus the view's round (or hand) number.
SUBJECT = r"^(card|name|phase|event|prompt):.+$|^round:[0-9]{1,4}$"


class LessonsFileError(FishtableError):
    """A shipped lessons file that cannot be read (a packaging fault: no guided game then)."""


class _LessonModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(min_length=1, max_length=60, pattern=r"^[a-z0-9_.-]+$")
    when: tuple[str, ...] = Field(min_length=1, max_length=20)
    text: PlainText = Field(min_length=1, max_length=MAX_TEXT)
    clauses: tuple[str, ...] = Field(default=(), max_length=12)
    highlight: tuple[str, ...] = Field(default=(), max_length=20)
    after_previous: bool = False

    @model_validator(mode="after")
    def _subjects(self) -> _LessonModel:
        for subject in (*self.when, *self.highlight):
            if not re.match(SUBJECT, subject):
                raise ValueError(f"{subject!r} is not a subject (card:, name:, phase:, event:, prompt:, round:)")
        return self


class _LessonsFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    format: str = Field(pattern=f"^{LESSONS_FORMAT}$")
    version: int = Field(ge=1, le=1)
    title: PlainText = Field(min_length=1, max_length=60)
    seed: int = Field(ge=0, lt=2**63)
    options: dict[str, Any] = Field(default_factory=dict, max_length=40)
    learner: PlainName = Field(min_length=1, max_length=30)
    computers: tuple[PlainName, ...] = Field(min_length=1, max_length=7)
    intro: PlainText = Field(min_length=1, max_length=MAX_TEXT)
    lessons: tuple[_LessonModel, ...] = Field(min_length=1, max_length=MAX_LESSONS)

    @model_validator(mode="after")
    def _unique(self) -> _LessonsFile:
        ids = [lesson.id for lesson in self.lessons]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise ValueError(f"lesson ids must be unique: {', '.join(twice)}")
        names = [self.learner, *self.computers]
        if len(set(names)) != len(names):
            raise ValueError("the learner and the computers need different names")
        return self


@dataclass(frozen=True)
class Lesson:
    """One lesson: the subjects that trigger it, its text, the clauses it teaches, what to highlight."""

    id: str
    when: tuple[str, ...]
    text: str
    clauses: tuple[str, ...]
    highlight: tuple[str, ...]
    after_previous: bool = False


@dataclass(frozen=True)
class LessonPlan:
    """A game's guided game: the deal, the seats and the lessons in file order."""

    title: str
    seed: int
    options: dict[str, Any]
    learner: str
    computers: tuple[str, ...]
    intro: str
    lessons: tuple[Lesson, ...]


def parse_lessons(data: object, where: str = LESSONS_FILE) -> LessonPlan:
    """A lessons file's data, checked; LessonsFileError naming the first problem in words."""
    try:
        model = _LessonsFile.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        place = field_path(first.get("loc", ())) or "the file"
        raise LessonsFileError(f"{where} cannot be read: {place} {plain_words(first)}.") from exc
    lessons = tuple(Lesson(m.id, m.when, m.text, m.clauses, m.highlight, m.after_previous) for m in model.lessons)
    return LessonPlan(model.title, model.seed, dict(model.options), model.learner, model.computers,
                      model.intro, lessons)


@cache
def load_lessons(folder: str) -> LessonPlan | None:
    """The lessons of the game whose data lives in `assets/<folder>/` (None if it has no file)."""
    path = asset_path(folder, LESSONS_FILE)
    if not path.is_file():
        return None
    return parse_lessons(read_json(path, error=LessonsFileError, max_bytes=256 * 1024), f"{folder}/{LESSONS_FILE}")
