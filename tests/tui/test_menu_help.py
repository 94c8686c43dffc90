"""The menu shows every choice at 100×30 without scrolling; F1 lists every key of the results."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from fishtable.tui.app import FishtableApp

from .helpers import settle
from .screen_text import screen_text


async def test_the_menu_at_100x30_shows_rules_and_quit_without_scrolling(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, bot_pause=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        menu = app.screen.query_one("#menu-list", OptionList)
        assert menu.max_scroll_y == 0
        lines = [" ".join(line.replace("▊", " ").replace("▎", " ").split()) for line in screen_text(app).splitlines()]
        assert "Rules" in lines and "Quit" in lines


async def test_f1_help_lists_n_for_the_next_game_of_a_series(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, bot_pause=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "n the next game of a series" in text
