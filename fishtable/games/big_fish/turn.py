"""A player's turn: Draw, Spawn, Grow, Catch, Play a Wild Card (BF-TURN-2).

Each step's allowance is fixed when the step begins, from the Big Fish in the
player's own Fishing Spot at that moment (BF-Q-12). A step with nothing left
to do ends by itself, with a log line; when the reason is hidden (no fish or
no wild card in hand) the line is the same as the one for stopping by choice,
so the table learns nothing from it.
"""

from __future__ import annotations

from fishtable.engine.protocol import Event
from fishtable.games.big_fish import piles
from fishtable.games.big_fish.cards import BIG, LARVAL, SIZE_WORDS
from fishtable.games.big_fish.common import bag_blocked, big_count, event, plural, working_extra
from fishtable.games.big_fish.state import BFState, put, without

DRAW_CAP = 5  # the Big Fish count drawn from is capped; wild extras come on top (BF-DRAW-1, BF-Q-8)
_EXTRA = {"draw": "extra_draw", "spawn": "extra_spawn", "grow": "extra_grow", "catch": "extra_catch"}


def start_turn(state: BFState, events: list[Event] | None) -> None:
    seat = state.seat
    # Coloured wild cards played on the last turn start working now (BF-WILD-4).
    if state.fresh[seat]:
        state.fresh = put(state.fresh, seat, ())
    state.grown = []
    if events is not None:
        events.append(event("turn", f"Round {state.round}: {state.names[seat]}'s turn."))
    begin_step(state, "draw")


# Steps after which the active spot holds the same Big Fish as when the step began: drawing
# and spawning (a Larval fish) never change them, growing and catching may.
_SAME_BIGS_AFTER = frozenset({"draw", "spawn"})


def begin_step(state: BFState, step: str) -> None:
    """Open a step of the active seat's turn with its allowance: the Big Fish in its spot now,
    the extras of its working wild cards, and the actions the step allows."""
    seat = state.seat
    if state.step in _SAME_BIGS_AFTER and step != "draw":
        bigs = state.big_count  # the Big Fish known from the last step
    else:
        bigs = state.big_count = big_count(state, seat)
    state.step = step
    state.taken = 0
    if step == "wild":
        state.extra = 0
        state.allowed = 1
        return
    # No wild card in the spot, the usual case: no extras, and no call to count them.
    extra = state.extra = working_extra(state, seat, _EXTRA[step]) if state.wilds[seat] else 0
    if step == "draw":
        state.allowed = (bigs if bigs < DRAW_CAP else DRAW_CAP) + extra
    elif step == "catch":
        state.allowed = 1 + extra  # BF-CATCH-1, BF-CATCH-6
    else:
        state.allowed = bigs + extra  # spawn, grow (BF-SPAWN-1, BF-GROW-1)


def growable(state: BFState, seat: int) -> list[int]:
    """Fish that may still grow this turn: not Big, not grown yet (BF-GROW-3, BF-GROW-4)."""
    sizes = state.sizes
    grown = state.grown
    return [c for c in state.spots[seat] if sizes[c] < BIG and c not in grown]


def catchable(state: BFState, seat: int) -> list[int]:
    if not state.hard:
        return list(state.spots[seat])
    return [c for c in state.spots[seat] if not bag_blocked(state, seat, c)]


# -- the moves of a turn ---------------------------------------------------------------------


def take_face_up(state: BFState, card: int, events: list[Event] | None) -> None:
    seat = state.seat
    row = state.row = state.row[:]
    row.remove(card)
    hands = state.hands = state.hands[:]
    hands[seat] = [*hands[seat], card]
    origin = list(state.origin)
    origin[card] = -1  # the table knows where it went
    state.origin = tuple(origin)
    state.taken += 1
    if events is not None:
        events.append(event("take", f"{state.names[seat]} takes {state.cards[card].name} from the Face-Up Cards.",
                            news=True))


def draw_deck(state: BFState, events: list[Event] | None) -> None:
    piles.deal(state, state.seat, 1, events)
    state.taken += 1


def spawn(state: BFState, seat: int, card: int, events: list[Event] | None, why: str = "") -> None:
    """A fish card from hand into the Fishing Spot as a Larval fish (BF-SPAWN-2, BF-SIZE-2)."""
    # A copy of each list this changes (forks share them).
    state.hands = put(state.hands, seat, without(state.hands[seat], card))
    state.spots = put(state.spots, seat, [*state.spots[seat], card])
    state.sizes = put(state.sizes, card, LARVAL)
    prefix = f"{why}: " if why else ""
    if events is not None:
        events.append(event("spawn", f"{prefix}{state.names[seat]} spawns {state.cards[card].name} (Larval).",
                            news=True))


def grow(state: BFState, seat: int, fish: int, events: list[Event] | None, why: str = "") -> None:
    sizes = state.sizes = state.sizes[:]
    size = sizes[fish] = sizes[fish] + 1
    prefix = f"{why}: " if why else ""
    if events is not None:
        events.append(event("grow", f"{prefix}{state.names[seat]}'s {state.cards[fish].name} grows to "
                                    f"{SIZE_WORDS[size]}.", news=True))


def catch(state: BFState, seat: int, fish: int, events: list[Event] | None) -> None:
    """Spot to Ice Box, the size unchanged (BF-CATCH-2)."""
    spots = state.spots = state.spots[:]
    spot = spots[seat] = spots[seat][:]
    spot.remove(fish)
    ice = state.ice = state.ice[:]
    ice[seat] = (*ice[seat], fish)
    caught = state.caught_round = state.caught_round[:]
    caught[seat] += 1
    size = state.sizes[fish]
    c = state.cards[fish]
    if events is not None:
        events.append(event("catch", f"{state.names[seat]} catches {c.name} as a {SIZE_WORDS[size]} Fish: "
                                     f"{plural(c.points[size], 'point')}.", news=True))
