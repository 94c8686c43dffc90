"""Hints (F2) for remote seats: the hard player's top moves for a seat's own private question,
searched from that seat's view and legal actions only, off the table's lock (the table goes on
meanwhile), one search at a time (a search takes about a second)."""

from __future__ import annotations

import asyncio
from typing import Protocol

from fishtable.bots import hint
from fishtable.bots.search import can_search
from fishtable.engine.match import SomeMatch
from fishtable.remote.checks import hint_refusal
from fishtable.remote.connection import Connection
from fishtable.remote.protocol import AskHint, Hint, HintLine, Refused, encode


class HintTable(Protocol):
    """What the hints need of the table."""

    match: SomeMatch
    lock: asyncio.Lock
    stopping: bool

    def ticket(self, seat: int) -> int: ...

    def log(self, text: str) -> None:
        """A line for the host's terminal only."""


class Hints:
    def __init__(self, table: HintTable) -> None:
        self.table = table
        self._one_at_a_time = asyncio.Semaphore(1)
        self._hinting: set[int] = set()  # seats whose hint is being searched

    async def answer(self, conn: Connection, ask: AskHint) -> None:
        table = self.table
        async with table.lock:
            seat = conn.seat
            ticket = table.ticket(seat) if seat is not None else -1
            reason = hint_refusal(table.match, seat, ask, ticket, seat in self._hinting)
            if reason is not None or seat is None:
                conn.send(encode(Refused(reason=reason or "A hint is for your own decision.")))
                return
            view, legal, game = table.match.view(seat), table.match.legal_actions(seat), table.match.game
            self._hinting.add(seat)
        try:
            async with self._one_at_a_time:
                if table.stopping or not can_search(game):  # the refusal says so; the types want it here
                    return
                # bool(): mypy would take the flag narrowed above (False) for the type of `stop`.
                options = await asyncio.to_thread(hint, view, legal, game, stop=lambda: bool(table.stopping))
        except Exception as exc:  # a broken search must not take the table down: said to both, no answer made up
            table.log(f"The hint for {table.match.seats[seat].name} failed ({type(exc).__name__}: {exc}).")
            conn.send(encode(Refused(reason=f"No hint this time: the search failed ({type(exc).__name__}).")))
            return
        finally:
            self._hinting.discard(seat)
        lines = [HintLine(action=a.model_dump(mode="json"), rate=rate, tried=tried) for a, rate, tried in options]
        conn.send(encode(Hint(ticket=ask.ticket, options=lines)))
