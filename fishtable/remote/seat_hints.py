"""F2 on a seat app: the hard computer player's choice for a seat's own private decision, searched
by the host from that seat's own view and legal actions only, shown over the decision."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fishtable.bots.search import can_search
from fishtable.tui.screens.hint import HintScreen

if TYPE_CHECKING:
    from fishtable.remote.seat_app import SeatApp

THINKING = "Thinking about a hint (about a second)…"


class SeatHints:
    def __init__(self, app: SeatApp) -> None:
        self.app = app
        self.hinting: int | None = None  # the ticket of the question a hint was asked for

    def refusal(self) -> str | None:
        """Why no hint can be given now, in words, or None."""
        app, decision = self.app, self.app.decision
        if decision is None or not decision.private or decision.ticket != app.shown_ticket \
                or app.screen is not app.overlay:
            return "A hint is for your own decision, on your private screen."
        if not can_search(app.game):
            return "This game has no hints."
        if self.hinting is not None:
            return "Still thinking about the last hint…"
        return None

    def ask(self) -> None:
        app = self.app
        refusal = self.refusal()
        if refusal is not None:
            app.notify(refusal, markup=False)
            return
        decision = app.decision
        assert decision is not None
        self.hinting = decision.ticket
        app.notify(THINKING, timeout=2, markup=False)
        app.run_worker(app.seats_here[decision.seat].ask_hint(), group="hint")

    def show(self, refused: bool) -> None:
        """The hint asked for has come: over the decision, if that decision is still on screen.
        `refused`: the host refused something of this keyboard since the last look."""
        app, ticket, decision = self.app, self.hinting, self.app.decision
        if ticket is None or decision is None:
            return
        client = app.seats_here.get(decision.seat)
        answer = client.seen.hints.pop(ticket, None) if client is not None else None
        if answer is None:
            if refused:
                self.hinting = None  # refused (in words, shown as any refusal)
            return
        self.hinting = None
        app.clear_notifications()  # "Thinking about a hint…" goes when the hint comes
        if decision.ticket != ticket or app.shown_ticket != ticket or app.screen is not app.overlay:
            return  # answered meanwhile: the hint is for a moment that is gone
        if not answer.options:
            app.notify("No hint this time.", severity="warning", markup=False)
            return
        lines = [(app.ui.describe(app.game.parse_action(o.action), decision.view, decision.kind), o.rate, o.tried)
                 for o in answer.options]
        app.push_screen(HintScreen(decision.name, lines))
