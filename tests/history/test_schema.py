"""The schema's versions: a database is brought up to date step by step, each step whole or not at all."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from fishtable.history import schema, store
from fishtable.history.record import record_of
from fishtable.history.schema import HISTORY_NAME, HistoryError

from .games import played


def test_an_older_database_is_migrated_and_keeps_its_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / HISTORY_NAME
    game_id = store.record_game(path, record_of(played("big-fish", 1), seconds=1))
    later = (*schema.MIGRATIONS, ("ALTER TABLE games ADD COLUMN note TEXT DEFAULT 'kept'",))
    monkeypatch.setattr(schema, "MIGRATIONS", later)
    monkeypatch.setattr(schema, "SCHEMA_VERSION", len(later))
    conn = schema.connect(path)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == len(later)
        assert conn.execute("SELECT note FROM games WHERE id = ?", (game_id,)).fetchone()[0] == "kept"
    finally:
        conn.close()
    assert [r.id for r in store.recent(path)] == [game_id]


def test_a_failing_migration_leaves_the_database_at_its_version(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / HISTORY_NAME
    store.record_game(path, record_of(played("big-fish", 1), seconds=1))
    broken = (*schema.MIGRATIONS, ("ALTER TABLE games ADD COLUMN half TEXT", "THIS IS NOT SQL"))
    monkeypatch.setattr(schema, "MIGRATIONS", broken)
    monkeypatch.setattr(schema, "SCHEMA_VERSION", len(broken))
    with pytest.raises(HistoryError):
        schema.connect(path)
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == len(broken) - 1
        columns = [row[1] for row in conn.execute("PRAGMA table_info(games)")]
    conn.close()
    assert "half" not in columns
