"""The full state of a Fishing Party Poker session: plain, slotted data, cheap to clone.

Cards are ints indexing `cards`. Every card is in exactly one place: the
deck, a hand, or the community. Chips are either behind a seat (`chips`) or
in the pot (`committed`, per seat, for this hand); side pots are derived
from `committed` when needed, never stored.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fishtable.games.fishing_party_poker.cards import Card

_new = object.__new__
PHASES = ("betting", "swap", "hand_over", "over")


@dataclass(frozen=True, slots=True)
class Award:
    """One pot paid out at the end of a hand."""

    pot: str  # "the pot", "the main pot", "side pot 1"
    amount: int
    winners: tuple[int, ...]  # one seat for a pot returned unmatched
    hand: str  # the winning hand's name; "" when nobody showed
    returned: bool = False  # chips no one matched, given back


@dataclass(slots=True)
class PokerState:
    # The table, fixed for the session (shared by clones).
    cards: tuple[Card, ...]
    cids: tuple[str, ...]
    bits: tuple[int, ...]  # rank bit of each card, for the hand evaluator
    suits: tuple[int, ...]
    names: tuple[str, ...]
    bots: tuple[bool, ...]
    ante: int
    small_bet: int
    big_bet: int
    max_raises: int
    max_hands: int
    opening: tuple[tuple[str, str, int, bool], ...]  # the first log lines: (kind, text, private-to seat or -1, news)
    # The session.
    rng: int
    phase: str
    hand_no: int
    dealer: int
    chips: list[int]
    hands_won: list[int]
    # The hand.
    deck: list[int]
    hands: list[list[int]]
    community: list[int]
    face_up: bool = False
    in_hand: list[bool] = field(default_factory=list)  # dealt into this hand
    folded: list[bool] = field(default_factory=list)
    committed: list[int] = field(default_factory=list)  # chips in the pot this hand, ante included
    # The betting round (1..3) or swap (1..2) under way.
    betting_round: int = 0
    swap_round: int = 0
    round_bet: list[int] = field(default_factory=list)
    level: int = 0  # the highest bet this round
    wagers: int = 0  # full bets and raises this round
    acted: list[bool] = field(default_factory=list)
    may_raise: list[bool] = field(default_factory=list)
    actor: int = -1  # the seat to bet or swap now
    aggressors: list[int] = field(default_factory=list)  # who bet or raised this hand, in order
    # The end of the hand.
    shown: list[int] = field(default_factory=list)  # seats whose hands are face up, in showing order
    awards: list[Award] = field(default_factory=list)
    next_dealer: int = -1
    # Ending the session.
    stopping: bool = False
    stopped_by: int = -1
    end_reason: str = ""

    labels: tuple[str, ...] = ()  # each card's index ("10♥"), shared by clones
    # Public knowledge, for the views and the search bots' samplers: per seat, the cards everyone
    # saw it take from the community this hand and still in its hand (replaced, never changed).
    known: tuple[tuple[int, ...], ...] = ()

    def __post_init__(self) -> None:
        if not self.labels:
            self.labels = tuple(c.index for c in self.cards)

    @property
    def n(self) -> int:
        return len(self.names)

    def clone(self) -> PokerState:
        """A copy that shares nothing the engine changes: `fork`, with the lists it shares copied."""
        new = self.fork()
        new.chips = self.chips[:]
        new.committed = self.committed[:]
        new.round_bet = self.round_bet[:]
        new.acted = self.acted[:]
        new.may_raise = self.may_raise[:]
        new.hands_won = self.hands_won[:]
        new.deck = self.deck[:]
        new.hands = [h[:] for h in self.hands]
        new.community = self.community[:]
        new.in_hand = self.in_hand[:]
        new.folded = self.folded[:]
        new.aggressors = self.aggressors[:]
        new.shown = self.shown[:]
        new.awards = self.awards[:]
        return new

    def fork(self) -> PokerState:
        """A copy for `apply` to change: like `clone`, but every list is shared with this state.
        The engine only ever replaces a list of a state or copies it before changing it (the
        chips, the bets, who acted, the deck, hands, community, who is in the hand or folded,
        who bet, what was shown and paid, hands won). Cheaper per step."""
        new = _new(PokerState)
        new.cards = self.cards
        new.cids = self.cids
        new.bits = self.bits
        new.suits = self.suits
        new.names = self.names
        new.bots = self.bots
        new.ante = self.ante
        new.small_bet = self.small_bet
        new.big_bet = self.big_bet
        new.max_raises = self.max_raises
        new.max_hands = self.max_hands
        new.opening = self.opening
        new.rng = self.rng
        new.phase = self.phase
        new.hand_no = self.hand_no
        new.dealer = self.dealer
        new.chips = self.chips  # copied on write: betting._pay, rounds.start_hand, pay_pots, win_uncontested
        new.hands_won = self.hands_won  # copied on write: rounds.pay_pots, rounds.win_uncontested
        new.deck = self.deck  # replaced at each deal, never changed
        new.hands = self.hands  # copied on write: rounds.do_swap
        new.community = self.community  # copied on write: rounds.do_swap
        new.face_up = self.face_up
        new.in_hand = self.in_hand  # replaced at each deal
        new.folded = self.folded  # copied on write: betting.apply
        new.committed = self.committed  # copied on write: betting._pay; replaced at each deal
        new.betting_round = self.betting_round
        new.swap_round = self.swap_round
        new.round_bet = self.round_bet  # copied on write: betting._pay; replaced each round
        new.level = self.level
        new.wagers = self.wagers
        new.acted = self.acted  # copied on write: betting.apply; replaced each round
        new.may_raise = self.may_raise  # copied on write: betting.apply; replaced each round
        new.actor = self.actor
        new.aggressors = self.aggressors  # copied on write: betting.apply
        new.shown = self.shown  # replaced
        new.awards = self.awards  # replaced
        new.next_dealer = self.next_dealer
        new.stopping = self.stopping
        new.stopped_by = self.stopped_by
        new.end_reason = self.end_reason
        new.labels = self.labels
        new.known = self.known
        return new

    def canonical(self) -> tuple[object, ...]:
        """Everything that defines the position, for hashing and equality.

        `known` is left out: it follows from the moves, which a save replays, so the
        hashes of earlier saves still match.
        """
        return (
            tuple((c.cid, c.name, c.detail, c.rank, c.suit) for c in self.cards),
            self.names, self.bots, self.ante, self.small_bet, self.big_bet, self.max_raises,
            self.max_hands, self.opening, self.rng, self.phase, self.hand_no, self.dealer,
            tuple(self.chips), tuple(self.hands_won), tuple(self.deck),
            tuple(tuple(h) for h in self.hands), tuple(self.community), self.face_up,
            tuple(self.in_hand), tuple(self.folded), tuple(self.committed), self.betting_round,
            self.swap_round, tuple(self.round_bet), self.level, self.wagers, tuple(self.acted),
            tuple(self.may_raise), self.actor, tuple(self.aggressors), tuple(self.shown),
            tuple((a.pot, a.amount, a.winners, a.hand, a.returned) for a in self.awards),
            self.next_dealer, self.stopping, self.stopped_by, self.end_reason,
        )

    # -- small questions asked everywhere ---------------------------------------------------------
    def contenders(self) -> list[int]:
        """Seats still in the hand: dealt in and not folded."""
        in_hand, folded = self.in_hand, self.folded
        return [s for s in range(len(self.names)) if in_hand[s] and not folded[s]]

    def live(self, seat: int) -> bool:
        """Still in the hand with chips to bet."""
        return self.in_hand[seat] and not self.folded[seat] and self.chips[seat] > 0

    def clockwise_from(self, seat: int) -> tuple[int, ...]:
        """Every seat once, starting with the one to the left of `seat` (a shared tuple)."""
        n = len(self.names)
        order = _CLOCKWISE.get((seat, n))
        if order is None:
            order = _CLOCKWISE[seat, n] = tuple((seat + i) % n for i in range(1, n + 1))
        return order


_CLOCKWISE: dict[tuple[int, int], tuple[int, ...]] = {}
