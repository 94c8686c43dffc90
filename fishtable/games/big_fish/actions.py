"""Big Fish actions: a pydantic discriminated union that round-trips through JSON.

Cards are named by their public ids ("F07" for a fish card, "W03" for a wild
card); seats by their 0-based index, as everywhere in the protocol.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from fishtable.engine.fast import trusted


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Place(_Action):
    """Opening placement, one fish at a time: put this fish card in at this size (BF-SETUP-14, BF-Q-4)."""

    kind: Literal["place"] = "place"
    card: str
    size: Literal["big", "medium", "juvenile"]


class TakeFaceUp(_Action):
    """Draw step: take this Face-Up Card."""

    kind: Literal["take_face_up"] = "take_face_up"
    card: str


class DrawDeck(_Action):
    """Draw step (or an event): draw the top card of the Draw Deck."""

    kind: Literal["draw_deck"] = "draw_deck"


class Spawn(_Action):
    """Spawn step (or a spawning event): put this fish card from hand into the Fishing Spot as Larval."""

    kind: Literal["spawn"] = "spawn"
    card: str


class Grow(_Action):
    """Grow step (or a growing event): grow this fish of your Fishing Spot one size."""

    kind: Literal["grow"] = "grow"
    fish: str


class Catch(_Action):
    """Catch step: move this fish of your Fishing Spot into your Ice Box at its size."""

    kind: Literal["catch"] = "catch"
    fish: str


class PlayWild(_Action):
    """Wild step: play this wild card. Targets only for the black cards that need them.

    steal: `seat` and `fish` (their fish); swap: `mine` (your fish), `seat` and `fish`.
    """

    kind: Literal["play_wild"] = "play_wild"
    card: str
    seat: int | None = None
    fish: str | None = None
    mine: str | None = None


class Discard(_Action):
    """Discard this card from your hand (hand limit, or an event)."""

    kind: Literal["discard"] = "discard"
    card: str


class Remove(_Action):
    """An event: remove this fish of your Fishing Spot to the discard pile."""

    kind: Literal["remove"] = "remove"
    fish: str


class Shrink(_Action):
    """A black card played on you: which of your fish shrinks."""

    kind: Literal["shrink"] = "shrink"
    fish: str


class Done(_Action):
    """Stop here: end this step (or pass on an optional choice)."""

    kind: Literal["done"] = "done"


Action = Annotated[
    Place | TakeFaceUp | DrawDeck | Spawn | Grow | Catch | PlayWild | Discard | Remove | Shrink | Done,
    Field(discriminator="kind"),
]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)


def parse_action(data: object) -> Action:
    return ACTION_ADAPTER.validate_python(data)


# Actions the engine enumerates are immutable, so playouts reuse one instance per card.
DONE = trusted(Done, kind="done")
DRAW_DECK = trusted(DrawDeck, kind="draw_deck")
_FIELD = {"take_face_up": "card", "spawn": "card", "discard": "card", "grow": "fish", "catch": "fish",
          "remove": "fish", "shrink": "fish"}
OneCard = TakeFaceUp | Spawn | Discard | Grow | Catch | Remove | Shrink  # the actions naming one card
_CLASS: dict[str, type[OneCard]] = {"take_face_up": TakeFaceUp, "spawn": Spawn, "discard": Discard, "grow": Grow,
                                    "catch": Catch, "remove": Remove, "shrink": Shrink}


class _OneCard(dict[str, OneCard]):
    """The actions of one kind naming one card, by card id, each built on first use."""

    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, cid: str) -> OneCard:
        kind = self.kind
        action = self[cid] = trusted(_CLASS[kind], kind=kind, **{_FIELD[kind]: cid})
        return action


# ONE_CARD[kind][cid]: what `legal_actions` reads in its loops, without a call per card.
ONE_CARD = {kind: _OneCard(kind) for kind in _CLASS}


def one_card(kind: str, cid: str) -> OneCard:
    """The cached action of `kind` naming one card."""
    return ONE_CARD[kind][cid]


_PLAYS: dict[tuple[str, int | None, str | None, str | None], PlayWild] = {}


def play_wild(card: str, seat: int | None = None, fish: str | None = None, mine: str | None = None) -> PlayWild:
    key = (card, seat, fish, mine)
    action = _PLAYS.get(key)
    if action is None:
        if len(_PLAYS) > 100_000:
            _PLAYS.clear()
        action = _PLAYS[key] = trusted(PlayWild, kind="play_wild", card=card, seat=seat, fish=fish, mine=mine)
    return action


_PLACES: dict[tuple[str, str], Place] = {}


def place(card: str, size: str) -> Place:
    key = (card, size)
    action = _PLACES.get(key)
    if action is None:
        if len(_PLACES) > 10_000:
            _PLACES.clear()
        action = _PLACES[key] = trusted(Place, kind="place", card=card, size=size)
    return action
