"""A hand card as a tile: the shared CardTile, with a Big Fish face.

Species names are long ("Brownstriped Leatherjacket"), so the face gives the
name the lines it needs and, below it, a fish's points at each size or a wild
card's colour, step and effect, instead of one large number. A hand of seven
must show whole at 80 columns, so the screen narrows the tiles to fit
(`tile_width`); a face wraps its words instead of cutting them, breaking only a
word longer than the tile with a hyphen, and has no bottom edge, for a fifth row.
"""

from __future__ import annotations

import textwrap

from rich.style import Style
from rich.text import Text

from fishtable.games.big_fish.views import CardFace
from fishtable.plugins.big_fish.faces import FISH_STYLE, WILD_STYLE, points_text, short_effect, wild_kind
from fishtable.tui.widgets.card import CardTile, TileFace

TILE_WIDTH = 14
MIN_TILE_WIDTH = 10  # 7 cards and their gaps in the 78 cells of an 80-column screen
GAP = 1  # the margin right of each tile


def tile_width(room: int, cards: int) -> int:
    """The widest tile (up to TILE_WIDTH) such that `cards` tiles and their gaps fit `room` cells."""
    if cards <= 0:
        return TILE_WIDTH
    return max(MIN_TILE_WIDTH, min(TILE_WIDTH, (room + GAP) // cards - GAP))


def tile_face(card: CardFace) -> TileFace:
    if card.type == "fish":
        return TileFace(corner="FISH", value="", name=card.name, style=FISH_STYLE)
    return TileFace(corner="WILD", value="", name=card.name, style=WILD_STYLE.get(card.colour or "black", FISH_STYLE))


def _fit(line: str, inner: int) -> str:
    return line if len(line) <= inner else line[: inner - 1] + "…"


def _wrap(words: str, inner: int) -> list[str]:
    """Words on lines of `inner` cells; only a word longer than a line is broken, with a hyphen."""
    lines: list[str] = []
    for line in textwrap.wrap(words, inner, break_long_words=False) or [""]:
        while len(line) > inner:
            lines.append(line[: inner - 1] + "-")
            line = line[inner - 1:]
        lines.append(line)
    return lines


def face_lines(card: CardFace, inner: int, hard: bool = False) -> list[str]:
    """The five rows inside the frame below the top edge: the name, then a fish's points per
    size or a wild card's colour, step and effect, wrapped rather than cut. A fish's bag limit
    shows only in `hard` mode, the only game it binds."""
    bag = "bag limit" if hard and card.bag else ""
    if card.type == "fish":
        points = points_text(card.points)
        details = [points if len(points) <= inner else points.replace(" ", ""), bag]
    elif card.step:
        details = [wild_kind(card).replace(" · ", " "), short_effect(card)]  # "yellow Catch"
    else:
        details = [f"{card.colour}, {'stays' if card.effect == 'protect' else 'now'}", short_effect(card)]
    rows = 5
    detail_lines = [line for d in details if d for line in _wrap(d, inner)]
    name = _wrap(card.name, inner)
    room = rows - len(detail_lines)
    if len(name) > room:  # the name first: the details shorten to what is left
        detail_lines = detail_lines[: max(0, rows - len(name))]
        room = rows - len(detail_lines)
    lines = [*name[:room], *detail_lines]
    if len(name) > room:
        lines[room - 1] = _fit(lines[room - 1] + " ", inner)
    return (lines + [""] * rows)[:rows]


class BigFishTile(CardTile[CardFace]):
    """One card of a hand; `cursor` marks the card the highlighted choice is about."""

    DEFAULT_CSS = f"""
    BigFishTile {{ width: {TILE_WIDTH}; height: 6; margin: 0 {GAP} 0 0; }}
    """

    def __init__(self, card: CardFace, index: int | None = None, id: str | None = None, hard: bool = False) -> None:
        super().__init__(card, tile_face(card), index=index, id=id)
        self.hard = hard

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
        # No bottom edge: its row holds a fifth line of words (a tile's colour closes it).
        body = [f"│{line[:inner]:<{inner}}│" for line in face_lines(self.card, inner, self.hard)]
        return Text("\n".join([top, *body]), style)
