"""A finished game as a file: shared (`fishtable history --export/--import`) or kept pending.

The file is a save (`engine.saves`: the seed, the seats, the actions and the final
position's checksum) with the result and how the game was played beside it. Reading
one goes through the same checks as a save (a regular file, size, depth, control
characters, strict JSON), then the game is replayed through its engine: it must be
finished, reach its checksum and give the very result the file states, so a file can
neither show an unfinished game nor claim a win its moves did not make. Anything
else is refused in words and the file left as it was.

Pending files: a game that ends while another fishtable holds the database longer
than the busy timeout is written, whole and atomically, into `history-pending/`
beside the database; the next recording, or History opening, writes it in (once: the
same game is never there twice) and removes it.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import time
import uuid
from dataclasses import replace
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, FiniteFloat, StrictInt, ValidationError

from fishtable.engine.errors import SaveFileError
from fishtable.engine.files import read_json, validation_message
from fishtable.engine.protocol import Result
from fishtable.engine.resume import replay
from fishtable.engine.saves import MAX_SAVE_BYTES, MAX_SAVE_DEPTH, SAVE_FORMAT, check_save, write_atomic
from fishtable.engine.text import shown
from fishtable.history.record import GameRecord, Place, SeriesRecord, Source, record_of
from fishtable.history.schema import BUSY_MS, HistoryError
from fishtable.history.store import record_once

GAME_FORMAT = "fishtable-game"
GAME_VERSION = 1
MAX_GAME_BYTES = MAX_SAVE_BYTES + 256 * 1024  # a save, and a result beside it
MAX_GAME_DEPTH = MAX_SAVE_DEPTH + 1  # the save is one level down
PENDING_NAME = "history-pending"
_KEYS = {"format", "version", "save", "result", "played"}


class _Series(BaseModel):
    model_config = ConfigDict(extra="forbid")

    rules: dict[str, Any]
    index: StrictInt = Field(ge=1)
    totals: list[StrictInt]


class Played(BaseModel):
    """How and when the game was played (what a save does not hold)."""

    model_config = ConfigDict(extra="forbid")

    ended: FiniteFloat = Field(ge=0)
    seconds: FiniteFloat = Field(ge=0)
    started: FiniteFloat | None = Field(default=None, ge=0)
    source: Source
    places: list[Place]
    series: _Series | None = None


def game_json(record: GameRecord) -> dict[str, Any]:
    """The file of a finished game: its save, its result and how it was played."""
    seats = [{"name": s.name, "bot": s.level if s.kind == "computer" else None} for s in record.seats]
    series = record.series
    return {
        "format": GAME_FORMAT,
        "version": GAME_VERSION,
        "save": {"format": SAVE_FORMAT, "version": record.save_version, "game": record.game,
                 "options": record.options, "seats": seats, "seed": record.seed,
                 "actions": [[seat, action] for seat, action in record.actions], "state_hash": record.state_hash},
        "result": record.result.model_dump(mode="json"),
        "played": {"ended": record.ended, "seconds": record.seconds, "started": record.started,
                   "source": record.source, "places": [s.place for s in record.seats],
                   "series": None if series is None else
                   {"rules": series.rules, "index": series.index, "totals": list(series.totals)}},
    }


def write_game(path: Path, record: GameRecord) -> None:
    """Write `record` to `path` atomically (the old file or the new, whole); HistoryError in words."""
    text = json.dumps(game_json(record), ensure_ascii=False, separators=(",", ":"))
    try:
        info = os.lstat(path)
    except OSError:
        pass  # nothing there yet (or nothing to see): the write says what is wrong
    else:
        if not stat.S_ISREG(info.st_mode):  # a FIFO, a link, a device: replaced by a file, it would be lost
            raise HistoryError(f"The game cannot be written to {shown(str(path))}: it is not a regular file "
                               "(a folder, a pipe, a link or a device); it was left as it is.")
    try:
        write_atomic(path, text)
    except SaveFileError as exc:
        raise HistoryError(str(exc).replace("The game cannot be saved", "The game cannot be written")) from None


def read_game(path: Path, *, imported: bool, counted: bool | None = None) -> GameRecord:
    """The finished game in the file at `path`, checked and replayed; HistoryError in words.

    `imported`: a game from elsewhere (marked so, not counted in the standings unless `counted`,
    and not part of a series here); otherwise one of this data folder's pending games."""
    source = shown(str(path))
    raw = read_json(path, error=HistoryError, max_bytes=MAX_GAME_BYTES, max_depth=MAX_GAME_DEPTH)
    if not isinstance(raw, dict) or raw.get("format") != GAME_FORMAT:
        what = "a save file, not a finished game's file" if isinstance(raw, dict) and raw.get("format") == \
            SAVE_FORMAT else "not a fishtable game file"
        raise HistoryError(f"{source} is {what} (`fishtable history --export` writes one).")
    version = raw.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise HistoryError(f"{source} has no valid version number.")
    if version > GAME_VERSION:
        raise HistoryError(f"{source} was written by a newer fishtable (game file version {version}; this one "
                           f"reads up to {GAME_VERSION}).")
    if set(raw) != _KEYS:
        odd = sorted(set(raw) ^ _KEYS)
        raise HistoryError(shown(f"{source} is damaged: field '{odd[0]}' is unexpected or missing."))
    try:
        data = check_save(raw["save"], source)
        played = Played.model_validate(raw["played"])
        stated = Result.model_validate(raw["result"])
    except SaveFileError as exc:
        raise HistoryError(str(exc)) from None
    except ValidationError as exc:
        raise HistoryError(shown(validation_message(exc, f"{source} is damaged"))) from None
    if len(played.places) != len(data.seats):
        raise HistoryError(f"{source} is damaged: it names {len(played.places)} places for {len(data.seats)} seats.")
    try:
        match = replay(data, source)
    except SaveFileError as exc:
        raise HistoryError(str(exc)) from None
    result = match.result()
    if result is None:
        raise HistoryError(f"{source} is a game that is not finished: only a finished game is shared (its cards "
                           "are still secret).")
    if result.model_dump(mode="json") != stated.model_dump(mode="json"):
        raise HistoryError(f"{source} states a result its moves do not give; it was changed or damaged.")
    record = record_of(match, seconds=played.seconds, source=played.source, places=played.places,
                       ended=played.ended, started=played.started)
    series = played.series
    if imported or series is None or len(series.totals) != len(data.seats):
        return replace(record, imported=imported, counted=counted if imported else None)
    return replace(record, series=SeriesRecord(series.rules, series.index, tuple(series.totals)))


def is_game_file(path: Path) -> bool:
    """Whether `path` holds a game file (read with the same care; any problem: no)."""
    try:
        raw = read_json(path, error=HistoryError, max_bytes=MAX_GAME_BYTES, max_depth=MAX_GAME_DEPTH)
    except HistoryError:
        return False
    return isinstance(raw, dict) and raw.get("format") == GAME_FORMAT


def import_game(history: Path, path: Path, counted: bool = False, busy_ms: int = BUSY_MS) -> tuple[int, bool]:
    """Add the game in `path` to History, marked imported: (its id, whether it is new)."""
    return record_once(history, read_game(path, imported=True, counted=counted), busy_ms)


# -- pending games --------------------------------------------------------------------------


def pending_folder(history: Path) -> Path:
    return history.with_name(PENDING_NAME)


def keep_pending(history: Path, record: GameRecord) -> Path:
    """Keep a game that could not be written now, for the next time; its file."""
    name = f"{time.strftime('%Y-%m-%dT%H-%M-%S')}-{uuid.uuid4().hex[:12]}.json"
    path = pending_folder(history) / name
    write_game(path, record)
    return path


def pending_files(history: Path) -> list[Path]:
    """The pending games, oldest first (a write's temporary files, which start with a dot, are not)."""
    try:
        names = [e.name for e in os.scandir(pending_folder(history))]
    except OSError:  # none, or not a folder: nothing pending
        return []
    return [pending_folder(history) / name for name in sorted(names)
            if name.endswith(".json") and not name.startswith(".")]


def write_pending(history: Path, busy_ms: int = BUSY_MS) -> tuple[int, list[str], bool]:
    """Write the pending games into History and remove their files: (how many were new, problems in
    words, whether the database was busy). A pending file that cannot be read is renamed `.damaged`
    beside itself (said once, never deleted); a busy database leaves the rest for the next time."""
    written, problems = 0, []
    for path in pending_files(history):
        try:
            record = read_game(path, imported=False)
        except HistoryError as exc:
            damaged = path.with_name(path.name + ".damaged")
            with contextlib.suppress(OSError):
                os.replace(path, damaged)
            problems.append(f"A game kept for History cannot be written ({exc}); it was renamed "
                            f"{shown(damaged.name)} and left as it was.")
            continue
        try:
            _, new = record_once(history, record, busy_ms)
        except HistoryError as exc:
            if exc.busy:
                return written, problems, True
            problems.append(str(exc))
            return written, problems, False
        written += new
        with contextlib.suppress(FileNotFoundError):  # another fishtable wrote it in at the same time
            path.unlink()
    return written, problems, False
