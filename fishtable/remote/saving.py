"""The table's saves: the match after every action, the record (seats, tokens, series, where it
listens) whenever it changes. A failed save is said at once, once, to every table's log and the
host's terminal; the game goes on, the last good save stays, and the first good save after says so."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from fishtable.engine.errors import FishtableError
from fishtable.engine.match import SomeMatch
from fishtable.remote.record import RECORD_NAME, SAVE_NAME, TableRecord, save_record


class TableSaves:
    """Saves into `folder` (None: nothing is saved, as in some tests); `note` says a line to the table."""

    def __init__(self, folder: Path | None, note: Callable[[str], None]) -> None:
        self.folder = folder
        self.note = note
        self.error: str | None = None  # the last save's failure, in words (None: saved)

    def save_match(self, match: SomeMatch) -> None:
        if self.folder is not None:
            self._saved(lambda folder: match.save(folder / SAVE_NAME), clears=True)

    def save_record(self, record: TableRecord) -> None:
        if self.folder is not None:
            # Its success says nothing of the match's save, which may still fail.
            self._saved(lambda folder: save_record(folder / RECORD_NAME, record), clears=False)

    def _saved(self, write: Callable[[Path], None], *, clears: bool) -> None:
        assert self.folder is not None
        try:
            write(self.folder)
        except FishtableError as exc:  # SaveFileError in words (a full disk, a folder in the way)
            if self.error is None:
                self.note(f"{exc} The game goes on unsaved.")
            self.error = str(exc)
            return
        if clears and self.error is not None:
            self.note("The table is being saved again.")
        if clears:
            self.error = None
