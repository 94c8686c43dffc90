"""A seat at the table, as everyone sees it: name, kind, status, pile and hand."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from fishtable.tui.widgets.card import KIND_STYLE, face_text, kind_of

# During the cast a seat shows only ready / not ready (CF-CAST-2).
STATUS_WORDS = {
    "choosing": "not ready",
    "ready": "READY ✓",
    "fishing": "fishing",
    "done": "done",
    "collecting": "collecting",
}


def _short(card: Any) -> Text:
    """A cast card in a few cells: value, '+', a star for specials; coloured by type."""
    value = "∞" if card.value is None else str(card.value)
    if card.type == "fish":
        return Text(f"{card.name[:10]} ({value})", KIND_STYLE[kind_of(card)])
    star = "★" if card.special else ""
    return Text(f"{value}{'+' if card.plus else ''}{star}", KIND_STYLE[kind_of(card)])


def seat_text(panel: Any, active: bool, wide: bool) -> Text:
    text = Text()
    text.append("▶ " if active else "  ", "bold #ffd75e")
    text.append(panel.name, "bold")
    text.append(" (computer)" if panel.is_bot else " (human)", "dim")
    status = STATUS_WORDS.get(panel.status, panel.status)
    if panel.catch_position:
        text.append(f" #{panel.catch_position}", "bold #ffd75e")
    if status:
        text.append(f" {status}", "bold #9be27a" if panel.status == "ready" else "italic")
    text.append(f"\n  pile {panel.pile_size}")
    if panel.pile_top is not None:
        text.append(" top ")
        text.append_text(face_text(panel.pile_top) if wide else _short(panel.pile_top))
    text.append(f" · hand {panel.hand_size}")
    if wide:
        text.append(f" ({panel.hand_rods} rod, {panel.hand_baits} bait)", "dim")
    cast = panel.cast
    if cast is not None:
        text.append("\n  rod ")
        for card in cast.rods:
            text.append_text(_short(card))
            text.append(" ")
        text.append(" bait ")
        for card in cast.baits:
            text.append_text(_short(card))
            text.append(" ")
        if cast.fish_bait is not None:
            text.append(" fish ")
            text.append_text(face_text(cast.fish_bait))
        bait = "∞" if cast.bait is None else str(cast.bait)
        text.append(f"\n  = speed {cast.speed}, bait {bait}", "bold")
        if cast.blank:
            text.append(" (blank: no catch)", "italic")
    if panel.effects:
        text.append("\n  " + "; ".join(panel.effects), "italic #f0c0ff")
    return text


class SeatPanelView(Static):
    """One seat's panel; the table screen refreshes it from each new view."""

    DEFAULT_CSS = """
    SeatPanelView { height: auto; padding: 0 0 0 1; }
    SeatPanelView.-active { background: $boost; }
    """

    def update_panel(self, panel: Any, active: bool, wide: bool) -> None:
        self.set_class(active, "-active")
        self.update(seat_text(panel, active, wide))
