"""The table's seats and their connections: who holds each seat, who is away, who has seen the
result, and what each connection is sent (each one's snapshot from `snapshots.snapshot_for`).

A seat's link opened again takes the seat (the older connection is closed); every connection
hears when a seat leaves or comes back, and the host's terminal is told of joins, leaves and
rejoins. A seat has seen the result when it was sent the finished game's result and has left
since: when every seat played by a person has, `everyone_saw` is set and the host may stop.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Protocol

from aiohttp import web

from fishtable.engine.match import SomeMatch
from fishtable.remote.checks import WRONG_KEY
from fishtable.remote.connection import Bucket, Connection, RateLimit
from fishtable.remote.protocol import (
    WELCOME_LOG_LINES,
    GameOver,
    Hello,
    Presence,
    Refused,
    SeatLine,
    Snapshot,
    Update,
    Welcome,
    encode,
)
from fishtable.remote.record import TableRecord
from fishtable.remote.snapshots import snapshot_for


class SeatedTable(Protocol):
    """What the seats need of the table."""

    match: SomeMatch
    record: TableRecord
    lock: asyncio.Lock
    stopping: bool
    rate: RateLimit

    def ticket(self, seat: int) -> int: ...

    def note(self, text: str) -> None:
        """A line for every table's log and the host's terminal."""

    def log(self, text: str) -> None:
        """A line for the host's terminal only."""

    def seats_changed(self) -> None:
        """Who is away changed (the away seats' stand-in timers look again)."""


class Seating:
    def __init__(self, table: SeatedTable) -> None:
        self.table = table
        self.conns: set[Connection] = set()
        self.by_seat: dict[int, Connection] = {}
        self.came: set[int] = set()  # seats that joined since this host started: their next join is a return
        self.sent_result: set[int] = set()  # seats whose connection was sent this game's result
        self.saw_result: set[int] = set()  # of those, the seats that left after it
        self.everyone_saw = asyncio.Event()  # every person's seat has seen the result and left

    # -- what each connection sees -----------------------------------------------------------------
    def is_away(self, seat: int) -> bool:
        return self.table.record.kinds[seat] != "computer" and seat not in self.by_seat

    def seat_lines(self) -> list[SeatLine]:
        table = self.table
        return [SeatLine(seat=i, name=info.name, kind=table.record.kinds[i], away=self.is_away(i))
                for i, info in enumerate(table.match.seats)]

    def snapshot(self, conn: Connection, since: int) -> Snapshot:
        """What this connection may see (`snapshots.snapshot_for`); its log is sent up to now."""
        seat = conn.seat
        ticket = max(0, self.table.ticket(seat)) if seat is not None else 0
        snapshot = snapshot_for(self.table.match, seat, since, ticket, self.seat_lines())
        conn.log_sent = self.table.match.event_count
        return snapshot

    def send_all(self, text: str) -> None:
        for conn in list(self.conns):
            conn.send(text)

    def game_over(self) -> str | None:
        """The `over` message of a finished game (with the series' totals), or None while playing."""
        table = self.table
        result = table.match.result()
        if result is None:
            return None
        series = table.record.series
        return encode(GameOver(result=result.model_dump(mode="json"),
                               series=series.model_dump(mode="json") if series is not None else None,
                               next=series is None or table.record.series_goes_on))

    def _send_result(self, conn: Connection, over: str) -> None:
        conn.send(over)
        if conn.seat is not None:
            self.sent_result.add(conn.seat)

    def broadcast(self) -> None:
        """Every connection's new snapshot, and the result if the game has just ended."""
        for conn in list(self.conns):
            conn.send(encode(Update(snapshot=self.snapshot(conn, conn.log_sent))))
        over = self.game_over()
        if over is not None:
            for conn in list(self.conns):
                self._send_result(conn, over)

    def welcome_all(self) -> None:
        """A new game: everyone is welcomed to it afresh, and no one has seen its result."""
        self.sent_result.clear()
        self.saw_result.clear()
        self.everyone_saw.clear()
        match = self.table.match
        for conn in list(self.conns):
            conn.send(encode(Welcome(game=match.game.name, title=match.game.title, seat=conn.seat,
                                     snapshot=self.snapshot(conn, 0))))

    def presence(self, seat: int, away: bool) -> None:
        self.send_all(encode(Presence(seat=seat, away=away, waiting=sorted(self.table.match.pending()))))

    # -- connections come and go ---------------------------------------------------------------------
    async def admit(self, ws: web.WebSocketResponse, hello: Hello) -> Connection | None:
        """Welcome a connection that said hello: its seat's link, or the public table's; a wrong key
        is refused for good, in words (None). A finished game's links still open it, on its result."""
        table = self.table
        seat = table.record.seat_for(hello.token) if hello.token is not None else None
        if hello.token is not None and seat is None:
            with contextlib.suppress(ConnectionError, RuntimeError):  # it went away first: nothing to tell
                await ws.send_str(encode(Refused(reason=WRONG_KEY, final=True)))
            return None
        async with table.lock:
            conn = Connection(ws, seat, Bucket(table.rate))
            old = self.by_seat.get(seat) if seat is not None else None
            if old is not None:  # the same link opened again: the newest wins, and the table is told
                old.send(encode(Refused(reason="This seat was opened somewhere else.", final=True)))
                old.send(None)
                self.conns.discard(old)
            if seat is not None:
                self.by_seat[seat] = conn
            self.conns.add(conn)
            match = table.match
            since = max(0, match.event_count - WELCOME_LOG_LINES)
            conn.send(encode(Welcome(game=match.game.name, title=match.game.title, seat=seat,
                                     snapshot=self.snapshot(conn, since))))
            over = self.game_over()
            if over is not None:  # the last result (and, between two games of a series, a next to ask for)
                self._send_result(conn, over)
            if seat is not None:
                self._joined(seat, again=old is not None)
        return conn

    def _joined(self, seat: int, again: bool) -> None:
        name = self.table.match.seats[seat].name
        if again:
            self.table.note(f"{name}'s seat was opened from another place.")
        else:
            self.table.log(f"{name} {'rejoined' if seat in self.came else 'joined'}.")
        self.came.add(seat)
        self.saw_result.discard(seat)
        self.everyone_saw.clear()
        self.presence(seat, away=False)
        self.table.seats_changed()

    def is_open(self, conn: Connection) -> bool:
        return conn in self.conns

    def leave(self, conn: Connection) -> None:
        self.conns.discard(conn)
        seat = conn.seat
        if seat is None or self.by_seat.get(seat) is not conn:
            return
        del self.by_seat[seat]
        if seat in self.sent_result:
            self.saw_result.add(seat)
        if self.table.stopping:
            return
        table = self.table
        left = "left after the result" if seat in self.saw_result else "left; the table keeps the seat"
        table.log(f"{table.match.seats[seat].name} {left}.")
        self.presence(seat, away=True)
        table.seats_changed()
        people = {s for s, kind in enumerate(table.record.kinds) if kind != "computer"}
        if table.match.is_over and people <= self.saw_result:
            self.everyone_saw.set()
