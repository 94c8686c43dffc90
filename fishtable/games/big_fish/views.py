"""What one seat may see of a Big Fish game. No field here can hold a hidden card.

A hand is cards only in its owner's view (`hand`) and a count everywhere else;
the Draw Deck and the Event Deck are counts (the event order never appears).
A secret choice of a simultaneous phase shows only in the chooser's own view
(`set_aside`, `chosen_fish`) until everyone has chosen.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from fishtable.engine.protocol import Prompt, Result
from fishtable.games.big_fish.cards import Colour, SizeWord, StepName


class _View(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CardFace(_View):
    """A fish or wild card face up. Fish carry their points per size, Larval first."""

    id: str
    type: Literal["fish", "wild"]
    name: str
    points: tuple[int, int, int, int] | None = None  # fish: Larval, Juvenile, Medium, Big
    bag: bool = False  # fish: bag-limited in hard mode
    colour: Colour | None = None  # wild
    step: StepName | None = None  # wild: the step a coloured card works in
    effect: str | None = None  # wild: its effect type ("extra_catch", "steal", ...)
    text: str = ""  # wild: what it does, in words
    blocks: tuple[str, ...] = ()  # a protect card: the black effect types it keeps off its owner's fish
    label: str  # short face text: "Flounder (0/1/2/4)", "Fishing Rod (yellow)"


class SpotFish(_View):
    """A fish in a Fishing Spot, at its size."""

    card: CardFace
    size: int  # 0 Larval .. 3 Big
    size_word: SizeWord
    points: int  # printed points at this size: what catching it now would score
    grown_this_turn: bool  # may not grow again this turn (BF-GROW-3)
    label: str  # "Flounder — Big (4)"


class SpotWild(_View):
    """A wild card lying in a Fishing Spot."""

    card: CardFace
    colour: str
    step: StepName | None  # None for the black card that stays
    active: bool  # working now; a coloured card starts on its owner's next turn
    label: str


class CaughtFish(_View):
    """A fish in an Ice Box, at the size it was caught."""

    card: CardFace
    size: int
    size_word: SizeWord
    points: int
    label: str


class SeatPanel(_View):
    seat: int
    name: str
    is_bot: bool
    hand_size: int
    spot: tuple[SpotFish, ...]
    big_fish: int
    wilds: tuple[SpotWild, ...]
    ice: tuple[CaughtFish, ...]
    ice_points: int
    spot_points: int  # what the Fishing Spot would score if the game ended now
    caught_this_round: int
    first_player: bool
    active: bool  # taking their turn
    status: Literal["playing", "choosing", ""]  # "choosing": owes a secret choice now
    # What the whole table knows of the hand (the cards set aside in secret count as held):
    known: tuple[CardFace, ...] = ()  # cards everyone saw this seat take from the Face-Up row
    # The other cards held, counted by the Draw Deck they were drawn from: [0] the opening deal
    # and deck, [i] the deck made at the i-th reshuffle (see `BigFishView.reshuffles`).
    hand_sources: tuple[int, ...] = ()


class StepView(_View):
    """The step in progress: what it allows and how much is done ("3 Big Fish: draw 3 — 2 taken")."""

    seat: int
    step: StepName
    number: int  # 1..5
    big_fish: int  # Big Fish when the step began
    extra: int  # from working wild cards
    allowed: int
    taken: int
    text: str


class EventFace(_View):
    id: str
    name: str
    effect: str
    text: str
    label: str


class BigFishView(_View):
    game: Literal["big-fish"] = "big-fish"
    seat: int | None  # None: the public table
    round: int
    phase: Literal["place", "turn", "shrink", "event", "discard", "over"]
    hard_mode: bool
    first_player: int
    active_seat: int | None
    seats: tuple[SeatPanel, ...]
    face_up: tuple[CardFace, ...]
    face_up_size: int  # a full row: players + 2
    deck_size: int
    discard_size: int
    discard: tuple[CardFace, ...]  # face up (BF-Q-18), top last
    event_deck_size: int
    events_revealed: int
    last_event: EventFace | None
    resolving: str  # the card whose choices are being made ("Heat Wave", "Warm Current"), or ""
    step: StepView | None
    hand: tuple[CardFace, ...] | None  # own view only
    set_aside: tuple[CardFace, ...]  # own view: cards chosen in secret, not yet revealed
    placed: tuple[SpotFish, ...]  # own view, opening placement: the fish chosen so far, at their sizes
    chosen_fish: tuple[str, ...]  # own view: fish ids chosen in secret, not yet revealed
    prompt: Prompt | None
    result: Result | None
    # Public history, for the search bots' samplers (BF-Q-10, BF-Q-18):
    card_set: str = ""  # a digest naming the card table in play (see tables.py)
    revealed_events: tuple[str, ...] = ()  # every event revealed so far, oldest first
    reshuffles: tuple[tuple[str, ...], ...] = ()  # the face-up discard pile each new Draw Deck was made of
