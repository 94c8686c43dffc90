"""One card-file loader for every game: the careful reader, the game's model, plain words, a cache.

A game keeps only its pydantic model and its wording:

    WORDING = CardWording(title="Big Fish", card_format=CARD_FORMAT,
                          sections={"fish": ("fish card", "name")})
    CARDS = CardSource(BigFishCards, "big_fish", WORDING)  # assets/big_fish/cards.json
    load_card_file = CARDS.load

`load_cards` reads the file through `fishtable.engine.files` (a regular file,
capped, strict UTF-8, bounded nesting and integer length, no duplicate keys),
refuses another game's card file by name ("... is a Fishing Party card file,
not a Big Fish one"), validates the data and turns the first pydantic error
into one sentence naming the file, the card and the field:

    cards.json: fish card #3 (Walleye), field 'weights': must have at least 5 entries.

Card data carried inside a save goes through `check_cards`, with the same words.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, TypeVar

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from fishtable.engine.assets import asset_path
from fishtable.engine.errors import CardFileError
from fishtable.engine.files import parse_json, plain_words, read_json
from fishtable.engine.registry import GAMES
from fishtable.engine.text import refused_char, shown

M = TypeVar("M", bound=BaseModel)

MAX_CARD_BYTES = 1024 * 1024
MAX_NAME_SHOWN = 40
_CACHE_SIZE = 32


@dataclass(frozen=True)
class CardWording:
    """How one game names the parts of its card file in a message."""

    title: str  # "Big Fish": the game, in "is a Fishing Party card file, not a Big Fish one"
    card_format: str  # the file's "format" value
    # A list field of the file -> (what one entry is called, the key holding its name).
    sections: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    # The phrase for one pydantic error ("must be a whole number"); the engine's by default.
    words: Callable[[ErrorDetails], str] = plain_words
    numbered: bool = True  # a list index in a field path as "#2" (counting from 1) rather than "1"
    tags: frozenset[str] = frozenset()  # union tags pydantic puts in locations, left out of field paths


_WHOLE_NUMBER = 'must be a whole number (like 3, not "3" or 3.0)'
_OBJECT = "must be an object in curly braces"
# Words for the errors a hand-written card file meets most, in the file's own terms (JSON's
# quotes and braces); a game's `words` looks an error type up here before its own cases.
CARD_FILE_WORDS: Mapping[str, str] = {
    "missing": "is missing",
    "extra_forbidden": "is not a known field",
    "int_type": _WHOLE_NUMBER,
    "int_parsing": _WHOLE_NUMBER,
    "string_type": "must be text in quotes",
    "list_type": "must be a list in square brackets",
    "model_type": _OBJECT,
    "dict_type": _OBJECT,
    "model_attributes_type": _OBJECT,
}


def _format_titles() -> dict[str, str]:
    return {entry.card_format: entry.title for entry in GAMES if entry.card_format}


def _entry_name(raw: object, section: str, index: int, key: str) -> str:
    """The name of the entry an error is about, if it is safe and short enough to echo."""
    if not isinstance(raw, dict):
        return ""
    items = raw.get(section)
    if not (isinstance(items, list) and index < len(items) and isinstance(items[index], dict)):
        return ""
    name = items[index].get(key)
    if not isinstance(name, str) or refused_char(name) is not None:
        return ""  # never echo a control character back to the screen
    return name if len(name) <= MAX_NAME_SHOWN else name[:MAX_NAME_SHOWN] + "..."


def error_sentence(raw: object, error: ErrorDetails, source: str, wording: CardWording) -> str:
    """"<source>: <card>, field '<path>': <words>." for the first validation error."""
    loc = [p for p in error["loc"] if not (isinstance(p, str) and p in wording.tags)]
    where = "the file"
    if len(loc) >= 2 and isinstance(loc[0], str) and loc[0] in wording.sections and isinstance(loc[1], int):
        word, key = wording.sections[loc[0]]
        name = _entry_name(raw, loc[0], loc[1], key)
        where = f"{word} #{loc[1] + 1}" + (f" ({name})" if name else "")
        loc = loc[2:]
    path = ".".join(f"#{p + 1}" if isinstance(p, int) and wording.numbered else str(p) for p in loc)
    field_text = f", field '{shown(path)}'" if path else ""
    return f"{source}: {where}{field_text}: {wording.words(error)}."


def check_cards(raw: object, model: type[M], source: str, wording: CardWording) -> M:
    """Validate parsed card data (a file's JSON, or the cards a save carries); CardFileError in words."""
    if not isinstance(raw, dict):
        raise CardFileError(f"{source}: the file must be an object in curly braces: a card file is "
                            "one JSON object with 'format', 'version' and the cards.")
    found = raw.get("format")
    if isinstance(found, str) and found != wording.card_format:
        other = _format_titles().get(found)
        if other is not None:
            raise CardFileError(f"{source} is a {other} card file, not a {wording.title} one; "
                                f"give a {wording.title} card file (format '{wording.card_format}').")
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise CardFileError(error_sentence(raw, exc.errors()[0], source, wording)) from None
    except RecursionError:
        raise CardFileError(f"{source}: the file is nested too deeply to be a card file.") from None


_cache: dict[tuple[str, int, int, type[BaseModel]], BaseModel] = {}


def load_cards(
    path: Path | str | None,
    model: type[M],
    shipped_asset: Path,
    wording: CardWording,
    *,
    max_bytes: int = MAX_CARD_BYTES,
) -> M:
    """Read, check and cache a card file (`shipped_asset` when `path` is None or empty).

    A file is read again only when it changes (its size or modification time);
    the models are frozen, so callers may share them.
    """
    chosen = Path(path).expanduser() if path else shipped_asset
    source = shown(str(chosen))
    try:
        info = os.stat(chosen)
        key = (os.path.abspath(chosen), info.st_mtime_ns, info.st_size, model)
    except (OSError, ValueError):
        key = None  # the reader below says what is wrong, in words
    if key is not None and key in _cache:
        cached = _cache[key]
        assert isinstance(cached, model)
        return cached
    raw = read_json(chosen, error=CardFileError, max_bytes=max_bytes, source=source)
    data = check_cards(raw, model, source, wording)
    if key is not None:
        if len(_cache) >= _CACHE_SIZE:
            _cache.clear()
        _cache[key] = data
    return data


class CardSource(Generic[M]):
    """A game's card files: its model and wording, its shipped file in `assets/<folder>/cards.json`.

    `load(path)` reads one (the shipped one when `path` is None), `parse_data(raw, source)`
    checks card data already parsed (a save's), `parse_text(text, source)` a file's text.
    """

    def __init__(self, model: type[M], folder: str, wording: CardWording, *, max_bytes: int = MAX_CARD_BYTES):
        self.model = model
        self.folder = folder
        self.wording = wording
        self.max_bytes = max_bytes

    def default_path(self) -> Path:
        return asset_path(self.folder, "cards.json")

    def parse_data(self, raw: object, source: str) -> M:
        """Validate already-parsed JSON (a file's, or the cards a save carries); CardFileError in words."""
        return check_cards(raw, self.model, source, self.wording)

    def parse_text(self, text: str, source: str) -> M:
        return self.parse_data(parse_json(text, error=CardFileError, source=source), source)

    def load(self, path: Path | str | None = None) -> M:
        """Read and validate a card file (the shipped one by default), once per version of the file."""
        return load_cards(path, self.model, self.default_path(), self.wording, max_bytes=self.max_bytes)

    def default(self) -> M:
        """The shipped card data."""
        return self.load(None)


def card_file_game(path: Path | str) -> str | None:
    """The name of the game ("big-fish") whose card file `path` says it is, or None.

    For the app's `--card-file`, which serves any game: only the "format" field is
    looked at; the game's own loader checks the rest.
    """
    raw = read_json(Path(path).expanduser(), error=CardFileError, max_bytes=MAX_CARD_BYTES,
                    source=shown(str(path)))
    found = raw.get("format") if isinstance(raw, dict) else None
    for entry in GAMES:
        if entry.card_format and entry.card_format == found:
            return entry.name
    return None
