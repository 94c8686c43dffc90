"""Save files: the seed and the actions, replayed on load and checked by hash.

A save holds no game state, only what is needed to rebuild it, so a file can
never smuggle in an impossible position. Writes are atomic (temporary file,
flush, fsync, rename), so a killed terminal leaves either the old or the new
file, never half of one.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from fishtable.engine.errors import FishtableError, IllegalAction, SaveFileError
from fishtable.engine.protocol import SeatInfo

SAVE_FORMAT = "fishtable-save"
SAVE_VERSION = 1


class SaveData(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: str
    version: int
    game: str
    options: dict[str, Any]
    seats: list[SeatInfo]
    seed: int
    actions: list[tuple[int, dict[str, Any]]]
    state_hash: str


def write_atomic(path: Path, text: str) -> None:
    """Replace `path` with `text` so that readers see the old or the new file, whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def parse_save(text: str, source: str = "the save file") -> SaveData:
    """Check a save file's outer shape. Raises SaveFileError naming the problem."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFileError(
            f"{source} is damaged or cut short (not valid JSON: {exc.msg} at line {exc.lineno})."
        ) from None
    except RecursionError:
        raise SaveFileError(f"{source} is not a fishtable save file (nested too deeply).") from None
    if not isinstance(raw, dict) or raw.get("format") != SAVE_FORMAT:
        raise SaveFileError(f"{source} is not a fishtable save file.")
    version = raw.get("version")
    if not isinstance(version, int):
        raise SaveFileError(f"{source} has no valid version number.")
    if version > SAVE_VERSION:
        raise SaveFileError(
            f"{source} was written by a newer fishtable (save version {version}; "
            f"this one reads version {SAVE_VERSION}). Update fishtable to open it."
        )
    try:
        return SaveData.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise SaveFileError(f"{source} is damaged: field '{where}': {first['msg']}.") from None


def load_save_file(path: Path) -> SaveData:
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise SaveFileError(f"{path} is damaged (not text).") from None
    except OSError as exc:
        raise SaveFileError(f"{path} cannot be read: {exc.strerror}.") from None
    return parse_save(text, str(path))


def replay(data: SaveData) -> Any:
    """Rebuild the match a save describes. Raises SaveFileError if anything is off."""
    from fishtable.engine.match import Match
    from fishtable.engine.registry import get_entry

    try:
        entry = get_entry(data.game)
    except LookupError as exc:
        raise SaveFileError(f"The save is for an unknown game: {exc}") from None
    if entry.module is None:
        raise SaveFileError(f"The save is for {entry.title}, which this version cannot play.")
    game = entry.load()
    try:
        options = game.options_model().model_validate(data.options)
        match = Match.start(game, options, data.seats, data.seed)
        for seat, action_data in data.actions:
            match.apply(seat, game.parse_action(action_data), record=True)
    except (ValidationError, IllegalAction, FishtableError, ValueError) as exc:
        raise SaveFileError(f"The save does not replay: {exc}") from None
    if match.state_hash() != data.state_hash:
        raise SaveFileError("The save does not match its checksum; it was changed or damaged.")
    return match
