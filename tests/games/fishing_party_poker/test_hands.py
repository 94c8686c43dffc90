"""Hand ranks (FP-POKER-14..20), kickers and the rulings on duplicate cards (FP-Q-31).

The evaluator is checked against treys, an independent and widely used poker
library, on every straight flush, four of a kind and full house, and on a
large seeded sample of standard five-card hands.
"""

from __future__ import annotations

import random
from itertools import combinations, pairwise, product

import pytest
from treys import Card as TreysCard
from treys import Evaluator

from fishtable.games.fishing_party_poker import hands as hv
from fishtable.games.fishing_party_poker.hands import (
    CATEGORY_NAMES,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    ROYAL_FLUSH,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    category_of,
    evaluate,
    hand_name,
    rank_bit,
)
from tests.games.fishing_party_poker.builder import value_of

# -- the ranks, in order (FP-POKER-14) ------------------------------------------------------------

LADDER = [
    (("AS", "QH", "9D", "6C", "3S"), HIGH_CARD, "High Card, ace"),
    (("9S", "9H", "KD", "6C", "3S"), PAIR, "Pair of nines"),
    (("9S", "9H", "4D", "4C", "KS"), TWO_PAIR, "Two Pair, nines and fours"),
    (("6S", "6H", "6D", "2C", "9S"), THREE_OF_A_KIND, "Three of a Kind, sixes"),
    (("5S", "6H", "7D", "8C", "9S"), STRAIGHT, "Straight, nine high"),
    (("2H", "6H", "9H", "JH", "KH"), FLUSH, "Flush, king high"),
    (("8S", "8H", "8D", "4C", "4S"), FULL_HOUSE, "Full House, eights over fours"),
    (("7S", "7H", "7D", "7C", "2S"), FOUR_OF_A_KIND, "Four of a Kind, sevens"),
    (("5D", "6D", "7D", "8D", "9D"), STRAIGHT_FLUSH, "Straight Flush, nine high"),
    (("AC", "KC", "QC", "JC", "10C"), ROYAL_FLUSH, "Royal Flush"),
]


@pytest.mark.rule("FP-POKER-14")
def test_the_ten_ranks_come_in_the_ruled_order():
    values = [value_of(*cards) for cards, _, _ in LADDER]
    assert [category_of(v) for v in values] == [cat for _, cat, _ in LADDER]
    assert values == sorted(values) and len(set(values)) == len(values)
    assert [hand_name(v) for v in values] == [name for _, _, name in LADDER]
    # Every rank beats the best hand of the rank below it.
    best_below = [
        ("AS", "KH", "QD", "JC", "9S"), ("AS", "AH", "KD", "QC", "JS"), ("AS", "AH", "KD", "KC", "QS"),
        ("AS", "AH", "AD", "KC", "QS"), ("AS", "KH", "QD", "JC", "10S"), ("AH", "KH", "QH", "JH", "9H"),
        ("AS", "AH", "AD", "KC", "KS"), ("AS", "AH", "AD", "AC", "KS"), ("KD", "QD", "JD", "10D", "9D"),
    ]
    for (cards, _, _), best in zip(LADDER[1:], best_below, strict=True):
        assert value_of(*cards) > value_of(*best), cards


@pytest.mark.rule("FP-POKER-15")
def test_a_straight_is_five_in_sequence_not_all_one_suit():
    assert category_of(value_of("10S", "JH", "QD", "KC", "AS")) == STRAIGHT
    assert category_of(value_of("AS", "2H", "3D", "4C", "5S")) == STRAIGHT  # the wheel
    assert hand_name(value_of("AS", "2H", "3D", "4C", "5S")) == "Straight, five high (A-2-3-4-5)"
    # Not in sequence: a gap, or around the corner.
    assert category_of(value_of("4S", "5H", "6D", "7C", "9S")) == HIGH_CARD
    assert category_of(value_of("QS", "KH", "AD", "2C", "3S")) == HIGH_CARD
    # All one suit: no longer a plain Straight.
    assert category_of(value_of("4S", "5S", "6S", "7S", "8S")) == STRAIGHT_FLUSH
    # The wheel is the lowest straight; ranks compare by the top card.
    wheel = value_of("AS", "2H", "3D", "4C", "5S")
    assert wheel < value_of("2S", "3H", "4D", "5C", "6S") < value_of("9S", "10H", "JD", "QC", "KS")
    assert value_of("9S", "10H", "JD", "QC", "KS") < value_of("10S", "JH", "QD", "KC", "AS")


@pytest.mark.rule("FP-POKER-16")
def test_a_flush_is_one_suit_not_in_sequence():
    assert category_of(value_of("2D", "5D", "9D", "JD", "KD")) == FLUSH
    assert category_of(value_of("2D", "5D", "9D", "JD", "KH")) == HIGH_CARD
    assert category_of(value_of("9D", "10D", "JD", "QD", "KD")) == STRAIGHT_FLUSH
    # Compared card by card from the top.
    assert value_of("AD", "9D", "7D", "5D", "3D") > value_of("KD", "QD", "JD", "9D", "7D")
    assert value_of("AD", "9D", "7D", "5D", "3D") > value_of("AH", "9H", "7H", "5H", "2H")
    assert value_of("AD", "9D", "7D", "5D", "3D") == value_of("AH", "9H", "7H", "5H", "3H")


@pytest.mark.rule("FP-POKER-17")
def test_worked_example_full_house_eights_over_fours():
    v = value_of("8S", "8H", "8D", "4C", "4S")
    assert category_of(v) == FULL_HOUSE and hand_name(v) == "Full House, eights over fours"
    # Three of a Kind plus a Pair: it beats the Three of a Kind alone and the Flush below it.
    assert v > value_of("8S", "8H", "8D", "4C", "KS") > value_of("8S", "8H", "4D", "4C", "KS")
    assert v > value_of("2H", "6H", "9H", "JH", "AH")
    # Trips decide first, then the pair.
    assert value_of("9S", "9H", "9D", "2C", "2S") > v > value_of("8S", "8H", "8D", "3C", "3S")
    assert v < value_of("7S", "7H", "7D", "7C", "2S")


@pytest.mark.rule("FP-POKER-18")
def test_worked_examples_three_sixes_and_four_sevens():
    trips = value_of("6S", "6H", "6D", "KC", "2S")
    quads = value_of("7S", "7H", "7D", "7C", "2S")
    assert category_of(trips) == THREE_OF_A_KIND and hand_name(trips) == "Three of a Kind, sixes"
    assert category_of(quads) == FOUR_OF_A_KIND and hand_name(quads) == "Four of a Kind, sevens"
    assert value_of("5S", "5H", "AD", "AC", "KS") < trips < value_of("2S", "3H", "4D", "5C", "6S")
    assert value_of("AS", "AH", "AD", "KC", "KS") < quads < value_of("2D", "3D", "4D", "5D", "6D")


@pytest.mark.rule("FP-POKER-19")
def test_a_straight_flush_is_five_in_sequence_of_one_suit():
    steel = value_of("AC", "2C", "3C", "4C", "5C")
    assert category_of(steel) == STRAIGHT_FLUSH and "five high" in hand_name(steel)
    assert steel > value_of("AS", "AH", "AD", "AC", "KS")
    assert steel < value_of("2H", "3H", "4H", "5H", "6H") < value_of("9S", "10S", "JS", "QS", "KS")


@pytest.mark.rule("FP-POKER-20")
def test_a_royal_flush_is_the_strongest_hand():
    royal = value_of("AH", "KH", "QH", "JH", "10H")
    assert category_of(royal) == ROYAL_FLUSH
    everything_else = [value_of(*c) for c, _, _ in LADDER[:-1]] + [
        value_of("KS", "QS", "JS", "10S", "9S"), value_of("AS", "AS", "AH", "AH", "AD"),
    ]
    assert all(royal > v for v in everything_else)
    assert royal == value_of("AS", "KS", "QS", "JS", "10S")  # two royal flushes tie
    assert category_of(value_of("AH", "KH", "QH", "JH", "10S")) == STRAIGHT  # not all one suit


@pytest.mark.rule("FP-Q-31")
def test_kickers_break_ties_between_equal_ranks():
    assert value_of("9S", "9H", "AD", "6C", "3S") > value_of("9D", "9C", "KD", "QC", "JS")
    assert value_of("9S", "9H", "AD", "6C", "4S") > value_of("9D", "9C", "AS", "6D", "3S")
    assert value_of("KS", "KH", "4D", "4C", "3S") > value_of("QS", "QH", "JD", "JC", "AS")
    assert value_of("KS", "KH", "4D", "4C", "3S") < value_of("KD", "KC", "4S", "4H", "5S")
    assert value_of("6S", "6H", "6D", "AC", "2S") > value_of("6S", "6H", "6D", "KC", "QS")
    assert value_of("7S", "7H", "7D", "7C", "KS") > value_of("7S", "7H", "7D", "7C", "QS")
    assert value_of("AS", "QH", "9D", "6C", "3S") == value_of("AH", "QD", "9C", "6S", "3H")


@pytest.mark.rule("FP-Q-31")
def test_identical_cards_pair_normally_and_five_of_a_rank_is_the_best_four_of_a_kind():
    # Two identical cards (two 52-card sets) are a pair like any other.
    assert category_of(value_of("8S", "8S", "KD", "6C", "3S")) == PAIR
    assert category_of(value_of("8S", "8S", "8H", "8H", "3S")) == FOUR_OF_A_KIND
    five = value_of("7S", "7S", "7H", "7H", "7D")
    assert category_of(five) == FOUR_OF_A_KIND
    assert hand_name(five) == "Four of a Kind, sevens, with a fifth seven"
    # The same-rank kicker beats any other Four of a Kind of that rank, and no higher one.
    assert five > value_of("7S", "7H", "7D", "7C", "AS")
    assert five < value_of("8S", "8H", "8D", "8C", "2S")
    assert five < value_of("2D", "3D", "4D", "5D", "6D")
    # A flush holding a pair of identical cards is a Flush, compared card by card.
    paired_flush = value_of("AS", "AS", "KS", "7S", "3S")
    assert category_of(paired_flush) == FLUSH
    assert value_of("AH", "KH", "QH", "JH", "9H") < paired_flush < value_of("AD", "AD", "KD", "7D", "4D")
    # A full house in one suit is still a Full House (it outranks the Flush).
    assert category_of(value_of("KS", "KS", "QS", "QS", "KH")) == FULL_HOUSE


def test_the_table_and_the_direct_evaluation_agree():
    # evaluate() (table lookup on card numbers) against value_of_ranks, on every rank multiset.
    rng = random.Random(3)
    for ranks in rng.sample(sorted(combinations(range(2, 15), 5)), 200):
        suits = [rng.randrange(4) for _ in ranks]
        flush = len(set(suits)) == 1
        bits = [rank_bit(r) for r in ranks]
        assert evaluate(range(5), bits, suits) == hv.value_of_ranks(ranks, flush)
        assert evaluate(range(5), bits, [0] * 5) == hv.value_of_ranks(ranks, True)


# -- against treys ----------------------------------------------------------------------------------

_TREYS_RANKS = "23456789TJQKA"
_TREYS_SUITS = "shdc"
# treys (from 0.1.8) names the same ten classes, a royal flush apart from other straight flushes.
def _deck() -> tuple[list[int], list[int], list[int]]:
    """The 52 standard cards: treys ints, our rank bits, our suits (same order)."""
    treys, bits, suits = [], [], []
    for rank, suit in product(range(2, 15), range(4)):
        treys.append(TreysCard.new(_TREYS_RANKS[rank - 2] + _TREYS_SUITS[suit]))
        bits.append(rank_bit(rank))
        suits.append(suit)
    return treys, bits, suits


def _special_hands() -> list[tuple[int, ...]]:
    """Every straight flush, four of a kind and full house of one 52-card set (card indices)."""
    index = {(r, s): i for i, (r, s) in enumerate(product(range(2, 15), range(4)))}
    out = []
    for suit in range(4):
        for top in range(5, 15):
            ranks = [14, 2, 3, 4, 5] if top == 5 else list(range(top - 4, top + 1))
            out.append(tuple(index[(r, suit)] for r in ranks))
    for quad, kicker in product(range(2, 15), range(2, 15)):
        if quad != kicker:
            out += [tuple([index[(quad, s)] for s in range(4)] + [index[(kicker, k)]]) for k in range(4)]
    for trip, pair in product(range(2, 15), range(2, 15)):
        if trip != pair:
            for gone in range(4):
                three = [index[(trip, s)] for s in range(4) if s != gone]
                out += [tuple([*three, index[pair, a], index[pair, b]]) for a, b in combinations(range(4), 2)]
    return out


@pytest.mark.rule("FP-POKER-14", "FP-POKER-15", "FP-POKER-16", "FP-POKER-19", "FP-Q-31")
def test_same_categories_and_order_as_treys_on_a_large_sample():
    treys_deck, bits, suits = _deck()
    five = Evaluator()._five  # treys' own five-card evaluator: lower is stronger
    rng = random.Random(20240601)
    hands = [tuple(rng.sample(range(52), 5)) for _ in range(120_000)] + _special_hands()
    ours = [evaluate(h, bits, suits) for h in hands]
    theirs = [five([treys_deck[c] for c in h]) for h in hands]
    categories = {category_of(v) for v in ours}
    assert categories == set(range(10)), "the sample misses a category"
    evaluator = Evaluator()
    for v, t in zip(ours, theirs, strict=True):
        assert CATEGORY_NAMES[category_of(v)] == evaluator.class_to_string(evaluator.get_rank_class(t)), t
    # Same order: 120,000 pairs side by side, then every pair at once by sorting on our value.
    pairs = 0
    for i in range(0, len(hands) - 1):
        a, b = ours[i], ours[i + 1]
        ta, tb = theirs[i], theirs[i + 1]
        assert (a > b) == (ta < tb) and (a == b) == (ta == tb), (hands[i], hands[i + 1])
        pairs += 1
    assert pairs >= 100_000
    order = sorted(range(len(hands)), key=ours.__getitem__)
    for i, j in pairwise(order):
        if ours[i] == ours[j]:
            assert theirs[i] == theirs[j]
        else:
            assert theirs[i] > theirs[j], (hand_name(ours[i]), hand_name(ours[j]))
