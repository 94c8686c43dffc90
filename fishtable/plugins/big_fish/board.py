"""The middle of the Big Fish table: what is happening, the Face-Up Cards, the piles, the events.

The seats (Fishing Spots, wild cards, Ice Boxes) are in the side panels; the
board holds what all players share. Nothing here is chosen by pointing, so the
board takes no keys.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from fishtable.games.big_fish.actions import Action
from fishtable.games.big_fish.views import BigFishView
from fishtable.plugins.big_fish.faces import SIZE_LETTERS, SIZE_WORDS, card_text
from fishtable.plugins.big_fish.steps import phase_text
from fishtable.tui.widgets.board import Board
from fishtable.tui.widgets.fit import update_text


def row_text(view: BigFishView) -> Text:
    text = Text(f"Face-Up Cards ({len(view.face_up)} of {view.face_up_size}):", "bold")
    if not view.face_up:
        text.append(" none left until the round ends", "dim")
    for card in view.face_up:
        text.append("\n • ")
        text.append_text(card_text(card, hard=view.hard_mode))
    return text


def piles_text(view: BigFishView) -> Text:
    """The piles in full (the top bar has their sizes too)."""
    text = Text()
    text.append(f"Draw deck {view.deck_size}", "bold")
    text.append(f" · Discard {view.discard_size}")
    if view.discard:
        text.append(f" (top: {view.discard[-1].name})")
    text.append(f" · Event deck {view.event_deck_size} ({view.events_revealed} revealed)")
    return text


def event_text(view: BigFishView) -> Text:
    text = Text("Last event: ", "bold")
    if view.last_event is None:
        text.append("none yet (one is revealed at the end of each round)", "dim")
        return text
    text.append(view.last_event.name, "bold #ffb347")
    text.append(f" — {view.last_event.text}")
    return text


def legend() -> Text:
    sizes = ", ".join(f"{letter} {word}" for letter, word in zip(SIZE_LETTERS, SIZE_WORDS, strict=True))
    return Text(f"[B5]: a Big fish, 5 points if caught now · {sizes}", "dim")


class BigFishBoard(Board[BigFishView, Action]):
    # Unscoped: some rules depend on the table screen's size classes (-short, -tall).
    SCOPED_CSS = False
    DEFAULT_CSS = """
    BigFishBoard { height: 1fr; overflow: hidden auto; scrollbar-size-vertical: 1; }
    BigFishBoard > Static { height: auto; padding: 0 1; }
    BigFishBoard #bf-phase { background: $boost; }
    .-tall BigFishBoard #bf-phase { margin-bottom: 1; }
    .-tall BigFishBoard #bf-event { margin-top: 1; }
    .-short BigFishBoard #bf-legend, .-short BigFishBoard #bf-piles { display: none; }
    """

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.can_focus = False

    def compose(self) -> ComposeResult:
        yield Static(id="bf-phase", markup=False)
        yield Static(id="bf-row", markup=False)
        yield Static(id="bf-event", markup=False)
        yield Static(id="bf-piles", markup=False)
        yield Static(legend(), id="bf-legend", markup=False)

    def show(self, view: BigFishView, viewer: int | None) -> None:
        update_text(self.query_one("#bf-phase", Static), phase_text(view))
        update_text(self.query_one("#bf-row", Static), row_text(view))
        update_text(self.query_one("#bf-event", Static), event_text(view))
        update_text(self.query_one("#bf-piles", Static), piles_text(view))
        self.call_after_refresh(self._show_seat, view)

    def _show_seat(self, view: BigFishView) -> None:
        """Keep the seat the table waits for in sight when five panels do not fit the side column."""
        seat = view.active_seat
        if seat is None:
            seat = next((p.seat for p in view.seats if p.status == "choosing"), None)
        if seat is None or not self.is_attached:
            return
        # The shell names its seat panels "seat-<n>" (fishtable/tui/screens/table.py).
        for panel in self.screen.query(f"#seat-{seat}"):
            panel.scroll_visible(animate=False, top=True)
