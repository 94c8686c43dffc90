"""`fishtable join`'s Textual app: one remote seat (or the public table) on this terminal, or the
seats played at the host's own keyboard.

It reuses the shell's screens and the game's plug-in, fed with views from the wire instead of a
match, and keeps the hot seat's rhythm: every step comes from `fishtable.tui.planner`, told which
seats share this keyboard (`fishtable.remote.seat_rhythm`). A seat alone here needs no pass screen
(the news shows on its own screens); several seats at the host's keyboard pass it between them as
at the hot seat (each studies its hidden draw before its cards are covered), their shared table
fed by a public-table connection; seats elsewhere are waited for on the public table.

F2 asks the host for a hint (`seat_hints`); table commands (poker's "stop after this hand") go to
the host, which applies them only if the table offers them; at the results, `n`/`p` ask it for
the next game. The app holds no game state; every answer goes to the host, which checks it.
"""

from __future__ import annotations

from pathlib import Path, PurePath
from typing import Any, ClassVar

from pydantic import BaseModel
from textual.binding import Binding, BindingType
from textual.screen import Screen

import fishtable.tui
from fishtable.engine.registry import get_entry
from fishtable.remote.client import RemoteClient
from fishtable.remote.seat_hints import SeatHints
from fishtable.remote.seat_rhythm import SeatRhythm
from fishtable.remote.seat_screens import SeatScreens
from fishtable.remote.seat_shell import SeatShell
from fishtable.remote.seat_wire import SeatWire
from fishtable.remote.wire_feed import WireFeed, WireMatch, legal_match
from fishtable.tui import planner
from fishtable.tui.decision import Acknowledged, Claimed, Commanded, Decided, Passed, SomeDecision
from fishtable.tui.screens.apps import ShellApp
from fishtable.tui.screens.base import HANDOFF_ARMING, REPEAT_WINDOW
from fishtable.tui.screens.privacy import PrivacyScreen
from fishtable.tui.screens.table import TableScreen

_STYLES = Path(fishtable.tui.__file__).parent / "styles"


class SeatApp(SeatHints, SeatShell, SeatScreens, SeatWire, ShellApp[int]):
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
        # The game and its plug-in, chosen by name when the host says which (Any: None until then,
        # which the mixins, reading them only afterwards, do not say).
        self.game: Any = None
        self.ui: Any = None
        self.feed: WireFeed | None = None
        self.rhythm: SeatRhythm | None = None
        self.table: TableScreen | None = None
        self.overlay: Screen[None] | None = None
        self.step: planner.Step | None = None  # the planner's step on screen
        self.step_ticket = 0  # this app's ticket of that step's pass screen, question or study
        self.shown_ticket = 0  # the host's ticket of the question on screen (unique table-wide)
        self.shown_seat: int | None = None  # whose question that is
        self.sent_ticket = 0  # the last question answered
        self.answered: set[int] = set()  # every question answered (the host may not have moved on yet)
        self.finished = False
        self.games_seen = 1
        self.decision: SomeDecision | None = None  # the question on screen now
        self.checks_seen = 0  # the host's reasons its screen was told of (see _recheck)

    # -- what is on screen -------------------------------------------------------------------------
    @property
    def passing(self) -> tuple[int, int] | None:
        """(seat, ticket) of the pass screen on screen, if one is."""
        step = self.step
        return (step.seat, self.step_ticket) if isinstance(step, planner.PassKeyboard) else None

    @property
    def asking(self) -> tuple[int, tuple[int, ...]] | None:
        """(ticket, seats) of the table's public question, while it is asked."""
        step = self.step
        return (self.step_ticket, step.seats) if isinstance(step, planner.AskTable) else None

    def connected_again(self) -> None:
        self.shown_ticket = self.sent_ticket = 0  # whatever is asked now is asked again
        self.shown_seat = self.step = None
        self.answered.clear()
        if self.rhythm is not None:
            self.rhythm.lost()  # an answer lost with the connection is asked again

    def show_table_only(self) -> None:
        self.shown_ticket, self.shown_seat, self.step = 0, None, None
        self._show(None)

    def match(self) -> WireMatch:
        return WireMatch(self.source, self.seats_here, self.game, self.answered)

    # -- what the wire says: the planner's next step ---------------------------------------------
    def refresh_from_wire(self) -> None:
        if not self.wire_ready():
            return
        if self.table is None:
            self._draw_table()
            return
        if not self.table.is_mounted:
            return
        refused = self.take_refusals()
        self.show_hint(refused > 0)
        if not self.wire_connected():
            return
        source = self.source.seen
        assert self.rhythm is not None and source.snapshot is not None
        if source.games != self.games_seen and source.result is None:
            self._next_game_dealt(source.games)
        self.rhythm.host_moved(source.snapshot.step, refused)
        match = self.match()
        if self.shown_seat is not None and match.open_ticket(self.shown_seat) == self.shown_ticket \
                and self.table_commands() == self.offered:
            self.table.refresh_view()  # a question on screen stays until it is answered (or the
            self._recheck()  # table's commands change with this update: it is asked again, with theirs)
            return
        self.shown_ticket, self.shown_seat = 0, None
        step = None if self.rhythm.awaiting(match) else self.rhythm.plan(match, frozenset(self.seats_here))
        if step is None or self.rhythm.keeps(self.step, step, match, news_shown=self.overlay is None):
            self.table.refresh_view()  # on screen already, waiting for its answer (or the host's word)
            return
        self.step = step
        self._take(step, match)

    def _draw_table(self) -> None:
        entry = get_entry(self.source.seen.game)
        self.game, self.ui = entry.load(), entry.load_ui()
        self.rhythm = SeatRhythm(self.ui.hold_kinds, self.ui.round_kinds, self.ui.private_hold_kinds)
        snap = self.source.seen.snapshot
        assert snap is not None
        self.rhythm.open(snap.step, looked=self.match().event_count)
        self.feed = WireFeed(self.source, self.seats_here, self.game, self.ui, self.rhythm.news_from)
        # A keyboard one seat has to itself: its table may show that seat's own cards as it waits.
        alone = list(self.seats_here) if not self.others else []
        self.table = TableScreen.of(self.feed.ui)(self.feed, own=alone[0] if len(alone) == 1 else None)
        self.push_screen(self.table)
        self.call_after_refresh(self.refresh_from_wire)

    def _take(self, step: planner.Step, match: WireMatch) -> None:
        assert self.rhythm is not None and self.table is not None and self.feed is not None
        rhythm, table = self.rhythm, self.table
        if isinstance(step, planner.Results):
            self._finish(self.source.seen)
            return
        if isinstance(step, planner.AutoAnswer):  # a public choice with one answer asks nothing
            self._send(step.seat, step.action)
            return
        if isinstance(step, planner.Held):  # a step the seat's screen held: sent if it still answers
            if legal_match(step.action, match.legal_actions(step.seat)) is not None:
                self._send(step.seat, step.action, held=True)
                return
            rhythm.dropped()  # the game moved elsewhere: the seat is asked from where it stands
            self.step = None
            self.refresh_from_wire()
            return
        if isinstance(step, planner.PassKeyboard):
            name = self.feed.seats[step.seat].name
            news = bool(planner.unseen_news(match, rhythm.marks))
            rhythm.showing(step, match)
            self.step_ticket += 1
            if news:  # the public table shows the news, and is the pass screen itself
                self._show(None)
                table.set_prompt(None, waiting_for=name, ack=self.step_ticket, handoff=True)
            else:
                self._show(PrivacyScreen(name, self.step_ticket))
            return
        if isinstance(step, planner.StudyPrivate):  # a seat here studies its hidden draw
            self.show_study(step, match)
            return
        if isinstance(step, planner.PrivatePrompt | planner.PublicPrompt):
            if not isinstance(step, planner.PrivatePrompt):
                self._show(None)
            rhythm.showing(step, match)
            self._ask(step.seat, match)
            return
        rhythm.showing(step, match)
        self._show(None)
        if isinstance(step, planner.AskTable):
            self.step_ticket += 1
            table.ask(match.pending()[step.seats[0]].text, list(step.seats), self.step_ticket)
        elif isinstance(step, planner.StudyNews):
            self.step_ticket += 1
            table.set_prompt(None, ack=self.step_ticket)
        else:  # Elsewhere, Wait: the public table, with the news and whom it waits for
            table.set_prompt(None, waiting_line=self.waiting_words())

    # -- the steps' answers ------------------------------------------------------------------------
    def on_passed(self, message: Passed) -> None:
        if self.passing is not None and message.ticket == self.step_ticket:
            self._step_done()

    def on_acknowledged(self, message: Acknowledged) -> None:
        """Enter on the news (a reveal, a pass screen's), or on a seat's study of its secret."""
        if isinstance(self.step, planner.ENTER_STEPS) and message.ticket == self.step_ticket:
            self._step_done()

    def _step_done(self) -> None:
        step = self.step
        assert self.rhythm is not None and isinstance(step, planner.ENTER_STEPS)
        self.rhythm.answered(step, self.match())
        self.step = None
        self.refresh_from_wire()

    def on_claimed(self, message: Claimed) -> None:
        """The table's answer to a reaction: nobody (each seat here says no), or a seat claims."""
        step = self.step
        if not isinstance(step, planner.AskTable) or message.ticket != self.step_ticket:
            return
        assert self.rhythm is not None and self.table is not None
        self.step = None
        self.rhythm.pressed(message.seat)
        if message.seat is not None:
            self.rhythm.claimed(message.seat)
            self.refresh_from_wire()
            return
        match = self.match()
        for seat in step.seats:  # each seat's "no", as the planner gives it
            answer = planner.declines(match, seat)
            if answer is not None:
                self._send(seat, answer)
        self.table.set_prompt(None, waiting_line=self.waiting_words())

    def _ask(self, seat: int, match: WireMatch) -> None:
        """A seat here is asked, on its own screen (private) or on the table (public)."""
        assert self.table is not None and self.feed is not None
        decision = self.build_decision(seat, match)
        self.shown_ticket, self.shown_seat = decision.ticket, seat
        self.decision = decision
        self.checks_seen = 0
        self.show_decision(decision)

    def _next_game_dealt(self, games: int) -> None:
        """The host dealt the next game of the series: back from the results to the table."""
        assert self.rhythm is not None and self.source.seen.snapshot is not None
        self.games_seen = games
        self.finished = False
        self.shown_ticket = self.sent_ticket = 0
        self.shown_seat = self.step = None
        self.answered.clear()
        self.rhythm.open(self.source.seen.snapshot.step, looked=self.match().event_count)
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
        if legal_match(message.action, self.decision.legal if self.decision is not None else []) is None:
            self.shown_ticket = 0  # a table command made from the private screen (poker's stop):
            self._command(client, message.action)  # asked again once the host has applied it
            return
        assert self.rhythm is not None
        self.rhythm.pressed(message.seat)
        self._show(None)
        self._send(message.seat, message.action, then=message.then)  # in the player's order
        if self.table is not None:
            self.table.set_prompt(None, waiting_line=self.waiting_words())

    def _send(self, seat: int, action: object, *, held: bool = False, then: tuple[object, ...] = ()) -> None:
        """Answer `seat`'s open question (a screen's later steps, `then`, are the planner's `Held`)."""
        client = self.seats_here[seat]
        assert self.rhythm is not None and isinstance(action, BaseModel)  # a game's action
        if held:
            self.rhythm.held_sent(seat)
        else:
            self.rhythm.sent(seat, 1, self.match(), then)
        self.sent_ticket = client.ticket
        self.answered.add(client.ticket)
        self.run_worker(client.act(action.model_dump(mode="json")), group="act")

    def on_commanded(self, message: Commanded) -> None:
        """A table command confirmed on the table: asked of the host for a seat here."""
        rhythm, seats = self.rhythm, self.seats_here
        seat = rhythm.command_seat(self.match(), self.step, seats) if rhythm and self.wire_ready() else None
        if seat is None:
            self.notify("The public table cannot ask for that; a seat's own link can.", markup=False)
            return
        self._command(seats[seat], message.action)
