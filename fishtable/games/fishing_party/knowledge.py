"""What the table saw: cards seen going into a hand or into the discard pile.

A card taken from the table, a missed fish, a lure sent back by a Snap or swapped
out: everyone saw it go into that hand, so everyone knows the hand holds a card with
that face until one like it comes out in the open. A card put aside for an exchange
or discarded down to the hand size leaves the hand unseen: then any card known to be
in that hand may be the one that left, so each known face counts one fewer (a lower
bound, never a guess). Cards seen going into the discard pile stay known until the
pile is shuffled into a new draw pile; the cards a player discarded face down are
known to that player alone.

Knowledge is kept as tuples of label classes (`Static.cls`) in the order the cards were
seen: cards with the same face label play alike, and the table cannot tell them apart.
The tuples are immutable and replaced when they change, so cloning a state copies none.
"""

from __future__ import annotations

from collections.abc import Iterable

from fishtable.games.fishing_party.state import FPState


def _set(state: FPState, seat: int, value: tuple[int, ...]) -> None:
    known = list(state.known)
    known[seat] = value
    state.known = tuple(known)


def entered_hand(state: FPState, seat: int, card: int) -> None:
    """A face-up card went into `seat`'s hand in front of everyone."""
    _set(state, seat, (*state.known[seat], state.static.cls[card]))


def left_hand(state: FPState, seat: int, card: int, kept: tuple[int, ...] = ()) -> None:
    """A card left `seat`'s hand face up: one fewer known card with its face, if any was known.

    `kept`: cards known to be still in the hand, which this one cannot be (the cards taken in a
    swap cannot go back in it), so it takes nothing from what they tell.
    """
    known = state.known[seat]
    if known:
        cls = state.static.cls
        x = cls[card]
        if x in known and (not kept or known.count(x) > sum(1 for c in kept if cls[c] == x)):
            i = known.index(x)
            _set(state, seat, known[:i] + known[i + 1:])


def left_unseen(state: FPState, seat: int) -> None:
    """A card left `seat`'s hand face down: any known card may be the one that left."""
    known = state.known[seat]
    if known:
        out: list[int] = []
        dropped: set[int] = set()
        for x in known:  # drop the first copy of every class
            if x in dropped:
                out.append(x)
            else:
                dropped.add(x)
        _set(state, seat, tuple(out))


def discarded_openly(state: FPState, cards: Iterable[int]) -> None:
    """Cards everyone saw go into the discard pile."""
    cls = state.static.cls
    state.seen_discards = (*state.seen_discards, *(cls[c] for c in cards))


def discarded_secretly(state: FPState, seat: int, cards: Iterable[int]) -> None:
    """Cards `seat` alone saw go into the discard pile (face down)."""
    cls = state.static.cls
    own = state.own_discards
    state.own_discards = (*own[:seat], (*own[seat], *(cls[c] for c in cards)), *own[seat + 1:])


def pile_shuffled(state: FPState) -> None:
    """The discard pile became the new draw pile: nobody knows where its cards are any more."""
    state.seen_discards = ()
    state.own_discards = ((),) * len(state.own_discards)


def labels(state: FPState, classes: tuple[int, ...]) -> tuple[str, ...]:
    names = state.static.class_labels
    return tuple(names[x] for x in classes)
