"""The seat's hand on the screen where it studies the cards drawn at the end of its turn."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal

from fishtable.games.fishing_party.views import FishingPartyView
from fishtable.plugins.fishing_party.faces import FPTile, card_tile, fit_tiles
from fishtable.plugins.fishing_party.looks import looks_of


class StudiedHand(Horizontal):
    """The hand as tiles, the cards new since the seat's last turn marked NEW (a glance: the turn
    screen still marks them, see `looks.HandLooks.peek`)."""

    DEFAULT_CSS = """
    StudiedHand { height: 7; }
    """

    def __init__(self, view: FishingPartyView) -> None:
        super().__init__(id="study-hand")
        self.view = view

    def compose(self) -> ComposeResult:
        view = self.view
        hand = view.hand or ()
        new: frozenset[str] = frozenset()
        if view.seat is not None:
            names = tuple(seat.name for seat in view.seats)
            new = looks_of(self.app).peek(names, view.seat, view.turn_number, frozenset(c.id for c in hand))
        for n, card in enumerate(hand):
            tile = card_tile(card, index=n + 1, id=f"study-card-{n}")
            tile.new = card.id in new
            yield tile

    def on_mount(self) -> None:
        self._fit()

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    def _fit(self) -> None:
        fit_tiles(list(self.query(FPTile)), max(1, self.app.size.width - 4))
