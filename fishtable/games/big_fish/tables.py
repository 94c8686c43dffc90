"""A short public name for a card table, so that a view can say which cards are in play.

A view holds the faces of the cards a seat can see, never the whole deck list
(that would name hidden cards). The search bots' sampler needs the whole table
to deal the hidden cards, so a view carries `card_set`, a digest of the table,
and the sampler finds the table again here. The table of every game built in
this process is known; the shipped cards are always found.
"""

from __future__ import annotations

import hashlib

from fishtable.games.big_fish.cards import Card, EventCard, default_cards
from fishtable.games.big_fish.setup import card_tables

Tables = tuple[tuple[Card, ...], tuple[EventCard, ...]]

_by_id: dict[int, tuple[tuple[Card, ...], str]] = {}
_by_key: dict[str, Tables] = {}


def table_key(cards: tuple[Card, ...], events: tuple[EventCard, ...]) -> str:
    """The digest of a card table, computed once per table object."""
    known = _by_id.get(id(cards))
    if known is not None and known[0] is cards:
        return known[1]
    key = hashlib.sha256(repr((cards, events)).encode()).hexdigest()[:16]
    if len(_by_id) > 256:
        _by_id.clear()
    _by_id[id(cards)] = (cards, key)  # the entry keeps the table alive, so its id stays unique
    _by_key.setdefault(key, (cards, events))
    return key


def tables_for(key: str) -> Tables:
    """The card table a view's `card_set` names; LookupError if this process never saw it."""
    found = _by_key.get(key)
    if found is None:
        cards, events = card_tables(default_cards())
        if table_key(cards, events) == key:
            return cards, events
        raise LookupError(f"Unknown Big Fish card set {key!r}: no game with these cards was set up here.")
    return found
