"""`?` in a game: each game's quick-reference card, on one 80×24 screen (issue 43, part 4).

The card is data in assets/<game>/quickref.md, found through the plug-in (`GameUI.assets`);
`?` opens it from the table, a private screen and a pass screen (it shows no card), and Esc
brings back the very screen it covered, which drops no key (the key rule: a screen shown
again to the same seat).

Regenerate the snapshots with
`pytest tests/tui/test_quickref.py --snapshot-update -k snapshot`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import GAMES, get_entry, load_game
from fishtable.tui.app import FishtableApp
from fishtable.tui.screens.quickref import QuickRefScreen, card_lines, quickref_text

from .helpers import settle, until
from .screen_text import screen_text

PLAYABLE = [entry.name for entry in GAMES if entry.playable]
SEATS = (("Elena", None), ("Tomás", None), ("Ernesto", "random"))


def match_of(game: str, seed: int = 3) -> Match:
    engine = load_game(game)
    return Match.start(engine, engine.options_model()(), [SeatInfo(name=n, bot=b) for n, b in SEATS], seed)


def app_at(tmp_path: Path, match: Match) -> FishtableApp:
    return FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False, arming=(0, 0))


@pytest.mark.parametrize("game", PLAYABLE)
def test_every_game_has_a_card_that_fits_80_by_24(game: str) -> None:
    """The turn, the scoring and the special cards, within 78 columns and the 23 rows the
    footer leaves: no line wraps and nothing scrolls."""
    ui = get_entry(game).load_ui()
    text = quickref_text(ui.assets)
    assert text is not None, f"{game} has no assets/{ui.assets}/quickref.md"
    lines = card_lines(text).plain.splitlines()
    assert len(lines) <= 23
    assert max(len(line) for line in lines) <= 78
    # The five lines of the turn, a scoring section and a special-cards section.
    assert sum(1 for line in lines if line[:2] in {"1.", "2.", "3.", "4.", "5."}) == 5
    headings = text.lower()
    assert "scor" in headings and ("special" in headings or "wild" in headings or "hands" in headings)


@pytest.mark.parametrize("game", PLAYABLE)
def test_snapshot_of_the_card(snap_compare, tmp_path: Path, game: str) -> None:
    async def go(pilot) -> None:
        await settle(pilot)
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(pilot.app.screen, QuickRefScreen))

    assert snap_compare(app_at(tmp_path, match_of(game)), terminal_size=(80, 24), run_before=go)


async def test_question_mark_opens_the_card_from_the_pass_screen_and_esc_brings_it_back(tmp_path: Path) -> None:
    app = app_at(tmp_path, match_of("crazy-fishing"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        covered = app.screen
        assert type(covered).__name__ == "PrivacyScreen"
        await pilot.press("question_mark")
        assert await until(pilot, lambda: isinstance(app.screen, QuickRefScreen))
        text = screen_text(app)
        assert "Crazy Fishing: quick reference" in text
        assert "Super-Fast Reel" in text
        await pilot.press("escape")
        assert await until(pilot, lambda: app.screen is covered)


async def test_the_private_screen_drops_nothing_after_the_card(tmp_path: Path) -> None:
    """A private decision shown again to the same seat takes the next key at once."""
    app = app_at(tmp_path, match_of("crazy-fishing"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Elena takes the keyboard: her cast
        assert await until(pilot, lambda: type(app.screen).__name__ == "CastScreen")
        private = app.screen
        await pilot.press("question_mark")
        assert await until(pilot, lambda: isinstance(app.screen, QuickRefScreen))
        # The card covers the private screen whole: nothing of Elena's shows through.
        assert "PRIVATE" not in screen_text(app)
        await pilot.press("escape")
        assert await until(pilot, lambda: app.screen is private)
        assert private.is_armed  # resumed to the same seat: no guard, no swallowed key


async def test_no_card_outside_a_game(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, bot_pause=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert not isinstance(app.screen, QuickRefScreen)
