"""What every fishtable app gives its screens: the input gate, the quit keys, F1 help and the rules.

The screens call these by name on `self.app` (`app.help`, `app.rules`,
`app.request_quit`), so each app that shows them (a seat's, the host's setup
form) has them the same way; it says only which help and which rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, TypeVar

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType

from fishtable.tui.deferred import deferred
from fishtable.tui.screens.base import input_blocked

if TYPE_CHECKING:
    from fishtable.tui.screens import help as help_screen
    from fishtable.tui.screens import rules as rules_screen
else:
    # Loaded when F1 or the rules are first asked for: Textual's Markdown widget and its parser
    # cost a third of an empty app's start-up, and the menu comes up as fast as an empty app.
    help_screen = deferred("fishtable.tui.screens.help")
    rules_screen = deferred("fishtable.tui.screens.rules")

ReturnT = TypeVar("ReturnT")


class ShellApp(App[ReturnT]):
    # The palette could open over a hand or a privacy screen; the apps have no use for it.
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "request_quit", "Quit", priority=True),
        Binding("ctrl+c", "request_quit", "Quit", show=False, priority=True),
        Binding("f1", "help", "Help"),
    ]

    def help_markdown(self) -> str:
        """The F1 help's Markdown."""
        return ""

    def rules_game(self) -> str | None:
        """The game whose rules open first (None: the first game's)."""
        return None

    async def on_event(self, event: events.Event) -> None:
        if input_blocked(self, event):
            return
        await super().on_event(event)

    def action_help(self) -> None:
        if not isinstance(self.screen, help_screen.HelpScreen):
            self.push_screen(help_screen.HelpScreen(self.help_markdown()))

    def action_rules(self, game: str | None = None) -> None:
        if not isinstance(self.screen, rules_screen.RulesScreen):
            self.push_screen(rules_screen.RulesScreen(game or self.rules_game()))
