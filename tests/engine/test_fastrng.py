"""`engine.fastrng` draws exactly what `engine.rng` draws, one at a time: the same games and
the same saves, whichever a game calls."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from fishtable.engine import fastrng
from fishtable.engine import rng as engine_rng

STATES = st.integers(0, 2**64 - 1)


@settings(max_examples=300, deadline=None)
@given(state=STATES, count=st.integers(-1, 90))
def test_draws_are_the_next_outputs_and_advance_is_the_state_after_them(state: int, count: int) -> None:
    expected = []
    s = state
    for _ in range(max(count, 0)):
        s, bits = engine_rng.next_u64(s)
        expected.append(bits)
    assert list(fastrng.draws(state, count)) == expected
    assert fastrng.advance(state, max(count, 0)) == s


@settings(max_examples=300, deadline=None)
@given(state=STATES, size=st.integers(0, 60))
def test_shuffled_is_the_engine_shuffle_on_both_sides_of_its_scalar_cut(state: int, size: int) -> None:
    items = [f"card {i}" for i in range(size)]
    assert fastrng.shuffled(state, items) == engine_rng.shuffled(state, items)
    assert items == [f"card {i}" for i in range(size)]  # a copy: the list given is left as it was


@settings(max_examples=200, deadline=None)
@given(state=STATES, cards=st.lists(st.integers(0, 200), max_size=40),
       width=st.integers(1, 80), height=st.integers(1, 20))
def test_spots_draw_x_then_y_for_each_card(state: int, cards: list[int], width: int, height: int) -> None:
    expected = []
    s = state
    for card in cards:
        s, x = engine_rng.below(s, width)
        s, y = engine_rng.below(s, height)
        expected.append((card, x, y))
    assert fastrng.spots(state, cards, width, height) == (s, expected)
