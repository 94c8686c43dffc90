"""The privacy screen: opaque, full, and showing nothing of any hand.

A full `Screen` (not a translucent modal), so nothing underneath shows
through; the app keeps the command palette switched off throughout.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.widgets import Footer, Static

from fishtable.tui.screens.base import FishScreen


class PrivacyScreen(FishScreen):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "proceed", "I'm ready")]

    def __init__(self, name: str | None, then: Callable[[], None]) -> None:
        super().__init__(classes="privacy")
        self.player = name
        self.then = then

    def compose(self):
        if self.player is None:
            text = (
                "The cards are hidden.\n\n"
                "Press Enter to show the table to everyone."
            )
        else:
            text = (
                f"Pass the keyboard to {self.player}.\n\n"
                f"{self.player}, press Enter when only you can see the screen."
            )
        with Middle(), Center():
            # Names are whatever the players typed ("[/]" too): never read as markup.
            yield Static(text, id="privacy-text", markup=False)
        yield Footer()

    def action_proceed(self) -> None:
        self.then()
