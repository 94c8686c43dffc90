"""A yes/no question over a poker screen (stopping the session cannot be undone)."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static


class YesNoScreen(ModalScreen[bool]):
    DEFAULT_CSS = """
    YesNoScreen { align: center middle; }
    YesNoScreen #yes-no { width: 60; max-width: 90%; height: auto; padding: 1 2;
                          border: thick $warning; background: $surface; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self):
        with Vertical(id="yes-no"):
            yield Static(self.question, markup=False)
            yield Static("\ny: yes   n: no", markup=False)
        yield Footer()

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
