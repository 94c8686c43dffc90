"""Crazy Fishing card data: the file format, its validation, and the card table.

The printed values live in `assets/crazy_fishing/cards.json`; nothing here
assumes them. Files are read strictly (see `fishtable.engine.files`: a
regular file, capped, strict JSON; here also no "5" for 5, no control
characters in names, a sane number of cards), and card data with which some
fish could never be caught is refused. A malformed file is refused with a
message naming the card and the field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from fishtable.engine.cards import CardSource, CardWording
from fishtable.engine.text import check_plain

CARD_FORMAT = "fishtable-crazy-fishing-cards"
INFINITE = 10**9  # the Most Tempting Bait: larger than any possible sum of sizes

_BACK = re.compile(r"^(\?|([0-9]{1,2})-([0-9]{1,2}))$")

MAX_FILE_BYTES = 256 * 1024
MAX_NAME = 40  # characters in a card name
MAX_FISH = 40  # ordinary fish entries: the sea and its labels stay readable
MAX_OOS_FISH = 20
MAX_OOS_RODS = 4
MAX_DECK = 80  # rod or bait cards, copies included
MAX_COPIES = 20
CAST_BAITS = 5  # a hand holds 6 cards and a cast that fishes needs a rod: at most 5 baits

FishKind = Literal["fish", "boot", "pearl", "monster"]
OosEffect = Literal[
    "golden_fish",
    "pair_of_fish",
    "prawn",
    "sustainable_fishing",
    "smart_bream",
    "useless_fish",
    "puffer_fish",
    "crab",
    "moray_eel",
]
EFFECT_TIMING: dict[str, str] = {
    "golden_fish": "limited duration",
    "pair_of_fish": "instant",
    "prawn": "end of game",
    "sustainable_fishing": "instant",
    "smart_bream": "instant",
    "useless_fish": "limited duration",
    "puffer_fish": "instant",
    "crab": "limited duration",
    "moray_eel": "limited duration",
}
RodSpecial = Literal["super_fast_reel", "fish_finder", "rodiest_rod"]
BaitSpecial = Literal["most_tempting", "bait_bucket", "turbulent"]


class _Spec(BaseModel):
    # Strict: a card file says 5, not "5" or 5.0 or true.
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    @field_validator("name", check_fields=False)
    @classmethod
    def _plain_name(cls, name: str) -> str:
        return check_name(name)


def check_name(name: str) -> str:
    """A card name is shown on every screen: not blank, and the engine's rule (`engine.text`)."""
    if not name.strip():
        raise ValueError("a name must not be blank")
    return check_plain(name, "the name")


def _check_back(back: str, size: int, name: str) -> None:
    match = _BACK.match(back)
    if match is None:
        raise ValueError(f"back clue {back!r} must be a range like '2-4' or '?'")
    if match.group(2) is not None:
        low, high = int(match.group(2)), int(match.group(3))
        if not low <= size <= high:
            raise ValueError(f"back clue {back!r} does not contain the size {size} of {name}")


class FishSpec(_Spec):
    name: str = Field(min_length=1, max_length=MAX_NAME)
    kind: FishKind = "fish"
    size: int = Field(ge=0, le=99)
    back: str
    three_plus: bool = False

    @model_validator(mode="after")
    def _back_fits(self) -> FishSpec:
        _check_back(self.back, self.size, self.name)
        return self


class OosFishSpec(_Spec):
    name: str = Field(min_length=1, max_length=MAX_NAME)
    size: int = Field(ge=0, le=99)
    effect: OosEffect
    back: str

    @model_validator(mode="after")
    def _back_fits(self) -> OosFishSpec:
        _check_back(self.back, self.size, self.name)
        return self


class RodSpec(_Spec):
    name: str = Field(default="Rod", min_length=1, max_length=MAX_NAME)
    speed: int = Field(ge=0, le=99)
    plus: bool = False
    special: RodSpecial | None = None
    three_plus: bool = False
    copies: int = Field(default=1, ge=1, le=MAX_COPIES)


class OosRodSpec(_Spec):
    name: str = Field(default="Out-of-Series Rod", min_length=1, max_length=MAX_NAME)
    speed: int = Field(ge=0, le=99)
    plus: bool = False


class BaitSpec(_Spec):
    name: str = Field(default="Bait", min_length=1, max_length=MAX_NAME)
    value: int | None = Field(ge=0, le=99)  # None: infinite (the Most Tempting Bait)
    plus: bool = False
    special: BaitSpecial | None = None
    three_plus: bool = False
    copies: int = Field(default=1, ge=1, le=MAX_COPIES)


class CardFile(_Spec):
    format: Literal["fishtable-crazy-fishing-cards"]
    version: Literal[1]
    fish: list[FishSpec] = Field(min_length=6, max_length=MAX_FISH)
    oos_fish: list[OosFishSpec] = Field(default=[], max_length=MAX_OOS_FISH)
    rods: list[RodSpec] = Field(min_length=1, max_length=MAX_DECK)
    oos_rods: list[OosRodSpec] = Field(default=[], max_length=MAX_OOS_RODS)
    baits: list[BaitSpec] = Field(min_length=1, max_length=MAX_DECK)

    @model_validator(mode="after")
    def _playable(self) -> CardFile:
        for word, specs in (("rod", self.rods), ("bait", self.baits)):
            total = sum(spec.copies for spec in specs)
            if total > MAX_DECK:
                raise ValueError(f"there are {total} {word} cards with their copies; at most {MAX_DECK} are allowed")
        uncatchable = uncatchable_fish(self)
        if uncatchable:
            raise ValueError(uncatchable)
        return self


def biggest_bait(baits: list[BaitSpec], two_players: bool) -> int:
    """The biggest bait one cast can put forward with these bait cards (INFINITE for ∞).

    One bait card alone, or up to CAST_BAITS added together under a '+' bait
    (CF-CAST-6). Two plain baits cast with a Super-Fast Reel never add up
    (CF-Q-8, CF-Q-9), and modifiers and fish used as bait depend on the
    out-of-series cards, so none of them is counted.
    """
    values = []
    plus = []
    for spec in baits:
        if two_players and spec.three_plus:
            continue
        value = INFINITE if spec.value is None else spec.value
        values += [value] * spec.copies
        plus += [spec.plus] * spec.copies
    if not values:
        return 0
    best = max(values)
    if best >= INFINITE:
        return INFINITE
    for i, is_plus in enumerate(plus):
        if is_plus:
            rest = sorted(values[:i] + values[i + 1 :], reverse=True)[: CAST_BAITS - 1]
            best = max(best, values[i] + sum(rest))
    return best


def uncatchable_fish(data: CardFile) -> str | None:
    """Why some fish could never be caught with these cards (so a game might never end), or None."""
    for two_players in (False, True):
        bait = biggest_bait(data.baits, two_players)
        entries: list[tuple[str, int, str, int]] = [
            ("fish", i, f.name, f.size) for i, f in enumerate(data.fish) if not (two_players and f.three_plus)
        ]
        entries += [("out-of-series fish", i, f.name, f.size) for i, f in enumerate(data.oos_fish)]
        for word, i, name, size in entries:
            if size > bait:
                where = " in a two-player game (without the 3+ cards)" if two_players else ""
                return (
                    f"{word} #{i + 1} ({name}, size {size}) could never be caught: the biggest bait one "
                    f"cast can make{where} is {bait}, so a game might never end"
                )
    return None


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card in play. `idx` is its place in the card table."""

    idx: int
    cid: str  # stable public identifier, e.g. "R07"
    type: Literal["fish", "rod", "bait"]
    name: str
    value: int  # size for fish, speed for rods, bait value (INFINITE for ∞)
    plus: bool = False
    special: str | None = None  # rod/bait special, or fish kind/effect
    back: str = ""
    three_plus: bool = False
    oos: bool = False
    # The face text, worked out once: the log names cards at every step of a playout.
    text: str = field(init=False, repr=False, compare=False)
    words: str = field(init=False, repr=False, compare=False)  # a fish in a sentence: "the Hake (5)"

    def __post_init__(self) -> None:
        words = ""
        if self.type == "fish":
            text = f"{self.name} ({self.value})"
            kind = self.fish_kind
            if kind == "boot":
                words = "an Old Boot (0)"
            elif kind == "pearl":
                words = f"a Pearl ({self.value})"
            else:
                # A name with its own article ("A Pair of Fish", "The Golden Fish") takes no other.
                article = "" if self.name.split(" ", 1)[0] in {"A", "An", "The"} else "the "
                words = f"{article}{text}"
        else:
            value = "∞" if self.value >= INFINITE else str(self.value)
            text = f"{value}{'+' if self.plus else ''}"
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "words", words)

    @property
    def label(self) -> str:
        return self.text

    @property
    def fish_kind(self) -> str:
        return "oos" if self.oos else (self.special or "fish")


WORDING = CardWording(
    title="Crazy Fishing",
    card_format=CARD_FORMAT,
    sections={"fish": ("fish", "name"), "oos_fish": ("out-of-series fish", "name"), "rods": ("rod", "name"),
              "oos_rods": ("out-of-series rod", "name"), "baits": ("bait", "name")},
    numbered=False,
)


CARDS = CardSource(CardFile, "crazy_fishing", WORDING, max_bytes=MAX_FILE_BYTES)
validate_card_data = CARDS.parse_data  # a file's JSON, or the cards a save carries
parse_card_file = CARDS.parse_text
default_card_path = CARDS.default_path
load_card_file = CARDS.load  # regular file, capped, strict JSON; once per version of it
