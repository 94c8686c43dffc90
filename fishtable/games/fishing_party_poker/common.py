"""Small helpers shared by the phase modules: events and cards in words."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from fishtable.engine.fast import trusted
from fishtable.engine.protocol import Event
from fishtable.games.fishing_party_poker.state import PokerState

_new = object.__new__
_set = object.__setattr__
_EVENT_FIELDS = frozenset(Event.model_fields)


def event(kind: str, text: str, to: tuple[int, ...] | None = None, news: bool = False) -> Event:
    """A log line the engine made itself, built inline without validation (see engine/fast.py)."""
    obj = _new(Event)
    _set(obj, "__dict__", {"kind": kind, "text": text, "visible_to": to, "news": news})
    _set(obj, "__pydantic_fields_set__", _EVENT_FIELDS)
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", None)
    return obj


@lru_cache(maxsize=8192)
def news(kind: str, text: str) -> Event:
    """A public news event; the same few lines ("Ann checks.") recur, so they are shared."""
    return trusted(Event, kind=kind, text=text, visible_to=None, news=True)


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
