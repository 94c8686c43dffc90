"""One table per data folder: an OS file lock that a session holds while it owns the folder's games.

The lock is `flock` on `table.lock` in the data folder, taken without waiting.
The kernel drops it when the holding process ends, however it ends (a killed
process, a closed terminal or browser tab), so a stale lock never blocks the
next start and nothing needs cleaning. The file itself stays; only the lock
on it matters. A second open of the file, even in the same process, is a
second holder and is refused while the first holds it.

Systems without `fcntl` (Windows) get no lock: `claim_table` says so.

The holder notes in the file its process id and whether it had a terminal. A
holder that had one and has lost it (its window was closed) but still runs is
stale: `find_holder` recognises it, from the kernel's own records (Linux's
/proc: the holder of the lock on this very file, and the holder's terminal),
never from the note alone, and `end_holder` ends it. Elsewhere every holder is
taken as live.
"""

from __future__ import annotations

import os
import signal
import stat
import sys
import time
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

if sys.platform == "win32":  # no flock (mypy checks the branch of the platform it checks for)
    fcntl = None
else:
    import fcntl

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
    """Note the holder's process id and terminal in the file (`find_holder` reads them)."""
    terminal = _terminal_of("self")
    with suppress(OSError):  # the note is only a courtesy; the lock is what counts
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n{'terminal' if terminal else 'no terminal'}\n".encode())


PROC = Path("/proc")
NOTE_BYTES = 64  # the note is two short lines: anything longer is not ours


@dataclass(frozen=True)
class Holder:
    """The process that holds a data folder's table, as the kernel tells it.

    `stale`: it had a terminal when it took the table and has none now (its window
    was closed), yet it still runs: nobody can use it, and it can be ended."""

    pid: int
    stale: bool


def find_holder(data_dir: Path) -> Holder | None:
    """The holder of the table's lock, or None if nobody holds it or this system cannot tell.
    Never raises; reads only small files of the kernel's and the note."""
    path = Path(data_dir) / LOCK_NAME
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        note = os.read(fd, NOTE_BYTES + 1) if stat.S_ISREG(info.st_mode) else b""
    except OSError:
        return None
    finally:
        os.close(fd)
    lines = note.decode("ascii", "replace").split("\n")
    if len(note) > NOTE_BYTES or len(lines) < 2 or not lines[0].isdigit():
        return None
    pid = int(lines[0])
    # The note is a file anyone could write: only a process the kernel names as holding the
    # lock on this very file is ever offered to be ended.
    if pid not in _lock_holders(info.st_dev, info.st_ino):
        return None
    terminal = _terminal_of(str(pid))
    if terminal is None:  # gone since, or /proc cannot tell
        return None
    return Holder(pid=pid, stale=lines[1] == "terminal" and terminal == 0)


def end_holder(holder: Holder, data_dir: Path, patience: float = 3.0) -> str | None:
    """End a stale holder: asked to leave first (SIGTERM: it may still save), then made to.
    None once the lock is free; otherwise why not, in words."""
    path = Path(data_dir) / LOCK_NAME
    for signum in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.kill(holder.pid, signum)
        except ProcessLookupError:
            pass
        except PermissionError:
            return f"Process {holder.pid} belongs to another user: it cannot be ended from here."
        end = time.monotonic() + patience
        while time.monotonic() < end:
            if not _lock_taken(path):
                return None
            time.sleep(0.05)
    return f"Process {holder.pid} did not end."


def _lock_taken(path: Path) -> bool:
    info = _stat(path)
    return info is not None and bool(_lock_holders(info.st_dev, info.st_ino))


def _stat(path: Path) -> os.stat_result | None:
    try:
        return os.stat(path, follow_symlinks=False)
    except OSError:
        return None


def _lock_holders(device: int, inode: int) -> set[int]:
    """The processes that hold a lock on the file (device, inode), from /proc/locks."""
    key = f"{os.major(device):02x}:{os.minor(device):02x}:{inode}"
    try:
        text = (PROC / "locks").read_text(encoding="ascii", errors="replace")
    except OSError:
        return set()
    holders = set()
    for line in text.splitlines():
        fields = line.split()
        # "1: FLOCK  ADVISORY  WRITE 6730 fe:00:2146450 0 EOF"; a waiter's line has a "->" field.
        if len(fields) >= 6 and fields[1] != "->" and fields[5] == key and fields[4].isdigit():
            holders.add(int(fields[4]))
    return holders


def _terminal_of(process: str) -> int | None:
    """The process's controlling terminal (0: none), None if it is gone or /proc cannot tell."""
    try:
        stat_line = (PROC / process / "stat").read_text(encoding="ascii", errors="replace")
        # "pid (name) state ppid pgrp session tty_nr ...": the name may hold spaces and parentheses.
        fields = stat_line[stat_line.rindex(")") + 2:].split()
        return None if fields[0] in ("Z", "X") else int(fields[4])
    except (OSError, ValueError, IndexError):
        return None
