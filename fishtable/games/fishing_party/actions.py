"""Fishing Party actions: a pydantic discriminated union that round-trips through JSON.

Cards are named by their public id ("F07"). Free actions (a lure, a permanent
card, Goggles) come before the move; a move is an exchange with the draw pile,
a swap with the table, a special card, a fish attempt, or a pass. Exchanges and
swaps are chosen first, then built one card at a time (a swap: take a table card,
then give one for it), so a menu never lists hundreds of choices.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import Field

from fishtable.engine.actions import ActionModel, ActionSet
from fishtable.engine.fast import trusted

CardId = Annotated[str, Field(min_length=1, max_length=8)]
Seat = Annotated[int, Field(ge=0, le=63)]


class CardAction(ActionModel):
    """An action that names one card (by its id); each kind below narrows `kind` to its own name."""

    kind: str
    card: CardId


# -- Free actions, at the beginning of the turn (FP-MOVE-7, FP-SPECIAL-5, FP-SPECIAL-15, FP-Q-18) --


class PlaceLure(CardAction):
    """Put this lure (or Magic Lure) in front of you; a lure already there goes back to your hand."""

    kind: Literal["place_lure"] = "place_lure"


class PlacePermanent(CardAction):
    """Lay a permanent card (GPS, Glove, Spray Bottle) face up in front of you."""

    kind: Literal["permanent"] = "permanent"


class PlayGoggles(CardAction):
    """Clear the six table cards and lay six new ones."""

    kind: Literal["goggles"] = "goggles"


# -- The move (FP-MOVE-2) ----------------------------------------------------------------------


class StartExchange(ActionModel):
    """Move: exchange one to three cards with the draw pile (the cards are chosen next)."""

    kind: Literal["start_exchange"] = "start_exchange"


class Exchange(CardAction):
    """Put this card aside to exchange it with the draw pile (up to three, then draw)."""

    kind: Literal["exchange"] = "exchange"


class DrawBack(ActionModel):
    """End an exchange: the cards put aside go to the discard pile, as many are drawn."""

    kind: Literal["draw_back"] = "draw_back"


class StartSwap(ActionModel):
    """Move: swap one to three cards with the table (the pairs are chosen next)."""

    kind: Literal["start_swap"] = "start_swap"


class Take(CardAction):
    """Swap with the table: take this table card into your hand (a card of yours goes in its place)."""

    kind: Literal["take"] = "take"


class Give(CardAction):
    """Swap with the table: lay this card of your hand where the card you took lay."""

    kind: Literal["give"] = "give"


class SwapDone(ActionModel):
    """End a table swap (after one, two or three pairs)."""

    kind: Literal["swap_done"] = "swap_done"


class PlayRod(CardAction):
    """Lay a Fishing Rod in front of you, with a lure from your hand at the same time if you like."""

    kind: Literal["rod"] = "rod"
    lure: CardId | None = None


class FirstAid(CardAction):
    """Cancel the Ouch on you with a First Aid Kit."""

    kind: Literal["first_aid"] = "first_aid"


class GiveUnlucky(CardAction):
    """Play an Ouch, a Tire or a Snap on another player."""

    kind: Literal["unlucky"] = "unlucky"
    target: Seat


class Fish(CardAction):
    """Put this fish down beside your lure and roll the die to catch it."""

    kind: Literal["fish"] = "fish"


class Pass(ActionModel):
    """End your turn without a (further) move."""

    kind: Literal["pass"] = "pass"


# -- Out of turn and after the roll --------------------------------------------------------------


class LetRoll(ActionModel):
    """No Broken Line from me: let the die be rolled."""

    kind: Literal["let_roll"] = "let_roll"


class BreakLine(CardAction):
    """Play a Broken Line on the player about to roll (FP-SPECIAL-12, FP-Q-16)."""

    kind: Literal["broken_line"] = "broken_line"


class Spray(ActionModel):
    """Spray Bottle: count the roll as one more (+1), one less (-1), or as rolled (0)."""

    kind: Literal["spray"] = "spray"
    change: Literal[-1, 0, 1]


class Discard(CardAction):
    """Discard a card face down, down to your hand size (FP-Q-15)."""

    kind: Literal["discard"] = "discard"


class TimeUp(ActionModel):
    """The agreed time has run out (applied by the app's clock, never offered as a choice)."""

    kind: Literal["time_up"] = "time_up"


Action = Annotated[
    PlaceLure | PlacePermanent | PlayGoggles | StartExchange | Exchange | DrawBack | StartSwap | Take | Give
    | SwapDone | PlayRod | FirstAid
    | GiveUnlucky | Fish | Pass | LetRoll | BreakLine | Spray | Discard | TimeUp,
    Field(discriminator="kind"),
]
ACTIONS: ActionSet[Action] = ActionSet(Action)

FREE_KINDS = frozenset({"place_lure", "permanent", "goggles"})


parse_action = ACTIONS.parse


class ReadyActions:
    """The actions a game enumerates, built once per card (by card id) and reused: they are immutable."""

    __slots__ = (
        "breaks",
        "discard",
        "exchange",
        "first_aid",
        "fish",
        "give",
        "goggles",
        "lure",
        "permanent",
        "rods",
        "take",
        "unlucky",
    )

    def __init__(self, cids: Sequence[str]) -> None:
        self.exchange = [trusted(Exchange, kind="exchange", card=c) for c in cids]
        self.fish = [trusted(Fish, kind="fish", card=c) for c in cids]
        self.first_aid = [trusted(FirstAid, kind="first_aid", card=c) for c in cids]
        self.goggles = [trusted(PlayGoggles, kind="goggles", card=c) for c in cids]
        self.lure = [trusted(PlaceLure, kind="place_lure", card=c) for c in cids]
        self.permanent = [trusted(PlacePermanent, kind="permanent", card=c) for c in cids]
        self.discard = [trusted(Discard, kind="discard", card=c) for c in cids]
        self.breaks = [trusted(BreakLine, kind="broken_line", card=c) for c in cids]
        self.take = [trusted(Take, kind="take", card=c) for c in cids]
        self.give = [trusted(Give, kind="give", card=c) for c in cids]
        self.rods: dict[tuple[int, int], PlayRod] = {}
        self.unlucky: dict[tuple[int, int], GiveUnlucky] = {}
