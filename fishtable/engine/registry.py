"""The catalogue of games. Light to import: engines load only when asked for."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
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


GAMES: list[GameEntry] = [
    GameEntry(
        "crazy-fishing",
        "Crazy Fishing",
        "Cast rods and bait in secret, then race to hook the best fish from an untidy sea.",
        2,
        6,
        "fishtable.games.crazy_fishing",
        "fishtable.plugins.crazy_fishing",
        "fishtable-crazy-fishing-cards",
    ),
    GameEntry(
        "fishing-party",
        "Fishing Party",
        "Match lures to fish and roll the die; snap, tangle and steal your way to the biggest catch.",
        2,
        5,
        "fishtable.games.fishing_party",
        "fishtable.plugins.fishing_party",
        "fishtable-fishing-party-cards",
    ),
    GameEntry(
        "big-fish",
        "Big Fish",
        "Spawn, grow and catch fish in your own fishing spot before the season closes.",
        2,
        5,
        "fishtable.games.big_fish",
        "fishtable.plugins.big_fish",
        "fishtable-big-fish-cards",
    ),
    GameEntry(
        "fishing-party-poker",
        "Fishing Party Poker",
        "Five-card poker with the Fishing Party deck: swap with the community, bet, show down.",
        2,
        8,
        "fishtable.games.fishing_party_poker",
        "fishtable.plugins.fishing_party_poker",
        "fishtable-fishing-party-poker-cards",
    ),
]


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
