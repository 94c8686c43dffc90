"""The event log in plain words, and the news line above it.

CF-Q-16: the app keeps no browsable history of revealed fronts. Every screen
shows the same short window of the log (`recent`): the current round and the
previous one, at most `RECENT_LINES` lines. Lines that are new since the last
human decision are marked "▶" and drawn bold; the newest outcome (a catch, an
escape, the catch order...) is repeated large in the `NewsBar`.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import RichLog, Static

RECENT_LINES = 30
# Public happenings worth showing everyone before the keyboard moves on.
NEWS_KINDS = frozenset({
    "reveal", "fish_bait", "order", "flip", "catch", "escape", "effect", "look", "shuffle",
    "reshuffle_sea", "empty", "end",
})
# The outcome lines the news bar puts first.
HEADLINE_KINDS = frozenset({"catch", "escape"})


def recent(match: Any, viewer: int | None) -> list[tuple[int, Any]]:
    """(index, event) pairs `viewer` may read: this round and the previous one, capped."""
    events = [(i, e) for i, e in enumerate(match.events_since(0)) if e.visible_for(viewer)]
    starts = [n for n, (_, e) in enumerate(events) if e.kind == "round"]
    begin = starts[-2] if len(starts) >= 2 else 0
    return events[begin:][-RECENT_LINES:]


def headline(entries: list[tuple[int, Any]], news_from: int) -> tuple[list[str], bool]:
    """The lines for the news bar, and whether they are new since `news_from`."""
    new = [e for i, e in entries if i >= news_from and e.kind in NEWS_KINDS]
    if new:
        outcomes = [e.text for e in new if e.kind in HEADLINE_KINDS]
        return (outcomes[-2:] if outcomes else [new[-1].text]), True
    older = [e.text for _, e in entries if e.kind in HEADLINE_KINDS]
    return older[-1:], False


class NewsBar(Static):
    """The latest public outcome, in large friendly letters above the log."""

    DEFAULT_CSS = """
    NewsBar { height: auto; max-height: 2; padding: 0 1; background: $boost; }
    NewsBar.-new { background: $accent 35%; }
    NewsBar.-empty { display: none; }
    """

    def show_news(self, entries: list[tuple[int, Any]], news_from: int) -> None:
        lines, new = headline(entries, news_from)
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
    DEFAULT_CSS = """
    EventLog { height: 1fr; min-height: 3; background: $surface; scrollbar-size-vertical: 1; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, **kwargs)
        self._shown: tuple[Any, ...] = ()

    def show_entries(self, entries: list[tuple[int, Any]], news_from: int) -> None:
        """Show exactly this window; lines from `news_from` on are marked new."""
        key = (news_from, *(i for i, _ in entries))
        if key == self._shown:
            return
        self._shown = key
        self.clear()
        for index, event in entries:
            if index >= news_from:
                self.write(Text.assemble(("▶ ", "bold"), (event.text, "bold")))
            else:
                self.write(Text("• " + event.text))

    def show_lines(self, lines: list[str]) -> None:
        """Plain lines (no news marks)."""
        self.clear()
        self._shown = ()
        for line in lines:
            self.write("• " + line)


def show_log(screen: Any, match: Any, viewer: int | None, news_from: int) -> None:
    """Fill a screen's news bar (if any) and event log from the same recent window."""
    entries = recent(match, viewer)
    for bar in screen.query(NewsBar):
        bar.show_news(entries, news_from)
    for log in screen.query(EventLog):
        log.show_entries(entries, news_from)
