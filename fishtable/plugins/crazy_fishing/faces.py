"""Crazy Fishing card faces: on tiles, inline in text, coloured by type.

Colour never carries meaning alone: every face also says its type in a word,
marks last-generation cards with '+', and names special cards.
"""

from __future__ import annotations

from rich.text import Text

from fishtable.games.crazy_fishing.views import CardFace
from fishtable.tui.widgets.card import BLUE, BROWN, PURPLE, RED, CardTile, TileFace

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

# The colours per kind.
KIND_STYLE = {"fish": BLUE, "rod": BROWN, "bait": RED, "special": PURPLE}


def kind_of(card: CardFace) -> str:
    """'special' for special rods/baits and special fish, else the card type."""
    if card.special and (card.type != "fish" or card.special != "fish"):
        return "special"
    return card.type


def value_text(card: CardFace) -> str:
    return "∞" if card.value is None else str(card.value)


def short_name(card: CardFace) -> str:
    if card.type == "fish":
        return card.name
    if card.special:
        return SPECIAL_SHORT.get(card.special, card.name)
    return ""


def tile_face(card: CardFace) -> TileFace:
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


def card_tile(card: CardFace, index: int | None = None, id: str | None = None) -> CardTile[CardFace]:
    return CardTile(card, tile_face(card), index=index, selected_mark=" IN CAST ✓", id=id)


def face_text(card: CardFace) -> Text:
    """A card face inline in a line of text: coloured, and readable without colour."""
    style = KIND_STYLE[kind_of(card)]
    if card.type == "fish":
        label = f" {card.name} ({value_text(card)}) "
    else:
        star = "★" if card.special else ""
        label = f" {TYPE_WORD[card.type].lower()} {star}{value_text(card)}{'+' if card.plus else ''} "
    return Text(label, style)

