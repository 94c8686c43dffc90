"""A series of games: running totals, and an end by a target total or by time.

Any game can be played as a series (Fishing Party's rulebook calls it a
tournament, FP-SCORE-10): each player's points are added up game after game;
the series ends when somebody's total reaches the target, or when the agreed
time has run out (the game in progress is finished first). The highest total
wins the series; equal highest totals share it.

Pure data: the app keeps the clock and says how much play time has passed.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from fishtable.engine.protocol import Result

SeriesEnd = Literal["single", "target", "time"]


class SeriesRules(BaseModel):
    """How a series ends: a single game (no series), a target total, or a time in minutes."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    end: SeriesEnd = "single"
    target: int | None = Field(default=None, ge=1, le=100_000)
    minutes: int | None = Field(default=None, ge=1, le=24 * 60)

    @model_validator(mode="after")
    def _needs_its_number(self) -> SeriesRules:
        if self.end == "target" and self.target is None:
            raise ValueError("a series to a target total needs the target")
        if self.end == "time" and self.minutes is None:
            raise ValueError("a series for a time needs the minutes")
        return self

    @property
    def is_series(self) -> bool:
        return self.end != "single"

    def words(self) -> str:
        if self.end == "target":
            return f"a series to {self.target} point{'s' * (self.target != 1)}"
        if self.end == "time":
            return f"a series of {self.minutes} minutes"
        return "a single game"


class Series(BaseModel):
    """The running totals of a series, one per seat, in seat order."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rules: SeriesRules
    names: tuple[str, ...]
    totals: tuple[int, ...]
    games: int = Field(default=0, ge=0)
    seconds: float = Field(default=0.0, ge=0)  # play time of the finished games

    @classmethod
    def start(cls, rules: SeriesRules, names: tuple[str, ...]) -> Series:
        return cls(rules=rules, names=names, totals=(0,) * len(names))

    def add(self, result: Result, seconds: float) -> Series:
        """The series after a finished game and the play time it took."""
        totals = list(self.totals)
        for line in result.scores:
            totals[line.seat] += line.total
        return self.model_copy(update={
            "totals": tuple(totals), "games": self.games + 1, "seconds": self.seconds + max(0.0, seconds),
        })

    def time_left(self, playing: float = 0.0) -> float | None:
        """Seconds left of a series for a time, counting `playing` seconds of the game in progress."""
        if self.rules.end != "time" or self.rules.minutes is None:
            return None
        return max(0.0, self.rules.minutes * 60 - self.seconds - playing)

    @property
    def over(self) -> bool:
        """No further game: a single game was played, the target is reached, or time is up."""
        if self.games == 0:
            return False
        if self.rules.end == "single":
            return True
        if self.rules.end == "target":
            return max(self.totals) >= (self.rules.target or 0)
        return (self.time_left() or 0.0) <= 0

    @property
    def leaders(self) -> tuple[int, ...]:
        top = max(self.totals) if self.totals else 0
        return tuple(seat for seat, total in enumerate(self.totals) if total == top)
