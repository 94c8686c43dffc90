"""A new session: the card table, the chips, the first dealer and the first deal."""

from __future__ import annotations

from collections.abc import Sequence

from fishtable.engine import rng as rand
from fishtable.engine.errors import CardFileError
from fishtable.engine.protocol import Event, SeatInfo
from fishtable.games.fishing_party_poker import rounds
from fishtable.games.fishing_party_poker.cards import PokerCardFile, build_cards, load_card_file
from fishtable.games.fishing_party_poker.hands import rank_bit
from fishtable.games.fishing_party_poker.options import PokerOptions
from fishtable.games.fishing_party_poker.state import PokerState

MIN_PLAYERS = 2
MAX_PLAYERS = 8  # FP-Q-32


def card_data(options: PokerOptions) -> PokerCardFile:
    """The options' card data, or the file they name (the shipped file if none)."""
    if options.cards is not None:
        return options.cards
    return load_card_file(options.card_file)


def new_game(options: PokerOptions, seats: Sequence[SeatInfo], seed: int) -> PokerState:
    n = len(seats)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"Fishing Party Poker is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}.")
    cards = build_cards(card_data(options))
    needed = n * rounds.HAND_SIZE + rounds.COMMUNITY_SIZE
    if len(cards) < needed:
        raise CardFileError(
            f"The card file has {len(cards)} cards; {n} players need {needed} (five each and five in the middle).")
    state = PokerState(
        cards=cards,
        cids=tuple(c.cid for c in cards),
        bits=tuple(rank_bit(c.rank) for c in cards),
        suits=tuple(c.suit for c in cards),
        names=tuple(s.name for s in seats),
        bots=tuple(s.bot is not None for s in seats),
        ante=options.ante,
        small_bet=options.small_bet,
        big_bet=options.big_bet,
        max_raises=options.max_raises,
        max_hands=options.max_hands,
        opening=(),
        rng=rand.seed_state(seed),
        phase="betting",
        hand_no=0,
        dealer=0,
        chips=[options.starting_chips] * n,
        hands_won=[0] * n,
        deck=list(range(len(cards))),
        hands=[[] for _ in range(n)],
        community=[],
    )
    events: list[Event] = []
    state.dealer = rounds.roll_for_dealer(state, events)
    rounds.start_hand(state, events)
    state.opening = tuple(
        (e.kind, e.text, -1 if e.visible_to is None else e.visible_to[0], e.news) for e in events
    )
    return state
