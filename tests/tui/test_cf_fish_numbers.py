"""Typing a fish's number on the Crazy Fishing table: never a key that does nothing."""

from __future__ import annotations

from pathlib import Path

from fishtable.tui.app import FishtableApp

from .helpers import fast_forward, human_prompt, make_match, settle
from .screen_text import screen_text


async def to_the_catch(pilot) -> object:
    app = pilot.app
    await settle(pilot)
    for _ in range(4):
        if type(app.screen).__name__ == "TableScreen" and app.screen.kind == "catch":
            return app.screen.query_one("SeaView")
        await pilot.press("enter")
        await settle(pilot)
    raise AssertionError(type(app.screen).__name__)


def flat(app: FishtableApp) -> str:
    return " ".join(screen_text(app).split())


async def test_two_digits_typed_with_a_pause_pick_the_fish_and_a_gone_fish_says_why(tmp_path: Path) -> None:
    catch = human_prompt("catch", private=False)
    # A later round: some fish have left the sea, and some numbers are two digits long.
    match = fast_forward(make_match(seed=5), lambda m: catch(m) and m.view(None).round >= 3)
    app = FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        sea = await to_the_catch(pilot)
        labels = sea.labels()
        target = next(n for n in sorted(sea.reachable) if n >= 10)
        # A number no longer in the sea says why, and changes nothing.
        gone = next(n for n in range(1, max(labels)) if n not in labels and not any(
            str(label).startswith(str(n)) and label != n for label in labels))
        cursor, steps = sea.cursor, match.step_count
        await pilot.press(*str(gone))
        await pilot.pause()
        assert f"There is no fish #{gone} in the sea any more: it has been caught or taken out." in flat(app)
        assert sea.cursor == cursor and match.step_count == steps
        # Two digits with a pause between them are still one number: it tries for that fish.
        first, second = str(target)
        await pilot.press(first)
        await pilot.pause()
        assert f"#{first}_" in flat(app), "the waiting digit is not shown"
        assert match.step_count == steps, "the first digit of a longer number tried for a fish"
        await pilot.pause(1.2)  # longer than a quick double key: still one number
        await pilot.press(second)
        await pilot.pause()
        assert match.step_count == steps + 1
        assert f"turns over fish #{target}:" in " ".join(match.log_for(None)[-4:])
