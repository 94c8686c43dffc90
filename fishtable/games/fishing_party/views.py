"""What one seat may see of a Fishing Party game. No field here can hold a hidden card.

A hand is cards only in its owner's view and a count otherwise; the draw and
discard piles are counts (FP-Q-5); cards put aside for an exchange are a count
for others. The last attempt names its fish and lure by their faces, never by
card id, because a missed fish goes back into a hand (FP-CATCH-8).

What the table saw go into a hand or the discard pile is told by face label only
("Walleye 8 lb", "Ouch": cards with one label play alike), never by id, so the view
says no more than a player at a real table could remember; the card file (no
places in it) lets a seat imagine the cards it cannot see (`sample_world`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from fishtable.engine.protocol import Prompt, Result
from fishtable.games.fishing_party.cards import CardType as CardType
from fishtable.games.fishing_party.cards import FishingPartyCards
from fishtable.games.fishing_party.cards import Group as Group

Stage = Literal["turn", "move", "exchange", "swap", "give", "reaction", "spray", "discard", "over"]


class _View(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class LureRoll(_View):
    """A fish kind a lure catches, and the die rolls that catch it."""

    kind: str
    rolls: tuple[int, ...]


class CardFace(_View):
    """A card face up, with its printed values."""

    id: str
    type: CardType
    group: Group
    name: str
    kind: str | None = None  # fish: its kind
    weight: int | None = None  # fish: its weight in this game's scheme
    family: int | None = None  # fish: the printed Family weight
    tournament: int | None = None  # fish: the printed Tournament weight
    catches: tuple[LureRoll, ...] = ()  # lures: the kinds caught and their rolls
    label: str  # short face text: "Walleye 8 lb", "Jig (Walleye 3, Largemouth Bass 5)", "Ouch"


class CardCount(_View):
    name: str
    type: CardType
    count: int


class SeatPanel(_View):
    """One player's place at the table: everything in front of them, and their hand size."""

    seat: int
    name: str
    is_bot: bool
    hand_size: int
    hand_limit: int  # 6, or 7 with a face-up GPS
    rod: CardFace | None
    lure: CardFace | None
    fishing: CardFace | None  # the fish put down for the attempt in progress
    ouch: CardFace | None
    permanents: tuple[CardFace, ...]
    pond: tuple[CardFace, ...]  # in the order of the kinds
    pond_weight: int
    aside: int  # cards put aside face down for an exchange in progress
    active: bool  # it is this player's turn
    # Labels of cards everyone saw go into this hand (taken from the table, a missed fish, a lure
    # sent back) and not come out since: a lower bound, forgotten as cards leave the hand unseen.
    known: tuple[str, ...] = ()


class Attempt(_View):
    """The last fish attempt: the die as rolled and as counted, and what came of it."""

    seat: int
    fish: str  # the fish's face text (no card id: a missed fish goes back into the hand)
    kind: str
    weight: int
    lure: str  # the lure's face text
    needed: tuple[int, ...]  # the rolls that would catch it
    rolled: int | None  # None: the line was broken before the roll
    counted: int | None  # after the Spray Bottle
    outcome: Literal["caught", "missed", "broken"]
    broken_by: int | None = None


class FishingPartyView(_View):
    game: Literal["fishing-party"] = "fishing-party"
    seat: int | None  # None: the public table
    stage: Stage
    turn: int  # whose turn it is
    turn_number: int
    moves_left: int
    free_actions: bool  # lures, permanent cards and Goggles may still be played this turn
    quick_play: bool
    weights: Literal["family", "tournament"]
    time_limit_minutes: int | None
    time_up: bool
    kinds: tuple[str, ...]
    table: tuple[CardFace, ...]
    draw_pile: int
    discard_pile: int
    deck: tuple[CardCount, ...]  # the cards this game is played with, by name (public)
    out_of_game: tuple[CardCount, ...]  # left out for 2 or 3 players (FP-VAR-1..4)
    seats: tuple[SeatPanel, ...]
    swapped_in: tuple[str, ...]  # ids of the table cards given in the swap in progress
    choosing: str | None  # id of the table card taken, waiting for a card to be given for it
    spray_roll: int | None  # the roll waiting for the Spray Bottle decision
    last_attempt: Attempt | None
    first_player_rolls: tuple[tuple[tuple[int, int], ...], ...]  # rounds of (seat, roll)
    hand: tuple[CardFace, ...] | None  # own view only
    aside: tuple[CardFace, ...] | None  # own view only: cards put aside for the exchange
    swapped_out: tuple[str, ...] | None  # own view only: ids of the cards taken in this swap, now in the hand
    prompt: Prompt | None
    result: Result | None
    # -- Added for the search bots: what a player at the table knows besides the above. --
    unlucky_played: bool = False  # the player whose turn it is played an Unlucky card of their own (FP-VAR-8)
    swap_taken: tuple[str, ...] = ()  # labels of the table cards taken so far in the swap in progress
    discarded: tuple[str, ...] = ()  # labels of the cards everyone saw go into the discard pile since it was
    # last shuffled into a new draw pile (Goggles, Tire, Snap, First Aid, Broken Line, a smaller fish)
    my_discards: tuple[str, ...] | None = None  # own view only: what this seat discarded face down since
    tiebreak_rolls: tuple[tuple[tuple[int, int], ...], ...] = ()  # rounds of (seat, roll) for a tied winner
    card_data: FishingPartyCards | None = None  # the card file in play (None for a hand-built test table)
