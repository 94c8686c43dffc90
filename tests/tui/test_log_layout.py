"""PgUp/PgDn always scroll the log, whatever has the focus."""

from __future__ import annotations

import random
from pathlib import Path

from textual.widgets import Static

from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import load_game
from fishtable.tui.app import FishtableApp
from fishtable.tui.widgets.log import EventLog

from .helpers import settle


def played(game_name: str, steps: int) -> Match:
    game = load_game(game_name)
    seats = [SeatInfo(name=name, bot="random" if n == 2 else None)
             for n, name in enumerate(("Elena", "Tomás", "Ernesto"))]
    match = Match.start(game, game.options_model()(), seats, 5)
    rng = random.Random(1)
    for _ in range(steps):
        seat = min(match.pending())
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    return match


def app_at(tmp_path: Path, match: Match) -> FishtableApp:
    return FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)


async def on_the_table(pilot) -> None:
    app = pilot.app
    await settle(pilot)
    for _ in range(6):
        if type(app.screen).__name__ == "TableScreen":
            return
        await pilot.press("enter")
        await settle(pilot)
    raise AssertionError(type(app.screen).__name__)


async def test_page_keys_scroll_the_log_even_when_the_seat_column_overflows(tmp_path: Path) -> None:
    app = app_at(tmp_path, played("big-fish", 9))
    async with app.run_test(size=(80, 24)) as pilot:
        await on_the_table(pilot)
        screen = app.screen
        seats, log = screen.query_one("#seats"), screen.query_one(EventLog)
        # Big Fish's seats now fit 80×24 (issue 40): a column that overflows all the same (a
        # game with longer panels) is made here, as the case the page keys must not mind.
        await seats.mount(Static("\n" * 30))
        await pilot.pause()
        assert seats.max_scroll_y > 0 and log.max_scroll_y > 0  # both overflow
        seats.focus()
        seats.scroll_home(animate=False)
        log.scroll_end(animate=False)
        await pilot.pause()
        before = log.scroll_y
        await pilot.press("pageup")
        await pilot.pause()
        assert log.scroll_y < before and seats.scroll_y == 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert log.scroll_y == before and seats.scroll_y == 0



async def test_at_100x30_the_log_is_the_tallest_thing_under_the_board(tmp_path: Path) -> None:
    # At 100×30 the log was three lines under empty board rows: it must be the tallest of the
    # lines under the board (news, log, prompt, choices), and the board still fits above it.
    for game_name, steps in (("crazy-fishing", 14), ("big-fish", 9)):
        app = app_at(tmp_path, played(game_name, steps))
        async with app.run_test(size=(100, 30)) as pilot:
            await on_the_table(pilot)
            screen = app.screen
            log = screen.query_one(EventLog)
            under = [screen.query_one(f"#{name}") for name in ("news", "prompt", "choices")]
            assert log.size.height >= 6, (game_name, log.size.height)
            assert all(log.size.height >= w.size.height for w in under), (
                game_name, log.size.height, [(w.id, w.size.height) for w in under])
