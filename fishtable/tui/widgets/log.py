"""The event log in plain words, and the news line above it.

Every screen shows the same window of the log (which lines: the game's
plug-in decides, since a game's rules may limit what players remember).
Lines new since the last human decision are marked "▶" and drawn bold; the
newest public outcome is repeated large in the `NewsBar`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass

from rich.text import Text
from textual.events import Resize
from textual.message import Message
from textual.widget import Widget
from textual.widgets import RichLog, Static

from fishtable.tui.decision import LogWindow
from fishtable.tui.widgets.fit import update_text


def headline(window: LogWindow, headline_kinds: Collection[str]) -> tuple[list[str], bool]:
    """The lines for the news bar, and whether they are new."""
    new = [e for i, e in window.entries if i >= window.news_from and e.news]
    if new:
        outcomes = [e.text for e in new if e.kind in headline_kinds]
        return (outcomes[-2:] if outcomes else [new[-1].text]), True
    older = [e.text for _, e in window.entries if e.kind in headline_kinds]
    return older[-1:], False


class NewsBar(Static):
    """The latest public outcome, in large friendly letters above the log."""

    DEFAULT_CSS = """
    NewsBar { height: auto; max-height: 2; padding: 0 1; background: $boost; }
    NewsBar.-new { background: $accent 35%; }
    NewsBar.-empty { display: none; }
    """

    def show_news(self, window: LogWindow, headline_kinds: Collection[str]) -> None:
        lines, new = headline(window, headline_kinds)
        self.set_class(not lines, "-empty")
        self.set_class(new, "-new")
        text = Text()
        for n, line in enumerate(lines):
            if n:
                text.append("\n")
            text.append("▶ NEW: " if new else "Last: ", "bold" if new else "dim")
            text.append(line, "bold" if new else "")
        update_text(self, text)


class EventLog(RichLog):
    """The log window; it scrolls from the keyboard when focused (Tab to it).

    The top visible line always begins an entry: a window that would open on the wrapped tail
    of a longer line opens on the next entry instead (blank rows fill the bottom). News longer
    than the log is tall opens at its first line; with `room` (the public table: how many rows
    the log may take now without hiding anything else), the log grows for the moment to show
    it whole, and shrinks back when the news fits again. `NewsCut` says when it still does not.
    """

    @dataclass
    class NewsCut(Message):
        """Whether the news runs below the log's last visible row (PgDn shows the rest)."""

        log: EventLog
        rows_below: int

    DEFAULT_CSS = """
    EventLog { height: 1fr; min-height: 3; background: $surface; scrollbar-size-vertical: 1; }
    """

    def __init__(self, id: str | None = None, room: Callable[[], int] | None = None) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, id=id)
        self.room = room
        self._shown: tuple[int, ...] = ()  # the window on screen: where the news starts, the lines
        self._window: LogWindow | None = None
        self._width = 0  # the width the lines were wrapped at
        self._starts: list[int] = []  # the first row of each entry
        self._rows = 0  # rows of the entries (blank rows below them not counted)
        self._news_row: int | None = None  # the first row of the news, if any
        self._grown = False
        self._min = 0  # the minimum height set while grown
        self._adjustments = 0  # height changes for the window on screen
        self._rechecks = 0  # looks again at the room, for news cut short, for the window on screen
        self.news_below = 0  # rows of news below the last visible row
        # Has the log had its first Resize? Before it, RichLog holds every write back (it does not
        # know its width), though the layout may already have given the log its region: lines
        # counted then would be none, and the window would open at its top once they came.
        self.sized = False

    def show_window(self, window: LogWindow) -> None:
        """Show exactly this window; lines from `news_from` on are marked new."""
        key = (window.news_from, *(i for i, _ in window.entries))
        if key == self._shown:
            return
        self._shown = key
        self._window = window
        self._adjustments = 0
        self._rechecks = 0
        if self._grown:  # back to the screen's own rule; the new news decides again
            self._grown = False
            self.styles.min_height = None
        self._render_window()

    def on_resize(self, event: Resize) -> None:
        super().on_resize(event)
        if event.size.width:
            self.sized = True  # nothing was written before: the width check below writes the window
        # Rewrap at the new width (a log never re-wraps its lines by itself), and settle again.
        if self._window is not None and self.scrollable_content_region.width != self._width:
            self._render_window()
        elif self._window is not None:
            self.call_after_refresh(self._settle)

    def _render_window(self) -> None:
        window = self._window
        width = self.scrollable_content_region.width
        if window is None or width <= 0 or not self.sized:
            return  # not laid out yet: on_resize writes it
        self._width = width
        self.clear()
        self._starts, self._news_row = [], None
        for index, event in window.entries:
            self._starts.append(len(self.lines))
            if index >= window.news_from:
                if self._news_row is None:
                    self._news_row = len(self.lines)
                self.write(Text.assemble(("▶ ", "bold"), (event.text, "bold")), expand=True, scroll_end=False)
            else:
                self.write(Text("• " + event.text), expand=True, scroll_end=False)
        self._rows = len(self.lines)
        self._settle()
        self.call_after_refresh(self._settle)

    def _settle(self) -> None:
        """Grow for the news if allowed, then open the window on an entry's first row."""
        if self._window is None or not self._starts:
            return
        if self.scrollable_content_region.width != self._width:
            self._render_window()  # a scrollbar came or went: rewrap to the room there is
            return
        news_rows = self._rows - self._news_row if self._news_row is not None else 0
        height = self.scrollable_content_region.height
        if self.room is not None and self._adjustments < 4:  # a few layouts at most: never a loop
            # Taller for the moment by a minimum height: the screen's own rule still applies
            # when it gives more (a bigger terminal), and each new window starts from it.
            target = max(3, min(news_rows, self.room()))
            if (target > height and not self._grown) or (self._grown and target != self._min):
                self._grown, self._min = True, target
                self._adjustments += 1
                self.styles.min_height = target
                return  # laid out again: on_resize settles
        # The lowest entry start from which the rest fits; the news' first row if it does not fit.
        top = next((s for s in self._starts if self._rows - s <= height), self._starts[-1])
        if self._news_row is not None and news_rows > height:
            top = self._news_row
        below = max(0, news_rows - height)
        if below and self.room is not None and self._rechecks < 6:
            # The board or the seats may still be laying out content that leaves rows to spare
            # (cards mounted a refresh or two later on a busy machine): the log's own size has not
            # changed, so no Resize would ask again. Look at the room after the next refreshes.
            self._rechecks += 1
            self.call_after_refresh(self._settle)
        if below != self.news_below:
            self.news_below = below
            self.post_message(self.NewsCut(self, below))
        pad = top + height - len(self.lines)
        if pad > 0:
            for _ in range(pad):
                self.write(Text(""), scroll_end=False)
        self.scroll_to(y=top, animate=False, immediate=True)

def show_log(screen: Widget, window: LogWindow, headline_kinds: Collection[str] = ()) -> None:
    """Fill a screen's news bar (if any) and event log from the same window."""
    for bar in screen.query(NewsBar):
        bar.show_news(window, headline_kinds)
    for log in screen.query(EventLog):
        log.show_window(window)
