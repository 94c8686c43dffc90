"""Save files: the seed and the actions, replayed on load and checked by hash.

A save holds no game state, only what is needed to rebuild it, so a file can
never smuggle in an impossible position. Since version 2 the options hold the
game's card data too (see `Game.prepare_options`), so editing or deleting a
card file never breaks a saved game; version-1 saves (a card file path) still
load. Writes are atomic (temporary file, flush, fsync, rename), so a killed
terminal leaves either the old or the new file, never half of one; a write
that fails leaves the last good save in place and says why in words.

This module reads and writes files only: rebuilding the match is
`fishtable.engine.resume`.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
import time
from pathlib import Path

from pydantic import BaseModel, ConfigDict, StrictInt, StrictStr, ValidationError

from fishtable.engine.errors import SaveFileError
from fishtable.engine.files import JsonObject, os_words, parse_json, read_json, validation_message
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.text import shown

SAVE_FORMAT = "fishtable-save"
SAVE_VERSION = 2  # 2: the options carry the card data; 1: a card file path only
MAX_SAVE_BYTES = 4 * 1024 * 1024
MAX_SAVE_DEPTH = 16
TEMP_SUFFIX = ".tmp"


class SaveData(BaseModel):
    # Numbers must be numbers ("7" is not a seed); JSON lists become the tuples.
    model_config = ConfigDict(extra="forbid")

    format: StrictStr
    version: StrictInt
    game: StrictStr
    options: JsonObject
    seats: list[SeatInfo]
    seed: StrictInt
    actions: list[tuple[StrictInt, JsonObject]]
    state_hash: StrictStr


# -- writing -----------------------------------------------------------------------------


_WRITE_WORDS = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EROFS: "the disk is read-only",
    errno.EISDIR: "the save path is a folder",
    errno.ENOTDIR: "a part of the path is a file, not a folder",
    errno.EEXIST: "a part of the path is a file, not a folder",
}


def _write_words(exc: OSError) -> str:
    return os_words(exc, _WRITE_WORDS)


def _temp_prefix(path: Path) -> str:
    return f".{path.name}."


def write_atomic(path: Path, text: str | bytes) -> None:
    """Replace `path` with `text` (UTF-8) or bytes so readers see the old or the new file, whole.

    Any OS error (a full disk, a data folder that is a file, a save path that is
    a folder) raises SaveFileError in words; the previous file is left as it was
    and no temporary file is left behind.
    """
    folder = path.parent
    try:
        if folder.exists() and not folder.is_dir():
            raise SaveFileError(
                f"The game cannot be saved: the data folder {folder} is a file, not a folder."
            )
        if path.is_dir():
            raise SaveFileError(f"The game cannot be saved: {path} is a folder, not a file.")
        folder.mkdir(parents=True, exist_ok=True)
    except SaveFileError:
        raise
    except OSError as exc:
        raise SaveFileError(
            f"The game cannot be saved: the data folder {folder} cannot be made ({_write_words(exc)})."
        ) from None
    data = text.encode("utf-8") if isinstance(text, str) else text
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(path), suffix=TEMP_SUFFIX, dir=folder)
        try:
            left = memoryview(data)
            while left:
                left = left[os.write(fd, left) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
        tmp = None
        _sync_folder(folder)
    except OSError as exc:
        where = "the last good save is kept" if path.exists() else "nothing was saved"
        raise SaveFileError(f"The game cannot be saved to {path}: {_write_words(exc)}; {where}.") from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows it (best effort)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def stale_temp_files(path: Path, older_than: float = 60.0) -> list[Path]:
    """Temporary files that an interrupted `write_atomic(path, ...)` left beside `path`."""
    folder = path.parent
    prefix = _temp_prefix(path)
    now = time.time()
    out: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for entry in entries:
        if not (entry.name.startswith(prefix) and entry.name.endswith(TEMP_SUFFIX)):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode) and now - info.st_mtime >= older_than:
            out.append(Path(entry.path))
    return sorted(out)


def remove_stale_temp_files(path: Path, older_than: float = 60.0) -> list[Path]:
    """Delete what `stale_temp_files` finds (only regular files, never a link's target).

    Returns the files removed. A file written in the last `older_than` seconds
    is left alone: another fishtable may be writing it right now.
    """
    removed = []
    for temp in stale_temp_files(path, older_than):
        try:
            temp.unlink()
        except OSError:
            continue
        removed.append(temp)
    return removed


# -- reading -----------------------------------------------------------------------------


def check_save(raw: object, source: str = "the save file") -> SaveData:
    """Check a parsed save file's outer shape. Raises SaveFileError naming the problem."""
    if not isinstance(raw, dict) or raw.get("format") != SAVE_FORMAT:
        raise SaveFileError(f"{source} is not a fishtable save file.")
    version = raw.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveFileError(f"{source} has no valid version number.")
    if version > SAVE_VERSION:
        raise SaveFileError(
            f"{source} was written by a newer fishtable (save version {version}; "
            f"this one reads versions up to {SAVE_VERSION}). Update fishtable to open it."
        )
    try:
        return SaveData.model_validate(raw)
    except ValidationError as exc:
        raise SaveFileError(shown(validation_message(exc, f"{source} is damaged"))) from None


def parse_save(text: str, source: str = "the save file") -> SaveData:
    """Parse the text of a save file. Raises SaveFileError naming the problem."""
    raw = parse_json(text, error=SaveFileError, source=source, max_depth=MAX_SAVE_DEPTH)
    return check_save(raw, source)


def load_save_file(path: Path) -> SaveData:
    """Read a save file safely: a regular file, capped in size, strict JSON. Never hangs."""
    raw = read_json(path, error=SaveFileError, max_bytes=MAX_SAVE_BYTES, max_depth=MAX_SAVE_DEPTH)
    return check_save(raw, str(path))
