"""One table per data folder: an OS file lock that a session holds while it owns the folder's games.

The lock is `flock` on `table.lock` in the data folder, taken without waiting.
The kernel drops it when the holding process ends, however it ends (a killed
process, a closed terminal or browser tab), so a stale lock never blocks the
next start and nothing needs cleaning. The file itself stays; only the lock
on it matters. A second open of the file, even in the same process, is a
second holder and is refused while the first holds it.

Systems without `fcntl` (Windows) get no lock: `claim_table` says so.
"""

from __future__ import annotations

import os
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: no flock
    fcntl = None  # type: ignore[assignment]

LOCK_NAME = "table.lock"


@dataclass
class TableLock:
    """A held lock; `release()` gives it up (ending the process does too)."""

    path: Path
    fd: int | None

    @property
    def held(self) -> bool:
        return self.fd is not None

    def release(self) -> None:
        if self.fd is not None:
            fd, self.fd = self.fd, None
            os.close(fd)  # closing the only descriptor drops the flock


@dataclass
class Claim:
    """The answer of `claim_table`: the lock, or why the table is not ours.

    `taken`: another session holds the table. `problem`: the lock could not be
    made at all (no such system call, a folder that cannot be written); the
    caller decides what to do with a table it cannot guard.
    """

    lock: TableLock | None = None
    taken: bool = False
    problem: str | None = None


def claim_table(data_dir: Path) -> Claim:
    """Take the data folder's table lock without waiting. Never raises."""
    path = Path(data_dir) / LOCK_NAME
    if fcntl is None:
        return Claim(problem="This system has no file locks; two windows could play the same game.")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # O_NOFOLLOW: a link planted in the folder cannot make us create or lock another file.
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    except OSError as exc:
        return Claim(problem=f"The table lock {path} cannot be made ({exc.strerror or exc}).")
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return Claim(taken=True)
    except OSError as exc:  # a file system without locks
        os.close(fd)
        return Claim(problem=f"The table lock {path} cannot be taken ({exc.strerror or exc}).")
    _write_owner(fd)
    return Claim(lock=TableLock(path, fd))


def _write_owner(fd: int) -> None:
    """Note the holder's process id in the file, for a person who wonders who holds it."""
    with suppress(OSError):  # the note is only a courtesy; the lock is what counts
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
