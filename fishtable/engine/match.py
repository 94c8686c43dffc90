"""A match: one game in progress, as the app and the command line drive it.

The match keeps the full state to itself. Callers get views, prompts, legal
actions and log lines for a seat, which is all a player at a real table could
see; this is the seam that keeps hidden cards off the screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Generic, TypeGuard

from pydantic import BaseModel

from fishtable.engine.errors import FishtableError, IllegalAction
from fishtable.engine.files import MAX_INT_DIGITS, JsonObject
from fishtable.engine.protocol import ActionT, Event, Game, Prompt, Result, SeatInfo, StateT, ViewT
from fishtable.engine.saves import SAVE_FORMAT, SAVE_VERSION, SaveData, write_atomic
from fishtable.engine.text import short_repr


class Match(Generic[StateT, ViewT, ActionT]):
    """A game's match: `Match[State, View, Action]` with the game's own types."""

    def __init__(
        self, game: Game[StateT, ViewT, ActionT], options: BaseModel, seats: Sequence[SeatInfo], seed: int,
        state: StateT,
    ) -> None:
        self.game = game
        self.options = options
        self.seats = tuple(seats)
        self.seed = seed
        self._state = state
        self._actions: list[tuple[int, JsonObject]] = []  # each action's JSON
        self._events: list[Event] = []

    @classmethod
    def start(
        cls, game: Game[StateT, ViewT, ActionT], options: BaseModel, seats: Sequence[SeatInfo], seed: int
    ) -> Match[StateT, ViewT, ActionT]:
        """Deal a new game. The options are prepared first (`Game.prepare_options`): the
        match keeps them, so its saves carry the card data and need no file to load."""
        if not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) >= 10**MAX_INT_DIGITS:
            # A save must be able to hold it (see fishtable.engine.files).
            raise ValueError(f"The seed must be a whole number of at most {MAX_INT_DIGITS} digits.")
        options = game.prepare_options(options)
        state = game.new_game(options, seats, seed)
        match = cls(game, options, seats, seed, state)
        match._events.extend(game.opening_events(state))
        return match

    # -- reading -------------------------------------------------------------
    def pending(self) -> dict[int, Prompt]:
        return self.game.pending(self._state)

    def view(self, seat: int | None) -> ViewT:
        return self.game.view(self._state, seat)

    def legal_actions(self, seat: int) -> list[ActionT]:
        return self.game.legal_actions(self._state, seat)

    def result(self) -> Result | None:
        return self.game.result(self._state)

    @property
    def is_over(self) -> bool:
        return self.game.result(self._state) is not None

    @property
    def step_count(self) -> int:
        return len(self._actions)

    def log_for(self, seat: int | None, last: int | None = None) -> list[str]:
        lines = [e.text for e in self._events if e.visible_for(seat)]
        return lines[-last:] if last else lines

    def events_since(self, index: int) -> list[Event]:
        return self._events[index:]

    @property
    def event_count(self) -> int:
        return len(self._events)

    def state_hash(self) -> str:
        return self.game.state_hash(self._state)

    # -- acting --------------------------------------------------------------
    def _accepted(self, seat: object, action: object) -> tuple[int, ActionT]:
        """`seat` and `action`, if they can even be considered: a seat number of this match and
        an action of this game. Anything else raises IllegalAction, in words."""
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise IllegalAction(f"A seat is a number, not {short_repr(seat)}.")
        if not 0 <= seat < len(self.seats):
            raise IllegalAction(f"There is no seat {seat} (the seats are 0 to {len(self.seats) - 1}).")
        if not self._is_action(action):
            raise IllegalAction(f"That is not a move of {self.game.title}: {short_repr(action)}.")
        return seat, action

    def _is_action(self, action: object) -> TypeGuard[ActionT]:
        check = self.game.capabilities.is_action
        if check is not None:
            return bool(check(action))
        if not isinstance(action, BaseModel):
            return False
        try:  # a game without is_action: the action must survive a JSON round trip
            return bool(self.game.parse_action(action.model_dump(mode="json")) == action)
        except (FishtableError, ValueError):  # not this game's (pydantic's errors are ValueErrors)
            return False

    def check(self, seat: int, action: object) -> str | None:
        """Return why `action` is illegal for `seat` now, or None if it is legal."""
        try:
            seat, move = self._accepted(seat, action)
            self.game.apply(self._state, seat, move)
        except IllegalAction as exc:
            return str(exc)
        return None

    def apply(self, seat: int, action: object, record: bool = True) -> list[Event]:
        """Apply an action. An illegal one raises IllegalAction and changes nothing.

        Anything that is not a seat number of this match and an action of this game
        is refused the same way (never a TypeError or an AttributeError).
        """
        seat, move = self._accepted(seat, action)
        state, events = self.game.apply(self._state, seat, move)
        self._state = state
        if record:
            self._actions.append((seat, move.model_dump(mode="json")))
        self._events.extend(events)
        return events

    # -- saving --------------------------------------------------------------
    def to_save(self) -> SaveData:
        return SaveData(
            format=SAVE_FORMAT,
            version=SAVE_VERSION,
            game=self.game.name,
            options=self.options.model_dump(mode="json"),
            seats=list(self.seats),
            seed=self.seed,
            actions=list(self._actions),
            state_hash=self.state_hash(),
        )

    def save(self, path: Path) -> None:
        """Write the save atomically; an OS error raises SaveFileError in words."""
        write_atomic(path, self.to_save().model_dump_json(indent=1))

    save_version = SAVE_VERSION

    def state_hash_for(self, version: int) -> str | None:
        """The hash a save of that version would hold for this position (None: unknown).

        Version-1 saves were written before the games' states grew new fields; a game
        that still reads them offers `legacy_state_hash(state, version)` in its capabilities.
        """
        if version >= SAVE_VERSION:
            return self.state_hash()
        legacy = self.game.capabilities.legacy_state_hash
        return legacy(self._state, version) if legacy is not None else None


# A match of a game chosen by name at run time (a save file, the app's menu): see `SomeGame`.
SomeMatch = Match[Any, Any, Any]
