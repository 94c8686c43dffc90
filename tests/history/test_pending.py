"""A game that ends while another fishtable holds the database is kept pending, then written once;
a full disk ends the game all the same and says History could not be written."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from fishtable.history import store
from fishtable.history.recorder import record_finished
from fishtable.history.schema import HISTORY_NAME
from fishtable.history.share import PENDING_NAME, pending_files, write_pending

from .games import played


def locked(path: Path) -> sqlite3.Connection:
    """Another connection holding the database's write lock (BEGIN EXCLUSIVE) until it is closed."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN EXCLUSIVE")
    return conn


def test_a_game_ended_while_the_database_is_locked_is_kept_then_written_once(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_NAME
    first = played("big-fish", 1)
    assert record_finished(path, first, 10)[0] == 1
    holder = locked(path)
    try:
        kept = played("crazy-fishing", 2)
        game_id, said = record_finished(path, kept, 20, busy_ms=200)
    finally:
        holder.close()
    assert game_id is None and said is not None
    assert "another fishtable is writing" in said and f"{PENDING_NAME}/" in said, said
    files = pending_files(path)
    assert len(files) == 1 and files[0].parent == tmp_path / PENDING_NAME and files[0].name in said
    assert [r.game for r in store.recent(path)] == ["big-fish"]
    # Released: the next game that ends writes both, the kept one first, and removes the file.
    last = played("fishing-party", 3)
    game_id, said = record_finished(path, last, 30)
    assert said is None and game_id == 3
    rows = store.recent(path)
    assert sorted((r.id, r.game) for r in rows) == [(1, "big-fish"), (2, "crazy-fishing"), (3, "fishing-party")]
    assert store.load_game(path, 2).state_hash == kept.state_hash() and not store.load_game(path, 2).imported
    assert pending_files(path) == [] and not [p for p in (tmp_path / PENDING_NAME).iterdir()]
    assert record_finished(path, played("big-fish", 4), 1)[0] == 4  # and never again


def test_a_pending_game_is_written_once_even_if_its_file_comes_back(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_NAME
    record_finished(path, played("big-fish", 1), 10)
    holder = locked(path)
    try:
        record_finished(path, played("big-fish", 2), 10, busy_ms=100)
    finally:
        holder.close()
    [pending] = pending_files(path)
    copy = tmp_path / "copy.json"
    shutil.copy(pending, copy)  # as if killed after the write, before the file was removed
    assert write_pending(path)[:2] == (1, [])
    shutil.copy(copy, pending)
    assert write_pending(path)[:2] == (0, [])
    assert len(store.recent(path)) == 2 and pending_files(path) == []


def test_history_opening_writes_the_pending_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from fishtable.cli import main

    path = tmp_path / HISTORY_NAME
    record_finished(path, played("big-fish", 1), 10)
    holder = locked(path)
    try:
        record_finished(path, played("big-fish", 2), 10, busy_ms=100)
    finally:
        holder.close()
    assert main(["--data-dir", str(tmp_path), "history"]) == 0
    assert "#2" in capsys.readouterr().out and pending_files(path) == []


def test_a_damaged_pending_file_is_set_aside_and_said_once(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_NAME
    folder = tmp_path / PENDING_NAME
    folder.mkdir()
    (folder / "2026-01-01T00-00-00-abc.json").write_text('{"format": "fishtable-game", "version": 1}')
    game_id, said = record_finished(path, played("big-fish", 1), 10)
    assert game_id == 1 and said is not None and "cannot be written" in said and "renamed" in said
    assert [p.name for p in folder.iterdir()] == ["2026-01-01T00-00-00-abc.json.damaged"]
    assert record_finished(path, played("big-fish", 2), 10) == (2, None)  # said once


def test_a_full_disk_ends_the_game_all_the_same_and_says_so(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / HISTORY_NAME
    record_finished(path, played("big-fish", 1), 10)

    def full(conn, record):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(store, "_series_first", full)
    game_id, said = record_finished(path, played("big-fish", 2), 10)
    assert game_id is None and said is not None
    assert "the disk is full" in said and "The game is over all the same" in said
    monkeypatch.undo()
    assert len(store.recent(path)) == 1


def test_a_busy_database_is_tried_again_before_the_game_is_kept(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from fishtable.history import recorder
    from fishtable.history.schema import HistoryError

    path = tmp_path / HISTORY_NAME
    real = store.record_game
    tries: list[int] = []

    def busy_once(where, record, busy_ms):  # the other fishtable finishes while this one waits
        tries.append(busy_ms)
        if len(tries) == 1:
            raise HistoryError("History could not be used (busy).", busy=True)
        return real(where, record, busy_ms)

    monkeypatch.setattr(recorder, "record_game", busy_once)
    assert record_finished(path, played("big-fish", 1), 10, busy_ms=150) == (1, None)
    assert tries == [150, 150] and pending_files(path) == []


def _write_pending(path: str) -> None:
    write_pending(Path(path))


def test_two_processes_writing_the_pending_games_at_once_write_each_once(tmp_path: Path) -> None:
    import multiprocessing

    from fishtable.history.record import record_of
    from fishtable.history.share import keep_pending

    path = tmp_path / HISTORY_NAME
    store.record_game(path, record_of(played("big-fish", 1), seconds=1, ended=1.0))
    for seed in range(2, 7):
        keep_pending(path, record_of(played("big-fish", seed), seconds=1, ended=float(seed)))
    ctx = multiprocessing.get_context("fork")
    workers = [ctx.Process(target=_write_pending, args=(str(path),)) for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
        assert worker.exitcode == 0
    assert sorted(r.ended for r in store.recent(path)) == [float(s) for s in range(1, 7)]
    assert pending_files(path) == []


def test_a_pending_game_keeps_its_series_seats_and_times(tmp_path: Path) -> None:
    from fishtable.engine.series import Series, SeriesRules
    from fishtable.history.record import record_of
    from fishtable.history.share import keep_pending

    path = tmp_path / HISTORY_NAME
    match = played("big-fish", 2)
    series = Series.start(SeriesRules(end="target", target=10_000), ("Ana", "Bo", "Cy")).add(match.result(), 5)
    record = record_of(match, seconds=33.5, source="host", places=["remote", "local", "local"], series=series,
                       started=1000.0)
    keep_pending(path, record)
    assert write_pending(path)[:2] == (1, [])
    back = store.load_game(path, 1)
    assert back.series is not None and record.series is not None
    assert (back.series.index, back.series.totals, back.series.rules) == \
        (record.series.index, record.series.totals, record.series.rules)
    for field in ("seats", "ended", "seconds", "started", "source", "result", "actions", "state_hash", "imported"):
        assert getattr(back, field) == getattr(record, field), field
