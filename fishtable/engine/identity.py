"""One value per object, remembered by the object's identity: the engines' per-card-table caches.

A card table (the tuple of a game's cards) or a card-data model is made once when a game
is set up, then shared by every state, view and playout dealt from it; what the engine
derives from it (faces, ids, indexes) is built once per such object, without hashing it.
An entry holds its object, so the object's id() cannot be reused by another while the
entry lives.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class PerObject(Generic[K, V]):
    """`per(obj)` is `build(obj)`, built once per object (by identity); all are forgotten past `limit`."""

    __slots__ = ("_entries", "build", "limit")

    def __init__(self, build: Callable[[K], V], limit: int = 64) -> None:
        self.build = build
        self.limit = limit
        self._entries: dict[int, tuple[K, V]] = {}

    def __call__(self, obj: K) -> V:
        entry = self._entries.get(id(obj))
        if entry is None or entry[0] is not obj:
            if len(self._entries) > self.limit:
                self._entries.clear()
            entry = self._entries[id(obj)] = (obj, self.build(obj))
        return entry[1]
