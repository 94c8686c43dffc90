"""The screen of a second window on a data folder whose table another window holds.

It shows nothing of the game in progress (not even which game it is) and
writes nothing: the other window is the only one that plays and saves.
Enter tries again, for when the other window has been closed. When the other
window was closed but its program still runs (a stale holder: see
`fishtable.engine.table_lock.find_holder`), `k` ends that program and opens the
table here.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar, Protocol, cast

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from fishtable.engine.table_lock import Holder, end_holder, find_holder
from fishtable.tui.screens.base import FishScreen
from fishtable.tui.screens.confirm import boxed
from fishtable.tui.widgets.footer import KeysFooter

TAKEN_TITLE = "A table is already open in another window."
STALE_TITLE = "The other window has closed but its program is still running"


def taken_words(data_dir: Path) -> Text:
    text = Text()
    text.append(TAKEN_TITLE, "bold")
    text.append("\n\nOnly one window at a time can play the games kept in ")
    text.append(str(data_dir))  # a path from the command line: shown literally
    text.append(".\nClose the other window (its game is saved), then press Enter here to try again.")
    return text


def stale_words(holder: Holder) -> Text:
    text = Text()
    text.append(f"{STALE_TITLE} (process {holder.pid}).", "bold")
    text.append("\n\nNobody can play there any more. Press k to end it and open the table here: "
                "its game was saved when its window closed.")
    return text



class TableHolder(Protocol):
    """What this screen asks of the app that shows it (`fishtable.tui.app.FishtableApp`)."""

    def take_table(self) -> bool: ...

    def open_table(self) -> None: ...

class TableTakenScreen(FishScreen):
    # Its own style, beside the screen: the shared style sheets belong to the other screens.
    DEFAULT_CSS = """
    TableTakenScreen { align: center middle; }
    #table-taken-box { width: 72; max-width: 100%; height: auto; padding: 1 2; border: thick $warning; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "try_again", "Try again"),
        Binding("k", "end_holder", "End the old program"),
    ]

    def __init__(self, data_dir: Path) -> None:
        super().__init__()
        self.data_dir = data_dir
        self.holder: Holder | None = None
        self.ending = False

    def compose(self) -> ComposeResult:
        yield from boxed("table-taken-box", Static(taken_words(self.data_dir), id="table-taken"))
        yield KeysFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.look_at_holder()

    def look_at_holder(self) -> None:
        """Say whether the holder is a live window or a stale program (k is offered only then)."""
        holder = find_holder(self.data_dir)
        self.holder = holder if holder is not None and holder.stale else None
        words = stale_words(self.holder) if self.holder is not None else taken_words(self.data_dir)
        self.query_one("#table-taken", Static).update(words)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "end_holder" and (self.holder is None or self.ending):
            return False
        return super().check_action(action, parameters)

    def action_try_again(self) -> None:
        app = cast("TableHolder", self.app)
        if app.take_table():
            self.app.pop_screen()
            app.open_table()
            return
        self.look_at_holder()
        if self.holder is None:
            self.notify("The table is still open in another window.", markup=False)

    def action_end_holder(self) -> None:
        if self.holder is not None and not self.ending:
            self.ending = True
            self.refresh_bindings()
            self.notify(f"Ending process {self.holder.pid}…", markup=False)
            self.end_in_background(self.holder)

    @work(thread=True, exclusive=True)
    def end_in_background(self, holder: Holder) -> None:
        """Ending a process takes up to a few seconds: off the event loop."""
        problem = end_holder(holder, self.data_dir)
        self.app.call_from_thread(self.ended, problem)

    def ended(self, problem: str | None) -> None:
        self.ending = False
        if problem is not None:
            self.notify(problem, severity="error", markup=False)
            self.look_at_holder()
            return
        self.action_try_again()
