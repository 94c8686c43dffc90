"""Recording finished games and reading them back.

Every function opens the database, does its work and closes it: the app, a
server's tabs and a host may share one data folder, and a short connection holds
no lock between games. A game is written in one transaction (the game and its
seats, or nothing). Problems come back as HistoryError, in words.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from fishtable.engine.protocol import Result
from fishtable.engine.text import shown
from fishtable.history.record import GameRecord, SeatRecord, SeriesRecord
from fishtable.history.schema import (
    BUSY_MS,
    DAMAGED,
    HistoryError,
    connect,
    identity,
    is_busy,
    is_damage,
    set_aside,
    sqlite_words,
)


@contextmanager
def opened(path: Path, busy_ms: int = BUSY_MS) -> Iterator[sqlite3.Connection]:
    """A connection to the history; a file found damaged while in use is set aside (`restarted`)."""
    conn = connect(path, busy_ms)
    seen = identity(path)
    try:
        yield conn
    except sqlite3.Error as exc:
        conn.close()
        if is_damage(exc):
            set_aside(path, DAMAGED, seen)
            raise HistoryError(f"History could not be used ({shown(str(path))}: {sqlite_words(exc)}); it was set "
                               "aside and a new history started.", restarted=True) from None
        raise HistoryError(f"History could not be used ({shown(str(path))}: {sqlite_words(exc)}).",
                           busy=is_busy(exc)) from None
    finally:
        conn.close()


def _dumps(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _series_first(conn: sqlite3.Connection, record: GameRecord) -> int | None:
    """The first game of the series `record` continues: the game before it in the same series
    (same game, rules and players, its totals those of this one less this game's points)."""
    series = record.series
    if series is None or series.index <= 1:
        return None
    before = [total - seat.score for total, seat in zip(series.totals, record.seats, strict=True)]
    rows = conn.execute(
        "SELECT id, series_first, series_totals FROM games WHERE game = ? AND series_index = ? AND series_rules = ? "
        "ORDER BY ended DESC LIMIT 20", (record.game, series.index - 1, _dumps(series.rules))).fetchall()
    names = [seat.name for seat in record.seats]
    for game_id, first, totals in rows:
        their = [r[0] for r in conn.execute("SELECT name FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))]
        if json.loads(totals) == before and their == names:
            return int(first)
    return None


def record_game(path: Path, record: GameRecord, busy_ms: int = BUSY_MS) -> int:
    """Write a finished game (one transaction); its id. HistoryError in words if it cannot be."""
    return record_once(path, record, busy_ms, once=False)[0]


def record_once(path: Path, record: GameRecord, busy_ms: int = BUSY_MS, once: bool = True) -> tuple[int, bool]:
    """Write a finished game unless (`once`) the very same game is there already: (its id, whether it is
    new). The same game: the same game, seed, final position and end time, so a pending file written
    again after a crash, or a game imported twice, is there once. A file found damaged on the way is
    set aside and the game written to the new history."""
    try:
        return _record(path, record, busy_ms, once)
    except HistoryError as exc:
        if not exc.restarted:
            raise
    return _record(path, record, busy_ms, once)


def _record(path: Path, record: GameRecord, busy_ms: int, once: bool) -> tuple[int, bool]:
    with opened(path, busy_ms) as conn:
        conn.execute("BEGIN IMMEDIATE")  # the write lock first: waits up to busy_ms for another writer
        try:
            if once:
                same = conn.execute("SELECT id FROM games WHERE game = ? AND ended = ? AND seed = ? AND state_hash = ?",
                                    (record.game, record.ended, record.seed, record.state_hash)).fetchone()
                if same is not None:
                    conn.execute("ROLLBACK")
                    return int(same[0]), False
            series = record.series
            first = _series_first(conn, record)
            cursor = conn.execute(
                "INSERT INTO games (game, seed, steps, state_hash, save_version, result, winners, "
                "started, ended, seconds, source, series_first, series_index, series_rules, series_totals, imported) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (record.game, record.seed, len(record.actions), record.state_hash, record.save_version,
                 record.result.model_dump_json(),
                 len(record.result.winners), record.started, record.ended, record.seconds, record.source, first,
                 series.index if series else None, _dumps(series.rules) if series else None,
                 _dumps(list(series.totals)) if series else None, int(record.imported)),
            )
            game_id = int(cursor.lastrowid or 0)
            conn.execute("INSERT INTO moves (game_id, options, actions) VALUES (?, ?, ?)",
                         (game_id, _dumps(record.options), _dumps(record.actions)))
            if series is not None and first is None:
                conn.execute("UPDATE games SET series_first = ? WHERE id = ?", (game_id, game_id))
            shared = len(record.result.winners) > 1
            conn.executemany(
                "INSERT INTO seats (game_id, seat, name, kind, level, place, score, rank, winner, game, ended, shared, "
                "counted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(game_id, s.seat, s.name, s.kind, s.level, s.place, s.score, s.rank, int(s.winner), record.game,
                  record.ended, int(s.winner and shared), int(record.counts)) for s in record.seats],
            )
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
    return game_id, True


@dataclass(frozen=True)
class GameRow:
    """A game in the list: no actions (the list never loads them)."""

    id: int
    game: str
    ended: float
    seconds: float
    steps: int
    source: str
    imported: bool
    series_first: int | None
    series_index: int | None
    seats: tuple[SeatRecord, ...]

    @property
    def winners(self) -> list[str]:
        return [seat.name for seat in self.seats if seat.winner]


def _seat(row: sqlite3.Row | tuple[Any, ...]) -> SeatRecord:  # Any: a row of SQLite's own values
    seat, name, kind, level, place, score, rank, winner = row
    return SeatRecord(seat, name, kind, level, place, score, rank, bool(winner))


def recent(path: Path, game: str | None = None, player: str | None = None, limit: int = 50) -> list[GameRow]:
    """The newest finished games first, of `game` and with a seat named `player` if given."""
    where, args = [], []
    if game is not None:
        where.append("g.game = ?")
        args.append(game)
    if player is not None:
        where.append("g.id IN (SELECT game_id FROM seats WHERE name = ?)")
        args.append(player)
    sql = ("SELECT g.id, g.game, g.ended, g.seconds, g.steps, g.source, g.imported, g.series_first, g.series_index "
           f"FROM games g {'WHERE ' + ' AND '.join(where) if where else ''} ORDER BY g.ended DESC, g.id DESC LIMIT ?")
    with opened(path) as conn:
        games = conn.execute(sql, (*args, limit)).fetchall()
        ids = [row[0] for row in games]
        seats: dict[int, list[SeatRecord]] = {i: [] for i in ids}
        if ids:
            marks = ",".join("?" * len(ids))
            for row in conn.execute(
                f"SELECT game_id, seat, name, kind, level, place, score, rank, winner FROM seats "
                f"WHERE game_id IN ({marks}) ORDER BY game_id, seat", ids):
                seats[row[0]].append(_seat(row[1:]))
    return [GameRow(i, g, e, s, st, src, bool(imp), sf, si, tuple(seats[i]))
            for i, g, e, s, st, src, imp, sf, si in games]


def load_game(path: Path, game_id: int) -> GameRecord:
    """The whole record of one game (its actions too); HistoryError if there is none."""
    with opened(path) as conn:
        row = conn.execute(
            "SELECT g.game, m.options, g.seed, m.actions, g.state_hash, g.save_version, g.result, g.ended, g.seconds, "
            "g.started, g.source, g.series_index, g.series_rules, g.series_totals, g.imported "
            "FROM games g JOIN moves m ON m.game_id = g.id WHERE g.id = ?", (game_id,)).fetchone()
        if row is None:
            raise HistoryError(f"There is no game {game_id} in the history.")
        seats = tuple(_seat(r) for r in conn.execute(
            "SELECT seat, name, kind, level, place, score, rank, winner FROM seats WHERE game_id = ? ORDER BY seat",
            (game_id,)))
    (game, options, seed, actions, state_hash, version, result, ended, seconds, started, source, s_index, s_rules,
     s_totals, imported) = row
    series = SeriesRecord(json.loads(s_rules), s_index, tuple(json.loads(s_totals))) if s_index is not None else None
    return GameRecord(
        game=game, options=json.loads(options), seed=seed, actions=[(a, b) for a, b in json.loads(actions)],
        state_hash=state_hash, save_version=version, result=Result.model_validate_json(result), seats=seats,
        ended=ended, seconds=seconds, started=started, source=source, series=series, imported=bool(imported),
    )


class Outcome(NamedTuple):
    """One seat's part in one game, for the standings (a tuple: thousands are read at once)."""

    game_id: int
    game: str
    name: str
    score: int
    winner: bool
    shared: bool  # won together with others
    ended: float


def outcomes(path: Path, game: str | None = None, imported: bool = False) -> list[Outcome]:
    """Every seat's outcome, newest game first (imported games only if asked); one index read."""
    where: list[str] = [] if imported else ["counted = 1"]
    args: list[str | int] = []
    if game is not None:
        where.append("game = ?")
        args.append(game)
    sql = (f"SELECT game_id, game, name, score, winner, shared, ended FROM seats "
           f"{'WHERE ' + ' AND '.join(where) if where else ''} ORDER BY ended DESC, game_id DESC")
    with opened(path) as conn:
        rows = conn.execute(sql, args).fetchall()
    return list(map(Outcome._make, rows))
