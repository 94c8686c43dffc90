"""The history database file: opening it safely, and its versioned schema.

One SQLite file in the data folder, shared by the app's windows, a server's tabs
and a host (WAL mode and a busy timeout, so a writer waits rather than fails).
The schema's version is SQLite's `user_version`; `MIGRATIONS[n]` brings a database
from version n to n + 1, so a database of any older version is brought up to date,
and one of a newer version is refused in words, untouched.

Play is never blocked by history. A regular file at the path that is damaged, or
another program's (not SQLite, or SQLite without our schema), is set aside: renamed
beside itself with the date (`history.sqlite3.damaged-2026-12-07T13-40-00`, SQLite's
own files with it), never deleted or changed, and a new history is started; the
move is said in words (`take_notices`). What is not a plain file (a folder, a FIFO,
a device, a symbolic link) is refused with a sentence naming it, before SQLite opens
anything, and left as it is; so is a database of a newer schema, which is not
damaged but a newer fishtable's.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import stat
import threading
import time
from pathlib import Path
from urllib.request import pathname2url

from fishtable.engine.errors import FishtableError
from fishtable.engine.text import shown

HISTORY_NAME = "history.sqlite3"
BUSY_MS = 5000  # a writer in another process holds the lock at most one short transaction
_HEADER = b"SQLite format 3\x00"

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 0 -> 1: the first schema.
    (
        # Small rows: the list and the standings read every game, never its options or moves.
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            seed INTEGER NOT NULL,
            steps INTEGER NOT NULL,
            state_hash TEXT NOT NULL,       -- of the final position, checked by a replay
            save_version INTEGER NOT NULL,
            result TEXT NOT NULL,           -- the engine's Result as JSON
            winners INTEGER NOT NULL,       -- how many seats won (more than one: a shared win)
            started REAL,                   -- Unix times; started is unknown for a continued game
            ended REAL NOT NULL,
            seconds REAL NOT NULL,          -- play time
            source TEXT NOT NULL,           -- app, host, simulate, tournament
            series_first INTEGER,           -- id of the series' first game (None: a single game)
            series_index INTEGER,           -- 1 for the first game of a series
            series_rules TEXT,              -- the series' rules, JSON
            series_totals TEXT,             -- JSON totals per seat after this game
            imported INTEGER NOT NULL DEFAULT 0
        )""",
        """CREATE TABLE moves (
            game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            options TEXT NOT NULL,          -- the options' JSON, card data included (as in a save)
            actions TEXT NOT NULL           -- JSON [[seat, action], ...]: with the seed, the whole game
        )""",
        """CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            kind TEXT NOT NULL,             -- human or computer
            level TEXT,                     -- a computer's player name (easy, normal, hard, ...)
            place TEXT NOT NULL,            -- local or remote
            score INTEGER NOT NULL,
            rank INTEGER NOT NULL,          -- 1 is best; equal totals share a rank
            winner INTEGER NOT NULL,
            -- the game's, copied here so the standings read this table alone, in index order
            game TEXT NOT NULL,
            ended REAL NOT NULL,
            shared INTEGER NOT NULL,        -- won together with another seat
            counted INTEGER NOT NULL,       -- counts in the standings (an imported game does not)
            PRIMARY KEY (game_id, seat)
        )""",
        "CREATE INDEX games_by_end ON games(ended DESC)",
        "CREATE INDEX games_by_game ON games(game, ended DESC)",
        "CREATE INDEX seats_by_name ON seats(name, game_id)",
        # Covering the standings' read: it never touches the table itself.
        "CREATE INDEX seats_by_end ON seats(counted, ended DESC, game_id DESC, game, name, score, winner, shared)",
        "CREATE INDEX seats_by_game ON seats(counted, game, ended DESC, game_id DESC, name, score, winner, shared)",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)


class HistoryError(FishtableError):
    """The history cannot be read or written; the message names the file and the problem.

    `busy`: another fishtable held the database longer than the busy timeout (trying
    later may succeed); `restarted`: the file turned out damaged and was set aside (trying
    again writes to the new one)."""

    def __init__(self, message: str, *, busy: bool = False, restarted: bool = False) -> None:
        super().__init__(message)
        self.busy = busy
        self.restarted = restarted  # the damaged file was set aside: a new history is there now


SET_ASIDE = ".damaged-"  # history.sqlite3.damaged-<date>: a damaged or foreign file, moved aside
_COMPANIONS = ("-wal", "-shm", "-journal")
_notices: dict[str, list[str]] = {}  # by history path: set-asides not yet told (to the app, the command line)
_notices_lock = threading.Lock()


def take_notices(path: Path) -> list[str]:
    """The set-asides of the history at `path` since the last call, in words (each is said once)."""
    with _notices_lock:
        return _notices.pop(str(path), [])


def is_busy(exc: sqlite3.Error) -> bool:
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def is_damage(exc: sqlite3.Error) -> bool:
    text = str(exc).lower()
    return "not a database" in text or "malformed" in text or "corrupt" in text


_WORDS = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EROFS: "the disk is read-only",
}


def sqlite_words(exc: sqlite3.Error) -> str:
    """SQLite's error in a player's words."""
    text = str(exc).lower()
    if "disk is full" in text or "database or disk is full" in text:
        return "the disk is full"
    if is_busy(exc):
        return "another fishtable is writing to it and did not finish in time"
    if is_damage(exc):
        return "the file is damaged or is not a fishtable history"
    if "readonly" in text or "read-only" in text:
        return "it cannot be written (read-only)"
    if "unable to open" in text:
        return "it cannot be opened"
    return shown(str(exc))


def _kind(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device"


def check_path(path: Path) -> bool | None:
    """Refuse anything at `path` but a regular file (HistoryError in words): True if a SQLite
    file is there, False if nothing is, None for a regular file that is not SQLite's.

    SQLite's own files beside it (the write-ahead log, its index, a rollback journal) must be
    regular files too: a link there would send the database's writes somewhere else."""
    for suffix in _COMPANIONS:
        _check_companion(path.with_name(path.name + suffix))
    where = shown(str(path))
    folder = path.parent
    try:
        if folder.exists() and not folder.is_dir():
            raise HistoryError(f"History is off: the data folder {shown(str(folder))} is a file, not a folder.")
        info = os.lstat(path)
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise HistoryError(f"History is off: {where} cannot be used ({_WORDS.get(exc.errno or 0, exc.strerror)}).") \
            from None
    kind = _kind(info.st_mode)
    if kind is not None:
        raise HistoryError(f"History is off: {where} is {kind}, not a history file; it was left as it is.")
    if info.st_size == 0:
        return True  # SQLite's own empty database
    try:
        with open(path, "rb") as handle:  # a regular file (checked above): reading cannot hang
            head = handle.read(len(_HEADER))
    except OSError as exc:
        raise HistoryError(f"History is off: {where} cannot be read ({_WORDS.get(exc.errno or 0, exc.strerror)}).") \
            from None
    return True if head == _HEADER else None


def identity(path: Path) -> tuple[int, int] | None:
    try:
        info = os.lstat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino


def set_aside(path: Path, why: str, seen: tuple[int, int] | None = None) -> Path | None:
    """Rename the damaged or foreign file at `path` (and SQLite's own files beside it) to
    `<name>.damaged-<date>`, changing nothing in them; the new name. The move is said once
    through `take_notices`; HistoryError in words if it cannot be made.

    `seen`: the file found damaged (its `identity`); if another file is at `path` now (another
    fishtable set it aside and started a new history meanwhile), nothing is moved: None."""
    if seen is not None and identity(path) != seen:
        return None
    stamp = time.strftime("%Y-%m-%dT%H-%M-%S")
    target = path.with_name(f"{path.name}{SET_ASIDE}{stamp}")
    n = 1
    while any(os.path.lexists(f"{target}{suffix}") for suffix in ("", *_COMPANIONS)):  # never over another
        n += 1
        target = path.with_name(f"{path.name}{SET_ASIDE}{stamp}-{n}")
    try:
        # SQLite's own files first: a log left behind would be read into the new database.
        for suffix in _COMPANIONS:
            with contextlib.suppress(FileNotFoundError):
                os.rename(f"{path}{suffix}", f"{target}{suffix}")
        os.rename(path, target)
    except FileNotFoundError:
        return None  # another fishtable set it aside a moment ago (and says so itself)
    except OSError as exc:
        raise HistoryError(f"History is off: {shown(str(path))} {why}, and it could not be set aside "
                           f"({_WORDS.get(exc.errno or 0, exc.strerror)}); it was left as it is.") from None
    said = (f"History: {shown(str(path))} {why}. It was set aside as {shown(target.name)} (nothing in it was "
            "changed or deleted) and a new history was started.")
    with _notices_lock:
        _notices.setdefault(str(path), []).append(said)
    return target


def _check_companion(path: Path) -> None:
    try:
        info = os.lstat(path)
    except OSError:
        return
    kind = _kind(info.st_mode)
    if kind is not None:
        raise HistoryError(f"History is off: {shown(str(path))} is {kind}, not SQLite's own file; "
                           "it was left as it is.")


NOT_SQLITE = "is not a SQLite database (damaged, or another program's file)"
DAMAGED = "is damaged (SQLite cannot read it)"
FOREIGN = "is another program's SQLite database, not a fishtable history"


def connect(path: Path, busy_ms: int = BUSY_MS) -> sqlite3.Connection:
    """Open the history at `path` (made if missing), brought up to the current schema.

    A damaged or foreign file is set aside and a new history started. Raises HistoryError
    in words for a hostile path (left as it is), a newer schema (left as it is), a busy
    database (`busy`) or a full disk; a file that is not ours is never written to.
    """
    seen = identity(path)  # the very file examined: only that one is ever set aside
    exists = check_path(path)
    if exists is None:
        set_aside(path, NOT_SQLITE, seen)
        exists = check_path(path)  # nothing now, unless another fishtable has started one since
        seen = identity(path)
    try:
        return _connect(path, bool(exists), busy_ms)
    except _Damaged as damaged:
        set_aside(path, damaged.why, seen)
        return _connect(path, bool(check_path(path)), busy_ms)


class _Damaged(Exception):
    """The file at the path is damaged or not ours: set it aside (`why`: in words)."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def _connect(path: Path, exists: bool, busy_ms: int) -> sqlite3.Connection:
    if not exists:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise HistoryError(f"History is off: the data folder {shown(str(path.parent))} cannot be made "
                               f"({_WORDS.get(exc.errno or 0, exc.strerror)}).") from None
    mode = "rw" if exists else "rwc"
    try:
        conn = sqlite3.connect(f"file:{pathname2url(str(path))}?mode={mode}", uri=True,
                               timeout=busy_ms / 1000, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as exc:
        raise HistoryError(f"History is off: {shown(str(path))}: {sqlite_words(exc)}.") from None
    try:
        conn.execute(f"PRAGMA busy_timeout = {int(busy_ms)}")
        # One statement, so one read: read apart, another process's migration could commit between
        # them (no version yet, then its tables) and a new history would look like another program's.
        version, tables = conn.execute(
            "SELECT (SELECT user_version FROM pragma_user_version), (SELECT count(*) FROM sqlite_master)").fetchone()
        if version > SCHEMA_VERSION:
            raise HistoryError(f"History is off: {shown(str(path))} was written by a newer fishtable (history "
                               f"version {version}; this one reads up to {SCHEMA_VERSION}). It was left as it is.")
        if version == 0 and tables:
            raise _Damaged(FOREIGN)  # tables, but never given a fishtable schema: another program's
        # Switched once, on a new file: switching writes the header, and a damaged file is never written.
        if conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA foreign_keys = ON")
        if version < SCHEMA_VERSION:
            migrate(conn, version)
    except (HistoryError, _Damaged):
        conn.close()
        raise
    except sqlite3.Error as exc:
        conn.close()
        if is_damage(exc) and exists:
            raise _Damaged(DAMAGED) from None
        raise HistoryError(f"History is off: {shown(str(path))}: {sqlite_words(exc)}; it was left as it is.",
                           busy=is_busy(exc)) from None
    return conn


def migrate(conn: sqlite3.Connection, version: int) -> None:
    """Bring the schema from `version` to the current one, each step in its own transaction."""
    for step in range(version, SCHEMA_VERSION):
        conn.execute("BEGIN IMMEDIATE")
        try:
            # Another process may have migrated while this one waited for the lock.
            if conn.execute("PRAGMA user_version").fetchone()[0] != step:
                conn.execute("ROLLBACK")
                continue
            for statement in MIGRATIONS[step]:
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {step + 1}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
