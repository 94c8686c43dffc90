"""The base of a game's board: the middle of the public table.

The table screen redraws it from every new view with `show`. For prompt
kinds the game lists in `GameUI.board_kinds`, the table hands it the
decision (`begin`) and gives it the focus; it answers by posting `Chosen`
(the table checks the action and passes it on) or `Say` (a line for the
prompt bar). Keys belong in the board's own BINDINGS, so the footer shows them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic

from rich.text import Text
from textual.message import Message
from textual.widget import Widget

from fishtable.tui.decision import ActionT, Decision, ViewT

if TYPE_CHECKING:
    from pydantic import BaseModel

class Board(Widget, Generic[ViewT, ActionT]):
    """`Board[View, Action]`: it draws the game's views and answers its board prompts."""

    DEFAULT_CSS = """
    Board { height: auto; }
    """

    @dataclass
    class Chosen(Message):
        """The player chose `action` on the board."""

        action: BaseModel

    @dataclass
    class Say(Message):
        """A line for the prompt bar (why nothing happened, say)."""

        text: str

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.decision: Decision[ViewT, ActionT] | None = None  # the board prompt being answered, if any

    def show(self, view: ViewT, viewer: int | None) -> None:
        """Redraw from a view (`viewer` None: the public table)."""

    def begin(self, decision: Decision[ViewT, ActionT]) -> None:
        """A board prompt starts: `decision` has the seat, the legal actions and the view."""
        self.decision = decision

    def end(self) -> None:
        """The board prompt is over (answered, or the table moved on)."""
        self.decision = None

    def rechecked(self) -> None:
        """Reasons the board's `decision.check` was waiting for have come (see
        `fishtable.tui.decision.CHECKING`): say them where "checking" was said."""

    def hints(self) -> Text:
        """Key hints for the prompt bar while a board prompt is open."""
        return Text()
