"""Fixed-limit betting (FP-POKER-7, FP-POKER-8, FP-Q-29).

Bets and raises are the round's bet size: the small bet in the first round,
the big bet in the later ones. A round allows one bet and `max_raises`
raises. A player with too few chips may still call or raise with all they
have: an all-in raise smaller than the bet size does not count towards the
cap and does not let players who have already acted raise again.
"""

from __future__ import annotations

from fishtable.engine.errors import IllegalAction
from fishtable.engine.protocol import Event
from fishtable.games.fishing_party_poker.actions import BET, CALL, CHECK, FOLD, RAISE, Action
from fishtable.games.fishing_party_poker.common import chips_text, news
from fishtable.games.fishing_party_poker.state import PokerState


def bet_size(state: PokerState) -> int:
    return state.small_bet if state.betting_round <= 1 else state.big_bet


def to_call(state: PokerState, seat: int) -> int:
    """What calling costs `seat` now: the difference to the highest bet, or all its chips."""
    owe = state.level - state.round_bet[seat]
    return owe if owe < state.chips[seat] else state.chips[seat]


def raise_target(state: PokerState) -> int:
    """The round bet a bet or raise brings a player to (less if they go all in)."""
    return state.level + bet_size(state)


def can_wager(state: PokerState, seat: int) -> bool:
    """May `seat` bet or raise now?"""
    if state.wagers > state.max_raises or not state.may_raise[seat]:
        return False
    if state.chips[seat] <= state.level - state.round_bet[seat]:
        return False  # everything left only calls
    # Someone else must be able to answer: raising players who are all in is pointless.
    chips, in_hand, folded = state.chips, state.in_hand, state.folded
    for s in range(len(chips)):  # noqa: SIM110 - a plain loop: this runs at every betting step
        if s != seat and chips[s] and in_hand[s] and not folded[s]:
            return True
    return False


def legal(state: PokerState, seat: int) -> list[Action]:
    owe = state.level - state.round_bet[seat]
    if owe <= 0:
        return [CHECK, (BET if state.level == 0 else RAISE)] if can_wager(state, seat) else [CHECK]
    # Folding is allowed only when there is something to call; checking is free otherwise.
    return [CALL, RAISE, FOLD] if can_wager(state, seat) else [CALL, FOLD]


def _pay(state: PokerState, seat: int, amount: int) -> None:
    # Copied before changing: `apply` works on a fork that shares them with the state it was given.
    state.chips = chips = state.chips[:]
    chips[seat] -= amount
    state.round_bet = round_bet = state.round_bet[:]
    round_bet[seat] += amount
    state.committed = committed = state.committed[:]
    committed[seat] += amount


def apply(state: PokerState, seat: int, kind: str, events: list[Event] | None) -> None:
    """Apply a betting action of `seat`, who is the actor. Raises IllegalAction, changing nothing."""
    name = state.names[seat]
    owe = state.level - state.round_bet[seat]
    # Copied before changing: every betting move changes who acted and may raise (see PokerState.fork).
    state.acted = acted = state.acted[:]
    state.may_raise = may_raise = state.may_raise[:]
    if kind == "check":
        if owe > 0:
            raise IllegalAction(f"You cannot check: the bet is {state.level}; call {to_call(state, seat)} or fold.")
        if events is not None:
            events.append(news("check", f"{name} checks."))
    elif kind == "call":
        if owe <= 0:
            raise IllegalAction("There is nothing to call: check, or bet.")
        amount = to_call(state, seat)
        _pay(state, seat, amount)
        tail = " and is all in" if state.chips[seat] == 0 else ""
        if events is not None:
            events.append(news("call", f"{name} calls {amount}{tail}."))
    elif kind == "fold":
        if owe <= 0:
            raise IllegalAction("Nobody has bet: you can check for free instead of folding.")
        state.folded = folded = state.folded[:]  # copied before changing: see PokerState.fork
        folded[seat] = True
        if events is not None:
            events.append(news("fold", f"{name} folds."))
    elif kind in ("bet", "raise"):
        if kind == "bet" and state.level > 0:
            raise IllegalAction(f"There is already a bet of {state.level}: call, raise or fold.")
        if kind == "raise" and state.level == 0:
            raise IllegalAction("Nobody has bet yet: bet instead of raising.")
        if not can_wager(state, seat):
            raise IllegalAction(_no_wager_reason(state, seat, kind))
        target = raise_target(state)
        amount = min(target - state.round_bet[seat], state.chips[seat])
        _pay(state, seat, amount)
        new_level = state.round_bet[seat]
        full = new_level >= target
        if full:
            state.wagers += 1
        chips, in_hand, folded, round_bet = state.chips, state.in_hand, state.folded, state.round_bet
        for s in range(len(chips)):
            if s != seat and in_hand[s] and not folded[s] and chips[s] > 0:  # PokerState.live
                if full:
                    acted[s] = False
                    may_raise[s] = True
                elif round_bet[s] < new_level:
                    acted[s] = False  # must answer, but may not re-raise (not a full raise)
        state.level = new_level
        state.aggressors = [*state.aggressors, seat]  # a new list: see PokerState.fork
        verb = "bets" if kind == "bet" else "raises to"
        tail = " and is all in" if state.chips[seat] == 0 else ""
        if events is not None:
            events.append(news(kind, f"{name} {verb} {new_level}{tail}."))
    else:  # pragma: no cover - the dispatcher only sends betting kinds here
        raise IllegalAction("That is not a betting move.")
    acted[seat] = True
    may_raise[seat] = False


def _no_wager_reason(state: PokerState, seat: int, kind: str) -> str:
    if state.wagers > state.max_raises:
        return f"The betting is capped: a bet and {state.max_raises} raises have been made this round."
    if state.chips[seat] <= state.level - state.round_bet[seat]:
        return f"You have only {chips_text(state.chips[seat])}: you can call all in, not raise."
    if not state.may_raise[seat]:
        return "You have already acted and nobody has raised a full bet since: call or fold."
    return f"Nobody left in the hand has chips to answer a {kind}."


def next_actor(state: PokerState, after: int) -> int:
    """The next seat clockwise that must act in this round, or -1 when the round is over."""
    n = len(state.chips)
    level = state.level
    for i in range(1, n + 1):
        s = (after + i) % n
        if state.in_hand[s] and not state.folded[s] and state.chips[s] > 0 and (
            not state.acted[s] or state.round_bet[s] < level
        ):
            return s
    return -1
