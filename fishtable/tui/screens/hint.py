"""A hint over a player's own private screen: what the hard computer player would do."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static


class HintScreen(ModalScreen[None]):
    """The top few moves, the hard player's own choice first (the one it searched most),
    each with its chance of winning as the imagined games that tried it judged it (a share of
    wins, or, where the search cuts its games short and scores the position, an estimate of one)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,f2", "close", "Back to your move"),
    ]

    def __init__(self, name: str, options: list[tuple[str, float, int]]) -> None:
        super().__init__()
        self.player = name
        # The hard player's own order: the move it searched most is the one it plays.
        self.options = sorted(options, key=lambda option: -option[2])

    def compose(self):
        text = Text()
        text.append(f"A hint for {self.player}", "bold")
        text.append("\nWhat the hard computer player would do, from what you can see.")
        text.append("\nMost tried first: it plays the move it looked at most, the first here.\n\n")
        best_above = -1.0
        for n, (words, rate, tried) in enumerate(self.options, start=1):
            text.append(f"{n}. ", "bold")
            text.append(words)  # game words, shown literally
            games = "1 imagined game" if tried == 1 else f"{tried:,} imagined games"
            text.append(f"\n   {rate:.0%} chance of winning, judged from {games}", "dim")
            if n > 1 and rate > best_above:
                text.append("\n   a higher chance than a move above, but judged from fewer games: less sure", "italic")
            text.append("\n")
            best_above = max(best_above, rate)
        text.append("\nThe choice is still yours: nothing has been played.", "italic")
        with Vertical(id="hint-box"):
            yield Static(text)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
