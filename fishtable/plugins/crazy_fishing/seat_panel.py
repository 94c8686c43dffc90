"""A seat at the table, as everyone sees it: name, kind, status, pile and hand."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from fishtable.plugins.crazy_fishing.faces import KIND_STYLE, face_text, kind_of

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


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def _lines(parts: list[Text], width: int | None) -> Text:
    """Join parts with ' · ' on one line when it fits in `width`, else one part per line."""
    one = Text("  ")
    for n, part in enumerate(parts):
        one.append(" · " if n else "")
        one.append_text(part)
    if width is None or one.cell_len <= width:
        return one
    text = Text()
    for n, part in enumerate(parts):
        text.append("\n  " if n else "  ")
        text.append_text(part)
    return text


def seat_text(panel: Any, active: bool, wide: bool, width: int | None = None) -> Text:
    text = Text()
    text.append("▶ " if active else "  ", "bold #ffd75e")
    text.append(panel.name, "bold")
    text.append(" (computer)" if panel.is_bot else " (human)", "dim")
    status = STATUS_WORDS.get(panel.status, panel.status)
    if panel.catch_position:
        text.append(f" #{panel.catch_position}", "bold #ffd75e")
    if status:
        text.append(f" {status}", "bold #9be27a" if panel.status == "ready" else "italic")
    pile = Text(f"pile {panel.pile_size}")
    if panel.pile_top is not None:
        pile.append(" top ")
        pile.append_text(face_text(panel.pile_top) if wide else _short(panel.pile_top))
    hand = Text(f"hand {panel.hand_size}")
    hand.append(f" ({_plural(panel.hand_rods, 'rod')}, {_plural(panel.hand_baits, 'bait')})", "dim")
    text.append("\n")
    text.append_text(_lines([pile, hand], width))
    cast = panel.cast
    if cast is not None:
        cards = Text("rod ")
        for n, card in enumerate(cast.rods):
            cards.append(" " if n else "")
            cards.append_text(_short(card))
        cards.append("  bait ")
        for n, card in enumerate(cast.baits):
            cards.append(" " if n else "")
            cards.append_text(_short(card))
        if cast.fish_bait is not None:
            cards.append("  fish ")
            cards.append_text(face_text(cast.fish_bait))
        bait = "∞" if cast.bait is None else str(cast.bait)
        total = Text(f"= speed {cast.speed}, bait {bait}", "bold")
        if cast.blank:
            total.append(" (blank: no catch)", "italic")
        text.append("\n")
        text.append_text(_lines([cards, total], width))
    for effect in panel.effects:
        text.append("\n  ")
        text.append("✦ " + effect, "italic #f0c0ff")
    return text
