"""The table's rhythm at a seat app's keyboard: the hot seat's planner, told which seats are here.

No Textual. The seat app asks `plan` what to show next and tells this what
was shown and sent; this keeps the planner's marks (where the screens' news
starts is in them too, as at the hot seat), and reads the host's step count
to learn when a seat at another keyboard has acted (the keyboard is then back
with the table, as when a computer moves at the hot seat).
"""

from __future__ import annotations

from collections.abc import Mapping

from fishtable.remote.wire_feed import WireMatch
from fishtable.tui import planner


class SeatRhythm:
    def __init__(self, hold_kinds: frozenset[str], round_kinds: frozenset[str],
                 private_kinds: frozenset[str] = frozenset()) -> None:
        """`private_kinds`: the plug-in's `private_hold_kinds` (a seat here studies such a secret on
        its own screen before anything hides it, as at the hot seat)."""
        self.hold_kinds = hold_kinds
        self.round_kinds = round_kinds
        self.private_kinds = private_kinds
        self.open(0)

    def open(self, step_count: int, opening: int = 0, looked: int = 0) -> None:
        """A table just drawn, or a new game dealt: everything before `opening` was on this
        keyboard's screens (nothing yet: a seat joining a game already under way has seen none of
        its moves, and the log it is sent is news for its first screen); the secrets before
        `looked` were given before this keyboard sat down (each seat sees them on its first screen)."""
        self.marks = planner.Marks.opening(opening, looked)
        self.host_steps = step_count  # the host's step count last read
        self.in_flight = 0  # actions sent from here the host has not applied (or refused) yet

    def plan(self, match: WireMatch, here: frozenset[int]) -> planner.Step:
        return planner.plan(match, self.marks, self.hold_kinds, self.round_kinds, here=here,
                            private_kinds=self.private_kinds)

    def news_from(self, viewer: int | None) -> int:
        """Where a log's news starts (`planner.news_from`)."""
        return planner.news_from(self.marks, viewer)

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
        """The step's screen is up (`planner.showing`: a pass screen hides every hand, a public
        screen shows the news since the table last did)."""
        self.marks = planner.showing(step, self.marks, match)

    def answered(self, step: planner.PassKeyboard | planner.StudyNews | planner.StudyPrivate,
                 match: WireMatch) -> None:
        """Enter on the step's screen (a pass screen: its seat took the keyboard)."""
        self.marks = planner.answered(step, self.marks, match)

    def sent(self, seat: int, actions: int, match: WireMatch) -> None:
        """`seat` answered here with `actions` actions (a decision and the steps it held)."""
        self.in_flight += actions
        self.marks = planner.applied(self.marks, seat, match.event_count)

    def command_seat(self, match: WireMatch, step: planner.Step | None, seats: Mapping[int, object]) -> int | None:
        """The seat here a table command is asked for (`planner.command_seat`), or None."""
        return planner.command_seat(match, step, self.marks, frozenset(seats))

    def commanded(self) -> None:
        """A table command sent from here: one more step of ours, if the host applies it."""
        self.in_flight += 1

    def claimed(self, seat: int) -> None:
        self.marks = planner.claimed(self.marks, seat)
