"""The card tile: a small framed card with its value in large digits.

The shell draws the frame; the game says what is on the face (`TileFace`).
Colour never carries meaning alone: the face names its type in a word.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.message import Message
from textual.reactive import reactive
from textual.renderables.digits import DIGITS, DIGITS3X3_BOLD
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget

# The card colours the games share, light on dark (foreground/background): distinct in hue and lightness.
BLUE = Style(color="#e6f2ff", bgcolor="#1d4f7a")
GREEN = Style(color="#eeffee", bgcolor="#2d6138")
BROWN = Style(color="#fff6e0", bgcolor="#6b4a12")
RED = Style(color="#fff0f0", bgcolor="#7a2431")
PURPLE = Style(color="#fbefff", bgcolor="#5b2a7a")

CardT = TypeVar("CardT")
FaceT_co = TypeVar("FaceT_co", covariant=True)  # what a tile shows: the game's card view


def faces_line(cards: Iterable[CardT], face: Callable[[CardT], Text], sep: str = " ") -> Text:
    """Cards inline, one after the other: each as `face` draws it, `sep` between them."""
    return Text(sep).join(face(card) for card in cards)


def hand_keys(step: str, words: str) -> list[BindingType]:
    """The keys of a row of card tiles: ← and → call `step(-1)` and `step(1)` (the footer shows
    `words` once), 1-9 call `jump(n)` for the card with that number."""
    return [
        Binding("left", f"{step}(-1)", words),
        Binding("right", f"{step}(1)", words, show=False),
        *[Binding(str(d), f"jump({d})", "Card by number", show=False) for d in range(1, 10)],
    ]


@dataclass(frozen=True)
class TileFace:
    """What a game prints on a tile: a corner word ("CARD+"), a big value, a name, colours."""

    corner: str
    value: str
    name: str
    style: Style


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


def tile_lines(face: TileFace, width: int, index: int | None, mark: str = "") -> list[str]:
    """The text rows of a tile (borders included), `width` cells wide; `mark` on the bottom edge."""
    inner = width - 2
    top_label = f"{index}" if index is not None else ""
    head = f"{top_label:<2}{face.corner:>{inner - 2}}"[:inner]
    big = big_value(face.value)
    top = "╭" + "─" * inner + "╮"
    bottom = "╰" + (mark.center(inner, "─") if mark else "─" * inner) + "╯"
    body = [head] + [row.center(inner) for row in big] + [face.name[:inner].center(inner)]
    return [top] + [f"│{line:<{inner}}│" for line in body] + [bottom]


# A tile's rendered lines, by everything they depend on (see `CardTile.render_line`): a cursor that
# moves along a hand redraws two tiles, each in a state it has been drawn in before.
_TILE_STRIPS: LRUCache[tuple[object, ...], list[Strip]] = LRUCache(256)


class CardTile(Widget, Generic[FaceT_co]):
    """One card of a hand: click or keys select it; the owning screen decides."""

    DEFAULT_CSS = """
    CardTile { width: 12; height: 7; margin: 0 1 0 0; }
    """

    selected: reactive[bool] = reactive(False)
    cursor: reactive[bool] = reactive(False)

    @dataclass
    class Clicked(Message):
        """The tile was clicked."""

        tile: CardTile[Any]  # whichever game's card: the handler knows

    def __init__(
        self,
        card: FaceT_co,
        face: TileFace,
        index: int | None = None,
        selected_mark: str = " ✓ ",
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.card = card
        self.face = face
        self.index = index
        self.selected_mark = selected_mark  # on the bottom edge while selected

    def render(self) -> Text:
        style = self.face.style
        if self.cursor:
            style = style + Style(bold=True, color="#ffffff", underline=False)
        mark = self.selected_mark if self.selected else ""
        lines = tile_lines(self.face, self.size.width or 12, self.index, mark)
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

    def render_line(self, y: int) -> Strip:
        """Textual's rendering of `render()`, kept for each state a tile has been drawn in: the
        same lines, without laying out the Text again at every cursor key. A subclass that draws
        its own face (its own `render`, with state of its own), or a text selection, takes
        Textual's path every time."""
        if type(self).render is not CardTile.render or self.text_selection is not None:
            return super().render_line(y)
        width, height = self.size
        style = self.visual_style
        key = (self.face, self.index, self.selected_mark, self.selected, self.cursor, width, height, style)
        strips = _TILE_STRIPS.get(key)
        if strips is None:
            strips = Visual.to_strips(self, visualize(self, self.render()), width, height, style)
            _TILE_STRIPS[key] = strips
        return strips[y] if y < len(strips) else Strip.blank(width, style.rich_style)

    def on_click(self) -> None:
        self.post_message(self.Clicked(self))
