"""The key rule: a key acts, or the screen says it did not (issue 40, item 1).

With the app's real times. A key typed once a decision screen is on screen acts at
once, also right after a handoff and right after a hint closed over it; only a repeat
of the Enter that passed the keyboard is swallowed, for a short window, and the
screen says so; a key typed before a screen was on screen never acts on it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual import events

import fishtable.bots
from fishtable.tui.app import FishtableApp
from fishtable.tui.screens.base import get_time, input_blocked

from .fishing_party_poker.driver import poker_match
from .helpers import fast_forward, human_prompt, make_match, settle, until

HUMANS3 = (("Elena", None), ("Tomás", None), ("Ana", None))
ARMING = (0.6, 0.8)  # the app's defaults (pass screen guard, repeat window), spelled out


@pytest.fixture(autouse=True)
def quick_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fishtable.bots, "HINT_SECONDS", 0.2)


def app_with(tmp_path: Path, match: Any) -> FishtableApp:
    return FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False, arming=ARMING)


def name(app: FishtableApp) -> str:
    return type(app.screen).__name__


def key(app: FishtableApp, which: str, character: str | None, at: float | None = None) -> events.Key:
    """A key as the terminal driver posts it, stamped `at` (default: now)."""
    event = events.Key(which, character)
    event.set_sender(app)
    if at is not None:
        event.time = at
    return event


def toasts(app: FishtableApp) -> str:
    return " ".join(str(toast.render()) for toast in app.screen.query("Toast"))


async def to_pass_screen(pilot: Any, player: str) -> None:
    """Enter through the screens before `player`'s pass screen, each once it takes keys."""
    app = pilot.app
    for _ in range(8):
        await settle(pilot)
        assert await until(pilot, lambda: getattr(app.screen, "is_armed", True))
        if name(app) == "PrivacyScreen" and app.screen.player == player:
            return
        await pilot.press("enter")
    raise AssertionError(f"no pass screen for {player}: {name(app)}")


async def take_keyboard(pilot: Any, screen_name: str) -> float:
    """Enter on the pass screen once it is ready; the moment the next screen is on screen (its
    first arm, when it was shown)."""
    app = pilot.app
    await pilot.press("enter")
    assert await until(pilot, lambda: name(app) == screen_name and app.screen.has_armed, seconds=10)
    return app.screen.shown_at if hasattr(app.screen, "shown_at") else get_time()


def poker_hand() -> Any:
    # Elena (first to act), Tomás: people; Ernesto, the dealer: a computer.
    return poker_match([("KS", "KH", "KD", "KC", "3S"), ("QS", "QH", "JS", "JH", "9C"),
                        ("2C", "4D", "6H", "8S", "10C")], ("5C", "7D", "9H", "AC", "QD"),
                       chips=[30, 30, 30], dealer=2)


async def test_poker_b_typed_right_after_the_bet_screen_appears_bets(tmp_path: Path, real_arming) -> None:
    """Ana pressed `b` as soon as "c Check / b Bet" showed, and her next Enter checked: `b`,
    typed at 0.1 s, must bet."""
    match = poker_hand()
    app = app_with(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_pass_screen(pilot, "Elena")
        assert any(a.kind == "bet" for a in match.legal_actions(0))
        steps = match.step_count
        shown = await take_keyboard(pilot, "BetScreen")
        app.post_message(key(app, "b", "b", at=shown + 0.1))
        assert await until(pilot, lambda: match.step_count > steps)
        assert match._actions[steps][1]["kind"] == "bet", match._actions[steps:]


async def test_a_digit_typed_right_after_a_crazy_fishing_handoff_acts(tmp_path: Path, real_arming) -> None:
    """Ben's `9`, 0.4 s after his handoff, was dropped: a digit 0.1 s after it now acts."""
    app = app_with(tmp_path, make_match(seed=5, seats=HUMANS3))
    async with app.run_test(size=(100, 40)) as pilot:
        await to_pass_screen(pilot, "Elena")
        shown = await take_keyboard(pilot, "CastScreen")
        screen = app.screen
        second = screen.hand[1].id
        app.post_message(key(app, "2", "2", at=shown + 0.1))
        # The digit points at card 2 (or, where a number takes the card, puts it into the cast).
        assert await until(pilot, lambda: screen.cursor == 1 or second in screen.chosen, seconds=5)


async def test_enter_twice_on_a_pass_screen_commits_nothing_and_says_so(tmp_path: Path, real_arming) -> None:
    """Behind this pass screen, Enter alone would commit (the collect screen draws at once)."""
    match = fast_forward(make_match(seed=5, seats=HUMANS3), human_prompt("collect"))
    app = app_with(tmp_path, match)
    async with app.run_test(size=(100, 40), notifications=True) as pilot:
        for _ in range(6):
            await settle(pilot)
            assert await until(pilot, lambda: getattr(app.screen, "is_armed", True))
            if name(app) == "PrivacyScreen" and app.screen.player is not None:
                break
            await pilot.press("enter")
        assert name(app) == "PrivacyScreen"
        steps = match.step_count
        first = key(app, "enter", "\r")
        app.post_message(first)
        assert await until(pilot, lambda: name(app) == "CollectScreen" and app.screen.has_armed)
        # The second press of a double tap, typed once the collect screen is on screen.
        app.post_message(key(app, "enter", "\r", at=first.time + 0.3))
        await settle(pilot)
        assert name(app) == "CollectScreen" and match.step_count == steps, "the repeated Enter drew"
        assert await until(pilot, lambda: "Enter ignored" in toasts(app)), toasts(app)
        # A deliberate Enter, once the window is over, draws.
        app.post_message(key(app, "enter", "\r", at=max(first.time + ARMING[1] + 0.05, get_time())))
        assert await until(pilot, lambda: match.step_count == steps + 1)


async def test_the_first_key_after_a_hint_closed_with_esc_acts(tmp_path: Path, real_arming) -> None:
    """After F2 + Esc, the cast's Enter was lost: the screen shown again drops nothing."""
    match = poker_hand()
    app = app_with(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_pass_screen(pilot, "Elena")
        await take_keyboard(pilot, "BetScreen")
        bet = app.screen
        first_shown = getattr(bet, "shown_at", None)
        steps = match.step_count
        await pilot.press("f2")
        assert await until(pilot, lambda: name(app) == "HintScreen", seconds=20)
        await pilot.press("escape")
        assert await until(pilot, lambda: app.screen is bet)
        app.post_message(key(app, "b", "b"))  # typed at once
        await settle(pilot)
        assert first_shown is not None and bet.shown_at == first_shown, "shown again, the screen armed again"
        assert await until(pilot, lambda: match.step_count > steps)
        assert match._actions[steps][1]["kind"] == "bet", match._actions[steps:]


async def test_a_key_that_comes_before_a_screen_is_on_screen_never_acts_on_it(tmp_path: Path, real_arming) -> None:
    """A screen pushed but not yet shown (its first arm still to come) takes no key: what
    comes then was typed for the screen before it."""
    match = poker_hand()
    app = app_with(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_pass_screen(pilot, "Elena")
        await take_keyboard(pilot, "BetScreen")
        flow = app.flow
        decision = flow.private_decision
        steps = match.step_count
        screen = flow.ui.decision_screen(decision)
        early = key(app, "b", "b")
        app.push_screen(screen)  # on the stack, not on screen yet
        assert app.screen is screen and not screen.has_armed
        assert input_blocked(app, early), "a key reached a screen that was not on screen yet"
        assert await until(pilot, lambda: screen.has_armed)
        app.post_message(early)  # ...and delivered late, once the screen is there: still nothing
        await settle(pilot)
        assert match.step_count == steps and not screen.committed
