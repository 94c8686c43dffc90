"""Card tiles for Fishing Party Poker, on the shell's CardTile.

A face-up tile shows the playing-card index (with its suit symbol) and the
Fishing Party card name; a face-down community card shows a card back and the
words "face down". Full tiles (seven rows) hold a player's hand; small ones
(four rows) the community. The width follows the layout, so the same tile
reads at 80 and at 120 columns.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from fishtable.games.fishing_party_poker.views import CardFace
from fishtable.plugins.fishing_party_poker.faces import BACK, card_style, wrap_name
from fishtable.tui.widgets.card import CardTile, TileFace

CURSOR = Style(color="#101010", bgcolor="#ffd75e", bold=True)
MARK = Style(color="#101010", bgcolor="#9be27a", bold=True)

SMALL_ROWS = 4
FULL_ROWS = 7


def face_of(card: CardFace | None) -> TileFace:
    """The shell's TileFace for a card (None: face down)."""
    if card is None:
        return TileFace(corner="", value="", name="face down", style=BACK)
    return TileFace(corner=card.label, value=card.rank, name=card.name, style=card_style(card))


def tile_rows(card: CardFace | None, width: int, height: int, number: int | None, mark: str = "") -> list[str]:
    """The rows of a tile `width` cells wide: full when `height` allows, else small."""
    inner = max(1, width - 2)
    num = "" if number is None else str(number)
    bottom = "╰" + (mark.center(inner, "─")[:inner] if mark else "─" * inner) + "╯"
    if height >= FULL_ROWS:
        if card is None:
            body = [num.ljust(inner), "░" * inner, "face down".center(inner)[:inner], "░" * inner, ""]
        else:
            names = wrap_name(card.name, inner)
            body = [
                f"{num:<3}{card.label:>{inner - 3}}"[:inner] if inner > 3 else card.label[:inner],
                "",
                card.label.center(inner)[:inner],
                names[0].center(inner),
                names[1].center(inner),
            ]
    else:
        if card is None:
            words = "face down" if inner >= 9 else "down"
            body = ["░" * inner, words.center(inner)[:inner]]
        else:
            body = [name.center(inner) for name in wrap_name(card.name, inner)]
    if height >= FULL_ROWS:
        top = "╭" + "─" * inner + "╮"
    else:
        label = "" if card is None else card.label
        room = inner - len(num) - len(label)
        top = "╭" + (num + "─" * max(0, room) + label)[:inner] + "╮"
    return [top, *(f"│{line:<{inner}}│" for line in body), bottom]


class PokerTile(CardTile[CardFace | None]):
    """A hand card (full) or a community card (small, `-small`); `card` None is face down."""

    DEFAULT_CSS = """
    PokerTile { width: 1fr; max-width: 15; height: 7; margin: 0 1 0 0; }
    PokerTile.-small { height: 4; }
    """

    def __init__(self, card: CardFace | None, number: int | None = None, mark: str = " ✓ ", small: bool = False,
                 id: str | None = None) -> None:
        super().__init__(card, face_of(card), index=number, selected_mark=mark, id=id)
        self.set_class(small, "-small")
        self.note = ""  # who put this community card in, on the bottom edge ("by Ann")

    def render(self) -> Text:
        width = self.size.width or 12
        height = self.size.height or (SMALL_ROWS if self.has_class("-small") else FULL_ROWS)
        mark = self.selected_mark if self.selected else self.note
        if mark and not self.selected:  # who put this card into the community
            mark = f" by {mark} " if len(mark) + 5 <= width - 2 else mark[: width - 2]
        rows = tile_rows(self.card, width, height, self.index, mark)
        text = Text()
        for n, row in enumerate(rows):
            style = self.face.style
            edge = n in (0, len(rows) - 1)
            if self.cursor and edge:
                style = style + CURSOR
                if n == 0:
                    row = "▶" + row[1:]
            elif self.selected and n == len(rows) - 1:
                style = style + MARK
            text.append(row, style)
            if n < len(rows) - 1:
                text.append("\n")
        return text
