"""The betting decision, in private: check or bet, or call, raise or fold.

The choices are the engine's legal actions in words ("Raise to 12 (8 more)"),
each with a letter key; Enter takes the highlighted one. The bet itself is
public news as soon as it is made.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import OptionList, Static

from fishtable.games.fishing_party_poker.describe import describe
from fishtable.plugins.fishing_party_poker.private import PokerDecisionScreen
from fishtable.tui.widgets.options import ChoiceList

# A key for each betting move, with words for the footer.
BET_KEYS: dict[str, tuple[str, str]] = {
    "check": ("c", "Check"),
    "call": ("c", "Call"),
    "bet": ("b", "Bet"),
    "raise": ("r", "Raise"),
    "fold": ("f", "Fold"),
}


class BetScreen(PokerDecisionScreen):
    BINDINGS: ClassVar = []

    def compose_choice(self) -> ComposeResult:
        choices = ChoiceList(id="choices")
        labels = []
        hotkeys = {}
        for n, action in enumerate(self.legal):
            key, words = BET_KEYS.get(action.kind, ("", ""))
            labels.append(describe(action, self.view))
            if key:
                hotkeys[n] = (key, words)
        choices.set_choices(labels, hotkeys)
        yield choices
        yield Static(id="problem")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#choices", ChoiceList).focus(scroll_visible=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.commit(self.legal[int(event.option.id or 0)])

    def say(self, problem: str) -> None:
        shown = self.query_one("#problem", Static)
        shown.update(Text("✗ " + problem, "bold #ff8080"))
        shown.add_class("-shown")
