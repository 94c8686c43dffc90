"""The setup's fields show their whole words at 80 columns."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Select

from fishtable.engine.errors import FishtableError
from fishtable.engine.match import Match
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


async def test_a_setup_error_toast_is_gone_before_the_first_pass_screen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_start = Match.start
    calls = []

    def start_once_broken(*args, **kwargs):  # the first try fails, as a bad card file would
        calls.append(1)
        if len(calls) == 1:
            raise FishtableError("The sea card file is broken.")
        return real_start(*args, **kwargs)

    monkeypatch.setattr(Match, "start", start_once_broken)
    app = FishtableApp(data_dir=tmp_path, bot_pause=0, autosave=False)
    async with app.run_test(size=(100, 40), notifications=True) as pilot:
        await settle(pilot)
        app.setup_game("crazy-fishing")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        toasts = [str(t.render()) for t in app.screen.query("Toast")]
        assert any("The sea card file is broken." in t for t in toasts), toasts  # the toast, over the setup
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert type(app.screen).__name__ == "PrivacyScreen"
        assert not app.screen.query("Toast"), "the setup's toast hangs over the first pass screen"
