"""One base for decision screens: the header, arming, and one `commit(action)` that sends once.

A decision screen (a game's own or the shell's choice list) shows one seat's
`Decision`. What every one of them needs is here, so no screen keeps its own
"sent once" flag:

- `ARMING = "decision"`: keys typed before the screen was on screen never
  reach it (see `fishtable.tui.screens.base`);
- `header()`: the seat's name and, on a private screen, PRIVATE;
- `commit(action)`: asks the engine first (`Decision.check`); an illegal
  action is refused in words (`refuse`, which a screen may show its own way)
  and nothing is sent; a legal one is sent to the flow once, as `Decided`
  with the request's ticket — a second commit does nothing;
- Esc backs out of a move type chosen but not committed yet: a screen that
  has such a step overrides `back_out()` (the default has nothing to undo).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Generic

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.css.query import NoMatches
from textual.widget import Widget
from textual.widgets import Static

from fishtable.tui.decision import CHECKING, ActionT, Decided, Decision, ViewT
from fishtable.tui.screens.base import FishScreen
from fishtable.tui.tips import Tip, TipsHost, tip_line
from fishtable.tui.widgets.footer import KeysFooter

if TYPE_CHECKING:
    from pydantic import BaseModel


class DecisionScreen(FishScreen, Generic[ViewT, ActionT]):
    """A screen that answers one seat's decision: `DecisionScreen[View, Action]` with its game's types."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back_out", "Back", show=False)]
    ARMING = "decision"

    def __init__(self, decision: Decision[ViewT, ActionT], classes: str | None = None) -> None:
        super().__init__(classes=classes if classes is not None else "private" if decision.private else "public")
        self.decision = decision
        self.seat = decision.seat
        self.legal = decision.legal
        self.committed = False
        self.shown_tip: Tip | None = None  # the tip line at the foot (`?` opens its rule)
        self.tip_asked = False  # once per screen (a subclass's on_mount may call this one again)
        self.refused: ActionT | None = None  # the last move `commit` refused (its reason may be CHECKING)

    def on_mount(self) -> None:
        """A tip, the first time something on this screen is new to its player: one line above
        the footer. A private screen reads the seat's own view and log, seen by that seat alone."""
        if self.tip_asked or not isinstance(self.app, TipsHost):
            return
        self.tip_asked = True
        decision = self.decision
        log = decision.log
        tip = self.app.tip_for(decision.view, log.entries, log.news_from, decision.kind,
                               decision.seat if decision.private else None)
        if tip is None:
            return
        self.shown_tip = tip
        line = Static(tip_line(tip), classes="tip-line")
        try:
            footer = self.query_one(KeysFooter)
        except NoMatches:  # a screen of a game's own without a footer
            self.mount(line)
            return
        parent = footer.parent
        if isinstance(parent, Widget):
            parent.mount(line, before=footer)
        else:
            self.mount(line, before=footer)

    def header(self) -> Text:
        text = Text.assemble((f" {self.decision.name} ", "bold reverse"))
        if self.decision.private:
            text.append(" PRIVATE ", "bold reverse #ffd75e")
        return text

    def commit(self, action: ActionT) -> bool:
        """Send `action` once if the engine allows it; else say why and send nothing."""
        if self.committed:
            return False
        problem = self.decision.check(action)
        if problem:
            self.refused = action
            self.refuse(problem)
            return False
        self.send(action)
        return True

    def rechecked(self) -> None:
        """The reasons `check` was waiting for have come (see `CHECKING`): the last refused
        move's own reason is said in place of "checking"."""
        if self.refused is None or self.committed:
            return
        problem = self.decision.check(self.refused)
        if problem and problem != CHECKING:
            self.refused = None
            self.refuse(problem)

    def send(self, action: BaseModel, *then: BaseModel) -> None:
        """Send an action the screen has checked itself, once (with `then`, the same seat's next
        steps that the screen held until now; the flow applies them in order)."""
        if self.committed:
            return
        self.committed = True
        self.post_message(Decided(self.decision.ticket, self.seat, action, then))

    def refuse(self, problem: str) -> None:
        """An illegal choice: say why (a screen may show it in place)."""
        self.notify(problem, severity="warning", markup=False)
        self.app.bell()

    def back_out(self) -> bool:
        """Undo a move type chosen but not committed; False: nothing to undo."""
        return False

    def action_back_out(self) -> None:
        self.back_out()
