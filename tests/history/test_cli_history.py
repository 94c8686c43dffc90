"""`fishtable history` and the `--record` of simulate and tournament."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from fishtable.cli import main
from fishtable.history import store
from fishtable.history.record import record_of
from fishtable.history.schema import HISTORY_NAME, SET_ASIDE

from .games import played


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_history_json_has_recent_games_standings_and_head_to_head(tmp_path: Path, capsys) -> None:
    path = tmp_path / HISTORY_NAME
    matches = [played("big-fish", seed, names=("Ana", "Bo")) for seed in range(1, 5)]
    for n, match in enumerate(matches):
        store.record_game(path, record_of(match, seconds=60, ended=1000.0 + n))
    store.record_game(path, record_of(played("crazy-fishing", 9, names=("Ana", "Cy")), seconds=9, ended=2000.0))
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "history", "--json", "--game", "big-fish",
                       "--player", "Ana", "--against", "Bo")
    assert code == 0
    data = json.loads(out)
    assert [g["ended"] for g in data["games"]] == [1003.0, 1002.0, 1001.0, 1000.0]
    ana = next(s for s in data["standings"] if s["name"] == "Ana")
    wins = [0 in m.result().winners for m in matches]
    assert ana["games"] == 4 and ana["wins"] == sum(wins) and ana["game"] == "big-fish"
    assert ana["best_score"] == max(m.result().scores[0].total for m in matches)
    h2h = data["head_to_head"]
    assert h2h["players"] == ["Ana", "Bo"] and h2h["games"] == 4
    assert h2h["wins"][0] == sum(0 in m.result().winners and 1 not in m.result().winners for m in matches)
    assert [s["name"] for s in data["standings"]] == ["Ana"]  # --player: that player's standings


def test_history_text_and_an_empty_or_damaged_history(tmp_path: Path, capsys) -> None:
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "history")
    assert code == 0 and "No finished game" in out
    path = tmp_path / HISTORY_NAME
    store.record_game(path, record_of(played("big-fish", 1, names=("Ana", "[red]Bo")), seconds=5))
    with sqlite3.connect(path) as conn:  # a file anyone could have written: an escape sequence in a name
        conn.execute("UPDATE seats SET name = 'Ana\x1b[2J\u202e' WHERE seat = 0")
    conn.close()
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "history")
    assert code == 0 and "Big Fish" in out and "Standings" in out and "[red]Bo" in out
    assert "\x1b" not in out and "\u202e" not in out  # never reaches the terminal as it is
    path.unlink()
    path.write_bytes(b"junk" * 100)  # damaged: set aside, said, and a new (empty) history
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "history")
    assert code == 0 and "not a SQLite database" in err and "set aside" in err and "none yet" in out
    aside = [p for p in tmp_path.iterdir() if p.name.startswith(HISTORY_NAME + SET_ASIDE)]
    assert [p.read_bytes() for p in aside] == [b"junk" * 100]
    path.unlink()
    path.mkdir()  # not a file at all: refused, left as it is
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "history")
    assert code == 2 and "is a folder" in err and path.is_dir()


def test_simulate_records_only_with_record(tmp_path: Path, capsys) -> None:
    base = ("--data-dir", str(tmp_path), "simulate", "--game", "big-fish", "--games", "3", "--players", "2", "--json")
    assert run(capsys, *base)[0] == 0
    assert not (tmp_path / HISTORY_NAME).exists()
    code, out, err = run(capsys, *base, "--record")
    assert code == 0 and json.loads(out)["games"] == 3 and "Recorded 3 games" in err
    rows = store.recent(tmp_path / HISTORY_NAME)
    assert len(rows) == 3 and {r.source for r in rows} == {"simulate"}
    assert all(s.kind == "computer" and s.level == "random" for r in rows for s in r.seats)


def test_tournament_records_with_record(tmp_path: Path, capsys) -> None:
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "tournament", "--game", "crazy-fishing",
                       "--bots", "random,random", "--games", "2", "--json", "--record")
    assert code == 0 and "Recorded 2 games" in err
    assert {r.source for r in store.recent(tmp_path / HISTORY_NAME)} == {"tournament"}


def test_simulate_record_into_a_damaged_history_sets_it_aside_and_records_every_game(tmp_path: Path, capsys) -> None:
    (tmp_path / HISTORY_NAME).write_bytes(b"junk" * 100)
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "simulate", "--game", "big-fish", "--games", "3",
                       "--players", "2", "--json", "--record")
    assert code == 0 and "Recorded 3 games" in err and err.count("set aside") == 1, err
    assert len(store.recent(tmp_path / HISTORY_NAME)) == 3
    aside = [p for p in tmp_path.iterdir() if p.name.startswith(HISTORY_NAME + SET_ASIDE)]
    assert [p.read_bytes() for p in aside] == [b"junk" * 100]
