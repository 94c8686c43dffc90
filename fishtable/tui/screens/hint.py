"""A hint over a player's own private screen: what the hard computer player would do."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Protocol, runtime_checkable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from fishtable.tui.widgets.footer import KeysFooter


def merged(options: list[tuple[str, float, int]]) -> list[tuple[str, float, int]]:
    """Moves that read the same are one choice to the player: one line, their imagined games
    added up and their chances weighted by them (a hint never lists two identical moves)."""
    games: dict[str, int] = {}
    wins: dict[str, float] = {}
    for words, rate, tried in options:
        games[words] = games.get(words, 0) + tried
        wins[words] = wins.get(words, 0.0) + rate * tried
    return [(words, wins[words] / games[words] if games[words] else 0.0, games[words]) for words in games]


@runtime_checkable
class HintExplainer(Protocol):
    """An app that can say why the hint likes each move (the hot-seat app)."""

    def hint_reasons(self, options: list[tuple[str, float, int]]) -> dict[str, str]:
        """For each move in words, with its chance and imagined games as the hint shows them,
        the reason in a learner's words (the game's plug-in phrases it)."""
        ...


class HintScreen(ModalScreen[None]):
    """The top few moves, the hard player's own choice first (the one it searched most),
    each with its chance of winning as the imagined games that tried it judged it (a share of
    wins, or, where the search cuts its games short and scores the position, an estimate of one)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,f2", "close", "Back to your move"),
    ]

    def __init__(self, name: str, options: list[tuple[str, float, int]],
                 reasons: Mapping[str, str] | None = None) -> None:
        super().__init__()
        self.player = name
        # The hard player's own order: the move it searched most is the one it plays.
        self.options = sorted(merged(options), key=lambda option: -option[2])
        # Why each move: given, or asked of the app when the screen is built (from the very
        # figures shown here, so the words and the percentages agree).
        self.reasons: Mapping[str, str] | None = reasons

    def _reasons(self) -> Mapping[str, str]:
        if self.reasons is None:
            app = self.app
            try:
                self.reasons = app.hint_reasons(self.options) if isinstance(app, HintExplainer) else {}
            except Exception:  # a reason is a help, never a reason for the hint to fail
                self.reasons = {}
        return self.reasons

    def compose(self) -> ComposeResult:
        text = Text()
        text.append(f"A hint for {self.player}", "bold")
        text.append("\nWhat the hard computer player would do, from what you can see.")
        text.append("\nMost tried first: it plays the move it looked at most, the first here.\n\n")
        above: list[tuple[int, int]] = []  # (percent shown, games) of the moves listed so far
        reasons = self._reasons()
        for n, (words, rate, tried) in enumerate(self.options, start=1):
            text.append(f"{n}. ", "bold")
            text.append(words)  # game words, shown literally
            games = "1 imagined game" if tried == 1 else f"{tried:,} imagined games"
            percent = round(rate * 100)
            text.append(f"\n   {percent}% chance of winning, judged from {games}", "dim")
            if words in reasons:
                text.append("\n   Why: ", "bold")
                text.append(reasons[words])  # game and card words, shown literally
            # The note says what the figures on screen show: a higher percentage than a move
            # above that was judged from more games (equal figures are never "less sure").
            if any(percent > p and tried < t for p, t in above):
                text.append("\n   a higher chance than a move above, but judged from fewer games: less sure", "italic")
            text.append("\n")
            above.append((percent, tried))
        text.append("\nThe choice is still yours: nothing has been played.", "italic")
        with Vertical(id="hint-box"):
            yield Static(text)
        yield KeysFooter()

    def action_close(self) -> None:
        self.dismiss(None)
