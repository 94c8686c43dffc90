"""The first screen: choose a game, continue the autosave, read the rules, quit.

Light on purpose: it imports only the registry, and checks the autosave in a worker
thread after the first paint (replaying it needs pydantic and an engine, so
`fishtable.tui.autosave` is deferred until then).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Protocol, cast

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from fishtable.engine.registry import GAMES, GameEntry
from fishtable.tui.deferred import deferred
from fishtable.tui.screens.base import FishScreen
from fishtable.tui.widgets.footer import KeysFooter
from fishtable.tui.widgets.options import FishOptionList

if TYPE_CHECKING:
    from fishtable.tui import autosave
    from fishtable.tui.data_folder import SaveStatus
else:
    autosave = deferred("fishtable.tui.autosave")


class MenuHost(Protocol):
    """What the menu asks of the app that shows it (`fishtable.tui.app.FishtableApp`)."""

    save_path: Path
    save_status: SaveStatus | None

    def continue_saved(self) -> None: ...

    def setup_game(self, game: str) -> None: ...

    def learn_game(self, game: str) -> None: ...

    def action_rules(self, game: str | None = None) -> None: ...

    def open_history(self) -> None: ...

    def action_request_quit(self) -> None: ...

TITLE = r"""
  ___ _    _    _        _    _
 | __(_)__| |_ | |_ __ _| |__| |___
 | _|| (_-< ' \|  _/ _` | '_ \ / -_)
 |_| |_/__/_||_|\__\__,_|_.__/_\___|
"""


OTHER_ROWS = 12  # logo 6, tagline 2, the save status 3, the footer 1
LIST_WIDTH = 98  # a game on two lines from 100 columns


def game_option(entry: GameEntry) -> Option:
    text = Text()
    text.append(entry.title, "bold")
    text.append(f"  ({entry.players_text})", "dim")
    if not entry.playable:
        text.append("  — coming soon", "italic")
    text.append(f"\n  {entry.blurb}", "" if entry.playable else "dim")
    return Option(text, id=f"game:{entry.name}", disabled=not entry.playable)


class MenuScreen(FishScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("l", "learn", "Learn to play"),
        Binding("r", "app.rules", "Rules"),
        Binding("h", "history", "History"),
        Binding("q", "app.request_quit", "Quit"),
    ]
    fresh = False  # the options were built on mount and nothing has changed since

    @property
    def fish_app(self) -> MenuHost:
        """The running app, with the methods this screen calls on it."""
        return cast("MenuHost", self.app)

    def compose(self) -> ComposeResult:
        # Straight on the screen, with no container (it cost the first screen its own mount,
        # styling and layout): the screen clips what does not fit, as the container did.
        yield Static(TITLE, id="logo")
        yield Static("Hot-seat fishing card games: pass the keyboard, keep your hand secret.", id="tagline")
        yield FishOptionList(id="menu-list")  # sized and centred by fit_list
        yield Static(id="save-status")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.styles.overflow_x = self.styles.overflow_y = "hidden"  # clip, as the container did, not scroll
        self.fit_list(self.app.size)  # before the first layout, which then needs no second
        self.build_options()
        # Built just now, with no saved game to show: the first look at the save (after the
        # first paint) has nothing to redo if there is still none.
        self.fresh = self.fish_app.save_status is None and not self.fish_app.save_path.exists()

    def on_screen_suspend(self) -> None:
        self.fresh = False

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self.fit_list(event.size)

    def fit_list(self, size: Size) -> None:
        menu = self.still_there("#menu-list", OptionList)
        if menu is None:
            return
        styles = menu.styles
        # The list takes what the logo, the tagline, the status line and the footer leave.
        styles.max_height = max(6, size.height - OTHER_ROWS)
        # Centred as a Center container would place it, without one (the container cost the first
        # screen its own mount, styling and layout): at most LIST_WIDTH wide, the rest split on
        # either side as Center splits it (the left side the smaller by one when it is odd).
        width = min(LIST_WIDTH, size.width)
        styles.width = width
        styles.margin = (0, 0, 0, (size.width - width) // 2)

    def build_options(self) -> None:
        status = self.fish_app.save_status
        options: list[Option] = []
        if status is not None and status.match is not None:
            options.append(Option(Text("Continue the saved game", "bold #9be27a"), id="continue"))
        options += [game_option(entry) for entry in GAMES]
        options += [Option("History", id="history"), Option("Rules", id="rules"), Option("Quit", id="quit")]
        menu = self.still_there("#menu-list", OptionList)
        if menu is None:
            return
        menu.set_options(options)
        menu.highlighted = 0
        menu.focus()
        self._show_status()

    def _show_status(self) -> None:
        status = self.fish_app.save_status
        text = Text()
        if self.fish_app.save_path.exists() and status is None:
            text.append("Checking the saved game…", "italic dim")
        elif status is not None and status.match is not None:
            match = status.match
            names = ", ".join(s.name for s in match.seats)
            text.append(f"A saved game of {match.game.title} with {names} can be continued.")
        elif status is not None and status.error:
            text.append("The saved game cannot be continued: ", "bold #ffb347")
            text.append(status.error)
            text.append("\nThe file is left as it is; a new game keeps a copy of it.", "dim")
        line = self.still_there("#save-status", Static)
        if line is not None:
            line.update(text)

    def check_save(self) -> None:
        if self.fish_app.save_path.exists():
            self._inspect()
        elif self.fresh and self.fish_app.save_status is None:
            self.fresh = False  # still no save, as the menu was built: nothing to redo
        else:
            # Gone (a finished game removes it): no "Continue" that would do nothing.
            self.fish_app.save_status = None
            self.build_options()

    @work(thread=True, exclusive=True, group="autosave")
    def _inspect(self) -> None:
        status = autosave.inspect_autosave(self.fish_app.save_path)
        self.app.call_from_thread(self._inspected, status)

    def _inspected(self, status: SaveStatus) -> None:
        self.fish_app.save_status = status
        self.build_options()

    def on_screen_resume(self) -> None:
        # Also runs when first shown; after a game the save has changed, so look again.
        self.call_after_refresh(self.check_save)

    def action_learn(self) -> None:
        """`l`: a guided first game of the highlighted game, the coach beside the table."""
        menu = self.still_there("#menu-list", OptionList)
        option = menu.highlighted_option if menu is not None else None
        choice = option.id if option is not None and option.id is not None else ""
        if not choice.startswith("game:") or option is None or option.disabled:
            self.notify("Highlight a game first (↑ ↓), then press l to learn it.", markup=False)
            return
        self.fish_app.learn_game(choice.removeprefix("game:"))

    def action_history(self) -> None:
        self.fish_app.open_history()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id or ""
        if choice == "continue":
            self.fish_app.continue_saved()
        elif choice.startswith("game:"):
            self.fish_app.setup_game(choice.removeprefix("game:"))
        elif choice == "history":
            self.fish_app.open_history()
        elif choice == "rules":
            self.fish_app.action_rules()
        elif choice == "quit":
            self.fish_app.action_request_quit()
