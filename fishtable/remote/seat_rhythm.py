"""The table's rhythm at a seat app's keyboard: the hot seat's planner, told which seats are here.

No Textual. The seat app asks `plan` what to show next and tells this what
was shown and sent; this keeps the planner's marks (where the screens' news
starts, the steps a screen held with its decision, who pressed last and
whether a pass screen just gave the keyboard are in them too, as at the hot
seat), and reads the host's step count to learn when a seat at another
keyboard has acted (the keyboard is then back with the table, as when a
computer moves at the hot seat).

What the hot seat never meets: a seat elsewhere moves while a screen here is
up, and the host's word of a move reaches this keyboard's connections one by
one. So a pass screen or a study the plan asks for again stays on show
(`keeps`: a new ticket would spend the Enter typed at it), and a seat's held
steps wait until every connection has heard of its decision (`awaiting`).
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
        self.studied: list[str] = []  # the secrets on the study screen on show, if one is

    def plan(self, match: WireMatch, here: frozenset[int]) -> planner.Step:
        return planner.plan(match, self.marks, self.hold_kinds, self.round_kinds, here=here,
                            private_kinds=self.private_kinds)

    def news_from(self, viewer: int | None) -> int:
        """Where a log's news starts (`planner.news_from`)."""
        return planner.news_from(self.marks, viewer)

    def awaiting(self, match: WireMatch) -> bool:
        """A seat's decision held more steps (`planner.Held`), and not every connection here has
        heard the host apply it: nothing is planned yet (at the hot seat the match is applied
        before the planner is asked; any screen shown meanwhile would drop the held steps)."""
        held = self.marks.held
        return held is not None and held[0] not in match.pending() and (self.in_flight > 0 or not match.settled)

    def keeps(self, shown: planner.Step | None, step: planner.Step, match: WireMatch, news_shown: bool) -> bool:
        """Is the screen on show (of step `shown`) already the screen `step` asks for? The same
        step, or a seat's pass screen or study when the plan asks again for that seat's pass screen
        (a seat elsewhere moved): it stays while it shows all the seat must newly see (the news:
        `news_shown`, the pass screen is the table; the secrets on the study)."""
        if isinstance(shown, planner.PassKeyboard) and isinstance(step, planner.PassKeyboard):
            return shown.seat == step.seat and (news_shown or not planner.unseen_news(match, self.marks))
        if isinstance(shown, planner.StudyPrivate) and isinstance(step, planner.PassKeyboard | planner.StudyPrivate):
            return shown.seat == step.seat and self.studied == self.secrets(step.seat, match)
        return step == shown and isinstance(step, (*planner.ENTER_STEPS, planner.AskTable))

    def secrets(self, seat: int, match: WireMatch) -> list[str]:
        """What the rules gave `seat` in secret since its last look (`planner.secrets`)."""
        return planner.secrets(match, self.marks, self.private_kinds, seat)

    # -- what the host did ------------------------------------------------------------------------
    def host_moved(self, step_count: int, refused: int) -> None:
        """The host's step count is `step_count`, and `refused` more of this keyboard's messages
        were refused (a held step among them: the seat is asked again as the game stands): any
        step not one of ours was a seat's at another keyboard."""
        self.in_flight = max(0, self.in_flight - refused)
        if refused and self.marks.held is not None:
            self.marks = planner.dropped(self.marks)
        moved = step_count - self.host_steps
        self.host_steps = step_count
        if moved <= 0:
            return
        ours = min(self.in_flight, moved)
        self.in_flight -= ours
        if moved > ours:
            self.marks = planner.elsewhere_acted(self.marks)

    def lost(self) -> None:
        """The connection was lost: an answer on its way is asked again, and with it its held steps."""
        self.in_flight = 0
        self.marks = planner.dropped(self.marks)

    # -- what this keyboard did ----------------------------------------------------------------------
    def showing(self, step: planner.Step, match: WireMatch) -> None:
        """The step's screen is up (`planner.showing`: a pass screen hides every hand, a public
        screen shows the news since the table last did; a study shows `studied`)."""
        if isinstance(step, planner.StudyPrivate):
            self.studied = self.secrets(step.seat, match)
        self.marks = planner.showing(step, self.marks, match)

    def answered(self, step: planner.PassKeyboard | planner.StudyNews | planner.StudyPrivate,
                 match: WireMatch) -> None:
        """Enter on the step's screen (a pass screen: its seat took the keyboard). A seat elsewhere
        that moved while a study was up gave the keyboard back to the table (its news comes next)."""
        away = isinstance(step, planner.StudyPrivate) and self.marks.holder != step.seat
        self.marks = planner.answered(step, self.marks, match)
        if away:
            self.marks = planner.elsewhere_acted(self.marks)

    def keyboard_changed(self, seat: int | None) -> bool:
        """Has the keyboard just changed hands, for a screen armed now for `seat` (the key rule's
        repeat window, `planner.arming`, as at the hot seat)?"""
        changed, self.marks = planner.arming(self.marks, seat)
        return changed

    def pressed(self, seat: int | None) -> None:
        """A key of `seat` (None: the whole table's) answered the table."""
        self.marks = planner.pressed(self.marks, seat)

    def sent(self, seat: int, actions: int, match: WireMatch, then: tuple[object, ...] = ()) -> None:
        """`seat` answered here with `actions` actions; `then`: the steps its screen held, next."""
        self.in_flight += actions
        self.marks = planner.applied(self.marks, seat, match.event_count, then)

    def held_sent(self, seat: int) -> None:
        """The first of `seat`'s held steps was sent."""
        self.in_flight += 1
        self.marks = planner.held_applied(self.marks, seat)

    def dropped(self) -> None:
        """A held step is no answer to the seat's question now: it is asked from where it stands."""
        self.marks = planner.dropped(self.marks)

    def command_seat(self, match: WireMatch, step: planner.Step | None, seats: Mapping[int, object]) -> int | None:
        """The seat here a table command is asked for (`planner.command_seat`), or None."""
        return planner.command_seat(match, step, self.marks, frozenset(seats))

    def commanded(self) -> None:
        """A table command sent from here: one more step of ours, if the host applies it."""
        self.in_flight += 1

    def claimed(self, seat: int) -> None:
        self.marks = planner.claimed(self.marks, seat)
