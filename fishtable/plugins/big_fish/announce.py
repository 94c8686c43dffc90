"""Whether a private screen must first show the round's event to the whole table.

The shell shows public news on the table before it passes the keyboard on.
But when the turn that ended the round was a person's, and the event (or the
hand limit after it) then asks that same person to choose, the flow lets them
keep the keyboard: the table has not seen the event before they act on it.
In that case the decision screen opens with the event, showing nothing
private, and waits for Enter before it shows the hand.

"Kept the keyboard" is read from the screens: the seat's previous decision
screen is still the one on top (no cover and no table came in between).
"""

from __future__ import annotations

from typing import Any

ROUND_END_KINDS = frozenset({"event_remove", "event_discard", "event_spawn", "event_grow", "hand_limit"})


def needs_announcement(decision: Any, continued: bool) -> bool:
    """`continued`: the same seat's previous decision screen was still showing."""
    if not continued or decision.kind not in ROUND_END_KINDS:
        return False
    if sum(1 for seat in decision.seats if seat.bot is None) < 2:
        return False  # one person at the table: no handoffs, they see the news on this screen
    event = decision.view.last_event
    if event is None:
        return False
    # The reveal itself ("End of round 2. Event: Warm Current — ..."), new since this seat last
    # decided; an event's outcome lines ("Warm Current: Ben discards ...") do not count.
    reveal = f"Event: {event.name} —"
    window = decision.log
    return any(i >= window.news_from and e.kind == "event" and e.news and e.visible_to is None
               and reveal in e.text for i, e in window.entries)
