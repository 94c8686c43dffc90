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
# The pickle state (`__getstate__`) of one instance of each action class with every field
# set: an instance built here copies it with its own values and is filled through the
# pickle protocol (`__setstate__`), as engine.events makes events. No validation, and no
# pydantic internal named: for values the engine made itself, on the playout hot path.
_BLANKS: dict[type[BaseModel], dict[str, Any]] = {}


def built(cls: type[M], values: dict[str, Any]) -> M:
    """An instance of the frozen model `cls` holding `values` (every field), not validated."""
    blank = _BLANKS.get(cls)
    if blank is None:
        blank = _BLANKS[cls] = cls(**values).__getstate__()
    obj = _new(cls)
    state = blank.copy()
    state["__dict__"] = values
    obj.__setstate__(state)
    return obj


# The actions the engine built, by their values: they are immutable, and a playout meets the
# same few again and again, so each is built once.
_ATTEMPTS: dict[tuple[int, ...], Attempt] = {}
_LOOKS: dict[int, Look] = {}
_DRAWS: dict[tuple[int, int], Draw] = {}


def trusted_cast(rods: tuple[str, ...], baits: tuple[str, ...]) -> Cast:
    """A Cast the engine itself enumerated (dispatch keeps them by compact move)."""
    return built(Cast, {"kind": "cast", "rods": rods, "baits": baits})


def trusted_attempt(labels: tuple[int, ...]) -> Attempt:
    action = _ATTEMPTS.get(labels)
    if action is None:
        action = _ATTEMPTS[labels] = built(Attempt, {"kind": "attempt", "labels": labels})
    return action


def trusted_look(label: int) -> Look:
    action = _LOOKS.get(label)
    if action is None:
        action = _LOOKS[label] = built(Look, {"kind": "look", "label": label})
    return action


def trusted_draw(rods: int, baits: int) -> Draw:
    key = (rods, baits)
    action = _DRAWS.get(key)
    if action is None:
        action = _DRAWS[key] = built(Draw, {"kind": "draw", "rods": rods, "baits": baits})
    return action


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
