"""The app's autosave API (fishtable/tui/autosave.py): no hazard hangs it, crashes it or loses a save."""

from __future__ import annotations

import errno
import json
import os
import random
import threading
from pathlib import Path

import pytest

from fishtable.engine import saves
from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.games.crazy_fishing import GAME
from fishtable.games.crazy_fishing.options import CrazyFishingOptions
from fishtable.tui.autosave import (
    clean_stale_temps,
    inspect_autosave,
    keep_damaged,
    keep_damaged_copy,
    save_match,
)


def a_match(steps: int = 12) -> Match:
    match = Match.start(GAME, CrazyFishingOptions(), [SeatInfo(name="Ana"), SeatInfo(name="Bo")], 3)
    chooser = random.Random(3)
    while match.step_count < steps:
        seat = chooser.choice(sorted(match.pending()))
        match.apply(seat, chooser.choice(match.legal_actions(seat)))
    return match


def quickly(fn, *args):
    """Run fn(*args) in a thread; fail if it takes more than a few seconds (a hang)."""
    box = {}
    thread = threading.Thread(target=lambda: box.setdefault("value", fn(*args)), daemon=True)
    thread.start()
    thread.join(10)
    assert not thread.is_alive(), f"{fn.__name__} hangs"
    return box["value"]


def test_a_good_autosave_is_found(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    match = a_match()
    assert save_match(match, path) is None
    status = inspect_autosave(path)
    assert status.error is None and status.match.state_hash() == match.state_hash()


def test_no_autosave(tmp_path: Path) -> None:
    status = inspect_autosave(tmp_path / "autosave.json")
    assert not status.exists
    assert not inspect_autosave(tmp_path / "a-file" / "autosave.json").exists


def _hazard(tmp_path: Path, kind: str) -> Path:
    path = tmp_path / "autosave.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    elif kind == "huge":
        with path.open("wb") as handle:
            handle.truncate(64 * 1024 * 1024)
    elif kind == "deep":
        path.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    elif kind == "digits":
        path.write_text('{"format": "fishtable-save", "version": ' + "1" * 10_000 + "}", encoding="utf-8")
    return path


HAZARDS = {"fifo": "pipe", "device": "device", "folder": "folder", "huge": "too large",
           "deep": "nested too deeply", "digits": "digits"}


@pytest.mark.parametrize("kind", sorted(HAZARDS))
def test_inspecting_a_hazard_gives_a_message_at_once(tmp_path: Path, kind: str) -> None:
    path = _hazard(tmp_path, kind)
    before = os.lstat(path)
    status = quickly(inspect_autosave, path)
    assert status.match is None and status.exists
    assert HAZARDS[kind] in status.error and str(path) in status.error
    assert "Traceback" not in status.error and "Errno" not in status.error
    after = os.lstat(path)
    assert (after.st_mode, after.st_size, after.st_mtime_ns) == (before.st_mode, before.st_size, before.st_mtime_ns)


@pytest.mark.parametrize("kind", ["fifo", "device", "folder"])
def test_keep_damaged_never_follows_a_device_a_fifo_or_a_folder(tmp_path: Path, kind: str) -> None:
    path = _hazard(tmp_path, kind)
    kept, message = quickly(keep_damaged_copy, path)
    assert kept is None and "not a regular file" in message and "nothing was copied" in message
    assert keep_damaged(path) is None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["autosave.json"]


def test_keep_damaged_copies_at_most_the_cap(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    with path.open("wb") as handle:
        handle.write(b"{broken" + b"x" * 100)
        handle.truncate(saves.MAX_SAVE_BYTES * 3)
    kept, message = quickly(keep_damaged_copy, path)
    assert kept is not None and kept.name.startswith("autosave-damaged-") and kept.name in message
    assert "first 4 MB" in message
    assert kept.stat().st_size == saves.MAX_SAVE_BYTES
    assert kept.read_bytes()[:10] == b"{brokenxxx"
    assert path.stat().st_size == saves.MAX_SAVE_BYTES * 3  # the original is untouched


def test_keep_damaged_copies_a_small_damaged_file_byte_for_byte(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    data = b'{"format": "fishtable-save", \xff\xfe broken'
    path.write_bytes(data)
    kept, message = keep_damaged_copy(path)
    assert kept.read_bytes() == data and message == f"The damaged save was kept as {kept.name}."
    assert keep_damaged(tmp_path / "gone.json") is None


def test_save_match_reports_a_full_disk_and_keeps_the_last_good_save(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "autosave.json"
    match = a_match(8)
    assert save_match(match, path) is None
    good = path.read_bytes()
    seat = min(match.pending())
    match.apply(seat, match.legal_actions(seat)[0])

    def full(*args: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saves.os, "write", full)
    message = save_match(match, path)
    monkeypatch.undo()
    assert message is not None and "disk is full" in message and "last good save is kept" in message
    assert path.read_bytes() == good
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.json"]
    assert inspect_autosave(path).match.step_count == 8
    assert save_match(match, path) is None  # the disk has room again: saving works again
    assert inspect_autosave(path).match.step_count == 9


def test_save_match_into_a_data_folder_that_is_a_file(tmp_path: Path) -> None:
    data_dir = tmp_path / "fishtable"
    data_dir.write_text("oops", encoding="utf-8")
    message = save_match(a_match(2), data_dir / "autosave.json")
    assert message is not None and "is a file, not a folder" in message
    assert data_dir.read_text(encoding="utf-8") == "oops"


def test_save_match_onto_a_folder(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    path.mkdir()
    message = save_match(a_match(2), path)
    assert message is not None and "is a folder" in message
    assert path.is_dir() and list(path.iterdir()) == []


def test_clean_stale_temps(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    save_match(a_match(2), path)
    stale = tmp_path / ".autosave.json.k3j4h5.tmp"
    stale.write_text('{"format": "fish', encoding="utf-8")
    os.utime(stale, (1_000_000, 1_000_000))
    assert clean_stale_temps(path) == [stale]
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.json"]
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == "fishtable-save"
