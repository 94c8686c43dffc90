"""Why the hint likes a move, in poker words: the pot it plays for, the card it swaps;
then GameUI.hint_reason adds the chance."""

from __future__ import annotations

from fishtable.games.fishing_party_poker.actions import Bet, Call, Check, Fold, KeepHand, Raise, Swap
from fishtable.games.fishing_party_poker.views import PokerView
from fishtable.tui.plugin import card_words


def goal(action: object, view: PokerView) -> str | None:
    """What the move is for, or None to say only what it is."""
    pot = f"the pot of {view.pot}"
    if isinstance(action, Fold):
        return f"fold: give up {pot} and keep your chips for a better hand"
    if isinstance(action, Call):
        return f"call: stay in for {pot}"
    if isinstance(action, Check):
        return "check: see what comes next for nothing"
    if isinstance(action, Bet | Raise):
        return f"put more chips into {pot}, to win more with this hand"
    if isinstance(action, Swap):
        return f"swap your {card_words(view, action.give)} for the {card_words(view, action.take)}: a stronger hand"
    if isinstance(action, KeepHand):
        return "keep your hand as it is"
    return None

