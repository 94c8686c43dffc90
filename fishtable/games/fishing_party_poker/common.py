"""Small helpers shared by the phase modules: events and cards in words."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from fishtable.engine.events import event as event  # re-exported: the one way a game makes an event
from fishtable.engine.protocol import Event
from fishtable.games.fishing_party_poker.state import PokerState


@lru_cache(maxsize=8192)
def news(kind: str, text: str) -> Event:
    """A public news event: the same few lines ("Ann checks.") recur, so they are shared."""
    return event(kind, text, None, True)


def card_text(state: PokerState, card: int) -> str:
    """"the 7♥ (Walleye)"."""
    c = state.cards[card]
    return f"the {c.index} ({c.name})"


def cards_text(state: PokerState, cards: Sequence[int]) -> str:
    """"A♠ K♠ 7♥ 7♦ 2♣"."""
    labels = state.labels
    return " ".join([labels[c] for c in cards])


def names_text(state: PokerState, seats: Sequence[int]) -> str:
    names = [state.names[s] for s in seats]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def chips_text(n: int) -> str:
    return f"{n} chip" + ("" if n == 1 else "s")
