"""What one seat may see of a Fishing Party Poker session. No field here can hold a hidden card.

Another seat's hand is a count until it is shown at a showdown; the
community cards are numbered places, with no card, until the dealer turns
them face up. A folded hand, or one that won without a showdown, is never
shown.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from fishtable.engine.protocol import Prompt, Result
from fishtable.games.fishing_party_poker.cards import SuitName

SeatStatus = Literal["in", "folded", "all in", "out"]


class _View(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CardFace(_View):
    """A card face up: its Fishing Party card and its poker index."""

    id: str
    name: str  # the Fishing Party card: "Walleye"
    detail: str  # its printed values in words: "6 lb (Tournament 10 lb)"
    rank: str  # "A", "K", "Q", "J", "10" .. "2"
    suit: SuitName
    value: int  # 2..14, ace high
    label: str  # the index: "10♥"


class CommunitySlot(_View):
    """A place in the middle of the table; `card` is None while the cards lie face down."""

    place: int  # 1..5
    card: CardFace | None


class PotView(_View):
    name: str  # "the pot", "the main pot", "side pot 1"
    amount: int
    eligible: tuple[int, ...]  # seats that can still win it


class AwardView(_View):
    """A pot paid out at the end of the hand."""

    pot: str
    amount: int
    winners: tuple[int, ...]
    hand: str  # the winning hand's name; "" when won without a showdown
    returned: bool  # chips nobody matched, given back to the player who bet them


class SeatPanel(_View):
    seat: int
    name: str
    is_bot: bool
    chips: int  # in front of the player, not in the pot
    round_bet: int  # put in during this betting round
    in_pot: int  # put in this hand, ante included
    status: SeatStatus
    cards: int  # how many cards the player holds
    dealer: bool
    to_act: bool
    hands_won: int
    shown: tuple[CardFace, ...] | None  # face up at the showdown, in the seat's hand order
    shown_hand: str | None  # the shown hand's name: "Full House, eights over fours"
    show_position: int | None  # 1 for the first hand shown, ...
    # Public knowledge: cards everyone saw this seat take from the community this hand, still held.
    known: tuple[CardFace, ...] = ()
    # While betting: has acted in this round and need not again unless someone bets or raises a
    # full bet; may still bet or raise this round (FP-Q-29).
    acted: bool = False
    may_raise: bool = False


class PokerView(_View):
    game: Literal["fishing-party-poker"] = "fishing-party-poker"
    seat: int | None  # None: the public table
    phase: Literal["betting", "swap", "hand_over", "over"]
    stage: str  # in words: "Betting round 2", "Swap 1", "Hand 4 is over"
    hand_number: int
    dealer: int
    betting_round: int | None  # 1..3 while betting
    swap_round: int | None  # 1..2 while swapping
    bet_size: int  # the size of a bet or raise in this betting round (while swapping: the next one's)
    current_bet: int  # the highest bet of this betting round
    raises_left: int  # bets and raises still allowed this round
    actor: int | None  # who must act now (bet, swap or deal)
    call_cost: int | None  # what calling costs the actor now (None: nothing to call)
    pot: int  # every chip in the middle
    pots: tuple[PotView, ...]  # the main pot first, then side pots
    community_face_up: bool
    community: tuple[CommunitySlot, ...]
    seats: tuple[SeatPanel, ...]
    hand: tuple[CardFace, ...] | None  # own view only
    best_hand: str | None  # own view only: the hand's name now
    showdown_order: tuple[int, ...]  # seats in the order their hands were shown
    awards: tuple[AwardView, ...]  # how the last pot was paid, until the next deal
    stopping: bool  # the table has called time: this hand is the last
    hand_limit: int  # 0: none
    prompt: Prompt | None
    result: Result | None
    # The table's rules and public history, for the search bots' samplers:
    ante: int = 0
    small_bet: int = 0
    big_bet: int = 0
    max_raises: int = 0
    aggressors: tuple[int, ...] = ()  # who bet or raised this hand, in order (the showdown order)
    card_set: str = ""  # a digest naming the card table in play (see tables.py)
