"""Collect, in secret: how many cards to draw from each deck.

Warns, without blocking, when the hand would hold only rods or only baits
(the rules allow it; that player cannot catch next round). `p` shows the
seat's own catch pile (CF-CATCH-10).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Static

from fishtable.games.crazy_fishing.actions import Action
from fishtable.games.crazy_fishing.views import CrazyFishingView
from fishtable.plugins.crazy_fishing.describe import HEADLINE_KINDS
from fishtable.plugins.crazy_fishing.faces import card_tile
from fishtable.plugins.crazy_fishing.pile import PILE_AND_RULES, PrivateDecisionScreen, narrow_log, private_header
from fishtable.tui.decision import Decision
from fishtable.tui.widgets.coach_panel import mark_coached
from fishtable.tui.widgets.fit import update_text
from fishtable.tui.widgets.footer import KeysFooter
from fishtable.tui.widgets.log import NewsBar, show_log


class CollectScreen(PrivateDecisionScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "shift(1)", "More rods"),
        Binding("right", "shift(-1)", "More baits"),
        Binding("enter", "commit", "Draw"),
        # One key for the whole choice: how many of the cards to draw are rods.
        *[Binding(str(d), f"rods({d})", "Rods to draw", show=False) for d in range(7)],
        *PILE_AND_RULES,
    ]

    def __init__(self, decision: Decision[CrazyFishingView, Action]) -> None:
        super().__init__(decision)
        draws = [a for a in decision.legal if a.kind == "draw"]
        self.draws = sorted(draws, key=lambda a: (-a.rods, a.baits))
        self.index = len(self.draws) // 2

    def compose(self) -> ComposeResult:
        yield Static(private_header(self.decision.name, f"Collect, round {self.view.round}: refill your hand"),
                     id="topbar")
        yield Static("Your hand now:", id="cast-help")
        with Horizontal(id="hand"):
            for n, card in enumerate(self.view.hand or ()):
                yield card_tile(card, index=n + 1)
        yield Static(id="draw-choice")
        yield Static(id="warning")
        yield NewsBar(id="news")
        yield narrow_log()
        yield KeysFooter()

    def on_mount(self) -> None:
        show_log(self, self.decision.log, HEADLINE_KINDS)
        mark_coached(self)
        self._update()

    def _update(self) -> None:
        text = Text()
        if not self.draws:
            text.append("There is nothing to draw.")
            update_text(self.query_one("#draw-choice", Static), text)
            return
        draw = self.draws[self.index]
        text.append("Draw  ")
        text.append(f"◀ {draw.rods} rod card{'s' * (draw.rods != 1)} ", "bold #e0c070")
        text.append(" and ")
        text.append(f" {draw.baits} bait card{'s' * (draw.baits != 1)} ▶", "bold #f08080")
        least, most = self.rod_range()
        text.append(f"\n{least}–{most}: draw that many rods, the rest baits · ← more rods · → more baits · "
                    "Enter draws · p: my catch", "dim")
        update_text(self.query_one("#draw-choice", Static), text)
        hand = self.view.hand or ()
        rods = sum(c.type == "rod" for c in hand) + draw.rods
        baits = sum(c.type == "bait" for c in hand) + draw.baits
        warning = ""
        if rods == 0:
            warning = "⚠ Your hand would hold no rod: you could not catch next round."
        elif baits == 0:
            warning = "⚠ Your hand would hold no bait: you could not catch next round."
        self.query_one("#warning", Static).update(Text(warning, "bold #ffb347"))

    def action_shift(self, delta: int) -> None:
        if self.draws:
            self.index = max(0, min(len(self.draws) - 1, self.index - delta))
            self._update()

    def rod_range(self) -> tuple[int, int]:
        """The fewest and most rods a draw may hold (a short deck narrows the split)."""
        rods = [d.rods for d in self.draws]
        return min(rods), max(rods)

    def action_rods(self, rods: int) -> None:
        """Draw `rods` rod cards and bait cards for the rest, at once."""
        draw = next((d for d in self.draws if d.rods == rods), None)
        if draw is None:
            if self.draws:
                total = self.draws[0].rods + self.draws[0].baits
                least, most = self.rod_range()
                self.refuse(f"You draw {total} card{'s' * (total != 1)}: {least} to {most} of them can be rods.")
            return
        self.index = self.draws.index(draw)
        self._update()
        self.send(draw)

    def action_commit(self) -> None:
        if self.draws:
            self.send(self.draws[self.index])
