"""The screen's text read from the screenshot's recording is the text its SVG shows."""

from __future__ import annotations

from pathlib import Path

import pytest

from fishtable.tui.app import FishtableApp
from tests.tui.fishing_party.helpers import new_match

from .helpers import make_match, settle
from .screen_text import screen_text, screen_text_from_svg


@pytest.mark.parametrize("game", ["crazy-fishing", "fishing-party"])
async def test_the_text_is_the_svgs_on_every_screen_of_a_game(tmp_path: Path, game: str) -> None:
    match = make_match() if game == "crazy-fishing" else new_match(seed=110)
    app = FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        kinds = set()
        for _ in range(12):
            kinds.add(type(app.screen).__name__)
            text = screen_text(app)
            assert text.strip()
            assert text == screen_text_from_svg(app)
            await pilot.press("enter")
            await settle(pilot)
        assert len(kinds) >= 2, kinds
