"""Fishing Party Poker in the app: the table, the seat panels, the private decisions, the words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.screen import Screen

from fishtable.engine.protocol import Event
from fishtable.games.fishing_party_poker.actions import Action
from fishtable.games.fishing_party_poker.describe import describe
from fishtable.games.fishing_party_poker.views import PokerView
from fishtable.plugins.fishing_party_poker import hints
from fishtable.plugins.fishing_party_poker.bet import BetScreen
from fishtable.plugins.fishing_party_poker.board import PokerBoard
from fishtable.plugins.fishing_party_poker.commands import COMMAND_KEYS, table_commands
from fishtable.plugins.fishing_party_poker.faces import indexes_text
from fishtable.plugins.fishing_party_poker.private import HEADLINE_KINDS
from fishtable.plugins.fishing_party_poker.seat_panel import seat_text
from fishtable.plugins.fishing_party_poker.swap import SwapScreen
from fishtable.plugins.fishing_party_poker.words import award_lines, showdown_lines, stage_text
from fishtable.tui.decision import Decision
from fishtable.tui.plugin import RECENT_LINES, GameUI, TableCommand

HELP = """\
## Fishing Party Poker

| Where | Keys |
|---|---|
| Betting (private) | **c** check or call · **b** bet · **r** raise · **f** fold · or **↑ ↓** and **Enter** |
| Swapping (private) | **1–5** pick your card, then the community card · **Enter** swap · **k** keep your hand |
| Swapping, by cursor | **← →** move · **↑ ↓** or **Tab** hand / community · **Space** pick or unpick |
| Either | **x** stop the session after this hand (asks first) |

The table shows every seat's chips, its bet this round and what it has put in
the pot this hand, FOLDED / ALL IN / OUT, the dealer button **D**, the pot
and any side pots with who can win them, whose action it is, and the
community cards (face down until the first betting round ends). After the
reveal it lists the swaps of the latest swap round (who took which card and
put in which), and under a community card the name of whoever put it there.

At the showdown the hands are shown in the ruled order (the highest bettor
first, then clockwise) with their names, and the table keeps showing how the
hand ended until the next hand's community is turned up. A hand that wins
because everyone else folded is never shown, and neither is a folded hand.

Stopping: the player deciding presses **x** (and answers **y**); the hand is
played to its end, then the standings are shown.
"""


class FishingPartyPokerUI(GameUI[PokerView, Action]):
    headline_kinds: ClassVar[frozenset[str]] = HEADLINE_KINDS
    help_markdown: ClassVar[str] = HELP
    assets: ClassVar[str | None] = "fishing_party_poker"  # quickref.md and tips.json

    # -- the public table -------------------------------------------------------------------
    def make_board(self) -> PokerBoard:
        return PokerBoard()

    def topbar(self, view: PokerView, width: int) -> Text:
        text = stage_text(view)
        dealer = view.seats[view.dealer].name
        text.append(" · ")
        text.append(dealer)
        text.append(" deals")
        if view.phase != "over":
            pot = Text(f" · pot {view.pot}")
            if text.cell_len + pot.cell_len <= width:
                text.append_text(pot)
        return text

    def seat_panel(self, view: PokerView, seat: int, *, active: bool, width: int, wide: bool) -> Text:
        return seat_text(view, seat, active, width, wide)

    def busy_seats(self, view: PokerView) -> set[int]:
        """The seat whose action it is (the bet, the swap or the deal)."""
        return {view.actor} if view.actor is not None and view.phase != "over" else set()

    # -- words -----------------------------------------------------------------------------
    def hint_goal(self, action: Action, view: PokerView) -> str | None:
        return hints.goal(action, view)

    def describe(self, action: Action, view: PokerView, kind: str) -> str:
        return describe(action, view)

    # -- decisions -------------------------------------------------------------------------
    def decision_screen(self, decision: Decision[PokerView, Action]) -> Screen[None] | None:
        if decision.kind == "bet" and decision.private:
            return BetScreen(decision)
        if decision.kind == "swap" and decision.private:
            return SwapScreen(decision)
        return None  # the deal: one action, which the shell applies by itself

    def private_summary(self, view: PokerView) -> RenderableType | None:
        if not view.hand:
            return None
        text = Text("Your hand: ", "bold")
        text.append_text(indexes_text(view.hand))
        text.append(f"  {view.best_hand}")
        return text

    def waiting_hand(self, view: PokerView) -> RenderableType | None:
        """The five cards a seat plays with stay in sight while the others bet and swap."""
        return self.private_summary(view)

    def log_window(self, entries: Sequence[tuple[int, Event]]) -> list[tuple[int, Event]]:
        """This hand's lines (the board says how the last one ended): no old card names that a
        new deal may have put in someone's hand since."""
        starts = [n for n, (_, e) in enumerate(entries) if e.kind == "hand"]
        return list(entries[starts[-1] if starts else 0:])[-RECENT_LINES:]

    command_keys = COMMAND_KEYS

    def table_commands(self, view: PokerView) -> list[TableCommand[Action]]:
        """Keys the public table offers whoever's turn it is (see commands.py)."""
        return table_commands(view)

    # -- the end -----------------------------------------------------------------------------
    def result_details(self, view: PokerView) -> RenderableType | None:
        """How the last hand ended: its pots and the hands shown, in order."""
        if not view.awards:
            return None
        lines = [Text(f"How the last hand (hand {view.hand_number}) ended", "bold underline")]
        lines += award_lines(view)
        lines += showdown_lines(view, wide=True)
        return Text("\n").join(lines)


UI = FishingPartyPokerUI()
