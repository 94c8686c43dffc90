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


def _game_bots(game: str) -> dict[str, Any]:
    """A game's own computer players: the `BOTS` table of its `bots` module, if it has one."""
    from fishtable.engine.registry import get_entry

    module = get_entry(game).module
    if module is None:
        return {}
    try:
        return dict(importlib.import_module(f"{module}.bots").BOTS)
    except ModuleNotFoundError as exc:
        if exc.name != f"{module}.bots":
            raise
        return {}


def bot_names(game: str) -> list[str]:
    return ["random", *_game_bots(game)]


def get_bot(game: str, name: str) -> Bot:
    if name == "random":
        return RandomBot()
    bots = _game_bots(game)
    if name in bots:
        return bots[name]()
    raise LookupError(f"No computer player called {name!r}; choose from {', '.join(bot_names(game))}.")


def bot_rng(seed: int, seat: int, step: int) -> random.Random:
    """A generator for one decision, so bot play is reproducible from the game seed."""
    return random.Random(seed * 1_000_003 + step * 101 + seat)


def choose_action(match: Any, seat: int) -> Any:
    """The move of a match seat's computer player (its `SeatInfo.bot`, "greedy" if unset).

    The bot sees only what the seat may see: `match.view(seat)` (when it reads a
    view) and `match.legal_actions(seat)`; its generator is `bot_rng(match.seed,
    seat, match.step_count)`, so a replayed game makes the same moves.
    """
    bot = get_bot(match.game.name, match.seats[seat].bot or "greedy")
    view = match.view(seat) if bot.needs_view else None
    rng = bot_rng(match.seed, seat, match.step_count)
    return bot.choose(view, match.legal_actions(seat), rng)
