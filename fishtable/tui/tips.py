"""Tips for new players: one line, the first time a special card, event or situation appears.

A game's tips are data (`assets/<game>/tips.json`, the folder its plug-in names in
`GameUI.assets`): each tip has the subjects that trigger it, a sentence, the rule
clauses it teaches and the words that find its full rule in the rules text.

A subject is a plain string read from what a screen shows:

- `card:<value>`: a card's `type`, `special` or `effect` (or `name:<name>`) anywhere in
  the view the screen draws;
- `phase:<phase>`: the view's phase (or stage);
- `event:<kind>`: a log line new on this screen;
- `prompt:<kind>`: the decision asked on it.

Hidden information: a screen's subjects come only from what that screen may show. A
public screen reads the public view and public log lines, so its tip can name no card
hidden from anyone at the table; a seat's private screen reads that seat's view.

Which tips a player has seen is kept per player name in the data folder
(`tips_seen.json`, written atomically); a damaged file is set aside in words and
read as empty, never a crash.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from rich.text import Text

from fishtable.engine.assets import asset_path
from fishtable.engine.errors import FishtableError, SaveFileError
from fishtable.engine.files import read_json
from fishtable.engine.saves import write_atomic
from fishtable.engine.text import PlainName, PlainText
from fishtable.tui.remembered import REMEMBERED_NAME, remember_tips, remembered_tips

if TYPE_CHECKING:
    from fishtable.engine.protocol import Event, TableView

TIPS_FILE = "tips.json"
TIPS_FORMAT = "fishtable-tips"
SEEN_NAME = "tips_seen.json"
ON_TABLE = "table:"  # a tip seen on the public table is recorded under this prefix
# The card fields whose values name what a card is (not which copy it is).
CARD_KEYS = ("type", "special", "effect")


class _TipModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(min_length=1, max_length=60, pattern=r"^[a-z0-9_.-]+$")
    when: tuple[str, ...] = Field(min_length=1, max_length=20)
    text: PlainText = Field(min_length=1, max_length=160)
    clauses: tuple[str, ...] = Field(default=(), max_length=12)
    rule: PlainText = Field(default="", max_length=80)  # words that find the rule text


class _TipFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    format: str = Field(pattern=f"^{TIPS_FORMAT}$")
    version: int = Field(ge=1, le=1)
    tips: tuple[_TipModel, ...] = Field(max_length=200)


@dataclass(frozen=True)
class Tip:
    """One tip: what triggers it, its line, the clauses it teaches, the words of its rule."""

    id: str
    when: tuple[str, ...]
    text: str
    clauses: tuple[str, ...]
    rule: str


class TipsFileError(FishtableError):
    """A shipped tips file that cannot be read (a packaging fault: tips then stay silent)."""


@cache
def load_tips(folder: str) -> tuple[Tip, ...]:
    """The tips of the game whose data lives in `assets/<folder>/` (none if it has no file)."""
    path = asset_path(folder, TIPS_FILE)
    if not path.is_file():
        return ()
    data = _TipFile.model_validate(read_json(path, error=TipsFileError, max_bytes=256 * 1024))
    return tuple(Tip(t.id, t.when, t.text, t.clauses, t.rule) for t in data.tips)


# -- what a screen shows --------------------------------------------------------------------
def card_subjects(data: object) -> set[str]:
    """`card:` subjects of every card in a view dumped to plain data (a card: a mapping with
    an `id` and a `name`)."""
    found: set[str] = set()
    stack: list[object] = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, Mapping):
            if "id" in item and "name" in item:
                for key in CARD_KEYS:
                    value = item.get(key)
                    if isinstance(value, Mapping):  # an effect described by its type
                        value = value.get("type")
                    if isinstance(value, str):
                        found.add(f"card:{value}")
                if isinstance(item.get("name"), str):
                    found.add(f"name:{item['name']}")
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def view_subjects(view: TableView) -> set[str]:
    """The subjects a view shows: its cards and its phase (or stage, where it names one)."""
    data = view.model_dump(mode="json")
    found = card_subjects(data)
    phase = data.get("phase")
    if not isinstance(phase, str):
        phase = data.get("stage")
    if isinstance(phase, str):
        found.add(f"phase:{phase}")
    return found


def event_subjects(entries: Sequence[tuple[int, Event]], news_from: int, public: bool) -> set[str]:
    """`event:` subjects of the log lines new on this screen; a public screen reads only public lines."""
    return {f"event:{event.kind}" for index, event in entries
            if index >= news_from and (event.visible_to is None or not public)}


def first_tip(tips: Iterable[Tip], subjects: set[str], seen: set[str]) -> Tip | None:
    """The first tip (in the file's order) triggered here and not seen yet."""
    return next((tip for tip in tips if tip.id not in seen and not subjects.isdisjoint(tip.when)), None)


# -- on or off, per game (setup.json, like the seats) -----------------------------------------
def tips_remembered(data_dir: Path, game: str) -> bool:
    """Tips in this game, as its last setup chose (on by default)."""
    return remembered_tips(data_dir / REMEMBERED_NAME, game)


def remember_tips_choice(data_dir: Path, game: str, on: bool) -> None:
    remember_tips(data_dir / REMEMBERED_NAME, game, on)


# -- what each player has seen --------------------------------------------------------------
class _Seen(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: int = Field(default=1, ge=1, le=1)
    # name -> game -> tip ids
    names: dict[PlainName, dict[str, list[str]]] = Field(default_factory=dict, max_length=500)


class SeenTips:
    """The tips each player name has seen, per game, kept in the data folder (or in memory
    only, with no path). A damaged file is ignored, and `problem` says so once."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.problem: str | None = None
        self.record = _Seen()
        if path is not None and path.exists():
            try:
                self.record = _Seen.model_validate(read_json(path, error=SaveFileError, max_bytes=512 * 1024))
            except (SaveFileError, ValidationError, OSError):
                self.problem = (f"The record of the tips already seen ({path.name}) could not be read; "
                                "tips will show again as if new.")

    def seen(self, name: str, game: str) -> set[str]:
        return set(self.record.names.get(name, {}).get(game, []))

    def mark(self, names: Iterable[str], game: str, tip: str) -> None:
        """`tip` has been shown to these players: remembered (best effort: a full disk or a
        read-only folder only means a tip may show again)."""
        for name in names:
            games = self.record.names.setdefault(name, {})
            ids = games.setdefault(game, [])
            if tip not in ids:
                ids.append(tip)
        if self.path is not None:
            with suppress(FishtableError, OSError):
                write_atomic(self.path, self.record.model_dump_json())


# -- one game's tips at one table -------------------------------------------------------------
class TipDesk:
    """The tips of one game at one table: which to show on a screen, remembered as seen by
    the players who see it (every person at the table for the public table, the seat's own
    player for its private screen; computer seats see none)."""

    def __init__(self, tips: tuple[Tip, ...], game: str, seen: SeenTips, names: Sequence[str | None]) -> None:
        self.tips = tips
        self.game = game
        self.seen = seen
        self.names = tuple(names)  # per seat: the person's name, or None for a computer seat

    def for_screen(self, view: TableView, entries: Sequence[tuple[int, Event]], news_from: int,
                   prompt: str | None, seat: int | None) -> Tip | None:
        """The tip for a screen that draws `view` and these log lines: the public table
        (`seat` None) or `seat`'s own private screen. Marked seen once returned."""
        public = seat is None
        if public:
            names = [name for name in self.names if name is not None]
        else:
            own = self.names[seat] if seat is not None and 0 <= seat < len(self.names) else None
            names = [own] if own is not None else []
        if not names:
            return None
        subjects = view_subjects(view) | event_subjects(entries, news_from, public)
        if prompt:
            subjects.add(f"prompt:{prompt}")
        if public:
            # New to the table if any person at it has not seen it on the table. Only what was
            # shown on the table counts: whether the table shows a tip must never depend on
            # what a seat was told alone (its hand), or the tip's absence would tell.
            seen = set.intersection(*({i.removeprefix(ON_TABLE) for i in self.seen.seen(name, self.game)
                                       if i.startswith(ON_TABLE)} for name in names))
        else:
            seen = {i.removeprefix(ON_TABLE) for i in self.seen.seen(names[0], self.game)}
        tip = first_tip(self.tips, subjects, seen)
        if tip is not None:
            self.seen.mark(names, self.game, ON_TABLE + tip.id if public else tip.id)
        return tip


@runtime_checkable
class TipsHost(Protocol):
    """An app that gives tips (the hot-seat app): a screen asks it for the tip it shows."""

    def tip_for(self, view: TableView, entries: Sequence[tuple[int, Event]], news_from: int,
                prompt: str | None, seat: int | None) -> Tip | None:
        """The tip for a screen (see `TipDesk.for_screen`), or None (tips off, none new)."""
        ...


def tip_line(tip: Tip) -> Text:
    """A tip as one line on the screen where its subject appears (drawn literally)."""
    line = Text()
    line.append("Tip: ", "bold #ffd75e")
    line.append(tip.text)
    line.append("  ? rule", "dim")
    return line
