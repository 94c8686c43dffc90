"""Recording a game the moment it ends, for the app, a host and the command line.

Never raises and never stops play: a problem comes back as one sentence for the
player ("History could not be written: ... The game is over all the same."). A
database another fishtable holds past the busy timeout does not lose the game: it
is kept in a pending file (`share.keep_pending`) that the next recording writes in.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel

from fishtable.engine.match import Match, SomeMatch
from fishtable.engine.protocol import SeatInfo, SomeGame
from fishtable.engine.series import Series
from fishtable.history.record import GameRecord, Place, Source, record_of
from fishtable.history.schema import BUSY_MS, HISTORY_NAME, HistoryError, connect, take_notices
from fishtable.history.share import keep_pending, write_pending
from fishtable.history.store import record_game

StateT = TypeVar("StateT")  # what a recorded chooser is given (a game state)
MoveT = TypeVar("MoveT")  # and what it chooses (an action)

AFTERWORD = " The game is over all the same; it is not in History."


def history_path(data_dir: Path) -> Path:
    return data_dir / HISTORY_NAME


def record_finished(
    path: Path, match: SomeMatch, seconds: float, *, series: Series | None = None, source: Source = "app",
    places: list[Place] | None = None, started: float | None = None, busy_ms: int = BUSY_MS,
) -> tuple[int | None, str | None]:
    """(the game's id, None) once written; (None, why not in words) otherwise. Whatever else
    there is to say (a damaged history set aside, a game kept pending) comes as the words."""
    try:
        record = record_of(match, seconds=seconds, source=source, places=places, series=series, started=started)
    except Exception as exc:  # a bug in the history must not take a finished game down with it
        return None, f"History could not be written ({type(exc).__name__}: {exc}).{AFTERWORD}"
    return write_record(path, record, busy_ms)


TRIES = 2  # a busy database: waited for (busy_ms) and tried again once, then the game is kept pending


def write_record(path: Path, record: GameRecord, busy_ms: int = BUSY_MS) -> tuple[int | None, str | None]:
    """Write the games still pending, then `record`, waiting for a busy database and trying again;
    kept pending itself if the database stays busy."""
    game_id: int | None = None
    said: list[str] = []
    try:
        _, problems, busy = write_pending(path, busy_ms)
        said += problems
        tries = TRIES - 1 if busy else TRIES  # the pending games found it busy: waited once already
        for left in range(tries, 0, -1):
            try:
                game_id = record_game(path, record, busy_ms)
                break
            except HistoryError as exc:
                if not exc.busy or left == 1:
                    raise
    except HistoryError as exc:
        said.append(_kept(path, record, exc) if exc.busy else f"{exc}{AFTERWORD}")
    except Exception as exc:  # a bug in the history must not take a finished game down with it
        said.append(f"History could not be written ({type(exc).__name__}: {exc}).{AFTERWORD}")
    said = take_notices(path) + said
    return game_id, " ".join(said) or None


def _kept(path: Path, record: GameRecord, busy: HistoryError) -> str:
    try:
        kept = keep_pending(path, record)
    except HistoryError as exc:
        return f"{busy} {exc}{AFTERWORD}"
    return (f"{busy} The game is kept in {kept.parent.name}/{kept.name} and goes into History when the next "
            "game ends or History opens.")


def check_history(path: Path) -> list[str]:
    """What the menu says about History at the start, in words (nothing when all is well): a damaged
    file set aside, or why History is off (a folder at its place, a newer fishtable's database...).
    The games kept pending go in."""
    said = []
    try:
        connect(path).close()
        said = write_pending(path)[1]
    except HistoryError as exc:
        said = [str(exc)]
    return take_notices(path) + said


class Recorder:
    """Records every match it is shown once it is over (a host's `on_applied` callback).

    Writes in a thread of its own that the process waits for at exit, so the table's
    event loop never waits on the database. `series()` is the table's series before
    this game's points are added (the host adds them after its callbacks).
    """

    def __init__(self, path: Path, source: Source, places: list[Place] | None = None,
                 series: Callable[[], Series | None] = lambda: None,
                 said: Callable[[str], None] = lambda text: None) -> None:
        self.path = path
        self.source: Source = source
        self.places = places
        self.series = series
        self.said = said
        self.threads: list[threading.Thread] = []
        self._match: SomeMatch | None = None  # the match in play, when it was first seen, and if recorded
        self._since = time.monotonic()
        self._done = False

    def __call__(self, match: SomeMatch) -> None:
        now = time.monotonic()
        if match is not self._match:
            self._match, self._since, self._done = match, now, False
        if self._done or not match.is_over:
            return
        self._done = True
        seconds = now - self._since
        result = match.result()
        series = self.series()
        if series is not None and result is not None:
            series = series.add(result, seconds)
        thread = threading.Thread(target=self._write, args=(match, seconds, series), name="history")
        self.threads.append(thread)
        thread.start()

    def _write(self, match: SomeMatch, seconds: float, series: Series | None) -> None:
        _, problem = record_finished(self.path, match, seconds, series=series, source=self.source,
                                     places=self.places, started=time.time() - seconds)
        if problem is not None:
            self.said(problem)


class Recording:
    """Games the command line plays outside a match (`simulate --record`, `tournament --record`):
    each one's moves, as they are chosen, then the finished game into History. The first
    problem is kept (in words) and ends the recording; the games go on."""

    def __init__(self, path: Path, source: Source) -> None:
        self.path = path
        self.source: Source = source
        self.recorded = 0
        self.problem: str | None = None
        self.notes: list[str] = []  # said while the games were written all the same

    def logged(
        self, choose: Callable[[int, StateT], MoveT], moves: list[tuple[int, MoveT]],
    ) -> Callable[[int, StateT], MoveT]:
        """`choose`, also writing down each move it returns."""
        def choose_and_log(seat: int, state: StateT) -> MoveT:
            action = choose(seat, state)
            moves.append((seat, action))
            return action
        return choose_and_log

    def add(self, game: SomeGame, options: BaseModel, seats: Sequence[SeatInfo], seed: int,
            moves: Sequence[tuple[int, object]], seconds: float) -> None:
        """Record a game played from `seed` by `moves` (an unfinished one, as a tournament's hand
        limit leaves it, is not recorded)."""
        if self.problem is not None:
            return
        match = Match.start(game, options, seats, seed)
        for seat, action in moves:
            match.apply(seat, action)
        if not match.is_over:
            return
        game_id, said = record_finished(self.path, match, seconds, source=self.source)
        if game_id is not None:  # written, maybe with something to say (a damaged history set aside)
            self.recorded += 1
            if said is not None:
                self.notes.append(said)
        elif said is not None:
            self.problem = said.removesuffix(AFTERWORD)
