"""App tests run without arming delays, except the tests of arming itself.

A handoff screen normally takes no key for a moment after it appears; tests that
are about something else would only wait. Tests of the guard pass `arming=`
explicitly, or use the `real_arming` fixture.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from fishtable.tui import app as app_module


@pytest.fixture(autouse=True)
def no_arming(request: pytest.FixtureRequest) -> Iterator[None]:
    if "real_arming" in request.fixturenames:
        yield
        return
    saved = app_module.HANDOFF_ARMING, app_module.DECISION_ARMING
    app_module.HANDOFF_ARMING = app_module.DECISION_ARMING = 0.0
    yield
    app_module.HANDOFF_ARMING, app_module.DECISION_ARMING = saved


@pytest.fixture
def real_arming() -> None:
    """Keep the app's real arming times."""
