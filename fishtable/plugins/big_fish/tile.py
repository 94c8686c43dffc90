"""A hand card as a tile: the shared CardTile, with a Big Fish face.

Species names are long ("Brownstriped Leatherjacket"), so the face gives the
name two lines and, below it, a fish's points at each size or a wild card's
colour, step and effect, instead of one large number.
"""

from __future__ import annotations

import textwrap

from rich.style import Style
from rich.text import Text

from fishtable.games.big_fish.views import CardFace
from fishtable.plugins.big_fish.faces import FISH_STYLE, WILD_STYLE, points_text, short_effect, wild_kind
from fishtable.tui.widgets.card import CardTile, TileFace

TILE_WIDTH = 14


def tile_face(card: CardFace) -> TileFace:
    if card.type == "fish":
        return TileFace(corner="FISH", value="", name=card.name, style=FISH_STYLE)
    return TileFace(corner="WILD", value="", name=card.name, style=WILD_STYLE.get(card.colour or "black", FISH_STYLE))


def _fit(line: str, inner: int) -> str:
    return line if len(line) <= inner else line[: inner - 1] + "…"


def face_lines(card: CardFace, inner: int) -> list[str]:
    """The four rows inside the frame below the top edge: the name on two, then points or effect."""
    name = textwrap.wrap(card.name, inner, break_long_words=False) or [""]
    if len(name) > 2:
        name = [name[0], " ".join(name[1:])]
    name = [_fit(line, inner) for line in name] + [""] * (2 - len(name))
    if card.type == "fish":
        return [*name, points_text(card.points), "bag limit" if card.bag else ""]
    if card.step:
        kind = wild_kind(card).replace(" · ", " ")  # "yellow Catch"
    else:
        kind = f"{card.colour}, {'stays' if card.effect == 'protect' else 'now'}"  # "black, now"
    return [*name, _fit(kind, inner), _fit(short_effect(card), inner)]


class BigFishTile(CardTile[CardFace]):
    """One card of a hand; `cursor` marks the card the highlighted choice is about."""

    DEFAULT_CSS = f"""
    BigFishTile {{ width: {TILE_WIDTH}; height: 6; margin: 0 1 0 0; }}
    """

    def __init__(self, card: CardFace, index: int | None = None, id: str | None = None) -> None:
        super().__init__(card, tile_face(card), index=index, id=id)

    def render(self) -> Text:
        style = self.face.style
        if self.cursor:
            style = style + Style(bold=True, reverse=True)
        width = self.size.width or TILE_WIDTH
        inner = width - 2
        label = f"{self.index}" if self.index is not None else ""
        corner = self.face.corner
        top = "╭" + f"{label}{'─' * inner}"[: inner - len(corner)] + corner + "╮"
        if self.cursor:
            top = "▶" + top[1:]
        mark = self.selected_mark if self.selected else ""
        bottom = "╰" + (mark.center(inner, "─") if mark else "─" * inner)[:inner] + "╯"
        rows = [top, *(f"│{line[:inner]:<{inner}}│" for line in face_lines(self.card, inner)), bottom]
        return Text("\n".join(rows), style)
