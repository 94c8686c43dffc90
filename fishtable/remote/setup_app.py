"""`fishtable host`'s setup: the app's own setup form, with a seat kind for players who join by link.

The form is the shell's `SetupScreen` (seats, names, the game's options, a
series, a seed), given three kinds of seat: a player here at the host's
keyboard, a remote player who joins with a link, or a computer player. With
no `--game`, a list of the games comes first. The app only chooses: it ends
with a `HostChoice` (the dealt match, each seat's kind, the series), and the
host command serves it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import ClassVar

from pydantic import BaseModel, ValidationError
from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import OptionList, Static

import fishtable.tui
from fishtable.engine.errors import FishtableError
from fishtable.engine.files import validation_message
from fishtable.engine.match import Match, SomeMatch
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import GAMES, get_entry
from fishtable.engine.series import SeriesRules
from fishtable.remote.record import SeatKind
from fishtable.tui.screens.apps import ShellApp
from fishtable.tui.screens.base import FishScreen
from fishtable.tui.screens.menu import game_option
from fishtable.tui.screens.setup import SetupScreen, seat_kinds
from fishtable.tui.widgets.footer import KeysFooter
from fishtable.tui.widgets.options import FishOptionList

_STYLES = Path(fishtable.tui.__file__).parent / "styles"
HERE = "human"  # the setup's own value for a person: here, at the host's keyboard
REMOTE = "remote"
HOST_HELP = """\
## Setting up a table

Each seat is played **here** (at this keyboard; several seats here pass the
keyboard between them, as in the app), **by link** (a player who joins from a
terminal of their own with `fishtable join LINK`, or opens the link in a web
browser), or by the **computer**. At least one seat joins by link.
Ctrl+S deals, and the host prints each remote seat's link.
"""


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


def host_kinds(game: str) -> list[tuple[str, str]]:
    """Here, by link, then the game's computer levels (as the app offers them)."""
    bots = [(words, value) for words, value in seat_kinds(game) if value != HERE]
    return [("Human, here at this keyboard", HERE), ("Human, joins by link (remote)", REMOTE), *bots]


@dataclass(frozen=True)
class HostChoice:
    """What the setup chose: the match dealt, each seat's kind, the series (SeriesRules)."""

    match: SomeMatch
    kinds: tuple[SeatKind, ...]
    series: SeriesRules


def table_kinds(values: list[str]) -> tuple[SeatKind, ...]:
    """The host's seat kinds from the setup's values."""
    return tuple("local" if v == HERE else "remote" if v == REMOTE else "computer" for v in values)


def kinds_problem(kinds: tuple[SeatKind, ...]) -> str | None:
    if "remote" not in kinds:
        return "At least one seat must join by link (remote); with everyone here, play in the app."
    return None


class GamePicker(FishScreen):
    """Which game the table deals (skipped when `--game` said so)."""

    def compose(self) -> ComposeResult:
        yield Static(Text("fishtable host — which game does the table deal?", "bold"), id="tagline")
        options = FishOptionList(id="menu-list")
        yield options
        yield KeysFooter()

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        menu.set_options([game_option(entry) for entry in GAMES])
        menu.highlighted = 0
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id or ""
        if choice.startswith("game:"):
            app = self.app
            assert isinstance(app, HostSetupApp)
            app.open_setup(choice.removeprefix("game:"))

    def on_screen_resume(self) -> None:
        super().on_screen_resume()
        app = self.app
        if isinstance(app, HostSetupApp) and app.game is not None and app.opened:
            app.exit(None)  # the setup of the game named on the command line was left: nothing is dealt


class HostSetupApp(ShellApp[HostChoice | None]):
    """The setup form alone; it ends with the choice (None: left without dealing)."""

    TITLE = "fishtable host"
    CSS_PATH: ClassVar[list[str | PurePath]] = [_STYLES / "app.tcss", _STYLES / "forms.tcss"]

    def __init__(self, game: str | None, data_dir: Path, card_file: str | None = None,
                 seed: int | None = None, autosave: bool = True) -> None:
        super().__init__()
        self.game = game
        self.data_dir = data_dir  # the setup remembers the game's options here, as the app does
        self.card_file = card_file
        self.seed = seed  # --seed, when the form leaves its own empty
        self.autosave = autosave
        self.opened = False
        self.choice: HostChoice | None = None

    def on_mount(self) -> None:
        self.push_screen(GamePicker())
        if self.game is not None:
            self.call_after_refresh(self.open_setup, self.game)

    def open_setup(self, game: str) -> None:
        self.opened = True
        self.push_screen(SetupScreen(game, card_file=self.card_file, kinds=host_kinds(game),
                                     default_kinds=(HERE, REMOTE)))

    # -- what the setup screen calls ----------------------------------------------------------
    def start_new_game(self, game: str, options: BaseModel, seats: list[tuple[str, str | None]], seed: int | None,
                       series: SeriesRules | None = None) -> str | None:
        """Deal the table the form describes; a message if it cannot be dealt."""
        screen = self.screen
        assert isinstance(screen, SetupScreen)
        kinds = table_kinds(screen.seat_kind_values())
        problem = kinds_problem(kinds)
        if problem is not None:
            return problem
        try:
            engine = get_entry(game).load()
            infos = [SeatInfo(name=name, bot=bot) for name, bot in seats]
            chosen = seed if seed is not None else self.seed if self.seed is not None else new_seed()
            match = Match.start(engine, options, infos, chosen)
        except ValidationError as exc:
            return validation_message(exc, "The options cannot be used")
        except (FishtableError, LookupError, ValueError, OSError) as exc:
            return str(exc)
        self.choice = HostChoice(match, kinds, series if series is not None else SeriesRules())
        self.exit(self.choice)
        return None

    # -- the shell's app interface the screens use --------------------------------------------
    def arming_time(self, kind: str) -> float:
        return 0.0  # nothing secret is chosen here

    def help_markdown(self) -> str:
        return HOST_HELP

    def rules_game(self) -> str | None:
        return self.game

    def action_request_quit(self) -> None:
        self.exit(None)
