"""The screen of a second window on a data folder whose table another window holds.

It shows nothing of the game in progress (not even which game it is) and
writes nothing: the other window is the only one that plays and saves.
Enter tries again, for when the other window has been closed.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from fishtable.tui.screens.base import FishScreen
from fishtable.tui.screens.confirm import boxed

TAKEN_TITLE = "A table is already open in another window."


def taken_words(data_dir: Path) -> Text:
    text = Text()
    text.append(TAKEN_TITLE, "bold")
    text.append("\n\nOnly one window at a time can play the games kept in ")
    text.append(str(data_dir))  # a path from the command line: shown literally
    text.append(".\nClose the other window (its game is saved), then press Enter here to try again.")
    return text


class TableTakenScreen(FishScreen):
    # Its own style, beside the screen: the shared style sheets belong to the other screens.
    DEFAULT_CSS = """
    TableTakenScreen { align: center middle; }
    #table-taken-box { width: 72; max-width: 100%; height: auto; padding: 1 2; border: thick $warning; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "try_again", "Try again"),
    ]

    def __init__(self, data_dir: Path) -> None:
        super().__init__()
        self.data_dir = data_dir

    def compose(self) -> ComposeResult:
        yield from boxed("table-taken-box", Static(taken_words(self.data_dir), id="table-taken"))

    def action_try_again(self) -> None:
        if self.app.take_table():  # type: ignore[attr-defined]
            self.app.pop_screen()
            self.app.open_table()  # type: ignore[attr-defined]
        else:
            self.notify("The table is still open in another window.", markup=False)
