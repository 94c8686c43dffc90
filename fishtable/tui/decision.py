"""What passes between the hot-seat flow and the screens it opens.

Attributes down, messages up: a screen gets a `Decision` (one seat's view,
its legal actions and a way to ask why an action is illegal) or a
`TableFeed` (the public table's data, declared with the plug-in interface in
`fishtable.tui.plugin`), and sends back what was decided as a
message. A screen never imports the flow, and never sees a game state.

Every message carries the `ticket` of the request it answers. The flow issues
a new ticket for each request and ignores answers to old ones, so a key
pressed twice can never answer the next player's question.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from textual.message import Message

if TYPE_CHECKING:  # annotations only: the menu, which imports this, must not load pydantic
    from pydantic import BaseModel

    from fishtable.engine.protocol import Event, Prompt, SeatInfo, TableView

# The game's own types, which the shell never names: its state (held by the match, never seen
# here), its view models and its actions. A screen of a game's plug-in sees `Decision[View, Action]`.
StateT = TypeVar("StateT")
ViewT = TypeVar("ViewT", bound="TableView")  # every game's view: its seat and seats
ActionT = TypeVar("ActionT", bound="BaseModel")


# What `Decision.check` says while the reason is still on its way (a remote seat asks its host,
# which alone holds the whole state): the screen shows it, keys still act, and the screen's
# `rechecked()` is called when the answer has come, to say it in its place.
CHECKING = "Checking with the host…"


@dataclass(frozen=True)
class LogWindow:
    """The log lines a viewer may read, as (index, event), and where the new ones start."""

    entries: list[tuple[int, Event]]
    news_from: int


@dataclass(frozen=True)
class Decision(Generic[ViewT, ActionT]):
    """One seat's decision, as a screen needs it."""

    ticket: int
    seat: int
    prompt: Prompt
    view: ViewT  # the seat's own view when private, else the public view
    legal: list[ActionT]
    seats: tuple[SeatInfo, ...]
    private: bool
    check: Callable[[ActionT], str | None]  # why an action is illegal now, or None
    log: LogWindow

    @property
    def kind(self) -> str:
        return self.prompt.kind

    @property
    def name(self) -> str:
        return self.seats[self.seat].name


# A decision of a game chosen by name at run time, as the shell's table and a remote seat hold it
# (they never name a game's types): see `fishtable.engine.protocol.SomeGame`.
SomeDecision = Decision[Any, Any]


class Answer(Message):
    """A screen's answer to the request that carried `ticket`."""

    def __init__(self, ticket: int) -> None:
        super().__init__()
        self.ticket = ticket


class Decided(Answer):
    """A seat has decided: apply `action` for it, then the actions `then` (the same seat's next
    steps, which a screen held until the player committed to them all: an exchange put together
    card by card, say, that Esc could still back out of)."""

    def __init__(self, ticket: int, seat: int, action: BaseModel, then: tuple[BaseModel, ...] = ()) -> None:
        super().__init__(ticket)
        self.seat = seat
        self.action = action
        self.then = then


class Passed(Answer):
    """The privacy screen was dismissed by the player it named (or by the table)."""


class Acknowledged(Answer):
    """Everyone has seen the news on the table; the keyboard may move on."""


class Commanded(Message):
    """The table confirmed one of the game's table commands."""

    def __init__(self, action: BaseModel) -> None:
        super().__init__()
        self.action = action


class Claimed(Answer):
    """At a public question (a reaction), `seat` claims; None: the table lets it go."""

    def __init__(self, ticket: int, seat: int | None) -> None:
        super().__init__(ticket)
        self.seat = seat
