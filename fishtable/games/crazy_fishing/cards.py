"""Crazy Fishing card data: the file format, its validation, and the card table.

The printed values live in `assets/crazy_fishing/cards.json`; nothing here
assumes them. A malformed file is refused with a message naming the card and
the field.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from fishtable.assets import asset_path
from fishtable.engine.errors import CardFileError

CARD_FORMAT = "fishtable-crazy-fishing-cards"
INFINITE = 10**9  # the Most Tempting Bait: larger than any possible sum of sizes

_BACK = re.compile(r"^(\?|(\d+)-(\d+))$")

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
    model_config = ConfigDict(extra="forbid", frozen=True)


def _check_back(back: str, size: int, name: str) -> None:
    match = _BACK.match(back)
    if match is None:
        raise ValueError(f"back clue {back!r} must be a range like '2-4' or '?'")
    if match.group(2) is not None:
        low, high = int(match.group(2)), int(match.group(3))
        if not low <= size <= high:
            raise ValueError(f"back clue {back!r} does not contain the size {size} of {name}")


class FishSpec(_Spec):
    name: str = Field(min_length=1)
    kind: FishKind = "fish"
    size: int = Field(ge=0, le=99)
    back: str
    three_plus: bool = False

    @model_validator(mode="after")
    def _back_fits(self) -> FishSpec:
        _check_back(self.back, self.size, self.name)
        return self


class OosFishSpec(_Spec):
    name: str = Field(min_length=1)
    size: int = Field(ge=0, le=99)
    effect: OosEffect
    back: str

    @model_validator(mode="after")
    def _back_fits(self) -> OosFishSpec:
        _check_back(self.back, self.size, self.name)
        return self


class RodSpec(_Spec):
    name: str = "Rod"
    speed: int = Field(ge=0, le=99)
    plus: bool = False
    special: RodSpecial | None = None
    three_plus: bool = False
    copies: int = Field(default=1, ge=1, le=20)


class OosRodSpec(_Spec):
    name: str = "Out-of-Series Rod"
    speed: int = Field(ge=0, le=99)
    plus: bool = False


class BaitSpec(_Spec):
    name: str = "Bait"
    value: int | None = Field(ge=0, le=99)  # None: infinite (the Most Tempting Bait)
    plus: bool = False
    special: BaitSpecial | None = None
    three_plus: bool = False
    copies: int = Field(default=1, ge=1, le=20)


class CardFile(_Spec):
    format: Literal["fishtable-crazy-fishing-cards"]
    version: Literal[1]
    fish: list[FishSpec] = Field(min_length=6)
    oos_fish: list[OosFishSpec] = []
    rods: list[RodSpec] = Field(min_length=1)
    oos_rods: list[OosRodSpec] = []
    baits: list[BaitSpec] = Field(min_length=1)


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

    @property
    def label(self) -> str:
        if self.type == "fish":
            return f"{self.name} ({self.value})"
        value = "∞" if self.value >= INFINITE else str(self.value)
        return f"{value}{'+' if self.plus else ''}"

    @property
    def fish_kind(self) -> str:
        return "oos" if self.oos else (self.special or "fish")


def _describe(raw: object, section: str, index: int) -> str:
    singular = {"fish": "fish", "oos_fish": "out-of-series fish", "rods": "rod",
                "oos_rods": "out-of-series rod", "baits": "bait"}.get(section, section)
    name = ""
    if isinstance(raw, dict):
        items = raw.get(section)
        if isinstance(items, list) and index < len(items) and isinstance(items[index], dict):
            name = str(items[index].get("name", ""))
    return f"{singular} #{index + 1}" + (f" ({name})" if name else "")


def parse_card_file(text: str, source: str) -> CardFile:
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardFileError(f"{source}: not valid JSON ({exc.msg} at line {exc.lineno}).") from None
    try:
        return CardFile.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = list(err["loc"])
        where = "the file"
        if len(loc) >= 2 and isinstance(loc[1], int):
            where = _describe(raw, str(loc[0]), loc[1])
            loc = loc[2:]
        field = ".".join(str(p) for p in loc)
        detail = err["msg"].removeprefix("Value error, ")
        field_text = f", field '{field}'" if field else ""
        raise CardFileError(f"{source}: {where}{field_text}: {detail}.") from None


def default_card_path() -> Path:
    return asset_path("crazy_fishing", "cards.json")


def load_card_file(path: Path | None = None) -> CardFile:
    path = path or default_card_path()
    if path.exists() and not path.is_file():
        # A folder, or a device such as /dev/zero that reading would never finish.
        raise CardFileError(f"{path}: not a card file (not a regular file).")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CardFileError(f"{path}: cannot be read ({exc}).") from None
    return parse_card_file(text, str(path))
