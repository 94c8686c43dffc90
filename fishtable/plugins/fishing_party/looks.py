"""What each seat's hand held at its last look, so that its next private screen can mark the
cards that came since ("new"): the cards drawn at the end of its turn above all, which it could
not see before the screen was covered.

Kept in memory for the app's life, one record per app (a game resumed from its save marks
nothing the first time). Only a seat's own card ids are kept, and only read back for that seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from weakref import WeakKeyDictionary

Key = tuple[tuple[str, ...], int]  # the table's names, and the seat


@dataclass
class HandLooks:
    last: dict[Key, tuple[int, frozenset[str]]] = field(default_factory=dict)  # turn number, hand

    def look(self, names: tuple[str, ...], seat: int, turn: int, hand: frozenset[str]) -> frozenset[str]:
        """The seat looks at its hand now: the cards new since its last look (none the first
        time, or when the turn number went back: another game at the same table)."""
        new = self.peek(names, seat, turn, hand)
        self.last[(names, seat)] = (turn, hand)
        return new

    def peek(self, names: tuple[str, ...], seat: int, turn: int, hand: frozenset[str]) -> frozenset[str]:
        """The cards new since the seat's last look, without counting this as one: a glance at
        a draw (the study at the end of a turn) leaves them marked on its next turn too."""
        before = self.last.get((names, seat))
        if before is None or before[0] > turn:
            return frozenset()
        return hand - before[1]


_looks: WeakKeyDictionary[object, HandLooks] = WeakKeyDictionary()


def looks_of(app: object) -> HandLooks:
    """The record of `app`'s table (one app, one table)."""
    if app not in _looks:
        _looks[app] = HandLooks()
    return _looks[app]
