"""Fishing Party Poker card data: the file format, its safe loading, and the card table.

Every card is a Fishing Party card (name and detail as printed) carrying a
playing-card index. The shipped file lists the 104 cards other than the First
Aid Kits, two full 52-card sets in a fixed order (FP-Q-28); nothing here
assumes those exact cards. A malformed file is refused with a message naming
the file, the card and the field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from fishtable.assets import asset_path
from fishtable.engine.errors import CardFileError
from fishtable.engine.files import read_text

CARD_FORMAT = "fishtable-fishing-party-poker-cards"
MAX_FILE_BYTES = 1_000_000
MAX_CARDS = 1000
MIN_CARDS = 15  # two players' hands and the five community cards

RANK_NAMES = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
RANK_VALUE = {"A": 14, "K": 13, "Q": 12, "J": 11, **{str(v): v for v in range(2, 11)}}
RANK_TEXT = {v: k for k, v in RANK_VALUE.items()}

RankName = Literal["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
SuitName = Literal["spades", "hearts", "diamonds", "clubs"]


class _Spec(BaseModel):
    # Strict: a card file says "A", never 14; "version": 1, never "1".
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class CardSpec(_Spec):
    name: str = Field(min_length=1, max_length=40)
    detail: str = Field(default="", max_length=80)
    rank: RankName
    suit: SuitName


class PokerCardFile(_Spec):
    format: Literal["fishtable-fishing-party-poker-cards"]
    version: Literal[1]
    about: str = Field(default="", max_length=4000)
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


# -- reading a file -------------------------------------------------------------------------------

_FRIENDLY = {
    "missing": "is missing",
    "extra_forbidden": "is not a field a card file has",
    "string_type": "must be text in quotes",
    "list_type": "must be a list",
    "model_type": "must be an object with named fields",
    "model_attributes_type": "must be an object with named fields",
    "dict_type": "must be an object with named fields",
}


class _DuplicateKey(ValueError):
    pass


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(f"the key '{key}' appears twice in one object")
        out[key] = value
    return out


def _problem(err: dict[str, Any]) -> str:
    kind = err["type"]
    if kind in _FRIENDLY:
        return _FRIENDLY[kind]
    if kind == "literal_error":
        expected = err.get("ctx", {}).get("expected", "")
        return f"must be one of {expected} (not {err['input']!r})"
    if kind == "too_short":
        if err["loc"] and err["loc"][-1] == "cards":
            return f"needs at least {MIN_CARDS} cards"
        return "is too short"
    if kind == "too_long":
        return f"holds too many cards (at most {MAX_CARDS})"
    if kind == "string_too_short":
        return "must not be empty"
    if kind == "string_too_long":
        return f"is too long (at most {err.get('ctx', {}).get('max_length')} characters)"
    return str(err["msg"]).removeprefix("Value error, ")


def _where(raw: object, loc: list[Any]) -> tuple[str, list[Any]]:
    """'card #3 (Walleye)' and the rest of the location, or 'the file'."""
    if len(loc) >= 2 and loc[0] == "cards" and isinstance(loc[1], int):
        index = loc[1]
        name = ""
        items = raw.get("cards") if isinstance(raw, dict) else None
        if isinstance(items, list) and index < len(items) and isinstance(items[index], dict):
            value = items[index].get("name")
            name = value if isinstance(value, str) else ""
        return f"card #{index + 1}" + (f" ({name[:40]})" if name else ""), loc[2:]
    return "the file", loc


def parse_card_file(text: str, source: str) -> PokerCardFile:
    try:
        raw = json.loads(text, object_pairs_hook=_no_duplicate_keys)
    except json.JSONDecodeError as exc:
        raise CardFileError(f"{source}: not valid JSON ({exc.msg} at line {exc.lineno}).") from None
    except _DuplicateKey as exc:
        raise CardFileError(f"{source}: {exc}.") from None
    except ValueError:  # Python refuses integers of thousands of digits
        raise CardFileError(f"{source}: a number in it is far too long to be a card value.") from None
    except RecursionError:
        raise CardFileError(f"{source}: nested too deeply to be a card file.") from None
    if not isinstance(raw, dict):
        raise CardFileError(f"{source}: a card file must be one JSON object with 'format' and 'cards'.")
    try:
        return PokerCardFile.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        where, rest = _where(raw, list(err["loc"]))
        field = ".".join(str(p) for p in rest)
        field_text = f", field '{field}'" if field else ""
        raise CardFileError(f"{source}: {where}{field_text}: {_problem(err)}.") from None


def default_card_path() -> Path:
    return asset_path("fishing_party_poker", "cards.json")


def load_card_file(path: Path | str | None = None) -> PokerCardFile:
    """Read and validate a card file (the shipped one by default)."""
    path = Path(path).expanduser() if path is not None else default_card_path()
    return parse_card_file(read_text(path, error=CardFileError, max_bytes=MAX_FILE_BYTES), str(path))
