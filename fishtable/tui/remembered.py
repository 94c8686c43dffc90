"""The seats of the last game of each kind, remembered for the next setup (data_dir/setup.json).

Only names and seat kinds; read with the same care as a save, and ignored when
damaged (a setup form with default names is never a loss).
"""

from __future__ import annotations

from contextlib import suppress
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from fishtable.engine.errors import FishtableError, SaveFileError
from fishtable.engine.files import read_json
from fishtable.engine.saves import write_atomic

REMEMBERED_NAME = "setup.json"

Seats = list[tuple[str, str | None]]


class _Seat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=24)
    bot: str | None = Field(default=None, max_length=40)


class _Remembered(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: int = 1
    games: dict[str, list[_Seat]] = Field(default_factory=dict, max_length=50)


def _load(path: Path) -> _Remembered:
    try:
        if not path.exists():
            return _Remembered()
        return _Remembered.model_validate(read_json(path, error=SaveFileError, max_bytes=64 * 1024, max_depth=6))
    except (SaveFileError, ValidationError, OSError):
        return _Remembered()


def remembered_seats(path: Path, game: str) -> Seats | None:
    seats = _load(path).games.get(game)
    return [(s.name, s.bot) for s in seats] if seats else None


def remember_seats(path: Path, game: str, seats: Seats) -> None:
    """Best effort: a full disk or a read-only folder only means the names are typed again."""
    record = _load(path)
    with suppress(FishtableError, OSError, ValidationError):
        record.games[game] = [_Seat(name=name, bot=bot) for name, bot in seats]
        write_atomic(path, record.model_dump_json())
