"""Why the hint likes a move, in Crazy Fishing's words: the fish it goes for, the speed and
bait it casts, the cards it draws; GameUI.hint_reason
adds the chance."""

from __future__ import annotations

from fishtable.games.crazy_fishing.actions import Attempt, Cast, Draw, Look
from fishtable.games.crazy_fishing.views import CrazyFishingView


def _clue(view: CrazyFishingView, label: int) -> str:
    fish = next((f for f in view.sea if f.label == label), None)
    return f"fish #{label} (clue {fish.back})" if fish is not None else f"fish #{label}"


def goal(action: object, view: CrazyFishingView) -> str | None:
    """What the move is for, or None to say only what it is."""
    hand = {card.id: card for card in view.hand or ()}
    if isinstance(action, Cast):
        speed = sum(hand[c].value or 0 for c in action.rods if c in hand)
        baits = [hand[c].value for c in action.baits if c in hand]
        total = sum(v or 0 for v in baits)
        bait = "bait that catches any fish" if None in baits else f"bait {total} for any fish up to that size"
        return f"speed {speed} to choose early among the fish, and {bait}"
    if isinstance(action, Attempt):
        fish = " and ".join(_clue(view, label) for label in action.labels)
        return f"go for {fish}: a catch adds its size to your score"
    if isinstance(action, Look):
        return f"look at {_clue(view, action.label)} first, so your bait goes where it holds"
    if isinstance(action, Draw):
        return f"draw {action.rods} rod(s) and {action.baits} bait(s) for a hand that casts well next round"
    return None

