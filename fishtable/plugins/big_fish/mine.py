"""What a seat sees of its own things on its private screens: spot, wild cards, Ice Box, row.

Built from the seat's own view only. `marked` holds ids of cards to draw
attention to (the cards the highlighted choice is about).
"""

from __future__ import annotations

from collections.abc import Collection

from rich.text import Text

from fishtable.games.big_fish.views import BigFishView
from fishtable.plugins.big_fish.faces import card_text, fish_text, size_mark, wild_text

MARK = "bold reverse"


def spot_text(view: BigFishView, seat: int, marked: Collection[str] = (), chosen: Collection[str] = ()) -> Text:
    panel = view.seats[seat]
    text = Text(f"Your Fishing Spot ({panel.big_fish} Big Fish):", "bold")
    if not panel.spot:
        text.append(" no fish", "dim")
    for n, fish in enumerate(panel.spot):
        text.append(" · " if n else " ")
        part = fish_text(fish, grown=fish.grown_this_turn)
        if fish.card.id in chosen:
            part.append(" ✓chosen", "bold")
        if fish.card.id in marked:
            part.stylize(MARK)
            part = Text.assemble(("▶", "bold #ffd75e"), part)
        text.append_text(part)
    if panel.wilds:
        text.append("\nYour wild cards:", "bold")
        for n, wild in enumerate(panel.wilds):
            text.append(", " if n else " ")
            text.append_text(wild_text(wild))
    text.append(f"\nYour Ice Box ({panel.ice_points} point{'s' * (panel.ice_points != 1)}):", "bold")
    if not panel.ice:
        text.append(" empty", "dim")
    for n, caught in enumerate(panel.ice):
        text.append(", " if n else " ")
        text.append_text(size_mark(caught.size, caught.points))
        text.append(f" {caught.card.name}")
    return text


def row_line(view: BigFishView, marked: Collection[str] = (), full: bool = False) -> Text:
    """The Face-Up Cards: one card a line when `full` (the Draw step), else on one wrapping line."""
    text = Text(f"Face-Up Cards ({len(view.face_up)}):", "bold")
    if not view.face_up:
        text.append(" none left", "dim")
    for n, card in enumerate(view.face_up, start=1):
        text.append(f"\n {n} " if full else (" · " if n > 1 else " "))
        part = card_text(card, full=full, hard=view.hard_mode)
        if card.id in marked:
            part.stylize(MARK)
            part = Text.assemble(("▶", "bold #ffd75e"), part)
        text.append_text(part)
    if full:
        text.append(f"\n Draw deck: {view.deck_size} cards, face down", "dim")
    return text
