"""`fishtable.engine.rng`, inlined for the loops that draw most: Crazy Fishing's sea
layouts, and the deck shuffles of Crazy Fishing and Big Fish.

Same generator, same draws in the same order, so the same games and the same
saves; only the function calls are gone. tests/games/crazy_fishing check both
against the engine's functions.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MUL1 = 0xBF58476D1CE4E5B9
_MUL2 = 0x94D049BB133111EB


def shuffled(state: int, items: list[T]) -> tuple[int, list[T]]:
    """`rng.shuffled`: (new_state, a shuffled copy of items) by Fisher-Yates."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        state = (state + _GAMMA) & _MASK
        z = ((state ^ (state >> 30)) * _MUL1) & _MASK
        z = ((z ^ (z >> 27)) * _MUL2) & _MASK
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        out[i], out[j] = out[j], out[i]
    return state, out


def spots(state: int, cards: list[int], width: int, height: int) -> tuple[int, list[tuple[int, int, int]]]:
    """(new_state, [(card, x, y)]): for each card `rng.below(width)` then `rng.below(height)`."""
    out = []
    for card in cards:
        state = (state + _GAMMA) & _MASK
        z = ((state ^ (state >> 30)) * _MUL1) & _MASK
        z = ((z ^ (z >> 27)) * _MUL2) & _MASK
        x = ((z ^ (z >> 31)) * width) >> 64
        state = (state + _GAMMA) & _MASK
        z = ((state ^ (state >> 30)) * _MUL1) & _MASK
        z = ((z ^ (z >> 27)) * _MUL2) & _MASK
        y = ((z ^ (z >> 31)) * height) >> 64
        out.append((card, x, y))
    return state, out
