"""A short public name for a card table, so that a view can say which cards are in play.

A view holds the faces of the cards a seat can see, never the whole card list
(that would name hidden cards). The search bots' sampler needs the whole table
to deal the hidden cards, so a view carries `card_set`, a digest of the table,
and the sampler finds the table again here. The table of every session built
in this process is known; the shipped cards are always found.
"""

from __future__ import annotations

import hashlib

from fishtable.games.fishing_party_poker.cards import Card, build_cards, load_card_file

_by_id: dict[int, tuple[tuple[Card, ...], str]] = {}
_by_key: dict[str, tuple[Card, ...]] = {}


def table_key(cards: tuple[Card, ...]) -> str:
    """The digest of a card table, computed once per table object."""
    known = _by_id.get(id(cards))
    if known is not None and known[0] is cards:
        return known[1]
    key = hashlib.sha256(repr(cards).encode()).hexdigest()[:16]
    if len(_by_id) > 256:
        _by_id.clear()
    _by_id[id(cards)] = (cards, key)  # the entry keeps the table alive, so its id stays unique
    _by_key.setdefault(key, cards)
    return key


def tables_for(key: str) -> tuple[Card, ...]:
    """The card table a view's `card_set` names; LookupError if this process never saw it."""
    found = _by_key.get(key)
    if found is None:
        cards = build_cards(load_card_file())
        if table_key(cards) == key:
            return cards
        raise LookupError(f"Unknown Fishing Party Poker card set {key!r}: no session with these cards was set up here.")
    return found
