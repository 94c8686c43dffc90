"""Positions for the snapshots: a four-seat hand played by the engine up to a chosen point.

Elena, Tomás and Marta are people, Ernesto a computer with a single chip (all
in from the ante) who deals. Marta bets and folds to Elena's raise in the
first round; Elena swaps her 3♠ for the A♣ in swap 1.
"""

from __future__ import annotations

from fishtable.engine.match import Match
from fishtable.games.fishing_party_poker.actions import BET, CALL, CHECK, FOLD, KEEP, RAISE, Swap

from .driver import cid, poker_match

NAMES4 = ("Elena", "Tomás", "Ernesto", "Marta")
BOTS4 = (None, None, "random", None)
HANDS4 = (
    ("KS", "KH", "KD", "9C", "3S"),
    ("QS", "QH", "JS", "JH", "9D"),
    ("2C", "4D", "6H", "8S", "10C"),
    ("AS", "AH", "5D", "7C", "8D"),
)
COMMUNITY4 = ("5C", "7D", "9H", "AC", "QD")


def four_seats() -> Match:
    return poker_match(HANDS4, COMMUNITY4, chips=[40, 40, 1, 40], dealer=2, names=NAMES4, bots=BOTS4)


def at_swap_one() -> Match:
    """Swap 1, Elena to choose (Marta folded in the first round)."""
    match = four_seats()
    for seat, action in ((3, BET), (0, RAISE), (1, CALL), (3, FOLD)):
        match.apply(seat, action)
    return match


def at_round_two() -> Match:
    """Betting round 2, Elena to act: she took the A♣ for her 3♠; Tomás and Ernesto kept their hands."""
    match = at_swap_one()
    match.apply(0, Swap(give=cid(match, "3S", 0), take=cid(match, "AC")))
    match.apply(1, KEEP)
    match.apply(2, KEEP)
    return match


def at_round_three_for_tomas() -> Match:
    """The last betting round: Elena has checked, Tomás to act; then comes the showdown."""
    match = at_round_two()
    for seat, action in ((0, BET), (1, CALL), (0, KEEP), (1, KEEP), (2, KEEP), (0, CHECK)):
        match.apply(seat, action)
    return match
