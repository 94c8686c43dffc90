"""The seeded generator: fixed outputs (so a change of algorithm is caught), ranges, shuffles."""

from __future__ import annotations

import copy
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fishtable.engine import rng

U64 = st.integers(min_value=0, max_value=(1 << 64) - 1)
MASK = (1 << 64) - 1


def test_next_u64_is_splitmix64() -> None:
    # The published SplitMix64 reference sequence for state 0.
    state, out = 0, []
    for _ in range(4):
        state, z = rng.next_u64(state)
        out.append(z)
    assert out == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC]
    assert state == (4 * 0x9E3779B97F4A7C15) & MASK


def test_seed_state_known_values() -> None:
    assert rng.seed_state(0) == 0x632BE59BD9B4E019
    assert rng.seed_state(42) == 0x80A60572E19126DB
    assert rng.seed_state(-1) == 0x3DE5F10A8A4802FC
    assert rng.seed_state(2**70) == 0x632BE59BD9B4E019  # only the low bits of a huge seed count


def test_known_outputs_for_a_seed() -> None:
    state = rng.seed_state(42)
    out = []
    for _ in range(4):
        state, z = rng.next_u64(state)
        out.append(z)
    assert out == [0x9FD3CED481476A23, 0x1503B113A2D1E5F0, 0x916A9226D3BACFFA, 0xBB046DA4F65EA67A]

    state = rng.seed_state(7)
    picks = []
    for _ in range(10):
        state, k = rng.below(state, 100)
        picks.append(k)
    assert picks == [39, 76, 93, 10, 92, 52, 91, 5, 85, 33]
    assert state == 0x964056D3FE97C4B6

    assert rng.shuffled(rng.seed_state(2024), list(range(10))) == (
        11832304210681489950,
        [1, 4, 3, 5, 7, 8, 0, 2, 9, 6],
    )


@given(seed=st.integers())
def test_seed_state_is_64_bit_and_deterministic(seed: int) -> None:
    state = rng.seed_state(seed)
    assert 0 <= state <= MASK
    assert rng.seed_state(seed) == state


@given(state=U64)
def test_next_u64_is_64_bit_and_pure(state: int) -> None:
    new, z = rng.next_u64(state)
    assert 0 <= new <= MASK and 0 <= z <= MASK
    assert rng.next_u64(state) == (new, z)
    assert new != state


@given(state=U64, n=st.integers(min_value=1, max_value=10**12))
def test_below_stays_in_range(state: int, n: int) -> None:
    new, k = rng.below(state, n)
    assert 0 <= k < n
    assert 0 <= new <= MASK
    assert rng.below(state, n) == (new, k)


@given(state=U64)
def test_below_one_is_always_zero(state: int) -> None:
    assert rng.below(state, 1)[1] == 0


@pytest.mark.parametrize("n", [2, 6, 7, 37])
def test_below_is_roughly_uniform(n: int) -> None:
    draws = 1000 * n
    state = rng.seed_state(n)
    counts: Counter[int] = Counter()
    for _ in range(draws):
        state, k = rng.below(state, n)
        counts[k] += 1
    assert set(counts) == set(range(n))
    # Chi-square with n-1 degrees of freedom; the bound is far above the 99.9th percentile
    # (deterministic anyway: the seed is fixed).
    chi2 = sum((counts[k] - 1000) ** 2 / 1000 for k in range(n))
    assert chi2 < 3 * n + 30, counts
    assert max(counts.values()) < 1150 and min(counts.values()) > 850


def test_below_high_bits_are_used_for_large_n() -> None:
    # Values spread over the whole range, not only the low part.
    state = rng.seed_state(3)
    n = 10**15
    seen = []
    for _ in range(2000):
        state, k = rng.below(state, n)
        seen.append(k)
    assert sum(k < n // 2 for k in seen) in range(900, 1101)
    assert max(seen) > n * 0.99 and min(seen) < n * 0.01


@given(state=U64, items=st.lists(st.integers(), max_size=40))
def test_shuffled_is_a_permutation_and_leaves_the_input_alone(state: int, items: list[int]) -> None:
    before = copy.copy(items)
    new, out = rng.shuffled(state, items)
    assert items == before
    assert out is not items
    assert sorted(out) == sorted(items)
    assert rng.shuffled(state, items) == (new, out)
    if len(items) <= 1:
        assert new == state and out == items


def test_shuffled_accepts_any_sequence_items() -> None:
    items = ["a", ("b", 1), None, 3.5]
    _, out = rng.shuffled(rng.seed_state(1), items)
    assert Counter(map(repr, out)) == Counter(map(repr, items))


def test_shuffled_reaches_every_order_evenly() -> None:
    state = rng.seed_state(11)
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(6000):
        state, out = rng.shuffled(state, [0, 1, 2])
        counts[tuple(out)] += 1
    assert len(counts) == 6
    assert all(850 < c < 1150 for c in counts.values()), counts


def test_shuffled_positions_are_uniform() -> None:
    # Each item lands in each place about equally often (a biased Fisher-Yates fails this).
    n, rounds = 8, 8000
    state = rng.seed_state(5)
    where = [[0] * n for _ in range(n)]
    for _ in range(rounds):
        state, out = rng.shuffled(state, list(range(n)))
        for place, item in enumerate(out):
            where[item][place] += 1
    expected = rounds / n
    for row in where:
        assert all(abs(c - expected) < 0.15 * expected for c in row), row


def test_different_seeds_give_different_streams() -> None:
    firsts = {rng.next_u64(rng.seed_state(seed))[1] for seed in range(1000)}
    assert len(firsts) == 1000
