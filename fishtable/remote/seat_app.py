"""`fishtable join`'s Textual app: one remote seat (or the public table) on this terminal, or the
seats played at the host's own keyboard.

It reuses the shell's screens and the game's plug-in, fed with views from the
wire instead of a match: a seat's own decisions open at once (a remote seat's
screen is its own: no pass screen, no cover), and the public table shows the
rest, with who the table waits for and who is away. Several seats at one
keyboard (the host's) pass it between them: a pass screen comes before a seat's
private screen whenever another seat had the keyboard, and their shared table
is fed by a public-table connection, so it shows only public log lines.

F2 asks for a hint on a private decision: the hard computer player's choice,
searched by the host from that seat's own view and legal actions only. The
game's table commands (poker's "stop after this hand") go to the host, which
applies them only if the table offers them. At the results of a
series, `n` asks the host for the next game. The app holds no game state;
every answer goes to the host, which checks it again.
"""

from __future__ import annotations

from pathlib import Path, PurePath
from typing import Any, ClassVar

import aiohttp
from pydantic import BaseModel
from textual.binding import Binding, BindingType
from textual.screen import Screen

import fishtable.tui
from fishtable.bots.search import can_search
from fishtable.engine.protocol import Event, Prompt, Result, SeatInfo
from fishtable.engine.registry import get_entry
from fishtable.engine.series import Series
from fishtable.remote.client import JoinRefused, RemoteClient
from fishtable.remote.views import rebuild_view
from fishtable.tui.decision import Acknowledged, Claimed, Commanded, Decided, Decision, LogWindow, Passed
from fishtable.tui.screens.apps import ShellApp
from fishtable.tui.screens.base import HANDOFF_ARMING, REPEAT_WINDOW, FishScreen
from fishtable.tui.screens.choice import ChoiceScreen
from fishtable.tui.screens.hint import HintScreen
from fishtable.tui.screens.privacy import PrivacyScreen
from fishtable.tui.screens.results import ResultsScreen
from fishtable.tui.screens.table import TableScreen

_STYLES = Path(fishtable.tui.__file__).parent / "styles"
REJOIN_SECONDS = 120.0


class WireFeed:
    """What the table screens read (`fishtable.tui.plugin.TableFeed`), from the latest snapshots:
    the public table from `source` (a seat's own connection, or the public table's), a seat's own
    view and log from that seat's connection."""

    def __init__(self, source: RemoteClient, seats: dict[int, RemoteClient], game: Any, ui: Any) -> None:
        self.client = source
        self.seat_clients = seats
        self.game = game
        self.ui = ui
        self.title = game.title
        snap = source.seen.snapshot
        assert snap is not None
        self.seats = tuple(SeatInfo(name=s.name, bot="computer" if s.kind == "computer" else None)
                           for s in snap.seats)

    def view(self, viewer: int | None) -> BaseModel:
        if viewer is not None and viewer in self.seat_clients:
            snap = self.seat_clients[viewer].seen.snapshot
            assert snap is not None
            return rebuild_view(self.game, snap.view)
        snap = self.client.seen.snapshot
        assert snap is not None
        return rebuild_view(self.game, snap.table if snap.table is not None else snap.view)

    def log(self, viewer: int | None) -> LogWindow:
        seen = (self.seat_clients.get(viewer, self.client) if viewer is not None else self.client).seen
        # Numbered by place: the host's notes (a seat taken over) sit between the game's lines.
        entries = [(i, Event(kind=line.kind, text=line.text, news=line.news))
                   for i, line in enumerate(seen.readable_log())]
        news_from = entries[-1][0] if entries else 0
        return LogWindow(self.ui.log_window(entries), news_from)

    def clock_words(self) -> str:
        away = [s.name for s in self.client.seen.seats if s.away]
        return f"away: {', '.join(away)}" if away else ""

    def started(self) -> None:
        """The table is on screen; the wire drives it."""

    def thinking_words(self) -> str:
        return ""


class SeatApp(ShellApp[int]):
    """One connection (`client`: a seat, or the public table) or, with `more`, several seats at
    one keyboard, whose shared table comes from `table` (a public-table connection)."""

    TITLE = "fishtable"
    CSS_PATH: ClassVar[list[str | PurePath]] = [_STYLES / "app.tcss", _STYLES / "table.tcss", _STYLES / "forms.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [Binding("f2", "hint", "Hint")]

    def __init__(
        self, client: RemoteClient, arming: float = REPEAT_WINDOW, *, more: tuple[RemoteClient, ...] = (),
        table: RemoteClient | None = None, handoff_arming: float = HANDOFF_ARMING,
    ) -> None:
        """`arming`: the key rule's repeat window after a pass screen here, `handoff_arming` the pass
        screen's own guard (fishtable.tui.screens.base; 0 turns each off, for tests)."""
        super().__init__()
        self.client = client
        self.others = more
        self.table_client = table if more else None
        self.arming = arming
        self.handoff_arming = handoff_arming
        self.game: Any = None
        self.ui: Any = None
        self.feed: WireFeed | None = None
        self.table: TableScreen | None = None
        self.overlay: Screen | None = None
        self.shown_ticket = 0  # the question on screen now (the host's tickets are unique table-wide)
        self.shown_seat: int | None = None  # whose question that is
        self.sent_ticket = 0  # the last question answered
        # A seat's next steps that a screen held and sent together (Decided.then): (seat, actions).
        self.queued: tuple[int, list[BaseModel]] | None = None  # actions are pydantic models
        self.answered: set[int] = set()  # every question answered (the host may not have moved on yet)
        self.holder: int | None = None  # the seat that has the keyboard (several seats here)
        self.passing: tuple[int, int] | None = None  # (seat, ticket) of the pass screen on screen
        self.just_passed_to: int | None = None  # the seat whose first screen after its pass screen is next
        self.pass_tickets = 0  # the tickets of this app's own pass screens and public questions
        self.asking: tuple[int, tuple[int, ...]] | None = None  # (ticket, seats) of the table's question
        self.claimer: int | None = None  # the seat here that claimed the reaction (it confirms in private)
        self.refusals_seen: dict[int, int] = {}
        self.finished = False
        self.games_seen = 1
        self.hinting: int | None = None  # the ticket of the question a hint was asked for
        self.decision: Decision | None = None  # the question on screen now
        self.connecting: set[int] = set()  # the connections being (re)made, by id
        self.problem: str | None = None  # why the app ended, for the command line
        self.leaving = False

    # -- the connections ----------------------------------------------------------------------
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

    @property
    def use_privacy(self) -> bool:
        """Several people share this keyboard: a pass screen before another seat's secrets."""
        return bool(self.others)

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

    async def _connect(self, client: RemoteClient) -> None:
        try:
            await client.connect_retrying(REJOIN_SECONDS)
        except JoinRefused as exc:
            self._give_up(str(exc))
            return
        except (OSError, aiohttp.ClientError, ConnectionError, TimeoutError):
            self._give_up(f"The table at {client.link.netloc} cannot be reached.")
            return
        finally:
            self.connecting.discard(id(client))
        self.shown_ticket = self.sent_ticket = 0  # whatever is asked now is asked again
        self.answered.clear()
        self.refresh_from_wire()

    def _give_up(self, reason: str) -> None:
        self.problem = reason
        self.leaving = True
        self.exit(1)

    # -- what the wire says ---------------------------------------------------------------------
    def refresh_from_wire(self) -> None:
        # Not while the app closes (its screens are being taken down; the clients' close calls here).
        if self.leaving or not self.is_running or any(c.seen.snapshot is None for c in self.connections):
            return
        if self.table is None:
            entry = get_entry(self.source.seen.game)
            self.game, self.ui = entry.load(), entry.load_ui()
            self.feed = WireFeed(self.source, self.seats_here, self.game, self.ui)
            self.table = TableScreen.of(self.feed.ui)(self.feed)
            self.push_screen(self.table)
            self.call_after_refresh(self.refresh_from_wire)
            return
        if not self.table.is_mounted:
            return
        self._show_hint()
        for client in self.connections:
            seen = client.seen
            for reason in seen.refusals[self.refusals_seen.get(id(client), 0):]:
                self.notify(reason, severity="warning", markup=False)
            self.refusals_seen[id(client)] = len(seen.refusals)
        for client in self.connections:
            if not client.connected and not self.finished:
                if client.closed_reason is not None:  # opened elsewhere, say: never take it back
                    self._give_up(client.closed_reason)
                    return
                if id(client) not in self.connecting:
                    self._show(None)
                    self.table.set_prompt(None, waiting_for="the host (reconnecting)")
                    self._reconnect(client)
                return
        source = self.source.seen
        if source.games != self.games_seen and source.result is None:
            self._next_game_dealt(source.games)
        if source.result is not None:
            series = Series.model_validate(source.series) if source.series is not None else None
            self._finish(Result.model_validate(source.result), series)
            return
        if self._ask_table():
            return
        asked = self._asked()
        if asked is not None:
            seat, client = asked
            snap = client.seen.snapshot
            assert snap is not None and snap.prompt is not None
            if snap.ticket == self.shown_ticket:
                self.table.refresh_view()
                return
            prompt = Prompt.model_validate(snap.prompt)
            if self.use_privacy and self.holder != seat and (prompt.private or prompt.reaction):
                self._pass_to(seat, snap.ticket)
                return
            self._ask(seat, client, prompt)
            return
        self.shown_ticket = 0
        self.shown_seat = None
        self.passing = None
        snap = source.snapshot
        assert snap is not None
        if self.holder is not None and any(s != self.holder for s in snap.waiting):
            self.holder = None  # the table moves on to someone else: the keyboard is given back
        self._show(None)
        names = [self.feed.seats[s].name for s in snap.waiting] if self.feed is not None else []
        self.table.set_prompt(None, waiting_for=", ".join(names) or None)

    def _open_questions(self) -> list[tuple[int, RemoteClient, Prompt]]:
        out = []
        for seat, client in sorted(self.seats_here.items()):
            snap = client.seen.snapshot
            if snap is not None and snap.prompt is not None and snap.ticket not in self.answered:
                out.append((seat, client, Prompt.model_validate(snap.prompt)))
        return out

    def _ask_table(self) -> bool:
        """Several seats here and only reactions asked of them (Fishing Party's Broken Line): the
        table is asked once, in public, as the app does; a seat that claims confirms in private.
        True while the question is on the table."""
        questions = self._open_questions()
        if not self.use_privacy or not questions or any(not q.reaction for _, _, q in questions):
            self.asking = None
            return False
        seats = tuple(seat for seat, _, _ in questions)
        if self.claimer in seats:
            return False  # the claimer's own question comes next, behind a pass screen
        self.claimer = None
        if self.asking is not None and self.asking[1] == seats and self.table is not None \
                and self.table.question is not None:
            return True
        assert self.table is not None
        self.pass_tickets += 1
        self.asking = (self.pass_tickets, seats)
        self.shown_ticket, self.shown_seat, self.passing = 0, None, None
        self._show(None)
        self.table.ask(questions[0][2].text, list(seats), self.pass_tickets)
        return True

    def on_claimed(self, message: Claimed) -> None:
        """The table's answer to a reaction: nobody (each seat here says no), or a seat claims."""
        if self.asking is None or message.ticket != self.asking[0]:
            return
        seats = self.asking[1]
        self.asking = None
        if message.seat is not None:
            self.claimer = message.seat
            self.refresh_from_wire()
            return
        for seat, client, _ in self._open_questions():
            snap = client.seen.snapshot
            if seat in seats and snap is not None and snap.legal:
                self.answered.add(snap.ticket)  # legal[0] of a reaction is the same "no" for every seat
                self.run_worker(client.act(snap.legal[0]), group="act")
        if self.table is not None:
            self.table.set_prompt(None, waiting_for="the host")

    def _asked(self) -> tuple[int, RemoteClient] | None:
        """The seat here whose question to show: the claimer of a reaction, the one on screen,
        else the keyboard's holder, else the first seat asked."""
        open_questions = [(seat, client) for seat, client, _ in self._open_questions()]
        if not open_questions:
            return None
        for wanted in (self.claimer, self.shown_seat, self.holder):
            for seat, client in open_questions:
                if seat == wanted:
                    return seat, client
        return open_questions[0]

    def _pass_to(self, seat: int, ticket: int) -> None:
        """The keyboard goes to `seat` (another person here) before its private screen."""
        if self.passing is not None and self.passing[0] == seat and isinstance(self.overlay, PrivacyScreen):
            return
        assert self.feed is not None
        self.pass_tickets += 1
        self.passing = (seat, self.pass_tickets)
        self.shown_ticket, self.shown_seat = 0, None
        self._show(PrivacyScreen(self.feed.seats[seat].name, self.pass_tickets))

    def on_passed(self, message: Passed) -> None:
        if self.passing is None or message.ticket != self.passing[1]:
            return
        self.holder = self.just_passed_to = self.passing[0]
        self.passing = None
        self.refresh_from_wire()

    def _decision(self, seat: int, client: RemoteClient, prompt: Prompt) -> Decision:
        assert self.feed is not None and client.seen.snapshot is not None
        snap = client.seen.snapshot
        legal = [self.game.parse_action(a) for a in snap.legal]
        private = prompt.private or prompt.reaction
        view = self.feed.view(seat if private else None)
        commands = [c.action for c in self.ui.table_commands(self.feed.view(None))]

        def check(action: object) -> str | None:
            # The screen's own check; the host checks again with the engine and may refuse.
            return None if action in legal or action in commands else "That is not one of your choices now."

        return Decision(
            ticket=snap.ticket, seat=seat, prompt=prompt, view=view, legal=legal, seats=self.feed.seats,
            private=private, check=check, log=self.feed.log(seat if private else None),
        )

    def _ask(self, seat: int, client: RemoteClient, prompt: Prompt) -> None:
        """A seat here is asked: its own screen at once (nobody else looks at this terminal, or the
        pass screen has given it the keyboard)."""
        assert self.table is not None and self.feed is not None
        decision = self._decision(seat, client, prompt)
        self.shown_ticket, self.shown_seat = decision.ticket, seat
        if self.queued is not None and self.queued[0] == seat:  # a step decided on the last screen
            steps = self.queued[1]
            action = steps.pop(0)
            if not steps:
                self.queued = None
            if action in decision.legal:
                self.sent_ticket = decision.ticket
                self.answered.add(decision.ticket)
                self.run_worker(client.act(action.model_dump(mode="json")), group="act")
                return
            self.queued = None  # the game moved elsewhere: ask from where it stands
        self.decision = decision
        if decision.private:
            self.holder = seat
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

    def _finish(self, result: Result, series: Series | None) -> None:
        if self.finished:
            return
        self.finished = True
        self.shown_ticket, self.shown_seat, self.passing = 0, None, None
        assert self.feed is not None
        shown = series if series is not None and series.rules.is_series else None
        self._show(ResultsScreen(result, self.ui.result_details(self.feed.view(None)), shown))

    def _next_game_dealt(self, games: int) -> None:
        """The host dealt the next game of the series: back from the results to the table."""
        self.games_seen = games
        self.finished = False
        self.shown_ticket = self.sent_ticket = 0
        self.shown_seat = self.holder = self.passing = self.claimer = None
        self.asking = None
        self.answered.clear()
        self._show(None)
        if self.table is not None:
            self.table.refresh_view()

    # -- answers ------------------------------------------------------------------------------------
    def on_decided(self, message: Decided) -> None:
        if message.ticket != self.shown_ticket or message.ticket in self.answered:
            return
        client = self.seats_here.get(message.seat)
        if client is None:
            return
        action = message.action.model_dump(mode="json")
        legal = self.decision.legal if self.decision is not None else []
        if message.action not in legal:  # a table command made from the private screen (poker's stop)
            self.shown_ticket = 0  # asked again once the host has applied it
            self.run_worker(client.command(action), group="act")
            return
        self.sent_ticket = message.ticket
        self.queued = (message.seat, list(message.then)) if message.then else None
        self.answered.add(message.ticket)
        if message.seat == self.claimer:
            self.claimer = None
        self._show(None)
        if self.table is not None:
            self.table.set_prompt(None, waiting_for="the host")
        self.run_worker(client.act(action), group="act")

    def on_acknowledged(self, message: Acknowledged) -> None:
        """Nothing to acknowledge: this screen is nobody else's."""

    def on_commanded(self, message: Commanded) -> None:
        """A table command confirmed on the table: asked of the host for a seat here."""
        seats = self.seats_here
        seat = self.holder if self.holder in seats else min(seats) if seats else None
        if seat is None:
            self.notify("The public table cannot ask for that; a seat's own link can.", markup=False)
            return
        self.run_worker(seats[seat].command(message.action.model_dump(mode="json")), group="act")

    # -- hints ----------------------------------------------------------------------------------------
    def _hint_refusal(self) -> str | None:
        decision = self.decision
        if decision is None or not decision.private or decision.ticket != self.shown_ticket \
                or self.screen is not self.overlay:
            return "A hint is for your own decision, on your private screen."
        if not can_search(self.game):
            return "This game has no hints."
        if self.hinting is not None:
            return "Still thinking about the last hint…"
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hint":
            return self._hint_refusal() is None
        return True

    def action_hint(self) -> None:
        """What the hard computer player would do in this private decision: the host searches it
        from this seat's own view and legal actions, and the list shows over the decision."""
        refusal = self._hint_refusal()
        if refusal is not None:
            self.notify(refusal, markup=False)
            return
        decision = self.decision
        assert decision is not None
        client = self.seats_here[decision.seat]
        self.hinting = decision.ticket
        self.notify("Thinking about a hint (about a second)…", timeout=2, markup=False)
        self.run_worker(client.ask_hint(), group="hint")

    def _show_hint(self) -> None:
        """The hint asked for has come: over the decision, if that decision is still on screen."""
        ticket, decision = self.hinting, self.decision
        if ticket is None or decision is None:
            return
        client = self.seats_here.get(decision.seat)
        answer = client.seen.hints.pop(ticket, None) if client is not None else None
        if answer is None:
            if client is not None and len(client.seen.refusals) > self.refusals_seen.get(id(client), 0):
                self.hinting = None  # refused (in words, shown as any refusal)
            return
        self.hinting = None
        if decision.ticket != ticket or self.shown_ticket != ticket or self.screen is not self.overlay:
            return  # answered meanwhile: the hint is for a moment that is gone
        if not answer.options:
            self.notify("No hint this time.", severity="warning", markup=False)
            return
        lines = [(self.ui.describe(self.game.parse_action(o.action), decision.view, decision.kind), o.rate, o.tried)
                 for o in answer.options]
        self.push_screen(HintScreen(decision.name, lines))

    # -- the shell's app interface ------------------------------------------------------------------
    def arming_time(self, kind: str) -> float:
        """The key rule, as the hot-seat app's: only a pass screen takes no key for a while."""
        return self.handoff_arming if kind == "handoff" else 0.0

    def repeat_window(self, screen: FishScreen) -> float:
        """A repeat of the pass screen's Enter is swallowed on the first screen after it, of the
        seat it passed to (several seats at this keyboard); asked once, as that screen arms."""
        if self.just_passed_to is None or getattr(screen, "seat", None) != self.just_passed_to:
            return 0.0
        self.just_passed_to = None
        return self.arming

    def help_markdown(self) -> str:
        return self.ui.help_markdown if self.ui is not None else ""

    def rules_game(self) -> str | None:
        return self.source.seen.game or None

    def action_request_quit(self) -> None:
        self.leaving = True
        self.exit(0)

    def action_to_menu(self) -> None:
        self.leaving = True
        self.exit(0)

    def action_play_again(self) -> None:
        self.notify("A new game is dealt by the host.", markup=False)

    def next_game(self) -> None:
        """`n` at the results of a series: ask the host for the next game."""
        seats = self.seats_here
        if not seats:
            self.notify("The next game is asked for from a seat's own screen.", markup=False)
            return
        self.run_worker(seats[min(seats)].next_game(), group="act")

    async def on_unmount(self) -> None:
        self.leaving = True  # the screens are going: what the wire says now is drawn nowhere
        for client in self.connections:
            client.on_change.clear()
            await client.close()
