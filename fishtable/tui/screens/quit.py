"""Quit confirmation. The autosave stays, so the game can be continued later."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.binding import BindingType
from textual.widget import Widget
from textual.widgets import Static

from fishtable.tui.screens.confirm import YesNoQuestion, yes_no_bindings


class QuitScreen(YesNoQuestion):
    BINDINGS: ClassVar[list[BindingType]] = yes_no_bindings("Yes, quit", "No, stay")
    BOX_ID: ClassVar[str] = "quit-box"

    def __init__(self, in_game: bool) -> None:
        super().__init__()
        self.in_game = in_game

    def words(self) -> Iterable[Widget]:
        saved = "\nYour game is saved; choose Continue next time." if self.in_game else ""
        yield Static(f"Quit fishtable?{saved}\n\n[b]y[/b] quit   [b]n[/b] stay")
