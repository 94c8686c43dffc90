"""The round end: the event, the hand limit, a new Face-Up row, the First Player Card (BF-ROUND-*).

An event card is announced to everyone before anyone acts on it. Events that
let players choose (spawn, grow, remove a fish, discard) are simultaneous:
each choice stays secret until every player concerned has made it, then all
are carried out together. Which seats are asked depends only on what the
table can see (hand sizes, Fishing Spots, Ice Boxes), never on a hidden card.
"""

from __future__ import annotations

from fishtable.engine.protocol import Event
from fishtable.games.big_fish import piles, turn
from fishtable.games.big_fish.cards import BIG, HAND_SIZE, LARVAL, SIZE_WORDS
from fishtable.games.big_fish.common import cards_words, clockwise, event, event_text, ice_points, plural
from fishtable.games.big_fish.state import BFState, put, without

# Event effect types answered by a choice, and the decision kind each asks for.
CHOICE_KINDS = {
    "remove_fish": "event_remove",
    "discard_unless": "event_discard",
    "discard_if_caught": "event_discard",
    "spawn": "event_spawn",
    "grow": "event_grow",
}


def table_order(state: BFState) -> tuple[int, ...]:
    """Every seat, clockwise from the First Player Card."""
    n = len(state.names)
    return clockwise(state.first, n, n)


def end_round(state: BFState, events: list[Event] | None) -> None:
    """Every player had a turn: reveal the top event (BF-ROUND-1, BF-ROUND-2)."""
    ev_index = state.event_deck[-1]
    state.event_deck = state.event_deck[:-1]
    state.event_seen = [*state.event_seen, ev_index]
    ev = state.events[ev_index]
    if events is not None:
        events.append(event("event", f"End of round {state.round}. Event: {ev.name} — {event_text(ev)}", news=True))
    if ev.effect == "end_game":
        # The game ends at once; the other round-end steps cannot change a score (BF-Q-17).
        state.phase = "over"
        state.step = ""
        if events is not None:
            events.append(event("over", "The fishing season is closed: the game is over.", news=True))
        return
    state.resolving = ev_index
    if _start_event(state, events):
        state.phase = "event"
        return
    after_event(state, events)


def _seats_without(state: BFState, seat: int, sizes: tuple[int, ...]) -> bool:
    s = state.sizes
    return not any(s[f] in sizes for f in state.spots[seat])


def _start_event(state: BFState, events: list[Event] | None) -> bool:
    """Carry out an event, or open its simultaneous choices; True when choices are pending."""
    ev = state.events[state.resolving]
    effect = ev.effect
    order = table_order(state)
    if effect == "remove_fish":
        for seat in order:
            found = [f for f in state.spots[seat] if state.sizes[f] == ev.size]
            if len(found) <= ev.count:
                state.targets = put(state.targets, seat, tuple(found))  # no choice to make: the fish are public
            else:
                _ask(state, seat, ev.count)
    elif effect in ("discard_unless", "discard_if_caught"):
        for seat in order:
            if effect == "discard_unless":
                hit = _seats_without(state, seat, ev.sizes)
            else:
                hit = state.caught_round[seat] > ev.more_than
            if not hit:
                continue
            hand = state.hands[seat]
            if len(hand) <= ev.count:
                state.aside = put(state.aside, seat, tuple(hand))  # the whole hand goes: no choice to make
                state.hands = put(state.hands, seat, [])
            else:
                _ask(state, seat, ev.count)
    elif effect == "spawn":
        # Everyone holding cards is asked, fish or not, so nobody's hand is given away.
        for seat in order:
            if state.hands[seat]:
                _ask(state, seat, ev.count)
    elif effect == "grow":
        for seat in order:
            if any(state.sizes[f] < BIG for f in state.spots[seat]):
                _ask(state, seat, ev.count)
    elif effect == "shrink_species":
        _shrink_species(state, events)
    elif effect == "draw":
        for seat in order:
            piles.deal(state, seat, ev.count, events, why=ev.name)
    elif effect == "fewest_draw":
        points = [ice_points(state, s) for s in range(state.n)]
        low = min(points)
        for seat in order:
            if points[seat] == low:
                piles.deal(state, seat, ev.count, events, why=ev.name)
    elif effect == "reset_row":
        piles.reset_row(state, events)  # and again at this round's end
    if state.waiting:
        return True
    _resolve_event(state, events)
    return False


def _ask(state: BFState, seat: int, count: int) -> None:
    state.waiting = [*state.waiting, seat]
    state.need = put(state.need, seat, count)


def _shrink_species(state: BFState, events: list[Event] | None) -> None:
    ev = state.events[state.resolving]
    names = set(ev.species)
    for seat in table_order(state):
        for fish in state.spots[seat][:]:
            c = state.cards[fish]
            if c.name not in names:
                continue
            if state.sizes[fish] == LARVAL:
                state.spots = put(state.spots, seat, without(state.spots[seat], fish))
                state.sizes = put(state.sizes, fish, -1)
                state.discard = [*state.discard, fish]
                if events is not None:
                    events.append(event("event", f"{ev.name}: {state.names[seat]}'s Larval {c.name} is discarded.",
                                        news=True))
            else:
                state.sizes = put(state.sizes, fish, state.sizes[fish] - 1)
                if events is not None:
                    events.append(event("event", f"{ev.name}: {state.names[seat]}'s {c.name} shrinks to "
                                                 f"{SIZE_WORDS[state.sizes[fish]]}.", news=True))


def _resolve_event(state: BFState, events: list[Event] | None) -> None:
    """Every choice is in: carry them out together, in table order."""
    ev = state.events[state.resolving]
    effect = ev.effect
    changed = False
    # Only these effects have choices to carry out; the others leave the loop nothing to do.
    for seat in table_order(state) if effect in _CARRIED_OUT else ():
        name = state.names[seat]
        chosen = state.aside[seat]
        fish = state.targets[seat]
        changed = changed or bool(chosen or fish)
        if effect == "remove_fish":
            for f in fish:
                state.spots = put(state.spots, seat, without(state.spots[seat], f))
                state.sizes = put(state.sizes, f, -1)
                state.discard = [*state.discard, f]
                if events is not None:
                    events.append(event("event", f"{ev.name}: {name} removes {SIZE_WORDS[ev.size]} "
                                                 f"{state.cards[f].name}.", news=True))
        elif effect in ("discard_unless", "discard_if_caught") and chosen:
            state.discard = [*state.discard, *chosen]
            if events is not None:
                events.append(event("event", f"{ev.name}: {name} discards {cards_words(state, chosen)}.", news=True))
        elif effect == "spawn":
            for card in chosen:
                state.hands = put(state.hands, seat, [*state.hands[seat], card])
                turn.spawn(state, seat, card, events, why=ev.name)
        elif effect == "grow":
            for f in fish:
                turn.grow(state, seat, f, events, why=ev.name)  # not limited by the turn's limit (BF-Q-24)
    _clear_choices(state)
    if effect in CHOICE_KINDS and not changed and events is not None:
        events.append(event("event", f"{ev.name}: nothing changes."))


_CARRIED_OUT = frozenset({"remove_fish", "discard_unless", "discard_if_caught", "spawn", "grow"})


def after_choices(state: BFState, events: list[Event] | None) -> None:
    """The last pending choice of the phase is in."""
    if state.phase == "event":
        _resolve_event(state, events)
        after_event(state, events)
    elif state.phase == "discard":
        for seat in table_order(state):
            chosen = state.aside[seat]
            if chosen:
                state.discard = [*state.discard, *chosen]
                if events is not None:
                    events.append(event("discard", f"{state.names[seat]} discards {cards_words(state, chosen)} "
                                                   f"to keep {HAND_SIZE} cards.", news=True))
        _clear_choices(state)
        finish_round(state, events)


def _clear_choices(state: BFState) -> None:
    """Every seat's secret choices are carried out: none is pending any more."""
    n = state.n
    state.aside = [()] * n
    state.targets = [()] * n
    state.need = [0] * n


def after_event(state: BFState, events: list[Event] | None) -> None:
    """Round-end step 2: hands over 7 cards are cut down, each player choosing (BF-ROUND-4, BF-Q-18)."""
    state.resolving = -1
    for seat in table_order(state):
        extra = len(state.hands[seat]) - HAND_SIZE
        if extra > 0:
            _ask(state, seat, extra)
    if state.waiting:
        state.phase = "discard"
        names = ", ".join(f"{state.names[s]} ({plural(state.need[s], 'card')})" for s in state.waiting)
        if events is not None:
            events.append(event("discard", f"Hand limit: {names} must discard down to {HAND_SIZE} cards."))
        return
    finish_round(state, events)


def finish_round(state: BFState, events: list[Event] | None) -> None:
    """Round-end steps 3 and 4, then the next round's first turn."""
    piles.reset_row(state, events)
    state.first = (state.first + 1) % state.n  # clockwise (BF-ROUND-8)
    state.round += 1
    state.turns_done = 0
    state.caught_round = [0] * state.n
    state.seat = state.first
    state.phase = "turn"
    if events is not None:
        events.append(event("round", f"Round {state.round} begins. {state.names[state.first]} has the First Player "
                                     "Card.", news=True))
    turn.start_turn(state, events)
