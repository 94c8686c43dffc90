"""What the shell asks of a seat app (`fishtable.tui.screens.apps.ShellApp`): the key rule's
times, the help (remote play's, not the hot seat's), the rules, and the results' keys.

A mixin of `fishtable.remote.seat_app.SeatApp`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from fishtable.tui.screens.base import SeatScreen
from fishtable.tui.screens.help import HelpScreen
from fishtable.tui.widgets.footer import KeysFooter

if TYPE_CHECKING:
    from textual.app import App

    from fishtable.remote.client import RemoteClient
    from fishtable.remote.seat_rhythm import SeatRhythm
    from fishtable.tui.plugin import SomeUI
    from fishtable.tui.screens.base import FishScreen

    _Base = App[int]
else:
    _Base = object

REMOTE_HELP = """\
# Playing at a remote table

This screen is a seat (or the public table) of a game another computer hosts.
Your own decisions open here as they come: nobody else looks at this screen, so
there is no privacy screen, and the table shows what everyone else does
(marked ▶ NEW) while it waits for them. Seats played together at the host's
own keyboard pass it between them, as at a hot-seat table. Every answer goes
to the host, which checks it again. If the connection drops, this screen
joins again by itself; the host keeps the game while you are away.

| Where | Keys |
|---|---|
| Everywhere | **F1** this help · **r** the rules · **Ctrl+Q** or **Ctrl+C** leave (the host keeps your seat) |
| Your own decision | **F2** a hint: what the hard computer player would do, from your own cards only |
| Menus and lists | **↑ ↓** move · **Enter** choose · **Tab** next field |
| News on the table | **Enter** once you have seen what happened |
| The log on the table | **PgUp PgDn** scroll it |
| A question to the table | your seat's **number** to claim · **Enter** nobody, go on |
| Results | **n** the next game of a series (the host deals it) |
"""


class RemoteHelpScreen(HelpScreen):
    """F1 at a remote table: remote play's help, then the game's keys."""

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Markdown(REMOTE_HELP + ("\n" + self.game_help if self.game_help else ""))
        yield KeysFooter()


class SeatShell(_Base):
    # What the app sets (fishtable.remote.seat_app.SeatApp).
    ui: SomeUI
    arming: float
    handoff_arming: float
    rhythm: SeatRhythm | None

    if TYPE_CHECKING:  # the app's (fishtable.remote.seat_wire.SeatWire's), before this in its bases
        @property
        def source(self) -> RemoteClient: ...

        @property
        def seats_here(self) -> dict[int, RemoteClient]: ...

    def arming_time(self, kind: str) -> float:
        """The key rule, as the hot-seat app's: only a pass screen takes no key for a while."""
        return self.handoff_arming if kind == "handoff" else 0.0

    def repeat_window(self, screen: FishScreen) -> float:
        """As at the hot seat (the planner's marks say it): a repeat of the last key is swallowed
        on `screen`, armed now, only where the keyboard has just changed hands (the first screen
        after a pass screen, or a screen of another person than the one who pressed last)."""
        seat = screen.seat if isinstance(screen, SeatScreen) else None
        if self.rhythm is None or not self.rhythm.keyboard_changed(seat):
            return 0.0
        return self.arming

    def help_markdown(self) -> str:
        return self.ui.help_markdown if self.ui is not None else ""

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(RemoteHelpScreen(self.help_markdown()))

    def rules_game(self) -> str | None:
        return self.source.seen.game or None

    def action_play_again(self) -> None:
        """`p` at the results of a single game: the host deals another on the same links when it
        offers one (GameOver.next); otherwise the screen says why not."""
        if not self.source.seen.next_game:
            self.notify("This table deals no other game: the host starts a new one.", markup=False)
            return
        self.next_game()

    def next_game(self) -> None:
        """`n` at the results of a series: ask the host for the next game."""
        seats = self.seats_here
        if not seats:
            self.notify("The next game is asked for from a seat's own screen.", markup=False)
            return
        self.run_worker(seats[min(seats)].next_game(), group="act")
