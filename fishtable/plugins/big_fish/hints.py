"""Why the hint likes a move, in Big Fish's words: the fish it catches, grows or spawns, the
card it takes or plays; GameUI.hint_reason
adds the chance."""

from __future__ import annotations

from fishtable.games.big_fish.actions import Catch, Discard, DrawDeck, Grow, Place, PlayWild, Spawn, TakeFaceUp
from fishtable.games.big_fish.views import BigFishView
from fishtable.tui.plugin import card_words


def goal(action: object, view: BigFishView) -> str | None:
    """What the move is for, or None to say only what it is."""
    if isinstance(action, Catch):
        return f"catch the {card_words(view, action.fish)} now: it scores its printed points in your Ice Box"
    if isinstance(action, Grow):
        return f"grow the {card_words(view, action.fish)}: a bigger fish scores more, and a Big one works for you"
    if isinstance(action, Spawn):
        return f"spawn the {card_words(view, action.card)}: a new fish to grow"
    if isinstance(action, Place):
        return f"place the {card_words(view, action.card)} as your {action.size.capitalize()} fish"
    if isinstance(action, TakeFaceUp):
        return f"take the {card_words(view, action.card)} from the face-up row"
    if isinstance(action, DrawDeck):
        return "draw an unseen card from the deck"
    if isinstance(action, PlayWild):
        against = f" against {view.seats[action.seat].name}" if action.seat is not None else ""
        return f"play the {card_words(view, action.card)}{against}"
    if isinstance(action, Discard):
        return f"let go of the {card_words(view, action.card)}, the card you need least"
    return None

