"""The event log in plain words; appends only the lines it has not shown yet."""

from __future__ import annotations

from typing import Any

from textual.widgets import RichLog


class EventLog(RichLog):
    DEFAULT_CSS = """
    EventLog { height: 1fr; min-height: 3; background: $surface; scrollbar-size-vertical: 1; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, **kwargs)
        self._shown = 0

    def show_lines(self, lines: list[str]) -> None:
        if len(lines) < self._shown:  # a different match: start over
            self.clear()
            self._shown = 0
        for line in lines[self._shown :]:
            self.write("• " + line)
        self._shown = len(lines)
