"""Fishing Party in the app: its board, seat panels, card faces, words and the turn screen."""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.screen import Screen
from textual.widget import Widget

from fishtable.games.fishing_party.actions import Action
from fishtable.games.fishing_party.describe import describe
from fishtable.games.fishing_party.views import FishingPartyView
from fishtable.plugins.fishing_party import hints
from fishtable.plugins.fishing_party.board import FishingPartyBoard
from fishtable.plugins.fishing_party.entries import label
from fishtable.plugins.fishing_party.faces import face_text
from fishtable.plugins.fishing_party.results import details
from fishtable.plugins.fishing_party.seat_panel import seat_text
from fishtable.plugins.fishing_party.study import StudiedHand
from fishtable.plugins.fishing_party.turn import TurnScreen
from fishtable.tui.decision import Decision
from fishtable.tui.plugin import GameUI
from fishtable.tui.widgets.card import faces_line
from fishtable.tui.widgets.fit import beside_or_below

# The outcome lines the news bar puts first: an attempt and how it ended, cards played on players.
HEADLINE_KINDS = frozenset({"attempt", "catch", "miss", "broken_line", "unlucky", "time_up", "end"})

HELP = """\
## Fishing Party

| Where | Keys |
|---|---|
| Your turn (private) | **↑ ↓** choose in the list · **Enter** do it · **← →** or **1–9** point at a card |
| Shortcuts | **x** exchange · **s** swap with the table · **p** pass / end the turn |
| Exchange, swap | **d** draw now · **f** finish the swap |
| Broken Line, anyone? (public) | **the seat's number** to claim · **Enter** nobody, roll |
| Claimed Broken Line (private) | **Enter** on the card to play it · **b** back out |

The list shows free actions (lures, permanent cards, Goggles) first, then the move.
Lines marked ✗ are not possible now; pointing at one says why before anything happens.
Every roll of the die is shown on the table. The clock (with a time limit) is on the top line.
"""


class FishingPartyUI(GameUI[FishingPartyView, Action]):
    headline_kinds: ClassVar[frozenset[str]] = HEADLINE_KINDS
    # The cards drawn as a turn ends (the refill, an exchange's draw) are seen before the cover.
    private_hold_kinds: ClassVar[frozenset[str]] = frozenset({"draw"})
    help_markdown: ClassVar[str] = HELP
    assets: ClassVar[str | None] = "fishing_party"  # quickref.md and tips.json

    def make_board(self) -> FishingPartyBoard:
        return FishingPartyBoard()

    def topbar(self, view: FishingPartyView, width: int) -> Text:
        text = Text()
        if view.stage == "over":
            text.append(" Game over", "bold")
        else:
            name = view.seats[view.turn].name
            text.append(f" Turn {view.turn_number} · ", "bold")
            text.append(name, "bold")
            text.append("'s turn", "bold")
            if view.quick_play:
                text.append(f" · Quick-Play, {view.moves_left} move{'s' * (view.moves_left != 1)} left")
        piles = Text(f"Draw {view.draw_pile} · discard {view.discard_pile} · {view.weights.capitalize()} weights")
        return beside_or_below(text, piles, width)

    def seat_panel(self, view: FishingPartyView, seat: int, *, active: bool, width: int, wide: bool) -> Text:
        return seat_text(view, seat, active, wide, width)

    def busy_seats(self, view: FishingPartyView) -> set[int]:
        return set() if view.stage == "over" else {view.turn}

    def hint_goal(self, action: Action, view: FishingPartyView) -> str | None:
        return hints.goal(action, view)

    def describe(self, action: Action, view: FishingPartyView, kind: str) -> str:
        if view.seat is None:
            return describe(action, view)
        return label(action, view, kind)

    def decision_screen(self, decision: Decision[FishingPartyView, Action]) -> Screen[None] | None:
        # Every Fishing Party decision is private: all of them go to the turn screen.
        if not decision.private:
            return None
        return TurnScreen(decision, HEADLINE_KINDS)

    def private_summary(self, view: FishingPartyView) -> RenderableType | None:
        if not view.hand:
            return None
        return Text("Your hand: ") + faces_line(view.hand, lambda card: face_text(card, compact=True))

    def study_hand(self, view: FishingPartyView) -> Widget | None:
        return StudiedHand(view) if view.hand else None

    def result_details(self, view: FishingPartyView) -> RenderableType | None:
        return details(view)


UI = FishingPartyUI()
