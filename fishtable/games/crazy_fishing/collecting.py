"""The Collect phase and the end of a round."""

from __future__ import annotations

from collections.abc import Callable

from fishtable.engine.protocol import Event
from fishtable.games.crazy_fishing import sea
from fishtable.games.crazy_fishing.casting import hand_counts, reshuffle_baits, reshuffle_rods
from fishtable.games.crazy_fishing.common import cards_text, event, plural
from fishtable.games.crazy_fishing.setup import HAND_SIZE
from fishtable.games.crazy_fishing.state import CFState, put

Reshuffle = Callable[[CFState, list[Event] | None], None]
END_AT = 5  # the game ends when the sea holds this many fish or fewer after a round


def start_collect(state: CFState, events: list[Event] | None) -> None:
    """Refill one after another in catch order, then the blank casters (CF-Q-17).

    When the sea already holds END_AT fish or fewer, the game ends after this
    Collect whatever anyone draws (CF-END-1): the Collect is still played
    (CF-END-2), but by the engine, without asking anyone (`auto_collect`).
    """
    state.phase = "collect"
    order = state.order
    collect_order = order[:]
    for s in range(state.n):
        if s not in order:
            collect_order.append(s)
    state.collect_order = collect_order
    state.collect_index = 0
    if len(state.sea) + len(state.beside) <= END_AT:  # sea.fish_count
        auto_collect(state, events)
        return
    skip_done(state)


def early_casters(state: CFState) -> list[int]:
    """Seats that have finished their Collect and not yet cast for the next round.

    They may cast at once (the round after this one always comes: a Collect that
    ends the game is never asked about). Their cast stays face down and secret
    until every seat has cast, after everyone has refilled.
    """
    casts = state.casts
    return [s for s in state.collect_order[: state.collect_index] if casts[s] is None]


def auto_split(state: CFState, seat: int) -> tuple[int, int]:
    """The draw the engine makes for a seat in the last Collect: towards an even hand."""
    rods_now, baits_now = hand_counts(state, seat)
    return min(
        legal_draws(state, seat),
        key=lambda d: (abs((rods_now + d[0]) - (baits_now + d[1])), d[0]),
    )


def auto_collect(state: CFState, events: list[Event] | None) -> None:
    if events is not None:
        events.append(event(
        "collect",
            f"Only {plural(sea.fish_count(state), 'fish')} left in the sea, so the game ends after this round: "
            "everyone refills their hand without being asked (nothing drawn can change a score).",
        ))
    for seat in state.collect_order:
        if draw_total(state, seat) > 0:
            rods, baits = auto_split(state, seat)
            _draw_cards(state, seat, rods, baits, events)
    state.collect_index = len(state.collect_order)  # everyone has refilled: sequence.settle ends the round


def need(state: CFState, seat: int) -> int:
    return max(0, HAND_SIZE - len(state.hands[seat]))


def available(state: CFState) -> tuple[int, int]:
    return (
        len(state.rod_deck) + len(state.rod_discard),
        len(state.bait_deck) + len(state.bait_discard),
    )


def draw_total(state: CFState, seat: int) -> int:
    rods, baits = available(state)
    return min(need(state, seat), rods + baits)


def legal_draws(state: CFState, seat: int) -> tuple[tuple[int, int], ...]:
    """Every (rods, baits) split of the cards to draw, fewest rods first."""
    rods = len(state.rod_deck) + len(state.rod_discard)  # available(state)
    baits = len(state.bait_deck) + len(state.bait_discard)
    total = HAND_SIZE - len(state.hands[seat])  # min(need(state, seat), rods + baits): draw_total
    if total > rods + baits:
        total = rods + baits
    elif total < 0:
        total = 0
    # The splits depend only on these three small counts: each list is made once.
    key = (total, rods if rods < total else total, baits if baits < total else total)  # no min(): at every draw
    draws = _DRAWS.get(key)
    if draws is None:
        draws = _DRAWS[key] = tuple([(r, total - r) for r in range(total + 1) if r <= rods and total - r <= baits])
    return draws


_DRAWS: dict[tuple[int, int, int], tuple[tuple[int, int], ...]] = {}


def draw_error(state: CFState, seat: int, rods: int, baits: int) -> str | None:
    total = draw_total(state, seat)
    have_r, have_b = available(state)
    if rods + baits != total:
        if total < need(state, seat):
            return f"Only {plural(total, 'card')} can be drawn: draw exactly {total}."
        return f"Draw exactly {plural(total, 'card')} to bring your hand back to {HAND_SIZE}."
    if rods > have_r:
        return f"Only {plural(have_r, 'rod')} are left to draw; take the rest from the bait deck."
    if baits > have_b:
        return f"Only {plural(have_b, 'bait')} are left to draw; take the rest from the rod deck."
    return None


def current_collector(state: CFState) -> int | None:
    if state.phase == "collect":
        order, index = state.collect_order, state.collect_index
        if index < len(order):
            return order[index]
    return None


def skip_done(state: CFState) -> None:
    """Move past seats with nothing to draw (when everyone is full, sequence.settle ends the round)."""
    order, index, hands = state.collect_order, state.collect_index, state.hands
    if index < len(order) and len(hands[order[index]]) < HAND_SIZE and (
        state.rod_deck or state.bait_deck or state.rod_discard or state.bait_discard
    ):
        return  # draw_total > 0: the usual case, without the calls
    while index < len(order):
        if draw_total(state, order[index]) > 0:
            break
        index += 1
    state.collect_index = index


def draw(state: CFState, seat: int, rods: int, baits: int, events: list[Event] | None) -> None:
    _draw_cards(state, seat, rods, baits, events)
    state.collect_index += 1
    skip_done(state)


def _take(state: CFState, count: int, deck_name: str, reshuffle: Reshuffle, events: list[Event] | None) -> list[int]:
    """The top `count` cards of the rod or bait deck (`deck_name`), top first, reshuffling its
    discard pile into it when it runs out; the deck is replaced, never changed in place."""
    deck: list[int] = getattr(state, deck_name)[:]
    setattr(state, deck_name, deck)
    drawn: list[int] = []
    for _ in range(count):
        if not deck:
            reshuffle(state, events)
            deck = getattr(state, deck_name)  # a new list
        drawn.append(deck.pop())
    return drawn


def _draw_cards(state: CFState, seat: int, rods: int, baits: int, events: list[Event] | None) -> None:
    rod_deck, bait_deck = state.rod_deck, state.bait_deck
    keep_rods, keep_baits = len(rod_deck) - rods, len(bait_deck) - baits
    if keep_rods >= 0 and keep_baits >= 0:  # no deck runs out: the usual case, at once
        # deck[:-1 - count:-1]: the top `count` cards, top first.
        drawn = rod_deck[:-1 - rods:-1] + bait_deck[:-1 - baits:-1]
        state.rod_deck, state.bait_deck = rod_deck[:keep_rods], bait_deck[:keep_baits]
    else:
        drawn = _take(state, rods, "rod_deck", reshuffle_rods, events)
        drawn += _take(state, baits, "bait_deck", reshuffle_baits, events)
    state.hands = put(state.hands, seat, state.hands[seat] + drawn)
    if events is not None:
        events.append(event("draw", f"{state.names[seat]} draws {plural(rods, 'rod')} and {plural(baits, 'bait')}."))
        events.append(event("draw_private", f"You draw {cards_text(state, drawn)}.", (seat,)))


def stuck(state: CFState) -> bool:
    """Can the game never go on? True when, at the reveal, nobody put forward a single card
    (a Crab over a hand of only '+' baits, a Moray Eel over one of only '+' rods: CF-OOS-26/27,
    CF-Q-7) and nobody can draw one. Then nobody catches, discards or draws, no pile's top
    changes, and every round after this one would be this one again."""
    for cast in state.casts:
        if cast is None or cast[0] or cast[1]:
            return False
    if not (state.rod_deck or state.rod_discard or state.bait_deck or state.bait_discard):
        return True
    return all(len(hand) >= HAND_SIZE for hand in state.hands)


def end_stuck(state: CFState, events: list[Event] | None) -> None:
    """The project's ruling for a table that can never move again (see `stuck`): the game ends
    at once, scored as it stands (the rest of the round would change nothing)."""
    state.phase = "over"
    if events is not None:
        events.append(event("end", "Nobody can cast a card and nobody can draw one, so nothing can change any "
                                   "more: the game is over."))


def end_round(state: CFState, events: list[Event] | None) -> None:
    """CF-END-1: checked only here, after Collect."""
    left = sea.fish_count(state)
    if left <= END_AT:
        state.phase = "over"
        if events is not None:
            events.append(event("end", f"Only {plural(left, 'fish')} left in the sea: the game is over."))
        return
    state.round += 1  # sequence.settle opens the next round's Cast
