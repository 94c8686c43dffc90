"""`fishtable join`'s Textual app: one remote seat (or the public table) on this terminal.

It reuses the shell's screens and the game's plug-in, fed with views from the
wire instead of a match: the seat's own decisions open at once (its screen is
its own: no pass screen, no cover), and the public table shows the rest, with
who the table waits for and who is away. The app holds no game state; every
answer goes to the host, which checks it again.
"""

from __future__ import annotations

from pathlib import Path, PurePath
from typing import Any, ClassVar

import aiohttp
from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import Screen

import fishtable.tui
from fishtable.engine.protocol import Event, Prompt, Result, SeatInfo
from fishtable.engine.registry import get_entry
from fishtable.remote.client import JoinRefused, RemoteClient
from fishtable.remote.views import rebuild_view
from fishtable.tui.decision import Acknowledged, Claimed, Commanded, Decided, Decision, LogWindow
from fishtable.tui.screens.base import input_blocked
from fishtable.tui.screens.choice import ChoiceScreen
from fishtable.tui.screens.help import HelpScreen
from fishtable.tui.screens.results import ResultsScreen
from fishtable.tui.screens.rules import RulesScreen
from fishtable.tui.screens.table import TableScreen

_STYLES = Path(fishtable.tui.__file__).parent / "styles"
DECISION_ARMING = 0.3  # as the app's: keys typed before a decision appeared never answer it
REJOIN_SECONDS = 120.0


class WireFeed:
    """What the table screens read (`fishtable.tui.decision.TableFeed`), from the latest snapshot."""

    def __init__(self, client: RemoteClient, game: Any, ui: Any) -> None:
        self.client = client
        self.game = game
        self.ui = ui
        self.title = game.title
        snap = client.seen.snapshot
        assert snap is not None
        self.seats = tuple(SeatInfo(name=s.name, bot="computer" if s.kind == "computer" else None)
                           for s in snap.seats)

    def view(self, viewer: int | None) -> Any:
        snap = self.client.seen.snapshot
        assert snap is not None
        if viewer is not None or snap.table is None:
            return rebuild_view(self.game, snap.view)
        return rebuild_view(self.game, snap.table)

    def log(self, viewer: int | None) -> LogWindow:
        seen = self.client.seen
        entries = [(i, Event(kind=line.kind, text=line.text, news=line.news))
                   for i, line in sorted(seen.log.items())]
        news_from = entries[-1][0] if entries else 0
        return LogWindow(self.ui.log_window(entries), news_from)

    def clock_words(self) -> str:
        away = [s.name for s in self.client.seen.seats if s.away]
        return f"away: {', '.join(away)}" if away else ""

    def started(self) -> None:
        """The table is on screen; the wire drives it."""

    def thinking_words(self) -> str:
        return ""


class SeatApp(App[int]):
    TITLE = "fishtable"
    CSS_PATH: ClassVar[list[str | PurePath]] = [_STYLES / "app.tcss", _STYLES / "table.tcss", _STYLES / "forms.tcss"]
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "request_quit", "Quit", priority=True),
        Binding("ctrl+c", "request_quit", "Quit", show=False, priority=True),
        Binding("f1", "help", "Help"),
    ]

    def __init__(self, client: RemoteClient, arming: float = DECISION_ARMING) -> None:
        super().__init__()
        self.client = client
        self.arming = arming
        self.game: Any = None
        self.ui: Any = None
        self.feed: WireFeed | None = None
        self.table: TableScreen | None = None
        self.overlay: Screen | None = None
        self.shown_ticket = 0  # the question on screen now (the host's ticket)
        self.sent_ticket = 0  # the last question answered
        self.queued: list[Any] = []  # the seat's next steps a screen held and sent together (Decided.then)
        self.refusals_seen = 0
        self.finished = False
        self.connecting = False
        self.problem: str | None = None  # why the app ended, for the command line

    # -- the connection ------------------------------------------------------------------------
    def on_mount(self) -> None:
        def changed(_client: RemoteClient) -> None:
            self.call_later(self.refresh_from_wire)

        self.client.on_change.append(changed)
        self._reconnect()

    def _reconnect(self) -> None:
        if not self.connecting:
            self.connecting = True
            self.run_worker(self._connect(), group="wire")

    async def _connect(self) -> None:
        try:
            await self.client.connect_retrying(REJOIN_SECONDS)
        except JoinRefused as exc:
            self._give_up(str(exc))
            return
        except (OSError, aiohttp.ClientError, ConnectionError, TimeoutError):
            self._give_up(f"The table at {self.client.link.netloc} cannot be reached.")
            return
        finally:
            self.connecting = False
        self.shown_ticket = self.sent_ticket = 0  # whatever is asked now is asked again
        self.refresh_from_wire()

    def _give_up(self, reason: str) -> None:
        self.problem = reason
        self.exit(1)

    # -- what the wire says ---------------------------------------------------------------------
    def refresh_from_wire(self) -> None:
        seen = self.client.seen
        if seen.snapshot is None:
            return
        if self.table is None:
            entry = get_entry(seen.game)
            self.game, self.ui = entry.load(), entry.load_ui()
            self.feed = WireFeed(self.client, self.game, self.ui)
            self.table = TableScreen.of(self.feed.ui)(self.feed)
            self.push_screen(self.table)
            self.call_after_refresh(self.refresh_from_wire)
            return
        if not self.table.is_mounted:
            return
        for reason in seen.refusals[self.refusals_seen:]:
            self.notify(reason, severity="warning", markup=False)
        self.refusals_seen = len(seen.refusals)
        if not self.client.connected and not self.finished:
            if self.client.closed_reason is not None:  # opened elsewhere, say: never take it back
                self._give_up(self.client.closed_reason)
                return
            if not self.connecting:
                self._show(None)
                self.table.set_prompt(None, waiting_for="the host (reconnecting)")
                self._reconnect()
            return
        if seen.result is not None:
            self._finish(Result.model_validate(seen.result))
            return
        snap = seen.snapshot
        if snap.prompt is not None and seen.seat is not None:
            if snap.ticket not in (self.shown_ticket, self.sent_ticket):
                self._ask(Prompt.model_validate(snap.prompt))
            elif snap.ticket == self.shown_ticket:
                self.table.refresh_view()
            return
        self.shown_ticket = 0
        self._show(None)
        names = [self.feed.seats[s].name for s in snap.waiting] if self.feed is not None else []
        self.table.set_prompt(None, waiting_for=", ".join(names) or None)

    def _decision(self, prompt: Prompt) -> Decision:
        assert self.feed is not None and self.client.seen.snapshot is not None
        snap = self.client.seen.snapshot
        seat = self.client.seen.seat
        assert seat is not None
        legal = [self.game.parse_action(a) for a in snap.legal]
        private = prompt.private or prompt.reaction
        return Decision(
            ticket=snap.ticket, seat=seat, prompt=prompt, view=self.feed.view(seat if private else None),
            legal=legal, seats=self.feed.seats, private=private,
            # The screen's own check; the host checks again with the engine and may refuse.
            check=lambda action: None if action in legal else "That is not one of your choices now.",
            log=self.feed.log(seat),
        )

    def _ask(self, prompt: Prompt) -> None:
        """This seat is asked: its own screen at once (nobody else looks at this terminal)."""
        assert self.table is not None and self.feed is not None
        decision = self._decision(prompt)
        self.shown_ticket = decision.ticket
        if self.queued:  # the next of the steps already decided on the last screen: sent at once
            action = self.queued.pop(0)
            if action in decision.legal:
                self.sent_ticket = decision.ticket
                self.run_worker(self.client.act(action.model_dump(mode="json")), group="act")
                return
            self.queued.clear()  # the game moved elsewhere: ask from where it stands
        screen = self.ui.decision_screen(decision)
        if screen is None and decision.kind in self.ui.board_kinds:
            screen = TableScreen.of(self.feed.ui)(self.feed, viewer=decision.seat) if decision.private else None
            if screen is None:
                self._show(None)
                self.table.set_prompt(decision)
                return
            self._show(screen)
            screen.call_after_refresh(screen.set_prompt, decision)
            return
        if screen is None and decision.private:
            screen = ChoiceScreen(decision, self.ui)
        if screen is None:
            self._show(None)
            self.table.set_prompt(decision)
            return
        self._show(screen)

    def _show(self, screen: Screen | None) -> None:
        """Put `screen` above the table, replacing the previous one (None: the table)."""
        if self.overlay is not None and self.overlay in self.screen_stack:
            if screen is None:
                while self.screen is not self.overlay and len(self.screen_stack) > 2:
                    self.pop_screen()
                self.pop_screen()
            else:
                self.switch_screen(screen) if self.screen is self.overlay else self.push_screen(screen)
        elif screen is not None:
            self.push_screen(screen)
        self.overlay = screen

    def _finish(self, result: Result) -> None:
        if self.finished:
            return
        self.finished = True
        assert self.feed is not None
        self._show(ResultsScreen(result, self.ui.result_details(self.feed.view(None))))

    # -- answers ------------------------------------------------------------------------------------
    def on_decided(self, message: Decided) -> None:
        if message.ticket != self.shown_ticket or message.ticket == self.sent_ticket:
            return
        self.sent_ticket = message.ticket
        self.queued = list(message.then)
        action = message.action.model_dump(mode="json")
        self._show(None)
        if self.table is not None:
            self.table.set_prompt(None, waiting_for="the host")
        self.run_worker(self.client.act(action), group="act")

    def on_acknowledged(self, message: Acknowledged) -> None:
        """Nothing to acknowledge: this screen is nobody else's."""

    def on_claimed(self, message: Claimed) -> None:
        """Reactions are asked of each seat on its own screen, never of the table here."""

    def on_commanded(self, message: Commanded) -> None:
        self.notify("Table commands are made at the host.", markup=False)

    # -- the shell's app interface ------------------------------------------------------------------
    def arming_time(self, kind: str) -> float:
        return self.arming

    async def on_event(self, event: events.Event) -> None:
        if input_blocked(self, event):
            return
        await super().on_event(event)

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.ui.help_markdown if self.ui is not None else ""))

    def action_rules(self, game: str | None = None) -> None:
        if not isinstance(self.screen, RulesScreen):
            self.push_screen(RulesScreen(game or self.client.seen.game or None))

    def action_request_quit(self) -> None:
        self.exit(0)

    def action_to_menu(self) -> None:
        self.exit(0)

    def action_play_again(self) -> None:
        self.notify("A new game is dealt by the host.", markup=False)

    def next_game(self) -> None:
        self.notify("A new game is dealt by the host.", markup=False)

    async def on_unmount(self) -> None:
        await self.client.close()
