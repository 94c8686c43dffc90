"""A prompt on the table never waits with nothing focused: keys must reach it."""

from __future__ import annotations

import random
from pathlib import Path

from fishtable.engine.match import Match
from fishtable.tui.app import FishtableApp

from .helpers import make_match, settle, until


def public_catch() -> Match:
    """Random moves until a person's public catch turn (no computer seat pending)."""
    match, rng = make_match(seed=7), random.Random(3)
    while True:
        pending = match.pending()
        people = [s for s in pending if match.seats[s].bot is None]
        if people and len(people) == len(pending) and any(
                pending[s].kind == "catch" and not pending[s].private for s in people):
            return match
        seat = min(pending)
        match.apply(seat, rng.choice(match.legal_actions(seat)))


async def test_a_lost_focus_comes_back_to_the_prompt(tmp_path: Path) -> None:
    app = FishtableApp(data_dir=tmp_path, start_match=public_catch(), bot_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.screen
        assert type(table).__name__ == "TableScreen" and table.kind == "catch", type(table).__name__
        board = table.query_one("#board")
        assert app.focused is board
        table.set_focus(None)  # as when a covering screen leaves without giving the focus back
        assert app.focused is None
        # The table's quarter-second timer gives it back: wait for that, not for a time.
        assert await until(pilot, lambda: app.focused is board), app.focused
        steps = app.flow.match.step_count
        label = app.flow.match.legal_actions(table.seat)[0].labels[0]
        await pilot.press(*str(label), "enter")
        await settle(pilot)
        assert app.flow.match.step_count > steps
