"""Card tiles: small framed cards coloured by type, with the value large.

Colour never carries meaning alone: every tile also says its type in a word,
marks last-generation cards with '+', and names special cards.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual.message import Message
from textual.reactive import reactive
from textual.renderables.digits import DIGITS, DIGITS3X3_BOLD
from textual.widget import Widget

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
BACK_STYLE = Style(color="#cfe3f5", bgcolor="#143a5c")


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


def _big_glyphs() -> dict[str, list[str]]:
    rows = list(DIGITS3X3_BOLD)
    glyphs: dict[str, list[str]] = {}
    for index, char in enumerate(DIGITS):
        glyphs[char] = [row.ljust(3)[:3] for row in rows[index * 3 : index * 3 + 3]]
    return glyphs


_GLYPHS = _big_glyphs()


def big_value(text: str) -> list[str]:
    """Three rows of large digits; characters without a glyph stay small, centred."""
    rows = ["", "", ""]
    for char in text:
        glyph = _GLYPHS.get(char)
        if glyph is None:
            glyph = ["   ", f" {char} ", "   "]
        for i in range(3):
            rows[i] += glyph[i]
    return rows


def tile_lines(card: Any, width: int, index: int | None, selected: bool) -> list[str]:
    """The text rows of a hand tile (borders included), `width` cells wide."""
    inner = width - 2
    plus = "+" if card.plus else " "
    top_label = f"{index}" if index is not None else ""
    head = f"{top_label:<2}{TYPE_WORD[card.type]:>{inner - 3}}{plus}"[:inner]
    big = big_value(value_text(card) + ("+" if card.plus else ""))
    name = short_name(card)
    if card.special and card.type != "fish":
        name = "★" + name
    mark = " IN CAST ✓" if selected else ""
    top = "╭" + "─" * inner + "╮"
    bottom = "╰" + (mark.center(inner, "─") if mark else "─" * inner) + "╯"
    body = [head] + [row.center(inner) for row in big] + [name[:inner].center(inner)]
    return [top] + [f"│{line:<{inner}}│" for line in body] + [bottom]


class CardTile(Widget):
    """One card of a hand: click or keys select it; the owning screen decides."""

    DEFAULT_CSS = """
    CardTile { width: 12; height: 7; margin: 0 1 0 0; }
    """

    selected: reactive[bool] = reactive(False)
    cursor: reactive[bool] = reactive(False)

    class Clicked(Message):
        def __init__(self, tile: CardTile) -> None:
            super().__init__()
            self.tile = tile

    def __init__(self, card: Any, index: int | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.card = card
        self.index = index

    def render(self) -> Text:
        style = KIND_STYLE[kind_of(self.card)]
        if self.cursor:
            style = style + Style(bold=True, color="#ffffff", underline=False)
        lines = tile_lines(self.card, self.size.width or 12, self.index, self.selected)
        text = Text()
        for n, line in enumerate(lines):
            line_style = style
            if self.selected and n in (0, len(lines) - 1):
                line_style = style + Style(color="#ffe066", bold=True)
            if self.cursor and n == 0:
                line = "▶" + line[1:]
            text.append(line, line_style)
            if n < len(lines) - 1:
                text.append("\n")
        return text

    def on_click(self) -> None:
        self.post_message(self.Clicked(self))


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
