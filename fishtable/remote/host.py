"""The authoritative table: one match, served to remote seats over WebSocket (aiohttp).

The host alone holds the game state. It applies every action, autosaves after
each one, plays the computer seats, and sends each connection only what its
seat may see: that seat's view, the log lines it may read, its own prompt and
legal actions (the public view to a table connection). Every message from a
client is checked before anything happens (token, seat, that the seat is
asked, the ticket, the action legal, size, rate); a refused one changes
nothing and gets the plain sentence a player at the keyboard would get.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aiohttp import web
from pydantic import ValidationError

from fishtable.addresses import here, is_wildcard, own_address
from fishtable.bots import hint
from fishtable.bots.search import can_search
from fishtable.engine.errors import FishtableError, IllegalAction
from fishtable.engine.files import validation_message
from fishtable.engine.match import Match
from fishtable.engine.registry import get_entry
from fishtable.engine.resume import load_match
from fishtable.engine.series import SeriesRules
from fishtable.remote.computers import ComputerSeats
from fishtable.remote.connection import Bucket, Connection, RateLimit
from fishtable.remote.links import Link
from fishtable.remote.protocol import (
    WELCOME_LOG_LINES,
    Act,
    AskHint,
    Command,
    GameOver,
    Hello,
    Hint,
    HintLine,
    NextGame,
    Note,
    Presence,
    Refused,
    SeatLine,
    Snapshot,
    Update,
    Welcome,
    encode,
)
from fishtable.remote.record import (
    RECORD_NAME,
    SAVE_NAME,
    SeatKind,
    TableRecord,
    load_record,
    new_record,
    save_record,
)
from fishtable.remote.snapshots import snapshot_for
from fishtable.remote.transport import Pages, Transport


class TableHost:
    """One match served on one port. `start()`, then `stop()`; `links()` for the seats' links."""

    def __init__(
        self, match: Match, record: TableRecord, *, save_dir: Path | None, host: str = "127.0.0.1",
        port: int = 8765, rate: RateLimit | None = None, bot_pause: float = 0.0,
        allowed_hosts: tuple[str, ...] = (), allowed_origins: tuple[str, ...] = (),
        pages: Pages | None = None,
    ) -> None:
        self.match = match
        self.record = record
        self.save_dir = save_dir
        self.rate = rate or RateLimit()
        # The wire: the port, who may connect, each connection's frames. `allowed_origins`: pages of
        # other origins that may open a seat (a browser front end on another port); `pages`: the
        # links' browser pages (without them a link's page says to use the terminal).
        self.transport = Transport(
            self, bind=host, port=port, rate=self.rate, names=tuple(name.lower() for name in allowed_hosts),
            origins=frozenset(o.rstrip("/").lower() for o in allowed_origins), pages=pages,
        )
        self.save_error: str | None = None
        self.applied = 0  # actions applied since this host started (the tests' observer reads it)
        self.on_applied: list[Any] = []  # callbacks(match) after every action, before anything is sent
        self.on_note: list[Callable[[str], None]] = []  # callbacks(text) for the host's own log lines
        self.lock = asyncio.Lock()
        self._conns: set[Connection] = set()
        self._seat_conn: dict[int, Connection] = {}
        self._asked: dict[int, tuple[str, int]] = {}  # seat -> (what it is asked, its ticket)
        # Tickets of a restarted host must not repeat its predecessor's (a client may hold one).
        self._next_ticket = 1 + secrets.randbelow(1 << 40)
        self.computers = ComputerSeats(self, bot_pause)
        self._clock: asyncio.TimerHandle | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.stopping = False
        self.finished = asyncio.Event()  # set when the game is over (the last game of a series)
        self._game_clock = time.monotonic()  # when this game began here (a series for a time counts it)
        self._hints = asyncio.Semaphore(1)  # one hint searched at a time: a search takes about a second
        self._hinting: set[int] = set()  # seats whose hint is being searched
        # The game's table commands (`GameUI.table_commands`), from its plug-in through the registry.
        self.ui = get_entry(match.game.name).load_ui()
        self._refresh_tickets()

    # -- building ----------------------------------------------------------------------------
    @classmethod
    def new(
        cls, match: Match, kinds: tuple[SeatKind, ...], *, save_dir: Path | None,
        away_seconds: float | None = None, series: SeriesRules | None = None, **options: Any,
    ) -> TableHost:
        """A new table: fresh tokens, written beside the autosave (owner-only) with the first save."""
        if len(kinds) != len(match.seats):
            raise ValueError("Every seat needs a kind (remote, computer or local).")
        for seat, kind in enumerate(kinds):
            if (kind == "computer") != (match.seats[seat].bot is not None):
                raise ValueError(f"Seat {seat + 1} is {kind}, but its player says otherwise.")
        host = cls(match, new_record(match, kinds, away_seconds, series), save_dir=save_dir, **options)
        if save_dir is not None:
            save_record(save_dir / RECORD_NAME, host.record)
            host._autosave()
        return host

    @classmethod
    def resume(cls, save_dir: Path, **options: Any) -> TableHost:
        """The table saved in `save_dir`, with the same tokens. SaveFileError in words."""
        match = load_match(save_dir / SAVE_NAME)
        record = load_record(save_dir / RECORD_NAME, match)
        if match.is_over and not record.series_goes_on:
            raise FishtableError("The saved table's game is over; start a new one.")
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

    async def start(self) -> None:
        await self.transport.start()
        self.computers.start()
        self._start_clock()

    def _start_clock(self) -> None:
        """A game with a time limit (its capabilities' `time_limit`): the host keeps the clock, as the app does, and
        tells the engine once when time is up. A restarted host starts the clock afresh."""
        if self._clock is not None:  # the previous game's (a series deals a new one)
            self._clock.cancel()
            self._clock = None
        clock = self.match.game.capabilities.time_limit
        seconds = None if clock is None else clock.limit(self.match.options)
        if clock is None or seconds is None or clock.is_up(self.match.view(None)):
            return
        self._clock = asyncio.get_running_loop().call_later(seconds, self._start_time_up)

    def _start_time_up(self) -> None:
        task = asyncio.create_task(self._time_up())
        self._tasks.add(task)  # kept until done: the loop holds tasks only weakly
        task.add_done_callback(self._tasks.discard)

    async def _time_up(self) -> None:
        async with self.lock:
            if self.stopping or self.match.is_over:
                return
            clock = self.match.game.capabilities.time_limit
            if clock is None:  # the clock starts only for a game that has one
                return
            action = clock.up_action
            if self.match.check(0, action) is None:  # from any seat
                self.apply(0, action)

    async def stop(self) -> None:
        """Close every connection and the port (the autosave is current after every action)."""
        self.stopping = True
        if self._clock is not None:
            self._clock.cancel()
        await self.computers.stop()
        await self.transport.stop(list(self._conns))

    @property
    def listening(self) -> bool:
        """The port is open and `port` is the real one (`start()` has finished)."""
        return self.transport.listening and self.computers.running and not self.stopping

    @property
    def connections(self) -> int:
        """How many connections have said hello and are open."""
        return len(self._conns)

    @property
    def idle(self) -> bool:
        """Nothing is being applied or thought about right now."""
        return not self.lock.locked()

    def link_name(self, public_host: str | None = None) -> str:
        """The name the printed links give: the public name, else the address listened on, or for
        every address this computer's own address on its network (0.0.0.0 opens nowhere else)."""
        if public_host:
            return public_host
        if is_wildcard(self.bind):
            return own_address() or "127.0.0.1"
        return self.bind

    def links(self, public_host: str | None = None) -> tuple[dict[int, Link], Link]:
        """(each remote seat's join link, the public table's link)."""
        shown = self.link_name(public_host)
        seats = {seat: Link(shown, self.port, token) for seat, token in sorted(self.record.tokens.items())
                 if self.record.kinds[seat] == "remote"}
        return seats, Link(shown, self.port, None)

    def local_link(self, token: str | None) -> Link:
        """A link on the address this machine reaches the host at (loopback if it listens everywhere)."""
        return Link(here(self.bind), self.port, token)

    def local_links(self) -> dict[int, Link]:
        """The links of the seats played at the host's own keyboard, over loopback."""
        return {seat: self.local_link(token) for seat, token in sorted(self.record.tokens.items())
                if self.record.kinds[seat] == "local"}

    def link_refusal(self, token: str | None) -> str | None:
        """Why a link's browser page opens nothing now (None: the public table, or a remote seat's
        right key, while the game goes on). The key is compared in constant time."""
        if token is not None:
            seat = self.record.seat_for(token)
            if seat is None or self.record.kinds[seat] != "remote":
                return "That link is not a seat of this table (its key is wrong)."
        if self.match.is_over and not self.record.series_goes_on:
            return "This game is over; its links no longer open it."
        return None

    # -- what each connection sees --------------------------------------------------------------
    def _seat_lines(self) -> list[SeatLine]:
        return [
            SeatLine(seat=i, name=info.name, kind=self.record.kinds[i], away=self.is_away(i))
            for i, info in enumerate(self.match.seats)
        ]

    def ticket(self, seat: int) -> int:
        """The ticket of the seat's question now (-1 if it is not asked)."""
        return self._asked[seat][1] if seat in self._asked else -1

    def is_away(self, seat: int) -> bool:
        return self.record.kinds[seat] != "computer" and seat not in self._seat_conn

    def _snapshot(self, conn: Connection, since: int) -> Snapshot:
        """What this connection may see (`snapshots.snapshot_for`); its log is sent up to now."""
        seat = conn.seat
        ticket = self._asked[seat][1] if seat is not None and seat in self._asked else 0
        snapshot = snapshot_for(self.match, seat, since, ticket, self._seat_lines())
        conn.log_sent = self.match.event_count
        return snapshot

    def _refresh_tickets(self) -> None:
        """A new ticket for every seat whose question (prompt and legal answers) changed."""
        pending = self.match.pending()
        for seat in list(self._asked):
            if seat not in pending:
                del self._asked[seat]
        for seat, prompt in pending.items():
            asked = json.dumps([prompt.model_dump(mode="json"),
                                [a.model_dump(mode="json") for a in self.match.legal_actions(seat)]])
            if self._asked.get(seat, ("", 0))[0] != asked:
                self._asked[seat] = (asked, self._next_ticket)
                self._next_ticket += 1

    def _broadcast(self) -> None:
        for conn in list(self._conns):
            conn.send(encode(Update(snapshot=self._snapshot(conn, conn.log_sent))))
        over = self._game_over()
        if over is not None:
            for conn in list(self._conns):
                conn.send(over)

    def _game_over(self) -> str | None:
        """The `over` message of a finished game (with the series' totals), or None while playing."""
        result = self.match.result()
        if result is None:
            return None
        series = self.record.series
        return encode(GameOver(result=result.model_dump(mode="json"),
                               series=series.model_dump(mode="json") if series is not None else None))

    def _presence(self, seat: int, away: bool) -> None:
        message = encode(Presence(seat=seat, away=away, waiting=sorted(self.match.pending())))
        for conn in list(self._conns):
            conn.send(message)

    def note(self, text: str) -> None:
        """A line of the host's own for every table's log (and for `on_note`: the host's terminal)."""
        message = encode(Note(text=text[:300]))
        for conn in list(self._conns):
            conn.send(message)
        for callback in self.on_note:
            callback(text)

    # -- acting --------------------------------------------------------------------------------
    def _autosave(self) -> None:
        if self.save_dir is None:
            return
        try:
            self.match.save(self.save_dir / SAVE_NAME)
        except FishtableError as exc:
            if self.save_error is None:  # said once, at once; the game goes on, the last good save stays
                self.note(f"{exc} The game goes on unsaved.")
            self.save_error = str(exc)
        else:
            if self.save_error is not None:
                self.note("The table is being saved again.")
            self.save_error = None

    def apply(self, seat: int, action: Any) -> None:
        """Apply a checked action, save, and tell everyone. Call with the lock held."""
        self.match.apply(seat, action)
        self.applied += 1
        self._autosave()
        for callback in self.on_applied:
            callback(self.match)
        if self.match.is_over:
            self._add_to_series()
        self._refresh_tickets()
        self._broadcast()
        self.computers.schedule_away()
        self.computers.wake.set()
        if self.match.is_over and not self.record.series_goes_on:
            self.finished.set()

    def _add_to_series(self) -> None:
        """A game of the series has ended: its points go on the running totals (saved with the links)."""
        result = self.match.result()
        series = self.record.series
        if series is None or result is None:
            return
        self._set_record(self.record.model_copy(
            update={"series": series.add(result, time.monotonic() - self._game_clock)}))

    def _set_record(self, record: TableRecord) -> None:
        self.record = record
        if self.save_dir is not None:
            try:
                save_record(self.save_dir / RECORD_NAME, record)
            except FishtableError as exc:
                if self.save_error is None:
                    self.note(f"{exc} The game goes on unsaved.")
                self.save_error = str(exc)

    def _next_refusal(self, conn: Connection) -> str | None:
        """Why this connection may not deal the next game now, in words; None: it may."""
        if conn.seat is None:
            return "The public table cannot deal; a seat's own link can."
        if not self.match.is_over:
            return "The game is still being played."
        if not self.record.series_goes_on:
            return "The series is over: there is no next game."
        return None

    async def _on_next(self, conn: Connection) -> None:
        """A seat asks for the next game of the series: deal it with the same seats, options and links."""
        async with self.lock:
            reason = self._next_refusal(conn)
            if reason is not None:
                conn.send(encode(Refused(reason=reason)))
                return
            old = self.match
            match = Match.start(old.game, old.options, list(old.seats), 1 + secrets.randbelow(2**31 - 1))
            self.match = match
            self._set_record(self.record.model_copy(update={"seed": match.seed}))
            self._autosave()
            self._game_clock = time.monotonic()
            self._asked.clear()
            self.computers.new_game()
            self._refresh_tickets()
            for callback in self.on_applied:
                callback(self.match)
            for each in list(self._conns):  # a new game: everyone is welcomed to it afresh
                each.send(encode(Welcome(game=match.game.name, title=match.game.title, seat=each.seat,
                                         snapshot=self._snapshot(each, 0))))
            self.computers.schedule_away()
            self._start_clock()
            self.computers.wake.set()

    def _hint_refusal(self, conn: Connection, ask: AskHint) -> str | None:
        """Why this connection may not have a hint now, in words; None: it may."""
        seat = conn.seat
        if seat is None or ask.seat != seat:
            return "A hint is for your own decision, on your private screen."
        prompt = self.match.pending().get(seat)
        if prompt is None or ask.ticket != self._asked[seat][1]:
            return "A hint is for the question you are asked now."
        if not (prompt.private or prompt.reaction):
            return "A hint is for your own decision, on your private screen."
        if not can_search(self.match.game):
            return "This game has no hints."
        if seat in self._hinting:
            return "Still thinking about the last hint…"
        return None

    async def _on_hint(self, conn: Connection, ask: AskHint) -> None:
        """A seat's F2: the hard player's top moves for its own private question, searched from that
        seat's view and legal actions only, off the table's lock (the table goes on meanwhile)."""
        async with self.lock:
            reason = self._hint_refusal(conn, ask)
            if reason is not None:
                conn.send(encode(Refused(reason=reason)))
                return
            seat = conn.seat
            assert seat is not None
            view, legal, game = self.match.view(seat), self.match.legal_actions(seat), self.match.game
            self._hinting.add(seat)
        try:
            async with self._hints:
                if self.stopping:
                    return
                if not can_search(game):  # the refusal above says so; the types want it here too
                    return
                # bool(): mypy would take the flag narrowed above (False) for the type of `stop`.
                options = await asyncio.to_thread(hint, view, legal, game, stop=lambda: bool(self.stopping))
        except Exception as exc:  # a hint must never take the table down
            conn.send(encode(Refused(reason=f"No hint this time ({type(exc).__name__}).")))
            return
        finally:
            self._hinting.discard(seat)
        lines = [HintLine(action=a.model_dump(mode="json"), rate=rate, tried=tried) for a, rate, tried in options]
        conn.send(encode(Hint(ticket=ask.ticket, options=lines)))

    def _command_refusal(self, conn: Connection, command: Command) -> tuple[str | None, Any]:
        """(why this table command is refused, or None; the parsed action)."""
        if conn.seat is None:
            return "The public table cannot play; open a seat's own link to play.", None
        if command.seat != conn.seat:
            return f"This link plays seat {conn.seat + 1}; it cannot act for seat {command.seat + 1}.", None
        if self.match.is_over:
            return "The game is over.", None
        try:
            action = self.match.game.parse_action(command.action)
        except (ValidationError, ValueError, TypeError):
            return f"That is not a move of {self.match.game.title}.", None
        offered = [c.action for c in self.ui.table_commands(self.match.view(None))]
        if action not in offered:
            return "The table cannot ask for that now.", action
        return self.match.check(conn.seat, action), action

    def _try_apply(self, seat: int, action: Any) -> str | None:
        """Apply `action` for `seat`; the engine's words if it refuses it after all."""
        try:
            self.apply(seat, action)
        except IllegalAction as exc:
            return str(exc)
        return None

    async def _on_command(self, conn: Connection, command: Command) -> None:
        """One of the game's table commands, from a seat: applied for it if the table offers it now."""
        async with self.lock:
            reason, action = self._command_refusal(conn, command)
            if reason is None and conn.seat is not None:
                reason = self._try_apply(conn.seat, action)
            if reason is not None:
                conn.send(encode(Refused(reason=reason)))

    def _names(self, seats: list[int]) -> str:
        names = [self.match.seats[s].name for s in seats]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    def _refusal(self, conn: Connection, act: Act) -> tuple[str | None, Any]:
        """(why this act is refused, or None; the parsed action)."""
        if conn.seat is None:
            return "The public table cannot play; open a seat's own link to play.", None
        if act.seat != conn.seat:
            return (f"This link plays seat {conn.seat + 1} ({self.match.seats[conn.seat].name}); "
                    f"it cannot act for seat {act.seat + 1}."), None
        if self.match.is_over:
            return "The game is over.", None
        pending = self.match.pending()
        if conn.seat not in pending:
            return f"It is not your turn: the table waits for {self._names(sorted(pending))}.", None
        if act.ticket != self._asked[conn.seat][1]:
            return "The table has moved on since that question; here it is again as it stands now.", None
        try:
            action = self.match.game.parse_action(act.action)
        except ValidationError as exc:
            return validation_message(exc, f"That is not a move of {self.match.game.title}"), None
        except (ValueError, TypeError):
            return f"That is not a move of {self.match.game.title}.", None
        reason = self.match.check(conn.seat, action)
        return reason, action

    async def _on_act(self, conn: Connection, act: Act) -> None:
        async with self.lock:
            reason, action = self._refusal(conn, act)
            if reason is None:
                reason = self._try_apply(act.seat, action)
            if reason is not None:
                conn.send(encode(Refused(reason=reason)))
                # The seat sees the question again as it stands (a fresh ticket if it changed).
                conn.send(encode(Update(snapshot=self._snapshot(conn, conn.log_sent))))

    # -- the connections (the wire is fishtable.remote.transport's) -------------------------------
    async def admit(self, ws: web.WebSocketResponse, hello: Hello) -> Connection | None:
        """Welcome a connection that said hello: its seat's link, or the public table's. A wrong key
        or a finished game is refused for good, in words (None)."""
        seat: int | None = None
        reason = None
        if hello.token is not None:
            seat = self.record.seat_for(hello.token)
            if seat is None:
                reason = "That link is not a seat of this table (its key is wrong)."
        if reason is None and self.match.is_over and not self.record.series_goes_on:
            reason = "This game is over; its links no longer open it."
        if reason is not None:
            with contextlib.suppress(Exception):
                await ws.send_str(encode(Refused(reason=reason, final=True)))
            return None
        async with self.lock:
            conn = Connection(ws, seat, Bucket(self.rate))
            reopened = False
            if seat is not None:
                old = self._seat_conn.get(seat)
                reopened = old is not None
                if old is not None:  # the same link opened again: the newest wins, and the table is told
                    old.send(encode(Refused(reason="This seat was opened somewhere else.", final=True)))
                    old.send(None)
                    self._conns.discard(old)
                self._seat_conn[seat] = conn
            self._conns.add(conn)
            since = max(0, self.match.event_count - WELCOME_LOG_LINES)
            conn.send(encode(Welcome(
                game=self.match.game.name, title=self.match.game.title, seat=seat,
                snapshot=self._snapshot(conn, since),
            )))
            over = self._game_over()
            if over is not None:  # between two games of a series: the last result, and a next to ask for
                conn.send(over)
            if seat is not None:
                if reopened:
                    self.note(f"{self.match.seats[seat].name}'s seat was opened from another place.")
                self._presence(seat, away=False)
                self.computers.schedule_away()
        return conn

    def is_open(self, conn: Connection) -> bool:
        return conn in self._conns

    async def answer(self, conn: Connection, message: Act | Command | NextGame | AskHint) -> None:
        if isinstance(message, Command):
            await self._on_command(conn, message)
        elif isinstance(message, NextGame):
            await self._on_next(conn)
        elif isinstance(message, AskHint):
            await self._on_hint(conn, message)
        else:
            await self._on_act(conn, message)

    def leave(self, conn: Connection) -> None:
        self._conns.discard(conn)
        if conn.seat is not None and self._seat_conn.get(conn.seat) is conn:
            del self._seat_conn[conn.seat]
            if not self.stopping:
                self._presence(conn.seat, away=True)
                self.computers.schedule_away()
