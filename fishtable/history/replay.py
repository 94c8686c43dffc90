"""A replay of a finished game: its recorded seed and actions stepped through the engine.

Every position is rebuilt and kept, so stepping back costs nothing. A replay
shows what every seat saw at each step (each seat's own view: its hand and its
face-down cards face up) and the whole log, which is only allowed because the
game is over: a game that is not finished is refused before anything is built
past its deal, in words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ValidationError

from fishtable.engine.errors import FishtableError
from fishtable.engine.files import JsonObject
from fishtable.engine.protocol import Event, Result, SeatInfo
from fishtable.engine.registry import get_entry
from fishtable.engine.saves import SAVE_VERSION, load_save_file
from fishtable.engine.text import shown
from fishtable.history import share
from fishtable.history.record import GameRecord
from fishtable.history.schema import HistoryError
from fishtable.history.store import load_game

NOT_FINISHED = "{source} is a game that is not finished: its replay would show cards that are still secret " \
    "at the table, so it is not opened."


@dataclass(frozen=True)
class Step:
    """One decision: who made it, what it was (its JSON), and the log lines it brought."""

    index: int  # 1: the first action
    seat: int
    name: str
    action: BaseModel
    events: tuple[Event, ...]


class Replay:
    """A finished game, step by step: step 0 is the deal, step n the position after n actions."""

    def __init__(self, game_name: str, options: JsonObject, seats: Sequence[SeatInfo], seed: int,
                 actions: Sequence[tuple[int, JsonObject]], state_hash: str | None = None,
                 version: int = SAVE_VERSION, source: str = "The game") -> None:
        try:
            entry = get_entry(game_name)
            game = entry.load()
        except LookupError as exc:
            raise HistoryError(shown(f"{source} is for a game this fishtable cannot play: {exc}")) from None
        self.game = game
        self.title = entry.title
        self.seats = tuple(seats)
        step = 0
        try:
            opts = game.prepare_options(game.options_model().model_validate(options))
            state = game.new_game(opts, self.seats, seed)
            self.opening = tuple(game.opening_events(state))
            self._states = [state]
            self.steps: list[Step] = []
            for step, (seat, data) in enumerate(actions, start=1):
                action = game.parse_action(data)
                state, events = game.apply(state, seat, action)
                self._states.append(state)
                self.steps.append(Step(step, seat, self.seats[seat].name, action, tuple(events)))
        except (FishtableError, ValidationError, ValueError, TypeError, IndexError) as exc:
            where = f" at move {step}" if step else ""
            raise HistoryError(shown(f"{source} does not replay{where}: {exc}")) from None
        result = game.result(state)
        if result is None:
            raise HistoryError(NOT_FINISHED.format(source=source))
        self.result: Result = result
        if state_hash is not None and version >= SAVE_VERSION and game.state_hash(state) != state_hash:
            raise HistoryError(f"{source} does not reach its recorded end (its checksum differs); it was changed "
                               "or damaged, or this fishtable's rules differ.")

    def __len__(self) -> int:
        return len(self.steps)

    def view(self, step: int, seat: int | None) -> BaseModel:
        """What `seat` could see after `step` actions (None: the public table)."""
        view: BaseModel = self.game.view(self._states[step], seat)
        return view

    def kind(self, step: int) -> str:
        """The kind of decision step `step` answered (a turn, a cast, a bet...)."""
        done = self.steps[step - 1]
        prompt = self.game.pending(self._states[step - 1]).get(done.seat)
        return prompt.kind if prompt is not None else ""

    def private_lines(self, step: int, seat: int) -> list[str]:
        """What `seat` saw after `step` and the public table did not, field by field, as text:
        its hand and its face-down cards (a view hides by type, so the difference is the secrets)."""
        mine = self.view(step, seat).model_dump(mode="json")
        public = self.view(step, None).model_dump(mode="json")
        return [f"{key}: {_compact(value)}" for key, value in mine.items()
                if public.get(key) != value and key not in ("viewer", "seat", "me", "prompt")]

    def state_hash(self, step: int) -> str:
        return self.game.state_hash(self._states[step])

    def log(self, step: int) -> list[Event]:
        """Every log line up to `step`, secret ones too (the game is over)."""
        lines = list(self.opening)
        for done in self.steps[:step]:
            lines.extend(done.events)
        return lines

    def round_starts(self, kinds: frozenset[str] = frozenset()) -> list[int]:
        """The steps at which a new round begins, 0 (the deal) first: where the public table's
        round (or poker's hand, or Fishing Party's turn) changes, or an event of `kinds` happens."""
        round_of = self.game.capabilities.round_of  # None: the game marks no rounds
        starts = [0]
        last = round_of(self.view(0, None)) if round_of else None
        for done in self.steps:
            if done.index == len(self.steps):
                break
            now = round_of(self.view(done.index, None)) if round_of else None
            if now != last or any(event.kind in kinds for event in done.events):
                starts.append(done.index)
            last = now
        return starts


def _compact(value: object, limit: int = 600) -> str:
    """A view's value in short words: cards by their names where they have one."""
    if isinstance(value, dict):
        for key in ("name", "label", "title", "code", "id"):
            if isinstance(value.get(key), str):
                extra = [str(value[k]) for k in ("size", "value", "points") if isinstance(value.get(k), int)]
                return shown(value[key] + (f" {'/'.join(extra)}" if extra else ""))
        text = ", ".join(f"{k} {_compact(v)}" for k, v in value.items() if v not in (None, [], {}, ""))
    elif isinstance(value, list):
        text = "[" + ", ".join(_compact(v) for v in value) + "]"
    else:
        text = shown(str(value))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def from_record(record: GameRecord, source: str = "The game") -> Replay:
    seats = [SeatInfo(name=s.name, bot=s.level if s.kind == "computer" else None) for s in record.seats]
    return Replay(record.game, record.options, seats, record.seed, record.actions, record.state_hash,
                  record.save_version, source)


def from_file(path: Path) -> Replay:
    """The replay of a save file (a finished game's), or of a game file `history --export` wrote;
    HistoryError in words otherwise."""
    try:
        data = load_save_file(path)
    except FishtableError as exc:
        if not share.is_game_file(path):
            raise HistoryError(str(exc)) from None
        return from_record(share.read_game(path, imported=True), shown(str(path)))
    return Replay(data.game, data.options, data.seats, data.seed, data.actions, data.state_hash, data.version,
                  shown(str(path)))


def open_replay(history: Path, which: str) -> Replay:
    """`fishtable replay ID|FILE`: a game's number in `history`, else a save file's path."""
    if which.isdigit() and not Path(which).exists():
        return from_record(load_game(history, int(which)), f"Game {which}")
    return from_file(Path(which))
