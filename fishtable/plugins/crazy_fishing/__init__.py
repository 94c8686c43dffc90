"""Crazy Fishing in the app: its board, seat panels, card faces, words and screens."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.screen import Screen

from fishtable.engine.protocol import Event
from fishtable.games.crazy_fishing.actions import Action, FishBait
from fishtable.games.crazy_fishing.views import CardFace, CrazyFishingView
from fishtable.plugins.crazy_fishing import hints
from fishtable.plugins.crazy_fishing.board import CrazyFishingBoard
from fishtable.plugins.crazy_fishing.cast import CastScreen
from fishtable.plugins.crazy_fishing.choices import oos_fish_choices
from fishtable.plugins.crazy_fishing.collect import CollectScreen
from fishtable.plugins.crazy_fishing.describe import HEADLINE_KINDS, describe, known_cards
from fishtable.plugins.crazy_fishing.faces import face_text
from fishtable.plugins.crazy_fishing.results import catches_text
from fishtable.plugins.crazy_fishing.seat_panel import seat_text, wrap_parts
from fishtable.tui.decision import Decision
from fishtable.tui.plugin import RECENT_LINES, GameUI
from fishtable.tui.widgets.fit import beside_or_below

PHASE_WORDS = {
    "cast": "Cast",
    "fish_bait": "Cast: fish as bait",
    "catch": "Catch",
    "collect": "Collect",
    "over": "Game over",
}

HELP = """\
## Crazy Fishing

| Where | Keys |
|---|---|
| Cast | **1–9** put that card in or take it out · or **← →** and **Space** · **Enter** cast |
| Catch | the fish's **number** tries for it at once · or **← ↑ ↓ →**, **Tab** then **Enter** |
| Special cards | **Space** two fish (Reel) · **l** look (Finder: any fish) · **s** shuffle · **e** end turn |
| Between the two Reel fish | **s** shuffle the sea now · **c** go on to the second fish |
| Extra attempt (A Pair of Fish) | the fish's **number**, or choose and **Enter** · **n** decline |
| Fish as bait (Out-of-Series Rod) | **↑ ↓** and **Enter** · **k** keep my bait cards |
| Collect | a **number**: draw that many rods, the rest baits · or **← →** and **Enter** |
| Your own screens | **p** your whole catch pile (Esc, p or Enter: back) |

Number keys: type a fish's number; for fish 10 and up type both digits. A first
digit that may start a longer number is shown ("#2_") and waits, as long as it
takes, for the second digit, Enter (that one-digit fish) or Esc (nothing). With
the Reel or the Finder, a number only moves the cursor: mark or look first, then
Enter. A number that cannot be chosen says why in the prompt bar, and nothing is tried.

The sea: a double border (╔═╗) can be chosen now; a dashed one (┌╌┐) is
covered by another card; "↑up" is a fish turned face up; "=5" is a fish you
looked at with the Finder. A fish's number is shown whole or not at all.

A blank cast (only rods, or only baits) is legal but catches nothing.

The log shows only this round and the previous one: remembering older
catches and escaped fish is part of the game.
"""

# Keys that pick an action from a list of choices, with words for the prompt bar and footer.
SHORTCUTS = {
    ("between", "shuffle"): ("s", "shuffle now"),
    ("finish", "shuffle"): ("s", "shuffle now"),
    ("between", "continue"): ("c", "go on to the second fish"),
    ("finish", "end_turn"): ("e", "end turn"),
}


def _rows_per_seat(seats: int, size: tuple[int, int] | None) -> int | None:
    """Lines each seat panel may take so that all fit in the side column, or None if unknown.

    The shell gives `seat_panel` a width but no height; the column is the terminal's
    height less the table's other rows (10 on short terminals, 14 from 34 rows up,
    where the log is taller). `size` is the terminal's, read through the board.
    """
    if size is None:
        return None
    side = size[1] - (14 if size[1] >= 34 else 10)
    return max(1, side // max(1, seats))


def _top(card: CardFace) -> Text:
    value = "∞" if card.value is None else str(card.value)
    return face_text(card) if card.type == "fish" else Text(f"{value}{'+' if card.plus else ''}")


class CrazyFishingUI(GameUI[CrazyFishingView, Action]):
    board: CrazyFishingBoard | None = None  # the last board made, in the running app
    board_kinds: ClassVar[frozenset[str]] = frozenset({"catch", "pair"})
    headline_kinds: ClassVar[frozenset[str]] = HEADLINE_KINDS
    # Out-of-series effects (the Smart Bream shows fish to all): studied before anyone moves on.
    hold_kinds: ClassVar[frozenset[str]] = frozenset({"effect"})
    help_markdown: ClassVar[str] = HELP
    assets: ClassVar[str | None] = "crazy_fishing"  # quickref.md and tips.json

    def make_board(self) -> CrazyFishingBoard:
        board = CrazyFishingBoard()
        self.board = board  # the running app's size is read through it (a public widget API)
        return board

    def app_size(self) -> tuple[int, int] | None:
        """The terminal's size, from the app showing the last board made (None outside one)."""
        board = self.board
        if board is None or not board.is_attached:
            return None
        size = board.app.size
        return size.width, size.height

    def topbar(self, view: CrazyFishingView, width: int) -> Text:
        text = Text()
        text.append(f" Round {view.round} · {PHASE_WORDS.get(view.phase, view.phase)}", "bold")
        text.append(f" · {view.sea_count} fish in the sea")
        decks = Text()
        decks.append(f"Rod deck {view.rod_deck} · discard {view.rod_discard}")
        if view.rod_discard_top is not None:
            decks.append(" (top ")
            decks.append_text(_top(view.rod_discard_top))
            decks.append(")")
        decks.append(f"  │  Bait deck {view.bait_deck} · discard {view.bait_discard}")
        if view.bait_discard_top is not None:
            decks.append(" (top ")
            decks.append_text(_top(view.bait_discard_top))
            decks.append(")")
        # On one line when it fits, else the decks go on a second line rather than being cut off.
        return beside_or_below(text, decks, width)

    def seat_panel(self, view: CrazyFishingView, seat: int, *, active: bool, width: int, wide: bool) -> Text:
        return seat_text(view.seats[seat], active, wide, width, _rows_per_seat(len(view.seats), self.app_size()))

    def busy_seats(self, view: CrazyFishingView) -> set[int]:
        return {panel.seat for panel in view.seats if panel.status == "fishing"}

    def hint_goal(self, action: Action, view: CrazyFishingView) -> str | None:
        return hints.goal(action, view)

    def describe(self, action: Action, view: CrazyFishingView, kind: str) -> str:
        baits: tuple[str, ...] = ()
        fish: tuple[str, ...] = ()
        turn = view.turn
        cast = view.seats[turn.seat].cast if turn is not None else None
        if cast is not None:
            baits = tuple(c.id for c in cast.baits)
        if turn is not None:  # the Reel's two fish, face up: "#3 Hake (2)"
            fish = tuple(
                f"#{label} {card.name} ({'∞' if card.value is None else card.value})"
                for label, card in zip(turn.flipped_labels, turn.flipped, strict=False)
            )
        return describe(action, known_cards(view), baits, stage=kind, fish=fish)

    def shortcut(self, action: Action, kind: str) -> tuple[str, str] | None:
        if kind == "fish_bait" and isinstance(action, FishBait) and action.fish is None:
            return ("k", "keep my bait cards")
        return SHORTCUTS.get((kind, action.kind))

    def decision_screen(self, decision: Decision[CrazyFishingView, Action]) -> Screen[None] | None:
        if decision.kind == "cast":
            return CastScreen(decision)
        if decision.kind == "collect":
            return CollectScreen(decision)
        return None

    def private_summary(self, view: CrazyFishingView) -> RenderableType | None:
        """The hand and the whole catch pile (CF-CATCH-10), lines broken between cards."""
        size = self.app_size()
        width = size[0] - 2 if size else None
        parts = []
        for title, cards in (("Your hand:", view.hand), ("Your catch pile:", view.pile)):
            if cards:
                atoms = [(" ", face_text(card)) for card in cards]
                parts.append(wrap_parts(atoms, width, first=Text(title)))
        return Text("\n").join(parts) if parts else None

    def log_window(self, entries: Sequence[tuple[int, Event]]) -> list[tuple[int, Event]]:
        """CF-Q-16: no browsable history; this round and the previous one, capped."""
        starts = [n for n, (_, e) in enumerate(entries) if e.kind == "round"]
        begin = starts[-2] if len(starts) >= 2 else 0
        return list(entries[begin:])[-RECENT_LINES:]

    def option_choices(self, field: str, card_file: str | None) -> tuple[list[tuple[str, str]], str | None] | None:
        if field != "oos_fish":
            return None
        return oos_fish_choices(card_file)

    def result_details(self, view: CrazyFishingView) -> RenderableType | None:
        """Each player's catch, fish by fish (every pile is public at the end)."""
        return catches_text(view)


UI = CrazyFishingUI()
