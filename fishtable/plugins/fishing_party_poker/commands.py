"""Commands the whole table may give between turns, whoever's turn it is.

Fishing Party Poker has one: stop the session after this hand (FP-Q-29). The
engine accepts `StopSession` from any seat at any time but never lists it
among the legal actions, so it is not a decision the flow asks for.

`PokerUI.table_commands` offers it in the shape a shell hook would take: a key
on the public table, words for the footer, the action, and a yes/no question
to ask first. The shell of this version has no such hook, so on the public
table the key is simply not offered; the seat deciding on its private screen
can stop the session there (key x, same question), since that screen answers
a real request of the flow.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fishtable.games.fishing_party_poker.actions import StopSession

STOP_QUESTION = (
    "Stop the session after this hand?\n"
    "The hand is played to its end; then the standings are final."
)


@dataclass(frozen=True)
class TableCommand:
    key: str
    description: str  # for the footer: "Stop after this hand"
    action: Any
    confirm: str | None  # a yes/no question asked before the action is applied


def table_commands(view: Any) -> list[TableCommand]:
    """What the table may do now: stop after this hand, unless it is over or stopping already."""
    if view.phase == "over" or view.stopping:
        return []
    return [TableCommand("x", "Stop after this hand", StopSession(), STOP_QUESTION)]
