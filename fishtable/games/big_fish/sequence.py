"""Turn and round sequencing in Big Fish: which step, turn or round comes next.

It sits above `turn` (the steps and moves of one turn) and `roundend` (the
round-end steps), so neither needs the other to go on: a turn's last step ends
the turn here, the last turn of a round starts the round end here, and the
round end starts the next round's first turn through `turn.start_turn`.
"""

from __future__ import annotations

from fishtable.engine.protocol import Event
from fishtable.games.big_fish import piles, roundend, turn, wild
from fishtable.games.big_fish.cards import BIG
from fishtable.games.big_fish.common import bag_blocked, event
from fishtable.games.big_fish.state import STEPS, BFState

_NEXT = {STEPS[i]: STEPS[i + 1] for i in range(len(STEPS) - 1)}


def settle(state: BFState, events: list[Event] | None) -> None:
    """Carry out whatever needs no decision, until someone must decide or the game is over."""
    while state.phase == "turn":
        if _needs_decision(state, events):  # (a step with its allowance used up just ends)
            return
        if events is None and state.step == "draw" and state.allowed == 0 and not state.wilds[state.seat]:
            # No Big Fish and no wild card in the spot: spawning and growing allow nothing either,
            # and end at once, so a playout (which logs nothing) goes straight on to the catch.
            turn.begin_step(state, "catch")
            continue
        end_step(state, events)


def end_step(state: BFState, events: list[Event] | None) -> None:
    if events is not None:  # a playout writes no log
        _step_summary(state, events)
    following = _NEXT.get(state.step)
    if following is not None:
        turn.begin_step(state, following)
        return
    end_turn(state, events)


def end_turn(state: BFState, events: list[Event] | None) -> None:
    done = state.turns_done = state.turns_done + 1
    state.grown = []
    n = len(state.names)
    if done >= n:
        state.step = ""
        roundend.end_round(state, events)
        return
    state.seat = (state.seat + 1) % n  # clockwise (BF-Q-7)
    turn.start_turn(state, events)


def _needs_decision(state: BFState, events: list[Event] | None) -> bool:
    """Whether the active seat must decide now; draws with only one possible source happen here."""
    if state.taken >= state.allowed:
        return False
    step = state.step
    seat = state.seat
    if step == "draw":
        while state.taken < state.allowed:
            if state.row:
                return True
            # With the Face-Up row empty, every draw comes from the deck (BF-Q-9).
            got = piles.deal(state, seat, 1, events)
            if not got:
                return False
            state.taken += 1
        return False
    # Plain loops that stop at the first card that will do: this runs at every step.
    if step == "spawn":
        cards = state.cards
        for c in state.hands[seat]:  # noqa: SIM110 - a plain loop, as above
            if cards[c].type == "fish":
                return True
        return False
    if step == "grow":
        sizes = state.sizes
        grown = state.grown
        for c in state.spots[seat]:  # noqa: SIM110 - a plain loop, as above
            if sizes[c] < BIG and c not in grown:
                return True
        return False
    if step == "catch":
        if not state.hard:
            return bool(state.spots[seat])
        for c in state.spots[seat]:  # noqa: SIM110 - a plain loop, as above
            if not bag_blocked(state, seat, c):
                return True
        return False
    return wild.any_playable(state, seat)


def _step_summary(state: BFState, events: list[Event]) -> None:
    """The log line for a step that ends with nothing done."""
    if state.taken:
        return
    name = state.names[state.seat]
    step = state.step
    if step == "draw":
        if state.allowed == 0:
            events.append(event("skip", f"{name} has no Big Fish: no cards to draw."))
        return
    if state.allowed == 0:
        what = {"spawn": "no fish to spawn", "grow": "no growth steps"}[step]
        events.append(event("skip", f"{name} has no Big Fish: {what}."))
        return
    text = {"spawn": "spawns no fish", "grow": "grows no fish", "catch": "catches no fish",
            "wild": "plays no wild card"}[step]
    events.append(event("skip", f"{name} {text}."))
