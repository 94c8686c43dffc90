"""Wild cards, by effect type (BF-WILD-*, BF-Q-14, BF-Q-15).

Coloured cards lie in the owner's Fishing Spot for good and work from the
owner's next turn; black cards work at once and are discarded, except a
`protect` card (the Blue Groper), which stays and shields its owner's fish
from the black effect types it names.
"""

from __future__ import annotations

from fishtable.engine.protocol import Event
from fishtable.games.big_fish.cards import SIZE_WORDS, Card
from fishtable.games.big_fish.common import bag_blocked, clockwise, event, plural, protected, wild_text
from fishtable.games.big_fish.state import BFState, put, without


def _others(state: BFState, seat: int) -> tuple[int, ...]:
    """The other seats, clockwise from the player's left."""
    n = len(state.names)
    return clockwise((seat + 1) % n, n, n - 1)


def steal_targets(state: BFState, seat: int, card: Card) -> list[tuple[int, int]]:
    """(seat, fish) pairs a steal card may take: unprotected spots, allowed sizes, bag limits kept."""
    # Plain loops: a random playout asks this at every wild step with a steal card in hand.
    sizes = state.sizes
    allowed = card.sizes
    hard = state.hard
    wilds = state.wilds
    spots = state.spots
    out = []
    for other in _others(state, seat):
        if wilds[other] and protected(state, other, "steal"):
            continue
        for fish in spots[other]:
            if sizes[fish] in allowed and not (hard and bag_blocked(state, seat, fish)):
                out.append((other, fish))
    return out


def swap_targets(state: BFState, seat: int) -> list[tuple[int, int, int]]:
    """(own fish, seat, their fish) of the same size, for a swap card."""
    sizes = state.sizes
    mine_by_size: dict[int, list[int]] = {}
    for fish in state.spots[seat]:
        mine_by_size.setdefault(sizes[fish], []).append(fish)
    out: list[tuple[int, int, int]] = []
    if not mine_by_size:
        return out
    wilds = state.wilds
    spots = state.spots
    for other in _others(state, seat):
        if wilds[other] and protected(state, other, "swap"):
            continue
        for theirs in spots[other]:
            mine = mine_by_size.get(sizes[theirs])
            if mine is not None:
                for m in mine:
                    out.append((m, other, theirs))
    return out


def is_playable(state: BFState, seat: int, card: Card) -> bool:
    effect = card.effect
    # The first target found will do: the search stops there.
    if effect == "steal":
        sizes = state.sizes
        allowed = card.sizes
        hard = state.hard
        wilds = state.wilds
        for other in _others(state, seat):
            if wilds[other] and protected(state, other, "steal"):
                continue
            for fish in state.spots[other]:
                if sizes[fish] in allowed and not (hard and bag_blocked(state, seat, fish)):
                    return True
        return False
    if effect == "swap":
        sizes = state.sizes
        mine = {sizes[fish] for fish in state.spots[seat]}
        if not mine:
            return False
        wilds = state.wilds
        for other in _others(state, seat):
            if wilds[other] and protected(state, other, "swap"):
                continue
            for theirs in state.spots[other]:
                if sizes[theirs] in mine:
                    return True
        return False
    return True


def any_playable(state: BFState, seat: int) -> bool:
    cards = state.cards
    for c in state.hands[seat]:
        card = cards[c]
        if card.type == "wild" and is_playable(state, seat, card):
            return True
    return False


def shrink_candidates(state: BFState, seat: int, card: Card) -> list[int]:
    sizes = state.sizes
    return [f for f in state.spots[seat] if sizes[f] == card.from_size]


def play(state: BFState, seat: int, card: int, target: int | None, fish: int | None, mine: int | None,
         events: list[Event] | None) -> None:
    """Play a wild card whose targets were checked. May open the shrink phase."""
    c = state.cards[card]
    name = state.names[seat]
    state.hands = put(state.hands, seat, without(state.hands[seat], card))
    effect = c.effect
    if c.colour != "black":
        state.wilds = put(state.wilds, seat, (*state.wilds[seat], card))
        state.fresh = put(state.fresh, seat, (*state.fresh[seat], card))
        if events is not None:
            events.append(event("wild", f"{name} plays {c.name} ({c.colour}) into their Fishing Spot. "
                                        f"From their next turn: {wild_text(c)}", news=True))
        return
    if effect == "protect":
        state.wilds = put(state.wilds, seat, (*state.wilds[seat], card))  # the black card that stays (BF-WILD-6)
        if events is not None:
            events.append(event("wild", f"{name} plays {c.name} (black). {wild_text(c)}", news=True))
        return
    state.discard = [*state.discard, card]  # a one-off (BF-WILD-5)
    if effect == "steal":
        assert target is not None and fish is not None
        state.spots = put(state.spots, target, without(state.spots[target], fish))
        state.ice = put(state.ice, seat, (*state.ice[seat], fish))
        state.caught_round = put(state.caught_round, seat, state.caught_round[seat] + 1)
        size = state.sizes[fish]
        f = state.cards[fish]
        worth = plural(f.points[size], "point")
        if events is not None:
            events.append(event("wild", f"{name} plays {c.name}: takes {state.names[target]}'s {f.name} into their "
                                        f"Ice Box as a {SIZE_WORDS[size]} Fish ({worth}).", news=True))
        return
    if effect == "swap":
        assert target is not None and fish is not None and mine is not None
        spots = state.spots = state.spots[:]
        mine_spot = spots[seat] = spots[seat][:]
        their_spot = spots[target] = spots[target][:]
        mine_spot[mine_spot.index(mine)] = fish
        their_spot[their_spot.index(fish)] = mine
        size_word = SIZE_WORDS[state.sizes[fish]]
        if events is not None:
            events.append(event("wild", f"{name} plays {c.name}: their {state.cards[mine].name} and "
                                        f"{state.names[target]}'s {state.cards[fish].name} ({size_word}) "
                                        "change places.", news=True))
        return
    # shrink_others: every other unprotected player shrinks one fish of their choice.
    if events is not None:
        events.append(event("wild", f"{name} plays {c.name}: {wild_text(c)}", news=True))
    state.resolving = card
    for other in _others(state, seat):
        if protected(state, other, "shrink_others"):
            if events is not None:
                events.append(event("wild", f"{state.names[other]}'s fish are protected from {c.name}."))
            continue
        candidates = shrink_candidates(state, other, c)
        if len(candidates) == 1:
            state.targets = put(state.targets, other, tuple(candidates))
        elif candidates:
            state.waiting = [*state.waiting, other]
            state.need = put(state.need, other, 1)
    if state.waiting:
        state.phase = "shrink"
        return
    resolve_shrink(state, events)


def resolve_shrink(state: BFState, events: list[Event] | None) -> None:
    """Every choice is in: shrink the chosen fish together."""
    c = state.cards[state.resolving]
    affected = 0
    for other in _others(state, state.seat):
        for fish in state.targets[other]:
            state.sizes = put(state.sizes, fish, c.to_size)
            affected += 1
            if events is not None:
                events.append(event("shrink", f"{c.name}: {state.names[other]}'s {state.cards[fish].name} shrinks to "
                                              f"{SIZE_WORDS[c.to_size]}.", news=True))
        state.targets = put(state.targets, other, ())
        state.need = put(state.need, other, 0)
    if not affected and events is not None:
        events.append(event("shrink", f"{c.name}: no one has a {SIZE_WORDS[c.from_size]} Fish to shrink."))
    state.resolving = -1
    state.phase = "turn"
