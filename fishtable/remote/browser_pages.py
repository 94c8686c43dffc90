"""A table's links in a browser: `/join/TOKEN` and `/table` run the seat's app in the page.

`fishtable host` adds these routes to its own server (the same port as its
links), so a player opens the link they were sent and plays there. Each tab
runs `fishtable join` for that link through textual-serve, as `fishtable
serve` runs the app, and the join app talks to the host over loopback like a
terminal would. What this adds to `fishtable serve`'s machinery:

- a link is checked before a page or an app is made for it: a wrong key, or a
  finished game, gets a plain refusal and starts nothing;
- the page's websocket takes only the page's own origin (`OriginPolicy`);
- one tab per seat: a seat's link opened in a new tab closes the older one (as
  the host does with its connections); the public table has a few tabs at most;
- the link (the seat's key) reaches the app in a file only this user can read,
  never on a command line another user of the machine could list.

This module knows no remote seats: the host hands it what it needs (the
check of a link and the loopback link for it), so the web and remote layers
stay independent.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import shlex
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import aiohttp_jinja2
import jinja2
from aiohttp import web
from textual_serve.server import Server

from fishtable.web.addresses import Address, OriginPolicy, here
from fishtable.web.app_server import DEFAULT_FONT_SIZE, TEMPLATES, Sessions, close_sessions, font_size, run_session

log = logging.getLogger("fishtable.web")

TERMINAL = "/terminal"  # a page's websocket: its link's path and this
MAX_TABLE_TABS = 4  # tabs on the public table at once (each is a process of its own)
TABLE_KEY = "table"


def statics_path() -> Path:
    """textual-serve's own scripts, styles and fonts (the page loads nothing from elsewhere)."""
    return Path(Server("true").statics_path)


class SeatPages:
    """The browser pages of a table's links, added to the host's aiohttp app by `install`.

    `opens(token)` is why that link (None: the public table) opens nothing now, or None;
    `local_link(token)` the same link on the address the host answers at from this machine;
    `port()` the port the host listens on (known once it has started)."""

    def __init__(
        self, *, bind: str, port: Callable[[], int], opens: Callable[[str | None], str | None],
        local_link: Callable[[str | None], str],
    ) -> None:
        self.bind = bind
        self.port = port
        self.opens = opens
        self.local_link = local_link
        self.sessions: Sessions = {}
        self.tabs: dict[str, list[web.WebSocketResponse]] = {}  # a link's key -> its open tabs
        self.table_tabs = 0  # the public table's tabs, open or opening
        self.folder: Path | None = None  # the link files (mode 0700 folder, 0600 files)

    # -- routes --------------------------------------------------------------------------------
    def install(self, app: web.Application, join_path: str, table_path: str) -> None:
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(TEMPLATES))
        app.add_routes([
            web.get(join_path + "{token}", self.page),
            web.get(join_path + "{token}" + TERMINAL, self.terminal),
            web.get(table_path, self.page),
            web.get(table_path + TERMINAL, self.terminal),
            web.static("/static", statics_path(), name="static"),  # no folder listings
        ])
        app.on_shutdown.append(self.on_shutdown)

    @property
    def policy(self) -> OriginPolicy:
        return OriginPolicy(self.bind, self.port())

    def page_address(self, request: web.Request) -> str:
        """`host:port` the page's own websocket uses: the one the browser asked for, if the host
        answers at it under a name no stranger controls; else the address it listens on."""
        asked = Address.parse(f"{request.scheme}://{request.host}")
        if asked is not None and self.policy.serves(asked):
            return request.host
        shown = here(self.bind)
        return f"[{shown}]:{self.port()}" if ":" in shown else f"{shown}:{self.port()}"

    async def page(self, request: web.Request) -> web.StreamResponse:
        token = request.match_info.get("token")
        refusal = self.opens(token)
        if refusal is not None:
            return _plain(404, refusal)
        scheme = "wss" if request.scheme == "https" else "ws"
        context = {
            "font_size": font_size(request.query.get("fontsize", str(DEFAULT_FONT_SIZE))),
            "app_websocket_url": f"{scheme}://{self.page_address(request)}{request.path.rstrip('/')}{TERMINAL}",
            "config": {"static": {"url": "/static/"}},
            "application": {"name": "fishtable"},
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        # The page's address holds the seat's key: never sent on to another site, never cached.
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["Cache-Control"] = "no-store"
        return response

    async def terminal(self, request: web.Request) -> web.StreamResponse:
        """One tab of a link: the join app for it, in the page."""
        origin = request.headers.get("Origin")
        if not self.policy.allows(origin, request.host, request.scheme):
            log.warning("Refused a websocket from the origin %r (only the table's own page may open it).", origin)
            return _plain(403, "Only the table's own page may open it.")
        token = request.match_info.get("token")
        refusal = self.opens(token)
        if refusal is not None:
            return _plain(403, refusal)
        key = TABLE_KEY if token is None else hashlib.sha256(token.encode("utf-8")).hexdigest()[:24]
        tabs = self.tabs.setdefault(key, [])
        if token is None:
            # Counted before the first wait: handshakes that arrive together see each other's places.
            if self.table_tabs >= MAX_TABLE_TABS:
                return _plain(503, f"The public table is open in {MAX_TABLE_TABS} tabs already; close one first.")
            self.table_tabs += 1
        try:
            return await self._open_tab(request, key, token, tabs)
        finally:
            if token is None:
                self.table_tabs -= 1

    async def _open_tab(
        self, request: web.Request, key: str, token: str | None, tabs: list[web.WebSocketResponse],
    ) -> web.StreamResponse:
        if token is not None:
            for older in list(tabs):  # the newest tab takes the seat, as a new connection does
                with contextlib.suppress(ConnectionError, RuntimeError):  # the other side went first
                    await older.close(message=b"This seat was opened in another tab.")
        opened: list[web.WebSocketResponse] = []

        def opened_now(websocket: web.WebSocketResponse) -> None:
            opened.append(websocket)
            tabs.append(websocket)

        try:
            return await run_session(request, self.command(key, token), self.sessions, on_open=opened_now)
        finally:
            for websocket in opened:
                if websocket in tabs:
                    tabs.remove(websocket)

    def command(self, key: str, token: str | None) -> str:
        """`fishtable join` for this link, reading the link from a file of this user's only."""
        if self.folder is None:
            self.folder = Path(tempfile.mkdtemp(prefix="fishtable-links-"))  # mode 0700
        path = self.folder / f"{key}.link"
        if not path.exists():
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(self.local_link(token))
        return "exec " + shlex.join([sys.executable, "-m", "fishtable", "join", "--link-file", str(path)])

    async def on_shutdown(self, app: web.Application) -> None:
        await close_sessions(self.sessions)
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None


def _plain(status: int, text: str) -> web.Response:
    return web.Response(status=status, text=text.rstrip("\n") + "\n", content_type="text/plain",
                        headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})
