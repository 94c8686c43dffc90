"""Quit confirmation. The autosave stays, so the game can be continued later."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static


class QuitScreen(ModalScreen[bool]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes, quit"),
        Binding("n,escape", "answer(False)", "No, stay"),
    ]

    def __init__(self, in_game: bool) -> None:
        super().__init__()
        self.in_game = in_game

    def compose(self):
        saved = "\nYour game is saved; choose Continue next time." if self.in_game else ""
        with Vertical(id="quit-box"):
            yield Static(f"Quit fishtable?{saved}\n\n[b]y[/b] quit   [b]n[/b] stay")
        yield Footer()

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
