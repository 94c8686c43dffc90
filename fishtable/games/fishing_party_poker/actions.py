"""Fishing Party Poker actions: a pydantic discriminated union that round-trips through JSON.

Betting is fixed-limit (FP-Q-29), so no action carries an amount: a bet or a
raise is always the round's bet size (or all a player has left). Cards are
named by their public ids ("C017").
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Literal

from pydantic import Field

from fishtable.engine.actions import ActionModel, ActionSet
from fishtable.engine.fast import trusted


class Check(ActionModel):
    """Bet nothing when nobody has bet this round."""

    kind: Literal["check"] = "check"


class Bet(ActionModel):
    """Open the betting with the round's bet size."""

    kind: Literal["bet"] = "bet"


class Call(ActionModel):
    """Match the highest bet of the round (or put in every chip left)."""

    kind: Literal["call"] = "call"


class Raise(ActionModel):
    """Match the highest bet and add the round's bet size."""

    kind: Literal["raise"] = "raise"


class Fold(ActionModel):
    """Give up the hand and any claim to the pot."""

    kind: Literal["fold"] = "fold"


class Swap(ActionModel):
    """Give up the hand card `give` and take the community card `take` in its place."""

    kind: Literal["swap"] = "swap"
    give: str = Field(min_length=1, max_length=12)
    take: str = Field(min_length=1, max_length=12)


class KeepHand(ActionModel):
    """Decline the swap."""

    kind: Literal["keep"] = "keep"


class Deal(ActionModel):
    """The next dealer collects the cards and deals the next hand."""

    kind: Literal["deal"] = "deal"


class StopSession(ActionModel):
    """The table stops: this hand is played to its end, then the standings are final.

    Never among the legal actions: the app applies it, from any seat, when the
    players choose to stop.
    """

    kind: Literal["stop_session"] = "stop_session"


Action = Annotated[
    Check | Bet | Call | Raise | Fold | Swap | KeepHand | Deal | StopSession,
    Field(discriminator="kind"),
]
ACTIONS: ActionSet[Action] = ActionSet(Action)

# Actions without fields are values: one shared instance each.
CHECK = Check()
BET = Bet()
CALL = Call()
RAISE = Raise()
FOLD = Fold()
KEEP = KeepHand()
DEAL = Deal()


@lru_cache(maxsize=65536)
def swap(give: str, take: str) -> Swap:
    """A Swap the engine enumerated itself (see engine/fast.py)."""
    return trusted(Swap, kind="swap", give=give, take=take)


parse_action = ACTIONS.parse
