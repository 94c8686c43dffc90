"""Big Fish in the app: the table, seat panels, words, the private decision screen, the results."""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.screen import Screen

from fishtable.games.big_fish.actions import Action
from fishtable.games.big_fish.views import BigFishView
from fishtable.plugins.big_fish import hints
from fishtable.plugins.big_fish.board import BigFishBoard
from fishtable.plugins.big_fish.decide import BigFishDecisionScreen
from fishtable.plugins.big_fish.faces import STEP_WORDS
from fishtable.plugins.big_fish.results import details_table
from fishtable.plugins.big_fish.seat_panel import compact_text, hanging, seat_text
from fishtable.plugins.big_fish.words import describe
from fishtable.tui.decision import Decision
from fishtable.tui.plugin import GameUI
from fishtable.tui.widgets.fit import beside_or_below

# The outcome lines the news bar puts first: the round's event, and catches.
HEADLINE_KINDS = frozenset({"event", "catch"})

PHASE_WORDS = {
    "place": "Opening placement",
    "event": "Round end: event",
    "discard": "Round end: hand limit",
    "over": "Game over",
}

EVENT_KINDS = frozenset({"event_remove", "event_discard", "event_spawn", "event_grow"})

HELP = """\
## Big Fish

| Where | Keys |
|---|---|
| Your turn, placement, round end | **↑ ↓** choose · **Enter** do it · **← →** scroll your hand |
| Turn steps | **s** stop this step (spawn, grow, catch, wild) · **d** draw from the deck |
| Events | **p** pass (when the event lets you) |
| After the round's event | **Enter** once only you can see the screen |

Every fish shows its size as a mark with its points at that size:
**[B5]** is a *Big* fish worth 5 points if caught now; **L** Larval, **J** Juvenile,
**M** Medium, **B** Big. Wild cards say their colour and the step they work in
("green · Grow"); a coloured card works *from its owner's next turn*.

Your turn is private: the screen is covered before and after it. What you
take from the Face-Up Cards, spawn, grow, catch and play is public and shows
on the table. Round-end choices (an event's, discarding down to 7) are made
in secret by everyone and shown together.
"""


class BigFishUI(GameUI[BigFishView, Action]):
    headline_kinds: ClassVar[frozenset[str]] = HEADLINE_KINDS
    # A round's end (its event, the new Face-Up row): the table sees it before the next hand shows.
    round_kinds: ClassVar[frozenset[str]] = frozenset({"event", "row"})
    help_markdown: ClassVar[str] = HELP
    assets: ClassVar[str | None] = "big_fish"  # quickref.md and tips.json

    def make_board(self) -> BigFishBoard:
        return BigFishBoard()

    def topbar(self, view: BigFishView, width: int) -> Text:
        text = Text()
        text.append(f" Round {view.round} · ", "bold")
        if view.phase == "turn" and view.step is not None:
            text.append(f"{view.seats[view.step.seat].name}: {STEP_WORDS[view.step.step]}", "bold")
        elif view.phase == "shrink":
            text.append(view.resolving, "bold")  # the black card being answered
        else:
            text.append(PHASE_WORDS.get(view.phase, view.phase), "bold")
        text.append(f" · ★ First player: {view.seats[view.first_player].name}")
        if view.hard_mode:
            text.append(" · Hard mode", "bold #ff8080")
        piles = Text(f"Deck {view.deck_size} · Discard {view.discard_size} · Events {view.event_deck_size} left")
        return beside_or_below(text, piles, width)

    def seat_panel(self, view: BigFishView, seat: int, *, active: bool, width: int, wide: bool) -> Text:
        step = view.step if view.step is not None and view.step.seat == seat else None
        # One cell less than offered: the side column's scrollbar is two cells wide, not one.
        seats = len(view.seats)
        if seats <= 2 or (wide and seats <= 3):
            return hanging(seat_text(view.seats[seat], active, step, hard=view.hard_mode), width - 1)
        # Three seats below 110 columns, or four and more anywhere: every seat must be in sight
        # without scrolling (80×24, 100×30), so a compact panel; wild cards counted (by name
        # in the log, and on the seat's own screens).
        compact = compact_text(view.seats[seat], active, step, width=width - 1)
        return hanging(compact, width - 1)

    def busy_seats(self, view: BigFishView) -> set[int]:
        return {p.seat for p in view.seats if p.active or p.status == "choosing"}

    def hint_goal(self, action: Action, view: BigFishView) -> str | None:
        return hints.goal(action, view)

    def describe(self, action: Action, view: BigFishView, kind: str) -> str:
        return describe(action, view)

    def shortcut(self, action: Action, kind: str) -> tuple[str, str] | None:
        if action.kind == "draw_deck":
            return ("d", "draw from the deck")
        if action.kind == "done":
            return ("p", "pass") if kind in EVENT_KINDS else ("s", "stop this step")
        return None

    def decision_screen(self, decision: Decision[BigFishView, Action]) -> Screen[None] | None:
        if not decision.private:
            return None
        return BigFishDecisionScreen(decision, self)

    def result_details(self, view: BigFishView) -> RenderableType | None:
        return details_table(view)


UI = BigFishUI()
