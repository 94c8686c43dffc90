"""What the app keeps beside the autosave: the series in progress and the play clock.

The autosave holds a match (seed and actions); this file holds what no rule
decides: how long the match has been played (for a game's time limit and a
series for a time) and the series totals. It names the match it belongs to
(game, seed, players), so a stale file is never applied to another game.
Written atomically; read with the same care as a save; a damaged one is
ignored (the game itself is never at risk).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from fishtable.engine.errors import FishtableError, SaveFileError
from fishtable.engine.files import read_json
from fishtable.engine.match import SomeMatch
from fishtable.engine.saves import write_atomic
from fishtable.engine.series import Series

SESSION_NAME = "session.json"
MAX_SESSION_BYTES = 64 * 1024


class SessionFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal["fishtable-session"] = "fishtable-session"
    version: Literal[1] = 1
    game: str
    seed: int
    names: tuple[str, ...]
    match_seconds: float = Field(ge=0)
    series: Series

    def belongs_to(self, match: SomeMatch) -> bool:
        return (self.game, self.seed, self.names) == (
            match.game.name, match.seed, tuple(s.name for s in match.seats)
        )


def save_session(path: Path, match: SomeMatch, seconds: float, series: Series) -> str | None:
    """Write the session beside the autosave; None when written, else why not."""
    record = SessionFile(
        game=match.game.name, seed=match.seed, names=tuple(s.name for s in match.seats),
        match_seconds=round(seconds, 1), series=series,
    )
    try:
        write_atomic(path, record.model_dump_json())
    except FishtableError as exc:
        return str(exc)
    return None


def load_session(path: Path, match: SomeMatch) -> SessionFile | None:
    """The session of `match` if the file holds it, else None (missing, damaged or another game's)."""
    try:
        if not path.exists():
            return None
        raw = read_json(path, error=SaveFileError, max_bytes=MAX_SESSION_BYTES, max_depth=8)
        record = SessionFile.model_validate(raw)
    except (SaveFileError, ValidationError, OSError):
        return None
    return record if record.belongs_to(match) else None
