"""Save files: round trips, every kind of bad file, and atomic writes."""

from __future__ import annotations

import json
import os
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fishtable.engine import saves
from fishtable.engine.errors import SaveFileError
from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.resume import replay
from fishtable.engine.saves import (
    SAVE_FORMAT,
    SAVE_VERSION,
    load_save_file,
    parse_save,
    write_atomic,
)
from fishtable.games.crazy_fishing import GAME
from fishtable.games.crazy_fishing.options import CrazyFishingOptions


def seats(n: int) -> list[SeatInfo]:
    return [SeatInfo(name=f"Player {i + 1}", bot="greedy" if i == n - 1 else None) for i in range(n)]


def played(
    n: int = 3, seed: int = 7, steps: int | None = 25,
    options: CrazyFishingOptions | None = None,
) -> Match:
    """A match after `steps` random legal moves (None: to the end)."""
    match = Match.start(GAME, options or CrazyFishingOptions(), seats(n), seed)
    chooser = random.Random(seed)
    while not match.is_over and (steps is None or match.step_count < steps):
        seat = chooser.choice(sorted(match.pending()))
        match.apply(seat, chooser.choice(match.legal_actions(seat)))
    return match


def open_save(path: Path) -> Match:
    return replay(load_save_file(path))


def assert_same_match(a: Match, b: Match) -> None:
    assert a.state_hash() == b.state_hash()
    assert a.pending() == b.pending()
    assert a.result() == b.result()
    assert a.step_count == b.step_count
    for seat in [None, *range(len(a.seats))]:
        assert a.view(seat) == b.view(seat)
        assert a.log_for(seat) == b.log_for(seat)
    for seat in a.pending():
        assert a.legal_actions(seat) == b.legal_actions(seat)


# -- round trips ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "seed", "steps", "options"),
    [
        (2, 1, 0, None),
        (3, 7, 25, None),
        (4, 11, 60, CrazyFishingOptions(oos_rods=True, random_oos_fish=3)),
        (6, 13, None, CrazyFishingOptions(oos_rods=True, random_oos_fish=10)),
        (5, 17, None, None),
    ],
)
def test_round_trip(tmp_path: Path, n: int, seed: int, steps: int | None,
                    options: CrazyFishingOptions | None) -> None:
    match = played(n, seed, steps, options)
    path = tmp_path / "game.json"
    match.save(path)
    data = load_save_file(path)
    assert data.format == SAVE_FORMAT and data.version == SAVE_VERSION
    assert data.game == "crazy-fishing" and data.seed == seed
    assert data.seats == list(match.seats)
    loaded = replay(data)
    assert_same_match(loaded, match)
    assert loaded.options == match.options
    # Saving the loaded match writes the same file again.
    again = tmp_path / "again.json"
    loaded.save(again)
    assert again.read_bytes() == path.read_bytes()


def test_round_trip_then_play_on(tmp_path: Path) -> None:
    match = played(4, 21, 30)
    path = tmp_path / "game.json"
    match.save(path)
    loaded = open_save(path)
    chooser = random.Random(99)
    while not match.is_over:
        seat = chooser.choice(sorted(match.pending()))
        action = chooser.choice(match.legal_actions(seat))
        match.apply(seat, action)
        loaded.apply(seat, action)
        assert loaded.state_hash() == match.state_hash()
    assert_same_match(loaded, match)


@settings(max_examples=15)
@given(n=st.integers(2, 6), seed=st.integers(0, 2**40), steps=st.integers(0, 150),
       advanced=st.booleans())
def test_round_trip_anywhere(n: int, seed: int, steps: int, advanced: bool) -> None:
    options = CrazyFishingOptions(oos_rods=True, random_oos_fish=seed % 11) if advanced else None
    match = played(n, seed, steps, options)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "save.json"
        match.save(path)
        assert_same_match(open_save(path), match)
        assert os.listdir(tmp) == ["save.json"]


# -- bad files -----------------------------------------------------------------------------


@pytest.fixture
def good_save(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    played(3, 5, 20).save(path)
    return path


def edited(path: Path, change) -> Path:
    raw = json.loads(path.read_text(encoding="utf-8"))
    change(raw)
    out = path.with_name("edited.json")
    out.write_text(json.dumps(raw), encoding="utf-8")
    return out


def expect_error(path: Path, *words: str) -> str:
    """Loading fails with SaveFileError naming the problem, and the file is left as it was."""
    before = path.read_bytes()
    mtime = path.stat().st_mtime_ns
    with pytest.raises(SaveFileError) as info:
        open_save(path)
    message = str(info.value)
    for word in words:
        assert word.lower() in message.lower(), message
    assert path.read_bytes() == before
    assert path.stat().st_mtime_ns == mtime
    assert sorted(p.name for p in path.parent.iterdir() if p.name.startswith(".")) == []
    return message


def test_damaged_json(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "fishtable-save", "version": 1,, }', encoding="utf-8")
    message = expect_error(path, "damaged", "not valid JSON")
    assert str(path) in message


def test_truncated_file(good_save: Path) -> None:
    text = good_save.read_text(encoding="utf-8")
    for cut in (1, len(text) // 3, len(text) // 2, len(text) - 2):
        path = good_save.with_name(f"cut{cut}.json")
        path.write_text(text[:cut], encoding="utf-8")
        expect_error(path, "cut short")


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.json"
    path.write_bytes(b"")
    expect_error(path, "damaged")


def test_binary_file(tmp_path: Path) -> None:
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00\x81garbage\x00")
    expect_error(path, "not text")


@pytest.mark.parametrize(
    "text",
    [
        '{"hello": "world"}',
        "[1, 2, 3]",
        '"fishtable-save"',
        "42",
        "null",
        '{"format": "some-other-app", "version": 1}',
        '{"format": "fishtable-cards", "version": 1, "game": "crazy-fishing"}',
    ],
)
def test_foreign_json(tmp_path: Path, text: str) -> None:
    path = tmp_path / "foreign.json"
    path.write_text(text, encoding="utf-8")
    expect_error(path, "not a fishtable save file")


def test_deeply_nested_foreign_json(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    expect_error(path)


def test_newer_version(good_save: Path) -> None:
    path = edited(good_save, lambda raw: raw.update(version=SAVE_VERSION + 1))
    message = expect_error(path, "newer", f"version {SAVE_VERSION + 1}")
    assert "update" in message.lower()


@pytest.mark.parametrize("version", [None, "1", 1.5, [1]])
def test_invalid_version(good_save: Path, version: object) -> None:
    path = edited(good_save, lambda raw: raw.update(version=version))
    expect_error(path, "version")


def test_wrong_checksum(good_save: Path) -> None:
    path = edited(good_save, lambda raw: raw.update(state_hash="0" * 64))
    expect_error(path, "checksum")


def test_changed_seed_fails_the_checksum(good_save: Path) -> None:
    path = edited(good_save, lambda raw: raw.update(seed=raw["seed"] + 1))
    with pytest.raises(SaveFileError) as info:
        open_save(path)
    # Either an action no longer fits the new deal, or the position differs.
    assert "checksum" in str(info.value) or "does not replay" in str(info.value)


def test_illegal_action_inside(good_save: Path) -> None:
    # The first seat to cast casts again: it has nothing to decide any more.
    def repeat_first(raw: dict) -> None:
        raw["actions"][1] = raw["actions"][0]

    path = edited(good_save, repeat_first)
    message = expect_error(path, "does not replay")
    assert "nothing to decide" in message


def test_card_not_in_hand_inside(good_save: Path) -> None:
    def bad_card(raw: dict) -> None:
        raw["actions"][0][1]["rods"] = ["R99"]

    expect_error(edited(good_save, bad_card), "does not replay", "R99")


@pytest.mark.parametrize(
    "action",
    [
        [0, {"kind": "teleport"}],
        [0, {"kind": "draw", "rods": -1, "baits": 7}],
        [0, {"kind": "cast", "rods": [1, 2]}],
        [0, {}],
        [7, {"kind": "cast", "rods": ["R01"], "baits": ["B01"]}],
        [-1, {"kind": "cast", "rods": ["R01"], "baits": ["B01"]}],
    ],
)
def test_malformed_action_inside(good_save: Path, action: list) -> None:
    expect_error(edited(good_save, lambda raw: raw["actions"].insert(0, action)), "does not replay")


@pytest.mark.parametrize(
    "action", [[0], "cast", [0, "cast"], {"seat": 0, "kind": "cast"}, ["zero", {"kind": "cast"}]]
)
def test_misshapen_action_list(good_save: Path, action: object) -> None:
    expect_error(edited(good_save, lambda raw: raw["actions"].insert(0, action)), "damaged", "actions")


def test_unknown_game(good_save: Path) -> None:
    path = edited(good_save, lambda raw: raw.update(game="chess"))
    expect_error(path, "unknown game", "chess")


def test_game_not_playable_yet(good_save: Path) -> None:
    from fishtable.engine.registry import GameEntry, register, unregister

    register(GameEntry("backgammon", "Backgammon", "Not a fishing game.", 2, 2, None))
    try:
        path = edited(good_save, lambda raw: raw.update(game="backgammon"))
        expect_error(path, "Backgammon", "cannot play")
    finally:
        unregister("backgammon")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda raw: raw.pop("seed"), ("damaged", "seed")),
        (lambda raw: raw.update(seed="seven"), ("damaged", "seed")),
        (lambda raw: raw.update(actions={"0": 1}), ("damaged", "actions")),
        (lambda raw: raw.update(extra_field=1), ("damaged", "extra_field")),
        (lambda raw: raw["seats"][0].update(name=""), ("damaged", "seats")),
        (lambda raw: raw.update(seats=[]), ("does not replay",)),
        (lambda raw: raw.update(seats=raw["seats"] * 3), ("does not replay",)),
        (lambda raw: raw.update(options={"no_such_option": True}), ("does not replay",)),
        (lambda raw: raw.update(options={"random_oos_fish": 99}), ("does not replay",)),
        (lambda raw: raw.update(options={"card_file": "/nonexistent/cards.json"}), ("does not replay",)),
    ],
)
def test_damaged_fields(good_save: Path, change, words: tuple[str, ...]) -> None:
    expect_error(edited(good_save, change), *words)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="cannot be read"):
        load_save_file(tmp_path / "nowhere.json")
    assert list(tmp_path.iterdir()) == []


def test_directory_instead_of_file(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="cannot be read"):
        load_save_file(tmp_path)


def test_parse_save_names_its_source() -> None:
    with pytest.raises(SaveFileError, match="my autosave"):
        parse_save("{", source="my autosave")


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=60)
@given(field=st.sampled_from(["format", "version", "game", "options", "seats", "seed", "actions",
                              "state_hash", "actions.item", "actions.0.1"]),
       value=JSON)
def test_any_damage_gives_a_save_file_error(field: str, value: object) -> None:
    """Whatever a field is replaced with, loading succeeds or fails with SaveFileError."""
    raw = json.loads(_GOOD_TEXT)
    if field == "actions.item":
        raw["actions"].insert(len(raw["actions"]) // 2, value)
    elif field == "actions.0.1":
        raw["actions"][0][1] = value
    else:
        raw[field] = value
    try:
        match = replay(parse_save(json.dumps(raw)))
    except SaveFileError:
        return
    assert match.state_hash() == raw["state_hash"]  # loaded only if it is the very same game


@settings(max_examples=60)
@given(text=st.text(max_size=200) | st.binary(max_size=200).map(lambda b: b.decode("latin-1")))
def test_any_text_gives_a_save_file_error(text: str) -> None:
    with pytest.raises(SaveFileError):
        replay(parse_save(text))


@settings(max_examples=40)
@given(cut=st.integers(min_value=0), flip=st.integers(min_value=0), byte=st.integers(0, 255))
def test_corrupted_bytes_give_a_save_file_error(cut: int, flip: int, byte: int) -> None:
    data = bytearray(_GOOD_TEXT.encode())
    data[flip % len(data)] = byte
    data = data[: len(data) - cut % 50]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "save.json"
        path.write_bytes(bytes(data))
        try:
            match = open_save(path)
        except SaveFileError:
            assert path.read_bytes() == bytes(data)
        else:
            # A harmless change (say, whitespace or a name): the game must still be the same one.
            assert match.step_count == 20
        assert os.listdir(tmp) == ["save.json"]


_GOOD_TEXT = played(3, 5, 20).to_save().model_dump_json(indent=1)


# -- atomic writes ---------------------------------------------------------------------------


def test_write_atomic_creates_folders_and_leaves_no_temp_files(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "save.json"
    write_atomic(path, "first")
    assert path.read_text(encoding="utf-8") == "first"
    assert [p.name for p in path.parent.iterdir()] == ["save.json"]


def test_write_atomic_replaces_by_rename(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    write_atomic(path, "old")
    inode = path.stat().st_ino
    with path.open(encoding="utf-8") as reader:
        write_atomic(path, "new ünïcode")
        # A reader of the old file still sees all of it: the new file is a different file.
        assert reader.read() == "old"
    assert path.read_text(encoding="utf-8") == "new ünïcode"
    assert path.stat().st_ino != inode
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


@pytest.mark.parametrize("where", ["write", "fsync", "replace"])
def test_write_atomic_failure_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    path = tmp_path / "save.json"
    write_atomic(path, "old contents")

    def boom(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves.os, where, boom)
    # An OS error becomes a SaveFileError in words (it was the bare OSError before issue 7).
    with pytest.raises(SaveFileError, match="disk is full; the last good save is kept"):
        write_atomic(path, "new contents that never arrive")
    monkeypatch.undo()
    assert path.read_text(encoding="utf-8") == "old contents"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_write_atomic_interrupted_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "save.json"
    write_atomic(path, "old contents")

    def interrupt(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(saves.os, "fsync", interrupt)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(path, "new")
    monkeypatch.undo()
    assert path.read_text(encoding="utf-8") == "old contents"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_match_save_overwrites_in_place(tmp_path: Path) -> None:
    match = played(3, 9, 5)
    path = tmp_path / "autosave.json"
    hashes = []
    chooser = random.Random(1)
    for _ in range(10):
        match.save(path)
        hashes.append(load_save_file(path).state_hash)
        seat = chooser.choice(sorted(match.pending()))
        match.apply(seat, chooser.choice(match.legal_actions(seat)))
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.json"]
    assert len(set(hashes)) == len(hashes)
    assert open_save(path).step_count == 14


def test_write_atomic_full_disk_mid_write_keeps_the_last_good_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    path = tmp_path / "autosave.json"
    match = played(3, 9, 5)
    match.save(path)
    good = path.read_bytes()
    real_write = os.write
    calls = []

    def full(fd: int, data: object) -> int:
        calls.append(fd)
        if len(calls) == 1:  # a first chunk goes through, then the disk is full
            return real_write(fd, bytes(memoryview(data)[:10]))
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saves.os, "write", full)
    chooser = random.Random(3)
    seat = chooser.choice(sorted(match.pending()))
    match.apply(seat, chooser.choice(match.legal_actions(seat)))
    with pytest.raises(SaveFileError) as info:
        match.save(path)
    monkeypatch.undo()
    message = str(info.value)
    assert "disk is full" in message and "last good save is kept" in message and str(path) in message
    assert "Errno" not in message
    assert path.read_bytes() == good
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.json"]
    assert open_save(path).step_count == 5


def test_write_atomic_into_a_data_folder_that_is_a_file(tmp_path: Path) -> None:
    data_dir = tmp_path / "fishtable"
    data_dir.write_text("not a folder", encoding="utf-8")
    with pytest.raises(SaveFileError, match="is a file, not a folder"):
        write_atomic(data_dir / "autosave.json", "{}")
    assert data_dir.read_text(encoding="utf-8") == "not a folder"
    deeper = data_dir / "more" / "autosave.json"
    with pytest.raises(SaveFileError, match="a part of the path is a file"):
        write_atomic(deeper, "{}")
    assert [p.name for p in tmp_path.iterdir()] == ["fishtable"]


def test_write_atomic_onto_a_folder(tmp_path: Path) -> None:
    target = tmp_path / "autosave.json"
    target.mkdir()
    (target / "inside").write_text("kept", encoding="utf-8")
    with pytest.raises(SaveFileError, match="is a folder, not a file"):
        write_atomic(target, "{}")
    assert (target / "inside").read_text(encoding="utf-8") == "kept"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["autosave.json"]


def test_write_atomic_replaces_a_fifo_or_a_link_without_opening_it(tmp_path: Path) -> None:
    fifo = tmp_path / "autosave.json"
    os.mkfifo(fifo)
    write_atomic(fifo, "saved")  # a rename replaces the FIFO itself: nothing waits on it
    assert fifo.read_text(encoding="utf-8") == "saved"
    link = tmp_path / "other.json"
    link.symlink_to("/dev/null")
    write_atomic(link, "saved too")
    assert not link.is_symlink() and link.read_text(encoding="utf-8") == "saved too"


def test_stale_temporary_files_are_cleaned_up(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    write_atomic(path, "good")
    stale = tmp_path / ".autosave.json.abc123.tmp"
    stale.write_text("half a sa", encoding="utf-8")
    fresh = tmp_path / ".autosave.json.def456.tmp"
    fresh.write_text("being written", encoding="utf-8")
    other = tmp_path / ".other.json.xyz.tmp"
    other.write_text("not ours", encoding="utf-8")
    folder = tmp_path / ".autosave.json.dir.tmp"
    folder.mkdir()
    old = time_ago(3600)
    for p in (stale, other, folder):
        os.utime(p, (old, old))
    assert saves.stale_temp_files(path) == [stale]
    assert saves.remove_stale_temp_files(path) == [stale]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [".autosave.json.def456.tmp", ".autosave.json.dir.tmp", ".other.json.xyz.tmp", "autosave.json"])
    assert path.read_text(encoding="utf-8") == "good"
    assert saves.remove_stale_temp_files(path, older_than=0) == [fresh]
    assert saves.remove_stale_temp_files(tmp_path / "missing" / "autosave.json") == []


def time_ago(seconds: float) -> float:
    import time

    return time.time() - seconds


# -- hazards when loading a save ------------------------------------------------------------


def test_loading_a_fifo_a_device_or_a_huge_save_says_why(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    with pytest.raises(SaveFileError, match="pipe"):
        load_save_file(fifo)
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    with pytest.raises(SaveFileError, match="device"):
        load_save_file(link)
    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:
        handle.truncate(saves.MAX_SAVE_BYTES + 1)
    with pytest.raises(SaveFileError, match="too large"):
        load_save_file(huge)


def test_a_save_with_a_huge_number_or_a_duplicate_key(good_save: Path) -> None:
    text = good_save.read_text(encoding="utf-8")
    raw = json.loads(text)
    path = good_save.with_name("huge-seed.json")
    path.write_text(text.replace(f'"seed": {raw["seed"]}', '"seed": ' + "7" * 5000), encoding="utf-8")
    expect_error(path, "5000 digits")
    path = good_save.with_name("twice.json")
    path.write_text(text.replace('"seed":', '"seed": 1, "seed":', 1), encoding="utf-8")
    expect_error(path, "'seed' twice")


def test_a_save_with_a_seat_or_seed_as_text(good_save: Path) -> None:
    expect_error(edited(good_save, lambda raw: raw.update(seed=str(raw["seed"]))), "damaged", "seed", "whole number")
    def seat_text(raw: dict) -> None:
        raw["actions"][0][0] = str(raw["actions"][0][0])
    expect_error(edited(good_save, seat_text), "damaged", "actions")


def test_a_bad_action_inside_is_described_in_words(good_save: Path) -> None:
    def bad(raw: dict) -> None:
        raw["actions"][0][1] = {"kind": "draw", "rods": "two", "baits": 1}

    message = expect_error(edited(good_save, bad), "does not replay", "move 1", "whole number")
    assert "pydantic" not in message and "input_value" not in message and "https" not in message


# -- saves carry their card data -------------------------------------------------------------

SHIPPED_CARDS = Path(__file__).resolve().parents[2] / "assets" / "crazy_fishing" / "cards.json"
DATA = Path(__file__).resolve().parent / "data"


def custom_cards(tmp_path: Path) -> Path:
    raw = json.loads(SHIPPED_CARDS.read_text(encoding="utf-8"))
    for fish in raw["fish"]:
        if fish["name"] == "Tuna":
            fish["name"] = "Bluefin Tuna"
    path = tmp_path / "my-cards.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


def test_a_save_carries_its_cards(tmp_path: Path) -> None:
    cards = custom_cards(tmp_path)
    match = played(3, 8, 30, CrazyFishingOptions(card_file=str(cards)))
    assert match.options.cards is not None
    path = tmp_path / "game.json"
    match.save(path)
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert raw["version"] == SAVE_VERSION == 2
    assert raw["options"]["card_file"] == str(cards)
    names = [f["name"] for f in raw["options"]["cards"]["fish"]]
    assert "Bluefin Tuna" in names and "Tuna" not in names
    # Editing the card file, then deleting it, never breaks the saved game.
    data = json.loads(cards.read_text(encoding="utf-8"))
    data["baits"] = data["baits"][:3]
    cards.write_text(json.dumps(data), encoding="utf-8")
    assert_same_match(open_save(path), match)
    cards.unlink()
    loaded = open_save(path)
    assert_same_match(loaded, match)
    assert any(c.name == "Bluefin Tuna" for c in loaded._state.cards)


def test_the_cards_inside_a_save_are_checked_strictly(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    played(3, 8, 10).save(path)

    def cheat(raw: dict) -> None:
        raw["options"]["cards"]["baits"][0]["value"] = "99"

    expect_error(edited(path, cheat), "does not replay", "baits", "whole number")

    def monster(raw: dict) -> None:
        raw["options"]["cards"]["fish"][0].update(size=99, back="?")
        for bait in raw["options"]["cards"]["baits"]:
            if bait["value"] is None:  # no Most Tempting Bait left to catch it
                bait["value"] = 1

    expect_error(edited(path, monster), "does not replay", "could never be caught")


def test_new_game_reads_no_file_once_the_options_are_prepared(tmp_path: Path, monkeypatch) -> None:
    from fishtable.engine import cards as card_loader
    from fishtable.games.crazy_fishing import setup

    prepared = GAME.prepare_options(CrazyFishingOptions(card_file=str(custom_cards(tmp_path))))
    assert GAME.prepare_options(prepared) is prepared

    def no_reading(*args: object, **kw: object) -> None:
        raise AssertionError("a file was read")

    monkeypatch.setattr(card_loader, "read_json", no_reading)
    monkeypatch.setattr(setup, "load_card_file", no_reading)
    state = GAME.new_game(prepared, seats(3), 4)
    assert any(c.name == "Bluefin Tuna" for c in state.cards)


def _v1(tmp_path: Path, name: str, card_file: Path | None = None) -> Path:
    raw = json.loads((DATA / name).read_text(encoding="utf-8"))
    assert raw["version"] == 1 and "cards" not in raw["options"]
    if card_file is not None:
        raw["options"]["card_file"] = str(card_file)
    path = tmp_path / name
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


def test_version_1_saves_still_load(tmp_path: Path) -> None:
    """Saves written by fishtable before issue 7 (tests/engine/data, made with that version)."""
    loaded = open_save(_v1(tmp_path, "v1-default.json"))
    assert loaded.step_count == 40 and not loaded.is_over
    assert loaded.options.cards is not None  # read from the shipped file on load
    # It plays on, and saving it writes a version-2 save carrying the cards.
    path = tmp_path / "again.json"
    loaded.save(path)
    again = load_save_file(path)
    assert again.version == 2 and "cards" in again.options
    assert_same_match(open_save(path), loaded)


def test_a_version_1_save_reads_its_card_file(tmp_path: Path) -> None:
    cards = tmp_path / "cards.json"
    cards.write_bytes(SHIPPED_CARDS.read_bytes())
    path = _v1(tmp_path, "v1-card-file.json", cards)
    loaded = open_save(path)
    assert loaded.step_count == 60 and loaded.options.oos_rods
    cards.unlink()  # a version-1 save needs its card file: without it, a plain message
    message = expect_error(path, "does not replay", "cards.json", "no such file")
    assert "Traceback" not in message


def test_a_version_1_save_where_the_rules_changed_says_so(tmp_path: Path) -> None:
    """Saved during the last round's Collect, which fishtable now plays by itself (CF-END-2)."""
    message = expect_error(_v1(tmp_path, "v1-last-collect.json"), "older fishtable", "rules differ")
    assert "checksum" not in message and "Traceback" not in message


def test_a_version_1_save_with_a_move_the_rules_now_refuse_says_so(tmp_path: Path) -> None:
    path = _v1(tmp_path, "v1-last-collect.json")
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["actions"].append([raw["actions"][-1][0], {"kind": "draw", "rods": 1, "baits": 1}])
    path.write_text(json.dumps(raw), encoding="utf-8")
    expect_error(path, "does not replay", "older fishtable", "save version 1", f"move {len(raw['actions'])}",
                 "game is over")
