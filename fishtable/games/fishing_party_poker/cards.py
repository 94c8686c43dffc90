"""Fishing Party Poker card data: the file format, its safe loading, and the card table.

Every card is a Fishing Party card (name and detail as printed) carrying a
playing-card index. The shipped file lists the 104 cards other than the First
Aid Kits, two full 52-card sets in a fixed order (FP-Q-28); nothing here
assumes those exact cards. A malformed file is refused with a message naming
the file, the card and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic_core import ErrorDetails

from fishtable.engine.cards import CardSource, CardWording
from fishtable.engine.text import PlainName, PlainText

CARD_FORMAT = "fishtable-fishing-party-poker-cards"
MAX_FILE_BYTES = 1_000_000
MAX_CARDS = 1000
MIN_CARDS = 15  # two players' hands and the five community cards

RankName = Literal["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
SuitName = Literal["spades", "hearts", "diamonds", "clubs"]

SUIT_NAMES: tuple[SuitName, ...] = ("spades", "hearts", "diamonds", "clubs")
SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
RANK_VALUE = {"A": 14, "K": 13, "Q": 12, "J": 11, **{str(v): v for v in range(2, 11)}}
RANK_TEXT = {v: k for k, v in RANK_VALUE.items()}


class _Spec(BaseModel):
    # Strict: a card file says "A", never 14; "version": 1, never "1".
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class CardSpec(_Spec):
    name: PlainName = Field(min_length=1, max_length=40)
    detail: PlainText = Field(default="", max_length=80)
    rank: RankName
    suit: SuitName


class PokerCardFile(_Spec):
    format: Literal["fishtable-fishing-party-poker-cards"]
    version: Literal[1]
    about: PlainText = Field(default="", max_length=4000)
    # A list, not a tuple: saves carry the cards as JSON lists and strict mode takes them as they are.
    cards: list[CardSpec] = Field(min_length=MIN_CARDS, max_length=MAX_CARDS)


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card in play. `idx` is its place in the card table."""

    idx: int
    cid: str  # stable public identifier, e.g. "C017"
    name: str  # the Fishing Party card ("Walleye")
    detail: str  # its printed values in words ("6 lb (Tournament 10 lb)")
    rank: int  # 2..14, ace high
    suit: int  # index into SUIT_NAMES

    @property
    def index(self) -> str:
        """The poker index, "10♥"."""
        return f"{RANK_TEXT[self.rank]}{SUIT_SYMBOLS[self.suit]}"

    @property
    def title(self) -> str:
        """The index with the Fishing Party card, "10♥ Walleye"."""
        return f"{self.index} {self.name}"


def build_cards(data: PokerCardFile) -> tuple[Card, ...]:
    return tuple(
        Card(i, f"C{i + 1:03d}", spec.name, spec.detail, RANK_VALUE[spec.rank], SUIT_NAMES.index(spec.suit))
        for i, spec in enumerate(data.cards)
    )


# -- reading a file: the engine's loader, with this game's words -----------------------------------

_FRIENDLY = {
    "missing": "is missing",
    "extra_forbidden": "is not a field a card file has",
    "string_type": "must be text in quotes",
    "list_type": "must be a list",
    "model_type": "must be an object with named fields",
    "model_attributes_type": "must be an object with named fields",
    "dict_type": "must be an object with named fields",
    "too_long": f"holds too many cards (at most {MAX_CARDS})",
    "string_too_short": "must not be empty",
}


def _problem(err: ErrorDetails) -> str:
    kind = err["type"]
    ctx = dict(err.get("ctx") or {})
    if kind in _FRIENDLY:
        return _FRIENDLY[kind]
    if kind == "literal_error":
        return f"must be one of {ctx.get('expected', '')} (not {err['input']!r})"
    if kind == "too_short":
        return f"needs at least {MIN_CARDS} cards" if err["loc"] and err["loc"][-1] == "cards" else "is too short"
    if kind == "string_too_long":
        return f"is too long (at most {ctx.get('max_length')} characters)"
    return str(err["msg"]).removeprefix("Value error, ")


WORDING = CardWording(
    title="Fishing Party Poker",
    card_format=CARD_FORMAT,
    sections={"cards": ("card", "name")},
    words=_problem,
    numbered=False,
)


CARDS = CardSource(PokerCardFile, "fishing_party_poker", WORDING, max_bytes=MAX_FILE_BYTES)
default_card_path = CARDS.default_path
load_card_file = CARDS.load
