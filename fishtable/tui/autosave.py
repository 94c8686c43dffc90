"""The autosave: what state it is in, and writing it. Never changes a damaged file.

The app's whole autosave API (none of these raises or hangs; problems come
back as plain sentences):

- `inspect_autosave(path) -> SaveStatus`: absent, good (with its match) or
  damaged (with the reason); call it in a worker.
- `save_match(match, path) -> str | None`: write the autosave atomically; a
  sentence if it failed (the last good save stays).
- `clean_stale_temps(path) -> list[Path]`: remove temporary files left by
  interrupted writes; call it once at start.
- `keep_damaged_copy(path) -> tuple[Path | None, str]`: before a new game
  replaces a damaged autosave, copy its bytes aside (capped, regular files
  only) and say what happened. `keep_damaged(path)` is the same returning only
  the copy's path.

Where it lives and the menu's `SaveStatus` are in the light `fishtable.tui.data_folder`;
this module loads the engine and is reached only once the menu checks the save (in a
worker) or a game starts.
"""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

from fishtable.engine.errors import FishtableError, SaveFileError
from fishtable.engine.files import read_bytes, size_words
from fishtable.engine.match import SomeMatch
from fishtable.engine.resume import load_match
from fishtable.engine.saves import MAX_SAVE_BYTES, remove_stale_temp_files, write_atomic
from fishtable.tui.data_folder import SaveStatus


def _present(path: Path) -> bool:
    """Is there anything at `path` at all (a dangling link counts; a path through a file does not)?"""
    try:
        os.lstat(path)
    except (OSError, ValueError):
        return False
    return True


def inspect_autosave(path: Path) -> SaveStatus:
    """Load and replay the autosave. Slow-ish (imports the engine): call it in a worker.

    A folder, a FIFO, a device, a huge or deeply nested file gives a damaged
    status with a message, at once: nothing is read that is not a regular file.
    """
    if not _present(path):
        return SaveStatus(path)
    try:
        return SaveStatus(path, match=load_match(path))
    except FishtableError as exc:
        return SaveStatus(path, error=str(exc))
    except Exception as exc:  # an engine bug must not crash the menu
        return SaveStatus(path, error=f"{path} could not be replayed ({type(exc).__name__}: {exc}).")


def save_match(match: SomeMatch, path: Path) -> str | None:
    """Autosave `match` to `path`. None when saved; otherwise why not, in words.

    The game goes on either way; a failed write leaves the last good save in place.
    """
    try:
        match.save(path)
    except FishtableError as exc:
        return str(exc)
    except OSError as exc:  # not expected (write_atomic reports OS errors itself)
        return f"The game cannot be saved to {path}: {exc.strerror or exc}."
    return None


def clean_stale_temps(path: Path, older_than: float = 60.0) -> list[Path]:
    """Remove the temporary files interrupted writes of `path` left behind (`.autosave.json.*.tmp`)."""
    return remove_stale_temp_files(path, older_than)


def keep_damaged_copy(path: Path) -> tuple[Path | None, str]:
    """Copy a damaged autosave's bytes aside before a new game replaces it.

    Copies at most the save size cap; never opens a folder, FIFO or device (nor a
    link to one). Returns (the copy or None, a sentence for the player).
    """
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None, "The damaged save is gone; nothing was kept."
    if not stat.S_ISREG(info.st_mode):
        return None, f"{path} is not a regular file, so nothing was copied aside."
    cut = info.st_size > MAX_SAVE_BYTES
    try:
        if cut:
            with open(path, "rb") as handle:  # a regular file: reading cannot hang
                data = handle.read(MAX_SAVE_BYTES)
        else:
            data = read_bytes(path, error=SaveFileError, max_bytes=MAX_SAVE_BYTES)
    except (OSError, SaveFileError) as exc:
        return None, f"The damaged save could not be copied aside ({exc})."
    target = path.with_name(f"autosave-damaged-{time.strftime('%Y%m%d-%H%M%S')}.json")
    try:
        write_atomic(target, data)
    except SaveFileError as exc:
        return None, f"The damaged save could not be copied aside: {exc}"
    if cut:
        return target, f"The damaged save was kept as {target.name} (its first {size_words(MAX_SAVE_BYTES)})."
    return target, f"The damaged save was kept as {target.name}."


def keep_damaged(path: Path) -> Path | None:
    """`keep_damaged_copy` without the sentence: the copy's path, or None if nothing was kept."""
    return keep_damaged_copy(path)[0]
