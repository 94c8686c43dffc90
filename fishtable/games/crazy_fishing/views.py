"""What one seat may see of a Crazy Fishing game. No field here can hold a hidden card.

A sea fish appears only as its back and label; a hand or pile appears as
cards only in its owner's view and as counts otherwise; a face-down cast
appears only as "ready". (`cards_in_play` lists every card of the game, as the
box does, never where one lies.)
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SkipValidation

from fishtable.engine.protocol import Prompt, Result


class _View(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CardFace(_View):
    """A card face up. `value` None means infinite (the Most Tempting Bait)."""

    id: str
    type: Literal["fish", "rod", "bait"]
    name: str
    value: int | None
    plus: bool = False
    special: str | None = None  # rod/bait special; fish kind (fish, boot, pearl, monster, oos)
    effect: str | None = None  # out-of-series fish effect
    three_plus: bool = False
    label: str  # short face text: "4+", "∞", "Hake (5)"


class SeaFish(_View):
    """A fish card in the sea, face down: where it lies and what its back says."""

    label: int
    x: int
    y: int
    back: str
    covered: bool  # another card lies on top of it
    beside: bool  # lying beside the sea after a failed Bait Bucket attempt
    selectable: bool  # the player fishing now may choose it


class RevealedCast(_View):
    rods: tuple[CardFace, ...]
    baits: tuple[CardFace, ...]
    fish_bait: CardFace | None = None
    speed: int
    bait: int | None  # None: infinite
    blank: bool = False


class SeatPanel(_View):
    seat: int
    name: str
    is_bot: bool
    hand_size: int
    hand_rods: int
    hand_baits: int
    pile_size: int
    pile_top: CardFace | None
    status: str  # "choosing", "ready", "fishing", "done", "collecting", ""
    cast: RevealedCast | None  # face up from the reveal until discarded
    effects: tuple[str, ...]  # active out-of-series effects in words
    catch_position: int | None  # 1-based place in this round's catch order
    pile: tuple[CardFace, ...] | None = None  # the whole catch pile, public once the game is over
    # Fish this seat has caught this round (each catch is announced): the top ones of its pile.
    caught_this_round: int = 0


class TurnView(_View):
    seat: int
    stage: Literal["choose", "pick_bait", "split", "pair", "between", "finish", "puffer"]
    looks_left: int
    shuffles_left: int
    bait_bucket: bool
    reel: bool  # this turn may take two fish
    flipped: tuple[CardFace, ...]  # fish turned over and waiting to be resolved
    flipped_labels: tuple[int, ...]  # their sea labels, in the same order
    bait_groups: tuple[tuple[CardFace, ...], ...]  # Reel split, once chosen
    # What the table saw of this turn, for computer players (the app shows it otherwise):
    looked: tuple[int, ...] = ()  # sea labels looked at with the Fish Finder (not their fronts)
    flipped_covered: tuple[bool, ...] = ()  # each flipped fish was covered when chosen
    pair_bait: tuple[CardFace, ...] = ()  # A Pair of Fish: the bait for the extra attempt
    puffer_waiting: tuple[int, ...] = ()  # Puffer Fish: seats still to answer in secret


class Peek(_View):
    label: int
    fish: CardFace


class Remembered(_View):
    """A face-down fish whose size the whole table saw, by its sea label."""

    label: int
    size: int


class CrazyFishingView(_View):
    """One seat's view. `sea` lists fish bottom card first, so later ones are drawn on top."""

    game: Literal["crazy-fishing"] = "crazy-fishing"
    seat: int | None  # None: the public table
    round: int
    phase: Literal["cast", "fish_bait", "catch", "collect", "over"]
    seats: tuple[SeatPanel, ...]
    sea: tuple[SeaFish, ...]
    sea_count: int
    sea_width: int
    sea_height: int
    card_width: int
    card_height: int
    rod_deck: int
    bait_deck: int
    rod_discard: int
    bait_discard: int
    rod_discard_top: CardFace | None
    bait_discard_top: CardFace | None
    catch_order: tuple[int, ...]
    order_notes: tuple[str, ...]
    turn: TurnView | None
    hand: tuple[CardFace, ...] | None  # own view only
    pile: tuple[CardFace, ...] | None  # own view only
    my_cast: RevealedCast | None  # own committed cast, before the reveal
    peeks: tuple[Peek, ...]  # own Fish Finder looks this turn
    # Public memory: the sizes of fish whose front everyone saw (an escape, the Smart Bream)
    # and that lie face down where they went back, until the next shuffle. Sizes only, no
    # card: the fish shows its back (CF-CATCH-8). For computer players; the app does not
    # list it (CF-Q-16: for people, remembering them is part of the game).
    remembered: tuple[Remembered, ...] = ()
    prompt: Prompt | None
    result: Result | None
    # Own secret answers not yet revealed to the table (own view only): the fish chosen
    # as bait with an out-of-series rod (None: the bait cards are kept), and the rod
    # chosen for the Puffer Fish.
    my_fish_bait: CardFace | None = None
    my_puffer_rod: CardFace | None = None
    # The cards in play (the game's card table: its faces and fish backs, not where any
    # card is), public like the box and the options. Not in dumps or JSON: the search
    # bots' world sampler reads it (sampler.py).
    cards_in_play: SkipValidation[tuple[Any, ...]] = Field(default=(), exclude=True, repr=False)
