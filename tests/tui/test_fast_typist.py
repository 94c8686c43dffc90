"""A fast typist plays a whole game of each kind by keys, on a busy machine (issue 40).

Three people share the keyboard; the app keeps its real key rule (a pass screen's
guard, the repeat window after a handoff). The scripted player (tests/tui/typist.py,
the key benchmark's player) presses a pass screen's Enter once the pass screen is
armed, as a real player must, and types each decision key 60 ms after the screen it
is meant for was drawn (the key is stamped that moment, as the terminal stamps it: on a
busy machine the app may read it later). More processes than cores want the CPU throughout
(`busy_machine`: the suite's workers, or CPU-bound loops when it runs alone).

Every key must act as meant, checked key by key (a card put into the cast, a line
highlighted, the move applied), and the game's log must hold exactly the moves the
player meant, and the moves nobody had a choice about (a prompt with one legal move,
which the table answers by itself).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual import events

from fishtable.arena.seatings import default_jobs
from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import load_game
from fishtable.tui.app import FishtableApp
from fishtable.tui.screens.base import FishScreen, get_time

from . import typist
from .helpers import post_key, settle, until

NAMES = ("Elena", "Tomás", "Ana")
TYPIST_DELAY = 0.06  # a decision key, this long after its screen was drawn
MAX_PRESSES = 3000
# A CPU-bound loop that ends by itself when the test process is gone (a killed run leaves none).
LOOP = "import os, sys\nwhile os.getppid() == int(sys.argv[1]):\n    for _ in range(100_000): pass\n"


def busy_loops_wanted(workers: int, cores: int) -> int:
    """CPU-bound loops to start so that one more process than cores wants the CPU: none when
    the suite's own workers already outnumber the cores (they keep the machine busy)."""
    return max(0, cores + 1 - workers)


@pytest.fixture
def busy_machine() -> Iterator[None]:
    """A machine with more processes wanting the CPU than it has cores, for the test's whole
    run: the suite's workers (pytest-xdist), and CPU-bound loops for the cores they leave.
    Run alone on two cores, two loops; under `-n 3` on two cores, none (the other workers are
    the load, and loops would only slow the rest of the suite). The loops are ended by their
    own ids, and end by themselves if this process dies."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    wanted = busy_loops_wanted(workers, default_jobs())
    loops = [subprocess.Popen([sys.executable, "-c", LOOP, str(os.getpid())]) for _ in range(wanted)]
    try:
        yield
    finally:
        for loop in loops:
            loop.kill()
        for loop in loops:
            loop.wait()


@pytest.fixture
def dropped(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every key a screen dropped after it appeared (what it says: "Enter ignored: ...")."""
    seen: list[str] = []
    say = FishScreen.say_ignored

    def spy(screen: FishScreen, event: events.Key, why: str) -> None:
        seen.append(f"{type(screen).__name__}: {event.key} ignored: {why}")
        say(screen, event, why)

    monkeypatch.setattr(FishScreen, "say_ignored", spy)
    return seen


class Typist:
    """Plays the app on screen by keys, and checks what each key did."""

    def __init__(self, pilot: Any, game_id: str, cast_of: Any, dropped: list[str]) -> None:
        self.pilot = pilot
        self.app: FishtableApp = pilot.app
        self.game_id = game_id
        self.cast_of = cast_of
        self.dropped = dropped
        self.match: Match = self.app.flow.match
        self.meant: dict[int, tuple[int, dict[str, Any]]] = {}  # log index -> the move meant there
        self.presses = {"handoff": 0, "decision": 0}

    @property
    def log(self) -> list[tuple[int, dict[str, Any]]]:
        return [(seat, action) for seat, action in self.match.to_save().actions]

    async def type(self, which: str, at: float) -> None:
        """Post `which` stamped `at`: never a moment still to come (then wait for it)."""
        if get_time() < at:
            await until(self.pilot, lambda: get_time() >= at, seconds=5)
        post_key(self.app, which, at)

    async def handoff(self, screen: FishScreen) -> None:
        """Enter on a pass screen (or the table that passes the keyboard), once it takes keys."""
        assert await until(self.pilot, lambda: screen.is_armed, seconds=20), f"{type(screen).__name__} never armed"
        shown = screen.shown_at
        await self.type("enter", get_time())
        self.presses["handoff"] += 1
        assert await until(self.pilot, lambda: self.app.screen is not screen or screen.shown_at != shown
                           or (getattr(screen, "ack", None) is None and getattr(screen, "question", 1) is None),
                           seconds=20), f"Enter on {type(screen).__name__} did nothing"
        assert not self.dropped, self.dropped

    async def decide(self, screen: Any, planned: typist.Plan, drawn: float | None = None) -> None:
        """The plan's keys, each 60 ms after the screen it is for was drawn (the screen itself, or
        the previous key's effect on it)."""
        seat = screen.seat
        drawn = screen.shown_at if drawn is None else drawn
        for n, key in enumerate(planned.keys):
            last = n == len(planned.keys) - 1
            before = self.match.step_count
            await self.type(key, drawn + TYPIST_DELAY)
            self.presses["decision"] += 1
            meant = planned.meant[n] if n < len(planned.meant) else None
            where = f"{type(screen).__name__} {key!r} (key {n + 1} of {planned.keys})"
            if last and planned.moves:
                seats = planned.seats or (seat,) * len(planned.moves)
                moves = [(who, move.model_dump(mode="json")) for who, move in zip(seats, planned.moves, strict=True)]
                done = before + len(moves)
                assert await until(self.pilot, lambda done=done: self.match.step_count >= done, seconds=20), \
                    f"{where} applied nothing; dropped: {self.dropped}"
                assert self.log[before:before + len(moves)] == moves, f"{where}: {self.log[before:]} != {moves}"
                for index, move in enumerate(moves):
                    self.meant[before + index] = move
            elif meant is not None:
                words, done = meant
                assert await until(self.pilot, done, seconds=20), f"{where}: not done: {words}; dropped: {self.dropped}"
                assert self.match.step_count == before, f"{where} applied {self.log[before:]}"
            else:
                raise AssertionError(f"{where}: a key with no effect to check")
            assert not self.dropped, f"{where}: {self.dropped}"
            drawn = get_time()  # the key's effect is on screen from now

    async def play(self, stop: Any = None) -> None:
        for _ in range(MAX_PRESSES):
            await settle(self.pilot)
            if type(self.app.screen).__name__ == "ResultsScreen" or (stop is not None and stop(self.match)):
                return
            await self.answer(self.app.screen)
        raise AssertionError(f"no end after {MAX_PRESSES} screens")

    async def answer(self, screen: Any) -> None:
        """Whatever `screen` asks, by keys."""
        app = self.app
        name = type(screen).__name__
        assert isinstance(screen, FishScreen), name
        assert await until(self.pilot, lambda: screen.has_armed, seconds=20), f"{name} never shown"
        kind = getattr(screen, "kind", None)
        if typist.enter_kind(screen) is not None:
            await self.handoff(screen)  # a pass screen, a study: Enter once it takes keys
            return
        if name == "TableScreen" and kind is None and screen.question is None:
            shown = screen.shown_at  # nothing asked yet: wait for the table's next prompt
            assert await until(self.pilot, lambda: app.screen is not screen or screen.shown_at != shown
                               or screen.kind is not None or screen.question is not None, seconds=20)
            return
        planned = typist.plan(self.game_id, screen, self.match, self.cast_of)
        if name == "TableScreen" and screen.question is not None:
            # The public question arms like a pass screen: answered once it takes keys.
            assert planned is not None
            assert await until(self.pilot, lambda: screen.is_armed, seconds=20)
            await self.decide(screen, planned, drawn=get_time() - TYPIST_DELAY)
            return
        await self.decide(screen, planned or typist.first_choice(screen))

    def check_log(self) -> None:
        """The log holds the moves meant, and between them only moves nobody had a choice about."""
        game = self.match.game
        replay = Match.start(game, self.match.options, self.match.seats, self.match.seed)
        for index, (seat, action) in enumerate(self.log):
            if index in self.meant:
                assert self.meant[index] == (seat, action)
            else:
                legal = replay.legal_actions(seat)
                assert len(legal) == 1 and legal[0].model_dump(mode="json") == action, \
                    f"move {index} ({seat}, {action}) was neither meant nor forced"
            replay.apply(seat, game.parse_action(action))
        assert replay.state_hash() == self.match.state_hash()
        assert self.meant, "no move was meant"


async def play_game(tmp_path: Path, dropped: list[str], game_id: str, seed: int, stop: Any = None,
                    cast_of: Any = typist.first_cast, **options: Any) -> Typist:
    game = load_game(game_id)
    match = Match.start(game, game.options_model()(**options), [SeatInfo(name=n) for n in NAMES], seed)
    app = FishtableApp(data_dir=tmp_path, start_match=match, bot_pause=0, autosave=False)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await settle(pilot)
        player = Typist(pilot, game_id, cast_of, dropped)
        await player.play(stop)
        player.check_log()
    return player


# Fishing Party's seed is the shortest of seeds 1-40 for this player (101 moves, against 311 for
# seed 7, counted by playing its policy on the engine alone): every key of a whole game is still
# typed and checked, in a third of the time.
pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("real_arming", "busy_machine")]


async def test_a_fast_typist_plays_crazy_fishing(tmp_path: Path, dropped: list[str]) -> None:
    player = await play_game(tmp_path, dropped, "crazy-fishing", 7, cast_of=typist.bot_cast)
    assert player.match.is_over


async def test_a_fast_typist_plays_fishing_party_quick_play(tmp_path: Path, dropped: list[str]) -> None:
    player = await play_game(tmp_path, dropped, "fishing-party", 36, quick_play=True)
    assert player.match.is_over


async def test_a_fast_typist_plays_big_fish(tmp_path: Path, dropped: list[str]) -> None:
    player = await play_game(tmp_path, dropped, "big-fish", 7)
    assert player.match.is_over


async def test_a_fast_typist_plays_three_hands_of_poker(tmp_path: Path, dropped: list[str]) -> None:
    player = await play_game(tmp_path, dropped, "fishing-party-poker", 7, max_hands=3)
    assert player.match.is_over and player.match.view(None).hand_number == 3

