"""The fishtable Textual app: menus around a hot-seat flow.

Imports stay light until a game is chosen: the registry is plain data, and
pydantic, the engines and the card data load only when a game starts or the
autosave is checked (in a worker, after the first paint).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from fishtable.tui.autosave import AUTOSAVE_NAME, SaveStatus, default_data_dir
from fishtable.tui.screens.menu import MenuScreen


class FishtableApp(App):
    TITLE = "fishtable"
    CSS_PATH: ClassVar[list[str]] = ["styles/app.tcss", "styles/table.tcss", "styles/forms.tcss"]
    # The palette could open over a hand or a privacy screen; the app has no use for it.
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "request_quit", "Quit", priority=True),
        Binding("f1", "help", "Help"),
    ]

    def __init__(
        self,
        data_dir: Path | str | None = None,
        start_match: Any = None,
        bot_pause: float = 0.7,
        autosave: bool = True,
        card_file: Path | str | None = None,
    ) -> None:
        super().__init__()
        # The Crazy Fishing card file new games use (None: the built-in cards); the
        # setup screen shows it and may change it for one game.
        self.card_file = str(card_file) if card_file is not None else None
        self.data_dir = Path(data_dir) if data_dir is not None else default_data_dir()
        self.save_path = self.data_dir / AUTOSAVE_NAME
        self.start_match = start_match
        self.bot_pause = bot_pause
        self.autosave = autosave
        self.save_status: SaveStatus | None = None
        self.flow: Any = None
        self.last_setup: tuple[str, Any, list[Any]] | None = None

    def on_mount(self) -> None:
        self.push_screen(MenuScreen())
        if self.start_match is not None:
            self.begin_match(self.start_match)

    # -- starting and leaving games -----------------------------------------------
    def setup_game(self, game: str) -> None:
        from fishtable.tui.screens.confirm import ConfirmScreen
        from fishtable.tui.screens.setup import SetupScreen

        def open_setup(go: bool | None = True) -> None:
            if go:
                self.push_screen(SetupScreen(game, card_file=self.card_file))

        status = self.save_status
        if self.autosave and status is not None and status.match is not None:
            # A new game replaces the autosave: ask first, it cannot be undone.
            question = (
                f"A saved game of {status.match.game.title} is waiting to be continued.\n"
                "A new game will replace it. Set up a new game anyway?"
            )
            self.push_screen(ConfirmScreen(question), open_setup)
        else:
            open_setup()

    def start_new_game(
        self,
        game: str,
        options: dict[str, Any],
        seats: list[tuple[str, str | None]],
        seed: int | None,
    ) -> str | None:
        """Start a game from the setup screen. Returns a message if it cannot start."""
        from pydantic import ValidationError

        from fishtable.engine.errors import FishtableError
        from fishtable.engine.match import Match
        from fishtable.engine.protocol import SeatInfo
        from fishtable.engine.registry import get_entry

        try:
            engine = get_entry(game).load()
            model = engine.options_model().model_validate(options)
            if "card_file" in options:
                _check_cards(model)
            seat_infos = [SeatInfo(name=name, bot=bot) for name, bot in seats]
            match = Match.start(engine, model, seat_infos, seed if seed is not None else _new_seed())
        except (FishtableError, ValidationError, LookupError, ValueError, OSError) as exc:
            message = _readable(exc)
            self.notify(message, severity="error", timeout=8, markup=False)
            return message
        except Exception as exc:  # anything else the options or the card data trip over
            message = f"The game cannot start ({type(exc).__name__}: {exc})."
            self.notify(message, severity="error", timeout=8, markup=False)
            return message
        self.last_setup = (game, model, seat_infos)
        self.begin_match(match)
        return None

    def begin_match(self, match: Any) -> None:
        from fishtable.tui.autosave import keep_damaged
        from fishtable.tui.flow import HotSeatFlow

        if self.flow is not None:
            self.flow.stop()
        status = self.save_status
        if self.autosave and status is not None and status.error and status.match is None:
            kept = keep_damaged(self.save_path)
            if kept is not None:
                self.notify(f"The damaged save was kept as {kept.name}.", markup=False)
        self.save_status = None
        self._pop_to_menu()
        save_path = self.save_path if self.autosave else None
        self.flow = HotSeatFlow(self, match, save_path, self.bot_pause)
        self.flow.begin()

    def continue_saved(self) -> None:
        status = self.save_status
        if status is not None and status.match is not None:
            match, status.match = status.match, None
            self.begin_match(match)

    def game_finished(self, match: Any) -> None:
        """The game is over: its autosave has nothing left to continue."""
        if self.autosave and self.flow is not None and self.flow.save_path is not None:
            self.flow.save_path.unlink(missing_ok=True)

    def action_play_again(self) -> None:
        if self.flow is None:
            return
        from fishtable.engine.match import Match

        match = self.flow.match
        self.begin_match(Match.start(match.game, match.options, match.seats, _new_seed()))

    def action_to_menu(self) -> None:
        if self.flow is not None:
            self.flow.stop()
            self.flow = None
        self._pop_to_menu()

    def _pop_to_menu(self) -> None:
        while len(self.screen_stack) > 1 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()

    # -- everywhere ---------------------------------------------------------------
    def action_help(self) -> None:
        from fishtable.tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_rules(self) -> None:
        from fishtable.tui.screens.rules import RulesScreen

        if not isinstance(self.screen, RulesScreen):
            self.push_screen(RulesScreen())

    def action_request_quit(self) -> None:
        from fishtable.tui.screens.quit import QuitScreen

        if isinstance(self.screen, QuitScreen):
            return

        def answered(quit_now: bool | None) -> None:
            if quit_now:
                if self.flow is not None:
                    self.flow.stop()
                self.exit()

        self.push_screen(QuitScreen(in_game=self.flow is not None), answered)


def _check_cards(options: Any) -> None:
    """Load the chosen card file now, so a malformed one is reported before the deal."""
    path = getattr(options, "card_file", None)
    if path:
        from fishtable.games.crazy_fishing.cards import load_card_file

        load_card_file(Path(path))


def _readable(exc: Exception) -> str:
    """An error in words: pydantic's validation errors without their URLs."""
    errors = getattr(exc, "errors", None)
    if callable(errors):
        try:
            parts = [f"{'.'.join(str(x) for x in e['loc']) or 'options'}: {e['msg']}" for e in errors()]
            return "The options cannot be used: " + "; ".join(parts)
        except Exception:
            pass
    return str(exc)


def _new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)
