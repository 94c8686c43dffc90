"""A game the shell has never seen, registered like any game, played from the menu to the results.

High Card (tests/tinygame) brings an engine and a plug-in with no screen of its own: the
shell's generic table, choice lists, handoffs, computer seat, autosave and resume carry it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList

from fishtable.tui.app import FishtableApp
from tests import tinygame

from .helpers import settle
from .screen_text import screen_text

MAX_STEPS = 200


@pytest.fixture(autouse=True)
def high_card() -> Iterator[None]:
    tinygame.install()
    yield
    tinygame.uninstall()


def flat(app: FishtableApp) -> str:
    return " ".join(screen_text(app).split())


async def open_setup(pilot: Any) -> Any:
    app = pilot.app
    await settle(pilot)
    menu = app.screen.query_one("#menu-list", OptionList)
    for _ in range(menu.option_count):
        if menu.get_option_at_index(menu.highlighted).id == f"game:{tinygame.NAME}":
            break
        await pilot.press("down")
    await pilot.press("enter")
    await settle(pilot)
    assert type(app.screen).__name__ == "SetupScreen", flat(app)
    return app.screen


def check_private_screen(app: FishtableApp) -> None:
    """A seat's private list shows its own cards and nothing of another hand."""
    screen = app.screen
    match = app.flow.match
    text = flat(app)
    mine = match.view(screen.seat).hand
    assert f"Your hand: {' '.join(map(str, mine))}" in text
    for other in range(len(match.seats)):
        if other != screen.seat:
            for card in match.view(other).hand or ():
                assert f"Play card {card} " not in text + " ", (screen.seat, other, card)


async def play_step(pilot: Any, seen: set[str]) -> None:
    app = pilot.app
    name = type(app.screen).__name__
    seen.add(name)
    if name == "PrivacyScreen":
        text = flat(app)
        assert "Your hand" not in text and "Play card" not in text
        assert "Pass the keyboard" in text or "The cards are hidden" in text
    elif name == "ChoiceScreen" and app.screen.private:
        check_private_screen(app)
    await pilot.press("enter")
    await settle(pilot)


async def test_high_card_from_the_menu_to_the_results_with_resume(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        setup = await open_setup(pilot)
        assert "High Card" in flat(app) and "Rounds" in flat(app)
        setup.query_one("#name-0").value = "Ann"
        setup.query_one("#name-1").value = "[b]Bo"  # shown as typed, never as markup
        await pilot.press("ctrl+s")
        await settle(pilot)
        match = app.flow.match
        assert match.game.name == tinygame.NAME
        assert [s.bot is None for s in match.seats] == [True, True, False]
        seen: set[str] = set()
        while match.view(None).round < 2:
            await play_step(pilot, seen)
        assert {"PrivacyScreen", "ChoiceScreen"} <= seen
        await pilot.press("ctrl+q")
        await settle(pilot)
        await pilot.press("y")
    assert app.save_path.exists()
    steps, digest = match.step_count, match.state_hash()  # the computer seat may have moved meanwhile

    fresh = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with fresh.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        assert "A saved game of High Card" in flat(fresh)
        saved = fresh.save_status.match
        assert (saved.step_count, saved.state_hash()) == (steps, digest)
        await pilot.press("enter")  # Continue
        await settle(pilot)
        assert fresh.flow.match is saved
        seen = set()
        for _ in range(MAX_STEPS):
            if type(fresh.screen).__name__ == "ResultsScreen":
                break
            await play_step(pilot, seen)
        assert type(fresh.screen).__name__ == "ResultsScreen"
        text = flat(fresh)
        assert "Final scores" in text and "[b]Bo" in text
        assert "TableScreen" in seen  # the reveal was shown to everyone before the handoff
        assert fresh.flow.bot_errors == []
        assert not fresh.save_path.exists()


async def test_the_setup_form_comes_from_the_options_model(tmp_path: Path) -> None:
    from fishtable.tui.widgets.options_form import OptionsForm, TickBox, TickList

    app = FishtableApp(data_dir=tmp_path, bot_pause=0, autosave=False)
    async with app.run_test(size=(100, 50)) as pilot:
        setup = await open_setup(pilot)
        form = setup.query_one(OptionsForm)
        assert type(setup.query_one("#low-wins")).__name__ == TickBox.__name__
        assert type(setup.query_one("#tie-rule")).__name__ == "Select"
        assert type(setup.query_one("#rounds")).__name__ == "Input"
        assert type(setup.query_one("#colours")).__name__ == TickList.__name__
        assert type(setup.query_one("#bonus-round")).__name__ == "Input"
        assert form.values() == {
            "rounds": 3, "low_wins": False, "tie_rule": "nobody", "colours": ("red",), "bonus_round": None,
        }
        # Bad values are refused with the model's own words, beside their fields.
        setup.query_one("#rounds").value = "9"
        colours = setup.query_one("#colours")
        colours.deselect_all()
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.flow is None
        text = flat(app)
        assert "must be at most 5" in text and "choose at least one colour" in text
        # Good values make the options.
        setup.query_one("#rounds").value = "2"
        setup.query_one("#low-wins").value = True
        colours.select(1)
        colours.select(2)
        setup.query_one("#bonus-round").value = "2"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.flow is not None, flat(app)
        options = app.flow.match.options
        assert (options.rounds, options.low_wins, options.colours, options.bonus_round) == (
            2, True, ("blue", "green"), 2
        )
