"""The full state of a Big Fish game: plain, slotted data, cheap to clone.

Cards are ints indexing `cards` (fish and wild cards) or `events`. Piles keep
their top card last. A fish's size lives in `sizes`, indexed by card, and is
meaningful while the fish lies in a Fishing Spot or an Ice Box.

Simultaneous phases (the opening placement, round-end events, the hand limit,
a Heat Wave) keep each seat's secret choice in `aside` (cards taken out of
the hand, a zone of their own) or `targets` (fish named, pointers only) until
every seat in `waiting` has chosen.

What the whole table knows about hidden cards, for the views and the search
bots' samplers: `origin` says, for each card, which Draw Deck it last went
into (0: the opening deck, i: the deck made at the i-th reshuffle) or -1 once
everyone saw it taken from the Face-Up row into a hand; `pools` lists the
cards of each reshuffle (the face-up discard pile that became the deck).
A hand's hidden cards of one deck are interchangeable to everyone else.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar

from fishtable.games.big_fish.cards import Card, EventCard

T = TypeVar("T")

# Phases: place (opening placement), turn, shrink (other seats answer a black card),
# event (round-end event choices), discard (hand limit), over.
_new = object.__new__

Phase = Literal["place", "turn", "shrink", "event", "discard", "over"]
PHASES: tuple[Phase, ...] = ("place", "turn", "shrink", "event", "discard", "over")
STEPS = ("draw", "spawn", "grow", "catch", "wild")


def put(items: list[T], index: int, value: T) -> list[T]:
    """A copy of `items` with one item replaced: how the engine changes a list that forks share."""
    new = items[:]
    new[index] = value
    return new


def without(items: list[T], item: T) -> list[T]:
    """A copy of `items` less the first `item`: `list.remove` for a list that forks share."""
    new = items[:]
    new.remove(item)
    return new


@dataclass(slots=True)
class BFState:
    cards: tuple[Card, ...]
    events: tuple[EventCard, ...]
    names: tuple[str, ...]
    bots: tuple[bool, ...]
    hard: bool
    setup_notes: tuple[str, ...]  # public lines about the deal (re-deals, the first player)
    rng: int
    round: int
    phase: Phase
    first: int  # holder of the First Player Card
    seat: int  # whose turn it is (the active seat)
    turns_done: int  # turns finished this round
    step: str  # draw | spawn | grow | catch | wild (phase turn or shrink)
    big_count: int  # Big Fish in the active spot when the step began (BF-Q-12)
    extra: int  # extras from working wild cards for this step
    allowed: int  # actions the step allows
    taken: int  # actions taken so far in the step
    grown: list[int]  # fish grown this turn (BF-GROW-3)
    deck: list[int]
    row: list[int]  # the Face-Up Cards
    discard: list[int]
    hands: list[list[int]]
    spots: list[list[int]]  # fish in each Fishing Spot, in the order they came
    wilds: list[tuple[int, ...]]  # wild cards lying in each Fishing Spot
    fresh: list[tuple[int, ...]]  # coloured wilds played but not working yet (BF-WILD-4)
    ice: list[tuple[int, ...]]  # each Ice Box
    sizes: list[int]  # size of each card while in a spot or Ice Box, else -1
    event_deck: list[int]  # top last
    event_seen: list[int]  # revealed events, the latest last
    caught_round: list[int]  # fish that entered each Ice Box this round
    waiting: list[int]  # seats still choosing in a simultaneous phase
    need: list[int]  # picks each seat still owes (or may make) in the phase
    aside: list[tuple[int, ...]]  # cards taken from a hand in secret, until all have chosen
    targets: list[tuple[int, ...]]  # fish named in secret, until all have chosen
    resolving: int  # the wild card (phase shrink) or event (phase event) being resolved
    cids: tuple[str, ...] = ()  # public ids by card, shared by clones
    # Public knowledge (see above); tuples shared by clones and replaced, never changed.
    origin: tuple[int, ...] = ()  # per card: the deck it last went into, -1 taken face up
    pools: tuple[tuple[int, ...], ...] = ()  # the cards of each reshuffle, in order

    def __post_init__(self) -> None:
        if not self.cids:
            self.cids = tuple(c.cid for c in self.cards)
        if not self.origin:
            self.origin = (0,) * len(self.cards)

    @property
    def n(self) -> int:
        return len(self.names)

    def clone(self) -> BFState:
        """A copy to edit freely: a fork whose shared lists are copied too."""
        new = self.fork()
        for name in _SHARED:
            setattr(new, name, getattr(self, name)[:])  # tuples inside: replaced, never changed
        new.hands = [h[:] for h in self.hands]
        new.spots = [s[:] for s in self.spots]
        return new

    def fork(self) -> BFState:
        """The copy `apply` works on, at every step of every playout: every list is shared
        (see `_SHARED`), and copied only by the step that changes it. The engine never
        changes a shared list in place: it replaces it (`put`, `without`, `[*x, card]`),
        or makes it its own first (the deck, before drawing from it). Anyone else who
        edits a state edits a `clone()`.
        """
        new = _new(BFState)
        new.cards = self.cards
        new.events = self.events
        new.names = self.names
        new.bots = self.bots
        new.hard = self.hard
        new.setup_notes = self.setup_notes
        new.rng = self.rng
        new.round = self.round
        new.phase = self.phase
        new.first = self.first
        new.seat = self.seat
        new.turns_done = self.turns_done
        new.step = self.step
        new.big_count = self.big_count
        new.extra = self.extra
        new.allowed = self.allowed
        new.taken = self.taken
        new.grown = self.grown
        new.deck = self.deck
        new.row = self.row
        new.discard = self.discard
        new.hands = self.hands
        new.spots = self.spots
        new.wilds = self.wilds
        new.fresh = self.fresh
        new.ice = self.ice
        new.sizes = self.sizes
        new.event_deck = self.event_deck
        new.event_seen = self.event_seen
        new.caught_round = self.caught_round
        new.waiting = self.waiting
        new.need = self.need
        new.aside = self.aside
        new.targets = self.targets
        new.resolving = self.resolving
        new.cids = self.cids
        new.origin = self.origin
        new.pools = self.pools
        return new

    def canonical(self) -> tuple[object, ...]:
        """Everything that defines the position, for hashing and equality.

        `origin` and `pools` are left out: they follow from the moves, which a save
        replays, so the hashes of earlier saves still match.
        """
        def tt(rows: Sequence[Iterable[object]]) -> tuple[tuple[object, ...], ...]:
            return tuple(tuple(r) for r in rows)

        return (
            tuple((c.cid, c.name, c.points, c.bag, c.colour, c.effect, c.amount, c.from_size, c.to_size,
                   c.sizes, c.against) for c in self.cards),
            tuple((e.cid, e.name, e.effect, e.count, e.size, e.sizes, e.species, e.more_than) for e in self.events),
            self.names, self.bots, self.hard, self.setup_notes, self.rng, self.round,
            self.phase, self.first, self.seat, self.turns_done, self.step, self.big_count, self.extra,
            self.allowed, self.taken, tuple(self.grown), tuple(self.deck), tuple(self.row),
            tuple(self.discard), tt(self.hands), tt(self.spots), tt(self.wilds), tt(self.fresh),
            tt(self.ice), tuple(self.sizes), tuple(self.event_deck), tuple(self.event_seen),
            tuple(self.caught_round), tuple(self.waiting), tuple(self.need),
            tt(self.aside), tt(self.targets), self.resolving,
        )


# The lists a fork shares with the state it was made from: the engine replaces them, never
# changes them in place (tests/games/big_fish check that a step leaves its state alone).
_SHARED = (
    "deck", "row", "discard", "sizes", "grown", "hands", "spots", "wilds", "fresh", "ice", "event_deck", "event_seen",
    "caught_round", "waiting", "need", "aside", "targets",
)
