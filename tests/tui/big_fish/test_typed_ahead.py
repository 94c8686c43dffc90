"""Keys typed ahead during the Big Fish opening placement never reach the next screen.

Under load, a Down+Enter typed for the next placement step once dismissed the
next player's pass screen and showed her hand. Here the keys carry the times
they were typed (as the terminal driver stamps them), whatever the machine's
load does to when the app reads them, with the app's real arming times.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual import events

from fishtable.tui.app import FishtableApp
from tests.tui.helpers import settle

from .driver import make_match

ARMING = (0.6, 0.8)  # the app's defaults (pass screen guard, repeat window), spelled out
GAP = 0.05  # seconds between two keys typed quickly


async def typed(pilot: Any, *keys: str) -> None:
    """`keys` typed GAP seconds apart, each stamped with the moment it was typed, all of them
    before the app reads the first: typed ahead of any screen they lead to, as under load."""
    app = pilot.app
    start: float | None = None
    for n, key in enumerate(keys):
        event = events.Key(key, "\r" if key == "enter" else None)
        event.set_sender(app)
        start = event.time - GAP * len(keys) if start is None else start
        event.time = start + n * GAP
        app.post_message(event)
    await pilot.pause(0)
    await settle(pilot)


async def armed(pilot: Any) -> None:
    await settle(pilot)
    for _ in range(100):
        if getattr(pilot.app.screen, "is_armed", True):
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the screen never armed")


async def test_down_enter_typed_ahead_in_the_placement_never_opens_the_next_hand(
        tmp_path: Path, real_arming) -> None:
    match = make_match(humans=3, players=3)
    app = FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False, arming=ARMING)
    async with app.run_test(size=(100, 40)) as pilot:
        await armed(pilot)
        # The opening's news on the table, as Elena's pass screen.
        assert app.screen is app.flow.table and app.screen.handoff and app.screen.waiting_for == "Elena"
        await pilot.press("enter")
        placed = 0
        for _ in range(6):
            await armed(pilot)
            screen = app.screen
            if type(screen).__name__ != "BigFishDecisionScreen":
                break
            assert screen.seat == 0 and screen.decision.kind == "place"
            steps = match.step_count
            # One placement, and at once the next one's keys, typed ahead of its screen.
            await typed(pilot, "down", "enter", "down", "enter")
            assert match.step_count == steps + 1, "the keys typed ahead placed a second fish"
            placed += 1
        assert placed >= 2
        assert type(app.screen).__name__ == "PrivacyScreen", type(app.screen).__name__
        assert app.screen.player == "Tomás", "the keys typed ahead dismissed Tomás's pass screen"
