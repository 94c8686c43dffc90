"""Fishing Party card data: the file format, its validation, and the card table.

The printed values (fish weights, the die rolls on each lure copy) live in
`assets/fishing_party/cards.json`; nothing here assumes them. What a card
*does* is rules, named by its `effect`; how many copies there are and what
they print is data. A malformed file is refused with a message naming the
file, the card and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic_core import ErrorDetails

from fishtable.engine.cards import CardSource, CardWording
from fishtable.engine.text import PLAIN_NAME

CARD_FORMAT = "fishtable-fishing-party-cards"
MAX_FILE_BYTES = 1_000_000
MIN_PLAYERS = 2
MAX_PLAYERS = 5  # FP-Q-1
HAND_SIZE = 6
TABLE_SIZE = 6
DIE_SIDES = 6

# Card type codes: ints, because the engine compares them in its hottest loops.
FISH, LURE, MAGIC, ROD, FIRST_AID, GOGGLES, OUCH, TIRE, SNAP, BROKEN_LINE, GPS, GLOVE, SPRAY = range(13)
CardType = Literal[
    "fish", "lure", "magic_lure", "rod", "first_aid_kit", "goggles", "ouch", "tire", "snap", "broken_line",
    "gps", "glove", "spray_bottle",
]
Group = Literal["fish", "lure", "lucky", "unlucky", "permanent"]

TYPE_NAMES: tuple[CardType, ...] = (
    "fish", "lure", "magic_lure", "rod", "first_aid_kit", "goggles", "ouch", "tire", "snap",
    "broken_line", "gps", "glove", "spray_bottle",
)
SpecialEffect = Literal[
    "rod", "first_aid_kit", "goggles", "ouch", "tire", "snap", "broken_line", "gps", "glove", "spray_bottle"
]
# FP-COMP-6: the three groups of special cards.
LUCKY = frozenset({ROD, FIRST_AID, GOGGLES})
UNLUCKY = frozenset({OUCH, TIRE, SNAP, BROKEN_LINE})
PERMANENT = frozenset({GPS, GLOVE, SPRAY})
LURES = frozenset({LURE, MAGIC})


def group_of(code: int) -> Group:
    if code == FISH:
        return "fish"
    if code in LURES:
        return "lure"
    if code in LUCKY:
        return "lucky"
    if code in UNLUCKY:
        return "unlucky"
    return "permanent"


# -- The file format -------------------------------------------------------------------------

Roll = Annotated[int, Field(ge=1, le=DIE_SIDES)]
Name = Annotated[str, Field(min_length=1, max_length=40), PLAIN_NAME]  # no control or invisible character


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class WeightSpec(_Spec):
    """One fish card: its Family weight and its Tournament weight, in pounds (FP-COMP-10)."""

    family: int = Field(ge=1, le=999)
    tournament: int = Field(ge=1, le=999)


class FishSpec(_Spec):
    """A fish kind and its cards, one weight pair per card."""

    kind: Name
    weights: list[WeightSpec] = Field(min_length=MAX_PLAYERS, max_length=20)


class LureSpec(_Spec):
    """A regular lure type: its two fish kinds and, per copy, the roll that catches each (FP-COMP-9)."""

    name: Name
    catches: list[Name] = Field(min_length=2, max_length=2)
    rolls: list[Annotated[list[Roll], Field(min_length=2, max_length=2)]] = Field(min_length=1, max_length=20)

    @model_validator(mode="after")
    def _two_kinds(self) -> LureSpec:
        if self.catches[0] == self.catches[1]:
            raise ValueError("a lure must catch two different kinds of fish")
        return self


class MagicLureSpec(_Spec):
    """The Magic Lure: every kind, on any of its rolls (FP-CATCH-12, FP-CATCH-13)."""

    name: Name
    copies: int = Field(ge=1, le=20)
    rolls: list[Roll] = Field(min_length=1, max_length=DIE_SIDES)

    @model_validator(mode="after")
    def _distinct(self) -> MagicLureSpec:
        if len(set(self.rolls)) != len(self.rolls):
            raise ValueError("a roll is listed twice")
        return self


class SpecialSpec(_Spec):
    name: Name
    effect: SpecialEffect
    copies: int = Field(ge=1, le=30)


class FishingPartyCards(_Spec):
    """A whole card file."""

    format: Literal["fishtable-fishing-party-cards"]
    version: Literal[1]
    fish: list[FishSpec] = Field(min_length=1, max_length=12)
    lures: list[LureSpec] = Field(default_factory=list, max_length=30)
    magic_lures: list[MagicLureSpec] = Field(default_factory=list, max_length=5)
    specials: list[SpecialSpec] = Field(min_length=1, max_length=40)

    @model_validator(mode="after")
    def _playable(self) -> FishingPartyCards:
        kinds = [f.kind for f in self.fish]
        if len(set(kinds)) != len(kinds):
            raise ValueError("two fish entries have the same kind")
        for lure in self.lures:
            unknown = [k for k in lure.catches if k not in kinds]
            if unknown:
                raise ValueError(f"the lure {lure.name!r} catches {unknown[0]!r}, which is not a fish kind in the file")
        reachable = {k for lure in self.lures for k in lure.catches}
        if not self.magic_lures:
            missing = [k for k in kinds if k not in reachable]
            if missing:
                # A kind no lure catches could never be caught, and the game could never end.
                raise ValueError(f"no lure catches the {missing[0]}")
        counts = {effect: 0 for effect in TYPE_NAMES}
        for special in self.specials:
            counts[special.effect] += special.copies
        if counts["rod"] < MAX_PLAYERS:
            raise ValueError(f"there must be at least {MAX_PLAYERS} Fishing Rods, one for each player")
        fish = sum(len(f.weights) for f in self.fish)
        lures = sum(len(lure.rolls) for lure in self.lures) + sum(m.copies for m in self.magic_lures)
        total = fish + lures + sum(counts.values())
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            deck = total - players
            if players <= 3:  # FP-VAR-1..4
                deck = total - counts["rod"] - counts["snap"] - (counts["broken_line"] if players == 2 else 0)
            need = players * HAND_SIZE + TABLE_SIZE + 1
            if deck < need:
                raise ValueError(
                    f"a {players}-player game needs at least {need} cards in the deck to deal, but would have {deck}"
                )
        return self


# -- The card table the engine plays with -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card. `idx` is its place in the card table; `code` its type code."""

    idx: int
    cid: str  # stable public id: "F07", "L12", "S03"
    code: int
    name: str
    kind: int = -1  # fish: index of its kind
    family: int = 0
    tournament: int = 0
    wins: tuple[tuple[int, ...], ...] = ()  # lures: by kind index, the rolls that catch it (empty: not at all)
    shows: tuple[int, ...] = ()  # lures: the kinds caught, in the order the card prints them

    @property
    def type(self) -> str:
        return TYPE_NAMES[self.code]


def rolls_words(rolls: tuple[int, ...]) -> str:
    """"3", "2/5", "3-6"."""
    if len(rolls) > 2 and list(rolls) == list(range(rolls[0], rolls[-1] + 1)):
        return f"{rolls[0]}-{rolls[-1]}"
    return "/".join(map(str, rolls))


def lure_words(card: Card, kinds: tuple[str, ...]) -> str:
    """"Jig (Walleye 3, Largemouth Bass 5)", "Magic Lure (3-6)"."""
    if card.code == MAGIC:
        return f"{card.name} ({rolls_words(card.wins[0] if card.wins else ())})"
    return f"{card.name} ({', '.join(f'{kinds[k]} {rolls_words(card.wins[k])}' for k in card.shows)})"


def card_words(card: Card, kinds: tuple[str, ...], weight: int) -> str:
    """A card as a player would name it: "Walleye (8 lb)", a lure with its rolls, "Ouch"."""
    if card.code == FISH:
        return f"{card.name} ({weight} lb)"
    if card.code == LURE or card.code == MAGIC:
        return lure_words(card, kinds)
    return card.name


def face_label(card: Card, kinds: tuple[str, ...], weight: int) -> str:
    """A card's short face text: "Walleye 8 lb", "Jig (Walleye 3, Largemouth Bass 5)", "Ouch".

    Cards with the same label play alike in a game (same kind and weight, same rolls, same
    effect): what the table says about cards it saw go into a hand or a pile names labels.
    """
    if card.code == FISH:
        return f"{card.name} {weight} lb"
    if card.code == LURE or card.code == MAGIC:
        return lure_words(card, kinds)
    return card.name


def build_cards(data: FishingPartyCards) -> tuple[tuple[Card, ...], tuple[str, ...]]:
    """The card table (fish, then lures, then special cards) and the fish kinds in file order."""
    kinds = tuple(f.kind for f in data.fish)
    cards: list[Card] = []
    for k, spec in enumerate(data.fish):
        for w in spec.weights:
            n = len(cards) + 1
            cards.append(Card(len(cards), f"F{n:02d}", FISH, spec.kind, k, w.family, w.tournament))
    first_lure = len(cards)
    for lure in data.lures:
        a, b = kinds.index(lure.catches[0]), kinds.index(lure.catches[1])
        for pair in lure.rolls:
            wins: list[tuple[int, ...]] = [()] * len(kinds)
            wins[a] = (pair[0],)
            wins[b] = (pair[1],)
            cards.append(Card(len(cards), f"L{len(cards) - first_lure + 1:02d}", LURE, lure.name, wins=tuple(wins),
                              shows=(a, b)))
    for magic in data.magic_lures:
        rolls = tuple(sorted(magic.rolls))
        for _ in range(magic.copies):
            cards.append(Card(len(cards), f"L{len(cards) - first_lure + 1:02d}", MAGIC, magic.name,
                              wins=(rolls,) * len(kinds), shows=tuple(range(len(kinds)))))
    first_special = len(cards)
    for special in data.specials:
        code = TYPE_NAMES.index(special.effect)
        for _ in range(special.copies):
            cards.append(Card(len(cards), f"S{len(cards) - first_special + 1:02d}", code, special.name))
    return tuple(cards), kinds


# -- Reading a file: the engine's loader, with this game's words -------------------------------

# This game's words for a pydantic error type; a `{name}` is filled from the error's context
# (empty when the context lacks it).
_WORDS = {
    "missing": "is missing",
    "extra_forbidden": "is not a known field",
    "int_type": 'must be a whole number (like 3, not "3" or 3.0)',
    "int_parsing": 'must be a whole number (like 3, not "3" or 3.0)',
    "string_type": "must be text in quotes",
    "list_type": "must be a list in square brackets",
    "model_type": "must be an object in curly braces",
    "dict_type": "must be an object in curly braces",
    "model_attributes_type": "must be an object in curly braces",
    "literal_error": "must be one of {expected}",
    "greater_than_equal": "must be at least {ge}",
    "less_than_equal": "must be at most {le}",
    "too_short": "must have at least {min_length} entries",
    "too_long": "must have at most {max_length} entries",
    "string_too_short": "must not be empty",
    "string_too_long": "is too long (at most {max_length} characters)",
}


class _Context(dict[str, Any]):
    """An error's context for `str.format_map`: a name it lacks reads as nothing."""

    def __missing__(self, key: str) -> str:
        return ""


def _message(err: ErrorDetails) -> str:
    words = _WORDS.get(err.get("type", ""))
    if words is None:
        return str(err.get("msg", "invalid value")).removeprefix("Value error, ")
    return words.format_map(_Context(err.get("ctx") or {}))


WORDING = CardWording(
    title="Fishing Party",
    card_format=CARD_FORMAT,
    sections={"fish": ("fish kind", "kind"), "lures": ("lure", "name"), "magic_lures": ("magic lure", "name"),
              "specials": ("special card", "name")},
    words=_message,
)


CARDS = CardSource(FishingPartyCards, "fishing_party", WORDING, max_bytes=MAX_FILE_BYTES)
default_card_path = CARDS.default_path
load_card_file = CARDS.load
default_cards = CARDS.default
