"""One finished game as the history keeps it: built from a match, with its seats' results."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Literal

from fishtable.engine.files import JsonObject
from fishtable.engine.match import SomeMatch
from fishtable.engine.protocol import Result
from fishtable.engine.series import Series

Source = Literal["app", "host", "simulate", "tournament"]
Place = Literal["local", "remote"]


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    name: str
    kind: Literal["human", "computer"]
    level: str | None  # a computer seat's player (easy, normal, hard, ...)
    place: Place
    score: int
    rank: int  # 1 is the best; equal totals share a rank
    winner: bool


@dataclass(frozen=True)
class SeriesRecord:
    """The series a game belonged to, as it stood after the game."""

    rules: JsonObject
    index: int  # 1: the first game of the series
    totals: tuple[int, ...]


@dataclass(frozen=True)
class GameRecord:
    game: str
    options: JsonObject
    seed: int
    actions: list[tuple[int, JsonObject]]
    state_hash: str
    save_version: int
    result: Result
    seats: tuple[SeatRecord, ...]
    ended: float
    seconds: float
    started: float | None = None
    source: Source = "app"
    series: SeriesRecord | None = None
    imported: bool = False
    counted: bool | None = None  # in the standings; None: unless imported
    extra: JsonObject = field(default_factory=dict)

    @property
    def counts(self) -> bool:
        return not self.imported if self.counted is None else self.counted


def ranks(totals: list[int]) -> list[int]:
    """Competition ranks, best total first: 10, 7, 7, 3 -> 1, 2, 2, 4."""
    return [1 + sum(1 for other in totals if other > total) for total in totals]


def record_of(
    match: SomeMatch, *, seconds: float, source: Source = "app", places: list[Place] | None = None,
    series: Series | None = None, ended: float | None = None, started: float | None = None,
) -> GameRecord:
    """The record of a finished match; ValueError for one that is not over (it holds secrets still).

    `series`: the series after this game was added to it (None or a single game: no series).
    """
    result = match.result()
    if result is None:
        raise ValueError("Only a finished game is recorded.")
    save = match.to_save()
    totals = {line.seat: line.total for line in result.scores}
    score_list = [totals.get(seat, 0) for seat in range(len(match.seats))]
    seat_ranks = ranks(score_list)
    seats = tuple(
        SeatRecord(
            seat=n, name=info.name, kind="human" if info.bot is None else "computer", level=info.bot,
            place=places[n] if places is not None else "local", score=score_list[n], rank=seat_ranks[n],
            winner=n in result.winners,
        )
        for n, info in enumerate(match.seats)
    )
    now = time.time() if ended is None else ended
    in_series = None
    if series is not None and series.rules.is_series:
        in_series = SeriesRecord(series.rules.model_dump(mode="json"), series.games, series.totals)
    return GameRecord(
        game=save.game, options=save.options, seed=save.seed, actions=save.actions, state_hash=save.state_hash,
        save_version=save.version, result=result, seats=seats, ended=now, seconds=max(0.0, seconds),
        started=started, source=source, series=in_series,
    )
