"""Every public outcome seen, whole (issue 40, item 5): on the public table the log never opens
on the wrapped tail of a longer line, and a step's news longer than the log is shown whole (the
log grows for the moment into rows the board and the seats do not need) or, where even that is
too little, from its first line with the rest a PgDn away, and the prompt says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from fishtable.tui.app import FishtableApp
from fishtable.tui.screens.base import FishScreen
from fishtable.tui.screens.table import BOARD_KEEP
from fishtable.tui.widgets.log import EventLog
from tests.tui.big_fish.driver import fast_forward, make_match
from tests.tui.big_fish.test_table_fits import spawn_with_fish
from tests.tui.fishing_party.helpers import new_match as new_fp_match
from tests.tui.helpers import logs_still, settle, until


def taking_keys(screen: object) -> bool:
    """Does the screen on show take a key now (a screen that arms has armed; the table, which arms
    only with a prompt, takes keys until then)?"""
    if not isinstance(screen, FishScreen):
        return True
    return screen.is_armed or (screen.ARMING is None and not screen.has_armed)


def first_rows(log: EventLog) -> list[str]:
    """The log's rows on screen, as text."""
    top = round(log.scroll_y)
    return [strip.text for strip in log.lines[top:top + log.scrollable_content_region.height]]


def entry_rows(log: EventLog, window) -> list[tuple[int, str]]:
    """Each entry's first row as the log drew it: (index, the row's text)."""
    rows = [strip.text for strip in log.lines]
    found, at = [], 0
    for index, event in window.entries:
        marker = "▶ " if index >= window.news_from else "• "
        head = (marker + event.text)[:20]
        while at < len(rows) and not rows[at].startswith(head):
            at += 1
        found.append((index, at))
    return found


def board_and_seats(screen) -> tuple[object, ...]:
    """The sizes the log's room is read from: the board's and the seat column's, and their content's."""
    seats = screen.query_one("#seats")
    return tuple((part.size, tuple(child.outer_size for child in part.children))
                 for part in (screen.board, seats))


async def check_table(pilot) -> tuple[int, int]:
    """The checks on the news table now on screen; (news rows, rows of it below the log)."""
    app = pilot.app
    screen = app.screen
    log = screen.query_one(EventLog)
    window = app.flow.log(None)
    rows = first_rows(log)
    assert rows, "the log is empty"
    # The top row begins an entry (its marker), never the tail of a wrapped line.
    assert rows[0].startswith(("▶ ", "• ")), rows
    news = [e.text for i, e in window.entries if i >= window.news_from]
    if not news:
        return 0, 0
    shown = " ".join(" ".join(rows).split())
    starts = dict(entry_rows(log, window))
    first_news = next(i for i, _ in window.entries if i >= window.news_from)
    news_rows = len([s for s in log.lines[starts[first_news]:] if s.text.strip()])
    prompt = " ".join(str(screen.query_one("#prompt").render()).split())
    if getattr(log, "news_below", 0):  # (a log that cannot say so shows it all)
        # Too long even for the grown log: it took every row to spare (the board's or the
        # seat column's content fills it), opens at the news' first line, and says PgDn.
        seats = screen.query_one("#seats")
        board = screen.board
        seats_full = sum(c.outer_size.height for c in seats.children if c.display) >= seats.size.height
        board_kept = board.size.height <= BOARD_KEEP
        assert seats_full or board_kept, "the log could have grown"
        assert seats.max_scroll_y == 0  # never at the cost of a seat
        assert rows[0].startswith("▶ " + news[0][:20]), (rows[0], news[0])
        assert f"PgDn: {log.news_below} more" in prompt, prompt
    else:
        for text in news:
            assert " ".join(text.split()) in shown, (text, rows)
        assert "PgDn" not in prompt
    return news_rows, log.news_below


async def play_tables(tmp_path: Path, size: tuple[int, int], players: int, presses: int) -> list[tuple[int, int]]:
    match = fast_forward(make_match(seed=3 if players == 3 else 10, humans=2, players=players), spawn_with_fish,
                         seed=99)
    app = FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)
    seen = []
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for _ in range(presses):
            screen = app.screen
            if type(screen).__name__ == "ResultsScreen":
                break
            if type(screen).__name__ == "TableScreen" and screen.kind == "ack":
                await logs_still(pilot, also=lambda: board_and_seats(app.screen))
                seen.append(await check_table(pilot))
            # Enter takes covers, news and the first choice, once the screen takes keys.
            assert await until(pilot, lambda: taking_keys(app.screen))
            await pilot.press("enter")
            await settle(pilot)
    return seen


@pytest.mark.slow
@pytest.mark.parametrize(("size", "players"), [((100, 30), 5), ((80, 24), 3)])
async def test_the_table_shows_each_step_news_from_its_first_line(tmp_path: Path, size, players) -> None:
    seen = await play_tables(tmp_path, size, players, presses=60)
    assert len(seen) >= 4, seen
    # At least one screen's news was longer than the log's own three or six rows: the case.
    assert any(rows > (6 if size[1] >= 28 else 3) for rows, _ in seen), seen
    if size == (100, 30):  # some news was shown whole in a log grown past its own six rows
        assert any(rows > 6 and below == 0 for rows, below in seen), seen


async def test_the_log_never_opens_on_the_tail_of_a_wrapped_line() -> None:
    """A long entry wraps over three rows, then a short one: a 3-row log at the end would show
    the long one's last two rows ("3, Brook Trout 3) on the table.") above the short one. It
    opens on the short one's row instead, blank rows below (older lines: PgUp)."""
    from textual.app import App

    from fishtable.engine.protocol import Event
    from fishtable.tui.decision import LogWindow

    long = "Ana lays Popper (Northern Pike 2, Largemouth Bass 6), Jig (Walleye 2), Spoon (Brook Trout 1, " \
           "Rainbow Trout 3, Brook Trout 3) on the table."
    entries = [(0, Event(kind="x", text="Ben passes.")), (1, Event(kind="x", text=long)),
               (2, Event(kind="x", text="Cleo's turn."))]

    class LogApp(App[None]):
        CSS = "EventLog { height: 3; }"

        def compose(self):
            yield EventLog(id="log")

    app = LogApp()
    async with app.run_test(size=(60, 10)) as pilot:
        log = app.query_one(EventLog)
        log.show_window(LogWindow(entries, news_from=2))
        await pilot.pause()
        await pilot.pause()
        rows = first_rows(log)
        assert rows[0].startswith(("▶ ", "• ")), rows
        assert rows[0].startswith("▶ Cleo's turn."), rows
        # The news alone is longer than the log: it opens at its first line.
        log.show_window(LogWindow(entries, news_from=1))
        await pilot.pause()
        await pilot.pause()
        assert first_rows(log)[0].startswith("▶ Ana lays Popper"), first_rows(log)
        assert log.news_below == 1  # 3 rows of the long line + 1, in a log of 3


@pytest.mark.slow
async def test_a_private_screen_marks_new_only_what_its_seat_has_not_just_read(tmp_path: Path) -> None:
    """The news a seat just read on its pass screen (the public table showing it) is not NEW again
    on the private screen behind it: NEW there marks only what came after."""
    match = fast_forward(make_match(seed=3, humans=3, players=3), spawn_with_fish, seed=99)
    app = FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)
    checked = 0
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        for _ in range(80):
            screen = app.screen
            if type(screen).__name__ == "ResultsScreen":
                break
            read: set[int] = set()
            if type(screen).__name__ == "TableScreen" and screen.kind == "ack" and screen.handoff:
                window = app.flow.log(None)
                read = {i for i, e in window.entries if i >= window.news_from and e.news}
            assert await until(pilot, lambda: taking_keys(app.screen))
            await pilot.press("enter")
            await settle(pilot)
            seat = getattr(app.screen, "seat", None)
            if read and seat is not None and app.screen is not app.flow.table:
                private = app.flow.log(seat)
                again = {i for i, e in private.entries if i >= private.news_from and e.news} & read
                assert not again, [e.text for i, e in private.entries if i in again]
                checked += 1
    assert checked >= 2, checked


async def test_fishing_partys_opening_rolls_are_on_the_first_table_screen(tmp_path: Path) -> None:
    """Who starts, and why, is the table's first news: the die rolls for the first turn are on the
    table that passes the keyboard to the first player, marked new (they were only in the log)."""
    match = new_fp_match()
    rolls = next(e.text for e in match.events_since(0) if e.text.startswith("Rolls for the first turn"))
    app = FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.screen is app.flow.table and app.screen.handoff, type(app.screen).__name__
        window = app.flow.log(None)
        new = [e.text for i, e in window.entries if i >= window.news_from and e.news]
        assert rolls in new, new
        assert "▶ " + rolls[:30] in " ".join(" ".join(first_rows(app.screen.query_one(EventLog))).split())


@pytest.mark.parametrize("when", ["the screen's resize", "after the first refresh", "its mount"])
async def test_a_window_shown_before_the_log_knows_its_width_opens_on_its_last_entries(when: str) -> None:
    """RichLog holds every write back until its own first Resize, which may come after the layout
    gave the log its region (a screen that fills its log as it is laid out, or just after): the
    window is written when the width is known, and opens on its last entries, never its first."""
    from textual.app import App
    from textual.screen import Screen

    from fishtable.engine.protocol import Event
    from fishtable.tui.decision import LogWindow

    entries = [(i, Event(kind="x", text=f"Entry number {i} of the log.")) for i in range(30)]

    class LogScreen(Screen[None]):
        CSS = "EventLog { height: 5; }"

        def compose(self):
            yield EventLog(id="log")

        def show(self) -> None:
            self.query_one(EventLog).show_window(LogWindow(entries, news_from=30))

        def on_resize(self) -> None:
            if when == "the screen's resize":
                self.show()

        def on_mount(self) -> None:
            if when == "after the first refresh":
                self.call_after_refresh(self.show)
            elif when == "its mount":
                self.show()

    class LogApp(App[None]):
        def on_mount(self) -> None:
            self.push_screen(LogScreen())

    app = LogApp()
    async with app.run_test(size=(60, 10)) as pilot:
        await logs_still(pilot)
        log = app.screen.query_one(EventLog)
        assert [strip.text.strip() for strip in log.lines[round(log.scroll_y):]][-5:] == [
            f"• Entry number {i} of the log." for i in range(25, 30)]
