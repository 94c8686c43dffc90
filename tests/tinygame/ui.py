"""High Card's plug-in: the least a game must give the shell."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from fishtable.tui.plugin import GameUI


class HighCardUI(GameUI):
    help_markdown = "## High Card\n\nPick a card from the list and press **Enter**."

    def topbar(self, view: Any, width: int) -> Text:
        return Text(f" Round {view.round} of {view.rounds}", "bold")

    def seat_panel(self, view: Any, seat: int, *, active: bool, width: int, wide: bool) -> Text:
        panel = view.seats[seat]
        text = Text("▶ " if active else "  ")
        text.append(panel.name, "bold")
        text.append(f"\n  {panel.score} points · {panel.hand_size} cards")
        text.append(" · ready" if panel.ready else "")
        if panel.last_pick is not None:
            text.append(f" · last {panel.last_pick}")
        return text

    def describe(self, action: Any, view: Any, kind: str) -> str:
        return f"Play card {action.card}"

    def private_summary(self, view: Any) -> Text | None:
        return Text("Your hand: " + " ".join(str(c) for c in view.hand)) if view.hand else None


UI = HighCardUI()
