"""The catalogue of games, found through the `fishtable.games` entry points of the installed
packages. Light to import: engines load only when asked for."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # annotations only: the catalogue is light to import (no pydantic)
    from fishtable.engine.protocol import SomeGame


@dataclass(frozen=True)
class GameEntry:
    name: str
    title: str
    blurb: str
    min_players: int
    max_players: int
    module: str | None  # the rules engine; None while it is not written yet
    ui: str | None = None  # the app plug-in (see CONTRIBUTING.md); None: not in the app yet
    card_format: str | None = None  # the "format" of its card files, so a file can say which game it is for
    menu_order: int = 100  # where lists of games put it (then by name): the built-in ones first

    @property
    def playable(self) -> bool:
        """Can the app offer this game: both its engine and its plug-in exist."""
        return self.module is not None and self.ui is not None

    @property
    def players_text(self) -> str:
        return f"{self.min_players}-{self.max_players} players"

    def load(self) -> SomeGame:
        """Import the engine and return its game object."""
        if self.module is None:
            raise LookupError(f"{self.title} is not playable yet.")
        game: SomeGame = importlib.import_module(self.module).GAME
        return game

    def load_ui(self) -> Any:
        """Import the app plug-in and return its `UI` object (a `fishtable.tui.plugin.GameUI`: the
        engine, below the app, cannot name that type)."""
        if self.ui is None:
            raise LookupError(f"{self.title} cannot be played in the app yet.")
        return importlib.import_module(self.ui).UI


ENTRY_POINT_GROUP = "fishtable.games"  # a package's games: `name = "module:ENTRY"`, ENTRY a GameEntry
# Games that were declared but could not be loaded, in words (`fishtable` prints them).
PROBLEMS: list[str] = []


def _problem(words: str) -> None:
    if words not in PROBLEMS:  # the catalogue may be read again (install_found)
        PROBLEMS.append(words)


def discover() -> list[GameEntry]:
    """The games every installed package declares under ENTRY_POINT_GROUP, in their menu order,
    as Harlequin finds its adapters: a game can live in a package of its own. A declaration
    that cannot be loaded is skipped, and said in PROBLEMS, never a crash."""
    found: list[GameEntry] = []
    for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda point: point.name):
        try:
            entry = point.load()
        except Exception as exc:  # another package's bug must not stop the app: said, then skipped
            _problem(f"The game {point.name!r} ({point.value}) could not be loaded: {exc}")
            continue
        if not isinstance(entry, GameEntry) or entry.name != point.name:
            _problem(f"The game {point.name!r} ({point.value}) is not a GameEntry of that name.")
        elif (first := next((e for e in found if e.name == entry.name), None)) is not None:
            _problem(f"The game {point.name!r} is declared twice; the first ({first.module}) is used.")
        else:
            found.append(entry)
    return sorted(found, key=lambda entry: entry.menu_order)  # stable: by name within an order


GAMES: list[GameEntry] = discover()


def install_found() -> list[GameEntry]:
    """Add the games declared since the catalogue was read (a package installed while running:
    the tests' High Card); returns those added."""
    added = [entry for entry in discover() if all(e.name != entry.name for e in GAMES)]
    GAMES.extend(added)
    return added


def register(entry: GameEntry) -> None:
    """Add a game to the catalogue (a game of one's own, or a test's); its name must be new."""
    if any(e.name == entry.name for e in GAMES):
        raise ValueError(f"A game called {entry.name!r} is registered already.")
    GAMES.append(entry)


def unregister(name: str) -> None:
    GAMES[:] = [e for e in GAMES if e.name != name]


def get_entry(name: str) -> GameEntry:
    for entry in GAMES:
        if entry.name == name:
            return entry
    known = ", ".join(e.name for e in GAMES)
    raise LookupError(f"Unknown game {name!r}; the games are: {known}.")


def load_game(name: str) -> SomeGame:
    return get_entry(name).load()
