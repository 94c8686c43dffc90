"""The shapes the computer players share: a bot, and a game the search can play."""

from __future__ import annotations

import random
from typing import Any, Protocol

from fishtable.engine.protocol import Game, SearchableGame


class Bot(Protocol):
    """A computer player: it sees one seat's view (when `needs_view`) and the legal actions.

    Views and actions are each game's own types, so they are `Any` here.
    """

    name: str
    needs_view: bool  # False lets fast playouts skip building views

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any: ...


class SearchGame(Game[Any], SearchableGame, Protocol):
    """A game that deals worlds from a view: what the hard player searches."""
