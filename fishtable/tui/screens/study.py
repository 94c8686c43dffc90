"""A seat studies what the rules gave it in secret (a hidden draw) before its screen is hidden.

The planner asks for it (`planner.StudyPrivate`) when a seat's turn ends with
cards it never saw (a refill at the end of a turn, say): its own
cards, the new ones marked, and the words of what it was given, until Enter.
Nothing is decided here, and the next screen hides it (a pass screen or the
public table). It arms like a decision screen: keys typed before it was on
screen never reach it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from fishtable.tui.decision import Acknowledged
from fishtable.tui.screens.base import FishScreen
from fishtable.tui.widgets.footer import KeysFooter


class StudyScreen(FishScreen):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "done", "Seen: hide my cards")]
    ARMING = "decision"

    def __init__(self, name: str, seat: int, lines: Sequence[str], hand: Widget | None, ticket: int) -> None:
        super().__init__(classes="private")
        self.player = name
        self.seat = seat  # the key rule asks whose screen this is (fishtable.tui.app.repeat_window)
        self.lines = tuple(lines)
        self.hand = hand
        self.ticket = ticket
        self.done = False

    def compose(self) -> ComposeResult:
        title = Text.assemble((f" {self.player} ", "bold reverse"), "  ", ("what you were given", "bold"),
                              ("   PRIVATE", "bold #ffd75e"))
        yield Static(title, id="study-title")
        with VerticalScroll(id="study-body"):
            # The engine's own words ("You draw …"): card and player names shown literally.
            yield Static(Text("\n".join(self.lines)), id="study-lines")
            if self.hand is not None:
                yield self.hand
            yield Static(Text("Press Enter when you have seen them: your cards are hidden next.", "italic"),
                         id="study-hint")
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "done":
            return self.is_mounted and not self.done
        return super().check_action(action, parameters)

    def action_done(self) -> None:
        self.done = True  # once: a second Enter before the next screen shows does nothing
        self.post_message(Acknowledged(self.ticket))
