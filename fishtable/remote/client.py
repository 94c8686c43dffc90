"""A headless client of a remote table: connects, validates every message, keeps the latest of each.

The terminal client and the tests read the seat's view, prompt, legal actions
and log from it; it never holds more than the host sent. `frames` records
the last text frames received (the tests keep them all: they scan them for
other seats' cards).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Callable

import aiohttp

from fishtable.engine.files import JsonObject
from fishtable.engine.protocol import Result
from fishtable.remote.links import Link, parse_link
from fishtable.remote.protocol import (
    MAX_HOST_MESSAGE_BYTES,
    Act,
    AskCheck,
    AskHint,
    Checked,
    Command,
    GameOver,
    Hello,
    Hint,
    NextGame,
    Note,
    Presence,
    ProtocolError,
    Refused,
    Snapshot,
    Update,
    Welcome,
    encode,
    read_host_message,
)
from fishtable.remote.table_seen import TableSeen, action_key

# Frames kept for a person looking into a problem; a game's whole history would grow for hours.
KEEP_FRAMES: int | None = 64


CONNECT_WAIT = 10.0  # seconds one try waits for the host's welcome


def _problem(exc: BaseException) -> str:
    """A failed try, in a few words."""
    if isinstance(exc, TimeoutError):
        return "no answer"
    if isinstance(exc, ConnectionRefusedError | aiohttp.ClientConnectorError):
        return "nothing is listening there"
    return str(exc) or type(exc).__name__


class JoinRefused(Exception):
    """The host refused this link for good (a wrong key, a finished game), in words."""


class RemoteClient:
    """One seat's (or the public table's) connection. `await connect()`, then read `seen`,
    `await act(action_json)`, `await wait_for(condition)`; `await close()`."""

    def __init__(self, link: str | Link, *, origin: str | None = None, name: str = "fishtable") -> None:
        self.link = parse_link(link) if isinstance(link, str) else link
        self.origin = origin
        self.name = name
        self.seen = TableSeen()
        self.frames: deque[str] = deque(maxlen=KEEP_FRAMES)
        self.connected = False
        self.closed_reason: str | None = None
        self.on_change: list[Callable[[RemoteClient], None]] = []
        self._session: aiohttp.ClientSession | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._reader: asyncio.Task[None] | None = None
        self._changed = asyncio.Condition()
        self._final: str | None = None
        self._welcomes = 0

    # -- connecting ------------------------------------------------------------------------------
    async def connect(self, timeout: float = 10.0) -> None:
        """Connect and wait for the welcome; JoinRefused in words if the host will not have us,
        OSError/aiohttp.ClientError if the host cannot be reached."""
        await self._drop()
        self._final = None
        self._session = aiohttp.ClientSession()
        headers = {"Origin": self.origin} if self.origin is not None else {}
        try:
            self._ws = await self._session.ws_connect(
                self.link.ws_url, headers=headers, max_msg_size=MAX_HOST_MESSAGE_BYTES, heartbeat=20.0,
                timeout=aiohttp.ClientWSTimeout(ws_close=5.0),
            )
        except aiohttp.WSServerHandshakeError as exc:
            await self._drop()
            raise JoinRefused(f"The host refused the connection ({exc.status}).") from None
        except BaseException:
            await self._drop()
            raise
        welcomed = self._welcomes
        await self._ws.send_str(encode(Hello(token=self.link.token, client=self.name)))
        self._reader = asyncio.create_task(self._read())
        try:
            await self.wait_for(
                lambda c: c._welcomes > welcomed or c._final is not None or not c.connected_socket, timeout
            )
        except TimeoutError:
            await self._drop()
            raise
        if self._final is not None:
            await self._drop()
            raise JoinRefused(self._final)
        if self._welcomes == welcomed:
            await self._drop()
            raise ConnectionError("The host closed the connection before welcoming this seat.")

    @property
    def connected_socket(self) -> bool:
        return self._ws is not None and not self._ws.closed

    async def connect_retrying(self, within: float = 30.0,
                               on_retry: Callable[[int, str], None] | None = None) -> None:
        """Connect, trying again while the host cannot be reached (it may be restarting);
        `on_retry(attempt, problem)` is told of each try that failed, at once."""
        deadline = time.monotonic() + within
        pause = 0.05
        attempt = 0
        while True:
            attempt += 1
            try:
                # A host that is down refuses at once; one that is up answers within seconds.
                await self.connect(timeout=max(1.0, min(CONNECT_WAIT, deadline - time.monotonic())))
                return
            except (OSError, aiohttp.ClientError, ConnectionError, TimeoutError) as exc:
                if time.monotonic() + pause > deadline:
                    raise
                if on_retry is not None:
                    on_retry(attempt, _problem(exc))
                await asyncio.sleep(pause)
                pause = min(pause * 2, 1.0)

    async def close(self) -> None:
        await self._drop()

    async def _drop(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
            self._reader = None
        if self._ws is not None:
            with contextlib.suppress(Exception):
                await self._ws.close()
            self._ws = None
        if self._session is not None:
            await self._session.close()
            self._session = None
        self.connected = False

    # -- receiving ---------------------------------------------------------------------------------
    async def _read(self) -> None:
        assert self._ws is not None
        try:
            async for message in self._ws:
                if message.type != aiohttp.WSMsgType.TEXT:
                    continue
                self.frames.append(message.data)
                try:
                    parsed = read_host_message(message.data)
                except ProtocolError as exc:
                    self.seen.refusals.append(f"The host sent a message this client cannot read: {exc}")
                    continue
                self._take(parsed)
                await self._notify()
        finally:
            self.connected = False
            await self._notify()

    def _take(self, message: Welcome | Update | Refused | Presence | Note | GameOver | Hint | Checked) -> None:
        seen = self.seen
        if isinstance(message, Welcome):
            # The next game of a series (dealt: step 0), not a rejoin between two games.
            if seen.result is not None and message.snapshot.step == 0:
                seen.result = None
                seen.log.clear()
                seen.notes.clear()
                seen.games += 1
            seen.checks.clear()  # a restarted host may number its questions again from the start
            seen.game, seen.title, seen.seat = message.game, message.title, message.seat
            self._snapshot(message.snapshot)
            self.connected = True
            self._welcomes += 1
        elif isinstance(message, Update):
            self._snapshot(message.snapshot)
        elif isinstance(message, Refused):
            seen.refusals.append(message.reason)
            if message.final:
                self._final = message.reason
                self.closed_reason = message.reason
        elif isinstance(message, Presence) and seen.snapshot is not None:
            seats = [s.model_copy(update={"away": message.away}) if s.seat == message.seat else s
                     for s in seen.snapshot.seats]
            seen.snapshot = seen.snapshot.model_copy(update={"seats": seats, "waiting": message.waiting})
        elif isinstance(message, Note):
            seen.notes.append((max(seen.log, default=-1), message.text))
        elif isinstance(message, Hint):
            seen.hints[message.ticket] = message
        elif isinstance(message, Checked):
            answers = seen.checks.setdefault(message.ticket, {})
            for line in message.answers:
                answers[action_key(line.action)] = line.reason
        elif isinstance(message, GameOver):
            seen.result = message.result
            seen.series = message.series
            seen.next_game = message.next

    def _snapshot(self, snapshot: Snapshot) -> None:
        self.seen.snapshot = snapshot
        for ticket in [t for t in self.seen.checks if t != snapshot.ticket]:
            del self.seen.checks[ticket]  # answers for a question no longer asked: never read again
        for line in snapshot.log:
            self.seen.log[line.index] = line

    async def _notify(self) -> None:
        for callback in self.on_change:
            callback(self)
        async with self._changed:
            self._changed.notify_all()

    async def wait_for(self, condition: Callable[[RemoteClient], bool], timeout: float = 30.0) -> None:
        """Wait until `condition(self)` holds; TimeoutError after `timeout` seconds."""
        async with asyncio.timeout(timeout):
            async with self._changed:
                await self._changed.wait_for(lambda: condition(self))

    # -- acting ---------------------------------------------------------------------------------------
    async def act(self, action: JsonObject) -> None:
        """Answer the seat's current question with `action` (the action's JSON)."""
        snap = self.seen.snapshot
        if self._ws is None or snap is None or self.seen.seat is None:
            raise ConnectionError("This client is not seated at a table.")
        await self.send(Act(seat=self.seen.seat, ticket=snap.ticket, action=action))

    async def command(self, action: JsonObject) -> None:
        """Ask for one of the game's table commands (its action's JSON) for this seat."""
        if self.seen.seat is None:
            raise ConnectionError("The public table cannot ask for a table command.")
        await self.send(Command(seat=self.seen.seat, action=action))

    async def ask_hint(self) -> None:
        """Ask the host for a hint on this seat's current question."""
        if self.seen.seat is None:
            raise ConnectionError("The public table gets no hints.")
        await self.send(AskHint(seat=self.seen.seat, ticket=self.ticket))

    async def ask_check(self, ticket: int, actions: list[JsonObject]) -> None:
        """Ask the host why the game refuses these moves (their JSON) as answers to the question
        with `ticket`; the answers arrive in `seen.checks[ticket]`, by `action_key`."""
        if self.seen.seat is None:
            raise ConnectionError("The public table has no question to check.")
        await self.send(AskCheck(seat=self.seen.seat, ticket=ticket, actions=actions))

    async def next_game(self) -> None:
        """Ask the host for the next game of the series."""
        await self.send(NextGame())

    async def send(self, message: Hello | Act | Command | NextGame | AskHint | AskCheck) -> None:
        await self.send_raw(encode(message))

    async def send_raw(self, text: str) -> None:
        """Send any text (the tests send hostile messages this way)."""
        if self._ws is None:
            raise ConnectionError("This client is not connected.")
        await self._ws.send_str(text)

    # -- reading what was seen ------------------------------------------------------------------------
    @property
    def ticket(self) -> int:
        return self.seen.snapshot.ticket if self.seen.snapshot is not None else 0

    @property
    def step(self) -> int:
        return self.seen.snapshot.step if self.seen.snapshot is not None else -1

    @property
    def legal(self) -> list[JsonObject]:
        return list(self.seen.snapshot.legal) if self.seen.snapshot is not None else []

    @property
    def result(self) -> Result | None:
        return Result.model_validate(self.seen.result) if self.seen.result is not None else None

    @property
    def log_lines(self) -> list[str]:
        return [line.text for line in self.seen.readable_log()]
