"""Worlds as one seat may imagine them, for the search bots: `GAME.sample_world(view, rng)`.

From one seat's view alone, every card hidden from that seat is dealt at random
among the places it could be, and the result is a full state that plays on:

- the seat's own hand, its secret choices, and every public card stay where the
  view shows them (the Face-Up row, the discard pile in order, each Fishing
  Spot, wild cards and Ice Box, at their sizes);
- a card everyone saw another seat take from the Face-Up row stays in that
  hand (`SeatPanel.known`);
- the other hidden cards are dealt deck by deck: a new Draw Deck is made of the
  discard pile everyone saw (`BigFishView.reshuffles`), so its cards can be only
  in it or in the hands that drew from it since; each hand gets as many cards
  of each deck as it drew (`SeatPanel.hand_sources`), the Draw Deck the rest,
  in random order. Within one deck, hidden cards are interchangeable, so the
  deal is uniform over the deals the seat cannot rule out;
- what the seat can infer from the position itself holds: the player at the
  spawn step holds a fish, the player at the wild step a wild card they can
  play, every opening hand a fish (BF-Q-5);
- the Event Deck holds the events not revealed yet, in random order, with
  Fishing Season Closed never among the four that were laid on top of it at
  setup (BF-SETUP-10): given how many events have been revealed, it lies at
  each of its remaining possible places with equal chance;
- the secret choices of other seats are dealt too: a seat that has finished
  choosing has made some legal choice (chosen at random); a seat still choosing
  has chosen nothing yet (the part of a choice it may have made is as unknown as
  the rest, and leaves the view alike);
- the generator state is new: the seat cannot know the next reshuffle.

The likelihood of other players' past decisions given their cards (a player
who passed on a spawn probably had no good fish) is not used: the deal is
uniform over the positions consistent with what was seen. Nor is what a seat
that placed fewer than three opening fish revealed about the rest of its
opening hand (no fish), once the placement is over.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from fishtable.engine import rng as rand
from fishtable.engine.identity import PerObject
from fishtable.games.big_fish import setup, wild
from fishtable.games.big_fish.cards import BIG, HAND_SIZE, TOP_EVENTS, Card, EventCard
from fishtable.games.big_fish.roundend import CHOICE_KINDS
from fishtable.games.big_fish.state import BFState
from fishtable.games.big_fish.tables import tables_for
from fishtable.games.big_fish.views import BigFishView

MAX_TRIES = 200  # deals redrawn when the position rules one out; then one card is swapped into place

# Per card table: each card's index by its id, and the ids in order; per event table, the indexes.
_card_index: PerObject[tuple[Card, ...], tuple[dict[str, int], tuple[str, ...]]] = PerObject(
    lambda cards: ({c.cid: c.idx for c in cards}, tuple(c.cid for c in cards)))
_event_index: PerObject[tuple[EventCard, ...], dict[str, int]] = PerObject(
    lambda events: {e.cid: e.idx for e in events})


class SampleError(ValueError):
    """The view does not describe a position this sampler can rebuild (it was not made by GAME.view)."""


def sample_world(view: BigFishView, rng: random.Random) -> BFState:
    s = view.seat
    if s is None:
        raise SampleError("A world is sampled from one seat's view, not from the public table.")
    cards, events = tables_for(view.card_set)
    ix, cids = _card_index(cards)
    eix = _event_index(events)
    n = len(view.seats)
    panels = view.seats
    phase = view.phase
    first = view.first_player

    # -- everything public, and the seat's own cards ---------------------------------------------
    sizes = [-1] * len(cards)
    spots: list[list[int]] = []
    wilds: list[tuple[int, ...]] = []
    fresh: list[tuple[int, ...]] = []
    ice: list[tuple[int, ...]] = []
    grown: list[int] = []
    in_turn = phase in ("turn", "shrink")
    active = view.active_seat if in_turn else None
    for p in panels:
        spot = []
        for f in p.spot:
            c = ix[f.card.id]
            sizes[c] = f.size
            spot.append(c)
            if f.grown_this_turn and p.seat == active:
                grown.append(c)
        spots.append(spot)
        wilds.append(tuple(ix[w.card.id] for w in p.wilds))
        fresh.append(tuple(ix[w.card.id] for w in p.wilds if not w.active))
        box = []
        for caught in p.ice:
            c = ix[caught.card.id]
            sizes[c] = caught.size
            box.append(c)
        ice.append(tuple(box))
    row = [ix[f.id] for f in view.face_up]
    discard = [ix[f.id] for f in view.discard]
    own_hand = [ix[f.id] for f in view.hand or ()]
    own_aside = tuple(ix[f.id] for f in view.set_aside)
    for f in view.placed:
        sizes[ix[f.card.id]] = f.size
    known = [[ix[f.id] for f in p.known] for p in panels]

    # Which deck each card last went into: the last reshuffle that took it, else the opening deck.
    pools = tuple(tuple(ix[c] for c in pool) for pool in view.reshuffles)
    origin = [0] * len(cards)
    for e, pool in enumerate(pools, 1):
        for c in pool:
            origin[c] = e
    for cs in known:
        for c in cs:
            origin[c] = -1

    located = set(row)
    located.update(discard, own_hand, own_aside)
    for k in range(n):
        located.update(spots[k], wilds[k], ice[k])
        if k != s:
            located.update(known[k])
    current = len(pools)
    classes: list[list[int]] = [[] for _ in range(current + 1)]
    for c in range(len(cards)):
        if c not in located:
            classes[origin[c]].append(c)
    for e, members in enumerate(classes):
        want = sum(panels[k].hand_sources[e] for k in range(n) if k != s) + (view.deck_size if e == current else 0)
        if want != len(members):
            raise SampleError(f"Deck {e}: {len(members)} hidden cards for {want} places.")

    # -- the state around the hidden cards ---------------------------------------------------------
    if in_turn:
        assert active is not None  # a turn is some seat's
        seat, turns_done = active, (active - first) % n
    elif phase == "place":
        seat, turns_done = first, 0
    else:  # the round's last turn is over
        seat, turns_done = (first - 1) % n, n
    st = view.step
    event_seen = [eix[e] for e in view.revealed_events]
    if phase == "shrink":
        resolving = discard[-1]
    elif phase == "event":
        resolving = event_seen[-1]
    else:
        resolving = -1
    world = BFState(
        cards=cards, events=events, names=tuple(p.name for p in panels), bots=tuple(p.is_bot for p in panels),
        hard=view.hard_mode, setup_notes=(), rng=rand.seed_state(rng.getrandbits(64)), round=view.round,
        phase=phase, first=first, seat=seat, turns_done=turns_done, step=st.step if st else "",
        big_count=st.big_fish if st else 0, extra=st.extra if st else 0, allowed=st.allowed if st else 0,
        taken=st.taken if st else 0, grown=grown, deck=[], row=row, discard=discard,
        hands=[[] for _ in range(n)], spots=spots, wilds=wilds, fresh=fresh, ice=ice, sizes=sizes,
        event_deck=_event_deck(events, event_seen, rng), event_seen=event_seen,
        caught_round=[p.caught_this_round for p in panels], waiting=[], need=[0] * n,
        aside=[()] * n, targets=[()] * n, resolving=resolving, cids=cids, origin=tuple(origin), pools=pools,
    )
    waiting = {p.seat for p in panels if p.status == "choosing"} if phase not in ("turn", "over") else set()
    if phase == "place":
        world.waiting = sorted(waiting)
    elif phase == "shrink":
        world.waiting = [(seat + i) % n for i in range(1, n) if (seat + i) % n in waiting]
    else:
        world.waiting = [(first + i) % n for i in range(n) if (first + i) % n in waiting]

    # The seat's own hand and secret choices, as the view shows them.
    world.hands[s] = own_hand
    world.aside[s] = own_aside
    world.targets[s] = tuple(ix[c] for c in view.chosen_fish)
    if s in waiting:
        world.need[s] = _own_need(world, view, s)

    # -- the hidden cards -------------------------------------------------------------------------------
    others = [k for k in range(n) if k != s]
    wants = _wanted(world, cards, active if active != s and phase == "turn" else None)
    for attempt in range(MAX_TRIES + 1):
        dealt = {k: list(known[k]) for k in others}
        deck: list[int] = []
        for e, members in enumerate(classes):
            hidden = members[:]
            rng.shuffle(hidden)
            at = 0
            for k in others:
                take = panels[k].hand_sources[e]
                dealt[k] += hidden[at:at + take]
                at += take
            if e == current:
                deck = hidden[at:]
        if phase == "place" and any(not any(cards[c].type == "fish" for c in dealt[k]) for k in others):
            if attempt == MAX_TRIES:
                raise SampleError("No opening deal gives every other seat a fish.")
            continue
        if wants is not None and active is not None and not any(wants(c) for c in dealt[active]):
            if attempt < MAX_TRIES:
                continue
            _swap_in(dealt, deck, active, wants, origin, rng)
        break
    world.deck = deck
    for k in others:
        rng.shuffle(dealt[k])
        _choose_for(world, k, dealt[k], k in waiting, rng)
    return world


def _wanted(world: BFState, cards: tuple[Card, ...], active: int | None) -> Callable[[int], bool] | None:
    """What the player whose step it is must hold, for the step to be theirs to decide: or None."""
    if active is None:
        return None
    if world.step == "spawn":
        return lambda c: cards[c].type == "fish"
    if world.step == "wild":
        playable = {c for c in range(len(cards))
                    if cards[c].type == "wild" and wild.is_playable(world, active, cards[c])}
        return playable.__contains__
    return None


def _swap_in(dealt: dict[int, list[int]], deck: list[int], seat: int, wants: Callable[[int], bool], origin: list[int],
             rng: random.Random) -> None:
    """Give `seat` a wanted card in exchange for one of its own from the same deck (a rare last resort)."""
    mine = [i for i, c in enumerate(dealt[seat]) if origin[c] >= 0]
    places = [(cs, i) for k, cs in dealt.items() if k != seat for i, c in enumerate(cs) if origin[c] >= 0]
    places += [(deck, i) for i in range(len(deck))]
    rng.shuffle(places)
    for cs, i in places:
        c = cs[i]
        if not wants(c):
            continue
        same = [j for j in mine if origin[dealt[seat][j]] == origin[c]]
        if same:
            j = rng.choice(same)
            cs[i], dealt[seat][j] = dealt[seat][j], c
            return
    raise SampleError("No deal gives the player at this step what the step needs.")


def _event_deck(events: tuple[EventCard, ...], seen: list[int], rng: random.Random) -> list[int]:
    """The unrevealed events, top last; the closing card never among the top four as built (BF-SETUP-10)."""
    end = next(e.idx for e in events if e.effect == "end_game")
    rest = [e.idx for e in events if e.idx not in seen and e.idx != end]
    rng.shuffle(rest)
    if end in seen:
        return rest
    total, drawn = len(events), len(seen)
    # Its place from the top as built is uniform over TOP_EVENTS+1..total; it is not among the drawn.
    place = rng.randint(max(TOP_EVENTS + 1, drawn + 1), total) - drawn  # from the top now, 1-based
    top_first = rest
    top_first.insert(place - 1, end)
    return top_first[::-1]


def _own_need(world: BFState, view: BigFishView, s: int) -> int:
    """How many picks the seat still owes in the phase, from its own choices so far."""
    phase = world.phase
    cards = world.cards
    if phase == "place":
        held = [*world.hands[s], *world.aside[s]]
        return min(len(setup.PLACED_SIZES), sum(1 for c in held if cards[c].type == "fish")) - len(world.aside[s])
    if phase == "shrink":
        return 1
    if phase == "discard":
        return view.seats[s].hand_size - HAND_SIZE - len(world.aside[s])
    ev = world.events[world.resolving]
    kind = CHOICE_KINDS[ev.effect]
    done = world.targets[s] if kind in ("event_remove", "event_grow") else world.aside[s]
    return ev.count - len(done)


def _choose_for(world: BFState, k: int, held: list[int], waiting: bool, rng: random.Random) -> None:
    """Seat k's cards (all it holds, set aside or not) and its secret choices in the phase under way."""
    phase = world.phase
    cards = world.cards
    hand = held
    aside: list[int] = []
    if phase == "place":
        fish = [c for c in held if cards[c].type == "fish"]
        count = min(len(setup.PLACED_SIZES), len(fish))
        if waiting:
            world.need[k] = count  # nothing placed yet
        else:
            aside = rng.sample(fish, count)
            for c, size in zip(aside, rng.sample(setup.PLACED_SIZES[:count], count), strict=True):
                world.sizes[c] = size
    elif phase == "shrink":
        card = cards[world.resolving]
        if k != world.seat and not any(card.effect in cards[w].against for w in world.wilds[k]):
            candidates = wild.shrink_candidates(world, k, card)
            if waiting:
                world.need[k] = 1
            elif candidates:  # chosen in secret, or the only one
                world.targets[k] = (rng.choice(candidates),)
    elif phase == "event":
        ev = world.events[world.resolving]
        effect, count = ev.effect, ev.count
        spot = world.spots[k]
        sizes = world.sizes
        if effect == "remove_fish":
            found = [f for f in spot if sizes[f] == ev.size]
            if len(found) <= count:
                world.targets[k] = tuple(found)
            elif waiting:
                world.need[k] = count
            else:
                world.targets[k] = tuple(rng.sample(found, count))
        elif effect in ("discard_unless", "discard_if_caught"):
            if effect == "discard_unless":
                hit = not any(sizes[f] in ev.sizes for f in spot)
            else:
                hit = world.caught_round[k] > ev.more_than
            if hit and len(held) <= count:
                aside = held
            elif hit and waiting:
                world.need[k] = count
            elif hit:
                aside = rng.sample(held, count)
        elif effect == "spawn":
            if waiting:
                world.need[k] = count
            elif held:
                fish = [c for c in held if cards[c].type == "fish"]
                aside = rng.sample(fish, rng.randint(0, min(count, len(fish))))
        elif effect == "grow":
            growable = [f for f in spot if sizes[f] < BIG]
            if waiting:
                world.need[k] = count
            elif growable:
                world.targets[k] = tuple(rng.sample(growable, rng.randint(0, min(count, len(growable)))))
    elif phase == "discard":
        extra = len(held) - HAND_SIZE
        if waiting:
            world.need[k] = extra
        elif extra > 0:
            aside = rng.sample(held, extra)
    if aside:
        chosen = set(aside)
        hand = [c for c in held if c not in chosen]
    world.hands[k] = hand
    world.aside[k] = tuple(aside)

