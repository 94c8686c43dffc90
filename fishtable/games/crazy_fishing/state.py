"""The full state of a Crazy Fishing game: plain, slotted data, cheap to clone.

Pydantic guards the boundaries (card files, options, actions, views, saves);
inside the engine a step must cost microseconds, because search bots play
thousands of games per decision. Cards are ints indexing `cards`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, TypeVar

from fishtable.engine.identity import PerObject
from fishtable.games.crazy_fishing.cards import Card

T = TypeVar("T")

Phase = Literal["cast", "fish_bait", "catch", "collect", "over"]
PHASES: tuple[Phase, ...] = ("cast", "fish_bait", "catch", "collect", "over")
# The stages of a catch turn.
Stage = Literal["choose", "pick_bait", "split", "pair", "between", "finish", "puffer"]

_new = object.__new__


def put(items: list[T], index: int, value: T) -> list[T]:
    """A copy of `items` with one item replaced: how the engine changes a list of a state."""
    new = items[:]
    new[index] = value
    return new


@dataclass(slots=True)
class Turn:
    """One player's Catch turn in progress."""

    seat: int
    stage: Stage = "choose"
    looks_left: int = 0
    shuffles_left: int = 0
    bucket: bool = False
    reel: bool = False
    peeks: list[int] = field(default_factory=list)  # fish cards seen with the Finder
    targets: list[int] = field(default_factory=list)  # fish turned over, to resolve
    overlapped: list[int] = field(default_factory=list)  # targets chosen while covered
    groups: list[list[int]] = field(default_factory=list)  # bait group per target
    pair_group: list[int] = field(default_factory=list)  # bait for A Pair of Fish
    resume: Stage | Literal[""] = ""  # stage to return to after a Puffer Fish choice
    second: int = -1  # the second Super-Fast Reel fish, while it waits
    between_offered: bool = False  # Reel + Turbulent Bait: the shuffle between attempts was offered

    @staticmethod
    def start(seat: int, looks: int, shuffles: int, bucket: bool, reel: bool) -> Turn:
        """`Turn(seat, "choose", looks, shuffles, bucket, reel)`, slot by slot (once per catch turn)."""
        new = _new(Turn)
        new.seat = seat
        new.stage = "choose"
        new.looks_left = looks
        new.shuffles_left = shuffles
        new.bucket = bucket
        new.reel = reel
        new.peeks = []
        new.targets = []
        new.overlapped = []
        new.groups = []
        new.pair_group = []
        new.resume = ""
        new.second = -1
        new.between_offered = False
        return new

    def clone(self) -> Turn:
        new = self.fork()
        new.peeks = self.peeks[:]
        new.targets = self.targets[:]
        new.overlapped = self.overlapped[:]
        new.groups = [g[:] for g in self.groups]
        new.pair_group = self.pair_group[:]
        return new

    def fork(self) -> Turn:
        """A copy sharing the lists, which the engine replaces, never changes (see CFState.fork)."""
        new = _new(Turn)
        new.seat = self.seat
        new.stage = self.stage
        new.looks_left = self.looks_left
        new.shuffles_left = self.shuffles_left
        new.bucket = self.bucket
        new.reel = self.reel
        new.peeks = self.peeks
        new.targets = self.targets
        new.overlapped = self.overlapped
        new.groups = self.groups
        new.pair_group = self.pair_group
        new.resume = self.resume
        new.second = self.second
        new.between_offered = self.between_offered
        return new


@dataclass(slots=True)
class Layout:
    """Where every fish of one sea layout lies. Immutable once made; shared by clones."""

    pos: dict[int, tuple[int, int]]
    label: dict[int, int]
    # The sea's cells each fish lies on, as the bits of an int (see sea.mask_of): two fish
    # overlap when their masks share a bit, so covers are found without comparing pairs.
    masks: dict[int, int] = field(default_factory=dict)
    # A cover relation given by hand (tests build layouts no real one could be): for each
    # fish, the fish above it. None: the masks say it.
    coverers: dict[int, tuple[int, ...]] | None = None


@dataclass(slots=True)
class CFState:
    cards: tuple[Card, ...]
    names: tuple[str, ...]
    bots: tuple[bool, ...]
    rng: int
    round: int
    phase: Phase
    sea: list[int]  # fish in the layout, bottom first
    beside: list[int]  # fish put beside the sea by a failed Bait Bucket attempt
    layout: Layout
    rod_deck: list[int]
    bait_deck: list[int]
    rod_discard: list[int]
    bait_discard: list[int]
    removed: list[int]  # out of the game (fish used as bait)
    hands: list[list[int]]
    piles: list[list[int]]  # catch piles, top last
    casts: list[tuple[list[int], list[int]] | None]  # rods, baits put forward
    revealed: bool = False
    frozen_counts: list[tuple[int, int]] = field(default_factory=list)  # rods, baits pre-cast
    fish_bait: list[int | None] = field(default_factory=list)
    choosing: list[int] = field(default_factory=list)  # seats still to decide (cast/fish bait)
    order: list[int] = field(default_factory=list)  # catch order
    order_notes: list[str] = field(default_factory=list)
    turn_index: int = 0
    turn: Turn | None = None
    puffer_waiting: list[int] = field(default_factory=list)  # seats to pick a rod to discard
    puffer_picks: list[tuple[int, int]] = field(default_factory=list)  # (seat, rod) kept secret until all chose
    caught_round: list[tuple[int, int]] = field(default_factory=list)  # (fish, seat) this round
    collect_order: list[int] = field(default_factory=list)
    collect_index: int = 0
    cids: tuple[str, ...] = ()  # public ids by card, shared by clones
    # Fish whose front everyone saw (an escape, the Smart Bream) and that still lie where
    # they went back face down: what an attentive player remembers, until the next shuffle.
    seen: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.cids:
            self.cids = ids_of(self.cards)

    @property
    def n(self) -> int:
        return len(self.names)

    def clone(self) -> CFState:
        """A copy to edit freely: it shares only what never changes (cards, names, layout, ids)."""
        new = self.fork()
        for name in _LISTS:
            setattr(new, name, getattr(self, name)[:])
        new.hands = [h[:] for h in self.hands]
        new.piles = [p[:] for p in self.piles]
        new.casts = [None if c is None else (c[0][:], c[1][:]) for c in self.casts]
        new.turn = None if self.turn is None else self.turn.clone()
        return new

    def fork(self) -> CFState:
        """The copy `apply` works on, made at every step of every playout: a new state
        object that shares every list with this one (a Turn is copied, its lists shared).

        The engine never changes a list of a state in place: it replaces it (`put`,
        `[*x, card]`...). So a fork costs a few dozen pointer copies, and changing it
        leaves this state alone. Anyone else who edits a state edits a `clone()`.
        """
        new = _new(CFState)
        new.cards = self.cards
        new.names = self.names
        new.bots = self.bots
        new.rng = self.rng
        new.round = self.round
        new.phase = self.phase
        new.sea = self.sea
        new.beside = self.beside
        new.layout = self.layout
        new.rod_deck = self.rod_deck
        new.bait_deck = self.bait_deck
        new.rod_discard = self.rod_discard
        new.bait_discard = self.bait_discard
        new.removed = self.removed
        new.hands = self.hands
        new.piles = self.piles
        new.casts = self.casts
        new.revealed = self.revealed
        new.frozen_counts = self.frozen_counts
        new.fish_bait = self.fish_bait
        new.choosing = self.choosing
        new.order = self.order
        new.order_notes = self.order_notes
        new.turn_index = self.turn_index
        turn = self.turn
        new.turn = None if turn is None else turn.fork()
        new.puffer_waiting = self.puffer_waiting
        new.puffer_picks = self.puffer_picks
        new.caught_round = self.caught_round
        new.collect_order = self.collect_order
        new.collect_index = self.collect_index
        new.cids = self.cids
        new.seen = self.seen
        return new

    def canonical(self) -> tuple[object, ...]:
        """Everything that defines the position, for hashing and equality."""
        return (*self.canonical_v1(), tuple(self.puffer_picks), tuple(self.seen))

    def canonical_v1(self) -> tuple[object, ...]:
        """The fields a version-1 save's hash covered (see CrazyFishing.legacy_state_hash)."""
        turn = self.turn
        turn_key = None
        if turn is not None:
            turn_key = (
                turn.seat, turn.stage, turn.looks_left, turn.shuffles_left, turn.bucket,
                turn.reel, tuple(turn.peeks), tuple(turn.targets), tuple(turn.overlapped),
                tuple(tuple(g) for g in turn.groups), tuple(turn.pair_group),
                turn.resume, turn.second, turn.between_offered,
            )
        layout = tuple(
            (c, self.layout.pos.get(c), self.layout.label.get(c)) for c in self.sea + self.beside
        )
        return (
            tuple((c.cid, c.name, c.value, c.plus, c.special, c.back) for c in self.cards),
            self.names, self.bots, self.rng, self.round, self.phase,
            tuple(self.sea), tuple(self.beside), layout,
            tuple(self.rod_deck), tuple(self.bait_deck), tuple(self.rod_discard),
            tuple(self.bait_discard), tuple(self.removed),
            tuple(tuple(h) for h in self.hands), tuple(tuple(p) for p in self.piles),
            tuple(None if c is None else (tuple(c[0]), tuple(c[1])) for c in self.casts),
            self.revealed, tuple(self.frozen_counts), tuple(self.fish_bait),
            tuple(self.choosing), tuple(self.order), tuple(self.order_notes), self.turn_index,
            turn_key, tuple(self.puffer_waiting), tuple(self.caught_round),
            tuple(self.collect_order), self.collect_index,
        )


# The flat lists of a CFState, copied by `clone` (hands, piles and casts are nested).
_LISTS = (
    "sea", "beside", "rod_deck", "bait_deck", "rod_discard", "bait_discard", "removed", "frozen_counts",
    "fish_bait", "choosing", "order", "order_notes", "puffer_waiting", "puffer_picks", "caught_round",
    "collect_order", "seen",
)


# ids_of(cards): the public ids of a card table, one tuple per table: every state dealt from
# it shares it, so the engine's caches keyed by it (the casts) serve every game of the table.
ids_of: PerObject[tuple[Card, ...], tuple[str, ...]] = PerObject(lambda cards: tuple(c.cid for c in cards))


def cast_of(state: CFState, seat: int) -> tuple[list[int], list[int]]:
    """The rods and baits `seat` put forward, once they have cast (the catch phase)."""
    cast = state.casts[seat]
    assert cast is not None, f"seat {seat} has not cast"
    return cast


def current_turn(state: CFState) -> Turn:
    """The turn being played; only called while one is (the catch phase)."""
    turn = state.turn
    assert turn is not None, "no catch turn is being played"
    return turn
