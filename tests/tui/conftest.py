"""App tests run without arming delays (except the tests of arming itself), and snapshots
with steady text cursors.

A pass screen normally takes no key for a moment after it appears, and the first
decision after it swallows a repeated Enter for a moment; tests that are about
something else would only wait. Tests of the guard pass `arming=`
explicitly, or use the `real_arming` fixture.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from fishtable.tui import app as app_module


@pytest.fixture(autouse=True)
def no_arming(request: pytest.FixtureRequest) -> Iterator[None]:
    if "real_arming" in request.fixturenames:
        yield
        return
    saved = app_module.HANDOFF_ARMING, app_module.REPEAT_WINDOW
    app_module.HANDOFF_ARMING = app_module.REPEAT_WINDOW = 0.0
    yield
    app_module.HANDOFF_ARMING, app_module.REPEAT_WINDOW = saved


@pytest.fixture
def real_arming() -> None:
    """Keep the app's real arming times."""


@pytest.fixture
def snap_compare(snap_compare: Callable[..., bool]) -> Callable[..., bool]:
    """pytest-textual-snapshot's `snap_compare`, with every text box's cursor held steady.

    An Input's cursor blinks every half second; on a loaded machine the screenshot can be
    taken in its "off" half, and a snapshot would then fail for nothing it is about.
    `cursor_blink = False` (Textual's public switch) stops the blink with the cursor shown.
    """

    def compare(app: Any, *args: Any, run_before: Callable[[Pilot], Any] | None = None, **kwargs: Any) -> bool:
        async def before(pilot: Pilot) -> None:
            if run_before is not None:
                done = run_before(pilot)
                if inspect.isawaitable(done):
                    await done
            for box in pilot.app.screen.query(Input):
                box.cursor_blink = False
            await pilot.pause()

        return snap_compare(app, *args, run_before=before, **kwargs)

    return compare
