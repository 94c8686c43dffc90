"""The seat app's rhythm bookkeeping: which of the host's steps were this keyboard's own answers,
and which a seat's elsewhere (then the keyboard is back with the table, as at the hot seat)."""

from __future__ import annotations

from dataclasses import replace

from fishtable.remote.seat_rhythm import SeatRhythm
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
