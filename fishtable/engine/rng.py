"""A tiny seeded generator whose whole state is one integer.

The state lives inside each game state, so cloning a state clones its
randomness for free and the same seed with the same actions always gives the
same game, on any Python version (we never use `random.shuffle`, whose
algorithm is not guaranteed stable across versions).
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Turn any integer seed into a 64-bit generator state."""
    return (seed * 0x2545F4914F6CDD1D + 0x632BE59BD9B4E019) & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """SplitMix64: return (new_state, 64 random bits)."""
    state = (state + _GAMMA) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new_state, k) with k uniform in range(n)."""
    state, z = next_u64(state)
    return state, (z * n) >> 64


def shuffled(state: int, items: list[T]) -> tuple[int, list[T]]:
    """Return (new_state, a shuffled copy of items) by Fisher-Yates."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        state, j = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return state, out
