"""One check for every game's state: clone() copies each field and canonical() sees each field.

A state's `clone()` and `canonical()` are written out field by field for speed, so a
new field can be forgotten in either. `field_gaps` changes one field at a time (and
one field of a nested dataclass, such as Crazy Fishing's Turn) to another value of
its type, then looks whether a clone carries the change and whether the canonical
form changes with it.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from typing import Any

from fishtable.engine.protocol import SeatInfo


class _Marker:
    """Stands where a field held nothing (None, an empty list): equal only to itself."""

    def __repr__(self) -> str:
        return "MARKER"


MARKER = _Marker()


def _changed(value: Any) -> Any:
    """Another value of the same shape: one more element, one more, the other truth value."""
    if value is None:
        return MARKER
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return value + 1.0
    if isinstance(value, str):
        return value + "~"
    if isinstance(value, tuple):
        return (*value, value[0]) if value else (MARKER,)
    if isinstance(value, list):
        return [*value, value[0]] if value else [MARKER]
    if isinstance(value, dict):
        return {**value, MARKER: next(iter(value.values()), MARKER)}
    if isinstance(value, frozenset | set):
        return type(value)([*value, MARKER])
    return MARKER  # anything else (a card table, a model): a value it cannot equal


def _variants(state: Any) -> Iterator[tuple[str, Any]]:
    """(field path, a clone of `state` with only that field changed)."""
    for field in dataclasses.fields(state):
        value = getattr(state, field.name)
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            for sub in dataclasses.fields(value):
                copy = state.clone()
                inner = getattr(copy, field.name)
                setattr(copy, field.name, dataclasses.replace(inner, **{sub.name: _changed(getattr(inner, sub.name))}))
                yield f"{field.name}.{sub.name}", copy
            continue
        copy = state.clone()
        setattr(copy, field.name, _changed(value))
        yield field.name, copy


def field_gaps(state: Any) -> tuple[list[str], list[str]]:
    """(fields a clone does not carry, fields canonical() does not see).

    A clone or canonical form that fails on the changed value (a marker where it
    expects a card) has read the field: that counts as carried, or seen.
    """
    not_cloned, not_canonical = [], []
    before = state.canonical()
    for name, changed in _variants(state):
        head, _, sub = name.partition(".")
        try:
            again = changed.clone()
        except Exception:
            again = None
        if again is not None:
            mine, theirs = getattr(changed, head), getattr(again, head)
            if sub:
                mine, theirs = getattr(mine, sub), getattr(theirs, sub)
            if mine != theirs:
                not_cloned.append(name)
        try:
            seen = changed.canonical() != before
        except Exception:
            seen = True
        if not seen:
            not_canonical.append(name)
    return not_cloned, not_canonical


def every_field_set(state: Any) -> bool:
    return all(getattr(state, f.name) is not None for f in dataclasses.fields(state))


def a_busy_state(game: Any, players: int, seed: int, wanted: Callable[[Any], bool] = every_field_set,
                 steps: int = 2000) -> Any:
    """A state from random play in which `wanted` holds (by default: no field is None)."""
    options = game.options_model()()
    prepare = getattr(game, "prepare_options", None)
    if prepare is not None:
        options = prepare(options)
    seats = [SeatInfo(name=f"P{i}") for i in range(players)]
    rng = random.Random(seed)
    state = game.new_game(options, seats, seed)
    for _ in range(steps):
        if wanted(state):
            return state
        pending = game.pending(state)
        assert pending, "the game ended before the state looked busy"
        seat = min(pending)
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    raise AssertionError("random play never reached the state wanted")
