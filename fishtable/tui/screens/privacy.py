"""The privacy screen: opaque, full, and showing nothing of any hand.

A full `Screen` (not a translucent modal), so nothing underneath shows
through; the app keeps the command palette switched off throughout. It arms
before it takes a key: "press Enter" appears only once it is ready.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.widgets import Static

from fishtable.tui.decision import Passed
from fishtable.tui.screens.base import FishScreen
from fishtable.tui.widgets.footer import KeysFooter


class PrivacyScreen(FishScreen):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "proceed", "I'm ready")]
    ARMING = "handoff"

    def __init__(self, name: str | None, ticket: int) -> None:
        super().__init__(classes="privacy")
        self.player = name
        self.ticket = ticket
        self.done = False

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            # Names are whatever the players typed ("[/]" too): never read as markup.
            yield Static(self._text(ready=False), id="privacy-text", markup=False)
        yield KeysFooter()

    def _text(self, ready: bool) -> str:
        if self.player is None:
            head = "The cards are hidden."
            tail = "Press Enter to show the table to everyone."
        else:
            head = f"Pass the keyboard to {self.player}."
            tail = f"{self.player}, press Enter when only you can see the screen."
        return f"{head}\n\n{tail if ready else '…'}"

    def on_armed(self) -> None:
        text = self.still_there("#privacy-text", Static)  # gone if the app quit from a dialog above
        if text is not None:
            text.update(self._text(ready=True))
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "proceed":
            return self.is_mounted and self.is_armed and not self.done
        return super().check_action(action, parameters)

    def action_proceed(self) -> None:
        self.done = True  # once: a second Enter before the next screen shows does nothing
        self.post_message(Passed(self.ticket))
