"""Key help, reachable with F1 from every screen: the shell's keys, then the game's."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from fishtable.tui.screens.base import FishScreen
from fishtable.tui.widgets.footer import KeysFooter

HELP = """\
# Keys

| Where | Keys |
|---|---|
| Everywhere | **F1** this help · **r** the rules · **Ctrl+Q** or **Ctrl+C** quit (the game stays saved) |
| In a game | **?** the game's quick-reference card (on a tip: the full rule of what it names) |
| Menus and lists | **↑ ↓** move · **Enter** choose · **Tab** next field |
| Privacy screen | **Enter** when only the named player can see the screen (it waits a moment first) |
| News on the table | **Enter** once everyone has seen what happened, then pass the keyboard |
| The log on the table | **PgUp PgDn** scroll it |
| A question to the table | your seat's **number** to claim · **Enter** nobody, go on |
| Results | **n** the next game of a series · **p** play again · **m** menu (a series asks first) |

Every seat is either *human* or *computer*. When two or more people play,
the screen is covered before and after every secret decision: pass the
keyboard, and press Enter only when nobody else can see. Before the keyboard
moves on, the table shows everyone what just happened (marked ▶ NEW).
"""


class HelpScreen(FishScreen):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,f1", "app.pop_screen", "Back")]

    def __init__(self, game_help: str = "") -> None:
        super().__init__()
        self.game_help = game_help

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Markdown(HELP + ("\n" + self.game_help if self.game_help else ""))
        yield KeysFooter()
