"""A decision chosen from a list of the legal actions, described in words.

The shell's answer to any prompt a game has no screen of its own for: the
game's plug-in words the actions and, on a private screen, shows the seat's
own cards above the list.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import OptionList, Static

from fishtable.tui.decision import ActionT, Decision, ViewT
from fishtable.tui.plugin import GameUI
from fishtable.tui.screens.private import DecisionScreen
from fishtable.tui.widgets.footer import KeysFooter
from fishtable.tui.widgets.log import EventLog, NewsBar, show_log
from fishtable.tui.widgets.options import ChoiceList


def choices_of(ui: GameUI[ViewT, ActionT], decision: Decision[ViewT, ActionT], id: str = "choices") -> ChoiceList:
    """The decision's legal actions as a list of choices: in the game's words, with its own keys."""
    hotkeys = {}
    for i, action in enumerate(decision.legal):
        key = ui.shortcut(action, decision.kind)
        if key is not None:
            hotkeys[i] = key
    choices = ChoiceList(id=id)
    # Each choice is known by its words: it keeps its key (the seat's key book) while the list
    # changes around it, and two choices in the same words are offered once.
    choices.set_choices([ui.describe(a, decision.view, decision.kind) for a in decision.legal], hotkeys,
                        seat=decision.seat)
    return choices


class ChoiceScreen(DecisionScreen[ViewT, ActionT]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("r", "app.rules", "Rules")]

    def __init__(self, decision: Decision[ViewT, ActionT], ui: GameUI[ViewT, ActionT]) -> None:
        super().__init__(decision)
        self.ui = ui
        self.private = decision.private

    def compose(self) -> ComposeResult:
        decision = self.decision
        head = Text.assemble((f" {decision.name} ", "bold reverse"), "  ", decision.prompt.text)
        if self.private:
            head.append("   PRIVATE", "bold #ffd75e")
        yield Static(head, id="topbar")
        if self.private:
            summary = self.ui.private_summary(decision.view)
            if summary is not None:
                yield Static(summary, id="summary")
        yield choices_of(self.ui, decision)
        yield NewsBar(id="news")
        yield EventLog(id="log")
        yield KeysFooter()

    def on_mount(self) -> None:
        show_log(self, self.decision.log, self.ui.headline_kinds)
        self.query_one(ChoiceList).focus(scroll_visible=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.commit(self.legal[int(event.option.id or 0)])
