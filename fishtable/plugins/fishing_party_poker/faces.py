"""Fishing Party Poker card faces: the playing-card index and the Fishing Party card name.

A card is always written with its suit symbol ("10♥"), never by colour alone;
red suits are also drawn red, as on paper. A face-down card says so in words.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

from rich.style import Style
from rich.text import Text

from fishtable.games.fishing_party_poker.views import CardFace
from fishtable.tui.widgets.card import faces_line

RED_SUITS = frozenset({"hearts", "diamonds"})

RED = Style(color="#b3122e", bgcolor="#f6f2e6", bold=True)
BLACK = Style(color="#151515", bgcolor="#f6f2e6", bold=True)
BACK = Style(color="#cfe3f5", bgcolor="#1d4f7a")
EMPTY = Style(color="#7f8c99")


def card_style(card: CardFace) -> Style:
    return RED if card.suit in RED_SUITS else BLACK


def index_text(card: CardFace) -> Text:
    """The index alone, on a small card face: " K♠ "."""
    return Text(f" {card.label} ", card_style(card))


def indexes_text(cards: Iterable[CardFace], sep: str = " ") -> Text:
    return faces_line(cards, index_text, sep)


def card_words(card: CardFace) -> str:
    """A card in plain words: "K♠ Largemouth Bass"."""
    return f"{card.label} {card.name}"


def card_text(card: CardFace) -> Text:
    """A card inline: its index on a card face, then its Fishing Party name."""
    return Text.assemble(index_text(card), " ", card.name)


def wrap_name(name: str, width: int, rows: int = 2) -> list[str]:
    """The card name over `rows` lines of `width` cells, by whole words where it can;
    a word or a last line too long is cut with '…'."""
    width = max(1, width)
    lines = textwrap.wrap(name, width, break_long_words=False) or [""]
    if len(lines) > rows:
        lines = [*lines[: rows - 1], " ".join(lines[rows - 1 :])]
    lines = [line if len(line) <= width else line[: width - 1] + "…" for line in lines]
    return lines + [""] * (rows - len(lines))
