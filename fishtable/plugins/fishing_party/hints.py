"""Why the hint likes a move, in Fishing Party's words: the fish it tries for, the player it
blocks, the card it takes; GameUI.hint_reason
adds the chance."""

from __future__ import annotations

from fishtable.games.fishing_party.actions import (
    BreakLine,
    Discard,
    Exchange,
    Fish,
    GiveUnlucky,
    PlaceLure,
    PlayGoggles,
    PlayRod,
    Spray,
    Take,
)
from fishtable.games.fishing_party.views import FishingPartyView
from fishtable.tui.plugin import card_words


def goal(action: object, view: FishingPartyView) -> str | None:
    """What the move is for, or None to say only what it is."""
    if isinstance(action, Fish):
        me = view.seats[view.seat] if view.seat is not None else None
        lure = f" with your {me.lure.name}" if me is not None and me.lure is not None else ""
        return f"try for the {card_words(view, action.card)}{lure}: caught, it goes into your Fish Pond"
    if isinstance(action, GiveUnlucky):
        target = view.seats[action.target].name
        return f"play the {card_words(view, action.card)} on {target} to hold back their fishing"
    if isinstance(action, BreakLine):
        return "break the line: the fish and the lure are lost to the player fishing"
    if isinstance(action, PlaceLure):
        return f"put on the {card_words(view, action.card)} for the kinds it catches"
    if isinstance(action, PlayRod):
        return "lay a rod, so that you can fish"
    if isinstance(action, PlayGoggles):
        return "six new table cards to choose from"
    if isinstance(action, Take):
        return f"take the {card_words(view, action.card)} from the table"
    if isinstance(action, Exchange):
        return f"trade the {card_words(view, action.card)} for an unseen card from the draw pile"
    if isinstance(action, Discard):
        return f"let go of the {card_words(view, action.card)}, the card you need least"
    if isinstance(action, Spray):
        return "change the roll" if action.change else "leave the roll as it is"
    return None

