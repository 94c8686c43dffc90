"""A seat at the table, as everyone sees it: rod, lure and its rolls, an Ouch, permanent
cards, the Fish Pond by kind with weights, the hand size, and the fish being tried for."""

from __future__ import annotations

from rich.text import Text

from fishtable.games.fishing_party.describe import rolls_for
from fishtable.games.fishing_party.views import FishingPartyView, SeatPanel
from fishtable.plugins.fishing_party.entries import chance_words
from fishtable.plugins.fishing_party.faces import card_text, lure_rolls, short

# Lighter colours for text on the panel (the words carry the meaning; colour only helps).
FISH_COLOUR = "#8ec9ff"
LURE_COLOUR = "#9be27a"
WARN_COLOUR = "bold #ff8080"
PERM_COLOUR = "#e0a8ff"


def wrap_parts(parts: list[Text], width: int, indent: int = 2, sep: str = " · ", first: int | None = None) -> Text:
    """Lay parts on lines of at most `width` cells, starting each line with `indent` spaces
    (the first line with `first`, if given)."""
    text = Text()
    line = 0
    previous = ""
    for part in parts:
        gap = " " if previous.endswith(":") else sep  # "Pond 2/6, 14 lb: Walleye 8 · Brook T. 6"
        if line and line + len(gap) + part.cell_len > width:
            text.append("\n")
            line = 0
        if line == 0:
            pad = first if first is not None and not text.plain else indent
            text.append(" " * pad)
            line = pad
        else:
            text.append(gap, "dim")
            line += len(gap)
        text.append_text(part)
        line += part.cell_len
        previous = part.plain
    return text


def hand_words(panel: SeatPanel) -> str:
    words = f"hand {panel.hand_size}"
    if panel.hand_size > panel.hand_limit or panel.hand_limit != 6:
        words += f" (max {panel.hand_limit})"
    return words


def pond_parts(panel: SeatPanel, kinds: tuple[str, ...], limit: int) -> list[Text]:
    """The Fish Pond by kind, in the order of the kinds: "Walleye 8", "Brook T. 6"."""
    if not panel.pond:
        return [Text("Pond empty", "dim")]
    head = Text(f"Pond {len(panel.pond)}/{len(kinds)}, {panel.pond_weight} lb:", "bold")
    parts = [head]
    for fish in panel.pond:
        parts.append(Text(f"{short(fish.kind or fish.name, limit)} {fish.weight}", FISH_COLOUR))
    return parts


def gear_parts(panel: SeatPanel, wide: bool) -> list[Text]:
    """Rod and lure; the lure's rolls as parts of their own, so a narrow panel wraps between them.
    A lure is only ever in front of a player with a rod, so the lure alone says both."""
    lure = panel.lure
    if panel.rod is None:
        return [Text("NO ROD: cannot fish", WARN_COLOUR)]
    if lure is None:
        return [Text("Rod ✓ · no lure", "italic")]
    rod = "Rod ✓ · " if wide else ""  # narrow: the lure alone says there is a rod
    parts = [Text(f"{rod}{short(lure.name, 14 if wide else 9)}:", "bold " + LURE_COLOUR)]
    parts += [Text(f"{kind} {roll}", LURE_COLOUR) for kind, roll in lure_rolls(lure, 8)]
    return parts


def extra_parts(panel: SeatPanel) -> list[Text]:
    parts: list[Text] = []
    if panel.ouch is not None:
        parts.append(Text("OUCH!", WARN_COLOUR))
    for card in panel.permanents:
        parts.append(Text(card.name, PERM_COLOUR))
    if panel.aside:
        parts.append(Text(f"{panel.aside} put aside", "italic"))
    return parts


def seat_text(view: FishingPartyView, seat: int, active: bool, wide: bool, width: int) -> Text:
    panel = view.seats[seat]
    # Two cells less than the column: a scrollbar appears when the panels outgrow the screen.
    width = max(16, width - 2)
    head = Text()
    head.append("▶ " if active else "  ", "bold #ffd75e")
    head.append(panel.name, "bold")
    if panel.is_bot:
        head.append(" (computer)", "dim")
    first = [head, Text(hand_words(panel))]
    if view.stage == "over" and view.result is not None and seat in view.result.winners:
        first.append(Text("★ winner", "bold #ffd75e"))
    text = wrap_parts([*first, *extra_parts(panel)], width, indent=2, first=0)
    for parts in (gear_parts(panel, wide), pond_parts(panel, view.kinds, 8)):
        text.append("\n")
        text.append_text(wrap_parts(parts, width))
    if panel.fishing is not None:
        fish = panel.fishing
        rolls = rolls_for(panel.lure, fish.kind)
        spray = any(p.type == "spray_bottle" for p in panel.permanents)
        what = card_text(fish) if wide else f"{short(fish.kind or fish.name, 8)} {fish.weight} lb"
        text.append("\n")
        text.append_text(wrap_parts([Text(f"FISHING: {what}", "bold #ffd75e"),
                               Text(chance_words(rolls, spray), "#ffd75e")], width))
    return text
