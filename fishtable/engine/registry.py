"""The catalogue of games. Light to import: engines load only when asked for."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameEntry:
    name: str
    title: str
    blurb: str
    min_players: int
    max_players: int
    module: str | None  # None while the game is not playable yet

    @property
    def playable(self) -> bool:
        return self.module is not None

    @property
    def players_text(self) -> str:
        return f"{self.min_players}-{self.max_players} players"

    def load(self) -> Any:
        """Import the engine and return its game object."""
        if self.module is None:
            raise LookupError(f"{self.title} is not playable yet.")
        return importlib.import_module(self.module).GAME


GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        "crazy-fishing",
        "Crazy Fishing",
        "Cast rods and bait in secret, then race to hook the best fish from an untidy sea.",
        2,
        6,
        "fishtable.games.crazy_fishing",
    ),
    GameEntry(
        "fishing-party",
        "Fishing Party",
        "Match lures to fish and roll the die; snap, tangle and steal your way to the biggest catch.",
        2,
        5,
        "fishtable.games.fishing_party",
    ),
    GameEntry(
        "big-fish",
        "Big Fish",
        "Spawn, grow and catch fish in your own fishing spot before the season closes.",
        2,
        5,
        None,
    ),
    GameEntry(
        "fishing-party-poker",
        "Fishing Party Poker",
        "Five-card poker with the Fishing Party deck: swap with the community, bet, show down.",
        2,
        8,
        None,
    ),
)


def get_entry(name: str) -> GameEntry:
    for entry in GAMES:
        if entry.name == name:
            return entry
    known = ", ".join(e.name for e in GAMES)
    raise LookupError(f"Unknown game {name!r}; the games are: {known}.")


def load_game(name: str) -> Any:
    return get_entry(name).load()
