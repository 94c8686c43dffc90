"""The Cast phase: secret casts, their legality, the reveal, fish as bait and the catch order."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations, groupby, pairwise
from operator import itemgetter
from typing import Any, NamedTuple
from typing import cast as typed

from fishtable.engine import fastrng
from fishtable.engine.protocol import Event
from fishtable.games.crazy_fishing.actions import Cast, trusted_cast
from fishtable.games.crazy_fishing.cards import INFINITE, Card
from fishtable.games.crazy_fishing.common import (
    BAIT_MODIFIERS,
    bait_modifier,
    cards_text,
    event,
    fish_bait_value,
    fish_text,
    raw_bait,
    top_effect,
    value_text,
)
from fishtable.games.crazy_fishing.state import CFState, cast_of, put


def start_round(state: CFState, events: list[Event] | None) -> None:
    """Open the Cast phase. Casts made early, during the last Collect, stay face down.

    Should every seat have cast early, `sequence.settle` reveals them at once.
    """
    n = state.n
    casts: list[tuple[list[int], list[int]] | None] = state.casts if len(state.casts) == n else [None] * n
    frozen = state.frozen_counts
    state.phase = "cast"
    state.casts = casts
    state.fish_bait = [None] * n
    state.revealed = False
    state.order = []
    state.order_notes = []
    state.caught_round = []
    # CF-Q-14: counts frozen from the start of each seat's Cast (an early cast froze them then).
    choosing: list[int] = []
    counts: list[tuple[int, int]] = []
    for s in range(n):  # a plain loop: once per round
        if casts[s] is None:
            choosing.append(s)
            counts.append(hand_counts(state, s))
        else:
            counts.append(frozen[s])
    state.choosing = choosing
    state.frozen_counts = counts
    if events is not None:
        events.append(event("round", f"Round {state.round} begins: everyone casts in secret."))


def cast_early(state: CFState, seat: int, rods: list[int], baits: list[int]) -> None:
    """A seat that has refilled casts for the next round during Collect: face down, secret."""
    state.frozen_counts = put(state.frozen_counts, seat, hand_counts(state, seat))
    state.hands = put(state.hands, seat, _without(state.hands[seat], rods, baits))
    state.casts = put(state.casts, seat, (rods, baits))


def hand_counts(state: CFState, seat: int) -> tuple[int, int]:
    """(rods, baits) in `seat`'s hand."""
    hand = state.hands[seat]
    ones = _by_card(state.cards).rod_ones
    rods = 0
    for c in hand:  # a plain loop, not sum(map()): it costs less than the calls
        rods += ones[c]
    return rods, len(hand) - rods


class _ByCard(NamedTuple):
    """What the hot paths read of a card, by card index: plain ints, cheaper than its fields."""

    rod_ones: tuple[int, ...]  # 1 for a rod, 0 for any other card
    codes: tuple[int, ...]  # its bits in a hand's shape (see hand_casts)
    modifiers: tuple[int, ...]  # bait_modifier of a seat whose pile it tops (CF-OOS-16)
    oos_rods: frozenset[int]  # the out-of-series rods (a set, not by card)


# The last card table's, kept (one tuple, read and rebound at once, so that a search thread
# never mixes two tables).
_by_card_last: tuple[tuple[Card, ...], _ByCard] = ((), _ByCard((), (), (), frozenset()))


def _by_card(cards: tuple[Card, ...]) -> _ByCard:
    global _by_card_last
    last = _by_card_last
    if last[0] is cards:
        return last[1]
    by_card = _ByCard(
        tuple(1 if c.type == "rod" else 0 for c in cards),
        _codes_of(cards),
        tuple(BAIT_MODIFIERS.get(c.special, 0) if c.oos else 0 for c in cards),
        frozenset(i for i, c in enumerate(cards) if c.special == "oos_rod"),
    )
    _by_card_last = (cards, by_card)
    return by_card


def usable(state: CFState, seat: int) -> tuple[list[int], list[int]]:
    """Rods and baits in hand that this seat may cast now (Crab and Moray Eel forbid '+')."""
    effect = top_effect(state, seat)
    no_plus_rod = effect == "moray_eel"
    no_plus_bait = effect == "crab"
    rods: list[int] = []
    baits: list[int] = []
    for c in state.hands[seat]:
        card = state.cards[c]
        if card.type == "rod":
            if not (no_plus_rod and card.plus):
                rods.append(c)
        elif not (no_plus_bait and card.plus):
            baits.append(c)
    return rods, baits


def _group_ok(state: CFState, cards: list[int]) -> bool:
    return len(cards) <= 1 or any(state.cards[c].plus for c in cards)


def _has_special(state: CFState, cards: list[int], special: str) -> bool:
    table = state.cards
    for c in cards:  # noqa: SIM110 - a plain loop: every reveal asks it of every cast
        if table[c].special == special:
            return True
    return False


def cast_error(state: CFState, seat: int, rods: list[int], baits: list[int]) -> str | None:
    """Why this cast is illegal, in words, or None (CF-CAST-3..9, CF-Q-7, CF-Q-8, CF-OOS-26/27)."""
    ok_rods, ok_baits = usable(state, seat)
    effect = top_effect(state, seat)
    for c in rods:
        if state.cards[c].type != "rod":
            return f"{state.cards[c].label} is not a rod."
        if c not in ok_rods:
            return "The Moray Eel on top of your pile forbids '+' rods."
    for c in baits:
        if state.cards[c].type != "bait":
            return f"{state.cards[c].label} is not a bait."
        if c not in ok_baits:
            return "The Crab on top of your pile forbids '+' baits."
    if not rods and not baits:
        if ok_rods or ok_baits:
            return "Choose at least one rod and one bait."
        return None
    if not rods and ok_rods:
        return "Choose at least one rod as well."
    if not baits and ok_baits:
        return "Choose at least one bait as well."
    if not _group_ok(state, rods):
        extra = " (the Moray Eel rules out '+' rods)" if effect == "moray_eel" else ""
        return f"To play {len(rods)} rods, one of them must be a '+' rod{extra}."
    if not _group_ok(state, baits):
        if len(baits) == 2 and _has_special(state, rods, "super_fast_reel"):
            return None
        extra = " (the Crab rules out '+' baits)" if effect == "crab" else ""
        reel = " or a Super-Fast Reel for exactly two" if len(baits) == 2 else ""
        return f"To play {len(baits)} baits, one must be a '+' bait{reel}{extra}."
    return None


_PATTERNS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}
_REEL_PAIRS: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}  # the same, for `_reel_pairs`


def group_patterns(n: int, plus_mask: int) -> tuple[tuple[int, ...], ...]:
    """The legal groups of n cards of one type, as positions: each card alone, then (by
    size, in combination order) every larger selection holding a '+' card (bit i of
    `plus_mask` set: card i is a '+'). The same for every hand with this shape, so kept."""
    key = (n, plus_mask)
    patterns = _PATTERNS.get(key)
    if patterns is None:
        out: list[tuple[int, ...]] = [(i,) for i in range(n)]
        if plus_mask:
            for size in range(2, n + 1):
                out += [combo for combo in combinations(range(n), size) if any(plus_mask >> i & 1 for i in combo)]
        patterns = _PATTERNS[key] = tuple(out)
    return patterns


def _reel_pairs(n: int, plus_mask: int) -> tuple[tuple[int, int], ...]:
    """Positions of two plain baits, which a Super-Fast Reel lets a cast hold without a '+' bait."""
    key = (-n, plus_mask)
    pairs = _REEL_PAIRS.get(key)
    if pairs is None:
        pairs = _REEL_PAIRS[key] = tuple(
            (a, b) for a, b in combinations(range(n), 2) if not (plus_mask >> a & 1 or plus_mask >> b & 1)
        )
    return pairs


class CastPlan:
    """Every legal cast of one seat, enumerated without being built (CF-CAST-3..9, CF-Q-8).

    The casts are rows of (rod group, bait group), rod groups in `group_patterns`
    order, each with every bait group, in the same order; a rod group holding a
    Super-Fast Reel also takes every pair of plain baits. A blank cast puts
    forward the one type the seat may play (or nothing).
    """

    __slots__ = ("bait_patterns", "baits", "count", "rod_patterns", "rods", "rows")

    def __init__(self, state: CFState, seat: int) -> None:
        table = state.cards
        effect = top_effect(state, seat)
        rods: list[int] = []
        baits: list[int] = []
        rod_plus = bait_plus = 0
        reel = False
        for c in state.hands[seat]:
            card = table[c]
            if card.type == "rod":
                if card.plus:
                    if effect == "moray_eel":
                        continue
                    rod_plus |= 1 << len(rods)
                if card.special == "super_fast_reel":
                    reel = True
                rods.append(c)
            else:
                if card.plus:
                    if effect == "crab":
                        continue
                    bait_plus |= 1 << len(baits)
                baits.append(c)
        self.rods = rods
        self.baits = baits
        self.rod_patterns = rod_patterns = group_patterns(len(rods), rod_plus) if rods else ((),)
        self.bait_patterns = bait_patterns = group_patterns(len(baits), bait_plus) if baits else ((),)
        self.rows: list[tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]] | None = None
        pairs = _reel_pairs(len(baits), bait_plus) if reel and rods and len(baits) >= 2 else ()
        if pairs:
            # Rows differ: only rod groups holding the Reel take the pairs of plain baits.
            with_reel = bait_patterns + pairs
            self.rows = [
                (rg, with_reel if any(table[rods[i]].special == "super_fast_reel" for i in rg) else bait_patterns)
                for rg in rod_patterns
            ]
            self.count = sum(len(choices) for _, choices in self.rows)
        else:
            self.count = len(rod_patterns) * len(bait_patterns)

    def move(self, i: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The i-th legal cast as (rod cards, bait cards)."""
        rows = self.rows
        if rows is None:
            r, b = divmod(i, len(self.bait_patterns))
            rod_group, bait_group = self.rod_patterns[r], self.bait_patterns[b]
        else:
            for row, choices in rows:
                if i < len(choices):
                    rod_group, bait_group = row, choices[i]
                    break
                i -= len(choices)
            else:
                raise IndexError(i)
        rods, baits = self.rods, self.baits
        return tuple([rods[j] for j in rod_group]), tuple([baits[j] for j in bait_group])


# -- the casts of a hand, by its shape (dispatch's hot path) -----------------------------------------
#
# Which casts are legal depends only on the hand's shape: for each card in hand order, whether
# it is a rod, a '+' and a Super-Fast Reel, and whether the pile's top forbids '+' rods or
# baits. A playout meets the same few shapes again and again, so each shape's casts, in
# CastPlan order, are worked out once as pickers of hand positions.

_ROD, _PLUS, _REEL = 1, 2, 4
Picker = Callable[[Sequence[int]], tuple[int, ...]]


def _codes_of(cards: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(
        (_ROD | (_REEL if c.special == "super_fast_reel" else 0) if c.type == "rod" else 0) | (_PLUS if c.plus else 0)
        for c in cards
    )


def _empty(cards: Sequence[int]) -> tuple[int, ...]:
    return ()


def _one(position: int) -> Picker:
    def picker(cards: Sequence[int]) -> tuple[int, ...]:
        return (cards[position],)

    return picker


_PICKERS: dict[tuple[int, ...], Picker] = {}


def _picker(positions: tuple[int, ...]) -> Picker:
    """`cards -> tuple(cards[p] for p in positions)`, made once per positions."""
    picker = _PICKERS.get(positions)
    if picker is None:
        if not positions:
            picker = _empty
        elif len(positions) == 1:
            picker = _one(positions[0])
        else:
            picker = typed(Picker, itemgetter(*positions))  # two or more: a tuple
        _PICKERS[positions] = picker
    return picker


_EFFECT_KEYS: dict[str | None, int] = {"moray_eel": 1, "crab": 2}
Casts = tuple[tuple[Picker, Picker], ...]  # cast i: (its rods, its baits), picked from the hand
Groups = tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]  # cast i: (its rods, its baits), by rank
# By hand shape (codes in hand order, then the effect key): the legal casts, picked from the hand.
_SHAPES: dict[tuple[int, ...], Casts] = {}
_GROUPS: dict[tuple[int, int, int, int, int], Groups] = {}


def _split_groups(rods: int, rod_plus: int, reels: int, baits: int, bait_plus: int) -> Groups:
    """Casts of `rods` rods and `baits` baits (bit i of a mask: card i is a '+', or a Reel), as
    positions among them, in CastPlan's order: rod groups in `group_patterns` order, each with
    every bait group."""
    key = (rods, rod_plus, reels, baits, bait_plus)
    groups = _GROUPS.get(key)
    if groups is None:
        rod_patterns = group_patterns(rods, rod_plus) if rods else ((),)
        bait_patterns = group_patterns(baits, bait_plus) if baits else ((),)
        pairs = _reel_pairs(baits, bait_plus) if reels and baits >= 2 else ()
        out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        for rg in rod_patterns:
            choices = bait_patterns + pairs if pairs and any(reels >> i & 1 for i in rg) else bait_patterns
            out += [(rg, bg) for bg in choices]
        groups = _GROUPS[key] = tuple(out)
    return groups


def _shape(key: tuple[int, ...]) -> Casts:
    *codes, effect = key
    rods: list[int] = []  # hand positions
    baits: list[int] = []
    rod_plus = bait_plus = reels = 0
    for pos, code in enumerate(codes):
        if code & _ROD:
            if code & _PLUS:
                if effect == 1:
                    continue
                rod_plus |= 1 << len(rods)
            if code & _REEL:
                reels |= 1 << len(rods)
            rods.append(pos)
        else:
            if code & _PLUS:
                if effect == 2:
                    continue
                bait_plus |= 1 << len(baits)
            baits.append(pos)
    groups = _split_groups(len(rods), rod_plus, reels, len(baits), bait_plus)
    return tuple(
        (_picker(tuple([rods[i] for i in rg])), _picker(tuple([baits[i] for i in bg]))) for rg, bg in groups
    )


def hand_casts(state: CFState, seat: int) -> tuple[list[int], Casts]:
    """(hand, casts): `seat`'s hand and its legal casts now, cast i being `(pick_rods(hand),
    pick_baits(hand))` for `pick_rods, pick_baits = casts[i]`: the same casts in the same order
    as `CastPlan(state, seat).move(i)`."""
    hand = state.hands[seat]
    pile = state.piles[seat]
    cards = state.cards
    effect = 0
    if pile:
        top = cards[pile[-1]]
        if top.oos:
            effect = _EFFECT_KEYS.get(top.special, 0)
    last = _by_card_last  # _by_card(cards), its usual case without the call: at every cast
    codes = last[1].codes if last[0] is cards else _by_card(cards).codes
    if len(hand) == 6:  # a full hand: the key without a map (it is made at every cast)
        a, b, c, d, e, f = hand
        key: tuple[int, ...] = (codes[a], codes[b], codes[c], codes[d], codes[e], codes[f], effect)
    else:
        key = (*map(codes.__getitem__, hand), effect)
    casts = _SHAPES.get(key)
    if casts is None:
        if len(_SHAPES) > 50_000:
            _SHAPES.clear()
        casts = _SHAPES[key] = _shape(key)
    return hand, casts


def legal_casts(state: CFState, seat: int) -> list[Cast]:
    """Every legal cast, built (`dispatch.legal_actions` builds them one at a time)."""
    plan = CastPlan(state, seat)
    get = state.cids.__getitem__
    out = []
    for i in range(plan.count):
        rods, baits = plan.move(i)
        out.append(trusted_cast(tuple(map(get, rods)), tuple(map(get, baits))))
    return out


def _without(hand: list[int], rods: list[int], baits: list[int]) -> list[int]:
    """The hand without the cards cast (each is in it once), in hand order."""
    rest = hand[:]
    for c in rods:  # rest.remove, not a bound method kept: the interpreter calls it faster
        rest.remove(c)
    for c in baits:
        rest.remove(c)
    return rest


def apply_cast(state: CFState, seat: int, rods: list[int], baits: list[int]) -> None:
    """`seat`, one of those still choosing in the Cast phase, casts."""
    state.hands = put(state.hands, seat, _without(state.hands[seat], rods, baits))
    casts = state.casts = state.casts[:]
    casts[seat] = (rods, baits)
    choosing = state.choosing[:]
    choosing.remove(seat)
    state.choosing = choosing


def is_blank(state: CFState, seat: int) -> bool:
    cast = state.casts[seat]
    return cast is None or not cast[0] or (not cast[1] and state.fish_bait[seat] is None)


def speed_of(state: CFState, seat: int) -> int:
    cast = state.casts[seat]
    if not cast:
        return 0
    cards = state.cards
    speed = 0
    for c in cast[0]:
        speed += cards[c].value
    return speed


def tie_bait(state: CFState, seat: int) -> int:
    """Bait for ordering: everything put forward plus modifiers, no floor (CF-Q-12)."""
    fish = state.fish_bait[seat]
    base = fish_bait_value(state, fish) if fish is not None else raw_bait(state, cast_of(state, seat)[1])
    return base if base >= INFINITE else base + bait_modifier(state, seat)


def reveal(state: CFState, events: list[Event] | None) -> None:
    """Every cast turns face up at once (CF-CAST-11)."""
    state.revealed = True
    if events is not None:
        _reveal_events(state, events)
    piles = state.piles
    choosing: list[int] = []
    oos_rods = _by_card(state.cards).oos_rods
    if oos_rods:  # a game without them (the basic game) has nobody to ask
        for s, cast in enumerate(state.casts):
            if cast is not None and cast[1] and piles[s] and not oos_rods.isdisjoint(cast[0]):
                choosing.append(s)
    state.choosing = choosing
    if choosing:
        state.phase = "fish_bait"
        if events is not None:
            names = ", ".join(state.names[s] for s in state.choosing)
            events.append(event("fish_bait", f"Out-of-series rod: {names} may use a caught fish as bait."))
    else:
        set_order(state, events)


def _reveal_events(state: CFState, events: list[Event]) -> None:
    for seat in range(state.n):
        rods, baits = state.casts[seat] or ([], [])
        name = state.names[seat]
        if not rods and not baits:
            events.append(event("reveal", f"{name} casts nothing (no playable card)."))
        elif is_blank(state, seat):
            played = cards_text(state, rods + baits)
            events.append(event("reveal", f"{name} makes a blank cast: {played}; no catch this round."))
        else:
            events.append(event(
                "reveal",
                f"{name} casts rods {cards_text(state, rods)} (speed {speed_of(state, seat)}) "
                f"and bait {cards_text(state, baits)} (bait {value_text(raw_bait(state, baits))}).",
            ))


def apply_fish_bait(state: CFState, seat: int, fish: int | None, events: list[Event] | None) -> None:
    state.fish_bait = put(state.fish_bait, seat, fish)
    state.choosing = [s for s in state.choosing if s != seat]
    if state.choosing:
        return
    # Everyone has chosen: the choices are shown together (CF-Q-29, CF-OOS-7).
    piles, hands, casts = state.piles, state.hands, state.casts = state.piles[:], state.hands[:], state.casts[:]
    for s in range(state.n):
        chosen = state.fish_bait[s]
        if chosen is None:
            continue
        piles[s] = [c for c in piles[s] if c != chosen]
        rods, baits = cast_of(state, s)
        hands[s] = hands[s] + baits
        casts[s] = (rods, [])
        if events is not None:
            events.append(event(
                "fish_bait",
                f"{state.names[s]} takes back their bait and uses {fish_text(state.cards[chosen])} "
                f"from their catch as bait worth {fish_bait_value(state, chosen)}.",
            ))
    set_order(state, events)


def _reveal_rod(state: CFState, events: list[Event] | None) -> int | None:
    if not state.rod_deck:
        if not state.rod_discard:
            return None
        reshuffle_rods(state, events)
    card = state.rod_deck[-1]
    state.rod_deck = state.rod_deck[:-1]
    state.rod_discard = [*state.rod_discard, card]
    return card


def reshuffle_rods(state: CFState, events: list[Event] | None) -> None:
    state.rng, state.rod_deck = fastrng.shuffled(state.rng, state.rod_discard)
    state.rod_discard = []
    if events is not None:
        events.append(event("reshuffle", "The rod deck is empty: its discard pile is shuffled into a new deck."))


def reshuffle_baits(state: CFState, events: list[Event] | None) -> None:
    state.rng, state.bait_deck = fastrng.shuffled(state.rng, state.bait_discard)
    state.bait_discard = []
    if events is not None:
        events.append(event("reshuffle", "The bait deck is empty: its discard pile is shuffled into a new deck."))


def _break_tie(state: CFState, tied: list[int], events: list[Event] | None) -> list[int]:
    """Tied seats each reveal a rod from the deck; repeat among those still tied (CF-Q-10)."""
    reveals: dict[int, int] = {}
    for seat in tied:
        card = _reveal_rod(state, events)
        if card is None:
            names = " and ".join(state.names[s] for s in tied)
            state.order_notes = [*state.order_notes, f"{names} stay tied with no rod left to reveal: seat order."]
            return tied
        reveals[seat] = state.cards[card].value
        if events is not None:
            events.append(event(
                "tie_reveal",
                f"{state.names[seat]} reveals a {state.cards[card].label} rod from the deck to break the tie.",
            ))
    out = _rank(state, reveals, events)
    shown = ", ".join(f"{state.names[s]} {reveals[s]}" for s in sorted(tied, key=reveals.__getitem__, reverse=True))
    state.order_notes = [
        *state.order_notes,
        f"{' and '.join(state.names[s] for s in tied)} tie on speed and bait; rod-deck reveal: {shown}.",
    ]
    return out


def _rank(state: CFState, keys: dict[int, Any], events: list[Event] | None) -> list[int]:
    """The seats of `keys` (seat: its key), highest key first; seats with equal keys are
    ordered by rod-deck reveals."""
    key = keys.__getitem__
    ordered = sorted(keys, key=key, reverse=True)
    if len(set(keys.values())) == len(keys):  # no tie: the usual case
        return ordered
    out: list[int] = []
    for _, same in groupby(ordered, key=key):
        group = list(same)
        out.extend(_break_tie(state, group, events) if len(group) > 1 else group)
    return out


def set_order(state: CFState, events: list[Event] | None) -> None:
    """Catch order: speed, then bait, then rod-deck reveals (CF-CAST-12..14)."""
    # Who fishes (not is_blank), and each one's (speed_of, tie_bait): one plain loop, once per round.
    cards, fish_bait, piles = state.cards, state.fish_bait, state.piles
    modifiers = _by_card(cards).modifiers
    key: dict[int, tuple[int, int]] = {}  # by seat, in seat order
    for s, cast in enumerate(state.casts):
        if cast is None or not cast[0]:
            continue
        fish = fish_bait[s]
        if fish is not None:
            base = fish_bait_value(state, fish)
        elif cast[1]:
            base = raw_bait(state, cast[1])
        else:
            continue
        pile = piles[s]
        if pile and base < INFINITE:
            base += modifiers[pile[-1]]  # bait_modifier
        speed = 0
        for c in cast[0]:
            speed += cards[c].value
        key[s] = (speed, base)
    order = _rank(state, key, events)
    for a, b in pairwise(order):
        (sa, ba), (sb, bb) = key[a], key[b]
        if sa == sb and ba != bb:
            state.order_notes = [
                *state.order_notes,
                f"{state.names[a]} before {state.names[b]}: speed {sa} each, "
                f"bait {value_text(ba)} beats {value_text(bb)}.",
            ]
    state.order = order
    if events is not None:
        if order:
            listing = ", ".join(
                f"{state.names[s]} (speed {key[s][0]}, bait {value_text(key[s][1])})" for s in order
            )
            events.append(event("order", f"Catch order: {listing}."))
        for note in state.order_notes:
            events.append(event("order", note))
    state.phase = "catch"
    state.turn_index = 0
