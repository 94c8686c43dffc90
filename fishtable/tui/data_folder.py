"""Where the app keeps its files, and the autosave as the menu sees it.

Light on purpose: the app and the menu import this before any game is chosen, so it
loads no pydantic and no engine (the autosave's reading and writing is in
`fishtable.tui.autosave`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fishtable.engine.match import SomeMatch

AUTOSAVE_NAME = "autosave.json"
# History's database and its pending games (`fishtable.history.schema.HISTORY_NAME`, `.share.PENDING_NAME`),
# named here too so the menu can see whether there is a history to look at without loading it.
HISTORY_FILES = ("history.sqlite3", "history-pending")


def default_data_dir() -> Path:
    # On demand: platformdirs (with tempfile and shutil) is needed only when no folder is given.
    import platformdirs

    return Path(platformdirs.user_data_dir("fishtable"))


@dataclass
class SaveStatus:
    """The autosave as the menu sees it: absent, good (with its match) or damaged."""

    path: Path
    match: SomeMatch | None = None
    error: str | None = None

    @property
    def exists(self) -> bool:
        return self.match is not None or self.error is not None
