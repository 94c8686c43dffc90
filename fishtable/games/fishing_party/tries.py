"""What a Fishing Party seat might try now, card by card, legal or not.

A menu sets these beside the legal actions, to say (by `apply`'s refusal) why the others
are not possible. Read from the seat's view alone.
"""

from __future__ import annotations

from fishtable.games.fishing_party.actions import (
    Action,
    DrawBack,
    Exchange,
    FirstAid,
    Fish,
    Give,
    GiveUnlucky,
    PlaceLure,
    PlacePermanent,
    PlayGoggles,
    PlayRod,
    Spray,
    StartExchange,
    StartSwap,
    SwapDone,
    Take,
)
from fishtable.games.fishing_party.views import FishingPartyView

# The action a hand card is tried with, by its type or else by its group.
_BY_TYPE: dict[str, type[Fish | PlayRod | FirstAid | PlayGoggles]] = {
    "fish": Fish, "rod": PlayRod, "first_aid_kit": FirstAid, "goggles": PlayGoggles,
}
_BY_GROUP: dict[str, type[PlaceLure | PlacePermanent]] = {"lure": PlaceLure, "permanent": PlacePermanent}
_UNLUCKY_TYPES = ("ouch", "tire", "snap")


def tries(view: FishingPartyView, kind: str, seat: int) -> list[Action]:
    """What the seat might try now (`kind`: its prompt's), card by card, legal or not: what a menu
    sets beside the legal actions, to say (by `apply`'s refusal) why the others are not possible."""
    hand = view.hand or ()
    if kind in ("turn", "move"):
        out: list[Action] = [StartExchange(), StartSwap()]
        for card in hand:
            if card.type in _BY_TYPE:
                out.append(_BY_TYPE[card.type](card=card.id))
            elif card.group in _BY_GROUP:
                out.append(_BY_GROUP[card.group](card=card.id))
            elif card.type in _UNLUCKY_TYPES:
                out += [GiveUnlucky(card=card.id, target=s) for s in range(len(view.seats)) if s != seat]
        return out
    if kind == "exchange":
        return [*(Exchange(card=c.id) for c in hand), DrawBack()]
    if kind == "swap":
        return [*(Take(card=c.id) for c in view.table), SwapDone()]
    if kind == "give":
        return [Give(card=c.id) for c in hand]
    if kind == "spray":
        return [Spray(change=0), Spray(change=-1), Spray(change=1)]
    return []
