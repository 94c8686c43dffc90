"""`fishtable serve`: the app in a browser, through textual-serve.

Every browser tab gets its own app process (textual-serve runs the command
once per websocket); the table lock in the data folder decides which of them
plays. What this subclass of textual-serve's `Server` changes:

- the websocket takes only the page's own origin (`fishtable.web.addresses.OriginPolicy`);
- the page is fishtable's copy of textual-serve's, with the fonts textual-serve
  ships served from here instead of a font site, and every URL on this server;
- stopping the server closes every session, and each app saves and leaves,
  instead of the server waiting for the browsers to go away; a browser that
  does not answer a close is not waited for long.

Importing this module needs the optional `web` extra (textual-serve, aiohttp).
"""

from __future__ import annotations

import asyncio
import json
import logging
import shlex
import signal
import sys
from collections.abc import Callable, Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager
from textual_serve.server import Server

from fishtable.engine.files import JsonObject
from fishtable.web.addresses import Address, OriginPolicy, is_wildcard

log = logging.getLogger("fishtable.web")

TEMPLATES = Path(__file__).parent / "templates"
# When the server stops, each open session has this long to save and exit, so that
# the whole stop stays under 3 seconds; an app still busy then has been told to quit
# already, and saves and ends by itself just after.
STOP_SECONDS = 1.5
CLOSE_SECONDS = 1.0
GRACE_SECONDS = 0.5
DEFAULT_FONT_SIZE = 16


def app_command(app_args: Sequence[str]) -> str:
    """The shell command textual-serve runs per tab: this Python, this package (exec: no shell left)."""
    return "exec " + shlex.join([sys.executable, "-m", "fishtable", *app_args])


def font_size(text: str) -> int:
    try:
        size = int(text)
    except ValueError:
        return DEFAULT_FONT_SIZE
    return min(max(size, 6), 64)


class TableServer(Server):
    def __init__(self, command: str, host: str = "127.0.0.1", port: int = 8000) -> None:
        shown = f"[{host}]" if ":" in host else host  # an IPv6 address in a URL takes brackets
        super().__init__(command, host=host, port=port, title="fishtable", templates_path=TEMPLATES,
                         public_url=f"http://{shown}:{port}")
        self.policy = OriginPolicy(host, port)
        # Each open tab's websocket, and the task that serves it (until its app has ended).
        self.sessions: Sessions = {}

    def page_address(self, request: web.Request) -> str:
        """`host:port` the page's own links use: the one the browser asked for, if this server
        answers at it under a name no stranger controls; else the server's public address."""
        asked = Address.parse(f"{request.scheme}://{request.host}")
        if asked is not None and self.policy.serves(asked):
            return request.host
        return self.public_url.split("://", 1)[1]

    @aiohttp_jinja2.template("app_index.html")
    async def handle_index(self, request: web.Request) -> JsonObject:
        scheme = "wss" if request.scheme == "https" else "ws"
        return {
            "font_size": font_size(request.query.get("fontsize", str(DEFAULT_FONT_SIZE))),
            "app_websocket_url": f"{scheme}://{self.page_address(request)}/ws",
            "config": {"static": {"url": "/static/"}},  # same server: no host in the page at all
            "application": {"name": self.title},
        }

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One tab: an app process of its own, its screen to the browser and the keys back."""
        origin = request.headers.get("Origin")
        if not self.policy.allows(origin, request.host, request.scheme):
            log.warning("Refused a websocket from the origin %r (only this table's own page may open it).", origin)
            raise web.HTTPForbidden(text="Only this table's own page may open it.\n")
        return await run_session(request, self.command, self.sessions, self.download_manager, self.debug)

    async def on_startup(self, app: web.Application) -> None:
        if is_wildcard(self.host):
            where = (f"fishtable is served on every address of this machine, port {self.port}: open "
                     f"http://127.0.0.1:{self.port} here, or this machine's address from another one.")
        else:
            where = f"fishtable is served on {self.public_url} — open it in a browser."
        self.console.print(where, markup=False, highlight=False)
        self.console.print("Press Ctrl+C to stop (every open game is saved first).", markup=False, highlight=False)

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every session: each handler then tells its app to quit, and the app saves on its way out."""
        await close_sessions(self.sessions)

    async def make_app(self) -> web.Application:
        """textual-serve's routes, with this class's handlers."""
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws", self.handle_websocket, name="websocket"),
            web.get("/download/{key}", self.handle_download, name="download"),
            web.static("/static", self.statics_path, name="static"),  # no folder listings
        ])
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    def serve(self, debug: bool = False) -> None:
        """textual-serve's `serve`, with a short grace for handlers still running after `on_shutdown`
        (aiohttp waits 60 s by default)."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        with suppress(NotImplementedError):  # no signal handlers on this system
            loop.add_signal_handler(signal.SIGINT, self.request_exit)
            loop.add_signal_handler(signal.SIGTERM, self.request_exit)
            # Its terminal closed: stop as Ctrl+C does (every open game saved first); the apps,
            # hung up too, save and leave by themselves as well (fishtable.tui.leaving).
            loop.add_signal_handler(signal.SIGHUP, self.request_exit)
        web.run_app(
            self.make_app(), host=self.host, port=self.port, handle_signals=False, loop=loop,
            print=lambda *args: None, shutdown_timeout=GRACE_SECONDS,
        )


Sessions = dict[web.WebSocketResponse, asyncio.Task[Any]]  # Any: nothing reads what a session's task returns


async def run_session(
    request: web.Request, command: str, sessions: Sessions, downloads: DownloadManager | None = None,
    debug: bool = False, on_open: Callable[[web.WebSocketResponse], None] | None = None,
) -> web.WebSocketResponse:
    """One tab whose origin was checked: `command` runs as an app of its own, its screen goes to the
    browser and the keys come back, until the tab or the app closes. `sessions` holds it meanwhile;
    `on_open(websocket)` is told once it is open."""
    # timeout: how long a close waits for the browser's answer (a gone browser never answers).
    websocket = web.WebSocketResponse(heartbeat=15, timeout=CLOSE_SECONDS)
    await websocket.prepare(request)
    if on_open is not None:
        on_open(websocket)

    async def close() -> None:
        await websocket.close()

    service = AppService(
        command,
        write_bytes=websocket.send_bytes,
        write_str=websocket.send_str,
        close=close,
        download_manager=downloads if downloads is not None else DownloadManager(),
        debug=debug,
    )
    task = asyncio.current_task()
    if task is not None:
        sessions[websocket] = task
    try:
        await service.start(size_from(request.query.get("width"), 80), size_from(request.query.get("height"), 24))
        await relay(websocket, service)
    except Exception:  # one broken session must not stop the server
        log.exception("A browser session ended with an error.")
    finally:
        # The app is told to quit; it saves the game (and its clock) on its way out.
        await service.stop()
        sessions.pop(websocket, None)
    return websocket


async def close_sessions(sessions: Sessions) -> None:
    """Close every session's tab; each handler then tells its app to quit. STOP_SECONDS at most."""
    if not sessions:
        return
    closes = [asyncio.ensure_future(ws.close(code=WSCloseCode.GOING_AWAY, message=b"The server stopped."))
              for ws in list(sessions)]
    await asyncio.wait([*closes, *sessions.values()], timeout=STOP_SECONDS)


def size_from(text: str | None, default: int) -> int:
    """A terminal size from the page's query, within sane bounds."""
    try:
        size = int(text or "")
    except ValueError:
        return default
    return min(max(size, 10), 1000)


async def relay(websocket: web.WebSocketResponse, service: AppService) -> None:
    """The browser's messages to the app until the tab closes (textual-serve's protocol)."""
    async for message in websocket:
        if message.type != WSMsgType.TEXT:
            continue
        try:
            envelope = json.loads(message.data)
            kind, data = (envelope[0], envelope[1] if len(envelope) > 1 else None)
        except (ValueError, TypeError, IndexError, KeyError):
            continue  # not textual-serve's page talking: ignore it
        if kind == "stdin" and isinstance(data, str):
            await service.send_bytes(data.encode("utf-8"))
        elif kind == "resize" and isinstance(data, dict):
            await service.set_terminal_size(size_from(str(data.get("width")), 80),
                                            size_from(str(data.get("height")), 24))
        elif kind == "ping":
            await websocket.send_json(["pong", data])
        elif kind == "blur":
            await service.blur()
        elif kind == "focus":
            await service.focus()


def serve(host: str, port: int, app_args: Sequence[str]) -> int:
    """Serve until Ctrl+C or SIGTERM; the exit code."""
    server = TableServer(app_command(app_args), host=host, port=port)
    try:
        server.serve()
    except OSError as exc:  # the port is taken, or the address is not this machine's
        print(f"fishtable serve: error: cannot listen on {host}:{port} ({exc.strerror or exc}).", file=sys.stderr)
        return 1
    return 0
