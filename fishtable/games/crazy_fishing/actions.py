"""Crazy Fishing actions: a pydantic discriminated union that round-trips through JSON.

Cards in hand or in one's own pile are named by their public id ("R07");
fish in the sea only by their sea label, because their identity is hidden.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

M = TypeVar("M", bound=BaseModel)


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Cast(_Action):
    """Put rods and baits forward face down (a blank cast has only one type)."""

    kind: Literal["cast"] = "cast"
    rods: tuple[str, ...] = ()
    baits: tuple[str, ...] = ()


class FishBait(_Action):
    """Out-of-series rod: use this fish from your pile as bait, or None to keep the bait."""

    kind: Literal["fish_bait"] = "fish_bait"
    fish: str | None = None


class Look(_Action):
    """Infallible Fish Finder: look at the front of the fish with this sea label."""

    kind: Literal["look"] = "look"
    label: int


class Shuffle(_Action):
    """Turbulent Bait: shuffle the sea now."""

    kind: Literal["shuffle"] = "shuffle"


class Attempt(_Action):
    """Try to catch these fish (two with a Super-Fast Reel)."""

    kind: Literal["attempt"] = "attempt"
    labels: tuple[int, ...]


class PickBait(_Action):
    """A single attempt with several plain baits (a Reel that got one attempt): the one bait card to use."""

    kind: Literal["pick_bait"] = "pick_bait"
    bait: str


class Split(_Action):
    """Super-Fast Reel: the bait cards used on the first fish; the rest go on the second."""

    kind: Literal["split"] = "split"
    first: tuple[str, ...]


class PairAttempt(_Action):
    """A Pair of Fish: try for another fish with the same bait (None declines)."""

    kind: Literal["pair_attempt"] = "pair_attempt"
    label: int | None = None


class DiscardRod(_Action):
    """Puffer Fish: which of your equally fastest rods to discard."""

    kind: Literal["discard_rod"] = "discard_rod"
    rod: str


class EndTurn(_Action):
    """Finish the catch turn (declining a remaining Turbulent Bait shuffle)."""

    kind: Literal["end_turn"] = "end_turn"


class Continue(_Action):
    """Super-Fast Reel with a Turbulent Bait: go on to the second fish without shuffling."""

    kind: Literal["continue"] = "continue"


class Draw(_Action):
    """Collect: how many cards to draw from each deck."""

    kind: Literal["draw"] = "draw"
    rods: int = Field(ge=0)
    baits: int = Field(ge=0)


_new = object.__new__
# A pydantic model's four slots, set straight through their descriptors: an instance
# without validation, for values the engine made itself (see engine/fast.py).
_SLOTS = BaseModel.__dict__
_set_dict = _SLOTS["__dict__"].__set__
_set_fields = _SLOTS["__pydantic_fields_set__"].__set__
_set_extra = _SLOTS["__pydantic_extra__"].__set__
_set_private = _SLOTS["__pydantic_private__"].__set__


def built(cls: type[M], fields: frozenset[str], values: dict[str, Any]) -> M:
    """An instance of the frozen model `cls` holding `values` (every field), not validated."""
    obj = _new(cls)
    _set_dict(obj, values)
    _set_fields(obj, fields)
    _set_extra(obj, None)
    _set_private(obj, None)
    return obj


CAST_FIELDS = frozenset(Cast.model_fields)
_ATTEMPT_FIELDS = frozenset(Attempt.model_fields)
_LOOK_FIELDS = frozenset(Look.model_fields)
_DRAW_FIELDS = frozenset(Draw.model_fields)


def trusted_cast(rods: tuple[str, ...], baits: tuple[str, ...]) -> Cast:
    """A Cast the engine itself enumerated, built inline: the hottest path."""
    return built(Cast, CAST_FIELDS, {"kind": "cast", "rods": rods, "baits": baits})


def trusted_attempt(labels: tuple[int, ...]) -> Attempt:
    return built(Attempt, _ATTEMPT_FIELDS, {"kind": "attempt", "labels": labels})


def trusted_look(label: int) -> Look:
    return built(Look, _LOOK_FIELDS, {"kind": "look", "label": label})


def trusted_draw(rods: int, baits: int) -> Draw:
    return built(Draw, _DRAW_FIELDS, {"kind": "draw", "rods": rods, "baits": baits})


ACTION_TYPES = (
    Cast, FishBait, Look, Shuffle, Attempt, PickBait, Split, PairAttempt, DiscardRod, EndTurn, Continue, Draw,
)

Action = Annotated[
    Cast | FishBait | Look | Shuffle | Attempt | PickBait | Split | PairAttempt | DiscardRod | EndTurn | Continue
    | Draw,
    Field(discriminator="kind"),
]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)


def parse_action(data: object) -> Action:
    return ACTION_ADAPTER.validate_python(data)
