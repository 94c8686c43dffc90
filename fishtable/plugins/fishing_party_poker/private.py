"""What every private poker decision shows: the hand, the community, the pot, the cost.

The base of the betting and swap screens. It reads only the deciding seat's
own view (`decision.view`): its hand, the community as that seat sees it
(face down until the reveal), and the public chips. Nothing of another hand
can reach it. A subclass adds its choice below (`compose_choice`).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Static

from fishtable.games.fishing_party_poker.actions import Action, StopSession
from fishtable.games.fishing_party_poker.views import PokerView
from fishtable.plugins.fishing_party_poker.commands import STOP_QUESTION
from fishtable.plugins.fishing_party_poker.confirm import YesNoScreen
from fishtable.plugins.fishing_party_poker.tiles import PokerTile
from fishtable.plugins.fishing_party_poker.words import ACCENT, chips, pots_text, stage_text
from fishtable.tui.decision import Decision
from fishtable.tui.screens.private import DecisionScreen
from fishtable.tui.widgets.footer import KeysFooter
from fishtable.tui.widgets.log import EventLog, NewsBar, show_log

HEADLINE_KINDS = frozenset({"pot", "out", "end", "stop"})


class PokerDecisionScreen(DecisionScreen[PokerView, Action]):
    """One seat's private decision: hand and community on top, the choice below."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # No "r" for the rules here: r raises.
        Binding("x", "stop_session", "Stop after hand"),
    ]
    CSS_PATH = "screens.tcss"
    # The words on a picked tile's bottom edge (the swap screen says GIVE and TAKE).
    hand_mark: ClassVar[str] = " ✓ "
    community_mark: ClassVar[str] = " ✓ "

    def __init__(self, decision: Decision[PokerView, Action]) -> None:
        super().__init__(decision, classes="private")
        self.view: PokerView = decision.view
        self.legal = decision.legal
        self.hand = list(self.view.hand or ())

    # -- layout ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        head = Text.assemble((f" {self.decision.name} ", "bold reverse"), (" PRIVATE ", "bold reverse #ffd75e"))
        head.append_text(stage_text(self.view))
        yield Static(head, id="topbar")
        yield Static(Text(self.decision.prompt.text, "bold"), id="decision-prompt")
        with Horizontal(id="hand"):
            for n, card in enumerate(self.hand, start=1):
                yield PokerTile(card, number=n, mark=self.hand_mark, id=f"hand-{n}")
        yield Static(self._hand_name(), id="hand-name")
        with Horizontal(id="community"):
            for slot in self.view.community:
                yield PokerTile(slot.card, number=slot.place, small=True, mark=self.community_mark,
                                id=f"community-{slot.place}")
        yield Static(self._money(), id="money")
        yield from self.compose_choice()
        yield NewsBar(id="news")
        yield EventLog(id="log")
        yield KeysFooter()

    def compose_choice(self) -> ComposeResult:
        """The subclass's choice (a list, a swap preview)."""
        return iter(())

    def on_mount(self) -> None:
        super().on_mount()
        show_log(self, self.decision.log, HEADLINE_KINDS)

    def _hand_name(self) -> Text:
        text = Text("Your hand now: ", "bold")
        text.append(self.view.best_hand or "—", ACCENT)
        if not self.view.community_face_up:
            text.append("   (the community is face down)", "dim")
        return text

    def _money(self) -> Text:
        view = self.view
        panel = view.seats[self.seat]
        text = pots_text(view, self.app.size.width - 2)
        text.append("\n")
        text.append(f"You have {chips(panel.chips)}", "bold")
        if view.phase == "betting":
            text.append(f" · in this round {panel.round_bet}")
            if view.call_cost:
                text.append(" · ")
                text.append(f"calling costs {view.call_cost}", ACCENT)
            else:
                text.append(" · nothing to call")
            left = view.raises_left
            if left == 0:
                text.append(" · the betting is capped")
            elif view.current_bet:
                text.append(f" · {left} raise{'s' * (left != 1)} left")
        else:
            text.append(f" · the next betting round has bets of {view.bet_size}")
        if view.stopping:
            text.append("\nThis is the last hand: the table stops after it.", "bold #ffb347")
        return text

    # -- answering -------------------------------------------------------------------------
    def refuse(self, problem: str) -> None:
        """An illegal choice is said in place, under the choice."""
        self.say(problem)
        self.app.bell()

    def say(self, problem: str) -> None:
        """Show why nothing happened (the subclass decides where)."""
        self.notify(problem, severity="warning", markup=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "stop_session":
            return bool(super().check_action(action, parameters)) and not self.view.stopping
        return super().check_action(action, parameters)

    def action_stop_session(self) -> None:
        """The table asks to stop: confirm, then this hand is the last one."""

        def answered(yes: bool | None) -> None:
            if yes:
                self.commit(StopSession())

        self.app.push_screen(YesNoScreen(STOP_QUESTION), answered)
