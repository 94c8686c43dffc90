"""The event log in plain words, and the news line above it.

Every screen shows the same window of the log (which lines: the game's
plug-in decides, since a game's rules may limit what players remember).
Lines new since the last human decision are marked "▶" and drawn bold; the
newest public outcome is repeated large in the `NewsBar`.
"""

from __future__ import annotations

from collections.abc import Collection

from rich.text import Text
from textual.widget import Widget
from textual.widgets import RichLog, Static

from fishtable.tui.decision import LogWindow


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
        self.update(text)


class EventLog(RichLog):
    """The log window; it scrolls from the keyboard when focused (Tab to it)."""

    DEFAULT_CSS = """
    EventLog { height: 1fr; min-height: 3; background: $surface; scrollbar-size-vertical: 1; }
    """

    def __init__(self, id: str | None = None) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, id=id)
        self._shown: tuple[int, ...] = ()  # the window on screen: where the news starts, the lines

    def show_window(self, window: LogWindow) -> None:
        """Show exactly this window; lines from `news_from` on are marked new."""
        key = (window.news_from, *(i for i, _ in window.entries))
        if key == self._shown:
            return
        self._shown = key
        self.clear()
        for index, event in window.entries:
            if index >= window.news_from:
                self.write(Text.assemble(("▶ ", "bold"), (event.text, "bold")), expand=True)
            else:
                self.write(Text("• " + event.text), expand=True)


def show_log(screen: Widget, window: LogWindow, headline_kinds: Collection[str] = ()) -> None:
    """Fill a screen's news bar (if any) and event log from the same window."""
    for bar in screen.query(NewsBar):
        bar.show_news(window, headline_kinds)
    for log in screen.query(EventLog):
        log.show_window(window)
