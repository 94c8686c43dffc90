"""Five-card hand values and names (FP-POKER-14..20, FP-Q-31).

A hand's value is one int: its category in bits 20-23 and up to five tie-break
ranks of four bits each below, so that comparing two values compares the
hands. Identical cards (two 52-card sets) pair like any others; five cards of
one rank are a Four of a Kind whose kicker is of the same rank, which beats
every other Four of a Kind of that rank (`FIFTH` outranks any kicker).

Evaluation is a table lookup: each card contributes `1 << 3 * (rank - 2)`,
so the sum of five such terms counts the cards of each rank without sorting.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from itertools import combinations_with_replacement

HIGH_CARD, PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH = 0, 1, 2, 3, 4, 5
FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH, ROYAL_FLUSH = 6, 7, 8, 9
CATEGORY_NAMES = (
    "High Card", "Pair", "Two Pair", "Three of a Kind", "Straight", "Flush", "Full House",
    "Four of a Kind", "Straight Flush", "Royal Flush",
)
FIFTH = 15  # the kicker of five cards of one rank: above any other kicker of that Four of a Kind
ACE = 14
WHEEL = (ACE, 5, 4, 3, 2)

_SINGULAR = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
             10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"}
_PLURAL = {r: ("sixes" if r == 6 else w + "s") for r, w in _SINGULAR.items()}


def rank_bit(rank: int) -> int:
    return 1 << (3 * (rank - 2))


def _encode(category: int, ranks: Sequence[int]) -> int:
    value = category
    for i in range(5):
        value = (value << 4) | (ranks[i] if i < len(ranks) else 0)
    return value


def category_of(value: int) -> int:
    return value >> 20


def tiebreak_of(value: int) -> tuple[int, ...]:
    return tuple((value >> (16 - 4 * i)) & 15 for i in range(5))


def _straight_high(ranks_desc: tuple[int, ...]) -> int:
    """The top card of a straight (5 for A-2-3-4-5), or 0."""
    if len(set(ranks_desc)) != 5:
        return 0
    if ranks_desc == WHEEL:
        return 5
    return ranks_desc[0] if ranks_desc[0] - ranks_desc[4] == 4 else 0


def value_of_ranks(ranks: Sequence[int], flush: bool) -> int:
    """The value of five cards with these ranks (2..14), all of one suit or not."""
    desc = tuple(sorted(ranks, reverse=True))
    counts: dict[int, int] = {}
    for r in desc:
        counts[r] = counts.get(r, 0) + 1
    # Groups by size, then rank: the order in which ties are broken.
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in groups)
    top = [r for r, _ in groups]
    if shape == (5,):
        return _encode(FOUR_OF_A_KIND, (top[0], FIFTH))  # FP-Q-31: a Four of a Kind with a same-rank kicker
    high = _straight_high(desc)
    if high and flush:
        return _encode(ROYAL_FLUSH if high == ACE else STRAIGHT_FLUSH, (high,))
    if shape == (4, 1):
        return _encode(FOUR_OF_A_KIND, top)
    if shape == (3, 2):
        return _encode(FULL_HOUSE, top)
    if flush:
        # With two sets a flush may hold two identical cards: it is compared card by card, highest first.
        return _encode(FLUSH, desc)
    if high:
        return _encode(STRAIGHT, (high,))
    if shape == (3, 1, 1):
        return _encode(THREE_OF_A_KIND, top)
    if shape == (2, 2, 1):
        return _encode(TWO_PAIR, top)
    if shape == (2, 1, 1, 1):
        return _encode(PAIR, top)
    return _encode(HIGH_CARD, top)


def _tables() -> tuple[dict[int, int], dict[int, int]]:
    plain: dict[int, int] = {}
    suited: dict[int, int] = {}
    for ranks in combinations_with_replacement(range(2, 15), 5):
        key = sum(rank_bit(r) for r in ranks)
        plain[key] = value_of_ranks(ranks, False)
        suited[key] = value_of_ranks(ranks, True)
    return plain, suited


PLAIN, SUITED = _tables()


def evaluate(cards: Sequence[int], bits: Sequence[int], suits: Sequence[int]) -> int:
    """The value of a five-card hand given as card numbers, with per-card rank bits and suits."""
    a, b, c, d, e = cards
    key = bits[a] + bits[b] + bits[c] + bits[d] + bits[e]
    s = suits[a]
    if s == suits[b] == suits[c] == suits[d] == suits[e]:
        return SUITED[key]
    return PLAIN[key]


def evaluate_faces(ranks: Sequence[int], suits: Sequence[Hashable]) -> int:
    """The value of five cards given by rank (2..14) and any suit labels."""
    key = sum(rank_bit(r) for r in ranks)
    return SUITED[key] if len(set(suits)) == 1 else PLAIN[key]


def hand_name(value: int) -> str:
    """The hand in words: "Full House, eights over fours" (worked out once per value)."""
    name = _NAMES.get(value)
    if name is None:
        name = _NAMES[value] = _hand_name(value)
    return name


_NAMES: dict[int, str] = {}  # a hand's name by its value: at most one per value in PLAIN and SUITED


def _hand_name(value: int) -> str:
    category = category_of(value)
    t = tiebreak_of(value)
    if category == ROYAL_FLUSH:
        return "Royal Flush"
    if category == STRAIGHT_FLUSH:
        return f"Straight Flush, {_SINGULAR[t[0]]} high" + (" (A-2-3-4-5)" if t[0] == 5 else "")
    if category == FOUR_OF_A_KIND:
        if t[1] == FIFTH:
            return f"Four of a Kind, {_PLURAL[t[0]]}, with a fifth {_SINGULAR[t[0]]}"
        return f"Four of a Kind, {_PLURAL[t[0]]}"
    if category == FULL_HOUSE:
        return f"Full House, {_PLURAL[t[0]]} over {_PLURAL[t[1]]}"
    if category == FLUSH:
        return f"Flush, {_SINGULAR[t[0]]} high"
    if category == STRAIGHT:
        return f"Straight, {_SINGULAR[t[0]]} high" + (" (A-2-3-4-5)" if t[0] == 5 else "")
    if category == THREE_OF_A_KIND:
        return f"Three of a Kind, {_PLURAL[t[0]]}"
    if category == TWO_PAIR:
        return f"Two Pair, {_PLURAL[t[0]]} and {_PLURAL[t[1]]}"
    if category == PAIR:
        return f"Pair of {_PLURAL[t[0]]}"
    return f"High Card, {_SINGULAR[t[0]]}"
