"""Setting up a new game while a saved one waits asks first: the autosave would be replaced."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from fishtable.tui.app import FishtableApp

from .helpers import make_match, settle
from .screen_text import screen_text


async def _leave_a_saved_game(tmp_path: Path) -> bytes:
    app = FishtableApp(data_dir=tmp_path, start_match=make_match(seed=3), bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
        await pilot.press("y")
    return (tmp_path / "autosave.json").read_bytes()


async def test_new_game_over_a_saved_one_asks_and_no_keeps_it(tmp_path: Path) -> None:
    saved = await _leave_a_saved_game(tmp_path)
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        assert "can be continued" in screen_text(app)
        await pilot.press("down", "enter")  # Continue is first; Crazy Fishing next
        await settle(pilot)
        assert type(app.screen).__name__ == "ConfirmScreen"
        assert "will replace it" in screen_text(app)
        await pilot.press("n")
        await settle(pilot)
        assert type(app.screen).__name__ == "MenuScreen"
        assert (tmp_path / "autosave.json").read_bytes() == saved
        await pilot.press("enter")  # the saved game is still there to continue
        await settle(pilot)
        assert app.flow is not None and app.flow.match.seed == 3


async def test_new_game_over_a_saved_one_yes_opens_setup(tmp_path: Path) -> None:
    await _leave_a_saved_game(tmp_path)
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("down", "enter")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert type(app.screen).__name__ == "SetupScreen"


async def test_a_guided_game_over_a_saved_one_asks_too(tmp_path: Path) -> None:
    """Learn to play replaces the autosave as a new game does: the same question first; no keeps
    the saved game, yes deals the guided game."""
    saved = await _leave_a_saved_game(tmp_path)
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("down", "l")  # Continue is first; Crazy Fishing next, and its guided game
        await settle(pilot)
        assert type(app.screen).__name__ == "ConfirmScreen"
        assert "A guided game will replace it" in screen_text(app)
        await pilot.press("n")
        await settle(pilot)
        assert app.flow is None and (tmp_path / "autosave.json").read_bytes() == saved
        menu = app.screen.query_one("#menu-list", OptionList)
        while menu.get_option_at_index(menu.highlighted or 0).id != "game:crazy-fishing":
            await pilot.press("down")
        await pilot.press("l")
        await settle(pilot)
        assert type(app.screen).__name__ == "ConfirmScreen"
        await pilot.press("y")
        await settle(pilot)
        assert app.flow is not None and app.flow.guide is not None
