"""A Big Fish decision in private: the turn's five steps, the opening placement, the round end.

The seat's hand is shown as card tiles, with its Fishing Spot, Ice Box and
the Face-Up Cards; the legal actions are a list in words. Highlighting a
choice points at the cards it is about (▶ on a tile, in the spot or the row).
Only this seat's view is read, so no other hand can reach the screen, and the
engine's own words (`decision.check`) explain a refusal before anything is
committed.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import HorizontalScroll
from textual.events import Resize
from textual.widget import Widget
from textual.widgets import OptionList, Static

from fishtable.games.big_fish.actions import Action, CardAction, FishAction, Place, PlayWild
from fishtable.games.big_fish.views import BigFishView
from fishtable.plugins.big_fish.mine import row_line, spot_text
from fishtable.plugins.big_fish.steps import step_bar
from fishtable.plugins.big_fish.tile import BigFishTile, tile_width
from fishtable.tui.decision import Decision
from fishtable.tui.plugin import GameUI
from fishtable.tui.screens.choice import choices_of
from fishtable.tui.screens.private import DecisionScreen
from fishtable.tui.widgets.fit import update_text
from fishtable.tui.widgets.footer import KeysFooter
from fishtable.tui.widgets.log import EventLog, NewsBar, show_log
from fishtable.tui.widgets.options import ChoiceList

TURN_KINDS = frozenset({"draw", "spawn", "grow", "catch", "wild"})
EVENT_KINDS = frozenset({"event_remove", "event_discard", "event_spawn", "event_grow"})


# The heading of each kind of private decision; `resolving` is the card being answered.
HEADINGS = {
    "place": "opening placement, in secret",
    "hand_limit": "hand limit, in secret",
    "shrink": "{resolving}: your choice, in secret",
}
EVENT_HEADING = "event {resolving}: your choice, in secret"


def heading(decision: Decision[BigFishView, Action]) -> str:
    view: BigFishView = decision.view
    if decision.kind in TURN_KINDS:
        return f"your turn · round {view.round}"
    return HEADINGS.get(decision.kind, EVENT_HEADING).format(resolving=view.resolving)


def action_cards(action: Action) -> set[str]:
    """The card ids an action is about (a hand card, a fish, a row card)."""
    ids: tuple[str | None, ...]
    if isinstance(action, PlayWild):
        ids = (action.card, action.fish, action.mine)
    elif isinstance(action, (Place, CardAction)):
        ids = (action.card,)
    elif isinstance(action, FishAction):
        ids = (action.fish,)
    else:  # drawing from the deck, or done: no card
        ids = ()
    return {cid for cid in ids if cid}


# The screen's breakpoints (Textual reads them from the screen): named here, as Textual types
# them as a screen attribute, not a class variable.
_HEIGHTS: list[tuple[int, str]] = [(0, "-short"), (34, "-tall")]


class BigFishDecisionScreen(DecisionScreen[BigFishView, Action]):
    BINDINGS: ClassVar[list[BindingType]] = [
        # Priority: the list of choices would take ← → for its own (useless) sideways scroll.
        Binding("left", "scroll_hand(-1)", "Scroll hand", priority=True),
        Binding("right", "scroll_hand(1)", "Scroll hand", show=False, priority=True),
        Binding("r", "app.rules", "Rules"),
    ]
    VERTICAL_BREAKPOINTS = _HEIGHTS
    CSS_PATH = "screens.tcss"

    def __init__(self, decision: Decision[BigFishView, Action], ui: GameUI[BigFishView, Action]) -> None:
        super().__init__(decision, classes="private")
        self.ui = ui
        self.seat = decision.seat
        self.view: BigFishView = decision.view
        self.legal = decision.legal
        self.hand = list(self.view.hand or ())

    # -- building ------------------------------------------------------------------
    def _head(self) -> Text:
        head = Text.assemble((f" {self.decision.name} ", "bold reverse"), "  ", heading(self.decision))
        head.append(f" · hand {len(self.hand)} card{'s' * (len(self.hand) != 1)}")
        head.append("   PRIVATE", "bold #ffd75e")
        return head

    def compose(self) -> ComposeResult:
        yield Static(self._head(), id="topbar")
        yield from self._private_widgets()
        yield KeysFooter()

    def _private_widgets(self) -> list[Widget]:
        decision = self.decision
        tiles = [BigFishTile(card, index=n, id=f"tile-{n}", hard=self.view.hard_mode)
                 for n, card in enumerate(self.hand, start=1)]
        return [
            Static(self._what(), id="bf-what", markup=False),
            Static(self._prompt(), id="bf-prompt", markup=False),
            HorizontalScroll(*tiles, id="hand") if tiles else Static(Text("Your hand is empty.", "italic"),
                                                                     id="hand-empty"),
            Static(id="bf-mine", markup=False),
            # On the Draw step the list of choices is the row itself.
            Static(id="bf-row", markup=False, classes="-hidden" if decision.kind == "draw" else ""),
            choices_of(self.ui, decision),
            Static(id="bf-problem", markup=False),
            NewsBar(id="news"),
            EventLog(id="log"),
        ]

    def on_mount(self) -> None:
        super().on_mount()
        # After the first layout, so that the log wraps at its real width.
        self.call_after_refresh(show_log, self, self.decision.log, self.ui.headline_kinds)
        choices = self.query_one(ChoiceList)
        # No scroll to the list: where the screen would scroll depended on whether the log and the
        # coach were laid out yet, and the scrolled screen hid the PRIVATE bar at its top.
        choices.focus(scroll_visible=False)
        self._fit_hand()
        self._point(0)

    def on_resize(self, event: Resize) -> None:
        super().on_resize(event)
        self._fit_hand()

    def _fit_hand(self) -> None:
        """Narrow the tiles so that the whole hand is in sight: no card cut at the screen's edge."""
        # The hand row has a cell of padding each side.
        width = tile_width(self.app.size.width - 2, len(self.hand))
        for tile in self.query(BigFishTile):
            tile.styles.width = width

    # -- what the seat is asked ------------------------------------------------------
    def _what(self) -> Text:
        """The step bar and what the step allows; or the event and what it asks."""
        decision, view = self.decision, self.view
        text = Text()
        if decision.kind in TURN_KINDS and view.step is not None:
            text.append_text(step_bar(view.step))
            text.append("\n")
            text.append(view.step.text, "bold")
            return text
        if decision.kind in EVENT_KINDS and view.last_event is not None:
            text.append(f"Event: {view.last_event.name}", "bold #ffb347")
            text.append(f" — {view.last_event.text}\n")
        text.append(decision.prompt.text, "bold")
        if view.placed:
            text.append("\nPlaced so far (secret until everyone has placed): ", "italic")
            text.append(", ".join(f"{f.card.name} as {f.size_word}" for f in view.placed))
        if view.set_aside and decision.kind != "place":
            text.append("\nChosen so far (secret until everyone has chosen): ", "italic")
            text.append(", ".join(c.name for c in view.set_aside))
        return text

    def _prompt(self) -> Text:
        """The engine's prompt under the step bar (tall terminals only; the step line says it short)."""
        if self.decision.kind in TURN_KINDS:
            return Text(self.decision.prompt.text, "italic")
        return Text()

    def _point(self, index: int | None) -> None:
        """Point at the cards the highlighted choice is about."""
        action = self.legal[index] if index is not None and 0 <= index < len(self.legal) else None
        marked = action_cards(action) if action is not None else set()
        for tile in self.query(BigFishTile):
            tile.cursor = tile.card.id in marked
            if tile.cursor:
                self.query_one("#hand", HorizontalScroll).scroll_to_widget(tile, animate=False)
        view = self.view
        chosen = set(view.chosen_fish)
        update_text(self.query_one("#bf-mine", Static), spot_text(view, self.seat, marked, chosen))
        update_text(self.query_one("#bf-row", Static), row_line(view, marked, full=self.decision.kind == "draw"))

    # -- keys ------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not super().check_action(action, parameters):
            return False
        if action == "scroll_hand":
            return bool(self.hand)
        return True

    def action_scroll_hand(self, delta: int) -> None:
        for hand in self.query("#hand").results(HorizontalScroll):
            hand.scroll_relative(x=delta * 15, animate=False)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._point(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.commit(self.legal[int(event.option.id)])

    def refuse(self, problem: str) -> None:
        """An illegal choice is said in place, under the list."""
        self.query_one("#bf-problem", Static).update(Text("✗ " + problem, "bold #ff8080"))
        self.app.bell()
