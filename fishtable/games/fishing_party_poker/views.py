"""What one seat may see of a Fishing Party Poker session. No field here can hold a hidden card.

Another seat's hand is a count until it is shown at a showdown; the
community cards are numbered places, with no card, until the dealer turns
them face up. A folded hand, or one that won without a showdown, is never
shown.

The models come first; then `build_view(state, seat)`, which builds them: the only way game
information leaves the engine.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from fishtable.engine.protocol import Prompt, Result
from fishtable.games.fishing_party_poker import betting, hands
from fishtable.games.fishing_party_poker.cards import RANK_TEXT, SUIT_NAMES, Card, SuitName
from fishtable.games.fishing_party_poker.dispatch import pending
from fishtable.games.fishing_party_poker.pots import layers, pot_names
from fishtable.games.fishing_party_poker.scoring import result
from fishtable.games.fishing_party_poker.state import PokerState
from fishtable.games.fishing_party_poker.tables import table_key

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


# -- building a seat's view ----------------------------------------------------------------------

_FACES: dict[Card, CardFace] = {}


def face(card: Card) -> CardFace:
    cached = _FACES.get(card)
    if cached is None:
        cached = _FACES[card] = CardFace(
            id=card.cid, name=card.name, detail=card.detail, rank=RANK_TEXT[card.rank],
            suit=SUIT_NAMES[card.suit], value=card.rank, label=card.index,
        )
    return cached


def _status(state: PokerState, seat: int) -> SeatStatus:
    if not state.in_hand[seat]:
        return "out"
    if state.folded[seat]:
        return "folded"
    if state.chips[seat] == 0:
        return "out" if state.phase in ("hand_over", "over") else "all in"
    return "in"


def _stage(state: PokerState) -> str:
    if state.phase == "betting":
        return f"Betting round {state.betting_round}"
    if state.phase == "swap":
        return f"Swap {state.swap_round}"
    if state.phase == "hand_over":
        return f"Hand {state.hand_no} is over"
    return "The session is over"


def _bet_size(state: PokerState) -> int:
    """The bet size of this betting round, or of the next one while swapping or between hands."""
    if state.phase == "betting":
        return betting.bet_size(state)
    return state.big_bet if state.phase == "swap" else state.small_bet


def build_view(state: PokerState, seat: int | None) -> PokerView:
    cards = state.cards
    n = state.n
    betting_now = state.phase == "betting"
    shown_at = {s: i + 1 for i, s in enumerate(state.shown)}
    actor = state.actor if state.actor >= 0 else (state.next_dealer if state.phase == "hand_over" else -1)
    panels = []
    for s in range(n):
        shown = s in shown_at
        panels.append(SeatPanel(
            seat=s,
            name=state.names[s],
            is_bot=state.bots[s],
            chips=state.chips[s],
            round_bet=state.round_bet[s] if betting_now else 0,
            in_pot=state.committed[s],
            status=_status(state, s),
            cards=len(state.hands[s]) if state.in_hand[s] else 0,
            dealer=s == state.dealer,
            to_act=s == actor,
            hands_won=state.hands_won[s],
            shown=tuple(face(cards[c]) for c in state.hands[s]) if shown else None,
            shown_hand=hands.hand_name(hands.evaluate(state.hands[s], state.bits, state.suits)) if shown else None,
            show_position=shown_at.get(s),
            known=tuple(face(cards[c]) for c in sorted(state.known[s])) if state.known else (),
            acted=betting_now and state.acted[s],
            may_raise=betting_now and state.may_raise[s],
        ))
    contenders = state.contenders()
    all_in = [c == 0 for c in state.chips]
    pot_layers = layers(state.committed, contenders, all_in) if contenders else []
    names = pot_names(len(pot_layers))
    owe = state.level - state.round_bet[state.actor] if betting_now and state.actor >= 0 else 0
    own = seat if seat is not None and state.in_hand[seat] and state.hands[seat] else None  # sees its cards
    return PokerView(
        seat=seat,
        phase=state.phase,  # type: ignore[arg-type]  # the state keeps the view's phase as a str
        stage=_stage(state),
        hand_number=state.hand_no,
        dealer=state.dealer,
        betting_round=state.betting_round if betting_now else None,
        swap_round=state.swap_round if state.phase == "swap" else None,
        bet_size=_bet_size(state),
        current_bet=state.level if betting_now else 0,
        raises_left=max(0, state.max_raises + 1 - state.wagers) if betting_now else 0,
        actor=actor if actor >= 0 else None,
        call_cost=betting.to_call(state, state.actor) if owe > 0 else None,
        pot=sum(state.committed),
        pots=tuple(PotView(name=nm, amount=a, eligible=e) for (a, e), nm in zip(pot_layers, names, strict=True)),
        community_face_up=state.face_up,
        community=tuple(
            CommunitySlot(place=i + 1, card=face(cards[c]) if state.face_up else None)
            for i, c in enumerate(state.community)
        ),
        seats=tuple(panels),
        hand=tuple(face(cards[c]) for c in state.hands[own]) if own is not None else None,
        best_hand=hands.hand_name(hands.evaluate(state.hands[own], state.bits, state.suits)) if own is not None
        else None,
        showdown_order=tuple(state.shown),
        awards=tuple(
            AwardView(pot=a.pot, amount=a.amount, winners=a.winners, hand=a.hand, returned=a.returned)
            for a in state.awards
        ),
        stopping=state.stopping,
        hand_limit=state.max_hands,
        prompt=pending(state).get(seat) if seat is not None else None,
        result=result(state),
        ante=state.ante,
        small_bet=state.small_bet,
        big_bet=state.big_bet,
        max_raises=state.max_raises,
        aggressors=tuple(state.aggressors),
        card_set=table_key(state.cards),
    )
