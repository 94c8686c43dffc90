"""Hostile history files: each is refused in words and left exactly as it was."""

from __future__ import annotations

import multiprocessing
import os
import re
import sqlite3
import stat
from pathlib import Path

import pytest

from fishtable.history import schema, store
from fishtable.history.record import record_of
from fishtable.history.schema import HISTORY_NAME, SCHEMA_VERSION, SET_ASIDE, HistoryError

from .games import played


def record(seed: int = 1):
    return record_of(played("big-fish", seed), seconds=1)


def refused(path: Path, *words: str) -> None:
    with pytest.raises(HistoryError) as caught:
        store.record_game(path, record())
    message = str(caught.value)
    assert str(path) in message or str(path.parent) in message, message
    for word in words:
        assert word in message, message
    with pytest.raises(HistoryError):  # reading says the same
        store.recent(path)
    if path.parent.is_dir():
        assert not [p for p in path.parent.iterdir() if SET_ASIDE in p.name]  # nothing moved


def set_aside_and_restarted(path: Path, data: bytes, *words: str) -> None:
    """The file at `path` is moved beside itself with its date, every byte as it was; the move is
    said in words, once; a new history is started and takes games."""
    schema.take_notices(path)
    game_id = store.record_game(path, record())  # the game is written all the same
    aside = [p for p in path.parent.iterdir() if p.name.startswith(HISTORY_NAME + SET_ASIDE)]
    assert len(aside) == 1, aside
    assert re.fullmatch(re.escape(HISTORY_NAME + SET_ASIDE) + r"\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d", aside[0].name)
    assert aside[0].read_bytes() == data
    assert [row.id for row in store.recent(path)] == [game_id]
    notices = schema.take_notices(path)
    assert len(notices) == 1, notices
    assert str(path) in notices[0] and aside[0].name in notices[0] and "new history" in notices[0]
    for word in words:
        assert word in notices[0], notices[0]
    assert schema.take_notices(path) == []  # said once


def test_random_bytes_are_set_aside_intact_and_a_new_history_started(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_NAME
    data = os.urandom(5000)
    path.write_bytes(data)
    set_aside_and_restarted(path, data, "not a SQLite database")


def test_a_truncated_database_is_set_aside_intact_and_a_new_history_started(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_NAME
    for seed in range(3):
        store.record_game(path, record(seed))
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    data = path.read_bytes()[:5000]  # a header, then half a page
    path.write_bytes(data)
    set_aside_and_restarted(path, data, "damaged")


def test_a_damaged_page_is_set_aside_intact_and_a_new_history_started(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_NAME
    store.record_game(path, record())
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    data = bytearray(path.read_bytes())
    data[100:4096] = os.urandom(3996)  # the schema page's contents
    path.write_bytes(bytes(data))
    set_aside_and_restarted(path, bytes(data), "damaged")


def test_another_programs_sqlite_database_is_set_aside_intact(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_NAME
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE notes (text TEXT)")
        conn.execute("INSERT INTO notes VALUES ('keep me')")
    conn.close()
    data = path.read_bytes()
    set_aside_and_restarted(path, data, "another program")
    aside = next(p for p in tmp_path.iterdir() if p.name.startswith(HISTORY_NAME + SET_ASIDE))
    with sqlite3.connect(aside) as conn:  # still the other program's, whole
        assert conn.execute("SELECT text FROM notes").fetchall() == [("keep me",)]
    conn.close()


def test_a_damaged_file_is_never_set_aside_over_another(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_NAME
    for n in range(2):
        path.write_bytes(b"junk %d" % n * 100)
        store.record_game(path, record())
        path.unlink()
    aside = sorted(p.read_bytes()[:6] for p in tmp_path.iterdir() if p.name.startswith(HISTORY_NAME + SET_ASIDE))
    assert aside == [b"junk 0", b"junk 1"]


def test_a_folder_is_refused(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_NAME
    path.mkdir()
    refused(path, "is a folder")
    assert path.is_dir() and not list(path.iterdir())


def test_a_fifo_is_refused_without_hanging(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_NAME
    os.mkfifo(path)
    refused(path, "FIFO")
    assert path.is_fifo()


def test_a_symlink_is_refused_and_its_target_untouched(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.db"
    store.record_game(target, record())
    before = target.read_bytes()
    path = tmp_path / HISTORY_NAME
    path.symlink_to(target)
    refused(path, "symbolic link")
    assert path.is_symlink() and target.read_bytes() == before


def test_a_data_folder_that_is_a_file_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.write_text("not a folder")
    refused(folder / HISTORY_NAME, "is a file")
    assert folder.read_text() == "not a folder"


def test_a_database_from_a_newer_fishtable_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_NAME
    store.record_game(path, record())
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    before = path.read_bytes()
    refused(path, "newer fishtable")
    assert path.read_bytes() == before


def test_a_full_disk_is_said_in_words_and_nothing_half_written(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / HISTORY_NAME
    store.record_game(path, record())
    real = store._series_first

    def full(conn, rec):
        real(conn, rec)
        conn.execute("INSERT INTO games (game, seed, steps, state_hash, save_version, result, "
                     "winners, ended, seconds, source) VALUES ('x', 1, 0, '', 2, '{}', 0, 0, 0, 'app')")
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(store, "_series_first", full)
    with pytest.raises(HistoryError, match="the disk is full"):
        store.record_game(path, record(2))
    monkeypatch.undo()
    assert len(store.recent(path)) == 1


def _hold_lock(path: str, ready, release) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    ready.set()
    release.wait(20)
    conn.execute("ROLLBACK")
    conn.close()


def test_a_locked_database_waits_then_says_so(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_NAME
    store.record_game(path, record())
    ctx = multiprocessing.get_context("fork")
    ready, release = ctx.Event(), ctx.Event()
    holder = ctx.Process(target=_hold_lock, args=(str(path), ready, release))
    holder.start()
    try:
        assert ready.wait(10)
        with pytest.raises(HistoryError, match="another fishtable is writing"):
            store.record_game(path, record(2), busy_ms=200)
    finally:
        release.set()
        holder.join(10)
    store.record_game(path, record(2), busy_ms=2000)  # free again: written
    assert len(store.recent(path)) == 2


def _record_many(path: str, first: int, count: int) -> None:
    for seed in range(first, first + count):
        store.record_game(Path(path), record_of(played("big-fish", seed), seconds=1, ended=float(seed)))


def test_two_processes_record_into_one_folder_and_every_game_is_there_once(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_NAME
    ctx = multiprocessing.get_context("fork")
    workers = [ctx.Process(target=_record_many, args=(str(path), first, 6)) for first in (100, 200)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
        assert worker.exitcode == 0
    rows = store.recent(path, limit=100)
    assert sorted(r.ended for r in rows) == [float(s) for s in (*range(100, 106), *range(200, 206))]


def _killed_while_writing(path: str) -> None:
    real = store._series_first

    def die(conn, rec):  # inside the transaction, part of it written
        real(conn, rec)
        conn.execute("INSERT INTO games (game, seed, steps, state_hash, save_version, result, "
                     "winners, ended, seconds, source) VALUES ('x', 1, 0, '', 2, '{}', 0, 0, 0, 'app')")
        os.kill(os.getpid(), 9)

    store._series_first = die
    store.record_game(Path(path), record(5))


def test_kill_9_during_the_write_leaves_no_half_game(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_NAME
    store.record_game(path, record())
    child = multiprocessing.get_context("fork").Process(target=_killed_while_writing, args=(str(path),))
    child.start()
    child.join(30)
    assert child.exitcode == -9
    rows = store.recent(path)
    assert len(rows) == 1 and rows[0].game == "big-fish"
    store.record_game(path, record(6))
    assert len(store.recent(path)) == 2


@pytest.mark.parametrize("suffix", ["-wal", "-shm", "-journal"])
def test_a_link_in_place_of_sqlites_own_files_is_refused(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / HISTORY_NAME
    store.record_game(path, record())
    target = tmp_path / "elsewhere"
    target.write_text("keep me")
    companion = tmp_path / (HISTORY_NAME + suffix)
    companion.unlink(missing_ok=True)
    companion.symlink_to(target)
    refused(path, "symbolic link")
    assert target.read_text() == "keep me" and companion.is_symlink()


def test_sqlites_own_files_go_aside_with_a_damaged_database(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_NAME
    path.write_bytes(b"junk" * 1000)
    wal = tmp_path / (HISTORY_NAME + "-wal")
    wal.write_bytes(b"a log of the damaged file")  # read into a new database, it would damage that too
    store.record_game(path, record())
    aside = next(p for p in tmp_path.iterdir() if p.name.startswith(HISTORY_NAME + SET_ASIDE)
                 and not p.name.endswith("-wal"))
    assert aside.read_bytes() == b"junk" * 1000
    assert (tmp_path / (aside.name + "-wal")).read_bytes() == b"a log of the damaged file"
    assert len(store.recent(path)) == 1


def test_a_file_another_fishtable_set_aside_a_moment_ago_is_not_a_problem(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_NAME  # gone between the look at it and the move: the other one moved it
    schema.set_aside(path, schema.NOT_SQLITE)
    assert schema.take_notices(path) == [] and list(tmp_path.iterdir()) == []


def test_a_device_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_NAME
    try:
        os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, 3))  # as /dev/null
    except (PermissionError, OSError):
        pytest.skip("this system does not let the tests make a device")
    refused(path, "a device")
    assert stat.S_ISCHR(os.lstat(path).st_mode)


def test_only_the_file_found_damaged_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_NAME
    path.write_bytes(b"junk" * 100)
    seen = schema.identity(path)
    path.rename(tmp_path / "moved")  # another fishtable set it aside and started a new history meanwhile
    store.record_game(path, record())
    assert schema.set_aside(path, schema.NOT_SQLITE, seen) is None
    assert len(store.recent(path)) == 1 and not [p for p in tmp_path.iterdir() if SET_ASIDE in p.name]


_CONNECT = sqlite3.connect  # the real one, for the other process's connection


class _MigratedMeanwhile:
    """A connection to a new history that another process migrates right after this one's first
    read of it (the moment a second process, starting at the same time, would do so)."""

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        self.reads = 0

    def execute(self, sql: str, *args: object) -> object:
        cursor = self.conn.execute(sql, *args)
        if "user_version" not in sql or self.reads:
            return cursor
        self.reads += 1
        rows = cursor.fetchall()  # this read is over: the other process may write now
        other = _CONNECT(self.path, isolation_level=None)
        schema.migrate(other, 0)
        other.close()
        return _Rows(rows)

    def __getattr__(self, name: str) -> object:
        return getattr(self.conn, name)


class _Rows:
    def __init__(self, rows: list[tuple[object, ...]]) -> None:
        self.rows = rows

    def fetchone(self) -> tuple[object, ...] | None:
        return self.rows.pop(0) if self.rows else None


def test_a_new_history_another_process_migrates_meanwhile_is_never_set_aside(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two fishtables start a history at once: the one that reads it while the other gives it its
    schema sees it whole (no version yet and no tables, or both), never half (no version yet, then
    tables: another program's file, set aside with the other's games in it)."""
    path = tmp_path / HISTORY_NAME

    def connect(*args: object, **kwargs: object) -> _MigratedMeanwhile:
        return _MigratedMeanwhile(_CONNECT(*args, **kwargs), path)  # type: ignore[arg-type]

    monkeypatch.setattr(schema.sqlite3, "connect", connect)
    store.record_game(path, record_of(played("big-fish", 300), seconds=1, ended=300.0))
    monkeypatch.undo()
    assert not list(tmp_path.glob(f"{HISTORY_NAME}{SET_ASIDE}*")), "a new history was set aside"
    assert [r.ended for r in store.recent(path)] == [300.0]
