"""A whole advanced game (out-of-series rods and fish) from the menu to the results, by keys only.

Two people and a computer share the keyboard; the setup screen's advanced
options are switched on with keys. Every screen on the way keeps the hands
secret (the checks of `play_step`), and people answer every special prompt
the out-of-series cards bring (fish as bait, A Pair of Fish, Puffer Fish...).
"""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

import pytest
from textual.pilot import Pilot

from fishtable.tui.app import FishtableApp

from .helpers import assert_private_screen_clean, play_step, settle
from .screen_text import screen_text

MAX_STEPS = 900
SEED = "42"
NAMES = ("Elena", "Tomás", "Ernesto")


async def type_name(pilot: Pilot, name: str) -> None:
    await pilot.press(*["backspace"] * 12, *name)


async def advanced_step(pilot: Pilot, kinds: Counter) -> str:
    """One move by keys; people use a fish from their catch as bait whenever they may."""
    app = pilot.app
    screen = app.screen
    name = type(screen).__name__
    match = app.flow.match
    pending = match.pending()
    if name == "ChoiceScreen" and screen.private:
        kind = pending[screen.seat].kind
        kinds[kind] += 1
        if kind == "fish_bait" and len(screen.legal) > 1:
            assert_private_screen_clean(app, match, screen.seat)
            text = " ".join(screen_text(app).split())
            assert "Keep my bait cards" in text and "as bait (twice its size)" in text
            await pilot.press("down", "enter")  # the first fish of the pile
            await settle(pilot)
            return name
    elif name == "TableScreen" and screen.seat is not None:
        kinds[screen.kind] += 1
    return await play_step(pilot)


@pytest.mark.slow
async def test_advanced_game_from_the_menu_to_the_results(tmp_path: Path) -> None:
    began = time.monotonic()
    app = FishtableApp(data_dir=tmp_path, bot_pause=0, autosave=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Crazy Fishing
        await settle(pilot)
        assert type(app.screen).__name__ == "SetupScreen"
        setup = app.screen
        # Seats: two people and a computer (seat 3 is a computer by default).
        await type_name(pilot, NAMES[0])
        await pilot.press("tab", "tab")
        await type_name(pilot, NAMES[1])
        await pilot.press("tab", "tab")
        await type_name(pilot, NAMES[2])
        await pilot.press("tab", "tab", *SEED)
        # Advanced: the out-of-series rods, and every out-of-series fish picked by name.
        await pilot.press("tab", "tab")
        assert app.focused is setup.query_one("#oos-rods")
        await pilot.press("space")
        await pilot.press("tab", "tab")
        fish_list = setup.query_one("#oos-fish")
        assert app.focused is fish_list
        count = fish_list.option_count
        assert count >= 9
        if fish_list.highlighted is None:  # Tab into the list highlights nothing yet
            await pilot.press("down")
        assert fish_list.highlighted == 0
        for n in range(count):
            await pilot.press("space")
            if n < count - 1:
                await pilot.press("down")
        await settle(pilot)
        text = screen_text(app)
        assert "out-of-series" in text
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.flow is not None, screen_text(app)
        match = app.flow.match
        assert [s.name for s in match.seats] == list(NAMES)
        assert [s.bot is None for s in match.seats] == [True, True, False]
        assert match.seed == int(SEED)
        assert match.options.oos_rods and len(match.options.oos_fish) == count
        assert match.options.random_oos_fish == 0
        cards = match._state.cards
        assert sum(c.oos and c.type == "fish" for c in cards) == count
        assert sum(c.special == "oos_rod" for c in cards) == 2

        seen: Counter = Counter()
        kinds: Counter = Counter()
        for _ in range(MAX_STEPS):
            if type(app.screen).__name__ == "ResultsScreen":
                break
            seen[await advanced_step(pilot, kinds)] += 1
        assert type(app.screen).__name__ == "ResultsScreen", (seen, kinds)
        assert {"PrivacyScreen", "CastScreen", "CollectScreen", "TableScreen"} <= set(seen)
        assert app.flow.bot_errors == []

        result = match.result()
        assert result is not None
        text = screen_text(app)
        flat = " ".join(text.split())
        assert "Final scores" in text
        assert "wins!" in flat or "share the victory" in flat
        rows = {line.name: line for line in result.scores}
        assert set(rows) == set(NAMES)
        parts = {part for line in result.scores for part, _ in line.parts}
        assert {"fish", "boot bonus", "pearl bonus"} <= parts
        for part in parts:
            assert part in text, f"no {part!r} column"
        columns = list(dict.fromkeys(part for line in result.scores for part, _ in line.parts))
        header = next(r for r in text.splitlines() if "Player" in r)
        assert [header.index(part) for part in columns] == sorted(header.index(part) for part in columns)
        for name, line in rows.items():
            row = next((r for r in text.splitlines() if name in r and "│" in r), None)
            assert row is not None, f"{name} is not on the results screen"
            numbers = [int(x) for x in row.replace("│", " ").split() if x.lstrip("-").isdigit()]
            values = dict(line.parts)
            # The row holds each part and the total, in the table's column order.
            assert numbers == [values.get(part, 0) for part in columns] + [line.total], (row, line)
        # People answered out-of-series prompts on the way.
        assert kinds.keys() & {"fish_bait", "puffer", "pair"}, kinds
        winners = [line.name for line in result.scores if line.seat in result.winners]
        assert all(name in flat for name in winners) and "★ winner" in flat
        print(f"advanced game: {sum(seen.values())} steps, {dict(kinds)}, {time.monotonic() - began:.1f}s")
