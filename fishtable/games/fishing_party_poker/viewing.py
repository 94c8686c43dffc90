"""Building a seat's view: the only way game information leaves the engine."""

from __future__ import annotations

from fishtable.games.fishing_party_poker import betting, hands
from fishtable.games.fishing_party_poker.cards import RANK_TEXT, SUIT_NAMES, Card
from fishtable.games.fishing_party_poker.pots import layers, pot_names
from fishtable.games.fishing_party_poker.rules import pending
from fishtable.games.fishing_party_poker.scoring import result
from fishtable.games.fishing_party_poker.state import PokerState
from fishtable.games.fishing_party_poker.tables import table_key
from fishtable.games.fishing_party_poker.views import (
    AwardView,
    CardFace,
    CommunitySlot,
    PokerView,
    PotView,
    SeatPanel,
    SeatStatus,
)

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
        phase=state.phase,  # type: ignore[arg-type]
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
