"""Fishing Party card faces: on tiles, and inline in lines of text.

Colour never carries meaning alone: a tile names its group in a word (FISH,
LURE, LUCKY...), a fish shows its weight in pounds, a lure the die roll for
each kind it catches. Kind names come from the card file, so they are
shortened by a rule, never by a table of known names.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from fishtable.games.fishing_party.views import CardFace
from fishtable.tui.widgets.card import BLUE, BROWN, GREEN, PURPLE, RED, CardTile, TileFace, big_value

# The colours per group.
GROUP_STYLE = {"fish": BLUE, "lure": GREEN, "lucky": BROWN, "unlucky": RED, "permanent": PURPLE}

# The word in a tile's corner (the group, or MAGIC for the Magic Lure).
CORNER = {"fish": "FISH", "lure": "LURE", "lucky": "LUCKY", "unlucky": "UNLUCKY", "permanent": "PERM."}

# What a special card does, in a tile's last row and in lists.
EFFECT = {
    "rod": "to fish",
    "first_aid_kit": "ends Ouch",
    "goggles": "new table",
    "ouch": "no fishing",
    "tire": "lure off",
    "snap": "rod breaks",
    "broken_line": "stops roll",
    "gps": "7 cards",
    "glove": "no Ouch",
    "spray_bottle": "roll ±1",
}

DIE_FACES = "⚀⚁⚂⚃⚄⚅"


def short(name: str, limit: int) -> str:
    """A name in at most `limit` cells, the shortest readable form first when cut:
    "L. Bass", "N. Pike", "Brook T.", "R. Trout"; else cut with a dot."""
    if len(name) <= limit:
        return name
    words = name.split()
    if len(words) > 1:
        first, last = " ".join(words[:-1]), words[-1]
        initials = "".join(w[0] + "." for w in words[:-1])
        shortest = sorted([f"{first} {last[0]}.", f"{initials} {last}"], key=len)
        candidates = [*shortest, f"{first} {last[0]}", f"{initials}{last}"]
        for candidate in candidates:
            if len(candidate) <= limit:
                return candidate
    return name[: max(1, limit - 1)] + "."


def rolls_words(rolls: tuple[int, ...]) -> str:
    """"3", "2/5", "3-6"."""
    if len(rolls) > 2 and list(rolls) == list(range(rolls[0], rolls[-1] + 1)):
        return f"{rolls[0]}-{rolls[-1]}"
    return "/".join(map(str, rolls))


def lure_rolls(card: CardFace, limit: int = 8) -> list[tuple[str, str]]:
    """(kind, rolls) a lure prints; the Magic Lure: one row for every kind."""
    if card.type == "magic_lure":
        rolls = card.catches[0].rolls if card.catches else ()
        return [("any fish", rolls_words(rolls))]
    return [(short(c.kind, limit), rolls_words(c.rolls)) for c in card.catches]


def card_text(card: CardFace, compact: bool = False) -> str:
    """A card in words: "Walleye 8 lb", "Jig: Walleye 3, L. Bass 5", "Magic Lure: any fish 3-6", "Ouch"."""
    if card.type == "fish":
        return f"{card.kind or card.name} {card.weight} lb"
    if card.group == "lure":
        name = short(card.name, 9) if compact else card.name
        rolls = ", ".join(f"{kind} {roll}" for kind, roll in lure_rolls(card, 8 if compact else 99))
        return f"{name}: {rolls}"
    return card.name


def display_forms(card: CardFace) -> set[str]:
    """Every way this plug-in may print a card (for tests that look for hidden cards)."""
    return {card.label, card_text(card), card_text(card, compact=True)}


def face_text(card: CardFace, compact: bool = False) -> Text:
    """A card inline in a line of text: coloured, and readable without colour."""
    return Text(f" {card_text(card, compact)} ", GROUP_STYLE.get(card.group, Style()))


# -- tiles ---------------------------------------------------------------------------------


def _name_rows(name: str, inner: int) -> list[str]:
    """A special card's name on one or two rows."""
    if len(name) <= inner:
        return [name, ""]
    words = name.split()
    first = words[0]
    rest = " ".join(words[1:])
    return [short(first, inner), short(rest, inner)]


def tile_rows(card: CardFace, inner: int) -> list[str]:
    """The five rows inside a tile's frame (head row first), `inner` cells wide."""
    if card.type == "fish":
        big = big_value(str(card.weight))
        rows = [row.center(inner) for row in big]
        rows[2] = (big[2] + " lb").center(inner)[:inner]
        return ["", *rows, short(card.kind or card.name, inner).center(inner)]
    if card.group == "lure":
        name = short(card.name, inner).center(inner)
        if card.type == "magic_lure":
            (_, rolls), = lure_rolls(card)
            return ["", name, "", "any fish".center(inner), f"on {rolls}".center(inner)]
        lines = []
        for kind, roll in lure_rolls(card, max(1, inner - 2)):
            lines.append(kind + " " * max(1, inner - len(kind) - len(roll)) + roll)
        return ["", name, "", *lines[:2]]
    top, bottom = _name_rows(card.name, inner)
    effect = EFFECT.get(card.type, "")
    return ["", top.center(inner), bottom.center(inner), "", short(effect, inner).center(inner)]


def corner(card: CardFace) -> str:
    return "MAGIC" if card.type == "magic_lure" else CORNER.get(card.group, card.group.upper())


def tile_face(card: CardFace) -> TileFace:
    """The shared TileFace (for code that wants one); FPTile draws its own rows."""
    value = str(card.weight) if card.type == "fish" else ""
    return TileFace(corner=corner(card), value=value, name=card.name, style=GROUP_STYLE[card.group])


class FPTile(CardTile[CardFace]):
    """A Fishing Party card on a tile: the group word, then the weight, the rolls or the effect."""

    DEFAULT_CSS = """
    FPTile { width: 12; height: 7; margin: 0 1 0 0; }
    """
    new = False  # drawn (or taken) since the seat last saw its hand

    def render(self) -> Text:
        card = self.card
        width = self.size.width or 12
        inner = max(4, width - 2)
        style = self.face.style
        rows = tile_rows(card, inner)
        label = str(self.index) if self.index is not None else ""
        word = corner(card)
        if len(label) + 1 + len(word) > inner:
            word = word[: max(1, inner - len(label) - 1)]
        rows[0] = f"{label:<{inner - len(word)}}{word}"
        mark = self.selected_mark if self.selected else ""
        # A card new since the seat's last look says so on its top edge.
        top = "╭" + (" NEW ".center(inner, "─")[:inner] if self.new else "─" * inner) + "╮"
        bottom = "╰" + (mark.center(inner, "─")[:inner] if mark else "─" * inner) + "╯"
        lines = [top] + [f"│{row[:inner]:<{inner}}│" for row in rows] + [bottom]
        if self.cursor:
            lines[0] = "▶" + lines[0][1:]
            style = style + Style(bold=True)
        text = Text()
        for n, line in enumerate(lines):
            line_style = style
            if (self.cursor or self.selected) and n in (0, len(lines) - 1):
                line_style = style + Style(color="#ffe066", bold=True)
            text.append(line, line_style)
            if n < len(lines) - 1:
                text.append("\n")
        return text


def card_tile(card: CardFace, index: int | None = None, mark: str = " ✓ ", id: str | None = None) -> FPTile:
    return FPTile(card, tile_face(card), index=index, selected_mark=mark, id=id)


def fit_tiles(tiles: list[FPTile], room: int) -> None:
    """Tiles narrow a little when a big hand must fit `room` columns (7 or 8 cards at 80 columns)."""
    if not tiles:
        return
    width = max(9, min(12, room // len(tiles) - 1))
    margin = 1 if len(tiles) * (width + 1) <= room else 0
    for tile in tiles:
        tile.styles.width = width
        tile.styles.margin = (0, margin, 0, 0)
