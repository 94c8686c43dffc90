"""What a rod or a bait in hand is worth to keep, against an average card drawn to replace it.

One measure for the greedy player (how much a cast spends) and for the search's `evaluate`
(a seat that spent its best cards is worse off than its score says). It reads a card's
printed fields only, so a face in a view and a card of the engine's table give the same.
"""

from __future__ import annotations

_AVG_BAIT = 3.0
_AVG_ROD = 4.5
_BAIT_WEIGHT = 0.4
_ROD_WEIGHT = 0.15
_SPECIAL_RODS = {"rodiest_rod": 12.0, "super_fast_reel": 6.0, "fish_finder": 5.0}


def bait_quality(value: int | None, plus: bool, special: str | None) -> float:
    """A bait's strength; `value` None is the Most Tempting Bait (infinite)."""
    if value is None:
        return 12.0
    return value + (1.0 if plus else 0.0) + (0.5 if special == "bait_bucket" else 0.0)


def rod_quality(speed: int, plus: bool, special: str | None) -> float:
    special_quality = _SPECIAL_RODS.get(special or "")
    return special_quality if special_quality is not None else speed + (1.0 if plus else 0.0)


def card_worth(type_: str, value: int | None, plus: bool, special: str | None) -> float:
    """Points a card in hand is worth against an average one (negative: worse than average)."""
    if type_ == "bait":
        return _BAIT_WEIGHT * (bait_quality(value, plus, special) - _AVG_BAIT)
    return _ROD_WEIGHT * (rod_quality(value or 0, plus, special) - _AVG_ROD)
