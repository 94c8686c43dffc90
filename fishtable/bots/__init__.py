"""Computer players. A bot sees one seat's view and the legal actions, never the state."""

from __future__ import annotations

import importlib
import random
from typing import Any, Protocol


class Bot(Protocol):
    name: str
    needs_view: bool  # False lets fast playouts skip building views

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any: ...


class RandomBot:
    """Uniform over the legal actions."""

    name = "random"
    needs_view = False

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        return legal[int(rng.random() * len(legal))]


_GAME_BOTS = {"crazy-fishing": "fishtable.games.crazy_fishing.bots"}


def bot_names(game: str) -> list[str]:
    names = ["random"]
    if game in _GAME_BOTS:
        names += list(importlib.import_module(_GAME_BOTS[game]).BOTS)
    return names


def get_bot(game: str, name: str) -> Bot:
    if name == "random":
        return RandomBot()
    if game in _GAME_BOTS:
        bots = importlib.import_module(_GAME_BOTS[game]).BOTS
        if name in bots:
            return bots[name]()
    raise LookupError(f"No computer player called {name!r}; choose from {', '.join(bot_names(game))}.")


def bot_rng(seed: int, seat: int, step: int) -> random.Random:
    """A generator for one decision, so bot play is reproducible from the game seed."""
    return random.Random(seed * 1_000_003 + step * 101 + seat)
