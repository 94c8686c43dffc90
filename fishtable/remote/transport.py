"""The host's wire: the aiohttp server, who may connect, and each connection's reading and sending.

It knows the protocol's frames, not the game: a connection is let in when its
Host and Origin pass the listeners' one policy (`fishtable.web.addresses.OriginPolicy`)
and its first message is a hello; from then on every message is rate-limited
and parsed here, and what it asks is the table's (`TableSide`) to answer. Every
message to a connection goes through its outbox and one sender task, so
messages from different tasks never interleave.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Protocol

from aiohttp import WSMsgType, web

from fishtable.remote.connection import Connection, RateLimit
from fishtable.remote.links import JOIN_PATH, TABLE_PATH, WS_PATH
from fishtable.remote.protocol import (
    MAX_CLIENT_MESSAGE_BYTES,
    Act,
    AskCheck,
    AskHint,
    Command,
    Hello,
    NextGame,
    ProtocolError,
    Refused,
    encode,
    read_client_message,
)
from fishtable.web.addresses import Address, OriginPolicy

HELLO_SECONDS = 10.0  # a connection that does not say hello by then is closed
# Beyond this aiohttp closes the connection itself; between the protocol's cap and
# this, the message is refused in words and the connection stays.
HARD_MESSAGE_BYTES = 4 * MAX_CLIENT_MESSAGE_BYTES
PAGE_TEXT = "This is a fishtable table. Open this link with: fishtable join LINK\n"


class Pages(Protocol):
    """Browser pages for the links (`fishtable.remote.browser_pages.SeatPages`): routes added to the host's app."""

    def install(self, app: web.Application, join_path: str, table_path: str) -> None: ...


class TableSide(Protocol):
    """What the wire asks of the table."""

    async def admit(self, ws: web.WebSocketResponse, hello: Hello) -> Connection | None:
        """Welcome a connection that said hello (None: it was refused for good, in words)."""

    def is_open(self, conn: Connection) -> bool:
        """Is the connection still the table's (not replaced by its link opened elsewhere)?"""

    async def answer(self, conn: Connection, message: Act | Command | NextGame | AskHint | AskCheck) -> None:
        """Answer one checked message of a connection."""

    def leave(self, conn: Connection) -> None:
        """The connection has closed."""


class Transport:
    """One aiohttp server for one table, on `bind`:`port` (0: a free port, known after `start`)."""

    def __init__(
        self, table: TableSide, *, bind: str, port: int, rate: RateLimit, names: tuple[str, ...] = (),
        origins: frozenset[str] = frozenset(), pages: Pages | None = None,
    ) -> None:
        self.table = table
        self.bind = bind
        self.port = port
        self.rate = rate
        self.names = names  # public names the table also answers to (--public-name)
        self.origins = origins  # pages of other origins that may open a seat (a front end elsewhere)
        self.pages = pages
        self._runner: web.AppRunner | None = None

    @property
    def policy(self) -> OriginPolicy:
        """The names and pages this table answers: the same policy as `serve`'s."""
        return OriginPolicy(self.bind, self.port, frozenset(self.names))

    @property
    def listening(self) -> bool:
        return self._runner is not None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get(WS_PATH, self._on_socket)
        app.router.add_get("/", self._on_page)
        if self.pages is not None:
            self.pages.install(app, JOIN_PATH, TABLE_PATH)
        else:
            app.router.add_get(TABLE_PATH, self._on_page)
            app.router.add_get(JOIN_PATH + "{token}", self._on_page)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.bind, self.port)
        await site.start()
        self.port = self._runner.addresses[0][1]

    async def stop(self, conns: list[Connection]) -> None:
        """What is queued (the result, say) goes out first; then every connection and the port close."""
        senders = [conn.sender for conn in conns if conn.sender is not None]
        for conn in conns:
            conn.outbox.put_nowait(None)
        if senders:
            await asyncio.wait(senders, timeout=2.0)
        for conn in conns:
            with contextlib.suppress(ConnectionError, RuntimeError):  # the other side went first
                await conn.ws.close(message=b"the host stopped")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # -- who may connect -------------------------------------------------------------------------
    def host_ok(self, request: web.Request) -> bool:
        """The Host header names this table, under a name no stranger controls (DNS rebinding).
        Its port is not checked: a table reached through a forwarded port is still this one."""
        return self.policy.answers_to(request.url.host or "")

    def origin_ok(self, request: web.Request) -> bool:
        """A browser page from another site may not open a seat: its Origin must be the address
        the request was made to, one this table answers at (or a page let in by name)."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True  # not a browser (the terminal client sends none)
        if origin.rstrip("/").lower() in self.origins:
            return True
        sent_from, sent_to = Address.parse(origin), Address.parse(f"{request.scheme}://{request.host}")
        return sent_from is not None and sent_from == sent_to and self.policy.answers_to(sent_to.host)

    # -- a connection's life -----------------------------------------------------------------------
    async def _on_page(self, request: web.Request) -> web.Response:
        return web.Response(text=PAGE_TEXT, content_type="text/plain",
                            headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})

    async def _on_socket(self, request: web.Request) -> web.StreamResponse:
        if not self.host_ok(request):
            return web.Response(status=403, text="This table does not answer to that name.\n")
        if not self.origin_ok(request):
            return web.Response(status=403, text="A page from another site may not join this table.\n")
        ws = web.WebSocketResponse(max_msg_size=HARD_MESSAGE_BYTES, heartbeat=20.0)
        await ws.prepare(request)
        hello = await self._read_hello(ws)
        conn = await self.table.admit(ws, hello) if hello is not None else None
        if conn is None:
            await ws.close()
            return ws
        conn.sender = asyncio.create_task(self._send_loop(conn))
        try:
            await self._read_loop(conn)
        finally:
            self.table.leave(conn)
            conn.outbox.put_nowait(None)
            with contextlib.suppress(ConnectionError, RuntimeError):  # the other side went first
                await conn.sender
        return ws

    async def _read_hello(self, ws: web.WebSocketResponse) -> Hello | None:
        """The first message, which must be a hello (None: refused for good, in words)."""
        try:
            first = await ws.receive(timeout=HELLO_SECONDS)
        except TimeoutError:
            first = None
        reason: str | None = None
        hello = None
        if first is None:
            reason = "No hello came; the connection is closed."
        elif first.type != WSMsgType.TEXT:
            reason = "The first message must be a hello in text."
        else:
            try:
                hello = read_client_message(first.data)
            except ProtocolError as exc:
                reason = str(exc)
        if reason is None and not isinstance(hello, Hello):
            reason = "The first message must be a hello."
        if reason is not None:
            with contextlib.suppress(ConnectionError, RuntimeError):  # the other side went first
                await ws.send_str(encode(Refused(reason=reason, final=True)))
            return None
        return hello if isinstance(hello, Hello) else None

    async def _read_loop(self, conn: Connection) -> None:
        async for message in conn.ws:
            if not self.table.is_open(conn):
                return
            if not conn.bucket.take():
                if conn.bucket.refused > self.rate.drop_after:
                    conn.send(encode(Refused(reason="Too many messages; the connection is closed.", final=True)))
                    return
                if conn.bucket.refused == 1:
                    conn.send(encode(Refused(
                        reason=f"Too many messages: at most {self.rate.per_second:g} a second. Nothing changed."
                    )))
                continue
            if message.type != WSMsgType.TEXT:
                if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                    return
                conn.send(encode(Refused(reason="Messages must be text.")))
                continue
            try:
                parsed = read_client_message(message.data)
            except ProtocolError as exc:
                conn.send(encode(Refused(reason=str(exc))))
                continue
            if isinstance(parsed, Hello):
                conn.send(encode(Refused(reason="This connection has said hello already.")))
            else:
                await self.table.answer(conn, parsed)

    async def _send_loop(self, conn: Connection) -> None:
        while True:
            text = await conn.outbox.get()
            if text is None:
                await conn.ws.close()
                return
            try:
                await conn.ws.send_str(text)
            except (ConnectionError, RuntimeError):
                return
