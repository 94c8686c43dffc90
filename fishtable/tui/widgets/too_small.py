"""The message shown instead of a broken layout when the terminal is too small."""

from __future__ import annotations

from textual.widgets import Static

MIN_WIDTH = 80
MIN_HEIGHT = 24


class TooSmall(Static):
    DEFAULT_CSS = """
    TooSmall {
        display: none; width: 1fr; height: 1fr; content-align: center middle;
        text-align: center; background: $background; color: $warning; text-style: bold;
    }
    """

    def __init__(self) -> None:
        super().__init__(
            f"Please enlarge the terminal.\nfishtable needs at least {MIN_WIDTH}×{MIN_HEIGHT}."
        )
