"""Worlds as one seat may imagine them, for the search bots: `sample_world(view, rng)`.

From one seat's view alone, every card hidden from that seat is dealt at
random among the places it could be, consistently with all the view says:

- known exactly: the seat's hand, catch pile and cast, every cast turned
  face up (and fish used as bait once shown), the top of every catch pile
  and discard pile, the fish turned over this turn, the fish the seat looked
  at with its Fish Finder, the bait groups of the turn in progress;
- known by count: rods and baits in each hand (frozen at their pre-cast
  values while a cast is face down), deck and discard sizes, catch pile
  sizes, fish this round per seat, the sea's size;
- constrained: a sea fish has exactly the back the view shows (so its size
  fits the clue), and a fish whose front the table saw (`remembered`) has
  that size;
- dealt at random: the rest of the rods and baits among the decks, the
  discard piles below their tops and the other hands; the rest of the fish
  among the sea, the catch piles below their tops and the fish out of the
  game; then the other seats' secret choices of this moment (face-down
  casts, fish-as-bait choices, Puffer Fish answers), uniformly among their
  legal choices with the hand dealt.

Every consistent deal of the cards is equally likely. The card table itself
(which cards are in the game) is public and comes with the view
(`cards_in_play`). `GAME.view(world, view.seat)` equals `view`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from fishtable.engine.identity import PerObject
from fishtable.games.crazy_fishing.cards import Card
from fishtable.games.crazy_fishing.casting import CastPlan
from fishtable.games.crazy_fishing.catching import puffer_choices
from fishtable.games.crazy_fishing.sea import mask_of
from fishtable.games.crazy_fishing.state import CFState, Layout, Turn
from fishtable.games.crazy_fishing.views import CardFace, CrazyFishingView

# Card tables seen lately, with what the sampler works out once for each.


class _Table:
    __slots__ = ("baits", "cards", "fish", "index", "rods")

    def __init__(self, cards: tuple[Card, ...]) -> None:
        self.cards = cards
        self.index = {c.cid: c.idx for c in cards}
        self.fish = [c.idx for c in cards if c.type == "fish"]
        self.rods = [c.idx for c in cards if c.type == "rod"]
        self.baits = [c.idx for c in cards if c.type == "bait"]


_table: PerObject[tuple[Card, ...], _Table] = PerObject(_Table)  # one per card table


def sample_world(view: CrazyFishingView, rng: random.Random) -> CFState:
    """A full state in which every card hidden from `view.seat` is dealt at random."""
    if view.seat is None:
        raise ValueError("A world is imagined from one seat's view, not from the public table's.")
    if view.phase == "over":
        raise ValueError("The game is over: there is nothing left to imagine.")
    if not view.cards_in_play:
        raise ValueError("This view does not carry the cards in play.")
    tab = _table(view.cards_in_play)
    cards, index = tab.cards, tab.index
    me, phase, panels, turn_view = view.seat, view.phase, view.seats, view.turn
    n = len(panels)

    def ids(faces: Iterable[CardFace]) -> list[int]:
        return [index[f.id] for f in faces]

    # -- what the seat knows exactly ---------------------------------------------------------
    hands: list[list[int]] = [[] for _ in range(n)]
    piles: list[list[int]] = [[] for _ in range(n)]
    casts: list[tuple[list[int], list[int]] | None] = [None] * n
    fish_bait: list[int | None] = [None] * n
    hands[me] = ids(view.hand or ())
    piles[me] = ids(view.pile or ())
    secret = phase in ("cast", "collect")
    secret_casters = []  # other seats whose cast lies face down
    for s, panel in enumerate(panels):
        if secret:
            if s == me:
                if view.my_cast is not None:
                    casts[s] = (ids(view.my_cast.rods), ids(view.my_cast.baits))
            elif panel.status == "ready":
                secret_casters.append(s)
        elif panel.cast is not None:
            casts[s] = (ids(panel.cast.rods), ids(panel.cast.baits))
            if panel.cast.fish_bait is not None:
                fish_bait[s] = index[panel.cast.fish_bait.id]
    if phase == "fish_bait" and view.my_fish_bait is not None:
        fish_bait[me] = index[view.my_fish_bait.id]

    at_label: dict[int, int] = {}  # sea fish whose front the seat knows, by label
    if turn_view is not None:
        for label, face in zip(turn_view.flipped_labels, turn_view.flipped, strict=True):
            at_label[label] = index[face.id]
    for peek in view.peeks:
        at_label[peek.label] = index[peek.fish.id]

    known: set[int] = set(hands[me]) | set(piles[me]) | set(at_label.values())
    for s, panel in enumerate(panels):
        if s != me and panel.pile_top is not None:
            known.add(index[panel.pile_top.id])
        cast = casts[s]
        if cast is not None:
            known.update(cast[0])
            known.update(cast[1])
        bait_fish = fish_bait[s]
        if bait_fish is not None:
            known.add(bait_fish)
    rod_top = index[view.rod_discard_top.id] if view.rod_discard_top is not None else None
    bait_top = index[view.bait_discard_top.id] if view.bait_discard_top is not None else None
    known.update(c for c in (rod_top, bait_top) if c is not None)

    # -- rods and baits: decks, discards below the top, other hands (casts included) --------
    decks = {}
    discards = {}
    for kind, pool_all, deck_size, discard_size, top in (
        ("rod", tab.rods, view.rod_deck, view.rod_discard, rod_top),
        ("bait", tab.baits, view.bait_deck, view.bait_discard, bait_top),
    ):
        pool = [c for c in pool_all if c not in known]
        rng.shuffle(pool)
        decks[kind] = pool[:deck_size]
        del pool[:deck_size]
        body = discard_size - (top is not None)
        discards[kind] = pool[:body] + ([top] if top is not None else [])
        del pool[:body]
        for s, panel in enumerate(panels):
            if s != me:
                count = panel.hand_rods if kind == "rod" else panel.hand_baits
                hands[s] += pool[:count]
                del pool[:count]
        if pool:
            raise ValueError(f"The view does not add up: {len(pool)} {kind}s have no place.")
    for s in range(n):
        if s != me:
            rng.shuffle(hands[s])

    # -- fish: the sea (by back clue), catch piles below the top, out of the game ------------
    by_back: dict[str, list[int]] = {}
    for c in tab.fish:
        if c not in known:
            by_back.setdefault(cards[c].back, []).append(c)
    for group in by_back.values():
        rng.shuffle(group)
    remembered = {r.label: r.size for r in view.remembered}
    for spot in view.sea:  # first the places whose fish's size the table saw
        if spot.label in remembered and spot.label not in at_label:
            group = by_back.get(spot.back, [])
            size = remembered[spot.label]
            pick = next((c for c in group if cards[c].value == size), None)
            if pick is None:
                raise ValueError(f"No hidden fish of size {size} has the back {spot.back!r}.")
            group.remove(pick)
            at_label[spot.label] = pick
    for spot in view.sea:
        if spot.label not in at_label:
            left = by_back.get(spot.back)
            if not left:
                raise ValueError(f"No hidden fish is left with the back {spot.back!r}.")
            at_label[spot.label] = left.pop()
    rest = [c for group in by_back.values() for c in group]
    rng.shuffle(rest)
    for s, panel in enumerate(panels):
        if s != me and panel.pile_top is not None:  # a pile shows its top card when it has any
            body = panel.pile_size - 1
            piles[s] = [*rest[:body], index[panel.pile_top.id]]
            del rest[:body]
    removed = rest

    # -- the sea's layout --------------------------------------------------------------------
    sea = [at_label[f.label] for f in view.sea if not f.beside]
    beside = [at_label[f.label] for f in view.sea if f.beside]
    pos = {at_label[f.label]: (f.x, f.y) for f in view.sea}
    layout = Layout(pos=pos, label={at_label[f.label]: f.label for f in view.sea},
                    masks={c: mask_of(x, y) for c, (x, y) in pos.items()})

    # -- the turn in progress ------------------------------------------------------------------
    turn = None
    order = list(view.catch_order)
    turn_index = 0
    if turn_view is not None:
        targets = [at_label[label] for label in turn_view.flipped_labels]
        stage = turn_view.stage
        turn = Turn(
            seat=turn_view.seat,
            stage=stage,
            looks_left=turn_view.looks_left,
            shuffles_left=turn_view.shuffles_left,
            bucket=turn_view.bait_bucket,
            reel=turn_view.reel,
            peeks=[at_label[label] for label in turn_view.looked],
            targets=targets,
            overlapped=[c for c, covered in zip(targets, turn_view.flipped_covered, strict=True) if covered],
            groups=[ids(group) for group in turn_view.bait_groups],
            pair_group=ids(turn_view.pair_bait),
            resume="choose" if stage == "puffer" else "",
            # At rest with flipped fish left in these stages, the last is a Reel's second fish.
            second=targets[-1] if targets and stage in ("split", "between", "pair", "puffer") else -1,
            between_offered=stage == "between",
        )
        turn_index = order.index(turn_view.seat)
    elif phase == "collect":
        turn_index = len(order)

    counts = [(p.hand_rods, p.hand_baits) for p in panels]
    world = CFState(
        cards=cards,
        names=tuple(p.name for p in panels),
        bots=tuple(p.is_bot for p in panels),
        rng=rng.getrandbits(64),
        round=view.round,
        phase=phase,
        sea=sea,
        beside=beside,
        layout=layout,
        rod_deck=decks["rod"],
        bait_deck=decks["bait"],
        rod_discard=discards["rod"],
        bait_discard=discards["bait"],
        removed=removed,
        hands=hands,
        piles=piles,
        casts=casts,
        revealed=phase != "cast",
        frozen_counts=counts,
        fish_bait=fish_bait,
        choosing=[s for s, p in enumerate(panels) if p.status == "choosing"] if phase in ("cast", "fish_bait") else [],
        order=order,
        order_notes=list(view.order_notes),
        turn_index=turn_index,
        turn=turn,
        caught_round=[
            (c, s) for s in order for c in piles[s][len(piles[s]) - panels[s].caught_this_round :]
            if panels[s].caught_this_round
        ],
        seen=[at_label[r.label] for r in view.remembered],
    )
    if phase == "collect":
        world.collect_order = order + [s for s in range(n) if s not in order]
        collecting = [s for s, p in enumerate(panels) if p.status == "collecting"]
        world.collect_index = world.collect_order.index(collecting[0]) if collecting else n

    # -- the other seats' secret choices of this moment ------------------------------------------
    for s in secret_casters:  # a face-down cast: any legal cast of the hand dealt
        plan = CastPlan(world, s)
        rods, baits = plan.move(rng.randrange(plan.count))
        chosen = set(rods) | set(baits)
        world.hands[s] = [c for c in world.hands[s] if c not in chosen]
        world.casts[s] = (list(rods), list(baits))
    if phase == "fish_bait":
        for s, panel in enumerate(panels):
            cast = world.casts[s]
            if (s != me and panel.status == "ready" and cast is not None and cast[1] and world.piles[s]
                    and any(cards[c].special == "oos_rod" for c in cast[0])):
                world.fish_bait[s] = rng.choice([None, *world.piles[s]])
    if turn_view is not None and turn_view.stage == "puffer":
        world.puffer_waiting = list(turn_view.puffer_waiting)
        picks = []
        for s in range(n):
            if s in turn_view.puffer_waiting:
                continue
            if s == me:
                if view.my_puffer_rod is not None:
                    picks.append((s, index[view.my_puffer_rod.id]))
            else:
                choices = puffer_choices(world, s)
                if choices:
                    picks.append((s, rng.choice(choices)))
        world.puffer_picks = picks
    return world
