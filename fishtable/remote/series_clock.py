"""The table's series and clock: the play clock of a game with a time limit (the host tells the
engine once when time is up, as the app does), a finished game's points on the series' running
totals, and the deal of the next game with the same seats and options."""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Protocol

from pydantic import BaseModel

from fishtable.engine.match import Match, SomeMatch
from fishtable.remote.record import TableRecord


class ClockTable(Protocol):
    """What the clock and the series need of the table."""

    match: SomeMatch
    record: TableRecord
    lock: asyncio.Lock
    stopping: bool

    def apply(self, seat: int, action: BaseModel) -> None:
        """Apply a checked action and tell everyone (the lock held)."""


class SeriesClock:
    def __init__(self, table: ClockTable) -> None:
        self.table = table
        self._clock: asyncio.TimerHandle | None = None
        self._began = time.monotonic()  # when this game began here (a series for a time counts it)
        self._tasks: set[asyncio.Task[None]] = set()  # kept until done: the loop holds tasks only weakly

    def start(self) -> None:
        """A game with a time limit (its capabilities' `time_limit`): its clock, afresh (a restarted
        host, a new game)."""
        self.stop()
        match = self.table.match
        clock = match.game.capabilities.time_limit
        seconds = None if clock is None else clock.limit(match.options)
        if clock is None or seconds is None or clock.is_up(match.view(None)):
            return
        self._clock = asyncio.get_running_loop().call_later(seconds, self._start_time_up)

    def stop(self) -> None:
        if self._clock is not None:
            self._clock.cancel()
            self._clock = None

    def _start_time_up(self) -> None:
        task = asyncio.create_task(self._time_up())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _time_up(self) -> None:
        table = self.table
        async with table.lock:
            if table.stopping or table.match.is_over:
                return
            clock = table.match.game.capabilities.time_limit
            if clock is None:  # `start` sets the clock only for a game that has one
                return
            if table.match.check(0, clock.up_action) is None:  # from any seat
                table.apply(0, clock.up_action)

    def with_result(self, record: TableRecord) -> TableRecord | None:
        """The record with the finished game's points on the series' totals (None: no series)."""
        result = self.table.match.result()
        series = record.series
        if series is None or result is None:
            return None
        return record.model_copy(update={"series": series.add(result, time.monotonic() - self._began)})

    def next_match(self) -> SomeMatch:
        """The next game: the same game, options and seats, a new seed; its clock counts from now."""
        old = self.table.match
        self._began = time.monotonic()
        return Match.start(old.game, old.options, list(old.seats), 1 + secrets.randbelow(2**31 - 1))
