"""Where the autosave lives and what state it is in. Never changes a damaged file."""

from __future__ import annotations

import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

AUTOSAVE_NAME = "autosave.json"


def default_data_dir() -> Path:
    import platformdirs  # lazy: only needed when no data_dir is given

    return Path(platformdirs.user_data_dir("fishtable"))


@dataclass
class SaveStatus:
    """The autosave as the menu sees it: absent, good (with its match) or damaged."""

    path: Path
    match: Any = None
    error: str | None = None

    @property
    def exists(self) -> bool:
        return self.match is not None or self.error is not None


def inspect_autosave(path: Path) -> SaveStatus:
    """Load and replay the autosave. Slow-ish (imports the engine): call it in a worker."""
    if not path.exists():
        return SaveStatus(path)
    from fishtable.engine.errors import FishtableError
    from fishtable.engine.saves import load_save_file, replay

    try:
        return SaveStatus(path, match=replay(load_save_file(path)))
    except FishtableError as exc:
        return SaveStatus(path, error=str(exc))
    except Exception as exc:  # an engine bug must not crash the menu
        return SaveStatus(path, error=f"{path} could not be replayed ({type(exc).__name__}: {exc}).")


def keep_damaged(path: Path) -> Path | None:
    """Before a new game replaces a damaged autosave, keep a copy of its bytes aside."""
    if not path.exists():
        return None
    target = path.with_name(f"autosave-damaged-{time.strftime('%Y%m%d-%H%M%S')}.json")
    shutil.copy2(path, target)
    return target
