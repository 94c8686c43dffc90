"""Big Fish actions: a pydantic discriminated union that round-trips through JSON.

Cards are named by their public ids ("F07" for a fish card, "W03" for a wild
card); seats by their 0-based index, as everywhere in the protocol.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Literal

from pydantic import Field

from fishtable.engine.actions import ActionModel, ActionSet, Built
from fishtable.engine.fast import trusted


class CardAction(ActionModel):
    """An action naming one card by its id: in the acting seat's hand, or a Face-Up Card."""

    kind: str
    card: str


class FishAction(ActionModel):
    """An action naming one fish of the acting seat's Fishing Spot by its card id."""

    kind: str
    fish: str


class Place(ActionModel):
    """Opening placement, one fish at a time: put this fish card in at this size (BF-SETUP-14, BF-Q-4)."""

    kind: Literal["place"] = "place"
    card: str
    size: Literal["big", "medium", "juvenile"]


class TakeFaceUp(CardAction):
    """Draw step: take this Face-Up Card."""

    kind: Literal["take_face_up"] = "take_face_up"


class DrawDeck(ActionModel):
    """Draw step (or an event): draw the top card of the Draw Deck."""

    kind: Literal["draw_deck"] = "draw_deck"


class Spawn(CardAction):
    """Spawn step (or a spawning event): put this fish card from hand into the Fishing Spot as Larval."""

    kind: Literal["spawn"] = "spawn"


class Grow(FishAction):
    """Grow step (or a growing event): grow this fish of your Fishing Spot one size."""

    kind: Literal["grow"] = "grow"


class Catch(FishAction):
    """Catch step: move this fish of your Fishing Spot into your Ice Box at its size."""

    kind: Literal["catch"] = "catch"


class PlayWild(ActionModel):
    """Wild step: play this wild card. Targets only for the black cards that need them.

    steal: `seat` and `fish` (their fish); swap: `mine` (your fish), `seat` and `fish`.
    """

    kind: Literal["play_wild"] = "play_wild"
    card: str
    seat: int | None = None
    fish: str | None = None
    mine: str | None = None


class Discard(CardAction):
    """Discard this card from your hand (hand limit, or an event)."""

    kind: Literal["discard"] = "discard"


class Remove(FishAction):
    """An event: remove this fish of your Fishing Spot to the discard pile."""

    kind: Literal["remove"] = "remove"


class Shrink(FishAction):
    """A black card played on you: which of your fish shrinks."""

    kind: Literal["shrink"] = "shrink"


class Done(ActionModel):
    """Stop here: end this step (or pass on an optional choice)."""

    kind: Literal["done"] = "done"


Action = Annotated[
    Place | TakeFaceUp | DrawDeck | Spawn | Grow | Catch | PlayWild | Discard | Remove | Shrink | Done,
    Field(discriminator="kind"),
]
ACTIONS: ActionSet[Action] = ActionSet(Action)
parse_action = ACTIONS.parse

# Actions the engine enumerates are immutable, so playouts reuse one instance per card.
DONE = trusted(Done, kind="done")
DRAW_DECK = trusted(DrawDeck, kind="draw_deck")
OneCard = TakeFaceUp | Spawn | Discard | Grow | Catch | Remove | Shrink  # the actions naming one card
_ONE_CARD: tuple[type[OneCard], ...] = (TakeFaceUp, Spawn, Discard, Grow, Catch, Remove, Shrink)


def _one_card_builder(cls: type[OneCard]) -> Callable[[str], OneCard]:
    kind = cls.model_fields["kind"].default
    field = "card" if issubclass(cls, CardAction) else "fish"
    return lambda cid: trusted(cls, kind=kind, **{field: cid})


# ONE_CARD[kind][cid]: what `legal_actions` reads in its loops, without a call per card.
ONE_CARD: dict[str, Built[str, OneCard]] = {
    cls.model_fields["kind"].default: Built(_one_card_builder(cls)) for cls in _ONE_CARD
}


def one_card(kind: str, cid: str) -> OneCard:
    """The cached action of `kind` naming one card."""
    return ONE_CARD[kind][cid]


# PLAYS[card, seat, fish, mine]: what `legal_actions` reads in its loops, without a call per target.
PLAYS: Built[tuple[str, int | None, str | None, str | None], PlayWild] = Built(
    lambda key: trusted(PlayWild, kind="play_wild", card=key[0], seat=key[1], fish=key[2], mine=key[3]),
    limit=100_000,
)


def play_wild(card: str, seat: int | None = None, fish: str | None = None, mine: str | None = None) -> PlayWild:
    return PLAYS[card, seat, fish, mine]


# PLACES[card, size]: what `legal_actions` reads in its loop, without a call per placement.
PLACES: Built[tuple[str, str], Place] = Built(lambda key: trusted(Place, kind="place", card=key[0], size=key[1]),
                                               limit=10_000)


def place(card: str, size: str) -> Place:
    return PLACES[card, size]
