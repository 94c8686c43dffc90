"""Crazy Fishing card faces: on tiles, inline in text, coloured by type.

Colour never carries meaning alone: every face also says its type in a word,
marks last-generation cards with '+', and names special cards.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

from fishtable.tui.widgets.card import CardTile, TileFace

# Short names that fit on a tile; the full names are in the rules.
SPECIAL_SHORT = {
    "super_fast_reel": "Reel",
    "fish_finder": "Finder",
    "rodiest_rod": "Rodiest",
    "most_tempting": "Tempting",
    "bait_bucket": "Bucket",
    "turbulent": "Turbulent",
    "boot": "Boot",
    "pearl": "Pearl",
    "monster": "Monster",
    "oos": "Out-series",
}

TYPE_WORD = {"fish": "FISH", "rod": "ROD", "bait": "BAIT"}

# Foreground/background per kind: distinct in hue and lightness.
KIND_STYLE = {
    "fish": Style(color="#e6f2ff", bgcolor="#1d4f7a"),
    "rod": Style(color="#fff6e0", bgcolor="#6b4a12"),
    "bait": Style(color="#fff0f0", bgcolor="#7a2431"),
    "special": Style(color="#fbefff", bgcolor="#5b2a7a"),
}


def kind_of(card: Any) -> str:
    """'special' for special rods/baits and special fish, else the card type."""
    if card.special and (card.type != "fish" or card.special != "fish"):
        return "special"
    return card.type


def value_text(card: Any) -> str:
    return "∞" if card.value is None else str(card.value)


def short_name(card: Any) -> str:
    if card.type == "fish":
        return card.name
    if card.special:
        return SPECIAL_SHORT.get(card.special, card.name)
    return ""


def tile_face(card: Any) -> TileFace:
    """A hand card on the shared tile: type word and '+' in the corner, value large, name below."""
    name = short_name(card)
    if card.special and card.type != "fish":
        name = "★" + name
    plus = "+" if card.plus else ""
    return TileFace(
        corner=TYPE_WORD[card.type] + (plus or " "),
        value=value_text(card) + plus,
        name=name,
        style=KIND_STYLE[kind_of(card)],
    )


def card_tile(card: Any, index: int | None = None, **kwargs: Any) -> CardTile:
    return CardTile(card, tile_face(card), index=index, selected_mark=" IN CAST ✓", **kwargs)


def face_text(card: Any) -> Text:
    """A card face inline in a line of text: coloured, and readable without colour."""
    style = KIND_STYLE[kind_of(card)]
    if card.type == "fish":
        label = f" {card.name} ({value_text(card)}) "
    else:
        star = "★" if card.special else ""
        label = f" {TYPE_WORD[card.type].lower()} {star}{value_text(card)}{'+' if card.plus else ''} "
    return Text(label, style)


def faces_text(cards: Any, sep: str = " ") -> Text:
    text = Text()
    for n, card in enumerate(cards):
        if n:
            text.append(sep)
        text.append_text(face_text(card))
    return text
