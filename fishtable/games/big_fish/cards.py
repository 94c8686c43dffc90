"""Big Fish card data: the file format, its validation, and the card tables.

The printed values live in `assets/big_fish/cards.json`; nothing here assumes
them. Wild and event cards carry an effect *type* with parameters, and the
engine implements the types (BF-Q-2). A malformed file is refused with a
message naming the file, the card and the field.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic_core import ErrorDetails

from fishtable.engine.cards import CARD_FILE_WORDS, CardSource, CardWording
from fishtable.engine.text import PlainName

CARD_FORMAT = "fishtable-big-fish-cards"
MAX_FILE_BYTES = 1_000_000
MAX_PLAYERS = 5
HAND_SIZE = 7
# Enough cards to deal 7 to five players and lay out their seven Face-Up Cards.
MIN_DRAW_CARDS = HAND_SIZE * MAX_PLAYERS + MAX_PLAYERS + 2
# Enough fish that a fishless hand can always be re-dealt (BF-Q-5): even if the other
# four hands held only fish, one would be left in the deck.
MIN_FISH_CARDS = HAND_SIZE * (MAX_PLAYERS - 1) + 1
TOP_EVENTS = 4  # events laid above Fishing Season Closed (BF-SETUP-10)

SizeName = Literal["larval", "juvenile", "medium", "big"]
SIZE_KEYS: tuple[str, ...] = ("larval", "juvenile", "medium", "big")
SizeWord = Literal["Larval", "Juvenile", "Medium", "Big"]
SIZE_WORDS: tuple[SizeWord, ...] = ("Larval", "Juvenile", "Medium", "Big")
LARVAL, JUVENILE, MEDIUM, BIG = 0, 1, 2, 3

Colour = Literal["orange", "purple", "green", "yellow", "black"]
StepName = Literal["draw", "spawn", "grow", "catch", "wild"]
# The step each colour works in (BF-WILD-2); black cards work at once.
COLOUR_STEP: dict[str, StepName] = {"orange": "draw", "purple": "spawn", "green": "grow", "yellow": "catch"}
EXTRA_TYPE_STEP = {"extra_draw": "draw", "extra_spawn": "spawn", "extra_grow": "grow", "extra_catch": "catch"}


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Points(_Spec):
    larval: int = Field(ge=0, le=99)
    juvenile: int = Field(ge=0, le=99)
    medium: int = Field(ge=0, le=99)
    big: int = Field(ge=0, le=99)

    @model_validator(mode="after")
    def _big_scores_most(self) -> Points:
        # BF-SIZE-5: catching a fish Big always scores more than catching it smaller.
        if not self.big > max(self.larval, self.juvenile, self.medium):
            raise ValueError("the Big points must be higher than the points at every smaller size")
        return self


class FishSpec(_Spec):
    name: PlainName = Field(min_length=1, max_length=40)
    copies: int = Field(default=1, ge=1, le=10)
    points: Points
    bag: bool = False


class ExtraEffect(_Spec):
    type: Literal["extra_draw", "extra_spawn", "extra_grow", "extra_catch"]
    amount: int = Field(default=1, ge=1, le=5)


class ShrinkOthersEffect(_Spec):
    type: Literal["shrink_others"]
    from_size: SizeName = "big"
    to_size: SizeName = "medium"

    @model_validator(mode="after")
    def _smaller(self) -> ShrinkOthersEffect:
        if SIZE_KEYS.index(self.to_size) >= SIZE_KEYS.index(self.from_size):
            raise ValueError("to_size must be smaller than from_size")
        return self


class StealEffect(_Spec):
    type: Literal["steal"]
    sizes: list[SizeName] = Field(min_length=1, max_length=4)


class SwapEffect(_Spec):
    type: Literal["swap"]


class ProtectEffect(_Spec):
    type: Literal["protect"]
    against: list[Literal["shrink_others", "steal", "swap"]] = Field(min_length=1, max_length=3)


WildEffect = Annotated[
    ExtraEffect | ShrinkOthersEffect | StealEffect | SwapEffect | ProtectEffect, Field(discriminator="type")
]


class WildSpec(_Spec):
    name: PlainName = Field(min_length=1, max_length=40)
    colour: Colour
    copies: int = Field(default=1, ge=1, le=10)
    effect: WildEffect

    @model_validator(mode="after")
    def _colour_fits(self) -> WildSpec:
        step = EXTRA_TYPE_STEP.get(self.effect.type)
        if self.colour == "black":
            if step is not None:
                raise ValueError(f"a black card cannot have the lasting effect '{self.effect.type}'")
        elif step != COLOUR_STEP[self.colour]:
            raise ValueError(
                f"a {self.colour} card works in the {COLOUR_STEP[self.colour]} step, so its effect "
                f"type must be 'extra_{COLOUR_STEP[self.colour]}'"
            )
        return self


class RemoveFishEvent(_Spec):
    type: Literal["remove_fish"]
    size: SizeName
    count: int = Field(default=1, ge=1, le=5)


class ShrinkSpeciesEvent(_Spec):
    type: Literal["shrink_species"]
    species: list[PlainName] = Field(min_length=1, max_length=50)


class DiscardUnlessEvent(_Spec):
    type: Literal["discard_unless"]
    sizes: list[SizeName] = Field(min_length=1, max_length=4)
    count: int = Field(default=1, ge=1, le=5)


class CountEvent(_Spec):
    """Each player may spawn or grow, or draws, this many."""

    type: Literal["spawn", "grow", "draw"]
    count: int = Field(default=1, ge=1, le=5)


class DiscardIfCaughtEvent(_Spec):
    type: Literal["discard_if_caught"]
    more_than: int = Field(default=1, ge=0, le=20)
    count: int = Field(default=1, ge=1, le=5)


class ResetRowEvent(_Spec):
    type: Literal["reset_row"]


class FewestDrawEvent(_Spec):
    type: Literal["fewest_draw"]
    count: int = Field(default=2, ge=1, le=5)


class NothingEvent(_Spec):
    type: Literal["nothing"]


class EndGameEvent(_Spec):
    type: Literal["end_game"]


EventEffect = Annotated[
    RemoveFishEvent | ShrinkSpeciesEvent | DiscardUnlessEvent | CountEvent
    | DiscardIfCaughtEvent | ResetRowEvent | FewestDrawEvent | NothingEvent | EndGameEvent,
    Field(discriminator="type"),
]


class EventSpec(_Spec):
    name: PlainName = Field(min_length=1, max_length=40)
    copies: int = Field(default=1, ge=1, le=10)
    effect: EventEffect


class BigFishCards(_Spec):
    """A whole card file: the draw deck's fish and wild cards, and the event cards."""

    format: Literal["fishtable-big-fish-cards"]
    version: Literal[1]
    fish: list[FishSpec] = Field(min_length=1, max_length=200)
    wilds: list[WildSpec] = Field(default_factory=list, max_length=200)
    events: list[EventSpec] = Field(min_length=1, max_length=100)

    @model_validator(mode="after")
    def _deck_is_playable(self) -> BigFishCards:
        fish = sum(f.copies for f in self.fish)
        draw = fish + sum(w.copies for w in self.wilds)
        if fish < MIN_FISH_CARDS:
            raise ValueError(
                f"the deck needs at least {MIN_FISH_CARDS} fish cards so that a hand without fish "
                f"can always be dealt again, but has {fish}"
            )
        if draw < MIN_DRAW_CARDS:
            raise ValueError(
                f"the draw deck needs at least {MIN_DRAW_CARDS} cards to deal to {MAX_PLAYERS} players "
                f"and lay out the Face-Up Cards, but has {draw}"
            )
        ends = sum(e.copies for e in self.events if e.effect.type == "end_game")
        if ends != 1:
            raise ValueError(f"there must be exactly one event card of type 'end_game', not {ends}")
        others = sum(e.copies for e in self.events) - 1
        if others < TOP_EVENTS:
            raise ValueError(f"besides the end_game card there must be at least {TOP_EVENTS} event cards")
        names = {f.name for f in self.fish}
        for e in self.events:
            if e.effect.type == "shrink_species":
                unknown = [s for s in e.effect.species if s not in names]
                if unknown:
                    raise ValueError(f"event {e.name!r} names unknown fish species {', '.join(unknown)}")
        return self


# -- The card tables the engine plays with ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class Card:
    """One physical fish or wild card. `idx` is its place in the card table."""

    idx: int
    cid: str  # stable public id: "F07", "W03"
    type: Literal["fish", "wild"]
    name: str
    points: tuple[int, ...] = ()  # fish: Larval, Juvenile, Medium, Big
    bag: bool = False
    colour: Colour | Literal[""] = ""  # wild cards
    effect: str = ""  # wild effect type
    amount: int = 0  # extra_* amount
    from_size: int = -1  # shrink_others
    to_size: int = -1
    sizes: tuple[int, ...] = ()  # steal: the sizes that may be taken
    against: tuple[str, ...] = ()  # protect: the effect types it blocks

    @property
    def is_fish(self) -> bool:
        return self.type == "fish"

    @property
    def step(self) -> StepName | Literal[""]:
        """The turn step a coloured wild card works in ("" for fish and black cards)."""
        return COLOUR_STEP.get(self.colour, "")

    @property
    def label(self) -> str:
        if self.is_fish:
            text = f"{self.name} ({'/'.join(str(p) for p in self.points)})"
            return text + (", bag" if self.bag else "")
        return f"{self.name} ({self.colour})"


@dataclass(frozen=True, slots=True)
class EventCard:
    idx: int
    cid: str  # "E05"
    name: str
    effect: str  # event effect type
    count: int = 0
    size: int = -1  # remove_fish
    sizes: tuple[int, ...] = ()  # discard_unless
    species: tuple[str, ...] = ()  # shrink_species
    more_than: int = 0  # discard_if_caught


def _size_list(names: Sequence[str]) -> tuple[int, ...]:
    return tuple(sorted({SIZE_KEYS.index(s) for s in names}))


def build_cards(data: BigFishCards) -> tuple[tuple[Card, ...], tuple[EventCard, ...]]:
    """The draw cards (fish first, then wild cards) and the event cards, with their ids."""
    cards: list[Card] = []
    for fish in data.fish:
        p = fish.points
        for _ in range(fish.copies):
            i = len(cards)
            cards.append(Card(i, f"F{i + 1:02d}", "fish", fish.name, (p.larval, p.juvenile, p.medium, p.big),
                              fish.bag))
    fish_count = len(cards)
    for spec in data.wilds:
        e = spec.effect
        for _ in range(spec.copies):
            i = len(cards)
            cid = f"W{i - fish_count + 1:02d}"
            if isinstance(e, ExtraEffect):
                card = Card(i, cid, "wild", spec.name, colour=spec.colour, effect=e.type, amount=e.amount)
            elif isinstance(e, ShrinkOthersEffect):
                card = Card(i, cid, "wild", spec.name, colour=spec.colour, effect=e.type,
                            from_size=SIZE_KEYS.index(e.from_size), to_size=SIZE_KEYS.index(e.to_size))
            elif isinstance(e, StealEffect):
                card = Card(i, cid, "wild", spec.name, colour=spec.colour, effect=e.type, sizes=_size_list(e.sizes))
            elif isinstance(e, ProtectEffect):
                card = Card(i, cid, "wild", spec.name, colour=spec.colour, effect=e.type,
                            against=tuple(sorted(set(e.against))))
            else:
                card = Card(i, cid, "wild", spec.name, colour=spec.colour, effect=e.type)
            cards.append(card)
    events: list[EventCard] = []
    for event in data.events:
        ev = event.effect
        for _ in range(event.copies):
            i = len(events)
            events.append(EventCard(
                i, f"E{i + 1:02d}", event.name, ev.type,
                count=getattr(ev, "count", 0),
                size=SIZE_KEYS.index(ev.size) if isinstance(ev, RemoveFishEvent) else -1,
                sizes=_size_list(ev.sizes) if isinstance(ev, DiscardUnlessEvent) else (),
                species=tuple(ev.species) if isinstance(ev, ShrinkSpeciesEvent) else (),
                more_than=ev.more_than if isinstance(ev, DiscardIfCaughtEvent) else 0,
            ))
    return tuple(cards), tuple(events)


# -- Reading a file: the engine's loader, with this game's words -------------------------------

_TAGS = {
    "extra_draw", "extra_spawn", "extra_grow", "extra_catch", "shrink_others", "steal", "swap", "protect",
    "remove_fish", "shrink_species", "discard_unless", "spawn", "grow", "draw", "discard_if_caught",
    "reset_row", "fewest_draw", "nothing", "end_game",
}


_WORDS = {**CARD_FILE_WORDS, "bool_type": "must be true or false", "union_tag_not_found": "needs a 'type'"}


def _message(err: ErrorDetails) -> str:
    kind = err.get("type", "")
    words = _WORDS.get(kind)
    if words is not None:
        return words
    ctx: dict[str, object] = dict(err.get("ctx") or {})
    if kind == "union_tag_invalid":
        return f"has an unknown type {ctx.get('tag', '')!r}; the known types are {ctx.get('expected_tags', '')}"
    if kind == "literal_error":
        return f"must be one of {ctx.get('expected', '')}"
    return str(err.get("msg", "invalid value")).removeprefix("Value error, ")


WORDING = CardWording(
    title="Big Fish",
    card_format=CARD_FORMAT,
    sections={"fish": ("fish card", "name"), "wilds": ("wild card", "name"), "events": ("event card", "name")},
    words=_message,
    tags=frozenset(_TAGS),
)


CARDS = CardSource(BigFishCards, "big_fish", WORDING, max_bytes=MAX_FILE_BYTES)
parse_card_data = CARDS.parse_data
parse_card_text = CARDS.parse_text
default_card_path = CARDS.default_path
load_card_file = CARDS.load
default_cards = CARDS.default
