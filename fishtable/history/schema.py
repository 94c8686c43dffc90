"""The history database file: opening it safely, and its versioned schema.

One SQLite file in the data folder, shared by the app's windows, a server's tabs
and a host (WAL mode and a busy timeout, so a writer waits rather than fails).
The schema's version is SQLite's `user_version`; `MIGRATIONS[n]` brings a database
from version n to n + 1, so a database of any older version is brought up to date,
and one of a newer version is refused in words, untouched.

Nothing at the path is ever changed unless it is a SQLite database already (or
nothing): a folder, a FIFO, a symbolic link or a file of another kind is refused
with a sentence naming it, before SQLite opens anything.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import stat
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
    """The history cannot be read or written; the message names the file and the problem."""


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
    if "locked" in text or "busy" in text:
        return "another fishtable is writing to it and did not finish in time"
    if "not a database" in text or "malformed" in text or "corrupt" in text:
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


def check_path(path: Path) -> bool:
    """Refuse anything at `path` but a SQLite file (HistoryError in words); True if a file is there.

    SQLite's own files beside it (the write-ahead log, its index, a rollback journal) must be
    regular files too: a link there would send the database's writes somewhere else."""
    for suffix in ("-wal", "-shm", "-journal"):
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
    if head != _HEADER:
        raise HistoryError(f"History is off: {where} is not a SQLite database (damaged, or another program's "
                           "file); it was left as it is.")
    return True


def _check_companion(path: Path) -> None:
    try:
        info = os.lstat(path)
    except OSError:
        return
    kind = _kind(info.st_mode)
    if kind is not None:
        raise HistoryError(f"History is off: {shown(str(path))} is {kind}, not SQLite's own file; "
                           "it was left as it is.")


def connect(path: Path, busy_ms: int = BUSY_MS) -> sqlite3.Connection:
    """Open the history at `path` (made if missing), brought up to the current schema.

    Raises HistoryError in words for a hostile path, a damaged file, a newer schema
    or a full disk; a file that is not a SQLite database is never written to.
    """
    exists = check_path(path)
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
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise HistoryError(f"History is off: {shown(str(path))} was written by a newer fishtable (history "
                               f"version {version}; this one reads up to {SCHEMA_VERSION}). It was left as it is.")
        # Switched once, on a new file: switching writes the header, and a damaged file is never written.
        if conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA foreign_keys = ON")
        if version < SCHEMA_VERSION:
            migrate(conn, version)
    except HistoryError:
        conn.close()
        raise
    except sqlite3.Error as exc:
        conn.close()
        raise HistoryError(f"History is off: {shown(str(path))}: {sqlite_words(exc)}; it was left as it is.") \
            from None
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
