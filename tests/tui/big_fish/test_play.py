"""Big Fish from the menu to the results by key presses: two people and a computer seat.

Every screen on the way is checked: covers and the public table show no hand
card, a seat's private screen nothing of another hand.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.widgets import OptionList, Select

from fishtable.tui.app import FishtableApp

from ..screen_text import screen_text
from .driver import Driver

MAX_KEYS = 1500


async def open_big_fish_setup(driver: Driver) -> None:
    pilot, app = driver.pilot, driver.app
    await driver.look()
    menu = app.screen.query_one("#menu-list", OptionList)
    for _ in range(menu.option_count):
        if menu.get_option_at_index(menu.highlighted).id == "game:big-fish":
            break
        await pilot.press("down")
    await driver.press("enter")
    assert driver.kind == "SetupScreen", driver.flat


@pytest.mark.slow
async def test_whole_game_from_the_menu_with_hard_mode_and_a_first_player(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        driver = Driver(pilot)
        await pilot.resize_terminal(100, 50)  # the whole form at once
        await open_big_fish_setup(driver)
        # The form comes from the engine's options model, in its words.
        assert "Big Fish" in driver.flat
        assert "Hard mode" in driver.flat and "bag limit" in driver.flat
        assert "First player" in driver.flat and "At random" in driver.flat
        setup = app.screen
        setup.query_one("#name-0").value = "Elena"
        setup.query_one("#name-1").value = "[b]Tomás"  # a name is shown as typed, never as markup
        setup.query_one("#hard-mode").value = True
        setup.query_one("#first-player").value = 2
        setup.query_one("#seed").value = "16"  # the season closes after round 5
        await pilot.resize_terminal(100, 30)
        await pilot.press("ctrl+s")
        shot = await driver.look()
        match = app.flow.match
        assert match.game.name == "big-fish"
        assert [s.bot is None for s in match.seats] == [True, True, False]
        assert match.options.hard_mode is True
        view = match.view(None)
        assert view.first_player == 1 and view.hard_mode
        # Everyone places in secret first: the keyboard goes to Elena, on the table that shows
        # everyone the deal and the Face-Up Cards (the opening's news) as her pass screen.
        assert shot.kind == "TableScreen" and "pass the keyboard to Elena" in " ".join(shot.text.split())

        for _ in range(MAX_KEYS):
            if driver.kind == "ResultsScreen":
                break
            await driver.step()
        assert driver.kind == "ResultsScreen", driver.flat
        kinds = {s.kind for s in driver.shots}
        assert {"PrivacyScreen", "BigFishDecisionScreen", "TableScreen"} <= kinds
        decided = {s.seat for s in driver.shots if s.kind == "BigFishDecisionScreen"}
        assert decided == {0, 1}
        # The turn screen walked the steps with what each allowed.
        texts = [s.text for s in driver.shots if s.kind == "BigFishDecisionScreen"]
        assert any("▶DRAW" in t and "taken so far" in t for t in texts)
        assert any("▶CATCH" in t and "caught so far" in t for t in texts)
        # Good Recruitment Year asked both people, each in secret.
        spawns = {s.seat for s in driver.shots if s.decision == "event_spawn"}
        assert spawns == {0, 1}
        # The hard-mode table said so, and the results show each player's Ice Box and Fishing Spot.
        tables = [s.text for s in driver.shots if s.kind == "TableScreen"]
        assert any("Hard mode" in t for t in tables) and any("[b]Tomás" in t for t in tables)
        flat = driver.flat
        assert "Final scores" in flat and "Ice Box" in flat and "Fishing Spot" in flat
        assert "Ice Boxes and Fishing Spots" in flat and "[b]Tomás" in flat
        assert app.flow.bot_errors == []


async def test_the_first_player_field_offers_only_the_seated_players(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with app.run_test(size=(100, 50)) as pilot:
        driver = Driver(pilot)
        await open_big_fish_setup(driver)
        setup = app.screen
        first = setup.query_one("#first-player", Select)

        async def offered() -> list[str]:
            """Open the drop-down and read what it offers."""
            first.focus()
            await pilot.press("enter")
            await pilot.pause()
            seats = re.findall(r"Seat \d: [A-Za-z0-9 ]+?(?=\s{2}|▎|$)", screen_text(app))
            await pilot.press("escape")
            await pilot.pause()
            return seats

        setup.query_one("#name-0").value = "Elena"
        await pilot.pause()
        assert await offered() == ["Seat 1: Elena", "Seat 2: Player 2", "Seat 3: Player 3"]
        first.value = 3
        setup.query_one("#seat-count", Select).value = 2
        await pilot.pause()
        assert await offered() == ["Seat 1: Elena", "Seat 2: Player 2"]
        assert first.is_blank()  # seat 3 has left: back to "At random"
        first.value = 2
        setup.query_one("#seat-count", Select).value = 4
        await pilot.pause()
        # The field shows the seat kept, then the drop-down offers the four seats.
        assert await offered() == ["Seat 2: Player 2", "Seat 1: Elena", "Seat 2: Player 2", "Seat 3: Player 3",
                                   "Seat 4: Player 4"]
        assert first.value == 2


async def test_a_first_player_left_at_random_starts_the_game(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with app.run_test(size=(100, 50)) as pilot:
        driver = Driver(pilot)
        await open_big_fish_setup(driver)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.flow is not None and app.flow.match.options.first_player is None
