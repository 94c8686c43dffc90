"""Crazy Fishing actions: a pydantic discriminated union that round-trips through JSON.

Cards in hand or in one's own pile are named by their public id ("R07");
fish in the sea only by their sea label, because their identity is hidden.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from fishtable.engine.actions import ActionModel, ActionSet, Built
from fishtable.engine.fast import trusted


class Cast(ActionModel):
    """Put rods and baits forward face down (a blank cast has only one type)."""

    kind: Literal["cast"] = "cast"
    rods: tuple[str, ...] = ()
    baits: tuple[str, ...] = ()


class FishBait(ActionModel):
    """Out-of-series rod: use this fish from your pile as bait, or None to keep the bait."""

    kind: Literal["fish_bait"] = "fish_bait"
    fish: str | None = None


class Look(ActionModel):
    """Infallible Fish Finder: look at the front of the fish with this sea label."""

    kind: Literal["look"] = "look"
    label: int


class Shuffle(ActionModel):
    """Turbulent Bait: shuffle the sea now."""

    kind: Literal["shuffle"] = "shuffle"


class Attempt(ActionModel):
    """Try to catch these fish (two with a Super-Fast Reel)."""

    kind: Literal["attempt"] = "attempt"
    labels: tuple[int, ...]


class PickBait(ActionModel):
    """A single attempt with several plain baits (a Reel that got one attempt): the one bait card to use."""

    kind: Literal["pick_bait"] = "pick_bait"
    bait: str


class Split(ActionModel):
    """Super-Fast Reel: the bait cards used on the first fish; the rest go on the second."""

    kind: Literal["split"] = "split"
    first: tuple[str, ...]


class PairAttempt(ActionModel):
    """A Pair of Fish: try for another fish with the same bait (None declines)."""

    kind: Literal["pair_attempt"] = "pair_attempt"
    label: int | None = None


class DiscardRod(ActionModel):
    """Puffer Fish: which of your equally fastest rods to discard."""

    kind: Literal["discard_rod"] = "discard_rod"
    rod: str


class EndTurn(ActionModel):
    """Finish the catch turn (declining a remaining Turbulent Bait shuffle)."""

    kind: Literal["end_turn"] = "end_turn"


class Continue(ActionModel):
    """Super-Fast Reel with a Turbulent Bait: go on to the second fish without shuffling."""

    kind: Literal["continue"] = "continue"


class Draw(ActionModel):
    """Collect: how many cards to draw from each deck."""

    kind: Literal["draw"] = "draw"
    rods: int = Field(ge=0)
    baits: int = Field(ge=0)


# The actions the engine built, by their values: they are immutable, and a playout meets the
# same few again and again, so each is built once (not validated: the engine's own values).
_ATTEMPTS: Built[tuple[int, ...], Attempt] = Built(lambda labels: trusted(Attempt, kind="attempt", labels=labels))
_LOOKS: Built[int, Look] = Built(lambda label: trusted(Look, kind="look", label=label))
_DRAWS: Built[tuple[int, int], Draw] = Built(lambda key: trusted(Draw, kind="draw", rods=key[0], baits=key[1]))
_FISH_BAITS: Built[str | None, FishBait] = Built(lambda fish: trusted(FishBait, kind="fish_bait", fish=fish))
_PICK_BAITS: Built[str, PickBait] = Built(lambda bait: trusted(PickBait, kind="pick_bait", bait=bait))
_SPLITS: Built[tuple[str, ...], Split] = Built(lambda first: trusted(Split, kind="split", first=first), limit=10_000)
_PAIRS: Built[int | None, PairAttempt] = Built(lambda label: trusted(PairAttempt, kind="pair_attempt", label=label))
_DISCARDS: Built[str, DiscardRod] = Built(lambda rod: trusted(DiscardRod, kind="discard_rod", rod=rod))


def trusted_cast(rods: tuple[str, ...], baits: tuple[str, ...]) -> Cast:
    """A Cast the engine itself enumerated (dispatch keeps them by compact move)."""
    return trusted(Cast, kind="cast", rods=rods, baits=baits)


def trusted_attempt(labels: tuple[int, ...]) -> Attempt:
    return _ATTEMPTS[labels]


def trusted_look(label: int) -> Look:
    return _LOOKS[label]


def trusted_draw(rods: int, baits: int) -> Draw:
    return _DRAWS[rods, baits]


def trusted_fish_bait(fish: str | None) -> FishBait:
    return _FISH_BAITS[fish]


def trusted_pick_bait(bait: str) -> PickBait:
    return _PICK_BAITS[bait]


def trusted_split(first: tuple[str, ...]) -> Split:
    return _SPLITS[first]


def trusted_pair(label: int | None) -> PairAttempt:
    return _PAIRS[label]


def trusted_discard(rod: str) -> DiscardRod:
    return _DISCARDS[rod]


Action = Annotated[
    Cast | FishBait | Look | Shuffle | Attempt | PickBait | Split | PairAttempt | DiscardRod | EndTurn | Continue
    | Draw,
    Field(discriminator="kind"),
]
ACTIONS: ActionSet[Action] = ActionSet(Action)
parse_action = ACTIONS.parse
