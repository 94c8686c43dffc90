"""The history store: recording finished games and reading them back, on a real SQLite file."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from fishtable.engine.series import Series, SeriesRules
from fishtable.history import store
from fishtable.history.record import ranks, record_of
from fishtable.history.schema import HISTORY_NAME, SCHEMA_VERSION, connect

from .games import GAMES, played


def test_ranks_share_equal_totals() -> None:
    assert ranks([10, 7, 7, 3]) == [1, 2, 2, 4]


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_is_recorded_whole_and_read_back(tmp_path: Path, game: str) -> None:
    path = tmp_path / HISTORY_NAME
    match = played(game)
    game_id = store.record_game(path, record_of(match, seconds=12.5, ended=1000.0))
    back = store.load_game(path, game_id)
    assert back.game == game and back.seed == match.seed
    assert back.actions == match.to_save().actions
    assert back.state_hash == match.state_hash()
    assert back.result == match.result()
    assert [s.name for s in back.seats] == ["Ana", "Bo", "Cy"]
    assert [s.winner for s in back.seats] == [n in match.result().winners for n in range(3)]
    assert back.seconds == 12.5 and back.ended == 1000.0
    assert all(s.kind == "human" and s.place == "local" for s in back.seats)


def test_an_unfinished_game_is_not_recorded() -> None:
    with pytest.raises(ValueError):
        record_of(played("big-fish", steps=5), seconds=1)


def test_the_database_is_wal_with_a_busy_timeout_and_the_current_schema(tmp_path: Path) -> None:
    conn = connect(tmp_path / HISTORY_NAME, busy_ms=1234)
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA busy_timeout").fetchone()[0] == 1234
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    finally:
        conn.close()


def test_recent_is_newest_first_and_filters_by_game_and_player(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_NAME
    a = store.record_game(path, record_of(played("big-fish", 1), seconds=1, ended=100.0))
    b = store.record_game(path, record_of(played("crazy-fishing", 2, names=("Ana", "Dee")), seconds=1, ended=200.0))
    c = store.record_game(path, record_of(played("big-fish", 3, names=("Eve", "Bo")), seconds=1, ended=300.0))
    assert [r.id for r in store.recent(path)] == [c, b, a]
    assert [r.id for r in store.recent(path, game="big-fish")] == [c, a]
    assert [r.id for r in store.recent(path, player="Ana")] == [b, a]
    assert [r.id for r in store.recent(path, game="big-fish", player="Bo")] == [c, a]
    assert [r.id for r in store.recent(path, limit=1)] == [c]


def test_a_series_is_linked_game_to_game_with_its_totals(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_NAME
    names = ("Ana", "Bo", "Cy")
    series = Series.start(SeriesRules(end="target", target=10_000), names)
    ids = []
    for n in range(3):
        match = played("big-fish", 10 + n)
        series = series.add(match.result(), 5)
        ids.append(store.record_game(path, record_of(match, seconds=5, series=series, ended=100.0 + n)))
    other = store.record_game(path, record_of(played("big-fish", 20), seconds=5, ended=200.0))
    rows = {r.id: r for r in store.recent(path)}
    assert [rows[i].series_first for i in ids] == [ids[0]] * 3
    assert [rows[i].series_index for i in ids] == [1, 2, 3]
    assert rows[other].series_first is None
    assert store.load_game(path, ids[-1]).series.totals == series.totals


def test_a_failed_write_leaves_no_half_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / HISTORY_NAME
    store.record_game(path, record_of(played("big-fish", 1), seconds=1))
    record = record_of(played("big-fish", 2), seconds=1)
    # Two seats numbered 0: the second seat's row fails after the game's row was written.
    broken = (record.seats[0], replace(record.seats[1], seat=0), *record.seats[2:])
    with pytest.raises(store.HistoryError):
        store.record_game(path, replace(record, seats=broken))
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1
        assert conn.execute("SELECT COUNT(*) FROM seats").fetchone()[0] == 3
