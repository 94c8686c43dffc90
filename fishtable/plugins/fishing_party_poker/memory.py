"""What the public table has seen happen, kept a little longer than the view keeps it.

At a real table everyone watched each swap, and the showdown stays in mind
while the next hand is dealt. The view says neither once it has moved on:
swaps show only as changed community cards, and a new deal clears the
showdown (the shell deals by itself when the next dealer is a person). So
the table remembers, from the public views it is shown one after the other
(one per action): who swapped which card for which, this hand, and how the
last hand ended. Only public views go in, so nothing secret can come out.
"""

from __future__ import annotations

from dataclasses import dataclass

from fishtable.games.fishing_party_poker.views import CardFace, PokerView


@dataclass(frozen=True)
class SwapSeen:
    swap_round: int
    name: str
    place: int | None  # None: the player kept their hand
    taken: CardFace | None = None  # the community card taken
    given: CardFace | None = None  # the card put in its place


class TableMemory:
    def __init__(self) -> None:
        self.previous: PokerView | None = None  # the last public view seen
        self.swaps: list[SwapSeen] = []  # this hand's swaps, in order
        self.ended: PokerView | None = None  # the public view at the end of the last hand seen

    def see(self, view: PokerView) -> None:
        before = self.previous
        if before is None or before.hand_number != view.hand_number:
            self.swaps = []
        elif before.phase == "swap" and before.actor is not None and view != before:
            self._swap(before, view)
        if view.awards:
            self.ended = view
        self.previous = view

    def _swap(self, before: PokerView, view: PokerView) -> None:
        assert before.actor is not None and before.swap_round is not None  # a swap was under way
        name = before.seats[before.actor].name
        for old, new in zip(before.community, view.community, strict=False):
            if old.card is not None and new.card is not None and old.card.id != new.card.id:
                self.swaps.append(SwapSeen(before.swap_round, name, new.place, old.card, new.card))
                return
        if view.actor != before.actor or view.phase != "swap":  # moved on without a change: kept
            self.swaps.append(SwapSeen(before.swap_round, name, None))

    def put_in_by(self, place: int) -> str:
        """Who put the card now at `place` into the community this hand ("" if nobody)."""
        names = [s.name for s in self.swaps if s.place == place]
        return names[-1] if names else ""

    def last_swap_round(self) -> list[SwapSeen]:
        """The swaps of the latest swap round seen this hand."""
        if not self.swaps:
            return []
        latest = self.swaps[-1].swap_round
        return [s for s in self.swaps if s.swap_round == latest]

    def ended_before(self, view: PokerView) -> PokerView | None:
        """The end of the previous hand, while the new hand's community is still face down."""
        ended = self.ended
        if ended is None or view.awards or view.community_face_up:
            return None
        return ended if ended.hand_number == view.hand_number - 1 else None
