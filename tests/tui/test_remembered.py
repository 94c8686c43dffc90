"""Setup remembers the last names and seats of each game, across launches."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select

from fishtable.tui.app import FishtableApp
from fishtable.tui.remembered import remember_options, remembered_options

from .helpers import settle


async def open_setup(app: FishtableApp, pilot) -> object:
    await settle(pilot)
    await pilot.press("enter")  # Crazy Fishing
    await settle(pilot)
    assert type(app.screen).__name__ == "SetupScreen"
    return app.screen


async def test_the_last_seats_come_back_next_time(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        setup = await open_setup(app, pilot)
        setup.query_one("#seat-count", Select).value = 4
        await settle(pilot)
        for n, name in enumerate(["Ana", "[b]Bo", "Cy", "Di"]):
            setup.query_one(f"#name-{n}").value = name
        setup.query_one("#kind-3", Select).value = "bot:easy"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.flow is not None
    (tmp_path / "autosave.json").unlink()  # a fresh start, not a Continue

    again = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with again.run_test(size=(100, 40)) as pilot:
        setup = await open_setup(again, pilot)
        assert setup.query_one("#seat-count", Select).value == 4
        assert [setup.query_one(f"#name-{n}").value for n in range(4)] == ["Ana", "[b]Bo", "Cy", "Di"]
        assert setup.query_one("#kind-3", Select).value == "bot:easy"
        assert setup.query_one("#kind-0", Select).value == "human"


async def test_a_damaged_memory_is_ignored(tmp_path: Path) -> None:
    (tmp_path / "setup.json").write_text('{"version": 1, "games": {"crazy-fishing": [{"name": ""}]}}')
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        setup = await open_setup(app, pilot)
        assert setup.query_one("#name-0").value == "Player 1"


async def test_poker_setup_remembers_the_starting_chips(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        app.setup_game("fishing-party-poker")
        await settle(pilot)
        app.screen.query_one("#starting-chips").value = "250"
        app.screen.query_one("#ante").value = "3"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.flow is not None and app.flow.match.options.starting_chips == 250
    (tmp_path / "autosave.json").unlink()  # a fresh start, not a Continue

    again = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with again.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        again.setup_game("fishing-party-poker")
        await settle(pilot)
        assert again.screen.query_one("#starting-chips").value == "250"
        assert again.screen.query_one("#ante").value == "3"
        again.setup_game("big-fish")  # another game keeps its own defaults
        await settle(pilot)
        assert again.screen.query_one("#hard-mode").value is False


def test_remembered_options_that_no_longer_validate_are_left_out(tmp_path: Path) -> None:
    path = tmp_path / "setup.json"
    remember_options(path, "fishing-party-poker", {"starting_chips": 250, "nested": {"a": 1}})  # type: ignore[dict-item]
    assert remembered_options(path, "fishing-party-poker") == {"starting_chips": 250}
    path.write_text('{"version": 1, "options": {"x": {"a": [1]}}}')
    assert remembered_options(path, "x") == {}


async def test_switching_game_keeps_the_seats_typed(tmp_path: Path) -> None:
    """Issue 40: the setup forgot the seats when you switched game (Back, then another game)."""
    app = FishtableApp(data_dir=tmp_path, bot_pause=0, autosave=False)
    async with app.run_test(size=(100, 40)) as pilot:
        setup = await open_setup(app, pilot)  # Crazy Fishing
        setup.query_one("#seat-count", Select).value = 3
        await settle(pilot)
        for n, name in enumerate(["Ana", "Ben", "Cleo"]):
            setup.query_one(f"#name-{n}").value = name
        await pilot.press("escape")  # back to the menu
        await settle(pilot)
        assert type(app.screen).__name__ != "SetupScreen"
        app.setup_game("big-fish")
        await settle(pilot)
        setup = app.screen
        assert setup.entry.name == "big-fish"
        assert setup.query_one("#seat-count", Select).value == 3
        assert [setup.query_one(f"#name-{n}").value for n in range(3)] == ["Ana", "Ben", "Cleo"]


async def test_the_seats_of_the_last_game_come_back_for_another_game(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        setup = await open_setup(app, pilot)  # Crazy Fishing
        setup.query_one("#seat-count", Select).value = 3
        await settle(pilot)
        for n, name in enumerate(["Ana", "Ben", "Cleo"]):
            setup.query_one(f"#name-{n}").value = name
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.flow is not None
    (tmp_path / "autosave.json").unlink()  # a fresh start, not a Continue

    again = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with again.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        again.setup_game("fishing-party")
        await settle(pilot)
        setup = again.screen
        assert [setup.query_one(f"#name-{n}").value for n in range(3)] == ["Ana", "Ben", "Cleo"]
