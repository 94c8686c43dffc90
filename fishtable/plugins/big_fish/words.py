"""Actions in player words for the lists of choices.

The engine's descriptions (`fishtable.games.big_fish.describe`) are used as
they are, except where a card is named: there the app writes the card the
way the table shows it, a fish with its points per size ("L0 J1 M3 B5") and
a wild card with its colour and step ("purple · Spawn").
"""

from __future__ import annotations

from fishtable.games.big_fish.actions import Action, CardAction, Place, PlayWild
from fishtable.games.big_fish.describe import describe as engine_describe
from fishtable.games.big_fish.views import BigFishView, CardFace
from fishtable.plugins.big_fish.faces import points_text, wild_kind

TEMPLATES = {
    "take_face_up": "Take {card} from the Face-Up Cards",
    "spawn": "Spawn {card} as a Larval fish",
    "discard": "Discard {card}",
}


def card_words(card: CardFace, hard: bool = False) -> str:
    """A card in a choice's words; the bag limit only in hard mode, the only game it binds."""
    if card.type == "fish":
        return f"{card.name} ({points_text(card.points)}{', bag limit' if hard and card.bag else ''})"
    return f"{card.name} ({wild_kind(card)})"


def describe(action: Action, view: BigFishView) -> str:
    kind = action.kind
    cards = {c.id: c for c in (*view.face_up, *(view.hand or ()))}
    # the card an action names from a hand or the Face-Up Cards (a fish is named by its spot's card)
    named = action.card if isinstance(action, (Place, CardAction, PlayWild)) else None
    card = cards.get(named or "")
    if card is not None and kind in TEMPLATES:
        return TEMPLATES[kind].format(card=card_words(card, view.hard_mode))
    if card is not None and isinstance(action, PlayWild) and action.fish is None:
        lasting = " Works from your next turn." if card.step else ""
        return f"Play {card.name} ({wild_kind(card)}): {card.text}{lasting}"
    if card is not None and isinstance(action, Place):
        return f"Place {card_words(card, view.hard_mode)} as your {action.size.capitalize()} Fish"
    return engine_describe(action, view)
