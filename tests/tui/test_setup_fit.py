"""The setup's fields show their whole words at 80 columns."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select

from fishtable.tui.app import FishtableApp

from .helpers import settle
from .screen_text import screen_text


async def test_the_hard_level_and_the_series_number_are_not_cut_at_80_columns(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, bot_pause=0, autosave=False)
    async with app.run_test(size=(80, 50)) as pilot:
        await settle(pilot)
        app.setup_game("crazy-fishing")
        await settle(pilot)
        setup = app.screen
        setup.query_one("#kind-2", Select).value = "bot:hard"
        setup.query_one("#series-end", Select).value = "target"
        await settle(pilot)
        assert "Computer: hard (thinks ~1 s)" in screen_text(app)
        setup.query_one("#series-row").scroll_visible(animate=False)
        await settle(pilot)
        assert "points to win" in screen_text(app)
        setup.query_one("#series-end", Select).value = "time"
        await settle(pilot)
        assert "minutes" in screen_text(app).split("Series", 1)[1]
