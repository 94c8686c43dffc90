"""The host's computer seats, and the stand-in that plays an away seat's turn after a while.

One loop plays every computer move, one at a time: the move is read under the
table's lock (`bots.prepare_choice`: the bot, the seat's view, its legal
actions), thought about on a thread without the lock (the table answers people
meanwhile), and applied exactly once under it if the seat's question is still
the one it thought about. A bot that fails, or chooses a move the rules refuse,
is told to the table as it happens, and a legal move is played instead.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Protocol

from pydantic import BaseModel

from fishtable.bots import prepare_choice
from fishtable.engine.match import SomeMatch
from fishtable.remote.record import TableRecord


class Table(Protocol):
    """What the computer seats need of the table they play at."""

    match: SomeMatch
    record: TableRecord
    lock: asyncio.Lock
    stopping: bool

    def ticket(self, seat: int) -> int:
        """The ticket of the seat's question now (-1 if it is not asked)."""

    def is_away(self, seat: int) -> bool: ...

    def apply(self, seat: int, action: BaseModel) -> None:
        """Apply a checked action and tell everyone (the lock held)."""

    def note(self, text: str) -> None: ...


class ComputerSeats:
    """The computer loop of one table, and its away seats' stand-in timers."""

    def __init__(self, table: Table, pause: float = 0.0) -> None:
        self.table = table
        self.pause = pause  # seconds between two computer moves (0 in tests)
        self.wake = asyncio.Event()  # something changed: the loop looks for a computer's turn
        self.takeover: set[tuple[int, int]] = set()  # (seat, ticket) a computer answers for an away seat
        self.timers: dict[int, tuple[int, asyncio.TimerHandle]] = {}
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._keep_playing())
        self.schedule_away()
        self.wake.set()

    @property
    def running(self) -> bool:
        return self._task is not None

    async def stop(self) -> None:
        for _, handle in self.timers.values():
            handle.cancel()
        self.timers.clear()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def new_game(self) -> None:
        self.takeover.clear()

    def turn(self) -> int | None:
        """The first asked seat a computer answers now: a computer's, or an away seat taken over."""
        table = self.table
        for seat in sorted(table.match.pending()):
            if table.record.kinds[seat] == "computer":
                return seat
            if (seat, table.ticket(seat)) in self.takeover and table.is_away(seat):
                return seat
        return None

    async def _keep_playing(self) -> None:
        """The loop, whose end by an error is told to the table as it happens (its computer seats
        would wait forever in silence otherwise)."""
        try:
            await self._play()
        except Exception as exc:
            self.table.note(f"The computer players stopped ({type(exc).__name__}: {exc}). The table is saved: "
                            "stop it and continue it with fishtable host --resume.")

    async def _play(self) -> None:
        table = self.table
        while not table.stopping:
            await self.wake.wait()
            self.wake.clear()
            while not table.stopping and not table.match.is_over:
                async with table.lock:
                    seat = self.turn()
                    if seat is None:
                        break
                    ticket = table.ticket(seat)
                    choice = prepare_choice(table.match, seat)
                try:
                    action: BaseModel | None = await asyncio.to_thread(choice.choose)
                    problem = None
                except Exception as exc:  # a broken bot must not stop the table: said below, out loud
                    action, problem = None, f"{type(exc).__name__}: {exc}"
                async with table.lock:
                    if table.stopping or table.match.is_over or table.ticket(seat) != ticket:
                        continue  # its question changed meanwhile (a time-up, say): think again
                    if problem is None and (refused := table.match.check(seat, action)) is not None:
                        problem = f"it chose a move the rules refuse ({refused})"
                    if problem is not None:
                        legal = table.match.legal_actions(seat)
                        action = legal[table.match.step_count % len(legal)]
                        table.note(f"{table.match.seats[seat].name}'s computer player failed ({problem}); "
                                   "it plays a legal move instead.")
                    assert action is not None  # checked above: a missing move is a problem, replaced
                    table.apply(seat, action)
                if self.pause:
                    await asyncio.sleep(self.pause)

    def schedule_away(self) -> None:
        """Start the clock for every away seat that is asked, if the host chose a stand-in."""
        table = self.table
        seconds = table.record.away_seconds
        if seconds is None or table.stopping:
            return
        loop = asyncio.get_running_loop()
        pending = table.match.pending()
        for seat in list(self.timers):
            ticket, handle = self.timers[seat]
            if seat not in pending or not table.is_away(seat) or table.ticket(seat) != ticket:
                handle.cancel()
                del self.timers[seat]
        for seat in pending:
            if table.record.kinds[seat] != "computer" and table.is_away(seat) and seat not in self.timers:
                ticket = table.ticket(seat)
                self.timers[seat] = (ticket, loop.call_later(seconds, self._take_over, seat, ticket))

    def _take_over(self, seat: int, ticket: int) -> None:
        self.timers.pop(seat, None)
        self.takeover.add((seat, ticket))
        self.wake.set()
