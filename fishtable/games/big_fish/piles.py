"""The Draw Deck, the discard pile and the Face-Up Cards."""

from __future__ import annotations

from fishtable.engine import fastrng
from fishtable.engine.protocol import Event
from fishtable.games.big_fish.common import cards_words, event, plural
from fishtable.games.big_fish.state import BFState, put


def draw_top(state: BFState, events: list[Event] | None) -> int | None:
    """The top card of the Draw Deck, refilled from the discard pile when empty (BF-Q-10).

    It pops the deck in place: the caller has made `state.deck` its own first (forks share it).
    """
    if not state.deck:
        if not state.discard:
            return None
        state.rng, state.deck = fastrng.shuffled(state.rng, state.discard)
        # Everyone saw these cards go in: the new deck holds them and nothing else.
        epoch = len(state.pools) + 1
        origin = list(state.origin)
        for c in state.discard:
            origin[c] = epoch
        state.origin = tuple(origin)
        state.pools = (*state.pools, tuple(state.discard))
        state.discard = []
        if events is not None:
            events.append(event("reshuffle", f"The Draw Deck is empty: the discard pile is shuffled into a new "
                                             f"Draw Deck of {plural(len(state.deck), 'card')}."))
    return state.deck.pop()


def deal(state: BFState, seat: int, count: int, events: list[Event] | None, why: str = "") -> int:
    """Draw `count` cards from the deck into a hand; returns how many could be drawn.

    The cards are shown to their owner only (BF-DRAW-3); the table learns how many.
    """
    got: list[int] = []
    state.deck = state.deck[:]  # this state's own, to draw from
    for _ in range(count):
        card = draw_top(state, events)
        if card is None:
            break
        got.append(card)
    if got:
        state.hands = put(state.hands, seat, state.hands[seat] + got)
    if events is None:
        return len(got)
    name = state.names[seat]
    prefix = f"{why}: " if why else ""
    if got:
        events.append(event("draw", f"{prefix}You draw {cards_words(state, got)}.", to=(seat,)))
        count_words = "a card" if len(got) == 1 else plural(len(got), "card")
        events.append(event("draw", f"{prefix}{name} draws {count_words} from the deck."))
    if len(got) < count:
        events.append(event("draw", f"The Draw Deck and the discard pile are empty: {name} draws "
                                    f"{plural(len(got), 'card')} instead of {count}."))
    return len(got)


def reset_row(state: BFState, events: list[Event] | None) -> None:
    """Face-Up Cards to the discard pile, then a new row of players + 2 (BF-ROUND-6, BF-ROUND-7)."""
    state.discard = state.discard + state.row
    deck = state.deck = state.deck[:]  # this state's own, to draw from
    want = len(state.names) + 2
    if len(deck) >= want:
        # The deck holds the whole row, the usual case: its top cards, the top one first, as
        # `draw_top` one at a time would take them (no reshuffle, so nothing to log).
        state.row = deck[-1:-want - 1:-1]
        del deck[-want:]
    else:
        state.row = []
        for _ in range(want):
            card = draw_top(state, events)
            if card is None:
                break
            state.row.append(card)
    if events is None:
        return
    text = f"New Face-Up Cards: {cards_words(state, state.row)}."
    if len(state.row) < want:
        text += f" (Only {len(state.row)}: the Draw Deck and the discard pile ran out.)"
    events.append(event("row", text, news=True))
