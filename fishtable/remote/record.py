"""What a host keeps beside its autosave: who plays each seat and each remote seat's secret token.

A restarted host reads it back, so the links it printed keep working and
players simply rejoin. The file is the seats' keys: it is written with mode
0600 (owner only), atomically, and read with the same care as a save. It
names the match it belongs to (game, seed, names), so it is never applied to
another game.
"""

from __future__ import annotations

import contextlib
import hmac
import os
import secrets
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from fishtable.engine.errors import SaveFileError
from fishtable.engine.files import read_json, validation_message
from fishtable.engine.match import SomeMatch
from fishtable.engine.saves import write_atomic
from fishtable.engine.series import Series, SeriesRules

RECORD_NAME = "table.json"
SAVE_NAME = "autosave.json"
MAX_RECORD_BYTES = 64 * 1024
TOKEN_BYTES = 24  # secrets.token_urlsafe(24): 32 characters, 192 bits

SeatKind = Literal["remote", "computer", "local"]


class TableRecord(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["fishtable-table"] = "fishtable-table"
    version: Literal[1] = 1
    game: str
    seed: int
    names: tuple[str, ...]
    kinds: tuple[SeatKind, ...]
    tokens: dict[int, str]
    away_seconds: float | None = Field(default=None, gt=0)
    # The series the table plays (its totals after the games finished so far); None: a single game.
    series: Series | None = None
    # Where the host last listened and the name its links gave: `--resume` prints the same links.
    bind: str | None = Field(default=None, max_length=255)
    port: int | None = Field(default=None, ge=0, le=65535)
    public_name: str | None = Field(default=None, max_length=255)

    @property
    def series_goes_on(self) -> bool:
        """The game (if over) is followed by another of the series."""
        return self.series is not None and self.series.rules.is_series and not self.series.over

    def belongs_to(self, match: SomeMatch) -> bool:
        return (self.game, self.seed, self.names) == (
            match.game.name, match.seed, tuple(s.name for s in match.seats)
        ) and len(self.kinds) == len(match.seats)

    def seat_for(self, token: str) -> int | None:
        """The seat whose token this is, or None. Every token is compared, in constant time."""
        found = None
        given = token.encode("utf-8")
        for seat, secret in sorted(self.tokens.items()):
            if hmac.compare_digest(given, secret.encode("utf-8")):
                found = seat
        return found


def new_record(
    match: SomeMatch, kinds: tuple[SeatKind, ...], away_seconds: float | None = None, series: SeriesRules | None = None,
) -> TableRecord:
    """A fresh token for every remote seat of `match`, and for the seats played at the host's keyboard
    (their app joins over loopback like any other)."""
    tokens = {seat: secrets.token_urlsafe(TOKEN_BYTES) for seat, kind in enumerate(kinds)
              if kind in ("remote", "local")}
    return TableRecord(
        game=match.game.name, seed=match.seed, names=tuple(s.name for s in match.seats),
        kinds=kinds, tokens=tokens, away_seconds=away_seconds,
        series=Series.start(series, tuple(s.name for s in match.seats)) if series and series.is_series else None,
    )


def save_record(path: Path, record: TableRecord) -> None:
    """Write the record, owner-only. SaveFileError in words if it cannot be written."""
    write_atomic(path, record.model_dump_json(indent=1))  # a mkstemp file: created 0600
    with contextlib.suppress(OSError):
        os.chmod(path, 0o600)


def load_record(path: Path, match: SomeMatch) -> TableRecord:
    """The record of `match`; SaveFileError in words if it is missing, damaged or another game's."""
    raw = read_json(path, error=SaveFileError, max_bytes=MAX_RECORD_BYTES, max_depth=8)
    try:
        record = TableRecord.model_validate(raw)
    except ValidationError as exc:
        raise SaveFileError(validation_message(exc, f"{path} is damaged")) from None
    if not record.belongs_to(match):
        raise SaveFileError(f"{path} belongs to another game than the autosave beside it.")
    with contextlib.suppress(OSError):
        os.chmod(path, 0o600)  # the seats' keys: owner only, even if someone widened it
    return record
