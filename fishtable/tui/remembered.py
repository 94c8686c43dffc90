"""The seats and options of the last game of each kind, remembered for the next setup
(data_dir/setup.json).

Names, seat kinds and the form's plain option values (a number, a tick, a choice);
read with the same care as a save, and ignored when damaged (a setup form with the
defaults is never a loss). The game's options model checks the values again before use.
"""

from __future__ import annotations

from contextlib import suppress
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from fishtable.engine.errors import FishtableError, SaveFileError
from fishtable.engine.files import read_json
from fishtable.engine.saves import write_atomic
from fishtable.engine.text import PlainName

REMEMBERED_NAME = "setup.json"

Seats = list[tuple[str, str | None]]
Scalar = bool | int | str


class _Seat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    # engine.text's rule: a name with an escape sequence would act on the setup screen.
    name: PlainName = Field(min_length=1, max_length=24)
    bot: PlainName | None = Field(default=None, max_length=40)


class _Remembered(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: int = 1
    games: dict[str, list[_Seat]] = Field(default_factory=dict, max_length=50)
    options: dict[str, dict[str, Scalar]] = Field(default_factory=dict, max_length=50)
    tips: dict[str, bool] = Field(default_factory=dict, max_length=50)  # per game: tips for new players


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


def remembered_options(path: Path, game: str) -> dict[str, Scalar]:
    return dict(_load(path).options.get(game, {}))


def remember_options(path: Path, game: str, options: dict[str, Scalar]) -> None:
    """Best effort, like the seats."""
    record = _load(path)
    with suppress(FishtableError, OSError, ValidationError):
        record.options[game] = {k: v for k, v in options.items() if isinstance(v, bool | int | str)}
        write_atomic(path, _Remembered.model_validate(record.model_dump()).model_dump_json())


def remembered_tips(path: Path, game: str) -> bool:
    """Tips for new players in this game: on unless the last setup of it turned them off."""
    return _load(path).tips.get(game, True)


def remember_tips(path: Path, game: str, on: bool) -> None:
    """Best effort, like the seats."""
    record = _load(path)
    with suppress(FishtableError, OSError, ValidationError):
        record.tips[game] = on
        write_atomic(path, record.model_dump_json())
