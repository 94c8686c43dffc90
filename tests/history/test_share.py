"""Sharing a game: `fishtable history --export ID FILE` and `--import FILE [--count]`; hostile files refused."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from fishtable.cli import main
from fishtable.history import store
from fishtable.history.record import record_of
from fishtable.history.schema import HISTORY_NAME
from fishtable.history.share import MAX_GAME_BYTES, game_json
from fishtable.history.standings import standings

from .games import played


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def exported(tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str = "fishing-party") -> Path:
    """A finished game recorded in one data folder and exported from it."""
    home = tmp_path / "home"
    game_id = store.record_game(home / HISTORY_NAME, record_of(played(game, 4, names=("Ana", "[b]Bo")),
                                                                 seconds=42, ended=1_700_000_000.25))
    target = tmp_path / "shared.json"
    code, out, err = run(capsys, "--data-dir", str(home), "history", "--export", str(game_id), str(target))
    assert code == 0 and str(target) in out, err
    return target


@pytest.mark.parametrize("game", ["crazy-fishing", "fishing-party", "big-fish", "fishing-party-poker"])
def test_export_then_import_is_the_same_game_marked_imported_and_not_counted(tmp_path: Path, capsys,
                                                                              game: str) -> None:
    target = exported(tmp_path, capsys, game)
    original = store.load_game(tmp_path / "home" / HISTORY_NAME, 1)
    away = tmp_path / "away"
    code, out, err = run(capsys, "--data-dir", str(away), "history", "--import", str(target))
    assert code == 0 and "marked imported" in out and "does not count" in out, err
    copy = store.load_game(away / HISTORY_NAME, 1)
    assert copy.imported and not original.imported
    for field in ("game", "options", "seed", "actions", "state_hash", "result", "seats", "ended", "seconds", "source"):
        assert getattr(copy, field) == getattr(original, field), field
    code, out, _ = run(capsys, "--data-dir", str(away), "history", "--json")
    data = json.loads(out)
    assert [g["imported"] for g in data["games"]] == [True] and data["standings"] == []  # not counted
    assert "(imported)" in run(capsys, "--data-dir", str(away), "history")[1]
    # The same file again: the game is there once.
    code, out, _ = run(capsys, "--data-dir", str(away), "history", "--import", str(target))
    assert code == 0 and "already" in out and len(store.recent(away / HISTORY_NAME)) == 1


def test_import_with_count_counts_in_the_standings(tmp_path: Path, capsys) -> None:
    target = exported(tmp_path, capsys)
    away = tmp_path / "away"
    code, out, _ = run(capsys, "--data-dir", str(away), "history", "--import", str(target), "--count")
    assert code == 0 and "counts in the standings" in out
    lines = standings(store.outcomes(away / HISTORY_NAME))
    assert sorted(line.name for line in lines) == ["Ana", "[b]Bo"] and all(line.games == 1 for line in lines)
    assert run(capsys, "--data-dir", str(away), "history", "--count")[0] == 2  # --count only with --import


def test_export_of_a_game_not_there_is_refused_in_words(tmp_path: Path, capsys) -> None:
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "history", "--export", "7", str(tmp_path / "x.json"))
    assert code == 2 and "no game 7" in err and not (tmp_path / "x.json").exists()
    store.record_game(tmp_path / HISTORY_NAME, record_of(played("big-fish", 1), seconds=1))
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "history", "--export", "7", str(tmp_path / "x.json"))
    assert code == 2 and "no game 7" in err and not (tmp_path / "x.json").exists()
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "history", "--export", "1", str(tmp_path))
    assert code == 2 and "folder" in err
    pipe, link = tmp_path / "pipe", tmp_path / "link"
    os.mkfifo(pipe)
    link.symlink_to(tmp_path / "elsewhere.json")
    for target in (pipe, link):  # never replaced by the file
        code, _, err = run(capsys, "--data-dir", str(tmp_path), "history", "--export", "1", str(target))
        assert code == 2 and "not a regular file" in err
    assert pipe.is_fifo() and link.is_symlink() and not (tmp_path / "elsewhere.json").exists()


def refused(tmp_path: Path, capsys, path: Path, *words: str) -> None:
    """Importing `path` is refused in words; the file and the data folder are left as they were."""
    before = path.read_bytes() if path.is_file() and not path.is_symlink() else None
    away = tmp_path / "away"
    code, out, err = run(capsys, "--data-dir", str(away), "history", "--import", str(path))
    assert code == 2 and out == "", (out, err)
    for word in words:
        assert word in err, err
    assert "\x1b" not in err
    if before is not None:
        assert path.read_bytes() == before
    assert not (away / HISTORY_NAME).exists() or store.recent(away / HISTORY_NAME) == []


def edited(tmp_path: Path, capsys, change) -> Path:
    target = exported(tmp_path, capsys)
    data = json.loads(target.read_text())
    change(data)
    target.write_text(json.dumps(data))
    return target


def test_a_file_too_big_is_refused(tmp_path: Path, capsys) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (MAX_GAME_BYTES + 1))
    refused(tmp_path, capsys, path, "too large")


def test_deep_nesting_is_refused(tmp_path: Path, capsys) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 5000 + "]" * 5000)
    refused(tmp_path, capsys, path, "nested too deeply")


def test_a_bad_checksum_is_refused(tmp_path: Path, capsys) -> None:
    def change(data):
        data["save"]["state_hash"] = "0" * len(data["save"]["state_hash"])
    refused(tmp_path, capsys, edited(tmp_path, capsys, change), "checksum")


def test_a_result_the_moves_do_not_give_is_refused(tmp_path: Path, capsys) -> None:
    def change(data):
        seats = len(data["save"]["seats"])
        data["result"]["winners"] = [n for n in range(seats) if n not in data["result"]["winners"]]
    refused(tmp_path, capsys, edited(tmp_path, capsys, change), "result its moves do not give")


def test_control_characters_in_a_name_are_refused(tmp_path: Path, capsys) -> None:
    def change(data):
        data["save"]["seats"][0]["name"] = "Ana\x1b[2J"
    refused(tmp_path, capsys, edited(tmp_path, capsys, change), "control")


def test_an_unfinished_game_is_refused(tmp_path: Path, capsys) -> None:
    match = played("big-fish", 3, steps=5)
    done = played("big-fish", 3)
    data = game_json(record_of(done, seconds=1))
    data["save"] = json.loads(match.to_save().model_dump_json())  # the same game, before its end
    path = tmp_path / "unfinished.json"
    path.write_text(json.dumps(data))
    refused(tmp_path, capsys, path, "not finished")


def test_a_save_file_is_not_a_game_file(tmp_path: Path, capsys) -> None:
    path = tmp_path / "autosave.json"
    path.write_text(played("big-fish", 3).to_save().model_dump_json())
    refused(tmp_path, capsys, path, "a save file")


def test_a_fifo_is_refused_without_hanging(tmp_path: Path, capsys) -> None:
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    refused(tmp_path, capsys, path, "FIFO")
    assert path.is_fifo()


def test_a_folder_is_refused(tmp_path: Path, capsys) -> None:
    path = tmp_path / "folder.json"
    path.mkdir()
    refused(tmp_path, capsys, path, "folder")
    assert path.is_dir() and not list(path.iterdir())


def test_a_replay_opens_an_exported_file(tmp_path: Path, capsys) -> None:
    from fishtable.history.replay import open_replay

    target = exported(tmp_path, capsys)
    replay = open_replay(tmp_path / "home" / HISTORY_NAME, str(target))
    assert replay.state_hash(len(replay)) == store.load_game(tmp_path / "home" / HISTORY_NAME, 1).state_hash
