"""The shape of a turn: free actions, the move(s), the refill, and the next player."""

from __future__ import annotations

from fishtable.engine.protocol import Event
from fishtable.games.fishing_party import scoring
from fishtable.games.fishing_party.common import event, give_cards, hand_size, plural
from fishtable.games.fishing_party.state import NONE, FPState

QUICK_PLAY_MOVES = 2  # FP-VAR-7


def moves_per_turn(state: FPState) -> int:
    return QUICK_PLAY_MOVES if state.static.quick_play else 1  # FP-MOVE-1


def start_turn(state: FPState, seat: int, events: list[Event] | None) -> None:
    state.seat = seat
    state.stage = "turn"
    state.moves_left = moves_per_turn(state)
    state.moved = False
    state.unlucky = False
    state.turn_no += 1
    if events is not None:
        events.append(event("turn", f"{state.static.names[seat]}'s turn."))


def move_done(state: FPState, events: list[Event] | None) -> None:
    """A move is complete: on to the next move (Quick-Play) or the end of the turn."""
    state.aside = []
    state.given = ()
    state.taken = ()
    state.fishing = NONE
    state.moves_left -= 1
    if state.moves_left > 0:
        state.stage = "move"
    else:
        end_turn(state, events)


def end_turn(state: FPState, events: list[Event] | None) -> None:
    """FP-MOVE-9: refill to the hand size; FP-Q-15: a hand above it draws nothing and discards."""
    seat = state.seat
    state.moves_left = 0
    size = hand_size(state, seat)
    held = len(state.hands[seat])
    if held > size:
        state.stage = "discard"
        if events is not None:
            events.append(event("discard", f"{state.static.names[seat]} holds {plural(held, 'card')} and must "
                                           f"discard down to {size}."))
        return
    if held < size:
        give_cards(state, seat, size - held, events, "to refill their hand")
    next_turn(state, events)


def next_turn(state: FPState, events: list[Event] | None) -> None:
    if state.time_up:
        scoring.finish(state, "time", events)  # FP-Q-21: the turn is complete, the game ends
        return
    start_turn(state, (state.seat + 1) % state.n, events)
