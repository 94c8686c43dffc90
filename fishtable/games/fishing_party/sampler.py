"""Worlds as one seat may imagine them, for the search bots: `GAME.sample_world(view, rng)`.

From one seat's view alone (never the state), every card hidden from that seat is
dealt at random among the places it could be: the other hands, the cards put aside
for someone else's exchange, the face-down discard pile and the draw pile (in a
random order). What the seat knows holds in every world: its own hand and everything
face up are where they are; a card everyone saw go into a hand is in that hand (one
with the same face label: the table cannot tell them apart); the cards seen going
into the discard pile since it was last shuffled, and the ones this seat discarded
face down, are in the discard pile; hand and pile sizes, the die, the stage of the
turn, the swap or exchange in progress, the Broken Line question and the last
attempt are as the view says. The die's future rolls are new random ones.

`GAME.view(world, view.seat) == view` for every sampled world.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from fishtable.games.fishing_party.cards import BROKEN_LINE
from fishtable.games.fishing_party.setup import card_table, split_deck
from fishtable.games.fishing_party.state import NONE, FPState, LastAttempt, Static
from fishtable.games.fishing_party.views import FishingPartyView


@dataclass(slots=True)
class _Tables:
    """What a sampler needs of a card table, built once per game."""

    static: Static
    labels: tuple[str, ...]  # per card
    class_of: dict[str, int]  # label -> class (Static.cls)
    any_card: dict[str, int]  # label -> a card with that label (the last attempt names faces)
    removed: frozenset[int]


# Tables by the card data object (the same for every view of a game), then by the card table
# (the same for equal card data, e.g. a view rebuilt from JSON): worlds of a game share one Static,
# so its ready-made actions and faces are built once.
# (the card data's or table's id, names, computer seats, weights, Quick-Play, time limit, first rolls)
_Key = tuple[int, tuple[str, ...], tuple[bool, ...], str, bool, int | None, tuple[tuple[tuple[int, int], ...], ...]]
_CACHE: dict[_Key, tuple[object, _Tables]] = {}
_BY_TABLE: dict[_Key, _Tables] = {}
_CACHE_SIZE = 64


def _tables(view: FishingPartyView) -> _Tables:
    data = view.card_data
    if data is None:
        raise ValueError("This view names no card file (a hand-built table): no world can be sampled from it.")
    seats = view.seats
    key: _Key = (id(data), tuple(p.name for p in seats), tuple(p.is_bot for p in seats), view.weights, view.quick_play,
           view.time_limit_minutes, view.first_player_rolls)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is data:
        return hit[1]
    cards, kinds = card_table(data)
    same = _BY_TABLE.get((id(cards), *key[1:]))
    if same is not None and same.static.cards is cards:
        _remember(key, data, same)
        return same
    n = len(seats)
    _, removed, _ = split_deck(cards, n)
    static = Static(
        cards=cards,
        kinds=kinds,
        names=key[1],
        bots=key[2],
        scheme=view.weights,
        quick_play=view.quick_play,
        time_limit=view.time_limit_minutes,
        removed=tuple(removed),
        first_rolls=view.first_player_rolls,
        reactions=n > 2 and any(c.code == BROKEN_LINE for c in cards),
        data=data,
    )
    labels = static.labels
    any_card: dict[str, int] = {}
    for c, label in enumerate(labels):
        any_card.setdefault(label, c)
    tables = _Tables(static, labels, {label: x for x, label in enumerate(static.class_labels)}, any_card,
                     frozenset(removed))
    _remember(key, data, tables)
    return tables


def _remember(key: _Key, data: object, tables: _Tables) -> None:
    if len(_CACHE) >= _CACHE_SIZE or len(_BY_TABLE) >= _CACHE_SIZE:
        _CACHE.clear()
        _BY_TABLE.clear()
    _CACHE[key] = (data, tables)
    _BY_TABLE[(id(tables.static.cards), *key[1:])] = tables


def _take(groups: dict[str, list[int]], label: str, rnd: Callable[[], float]) -> int:
    """A random card with this label among the unplaced ones."""
    group = groups.get(label)
    if not group:
        raise ValueError(f"The view says a {label} is somewhere no such card can be.")
    i = int(rnd() * len(group))
    group[i], group[-1] = group[-1], group[i]
    return group.pop()


def _shuffle(cards: list[int], rnd: Callable[[], float]) -> None:
    """Fisher-Yates on `random()` (`random.shuffle` draws bits in Python: several times slower)."""
    for i in range(len(cards) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


def sample_world(view: FishingPartyView, rng: random.Random) -> FPState:
    """A full state, consistent with everything `view.seat` knows; the hidden cards at random."""
    seat = view.seat
    if seat is None:
        raise ValueError("A world is imagined from one seat's view, not from the public table.")
    tables = _tables(view)
    st = tables.static
    by_id = st.by_id
    n = st.n
    turn = view.turn
    panels = view.seats

    # Everything the seat sees where it is.
    rods = [NONE] * n
    lures = [NONE] * n
    ouches = [NONE] * n
    perms: list[tuple[int, ...]] = [()] * n
    ponds: list[tuple[int, ...]] = [()] * n
    fishing = NONE
    for p in panels:
        s = p.seat
        if p.rod is not None:
            rods[s] = by_id[p.rod.id]
        if p.lure is not None:
            lures[s] = by_id[p.lure.id]
        if p.ouch is not None:
            ouches[s] = by_id[p.ouch.id]
        if p.permanents:
            perms[s] = tuple(by_id[f.id] for f in p.permanents)
        if p.pond:
            ponds[s] = tuple(by_id[f.id] for f in p.pond)
        if p.fishing is not None:
            fishing = by_id[p.fishing.id]
    table = [by_id[f.id] for f in view.table]
    mine = [by_id[f.id] for f in view.hand or ()]
    own_aside = [by_id[f.id] for f in view.aside] if view.aside is not None else None

    seen = set(tables.removed)
    seen.update(table, mine, rods, lures, ouches)
    for group in (perms, ponds):
        for cards in group:
            seen.update(cards)
    if fishing != NONE:
        seen.add(fishing)
    if own_aside:
        seen.update(own_aside)
    seen.discard(NONE)

    # The hidden cards, and the places that must hold some of them (by label).
    labels = tables.labels
    hidden = [c for c in range(len(labels)) if c not in seen]
    others = [s for s in range(n) if s != seat]
    aside_count = panels[turn].aside if own_aside is None else 0
    slots = sum(panels[s].hand_size for s in others) + aside_count + view.discard_pile + view.draw_pile
    if slots != len(hidden):
        raise ValueError(f"The view hides {len(hidden)} cards but has {slots} places for them.")
    rnd = rng.random
    known_discards = (*view.discarded, *(view.my_discards or ()))
    hands: list[list[int]] = [[] for _ in range(n)]
    hands[seat] = mine
    discard: list[int] = []
    wanted = {label for s in others for label in panels[s].known}
    wanted.update(known_discards)
    if wanted:
        groups: dict[str, list[int]] = {}
        for c in hidden:
            if labels[c] in wanted:
                groups.setdefault(labels[c], []).append(c)
        for s in others:
            hands[s] = [_take(groups, label, rnd) for label in panels[s].known]
        discard = [_take(groups, label, rnd) for label in known_discards]
        placed = {c for s in others for c in hands[s]}
        placed.update(discard)
        rest = [c for c in hidden if c not in placed]
    else:
        rest = hidden
    _shuffle(rest, rnd)
    at = 0
    for s in others:
        hand = hands[s]
        need = panels[s].hand_size - len(hand)
        if need < 0:
            raise ValueError(f"The view knows more cards in seat {s}'s hand than it holds.")
        # Known cards last, as in a real hand (they came in after the deal).
        hands[s] = rest[at:at + need] + hand
        at += need
    aside = own_aside if own_aside is not None else rest[at:at + aside_count]
    at += aside_count
    need = view.discard_pile - len(discard)
    if need < 0:
        raise ValueError("The view knows more cards in the discard pile than it holds.")
    discard.extend(rest[at:at + need])
    at += need
    draw = rest[at:]

    # The move in progress.
    given = tuple(by_id[i] for i in view.swapped_in)
    if view.swapped_out is not None:
        taken = [by_id[i] for i in view.swapped_out]
    else:
        taken = []
        for label in view.swap_taken:
            taken.append(next(c for c in hands[turn] if labels[c] == label and c not in taken))
    if view.choosing is not None:
        taken.append(by_id[view.choosing])
    stage = view.stage
    asking: tuple[int, ...] = ()
    if stage == "reaction":
        # Who has already said "let it roll" is secret until everyone has: they are asked again.
        asking = tuple((turn + i) % n for i in range(1, n) if (turn + i) % n != seat or view.prompt is not None)
    last = None
    if view.last_attempt is not None:
        a = view.last_attempt
        last = LastAttempt(a.seat, tables.any_card[a.fish], tables.any_card[a.lure], a.rolled or 0, a.counted or 0,
                           a.outcome, NONE if a.broken_by is None else a.broken_by)
    class_of = tables.class_of
    over = stage == "over"
    return FPState(
        static=st,
        rng=rng.getrandbits(64),
        draw=draw,
        discard=discard,
        table=table,
        hands=hands,
        rods=rods,
        lures=lures,
        ouches=ouches,
        perms=perms,
        ponds=ponds,
        seat=turn,
        stage=stage,
        moves_left=view.moves_left,
        moved=stage != "turn",
        unlucky=view.unlucky_played,
        fishing=fishing,
        aside=aside,
        given=given,
        taken=tuple(taken),
        asking=asking,
        roll=view.spray_roll or 0,
        last=last,
        time_up=view.time_up,
        turn_no=view.turn_number,
        end_reason=("six kinds" if any(len(p) == len(st.kinds) for p in ponds) else "time") if over else "",
        tiebreak=view.tiebreak_rolls,
        winners=view.result.winners if view.result is not None else (),
        known=tuple(tuple(class_of[label] for label in p.known) for p in panels),
        seen_discards=tuple(class_of[label] for label in view.discarded),
        own_discards=tuple(tuple(class_of[label] for label in view.my_discards or ()) if s == seat else ()
                           for s in range(n)),
    )
