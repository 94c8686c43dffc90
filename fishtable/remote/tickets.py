"""Tickets: a number for each question a seat is asked, new whenever the question changes.

An `act` must carry the ticket of the question it answers, so an answer typed for
an earlier question never answers a newer one (a time-up, another seat's claim).
"""

from __future__ import annotations

import json
import secrets

from fishtable.engine.match import SomeMatch


class Tickets:
    """Each asked seat's question (its prompt and legal answers, as JSON) and that question's ticket."""

    def __init__(self) -> None:
        self._asked: dict[int, tuple[str, int]] = {}
        # Tickets of a restarted host must not repeat its predecessor's (a client may hold one).
        self._next = 1 + secrets.randbelow(1 << 40)

    def ticket(self, seat: int) -> int:
        """The ticket of the seat's question now (-1 if it is not asked)."""
        return self._asked[seat][1] if seat in self._asked else -1

    def clear(self) -> None:
        """A new game: no question of the old one is asked any more."""
        self._asked.clear()

    def refresh(self, match: SomeMatch) -> None:
        """A new ticket for every seat whose question (prompt and legal answers) changed."""
        pending = match.pending()
        for seat in list(self._asked):
            if seat not in pending:
                del self._asked[seat]
        for seat, prompt in pending.items():
            asked = json.dumps([prompt.model_dump(mode="json"),
                                [a.model_dump(mode="json") for a in match.legal_actions(seat)]])
            if self._asked.get(seat, ("", 0))[0] != asked:
                self._asked[seat] = (asked, self._next)
                self._next += 1
