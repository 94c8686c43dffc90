"""A yes/no question before something that cannot be undone.

`YesNoQuestion` is every such question's screen: a box of words over the
screen below, `y` for yes, `n` or Escape for no, and a Footer.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from fishtable.tui.widgets.footer import KeysFooter


def yes_no_bindings(yes: str = "Yes", no: str = "No") -> list[BindingType]:
    """`y` answers yes, `n` or Escape no; the words are the footer's."""
    return [
        Binding("y", "answer(True)", yes),
        Binding("n,escape", "answer(False)", no),
    ]


def boxed(box_id: str, *contents: Widget) -> ComposeResult:
    """A screen's whole content: its words in one box (styled by `box_id`), and a Footer."""
    yield Vertical(*contents, id=box_id)
    yield KeysFooter()


class YesNoQuestion(ModalScreen[bool]):
    """Dismissed with True for yes, False for no."""

    BINDINGS: ClassVar[list[BindingType]] = yes_no_bindings()
    BOX_ID: ClassVar[str] = "confirm-box"

    def words(self) -> Iterable[Widget]:
        """What the box shows: the question and its keys."""
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        yield from boxed(self.BOX_ID, *self.words())

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class ConfirmScreen(YesNoQuestion):
    KEYS_LINE: ClassVar[str] = "\n[b]y[/b] yes   [b]n[/b] no"

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def words(self) -> Iterable[Widget]:
        yield Static(self.question, markup=False)
        yield Static(self.KEYS_LINE)
