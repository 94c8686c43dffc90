"""The protocol every game implements, and the models it shares across games.

A game module is pure: it never prints, never reads the clock and never
imports Textual. The app and the bots only ever see `View` objects.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

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

    @property
    def is_human(self) -> bool:
        return self.bot is None


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


# A game's own types: its state (the engine's alone), its view models and its actions.
StateT = TypeVar("StateT")
ViewT = TypeVar("ViewT", bound=BaseModel)
ActionT = TypeVar("ActionT", bound=BaseModel)
ViewT_co = TypeVar("ViewT_co", bound=BaseModel, covariant=True)
ViewT_contra = TypeVar("ViewT_contra", bound=BaseModel, contravariant=True)
StateT_co = TypeVar("StateT_co", covariant=True)
StateT_contra = TypeVar("StateT_contra", contravariant=True)
ActionT_co = TypeVar("ActionT_co", bound=BaseModel, covariant=True)


class Game(Protocol[StateT, ViewT_co, ActionT]):
    """The shape of a game module (CONTRIBUTING.md, part 1, says what each method must do)."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]

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


class SearchableGame(Protocol[StateT_co, ViewT_contra]):
    """Optional, for the search bots: worlds as one seat may imagine them.

    `sample_world(view, rng)` deals every card hidden from `view.seat` at random into
    a full state consistent with everything that seat knows (the view holds all of
    it: its hand, every public card, cards it saw go where they went). It cannot
    receive the true state. `game.view(world, view.seat)` equals `view`.
    """

    def sample_world(self, view: ViewT_contra, rng: random.Random) -> StateT_co: ...


@runtime_checkable
class TurnOrderGame(Protocol[StateT_contra]):
    """Optional, for playouts: `first_to_act(state)` is the first seat `pending(state)` lists
    (None when it lists none), found without building the prompts. `fishtable simulate` and
    the tournament ask it at every step instead of `pending`."""

    def first_to_act(self, state: StateT_contra) -> int | None: ...


@runtime_checkable
class TimedGame(Protocol[ActionT_co]):
    """Optional: a game with a time limit. The engine reads no clock; the app keeps one,
    and when the limit is reached applies `time_up_action()` once, from any seat; the
    game's views say `time_up` once it has been applied."""

    def time_limit_seconds(self, options: BaseModel) -> float | None: ...

    def time_up_action(self) -> ActionT_co: ...
