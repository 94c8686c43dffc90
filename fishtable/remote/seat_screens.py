"""Which screen shows what at a seat app: a question's screen (the game's, a private copy of the
table, or the shell's choice list; a public one on the table), the one screen above the table, and
the results. A mixin of `fishtable.remote.seat_app.SeatApp`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

from fishtable.engine.protocol import Result
from fishtable.engine.series import Series
from fishtable.tui import planner
from fishtable.tui.decision import SomeDecision
from fishtable.tui.screens.choice import ChoiceScreen
from fishtable.tui.screens.results import ResultsScreen
from fishtable.tui.screens.study import StudyScreen
from fishtable.tui.screens.table import TableScreen

if TYPE_CHECKING:
    from textual.app import App

    from fishtable.remote.seat_rhythm import SeatRhythm
    from fishtable.remote.table_seen import TableSeen
    from fishtable.remote.wire_feed import WireFeed, WireMatch
    from fishtable.tui.plugin import SomeUI

    _Base = App[int]
else:
    _Base = object


class SeatScreens(_Base):
    # What the app sets (fishtable.remote.seat_app.SeatApp).
    table: TableScreen | None
    feed: WireFeed | None
    ui: SomeUI
    overlay: Screen[None] | None
    finished: bool
    rhythm: SeatRhythm | None
    step_ticket: int  # the app's ticket of the step on screen that waits for Enter

    def show_decision(self, decision: SomeDecision) -> None:
        """A question on its screen: the seat's own (private) or the table (public)."""
        assert self.table is not None and self.feed is not None
        screen = self.ui.decision_screen(decision)
        if screen is None and decision.kind in self.ui.board_kinds and decision.private:
            screen = TableScreen.of(self.feed.ui)(self.feed, viewer=decision.seat)
            self._show(screen)
            screen.call_after_refresh(screen.set_prompt, decision)
            return
        if screen is None and decision.private:
            screen = ChoiceScreen(decision, self.ui)
        if screen is None:
            self._show(None)
            self.table.set_prompt(decision)
            return
        self._show(screen)

    def show_study(self, step: planner.StudyPrivate, match: WireMatch) -> None:
        """A seat here looks at what the rules gave it in secret since its last look (its hidden
        draw) on its own screen, until Enter: the hot seat's study screen."""
        assert self.feed is not None and self.rhythm is not None
        seat, rhythm = step.seat, self.rhythm
        rhythm.showing(step, match)  # it keeps the secrets the study shows (`studied`)
        lines = rhythm.studied
        self.step_ticket += 1
        hand = self.ui.study_hand(self.feed.view(seat))
        self._show(StudyScreen(self.feed.seats[seat].name, seat, lines, hand, self.step_ticket))

    def _show(self, screen: Screen[None] | None) -> None:
        """Put `screen` above the table, replacing the previous one (None: the table)."""
        if self.overlay is not None and self.overlay in self.screen_stack:
            if screen is None:
                while self.screen is not self.overlay and len(self.screen_stack) > 2:
                    self.pop_screen()
                self.pop_screen()
            else:
                self.switch_screen(screen) if self.screen is self.overlay else self.push_screen(screen)
        elif screen is not None:
            self.push_screen(screen)
        self.overlay = screen

    def _finish(self, seen: TableSeen) -> None:
        """The results the host sent (and the series' totals, if the table plays a series)."""
        if self.finished or seen.result is None:
            return
        self.finished = True
        assert self.feed is not None
        series = Series.model_validate(seen.series) if seen.series is not None else None
        shown = series if series is not None and series.rules.is_series else None
        result = Result.model_validate(seen.result)
        self._show(ResultsScreen(result, self.ui.result_details(self.feed.view(None)), shown))

