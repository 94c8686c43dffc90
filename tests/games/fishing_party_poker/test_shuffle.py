"""The deal's partial shuffle (`engine.fastrng.shuffle_top`, which poker's deal calls) draws exactly what
`engine.rng` would."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from fishtable.engine import rng as engine_rng
from fishtable.engine.fastrng import shuffle_top


@settings(max_examples=400, deadline=None)
@given(state=st.integers(0, 2**64 - 1), cards=st.integers(0, 120), count=st.integers(0, 130))
def test_shuffle_top_is_the_first_fisher_yates_steps_of_engine_rng(state: int, cards: int, count: int) -> None:
    deck = list(range(cards))
    after = shuffle_top(state, deck, count)
    # The whole shuffle of engine.rng, one draw at a time: the top `count` cards (the deck's
    # end) come from its first steps, which shuffle_top takes, and nothing else is drawn.
    reference, shuffled = engine_rng.shuffled(state, list(range(cards)))
    dealt = min(count, cards)
    if dealt:
        assert deck[cards - dealt:] == shuffled[cards - dealt:]
    assert sorted(deck) == list(range(cards))
    steps = max(0, min(count, cards - 1))  # the last card left needs no draw
    expected = state
    for _ in range(steps):
        expected, _ = engine_rng.next_u64(expected)
    assert after == expected
    if steps == cards - 1 or cards <= 1:
        assert after == reference and deck == shuffled
