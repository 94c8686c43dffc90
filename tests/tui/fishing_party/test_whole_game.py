"""Fishing Party from the menu to the results: two people and a computer seat, by keys only.

The people choose like the greedy computer player would, through the turn screen's list;
every screen on the way is checked: privacy screens show no card, a seat's private screen
nothing it could not see at a real table, the public table no hand at all.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList

from fishtable.tui.app import FishtableApp
from tests.tui.helpers import settle
from tests.tui.screen_text import screen_text

from .helpers import Driver, flat, play_one

SEED = 110  # a short game (86 moves) with three Broken Lines claimed and played
MAX_STEPS = 1500


async def open_setup(pilot: Any) -> Any:
    app = pilot.app
    await settle(pilot)
    menu = app.screen.query_one("#menu-list", OptionList)
    for _ in range(menu.option_count):
        if menu.get_option_at_index(menu.highlighted).id == "game:fishing-party":
            break
        await pilot.press("down")
    await pilot.press("enter")
    await settle(pilot)
    assert type(app.screen).__name__ == "SetupScreen", flat(screen_text(app))
    return app.screen


@pytest.mark.slow
async def test_a_whole_game_from_the_menu(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot)
        form = " ".join(str(w.render()) for w in setup.query(".option-title, .option-hint"))
        assert "Fish weights" in form and "Two moves in every turn" in form and "Time limit" in form
        assert "fits the number of players by itself" in form  # the 2- and 3-player decks, stated
        setup.query_one("#name-0").value = "Elena"
        setup.query_one("#name-1").value = "[b]Tomás"  # shown as typed, never as markup
        setup.query_one("#name-2").value = "Ernesto"
        setup.query_one("#seed").value = str(SEED)
        await pilot.press("ctrl+s")
        await settle(pilot)
        match = app.flow.match
        assert match.game.name == "fishing-party"
        assert [s.bot for s in match.seats] == [None, None, "normal"]
        driver = Driver(pilot)
        await driver.look()
        for _ in range(MAX_STEPS):
            if driver.kind == "ResultsScreen":
                break
            await play_one(driver)
        assert driver.kind == "ResultsScreen", driver.flat
        import os
        if os.environ.get("FP_DUMP"):
            with open(os.environ["FP_DUMP"], "w") as out:
                for shot in driver.shots:
                    out.write(f"==== {shot.kind} {shot.seat} {shot.player}\n{shot.text}\n")
        kinds = {shot.kind for shot in driver.shots}
        assert {"PrivacyScreen", "TurnScreen", "TableScreen"} <= kinds
