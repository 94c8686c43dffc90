"""Everything one connection to a remote table has been told (`fishtable.remote.client`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from fishtable.engine.files import JsonObject
from fishtable.engine.protocol import Prompt
from fishtable.remote.protocol import Hint, LogLine, SeatLine, Snapshot

NOTE_KIND = "table"  # the kind of the host's own log lines


def action_key(action: JsonObject) -> str:
    """A move's JSON as one comparable text: how a check's answer is found again."""
    return json.dumps(action, sort_keys=True, ensure_ascii=False)


@dataclass
class TableSeen:
    """Everything this connection has been told, newest first where it matters."""

    game: str = ""
    title: str = ""
    seat: int | None = None
    snapshot: Snapshot | None = None
    log: dict[int, LogLine] = field(default_factory=dict)
    # The host's own lines for the log (a seat taken over), each after the game's line it followed.
    notes: list[tuple[int, str]] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    result: JsonObject | None = None
    series: JsonObject | None = None  # the series' totals after the last game (Series JSON)
    games: int = 1  # which game of the table this is (the next game of a series counts on)
    next_game: bool = False  # the host deals another game on these links when a seat asks (GameOver.next)
    hints: dict[int, Hint] = field(default_factory=dict)  # the hints received, by question ticket
    # The host's reasons for refusing moves (None: allowed), by question ticket, then `action_key`.
    checks: dict[int, dict[str, str | None]] = field(default_factory=dict)

    def readable_log(self) -> list[LogLine]:
        """The log in order, the host's notes among the game's lines (a note's index is that of the
        game's line it came after)."""
        notes = iter(sorted(self.notes, key=lambda note: note[0]))
        note = next(notes, None)
        lines: list[LogLine] = []
        for index in sorted(self.log):
            while note is not None and note[0] < index:
                lines.append(LogLine(index=note[0], kind=NOTE_KIND, text=note[1], news=True))
                note = next(notes, None)
            lines.append(self.log[index])
        while note is not None:
            lines.append(LogLine(index=note[0], kind=NOTE_KIND, text=note[1], news=True))
            note = next(notes, None)
        return lines

    @property
    def prompt(self) -> Prompt | None:
        snap = self.snapshot
        return Prompt.model_validate(snap.prompt) if snap is not None and snap.prompt is not None else None

    @property
    def seats(self) -> list[SeatLine]:
        return list(self.snapshot.seats) if self.snapshot is not None else []

    @property
    def waiting(self) -> list[int]:
        return list(self.snapshot.waiting) if self.snapshot is not None else []
