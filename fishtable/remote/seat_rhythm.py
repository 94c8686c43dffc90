"""The table's rhythm at a seat app's keyboard: the hot seat's planner, told which seats are here.

No Textual. The seat app asks `plan` what to show next and tells this what
was shown and sent; this keeps the planner's marks and the two news marks the
screens read (as `fishtable.tui.flow` does), and reads the host's step count
to learn when a seat at another keyboard has acted (the keyboard is then back
with the table, as when a computer moves at the hot seat).
"""

from __future__ import annotations

from fishtable.remote.wire_feed import WireMatch
from fishtable.tui import planner


class SeatRhythm:
    def __init__(self, hold_kinds: frozenset[str], round_kinds: frozenset[str]) -> None:
        self.hold_kinds = hold_kinds
        self.round_kinds = round_kinds
        self.open(0)

    def open(self, step_count: int, opening: int = 0) -> None:
        """A table just drawn, or a new game dealt: everything before `opening` was on this
        keyboard's screens (nothing yet: a seat joining a game already under way has seen none of
        its moves, and the log it is sent is news for its first screen)."""
        self.marks = planner.Marks(seen=opening)
        self.news_mark = opening  # events from here on came after this keyboard's last decision
        self.table_news_from = opening  # the public table marks events from here on as news
        self.host_steps = step_count  # the host's step count last read
        self.in_flight = 0  # actions sent from here the host has not applied (or refused) yet

    def plan(self, match: WireMatch, here: frozenset[int]) -> planner.Step:
        return planner.plan(match, self.marks, self.hold_kinds, self.round_kinds, here=here)

    def news_from(self, viewer: int | None) -> int:
        """Where a log's news starts: a seat's own screen, not what the table showed it since; the
        public table, everything it has not shown to everyone yet (as the hot seat's flow)."""
        if viewer is not None:
            return max(self.news_mark, self.marks.seen)
        return min(self.news_mark, self.table_news_from)

    # -- what the host did ------------------------------------------------------------------------
    def host_moved(self, step_count: int, refused: int) -> None:
        """The host's step count is `step_count`, and `refused` more of this keyboard's messages
        were refused: any step not one of ours was a seat's at another keyboard."""
        self.in_flight = max(0, self.in_flight - refused)
        moved = step_count - self.host_steps
        self.host_steps = step_count
        if moved <= 0:
            return
        ours = min(self.in_flight, moved)
        self.in_flight -= ours
        if moved > ours:
            self.marks = planner.elsewhere_acted(self.marks)

    # -- what this keyboard did ----------------------------------------------------------------------
    def showing(self, step: planner.Step, match: WireMatch) -> None:
        """A public step's screen is up (the table shows the news since it last did)."""
        if isinstance(step, (*planner.PUBLIC_STEPS, planner.Elsewhere)):
            self.table_news_from = self.marks.seen
        self.marks = planner.shown(step, self.marks, match)

    def handing_over(self, with_news: bool) -> None:
        if with_news:
            self.table_news_from = self.marks.seen
        self.marks = planner.handing_over(self.marks)

    def sent(self, seat: int, actions: int, match: WireMatch) -> None:
        """`seat` answered here with `actions` actions (a decision and the steps it held)."""
        self.news_mark = match.event_count
        self.in_flight += actions
        self.marks = planner.acted(self.marks, seat)

    def commanded(self) -> None:
        """A table command sent from here: one more step of ours, if the host applies it."""
        self.in_flight += 1

    def claimed(self, seat: int) -> None:
        self.marks = planner.claimed(self.marks, seat)
