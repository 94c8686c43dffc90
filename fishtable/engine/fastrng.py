"""`fishtable.engine.rng`, computed faster for the loops that draw most: Crazy Fishing's
sea layouts, the deck shuffles of Crazy Fishing and Big Fish, and poker's deal.

Same generator, same draws in the same order, so the same games and the same
saves; only the per-draw Python arithmetic is gone. SplitMix64's generator state
after k draws is `state + k * gamma` whatever was drawn, so `draws` mixes all k
outputs at once, side by side in the lanes of one wide int (see `_lanes`).
tests/engine/test_fastrng.py holds every function here to the engine's.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MUL1 = 0xBF58476D1CE4E5B9
_MUL2 = 0x94D049BB133111EB
_SCALAR_BELOW = 8  # fewer draws than this are cheaper one at a time

# Per count of draws: (ones, steps, lane mask, unpack, bytes), made once (`_lanes`).
_Lanes = tuple[int, int, int, Callable[[bytes], tuple[int, ...]], int]
_LANES: dict[int, _Lanes] = {}


def _lanes(count: int) -> _Lanes:
    """For `count` draws at once. Each draw is one 64-bit lane of a wide int, 128 bits apart:
    a lane's product with a 64-bit constant fits in its 128 bits, and what a right shift brings
    down from the lane above lands in the top half, which the lane mask clears. So one
    operation on the wide int does it for every lane, and `unpack` reads the lanes out (the low
    64-bit word of each, skipping the high one)."""
    ones = sum(1 << (128 * k) for k in range(count))
    steps = sum(((k + 1) * _GAMMA) << (128 * k) for k in range(count))
    known = _LANES[count] = (ones, steps, _MASK * ones, struct.Struct("<" + "Q8x" * count).unpack, 16 * count)
    return known


def _mixed(state: int, count: int) -> tuple[int, _Lanes]:
    """The next `count` outputs of `rng.next_u64` from `state`, one in each lane of a wide int."""
    lanes = _LANES.get(count) or _lanes(count)
    ones, steps, mask = lanes[0], lanes[1], lanes[2]
    z = (state * ones + steps) & mask
    z = ((z ^ (z >> 30)) & mask) * _MUL1 & mask
    z = ((z ^ (z >> 27)) & mask) * _MUL2 & mask
    return (z ^ (z >> 31)) & mask, lanes


def draws(state: int, count: int) -> tuple[int, ...]:
    """The next `count` 64-bit outputs of `rng.next_u64` from `state` (the state after them:
    `advance(state, count)`)."""
    if count <= 0:
        return ()
    z, (_, _, _, unpack, size) = _mixed(state, count)
    return unpack(z.to_bytes(size, "little"))


def advance(state: int, count: int) -> int:
    """The generator state after `count` draws."""
    return (state + count * _GAMMA) & _MASK


def shuffle_top(state: int, items: list[T], count: int) -> int:
    """The first `count` steps of `rng.shuffled`'s Fisher-Yates, in place: the top `count`
    places of `items` (its end) drawn uniformly from the whole list, the rest left in some
    order. Returns the generator state after the draws. A deal that needs only the top cards
    stops there; `count >= len(items) - 1` is the whole shuffle."""
    top = len(items) - 1
    steps = top - max(top - count, 0)  # the last card left needs no draw
    if steps <= 0:
        return state
    if steps < _SCALAR_BELOW:
        for i in range(top, top - steps, -1):
            state = (state + _GAMMA) & _MASK
            z = ((state ^ (state >> 30)) * _MUL1) & _MASK
            z = ((z ^ (z >> 27)) * _MUL2) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        return state
    i = top
    for bits in draws(state, steps):
        j = (bits * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
        i -= 1
    return advance(state, steps)


def shuffled(state: int, items: list[T]) -> tuple[int, list[T]]:
    """`rng.shuffled`: (new_state, a shuffled copy of items) by Fisher-Yates."""
    out = list(items)
    return shuffle_top(state, out, len(out)), out


# Per count of cards: the lanes of their x draws (the even ones) and of their y draws.
_XY: dict[int, tuple[int, int]] = {}


def spots(state: int, cards: list[int], width: int, height: int) -> tuple[int, list[tuple[int, int, int]]]:
    """(new_state, [(card, x, y)]): for each card `rng.below(width)` then `rng.below(height)`."""
    count = 2 * len(cards)
    if not cards:
        return state, []
    z, (_, _, mask, unpack, size) = _mixed(state, count)
    xy = _XY.get(count)
    if xy is None:
        even = sum(_MASK << (256 * k) for k in range(len(cards)))
        xy = _XY[count] = (even, mask ^ even)
    # `rng.below(n)` of a draw is the top 64 bits of its product with n: every lane at once, as
    # `_mixed` mixes them (a lane's product fits its 128 bits, since n < 2**64).
    scaled = (((z & xy[0]) * width + (z & xy[1]) * height) >> 64) & mask
    below = unpack(scaled.to_bytes(size, "little"))
    return advance(state, count), list(zip(cards, below[::2], below[1::2], strict=True))
