"""The protocol every game implements, and the models it shares across games.

A game module is pure: it never prints, never reads the clock and never
imports Textual. The app and the bots only ever see `View` objects.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from fishtable.engine.text import PlainName


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SeatInfo(Frozen):
    """Who sits in a seat: a name, and a bot name for a computer seat.

    Both may come from a save anyone wrote, so both are held to the rule of
    `fishtable.engine.text`: no control or invisible character reaches a screen.
    """

    name: PlainName = Field(min_length=1, max_length=24)
    bot: PlainName | None = None


class Prompt(Frozen):
    """What a seat must decide now.

    `private` decisions show the seat's hidden cards, so the app covers the
    screen before and after them. `simultaneous` marks phases in which every
    pending seat decides in secret before anything is revealed: no seat's
    answer ends or changes another pending seat's prompt.
    """

    seat: int
    kind: str
    text: str
    private: bool = True
    simultaneous: bool = False
    # A reaction out of turn (Fishing Party's Broken Line). Every seat that could be
    # asked at a real table gets one, whoever holds the card, and its first legal
    # action is always the same "no" for every seat. It is public, not secret: the
    # first claim is played at once and ends the question for the seats still
    # asked, so a reaction prompt is neither `private` nor `simultaneous`. The app
    # asks the table once, in public; only a seat that claims confirms behind the
    # privacy screen. The flags tell the truth: a `simultaneous` prompt is never
    # ended by another seat's answer, and no prompt or legal action depends on
    # another seat's secret answer (tests/games/test_prompt_flags.py).
    reaction: bool = False


class Event(Frozen):
    """One line of the game log, in plain words.

    `visible_to` is None for a public event, or the seats allowed to read it.
    """

    kind: str
    text: str
    visible_to: tuple[int, ...] | None = None
    # A public moment everyone should see (a catch, a reveal, a die roll): the app
    # keeps it on the table before the keyboard is passed to the next player.
    news: bool = False

    def visible_for(self, seat: int | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)


class ScoreLine(Frozen):
    """One seat's final score, with its parts in words ("fish", "boot bonus", ...)."""

    seat: int
    name: str
    parts: tuple[tuple[str, int], ...]
    total: int


class Result(Frozen):
    scores: tuple[ScoreLine, ...]
    winners: tuple[int, ...]
    notes: tuple[str, ...] = ()  # how a tie was broken, and the like, in words


class SeatLine(Protocol):
    """A seat as every game's view lists it: at least its name."""

    @property
    def name(self) -> str: ...


class TableView(Protocol):
    """What every game's view says, whatever else it holds (mypy checks each game's view against
    it where its `capabilities` name the view type): whose view it is, None for the public table,
    and the seats at the table in seat order, each with its name. The shell, the bots and the
    replay read these two members, never probe for them."""

    @property
    def seat(self) -> int | None: ...

    @property
    def seats(self) -> Sequence[SeatLine]: ...

    def model_dump(self, *, mode: str = ...) -> dict[str, Any]: ...


# A game's own types: its state (the engine's alone), its view models and its actions.
StateT = TypeVar("StateT")
ViewT = TypeVar("ViewT", bound=TableView)
ActionT = TypeVar("ActionT", bound=BaseModel)
ViewT_co = TypeVar("ViewT_co", bound=TableView, covariant=True)
ViewT_contra = TypeVar("ViewT_contra", bound=TableView, contravariant=True)


class Game(Protocol[StateT, ViewT_co, ActionT]):
    """The shape of a game module (CONTRIBUTING.md, part 1, says what each method must do)."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    capabilities: Capabilities[StateT, Any, ActionT]  # what it offers beyond these methods (views: see below)

    def options_model(self) -> type[BaseModel]: ...

    def prepare_options(self, options: BaseModel) -> BaseModel:
        """Copy into the options whatever they point to outside the game (a card file).

        A match keeps the prepared options, so a save carries its card data and
        `new_game` never reads a file. Raises CardFileError naming the problem.
        """
        ...

    def new_game(self, options: BaseModel, seats: Sequence[SeatInfo], seed: int) -> StateT: ...

    def opening_events(self, state: StateT) -> list[Event]: ...

    def pending(self, state: StateT) -> dict[int, Prompt]: ...

    def legal_actions(self, state: StateT, seat: int) -> list[ActionT]: ...

    def apply(self, state: StateT, seat: int, action: ActionT) -> tuple[StateT, list[Event]]: ...

    def view(self, state: StateT, seat: int | None) -> ViewT_co: ...

    def result(self, state: StateT) -> Result | None: ...

    def parse_action(self, data: object) -> ActionT: ...

    def state_hash(self, state: StateT) -> str: ...


# A game chosen by its name at run time (the registry, a save file). Its state, views and
# actions are its own types, which no annotation here can name: this is the one place they
# are `Any`. What takes a game is generic over them (`Match`, the search, the app's flow).
SomeGame = Game[Any, Any, Any]


# -- What a game offers beyond the protocol ------------------------------------------------------
# Some games offer more than the methods above: a clock, fast playouts, worlds dealt from a view
# for the search bots, a session's standings. Each game says which in its `capabilities` record,
# and the shell, the remote host, the bots, `simulate` and `tournament` read the record instead of
# probing the game's members by name. A field left None is a thing the game does not offer;
# CONTRIBUTING.md (part 1) says what each must do.


@dataclass(frozen=True, slots=True)
class TimeLimit(Generic[ViewT, ActionT]):
    """A game that may end on the clock. The engine reads no clock: the app keeps one and,
    when `seconds(options)` have passed, applies `up_action` once, from any seat."""

    seconds: Callable[[Any], float | None]  # the options' limit, None when they set none
    up_action: ActionT
    is_up: Callable[[ViewT], bool]  # has `up_action` been applied (any seat's view says it)

    def limit(self, options: BaseModel) -> float | None:
        return self.seconds(options)


@dataclass(frozen=True, slots=True)
class Capabilities(Generic[StateT, ViewT, ActionT]):
    # -- saves and actions ------------------------------------------------------------------------
    is_action: Callable[[object], bool] | None = None  # an action object of this game, legal now or not
    # The hash a save of an older version recorded (None when `version` kept none of its own).
    legacy_state_hash: Callable[[StateT, int], str | None] | None = None
    # -- playouts (`simulate`, the tournament, the search's rollouts) -----------------------------
    first_to_act: Callable[[StateT], int | None] | None = None  # pending's first seat, without prompts
    # `legal_actions(state, seat)[int(rng.random() * n)]`, the only action built.
    random_action: Callable[[StateT, int, random.Random], ActionT] | None = None
    # Uniform random moves to the end or `max_steps`, without actions or events: (state, steps).
    rollout: Callable[[StateT, random.Random, int], tuple[StateT, int]] | None = None
    # -- the search bots --------------------------------------------------------------------------
    # A full state as `view.seat` may imagine it: every card hidden from it dealt at random.
    sample_world: Callable[[ViewT, random.Random], StateT] | None = None
    evaluate: Callable[[StateT, int], float] | None = None  # a seat's chance in [0, 1] from here
    rollout_action: Callable[[StateT, int, random.Random], ActionT] | None = None  # a cheap, sensible move
    rollout_done: Callable[[StateT, StateT], bool] | None = None  # a playout from `start` may stop
    # -- sessions of many hands (a tournament may score the first hands) --------------------------
    hands_settled: Callable[[StateT], int] | None = None
    standings: Callable[[StateT], Result] | None = None  # the chips as they stand (the result, once over)
    # -- the replay -------------------------------------------------------------------------------
    # What marks a new round on the public table (the round, poker's hand, Fishing Party's turn):
    # the replay starts a chapter wherever it changes.
    round_of: Callable[[ViewT], int] | None = None
    # -- the clock --------------------------------------------------------------------------------
    time_limit: TimeLimit[ViewT, ActionT] | None = None

    @property
    def can_search(self) -> bool:
        """Can the search bots play it (they deal worlds from a view)?"""
        return self.sample_world is not None

    def time_limit_seconds(self, options: BaseModel) -> float | None:
        return None if self.time_limit is None else self.time_limit.limit(options)


NO_CAPABILITIES: Capabilities[Any, Any, Any] = Capabilities()


@dataclass(frozen=True, slots=True)
class HardPlayer:
    """How a game's hard player searches: what its `bots` module declares as `HARD`, beside its
    `BOTS` (`fishtable.bots` reads both by name, never probes for them). Declared here, below the
    games, because a game's `bots` module may not import `fishtable.bots`."""

    # Search iterations per decision by table size: about one CPU-second each on the reference
    # machine (benchmarks/calibrate_hard.py); other sizes are interpolated.
    iterations: Mapping[int, int]
    # The rest tune `fishtable.bots.search.SearchBot` (None: its default).
    exploration: float | None = None
    rollout_steps: int | None = None
    prior_weight: float | None = None
    model_play: bool = False  # the search expects seats to play as the game's greedy bot
    halving: bool = False  # sequential halving on common worlds, not the tree
    # A decision's share of `iterations` by its phase, `budget_phase(view)` (the game's own word for
    # it; a phase not listed: the whole budget). An iteration costs more where playouts run longer
    # (a Crazy Fishing collect, a poker hand's first betting round), and a share below one keeps
    # those decisions within the table's pace (benchmarks/hard_pace.py). The view is the searching
    # seat's own; the search holds it as `object`, and the game's function checks its own type.
    phase_shares: Mapping[str, float] = field(default_factory=dict)
    budget_phase: Callable[[object], str] | None = None
