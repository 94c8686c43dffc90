"""The full state of a Fishing Party game: plain, slotted data, cheap to clone.

Cards are ints indexing the card table. What never changes during a game (the
card table, the seats, the options, the setup rolls) sits in one `Static`
shared by every clone; the rest is lists copied on `clone()`.

Zones (every card is in exactly one): the draw pile (top last), the discard
pile (top last), the table, each hand, each seat's rod, lure, Ouch, permanent
cards and Fish Pond, the fish being fished for, the cards put aside for an
exchange, and the cards out of the game (2- and 3-player decks).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from fishtable.games.fishing_party.actions import ReadyActions
from fishtable.games.fishing_party.cards import Card, FishingPartyCards, card_words, face_label

# Turn stages (`FPState.stage`). "turn": free actions or the first move; "move": a later move
# (Quick-Play); "exchange"/"swap"/"give": a move being built card by card; "reaction": Broken
# Line, anyone?; "spray": the Spray Bottle after a roll; "discard": down to the hand size
# (FP-Q-15); "over".
NONE = -1  # no card (no rod, no lure, no Ouch, no fish being fished for)


class LastAttempt(NamedTuple):
    """The last catch attempt, as the table saw it."""

    seat: int  # who fished
    fish: int  # the fish card tried for
    lure: int  # the lure card fished with
    rolled: int  # the die as rolled; 0 when a Broken Line came first
    counted: int  # the die as counted (after a Spray Bottle); 0 when none
    outcome: str  # "caught", "missed" or "broken"
    breaker: int  # the seat that played the Broken Line, or NONE


_copy = list.copy
_new = object.__new__


@dataclass(slots=True)
class Static:
    """What a game never changes, shared by all clones of its states."""

    cards: tuple[Card, ...]
    kinds: tuple[str, ...]
    names: tuple[str, ...]
    bots: tuple[bool, ...]
    scheme: str  # "family" | "tournament"
    quick_play: bool
    time_limit: int | None
    removed: tuple[int, ...]  # out of the game: rods, Snaps, Broken Lines of small games (FP-VAR-1..4)
    first_rolls: tuple[tuple[tuple[int, int], ...], ...]  # rounds of (seat, roll) for the first player
    reactions: bool  # Broken Lines are in this game: every fish attempt asks the table (FP-Q-16)
    data: FishingPartyCards | None = None  # the card file this table was built from; None for hand-built tables
    # Derived per-card tables, for the hot path.
    cids: tuple[str, ...] = ()
    codes: tuple[int, ...] = ()
    kind_of: tuple[int, ...] = ()
    weight: tuple[int, ...] = ()  # in the chosen scheme (FP-SCORE-5)
    texts: tuple[str, ...] = ()  # each card in words: "Walleye (8 lb)", "Jig (Walleye 3, Largemouth Bass 5)"
    labels: tuple[str, ...] = ()  # each card's face label: "Walleye 8 lb"; cards with one label play alike
    cls: tuple[int, ...] = ()  # each card's label class: the index of its label in `class_labels`
    class_labels: tuple[str, ...] = ()  # the distinct labels, in card-table order
    by_id: dict[str, int] = field(default_factory=dict)
    action_cache: dict[Any, Any] = field(default_factory=dict)  # actions the engine enumerates, reused
    acts: ReadyActions | None = None  # the rules' table of ready-made actions, built on first use

    def __post_init__(self) -> None:
        cards = self.cards
        self.cids = tuple(c.cid for c in cards)
        self.codes = tuple(c.code for c in cards)
        self.kind_of = tuple(c.kind for c in cards)
        tournament = self.scheme == "tournament"
        self.weight = tuple(c.tournament if tournament else c.family for c in cards)
        self.by_id = {c.cid: c.idx for c in cards}
        self.texts = tuple(card_words(c, self.kinds, w) for c, w in zip(cards, self.weight, strict=True))
        self.labels = tuple(face_label(c, self.kinds, w) for c, w in zip(cards, self.weight, strict=True))
        classes: dict[str, int] = {}
        self.cls = tuple(classes.setdefault(label, len(classes)) for label in self.labels)
        self.class_labels = tuple(classes)

    @property
    def n(self) -> int:
        return len(self.names)


@dataclass(slots=True)
class FPState:
    static: Static
    rng: int
    draw: list[int]  # face down, top last
    discard: list[int]  # face down, top last (FP-Q-5)
    table: list[int]  # face up
    hands: list[list[int]]
    rods: list[int]  # per seat, NONE for no rod
    lures: list[int]  # per seat, NONE for no lure
    ouches: list[int]  # per seat, the Ouch lying on them or NONE
    perms: list[tuple[int, ...]]  # per seat, permanent cards face up (rarely change: tuples, replaced)
    ponds: list[tuple[int, ...]]  # per seat, the Fish Pond (tuples, replaced)
    seat: int  # whose turn it is
    stage: str = "turn"
    moves_left: int = 1
    moved: bool = False  # a move has begun this turn: free actions are over (FP-Q-18)
    unlucky: bool = False  # an Unlucky card of one's own was played this turn (FP-VAR-8)
    fishing: int = NONE  # the fish put down beside the lure, being tried for
    aside: list[int] = field(default_factory=list)  # cards put aside for an exchange
    # Immutable, replaced when changed (a clone copies none): usually empty.
    given: tuple[int, ...] = ()  # cards given to the table in this swap
    taken: tuple[int, ...] = ()  # cards taken from the table in this swap
    asking: tuple[int, ...] = ()  # seats still to answer "Broken Line, anyone?"
    roll: int = 0  # the die as rolled, while the Spray Bottle decision waits
    last: LastAttempt | None = None  # the last attempt, for the table
    time_up: bool = False
    turn_no: int = 1
    end_reason: str = ""  # "six kinds" | "time"
    tiebreak: tuple[tuple[tuple[int, int], ...], ...] = ()  # rounds of (seat, roll) for the winner
    winners: tuple[int, ...] = ()
    # What the table saw, as label classes (`Static.cls`) in the order seen, immutable and replaced when changed
    # (see knowledge.py). Per seat: cards everyone saw go into that hand and not come out (a lower
    # bound). Cards everyone saw go into the discard pile since it was last shuffled; per seat, the
    # cards that seat alone put there face down (exchanges, discarding down).
    known: tuple[tuple[int, ...], ...] = ()
    seen_discards: tuple[int, ...] = ()
    own_discards: tuple[tuple[int, ...], ...] = ()

    @property
    def n(self) -> int:
        return len(self.static.names)

    def clone(self) -> FPState:
        return FPState(
            self.static, self.rng, self.draw[:], self.discard[:], self.table[:],
            list(map(_copy, self.hands)), self.rods[:], self.lures[:], self.ouches[:], self.perms[:],
            self.ponds[:], self.seat, self.stage, self.moves_left, self.moved, self.unlucky,
            self.fishing, self.aside[:], self.given, self.taken, self.asking, self.roll,
            self.last, self.time_up, self.turn_no, self.end_reason, self.tiebreak, self.winners,
            self.known, self.seen_discards, self.own_discards,
        )

    def fork(self) -> FPState:
        """The copy `apply` works on, made at every step of every playout: it shares the piles,
        the table, the aside cards and every hand with this state.

        The engine never changes those lists in place: it replaces them (`state.hands[seat] =
        [...]`, `state.discard = [*state.discard, card]`). The short per-seat lists (the list of
        hands, rods, lures, Ouches, permanent cards, ponds) are copied, so the engine may set
        their items. Anyone else who edits a state edits a `clone()`.
        """
        new = _new(FPState)
        new.static = self.static
        new.rng = self.rng
        new.draw = self.draw
        new.discard = self.discard
        new.table = self.table
        new.hands = self.hands[:]
        new.rods = self.rods[:]
        new.lures = self.lures[:]
        new.ouches = self.ouches[:]
        new.perms = self.perms[:]
        new.ponds = self.ponds[:]
        new.seat = self.seat
        new.stage = self.stage
        new.moves_left = self.moves_left
        new.moved = self.moved
        new.unlucky = self.unlucky
        new.fishing = self.fishing
        new.aside = self.aside
        new.given = self.given
        new.taken = self.taken
        new.asking = self.asking
        new.roll = self.roll
        new.last = self.last
        new.time_up = self.time_up
        new.turn_no = self.turn_no
        new.end_reason = self.end_reason
        new.tiebreak = self.tiebreak
        new.winners = self.winners
        new.known = self.known
        new.seen_discards = self.seen_discards
        new.own_discards = self.own_discards
        return new

    def canonical(self) -> tuple[object, ...]:
        """Everything that defines the position, for hashing and equality.

        What the table saw (`known`, `seen_discards`, `own_discards`) is left out: it follows from
        the actions, changes no rule, and leaving it out keeps the hashes of existing saves.
        """
        st = self.static
        return (
            tuple((c.cid, c.code, c.name, c.kind, c.family, c.tournament, c.wins, c.shows) for c in st.cards),
            st.kinds, st.names, st.bots, st.scheme, st.quick_play, st.time_limit, st.removed,
            st.first_rolls, st.reactions,
            self.rng, tuple(self.draw), tuple(self.discard), tuple(self.table),
            tuple(tuple(h) for h in self.hands), tuple(self.rods), tuple(self.lures), tuple(self.ouches),
            tuple(self.perms), tuple(self.ponds), self.seat, self.stage, self.moves_left, self.moved,
            self.unlucky, self.fishing, tuple(self.aside), self.given, self.taken,
            # `last` as a plain tuple: the hash of earlier saves is the hash of its repr
            self.asking, self.roll, None if self.last is None else tuple(self.last), self.time_up,
            self.turn_no, self.end_reason, self.tiebreak, self.winners,
        )


# -- Changing a state's shared lists (see `FPState.fork`): replaced, never changed in place -------


def hand_without(state: FPState, seat: int, card: int) -> list[int]:
    """`seat`'s hand, the card taken out of it: a new list, which becomes the hand."""
    hand = state.hands[seat][:]
    hand.remove(card)
    state.hands[seat] = hand
    return hand


def hand_with(state: FPState, seat: int, *cards: int) -> None:
    """The cards go into `seat`'s hand (a new list)."""
    state.hands[seat] = [*state.hands[seat], *cards]


def to_discard(state: FPState, *cards: int) -> None:
    """The cards go onto the discard pile (a new list), in this order."""
    state.discard = [*state.discard, *cards]
