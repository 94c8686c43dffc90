"""The recorder a host calls after every action: each finished match once, off the caller's thread."""

from __future__ import annotations

from pathlib import Path

from fishtable.engine.series import Series, SeriesRules
from fishtable.history import store
from fishtable.history.recorder import Recorder, record_finished
from fishtable.history.schema import HISTORY_NAME, SET_ASIDE

from .games import played


def test_a_host_records_each_finished_match_once_with_places_and_series(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_NAME
    names = ("Ana", "Bo", "Cy")
    series = Series.start(SeriesRules(end="target", target=10_000), names)
    said: list[str] = []
    recorder = Recorder(path, "host", ["remote", "local", "local"], lambda: series, said.append)
    unfinished = played("big-fish", 1, steps=4)
    recorder(unfinished)
    first = played("big-fish", 2)
    recorder(first)
    recorder(first)  # every later callback of the same match: nothing more
    for thread in recorder.threads:
        thread.join(30)
    rows = store.recent(path)
    assert len(rows) == 1 and said == []
    assert [(s.name, s.place) for s in rows[0].seats] == [("Ana", "remote"), ("Bo", "local"), ("Cy", "local")]
    record = store.load_game(path, rows[0].id)
    assert record.source == "host" and record.series.index == 1
    assert record.series.totals == series.add(first.result(), 0).totals


def test_a_host_whose_history_fails_says_so_and_goes_on(tmp_path: Path) -> None:
    (tmp_path / HISTORY_NAME).mkdir()  # a folder where the database should be: left as it is
    said: list[str] = []
    recorder = Recorder(tmp_path / HISTORY_NAME, "host", said=said.append)
    recorder(played("crazy-fishing", 2))
    for thread in recorder.threads:
        thread.join(30)
    assert len(said) == 1 and "is a folder" in said[0] and "over all the same" in said[0]
    assert (tmp_path / HISTORY_NAME).is_dir() and not list((tmp_path / HISTORY_NAME).iterdir())


def test_a_host_whose_history_is_damaged_sets_it_aside_and_records_the_game(tmp_path: Path) -> None:
    junk = b"not a database at all, but long enough to have a header"
    (tmp_path / HISTORY_NAME).write_bytes(junk)
    said: list[str] = []
    recorder = Recorder(tmp_path / HISTORY_NAME, "host", said=said.append)
    recorder(played("crazy-fishing", 2))
    for thread in recorder.threads:
        thread.join(30)
    assert len(said) == 1 and "not a SQLite database" in said[0] and "set aside" in said[0], said
    assert len(store.recent(tmp_path / HISTORY_NAME)) == 1
    aside = [p for p in tmp_path.iterdir() if p.name.startswith(HISTORY_NAME + SET_ASIDE)]
    assert [p.read_bytes() for p in aside] == [junk]


def test_record_finished_never_raises(tmp_path: Path) -> None:
    game_id, problem = record_finished(tmp_path / HISTORY_NAME, played("big-fish", 1, steps=3), 1.0)
    assert game_id is None and "Only a finished game" in problem
