"""Whole games by key presses, privacy at every private prompt, resume and damaged saves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fishtable.tui.app import FishtableApp

from .helpers import make_match, play_step, settle
from .screen_text import screen_text

MAX_STEPS = 800


@pytest.mark.slow
async def test_whole_game_from_first_screen_by_keys(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert all(title in text for title in ("Crazy Fishing", "Fishing Party", "Big Fish", "Fishing Party Poker"))
        assert "coming soon" not in text  # every game is playable
        await pilot.press("enter")  # Crazy Fishing is the first choice without a save
        await settle(pilot)
        assert type(app.screen).__name__ == "SetupScreen"
        # Rename seat 1, keep seat 2, seat 3 is a computer by default; give a seed.
        await pilot.press(*["backspace"] * 8, *"Elena")
        await pilot.press("tab", "tab", *["backspace"] * 8, *"Tomás")
        await pilot.press("tab", "tab", "tab", "tab", *"42")
        await pilot.press("ctrl+s")
        await settle(pilot)
        match = app.flow.match
        assert [s.name for s in match.seats] == ["Elena", "Tomás", "Player 3"]
        assert match.seats[2].bot is not None and match.seed == 42
        seen: set[str] = set()
        for _ in range(MAX_STEPS):
            if type(app.screen).__name__ == "ResultsScreen":
                break
            seen.add(await play_step(pilot))
        assert type(app.screen).__name__ == "ResultsScreen", seen
        assert {"PrivacyScreen", "CastScreen", "CollectScreen", "TableScreen"} <= seen
        text = screen_text(app)
        assert "Final scores" in text and ("wins" in text or "share" in text)
        assert not app.save_path.exists()  # a finished game leaves nothing to continue
        assert app.flow.bot_errors == []
        await pilot.press("m")
        await settle(pilot)
        assert type(app.screen).__name__ == "MenuScreen"


@pytest.mark.slow
async def test_resume_shows_same_prompt_and_hand(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, start_match=make_match(seed=11), bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        for _ in range(25):  # into the game: past the first cast and some catches
            await play_step(pilot)
        # Stop where the keyboard is passed to a human (not a cover before a computer's move).
        while type(app.screen).__name__ != "PrivacyScreen" or app.screen.player is None:
            await play_step(pilot)
        match = app.flow.match
        steps = match.step_count
        pending = {s: p.kind for s, p in match.pending().items()}
        hands = {s: [c.id for c in match.view(s).hand or ()] for s in range(3)}
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert "game is saved" in screen_text(app)
        await pilot.press("y")
    assert app.save_path.exists()

    fresh = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with fresh.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        assert "can be continued" in screen_text(fresh)
        await pilot.press("enter")  # "Continue" is first
        await settle(pilot)
        match = fresh.flow.match
        assert match.step_count == steps
        assert {s: p.kind for s, p in match.pending().items()} == pending
        assert {s: [c.id for c in match.view(s).hand or ()] for s in range(3)} == hands
        assert type(fresh.screen).__name__ == "PrivacyScreen"
        await pilot.press("enter")
        seat = fresh.screen.seat
        assert [t.card.id for t in fresh.screen.query("CardTile")] == hands[seat]


async def test_damaged_autosave_is_reported_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    damaged = '{"format": "fishtable-save", "version": 1, "game": "crazy-fish'
    path.write_text(damaged, encoding="utf-8")
    before = path.stat().st_mtime_ns
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "cannot be continued" in text and "damaged" in text
        assert "Continue the saved game" not in text
    assert path.read_text(encoding="utf-8") == damaged
    assert path.stat().st_mtime_ns == before


async def test_newer_save_version_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    data = json.loads(make_match().to_save().model_dump_json())
    data["version"] = 99
    path.write_text(json.dumps(data), encoding="utf-8")
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        assert "newer fishtable" in " ".join(screen_text(app).split())


async def test_too_small_terminal_shows_message(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, start_match=make_match(), bot_pause=0)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Please enlarge the terminal" in text
        assert "Pass the keyboard" not in text
        await pilot.resize_terminal(100, 40)
        await settle(pilot)
        text = screen_text(app)
        assert "Please enlarge" not in text and "Pass the keyboard" in text


async def test_setup_rejects_duplicate_and_empty_names(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        # The name field selects its text on focus, so typing replaces it.
        await pilot.press(*"Player 2", "ctrl+s")  # "Player 2" twice
        await settle(pilot)
        assert "different name" in screen_text(app)
        await pilot.press("backspace", *["backspace"] * 8, "ctrl+s")
        await settle(pilot)
        assert "Seat 1 needs a name" in screen_text(app)
        assert app.flow is None


async def test_single_human_skips_privacy(tmp_path: Path) -> None:
    seats = (("Elena", None), ("Bot", "random"))
    app = FishtableApp(data_dir=tmp_path, start_match=make_match(seats=seats), bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        assert type(app.screen).__name__ == "CastScreen"


async def test_illegal_cast_is_explained_before_commit(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, start_match=make_match(seed=3), bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        screen = app.screen
        steps = app.flow.match.step_count  # the computer seat has cast already
        rods = [n for n, c in enumerate(screen.hand) if c.type == "rod"]
        for n in rods:  # every rod, no bait: never legal
            await pilot.press(str(n + 1))
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and app.flow.match.step_count == steps
        assert "✗" in screen_text(app)
