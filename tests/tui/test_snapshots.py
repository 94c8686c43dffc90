"""SVG snapshots of each main screen at 80×24 and 120×40, with fixed seeds.

Regenerate with `pytest tests/tui/test_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fishtable.tui.app import FishtableApp

from .helpers import fast_forward, human_prompt, make_match, settle

SIZES = [(80, 24), (120, 40)]


def app_at(tmp_path: Path, match=None) -> FishtableApp:
    return FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)


async def _settle(pilot) -> None:
    await settle(pilot)


@pytest.mark.parametrize("size", SIZES)
def test_menu(snap_compare, tmp_path, size) -> None:
    assert snap_compare(app_at(tmp_path), terminal_size=size, run_before=_settle)


@pytest.mark.parametrize("size", SIZES)
def test_setup(snap_compare, tmp_path, size) -> None:
    async def go(pilot) -> None:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)

    assert snap_compare(app_at(tmp_path), terminal_size=size, run_before=go)


@pytest.mark.parametrize("size", SIZES)
def test_privacy(snap_compare, tmp_path, size) -> None:
    assert snap_compare(app_at(tmp_path, make_match(seed=5)), terminal_size=size, run_before=_settle)


@pytest.mark.parametrize("size", SIZES)
def test_cast(snap_compare, tmp_path, size) -> None:
    async def go(pilot) -> None:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)  # keys typed before the cast screen was drawn would not reach it
        await pilot.press("1", "4", "right")  # cards 1 and 4 in, one key each; the cursor on 5
        await settle(pilot)

    assert snap_compare(app_at(tmp_path, make_match(seed=5)), terminal_size=size, run_before=go)


@pytest.mark.parametrize("size", SIZES)
def test_table_catch(snap_compare, tmp_path, size) -> None:
    match = fast_forward(make_match(seed=5), human_prompt("catch", private=False))

    async def go(pilot) -> None:
        await settle(pilot)
        if type(pilot.app.screen).__name__ == "PrivacyScreen":  # cover after the last cast
            await pilot.press("enter")
            await settle(pilot)
        await pilot.press("right")
        await settle(pilot)

    assert snap_compare(app_at(tmp_path, match), terminal_size=size, run_before=go)


@pytest.mark.parametrize("size", SIZES)
def test_collect(snap_compare, tmp_path, size) -> None:
    match = fast_forward(make_match(seed=5), human_prompt("collect"))

    async def go(pilot) -> None:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)

    assert snap_compare(app_at(tmp_path, match), terminal_size=size, run_before=go)


@pytest.mark.parametrize("size", SIZES)
def test_results(snap_compare, tmp_path, size) -> None:
    match = fast_forward(make_match(seed=5), lambda m: m.is_over)
    assert snap_compare(app_at(tmp_path, match), terminal_size=size, run_before=_settle)


@pytest.mark.parametrize("size", SIZES)
def test_rules(snap_compare, tmp_path, size) -> None:
    async def go(pilot) -> None:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)

    assert snap_compare(app_at(tmp_path), terminal_size=size, run_before=go)
