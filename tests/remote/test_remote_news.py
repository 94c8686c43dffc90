"""Issue 45.1: the news of every applied action reaches a remote seat's screen before that seat's
next private screen opens, with a computer seat acting without pause between them.

Each remote seat plays in its own join app (the other remote seat plays headless), and at every
question the app shows, the match's own events since the seat's last answer are checked against
what the seat's screen was given: every public news line and every line of the seat's own (its
draw, named) is there and marked new, and the news bar shows the newest of them, not a stale
"Last:" line.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from fishtable.remote.client import RemoteClient
from fishtable.remote.seat_app import SeatApp
from fishtable.tui.decision import Acknowledged, Claimed, Decided, LogWindow
from fishtable.tui.screens.results import ResultsScreen
from fishtable.tui.widgets.log import headline

from .helpers import Player, start_table
from .test_local_seats import table_asks
from .test_seat_app import asked

GAMES = ["crazy-fishing", "fishing-party", "big-fish", "fishing-party-poker"]
DECISIONS = 10  # questions checked per seat and game (poker: its one hand)


async def until(condition, timeout: float = 60.0) -> None:  # type: ignore[no-untyped-def]
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.01)


def studying(app: SeatApp) -> bool:
    table = app.table
    return table is not None and app.screen is table and table.ack is not None and table.is_armed


def missing_news(app: SeatApp, window: LogWindow, events: list, seat: int,  # type: ignore[type-arg]
                 since: int) -> list[str]:
    """The lines of the match since `since` that this seat may read and should see as new (public
    news, and its own lines), that the log `window` of its question does not mark new."""
    # What the host had sent when the question was drawn (lines may come on while it is up).
    received = max((i for i, _ in window.entries), default=-1) + 1
    new = {i: e.text for i, e in window.entries if i >= window.news_from}
    # Lines the game's plug-in leaves out of every screen's window (poker: the last hand's) aside.
    readable = [(i, e) for i, e in enumerate(events[:received]) if e.visible_for(seat)]
    kept = {i for i, _ in app.ui.log_window(readable)}
    missing = []
    for index in range(since, received):
        event = events[index]
        own = event.visible_to is not None and seat in event.visible_to
        wanted = index in kept and ((event.news and event.visible_to is None) or own)
        if wanted and new.get(index) != event.text:
            missing.append(event.text)
    return missing


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("game", GAMES)
async def test_every_news_line_reaches_a_remote_seat_before_its_next_question(game: str, seat: int,
                                                                               tmp_path: Path) -> None:
    host = await start_table(game, ("remote", "remote", "computer"), tmp_path, seed=7 + seat)
    try:
        links, _ = host.links()
        other = RemoteClient(links[1 - seat])
        await other.connect()
        helper = asyncio.create_task(Player(other, seed=5).play(timeout=240))
        app = SeatApp(RemoteClient(links[seat]), arming=0.0)
        rng = random.Random(seat)
        since = 0  # the match's events before this index came before the seat's last answer
        checked = 0
        async with app.run_test(size=(100, 30)):
            while checked < DECISIONS and not isinstance(app.screen, ResultsScreen):
                await until(lambda: asked(app) or studying(app) or table_asks(app)
                            or isinstance(app.screen, ResultsScreen))
                if isinstance(app.screen, ResultsScreen):
                    break
                if table_asks(app):  # a reaction asked of this seat on its table: it lets it go
                    assert app.table is not None and app.table.question is not None and app.feed is not None
                    events = list(host.match.events_since(0))
                    missing = missing_news(app, app.feed.log(None), events, seat, since)
                    assert not missing, f"the table's question: not shown as new: {missing}"
                    since = host.match.event_count
                    app.table.post_message(Claimed(app.table.question[2], None))
                    await until(lambda: not table_asks(app))
                    continue
                if studying(app):  # the last news, studied before the results
                    assert app.table is not None and app.table.ack is not None
                    app.table.post_message(Acknowledged(app.table.ack))
                    await until(lambda: not studying(app))
                    continue
                events = list(host.match.events_since(0))
                assert app.decision is not None
                # 45.2: a reaction (Broken Line) is asked on the table; only a claimer's own screen
                # asks it in private ("(you claimed it)"), and this seat never claims.
                assert not app.decision.prompt.reaction, "a private Broken Line screen for a seat that did not claim"
                missing = missing_news(app, app.decision.log, events, seat, since)
                assert not missing, f"question {checked + 1}: not shown as new: {missing}"
                # The news bar shows news since the last answer as new, never a stale "Last:" line.
                if any(e.news and e.visible_to is None for e in events[since:]):
                    assert app.decision is not None
                    lines, new = headline(app.decision.log, app.ui.headline_kinds)
                    assert new, f"question {checked + 1}: the news bar shows the old {lines}"
                checked += 1
                since = host.match.event_count
                ticket = app.shown_ticket
                assert app.decision is not None
                app.screen.post_message(Decided(ticket, seat, rng.choice(app.decision.legal)))
                await until(lambda: ticket in app.answered)  # noqa: B023
        assert checked > 0
        helper.cancel()
        await other.close()
    finally:
        await host.stop()
