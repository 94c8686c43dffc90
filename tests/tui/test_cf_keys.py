"""Crazy Fishing's keys: one key per card in a cast, and fish numbers typed in the open.

Issue 40: a cast of k cards costs k + 1 keys (k card numbers, Enter); a first digit that
may start a longer fish number is shown ("#2_") until the second digit, Enter or Esc, never
times out into another fish, and the typed fish is never confused with the cursor's.

The sea of seed 5's first catch (Tomás, in public): fish #1 to #27; #6 and #24 to #27 can be
chosen, every other fish is covered. So "2" may start #20 to #27, "6" names fish #6 alone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from fishtable.tui.app import FishtableApp

from .helpers import fast_forward, human_prompt, make_match, settle
from .screen_text import screen_text


def flat(app: Any) -> str:
    return " ".join(screen_text(app).split())


def app_for(tmp_path: Path, match: Any) -> FishtableApp:
    return FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)


async def to_screen(pilot: Any, name: str, kind: str | None = None) -> Any:
    """Press Enter on pass screens and news until `name` (with `kind`) is on screen."""
    app = pilot.app
    await settle(pilot)
    for _ in range(6):
        if type(app.screen).__name__ == name and (kind is None or app.screen.kind == kind):
            return app.screen
        await pilot.press("enter")
        await settle(pilot)
    raise AssertionError(f"{name} never came: {type(app.screen).__name__}")


# -- one key per card ---------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_cast_of_k_cards_takes_k_number_keys_and_enter(tmp_path: Path, size: tuple[int, int]) -> None:
    match = make_match(seed=5)
    app = app_for(tmp_path, match)
    async with app.run_test(size=size) as pilot:
        screen = await to_screen(pilot, "CastScreen")
        seat = screen.seat
        hand = [c.id for c in screen.hand]
        # The largest legal cast: every card of it one key.
        cast = max((a for a in match.legal_actions(seat) if a.kind == "cast"),
                   key=lambda a: len(a.rods) + len(a.baits))
        cards = (*cast.rods, *cast.baits)
        assert len(cards) >= 2
        keys = [str(hand.index(cid) + 1) for cid in cards]
        await pilot.press(*keys)
        assert sorted(screen.chosen) == sorted(cards)
        assert "✓ A legal" in flat(app)
        steps = match.step_count
        await pilot.press("enter")
        await settle(pilot)
        assert match.step_count == steps + 1  # k + 1 keys: the cast is in
        mine = match.view(seat).my_cast
        assert mine is not None
        assert {c.id for c in (*mine.rods, *mine.baits)} == set(cards)


async def test_a_cards_number_again_takes_it_out_and_space_still_toggles(tmp_path: Path) -> None:
    match = make_match(seed=5)
    app = app_for(tmp_path, match)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await to_screen(pilot, "CastScreen")
        first, second = screen.hand[0].id, screen.hand[1].id
        await pilot.press("1", "2")
        assert screen.chosen == [first, second]
        await pilot.press("1")  # the same number: out again
        assert screen.chosen == [second] and screen.cursor == 0
        await pilot.press("right", "space")  # the arrows and Space still work: card 2 out
        assert screen.chosen == []
        await pilot.press("9")  # no ninth card: said, nothing chosen
        assert screen.chosen == [] and "there is no card 9" in flat(app)


async def test_the_collect_screen_draws_by_one_number_key(tmp_path: Path) -> None:
    match = fast_forward(make_match(seed=5), human_prompt("collect"))
    app = app_for(tmp_path, match)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await to_screen(pilot, "CollectScreen")
        seat = screen.seat
        rods = screen.draws[0].rods  # the most rods the draw may hold
        before = sum(c.type == "rod" for c in match.view(seat).hand or ())
        steps = match.step_count
        await pilot.press(str(rods))
        await settle(pilot)
        assert match.step_count > steps
        assert sum(c.type == "rod" for c in match.view(seat).hand or ()) == before + rods


# -- fish numbers typed in the open ---------------------------------------------------------------


async def catch_table(pilot: Any) -> Any:
    screen = await to_screen(pilot, "TableScreen", "catch")
    sea = screen.board.query_one("SeaView")
    assert sea.selectable == {6, 24, 25, 26, 27} and {1, 2, 14, 20} <= sea.labels() - sea.selectable
    return screen, sea


def catch_match() -> Any:
    return fast_forward(make_match(seed=5), human_prompt("catch", private=False))


def tried(match: Any, label: int) -> bool:
    return any(f"turns over fish #{label}:" in line for line in match.log_for(None))


async def test_a_waiting_digit_is_shown_and_the_second_digit_names_the_fish_seconds_later(tmp_path: Path) -> None:
    """The Bait Bucket story: "2", a pause longer than the old window, "4": fish #24, nothing else."""
    match = catch_match()
    app = app_for(tmp_path, match)
    async with app.run_test(size=(100, 30)) as pilot:
        screen, sea = await catch_table(pilot)
        steps, cursor = match.step_count, sea.cursor
        await pilot.press("2")
        assert "#2_" in flat(app) and "type the second digit" in flat(app)
        assert "#2_" in str(screen.board.query_one("#fish-info").render())  # under the sea, too
        # The old window was 3 s: a test of a time-out that must not happen waits past it.
        await pilot.pause(3.5)
        assert match.step_count == steps and sea.cursor == cursor and "#2_" in flat(app)
        await pilot.press("4")
        await settle(pilot)
        assert match.step_count == steps + 1 and tried(match, 24) and not tried(match, 4)


async def test_one_then_four_is_fish_14_covered_never_fish_4(tmp_path: Path) -> None:
    match = catch_match()
    app = app_for(tmp_path, match)
    async with app.run_test(size=(100, 30)) as pilot:
        await catch_table(pilot)
        steps = match.step_count
        await pilot.press("1")
        assert "#1_" in flat(app)
        await pilot.press("4")
        await settle(pilot)
        assert match.step_count == steps and not tried(match, 4)
        text = flat(app)
        assert "#14" in text and "covered" in text and "#1_" not in text


async def test_enter_tries_the_typed_fish_not_the_cursors(tmp_path: Path) -> None:
    match = catch_match()
    app = app_for(tmp_path, match)
    async with app.run_test(size=(100, 30)) as pilot:
        _, sea = await catch_table(pilot)
        while sea.cursor != 25:
            await pilot.press("tab")
        steps = match.step_count
        # "2" then Enter: fish #2, which is covered, says so; the cursor's #25 is not tried.
        await pilot.press("2", "enter")
        await settle(pilot)
        assert match.step_count == steps and not tried(match, 25)
        assert "#2 " in flat(app) and "covered" in flat(app)
        assert sea.cursor == 25
        # A whole number tries at once: "2", "6" is fish #26, not the cursor's #25.
        await pilot.press("2", "6")
        await settle(pilot)
        assert match.step_count == steps + 1 and tried(match, 26) and not tried(match, 25)


async def test_esc_drops_the_waiting_digit_and_tries_nothing(tmp_path: Path) -> None:
    match = catch_match()
    app = app_for(tmp_path, match)
    async with app.run_test(size=(100, 30)) as pilot:
        screen, sea = await catch_table(pilot)
        steps, cursor = match.step_count, sea.cursor
        await pilot.press("2", "escape")
        assert "#2_ cancelled: no fish was tried." in flat(app)
        assert "#2_ type" not in flat(app) and not screen.board._digits
        await pilot.press("enter")  # Enter is the cursor's fish again
        await settle(pilot)
        assert match.step_count == steps + 1 and tried(match, cursor)


async def test_a_number_that_is_no_fish_or_one_digit_says_so_at_once(tmp_path: Path) -> None:
    match = catch_match()
    app = app_for(tmp_path, match)
    async with app.run_test(size=(100, 30)) as pilot:
        await catch_table(pilot)
        steps = match.step_count
        await pilot.press("2", "8")
        assert "There is no fish #28 in the sea." in flat(app) and match.step_count == steps
        await pilot.press("9")  # #9 starts no longer number: it is named at once (covered)
        assert "#9_" not in flat(app) and "covered" in flat(app) and match.step_count == steps
        await pilot.press("6")  # #6 can be chosen: tried at once, one key
        await settle(pilot)
        assert match.step_count == steps + 1 and tried(match, 6)
