"""A yes/no question before something that cannot be undone."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static


class ConfirmScreen(ModalScreen[bool]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self):
        with Vertical(id="confirm-box"):
            yield Static(self.question, markup=False)
            yield Static("\n[b]y[/b] yes   [b]n[/b] no")
        yield Footer()

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
