"""A handoff cannot be skipped by accident.

With the app's real arming times: a second Enter 50 ms after the first, on every
kind of handoff, never opens the next seat's private screen nor commits anything
there; a key typed before a screen appeared never reaches it; while the terminal
is too small, no key reaches anything.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual import events

from fishtable.tui.app import FishtableApp
from fishtable.tui.screens.base import FishScreen
from fishtable.tui.screens.privacy import PrivacyScreen

from .helpers import fast_forward, human_prompt, make_match, play_step, settle, until

HUMANS3 = (("Elena", None), ("Tomás", None), ("Ana", None))
ARMING = (0.6, 0.8)  # the app's defaults (pass screen guard, repeat window), spelled out


def app_with(tmp_path: Path, match: Any) -> FishtableApp:
    return FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False, arming=ARMING)


def name(app: FishtableApp) -> str:
    return type(app.screen).__name__


async def armed(pilot: Any) -> None:
    """Wait until the screen on top takes keys, as a player would see "press Enter"."""
    await settle(pilot)
    for _ in range(100):
        if getattr(pilot.app.screen, "is_armed", True):
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the screen never armed")


async def double_enter(pilot: Any, gap: float = 0.05) -> None:
    """Two Enter presses typed `gap` seconds apart, posted as the terminal driver would.

    The second key carries the time it was typed, `gap` after the first, however long a
    busy test machine takes to get to it: that is what the app sees of a double tap.
    """
    app = pilot.app
    first = events.Key("enter", "\r")
    first.set_sender(app)
    app.post_message(first)
    await asyncio.sleep(gap)
    second = events.Key("enter", "\r")
    second.set_sender(app)
    second.time = first.time + gap
    app.post_message(second)
    await pilot.pause(0)  # the screen has handled both keys
    await settle(pilot)


def private_for(app: FishtableApp) -> int | None:
    screen = app.screen
    if name(app) in {"CastScreen", "CollectScreen"}:
        return screen.seat
    if name(app) == "ChoiceScreen" and screen.private:
        return screen.seat
    if name(app) == "TableScreen" and screen.viewer is not None:
        return screen.viewer
    return None


async def test_double_enter_on_a_privacy_screen_opens_it_but_commits_nothing(tmp_path: Path, real_arming) -> None:
    # Behind this privacy screen, Enter alone would commit (the collect screen draws at once).
    match = fast_forward(make_match(seed=5, seats=HUMANS3), human_prompt("collect"))
    app = app_with(tmp_path, match)
    async with app.run_test(size=(100, 40)) as pilot:
        for _ in range(6):
            await armed(pilot)
            if name(app) == "PrivacyScreen" and app.screen.player is not None:
                break
            await pilot.press("enter")
        assert name(app) == "PrivacyScreen" and app.screen.player is not None
        steps = match.step_count
        await double_enter(pilot)
        # The first Enter showed the collect screen; the second, typed at once, drew nothing.
        assert name(app) == "CollectScreen"
        assert match.step_count == steps


async def test_a_second_enter_0_7_s_after_a_privacy_screen_commits_nothing(tmp_path: Path, real_arming) -> None:
    """A slow double tap (the second Enter 0.7 s after the first) opens the collect screen and
    draws nothing: a decision right after its pass screen arms for longer than a decision."""
    match = fast_forward(make_match(seed=5, seats=HUMANS3), human_prompt("collect"))
    app = app_with(tmp_path, match)
    async with app.run_test(size=(100, 40)) as pilot:
        for _ in range(6):
            await armed(pilot)
            if name(app) == "PrivacyScreen" and app.screen.player is not None:
                break
            await pilot.press("enter")
        assert name(app) == "PrivacyScreen" and app.screen.player is not None
        steps = match.step_count
        await double_enter(pilot, gap=0.7)
        assert name(app) == "CollectScreen"
        assert match.step_count == steps
        await armed(pilot)
        await pilot.press("enter")  # a deliberate Enter once it is ready draws
        await settle(pilot)
        assert match.step_count == steps + 1


async def test_privacy_text_says_press_enter_only_once_armed(tmp_path: Path, real_arming) -> None:
    from .screen_text import screen_text

    # A long arming time, so that a slow machine cannot arm it before we look.
    app = FishtableApp(data_dir=tmp_path, start_match=make_match(seed=5, seats=HUMANS3), bot_pause=0,
                       autosave=False, arming=(3.0, 0.3))
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        assert name(app) == "PrivacyScreen"
        assert not app.screen.is_armed and "press Enter" not in screen_text(app)
        await pilot.press("enter")  # too soon: ignored
        assert name(app) == "PrivacyScreen"
        await armed(pilot)
        # The arming timer redraws the text: wait for it, not for a time.
        assert await until(pilot, lambda: "press Enter when only you can see" in screen_text(app)), screen_text(app)


async def test_double_enter_after_a_cast_never_shows_the_next_hand(tmp_path: Path, real_arming) -> None:
    match = make_match(seed=5, seats=HUMANS3)
    app = app_with(tmp_path, match)
    async with app.run_test(size=(100, 40)) as pilot:
        await armed(pilot)
        await pilot.press("enter")  # Elena takes the keyboard
        await armed(pilot)
        assert name(app) == "CastScreen"
        cast = next(a for a in match.legal_actions(0) if a.kind == "cast")
        hand = [c.id for c in app.screen.hand]
        for cid in (*cast.rods, *cast.baits):
            await pilot.press(str(hand.index(cid) + 1))
        steps = match.step_count
        await double_enter(pilot)
        assert match.step_count == steps + 1  # the cast went in, once
        assert name(app) == "PrivacyScreen" and app.screen.player == "Tomás"
        assert private_for(app) is None and app.flow.marks.holder is None


async def test_double_enter_after_a_collect_never_shows_the_next_hand(tmp_path: Path, real_arming) -> None:
    match = fast_forward(make_match(seed=5, seats=HUMANS3), human_prompt("collect"))
    app = app_with(tmp_path, match)
    async with app.run_test(size=(100, 40)) as pilot:
        for _ in range(6):  # through the covers and the news, to the collecting seat's screen
            await armed(pilot)
            if name(app) == "CollectScreen":
                break
            await pilot.press("enter")
        assert name(app) == "CollectScreen"
        seat = app.screen.seat
        steps = match.step_count
        await double_enter(pilot)
        assert match.step_count >= steps + 1
        shown = private_for(app)
        assert shown is None or shown == seat, f"{name(app)} of seat {shown} after seat {seat}'s collect"


@pytest.mark.slow
async def test_double_enter_on_the_news_opens_the_next_seat_but_never_answers_it(
        tmp_path: Path, real_arming) -> None:
    match = make_match(seed=5, seats=HUMANS3)
    app = app_with(tmp_path, match)
    async with app.run_test(size=(100, 40)) as pilot:
        # Play on until the table shows news and is the pass screen itself (no "Go on" before it).
        for _ in range(60):
            await armed(pilot)
            screen = app.screen
            if name(app) == "TableScreen" and screen.kind == "ack" and screen.handoff:
                break
            if name(app) == "CastScreen":
                cast = next(a for a in match.legal_actions(screen.seat) if a.kind == "cast")
                hand = [c.id for c in screen.hand]
                for cid in (*cast.rods, *cast.baits):
                    await pilot.press(str(hand.index(cid) + 1))
            await pilot.press("enter")
        if name(app) != "TableScreen" or not app.screen.handoff:
            raise AssertionError("no news on the table before a handoff")
        seat = next(s for s, info in enumerate(match.seats) if info.name == app.screen.waiting_for)
        steps = match.step_count
        await double_enter(pilot)
        assert private_for(app) == seat, "the Enter on the news did not open its player's screen"
        assert match.step_count == steps, "the second Enter answered the next screen"


async def test_a_key_typed_before_the_privacy_screen_never_reaches_it(tmp_path: Path, real_arming) -> None:
    app = app_with(tmp_path, make_match(seed=5, seats=HUMANS3))
    # Typed before the app was even started, so surely before the privacy screen armed (made inside
    # the app, on a loaded machine the screen could arm first and the key would rightly count).
    early = events.Key("enter", "\r")
    async with app.run_test(size=(100, 40)) as pilot:
        early.set_sender(app)
        await armed(pilot)
        assert early.time < app.screen.armed_at
        assert name(app) == "PrivacyScreen"
        app.post_message(early)  # ...delivered after the screen armed
        await settle(pilot)
        assert name(app) == "PrivacyScreen"
        await pilot.press("enter")  # a key typed now goes through
        await settle(pilot)
        assert name(app) == "CastScreen"


async def test_no_key_reaches_a_screen_while_the_terminal_is_too_small(tmp_path: Path, real_arming) -> None:
    match = make_match(seed=5, seats=HUMANS3)
    app = app_with(tmp_path, match)
    async with app.run_test(size=(100, 40)) as pilot:
        await armed(pilot)
        await pilot.resize_terminal(60, 20)
        await settle(pilot)
        assert app.screen.too_small
        await pilot.press("enter")
        await settle(pilot)
        assert name(app) == "PrivacyScreen", "Enter passed a covered privacy screen"
        await pilot.resize_terminal(100, 40)
        await armed(pilot)
        await pilot.press("enter")
        await armed(pilot)
        assert name(app) == "CastScreen"
        await pilot.resize_terminal(79, 30)
        await settle(pilot)
        steps = match.step_count
        await pilot.press("1", "space", "2", "space", "enter", "tab", "enter")
        await settle(pilot)
        assert match.step_count == steps and app.screen.chosen == []
        await pilot.resize_terminal(100, 40)
        await settle(pilot)
        assert name(app) == "CastScreen" and app.screen.chosen == []


def _public_prompt_then_another(match: Any) -> bool:
    """A human's public prompt on the table whose first answer leads to another human's public prompt."""
    pending = match.pending()
    if len(pending) != 1:
        return False
    (seat, prompt), = pending.items()
    if match.seats[seat].bot or prompt.private:
        return False
    after, _ = match.game.apply(match._state, seat, match.legal_actions(seat)[0])
    nxt = match.game.pending(after)
    return len(nxt) == 1 and all(not match.seats[s].bot and not p.private for s, p in nxt.items())


async def test_double_enter_on_a_table_prompt_answers_only_that_prompt(tmp_path: Path, real_arming) -> None:
    # One public prompt on the table, then another human's on the same table (no handoff
    # between): the second Enter, typed at once, must not answer the second prompt.
    humans = (("Elena", None), ("Tomás", None))
    match = fast_forward(make_match(seed=4, seats=humans), _public_prompt_then_another)
    app = app_with(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await armed(pilot)
        assert name(app) == "TableScreen" and app.screen.seat is not None
        steps = match.step_count
        await double_enter(pilot)
        assert match.step_count == steps + 1, match._actions[steps:]
        assert name(app) == "TableScreen" and app.screen.seat is not None  # the next prompt waits
        await armed(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert match.step_count == steps + 2


async def test_a_screen_is_not_armed_before_it_is_first_shown(tmp_path: Path) -> None:
    """A key that comes between a screen's mount and its first showing is dropped as typed
    ahead; `is_armed` must say so, or a waiting player (or test) presses into that gap."""
    app = FishtableApp(data_dir=tmp_path, autosave=False)
    async with app.run_test() as pilot:
        screen = FishScreen()
        assert not screen.is_armed
        await app.push_screen(screen)
        await armed(pilot)
        assert app.screen is screen and screen.is_armed


async def test_a_privacy_screen_resumed_while_the_app_tears_it_down(tmp_path: Path) -> None:
    """Quitting from a dialog over a privacy screen: the dialog's pop resumes the privacy
    screen while the exiting app is already removing its widgets. Arming it then must not
    look for a text that is gone (it crashed the app on its way out, CI of 2026-12-03)."""
    app = FishtableApp(data_dir=tmp_path, autosave=False)
    async with app.run_test() as pilot:
        screen = PrivacyScreen("Elena", ticket=1)
        await app.push_screen(screen)
        await armed(pilot)
        await screen.query_children().remove()
        screen.post_message(events.ScreenResume())
        await settle(pilot)
        screen.arm()  # and straight, as a timer would call it
        assert app.screen is screen and screen.is_armed


async def test_the_menu_resumed_while_the_app_tears_it_down(tmp_path: Path) -> None:
    """Quitting from the menu's dialog with a saved game on disk: the menu resumes and looks at
    the save again (in a worker) while the exiting app removes its widgets. Its list and status
    line may be gone by then; that must not crash the app on its way out."""
    make_match(seed=3).save(tmp_path / "autosave.json")
    app = FishtableApp(data_dir=tmp_path, autosave=False)
    async with app.run_test() as pilot:
        await settle(pilot)
        menu = app.screen
        assert type(menu).__name__ == "MenuScreen" and app.save_status is not None
        await menu.query_children().remove()
        menu.post_message(events.ScreenResume())
        await settle(pilot)
        assert app.screen is menu and app.save_status is not None


async def test_the_tables_timer_firing_while_the_app_tears_it_down(tmp_path: Path) -> None:
    """The table's quarter-second timer (focus and "thinking…") can fire once more while an
    exiting app removes the table's widgets: it must find nothing to do, not crash."""
    app = FishtableApp(data_dir=tmp_path, start_match=make_match(seed=5), bot_pause=0, autosave=False)
    async with app.run_test() as pilot:
        await settle(pilot)
        for _ in range(40):
            if name(app) == "TableScreen":
                break
            await play_step(pilot)
        table = app.screen
        assert name(app) == "TableScreen"
        await table.query_children().remove()
        table._every_quarter_second()  # what the timer calls
        await settle(pilot)
        assert app.screen is table
