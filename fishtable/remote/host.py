"""The authoritative table: one match, served to remote seats over WebSocket (aiohttp).

The host alone holds the game state. It applies every action, autosaves after
each one, plays the computer seats, and sends each connection only what its
seat may see. Every message from a client is checked before anything happens;
a refused one changes nothing and gets the plain sentence a player at the
keyboard would get.

`TableHost` applies (save, tell everyone) and holds the rooms that do the
rest, one job each: the wire (`transport`), the seats and their connections
(`seating`), the questions' tickets (`tickets`), a seat's move checked or
refused (`checks`, `moves`), the saves (`saving`), the computer seats and away
stand-ins (`computers`), hints (`hints`), the series and play clock (`series_clock`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aiohttp import web
from pydantic import BaseModel

from fishtable.engine.errors import FishtableError
from fishtable.engine.match import SomeMatch
from fishtable.engine.registry import get_entry
from fishtable.engine.resume import load_match
from fishtable.engine.series import SeriesRules
from fishtable.remote import moves
from fishtable.remote.checks import link_refusal, next_refusal
from fishtable.remote.computers import ComputerSeats
from fishtable.remote.connection import Connection, RateLimit
from fishtable.remote.hints import Hints
from fishtable.remote.links import Link, seat_links
from fishtable.remote.protocol import Act, AskCheck, AskHint, Command, Hello, NextGame, Note, Refused, encode
from fishtable.remote.record import RECORD_NAME, SAVE_NAME, SeatKind, TableRecord, load_record, new_record
from fishtable.remote.saving import TableSaves
from fishtable.remote.seating import Seating
from fishtable.remote.series_clock import SeriesClock
from fishtable.remote.tickets import Tickets
from fishtable.remote.transport import Pages, Transport
from fishtable.web.addresses import here, is_wildcard, own_address

__all__ = ["SAVE_NAME", "Pages", "RateLimit", "TableHost"]


class TableHost:
    """One match served on one port. `start()`, then `stop()`; `links()` for the seats' links."""

    def __init__(
        self, match: SomeMatch, record: TableRecord, *, save_dir: Path | None, host: str = "127.0.0.1",
        port: int = 8765, rate: RateLimit | None = None, bot_pause: float = 0.0,
        allowed_hosts: tuple[str, ...] = (), allowed_origins: tuple[str, ...] = (),
        pages: Pages | None = None, public_name: str | None = None,
    ) -> None:
        self.match = match
        self.record = record
        self.save_dir = save_dir
        self.rate = rate or RateLimit()
        self.public_name = public_name  # the name the printed links give (None: the address listened on)
        names = (*allowed_hosts, *((public_name,) if public_name else ()))
        # The wire: the port, who may connect, each connection's frames. `allowed_origins`: pages of
        # other origins that may open a seat (a browser front end on another port); `pages`: the
        # links' browser pages (without them a link's page says to use the terminal).
        self.transport = Transport(
            self, bind=host, port=port, rate=self.rate, names=tuple(name.lower() for name in names),
            origins=frozenset(o.rstrip("/").lower() for o in allowed_origins), pages=pages,
        )
        self.applied = 0  # actions applied since this host started (the tests' observer reads it)
        self.on_applied: list[Callable[[SomeMatch], None]] = []  # after every action, before anything is sent
        self.on_note: list[Callable[[str], None]] = []  # the host's own lines for every table's log
        self.on_log: list[Callable[[str], None]] = []  # lines for the host's terminal (notes too)
        self.lock = asyncio.Lock()
        self.stopping = False
        self.finished = asyncio.Event()  # set when the game is over (the last game of a series)
        self.saves = TableSaves(save_dir, self.note)
        self.seating = Seating(self)
        self.tickets = Tickets()
        self.computers = ComputerSeats(self, bot_pause)
        self.hints = Hints(self)
        self.series = SeriesClock(self)
        # The game's table commands (`GameUI.table_commands`), from its plug-in through the registry.
        self.ui = get_entry(match.game.name).load_ui()
        self.tickets.refresh(match)

    # -- building ----------------------------------------------------------------------------
    # `**options` (Any): the table's own keyword arguments (`host`, `port`, `rate`...), passed through.
    @classmethod
    def new(
        cls, match: SomeMatch, kinds: tuple[SeatKind, ...], *, save_dir: Path | None,
        away_seconds: float | None = None, series: SeriesRules | None = None, **options: Any,
    ) -> TableHost:
        """A new table: fresh tokens, written beside the autosave (owner-only) with the first save."""
        if len(kinds) != len(match.seats):
            raise ValueError("Every seat needs a kind (remote, computer or local).")
        for seat, kind in enumerate(kinds):
            if (kind == "computer") != (match.seats[seat].bot is not None):
                raise ValueError(f"Seat {seat + 1} is {kind}, but its player says otherwise.")
        host = cls(match, new_record(match, kinds, away_seconds, series), save_dir=save_dir, **options)
        host.saves.save_record(host.record)
        host.saves.save_match(match)
        return host

    @classmethod
    def resume(cls, save_dir: Path, **options: Any) -> TableHost:
        """The table saved in `save_dir`, with the same tokens; where it listened and the name its
        links gave, unless `options` say otherwise (`host`, `port`, `public_name`). SaveFileError in words."""
        match = load_match(save_dir / SAVE_NAME)
        record = load_record(save_dir / RECORD_NAME, match)
        if match.is_over and not record.series_goes_on:
            raise FishtableError("The saved table's game is over; start a new one.")
        for key, saved in (("host", record.bind), ("port", record.port), ("public_name", record.public_name)):
            if options.get(key) is None and saved is not None:
                options[key] = saved
        options = {key: value for key, value in options.items() if value is not None}
        return cls(match, record, save_dir=save_dir, **options)

    # -- running -----------------------------------------------------------------------------
    @property
    def bind(self) -> str:
        return self.transport.bind

    @property
    def port(self) -> int:
        return self.transport.port

    @property
    def pages(self) -> Pages | None:
        return self.transport.pages

    @pages.setter
    def pages(self, pages: Pages | None) -> None:
        self.transport.pages = pages

    @property
    def save_error(self) -> str | None:
        return self.saves.error

    async def start(self) -> None:
        await self.transport.start()
        # Where it listens and the links' name, kept with the tokens: `--resume` prints the same links.
        self._set_record(self.record.model_copy(
            update={"bind": self.bind, "port": self.port, "public_name": self.public_name}))
        self.computers.start()
        self.series.start()

    async def stop(self) -> None:
        """Close every connection and the port (the autosave is current after every action), even
        if the computer loop died."""
        self.stopping = True
        self.series.stop()
        try:
            await self.computers.stop()
        finally:
            await self.transport.stop(list(self.seating.conns))

    @property
    def listening(self) -> bool:
        """The port is open and `port` is the real one (`start()` has finished)."""
        return self.transport.listening and self.computers.running and not self.stopping

    @property
    def connections(self) -> int:
        """How many connections have said hello and are open."""
        return len(self.seating.conns)

    @property
    def idle(self) -> bool:
        """Nothing is being applied or thought about right now."""
        return not self.lock.locked()

    @property
    def everyone_saw(self) -> asyncio.Event:
        """Set when the game is over and every person's seat has seen the result and left."""
        return self.seating.everyone_saw

    def link_name(self, public_host: str | None = None) -> str:
        """The name the printed links give: the public name, else the address listened on, or for
        every address this computer's own address on its network (0.0.0.0 opens nowhere else)."""
        if public_host or self.public_name:
            return public_host or self.public_name or ""
        if is_wildcard(self.bind):
            return own_address() or "127.0.0.1"
        return self.bind

    def links(self, public_host: str | None = None) -> tuple[dict[int, Link], Link]:
        """(each remote seat's join link, the public table's link)."""
        shown = self.link_name(public_host)
        seats = seat_links(self.record.tokens, self.record.kinds, "remote", shown, self.port)
        return seats, Link(shown, self.port, None)

    def local_link(self, token: str | None) -> Link:
        """A link on the address this machine reaches the host at (loopback if it listens everywhere)."""
        return Link(here(self.bind), self.port, token)

    def local_links(self) -> dict[int, Link]:
        """The links of the seats played at the host's own keyboard, over loopback."""
        return seat_links(self.record.tokens, self.record.kinds, "local", here(self.bind), self.port)

    def link_refusal(self, token: str | None) -> str | None:
        """Why a link's browser page opens nothing (`checks.link_refusal`)."""
        return link_refusal(self.record, token)

    # -- what the rooms ask of the table ---------------------------------------------------------
    def ticket(self, seat: int) -> int:
        """The ticket of the seat's question now (-1 if it is not asked)."""
        return self.tickets.ticket(seat)

    def is_away(self, seat: int) -> bool:
        return self.seating.is_away(seat)

    def note(self, text: str) -> None:
        """A line of the host's own for every table's log (`on_note`), and the host's terminal."""
        self.seating.send_all(encode(Note(text=text[:300])))
        for callback in self.on_note:
            callback(text)
        self.log(text)

    def log(self, text: str) -> None:
        """A line for the host's terminal only (`on_log`): joins, leaves, a failed hint."""
        for callback in self.on_log:
            callback(text)

    def seats_changed(self) -> None:
        self.computers.schedule_away()

    def _set_record(self, record: TableRecord) -> None:
        self.record = record
        self.saves.save_record(record)

    # -- the table loop --------------------------------------------------------------------------
    def apply(self, seat: int, action: BaseModel) -> None:
        """Apply a checked action, save, and tell everyone. Call with the lock held."""
        self.match.apply(seat, action)
        self.applied += 1
        self.saves.save_match(self.match)
        for callback in self.on_applied:
            callback(self.match)
        if self.match.is_over:
            record = self.series.with_result(self.record)
            if record is not None:
                self._set_record(record)
            self.log("The game is over. The table stays open until every player has seen the result "
                     "and left; Ctrl+C stops it sooner.")
        self.tickets.refresh(self.match)
        self.seating.broadcast()
        self.computers.schedule_away()
        self.computers.wake.set()
        if self.match.is_over and not self.record.series_goes_on:
            self.finished.set()

    async def _on_next(self, conn: Connection) -> None:
        """A seat asks for another game: dealt with the same seats, options and links."""
        async with self.lock:
            reason = next_refusal(self.match, self.record, conn.seat)
            if reason is not None:
                conn.send(encode(Refused(reason=reason)))
                return
            self.match = self.series.next_match()
            self.finished.clear()
            self._set_record(self.record.model_copy(update={"seed": self.match.seed}))
            self.saves.save_match(self.match)
            self.tickets.clear()
            self.tickets.refresh(self.match)
            self.computers.new_game()
            for callback in self.on_applied:
                callback(self.match)
            self.seating.welcome_all()
            self.log(f"{self.match.seats[conn.seat].name} asked for a new game: it is dealt."
                     if conn.seat is not None else "A new game is dealt.")
            self.computers.schedule_away()
            self.series.start()
            self.computers.wake.set()

    # -- the connections (the wire is fishtable.remote.transport's) -------------------------------
    async def admit(self, ws: web.WebSocketResponse, hello: Hello) -> Connection | None:
        return await self.seating.admit(ws, hello)

    def is_open(self, conn: Connection) -> bool:
        return self.seating.is_open(conn)

    def leave(self, conn: Connection) -> None:
        self.seating.leave(conn)

    async def answer(self, conn: Connection, message: Act | Command | NextGame | AskHint | AskCheck) -> None:
        if isinstance(message, AskCheck):
            await moves.check(self, conn, message)
        elif isinstance(message, Command):
            await moves.command(self, conn, message)
        elif isinstance(message, NextGame):
            await self._on_next(conn)
        elif isinstance(message, AskHint):
            await self.hints.answer(conn, message)
        else:
            await moves.play(self, conn, message)
