"""The hot-seat flow as a driver (issue 41 items 2 and 8): a computer seat thinks on its own copy of
what it may read, never on the live match the UI thread changes meanwhile, and a move that the
table made stale, or a bot that failed after the table moved on, never takes the app down.

High Card (tests/tinygame) with a person and a computer: the computer moves first, at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from fishtable.bots import Choice
from fishtable.engine.match import Match
from fishtable.tui import planner
from fishtable.tui.app import FishtableApp
from tests import tinygame

from .helpers import until
from .rhythm import new_match

COMPUTER = 1


@pytest.fixture(autouse=True)
def high_card() -> Iterator[None]:
    tinygame.install()
    yield
    tinygame.uninstall()


def app_for(tmp_path: Path, match: Match) -> FishtableApp:
    return FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)


def watch_threads(match: Match) -> list[str]:
    """Record every read or change of `match` made off the main thread (the app's UI thread)."""
    off_thread: list[str] = []
    for name in ("view", "legal_actions", "pending", "events_since", "check", "apply", "result"):
        real = getattr(match, name)

        def watched(*args: Any, _real: Callable[..., Any] = real, _name: str = name, **kw: Any) -> Any:
            if threading.current_thread() is not threading.main_thread():
                off_thread.append(_name)
            return _real(*args, **kw)

        setattr(match, name, watched)
    return off_thread


class HeldBot:
    """Holds the computer's thinking (every `Choice.choose`) until the test lets it answer."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, answer: Callable[[Choice[Any, Any]], Any]) -> None:
        self.thinking = threading.Event()
        self.release = threading.Event()

        def choose(choice: Choice[Any, Any]) -> Any:
            self.thinking.set()
            assert self.release.wait(20)
            return answer(choice)

        monkeypatch.setattr(Choice, "choose", choose)


async def test_a_computer_thinks_on_its_own_copy_never_on_the_live_match(tmp_path: Path) -> None:
    match = new_match(tinygame.NAME, seed=1, bots=(None, "random"))
    off_thread = watch_threads(match)
    async with app_for(tmp_path, match).run_test(size=(100, 30)) as pilot:
        assert await until(pilot, lambda: COMPUTER not in match.pending())  # its pick went in
        assert pilot.app.flow.bot_errors == []
    assert off_thread == [], f"the computer's thread read the live match: {sorted(set(off_thread))}"


async def table_moves_on_while_thinking(pilot: Any, bot: HeldBot, match: Any) -> int:
    """The computer seat's own move goes in while its bot thinks (as a table command or the time
    running out can); then the bot answers. The step count before that move."""
    assert await until(pilot, bot.thinking.is_set)
    steps: int = match.step_count
    match.apply(COMPUTER, match.legal_actions(COMPUTER)[-1])
    bot.release.set()
    assert await until(pilot, lambda: pilot.app.flow.thinking is None)
    await pilot.pause()
    return steps


async def test_a_move_the_table_made_stale_while_the_computer_thought_is_not_played(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table moved on while the computer thought (as a table command or the time running out
    can): its move is checked on the UI thread, found stale, and the planner says what is next.
    Before, the flow played `legal_actions(seat)[0]` of a seat no longer asked: IndexError."""
    bot = HeldBot(monkeypatch, lambda choice: choice.legal[0])
    match = new_match(tinygame.NAME, seed=1, bots=(None, "random"))
    app = app_for(tmp_path, match)
    async with app.run_test(size=(100, 30)) as pilot:
        steps = await table_moves_on_while_thinking(pilot, bot, match)
        assert match.step_count == steps + 1  # nothing more was played for the computer
        assert app.flow.bot_errors == []  # not a bot's fault
        assert app.return_code is None  # the app goes on: the person is asked next
        assert await until(pilot, lambda: app.flow.step == planner.PrivatePrompt(0))


async def test_a_computer_that_fails_after_the_table_moved_on_plays_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A failing bot is said, and its fallback is the planner's: none when the seat is no longer
    asked. Before, `legal[step_count % len(legal)]` of an empty list: ZeroDivisionError."""
    def broken(choice: Choice[Any, Any]) -> Any:
        raise RuntimeError("out of ideas")

    bot = HeldBot(monkeypatch, broken)
    match = new_match(tinygame.NAME, seed=1, bots=(None, "random"))
    app = app_for(tmp_path, match)
    async with app.run_test(size=(100, 30)) as pilot:
        steps = await table_moves_on_while_thinking(pilot, bot, match)
        assert match.step_count == steps + 1
        assert len(app.flow.bot_errors) == 1 and "out of ideas" in app.flow.bot_errors[0]
        assert app.return_code is None
