"""The seat app's connections: connecting (and saying so while the host cannot be reached),
reconnecting, the host's refusals as notices and its reasons (checks) in place, table
commands sent, whom the table waits for in words, leaving.

A mixin of `fishtable.remote.seat_app.SeatApp` (a Textual app): it keeps one
job out of the app, the wire's comings and goings, so the app keeps the rhythm.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable
from typing import TYPE_CHECKING

import aiohttp
from pydantic import BaseModel

from fishtable.engine.files import JsonObject
from fishtable.engine.protocol import Prompt
from fishtable.remote.client import JoinRefused, RemoteClient
from fishtable.remote.protocol import MAX_CHECKED
from fishtable.remote.table_seen import action_key
from fishtable.remote.wire_feed import wire_check
from fishtable.tui.decision import Decision, SomeDecision
from fishtable.tui.screens.private import DecisionScreen
from fishtable.tui.screens.table import TableScreen

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen

    from fishtable.engine.protocol import SomeGame
    from fishtable.remote.seat_rhythm import SeatRhythm
    from fishtable.remote.wire_feed import WireFeed, WireMatch
    from fishtable.tui.plugin import SomeUI

    _Base = App[int]
else:
    _Base = object

REJOIN_SECONDS = 120.0


async def _quietly(sending: Awaitable[None]) -> None:
    """A check sent while the connection drops is lost, not an error: the question is asked again
    on the new connection, and its screen checks again."""
    with contextlib.suppress(ConnectionError):
        await sending


def names_words(names: list[str]) -> str:
    """"Dora", "Dora and Eli", "Dora, Eli and Fay"."""
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


class SeatWire(_Base):
    # What the app sets (fishtable.remote.seat_app.SeatApp).
    client: RemoteClient
    others: tuple[RemoteClient, ...]
    table_client: RemoteClient | None
    table: TableScreen | None
    feed: WireFeed | None
    game: SomeGame
    ui: SomeUI
    finished: bool
    rhythm: SeatRhythm | None
    overlay: Screen[None] | None
    shown_seat: int | None
    shown_ticket: int
    checks_seen: int

    @property
    def connections(self) -> list[RemoteClient]:
        extra = [self.table_client] if self.table_client is not None else []
        return [self.client, *self.others, *extra]

    @property
    def source(self) -> RemoteClient:
        """The connection the shared table is drawn from."""
        return self.table_client if self.table_client is not None else self.client

    @property
    def seats_here(self) -> dict[int, RemoteClient]:
        """The seats this app plays, by seat number (once their welcomes have come)."""
        return {c.seen.seat: c for c in (self.client, *self.others) if c.seen.seat is not None}

    if TYPE_CHECKING:  # the app's own
        def refresh_from_wire(self) -> None: ...

    def __init__(self) -> None:
        super().__init__()
        self.connecting: set[int] = set()  # the connections being (re)made, by id
        self.refusals_seen: dict[int, int] = {}
        self.problem: str | None = None  # why the app ended, for the command line
        self.leaving = False
        self.reaching: str | None = None  # the words last shown while the host cannot be reached
        self.offered: list[object] = []  # the table commands the question on screen offers
        # Moves whose reasons are asked of the host, by (seat, ticket), not yet sent / ever asked.
        self.checks_unsent: dict[tuple[int, int], list[JsonObject]] = {}
        self.checks_asked: set[tuple[int, str]] = set()  # (ticket, action_key)

    # -- connecting ------------------------------------------------------------------------------
    def on_mount(self) -> None:
        def changed(_client: RemoteClient) -> None:
            self.call_later(self.refresh_from_wire)

        for client in self.connections:
            client.on_change.append(changed)
            self._reconnect(client)

    def _reconnect(self, client: RemoteClient) -> None:
        if id(client) not in self.connecting:
            self.connecting.add(id(client))
            self.run_worker(self._connect(client), group="wire")

    def _trying(self, client: RemoteClient, attempt: int, problem: str) -> None:
        """The host cannot be reached yet: say so at once, and that it is being tried again."""
        words = f"The table at {client.link.netloc} cannot be reached ({problem}); trying again (try {attempt})…"
        if words != self.reaching:
            self.reaching = words
            self.notify(words, severity="warning", timeout=3, markup=False)

    async def _connect(self, client: RemoteClient) -> None:
        try:
            await client.connect_retrying(REJOIN_SECONDS, on_retry=lambda n, why: self._trying(client, n, why))
        except JoinRefused as exc:
            self._give_up(str(exc))
            return
        except (OSError, aiohttp.ClientError, ConnectionError, TimeoutError):
            self._give_up(f"The table at {client.link.netloc} cannot be reached.")
            return
        finally:
            self.connecting.discard(id(client))
        self.reaching = None
        self.connected_again()
        self.refresh_from_wire()

    def connected_again(self) -> None:
        """Whatever is asked now is asked again (the app forgets what it answered)."""

    def _give_up(self, reason: str) -> None:
        self.problem = reason
        self.leaving = True
        self.exit(1)

    def wire_ready(self) -> bool:
        """Every connection has its first snapshot, and the app is not closing (its screens are
        being taken down; the clients' close calls here)."""
        return not self.leaving and self.is_running and all(c.seen.snapshot is not None for c in self.connections)

    def wire_connected(self) -> bool:
        """Every connection is up; if one is down, it is being made again (or the app gives up)."""
        for client in self.connections:
            if client.connected or self.finished:
                continue
            if client.closed_reason is not None:  # opened elsewhere, say: never take it back
                self._give_up(client.closed_reason)
                return False
            if id(client) not in self.connecting and self.table is not None:
                self.show_table_only()
                self.table.set_prompt(None, waiting_line="The connection to the host was lost; joining again…")
                self.notify("The connection to the host was lost; joining again…", severity="warning",
                            timeout=3, markup=False)
                self._reconnect(client)
            return False
        return True

    def show_table_only(self) -> None:
        """Take every screen above the table away (the app's own `_show(None)`)."""

    def take_refusals(self) -> int:
        """Show the host's new refusals as notices; how many there were."""
        count = 0
        for client in self.connections:
            seen = client.seen
            for reason in seen.refusals[self.refusals_seen.get(id(client), 0):]:
                self.notify(reason, severity="warning", markup=False)
                count += 1
            self.refusals_seen[id(client)] = len(seen.refusals)
        return count

    def waiting_words(self) -> str | None:
        """Whom the table waits for, in words: "Dora and Eli are thinking…", an away seat as away
        ("Ben is away: the table waits for him or the host's timer")."""
        snap = self.source.seen.snapshot
        if snap is None or self.feed is None:
            return None
        away = {s.seat for s in snap.seats if s.away}
        names = [self.feed.seats[s].name for s in snap.waiting if s not in away]
        gone = [self.feed.seats[s].name for s in snap.waiting if s in away]
        parts = []
        if names:
            parts.append(f"{names_words(names)} {'is' if len(names) == 1 else 'are'} thinking…")
        if gone:
            parts.append(f"{names_words(gone)} {'is' if len(gone) == 1 else 'are'} away: the table waits")
        return " · ".join(parts) or None

    # -- a question ----------------------------------------------------------------------------------
    def table_commands(self) -> list[object]:
        """The table commands the table offers now (poker's stop, until someone has called it)."""
        assert self.feed is not None
        return [c.action for c in self.ui.table_commands(self.feed.view(None))]

    def build_decision(self, seat: int, match: WireMatch) -> SomeDecision:
        """`seat`'s open question as a screen needs it. The screen's own check refuses what is not a
        legal answer with the game's reason, read from the seat's view (the host checks again)."""
        client = match.seat_clients[seat]
        snap = client.seen.snapshot
        assert self.feed is not None and snap is not None and snap.prompt is not None
        prompt = Prompt.model_validate(snap.prompt)
        legal = match.legal_actions(seat)
        private = prompt.private or prompt.reaction
        view = self.feed.view(seat if private else None)
        self.offered = commands = self.table_commands()
        answers = client.seen.checks.setdefault(snap.ticket, {})
        ticket = snap.ticket
        check = wire_check(legal, commands, answers, lambda action: self._want_check(seat, ticket, action))
        return Decision(
            ticket=snap.ticket, seat=seat, prompt=prompt, view=view, legal=legal, seats=self.feed.seats,
            private=private, check=check, log=self.feed.log(seat if private else None),
        )

    def _want_check(self, seat: int, ticket: int, action: JsonObject) -> None:
        """Ask the host why the game refuses `action` (once a question; a screen's checks of one
        moment go together, in one message)."""
        key = (ticket, action_key(action))
        if key in self.checks_asked:
            return
        if not any(asked == ticket for asked, _ in self.checks_asked):  # a new question: the old go
            open_now = {c.ticket for c in self.seats_here.values()}
            self.checks_asked = {k for k in self.checks_asked if k[0] in open_now}
        self.checks_asked.add(key)
        if not self.checks_unsent:
            self.call_later(self._send_checks)
        self.checks_unsent.setdefault((seat, ticket), []).append(action)

    def _send_checks(self) -> None:
        unsent, self.checks_unsent = self.checks_unsent, {}
        for (seat, ticket), actions in unsent.items():
            client = self.seats_here.get(seat)
            for start in range(0, len(actions), MAX_CHECKED):
                if client is not None:
                    self.run_worker(_quietly(client.ask_check(ticket, actions[start:start + MAX_CHECKED])),
                                    group="check")

    def _recheck(self) -> None:
        """New reasons from the host for the question on screen (its screen's checks asked for
        them, fishtable.tui.decision.CHECKING): the screen says them in place of "checking"."""
        seat = self.shown_seat
        if seat is None or seat not in self.seats_here:
            return
        count = len(self.seats_here[seat].seen.checks.get(self.shown_ticket, {}))
        screen = self.overlay if self.overlay is not None else self.table
        if count == self.checks_seen or not isinstance(screen, DecisionScreen | TableScreen):
            return
        if not screen.is_mounted:  # drawn in a moment: told then
            self.set_timer(0.05, self._recheck)
            return
        self.checks_seen = count
        screen.rechecked()

    def _command(self, client: RemoteClient, action: BaseModel) -> None:
        assert self.rhythm is not None
        self.rhythm.commanded()
        self.run_worker(client.command(action.model_dump(mode="json")), group="act")

    # -- leaving ---------------------------------------------------------------------------------------
    def action_request_quit(self) -> None:
        self.leaving = True
        self.exit(0)

    def action_to_menu(self) -> None:
        self.leaving = True
        self.exit(0)

    async def on_unmount(self) -> None:
        self.leaving = True  # the screens are going: what the wire says now is drawn nowhere
        for client in self.connections:
            client.on_change.clear()
            await client.close()
