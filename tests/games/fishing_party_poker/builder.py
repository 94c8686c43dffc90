"""Build Fishing Party Poker positions card by card, for rule tests on exact hands.

Card specs are a rank and a suit letter: "AS", "10H", "7D", "2C". Every spec
makes its own card, so "8S" twice is two identical cards (two 52-card sets).
`build` returns a hand dealt and anted, at the start of betting round 1, with
the player to the dealer's left to act; the deck holds a full 52-card set
besides the cards named, so nothing depends on the shipped card file.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from fishtable.engine import rng as rand
from fishtable.engine.errors import IllegalAction
from fishtable.engine.protocol import Event, SeatInfo
from fishtable.games.fishing_party_poker import GAME, rounds
from fishtable.games.fishing_party_poker.actions import (
    BET,
    CALL,
    CHECK,
    FOLD,
    KEEP,
    RAISE,
    Swap,
)
from fishtable.games.fishing_party_poker.cards import RANK_VALUE, Card
from fishtable.games.fishing_party_poker.hands import rank_bit
from fishtable.games.fishing_party_poker.state import PokerState

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
SUITS = "SHDC"
FULL_SET = tuple(f"{r}{s}" for s in SUITS for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"))
BETS = {"check": CHECK, "bet": BET, "call": CALL, "raise": RAISE, "fold": FOLD}


def parse(spec: str) -> tuple[int, int]:
    return RANK_VALUE[spec[:-1]], SUITS.index(spec[-1])


def value_of(*specs: str) -> int:
    """A hand's value straight from specs: GAME's evaluator on a throwaway card table."""
    from fishtable.games.fishing_party_poker.hands import evaluate_faces

    ranks, suits = zip(*(parse(s) for s in specs), strict=True)
    return evaluate_faces(ranks, suits)


def build(
    hands: Sequence[Sequence[str]],
    community: Sequence[str] = ("2C", "3D", "7H", "9S", "JD"),
    chips: Sequence[int] | int = 100,
    dealer: int | None = None,
    ante: int = 1,
    small_bet: int = 2,
    big_bet: int = 4,
    max_raises: int = 3,
    max_hands: int = 0,
    hand_no: int = 1,
    seed: int = 1,
) -> PokerState:
    """A hand at the start of betting round 1. `chips` is before the ante; `dealer` defaults to the last seat.

    A seat given an empty hand and 0 chips is out of the session.
    """
    n = len(hands)
    chips = [chips] * n if isinstance(chips, int) else list(chips)
    dealer = n - 1 if dealer is None else dealer
    specs: list[str] = []
    hand_ids: list[list[int]] = []
    for hand in hands:
        hand_ids.append(list(range(len(specs), len(specs) + len(hand))))
        specs += hand
    community_ids = list(range(len(specs), len(specs) + len(community)))
    specs += community
    deck_ids = list(range(len(specs), len(specs) + len(FULL_SET)))
    specs += FULL_SET
    cards = tuple(
        Card(i, f"C{i + 1:03d}", f"Card {spec}", "", *parse(spec)) for i, spec in enumerate(specs)
    )
    state = PokerState(
        cards=cards, cids=tuple(c.cid for c in cards), bits=tuple(rank_bit(c.rank) for c in cards),
        suits=tuple(c.suit for c in cards), names=NAMES[:n], bots=(False,) * n, ante=ante,
        small_bet=small_bet, big_bet=big_bet, max_raises=max_raises, max_hands=max_hands, opening=(),
        rng=rand.seed_state(seed), phase="betting", hand_no=hand_no, dealer=dealer, chips=chips,
        hands_won=[0] * n, deck=deck_ids, hands=hand_ids, community=community_ids,
    )
    state.in_hand = [c > 0 for c in chips]
    state.folded = [False] * n
    state.committed = [0] * n
    for s in range(n):
        if state.in_hand[s]:
            paid = min(ante, chips[s])
            state.chips[s] -= paid
            state.committed[s] = paid
    rounds.start_betting(state, 1, [])
    return state


def seats(n: int, bots: Sequence[str | None] | None = None) -> list[SeatInfo]:
    bots = bots or [None] * n
    return [SeatInfo(name=NAMES[i], bot=bots[i]) for i in range(n)]


def play(state: PokerState, seat: int, action: Any) -> tuple[PokerState, list[Event]]:
    return GAME.apply(state, seat, action)


def act(state: PokerState, *kinds: str) -> tuple[PokerState, list[Event]]:
    """Apply betting moves ("check", "bet", "call", "raise", "fold") or "keep" for whoever must act."""
    events: list[Event] = []
    for kind in kinds:
        assert state.actor >= 0, f"nobody to act for {kind!r} (phase {state.phase})"
        state, more = GAME.apply(state, state.actor, KEEP if kind == "keep" else BETS[kind])
        events += more
    return state, events


def card_id(state: PokerState, spec: str, where: Sequence[int]) -> str:
    rank, suit = parse(spec)
    for c in where:
        card = state.cards[c]
        if card.rank == rank and card.suit == suit:
            return card.cid
    raise KeyError(f"no {spec} there")


def swap(state: PokerState, seat: int, give: str, take: str) -> Swap:
    """The Swap of `seat`'s card `give` for the community card `take`, by spec."""
    return Swap(give=card_id(state, give, state.hands[seat]), take=card_id(state, take, state.community))


def specs_of(state: PokerState, cards: Sequence[int]) -> list[str]:
    from fishtable.games.fishing_party_poker.cards import RANK_TEXT

    return [f"{RANK_TEXT[state.cards[c].rank]}{SUITS[state.cards[c].suit]}" for c in cards]


def texts(events: Sequence[Event], public: bool = True) -> list[str]:
    return [e.text for e in events if not public or e.visible_to is None]


def total_chips(state: PokerState) -> int:
    return sum(state.chips) + sum(state.committed)


def view_json(state: PokerState, seat: int | None) -> str:
    return GAME.view(state, seat).model_dump_json()


def rejected(state: PokerState, seat: int, action: object, *words: str) -> str:
    """Assert the action is illegal with a readable message and leaves the state alone."""
    before = GAME.state_hash(state)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, seat, action)
    message = str(info.value)
    assert len(message) > 8 and not message[0].islower() and message.rstrip().endswith((".", ")")), message
    assert "<" not in message and "Error" not in message, message
    for word in words:
        assert word.lower() in message.lower(), message
    assert GAME.state_hash(state) == before
    return message
