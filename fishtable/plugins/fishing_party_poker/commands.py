"""Commands the whole table may give between turns, whoever's turn it is.

Fishing Party Poker has one: stop the session after this hand (FP-Q-29). The
engine accepts `StopSession` from any seat at any time but never lists it
among the legal actions, so it is not a decision the flow asks for.

`PokerUI.table_commands` offers it on the public table (key x, a yes/no
question first); the seat deciding on its private screen can stop the session
there too (same key, same question).
"""

from __future__ import annotations

from fishtable.games.fishing_party_poker.actions import Action, StopSession
from fishtable.games.fishing_party_poker.views import PokerView
from fishtable.tui.plugin import TableCommand

STOP_QUESTION = (
    "Stop the session after this hand?\n"
    "The hand is played to its end; then the standings are final."
)


STOP_KEY = ("x", "Stop after this hand")
COMMAND_KEYS = (STOP_KEY,)


def table_commands(view: PokerView) -> list[TableCommand[Action]]:
    """What the table may do now: stop after this hand, unless it is over or stopping already."""
    if view.phase == "over" or view.stopping:
        return []
    return [TableCommand(*STOP_KEY, StopSession(), STOP_QUESTION)]
