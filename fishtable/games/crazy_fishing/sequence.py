"""Turn and round sequencing in Crazy Fishing: which turn, phase or round comes next.

It sits above the phase modules (`casting`, `catching`, `collecting`), so none of
them needs another to go on: each does its own phase's work and stops, and
`settle` carries out whatever follows that needs no decision. After the last
cast, the reveal; after a catch turn, the next one; after the last turn, the
Collect; after the Collect, the end of the round and the next round's Cast.
The dispatcher (`dispatch`) settles after every move.
"""

from __future__ import annotations

from fishtable.engine.protocol import Event
from fishtable.games.crazy_fishing import casting, catching, collecting
from fishtable.games.crazy_fishing.state import CFState


def settle(state: CFState, events: list[Event] | None) -> None:
    """Go on until someone must decide or the game is over (the moves' events in order)."""
    while True:
        phase = state.phase
        if phase == "cast":
            if state.choosing:
                return
            casting.reveal(state, events)  # the fish-bait choice, or the catch order
            if collecting.stuck(state):  # nobody could cast nor draw: no round could differ
                collecting.end_stuck(state, events)
                return
        elif phase == "catch":
            if state.turn is not None:
                return
            if state.turn_index < len(state.order):
                catching.start_turn(state, events)  # may end at once: an empty sea
            else:
                catching.end_catch_phase(state, events)
                collecting.start_collect(state, events)
        elif phase == "collect":
            if state.collect_index < len(state.collect_order):  # a seat still to refill
                return
            collecting.end_round(state, events)  # CF-END-1: the game may end here
            if state.phase != "over":
                casting.start_round(state, events)
        else:  # fish_bait (apply_fish_bait sets the order once everyone has chosen), over
            return
