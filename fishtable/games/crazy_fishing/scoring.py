"""End-of-game scoring (CF-END-3..5, CF-FISH-3, CF-FISH-6, CF-OOS-19)."""

from __future__ import annotations

import math

from fishtable.engine.fast import trusted
from fishtable.engine.identity import PerObject
from fishtable.engine.protocol import Result
from fishtable.engine.scores import score_lines
from fishtable.games.crazy_fishing.cards import INFINITE, Card
from fishtable.games.crazy_fishing.state import CFState
from fishtable.games.crazy_fishing.worth import card_worth


def boot_bonus(boots: int) -> int:
    return 3 if boots >= 3 else 1 if boots == 2 else 0


# How many pearls a card table holds, once per table (every seat's score asks it).
_pearls: PerObject[tuple[Card, ...], int] = PerObject(
    lambda cards: sum(1 for c in cards if c.type == "fish" and c.fish_kind == "pearl")
)


def score_parts(state: CFState, seat: int) -> list[tuple[str, int]]:
    # One pass over the pile: every playout ends here, and the search's `evaluate` asks it of
    # every seat. A boot or a pearl is an ordinary (not out-of-series) card of that special.
    cards = state.cards
    fish = boots = pearls = pearl_sizes = ones = 0
    prawn = False
    for c in state.piles[seat]:
        card = cards[c]
        value = card.value
        fish += value
        if value == 1:
            ones += 1
        special = card.special
        if card.oos:
            prawn = prawn or special == "prawn"
        elif special == "boot":
            boots += 1
        elif special == "pearl":
            pearls += 1
            pearl_sizes += value
    # All the pearls: their value doubles, i.e. a bonus equal to their sizes (CF-Q-20).
    pearls_in_game = _pearls(cards)
    pearl = pearl_sizes if pearls_in_game and pearls == pearls_in_game else 0
    parts = [("fish", fish), ("boot bonus", boot_bonus(boots)), ("pearl bonus", pearl)]
    if prawn:
        # Every caught card printed 1 scores 2; boots and bonuses unchanged (CF-Q-33).
        parts.append(("prawn bonus", ones))
    return parts


def result(state: CFState) -> Result | None:
    if state.phase != "over":
        return None
    lines, winners, _ = score_lines(state.names, [score_parts(state, s) for s in range(state.n)])
    return trusted(Result, scores=lines, winners=winners)


# Every card's worth in a hand (see worth.py), once per card table.
_worth: PerObject[tuple[Card, ...], tuple[float, ...]] = PerObject(lambda cards: tuple(
    card_worth(c.type, None if c.value >= INFINITE else c.value, c.plus, c.special) for c in cards))


def evaluate(state: CFState, seat: int) -> float:
    """A heuristic value in [0, 1] of the position for `seat`, for search cut short.

    At the end: 1 for a sole win, 1/k for a win shared by k seats, 0 otherwise.
    Before: a logistic of the seat's lead over the best other score so far, on a
    scale that grows with what the sea still holds (a big lead with a rich sea
    left is not yet a win). It reads the whole state, so only a world the bot
    imagined should be given to it, never the true state.
    """
    totals: list[float] = [sum(v for _, v in score_parts(state, s)) for s in range(state.n)]
    if state.phase == "over":
        best = max(totals)
        winners = [s for s in range(state.n) if totals[s] == best]
        return 1.0 / len(winners) if seat in winners else 0.0
    # Cards in hand count too (their worth against average ones): spending the best has a cost.
    worth = _worth(state.cards)
    totals = [t + sum(worth[c] for c in state.hands[s]) for s, t in enumerate(totals)]
    others = max(t for s, t in enumerate(totals) if s != seat)
    cards = state.cards
    left = sum(cards[c].value for c in state.sea) + sum(cards[c].value for c in state.beside)
    scale = 2.0 + left / (2 * state.n)
    return 1.0 / (1.0 + math.exp(-(totals[seat] - others) / scale))


def round_played(start: CFState, state: CFState) -> bool:
    """Has a playout from `start` played out its round (the search's cut-off, for `evaluate`)?

    The catches of a round and the refill after them settle what its casts were worth; a
    playout begun at the refill plays the next round too, or a draw would be judged before
    the cards drawn were ever used.
    """
    return state.round > start.round + (1 if start.phase == "collect" else 0) or state.phase == "over"
