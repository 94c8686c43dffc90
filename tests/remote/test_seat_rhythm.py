"""The seat app's rhythm bookkeeping: which of the host's steps were this keyboard's own answers,
and which a seat's elsewhere (then the keyboard is back with the table, as at the hot seat)."""

from __future__ import annotations

from dataclasses import replace

from fishtable.engine.protocol import Event, Prompt, SeatInfo
from fishtable.remote.seat_rhythm import SeatRhythm
from fishtable.remote.wire_feed import WireMatch
from fishtable.tui import planner


class Counted:
    """The one thing `SeatRhythm.sent` reads of the wire's match."""

    event_count = 5


def holding(seat: int) -> SeatRhythm:
    rhythm = SeatRhythm(frozenset(), frozenset())
    rhythm.marks = planner.Marks(seen=3, holder=seat, exposed=True)
    return rhythm


def test_the_keyboards_own_answer_keeps_the_keyboard() -> None:
    rhythm = holding(0)
    rhythm.sent(0, 1, Counted())  # type: ignore[arg-type]
    rhythm.host_moved(1, refused=0)
    assert rhythm.marks.holder == 0 and rhythm.marks.decided == 5


def test_a_move_made_elsewhere_gives_the_keyboard_back() -> None:
    rhythm = holding(0)
    rhythm.sent(0, 1, Counted())  # type: ignore[arg-type]
    rhythm.host_moved(2, refused=0)  # ours, and one more: a remote seat's or a computer's
    assert rhythm.marks.holder is None


def test_a_refused_answer_is_not_counted_as_ours() -> None:
    rhythm = holding(0)
    rhythm.commanded()  # a table command the host refuses
    rhythm.host_moved(0, refused=1)
    rhythm.host_moved(1, refused=0)  # then another seat moves
    assert rhythm.marks.holder is None


def test_a_seats_own_screen_marks_news_from_its_last_answer_the_table_from_what_it_showed() -> None:
    rhythm = holding(0)
    rhythm.marks = replace(rhythm.marks, decided=4, table_news=2)
    assert rhythm.news_from(0) == 4  # max(its last answer, what the table showed everyone)
    assert rhythm.news_from(None) == 2


# -- what the hot seat keeps in the planner's marks, kept there at the host's keyboard too -------------


class Table:
    """A wire match as the rhythm reads it: two seats here, a question for each seat in `asked`."""

    def __init__(self, asked: tuple[int, ...] = (0,), events: tuple[Event, ...] = (), settled: bool = True) -> None:
        self.seats = (SeatInfo(name="Ana"), SeatInfo(name="Ben"))
        self.asked = asked
        self.events = events
        self.settled = settled
        self.is_over = False

    @property
    def event_count(self) -> int:
        return len(self.events)

    def pending(self) -> dict[int, Prompt]:
        return {s: Prompt(seat=s, kind="play", text="") for s in self.asked}

    def legal_actions(self, seat: int) -> list[str]:
        return ["a", "b"]

    def events_since(self, index: int) -> list[Event]:
        return list(self.events[index:])


def wire(table: Table) -> WireMatch:
    return table  # type: ignore[return-value]


HERE = frozenset({0, 1})


def test_a_decisions_held_steps_are_the_planners_and_wait_for_the_hosts_word() -> None:
    """Decided.then: the hot seat's `Held`, from the marks; while the decision is on its way (the
    seat not asked here yet) nothing is planned, so no screen drops the steps."""
    rhythm = holding(0)
    rhythm.sent(0, 1, wire(Table()), then=("b", "a"))
    assert rhythm.marks.held == (0, ("b", "a"))
    on_its_way = Table(asked=())
    assert rhythm.awaiting(wire(on_its_way))
    rhythm.host_moved(1, refused=0)  # the table's connection has the host's word, a seat's not yet
    assert rhythm.awaiting(wire(Table(asked=(), settled=False)))
    asked_again = Table(asked=(0,))
    assert not rhythm.awaiting(wire(asked_again))
    assert rhythm.plan(wire(asked_again), HERE) == planner.Held(0, "b")
    rhythm.held_sent(0)
    assert rhythm.marks.held == (0, ("a",))
    rhythm.host_moved(1, refused=1)  # refused: the seat is asked from where the game stands
    assert rhythm.marks.held is None and not rhythm.awaiting(wire(on_its_way))


def test_a_screen_after_a_pass_screen_or_for_another_person_swallows_a_repeat() -> None:
    """The key rule's repeat window, from the marks as at the hot seat (was the app's own
    `just_passed_to`): the first screen after a pass screen (once), a screen of another person
    than the one who pressed last; none for the same person going on."""
    rhythm = SeatRhythm(frozenset(), frozenset())
    table = wire(Table())
    rhythm.answered(planner.PassKeyboard(0, 0), table)
    assert rhythm.keyboard_changed(0) and not rhythm.keyboard_changed(0)
    assert rhythm.keyboard_changed(1) and rhythm.keyboard_changed(None)
    rhythm.pressed(1)
    assert not rhythm.keyboard_changed(1)


def test_a_seats_pass_screen_or_study_stays_when_the_plan_asks_for_it_again() -> None:
    """A seat elsewhere moved while a seat here took the keyboard: the plan asks for that seat's
    pass screen again. The screen on show stays (a new ticket would spend the Enter typed at it),
    unless it lacks something the seat must see: news the opaque pass screen does not show, a
    secret the study does not."""
    news = Event(kind="catch", text="Cy catches", news=True)
    draw = Event(kind="draw", text="You draw 2", visible_to=(1,))
    rhythm = SeatRhythm(frozenset(), frozenset(), frozenset({"draw"}))
    before, after = wire(Table(events=(draw,))), wire(Table(events=(draw, news)))
    again = planner.PassKeyboard(1, 0)
    rhythm.showing(planner.StudyPrivate(1), before)
    assert rhythm.studied == ["You draw 2"]
    rhythm.marks = planner.elsewhere_acted(rhythm.marks)  # the host's word of Cy's move
    assert rhythm.keeps(planner.StudyPrivate(1), again, after, news_shown=False)
    assert not rhythm.keeps(planner.StudyPrivate(0), planner.PassKeyboard(0, 0), after, news_shown=False)
    more = wire(Table(events=(draw, news, draw)))
    assert not rhythm.keeps(planner.StudyPrivate(1), again, more, news_shown=False)
    # Its Enter: the keyboard went back to the table meanwhile, whose news comes next.
    rhythm.answered(planner.StudyPrivate(1), after)
    assert rhythm.marks.holder is None
    rhythm.marks = planner.handing_over(replace(rhythm.marks, seen=2))  # its news was on the table
    assert rhythm.keeps(again, again, after, news_shown=False)  # nothing new since the pass screen
    assert rhythm.keeps(again, again, more, news_shown=True)
    assert not rhythm.keeps(again, again, wire(Table(events=(draw, news, news))), news_shown=False)
    assert not rhythm.keeps(again, planner.PassKeyboard(0, 1), after, news_shown=True)
