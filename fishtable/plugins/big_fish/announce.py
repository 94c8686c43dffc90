"""Whether a private screen must first show the round's event to the whole table.

The shell shows public news on the table before it passes the keyboard on.
But the player whose turn ended the round keeps the keyboard when the event
then asks them to choose (or to discard down to 7), so the table would not
have seen the event before that player acts on it. In that one case the
decision screen opens with the event, showing nothing private, and waits for
Enter before it shows the hand.
"""

from __future__ import annotations

from typing import Any

ROUND_END_KINDS = frozenset({"event_remove", "event_discard", "event_spawn", "event_grow", "hand_limit"})


def needs_announcement(decision: Any) -> bool:
    if decision.kind not in ROUND_END_KINDS:
        return False
    if sum(1 for seat in decision.seats if seat.bot is None) < 2:
        return False  # one person at the table: no handoffs, they see the news on this screen
    view = decision.view
    # The round's last turn was the seat before the First Player Card (it passes only after the discards).
    if decision.seat != (view.first_player - 1) % len(view.seats):
        return False
    window = decision.log
    return any(i >= window.news_from and e.kind == "event" and e.news and e.visible_to is None
               for i, e in window.entries)
