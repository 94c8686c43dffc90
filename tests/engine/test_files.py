"""The one careful file reader: every hazard gives the caller's error in words, at once."""

from __future__ import annotations

import errno
import json
import os
import threading
from pathlib import Path

import pytest

from fishtable.engine.errors import CardFileError, FishtableError, SaveFileError
from fishtable.engine.files import (
    MAX_INT_DIGITS,
    json_depth,
    parse_json,
    plain_words,
    read_bytes,
    read_json,
    read_text,
)


def refused(path: Path, error: type[FishtableError] = SaveFileError, **kw) -> str:
    """Reading fails with `error`, names the file, leaves it alone, and never hangs."""
    before = os.lstat(path) if os.path.lexists(path) else None
    outcome: dict[str, BaseException | None] = {}

    def attempt() -> None:
        try:
            read_json(path, error=error, **kw)
        except BaseException as exc:
            outcome["exc"] = exc
        else:
            outcome["exc"] = None

    thread = threading.Thread(target=attempt, daemon=True)
    thread.start()
    thread.join(5)
    assert not thread.is_alive(), f"reading {path} hangs"
    exc = outcome["exc"]
    assert isinstance(exc, error), repr(exc)
    message = str(exc)
    assert str(path) in message, message
    assert "Traceback" not in message and "pydantic" not in message and "Errno" not in message, message
    if before is not None:
        after = os.lstat(path)
        assert (after.st_mode, after.st_size, after.st_mtime_ns) == (
            before.st_mode, before.st_size, before.st_mtime_ns)
    return message


def write(tmp_path: Path, text: str | bytes, name: str = "data.json") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_a_good_file_reads(tmp_path: Path) -> None:
    path = write(tmp_path, '{"a": [1, 2.5, "x", true, null], "b": {"c": -123456789012345678}}')
    assert read_json(path, error=SaveFileError) == {"a": [1, 2.5, "x", True, None], "b": {"c": -123456789012345678}}


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    path = tmp_path / "fifo.json"
    os.mkfifo(path)
    assert "pipe" in refused(path)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null", "/dev/urandom"])
def test_a_device_is_refused(device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    assert "device" in refused(Path(device), CardFileError)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/tty"])
def test_a_symlink_to_a_device_is_refused(tmp_path: Path, device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    link = tmp_path / "cards.json"
    link.symlink_to(device)
    assert "device" in refused(link, CardFileError)


def test_a_symlink_to_a_fifo_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    link = tmp_path / "save.json"
    link.symlink_to(fifo)
    assert "pipe" in refused(link)


def test_a_symlink_to_a_regular_file_is_read(tmp_path: Path) -> None:
    target = write(tmp_path, '{"ok": 1}', "real.json")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert read_json(link, error=SaveFileError) == {"ok": 1}


def test_a_folder_is_refused(tmp_path: Path) -> None:
    assert "folder" in refused(tmp_path)


def test_a_missing_file_and_a_path_through_a_file(tmp_path: Path) -> None:
    assert "no such file" in refused(tmp_path / "nowhere.json")
    blocker = write(tmp_path, "{}", "plain")
    message = refused(blocker / "inside.json")
    assert "not a folder" in message


def test_a_dangling_symlink_and_a_symlink_loop(tmp_path: Path) -> None:
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to(tmp_path / "gone")
    assert "no such file" in refused(dangling)
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    assert "loop" in refused(loop)


def test_an_unreadable_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path, "{}")
    path.chmod(0)
    try:
        if os.access(path, os.R_OK):  # root reads anything: the kernel's refusal, as it would come
            real_open = os.open

            def refusing_open(file, flags, *args, **kwargs):
                if Path(file) == path:
                    raise PermissionError(errno.EACCES, "Permission denied", str(file))
                return real_open(file, flags, *args, **kwargs)

            monkeypatch.setattr(os, "open", refusing_open)
        assert "permission denied" in refused(path)
    finally:
        path.chmod(0o644)


def test_a_huge_file_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:
        handle.truncate(50 * 1024 * 1024 * 1024)  # sparse: 50 GB that take no room
    message = refused(path, max_bytes=1024 * 1024)
    assert "too large" in message and "1 MB" in message


def test_the_size_cap_is_exact(tmp_path: Path) -> None:
    path = write(tmp_path, b"[" + b" " * 98 + b"]")
    assert read_bytes(path, error=SaveFileError, max_bytes=100) == b"[" + b" " * 98 + b"]"
    assert "too large" in refused(path, max_bytes=99)


def test_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    path = write(tmp_path, b'{"name": "caf\xe9"}')
    assert "not text" in refused(path)


def test_a_byte_order_mark_is_allowed(tmp_path: Path) -> None:
    path = write(tmp_path, "\ufeff{\"a\": 1}")
    assert read_json(path, error=SaveFileError) == {"a": 1}


@pytest.mark.parametrize("depth", [100, 10_000, 1_000_000])
def test_deep_nesting_is_refused_without_recursion(tmp_path: Path, depth: int) -> None:
    path = write(tmp_path, "[" * depth + "]" * depth)
    message = refused(path, max_bytes=4 * 1024 * 1024)
    assert "nested too deeply" in message and f"{depth} levels" in message


def test_deep_objects_and_unclosed_nesting_are_refused(tmp_path: Path) -> None:
    path = write(tmp_path, '{"a":' * 5000 + "1" + "}" * 5000)
    assert "nested too deeply" in refused(path)
    path = write(tmp_path, "[" * 100_000, "open.json")
    assert "nested too deeply" in refused(path)


def test_brackets_inside_strings_do_not_count() -> None:
    assert json_depth('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", "b": "\\"[["}') == 1
    assert parse_json('["' + "[" * 1000 + '"]', error=SaveFileError, source="x") == ["[" * 1000]


def test_the_depth_cap_is_exact() -> None:
    assert parse_json("[[[1]]]", error=SaveFileError, source="x", max_depth=3) == [[[1]]]
    with pytest.raises(SaveFileError, match="nested too deeply"):
        parse_json("[[[[1]]]]", error=SaveFileError, source="x", max_depth=3)


@pytest.mark.parametrize("digits", [MAX_INT_DIGITS + 1, 4301, 100_000])
def test_huge_integers_are_refused(tmp_path: Path, digits: int) -> None:
    path = write(tmp_path, '{"seed": ' + "9" * digits + "}")
    message = refused(path)
    assert f"{digits} digits" in message and f"at most {MAX_INT_DIGITS}" in message
    negative = write(tmp_path, "[-" + "1" * digits + "]", "negative.json")
    assert f"{digits} digits" in refused(negative)


def test_the_integer_cap_is_exact() -> None:
    big = "9" * MAX_INT_DIGITS
    assert parse_json(f"[{big}, -{big}]", error=SaveFileError, source="x") == [int(big), -int(big)]


@pytest.mark.parametrize("text", ["[1e999999]", "[-1e400]", "[0." + "1" * 5000 + "]", "[NaN]", "[Infinity]",
                                  "[-Infinity]"])
def test_bad_floats_and_constants_are_refused(tmp_path: Path, text: str) -> None:
    refused(write(tmp_path, text))


def test_duplicate_keys_are_refused(tmp_path: Path) -> None:
    path = write(tmp_path, '{"fish": [], "rods": [{"speed": 1, "speed": 9}]}')
    message = refused(path, CardFileError)
    assert "'speed' twice" in message


def test_invalid_json_says_where(tmp_path: Path) -> None:
    message = refused(write(tmp_path, '{"a": 1,, }'))
    assert "not valid JSON" in message and "line 1" in message and "column" in message


def test_read_text_is_strict_utf8(tmp_path: Path) -> None:
    path = write(tmp_path, "Elena ünïcode 🐟")
    assert read_text(path, error=SaveFileError) == "Elena ünïcode 🐟"


def test_the_caller_chooses_the_error_class(tmp_path: Path) -> None:
    path = write(tmp_path, "[")
    with pytest.raises(CardFileError):
        read_json(path, error=CardFileError)
    with pytest.raises(SaveFileError):
        read_json(path, error=SaveFileError)


def test_pydantic_errors_in_plain_words() -> None:
    from pydantic import BaseModel, ConfigDict, Field, ValidationError

    class Card(BaseModel):
        model_config = ConfigDict(strict=True, extra="forbid")
        value: int = Field(ge=0, le=99)
        plus: bool = False
        name: str = Field(default="x", min_length=1)

    def words(data: dict) -> str:
        with pytest.raises(ValidationError) as info:
            Card.model_validate(data)
        return plain_words(info.value.errors()[0])

    assert words({"value": "5"}) == "must be a whole number (an integer), not '5'"
    assert words({"value": 5.0}).startswith("must be a whole number")
    assert words({"value": True}).startswith("must be a whole number")
    assert words({"value": -1}) == "must be at least 0"
    assert words({"value": 100}) == "must be at most 99"
    assert words({"value": 1, "plus": "yes"}).startswith("must be true or false")
    assert words({"value": 1, "name": ""}) == "must not be empty"
    assert words({"value": 1, "colour": "red"}) == "is not a known field"
    assert words({}) == "is required but missing"
    assert json.dumps(words({"value": [1] * 1000})).count("1") < 40  # a long input is cut short
