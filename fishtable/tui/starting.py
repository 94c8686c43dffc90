"""The app's game half: starting, continuing and replaying games.

`fishtable.tui.app` keeps the menu light (issue 20: the first screen costs no more
than an empty Textual app) and defers this module, which loads pydantic, the
engines and the game's plug-in, until a game is chosen or continued.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from textual.app import App

from fishtable.engine.errors import FishtableError
from fishtable.engine.files import field_path, plain_words
from fishtable.engine.match import Match, SomeMatch
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import get_entry
from fishtable.engine.series import Series, SeriesRules
from fishtable.tui.coach.start import guided_game
from fishtable.tui.flow import HotSeatFlow
from fishtable.tui.remembered import REMEMBERED_NAME, remember_seats, remembered_seats
from fishtable.tui.screens.setup import SetupScreen
from fishtable.tui.session import SESSION_NAME, load_session
from fishtable.tui.widgets.coach_panel import mark_coached, panel_on

# Learn to play (the app names them here, with the rest of its game half): a guided game, its panel.
__all__ = ["SESSION_NAME", "GameWontStart", "guided_game", "load_session", "mark_coached", "panel_on"]

Seats = list[tuple[str, str | None]]


class GameWontStart(Exception):
    """The options, the seats or the card data cannot make a game; the message says why, in words."""


def setup_screen(game: str, data_dir: Path, card_file: str | None) -> SetupScreen:
    """The setup of `game`, with the seats last used for it at this table filled in."""
    seats = remembered_seats(data_dir / REMEMBERED_NAME, game)
    return SetupScreen(game, card_file=card_file, last=(seats, None) if seats is not None else None)


# The flow of a game chosen by name at run time (the menu, a save): see `SomeGame`.
SomeFlow = HotSeatFlow[Any, Any, Any]
AppResultT = TypeVar("AppResultT")  # what the app returns


def start_match(game: str, options: BaseModel, seats: Seats, seed: int | None) -> SomeMatch:
    """A new match of `game` (options: the game's validated model); GameWontStart if it cannot be."""
    try:
        engine = get_entry(game).load()
        seat_infos = [SeatInfo(name=name, bot=bot) for name, bot in seats]
        return Match.start(engine, options, seat_infos, seed if seed is not None else new_seed())
    except (FishtableError, ValidationError, LookupError, ValueError, OSError) as exc:
        raise GameWontStart(readable(exc)) from exc
    except Exception as exc:  # anything else the options or the card data trip over
        raise GameWontStart(f"The game cannot start ({type(exc).__name__}: {exc}).") from exc


def remember(data_dir: Path, match: SomeMatch) -> None:
    """Remember the match's seats for the next setup of its game at this table."""
    remember_seats(data_dir / REMEMBERED_NAME, match.game.name, [(s.name, s.bot) for s in match.seats])


def again(match: SomeMatch) -> SomeMatch:
    """The same game, options and seats, dealt anew."""
    return Match.start(match.game, match.options, match.seats, new_seed())


def new_series(rules: SeriesRules | None, match: SomeMatch) -> Series:
    return Series.start(rules if rules is not None else SeriesRules(), tuple(s.name for s in match.seats))


def new_flow(
    app: App[AppResultT], match: SomeMatch, save_path: Path | None, bot_pause: float, series: Series | None,
    seconds: float, finished: Callable[[SomeMatch], None],
) -> SomeFlow:
    """The hot-seat flow that plays `match` on `app`, with its game's plug-in."""
    entry = get_entry(match.game.name)
    return HotSeatFlow(app, match, save_path, bot_pause, entry.load_ui(), entry.title, series, seconds,
                       finished=finished)


def readable(exc: Exception) -> str:
    """An error in words: pydantic's validation errors as plain phrases."""
    if isinstance(exc, ValidationError):
        parts = [f"{field_path(e.get('loc', ())) or 'options'} {plain_words(e)}" for e in exc.errors()]
        return "The options cannot be used: " + "; ".join(parts) + "."
    return str(exc)


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)
