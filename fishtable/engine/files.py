"""Reading data files that people hand to fishtable: saves and card files.

One careful reader for every game, so no file can hang, flood or crash the app:

- the path must be a regular file (a folder, a FIFO, a device or a symlink to
  one is refused without reading; a FIFO is never opened in a blocking way);
- at most `max_bytes` are read;
- the bytes must be UTF-8 text;
- JSON nesting is checked before parsing, without recursion (`max_depth`),
  integers are at most `MAX_INT_DIGITS` digits long, NaN and Infinity are not
  JSON, and an object may not hold the same key twice.

Every problem is raised as the caller's `FishtableError` subclass (say
`CardFileError` or `SaveFileError`) with a plain sentence naming the file and
the problem. `validation_message` turns a pydantic error into the same kind of
words ("field 'size': must be a whole number"), never a pydantic dump.

    data = read_json(path, error=CardFileError, max_bytes=256 * 1024)
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from fishtable.engine.errors import FishtableError
from fishtable.engine.text import short_repr, shown

if TYPE_CHECKING:  # for its annotations only: this module imports no pydantic (the first screen reads files)
    from pydantic import ValidationError
    from pydantic_core import ErrorDetails

MAX_BYTES = 1024 * 1024  # default cap for one data file
# A JSON object as it is read or about to be written (a save's options and actions, a message's
# view): its values are whatever JSON holds, which no narrower type names.
JsonObject = dict[str, Any]

MAX_DEPTH = 32  # default cap on nested arrays and objects
MAX_INT_DIGITS = 19  # every signed 64-bit integer (a seed) fits; Python's own limit is 4300
MAX_FLOAT_CHARS = 32

_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')


class _Refused(ValueError):
    """A problem found while parsing, reported by `parse_json` in words."""


def size_words(n: int) -> str:
    if n >= 1024 * 1024:
        return f"{n / (1024 * 1024):g} MB"
    if n >= 1024:
        return f"{n / 1024:g} KB"
    return f"{n} bytes"


_READ_WORDS = {
    errno.ENOENT: "there is no such file",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EISDIR: "it is a folder, not a regular file",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.ELOOP: "it is a loop of symbolic links",
    errno.ENAMETOOLONG: "the path is too long",
}


def os_words(exc: OSError, words: dict[int, str] = _READ_WORDS) -> str:
    """An OS error in a few plain words: `words` by errno, else the system's own, lower case."""
    known = words.get(exc.errno) if exc.errno is not None else None
    return known or (exc.strerror or str(exc)).rstrip(".").lower() or "unknown error"


def _kind_words(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "it is a folder, not a regular file"
    if stat.S_ISFIFO(mode):
        return "it is a pipe (FIFO), not a regular file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "it is a device, not a regular file"
    if stat.S_ISSOCK(mode):
        return "it is a socket, not a regular file"
    return "it is not a regular file"


def check_regular_file(path: Path, error: type[FishtableError], source: str | None = None) -> os.stat_result:
    """Stat `path` (following symlinks) and refuse anything but a regular file."""
    source = source or shown(str(path))  # a file name may hold an escape too
    try:
        info = os.stat(path)
    except (OSError, ValueError) as exc:
        words = os_words(exc) if isinstance(exc, OSError) else "the path is not valid"
        raise error(f"{source} cannot be read: {words}.") from None
    if not stat.S_ISREG(info.st_mode):
        raise error(f"{source} cannot be read: {_kind_words(info.st_mode)}.")
    return info


def read_bytes(
    path: Path, *, error: type[FishtableError], max_bytes: int = MAX_BYTES, source: str | None = None
) -> bytes:
    """The bytes of a regular file of at most `max_bytes`; anything else raises `error`."""
    source = source or shown(str(path))  # a file name may hold an escape too
    check_regular_file(path, error, source)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise error(f"{source} cannot be read: {os_words(exc)}.") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):  # replaced between the check and the open
            raise error(f"{source} cannot be read: {_kind_words(info.st_mode)}.")
        if info.st_size > max_bytes:
            raise error(f"{source} cannot be read: it is too large ({size_words(info.st_size)}; "
                        f"at most {size_words(max_bytes)}).")
        chunks: list[bytes] = []
        total = 0
        while total <= max_bytes:
            chunk = os.read(fd, min(65536, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > max_bytes:  # the file grew while we read it
            raise error(f"{source} cannot be read: it is too large (over {size_words(max_bytes)}).")
        return b"".join(chunks)
    except OSError as exc:
        raise error(f"{source} cannot be read: {os_words(exc)}.") from None
    finally:
        os.close(fd)


def decode_text(data: bytes, *, error: type[FishtableError], source: str) -> str:
    """Strict UTF-8 (a leading byte-order mark is allowed and dropped)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{source} cannot be read: it is not text (not UTF-8: byte {exc.start + 1} is not allowed); "
                    "it may be damaged or the wrong file.") from None
    return text.removeprefix("\ufeff")


def read_text(
    path: Path, *, error: type[FishtableError], max_bytes: int = MAX_BYTES, source: str | None = None
) -> str:
    source = source or shown(str(path))  # a file name may hold an escape too
    return decode_text(read_bytes(path, error=error, max_bytes=max_bytes, source=source), error=error, source=source)


def json_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in JSON text, found without recursion.

    Brackets inside strings are skipped; on text that is not JSON the figure is
    only an estimate, which is all a guard before parsing needs.
    """
    depth = deepest = 0
    for token in _TOKENS.finditer(text):
        char = token.group()
        if char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        elif char in "]}":
            depth -= 1
    return deepest


def _parse_int(digits: str) -> int:
    count = len(digits.lstrip("-"))
    if count > MAX_INT_DIGITS:
        head = digits[:12] + "..."  # never int(digits): Python's own limit message would reach players
        raise _Refused(f"holds a number with {count} digits ({head}), far too long; "
                       f"at most {MAX_INT_DIGITS} are allowed")
    return int(digits)


def _parse_float(text: str) -> float:
    if len(text) > MAX_FLOAT_CHARS:
        raise _Refused(f"holds a number written with {len(text)} characters ({text[:12]}...); "
                       f"at most {MAX_FLOAT_CHARS} are allowed")
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _Refused(f"holds the number {text}, which is too large")
    return value


def _parse_constant(name: str) -> NoReturn:
    raise _Refused(f"holds {name}, which is not a number JSON allows")


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in pairs:
        if key in out:
            head = key if len(key) <= 40 else key[:40] + "..."
            raise _Refused(f"has the key {head!r} twice in one object")
        out[key] = value
    return out


def parse_json(text: str, *, error: type[FishtableError], source: str, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text with the guards above; any problem raises `error` in words."""
    depth = json_depth(text)
    if depth > max_depth:
        raise error(f"{source} is nested too deeply ({depth} levels; at most {max_depth}); "
                    "it is not a file fishtable wrote.")
    try:
        return json.loads(
            text,
            object_pairs_hook=_no_duplicates,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_parse_constant,
        )
    except json.JSONDecodeError as exc:
        raise error(
            f"{source} is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno}); "
            "it may be damaged or cut short."
        ) from None
    except _Refused as exc:
        raise error(f"{source} {exc}.") from None
    except (RecursionError, ValueError, MemoryError) as exc:
        raise error(f"{source} cannot be read as JSON ({type(exc).__name__}).") from None


def read_json(
    path: Path,
    *,
    error: type[FishtableError],
    max_bytes: int = MAX_BYTES,
    max_depth: int = MAX_DEPTH,
    source: str | None = None,
) -> Any:
    """Read and parse a JSON data file safely. Never hangs, never raises anything but `error`."""
    source = source or shown(str(path))  # a file name may hold an escape too
    text = read_text(path, error=error, max_bytes=max_bytes, source=source)
    return parse_json(text, error=error, source=source, max_depth=max_depth)


# -- validation errors in words ---------------------------------------------------------


# The phrase for one pydantic error type, from the error's context (`ctx`) and the value given.
_Words = Callable[[Mapping[str, object], object], str]


def _wrong_type(what: str) -> _Words:
    return lambda ctx, given: f"must be {what}, not {short_repr(given)}"


def _fixed(words: str) -> _Words:
    return lambda ctx, given: words


def _at_least(ctx: Mapping[str, object], given: object) -> str:
    least = ctx.get("min_length")
    return "must not be empty" if least == 1 else f"must be at least {least} characters"


_WHOLE = _wrong_type("a whole number (an integer)")
_TRUTH = _wrong_type("true or false")
_TEXT = _wrong_type("text in quotes")
_LIST = _wrong_type("a list")
_OBJECT = _wrong_type("an object with named fields")
_ERROR_WORDS: dict[str, _Words] = {
    "int_type": _WHOLE,
    "int_parsing": _WHOLE,
    "int_from_float": _WHOLE,
    "bool_type": _TRUTH,
    "bool_parsing": _TRUTH,
    "string_type": _TEXT,
    "str_type": _TEXT,
    "missing": _fixed("is required but missing"),
    "extra_forbidden": _fixed("is not a known field"),
    "greater_than_equal": lambda ctx, given: f"must be at least {ctx.get('ge', ctx.get('gt'))}",
    "greater_than": lambda ctx, given: f"must be more than {ctx.get('ge', ctx.get('gt'))}",
    "less_than_equal": lambda ctx, given: f"must be at most {ctx.get('le', ctx.get('lt'))}",
    "less_than": lambda ctx, given: f"must be less than {ctx.get('le', ctx.get('lt'))}",
    "literal_error": lambda ctx, given: f"must be one of {ctx.get('expected', 'the allowed values')}, "
                                        f"not {short_repr(given)}",
    "string_too_short": _at_least,
    "string_too_long": lambda ctx, given: f"must be at most {ctx.get('max_length')} characters long",
    "too_short": lambda ctx, given: f"must have at least {ctx.get('min_length')} entries",
    "too_long": lambda ctx, given: f"must have at most {ctx.get('max_length')} entries",
    "list_type": _LIST,
    "tuple_type": _LIST,
    "dict_type": _OBJECT,
    "model_type": _OBJECT,
    "model_attributes_type": _OBJECT,
    "union_tag_invalid": lambda ctx, given: f"has an unknown kind {short_repr(ctx.get('tag'))}",
    "union_tag_not_found": _fixed("has no 'kind'"),
}


def plain_words(error: ErrorDetails) -> str:
    """One pydantic error (an item of `ValidationError.errors()`) as a short phrase."""
    kind = error.get("type", "")
    words = _ERROR_WORDS.get(kind)
    if words is not None:
        return words(error.get("ctx") or {}, error.get("input"))
    if kind == "value_error":
        return str(error.get("msg", "")).removeprefix("Value error, ")
    return str(error.get("msg", "is not valid")).rstrip(".")


def field_path(loc: Sequence[object]) -> str:
    """A pydantic location as a dotted field name ("rods.3.speed"), without union branch tags."""
    return ".".join(str(p) for p in loc)


def validation_message(exc: ValidationError, source: str) -> str:
    """The first error of a pydantic ValidationError as "<source>: field 'x': must be ..."."""
    errors = exc.errors()
    if not errors:
        return f"{source} is not valid."
    first = errors[0]
    where = field_path(first.get("loc", ()))
    words = plain_words(first)
    more = f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''})" if len(errors) > 1 else ""
    if where:
        return f"{source}: field '{where}': {words}{more}."
    return f"{source}: {words}{more}."
