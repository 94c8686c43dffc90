"""SVG snapshots of History and of a replay at 80×24.

Regenerate with `pytest tests/tui/test_history_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

import time

import pytest

from fishtable.tui.screens import history as history_screen

from .helpers import settle, until
from .test_history_screens import app_at, open_history, seed_history


@pytest.fixture(autouse=True)
def utc_times(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history_screen, "when", lambda ended: time.strftime("%Y-%m-%d %H:%M", time.gmtime(ended)))


def test_history_at_80x24(snap_compare, tmp_path) -> None:
    seed_history(tmp_path)
    assert snap_compare(app_at(tmp_path), terminal_size=(80, 24), run_before=open_history)


def test_replay_at_80x24(snap_compare, tmp_path) -> None:
    seed_history(tmp_path)

    async def go(pilot) -> None:
        await open_history(pilot)
        await pilot.press("down", "enter")  # the newest Big Fish game
        assert await until(pilot, lambda: type(pilot.app.screen).__name__ == "ReplayScreen")
        await pilot.press("right", "right", "right")
        await settle(pilot)

    assert snap_compare(app_at(tmp_path), terminal_size=(80, 24), run_before=go)
