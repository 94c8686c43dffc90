"""F2 on a seat app: the hard computer player's choice for a seat's own private decision, searched
by the host from that seat's own view and legal actions only, shown over the decision.

A mixin of `fishtable.remote.seat_app.SeatApp`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fishtable.bots.search import can_search
from fishtable.tui.screens.hint import HintScreen

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen

    from fishtable.engine.protocol import SomeGame
    from fishtable.remote.client import RemoteClient
    from fishtable.tui.decision import SomeDecision
    from fishtable.tui.plugin import SomeUI

    _Base = App[int]
else:
    _Base = object

THINKING = "Thinking about a hint (about a second)…"


class SeatHints(_Base):
    # What the app sets (fishtable.remote.seat_app.SeatApp).
    decision: SomeDecision | None
    shown_ticket: int
    overlay: Screen[None] | None
    game: SomeGame
    ui: SomeUI
    hinting: int | None = None  # the ticket of the question a hint was asked for

    if TYPE_CHECKING:  # the app's (fishtable.remote.seat_wire.SeatWire's)
        @property
        def seats_here(self) -> dict[int, RemoteClient]: ...

    def _hint_refusal(self) -> str | None:
        """Why no hint can be given now, in words, or None."""
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
        refusal = self._hint_refusal()
        if refusal is not None:
            self.notify(refusal, markup=False)
            return
        decision = self.decision
        assert decision is not None
        self.hinting = decision.ticket
        self.notify(THINKING, timeout=2, markup=False)
        self.run_worker(self.seats_here[decision.seat].ask_hint(), group="hint")

    def show_hint(self, refused: bool) -> None:
        """The hint asked for has come: over the decision, if that decision is still on screen.
        `refused`: the host refused something of this keyboard since the last look."""
        ticket, decision = self.hinting, self.decision
        if ticket is None or decision is None:
            return
        client = self.seats_here.get(decision.seat)
        answer = client.seen.hints.pop(ticket, None) if client is not None else None
        if answer is None:
            if refused:
                self.hinting = None  # refused (in words, shown as any refusal)
            return
        self.hinting = None
        self.clear_notifications()  # "Thinking about a hint…" goes when the hint comes
        if decision.ticket != ticket or self.shown_ticket != ticket or self.screen is not self.overlay:
            return  # answered meanwhile: the hint is for a moment that is gone
        if not answer.options:
            self.notify("No hint this time.", severity="warning", markup=False)
            return
        lines = [(self.ui.describe(self.game.parse_action(o.action), decision.view, decision.kind), o.rate, o.tried)
                 for o in answer.options]
        self.push_screen(HintScreen(decision.name, lines))
