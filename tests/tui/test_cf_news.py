"""News before the cover: the last fisher ends a Turbulent Bait turn with `e` (issue 40, item 5).

Elena (rod 1) fishes after Tomás (rod 5); her Turbulent Bait asks, after her catch, "shuffle or
end your turn" on the public table. She presses `e`: the round's fishing is over and Tomás
collects in secret. Her catch must be on the public table as the pass screen to Tomás, NEW,
before his cover. The planner (fishtable/tui/planner.py `shown`) counted the news as seen once
the public "finish" prompt was drawn, while Elena was choosing; `e` adds only an unnewsy
discard, so the opaque cover came and the catch was first NEW on Tomás's private collect screen.
The planner now keeps a public prompt's news as news until a screen the whole table looks at.
"""

from __future__ import annotations

from pathlib import Path

from .test_special_paths import app_for, baits, match_of, rods, start

SEA = ["F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F2", "F3", "F4"]


def last_fisher_with_turbulent():
    return match_of([["R1", "B:turbulent", "B3", "R2", "B1", "R3"], ["R5", "B3", "R4", "B2", "B1", "R3"]],
                    sea_cards=SEA)


async def to_the_finish(t, match) -> None:
    await t.unlock("Elena")
    await t.cast(0, rods(match, 0, "1"), baits(match, 0, "The Turbulent Bait", "3"))
    await t.unlock("Tomás")
    await t.cast(1, rods(match, 1, "5"), baits(match, 1, "3"))
    for _ in range(4):  # Tomás fishes first, then Elena, each by Enter on the cursor's fish
        if t.kind == "TableScreen" and t.screen.kind == "finish":
            return
        await t.press("enter")
    raise AssertionError(t.flat)


async def test_the_last_catch_is_news_on_the_table_before_the_next_cover(tmp_path: Path) -> None:
    match = last_fisher_with_turbulent()
    app = app_for(tmp_path, match)
    async with app.run_test(size=(100, 30)) as pilot:
        t = await start(pilot, match)
        await to_the_finish(t, match)
        catch = next(line for line in reversed(match.log_for(None)) if "Elena's bait" in line and "catches" in line)
        await t.press("e")
        assert match.pending() and match.pending()[1].kind == "collect"
        # The public table is the pass screen, with her catch as NEW news.
        assert t.kind == "TableScreen" and t.screen.viewer is None and t.screen.handoff, t.kind
        assert f"▶ {catch}" in t.flat and "Tomás, press Enter when only you can see the screen" in t.flat


async def test_the_finish_prompt_shows_the_catch_and_e_ends_the_turn(tmp_path: Path) -> None:
    """What holds today: the catch is on the public finish prompt, and `e` ends the turn in one key."""
    match = last_fisher_with_turbulent()
    app = app_for(tmp_path, match)
    async with app.run_test(size=(100, 30)) as pilot:
        t = await start(pilot, match)
        await to_the_finish(t, match)
        catch = next(line for line in reversed(match.log_for(None)) if "Elena's bait" in line and "catches" in line)
        assert catch in t.flat and "e: end turn" in t.flat
        steps = match.step_count
        await t.press("e")
        assert match.step_count == steps + 1 and match.pending()[1].kind == "collect"
